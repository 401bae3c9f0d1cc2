//! The inputs of `ori check`: what each kernel parameter is, the values a caller could legally
//! pass for it, and the launch shape.
//!
//! # Parameters
//!
//! A parameter's kind comes from its LLVM type ([`param_kind`]): a pointer gets a buffer whose
//! element type is the most frequent scalar type loaded or stored through it; `i1` is a `bool`;
//! other integers and floats are scalars. Its attributes ([`ParamAttrs`], read from the printed
//! signature because the C API has no getter for `range`) restrict the values:
//!
//! - `i1` (a CUDA `bool`, `i1 noundef zeroext`): 0 or 1 only — a caller never passes anything else
//!   (the kernel reads bit 0 of the byte, as llc-19's `and 1` does);
//! - `range(iN lo, hi)`: the value lies in `[lo, hi)`;
//! - `signext` / `zeroext` on `i8` / `i16`: the value fits the type (non-negative, so either
//!   extension reads the same number);
//! - `dereferenceable(N)` on a pointer: the buffer has at least `N` bytes; `align N`: every buffer
//!   starts at a 16 MiB boundary, which satisfies any alignment;
//! - `noundef`: every value given is defined anyway;
//! - a `byval` struct gets the parameter's value in its first bytes on both sides (the
//!   interpreter's constant bank, the JIT reference's copy) and zeros after: an integer, or a
//!   buffer when the struct starts with a pointer.
//!
//! # Seeds
//!
//! Each kernel runs on `--seeds N` input sets (default 3). Seed `s` fills every buffer from the
//! project's SplitMix64 ([`crate::rng`]) seeded by the kernel name, the parameter index and `s`:
//! integers uniformly in [0, 64) (bytes: [0, 256)), floats k/8 for k in [−32, 32). Integer
//! parameters are `--int-param` (100) in seed 0 — or every seed when the option is given — and
//! random in seed `s > 0`: [1, 64] when `s % 3 = 1`, [64, 1024] when `s % 3 = 2`, [0, 16] when
//! `s % 3 = 0`, reduced into the parameter's type and range (modulo their span). `bool` parameter `i` is `(s + i) % 2`,
//! so every bool is both 0 and 1 within two seeds. Float parameters are 1.5 (f64: 0.75; f16 and
//! bf16: 1.5).
//!
//! # Launch
//!
//! Blocks of 64 threads, or 16×16 (8×4×4) when the kernel reads y (z) thread indices or extents;
//! grids of 2 CTAs, or 2×2 (2×2×2) when it reads y (z) CTA indices or extents. `reqntid` sets the
//! block, `maxntid` caps it; then the range facts
//! the IR states on the special registers bound each dimension ([`LaunchFacts`]: `!range` metadata
//! or a `range` return attribute on `ntid`/`tid`/`nctaid`/`ctaid` reads). 8 KiB of dynamic shared
//! memory.

use crate::llvm::launch_bounds::LaunchBounds;
use crate::llvm::metadata;
use crate::ori::interp::texture::ImageSpec;
use crate::ori::interp::{self, Launch};
use crate::ori::ir::{Function, Operand};
use crate::ori::lower::ffi::{self, Ty, V};
use crate::rng::Rng;
use crate::sreg::{Dim, SpecialReg};
use inkwell::values::{AsValueRef, FunctionValue};
use std::collections::BTreeMap;

/// Element type of a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Elem {
    I8,
    I16,
    I32,
    I64,
    F16,
    BF16,
    F32,
    F64,
}

impl Elem {
    pub fn bytes(self) -> usize {
        match self {
            Elem::I8 => 1,
            Elem::I16 | Elem::F16 | Elem::BF16 => 2,
            Elem::I32 | Elem::F32 => 4,
            Elem::I64 | Elem::F64 => 8,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Elem::I8 => "i8",
            Elem::I16 => "i16",
            Elem::I32 => "i32",
            Elem::I64 => "i64",
            Elem::F16 => "f16",
            Elem::BF16 => "bf16",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::BF16 | Elem::F32 | Elem::F64)
    }
}

/// What a kernel parameter is, from its LLVM type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A pointer: gets a buffer of this element type.
    Buffer(Elem),
    Int,
    /// `i1`: 0 or 1.
    Bool,
    F16,
    BF16,
    F32,
    F64,
    /// A texture, surface or sampler handle (`check_images.rs`): bound to an image of this shape.
    Image(ImageSpec),
}

/// The attributes of a parameter that restrict its legal values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamAttrs {
    /// Integer width (0 for non-integers).
    pub bits: u32,
    pub signext: bool,
    pub zeroext: bool,
    pub noundef: bool,
    pub byval: bool,
    pub align: Option<u64>,
    pub dereferenceable: Option<u64>,
    /// `range(iN lo, hi)`: `[lo, hi)` as signed values (may wrap, as in LLVM).
    pub range: Option<(i128, i128)>,
}

fn elem_of(t: &Ty) -> Option<Elem> {
    Some(match t {
        Ty::I1 | Ty::Int(8) => Elem::I8,
        Ty::Int(16) => Elem::I16,
        Ty::Int(32) => Elem::I32,
        Ty::Int(64) | Ty::Ptr(_) => Elem::I64,
        Ty::F16 => Elem::F16,
        Ty::BF16 => Elem::BF16,
        Ty::F32 => Elem::F32,
        Ty::F64 => Elem::F64,
        Ty::Vector(e, _) => return elem_of(e),
        Ty::Struct(fs) => return fs.iter().find_map(elem_of),
        _ => return None,
    })
}

/// A parameter's kind; a pointer's element type is the most frequent scalar type loaded or stored
/// through it (following GEPs, casts, phis and selects), `i32` when nothing is accessed.
pub fn param_kind(p: V) -> ParamKind {
    use llvm_sys::LLVMOpcode as O;
    match ffi::classify(ffi::type_of(p)) {
        Ty::Ptr(_) => {}
        Ty::I1 => return ParamKind::Bool,
        Ty::F16 => return ParamKind::F16,
        Ty::BF16 => return ParamKind::BF16,
        Ty::F32 => return ParamKind::F32,
        Ty::F64 => return ParamKind::F64,
        _ => return ParamKind::Int,
    }
    if let Some(first_is_pointer) = byval_first_field_is_pointer(p)
        && !first_is_pointer
    {
        // A byval struct holds the value in its first bytes on both sides (the interpreter's
        // constant bank, the JIT reference's copy): an integer, unless the struct starts with a
        // pointer, which then points to a buffer on each side.
        return ParamKind::Int;
    }
    let mut counts: BTreeMap<Elem, usize> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut work = vec![p];
    let mut count = |t: &Ty| {
        if let Some(e) = elem_of(t) {
            *counts.entry(e).or_default() += 1;
        }
    };
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        for user in ffi::users(v) {
            if !ffi::is_instruction(user) {
                continue;
            }
            let ty = |x: V| ffi::classify(ffi::type_of(x));
            match ffi::opcode(user) {
                O::LLVMGetElementPtr if ffi::operand(user, 0) == v => work.push(user),
                O::LLVMBitCast | O::LLVMAddrSpaceCast | O::LLVMPHI | O::LLVMSelect | O::LLVMFreeze => work.push(user),
                O::LLVMLoad => count(&ty(user)),
                O::LLVMStore if ffi::operand(user, 1) == v => count(&ty(ffi::operand(user, 0))),
                O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg if ffi::operand(user, 0) == v => {
                    count(&ty(ffi::operand(user, 1)))
                }
                O::LLVMCall => {
                    let callee = ffi::called_value(user);
                    if ffi::intrinsic_name(callee).is_some_and(|n| n.starts_with("llvm.nvvm.ldg")) {
                        count(&ty(user));
                    }
                }
                _ => {}
            }
        }
    }
    let best = counts.iter().max_by_key(|(e, n)| (**n, std::cmp::Reverse(**e))).map(|(e, _)| *e);
    ParamKind::Buffer(best.unwrap_or(Elem::I32))
}

/// For a byval parameter, whether the scalar at byte 0 of its type is a pointer (`None`: not
/// byval).
fn byval_first_field_is_pointer(p: V) -> Option<bool> {
    use llvm_sys::LLVMTypeKind as K;
    use llvm_sys::core::*;
    // SAFETY: `p` is a live value; only attributes and types are read.
    unsafe {
        if LLVMIsAArgument(p.0).is_null() {
            return None;
        }
        let f = LLVMGetParamParent(p.0);
        let index = (0..LLVMCountParams(f)).find(|&k| LLVMGetParam(f, k) == p.0)?;
        let kind = LLVMGetEnumAttributeKindForName(c"byval".as_ptr(), 5);
        let attr = LLVMGetEnumAttributeAtIndex(f, index + 1, kind);
        if attr.is_null() {
            return None;
        }
        let mut ty = LLVMGetTypeAttributeValue(attr);
        loop {
            match LLVMGetTypeKind(ty) {
                K::LLVMStructTypeKind if LLVMCountStructElementTypes(ty) > 0 => ty = LLVMStructGetTypeAtIndex(ty, 0),
                K::LLVMArrayTypeKind => ty = LLVMGetElementType(ty),
                K::LLVMPointerTypeKind => return Some(true),
                _ => return Some(false),
            }
        }
    }
}

/// Splits a printed parameter list at its top-level commas.
fn split_params(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, ch) in list.char_indices() {
        match ch {
            '(' | '{' | '[' | '<' => depth += 1,
            ')' | '}' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(list[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !list[start..].trim().is_empty() {
        out.push(list[start..].trim());
    }
    out
}

/// The attributes of one printed parameter (`i32 noundef range(i32 0, 10) %n`).
pub fn parse_param_attrs(text: &str) -> ParamAttrs {
    let mut a = ParamAttrs::default();
    let words: Vec<&str> = text.split_whitespace().collect();
    if let Some(b) = words.first().and_then(|t| t.strip_prefix('i')).and_then(|b| b.parse().ok()) {
        a.bits = b;
    }
    a.signext = words.contains(&"signext");
    a.zeroext = words.contains(&"zeroext");
    a.noundef = words.contains(&"noundef");
    a.byval = text.contains("byval(");
    if let Some(k) = words.iter().position(|w| *w == "align") {
        a.align = words.get(k + 1).and_then(|n| n.parse().ok());
    }
    let inside = |key: &str| -> Option<&str> {
        let start = text.find(key)? + key.len();
        Some(&text[start..start + text[start..].find(')')?])
    };
    a.dereferenceable = inside("dereferenceable(").and_then(|n| n.trim().parse().ok());
    if let Some(body) = inside(" range(") {
        // `i32 0, 10`
        let vals = body.split_once(' ').map(|(_, v)| v);
        if let Some((lo, hi)) = vals.and_then(|v| v.split_once(','))
            && let (Ok(lo), Ok(hi)) = (lo.trim().parse::<i128>(), hi.trim().parse::<i128>())
        {
            a.range = Some((lo, hi));
        }
    }
    a
}

/// The attributes of every parameter of `f`, from its printed signature.
pub fn param_attrs(f: FunctionValue<'_>) -> Vec<ParamAttrs> {
    let n = f.count_params() as usize;
    let fv = V(f.as_value_ref());
    let printed = ffi::value_string(fv);
    let header = printed.lines().find(|l| l.starts_with("define") || l.starts_with("declare")).unwrap_or("");
    let name = format!("@{}(", ffi::name(fv));
    let mut out = Vec::new();
    if let Some(start) = header.find(&name).map(|i| i + name.len()) {
        // The parameter list ends at the parenthesis that closes the one after the name.
        let mut depth = 1;
        let mut end = header.len();
        for (i, ch) in header[start..].char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = start + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        out = split_params(&header[start..end]).into_iter().map(parse_param_attrs).collect();
    }
    out.resize(n, ParamAttrs::default());
    out
}

/// What the IR states about the launch dimensions: per dimension, the inclusive bounds of the block
/// and grid extents implied by range facts on the special-register reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchFacts {
    pub block: [(u32, u32); 3],
    pub grid: [(u32, u32); 3],
}

impl Default for LaunchFacts {
    fn default() -> Self {
        LaunchFacts { block: [(1, u32::MAX); 3], grid: [(1, u32::MAX); 3] }
    }
}

/// The `[lo, hi)` hull of the `!range` metadata and `range` return attribute of a call, as
/// unsigned values (`None` when absent, wrapping or unreadable).
fn call_range(call: V) -> Option<(u64, u64)> {
    let mut hull: Option<(u64, u64)> = None;
    let mut add = |lo: u64, hi: u64| {
        if lo < hi {
            hull = Some(hull.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
        }
    };
    if let Some(ops) = metadata::attached(call.0, "range") {
        for pair in ops.chunks_exact(2) {
            if let (Some(lo), Some(hi)) = (pair[0].as_u64(), pair[1].as_u64()) {
                add(lo, hi);
            }
        }
    }
    let text = ffi::value_string(call);
    if let Some(start) = text.find(" range(i").map(|i| i + " range(".len())
        && let Some(end) = text[start..].find(')')
        && let Some((_, vals)) = text[start..start + end].split_once(' ')
        && let Some((lo, hi)) = vals.split_once(',')
        && let (Ok(lo), Ok(hi)) = (lo.trim().parse::<u64>(), hi.trim().parse::<u64>())
    {
        add(lo, hi);
    }
    hull
}

/// Reads the launch facts of kernel `f`: `ntid.d ∈ [lo, hi)` bounds the block extent to
/// `[lo, hi − 1]`, `tid.d < hi` to at most `hi`; likewise `nctaid`/`ctaid` for the grid.
pub fn launch_facts(f: FunctionValue<'_>) -> LaunchFacts {
    let mut facts = LaunchFacts::default();
    for bb in f.get_basic_block_iter() {
        for inst in bb.get_instructions() {
            let inst = V(inst.as_value_ref());
            if ffi::opcode(inst) != llvm_sys::LLVMOpcode::LLVMCall {
                continue;
            }
            let Some(name) = ffi::intrinsic_name(ffi::called_value(inst)) else { continue };
            let Some(sr) = SpecialReg::from_intrinsic(&name) else { continue };
            let Some((lo, hi)) = call_range(inst) else { continue };
            let clamp = |v: u64| v.min(u32::MAX as u64) as u32;
            let (slot, extent) = match sr {
                SpecialReg::Ntid(d) if d != Dim::W => (&mut facts.block[d.index()], true),
                SpecialReg::Tid(d) if d != Dim::W => (&mut facts.block[d.index()], false),
                SpecialReg::Nctaid(d) if d != Dim::W => (&mut facts.grid[d.index()], true),
                SpecialReg::Ctaid(d) if d != Dim::W => (&mut facts.grid[d.index()], false),
                _ => continue,
            };
            if extent {
                slot.0 = slot.0.max(clamp(lo.max(1)));
                slot.1 = slot.1.min(clamp(hi - 1));
            } else {
                slot.1 = slot.1.min(clamp(hi));
            }
        }
    }
    facts
}

/// The launch for a kernel: by the dimensions its special registers (and those of the device
/// functions it may call) use, then its bounds.
pub fn launch_for(funcs: &[&Function], bounds: Option<&LaunchBounds>) -> Launch {
    launch_with_facts(funcs, bounds, &LaunchFacts::default())
}

/// [`launch_for`], then each dimension brought within the IR's range facts.
pub fn launch_with_facts(funcs: &[&Function], bounds: Option<&LaunchBounds>, facts: &LaunchFacts) -> Launch {
    // Block dimensions by the thread indices and extents read, grid dimensions by the CTA ones
    // (a kernel may read `tid.y` through a cooperative-groups rank and still index by `ctaid.x`).
    let (mut bdims, mut gdims) = (1, 1);
    for i in funcs.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.insts) {
        for o in &i.srcs {
            let rank = |d: &Dim| match d {
                Dim::Y => 2,
                Dim::Z => 3,
                Dim::X | Dim::W => 1,
            };
            match o {
                Operand::SReg(SpecialReg::Tid(d) | SpecialReg::Ntid(d)) => bdims = bdims.max(rank(d)),
                Operand::SReg(SpecialReg::Ctaid(d) | SpecialReg::Nctaid(d)) => gdims = gdims.max(rank(d)),
                Operand::CBank { bank: 0, offset: 0x4 } => bdims = bdims.max(2),
                Operand::CBank { bank: 0, offset: 0x8 } => bdims = bdims.max(3),
                Operand::CBank { bank: 0, offset: 0x10 } => gdims = gdims.max(2),
                Operand::CBank { bank: 0, offset: 0x14 } => gdims = gdims.max(3),
                _ => {}
            }
        }
    }
    let mut block = match bdims {
        1 => [64, 1, 1],
        2 => [16, 16, 1],
        _ => [8, 4, 4],
    };
    let mut grid = match gdims {
        1 => [2, 1, 1],
        2 => [2, 2, 1],
        _ => [2, 2, 2],
    };
    if let Some(b) = bounds {
        let given = |d: &[Option<u32>; 3]| d.iter().any(Option::is_some).then(|| d.map(|x| x.unwrap_or(1)));
        if let Some(r) = given(&b.reqntid) {
            block = r;
        } else if let Some(m) = given(&b.maxntid)
            && m.iter().product::<u32>() < block.iter().product::<u32>()
        {
            block = m;
        }
    }
    for d in 0..3 {
        let (lo, hi) = facts.block[d];
        if lo <= hi {
            block[d] = block[d].clamp(lo, hi);
        }
        let (lo, hi) = facts.grid[d];
        if lo <= hi {
            grid[d] = grid[d].clamp(lo, hi);
        }
    }
    Launch { grid, block, dynamic_shared: 8192 }
}

/// The image of a module `.texref` / `.surfref` variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalImage {
    /// The PTX name (the interpreter's symbol) and the LLVM name (the JIT's).
    pub name: String,
    pub ir_name: String,
    pub spec: ImageSpec,
}

/// Inputs of one kernel run: buffer contents per parameter (None for scalars) and scalar values;
/// an image parameter has its image's data as its buffer and its handle as its scalar.
#[derive(Clone, Debug)]
pub struct Inputs {
    pub buffers: Vec<Option<(Elem, Vec<u8>)>>,
    pub scalars: Vec<u64>,
    /// Per parameter: the image it is the handle of.
    pub images: Vec<Option<ImageSpec>>,
    /// The images of the module's `.texref` / `.surfref` variables and their data.
    pub global_images: Vec<(GlobalImage, Vec<u8>)>,
}

/// The seed of parameter `k` of kernel `name` in input set `seed`.
pub(super) fn seed_of(name: &str, k: usize, seed: u32) -> u64 {
    let h = name.bytes().fold(0xCBF2_9CE4_8422_2325u64 ^ k as u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01B3));
    h ^ (seed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Random contents of a buffer of `n` elements.
pub(super) fn fill(elem: Elem, n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * elem.bytes());
    for _ in 0..n {
        let r = rng.next_u64();
        let small = r % 64;
        let real = ((r % 64) as i64 - 32) as f64 / 8.0;
        match elem {
            Elem::I8 => out.push(r as u8),
            Elem::I16 => out.extend_from_slice(&(small as u16).to_le_bytes()),
            Elem::I32 => out.extend_from_slice(&(small as u32).to_le_bytes()),
            Elem::I64 => out.extend_from_slice(&small.to_le_bytes()),
            Elem::F16 => out.extend_from_slice(&interp::float::f64_to_f16(real).to_le_bytes()),
            Elem::BF16 => out.extend_from_slice(&interp::float::f64_to_bf16(real).to_le_bytes()),
            Elem::F32 => out.extend_from_slice(&(real as f32).to_le_bytes()),
            Elem::F64 => out.extend_from_slice(&real.to_le_bytes()),
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

/// The handle value of kernel parameter `index` when it is a texture, surface or sampler.
pub fn param_handle(index: usize) -> u64 {
    0x7E70_0000_0000_0000 | (index as u64) << 8
}

/// An integer parameter's value in seed `seed` (before the type and range reduction).
fn int_value(seed: u32, fixed: Option<u64>, rng: &mut Rng) -> u64 {
    if let Some(v) = fixed {
        return v;
    }
    match seed % 3 {
        _ if seed == 0 => 100,
        1 => 1 + rng.below(64) as u64,
        2 => 64 + rng.below(961) as u64,
        _ => rng.below(17) as u64,
    }
}

/// Brings `v` within the parameter's type (non-negative, so sign and zero extension agree) and
/// its `range` attribute, by reducing it modulo the allowed span (so the values of different seeds
/// stay spread over the range rather than pile up at one end).
fn legal_int(v: u64, a: &ParamAttrs) -> u64 {
    let mut v = v as i128;
    if (1..64).contains(&a.bits) {
        v = v.rem_euclid(1i128 << (a.bits - 1));
    }
    if let Some((lo, hi)) = a.range
        && lo < hi
        && !(lo..hi).contains(&v)
    {
        v = lo + (v - lo).rem_euclid(hi - lo);
    }
    v as u64
}

/// The inputs of input set `seed`: integer parameters are `fixed` when given (the `--int-param`
/// value, or a smaller fallback after a fault), else per the module documentation.
pub fn inputs(
    name: &str,
    params: &[ParamKind],
    attrs: &[ParamAttrs],
    elements: usize,
    seed: u32,
    fixed: Option<u64>,
) -> Inputs {
    let mut buffers = Vec::new();
    let mut scalars = Vec::new();
    let mut image_specs = vec![None; params.len()];
    for (i, p) in params.iter().enumerate() {
        let mut rng = Rng::new(seed_of(name, i, seed));
        let a = attrs.get(i).cloned().unwrap_or_default();
        match p {
            ParamKind::Buffer(e) => {
                let need = a.dereferenceable.unwrap_or(0).div_ceil(e.bytes() as u64) as usize;
                buffers.push(Some((*e, fill(*e, elements.max(need), &mut rng))));
                scalars.push(0);
            }
            ParamKind::Bool => {
                buffers.push(None);
                scalars.push(((seed as usize + i) % 2) as u64);
            }
            ParamKind::Int => {
                buffers.push(None);
                scalars.push(legal_int(int_value(seed, fixed, &mut rng), &a));
            }
            ParamKind::F16 => {
                buffers.push(None);
                scalars.push(0x3E00);
            }
            ParamKind::BF16 => {
                buffers.push(None);
                scalars.push(0x3FC0);
            }
            ParamKind::F32 => {
                buffers.push(None);
                scalars.push(1.5f32.to_bits() as u64);
            }
            ParamKind::F64 => {
                buffers.push(None);
                scalars.push(0.75f64.to_bits());
            }
            ParamKind::Image(spec) => {
                let elem = if spec.float { Elem::F32 } else { Elem::I32 };
                buffers.push(Some((elem, contents(spec, seed_of(name, i, seed)))));
                scalars.push(param_handle(i));
                image_specs[i] = Some(*spec);
            }
        }
    }
    Inputs { buffers, scalars, images: image_specs, global_images: Vec::new() }
}

/// One line saying what a kernel ran on: seeds, launch and the scalar values per seed.
pub fn describe_runs(launch: &Launch, names: &[String], params: &[ParamKind], runs: &[Inputs]) -> String {
    let dims = |d: [u32; 3]| format!("{}x{}x{}", d[0], d[1], d[2]);
    let mut s = format!(
        "inputs: {} seed{}; grid {}, block {}",
        runs.len(),
        if runs.len() == 1 { "" } else { "s" },
        dims(launch.grid),
        dims(launch.block)
    );
    for (i, p) in params.iter().enumerate() {
        if let ParamKind::Image(spec) = p {
            // The image model of `ori::interp::texture`, which the JIT reference shares.
            let name = names.get(i).cloned().unwrap_or_else(|| format!("arg{i}"));
            s += &format!("; {name} = {}", spec.describe());
            continue;
        }
        if !matches!(p, ParamKind::Int | ParamKind::Bool) {
            continue;
        }
        let vals: Vec<String> = runs.iter().map(|r| r.scalars.get(i).copied().unwrap_or(0).to_string()).collect();
        let name = names.get(i).cloned().unwrap_or_else(|| format!("arg{i}"));
        s += &format!("; {name} = {}", vals.join(", "));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_parameter_attributes_are_read() {
        let list = "ptr addrspace(1) noundef align 16 dereferenceable(64) %p, i1 noundef zeroext %b, \
                    ptr byval({ i32, float }) align 4 %s, i32 noundef range(i32 -4, 10) %n, i8 signext %c";
        let ps: Vec<ParamAttrs> = split_params(list).into_iter().map(parse_param_attrs).collect();
        assert_eq!(ps.len(), 5);
        assert_eq!((ps[0].align, ps[0].dereferenceable, ps[0].noundef), (Some(16), Some(64), true));
        assert!(ps[1].zeroext && ps[1].bits == 1);
        assert!(ps[2].byval && ps[2].align == Some(4));
        assert_eq!((ps[3].bits, ps[3].range), (32, Some((-4, 10))));
        assert!(ps[4].signext && ps[4].bits == 8);
    }

    #[test]
    fn values_are_legal_for_their_parameter() {
        let a = ParamAttrs { bits: 32, range: Some((0, 10)), ..Default::default() };
        assert_eq!(legal_int(100, &a), 0);
        assert_eq!(legal_int(7, &a), 7);
        let byte = ParamAttrs { bits: 8, signext: true, ..Default::default() };
        assert_eq!(legal_int(300, &byte), 300 % 128);
        let params = [ParamKind::Bool, ParamKind::Int, ParamKind::Buffer(Elem::I32)];
        let attrs = [
            ParamAttrs { bits: 1, ..Default::default() },
            ParamAttrs { bits: 32, ..Default::default() },
            ParamAttrs { dereferenceable: Some(4096), ..Default::default() },
        ];
        let runs: Vec<Inputs> = (0..3).map(|s| inputs("k", &params, &attrs, 16, s, None)).collect();
        // Both values of the bool within the seeds; the int is 100 in seed 0 and varies after.
        assert_eq!(runs.iter().map(|r| r.scalars[0]).collect::<Vec<_>>(), [0, 1, 0]);
        assert_eq!(runs[0].scalars[1], 100);
        assert!((1..=64).contains(&runs[1].scalars[1]) && (64..=1024).contains(&runs[2].scalars[1]));
        // dereferenceable(4096) makes the 16-element buffer 1024 elements long.
        assert_eq!(runs[0].buffers[2].as_ref().unwrap().1.len(), 4096);
        assert_ne!(runs[0].buffers[2], runs[1].buffers[2], "each seed fills buffers differently");
        let again = inputs("k", &params, &attrs, 16, 1, None);
        assert_eq!((again.scalars, again.buffers), (runs[1].scalars.clone(), runs[1].buffers.clone()));
        // `--int-param` fixes the integers of every seed.
        assert_eq!(inputs("k", &params, &attrs, 16, 2, Some(7)).scalars[1], 7);
    }

    #[test]
    fn range_facts_bound_the_launch() {
        let ir = r#"
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range !0
  %n = call range(i32 1, 3) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
!0 = !{i32 0, i32 32}
"#;
        let ctx = inkwell::context::Context::create();
        let m = crate::llvm::module::parse_module(&ctx, ir.as_bytes(), "k.ll").unwrap();
        let f = m.get_function("k").unwrap();
        let facts = launch_facts(f);
        assert_eq!(param_attrs(f).len(), 1);
        assert_eq!(facts.block[0], (1, 32));
        assert_eq!(facts.grid[0], (1, 2));
        let func = crate::ori::ir::Function::default();
        let l = launch_with_facts(&[&func], None, &facts);
        assert_eq!((l.block, l.grid), ([32, 1, 1], [2, 1, 1]));
    }
}
