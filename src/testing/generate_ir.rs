//! A generator of random, valid, UB-free NVPTX kernels that mix the construct classes of real
//! code (`ori generate`, driven by `scripts/fuzz`): integers of every width ori compiles (i8 …
//! i64, i128 and odd widths below 64 such as i24, i48; i65 … i127 are refused, see the README)
//! through arithmetic, shifts, division, compares and casts; f32/f64 arithmetic, FMA, min/max, conversions; `<4 x i32>`/`<2 x float>` vectors with
//! element access and shuffles; bit intrinsics, saturating and overflow arithmetic; diamonds
//! with phis, loops with a per-thread trip count and switches; a per-thread stack array with
//! `memcpy`/`memset` and a dynamically indexed load; read-only tables in the global and constant
//! spaces; shared memory across a barrier; warp shuffles and votes; per-thread atomics and
//! compare-and-swap; structs as loaded values; vector loads; `frem`; division by constants;
//! calls of a device function, recursive in half of the modules (a `.func` called through the
//! PTX call ABI). Every kernel stores each of its results to its own slot of `%out`, so
//! `ori check` compares them against LLVM's JIT.
//!
//! Undefined behaviour and unspecified results are avoided by construction: NaN results are
//! stored as the canonical NaN and `copysign` never reads a NaN's sign (LLVM leaves NaN bits
//! open, and the host and the GPU produce different ones); shift amounts are reduced modulo the
//! width, divisors are made positive and non-zero, no `nsw`/`nuw`/`exact` flags,
//! float-to-integer conversions saturate, memory indices are masked into their arrays, and warp
//! collectives and barriers sit in code every thread of the block reaches. The same seed gives
//! the same module.

use crate::rng::Rng;
use std::fmt::Write;

/// A value's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int(u32),
    F32,
    F64,
    /// `<4 x i32>`.
    V4I32,
    /// `<2 x float>`.
    V2F32,
}

impl Ty {
    fn name(self) -> String {
        match self {
            Ty::Int(w) => format!("i{w}"),
            Ty::F32 => "float".into(),
            Ty::F64 => "double".into(),
            Ty::V4I32 => "<4 x i32>".into(),
            Ty::V2F32 => "<2 x float>".into(),
        }
    }
}

/// Integer widths values take: the legal ones more often, odd ones as in LLVM's tests.
const WIDTHS: [u32; 11] = [32, 32, 64, 64, 16, 8, 128, 24, 48, 40, 17];

/// How many results each thread stores (one 8-byte slot each).
pub const RESULTS: u32 = 6;

/// The generator's state: the kernel body being written and the values defined so far in the
/// current block scope.
struct Gen {
    rng: Rng,
    body: String,
    next: u32,
    labels: u32,
    /// Values usable at the current point: (type, name).
    pool: Vec<(Ty, String)>,
    /// The thread's index in its block, and its own slot of `%scratch`.
    tid: &'static str,
    slot: &'static str,
    decls: std::collections::BTreeSet<String>,
}

impl Gen {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn label(&mut self, what: &str) -> String {
        self.labels += 1;
        format!("{what}{}", self.labels)
    }

    fn line(&mut self, s: String) {
        let _ = writeln!(self.body, "  {s}");
    }

    fn declare(&mut self, d: &str) {
        self.decls.insert(d.to_string());
    }

    /// Defines `%v = <rhs>` of type `ty`, adds it to the pool and returns its name.
    fn def(&mut self, ty: Ty, rhs: String) -> String {
        let v = self.fresh();
        self.line(format!("{v} = {rhs}"));
        self.pool.push((ty, v.clone()));
        v
    }

    /// A value of type `ty`: one from the pool, or a conversion of one, or a constant.
    fn value(&mut self, ty: Ty) -> String {
        let same: Vec<String> = self.pool.iter().filter(|(t, _)| *t == ty).map(|(_, v)| v.clone()).collect();
        if !same.is_empty() && self.rng.percent(75) {
            return same[self.rng.below(same.len())].clone();
        }
        if self.rng.percent(20) {
            return self.constant(ty);
        }
        self.convert_to(ty)
    }

    fn constant(&mut self, ty: Ty) -> String {
        let small = [0i64, 1, -1, 2, 3, 7, 31, 255, -128, 1000, 65535, 0x7fff_ffff];
        match ty {
            Ty::Int(w) => {
                let c = small[self.rng.below(small.len())];
                // Constants that fit the width (a negative one is fine in any width).
                if w < 64 && c > 0 && (c as u64) >> (w - 1) != 0 { "1".into() } else { c.to_string() }
            }
            Ty::F32 | Ty::F64 => {
                // Exactly representable in both formats; 2^-127 is a float subnormal; a NaN, an
                // infinity.
                let f = [
                    "0.0",
                    "1.0",
                    "-2.5",
                    "0.125",
                    "-0.0",
                    "6.5536e+04",
                    "3.0517578125e-05",
                    "0x3800000000000000",
                    "0x7FF8000000000000",
                    "0xFFF0000000000000",
                ];
                f[self.rng.below(f.len())].into()
            }
            Ty::V4I32 => {
                let e: Vec<String> =
                    (0..4).map(|_| format!("i32 {}", small[self.rng.below(small.len())] as i32)).collect();
                format!("<{}>", e.join(", "))
            }
            Ty::V2F32 => "<float 1.5, float -0.25>".into(),
        }
    }

    /// A value of type `ty` converted from some pool value.
    fn convert_to(&mut self, ty: Ty) -> String {
        let k = self.rng.below(self.pool.len());
        self.convert_to_from(ty, k)
    }

    /// A value of type `ty` converted from pool value `k`.
    fn convert_to_from(&mut self, ty: Ty, k: usize) -> String {
        let (from, v) = self.pool[k].clone();
        let t = ty.name();
        match (from, ty) {
            (Ty::Int(a), Ty::Int(b)) if a == b => v,
            (Ty::Int(a), Ty::Int(b)) if a > b => self.def(ty, format!("trunc i{a} {v} to {t}")),
            (Ty::Int(a), Ty::Int(_)) => {
                let ext = if self.rng.percent(50) { "zext" } else { "sext" };
                self.def(ty, format!("{ext} i{a} {v} to {t}"))
            }
            // Conversions between i128 and floats are refused (README): through i64.
            (Ty::Int(128), Ty::F32 | Ty::F64) | (Ty::F32 | Ty::F64, Ty::Int(128)) => {
                self.pool.push((from, v));
                let w = self.convert_to_from(Ty::Int(64), self.pool.len() - 1);
                self.pool.push((Ty::Int(64), w));
                self.convert_to_from(ty, self.pool.len() - 1)
            }
            (Ty::Int(a), Ty::F32 | Ty::F64) => {
                let c = if self.rng.percent(50) { "sitofp" } else { "uitofp" };
                self.def(ty, format!("{c} i{a} {v} to {t}"))
            }
            (Ty::F32 | Ty::F64, Ty::Int(b)) if ![8, 16, 32, 64].contains(&b) => {
                // Through i64, then to the odd width.
                self.pool.push((from, v));
                let w = self.convert_to_from(Ty::Int(64), self.pool.len() - 1);
                self.pool.push((Ty::Int(64), w));
                self.convert_to_from(ty, self.pool.len() - 1)
            }
            (Ty::F32 | Ty::F64, Ty::Int(b)) => {
                // Saturating: no poison for out-of-range values or NaN.
                let s = if self.rng.percent(50) { "fptosi" } else { "fptoui" };
                let f = from.name();
                let fs = if from == Ty::F32 { "f32" } else { "f64" };
                self.declare(&format!("declare i{b} @llvm.{s}.sat.i{b}.{fs}({f})"));
                self.def(ty, format!("call i{b} @llvm.{s}.sat.i{b}.{fs}({f} {v})"))
            }
            (Ty::F32, Ty::F64) => self.def(ty, format!("fpext float {v} to double")),
            (Ty::F64, Ty::F32) => self.def(ty, format!("fptrunc double {v} to float")),
            (Ty::F32, Ty::F32) | (Ty::F64, Ty::F64) => v,
            (_, Ty::V4I32) => {
                let x = self.value(Ty::Int(32));
                let base = self.constant(Ty::V4I32);
                let k = self.rng.below(4);
                self.def(ty, format!("insertelement <4 x i32> {base}, i32 {x}, i32 {k}"))
            }
            (_, Ty::V2F32) => {
                let x = self.value(Ty::F32);
                let k = self.rng.below(2);
                self.def(ty, format!("insertelement <2 x float> <float 0.5, float 2.0>, float {x}, i32 {k}"))
            }
            (Ty::V4I32, _) => {
                let k = self.rng.below(4);
                self.def(Ty::Int(32), format!("extractelement <4 x i32> {v}, i32 {k}"));
                self.value(ty)
            }
            (Ty::V2F32, _) => {
                let k = self.rng.below(2);
                self.def(Ty::F32, format!("extractelement <2 x float> {v}, i32 {k}"));
                self.value(ty)
            }
        }
    }

    fn int_ty(&mut self) -> Ty {
        Ty::Int(WIDTHS[self.rng.below(WIDTHS.len())])
    }

    /// One random operation, its result added to the pool.
    fn op(&mut self) {
        match self.rng.below(10) {
            0..=3 => self.int_op(),
            4 => self.int_intrinsic(),
            5 | 6 => self.float_op(),
            7 => self.vector_op(),
            8 => self.compare_select(),
            _ => {
                let ty = if self.rng.percent(70) { self.int_ty() } else { Ty::F64 };
                self.convert_to(ty);
            }
        }
    }

    fn int_op(&mut self) {
        let ty = self.int_ty();
        let Ty::Int(w) = ty else { return };
        let t = ty.name();
        let (a, b) = (self.value(ty), self.value(ty));
        let ops = ["add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "udiv", "urem", "sdiv", "srem"];
        let op = ops[self.rng.below(ops.len())];
        if matches!(op, "udiv" | "urem" | "sdiv" | "srem") && self.rng.percent(40) {
            // By a constant (the multiply-by-reciprocal lowering); never -1, which can overflow.
            let c = [3i64, 5, 7, 10, 16, 100, 641, 1000, -3, -7, -16][self.rng.below(11)];
            let c = if op.starts_with('u') { c.abs() } else { c };
            let c = if w < 64 && c.unsigned_abs() >> (w - 2) != 0 { 3 } else { c };
            self.def(ty, format!("{op} {t} {a}, {c}"));
            return;
        }
        let b = match op {
            // The amount modulo the width: never an over-wide (poison) shift.
            "shl" | "lshr" | "ashr" => self.def(ty, format!("urem {t} {b}, {w}")),
            // A positive, non-zero divisor: no division by zero, no INT_MIN / -1.
            "udiv" | "urem" | "sdiv" | "srem" => {
                let half = self.def(ty, format!("lshr {t} {b}, 1"));
                self.def(ty, format!("or {t} {half}, 1"))
            }
            _ => b,
        };
        self.def(ty, format!("{op} {t} {a}, {b}"));
    }

    fn int_intrinsic(&mut self) {
        let kind = self.rng.below(7);
        // Saturating arithmetic on i128 is refused (README).
        let widths: &[u32] = if kind == 4 { &[8, 16, 32, 64] } else { &[8, 16, 32, 64, 128] };
        let w = widths[self.rng.below(widths.len())];
        let ty = Ty::Int(w);
        let t = ty.name();
        let (a, b) = (self.value(ty), self.value(ty));
        match kind {
            0 => {
                let f = ["ctpop", "ctlz", "cttz"][self.rng.below(3)];
                let extra = if f == "ctpop" { String::new() } else { ", i1 false".into() };
                let decl_extra = if f == "ctpop" { "" } else { ", i1" };
                self.declare(&format!("declare {t} @llvm.{f}.{t}({t}{decl_extra})"));
                self.def(ty, format!("call {t} @llvm.{f}.{t}({t} {a}{extra})"));
            }
            1 => {
                let f = ["smin", "smax", "umin", "umax"][self.rng.below(4)];
                self.declare(&format!("declare {t} @llvm.{f}.{t}({t}, {t})"));
                self.def(ty, format!("call {t} @llvm.{f}.{t}({t} {a}, {t} {b})"));
            }
            2 if w >= 16 => {
                self.declare(&format!("declare {t} @llvm.bswap.{t}({t})"));
                self.def(ty, format!("call {t} @llvm.bswap.{t}({t} {a})"));
            }
            3 => {
                let f = ["fshl", "fshr"][self.rng.below(2)];
                let c = self.value(ty);
                self.declare(&format!("declare {t} @llvm.{f}.{t}({t}, {t}, {t})"));
                self.def(ty, format!("call {t} @llvm.{f}.{t}({t} {a}, {t} {b}, {t} {c})"));
            }
            4 => {
                let f = ["uadd.sat", "usub.sat", "sadd.sat", "ssub.sat"][self.rng.below(4)];
                self.declare(&format!("declare {t} @llvm.{f}.{t}({t}, {t})"));
                self.def(ty, format!("call {t} @llvm.{f}.{t}({t} {a}, {t} {b})"));
            }
            5 => {
                // Products with an overflow flag on i128 are refused (README).
                let ops: &[&str] =
                    if w == 128 { &["uadd", "sadd", "usub", "ssub"] } else { &["uadd", "sadd", "umul", "usub"] };
                let f = ops[self.rng.below(ops.len())];
                self.declare(&format!("declare {{{t}, i1}} @llvm.{f}.with.overflow.{t}({t}, {t})"));
                let pair = self.fresh();
                self.line(format!("{pair} = call {{{t}, i1}} @llvm.{f}.with.overflow.{t}({t} {a}, {t} {b})"));
                let r = self.def(ty, format!("extractvalue {{{t}, i1}} {pair}, 0"));
                let o = self.def(Ty::Int(1), format!("extractvalue {{{t}, i1}} {pair}, 1"));
                self.def(ty, format!("select i1 {o}, {t} {r}, {t} {a}"));
            }
            _ => {
                self.declare(&format!("declare {t} @llvm.abs.{t}({t}, i1)"));
                self.def(ty, format!("call {t} @llvm.abs.{t}({t} {a}, i1 false)"));
            }
        }
    }

    fn float_op(&mut self) {
        let ty = if self.rng.percent(60) { Ty::F32 } else { Ty::F64 };
        let (t, s) = (ty.name(), if ty == Ty::F32 { "f32" } else { "f64" });
        let (a, b) = (self.value(ty), self.value(ty));
        match self.rng.below(6) {
            0..=2 => {
                let op = ["fadd", "fsub", "fmul", "fdiv"][self.rng.below(4)];
                let flags = if self.rng.percent(30) { " contract" } else { "" };
                self.def(ty, format!("{op}{flags} {t} {a}, {b}"));
            }
            3 => {
                let c = self.value(ty);
                self.declare(&format!("declare {t} @llvm.fma.{s}({t}, {t}, {t})"));
                self.def(ty, format!("call {t} @llvm.fma.{s}({t} {a}, {t} {b}, {t} {c})"));
            }
            4 => {
                let f = ["minnum", "maxnum", "minimum", "maximum", "copysign"][self.rng.below(5)];
                // A NaN's sign is not specified (LLVM leaves the bits of a NaN result open), so
                // copysign takes its sign from a value that is not NaN.
                let b = if f == "copysign" { self.not_nan(ty, b) } else { b };
                self.declare(&format!("declare {t} @llvm.{f}.{s}({t}, {t})"));
                self.def(ty, format!("call {t} @llvm.{f}.{s}({t} {a}, {t} {b})"));
            }
            _ => {
                let f = ["fabs", "sqrt", "floor", "ceil", "trunc", "rint"][self.rng.below(6)];
                self.declare(&format!("declare {t} @llvm.{f}.{s}({t})"));
                self.def(ty, format!("call {t} @llvm.{f}.{s}({t} {a})"));
            }
        }
    }

    /// `x`, or 1.0 where `x` is NaN.
    fn not_nan(&mut self, ty: Ty, x: String) -> String {
        let t = ty.name();
        let nan = self.def(Ty::Int(1), format!("fcmp uno {t} {x}, 0.0"));
        self.def(ty, format!("select i1 {nan}, {t} 1.0, {t} {x}"))
    }

    /// The bits of float `x` as an integer of its width, every NaN as the canonical quiet NaN
    /// (LLVM leaves a NaN result's sign and payload open: the host and the GPU differ).
    fn float_bits(&mut self, ty: Ty, x: String) -> String {
        let (t, w, qnan) = match ty {
            Ty::F32 => ("float", 32, 0x7FC0_0000u64),
            _ => ("double", 64, 0x7FF8_0000_0000_0000u64),
        };
        let nan = self.def(Ty::Int(1), format!("fcmp uno {t} {x}, 0.0"));
        let bits = self.def(Ty::Int(w), format!("bitcast {t} {x} to i{w}"));
        self.def(Ty::Int(w), format!("select i1 {nan}, i{w} {qnan}, i{w} {bits}"))
    }

    fn vector_op(&mut self) {
        if self.rng.percent(60) {
            let (a, b) = (self.value(Ty::V4I32), self.value(Ty::V4I32));
            let op = ["add", "mul", "xor", "sub"][self.rng.below(4)];
            let r = self.def(Ty::V4I32, format!("{op} <4 x i32> {a}, {b}"));
            let m: Vec<String> = (0..4).map(|_| format!("i32 {}", self.rng.below(8))).collect();
            self.def(Ty::V4I32, format!("shufflevector <4 x i32> {r}, <4 x i32> {a}, <4 x i32> <{}>", m.join(", ")));
        } else {
            let (a, b) = (self.value(Ty::V2F32), self.value(Ty::V2F32));
            let op = ["fadd", "fmul", "fsub"][self.rng.below(3)];
            self.def(Ty::V2F32, format!("{op} <2 x float> {a}, {b}"));
        }
    }

    fn compare_select(&mut self) {
        let ty = if self.rng.percent(70) { self.int_ty() } else { Ty::F32 };
        let t = ty.name();
        let (a, b) = (self.value(ty), self.value(ty));
        let c = match ty {
            Ty::Int(_) => {
                let p = ["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"][self.rng.below(10)];
                self.def(Ty::Int(1), format!("icmp {p} {t} {a}, {b}"))
            }
            _ => {
                let p =
                    ["oeq", "one", "olt", "ole", "ogt", "oge", "ord", "uno", "ueq", "une", "ult"][self.rng.below(11)];
                self.def(Ty::Int(1), format!("fcmp {p} {t} {a}, {b}"))
            }
        };
        let rt = if self.rng.percent(50) { ty } else { self.int_ty() };
        let (x, y) = (self.value(rt), self.value(rt));
        let r = rt.name();
        self.def(rt, format!("select i1 {c}, {r} {x}, {r} {y}"));
    }

    /// `n` operations in straight-line code.
    fn ops(&mut self, n: usize) {
        for _ in 0..n {
            self.op();
        }
    }

    /// A condition that differs between threads.
    fn condition(&mut self) -> String {
        let x = self.value(Ty::Int(32));
        let k = self.rng.range(1, 7);
        let m = self.def(Ty::Int(32), format!("and i32 {x}, {k}"));
        self.def(Ty::Int(1), format!("icmp eq i32 {m}, 0"))
    }

    /// An if/else diamond; a value of each side meets in a phi.
    fn diamond(&mut self, from: &mut String) {
        let c = self.condition();
        let (t, e, j) = (self.label("then"), self.label("else"), self.label("join"));
        let ty = if self.rng.percent(70) { self.int_ty() } else { Ty::F64 };
        self.line(format!("br i1 {c}, label %{t}, label %{e}"));
        let saved = self.pool.len();
        let _ = writeln!(self.body, "{t}:");
        let n = self.rng.below(4) + 1;
        self.ops(n);
        let a = self.value(ty);
        self.line(format!("br label %{j}"));
        self.pool.truncate(saved);
        let _ = writeln!(self.body, "{e}:");
        let n = self.rng.below(4);
        self.ops(n);
        let b = self.value(ty);
        self.line(format!("br label %{j}"));
        self.pool.truncate(saved);
        let _ = writeln!(self.body, "{j}:");
        let tn = ty.name();
        self.def(ty, format!("phi {tn} [ {a}, %{t} ], [ {b}, %{e} ]"));
        *from = j;
    }

    /// A loop of `tid % 5` iterations that accumulates into a phi.
    fn counted_loop(&mut self, from: &mut String) {
        let tid = self.tid;
        let n = self.def(Ty::Int(32), format!("urem i32 {tid}, 5"));
        let ty = if self.rng.percent(70) { Ty::Int([32, 64, 16, 128][self.rng.below(4)]) } else { Ty::F32 };
        let tn = ty.name();
        let init = self.value(ty);
        let (head, body, exit) = (self.label("head"), self.label("body"), self.label("exit"));
        self.line(format!("br label %{head}"));
        let _ = writeln!(self.body, "{head}:");
        let (i, acc, i1, acc1) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
        self.line(format!("{i} = phi i32 [ 0, %{from} ], [ {i1}, %{body} ]"));
        self.line(format!("{acc} = phi {tn} [ {init}, %{from} ], [ {acc1}, %{body} ]"));
        let c = self.fresh();
        self.line(format!("{c} = icmp ult i32 {i}, {n}"));
        self.line(format!("br i1 {c}, label %{body}, label %{exit}"));
        let _ = writeln!(self.body, "{body}:");
        let saved = self.pool.len();
        self.pool.push((Ty::Int(32), i.clone()));
        self.pool.push((ty, acc.clone()));
        let n = self.rng.below(3) + 1;
        self.ops(n);
        let step = self.value(ty);
        let upd = match ty {
            Ty::F32 => format!("fadd float {acc}, {step}"),
            _ => format!("xor {tn} {acc}, {step}"),
        };
        self.line(format!("{acc1} = {upd}"));
        self.line(format!("{i1} = add i32 {i}, 1"));
        self.line(format!("br label %{head}"));
        self.pool.truncate(saved);
        let _ = writeln!(self.body, "{exit}:");
        self.pool.push((ty, acc));
        *from = exit;
    }

    /// A switch on two bits of a value; each case computes a value that meets in a phi.
    fn switch(&mut self, from: &mut String) {
        let x = self.value(Ty::Int(32));
        let k = self.def(Ty::Int(32), format!("and i32 {x}, 3"));
        let ty = Ty::Int(32);
        let labels: Vec<String> = (0..3).map(|_| self.label("case")).collect();
        let j = self.label("sjoin");
        self.line(format!(
            "switch i32 {k}, label %{} [ i32 1, label %{} i32 2, label %{} ]",
            labels[0], labels[1], labels[2]
        ));
        let saved = self.pool.len();
        let mut incoming = Vec::new();
        for l in &labels {
            let _ = writeln!(self.body, "{l}:");
            let n = self.rng.below(2) + 1;
            self.ops(n);
            let v = self.value(ty);
            incoming.push(format!("[ {v}, %{l} ]"));
            self.line(format!("br label %{j}"));
            self.pool.truncate(saved);
        }
        let _ = writeln!(self.body, "{j}:");
        self.def(ty, format!("phi i32 {}", incoming.join(", ")));
        *from = j;
    }

    /// A per-thread stack array: stores, `memset`, `memcpy` to a second array, a dynamically
    /// indexed load.
    fn stack_memory(&mut self) {
        let (a, b) = (self.fresh(), self.fresh());
        self.line(format!("{a} = alloca [8 x i32], align 4"));
        self.line(format!("{b} = alloca [8 x i32], align 4"));
        self.declare("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)");
        self.declare("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)");
        let fill = self.rng.below(256);
        self.line(format!("call void @llvm.memset.p0.i64(ptr {a}, i8 {fill}, i64 32, i1 false)"));
        for _ in 0..self.rng.range(1, 4) {
            let v = self.value(Ty::Int(32));
            let slot = self.rng.below(8);
            let p = self.fresh();
            self.line(format!("{p} = getelementptr [8 x i32], ptr {a}, i32 0, i32 {slot}"));
            self.line(format!("store i32 {v}, ptr {p}, align 4"));
        }
        // A copy of a variable number of bytes (up to the whole array).
        let x = self.value(Ty::Int(32));
        let n = self.def(Ty::Int(32), format!("and i32 {x}, 31"));
        let n64 = self.def(Ty::Int(64), format!("zext i32 {n} to i64"));
        self.line(format!("call void @llvm.memset.p0.i64(ptr {b}, i8 0, i64 32, i1 false)"));
        self.line(format!("call void @llvm.memcpy.p0.p0.i64(ptr {b}, ptr {a}, i64 {n64}, i1 false)"));
        let y = self.value(Ty::Int(32));
        let idx = self.def(Ty::Int(32), format!("and i32 {y}, 7"));
        let p = self.fresh();
        self.line(format!("{p} = getelementptr [8 x i32], ptr {b}, i32 0, i32 {idx}"));
        self.def(Ty::Int(32), format!("load i32, ptr {p}, align 4"));
    }

    /// A load from a read-only table in the global or the constant space.
    fn table_load(&mut self) {
        let x = self.value(Ty::Int(32));
        let idx = self.def(Ty::Int(32), format!("and i32 {x}, 15"));
        let (g, space) = if self.rng.percent(50) { ("@gtab", 1) } else { ("@ctab", 4) };
        let p = self.fresh();
        self.line(format!("{p} = getelementptr [16 x i32], ptr addrspace({space}) {g}, i32 0, i32 {idx}"));
        self.def(Ty::Int(32), format!("load i32, ptr addrspace({space}) {p}, align 4"));
    }

    /// Shared memory across a barrier: each thread writes its slot and reads its neighbour's.
    fn shared_exchange(&mut self) {
        let tid = self.tid;
        let v = self.value(Ty::Int(32));
        let p = self.fresh();
        self.line(format!("{p} = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 {tid}"));
        self.line(format!("store i32 {v}, ptr addrspace(3) {p}, align 4"));
        self.declare("declare void @llvm.nvvm.barrier0()");
        self.line("call void @llvm.nvvm.barrier0()".into());
        let k = self.rng.range(1, 63);
        let n = self.def(Ty::Int(32), format!("xor i32 {tid}, {k}"));
        let q = self.fresh();
        self.line(format!("{q} = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 {n}"));
        self.def(Ty::Int(32), format!("load i32, ptr addrspace(3) {q}, align 4"));
        // No thread writes its slot again before every thread has read.
        self.line("call void @llvm.nvvm.barrier0()".into());
    }

    /// A warp shuffle over the full warp.
    fn shuffle(&mut self) {
        let v = self.value(Ty::Int(32));
        let mode = ["idx", "bfly", "up", "down"][self.rng.below(4)];
        let lane = self.rng.range(0, 31);
        self.declare(&format!("declare i32 @llvm.nvvm.shfl.sync.{mode}.i32(i32, i32, i32, i32)"));
        let clamp = if mode == "up" { 0 } else { 31 };
        self.def(
            Ty::Int(32),
            format!("call i32 @llvm.nvvm.shfl.sync.{mode}.i32(i32 -1, i32 {v}, i32 {lane}, i32 {clamp})"),
        );
    }

    /// An atomic on the thread's own slot of `%scratch` (no other thread touches it).
    fn atomic(&mut self) {
        let p = self.slot;
        if self.rng.percent(30) {
            let (c, n) = (self.value(Ty::Int(32)), self.value(Ty::Int(32)));
            let pair = self.fresh();
            self.line(format!("{pair} = cmpxchg ptr addrspace(1) {p}, i32 {c}, i32 {n} monotonic monotonic"));
            self.def(Ty::Int(32), format!("extractvalue {{i32, i1}} {pair}, 0"));
        } else {
            let op = ["add", "sub", "and", "or", "xor", "max", "min", "umax", "umin", "xchg"][self.rng.below(10)];
            let v = self.value(Ty::Int(32));
            self.def(Ty::Int(32), format!("atomicrmw {op} ptr addrspace(1) {p}, i32 {v} monotonic"));
        }
    }

    /// Warp votes at the top level (every lane of the warp takes part).
    fn vote(&mut self) {
        let c = self.condition();
        if self.rng.percent(50) {
            self.declare("declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)");
            self.def(Ty::Int(32), format!("call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 {c})"));
        } else {
            let f = ["all", "any", "uni"][self.rng.below(3)];
            self.declare(&format!("declare i1 @llvm.nvvm.vote.{f}.sync(i32, i1)"));
            self.def(Ty::Int(1), format!("call i1 @llvm.nvvm.vote.{f}.sync(i32 -1, i1 {c})"));
        }
    }

    /// A struct in a stack slot: its fields stored one by one, then loaded as one aggregate value.
    fn struct_value(&mut self) {
        let st = "{ i32, i64, float }";
        let p = self.fresh();
        self.line(format!("{p} = alloca {st}, align 8"));
        let (a, b, c) = (self.value(Ty::Int(32)), self.value(Ty::Int(64)), self.value(Ty::F32));
        for (k, (t, v)) in [("i32", a), ("i64", b), ("float", c)].into_iter().enumerate() {
            let q = self.fresh();
            self.line(format!("{q} = getelementptr {st}, ptr {p}, i32 0, i32 {k}"));
            self.line(format!("store {t} {v}, ptr {q}"));
        }
        let agg = self.fresh();
        self.line(format!("{agg} = load {st}, ptr {p}, align 8"));
        let (k, ty) = [(0, Ty::Int(32)), (1, Ty::Int(64)), (2, Ty::F32)][self.rng.below(3)];
        self.def(ty, format!("extractvalue {st} {agg}, {k}"));
    }

    /// A vector load of the thread's input row, and a float remainder.
    fn vector_load_frem(&mut self) {
        let p = self.fresh();
        self.line(format!("{p} = getelementptr [5 x i64], ptr addrspace(1) %in, i64 %gid64, i32 0"));
        let v = self.fresh();
        self.line(format!("{v} = load <2 x i32>, ptr addrspace(1) {p}, align 8"));
        let k = self.rng.below(2);
        self.def(Ty::Int(32), format!("extractelement <2 x i32> {v}, i32 {k}"));
        let ty = if self.rng.percent(50) { Ty::F32 } else { Ty::F64 };
        let (a, b) = (self.value(ty), self.value(ty));
        self.def(ty, format!("frem {} {a}, {b}", ty.name()));
    }

    /// A call of the module's device function.
    fn call(&mut self) {
        let (a, b) = (self.value(Ty::Int(64)), self.value(Ty::Int(32)));
        self.def(Ty::Int(64), format!("call i64 @dev(i64 {a}, i32 {b})"));
    }
}

/// The module for `seed`.
pub fn module(seed: u64) -> String {
    let mut g = Gen {
        rng: Rng::new(seed ^ 0x0067_656e_6972),
        body: String::new(),
        next: 0,
        labels: 0,
        pool: Vec::new(),
        tid: "%tid",
        slot: "%slot",
        decls: Default::default(),
    };
    // The device function: a few operations on its two parameters.
    g.pool = vec![(Ty::Int(64), "%a".into()), (Ty::Int(32), "%b".into())];
    g.ops(4);
    let r = g.value(Ty::Int(64));
    if g.rng.percent(50) {
        // Recursive (kept a `.func`, called through the PTX call ABI): depth `b & 3`.
        g.line("%depth = and i32 %b, 3".into());
        g.line("%stop = icmp eq i32 %depth, 0".into());
        g.line("br i1 %stop, label %done, label %recur".into());
        let _ = writeln!(g.body, "recur:");
        g.line("%b1 = sub i32 %depth, 1".into());
        g.line(format!("%r1 = call i64 @dev(i64 {r}, i32 %b1)"));
        g.line(format!("%r2 = xor i64 %r1, {r}"));
        g.line("br label %done".into());
        let _ = writeln!(g.body, "done:");
        g.line(format!("%res = phi i64 [ {r}, %entry ], [ %r2, %recur ]"));
        g.line("ret i64 %res".into());
    } else {
        g.line(format!("ret i64 {r}"));
    }
    let dev = format!("define internal i64 @dev(i64 %a, i32 %b) #0 {{\nentry:\n{}}}\n", std::mem::take(&mut g.body));
    // The kernel: the global thread index, inputs loaded from `%in`, then random constructs.
    g.pool.clear();
    g.declare("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()");
    g.declare("declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()");
    g.line("%tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()".into());
    g.line("%cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()".into());
    g.line("%base = shl i32 %cta, 6".into());
    g.line("%gid = add i32 %base, %tid".into());
    g.line("%gid64 = zext i32 %gid to i64".into());
    g.line("%slot = getelementptr i32, ptr addrspace(1) %scratch, i64 %gid64".into());
    g.pool.push((Ty::Int(32), "%gid".into()));
    g.pool.push((Ty::Int(32), "%tid".into()));
    for (k, ty) in [Ty::Int(32), Ty::Int(64), Ty::F32, Ty::F64, Ty::Int(16)].into_iter().enumerate() {
        let t = ty.name();
        let p = g.fresh();
        g.line(format!("{p} = getelementptr [5 x i64], ptr addrspace(1) %in, i64 %gid64, i32 {k}"));
        g.def(ty, format!("load {t}, ptr addrspace(1) {p}, align 8"));
    }
    let mut from = "entry".to_string();
    for _ in 0..g.rng.range(4, 9) {
        match g.rng.below(14) {
            0 => g.diamond(&mut from),
            1 => g.counted_loop(&mut from),
            2 => g.switch(&mut from),
            3 => g.stack_memory(),
            4 => g.table_load(),
            5 => g.shared_exchange(),
            6 => g.shuffle(),
            7 => g.atomic(),
            8 => g.call(),
            9 => g.vote(),
            10 => g.struct_value(),
            11 => g.vector_load_frem(),
            _ => g.ops(3),
        }
        g.ops(2);
    }
    // Results: each thread stores RESULTS values, each widened or narrowed to i64.
    for j in 0..RESULTS {
        let ty = match g.rng.below(4) {
            0 => Ty::F64,
            1 => Ty::F32,
            _ => g.int_ty(),
        };
        let v = g.value(ty);
        let w = match ty {
            Ty::Int(64) => v,
            Ty::Int(w) if w > 64 => g.def(Ty::Int(64), format!("trunc i{w} {v} to i64")),
            Ty::Int(w) => g.def(Ty::Int(64), format!("zext i{w} {v} to i64")),
            Ty::F64 => g.float_bits(Ty::F64, v),
            Ty::F32 => {
                let i = g.float_bits(Ty::F32, v);
                g.def(Ty::Int(64), format!("zext i32 {i} to i64"))
            }
            Ty::V4I32 | Ty::V2F32 => unreachable!("results are scalars"),
        };
        let p = g.fresh();
        g.line(format!("{p} = getelementptr [{RESULTS} x i64], ptr addrspace(1) %out, i64 %gid64, i32 {j}"));
        g.line(format!("store i64 {w}, ptr addrspace(1) {p}, align 8"));
    }
    let tab: Vec<String> = (0..16).map(|k| format!("i32 {}", (k * 2654435761u64 % 1000) as i32 - 500)).collect();
    let mut out = String::new();
    let _ = writeln!(out, "; ori generate --seed {seed}");
    let _ = writeln!(out, "target triple = \"nvptx64-nvidia-cuda\"\n");
    let _ = writeln!(out, "@gtab = internal addrspace(1) constant [16 x i32] [{}], align 4", tab.join(", "));
    let _ = writeln!(out, "@ctab = internal addrspace(4) constant [16 x i32] [{}], align 4", tab.join(", "));
    let _ = writeln!(out, "@sh = internal addrspace(3) global [64 x i32] undef, align 4\n");
    let _ = writeln!(out, "{dev}");
    let _ = writeln!(
        out,
        "define ptx_kernel void @k(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %scratch) {{\nentry:\n{}  ret void\n}}\n",
        g.body
    );
    for d in &g.decls {
        let _ = writeln!(out, "{d}");
    }
    let _ = writeln!(out, "\nattributes #0 = {{ noinline }}");
    let _ = writeln!(out, "!nvvm.annotations = !{{!0}}\n!0 = !{{ptr @k, !\"reqntidx\", i32 64}}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm::module;
    use inkwell::context::Context;

    #[test]
    fn modules_are_valid_and_deterministic() {
        for seed in 0..40 {
            let text = module(seed);
            assert_eq!(text, module(seed), "seed {seed}");
            let ctx = Context::create();
            let m = module::parse_module(&ctx, text.as_bytes(), "g.ll")
                .unwrap_or_else(|e| panic!("seed {seed}: {e:#}\n{text}"));
            module::verify(&m).unwrap_or_else(|e| panic!("seed {seed}: {e:#}"));
        }
        assert_ne!(module(1), module(2));
    }
}
