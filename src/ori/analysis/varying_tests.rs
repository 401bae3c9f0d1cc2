//! Tests of `varying.rs` (kept apart to keep the phase file readable).

use super::testkit::*;
use super::*;
use crate::ori::ir::Operand;
use crate::ori::phase_context::{FunctionResults, PhaseContext};
use crate::sreg::{Dim, SpecialReg};
use proptest::prelude::*;

/// A diamond `b0 → {b1, b2} → b3` (b1 jumps to b3, b2 falls into it) whose condition tests the
/// thread id (`varying_cond`) or the block id, with a phi of two immediates at b3.
/// Returns (function, condition predicate, phi result).
fn diamond(varying_cond: bool) -> (Function, VReg, VReg) {
    let mut f = func(4);
    let (x, n, pr, a, b, c) = (r(&mut f), r(&mut f), p(&mut f), r(&mut f), r(&mut f), r(&mut f));
    let src = if varying_cond { tid(x) } else { ctaid(x) };
    push(&mut f, 0, vec![src, param(n, 0x210), setp(pr, x, n), cbra(pr, false, 2)]);
    push(&mut f, 1, vec![movi(a, 1), bra(3)]);
    push(&mut f, 2, vec![movi(b, 2)]);
    push(&mut f, 3, vec![phi(c, &[(a, 1), (b, 2)]), exit()]);
    (f, pr, c)
}

#[test]
fn thread_identity_is_varying_block_identity_uniform() {
    let mut f = func(1);
    let (t, c, n, i, j, l) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
    push(
        &mut f,
        0,
        vec![tid(t), ctaid(c), param(n, 0x0), imad(i, c, n), add(j, i, t), s2r(l, SpecialReg::Laneid), exit()],
    );
    let v = Varying::compute(&f);
    assert!(v.is_varying(t) && v.is_varying(l));
    assert!(v.is_uniform(c) && v.is_uniform(n) && v.is_uniform(i));
    assert!(v.is_varying(j), "uniform + varying is varying");
    for s in [SpecialReg::Nctaid(Dim::X), SpecialReg::Gridid, SpecialReg::Smid, SpecialReg::Warpid] {
        let mut g = func(1);
        let d = r(&mut g);
        push(&mut g, 0, vec![s2r(d, s), exit()]);
        assert!(Varying::compute(&g).is_uniform(d), "{s:?}");
    }
}

#[test]
fn phi_at_divergent_join_is_varying_even_with_uniform_inputs() {
    let (f, pr, c) = diamond(true);
    let v = Varying::compute(&f);
    assert!(v.is_varying(pr));
    assert!(v.is_varying(c));
    assert_eq!(v.divergent_branches(), &[Bix(0)]);
    assert_eq!(v.joins(), &[Bix(3)]);
    assert!(v.is_under_divergent_control(Bix(1)) && v.is_under_divergent_control(Bix(2)));
    assert!(!v.is_under_divergent_control(Bix(0)) && !v.is_under_divergent_control(Bix(3)));
}

#[test]
fn phi_at_uniform_join_is_uniform() {
    let (f, pr, c) = diamond(false);
    let v = Varying::compute(&f);
    assert!(v.is_uniform(pr) && v.is_uniform(c));
    assert!(v.divergent_branches().is_empty() && v.joins().is_empty());
    assert_eq!(uniform_branches(&f, &v), vec![Bix(0)]);
}

#[test]
fn after_phi_elimination_multiple_definitions_under_divergence_are_varying() {
    for varying_cond in [true, false] {
        let (mut f, _, c) = diamond(varying_cond);
        crate::ori::opt::out_of_ssa::eliminate_phis(&mut f);
        let v = Varying::compute(&f);
        assert_eq!(v.is_varying(c), varying_cond);
        let temp = VReg(f.regs.len() as u32 - 1);
        assert_eq!(v.is_varying(temp), varying_cond);
    }
}

#[test]
fn uniform_loop_after_an_early_exit_stays_uniform_after_phi_elimination() {
    // b0: @pv(tid) BRA b3 | b1: i = phi(0, inext); inext = i + 1; @(inext < n) BRA b1 | b2 | b3
    let mut f = func(4);
    let (t, n, pv, zero, one, i, inext, pu) =
        (r(&mut f), r(&mut f), p(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), p(&mut f));
    push(&mut f, 0, vec![tid(t), param(n, 0x210), setp(pv, n, t), movi(zero, 0), movi(one, 1), cbra(pv, false, 3)]);
    push(&mut f, 1, vec![phi(i, &[(zero, 0), (inext, 1)]), add(inext, i, one), setp(pu, inext, n), cbra(pu, false, 1)]);
    push(&mut f, 2, vec![st(n, inext), exit()]);
    push(&mut f, 3, vec![exit()]);
    let before = Varying::compute(&f);
    assert!(before.is_uniform(i) && before.is_uniform(inext));
    crate::ori::opt::out_of_ssa::eliminate_phis(&mut f);
    let v = Varying::compute(&f);
    assert!(v.is_under_divergent_control(Bix(1)), "the rest of the kernel runs without the exited lanes");
    assert!(v.is_uniform(i) && v.is_uniform(inext) && v.is_uniform(pu), "{}", report(&f, &v));
    assert!(v.joins().is_empty());
}

#[test]
fn nested_uniform_branch_inside_divergent_region_joins_only_at_the_outer_merge() {
    // b0: @p(tid) BRA b4 | b1: @q(ctaid) BRA b3 | b2 | b3: phi(inner) BRA b5 | b4 | b5: phi(outer)
    let mut f = func(6);
    let (t, c, n, pv, pu) = (r(&mut f), r(&mut f), r(&mut f), p(&mut f), p(&mut f));
    let (a, b, inner, d, outer) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
    push(&mut f, 0, vec![tid(t), ctaid(c), param(n, 0x210), setp(pv, t, n), setp(pu, c, n), cbra(pv, false, 4)]);
    push(&mut f, 1, vec![movi(a, 1), cbra(pu, false, 3)]);
    push(&mut f, 2, vec![movi(b, 2)]);
    push(&mut f, 3, vec![phi(inner, &[(a, 1), (b, 2)]), bra(5)]);
    push(&mut f, 4, vec![movi(d, 3)]);
    push(&mut f, 5, vec![phi(outer, &[(inner, 3), (d, 4)]), exit()]);
    let v = Varying::compute(&f);
    assert!(v.is_uniform(inner), "{}", report(&f, &v));
    assert!(v.is_varying(outer));
    assert_eq!(v.joins(), &[Bix(5)]);
}

#[test]
fn loop_with_varying_exit_has_temporal_divergence() {
    // b0: i0 = 0 | b1: i = phi(i0, inext); inext = i + one; p = inext < tid; @p BRA b1 | b2: use
    for varying_exit in [true, false] {
        let mut f = func(3);
        let (x, i0, one, i, inext, pr, addr, y) =
            (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), p(&mut f), r(&mut f), r(&mut f));
        let bound = if varying_exit { tid(x) } else { ctaid(x) };
        push(&mut f, 0, vec![bound, movi(i0, 0), movi(one, 1), param(addr, 0x210)]);
        push(
            &mut f,
            1,
            vec![phi(i, &[(i0, 0), (inext, 1)]), add(inext, i, one), setp(pr, inext, x), cbra(pr, false, 1)],
        );
        push(&mut f, 2, vec![mov(y, inext), st(addr, y), exit()]);
        let v = Varying::compute(&f);
        assert_eq!(v.is_varying(inext), varying_exit, "{}", report(&f, &v));
        assert_eq!(v.is_varying(y), varying_exit);
        assert_eq!(v.divergent_loops().len(), usize::from(varying_exit));
        assert_eq!(v.is_under_divergent_control(Bix(1)), varying_exit);
    }
}

#[test]
fn loop_whose_divergent_branch_reconverges_inside_is_not_temporally_divergent() {
    // b0 | b1 (header): i = phi; @pv BRA b3 | b2 | b3: inext = i+1; @pu BRA b1 | b4: use inext
    let mut f = func(5);
    let (t, c, n, i0, one, i, inext, pv, pu, y) =
        (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), p(&mut f), p(&mut f), r(&mut f));
    push(&mut f, 0, vec![tid(t), ctaid(c), param(n, 0x210), movi(i0, 0), movi(one, 1), setp(pv, t, n)]);
    push(&mut f, 1, vec![phi(i, &[(i0, 0), (inext, 3)]), cbra(pv, false, 3)]);
    push(&mut f, 2, vec![]);
    push(&mut f, 3, vec![add(inext, i, one), setp(pu, inext, c), cbra(pu, false, 1)]);
    push(&mut f, 4, vec![mov(y, inext), exit()]);
    let v = Varying::compute(&f);
    assert_eq!(v.divergent_branches(), &[Bix(1)]);
    assert!(v.divergent_loops().is_empty());
    assert!(v.is_uniform(inext) && v.is_uniform(y) && v.is_uniform(i), "{}", report(&f, &v));
}

#[test]
fn warp_collectives_memory_and_opaque_code() {
    use crate::ori::opcode::VoteMode;
    let mut f = func(1);
    let (t, n, pv, ballot, any, sh, base, g_u, g_v, l, s_u, at, addr_v) = (
        r(&mut f),
        r(&mut f),
        p(&mut f),
        r(&mut f),
        p(&mut f),
        r(&mut f),
        r(&mut f),
        r(&mut f),
        r(&mut f),
        r(&mut f),
        r(&mut f),
        r(&mut f),
        r(&mut f),
    );
    push(
        &mut f,
        0,
        vec![
            tid(t),
            param(n, 0x210),
            setp(pv, t, n),
            vote(VoteMode::Ballot, ballot, pv),
            vote(VoteMode::Any, any, pv),
            shfl(sh, n),
            param(base, 0x218),
            ld(Space::Global, g_u, base),
            add(addr_v, base, t),
            ld(Space::Global, g_v, addr_v),
            ld(Space::Local, l, base),
            ld(Space::Shared, s_u, base),
            atom(at, base, n),
            exit(),
        ],
    );
    let v = Varying::compute(&f);
    assert!(v.is_uniform(ballot) && v.is_uniform(any), "VOTE results are uniform");
    assert!(v.is_varying(sh), "SHFL of a uniform value is still varying");
    assert!(v.is_uniform(g_u) && v.is_uniform(s_u), "uniform address");
    assert!(v.is_varying(g_v), "varying address");
    assert!(v.is_varying(l), "local memory is per thread");
    assert!(v.is_varying(at), "atomic results are varying");
}

#[test]
fn generic_loads_are_roots_once_a_local_address_escapes() {
    for escape in [false, true] {
        let mut f = func(1);
        let (base, loc, g, x) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        push(&mut f, 0, vec![param(base, 0x210)]);
        if escape {
            push(&mut f, 0, vec![cvta_local(loc, base)]);
        }
        push(&mut f, 0, vec![ld(Space::Generic, x, base), mov(g, x), exit()]);
        let v = Varying::compute(&f);
        assert_eq!(v.is_varying(g), escape);
    }
}

#[test]
fn varying_guard_makes_a_definition_varying() {
    use crate::ori::opcode::VoteMode;
    let mut f = func(1);
    let (t, n, pv, a, b) = (r(&mut f), r(&mut f), p(&mut f), r(&mut f), r(&mut f));
    push(
        &mut f,
        0,
        vec![
            tid(t),
            param(n, 0x210),
            setp(pv, t, n),
            guarded(pv, false, movi(a, 1)),
            guarded(pv, true, vote(VoteMode::Ballot, b, pv)),
            exit(),
        ],
    );
    let v = Varying::compute(&f);
    assert!(v.is_varying(a) && v.is_varying(b));
}

#[test]
fn calls_and_inline_asm_are_varying() {
    let mut f = func(1);
    let (a, b, c) = (r(&mut f), r(&mut f), r(&mut f));
    push(
        &mut f,
        0,
        vec![
            movi(a, 1),
            Inst::new(Op::Call, vec![Operand::Reg(b)], vec![Operand::Symbol("g".into()), Operand::Reg(a)]),
            Inst::new(Op::Asm { id: 0, side_effects: false }, vec![Operand::Reg(c)], vec![Operand::Reg(a)]),
            exit(),
        ],
    );
    let v = Varying::compute(&f);
    assert!(v.is_uniform(a) && v.is_varying(b) && v.is_varying(c));
}

#[test]
fn irreducible_cycle_entered_divergently_is_varying() {
    // b0: @pv BRA b2 | b1: x = phi(0 | y) ; BRA b2... a two-entry cycle b1 <-> b2.
    for divergent in [true, false] {
        let mut f = func(4);
        let (t, n, pv, pu, a, b, c) = (r(&mut f), r(&mut f), p(&mut f), p(&mut f), r(&mut f), r(&mut f), r(&mut f));
        let src = if divergent { tid(t) } else { ctaid(t) };
        push(&mut f, 0, vec![src, param(n, 0x210), setp(pv, t, n), movi(c, 7), cbra(pv, false, 2)]);
        push(&mut f, 1, vec![movi(a, 1), setp(pu, n, n), cbra(pu, false, 3)]);
        push(&mut f, 2, vec![mov(b, c), bra(1)]);
        push(&mut f, 3, vec![exit()]);
        let cfg = cfg::analyze(&f);
        assert!(!cfg.is_reducible());
        let v = Varying::compute(&f);
        assert_eq!(v.is_varying(a), divergent, "{}", report(&f, &v));
        assert_eq!(v.is_varying(b), divergent);
        assert!(v.is_uniform(c));
    }
}

#[test]
fn early_exit_is_not_a_divergent_branch() {
    let mut f = func(2);
    let (t, n, pv, a) = (r(&mut f), r(&mut f), p(&mut f), r(&mut f));
    push(&mut f, 0, vec![tid(t), param(n, 0x210), setp(pv, t, n), guarded(pv, false, exit())]);
    push(&mut f, 1, vec![movi(a, 1), exit()]);
    let v = Varying::compute(&f);
    assert!(v.divergent_branches().is_empty());
    assert!(!v.is_under_divergent_control(Bix(1)));
}

#[test]
fn post_dominators_of_a_diamond_a_loop_and_an_infinite_loop() {
    let (f, _, _) = diamond(true);
    let cfg = cfg::analyze(&f);
    assert_eq!(post_dominators(&cfg), vec![Some(3), Some(3), Some(3), Some(4)]);
    // b0 → b1 ⟲ (never exits), b0 → b2 exit
    let mut g = func(3);
    let pr = p(&mut g);
    let x = r(&mut g);
    push(&mut g, 0, vec![tid(x), setp(pr, x, x), cbra(pr, false, 2)]);
    push(&mut g, 1, vec![bra(1)]);
    push(&mut g, 2, vec![exit()]);
    let cfg = cfg::analyze(&g);
    assert_eq!(post_dominators(&cfg), vec![Some(2), None, Some(3)]);
    let sd = sync_dependence(&cfg, &post_dominators(&cfg), Bix(0));
    assert_eq!(sd.reconverge, Some(Bix(2)));
    assert_eq!(sd.region, vec![Bix(1)]);
}

#[test]
fn report_lists_uniform_registers_and_branches() {
    let (f, _, _) = diamond(true);
    let v = Varying::compute(&f);
    let text = report(&f, &v);
    assert!(text.starts_with("varying @k: 6 registers, 3 uniform, 3 varying\n"), "{text}");
    assert!(text.contains("  uniform: %r1 %r3 %r4\n"), "{text}");
    assert!(text.contains("  divergent branches: bix0 (joins: bix3)\n"), "{text}");
    assert!(text.contains("  uniform branches (BRA.U): 0\n"), "{text}");
    let (f, _, _) = diamond(false);
    let text = report(&f, &Varying::compute(&f));
    assert!(text.contains("  uniform branches (BRA.U): 1 (bix0)\n"), "{text}");
}

#[test]
fn transfer_agrees_with_the_opcode_table() {
    // The opcode table's roots (and a local load, which it leaves to the analysis) are roots.
    let mut f = func(1);
    let (d, a) = (r(&mut f), r(&mut f));
    let insts = [
        shfl(d, a),
        atom(d, a, a),
        ld(Space::Local, d, a),
        Inst::new(Op::Asm { id: 0, side_effects: true }, vec![Operand::Reg(d)], vec![]),
    ];
    for i in &insts {
        use crate::ori::opcode::Divergence;
        assert!(matches!(i.op.info().divergence, Divergence::Root | Divergence::Depends), "{:?}", i.op);
        assert_eq!(transfer(i, false), Transfer::Root, "{:?}", i.op);
    }
}

/// The per-kernel counts over the suite (`scripts/gen-kernels` → `target/kernels/*.ll`):
/// `cargo test --lib ori::varying::tests::suite_counts -- --ignored --nocapture`.
#[test]
#[ignore]
fn suite_counts() {
    let dir = crate::tools::repo_root().join("target/kernels");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("target/kernels")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    files.sort();
    for path in files {
        let ctx = inkwell::context::Context::create();
        let m = crate::llvm::module::load_module(&ctx, path.to_str().unwrap()).unwrap();
        let bounds = crate::llvm::launch_bounds::read_module(&m, &mut Vec::new());
        crate::compile::inline_device_functions(&m, &bounds).unwrap();
        let mut prog = crate::ori::lower::lower_module(&m, &bounds).unwrap();
        let mut cx = PhaseContext { uniform_regs: Some(Default::default()), ..Default::default() };
        for f in &mut prog.functions {
            let mut first = None;
            let mut results = FunctionResults::default();
            for phase in crate::ori::pipeline::phases() {
                (phase.run)(f, &mut cx, &mut results).unwrap();
                if phase.name == "OriPropagateVaryingFirst" {
                    first = Some((f.clone(), results.varying.clone().unwrap()));
                }
                if phase.name == "ConvertToUniformReg" {
                    break;
                }
            }
            let second = results.varying.as_ref().unwrap();
            let count = |g: &Function, v: &Varying| {
                let regs = defined_registers(g);
                let u = regs.iter().filter(|&&r| v.is_uniform(r)).count();
                (u, regs.len() - u)
            };
            let (f53, v53) = first.as_ref().unwrap();
            if std::env::var("ORI_VARYING_REPORT").is_ok_and(|n| n == f.name) {
                println!("{}{}", report(f53, v53), crate::ori::print::virtual_function_text(f53));
                println!("{}{}", report(f, second), crate::ori::print::virtual_function_text(f));
            }
            let (u1, v1) = count(f53, v53);
            let (u2, v2) = count(f, second);
            let ur: u32 = f.regs.iter().filter(|i| i.file == crate::ori::ir::RegFile::UR).map(|i| i.pair.slots()).sum();
            let up = f.regs.iter().filter(|i| i.file == crate::ori::ir::RegFile::UP).count();
            println!(
                "{:<24} p53 {:>3} uniform {:>3} varying | p70 {:>3} uniform {:>3} varying | div br {:>2} bra.u {:>2} | UR {:>2} UP {}",
                f.name,
                u1,
                v1,
                u2,
                v2,
                second.divergent_branches().len(),
                uniform_branches(f, second).len(),
                ur,
                up
            );
        }
    }
}

// --------------------------------------------------------------------------------------------
// Properties on random functions.
// --------------------------------------------------------------------------------------------

/// Builds a random function from a tape of numbers: up to 6 blocks of random instructions
/// (roots, uniform sources, ALU, loads, guarded definitions, copies that redefine a register),
/// random terminators (fall through, jump, conditional branch, exit: loops and irreducible
/// cycles included) and phis at blocks with several predecessors.
fn random_function(tape: &[u32]) -> Function {
    use crate::ori::opcode::VoteMode;
    let mut k = 0usize;
    let mut next = |m: u32| -> u32 {
        let x = tape[k % tape.len()];
        k += 1;
        x % m.max(1)
    };
    let nb = 1 + next(6) as usize;
    let mut f = func(nb);
    let mut rs: Vec<VReg> = Vec::new();
    let mut ps: Vec<VReg> = Vec::new();
    let seed_r = r(&mut f);
    f.blocks[0].insts.push(movi(seed_r, 0));
    rs.push(seed_r);
    let seed_p = p(&mut f);
    f.blocks[0].insts.push(setp(seed_p, seed_r, seed_r));
    ps.push(seed_p);
    for b in 0..nb {
        for _ in 0..next(5) {
            let a = rs[next(rs.len() as u32) as usize];
            let c = rs[next(rs.len() as u32) as usize];
            let pr = ps[next(ps.len() as u32) as usize];
            let reuse = next(4) == 0;
            let d = if reuse { rs[next(rs.len() as u32) as usize] } else { r(&mut f) };
            let inst = match next(12) {
                0 => tid(d),
                1 => ctaid(d),
                2 => param(d, 0x210),
                3 => add(d, a, c),
                4 => ld(Space::Global, d, a),
                5 => ld(Space::Local, d, a),
                6 => shfl(d, a),
                7 => vote(VoteMode::Ballot, d, pr),
                8 => guarded(pr, next(2) == 0, mov(d, a)),
                9 => copy(d, Operand::Reg(a)),
                10 => sel(d, a, c, pr),
                _ => {
                    let q = p(&mut f);
                    ps.push(q);
                    f.blocks[b].insts.push(setp(q, a, c));
                    continue;
                }
            };
            f.blocks[b].insts.push(inst);
            if !reuse {
                rs.push(d);
            }
        }
        let t = next(nb as u32);
        let pr = ps[next(ps.len() as u32) as usize];
        match next(4) {
            0 => {}
            1 => f.blocks[b].insts.push(bra(t)),
            2 => f.blocks[b].insts.push(cbra(pr, next(2) == 0, t)),
            _ => f.blocks[b].insts.push(exit()),
        }
    }
    if !f.blocks[nb - 1].insts.last().is_some_and(|i| i.op.ends_block_unconditionally() && i.guard.is_none()) {
        f.blocks[nb - 1].insts.push(exit());
    }
    let preds = f.predecessors();
    for (b, ps_) in preds.iter().enumerate() {
        if ps_.len() >= 2 {
            let d = r(&mut f);
            let pairs: Vec<(VReg, u32)> = ps_.iter().map(|q| (rs[next(rs.len() as u32) as usize], q.0)).collect();
            f.blocks[b].insts.insert(0, phi(d, &pairs));
            rs.push(d);
        }
    }
    f
}

/// Checks that `v` is closed under every rule (a fixed point).
fn check_fixed_point(f: &Function, v: &Varying) -> Result<(), String> {
    let cfg = cfg::analyze(f);
    let ipdom = post_dominators(&cfg);
    let gl = generic_may_be_local(f);
    let mut def_blocks: Vec<Vec<usize>> = vec![Vec::new(); f.regs.len()];
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.insts {
            for d in inst.defs() {
                def_blocks[d.idx()].push(b);
            }
            let fire = match transfer(inst, gl) {
                Transfer::Root => true,
                Transfer::Operands => inst.uses().any(|u| v.is_varying(u)),
                Transfer::Uniform => inst.guard.is_some_and(|g| v.is_varying(g.pred)),
            };
            if fire && inst.defs().any(|d| v.is_uniform(d)) {
                return Err(format!("{:?} in bix{b} should define varying registers", inst.op));
            }
        }
    }
    // Multiple definitions meeting at a join.
    let df = dominance_frontiers(&cfg);
    for (r, blocks) in def_blocks.iter().enumerate() {
        let r = VReg(r as u32);
        if blocks.len() >= 2 && v.is_uniform(r) {
            let uses: Vec<(u32, u32)> = f
                .blocks
                .iter()
                .enumerate()
                .flat_map(|(b, bl)| bl.insts.iter().enumerate().map(move |(i, inst)| (b, i, inst)))
                .filter(|(_, _, inst)| inst.uses().any(|u| u == r))
                .map(|(b, i, _)| (b as u32, i as u32))
                .collect();
            let live = live_in_blocks(f, &cfg, r, &uses);
            let mut merges = iterated_frontier(&df, blocks).into_iter().filter(|&x| live[x]);
            if let Some(j) = merges.find(|&x| v.joins().contains(&Bix(x as u32))) {
                return Err(format!("{r} has definitions meeting at join bix{j}"));
            }
        }
    }
    for b in 0..f.blocks.len() {
        let bx = Bix(b as u32);
        let divergent = cfg.is_reachable(bx)
            && cfg.succs(bx).len() >= 2
            && f.blocks[b]
                .insts
                .iter()
                .any(|i| i.op.is_control_flow() && i.guard.is_some_and(|g| v.is_varying(g.pred)));
        if divergent != v.divergent_branches().contains(&bx) {
            return Err(format!("bix{b} divergence misreported"));
        }
        if !divergent {
            continue;
        }
        let sd = sync_dependence(&cfg, &ipdom, bx);
        for x in &sd.region {
            if !v.is_under_divergent_control(*x) {
                return Err(format!("bix{} should be under divergent control", x.0));
            }
        }
        for j in &sd.joins {
            if !v.joins().contains(j) {
                return Err(format!("join bix{} of bix{b} not reported", j.0));
            }
            for i in f.blocks[j.idx()].insts.iter().filter(|i| i.op == Op::Phi) {
                if i.defs().any(|d| v.is_uniform(d)) {
                    return Err(format!("phi at join bix{} is uniform", j.0));
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn result_is_a_fixed_point(tape in proptest::collection::vec(any::<u32>(), 32..160)) {
        let f = random_function(&tape);
        let v = Varying::compute(&f);
        prop_assert_eq!(check_fixed_point(&f, &v), Ok(()));
        prop_assert_eq!(&Varying::compute(&f), &v, "deterministic");
    }

    #[test]
    fn adding_a_root_never_makes_a_register_uniform(
        tape in proptest::collection::vec(any::<u32>(), 32..160),
        pick in any::<u32>(),
    ) {
        let f = random_function(&tape);
        let v = Varying::compute(&f);
        let extra = VReg(pick % f.regs.len() as u32);
        let w = Varying::compute_with_roots(&f, &[extra]);
        prop_assert!(w.is_varying(extra));
        for r in 0..f.regs.len() as u32 {
            prop_assert!(!v.is_varying(VReg(r)) || w.is_varying(VReg(r)), "%{} lost its varying bit", r);
        }
        for b in v.divergent_branches() {
            prop_assert!(w.divergent_branches().contains(b));
        }
        prop_assert_eq!(check_fixed_point(&f, &w), Ok(()));
    }
}
