//! Running a [`Program`] for one thread. Integer, logic, move and memory semantics from the PTX
//! ISA (float instructions: `fops.rs`):
//!
//! - Registers hold bits; an instruction reads the low `type` bits of its operands and writes
//!   its result masked to the type (a declared register keeps its own width, a predicate is 0 or
//!   1). Signed results of `ld`/`cvt` narrower than 32 bits are sign-extended to 32 bits.
//! - The carry flag `CC.CF` (0 at the start of a block): `add.cc` writes the carry out of the
//!   unsigned addition, `addc` adds it in; `sub.cc` writes the borrow out (`a < b` unsigned) and
//!   `subc` computes `a - (b + CF)` with the borrow of that; `mad{.lo,.hi}.cc` / `madc` add `c`
//!   (and `CF`) to the low or high half of the full product and write the carry out of that
//!   addition.
//! - `mul.lo/hi/wide`, `mad.lo/hi/wide`, `mul24`/`mad24` (`.hi`: bits 47..16 of the 48-bit
//!   product), `sad` (`c + |a - b|`), `div`/`rem` (the interpreter's convention for a zero
//!   divisor), `abs`/`neg`/`min`/`max`, `and/or/xor/not/cnot`, `shl`/`shr` (an amount of at
//!   least the width gives 0, or the sign for a signed `shr`), `popc`/`clz`/`brev`, `bfind`
//!   (position of the most significant non-sign bit, `0xffffffff` for none; `.shiftamt`:
//!   `width - 1 - position`), `bfe`/`bfi` (position and length from 8 bits each), `prmt` (the
//!   default form and the `.f4e .b4e .rc8 .ecl .ecr .rc16` modes), `lop3`, `shf`.
//! - `setp.cmp{.bop}.type p{|q}, a, b{, c}`: `p = t bop c`, `q = !t bop c`; on `.f16x2` `p`/`q`
//!   compare the low / high lanes. `set` writes `0xffffffff` / 1.0 or 0. `selp d, a, b, c`: `c ?
//!   a : b`.
//! - `mov`: registers, immediates, special registers (the runner's values), and `{lo, hi}`
//!   vectors packing or unpacking the type's bits (first element least significant).
//! - `ld`/`ldu`/`st` in every state space the runner serves, `.v2/.v4` at consecutive addresses,
//!   aligned to the whole access; cache operators and eviction hints change nothing. After a
//!   `.volatile`/`.relaxed`/`.acquire`/`.release` access, `membar`, `fence` and `nanosleep` the
//!   runner may let other threads run.
//! - SIMD video `vadd4 vsub4 vavrg4 vabsdiff4 vmin4 vmax4` (and the `2` forms on halfwords) with
//!   the default selectors and mask: per lane `t = op(a_i, b_i)` (extended by the operand
//!   types), `.sat` clamps to the destination lane's range, then either the lanes are merged
//!   into `d` (lane bits of `t`) or, with `.add`, `d = c + Σ t`. `dp4a`/`dp2a`: `c + Σ a_i·b_i`.

use super::Env;
use super::fops;
use super::ops::{CmpOp, Logic, Op, Opnd, Part, PrmtMode, Ty, Vop};
use super::parse::{Inst, Program};
use crate::ori::interp::exec;
use crate::ori::opcode::{BoolOp, FCmp, Round};

fn mask(bits: u32) -> u64 {
    if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 { v as i64 } else { ((v << (64 - bits)) as i64) >> (64 - bits) }
}

/// An integer operand's value by the type's signedness.
fn ival(t: Ty, v: u64) -> i128 {
    if t.signed() { sext(v, t.bits()) as i128 } else { (v & mask(t.bits())) as i128 }
}

struct State<'p> {
    p: &'p Program,
    regs: Vec<u64>,
    cf: bool,
}

/// Runs `p` for one thread: `operands[k]` holds `$k` before (inputs) and after (outputs).
pub fn run(p: &Program, operands: &mut [u64], env: &mut dyn Env) -> Result<(), String> {
    if operands.len() < p.operands {
        return Err(format!("{} operands given, the template uses {}", operands.len(), p.operands));
    }
    let mut st = State { p, regs: vec![0; p.slots.len()], cf: false };
    st.regs[..p.operands].copy_from_slice(&operands[..p.operands]);
    for i in &p.insts {
        if let Some((g, neg)) = i.guard
            && (st.regs[g] != 0) == neg
        {
            continue;
        }
        st.exec(i, env).map_err(|e| format!("`{}`: {e}", i.text))?;
    }
    operands[..p.operands].copy_from_slice(&st.regs[..p.operands]);
    Ok(())
}

impl State<'_> {
    /// The bits of operand `o` read as type `t`.
    fn get(&self, o: &Opnd, t: Ty, env: &mut dyn Env) -> u64 {
        let m = mask(t.bits());
        match o {
            Opnd::Reg(r) => self.regs[*r] & m,
            Opnd::Not(r) => (self.regs[*r] == 0) as u64,
            Opnd::Imm(v) => v & m,
            Opnd::Float(x) => match fops::lanes(t).0 {
                ft if ft.is_float() => fops::from_f64(ft, *x, Round::Rn) & m,
                _ => (*x as i64 as u64) & m,
            },
            Opnd::Sreg(r) => env.sreg(*r) & m,
            Opnd::Vec(_) | Opnd::Addr(..) | Opnd::Pair(..) | Opnd::Sink => 0,
        }
    }

    fn pred(&self, o: &Opnd) -> bool {
        match o {
            Opnd::Reg(r) => self.regs[*r] != 0,
            Opnd::Not(r) => self.regs[*r] == 0,
            Opnd::Imm(v) => *v != 0,
            _ => false,
        }
    }

    fn put(&mut self, o: &Opnd, v: u64) {
        if let Opnd::Reg(r) = o {
            let bits = self.p.slots[*r];
            self.regs[*r] = if bits == 1 { (v != 0) as u64 } else { v & mask(bits) };
        }
    }

    fn exec(&mut self, i: &Inst, env: &mut dyn Env) -> Result<(), String> {
        let o = &i.ops;
        let op = |k: usize| o.get(k).unwrap_or(&Opnd::Sink);
        macro_rules! get {
            ($k:expr, $t:expr) => {
                self.get(op($k), $t, env)
            };
        }
        let u32t = Ty::U(32);
        let r: u64 = match i.op {
            Op::Mov(t) => return self.mov(t, op(0), op(1), env),
            Op::Add { ty, sat, cc, cin } => {
                let (a, b, w) = (get!(1, ty), get!(2, ty), ty.bits());
                if sat {
                    (ival(ty, a) + ival(ty, b)).clamp(i32::MIN as i128, i32::MAX as i128) as u64 & mask(32)
                } else {
                    let s = a as u128 + b as u128 + (cin && self.cf) as u128;
                    if cc {
                        self.cf = (s >> w) & 1 == 1;
                    }
                    s as u64 & mask(w)
                }
            }
            Op::Sub { ty, sat, cc, cin } => {
                let (a, b, w) = (get!(1, ty), get!(2, ty), ty.bits());
                if sat {
                    (ival(ty, a) - ival(ty, b)).clamp(i32::MIN as i128, i32::MAX as i128) as u64 & mask(32)
                } else {
                    let sub = b as u128 + (cin && self.cf) as u128;
                    if cc {
                        self.cf = (a as u128) < sub;
                    }
                    (a as u128).wrapping_sub(sub) as u64 & mask(w)
                }
            }
            Op::Mul { ty, part } => {
                let p = product(ty, get!(1, ty), get!(2, ty));
                take(p, ty.bits(), part)
            }
            Op::Mad { ty, part, cc, cin } => {
                let w = ty.bits();
                let p = product(ty, get!(1, ty), get!(2, ty));
                if part == Part::Wide {
                    let wide = Ty::U(2 * w);
                    let c =
                        if ty.signed() { sext(get!(3, Ty::U(2 * w)), 2 * w) as u128 } else { get!(3, wide) as u128 };
                    p.wrapping_add(c) as u64 & mask(2 * w)
                } else {
                    let s = take(p, w, part) as u128 + get!(3, ty) as u128 + (cin && self.cf) as u128;
                    if cc {
                        self.cf = (s >> w) & 1 == 1;
                    }
                    s as u64 & mask(w)
                }
            }
            Op::Mul24 { ty, hi } | Op::Mad24 { ty, hi } => {
                let f = |v: u64| if ty.signed() { sext(v, 24) as i128 } else { (v & mask(24)) as i128 };
                let t = (f(get!(1, ty)) * f(get!(2, ty))) as u128;
                let r = if hi { (t >> 16) as u64 } else { t as u64 };
                let c = if matches!(i.op, Op::Mad24 { .. }) { get!(3, ty) } else { 0 };
                r.wrapping_add(c) & mask(32)
            }
            Op::Sad(ty) => {
                let d = (ival(ty, get!(1, ty)) - ival(ty, get!(2, ty))).unsigned_abs() as u64;
                get!(3, ty).wrapping_add(d) & mask(ty.bits())
            }
            Op::Div(ty) | Op::Rem(ty) => {
                let w64 = ty.bits() == 64;
                exec::idiv(ty.signed(), matches!(i.op, Op::Rem(_)), w64, get!(1, ty), get!(2, ty))
            }
            Op::IAbs(ty) => (ival(ty, get!(1, ty)).unsigned_abs() as u64) & mask(ty.bits()),
            Op::INeg(ty) => get!(1, ty).wrapping_neg() & mask(ty.bits()),
            Op::IMinMax { ty, max } => {
                let (a, b) = (get!(1, ty), get!(2, ty));
                let a_wins = (ival(ty, a) > ival(ty, b)) == max;
                if a_wins { a } else { b }
            }
            Op::Logic(l, ty) => {
                let (a, b) = if ty == Ty::Pred {
                    (self.pred(op(1)) as u64, self.pred(op(2)) as u64)
                } else {
                    (get!(1, ty), get!(2, ty))
                };
                match l {
                    Logic::And => a & b,
                    Logic::Or => a | b,
                    Logic::Xor => a ^ b,
                }
            }
            Op::Not(Ty::Pred) => !self.pred(op(1)) as u64,
            Op::Not(ty) => !get!(1, ty) & mask(ty.bits()),
            Op::Cnot(ty) => (get!(1, ty) == 0) as u64,
            Op::Shl(ty) => {
                let n = get!(2, u32t);
                if n >= ty.bits() as u64 { 0 } else { (get!(1, ty) << n) & mask(ty.bits()) }
            }
            Op::Shr(ty) => {
                let (a, n, w) = (get!(1, ty), get!(2, u32t), ty.bits());
                if ty.signed() {
                    ((sext(a, w) >> n.min(63)) as u64) & mask(w)
                } else if n >= w as u64 {
                    0
                } else {
                    a >> n
                }
            }
            Op::Popc(ty) => get!(1, ty).count_ones() as u64,
            Op::Clz(ty) => (get!(1, ty).leading_zeros() - (64 - ty.bits())) as u64,
            Op::Brev(ty) => get!(1, ty).reverse_bits() >> (64 - ty.bits()),
            Op::Bfind { ty, shiftamt } => {
                let w = ty.bits();
                let a = get!(1, ty);
                let v = if ty.signed() && (a >> (w - 1)) & 1 == 1 { !a & mask(w) } else { a };
                if v == 0 {
                    0xFFFF_FFFF
                } else {
                    let pos = 63 - v.leading_zeros() as u64;
                    if shiftamt { w as u64 - 1 - pos } else { pos }
                }
            }
            Op::Bfe(ty) => {
                let (a, w) = (get!(1, ty), ty.bits());
                let (pos, len) = (get!(2, u32t) & 0xFF, get!(3, u32t) & 0xFF);
                let msb = w as u64 - 1;
                let sbit = if !ty.signed() || len == 0 { 0 } else { (a >> (pos + len - 1).min(msb)) & 1 };
                let mut d = 0u64;
                for k in 0..w as u64 {
                    let bit = if k < len && pos + k <= msb { (a >> (pos + k)) & 1 } else { sbit };
                    d |= bit << k;
                }
                d
            }
            Op::Bfi(ty) => {
                let (a, b, w) = (get!(1, ty), get!(2, ty), ty.bits() as u64);
                let (pos, len) = (get!(3, u32t) & 0xFF, get!(4, u32t) & 0xFF);
                let mut f = b;
                let mut k = 0;
                while k < len && pos + k < w {
                    f = (f & !(1 << (pos + k))) | (((a >> k) & 1) << (pos + k));
                    k += 1;
                }
                f
            }
            Op::Prmt(mode) => prmt(mode, get!(1, u32t), get!(2, u32t), get!(3, u32t)),
            Op::Lop3 => exec::lop3(get!(4, u32t) as u8, get!(1, u32t), get!(2, u32t), get!(3, u32t)) & mask(32),
            Op::Shf { left, clamp } => {
                let (lo, hi, c) = (get!(1, u32t), get!(2, u32t), get!(3, u32t));
                let n = if clamp { c.min(32) } else { c & 31 };
                let wide = (hi << 32) | lo;
                if left { ((wide << n) >> 32) & mask(32) } else { (wide >> n) & mask(32) }
            }
            Op::Setp { cmp, bop, ty, ftz } => {
                let (a, b) = (get!(1, ty), get!(2, ty));
                let (t_lo, t_hi) = match ty {
                    Ty::F16x2 => (
                        compare(cmp, Ty::F16, ftz, a & 0xFFFF, b & 0xFFFF),
                        compare(cmp, Ty::F16, ftz, a >> 16, b >> 16),
                    ),
                    _ => {
                        let t = compare(cmp, ty, ftz, a, b);
                        (t, !t)
                    }
                };
                let c = bop.map(|_| self.pred(op(3)));
                let comb = |x: bool| match (bop, c) {
                    (Some(BoolOp::And), Some(c)) => x && c,
                    (Some(BoolOp::Or), Some(c)) => x || c,
                    (Some(BoolOp::Xor), Some(c)) => x ^ c,
                    _ => x,
                };
                match op(0) {
                    Opnd::Pair(p, q) => {
                        self.put(&Opnd::Reg(*p), comb(t_lo) as u64);
                        if let Some(q) = q {
                            self.put(&Opnd::Reg(*q), comb(t_hi) as u64);
                        }
                    }
                    d => self.put(d, comb(t_lo) as u64),
                }
                return Ok(());
            }
            Op::Set { cmp, bop, dty, ty, ftz } => {
                let t = compare(cmp, ty, ftz, get!(1, ty), get!(2, ty));
                let t = match bop {
                    Some(BoolOp::And) => t && self.pred(op(3)),
                    Some(BoolOp::Or) => t || self.pred(op(3)),
                    Some(BoolOp::Xor) => t ^ self.pred(op(3)),
                    None => t,
                };
                match (t, dty) {
                    (false, _) => 0,
                    (true, Ty::F32) => 0x3F80_0000,
                    (true, _) => 0xFFFF_FFFF,
                }
            }
            Op::Selp(ty) => {
                if self.pred(op(3)) {
                    get!(1, ty)
                } else {
                    get!(2, ty)
                }
            }
            Op::Testp(k, ty) => fops::testp(k, ty, get!(1, ty)) as u64,
            Op::FBin { f, ty, rnd, ftz, sat } => fops::fbin(f, ty, rnd, ftz, sat, get!(1, ty), get!(2, ty)),
            Op::Fma { ty, rnd, ftz, sat } => fops::fma(ty, rnd, ftz, sat, get!(1, ty), get!(2, ty), get!(3, ty)),
            Op::FDiv { ty, ftz, .. } => fops::fdiv(ty, ftz, get!(1, ty), get!(2, ty)),
            Op::FUn { f, ty, approx, ftz } => fops::fun(f, ty, approx, ftz, get!(1, ty)),
            Op::FAbs { ty, ftz } => fops::fabs(ty, ftz, get!(1, ty)),
            Op::FNeg { ty, ftz } => fops::fneg(ty, ftz, get!(1, ty)),
            Op::FMinMax { ty, max, ftz, nan } => fops::fminmax(ty, max, ftz, nan, get!(1, ty), get!(2, ty)),
            Op::Copysign(ty) => fops::copysign(ty, get!(1, ty), get!(2, ty)),
            Op::Cvt { d, a, rnd, irnd, ftz, sat, relu } => fops::cvt(d, a, rnd, irnd, ftz, sat, relu, get!(1, a)),
            Op::CvtPack { d, rnd, relu } => fops::cvt_pack(d, rnd, relu, get!(1, Ty::F32), get!(2, Ty::F32)),
            Op::Ld { space, ty, n, strong } => {
                let bytes = ty.bits().div_ceil(8);
                let addr = self.address(op(1), bytes * n)?;
                let dsts: Vec<Opnd> = match op(0) {
                    Opnd::Vec(v) => v.clone(),
                    d => vec![d.clone()],
                };
                for (k, d) in dsts.iter().enumerate() {
                    let raw = env.load(space, addr.wrapping_add(k as u64 * bytes as u64), bytes, strong)? as u64;
                    let v = if ty.signed() { fops::int_bits(ty, fops::int_value(ty, raw)) } else { raw };
                    let v = match d {
                        Opnd::Reg(r) if ty.signed() && self.p.slots[*r] > ty.bits() && *r >= self.p.operands => {
                            sext(raw, ty.bits()) as u64
                        }
                        _ => v,
                    };
                    self.put(d, v);
                }
                if strong {
                    env.sync_point();
                }
                return Ok(());
            }
            Op::St { space, ty, n, strong } => {
                let bytes = ty.bits().div_ceil(8);
                let addr = self.address(op(0), bytes * n)?;
                let vals: Vec<u64> = match op(1) {
                    Opnd::Vec(v) => v.iter().map(|x| self.get(x, ty, env)).collect(),
                    x => vec![self.get(x, ty, env)],
                };
                for (k, v) in vals.into_iter().enumerate() {
                    env.store(space, addr.wrapping_add(k as u64 * bytes as u64), bytes, v as u128, strong)?;
                }
                if strong {
                    env.sync_point();
                }
                return Ok(());
            }
            Op::Vop { f, lanes, dsigned, asigned, bsigned, sat, add } => {
                vop(f, lanes, dsigned, asigned, bsigned, sat, add, get!(1, u32t), get!(2, u32t), get!(3, u32t))
            }
            Op::Dp4a { asigned, bsigned } => {
                let (a, b) = (get!(1, u32t), get!(2, u32t));
                let mut d = get!(3, u32t) as i64;
                for k in 0..4 {
                    d += lane(a, k, 8, asigned) * lane(b, k, 8, bsigned);
                }
                d as u64 & mask(32)
            }
            Op::Dp2a { hi, asigned, bsigned } => {
                let (a, b) = (get!(1, u32t), get!(2, u32t));
                let sel = if hi { 2 } else { 0 };
                let mut d = get!(3, u32t) as i64;
                for k in 0..2 {
                    d += lane(a, k, 16, asigned) * lane(b, sel + k, 8, bsigned);
                }
                d as u64 & mask(32)
            }
            Op::Sync => {
                env.sync_point();
                return Ok(());
            }
        };
        self.put(op(0), r);
        Ok(())
    }

    /// The address of `[base + off]`, checked to be aligned to `align` bytes.
    fn address(&self, o: &Opnd, align: u32) -> Result<u64, String> {
        let Opnd::Addr(base, off) = o else { return Err("not an address".into()) };
        let a = base.map_or(0, |r| self.regs[r]).wrapping_add(*off as u64);
        if !a.is_multiple_of(align.max(1) as u64) {
            return Err(format!("misaligned {align}-byte access at {a:#x}"));
        }
        Ok(a)
    }

    fn mov(&mut self, t: Ty, d: &Opnd, a: &Opnd, env: &mut dyn Env) -> Result<(), String> {
        match (d, a) {
            (Opnd::Vec(parts), a) => {
                let v = self.get(a, t, env);
                let w = t.bits() / parts.len() as u32;
                for (k, p) in parts.iter().enumerate() {
                    self.put(p, (v >> (w * k as u32)) & mask(w));
                }
            }
            (d, Opnd::Vec(parts)) => {
                let w = t.bits() / parts.len() as u32;
                let mut v = 0;
                for (k, p) in parts.iter().enumerate() {
                    v |= self.get(p, Ty::B(w), env) << (w * k as u32);
                }
                self.put(d, v);
            }
            (d, a) if t == Ty::Pred => {
                let v = self.pred(a) as u64;
                self.put(d, v);
            }
            (d, a) => {
                let v = self.get(a, t, env);
                self.put(d, v);
            }
        }
        Ok(())
    }
}

/// The full product of two integers of type `t` (two's complement bits in a u128).
fn product(t: Ty, a: u64, b: u64) -> u128 {
    if t.signed() {
        (ival(t, a) * ival(t, b)) as u128
    } else {
        (a & mask(t.bits())) as u128 * (b & mask(t.bits())) as u128
    }
}

/// The low, high or whole part of a product of `w`-bit values.
fn take(p: u128, w: u32, part: Part) -> u64 {
    match part {
        Part::Lo => p as u64 & mask(w),
        Part::Hi => (p >> w) as u64 & mask(w),
        Part::Wide => p as u64 & mask(2 * w),
    }
}

/// A `setp`/`set` comparison on a scalar type.
fn compare(cmp: CmpOp, t: Ty, ftz: bool, a: u64, b: u64) -> bool {
    if t.is_float() {
        let f = match cmp {
            CmpOp::Eq => FCmp::Eq,
            CmpOp::Ne => FCmp::Ne,
            CmpOp::Lt => FCmp::Lt,
            CmpOp::Le => FCmp::Le,
            CmpOp::Gt => FCmp::Gt,
            CmpOp::Ge => FCmp::Ge,
            CmpOp::Equ => FCmp::Equ,
            CmpOp::Neu => FCmp::Neu,
            CmpOp::Ltu => FCmp::Ltu,
            CmpOp::Leu => FCmp::Leu,
            CmpOp::Gtu => FCmp::Gtu,
            CmpOp::Geu => FCmp::Geu,
            CmpOp::Num => FCmp::Num,
            CmpOp::Nan | CmpOp::Lo | CmpOp::Ls | CmpOp::Hi | CmpOp::Hs => FCmp::Nan,
        };
        return fops::fcmp(f, t, ftz, a, b);
    }
    let (x, y) = match cmp {
        CmpOp::Lo | CmpOp::Ls | CmpOp::Hi | CmpOp::Hs => (ival(Ty::U(t.bits()), a), ival(Ty::U(t.bits()), b)),
        _ => (ival(t, a), ival(t, b)),
    };
    match cmp {
        CmpOp::Eq => x == y,
        CmpOp::Ne => x != y,
        CmpOp::Lt | CmpOp::Lo => x < y,
        CmpOp::Le | CmpOp::Ls => x <= y,
        CmpOp::Gt | CmpOp::Hi => x > y,
        CmpOp::Ge | CmpOp::Hs => x >= y,
        CmpOp::Equ | CmpOp::Neu | CmpOp::Ltu | CmpOp::Leu | CmpOp::Gtu | CmpOp::Geu | CmpOp::Num | CmpOp::Nan => false,
    }
}

/// `prmt.b32{.mode} d, a, b, c`: byte `i` of `d` is byte `sel_i` of `{b, a}`; in the default
/// form `sel_i = c[4i+3..4i]` (bit 3 replicates the byte's sign), otherwise from `c[1:0]` by
/// the mode's table.
pub fn prmt(mode: Option<PrmtMode>, a: u64, b: u64, c: u64) -> u64 {
    let src = ((b & mask(32)) << 32) | (a & mask(32));
    let s = c & 3;
    let mut d = 0;
    for i in 0..4u64 {
        let sel = match mode {
            None => (c >> (4 * i)) & 0xF,
            Some(PrmtMode::F4e) => s + i,
            Some(PrmtMode::B4e) => (s + 8 - i) & 7,
            Some(PrmtMode::Rc8) => s,
            Some(PrmtMode::Ecl) => i.max(s),
            Some(PrmtMode::Ecr) => i.min(s),
            Some(PrmtMode::Rc16) => 2 * (s & 1) + (i & 1),
        };
        let byte = (src >> (8 * (sel & 7))) & 0xFF;
        let v = if mode.is_none() && sel & 8 != 0 { if byte & 0x80 != 0 { 0xFF } else { 0 } } else { byte };
        d |= v << (8 * i);
    }
    d
}

/// Lane `k` of `v` (`bits` wide), extended by `signed`.
fn lane(v: u64, k: u32, bits: u32, signed: bool) -> i64 {
    let x = (v >> (bits * k)) & mask(bits);
    if signed { sext(x, bits) } else { x as i64 }
}

#[allow(clippy::too_many_arguments)]
fn vop(
    f: Vop,
    lanes: u32,
    dsigned: bool,
    asigned: bool,
    bsigned: bool,
    sat: bool,
    add: bool,
    a: u64,
    b: u64,
    c: u64,
) -> u64 {
    let w = 32 / lanes;
    let mut d: i64 = if add { c as u32 as i64 } else { 0 };
    for k in 0..lanes {
        let (x, y) = (lane(a, k, w, asigned), lane(b, k, w, bsigned));
        let mut t = match f {
            Vop::Add => x + y,
            Vop::Sub => x - y,
            Vop::Avrg => {
                if x + y >= 0 {
                    (x + y + 1) >> 1
                } else {
                    (x + y) >> 1
                }
            }
            Vop::Absdiff => (x - y).abs(),
            Vop::Min => x.min(y),
            Vop::Max => x.max(y),
        };
        if sat {
            t = if dsigned { t.clamp(-(1 << (w - 1)), (1 << (w - 1)) - 1) } else { t.clamp(0, (1 << w) - 1) };
        }
        if add {
            d = d.wrapping_add(t);
        } else {
            d |= ((t as u64 & mask(w)) << (w * k)) as i64;
        }
    }
    d as u64 & mask(32)
}
