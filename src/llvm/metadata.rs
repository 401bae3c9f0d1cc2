//! Checked reads of LLVM metadata: the one place where ori looks at metadata nodes through the C
//! API.
//!
//! LLVM's metadata is loosely typed: a node operand may be `null` (llvm-extract leaves
//! `!{null, !"kernel", i32 1}` in `!nvvm.annotations` when it drops a function), a string, a
//! constant of any type, another node, or debug-info metadata; named metadata such as
//! `!nvvm.annotations` is not checked by the verifier at all. The C API returns a null value for a
//! null operand, and most wrappers (inkwell's `BasicMetadataValueEnum`, `LLVMTypeOf`) crash on it.
//! Every read here classifies an operand into [`MdOp`] first, checking for null and for the
//! operand's kind before anything else touches it, so a caller sees each odd shape as a value it
//! must match on, never as a crash.
//!
//! Debug locations are read the same way: through the `DILocation` itself (line, column, the
//! scope's file when there is one), never through `LLVMGetDebugLocFilename`, which dereferences
//! the scope's file without checking that it exists.

// Values passed in come from a module that outlives every call (as in `ori::lower::ffi`); this
// file is the one place that dereferences them for metadata.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use inkwell::module::Module;
use llvm_sys::core as c;
use llvm_sys::prelude::LLVMValueRef;
use std::ffi::CString;

/// One operand of a metadata node, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MdOp {
    /// A `null` operand.
    Null,
    /// `!"text"`.
    Str(String),
    /// An integer constant of `bits` bits; `value` is its zero-extended value when it fits in 64
    /// bits.
    Int { bits: u32, value: Option<u64> },
    /// A function, by name.
    Function(String),
    /// A global variable, by name (`!{ptr addrspace(1) @tex, !"texture", i32 1}`).
    Global(String),
    /// A nested node (`!{...}` or a numbered node).
    Node(NodeRef),
    /// Any other value or metadata (a float, a constant expression, debug-info nodes).
    Other,
}

/// A metadata node as the C API hands it out (a `MetadataAsValue` wrapping an `MDNode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeRef(LLVMValueRef);

impl MdOp {
    /// The string, if the operand is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            MdOp::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The integer value, if the operand is an integer constant of at most 64 bits.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            MdOp::Int { value, .. } => *value,
            _ => None,
        }
    }
}

/// Classifies one operand value as returned by `LLVMGetMDNodeOperands`.
fn classify(op: LLVMValueRef) -> MdOp {
    if op.is_null() {
        return MdOp::Null;
    }
    // SAFETY: `op` is a non-null value of a live module; every call below only inspects it.
    unsafe {
        if !c::LLVMIsAMDString(op).is_null() {
            let mut len = 0;
            let p = c::LLVMGetMDString(op, &mut len);
            if p.is_null() {
                return MdOp::Other;
            }
            let bytes = std::slice::from_raw_parts(p.cast::<u8>(), len as usize);
            return MdOp::Str(String::from_utf8_lossy(bytes).into_owned());
        }
        if c::LLVMGetValueKind(op) == llvm_sys::LLVMValueKind::LLVMMetadataAsValueValueKind {
            if !c::LLVMIsAValueAsMetadata(op).is_null() {
                // A wrapped value. LLVM also hands out a one-constant tuple (`!{i32 1}`) this way
                // (`MetadataAsValue` canonicalizes it), so both read as the constant, as in llc.
                let mut inner: LLVMValueRef = std::ptr::null_mut();
                c::LLVMGetMDNodeOperands(op, &mut inner);
                if inner.is_null()
                    || c::LLVMGetValueKind(inner) == llvm_sys::LLVMValueKind::LLVMMetadataAsValueValueKind
                {
                    return MdOp::Other;
                }
                return classify(inner);
            }
            // Only a plain tuple is a node here; debug-info nodes are not.
            let kind = llvm_sys::debuginfo::LLVMGetMetadataKind(c::LLVMValueAsMetadata(op));
            if matches!(kind, llvm_sys::debuginfo::LLVMMetadataKind::LLVMMDTupleMetadataKind) {
                return MdOp::Node(NodeRef(op));
            }
            return MdOp::Other;
        }
        if !c::LLVMIsAConstantInt(op).is_null() {
            let bits = c::LLVMGetIntTypeWidth(c::LLVMTypeOf(op));
            let value = (bits <= 64).then(|| c::LLVMConstIntGetZExtValue(op));
            return MdOp::Int { bits, value };
        }
        let function = !c::LLVMIsAFunction(op).is_null();
        if function || !c::LLVMIsAGlobalVariable(op).is_null() {
            let mut len = 0;
            let p = c::LLVMGetValueName2(op, &mut len);
            let name = if p.is_null() {
                String::new()
            } else {
                String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len)).into_owned()
            };
            return if function { MdOp::Function(name) } else { MdOp::Global(name) };
        }
    }
    MdOp::Other
}

/// Whether `v` wraps a metadata node (a tuple or a debug-info node), whose operands the C API can
/// list (`LLVMGetMDNodeOperands` casts without checking).
fn is_node(v: LLVMValueRef) -> bool {
    use llvm_sys::debuginfo::LLVMMetadataKind as K;
    // SAFETY: `v` is checked to be a non-null `MetadataAsValue` before its metadata is read.
    unsafe {
        if v.is_null() || c::LLVMGetValueKind(v) != llvm_sys::LLVMValueKind::LLVMMetadataAsValueValueKind {
            return false;
        }
        !matches!(
            llvm_sys::debuginfo::LLVMGetMetadataKind(c::LLVMValueAsMetadata(v)),
            K::LLVMMDStringMetadataKind
                | K::LLVMConstantAsMetadataMetadataKind
                | K::LLVMLocalAsMetadataMetadataKind
                | K::LLVMDistinctMDOperandPlaceholderMetadataKind
                | K::LLVMDIArgListMetadataKind
        )
    }
}

/// The operands of a node, classified; `None` when `node` is not a node.
pub fn node_operands(node: NodeRef) -> Option<Vec<MdOp>> {
    let v = node.0;
    // SAFETY: `v` is non-null (checked) and a metadata node (checked) before its operands are read;
    // the destination holds exactly the number of operands the node reports.
    unsafe {
        if !c::LLVMIsAValueAsMetadata(v).is_null() {
            // A one-constant tuple, canonicalized to its value (see `classify`).
            return Some(vec![classify(v)]);
        }
        if !is_node(v) {
            return None;
        }
        let n = c::LLVMGetMDNodeNumOperands(v) as usize;
        let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
        if n > 0 {
            c::LLVMGetMDNodeOperands(v, ops.as_mut_ptr());
        }
        Some(ops.into_iter().map(classify).collect())
    }
}

/// The nodes of the named metadata `name` (`!nvvm.annotations = !{!0, !1}`), each as its classified
/// operands. Absent metadata gives no nodes.
pub fn named_nodes(module: &Module<'_>, name: &str) -> Vec<Vec<MdOp>> {
    let Ok(cname) = CString::new(name) else { return Vec::new() };
    let module = module.as_mut_ptr();
    // SAFETY: a live module; the destination holds exactly the number of operands reported.
    let nodes = unsafe {
        let n = c::LLVMGetNamedMetadataNumOperands(module, cname.as_ptr()) as usize;
        let mut nodes: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
        if n > 0 {
            c::LLVMGetNamedMetadataOperands(module, cname.as_ptr(), nodes.as_mut_ptr());
        }
        nodes
    };
    nodes.into_iter().filter_map(|v| node_operands(NodeRef(v))).collect()
}

/// The operands of the `kind` metadata attached to instruction `inst` (`!range`, ...), if any.
pub fn attached(inst: LLVMValueRef, kind: &str) -> Option<Vec<MdOp>> {
    // SAFETY: `inst` is a live instruction; the kind name is passed with its length.
    unsafe {
        if inst.is_null() || c::LLVMIsAInstruction(inst).is_null() {
            return None;
        }
        let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(inst));
        let id = c::LLVMGetMDKindIDInContext(ctx, kind.as_ptr().cast(), kind.len() as u32);
        let md = c::LLVMGetMetadata(inst, id);
        if md.is_null() {
            return None;
        }
        node_operands(NodeRef(md))
    }
}

/// The debug location of an instruction as `file:line:col` (`line:col` when its scope names no
/// file), if it has one.
pub fn debug_location(inst: LLVMValueRef) -> Option<String> {
    use llvm_sys::debuginfo as di;
    // SAFETY: every metadata reference is checked for null before it is read; the location of an
    // instruction is a `DILocation` (the verifier requires it), whose scope is a `DIScope`.
    unsafe {
        if inst.is_null() || c::LLVMIsAInstruction(inst).is_null() {
            return None;
        }
        let loc = di::LLVMInstructionGetDebugLoc(inst);
        if loc.is_null() {
            return None;
        }
        let (line, col) = (di::LLVMDILocationGetLine(loc), di::LLVMDILocationGetColumn(loc));
        let scope = di::LLVMDILocationGetScope(loc);
        let file = if scope.is_null() { std::ptr::null_mut() } else { di::LLVMDIScopeGetFile(scope) };
        let mut name = String::new();
        if !file.is_null() {
            let mut len = 0;
            let p = di::LLVMDIFileGetFilename(file, &mut len);
            if !p.is_null() {
                name = String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len as usize)).into_owned();
            }
        }
        Some(if name.is_empty() { format!("{line}:{col}") } else { format!("{name}:{line}:{col}") })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;
    use inkwell::values::AsValueRef;

    const ODD: &str = r#"
target triple = "nvptx64-nvidia-cuda"
@g = global i32 0
define void @k(ptr %p) {
  %x = load i32, ptr %p, !range !9
  ret void
}
!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{null, !"kernel", i32 1}
!1 = !{}
!2 = !{ptr @k, !"maxntidx", i128 5, !"x", float 1.0, !{i32 1, i32 2}, ptr @g, null, !{i32 7}}
!3 = !{!"kernel", i64 -1, i1 true}
!9 = !{i32 0, i32 10}
"#;

    #[test]
    fn every_odd_operand_is_classified_without_crashing() {
        let ctx = Context::create();
        let m = crate::llvm::module::parse_module(&ctx, ODD.as_bytes(), "odd.ll").unwrap();
        let nodes = named_nodes(&m, "nvvm.annotations");
        assert_eq!(nodes.len(), 4);
        assert_eq!(nodes[0], [MdOp::Null, MdOp::Str("kernel".into()), MdOp::Int { bits: 32, value: Some(1) }]);
        assert!(nodes[1].is_empty());
        let n = &nodes[2];
        assert_eq!(n[0], MdOp::Function("k".into()));
        assert_eq!(n[2], MdOp::Int { bits: 128, value: None });
        assert_eq!((&n[4], &n[6], &n[7]), (&MdOp::Other, &MdOp::Global("g".into()), &MdOp::Null));
        let MdOp::Node(inner) = n[5] else { panic!("{:?}", n[5]) };
        assert_eq!(node_operands(inner).unwrap()[1], MdOp::Int { bits: 32, value: Some(2) });
        // LLVM's C API sees a one-constant tuple as the constant (llc reads it the same way).
        assert_eq!(n[8].as_u64(), Some(7));
        assert_eq!(nodes[3][1].as_u64(), Some(u64::MAX));
        assert_eq!(nodes[3][2].as_u64(), Some(1));
        assert!(named_nodes(&m, "no.such.metadata").is_empty());
        let f = m.get_function("k").unwrap();
        let load = f.get_first_basic_block().unwrap().get_first_instruction().unwrap();
        let range = attached(load.as_value_ref(), "range").unwrap();
        assert_eq!(range.iter().map(MdOp::as_u64).collect::<Vec<_>>(), [Some(0), Some(10)]);
        assert_eq!(attached(load.as_value_ref(), "noundef"), None);
        assert_eq!(debug_location(load.as_value_ref()), None);
    }

    #[test]
    fn debug_locations_with_and_without_a_file() {
        let ir = r#"
define void @f() !dbg !4 {
  ret void, !dbg !7
}
define void @g() !dbg !8 {
  ret void, !dbg !9
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = distinct !DISubprogram(name: "g", type: !5, unit: !0, spFlags: DISPFlagDefinition)
!9 = !DILocation(line: 4, column: 2, scope: !8)
"#;
        let ctx = Context::create();
        let m = crate::llvm::module::parse_module(&ctx, ir.as_bytes(), "dbg.ll").unwrap();
        let first = |name: &str| {
            m.get_function(name).unwrap().get_first_basic_block().unwrap().get_first_instruction().unwrap()
        };
        assert_eq!(debug_location(first("f").as_value_ref()).as_deref(), Some("k.cu:3:5"));
        assert_eq!(debug_location(first("g").as_value_ref()).as_deref(), Some("4:2"));
    }
}
