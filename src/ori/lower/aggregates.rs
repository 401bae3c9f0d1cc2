//! `extractvalue` / `insertvalue` on first-class aggregates. A struct (or a small array, which
//! `ffi::classify` gives as a struct of equal fields) is flattened into its scalars (`mod.rs`),
//! so an index path names a contiguous run of operands: the scalars of the fields before it, at
//! each level, give its start, the scalars of the field its length. Extraction copies that run,
//! insertion copies the aggregate with the run replaced.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use crate::ori::ir::Operand;
use anyhow::Result;

/// The operand run `(start, field type)` of the index path `idx` inside an aggregate of type `t`.
fn field_run(t: &Ty, idx: &[u32]) -> Option<(usize, Ty)> {
    let mut start = 0usize;
    let mut t = t.clone();
    for &i in idx {
        let Ty::Struct(fields) = t else { return None };
        let f = fields.get(i as usize)?.clone();
        start += fields[..i as usize].iter().map(|f| f.scalars().len()).sum::<usize>();
        t = f;
    }
    Some((start, t))
}

impl FnLowering<'_> {
    /// `extractvalue %agg, i, j, ...` into `d`.
    pub(super) fn lower_extractvalue(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let agg = self.get(ffi::operand(v, 0))?;
        let aty = ffi::classify(ffi::type_of(ffi::operand(v, 0)));
        let what = || format!("instruction '{}'", ffi::value_string(v));
        let (start, ft) = field_run(&aty, &ffi::indices(v)).ok_or_else(|| self.err(what()))?;
        let n = ft.scalars().len();
        let src = agg.get(start..start + n).ok_or_else(|| self.err(what()))?.to_vec();
        self.copy_all(d, &src, &ft);
        Ok(())
    }

    /// `insertvalue %agg, %val, i, j, ...` into `d`.
    pub(super) fn lower_insertvalue(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let mut agg = self.get(ffi::operand(v, 0))?;
        let val = self.get(ffi::operand(v, 1))?;
        let aty = ffi::classify(ffi::type_of(v));
        let what = || format!("instruction '{}'", ffi::value_string(v));
        let (start, _) = field_run(&aty, &ffi::indices(v)).ok_or_else(|| self.err(what()))?;
        let slot = agg.get_mut(start..start + val.len()).ok_or_else(|| self.err(what()))?;
        slot.clone_from_slice(&val);
        if agg.len() != d.len() {
            return Err(self.err(what()));
        }
        self.copy_all(d, &agg, &aty);
        Ok(())
    }
}
