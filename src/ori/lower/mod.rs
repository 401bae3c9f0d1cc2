//! Lowering (instruction selection) from LLVM IR to the Ori IR.
//!
//! Design:
//! - **Values** map to flattened operand lists: a scalar is one operand, a vector or a literal
//!   struct (cmpxchg's `{old, success}`) one operand per element. i1 lives in P registers;
//!   i8/i16/i32/f16/bf16/f32 in one R register (narrow integers with unspecified high bits, normalized
//!   by an `I2I` conversion where the high bits matter: right shifts, division, comparisons,
//!   extensions, int→float); i64/f64/pointers in an aligned R pair.
//! - **Kernel parameters** sit in constant bank 0 from `0x210` (sm_90 layout), each at its natural
//!   alignment, and are read once at the entry (`MOV dst, c[0x0][off]`). `%ntid`/`%nctaid` are
//!   constant-bank reads too (`c[0x0][0x0..0x14]`), the stack pointer is `c[0x0][0x28]`.
//! - **Device functions** are inlined into the kernels before lowering (LLVM's `always-inline`
//!   run by `compile::inline_device_functions`), so most kernels are one Code Object. A function
//!   still called afterwards (recursion, calls through pointers) or visible to other modules
//!   becomes a `.func`; calls of it, of declared functions and through pointers use the `.param`
//!   ABI of `calls.rs` (`CALL`).
//! - **Module variables** (`globals.rs`) and the PTX names of every symbol (`symbols.rs`).
//! - **Allocas** get slots in a per-thread local frame addressed from the stack pointer (R1);
//!   their generic addresses are formed with `CVTA.LOCAL`. Allocas of a variable size and
//!   `llvm.stacksave`/`stackrestore` use PTX's dynamic stack (`stack.rs`).
//! - **Address spaces** of generic pointers are inferred first (`spaces.rs`, what llc's
//!   NVPTXLowerArgs / NVPTXLowerAlloca / InferAddressSpaces do): accesses through kernel pointer
//!   parameters become global (`CVTA.TO.GLOBAL` of the parameter once at the entry, then `LDG` /
//!   `STG` / `ATOMG`), through allocas local, through `addrspacecast`s of shared or constant
//!   variables shared or constant; GEPs, phis and selects keep the space of their inputs.
//!   Anything not proved stays generic.
//! - **Phis** become `MovPhi` with `[value, Label(pred)]` pairs (eliminated before allocation).
//! - Anything else: `unsupported <what> in function @<name>`.

mod aggregates;
mod atomics;
mod atomics_cas;
mod atomics_local;
mod bitcast;
pub mod call_abi;
pub mod calls;
mod divconst;
pub mod ffi;
mod frem;
pub mod globals;
mod half2;
pub(crate) mod half_math;
mod inline_asm;
mod inst;
mod int128;
mod int128_intrinsics;
mod intrinsics;
mod intrinsics_bits;
mod intrinsics_cache;
mod intrinsics_lanes;
mod intrinsics_overflow;
mod intrinsics_round;
mod intrinsics_sat;
pub mod intrinsics_sm90;
mod intrinsics_space;
mod intrinsics_warp;
mod load_store;
mod memops;
mod noncoherent;
mod odd_ints;
mod params;
mod reductions;
mod spaces;
mod stack;
pub mod symbols;
pub mod texsurf;
pub mod traps;
mod vector_index;
mod vectorize;
mod vectorize_plan;

use crate::llvm::launch_bounds::LaunchBounds;
use crate::ori::ir::{
    Bix, Block, ExternFunc, Function, Inst, Linkage, Operand, PairMode, Param, Program, RegFile, VReg,
};
use crate::ori::opcode::{NumTy, Op, Round, Space};
use anyhow::Result;
use ffi::{T, Ty, V};
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use llvm_sys::prelude::LLVMBasicBlockRef;
use std::collections::{BTreeMap, HashMap};

/// First kernel-parameter offset in constant bank 0 on sm_90.
pub const PARAM_BASE: u32 = 0x210;
/// Constant-bank word holding the local-memory stack pointer.
pub const STACK_POINTER_CBANK: u32 = 0x28;

/// An `unsupported <what> in function @<name>` error.
pub fn unsupported(what: impl std::fmt::Display, func: &str) -> anyhow::Error {
    anyhow::anyhow!("unsupported {what} in function @{func}")
}

/// Lowers every kernel of `module` (device functions already inlined).
pub fn lower_module(module: &Module<'_>, bounds: &BTreeMap<String, LaunchBounds>) -> Result<Program> {
    let layout = module.get_data_layout();
    let mut layout = layout.as_str().to_str().unwrap_or("").to_string();
    if layout.is_empty() {
        // llc uses the target's layout for a module that names none.
        layout = globals::NVPTX64_DATA_LAYOUT.to_string();
    }
    let td = inkwell::targets::TargetData::create(&layout);
    let mut syms = symbols::Symbols::assign(module)?;
    syms.texsurf = texsurf::annotations(module);
    let mut prog = Program { module_asm: module_inline_asm(module), ..Program::default() };
    for g in module.get_globals() {
        if g.get_name().to_bytes().starts_with(b"llvm.") {
            // llvm.used / llvm.compiler.used and other LLVM bookkeeping: not data.
            continue;
        }
        prog.globals.push(globals::lower_global(V(g.as_value_ref()), &td, &syms)?);
    }
    // Device functions come first: PTX wants a `.func` defined (or declared) before its callers.
    // Emitted: every kernel, every function other modules can see (llc emits a device library's
    // functions as `.func`s even when nothing here calls them), and local functions still used
    // after inlining (recursion, address taken).
    let mut kernels = Vec::new();
    let mut declared = Vec::new();
    for f in module.get_functions() {
        let fv = V(f.as_value_ref());
        let name = f.get_name().to_string_lossy().into_owned();
        if f.count_basic_blocks() == 0 {
            if !name.starts_with("llvm.") && uses(fv).next().is_some() {
                declared.push((fv, name));
            }
            continue;
        }
        let is_kernel = bounds.get(&name).is_some_and(|b| b.is_kernel);
        let used = uses(fv).next().is_some();
        if !is_kernel && !used && symbols::is_local(fv) {
            // Inlined everywhere (or unused) and invisible outside: nothing to emit.
            continue;
        }
        let mut cx = FnLowering::new(syms.name(fv), &td, &syms);
        cx.ir_name = name.clone();
        cx.f.is_kernel = is_kernel;
        cx.f.linkage = function_linkage(fv);
        cx.f.address_taken = uses(fv).any(|(user, k)| !is_callee_use(user, k));
        cx.unsafe_fp_math = ffi::fn_string_attr(fv, "unsafe-fp-math").as_deref() == Some("true");
        cx.lower(f)?;
        cx.f.value_names = value_names(f, &cx.vals);
        let mut origins = std::mem::take(&mut cx.origins);
        origins.resize(cx.f.blocks.len(), Vec::new());
        if origins.iter().zip(&cx.f.blocks).all(|(o, b)| o.len() == b.insts.len()) {
            prog.origins.insert(cx.f.name.clone(), origins);
        }
        if is_kernel {
            kernels.push(cx.f);
        } else {
            prog.functions.push(cx.f);
        }
    }
    prog.functions.extend(kernels);
    // Declared functions (after the calls, whose errors name the caller).
    for (fv, name) in declared {
        let sig = calls::signature(&td, ffi::global_type(fv), |k| calls::byval_param(fv, k, false))
            .map_err(|w| unsupported(format!("{w} (a declared function)"), &name))?;
        prog.externs.push(ExternFunc { name: syms.name(fv), sig });
    }
    // Which device-function parameters receive varying values (seed 002, inter-procedural).
    crate::ori::analysis::varying::propagate_call_arguments(&mut prog);
    Ok(prog)
}

/// The users of a value, with the operand number of each use.
fn uses(v: V) -> impl Iterator<Item = (V, u32)> {
    use llvm_sys::core::*;
    let mut u = unsafe { LLVMGetFirstUse(v.0) };
    std::iter::from_fn(move || {
        if u.is_null() {
            return None;
        }
        let user = V(unsafe { LLVMGetUser(u) });
        let k = (0..ffi::num_operands(user)).find(|&k| ffi::operand(user, k) == v).unwrap_or(u32::MAX);
        u = unsafe { LLVMGetNextUse(u) };
        Some((user, k))
    })
}

/// Whether operand `k` of `user` is the callee of a call.
fn is_callee_use(user: V, k: u32) -> bool {
    ffi::is_instruction(user) && ffi::opcode(user) == llvm_sys::LLVMOpcode::LLVMCall && k + 1 == ffi::num_operands(user)
}

/// A defined function's PTX linkage (llc's: `.visible`, `.weak` for weak/linkonce, none for
/// private/internal).
fn function_linkage(f: V) -> Linkage {
    use llvm_sys::LLVMLinkage as L;
    match unsafe { llvm_sys::core::LLVMGetLinkage(f.0) } {
        _ if symbols::is_local(f) => Linkage::Internal,
        L::LLVMWeakAnyLinkage | L::LLVMWeakODRLinkage | L::LLVMLinkOnceAnyLinkage | L::LLVMLinkOnceODRLinkage => {
            Linkage::Weak
        }
        _ => Linkage::Visible,
    }
}

/// The module's `module asm` text (LLVM keeps the lines joined by newlines, with a final one).
fn module_inline_asm(module: &Module<'_>) -> String {
    let mut len = 0usize;
    // SAFETY: the module is valid; LLVM returns a pointer to `len` bytes it owns (or null).
    let p = unsafe { llvm_sys::core::LLVMGetModuleInlineAsm(module.as_mut_ptr(), &mut len) };
    if p.is_null() || len == 0 {
        return String::new();
    }
    // SAFETY: `p` points to `len` initialized bytes that live as long as the module.
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// The named LLVM values of `f` that were lowered to registers, in program order (arguments, then
/// instructions), with their registers: `Function::value_names`.
fn value_names(f: inkwell::values::FunctionValue<'_>, vals: &HashMap<V, Vec<Operand>>) -> Vec<(String, Vec<VReg>)> {
    let args = f.get_param_iter().map(|p| V(p.as_value_ref()));
    let insts = f.get_basic_block_iter().flat_map(|b| b.get_instructions()).map(|i| V(i.as_value_ref()));
    args.chain(insts)
        .filter_map(|v| {
            let regs: Vec<VReg> = vals.get(&v)?.iter().filter_map(Operand::reg).collect();
            let name = ffi::name(v);
            (!regs.is_empty() && !name.is_empty()).then_some((name, regs))
        })
        .collect()
}

fn td_ref(td: &inkwell::targets::TargetData) -> llvm_sys::target::LLVMTargetDataRef {
    td.as_mut_ptr()
}

/// ABI size in bytes of an LLVM type.
pub fn abi_size(td: &inkwell::targets::TargetData, t: T) -> u64 {
    unsafe { llvm_sys::target::LLVMABISizeOfType(td_ref(td), t.0) }
}

/// `a` dominates `b` in `f`'s CFG: `b` cannot be reached from the entry without passing `a`.
fn dominates(f: &Function, a: Bix, b: Bix) -> bool {
    if a == b || a.idx() == 0 {
        return true;
    }
    let mut seen = vec![false; f.blocks.len()];
    let mut stack = vec![Bix(0)];
    seen[0] = true;
    while let Some(x) = stack.pop() {
        if x == b {
            return false;
        }
        for s in f.successors(x) {
            if s != a && s.idx() < seen.len() && !seen[s.idx()] {
                seen[s.idx()] = true;
                stack.push(s);
            }
        }
    }
    true
}

/// Per-function lowering state.
pub(crate) struct FnLowering<'a> {
    pub f: Function,
    pub td: &'a inkwell::targets::TargetData,
    /// PTX names of the module's symbols.
    pub syms: &'a symbols::Symbols,
    /// The function's LLVM name.
    pub ir_name: String,
    /// LLVM value → its flattened operands.
    pub vals: HashMap<V, Vec<Operand>>,
    pub blocks: HashMap<LLVMBasicBlockRef, Bix>,
    pub cur: Bix,
    /// alloca → offset in the local frame.
    pub allocas: HashMap<V, u32>,
    /// Address-space inference of generic pointers (see `spaces.rs`).
    pub(crate) spaces: spaces::SpaceInference,
    /// Root → its space address (the twin of `spaces.rs`) where one was formed.
    pub twins: HashMap<V, Operand>,
    /// The block of the LLVM block being lowered (its first part when it was split).
    pub llvm_block: Bix,
    /// LLVM block → the appended block its lowering continues in, where an expansion with a loop
    /// (`memops.rs`) split it: the successors' phis name that block as their predecessor.
    pub split_tails: HashMap<Bix, Bix>,
    /// Byval kernel parameters, copied into frame slots by `lower_allocas` (`params.rs`).
    pub(crate) byvals: Vec<params::ByvalParam>,
    /// Loads of read-only byval kernel parameters → their constant-bank offset (`params.rs`).
    pub(crate) param_loads: HashMap<V, u32>,
    /// The `getelementptr`s and bitcasts that only feed those loads: not lowered.
    pub(crate) param_addresses: std::collections::HashSet<V>,
    /// The LLVM instruction being lowered (ordinal + 1; 0: none) and, parallel to the blocks'
    /// instructions, where each came from (`Program::origins`).
    pub origin: u32,
    pub origins: Vec<Vec<u32>>,
    /// The merged loads and stores of the LLVM block being lowered (`vectorize.rs`).
    pub(crate) mem_plan: vectorize::MemPlan,
    /// `<2 x half>` values defined packed → their packed register (`half2.rs`).
    pub packed: HashMap<V, Operand>,
    /// The function carries `"unsafe-fp-math"="true"`: `llvm.sin`/`llvm.cos` select the
    /// approximate MUFU forms, as llc's `allowUnsafeFPMath` patterns do.
    pub unsafe_fp_math: bool,
}

impl<'a> FnLowering<'a> {
    fn new(name: String, td: &'a inkwell::targets::TargetData, syms: &'a symbols::Symbols) -> Self {
        FnLowering {
            f: Function { name: name.clone(), is_kernel: true, ..Default::default() },
            td,
            syms,
            ir_name: name,
            vals: HashMap::new(),
            blocks: HashMap::new(),
            cur: Bix(0),
            allocas: HashMap::new(),
            spaces: spaces::SpaceInference::default(),
            twins: HashMap::new(),
            llvm_block: Bix(0),
            split_tails: HashMap::new(),
            byvals: Vec::new(),
            param_loads: HashMap::new(),
            param_addresses: std::collections::HashSet::new(),
            origin: 0,
            origins: Vec::new(),
            mem_plan: vectorize::MemPlan::default(),
            packed: HashMap::new(),
            unsafe_fp_math: false,
        }
    }

    pub fn err(&self, what: impl std::fmt::Display) -> anyhow::Error {
        unsupported(what, &self.ir_name)
    }

    pub fn emit(&mut self, i: Inst) {
        self.f.blocks[self.cur.idx()].insts.push(i);
        let b = self.cur.idx();
        if self.origins.len() <= b {
            self.origins.resize(b + 1, Vec::new());
        }
        self.origins[b].push(self.origin);
    }

    /// The 32-bit register that `a` is the zero extension of, when `a` was defined by a
    /// `Cvt U32 -> U64` among the last few instructions of the current block (registers are
    /// defined once while lowering; the window keeps a `trunc` from scanning a long block).
    pub fn zext_source(&self, a: &Operand) -> Option<Operand> {
        const WINDOW: usize = 16;
        let Operand::Reg(r) = a else { return None };
        let insts = &self.f.blocks[self.cur.idx()].insts;
        let def = insts.iter().rev().take(WINDOW).find(|i| i.dsts.first() == Some(a))?;
        let widened = matches!(def.op, Op::Cvt { from: NumTy::U32, to: NumTy::U64, .. }) && def.guard.is_none();
        let src = def.srcs.first().filter(|s| matches!(s, Operand::Reg(_)))?;
        (widened && self.f.reg_info(*r).pair == PairMode::Pair).then(|| src.clone())
    }

    pub fn op(&mut self, op: Op, dsts: Vec<Operand>, srcs: Vec<Operand>) {
        self.emit(Inst::new(op, dsts, srcs));
    }

    /// A fresh register for one scalar of type `t`.
    pub fn reg_for(&mut self, t: &Ty) -> Result<VReg> {
        Ok(match t {
            Ty::I1 => self.f.new_reg(RegFile::P, PairMode::Single),
            Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => self.f.new_reg(RegFile::R, PairMode::Pair),
            Ty::Int(b) if *b > 32 => self.f.new_reg(RegFile::R, PairMode::Pair),
            Ty::Int(_) | Ty::F32 | Ty::F16 | Ty::BF16 => self.f.new_reg(RegFile::R, PairMode::Single),
            other => return Err(self.err(format!("type {other:?}"))),
        })
    }

    /// Fresh registers for every scalar of a value of type `t`.
    pub fn regs_for(&mut self, t: &Ty) -> Result<Vec<VReg>> {
        t.scalars().iter().map(|s| self.reg_for(s)).collect()
    }

    fn lower(&mut self, func: inkwell::values::FunctionValue<'_>) -> Result<()> {
        // Blocks in LLVM order; labels number them in source order.
        let bbs: Vec<_> = func.get_basic_block_iter().collect();
        for (i, bb) in bbs.iter().enumerate() {
            let raw = bb.as_mut_ptr();
            self.blocks.insert(raw, Bix(i as u32));
            self.f.blocks.push(Block {
                insts: vec![],
                label: i as u32,
                name: bb.get_name().to_string_lossy().into_owned(),
            });
        }
        let params: Vec<V> = func.get_param_iter().map(|p| V(p.as_value_ref())).collect();
        let insts: Vec<V> =
            bbs.iter().flat_map(|bb| bb.get_instructions().map(|i| V(i.as_value_ref())).collect::<Vec<_>>()).collect();
        let byval: Vec<V> = (0..params.len() as u32)
            .filter(|&i| params::byval_of(func, i).is_some())
            .map(|i| params[i as usize])
            .collect();
        self.spaces = spaces::SpaceInference::analyze(&params, &byval, &insts, self.f.is_kernel);
        self.lower_params(func)?;
        // Registers for every instruction result first, so phis can name later values.
        for bb in &bbs {
            for inst in bb.get_instructions() {
                let v = V(inst.as_value_ref());
                let ty = ffi::classify(ffi::type_of(v));
                let static_alloca = ffi::opcode(v) == llvm_sys::LLVMOpcode::LLVMAlloca && !stack::is_dynamic_alloca(v);
                if ty == Ty::Void || static_alloca {
                    continue;
                }
                if matches!(ty, Ty::Other(_)) {
                    continue;
                }
                let regs = self.regs_for(&ty)?;
                self.vals.insert(v, regs.into_iter().map(Operand::Reg).collect());
            }
        }
        self.lower_allocas(&bbs)?;
        let mut ordinal = 0;
        for (i, bb) in bbs.iter().enumerate() {
            self.cur = Bix(i as u32);
            self.llvm_block = self.cur;
            // Loads read from the constant bank (read-only byval parameters) are not merged.
            let block_insts: Vec<V> = bb
                .get_instructions()
                .map(|i| V(i.as_value_ref()))
                .filter(|v| !self.param_loads.contains_key(v))
                .collect();
            self.plan_block(&block_insts);
            for inst in bb.get_instructions() {
                ordinal += 1;
                self.origin = ordinal;
                // A split block continues in an appended block, which nothing follows in layout.
                let next = if self.cur == Bix(i as u32) { Bix(i as u32 + 1) } else { Bix(u32::MAX) };
                if self.param_addresses.contains(&V(inst.as_value_ref())) {
                    // Address arithmetic on a read-only byval parameter: its loads read the
                    // constant bank directly (`params.rs`).
                    continue;
                }
                self.lower_inst(V(inst.as_value_ref()), next, bbs.len())?;
            }
        }
        // The phis of LLVM blocks name a split predecessor by the block it ends in.
        if !self.split_tails.is_empty() {
            for block in &mut self.f.blocks[..bbs.len()] {
                for inst in block.insts.iter_mut().filter(|i| i.op == Op::Phi) {
                    for o in inst.srcs.iter_mut() {
                        if let Operand::Label(b) = o
                            && let Some(&t) = self.split_tails.get(b)
                        {
                            *b = t;
                        }
                    }
                }
            }
        }
        // Loops whose latch says `llvm.loop.unroll.disable` (or `unroll.count 1`): the header
        // gets PTX's `.pragma "nounroll"`, as llc's NVPTX printer does, so ptxas keeps them
        // rolled. The header is the latch's successor that dominates the latch (the backedge
        // target); Ori blocks are still the LLVM blocks one for one here.
        for (i, bb) in bbs.iter().enumerate() {
            let Some(term) = bb.get_terminator() else { continue };
            let term = V(term.as_value_ref());
            if !ffi::loop_disables_unroll(term) {
                continue;
            }
            for succ in ffi::successors(term) {
                if let Some(&b) = self.blocks.get(&succ)
                    && dominates(&self.f, b, Bix(i as u32))
                {
                    let label = self.f.blocks[b.idx()].label;
                    if !self.f.no_unroll.contains(&label) {
                        self.f.no_unroll.push(label);
                    }
                }
            }
        }
        self.origin = 0;
        Ok(())
    }

    /// Kernel parameters: laid out in `c[0x0][0x210...]`, read at the entry. Device-function
    /// parameters: `.param` words read with `LD.PARAM` (see the module documentation).
    fn lower_params(&mut self, func: inkwell::values::FunctionValue<'_>) -> Result<()> {
        if !self.f.is_kernel {
            return self.lower_func_params(func);
        }
        let mut off = PARAM_BASE;
        for (i, p) in func.get_param_iter().enumerate() {
            let v = V(p.as_value_ref());
            if self.lower_wide_kernel_param(func, i as u32, v, &mut off)? {
                continue;
            }
            let ty = ffi::classify(ffi::type_of(v));
            let (size, ptx_type) = match ty {
                Ty::Int(64) | Ty::Ptr(_) => (8, ".u64"),
                Ty::F64 => (8, ".f64"),
                Ty::Int(32) => (4, ".u32"),
                Ty::F32 => (4, ".f32"),
                Ty::Int(16) => (2, ".u16"),
                Ty::F16 | Ty::BF16 => (2, ".b16"),
                Ty::Int(8) | Ty::I1 => (1, ".u8"),
                // Odd widths: the slot of their store size (`odd_ints.rs`).
                Ty::Int(b) if b <= 8 => (1, ".u8"),
                Ty::Int(b) if b <= 16 => (2, ".u16"),
                Ty::Int(b) if b <= 32 => (4, ".u32"),
                Ty::Int(_) => (8, ".u64"),
                other => return Err(self.err(format!("kernel parameter type {other:?}"))),
            };
            // `.u64 .ptr .texref` for an annotated handle (`texsurf.rs`).
            let ptx_type = self.handle_param_type(i as u32, &ty)?.unwrap_or(ptx_type);
            off = off.next_multiple_of(size);
            let name = format!("{}_param_{}", self.f.name, i);
            self.f.params.push(Param { name, size, align: size, cbank_offset: off, ptx_type });
            let dst = self.reg_for(&ty)?;
            let cb = Operand::CBank { bank: 0, offset: off };
            match ty {
                Ty::I1 => {
                    // Only bit 0 of the byte carries the value, as llc-19 reads it (`and 1`).
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(
                        Op::Ld { space: Space::Param, bits: 8, signed: false, volatile: false, offset: 0, nc: false },
                        vec![Operand::Reg(t)],
                        vec![cb],
                    );
                    let bit = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(
                        Op::Lop3 { lut: crate::ori::opcode::lut::AND, w64: false },
                        vec![Operand::Reg(bit)],
                        vec![Operand::Reg(t), Operand::Imm(1), Operand::Zero],
                    );
                    let t = bit;
                    self.op(
                        Op::ISetp {
                            cmp: crate::ori::opcode::Cmp::Ne,
                            signed: false,
                            w64: false,
                            bop: crate::ori::opcode::BoolOp::And,
                        },
                        vec![Operand::Reg(dst)],
                        vec![Operand::Reg(t), Operand::Imm(0), Operand::True],
                    );
                }
                Ty::Int(_) | Ty::F16 | Ty::BF16 if size < 4 => {
                    let bits = size * 8;
                    self.op(
                        Op::Ld { space: Space::Param, bits, signed: false, volatile: false, offset: 0, nc: false },
                        vec![Operand::Reg(dst)],
                        vec![cb],
                    );
                }
                _ => self.op(Op::Mov { w64: size == 8 }, vec![Operand::Reg(dst)], vec![cb]),
            }
            if self.spaces.twin_used.contains(&v) {
                // NVPTXLowerArgs: the global-space twin of a kernel pointer (`spaces.rs`).
                let g = self.f.new_reg(RegFile::R, PairMode::Pair);
                self.op(
                    Op::Cvta { space: Space::Global, to_generic: false },
                    vec![Operand::Reg(g)],
                    vec![Operand::Reg(dst)],
                );
                self.twins.insert(v, Operand::Reg(g));
            }
            self.vals.insert(v, vec![Operand::Reg(dst)]);
            off += size;
        }
        Ok(())
    }

    /// Static allocas get frame slots; their addresses are formed at the entry.
    fn lower_allocas(&mut self, bbs: &[inkwell::basic_block::BasicBlock<'_>]) -> Result<()> {
        let mut frame = 0u32;
        let mut list = Vec::new();
        for bb in bbs {
            for inst in bb.get_instructions() {
                let v = V(inst.as_value_ref());
                if ffi::opcode(v) != llvm_sys::LLVMOpcode::LLVMAlloca {
                    continue;
                }
                let count = ffi::operand(v, 0);
                if stack::is_dynamic_alloca(v) {
                    // Lowered where it is (`stack.rs`).
                    self.prepare_dynamic_alloca(v);
                    continue;
                }
                let size = abi_size(self.td, ffi::allocated_type(v)) * ffi::const_int(count);
                let align = ffi::alignment(v).max(1);
                frame = frame.next_multiple_of(align);
                self.allocas.insert(v, frame);
                list.push((v, frame));
                frame += size as u32;
            }
        }
        // Byval parameters: frame slots like allocas, filled from the constant bank below.
        let byvals = std::mem::take(&mut self.byvals);
        for b in &byvals {
            frame = frame.next_multiple_of(b.align);
            list.push((b.param, frame));
            frame += b.size;
        }
        if list.is_empty() {
            return Ok(());
        }
        // At least one 16-byte unit: the frame exists (PTX's `__local_depot` is declared) even
        // when every slot is empty (`alloca T, i32 0`), since the slots' addresses are taken.
        self.f.local_frame = frame.max(1).next_multiple_of(16);
        self.cur = Bix(0);
        // The stack pointer: a 32-bit local-window address in R1, loaded from c[0x0][0x28] as
        // ptxas does (the allocator pre-colors `Function::stack_pointer` to R1).
        let sp = self.f.new_reg(RegFile::R, PairMode::Single);
        self.f.stack_pointer = Some(sp);
        self.op(
            Op::Mov { w64: false },
            vec![Operand::Reg(sp)],
            vec![Operand::CBank { bank: 0, offset: STACK_POINTER_CBANK }],
        );
        for (v, off) in list {
            let Ty::Ptr(aspace) = ffi::classify(ffi::type_of(v)) else {
                continue;
            };
            // [R1 + off] in the local window, widened to LLVM's 64-bit pointer.
            let slot = self.f.new_reg(RegFile::R, PairMode::Single);
            self.op(
                Op::IAdd3 { neg_b: false, w64: false },
                vec![Operand::Reg(slot)],
                vec![Operand::Reg(sp), Operand::Imm(off as u64), Operand::Zero],
            );
            let local = self.f.new_reg(RegFile::R, PairMode::Pair);
            self.op(
                Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn },
                vec![Operand::Reg(local)],
                vec![Operand::Reg(slot)],
            );
            let addr = if aspace == 5 {
                local
            } else {
                self.twins.insert(v, Operand::Reg(local));
                let g = self.f.new_reg(RegFile::R, PairMode::Pair);
                self.op(
                    Op::Cvta { space: Space::Local, to_generic: true },
                    vec![Operand::Reg(g)],
                    vec![Operand::Reg(local)],
                );
                g
            };
            self.vals.insert(v, vec![Operand::Reg(addr)]);
            if let Some(b) = byvals.iter().find(|b| b.param == v) {
                self.copy_byval(b, Operand::Reg(local))?;
            }
        }
        Ok(())
    }
}
