//! Phase 74 `ConvertToUniformReg` (seed 002 "Pipeline Position and Consumer Map": the
//! authoritative consumer of the phase-70 varying bit).
//!
//! Uniform values whose defining instruction has a uniform-datapath form (sm_75+:
//! [`Op::uniform_form`]: `S2R`→`S2UR`, `MOV c[..]`→`ULDC`, `MOV`→`UMOV`, `IADD3`→`UIADD3`,
//! `LOP3`→`ULOP3`, `SHF`→`USHF`, `ISETP`→`UISETP`, `SEL`→`USEL`, `IMAD`→`UIMAD`, ...) move from
//! R to UR and from P to UP: the register's [`RegInfo::file`](crate::ori::ir::RegInfo) changes, the
//! instruction stays (the printers and the SASS listing spell it by the destination's file).
//!
//! # Hardware rules (Turing and later uniform datapath)
//!
//! The uniform datapath is a scalar unit beside the 32-lane vector datapath: 63 uniform registers
//! `UR0..UR62` (`URZ` reads zero) and 7 uniform predicates `UP0..UP6` (`UPT` is true), one copy
//! per warp. A uniform instruction executes once per warp.
//!
//! - **(a) Uniform instructions read only uniform operands**: UR/UP registers, immediates,
//!   constant-bank words (`ULDC`, `c[bank][offset]` operands) — never R or P (moving a vector
//!   value into a UR needs `R2UR`, which is not a uniform-datapath form and is not introduced
//!   here). A value converts only if every register it reads converts too: the candidate set is
//!   shrunk to the greatest fixed point where this holds. The guard counts as a source (a
//!   uniform instruction is guarded by a UP).
//! - **(b) Vector instructions may read UR operands** (`IMAD R2, R3, UR4, R2`,
//!   `LDG.E R0, [R2.64+UR4]`), so no constraint is put on the users of a converted R value.
//!   Which operand slot may hold the UR (the `b`/`c` slot, one uniform register per vector
//!   instruction) is an encoding matter: ptxas inserts `MOV R, UR` where needed.
//! - **(b') Uniform predicates feed uniform instructions and branches.** A vector instruction is
//!   guarded by P0..P6 and reads P sources; a UP reaches the vector side only through
//!   `PLOP3.LUT P, PT, PT, PT, UP, ...`, which is not introduced here. So a predicate converts only
//!   if each of its users converts too, or is a `BRA` it guards (a uniform branch, `BRA.U` /
//!   `UBRA`). This is part of the same fixed point.
//! - **(c) No uniform definitions under divergent control.** A UR is shared by the warp: if two
//!   paths of a divergent branch ran uniform instructions, each would write the warp's single
//!   copy, and on Volta+ (independent thread scheduling) the paths may interleave, so a path could
//!   read the other path's write (two values the allocator keeps in one UR because their live
//!   ranges look disjoint). A value is converted only if its definition is in a block that is not
//!   under divergent control ([`Varying::is_under_divergent_control`]: no divergent branch's
//!   region, no divergently entered irreducible cycle, no loop body with a divergent exit). Then
//!   no UR/UP is ever *written* while the warp is diverged; URs defined before a divergent region
//!   and read inside it are live across the whole region, so nothing else can take their
//!   register there.
//! - **(d) Memory**: the only uniform memory access is the constant-bank load `ULDC` (`LDC` and
//!   `MOV d, c[..]`). Global/shared/local loads, stores, atomics, `SHFL` and `VOTE` have no
//!   uniform form and stay vector instructions (`VOTE` results are uniform but stay in R).
//! - **(e) `S2UR`** exists only for warp-uniform special registers; the set accepted here is the
//!   one ptxas is known to emit on sm_90: `SR_CTAID.{X,Y,Z}`. Other uniform special registers
//!   (`SR_VIRTID`, `SR_VIRTUALSMID`, `SR_GRIDID`, cluster ids) stay `S2R` into R.
//! - **(f) 64-bit values** go to an aligned even/odd UR pair (the allocator aligns pairs in every
//!   file). Pairs convert only with [`Options::pairs`] (off by default): the PTX emitter names a
//!   UR pair `%rd<N>` with the UR number, which after allocation collides with the R pair of the
//!   same number. Quads never convert.
//! - **(g) Budget**: UR0..UR62 are 63 registers; at most [`Options::ur_budget`] UR slots (32 by
//!   default, a pair counts 2) and [`Options::up_budget`] UPs (6 of the 7) are converted per
//!   function, in program (RPO) order. Since every converted value counts whether or not it is
//!   live, the number live at once never exceeds the budget, so the uniform files never spill.
//!
//! # Gate
//!
//! ptxas gates the phase with knob 487 (and knob 687 mode 0 disables UR entirely, seed 002
//! "Knobs and Gating"). Here the phase is **off by default** ([`enabled`]): with it on, the text
//! form and the PTX name converted registers `%ur`/`%up` (which the existing `%r`-matching lit
//! tests do not expect), and vector instructions then read URs in operand slots the hardware does
//! not offer (a store's data, a second UR source), where ptxas inserts a `MOV R, UR` that this
//! phase does not model — so the allocator's `Used N registers` drops below ptxas's. It runs with
//! `ori llc --uniform-regs` (`compile::Options::uniform_regs`).
//!
//! Also required: the register has exactly one definition (after phi elimination the `COPY`
//! temporaries have several, and `COPY` has no uniform form), the defining instruction has exactly
//! one register destination, the block is reachable, and the register is not the stack pointer
//! (`Function::stack_pointer`, `MOV sp, c[0x0][0x28]`: uniform, but pre-colored to R1 — in UR the
//! allocation checker rejected every kernel with a local array under `--uniform-regs`, a bug the
//! allocator fuzzer's local-frame kernels exposed).

use crate::ori::analysis::cfg;
use crate::ori::analysis::varying::Varying;
use crate::ori::ir::{Function, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::Op;
use crate::ori::phase_context::{FunctionResults, PhaseContext};
use crate::sreg::{Dim, SpecialReg};
use anyhow::Result;

/// Limits of one conversion (the compile's `Options::uniform_regs`).
pub use crate::ori::phase_context::UniformRegs as Options;

/// What one conversion did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Registers moved to UR / UP, in index order.
    pub converted: Vec<VReg>,
    /// UR slots used (pairs count 2).
    pub ur_slots: u32,
    /// UP registers used.
    pub up: u32,
    /// Eligible values left in R/P because the budget was spent.
    pub over_budget: u32,
}

/// The uniform-datapath mnemonic `inst` would become, if the hardware has a uniform form for this
/// instruction (rules d, e): the opcode table's `uniform_candidate` and `uniform_form` columns,
/// and of the special-register reads only the CTA index's.
pub fn uniform_opcode(inst: &Inst) -> Option<&'static str> {
    let cbank = matches!(inst.srcs.first(), Some(Operand::CBank { .. }));
    let allowed = match inst.op {
        Op::S2R => matches!(inst.srcs.first(), Some(Operand::SReg(SpecialReg::Ctaid(Dim::X | Dim::Y | Dim::Z)))),
        op => op.info().uniform_candidate,
    };
    if !allowed {
        return None;
    }
    let form = inst.op.uniform_form()?;
    Some(if matches!(inst.op, Op::Mov { .. }) && cbank { "ULDC" } else { form })
}

/// Whether a non-register operand may appear in a uniform instruction (rule a).
fn uniform_operand(o: &Operand) -> bool {
    match o {
        Operand::Reg(_) => true,
        Operand::Imm(_) | Operand::CBank { .. } | Operand::Zero | Operand::True => true,
        Operand::SReg(_) | Operand::Symbol(_) => true,
        Operand::Label(_) => false,
    }
}

/// Phase 74: converts the uniform values of `f` (by the phase-70 result `v`) to UR / UP.
pub fn convert_to_uniform_reg(f: &mut Function, v: &Varying, opts: &Options) -> Stats {
    let nregs = f.regs.len();
    if v.num_regs() != nregs {
        return Stats::default();
    }
    let cfg = cfg::analyze(f);
    // Definition sites and users.
    let mut ndefs = vec![0u32; nregs];
    let mut site: Vec<Option<(usize, usize)>> = vec![None; nregs];
    let mut users: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nregs];
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            for d in inst.defs() {
                ndefs[d.idx()] += 1;
                site[d.idx()] = Some((b, i));
            }
            for u in inst.uses() {
                if users[u.idx()].last() != Some(&(b, i)) {
                    users[u.idx()].push((b, i));
                }
            }
        }
    }
    let def_of = |r: usize| -> Option<&Inst> { site[r].map(|(b, i)| &f.blocks[b].insts[i]) };
    // Candidates: uniform, single definition, convertible file and width, not under divergent
    // control, a uniform form, only uniform-compatible operands.
    let mut cand = vec![false; nregs];
    for r in 0..nregs {
        let info = f.regs[r];
        let width_ok = match info.pair {
            PairMode::Single => true,
            PairMode::Pair => opts.pairs && info.file == RegFile::R,
            PairMode::Quad => false,
        };
        let file_ok = matches!(info.file, RegFile::R | RegFile::P);
        let Some((b, _)) = site[r] else { continue };
        let inst = def_of(r).expect("site");
        cand[r] = width_ok
            && file_ok
            && f.stack_pointer != Some(VReg(r as u32))
            && ndefs[r] == 1
            && v.is_uniform(VReg(r as u32))
            && cfg.is_reachable(crate::ori::ir::Bix(b as u32))
            && !v.is_under_divergent_control(crate::ori::ir::Bix(b as u32))
            && inst.defs().count() == 1
            && uniform_opcode(inst).is_some()
            && inst.srcs.iter().all(uniform_operand);
    }
    // Rules (a) and (b'): the greatest fixed point.
    let legal = |cand: &[bool], r: usize| -> bool {
        let inst = def_of(r).expect("candidate has a definition");
        if !inst.uses().all(|u| cand[u.idx()]) {
            return false;
        }
        if f.regs[r].file == RegFile::P {
            return users[r].iter().all(|&(b, i)| {
                let user = &f.blocks[b].insts[i];
                let converted = user.defs().next().is_some_and(|d| cand[d.idx()]);
                let branch_guard = user.op == Op::Bra && user.srcs.iter().all(|o| o.reg() != Some(VReg(r as u32)));
                converted || branch_guard
            });
        }
        true
    };
    let shrink = |cand: &mut Vec<bool>| loop {
        let mut changed = false;
        for r in 0..nregs {
            if cand[r] && !legal(cand, r) {
                cand[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    };
    shrink(&mut cand);
    // Rule (g): accept in program order while the budget lasts, then re-establish (a)/(b').
    let mut accepted = vec![false; nregs];
    let mut stats = Stats::default();
    for &b in cfg.rpo() {
        for inst in &f.blocks[b.idx()].insts {
            let Some(d) = inst.defs().next() else { continue };
            if !cand[d.idx()] {
                continue;
            }
            if !inst.uses().all(|u| accepted[u.idx()]) {
                continue;
            }
            let info = f.regs[d.idx()];
            let fits = match info.file {
                RegFile::P => stats.up < opts.up_budget,
                _ => stats.ur_slots + info.pair.slots() <= opts.ur_budget,
            };
            if !fits {
                stats.over_budget += 1;
                continue;
            }
            accepted[d.idx()] = true;
            match info.file {
                RegFile::P => stats.up += 1,
                _ => stats.ur_slots += info.pair.slots(),
            }
        }
    }
    shrink(&mut accepted);
    // Apply.
    stats.ur_slots = 0;
    stats.up = 0;
    for (r, &acc) in accepted.iter().enumerate() {
        if !acc {
            continue;
        }
        let info = &mut f.regs[r];
        match info.file {
            RegFile::R => {
                info.file = RegFile::UR;
                stats.ur_slots += info.pair.slots();
            }
            RegFile::P => {
                info.file = RegFile::UP;
                stats.up += 1;
            }
            RegFile::UR | RegFile::UP | RegFile::B => unreachable!("only R and P are candidates"),
        }
        stats.converted.push(VReg(r as u32));
    }
    stats
}

/// Phase 74 `ConvertToUniformReg`, when enabled (`ori llc --uniform-regs`, see the module's
/// "Gate"), with the compile's limits: uses the phase-70 snapshot in
/// `results.varying`; without one (the analysis disabled, or only phase 53's result, which names
/// pre-phi-elimination registers) every register is treated as varying and nothing converts.
pub fn convert_to_uniform_reg_phase(
    f: &mut Function,
    cx: &mut PhaseContext,
    results: &mut FunctionResults,
) -> Result<()> {
    let Some(limits) = cx.uniform_regs else {
        return Ok(());
    };
    let Some(v) = results.varying.as_ref().filter(|v| v.phase == Some(70)) else {
        return Ok(());
    };
    convert_to_uniform_reg(f, v, &limits);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::analysis::varying::testkit::*;
    use crate::ori::ir::{Bix, Inst, Operand};
    use crate::ori::opcode::{Space, VoteMode};
    use proptest::prelude::*;

    fn convert(f: &mut Function) -> Stats {
        let v = Varying::compute(f);
        convert_to_uniform_reg(f, &v, &Options::default())
    }

    fn file(f: &Function, r: VReg) -> RegFile {
        f.reg_info(r).file
    }

    #[test]
    fn block_index_arithmetic_converts_thread_index_arithmetic_does_not() {
        let mut f = func(1);
        let (c, n, i, t, j, addr, x) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), rd(&mut f), r(&mut f));
        push(
            &mut f,
            0,
            vec![
                ctaid(c),
                param(n, 0x0),
                imad(i, c, n),
                tid(t),
                add(j, i, t),
                param64(addr, 0x210),
                fadd(x, j, i),
                st(addr, x),
                exit(),
            ],
        );
        let s = convert(&mut f);
        assert_eq!(s.converted, vec![c, n, i]);
        assert_eq!((s.ur_slots, s.up, s.over_budget), (3, 0, 0));
        for r in [c, n, i] {
            assert_eq!(file(&f, r), RegFile::UR);
        }
        for r in [t, j, x] {
            assert_eq!(file(&f, r), RegFile::R);
        }
        assert_eq!(file(&f, addr), RegFile::R, "pairs stay in R by default (rule f)");
    }

    /// Regression: the stack pointer is uniform but pre-colored to R1; it used to move to UR,
    /// and the allocation checker then rejected the kernel ("the stack pointer %urN is not in
    /// R1"). The local addresses computed from it may still convert.
    #[test]
    fn the_stack_pointer_stays_in_r() {
        let mut f = func(1);
        let (sp, slot, t, v) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        f.stack_pointer = Some(sp);
        f.local_frame = 16;
        let stl = Inst::new(
            Op::St { space: Space::Local, bits: 32, volatile: false, offset: 0 },
            vec![],
            vec![Operand::Reg(slot), Operand::Reg(t)],
        );
        let off = Inst::new(
            Op::IAdd3 { neg_b: false, w64: false },
            vec![Operand::Reg(slot)],
            vec![Operand::Reg(sp), Operand::Imm(4), Operand::Zero],
        );
        push(&mut f, 0, vec![param(sp, 0x28), off, tid(t), stl, ld(Space::Local, v, slot), exit()]);
        let s = convert(&mut f);
        assert_eq!(file(&f, sp), RegFile::R);
        assert!(!s.converted.contains(&sp));
        let mut g = f.clone();
        crate::ori::regalloc::allocate(&mut g, &crate::ori::regalloc::Budget::default(), &Default::default(), true)
            .unwrap();
    }

    #[test]
    fn uniform_sources_without_a_uniform_form_block_their_users() {
        // Rule (a): VOTE's result is uniform but has no uniform form, so the IADD3 reading it
        // would read an R register: neither converts; a float add never converts.
        let mut f = func(1);
        let (t, n, pv, b, s, one, fl) = (r(&mut f), r(&mut f), p(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        push(
            &mut f,
            0,
            vec![
                tid(t),
                param(n, 0x210),
                setp(pv, t, n),
                vote(VoteMode::Ballot, b, pv),
                movi(one, 1),
                add(s, b, one),
                fadd(fl, one, one),
                st(s, fl),
                exit(),
            ],
        );
        let v = Varying::compute(&f);
        assert!(v.is_uniform(b) && v.is_uniform(s) && v.is_uniform(fl));
        let st = convert_to_uniform_reg(&mut f, &v, &Options::default());
        assert_eq!(st.converted, vec![n, one]);
        assert_eq!(file(&f, s), RegFile::R);
        assert_eq!(file(&f, fl), RegFile::R);
    }

    #[test]
    fn definitions_under_divergent_control_stay_in_r() {
        // Rule (c): b0: @p BRA b2 | b1: a = ctaid + n | b2: b = ctaid + n; EXIT
        for varying_cond in [true, false] {
            let mut f = func(3);
            let (x, n, c, pr, a, b) = (r(&mut f), r(&mut f), r(&mut f), p(&mut f), r(&mut f), r(&mut f));
            let src = if varying_cond { tid(x) } else { ctaid(x) };
            push(&mut f, 0, vec![src, param(n, 0x210), ctaid(c), setp(pr, x, n), cbra(pr, false, 2)]);
            push(&mut f, 1, vec![add(a, c, n)]);
            push(&mut f, 2, vec![add(b, c, n), exit()]);
            let v = Varying::compute(&f);
            assert!(v.is_uniform(a), "uniform among the lanes that run it");
            convert_to_uniform_reg(&mut f, &v, &Options::default());
            assert_eq!(file(&f, a) == RegFile::UR, !varying_cond);
            assert_eq!(file(&f, b), RegFile::UR, "after reconvergence");
            assert_eq!(file(&f, pr) == RegFile::UP, !varying_cond, "a uniform branch predicate becomes UP");
        }
    }

    #[test]
    fn uniform_predicates_only_feed_uniform_instructions_and_branches() {
        // Rule (b'): q feeds a vector SEL (its other operands are varying): stays P. u feeds a
        // uniform SEL and a branch: becomes UP.
        let mut f = func(2);
        let (t, n, c, q, u, vs, us) = (r(&mut f), r(&mut f), r(&mut f), p(&mut f), p(&mut f), r(&mut f), r(&mut f));
        push(
            &mut f,
            0,
            vec![
                tid(t),
                param(n, 0x210),
                ctaid(c),
                setp(q, c, n),
                setp(u, n, c),
                sel(vs, t, n, q),
                sel(us, c, n, u),
                st(vs, us),
                cbra(u, false, 1),
            ],
        );
        push(&mut f, 1, vec![exit()]);
        let s = convert(&mut f);
        assert_eq!(file(&f, q), RegFile::P);
        assert_eq!(file(&f, u), RegFile::UP);
        assert_eq!(file(&f, us), RegFile::UR);
        assert_eq!(file(&f, vs), RegFile::R);
        assert_eq!(s.up, 1);
    }

    #[test]
    fn s2ur_only_for_ctaid() {
        use crate::sreg::{Dim, SpecialReg};
        let mut f = func(1);
        let (a, b, c) = (r(&mut f), r(&mut f), r(&mut f));
        push(
            &mut f,
            0,
            vec![
                s2r(a, SpecialReg::Ctaid(Dim::Y)),
                s2r(b, SpecialReg::Smid),
                s2r(c, SpecialReg::Nctaid(Dim::Z)),
                exit(),
            ],
        );
        let s = convert(&mut f);
        assert_eq!(s.converted, vec![a]);
    }

    #[test]
    fn budget_caps_the_converted_values_in_program_order() {
        let mut f = func(1);
        let regs: Vec<VReg> = (0..40).map(|_| r(&mut f)).collect();
        for (k, &d) in regs.iter().enumerate() {
            f.blocks[0].insts.push(movi(d, k as u64));
        }
        f.blocks[0].insts.push(exit());
        let s = convert(&mut f);
        assert_eq!(s.ur_slots, 32);
        assert_eq!(s.over_budget, 8);
        assert_eq!(s.converted, regs[..32].to_vec());
        // A value whose source went over budget stays in R too.
        let mut g = func(1);
        let a = r(&mut g);
        let b = r(&mut g);
        push(&mut g, 0, vec![movi(a, 1), mov(b, a), exit()]);
        let v = Varying::compute(&g);
        let s = convert_to_uniform_reg(&mut g, &v, &Options { ur_budget: 1, ..Options::default() });
        assert_eq!(s.converted, vec![a]);
    }

    #[test]
    fn pairs_convert_only_when_enabled() {
        let mut f = func(1);
        let (a, b) = (rd(&mut f), r(&mut f));
        push(&mut f, 0, vec![param64(a, 0x210), param(b, 0x218), st(a, b), exit()]);
        let v = Varying::compute(&f);
        let mut g = f.clone();
        let s = convert_to_uniform_reg(&mut f, &v, &Options::default());
        assert_eq!(s.converted, vec![b]);
        let s = convert_to_uniform_reg(&mut g, &v, &Options { pairs: true, ..Options::default() });
        assert_eq!(s.converted, vec![a, b]);
        assert_eq!(s.ur_slots, 3);
        assert_eq!(g.reg_info(a).pair, PairMode::Pair);
    }

    #[test]
    fn multiply_defined_registers_and_copies_never_convert() {
        let (mut f, c) = {
            let mut f = func(3);
            let (x, n, pr, a, b, c) = (r(&mut f), r(&mut f), p(&mut f), r(&mut f), r(&mut f), r(&mut f));
            push(&mut f, 0, vec![ctaid(x), param(n, 0x210), setp(pr, x, n), cbra(pr, false, 2)]);
            push(&mut f, 1, vec![movi(a, 1), bra(2)]);
            push(&mut f, 2, vec![phi(c, &[(x, 0), (a, 1)]), movi(b, 2), exit()]);
            (f, c)
        };
        crate::ori::opt::out_of_ssa::eliminate_phis(&mut f);
        let v = Varying::compute(&f);
        assert!(v.is_uniform(c));
        convert_to_uniform_reg(&mut f, &v, &Options::default());
        assert_eq!(file(&f, c), RegFile::R);
        let temp = VReg(f.regs.len() as u32 - 1);
        assert_eq!(file(&f, temp), RegFile::R);
    }

    #[test]
    fn uniform_opcodes_are_a_subset_of_the_opcode_table() {
        let mut f = func(1);
        let (d, a, pr) = (r(&mut f), r(&mut f), p(&mut f));
        let insts: Vec<Inst> = vec![
            movi(d, 1),
            param(d, 0x210),
            add(d, a, a),
            imad(d, a, a),
            sel(d, a, a, pr),
            setp(pr, a, a),
            ctaid(d),
            tid(d),
            fadd(d, a, a),
            ld(Space::Const, d, a),
            ld(Space::Global, d, a),
            shfl(d, a),
            vote(VoteMode::Any, d, pr),
            copy(d, Operand::Reg(a)),
        ];
        for i in &insts {
            if let Some(m) = uniform_opcode(i) {
                assert!(i.op.uniform_form().is_some(), "{:?}", i.op);
                assert!(m.starts_with('U') || m == "S2UR", "{m}");
            }
        }
        assert_eq!(uniform_opcode(&param(d, 0x210)), Some("ULDC"));
        assert_eq!(uniform_opcode(&ctaid(d)), Some("S2UR"));
        assert_eq!(uniform_opcode(&tid(d)), None);
        assert_eq!(uniform_opcode(&ld(Space::Global, d, a)), None);
    }

    /// A random diamond-and-loop function from a tape (the shapes of `varying`'s property tests
    /// would also do; this one keeps every register single-definition, as phase 74 sees values).
    fn random_function(tape: &[u32]) -> Function {
        let mut k = 0usize;
        let mut next = |m: u32| -> u32 {
            let x = tape[k % tape.len()];
            k += 1;
            x % m.max(1)
        };
        let nb = 2 + next(4) as usize;
        let mut f = func(nb);
        let mut rs: Vec<VReg> = Vec::new();
        let mut ps: Vec<VReg> = Vec::new();
        let (a, q) = (r(&mut f), p(&mut f));
        push(&mut f, 0, vec![param(a, 0x210), setp(q, a, a)]);
        rs.push(a);
        ps.push(q);
        for b in 0..nb {
            for _ in 0..next(6) {
                let x = rs[next(rs.len() as u32) as usize];
                let y = rs[next(rs.len() as u32) as usize];
                let pr = ps[next(ps.len() as u32) as usize];
                if next(5) == 0 {
                    let d = p(&mut f);
                    f.blocks[b].insts.push(setp(d, x, y));
                    ps.push(d);
                    continue;
                }
                let d = r(&mut f);
                let inst = match next(8) {
                    0 => tid(d),
                    1 => ctaid(d),
                    2 => movi(d, 3),
                    3 => add(d, x, y),
                    4 => sel(d, x, y, pr),
                    5 => vote(VoteMode::Ballot, d, pr),
                    6 => guarded(pr, false, mov(d, x)),
                    _ => fadd(d, x, y),
                };
                f.blocks[b].insts.push(inst);
                rs.push(d);
            }
            if b + 1 < nb {
                let t = next(nb as u32);
                let pr = ps[next(ps.len() as u32) as usize];
                f.blocks[b].insts.push(cbra(pr, false, t));
            }
        }
        f.blocks[nb - 1].insts.push(exit());
        f
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Rules (a), (b'), (c) and (g) hold after every conversion.
        #[test]
        fn conversions_respect_the_hardware_rules(tape in proptest::collection::vec(any::<u32>(), 16..120)) {
            let mut f = random_function(&tape);
            let v = Varying::compute(&f);
            let s = convert_to_uniform_reg(&mut f, &v, &Options { ur_budget: 6, up_budget: 2, pairs: false });
            prop_assert!(s.ur_slots <= 6 && s.up <= 2);
            for block in f.blocks.iter() {
                for inst in &block.insts {
                    let uniform_def = inst.defs().any(|d| matches!(f.reg_info(d).file, RegFile::UR | RegFile::UP));
                    if uniform_def {
                        prop_assert!(uniform_opcode(inst).is_some());
                        for u in inst.uses() {
                            prop_assert!(matches!(f.reg_info(u).file, RegFile::UR | RegFile::UP), "(a) {:?}", inst.op);
                        }
                    } else {
                        for u in inst.uses() {
                            let up = f.reg_info(u).file == RegFile::UP;
                            prop_assert!(!up || (inst.op == Op::Bra && inst.guard.is_some_and(|g| g.pred == u)), "(b')");
                        }
                    }
                }
            }
            for (b, block) in f.blocks.iter().enumerate() {
                for d in block.insts.iter().flat_map(|i| i.defs()) {
                    if matches!(f.reg_info(d).file, RegFile::UR | RegFile::UP) {
                        prop_assert!(v.is_uniform(d));
                        prop_assert!(!v.is_under_divergent_control(Bix(b as u32)), "(c)");
                    }
                }
            }
        }
    }
}
