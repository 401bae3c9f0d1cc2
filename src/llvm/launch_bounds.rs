//! The one launch-bounds reader (seed 004 "Launch Parameter Integration"), shared by
//! nvvm-intr-range, the known-bits oracle and the register budget of the back end.
//!
//! Two spellings are read and merged:
//! - `!nvvm.annotations` entries `!{ptr @f, !"maxntidx", i32 256, ...}` with the keys `kernel`,
//!   `maxntid{x,y,z}`, `reqntid{x,y,z}`, `maxnreg`, `minctasm`, `cluster_dim_{x,y,z}`,
//!   `maxclusterrank`;
//! - function attributes `"nvvm.maxntid"="x,y,z"`, `"nvvm.reqntid"`, `"nvvm.cluster_dim"`,
//!   `"nvvm.maxclusterrank"`, `"nvvm.maxnreg"`, `"nvvm.minctasm"`.
//!
//! A function is a kernel when its first `kernel` annotation is 1, or, without one, when its
//! calling convention is `ptx_kernel` (71), as in llc-19. Entries whose subject is not a function
//! (`null`) are ignored; malformed ones (wrong arity, a key that is not a string, zero, not an
//! integer) produce a warning naming the function and the annotation and are ignored.

use crate::llvm::metadata::{self, MdOp};
use crate::sreg::ThreadLimits;
use inkwell::attributes::AttributeLoc;
use inkwell::module::Module;
use inkwell::values::FunctionValue;
use std::collections::BTreeMap;

/// LLVM's calling-convention number of `ptx_kernel`.
pub const PTX_KERNEL_CC: u32 = 71;

/// What the launch bounds of one function say; absent entries are `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchBounds {
    pub is_kernel: bool,
    pub maxntid: [Option<u32>; 3],
    pub reqntid: [Option<u32>; 3],
    pub cluster_dim: [Option<u32>; 3],
    pub maxclusterrank: Option<u32>,
    pub maxnreg: Option<u32>,
    pub minctasm: Option<u32>,
}

impl LaunchBounds {
    /// The thread/cluster limits for the special-register ranges. Only kernels are bounded:
    /// device functions can be called from any kernel, so they get the architectural defaults.
    pub fn thread_limits(&self) -> Option<ThreadLimits> {
        if !self.is_kernel {
            return None;
        }
        let product = |dims: &[Option<u32>; 3]| -> Option<u64> {
            dims.iter().any(Option::is_some).then(|| dims.iter().map(|d| d.unwrap_or(1) as u64).product())
        };
        let exact = |dims: &[Option<u32>; 3]| -> Option<[u32; 3]> {
            dims.iter().any(Option::is_some).then(|| dims.map(|d| d.unwrap_or(1)))
        };
        Some(ThreadLimits {
            reqntid: exact(&self.reqntid),
            maxntid_total: product(&self.maxntid),
            cluster_dim: exact(&self.cluster_dim),
            max_cluster_rank: self.maxclusterrank.map(u64::from),
        })
    }
}

/// Reads the launch bounds of every function defined or declared in `module`, keyed by name.
/// Warnings about malformed entries are appended to `warnings`.
pub fn read_module(module: &Module<'_>, warnings: &mut Vec<String>) -> BTreeMap<String, LaunchBounds> {
    let mut out: BTreeMap<String, LaunchBounds> = BTreeMap::new();
    for f in module.get_functions() {
        let name = f.get_name().to_string_lossy().into_owned();
        let mut lb = LaunchBounds { is_kernel: f.get_call_conventions() == PTX_KERNEL_CC, ..Default::default() };
        read_attributes(f, &name, &mut lb, warnings);
        out.insert(name, lb);
    }
    read_annotations(module, &mut out, warnings);
    for (name, lb) in out.iter_mut() {
        sanitize(lb, name, warnings);
    }
    out
}

/// Drops (with a warning) launch bounds no launch can satisfy and that ptxas rejects or
/// mishandles, where llc-19 passes them through: a block extent above 1024 threads in x or y,
/// 64 in z or 1024 in total (ptxas crashes on `.maxntid 1, 1, 4294967295`); `.maxntid` next to
/// `.reqntid` (a ptxas error: the required shape is kept); `maxnreg` above 255; `minctasm` CTAs
/// of the bounded size that exceed 2048 threads per SM (ptxas ignores both). A `maxnreg` below
/// ptxas's floor of 24 is raised to it, as ptxas does.
fn sanitize(lb: &mut LaunchBounds, name: &str, warnings: &mut Vec<String>) {
    let fits = |d: &[Option<u32>; 3]| {
        let v = d.map(|x| x.unwrap_or(1) as u64);
        v[0] <= 1024 && v[1] <= 1024 && v[2] <= 64 && v.iter().product::<u64>() <= 1024
    };
    let show = |d: &[Option<u32>; 3]| d.iter().map(|x| x.unwrap_or(1).to_string()).collect::<Vec<_>>().join(",");
    for (key, dims) in [("maxntid", &mut lb.maxntid), ("reqntid", &mut lb.reqntid)] {
        if dims.iter().any(Option::is_some) && !fits(dims) {
            warnings.push(format!(
                "ignoring launch bound {key} = {} on function @{name}: more threads than a CTA can have",
                show(dims)
            ));
            *dims = [None; 3];
        }
    }
    if lb.reqntid.iter().any(Option::is_some) && lb.maxntid.iter().any(Option::is_some) {
        let total = |d: &[Option<u32>; 3]| d.iter().map(|x| x.unwrap_or(1) as u64).product::<u64>();
        if total(&lb.reqntid) > total(&lb.maxntid) {
            warnings.push(format!(
                "ignoring launch bound maxntid = {} on function @{name}: it contradicts reqntid = {}",
                show(&lb.maxntid),
                show(&lb.reqntid)
            ));
        }
        lb.maxntid = [None; 3];
    }
    match lb.maxnreg {
        Some(n) if n > 255 => {
            warnings.push(format!("ignoring maxnreg = {n} on function @{name}: more than 255 registers"));
            lb.maxnreg = None;
        }
        Some(n) if n < 24 => {
            warnings.push(format!("raising maxnreg = {n} on function @{name} to ptxas's floor of 24"));
            lb.maxnreg = Some(24);
        }
        _ => {}
    }
    let bounded = [&lb.reqntid, &lb.maxntid].into_iter().find(|d| d.iter().any(Option::is_some));
    if let (Some(m), Some(d)) = (lb.minctasm, bounded) {
        let threads = d.iter().map(|x| x.unwrap_or(1) as u64).product::<u64>();
        if threads * m as u64 > 2048 {
            warnings.push(format!(
                "ignoring minctasm = {m} on function @{name}: {m} CTAs of {threads} threads exceed 2048 threads per SM"
            ));
            lb.minctasm = None;
        }
    }
}

fn read_attributes(f: FunctionValue<'_>, name: &str, lb: &mut LaunchBounds, warnings: &mut Vec<String>) {
    let attr = |key: &str| -> Option<String> {
        f.get_string_attribute(AttributeLoc::Function, key).map(|a| a.get_string_value().to_string_lossy().into_owned())
    };
    for (key, dims) in [
        ("nvvm.maxntid", &mut lb.maxntid),
        ("nvvm.reqntid", &mut lb.reqntid),
        ("nvvm.cluster_dim", &mut lb.cluster_dim),
    ] {
        if let Some(v) = attr(key) {
            match parse_dims(&v) {
                Some(d) => *dims = d,
                None => warnings.push(format!("ignoring malformed attribute \"{key}\"=\"{v}\" on function @{name}")),
            }
        }
    }
    for (key, slot) in [
        ("nvvm.maxclusterrank", &mut lb.maxclusterrank),
        ("nvvm.maxnreg", &mut lb.maxnreg),
        ("nvvm.minctasm", &mut lb.minctasm),
    ] {
        if let Some(v) = attr(key) {
            match v.trim().parse::<u32>().ok().filter(|&n| n > 0) {
                Some(n) => *slot = Some(n),
                None => warnings.push(format!("ignoring malformed attribute \"{key}\"=\"{v}\" on function @{name}")),
            }
        }
    }
}

/// `"x,y,z"` (1 to 3 positive integers) → per-dimension values.
fn parse_dims(v: &str) -> Option<[Option<u32>; 3]> {
    let parts: Vec<&str> = v.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let mut dims = [None; 3];
    for (i, p) in parts.iter().enumerate() {
        dims[i] = Some(p.parse::<u32>().ok().filter(|&n| n > 0)?);
    }
    Some(dims)
}

/// `!nvvm.annotations`, read as llc-19 reads it (`NVPTXUtilities.cpp`): an entry whose subject is
/// not a function (`null` after llvm-extract dropped it, a string, a constant) is ignored; for each
/// function and key the first value given wins; `kernel` makes a kernel only when it is 1 (and then
/// overrides the calling convention both ways). Where llc-19 crashes (a key that is not a string, a
/// missing or non-integer value) ori warns and ignores the pair. Every operand goes through the
/// checked accessors of `llvm::metadata`.
fn read_annotations(module: &Module<'_>, out: &mut BTreeMap<String, LaunchBounds>, warnings: &mut Vec<String>) {
    let mut seen: std::collections::BTreeSet<(String, String)> = std::collections::BTreeSet::new();
    for ops in metadata::named_nodes(module, "nvvm.annotations") {
        let Some(MdOp::Function(fname)) = ops.first() else {
            continue;
        };
        let Some(lb) = out.get_mut(fname) else {
            continue;
        };
        let rest = &ops[1..];
        if rest.len() % 2 != 0 {
            warnings.push(format!(
                "ignoring malformed !nvvm.annotations entry for function @{fname}: odd number of operands"
            ));
        }
        for pair in rest.chunks_exact(2) {
            let Some(key) = pair[0].as_str() else {
                warnings.push(format!(
                    "ignoring malformed !nvvm.annotations entry for function @{fname}: a key is not a string"
                ));
                continue;
            };
            if !seen.insert((fname.clone(), key.to_string())) {
                // llc-19 reads the first value of each key.
                continue;
            }
            apply_annotation(lb, fname, key, pair[1].as_u64(), warnings);
        }
    }
}

fn apply_annotation(lb: &mut LaunchBounds, fname: &str, key: &str, value: Option<u64>, warnings: &mut Vec<String>) {
    let dim = |k: &str, prefix: &str| -> Option<usize> {
        match k.strip_prefix(prefix)? {
            "x" => Some(0),
            "y" => Some(1),
            "z" => Some(2),
            _ => None,
        }
    };
    let known = key == "kernel"
        || ["maxnreg", "minctasm", "maxclusterrank"].contains(&key)
        || dim(key, "maxntid").is_some()
        || dim(key, "reqntid").is_some()
        || dim(key, "cluster_dim_").is_some();
    if !known {
        // Other annotations (texture, surface, managed, align, ...) are not launch bounds.
        return;
    }
    if key == "kernel" {
        // llc-19: a kernel exactly when the value is 1, whatever the calling convention.
        match value {
            Some(v) => lb.is_kernel = v == 1,
            None => warnings.push(format!(
                "ignoring malformed !nvvm.annotations \"kernel\" on function @{fname}: expected an integer"
            )),
        }
        return;
    }
    let value = match value {
        Some(v) if v > 0 && v <= u32::MAX as u64 => v as u32,
        _ => {
            warnings.push(format!(
                "ignoring malformed !nvvm.annotations \"{key}\" on function @{fname}: expected a positive integer"
            ));
            return;
        }
    };
    if key == "maxnreg" {
        lb.maxnreg = Some(value);
    } else if key == "minctasm" {
        lb.minctasm = Some(value);
    } else if key == "maxclusterrank" {
        lb.maxclusterrank = Some(value);
    } else if let Some(d) = dim(key, "maxntid") {
        lb.maxntid[d] = Some(value);
    } else if let Some(d) = dim(key, "reqntid") {
        lb.reqntid[d] = Some(value);
    } else if let Some(d) = dim(key, "cluster_dim_") {
        lb.cluster_dim[d] = Some(value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    fn read(ir: &str) -> (BTreeMap<String, LaunchBounds>, Vec<String>) {
        let ctx = Context::create();
        let m = crate::llvm::module::parse_module(&ctx, ir.as_bytes(), "t.ll").unwrap();
        let mut w = Vec::new();
        let r = read_module(&m, &mut w);
        (r, w)
    }

    #[test]
    fn annotations_and_attributes_merge() {
        let (r, w) = read(
            r#"
define void @k() "nvvm.maxntid"="32,2" { ret void }
define ptx_kernel void @k2() "nvvm.reqntid"="32,2" { ret void }
define void @d() { ret void }
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1, !"maxntidx", i32 128, !"maxnreg", i32 40}
!1 = !{ptr @d, !"maxntidx", i32 0}
"#,
        );
        let k = &r["k"];
        assert!(k.is_kernel);
        // The attribute is read first; the annotation then sets x again.
        assert_eq!(k.maxntid, [Some(128), Some(2), None]);
        assert_eq!(k.maxnreg, Some(40));
        let lim = k.thread_limits().unwrap();
        assert_eq!(lim.maxntid_total, Some(256));
        assert!(r["k2"].is_kernel);
        assert_eq!(r["k2"].thread_limits().unwrap().reqntid, Some([32, 2, 1]));
        assert!(!r["d"].is_kernel);
        assert_eq!(r["d"].thread_limits(), None);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("@d") && w[0].contains("maxntidx"), "{w:?}");
    }

    #[test]
    fn bounds_no_launch_can_meet_are_dropped() {
        let (r, w) = read(
            r#"
define ptx_kernel void @huge() "nvvm.maxntid"="1,1,4294967295" "nvvm.maxnreg"="300" { ret void }
define ptx_kernel void @both() "nvvm.maxntid"="32" "nvvm.reqntid"="64" "nvvm.maxnreg"="8" { ret void }
define ptx_kernel void @busy() "nvvm.reqntid"="1024" "nvvm.minctasm"="4" { ret void }
"#,
        );
        assert_eq!((r["huge"].maxntid, r["huge"].maxnreg), ([None; 3], None));
        assert_eq!((r["both"].maxntid, r["both"].reqntid[0]), ([None; 3], Some(64)));
        assert_eq!(r["both"].maxnreg, Some(24));
        assert_eq!(r["busy"].minctasm, None);
        assert_eq!(w.len(), 5, "{w:?}");
        assert!(w.iter().any(|m| m.contains("maxntid = 32,1,1 on function @both: it contradicts reqntid")), "{w:?}");
    }

    #[test]
    fn malformed_attribute_warns() {
        let (r, w) = read(r#"define ptx_kernel void @k() "nvvm.maxntid"="1,2,3,4" { ret void }"#);
        assert_eq!(r["k"].maxntid, [None; 3]);
        assert!(w[0].contains("nvvm.maxntid") && w[0].contains("@k"), "{w:?}");
    }
}
