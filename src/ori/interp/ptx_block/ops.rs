//! The instructions of the subset: [`Op`], read from a mnemonic by [`parse_op`] (modifiers in
//! any order, the type last), their operands ([`Opnd`]), and the operand shapes each takes
//! ([`Op::check`]).

use crate::ori::opcode::{BoolOp, Round, Space};
use crate::sreg::SpecialReg;

/// One operand of an instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum Opnd {
    Reg(usize),
    /// `!p`.
    Not(usize),
    /// An integer literal, or float bits written `0f...` / `0d...`.
    Imm(u64),
    /// A decimal floating-point literal (converted to the instruction's type when read).
    Float(f64),
    Sreg(SpecialReg),
    /// `{a, b, ...}`.
    Vec(Vec<Opnd>),
    /// `[base + offset]` (`None`: an absolute address).
    Addr(Option<usize>, i64),
    /// `p|q` (`None`: `_`).
    Pair(usize, Option<usize>),
    /// `_`.
    Sink,
}

/// An instruction type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    B(u32),
    U(u32),
    S(u32),
    F16,
    Bf16,
    F32,
    F64,
    F16x2,
    Bf16x2,
    Pred,
}

impl Ty {
    pub fn bits(self) -> u32 {
        match self {
            Ty::B(b) | Ty::U(b) | Ty::S(b) => b,
            Ty::F16 | Ty::Bf16 => 16,
            Ty::F32 | Ty::F16x2 | Ty::Bf16x2 => 32,
            Ty::F64 => 64,
            Ty::Pred => 1,
        }
    }
    pub fn is_int(self) -> bool {
        matches!(self, Ty::B(_) | Ty::U(_) | Ty::S(_))
    }
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::Bf16 | Ty::F32 | Ty::F64 | Ty::F16x2 | Ty::Bf16x2)
    }
    pub fn signed(self) -> bool {
        matches!(self, Ty::S(_))
    }
}

fn ty(s: &str) -> Option<Ty> {
    Some(match s {
        "pred" => Ty::Pred,
        "f16" => Ty::F16,
        "bf16" => Ty::Bf16,
        "f32" => Ty::F32,
        "f64" => Ty::F64,
        "f16x2" => Ty::F16x2,
        "bf16x2" => Ty::Bf16x2,
        _ => {
            let (k, bits) = s.split_at(1);
            let bits: u32 = bits.parse().ok()?;
            if !matches!(bits, 8 | 16 | 32 | 64) {
                return None;
            }
            match k {
                "b" => Ty::B(bits),
                "u" => Ty::U(bits),
                "s" => Ty::S(bits),
                _ => return None,
            }
        }
    })
}

/// Which part of a product `mul`/`mad` keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Lo,
    Hi,
    Wide,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logic {
    And,
    Or,
    Xor,
}

/// `setp`/`set` comparisons (integer forms read by the type's signedness; `lo`..`hs` unsigned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Lo,
    Ls,
    Hi,
    Hs,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

fn cmp_op(s: &str) -> Option<CmpOp> {
    use CmpOp::*;
    Some(match s {
        "eq" => Eq,
        "ne" => Ne,
        "lt" => Lt,
        "le" => Le,
        "gt" => Gt,
        "ge" => Ge,
        "lo" => Lo,
        "ls" => Ls,
        "hi" => Hi,
        "hs" => Hs,
        "equ" => Equ,
        "neu" => Neu,
        "ltu" => Ltu,
        "leu" => Leu,
        "gtu" => Gtu,
        "geu" => Geu,
        "num" => Num,
        "nan" => Nan,
        _ => return None,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FBin {
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FUn {
    Rcp,
    Sqrt,
    Rsqrt,
    Ex2,
    Lg2,
    Sin,
    Cos,
    Tanh,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vop {
    Add,
    Sub,
    Avrg,
    Absdiff,
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrmtMode {
    F4e,
    B4e,
    Rc8,
    Ecl,
    Ecr,
    Rc16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestP {
    Finite,
    Infinite,
    Number,
    NotANumber,
    Normal,
    Subnormal,
}

/// One instruction of the subset (see the module documentation of `eval` and `fops` for the
/// semantics).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    Mov(Ty),
    /// `add` / `addc` (`cin`), `.cc` (`cc`), `.sat`.
    Add {
        ty: Ty,
        sat: bool,
        cc: bool,
        cin: bool,
    },
    /// `sub` / `subc` (`cin`: the borrow in).
    Sub {
        ty: Ty,
        sat: bool,
        cc: bool,
        cin: bool,
    },
    Mul {
        ty: Ty,
        part: Part,
    },
    /// `mad` / `madc`.
    Mad {
        ty: Ty,
        part: Part,
        cc: bool,
        cin: bool,
    },
    Mul24 {
        ty: Ty,
        hi: bool,
    },
    Mad24 {
        ty: Ty,
        hi: bool,
    },
    Sad(Ty),
    Div(Ty),
    Rem(Ty),
    IAbs(Ty),
    INeg(Ty),
    IMinMax {
        ty: Ty,
        max: bool,
    },
    Logic(Logic, Ty),
    Not(Ty),
    Cnot(Ty),
    Shl(Ty),
    Shr(Ty),
    Popc(Ty),
    Clz(Ty),
    Brev(Ty),
    Bfind {
        ty: Ty,
        shiftamt: bool,
    },
    Bfe(Ty),
    Bfi(Ty),
    Prmt(Option<PrmtMode>),
    Lop3,
    Shf {
        left: bool,
        clamp: bool,
    },
    Setp {
        cmp: CmpOp,
        bop: Option<BoolOp>,
        ty: Ty,
        ftz: bool,
    },
    Set {
        cmp: CmpOp,
        bop: Option<BoolOp>,
        dty: Ty,
        ty: Ty,
        ftz: bool,
    },
    Selp(Ty),
    Testp(TestP, Ty),
    FBin {
        f: FBin,
        ty: Ty,
        rnd: Option<Round>,
        ftz: bool,
        sat: bool,
    },
    Fma {
        ty: Ty,
        rnd: Round,
        ftz: bool,
        sat: bool,
    },
    FDiv {
        ty: Ty,
        approx: bool,
        ftz: bool,
    },
    FUn {
        f: FUn,
        ty: Ty,
        approx: bool,
        ftz: bool,
    },
    FAbs {
        ty: Ty,
        ftz: bool,
    },
    FNeg {
        ty: Ty,
        ftz: bool,
    },
    FMinMax {
        ty: Ty,
        max: bool,
        ftz: bool,
        nan: bool,
    },
    Copysign(Ty),
    /// `cvt`: `rnd` with `irnd` (the `.rni`.. forms) or a float rounding (`.rn`..).
    Cvt {
        d: Ty,
        a: Ty,
        rnd: Option<Round>,
        irnd: bool,
        ftz: bool,
        sat: bool,
        relu: bool,
    },
    /// `cvt.rn.f16x2.f32 d, a, b` (and `.bf16x2`): `a` into the upper half, `b` the lower.
    CvtPack {
        d: Ty,
        rnd: Round,
        relu: bool,
    },
    /// `ld` / `ldu`: `n` elements; `strong` for `.volatile`/`.relaxed`/`.acquire`.
    Ld {
        space: Space,
        ty: Ty,
        n: u32,
        strong: bool,
    },
    St {
        space: Space,
        ty: Ty,
        n: u32,
        strong: bool,
    },
    /// SIMD video `vop2`/`vop4` (`lanes` 2 or 4), default selectors and mask.
    Vop {
        f: Vop,
        lanes: u32,
        dsigned: bool,
        asigned: bool,
        bsigned: bool,
        sat: bool,
        add: bool,
    },
    Dp4a {
        asigned: bool,
        bsigned: bool,
    },
    Dp2a {
        hi: bool,
        asigned: bool,
        bsigned: bool,
    },
    /// `membar`, `fence`, `nanosleep`: no value; the runner may let other threads run.
    Sync,
}

/// The modifiers of a mnemonic, consumed as they are recognized.
struct Mods<'a>(Vec<&'a str>);

impl<'a> Mods<'a> {
    fn take(&mut self, m: &str) -> bool {
        match self.0.iter().position(|x| *x == m) {
            Some(k) => {
                self.0.remove(k);
                true
            }
            None => false,
        }
    }
    fn take_any(&mut self, ms: &[&'a str]) -> Option<&'a str> {
        let k = self.0.iter().position(|x| ms.contains(x))?;
        Some(self.0.remove(k))
    }
    /// The type (the last modifier).
    fn ty(&mut self) -> Option<Ty> {
        let t = ty(self.0.pop()?)?;
        Some(t)
    }
    fn rnd(&mut self) -> Option<Round> {
        Some(match self.take_any(&["rn", "rz", "rm", "rp"])? {
            "rn" => Round::Rn,
            "rz" => Round::Rz,
            "rm" => Round::Rm,
            _ => Round::Rp,
        })
    }
    fn done(&self) -> bool {
        self.0.is_empty()
    }
}

fn int(t: Ty) -> bool {
    t.is_int() && t.bits() >= 16
}

fn space(m: &mut Mods) -> Space {
    match m.take_any(&["global", "shared", "shared::cta", "local", "const", "param"]) {
        Some("global") => Space::Global,
        Some("shared") | Some("shared::cta") => Space::Shared,
        Some("local") => Space::Local,
        Some("const") => Space::Const,
        Some("param") => Space::Param,
        _ => Space::Generic,
    }
}

/// The memory instruction `name` (`ld`, `ldu`, `st`) with modifiers `m`.
fn memory(name: &str, m: &mut Mods) -> Option<Op> {
    let strong = m.take_any(&["volatile", "relaxed", "acquire", "release"]).is_some();
    m.take("weak");
    m.take_any(&["cta", "gpu", "sys"]);
    let space = space(m);
    let load = name != "st";
    if load {
        m.take_any(&["ca", "cg", "cs", "lu", "cv", "nc"]);
    } else {
        m.take_any(&["wb", "cg", "cs", "wt"]);
    }
    // Cache eviction and prefetch hints change no value (`L2::cache_hint` takes an operand);
    // the mnemonic arrives in lower case.
    m.0.retain(|x| !(x.starts_with("l1::") || (x.starts_with("l2::") && *x != "l2::cache_hint")));
    let n = match m.take_any(&["v2", "v4", "v8"]) {
        Some("v2") => 2,
        Some("v4") => 4,
        Some(_) => 8,
        None => 1,
    };
    let ty = m.ty()?;
    if ty == Ty::Pred || matches!(ty, Ty::F16x2 | Ty::Bf16x2) || !m.done() || (name == "ldu" && space != Space::Global)
    {
        return None;
    }
    Some(if load { Op::Ld { space, ty, n, strong } } else { Op::St { space, ty, n, strong } })
}

/// Reads `mnemonic` (lower case, with its modifiers); `None` outside the subset.
pub fn parse_op(mnemonic: &str) -> Option<Op> {
    let mut parts = mnemonic.split('.');
    let name = parts.next()?;
    let mut m = Mods(parts.collect());
    let bop = |m: &mut Mods| -> Option<BoolOp> {
        Some(match m.take_any(&["and", "or", "xor"])? {
            "and" => BoolOp::And,
            "or" => BoolOp::Or,
            _ => BoolOp::Xor,
        })
    };
    let op = match name {
        "mov" => {
            let t = m.ty()?;
            Op::Mov(t)
        }
        "add" | "addc" | "sub" | "subc" => {
            let t = m.ty()?;
            if t.is_float() {
                if name.ends_with('c') {
                    return None;
                }
                let f = if name == "add" { FBin::Add } else { FBin::Sub };
                return fbin(f, t, &mut m);
            }
            let sat = m.take("sat");
            let cc = m.take("cc");
            let cin = name.ends_with('c');
            if !int(t) || (sat && t != Ty::S(32)) || ((cc || cin) && t.bits() < 32) || (sat && (cc || cin)) {
                return None;
            }
            if name.starts_with("add") { Op::Add { ty: t, sat, cc, cin } } else { Op::Sub { ty: t, sat, cc, cin } }
        }
        "mul" => {
            let t = m.ty()?;
            if t.is_float() {
                return fbin(FBin::Mul, t, &mut m);
            }
            let part = match m.take_any(&["lo", "hi", "wide"])? {
                "lo" => Part::Lo,
                "hi" => Part::Hi,
                _ => Part::Wide,
            };
            if !int(t) || (part == Part::Wide && t.bits() == 64) {
                return None;
            }
            Op::Mul { ty: t, part }
        }
        "mad" | "madc" | "fma" => {
            let t = m.ty()?;
            if t.is_float() {
                if name == "madc" {
                    return None;
                }
                let rnd = m.rnd()?;
                let ftz = m.take("ftz");
                let sat = m.take("sat");
                if !m.done() || (ftz && !matches!(t, Ty::F32 | Ty::F16 | Ty::F16x2)) {
                    return None;
                }
                return Some(Op::Fma { ty: t, rnd, ftz, sat });
            }
            if name == "fma" {
                return None;
            }
            let part = match m.take_any(&["lo", "hi", "wide"])? {
                "lo" => Part::Lo,
                "hi" => Part::Hi,
                _ => Part::Wide,
            };
            let cc = m.take("cc");
            let cin = name == "madc";
            if !int(t)
                || ((cc || cin) && (part == Part::Wide || t.bits() < 32))
                || (part == Part::Wide && t.bits() == 64)
            {
                return None;
            }
            Op::Mad { ty: t, part, cc, cin }
        }
        "mul24" | "mad24" => {
            let hi = m.take_any(&["lo", "hi"])? == "hi";
            let t = m.ty()?;
            if !matches!(t, Ty::U(32) | Ty::S(32)) {
                return None;
            }
            if name == "mul24" { Op::Mul24 { ty: t, hi } } else { Op::Mad24 { ty: t, hi } }
        }
        "sad" => Op::Sad(m.ty().filter(|&t| int(t))?),
        "div" => {
            let t = m.ty()?;
            if t.is_float() {
                let approx = m.take_any(&["approx", "full"]).is_some();
                let rn = m.take("rn");
                let ftz = m.take("ftz");
                if approx == rn || (approx && t != Ty::F32) || (ftz && t != Ty::F32) || !matches!(t, Ty::F32 | Ty::F64)
                {
                    return None;
                }
                Op::FDiv { ty: t, approx, ftz }
            } else {
                if !matches!(t.bits(), 32 | 64) || !t.is_int() {
                    return None;
                }
                Op::Div(t)
            }
        }
        "rem" => Op::Rem(m.ty().filter(|t| t.is_int() && matches!(t.bits(), 32 | 64))?),
        "abs" | "neg" => {
            let t = m.ty()?;
            let ftz = m.take("ftz");
            if t.is_float() {
                if ftz && !matches!(t, Ty::F32 | Ty::F16 | Ty::F16x2) {
                    return None;
                }
                if name == "abs" { Op::FAbs { ty: t, ftz } } else { Op::FNeg { ty: t, ftz } }
            } else {
                if ftz || !int(t) {
                    return None;
                }
                if name == "abs" { Op::IAbs(t) } else { Op::INeg(t) }
            }
        }
        "min" | "max" => {
            let t = m.ty()?;
            let max = name == "max";
            if t.is_float() {
                let ftz = m.take("ftz");
                let nan = m.take("NaN") || m.take("nan");
                Op::FMinMax { ty: t, max, ftz, nan }
            } else {
                if !int(t) {
                    return None;
                }
                Op::IMinMax { ty: t, max }
            }
        }
        "and" | "or" | "xor" => {
            let t = m.ty().filter(|&t| t == Ty::Pred || (matches!(t, Ty::B(_)) && t.bits() >= 16))?;
            let l = match name {
                "and" => Logic::And,
                "or" => Logic::Or,
                _ => Logic::Xor,
            };
            Op::Logic(l, t)
        }
        "not" => Op::Not(m.ty().filter(|&t| t == Ty::Pred || (matches!(t, Ty::B(_)) && t.bits() >= 16))?),
        "cnot" => Op::Cnot(m.ty().filter(|&t| matches!(t, Ty::B(_)) && t.bits() >= 16)?),
        "shl" => Op::Shl(m.ty().filter(|&t| matches!(t, Ty::B(_)) && t.bits() >= 16)?),
        "shr" => Op::Shr(m.ty().filter(|&t| int(t))?),
        "popc" | "clz" | "brev" => {
            let t = m.ty().filter(|&t| matches!(t, Ty::B(32) | Ty::B(64)))?;
            match name {
                "popc" => Op::Popc(t),
                "clz" => Op::Clz(t),
                _ => Op::Brev(t),
            }
        }
        "bfind" => {
            let shiftamt = m.take("shiftamt");
            Op::Bfind { ty: m.ty().filter(|t| matches!(t, Ty::U(32) | Ty::S(32) | Ty::U(64) | Ty::S(64)))?, shiftamt }
        }
        "bfe" => Op::Bfe(m.ty().filter(|t| matches!(t, Ty::U(32) | Ty::S(32) | Ty::U(64) | Ty::S(64)))?),
        "bfi" => Op::Bfi(m.ty().filter(|t| matches!(t, Ty::B(32) | Ty::B(64)))?),
        "prmt" => {
            let mode = match m.take_any(&["f4e", "b4e", "rc8", "ecl", "ecr", "rc16"]) {
                Some("f4e") => Some(PrmtMode::F4e),
                Some("b4e") => Some(PrmtMode::B4e),
                Some("rc8") => Some(PrmtMode::Rc8),
                Some("ecl") => Some(PrmtMode::Ecl),
                Some("ecr") => Some(PrmtMode::Ecr),
                Some(_) => Some(PrmtMode::Rc16),
                None => None,
            };
            m.ty().filter(|&t| t == Ty::B(32))?;
            Op::Prmt(mode)
        }
        "lop3" => {
            m.ty().filter(|&t| t == Ty::B(32))?;
            Op::Lop3
        }
        "shf" => {
            let left = m.take_any(&["l", "r"])? == "l";
            let clamp = m.take_any(&["wrap", "clamp"])? == "clamp";
            m.ty().filter(|&t| t == Ty::B(32))?;
            Op::Shf { left, clamp }
        }
        "setp" | "set" => {
            let t = m.ty()?;
            let dty = if name == "set" {
                Some(m.ty().filter(|t| matches!(t, Ty::U(32) | Ty::S(32) | Ty::F32))?)
            } else {
                None
            };
            let ftz = m.take("ftz");
            let b = bop(&mut m);
            let cmp = cmp_op(m.0.first()?)?;
            m.0.remove(0);
            let float_cmp = matches!(
                cmp,
                CmpOp::Equ | CmpOp::Neu | CmpOp::Ltu | CmpOp::Leu | CmpOp::Gtu | CmpOp::Geu | CmpOp::Num | CmpOp::Nan
            );
            let unsigned_cmp = matches!(cmp, CmpOp::Lo | CmpOp::Ls | CmpOp::Hi | CmpOp::Hs);
            let ok = if t.is_float() {
                !unsigned_cmp && !matches!(t, Ty::Bf16x2) && (!ftz || matches!(t, Ty::F32 | Ty::F16 | Ty::F16x2))
            } else {
                int(t)
                    && !float_cmp
                    && !ftz
                    && (!matches!(t, Ty::B(_)) || matches!(cmp, CmpOp::Eq | CmpOp::Ne))
                    && (!unsigned_cmp || !t.signed())
            };
            if !ok || (name == "set" && matches!(t, Ty::F16x2 | Ty::Bf16x2)) {
                return None;
            }
            match dty {
                Some(dty) => Op::Set { cmp, bop: b, dty, ty: t, ftz },
                None => Op::Setp { cmp, bop: b, ty: t, ftz },
            }
        }
        "selp" => Op::Selp(m.ty().filter(|&t| t != Ty::Pred && !matches!(t, Ty::B(8) | Ty::U(8) | Ty::S(8)))?),
        "testp" => {
            let t = m.ty().filter(|t| matches!(t, Ty::F32 | Ty::F64))?;
            let k = match m.take_any(&["finite", "infinite", "number", "notanumber", "normal", "subnormal"])? {
                "finite" => TestP::Finite,
                "infinite" => TestP::Infinite,
                "number" => TestP::Number,
                "notanumber" => TestP::NotANumber,
                "normal" => TestP::Normal,
                _ => TestP::Subnormal,
            };
            Op::Testp(k, t)
        }
        "rcp" | "sqrt" | "rsqrt" | "ex2" | "lg2" | "sin" | "cos" | "tanh" => {
            let t = m.ty().filter(|t| matches!(t, Ty::F32 | Ty::F64))?;
            let approx = m.take("approx");
            let rn = m.take("rn");
            let ftz = m.take("ftz");
            let f = match name {
                "rcp" => FUn::Rcp,
                "sqrt" => FUn::Sqrt,
                "rsqrt" => FUn::Rsqrt,
                "ex2" => FUn::Ex2,
                "lg2" => FUn::Lg2,
                "sin" => FUn::Sin,
                "cos" => FUn::Cos,
                _ => FUn::Tanh,
            };
            let exact_ok = matches!(f, FUn::Rcp | FUn::Sqrt);
            let f64_ok = matches!(f, FUn::Rcp | FUn::Sqrt | FUn::Rsqrt);
            // `rcp.approx.ftz.f64` and `rsqrt.approx{.ftz}.f64` exist; `.ftz` is otherwise f32's.
            if approx == rn
                || (rn && !exact_ok)
                || (t == Ty::F64 && !f64_ok)
                || (t == Ty::F64 && f == FUn::Rcp && approx && !ftz)
                || (t == Ty::F64 && f == FUn::Sqrt && approx)
                || (ftz && t == Ty::F64 && rn)
            {
                return None;
            }
            Op::FUn { f, ty: t, approx, ftz }
        }
        "copysign" => Op::Copysign(m.ty().filter(|t| matches!(t, Ty::F32 | Ty::F64))?),
        "cvt" => {
            let a = m.ty()?;
            let d = m.ty()?;
            if matches!(d, Ty::F16x2 | Ty::Bf16x2) {
                let rnd = m.rnd()?;
                let relu = m.take("relu");
                if a != Ty::F32 || !m.done() {
                    return None;
                }
                return Some(Op::CvtPack { d, rnd, relu });
            }
            let irnd = m.take_any(&["rni", "rzi", "rmi", "rpi"]);
            let rnd = match irnd {
                Some(r) => Some(match r {
                    "rni" => Round::Rn,
                    "rzi" => Round::Rz,
                    "rmi" => Round::Rm,
                    _ => Round::Rp,
                }),
                None => m.rnd(),
            };
            let ftz = m.take("ftz");
            let sat = m.take("sat");
            let relu = m.take("relu");
            let num = |t: Ty| matches!(t, Ty::U(_) | Ty::S(_) | Ty::F16 | Ty::Bf16 | Ty::F32 | Ty::F64);
            if !num(a) || !num(d) || (relu && !matches!(d, Ty::F16 | Ty::Bf16)) {
                return None;
            }
            // A float to integer conversion rounds to an integer (`.rXi`); narrowing float
            // conversions and integer to float ones take `.rX`.
            let narrowing = a.is_float() && d.is_float() && d.bits() < a.bits() || (a == Ty::F32 && d == Ty::Bf16);
            let need_f = narrowing || (a.is_int() && d.is_float());
            match (irnd.is_some(), rnd.is_some()) {
                (true, _) if !a.is_float() || (d.is_float() && d != a) => return None,
                (false, true) if !need_f => return None,
                (false, false) if need_f || (a.is_float() && d.is_int()) => return None,
                _ => {}
            }
            Op::Cvt { d, a, rnd, irnd: irnd.is_some(), ftz, sat, relu }
        }
        "ld" | "ldu" | "st" => return memory(name, &mut m),
        "vadd4" | "vsub4" | "vavrg4" | "vabsdiff4" | "vmin4" | "vmax4" | "vadd2" | "vsub2" | "vavrg2" | "vabsdiff2"
        | "vmin2" | "vmax2" => {
            let f = match &name[..name.len() - 1] {
                "vadd" => Vop::Add,
                "vsub" => Vop::Sub,
                "vavrg" => Vop::Avrg,
                "vabsdiff" => Vop::Absdiff,
                "vmin" => Vop::Min,
                _ => Vop::Max,
            };
            let sat = m.take("sat");
            let add = m.take("add");
            if m.0.len() != 3 || (sat && add) {
                return None;
            }
            let t: Vec<Ty> = m.0.drain(..).filter_map(ty).collect();
            if t.len() != 3 || t.iter().any(|t| !matches!(t, Ty::U(32) | Ty::S(32))) {
                return None;
            }
            let lanes = if name.ends_with('4') { 4 } else { 2 };
            Op::Vop { f, lanes, dsigned: t[0].signed(), asigned: t[1].signed(), bsigned: t[2].signed(), sat, add }
        }
        "dp4a" | "dp2a" => {
            let hi = if name == "dp2a" { Some(m.take_any(&["lo", "hi"])? == "hi") } else { None };
            let b = m.ty().filter(|t| matches!(t, Ty::U(32) | Ty::S(32)))?;
            let a = m.ty().filter(|t| matches!(t, Ty::U(32) | Ty::S(32)))?;
            match hi {
                Some(hi) => Op::Dp2a { hi, asigned: a.signed(), bsigned: b.signed() },
                None => Op::Dp4a { asigned: a.signed(), bsigned: b.signed() },
            }
        }
        "membar" => {
            m.take_any(&["cta", "gl", "sys"])?;
            Op::Sync
        }
        "fence" => {
            m.take_any(&["sc", "acq_rel"])?;
            m.take_any(&["cta", "gpu", "sys", "cluster"])?;
            Op::Sync
        }
        "nanosleep" => {
            m.ty().filter(|&t| t == Ty::U(32))?;
            Op::Sync
        }
        _ => return None,
    };
    m.done().then_some(op)
}

/// `add`/`sub`/`mul` on a float type.
fn fbin(f: FBin, t: Ty, m: &mut Mods) -> Option<Op> {
    let rnd = m.rnd();
    let ftz = m.take("ftz");
    let sat = m.take("sat");
    let half = matches!(t, Ty::F16 | Ty::Bf16 | Ty::F16x2 | Ty::Bf16x2);
    if !m.done()
        || (ftz && !matches!(t, Ty::F32 | Ty::F16 | Ty::F16x2))
        || (half && rnd.is_some_and(|r| r != Round::Rn))
    {
        return None;
    }
    Some(Op::FBin { f, ty: t, rnd, ftz, sat })
}

/// A destination operand: a register, `_`, or a vector of those.
fn dst(o: &Opnd) -> bool {
    match o {
        Opnd::Reg(_) | Opnd::Sink => true,
        Opnd::Vec(v) => v.iter().all(|x| matches!(x, Opnd::Reg(_) | Opnd::Sink)),
        _ => false,
    }
}

/// A value operand (not a sink, pair or address).
fn src(o: &Opnd) -> bool {
    match o {
        Opnd::Reg(_) | Opnd::Not(_) | Opnd::Imm(_) | Opnd::Float(_) | Opnd::Sreg(_) => true,
        Opnd::Vec(v) => v.iter().all(|x| matches!(x, Opnd::Reg(_) | Opnd::Imm(_) | Opnd::Float(_))),
        Opnd::Addr(..) | Opnd::Pair(..) | Opnd::Sink => false,
    }
}

fn scalar(o: &Opnd) -> bool {
    src(o) && !matches!(o, Opnd::Vec(_))
}

impl Op {
    /// Whether `ops` have the shape this instruction takes.
    pub fn check(&self, ops: &[Opnd]) -> Result<(), String> {
        let n = ops.len();
        let want = |k: usize| -> Result<(), String> {
            if n != k { Err(format!("{n} operands (expected {k})")) } else { Ok(()) }
        };
        let plain = |k: usize| -> Result<(), String> {
            want(k)?;
            if !matches!(ops[0], Opnd::Reg(_) | Opnd::Sink) {
                return Err("the destination is not a register".into());
            }
            if !ops[1..].iter().all(scalar) {
                return Err("an operand is not a register or an immediate".into());
            }
            Ok(())
        };
        match *self {
            Op::Mov(t) => {
                want(2)?;
                let (d, a) = (&ops[0], &ops[1]);
                let parts = |o: &Opnd| if let Opnd::Vec(v) = o { v.len() } else { 1 };
                if !dst(d) || !src(a) || (parts(d) > 1 && parts(a) > 1) {
                    return Err("operands".into());
                }
                let k = parts(d).max(parts(a));
                if k > 1 && (!matches!(t, Ty::B(_)) || !matches!(k, 2 | 4) || t.bits() / (k as u32) < 8) {
                    return Err("vector operand".into());
                }
                Ok(())
            }
            Op::Add { .. }
            | Op::Sub { .. }
            | Op::Mul { .. }
            | Op::Mul24 { .. }
            | Op::Div(_)
            | Op::Rem(_)
            | Op::IMinMax { .. }
            | Op::Logic(..)
            | Op::Shl(_)
            | Op::Shr(_)
            | Op::FBin { .. }
            | Op::FDiv { .. }
            | Op::FMinMax { .. }
            | Op::Copysign(_) => plain(3),
            Op::Mad { .. }
            | Op::Mad24 { .. }
            | Op::Sad(_)
            | Op::Bfe(_)
            | Op::Prmt(_)
            | Op::Shf { .. }
            | Op::Selp(_)
            | Op::Fma { .. }
            | Op::Vop { .. }
            | Op::Dp4a { .. }
            | Op::Dp2a { .. } => plain(4),
            Op::Bfi(_) | Op::Lop3 => plain(5),
            Op::IAbs(_)
            | Op::INeg(_)
            | Op::Not(_)
            | Op::Cnot(_)
            | Op::Popc(_)
            | Op::Clz(_)
            | Op::Brev(_)
            | Op::Bfind { .. }
            | Op::FUn { .. }
            | Op::FAbs { .. }
            | Op::FNeg { .. }
            | Op::Cvt { .. } => plain(2),
            Op::Testp(..) => plain(2),
            Op::CvtPack { .. } => plain(3),
            Op::Setp { bop, .. } | Op::Set { bop, .. } => {
                want(if bop.is_some() { 4 } else { 3 })?;
                let d_ok = match (&ops[0], self) {
                    (Opnd::Pair(..), Op::Setp { .. }) => true,
                    (o, _) => matches!(o, Opnd::Reg(_) | Opnd::Sink),
                };
                if !d_ok || !ops[1..].iter().all(scalar) {
                    return Err("operands".into());
                }
                Ok(())
            }
            Op::Ld { n: k, .. } | Op::St { n: k, .. } => {
                want(2)?;
                let (v, a) = if matches!(self, Op::Ld { .. }) { (&ops[0], &ops[1]) } else { (&ops[1], &ops[0]) };
                if !matches!(a, Opnd::Addr(..)) {
                    return Err("the address is not [...]".into());
                }
                let ok = match v {
                    Opnd::Vec(x) => x.len() == k as usize && k > 1,
                    o => k == 1 && (scalar(o) || matches!(o, Opnd::Sink)),
                };
                let shape = if matches!(self, Op::Ld { .. }) { dst(v) } else { src(v) };
                if !ok || !shape {
                    return Err("the value operand does not match the vector size".into());
                }
                Ok(())
            }
            Op::Sync => {
                if n > 1 || !ops.iter().all(scalar) {
                    return Err("operands".into());
                }
                Ok(())
            }
        }
    }
}
