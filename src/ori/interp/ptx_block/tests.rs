//! The evaluator against hand-computed results from the PTX ISA.

use super::*;
use crate::ori::opcode::Round;
use std::collections::HashMap;

/// The libdevice 64×64→128 multiply (`__umul64hi` style): `$0:$1 = $2 * $3`.
const MUL128: &str = "{\n\t.reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi;\n\tmov.b64         {alo,ahi}, $2;   \n\tmov.b64         {blo,bhi}, $3;   \n\tmul.lo.u32      r0, alo, blo;    \n\tmul.hi.u32      r1, alo, blo;    \n\tmad.lo.cc.u32   r1, alo, bhi, r1;\n\tmadc.hi.u32     r2, alo, bhi,  0;\n\tmad.lo.cc.u32   r1, ahi, blo, r1;\n\tmadc.hi.cc.u32  r2, ahi, blo, r2;\n\tmadc.hi.u32     r3, ahi, bhi,  0;\n\tmad.lo.cc.u32   r2, ahi, bhi, r2;\n\taddc.u32        r3, r3,  0;      \n\tmov.b64         $0, {r0,r1};     \n\tmov.b64         $1, {r2,r3};     \n\t}";

/// The libdevice multiply-add: `$0:$1 = $2 * $3 + $4`.
const MAD128: &str = "{\n\t.reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi, clo, chi;\n\tmov.b64         {alo,ahi}, $2;    \n\tmov.b64         {blo,bhi}, $3;    \n\tmov.b64         {clo,chi}, $4;    \n\tmad.lo.cc.u32   r0, alo, blo, clo;\n\tmadc.hi.cc.u32  r1, alo, blo, chi;\n\tmadc.hi.u32     r2, alo, bhi,   0;\n\tmad.lo.cc.u32   r1, alo, bhi,  r1;\n\tmadc.hi.cc.u32  r2, ahi, blo,  r2;\n\tmadc.hi.u32     r3, ahi, bhi,   0;\n\tmad.lo.cc.u32   r1, ahi, blo,  r1;\n\tmadc.lo.cc.u32  r2, ahi, bhi,  r2;\n\taddc.u32        r3,  r3,   0;     \n\tmov.b64         $0, {r0,r1};      \n\tmov.b64         $1, {r2,r3};      \n\t}";

fn add128(op: &str, opc: &str) -> String {
    format!(
        "{{\n\t.reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3;\n\tmov.b64         {{a0,a1}}, $2;\n\tmov.b64         {{a2,a3}}, $3;\n\tmov.b64         {{b0,b1}}, $4;\n\tmov.b64         {{b2,b3}}, $5;\n\t{op}.cc.u32      r0, a0, b0; \n\t{opc}.cc.u32     r1, a1, b1; \n\t{opc}.cc.u32     r2, a2, b2; \n\t{opc}.u32        r3, a3, b3; \n\tmov.b64         $0, {{r0,r1}};\n\tmov.b64         $1, {{r2,r3}};\n\t}}"
    )
}

const SELP_EQU: &str = "{ .reg .pred __$$temp3;\n  setp.equ.f64 __$$temp3, $1, $2;\n  selp.f64 $0, $3, $4, __$$temp3;}";

/// SplitMix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Random values with a bias to the edges (all ones, zero halves).
    fn edgy(&mut self) -> u64 {
        match self.next() % 8 {
            0 => u64::MAX,
            1 => self.next() & 0xFFFF_FFFF,
            2 => self.next() | 0xFFFF_FFFF,
            3 => 0,
            _ => self.next(),
        }
    }
}

/// Runs `template` with `ops` as `$0..` (outputs first, zero) and returns the operands after.
fn eval(template: &str, ops: &[u64]) -> Vec<u64> {
    let p = parse(template).unwrap_or_else(|e| panic!("{template}: {e}"));
    let mut v = ops.to_vec();
    run(&p, &mut v, &mut NoMemory).unwrap_or_else(|e| panic!("{template}: {e}"));
    v
}

fn one(template: &str, ins: &[u64]) -> u64 {
    let mut ops = vec![0];
    ops.extend_from_slice(ins);
    eval(template, &ops)[0]
}

/// Runs a parsed program on `ops`.
fn exec(p: &Program, ops: &[u64]) -> Vec<u64> {
    let mut v = ops.to_vec();
    run(p, &mut v, &mut NoMemory).unwrap();
    v
}

#[test]
fn libdevice_multiply_chains_match_u128_arithmetic() {
    let (mul, mad) = (parse(MUL128).unwrap(), parse(MAD128).unwrap());
    let mut r = Rng(1);
    for _ in 0..20_000 {
        let (a, b, c) = (r.edgy(), r.edgy(), r.edgy());
        let p = a as u128 * b as u128;
        let v = exec(&mul, &[0, 0, a, b]);
        assert_eq!((v[0] as u128) | (v[1] as u128) << 64, p, "{a:#x} * {b:#x}");
        let v = exec(&mad, &[0, 0, a, b, c]);
        assert_eq!((v[0] as u128) | (v[1] as u128) << 64, p.wrapping_add(c as u128), "{a:#x} * {b:#x} + {c:#x}");
    }
}

#[test]
fn libdevice_128_bit_add_and_sub_match_u128_arithmetic() {
    let (add, sub) = (parse(&add128("add", "addc")).unwrap(), parse(&add128("sub", "subc")).unwrap());
    let mut r = Rng(2);
    for _ in 0..20_000 {
        let a = r.edgy() as u128 | (r.edgy() as u128) << 64;
        let b = r.edgy() as u128 | (r.edgy() as u128) << 64;
        let ins = [0, 0, a as u64, (a >> 64) as u64, b as u64, (b >> 64) as u64];
        let v = exec(&add, &ins);
        assert_eq!((v[0] as u128) | (v[1] as u128) << 64, a.wrapping_add(b));
        let v = exec(&sub, &ins);
        assert_eq!((v[0] as u128) | (v[1] as u128) << 64, a.wrapping_sub(b));
    }
}

#[test]
fn carry_flag_forms() {
    // add.cc then addc: a 64-bit add from 32-bit halves.
    let t = "{ .reg .u32 c; add.cc.u32 $0, $2, $3; addc.u32 $1, 0, 0; }";
    assert_eq!(eval(t, &[0, 0, 0xFFFF_FFFF, 1]), vec![0, 1, 0xFFFF_FFFF, 1]);
    assert_eq!(eval(t, &[0, 0, 0xFFFF_FFFE, 1]), vec![0xFFFF_FFFF, 0, 0xFFFF_FFFE, 1]);
    // sub.cc writes the borrow: 0 - 1 borrows, subc subtracts it.
    let t = "sub.cc.u32 $0, $2, $3; subc.u32 $1, 5, 0;";
    assert_eq!(eval(t, &[0, 0, 0, 1])[..2], [0xFFFF_FFFF, 4]);
    assert_eq!(eval(t, &[0, 0, 3, 1])[..2], [2, 5]);
    // subc.cc chains the borrow through: 0 - 0 - 1 borrows again.
    let t = "sub.cc.u32 $0, 0, 1; subc.cc.u32 $0, 0, 0; subc.u32 $1, 7, 0;";
    assert_eq!(eval(t, &[0, 0])[..2], [0xFFFF_FFFF, 6]);
    // 64-bit carries.
    let t = "add.cc.u64 $0, $2, $3; addc.u64 $1, 0, 0;";
    assert_eq!(eval(t, &[0, 0, u64::MAX, 2])[..2], [1, 1]);
    // mad.hi.cc: the carry out of adding c to the high half.
    let t = "mad.hi.cc.u32 $0, $2, $3, $4; addc.u32 $1, 0, 0;";
    // 0xffffffff * 0xffffffff = 0xfffffffe_00000001: hi 0xfffffffe + 2 carries.
    assert_eq!(eval(t, &[0, 0, 0xFFFF_FFFF, 0xFFFF_FFFF, 2])[..2], [0, 1]);
    assert_eq!(eval(t, &[0, 0, 0xFFFF_FFFF, 0xFFFF_FFFF, 1])[..2], [0xFFFF_FFFF, 0]);
    // madc adds the carry in.
    let t = "add.cc.u32 $1, 0xffffffff, 1; madc.lo.u32 $0, $2, $3, $4;";
    assert_eq!(eval(t, &[0, 0, 3, 5, 7])[0], 23);
}

#[test]
fn multiplies() {
    assert_eq!(one("mul.lo.u32 $0, $1, $2;", &[0x1_0000, 0x1_0001]), 0x1_0000);
    assert_eq!(one("mul.hi.u32 $0, $1, $2;", &[0xFFFF_FFFF, 0xFFFF_FFFF]), 0xFFFF_FFFE);
    assert_eq!(one("mul.hi.s32 $0, $1, $2;", &[0xFFFF_FFFF, 0xFFFF_FFFF]), 0);
    assert_eq!(one("mul.wide.s32 $0, $1, $2;", &[0xFFFF_FFFE, 3]), (-6i64) as u64);
    assert_eq!(one("mul.wide.u32 $0, $1, $2;", &[0xFFFF_FFFE, 3]), 0x2_FFFF_FFFA);
    assert_eq!(one("mul.hi.u64 $0, $1, $2;", &[u64::MAX, u64::MAX]), u64::MAX - 1);
    assert_eq!(one("mul.hi.s64 $0, $1, $2;", &[u64::MAX, 2]), u64::MAX);
    assert_eq!(one("mad.wide.u32 $0, $1, $2, $3;", &[0xFFFF_FFFF, 2, 5]), 0x2_0000_0003);
    assert_eq!(one("mad.lo.s32 $0, $1, $2, $3;", &[3, 0xFFFF_FFFF, 10]), 7);
    assert_eq!(one("mul24.lo.u32 $0, $1, $2;", &[0xFF00_0003, 5]), 15);
    assert_eq!(one("mul24.hi.u32 $0, $1, $2;", &[0x80_0000, 0x80_0000]), 0x4000_0000);
    assert_eq!(one("sad.u32 $0, $1, $2, $3;", &[3, 10, 100]), 107);
}

#[test]
fn bfind_matches_the_isa() {
    let u = "bfind.u32 $0, $1;";
    let sh = "bfind.shiftamt.u32 $0, $1;";
    let s = "bfind.s32 $0, $1;";
    assert_eq!(one(u, &[1]), 0);
    assert_eq!(one(u, &[0x8000_0000]), 31);
    assert_eq!(one(u, &[0]), 0xFFFF_FFFF);
    assert_eq!(one(sh, &[1]), 31);
    assert_eq!(one(sh, &[0x0010_0000]), 11);
    assert_eq!(one(sh, &[0]), 0xFFFF_FFFF);
    assert_eq!(one(s, &[0xFFFF_FFFF]), 0xFFFF_FFFF);
    assert_eq!(one(s, &[0xFFFF_FFFE]), 0);
    assert_eq!(one(s, &[5]), 2);
    assert_eq!(one("bfind.u64 $0, $1;", &[1 << 40]), 40);
    assert_eq!(one("bfind.s64 $0, $1;", &[(-2i64) as u64]), 0);
    let p = parse(u).unwrap();
    for x in (0u64..0x1_0000).step_by(7) {
        for shift in [0, 8, 16] {
            let v = x << shift;
            let want = if v == 0 { 0xFFFF_FFFF } else { 63 - v.leading_zeros() as u64 };
            let mut ops = [0, v];
            run(&p, &mut ops, &mut NoMemory).unwrap();
            assert_eq!(ops[0], want);
        }
    }
}

#[test]
fn selp_setp_equ_with_nan() {
    let nan = f64::NAN.to_bits();
    let (one_, two, x, y) = (1f64.to_bits(), 2f64.to_bits(), 10f64.to_bits(), 20f64.to_bits());
    assert_eq!(one(SELP_EQU, &[one_, one_, x, y]), x);
    assert_eq!(one(SELP_EQU, &[one_, two, x, y]), y);
    // Unordered: true when either is NaN.
    assert_eq!(one(SELP_EQU, &[nan, two, x, y]), x);
    assert_eq!(one(SELP_EQU, &[one_, nan, x, y]), x);
    assert_eq!(one(SELP_EQU, &[nan, nan, x, y]), x);
    // The ordered form is false on NaN.
    let eq = "{ .reg .pred p; setp.eq.f64 p, $1, $2; selp.f64 $0, $3, $4, p; }";
    assert_eq!(one(eq, &[nan, nan, x, y]), y);
    assert_eq!(one(eq, &[(-0f64).to_bits(), 0, x, y]), x);
    // Pairs, boolean ops, negated predicates.
    let t = "{ .reg .pred p, q; setp.lt.and.s32 p|q, $1, $2, 1; selp.u32 $0, 1, 0, q; }";
    assert_eq!(one(t, &[5, 3]), 1);
    assert_eq!(one(t, &[3, 5]), 0);
    let t = "{ .reg .pred p; setp.lo.u32 p, $1, $2; @!p mov.u32 $0, 9; @p mov.u32 $0, 4; }";
    assert_eq!(one(t, &[0xFFFF_FFFF, 1]), 9);
    assert_eq!(one(t, &[1, 0xFFFF_FFFF]), 4);
    let t = "{ .reg .pred p; setp.lt.s32 p, $1, $2; selp.s32 $0, -1, 2, p; }";
    assert_eq!(one(t, &[0xFFFF_FFFF, 1]), 0xFFFF_FFFF);
}

#[test]
fn f16_comparisons_and_16_bit_registers() {
    let t = "{ .reg .pred p; setp.gt.f16 p, $1, $2; selp.u16 $0, 1, 0, p; }";
    assert_eq!(one(t, &[0x4000, 0x3C00]), 1); // 2.0 > 1.0
    assert_eq!(one(t, &[0x3C00, 0x4000]), 0);
    assert_eq!(one(t, &[0x7E00, 0x3C00]), 0); // NaN
    // The lowering's narrow-operand wrapper around a template (`h` operands).
    let t = ".reg .b16 %asm_h<3>;\n\tcvt.u16.u32 %asm_h1, $1;\n\tcvt.u16.u32 %asm_h2, $2;\n\t{ .reg .pred p; setp.gt.f16 p, %asm_h1, %asm_h2; selp.u16 %asm_h0, 1, 0, p; }\n\tcvt.u32.u16 $0, %asm_h0;";
    assert_eq!(one(t, &[0xABCD_4000, 0x3C00]), 1);
}

#[test]
fn moves_pack_and_unpack() {
    assert_eq!(eval("mov.b64 {$0, $1}, $2;", &[0, 0, 0x1111_2222_3333_4444])[..2], [0x3333_4444, 0x1111_2222]);
    assert_eq!(one("mov.b64 $0, {$1, $2};", &[0xAAAA_BBBB, 0xCCCC_DDDD]), 0xCCCC_DDDD_AAAA_BBBB);
    assert_eq!(eval("mov.b32 {$0, $1}, $2;", &[0, 0, 0x1234_5678])[..2], [0x5678, 0x1234]);
    assert_eq!(one("mov.b32 $0, {$1, $2};", &[0x5678, 0x1234]), 0x1234_5678);
    assert_eq!(eval("mov.b32 {_, $0}, $1;", &[0, 0xDEAD_BEEF])[0], 0xDEAD);
    assert_eq!(one("mov.b64 $0, {$1, $2, $3, $4};", &[1, 2, 3, 4]), 0x0004_0003_0002_0001);
    assert_eq!(one("mov.f32 $0, 0f3F800000;", &[]), 0x3F80_0000);
    assert_eq!(one("mov.f64 $0, 0d3FF0000000000000;", &[]), 0x3FF0_0000_0000_0000);
    assert_eq!(one("mov.f32 $0, 1.5;", &[]), 1.5f32.to_bits() as u64);
    assert_eq!(one("mov.u32 $0, 0x10;", &[]), 16);
    assert_eq!(one("mov.u32 $0, 010;", &[]), 8);
    assert_eq!(one("mov.u32 $0, 0b101;", &[]), 5);
    assert_eq!(one("mov.s32 $0, -1;", &[]), 0xFFFF_FFFF);
    // A declared register keeps its width.
    assert_eq!(one("{ .reg .b16 h; mov.b32 {h, _}, $1; mov.b32 $0, {h, h}; }", &[0x9999_1234]), 0x1234_1234);
}

#[test]
fn scopes_shadow_and_comments_are_skipped() {
    let t =
        "{ .reg .u32 t; mov.u32 t, 1; { .reg .u32 t; mov.u32 t, 2; } add.u32 $0, t, 0; } // t is 1 here\n/* block */";
    assert_eq!(one(t, &[]), 1);
    let t = "{ .reg .u32 t; mov.u32 t, 1; { .reg .u32 t; mov.u32 t, 2; add.u32 $0, t, 0; } }";
    assert_eq!(one(t, &[]), 2);
    // A missing final semicolon is accepted.
    assert_eq!(one("add.u32 $0, $1, 1", &[4]), 5);
}

#[test]
fn logic_shifts_and_bit_fields() {
    assert_eq!(one("shl.b32 $0, $1, $2;", &[1, 31]), 0x8000_0000);
    assert_eq!(one("shl.b32 $0, $1, $2;", &[1, 32]), 0);
    assert_eq!(one("shr.u32 $0, $1, $2;", &[0x8000_0000, 40]), 0);
    assert_eq!(one("shr.s32 $0, $1, $2;", &[0x8000_0000, 40]), 0xFFFF_FFFF);
    assert_eq!(one("shr.s32 $0, $1, $2;", &[0x8000_0000, 4]), 0xF800_0000);
    assert_eq!(one("bfe.u32 $0, $1, $2, $3;", &[0xABCD_1234, 8, 8]), 0x12);
    assert_eq!(one("bfe.s32 $0, $1, $2, $3;", &[0x0000_F000, 12, 4]), 0xFFFF_FFFF);
    assert_eq!(one("bfe.s32 $0, $1, $2, $3;", &[0x8000_0000, 31, 10]), 0xFFFF_FFFF);
    assert_eq!(one("bfe.u32 $0, $1, $2, $3;", &[0xFFFF_FFFF, 4, 0]), 0);
    assert_eq!(one("bfi.b32 $0, $1, $2, $3, $4;", &[0xF, 0, 4, 4]), 0xF0);
    assert_eq!(one("bfi.b32 $0, $1, $2, $3, $4;", &[0xFF, 0x1234_5678, 28, 8]), 0xF234_5678);
    assert_eq!(one("lop3.b32 $0, $1, $2, $3, 0x96;", &[0xF0, 0xCC, 0xAA]), 0xF0 ^ 0xCC ^ 0xAA);
    assert_eq!(one("lop3.b32 $0, $1, $2, $3, 0xE8;", &[0xF0, 0xCC, 0xAA]), 0xE8); // majority
    assert_eq!(one("not.b32 $0, $1;", &[0]), 0xFFFF_FFFF);
    assert_eq!(one("cnot.b32 $0, $1;", &[0]), 1);
    assert_eq!(one("popc.b64 $0, $1;", &[u64::MAX]), 64);
    assert_eq!(one("clz.b64 $0, $1;", &[1]), 63);
    assert_eq!(one("brev.b32 $0, $1;", &[1]), 0x8000_0000);
    assert_eq!(one("shf.l.wrap.b32 $0, $1, $2, $3;", &[0x8000_0001, 0x8000_0001, 1]), 3);
    assert_eq!(one("shf.r.clamp.b32 $0, $1, $2, $3;", &[0x1234_5678, 0x9ABC_DEF0, 40]), 0x9ABC_DEF0);
    assert_eq!(one("abs.s32 $0, $1;", &[0x8000_0000]), 0x8000_0000);
    assert_eq!(one("min.s32 $0, $1, $2;", &[0xFFFF_FFFF, 1]), 0xFFFF_FFFF);
    assert_eq!(one("min.u32 $0, $1, $2;", &[0xFFFF_FFFF, 1]), 1);
    assert_eq!(one("add.sat.s32 $0, $1, $2;", &[0x7FFF_FFFF, 1]), 0x7FFF_FFFF);
    assert_eq!(one("sub.sat.s32 $0, $1, $2;", &[0x8000_0000, 1]), 0x8000_0000);
    assert_eq!(one("div.s32 $0, $1, $2;", &[(-7i32) as u32 as u64, 2]), (-3i32) as u32 as u64);
    assert_eq!(one("rem.u32 $0, $1, $2;", &[7, 3]), 1);
}

#[test]
fn prmt_modes_match_the_isa_table() {
    // {b, a} = bytes 7..0 = 0x77665544_33221100.
    let (a, b) = (0x3322_1100, 0x7766_5544);
    let t = |m: &str, c: u64| one(&format!("prmt.b32{m} $0, $1, $2, $3;"), &[a, b, c]);
    assert_eq!(t("", 0x3210), 0x3322_1100);
    assert_eq!(t("", 0x7531), 0x7755_3311);
    assert_eq!(t("", 0x0008), 0x0000_0000); // byte 0 (0x00) sign-replicated
    assert_eq!(t("", 0x000F), 0); // byte 7 = 0x77: sign 0
    assert_eq!(one("prmt.b32 $0, $1, $2, $3;", &[0x80, 0, 0x8888]), 0xFFFF_FFFF);
    // The modes' byte selections per c[1:0] (d.b3 d.b2 d.b1 d.b0).
    let sel = |d: u64| -> [u64; 4] { [d >> 24 & 0xFF, d >> 16 & 0xFF, d >> 8 & 0xFF, d & 0xFF].map(|x| x / 0x11) };
    assert_eq!(sel(t(".f4e", 1)), [4, 3, 2, 1]);
    assert_eq!(sel(t(".f4e", 3)), [6, 5, 4, 3]);
    assert_eq!(sel(t(".b4e", 0)), [5, 6, 7, 0]);
    assert_eq!(sel(t(".b4e", 2)), [7, 0, 1, 2]);
    assert_eq!(sel(t(".rc8", 2)), [2, 2, 2, 2]);
    assert_eq!(sel(t(".ecl", 1)), [3, 2, 1, 1]);
    assert_eq!(sel(t(".ecl", 2)), [3, 2, 2, 2]);
    assert_eq!(sel(t(".ecr", 1)), [1, 1, 1, 0]);
    assert_eq!(sel(t(".ecr", 2)), [2, 2, 1, 0]);
    assert_eq!(sel(t(".rc16", 0)), [1, 0, 1, 0]);
    assert_eq!(sel(t(".rc16", 1)), [3, 2, 3, 2]);
}

#[test]
fn simd_video_and_dot_products() {
    let (a, b) = (0x10_80_FF_05u64, 0x20_90_01_03u64);
    assert_eq!(one("vadd4.u32.u32.u32 $0, $1, $2, $3;", &[a, b, 0]), 0x30_10_00_08);
    assert_eq!(one("vadd4.u32.u32.u32.sat $0, $1, $2, $3;", &[a, b, 0]), 0x30_FF_FF_08);
    assert_eq!(one("vsub4.s32.s32.s32.sat $0, $1, $2, $3;", &[0x80, 0x01, 0]), 0x80); // -128 - 1 clamps
    assert_eq!(one("vabsdiff4.u32.u32.u32 $0, $1, $2, $3;", &[a, b, 0]), 0x10_10_FE_02);
    assert_eq!(one("vmax4.u32.u32.u32 $0, $1, $2, $3;", &[a, b, 0]), 0x20_90_FF_05);
    assert_eq!(one("vmin4.s32.s32.s32 $0, $1, $2, $3;", &[a, b, 0]), 0x10_80_FF_03);
    assert_eq!(one("vavrg4.u32.u32.u32 $0, $1, $2, $3;", &[0x01, 0x02, 0]), 0x02);
    assert_eq!(one("vavrg4.s32.s32.s32 $0, $1, $2, $3;", &[0xFF, 0xFE, 0]), 0xFE); // (-1-2)>>1
    // `.add`: the lanes are summed into c.
    assert_eq!(one("vabsdiff4.u32.u32.u32.add $0, $1, $2, $3;", &[a, b, 1000]), 1000 + 0x10 + 0x10 + 0xFE + 2);
    assert_eq!(one("vadd2.u32.u32.u32 $0, $1, $2, $3;", &[0xFFFF_0001, 0x0001_0001, 0]), 0x0000_0002);
    assert_eq!(one("dp4a.u32.u32 $0, $1, $2, $3;", &[0x01_02_03_04, 0x01_01_01_01, 10]), 20);
    assert_eq!(one("dp4a.s32.s32 $0, $1, $2, $3;", &[0xFF_FF_FF_FF, 0x01_01_01_01, 0]), (-4i32) as u32 as u64);
    assert_eq!(one("dp2a.hi.u32.u32 $0, $1, $2, $3;", &[0x0002_0003, 0x05_04_00_00, 1]), 1 + 3 * 4 + 2 * 5);
}

#[test]
fn float_arithmetic_and_rounding() {
    let f = |x: f32| x.to_bits() as u64;
    let d = |x: f64| x.to_bits();
    assert_eq!(one("rcp.approx.ftz.f32 $0,$1;", &[f(4.0)]), f(0.25));
    assert_eq!(one("rcp.approx.ftz.f32 $0,$1;", &[f(1e-40)]), f(f32::INFINITY)); // input flushed
    assert_eq!(one("rsqrt.approx.ftz.f64 $0, $1;", &[d(4.0)]), d(0.5));
    // Directed rounding: 1 - 2^-30 is not representable in f32.
    let tiny = f(2f32.powi(-30));
    assert_eq!(one("sub.rn.f32 $0, $1, $2;", &[f(1.0), tiny]), f(1.0));
    assert_eq!(one("sub.rz.f32 $0, $1, $2;", &[f(1.0), tiny]), f(1.0 - 2f32.powi(-24)));
    assert_eq!(one("sub.rm.f32 $0, $1, $2;", &[f(1.0), tiny]), f(1.0 - 2f32.powi(-24)));
    assert_eq!(one("sub.rp.f32 $0, $1, $2;", &[f(1.0), tiny]), f(1.0));
    assert_eq!(one("add.rp.f32 $0, $1, $2;", &[f(1.0), tiny]), f(1.0 + 2f32.powi(-23)));
    assert_eq!(
        one("mul.rz.f32 $0, $1, $2;", &[f(1.0 + 2f32.powi(-23)), f(1.0 + 2f32.powi(-23))]),
        f(1.0 + 2f32.powi(-22))
    );
    assert_eq!(one("sub.rm.f32 $0, $1, $2;", &[f(1.0), f(1.0)]), f(-0.0)); // exact zero: −0 under RM
    assert_eq!(one("sub.rn.f32 $0, $1, $2;", &[f(1.0), f(1.0)]), f(0.0));
    assert_eq!(one("mul.rm.f32 $0, $1, $2;", &[f(0.0), f(3.0)]), f(0.0));
    let t64 = d(2f64.powi(-60));
    assert_eq!(one("sub.rm.f64 $0, $1, $2;", &[d(1.0), t64]), d(1.0 - 2f64.powi(-53)));
    assert_eq!(one("sub.rn.f64 $0, $1, $2;", &[d(1.0), t64]), d(1.0));
    assert_eq!(one("sub.rp.f64 $0, $1, $2;", &[d(1.0), t64]), d(1.0));
    assert_eq!(one("add.rz.ftz.f32 $0, $1, $2;", &[f(1e-40), 0]), 0); // flushed
    assert_eq!(one("add.sat.f32 $0, $1, $2;", &[f(0.75), f(0.5)]), f(1.0));
    assert_eq!(one("mul.sat.f32 $0, $1, $2;", &[f(-2.0), f(0.5)]), f(0.0));
    assert_eq!(one("fma.rn.f32 $0, $1, $2, $3;", &[f(2.0), f(3.0), f(1.0)]), f(7.0));
    assert_eq!(one("fma.rn.f64 $0, $1, $2, $3;", &[d(2.0), d(3.0), d(1.0)]), d(7.0));
    assert_eq!(one("div.rn.f32 $0, $1, $2;", &[f(1.0), f(3.0)]), f(1.0 / 3.0));
    assert_eq!(one("sqrt.rn.f64 $0, $1;", &[d(2.0)]), d(2f64.sqrt()));
    assert_eq!(one("neg.f32 $0, $1;", &[f(1.0)]), f(-1.0));
    assert_eq!(one("abs.f64 $0, $1;", &[d(-2.0)]), d(2.0));
    assert_eq!(one("copysign.f32 $0, $1, $2;", &[f(-1.0), f(3.0)]), f(-3.0));
    assert_eq!(one("min.f32 $0, $1, $2;", &[f(f32::NAN), f(2.0)]), f(2.0));
    assert_eq!(one("max.NaN.f32 $0, $1, $2;", &[f(f32::NAN), f(2.0)]) & 0x7FC0_0000, 0x7FC0_0000);
    let t = "{ .reg .pred p; testp.subnormal.f32 p, $1; selp.u32 $0, 1, 0, p; }";
    assert_eq!(one(t, &[f(1e-40)]), 1);
    assert_eq!(one(t, &[f(1.0)]), 0);
}

#[test]
fn half_precision() {
    // 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200, 0.5 = 0x3800.
    assert_eq!(one("add.rn.f16 $0, $1, $2;", &[0x3C00, 0x4000]), 0x4200);
    assert_eq!(one("fma.rn.f16 $0, $1, $2, $3;", &[0x4000, 0x4000, 0x3C00]), 0x4500); // 5.0
    assert_eq!(one("mul.f16x2 $0, $1, $2;", &[0x4000_3C00, 0x3800_4000]), 0x3C00_4000);
    assert_eq!(one("fma.rn.f16x2 $0, $1, $2, $3;", &[0x4000_3C00, 0x4000_4000, 0x3C00_3C00]), 0x4500_4200);
    assert_eq!(one("max.f16x2 $0, $1, $2;", &[0x4000_3C00, 0x3C00_4000]), 0x4000_4000);
    assert_eq!(one("neg.f16 $0, $1;", &[0x3C00]), 0xBC00);
    assert_eq!(one("cvt.f32.f16 $0, $1;", &[0x3800]), 0.5f32.to_bits() as u64);
    assert_eq!(one("cvt.rn.f16.f32 $0, $1;", &[3.0f32.to_bits() as u64]), 0x4200);
    // 1 + 2^-11 is halfway between two f16 values: RN ties to even (1.0), RZ truncates, RP rounds up.
    let half_ulp = (1.0f32 + 2f32.powi(-11)).to_bits() as u64;
    assert_eq!(one("cvt.rn.f16.f32 $0, $1;", &[half_ulp]), 0x3C00);
    assert_eq!(one("cvt.rp.f16.f32 $0, $1;", &[half_ulp]), 0x3C01);
    assert_eq!(one("cvt.rn.f16x2.f32 $0, $2, $1;", &[1f32.to_bits() as u64, 2f32.to_bits() as u64]), 0x4000_3C00);
    assert_eq!(one("cvt.rn.relu.f16.f32 $0, $1;", &[(-3f32).to_bits() as u64]), 0);
    // bf16: 1.0 = 0x3f80.
    assert_eq!(one("cvt.rn.bf16.f32 $0, $1;", &[1f32.to_bits() as u64]), 0x3F80);
    assert_eq!(one("add.rn.bf16 $0, $1, $2;", &[0x3F80, 0x3F80]), 0x4000);
}

#[test]
fn conversions() {
    let f = |x: f32| x.to_bits() as u64;
    assert_eq!(one("cvt.rzi.s32.f32 $0, $1;", &[f(-2.7)]), (-2i32) as u32 as u64);
    assert_eq!(one("cvt.rni.s32.f32 $0, $1;", &[f(2.5)]), 2);
    assert_eq!(one("cvt.rmi.s32.f32 $0, $1;", &[f(-2.5)]), (-3i32) as u32 as u64);
    assert_eq!(one("cvt.rzi.u32.f32 $0, $1;", &[f(-2.5)]), 0); // saturates
    assert_eq!(one("cvt.rzi.s32.f32 $0, $1;", &[f(f32::NAN)]), 0);
    assert_eq!(one("cvt.rpi.f32.f32 $0, $1;", &[f(1.25)]), f(2.0));
    assert_eq!(one("cvt.rn.f32.s32 $0, $1;", &[0xFFFF_FFFF]), f(-1.0));
    assert_eq!(one("cvt.rz.f32.u32 $0, $1;", &[0xFFFF_FFFF]), f(4294967040.0));
    assert_eq!(one("cvt.s8.s32 $0, $1;", &[0x80]), 0xFFFF_FF80);
    assert_eq!(one("cvt.sat.s8.s32 $0, $1;", &[1000]), 127);
    assert_eq!(one("cvt.u16.u32 $0, $1;", &[0x12_3456]), 0x3456);
    assert_eq!(one("cvt.s64.s32 $0, $1;", &[0xFFFF_FFFF]), u64::MAX);
    assert_eq!(one("cvt.rn.f32.f64 $0, $1;", &[(1.0f64 + 2f64.powi(-30)).to_bits()]), f(1.0));
    assert_eq!(one("cvt.sat.f32.f32 $0, $1;", &[f(3.0)]), f(1.0));
}

#[test]
fn special_registers_come_from_the_environment() {
    struct Lane(u64);
    impl Env for Lane {
        fn load(&mut self, _: Space, _: u64, _: u32, _: bool) -> Result<u128, String> {
            Err("none".into())
        }
        fn store(&mut self, _: Space, _: u64, _: u32, _: u128, _: bool) -> Result<(), String> {
            Err("none".into())
        }
        fn sreg(&mut self, r: SpecialReg) -> u64 {
            if r == SpecialReg::Laneid { self.0 } else { 1 << 40 }
        }
    }
    let p = parse("mov.u32 $0, %laneid;").unwrap();
    let mut ops = [0];
    run(&p, &mut ops, &mut Lane(7)).unwrap();
    assert_eq!(ops[0], 7);
    let p = parse("mov.u64 $0, %clock64;").unwrap();
    run(&p, &mut ops, &mut Lane(7)).unwrap();
    assert_eq!(ops[0], 1 << 40);
}

/// Byte-addressed memory for the load/store tests.
#[derive(Default)]
struct Mem {
    bytes: HashMap<u64, u8>,
    syncs: u32,
    log: Vec<(Space, u64, u32, bool)>,
}

impl Env for Mem {
    fn load(&mut self, space: Space, addr: u64, n: u32, strong: bool) -> Result<u128, String> {
        self.log.push((space, addr, n, strong));
        let mut v = 0u128;
        for k in (0..n as u64).rev() {
            v = v << 8 | *self.bytes.get(&(addr + k)).ok_or(format!("unmapped {addr:#x}"))? as u128;
        }
        Ok(v)
    }
    fn store(&mut self, space: Space, addr: u64, n: u32, value: u128, strong: bool) -> Result<(), String> {
        self.log.push((space, addr, n, strong));
        for k in 0..n as u64 {
            self.bytes.insert(addr + k, (value >> (8 * k)) as u8);
        }
        Ok(())
    }
    fn sreg(&mut self, _: SpecialReg) -> u64 {
        0
    }
    fn sync_point(&mut self) {
        self.syncs += 1;
    }
}

#[test]
fn cache_hinted_loads_and_stores() {
    let mut m = Mem::default();
    let p = parse("st.global.cs.v4.f32 [$0], {$1,$2,$3,$4};").unwrap();
    run(&p, &mut [0x1000, 1, 2, 3, 4], &mut m).unwrap();
    let p = parse("ld.global.cs.v4.f32 {$0,$1,$2,$3}, [$4];").unwrap();
    let mut ops = [0, 0, 0, 0, 0x1000];
    run(&p, &mut ops, &mut m).unwrap();
    assert_eq!(ops, [1, 2, 3, 4, 0x1000]);
    let p = parse("ld.global.ca.v2.s32 {$0,$1}, [$2+8];").unwrap();
    let mut ops = [0, 0, 0x1000];
    run(&p, &mut ops, &mut m).unwrap();
    assert_eq!(ops[..2], [3, 4]);
    let p = parse("ld.global.nc.L1::no_allocate.L2::256B.f32 $0, [$1];").unwrap();
    let mut ops = [0, 0x1004];
    run(&p, &mut ops, &mut m).unwrap();
    assert_eq!(ops[0], 2);
    let p = parse("ld.global.lu.f32 $0, [$1];").unwrap();
    let mut ops = [0, 0x1004];
    run(&p, &mut ops, &mut m).unwrap();
    assert_eq!(ops[0], 2);
    assert!(m.log.iter().all(|&(s, _, n, strong)| s == Space::Global && n == 4 && !strong));
    // Sign extension of narrow loads; a generic volatile load is a scheduling point.
    run(&parse("st.u8 [$0], $1;").unwrap(), &mut [0x2000, 0x80], &mut m).unwrap();
    let mut ops = [0, 0x2000];
    run(&parse("ld.volatile.s8 $0, [$1];").unwrap(), &mut ops, &mut m).unwrap();
    assert_eq!(ops[0], 0xFFFF_FF80);
    assert_eq!(m.syncs, 1);
    assert_eq!(m.log.last(), Some(&(Space::Generic, 0x2000, 1, true)));
    // Misaligned vector access is an error.
    let e = run(&parse("ld.global.v2.u32 {$0,$1}, [$2];").unwrap(), &mut [0, 0, 0x1004], &mut m).unwrap_err();
    assert!(e.contains("misaligned"), "{e}");
}

#[test]
fn templates_outside_the_subset_are_refused_with_a_reason() {
    for (t, why) in [
        ("tex.2d.v4.f32.f32 {$0, $1, $2, $3}, [$4, {$5, $6}];", "instruction"),
        ("shfl.sync.idx.b32 $0, $1, $2, $3, $4;", "instruction"),
        ("add.u32 $0, $1, undeclared;", "operand 'undeclared'"),
        ("{ .reg .u32 t; } mov.u32 $0, t;", "operand 't'"),
        ("mov.u32 $0, $1.b0;", "followed by"),
        ("{ add.u32 $0, $1, $2;", "unbalanced"),
        ("add.u32 $0, $1;", "operands"),
        ("vadd4.u32.u32.u32 $0.b10, $1, $2, $3;", "followed by"),
        ("L1: bra L1;", ""),
        ("ld.global.L2::cache_hint.u32 $0, [$1], $2;", "instruction"),
        ("cvt.s32.f32 $0, $1;", "instruction"),
    ] {
        let e = parse(t).expect_err(t);
        assert!(e.contains(why), "{t}: {e}");
    }
}

#[test]
fn every_libdevice_template_parses() {
    let mut all: Vec<String> = vec![
        "bfind.shiftamt.u32 $0, $1;".into(),
        "rcp.approx.ftz.f32 $0,$1;".into(),
        "rsqrt.approx.ftz.f64 $0, $1;".into(),
        MUL128.into(),
        MAD128.into(),
        add128("add", "addc"),
        add128("sub", "subc"),
        SELP_EQU.into(),
        "{\n\tmad.lo.cc.u32   $0, $2, $3, $4;\n\tmadc.hi.u32     $1, $2, $3,  0;\n\t}".into(),
    ];
    for r in ["rn", "rz", "rm", "rp"] {
        all.push(format!("sub.{r}.f32 $0, $1, $2;"));
        all.push(format!("sub.{r}.ftz.f32 $0, $1, $2;"));
        all.push(format!("sub.{r}.f64 $0, $1, $2;"));
    }
    for t in &all {
        parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

/// `±m·2^e` of a finite double.
fn parts(x: f64) -> (i128, i32) {
    let b = x.to_bits();
    let exp = ((b >> 52) & 0x7FF) as i32;
    let frac = (b & ((1 << 52) - 1)) as i128;
    let (m, e) = if exp == 0 { (frac, -1074) } else { (frac | 1 << 52, exp - 1075) };
    (if x < 0.0 { -m } else { m }, e)
}

/// `a - b` rounded by `mode`, from exact integer arithmetic (exponents within 60 of each other).
fn exact_sub(a: f64, b: f64, fmt: crate::ori::interp::float::Format, mode: Round) -> u64 {
    let ((ma, ea), (mb, eb)) = (parts(a), parts(b));
    let e = ea.min(eb);
    let d = (ma << (ea - e)) - (mb << (eb - e));
    if d == 0 {
        let neg = mode == Round::Rm;
        return if neg { 1 << (fmt.prec + fmt.exp_bits - 1) } else { 0 };
    }
    crate::ori::interp::float::round_exact(d < 0, d.unsigned_abs(), e, fmt, mode)
}

#[test]
fn directed_subtraction_is_correctly_rounded() {
    use crate::ori::interp::float::{DOUBLE, SINGLE};
    let modes = [("rn", Round::Rn), ("rz", Round::Rz), ("rm", Round::Rm), ("rp", Round::Rp)];
    let progs: Vec<(Program, Program, Round)> = modes
        .iter()
        .map(|(n, m)| {
            (
                parse(&format!("sub.{n}.f32 $0, $1, $2;")).unwrap(),
                parse(&format!("sub.{n}.f64 $0, $1, $2;")).unwrap(),
                *m,
            )
        })
        .collect();
    let mut r = Rng(3);
    for _ in 0..20_000 {
        // Exponents close enough for an exact integer difference.
        let f = |r: &mut Rng| f32::from_bits(((r.next() as u32) & 0x807F_FFFF) | ((120 + r.next() % 16) as u32) << 23);
        let d = |r: &mut Rng| f64::from_bits((r.next() & 0x800F_FFFF_FFFF_FFFF) | (1000 + r.next() % 40) << 52);
        let (a, b) = (f(&mut r), f(&mut r));
        let (x, y) = (d(&mut r), d(&mut r));
        for (p32, p64, m) in &progs {
            let got = exec(p32, &[0, a.to_bits() as u64, b.to_bits() as u64])[0];
            assert_eq!(got, exact_sub(a as f64, b as f64, SINGLE, *m), "{a:e} - {b:e} {m:?}");
            let got = exec(p64, &[0, x.to_bits(), y.to_bits()])[0];
            assert_eq!(got, exact_sub(x, y, DOUBLE, *m), "{x:e} - {y:e} {m:?}");
        }
    }
}
