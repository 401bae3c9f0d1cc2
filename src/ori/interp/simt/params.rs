//! The `.param` space of calls (`ori::lower::call_abi`'s ABI): each activation's parameters and
//! result are byte arrays, one per lane.
//!
//! A `CALL` writes each of its operands, the pieces of the callee's signature (`ParamAbi::pieces`:
//! `bits` at a byte offset, in order), into the callee's parameter arrays; the callee reads them
//! with `LD.PARAM [<f>_param_k+off]` and writes its result with `ST.PARAM [func_retval0+off]`;
//! when it returns, the result's pieces are read back into the `CALL`'s destinations. A scalar
//! parameter is the one-piece case. Reads zero-extend (sign-extend for a signed load).

use super::super::Error;
use super::super::regs::cells_of;
use super::{Sim, Warp, lanes};
use crate::ori::ir::{CallSig, Operand, ParamAbi, Piece};

/// One `.param` array: `size` bytes per lane, lane `l` at `l * size`.
#[derive(Clone, Debug, Default)]
pub(super) struct ParamSpace {
    size: usize,
    bytes: Vec<u8>,
}

impl ParamSpace {
    pub(super) fn new(abi: &ParamAbi) -> ParamSpace {
        let size = abi.size() as usize;
        ParamSpace { size, bytes: vec![0; 32 * size] }
    }

    fn range(&self, lane: u32, offset: i64, bits: u32) -> Result<std::ops::Range<usize>, Error> {
        let n = (bits / 8).max(1) as usize;
        match usize::try_from(offset) {
            Ok(off) if off + n <= self.size => {
                let at = lane as usize * self.size + off;
                Ok(at..at + n)
            }
            _ => Err(Error::fault(format!(
                "a {n}-byte .param access at offset {offset} of a {}-byte parameter",
                self.size
            ))),
        }
    }

    /// Writes the low `bits` of `value` at `offset` for `lane`.
    pub(super) fn write(&mut self, lane: u32, offset: i64, bits: u32, value: [u32; 4]) -> Result<(), Error> {
        let r = self.range(lane, offset, bits)?;
        let v = value.iter().rev().fold(0u128, |acc, &x| acc << 32 | x as u128).to_le_bytes();
        let n = r.len();
        self.bytes[r].copy_from_slice(&v[..n]);
        Ok(())
    }

    /// Reads `bits` at `offset` for `lane`, zero- or sign-extended to 64 bits.
    pub(super) fn read(&self, lane: u32, offset: i64, bits: u32, signed: bool) -> Result<[u32; 4], Error> {
        let r = self.range(lane, offset, bits)?;
        let mut b = [0u8; 8];
        let n = r.len().min(8);
        b[..n].copy_from_slice(&self.bytes[r][..n]);
        let mut v = u64::from_le_bytes(b);
        if signed && n < 8 {
            let shift = 64 - 8 * n as u32;
            // Sign-extended to 32 bits, as a narrow signed load into a 32-bit register.
            v = (((v << shift) as i64) >> shift) as u64 & if n < 4 { 0xFFFF_FFFF } else { u64::MAX };
        }
        Ok(cells_of(v))
    }
}

impl Sim<'_> {
    /// The callee's parameter arrays, written from a `CALL`'s operands by `sig`'s pieces.
    pub(super) fn marshal(
        &self,
        w: &Warp,
        sig: &CallSig,
        args: &[Operand],
        active: u32,
    ) -> Result<Vec<ParamSpace>, Error> {
        if sig.operand_count() != args.len() {
            return Err(Error::internal(format!(
                "CALL passes {} operands for a signature of {}",
                args.len(),
                sig.operand_count()
            )));
        }
        let mut out = Vec::with_capacity(sig.params.len());
        let mut operands = args.iter();
        for abi in &sig.params {
            let mut space = ParamSpace::new(abi);
            for Piece { offset, bits } in abi.pieces() {
                let Some(a) = operands.next() else { break };
                for l in lanes(active) {
                    space.write(l, offset as i64, bits, self.operand_cells(w, l, a)?)?;
                }
            }
            out.push(space);
        }
        Ok(out)
    }
}

/// The value of each result piece of `sig` for `lane` (the `CALL`'s destinations in order).
pub(super) fn unmarshal(sig: &CallSig, ret: Option<&ParamSpace>, lane: u32) -> Result<Vec<[u32; 4]>, Error> {
    let (Some(abi), Some(space)) = (&sig.ret, ret) else { return Ok(Vec::new()) };
    abi.pieces().iter().map(|p| space.read(lane, p.offset as i64, p.bits, false)).collect()
}
