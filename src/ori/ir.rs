//! The Ori IR (seeds 000, 001, 003): a Code Object per function, blocks in a contiguous `Vec`
//! indexed by `bix` (block 0 = entry), instructions with SASS-named opcodes, and virtual registers
//! with a register file (R, UR, P, UP, B) and a pair mode (single, or a 64-bit aligned pair).
//!
//! Every opcode property (side effects, control flow, divergence root, uniform form) is an
//! exhaustive `match` in `opcode.rs`, so a new opcode forces a decision everywhere.

use crate::ori::opcode::Op;
use crate::sreg::SpecialReg;
use std::fmt;

/// A virtual register (an index into [`Function::regs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

/// A block index (`bix`), the position in [`Function::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bix(pub u32);

impl Bix {
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

impl VReg {
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// Register files (seed 003 "Register Classes"). B (barrier registers) carry ordering only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegFile {
    /// 32-bit general-purpose registers R0..R254 (R1 is the stack pointer, RZ reads zero).
    R,
    /// Uniform registers UR0..UR62 (URZ reads zero).
    UR,
    /// Predicates P0..P6 (PT is true).
    P,
    /// Uniform predicates UP0..UP6.
    UP,
    /// Convergence-barrier registers B0..B15.
    B,
}

impl RegFile {
    pub fn prefix(self) -> &'static str {
        match self {
            RegFile::R => "R",
            RegFile::UR => "UR",
            RegFile::P => "P",
            RegFile::UP => "UP",
            RegFile::B => "B",
        }
    }
    pub fn is_predicate(self) -> bool {
        matches!(self, RegFile::P | RegFile::UP)
    }
}

/// How many consecutive registers a value occupies (seed 003 "pair modes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PairMode {
    /// One 32-bit register (or one predicate).
    Single,
    /// A 64-bit value in an aligned even/odd pair.
    Pair,
    /// A 128-bit value in an aligned quad (v4 loads/stores).
    Quad,
}

impl PairMode {
    /// Registers consumed.
    pub fn slots(self) -> u32 {
        match self {
            PairMode::Single => 1,
            PairMode::Pair => 2,
            PairMode::Quad => 4,
        }
    }
    pub fn bits(self) -> u32 {
        32 * self.slots()
    }
}

/// What a virtual register is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegInfo {
    pub file: RegFile,
    pub pair: PairMode,
}

/// An instruction operand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Reg(VReg),
    /// An immediate; its meaning (integer or float bits) comes from the opcode.
    Imm(u64),
    /// `c[bank][offset]`: kernel parameters live in bank 0 from 0x210 on sm_90.
    CBank {
        bank: u8,
        offset: u32,
    },
    /// A special register read by S2R (`SR_TID.X`, ...).
    SReg(SpecialReg),
    /// A branch target.
    Label(Bix),
    /// The address of a module symbol (a `.shared` / `.global` / `.const` variable).
    Symbol(String),
    /// The zero register (RZ / URZ) as a source or a discarded destination.
    Zero,
    /// The always-true predicate PT.
    True,
}

impl Operand {
    pub fn reg(&self) -> Option<VReg> {
        match self {
            Operand::Reg(r) => Some(*r),
            _ => None,
        }
    }
}

/// A predicate guard `@P0` / `@!P0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guard {
    pub pred: VReg,
    pub negated: bool,
}

/// One instruction: `[@guard] OP dsts, srcs`.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub op: Op,
    pub dsts: Vec<Operand>,
    pub srcs: Vec<Operand>,
    pub guard: Option<Guard>,
}

impl Inst {
    pub fn new(op: Op, dsts: Vec<Operand>, srcs: Vec<Operand>) -> Self {
        Inst { op, dsts, srcs, guard: None }
    }

    /// Registers written.
    pub fn defs(&self) -> impl Iterator<Item = VReg> + '_ {
        self.dsts.iter().filter_map(Operand::reg)
    }

    /// Registers read, the guard included.
    pub fn uses(&self) -> impl Iterator<Item = VReg> + '_ {
        self.srcs.iter().filter_map(Operand::reg).chain(self.guard.map(|g| g.pred))
    }

    /// A `CALL`'s callee and arguments (see `ori::lower::calls`); `None` for other opcodes.
    pub fn call_parts(&self) -> Option<(Callee<'_>, &[Operand])> {
        if self.op != Op::Call {
            return None;
        }
        match self.srcs.first()? {
            Operand::Symbol(s) => match s.strip_prefix(PROTOTYPE_PREFIX).and_then(|k| k.parse().ok()) {
                Some(prototype) => {
                    let address = self.srcs.get(1)?;
                    Some((Callee::Indirect { prototype, address }, &self.srcs[2..]))
                }
                None => Some((Callee::Direct(s), &self.srcs[1..])),
            },
            _ => None,
        }
    }

    /// Branch targets named by the instruction.
    pub fn targets(&self) -> impl Iterator<Item = Bix> + '_ {
        self.srcs.iter().filter_map(|o| match o {
            Operand::Label(b) => Some(*b),
            _ => None,
        })
    }
}

/// The symbol prefix of an indirect call's prototype (`CALL [@%prototype_<k>, address, args]`).
pub const PROTOTYPE_PREFIX: &str = "%prototype_";

/// Whom a `CALL` calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Callee<'a> {
    /// A function by its PTX name.
    Direct(&'a str),
    /// The function at a run-time address, with the signature `Function::prototypes[prototype]`.
    Indirect { prototype: usize, address: &'a Operand },
}

/// A basic block. `label` is the source label id shown as `L%x` in CFG dumps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub insts: Vec<Inst>,
    pub label: u32,
    /// The LLVM block name, for readable dumps.
    pub name: String,
}

/// A kernel parameter and where it lives in constant bank 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    /// Size in bytes (4 or 8 for scalars and pointers).
    pub size: u32,
    pub align: u32,
    /// Offset in `c[0x0][...]`.
    pub cbank_offset: u32,
    /// PTX type spelling (`.u64`, `.u32`, `.f32`, ...).
    pub ptx_type: &'static str,
}

/// The Code Object of one function.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Function {
    pub name: String,
    pub is_kernel: bool,
    pub params: Vec<Param>,
    pub blocks: Vec<Block>,
    pub regs: Vec<RegInfo>,
    /// Bytes of per-thread local memory (allocas), 16-byte aligned on output.
    pub local_frame: u32,
    /// The stack-pointer register (R1 after allocation), loaded from `c[0x0][0x28]`.
    pub stack_pointer: Option<VReg>,
    /// Inline PTX templates referenced by `Op::Asm { id }`.
    pub asm: Vec<String>,
    /// A device function's return value width (`None`: void, or a kernel).
    pub ret: Option<PairMode>,
    /// The LLVM values this function was lowered from that define registers, in program order
    /// (arguments, then instructions block by block): the value's name (a numbered value by its
    /// slot number, `5` for `%5`, once `llvm::module::name_unnamed_values` ran) and its
    /// registers. `--dump-varying` reports by these names.
    pub value_names: Vec<(String, Vec<VReg>)>,
    /// Per parameter of a device function: some call site passes a varying value for it (the
    /// inter-procedural step, `varying::propagate_call_arguments`). Empty: all uniform.
    pub varying_params: Vec<bool>,
    /// Labels of loop headers whose loop must not be unrolled (LLVM's
    /// `llvm.loop.unroll.disable`): PTX `.pragma "nounroll"` at the header.
    pub no_unroll: Vec<u32>,
    /// A device function's `.param` ABI (see `ori::lower::calls`).
    pub sig: CallSig,
    /// `.visible` / `.weak` / none for a device function (kernels are always `.visible`).
    pub linkage: Linkage,
    /// The function's address is taken (it may be called indirectly).
    pub address_taken: bool,
    /// Prototypes of the indirect calls: `CALL` names `prototype_<k>` (see `ori::lower::calls`).
    pub prototypes: Vec<CallSig>,
    /// The register assignment, once register allocation ran (`regalloc::allocate`): the
    /// physical register of every virtual register, by index (R5 → 5, the pair R4:R5 → 4,
    /// P0 → 0; 0 for registers that no longer appear in the code). `None` before allocation:
    /// printers, emitters and the interpreter then use the virtual numbers.
    pub assignment: Option<Vec<u32>>,
}

impl Function {
    pub fn new_reg(&mut self, file: RegFile, pair: PairMode) -> VReg {
        self.regs.push(RegInfo { file, pair });
        VReg(self.regs.len() as u32 - 1)
    }

    pub fn reg_info(&self, r: VReg) -> RegInfo {
        self.regs[r.idx()]
    }

    pub fn num_insts(&self) -> usize {
        self.blocks.iter().map(|b| b.insts.len()).sum()
    }

    /// Successor blocks of `b`, sorted: the targets of its control-flow instructions up to the
    /// first unguarded `BRA`/`EXIT`/`RET` (phi labels are not edges), plus the next block when
    /// control can fall through.
    pub fn successors(&self, b: Bix) -> Vec<Bix> {
        let block = &self.blocks[b.idx()];
        let mut out: Vec<Bix> = Vec::new();
        let mut falls = true;
        for i in &block.insts {
            if !i.op.is_control_flow() {
                continue;
            }
            out.extend(i.targets());
            if i.op.ends_block_unconditionally() && i.guard.is_none() {
                falls = false;
                break;
            }
        }
        if falls && b.idx() + 1 < self.blocks.len() {
            out.push(Bix(b.0 + 1));
        }
        out.sort();
        out.dedup();
        out
    }

    /// Predecessor lists of every block (in block order).
    pub fn predecessors(&self) -> Vec<Vec<Bix>> {
        let mut preds = vec![Vec::new(); self.blocks.len()];
        for b in 0..self.blocks.len() {
            for s in self.successors(Bix(b as u32)) {
                preds[s.idx()].push(Bix(b as u32));
            }
        }
        preds
    }
}

/// A whole module lowered to Ori: functions plus module-level variables.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Program {
    pub functions: Vec<Function>,
    pub globals: Vec<GlobalVar>,
    /// Functions declared but not defined in the module that it calls or takes the address of
    /// (`.extern .func`).
    pub externs: Vec<ExternFunc>,
    /// The module's file-scope inline assembly (`module asm "..."`, lines joined by newlines),
    /// copied into the PTX verbatim as llc does; empty when there is none.
    pub module_asm: String,
    /// Per function, as lowered (before any phase; phases do not maintain it): for each block and
    /// instruction, the LLVM instruction it was made from, as its ordinal + 1 in the LLVM
    /// function (blocks in order, instructions in order; 0: none, e.g. parameter reads).
    /// `ori check` names the LLVM instructions (and their debug locations) of races with it.
    pub origins: std::collections::BTreeMap<String, Vec<Vec<u32>>>,
}

/// How one argument or result travels through a `.param` (llc-19's choices; see
/// `ori::lower::call_abi`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamAbi {
    /// `.param .b32`: i1 (0/1), i2..i32 (in the low bits), float.
    B32,
    /// `.param .b64`: i33..i64, double, pointers.
    B64,
    /// `.param .align 2 .b8 x[2]`: half, bfloat.
    Half,
    /// `.param .align A .b8 x[size]`: a vector, struct, array, i128 or `byval` argument, written
    /// and read in `pieces` (in the order of the value's flattened scalars).
    Bytes { align: u32, size: u32, pieces: Vec<Piece> },
}

/// A part of a `.param` moved by one `st.param` / `ld.param`: `bits` (8, 16, 32 or 64) at byte
/// `offset`. Each piece is one operand of a `CALL` (its low bits; an i1 as 0/1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub offset: u32,
    pub bits: u32,
}

impl ParamAbi {
    /// The `.param` declaration of `name`.
    pub fn decl(&self, name: &str) -> String {
        match self {
            ParamAbi::B32 => format!(".param .b32 {name}"),
            ParamAbi::B64 => format!(".param .b64 {name}"),
            ParamAbi::Half => format!(".param .align 2 .b8 {name}[2]"),
            ParamAbi::Bytes { align, size, .. } => format!(".param .align {align} .b8 {name}[{size}]"),
        }
    }
    /// The pieces the `.param` is moved in.
    pub fn pieces(&self) -> Vec<Piece> {
        match self {
            ParamAbi::B32 => vec![Piece { offset: 0, bits: 32 }],
            ParamAbi::B64 => vec![Piece { offset: 0, bits: 64 }],
            ParamAbi::Half => vec![Piece { offset: 0, bits: 16 }],
            ParamAbi::Bytes { pieces, .. } => pieces.clone(),
        }
    }
    /// Size in bytes.
    pub fn size(&self) -> u32 {
        match self {
            ParamAbi::B32 => 4,
            ParamAbi::B64 => 8,
            ParamAbi::Half => 2,
            ParamAbi::Bytes { size, .. } => *size,
        }
    }
}

/// A call signature: the result (if any) and the parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallSig {
    pub ret: Option<ParamAbi>,
    pub params: Vec<ParamAbi>,
}

impl CallSig {
    /// The parameter whose pieces include the `CALL` argument operand `j`.
    pub fn param_of_operand(&self, j: usize) -> Option<usize> {
        let mut n = 0;
        for (k, p) in self.params.iter().enumerate() {
            n += p.pieces().len();
            if j < n {
                return Some(k);
            }
        }
        None
    }
    /// Operands a `CALL` with this signature passes.
    pub fn operand_count(&self) -> usize {
        self.params.iter().map(|p| p.pieces().len()).sum()
    }
}

/// A function declared in the module and defined elsewhere.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternFunc {
    /// The PTX name.
    pub name: String,
    pub sig: CallSig,
}

/// A module variable in the `.global`, `.shared` or `.const` state space (see
/// `ori::lower::globals` for how LLVM globals map to these fields).
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalVar {
    /// The PTX name (LLVM's name, made a valid PTX identifier for internal symbols).
    pub name: String,
    /// The LLVM name (what the LLVM JIT reference knows it by).
    pub ir_name: String,
    pub space: crate::ori::opcode::Space,
    /// Store size in bytes (llc's element count for `.b8` arrays).
    pub size: u64,
    pub align: u32,
    /// Initializer bytes (None = zero / uninitialized). Relocated words hold the addend.
    pub init: Option<Vec<u8>>,
    /// Addresses of other symbols inside the initializer.
    pub relocs: Vec<Reloc>,
    /// A declaration (`.extern`): defined in another module.
    pub external: bool,
    pub linkage: Linkage,
    /// The PTX scalar type when the variable is one scalar (`.u32`, `.f32`, `.u64`, ...); `None`
    /// for aggregates, which are byte (or, with addresses, 64-bit word) arrays.
    pub scalar: Option<&'static str>,
    /// A texture or surface reference (`.global .texref` / `.surfref`, from `!nvvm.annotations`):
    /// a handle, not storage (`ori::lower::texsurf`).
    pub handle: Option<crate::ori::texsurf::HandleKind>,
}

impl Default for GlobalVar {
    fn default() -> Self {
        GlobalVar {
            name: String::new(),
            ir_name: String::new(),
            space: crate::ori::opcode::Space::Global,
            size: 0,
            align: 1,
            init: None,
            relocs: Vec::new(),
            external: false,
            linkage: Linkage::Visible,
            scalar: None,
            handle: None,
        }
    }
}

/// How a module symbol is visible to other modules (llc's linkage directives).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Linkage {
    /// External linkage: `.visible`.
    #[default]
    Visible,
    /// Private / internal: no directive (local to the module).
    Internal,
    /// weak, weak_odr, linkonce, linkonce_odr: `.weak`.
    Weak,
    /// common: `.common`.
    Common,
}

impl Linkage {
    /// The PTX directive with a trailing space (empty for internal symbols).
    pub fn directive(self) -> &'static str {
        match self {
            Linkage::Visible => ".visible ",
            Linkage::Internal => "",
            Linkage::Weak => ".weak ",
            Linkage::Common => ".common ",
        }
    }
}

/// A symbol's address stored in an initializer: 8 bytes at `offset` hold `target + addend`
/// (`generic`: the generic address, PTX `generic(target)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reloc {
    pub offset: u64,
    /// The PTX name of a module variable or function.
    pub target: String,
    pub addend: i64,
    pub generic: bool,
    /// The target is a function (its address is a code address).
    pub function: bool,
}

impl fmt::Display for VReg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.0)
    }
}

/// An inline-asm template with every `$N` replaced by `operand(N)` and every `$$` by `dollar`
/// (the lowering keeps `$$`, PTX emission writes `$`); `None` when a `$` has no number or
/// `operand` has nothing for it.
pub fn substitute_asm_operands(
    template: &str,
    dollar: &str,
    operand: impl Fn(usize) -> Option<String>,
) -> Option<String> {
    let mut out = String::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'$') {
            chars.next();
            out.push_str(dollar);
            continue;
        }
        // `${N}` and `${N:m}` (LLVM's operand modifiers `c`: the immediate bare, `n`: the
        // immediate negated) or plain `$N`.
        let braced = chars.peek() == Some(&'{');
        if braced {
            chars.next();
        }
        let mut n = String::new();
        while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            n.push(*d);
            chars.next();
        }
        let text = operand(n.parse().ok()?)?;
        if !braced {
            out.push_str(&text);
            continue;
        }
        let modifier = if chars.peek() == Some(&':') {
            chars.next();
            chars.next()
        } else {
            None
        };
        if chars.next() != Some('}') {
            return None;
        }
        match modifier {
            None | Some('c') => out.push_str(&text),
            Some('n') => out.push_str(&asm_immediate(&text)?.wrapping_neg().to_string()),
            Some(_) => return None,
        }
    }
    Some(out)
}

/// The value of an integer immediate as an asm operand prints it (decimal or `0x` hex).
fn asm_immediate(text: &str) -> Option<i64> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let v = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok()? as i64,
        None => digits.parse::<i64>().ok()?,
    };
    Some(if neg { v.wrapping_neg() } else { v })
}
