//! Exhaustive and randomized tests of the known-bits lattice (see lattice.rs).

use super::*;
use crate::llvm::known_bits::apint::{Store, low_ones, words_for};

#[path = "lattice_tests/apint.rs"]
mod apint;
#[path = "lattice_tests/edges.rs"]
mod edges;
#[path = "lattice_tests/queries.rs"]
mod queries;
#[path = "lattice_tests/ranges.rs"]
mod ranges;

// =====================================================================
// Test infrastructure
// =====================================================================

/// Widths covered exhaustively (every consistent abstract operand, every
/// member of each).
const EXHAUSTIVE_WIDTHS: [u32; 4] = [1, 2, 3, 4];

/// Widths covered by the randomized tests (inline edge, heap path).
const WIDE_WIDTHS: [u32; 7] = [64, 65, 96, 127, 128, 129, 200];

/// Deterministic xorshift64* generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn apint(&mut self, width: u32) -> ApInt {
        let words: Vec<u64> = (0..words_for(width)).map(|_| self.next()).collect();
        ApInt::from_words(width, &words)
    }

    /// A random value biased toward interesting shapes.
    fn interesting(&mut self, width: u32) -> ApInt {
        match self.below(6) {
            0 => ApInt::zero(width),
            1 => ApInt::all_ones(width),
            2 => ApInt::new(width, self.below(8)),
            3 => ApInt::low_bits_set(width, self.below(u64::from(width) + 1) as u32),
            4 => ApInt::high_bits_set(width, self.below(u64::from(width) + 1) as u32),
            _ => self.apint(width),
        }
    }

    /// A random consistent abstract value of several shapes.
    fn known_bits(&mut self, width: u32) -> KnownBits {
        let value = self.apint(width);
        let known = match self.below(8) {
            0 => return KnownBits::unknown(width),
            1 => return KnownBits::from_constant(&self.interesting(width)),
            2 => self.apint(width),
            3 => self.apint(width).or(&self.apint(width)),
            4 => self.apint(width).and(&self.apint(width)),
            5 => ApInt::high_bits_set(width, self.below(u64::from(width) + 1) as u32),
            6 => ApInt::low_bits_set(width, self.below(u64::from(width) + 1) as u32),
            _ => ApInt::all_ones(width).and_not(&ApInt::single_bit(width, self.below(u64::from(width)) as u32)),
        };
        KnownBits::from_value_known(&value, &known)
    }

    /// A random member of `k`.
    fn member(&mut self, k: &KnownBits) -> ApInt {
        match self.below(6) {
            0 => k.min_value(),
            1 => k.max_value(),
            _ => k.one.or(&self.apint(k.width()).and(&k.unknown_mask())),
        }
    }
}

fn kb(width: u32, zero: u64, one: u64) -> KnownBits {
    KnownBits::from_parts(ApInt::new(width, zero), ApInt::new(width, one))
}

fn c(width: u32, value: u64) -> ApInt {
    ApInt::new(width, value)
}

/// Every consistent abstract value of `width` bits (3^width of them).
fn all_known_bits(width: u32) -> Vec<KnownBits> {
    let n = 1u64 << width;
    let mut out = Vec::new();
    for zero in 0..n {
        for one in 0..n {
            if zero & one == 0 {
                out.push(kb(width, zero, one));
            }
        }
    }
    out
}

/// Every member of `k` (width <= 16).
fn members(k: &KnownBits) -> Vec<ApInt> {
    let width = k.width();
    let unknown = k.unknown_mask().low_u64();
    let one = k.one.low_u64();
    let mut out = Vec::new();
    let mut sub = unknown;
    loop {
        out.push(c(width, one | sub));
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & unknown;
    }
    out
}

/// The best abstraction of a non-empty set of values.
fn hull(width: u32, values: &[ApInt]) -> KnownBits {
    let mut zero = ApInt::all_ones(width);
    let mut one = ApInt::all_ones(width);
    for v in values {
        zero = zero.and_not(v);
        one = one.and(v);
    }
    KnownBits::from_parts(zero, one)
}

type AbsFn = Box<dyn Fn(&[&KnownBits], u64) -> KnownBits>;
type ConcFn = Box<dyn Fn(&[&ApInt], u64) -> Option<ApInt>>;

/// One operation under test: its abstract transfer function and its
/// concrete semantics (`None` = poison / UB, skipped).
struct Op {
    name: &'static str,
    /// Operand widths for a given nominal width.
    operands: fn(u32) -> Vec<u32>,
    /// Constant parameters (shift amounts, target widths) to try.
    params: fn(u32) -> Vec<u64>,
    /// Result width for a nominal width and parameter.
    out_width: fn(u32, u64) -> u32,
    /// Whether the result must be the best box at this width.
    exact: fn(u32) -> bool,
    /// Whether the operation exists at this width.
    supports: fn(u32) -> bool,
    abs: AbsFn,
    conc: ConcFn,
}

impl Op {
    fn new(
        name: &'static str,
        arity: usize,
        abs: impl Fn(&[&KnownBits], u64) -> KnownBits + 'static,
        conc: impl Fn(&[&ApInt], u64) -> Option<ApInt> + 'static,
    ) -> Op {
        let operands: fn(u32) -> Vec<u32> = match arity {
            1 => |w| vec![w],
            2 => |w| vec![w, w],
            _ => |w| vec![w, w, w],
        };
        Op {
            name,
            operands,
            params: |_| vec![0],
            out_width: |w, _| w,
            exact: |_| false,
            supports: |_| true,
            abs: Box::new(abs),
            conc: Box::new(conc),
        }
    }

    fn exact(mut self) -> Op {
        self.exact = |_| true;
        self
    }

    fn exact_when(mut self, f: fn(u32) -> bool) -> Op {
        self.exact = f;
        self
    }

    fn params(mut self, f: fn(u32) -> Vec<u64>) -> Op {
        self.params = f;
        self
    }

    fn out_width(mut self, f: fn(u32, u64) -> u32) -> Op {
        self.out_width = f;
        self
    }

    fn operands(mut self, f: fn(u32) -> Vec<u32>) -> Op {
        self.operands = f;
        self
    }

    fn supports(mut self, f: fn(u32) -> bool) -> Op {
        self.supports = f;
        self
    }
}

// -- concrete semantics helpers ------------------------------------------

fn amount(s: &ApInt) -> Option<u32> {
    s.to_u64().filter(|&v| v < u64::from(s.width())).map(|v| v as u32)
}

fn add_overflows(a: &ApInt, b: &ApInt, flags: WrapFlags) -> bool {
    let (r, carry) = a.carrying_add(b, false);
    let signed = a.is_negative() == b.is_negative() && r.is_negative() != a.is_negative();
    (flags.nuw && carry) || (flags.nsw && signed)
}

fn sub_overflows(a: &ApInt, b: &ApInt, flags: WrapFlags) -> bool {
    let r = a.wrapping_sub(b);
    let signed = a.is_negative() != b.is_negative() && r.is_negative() != a.is_negative();
    (flags.nuw && a.ult(b)) || (flags.nsw && signed)
}

fn mul_overflows(a: &ApInt, b: &ApInt, flags: WrapFlags) -> bool {
    let w = a.width();
    let wide = a.sext(2 * w).wrapping_mul(&b.sext(2 * w));
    let signed = wide.trunc(w).sext(2 * w) != wide;
    (flags.nuw && a.overflowing_umul(b).1) || (flags.nsw && signed)
}

fn shl_conc(x: &ApInt, s: u32, flags: WrapFlags) -> Option<ApInt> {
    if s >= x.width() {
        return None;
    }
    let r = x.shl(s);
    if flags.nuw && r.lshr(s) != *x {
        return None;
    }
    if flags.nsw && r.ashr(s) != *x {
        return None;
    }
    Some(r)
}

fn rshift_conc(x: &ApInt, s: u32, exact: bool, arithmetic: bool) -> Option<ApInt> {
    if s >= x.width() {
        return None;
    }
    let r = if arithmetic { x.ashr(s) } else { x.lshr(s) };
    if exact && r.shl(s) != *x {
        return None;
    }
    Some(r)
}

/// Funnel shift left through the double-width concatenation `a:b`.
fn fshl_conc(a: &ApInt, b: &ApInt, s: u64) -> ApInt {
    let w = a.width();
    let s = (s % u64::from(w)) as u32;
    let cat = a.zext(2 * w).shl(w).or(&b.zext(2 * w));
    cat.shl(s).lshr(w).trunc(w)
}

fn fshr_conc(a: &ApInt, b: &ApInt, s: u64) -> ApInt {
    let w = a.width();
    let s = (s % u64::from(w)) as u32;
    let cat = a.zext(2 * w).shl(w).or(&b.zext(2 * w));
    cat.lshr(s).trunc(w)
}

fn amount_mod(s: &ApInt) -> u64 {
    s.zext(s.width().max(33)).urem(&ApInt::new(s.width().max(33), u64::from(s.width()))).low_u64()
}

fn is_int_min(a: &ApInt) -> bool {
    *a == ApInt::signed_min_value(a.width())
}

fn flags_of(p: u64) -> WrapFlags {
    WrapFlags { nuw: p & 1 != 0, nsw: p & 2 != 0 }
}

fn all_flags(_: u32) -> Vec<u64> {
    vec![0, 1, 2, 3]
}

fn both_bools(_: u32) -> Vec<u64> {
    vec![0, 1]
}

/// Constant shift amounts (`0..=w+1`) times the two `exact` settings.
fn amounts_and_exact(w: u32) -> Vec<u64> {
    (0..=u64::from(w) + 1).flat_map(|s| [s * 2, s * 2 + 1]).collect()
}

/// Constant shift amounts (`0..=w+1`) times the four flag settings.
fn amounts_and_flags(w: u32) -> Vec<u64> {
    (0..=u64::from(w) + 1).flat_map(|s| (0..4).map(move |f| s * 4 + f)).collect()
}

fn is_pow2(w: u32) -> bool {
    w.is_power_of_two()
}

/// Every operation under test.
fn ops() -> Vec<Op> {
    use IntPredicate as P;
    vec![
        Op::new("not", 1, |k, _| k[0].not(), |v, _| Some(v[0].not())).exact(),
        Op::new("and", 2, |k, _| k[0].and(k[1]), |v, _| Some(v[0].and(v[1]))).exact(),
        Op::new("or", 2, |k, _| k[0].or(k[1]), |v, _| Some(v[0].or(v[1]))).exact(),
        Op::new("xor", 2, |k, _| k[0].xor(k[1]), |v, _| Some(v[0].xor(v[1]))).exact(),
        Op::new("add", 2, |k, _| k[0].add(k[1], WrapFlags::NONE), |v, _| Some(v[0].wrapping_add(v[1]))).exact(),
        Op::new(
            "add_flags",
            2,
            |k, p| k[0].add(k[1], flags_of(p)),
            |v, p| (!add_overflows(v[0], v[1], flags_of(p))).then(|| v[0].wrapping_add(v[1])),
        )
        .params(all_flags),
        Op::new("sub", 2, |k, _| k[0].sub(k[1], WrapFlags::NONE), |v, _| Some(v[0].wrapping_sub(v[1]))).exact(),
        Op::new(
            "sub_flags",
            2,
            |k, p| k[0].sub(k[1], flags_of(p)),
            |v, p| (!sub_overflows(v[0], v[1], flags_of(p))).then(|| v[0].wrapping_sub(v[1])),
        )
        .params(all_flags),
        Op::new("neg", 1, |k, _| k[0].neg(), |v, _| Some(v[0].wrapping_neg())).exact(),
        Op::new(
            "add_with_carry",
            3,
            |k, _| k[0].add_with_carry(k[1], k[2]),
            |v, _| Some(v[0].carrying_add(v[1], v[2].bit(0)).0),
        )
        .operands(|w| vec![w, w, 1])
        .exact(),
        Op::new(
            "mul",
            2,
            |k, p| k[0].mul(k[1], flags_of(p)),
            |v, p| (!mul_overflows(v[0], v[1], flags_of(p))).then(|| v[0].wrapping_mul(v[1])),
        )
        .params(all_flags),
        Op::new("udiv", 2, |k, _| k[0].udiv(k[1]), |v, _| (!v[1].is_zero()).then(|| v[0].udiv(v[1]))),
        Op::new("urem", 2, |k, _| k[0].urem(k[1]), |v, _| (!v[1].is_zero()).then(|| v[0].urem(v[1]))),
        Op::new(
            "sdiv",
            2,
            |k, _| k[0].sdiv(k[1]),
            |v, _| {
                let ub = v[1].is_zero() || (is_int_min(v[0]) && v[1].is_all_ones());
                (!ub).then(|| v[0].sdiv(v[1]))
            },
        ),
        Op::new(
            "srem",
            2,
            |k, _| k[0].srem(k[1]),
            |v, _| {
                let ub = v[1].is_zero() || (is_int_min(v[0]) && v[1].is_all_ones());
                (!ub).then(|| v[0].srem(v[1]))
            },
        ),
        Op::new(
            "shl_const",
            1,
            |k, p| k[0].shl_const(p / 4, flags_of(p % 4)),
            |v, p| {
                let s = u32::try_from(p / 4).ok()?;
                shl_conc(v[0], s, flags_of(p % 4))
            },
        )
        .params(amounts_and_flags)
        .exact(),
        Op::new(
            "lshr_const",
            1,
            |k, p| k[0].lshr_const(p / 2, p % 2 == 1),
            |v, p| rshift_conc(v[0], u32::try_from(p / 2).ok()?, p % 2 == 1, false),
        )
        .params(amounts_and_exact)
        .exact(),
        Op::new(
            "ashr_const",
            1,
            |k, p| k[0].ashr_const(p / 2, p % 2 == 1),
            |v, p| rshift_conc(v[0], u32::try_from(p / 2).ok()?, p % 2 == 1, true),
        )
        .params(amounts_and_exact)
        .exact(),
        Op::new("shl", 2, |k, p| k[0].shl(k[1], flags_of(p)), |v, p| shl_conc(v[0], amount(v[1])?, flags_of(p)))
            .params(all_flags)
            .exact(),
        Op::new("lshr", 2, |k, p| k[0].lshr(k[1], p == 1), |v, p| rshift_conc(v[0], amount(v[1])?, p == 1, false))
            .params(both_bools)
            .exact(),
        Op::new("ashr", 2, |k, p| k[0].ashr(k[1], p == 1), |v, p| rshift_conc(v[0], amount(v[1])?, p == 1, true))
            .params(both_bools)
            .exact(),
        Op::new("zext", 1, |k, p| k[0].zext(p as u32), |v, p| Some(v[0].zext(p as u32)))
            .params(|w| (u64::from(w)..=u64::from(w) + 3).collect())
            .out_width(|_, p| p as u32)
            .exact(),
        Op::new("sext", 1, |k, p| k[0].sext(p as u32), |v, p| Some(v[0].sext(p as u32)))
            .params(|w| (u64::from(w)..=u64::from(w) + 3).collect())
            .out_width(|_, p| p as u32)
            .exact(),
        Op::new("trunc", 1, |k, p| k[0].trunc(p as u32), |v, p| Some(v[0].trunc(p as u32)))
            .params(|w| (1..=u64::from(w)).collect())
            .out_width(|_, p| p as u32)
            .exact(),
        Op::new(
            "select",
            3,
            |k, _| KnownBits::select(k[0], k[1], k[2]),
            |v, _| Some(if v[0].bit(0) { v[1].clone() } else { v[2].clone() }),
        )
        .operands(|w| vec![1, w, w])
        .exact(),
        Op::new("umax", 2, |k, _| k[0].umax(k[1]), |v, _| Some(v[0].umax(v[1]))),
        Op::new("umin", 2, |k, _| k[0].umin(k[1]), |v, _| Some(v[0].umin(v[1]))),
        Op::new("smax", 2, |k, _| k[0].smax(k[1]), |v, _| Some(v[0].smax(v[1]))),
        Op::new("smin", 2, |k, _| k[0].smin(k[1]), |v, _| Some(v[0].smin(v[1]))),
        Op::new(
            "abs",
            1,
            |k, p| k[0].abs(p == 1),
            |v, p| {
                if p == 1 && is_int_min(v[0]) { None } else { Some(v[0].unsigned_abs()) }
            },
        )
        .params(both_bools)
        .exact_when(|_| false),
        Op::new("ctpop", 1, |k, _| k[0].ctpop(), |v, _| Some(ApInt::new(v[0].width(), u64::from(v[0].count_ones()))))
            .exact(),
        Op::new(
            "ctlz",
            1,
            |k, p| k[0].ctlz(p == 1),
            |v, p| (p == 0 || !v[0].is_zero()).then(|| ApInt::new(v[0].width(), u64::from(v[0].leading_zeros()))),
        )
        .params(both_bools)
        .exact(),
        Op::new(
            "cttz",
            1,
            |k, p| k[0].cttz(p == 1),
            |v, p| (p == 0 || !v[0].is_zero()).then(|| ApInt::new(v[0].width(), u64::from(v[0].trailing_zeros()))),
        )
        .params(both_bools)
        .exact(),
        Op::new("bswap", 1, |k, _| k[0].bswap(), |v, _| Some(v[0].byte_swap()))
            .supports(|w| w.is_multiple_of(8))
            .exact(),
        Op::new("bitreverse", 1, |k, _| k[0].bitreverse(), |v, _| Some(v[0].reverse_bits())).exact(),
        Op::new("fshl_const", 2, |k, p| k[0].fshl_const(k[1], p), |v, p| Some(fshl_conc(v[0], v[1], p)))
            .params(|w| (0..=2 * u64::from(w) + 1).collect())
            .exact(),
        Op::new("fshr_const", 2, |k, p| k[0].fshr_const(k[1], p), |v, p| Some(fshr_conc(v[0], v[1], p)))
            .params(|w| (0..=2 * u64::from(w) + 1).collect())
            .exact(),
        Op::new("fshl", 3, |k, _| k[0].fshl(k[1], k[2]), |v, _| Some(fshl_conc(v[0], v[1], amount_mod(v[2]))))
            .exact_when(is_pow2),
        Op::new("fshr", 3, |k, _| k[0].fshr(k[1], k[2]), |v, _| Some(fshr_conc(v[0], v[1], amount_mod(v[2]))))
            .exact_when(is_pow2),
        Op::new(
            "icmp",
            2,
            |k, p| KnownBits::icmp(P::ALL[p as usize], k[0], k[1]),
            |v, p| Some(ApInt::new(1, u64::from(P::ALL[p as usize].evaluate(v[0], v[1])))),
        )
        .params(|_| (0..P::ALL.len() as u64).collect())
        .out_width(|_, _| 1)
        .exact(),
    ]
}

fn op(name: &str) -> Op {
    ops().into_iter().find(|o| o.name == name).unwrap_or_else(|| panic!("no op {name}"))
}

/// Outcome counts of an exhaustive run.
#[derive(Default, Debug)]
struct Stats {
    /// Abstract operand tuples evaluated.
    cases: u64,
    /// Concrete operand tuples checked.
    concrete: u64,
    /// Cases whose result was the best box.
    optimal: u64,
    /// Cases with at least one well-defined concrete result.
    defined: u64,
}

/// One operand position of an exhaustive run: every abstract value of
/// its width with its members, and its stride in the concrete table.
struct Domain {
    values: Vec<(KnownBits, Vec<u64>)>,
    stride: usize,
}

/// Checks `op` at `width` for every consistent abstract operand tuple and
/// every member tuple: soundness always, optimality when `op` is exact.
///
/// The concrete results are tabulated once per parameter (operands are
/// at most 8 bits wide), so the inner loop is plain `u64` work.
fn exhaustive(op: &Op, width: u32) -> Stats {
    let mut stats = Stats::default();
    if !(op.supports)(width) {
        return stats;
    }
    let widths = (op.operands)(width);
    assert!(widths.len() <= 3 && widths.iter().all(|&w| w <= 8));
    let mut domains: Vec<Domain> = Vec::new();
    let mut stride = 1;
    for &w in &widths {
        let values = all_known_bits(w)
            .into_iter()
            .map(|k| {
                let m = members(&k).iter().map(ApInt::low_u64).collect();
                (k, m)
            })
            .collect();
        domains.push(Domain { values, stride });
        stride <<= w;
    }
    let table_len = stride;
    // Pad to three operands with a single dummy position.
    let dummy = || Domain { values: vec![(KnownBits::unknown(1), vec![0])], stride: 0 };
    while domains.len() < 3 {
        domains.push(dummy());
    }
    let arity = widths.len();
    let exact = (op.exact)(width);
    const POISON: u64 = u64::MAX;
    for param in (op.params)(width) {
        let out_w = (op.out_width)(width, param);
        // Concrete results for every operand tuple.
        let table: Vec<u64> = (0..table_len)
            .map(|flat| {
                let vs: Vec<ApInt> =
                    widths.iter().zip(&domains).map(|(&w, d)| c(w, ((flat / d.stride) % (1 << w)) as u64)).collect();
                let refs: Vec<&ApInt> = vs.iter().collect();
                (op.conc)(&refs, param).map_or(POISON, |r| {
                    assert_eq!(r.width(), out_w, "{} concrete width", op.name);
                    r.low_u64()
                })
            })
            .collect();
        let out_mask = low_ones(out_w);
        for (k0, m0) in &domains[0].values {
            for (k1, m1) in &domains[1].values {
                for (k2, m2) in &domains[2].values {
                    let ks = [k0, k1, k2];
                    let res = (op.abs)(&ks[..arity], param);
                    let ctx = || format!("{} i{width} param {param} on {:?} -> {res:?}", op.name, &ks[..arity]);
                    assert_eq!(res.width(), out_w, "{}", ctx());
                    assert!(res.is_consistent(), "inconsistent: {}", ctx());
                    let (z, o) = (res.zero.low_u64(), res.one.low_u64());
                    let (mut cz, mut co, mut any) = (out_mask, out_mask, false);
                    for &v0 in m0 {
                        for &v1 in m1 {
                            for &v2 in m2 {
                                stats.concrete += 1;
                                let flat = v0 as usize * domains[0].stride
                                    + v1 as usize * domains[1].stride
                                    + v2 as usize * domains[2].stride;
                                let r = table[flat];
                                if r == POISON {
                                    continue;
                                }
                                assert!(
                                    r & z == 0 && r & o == o,
                                    "unsound: {} at {:?} gives {r:#x}",
                                    ctx(),
                                    &[v0, v1, v2][..arity]
                                );
                                cz &= !r;
                                co &= r;
                                any = true;
                            }
                        }
                    }
                    stats.cases += 1;
                    if any {
                        stats.defined += 1;
                        if (z, o) == (cz, co) {
                            stats.optimal += 1;
                        } else {
                            assert!(!exact, "not optimal (best zero {cz:#x} one {co:#x}): {}", ctx());
                        }
                    }
                }
            }
        }
    }
    stats
}

fn run_exhaustive(name: &str) {
    let op = op(name);
    for w in EXHAUSTIVE_WIDTHS {
        exhaustive(&op, w);
    }
}

macro_rules! exhaustive_tests {
    ($($test:ident => $name:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                run_exhaustive($name);
            }
        )*
    };
}

exhaustive_tests! {
    exhaustive_not => "not",
    exhaustive_and => "and",
    exhaustive_or => "or",
    exhaustive_xor => "xor",
    exhaustive_add => "add",
    exhaustive_add_flags => "add_flags",
    exhaustive_sub => "sub",
    exhaustive_sub_flags => "sub_flags",
    exhaustive_neg => "neg",
    exhaustive_add_with_carry => "add_with_carry",
    exhaustive_mul => "mul",
    exhaustive_udiv => "udiv",
    exhaustive_urem => "urem",
    exhaustive_sdiv => "sdiv",
    exhaustive_srem => "srem",
    exhaustive_shl_const => "shl_const",
    exhaustive_lshr_const => "lshr_const",
    exhaustive_ashr_const => "ashr_const",
    exhaustive_shl => "shl",
    exhaustive_lshr => "lshr",
    exhaustive_ashr => "ashr",
    exhaustive_zext => "zext",
    exhaustive_sext => "sext",
    exhaustive_trunc => "trunc",
    exhaustive_select => "select",
    exhaustive_umax => "umax",
    exhaustive_umin => "umin",
    exhaustive_smax => "smax",
    exhaustive_smin => "smin",
    exhaustive_abs => "abs",
    exhaustive_ctpop => "ctpop",
    exhaustive_ctlz => "ctlz",
    exhaustive_cttz => "cttz",
    exhaustive_bitreverse => "bitreverse",
    exhaustive_fshl_const => "fshl_const",
    exhaustive_fshr_const => "fshr_const",
    exhaustive_fshl => "fshl",
    exhaustive_fshr => "fshr",
    exhaustive_icmp => "icmp",
}

/// Prints, per operation, how often the result is the best box at width
/// 4. Run with `cargo test precision_report -- --ignored --nocapture`.
#[test]
#[ignore = "report, not a check"]
fn precision_report() {
    for op in ops() {
        let s = exhaustive(&op, 4);
        if s.cases > 0 {
            println!(
                "{:>14}: {:>7} cases, {:>9} concrete, optimal {:>6.2}% of {} defined",
                op.name,
                s.cases,
                s.concrete,
                100.0 * s.optimal as f64 / s.defined.max(1) as f64,
                s.defined
            );
        }
    }
}

/// Every operation at wide widths (heap path and the 64-bit edge):
/// random abstract operands of several shapes, random and extreme
/// members, soundness of each concrete result.
#[test]
fn wide_widths_are_sound() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for op in ops() {
        for width in WIDE_WIDTHS {
            if !(op.supports)(width) {
                continue;
            }
            let params = (op.params)(width);
            for _ in 0..40 {
                let param = params[rng.below(params.len() as u64) as usize];
                let ks: Vec<KnownBits> = (op.operands)(width).into_iter().map(|w| rng.known_bits(w)).collect();
                let refs: Vec<&KnownBits> = ks.iter().collect();
                let res = (op.abs)(&refs, param);
                let ctx = || format!("{} i{width} param {param} on {ks:?} -> {res:?}", op.name);
                assert_eq!(res.width(), (op.out_width)(width, param), "{}", ctx());
                assert!(res.is_consistent(), "inconsistent: {}", ctx());
                for _ in 0..12 {
                    let vs: Vec<ApInt> = ks.iter().map(|k| rng.member(k)).collect();
                    let vrefs: Vec<&ApInt> = vs.iter().collect();
                    if let Some(r) = (op.conc)(&vrefs, param) {
                        assert!(res.admits(&r), "unsound: {} at {vs:?} gives {r:?}", ctx());
                    }
                }
            }
        }
    }
}

/// The exact operations stay exact at wide widths on structured inputs:
/// compare against per-bit reasoning by checking that every known result
/// bit is forced and every unknown one is witnessed by two members.
#[test]
fn wide_bitwise_and_shifts_are_exact() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for width in [65, 128, 200] {
        for _ in 0..50 {
            let a = rng.known_bits(width);
            let b = rng.known_bits(width);
            let s = rng.below(u64::from(width)) as u32;
            // and / or / xor / not are per-bit; shifts and permutations move
            // bits: rebuild the best result bit by bit from the operands.
            let expect_and = KnownBits::from_parts(a.zero.or(&b.zero), a.one.and(&b.one));
            assert_eq!(a.and(&b), expect_and);
            let shl = a.shl_const(u64::from(s), WrapFlags::NONE);
            for i in 0..width {
                let (z, o) = if i < s { (true, false) } else { (a.zero.bit(i - s), a.one.bit(i - s)) };
                assert_eq!((shl.zero.bit(i), shl.one.bit(i)), (z, o), "shl i{width} by {s} bit {i}");
            }
            let ashr = a.ashr_const(u64::from(s), false);
            for i in 0..width {
                let src = (i + s).min(width - 1);
                assert_eq!(
                    (ashr.zero.bit(i), ashr.one.bit(i)),
                    (a.zero.bit(src), a.one.bit(src)),
                    "ashr i{width} by {s} bit {i}"
                );
            }
            let rev = a.bitreverse();
            for i in 0..width {
                assert_eq!(rev.one.bit(i), a.one.bit(width - 1 - i));
                assert_eq!(rev.zero.bit(i), a.zero.bit(width - 1 - i));
            }
        }
    }
}

/// The core arithmetic once more at width 5 (carry chains one bit
/// longer than the main exhaustive runs).
#[test]
fn exhaustive_width_5_core_arithmetic() {
    for name in [
        "add",
        "sub",
        "add_flags",
        "sub_flags",
        "mul",
        "shl",
        "lshr",
        "ashr",
        "udiv",
        "urem",
        "sdiv",
        "srem",
        "umax",
        "smin",
        "abs",
        "ctlz",
        "icmp",
    ] {
        exhaustive(&op(name), 5);
    }
}

/// bswap has no width below 16 to run exhaustively, so check it (and
/// bitreverse) at 16, 32 and 48 bits on random abstract values with at
/// most 10 unknown bits, against the best box of all their members.
#[test]
fn bswap_and_bitreverse_are_exact() {
    let mut rng = Rng(0xb5);
    for width in [16, 32, 48] {
        for _ in 0..300 {
            let value = rng.apint(width);
            let mut known = ApInt::all_ones(width);
            for _ in 0..rng.below(11) {
                known.clear_bit(rng.below(u64::from(width)) as u32);
            }
            let k = KnownBits::from_value_known(&value, &known);
            let ms: Vec<ApInt> = {
                let unknown: Vec<u32> = (0..width).filter(|&i| !known.bit(i)).collect();
                (0..1u64 << unknown.len())
                    .map(|sel| {
                        let mut v = k.one.clone();
                        for (j, &bit) in unknown.iter().enumerate() {
                            if sel >> j & 1 == 1 {
                                v.set_bit(bit);
                            }
                        }
                        v
                    })
                    .collect()
            };
            let swapped: Vec<ApInt> = ms.iter().map(ApInt::byte_swap).collect();
            assert_eq!(k.bswap(), hull(width, &swapped), "bswap {k:?}");
            let reversed: Vec<ApInt> = ms.iter().map(ApInt::reverse_bits).collect();
            assert_eq!(k.bitreverse(), hull(width, &reversed), "bitreverse {k:?}");
        }
    }
}
