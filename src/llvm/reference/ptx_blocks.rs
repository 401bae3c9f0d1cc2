//! Inline PTX blocks in the reference: an `asm` call whose template is not one of `ptx.rs`'s
//! single instructions runs through the PTX-subset evaluator the interpreter also uses
//! (`ori::interp::ptx_block`). The semantics of the block itself are therefore shared with
//! ori's side; everything around it stays LLVM's own code.
//!
//! The call is replaced by
//!
//! ```text
//! store <input k as i64>, buf[nout + k]      ; a tied input initializes its output's slot
//! call void @ori.ref.asm(i32 <program>, ptr buf)
//! <output j> = load buf[j] (truncated / bitcast to its type; several form the struct result)
//! ```
//!
//! with `buf` an `[N x i64]` alloca in the function's entry block. `ori.ref.asm` runs program
//! number `<program>` of the CTA's list for the calling thread: memory accesses are host
//! accesses (the reference's addresses are host addresses), so only generic and `.global`
//! accesses are accepted; special registers read the thread's coordinates; after a strong
//! access, `membar`/`fence` or `nanosleep` the thread yields, as after a volatile access in the
//! IR. A fault (misaligned access, null address) fails the run with its reason.
//!
//! Operands: the constraints llc accepts (`r l f d h c b n i`, `=`/`=&` outputs, a digit ties an
//! input to an output: its `$k` is renamed to the output's, as the lowering does), of integer
//! (≤ 64 bits), `half`, `bfloat`, `float`, `double`, pointer or ≤ 64-bit vector type.

use super::sched;
use crate::ori::interp::ptx_block::{self, Env, Program};
use crate::ori::interp::{ThreadCtx, sreg_value};
use crate::ori::opcode::Space;
use crate::sreg::SpecialReg;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The bits of a value of type `t` passed through a slot (`None`: not passable).
fn bits_of(t: LLVMTypeRef) -> Option<u32> {
    unsafe {
        Some(match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(t),
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => 16,
            LLVMTypeKind::LLVMFloatTypeKind => 32,
            LLVMTypeKind::LLVMDoubleTypeKind => 64,
            LLVMTypeKind::LLVMPointerTypeKind => 64,
            LLVMTypeKind::LLVMVectorTypeKind => {
                let e = LLVMGetElementType(t);
                if LLVMGetTypeKind(e) == LLVMTypeKind::LLVMPointerTypeKind {
                    return None;
                }
                bits_of(e)? * LLVMGetVectorSize(t)
            }
            _ => return None,
        })
        .filter(|&b| (1..=64).contains(&b))
    }
}

/// The types of a call's results (none, one, or a struct's fields).
fn result_types(call: LLVMValueRef) -> Vec<LLVMTypeRef> {
    unsafe {
        let t = LLVMTypeOf(call);
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMVoidTypeKind => Vec::new(),
            LLVMTypeKind::LLVMStructTypeKind => {
                (0..LLVMCountStructElementTypes(t)).map(|k| LLVMStructGetTypeAtIndex(t, k)).collect()
            }
            _ => vec![t],
        }
    }
}

/// What the rewrite needs about one call: its program, output count and tied inputs.
pub(super) struct Block {
    pub program: Program,
    pub outputs: usize,
    /// Per input: the output it is tied to.
    pub tied: Vec<Option<usize>>,
}

/// The block of `asm` call `call` with `template` and constraints `cons`, or why the reference
/// cannot run it.
pub(super) fn block(call: LLVMValueRef, template: &str, cons: &str) -> Result<Block, String> {
    let mut outputs = 0;
    let mut tied: Vec<Option<usize>> = Vec::new();
    for c in cons.split(',').filter(|c| !c.starts_with("~{")) {
        if let Some(o) = c.strip_prefix('=') {
            let o = o.strip_prefix('&').unwrap_or(o);
            if !matches!(o, "r" | "l" | "f" | "d" | "h" | "c" | "b") {
                return Err(format!("constraint '{c}'"));
            }
            if !tied.is_empty() {
                return Err("an output constraint after an input".into());
            }
            outputs += 1;
        } else if let Ok(n) = c.parse::<usize>() {
            let t = Some(n).filter(|&n| n < outputs).ok_or(format!("constraint '{c}'"))?;
            tied.push(Some(t));
        } else if matches!(c, "r" | "l" | "f" | "d" | "h" | "c" | "b" | "n" | "i") {
            tied.push(None);
        } else {
            return Err(format!("constraint '{c}'"));
        }
    }
    let nargs = unsafe { LLVMGetNumArgOperands(call) } as usize;
    let results = result_types(call);
    if nargs != tied.len() || results.len() != outputs {
        return Err("operands that do not match the constraints".into());
    }
    for k in 0..nargs {
        if bits_of(unsafe { LLVMTypeOf(LLVMGetOperand(call, k as u32)) }).is_none() {
            return Err(format!("operand {k} of a type the reference cannot pass"));
        }
    }
    if results.iter().any(|&t| bits_of(t).is_none()) {
        return Err("a result of a type the reference cannot pass".into());
    }
    // A tied input names its output's register.
    let text = crate::ori::ir::substitute_asm_operands(template, "$$", |n| {
        let t = n.checked_sub(outputs).and_then(|k| tied.get(k).copied().flatten()).unwrap_or(n);
        Some(format!("${t}"))
    })
    .ok_or("a malformed operand")?;
    let program = ptx_block::parse(&text)?;
    if program.operands > outputs + nargs {
        return Err(format!("${} beyond the operands", program.operands - 1));
    }
    if let Some(s) = program.memory_spaces().into_iter().find(|s| !matches!(s, Space::Global | Space::Generic)) {
        return Err(format!("a {} access (host addresses are generic)", s.ptx()));
    }
    Ok(Block { program, outputs, tied })
}

/// Replaces `asm` call `call` by the call of `ori.ref.asm` (see the module documentation).
///
/// # Safety
/// `call` is a live call of inline asm that [`block`] accepted; `asm_fn` is `ori.ref.asm`.
pub(super) unsafe fn lower(
    ctx: LLVMContextRef,
    b: LLVMBuilderRef,
    asm_fn: (LLVMValueRef, LLVMTypeRef),
    call: LLVMValueRef,
    blk: &Block,
    id: u32,
) {
    unsafe {
        let i32t = LLVMInt32TypeInContext(ctx);
        let i64t = LLVMInt64TypeInContext(ctx);
        let n = c"".as_ptr();
        let slots = blk.program.operands.max(blk.outputs + blk.tied.len()).max(1);
        let arr = LLVMArrayType2(i64t, slots as u64);
        // The buffer lives in the entry block, so that a call in a loop does not grow the stack.
        let f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
        let entry = LLVMGetEntryBasicBlock(f);
        LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
        let buf = LLVMBuildAlloca(b, arr, c"asm.ops".as_ptr());
        LLVMPositionBuilderBefore(b, call);
        let slot = |k: usize| {
            let mut idx = [LLVMConstInt(i32t, 0, 0), LLVMConstInt(i32t, k as u64, 0)];
            LLVMBuildInBoundsGEP2(b, arr, buf, idx.as_mut_ptr(), 2, n)
        };
        for k in 0..slots {
            LLVMBuildStore(b, LLVMConstInt(i64t, 0, 0), slot(k));
        }
        for (k, t) in blk.tied.iter().enumerate() {
            let v = LLVMGetOperand(call, k as u32);
            let ty = LLVMTypeOf(v);
            let w = bits_of(ty).unwrap_or(64);
            let iw = LLVMIntTypeInContext(ctx, w);
            let x = match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMPointerTypeKind => LLVMBuildPtrToInt(b, v, i64t, n),
                LLVMTypeKind::LLVMIntegerTypeKind => v,
                _ => LLVMBuildBitCast(b, v, iw, n),
            };
            let x = if w < 64 { LLVMBuildZExt(b, x, i64t, n) } else { x };
            LLVMBuildStore(b, x, slot(t.unwrap_or(blk.outputs + k)));
            if t.is_some() {
                LLVMBuildStore(b, x, slot(blk.outputs + k));
            }
        }
        let mut args = [LLVMConstInt(i32t, id as u64, 0), buf];
        LLVMBuildCall2(b, asm_fn.1, asm_fn.0, args.as_mut_ptr(), 2, n);
        let results = result_types(call);
        let mut vals = Vec::new();
        for (k, &t) in results.iter().enumerate() {
            let x = LLVMBuildLoad2(b, i64t, slot(k), n);
            let w = bits_of(t).unwrap_or(64);
            let x = if w < 64 { LLVMBuildTrunc(b, x, LLVMIntTypeInContext(ctx, w), n) } else { x };
            vals.push(match LLVMGetTypeKind(t) {
                LLVMTypeKind::LLVMPointerTypeKind => LLVMBuildIntToPtr(b, x, t, n),
                LLVMTypeKind::LLVMIntegerTypeKind => x,
                _ => LLVMBuildBitCast(b, x, t, n),
            });
        }
        let ret = LLVMTypeOf(call);
        let new = match vals.len() {
            0 => None,
            1 if LLVMGetTypeKind(ret) != LLVMTypeKind::LLVMStructTypeKind => Some(vals[0]),
            _ => {
                let mut s = LLVMGetPoison(ret);
                for (k, v) in vals.into_iter().enumerate() {
                    s = LLVMBuildInsertValue(b, s, v, k as u32, n);
                }
                Some(s)
            }
        };
        if let Some(v) = new {
            LLVMReplaceAllUsesWith(call, v);
        }
        LLVMInstructionEraseFromParent(call);
    }
}

/// The calling thread's view for a block.
struct HostEnv {
    ctx: ThreadCtx,
}

/// Addresses below this are taken as null (a fault rather than a host crash).
const NULL_PAGE: u64 = 4096;

impl Env for HostEnv {
    fn load(&mut self, space: Space, addr: u64, bytes: u32, _strong: bool) -> Result<u128, String> {
        if !matches!(space, Space::Global | Space::Generic) || addr < NULL_PAGE || bytes > 16 {
            return Err(format!("load of {bytes} bytes at {addr:#x}"));
        }
        let mut b = [0u8; 16];
        // SAFETY: the reference's addresses are host addresses of the kernel's buffers (as for
        // the JIT-compiled loads around this block).
        unsafe { std::ptr::copy_nonoverlapping(addr as *const u8, b.as_mut_ptr(), bytes as usize) };
        Ok(u128::from_le_bytes(b))
    }

    fn store(&mut self, space: Space, addr: u64, bytes: u32, value: u128, _strong: bool) -> Result<(), String> {
        if !matches!(space, Space::Global | Space::Generic) || addr < NULL_PAGE || bytes > 16 {
            return Err(format!("store of {bytes} bytes at {addr:#x}"));
        }
        let b = value.to_le_bytes();
        // SAFETY: as for `load`.
        unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), addr as *mut u8, bytes as usize) };
        Ok(())
    }

    fn sreg(&mut self, r: SpecialReg) -> u64 {
        sreg_value(r, &self.ctx)
    }

    fn sync_point(&mut self) {
        sched::ori_ref_yield();
    }
}

/// `ori.ref.asm(id, ops)`: runs program `id` of the CTA on the `$k` slots at `ops`.
pub extern "C" fn ori_ref_asm(id: u32, ops: *mut u64) {
    let Some((b, i)) = sched::current() else { return };
    let Some(p) = b.asm_program(id) else {
        b.fail(format!("inline PTX block {id} is not known"));
        return;
    };
    let n = p.operands;
    // SAFETY: the rewritten IR passes a buffer of at least `operands` slots (see `lower`).
    let slots = unsafe { std::slice::from_raw_parts_mut(ops, n) };
    let mut env = HostEnv { ctx: b.ctx(i) };
    if let Err(e) = ptx_block::run(p, slots, &mut env) {
        b.fail(format!("inline PTX: {e}"));
    }
}
