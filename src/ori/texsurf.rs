//! Texture and surface instructions: what an `llvm.nvvm.{tex,tld4,suld,sust,txq,suq,istypep}.*`
//! intrinsic means ([`TexOp`], parsed from the name) and how PTX spells it.
//!
//! One `TexOp` is one Ori instruction (`Op::TexSurf`) whose sources are the intrinsic's
//! arguments in the IR's order — the handle, the sampler handle of the non-unified forms, the
//! coordinates (an array layer first), the level of detail or the gradients, the values a
//! surface store writes — and whose destinations are the results (four channels for `tex` and
//! `tld4`, the vector elements of `suld`, one word for a query, a predicate for `istypep`). The
//! same parse serves the lowering, the PTX emitter, the interpreter (`interp::texture`, the
//! execution model) and the JIT reference (which calls that model for these intrinsics).
//!
//! What llc-19 does for sm_90 (its `NVPTXISelDAGToDAG` tables), and so what ori accepts:
//!
//! | intrinsic | PTX |
//! |---|---|
//! | `tex.unified.{1d,2d,3d}[.array][.level,.grad].v4{f32,s32,u32}.{s32,f32}` | `tex[.level,.grad].{1d,2d,3d,a1d,a2d}.v4.T.C d, [h, {c}]` |
//! | `tex.*` (non-unified: texture and sampler handles) | `tex... d, [h, s, {c}]` |
//! | `tld4[.unified].{r,g,b,a}.2d.v4T.f32` | `tld4.{r,g,b,a}.2d.v4.T.f32 d, [h, {x, y}]` |
//! | `suld.{1d,2d,3d}[.array].[v2,v4]i{8,16,32,64}.{clamp,trap,zero}` | `suld.b.G[.v2,.v4].bN.mode d, [h, {c}]` |
//! | `sust.b.*` (same shapes) | `sust.b.G[.vN].bN.mode [h, {c}], {v}` |
//! | `txq.*` / `suq.*` (width, height, depth, channel data type and order, array size, mipmap levels, samples) | `txq.F.b32` / `suq.F.b32 d, [h]` |
//! | `istypep.{texture,surface,sampler}` | `istypep.{texref,surfref,samplerref} p, h` |
//!
//! Three- and four-coordinate geometries (`3d`, `a2d`) take a four-element PTX vector whose
//! last element is ignored; llc repeats the third, and so does ori. Refused, each with a clean
//! error: cube and cube-array textures (their coordinates are directions, outside the
//! interpreter's model), formatted surface stores (`sust.p`: a conversion to the surface's
//! format), and the `texsurf.handle` form with metadata, which llc-19 cannot select either.

/// The geometry of a fetch or a surface access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geom {
    D1,
    D2,
    D3,
    /// A 1D layer of an array (`a1d`): the layer index, then x.
    A1D,
    /// A 2D layer of an array (`a2d`): the layer index, then x and y.
    A2D,
}

impl Geom {
    /// Coordinates the intrinsic takes (the layer index of an array included).
    pub fn coords(self) -> usize {
        match self {
            Geom::D1 => 1,
            Geom::D2 | Geom::A1D => 2,
            Geom::D3 | Geom::A2D => 3,
        }
    }
    /// Spatial dimensions (1, 2 or 3): the length of a gradient vector.
    pub fn dims(self) -> usize {
        match self {
            Geom::D1 | Geom::A1D => 1,
            Geom::D2 | Geom::A2D => 2,
            Geom::D3 => 3,
        }
    }
    pub fn is_array(self) -> bool {
        matches!(self, Geom::A1D | Geom::A2D)
    }
    pub fn ptx(self) -> &'static str {
        match self {
            Geom::D1 => "1d",
            Geom::D2 => "2d",
            Geom::D3 => "3d",
            Geom::A1D => "a1d",
            Geom::A2D => "a2d",
        }
    }
    fn code(self) -> u32 {
        self as u32
    }
    fn from_code(c: u32) -> Option<Geom> {
        [Geom::D1, Geom::D2, Geom::D3, Geom::A1D, Geom::A2D].get(c as usize).copied()
    }
}

/// The type of the channels a fetch returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    F32,
    S32,
    U32,
}

impl Channel {
    pub fn ptx(self) -> &'static str {
        match self {
            Channel::F32 => "f32",
            Channel::S32 => "s32",
            Channel::U32 => "u32",
        }
    }
}

/// Which level of detail a fetch reads: the implicit one, an explicit level, or one from
/// gradients.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lod {
    Base,
    Level,
    Grad,
}

/// What an out-of-range surface access does (`suld`/`sust` `.trap`, `.clamp`, `.zero`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Oob {
    Trap,
    Clamp,
    Zero,
}

impl Oob {
    pub fn ptx(self) -> &'static str {
        match self {
            Oob::Trap => "trap",
            Oob::Clamp => "clamp",
            Oob::Zero => "zero",
        }
    }
}

/// A field `txq` / `suq` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    Width,
    Height,
    Depth,
    ChannelDataType,
    ChannelOrder,
    NumMipmapLevels,
    NumSamples,
    ArraySize,
}

const QUERIES: [(Query, &str, &str); 8] = [
    (Query::Width, "width", "width"),
    (Query::Height, "height", "height"),
    (Query::Depth, "depth", "depth"),
    (Query::ChannelDataType, "channel.data.type", "channel_data_type"),
    (Query::ChannelOrder, "channel.order", "channel_order"),
    (Query::NumMipmapLevels, "num.mipmap.levels", "num_mipmap_levels"),
    (Query::NumSamples, "num.samples", "num_samples"),
    (Query::ArraySize, "array.size", "array_size"),
];

impl Query {
    pub fn ptx(self) -> &'static str {
        QUERIES.iter().find(|q| q.0 == self).map_or("width", |q| q.2)
    }
}

/// What a handle names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HandleKind {
    Texture,
    Surface,
    Sampler,
}

impl HandleKind {
    /// The PTX type of a handle variable or parameter (`.texref`, `.surfref`, `.samplerref`).
    pub fn ptx_ref(self) -> &'static str {
        match self {
            HandleKind::Texture => ".texref",
            HandleKind::Surface => ".surfref",
            HandleKind::Sampler => ".samplerref",
        }
    }
    /// The word of a module variable's `!nvvm.annotations` entry.
    pub fn from_global_annotation(word: &str) -> Option<HandleKind> {
        Some(match word {
            "texture" => HandleKind::Texture,
            "surface" => HandleKind::Surface,
            "sampler" => HandleKind::Sampler,
            _ => return None,
        })
    }
    /// The word of a kernel parameter's `!nvvm.annotations` entry (`rdoimage`: a texture,
    /// `wroimage` / `rdwrimage`: a surface, `sampler`).
    pub fn from_param_annotation(word: &str) -> Option<HandleKind> {
        Some(match word {
            "rdoimage" => HandleKind::Texture,
            "wroimage" | "rdwrimage" => HandleKind::Surface,
            "sampler" => HandleKind::Sampler,
            _ => return None,
        })
    }
}

/// One texture or surface instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexOp {
    /// `tex`: a texel fetch (`sampler`: the non-unified form with a sampler handle).
    Tex { geom: Geom, chan: Channel, coord_f32: bool, lod: Lod, sampler: bool },
    /// `tld4`: one component (0..=3: r, g, b, a) of the four texels of a 2D bilinear footprint.
    Tld4 { comp: u8, chan: Channel, sampler: bool },
    /// `suld.b`: `vec` elements of `bits` bits.
    Suld { geom: Geom, bits: u8, vec: u8, oob: Oob },
    /// `sust.b`.
    Sust { geom: Geom, bits: u8, vec: u8, oob: Oob },
    /// `txq` (`surface`: `suq`).
    Query { surface: bool, what: Query },
    /// `istypep`.
    IsType(HandleKind),
}

fn channel_of(word: &str) -> Option<Channel> {
    Some(match word {
        "v4f32" => Channel::F32,
        "v4s32" => Channel::S32,
        "v4u32" => Channel::U32,
        _ => return None,
    })
}

fn geom_of(words: &mut std::iter::Peekable<std::slice::Iter<'_, &str>>, what: &str) -> Result<Geom, String> {
    let base = words.next().copied().unwrap_or("");
    let array = words.next_if(|w| **w == "array").is_some();
    Ok(match (base, array) {
        ("1d", false) => Geom::D1,
        ("2d", false) => Geom::D2,
        ("3d", false) => Geom::D3,
        ("1d", true) => Geom::A1D,
        ("2d", true) => Geom::A2D,
        ("cube", _) => return Err(format!("cube{} {what}", if array { "-array" } else { "" })),
        _ => return Err(format!("{what} geometry '{base}'")),
    })
}

/// `i32` → (32, 1), `v4i8` → (8, 4).
fn surface_type(word: &str) -> Option<(u8, u8)> {
    let (vec, rest) = match word.strip_prefix("v2") {
        Some(r) => (2, r),
        None => match word.strip_prefix("v4") {
            Some(r) => (4, r),
            None => (1, word),
        },
    };
    let bits: u8 = match rest {
        "i8" => 8,
        "i16" => 16,
        "i32" => 32,
        "i64" => 64,
        _ => return None,
    };
    // No 4 x 64-bit access exists (16 bytes at most).
    (u32::from(bits) * vec <= 128).then_some((bits, vec as u8))
}

fn oob_of(word: &str) -> Option<Oob> {
    Some(match word {
        "trap" => Oob::Trap,
        "clamp" => Oob::Clamp,
        "zero" => Oob::Zero,
        _ => return None,
    })
}

impl TexOp {
    /// The operation of an `llvm.nvvm.*` intrinsic: `Ok(None)` when the name is no texture or
    /// surface instruction, `Err(what)` for one ori does not implement (`what` completes
    /// "unsupported ...").
    pub fn parse(name: &str) -> Result<Option<TexOp>, String> {
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else { return Ok(None) };
        let bad = || format!("texture/surface intrinsic {name}");
        let words: Vec<&str> = rest.split('.').collect();
        let mut w = words.iter().peekable();
        let head = w.next().copied().unwrap_or("");
        match head {
            "tex" => {
                let sampler = w.next_if(|x| **x == "unified").is_none();
                let geom = geom_of(&mut w, "texture fetch")?;
                let lod = match w.peek().copied().copied() {
                    Some("level") => Lod::Level,
                    Some("grad") => Lod::Grad,
                    _ => Lod::Base,
                };
                if lod != Lod::Base {
                    w.next();
                }
                let chan = w.next().and_then(|x| channel_of(x)).ok_or_else(bad)?;
                let coord_f32 = match w.next().copied() {
                    Some("f32") => true,
                    Some("s32") if lod == Lod::Base => false,
                    _ => return Err(bad()),
                };
                if w.next().is_some() {
                    return Err(bad());
                }
                Ok(Some(TexOp::Tex { geom, chan, coord_f32, lod, sampler }))
            }
            "tld4" => {
                let sampler = w.next_if(|x| **x == "unified").is_none();
                let comp = match w.next().copied() {
                    Some("r") => 0,
                    Some("g") => 1,
                    Some("b") => 2,
                    Some("a") => 3,
                    _ => return Err(bad()),
                };
                if w.next().copied() != Some("2d") {
                    return Err(bad());
                }
                let chan = w.next().and_then(|x| channel_of(x)).ok_or_else(bad)?;
                if w.next().copied() != Some("f32") || w.next().is_some() {
                    return Err(bad());
                }
                Ok(Some(TexOp::Tld4 { comp, chan, sampler }))
            }
            "suld" | "sust" => {
                let store = head == "sust";
                if store {
                    match w.next().copied() {
                        Some("b") => {}
                        Some("p") => return Err(format!("formatted surface store (sust.p) {name}")),
                        _ => return Err(bad()),
                    }
                }
                let geom = geom_of(&mut w, if store { "surface store" } else { "surface load" })?;
                let (bits, vec) = w.next().and_then(|x| surface_type(x)).ok_or_else(bad)?;
                let oob = w.next().and_then(|x| oob_of(x)).ok_or_else(bad)?;
                if w.next().is_some() {
                    return Err(bad());
                }
                Ok(Some(if store {
                    TexOp::Sust { geom, bits, vec, oob }
                } else {
                    TexOp::Suld { geom, bits, vec, oob }
                }))
            }
            "txq" | "suq" => {
                let field = words[1..].join(".");
                let what = QUERIES.iter().find(|q| q.1 == field).map(|q| q.0).ok_or_else(bad)?;
                Ok(Some(TexOp::Query { surface: head == "suq", what }))
            }
            "istypep" => {
                let kind = HandleKind::from_global_annotation(w.next().copied().unwrap_or("")).ok_or_else(bad)?;
                if w.next().is_some() {
                    return Err(bad());
                }
                Ok(Some(TexOp::IsType(kind)))
            }
            "texsurf" if rest.starts_with("texsurf.handle.internal.") => Ok(None),
            "texsurf" => Err(format!("{name} (the metadata form; llc-19 cannot select it either)")),
            _ => Ok(None),
        }
    }

    /// The number of the intrinsic's arguments (the handle first).
    pub fn num_args(self) -> usize {
        match self {
            TexOp::Tex { geom, lod, sampler, .. } => {
                let extra = match lod {
                    Lod::Base => 0,
                    Lod::Level => 1,
                    Lod::Grad => 2 * geom.dims(),
                };
                1 + sampler as usize + geom.coords() + extra
            }
            TexOp::Tld4 { sampler, .. } => 3 + sampler as usize,
            TexOp::Suld { geom, .. } => 1 + geom.coords(),
            TexOp::Sust { geom, vec, .. } => 1 + geom.coords() + vec as usize,
            TexOp::Query { .. } | TexOp::IsType(_) => 1,
        }
    }

    /// The number of results (scalars of the intrinsic's return value).
    pub fn num_results(self) -> usize {
        match self {
            TexOp::Tex { .. } | TexOp::Tld4 { .. } => 4,
            TexOp::Suld { vec, .. } => vec as usize,
            TexOp::Sust { .. } => 0,
            TexOp::Query { .. } | TexOp::IsType(_) => 1,
        }
    }

    /// Whether argument `k` is a float (a float coordinate, level of detail or gradient).
    pub fn arg_is_float(self, k: usize) -> bool {
        match self {
            TexOp::Tex { geom, coord_f32, sampler, .. } => {
                let first = 1 + sampler as usize;
                // An array's layer index is an integer.
                let layer = geom.is_array().then_some(first);
                k >= first && coord_f32 && Some(k) != layer
            }
            TexOp::Tld4 { sampler, .. } => k > sampler as usize,
            TexOp::Suld { .. } | TexOp::Sust { .. } | TexOp::Query { .. } | TexOp::IsType(_) => false,
        }
    }

    /// Whether the instruction writes memory (a surface store).
    pub fn writes_memory(self) -> bool {
        matches!(self, TexOp::Sust { .. })
    }

    /// Whether the instruction reads memory other threads may write (a surface load).
    pub fn reads_surface(self) -> bool {
        matches!(self, TexOp::Suld { .. })
    }

    /// The PTX mnemonic with its modifiers (`tex.level.2d.v4.f32.f32`, `suld.b.a1d.v2.b32.trap`).
    pub fn ptx(self) -> String {
        let vec = |v: u8| if v > 1 { format!(".v{v}") } else { String::new() };
        match self {
            TexOp::Tex { geom, chan, coord_f32, lod, .. } => {
                let l = match lod {
                    Lod::Base => "",
                    Lod::Level => ".level",
                    Lod::Grad => ".grad",
                };
                let c = if coord_f32 { "f32" } else { "s32" };
                format!("tex{l}.{}.v4.{}.{c}", geom.ptx(), chan.ptx())
            }
            TexOp::Tld4 { comp, chan, .. } => {
                format!("tld4.{}.2d.v4.{}.f32", ["r", "g", "b", "a"][comp as usize & 3], chan.ptx())
            }
            TexOp::Suld { geom, bits, vec: v, oob } => {
                format!("suld.b.{}{}.b{bits}.{}", geom.ptx(), vec(v), oob.ptx())
            }
            TexOp::Sust { geom, bits, vec: v, oob } => {
                format!("sust.b.{}{}.b{bits}.{}", geom.ptx(), vec(v), oob.ptx())
            }
            TexOp::Query { surface, what } => format!("{}.{}.b32", if surface { "suq" } else { "txq" }, what.ptx()),
            TexOp::IsType(k) => format!("istypep{}", k.ptx_ref()),
        }
    }

    /// The instruction in PTX with the given operand spellings: the destinations, then the
    /// sources in argument order (`None` when their numbers do not fit). Coordinate and gradient
    /// vectors of three elements get a fourth, the third repeated, as llc writes them.
    pub fn render(self, d: &[String], s: &[String]) -> Option<String> {
        if d.len() != self.num_results() || s.len() != self.num_args() {
            return None;
        }
        let vector = |from: usize, n: usize| {
            let mut v: Vec<&str> = s[from..from + n].iter().map(String::as_str).collect();
            if n == 3 {
                v.push(v[2]);
            }
            format!("{{{}}}", v.join(", "))
        };
        let name = self.ptx();
        let dsts = d.join(", ");
        let h = &s[0];
        Some(match self {
            TexOp::Tex { geom, lod, sampler, .. } => {
                let first = 1 + sampler as usize;
                let smp = if sampler { format!("{}, ", s[1]) } else { String::new() };
                let after = first + geom.coords();
                let extra = match lod {
                    Lod::Base => String::new(),
                    Lod::Level => format!(", {}", s[after]),
                    Lod::Grad => {
                        format!(", {}, {}", vector(after, geom.dims()), vector(after + geom.dims(), geom.dims()))
                    }
                };
                format!("{name} {{{dsts}}}, [{h}, {smp}{}]{extra}", vector(first, geom.coords()))
            }
            TexOp::Tld4 { sampler, .. } => {
                let first = 1 + sampler as usize;
                let smp = if sampler { format!("{}, ", s[1]) } else { String::new() };
                format!("{name} {{{dsts}}}, [{h}, {smp}{}]", vector(first, 2))
            }
            TexOp::Suld { geom, .. } => format!("{name} {{{dsts}}}, [{h}, {}]", vector(1, geom.coords())),
            TexOp::Sust { geom, vec, .. } => {
                let values = s[1 + geom.coords()..1 + geom.coords() + vec as usize].join(", ");
                format!("{name} [{h}, {}], {{{values}}}", vector(1, geom.coords()))
            }
            TexOp::Query { .. } => format!("{name} {dsts}, [{h}]"),
            TexOp::IsType(_) => format!("{name} {dsts}, {h}"),
        })
    }

    /// The operation of a PTX mnemonic (`tex.level.2d.v4.f32.f32`); `sampler` picks the
    /// non-unified form of `tex`/`tld4`, whose mnemonic is the same.
    fn from_ptx(mnemonic: &str, sampler: bool) -> Option<TexOp> {
        let w: Vec<&str> = mnemonic.split('.').collect();
        let geom = |g: &str| [Geom::D1, Geom::D2, Geom::D3, Geom::A1D, Geom::A2D].into_iter().find(|x| x.ptx() == g);
        let chan = |c: &str| [Channel::F32, Channel::S32, Channel::U32].into_iter().find(|x| x.ptx() == c);
        match w.as_slice() {
            ["tex", rest @ ..] => {
                let (lod, rest) = match rest {
                    ["level", r @ ..] => (Lod::Level, r),
                    ["grad", r @ ..] => (Lod::Grad, r),
                    r => (Lod::Base, r),
                };
                let [g, "v4", c, coord] = rest else { return None };
                let coord_f32 = match *coord {
                    "f32" => true,
                    "s32" if lod == Lod::Base => false,
                    _ => return None,
                };
                Some(TexOp::Tex { geom: geom(g)?, chan: chan(c)?, coord_f32, lod, sampler })
            }
            ["tld4", comp, "2d", "v4", c, "f32"] => {
                let comp = ["r", "g", "b", "a"].iter().position(|x| x == comp)? as u8;
                Some(TexOp::Tld4 { comp, chan: chan(c)?, sampler })
            }
            [head @ ("suld" | "sust"), "b", g, rest @ ..] if !sampler => {
                let (vec, rest) = match rest {
                    ["v2", r @ ..] => (2, r),
                    ["v4", r @ ..] => (4, r),
                    r => (1, r),
                };
                let [bits, mode] = rest else { return None };
                let bits: u8 = bits.strip_prefix('b')?.parse().ok().filter(|b| [8, 16, 32, 64].contains(b))?;
                let oob = oob_of(mode)?;
                let geom = geom(g)?;
                Some(if *head == "sust" {
                    TexOp::Sust { geom, bits, vec, oob }
                } else {
                    TexOp::Suld { geom, bits, vec, oob }
                })
            }
            [head @ ("txq" | "suq"), field, "b32"] if !sampler => {
                let what = QUERIES.iter().find(|q| q.2 == *field)?.0;
                Some(TexOp::Query { surface: *head == "suq", what })
            }
            ["istypep", kind] if !sampler => [HandleKind::Texture, HandleKind::Surface, HandleKind::Sampler]
                .into_iter()
                .find(|k| k.ptx_ref().trim_start_matches('.') == *kind)
                .map(TexOp::IsType),
            _ => None,
        }
    }

    /// The operation of an inline-assembly template with `outputs` outputs and `inputs` inputs
    /// that is exactly one texture/surface instruction whose operands are `$0, $1, ...` in the
    /// order of [`TexOp::render`] (clang's CUDA texture headers write `tex.1d.v4.f32.s32
    /// {$0, $1, $2, $3}, [$4, {$5}];`): its sources are then the asm's inputs, its
    /// destinations the asm's outputs.
    pub fn from_asm(template: &str, outputs: usize, inputs: usize) -> Option<TexOp> {
        let text = template.trim();
        let text = text.strip_suffix(';').unwrap_or(text);
        let mnemonic = text.split(char::is_whitespace).next()?;
        let squeeze = |x: &str| x.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        let want = squeeze(text);
        let d: Vec<String> = (0..outputs).map(|k| format!("${k}")).collect();
        let s: Vec<String> = (outputs..outputs + inputs).map(|k| format!("${k}")).collect();
        [false, true].into_iter().find_map(|sampler| {
            let op = Self::from_ptx(mnemonic, sampler)?;
            (squeeze(&op.render(&d, &s)?) == want).then_some(op)
        })
    }

    /// [`TexOp::from_asm`] for an `asm` call's template and constraint string.
    pub fn from_inline_asm(template: &str, constraints: &str) -> Option<TexOp> {
        let cons: Vec<&str> = constraints.split(',').filter(|c| !c.starts_with("~{")).collect();
        let outputs = cons.iter().filter(|c| c.starts_with('=')).count();
        Self::from_asm(template, outputs, cons.len() - outputs)
    }

    /// The SASS-style name of the Ori text form and listing (`TEX.2D`, `SULD.D.BA.1D.32`).
    pub fn sass(self) -> String {
        match self {
            TexOp::Tex { geom, lod, .. } => {
                let l = match lod {
                    Lod::Base => "",
                    Lod::Level => ".LL",
                    Lod::Grad => ".GRAD",
                };
                format!("TEX{l}.{}", geom.ptx().to_uppercase())
            }
            TexOp::Tld4 { comp, .. } => format!("TLD4.{}.2D", ["R", "G", "B", "A"][comp as usize & 3]),
            TexOp::Suld { geom, bits, vec, oob } | TexOp::Sust { geom, bits, vec, oob } => {
                let name = if self.writes_memory() { "SUST" } else { "SULD" };
                let size = u32::from(bits) * u32::from(vec);
                let oob = match oob {
                    Oob::Trap => ".TRAP",
                    Oob::Clamp => "",
                    Oob::Zero => ".IGN",
                };
                format!("{name}.D.BA.{}.{size}{oob}", geom.ptx().to_uppercase())
            }
            TexOp::Query { surface, what } => {
                format!("{}.{}", if surface { "SUQUERY" } else { "TXQ" }, what.ptx().to_uppercase())
            }
            TexOp::IsType(k) => format!("ISTYPEP{}", k.ptx_ref().to_uppercase()),
        }
    }

    /// A 32-bit code for the operation (the JIT reference passes it to its host function).
    pub fn encode(self) -> u32 {
        let chan = |c: Channel| c as u32;
        let bits = |b: u8| b.trailing_zeros().saturating_sub(3);
        let vec = |v: u8| v.trailing_zeros();
        match self {
            TexOp::Tex { geom, chan: c, coord_f32, lod, sampler } => {
                geom.code() << 4 | chan(c) << 7 | (coord_f32 as u32) << 9 | (lod as u32) << 10 | (sampler as u32) << 12
            }
            TexOp::Tld4 { comp, chan: c, sampler } => {
                1 | u32::from(comp & 3) << 4 | chan(c) << 7 | (sampler as u32) << 12
            }
            TexOp::Suld { geom, bits: b, vec: v, oob } | TexOp::Sust { geom, bits: b, vec: v, oob } => {
                let family = if self.writes_memory() { 3 } else { 2 };
                family | geom.code() << 4 | bits(b) << 7 | vec(v) << 9 | (oob as u32) << 11
            }
            TexOp::Query { surface, what } => 4 | (surface as u32) << 3 | (what as u32) << 4,
            TexOp::IsType(k) => 5 | (k as u32) << 4,
        }
    }

    /// The operation of [`TexOp::encode`]'s code.
    pub fn decode(code: u32) -> Option<TexOp> {
        let field = |shift: u32, width: u32| (code >> shift) & ((1 << width) - 1);
        let chan = |c: u32| [Channel::F32, Channel::S32, Channel::U32].get(c as usize).copied();
        let lod = |l: u32| [Lod::Base, Lod::Level, Lod::Grad].get(l as usize).copied();
        let oob = |o: u32| [Oob::Trap, Oob::Clamp, Oob::Zero].get(o as usize).copied();
        Some(match code & 7 {
            0 => TexOp::Tex {
                geom: Geom::from_code(field(4, 3))?,
                chan: chan(field(7, 2))?,
                coord_f32: field(9, 1) == 1,
                lod: lod(field(10, 2))?,
                sampler: field(12, 1) == 1,
            },
            1 => TexOp::Tld4 { comp: field(4, 2) as u8, chan: chan(field(7, 2))?, sampler: field(12, 1) == 1 },
            2 | 3 => {
                let geom = Geom::from_code(field(4, 3))?;
                let bits = 8u8 << field(7, 2);
                let vec = 1u8 << field(9, 2);
                let oob = oob(field(11, 2))?;
                if code & 7 == 3 { TexOp::Sust { geom, bits, vec, oob } } else { TexOp::Suld { geom, bits, vec, oob } }
            }
            4 => TexOp::Query { surface: field(3, 1) == 1, what: QUERIES.get(field(4, 4) as usize)?.0 },
            5 => TexOp::IsType(
                [HandleKind::Texture, HandleKind::Surface, HandleKind::Sampler].get(field(4, 2) as usize).copied()?,
            ),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(n: &str) -> TexOp {
        TexOp::parse(&format!("llvm.nvvm.{n}")).unwrap().unwrap()
    }

    #[test]
    fn names_parse_to_what_llc_prints() {
        let cases = [
            ("tex.unified.1d.v4f32.s32", "tex.1d.v4.f32.s32", 2, 4),
            ("tex.unified.2d.array.level.v4u32.f32", "tex.level.a2d.v4.u32.f32", 5, 4),
            ("tex.unified.3d.grad.v4f32.f32", "tex.grad.3d.v4.f32.f32", 10, 4),
            ("tex.1d.v4s32.f32", "tex.1d.v4.s32.f32", 3, 4),
            ("tld4.unified.g.2d.v4f32.f32", "tld4.g.2d.v4.f32.f32", 3, 4),
            ("tld4.a.2d.v4s32.f32", "tld4.a.2d.v4.s32.f32", 4, 4),
            ("suld.2d.v4i16.zero", "suld.b.2d.v4.b16.zero", 3, 4),
            ("suld.1d.array.i64.trap", "suld.b.a1d.b64.trap", 3, 1),
            ("sust.b.3d.v2i32.clamp", "sust.b.3d.v2.b32.clamp", 6, 0),
            ("txq.channel.data.type", "txq.channel_data_type.b32", 1, 1),
            ("suq.array.size", "suq.array_size.b32", 1, 1),
            ("istypep.sampler", "istypep.samplerref", 1, 1),
        ];
        for (name, ptx, args, results) in cases {
            let op = parse(name);
            assert_eq!((op.ptx(), op.num_args(), op.num_results()), (ptx.to_string(), args, results), "{name}");
            assert_eq!(TexOp::decode(op.encode()), Some(op), "{name} round trip");
        }
    }

    #[test]
    fn unimplemented_forms_are_refused_and_others_ignored() {
        for n in ["tex.unified.cube.v4f32.f32", "sust.p.1d.i32.trap", "texsurf.handle.p1", "suld.2d.v4i64.zero"] {
            assert!(TexOp::parse(&format!("llvm.nvvm.{n}")).is_err(), "{n}");
        }
        for n in ["llvm.nvvm.texsurf.handle.internal.p1", "llvm.nvvm.barrier0", "llvm.fma.f32"] {
            assert_eq!(TexOp::parse(n), Ok(None), "{n}");
        }
    }

    #[test]
    fn clang_texture_templates_are_recognized() {
        let t = "tex.3d.v4.s32.f32\t{$0, $1, $2, $3}, [$4, {$5, $6, $7, $7}];";
        assert_eq!(TexOp::from_inline_asm(t, "=r,=r,=r,=r,l,f,f,f"), Some(parse("tex.unified.3d.v4s32.f32")));
        let t = "tex.grad.a1d.v4.f32.f32\t{$0, $1, $2, $3}, [$4, {$5, $6}], {$7}, {$8};";
        assert_eq!(TexOp::from_asm(t, 4, 5), Some(parse("tex.unified.1d.array.grad.v4f32.f32")));
        let t = "tex.2d.v4.f32.f32 {$0, $1, $2, $3}, [$4, $5, {$6, $7}];";
        assert_eq!(TexOp::from_asm(t, 4, 4), Some(parse("tex.2d.v4f32.f32")));
        assert_eq!(
            TexOp::from_asm("sust.b.2d.v2.b32.zero [$0, {$1, $2}], {$3, $4};", 0, 5),
            Some(parse("sust.b.2d.v2i32.zero"))
        );
        assert_eq!(TexOp::from_asm("txq.width.b32 $0, [$1];", 1, 1), Some(parse("txq.width")));
        // Operands out of order, an immediate, or a second instruction: not recognized.
        assert_eq!(TexOp::from_asm("tex.1d.v4.f32.s32 {$0, $1, $2, $3}, [$5, {$4}];", 4, 2), None);
        assert_eq!(TexOp::from_asm("tex.1d.v4.f32.s32 {$0, $1, $2, $3}, [$4, {0}];", 4, 1), None);
        assert_eq!(TexOp::from_asm("{.reg .pred %p; tex.1d.v4.f32.s32 {$0, $1, $2, $3}, [$4, {$5}];}", 4, 2), None);
    }

    #[test]
    fn float_arguments_are_the_float_coordinates() {
        let op = parse("tex.unified.1d.array.v4f32.f32");
        assert_eq!((0..3).map(|k| op.arg_is_float(k)).collect::<Vec<_>>(), [false, false, true]);
        let op = parse("tex.2d.level.v4f32.f32");
        assert_eq!((0..5).map(|k| op.arg_is_float(k)).collect::<Vec<_>>(), [false, false, true, true, true]);
        assert!(!parse("tex.unified.2d.v4f32.s32").arg_is_float(1));
    }
}
