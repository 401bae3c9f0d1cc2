//! Address-space inference for generic pointers: which generic (`addrspace(0)`) loads, stores
//! and atomics provably access one state space, so they can be selected as `LDG`/`STG`,
//! `LDS`/`STS`, `LDL`/`STL` or `LDC` instead of a generic `LD`/`ST`.
//!
//! llc-19's NVPTX back end does the same in three steps, which this pass reproduces:
//! - NVPTXLowerArgs: a pointer parameter of a kernel points to global memory (a kernel is launched
//!   from the host, which can only pass global addresses), so llc converts it once with
//!   `cvta.to.global` and accesses through it with `ld.global`/`st.global`;
//! - NVPTXLowerAlloca: an `alloca` is local memory (`ld.local`/`st.local` on the frame);
//! - InferAddressSpaces: an `addrspacecast` from a specific space to generic (clang's way of
//!   naming `__shared__` / `__constant__` variables) keeps that space through GEPs, phis and
//!   selects whose every input has it.
//!
//! The algorithm, per function:
//! 1. **Roots** with a known space: kernel pointer parameters (global), allocas (local),
//!    `addrspacecast` instructions from space S to generic (S). A constant expression has the
//!    space of the `addrspacecast` under its GEPs ([`const_space`]).
//! 2. **Derived values**: GEPs take the space of their base, phis and selects the common space of
//!    their pointer inputs. An optimistic fixpoint (every candidate starts at "unknown yet" and
//!    falls to "generic" on a conflict) lets loop phis keep the space of their entry values.
//! 3. **Held values**: a derived value whose Ori register holds the *space* address instead of
//!    the generic one. That is only sound when every use of it wants the space address: the
//!    pointer operand of a load / store / atomicrmw / cmpxchg, or an input of another held
//!    value. A greatest fixpoint drops values with any other use (a pointer stored as data, an
//!    integer cast, a comparison, a call argument) together with the held values built on them.
//!    Dropped values stay generic, and so do their memory accesses: nothing unproved changes.
//!
//! Roots keep their generic register (for their other uses) and get a *twin* holding the space
//! address: `CVTA.TO.GLOBAL` of a parameter at the entry (the generic→global conversion the PTX
//! ISA asks for, see `cvta`), the frame-relative local address of an alloca, the operand of an
//! `addrspacecast`.

use super::ffi::{self, Ty, V};
use crate::ori::opcode::Space;
use llvm_sys::LLVMOpcode as O;
use std::collections::{HashMap, HashSet};

/// The result of the inference for one function.
#[derive(Default)]
pub(crate) struct SpaceInference {
    /// Roots and their spaces (parameters, allocas, `addrspacecast` instructions).
    pub roots: HashMap<V, Space>,
    /// Derived instruction values whose registers hold the space address.
    pub held: HashMap<V, Space>,
    /// Roots whose twin some held value or memory access uses.
    pub twin_used: HashSet<V>,
}

/// A lattice value of step 2: not yet known, one space, or generic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lat {
    Top,
    In(Space),
    Generic,
}

impl Lat {
    fn meet(self, o: Lat) -> Lat {
        match (self, o) {
            (Lat::Top, x) | (x, Lat::Top) => x,
            (Lat::In(a), Lat::In(b)) if a == b => Lat::In(a),
            _ => Lat::Generic,
        }
    }
}

/// Whether `v` is a generic (`addrspace(0)`) scalar pointer.
fn is_generic_ptr(v: V) -> bool {
    ffi::classify(ffi::type_of(v)) == Ty::Ptr(0)
}

/// The space an `addrspacecast` to generic converts from (never `.param`: byval parameters are
/// not supported by the lowering).
fn cast_source_space(src: V) -> Option<Space> {
    match ffi::classify(ffi::type_of(src)) {
        Ty::Ptr(a) => match Space::from_addrspace(a)? {
            Space::Generic | Space::Param => None,
            s => Some(s),
        },
        _ => None,
    }
}

/// The space of a constant-expression generic pointer: an `addrspacecast` from a specific space,
/// possibly under GEPs.
pub(crate) fn const_space(c: V) -> Option<Space> {
    if !ffi::is_constant_expr(c) || !is_generic_ptr(c) {
        return None;
    }
    match ffi::const_opcode(c) {
        O::LLVMAddrSpaceCast => cast_source_space(ffi::operand(c, 0)),
        O::LLVMGetElementPtr => const_space(ffi::operand(c, 0)),
        _ => None,
    }
}

/// The pointer inputs of a candidate (GEP base, phi incoming values, select arms).
fn pointer_inputs(v: V) -> Vec<V> {
    match ffi::opcode(v) {
        O::LLVMGetElementPtr => vec![ffi::operand(v, 0)],
        O::LLVMPHI => (0..ffi::num_operands(v)).map(|k| ffi::operand(v, k)).collect(),
        O::LLVMSelect => vec![ffi::operand(v, 1), ffi::operand(v, 2)],
        _ => vec![],
    }
}

impl SpaceInference {
    /// Runs steps 1–3 over the instructions `insts` of a function whose parameters are `params`
    /// (`is_kernel`: they point to global memory); `byval` parameters point to their local copies.
    pub fn analyze(params: &[V], byval: &[V], insts: &[V], is_kernel: bool) -> SpaceInference {
        let mut roots = HashMap::new();
        if is_kernel {
            roots.extend(params.iter().filter(|p| is_generic_ptr(**p)).map(|p| (*p, Space::Global)));
        }
        // Byval parameters point to their local-frame copy (`params.rs`, `calls.rs`).
        roots.extend(byval.iter().filter(|p| is_generic_ptr(**p)).map(|p| (*p, Space::Local)));
        let mut cand: HashMap<V, Lat> = HashMap::new();
        for &i in insts {
            match ffi::opcode(i) {
                O::LLVMAlloca if is_generic_ptr(i) => {
                    roots.insert(i, Space::Local);
                }
                O::LLVMAddrSpaceCast if is_generic_ptr(i) => {
                    if let Some(s) = cast_source_space(ffi::operand(i, 0)) {
                        roots.insert(i, s);
                    }
                }
                O::LLVMGetElementPtr | O::LLVMPHI | O::LLVMSelect if is_generic_ptr(i) => {
                    cand.insert(i, Lat::Top);
                }
                _ => {}
            }
        }
        // Step 2: optimistic fixpoint over the candidates.
        let lat_of = |cand: &HashMap<V, Lat>, w: V| -> Lat {
            if let Some(s) = roots.get(&w) {
                Lat::In(*s)
            } else if let Some(l) = cand.get(&w) {
                *l
            } else {
                const_space(w).map_or(Lat::Generic, Lat::In)
            }
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &i in insts {
                let Some(&old) = cand.get(&i) else { continue };
                let new = pointer_inputs(i).into_iter().fold(Lat::Top, |acc, w| acc.meet(lat_of(&cand, w)));
                if new != old {
                    cand.insert(i, new);
                    changed = true;
                }
            }
        }
        let mut held: HashMap<V, Space> =
            cand.iter().filter_map(|(v, l)| if let Lat::In(s) = l { Some((*v, *s)) } else { None }).collect();
        // Step 3: greatest fixpoint of the held set.
        let mut changed = true;
        while changed {
            changed = false;
            for &u in insts {
                for k in 0..ffi::num_operands(u) {
                    let w = ffi::operand(u, k);
                    if held.contains_key(&w) && !approved_use(u, k, &held) {
                        held.remove(&w);
                        changed = true;
                    }
                }
                if held.contains_key(&u) {
                    let inputs_ok = pointer_inputs(u)
                        .into_iter()
                        .all(|w| held.contains_key(&w) || roots.contains_key(&w) || const_space(w).is_some());
                    if !inputs_ok {
                        held.remove(&u);
                        changed = true;
                    }
                }
            }
        }
        let mut twin_used = HashSet::new();
        for &u in insts {
            for k in 0..ffi::num_operands(u) {
                let w = ffi::operand(u, k);
                if roots.contains_key(&w) && approved_use(u, k, &held) {
                    twin_used.insert(w);
                }
            }
        }
        SpaceInference { roots, held, twin_used }
    }
}

/// Whether operand `k` of instruction `u` wants a space address: the pointer of a memory access,
/// or a pointer input of a held value.
fn approved_use(u: V, k: u32, held: &HashMap<V, Space>) -> bool {
    match ffi::opcode(u) {
        O::LLVMLoad | O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg => k == 0,
        O::LLVMStore => k == 1,
        O::LLVMGetElementPtr => k == 0 && held.contains_key(&u),
        O::LLVMPHI => held.contains_key(&u),
        O::LLVMSelect => k != 0 && held.contains_key(&u),
        _ => false,
    }
}
