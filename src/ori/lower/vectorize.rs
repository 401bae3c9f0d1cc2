//! Load/store vectorization at lowering time: adjacent scalar accesses of one LLVM block from
//! one base pointer become one `ld.v2`/`ld.v4` (`st.v2`/`st.v4`) — SASS `LDG.E.64`/`.128`,
//! `LDS.64`/`.128` — when their combined alignment is proven.
//!
//! # Why here, and why at all
//!
//! llc-19 runs LLVM's LoadStoreVectorizer on the IR before instruction selection: clang lowers
//! a `float4` access to four `float` loads (`align 16, 4, 8, 4`), and llc merges them back into
//! `ld.global.v4.f32`. ptxas does not merge adjacent loads itself, so a kernel compiled without
//! the merge issues four `LDG.E` where llc's needs one `LDG.E.128`. The facts the merge rests on
//! live in the LLVM IR only: the `align` of each access, `getelementptr`'s constant offsets from
//! a common base, `volatile` and atomic orderings, and what may alias (`noalias` arguments,
//! distinct module variables and allocas, address spaces). The Ori IR keeps none of them (an
//! `LDG` has an address register and an immediate), so the combine runs while the LLVM block is
//! lowered, with the IR at hand, rather than as an Ori phase.
//!
//! # What merges (llc's rules)
//!
//! Simple (non-volatile, non-atomic) loads and stores of scalars or vectors of 32- or 64-bit
//! elements (`i32`, `float`, `i64`, `double`, pointers), in one block, with the same base
//! after constant `getelementptr`s are stripped, and the same element size; at most 128 bits
//! per access, 2 or 4 elements, the first address aligned to the access size. Nothing that may
//! alias may sit between the merged accesses (a store between loads, a load or store between
//! stores), and no call, fence or inline assembly at all. `vectorize_plan.rs` plans the groups
//! (the algorithm and its soundness are documented there); this file reads the block into that
//! model and emits the plan: a load group at its earliest load, with every member's registers
//! as destinations; a store group at its latest store, with every member's values; both
//! addressed from the common base plus the group's offset (which `fold_offsets` makes the
//! access's immediate). Elements no
//! group covers are loaded or stored one by one, as before.
//!
//! llc also merges 8- and 16-bit elements (`ld.v4.u16`, `<4 x i8>` as one `ld.u32`). ori does
//! not: ptxas unpacks every narrow lane of such a load with a `PRMT` or `LOP3` of its own, more
//! instructions than the scalar loads it replaces (`f16x2_axpy` of the suite: 29 SASS
//! instructions with `ld.v2.u16` against 27 with two `ld.u16`). Packed `<2 x half>` values
//! are the case where one 32-bit access does pay, and they need a packed register, not a vector
//! of two.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::reg;
use super::vectorize_plan::{self as plan, Access, Kind, Loc};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{Op, Space};
use anyhow::Result;
use llvm_sys::LLVMOpcode as O;
use std::collections::HashMap;

/// The merged accesses of one LLVM block.
#[derive(Default)]
pub(crate) struct MemPlan {
    groups: Vec<Planned>,
    /// Instruction → the groups emitted when it is lowered.
    anchored: HashMap<V, Vec<usize>>,
    /// Instruction (every member of a group) → per element: covered by some group.
    covered: HashMap<V, Vec<bool>>,
    /// Member → its base pointer and its byte offset from it.
    offset: HashMap<V, (V, i64)>,
}

#[derive(Clone)]
struct Planned {
    bits: u32,
    /// Offset of the first element from the base.
    start: i64,
    /// (instruction, element) in address order.
    pieces: Vec<(V, u32)>,
}

/// A candidate's elements: (element bytes, count), or `None` when it cannot merge (see the
/// module documentation for why 8- and 16-bit elements stay scalar).
fn elements(ty: &Ty) -> Option<(u32, u32)> {
    let bytes = |t: &Ty| match t {
        Ty::Int(32) | Ty::F32 => Some(4),
        Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => Some(8),
        _ => None,
    };
    match ty {
        Ty::Vector(e, n) if *n > 0 => Some((bytes(e)?, *n)),
        t => Some((bytes(t)?, 1)),
    }
}

/// A call that touches no memory: an intrinsic whose `memory` attribute is `none`
/// (special-register reads, arithmetic). Every other call orders memory.
fn is_pure_intrinsic(call: V) -> bool {
    let callee = ffi::called_value(call);
    if ffi::intrinsic_name(callee).is_none() {
        return false;
    }
    // SAFETY: `callee` is a function of the module; the attribute query reads its attribute list.
    unsafe {
        let name = "memory";
        let kind = llvm_sys::core::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
        let attr = llvm_sys::core::LLVMGetEnumAttributeAtIndex(callee.0, llvm_sys::LLVMAttributeFunctionIndex, kind);
        // MemoryEffects encodes `memory(none)` as 0.
        kind != 0 && !attr.is_null() && llvm_sys::core::LLVMGetEnumAttributeValue(attr) == 0
    }
}

/// Store size in bytes of a type.
fn store_size(td: &inkwell::targets::TargetData, t: ffi::T) -> u64 {
    // SAFETY: `t` is a sized type of the module; the layout outlives the call.
    unsafe { llvm_sys::target::LLVMStoreSizeOfType(td.as_mut_ptr(), t.0) }
}

/// `p` as `base + offset`: constant-index `getelementptr`s and bitcasts stripped.
pub(crate) fn decompose(td: &inkwell::targets::TargetData, mut p: V) -> (V, i64) {
    use llvm_sys::LLVMTypeKind::*;
    let mut off = 0i64;
    loop {
        match ffi::opcode_of(p) {
            Some(O::LLVMBitCast) if matches!(ffi::classify(ffi::type_of(ffi::operand(p, 0))), Ty::Ptr(_)) => {
                p = ffi::operand(p, 0);
            }
            Some(O::LLVMGetElementPtr) => {
                let mut ty = ffi::gep_source_type(p);
                let mut k = 0i64;
                let mut constant = ffi::is_sized(ty);
                for i in 1..ffi::num_operands(p) {
                    let idx = ffi::operand(p, i);
                    if !constant || !ffi::is_constant_int(idx) {
                        constant = false;
                        break;
                    }
                    let raw = ffi::const_int(idx);
                    let bits = match ffi::classify(ffi::type_of(idx)) {
                        Ty::Int(b) => b,
                        _ => 64,
                    };
                    let sv = if bits < 64 { ((raw << (64 - bits)) as i64) >> (64 - bits) } else { raw as i64 };
                    if i == 1 {
                        k = k.wrapping_add(sv.wrapping_mul(super::abi_size(td, ty) as i64));
                        continue;
                    }
                    match ffi::type_kind(ty) {
                        LLVMStructTypeKind => {
                            // SAFETY: a struct type of the module and a field index the verifier checked.
                            let o = unsafe { llvm_sys::target::LLVMOffsetOfElement(td.as_mut_ptr(), ty.0, sv as u32) };
                            k = k.wrapping_add(o as i64);
                            ty = ffi::struct_field_type(ty, sv as u32);
                        }
                        LLVMArrayTypeKind | LLVMVectorTypeKind => {
                            ty = ffi::element_type(ty);
                            k = k.wrapping_add(sv.wrapping_mul(super::abi_size(td, ty) as i64));
                        }
                        _ => {
                            constant = false;
                            break;
                        }
                    }
                }
                if !constant || !matches!(ffi::classify(ffi::type_of(p)), Ty::Ptr(_)) {
                    break;
                }
                off = off.wrapping_add(k);
                p = ffi::operand(p, 0);
            }
            _ => break,
        }
    }
    (p, off)
}

/// The identified object under `p` (a module variable, an alloca, a `noalias` argument): no
/// other identified object shares a byte with it.
fn identified_object(mut p: V) -> Option<V> {
    for _ in 0..32 {
        match ffi::opcode_of(p) {
            Some(O::LLVMGetElementPtr | O::LLVMBitCast | O::LLVMAddrSpaceCast) => p = ffi::operand(p, 0),
            Some(O::LLVMAlloca) => return Some(p),
            _ if ffi::is_global_variable(p) => return Some(p),
            _ if ffi::is_argument(p) => return is_noalias_argument(p).then_some(p),
            _ => return None,
        }
    }
    None
}

/// The function and index of argument `a`.
pub(crate) fn argument_index(a: V) -> Option<(V, u32)> {
    // SAFETY: `a` is an argument of a function of the module.
    unsafe {
        let f = llvm_sys::core::LLVMGetParamParent(a.0);
        if f.is_null() {
            return None;
        }
        (0..llvm_sys::core::LLVMCountParams(f)).find(|&i| llvm_sys::core::LLVMGetParam(f, i) == a.0).map(|i| (V(f), i))
    }
}

fn is_noalias_argument(a: V) -> bool {
    argument_index(a).is_some_and(|(f, i)| ffi::has_param_attr(f, i, "noalias"))
}

/// The alignment of `base` itself: a module variable's (through `addrspacecast`s), else 1.
fn base_alignment(mut base: V) -> u32 {
    while ffi::opcode_of(base) == Some(O::LLVMAddrSpaceCast) {
        base = ffi::operand(base, 0);
    }
    if ffi::is_global_variable(base) { ffi::alignment(base).max(1) } else { 1 }
}

/// LLVM address-space number of an Ori space (0: generic).
fn addrspace(s: Space) -> u32 {
    match s {
        Space::Generic => 0,
        Space::Global => 1,
        Space::Shared => 3,
        Space::Const => 4,
        Space::Local => 5,
        Space::Param => 101,
    }
}

impl FnLowering<'_> {
    /// The space a pointer provably points into (`spaces.rs`), as an address-space number.
    fn proven_space(&self, p: V) -> u32 {
        if let Some(s) = self.spaces.roots.get(&p).or_else(|| self.spaces.held.get(&p)) {
            return addrspace(*s);
        }
        if let Some(s) = super::spaces::const_space(p) {
            return addrspace(s);
        }
        match ffi::classify(ffi::type_of(p)) {
            Ty::Ptr(a) => a,
            _ => 0,
        }
    }

    /// The location `p` points to for `size` bytes, with `ids` numbering the bases.
    fn location(&self, p: V, size: u64, ids: &mut HashMap<V, usize>) -> Loc {
        let (base, off) = decompose(self.td, p);
        let n = ids.len();
        let id = *ids.entry(base).or_insert(n);
        let object = identified_object(base).map(|o| {
            let n = ids.len();
            *ids.entry(o).or_insert(n)
        });
        Loc { base: id, off, size, object, space: self.proven_space(base) }
    }

    /// Plans the merged accesses of the LLVM block whose instructions are `insts`.
    pub(super) fn plan_block(&mut self, insts: &[V]) {
        let mut ids: HashMap<V, usize> = HashMap::new();
        let mut accesses: Vec<Access> = Vec::new();
        let mut of_access: Vec<V> = Vec::new();
        let mut bases: Vec<V> = Vec::new();
        for (pos, &v) in insts.iter().enumerate() {
            let (ptr, ty, load) = match ffi::opcode(v) {
                O::LLVMLoad => (ffi::operand(v, 0), ffi::type_of(v), true),
                O::LLVMStore => (ffi::operand(v, 1), ffi::type_of(ffi::operand(v, 0)), false),
                O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg => {
                    let t = ffi::type_of(ffi::operand(v, 1));
                    let size = if ffi::is_sized(t) { store_size(self.td, t) } else { u64::MAX / 4 };
                    let loc = self.location(ffi::operand(v, 0), size, &mut ids);
                    accesses.push(Access {
                        pos,
                        kind: Kind::Hazard { reads: true, writes: true },
                        loc: Some(loc),
                        base_align: 1,
                    });
                    of_access.push(v);
                    bases.push(v);
                    continue;
                }
                O::LLVMCall if is_pure_intrinsic(v) => continue,
                O::LLVMCall | O::LLVMFence | O::LLVMVAArg => {
                    accesses.push(Access { pos, kind: Kind::Barrier, loc: None, base_align: 1 });
                    of_access.push(v);
                    bases.push(v);
                    continue;
                }
                _ => continue,
            };
            let size = if ffi::is_sized(ty) { store_size(self.td, ty) } else { u64::MAX / 4 };
            let loc = self.location(ptr, size, &mut ids);
            let simple = !ffi::volatile(v) && !ffi::is_atomic(v);
            let kind = match elements(&ffi::classify(ty)) {
                // The elements must tile the access exactly (not so for 32-bit pointers of a
                // data layout with short pointers, which the selector widens).
                Some((bytes, n)) if simple && u64::from(bytes) * u64::from(n) == size => {
                    Kind::Candidate { load, bytes, n, align: ffi::alignment(v) }
                }
                _ => Kind::Hazard { reads: load, writes: !load },
            };
            let base = decompose(self.td, ptr).0;
            bases.push(base);
            accesses.push(Access { pos, kind, loc: Some(loc), base_align: base_alignment(base) });
            of_access.push(v);
        }
        let mut mp = MemPlan::default();
        for g in plan::plan(&accesses) {
            let k = mp.groups.len();
            let pieces: Vec<(V, u32)> = g.pieces.iter().map(|&(a, e)| (of_access[a], e)).collect();
            for &(a, e) in &g.pieces {
                let (v, Kind::Candidate { n, .. }) = (of_access[a], &accesses[a].kind) else { continue };
                let cov = mp.covered.entry(v).or_insert_with(|| vec![false; *n as usize]);
                if let Some(c) = cov.get_mut(e as usize) {
                    *c = true;
                }
                mp.offset.insert(v, (bases[a], accesses[a].loc.map_or(0, |l| l.off)));
            }
            mp.anchored.entry(of_access[g.anchor]).or_default().push(k);
            mp.groups.push(Planned { bits: g.bytes * 8, start: g.start, pieces });
        }
        self.mem_plan = mp;
    }

    /// `addr + delta` (a 64-bit add that `fold_offsets` makes the access's immediate).
    pub(super) fn offset_addr(&mut self, addr: &Operand, delta: i64) -> Operand {
        if delta == 0 {
            return addr.clone();
        }
        let t = self.f.new_reg(RegFile::R, PairMode::Pair);
        self.op(
            Op::IAdd3 { neg_b: false, w64: true },
            vec![reg(t)],
            vec![addr.clone(), Operand::Imm(delta as u64), Operand::Zero],
        );
        reg(t)
    }

    /// Lowers the load `v` when it belongs to a planned group: the groups anchored at it, then
    /// its elements no group covers. `Ok(false)`: not planned, lower it as usual.
    pub(super) fn vectorized_load(&mut self, v: V, d: &[Operand]) -> Result<bool> {
        let Some(covered) = self.mem_plan.covered.get(&v).cloned() else { return Ok(false) };
        let anchored = self.mem_plan.anchored.get(&v).cloned().unwrap_or_default();
        if anchored.is_empty() && covered.iter().all(|&c| c) {
            return Ok(true);
        }
        let Some(&(base, off_v)) = self.mem_plan.offset.get(&v) else { return Ok(false) };
        let (space, addr) = self.mem_ptr(base)?;
        for k in anchored {
            let g = self.mem_plan.groups[k].clone();
            let mut dsts = Vec::with_capacity(g.pieces.len());
            let mut nc = true;
            for &(m, e) in &g.pieces {
                let r = self.vals.get(&m).and_then(|r| r.get(e as usize)).cloned();
                dsts.push(r.ok_or_else(|| self.err("vectorized load without registers"))?);
                nc &= self.noncoherent(m, space);
            }
            let a = self.offset_addr(&addr, g.start);
            let op = Op::Ld { space, bits: g.bits, signed: false, volatile: false, offset: 0, nc };
            self.op(op, dsts, vec![a]);
        }
        let bytes = elements(&ffi::classify(ffi::type_of(v))).map_or(0, |(b, _)| b);
        let nc = self.noncoherent(v, space);
        for (k, _) in covered.iter().enumerate().filter(|(_, c)| !**c) {
            let dk = d.get(k).cloned().ok_or_else(|| self.err("vectorized load without registers"))?;
            let a = self.offset_addr(&addr, off_v + k as i64 * i64::from(bytes));
            let op = Op::Ld { space, bits: bytes * 8, signed: false, volatile: false, offset: 0, nc };
            self.op(op, vec![dk], vec![a]);
        }
        Ok(true)
    }

    /// Lowers the store `v` when it belongs to a planned group (as [`Self::vectorized_load`]).
    pub(super) fn vectorized_store(&mut self, v: V) -> Result<bool> {
        let Some(covered) = self.mem_plan.covered.get(&v).cloned() else { return Ok(false) };
        let anchored = self.mem_plan.anchored.get(&v).cloned().unwrap_or_default();
        if anchored.is_empty() && covered.iter().all(|&c| c) {
            return Ok(true);
        }
        let Some(&(base, off_v)) = self.mem_plan.offset.get(&v) else { return Ok(false) };
        let (space, addr) = self.mem_ptr(base)?;
        for k in anchored {
            let g = self.mem_plan.groups[k].clone();
            let a = self.offset_addr(&addr, g.start);
            let mut srcs = vec![a];
            for &(m, e) in &g.pieces {
                let x = self.get(ffi::operand(m, 0))?.get(e as usize).cloned();
                srcs.push(x.ok_or_else(|| self.err("vectorized store without a value"))?);
            }
            self.op(Op::St { space, bits: g.bits, volatile: false, offset: 0 }, vec![], srcs);
        }
        let bytes = elements(&ffi::classify(ffi::type_of(ffi::operand(v, 0)))).map_or(0, |(b, _)| b);
        let vals = self.get(ffi::operand(v, 0))?;
        for (k, _) in covered.iter().enumerate().filter(|(_, c)| !**c) {
            let x = vals.get(k).cloned().ok_or_else(|| self.err("vectorized store without a value"))?;
            let a = self.offset_addr(&addr, off_v + k as i64 * i64::from(bytes));
            self.op(Op::St { space, bits: bytes * 8, volatile: false, offset: 0 }, vec![], vec![a, x]);
        }
        Ok(true)
    }
}
