//! `extractelement` / `insertelement` with an index known only at run time. Vectors live in one
//! register per lane (`mod.rs`), so lane `k` is chosen by comparing the index with `k`:
//! an extraction is a chain of selects (`r = idx == k ? v[k] : r`, starting from lane 0), an
//! insertion selects per lane (`d[k] = idx == k ? e : v[k]`). An index past the end gives
//! poison in LLVM; here it gives lane 0 (extraction) or the vector unchanged (insertion).

use super::FnLowering;
use super::ffi::{self, Ty, V};
use crate::ori::ir::{Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, Op};
use anyhow::Result;

impl FnLowering<'_> {
    /// One predicate per lane: `idx == k`, for `n` lanes.
    fn lane_predicates(&mut self, idx: V, n: usize) -> Result<Vec<VReg>> {
        let ity = ffi::classify(ffi::type_of(idx));
        let Ty::Int(bits) = ity else { return Err(self.err("vector index type")) };
        let i = self.get1(idx)?;
        let i = self.norm(i, bits, false);
        let w64 = bits > 32;
        let i = Operand::Reg(self.in_reg(i, w64));
        Ok((0..n)
            .map(|k| {
                let p = self.f.new_reg(RegFile::P, PairMode::Single);
                self.op(
                    Op::ISetp { cmp: Cmp::Eq, signed: false, w64, bop: BoolOp::And },
                    vec![Operand::Reg(p)],
                    vec![i.clone(), Operand::Imm(k as u64), Operand::True],
                );
                p
            })
            .collect())
    }

    /// `p ? x : y` of element type `et` into a fresh register.
    fn select_lane(&mut self, et: &Ty, p: VReg, x: Operand, y: Operand) -> Result<Operand> {
        let d = self.reg_for(et)?;
        if *et == Ty::I1 {
            let (x, y) = (self.pred(x), self.pred(y));
            self.op(
                Op::PLop3 { lut: 0xCA },
                vec![Operand::Reg(d)],
                vec![Operand::Reg(p), Operand::Reg(x), Operand::Reg(y)],
            );
        } else {
            let w64 = matches!(et, Ty::F64 | Ty::Ptr(_)) || matches!(et, Ty::Int(b) if *b > 32);
            self.op(Op::Sel { w64 }, vec![Operand::Reg(d)], vec![x, y, Operand::Reg(p)]);
        }
        Ok(Operand::Reg(d))
    }

    /// `extractelement %vec, %idx` with a variable `idx`; the result goes to `d`.
    pub(super) fn extract_variable(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let lanes = self.get(ffi::operand(v, 0))?;
        let et = ffi::classify(ffi::type_of(v));
        let ps = self.lane_predicates(ffi::operand(v, 1), lanes.len())?;
        let mut r = lanes.first().cloned().ok_or_else(|| self.err("extractelement of an empty vector"))?;
        for (k, lane) in lanes.iter().enumerate().skip(1) {
            r = self.select_lane(&et, ps[k], lane.clone(), r)?;
        }
        self.copy_all(d, &[r], &et);
        Ok(())
    }

    /// `insertelement %vec, %e, %idx` with a variable `idx`; the result goes to `d`.
    pub(super) fn insert_variable(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let lanes = self.get(ffi::operand(v, 0))?;
        let e = self.get1(ffi::operand(v, 1))?;
        let et = ffi::classify(ffi::type_of(ffi::operand(v, 1)));
        let ps = self.lane_predicates(ffi::operand(v, 2), lanes.len())?;
        for (k, (lane, dd)) in lanes.iter().zip(d).enumerate() {
            let r = self.select_lane(&et, ps[k], e.clone(), lane.clone())?;
            self.copy_all(std::slice::from_ref(dd), &[r], &et);
        }
        Ok(())
    }
}
