//! The reference on kernels whose threads communicate, checked against values computed here
//! from the PTX semantics (not against the SIMT interpreter).

use super::*;

const SREGS: &str = "
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()
";

fn launch(grid: u32, block: u32) -> Launch {
    Launch { grid: [grid, 1, 1], block: [block, 1, 1], dynamic_shared: 1024 }
}

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn unwords(b: &[u8]) -> Vec<u32> {
    b.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Runs `@k(ptr out, ptr in)` with `input` and an output buffer of `n` words.
fn run_k(body: &str, input: &[u32], n: usize, l: &Launch) -> Result<Vec<u32>, RefError> {
    let ir = format!("target triple = \"nvptx64-nvidia-cuda\"\n{body}\n{SREGS}");
    let args = [RefArg::Buffer(vec![0; n * 4]), RefArg::Buffer(words(input))];
    run(ir.as_bytes(), "k", &args, l, &[], &[]).map(|o| unwords(&o.buffers[0]))
}

fn input(n: u32) -> Vec<u32> {
    (0..n).map(|i| (i * 37 + 11) % 64).collect()
}

#[test]
fn a_shared_memory_reduction_sums_each_cta_separately() {
    let body = "
@buf = internal addrspace(3) global [64 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x i32]
define ptx_kernel void @k(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = mul i32 %b, 64
  %i = add i32 %b64, %t
  %pi = getelementptr i32, ptr %in, i32 %i
  %x = load i32, ptr %pi
  %ps = getelementptr [64 x i32], ptr addrspace(3) @buf, i32 0, i32 %t
  %old = load i32, ptr addrspace(3) %ps
  %x1 = add i32 %x, %old
  store i32 %x1, ptr addrspace(3) %ps
  %pd = getelementptr i32, ptr addrspace(3) @dyn, i32 %t
  store i32 %t, ptr addrspace(3) %pd
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %s = phi i32 [ 32, %entry ], [ %s2, %next ]
  %c = icmp ult i32 %t, %s
  br i1 %c, label %add, label %next
add:
  %ts = add i32 %t, %s
  %pa = getelementptr [64 x i32], ptr addrspace(3) @buf, i32 0, i32 %ts
  %a = load i32, ptr addrspace(3) %pa
  %m = load i32, ptr addrspace(3) %ps
  %sum = add i32 %a, %m
  store i32 %sum, ptr addrspace(3) %ps
  br label %next
next:
  call void @llvm.nvvm.barrier0()
  %s2 = lshr i32 %s, 1
  %done = icmp eq i32 %s2, 0
  br i1 %done, label %fin, label %loop
fin:
  %r = sub i32 63, %t
  %pr = getelementptr i32, ptr addrspace(3) @dyn, i32 %r
  %y = load i32, ptr addrspace(3) %pr
  %o = add i32 %i, 2
  %po = getelementptr i32, ptr %out, i32 %o
  store i32 %y, ptr %po
  %z = icmp eq i32 %t, 0
  br i1 %z, label %write, label %exit
write:
  %total = load i32, ptr addrspace(3) @buf
  %pb = getelementptr i32, ptr %out, i32 %b
  store i32 %total, ptr %pb
  br label %exit
exit:
  ret void
}";
    let inp = input(128);
    let out = run_k(body, &inp, 130, &launch(2, 64)).unwrap();
    // Shared memory starts zeroed in each CTA: the second CTA does not see the first one's sums.
    assert_eq!(out[0], inp[..64].iter().sum::<u32>());
    assert_eq!(out[1], inp[64..].iter().sum::<u32>());
    for i in 0..128 {
        assert_eq!(out[2 + i], 63 - (i as u32 % 64), "thread {i} reads the value thread 63 - t wrote");
    }
}

#[test]
fn reducing_barriers_combine_the_predicates_of_the_cta() {
    let body = "
define ptx_kernel void @k(ptr %out, ptr %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = mul i32 %b, 64
  %i = add i32 %b64, %t
  %pi = getelementptr i32, ptr %in, i32 %i
  %x = load i32, ptr %pi
  %x3 = and i32 %x, 3
  %p = icmp eq i32 %x3, 0
  %pz = zext i1 %p to i32
  %cnt = call i32 @llvm.nvvm.barrier0.popc(i32 %pz)
  %lt = icmp ult i32 %x, 64
  %ltz = zext i1 %lt to i32
  %all = call i32 @llvm.nvvm.barrier0.and(i32 %ltz)
  %eq = icmp eq i32 %x, 62
  %eqz = zext i1 %eq to i32
  %any = call i32 @llvm.nvvm.barrier0.or(i32 %eqz)
  %v1 = mul i32 %cnt, 4
  %v2 = shl i32 %all, 1
  %v3 = or i32 %v1, %v2
  %v4 = or i32 %v3, %any
  %po = getelementptr i32, ptr %out, i32 %i
  store i32 %v4, ptr %po
  ret void
}
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)";
    let inp = input(128);
    let out = run_k(body, &inp, 128, &launch(2, 64)).unwrap();
    for cta in 0..2 {
        let xs = &inp[cta * 64..cta * 64 + 64];
        let cnt = xs.iter().filter(|&&x| x % 4 == 0).count() as u32;
        let any = xs.contains(&62) as u32;
        for t in 0..64 {
            assert_eq!(out[cta * 64 + t], (cnt * 4) | 2 | any, "CTA {cta} thread {t}");
        }
    }
}

#[test]
fn shuffles_read_the_lanes_the_ptx_rules_name() {
    let body = "
define ptx_kernel void @k(ptr %out, ptr %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %d = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %x, i32 3, i32 31)
  %u = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %x, i32 2, i32 6144)
  %uv = extractvalue { i32, i1 } %u, 0
  %up = extractvalue { i32, i1 } %u, 1
  %bf = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 5, i32 31)
  %fx = uitofp i32 %x to float
  %ix = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %fx, i32 9, i32 6175)
  %ii = fptoui float %ix to i32
  %o = mul i32 %t, 5
  %p0 = getelementptr i32, ptr %out, i32 %o
  store i32 %d, ptr %p0
  %p1 = getelementptr i32, ptr %p0, i32 1
  store i32 %uv, ptr %p1
  %p2 = getelementptr i32, ptr %p0, i32 2
  %upz = zext i1 %up to i32
  store i32 %upz, ptr %p2
  %p3 = getelementptr i32, ptr %p0, i32 3
  store i32 %bf, ptr %p3
  %p4 = getelementptr i32, ptr %p0, i32 4
  store i32 %ii, ptr %p4
  ret void
}
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32)";
    let inp = input(64);
    let out = run_k(body, &inp, 64 * 5, &launch(1, 64)).unwrap();
    for t in 0..64usize {
        let (w, l) = (t / 32 * 32, t % 32);
        let v = |lane: usize| inp[w + lane];
        let r = &out[t * 5..t * 5 + 5];
        assert_eq!(r[0], if l + 3 < 32 { v(l + 3) } else { v(l) }, "down, thread {t}");
        // Up by 2 within segments of 8 lanes (c = 24 << 8).
        let up_ok = l % 8 >= 2;
        assert_eq!((r[1], r[2]), (if up_ok { v(l - 2) } else { v(l) }, up_ok as u32), "up, thread {t}");
        assert_eq!(r[3], v(l ^ 5), "bfly, thread {t}");
        // Index 9 within segments of 8: lane 1 of the segment.
        assert_eq!(r[4], v(l / 8 * 8 + 1), "idx, thread {t}");
    }
}

#[test]
fn votes_and_activemask_see_the_lanes_of_a_diverged_warp() {
    let body = "
define ptx_kernel void @k(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %odd = trunc i32 %x to i1
  %bal = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  %lane = and i32 %t, 31
  %low = icmp ult i32 %lane, 12
  br i1 %low, label %part, label %join
part:
  %am = call i32 @llvm.nvvm.activemask()
  %pb = call i32 @llvm.nvvm.vote.ballot(i1 %odd)
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 %am, i1 %odd)
  %anyz = zext i1 %any to i32
  %s = xor i32 %am, %pb
  %s2 = add i32 %s, %anyz
  br label %join
join:
  %p = phi i32 [ %s2, %part ], [ 0, %entry ]
  %o = mul i32 %t, 2
  %p0 = getelementptr i32, ptr %out, i32 %o
  store i32 %bal, ptr %p0
  %p1 = getelementptr i32, ptr %p0, i32 1
  store i32 %p, ptr %p1
  ret void
}
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.vote.ballot(i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()";
    // 48 threads: the second warp has 16 lanes.
    let inp = input(48);
    let out = run_k(body, &inp, 96, &launch(1, 48)).unwrap();
    for t in 0..48usize {
        let w = t / 32 * 32;
        let lanes = (48 - w).min(32);
        let ballot = (0..lanes).filter(|&l| inp[w + l] % 2 == 1).fold(0u32, |m, l| m | 1 << l);
        assert_eq!(out[2 * t], ballot, "ballot, thread {t}");
        if t % 32 < 12 {
            let part = ballot & 0xFFF;
            assert_eq!(out[2 * t + 1], (0xFFF ^ part) + (part != 0) as u32, "diverged lanes, thread {t}");
        } else {
            assert_eq!(out[2 * t + 1], 0);
        }
    }
}

#[test]
fn match_and_redux_combine_the_member_lanes() {
    let body = "
define ptx_kernel void @k(ptr %out, ptr %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %k = and i32 %x, 3
  %ma = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %k)
  %sum = call i32 @llvm.nvvm.redux.sync.add(i32 %x, i32 -1)
  %hi = icmp uge i32 %t, 16
  %half = select i1 %hi, i32 -65536, i32 65535
  %mn = call i32 @llvm.nvvm.redux.sync.umin(i32 %x, i32 %half)
  %o = mul i32 %t, 3
  %p0 = getelementptr i32, ptr %out, i32 %o
  store i32 %ma, ptr %p0
  %p1 = getelementptr i32, ptr %p0, i32 1
  store i32 %sum, ptr %p1
  %p2 = getelementptr i32, ptr %p0, i32 2
  store i32 %mn, ptr %p2
  ret void
}
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.redux.sync.umin(i32, i32)";
    // Each half of the warp takes the minimum over its own lanes (its own member mask).
    let inp = input(32);
    let out = run_k(body, &inp, 96, &launch(1, 32)).unwrap();
    let sum = inp.iter().fold(0u32, |a, &b| a.wrapping_add(b));
    for t in 0..32 {
        let same = (0..32).filter(|&l| inp[l] % 4 == inp[t] % 4).fold(0u32, |m, l| m | 1 << l);
        let min = *inp[t / 16 * 16..t / 16 * 16 + 16].iter().min().unwrap();
        assert_eq!(&out[3 * t..3 * t + 3], &[same, sum, min], "thread {t}");
    }
}

#[test]
fn atomics_are_atomic_between_the_threads_of_a_cta() {
    let body = "
@count = internal addrspace(3) global i32 0, align 4
@hist = internal addrspace(3) global [4 x i32] zeroinitializer, align 4
@seed = internal addrspace(3) global i32 1000, align 4
define ptx_kernel void @k(ptr %out, ptr %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %bin = and i32 %x, 3
  %ph = getelementptr [4 x i32], ptr addrspace(3) @hist, i32 0, i32 %bin
  %u = atomicrmw add ptr addrspace(3) %ph, i32 1 monotonic
  %slot = atomicrmw add ptr addrspace(3) @count, i32 1 seq_cst
  %gen = addrspacecast ptr addrspace(3) @seed to ptr
  %s = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %gen, i32 1)
  %c = cmpxchg ptr addrspace(3) @count, i32 9999, i32 0 seq_cst seq_cst
  %po = getelementptr i32, ptr %out, i32 %slot
  store i32 %s, ptr %po
  call void @llvm.nvvm.barrier0()
  %first = icmp ult i32 %t, 4
  br i1 %first, label %w, label %e
w:
  %ph2 = getelementptr [4 x i32], ptr addrspace(3) @hist, i32 0, i32 %t
  %h = load i32, ptr addrspace(3) %ph2
  %o = add i32 %t, 64
  %po2 = getelementptr i32, ptr %out, i32 %o
  store i32 %h, ptr %po2
  br label %e
e:
  ret void
}
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)";
    let inp = input(64);
    let out = run_k(body, &inp, 68, &launch(1, 64)).unwrap();
    // Each ticket is taken once; the initial value of @seed is set at the start of the CTA.
    let mut seen: Vec<u32> = out[..64].to_vec();
    seen.sort();
    assert_eq!(seen, (1000..1064).collect::<Vec<_>>());
    for b in 0..4 {
        assert_eq!(out[64 + b], inp.iter().filter(|&&x| x % 4 == b as u32).count() as u32, "bin {b}");
    }
}

#[test]
fn named_barriers_with_counts_and_early_exits_complete() {
    // Warp 1 writes, arrives at barrier 1 (64 threads) without waiting and exits; warp 0 waits
    // there, then reads. Threads that exit before a full barrier do not hold it.
    let body = r#"
@s = internal addrspace(3) global [32 x i32] undef, align 4
define ptx_kernel void @k(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = and i32 %t, 31
  %ps = getelementptr [32 x i32], ptr addrspace(3) @s, i32 0, i32 %l
  %w1 = icmp uge i32 %t, 32
  br i1 %w1, label %producer, label %consumer
producer:
  %v = mul i32 %t, 3
  store i32 %v, ptr addrspace(3) %ps
  call void asm sideeffect "bar.arrive 1, 64;", ""()
  ret void
consumer:
  call void asm sideeffect "bar.sync 1, 64;", ""()
  %r = sub i32 31, %l
  %pr = getelementptr [32 x i32], ptr addrspace(3) @s, i32 0, i32 %r
  %x = load i32, ptr addrspace(3) %pr
  call void @llvm.nvvm.barrier0()
  %po = getelementptr i32, ptr %out, i32 %t
  store i32 %x, ptr %po
  ret void
}"#;
    let out = run_k(body, &input(64), 32, &launch(1, 64)).unwrap();
    for t in 0..32u32 {
        assert_eq!(out[t as usize], (32 + 31 - t) * 3, "thread {t}");
    }
}

#[test]
fn inline_ptx_from_the_table_runs_and_any_other_is_named() {
    let body = r#"
define ptx_kernel void @k(ptr %out, ptr %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %x2 = mul i32 %x, 2654435761
  %f = call i32 asm "bfind.u32 $0, $1;", "=r,r"(i32 %x2)
  %g = call i32 asm "bfind.shiftamt.s32 $0, $1;", "=r,r"(i32 %x2)
  %h = call i32 asm "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %x2, i32 %t, i32 %x)
  %l = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %o = mul i32 %t, 4
  %p0 = getelementptr i32, ptr %out, i32 %o
  store i32 %f, ptr %p0
  %p1 = getelementptr i32, ptr %p0, i32 1
  store i32 %g, ptr %p1
  %p2 = getelementptr i32, ptr %p0, i32 2
  store i32 %h, ptr %p2
  %p3 = getelementptr i32, ptr %p0, i32 3
  store i32 %l, ptr %p3
  ret void
}"#;
    let mut inp = input(64);
    inp[0] = 0;
    let out = run_k(body, &inp, 256, &launch(1, 64)).unwrap();
    for t in 0..64usize {
        let x = inp[t].wrapping_mul(2654435761);
        let pos = if x == 0 { u32::MAX } else { 31 - x.leading_zeros() };
        let s = if (x as i32) < 0 { !x } else { x };
        let shiftamt = if s == 0 { u32::MAX } else { s.leading_zeros() };
        let n = inp[t].min(32);
        let wide = ((t as u64) << 32 | x as u64) >> n;
        assert_eq!(&out[4 * t..4 * t + 4], &[pos, shiftamt, wide as u32, t as u32 % 32], "thread {t}");
    }
    let bad = body.replace("bfind.u32 $0, $1;", "activemask.b32 $0;");
    assert_eq!(
        run_k(&bad, &inp, 256, &launch(1, 64)),
        Err(RefError::Ineligible("inline PTX \"activemask.b32 $0;\"".into()))
    );
}

/// Blocks outside the table run through `ori.ref.asm`: operands in and out of the slot buffer
/// (two results, a tied input, a 16-bit `h` operand, a predicate), memory through host
/// addresses, special registers; results computed here.
#[test]
fn inline_ptx_blocks_run_through_the_shared_evaluator() {
    let body = r#"
define ptx_kernel void @k(ptr %out, ptr %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %w = call { i32, i32 } asm "{\0A\09mad.lo.cc.u32 $0, $2, $3, $4;\0A\09madc.hi.u32 $1, $2, $3, 0;\0A\09}", "=r,=r,r,r,r"(i32 %x, i32 -1, i32 %t)
  %lo = extractvalue { i32, i32 } %w, 0
  %hi = extractvalue { i32, i32 } %w, 1
  %tied = call i32 asm "{ .reg .u32 k; mov.u32 k, %laneid; add.u32 $0, $0, k; }", "=r,0"(i32 %x)
  %h = trunc i32 %t to i16
  %hh = call i16 asm "{ .reg .pred p; setp.lt.u16 p, $1, 5; selp.u16 $0, $1, 500, p; }", "=h,h"(i16 %h)
  %hz = zext i16 %hh to i32
  %b = icmp ult i32 %t, 3
  %sel = call i32 asm "selp.u32 $0, 7, 9, $1;", "=r,b"(i1 %b)
  %o8 = mul i32 %t, 8
  %po = getelementptr i32, ptr %out, i32 %o8
  call void asm sideeffect "st.global.cs.v4.u32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r"(ptr %po, i32 %lo, i32 %hi, i32 %tied, i32 %hz)
  %ld = call i32 asm sideeffect "ld.volatile.global.u32 $0, [$1+8];", "=r,l"(ptr %po)
  %s = add i32 %ld, %sel
  %p4 = getelementptr i32, ptr %po, i32 4
  store i32 %s, ptr %p4
  ret void
}"#;
    let inp = input(64);
    let out = run_k(body, &inp, 512, &launch(1, 64)).unwrap();
    for t in 0..64usize {
        let x = inp[t];
        let m = x as u64 * 0xFFFF_FFFF + t as u64;
        let tied = x + t as u32 % 32;
        let h = if t < 5 { t as u32 } else { 500 };
        let sel = if t < 3 { 7 } else { 9 };
        assert_eq!(&out[8 * t..8 * t + 5], &[m as u32, (m >> 32) as u32, tied, h, tied + sel], "thread {t}");
    }
    let shared = body.replace("st.global.cs", "st.shared.cs");
    assert!(matches!(run_k(&shared, &inp, 512, &launch(1, 64)), Err(RefError::Ineligible(_))));
}

#[test]
fn a_barrier_some_threads_never_reach_is_a_deadlock_not_a_hang() {
    let body = "
define ptx_kernel void @k(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 32
  br i1 %c, label %a, label %b
a:
  call void @llvm.nvvm.barrier0()
  br label %e
b:
  call void @llvm.nvvm.barrier.sync(i32 1)
  br label %e
e:
  ret void
}
declare void @llvm.nvvm.barrier.sync(i32)";
    let r = run_k(body, &input(64), 1, &launch(1, 64));
    let Err(RefError::Failed(why)) = r else { panic!("expected a deadlock, got {r:?}") };
    assert!(why.contains("deadlock") && why.contains("barrier 0/1"), "{why}");
}

#[test]
fn warp_synchronous_code_sees_lockstep_values_at_volatile_accesses_and_syncwarp() {
    // The legacy warp reduction through volatile shared memory (no __syncwarp), and the same
    // with __syncwarp between the steps and plain accesses: both give lane 0 the warp's sum.
    let body = "
@vs = internal addrspace(3) global [64 x i32] undef, align 4
@ws = internal addrspace(3) global [64 x i32] undef, align 4
define ptx_kernel void @k(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %pv = getelementptr [64 x i32], ptr addrspace(3) @vs, i32 0, i32 %t
  store volatile i32 %x, ptr addrspace(3) %pv
  %pw = getelementptr [64 x i32], ptr addrspace(3) @ws, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %pw
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  br label %loop
loop:
  %s = phi i32 [ 16, %entry ], [ %s2, %after ]
  %c = icmp ult i32 %t, %s
  br i1 %c, label %step, label %next
step:
  %ts = add i32 %t, %s
  %a = load volatile i32, ptr addrspace(3) %pv
  %pb = getelementptr [64 x i32], ptr addrspace(3) @vs, i32 0, i32 %ts
  %b = load volatile i32, ptr addrspace(3) %pb
  %ab = add i32 %a, %b
  store volatile i32 %ab, ptr addrspace(3) %pv
  %wa = load i32, ptr addrspace(3) %pw
  %pwb = getelementptr [64 x i32], ptr addrspace(3) @ws, i32 0, i32 %ts
  %wb = load i32, ptr addrspace(3) %pwb
  %wab = add i32 %wa, %wb
  br label %next
next:
  %w = phi i32 [ %wab, %step ], [ 0, %loop ]
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  br i1 %c, label %put, label %after
put:
  store i32 %w, ptr addrspace(3) %pw
  br label %after
after:
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %s2 = lshr i32 %s, 1
  %done = icmp eq i32 %s2, 0
  br i1 %done, label %fin, label %loop
fin:
  %z = icmp eq i32 %t, 0
  br i1 %z, label %write, label %exit
write:
  %v = load volatile i32, ptr addrspace(3) @vs
  %ww = load i32, ptr addrspace(3) @ws
  store i32 %v, ptr %out
  %po = getelementptr i32, ptr %out, i32 1
  store i32 %ww, ptr %po
  br label %exit
exit:
  ret void
}
declare void @llvm.nvvm.bar.warp.sync(i32)";
    let inp = input(32);
    let out = run_k(body, &inp, 2, &launch(1, 32)).unwrap();
    let sum: u32 = inp.iter().sum();
    assert_eq!(out, [sum, sum]);
    // Without any __syncwarp: only the yields at volatile accesses keep the lanes in step.
    let legacy = body
        .replace("call void @llvm.nvvm.bar.warp.sync(i32 -1)", "")
        .replace("declare void @llvm.nvvm.bar.warp.sync(i32)", "");
    let out = run_k(&legacy, &inp, 2, &launch(1, 32)).unwrap();
    assert_eq!(out[0], sum);
}

#[test]
fn large_ctas_with_many_barriers_run_in_reasonable_time() {
    let body = "
@s = internal addrspace(3) global [1024 x i32] undef, align 4
define ptx_kernel void @k(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ps = getelementptr [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %ps
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k2, %loop ]
  call void @llvm.nvvm.barrier0()
  %n = add i32 %t, 1
  %nn = and i32 %n, 1023
  %pn = getelementptr [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %nn
  %v = load i32, ptr addrspace(3) %pn
  call void @llvm.nvvm.barrier0()
  store i32 %v, ptr addrspace(3) %ps
  %k2 = add i32 %k, 1
  %d = icmp eq i32 %k2, 20
  br i1 %d, label %fin, label %loop
fin:
  %b1k = mul i32 %b, 1024
  %i = add i32 %b1k, %t
  %po = getelementptr i32, ptr %out, i32 %i
  %r = load i32, ptr addrspace(3) %ps
  store i32 %r, ptr %po
  ret void
}";
    let start = Instant::now();
    let out = run_k(body, &input(1), 2048, &launch(2, 1024)).unwrap();
    // After 20 rotations by one, thread t holds (t + 20) mod 1024.
    for i in 0..2048u32 {
        assert_eq!(out[i as usize], (i % 1024 + 20) % 1024, "thread {i}");
    }
    assert!(start.elapsed() < Duration::from_secs(30), "{:?}", start.elapsed());
    eprintln!("2 CTAs x 1024 threads x 40 barriers: {:?}", start.elapsed());
}

#[test]
fn outputs_that_depend_on_the_schedule_are_found_by_a_second_schedule() {
    // out[t] = a ticket (order-dependent); out[64 + t] = t * 2 (not).
    let body = "
@count = internal addrspace(3) global i32 0, align 4
define ptx_kernel void @k(ptr %out, ptr %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = atomicrmw add ptr addrspace(3) @count, i32 1 seq_cst
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %slot, ptr %p
  %t2 = mul i32 %t, 2
  %q = getelementptr i32, ptr %p, i32 64
  store i32 %t2, ptr %q
  ret void
}";
    let ir = format!("target triple = \"nvptx64-nvidia-cuda\"\n{body}\n{SREGS}");
    let args = [RefArg::Buffer(vec![0; 128 * 4]), RefArg::Buffer(words(&input(64)))];
    let out = run(ir.as_bytes(), "k", &args, &launch(1, 64), &[], &[]).unwrap();
    let unstable: Vec<bool> = out.unstable[0].chunks(4).map(|c| c.iter().any(|&x| x)).collect();
    // Thread t takes ticket t in warp order, 63 - t in the reversed one: all but none equal
    // (63 - t == t has no solution).
    assert!(unstable[..64].iter().all(|&u| u));
    assert!(unstable[64..].iter().all(|&u| !u));
    assert_eq!(unwords(&out.buffers[0])[..64], (0..64).collect::<Vec<u32>>()[..]);
}

#[test]
fn exited_threads_leave_barriers_and_a_trap_stops_the_run() {
    // Odd threads exit (`llvm.nvvm.exit`) before the barrier; the even ones still meet there.
    let body = "
declare void @llvm.nvvm.exit()
declare void @llvm.trap()
define ptx_kernel void @k(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %leave, label %stay
leave:
  call void @llvm.nvvm.exit()
  unreachable
stay:
  call void @llvm.nvvm.barrier0()
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 7, ptr %p
  %pi = getelementptr i32, ptr %in, i32 %t
  %x = load i32, ptr %pi
  %bad = icmp eq i32 %x, 999
  br i1 %bad, label %boom, label %done
boom:
  call void @llvm.trap()
  unreachable
done:
  ret void
}";
    let l = launch(1, 64);
    let out = run_k(body, &vec![0; 64], 64, &l).unwrap();
    assert_eq!(out, (0..64).map(|t| if t % 2 == 0 { 7 } else { 0 }).collect::<Vec<u32>>());
    // Thread 6 traps after the barrier: the run reports the trap.
    let ir = format!("target triple = \"nvptx64-nvidia-cuda\"\n{body}\n{SREGS}");
    let mut inp = vec![0u32; 64];
    inp[6] = 999;
    let args = [RefArg::Buffer(vec![0; 256]), RefArg::Buffer(words(&inp))];
    let o = run(ir.as_bytes(), "k", &args, &l, &[], &[]).unwrap();
    assert_eq!(o.trapped.as_deref(), Some("trap (llvm.trap)"));
}
