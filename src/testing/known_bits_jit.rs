//! Semantic checks of `nv-known-bits` under LLVM's JIT (tests only).
//!
//! For every function the pass changes, the original and the rewritten module are compiled by
//! MCJIT for the host and run on the same random inputs (at least [`MIN_RUNS`] per function);
//! any difference in the return value or in the memory the function may write fails the check.
//!
//! The harness rewrites a copy of each module's text so it runs on the host: the NVPTX target
//! lines and `ptx_kernel` go; every `llvm.nvvm.read.ptx.sreg.*` declaration becomes a definition
//! reading a global the harness sets, drawn from the register's range for the function's launch
//! bounds (met with any `!range`/`range` on the calls); `llvm.assume` becomes a function that
//! records a false condition, and inputs that break an assume of the original are discarded
//! (undefined behaviour there). A wrapper `@__ori_run(ptr %in, ptr %out, ptr %buf)` loads the
//! arguments from `%in`, passes `%buf` (a scratch buffer) for pointer parameters, and stores the
//! result (pointers as offsets from `%buf`) and the assume flag to `%out`.

use crate::llvm::known_bits::ir::{self, V};
use crate::llvm::known_bits::oracle::{self, FnEnv};
use crate::llvm::known_bits::rewrite;
use crate::llvm::launch_bounds;
use crate::llvm::module::{parse_module, verify};
use crate::llvm::pass_api::{PassContext, PassOptions, PassParams};
use crate::sreg::SpecialReg;
use inkwell::OptimizationLevel;
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, CallSiteValue, FunctionValue, InstructionValue};
use std::collections::BTreeMap;

/// Inputs compared per changed function.
pub(crate) const MIN_RUNS: usize = 200;
/// Bytes of the scratch buffer handed to pointer parameters (pointers aim at its middle).
const BUF_BYTES: usize = 4096;

/// Test-input generator: the project's SplitMix64 (`crate::rng`) with input shaping on top.
pub(crate) struct Rng(crate::rng::Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(crate::rng::Rng::new(seed))
    }
    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// A value biased towards the interesting ones: the function's own constants and their
    /// neighbours, small values, boundaries, powers of two, random bits.
    pub fn interesting(&mut self, width: u32, constants: &[u64]) -> u64 {
        let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
        if !constants.is_empty() && self.next().is_multiple_of(3) {
            let c = constants[(self.next() % constants.len() as u64) as usize];
            return c.wrapping_add(self.next() % 3).wrapping_sub(1) & mask;
        }
        let v = match self.next() % 8 {
            0 => self.next() % 4,
            1 => self.next() % 64,
            2 => self.next() % 2048,
            3 => mask.wrapping_sub(self.next() % 4),
            4 => 1u64 << (self.next() % u64::from(width.min(64))),
            5 => (mask >> 1).wrapping_add(self.next() % 3).wrapping_sub(1),
            _ => self.next(),
        };
        v & mask
    }
    /// Uniform-ish in `[lo, hi)` with the ends favoured.
    pub fn in_range(&mut self, lo: u128, hi: u128) -> u64 {
        let span = hi - lo;
        let off = match self.next() % 6 {
            0 => 0,
            1 => span - 1,
            2 => u128::from(self.next() % 64).min(span - 1),
            _ => u128::from(self.next()) % span,
        };
        (lo + off) as u64
    }
}

/// A parameter or return type as the harness sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Void,
    Int(u32),
    Ptr(u32),
    Other,
}

fn classify(ty: llvm_sys::prelude::LLVMTypeRef) -> Ty {
    use llvm_sys::LLVMTypeKind::*;
    // SAFETY: `ty` is a live type.
    unsafe {
        match llvm_sys::core::LLVMGetTypeKind(ty) {
            LLVMVoidTypeKind => Ty::Void,
            LLVMIntegerTypeKind => Ty::Int(llvm_sys::core::LLVMGetIntTypeWidth(ty)),
            LLVMPointerTypeKind => Ty::Ptr(llvm_sys::core::LLVMGetPointerAddressSpace(ty)),
            _ => Ty::Other,
        }
    }
}

/// The parameter types and the return type of `f`.
fn signature(f: FunctionValue<'_>) -> (Vec<Ty>, Ty) {
    let fv = f.as_value_ref();
    // SAFETY: `f` is a live function.
    unsafe {
        let params = (0..llvm_sys::core::LLVMCountParams(fv))
            .map(|i| classify(llvm_sys::core::LLVMTypeOf(llvm_sys::core::LLVMGetParam(fv, i))))
            .collect();
        let ret = classify(llvm_sys::core::LLVMGetReturnType(llvm_sys::core::LLVMGlobalGetValueType(fv)));
        (params, ret)
    }
}

/// What one function's check did.
#[derive(Debug, Default)]
pub(crate) struct Checked {
    /// Functions compared, with the number of inputs run.
    pub compared: Vec<(String, usize)>,
    /// Changed functions the harness cannot run, with the reason.
    pub skipped: Vec<(String, String)>,
    /// Differences found.
    pub failures: Vec<String>,
}

/// Printed text of every defined function, by name.
fn function_texts(m: &Module<'_>) -> BTreeMap<String, String> {
    m.get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .map(|f| (f.get_name().to_string_lossy().into_owned(), V(f.as_value_ref()).print()))
        .collect()
}

/// Runs the pass (with verification) on `src`; returns the rewritten text and the changed
/// functions.
pub(crate) fn run_pass_text(src: &str) -> Result<(String, Vec<String>), String> {
    let ctx = Context::create();
    let m = parse_module(&ctx, src.as_bytes(), "input").map_err(|e| e.to_string())?;
    let before = function_texts(&m);
    let mut cx = PassContext::new(PassOptions { verify_known_bits: true, ..Default::default() });
    rewrite::run_pass(&m, &mut cx, &PassParams::default()).map_err(|e| e.to_string())?;
    verify(&m).map_err(|e| e.to_string())?;
    let after = function_texts(&m);
    let changed = before.iter().filter(|(n, t)| after.get(*n) != Some(t)).map(|(n, _)| n.clone()).collect();
    Ok((m.print_to_string().to_string(), changed))
}

/// A special register read by the function under test: its global's name, width and the values
/// it may take.
struct SregUse {
    suffix: String,
    lo: u128,
    hi: u128,
}

/// The special registers `f` reads, with their ranges for `f`'s launch bounds.
fn sreg_uses(m: &Module<'_>, f: FunctionValue<'_>) -> Vec<SregUse> {
    let bounds = launch_bounds::read_module(m, &mut Vec::new());
    let name = f.get_name().to_string_lossy().into_owned();
    let env = FnEnv {
        sm: crate::llvm::intr_range::function_sm(f).unwrap_or(90),
        limits: bounds.get(&name).and_then(|b| b.thread_limits()),
    };
    let mut out: BTreeMap<String, SregUse> = BTreeMap::new();
    for inst in ir::instructions(V(f.as_value_ref())) {
        let Some(callee) = inst.callee_name() else { continue };
        let Some(reg) = SpecialReg::from_intrinsic(&callee) else { continue };
        let bits = reg.bits();
        let (mut lo, mut hi) = match oracle::sreg_range(&callee, &env) {
            Some((l, h)) => (u128::from(l), u128::from(h)),
            None => (0, 1u128 << bits),
        };
        // SAFETY: `inst` is a live call of `m`.
        let iv = unsafe { InstructionValue::new(inst.0) };
        let call = unsafe { CallSiteValue::new(inst.0) };
        for set in [
            crate::llvm::intr_range::existing_metadata(m, iv, bits),
            crate::llvm::intr_range::existing_attribute(call, bits),
        ]
        .into_iter()
        .flatten()
        {
            // Keep to the piece of the explicit range that overlaps ours (the hull would do too;
            // the tests use single intervals).
            if let Some(&(a, b)) = set.iter().find(|(a, b)| *a < hi && *b > lo) {
                lo = lo.max(a);
                hi = hi.min(b);
            }
        }
        let suffix = callee.trim_start_matches("llvm.nvvm.read.ptx.sreg.").to_string();
        let e = out.entry(suffix.clone()).or_insert(SregUse { suffix, lo, hi });
        e.lo = e.lo.max(lo);
        e.hi = e.hi.min(hi);
    }
    out.into_values().filter(|u| u.lo < u.hi).collect()
}

/// Why `f` cannot run on the host, if so.
fn unsupported(m: &Module<'_>, f: FunctionValue<'_>) -> Option<String> {
    let (params, ret) = signature(f);
    for p in params {
        match p {
            Ty::Int(w) if w <= 64 => {}
            Ty::Ptr(_) => {}
            other => return Some(format!("parameter type {other:?}")),
        }
    }
    match ret {
        Ty::Void | Ty::Ptr(_) => {}
        Ty::Int(w) if w <= 64 => {}
        other => return Some(format!("return type {other:?}")),
    }
    let externals: Vec<String> = m
        .get_globals()
        .filter(|g| g.is_declaration())
        .map(|g| format!("@{}", g.get_name().to_string_lossy()))
        .collect();
    for inst in ir::instructions(V(f.as_value_ref())) {
        if let Some(c) = inst.callee_name() {
            let ok = c.starts_with("llvm.nvvm.read.ptx.sreg.")
                || c == "llvm.assume"
                || (c.starts_with("llvm.") && !c.starts_with("llvm.nvvm."))
                || m.get_function(&c).is_some_and(|g| g.count_basic_blocks() > 0);
            if !ok {
                return Some(format!("calls {c}"));
            }
        }
        let text = inst.print();
        if let Some(g) = externals.iter().find(|g| text.contains(&format!("{g},")) || text.contains(&format!("{g} "))) {
            return Some(format!("uses the external global {g}"));
        }
    }
    None
}

/// The host-runnable version of a module's text with the wrapper for `fname`.
fn harness_text(text: &str, fname: &str, f: FunctionValue<'_>, sregs: &[SregUse], globals: &[(String, u32)]) -> String {
    let mut body = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("target datalayout") || t.starts_with("target triple") {
            continue;
        }
        if t.starts_with("declare") && (t.contains("@llvm.nvvm.read.ptx.sreg.") || t.contains("@llvm.assume(")) {
            continue;
        }
        body.push_str(line);
        body.push('\n');
    }
    let body = body
        .replace("@llvm.nvvm.read.ptx.sreg.", "@__ori_sreg.")
        .replace("@llvm.assume(", "@__ori_assume(")
        .replace("ptx_kernel ", "");
    // The NVPTX CPU and features mean nothing to the host back end: rename the keys (an emptied
    // attribute group would not parse).
    let body = body
        .replace("\"target-cpu\"=", "\"ori-nvptx-cpu\"=")
        .replace("\"target-features\"=", "\"ori-nvptx-features\"=");
    let mut extra = String::new();
    // Every register any function of the module reads gets a definition (unused ones read 0).
    let mut all_regs: Vec<(String, u32)> = Vec::new();
    let mut rest = body.as_str();
    while let Some(i) = rest.find("@__ori_sreg.") {
        let after = &rest[i + "@__ori_sreg.".len()..];
        let end = after.find('(').unwrap_or(after.len());
        let suffix = after[..end].to_string();
        let bits = SpecialReg::from_intrinsic(&format!("llvm.nvvm.read.ptx.sreg.{suffix}")).map_or(32, |r| r.bits());
        if !all_regs.iter().any(|(s, _)| *s == suffix) {
            all_regs.push((suffix, bits));
        }
        rest = &after[end..];
    }
    for s in sregs {
        if !all_regs.iter().any(|(a, _)| *a == s.suffix) {
            let bits =
                SpecialReg::from_intrinsic(&format!("llvm.nvvm.read.ptx.sreg.{}", s.suffix)).map_or(32, |r| r.bits());
            all_regs.push((s.suffix.clone(), bits));
        }
    }
    for (s, bits) in &all_regs {
        extra.push_str(&format!(
            "@\"__ori_val.{s}\" = global i64 0\ndefine i{bits} @\"__ori_sreg.{s}\"() {{\n  %v = load i{bits}, ptr @\"__ori_val.{s}\"\n  ret i{bits} %v\n}}\n"
        ));
    }
    extra.push_str(
        "@__ori_assume_failed = global i32 0\ndefine void @__ori_assume(i1 %c) {\n  br i1 %c, label %ok, label %bad\nbad:\n  store i32 1, ptr @__ori_assume_failed\n  br label %ok\nok:\n  ret void\n}\n",
    );
    // The wrapper.
    let (params, ret) = signature(f);
    let mut w = String::from("define void @__ori_run(ptr %in, ptr %out, ptr %buf) {\n");
    for (k, s) in sregs.iter().enumerate() {
        let slot = params.len() + k;
        w.push_str(&format!(
            "  %sp{k} = getelementptr i64, ptr %in, i64 {slot}\n  %sv{k} = load i64, ptr %sp{k}\n  store i64 %sv{k}, ptr @\"__ori_val.{}\"\n",
            s.suffix
        ));
    }
    w.push_str("  store i32 0, ptr @__ori_assume_failed\n");
    let mut args = Vec::new();
    for (j, p) in params.iter().enumerate() {
        match *p {
            Ty::Int(bits) => {
                w.push_str(&format!(
                    "  %ap{j} = getelementptr i64, ptr %in, i64 {j}\n  %aw{j} = load i64, ptr %ap{j}\n"
                ));
                if bits == 64 {
                    args.push(format!("i64 %aw{j}"));
                } else {
                    w.push_str(&format!("  %a{j} = trunc i64 %aw{j} to i{bits}\n"));
                    args.push(format!("i{bits} %a{j}"));
                }
            }
            Ty::Ptr(0) => args.push("ptr %buf".to_string()),
            Ty::Ptr(space) => {
                w.push_str(&format!("  %a{j} = addrspacecast ptr %buf to ptr addrspace({space})\n"));
                args.push(format!("ptr addrspace({space}) %a{j}"));
            }
            _ => unreachable!("checked by unsupported()"),
        }
    }
    let call_args = args.join(", ");
    let fref = format!("@\"{fname}\"");
    match ret {
        Ty::Void => w.push_str(&format!("  call void {fref}({call_args})\n  store i64 0, ptr %out\n")),
        Ty::Int(bits) => {
            w.push_str(&format!("  %r = call i{bits} {fref}({call_args})\n"));
            if bits == 64 {
                w.push_str("  store i64 %r, ptr %out\n");
            } else {
                w.push_str(&format!("  %rz = zext i{bits} %r to i64\n  store i64 %rz, ptr %out\n"));
            }
        }
        Ty::Ptr(space) => {
            if space == 0 {
                w.push_str(&format!("  %r = call ptr {fref}({call_args})\n  %rp = ptrtoint ptr %r to i64\n"));
            } else {
                w.push_str(&format!(
                    "  %r = call ptr addrspace({space}) {fref}({call_args})\n  %rc = addrspacecast ptr addrspace({space}) %r to ptr\n  %rp = ptrtoint ptr %rc to i64\n"
                ));
            }
            w.push_str("  store i64 %rp, ptr %out\n");
        }
        Ty::Other => unreachable!("checked by unsupported()"),
    }
    // The addresses of the module's globals, to name the object a returned pointer points into.
    for (k, (g, space)) in globals.iter().enumerate() {
        let ty = if *space == 0 { "ptr".to_string() } else { format!("ptr addrspace({space})") };
        w.push_str(&format!(
            "  %gp{k} = getelementptr i64, ptr %out, i64 {}\n  store i64 ptrtoint ({ty} @\"{g}\" to i64), ptr %gp{k}\n",
            k + 2
        ));
    }
    w.push_str("  %af = load i32, ptr @__ori_assume_failed\n  %afz = zext i32 %af to i64\n  %o1 = getelementptr i64, ptr %out, i64 1\n  store i64 %afz, ptr %o1\n  ret void\n}\n");
    format!("{body}\n{extra}\n{w}")
}

type RunFn = unsafe extern "C" fn(*const u64, *mut u64, *mut u8);

/// A compiled harness module.
struct Compiled<'ctx> {
    ee: inkwell::execution_engine::ExecutionEngine<'ctx>,
    run: inkwell::execution_engine::JitFunction<'ctx, RunFn>,
}

fn compile<'ctx>(ctx: &'ctx Context, text: &str, keep: &str) -> Result<Compiled<'ctx>, String> {
    let m = parse_module(ctx, text.as_bytes(), "harness").map_err(|e| format!("{e}\n{text}"))?;
    // Drop the other functions the harness does not need (they may call things the host lacks).
    for f in m.get_functions() {
        let n = f.get_name().to_string_lossy().into_owned();
        if n != keep && n != "__ori_run" && !n.starts_with("__ori_") && f.count_basic_blocks() > 0 {
            if V(f.as_value_ref()).has_uses() {
                continue;
            }
            // SAFETY: `f` is unused.
            unsafe { f.delete() };
        }
    }
    verify(&m).map_err(|e| format!("{e}\n{text}"))?;
    let ee = m.create_jit_execution_engine(OptimizationLevel::None).map_err(|e| e.to_string())?;
    // SAFETY: `__ori_run` has the signature `RunFn` by construction.
    let run = unsafe { ee.get_function::<RunFn>("__ori_run") }.map_err(|e| e.to_string())?;
    Ok(Compiled { ee, run })
}

/// The scratch memory handed to pointer parameters.
#[repr(C, align(64))]
struct Buf([u8; BUF_BYTES]);

/// A returned value: an integer, or a pointer as its offsets from every object it may point
/// into (the scratch buffer and the globals, whose addresses differ between the two JIT
/// instances). Two pointers are the same when their offsets from one object agree.
#[derive(Debug)]
enum Value {
    Int(u64),
    Ptr(Vec<(String, i64)>),
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Ptr(a), Value::Ptr(b)) => a.iter().zip(b).any(|(x, y)| x == y),
            _ => false,
        }
    }
}

/// One execution: (result, assume failed, buffer after).
fn execute(c: &Compiled<'_>, input: &[u64], is_ptr: bool, globals: &[(String, u32)]) -> (Value, bool, Vec<u8>) {
    let mut out = vec![0u64; 2 + globals.len()];
    let mut buf = Box::new(Buf([0; BUF_BYTES]));
    for (i, b) in buf.0.iter_mut().enumerate() {
        *b = (i * 7 + 3) as u8;
    }
    let mid = BUF_BYTES / 2;
    // SAFETY: the wrapper reads `input.len()` words, writes `out.len()` words and only touches
    // `buf` through the function under test, which is handed its middle.
    let base = unsafe { buf.0.as_mut_ptr().add(mid) };
    unsafe { c.run.call(input.as_ptr(), out.as_mut_ptr(), base) };
    let _ = &c.ee;
    let value = if is_ptr {
        let r = out[0];
        let mut bases: Vec<(String, u64)> = vec![("scratch".to_string(), base as u64 - mid as u64)];
        bases.extend(globals.iter().enumerate().map(|(k, (g, _))| (g.clone(), out[2 + k])));
        Value::Ptr(bases.iter().map(|(n, b)| (n.clone(), r.wrapping_sub(*b) as i64)).collect())
    } else {
        Value::Int(out[0])
    };
    (value, out[1] != 0, buf.0.to_vec())
}

/// Compares original and rewritten `src` on every changed function.
pub(crate) fn check_semantics(src: &str, seed: u64) -> Result<Checked, String> {
    inkwell::targets::Target::initialize_native(&inkwell::targets::InitializationConfig::default())?;
    let (after, changed) = run_pass_text(src)?;
    let mut result = Checked::default();
    let ctx = Context::create();
    let orig = parse_module(&ctx, src.as_bytes(), "orig").map_err(|e| e.to_string())?;
    let orig_text = orig.print_to_string().to_string();
    for fname in changed {
        let f = orig.get_function(&fname).ok_or("changed function vanished")?;
        if let Some(why) = unsupported(&orig, f) {
            result.skipped.push((fname, why));
            continue;
        }
        let sregs = sreg_uses(&orig, f);
        let globals: Vec<(String, u32)> = orig
            .get_globals()
            .filter(|g| !g.is_declaration())
            .map(|g| {
                let v = V(g.as_value_ref());
                (g.get_name().to_string_lossy().into_owned(), v.ptr_addr_space().unwrap_or(0))
            })
            .collect();
        let is_ptr = matches!(signature(f).1, Ty::Ptr(_));
        let h0 = harness_text(&orig_text, &fname, f, &sregs, &globals);
        let h1 = harness_text(&after, &fname, f, &sregs, &globals);
        let c0ctx = Context::create();
        let c1ctx = Context::create();
        let c0 = compile(&c0ctx, &h0, &fname)?;
        let c1 = compile(&c1ctx, &h1, &fname)?;
        let params: Vec<u32> = signature(f).0.iter().map(|p| if let Ty::Int(w) = p { *w } else { 0 }).collect();
        let constants: Vec<u64> = ir::instructions(V(f.as_value_ref()))
            .iter()
            .flat_map(|i| (0..i.num_operands()).filter_map(|k| i.operand(k).const_int()?.to_u64()).collect::<Vec<_>>())
            .collect();
        let mut rng = Rng::new(seed ^ fname.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
        let mut runs = 0;
        let mut tries = 0;
        while runs < MIN_RUNS && tries < 50 * MIN_RUNS {
            tries += 1;
            let mut input: Vec<u64> =
                params.iter().map(|&w| if w == 0 { 0 } else { rng.interesting(w, &constants) }).collect();
            input.extend(sregs.iter().map(|s| rng.in_range(s.lo, s.hi)));
            let (r0, ub0, b0) = execute(&c0, &input, is_ptr, &globals);
            if ub0 {
                continue;
            }
            let (r1, _, b1) = execute(&c1, &input, is_ptr, &globals);
            runs += 1;
            if r0 != r1 || b0 != b1 {
                result.failures.push(format!(
                    "{fname}: input {input:?}: original returned {r0:x?}, rewritten {r1:x?}{}",
                    if b0 != b1 { " (memory differs)" } else { "" }
                ));
                break;
            }
        }
        if runs < MIN_RUNS && result.failures.is_empty() {
            result.failures.push(format!("{fname}: only {runs} inputs satisfied the assumes"));
        }
        result.compared.push((fname, runs));
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit_dir() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lit-tests/nv-known-bits")
    }

    /// Every function of every `nv-known-bits` lit test that the pass changes computes the same
    /// results before and after, on at least `MIN_RUNS` inputs each.
    #[test]
    fn lit_tests_preserve_semantics_under_the_jit() {
        let mut files: Vec<_> = std::fs::read_dir(lit_dir()).unwrap().map(|e| e.unwrap().path()).collect();
        files.retain(|p| p.extension().is_some_and(|e| e == "ll"));
        files.sort();
        let mut compared = 0;
        let mut failures = Vec::new();
        for p in &files {
            let src = std::fs::read_to_string(p).unwrap();
            if src.contains("; JIT: skip") {
                continue;
            }
            match check_semantics(&src, 0x5eed) {
                Ok(c) => {
                    compared += c.compared.len();
                    for (f, why) in &c.skipped {
                        eprintln!("{}: {f}: not run ({why})", p.display());
                    }
                    failures.extend(c.failures.iter().map(|f| format!("{}: {f}", p.display())));
                }
                Err(e) => failures.push(format!("{}: {e}", p.display())),
            }
        }
        eprintln!("{compared} changed functions compared, each on at least {MIN_RUNS} inputs");
        assert!(failures.is_empty(), "semantic differences:\n{}", failures.join("\n"));
        assert!(compared >= 60, "only {compared} changed functions were compared");
    }

    /// Random straight-line functions over arguments and special registers (masks, shifts,
    /// extensions, multiplies by powers of two, byte swaps, compares and selects, lane
    /// extracts), each compared under the JIT when the pass changes it.
    #[test]
    fn random_functions_preserve_semantics() {
        let seed = std::env::var("ORI_KB_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0xdec0de);
        let mut rng = Rng::new(seed);
        let mut module = String::from("target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n");
        module.push_str("target triple = \"nvptx64-nvidia-cuda\"\n");
        for i in 0..160 {
            module.push_str(&random_function(&mut rng, i));
        }
        for r in ["tid.x", "tid.y", "ntid.x", "laneid", "warpsize", "ctaid.x"] {
            module.push_str(&format!("declare i32 @llvm.nvvm.read.ptx.sreg.{r}()\n"));
        }
        for w in [16, 32, 64] {
            module.push_str(&format!("declare i{w} @llvm.bswap.i{w}(i{w})\n"));
        }
        for w in [8, 16, 32, 64] {
            for f in ["ctpop", "bitreverse"] {
                module.push_str(&format!("declare i{w} @llvm.{f}.i{w}(i{w})\n"));
            }
            for f in ["umin", "umax", "smin", "smax"] {
                module.push_str(&format!("declare i{w} @llvm.{f}.i{w}(i{w}, i{w})\n"));
            }
        }
        module.push_str("declare void @llvm.assume(i1)\n");
        module.push_str("@sh = internal addrspace(3) global [64 x i32] zeroinitializer, align 16\n");
        if let Ok(path) = std::env::var("ORI_KB_FUZZ_DUMP") {
            std::fs::write(path, &module).unwrap();
        }
        let c = check_semantics(&module, 7).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{} of 160 random functions changed and compared", c.compared.len());
        assert!(c.failures.is_empty(), "semantic differences:\n{}", c.failures.join("\n"));
        assert!(c.compared.len() >= 60, "only {} of 160 random functions changed", c.compared.len());
    }

    /// One random function `@r<i>(i32 %a, i64 %b) -> i32`.
    fn random_function(rng: &mut Rng, i: usize) -> String {
        let widths = [8u32, 16, 32, 64];
        let mut vals: Vec<(String, u32)> = vec![("%a".into(), 32), ("%b".into(), 64)];
        let kernel = rng.next().is_multiple_of(3);
        let mut body = String::new();
        for (k, r) in ["tid.x", "laneid", "ntid.x", "warpsize", "ctaid.x", "tid.y"].iter().enumerate() {
            if rng.next().is_multiple_of(2) {
                body.push_str(&format!("  %s{k} = call i32 @llvm.nvvm.read.ptx.sreg.{r}()\n"));
                vals.push((format!("%s{k}"), 32));
            }
        }
        let constant = |rng: &mut Rng, w: u32| -> u64 {
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            let v = match rng.next() % 6 {
                0 => (1u64 << (rng.next() % u64::from(w))).wrapping_sub(1),
                1 => 1u64 << (rng.next() % u64::from(w)),
                2 => rng.next() % 64,
                3 => !((1u64 << (rng.next() % u64::from(w))).wrapping_sub(1)),
                _ => rng.next(),
            };
            v & mask
        };
        if rng.next().is_multiple_of(4) {
            let c = 16 + rng.next() % 5000;
            body.push_str(&format!("  %asm = icmp ult i32 %a, {c}\n  call void @llvm.assume(i1 %asm)\n"));
        }
        let steps = 4 + rng.next() % 8;
        for k in 0..steps {
            let (x, w) = vals[(rng.next() % vals.len() as u64) as usize].clone();
            let same: Vec<&(String, u32)> = vals.iter().filter(|v| v.1 == w).collect();
            let y = if rng.next().is_multiple_of(2) {
                same[(rng.next() % same.len() as u64) as usize].0.clone()
            } else {
                format!("{}", constant(rng, w))
            };
            let name = format!("%v{k}");
            let (line, nw) = match rng.next() % 16 {
                0 => (format!("{name} = and i{w} {x}, {y}"), w),
                1 => (format!("{name} = or i{w} {x}, {y}"), w),
                2 => (format!("{name} = xor i{w} {x}, {y}"), w),
                3 => (format!("{name} = add i{w} {x}, {y}"), w),
                4 => (format!("{name} = sub i{w} {x}, {y}"), w),
                5 => (format!("{name} = mul i{w} {x}, {}", 1u64 << (rng.next() % u64::from(w.min(8)))), w),
                6 => {
                    let op = ["shl", "lshr", "ashr"][(rng.next() % 3) as usize];
                    (format!("{name} = {op} i{w} {x}, {}", rng.next() % u64::from(w)), w)
                }
                7 => {
                    let nw = widths[(rng.next() % 4) as usize];
                    if nw > w {
                        let op = if rng.next().is_multiple_of(2) { "zext" } else { "sext" };
                        (format!("{name} = {op} i{w} {x} to i{nw}"), nw)
                    } else if nw < w {
                        (format!("{name} = trunc i{w} {x} to i{nw}"), nw)
                    } else {
                        (format!("{name} = xor i{w} {x}, {y}"), w)
                    }
                }
                8 => {
                    let pred = ["ult", "ugt", "eq", "ne", "slt", "sge", "ule"][(rng.next() % 7) as usize];
                    let c = constant(rng, w);
                    body.push_str(&format!("  %c{k} = icmp {pred} i{w} {x}, {c}\n"));
                    (format!("{name} = select i1 %c{k}, i{w} {x}, i{w} {y}"), w)
                }
                9 if w >= 16 => (format!("{name} = call i{w} @llvm.bswap.i{w}(i{w} {x})"), w),
                10 if w == 32 => {
                    body.push_str(&format!(
                        "  %z{k} = zext i32 {x} to i64\n  %bc{k} = bitcast i64 %z{k} to <4 x i16>\n"
                    ));
                    (format!("{name} = extractelement <4 x i16> %bc{k}, i32 {}", rng.next() % 4), 16)
                }
                11 => {
                    let f = ["ctpop", "bitreverse"][(rng.next() % 2) as usize];
                    (format!("{name} = call i{w} @llvm.{f}.i{w}(i{w} {x})"), w)
                }
                12 => {
                    let f = ["umin", "umax", "smin", "smax"][(rng.next() % 4) as usize];
                    (format!("{name} = call i{w} @llvm.{f}.i{w}(i{w} {x}, i{w} {y})"), w)
                }
                13 => {
                    let op = ["udiv", "urem"][(rng.next() % 2) as usize];
                    (format!("{name} = {op} i{w} {x}, {}", constant(rng, w) | 1), w)
                }
                14 if w <= 32 => {
                    // A shared-memory address: the offset from the array's start.
                    let ext = if rng.next().is_multiple_of(2) { "zext" } else { "sext" };
                    body.push_str(&format!(
                        "  %i{k} = {ext} i{w} {x} to i64\n  %g{k} = getelementptr i32, ptr addrspace(3) @sh, i64 %i{k}\n  %p{k} = ptrtoint ptr addrspace(3) %g{k} to i64\n"
                    ));
                    (format!("{name} = sub i64 %p{k}, ptrtoint (ptr addrspace(3) @sh to i64)"), 64)
                }
                _ => (format!("{name} = add i{w} {x}, 1"), w),
            };
            body.push_str(&format!("  {line}\n"));
            vals.push((name, nw));
        }
        let (last, w) = vals.last().unwrap().clone();
        let r = match w.cmp(&32) {
            std::cmp::Ordering::Less => {
                body.push_str(&format!("  %ret0 = zext i{w} {last} to i32\n"));
                "%ret0".to_string()
            }
            std::cmp::Ordering::Greater => {
                body.push_str(&format!("  %ret0 = trunc i{w} {last} to i32\n"));
                "%ret0".to_string()
            }
            std::cmp::Ordering::Equal => last,
        };
        let mask = constant(rng, 32);
        body.push_str(&format!("  %ret = and i32 {r}, {mask}\n  ret i32 %ret\n"));
        let (cc, attrs) = if kernel { ("ptx_kernel ", " \"nvvm.reqntid\"=\"128,2,1\"") } else { ("", "") };
        format!("define {cc}i32 @r{i}(i32 %a, i64 %b){attrs} {{\n{body}}}\n")
    }

    /// Checks the module named by `ORI_KB_JIT_FILE` (a debugging aid:
    /// `ORI_KB_JIT_FILE=f.ll cargo test --lib jit_check_file -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn jit_check_file() {
        let path = std::env::var("ORI_KB_JIT_FILE").expect("set ORI_KB_JIT_FILE");
        let src = std::fs::read_to_string(&path).unwrap();
        let c = check_semantics(&src, 11).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("compared: {:?}\nskipped: {:?}", c.compared, c.skipped);
        assert!(c.failures.is_empty(), "semantic differences:\n{}", c.failures.join("\n"));
    }

    /// The harness itself catches a wrong rewrite.
    #[test]
    fn harness_detects_a_difference() {
        inkwell::targets::Target::initialize_native(&inkwell::targets::InitializationConfig::default()).unwrap();
        let src = "define i32 @f(i32 %x) {\n  %a = and i32 %x, 1023\n  ret i32 %a\n}\n";
        let bad = "define i32 @f(i32 %x) {\n  ret i32 %x\n}\n";
        let ctx = Context::create();
        let m = parse_module(&ctx, src.as_bytes(), "m").unwrap();
        let f = m.get_function("f").unwrap();
        let c0ctx = Context::create();
        let c1ctx = Context::create();
        let c0 = compile(&c0ctx, &harness_text(src, "f", f, &[], &[]), "f").unwrap();
        let c1 = compile(&c1ctx, &harness_text(bad, "f", f, &[], &[]), "f").unwrap();
        let (r0, _, _) = execute(&c0, &[5000], false, &[]);
        let (r1, _, _) = execute(&c1, &[5000], false, &[]);
        assert_eq!(r0, Value::Int(5000 & 1023));
        assert_eq!(r1, Value::Int(5000));
    }
}
