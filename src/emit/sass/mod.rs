//! A SASS listing in the shape `cuobjdump -sass` prints (no encodings): per function
//! `code for sm_90`, `Function : <name>`, then `/*0000*/  [@P0] OPCODE.MODS operands ;` at
//! 16-byte steps, with physical registers (R, UR, P, UP, RZ, URZ, PT), `c[0x0][0x…]` operands,
//! `SR_*` names, branch targets as addresses, `EXIT`, and the final self-branch.
//!
//! Every Ori instruction is spelled the way ptxas 13 prints the SASS it makes of the PTX that
//! `emit::ptx` writes for that instruction on sm_90: one Ori instruction becomes zero or more
//! listed instructions. The sequences were read off `cuobjdump -sass` of ptxas's output for
//! small PTX kernels, one construct at a time (the facts of the mapping, not ptxas's code).
//! An allocated kernel starts with ptxas's prologue `LDC R1, c[0x0][0x28]` (the stack pointer,
//! which the allocator reserves) unless its own code already loads it.
//!
//! Mapping table (Ori → SASS; `d`, `a`, `b`, `c` are operands, `.lo`/`.hi` the halves of a pair):
//!
//! | Ori | SASS |
//! |---|---|
//! | `MOV d, c[0x0][o]` / `MOV.64` | `LDC d, c[0x0][o]` / `LDC.64` (offset 0 prints as `c[0x0][RZ]`) |
//! | `MOV` / `COPY` of registers, `MOV.64`, a quad | one `MOV` per 32-bit word that changes register |
//! | `MOV.64 d, @sym` | `MOV d.lo, 32@lo(sym)` + `MOV d.hi, 32@hi(sym)` (relocated immediates) |
//! | `IADD3 d, a, ±b, c` | `IADD3` (an immediate goes to the B slot) |
//! | `IADD3.64 d, a, ±b, RZ` | `IADD3 d.lo, P, a.lo, ±b.lo, RZ` + `IADD3.X d.hi, a.hi, b.hi\|~b.hi, RZ, P, !PT` |
//! | `IMAD`, `IMAD.HI`, `IMAD.WIDE` | the same (`IMAD.HI.U32` / `IMAD.WIDE.U32` when unsigned) |
//! | `IMAD.64 d, a, b, c` | `IMAD t, a.hi, b.lo, RZ` (`SHF.L.U32` for a power of two) [+ `IMAD t, a.lo, b.hi, t`] + `IMAD.WIDE.U32 d, a.lo, b.lo, c` + `IADD3 d.hi, d.hi, t, RZ` |
//! | `IMAD.HI.U64` | the four partial products (`IMAD.WIDE.U32[.X]` with carries) |
//! | `LOP3.LUT d, a, b, c` / `.64` | `LOP3.LUT d, a, b, c, lut, !PT` (per half; the LUT follows operand swaps) |
//! | `SHF.L` / `SHF.R.{U,S}32` | `SHF.L.U32 d, a, s, RZ` / `SHF.R.{U,S}32.HI d, RZ, s, a` |
//! | 64-bit shifts | `SHF.L.U64.HI` + `SHF.L.U32`, `SHF.R.{U,S}64` + `SHF.R.{U,S}32.HI` |
//! | funnel shifts | `SHF.L.W.U32.HI d, lo, s, hi` / `SHF.R.W.U32 d, lo, s, hi` |
//! | `ISETP` (32 / 64-bit) | `ISETP.cmp[.U32].bop Pd, PT, a, b, c` / low words `.U32` + `ISETP.cmp[.U32].bop.EX` on the high words |
//! | `FSETP` (F32 / F64 / F16 / BF16) | `FSETP` / `DSETP` / `HSETP2` / `HSETP2.BF16_V2` with `Pd, PT` |
//! | `PLOP3.LUT d, a, b, c` | `PLOP3.LUT Pd, PT, a, b, c, lut, 0x0` |
//! | `SEL` / `SEL.64` | `SEL` per word |
//! | `FADD` `FMUL` `FFMA` | `FADD`/`DADD`/`HADD2` …, f16 operands as `Rn.H0_H0`, float immediates in decimal |
//! | `FMNMX` (F32 / F16 / BF16) | `FMNMX[.NAN] d, a, b, PT` (min) / `!PT` (max), `HMNMX2[.BF16_V2]` |
//! | `DMNMX` | `DSETP.MAX\|MIN.AND P, Q, a, b, PT` + `FSEL`/`SEL` + NaN fix-up `@Q LOP3.LUT` |
//! | `FNEG` / `FABS` | `FADD d, -a, -RZ` / `FADD d, \|a\|, -RZ` (`DADD d, -RZ, -a`, `HADD2 d, -RZ, -a.H0_H0`) |
//! | `MUFU` (no `.ftz`) | ptxas's denormal range scaling around `MUFU.RCP/RSQ/SQRT/LG2/EX2`, `FMUL.RZ` by 1/2π before `MUFU.SIN/COS` |
//! | `IMNMX` | `VIMNMX[.U32] d, a, b, PT\|!PT`; 64-bit: `ISETP` pair + two `SEL` |
//! | `POPC.64` / `FLO.64` | two `POPC` + `IADD3` / `FLO` of the high word, `ISETP`, guarded `IADD3` / `FLO` |
//! | `I2I` | sign extension `SHF.R.S32.HI d.hi, RZ, 0x1f, a`, zero extension `MOV d.hi, RZ`, truncation `MOV`, `PRMT d, a, 0x8880\|0x9910, RZ` (s8, s16), `LOP3.LUT d, a, 0xff\|0xffff, RZ, 0xc0, !PT` (u8, u16) |
//! | `I2F` `F2I` `F2F` | `I2FP.F32.{S32,U32}`, `I2F[.dst][.src]`, `F2I[.dst][.src].TRUNC[.NTZ]`, `F2F.dst.src`, `FRND` (same type), `HADD2.F32` / `F2FP.F16.F32.PACK_AB` (f16), `IMAD.U32 d, a, 0x10000, RZ` / `F2FP.BF16.F32.PACK_AB` (bf16) |
//! | `IDIV` `IREM` `FDIV` `FSQRT` | macro expansions, see `macros.rs` |
//! | `LDG` `STG` `LDS` `STS` `LDL` `STL` `LD` `ST` | `LDG.E[.sz] d, [a.64]`, `LDS d, [a]`, `LDL`, `LDC d, c[0x3][a]`, generic `LD.E`/`ST.E`; zero stores `RZ` |
//! | `ATOM*` | `ATOMG.E.op[.ty].STRONG.GPU PT, d, [a.64], b`, `ATOMS.op d, [a], b`, `ATOM.E…`; `REDG.E…`/`RED.E…` when the result is dead |
//! | `SHFL.mode d, Pd, a, b, c` | `SHFL.mode Pd\|PT, d, a, b, c` (the member mask has no SASS operand) |
//! | `VOTE` | `VOTE.ANY d, PT, p` (ballot, activemask), `VOTE.ALL\|ANY\|EQ Pd, p` |
//! | `CVTA` | global: a copy; shared: `S2R SR_SWINHI` as high word / `MOV d.hi, RZ`; local, const: `IADD3` pair with the window base `c[0x0][0x20]` / `c[0x0][0xd0]` |
//! | `BAR.SYNC` | `BAR.SYNC.DEFER_BLOCKING 0x0` |
//! | `MEMBAR.GPU` / `.CTA` | `MEMBAR.SC.GPU` + `ERRBAR` + `CGAERRBAR` + `CCTL.IVALL` / `MEMBAR.SC.CTA` |
//! | `CALL` `RET`, `LD.PARAM` `ST.PARAM` | see `calls.rs` |
//! | inline PTX | `ASM /* text */ operands` (ptxas would assemble it; kept opaque) |
//!
//! Expansions need scratch registers the allocator did not see: the listing takes the lowest
//! registers (and predicates) that are neither live across the instruction, nor its operands,
//! nor R1 (see [`scratch`]). A guarded instruction whose expansion is more than plain
//! word-by-word code is branched around (`@!P BRA end`).

mod calls;
mod expand;
mod macros;
mod memory;
mod pack;
mod scratch;

use crate::ori::analysis::reconverge::Anchor;
use crate::ori::ir::{Bix, Function, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::Op;
use crate::sreg::SassSource;
use scratch::Scratch;
use std::fmt::Write;

/// Prints the listing of every function, with each function's physical registers once it is
/// allocated (`Function::assignment`; without one, virtual register numbers stand in).
///
/// As in ptxas's output, a device function is not a `Function` of its own: its code follows the
/// code of each kernel that calls it (directly or not), and calls branch to that address.
pub fn listing(funcs: &[&Function], sm: u32) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\n\tcode for sm_{sm}\n\t.target\tsm_{sm}\n");
    let callees = |f: &Function| -> Vec<String> {
        let mut v = Vec::new();
        for i in f.blocks.iter().flat_map(|b| &b.insts) {
            if let (Op::Call, Some(Operand::Symbol(c))) = (i.op, i.srcs.first())
                && !v.contains(c)
            {
                v.push(c.clone());
            }
        }
        v
    };
    let called: Vec<String> = funcs.iter().flat_map(|f| callees(f)).collect();
    for f in funcs {
        if !f.is_kernel && called.contains(&f.name) {
            continue;
        }
        let _ = writeln!(s, "\t\tFunction : {}", f.name);
        let _ = writeln!(s, "\t.headerflags\t@\"EF_CUDA_SM{sm} EF_CUDA_VIRTUAL_SM(EF_CUDA_SM{sm})\"");
        // The function, then every function it reaches through calls, in order of first call.
        let mut parts: Vec<&Function> = vec![f];
        let mut k = 0;
        while k < parts.len() {
            for c in callees(parts[k]) {
                if !parts.iter().any(|p| p.name == c)
                    && let Some(g) = funcs.iter().find(|g| g.name == c)
                {
                    parts.push(*g);
                }
            }
            k += 1;
        }
        let mut lines = Vec::new();
        let mut starts = Vec::new();
        for g in &parts {
            starts.push((g.name.clone(), lines.len()));
            let base = lines.len();
            lines.extend(function_lines(g).into_iter().map(|mut l| {
                l.target = l.target.map(|t| t + base);
                l
            }));
        }
        for (pc, l) in lines.iter().enumerate() {
            let target = match (&l.call, l.target) {
                (Some(c), _) => starts.iter().find(|(n, _)| n == c).map(|(_, at)| *at),
                (None, t) => t,
            };
            let text = match target {
                Some(t) => format!("{} {:#x}", l.text, t * 16),
                None if l.call.is_some() => format!("{} `({})`", l.text, l.call.as_deref().unwrap_or("")),
                None => l.text.clone(),
            };
            let _ = writeln!(s, "        /*{:04x}*/{:>18} {text} ;", pc * 16, l.guard);
        }
        let end = lines.len() * 16;
        let _ = writeln!(s, "        /*{end:04x}*/{:>18} BRA {end:#x};", "");
        s.push_str("\t\t..........\n\n");
    }
    s
}

/// A branch target of a listed instruction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Target {
    Block(Bix),
    /// A label of the expansion being built ([`Emitter::label`]).
    Label(usize),
}

/// One listed instruction: guard, text, and an address appended to the text when it has a target
/// (a branch, a return-address move) or calls a function.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub guard: String,
    pub text: String,
    pub target: Option<Target>,
    /// The callee of a `CALL.REL.NOINC` (its address is known once the listing is laid out).
    pub call: Option<String>,
}

/// A line with its target resolved to a line index within its function.
struct Placed {
    guard: String,
    text: String,
    target: Option<usize>,
    call: Option<String>,
}

/// The listed lines of one function, branch targets resolved to line indices.
fn function_lines(f: &Function) -> Vec<Placed> {
    let mut scratch = Scratch::new(f);
    let mut lines: Vec<Line> = Vec::new();
    let mut block_start = Vec::with_capacity(f.blocks.len());
    // ptxas's kernel prologue; without an allocation R1 is just virtual register 1.
    if f.is_kernel && f.stack_pointer.is_none() && f.assignment.is_some() {
        lines.push(Line { guard: String::new(), text: "LDC R1, c[0x0][0x28]".into(), target: None, call: None });
    }
    // Reconvergence (`reconverge.rs`): BSYNC opens each reconvergence block (branches to it land
    // on the BSYNC), BSSY goes before the anchoring block's first control-flow instruction (or at
    // its end), and a uniform branch on a UP predicate is BRA.U.
    let plan = crate::ori::analysis::reconverge::plan(f);
    let bssy = |anchor: Anchor, lines: &mut Vec<Line>| {
        for r in plan.bssy_at(anchor) {
            let text = format!("BSSY B{},", r.barrier);
            lines.push(Line { guard: String::new(), text, target: Some(Target::Block(r.reconverge)), call: None });
        }
    };
    for (b, block) in f.blocks.iter().enumerate() {
        let bix = Bix(b as u32);
        block_start.push(lines.len());
        for r in plan.bsync_at(bix) {
            lines.push(Line { guard: String::new(), text: format!("BSYNC B{}", r.barrier), target: None, call: None });
        }
        let first_cf = block.insts.iter().position(|i| i.op.is_control_flow()).unwrap_or(block.insts.len());
        for (k, inst) in block.insts.iter().enumerate() {
            if k == first_cf {
                bssy(Anchor::BeforeBranch(bix), &mut lines);
                bssy(Anchor::EndOfPreheader(bix), &mut lines);
            }
            if inst.op == Op::Bra
                && plan.is_uniform(bix)
                && let (Some(g), Some(t)) = (inst.guard, inst.targets().next())
                && f.reg_info(g.pred).file == RegFile::UP
            {
                // The uniform branch reads its predicate from the uniform file: `BRA.U [!]UPn`.
                let em = Emitter::new(f, scratch.at(bix, k, inst));
                let text = format!("BRA.U {}{},", if g.negated { "!" } else { "" }, em.reg(g.pred));
                lines.push(Line { guard: String::new(), text, target: Some(Target::Block(t)), call: None });
                continue;
            }
            let mut em = Emitter::new(f, scratch.at(Bix(b as u32), k, inst));
            expand::inst(&mut em, &block.insts, k);
            if em.scratch.exhausted {
                // No free predicate (or register) for the expansion: the Ori form instead.
                em.lines.clear();
                em.labels.clear();
                let ops: Vec<String> = inst.dsts.iter().chain(&inst.srcs).map(|o| em.op(o)).collect();
                em.emit(format!("{} {}", inst.op, ops.join(", ")));
            }
            let base = lines.len();
            let mut own = em.finish(inst);
            for l in &mut own {
                if let Some(Target::Label(id)) = l.target {
                    l.target = Some(Target::Label(base + id));
                }
            }
            lines.extend(own);
        }
        if first_cf == block.insts.len() {
            bssy(Anchor::BeforeBranch(bix), &mut lines);
            bssy(Anchor::EndOfPreheader(bix), &mut lines);
        }
    }
    let n = lines.len();
    lines
        .into_iter()
        .map(|l| Placed {
            target: l.target.map(|t| match t {
                Target::Block(b) => block_start.get(b.idx()).copied().unwrap_or(n),
                Target::Label(i) => i,
            }),
            guard: l.guard,
            text: l.text,
            call: l.call,
        })
        .collect()
}

/// Builds the lines of one Ori instruction: operand names after allocation, scratch registers,
/// local labels.
pub(crate) struct Emitter<'a> {
    pub f: &'a Function,
    pub scratch: scratch::Free,
    lines: Vec<Line>,
    /// Label id → line index within this expansion (bound labels only).
    labels: Vec<Option<usize>>,
}

impl<'a> Emitter<'a> {
    fn new(f: &'a Function, scratch: scratch::Free) -> Self {
        Emitter { f, scratch, lines: Vec::new(), labels: Vec::new() }
    }

    /// Appends an unguarded line.
    pub fn emit(&mut self, text: impl Into<String>) {
        self.lines.push(Line { guard: String::new(), text: text.into(), target: None, call: None });
    }

    /// Appends `CALL.REL.NOINC` to function `callee` (its address, or its name when the listing
    /// does not hold its code).
    pub fn emit_call(&mut self, callee: &str) {
        let text = "CALL.REL.NOINC".to_string();
        self.lines.push(Line { guard: String::new(), text, target: None, call: Some(callee.to_string()) });
    }

    /// Appends a line under guard `@P` (`neg`: `@!P`); `pred` is a predicate name.
    pub fn emit_if(&mut self, pred: &str, neg: bool, text: impl Into<String>) {
        let guard = format!("@{}{pred}", if neg { "!" } else { "" });
        self.lines.push(Line { guard, text: text.into(), target: None, call: None });
    }

    /// Appends a line whose text is followed by the address of `target`.
    pub fn emit_to(&mut self, guard: &str, text: impl Into<String>, target: Target) {
        self.lines.push(Line { guard: guard.into(), text: text.into(), target: Some(target), call: None });
    }

    /// A fresh, unbound label.
    pub fn label(&mut self) -> Target {
        self.labels.push(None);
        Target::Label(self.labels.len() - 1)
    }

    /// Binds `l` to the next line to be emitted.
    pub fn bind(&mut self, l: Target) {
        if let Target::Label(id) = l {
            self.labels[id] = Some(self.lines.len());
        }
    }

    /// The finished lines, labels resolved to indices within this expansion and the
    /// instruction's guard applied (per line, or by a branch around the whole expansion).
    fn finish(mut self, inst: &Inst) -> Vec<Line> {
        let end = self.lines.len();
        for l in &mut self.lines {
            if let Some(Target::Label(id)) = l.target {
                l.target = Some(Target::Label(self.labels[id].unwrap_or(end)));
            }
        }
        let Some(g) = inst.guard else { return self.lines };
        let pred = self.reg(g.pred);
        let plain = self.lines.iter().all(|l| l.guard.is_empty() && !matches!(l.target, Some(Target::Label(_))));
        if plain {
            let guard = format!("@{}{pred}", if g.negated { "!" } else { "" });
            for l in &mut self.lines {
                l.guard = guard.clone();
            }
            return self.lines;
        }
        // Branch around: the skip goes to the first line after the expansion.
        let n = self.lines.len();
        let mut out = vec![Line {
            guard: format!("@{}{pred}", if g.negated { "" } else { "!" }),
            text: "BRA".into(),
            target: Some(Target::Label(n + 1)),
            call: None,
        }];
        for mut l in self.lines {
            if let Some(Target::Label(i)) = l.target {
                l.target = Some(Target::Label(i + 1));
            }
            out.push(l);
        }
        out
    }

    /// The physical number of a register (its virtual number without an allocation).
    pub fn num(&self, r: VReg) -> u32 {
        self.f.assignment.as_ref().map_or(r.0, |p| p[r.idx()])
    }

    /// A register's name (a pair or quad is named by its first register, as SASS does).
    pub fn reg(&self, r: VReg) -> String {
        format!("{}{}", self.f.reg_info(r).file.prefix(), self.num(r))
    }

    /// Whether an operand is a register of a uniform file.
    pub fn is_uniform(&self, o: &Operand) -> bool {
        matches!(o, Operand::Reg(r) if matches!(self.f.reg_info(*r).file, RegFile::UR | RegFile::UP))
    }

    /// Register words of an operand (1 for a single register or non-register).
    pub fn words(&self, o: &Operand) -> u32 {
        match o {
            Operand::Reg(r) => self.f.reg_info(*r).pair.slots(),
            _ => 1,
        }
    }

    /// Whether an operand is a 64-bit (or wider) register.
    pub fn is_wide(&self, o: &Operand) -> bool {
        matches!(o, Operand::Reg(r) if self.f.reg_info(*r).pair != PairMode::Single)
    }

    /// An operand as SASS prints it (integer immediates in hex, negative ones as `-0x…`).
    pub fn op(&self, o: &Operand) -> String {
        match o {
            Operand::Reg(r) => self.reg(*r),
            Operand::Imm(v) => imm(*v),
            Operand::CBank { bank, offset } => format!("c[{bank:#x}][{offset:#x}]"),
            Operand::SReg(s) => match s.sass_source() {
                SassSource::Sr(n) => n.to_string(),
                SassSource::ConstBank(off) => format!("c[0x0][{off:#x}]"),
                SassSource::Imm(v) => format!("{v:#x}"),
            },
            Operand::Label(b) => format!("bix{}", b.0),
            Operand::Symbol(s) => format!("32@lo({s})"),
            Operand::Zero => if self.is_uniform(o) { "URZ" } else { "RZ" }.into(),
            Operand::True => "PT".into(),
        }
    }

    /// Word `w` (0 = low) of an operand: `R{n+w}` of a register group, the 32-bit word of an
    /// immediate, the next constant-bank word, `32@hi(sym)`.
    pub fn word(&self, o: &Operand, w: u32) -> String {
        match o {
            Operand::Reg(r) if self.f.reg_info(*r).pair != PairMode::Single || w == 0 => {
                format!("{}{}", self.f.reg_info(*r).file.prefix(), self.num(*r) + w)
            }
            Operand::Reg(_) => "RZ".into(),
            Operand::Imm(v) => imm((*v >> (32 * w)) & 0xFFFF_FFFF),
            Operand::CBank { bank, offset } => format!("c[{bank:#x}][{:#x}]", offset + 4 * w),
            Operand::Symbol(s) if w == 0 => format!("32@lo({s})"),
            Operand::Symbol(s) => format!("32@hi({s})"),
            other => self.op(other),
        }
    }

    /// The physical registers of an operand (empty for non-registers).
    pub fn regs_of(&self, o: &Operand) -> Vec<u32> {
        match o {
            Operand::Reg(r) => (0..self.f.reg_info(*r).pair.slots()).map(|k| self.num(*r) + k).collect(),
            _ => Vec::new(),
        }
    }

    /// A fresh scratch R register (its name).
    pub fn tmp(&mut self) -> String {
        format!("R{}", self.scratch.r(1))
    }

    /// A fresh aligned scratch pair: the name of its first register and its number.
    pub fn tmp_pair(&mut self) -> (String, u32) {
        let n = self.scratch.r(2);
        (format!("R{n}"), n)
    }

    /// A fresh scratch predicate (its name).
    pub fn tmp_p(&mut self) -> String {
        format!("P{}", self.scratch.p())
    }

    /// The operand in a register: registers as they are, `RZ` for zero, anything else moved
    /// into a scratch register first (`MOV t, imm`).
    pub fn in_reg(&mut self, o: &Operand) -> String {
        match o {
            Operand::Reg(_) | Operand::Zero => self.op(o),
            Operand::Imm(0) => "RZ".into(),
            _ => {
                let t = self.tmp();
                let v = self.op(o);
                self.emit(format!("MOV {t}, {v}"));
                t
            }
        }
    }
}

/// An integer immediate as cuobjdump prints it: hex, negative 32-bit values as `-0x…`.
pub(crate) fn imm(v: u64) -> String {
    if v > 0xFFFF_FFFF {
        format!("{v:#x}")
    } else if (v as u32 as i32) < 0 {
        format!("-{:#x}", (v as u32 as i32).unsigned_abs())
    } else {
        format!("{v:#x}")
    }
}

/// A floating-point immediate as cuobjdump prints it: decimal, `+INF`/`-INF`, `+QNAN`.
pub(crate) fn fimm(v: f64, single: bool) -> String {
    if v.is_nan() {
        return "+QNAN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "+INF" } else { "-INF" }.into();
    }
    let a = v.abs();
    let plain = a == 0.0 || (1e-4..1e16).contains(&a);
    match (single, plain) {
        (true, true) => format!("{}", v as f32),
        (true, false) => format!("{:e}", v as f32),
        (false, true) => format!("{v}"),
        (false, false) => format!("{v:e}"),
    }
}

/// The opcode mix of a listing: each instruction's base mnemonic (before the first `.`), for the
/// Jaccard comparison in `scripts/compare-sass`.
pub fn opcode_mix(listing: &str) -> Vec<String> {
    let mut v: Vec<String> = listing
        .lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("/*")?.split_once("*/")?.1.trim();
            let rest = rest.strip_prefix('@').map(|r| r.split_once(' ').map_or("", |x| x.1)).unwrap_or(rest).trim();
            let m = rest.split([' ', ';']).next()?.split('.').next()?.to_string();
            (!m.is_empty()).then_some(m)
        })
        .collect();
    v.sort();
    v
}

/// Whether an instruction reads a device-function parameter (`LD.PARAM d, [name]`).
pub(crate) fn is_param_read(i: &Inst) -> bool {
    matches!(i.op, Op::Ld { space: crate::ori::opcode::Space::Param, .. })
        && matches!(i.srcs.first(), Some(Operand::Symbol(_)))
}

#[cfg(test)]
mod tests;
