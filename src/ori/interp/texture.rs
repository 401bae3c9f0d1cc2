//! Texture and surface memory as `ori check` models it, shared by the interpreter and the LLVM
//! JIT reference (both call [`execute`] for every texture/surface instruction, with their own
//! [`ImageMemory`]).
//!
//! A GPU texture is an opaque object with a format, a sampler state and cached, filtered reads;
//! the check needs only something deterministic that both sides read the same way and that
//! tells coordinates, channels and layers apart. The model:
//!
//! - **Handles** are 64-bit values bound to an image ([`ImageSpec`]): a kernel parameter gets
//!   the value the checker passes, a module `.texref`/`.surfref` variable the address of its
//!   symbol. An unbound handle, or one of the wrong kind, faults.
//! - **Textures** are `layers` arrays of `depth` × `height` × `width` texels of four 32-bit
//!   channels (16 bytes, x fastest). A fetch returns the four channel words as they are, whatever
//!   the result type (`.f32`, `.s32`, `.u32` reinterpret the same bits: a texture of 32-bit
//!   channels read in its own format). The sampler state is fixed: unnormalized coordinates,
//!   nearest (point) filtering, clamp-to-edge addressing — an integer coordinate selects that
//!   texel, a float coordinate `x` texel `floor(x)` (NaN: 0), each then clamped into
//!   `[0, extent − 1]`; an array layer (an unsigned integer) is clamped into `[0, layers − 1]`.
//!   There is one mipmap level: `tex.level` and `tex.grad` read it whatever the level or
//!   gradients. The sampler handle of a non-unified fetch is not read.
//! - **`tld4`** returns one channel of the four texels of the 2D bilinear footprint of `(x, y)`:
//!   with `i0 = floor(x − 0.5)`, `j0 = floor(y − 0.5)`, `i1 = i0 + 1`, `j1 = j0 + 1`, the texels
//!   `(i0, j1), (i1, j1), (i1, j0), (i0, j0)` in that order (PTX: counter-clockwise from the lower
//!   left), each clamped.
//! - **Surfaces** are `layers` × `depth` × `height` rows of `width` elements of `elem_bytes`
//!   bytes. `suld.b`/`sust.b` address the row by a byte offset `x` (PTX: not scaled) and access
//!   the size of their data. An access must be aligned to its size (PTX: undefined otherwise;
//!   here a fault). Out of range (`x + size` past the row, `y`/`z`/layer outside): `.trap`
//!   faults, `.zero` loads zeros and drops stores, `.clamp` uses the nearest in-range location
//!   (each coordinate clamped, `x` to the last whole access of the row). A `b8`/`b16` element
//!   loads zero-extended into its register.
//! - **Queries** (`txq`, `suq`): width, height, depth, array size as above; one mipmap level, no
//!   multisampling (0 samples); channel data type `0x10DE` (OpenCL's `CL_FLOAT`) for float
//!   textures and `0x10DC` (`CL_UNSIGNED_INT32`) otherwise; channel order `0x10B5` (`CL_RGBA`) for
//!   textures, `0x10B0` (`CL_R`) for surfaces. `istypep` tells whether the handle is bound to an
//!   image of that kind.

use crate::ori::texsurf::{Geom, HandleKind, Oob, Query, TexOp};

/// Bytes of one texel: four 32-bit channels.
pub const TEXEL_BYTES: u32 = 16;

/// The shape of an image bound to a handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageSpec {
    pub kind: HandleKind,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub layers: u32,
    /// Bytes per element: [`TEXEL_BYTES`] for textures, the element size of a surface.
    pub elem_bytes: u32,
    /// The channels hold floats (how the checker fills them; `txq.channel_data_type`).
    pub float: bool,
}

impl ImageSpec {
    /// Width, height and depth of an image of `dims` dimensions: long enough rows for the
    /// checker's 1D launches, 64 × 64 for 2D and 16 × 16 × 16 for 3D ones.
    fn extent(dims: usize) -> [u32; 3] {
        match dims {
            0 | 1 => [1024, 1, 1],
            2 => [64, 64, 1],
            _ => [16, 16, 16],
        }
    }

    /// A texture read with `dims`-dimensional coordinates (4 layers when read as an array).
    pub fn texture(dims: usize, array: bool, float: bool) -> ImageSpec {
        let [width, height, depth] = Self::extent(dims);
        let layers = if array { 4 } else { 1 };
        ImageSpec { kind: HandleKind::Texture, width, height, depth, layers, elem_bytes: TEXEL_BYTES, float }
    }

    /// A surface of `elem_bytes`-byte elements.
    pub fn surface(dims: usize, array: bool, elem_bytes: u32) -> ImageSpec {
        let [width, height, depth] = Self::extent(dims);
        let layers = if array { 4 } else { 1 };
        ImageSpec { kind: HandleKind::Surface, width, height, depth, layers, elem_bytes, float: false }
    }

    /// A sampler (no data).
    pub fn sampler() -> ImageSpec {
        ImageSpec { kind: HandleKind::Sampler, width: 0, height: 0, depth: 0, layers: 0, elem_bytes: 0, float: false }
    }

    /// A short description (`2D texture 64x64, float channels`, `1D surface 1024 x 4 bytes`).
    pub fn describe(&self) -> String {
        let dims = |n: usize| {
            let e = [self.width, self.height, self.depth];
            e[..n].iter().map(u32::to_string).collect::<Vec<_>>().join("x")
        };
        let n = if self.depth > 1 {
            3
        } else if self.height > 1 {
            2
        } else {
            1
        };
        let layers = if self.layers > 1 { format!(", {} layers", self.layers) } else { String::new() };
        match self.kind {
            HandleKind::Texture => {
                let ch = if self.float { "float" } else { "integer" };
                format!("{n}D texture {}{layers}, {ch} channels", dims(n))
            }
            HandleKind::Surface => format!("{n}D surface {} x {} bytes{layers}", dims(n), self.elem_bytes),
            HandleKind::Sampler => "sampler".into(),
        }
    }

    /// Bytes of data.
    pub fn bytes(&self) -> usize {
        [self.width, self.height, self.depth, self.layers, self.elem_bytes].iter().map(|&x| x as usize).product()
    }

    /// Bytes of one row.
    fn row_bytes(&self) -> u64 {
        u64::from(self.width) * u64::from(self.elem_bytes)
    }

    /// The byte offset of row `(y, z)` of `layer`.
    fn row(&self, layer: u64, y: u64, z: u64) -> u64 {
        ((layer * u64::from(self.depth) + z) * u64::from(self.height) + y) * self.row_bytes()
    }
}

/// Where the data of bound images lives.
pub trait ImageMemory {
    /// The image bound to `handle`, if any.
    fn spec(&self, handle: u64) -> Option<ImageSpec>;
    /// `len` (≤ 16) bytes at byte `offset` of the image's data, little endian.
    fn read(&mut self, handle: u64, offset: u64, len: u64) -> Result<u128, String>;
    /// Stores the low `len` bytes of `value` at byte `offset` of the image's data.
    fn write(&mut self, handle: u64, offset: u64, len: u64, value: u128) -> Result<(), String>;
}

/// An integer coordinate (`.s32`).
fn int_coord(v: u64) -> i64 {
    v as u32 as i32 as i64
}

/// A float coordinate's texel: `floor(x)`, NaN at 0 (saturating at the ends).
fn float_coord(v: u64) -> i64 {
    let x = f32::from_bits(v as u32);
    if x.is_nan() { 0 } else { x.floor() as i64 }
}

/// `c` clamped into `[0, extent − 1]`.
fn clamp(c: i64, extent: u32) -> u64 {
    c.clamp(0, i64::from(extent.max(1)) - 1) as u64
}

/// The image bound to `handle`, which must be of `kind`.
fn bound(mem: &impl ImageMemory, handle: u64, kind: HandleKind, what: &str) -> Result<ImageSpec, String> {
    match mem.spec(handle) {
        Some(s) if s.kind == kind => Ok(s),
        Some(s) => Err(format!("{what} through handle {handle:#x}, which names a {:?}", s.kind)),
        None => Err(format!("{what} through handle {handle:#x}, which names no image")),
    }
}

/// The four channel words of texel `(x, y, z)` of `layer`.
fn texel(
    mem: &mut impl ImageMemory,
    h: u64,
    s: &ImageSpec,
    layer: u64,
    [x, y, z]: [u64; 3],
) -> Result<[u64; 4], String> {
    let v = mem.read(h, s.row(layer, y, z) + x * u64::from(TEXEL_BYTES), u64::from(TEXEL_BYTES))?;
    Ok([0, 1, 2, 3].map(|k| (v >> (32 * k)) as u32 as u64))
}

/// Runs one texture or surface instruction: `args` are the raw values of its arguments (the
/// intrinsic's order, see `ori::texsurf`); the results are the raw values of its destinations
/// (unused entries 0). `Err` is a fault, described.
pub fn execute(op: TexOp, mem: &mut impl ImageMemory, args: &[u64]) -> Result<[u64; 4], String> {
    if args.len() != op.num_args() {
        return Err(format!("{} with {} arguments", op.ptx(), args.len()));
    }
    let h = args[0];
    match op {
        TexOp::Tex { geom, coord_f32, sampler, .. } => {
            let s = bound(mem, h, HandleKind::Texture, "texture fetch")?;
            let first = 1 + sampler as usize;
            let c = &args[first..first + geom.coords()];
            let (layer, spatial) = if geom.is_array() {
                (u64::from(c[0] as u32).min(u64::from(s.layers.max(1)) - 1), &c[1..])
            } else {
                (0, c)
            };
            let conv = |v: u64| if coord_f32 { float_coord(v) } else { int_coord(v) };
            let extents = [s.width, s.height, s.depth];
            let mut at = [0u64; 3];
            for (k, &v) in spatial.iter().enumerate() {
                at[k] = clamp(conv(v), extents[k]);
            }
            texel(mem, h, &s, layer, at)
        }
        TexOp::Tld4 { comp, sampler, .. } => {
            let s = bound(mem, h, HandleKind::Texture, "texture gather")?;
            let first = 1 + sampler as usize;
            let corner = |v: u64| {
                let x = f32::from_bits(v as u32) as f64 - 0.5;
                if x.is_nan() { 0 } else { x.floor() as i64 }
            };
            let (i0, j0) = (corner(args[first]), corner(args[first + 1]));
            let mut out = [0u64; 4];
            for (k, (i, j)) in [(i0, j0 + 1), (i0 + 1, j0 + 1), (i0 + 1, j0), (i0, j0)].into_iter().enumerate() {
                let t = texel(mem, h, &s, 0, [clamp(i, s.width), clamp(j, s.height), 0])?;
                out[k] = t[comp as usize & 3];
            }
            Ok(out)
        }
        TexOp::Suld { geom, bits, vec, oob } | TexOp::Sust { geom, bits, vec, oob } => {
            let store = op.writes_memory();
            let s = bound(mem, h, HandleKind::Surface, if store { "surface store" } else { "surface load" })?;
            let size = u64::from(bits / 8) * u64::from(vec);
            let Some(offset) = surface_offset(&s, geom, &args[1..1 + geom.coords()], size, oob, store)? else {
                // `.zero` out of range: zeros, or no store.
                return Ok([0; 4]);
            };
            let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            if store {
                let values = &args[1 + geom.coords()..];
                let v = values.iter().rev().fold(0u128, |acc, &x| acc << bits | u128::from(x & mask));
                mem.write(h, offset, size, v)?;
                return Ok([0; 4]);
            }
            let v = mem.read(h, offset, size)?;
            let mut out = [0u64; 4];
            for (k, o) in out.iter_mut().enumerate().take(vec as usize) {
                *o = (v >> (u32::from(bits) * k as u32)) as u64 & mask;
            }
            Ok(out)
        }
        TexOp::Query { surface, what } => {
            let (kind, name) =
                if surface { (HandleKind::Surface, "surface query") } else { (HandleKind::Texture, "texture query") };
            let s = bound(mem, h, kind, name)?;
            let v = match what {
                Query::Width => s.width,
                Query::Height => s.height,
                Query::Depth => s.depth,
                Query::ArraySize => s.layers,
                Query::NumMipmapLevels => 1,
                Query::NumSamples => 0,
                Query::ChannelDataType if s.float => 0x10DE,
                Query::ChannelDataType => 0x10DC,
                Query::ChannelOrder if surface => 0x10B0,
                Query::ChannelOrder => 0x10B5,
            };
            Ok([u64::from(v), 0, 0, 0])
        }
        TexOp::IsType(kind) => Ok([u64::from(mem.spec(h).is_some_and(|s| s.kind == kind)), 0, 0, 0]),
    }
}

/// The byte offset of a surface access of `size` bytes at coordinates `c` (`None`: out of
/// range under `.zero`).
fn surface_offset(
    s: &ImageSpec,
    geom: Geom,
    c: &[u64],
    size: u64,
    oob: Oob,
    store: bool,
) -> Result<Option<u64>, String> {
    let (layer, spatial) = if geom.is_array() { (i64::from(c[0] as u32), &c[1..]) } else { (0, c) };
    let x = int_coord(spatial[0]);
    let y = spatial.get(1).map_or(0, |&v| int_coord(v));
    let z = spatial.get(2).map_or(0, |&v| int_coord(v));
    if x.rem_euclid(size as i64) != 0 {
        return Err(format!("misaligned {size}-byte surface access at byte {x} of a row"));
    }
    let row = s.row_bytes() as i64;
    let inside = |v: i64, n: u32| v >= 0 && v < i64::from(n);
    let in_range =
        x >= 0 && x + size as i64 <= row && inside(y, s.height) && inside(z, s.depth) && inside(layer, s.layers);
    if !in_range {
        match oob {
            Oob::Trap => {
                return Err(format!(
                    "surface {} out of range (.trap): x {x} (bytes), y {y}, z {z}, layer {layer}",
                    if store { "store" } else { "load" }
                ));
            }
            Oob::Zero => return Ok(None),
            Oob::Clamp => {}
        }
    }
    let last = (row - size as i64).max(0);
    let x = x.clamp(0, last) as u64;
    let (y, z, layer) = (clamp(y, s.height), clamp(z, s.depth), clamp(layer, s.layers));
    Ok(Some(s.row(layer, y, z) + x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Images in plain vectors.
    #[derive(Default)]
    struct Mem(BTreeMap<u64, (ImageSpec, Vec<u8>)>);

    impl ImageMemory for Mem {
        fn spec(&self, h: u64) -> Option<ImageSpec> {
            self.0.get(&h).map(|(s, _)| *s)
        }
        fn read(&mut self, h: u64, off: u64, len: u64) -> Result<u128, String> {
            let d = &self.0.get(&h).ok_or("unbound")?.1;
            let b = d.get(off as usize..(off + len) as usize).ok_or("outside")?;
            Ok(b.iter().rev().fold(0u128, |a, &x| a << 8 | u128::from(x)))
        }
        fn write(&mut self, h: u64, off: u64, len: u64, v: u128) -> Result<(), String> {
            let d = &mut self.0.get_mut(&h).ok_or("unbound")?.1;
            let b = d.get_mut(off as usize..(off + len) as usize).ok_or("outside")?;
            b.copy_from_slice(&v.to_le_bytes()[..len as usize]);
            Ok(())
        }
    }

    fn op(name: &str) -> TexOp {
        TexOp::parse(&format!("llvm.nvvm.{name}")).unwrap().unwrap()
    }

    /// A 2D texture whose channel k of texel (x, y) holds 1000 y + 10 x + k.
    fn texture2d() -> Mem {
        let s = ImageSpec::texture(2, false, false);
        let mut d = Vec::new();
        for y in 0..s.height {
            for x in 0..s.width {
                for k in 0..4 {
                    d.extend_from_slice(&(1000 * y + 10 * x + k).to_le_bytes());
                }
            }
        }
        Mem([(7, (s, d))].into())
    }

    #[test]
    fn fetches_select_clamped_texels() {
        let mut m = texture2d();
        let f = |x: f32| u64::from(x.to_bits());
        let r = execute(op("tex.unified.2d.v4s32.s32"), &mut m, &[7, 3, 2]).unwrap();
        assert_eq!(r, [2030, 2031, 2032, 2033]);
        let r = execute(op("tex.unified.2d.v4f32.f32"), &mut m, &[7, f(3.9), f(-5.0)]).unwrap();
        assert_eq!(r[0], 30, "floor(3.9) = 3, y clamped to 0");
        let r = execute(op("tex.unified.2d.level.v4u32.f32"), &mut m, &[7, f(1e9), f(f32::NAN), f(2.0)]).unwrap();
        assert_eq!(r[0], 630, "x clamped to 63, NaN at 0");
        let g = execute(op("tld4.unified.b.2d.v4s32.f32"), &mut m, &[7, f(2.5), f(1.5)]).unwrap();
        assert_eq!(g, [2022, 2032, 1032, 1022], "(2,2) (3,2) (3,1) (2,1), channel 2");
        assert!(execute(op("tex.unified.2d.v4s32.s32"), &mut m, &[8, 0, 0]).is_err(), "unbound handle");
        let q = execute(op("txq.height"), &mut m, &[7]).unwrap();
        assert_eq!(q[0], 64);
        assert_eq!(execute(op("istypep.surface"), &mut m, &[7]).unwrap()[0], 0);
    }

    #[test]
    fn surfaces_address_bytes_and_follow_the_out_of_range_mode() {
        let s = ImageSpec::surface(2, false, 4);
        let mut m = Mem([(1, (s, vec![0u8; s.bytes()]))].into());
        // Row 2, bytes 8..12.
        execute(op("sust.b.2d.i32.trap"), &mut m, &[1, 8, 2, 0xDEAD_BEEF]).unwrap();
        assert_eq!(execute(op("suld.2d.i32.trap"), &mut m, &[1, 8, 2]).unwrap()[0], 0xDEAD_BEEF);
        assert_eq!(execute(op("suld.2d.v2i16.trap"), &mut m, &[1, 8, 2]).unwrap()[..2], [0xBEEF, 0xDEAD]);
        assert_eq!(execute(op("suld.2d.i8.trap"), &mut m, &[1, 11, 2]).unwrap()[0], 0xDE);
        // Out of range: trap faults, zero reads 0 and drops stores, clamp takes the edge.
        assert!(execute(op("suld.2d.i32.trap"), &mut m, &[1, 256, 2]).is_err());
        assert_eq!(execute(op("suld.2d.i32.zero"), &mut m, &[1, 8, 99]).unwrap()[0], 0);
        execute(op("sust.b.2d.i32.zero"), &mut m, &[1, 8, u64::MAX, 5]).unwrap();
        assert_eq!(execute(op("suld.2d.i32.clamp"), &mut m, &[1, 8, 0xFFFF_FFF0]).unwrap()[0], 0);
        execute(op("sust.b.2d.i32.clamp"), &mut m, &[1, 4096, 63, 9]).unwrap();
        assert_eq!(execute(op("suld.2d.i32.trap"), &mut m, &[1, 252, 63]).unwrap()[0], 9, "x to the row's last word");
        assert!(execute(op("suld.2d.i32.clamp"), &mut m, &[1, 2, 0]).is_err(), "misaligned");
        assert_eq!(execute(op("suq.width"), &mut m, &[1]).unwrap()[0], 64);
    }
}
