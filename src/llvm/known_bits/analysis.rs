//! computeKnownBits on LLVM values (seed 004, "The Merged Analysis": the generic fallback
//! `sub_9AC0E0`, `computeKnownBitsFromOperator`, `computeKnownBitsFromAssume`,
//! `computeKnownBitsFromRangeMetadata` and the post-analysis fixup `sub_99B5E0`).
//!
//! This is the forward half of the fused pass. [`Analyzer::known_bits`] answers "which bits of
//! this value are known" without rewriting anything; the rewriter (`rewrite.rs`) calls it for
//! operands it may not rewrite (several uses) and shares [`Analyzer::transfer`], the per-opcode
//! rule that turns operand facts into result facts, so both halves agree by construction.
//!
//! Algorithm for one value `v` at recursion depth `d`:
//! 1. integer constants are exact; otherwise `d >= MAX_DEPTH` (6, as the seed and LLVM) gives
//!    unknown bits;
//! 2. the visited cache answers values already analysed at a depth `<= d` (a value is analysed
//!    once per rewrite) and breaks cycles through phis: a value met again while its own analysis
//!    is in progress is unknown, which is sound;
//! 3. instructions go through [`Analyzer::transfer`] with operands analysed at `d + 1`; pointers
//!    get their alignment (argument `align`, allocas, globals, GEP offsets from an aligned base:
//!    `getPointerAlignmentBits`);
//! 4. the facts of `!range` metadata and `range` call attributes, of the GPU oracle (special
//!    registers) and of `llvm.assume` calls valid at the current context instruction are met in;
//! 5. under `--verify-known-bits` the independent reference (`reference.rs`) runs on the same
//!    value and a contradiction is recorded.
//!
//! Unknown intrinsics, vectors, floating point and anything not listed give unknown bits.

use super::ir::{self, TargetData, V};
use super::lattice::{ApInt, IntPredicate, KnownBits, WrapFlags};
use super::oracle::{self, FnEnv};
use crate::llvm::intr_range;
use inkwell::module::Module;
use inkwell::values::{CallSiteValue, InstructionValue};
use llvm_sys::LLVMOpcode;
use llvm_sys::LLVMTypeKind;
use llvm_sys::prelude::LLVMBasicBlockRef;
use std::collections::{HashMap, HashSet};

/// The recursion limit: values reached at this depth are unknown (LLVM's
/// `MaxAnalysisRecursionDepth`, the seed's "Max recursion depth 6").
pub(crate) const MAX_DEPTH: u32 = 6;

/// How long a walk inside one block may be when checking that an assume is reached.
const MAX_ASSUME_SCAN: usize = 256;

/// A fact an `llvm.assume` states about one value.
#[derive(Clone, Debug)]
pub(crate) struct AssumeFact {
    /// The `llvm.assume` call.
    pub call: V,
    /// The facts about the subject value.
    pub fact: KnownBits,
    /// The unsigned interval `[lo, hi]` the subject lies in, for comparisons.
    pub bounds: Option<(u128, u128)>,
}

enum Entry {
    InProgress,
    Done(KnownBits, u32),
}

/// Per-function analysis state (one per function and pass run).
pub(crate) struct Analyzer<'a, 'ctx> {
    pub module: &'a Module<'ctx>,
    pub td: &'a TargetData,
    pub env: FnEnv,
    pub func: V,
    /// Facts from assumes, by subject value.
    assumes: HashMap<V, Vec<AssumeFact>>,
    /// Values only feeding assumes (never simplified with the assumes they feed).
    ephemeral: HashSet<V>,
    dom: Option<Dominators>,
    /// The visited cache of the current rewrite.
    cache: HashMap<V, Entry>,
    /// `!range` / `range` facts of calls and loads (they never change during the pass).
    static_facts: HashMap<V, Option<RangeFacts>>,
    /// The instruction whose rewrite is in progress: assumes must be valid there.
    pub context: Option<V>,
    /// Run the reference analysis beside every analysed value.
    pub verify: bool,
    /// Testing hook: compare a copy of the fused result with one known bit flipped.
    pub inject_mismatch: bool,
    /// The first mismatch report, if any.
    pub mismatch: Option<String>,
    /// Number of values analysed (for `-stats`).
    pub analysed: u64,
}

impl<'a, 'ctx> Analyzer<'a, 'ctx> {
    pub fn new(module: &'a Module<'ctx>, td: &'a TargetData, env: FnEnv, func: V) -> Self {
        let mut an = Analyzer {
            module,
            td,
            env,
            func,
            assumes: HashMap::new(),
            ephemeral: HashSet::new(),
            dom: None,
            cache: HashMap::new(),
            static_facts: HashMap::new(),
            context: None,
            verify: false,
            inject_mismatch: false,
            mismatch: None,
            analysed: 0,
        };
        an.collect_assumes();
        an
    }

    /// Whether the function has assumes (the cache then holds only for one context).
    pub fn has_assumes(&self) -> bool {
        !self.assumes.is_empty()
    }

    /// Whether `v` only feeds assumes.
    pub fn is_ephemeral(&self, v: V) -> bool {
        self.ephemeral.contains(&v)
    }

    /// Starts a new rewrite at `root`: assumes are judged there; with assumes the cache is reset.
    pub fn begin(&mut self, root: V) {
        self.context = Some(root);
        if self.has_assumes() {
            self.cache.clear();
        }
    }

    /// Drops every cached fact (after the IR changed).
    pub fn invalidate(&mut self) {
        self.cache.clear();
    }

    /// Forgets a value about to be erased (its address may be reused).
    pub fn forget(&mut self, v: V) {
        self.cache.remove(&v);
        self.static_facts.remove(&v);
        self.assumes.remove(&v);
        self.ephemeral.remove(&v);
    }

    /// The analysed width of a value: integer width or pointer width (None for other types).
    pub fn width_of(&self, v: V) -> Option<u32> {
        v.int_width().or_else(|| v.ptr_addr_space().map(|a| self.td.pointer_bits(a)))
    }

    /// Known bits of `v` at `depth`, requiring the width `width` (unknown when it differs or the
    /// type is not a scalar integer or pointer).
    pub fn known(&mut self, v: V, depth: u32, width: u32) -> KnownBits {
        match self.known_bits(v, depth) {
            Some(kb) if kb.width() == width => kb,
            _ => KnownBits::unknown(width),
        }
    }

    /// computeKnownBits: the facts about `v` (None for types other than scalar integer/pointer).
    pub fn known_bits(&mut self, v: V, depth: u32) -> Option<KnownBits> {
        let width = self.width_of(v)?;
        if let Some(c) = v.const_int() {
            return Some(KnownBits::from_constant(&c));
        }
        if depth >= MAX_DEPTH {
            return Some(KnownBits::unknown(width));
        }
        match self.cache.get(&v) {
            Some(Entry::InProgress) => return Some(KnownBits::unknown(width)),
            Some(Entry::Done(kb, d)) if *d <= depth => return Some(kb.clone()),
            _ => {}
        }
        self.cache.insert(v, Entry::InProgress);
        let structural = self.compute(v, depth, width);
        let kb = self.finish(v, structural);
        self.check(v, &kb);
        self.cache.insert(v, Entry::Done(kb.clone(), depth));
        Some(kb)
    }

    /// The structural facts of `v` (before metadata, oracle and assumes).
    fn compute(&mut self, v: V, depth: u32, width: u32) -> KnownBits {
        self.analysed += 1;
        if v.ptr_addr_space().is_some() {
            return self.pointer_known(v, depth, width);
        }
        let Some(op) = v.any_opcode() else {
            return KnownBits::unknown(width);
        };
        self.transfer(v, op, width, depth, &mut |an, i, w| an.known(v.operand(i), depth + 1, w))
    }

    /// The wrap flags an add/sub/mul/shl instruction carries (none on constant expressions).
    pub fn wrap_flags(v: V) -> WrapFlags {
        use LLVMOpcode::*;
        match v.opcode() {
            Some(LLVMAdd | LLVMSub | LLVMMul | LLVMShl) => WrapFlags { nuw: v.nuw(), nsw: v.nsw() },
            _ => WrapFlags::NONE,
        }
    }

    /// Whether a division or right shift instruction is `exact`.
    pub fn is_exact(v: V) -> bool {
        use LLVMOpcode::*;
        matches!(v.opcode(), Some(LLVMUDiv | LLVMSDiv | LLVMLShr | LLVMAShr)) && v.exact()
    }

    /// The transfer function of one integer-valued operation: the result's facts from the
    /// operands' facts, which `op(self, index, width)` supplies (by analysis, or by the rewriter
    /// after it pushed demanded bits into them). Uses the lattice's rule for every opcode it
    /// covers; anything else is unknown.
    pub fn transfer(
        &mut self,
        v: V,
        opcode: LLVMOpcode,
        width: u32,
        depth: u32,
        op: &mut dyn FnMut(&mut Self, u32, u32) -> KnownBits,
    ) -> KnownBits {
        use LLVMOpcode::*;
        let unknown = KnownBits::unknown(width);
        let src0 = if v.num_operands() > 0 { self.width_of(v.operand(0)) } else { None };
        match opcode {
            LLVMAnd => op(self, 0, width).and(&op(self, 1, width)),
            LLVMOr => op(self, 0, width).or(&op(self, 1, width)),
            LLVMXor => op(self, 0, width).xor(&op(self, 1, width)),
            LLVMAdd => op(self, 0, width).add(&op(self, 1, width), Self::wrap_flags(v)),
            LLVMSub => op(self, 0, width).sub(&op(self, 1, width), Self::wrap_flags(v)),
            LLVMMul => op(self, 0, width).mul(&op(self, 1, width), Self::wrap_flags(v)),
            LLVMUDiv => op(self, 0, width).udiv(&op(self, 1, width)),
            LLVMURem => op(self, 0, width).urem(&op(self, 1, width)),
            LLVMSDiv => op(self, 0, width).sdiv(&op(self, 1, width)),
            LLVMSRem => op(self, 0, width).srem(&op(self, 1, width)),
            LLVMShl | LLVMLShr | LLVMAShr => {
                let a = op(self, 0, width);
                let s = op(self, 1, width);
                shift(opcode, &a, &s, Self::wrap_flags(v), Self::is_exact(v))
            }
            LLVMTrunc | LLVMZExt | LLVMSExt => {
                let Some(sw) = src0.filter(|_| v.operand(0).int_width().is_some()) else {
                    return unknown;
                };
                let a = op(self, 0, sw);
                match opcode {
                    LLVMTrunc if sw > width => a.trunc(width),
                    LLVMZExt if sw < width => a.zext(width),
                    LLVMSExt if sw < width => a.sext(width),
                    _ => unknown,
                }
            }
            LLVMPtrToInt => {
                let Some(pw) = src0.filter(|_| v.operand(0).ptr_addr_space().is_some()) else {
                    return unknown;
                };
                resize(&op(self, 0, pw), width)
            }
            LLVMBitCast => match v.operand(0).int_width() {
                Some(w) if w == width => op(self, 0, width),
                _ => unknown,
            },
            LLVMSelect => {
                if v.operand(0).int_width() != Some(1) {
                    return unknown;
                }
                let c = op(self, 0, 1);
                KnownBits::select(&c, &op(self, 1, width), &op(self, 2, width))
            }
            LLVMICmp => {
                let (Some(pred), Some(ow)) = (v.icmp_predicate(), src0) else {
                    return unknown;
                };
                if width != 1 {
                    return unknown;
                }
                let a = op(self, 0, ow);
                let b = op(self, 1, ow);
                self.icmp_known(v, pred, &a, &b)
            }
            LLVMPHI => {
                if let Some(kb) = self.recurrence(v, width, depth, op) {
                    return kb;
                }
                let mut acc: Option<KnownBits> = None;
                for i in 0..v.num_operands() {
                    let k = op(self, i, width);
                    let m = match acc {
                        None => k,
                        Some(a) => a.merge(&k),
                    };
                    if m.is_unknown() {
                        return m;
                    }
                    acc = Some(m);
                }
                acc.unwrap_or(unknown)
            }
            LLVMCall => self.call_known(v, width, op),
            LLVMExtractElement => self.extract_known(v, width, depth),
            _ => unknown,
        }
    }

    /// A phi counting up or down: `p = phi [start, ...], [p + step, ...]` (add or sub, any number
    /// of start values and steps). Every value is a start plus a sum of steps, so it agrees with
    /// some start on the low bits below the steps' common trailing zeros; those bits are the merge
    /// of the starts' (e.g. a counter from 0 in steps of 2 is even).
    fn recurrence(
        &mut self,
        phi: V,
        width: u32,
        depth: u32,
        op: &mut dyn FnMut(&mut Self, u32, u32) -> KnownBits,
    ) -> Option<KnownBits> {
        let mut tz = width;
        let mut starts: Option<KnownBits> = None;
        let mut recurrent = false;
        for i in 0..phi.num_operands() {
            let x = phi.operand(i);
            let step = match x.opcode() {
                Some(LLVMOpcode::LLVMAdd) if x.operand(0) == phi => Some(x.operand(1)),
                Some(LLVMOpcode::LLVMAdd) if x.operand(1) == phi => Some(x.operand(0)),
                Some(LLVMOpcode::LLVMSub) if x.operand(0) == phi => Some(x.operand(1)),
                _ => None,
            };
            if let Some(step) = step {
                recurrent = true;
                tz = tz.min(self.known(step, depth + 1, width).count_min_trailing_zeros());
            } else {
                let k = op(self, i, width);
                starts = Some(match starts {
                    None => k,
                    Some(a) => a.merge(&k),
                });
            }
        }
        if !recurrent || tz == 0 {
            return None;
        }
        let low = ApInt::low_bits_set(width, tz);
        let s = starts?;
        Some(KnownBits { zero: s.zero.and(&low), one: s.one.and(&low) })
    }

    /// Known bits of an intrinsic call's result from its arguments' facts.
    fn call_known(&mut self, v: V, width: u32, op: &mut dyn FnMut(&mut Self, u32, u32) -> KnownBits) -> KnownBits {
        let unknown = KnownBits::unknown(width);
        let Some(name) = v.callee_name() else { return unknown };
        if let Some(kb) = oracle::sreg_known_bits(&name, width, &self.env) {
            return kb;
        }
        let Some(base) = intrinsic_base(&name) else { return unknown };
        let nargs = v.num_args();
        let arg_ok = |i: u32| i < nargs && v.operand(i).int_width() == Some(width);
        let flag = |i: u32| i < nargs && v.operand(i).const_int().is_some_and(|c| !c.is_zero());
        match base {
            "ctpop" if arg_ok(0) => op(self, 0, width).ctpop(),
            "ctlz" if arg_ok(0) => op(self, 0, width).ctlz(flag(1)),
            "cttz" if arg_ok(0) => op(self, 0, width).cttz(flag(1)),
            "bswap" if arg_ok(0) && width.is_multiple_of(16) => op(self, 0, width).bswap(),
            "bitreverse" if arg_ok(0) => op(self, 0, width).bitreverse(),
            "abs" if arg_ok(0) => op(self, 0, width).abs(flag(1)),
            "umin" | "umax" | "smin" | "smax" if arg_ok(0) && arg_ok(1) => {
                let a = op(self, 0, width);
                let b = op(self, 1, width);
                match base {
                    "umin" => a.umin(&b),
                    "umax" => a.umax(&b),
                    "smin" => a.smin(&b),
                    _ => a.smax(&b),
                }
            }
            "fshl" | "fshr" if arg_ok(0) && arg_ok(1) && arg_ok(2) => {
                let a = op(self, 0, width);
                let b = op(self, 1, width);
                let s = op(self, 2, width);
                match (base, s.constant().and_then(ApInt::to_u64)) {
                    ("fshl", Some(c)) => a.fshl_const(&b, c),
                    ("fshr", Some(c)) => a.fshr_const(&b, c),
                    ("fshl", None) => a.fshl(&b, &s),
                    _ => a.fshr(&b, &s),
                }
            }
            _ => unknown,
        }
    }

    /// `extractelement (bitcast iN %s to <m x iK>), c`: the element is bits `[K*c, K*c+K)` of
    /// `%s` (little-endian layouts only); any other vector gives unknown bits.
    fn extract_known(&mut self, v: V, width: u32, depth: u32) -> KnownBits {
        match self.extract_slice(v) {
            Some((scalar, lo)) => {
                let sw = scalar.int_width().unwrap_or(0);
                let ks = self.known(scalar, depth + 2, sw);
                ks.lshr_const(u64::from(lo), false).trunc(width)
            }
            None => KnownBits::unknown(width),
        }
    }

    /// For `extractelement (bitcast iN %s to <m x iK>), c` on a little-endian target: `%s` and
    /// the slice's low bit `K*c`.
    pub fn extract_slice(&self, v: V) -> Option<(V, u32)> {
        let width = v.int_width()?;
        let vec = v.operand(0);
        if vec.any_opcode()? != LLVMOpcode::LLVMBitCast || !self.td.little_endian() {
            return None;
        }
        let scalar = vec.operand(0);
        let sw = scalar.int_width()?;
        let idx = v.operand(1).const_int()?.to_u64()?;
        let lo = u64::from(width).checked_mul(idx)?;
        (lo + u64::from(width) <= u64::from(sw)).then_some((scalar, lo as u32))
    }

    /// ComputeNumSignBits, reduced: the number of top bits of `v` known to equal its sign bit,
    /// from the known bits and through `ashr` by a constant, `sext` and `trunc` (which known
    /// bits alone cannot express when the sign itself is unknown).
    pub fn num_sign_bits(&mut self, v: V, depth: u32) -> u32 {
        use LLVMOpcode::*;
        let Some(w) = v.int_width() else { return 1 };
        let from_bits = self.known(v, depth, w).count_min_sign_bits().max(1);
        if depth >= MAX_DEPTH || !v.is_instruction() {
            return from_bits;
        }
        let structural = match v.opcode() {
            Some(LLVMAShr) => match v.operand(1).const_int().and_then(|c| c.to_u64()) {
                Some(s) if s < u64::from(w) => (self.num_sign_bits(v.operand(0), depth + 1) + s as u32).min(w),
                _ => 1,
            },
            Some(LLVMSExt) => match v.operand(0).int_width() {
                Some(sw) if sw < w => self.num_sign_bits(v.operand(0), depth + 1) + (w - sw),
                _ => 1,
            },
            Some(LLVMTrunc) => match v.operand(0).int_width() {
                Some(sw) if sw > w => self.num_sign_bits(v.operand(0), depth + 1).saturating_sub(sw - w).max(1),
                _ => 1,
            },
            _ => 1,
        };
        from_bits.max(structural)
    }

    // -- pointers -------------------------------------------------------------------------------

    /// Known bits of a pointer value: alignment from `align` parameter attributes, allocas and
    /// global variables, and GEP offsets added to the base's facts (getPointerAlignmentBits).
    fn pointer_known(&mut self, v: V, depth: u32, width: u32) -> KnownBits {
        let unknown = KnownBits::unknown(width);
        if v.is_null_constant() {
            return KnownBits::from_u64(width, 0);
        }
        let align = if v.is_global_variable() || v.is_alloca() {
            u64::from(v.alignment())
        } else if v.is_argument() {
            match (v.function(), v.arg_index()) {
                (Some(f), Some(i)) => f.param_align(i),
                _ => 0,
            }
        } else {
            0
        };
        if align > 1 && align.is_power_of_two() {
            let bits = align.trailing_zeros().min(width);
            return KnownBits::from_parts(ApInt::low_bits_set(width, bits), ApInt::zero(width));
        }
        match v.any_opcode() {
            Some(LLVMOpcode::LLVMGetElementPtr) => self.gep_known(v, depth, width).unwrap_or(unknown),
            Some(LLVMOpcode::LLVMBitCast) if v.operand(0).ptr_addr_space() == v.ptr_addr_space() => {
                self.known(v.operand(0), depth + 1, width)
            }
            _ => unknown,
        }
    }

    /// `base + sum(index * size)` over the GEP's indices (struct fields add their offsets).
    fn gep_known(&mut self, v: V, depth: u32, width: u32) -> Option<KnownBits> {
        let mut acc = self.known(v.operand(0), depth + 1, width);
        let mut ty = v.gep_source_type();
        for i in 1..v.num_operands() {
            let idx = v.operand(i);
            if i > 1 {
                match ir::type_kind(ty) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let field = idx.const_int()?.to_u64()? as u32;
                        let off = self.td.field_offset(ty, field);
                        ty = ir::struct_field(ty, field);
                        acc = acc.add(&KnownBits::from_u64(width, off), WrapFlags::NONE);
                        continue;
                    }
                    LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => ty = ir::element_type(ty),
                    _ => return None,
                }
            }
            let size = self.td.alloc_size(ty);
            let iw = idx.int_width()?;
            let k = self.known(idx, depth + 1, iw);
            let k = if iw < width {
                k.sext(width)
            } else if iw > width {
                k.trunc(width)
            } else {
                k
            };
            acc = acc.add(&k.mul(&KnownBits::from_u64(width, size), WrapFlags::NONE), WrapFlags::NONE);
        }
        Some(acc)
    }

    // -- facts beside the structure ---------------------------------------------------------------

    /// Meets in the facts of range metadata/attributes and of assumes valid at the context.
    /// Contradicting facts (only possible in code that is undefined when reached) are ignored.
    pub fn finish(&mut self, v: V, mut kb: KnownBits) -> KnownBits {
        if let Some(f) = self.static_fact(v)
            && let Some(r) = kb.refine(&f)
        {
            kb = r;
        }
        // The intersection of the interval facts says more than each one's known bits
        // (`x >= 8` and `x <= 15` together set bit 3).
        if (self.context.is_some() && self.assumes.contains_key(&v))
            && let Some((lo, hi)) = self.direct_bounds(v, kb.width())
            && lo <= hi
            && let Some(r) = kb.refine(&KnownBits::from_unsigned_bounds(
                &ApInt::from_u128(kb.width(), lo),
                &ApInt::from_u128(kb.width(), hi),
            ))
        {
            kb = r;
        }
        if let Some(ctx) = self.context
            && let Some(facts) = self.assumes.get(&v).cloned()
        {
            for a in facts {
                if a.fact.width() == kb.width()
                    && self.assume_valid_at(a.call, ctx)
                    && let Some(r) = kb.refine(&a.fact)
                {
                    kb = r;
                }
            }
        }
        kb
    }

    /// The `!range` metadata (calls and loads) and `range` return attribute (argument-less
    /// calls, whose printed form is unambiguous) of `v`, as known bits.
    pub fn static_fact(&mut self, v: V) -> Option<KnownBits> {
        self.static_range(v).map(|r| r.kb)
    }

    /// The range facts of a call or load (cached: they never change during the pass).
    fn static_range(&mut self, v: V) -> Option<RangeFacts> {
        let op = v.opcode()?;
        if op != LLVMOpcode::LLVMCall && op != LLVMOpcode::LLVMLoad {
            return None;
        }
        if let Some(f) = self.static_facts.get(&v) {
            return f.clone();
        }
        let f = read_range(self.module, v);
        self.static_facts.insert(v, f.clone());
        f
    }

    /// The unsigned interval `[lo, hi]` of `v` from its range sources (special-register table,
    /// range metadata and attributes, assumes valid at the context), looking through `zext`.
    fn direct_bounds(&mut self, v: V, width: u32) -> Option<(u128, u128)> {
        if width > 128 {
            return None;
        }
        let mut lo = 0u128;
        let mut hi = if width == 128 { u128::MAX } else { (1u128 << width) - 1 };
        let mut meet = |b: Option<(u128, u128)>| {
            if let Some((l, h)) = b {
                lo = lo.max(l);
                hi = hi.min(h);
            }
        };
        if v.opcode() == Some(LLVMOpcode::LLVMZExt)
            && let Some(sw) = v.operand(0).int_width()
        {
            meet(self.direct_bounds(v.operand(0), sw));
        }
        if let Some(name) = v.callee_name()
            && let Some((l, h)) = oracle::sreg_range(&name, &self.env)
            && h > 0
        {
            meet(Some((u128::from(l), u128::from(h) - 1)));
        }
        meet(self.static_range(v).and_then(|r| r.bounds));
        if let Some(ctx) = self.context
            && let Some(facts) = self.assumes.get(&v).cloned()
        {
            for a in facts {
                if a.fact.width() == width && a.bounds.is_some() && self.assume_valid_at(a.call, ctx) {
                    meet(a.bounds);
                }
            }
        }
        Some((lo, hi))
    }

    /// `icmp pred a, b` from the operands' known bits, and when those do not decide it, from the
    /// unsigned intervals of the operands (known-bits extremes met with their range sources), so
    /// that e.g. `icmp ugt ntid.x, 1024` is false although `[1, 1024]` has no common bit prefix.
    pub fn icmp_known(&mut self, v: V, pred: IntPredicate, ka: &KnownBits, kb: &KnownBits) -> KnownBits {
        let r = KnownBits::icmp(pred, ka, kb);
        let w = ka.width();
        if !r.is_unknown() || w > 128 || v.operand(0).int_width().is_none() {
            return r;
        }
        let bounds = |an: &mut Self, x: V, k: &KnownBits| -> Option<(u128, u128)> {
            let (l, h) = an.direct_bounds(x, w)?;
            let l = l.max(k.min_value().to_u128()?);
            let h = h.min(k.max_value().to_u128()?);
            (l <= h).then_some((l, h))
        };
        let (Some(a), Some(b)) = (bounds(self, v.operand(0), ka), bounds(self, v.operand(1), kb)) else {
            return r;
        };
        match decide_unsigned(pred, a, b, w) {
            Some(x) => KnownBits::from_u64(1, u64::from(x)),
            None => r,
        }
    }

    // -- assumes ---------------------------------------------------------------------------------

    /// Collects the facts of every `llvm.assume` in the function and the values only feeding
    /// them.
    fn collect_assumes(&mut self) {
        let mut conds = Vec::new();
        for inst in ir::instructions(self.func) {
            if inst.callee_name().as_deref() == Some("llvm.assume") && inst.num_args() == 1 {
                let cond = inst.operand(0);
                for (subject, fact, bounds) in decode_assume(cond) {
                    self.assumes.entry(subject).or_default().push(AssumeFact { call: inst, fact, bounds });
                }
                conds.push(cond);
            }
        }
        if conds.is_empty() {
            return;
        }
        // Ephemeral values: side-effect-free instructions all of whose users are assumes or
        // ephemeral themselves (LLVM's `isEphemeralValueOf`).
        let mut work = conds;
        while let Some(v) = work.pop() {
            if self.ephemeral.contains(&v) || !v.is_instruction() || !is_pure(v) {
                continue;
            }
            let all_ephemeral = v
                .users()
                .iter()
                .all(|u| self.ephemeral.contains(u) || u.callee_name().as_deref() == Some("llvm.assume"));
            if all_ephemeral {
                self.ephemeral.insert(v);
                for i in 0..v.num_operands() {
                    work.push(v.operand(i));
                }
            }
        }
    }

    /// Whether the assume `call` holds whenever `ctx` executes: `call` comes first in the same
    /// block, or follows `ctx` with only instructions that always transfer control in between,
    /// or its block dominates `ctx`'s block.
    fn assume_valid_at(&mut self, call: V, ctx: V) -> bool {
        if !ctx.is_instruction() {
            return false;
        }
        if call.block() == ctx.block() {
            // After ctx, reached through transferring instructions?
            let mut cur = ctx.next_instruction();
            let mut n = 0;
            while let Some(i) = cur {
                if i == call {
                    return true;
                }
                n += 1;
                if n > MAX_ASSUME_SCAN || !transfers_control(i) {
                    break;
                }
                cur = i.next_instruction();
            }
            // Before ctx?
            let mut cur = call.next_instruction();
            while let Some(i) = cur {
                if i == ctx {
                    return true;
                }
                cur = i.next_instruction();
            }
            return false;
        }
        if self.dom.is_none() {
            self.dom = Some(Dominators::compute(self.func));
        }
        self.dom.as_ref().is_some_and(|d| d.dominates(call.block(), ctx.block()))
    }
}

/// The lattice rule of a shift, constant amounts through the exact constant-amount rules.
pub(crate) fn shift(opcode: LLVMOpcode, a: &KnownBits, s: &KnownBits, flags: WrapFlags, exact: bool) -> KnownBits {
    let amount = s.constant().map(|c| c.to_u64().unwrap_or(u64::MAX));
    match (opcode, amount) {
        (LLVMOpcode::LLVMShl, Some(c)) => a.shl_const(c, flags),
        (LLVMOpcode::LLVMShl, None) => a.shl(s, flags),
        (LLVMOpcode::LLVMLShr, Some(c)) => a.lshr_const(c, exact),
        (LLVMOpcode::LLVMLShr, None) => a.lshr(s, exact),
        (_, Some(c)) => a.ashr_const(c, exact),
        (_, None) => a.ashr(s, exact),
    }
}

/// Zero-extends or truncates known bits to `width` (ptrtoint semantics).
pub(crate) fn resize(kb: &KnownBits, width: u32) -> KnownBits {
    match kb.width().cmp(&width) {
        std::cmp::Ordering::Less => kb.zext(width),
        std::cmp::Ordering::Greater => kb.trunc(width),
        std::cmp::Ordering::Equal => kb.clone(),
    }
}

/// `llvm.bswap.i32` -> `bswap`: the intrinsic's base name without the type suffixes.
pub(crate) fn intrinsic_base(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("llvm.")?;
    Some(rest.split('.').next().unwrap_or(rest))
}

/// What range metadata and attributes say about one value.
#[derive(Clone, Debug)]
pub(crate) struct RangeFacts {
    /// The known bits of every admitted value.
    pub kb: KnownBits,
    /// The unsigned hull `[lo, hi]` of the admitted values (None when the ranges contradict).
    pub bounds: Option<(u128, u128)>,
}

/// Range facts of a call or load: `!range` metadata, and the `range` return attribute of an
/// argument-less call.
pub(crate) fn read_range(module: &Module<'_>, v: V) -> Option<RangeFacts> {
    if !matches!(v.opcode(), Some(LLVMOpcode::LLVMCall | LLVMOpcode::LLVMLoad)) {
        return None;
    }
    let width = v.int_width()?;
    // SAFETY: `v` is a live call or load instruction of `module`.
    let inst = unsafe { InstructionValue::new(v.0) };
    let mut sets = vec![intr_range::existing_metadata(module, inst, width)];
    if v.opcode() == Some(LLVMOpcode::LLVMCall) && v.num_args() == 0 {
        // SAFETY: `v` is a call.
        let call = unsafe { CallSiteValue::new(v.0) };
        sets.push(intr_range::existing_attribute(call, width));
    }
    let mut out: Option<RangeFacts> = None;
    for set in sets.into_iter().flatten() {
        let Some(kb) = oracle::intervals_known_bits(width, &set) else { continue };
        let hull = set.iter().map(|p| p.0).min().zip(set.iter().map(|p| p.1).max()).map(|(l, h)| (l, h - 1));
        out = Some(match out.take() {
            None => RangeFacts { kb, bounds: hull },
            Some(o) => RangeFacts {
                kb: o.kb.refine(&kb).unwrap_or(o.kb),
                bounds: match (o.bounds, hull) {
                    (Some((a, b)), Some((c, d))) => Some((a.max(c), b.min(d))).filter(|(l, h)| l <= h),
                    _ => None,
                },
            },
        });
    }
    out
}

/// The known bits of [`read_range`].
pub(crate) fn read_range_facts(module: &Module<'_>, v: V) -> Option<KnownBits> {
    read_range(module, v).map(|r| r.kb)
}

/// Decides `a pred b` for unsigned intervals `a = [alo, ahi]`, `b = [blo, bhi]` of `width` bits;
/// signed predicates only when both intervals are non-negative.
fn decide_unsigned(pred: IntPredicate, a: (u128, u128), b: (u128, u128), width: u32) -> Option<bool> {
    use IntPredicate::*;
    let sign = 1u128 << (width - 1);
    let nonneg = a.1 < sign && b.1 < sign;
    let p = match pred {
        Slt if nonneg => Ult,
        Sle if nonneg => Ule,
        Sgt if nonneg => Ugt,
        Sge if nonneg => Uge,
        Slt | Sle | Sgt | Sge => return None,
        p => p,
    };
    match p {
        Ult => {
            if a.1 < b.0 {
                Some(true)
            } else if a.0 >= b.1 {
                Some(false)
            } else {
                None
            }
        }
        Ule => {
            if a.1 <= b.0 {
                Some(true)
            } else if a.0 > b.1 {
                Some(false)
            } else {
                None
            }
        }
        Ugt => decide_unsigned(Ult, b, a, width),
        Uge => decide_unsigned(Ule, b, a, width),
        Eq => {
            if a.1 < b.0 || b.1 < a.0 {
                Some(false)
            } else if a.0 == a.1 && b.0 == b.1 && a.0 == b.0 {
                Some(true)
            } else {
                None
            }
        }
        Ne => decide_unsigned(Eq, a, b, width).map(|x| !x),
        _ => None,
    }
}

/// One fact of an assume: the subject value, its known bits, its unsigned interval.
pub(crate) type AssumeDecoded = (V, KnownBits, Option<(u128, u128)>);

/// The facts `llvm.assume(cond)` gives, per subject value: comparisons of a value with a
/// constant (`ult/ule/ugt/uge/eq` and the signed forms; the unsigned ones also as an interval)
/// and masked tests `(x & m) == c`, `(x & 2^k) != 0`.
pub(crate) fn decode_assume(cond: V) -> Vec<AssumeDecoded> {
    let mut out = Vec::new();
    let Some(pred) = cond.icmp_predicate() else { return out };
    let (a, b) = (cond.operand(0), cond.operand(1));
    let (x, pred, c) = match (a.const_int(), b.const_int()) {
        (None, Some(c)) => (a, pred, c),
        (Some(c), None) => (b, pred.swapped(), c),
        _ => return out,
    };
    if let Some(kb) = compare_fact(pred, &c) {
        out.push((x, kb, compare_bounds(pred, &c)));
    }
    // (y & m) ==/!= c
    if x.opcode() == Some(LLVMOpcode::LLVMAnd) {
        let (y, m) = match (x.operand(0).const_int(), x.operand(1).const_int()) {
            (None, Some(m)) => (x.operand(0), m),
            (Some(m), None) => (x.operand(1), m),
            _ => return out,
        };
        match pred {
            IntPredicate::Eq if c.is_subset_of(&m) => {
                out.push((y, KnownBits::from_parts(m.and_not(&c), c.clone()), None));
            }
            IntPredicate::Ne if c.is_zero() && m.is_power_of_two() => {
                out.push((y, KnownBits::from_parts(ApInt::zero(m.width()), m.clone()), None));
            }
            _ => {}
        }
    }
    out
}

/// The unsigned interval of `x` from `x pred c` (unsigned predicates and `eq`).
fn compare_bounds(pred: IntPredicate, c: &ApInt) -> Option<(u128, u128)> {
    let w = c.width();
    if w > 128 {
        return None;
    }
    let c = c.to_u128()?;
    let max = if w == 128 { u128::MAX } else { (1u128 << w) - 1 };
    match pred {
        IntPredicate::Eq => Some((c, c)),
        IntPredicate::Ult if c > 0 => Some((0, c - 1)),
        IntPredicate::Ule => Some((0, c)),
        IntPredicate::Ugt if c < max => Some((c + 1, max)),
        IntPredicate::Uge => Some((c, max)),
        _ => None,
    }
}

/// Facts about `x` from `x pred c`.
fn compare_fact(pred: IntPredicate, c: &ApInt) -> Option<KnownBits> {
    let w = c.width();
    let one = ApInt::new(w, 1);
    let (umax, smin, smax) = (ApInt::all_ones(w), ApInt::signed_min_value(w), ApInt::signed_max_value(w));
    Some(match pred {
        IntPredicate::Eq => KnownBits::from_constant(c),
        IntPredicate::Ne => return None,
        IntPredicate::Ult if !c.is_zero() => KnownBits::from_unsigned_bounds(&ApInt::zero(w), &c.wrapping_sub(&one)),
        IntPredicate::Ule => KnownBits::from_unsigned_bounds(&ApInt::zero(w), c),
        IntPredicate::Ugt if *c != umax => KnownBits::from_unsigned_bounds(&c.wrapping_add(&one), &umax),
        IntPredicate::Uge => KnownBits::from_unsigned_bounds(c, &umax),
        IntPredicate::Slt if *c != smin => KnownBits::from_signed_bounds(&smin, &c.wrapping_sub(&one)),
        IntPredicate::Sle => KnownBits::from_signed_bounds(&smin, c),
        IntPredicate::Sgt if *c != smax => KnownBits::from_signed_bounds(&c.wrapping_add(&one), &smax),
        IntPredicate::Sge => KnownBits::from_signed_bounds(c, &smax),
        _ => return None,
    })
}

/// Intrinsics that neither write memory nor fail to return.
pub(crate) fn is_pure_intrinsic(name: &str) -> bool {
    if name.starts_with("llvm.nvvm.read.ptx.sreg.") {
        return true;
    }
    matches!(
        intrinsic_base(name),
        Some(
            "ctpop"
                | "ctlz"
                | "cttz"
                | "bswap"
                | "bitreverse"
                | "abs"
                | "umin"
                | "umax"
                | "smin"
                | "smax"
                | "fshl"
                | "fshr"
        )
    )
}

/// Side-effect-free instructions that may be erased when unused.
pub(crate) fn is_pure(v: V) -> bool {
    use LLVMOpcode::*;
    match v.opcode() {
        Some(
            LLVMAdd | LLVMSub | LLVMMul | LLVMAnd | LLVMOr | LLVMXor | LLVMShl | LLVMLShr | LLVMAShr | LLVMTrunc
            | LLVMZExt | LLVMSExt | LLVMICmp | LLVMSelect | LLVMGetElementPtr | LLVMExtractElement | LLVMBitCast
            | LLVMPtrToInt | LLVMPHI | LLVMUDiv | LLVMURem | LLVMSDiv | LLVMSRem,
        ) => true,
        Some(LLVMCall) => v.callee_name().is_some_and(|n| is_pure_intrinsic(&n)),
        _ => false,
    }
}

/// Whether executing `i` always continues with the next instruction (no call that might not
/// return, no volatile access).
fn transfers_control(i: V) -> bool {
    use LLVMOpcode::*;
    match i.opcode() {
        Some(LLVMCall) => {
            i.callee_name().is_some_and(|n| n == "llvm.assume" || is_pure_intrinsic(&n) || n.starts_with("llvm.dbg."))
        }
        Some(LLVMInvoke | LLVMCallBr | LLVMRet | LLVMBr | LLVMSwitch | LLVMUnreachable | LLVMIndirectBr) => false,
        Some(LLVMLoad | LLVMStore) => !i.is_volatile(),
        Some(LLVMAtomicRMW | LLVMAtomicCmpXchg | LLVMFence) => false,
        _ => true,
    }
}

/// The dominator tree of a function's blocks (Cooper, Harvey and Kennedy's iterative
/// algorithm over the reverse post-order).
pub(crate) struct Dominators {
    idom: HashMap<LLVMBasicBlockRef, LLVMBasicBlockRef>,
    rpo_index: HashMap<LLVMBasicBlockRef, usize>,
}

impl Dominators {
    pub fn compute(f: V) -> Dominators {
        let blocks = ir::blocks(f);
        let mut idom = HashMap::new();
        let mut rpo_index = HashMap::new();
        let Some(&entry) = blocks.first() else { return Dominators { idom, rpo_index } };
        // Post-order by an explicit DFS.
        let mut post = Vec::new();
        let mut seen = HashSet::new();
        let mut stack = vec![(entry, ir::successors(entry), 0usize)];
        seen.insert(entry);
        while let Some((bb, succs, i)) = stack.last_mut() {
            if *i < succs.len() {
                let s = succs[*i];
                *i += 1;
                if seen.insert(s) {
                    let ss = ir::successors(s);
                    stack.push((s, ss, 0));
                }
            } else {
                post.push(*bb);
                stack.pop();
            }
        }
        let rpo: Vec<LLVMBasicBlockRef> = post.into_iter().rev().collect();
        for (i, &b) in rpo.iter().enumerate() {
            rpo_index.insert(b, i);
        }
        let mut preds: HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>> = HashMap::new();
        for &b in &rpo {
            for s in ir::successors(b) {
                preds.entry(s).or_default().push(b);
            }
        }
        idom.insert(entry, entry);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new: Option<LLVMBasicBlockRef> = None;
                for &p in preds.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
                    if !idom.contains_key(&p) {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(n) => intersect(&idom, &rpo_index, p, n),
                    });
                }
                if let Some(n) = new
                    && idom.get(&b) != Some(&n)
                {
                    idom.insert(b, n);
                    changed = true;
                }
            }
        }
        Dominators { idom, rpo_index }
    }

    /// Whether block `a` dominates block `b` (unreachable blocks are dominated by nothing).
    pub fn dominates(&self, a: LLVMBasicBlockRef, b: LLVMBasicBlockRef) -> bool {
        if !self.rpo_index.contains_key(&a) || !self.rpo_index.contains_key(&b) {
            return false;
        }
        let mut cur = b;
        loop {
            if cur == a {
                return true;
            }
            match self.idom.get(&cur) {
                Some(&p) if p != cur => cur = p,
                _ => return false,
            }
        }
    }
}

fn intersect(
    idom: &HashMap<LLVMBasicBlockRef, LLVMBasicBlockRef>,
    index: &HashMap<LLVMBasicBlockRef, usize>,
    mut a: LLVMBasicBlockRef,
    mut b: LLVMBasicBlockRef,
) -> LLVMBasicBlockRef {
    while a != b {
        while index[&a] > index[&b] {
            a = idom[&a];
        }
        while index[&b] > index[&a] {
            b = idom[&b];
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_compares() {
        use IntPredicate::*;
        // ntid.x in [1, 1024]
        let ntid = (1u128, 1024u128);
        assert_eq!(decide_unsigned(Ugt, ntid, (1024, 1024), 32), Some(false));
        assert_eq!(decide_unsigned(Ule, ntid, (1024, 1024), 32), Some(true));
        assert_eq!(decide_unsigned(Eq, ntid, (0, 0), 32), Some(false));
        assert_eq!(decide_unsigned(Ne, ntid, (0, 0), 32), Some(true));
        assert_eq!(decide_unsigned(Ult, ntid, (512, 512), 32), None);
        // Signed predicates only for non-negative intervals.
        assert_eq!(decide_unsigned(Slt, ntid, (0, 0), 32), Some(false));
        assert_eq!(decide_unsigned(Slt, (0, u128::from(u32::MAX)), (0, 0), 32), None);
    }

    #[test]
    fn compare_facts() {
        let c = ApInt::new(32, 256);
        let f = compare_fact(IntPredicate::Ult, &c).unwrap();
        assert_eq!(f.count_min_leading_zeros(), 24);
        assert_eq!(compare_bounds(IntPredicate::Ugt, &c), Some((257, u128::from(u32::MAX))));
        assert!(compare_fact(IntPredicate::Ult, &ApInt::new(32, 0)).is_none());
        assert!(compare_fact(IntPredicate::Ne, &c).is_none());
        let eq = compare_fact(IntPredicate::Eq, &c).unwrap();
        assert_eq!(eq.constant().and_then(|v| v.to_u64()), Some(256));
    }

    #[test]
    fn intrinsic_base_names() {
        assert_eq!(intrinsic_base("llvm.bswap.i32"), Some("bswap"));
        assert_eq!(intrinsic_base("llvm.umin.i64"), Some("umin"));
        assert_eq!(intrinsic_base("foo"), None);
        assert!(is_pure_intrinsic("llvm.nvvm.read.ptx.sreg.tid.x"));
        assert!(!is_pure_intrinsic("llvm.nvvm.barrier0"));
    }

    #[test]
    fn dominators_of_a_diamond() {
        let ctx = inkwell::context::Context::create();
        let src = "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %j\nb:\n  br label %j\nj:\n  ret void\n}\n";
        let m = crate::llvm::module::parse_module(&ctx, src.as_bytes(), "m").unwrap();
        let f = V(inkwell::values::AsValueRef::as_value_ref(&m.get_function("f").unwrap()));
        let bbs = ir::blocks(f);
        let d = Dominators::compute(f);
        let (entry, a, b, j) = (bbs[0], bbs[1], bbs[2], bbs[3]);
        assert!(d.dominates(entry, j) && d.dominates(entry, a) && d.dominates(j, j));
        assert!(!d.dominates(a, j) && !d.dominates(b, j) && !d.dominates(j, entry));
    }
}
