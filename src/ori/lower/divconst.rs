//! Integer division and remainder by a constant as multiplications, shifts and adds (what llc's
//! DAG combiner does with `BuildUDIV` / `BuildSDIV`; ptxas expands a `div` by an immediate into
//! its general division sequence instead).
//!
//! The method is Granlund and Montgomery's ("Division by invariant integers using
//! multiplication", 1994), for N = 32 or 64 bits:
//!
//! - **unsigned**, `d` not a power of two: the smallest `s` with `m = ceil(2^(N+s) / d) < 2^N`
//!   and `m·d − 2^(N+s) ≤ 2^s` gives `q = mulhi(n, m) >> s`. When no such `m` fits in N bits, the
//!   N+1-bit multiplier `2^N + m'` with `m' = floor(2^N·(2^l − d) / d) + 1`, `l = ceil(log2 d)`,
//!   is applied as `t = mulhi(n, m'); q = (t + ((n − t) >> 1)) >> (l − 1)`.
//! - **signed**, `|d|` not a power of two: the smallest `s` with `m = ceil(2^(N+s) / |d|) < 2^N`
//!   and `m·|d| − 2^(N+s) ≤ 2^(s+1)` (dividends have magnitude at most 2^(N−1)) gives `q = mulhi_s(n, m) [+ n when m ≥ 2^(N−1)]`,
//!   `q >>= s` (arithmetic), `q += n >>> (N−1)` (rounding toward zero for negative `n`), and a
//!   negation for negative `d`.
//! - powers of two: a logical shift (unsigned), or `(n + ((n >> (N−1)) >>> (N−k))) >> k`
//!   (signed, rounding toward zero); `d = ±1` are copies or a negation.
//! - the remainder is `n − q·d`.
//!
//! A divisor of 0 (undefined in LLVM) keeps the plain division. The unit tests run every plan
//! exhaustively at N = 8 and 16 (every dividend, every divisor) and on random values at 32 and
//! 64 bits, through [`Plan::eval`], which mirrors the emitted instructions step by step.

use super::FnLowering;
use crate::ori::ir::{Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{MadKind, Op, lut};

/// How `n / d` is computed for one constant `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// `q = n` (d = 1).
    Copy,
    /// `q = 0 − n` (signed, d = −1).
    Negate,
    /// `q = n >> k` (unsigned power of two).
    ShiftRight { k: u32 },
    /// Signed `|d| = 2^k`, negated when `neg`.
    SignedPow2 { k: u32, neg: bool },
    /// `q = mulhi(n, m) >> s`.
    MulShift { m: u64, s: u32 },
    /// `t = mulhi(n, m); q = (t + ((n − t) >> 1)) >> s`.
    MulAddShift { m: u64, s: u32 },
    /// `q = mulhi_s(n, m) [+ n]; q >>= s; q += n >>> (N−1); [q = −q]`.
    SignedMul { m: u64, s: u32, add: bool, neg: bool },
}

fn mask(bits: u32) -> u128 {
    (1u128 << bits) - 1
}

/// The plan for dividing N-bit values by `d` (its N-bit pattern), or `None` for `d = 0`.
pub(crate) fn plan(d: u64, bits: u32, signed: bool) -> Option<Plan> {
    let d = u128::from(d) & mask(bits);
    if d == 0 {
        return None;
    }
    if !signed {
        if d == 1 {
            return Some(Plan::Copy);
        }
        if d.is_power_of_two() {
            return Some(Plan::ShiftRight { k: d.trailing_zeros() });
        }
        for s in 0..bits {
            let p = 1u128 << (bits + s);
            let m = p.div_ceil(d);
            if m <= mask(bits) && m * d - p <= 1u128 << s {
                return Some(Plan::MulShift { m: m as u64, s });
            }
        }
        let l = 128 - (d - 1).leading_zeros();
        let m = ((1u128 << bits) * ((1u128 << l) - d)) / d + 1;
        return Some(Plan::MulAddShift { m: m as u64, s: l - 1 });
    }
    let neg = d >> (bits - 1) & 1 == 1;
    let ad = if neg { (1u128 << bits) - d } else { d };
    if ad == 1 {
        return Some(if neg { Plan::Negate } else { Plan::Copy });
    }
    if ad.is_power_of_two() {
        return Some(Plan::SignedPow2 { k: ad.trailing_zeros(), neg });
    }
    for s in 0..bits {
        let p = 1u128 << (bits + s);
        let m = p.div_ceil(ad);
        if m <= mask(bits) && m * ad - p <= 1u128 << (s + 1) {
            let add = m >> (bits - 1) & 1 == 1;
            return Some(Plan::SignedMul { m: m as u64, s, add, neg });
        }
    }
    None
}

impl Plan {
    /// The quotient the emitted sequence computes, step by step in N-bit arithmetic (the tests'
    /// model of [`FnLowering::lower_div_by_constant`]).
    #[cfg(test)]
    pub(crate) fn eval(self, n: u64, bits: u32) -> u64 {
        let mk = mask(bits) as u64;
        let n = n & mk;
        let sext = |x: u64| -> i128 { ((x as i128) << (128 - bits)) >> (128 - bits) };
        let sra = |x: u64, k: u32| -> u64 { (sext(x) >> k) as u64 & mk };
        let mulhi_u = |a: u64, b: u64| -> u64 { ((u128::from(a) * u128::from(b)) >> bits) as u64 & mk };
        let mulhi_s = |a: u64, b: u64| -> u64 { ((sext(a) * sext(b)) >> bits) as u64 & mk };
        let add = |a: u64, b: u64| a.wrapping_add(b) & mk;
        let sub = |a: u64, b: u64| a.wrapping_sub(b) & mk;
        match self {
            Plan::Copy => n,
            Plan::Negate => sub(0, n),
            Plan::ShiftRight { k } => n >> k,
            Plan::SignedPow2 { k, neg } => {
                let t = sra(n, bits - 1);
                let t = if k == 0 { 0 } else { t >> (bits - k) };
                let q = sra(add(n, t), k);
                if neg { sub(0, q) } else { q }
            }
            Plan::MulShift { m, s } => mulhi_u(n, m) >> s,
            Plan::MulAddShift { m, s } => {
                let t = mulhi_u(n, m);
                add(t, sub(n, t) >> 1) >> s
            }
            Plan::SignedMul { m, s, add: a, neg } => {
                let mut q = mulhi_s(n, m);
                if a {
                    q = add(q, n);
                }
                q = sra(q, s);
                q = add(q, n >> (bits - 1));
                if neg { sub(0, q) } else { q }
            }
        }
    }
}

impl FnLowering<'_> {
    /// Lowers `d = x / y` (or `x % y` when `rem`) for a constant `y` by its [`Plan`]; returns
    /// false, emitting nothing, when `y` is not a constant (or is 0). `x` is an exact 32- or
    /// 64-bit value (narrow integers are normalized first).
    pub(super) fn lower_div_by_constant(
        &mut self,
        signed: bool,
        rem: bool,
        w64: bool,
        x: &Operand,
        y: &Operand,
        d: &Operand,
    ) -> bool {
        let (Operand::Imm(dv), Operand::Reg(_)) = (y, x) else { return false };
        let bits = if w64 { 64 } else { 32 };
        let Some(p) = plan(*dv, bits, signed) else { return false };
        let dv = (u128::from(*dv) & mask(bits)) as u64;
        let q = if rem { Operand::Reg(self.wide(w64)) } else { d.clone() };
        self.emit_plan(p, bits, w64, x.clone(), q.clone());
        if rem {
            // r = n − q·d; a power-of-two unsigned remainder is a mask.
            if let Plan::ShiftRight { k } = p {
                self.op(
                    Op::Lop3 { lut: lut::AND, w64 },
                    vec![d.clone()],
                    vec![x.clone(), Operand::Imm((1u64 << k) - 1), Operand::Zero],
                );
                return true;
            }
            let qd = Operand::Reg(self.wide(w64));
            self.op(Op::IMad { kind: MadKind::Lo, w64 }, vec![qd.clone()], vec![q, Operand::Imm(dv), Operand::Zero]);
            self.op(Op::IAdd3 { neg_b: true, w64 }, vec![d.clone()], vec![x.clone(), qd, Operand::Zero]);
        }
        true
    }

    fn wide(&mut self, w64: bool) -> VReg {
        self.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single })
    }

    fn emit_plan(&mut self, p: Plan, bits: u32, w64: bool, n: Operand, q: Operand) {
        let shr = |s: &mut Self, a: Operand, k: u32, arith: bool| -> Operand {
            let t = Operand::Reg(s.wide(w64));
            s.op(Op::Shf { left: false, signed: arith, w64 }, vec![t.clone()], vec![a, Operand::Imm(u64::from(k))]);
            t
        };
        let add = |s: &mut Self, a: Operand, b: Operand, sub: bool| -> Operand {
            let t = Operand::Reg(s.wide(w64));
            s.op(Op::IAdd3 { neg_b: sub, w64 }, vec![t.clone()], vec![a, b, Operand::Zero]);
            t
        };
        let mulhi = |s: &mut Self, a: Operand, m: u64, signed: bool| -> Operand {
            let t = Operand::Reg(s.wide(w64));
            s.op(
                Op::IMad { kind: MadKind::Hi { signed }, w64 },
                vec![t.clone()],
                vec![a, Operand::Imm(m), Operand::Zero],
            );
            t
        };
        let copy = |s: &mut Self, v: Operand| {
            s.op(Op::Mov { w64 }, vec![q.clone()], vec![v]);
        };
        let negate = |s: &mut Self, v: Operand| {
            s.op(Op::IAdd3 { neg_b: true, w64 }, vec![q.clone()], vec![Operand::Zero, v, Operand::Zero]);
        };
        match p {
            Plan::Copy => copy(self, n),
            Plan::Negate => negate(self, n),
            Plan::ShiftRight { k } => {
                let t = shr(self, n, k, false);
                copy(self, t);
            }
            Plan::SignedPow2 { k, neg } => {
                let sign = shr(self, n.clone(), bits - 1, true);
                let bias = shr(self, sign, bits - k, false);
                let t = add(self, n, bias, false);
                let r = shr(self, t, k, true);
                if neg { negate(self, r) } else { copy(self, r) }
            }
            Plan::MulShift { m, s } => {
                let t = mulhi(self, n, m, false);
                let r = shr(self, t, s, false);
                copy(self, r);
            }
            Plan::MulAddShift { m, s } => {
                let t = mulhi(self, n.clone(), m, false);
                let diff = add(self, n, t.clone(), true);
                let half = shr(self, diff, 1, false);
                let sum = add(self, t, half, false);
                let r = shr(self, sum, s, false);
                copy(self, r);
            }
            Plan::SignedMul { m, s, add: plus_n, neg } => {
                let mut t = mulhi(self, n.clone(), m, true);
                if plus_n {
                    t = add(self, t, n.clone(), false);
                }
                let t = shr(self, t, s, true);
                let sign = shr(self, n, bits - 1, false);
                let r = add(self, t, sign, false);
                if neg { negate(self, r) } else { copy(self, r) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn check(n: u64, d: u64, bits: u32, signed: bool) {
        let mk = mask(bits) as u64;
        let Some(p) = plan(d, bits, signed) else {
            assert_eq!(d & mk, 0);
            return;
        };
        let got = p.eval(n, bits);
        let want = if signed {
            let sx = |x: u64| ((x as i128) << (128 - bits)) >> (128 - bits);
            let (a, b) = (sx(n & mk), sx(d & mk));
            // The one overflowing case (MIN / −1) wraps, as the hardware's division does.
            (a.wrapping_div(b) as u64) & mk
        } else {
            (n & mk) / (d & mk)
        };
        assert_eq!(got, want, "{n} / {d} ({bits}-bit, signed {signed}): {p:?}");
    }

    #[test]
    fn exhaustive_8_bit() {
        for signed in [false, true] {
            for d in 0..256u64 {
                for n in 0..256u64 {
                    check(n, d, 8, signed);
                }
            }
        }
    }

    #[test]
    fn exhaustive_16_bit_divisors_sampled_dividends() {
        for signed in [false, true] {
            for d in 0..65536u64 {
                for n in [0u64, 1, 2, 3, 7, 0x7FFE, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF, d, d.wrapping_sub(1), d + 1]
                {
                    check(n, d, 16, signed);
                }
            }
            // Every dividend for the divisors around powers of two and small ones.
            for d in (1..40u64).chain([255, 256, 257, 1000, 0x7FFF, 0x8000, 0x8001, 0xFFFF]) {
                for n in 0..65536u64 {
                    check(n, d, 16, signed);
                }
            }
        }
    }

    #[test]
    fn random_32_and_64_bit() {
        let mut rng = Rng::new(0x05ee_dd1f);
        for bits in [32u32, 64] {
            let mk = mask(bits) as u64;
            for _ in 0..20_000 {
                let d = match rng.next_u64() % 4 {
                    0 => rng.next_u64() % 1000,
                    1 => (1u64 << (rng.next_u64() % u64::from(bits))).wrapping_add(rng.next_u64() % 3).wrapping_sub(1),
                    _ => rng.next_u64(),
                } & mk;
                for n in [rng.next_u64(), rng.next_u64() % 1000, mk, mk >> 1, (mk >> 1) + 1, 0] {
                    check(n, d, bits, false);
                    check(n, d, bits, true);
                }
            }
        }
    }
}
