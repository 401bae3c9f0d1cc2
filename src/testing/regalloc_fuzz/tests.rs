//! Tests of the fuzzer itself: the generator makes what it promises, and the two oracles (the
//! checker and the differential run) catch a wrong allocation.

use super::*;
use crate::ori::opcode::Op;
use crate::ori::regalloc::checker::{self, CheckInput};

#[test]
fn kernels_are_deterministic_and_valid() {
    let mut seen = [false; 7];
    for seed in 1..40 {
        let g = generate(seed);
        assert_eq!(g.func, generate(seed).func, "seed {seed}");
        assert!(Liveness::compute(&g.func).uninitialized().is_empty(), "seed {seed}: a use without a definition");
        let insts: Vec<&crate::ori::ir::Inst> = g.func.blocks.iter().flat_map(|b| &b.insts).collect();
        let file = |i: &crate::ori::ir::Inst, want: RegFile| i.defs().any(|d| g.func.reg_info(d).file == want);
        seen[0] |= insts.iter().any(|i| i.op == Op::Phi);
        seen[1] |= insts.iter().any(|i| i.op == Op::Bar);
        seen[2] |= insts.iter().any(|i| i.defs().any(|d| g.func.reg_info(d).pair == crate::ori::ir::PairMode::Pair));
        seen[3] |= insts.iter().any(|i| file(i, RegFile::P));
        seen[4] |= insts.iter().any(|i| i.guard.is_some() && i.op != Op::Bra && !i.dsts.is_empty());
        // A back edge: a branch to an earlier (or the same) block.
        seen[5] |= g
            .func
            .blocks
            .iter()
            .enumerate()
            .any(|(b, blk)| blk.insts.iter().flat_map(|i| i.targets()).any(|t| t.idx() <= b));
        seen[6] |= g.uniform;
        assert_eq!(insts.last().map(|i| i.op), Some(Op::Exit));
    }
    assert_eq!(seen, [true; 7], "phis, barriers, pairs, predicates, guarded definitions, loops, uniform cases");
}

#[test]
fn uniform_cases_make_the_uniform_files_spill() {
    // Among the first uniform cases, one spills UR (into R) and one spills UP (into UR); the
    // allocations pass the checker (`run_case` executes them too; that is the fuzz tests' job).
    let (mut ur, mut up) = (false, false);
    for seed in (1..).filter(|&s| generate(s).uniform).take(24) {
        let (mut f, split) = prepare(&generate(seed)).unwrap();
        let a = allocate(&mut f, &Budget::exact(24), &knobs_of(seed), split.is_empty()).unwrap();
        ur |= a.stats.spilled.iter().any(|v| f.reg_info(*v).file == RegFile::UR);
        up |= a.stats.spilled.iter().any(|v| f.reg_info(*v).file == RegFile::UP);
        if ur && up {
            break;
        }
    }
    assert!(ur && up, "UR spilled: {ur}, UP spilled: {up}");
}

#[test]
fn a_wrong_allocation_is_caught_by_both_oracles() {
    let g = generate(3);
    let (pre, split) = prepare(&g).unwrap();
    let reference = execute(&g, &g.func).unwrap();
    assert_eq!(execute(&g, &pre).unwrap(), reference);
    let mut f = pre.clone();
    let a = allocate(&mut f, &Budget::exact(24), &Knobs::default(), split.is_empty()).unwrap();
    // Every 32-bit R value in R0: values overwrite each other.
    let mut phys = f.assignment.take().unwrap();
    for (v, info) in f.regs.iter().enumerate() {
        if info.file == RegFile::R
            && info.pair == crate::ori::ir::PairMode::Single
            && f.stack_pointer != Some(VReg(v as u32))
        {
            phys[v] = 0;
        }
    }
    f.assignment = Some(phys);
    let input = CheckInput { func: &f, origin: &a.origin, r_limit: a.budget.r_limit() };
    assert!(checker::check(&input).is_err());
    delete_identity_copies(&mut f);
    let got = execute(&g, &f);
    assert!(
        got.as_ref().map_or(true, |out| difference(&reference, out).is_some()),
        "a clobbering allocation ran clean"
    );
}

#[test]
fn summary_line() {
    let s = Summary { cases: 3, ok: 2, failed: 1, ..Default::default() };
    assert!(s.line().starts_with("fuzz-regalloc: 3 cases, 2 ok, 1 failed ("), "{}", s.line());
}

/// A second of fuzzing (this module): random kernels allocated at 16 and 24 registers, checked by
/// the checker and executed before and after allocation. The count is fixed (about a second in
/// a debug build); `scripts/fuzz-regalloc N` runs more.
#[test]
fn fuzz_a_second_of_random_kernels() {
    let s = run(1, 5, |_| {});
    assert_eq!(s.failed, 0, "{:?}", s.failures);
    assert_eq!(s.ok, 5);
}
