//! The opcode table: one row per opcode with every property the passes ask about — its class,
//! side effects, control flow, how divergence flows through it (seed 002), its uniform-datapath
//! form, its early-clobber sources (seed 003) and the roles of its operands. It is one
//! exhaustive `match` without a `_` arm, so a new opcode gets one row and a decision on each
//! column; `Op::has_side_effects`, `Op::class`, the varying analysis's transfer function, the
//! allocator's early-clobber constraint, phase 74's candidates and the typed operand accessors of
//! `ir::Inst` all read their answer here.

use super::{AtomOp, MadKind, Op, OpClass, Space, StackOp};

/// What one operand position holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A data value: a register, an immediate, RZ, a constant-bank word or a symbol's address.
    Value,
    /// A predicate: a predicate register, PT, or an `i1` constant (0 false, else true).
    Pred,
    /// A memory address (a register, a symbol, an immediate or a constant-bank word), to which
    /// the opcode's `offset` is added.
    Address,
    /// The warp's member mask (the last source of the `.sync` warp instructions).
    Mask,
    /// A special register (`S2R`).
    Special,
    /// A branch target.
    Target,
    /// Anything: the opcode's own convention (calls, phis, inline assembly, textures, sm_90).
    Any,
}

/// The operand layout of an opcode: the fixed positions (the first `min` are required, the
/// rest of the fixed ones optional), then any number of `rest` operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Positions {
    pub fixed: &'static [Role],
    pub min: usize,
    pub rest: Option<Role>,
}

impl Positions {
    /// Exactly these operands.
    pub const fn exactly(fixed: &'static [Role]) -> Self {
        Positions { fixed, min: fixed.len(), rest: None }
    }
    /// These operands, the last `optional` of which may be absent.
    pub const fn optional(fixed: &'static [Role], optional: usize) -> Self {
        Positions { fixed, min: fixed.len() - optional, rest: None }
    }
    /// These operands, then any number of `rest`.
    pub const fn then(fixed: &'static [Role], rest: Role) -> Self {
        Positions { fixed, min: fixed.len(), rest: Some(rest) }
    }
    /// Any operands.
    pub const ANY: Positions = Positions { fixed: &[], min: 0, rest: Some(Role::Any) };
    /// None.
    pub const NONE: Positions = Positions { fixed: &[], min: 0, rest: None };

    /// The role of operand `k`, or `None` past the end of the layout.
    pub fn role(&self, k: usize) -> Option<Role> {
        self.fixed.get(k).copied().or(self.rest)
    }
    /// The position of the first operand with role `r` among the fixed ones.
    pub fn position(&self, r: Role) -> Option<usize> {
        self.fixed.iter().position(|&x| x == r)
    }
    /// Whether `n` operands fit the layout.
    pub fn admits(&self, n: usize) -> bool {
        n >= self.min && (n <= self.fixed.len() || self.rest.is_some())
    }
}

/// How a divergent value flows through an instruction (seed 002 "Divergence Roots").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// Varying whatever the operands: a divergence root.
    Root,
    /// Uniform whatever the data operands (a warp-wide collective, a CTA-wide count); only a
    /// varying guard makes the destinations varying.
    Uniform,
    /// Varying iff a register source or the guard is varying.
    Operands,
    /// Decided by the analysis from the operands and the function: `S2R` (which special
    /// register), loads (the space, and whether generic addresses may point into local memory).
    Depends,
}

/// Sources that may not share a register with a destination (seed 003's early clobber).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EarlyClobber {
    None,
    /// The source at this position (`IADD3`'s third operand: the PTX emitter prints
    /// `IADD3 d, a, b, c` with a non-zero `c` as `add d, a, b; add d, d, c`).
    Source(usize),
    /// Every register source (inline assembly: a template may write an output before it reads
    /// an input).
    AllSources,
}

/// Everything the passes ask about an opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpInfo {
    pub class: OpClass,
    /// Writes memory, orders other threads, transfers control, or must otherwise never be
    /// removed even when its results are dead.
    pub side_effects: bool,
    /// Transfers control (must be the last instruction of its block).
    pub control_flow: bool,
    pub divergence: Divergence,
    /// The uniform-datapath mnemonic (sm_75+), when the opcode has one.
    pub uniform_form: Option<&'static str>,
    /// Whether phase 74 ConvertToUniformReg may move the instruction to the uniform datapath
    /// (given uniform operands): a uniform form exists and ptxas uses it for this variant.
    pub uniform_candidate: bool,
    pub early_clobber: EarlyClobber,
    pub dsts: Positions,
    pub srcs: Positions,
}

use Role::{Address, Any, Mask, Pred, Special, Target, Value};

const V: &[Role] = &[Value];
const VV: &[Role] = &[Value, Value];
const VVV: &[Role] = &[Value, Value, Value];
const P: &[Role] = &[Pred];

/// A row: `class`, pure (no side effects, no control flow), divergence from the operands,
/// no uniform form, no early clobber, one value destination and `srcs`.
const fn row(class: OpClass, srcs: Positions) -> OpInfo {
    OpInfo {
        class,
        side_effects: false,
        control_flow: false,
        divergence: Divergence::Operands,
        uniform_form: None,
        uniform_candidate: false,
        early_clobber: EarlyClobber::None,
        dsts: Positions::exactly(V),
        srcs,
    }
}

impl OpInfo {
    const fn srcs(self, srcs: Positions) -> Self {
        OpInfo { srcs, ..self }
    }
    const fn effects(self) -> Self {
        OpInfo { side_effects: true, ..self }
    }
    const fn effects_if(self, b: bool) -> Self {
        OpInfo { side_effects: b, ..self }
    }
    const fn control(self) -> Self {
        OpInfo { side_effects: true, control_flow: true, ..self }
    }
    const fn divergence(self, divergence: Divergence) -> Self {
        OpInfo { divergence, ..self }
    }
    /// Has the uniform form `name`, and phase 74 uses it.
    const fn uniform(self, name: &'static str) -> Self {
        OpInfo { uniform_form: Some(name), uniform_candidate: true, ..self }
    }
    /// Has the uniform form `name`, which phase 74 does not use for this variant.
    const fn uniform_only_named(self, name: &'static str) -> Self {
        OpInfo { uniform_form: Some(name), uniform_candidate: false, ..self }
    }
    const fn clobber(self, early_clobber: EarlyClobber) -> Self {
        OpInfo { early_clobber, ..self }
    }
    const fn dsts(self, dsts: Positions) -> Self {
        OpInfo { dsts, ..self }
    }
}

impl Op {
    /// This opcode's row of the table. (Inlined, so that a caller reading one column keeps
    /// only that column's computation.)
    #[inline]
    pub fn info(&self) -> OpInfo {
        use Divergence::{Depends, Root, Uniform};
        use OpClass::{Atomic, Control, Float, Int, Memory, Move, Special as Spec, Warp};
        use Positions as Ps;
        let none = Ps::NONE;
        match *self {
            Op::Mov { .. } => row(Move, Ps::exactly(V)).uniform("UMOV"),
            // Phase 74 leaves the parallel copies of phi elimination to the allocator.
            Op::Copy => row(Move, Ps::exactly(V)).uniform_only_named("UMOV"),
            Op::Phi => row(Move, Ps::ANY),
            Op::IAdd3 { .. } => row(Int, Ps::exactly(VVV)).uniform("UIADD3").clobber(EarlyClobber::Source(2)),
            Op::IMad { kind, .. } => {
                let r = row(Int, Ps::exactly(VVV));
                match kind {
                    MadKind::Lo | MadKind::Wide { .. } => r.uniform("UIMAD"),
                    // No evidence of a uniform IMAD.HI: stays a vector instruction.
                    MadKind::Hi { .. } => r.uniform_only_named("UIMAD"),
                }
            }
            Op::Lop3 { .. } => row(Int, Ps::exactly(VVV)).uniform("ULOP3"),
            Op::Shf { .. } => row(Int, Ps::exactly(VV)).uniform("USHF"),
            Op::Funnel { .. } => row(Int, Ps::exactly(VVV)).uniform("USHF"),
            Op::ISetp { .. } => row(Int, Ps::exactly(&[Value, Value, Pred])).uniform("UISETP").dsts(Ps::exactly(P)),
            Op::PLop3 { .. } => row(Int, Ps::exactly(&[Pred, Pred, Pred])).uniform("UPLOP3").dsts(Ps::exactly(P)),
            Op::Sel { .. } => row(Int, Ps::exactly(&[Value, Value, Pred])).uniform("USEL"),
            Op::IAbs { .. } => row(Int, Ps::exactly(V)),
            Op::IMnMx { .. } => row(Int, Ps::exactly(VV)),
            Op::Popc { .. } => row(Int, Ps::exactly(V)).uniform("UPOPC"),
            Op::Flo { .. } => row(Int, Ps::exactly(V)).uniform("UFLO"),
            Op::Brev { .. } => row(Int, Ps::exactly(V)).uniform("UBREV"),
            Op::Prmt => row(Int, Ps::exactly(VVV)).uniform("UPRMT"),
            Op::Dp { .. } => row(Int, Ps::exactly(VVV)),
            Op::Fns => row(Int, Ps::exactly(VVV)),
            Op::IDiv { .. } => row(Int, Ps::exactly(VV)),
            Op::FSetp { .. } => row(Float, Ps::exactly(&[Value, Value, Pred])).dsts(Ps::exactly(P)),
            Op::FAdd { .. } | Op::FMul { .. } | Op::FMnMx { .. } | Op::FDiv { .. } => row(Float, Ps::exactly(VV)),
            Op::FFma { .. } => row(Float, Ps::exactly(VVV)),
            Op::FNeg { .. } | Op::FAbs { .. } | Op::FSqrt { .. } | Op::Mufu { .. } | Op::Cvt { .. } => {
                row(Float, Ps::exactly(V))
            }
            // Phase 74 moves only the CTA-index reads (`convert_to_uniform_reg::uniform_opcode`).
            Op::S2R => row(Memory, Ps::exactly(&[Special])).divergence(Depends).uniform("S2UR"),
            Op::Ld { space, volatile, .. } => {
                // Several destinations: a vector load.
                let r = row(Memory, Ps::exactly(&[Address])).divergence(Depends).effects_if(volatile);
                let r = r.dsts(Ps::then(V, Value));
                if space == Space::Const { r.uniform("ULDC") } else { r }
            }
            // The values after the address: one, or a vector.
            Op::St { .. } => row(Memory, Ps::then(&[Address, Value], Value)).effects().dsts(none),
            Op::Cvta { .. } => row(Memory, Ps::exactly(V)).uniform("UIADD3"),
            Op::IsSpace { .. } => row(Memory, Ps::exactly(V)).dsts(Ps::exactly(P)),
            // The address, then an optional size.
            Op::CacheHint { .. } => row(Memory, Ps::optional(&[Address, Value], 1)).effects().dsts(none),
            // The old value (RZ when unused: RED); the address, then the operand, or the
            // comparand and the new value of a compare-and-swap. An ordered load reads the
            // address only; an ordered store writes its value and has no destination.
            Op::Atom { op, .. } => {
                let r = row(Atomic, Ps::exactly(&[Address, Value])).effects().divergence(Root);
                match op {
                    AtomOp::Load { .. } => r.srcs(Ps::exactly(&[Address])),
                    AtomOp::Store { .. } => r.dsts(none),
                    AtomOp::Cas => r.srcs(Ps::exactly(&[Address, Value, Value])),
                    AtomOp::Add
                    | AtomOp::Min
                    | AtomOp::Max
                    | AtomOp::Inc
                    | AtomOp::Dec
                    | AtomOp::And
                    | AtomOp::Or
                    | AtomOp::Xor
                    | AtomOp::Exch => r,
                }
            }
            // The value, the lane or delta, the clamp, the member mask; the optional predicate
            // says whether the source lane was in range.
            Op::Shfl { .. } => row(Warp, Ps::exactly(&[Value, Value, Value, Mask]))
                .divergence(Root)
                .dsts(Ps::optional(&[Value, Pred], 1)),
            // The predicate and the member mask (none for `activemask`, which reads PT only).
            Op::Vote { .. } => row(Warp, Ps::optional(&[Pred, Mask], 1)).divergence(Uniform).dsts(Ps::exactly(&[Any])),
            // A match mask depends on the lane's own value; a reduction over a member mask that
            // not every lane names may differ between lanes.
            Op::Match { .. } => {
                row(Warp, Ps::exactly(&[Value, Mask])).divergence(Root).dsts(Ps::optional(&[Value, Pred], 1))
            }
            Op::Redux { .. } => row(Warp, Ps::exactly(&[Value, Mask])).divergence(Root),
            Op::Nanosleep => row(Warp, Ps::exactly(V)).effects().dsts(none),
            Op::WarpSync => row(Warp, Ps::exactly(&[Mask])).effects().dsts(none),
            // Barrier 0 of the whole CTA, or a barrier number and optionally a thread count.
            Op::Bar => row(Warp, Ps::optional(VV, 2)).effects().dsts(none),
            Op::BarArrive => row(Warp, Ps::exactly(VV)).effects().dsts(none),
            // One count for the whole CTA.
            Op::BarPopc => row(Warp, Ps::exactly(P)).effects().divergence(Uniform),
            Op::Membar { .. } => row(Warp, none).effects().dsts(none),
            Op::Bra => row(Control, Ps::exactly(&[Target])).control().dsts(none),
            Op::Exit | Op::Ret => row(Control, none).control().dsts(none),
            // Results and arguments by the call ABI (`Inst::call_parts`).
            Op::Call => row(Control, Ps::ANY).effects().divergence(Root).dsts(Ps::ANY),
            // Every lane has its own stack pointer.
            Op::Stack { op } => {
                let r = row(Control, Ps::exactly(V)).effects().divergence(Root);
                match op {
                    StackOp::Alloca { .. } => r,
                    StackOp::Save => r.srcs(none),
                    StackOp::Restore => r.dsts(none),
                }
            }
            Op::Trap { .. } => row(Control, none).effects().dsts(none),
            // A function of the handle and coordinates (surface data: like a global load).
            Op::TexSurf { op } => row(Spec, Ps::ANY).effects_if(op.writes_memory()).dsts(Ps::ANY),
            // Barrier states, elections and copies differ between lanes.
            Op::Sm90 { .. } => row(Spec, Ps::ANY).effects().divergence(Root).dsts(Ps::ANY),
            Op::Asm { side_effects, .. } => row(Spec, Ps::ANY)
                .effects_if(side_effects)
                .divergence(Root)
                .clobber(EarlyClobber::AllSources)
                .dsts(Ps::ANY),
        }
    }
}
