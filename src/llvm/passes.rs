//! The `ori opt` pass registry: every middle-end pass by its LLVM-style name, with a one-line
//! description (`--print-passes`), and the pipeline parser for `-passes=a,b<param>,c`.

use super::pass_api::{PassContext, PassParams};
use anyhow::{Result, bail};
use inkwell::module::Module;

/// A pass's entry point; parameters come from `name<k=v;...>` in the pipeline.
pub type PassFn = fn(&Module<'_>, &mut PassContext, &PassParams) -> Result<()>;

pub struct PassInfo {
    pub name: &'static str,
    pub description: &'static str,
    /// The parameters this pass accepts inside `<...>`.
    pub params: &'static [Param],
    pub run: PassFn,
}

/// One `<...>` parameter of a pass: its name and what its value must look like. The pipeline
/// parser checks both, so a bad parameter is an error before any pass runs (in `ori opt` and in
/// the opt-19 plugin alike).
#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    pub kind: ParamKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A bare flag (`verify`); `flag=...` is an error.
    Flag,
    /// `name=N`, a non-negative decimal integer.
    Unsigned,
    /// `name=V` with V one of the listed words.
    OneOf(&'static [&'static str]),
}

/// Every registered pass, sorted by name.
pub fn registry() -> &'static [PassInfo] {
    &REGISTRY
}

static REGISTRY: [PassInfo; 7] = [
    PassInfo {
        name: "block-layout",
        description: "Order blocks after their forward predecessors with every loop contiguous, else in source order.",
        params: &[],
        run: crate::llvm::block_layout::run_pass,
    },
    PassInfo {
        name: "lower-variadics",
        description: "Give every defined variadic function a pointer to a buffer of its variadic arguments (llc's ExpandVariadics for NVPTX).",
        params: &[],
        run: crate::llvm::lower_variadics::run_pass,
    },
    PassInfo {
        name: "fma-contract",
        description: "Fuse fmul+fadd/fsub carrying the contract flag into llvm.fma (llc's NVPTX rule).",
        params: &[],
        run: crate::llvm::fma_contract::run_pass,
    },
    PassInfo {
        name: "gep-reassociate",
        description: "Rebase an address &B[a + b] on a dominating &B[a] (the GEP half of n-ary reassociation).",
        params: &[],
        run: crate::llvm::gep_reassociate::run_pass,
    },
    PassInfo {
        name: "loop-count-down",
        description: "Turn a counter used only by its exit test (i == N) into a count-down to zero (llc's LSR choice).",
        params: &[],
        run: crate::llvm::count_down::run_pass,
    },
    PassInfo {
        name: "nv-known-bits",
        description: "Fused known-bits / demanded-bits rewriter with the GPU special-register oracle.",
        params: &[
            Param { name: "verify", kind: ParamKind::Flag },
            Param { name: "inject-mismatch", kind: ParamKind::Flag },
        ],
        run: crate::llvm::known_bits::rewrite::run_pass,
    },
    PassInfo {
        name: "nvvm-intr-range",
        description: "Add !range metadata to NVVM intrinsics.",
        params: &[
            Param { name: "sm", kind: ParamKind::Unsigned },
            Param { name: "range-form", kind: ParamKind::OneOf(&["metadata", "attribute", "both"]) },
        ],
        run: crate::llvm::intr_range::run_pass,
    },
];

/// Parses `a,b<k=v>,c` into registered passes with their parameters.
pub fn parse_pipeline(text: &str) -> Result<Vec<(&'static PassInfo, PassParams)>> {
    let mut out = Vec::new();
    for item in split_top_level(text) {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (name, params) = match item.find('<') {
            Some(i) if item.ends_with('>') => (&item[..i], &item[i + 1..item.len() - 1]),
            Some(_) => bail!("invalid pass pipeline '{text}': unbalanced '<' in '{item}'"),
            None => (item, ""),
        };
        let Some(info) = registry().iter().find(|p| p.name == name) else {
            let known: Vec<&str> = registry().iter().map(|p| p.name).collect();
            bail!("unknown pass name '{name}' (known passes: {})", known.join(", "));
        };
        let mut parsed = Vec::new();
        for p in params.split(';').filter(|p| !p.is_empty()) {
            let (k, v) = match p.split_once('=') {
                Some((k, v)) => (k.to_string(), Some(v.to_string())),
                None => (p.to_string(), None),
            };
            let Some(param) = info.params.iter().find(|p| p.name == k) else {
                bail!("invalid {} pass parameter '{}'", info.name, k);
            };
            check_value(info.name, param, v.as_deref())?;
            parsed.push((k, v));
        }
        out.push((info, PassParams(parsed)));
    }
    Ok(out)
}

/// Checks a parameter's value against its kind: opt's wording for a bad value
/// (`invalid <pass> pass parameter 'k=v'`).
fn check_value(pass: &str, param: &Param, value: Option<&str>) -> Result<()> {
    let ok = match (param.kind, value) {
        (ParamKind::Flag, None) => true,
        (ParamKind::Unsigned, Some(v)) => {
            !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && v.parse::<u32>().is_ok()
        }
        (ParamKind::OneOf(words), Some(v)) => words.contains(&v),
        _ => false,
    };
    if ok {
        return Ok(());
    }
    let shown = match value {
        Some(v) => format!("{}={v}", param.name),
        None => param.name.to_string(),
    };
    let expected = match param.kind {
        ParamKind::Flag => "a flag without a value".to_string(),
        ParamKind::Unsigned => format!("{}=<unsigned integer>", param.name),
        ParamKind::OneOf(words) => format!("{}=<{}>", param.name, words.join("|")),
    };
    bail!("invalid {pass} pass parameter '{shown}' (expected {expected})")
}

fn split_top_level(text: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0i32, 0usize, Vec::new());
    for (i, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipeline_parses_names_and_params() {
        let p = parse_pipeline("nvvm-intr-range<sm=80>").unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].1.get("sm"), Some("80"));
    }

    #[test]
    fn unknown_pass_lists_known_ones() {
        let e = parse_pipeline("nvvm-intr-range,bogus").err().unwrap().to_string();
        assert!(e.contains("unknown pass name 'bogus'"), "{e}");
        assert!(e.contains("nvvm-intr-range"), "{e}");
    }

    #[test]
    fn bad_param_values_are_errors() {
        for bad in ["nvvm-intr-range<sm>", "nvvm-intr-range<sm=x>", "nvvm-intr-range<sm=-1>", "nv-known-bits<verify=1>"]
        {
            let e = parse_pipeline(bad).err().unwrap_or_else(|| panic!("{bad} parsed")).to_string();
            assert!(e.contains("pass parameter"), "{bad}: {e}");
        }
        let e = parse_pipeline("nvvm-intr-range<range-form=bits>").err().unwrap().to_string();
        assert!(e.contains("range-form=<metadata|attribute|both>"), "{e}");
        let ok = parse_pipeline("nvvm-intr-range<sm=80;range-form=both>,nv-known-bits<verify>").unwrap();
        assert_eq!(ok[0].1.get("range-form"), Some("both"));
    }

    #[test]
    fn unknown_param_is_an_error() {
        let e = parse_pipeline("nvvm-intr-range<zz=1>").err().unwrap().to_string();
        assert!(e.contains("invalid nvvm-intr-range pass parameter 'zz'"), "{e}");
    }
}
