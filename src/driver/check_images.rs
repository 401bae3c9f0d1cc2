//! Textures, surfaces and samplers in `ori check`: which handles a kernel uses, the image each
//! is bound to, and its contents per seed. The semantics of the instructions are the model of
//! `ori::interp::texture`, which the interpreter and the JIT reference share.
//!
//! # Handles
//!
//! - An `i64` kernel parameter is a handle when the kernel passes it (directly or through phis,
//!   selects and freezes) as the handle of a texture/surface intrinsic, or when
//!   `!nvvm.annotations` marks it (`rdoimage`: texture, `wroimage`/`rdwrimage`: surface,
//!   `sampler`). Its value is [`param_handle`](super::check_inputs::param_handle)`(index)`, the
//!   same in every run.
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

use super::check_inputs::{GlobalImage, Inputs, ParamKind, contents, seed_of};
use crate::llvm::reference::{RefArg, RefImage};
use crate::ori::interp::Machine;
use crate::ori::interp::texture::ImageSpec;
use crate::ori::ir::GlobalVar;
use crate::ori::lower::ffi::{self, Ty, V};
use crate::ori::lower::texsurf::Annotations;
use crate::ori::texsurf::{Channel, HandleKind, TexOp};
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue};
use std::collections::BTreeMap;

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
                    let callee = ffi::called_value(user);
                    let op = if ffi::is_inline_asm(callee) {
                        // clang's CUDA texture headers: inline PTX (`TexOp::from_asm`).
                        let (text, cons, _) = ffi::inline_asm(callee);
                        TexOp::from_inline_asm(&text, &cons)
                    } else {
                        TexOp::parse(&ffi::intrinsic_name(callee).unwrap_or_default()).ok().flatten()
                    };
                    let Some(op) = op else { continue };
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

/// Marks the parameters of kernel `f` that are handles as images.
pub fn mark_params(params: &mut [ParamKind], f: Option<FunctionValue<'_>>, ann: &Annotations) {
    let images = f.map(|f| param_images(f, ann)).unwrap_or_default();
    for (p, img) in params.iter_mut().zip(images) {
        if let Some(spec) = img {
            *p = ParamKind::Image(spec);
        }
    }
}

/// Adds the data of the module's images for seed `seed` to `inp`.
pub fn add_global_images(inp: &mut Inputs, images: &[GlobalImage], seed: u32) {
    let first = inp.scalars.len();
    inp.global_images = images
        .iter()
        .enumerate()
        .map(|(j, g)| (g.clone(), contents(&g.spec, seed_of(&g.name, first + j, seed))))
        .collect();
}

/// Binds the images of `inp` in the interpreter's memory: each image parameter's handle (its
/// scalar) to its buffer data, whose base goes to `bases`, and each variable's address (its
/// handle) to its image.
pub fn bind_images(machine: &mut Machine, inp: &Inputs, bases: &mut [Option<u64>]) {
    for (i, spec) in inp.images.iter().enumerate() {
        if let (Some(spec), Some(Some((_, data)))) = (spec, inp.buffers.get(i)) {
            bases[i] = Some(machine.bind_image(inp.scalars[i], *spec, &format!("arg{i}"), data.clone()));
        }
    }
    for (g, data) in &inp.global_images {
        if let Some((_, handle)) = machine.symbol(&g.name) {
            machine.bind_image(handle, g.spec, &format!("image @{}", g.name), data.clone());
        }
    }
}

/// The variables' images after a run, under the variables' names (as the JIT reference
/// reports them).
pub fn snapshot_images(machine: &Machine, inp: &Inputs, out: &mut BTreeMap<String, Vec<u8>>) {
    for (g, _) in &inp.global_images {
        let image = machine.symbol(&g.name).and_then(|(_, h)| machine.image(h)).and_then(|(_, b)| machine.buffer(b));
        if let Some(b) = image {
            out.insert(g.name.clone(), b.data.clone());
        }
    }
}

/// The JIT reference's argument for parameter `i` when it is an image.
pub fn ref_arg(inp: &Inputs, i: usize) -> Option<RefArg> {
    let spec = (*inp.images.get(i)?)?;
    let data = inp.buffers.get(i)?.as_ref()?.1.clone();
    Some(RefArg::Image { handle: *inp.scalars.get(i)?, spec, data })
}

/// The variables' images for the JIT reference.
pub fn ref_images(inp: &Inputs) -> Vec<RefImage> {
    inp.global_images
        .iter()
        .map(|(g, data)| RefImage { global: g.ir_name.clone(), spec: g.spec, data: data.clone() })
        .collect()
}

/// The 32-bit words of the variables' images that a run changed.
pub fn changed_words(inp: &Inputs, after: &BTreeMap<String, Vec<u8>>) -> usize {
    let mut n = 0;
    for (g, before) in &inp.global_images {
        if let Some(a) = after.get(&g.name) {
            n += before.chunks(4).zip(a.chunks(4)).filter(|(x, y)| x != y).count();
        }
    }
    n
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

#[cfg(test)]
mod check_tests {
    use crate::driver::check::{CheckOptions, Verdict, check_kernel, prepare};
    use crate::ori::opcode::Op;

    const KERNEL: &str = r#"
target triple = "nvptx64-nvidia-cuda"
@surf = addrspace(1) global i64 0
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.s32(i64, i32, i32)
declare void @llvm.nvvm.sust.b.2d.i32.trap(i64, i32, i32, i32)
declare i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1))
define ptx_kernel void @k(i64 %tex) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %v = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.s32(i64 %tex, i32 %x, i32 %y)
  %a = extractvalue { float, float, float, float } %v, 2
  %b = bitcast float %a to i32
  %h = call i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) @surf)
  %x4 = shl i32 %x, 2
  call void @llvm.nvvm.sust.b.2d.i32.trap(i64 %h, i32 %x4, i32 %y, i32 %b)
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr addrspace(1) @surf, !"surface", i32 1}
"#;

    #[test]
    fn the_jit_reference_checks_fetches_and_surface_contents() {
        let opts = CheckOptions { seeds: 1, ..Default::default() };
        let mut c = prepare(KERNEL.as_bytes(), "k.ll", &opts).unwrap();
        let r = check_kernel(&c, &c.kernels[0], &opts);
        assert_eq!(r.verdict, Verdict::Ok("jit; 256 output elements written".into()), "{r}");
        // Swapping a fetch's coordinates after lowering must show against the reference.
        let pre = c.kernels[0].pre.as_mut().unwrap();
        let tex = pre.blocks.iter_mut().flat_map(|b| &mut b.insts).find(|i| matches!(i.op, Op::TexSurf { .. }));
        tex.unwrap().srcs.swap(1, 2);
        let r = check_kernel(&c, &c.kernels[0], &opts);
        let Verdict::Mismatch(m) = &r.verdict else { panic!("expected a mismatch, got {r}") };
        assert!(m.starts_with("pre-RA vs LLVM reference: @surf"), "{m}");
    }
}
