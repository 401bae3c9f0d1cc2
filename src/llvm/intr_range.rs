//! nvvm-intr-range: attach `!range` metadata (and/or the `range` call attribute) to every
//! `llvm.nvvm.read.ptx.sreg.*` call (seed 004 "GPU-Specific Known-Bits Sources", "Special Register
//! Range Table", "Launch Parameter Integration").
//!
//! Algorithm, per function:
//! 1. the launch bounds (shared reader, `launch_bounds`) give the thread/cluster limits; only
//!    kernels are bounded, device functions get the architectural defaults;
//! 2. the SM comes from `sm=` / `--nvvm-intr-range-sm`, else the function's `target-cpu`
//!    (`sm_NN`), else 90;
//! 3. each special-register call gets the table's `[lo, hi)` (`sreg::SpecialReg::range`),
//!    intersected with any `!range` / `range(...)` already present, so a range is never widened;
//!    it is attached as metadata, attribute or both (`range-form=` / `--range-form`).

use crate::llvm::launch_bounds;
use crate::llvm::pass_api::{PassContext, PassParams, RangeForm};
use crate::sreg::SpecialReg;
use anyhow::{Result, anyhow, bail};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::module::Module;
use inkwell::types::IntType;
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
};

const PASS: &str = "nvvm-intr-range";

pub fn run_pass(module: &Module<'_>, cx: &mut PassContext, params: &PassParams) -> Result<()> {
    let sm_override = match params.get("sm") {
        Some(v) => Some(v.parse::<u32>().map_err(|_| anyhow!("invalid nvvm-intr-range pass parameter sm={v}"))?),
        None => cx.opts.sm,
    };
    let range_form = match params.get("range-form") {
        Some("attribute") => RangeForm::Attribute,
        Some("both") => RangeForm::Both,
        Some("metadata") => RangeForm::Metadata,
        Some(v) => bail!("invalid nvvm-intr-range pass parameter range-form={v}"),
        None => cx.opts.range_form,
    };
    let bounds = launch_bounds::read_module(module, &mut cx.warnings);
    for f in module.get_functions() {
        if f.count_basic_blocks() == 0 {
            continue;
        }
        let name = f.get_name().to_string_lossy().into_owned();
        let limits = bounds.get(&name).and_then(|b| b.thread_limits());
        let sm = sm_override.unwrap_or_else(|| function_sm(f).unwrap_or(90));
        for bb in f.get_basic_block_iter() {
            for inst in bb.get_instructions() {
                if inst.get_opcode() != InstructionOpcode::Call {
                    continue;
                }
                let Ok(call) = CallSiteValue::try_from(inst) else {
                    continue;
                };
                let Some(callee) = call.get_called_fn_value() else {
                    continue;
                };
                let Some(reg) = SpecialReg::from_intrinsic(&callee.get_name().to_string_lossy()) else {
                    continue;
                };
                let Some((lo, hi)) = reg.range(sm, limits.as_ref()) else {
                    continue;
                };
                let inkwell::types::AnyTypeEnum::IntType(ty) = inst.get_type() else {
                    continue;
                };
                if attach(module, inst, call, ty, lo, hi, range_form) {
                    cx.stat(PASS, "NumRanges", "Number of special-register reads given a range", 1);
                }
            }
        }
    }
    Ok(())
}

/// `sm_NN` from the function's `target-cpu` attribute.
pub(crate) fn function_sm(f: FunctionValue<'_>) -> Option<u32> {
    let a = f.get_string_attribute(AttributeLoc::Function, "target-cpu")?;
    let cpu = a.get_string_value().to_string_lossy().into_owned();
    cpu.strip_prefix("sm_")?.trim_end_matches(['a', 'f']).parse().ok()
}

/// A set of values of a `width`-bit integer, as sorted disjoint non-wrapping `[lo, hi)` intervals
/// over `0..2^width` (u128 so `hi = 2^64` is representable).
pub(crate) type IntervalSet = Vec<(u128, u128)>;

/// Splits a (possibly wrapping) LLVM range `[lo, hi)` into non-wrapping intervals.
fn from_llvm_range(lo: u128, hi: u128, width: u32) -> IntervalSet {
    let top = 1u128 << width;
    if lo == hi {
        // Full (lo = hi = max or min) or invalid: treat as the full set, which never widens ours.
        return vec![(0, top)];
    }
    if lo < hi { vec![(lo, hi)] } else { vec![(0, hi), (lo, top)].into_iter().filter(|(a, b)| a < b).collect() }
}

fn intersect(a: &IntervalSet, b: &IntervalSet) -> IntervalSet {
    let mut out = Vec::new();
    for &(alo, ahi) in a {
        for &(blo, bhi) in b {
            let (lo, hi) = (alo.max(blo), ahi.min(bhi));
            if lo < hi {
                out.push((lo, hi));
            }
        }
    }
    out.sort();
    out
}

/// Turns an interval set back into LLVM range pairs: contiguous pieces merged, a piece ending at
/// 2^width merged with one starting at 0 into one wrapping pair, pairs in signed order of their
/// lower bound (the LangRef's rule for `!range`).
fn to_llvm_pairs(mut set: IntervalSet, width: u32) -> Vec<(u128, u128)> {
    let top = 1u128 << width;
    set.sort();
    let mut merged: Vec<(u128, u128)> = Vec::new();
    for (lo, hi) in set {
        match merged.last_mut() {
            Some(last) if last.1 >= lo => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    if merged.len() > 1 && merged[0].0 == 0 && merged.last().unwrap().1 == top {
        let first = merged.remove(0);
        let last = merged.last_mut().unwrap();
        last.1 = first.1;
    }
    let pairs: Vec<(u128, u128)> = merged.into_iter().map(|(lo, hi)| (lo % top, hi % top)).collect();
    let signed = |v: u128| -> i128 { if width > 0 && v >= top / 2 { v as i128 - top as i128 } else { v as i128 } };
    let mut pairs = pairs;
    pairs.sort_by_key(|&(lo, _)| signed(lo));
    pairs
}

/// Reads the `!range` metadata of a call as intervals (None when absent or unreadable).
pub(crate) fn existing_metadata(_module: &Module<'_>, inst: InstructionValue<'_>, width: u32) -> Option<IntervalSet> {
    let ops = crate::llvm::metadata::attached(inst.as_value_ref(), "range")?;
    if ops.is_empty() || ops.len() % 2 != 0 {
        return None;
    }
    let mut set = Vec::new();
    for pair in ops.chunks_exact(2) {
        let (Some(a), Some(b)) = (pair[0].as_u64(), pair[1].as_u64()) else {
            return None;
        };
        set.extend(from_llvm_range(a as u128, b as u128, width));
    }
    Some(set)
}

/// Reads the call site's `range(iN lo, hi)` return attribute. LLVM's C API has no getter for
/// constant-range attributes, so the printed call is read instead (`call range(i32 0, 1024) ...`).
pub(crate) fn existing_attribute(call: CallSiteValue<'_>, width: u32) -> Option<IntervalSet> {
    let text = call.as_value_ref();
    // SAFETY: printing a valid value; the returned string is disposed by LLVMString.
    let printed = unsafe { llvm_sys::core::LLVMPrintValueToString(text) };
    let s = unsafe { std::ffi::CStr::from_ptr(printed) }.to_string_lossy().into_owned();
    unsafe { llvm_sys::core::LLVMDisposeMessage(printed) };
    let start = s.find(" range(i")? + " range(".len();
    let body = &s[start..start + s[start..].find(')')?];
    let (_ty, vals) = body.split_once(' ')?;
    let (lo, hi) = vals.split_once(',')?;
    let mask = (1u128 << width) - 1;
    let parse = |v: &str| -> Option<u128> { Some((v.trim().parse::<i128>().ok()? as u128) & mask) };
    Some(from_llvm_range(parse(lo)?, parse(hi)?, width))
}

/// Attaches `[lo, hi)` to the call in the requested form(s). Returns false if nothing changed
/// (the existing facts were already at least as tight, or the intersection was empty).
fn attach(
    module: &Module<'_>,
    inst: InstructionValue<'_>,
    call: CallSiteValue<'_>,
    ty: IntType<'_>,
    lo: u64,
    hi: u64,
    form: RangeForm,
) -> bool {
    let ctx = module.get_context();
    let width = ty.get_bit_width();
    let ours = vec![(lo as u128, (hi as u128).min(1u128 << width))];
    let mut set = ours;
    let old_md = existing_metadata(module, inst, width);
    let old_attr = existing_attribute(call, width);
    for old in [&old_md, &old_attr].into_iter().flatten() {
        set = intersect(&set, old);
    }
    if set.is_empty() {
        // The call can never return a value in range: leave the IR as it is rather than emit an
        // invalid (empty) range.
        return false;
    }
    let pairs = to_llvm_pairs(set.clone(), width);
    let mut changed = false;
    if matches!(form, RangeForm::Metadata | RangeForm::Both) || old_md.is_some() {
        let vals: Vec<BasicMetadataValueEnum> = pairs
            .iter()
            .flat_map(|&(a, b)| [ty.const_int(a as u64, false).into(), ty.const_int(b as u64, false).into()])
            .collect();
        let node = ctx.metadata_node(&vals);
        changed |= old_md.as_ref() != Some(&set);
        let _ = inst.set_metadata(node, ctx.get_kind_id("range"));
    }
    // The attribute holds a single (possibly wrapping) interval; with several pieces it keeps the
    // hull, which is still never wider than the old attribute.
    if matches!(form, RangeForm::Attribute | RangeForm::Both) || old_attr.is_some() {
        let (a, b) = if pairs.len() == 1 { pairs[0] } else { hull(&set, width) };
        changed |= old_attr.as_ref() != Some(&set);
        set_range_attribute(module, call, width, a, b);
    }
    changed
}

/// The smallest single non-wrapping interval covering `set`, as an LLVM pair.
fn hull(set: &IntervalSet, width: u32) -> (u128, u128) {
    let top = 1u128 << width;
    (set[0].0, set.last().unwrap().1 % top)
}

fn set_range_attribute(module: &Module<'_>, call: CallSiteValue<'_>, width: u32, lo: u128, hi: u128) {
    let kind = Attribute::get_named_enum_kind_id("range");
    call.remove_enum_attribute(AttributeLoc::Return, kind);
    let words = |v: u128| -> [u64; 2] { [v as u64, (v >> 64) as u64] };
    let (lw, hw) = (words(lo), words(hi));
    // SAFETY: the module's context outlives the call; the word arrays hold two words, enough for
    // the ≤ 64-bit special registers.
    unsafe {
        let attr = llvm_sys::core::LLVMCreateConstantRangeAttribute(
            llvm_sys::core::LLVMGetModuleContext(module.as_mut_ptr()),
            kind,
            width,
            lw.as_ptr(),
            hw.as_ptr(),
        );
        llvm_sys::core::LLVMAddCallSiteAttribute(call.as_value_ref(), llvm_sys::LLVMAttributeReturnIndex, attr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_ranges_split_and_merge_back() {
        assert_eq!(from_llvm_range(250, 10, 8), vec![(0, 10), (250, 256)]);
        assert_eq!(to_llvm_pairs(vec![(0, 10), (250, 256)], 8), vec![(250, 10)]);
    }

    #[test]
    fn intersection_never_widens() {
        let ours = vec![(0u128, 1024u128)];
        let old = from_llvm_range(5, 2000, 32);
        assert_eq!(intersect(&ours, &old), vec![(5, 1024)]);
        let old = from_llvm_range(u32::MAX as u128 - 3, 7, 32);
        assert_eq!(intersect(&ours, &old), vec![(0, 7)]);
    }

    #[test]
    fn pairs_sorted_in_signed_order() {
        let pairs = to_llvm_pairs(vec![(1, 3), (200, 210)], 8);
        assert_eq!(pairs, vec![(200, 210), (1, 3)]);
    }
}
