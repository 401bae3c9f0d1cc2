//! Shift transfer functions of the known-bits lattice: `shl`, `lshr` and `ashr` by constant and
//! variable amounts (with their `nuw` / `nsw` / `exact` promises), and the funnel shifts
//! `llvm.fshl` / `llvm.fshr`.

use super::{ApInt, KnownBits, WrapFlags};

/// Which shift-amount residues modulo the width a funnel shift may use.
enum Residues {
    /// Width `2^k`: the residue is the low `k` bits of the amount, whose known
    /// bits are `zero`/`one` under `mask`.
    LowBits { zero: u64, one: u64, mask: u64 },
    /// A constant amount: exactly this residue.
    Exactly(u32),
    /// The amount is below the width: the residue is the amount itself.
    Below,
    /// Unknown: every residue.
    Any,
}

impl KnownBits {
    // -- shifts -------------------------------------------------------------

    /// `shl` by `s < width`, no flags: masks shifted, low `s` bits known 0.
    pub(super) fn shl_raw(&self, s: u32) -> KnownBits {
        KnownBits { zero: self.zero.shl(s).or(&ApInt::low_bits_set(self.width(), s)), one: self.one.shl(s) }
    }

    /// `lshr` by `s < width`, no flags: masks shifted, high `s` bits known 0.
    fn lshr_raw(&self, s: u32) -> KnownBits {
        KnownBits { zero: self.zero.lshr(s).or(&ApInt::high_bits_set(self.width(), s)), one: self.one.lshr(s) }
    }

    /// `ashr` by `s < width`, no flags: both masks shifted arithmetically, so
    /// a known sign bit is replicated and an unknown one stays unknown.
    fn ashr_raw(&self, s: u32) -> KnownBits {
        KnownBits { zero: self.zero.ashr(s), one: self.one.ashr(s) }
    }

    /// `shl` by `s < width` restricted to the operands for which `flags`
    /// hold; `None` when there are none (the shift is always poison).
    ///
    /// `nuw` needs the top `s` bits zero; `nsw` needs the top `s + 1` bits
    /// equal; both together need the top `s + 1` bits zero. Only bit
    /// `w - 1 - s` of those survives the shift, so the restriction is
    /// applied to it alone.
    fn shl_one(&self, s: u32, flags: WrapFlags) -> Option<KnownBits> {
        let width = self.width();
        if s == 0 || !(flags.nuw || flags.nsw) {
            return Some(self.shl_raw(s));
        }
        if !flags.nsw {
            if self.one.intersects(&ApInt::high_bits_set(width, s)) {
                return None;
            }
            return Some(self.shl_raw(s));
        }
        let top = ApInt::high_bits_set(width, s + 1);
        let has_one = self.one.intersects(&top);
        let has_zero = self.zero.intersects(&top);
        let must_be_zero = flags.nuw || has_zero;
        if has_one && must_be_zero {
            return None;
        }
        let mut src = self.clone();
        if must_be_zero {
            src.zero.set_bit(width - 1 - s);
        } else if has_one {
            src.one.set_bit(width - 1 - s);
        }
        Some(src.shl_raw(s))
    }

    /// `lshr`/`ashr` by `s < width` restricted to the operands for which
    /// `exact` holds (low `s` bits zero); `None` when there are none.
    fn right_shift_one(&self, s: u32, exact: bool, arithmetic: bool) -> Option<KnownBits> {
        if exact && self.one.intersects(&ApInt::low_bits_set(self.width(), s)) {
            return None;
        }
        Some(if arithmetic { self.ashr_raw(s) } else { self.lshr_raw(s) })
    }

    /// `shl` by the constant `amount` with optional `nuw`/`nsw`.
    ///
    /// Rule: shift both masks left; the vacated low bits are known 0. With
    /// flags, only operands whose shift does not overflow count (see
    /// [`KnownBits::shl`]). `amount >= width` (poison) gives unknown. Exact.
    pub fn shl_const(&self, amount: u64, flags: WrapFlags) -> KnownBits {
        match u32::try_from(amount) {
            Ok(s) if s < self.width() => self.shl_one(s, flags).unwrap_or_else(|| KnownBits::unknown(self.width())),
            Ok(_) | Err(_) => KnownBits::unknown(self.width()),
        }
    }

    /// `lshr` by the constant `amount` (optionally `exact`).
    ///
    /// Rule: shift both masks right; the vacated high bits are known 0.
    /// `amount >= width` (poison) gives unknown. Exact.
    pub fn lshr_const(&self, amount: u64, exact: bool) -> KnownBits {
        match u32::try_from(amount) {
            Ok(s) if s < self.width() => {
                self.right_shift_one(s, exact, false).unwrap_or_else(|| KnownBits::unknown(self.width()))
            }
            Ok(_) | Err(_) => KnownBits::unknown(self.width()),
        }
    }

    /// `ashr` by the constant `amount` (optionally `exact`).
    ///
    /// Rule: shift both masks right arithmetically (the sign bit's fact, if
    /// any, fills the vacated bits). `amount >= width` (poison) gives
    /// unknown. Exact.
    pub fn ashr_const(&self, amount: u64, exact: bool) -> KnownBits {
        match u32::try_from(amount) {
            Ok(s) if s < self.width() => {
                self.right_shift_one(s, exact, true).unwrap_or_else(|| KnownBits::unknown(self.width()))
            }
            Ok(_) | Err(_) => KnownBits::unknown(self.width()),
        }
    }

    /// Merge of `f(s)` over every shift amount `s < width` admitted by
    /// `amount` (amounts `>= width` are poison and skipped; `f` returns
    /// `None` for amounts that are always poison). Unknown when no amount
    /// remains. Stops early once the merge is unknown.
    fn merge_over_amounts(width: u32, amount: &KnownBits, f: impl Fn(u32) -> Option<KnownBits>) -> KnownBits {
        let Some(lo) = amount.min_value().to_u64().filter(|&v| v < u64::from(width)) else {
            return KnownBits::unknown(width);
        };
        let hi = amount.max_value().to_u64().map_or(u64::from(width - 1), |v| v.min(u64::from(width - 1)));
        let mut acc: Option<KnownBits> = None;
        for s in lo..=hi {
            if !amount.admits_u64(s) {
                continue;
            }
            if let Some(r) = f(s as u32) {
                let merged = match acc {
                    None => r,
                    Some(a) => a.merge(&r),
                };
                if merged.is_unknown() {
                    return merged;
                }
                acc = Some(merged);
            }
        }
        acc.unwrap_or_else(|| KnownBits::unknown(width))
    }

    /// `shl` by a variable amount with optional `nuw`/`nsw`.
    ///
    /// Rule: the merge, over every amount `s < width` the amount admits, of
    /// the shift by `s` restricted to the operands that do not overflow under
    /// the flags (`nuw`: top `s` bits zero; `nsw`: top `s + 1` bits equal).
    /// Amounts `>= width` are poison and contribute nothing; if nothing
    /// remains the result is unknown. Exact.
    pub fn shl(&self, amount: &KnownBits, flags: WrapFlags) -> KnownBits {
        KnownBits::merge_over_amounts(self.width(), amount, |s| self.shl_one(s, flags))
    }

    /// `lshr` by a variable amount (optionally `exact`: low `s` bits zero).
    /// Rule: merge over the admitted amounts `s < width` as for
    /// [`KnownBits::shl`]. Exact.
    pub fn lshr(&self, amount: &KnownBits, exact: bool) -> KnownBits {
        KnownBits::merge_over_amounts(self.width(), amount, |s| self.right_shift_one(s, exact, false))
    }

    /// `ashr` by a variable amount (optionally `exact`). Rule: merge over the
    /// admitted amounts `s < width` as for [`KnownBits::shl`]. Exact.
    pub fn ashr(&self, amount: &KnownBits, exact: bool) -> KnownBits {
        KnownBits::merge_over_amounts(self.width(), amount, |s| self.right_shift_one(s, exact, true))
    }

    // -- funnel shifts ------------------------------------------------------

    /// `llvm.fshl(a, b, amount)` with a constant amount (taken modulo the
    /// width, as the intrinsic does).
    ///
    /// Rule: with `s = amount % w`, the result is `a` when `s == 0`, else
    /// `(a << s) | (b >> (w - s))`; the two parts occupy disjoint bits, so
    /// the shifted masks are simply combined. Exact.
    pub fn fshl_const(&self, b: &KnownBits, amount: u64) -> KnownBits {
        self.zero.assert_same_width(&b.zero);
        let width = self.width();
        let s = (amount % u64::from(width)) as u32;
        if s == 0 { self.clone() } else { self.shl_raw(s).or(&b.lshr_raw(width - s)) }
    }

    /// `llvm.fshr(a, b, amount)` with a constant amount (modulo the width).
    ///
    /// Rule: with `s = amount % w`, the result is `b` when `s == 0`, else
    /// `(a << (w - s)) | (b >> s)`. Exact.
    pub fn fshr_const(&self, b: &KnownBits, amount: u64) -> KnownBits {
        self.zero.assert_same_width(&b.zero);
        let width = self.width();
        let s = (amount % u64::from(width)) as u32;
        if s == 0 { b.clone() } else { self.shl_raw(width - s).or(&b.lshr_raw(s)) }
    }

    /// Which residues `amount % width` are possible.
    fn residues(amount: &KnownBits, width: u32) -> Residues {
        if width.is_power_of_two() {
            let mask = u64::from(width - 1);
            Residues::LowBits { zero: amount.zero.low_u64() & mask, one: amount.one.low_u64() & mask, mask }
        } else if let Some(c) = amount.constant() {
            // Widen so that `width` is representable whatever the amount's width.
            let wide = c.width().max(33);
            let r = c.zext(wide).urem(&ApInt::new(wide, u64::from(width)));
            Residues::Exactly(r.low_u64() as u32)
        } else if amount.max_value().to_u64().is_some_and(|m| m < u64::from(width)) {
            Residues::Below
        } else {
            Residues::Any
        }
    }

    /// Merge of `f(s)` over every residue `s` of `amount` modulo `width`.
    fn merge_over_residues(width: u32, amount: &KnownBits, f: impl Fn(u32) -> KnownBits) -> KnownBits {
        let residues = KnownBits::residues(amount, width);
        let mut acc: Option<KnownBits> = None;
        for s in 0..width {
            let possible = match residues {
                Residues::LowBits { zero, one, mask } => {
                    let s = u64::from(s);
                    s & zero == 0 && one & !s & mask == 0
                }
                Residues::Exactly(r) => s == r,
                Residues::Below => amount.admits_u64(u64::from(s)),
                Residues::Any => true,
            };
            if !possible {
                continue;
            }
            let r = f(s);
            let merged = match acc {
                None => r,
                Some(a) => a.merge(&r),
            };
            if merged.is_unknown() {
                return merged;
            }
            acc = Some(merged);
        }
        acc.unwrap_or_else(|| KnownBits::unknown(width))
    }

    /// `llvm.fshl(a, b, amount)` with a variable amount.
    ///
    /// Rule: merge of [`KnownBits::fshl_const`] over the possible residues
    /// `amount % w`. For power-of-two widths the residue is the low
    /// `log2 w` bits of the amount, so the residue set (and the result) is
    /// exact; for other widths a non-constant amount whose maximum reaches
    /// `w` is treated as any residue (sound, imprecise).
    pub fn fshl(&self, b: &KnownBits, amount: &KnownBits) -> KnownBits {
        KnownBits::merge_over_residues(self.width(), amount, |s| self.fshl_const(b, u64::from(s)))
    }

    /// `llvm.fshr(a, b, amount)` with a variable amount. Rule: merge of
    /// [`KnownBits::fshr_const`] over the possible residues, as for
    /// [`KnownBits::fshl`].
    pub fn fshr(&self, b: &KnownBits, amount: &KnownBits) -> KnownBits {
        KnownBits::merge_over_residues(self.width(), amount, |s| self.fshr_const(b, u64::from(s)))
    }
}
