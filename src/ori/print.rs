//! The stable text form of the Ori IR (what `--emit=ori` and `--dump-after` print and the lit
//! tests read):
//!
//! ```text
//! .function saxpy (kernel)  params: n:.u32@c[0x0][0x210] ...
//! bix0 (L0) <entry>:
//!   S2R %r0, SR_TID.X ;
//!   @%p2 BRA bix2 ;
//! ```
//!
//! Virtual registers print by file and width: `%r` (R), `%rd` (R pair), `%rq` (R quad), `%ur`,
//! `%p`, `%up`, `%b`; after allocation, physical names (`R5`, `R4` for the pair R4:R5, `P0`).

use crate::ori::ir::{Function, Guard, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::Op;
use std::fmt::Write;

/// Register naming for one function: virtual, or physical through the function's own
/// assignment (`Function::assignment`, set by register allocation).
pub struct Names<'a> {
    pub func: &'a Function,
    /// The assignment the names follow: the function's, or `None` for virtual names.
    phys: Option<&'a [u32]>,
}

impl<'a> Names<'a> {
    /// Names as the function stands: physical once it is allocated, virtual before.
    pub fn new(func: &'a Function) -> Self {
        Names { func, phys: func.assignment.as_deref() }
    }

    /// Virtual names, even for an allocated function (`--emit=ori`, the analyses' reports,
    /// the names of registers in the allocator's own messages).
    pub fn virtual_regs(func: &'a Function) -> Self {
        Names { func, phys: None }
    }

    pub fn reg(&self, r: VReg) -> String {
        let info = self.func.reg_info(r);
        if let Some(phys) = self.phys {
            let p = phys[r.idx()];
            return format!("{}{}", info.file.prefix(), p);
        }
        let prefix = match (info.file, info.pair) {
            (RegFile::R, PairMode::Single) => "%r",
            (RegFile::R, PairMode::Pair) => "%rd",
            (RegFile::R, PairMode::Quad) => "%rq",
            (RegFile::UR, PairMode::Single) => "%ur",
            (RegFile::UR, _) => "%urd",
            (RegFile::P, _) => "%p",
            (RegFile::UP, _) => "%up",
            (RegFile::B, _) => "%b",
        };
        format!("{prefix}{}", r.0)
    }

    pub fn operand(&self, o: &Operand) -> String {
        match o {
            Operand::Reg(r) => self.reg(*r),
            Operand::Imm(v) => format!("{v:#x}"),
            Operand::CBank { bank, offset } => format!("c[{bank:#x}][{offset:#x}]"),
            Operand::SReg(s) => match s.sass_source() {
                crate::sreg::SassSource::Sr(n) => n.to_string(),
                _ => s.ptx_name(),
            },
            Operand::Label(b) => format!("bix{}", b.0),
            Operand::Symbol(s) => format!("@{s}"),
            Operand::Zero => "RZ".into(),
            Operand::True => "PT".into(),
        }
    }

    pub fn guard(&self, g: &Guard) -> String {
        format!("@{}{}", if g.negated { "!" } else { "" }, self.reg(g.pred))
    }

    pub fn inst(&self, i: &Inst) -> String {
        let mut s = String::new();
        if let Some(g) = &i.guard {
            s.push_str(&self.guard(g));
            s.push(' ');
        }
        // An instruction whose destination is in the uniform file prints its uniform-datapath
        // form (S2UR, UIADD3, ULDC, ...) with the modifiers of the vector form.
        let uniform_dst = i
            .dsts
            .iter()
            .any(|d| matches!(d, Operand::Reg(r) if matches!(self.func.reg_info(*r).file, RegFile::UR | RegFile::UP)));
        let mnemonic = i.op.to_string();
        let cbank_move =
            matches!(i.op, Op::Mov { .. } | Op::Copy) && matches!(i.srcs.first(), Some(Operand::CBank { .. }));
        // `MOV ur, r` moves a vector value into the uniform file: SASS's R2UR (the allocator's
        // reload of a UR spilled into R, `regalloc/spill.rs`).
        let r2ur = matches!(i.op, Op::Mov { .. })
            && matches!(i.srcs.first(), Some(Operand::Reg(r)) if self.func.reg_info(*r).file == RegFile::R);
        let form = if cbank_move {
            Some("ULDC")
        } else if r2ur {
            Some("R2UR")
        } else {
            i.op.uniform_form()
        };
        match form.filter(|_| uniform_dst) {
            Some(u) => {
                let mods = match mnemonic.split_once('.') {
                    Some((_, m)) if !u.contains('.') && !matches!(i.op, Op::Ld { .. }) => format!(".{m}"),
                    _ => String::new(),
                };
                s.push_str(u);
                s.push_str(&mods);
            }
            None => s.push_str(&mnemonic),
        }
        let zero = if uniform_dst { "URZ" } else { "RZ" };
        let mut ops: Vec<String> = i
            .dsts
            .iter()
            .chain(i.srcs.iter())
            .map(|o| if *o == Operand::Zero { zero.to_string() } else { self.operand(o) })
            .collect();
        if let Op::IAdd3 { neg_b: true, .. } = i.op {
            // IADD3 d, a, -b, c: the negated source prints with its sign, as in SASS.
            let k = i.dsts.len() + 1;
            if let Some(b) = ops.get_mut(k) {
                *b = format!("-{b}");
            }
        }
        // A folded address offset (`fold_offsets`) prints SASS's memory operand `[R2+0x10]`.
        let mem = match i.op {
            Op::Ld { offset, .. } if offset != 0 => Some((i.dsts.len(), offset)),
            Op::St { offset, .. } if offset != 0 => Some((0, offset)),
            _ => None,
        };
        if let Some((k, offset)) = mem
            && let Some(a) = ops.get_mut(k)
        {
            *a = format!("[{a}{}]", crate::ori::opcode::sass_offset(offset));
        }
        if !ops.is_empty() {
            s.push(' ');
            s.push_str(&ops.join(", "));
        }
        s.push_str(" ;");
        s
    }
}

/// Prints a whole function as it stands: with physical registers once it is allocated
/// (`--dump-after`).
pub fn function_text(f: &Function) -> String {
    text(&Names::new(f))
}

/// Prints a whole function with virtual registers, allocated or not (`--emit=ori`).
pub fn virtual_function_text(f: &Function) -> String {
    text(&Names::virtual_regs(f))
}

fn text(names: &Names<'_>) -> String {
    let f = names.func;
    let mut s = String::new();
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| {
            if f.is_kernel {
                format!("{}:{}@c[0x0][{:#x}]", p.name, p.ptx_type, p.cbank_offset)
            } else {
                format!("{}:{}", p.name, p.ptx_type)
            }
        })
        .collect();
    let _ = writeln!(
        s,
        ".function {} ({}) params: [{}] frame: {}",
        f.name,
        if f.is_kernel { "kernel" } else { "device" },
        params.join(", "),
        f.local_frame
    );
    for (b, block) in f.blocks.iter().enumerate() {
        let _ = writeln!(s, "bix{} (L{:x}) <{}>:", b, block.label, block.name);
        for i in &block.insts {
            let _ = writeln!(s, "  {}", names.inst(i));
        }
    }
    s
}
