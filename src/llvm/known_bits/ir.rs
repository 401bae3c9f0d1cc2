//! Copyable handles over llvm-sys values for the known-bits pass (seed 004, "NVVM IR Node
//! Layout": the analysis walks operands by index and dispatches on the opcode).
//!
//! Every [`V`] wraps a live `LLVMValueRef` of the module under work. The pass creates them only
//! from values it reads out of that module (or creates in it), and drops every handle to an
//! instruction before erasing it, so the raw calls below always see valid values; that invariant
//! is what makes the methods safe to call.

use super::lattice::{ApInt, IntPredicate};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use std::ffi::CStr;

/// A value of the module being rewritten.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct V(pub LLVMValueRef);

/// The attribute index of function parameter `i` (LLVM's `FirstArgIndex` is 1).
pub(crate) fn param_index(i: u32) -> u32 {
    i + 1
}

/// Looks up an enum attribute kind by name (`align`, `range`, ...).
pub(crate) fn attr_kind(name: &str) -> u32 {
    // SAFETY: the pointer/length pair describes `name`.
    unsafe { llvm_sys::core::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len()) }
}

impl V {
    /// The type of the value.
    pub fn ty(self) -> LLVMTypeRef {
        // SAFETY: see the module documentation.
        unsafe { LLVMTypeOf(self.0) }
    }

    /// The width of a scalar integer type.
    pub fn int_width(self) -> Option<u32> {
        type_int_width(self.ty())
    }

    /// The address space of a scalar pointer type.
    pub fn ptr_addr_space(self) -> Option<u32> {
        let ty = self.ty();
        // SAFETY: `ty` is a live type.
        unsafe { (LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMPointerTypeKind).then(|| LLVMGetPointerAddressSpace(ty)) }
    }

    /// The opcode, when the value is an instruction.
    pub fn opcode(self) -> Option<LLVMOpcode> {
        // SAFETY: see the module documentation.
        unsafe { (!LLVMIsAInstruction(self.0).is_null()).then(|| LLVMGetInstructionOpcode(self.0)) }
    }

    /// The opcode of an instruction or of a constant expression.
    pub fn any_opcode(self) -> Option<LLVMOpcode> {
        // SAFETY: see the module documentation.
        unsafe {
            if !LLVMIsAInstruction(self.0).is_null() {
                Some(LLVMGetInstructionOpcode(self.0))
            } else if !LLVMIsAConstantExpr(self.0).is_null() {
                Some(LLVMGetConstOpcode(self.0))
            } else {
                None
            }
        }
    }

    pub fn is_instruction(self) -> bool {
        // SAFETY: see the module documentation.
        unsafe { !LLVMIsAInstruction(self.0).is_null() }
    }

    pub fn is_argument(self) -> bool {
        // SAFETY: see the module documentation.
        unsafe { !LLVMIsAArgument(self.0).is_null() }
    }

    pub fn is_global_variable(self) -> bool {
        // SAFETY: see the module documentation.
        unsafe { !LLVMIsAGlobalVariable(self.0).is_null() }
    }

    pub fn is_alloca(self) -> bool {
        // SAFETY: see the module documentation.
        unsafe { !LLVMIsAAllocaInst(self.0).is_null() }
    }

    pub fn is_null_constant(self) -> bool {
        // SAFETY: see the module documentation.
        unsafe { !LLVMIsAConstant(self.0).is_null() && LLVMIsNull(self.0) != 0 }
    }

    pub fn num_operands(self) -> u32 {
        // SAFETY: see the module documentation.
        unsafe { LLVMGetNumOperands(self.0).max(0) as u32 }
    }

    pub fn operand(self, i: u32) -> V {
        // SAFETY: callers pass `i < num_operands()`.
        V(unsafe { LLVMGetOperand(self.0, i) })
    }

    pub fn set_operand(self, i: u32, v: V) {
        // SAFETY: callers pass `i < num_operands()` and a value of the operand's type.
        unsafe { LLVMSetOperand(self.0, i, v.0) }
    }

    /// The value of a `ConstantInt` (any width up to 128 bits; wider constants are not read).
    pub fn const_int(self) -> Option<ApInt> {
        // SAFETY: see the module documentation.
        unsafe {
            if LLVMIsAConstantInt(self.0).is_null() {
                return None;
            }
            let width = self.int_width()?;
            if width <= 64 {
                return Some(ApInt::new(width, LLVMConstIntGetZExtValue(self.0)));
            }
        }
        if self.int_width()? > 128 {
            return None;
        }
        // The C API has no word accessor: read the printed `iN <decimal>`.
        let text = self.print();
        let (_, digits) = text.trim().split_once(' ')?;
        let v: i128 = digits.trim().parse().ok()?;
        Some(ApInt::from_u128(self.int_width()?, v as u128))
    }

    /// Whether the value has exactly one use.
    pub fn has_one_use(self) -> bool {
        // SAFETY: see the module documentation.
        unsafe {
            let u = LLVMGetFirstUse(self.0);
            !u.is_null() && LLVMGetNextUse(u).is_null()
        }
    }

    pub fn has_uses(self) -> bool {
        // SAFETY: see the module documentation.
        unsafe { !LLVMGetFirstUse(self.0).is_null() }
    }

    /// The users, one entry per use.
    pub fn users(self) -> Vec<V> {
        let mut out = Vec::new();
        // SAFETY: see the module documentation.
        unsafe {
            let mut u = LLVMGetFirstUse(self.0);
            while !u.is_null() {
                out.push(V(LLVMGetUser(u)));
                u = LLVMGetNextUse(u);
            }
        }
        out
    }

    /// The called function's name, for a direct call.
    pub fn callee_name(self) -> Option<String> {
        if self.opcode()? != LLVMOpcode::LLVMCall {
            return None;
        }
        // SAFETY: `self` is a call instruction.
        unsafe {
            let callee = LLVMGetCalledValue(self.0);
            if callee.is_null() || LLVMIsAFunction(callee).is_null() {
                return None;
            }
            Some(value_name(callee))
        }
    }

    /// The number of call arguments (for a call instruction).
    pub fn num_args(self) -> u32 {
        // SAFETY: callers only ask calls.
        unsafe { LLVMGetNumArgOperands(self.0) }
    }

    pub fn icmp_predicate(self) -> Option<IntPredicate> {
        if self.any_opcode()? != LLVMOpcode::LLVMICmp {
            return None;
        }
        // SAFETY: `self` is an icmp.
        let p = unsafe { LLVMGetICmpPredicate(self.0) };
        Some(match p {
            LLVMIntPredicate::LLVMIntEQ => IntPredicate::Eq,
            LLVMIntPredicate::LLVMIntNE => IntPredicate::Ne,
            LLVMIntPredicate::LLVMIntUGT => IntPredicate::Ugt,
            LLVMIntPredicate::LLVMIntUGE => IntPredicate::Uge,
            LLVMIntPredicate::LLVMIntULT => IntPredicate::Ult,
            LLVMIntPredicate::LLVMIntULE => IntPredicate::Ule,
            LLVMIntPredicate::LLVMIntSGT => IntPredicate::Sgt,
            LLVMIntPredicate::LLVMIntSGE => IntPredicate::Sge,
            LLVMIntPredicate::LLVMIntSLT => IntPredicate::Slt,
            LLVMIntPredicate::LLVMIntSLE => IntPredicate::Sle,
        })
    }

    /// `nuw` (add/sub/mul/shl/trunc only).
    pub fn nuw(self) -> bool {
        // SAFETY: callers only ask overflowing binary operators and truncations.
        unsafe { LLVMGetNUW(self.0) != 0 }
    }

    /// `nsw` (add/sub/mul/shl/trunc only).
    pub fn nsw(self) -> bool {
        // SAFETY: callers only ask overflowing binary operators and truncations.
        unsafe { LLVMGetNSW(self.0) != 0 }
    }

    /// `exact` (udiv/sdiv/lshr/ashr only).
    pub fn exact(self) -> bool {
        // SAFETY: callers only ask exact-capable operators.
        unsafe { LLVMGetExact(self.0) != 0 }
    }

    /// `nneg` (zext only).
    pub fn nneg(self) -> bool {
        // SAFETY: callers only ask zext.
        unsafe { LLVMGetNNeg(self.0) != 0 }
    }

    /// `disjoint` (or only).
    pub fn disjoint(self) -> bool {
        // SAFETY: callers only ask `or`.
        unsafe { LLVMGetIsDisjoint(self.0) != 0 }
    }

    /// Clears every poison-generating flag the opcode can carry; returns whether one was set.
    pub fn drop_poison_flags(self) -> bool {
        use LLVMOpcode::*;
        let Some(op) = self.opcode() else { return false };
        // SAFETY: each setter is only called on the opcodes that carry its flag.
        unsafe {
            match op {
                LLVMAdd | LLVMSub | LLVMMul | LLVMShl | LLVMTrunc => {
                    let had = self.nuw() || self.nsw();
                    LLVMSetNUW(self.0, 0);
                    LLVMSetNSW(self.0, 0);
                    had
                }
                LLVMUDiv | LLVMSDiv | LLVMLShr | LLVMAShr => {
                    let had = self.exact();
                    LLVMSetExact(self.0, 0);
                    had
                }
                LLVMOr => {
                    let had = self.disjoint();
                    LLVMSetIsDisjoint(self.0, 0);
                    had
                }
                LLVMZExt => {
                    let had = self.nneg();
                    LLVMSetNNeg(self.0, 0);
                    had
                }
                _ => false,
            }
        }
    }

    pub fn set_nuw(self) {
        // SAFETY: callers only set it on add/sub/mul/shl/trunc.
        unsafe { LLVMSetNUW(self.0, 1) }
    }

    pub fn set_nsw(self) {
        // SAFETY: callers only set it on add/sub/mul/shl/trunc.
        unsafe { LLVMSetNSW(self.0, 1) }
    }

    pub fn set_exact(self) {
        // SAFETY: callers only set it on udiv/sdiv/lshr/ashr.
        unsafe { LLVMSetExact(self.0, 1) }
    }

    pub fn set_nneg(self) {
        // SAFETY: callers only set it on zext.
        unsafe { LLVMSetNNeg(self.0, 1) }
    }

    pub fn set_disjoint(self) {
        // SAFETY: callers only set it on `or`.
        unsafe { LLVMSetIsDisjoint(self.0, 1) }
    }

    /// The block of an instruction.
    pub fn block(self) -> LLVMBasicBlockRef {
        // SAFETY: callers only ask instructions.
        unsafe { LLVMGetInstructionParent(self.0) }
    }

    /// The function an instruction or argument belongs to.
    pub fn function(self) -> Option<V> {
        // SAFETY: see the module documentation.
        unsafe {
            if self.is_instruction() {
                let bb = LLVMGetInstructionParent(self.0);
                (!bb.is_null()).then(|| V(LLVMGetBasicBlockParent(bb)))
            } else if self.is_argument() {
                Some(V(LLVMGetParamParent(self.0)))
            } else {
                None
            }
        }
    }

    pub fn next_instruction(self) -> Option<V> {
        // SAFETY: callers only ask instructions.
        let n = unsafe { LLVMGetNextInstruction(self.0) };
        (!n.is_null()).then_some(V(n))
    }

    /// LLVM's printed form (`%x = add i32 %a, %b`), trimmed.
    pub fn print(self) -> String {
        // SAFETY: the returned message is copied and disposed.
        unsafe {
            let p = LLVMPrintValueToString(self.0);
            let s = CStr::from_ptr(p).to_string_lossy().trim().to_string();
            LLVMDisposeMessage(p);
            s
        }
    }

    /// `LLVMGetAlignment` (alloca, load, store, global variable); 0 when unspecified.
    pub fn alignment(self) -> u32 {
        // SAFETY: callers only ask values that carry an alignment.
        unsafe { LLVMGetAlignment(self.0) }
    }

    /// Clears a GEP's `inbounds`/`nusw`/`nuw`.
    pub fn drop_gep_flags(self) {
        // SAFETY: callers only pass GEP instructions.
        unsafe { LLVMGEPSetNoWrapFlags(self.0, 0) }
    }

    /// Whether a load/store is volatile.
    pub fn is_volatile(self) -> bool {
        // SAFETY: callers only ask loads and stores.
        unsafe { LLVMGetVolatile(self.0) != 0 }
    }

    /// The source element type of a GEP (instruction or constant expression).
    pub fn gep_source_type(self) -> LLVMTypeRef {
        // SAFETY: callers only ask GEPs.
        unsafe { LLVMGetGEPSourceElementType(self.0) }
    }

    /// The `align` attribute value of parameter `i` of function `self` (0 when absent).
    pub fn param_align(self, i: u32) -> u64 {
        // SAFETY: `self` is a function; a missing attribute gives a null reference.
        unsafe {
            let a = LLVMGetEnumAttributeAtIndex(self.0, param_index(i), attr_kind("align"));
            if a.is_null() { 0 } else { LLVMGetEnumAttributeValue(a) }
        }
    }

    /// The index of an argument in its function's parameter list.
    pub fn arg_index(self) -> Option<u32> {
        let f = self.function()?;
        // SAFETY: `f` is the argument's function.
        unsafe {
            let n = LLVMCountParams(f.0);
            (0..n).find(|&i| LLVMGetParam(f.0, i) == self.0)
        }
    }

    /// Integer constant of `ty` (an integer type) with the value `v`.
    pub fn const_of(ty: LLVMTypeRef, v: &ApInt) -> V {
        // SAFETY: `ty` is an integer type of `v`'s width.
        unsafe {
            if v.width() <= 64 {
                V(LLVMConstInt(ty, v.low_u64(), 0))
            } else {
                let words = v.words();
                V(LLVMConstIntOfArbitraryPrecision(ty, words.len() as u32, words.as_ptr()))
            }
        }
    }
}

/// The width of a scalar integer type.
pub(crate) fn type_int_width(ty: LLVMTypeRef) -> Option<u32> {
    // SAFETY: `ty` is a live type.
    unsafe { (LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMIntegerTypeKind).then(|| LLVMGetIntTypeWidth(ty)) }
}

/// The integer type of `width` bits in the context of `like` (any type of the module).
pub(crate) fn int_type_like(like: LLVMTypeRef, width: u32) -> LLVMTypeRef {
    // SAFETY: `like` is a live type.
    unsafe { LLVMIntTypeInContext(LLVMGetTypeContext(like), width) }
}

/// A value's name (empty when unnamed).
pub(crate) fn value_name(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    // SAFETY: `v` is live; the name buffer is valid for `len` bytes.
    unsafe {
        let p = LLVMGetValueName2(v, &mut len);
        if p.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len)).into_owned()
    }
}

/// The instructions of a function, in layout order.
pub(crate) fn instructions(f: V) -> Vec<V> {
    let mut out = Vec::new();
    for bb in blocks(f) {
        // SAFETY: `bb` is a block of `f`.
        let mut i = unsafe { LLVMGetFirstInstruction(bb) };
        while !i.is_null() {
            out.push(V(i));
            // SAFETY: `i` is an instruction of `bb`.
            i = unsafe { LLVMGetNextInstruction(i) };
        }
    }
    out
}

/// The blocks of a function, in layout order.
pub(crate) fn blocks(f: V) -> Vec<LLVMBasicBlockRef> {
    let mut out = Vec::new();
    // SAFETY: `f` is a function.
    let mut bb = unsafe { LLVMGetFirstBasicBlock(f.0) };
    while !bb.is_null() {
        out.push(bb);
        // SAFETY: `bb` is a block of `f`.
        bb = unsafe { LLVMGetNextBasicBlock(bb) };
    }
    out
}

/// The successors of a block (through its terminator).
pub(crate) fn successors(bb: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    // SAFETY: `bb` is a live block; a block without terminator has no successors.
    unsafe {
        let t = LLVMGetBasicBlockTerminator(bb);
        if t.is_null() {
            return Vec::new();
        }
        (0..LLVMGetNumSuccessors(t)).map(|i| LLVMGetSuccessor(t, i)).collect()
    }
}

/// An instruction builder positioned before a given instruction; disposed on drop.
pub(crate) struct Builder(LLVMBuilderRef);

impl Builder {
    /// A builder in the context of `like`'s type.
    pub fn new(like: V) -> Builder {
        // SAFETY: the context outlives the builder (both belong to the module under work).
        Builder(unsafe { LLVMCreateBuilderInContext(LLVMGetTypeContext(like.ty())) })
    }

    /// Positions the builder right before `inst`.
    pub fn before(&mut self, inst: V) -> &mut Builder {
        // SAFETY: `inst` is an instruction in a block.
        unsafe { LLVMPositionBuilderBefore(self.0, inst.0) };
        self
    }

    /// A binary operator without flags.
    pub fn binop(&mut self, op: LLVMOpcode, a: V, b: V) -> V {
        // SAFETY: `a` and `b` have the same integer type; the name is a C string.
        V(unsafe { LLVMBuildBinOp(self.0, op, a.0, b.0, c"".as_ptr()) })
    }

    /// A cast (trunc/zext/sext) to `ty`.
    pub fn cast(&mut self, op: LLVMOpcode, v: V, ty: LLVMTypeRef) -> V {
        // SAFETY: the cast is valid for the operand and destination types.
        V(unsafe { LLVMBuildCast(self.0, op, v.0, ty, c"".as_ptr()) })
    }

    /// `select c, a, b`.
    pub fn select(&mut self, c: V, a: V, b: V) -> V {
        // SAFETY: `c` is i1 and `a`, `b` have the same type.
        V(unsafe { LLVMBuildSelect(self.0, c.0, a.0, b.0, c"".as_ptr()) })
    }
}

impl Drop for Builder {
    fn drop(&mut self) {
        // SAFETY: the builder was created by `new` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.0) }
    }
}

/// The module's target data, disposed on drop.
pub(crate) struct TargetData(pub llvm_sys::target::LLVMTargetDataRef);

impl TargetData {
    /// From the module's data layout string.
    pub fn of_module(m: LLVMModuleRef) -> TargetData {
        // SAFETY: `m` is a live module; the layout string is copied by LLVM.
        TargetData(unsafe { llvm_sys::target::LLVMCreateTargetData(LLVMGetDataLayoutStr(m)) })
    }

    /// Pointer width in bits for an address space.
    pub fn pointer_bits(&self, addr_space: u32) -> u32 {
        // SAFETY: `self.0` is live.
        unsafe { llvm_sys::target::LLVMPointerSizeForAS(self.0, addr_space) * 8 }
    }

    /// `getTypeAllocSize`.
    pub fn alloc_size(&self, ty: LLVMTypeRef) -> u64 {
        // SAFETY: `ty` is a sized type of the module.
        unsafe { llvm_sys::target::LLVMABISizeOfType(self.0, ty) }
    }

    /// Byte offset of field `i` of a struct type.
    pub fn field_offset(&self, ty: LLVMTypeRef, i: u32) -> u64 {
        // SAFETY: `ty` is a struct type with more than `i` fields.
        unsafe { llvm_sys::target::LLVMOffsetOfElement(self.0, ty, i) }
    }

    pub fn little_endian(&self) -> bool {
        // SAFETY: `self.0` is live.
        unsafe { llvm_sys::target::LLVMByteOrder(self.0) == llvm_sys::target::LLVMByteOrdering::LLVMLittleEndian }
    }
}

impl Drop for TargetData {
    fn drop(&mut self) {
        // SAFETY: created by `of_module`, disposed once.
        unsafe { llvm_sys::target::LLVMDisposeTargetData(self.0) }
    }
}

/// Type kind helpers for GEP walking.
pub(crate) fn type_kind(ty: LLVMTypeRef) -> LLVMTypeKind {
    // SAFETY: `ty` is a live type.
    unsafe { LLVMGetTypeKind(ty) }
}

/// Element type of an array or vector type.
pub(crate) fn element_type(ty: LLVMTypeRef) -> LLVMTypeRef {
    // SAFETY: callers pass an array or vector type.
    unsafe { LLVMGetElementType(ty) }
}

/// Field `i` of a struct type.
pub(crate) fn struct_field(ty: LLVMTypeRef, i: u32) -> LLVMTypeRef {
    // SAFETY: callers pass a struct type with more than `i` fields.
    unsafe { LLVMStructGetTypeAtIndex(ty, i) }
}

/// Erases an instruction that has no uses left.
pub(crate) fn erase(inst: V) {
    // SAFETY: `inst` is an instruction without uses; no handle to it is used afterwards.
    unsafe { LLVMInstructionEraseFromParent(inst.0) }
}

/// Replaces every use of `old` with `new` (same type). A new, unnamed instruction takes `old`'s
/// name (LLVM's `takeName`, as InstCombine does), so the rewritten IR reads like the input.
pub(crate) fn replace_all_uses(old: V, new: V) {
    // SAFETY: both values are live and of the same type.
    unsafe { LLVMReplaceAllUsesWith(old.0, new.0) }
    if new.is_instruction() {
        let (mut old_len, mut new_len) = (0usize, 0usize);
        // SAFETY: live values; the returned names are copied before either is renamed.
        unsafe {
            let old_name = llvm_sys::core::LLVMGetValueName2(old.0, &mut old_len);
            llvm_sys::core::LLVMGetValueName2(new.0, &mut new_len);
            if old_len > 0 && new_len == 0 {
                let name = std::slice::from_raw_parts(old_name as *const u8, old_len).to_vec();
                llvm_sys::core::LLVMSetValueName2(old.0, c"".as_ptr(), 0);
                llvm_sys::core::LLVMSetValueName2(new.0, name.as_ptr() as *const _, name.len());
            }
        }
    }
}
