//! `llvm.memcpy`, `llvm.memmove` and `llvm.memset` (and their `.inline` forms), expanded as llc's
//! NVPTXLowerAggrCopies and SelectionDAG do: into loads and stores.
//!
//! - **Access width** `w`: the widest of 8, 4, 2, 1 bytes that divides the alignment of both
//!   pointers (the call's `align` attributes; 1 without them) — and, for a variable length, 1.
//! - **Constant lengths** up to [`UNROLL_BYTES`] (at most [`UNROLL_CHUNKS`] accesses) are unrolled:
//!   `len / w` accesses of `w` bytes, then the tail with narrower accesses (its offsets are
//!   multiples of `w`, so aligned for them). A memmove loads every chunk before storing any, so
//!   overlap does not matter.
//! - **Other lengths** become a loop of `w`-byte accesses over `n = len / w` (the tail of a
//!   constant length unrolled after it): the current block is split, the loop and the continuation
//!   are new blocks appended to the function (`FnLowering::split_tails` lets the successors' phis
//!   name the continuation). A memmove chooses its direction at run time: forwards when
//!   `dst <= src`, else backwards from the end, so an overlapping source is read before it is
//!   overwritten.
//! - memset stores the byte replicated over the access width (`x · 0x01010101`, widened with
//!   `· 0x100000001`).
//! - The volatile flag makes every access volatile.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::reg;
use crate::ori::ir::{Bix, Block, Guard, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, MadKind, NumTy, Op, Round, Space};
use anyhow::Result;

/// Constant lengths up to this many bytes are unrolled.
const UNROLL_BYTES: u64 = 128;
/// ... in at most this many accesses (memmove: half, as every chunk is live at once).
const UNROLL_CHUNKS: u64 = 32;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Copy,
    Move,
    Set,
}

/// One side of a transfer: its space and base address.
#[derive(Clone)]
struct Side {
    space: Space,
    base: Operand,
}

/// The `align` attribute of call argument `i` (1 without one).
fn arg_align(call: V, i: u32) -> u64 {
    unsafe {
        let name = "align";
        let kind = llvm_sys::core::LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len());
        let a = llvm_sys::core::LLVMGetCallSiteEnumAttribute(call.0, i + 1, kind);
        if a.is_null() { 1 } else { llvm_sys::core::LLVMGetEnumAttributeValue(a).max(1) }
    }
}

impl FnLowering<'_> {
    /// Lowers a memory intrinsic when `base` names one; `Ok(false)` leaves it to the caller.
    pub(super) fn lower_memop(&mut self, v: V, name: &str, base: &str, args: &[V]) -> Result<bool> {
        let kind = match base {
            "llvm.memcpy" => Kind::Copy,
            "llvm.memmove" => Kind::Move,
            "llvm.memset" => Kind::Set,
            _ => return Ok(false),
        };
        if args.len() != 4 {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let (dptr, sval, len, vol) = (args[0], args[1], args[2], args[3]);
        if !ffi::is_constant_int(vol) {
            return Err(self.err(format!("intrinsic {name} with a variable volatile flag")));
        }
        let volatile = ffi::const_int(vol) & 1 == 1;
        let (space, base_addr) = self.mem_ptr(dptr)?;
        let dst = Side { space, base: base_addr };
        let mut align = arg_align(v, 0);
        let src = if kind == Kind::Set {
            None
        } else {
            let (space, base_addr) = self.mem_ptr(sval)?;
            align = align.min(arg_align(v, 1));
            Some(Side { space, base: base_addr })
        };
        if matches!(dst.space, Space::Const | Space::Param) {
            return Err(self.err(format!("intrinsic {name} writing the {} space", dst.space.ptx())));
        }
        let mut w = [8u64, 4, 2, 1].into_iter().find(|w| align.is_multiple_of(*w)).unwrap_or(1);
        let value = if kind == Kind::Set { Some(self.get1(sval)?) } else { None };
        let constant_len = ffi::is_constant_int(len).then(|| ffi::const_int(len));
        if constant_len.is_none() {
            w = 1;
        }
        let fill = |s: &mut Self, w: u64| value.clone().map(|x| s.splat(x, w));
        if let Some(n) = constant_len {
            let chunks = n / w + (n % w).count_ones() as u64;
            let limit = if kind == Kind::Move { UNROLL_CHUNKS / 2 } else { UNROLL_CHUNKS };
            if n <= UNROLL_BYTES && chunks <= limit {
                let mut pending = Vec::new();
                let mut off = 0;
                for cw in [8u64, 4, 2, 1].into_iter().filter(|&c| c <= w) {
                    let f = fill(self, cw);
                    while n - off >= cw {
                        let x = match (&src, &f) {
                            (_, Some(f)) => f.clone(),
                            (Some(s), None) => self.access(s, Operand::Imm(off), cw, None, volatile)?,
                            (None, None) => unreachable!(),
                        };
                        pending.push((off, cw, x));
                        if kind != Kind::Move {
                            for (o, c, x) in pending.drain(..) {
                                self.access(&dst, Operand::Imm(o), c, Some(x), volatile)?;
                            }
                        }
                        off += cw;
                    }
                }
                for (o, c, x) in pending {
                    self.access(&dst, Operand::Imm(o), c, Some(x), volatile)?;
                }
                return Ok(true);
            }
        }
        // The loop over n = len / w accesses, then the tail of a constant length.
        let count = match constant_len {
            Some(n) => Operand::Imm(n / w),
            None => {
                let l = self.get1(len)?;
                match ffi::classify(ffi::type_of(len)) {
                    Ty::Int(64) => l,
                    Ty::Int(b) if b <= 32 => {
                        let l = self.norm(l, b, false);
                        let t = self.f.new_reg(RegFile::R, PairMode::Pair);
                        self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, vec![reg(t)], vec![l]);
                        reg(t)
                    }
                    other => return Err(self.err(format!("intrinsic {name} with a length of type {other:?}"))),
                }
            }
        };
        let f = fill(self, w);
        let body = |s: &mut Self, i: Operand| -> Result<()> {
            let off = if w == 1 {
                i
            } else {
                let t = s.f.new_reg(RegFile::R, PairMode::Pair);
                s.op(Op::IMad { kind: MadKind::Lo, w64: true }, vec![reg(t)], vec![i, Operand::Imm(w), Operand::Zero]);
                reg(t)
            };
            let x = match (&src, &f) {
                (_, Some(f)) => f.clone(),
                (Some(sd), None) => s.access(sd, off.clone(), w, None, volatile)?,
                (None, None) => unreachable!(),
            };
            s.access(&dst, off, w, Some(x), volatile)?;
            Ok(())
        };
        let cont = self.new_block("memop.end");
        let fwd = self.new_block("memop.loop");
        let skip = self.isetp(Cmp::Eq, count.clone(), Operand::Imm(0));
        self.branch(Some((skip, false)), cont);
        let bwd = if kind == Kind::Move {
            let (Some(s), d) = (&src, &dst) else { unreachable!() };
            // dst <= src: forwards (the generic addresses when the spaces differ: then the
            // buffers cannot overlap and either direction is right).
            let forwards = self.isetp(Cmp::Le, d.base.clone(), s.base.clone());
            self.branch(Some((forwards, false)), fwd);
            let bwd = self.new_block("memop.loop.back");
            self.branch(None, bwd);
            Some(bwd)
        } else {
            self.branch(None, fwd);
            None
        };
        let head = self.cur;
        // Forward loop: i = 0 .. n.
        self.cur = fwd;
        let (i, i1) = (self.f.new_reg(RegFile::R, PairMode::Pair), self.f.new_reg(RegFile::R, PairMode::Pair));
        self.op(Op::Phi, vec![reg(i)], vec![Operand::Imm(0), Operand::Label(head), reg(i1), Operand::Label(fwd)]);
        body(self, reg(i))?;
        self.op(Op::IAdd3 { neg_b: false, w64: true }, vec![reg(i1)], vec![reg(i), Operand::Imm(1), Operand::Zero]);
        let more = self.isetp(Cmp::Lt, reg(i1), count.clone());
        self.branch(Some((more, false)), fwd);
        self.branch(None, cont);
        if let Some(bwd) = bwd {
            // Backward loop: i = n - 1 .. 0.
            self.cur = bwd;
            let (j, j1) = (self.f.new_reg(RegFile::R, PairMode::Pair), self.f.new_reg(RegFile::R, PairMode::Pair));
            self.op(Op::Phi, vec![reg(j)], vec![count.clone(), Operand::Label(head), reg(j1), Operand::Label(bwd)]);
            self.op(Op::IAdd3 { neg_b: true, w64: true }, vec![reg(j1)], vec![reg(j), Operand::Imm(1), Operand::Zero]);
            body(self, reg(j1))?;
            let more = self.isetp(Cmp::Ne, reg(j1), Operand::Imm(0));
            self.branch(Some((more, false)), bwd);
            self.branch(None, cont);
        }
        self.cur = cont;
        if let Some(n) = constant_len {
            // The tail after the loop: offsets from n - n % w.
            let mut off = n - n % w;
            for cw in [4u64, 2, 1].into_iter().filter(|&c| c < w) {
                let f = fill(self, cw);
                while n - off >= cw {
                    let x = match (&src, &f) {
                        (_, Some(f)) => f.clone(),
                        (Some(s), None) => self.access(s, Operand::Imm(off), cw, None, volatile)?,
                        (None, None) => unreachable!(),
                    };
                    self.access(&dst, Operand::Imm(off), cw, Some(x), volatile)?;
                    off += cw;
                }
            }
        }
        Ok(true)
    }

    /// Loads (`value` none) or stores `bytes` bytes at `side.base + off`; a load returns its
    /// register.
    fn access(
        &mut self,
        side: &Side,
        off: Operand,
        bytes: u64,
        value: Option<Operand>,
        volatile: bool,
    ) -> Result<Operand> {
        let addr = if off == Operand::Imm(0) {
            side.base.clone()
        } else {
            let t = self.f.new_reg(RegFile::R, PairMode::Pair);
            self.op(Op::IAdd3 { neg_b: false, w64: true }, vec![reg(t)], vec![side.base.clone(), off, Operand::Zero]);
            reg(t)
        };
        let bits = bytes as u32 * 8;
        match value {
            Some(x) => {
                self.op(Op::St { space: side.space, bits, volatile, offset: 0 }, vec![], vec![addr, x]);
                Ok(Operand::Zero)
            }
            None => {
                let d = self.f.new_reg(RegFile::R, if bytes == 8 { PairMode::Pair } else { PairMode::Single });
                self.op(
                    Op::Ld { space: side.space, bits, signed: false, volatile, offset: 0, nc: false },
                    vec![reg(d)],
                    vec![addr],
                );
                Ok(reg(d))
            }
        }
    }

    /// The byte `x` replicated over `bytes` bytes.
    fn splat(&mut self, x: Operand, bytes: u64) -> Operand {
        if let Operand::Imm(c) = x {
            let b = c & 0xFF;
            return Operand::Imm((0..bytes).fold(0, |acc, _| acc << 8 | b));
        }
        let x = self.norm(x, 8, false);
        if bytes == 1 {
            return x;
        }
        let rep = match bytes {
            2 => 0x0101,
            _ => 0x0101_0101,
        };
        let t = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(Op::IMad { kind: MadKind::Lo, w64: false }, vec![reg(t)], vec![x, Operand::Imm(rep), Operand::Zero]);
        if bytes < 8 {
            return reg(t);
        }
        let wide = self.f.new_reg(RegFile::R, PairMode::Pair);
        self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, vec![reg(wide)], vec![reg(t)]);
        let full = self.f.new_reg(RegFile::R, PairMode::Pair);
        self.op(
            Op::IMad { kind: MadKind::Lo, w64: true },
            vec![reg(full)],
            vec![reg(wide), Operand::Imm(0x1_0000_0001), Operand::Zero],
        );
        reg(full)
    }

    /// `P = a cmp b` on unsigned 64-bit values.
    fn isetp(&mut self, cmp: Cmp, a: Operand, b: Operand) -> VReg {
        let p = self.f.new_reg(RegFile::P, PairMode::Single);
        let a = match a {
            Operand::Imm(_) => reg(self.in_reg(a, true)),
            a => a,
        };
        self.op(Op::ISetp { cmp, signed: false, w64: true, bop: BoolOp::And }, vec![reg(p)], vec![a, b, Operand::True]);
        p
    }

    /// `[@P] BRA target` at the end of the current block.
    fn branch(&mut self, guard: Option<(VReg, bool)>, target: Bix) {
        self.emit(Inst {
            guard: guard.map(|(pred, negated)| Guard { pred, negated }),
            ..Inst::new(Op::Bra, vec![], vec![Operand::Label(target)])
        });
    }

    /// A new block appended to the function; the LLVM block being lowered now continues in the
    /// last one created by a split (see `split_tails`).
    fn new_block(&mut self, what: &str) -> Bix {
        let b = Bix(self.f.blocks.len() as u32);
        let name = format!("{}.{what}", self.f.blocks[self.cur.idx()].name);
        self.f.blocks.push(Block { insts: vec![], label: b.0, name });
        if what == "memop.end" {
            let head = self.llvm_block;
            self.split_tails.insert(head, b);
        }
        b
    }
}
