use super::*;

#[test]
fn opcode_mix_reads_cuobjdump_lines() {
    let l = "        /*0000*/                   LDC R1, c[0x0][0x28] ;   /* 0x00 */\n\
             \x20                                                        /* 0x000fe */\n\
             \x20       /*0070*/               @P0 EXIT ;\n\
             \x20       /*0080*/                   IMAD.WIDE R2, R7, 0x4, R2 ;\n";
    assert_eq!(opcode_mix(l), vec!["EXIT", "IMAD", "LDC"]);
}

#[test]
fn float_immediates_print_like_cuobjdump() {
    assert_eq!(fimm(0.5, true), "0.5");
    assert_eq!(fimm(16777216.0, true), "16777216");
    assert_eq!(fimm(f32::MIN_POSITIVE as f64, true), "1.1754944e-38");
    assert_eq!(fimm(f64::INFINITY, false), "+INF");
    assert_eq!(fimm(-126.0, true), "-126");
    assert_eq!(imm(0xFFFF_FFF9), "-0x7");
    assert_eq!(imm(0x1_0000_0000), "0x100000000");
}

#[test]
fn lop3_tables_follow_operand_swaps() {
    use crate::ori::opcode::lut;
    // a & ~b with a and b exchanged is b & ~a.
    assert_eq!(expand::permute_lut(lut::AND_NOT, [1, 0, 2]), 0xCC & !0xF0);
    // Symmetric functions do not change; the identity permutation changes nothing.
    assert_eq!(expand::permute_lut(lut::XOR, [1, 0, 2]), lut::XOR);
    assert_eq!(expand::permute_lut(0xCA, [0, 1, 2]), 0xCA);
    // a ? b : c (0xca) with b and c exchanged is a ? c : b.
    assert_eq!(expand::permute_lut(0xCA, [0, 2, 1]), (0xF0 & 0xAA) | (!0xF0 & 0xCC));
}

#[test]
fn call_arguments_take_consecutive_registers_with_aligned_pairs() {
    assert_eq!(calls::abi_regs(&[1, 2, 1]), vec![4, 6, 8]);
    assert_eq!(calls::abi_regs(&[2, 1, 1, 2]), vec![4, 6, 7, 8]);
}

/// A kernel with one 32-bit unsigned division, unallocated: the listing expands the macro, its
/// scratch registers are numbered above every virtual register (R0..R2 here) and its predicates
/// from P0 (there are no predicate registers).
#[test]
fn division_expands_with_fresh_scratch() {
    use crate::ori::ir::{Block, PairMode, RegFile};
    use crate::ori::opcode::Op;
    let mut f = Function { name: "k".into(), is_kernel: true, ..Default::default() };
    let [a, b, d] = [0; 3].map(|_| f.new_reg(RegFile::R, PairMode::Single));
    let r = Operand::Reg;
    let div = Inst::new(Op::IDiv { signed: false, rem: false, w64: false }, vec![r(d)], vec![r(a), r(b)]);
    f.blocks.push(Block { insts: vec![div, Inst::new(Op::Exit, vec![], vec![])], ..Default::default() });
    let text = listing(&[&f], 90);
    assert!(!text.contains("IDIV"), "{text}");
    assert!(text.contains("I2F.U32.RP R4, R1 ;"), "{text}");
    assert!(!text.contains("LDC R1"), "no prologue without an allocation: {text}");
    assert!(text.contains("ISETP.NE.U32.AND P0, PT, R1, RZ, PT ;"), "{text}");
    assert!(text.contains("IMAD.HI.U32 R2, R5, R0, RZ ;"), "the quotient goes straight to d: {text}");
    assert!(text.contains("@!P0 LOP3.LUT R2, RZ, R1, RZ, 0x33, !PT ;"), "{text}");
    assert!(text.contains("EXIT ;"), "{text}");
}
