//! Textures, surfaces and samplers (see `ori::texsurf` for the instructions and llc-19's PTX).
//!
//! - **Handles** are `i64` values: a kernel parameter (a CUDA `cudaTextureObject_t` /
//!   `cudaSurfaceObject_t`), or `llvm.nvvm.texsurf.handle.internal(@var)` of a module variable
//!   annotated `!{ptr addrspace(1) @var, !"texture"|"surface", i32 1}`, which becomes
//!   `mov.u64 %rd, var` as in llc-19 (and the variable `.global .texref var;` /
//!   `.global .surfref var;`, see `globals.rs`). Any other use of such a variable is refused: it
//!   has no storage in PTX. `"sampler"` variables (`.samplerref`) are refused: ptxas rejects them
//!   under the unified texture mode llc-19 assumes.
//! - **Kernel parameters** annotated `!{ptr @k, !"rdoimage"|"wroimage"|"rdwrimage"|"sampler",
//!   i32 <index>}` are declared `.param .u64 .ptr .texref` / `.surfref` / `.samplerref`, as
//!   llc-19 declares them; only `i64` parameters of kernels may carry them here.
//! - **Instructions**: one `Op::TexSurf` per intrinsic call, its sources the call's arguments
//!   (handles in registers, coordinates and values as they come), its destinations the results.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use crate::llvm::metadata::{self, MdOp};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::Op;
use crate::ori::texsurf::{HandleKind, TexOp};
use anyhow::Result;
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use std::collections::{BTreeMap, HashMap};

/// What `!nvvm.annotations` says about textures, surfaces and samplers.
#[derive(Debug, Default)]
pub struct Annotations {
    /// Module variables that are handles.
    pub globals: HashMap<V, HandleKind>,
    /// Per function (LLVM name): parameter index → what the parameter is.
    pub params: HashMap<String, BTreeMap<u32, HandleKind>>,
}

/// Reads the texture/surface/sampler entries of `!nvvm.annotations` (malformed ones are ignored,
/// as llc ignores them).
pub fn annotations(module: &Module<'_>) -> Annotations {
    let mut out = Annotations::default();
    for node in metadata::named_nodes(module, "nvvm.annotations") {
        let (Some(subject), rest) = (node.first(), node.get(1..).unwrap_or_default()) else { continue };
        for pair in rest.chunks_exact(2) {
            let (Some(word), Some(value)) = (pair[0].as_str(), pair[1].as_u64()) else { continue };
            match subject {
                MdOp::Global(name) => {
                    let kind = HandleKind::from_global_annotation(word).filter(|_| value == 1);
                    if let (Some(kind), Some(g)) = (kind, module.get_global(name)) {
                        out.globals.insert(V(g.as_value_ref()), kind);
                    }
                }
                MdOp::Function(name) => {
                    if let (Some(kind), Ok(index)) = (HandleKind::from_param_annotation(word), u32::try_from(value)) {
                        out.params.entry(name.clone()).or_default().insert(index, kind);
                    }
                }
                _ => {}
            }
        }
    }
    out
}

impl FnLowering<'_> {
    /// The PTX declaration type of kernel parameter `index` of type `ty` when an annotation
    /// makes it a handle (`.u64 .ptr .texref`); `None` for other parameters.
    pub(super) fn handle_param_type(&self, index: u32, ty: &Ty) -> Result<Option<&'static str>> {
        let Some(kind) = self.syms.texsurf.params.get(&self.ir_name).and_then(|p| p.get(&index)) else {
            return Ok(None);
        };
        if *ty != Ty::Int(64) {
            return Err(self.err(format!("{} annotation on parameter {index}, which is not an i64", kind.ptx_ref())));
        }
        Ok(Some(match kind {
            HandleKind::Texture => ".u64 .ptr .texref",
            HandleKind::Surface => ".u64 .ptr .surfref",
            HandleKind::Sampler => ".u64 .ptr .samplerref",
        }))
    }

    /// Refuses a `.texref`/`.surfref` variable used as a value: only its handle can be taken.
    pub(super) fn refuse_handle_variable(&self, v: V) -> Result<()> {
        match self.syms.texsurf.globals.get(&v) {
            Some(kind) => {
                Err(self.err(format!("use of the {} variable @{} other than its handle", kind.ptx_ref(), ffi::name(v))))
            }
            None => Ok(()),
        }
    }

    /// Lowers the intrinsic when it is a texture/surface one; `Ok(false)` leaves it to the
    /// caller.
    pub(super) fn lower_texsurf_intrinsic(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        if name.starts_with("llvm.nvvm.texsurf.handle.internal.") {
            let g = args.first().copied().filter(|&g| ffi::is_global_variable(g));
            let kind = g.and_then(|g| self.syms.texsurf.globals.get(&g).copied());
            let (Some(g), Some(_)) = (g, kind) else {
                return Err(self.err(format!("{name} of a value that is no variable annotated texture or surface")));
            };
            self.op(Op::Mov { w64: true }, d.to_vec(), vec![Operand::Symbol(self.syms.name(g))]);
            return Ok(true);
        }
        let op = match TexOp::parse(name) {
            Ok(Some(op)) => op,
            Ok(None) => return Ok(false),
            Err(what) => return Err(self.err(what)),
        };
        if args.len() != op.num_args() || d.len() != op.num_results() {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let handles = match op {
            TexOp::Tex { sampler: true, .. } | TexOp::Tld4 { sampler: true, .. } => 2,
            _ => 1,
        };
        let mut srcs = Vec::with_capacity(args.len());
        for (k, &a) in args.iter().enumerate() {
            let o = self.get1(a)?;
            srcs.push(if k < handles { self.handle_reg(o) } else { o });
        }
        self.op(Op::TexSurf { op }, d.to_vec(), srcs);
        Ok(true)
    }

    /// A handle operand in a register (PTX takes a register or a reference name there).
    fn handle_reg(&mut self, o: Operand) -> Operand {
        if matches!(o, Operand::Reg(_)) {
            return o;
        }
        let r = self.f.new_reg(RegFile::R, PairMode::Pair);
        self.op(Op::Mov { w64: true }, vec![Operand::Reg(r)], vec![o]);
        Operand::Reg(r)
    }
}
