//! Unit and property tests of the allocator; the checker is the oracle throughout.

use super::checker::{self, CheckInput};
use super::*;
use crate::ori::ir::{Bix, Block, Guard, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, MadKind, Space};
use proptest::prelude::*;

fn func(nblocks: usize) -> Function {
    Function {
        name: "k".into(),
        is_kernel: true,
        blocks: (0..nblocks).map(|b| Block { label: b as u32, ..Default::default() }).collect(),
        ..Default::default()
    }
}

fn r(v: VReg) -> Operand {
    Operand::Reg(v)
}

fn mov(d: VReg, imm: u64) -> Inst {
    let w64 = false;
    Inst::new(Op::Mov { w64 }, vec![r(d)], vec![Operand::Imm(imm)])
}

fn mov64(d: VReg, imm: u64) -> Inst {
    Inst::new(Op::Mov { w64: true }, vec![r(d)], vec![Operand::Imm(imm)])
}

fn add(d: VReg, a: VReg, b: VReg) -> Inst {
    Inst::new(Op::IAdd3 { neg_b: false, w64: false }, vec![r(d)], vec![r(a), r(b), Operand::Zero])
}

fn add3(d: VReg, a: VReg, b: VReg, c: VReg) -> Inst {
    Inst::new(Op::IAdd3 { neg_b: false, w64: false }, vec![r(d)], vec![r(a), r(b), r(c)])
}

fn add64(d: VReg, a: VReg, b: VReg) -> Inst {
    Inst::new(Op::IAdd3 { neg_b: false, w64: true }, vec![r(d)], vec![r(a), r(b), Operand::Zero])
}

fn wide(d: VReg, a: VReg, b: VReg, c: VReg) -> Inst {
    Inst::new(Op::IMad { kind: MadKind::Wide { signed: false }, w64: false }, vec![r(d)], vec![r(a), r(b), r(c)])
}

fn setp(p: VReg, a: VReg, b: VReg) -> Inst {
    Inst::new(
        Op::ISetp { cmp: Cmp::Lt, signed: true, w64: false, bop: BoolOp::And },
        vec![r(p)],
        vec![r(a), r(b), Operand::True],
    )
}

fn sel(d: VReg, a: VReg, b: VReg, p: VReg) -> Inst {
    Inst::new(Op::Sel { w64: false }, vec![r(d)], vec![r(a), r(b), r(p)])
}

fn copy(d: VReg, s: VReg) -> Inst {
    Inst::new(Op::Copy, vec![r(d)], vec![r(s)])
}

fn store(addr: VReg, v: VReg, bits: u32) -> Inst {
    Inst::new(Op::St { space: Space::Global, bits, volatile: false, offset: 0 }, vec![], vec![r(addr), r(v)])
}

fn guarded(p: VReg, negated: bool, mut i: Inst) -> Inst {
    i.guard = Some(Guard { pred: p, negated });
    i
}

fn bra(target: u32) -> Inst {
    Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(target))])
}

fn exit() -> Inst {
    Inst::new(Op::Exit, vec![], vec![])
}

fn single(f: &mut Function) -> VReg {
    f.new_reg(RegFile::R, PairMode::Single)
}

fn pair(f: &mut Function) -> VReg {
    f.new_reg(RegFile::R, PairMode::Pair)
}

fn pred(f: &mut Function) -> VReg {
    f.new_reg(RegFile::P, PairMode::Single)
}

/// Allocates with exactly `r_limit` usable R registers (R0..R(r_limit-1)), checker on.
fn alloc(f: &mut Function, r_limit: u32) -> Allocation {
    match allocate(f, &Budget::exact(r_limit + RESERVED_COUNT), &Knobs::default(), true) {
        Ok(a) => a,
        Err(e) => panic!("{e}\n{}", crate::ori::print::virtual_function_text(f)),
    }
}

fn check(f: &Function, a: &Allocation, r_limit: u32) -> Result<(), Vec<checker::CheckError>> {
    checker::check(&CheckInput { func: f, origin: &a.origin, r_limit })
}

/// The physical register the assignment of the allocated `f` gives `v`.
fn reg_of(f: &Function, v: VReg) -> PhysReg {
    PhysReg(f.assignment.as_ref().expect("an allocated function")[v.idx()])
}

/// The assignment of the allocated `f`, to corrupt.
fn phys_mut(f: &mut Function) -> &mut Vec<u32> {
    f.assignment.as_mut().expect("an allocated function")
}

fn count_ops(f: &Function, pred: impl Fn(&Inst) -> bool) -> usize {
    f.blocks.iter().flat_map(|b| &b.insts).filter(|i| pred(i)).count()
}

#[test]
fn register_count_rule() {
    assert_eq!(used_registers(None), 4, "an empty kernel: R1 + 1 + 2");
    assert_eq!(used_registers(Some(0)), 4);
    assert_eq!(used_registers(Some(5)), 8, "R0..R5");
    assert_eq!(Budget::exact(8).r_limit(), 6);
}

#[test]
fn budgets() {
    assert_eq!(Budget::for_kernel(None, None).registers, 255);
    assert_eq!(Budget::for_kernel(Some(32), None), Budget { registers: 32, source: "maxrregcount", raised_from: None });
    let b = Budget::for_kernel(Some(8), None);
    assert_eq!((b.registers, b.raised_from), (24, Some(8)));
    let lb = |maxntid: Option<u32>, minctasm: Option<u32>, maxnreg: Option<u32>| LaunchBounds {
        is_kernel: true,
        maxntid: [maxntid, None, None],
        minctasm,
        maxnreg,
        ..Default::default()
    };
    assert_eq!(Budget::for_kernel(None, Some(&lb(Some(256), Some(2), None))).registers, 128);
    assert_eq!(Budget::for_kernel(None, Some(&lb(Some(1024), None, None))).registers, 64);
    assert_eq!(Budget::for_kernel(None, Some(&lb(Some(128), Some(4), None))).registers, 128);
    assert_eq!(Budget::for_kernel(None, Some(&lb(Some(100), Some(3), None))).registers, 168);
    assert_eq!(Budget::for_kernel(None, Some(&lb(Some(32), None, None))).registers, 255);
    let b = Budget::for_kernel(Some(100), Some(&lb(None, None, Some(40))));
    assert_eq!((b.registers, b.source), (40, "maxnreg"));
}

#[test]
fn knobs_parse() {
    let mut k = Knobs::default();
    assert_eq!(k.threshold_for_discard_conflicts, 50);
    k.set("RegAllocThresholdForDiscardConflicts=7").unwrap();
    k.set("RegAllocNumNonSpillTrials=1").unwrap();
    assert_eq!(k, Knobs { threshold_for_discard_conflicts: 7, num_non_spill_trials: 1 });
    assert!(k.set("NoSuchKnob=1").is_err());
    assert!(k.set("RegAllocNumNonSpillTrials").is_err());
    assert!(k.set("RegAllocNumNonSpillTrials=x").is_err());
}

#[test]
fn straight_line_is_compact_and_skips_r1() {
    let mut f = func(1);
    let (a, b, c) = (single(&mut f), single(&mut f), single(&mut f));
    let addr = pair(&mut f);
    f.blocks[0].insts = vec![mov64(addr, 0x100), mov(a, 1), mov(b, 2), add(c, a, b), store(addr, c, 32), exit()];
    let al = alloc(&mut f, 253);
    assert_eq!(reg_of(&f, addr), PhysReg(2), "R0:R1 would overlap the stack pointer");
    assert_eq!(reg_of(&f, a), PhysReg(0));
    assert_eq!(reg_of(&f, b), PhysReg(4));
    assert_eq!(reg_of(&f, c), PhysReg(0), "c reuses a's register: a dies at the add");
    assert_eq!(al.stats.used_registers, 4 + 1 + 2);
    assert!(al.stats.spilled.is_empty());
}

#[test]
fn early_clobber_source_gets_another_register() {
    let mut f = func(1);
    let (a, b, c, d) = (single(&mut f), single(&mut f), single(&mut f), single(&mut f));
    let addr = pair(&mut f);
    f.blocks[0].insts =
        vec![mov64(addr, 0), mov(a, 1), mov(b, 2), mov(c, 3), add3(d, a, b, c), store(addr, d, 32), exit()];
    alloc(&mut f, 253);
    assert_ne!(reg_of(&f, d), reg_of(&f, c));
}

/// A counted loop after phi elimination: the phi copies coalesce.
#[test]
fn loop_copies_become_identities() {
    let mut f = func(3);
    let (i0, i, t, inext, n) = (single(&mut f), single(&mut f), single(&mut f), single(&mut f), single(&mut f));
    let p = pred(&mut f);
    let addr = pair(&mut f);
    let one = single(&mut f);
    f.blocks[0].insts = vec![mov64(addr, 0), mov(n, 10), mov(one, 1), mov(i0, 0), copy(t, i0)];
    f.blocks[1].insts =
        vec![copy(i, t), add(inext, i, one), setp(p, inext, n), copy(t, inext), guarded(p, false, bra(1))];
    f.blocks[2].insts = vec![store(addr, inext, 32), exit()];
    let al = alloc(&mut f, 253);
    assert_eq!(al.stats.identity_copies, 3, "{:?}", f.assignment);
    assert_eq!(reg_of(&f, i), reg_of(&f, t));
    let removed = delete_identity_copies(&mut f);
    assert_eq!(removed, 3);
    assert_eq!(count_ops(&f, |i| i.op == Op::Copy), 0);
}

#[test]
fn pressure_over_the_budget_spills_to_local_memory() {
    // Ten values live across a store sequence with six R registers available.
    let mut f = func(1);
    let addr = pair(&mut f);
    let vals: Vec<VReg> = (0..10).map(|_| single(&mut f)).collect();
    let mut insts = vec![mov64(addr, 0)];
    insts.extend(vals.iter().enumerate().map(|(k, &v)| mov(v, k as u64)));
    insts.extend(vals.iter().map(|&v| store(addr, v, 32)));
    insts.push(exit());
    f.blocks[0].insts = insts;
    f.local_frame = 16;
    let al = alloc(&mut f, 6);
    assert!(!al.stats.spilled.is_empty());
    assert!(al.stats.highest_r.unwrap() < 6);
    assert!(count_ops(&f, |i| matches!(i.op, Op::St { space: Space::Local, .. })) > 0);
    assert!(count_ops(&f, |i| matches!(i.op, Op::Ld { space: Space::Local, .. })) > 0);
    assert!(f.local_frame > 16, "the spill area follows the allocas");
    assert_eq!(al.stats.spill_store_bytes, 4 * count_ops(&f, |i| spill::spill_access(i).is_some_and(|a| a.0)) as u32);
    // Spill slots lie beyond the original frame.
    for i in f.blocks.iter().flat_map(|b| &b.insts) {
        if let Some((_, off, _)) = spill::spill_access(i) {
            assert!(off >= 16);
        }
    }
}

#[test]
fn pairs_spill_as_64_bit_slots() {
    let mut f = func(1);
    let addr = pair(&mut f);
    let vals: Vec<VReg> = (0..5).map(|_| pair(&mut f)).collect();
    let mut insts = vec![mov64(addr, 0)];
    insts.extend(vals.iter().enumerate().map(|(k, &v)| mov64(v, k as u64)));
    insts.extend(vals.iter().map(|&v| store(addr, v, 64)));
    insts.push(exit());
    f.blocks[0].insts = insts;
    let al = alloc(&mut f, 8);
    assert!(!al.stats.spilled.is_empty());
    assert!(count_ops(&f, |i| matches!(i.op, Op::St { space: Space::Local, bits: 64, .. })) > 0);
    let phys = f.assignment.as_ref().unwrap();
    for (v, info) in f.regs.iter().enumerate() {
        if info.pair == PairMode::Pair && phys[v] != 0 {
            assert_eq!(phys[v] % 2, 0);
        }
    }
}

#[test]
fn predicates_spill_through_general_registers() {
    // Nine predicates live at once; P0..P6 hold seven.
    let mut f = func(1);
    let (a, b) = (single(&mut f), single(&mut f));
    let addr = pair(&mut f);
    let ps: Vec<VReg> = (0..9).map(|_| pred(&mut f)).collect();
    let mut insts = vec![mov64(addr, 0), mov(a, 1), mov(b, 2)];
    insts.extend(ps.iter().map(|&p| setp(p, a, b)));
    insts.extend(ps.iter().map(|&p| guarded(p, false, store(addr, a, 32))));
    insts.push(exit());
    f.blocks[0].insts = insts;
    let al = alloc(&mut f, 253);
    assert!(!al.stats.spilled.is_empty());
    assert!(count_ops(&f, |i| matches!(i.op, Op::Sel { .. })) > 0, "carrier writes");
    assert!(al.stats.predicates <= 7);
}

#[test]
fn checker_reports_a_clobbered_value() {
    let mut f = func(1);
    let (a, b, c) = (single(&mut f), single(&mut f), single(&mut f));
    let addr = pair(&mut f);
    f.blocks[0].insts = vec![mov64(addr, 0), mov(a, 1), mov(b, 2), add(c, a, b), store(addr, c, 32), exit()];
    let al = alloc(&mut f, 253);
    check(&f, &al, 253).unwrap();
    let phys = phys_mut(&mut f);
    phys[b.idx()] = phys[a.idx()];
    let errors = check(&f, &al, 253).unwrap_err();
    let text = errors[0].to_string();
    assert!(text.contains("function @k bix0 inst 3"), "{text}");
    assert!(text.contains("use of %r0 expects R0 to hold it, but it holds {%r1}"), "{text}");
}

#[test]
fn checker_reports_static_violations() {
    let mut f = func(1);
    let (a, c) = (single(&mut f), single(&mut f));
    let addr = pair(&mut f);
    f.blocks[0].insts = vec![mov64(addr, 0), mov(a, 1), add3(c, a, a, a), store(addr, c, 32), exit()];
    let al = alloc(&mut f, 253);
    let phys = phys_mut(&mut f);
    phys[addr.idx()] = 3;
    phys[c.idx()] = phys[a.idx()];
    let errors = check(&f, &al, 253).unwrap_err();
    let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(all.iter().any(|e| e.contains("%rd2 is assigned R3 (width 2)")), "{all:?}");
    assert!(all.iter().any(|e| e.contains("early-clobber")), "{all:?}");
    phys_mut(&mut f)[a.idx()] = 1;
    let errors = check(&f, &al, 253).unwrap_err();
    assert!(errors.iter().any(|e| e.to_string().contains("%r0 is assigned R1")));
}

#[test]
fn checker_follows_values_through_a_diamond() {
    // b0: @p BRA b2; b1: x = 1; BRA b3; b2: x = 2; b3: store x
    let mut f = func(4);
    let (a, x) = (single(&mut f), single(&mut f));
    let p = pred(&mut f);
    let addr = pair(&mut f);
    f.blocks[0].insts = vec![mov64(addr, 0), mov(a, 0), setp(p, a, a), guarded(p, false, bra(2))];
    f.blocks[1].insts = vec![mov(x, 1), bra(3)];
    f.blocks[2].insts = vec![mov(x, 2)];
    f.blocks[3].insts = vec![store(addr, x, 32), exit()];
    let al = alloc(&mut f, 253);
    check(&f, &al, 253).unwrap();
    // Make the else side write x somewhere else: the join no longer knows where x is.
    let mut g = f.clone();
    let y = single(&mut g);
    g.blocks[2].insts = vec![mov(y, 2)];
    let phys = phys_mut(&mut g);
    phys.push(phys[x.idx()] + 2);
    let errors = checker::check(&CheckInput { func: &g, origin: &al.origin, r_limit: 253 }).unwrap_err();
    assert!(errors[0].to_string().contains("bix3 inst 0"), "{}", errors[0]);
}

#[test]
fn guarded_definitions() {
    // x = 1; p = ...; @p x = 2; store x: the old x must survive a false guard.
    let mut f = func(1);
    let (x, a) = (single(&mut f), single(&mut f));
    let p = pred(&mut f);
    let addr = pair(&mut f);
    f.blocks[0].insts = vec![
        mov64(addr, 0),
        mov(x, 1),
        mov(a, 2),
        setp(p, a, a),
        guarded(p, false, Inst::new(Op::Mov { w64: false }, vec![r(x)], vec![r(a)])),
        store(addr, x, 32),
        exit(),
    ];
    let al = alloc(&mut f, 253);
    assert_ne!(reg_of(&f, x), reg_of(&f, a), "x is live across the guarded write");
    // With a in x's register the old x is gone when the guard is false: the store is wrong.
    let phys = phys_mut(&mut f);
    phys[a.idx()] = phys[x.idx()];
    let errors = check(&f, &al, 253).unwrap_err();
    assert!(errors[0].to_string().contains("bix0 inst 5"), "{}", errors[0]);
    // A guarded write of a dead value may land anywhere.
    let mut h = func(1);
    let (x, a) = (single(&mut h), single(&mut h));
    let p = pred(&mut h);
    let addr = pair(&mut h);
    h.blocks[0].insts = vec![
        mov64(addr, 0),
        mov(a, 2),
        setp(p, a, a),
        guarded(p, false, Inst::new(Op::Mov { w64: false }, vec![r(x)], vec![r(a)])),
        mov(x, 3),
        store(addr, x, 32),
        exit(),
    ];
    alloc(&mut h, 253);
}

#[test]
fn uniform_files_are_allocated_on_their_own() {
    // 70 uniform values live at once (UR0..UR62 hold 63), plus uniform predicates and R values
    // that may reuse the same numbers in their own file.
    let mut f = func(1);
    let addr = pair(&mut f);
    let urs: Vec<VReg> = (0..70).map(|_| f.new_reg(RegFile::UR, PairMode::Single)).collect();
    let up = f.new_reg(RegFile::UP, PairMode::Single);
    let x = single(&mut f);
    let mut insts = vec![mov64(addr, 0), mov(x, 7)];
    insts.extend(urs.iter().enumerate().map(|(k, &u)| mov(u, k as u64)));
    insts.push(setp(up, urs[0], urs[1]));
    insts.extend(urs.iter().map(|&u| guarded(up, false, store(addr, u, 32))));
    insts.push(store(addr, x, 32));
    insts.push(exit());
    f.blocks[0].insts = insts;
    let al = alloc(&mut f, 253);
    assert!(al.stats.spilled.iter().all(|v| f.reg_info(*v).file == RegFile::UR));
    assert!(!al.stats.spilled.is_empty(), "70 uniform values do not fit UR0..UR62");
    for (v, info) in f.regs.iter().enumerate() {
        if info.file == RegFile::UR {
            assert!(reg_of(&f, VReg(v as u32)).0 < 63, "URZ is UR63");
        }
    }
    assert_eq!(reg_of(&f, x), PhysReg(0), "R numbering is independent of UR");
}

#[test]
fn an_impossible_budget_fails_with_ptxas_message() {
    let mut f = func(1);
    let (a, b) = (pair(&mut f), pair(&mut f));
    let d = pair(&mut f);
    f.blocks[0].insts = vec![mov64(a, 0), mov64(b, 0), add64(d, a, b), store(a, d, 64), exit()];
    // One usable register (R0): no pair fits.
    let e = allocate(&mut f, &Budget::exact(1 + RESERVED_COUNT), &Knobs::default(), true).unwrap_err();
    assert!(e.to_string().contains("Register allocation failed with register count of '1'"), "{e}");
}

#[test]
fn threshold_knob_discards_costly_slots() {
    // d = COPY s while s stays live: the copy partner's slot is blocked, so every other slot
    // costs 1 (a missed affinity). A zero threshold discards them all and forces a spill.
    let mut f = func(1);
    let (s, d) = (single(&mut f), single(&mut f));
    let addr = pair(&mut f);
    f.blocks[0].insts =
        vec![mov64(addr, 0), mov(s, 1), copy(d, s), add(s, s, d), store(addr, s, 32), store(addr, d, 32), exit()];
    let strict = Knobs { threshold_for_discard_conflicts: 0, ..Knobs::default() };
    let mut g = f.clone();
    let a = allocate(&mut g, &Budget::exact(255), &strict, true).unwrap();
    assert!(!a.stats.spilled.is_empty());
    let a = alloc(&mut f, 253);
    assert!(a.stats.spilled.is_empty());
}

// ------------------------------------------------------------------------------------------------
// Property tests: random valid-by-construction functions at low register limits.
// ------------------------------------------------------------------------------------------------

/// One generated instruction; indices pick from the pools modulo their sizes.
#[derive(Clone, Debug)]
enum Gen {
    /// `IADD3 d, a, b, [c]` on singles; `dst` < 128 redefines a global, else a new temporary.
    Add { dst: u8, a: u8, b: u8, c: Option<u8> },
    /// `IADD3.64` on pairs.
    Add64 { dst: u8, a: u8, b: u8 },
    /// `IMAD.WIDE.U32 d, a, b, c`.
    Wide { dst: u8, a: u8, b: u8, c: u8 },
    /// `ISETP` into a global or a new predicate.
    Setp { dst: u8, a: u8, b: u8 },
    /// `SEL d, a, b, p`.
    Sel { dst: u8, a: u8, b: u8, p: u8 },
    /// `@p MOV g, a` (a guarded redefinition of a global).
    GuardedMov { dst: u8, a: u8, p: u8, negated: bool },
    /// `COPY g, a`.
    Copy { dst: u8, a: u8 },
    /// `STG [pair], single`.
    Store { addr: u8, v: u8 },
}

#[derive(Clone, Debug)]
enum Region {
    Straight(Vec<Gen>),
    Diamond { cond: (u8, u8), then: Vec<Gen>, other: Vec<Gen> },
    Loop { body: Vec<Gen>, counter: u8 },
}

#[derive(Clone, Debug)]
struct Spec {
    singles: u8,
    pairs: u8,
    preds: u8,
    regions: Vec<Region>,
}

/// Pools of defined registers while generating one block.
struct Pools {
    singles: Vec<VReg>,
    pairs: Vec<VReg>,
    preds: Vec<VReg>,
    /// How many of each pool are globals (defined at the entry, redefinable anywhere).
    globals: (usize, usize, usize),
}

impl Pools {
    fn pick(v: &[VReg], k: u8) -> VReg {
        v[k as usize % v.len()]
    }
}

fn emit_gen(f: &mut Function, pools: &mut Pools, g: &Gen, out: &mut Vec<Inst>) {
    let (gs, gp, gq) = pools.globals;
    let s = |p: &Pools, k| Pools::pick(&p.singles, k);
    let d = |p: &Pools, k| Pools::pick(&p.pairs, k);
    let q = |p: &Pools, k| Pools::pick(&p.preds, k);
    match *g {
        Gen::Add { dst, a, b, c } => {
            let (a, b) = (s(pools, a), s(pools, b));
            let c = c.map(|c| s(pools, c));
            let t = if dst < 128 { pools.singles[dst as usize % gs] } else { single(f) };
            out.push(match c {
                Some(c) => add3(t, a, b, c),
                None => add(t, a, b),
            });
            if dst >= 128 {
                pools.singles.push(t);
            }
        }
        Gen::Add64 { dst, a, b } => {
            let (a, b) = (d(pools, a), d(pools, b));
            let t = if dst < 128 { pools.pairs[dst as usize % gp] } else { pair(f) };
            out.push(add64(t, a, b));
            if dst >= 128 {
                pools.pairs.push(t);
            }
        }
        Gen::Wide { dst, a, b, c } => {
            let (a, b, c) = (s(pools, a), s(pools, b), d(pools, c));
            let t = if dst < 128 { pools.pairs[dst as usize % gp] } else { pair(f) };
            out.push(wide(t, a, b, c));
            if dst >= 128 {
                pools.pairs.push(t);
            }
        }
        Gen::Setp { dst, a, b } => {
            let (a, b) = (s(pools, a), s(pools, b));
            let t = if dst < 128 && gq > 0 { pools.preds[dst as usize % gq] } else { pred(f) };
            out.push(setp(t, a, b));
            if !(dst < 128 && gq > 0) {
                pools.preds.push(t);
            }
        }
        Gen::Sel { dst, a, b, p } => {
            if pools.preds.is_empty() {
                return;
            }
            let (a, b, p) = (s(pools, a), s(pools, b), q(pools, p));
            let t = if dst < 128 { pools.singles[dst as usize % gs] } else { single(f) };
            out.push(sel(t, a, b, p));
            if dst >= 128 {
                pools.singles.push(t);
            }
        }
        Gen::GuardedMov { dst, a, p, negated } => {
            if pools.preds.is_empty() {
                return;
            }
            let (a, p) = (s(pools, a), q(pools, p));
            let t = pools.singles[dst as usize % gs];
            out.push(guarded(p, negated, Inst::new(Op::Mov { w64: false }, vec![r(t)], vec![r(a)])));
        }
        Gen::Copy { dst, a } => {
            let a = s(pools, a);
            let t = pools.singles[dst as usize % gs];
            out.push(copy(t, a));
        }
        Gen::Store { addr, v } => {
            let (addr, v) = (d(pools, addr), s(pools, v));
            out.push(store(addr, v, 32));
        }
    }
}

/// Builds the function of a spec: an entry defining the globals, the regions, an exit block
/// storing every global (so they all stay live to the end).
fn build(spec: &Spec) -> Function {
    let mut f = func(0);
    let singles: Vec<VReg> = (0..spec.singles.max(2)).map(|_| single(&mut f)).collect();
    let pairs: Vec<VReg> = (0..spec.pairs.max(1)).map(|_| pair(&mut f)).collect();
    let preds: Vec<VReg> = (0..spec.preds).map(|_| pred(&mut f)).collect();
    let mut blocks: Vec<Vec<Inst>> = Vec::new();
    let mut entry = Vec::new();
    for (k, &v) in singles.iter().enumerate() {
        entry.push(mov(v, k as u64));
    }
    for (k, &v) in pairs.iter().enumerate() {
        entry.push(mov64(v, 0x1000 * k as u64));
    }
    for (k, &p) in preds.iter().enumerate() {
        entry.push(setp(p, singles[k % singles.len()], singles[(k + 1) % singles.len()]));
    }
    blocks.push(entry);
    let globals = (singles.len(), pairs.len(), preds.len());
    let fresh = |globals: (usize, usize, usize)| Pools {
        singles: singles[..globals.0].to_vec(),
        pairs: pairs[..globals.1].to_vec(),
        preds: preds[..globals.2].to_vec(),
        globals,
    };
    let gen_block = |f: &mut Function, gens: &[Gen]| -> Vec<Inst> {
        let mut pools = fresh(globals);
        let mut out = Vec::new();
        for g in gens {
            emit_gen(f, &mut pools, g, &mut out);
        }
        out
    };
    for region in &spec.regions {
        match region {
            Region::Straight(gens) => {
                let code = gen_block(&mut f, gens);
                blocks.last_mut().unwrap().extend(code);
            }
            Region::Diamond { cond, then, other } => {
                // cur: p = a < b; @p BRA else | then: ...; BRA join | else: ... | join:
                let p = pred(&mut f);
                let (a, b) = (Pools::pick(&singles, cond.0), Pools::pick(&singles, cond.1));
                let base = blocks.len() as u32;
                let cur = blocks.last_mut().unwrap();
                cur.push(setp(p, a, b));
                cur.push(guarded(p, false, bra(base + 1)));
                let mut t = gen_block(&mut f, then);
                t.push(bra(base + 2));
                blocks.push(t);
                blocks.push(gen_block(&mut f, other));
                blocks.push(Vec::new());
            }
            Region::Loop { body, counter } => {
                // header: body; ctr += ctr; p = ctr < s0; @p BRA header | after:
                let header = blocks.len() as u32;
                let mut code = gen_block(&mut f, body);
                let ctr = Pools::pick(&singles, *counter);
                let p = pred(&mut f);
                code.push(add(ctr, ctr, singles[0]));
                code.push(setp(p, ctr, singles[1]));
                code.push(guarded(p, false, bra(header)));
                blocks.push(code);
                blocks.push(Vec::new());
            }
        }
    }
    let mut tail = Vec::new();
    for &v in &singles {
        tail.push(store(pairs[0], v, 32));
    }
    for &v in &pairs {
        tail.push(Inst::new(
            Op::St { space: Space::Global, bits: 64, volatile: false, offset: 0 },
            vec![],
            vec![r(v), r(v)],
        ));
    }
    for &p in &preds {
        tail.push(guarded(p, true, store(pairs[0], singles[0], 32)));
    }
    tail.push(exit());
    blocks.push(tail);
    f.blocks = blocks
        .into_iter()
        .enumerate()
        .map(|(b, insts)| Block { insts, label: b as u32, name: String::new() })
        .collect();
    f
}

fn gen_inst() -> impl Strategy<Value = Gen> {
    let u = any::<u8>;
    prop_oneof![
        4 => (u(), u(), u(), prop::option::weighted(0.2, u())).prop_map(|(dst, a, b, c)| Gen::Add { dst, a, b, c }),
        2 => (u(), u(), u()).prop_map(|(dst, a, b)| Gen::Add64 { dst, a, b }),
        1 => (u(), u(), u(), u()).prop_map(|(dst, a, b, c)| Gen::Wide { dst, a, b, c }),
        2 => (u(), u(), u()).prop_map(|(dst, a, b)| Gen::Setp { dst, a, b }),
        1 => (u(), u(), u(), u()).prop_map(|(dst, a, b, p)| Gen::Sel { dst, a, b, p }),
        1 => (u(), u(), u(), any::<bool>()).prop_map(|(dst, a, p, negated)| Gen::GuardedMov { dst, a, p, negated }),
        1 => (u(), u()).prop_map(|(dst, a)| Gen::Copy { dst, a }),
        1 => (u(), u()).prop_map(|(addr, v)| Gen::Store { addr, v }),
    ]
}

fn gen_code() -> impl Strategy<Value = Vec<Gen>> {
    prop::collection::vec(gen_inst(), 0..10)
}

fn gen_region(loops: bool) -> BoxedStrategy<Region> {
    let straight = gen_code().prop_map(Region::Straight);
    if !loops {
        return straight.boxed();
    }
    prop_oneof![
        2 => straight,
        2 => ((any::<u8>(), any::<u8>()), gen_code(), gen_code())
            .prop_map(|(cond, then, other)| Region::Diamond { cond, then, other }),
        2 => (gen_code(), any::<u8>()).prop_map(|(body, counter)| Region::Loop { body, counter }),
    ]
    .boxed()
}

fn gen_spec(loops: bool) -> impl Strategy<Value = Spec> {
    (2u8..10, 1u8..4, 0u8..5, prop::collection::vec(gen_region(loops), 1..5))
        .prop_map(|(singles, pairs, preds, regions)| Spec { singles, pairs, preds, regions })
}

fn allocate_and_check(spec: &Spec, r_limit: u32) -> Result<(), TestCaseError> {
    let mut f = build(spec);
    let original = f.clone();
    let al = match allocate(&mut f, &Budget::exact(r_limit + RESERVED_COUNT), &Knobs::default(), true) {
        Ok(a) => a,
        Err(e) => {
            return Err(TestCaseError::fail(format!("{e}\n{}", crate::ori::print::virtual_function_text(&original))));
        }
    };
    for v in f.blocks.iter().flat_map(|b| &b.insts).flat_map(|i| i.defs().chain(i.uses())) {
        let info = f.reg_info(v);
        let p = reg_of(&f, v).0;
        if info.file == RegFile::R {
            prop_assert!(p + constraints::width(info) <= r_limit, "R{} over the limit {}", p, r_limit);
            prop_assert!(!(p..p + constraints::width(info)).contains(&1), "R1 given away");
            prop_assert_eq!(p % constraints::width(info), 0, "misaligned R{}", p);
        }
    }
    // More live slots than registers (R1 excluded) cannot be allocated without spilling, unless
    // copies let two live registers with one value share a slot.
    let copies = original.blocks.iter().flat_map(|b| &b.insts).any(|i| i.op == Op::Copy);
    prop_assert!(copies || al.stats.pressure < r_limit || !al.stats.spilled.is_empty());
    // The checker ran inside `allocate` on the code with its identity copies (it needs them:
    // after `d = COPY s` in one register the register holds both values); they then go.
    let removed = delete_identity_copies(&mut f);
    prop_assert_eq!(removed, al.stats.identity_copies);
    prop_assert!(f.blocks.iter().flat_map(|b| &b.insts).all(|i| !is_identity_copy(&f, i)));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn prop_straight_line_checks_at_low_limits(spec in gen_spec(false), limit in prop::sample::select(vec![8u32, 12, 16])) {
        allocate_and_check(&spec, limit)?;
    }

    #[test]
    fn prop_diamonds_and_loops_check_at_low_limits(spec in gen_spec(true), limit in prop::sample::select(vec![8u32, 12, 16])) {
        allocate_and_check(&spec, limit)?;
    }

    #[test]
    fn prop_default_budget_never_spills_small_functions(spec in gen_spec(true)) {
        let mut f = build(&spec);
        let al = allocate(&mut f, &Budget::default(), &Knobs::default(), true).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // At most 9 + 3 pairs + temporaries: far below 253 registers... but P has only 7.
        prop_assert!(al.stats.spilled.iter().all(|v| f.reg_info(*v).file == RegFile::P));
    }
}

// ------------------------------------------------------------------------------------------------
// Regressions and uniform spills (found or checked by the fuzzer, `testing::regalloc_fuzz`).
// ------------------------------------------------------------------------------------------------

/// Regression (fuzzer case 45): with `RegAllocNumNonSpillTrials=1` the only NOSPILL round is
/// wide-first; the spill-cost round that follows it to pick the victims fitted the budget, but
/// its assignment was dropped and, with nothing to spill, the class failed with "Register
/// allocation failed ... (R class:  cannot be placed)". The fitting round is now taken.
#[test]
fn a_fitting_victim_round_is_taken() {
    let mut f = func(1);
    let rd0 = pair(&mut f);
    let (r1, r2, r3) = (single(&mut f), single(&mut f), single(&mut f));
    let rd4 = pair(&mut f);
    f.blocks[0].insts = vec![
        mov64(rd0, 0),
        mov(r1, 1),
        mov(r2, 1),
        store(rd0, r2, 32),
        mov(r3, 1),
        store(rd0, r1, 32),
        mov64(rd4, 1),
        store(rd0, r3, 32),
        store(rd0, rd4, 64),
        exit(),
    ];
    // R0..R5 (R1 reserved): wide-first order does not fit, spill-cost order does.
    let limit = 6;
    let live = Liveness::compute(&f);
    let p = ClassProblem::build(&f, &live, &cfg::analyze(&f), RegFile::R, &|_| false);
    assert!(!fatpoint::run_trial(&p, Order::WideFirst, limit, 50).failed.is_empty());
    assert!(fatpoint::run_trial(&p, Order::SpillCost, limit, 50).failed.is_empty());
    let one = Knobs { num_non_spill_trials: 1, ..Knobs::default() };
    let a = allocate(&mut f, &Budget::exact(limit + RESERVED_COUNT), &one, true).unwrap();
    assert!(a.stats.spilled.is_empty());
    assert_eq!(a.stats.rounds, 2, "wide-first, then the fitting spill-cost round");
}

/// A kernel for the interpreter: parameter `out` (a pointer) at `c[0x0][0x210]`.
fn kernel() -> Function {
    let mut f = func(1);
    f.params.push(crate::ori::ir::Param {
        name: "out".into(),
        size: 8,
        align: 8,
        cbank_offset: 0x210,
        ptx_type: ".u64",
    });
    f
}

fn ur(f: &mut Function) -> VReg {
    f.new_reg(RegFile::UR, PairMode::Single)
}

/// `a = base + 4·k; STG [a], v`.
fn store_word(f: &mut Function, base: VReg, k: u64, v: VReg) -> Vec<Inst> {
    let a = pair(f);
    let add =
        Inst::new(Op::IAdd3 { neg_b: false, w64: true }, vec![r(a)], vec![r(base), Operand::Imm(4 * k), Operand::Zero]);
    vec![add, store(a, v, 32)]
}

/// Runs a [`kernel`] on one warp (with its assignment, if any); returns the output words.
fn run_kernel(f: &Function, words: usize) -> Vec<u8> {
    use crate::ori::interp::{self, Launch, Machine};
    let mut m = Machine::new(&[]);
    let out = m.alloc("out", vec![0xEE; 4 * words]);
    let launch = Launch { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared: 0 };
    interp::run(&mut m, f, &launch, &[out], &interp::Options::default()).unwrap();
    m.buffer(out).unwrap().data.clone()
}

/// 70 uniform values live at once (UR0..UR62 hold 63), each read by a uniform instruction (a
/// chain of `UIADD3`s) and by a vector store.
fn many_uniform_values() -> (Function, Vec<VReg>) {
    let mut f = kernel();
    let base = pair(&mut f);
    let urs: Vec<VReg> = (0..70).map(|_| ur(&mut f)).collect();
    let mut insts =
        vec![Inst::new(Op::Mov { w64: true }, vec![r(base)], vec![Operand::CBank { bank: 0, offset: 0x210 }])];
    insts.extend(urs.iter().enumerate().map(|(k, &u)| mov(u, 3 * k as u64 + 1)));
    let mut acc = urs[0];
    for &u in &urs[1..] {
        let next = ur(&mut f);
        insts.push(add(next, acc, u));
        acc = next;
    }
    for (k, &u) in urs.iter().enumerate().rev() {
        insts.extend(store_word(&mut f, base, k as u64, u));
    }
    insts.extend(store_word(&mut f, base, 70, acc));
    insts.push(exit());
    f.blocks[0].insts = insts;
    (f, urs)
}

fn is_move(f: &Function, i: &Inst, from: RegFile, to: RegFile) -> bool {
    matches!((i.op, i.dsts.as_slice(), i.srcs.as_slice()), (Op::Mov { .. }, [Operand::Reg(d)], [Operand::Reg(s)])
        if f.reg_info(*d).file == to && f.reg_info(*s).file == from)
}

#[test]
fn uniform_registers_spill_into_r() {
    let (mut f, urs) = many_uniform_values();
    let before = f.clone();
    let a = alloc(&mut f, 253);
    assert!(!a.stats.spilled.is_empty(), "70 uniform values do not fit UR0..UR62");
    assert!(a.stats.spilled.iter().all(|v| f.reg_info(*v).file == RegFile::UR));
    // No local memory: each spilled value moved into an R carrier after its definition
    // (`MOV R, UR`) and back before its uniform reader (R2UR).
    assert_eq!(
        count_ops(&f, |i| matches!(i.op, Op::Ld { space: Space::Local, .. } | Op::St { space: Space::Local, .. })),
        0
    );
    assert_eq!(f.local_frame, 0);
    let n = a.stats.spilled.len();
    assert_eq!(count_ops(&f, |i| is_move(&f, i, RegFile::UR, RegFile::R)), n);
    assert_eq!(count_ops(&f, |i| is_move(&f, i, RegFile::R, RegFile::UR)), n, "one uniform reader each");
    // The vector stores read the carriers themselves; the spilled registers are gone.
    for v in &a.stats.spilled {
        assert!(f.blocks[0].insts.iter().all(|i| i.defs().chain(i.uses()).all(|u| u != *v)));
    }
    let carriers = a.origin.iter().filter(|(c, o)| f.reg_info(**c).file == RegFile::R && urs.contains(o)).count();
    assert_eq!(carriers, n);
    for (v, info) in f.regs.iter().enumerate() {
        if info.file == RegFile::UR {
            assert!(reg_of(&f, VReg(v as u32)).0 < 63, "URZ is UR63");
        }
    }
    // R2UR prints as such in the text form.
    assert!(crate::ori::print::virtual_function_text(&f).contains("R2UR %ur"));
    // The spilled code computes what the virtual-register code computes.
    assert_eq!(run_kernel(&before, 71), run_kernel(&f, 71));
}

#[test]
fn uniform_spills_chain_through_r_into_local_memory() {
    // Six R registers (R0, R2..R5 usable) cannot hold the carriers: they go to local memory.
    let (mut f, _) = many_uniform_values();
    let before = f.clone();
    let a = alloc(&mut f, 6);
    let files: Vec<RegFile> = a.stats.spilled.iter().map(|v| f.reg_info(*v).file).collect();
    assert!(files.contains(&RegFile::UR) && files.contains(&RegFile::R), "{files:?}");
    assert!(count_ops(&f, |i| matches!(i.op, Op::St { space: Space::Local, .. })) > 0);
    assert!(a.stats.highest_r.unwrap() < 6);
    assert_eq!(run_kernel(&before, 71), run_kernel(&f, 71));
}

#[test]
fn uniform_predicates_spill_into_uniform_registers() {
    // Ten uniform predicates live at once (UP0..UP6 hold seven), each selecting a uniform value.
    let mut f = kernel();
    let base = pair(&mut f);
    let (x, y) = (ur(&mut f), ur(&mut f));
    let ups: Vec<VReg> = (0..10).map(|_| f.new_reg(RegFile::UP, PairMode::Single)).collect();
    let mut insts = vec![
        Inst::new(Op::Mov { w64: true }, vec![r(base)], vec![Operand::CBank { bank: 0, offset: 0x210 }]),
        mov(x, 5),
        mov(y, 9),
    ];
    for (k, &p) in ups.iter().enumerate() {
        let cmp = if k % 2 == 0 { Cmp::Lt } else { Cmp::Ge };
        insts.push(Inst::new(
            Op::ISetp { cmp, signed: false, w64: false, bop: BoolOp::And },
            vec![r(p)],
            vec![r(x), Operand::Imm(k as u64 + 2), Operand::True],
        ));
    }
    for (k, &p) in ups.iter().enumerate().rev() {
        let s = ur(&mut f);
        insts.push(sel(s, x, y, p));
        insts.extend(store_word(&mut f, base, k as u64, s));
    }
    insts.push(exit());
    f.blocks[0].insts = insts;
    let before = f.clone();
    let a = alloc(&mut f, 253);
    assert!(a.stats.spilled.iter().any(|v| f.reg_info(*v).file == RegFile::UP));
    // The carriers are uniform registers: `USEL c, 1, URZ, up` after each definition.
    let carrier_writes = count_ops(&f, |i| {
        matches!((i.op, i.dsts.as_slice(), i.srcs.as_slice()), (Op::Sel { .. }, [Operand::Reg(c)], [Operand::Imm(1), Operand::Zero, Operand::Reg(_)])
            if f.reg_info(*c).file == RegFile::UR)
    });
    assert!(carrier_writes > 0);
    assert!(a.origin.keys().all(|c| f.reg_info(*c).file != RegFile::R), "no R carrier for a UP");
    assert!(a.stats.predicates == 0, "no P register");
    assert_eq!(run_kernel(&before, 10), run_kernel(&f, 10));
}

#[test]
fn guidance_dump_follows_the_per_class_driver() {
    // Ten values live at once with six R registers: NOSPILL fails three times, then SPILL.
    let mut f = func(1);
    let addr = pair(&mut f);
    let vals: Vec<VReg> = (0..10).map(|_| single(&mut f)).collect();
    let ps: Vec<VReg> = (0..2).map(|_| pred(&mut f)).collect();
    let mut insts = vec![mov64(addr, 0)];
    insts.extend(vals.iter().enumerate().map(|(k, &v)| mov(v, k as u64)));
    insts.extend(ps.iter().map(|&p| setp(p, vals[0], vals[1])));
    insts.extend(ps.iter().map(|&p| guarded(p, false, store(addr, vals[0], 32))));
    insts.extend(vals.iter().map(|&v| store(addr, v, 32)));
    insts.push(exit());
    f.blocks[0].insts = insts;
    let g = f.clone();
    let mut text = String::new();
    let a = allocate_logged(&mut f, &Budget::exact(8), &Knobs::default(), true, Some(&mut text)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "REGALLOC GUIDANCE:");
    assert_eq!(lines[2], "function @k: budget 8 registers (exact): R0..R5 (R1 is the stack pointer)");
    assert_eq!(lines[3], "P-CLASS: 2 virtual registers, budget 7 (P0..P6)");
    assert_eq!(lines[4], "P-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): ok, highest P1");
    assert_eq!(lines[5], "P-CLASS RESULT: 2 virtual registers in P0..P1, 0 spilled");
    assert_eq!(lines[6], "P-CLASS REGISTERS: %p11=P0 %p12=P1");
    assert_eq!(
        lines[7..10],
        ["UP-CLASS: no virtual registers", "B-CLASS: no virtual registers", "UR-CLASS: no virtual registers"]
    );
    assert_eq!(lines[10], "R-CLASS: 11 virtual registers, budget 6 (R0..R5)");
    assert!(lines[11].starts_with("R-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): "), "{text}");
    assert!(lines[12].starts_with("R-CLASS NOSPILL REGALLOC: attemp 2 (definition): "), "{text}");
    assert!(lines[13].starts_with("R-CLASS NOSPILL REGALLOC: attemp 3 (spill-cost): "), "{text}");
    assert!(lines[14].starts_with("R-CLASS SPILL REGALLOC: attemp 3: "), "{text}");
    // Every candidate of every SPILL line was spilled, and every spilled register was one.
    let spilled: Vec<String> =
        a.stats.spilled.iter().map(|v| crate::ori::print::Names::virtual_regs(&f).reg(*v)).collect();
    let mut candidates = Vec::new();
    for line in lines.iter().filter(|l| l.starts_with("R-CLASS SPILL REGALLOC: ")) {
        let list = line.split_once("spill candidates:").unwrap().1;
        candidates.extend(list.split(')').filter_map(|c| c.split_whitespace().next()).map(str::to_string));
    }
    assert_eq!(candidates, spilled, "{text}");
    assert!(text.contains("\nR-CLASS NOSPILL REGALLOC: attemp 4 "), "{text}");
    let result = lines.iter().find(|l| l.starts_with("R-CLASS RESULT: ")).unwrap();
    assert!(result.contains(&format!("{} spilled (to local memory):", a.stats.spilled.len())), "{result}");
    let registers = lines.iter().find(|l| l.starts_with("R-CLASS REGISTERS: ")).unwrap();
    assert!(registers.contains(&format!("%rd0=R{}", reg_of(&f, VReg(0)).0)), "{registers}");
    // Deterministic, and the same allocation as without the dump.
    let mut again = String::new();
    let mut h = g.clone();
    allocate_logged(&mut h, &Budget::exact(8), &Knobs::default(), true, Some(&mut again)).unwrap();
    assert_eq!(text, again);
    let mut quiet = g;
    allocate(&mut quiet, &Budget::exact(8), &Knobs::default(), true).unwrap();
    assert_eq!(quiet.assignment, f.assignment);
}
