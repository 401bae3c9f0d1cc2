use super::*;

fn loc(base: usize, off: i64, size: u64) -> Option<Loc> {
    Some(Loc { base, off, size, object: None, space: 1 })
}

fn cand(pos: usize, load: bool, base: usize, off: i64, bytes: u32, n: u32, align: u32) -> Access {
    Access {
        pos,
        kind: Kind::Candidate { load, bytes, n, align },
        loc: loc(base, off, u64::from(bytes * n)),
        base_align: 1,
    }
}

fn ld(pos: usize, base: usize, off: i64, align: u32) -> Access {
    cand(pos, true, base, off, 4, 1, align)
}

fn st(pos: usize, base: usize, off: i64, align: u32) -> Access {
    cand(pos, false, base, off, 4, 1, align)
}

/// (anchor, pieces) of each group.
fn shape(groups: &[Group]) -> Vec<(usize, Vec<usize>)> {
    groups.iter().map(|g| (g.anchor, g.pieces.iter().map(|p| p.0).collect())).collect()
}

#[test]
fn four_aligned_loads_make_one_v4() {
    let a = [ld(0, 7, 0, 16), ld(1, 7, 4, 4), ld(2, 7, 8, 8), ld(3, 7, 12, 4)];
    let g = plan(&a);
    assert_eq!(shape(&g), vec![(0, vec![0, 1, 2, 3])]);
    assert_eq!(g[0].start, 0);
}

#[test]
fn eight_byte_alignment_makes_two_v2() {
    let a = [ld(0, 7, 0, 8), ld(1, 7, 4, 4), ld(2, 7, 8, 8), ld(3, 7, 12, 4)];
    assert_eq!(shape(&plan(&a)), vec![(0, vec![0, 1]), (2, vec![2, 3])]);
}

#[test]
fn misaligned_loads_stay_scalar() {
    let a = [ld(0, 7, 0, 4), ld(1, 7, 4, 4), ld(2, 7, 8, 4), ld(3, 7, 12, 4)];
    assert!(plan(&a).is_empty());
}

#[test]
fn a_later_member_proves_the_alignment() {
    // The load at 16 is 16-aligned, so is the one at 0.
    let a = [ld(0, 7, 0, 4), ld(1, 7, 4, 4), ld(2, 7, 8, 4), ld(3, 7, 12, 4), ld(4, 7, 16, 16)];
    assert_eq!(shape(&plan(&a)), vec![(0, vec![0, 1, 2, 3])]);
}

#[test]
fn a_module_variable_proves_the_alignment() {
    let mut a = [ld(0, 7, 8, 4), ld(1, 7, 12, 4)];
    assert!(plan(&a).is_empty());
    for x in &mut a {
        x.base_align = 16;
    }
    assert_eq!(shape(&plan(&a)), vec![(0, vec![0, 1])]);
}

#[test]
fn order_does_not_matter_and_the_earliest_load_anchors() {
    let a = [ld(0, 7, 4, 4), ld(1, 7, 0, 8)];
    let g = plan(&a);
    assert_eq!(shape(&g), vec![(0, vec![1, 0])]);
    assert_eq!(g[0].start, 0);
}

#[test]
fn gaps_and_odd_counts() {
    // 0, 4, 12: a v2 and a scalar; three from 16: a v2 and a scalar.
    let a = [ld(0, 7, 0, 16), ld(1, 7, 4, 4), ld(2, 7, 12, 4)];
    assert_eq!(shape(&plan(&a)), vec![(0, vec![0, 1])]);
    let b = [ld(0, 7, 16, 16), ld(1, 7, 20, 4), ld(2, 7, 24, 8)];
    assert_eq!(shape(&plan(&b)), vec![(0, vec![0, 1])]);
}

#[test]
fn an_aliasing_store_between_loads_splits_them() {
    let mut s = st(1, 9, 0, 4);
    let a = [ld(0, 7, 0, 8), s.clone(), ld(2, 7, 4, 4)];
    assert!(plan(&a).iter().all(|g| !g.load));
    // Different identified objects (or spaces) do not alias.
    s.loc = Some(Loc { object: Some(2), ..s.loc.unwrap() });
    let mut l0 = ld(0, 7, 0, 8);
    let mut l1 = ld(2, 7, 4, 4);
    for l in [&mut l0, &mut l1] {
        l.loc = Some(Loc { object: Some(1), ..l.loc.unwrap() });
    }
    assert_eq!(shape(&plan(&[l0, s.clone(), l1])), vec![(0, vec![0, 2])]);
    let mut shared = st(1, 9, 0, 4);
    shared.loc = Some(Loc { space: 3, ..shared.loc.unwrap() });
    assert_eq!(shape(&plan(&[ld(0, 7, 0, 8), shared, ld(2, 7, 4, 4)])), vec![(0, vec![0, 2])]);
}

#[test]
fn a_store_to_the_same_base_elsewhere_does_not_split() {
    let a = [ld(0, 7, 0, 8), st(1, 7, 8, 4), ld(2, 7, 4, 4)];
    let g = plan(&a);
    assert_eq!(shape(&g), vec![(0, vec![0, 2])]);
    let b = [ld(0, 7, 0, 8), st(1, 7, 4, 4), ld(2, 7, 4, 4)];
    assert!(plan(&b).is_empty());
}

#[test]
fn barriers_split_everything() {
    let bar = Access { pos: 1, kind: Kind::Barrier, loc: None, base_align: 1 };
    assert!(plan(&[ld(0, 7, 0, 8), bar.clone(), ld(2, 7, 4, 4)]).is_empty());
    assert!(plan(&[st(0, 7, 0, 8), bar, st(2, 7, 4, 4)]).is_empty());
}

#[test]
fn stores_merge_at_the_latest_store() {
    let a = [st(0, 7, 8, 8), st(1, 7, 0, 16), st(2, 7, 4, 4), st(3, 7, 12, 4)];
    assert_eq!(shape(&plan(&a)), vec![(3, vec![1, 2, 0, 3])]);
}

#[test]
fn a_read_between_stores_splits_them() {
    let a = [st(0, 7, 0, 8), ld(1, 9, 0, 4), st(2, 7, 4, 4)];
    assert!(plan(&a).iter().all(|g| g.load));
    let b = [st(0, 7, 0, 8), ld(1, 7, 8, 4), st(2, 7, 4, 4)];
    assert_eq!(shape(&plan(&b)), vec![(2, vec![0, 2])]);
    let c = [st(0, 7, 0, 8), ld(1, 7, 0, 4), st(2, 7, 4, 4)];
    assert!(plan(&c).is_empty());
}

#[test]
fn stores_to_one_address_keep_their_order() {
    let a = [st(0, 7, 0, 8), st(1, 7, 4, 4), st(2, 7, 0, 8), st(3, 7, 4, 4)];
    let g = plan(&a);
    assert_eq!(shape(&g), vec![(1, vec![0, 1]), (3, vec![2, 3])]);
}

#[test]
fn a_repeated_load_stays_scalar() {
    let a = [ld(0, 7, 0, 8), ld(1, 7, 0, 8), ld(2, 7, 4, 4)];
    assert_eq!(shape(&plan(&a)), vec![(0, vec![0, 2])]);
}

#[test]
fn moved_loads_and_stores_never_swap() {
    // S0 writes 0, L1 reads 4, S2 writes 4, L3 reads 0. L3 may move up to L1 (S2 writes
    // elsewhere), so it then reads before position 2: S0 must not sink to S2 past it.
    let a = [st(0, 7, 0, 8), ld(1, 7, 4, 4), st(2, 7, 4, 4), ld(3, 7, 0, 8)];
    let g = plan(&a);
    assert_eq!(shape(&g), vec![(1, vec![3, 1])]);
    // Without the load in the way the stores merge.
    let b = [st(0, 7, 0, 8), ld(1, 7, 8, 4), st(2, 7, 4, 4), ld(3, 7, 12, 4)];
    assert_eq!(shape(&plan(&b)), vec![(2, vec![0, 2])]);
}

#[test]
fn wide_elements() {
    // i64: two per vector at most; i16: four; i8: four (v4.u8).
    let a = [cand(0, true, 7, 0, 8, 1, 16), cand(1, true, 7, 8, 8, 1, 8), cand(2, true, 7, 16, 8, 1, 16)];
    assert_eq!(shape(&plan(&a)), vec![(0, vec![0, 1])]);
    let b: Vec<Access> = (0..4).map(|k| cand(k, true, 7, k as i64 * 2, 2, 1, if k == 0 { 8 } else { 2 })).collect();
    assert_eq!(shape(&plan(&b)), vec![(0, vec![0, 1, 2, 3])]);
}

#[test]
fn vector_typed_accesses_split_and_merge() {
    // <8 x float> align 32: two v4.
    let g = plan(&[cand(0, true, 7, 0, 4, 8, 32)]);
    assert_eq!(g.len(), 2);
    assert_eq!((g[0].start, g[1].start), (0, 16));
    // <2 x float> align 4 alone: scalars; align 4 then align 8 at +8: the second proves the
    // first 8-aligned too (llc's pass, reading the first access's alignment only, splits it).
    assert!(plan(&[cand(0, true, 7, 0, 4, 2, 4)]).is_empty());
    let g = plan(&[cand(0, true, 7, 0, 4, 2, 4), cand(1, true, 7, 8, 4, 2, 8)]);
    assert_eq!(shape(&g), vec![(0, vec![0, 0]), (1, vec![1, 1])]);
    assert_eq!(g[1].pieces, vec![(1, 0), (1, 1)]);
    // Two <2 x float> at 16-byte alignment: one v4.
    let g = plan(&[cand(0, true, 7, 0, 4, 2, 16), cand(1, true, 7, 8, 4, 2, 8)]);
    assert_eq!(shape(&g), vec![(0, vec![0, 0, 1, 1])]);
}

#[test]
fn known_alignment() {
    assert_eq!(known_align(&[(0, 16)], 1, 0), 16);
    assert_eq!(known_align(&[(0, 16)], 1, 8), 8);
    assert_eq!(known_align(&[(4, 4), (16, 16)], 1, 0), 16);
    assert_eq!(known_align(&[(4, 4)], 1, 0), 4);
    assert_eq!(known_align(&[], 32, 64), 32);
    assert_eq!(known_align(&[(0, 0)], 0, 0), 1);
}

#[test]
fn runs_split_greedily() {
    let sixteen = |at: i64| if at % 16 == 0 { 16 } else { 4 };
    assert_eq!(split_run(0, 8, 4, sixteen), vec![(0, 4), (4, 4)]);
    assert_eq!(split_run(4, 7, 4, sixteen), vec![(3, 4)]);
    assert_eq!(split_run(0, 3, 8, |_| 16), vec![(0, 2)]);
    assert_eq!(split_run(0, 1, 4, |_| 16), vec![]);
}
