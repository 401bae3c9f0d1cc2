//! Host functions for the explicitly rounded `llvm.nvvm.*` intrinsics (see
//! `ori/lower/intrinsics_round.rs` for what ori emits for them): round-to-integral
//! (`ceil/floor/trunc/round.{f,d}`), directed-rounding `add/mul/div/rcp/sqrt.r{z,m,p}.{f,d}`
//! and `fma.r{z,m,p}.d`, and the conversions `<from>2<to>.r{n,z,m,p}`.
//!
//! They are written independently of the interpreter's numerics: a directed result is the
//! host's round-to-nearest result moved one ulp where the sign of the exact error says so (the
//! error of a sum from TwoSum, of a product from an FMA, of a quotient `q` of `a / b` from the
//! residual `a − q·b` and of a root `r` of `x` from `x − r·r`, both by FMA, of a conversion from
//! converting back),
//! so a bug in one side shows as a mismatch.

use crate::ori::interp::float;
use crate::ori::opcode::Round;

/// The rounding mode of a name component.
fn mode(s: &str) -> Option<u8> {
    Some(match s {
        "rn" => RN,
        "rz" => RZ,
        "rm" => RM,
        "rp" => RP,
        _ => return None,
    })
}

const RN: u8 = 0;
const RZ: u8 = 1;
const RM: u8 = 2;
const RP: u8 = 3;

/// Moves a round-to-nearest result `r` to the directed result, given the sign of the exact
/// value minus `r` (`err`: −1, 0, 1).
macro_rules! directed {
    ($r:expr, $err:expr, $m:expr, $max:expr) => {{
        let (r, err, m) = ($r, $err, $m);
        if r.is_nan() || m == RN {
            r
        } else if r.is_infinite() {
            // Only an overflow gets here (the callers pass finite operands on).
            let toward_zero = m == RZ || (m == RP && r < 0.0) || (m == RM && r > 0.0);
            if toward_zero { $max.copysign(r) } else { r }
        } else if err == 0 {
            r
        } else if m == RP && err > 0 {
            r.next_up()
        } else if m == RM && err < 0 {
            r.next_down()
        } else if m == RZ && r != 0.0 && (r > 0.0) != (err > 0) {
            if r > 0.0 { r.next_down() } else { r.next_up() }
        } else if r == 0.0 {
            if err > 0 { 0.0 } else { -0.0 }
        } else {
            r
        }
    }};
}

fn sign_of<T: PartialOrd + Default>(x: T) -> i32 {
    if x > T::default() {
        1
    } else if x < T::default() {
        -1
    } else {
        0
    }
}

macro_rules! arith {
    ($t:ty, $add:ident, $mul:ident) => {
        extern "C" fn $add<const M: u8>(a: $t, b: $t) -> $t {
            let s = a + b;
            if !s.is_finite() || M == RN {
                return directed!(s, 0, M, <$t>::MAX);
            }
            if s == 0.0 && a != 0.0 {
                // An exact cancellation: −0 under RM only.
                return if M == RM { -0.0 } else { 0.0 };
            }
            // TwoSum: the exact error of the rounded sum.
            let bp = s - a;
            let err = (a - (s - bp)) + (b - bp);
            directed!(s, sign_of(err), M, <$t>::MAX)
        }
        extern "C" fn $mul<const M: u8>(a: $t, b: $t) -> $t {
            let p = a * b;
            if !p.is_finite() || M == RN || p == 0.0 && (a == 0.0 || b == 0.0) {
                return directed!(p, 0, M, <$t>::MAX);
            }
            directed!(p, sign_of(a.mul_add(b, -p)), M, <$t>::MAX)
        }
    };
}
arith!(f32, add_f32, mul_f32);
arith!(f64, add_f64, mul_f64);

/// Division and square root: the residual by an f64 FMA (for f32, all three operands are
/// exact in f64 and the one rounding keeps the residual's sign).
macro_rules! div_sqrt {
    ($t:ty, $div:ident, $rcp:ident, $sqrt:ident) => {
        extern "C" fn $div<const M: u8>(a: $t, b: $t) -> $t {
            let q = a / b;
            if !q.is_finite() && a.is_finite() && b.is_finite() && b != 0.0 {
                // An overflow of finite operands: the largest finite value toward zero.
                return directed!(q, 0, M, <$t>::MAX);
            }
            if !q.is_finite() || q == 0.0 && a == 0.0 || M == RN {
                return q;
            }
            let res = (-(q as f64)).mul_add(b as f64, a as f64);
            directed!(q, sign_of(res) * sign_of(b), M, <$t>::MAX)
        }
        extern "C" fn $rcp<const M: u8>(x: $t) -> $t {
            $div::<M>(1.0, x)
        }
        extern "C" fn $sqrt<const M: u8>(x: $t) -> $t {
            let r = x.sqrt();
            if !r.is_finite() || r == 0.0 || M == RN {
                return r;
            }
            let res = (-(r as f64)).mul_add(r as f64, x as f64);
            directed!(r, sign_of(res), M, <$t>::MAX)
        }
    };
}
div_sqrt!(f32, div_f32, rcp_f32, sqrt_f32);
div_sqrt!(f64, div_f64, rcp_f64, sqrt_f64);

extern "C" fn fma_f64<const M: u8>(a: f64, b: f64, c: f64) -> f64 {
    let round = match M {
        RZ => Round::Rz,
        RM => Round::Rm,
        RP => Round::Rp,
        _ => Round::Rn,
    };
    // No second independent f64 FMA with directed rounding is at hand; the interpreter's is
    // unit-tested against bracketing properties (`interp/float.rs`).
    float::ffma_f64(a, b, c, round)
}

macro_rules! integral {
    ($t:ty, $name:ident) => {
        extern "C" fn $name<const M: u8>(x: $t) -> $t {
            match M {
                RZ => x.trunc(),
                RM => x.floor(),
                RP => x.ceil(),
                _ => x.round_ties_even(),
            }
        }
    };
}
integral!(f32, integral_f32);
integral!(f64, integral_f64);

/// Float → integer: round to integral by the mode, then Rust's saturating cast (NaN → 0), which
/// is PTX's `cvt.rXi.sN/uN` behaviour.
macro_rules! to_int {
    ($from:ty, $to:ty, $name:ident) => {
        extern "C" fn $name<const M: u8>(x: $from) -> $to {
            let r = match M {
                RZ => x.trunc(),
                RM => x.floor(),
                RP => x.ceil(),
                _ => x.round_ties_even(),
            };
            r as $to
        }
    };
}
to_int!(f32, i32, f2i);
to_int!(f32, u32, f2ui);
to_int!(f32, i64, f2ll);
to_int!(f32, u64, f2ull);
to_int!(f64, i32, d2i);
to_int!(f64, u32, d2ui);
to_int!(f64, i64, d2ll);
to_int!(f64, u64, d2ull);

/// Integer → float: the host's round-to-nearest conversion, moved by the sign of the exact
/// error (the integer minus the result, compared in i128).
macro_rules! to_float {
    ($from:ty, $to:ty, $name:ident) => {
        extern "C" fn $name<const M: u8>(x: $from) -> $to {
            let r = x as $to;
            // The rounded value is an integer of at most 2^64 in magnitude: exact in i128.
            let err = sign_of(x as i128 - r as f64 as i128);
            directed!(r, err, M, <$to>::MAX)
        }
    };
}
to_float!(i32, f32, i2f);
to_float!(u32, f32, ui2f);
to_float!(i64, f32, ll2f);
to_float!(u64, f32, ull2f);
to_float!(i32, f64, i2d);
to_float!(u32, f64, ui2d);
to_float!(i64, f64, ll2d);
to_float!(u64, f64, ull2d);

extern "C" fn d2f<const M: u8>(x: f64) -> f32 {
    let r = x as f32;
    if x.is_infinite() || x.is_nan() {
        return r;
    }
    let err = if r.is_infinite() { sign_of(x) } else { sign_of(x - r as f64) };
    directed!(r, err, M, f32::MAX)
}

/// One host function: result type, argument types, address.
pub type Builtin = (&'static str, &'static [&'static str], usize);

/// The host function of `llvm.nvvm.<suffix>` when it is one of this module's intrinsics.
pub fn builtin(suffix: &str) -> Option<Builtin> {
    const F1: &[&str] = &["float"];
    const D1: &[&str] = &["double"];
    const F2: &[&str] = &["float", "float"];
    const D2: &[&str] = &["double", "double"];
    const D3: &[&str] = &["double", "double", "double"];
    let parts: Vec<&str> = suffix.split('.').collect();
    // Generic functions are instantiated per mode: pick the instance with a match.
    macro_rules! by_mode {
        ($m:expr, $f:ident, $sig:ty) => {
            match $m {
                RN => $f::<RN> as $sig as usize,
                RZ => $f::<RZ> as $sig as usize,
                RM => $f::<RM> as $sig as usize,
                _ => $f::<RP> as $sig as usize,
            }
        };
    }
    Some(match parts.as_slice() {
        [op @ ("ceil" | "floor" | "trunc" | "round"), t] => {
            let m = match *op {
                "ceil" => RP,
                "floor" => RM,
                "trunc" => RZ,
                _ => RN,
            };
            match *t {
                "f" => ("float", F1, by_mode!(m, integral_f32, extern "C" fn(f32) -> f32)),
                "d" => ("double", D1, by_mode!(m, integral_f64, extern "C" fn(f64) -> f64)),
                _ => return None,
            }
        }
        [op @ ("add" | "mul" | "fma" | "div" | "rcp" | "sqrt"), m, t] if *m != "rn" => {
            let m = mode(m)?;
            match (*op, *t) {
                ("div", "f") => ("float", F2, by_mode!(m, div_f32, extern "C" fn(f32, f32) -> f32)),
                ("div", "d") => ("double", D2, by_mode!(m, div_f64, extern "C" fn(f64, f64) -> f64)),
                ("rcp", "f") => ("float", F1, by_mode!(m, rcp_f32, extern "C" fn(f32) -> f32)),
                ("rcp", "d") => ("double", D1, by_mode!(m, rcp_f64, extern "C" fn(f64) -> f64)),
                ("sqrt", "f") => ("float", F1, by_mode!(m, sqrt_f32, extern "C" fn(f32) -> f32)),
                ("sqrt", "d") => ("double", D1, by_mode!(m, sqrt_f64, extern "C" fn(f64) -> f64)),
                ("add", "f") => ("float", F2, by_mode!(m, add_f32, extern "C" fn(f32, f32) -> f32)),
                ("add", "d") => ("double", D2, by_mode!(m, add_f64, extern "C" fn(f64, f64) -> f64)),
                ("mul", "f") => ("float", F2, by_mode!(m, mul_f32, extern "C" fn(f32, f32) -> f32)),
                ("mul", "d") => ("double", D2, by_mode!(m, mul_f64, extern "C" fn(f64, f64) -> f64)),
                ("fma", "d") => ("double", D3, by_mode!(m, fma_f64, extern "C" fn(f64, f64, f64) -> f64)),
                _ => return None,
            }
        }
        [conv, m] => {
            let m = mode(m)?;
            macro_rules! conv {
                ($f:ident, $ret:expr, $args:expr, $sig:ty) => {
                    ($ret, $args, by_mode!(m, $f, $sig))
                };
            }
            const I1: &[&str] = &["i32"];
            const L1: &[&str] = &["i64"];
            match *conv {
                "f2i" => conv!(f2i, "i32", F1, extern "C" fn(f32) -> i32),
                "f2ui" => conv!(f2ui, "i32", F1, extern "C" fn(f32) -> u32),
                "f2ll" => conv!(f2ll, "i64", F1, extern "C" fn(f32) -> i64),
                "f2ull" => conv!(f2ull, "i64", F1, extern "C" fn(f32) -> u64),
                "d2i" => conv!(d2i, "i32", D1, extern "C" fn(f64) -> i32),
                "d2ui" => conv!(d2ui, "i32", D1, extern "C" fn(f64) -> u32),
                "d2ll" => conv!(d2ll, "i64", D1, extern "C" fn(f64) -> i64),
                "d2ull" => conv!(d2ull, "i64", D1, extern "C" fn(f64) -> u64),
                "i2f" => conv!(i2f, "float", I1, extern "C" fn(i32) -> f32),
                "ui2f" => conv!(ui2f, "float", I1, extern "C" fn(u32) -> f32),
                "ll2f" => conv!(ll2f, "float", L1, extern "C" fn(i64) -> f32),
                "ull2f" => conv!(ull2f, "float", L1, extern "C" fn(u64) -> f32),
                "i2d" => conv!(i2d, "double", I1, extern "C" fn(i32) -> f64),
                "ui2d" => conv!(ui2d, "double", I1, extern "C" fn(u32) -> f64),
                "ll2d" => conv!(ll2d, "double", L1, extern "C" fn(i64) -> f64),
                "ull2d" => conv!(ull2d, "double", L1, extern "C" fn(u64) -> f64),
                "d2f" => conv!(d2f, "float", D1, extern "C" fn(f64) -> f32),
                _ => return None,
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directed_arithmetic() {
        let third = 1.0f32 / 3.0;
        assert_eq!(add_f32::<RP>(1.0, 1e-30), 1.0f32.next_up());
        assert_eq!(add_f32::<RZ>(1.0, -1e-30), 1.0f32.next_down());
        assert_eq!(add_f32::<RM>(1.0, -1.0).to_bits(), (-0.0f32).to_bits());
        assert!(mul_f64::<RP>(1.0 / 3.0, 3.0) >= 1.0);
        assert!(mul_f32::<RZ>(third, 3.0) <= 1.0);
        assert_eq!(mul_f64::<RZ>(f64::MAX, 2.0), f64::MAX);
    }

    #[test]
    fn directed_division_and_root() {
        let (up, down) = (div_f64::<RP>(1.0, 3.0), div_f64::<RM>(1.0, 3.0));
        assert!(down.next_up() == up && down <= 1.0 / 3.0 && up >= 1.0 / 3.0);
        assert_eq!(div_f64::<RZ>(-1.0, 3.0), -down);
        assert_eq!(div_f32::<RP>(1.0, 4.0), 0.25);
        assert_eq!(div_f32::<RZ>(f32::MAX, 0.5), f32::MAX);
        assert_eq!(div_f32::<RP>(f32::MAX, 0.5), f32::INFINITY);
        assert_eq!(rcp_f32::<RM>(3.0), div_f32::<RM>(1.0, 3.0));
        let (up, down) = (sqrt_f64::<RP>(2.0), sqrt_f64::<RM>(2.0));
        assert!(down.next_up() == up && down * down < 2.0);
        assert_eq!(sqrt_f32::<RZ>(4.0), 2.0);
        assert_eq!(sqrt_f32::<RP>(2.0), sqrt_f32::<RZ>(2.0).next_up());
        assert!(sqrt_f64::<RP>(-1.0).is_nan());
    }

    #[test]
    fn conversions() {
        assert_eq!(f2i::<RM>(-2.5), -3);
        assert_eq!(f2i::<RN>(2.5), 2);
        assert_eq!(d2ui::<RZ>(-3.0), 0);
        assert_eq!(f2ll::<RP>(f32::NAN), 0);
        assert_eq!(i2f::<RN>(16777217), 16777216.0);
        assert_eq!(i2f::<RP>(16777217), 16777218.0);
        assert_eq!(ll2f::<RM>(-16777217), -16777218.0);
        assert_eq!(ull2d::<RZ>(u64::MAX), 18446744073709549568.0);
        assert_eq!(ull2f::<RP>(u64::MAX), 18446744073709551616.0);
        assert_eq!(d2f::<RZ>(1e300), f32::MAX);
        let (up, down) = (d2f::<RP>(1.0 / 3.0), d2f::<RM>(1.0 / 3.0));
        assert!(up as f64 > 1.0 / 3.0 && (down as f64) < 1.0 / 3.0 && down.next_up() == up);
    }
}
