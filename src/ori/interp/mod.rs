//! The Ori SIMT interpreter: runs one [`Function`] over a grid with simulated memory, before
//! register allocation (virtual registers) or after it (physical registers, spill code).
//!
//! - `simt.rs`: CTAs, warps, the reconvergence stack (immediate post-dominators, `pdom.rs`),
//!   barriers, shuffles and votes — the algorithms are documented there.
//! - `exec.rs`: the per-opcode semantics (the PTX meaning of each Ori opcode, `emit/ptx.rs`);
//!   `float.rs`: rounding modes, f16.
//! - `regs.rs`: registers as 32-bit cells, virtual or physical (aliasing is real after
//!   allocation); `memory.rs`: the state spaces and their addresses (`windows.rs`: the
//!   generic-address windows of the spaces).
//! - `trace.rs`: per-instruction traces and their comparison.
//!
//! Inline assembly (`ASM`) runs its template through the PTX-subset evaluator `ptx_block/`, which
//! the JIT reference shares (`asm.rs`); a template outside the subset makes [`run`] report
//! [`ErrorKind::Unsupported`] before executing anything. Calls run when the callee's code is given ([`run_program`]).

pub mod asm;
pub mod exec;
pub mod float;
pub mod memory;
pub mod pdom;
pub mod ptx_block;
pub mod race;
pub mod regs;
pub mod simt;
pub mod texture;
pub mod trace;
pub mod windows;

#[cfg(test)]
mod tests;

use crate::ori::ir::{Function, VReg};
pub use memory::Machine;
pub use simt::{ThreadCtx, sreg_value};
use std::fmt;

/// Grid and block dimensions and the dynamic shared-memory size of a launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Bytes of dynamic (`extern __shared__`) shared memory per CTA.
    pub dynamic_shared: u32,
}

/// Run options.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Warp instructions executed before the run is abandoned.
    pub max_steps: u64,
    /// Record a trace of every register definition.
    pub trace: bool,
    /// Trace events kept at most.
    pub trace_limit: usize,
    /// Detect data races in shared and global memory (`race.rs`).
    pub race: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_steps: 20_000_000, trace: false, trace_limit: 500_000, race: false }
    }
}

/// One register definition: instruction `block[inst]` of function `func`, executed by warp `warp`
/// (numbered across the grid) for the lanes of `mask`, wrote `vreg`, whose values per active lane (lowest lane
/// first) are `values`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    pub warp: u32,
    /// The function (index into the functions run; 0 = the kernel).
    pub func: u32,
    pub block: u32,
    pub inst: u32,
    pub vreg: VReg,
    pub mask: u32,
    pub values: Vec<u64>,
}

/// What a run produced besides memory.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Warp instructions executed.
    pub steps: u64,
    /// Observations that did not stop the run (undefined shuffle sources, diverged barriers).
    pub notes: Vec<String>,
    pub trace: Vec<TraceEvent>,
    pub trace_truncated: bool,
    /// With `Options::race`: what the race detector found.
    pub race: Box<RaceFindings>,
}

/// The races of a run (`race.rs`).
#[derive(Clone, Debug, Default)]
pub struct RaceFindings {
    /// The races found, racy first, then benign.
    pub races: Vec<race::Race>,
    /// The global addresses of the bytes involved in a race that is not benign.
    pub racy: std::collections::BTreeSet<u64>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Code the interpreter does not model (inline assembly, calls without the callee's code,
    /// f64 directed FMA).
    Unsupported,
    /// A memory fault, a varying value in a uniform register: the program misbehaved.
    Fault,
    /// More than `Options::max_steps` warp instructions.
    StepLimit,
    /// Malformed input (the IR broke an invariant the interpreter relies on).
    Internal,
    /// The kernel aborted itself: `trap` / `brkpt` (`llvm.trap`, `llvm.debugtrap`) or CUDA's
    /// `assert` (`__assertfail`). A correct outcome, which `ori check` compares as such.
    Trap,
}

/// A run error, with where it happened when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
    /// Grid-wide warp number.
    pub warp: Option<u32>,
    /// `(block, instruction)`.
    pub at: Option<(u32, u32)>,
}

impl Error {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into(), warp: None, at: None }
    }
    pub fn unsupported(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unsupported, message)
    }
    pub fn fault(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Fault, message)
    }
    pub fn internal(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Internal, message)
    }
    pub fn trap(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Trap, message)
    }
    pub fn step_limit(max: u64) -> Error {
        Error::new(ErrorKind::StepLimit, format!("more than {max} warp instructions executed"))
    }
    /// Records the instruction (the first location wins).
    pub fn at(mut self, block: u32, inst: u32) -> Error {
        self.at.get_or_insert((block, inst));
        self
    }
    /// Records the warp (the first one wins).
    pub fn in_warp(mut self, warp: u32) -> Error {
        self.warp.get_or_insert(warp);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        match (self.warp, self.at) {
            (Some(w), Some((b, i))) => write!(f, " (warp {w}, bix{b} #{i})"),
            (None, Some((b, i))) => write!(f, " (bix{b} #{i})"),
            (Some(w), None) => write!(f, " (warp {w})"),
            (None, None) => Ok(()),
        }
    }
}

impl std::error::Error for Error {}

/// Runs `func` over `launch` on `machine`.
///
/// Registers are physical once `func` is allocated (`Function::assignment`), virtual before.
/// `params[i]` is the raw value of `func.params[i]` (its low `size` bytes go to constant bank 0
/// at the parameter's offset); pointer parameters are addresses of buffers allocated with
/// [`Machine::alloc`]. Memory effects stay in `machine`.
pub fn run(
    machine: &mut Machine,
    func: &Function,
    launch: &Launch,
    params: &[u64],
    opts: &Options,
) -> Result<Outcome, Error> {
    let (out, result) = simt::run(machine, &[func], launch, params, opts);
    result.map(|()| out)
}

/// Runs the kernel `funcs[0]` with the device functions `funcs[1..]` callable (`CALL @name`),
/// each with its own register assignment once allocated. Unlike [`run`], the outcome (notes,
/// the trace up to the failure) comes back with an error too.
///
/// Calls follow the PTX-level convention of the lowering: `CALL d, @f, args...`; the callee reads
/// argument `k` with `LD.PARAM @f_param_k` and leaves its result with `ST.PARAM @func_retval0`
/// before `RET`. Each activation has its own registers (PTX registers are per function; the
/// machine-level ABI is ptxas's business) and its own local frame, placed after the caller's, so
/// `c[0x0][0x28]` and `__local_depot` name the current frame.
pub fn run_program(
    machine: &mut Machine,
    funcs: &[&Function],
    launch: &Launch,
    params: &[u64],
    opts: &Options,
) -> (Outcome, Result<(), Error>) {
    simt::run(machine, funcs, launch, params, opts)
}

/// How a failed CUDA `assert` (a call of `__assertfail`) is reported, by the interpreter and by the
/// JIT reference alike.
pub fn assert_message(msg: &str, file: &str, line: u32, func: &str) -> String {
    format!("assertion `{msg}` failed ({file}:{line}, {func}) (__assertfail)")
}

/// Whether `func` uses approximate operations (MUFU, approximate division), whose results
/// `ori check` compares with a tolerance against the reference.
pub fn uses_approximations(func: &Function) -> bool {
    use crate::ori::opcode::Op;
    func.blocks.iter().flat_map(|b| &b.insts).any(|i| matches!(i.op, Op::Mufu { .. } | Op::FDiv { exact: false, .. }))
}
