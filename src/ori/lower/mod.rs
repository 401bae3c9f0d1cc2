//! Lowering (instruction selection) from LLVM IR to the Ori IR.
//!
//! Design:
//! - **Values** map to flattened operand lists: a scalar is one operand, a vector or a literal
//!   struct (cmpxchg's `{old, success}`) one operand per element. i1 lives in P registers;
//!   i8/i16/i32/f16/f32 in one R register (narrow integers with unspecified high bits, normalized
//!   by an `I2I` conversion where the high bits matter: right shifts, division, comparisons,
//!   extensions, int→float); i64/f64/pointers in an aligned R pair.
//! - **Kernel parameters** sit in constant bank 0 from `0x210` (sm_90 layout), each at its natural
//!   alignment, and are read once at the entry (`MOV dst, c[0x0][off]`). `%ntid`/`%nctaid` are
//!   constant-bank reads too (`c[0x0][0x0..0x14]`), the stack pointer is `c[0x0][0x28]`.
//! - **Device functions** are inlined into the kernels before lowering (LLVM's `always-inline`
//!   run by `llc::inline_device_functions`), so most kernels are one Code Object. A function that
//!   cannot be inlined (recursion) and is still called becomes a `.func` with a simple ABI: every
//!   argument and the return value are `.param` words of 32 or 64 bits (by register width) read
//!   with `LD.PARAM` / written with `ST.PARAM` on the callee side, and `CALL.ABS.NOINC` carries
//!   `[callee, args...]` → results at the call site (the PTX emitter spells the `.param`
//!   marshalling). Predicate (i1) arguments and results and aggregates are unsupported.
//! - **Allocas** get slots in a per-thread local frame addressed from the stack pointer (R1);
//!   their generic addresses are formed with `CVTA.LOCAL`.
//! - **Address spaces** of generic pointers are inferred first (`spaces.rs`, what llc's
//!   NVPTXLowerArgs / NVPTXLowerAlloca / InferAddressSpaces do): accesses through kernel pointer
//!   parameters become global (`CVTA.TO.GLOBAL` of the parameter once at the entry, then `LDG` /
//!   `STG` / `ATOMG`), through allocas local, through `addrspacecast`s of shared or constant
//!   variables shared or constant; GEPs, phis and selects keep the space of their inputs.
//!   Anything not proved stays generic.
//! - **Phis** become `MovPhi` with `[value, Label(pred)]` pairs (eliminated before allocation).
//! - Anything else: `unsupported <what> in function @<name>`.

pub mod ffi;
mod inst;
mod spaces;

use crate::llvm::launch_bounds::LaunchBounds;
use crate::ori::ir::{Bix, Block, Function, GlobalVar, Inst, Operand, PairMode, Param, Program, RegFile, VReg};
use crate::ori::opcode::{NumTy, Op, Round, Space};
use anyhow::{Result, bail};
use ffi::{T, Ty, V};
use inkwell::module::Module;
use inkwell::types::AsTypeRef;
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
    let layout = layout.as_str().to_str().unwrap_or("").to_string();
    let td = inkwell::targets::TargetData::create(&layout);
    let mut prog = Program::default();
    for g in module.get_globals() {
        if g.get_name().to_bytes().starts_with(b"llvm.") {
            // llvm.used / llvm.compiler.used and other LLVM bookkeeping: not data.
            continue;
        }
        prog.globals.push(lower_global(V(g.as_value_ref()), &td)?);
    }
    // Device functions still called after inlining come first: PTX wants a `.func` defined (or
    // declared) before its callers.
    let mut kernels = Vec::new();
    for f in module.get_functions() {
        if f.count_basic_blocks() == 0 {
            continue;
        }
        let name = f.get_name().to_string_lossy().into_owned();
        let is_kernel = bounds.get(&name).is_some_and(|b| b.is_kernel);
        let called = unsafe { !llvm_sys::core::LLVMGetFirstUse(f.as_value_ref()).is_null() };
        if !is_kernel && !called {
            // Inlined everywhere (or unused): nothing to emit.
            continue;
        }
        let mut cx = FnLowering::new(name, &td);
        cx.f.is_kernel = is_kernel;
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
    // Which device-function parameters receive varying values (seed 002, inter-procedural).
    crate::ori::varying::propagate_call_arguments(&mut prog);
    Ok(prog)
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

fn lower_global(g: V, td: &inkwell::targets::TargetData) -> Result<GlobalVar> {
    let name = ffi::name(g);
    let ty = ffi::global_type(g);
    let Ty::Ptr(aspace) = ffi::classify(ffi::type_of(g)) else { bail!("unsupported global @{name}") };
    let space = match Space::from_addrspace(aspace) {
        Some(Space::Shared) => Space::Shared,
        Some(Space::Const) => Space::Const,
        Some(Space::Global) | Some(Space::Generic) => Space::Global,
        _ => bail!("unsupported address space {aspace} of global @{name}"),
    };
    let size = abi_size(td, ty);
    let align = ffi::alignment(g).max(1);
    let init = match ffi::initializer(g) {
        Some(c) if !ffi::is_null_constant(c) && !ffi::is_undef_or_poison(c) => {
            let mut bytes = vec![0u8; size as usize];
            const_bytes(c, ty, td, &mut bytes, 0).map_err(|e| anyhow::anyhow!("{e} in initializer of @{name}"))?;
            Some(bytes)
        }
        _ => None,
    };
    Ok(GlobalVar { name, space, size, align, init, external: ffi::is_declaration(g) })
}

/// Serializes a constant initializer (little endian) into `out[at..]`.
fn const_bytes(c: V, ty: T, td: &inkwell::targets::TargetData, out: &mut [u8], at: usize) -> Result<()> {
    use llvm_sys::LLVMTypeKind::*;
    let size = abi_size(td, ty) as usize;
    if ffi::is_null_constant(c) || ffi::is_undef_or_poison(c) {
        return Ok(());
    }
    match ffi::type_kind(ty) {
        LLVMIntegerTypeKind if ffi::is_constant_int(c) => {
            let v = ffi::const_int(c).to_le_bytes();
            out[at..at + size].copy_from_slice(&v[..size]);
        }
        LLVMFloatTypeKind if ffi::is_constant_fp(c) => {
            out[at..at + 4].copy_from_slice(&(ffi::const_fp(c) as f32).to_bits().to_le_bytes())
        }
        LLVMDoubleTypeKind if ffi::is_constant_fp(c) => {
            out[at..at + 8].copy_from_slice(&ffi::const_fp(c).to_bits().to_le_bytes())
        }
        LLVMArrayTypeKind | LLVMVectorTypeKind => {
            if let Some(bytes) = ffi::const_data_bytes(c) {
                out[at..at + bytes.len()].copy_from_slice(&bytes);
                return Ok(());
            }
            let et = ffi::element_type(ty);
            let es = abi_size(td, et) as usize;
            let n = if ffi::type_kind(ty) == LLVMArrayTypeKind { ffi::array_length(ty) } else { (size / es) as u64 };
            for i in 0..n as u32 {
                let e = ffi::aggregate_element(c, i).ok_or_else(|| anyhow::anyhow!("unsupported constant"))?;
                const_bytes(e, et, td, out, at + i as usize * es)?;
            }
        }
        LLVMStructTypeKind => {
            let n = unsafe { llvm_sys::core::LLVMCountStructElementTypes(ty.0) };
            for i in 0..n {
                let ft = ffi::struct_field_type(ty, i);
                let off = unsafe { llvm_sys::target::LLVMOffsetOfElement(td_ref(td), ty.0, i) } as usize;
                let e = ffi::aggregate_element(c, i).ok_or_else(|| anyhow::anyhow!("unsupported constant"))?;
                const_bytes(e, ft, td, out, at + off)?;
            }
        }
        _ => bail!("unsupported constant {}", ffi::value_string(c)),
    }
    Ok(())
}

fn td_ref(td: &inkwell::targets::TargetData) -> llvm_sys::target::LLVMTargetDataRef {
    td.as_mut_ptr()
}

/// ABI size in bytes of an LLVM type.
pub fn abi_size(td: &inkwell::targets::TargetData, t: T) -> u64 {
    unsafe { llvm_sys::target::LLVMABISizeOfType(td_ref(td), t.0) }
}

/// Per-function lowering state.
pub(crate) struct FnLowering<'a> {
    pub f: Function,
    pub td: &'a inkwell::targets::TargetData,
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
    /// The LLVM instruction being lowered (ordinal + 1; 0: none) and, parallel to the blocks'
    /// instructions, where each came from (`Program::origins`).
    pub origin: u32,
    pub origins: Vec<Vec<u32>>,
}

impl<'a> FnLowering<'a> {
    fn new(name: String, td: &'a inkwell::targets::TargetData) -> Self {
        FnLowering {
            f: Function { name, is_kernel: true, ..Default::default() },
            td,
            vals: HashMap::new(),
            blocks: HashMap::new(),
            cur: Bix(0),
            allocas: HashMap::new(),
            spaces: spaces::SpaceInference::default(),
            twins: HashMap::new(),
            origin: 0,
            origins: Vec::new(),
        }
    }

    pub fn err(&self, what: impl std::fmt::Display) -> anyhow::Error {
        unsupported(what, &self.f.name)
    }

    pub fn emit(&mut self, i: Inst) {
        self.f.blocks[self.cur.idx()].insts.push(i);
        let b = self.cur.idx();
        if self.origins.len() <= b {
            self.origins.resize(b + 1, Vec::new());
        }
        self.origins[b].push(self.origin);
    }

    pub fn op(&mut self, op: Op, dsts: Vec<Operand>, srcs: Vec<Operand>) {
        self.emit(Inst::new(op, dsts, srcs));
    }

    /// A fresh register for one scalar of type `t`.
    pub fn reg_for(&mut self, t: &Ty) -> Result<VReg> {
        Ok(match t {
            Ty::I1 => self.f.new_reg(RegFile::P, PairMode::Single),
            Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => self.f.new_reg(RegFile::R, PairMode::Pair),
            Ty::Int(_) | Ty::F32 | Ty::F16 => self.f.new_reg(RegFile::R, PairMode::Single),
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
        self.spaces = spaces::SpaceInference::analyze(&params, &insts, self.f.is_kernel);
        self.lower_params(func)?;
        // Registers for every instruction result first, so phis can name later values.
        for bb in &bbs {
            for inst in bb.get_instructions() {
                let v = V(inst.as_value_ref());
                let ty = ffi::classify(ffi::type_of(v));
                if ty == Ty::Void || ffi::opcode(v) == llvm_sys::LLVMOpcode::LLVMAlloca {
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
            for inst in bb.get_instructions() {
                ordinal += 1;
                self.origin = ordinal;
                self.lower_inst(V(inst.as_value_ref()), Bix(i as u32 + 1), bbs.len())?;
            }
        }
        self.origin = 0;
        Ok(())
    }

    /// Kernel parameters: laid out in `c[0x0][0x210...]`, read at the entry. Device-function
    /// parameters: `.param` words read with `LD.PARAM` (see the module documentation).
    fn lower_params(&mut self, func: inkwell::values::FunctionValue<'_>) -> Result<()> {
        // A `byval` aggregate is passed by value in the param space (llc: `.param .align A .b8
        // p[N]`), not as a pointer: not modelled, so rejected rather than miscompiled.
        for i in 0..func.count_params() {
            if ffi::has_param_attr(V(func.as_value_ref()), i, "byval") {
                return Err(self.err(format!("byval parameter {i}")));
            }
        }
        if !self.f.is_kernel {
            return self.lower_func_params(func);
        }
        let mut off = PARAM_BASE;
        for (i, p) in func.get_param_iter().enumerate() {
            let v = V(p.as_value_ref());
            let ty = ffi::classify(ffi::type_of(v));
            let (size, ptx_type) = match ty {
                Ty::Int(64) | Ty::Ptr(_) => (8, ".u64"),
                Ty::F64 => (8, ".f64"),
                Ty::Int(32) => (4, ".u32"),
                Ty::F32 => (4, ".f32"),
                Ty::Int(16) => (2, ".u16"),
                Ty::F16 => (2, ".b16"),
                Ty::Int(8) | Ty::I1 => (1, ".u8"),
                other => return Err(self.err(format!("kernel parameter type {other:?}"))),
            };
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
                        Op::Ld { space: Space::Param, bits: 8, signed: false, volatile: false, offset: 0 },
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
                Ty::Int(8) | Ty::Int(16) | Ty::F16 => {
                    let bits = if ty == Ty::Int(8) { 8 } else { 16 };
                    self.op(
                        Op::Ld { space: Space::Param, bits, signed: false, volatile: false, offset: 0 },
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

    fn lower_func_params(&mut self, func: inkwell::values::FunctionValue<'_>) -> Result<()> {
        let ret = ffi::classify(T(func.get_type().as_type_ref()).ret_type());
        self.f.ret = match ret {
            Ty::Void => None,
            Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => Some(PairMode::Pair),
            Ty::Int(_) | Ty::F32 | Ty::F16 => Some(PairMode::Single),
            other => return Err(self.err(format!("return type {other:?} of a device function"))),
        };
        for (i, p) in func.get_param_iter().enumerate() {
            let v = V(p.as_value_ref());
            let ty = ffi::classify(ffi::type_of(v));
            let (size, ptx_type) = match ty {
                Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => (8, ".b64"),
                Ty::Int(_) | Ty::F32 | Ty::F16 => (4, ".b32"),
                other => return Err(self.err(format!("device-function parameter type {other:?}"))),
            };
            let name = format!("{}_param_{}", self.f.name, i);
            self.f.params.push(Param { name: name.clone(), size, align: size, cbank_offset: 0, ptx_type });
            let dst = self.reg_for(&ty)?;
            let ld = Op::Ld { space: Space::Param, bits: size * 8, signed: false, volatile: false, offset: 0 };
            self.op(ld, vec![Operand::Reg(dst)], vec![Operand::Symbol(name)]);
            self.vals.insert(v, vec![Operand::Reg(dst)]);
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
                if !ffi::is_constant_int(count) {
                    return Err(self.err("dynamic alloca"));
                }
                let size = abi_size(self.td, ffi::allocated_type(v)) * ffi::const_int(count);
                let align = ffi::alignment(v).max(1);
                frame = frame.next_multiple_of(align);
                self.allocas.insert(v, frame);
                list.push((v, frame));
                frame += size as u32;
            }
        }
        if list.is_empty() {
            return Ok(());
        }
        self.f.local_frame = frame.next_multiple_of(16);
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
        }
        Ok(())
    }
}
