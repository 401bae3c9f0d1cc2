//! Textures, surfaces and samplers in `ori check`: which handles a kernel uses, the image each
//! is bound to, and its contents per seed. The semantics of the instructions are the model of
//! `ori::interp::texture`, which the interpreter and the JIT reference share.
//!
//! # Handles
//!
//! - An `i64` kernel parameter is a handle when the kernel passes it (directly or through phis,
//!   selects and freezes) as the handle of a texture/surface intrinsic, or when
//!   `!nvvm.annotations` marks it (`rdoimage`: texture, `wroimage`/`rdwrimage`: surface,
//!   `sampler`). Its value is [`param_handle`]`(index)`, the same in every run.
//! - A module variable annotated `texture`/`surface` is a handle through
//!   `texsurf.handle.internal(@var)`; its value is the variable's address (in the interpreter
//!   and in the JIT alike, each its own), to which its image is bound.
//!
//! # Images
//!
//! The uses decide the shape ([`ImageSpec`]): the most dimensions any fetch or access uses (1D:
//! 1024 elements, 2D: 64 × 64, 3D: 16 × 16 × 16), 4 layers when some use is an array one, a
//! surface's element size the widest access (at least 1 byte), a texture's channels floats when a
//! fetch reads `.f32`. Each seed fills an image from the project's SplitMix64 seeded by the
//! kernel, the parameter (or variable) and the seed: float channels k/8 for k in [−32, 32),
//! integer channels and surface words uniformly in [0, 64). A sampler has no data.
//!
//! Surfaces are outputs: their final contents are compared like buffers (a parameter's as the
//! parameter's buffer, a variable's under the variable's name).

use super::check_inputs::{Elem, fill};
use crate::ori::interp::texture::ImageSpec;
use crate::ori::ir::GlobalVar;
use crate::ori::lower::ffi::{self, Ty, V};
use crate::ori::lower::texsurf::Annotations;
use crate::ori::texsurf::{Channel, HandleKind, TexOp};
use crate::rng::Rng;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue};

/// The handle value of kernel parameter `index` when it is a texture, surface or sampler.
pub fn param_handle(index: usize) -> u64 {
    0x7E70_0000_0000_0000 | (index as u64) << 8
}

/// The image of a module `.texref` / `.surfref` variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalImage {
    /// The PTX name (the interpreter's symbol) and the LLVM name (the JIT's).
    pub name: String,
    pub ir_name: String,
    pub spec: ImageSpec,
}

/// What the uses of a handle say.
#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    kind: Option<HandleKind>,
    dims: usize,
    array: bool,
    float: bool,
    elem_bytes: u32,
}

impl Usage {
    fn saw(&mut self, kind: HandleKind) {
        self.kind.get_or_insert(kind);
    }

    /// Records one use of the handle as argument `k` of `op`.
    fn record(&mut self, op: TexOp, k: usize) {
        match op {
            TexOp::Tex { sampler: true, .. } | TexOp::Tld4 { sampler: true, .. } if k == 1 => {
                self.saw(HandleKind::Sampler)
            }
            _ if k != 0 => {}
            TexOp::Tex { geom, chan, .. } => {
                self.saw(HandleKind::Texture);
                self.dims = self.dims.max(geom.dims());
                self.array |= geom.is_array();
                self.float |= chan == Channel::F32;
            }
            TexOp::Tld4 { chan, .. } => {
                self.saw(HandleKind::Texture);
                self.dims = self.dims.max(2);
                self.float |= chan == Channel::F32;
            }
            TexOp::Suld { geom, bits, vec, .. } | TexOp::Sust { geom, bits, vec, .. } => {
                self.saw(HandleKind::Surface);
                self.dims = self.dims.max(geom.dims());
                self.array |= geom.is_array();
                self.elem_bytes = self.elem_bytes.max(u32::from(bits / 8) * u32::from(vec));
            }
            TexOp::Query { surface, .. } => self.saw(if surface { HandleKind::Surface } else { HandleKind::Texture }),
            TexOp::IsType(_) => {}
        }
    }

    /// The image for these uses (`kind` when the uses name none).
    fn spec(&self, kind: Option<HandleKind>) -> Option<ImageSpec> {
        Some(match self.kind.or(kind)? {
            HandleKind::Texture => ImageSpec::texture(self.dims, self.array, self.float),
            HandleKind::Surface => ImageSpec::surface(self.dims, self.array, self.elem_bytes.max(1)),
            HandleKind::Sampler => ImageSpec::sampler(),
        })
    }
}

/// Adds the uses of `h` (through phis, selects and freezes) to `u`.
fn uses(h: V, u: &mut Usage) {
    use llvm_sys::LLVMOpcode as O;
    let mut seen = std::collections::HashSet::new();
    let mut work = vec![h];
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        let mut p = unsafe { llvm_sys::core::LLVMGetFirstUse(v.0) };
        while !p.is_null() {
            let user = V(unsafe { llvm_sys::core::LLVMGetUser(p) });
            p = unsafe { llvm_sys::core::LLVMGetNextUse(p) };
            if !ffi::is_instruction(user) {
                continue;
            }
            match ffi::opcode(user) {
                O::LLVMPHI | O::LLVMSelect | O::LLVMFreeze => work.push(user),
                O::LLVMCall => {
                    let name = ffi::intrinsic_name(ffi::called_value(user)).unwrap_or_default();
                    let Ok(Some(op)) = TexOp::parse(&name) else { continue };
                    for k in 0..ffi::num_operands(user).saturating_sub(1) {
                        if ffi::operand(user, k) == v {
                            u.record(op, k as usize);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// The image of each parameter of kernel `f` that is a handle (`None` for the others).
pub fn param_images(f: FunctionValue<'_>, ann: &Annotations) -> Vec<Option<ImageSpec>> {
    let name = f.get_name().to_string_lossy().into_owned();
    let marked = ann.params.get(&name);
    f.get_param_iter()
        .enumerate()
        .map(|(i, p)| {
            let v = V(p.as_value_ref());
            if ffi::classify(ffi::type_of(v)) != Ty::Int(64) {
                return None;
            }
            let mut u = Usage::default();
            uses(v, &mut u);
            u.spec(marked.and_then(|m| m.get(&(i as u32)).copied()))
        })
        .collect()
}

/// The images of the module's `.texref` / `.surfref` variables, from the uses of their handles
/// anywhere in the module.
pub fn global_images(module: &Module<'_>, globals: &[GlobalVar]) -> Vec<GlobalImage> {
    let mut out = Vec::new();
    for g in globals.iter().filter(|g| g.handle.is_some() && !g.external) {
        let Some(gv) = module.get_global(&g.ir_name) else { continue };
        let gv = V(gv.as_value_ref());
        let mut u = Usage::default();
        let mut p = unsafe { llvm_sys::core::LLVMGetFirstUse(gv.0) };
        while !p.is_null() {
            let user = V(unsafe { llvm_sys::core::LLVMGetUser(p) });
            p = unsafe { llvm_sys::core::LLVMGetNextUse(p) };
            let is_handle = ffi::is_instruction(user)
                && ffi::opcode(user) == llvm_sys::LLVMOpcode::LLVMCall
                && ffi::intrinsic_name(ffi::called_value(user))
                    .is_some_and(|n| n.starts_with("llvm.nvvm.texsurf.handle.internal."));
            if is_handle {
                uses(user, &mut u);
            }
        }
        if let Some(spec) = u.spec(g.handle) {
            out.push(GlobalImage { name: g.name.clone(), ir_name: g.ir_name.clone(), spec });
        }
    }
    out
}

/// An image's contents for one seed (`seed`: the input set's per-parameter seed).
pub fn contents(spec: &ImageSpec, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let elem = if spec.float { Elem::F32 } else { Elem::I32 };
    fill(elem, spec.bytes() / 4, &mut rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    const IR: &str = r#"
target triple = "nvptx64-nvidia-cuda"
@tex = addrspace(1) global i64 0
@surf = internal addrspace(1) global i64 0
declare { float, float, float, float } @llvm.nvvm.tex.unified.2d.array.v4f32.f32(i64, i32, float, float)
declare { i32, i32, i32, i32 } @llvm.nvvm.tex.1d.v4s32.s32(i64, i64, i32)
declare void @llvm.nvvm.sust.b.1d.v2i32.trap(i64, i32, i32, i32)
declare i32 @llvm.nvvm.suq.width(i64)
declare i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1))
define ptx_kernel void @k(i64 %t, i64 %s, i64 %smp, i64 %n, i64 %marked, i1 %c) {
  %a = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.array.v4f32.f32(i64 %t, i32 0, float 0.0, float 0.0)
  %b = call { i32, i32, i32, i32 } @llvm.nvvm.tex.1d.v4s32.s32(i64 %t, i64 %smp, i32 0)
  %h = select i1 %c, i64 %s, i64 %s
  call void @llvm.nvvm.sust.b.1d.v2i32.trap(i64 %h, i32 0, i32 1, i32 2)
  %g = call i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) @surf)
  %w = call i32 @llvm.nvvm.suq.width(i64 %g)
  ret void
}
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"rdoimage", i32 4}
!1 = !{ptr addrspace(1) @surf, !"surface", i32 1}
"#;

    #[test]
    fn uses_and_annotations_decide_the_images() {
        let ctx = inkwell::context::Context::create();
        let m = crate::llvm::module::parse_module(&ctx, IR.as_bytes(), "k.ll").unwrap();
        let ann = crate::ori::lower::texsurf::annotations(&m);
        let imgs = param_images(m.get_function("k").unwrap(), &ann);
        assert_eq!(imgs[0], Some(ImageSpec::texture(2, true, true)));
        assert_eq!(imgs[1], Some(ImageSpec::surface(1, false, 8)));
        assert_eq!(imgs[2], Some(ImageSpec::sampler()));
        assert_eq!(imgs[3], None, "a plain integer");
        assert_eq!(imgs[4], Some(ImageSpec::texture(0, false, false)), "annotated only");
        assert_eq!(imgs[5], None);
        let globals = vec![
            GlobalVar {
                name: "surf".into(),
                ir_name: "surf".into(),
                handle: Some(HandleKind::Surface),
                ..Default::default()
            },
            GlobalVar { name: "tex".into(), ir_name: "tex".into(), ..Default::default() },
        ];
        let g = global_images(&m, &globals);
        assert_eq!(g.len(), 1);
        assert_eq!((g[0].name.as_str(), g[0].spec), ("surf", ImageSpec::surface(0, false, 1)));
        let spec = imgs[0].unwrap();
        assert_eq!(contents(&spec, 1).len(), spec.bytes());
        assert_eq!(contents(&spec, 1), contents(&spec, 1));
    }
}
