//! Ori opcodes: SASS mnemonics with typed modifiers, plus the virtual `MovPhi` and `COPY`.
//!
//! Every property of an opcode is a column of one table (`opcode/table.rs`): one exhaustive
//! `match` without a `_` arm, one row per opcode, so adding an opcode forces a decision about its
//! class, side effects, control flow, divergence, uniform-datapath form, early-clobber sources
//! and operand layout in one place.
//!
//! A few opcodes are *macros* that ptxas would expand into several SASS instructions (integer
//! division, IEEE division and square root); they stay whole until emission, where PTX has a
//! direct spelling (`div.s32`, `div.rn.f32`, `sqrt.rn.f32`) and the SASS listing lists ptxas's
//! expansion (`emit::sass::macros`). The `Display` spelling here is the Ori text form.

use std::fmt;

mod class;
mod table;
pub use class::OpClass;
pub use table::{Divergence, EarlyClobber, OpInfo, Positions, Role};

/// Memory state spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Space {
    Global,
    Shared,
    Local,
    Const,
    Param,
    Generic,
}

impl Space {
    /// LLVM NVPTX address-space number → space.
    pub fn from_addrspace(a: u32) -> Option<Space> {
        Some(match a {
            0 => Space::Generic,
            1 => Space::Global,
            3 => Space::Shared,
            4 => Space::Const,
            5 => Space::Local,
            101 => Space::Param,
            _ => return None,
        })
    }
    pub fn ptx(self) -> &'static str {
        match self {
            Space::Global => ".global",
            Space::Shared => ".shared",
            Space::Local => ".local",
            Space::Const => ".const",
            Space::Param => ".param",
            Space::Generic => "",
        }
    }
}

/// Integer comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    pub fn name(self) -> &'static str {
        match self {
            Cmp::Eq => "EQ",
            Cmp::Ne => "NE",
            Cmp::Lt => "LT",
            Cmp::Le => "LE",
            Cmp::Gt => "GT",
            Cmp::Ge => "GE",
        }
    }
}

/// Floating-point comparison: ordered (`Lt`) or unordered (`Ltu`), plus `Num` / `Nan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FCmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

impl FCmp {
    pub fn name(self) -> &'static str {
        match self {
            FCmp::Eq => "EQ",
            FCmp::Ne => "NE",
            FCmp::Lt => "LT",
            FCmp::Le => "LE",
            FCmp::Gt => "GT",
            FCmp::Ge => "GE",
            FCmp::Equ => "EQU",
            FCmp::Neu => "NEU",
            FCmp::Ltu => "LTU",
            FCmp::Leu => "LEU",
            FCmp::Gtu => "GTU",
            FCmp::Geu => "GEU",
            FCmp::Num => "NUM",
            FCmp::Nan => "NAN",
        }
    }
}

/// Predicate combination of `ISETP`/`FSETP` and `PLOP3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoolOp {
    And,
    Or,
    Xor,
}

impl BoolOp {
    pub fn name(self) -> &'static str {
        match self {
            BoolOp::And => "AND",
            BoolOp::Or => "OR",
            BoolOp::Xor => "XOR",
        }
    }
}

/// Floating-point formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FTy {
    F16,
    /// Two halves packed in one 32-bit register, low lane first (`.f16x2`, SASS `HADD2` etc.
    /// without lane selectors).
    F16x2,
    /// bfloat16 (`bf16`: f32's exponent, 8 significant bits), held like f16 in the low half of
    /// a 32-bit register (`lower/half_math.rs`).
    BF16,
    F32,
    F64,
}

/// Numeric types of conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumTy {
    U8,
    S8,
    U16,
    S16,
    U32,
    S32,
    U64,
    S64,
    F16,
    BF16,
    F32,
    F64,
}

impl NumTy {
    pub fn is_float(self) -> bool {
        matches!(self, NumTy::F16 | NumTy::BF16 | NumTy::F32 | NumTy::F64)
    }
    pub fn bits(self) -> u32 {
        match self {
            NumTy::U8 | NumTy::S8 => 8,
            NumTy::U16 | NumTy::S16 | NumTy::F16 | NumTy::BF16 => 16,
            NumTy::U32 | NumTy::S32 | NumTy::F32 => 32,
            NumTy::U64 | NumTy::S64 | NumTy::F64 => 64,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            NumTy::U8 => "U8",
            NumTy::S8 => "S8",
            NumTy::U16 => "U16",
            NumTy::S16 => "S16",
            NumTy::U32 => "U32",
            NumTy::S32 => "S32",
            NumTy::U64 => "U64",
            NumTy::S64 => "S64",
            NumTy::F16 => "F16",
            NumTy::BF16 => "BF16",
            NumTy::F32 => "F32",
            NumTy::F64 => "F64",
        }
    }
}

/// Rounding modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Round {
    Rn,
    Rz,
    Rm,
    Rp,
}

/// Multi-function unit operations (approximate transcendental functions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MufuFn {
    Rcp,
    Rsq,
    Sqrt,
    Ex2,
    Lg2,
    Sin,
    Cos,
    Tanh,
    /// `MUFU.RCP64H`: approximate f64 reciprocal (`rcp.approx.ftz.f64`).
    Rcp64H,
    /// `MUFU.RSQ64H`: approximate f64 reciprocal square root (`rsqrt.approx[.ftz].f64`).
    Rsq64H,
}

/// Atomic operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomOp {
    Add,
    Min,
    Max,
    Inc,
    Dec,
    And,
    Or,
    Xor,
    Exch,
    Cas,
    /// An ordered load `d = [a]` (`ld.acquire.scope`; `fence.sc.scope` first when `sc`).
    Load {
        sc: bool,
    },
    /// An ordered store `[a] = b` (`st.release.scope`; `fence.sc.scope` first when `sc`); no
    /// result.
    Store {
        sc: bool,
    },
}

impl AtomOp {
    /// The SASS-style name (`ADD`, `CAS`, `LOAD`, ...).
    pub fn name(self) -> &'static str {
        match self {
            AtomOp::Add => "ADD",
            AtomOp::Min => "MIN",
            AtomOp::Max => "MAX",
            AtomOp::Inc => "INC",
            AtomOp::Dec => "DEC",
            AtomOp::And => "AND",
            AtomOp::Or => "OR",
            AtomOp::Xor => "XOR",
            AtomOp::Exch => "EXCH",
            AtomOp::Cas => "CAS",
            AtomOp::Load { .. } => "LOAD",
            AtomOp::Store { .. } => "STORE",
        }
    }
}

/// The set of threads an ordered memory operation synchronizes with (PTX's `.scope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemScope {
    Cta,
    Cluster,
    Gpu,
    Sys,
}

impl MemScope {
    /// The PTX qualifier without its dot (`cta`, `cluster`, `gpu`, `sys`).
    pub fn ptx(self) -> &'static str {
        match self {
            MemScope::Cta => "cta",
            MemScope::Cluster => "cluster",
            MemScope::Gpu => "gpu",
            MemScope::Sys => "sys",
        }
    }
}

/// What a [`Op::CacheHint`] asks of the memory system (PTX spelling in the comments).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CacheHint {
    /// `prefetch{.space}.{L1,L2} [a]` (`space`: global, local or generic).
    Prefetch { space: Space, l2: bool },
    /// `prefetchu.L1 [a]`.
    PrefetchUniform,
    /// `prefetch.global.L2::evict_{last,normal} [a]`.
    PrefetchEvict { last: bool },
    /// `applypriority{.global}.L2::evict_normal [a], size`.
    ApplyPriority { global: bool },
    /// `discard{.global}.L2 [a], size`.
    Discard { global: bool },
    /// `prefetch{.const,.param}.tensormap [a]` (generic, constant or kernel-parameter space).
    Tensormap { space: Space },
}

impl CacheHint {
    /// The PTX instruction without its operands.
    pub fn ptx(self) -> String {
        let sp = |global: bool| if global { ".global" } else { "" };
        match self {
            CacheHint::Prefetch { space, l2 } => format!("prefetch{}.{}", space.ptx(), if l2 { "L2" } else { "L1" }),
            CacheHint::PrefetchUniform => "prefetchu.L1".to_string(),
            CacheHint::PrefetchEvict { last } => {
                format!("prefetch.global.L2::{}", if last { "evict_last" } else { "evict_normal" })
            }
            CacheHint::ApplyPriority { global } => format!("applypriority{}.L2::evict_normal", sp(global)),
            CacheHint::Discard { global } => format!("discard{}.L2", sp(global)),
            CacheHint::Tensormap { space } => format!("prefetch{}.tensormap", space.ptx()),
        }
    }
}

/// Shuffle modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShflMode {
    Idx,
    Up,
    Down,
    Bfly,
}

/// Vote modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

/// `redux.sync` operations (32-bit integers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduxOp {
    Add,
    /// Signed minimum / maximum.
    Min,
    Max,
    /// Unsigned minimum / maximum.
    UMin,
    UMax,
    And,
    Or,
    Xor,
}

/// `IMAD` flavours: the low 32 bits, the high 32 bits, or the full 64-bit product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MadKind {
    Lo,
    Hi { signed: bool },
    Wide { signed: bool },
}

/// Operations on a thread's stack of dynamic local allocations (PTX `alloca`, `stacksave`,
/// `stackrestore`, PTX ISA 7.3; ptxas moves the stack pointer R1). Addresses are 64-bit local
/// addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StackOp {
    /// `d = alloca(size, align)`: `size` bytes at an address aligned to `align` (at least 8).
    Alloca { align: u32 },
    /// `d = stack pointer`.
    Save,
    /// `stack pointer = a` (a value `Save` returned in the same activation).
    Restore,
}

/// The sm_90 synchronization, asynchronous-copy and cluster instructions (`lower/intrinsics_sm90.rs`
/// names the intrinsics, `emit/ptx/sm90.rs` the PTX, `interp/simt/sm90.rs` the semantics).
/// `shared`: the `.shared` form (a shared-window address) instead of the generic one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sm90Op {
    /// `elect.sync d|p, membermask`: dsts the leader's lane and "this lane leads", src the mask.
    Elect,
    /// `mbarrier.init.b64 [a], count`.
    MbarInit { shared: bool },
    /// `mbarrier.inval.b64 [a]`.
    MbarInval { shared: bool },
    /// `mbarrier.arrive[_drop][.noComplete].b64 state, [a][, count]`.
    MbarArrive { shared: bool, drop: bool, no_complete: bool },
    /// `mbarrier.test_wait.b64 p, [a], state`.
    MbarTestWait { shared: bool },
    /// `mbarrier.pending_count.b64 d, state`.
    MbarPendingCount,
    /// `cp.async.{ca,cg}.shared.global [d], [s], bytes[, src_size]`.
    CpAsync { bytes: u8, cg: bool, src_size: bool },
    /// `cp.async.commit_group`.
    CpAsyncCommit,
    /// `cp.async.wait_group n` (src: the immediate n).
    CpAsyncWait,
    /// `cp.async.wait_all`.
    CpAsyncWaitAll,
    /// `cp.async.mbarrier.arrive[.noinc].b64 [a]`.
    CpAsyncMbarArrive { shared: bool, noinc: bool },
    /// `getctarank[.shared::cluster].u64 d, a`.
    GetCtaRank { shared: bool },
    /// `mapa[.shared::cluster].u64 d, a, rank`.
    Mapa { shared: bool },
    /// `isspacep.shared::cluster p, a`.
    IsSharedCluster,
    /// `mov.pred p, %is_explicit_cluster`.
    IsExplicitCluster,
    /// `barrier.cluster.arrive[.relaxed][.aligned]`.
    ClusterArrive { relaxed: bool, aligned: bool },
    /// `barrier.cluster.wait[.aligned]`: a barrier (of the whole cluster).
    ClusterWait { aligned: bool },
    /// `fence.proxy.alias` / `fence.proxy.async[.space]`.
    FenceProxy { kind: ProxyKind },
}

/// The proxy a `fence.proxy` orders with the generic one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProxyKind {
    Alias,
    Async,
    AsyncGlobal,
    AsyncSharedCluster,
    AsyncSharedCta,
}

/// An Ori opcode with its modifiers. `w64` marks the 64-bit ("wide") forms on register pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `MOV d, a`.
    Mov {
        w64: bool,
    },
    /// `IADD3 d, a, ±b, c`.
    IAdd3 {
        neg_b: bool,
        w64: bool,
    },
    /// `IMAD d, a, b, c` (`IMAD.WIDE`, `IMAD.HI`).
    IMad {
        kind: MadKind,
        w64: bool,
    },
    /// `LOP3.LUT d, a, b, c, lut`: any 3-input boolean function.
    Lop3 {
        lut: u8,
        w64: bool,
    },
    /// `SHF.L` / `SHF.R.{U32,S32}`: shift `a` by `b` (amounts ≥ width give 0 / sign fill).
    Shf {
        left: bool,
        signed: bool,
        w64: bool,
    },
    /// `SHF.{L,R}.W.U32[.HI] d, lo, amount, hi`: 32-bit funnel shift of `hi:lo`, amount mod 32
    /// (LLVM's `fshl`/`fshr`), or, with `clamp`, by `min(amount, 32)` (`SHF.{L,R}.U32[.HI]`,
    /// PTX's `shf.{l,r}.clamp`). Operands are stored as `[lo, hi, amount]`.
    Funnel {
        left: bool,
        clamp: bool,
    },
    /// `ISETP.cmp.{U32,S32}.bop Pd, a, b, Pc`.
    ISetp {
        cmp: Cmp,
        signed: bool,
        w64: bool,
        bop: BoolOp,
    },
    /// `FSETP` / `DSETP` / `HSETP2`: `Pd = (a cmp b) bop Pc`.
    FSetp {
        cmp: FCmp,
        ty: FTy,
        bop: BoolOp,
    },
    /// `PLOP3.LUT Pd, Pa, Pb, Pc`.
    PLop3 {
        lut: u8,
    },
    /// `SEL d, a, b, P` = P ? a : b.
    Sel {
        w64: bool,
    },
    /// `FADD` / `DADD` / `HADD2`. `ftz` (f32 and f16 only, PTX `.ftz`, SASS `.FTZ`): subnormal
    /// operands and results are flushed to a zero of the same sign — the same flag on `FMul`,
    /// `FFma` and `FMnMx` (`ori::lower::flush` writes it; the interpreter flushes the operands
    /// before and the result after the IEEE operation).
    FAdd {
        ty: FTy,
        ftz: bool,
    },
    /// `FMUL` / `DMUL` / `HMUL2`.
    FMul {
        ty: FTy,
        ftz: bool,
    },
    /// `FFMA` / `DFMA` / `HFMA2`.
    FFma {
        ty: FTy,
        round: Round,
        ftz: bool,
    },
    /// `FMNMX` / `DMNMX`: `max` selects the maximum; `nan`: a NaN operand makes the result NaN
    /// (PTX `min.NaN`, LLVM's `minimum`/`maximum`), else the other operand (`minnum`).
    FMnMx {
        ty: FTy,
        max: bool,
        nan: bool,
        ftz: bool,
    },
    /// Negation / absolute value (SASS folds these into operand modifiers; kept explicit here).
    FNeg {
        ty: FTy,
    },
    FAbs {
        ty: FTy,
    },
    /// IEEE (`exact`) division rounded by `round`, or approximate division (macro).
    FDiv {
        ty: FTy,
        exact: bool,
        round: Round,
    },
    /// IEEE square root rounded by `round` (macro).
    FSqrt {
        ty: FTy,
        round: Round,
    },
    /// `MUFU.fn` (f32); `ftz` flushes denormal inputs and results (the `.ftz` PTX forms).
    Mufu {
        func: MufuFn,
        ftz: bool,
    },
    /// `IABS`.
    IAbs {
        w64: bool,
    },
    /// `IMNMX.{U32,S32}`.
    IMnMx {
        signed: bool,
        max: bool,
        w64: bool,
    },
    /// `POPC`.
    Popc {
        w64: bool,
    },
    /// `FLO.U32`: index of the highest set bit (`~0` for zero).
    Flo {
        w64: bool,
    },
    /// `BREV`.
    Brev {
        w64: bool,
    },
    /// `PRMT d, a, sel, b`: byte permute (bswap).
    Prmt,
    /// `dp4a` / `dp2a.{lo,hi}` (`IDP`): `d = c + Σ a[i]·b[i]` over the four bytes of `a` and `b`
    /// (`dp4a`), or over the two halfwords of `a` and two bytes of `b` (`dp2a`: bytes 0-1, or
    /// 2-3 with `hi`), each extended as its signedness says; srcs `a, b, c`.
    Dp {
        two: bool,
        hi: bool,
        a_signed: bool,
        b_signed: bool,
    },
    /// `fns.b32 d, mask, base, offset`: the position of the `|offset|`-th set bit of `mask`
    /// met walking from bit `base` up (positive offset) or down (negative), or `base` itself
    /// when it is set and `offset` is 0; `0xffffffff` when there is none (a macro: ptxas
    /// expands it).
    Fns,
    /// Integer division / remainder (macro).
    IDiv {
        signed: bool,
        rem: bool,
        w64: bool,
    },
    /// Conversions: `I2F`, `F2I`, `F2F`, `I2I`.
    Cvt {
        from: NumTy,
        to: NumTy,
        round: Round,
    },
    /// `S2R d, SR_*` (`CS2R` for 64-bit clocks).
    S2R,
    /// Loads: `LDG`, `LDS`, `LDL`, `LDC`, `LD` with the access width and sign extension. The
    /// address is the first source plus `offset` bytes (SASS's `[R2.64+0x10]`, PTX's
    /// `[%rd2+16]`; `ori::fold_offsets` folds constant address additions into it). Several
    /// destinations make a vector load (`ld.v2`/`ld.v4`, `LDG.E.64`/`.128`) of `bits` per
    /// element from consecutive addresses (`ori::lower::vectorize`). `nc`: a global load through
    /// the non-coherent read-only path (`ld.global.nc`, `LDG.E.CONSTANT`), for data the kernel
    /// never writes (`ori::lower::noncoherent`).
    Ld {
        space: Space,
        bits: u32,
        signed: bool,
        volatile: bool,
        offset: i32,
        nc: bool,
    },
    /// Stores: `STG`, `STS`, `STL`, `ST`, addressed like [`Op::Ld`]; several values after the
    /// address make a vector store.
    St {
        space: Space,
        bits: u32,
        volatile: bool,
        offset: i32,
    },
    /// `ATOMG` / `ATOMS` / `ATOM` (`RED` when the result is unused): d = old value. `scope`:
    /// the threads the operation is atomic (and, for the ordered loads and stores, ordered)
    /// with; `Gpu` is PTX's default and is not written on read-modify-write operations.
    Atom {
        space: Space,
        op: AtomOp,
        ty: NumTy,
        scope: MemScope,
    },
    /// `SHFL.mode d, Pd, a, b, c` (membermask as the last source).
    Shfl {
        mode: ShflMode,
    },
    /// `VOTE.mode d, a` (membermask as the last source).
    Vote {
        mode: VoteMode,
    },
    /// `MATCH.{ANY,ALL}[.U64] d[, Pd], a` (membermask as the last source): the lanes of the
    /// member mask holding the same value as this lane (`any`), or all of them if every member
    /// holds it, else 0, with the predicate saying so (`all`).
    Match {
        all: bool,
        w64: bool,
    },
    /// `REDUX.op d, a` (membermask as the last source): the reduction of `a` over the members.
    Redux {
        op: ReduxOp,
    },
    /// `NANOSLEEP a`: suspends the thread for up to `a` nanoseconds (no observable effect).
    Nanosleep,
    /// A cache hint on the line holding address `a` (`prefetch`, `discard`, `applypriority`:
    /// `CCTL`-class instructions); sources `[a]` or `[a, size]`. No effect on any value a
    /// thread reads (a discarded line reads back an indeterminate value, of which the old one
    /// is a valid choice).
    CacheHint {
        hint: CacheHint,
    },
    /// `WARPSYNC mask` (`bar.warp.sync`): the member lanes reconverge.
    WarpSync,
    /// `isspacep.space Pd, a`: whether the generic address `a` lies in `space`'s window.
    IsSpace {
        space: Space,
    },
    /// Address conversion between a state space and the generic space (`cvta`; in SASS an add
    /// of the window base).
    Cvta {
        space: Space,
        to_generic: bool,
    },
    /// The dynamic stack (`lower/stack.rs`).
    Stack {
        op: StackOp,
    },
    /// sm_90 synchronization, asynchronous copies and clusters.
    Sm90 {
        op: Sm90Op,
    },
    /// `trap` (`BPT.TRAP`): the kernel aborts; `brkpt` (a breakpoint, `BPT.PAUSE`), which
    /// without a debugger aborts it too (llc-19 lowers `llvm.debugtrap` to `trap`).
    Trap {
        brkpt: bool,
    },
    /// `BAR.SYNC id[, count]`: no sources for barrier 0 of the whole CTA, else the barrier
    /// number and optionally the number of participating threads.
    Bar,
    /// `BAR.ARV id, count` (`barrier.arrive id, count`): counts the warp's arrival at barrier
    /// `id` without waiting (a producer's half of a producer/consumer pair of named barriers).
    BarArrive,
    /// `BAR.RED.POPC d, Pa` (`bar.red.popc.u32 d, 0, pa`): barrier 0 of the whole CTA that also
    /// counts the threads whose predicate is true; every thread receives the count.
    BarPopc,
    /// `MEMBAR` (fence).
    Membar {
        gpu: bool,
    },
    /// `BRA target` (conditional through the guard).
    Bra,
    /// `EXIT` (kernels).
    Exit,
    /// `RET` (device functions).
    Ret,
    /// `CALL.ABS.NOINC callee`: srcs are the arguments, dsts the results.
    Call,
    /// Inline PTX assembly (`Function::asm[id]`, `$N` naming dsts then srcs), kept opaque.
    Asm {
        id: u32,
        side_effects: bool,
    },
    /// A texture fetch, surface access or query (`ori::texsurf`): sources are the intrinsic's
    /// arguments, destinations its results.
    TexSurf {
        op: crate::ori::texsurf::TexOp,
    },
    /// `MovPhi d, [v0, L0], [v1, L1], ...`: SSA phi (virtual).
    Phi,
    /// `COPY d, a` (virtual; parallel-copy element after phi elimination).
    Copy,
}

impl Op {
    /// Writes memory, orders other threads, transfers control, or must otherwise never be removed
    /// even when its results are dead (stores, atomics — even with an unused result —, barriers,
    /// fences, control flow, volatile loads and calls): the table's `side_effects`.
    pub fn has_side_effects(&self) -> bool {
        self.info().side_effects
    }

    /// Transfers control (must be the last instruction of its block: SetControlFlowOpLastInBB).
    pub fn is_control_flow(&self) -> bool {
        self.info().control_flow
    }

    /// Control never falls through past it (when unguarded).
    pub fn ends_block_unconditionally(&self) -> bool {
        matches!(self, Op::Bra | Op::Exit | Op::Ret)
    }

    /// The uniform-datapath mnemonic (sm_75+), if the opcode has one.
    pub fn uniform_form(&self) -> Option<&'static str> {
        self.info().uniform_form
    }
}

fn fty(t: FTy) -> (&'static str, &'static str) {
    // (prefix letter for the opcode family, suffix)
    match t {
        FTy::F16 | FTy::F16x2 => ("H", "2"),
        FTy::BF16 => ("H", "2.BF16"),
        FTy::F32 => ("F", ""),
        FTy::F64 => ("D", ""),
    }
}

fn su(signed: bool, w64: bool) -> &'static str {
    match (signed, w64) {
        (false, false) => "U32",
        (true, false) => "S32",
        (false, true) => "U64",
        (true, true) => "S64",
    }
}

/// The SASS-style mnemonic with modifiers (`IMAD.WIDE.U32`, `ISETP.GE.AND`, `LDG.E.64`).
impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = |w64: bool| if w64 { ".64" } else { "" };
        match *self {
            Op::Mov { w64 } => write!(f, "MOV{}", w(w64)),
            Op::IAdd3 { w64, .. } => write!(f, "IADD3{}", w(w64)),
            Op::IMad { kind, w64 } => match kind {
                MadKind::Lo => write!(f, "IMAD{}", w(w64)),
                MadKind::Hi { signed } => write!(f, "IMAD.HI{}", if signed { "" } else { ".U32" }),
                MadKind::Wide { signed } => {
                    write!(f, "IMAD.WIDE{}", if signed { "" } else { ".U32" })
                }
            },
            Op::Lop3 { w64, .. } => write!(f, "LOP3.LUT{}", w(w64)),
            Op::Shf { left, signed, w64 } => {
                if left {
                    write!(f, "SHF.L.{}", su(false, w64))
                } else {
                    write!(f, "SHF.R.{}.HI", su(signed, w64))
                }
            }
            Op::Funnel { left, clamp } => {
                let w = if clamp { "" } else { ".W" };
                write!(f, "{}", if left { format!("SHF.L{w}.U32.HI") } else { format!("SHF.R{w}.U32") })
            }
            Op::ISetp { cmp, signed, w64, bop } => {
                write!(f, "ISETP.{}.{}.{}", cmp.name(), su(signed, w64), bop.name())
            }
            Op::FSetp { cmp, ty, bop } => write!(f, "{}SETP{}.{}.{}", fty(ty).0, fty(ty).1, cmp.name(), bop.name()),
            Op::PLop3 { .. } => write!(f, "PLOP3.LUT"),
            Op::Sel { w64 } => write!(f, "SEL{}", w(w64)),
            Op::FAdd { ty, ftz } => write!(f, "{}ADD{}{}", fty(ty).0, ftz_suffix(ftz), fty(ty).1),
            Op::FMul { ty, ftz } => write!(f, "{}MUL{}{}", fty(ty).0, ftz_suffix(ftz), fty(ty).1),
            Op::FFma { ty, round, ftz } => {
                write!(f, "{}FMA{}{}{}", fty(ty).0, ftz_suffix(ftz), fty(ty).1, round_suffix(round))
            }
            Op::FMnMx { ty, max, nan, ftz } => write!(
                f,
                "{}MNMX{}{}{}{}",
                fty(ty).0,
                ftz_suffix(ftz),
                fty(ty).1,
                if max { ".MAX" } else { ".MIN" },
                if nan { ".NAN" } else { "" }
            ),
            Op::FNeg { ty } => write!(f, "{}NEG{}", fty(ty).0, fty(ty).1),
            Op::FAbs { ty } => write!(f, "{}ABS{}", fty(ty).0, fty(ty).1),
            Op::FDiv { ty, exact, round } => {
                let r = if exact { format!(".{round:?}").to_uppercase() } else { ".APPROX".to_string() };
                write!(f, "{}DIV{}{r}", fty(ty).0, fty(ty).1)
            }
            Op::FSqrt { ty, round } => {
                write!(f, "{}SQRT{}.{}", fty(ty).0, fty(ty).1, format!("{round:?}").to_uppercase())
            }
            Op::Mufu { func, .. } => write!(f, "MUFU.{}", format!("{func:?}").to_uppercase()),
            Op::IAbs { w64 } => write!(f, "IABS{}", w(w64)),
            Op::IMnMx { signed, max, w64 } => {
                write!(f, "IMNMX.{}{}", su(signed, w64), if max { ".MAX" } else { ".MIN" })
            }
            Op::Popc { w64 } => write!(f, "POPC{}", w(w64)),
            Op::Flo { w64 } => write!(f, "FLO.U32{}", w(w64)),
            Op::Brev { w64 } => write!(f, "BREV{}", w(w64)),
            Op::Prmt => write!(f, "PRMT"),
            Op::Dp { two, hi, a_signed, b_signed } => {
                let su = |s: bool| if s { "S8" } else { "U8" };
                let form = if two { if hi { ".2A.HI" } else { ".2A.LO" } } else { ".4A" };
                write!(f, "IDP{form}.{}.{}", su(a_signed), su(b_signed))
            }
            Op::Fns => write!(f, "FNS"),
            Op::IDiv { signed, rem, w64 } => {
                write!(f, "{}.{}", if rem { "IREM" } else { "IDIV" }, su(signed, w64))
            }
            Op::Cvt { from, to, round } => {
                let base = match (from.is_float(), to.is_float()) {
                    (false, true) => "I2F",
                    (true, false) => "F2I",
                    (true, true) => "F2F",
                    (false, false) => "I2I",
                };
                let r = match round {
                    Round::Rn => "",
                    Round::Rz => ".TRUNC",
                    Round::Rm => ".FLOOR",
                    Round::Rp => ".CEIL",
                };
                write!(f, "{base}.{}.{}{r}", to.name(), from.name())
            }
            Op::S2R => write!(f, "S2R"),
            Op::Ld { space, bits, signed, volatile, nc, .. } => {
                let base = match space {
                    Space::Global => "LDG.E",
                    Space::Shared => "LDS",
                    Space::Local => "LDL",
                    Space::Const => "LDC",
                    // Device-function parameters (the `.param` ABI of `ori::lower`).
                    Space::Param => "LD.PARAM",
                    Space::Generic => "LD.E",
                };
                let sz = size_suffix(bits, signed);
                let nc = if nc { ".CONSTANT" } else { "" };
                write!(f, "{base}{sz}{nc}{}", if volatile { ".STRONG.SYS" } else { "" })
            }
            Op::St { space, bits, volatile, .. } => {
                let base = match space {
                    Space::Global => "STG.E",
                    Space::Shared => "STS",
                    Space::Local => "STL",
                    Space::Const => "ST.CONST",
                    Space::Param => "ST.PARAM",
                    Space::Generic => "ST.E",
                };
                let sz = match bits {
                    8 => ".U8",
                    16 => ".U16",
                    32 => "",
                    64 => ".64",
                    _ => ".128",
                };
                write!(f, "{base}{sz}{}", if volatile { ".STRONG.SYS" } else { "" })
            }
            Op::Atom { space, op, ty, scope } => {
                let base = match space {
                    Space::Global => "ATOMG.E",
                    Space::Shared => "ATOMS",
                    _ => "ATOM.E",
                };
                let ordered = matches!(op, AtomOp::Load { .. } | AtomOp::Store { .. });
                let scope = if ordered || scope != MemScope::Gpu { format!(".{}", scope.ptx()) } else { String::new() };
                write!(f, "{base}.{}.{}{}", op.name(), ty.name(), scope.to_uppercase())
            }
            Op::Shfl { mode } => write!(f, "SHFL.{}", format!("{mode:?}").to_uppercase()),
            Op::Vote { mode } => write!(f, "VOTE.{}", format!("{mode:?}").to_uppercase()),
            Op::Match { all, w64 } => write!(f, "MATCH.{}{}", if all { "ALL" } else { "ANY" }, w(w64)),
            Op::Redux { op } => write!(f, "REDUX.{}", redux_name(op)),
            Op::Nanosleep => write!(f, "NANOSLEEP"),
            Op::CacheHint { hint } => match hint {
                CacheHint::Prefetch { l2: false, .. } | CacheHint::PrefetchUniform => write!(f, "CCTL.E.PF1"),
                CacheHint::Prefetch { l2: true, .. } | CacheHint::PrefetchEvict { .. } => write!(f, "CCTL.E.PF2"),
                CacheHint::Tensormap { .. } => write!(f, "UTMAPF.L2.TENSOR"),
                CacheHint::ApplyPriority { .. } => write!(f, "CCTL.E.RML2"),
                CacheHint::Discard { .. } => write!(f, "CCTL.E.IVALL"),
            },
            Op::WarpSync => write!(f, "WARPSYNC"),
            Op::IsSpace { space } => write!(f, "ISSPACEP{}", space.ptx().to_uppercase()),
            Op::Cvta { space, to_generic } => {
                write!(f, "CVTA{}{}", if to_generic { "" } else { ".TO" }, space.ptx().to_uppercase())
            }
            Op::Stack { op } => match op {
                StackOp::Alloca { align } => write!(f, "ALLOCA.ALIGN{align}"),
                StackOp::Save => write!(f, "STACKSAVE"),
                StackOp::Restore => write!(f, "STACKRESTORE"),
            },
            Op::Trap { brkpt } => write!(f, "BPT.{}", if brkpt { "PAUSE" } else { "TRAP" }),
            Op::Sm90 { op } => write!(f, "{}", sm90_name(op)),
            Op::Bar => write!(f, "BAR.SYNC"),
            Op::BarArrive => write!(f, "BAR.ARV"),
            Op::BarPopc => write!(f, "BAR.RED.POPC"),
            Op::Membar { gpu } => write!(f, "MEMBAR.{}", if gpu { "GPU" } else { "CTA" }),
            Op::Bra => write!(f, "BRA"),
            Op::Exit => write!(f, "EXIT"),
            Op::Ret => write!(f, "RET"),
            Op::Call => write!(f, "CALL.ABS.NOINC"),
            Op::Asm { id, .. } => write!(f, "ASM.{id}"),
            Op::TexSurf { op } => write!(f, "{}", op.sass()),
            Op::Phi => write!(f, "MovPhi"),
            Op::Copy => write!(f, "COPY"),
        }
    }
}

/// The Ori text form of an sm_90 instruction (roughly the SASS family: `SYNCS` for mbarriers,
/// `LDGSTS` for `cp.async`, `UCGABAR` for the cluster barrier).
fn sm90_name(op: Sm90Op) -> String {
    let s = |shared: bool| if shared { ".SHARED" } else { "" };
    match op {
        Sm90Op::Elect => "ELECT".into(),
        Sm90Op::MbarInit { shared } => format!("SYNCS.INIT{}", s(shared)),
        Sm90Op::MbarInval { shared } => format!("SYNCS.INVAL{}", s(shared)),
        Sm90Op::MbarArrive { shared, drop, no_complete } => format!(
            "SYNCS.ARRIVE{}{}{}",
            if drop { ".DROP" } else { "" },
            if no_complete { ".NOCOMPLETE" } else { "" },
            s(shared)
        ),
        Sm90Op::MbarTestWait { shared } => format!("SYNCS.TEST_WAIT{}", s(shared)),
        Sm90Op::MbarPendingCount => "SYNCS.PENDING_COUNT".into(),
        Sm90Op::CpAsync { bytes, cg, src_size } => {
            format!("LDGSTS.{}.{bytes}{}", if cg { "CG" } else { "CA" }, if src_size { ".ZFILL" } else { "" })
        }
        Sm90Op::CpAsyncCommit => "LDGDEPBAR".into(),
        Sm90Op::CpAsyncWait => "DEPBAR.LE".into(),
        Sm90Op::CpAsyncWaitAll => "DEPBAR.ALL".into(),
        Sm90Op::CpAsyncMbarArrive { shared, noinc } => {
            format!("ARRIVES.LDGSTSBAR{}{}", if noinc { ".NOINC" } else { "" }, s(shared))
        }
        Sm90Op::GetCtaRank { shared } => format!("GETCTARANK{}", s(shared)),
        Sm90Op::Mapa { shared } => format!("MAPA{}", s(shared)),
        Sm90Op::IsSharedCluster => "ISSPACEP.SHARED_CLUSTER".into(),
        Sm90Op::IsExplicitCluster => "S2R.IS_EXPLICIT_CLUSTER".into(),
        Sm90Op::ClusterArrive { relaxed, aligned } => {
            format!("UCGABAR_ARV{}{}", if relaxed { ".RELAXED" } else { "" }, if aligned { ".ALIGNED" } else { "" })
        }
        Sm90Op::ClusterWait { aligned } => format!("UCGABAR_WAIT{}", if aligned { ".ALIGNED" } else { "" }),
        Sm90Op::FenceProxy { kind } => format!("FENCE.PROXY.{}", format!("{kind:?}").to_uppercase()),
    }
}

/// The SASS spelling of a `REDUX` operation (`SUM`, `MIN.S32`, `MAX`, ...).
pub fn redux_name(op: ReduxOp) -> &'static str {
    match op {
        ReduxOp::Add => "SUM",
        ReduxOp::Min => "MIN.S32",
        ReduxOp::Max => "MAX.S32",
        ReduxOp::UMin => "MIN",
        ReduxOp::UMax => "MAX",
        ReduxOp::And => "AND",
        ReduxOp::Or => "OR",
        ReduxOp::Xor => "XOR",
    }
}

/// LOP3 lookup tables for the usual two-input functions (a = 0xF0, b = 0xCC, c = 0xAA).
pub mod lut {
    /// a itself (a copy of a predicate through PLOP3).
    pub const A: u8 = 0xF0;
    pub const AND: u8 = 0xF0 & 0xCC;
    pub const OR: u8 = 0xF0 | 0xCC;
    pub const XOR: u8 = 0xF0 ^ 0xCC;
    pub const NOT_A: u8 = !0xF0;
    /// a & ~b
    pub const AND_NOT: u8 = 0xF0 & !0xCC;

    /// `l` with input `k` (0 = a, 1 = b, 2 = c) fixed to `value`: the result no longer depends
    /// on that input, so its slot may read PT.
    pub fn with_input(l: u8, k: usize, value: bool) -> u8 {
        let bit = 1u8 << (2 - k);
        (0..8u8).filter(|&i| l & (1 << if value { i | bit } else { i & !bit }) != 0).fold(0, |acc, i| acc | 1 << i)
    }
}

/// SASS rounding suffix (`.RM`, `.RP`, `.RZ`; nearest-even prints nothing).
fn ftz_suffix(ftz: bool) -> &'static str {
    if ftz { ".FTZ" } else { "" }
}

fn round_suffix(r: Round) -> &'static str {
    match r {
        Round::Rn => "",
        Round::Rz => ".RZ",
        Round::Rm => ".RM",
        Round::Rp => ".RP",
    }
}

/// The immediate part of a SASS memory operand: `+0x10`, `-0x4`, nothing for 0 (shared by the
/// Ori text form and the SASS listing; `fold_offsets` makes them).
pub fn sass_offset(offset: i32) -> String {
    match offset {
        0 => String::new(),
        k if k < 0 => format!("-{:#x}", k.unsigned_abs()),
        k => format!("+{k:#x}"),
    }
}

/// The SASS access-size suffix of a memory operation: `.U8`, `.S16`, …, nothing for 32 bits,
/// `.64`, `.128` (shared by the Ori text form and the SASS listing).
pub fn size_suffix(bits: u32, signed: bool) -> &'static str {
    match (bits, signed) {
        (8, false) => ".U8",
        (8, true) => ".S8",
        (16, false) => ".U16",
        (16, true) => ".S16",
        (32, _) => "",
        (64, _) => ".64",
        _ => ".128",
    }
}
