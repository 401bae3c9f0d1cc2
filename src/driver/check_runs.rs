//! The runs `ori check` compares: a kernel's Ori functions in the SIMT interpreter on fresh
//! memory holding the inputs ([`run_ori`], [`run_seed`]), the LLVM JIT reference
//! ([`run_reference`]), the memory after a run ([`Snapshot`]) and the first difference between two
//! of them ([`diff`]). `check.rs` and the trap and race checks (`check_trap.rs`, `check_race.rs`)
//! share them.

use super::check_images as cimg;
use super::check_inputs::{self as ci, Elem, Inputs, ParamKind};
use super::check_types::{CheckOptions, CheckedModule, CompiledKernel};
use crate::llvm::reference::{self, RefArg, RefError};
use crate::ori::interp::{self, ErrorKind, Launch, Machine, Options, Outcome};
use crate::ori::ir::{Function, GlobalVar};
use crate::ori::opcode::Space;
use std::collections::BTreeMap;

/// Memory after a run: buffers in parameter order (None for scalars) and `.global` variables.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Snapshot {
    pub(super) buffers: Vec<Option<Vec<u8>>>,
    pub(super) globals: BTreeMap<String, Vec<u8>>,
    /// The JIT reference trapped (an Ori run that traps is an error instead).
    pub(super) trapped: Option<String>,
}

/// Whether a module variable's final contents are compared between runs: `.global` variables
/// defined here, except those holding addresses (which differ between the JIT's host memory and
/// the interpreter's).
fn compared(g: &GlobalVar) -> bool {
    // A `.texref`/`.surfref` variable is a handle; a surface's image is compared instead.
    g.space == Space::Global && !g.external && g.relocs.is_empty() && g.handle.is_none()
}

/// Fresh memory holding `inp`: the machine, the parameter values (buffers by base address) and
/// each buffer parameter's base. Deterministic: the same inputs give the same addresses.
pub(super) fn machine_for(c: &CheckedModule, inp: &Inputs) -> (Machine, Vec<u64>, Vec<Option<u64>>) {
    let mut machine = Machine::new(&c.globals);
    let mut params = inp.scalars.clone();
    let mut bases = Vec::new();
    for (i, b) in inp.buffers.iter().enumerate() {
        if let Some((_, data)) = b.as_ref().filter(|_| inp.images.get(i).is_none_or(Option::is_none)) {
            let base = machine.alloc(&format!("arg{i}"), data.clone());
            params[i] = base;
            bases.push(Some(base));
        } else {
            bases.push(None);
        }
    }
    cimg::bind_images(&mut machine, inp, &mut bases);
    (machine, params, bases)
}

/// Runs an Ori function on fresh memory holding `inp`.
pub(super) fn run_ori(
    c: &CheckedModule,
    funcs: &[&Function],
    inp: &Inputs,
    launch: &Launch,
    opts: &Options,
) -> Result<(Snapshot, Outcome), (interp::Error, Outcome)> {
    let f = funcs[0];
    let (mut machine, params, bases) = machine_for(c, inp);
    if params.len() != f.params.len() {
        let e =
            interp::Error::internal(format!("{} LLVM parameters vs {} Ori parameters", params.len(), f.params.len()));
        return Err((e, Outcome::default()));
    }
    let (out, result) = interp::run_program(&mut machine, funcs, launch, &params, opts);
    if let Err(e) = result {
        return Err((e, out));
    }
    let buffers = bases.iter().map(|b| b.and_then(|b| machine.buffer(b)).map(|b| b.data.clone())).collect();
    let mut globals: BTreeMap<String, Vec<u8>> = c
        .globals
        .iter()
        .filter(|g| compared(g))
        .filter_map(|g| {
            let (_, addr) = machine.symbol(&g.name)?;
            Some((g.name.clone(), machine.buffer(addr)?.data[..g.size as usize].to_vec()))
        })
        .collect();
    cimg::snapshot_images(&machine, inp, &mut globals);
    Ok((Snapshot { buffers, globals, trapped: None }, out))
}

/// Which reference outputs depend on the thread schedule (per buffer and module variable, per
/// byte): more than one value is correct there.
pub(super) struct Unstable {
    buffers: Vec<Vec<bool>>,
    globals: BTreeMap<String, Vec<bool>>,
}

impl Unstable {
    /// Makes the reference accept `got`'s value at every schedule-dependent element (whole
    /// elements of the buffer's type); returns how many elements that concerned.
    pub(super) fn accept(&self, inp: &Inputs, reference: &mut Snapshot, got: &Snapshot) -> usize {
        let mut n = 0;
        let mut bufs = self.buffers.iter();
        for (i, b) in inp.buffers.iter().enumerate() {
            let Some((elem, _)) = b else { continue };
            let Some(mask) = bufs.next() else { break };
            let (Some(Some(r)), Some(Some(g))) = (reference.buffers.get_mut(i), got.buffers.get(i)) else { continue };
            let w = elem.bytes();
            for (j, m) in mask.chunks(w).enumerate() {
                let range = j * w..(j * w + w).min(r.len()).min(g.len());
                if m.iter().any(|&x| x) && !range.is_empty() {
                    r[range.clone()].copy_from_slice(&g[range]);
                    n += 1;
                }
            }
        }
        for (name, mask) in &self.globals {
            // A module variable counts as one element.
            if let (Some(r), Some(g)) = (reference.globals.get_mut(name), got.globals.get(name))
                && mask.iter().any(|&m| m)
                && r.len() == g.len()
            {
                r.copy_from_slice(g);
                n += 1;
            }
        }
        n
    }
}

pub(super) fn run_reference(
    c: &CheckedModule,
    k: &CompiledKernel,
    inp: &Inputs,
    launch: &Launch,
) -> Result<(Snapshot, Vec<String>, Unstable), RefError> {
    let args: Vec<RefArg> = inp
        .buffers
        .iter()
        .zip(&inp.scalars)
        .enumerate()
        .map(|(i, (b, s))| match b {
            Some((_, d)) => cimg::ref_arg(inp, i).unwrap_or_else(|| RefArg::Buffer(d.clone())),
            None => RefArg::Scalar(*s),
        })
        .collect();
    let globals: Vec<(String, u64)> =
        c.globals.iter().filter(|g| compared(g)).map(|g| (g.ir_name.clone(), g.size)).collect();
    let out = reference::run(&c.ir, &k.name, &args, launch, &globals, &cimg::ref_images(inp))?;
    let mut bufs = out.buffers.into_iter();
    let buffers = inp.buffers.iter().map(|b| b.as_ref().and_then(|_| bufs.next())).collect();
    // Back to the PTX names the Ori runs use.
    let globals =
        c.globals.iter().filter_map(|g| out.globals.get(&g.ir_name).map(|b| (g.name.clone(), b.clone()))).collect();
    let unstable_globals = c
        .globals
        .iter()
        .filter_map(|g| out.unstable_globals.get(&g.ir_name).map(|u| (g.name.clone(), u.clone())))
        .collect();
    let unstable = Unstable { buffers: out.unstable, globals: unstable_globals };
    Ok((Snapshot { buffers, globals, trapped: out.trapped }, out.notes, unstable))
}

fn show(elem: Elem, b: &[u8]) -> String {
    let mut w = [0u8; 8];
    w[..b.len()].copy_from_slice(b);
    let v = u64::from_le_bytes(w);
    match elem {
        Elem::F16 => format!("{:?} ({v:#06x})", interp::float::f16_to_f64(v as u16)),
        Elem::BF16 => format!("{:?} ({v:#06x})", interp::float::bf16_to_f64(v as u16)),
        Elem::F32 => format!("{:?} ({v:#010x})", f32::from_bits(v as u32)),
        Elem::F64 => format!("{:?} ({v:#018x})", f64::from_bits(v)),
        Elem::I8 | Elem::I16 | Elem::I32 | Elem::I64 => format!("{v} ({v:#x})"),
    }
}

fn elem_equal(elem: Elem, a: &[u8], b: &[u8], tolerance: bool) -> bool {
    if a == b {
        return true;
    }
    if !elem.is_float() {
        return false;
    }
    let val = |x: &[u8]| {
        let mut w = [0u8; 8];
        w[..x.len()].copy_from_slice(x);
        let v = u64::from_le_bytes(w);
        match elem {
            Elem::F16 => interp::float::f16_to_f64(v as u16),
            Elem::BF16 => interp::float::bf16_to_f64(v as u16),
            Elem::F32 => f32::from_bits(v as u32) as f64,
            _ => f64::from_bits(v),
        }
    };
    let (x, y) = (val(a), val(b));
    if x.is_nan() && y.is_nan() {
        return true;
    }
    tolerance && (x - y).abs() <= 1e-5 * x.abs().max(y.abs()).max(0.1)
}

/// The first difference between two snapshots, described.
pub(super) fn diff(
    k: &CompiledKernel,
    inp: &Inputs,
    expected: &Snapshot,
    got: &Snapshot,
    tolerance: bool,
) -> Option<String> {
    for (i, (e, g)) in expected.buffers.iter().zip(&got.buffers).enumerate() {
        let (Some(e), Some(g)) = (e, g) else { continue };
        let Some((elem, _)) = &inp.buffers[i] else { continue };
        let n = elem.bytes();
        let mut first = None;
        let mut count = 0;
        for (j, (a, b)) in e.chunks(n).zip(g.chunks(n)).enumerate() {
            if !elem_equal(*elem, a, b, tolerance) {
                count += 1;
                first.get_or_insert((j, a, b));
            }
        }
        if let Some((j, a, b)) = first {
            let name = k.param_names.get(i).cloned().unwrap_or_default();
            return Some(format!(
                "arg{i} ({name}, {}) [{j}]: expected {}, got {} ({count} element{} differ{})",
                elem.name(),
                show(*elem, a),
                show(*elem, b),
                plural(count),
                if count == 1 { "s" } else { "" }
            ));
        }
    }
    for (name, e) in &expected.globals {
        if let Some(g) = got.globals.get(name)
            && let Some(j) = e.iter().zip(g).position(|(a, b)| a != b)
        {
            return Some(format!("@{name} byte {j}: expected {:#04x}, got {:#04x}", e[j], g[j]));
        }
    }
    None
}

/// The inputs of seed `seed` of a kernel (`fixed`: every integer parameter's value).
pub(super) fn seed_inputs(k: &CompiledKernel, opts: &CheckOptions, seed: u32, fixed: Option<u64>) -> Inputs {
    let mut inp = ci::inputs(&k.name, &k.params, &k.param_attrs, opts.elements, seed, fixed.or(opts.int_param));
    cimg::add_global_images(&mut inp, &k.global_images, seed);
    inp
}

/// A seed's run: the inputs, the memory after it, the outcome and the fallback integer value.
pub(super) type SeedRun = (Inputs, Snapshot, Outcome, Option<u64>);

/// Runs `prog` on the inputs of seed `seed`: its integer parameters, then smaller ones (16, 3, 0)
/// while the inputs make the run fault (an index parameter beyond a fixed-size array). Returns the
/// inputs that ran, the memory and outcome, and the fallback value if one was needed (or the error).
// The error carries the inputs that faulted (for the report); one per seed, so its size is no cost.
#[allow(clippy::result_large_err)]
pub(super) fn run_seed(
    c: &CheckedModule,
    k: &CompiledKernel,
    opts: &CheckOptions,
    seed: u32,
    prog: &[&Function],
    launch: &Launch,
    iopts: &Options,
) -> Result<SeedRun, (interp::Error, Inputs)> {
    let mut candidates = vec![opts.int_param];
    if k.params.contains(&ParamKind::Int) {
        candidates.extend([16, 3, 0].into_iter().filter(|&v| opts.int_param.is_none_or(|f| v < f)).map(Some));
    }
    let mut attempt = 0;
    loop {
        let inp = seed_inputs(k, opts, seed, candidates[attempt]);
        match run_ori(c, prog, &inp, launch, iopts) {
            Ok((snap, out)) => return Ok((inp, snap, out, candidates[attempt].filter(|_| attempt > 0))),
            Err((e, _)) if e.kind == ErrorKind::Fault && attempt + 1 < candidates.len() => attempt += 1,
            Err((e, _)) => return Err((e, inp)),
        }
    }
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_comparison_treats_nans_alike_and_tolerates_approximations() {
        let f = |x: f32| x.to_le_bytes();
        assert!(elem_equal(Elem::F32, &f(f32::NAN), &f(-f32::NAN), false));
        assert!(!elem_equal(Elem::F32, &f(1.0), &f(1.0 + f32::EPSILON), false));
        assert!(elem_equal(Elem::F32, &f(1.0), &f(1.0 + f32::EPSILON), true));
        assert!(!elem_equal(Elem::I32, &1i32.to_le_bytes(), &2i32.to_le_bytes(), true));
    }
}
