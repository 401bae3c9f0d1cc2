//! PTX names for the module's symbols (global variables and functions), computed once per module
//! and used at every definition and every use, so the two always agree.
//!
//! A PTX identifier is `[a-zA-Z][a-zA-Z0-9_$]*` or `[_$%][a-zA-Z0-9_$]+` (PTX ISA, "Identifiers";
//! ori gives module symbols only the first two forms).
//! LLVM names are arbitrary byte strings (`.str`, `.str.1`, `"a-b"`). The rule is llc-19's
//! (its NVPTXAssignValidGlobalNames pass and the anonymous-symbol names of its asm printer):
//!
//! - a symbol with **local linkage** (private, internal) gets every character outside
//!   `[a-zA-Z0-9_$]` replaced by `_$_`: `.str` → `_$_str`, `.str.1` → `_$_str_$_1`. Where llc
//!   would still print an invalid identifier (a name starting with a digit) ori prefixes `_$_`,
//!   and where the result collides with another symbol's name it appends `_$_<n>` (n = 1, 2, ...,
//!   the first free one);
//! - an **unnamed** symbol is `__unnamed_<n>`, numbered from 1 over the unnamed functions and
//!   then the unnamed variables in module order (llc's numbering for these modules);
//! - a symbol visible to other modules keeps its name, which a linker matches: llc aborts on one
//!   that is no PTX identifier ("Symbol name with unsupported characters") or prints it as it is
//!   (`a.b`, which ptxas rejects); ori refuses it with `unsupported name ... in global @<name>`.

use super::ffi::{self, V};
use anyhow::Result;
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use llvm_sys::LLVMLinkage;
use std::collections::{HashMap, HashSet};

/// The PTX name of every global variable and function of a module.
#[derive(Default, Debug)]
pub struct Symbols {
    names: HashMap<V, String>,
    /// Texture/surface/sampler annotations of variables and kernel parameters (`texsurf.rs`).
    pub texsurf: super::texsurf::Annotations,
}

/// Whether `s` is a PTX identifier.
pub fn is_ptx_identifier(s: &str) -> bool {
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() => chars.all(ok),
        // PTX also allows a leading `%`; llc rejects it, and ori keeps it for its own names
        // (`%prototype_<k>`, `ori::lower::calls`), so no module symbol can take them.
        Some('_' | '$') => s.len() > 1 && chars.all(ok),
        _ => false,
    }
}

/// llc's clean-up of a local name: every character outside `[a-zA-Z0-9_$]` becomes `_$_`.
fn clean_up(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
            out.push(c);
        } else {
            out.push_str("_$_");
        }
    }
    if !is_ptx_identifier(&out) {
        out.insert_str(0, "_$_");
    }
    out
}

/// Whether a global value has local linkage (private or internal).
pub fn is_local(v: V) -> bool {
    let l = unsafe { llvm_sys::core::LLVMGetLinkage(v.0) };
    matches!(l, LLVMLinkage::LLVMPrivateLinkage | LLVMLinkage::LLVMInternalLinkage)
}

impl Symbols {
    /// Names every function and global variable of `module` (intrinsics and `llvm.*`
    /// bookkeeping variables excepted).
    pub fn assign(module: &Module<'_>) -> Result<Symbols> {
        let funcs: Vec<V> = module
            .get_functions()
            .map(|f| V(f.as_value_ref()))
            .filter(|f| !ffi::name(*f).starts_with("llvm."))
            .collect();
        let vars: Vec<V> =
            module.get_globals().map(|g| V(g.as_value_ref())).filter(|g| !ffi::name(*g).starts_with("llvm.")).collect();
        let all: Vec<(V, &str)> =
            funcs.iter().map(|f| (*f, "function")).chain(vars.iter().map(|g| (*g, "global"))).collect();
        let mut names = HashMap::new();
        let mut taken: HashSet<String> = HashSet::new();
        // Names that stay as they are first, so that a renamed local never takes one of them.
        for &(v, what) in &all {
            let n = ffi::name(v);
            if n.is_empty() || is_local(v) && !is_ptx_identifier(&n) {
                continue;
            }
            if !is_ptx_identifier(&n) {
                return Err(anyhow::anyhow!(
                    "unsupported name (not a PTX identifier; only local symbols are renamed) in {what} @\"{n}\""
                ));
            }
            taken.insert(n.clone());
            names.insert(v, n);
        }
        let mut unnamed = 0;
        for &(v, _) in &all {
            if names.contains_key(&v) {
                continue;
            }
            let n = ffi::name(v);
            let base = if n.is_empty() {
                unnamed += 1;
                format!("__unnamed_{unnamed}")
            } else {
                clean_up(&n)
            };
            let mut name = base.clone();
            let mut k = 0;
            while taken.contains(&name) {
                k += 1;
                name = format!("{base}_$_{k}");
            }
            taken.insert(name.clone());
            names.insert(v, name);
        }
        Ok(Symbols { names, texsurf: Default::default() })
    }

    /// The PTX name of a function or global variable (its LLVM name if it was never assigned).
    pub fn name(&self, v: V) -> String {
        self.names.get(&v).cloned().unwrap_or_else(|| ffi::name(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_follow_the_ptx_grammar() {
        for ok in ["a", "a1", "_x", "$x", "a$b", "_$_str", "__unnamed_1"] {
            assert!(is_ptx_identifier(ok), "{ok}");
        }
        for bad in ["", "_", "$", "%x", "1x", "a.b", "a-b", ".str", "a b"] {
            assert!(!is_ptx_identifier(bad), "{bad}");
        }
    }

    #[test]
    fn local_names_are_cleaned_up_like_llc() {
        assert_eq!(clean_up(".str"), "_$_str");
        assert_eq!(clean_up(".str.1"), "_$_str_$_1");
        assert_eq!(clean_up("weird-name$x"), "weird_$_name$x");
        assert_eq!(clean_up("1x"), "_$_1x");
    }
}
