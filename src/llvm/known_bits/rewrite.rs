//! The `nv-known-bits` pass: the fused computeKnownBits + SimplifyDemandedBits rewriter (seed 004,
//! "The Merged Analysis: Algorithm and Pseudocode", "Demand Propagation Per Operand", "Dead Bit
//! Elimination", "GPU Patterns Enabled by Known Bits").
//!
//! # Algorithm
//!
//! Every instruction with an integer result (and every GEP into shared/local memory) is a *root*,
//! visited in layout order; the function is swept again while something changed (at most
//! [`MAX_SWEEPS`] times). From a root, one recursive traversal pushes *demanded bits* backward
//! and *known bits* forward and rewrites as it goes (`simplify`):
//!
//! 1. the root demands all of its bits; each opcode derives the bits it demands of each operand
//!    (e.g. `and x, C` demands `D & C` of `x`, `trunc` demands the low bits, `lshr x, k` demands
//!    `D << k`, `add`/`mul` the bits up to the highest demanded one);
//! 2. an operand with a single use (this one) is simplified recursively under that demand, so its
//!    rewrite only has to agree with the old value on the demanded bits; an operand with several
//!    uses is only analysed (`analysis.rs`), and may be bypassed for this use alone (all demanded
//!    bits known: a constant; an and/or/xor whose other side is the identity on them: that side);
//! 3. the operands' known bits give the instruction's (the lattice transfer functions, shared
//!    with the analysis), then the rewrites below are tried;
//! 4. "demand-covers-known": when every demanded bit is known, the value is that constant.
//!
//! Depth is limited to 6 (`analysis::MAX_DEPTH`); a visited cache makes every value analysed
//! once per rewrite and breaks cycles.
//!
//! # Rewrites (each counted for `-stats`)
//!
//! - known constant (demanded ⊆ known): `and tid, 1023` has tid's bits; `icmp ugt ntid.x, 1024`
//!   is false (compares also use the operands' intervals, which known bits cannot express);
//!   `laneid >> 5` is 0; a warpsize read is 32;
//! - and/or/xor/add/sub whose one side is the identity on the demanded bits goes; a demanded
//!   constant loses the bits that do not matter;
//! - `mul x, 2^k` (a constant, warpsize, a `reqntid` ntid) becomes `shl x, k`;
//! - `sext` of a non-negative value becomes `zext nneg`, a `sext` whose high bits are not
//!   demanded a plain `zext`; `zext/sext (trunc y)` back to `y`'s type is `y` when the dropped
//!   bits are known (or sign copies) or not demanded; `trunc` of an expression built from extensions is rebuilt in the narrow type
//!   (`trunc(zext(tid) * 4)` is an i32 multiply);
//! - `bswap` whose demanded bits lie in one byte is a shift; `lshr (bswap x), 8k` extracting one
//!   byte reads that byte of `x` directly;
//! - `extractelement (bitcast (zext x) to <m x iK>), c` reads `x` directly (bitcast-through-zext);
//! - `ashr` of a non-negative value (or with no demanded sign copies) is `lshr`; a `select` with a
//!   known condition is its arm;
//! - shared/local addresses: a 64-bit GEP index into addrspace(3)/(5) (also seen through an
//!   `addrspacecast` to the generic space, and into allocas, which live in local memory) is
//!   rebuilt in 32 bits when the known bits prove it fits a signed i32 (the GEP sign-extends it
//!   back: the same address), or, when the GEP into addrspace(3)/(5) only addresses memory on a
//!   64-bit-pointer layout, because bits 32..63 of those addresses are not demanded (the
//!   hardware's shared/local windows are 32-bit; the GEP then loses `inbounds`);
//! - `nuw`/`nsw` (add, sub, mul, shl, trunc), `exact` (lshr, ashr), `nneg` (zext) and `disjoint`
//!   (or) are added when the operands' known bits prove them.
//!
//! Values that only feed `llvm.assume` (ephemeral values) are never rewritten, so an assume is
//! not folded away by its own fact.
//!
//! # Poison
//!
//! A rewrite below an instruction that only keeps the demanded bits may change the other bits of
//! its operand, so the instruction's poison-generating flags are dropped (they could now fail);
//! narrowed arithmetic carries no flags. Flags are only added from facts about the operands as
//! they are after the rewrite. Instructions are erased only when unused and free of side effects.

use super::analysis::{self, Analyzer, MAX_DEPTH};
use super::ir::{self, Builder, TargetData, V};
use super::lattice::{ApInt, KnownBits};
use super::narrow;
use super::oracle::{self, FnEnv};
use crate::llvm::launch_bounds;
use crate::llvm::pass_api::{PassContext, PassParams};
use anyhow::{Result, bail};
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use llvm_sys::LLVMOpcode;

/// The pass name.
pub(crate) const PASS: &str = "nv-known-bits";

/// How many times a function is swept at most.
pub(crate) const MAX_SWEEPS: usize = 4;

/// The rewrite kinds, in `-stats` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Constant,
    IdentityRemoved,
    ConstantShrunk,
    MulToShl,
    SExtToZExt,
    ExtRemoved,
    Narrowed,
    BswapExtract,
    BitcastZExt,
    IndexNarrowed,
    AShrToLShr,
    SelectFolded,
    FlagsAdded,
}

/// `(statistic name, description)` per [`Kind`].
pub(crate) const KINDS: [(Kind, &str, &str); 13] = [
    (Kind::Constant, "NumConstant", "Number of values replaced by a known constant"),
    (Kind::IdentityRemoved, "NumIdentity", "Number of and/or/xor/add/sub removed (identity on the demanded bits)"),
    (Kind::ConstantShrunk, "NumShrunk", "Number of constants shrunk to their demanded bits"),
    (Kind::MulToShl, "NumMulToShl", "Number of multiplies by a power of two turned into shifts"),
    (Kind::SExtToZExt, "NumSExtToZExt", "Number of sign extensions turned into zero extensions"),
    (Kind::ExtRemoved, "NumExtRemoved", "Number of extensions removed"),
    (Kind::Narrowed, "NumNarrowed", "Number of truncated expressions rebuilt in the narrow type"),
    (Kind::BswapExtract, "NumBswap", "Number of byte swaps replaced by a direct byte read"),
    (Kind::BitcastZExt, "NumBitcastZExt", "Number of bitcast-through-zext chains collapsed"),
    (Kind::IndexNarrowed, "NumIndex32", "Number of shared/local address indices narrowed to 32 bits"),
    (Kind::AShrToLShr, "NumAShrToLShr", "Number of arithmetic shifts turned into logical shifts"),
    (Kind::SelectFolded, "NumSelect", "Number of selects with a known condition folded"),
    (Kind::FlagsAdded, "NumFlags", "Number of instructions given nuw/nsw/exact/nneg/disjoint flags"),
];

/// Per-kind counts.
pub(crate) type Counts = [u64; KINDS.len()];

/// The pass entry point (`-passes=nv-known-bits`). Parameters: `verify` (same as
/// `--verify-known-bits`), `inject-mismatch` (testing hook: the verifier compares against a
/// corrupted copy of each fused result, so its failure path can be exercised).
pub fn run_pass(module: &Module<'_>, cx: &mut PassContext, params: &PassParams) -> Result<()> {
    let has = |k: &str| params.0.iter().any(|(n, _)| n == k);
    let verify = cx.opts.verify_known_bits || has("verify");
    let inject = has("inject-mismatch");
    let mut warnings = Vec::new();
    let bounds = launch_bounds::read_module(module, &mut warnings);
    for w in warnings {
        if !cx.warnings.contains(&w) {
            cx.warn(w);
        }
    }
    let td = TargetData::of_module(module.as_mut_ptr());
    let mut counts: Counts = [0; KINDS.len()];
    let mut analysed = 0u64;
    for f in module.get_functions() {
        if f.count_basic_blocks() == 0 {
            continue;
        }
        let name = f.get_name().to_string_lossy().into_owned();
        let limits = bounds.get(&name).and_then(|b| b.thread_limits());
        let sm = cx.opts.sm.unwrap_or_else(|| crate::llvm::intr_range::function_sm(f).unwrap_or(90));
        let env = FnEnv { sm, limits };
        let mut rw = Rewriter::new(module, &td, env, V(f.as_value_ref()));
        rw.an.verify = verify;
        rw.an.inject_mismatch = inject;
        rw.run();
        for (c, n) in counts.iter_mut().zip(rw.counts) {
            *c += n;
        }
        analysed += rw.an.analysed;
        if let Some(msg) = rw.an.mismatch.take() {
            eprint!("{msg}");
            bail!("{PASS}: the fused known bits contradict the reference analysis in '{name}'");
        }
    }
    for (i, (_, stat, desc)) in KINDS.iter().enumerate() {
        if counts[i] > 0 {
            cx.stat(PASS, stat, desc, counts[i]);
        }
    }
    if analysed > 0 {
        cx.stat(PASS, "NumAnalysed", "Number of values whose known bits were computed", analysed);
    }
    Ok(())
}

/// The result of simplifying one value under a demand.
struct Out {
    /// Facts about the value as it is now (the replacement's, if any).
    known: KnownBits,
    /// The value to use instead.
    replace: Option<V>,
    /// Whether the value may now differ from the original outside the demanded bits.
    inexact: bool,
}

impl Out {
    fn keep(known: KnownBits, inexact: bool) -> Out {
        Out { known, replace: None, inexact }
    }
}

/// The rewriter of one function.
pub(crate) struct Rewriter<'a, 'ctx> {
    pub an: Analyzer<'a, 'ctx>,
    pub counts: Counts,
    builder: Builder,
    /// The next root of the sweep (never erased under its feet).
    next_root: Option<V>,
    /// Instructions still being worked on (the current root, the user whose operand is being
    /// replaced): `erase_dead` leaves them alone even when a rewrite makes a whole dead cycle
    /// through them unreachable, so nothing is used after being freed.
    pinned: Vec<V>,
}

fn all(w: u32) -> ApInt {
    ApInt::all_ones(w)
}

/// The bits up to and including the highest demanded one (what add/sub/mul operands feed).
fn up_to_highest(d: &ApInt) -> ApInt {
    let w = d.width();
    ApInt::low_bits_set(w, w - d.leading_zeros())
}

impl<'a, 'ctx> Rewriter<'a, 'ctx> {
    pub fn new(module: &'a Module<'ctx>, td: &'a TargetData, env: FnEnv, func: V) -> Self {
        Rewriter {
            an: Analyzer::new(module, td, env, func),
            counts: [0; KINDS.len()],
            builder: Builder::new(func),
            next_root: None,
            pinned: Vec::new(),
        }
    }

    fn bump(&mut self, k: Kind) {
        let i = KINDS.iter().position(|(kk, _, _)| *kk == k).unwrap_or(0);
        self.counts[i] += 1;
        self.an.invalidate();
    }

    fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Sweeps the function until nothing changes (or [`MAX_SWEEPS`]).
    pub fn run(&mut self) {
        for _ in 0..MAX_SWEEPS {
            let before = self.total();
            for bb in ir::blocks(self.an.func) {
                // SAFETY: `bb` is a block of the function.
                let first = unsafe { llvm_sys::core::LLVMGetFirstInstruction(bb) };
                let mut cur = (!first.is_null()).then_some(V(first));
                while let Some(i) = cur {
                    self.next_root = i.next_instruction();
                    self.visit_root(i);
                    if self.an.mismatch.is_some() {
                        return;
                    }
                    cur = self.next_root;
                }
            }
            if self.total() == before {
                break;
            }
        }
    }

    fn visit_root(&mut self, i: V) {
        if !i.has_uses() || self.an.is_ephemeral(i) {
            return;
        }
        if i.opcode() == Some(LLVMOpcode::LLVMGetElementPtr) {
            self.an.begin(i);
            self.pinned.push(i);
            self.visit_gep(i);
            self.pinned.pop();
            return;
        }
        let Some(w) = i.int_width() else { return };
        if !rewritable(i) {
            return;
        }
        self.an.begin(i);
        self.pinned.push(i);
        let out = self.simplify(i, &all(w), 0);
        self.pinned.pop();
        if let Some(r) = out.replace {
            ir::replace_all_uses(i, r);
            self.erase_dead(i);
        }
    }

    /// Erases `v` if unused and side-effect free, then its operands that became dead.
    fn erase_dead(&mut self, v: V) {
        let mut work = vec![v];
        while let Some(v) = work.pop() {
            if !v.is_instruction() || v.has_uses() || !analysis::is_pure(v) || self.pinned.contains(&v) {
                continue;
            }
            for i in 0..v.num_operands() {
                let o = v.operand(i);
                if o.is_instruction() && o != v {
                    work.push(o);
                }
            }
            if self.next_root == Some(v) {
                self.next_root = v.next_instruction();
            }
            self.an.forget(v);
            work.retain(|&w| w != v);
            ir::erase(v);
        }
        self.an.invalidate();
    }

    /// Replaces the single use of `op` (operand `idx` of `user`) by `new` and erases `op` if dead.
    fn replace_operand(&mut self, user: V, idx: u32, new: V) {
        let old = user.operand(idx);
        user.set_operand(idx, new);
        self.pinned.push(user);
        self.erase_dead(old);
        self.pinned.pop();
    }

    /// Demand propagation into operand `idx` of `user` (the seed's trampoline `sub_11AE940`).
    /// Returns the operand's known bits (after any rewrite) and whether it became inexact.
    fn simplify_use(&mut self, user: V, idx: u32, demanded: &ApInt, depth: u32) -> (KnownBits, bool) {
        let op = user.operand(idx);
        let w = demanded.width();
        if let Some(c) = op.const_int() {
            return (KnownBits::from_constant(&c), false);
        }
        if depth >= MAX_DEPTH {
            return (KnownBits::unknown(w), false);
        }
        if op.is_instruction()
            && op.int_width() == Some(w)
            && op.has_one_use()
            && rewritable(op)
            && !self.an.is_ephemeral(op)
            && op.opcode() != Some(LLVMOpcode::LLVMPHI)
        {
            let out = self.simplify(op, demanded, depth);
            if let Some(r) = out.replace {
                self.replace_operand(user, idx, r);
            }
            return (out.known, out.inexact);
        }
        let kb = self.an.known(op, depth, w);
        if demanded.is_zero() || op.int_width() != Some(w) || !(op.is_instruction() || op.is_argument()) {
            return (kb, false);
        }
        // Several uses: only this use may change.
        if demanded.is_subset_of(&kb.known_mask()) {
            let c = V::const_of(op.ty(), &kb.one);
            user.set_operand(idx, c);
            self.bump(Kind::Constant);
            return (KnownBits::from_constant(&kb.one), !kb.is_constant());
        }
        if let Some(x) = self.bypass(op, demanded, depth) {
            user.set_operand(idx, x);
            self.bump(Kind::IdentityRemoved);
            let kx = self.an.known(x, depth, w);
            return (kx, !demanded.is_all_ones());
        }
        (kb, false)
    }

    /// For a several-use `and/or/xor/add/sub` seen through one use: the operand equal to it on
    /// the demanded bits (LLVM's SimplifyMultipleUseDemandedBits).
    fn bypass(&mut self, op: V, d: &ApInt, depth: u32) -> Option<V> {
        use LLVMOpcode::*;
        let opcode = op.opcode()?;
        if !matches!(opcode, LLVMAnd | LLVMOr | LLVMXor | LLVMAdd | LLVMSub) {
            return None;
        }
        let w = d.width();
        let (x, y) = (op.operand(0), op.operand(1));
        let kx = self.an.known(x, depth + 1, w);
        let ky = self.an.known(y, depth + 1, w);
        // Carries: add/sub depend on every bit up to the highest demanded one.
        let d = if matches!(opcode, LLVMAdd | LLVMSub) { up_to_highest(d) } else { d.clone() };
        identity_side(opcode, &d, &kx, &ky).map(|side| if side == 0 { x } else { y })
    }

    /// Adds the flags the operands' known bits prove; counts once per instruction.
    fn prove_flags(&mut self, i: V, k0: &KnownBits, k1: Option<&KnownBits>) {
        use LLVMOpcode::*;
        let Some(opcode) = i.opcode() else { return };
        let mut added = false;
        match (opcode, k1) {
            (LLVMAdd | LLVMSub | LLVMMul, Some(k1)) => {
                let (nuw, nsw) = no_wrap(opcode, k0, k1);
                if nuw && !i.nuw() {
                    i.set_nuw();
                    added = true;
                }
                if nsw && !i.nsw() {
                    i.set_nsw();
                    added = true;
                }
            }
            (LLVMShl, Some(k1)) => {
                let w = k0.width();
                let Some(max) = k1.max_value().to_u64().filter(|&m| m < u64::from(w)) else { return };
                if !i.nuw() && u64::from(k0.count_min_leading_zeros()) >= max {
                    i.set_nuw();
                    added = true;
                }
                if !i.nsw() && u64::from(k0.count_min_sign_bits()) > max {
                    i.set_nsw();
                    added = true;
                }
            }
            (LLVMLShr | LLVMAShr, Some(k1)) => {
                let w = k0.width();
                let Some(max) = k1.max_value().to_u64().filter(|&m| m < u64::from(w)) else { return };
                if !i.exact() && u64::from(k0.count_min_trailing_zeros()) >= max && max > 0 {
                    i.set_exact();
                    added = true;
                }
            }
            (LLVMOr, Some(k1)) if !i.disjoint() && k0.zero.or(&k1.zero).is_all_ones() => {
                i.set_disjoint();
                added = true;
            }
            (LLVMTrunc, None) => {
                let (sw, w) = (k0.width(), i.int_width().unwrap_or(0));
                if w == 0 || w >= sw {
                    return;
                }
                if !i.nuw() && ApInt::high_bits_set(sw, sw - w).is_subset_of(&k0.zero) {
                    i.set_nuw();
                    added = true;
                }
                if !i.nsw() && k0.count_min_sign_bits() > sw - w {
                    i.set_nsw();
                    added = true;
                }
            }
            (LLVMZExt, None) if !i.nneg() && k0.is_nonnegative() => {
                i.set_nneg();
                added = true;
            }
            _ => {}
        }
        if added {
            self.bump(Kind::FlagsAdded);
        }
    }

    /// The fused analysis and rewrite of one instruction under `demanded` (`sub_11A7600`).
    fn simplify(&mut self, inst: V, demanded: &ApInt, depth: u32) -> Out {
        use LLVMOpcode::*;
        let w = demanded.width();
        if depth >= MAX_DEPTH {
            return Out::keep(KnownBits::unknown(w), false);
        }
        if demanded.is_zero() && depth > 0 {
            // No bit matters: any value will do.
            self.bump(Kind::Constant);
            return Out {
                known: KnownBits::from_u64(w, 0),
                replace: Some(V::const_of(inst.ty(), &ApInt::zero(w))),
                inexact: true,
            };
        }
        let opcode = inst.opcode().expect("roots are instructions");
        self.an.analysed += 1;
        let r = match opcode {
            LLVMAnd | LLVMOr | LLVMXor => self.bitwise(inst, opcode, demanded, depth),
            LLVMAdd | LLVMSub => self.add_sub(inst, opcode, demanded, depth),
            LLVMMul => self.mul(inst, demanded, depth),
            LLVMShl | LLVMLShr | LLVMAShr => self.shift(inst, opcode, demanded, depth),
            LLVMTrunc => self.trunc(inst, demanded, depth),
            LLVMZExt | LLVMSExt => self.extend(inst, opcode, demanded, depth),
            LLVMSelect => self.select(inst, demanded, depth),
            LLVMCall if is_bswap(inst, w) => self.bswap(inst, demanded, depth),
            LLVMExtractElement => self.extract(inst, demanded, depth),
            LLVMICmp => self.icmp(inst, depth),
            _ => {
                // Everything else: analysis of the operands, no operand rewriting.
                let kb =
                    self.an.transfer(inst, opcode, w, depth, &mut |an, i, ow| an.known(inst.operand(i), depth + 1, ow));
                Out::keep(kb, false)
            }
        };
        self.finish(inst, r, demanded, depth)
    }

    /// The common tail: meet in metadata/oracle/assume facts, verify, and replace by a constant
    /// when every demanded bit is known.
    fn finish(&mut self, inst: V, mut r: Out, demanded: &ApInt, depth: u32) -> Out {
        let w = demanded.width();
        if let Some(rep) = r.replace {
            // Facts about the replacement, as it is.
            r.known = self.an.known(rep, depth, w);
            return r;
        }
        r.known = self.an.finish(inst, r.known);
        self.an.check(inst, &r.known);
        if demanded.is_subset_of(&r.known.known_mask()) {
            let c = r.known.one.clone();
            self.bump(Kind::Constant);
            let inexact = r.inexact || !r.known.is_constant();
            return Out { known: KnownBits::from_constant(&c), replace: Some(V::const_of(inst.ty(), &c)), inexact };
        }
        r
    }

    /// Drops `inst`'s poison-generating flags when an operand changed outside its demand.
    fn drop_flags_if(&mut self, inst: V, inexact: bool) {
        if inexact && inst.drop_poison_flags() {
            self.an.invalidate();
        }
    }

    fn bitwise(&mut self, inst: V, opcode: LLVMOpcode, d: &ApInt, depth: u32) -> Out {
        use LLVMOpcode::*;
        let w = d.width();
        let (k1, i1) = self.simplify_use(inst, 1, d, depth + 1);
        let d0 = match opcode {
            LLVMAnd => d.and_not(&k1.zero),
            LLVMOr => d.and_not(&k1.one),
            _ => d.clone(),
        };
        let (k0, i0) = self.simplify_use(inst, 0, &d0, depth + 1);
        let mut inexact = i0 || i1;
        self.drop_flags_if(inst, inexact);
        // One side is the identity on the demanded bits: the operation goes.
        if !d.is_subset_of(&self.transfer_bitwise(opcode, &k0, &k1).known_mask())
            && let Some(side) = identity_side(opcode, d, &k0, &k1)
        {
            self.bump(Kind::IdentityRemoved);
            return Out {
                known: KnownBits::unknown(w),
                replace: Some(inst.operand(side)),
                inexact: inexact || !d.is_all_ones(),
            };
        }
        // Demanded constant shrinking (ShrinkDemandedConstant).
        if let Some(c) = inst.operand(1).const_int() {
            let keep = match opcode {
                LLVMAnd => d.and_not(&k0.zero),
                LLVMOr => d.and_not(&k0.one),
                _ => d.clone(),
            };
            let shrunk = c.and(&keep);
            let is_not = opcode == LLVMXor && c.is_all_ones();
            if shrunk != c && !is_not {
                inst.set_operand(1, V::const_of(inst.ty(), &shrunk));
                self.bump(Kind::ConstantShrunk);
                inexact |= !d.is_all_ones();
                inst.drop_poison_flags();
            }
        }
        let k1 = self.an.known(inst.operand(1), depth + 1, w);
        let kb = self.transfer_bitwise(opcode, &k0, &k1);
        self.prove_flags(inst, &k0, Some(&k1));
        Out::keep(kb, inexact)
    }

    fn transfer_bitwise(&self, opcode: LLVMOpcode, a: &KnownBits, b: &KnownBits) -> KnownBits {
        match opcode {
            LLVMOpcode::LLVMAnd => a.and(b),
            LLVMOpcode::LLVMOr => a.or(b),
            _ => a.xor(b),
        }
    }

    fn add_sub(&mut self, inst: V, opcode: LLVMOpcode, d: &ApInt, depth: u32) -> Out {
        let w = d.width();
        let dop = up_to_highest(d);
        let (k0, i0) = self.simplify_use(inst, 0, &dop, depth + 1);
        let (k1, i1) = self.simplify_use(inst, 1, &dop, depth + 1);
        let inexact = i0 || i1;
        self.drop_flags_if(inst, inexact);
        if let Some(side) = identity_side(opcode, &dop, &k0, &k1) {
            self.bump(Kind::IdentityRemoved);
            return Out {
                known: KnownBits::unknown(w),
                replace: Some(inst.operand(side)),
                inexact: inexact || !d.is_all_ones(),
            };
        }
        self.prove_flags(inst, &k0, Some(&k1));
        let flags = Analyzer::wrap_flags(inst);
        let kb = if opcode == LLVMOpcode::LLVMAdd { k0.add(&k1, flags) } else { k0.sub(&k1, flags) };
        Out::keep(kb, inexact)
    }

    fn mul(&mut self, inst: V, d: &ApInt, depth: u32) -> Out {
        let w = d.width();
        let dop = up_to_highest(d);
        let (k0, i0) = self.simplify_use(inst, 0, &dop, depth + 1);
        let (k1, i1) = self.simplify_use(inst, 1, &dop, depth + 1);
        let inexact = i0 || i1;
        self.drop_flags_if(inst, inexact);
        let flags = Analyzer::wrap_flags(inst);
        let kb = k0.mul(&k1, flags);
        if d.is_subset_of(&kb.known_mask()) {
            return Out::keep(kb, inexact);
        }
        // Multiply by a known power of two: a shift (threadIdx * warpsize, * reqntid ntid).
        for (side, k) in [(1u32, &k1), (0u32, &k0)] {
            let Some(s) = k.constant().and_then(ApInt::exact_log2) else { continue };
            let x = inst.operand(1 - side);
            self.bump(Kind::MulToShl);
            if s == 0 {
                return Out { known: KnownBits::unknown(w), replace: Some(x), inexact };
            }
            let amount = V::const_of(inst.ty(), &ApInt::new(w, u64::from(s)));
            let shl = self.builder.before(inst).binop(LLVMOpcode::LLVMShl, x, amount);
            if flags.nuw {
                shl.set_nuw();
            }
            if flags.nsw && s < w - 1 {
                shl.set_nsw();
            }
            return Out { known: KnownBits::unknown(w), replace: Some(shl), inexact };
        }
        self.prove_flags(inst, &k0, Some(&k1));
        let kb = k0.mul(&k1, Analyzer::wrap_flags(inst));
        Out::keep(kb, inexact)
    }

    fn shift(&mut self, inst: V, opcode: LLVMOpcode, d: &ApInt, depth: u32) -> Out {
        use LLVMOpcode::*;
        let w = d.width();
        let (ks, is) = self.simplify_use(inst, 1, &all(w), depth + 1);
        let amount = ks.constant().and_then(|c| c.to_u64()).filter(|&s| s < u64::from(w)).map(|s| s as u32);
        // Byte extract from a byte swap: `lshr (bswap x), 8k` with one demanded byte.
        if opcode == LLVMLShr
            && let Some(s) = amount
            && let Some(r) = self.bswap_extract(inst, s, d)
        {
            return r;
        }
        let d0 = match (opcode, amount) {
            (LLVMShl, Some(s)) => d.lshr(s),
            (LLVMShl, None) => up_to_highest(d),
            (LLVMLShr, Some(s)) => d.shl(s),
            (LLVMAShr, Some(s)) => {
                let mut d0 = d.shl(s);
                if s > 0 && d.intersects(&ApInt::high_bits_set(w, s)) {
                    d0.set_bit(w - 1);
                }
                d0
            }
            _ => all(w),
        };
        let (k0, i0) = self.simplify_use(inst, 0, &d0, depth + 1);
        let inexact = i0 || is;
        self.drop_flags_if(inst, inexact);
        let kb = analysis::shift(opcode, &k0, &ks, Analyzer::wrap_flags(inst), Analyzer::is_exact(inst));
        if d.is_subset_of(&kb.known_mask()) {
            return Out::keep(kb, inexact);
        }
        if opcode == LLVMAShr {
            let no_sign_copies = amount.is_some_and(|s| s > 0 && !d.intersects(&ApInt::high_bits_set(w, s)));
            if k0.is_nonnegative() || no_sign_copies {
                let exact = Analyzer::is_exact(inst) && !no_sign_copies;
                let l = self.builder.before(inst).binop(LLVMLShr, inst.operand(0), inst.operand(1));
                if exact {
                    l.set_exact();
                }
                self.bump(Kind::AShrToLShr);
                let inexact = inexact || (!k0.is_nonnegative() && !d.is_all_ones());
                return Out { known: KnownBits::unknown(w), replace: Some(l), inexact };
            }
        }
        self.prove_flags(inst, &k0, Some(&ks));
        let kb = analysis::shift(opcode, &k0, &ks, Analyzer::wrap_flags(inst), Analyzer::is_exact(inst));
        Out::keep(kb, inexact)
    }

    /// `lshr (bswap x), s` (`s` a multiple of 8) whose demanded bits that can be non-zero lie in
    /// its low byte: that byte is byte `n-1-s/8` of `x`, read directly (`lshr x, 8*(n-1-s/8)`,
    /// masked with 255 when higher demanded bits must stay zero).
    fn bswap_extract(&mut self, inst: V, s: u32, d: &ApInt) -> Option<Out> {
        let w = d.width();
        let bs = inst.operand(0);
        if s == 0 || !s.is_multiple_of(8) || !is_bswap(bs, w) {
            return None;
        }
        let low_byte = ApInt::low_bits_set(w, 8);
        let live = d.and(&ApInt::low_bits_set(w, w - s));
        if live.is_zero() || !live.is_subset_of(&low_byte) {
            return None;
        }
        let x = bs.operand(0);
        let src = w / 8 - 1 - s / 8;
        let ty = inst.ty();
        let mut r = x;
        if src > 0 {
            let amount = V::const_of(ty, &ApInt::new(w, u64::from(8 * src)));
            r = self.builder.before(inst).binop(LLVMOpcode::LLVMLShr, x, amount);
        }
        let in_low_byte = d.is_subset_of(&low_byte);
        if !in_low_byte {
            let mask = V::const_of(ty, &low_byte);
            r = self.builder.before(inst).binop(LLVMOpcode::LLVMAnd, r, mask);
        }
        // Exact only when the byte was the last one left and the mask keeps the rest zero.
        let exact = s == w - 8 && !in_low_byte;
        self.bump(Kind::BswapExtract);
        Some(Out { known: KnownBits::unknown(w), replace: Some(r), inexact: !exact })
    }

    fn bswap(&mut self, inst: V, d: &ApInt, depth: u32) -> Out {
        let w = d.width();
        let d0 = d.byte_swap();
        let (k0, i0) = self.simplify_use(inst, 0, &d0, depth + 1);
        let kb = k0.bswap();
        if d.is_subset_of(&kb.known_mask()) {
            return Out::keep(kb, i0);
        }
        // All demanded bits in one byte j: that byte of the result is byte n-1-j of x.
        let n = w / 8;
        let byte = (0..n).find(|&j| d.is_subset_of(&ApInt::bits_set(w, 8 * j, 8 * j + 8)));
        if let Some(j) = byte
            && n >= 2
        {
            let x = inst.operand(0);
            let src = n - 1 - j;
            let ty = inst.ty();
            let r = match src.cmp(&j) {
                std::cmp::Ordering::Greater => {
                    let a = V::const_of(ty, &ApInt::new(w, u64::from(8 * (src - j))));
                    self.builder.before(inst).binop(LLVMOpcode::LLVMLShr, x, a)
                }
                std::cmp::Ordering::Less => {
                    let a = V::const_of(ty, &ApInt::new(w, u64::from(8 * (j - src))));
                    self.builder.before(inst).binop(LLVMOpcode::LLVMShl, x, a)
                }
                std::cmp::Ordering::Equal => x,
            };
            self.bump(Kind::BswapExtract);
            return Out { known: KnownBits::unknown(w), replace: Some(r), inexact: true };
        }
        Out::keep(kb, i0)
    }

    fn trunc(&mut self, inst: V, d: &ApInt, depth: u32) -> Out {
        let w = d.width();
        let src = inst.operand(0);
        let Some(sw) = src.int_width() else {
            return Out::keep(KnownBits::unknown(w), false);
        };
        let (k0, i0) = self.simplify_use(inst, 0, &d.zext(sw), depth + 1);
        self.drop_flags_if(inst, i0);
        let kb = k0.trunc(w);
        if d.is_subset_of(&kb.known_mask()) {
            return Out::keep(kb, i0);
        }
        // The truncated expression rebuilt in the narrow type.
        let src = inst.operand(0);
        let mut has_cast = false;
        if narrow::can_narrow(src, w, depth + 1, &mut has_cast) && has_cast {
            let is_ext =
                matches!(src.opcode(), Some(LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc));
            let r = narrow::build_narrow(&mut self.builder, src, w, inst);
            self.bump(if is_ext { Kind::ExtRemoved } else { Kind::Narrowed });
            return Out { known: kb, replace: Some(r), inexact: i0 };
        }
        self.prove_flags(inst, &k0, None);
        Out::keep(kb, i0)
    }

    fn extend(&mut self, inst: V, opcode: LLVMOpcode, d: &ApInt, depth: u32) -> Out {
        use LLVMOpcode::*;
        let w = d.width();
        let src = inst.operand(0);
        let Some(sw) = src.int_width() else {
            return Out::keep(KnownBits::unknown(w), false);
        };
        let high_demanded = d.intersects(&ApInt::high_bits_set(w, w - sw));
        let mut d0 = d.trunc(sw);
        if opcode == LLVMSExt && high_demanded {
            d0.set_bit(sw - 1);
        }
        let (k0, i0) = self.simplify_use(inst, 0, &d0, depth + 1);
        self.drop_flags_if(inst, i0);
        let kb = if opcode == LLVMZExt { k0.zext(w) } else { k0.sext(w) };
        if d.is_subset_of(&kb.known_mask()) {
            return Out::keep(kb, i0);
        }
        // ext (trunc y) with y of the result's type: y, when the dropped bits are known to be
        // what the extension puts back, or are not demanded.
        let src = inst.operand(0);
        if src.opcode() == Some(LLVMTrunc) {
            let y = src.operand(0);
            if y.int_width() == Some(w) {
                let ky = self.an.known(y, depth + 2, w);
                let exact = match opcode {
                    LLVMZExt => ApInt::high_bits_set(w, w - sw).is_subset_of(&ky.zero),
                    _ => self.an.num_sign_bits(y, depth + 2) > w - sw,
                };
                if exact || !high_demanded {
                    self.bump(Kind::ExtRemoved);
                    return Out { known: ky, replace: Some(y), inexact: i0 || !exact };
                }
            }
        }
        if opcode == LLVMSExt && (k0.is_nonnegative() || !high_demanded) {
            let z = self.builder.before(inst).cast(LLVMZExt, src, inst.ty());
            if k0.is_nonnegative() {
                z.set_nneg();
            }
            self.bump(Kind::SExtToZExt);
            return Out { known: KnownBits::unknown(w), replace: Some(z), inexact: i0 || !k0.is_nonnegative() };
        }
        if opcode == LLVMZExt {
            self.prove_flags(inst, &k0, None);
        }
        Out::keep(kb, i0)
    }

    fn select(&mut self, inst: V, d: &ApInt, depth: u32) -> Out {
        let w = d.width();
        if inst.operand(0).int_width() != Some(1) {
            return Out::keep(KnownBits::unknown(w), false);
        }
        let (kc, ic) = self.simplify_use(inst, 0, &all(1), depth + 1);
        if let Some(c) = kc.constant() {
            let arm = if c.is_zero() { inst.operand(2) } else { inst.operand(1) };
            self.bump(Kind::SelectFolded);
            return Out { known: KnownBits::unknown(w), replace: Some(arm), inexact: ic };
        }
        let (ka, ia) = self.simplify_use(inst, 1, d, depth + 1);
        let (kb, ib) = self.simplify_use(inst, 2, d, depth + 1);
        Out::keep(KnownBits::select(&kc, &ka, &kb), ic || ia || ib)
    }

    fn icmp(&mut self, inst: V, depth: u32) -> Out {
        let lhs = inst.operand(0);
        let (Some(pred), Some(ow)) = (inst.icmp_predicate(), self.an.width_of(lhs)) else {
            return Out::keep(KnownBits::unknown(1), false);
        };
        let (k0, k1) = if lhs.int_width().is_some() {
            let (k0, _) = self.simplify_use(inst, 0, &all(ow), depth + 1);
            let (k1, _) = self.simplify_use(inst, 1, &all(ow), depth + 1);
            (k0, k1)
        } else {
            (self.an.known(inst.operand(0), depth + 1, ow), self.an.known(inst.operand(1), depth + 1, ow))
        };
        Out::keep(self.an.icmp_known(inst, pred, &k0, &k1), false)
    }

    /// `extractelement (bitcast iN %s to <m x iK>), c`: the bits of `%s`; with `%s = zext x`, the
    /// element is read from `x` directly.
    fn extract(&mut self, inst: V, d: &ApInt, depth: u32) -> Out {
        let w = d.width();
        let kb =
            self.an.transfer(inst, LLVMOpcode::LLVMExtractElement, w, depth, &mut |_, _, ow| KnownBits::unknown(ow));
        let Some((scalar, lo)) = self.an.extract_slice(inst) else {
            return Out::keep(kb, false);
        };
        if d.is_subset_of(&kb.known_mask()) || scalar.opcode() != Some(LLVMOpcode::LLVMZExt) {
            return Out::keep(kb, false);
        }
        let x = scalar.operand(0);
        let Some(xw) = x.int_width() else { return Out::keep(kb, false) };
        if lo >= xw {
            return Out::keep(kb, false);
        }
        let xty = x.ty();
        let shifted = if lo == 0 {
            x
        } else {
            let a = V::const_of(xty, &ApInt::new(xw, u64::from(lo)));
            self.builder.before(inst).binop(LLVMOpcode::LLVMLShr, x, a)
        };
        let r = match xw.cmp(&w) {
            std::cmp::Ordering::Greater => self.builder.before(inst).cast(LLVMOpcode::LLVMTrunc, shifted, inst.ty()),
            std::cmp::Ordering::Less => self.builder.before(inst).cast(LLVMOpcode::LLVMZExt, shifted, inst.ty()),
            std::cmp::Ordering::Equal => shifted,
        };
        self.bump(Kind::BitcastZExt);
        Out { known: kb, replace: Some(r), inexact: false }
    }

    /// A GEP into shared/local memory: narrow its 64-bit indices to 32 bits (see the module
    /// documentation for the two justifications).
    fn visit_gep(&mut self, gep: V) {
        let base = gep.operand(0);
        let Some(addr_space) = base.ptr_addr_space() else { return };
        let from_32bit_space = oracle::is_32bit_addr_space(addr_space) || in_32bit_object(base);
        if !from_32bit_space {
            return;
        }
        // Bits 32..63 of the offset are not demanded when the GEP only addresses memory of a
        // 32-bit window and LLVM's pointers there are wider (the default NVPTX layout).
        let hw32 = oracle::is_32bit_addr_space(addr_space)
            && self.an.td.pointer_bits(addr_space) > 32
            && gep.users().iter().all(|&u| is_address_use(u, gep));
        for idx in 1..gep.num_operands() {
            let op = gep.operand(idx);
            let Some(w) = op.int_width() else { continue };
            if w <= 32 || op.const_int().is_some() {
                continue;
            }
            let d = if hw32 { ApInt::low_bits_set(w, 32) } else { all(w) };
            let (kb, inexact) = self.simplify_use(gep, idx, &d, 1);
            if inexact {
                // The index may now differ above bit 31: the address is the same on the
                // hardware, but no longer provably in bounds for LLVM.
                gep.drop_gep_flags();
                self.an.invalidate();
            }
            let op = gep.operand(idx);
            if op.const_int().is_some() {
                continue;
            }
            let fits = kb.count_min_sign_bits().max(self.an.num_sign_bits(op, 1)) >= w - 31;
            if !(fits || hw32) {
                continue;
            }
            let mut has_cast = false;
            if narrow::can_narrow(op, 32, 1, &mut has_cast) && has_cast {
                let n = narrow::build_narrow(&mut self.builder, op, 32, gep);
                self.replace_operand(gep, idx, n);
                if !fits {
                    gep.drop_gep_flags();
                }
                self.bump(Kind::IndexNarrowed);
            }
        }
    }
}

/// Which side of a binary operation is equal to the result on the demanded bits `d`: 0 (the
/// left operand) or 1 (the right one). and: the other side is 1 or this side 0 on every demanded
/// bit; or: the other side is 0 or this side 1; xor/add: the other side is 0 (for add on every
/// bit up to the highest demanded one, which is what `d` is there); sub: only the right side 0.
fn identity_side(opcode: LLVMOpcode, d: &ApInt, k0: &KnownBits, k1: &KnownBits) -> Option<u32> {
    use LLVMOpcode::*;
    let covers = |m: ApInt| d.is_subset_of(&m);
    match opcode {
        LLVMAnd if covers(k1.one.or(&k0.zero)) => Some(0),
        LLVMAnd if covers(k0.one.or(&k1.zero)) => Some(1),
        LLVMOr if covers(k1.zero.or(&k0.one)) => Some(0),
        LLVMOr if covers(k0.zero.or(&k1.one)) => Some(1),
        LLVMXor | LLVMAdd | LLVMSub if covers(k1.zero.clone()) => Some(0),
        LLVMXor | LLVMAdd if covers(k0.zero.clone()) => Some(1),
        _ => None,
    }
}

/// `(nuw, nsw)` proven for `a op b` (add/sub/mul) by the operands' extremes.
fn no_wrap(opcode: LLVMOpcode, a: &KnownBits, b: &KnownBits) -> (bool, bool) {
    use LLVMOpcode::*;
    let w = a.width();
    let nuw = match opcode {
        LLVMAdd => !a.max_value().carrying_add(&b.max_value(), false).1,
        LLVMSub => a.min_value().uge(&b.max_value()),
        _ => !a.max_value().overflowing_umul(&b.max_value()).1,
    };
    if w > 64 {
        return (nuw, false);
    }
    let s = |v: ApInt| -> i128 {
        let u = v.low_u64() as i128;
        if v.is_negative() { u - (1i128 << w) } else { u }
    };
    let (amin, amax, bmin, bmax) =
        (s(a.signed_min_value()), s(a.signed_max_value()), s(b.signed_min_value()), s(b.signed_max_value()));
    let lo = -(1i128 << (w - 1));
    let hi = (1i128 << (w - 1)) - 1;
    let fits = |v: i128| v >= lo && v <= hi;
    let nsw = match opcode {
        LLVMAdd => fits(amin + bmin) && fits(amax + bmax),
        LLVMSub => fits(amin - bmax) && fits(amax - bmin),
        _ => [amin * bmin, amin * bmax, amax * bmin, amax * bmax].into_iter().all(fits),
    };
    (nuw, nsw)
}

/// Instructions the fused traversal handles as roots or rewrites in place.
fn rewritable(v: V) -> bool {
    use LLVMOpcode::*;
    matches!(
        v.opcode(),
        Some(
            LLVMAnd
                | LLVMOr
                | LLVMXor
                | LLVMAdd
                | LLVMSub
                | LLVMMul
                | LLVMShl
                | LLVMLShr
                | LLVMAShr
                | LLVMTrunc
                | LLVMZExt
                | LLVMSExt
                | LLVMSelect
                | LLVMICmp
                | LLVMExtractElement
                | LLVMUDiv
                | LLVMURem
                | LLVMSDiv
                | LLVMSRem
                | LLVMPHI
                | LLVMLoad
                | LLVMPtrToInt
                | LLVMBitCast
                | LLVMFreeze
                | LLVMCall
        )
    )
}

fn is_bswap(v: V, w: u32) -> bool {
    w.is_multiple_of(16)
        && v.callee_name().is_some_and(|n| analysis::intrinsic_base(&n) == Some("bswap"))
        && v.num_args() == 1
        && v.operand(0).int_width() == Some(w)
}

/// Whether `p` points into a shared/local object seen through the generic space: an
/// `addrspacecast` from addrspace(3)/(5), or an alloca (NVPTX allocas live in local memory),
/// possibly under GEPs and casts.
fn in_32bit_object(p: V) -> bool {
    let mut cur = p;
    for _ in 0..MAX_DEPTH {
        if cur.is_alloca() {
            return true;
        }
        match cur.any_opcode() {
            Some(LLVMOpcode::LLVMAddrSpaceCast) => {
                return cur.operand(0).ptr_addr_space().is_some_and(oracle::is_32bit_addr_space);
            }
            Some(LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast) => cur = cur.operand(0),
            _ => return false,
        }
    }
    false
}

/// Whether `user` uses `p` only as the address of a memory access.
fn is_address_use(user: V, p: V) -> bool {
    use LLVMOpcode::*;
    match user.opcode() {
        Some(LLVMLoad) => true,
        Some(LLVMStore) => user.operand(1) == p && user.operand(0) != p,
        Some(LLVMAtomicRMW) => user.operand(0) == p && user.operand(1) != p,
        Some(LLVMAtomicCmpXchg) => user.operand(0) == p && user.operand(1) != p && user.operand(2) != p,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kb(width: u32, zero: u64, one: u64) -> KnownBits {
        KnownBits::from_parts(ApInt::new(width, zero), ApInt::new(width, one))
    }

    #[test]
    fn identity_sides_follow_the_demanded_bits() {
        use LLVMOpcode::*;
        let unknown = KnownBits::unknown(8);
        let d = ApInt::new(8, 0x0f);
        // and x, 0x0f under demand 0x0f: x.
        assert_eq!(identity_side(LLVMAnd, &d, &unknown, &KnownBits::from_u64(8, 0x0f)), Some(0));
        // or x, 0xf0 under demand 0x0f: x; under 0xff: nothing.
        assert_eq!(identity_side(LLVMOr, &d, &unknown, &KnownBits::from_u64(8, 0xf0)), Some(0));
        assert_eq!(identity_side(LLVMOr, &ApInt::new(8, 0xff), &unknown, &KnownBits::from_u64(8, 0xf0)), None);
        // sub: only the right side can be the zero.
        assert_eq!(identity_side(LLVMSub, &d, &KnownBits::from_u64(8, 0), &unknown), None);
        assert_eq!(identity_side(LLVMAdd, &d, &KnownBits::from_u64(8, 0), &unknown), Some(1));
    }

    #[test]
    fn no_wrap_from_operand_extremes() {
        use LLVMOpcode::*;
        // [0, 1023] + [0, 1023]: no wrap at all in i32.
        let tid = kb(32, 0xffff_fc00, 0);
        assert_eq!(no_wrap(LLVMAdd, &tid, &tid), (true, true));
        // [0, 255] - [0, 255] may borrow, never overflows signed.
        let byte = kb(32, 0xffff_ff00, 0);
        assert_eq!(no_wrap(LLVMSub, &byte, &byte), (false, true));
        // i8: [0, 15] * [0, 15] fits unsigned (225) but not signed (> 127).
        let nib = kb(8, 0xf0, 0);
        assert_eq!(no_wrap(LLVMMul, &nib, &nib), (true, false));
        // unknown operands: nothing.
        let u = KnownBits::unknown(16);
        assert_eq!(no_wrap(LLVMAdd, &u, &u), (false, false));
    }

    #[test]
    fn demand_helpers() {
        assert_eq!(up_to_highest(&ApInt::new(32, 0x0100_0010)), ApInt::new(32, 0x01ff_ffff));
        assert_eq!(up_to_highest(&ApInt::new(8, 0)), ApInt::new(8, 0));
        assert_eq!(KINDS.len(), Kind::FlagsAdded as usize + 1);
    }
}
