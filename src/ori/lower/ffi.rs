//! Thin safe wrappers over the LLVM C API for the instruction selector: reading opcodes,
//! operands, types and constants of an LLVM 19 module that outlives every call.

// The handles passed in come from the module being lowered, which outlives every call; the
// wrappers are the one place that dereferences them.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::ffi::CStr;

/// An LLVM value of the module being lowered (valid while the module lives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct V(pub LLVMValueRef);

/// An LLVM type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct T(pub LLVMTypeRef);

/// The shape of a value type as the selector sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    Void,
    I1,
    /// i8 / i16 / i32 / i64, and odd widths from 2 to 63 (`odd_ints.rs`).
    Int(u32),
    /// i128: two 64-bit halves `[lo, hi]` (`int128.rs`).
    I128,
    F16,
    /// bfloat (`lower/half_math.rs`).
    BF16,
    F32,
    F64,
    /// A pointer in an NVPTX address space (always 64-bit).
    Ptr(u32),
    /// A fixed vector (flattened into its elements).
    Vector(Box<Ty>, u32),
    /// A struct (cmpxchg results, aggregates), or an array of at most 16 elements, flattened.
    Struct(Vec<Ty>),
    /// Anything else (named by its printed form).
    Other(String),
}

impl Ty {
    /// Number of scalar elements after flattening.
    pub fn scalars(&self) -> Vec<Ty> {
        match self {
            Ty::Vector(e, n) => (0..*n).flat_map(|_| e.scalars()).collect(),
            Ty::I128 => vec![Ty::Int(64), Ty::Int(64)],
            Ty::Struct(fs) => fs.iter().flat_map(|f| f.scalars()).collect(),
            Ty::Void => vec![],
            t => vec![t.clone()],
        }
    }
}

// SAFETY (for every function below): `V`/`T` wrap handles of a module that outlives the lowering,
// and each call is a read-only query valid for the kind of value it is applied to.

pub fn type_of(v: V) -> T {
    unsafe { T(LLVMTypeOf(v.0)) }
}

pub fn classify(t: T) -> Ty {
    unsafe {
        match LLVMGetTypeKind(t.0) {
            LLVMTypeKind::LLVMVoidTypeKind => Ty::Void,
            LLVMTypeKind::LLVMIntegerTypeKind => match LLVMGetIntTypeWidth(t.0) {
                1 => Ty::I1,
                // Odd widths are promoted (`odd_ints.rs`).
                w @ 2..=64 => Ty::Int(w),
                128 => Ty::I128,
                _ => Ty::Other(type_string(t)),
            },
            LLVMTypeKind::LLVMHalfTypeKind => Ty::F16,
            LLVMTypeKind::LLVMBFloatTypeKind => Ty::BF16,
            LLVMTypeKind::LLVMFloatTypeKind => Ty::F32,
            LLVMTypeKind::LLVMDoubleTypeKind => Ty::F64,
            LLVMTypeKind::LLVMPointerTypeKind => Ty::Ptr(LLVMGetPointerAddressSpace(t.0)),
            LLVMTypeKind::LLVMVectorTypeKind => match classify(T(LLVMGetElementType(t.0))) {
                // Vectors of i128 would flatten to twice their lanes: unsupported.
                Ty::I128 => Ty::Other(type_string(t)),
                e => Ty::Vector(Box::new(e), LLVMGetVectorSize(t.0)),
            },
            // Arrays of registers-held values are flattened like structs of equal fields
            // (`aggregates.rs`) up to `MAX_ARRAY_SCALARS` registers; longer ones stay
            // unsupported as values.
            LLVMTypeKind::LLVMArrayTypeKind => {
                let n = LLVMGetArrayLength2(t.0);
                match classify(T(LLVMGetElementType(t.0))) {
                    Ty::Other(_) | Ty::Void => Ty::Other(type_string(t)),
                    e if (e.scalars().len() as u64).saturating_mul(n) > MAX_ARRAY_SCALARS => Ty::Other(type_string(t)),
                    e => Ty::Struct(vec![e; n as usize]),
                }
            }
            LLVMTypeKind::LLVMStructTypeKind => {
                let n = LLVMCountStructElementTypes(t.0);
                Ty::Struct((0..n).map(|i| classify(T(LLVMStructGetTypeAtIndex(t.0, i)))).collect())
            }
            _ => Ty::Other(type_string(t)),
        }
    }
}

/// The most registers an array value flattens to (a `[256 x i8]` copy, as clang writes for a
/// struct assignment, is 256 byte registers).
const MAX_ARRAY_SCALARS: u64 = 256;

pub fn type_string(t: T) -> String {
    unsafe {
        let p = LLVMPrintTypeToString(t.0);
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        LLVMDisposeMessage(p);
        s
    }
}

pub fn value_string(v: V) -> String {
    unsafe {
        let p = LLVMPrintValueToString(v.0);
        let s = CStr::from_ptr(p).to_string_lossy().trim().to_string();
        LLVMDisposeMessage(p);
        s
    }
}

pub fn name(v: V) -> String {
    unsafe {
        let mut len = 0usize;
        let p = LLVMGetValueName2(v.0, &mut len);
        if p.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
    }
}

/// Whether parameter `i` of function `f` carries the attribute `name` (`byval`, `noundef`, ...).
pub fn has_param_attr(f: V, i: u32, name: &str) -> bool {
    unsafe {
        let kind = LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
        kind != 0 && !LLVMGetEnumAttributeAtIndex(f.0, i + 1, kind).is_null()
    }
}

/// The value of function `f`'s string attribute `name` (`"unsafe-fp-math"="true"`), if any.
pub fn fn_string_attr(f: V, name: &str) -> Option<String> {
    unsafe {
        let a = LLVMGetStringAttributeAtIndex(
            f.0,
            llvm_sys::LLVMAttributeFunctionIndex,
            name.as_ptr().cast(),
            name.len() as u32,
        );
        if a.is_null() {
            return None;
        }
        let mut len = 0u32;
        let p = LLVMGetStringAttributeValue(a, &mut len);
        if p.is_null() {
            return Some(String::new());
        }
        Some(String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned())
    }
}

pub fn opcode(v: V) -> LLVMOpcode {
    unsafe { LLVMGetInstructionOpcode(v.0) }
}

pub fn const_opcode(v: V) -> LLVMOpcode {
    unsafe { LLVMGetConstOpcode(v.0) }
}

pub fn num_operands(v: V) -> u32 {
    unsafe { LLVMGetNumOperands(v.0) as u32 }
}

pub fn operand(v: V, i: u32) -> V {
    unsafe { V(LLVMGetOperand(v.0, i)) }
}

pub fn is_instruction(v: V) -> bool {
    unsafe { !LLVMIsAInstruction(v.0).is_null() }
}

/// The users of `v` (one entry per use).
pub fn users(v: V) -> Vec<V> {
    let mut out = Vec::new();
    unsafe {
        let mut u = LLVMGetFirstUse(v.0);
        while !u.is_null() {
            out.push(V(LLVMGetUser(u)));
            u = LLVMGetNextUse(u);
        }
    }
    out
}

/// A `zext nneg` (its operand is known non-negative, so it equals `sext`).
pub fn nneg(v: V) -> bool {
    unsafe { opcode(v) == LLVMOpcode::LLVMZExt && LLVMGetNNeg(v.0) != 0 }
}
pub fn is_constant_int(v: V) -> bool {
    unsafe { !LLVMIsAConstantInt(v.0).is_null() }
}
pub fn is_constant_fp(v: V) -> bool {
    unsafe { !LLVMIsAConstantFP(v.0).is_null() }
}
pub fn is_constant_expr(v: V) -> bool {
    unsafe { !LLVMIsAConstantExpr(v.0).is_null() }
}
pub fn is_global_variable(v: V) -> bool {
    unsafe { !LLVMIsAGlobalVariable(v.0).is_null() }
}
pub fn is_function(v: V) -> bool {
    unsafe { !LLVMIsAFunction(v.0).is_null() }
}
pub fn is_argument(v: V) -> bool {
    unsafe { !LLVMIsAArgument(v.0).is_null() }
}
pub fn is_inline_asm(v: V) -> bool {
    unsafe { !LLVMIsAInlineAsm(v.0).is_null() }
}
pub fn is_undef_or_poison(v: V) -> bool {
    unsafe { LLVMIsUndef(v.0) != 0 || LLVMIsPoison(v.0) != 0 }
}
pub fn is_null_constant(v: V) -> bool {
    unsafe { !LLVMIsAConstant(v.0).is_null() && LLVMIsNull(v.0) != 0 }
}
pub fn is_constant(v: V) -> bool {
    unsafe { !LLVMIsAConstant(v.0).is_null() }
}
pub fn is_constant_vector_like(v: V) -> bool {
    unsafe {
        !LLVMIsAConstantDataVector(v.0).is_null()
            || !LLVMIsAConstantVector(v.0).is_null()
            || !LLVMIsAConstantAggregateZero(v.0).is_null()
    }
}

/// A constant struct or array (`{ i32 1, float 2.0 }`, `[i32 1, i32 2]`, `c"ab"`): the number
/// of its direct elements.
pub fn constant_aggregate_len(v: V) -> Option<u32> {
    unsafe {
        if !LLVMIsAConstantStruct(v.0).is_null() {
            return Some(LLVMCountStructElementTypes(LLVMTypeOf(v.0)));
        }
        if !LLVMIsAConstantArray(v.0).is_null() || !LLVMIsAConstantDataArray(v.0).is_null() {
            return u32::try_from(LLVMGetArrayLength2(LLVMTypeOf(v.0))).ok();
        }
        None
    }
}

/// A ConstantInt's value as raw 64-bit pattern (zero-extended).
pub fn const_int(v: V) -> u64 {
    unsafe { LLVMConstIntGetZExtValue(v.0) }
}

/// A ConstantFP as an f64 (exact for f16/f32/f64).
pub fn const_fp(v: V) -> f64 {
    unsafe {
        let mut lost = 0;
        LLVMConstRealGetDouble(v.0, &mut lost)
    }
}

pub fn aggregate_element(v: V, i: u32) -> Option<V> {
    unsafe {
        let e = LLVMGetAggregateElement(v.0, i);
        (!e.is_null()).then_some(V(e))
    }
}

pub fn icmp_predicate(v: V) -> llvm_sys::LLVMIntPredicate {
    unsafe { LLVMGetICmpPredicate(v.0) }
}
pub fn fcmp_predicate(v: V) -> llvm_sys::LLVMRealPredicate {
    unsafe { LLVMGetFCmpPredicate(v.0) }
}

pub fn called_value(v: V) -> V {
    unsafe { V(LLVMGetCalledValue(v.0)) }
}

pub fn intrinsic_name(callee: V) -> Option<String> {
    is_function(callee).then(|| name(callee)).filter(|n| n.starts_with("llvm."))
}

pub fn volatile(v: V) -> bool {
    unsafe { LLVMGetVolatile(v.0) != 0 }
}

/// Whether a load or store is atomic (any ordering).
pub fn is_atomic(v: V) -> bool {
    unsafe { LLVMGetOrdering(v.0) != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic }
}

/// The opcode of an instruction or a constant expression (`None` for other values).
pub fn opcode_of(v: V) -> Option<LLVMOpcode> {
    if is_instruction(v) {
        Some(opcode(v))
    } else if is_constant_expr(v) {
        Some(const_opcode(v))
    } else {
        None
    }
}

pub fn alignment(v: V) -> u32 {
    unsafe { LLVMGetAlignment(v.0) }
}

pub fn indices(v: V) -> Vec<u32> {
    unsafe {
        let n = LLVMGetNumIndices(v.0);
        let p = LLVMGetIndices(v.0);
        (0..n as usize).map(|i| *p.add(i)).collect()
    }
}

pub fn gep_source_type(v: V) -> T {
    unsafe { T(LLVMGetGEPSourceElementType(v.0)) }
}

pub fn allocated_type(v: V) -> T {
    unsafe { T(LLVMGetAllocatedType(v.0)) }
}

pub fn atomic_rmw_op(v: V) -> llvm_sys::LLVMAtomicRMWBinOp {
    unsafe { LLVMGetAtomicRMWBinOp(v.0) }
}

pub fn incoming(v: V) -> Vec<(V, LLVMBasicBlockRef)> {
    unsafe {
        (0..LLVMCountIncoming(v.0)).map(|i| (V(LLVMGetIncomingValue(v.0, i)), LLVMGetIncomingBlock(v.0, i))).collect()
    }
}

/// The terminator `term` carries `!llvm.loop` metadata that disables unrolling
/// (`llvm.loop.unroll.disable`, or `llvm.loop.unroll.count` of 1). Every metadata read is
/// checked: a missing or odd node means no.
pub fn loop_disables_unroll(term: V) -> bool {
    unsafe {
        let kind = LLVMGetMDKindID(c"llvm.loop".as_ptr(), 9);
        let id = LLVMGetMetadata(term.0, kind);
        if id.is_null() {
            return false;
        }
        md_operands(id).into_iter().any(|item| {
            let fields = md_operands(item);
            let tag = fields.first().and_then(|&f| md_string(f));
            match tag.as_deref() {
                Some("llvm.loop.unroll.disable") => true,
                Some("llvm.loop.unroll.count") => {
                    fields.get(1).is_some_and(|&c| !LLVMIsAConstantInt(c).is_null() && LLVMConstIntGetZExtValue(c) == 1)
                }
                _ => false,
            }
        })
    }
}

/// The operands of a metadata node (as values); empty for anything that is not an MDNode.
unsafe fn md_operands(v: LLVMValueRef) -> Vec<LLVMValueRef> {
    unsafe {
        if v.is_null() || LLVMIsAMDNode(v).is_null() {
            return Vec::new();
        }
        let n = LLVMGetMDNodeNumOperands(v) as usize;
        let mut ops = vec![std::ptr::null_mut(); n];
        LLVMGetMDNodeOperands(v, ops.as_mut_ptr());
        ops.into_iter().filter(|o| !o.is_null()).collect()
    }
}

/// The text of a metadata string.
unsafe fn md_string(v: LLVMValueRef) -> Option<String> {
    unsafe {
        if v.is_null() || LLVMIsAMDString(v).is_null() {
            return None;
        }
        let mut len = 0;
        let p = LLVMGetMDString(v, &mut len);
        (!p.is_null())
            .then(|| String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned())
    }
}

pub fn successors(term: V) -> Vec<LLVMBasicBlockRef> {
    unsafe { (0..LLVMGetNumSuccessors(term.0)).map(|i| LLVMGetSuccessor(term.0, i)).collect() }
}

pub fn condition(br: V) -> V {
    unsafe { V(LLVMGetCondition(br.0)) }
}

pub fn is_conditional(br: V) -> bool {
    unsafe { LLVMIsConditional(br.0) != 0 }
}

pub fn switch_default(sw: V) -> LLVMBasicBlockRef {
    unsafe { LLVMGetSwitchDefaultDest(sw.0) }
}

pub fn block_as_value(bb: LLVMBasicBlockRef) -> V {
    unsafe { V(LLVMBasicBlockAsValue(bb)) }
}

pub fn value_as_block(v: V) -> LLVMBasicBlockRef {
    unsafe { LLVMValueAsBasicBlock(v.0) }
}

pub fn initializer(g: V) -> Option<V> {
    unsafe {
        let i = LLVMGetInitializer(g.0);
        (!i.is_null()).then_some(V(i))
    }
}

pub fn global_type(g: V) -> T {
    unsafe { T(LLVMGlobalGetValueType(g.0)) }
}

pub fn is_declaration(g: V) -> bool {
    unsafe { LLVMIsDeclaration(g.0) != 0 }
}

/// Raw bytes of an i8-array constant.
pub fn const_data_bytes(v: V) -> Option<Vec<u8>> {
    unsafe {
        // Only i8 arrays (strings); other sequential constants go element-wise in the caller.
        if LLVMIsAConstantDataSequential(v.0).is_null() || LLVMIsConstantString(v.0) == 0 {
            return None;
        }
        let mut len = 0usize;
        let p = LLVMGetAsString(v.0, &mut len);
        if p.is_null() {
            return None;
        }
        Some(std::slice::from_raw_parts(p as *const u8, len).to_vec())
    }
}

pub fn array_length(t: T) -> u64 {
    unsafe { LLVMGetArrayLength2(t.0) }
}

pub fn element_type(t: T) -> T {
    unsafe { T(LLVMGetElementType(t.0)) }
}

pub fn type_kind(t: T) -> LLVMTypeKind {
    unsafe { LLVMGetTypeKind(t.0) }
}

pub fn struct_field_type(t: T, i: u32) -> T {
    unsafe { T(LLVMStructGetTypeAtIndex(t.0, i)) }
}

/// An inline-asm value's template, constraint string and side-effect flag.
pub fn inline_asm(v: V) -> (String, String, bool) {
    unsafe {
        let mut n = 0usize;
        let p = LLVMGetInlineAsmAsmString(v.0, &mut n);
        let text = String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, n)).into_owned();
        let mut m = 0usize;
        let q = LLVMGetInlineAsmConstraintString(v.0, &mut m);
        let cons = String::from_utf8_lossy(std::slice::from_raw_parts(q as *const u8, m)).into_owned();
        (text, cons, LLVMGetInlineAsmHasSideEffects(v.0) != 0)
    }
}

impl T {
    /// The return type of a function type.
    pub fn ret_type(self) -> T {
        unsafe { T(LLVMGetReturnType(self.0)) }
    }
}

pub fn is_sized(t: T) -> bool {
    unsafe { LLVMTypeIsSized(t.0) != 0 }
}

pub fn vector_size(t: T) -> u32 {
    unsafe { LLVMGetVectorSize(t.0) }
}
