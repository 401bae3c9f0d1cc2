//! Simulated memory: the state spaces and their addresses.
//!
//! - **Global**: a byte-addressed map of allocations (kernel buffers and `.global` module
//!   variables), each at its own base address from [`GLOBAL_BASE`] on, 16 MiB-aligned with unmapped
//!   gaps between them, so an access past the end of one buffer faults instead of reaching the
//!   next. Global addresses are generic addresses.
//! - **Shared**: one segment per CTA (zeroed at CTA start): the static `.shared` variables in
//!   module order at their alignment from offset 0, then the dynamic (`extern`, size 0) arrays, all
//!   at the same 16-byte-aligned offset, with the launch's dynamic size. Shared addresses are
//!   offsets; generic shared addresses are `SHARED_WINDOW + offset`.
//! - **Local**: one frame per thread of `Function::local_frame` bytes (zeroed), at local address
//!   [`LOCAL_FRAME_BASE`] (the value of the stack-pointer word `c[0x0][0x28]`); spill slots are
//!   the symbol `__local_depot+off`, i.e. `LOCAL_FRAME_BASE + off`. Generic local addresses are
//!   `LOCAL_WINDOW + address`.
//! - **Const**: the `.const` module variables laid out from offset 0 with their initializers;
//!   generic const addresses are `CONST_WINDOW + offset`. Constant bank 0 (`c[0x0][..]`, kernel
//!   parameters and launch words) is separate: see `simt.rs`.
//!
//! - **Functions** have code addresses in their own window, [`function_address`] (a hash of the
//!   name, so every run and every kernel agrees on them without a table); no access may touch
//!   them, an indirect `CALL` maps them back to the function.
//! - **Module variables** are placed by [`Machine::new`]: initializer bytes first, then each
//!   relocation (`GlobalVar::relocs`) writes its target's address (the space address, or the
//!   generic one through [`super::windows::cvta`]) plus the addend. A declaration (`.extern`, not
//!   shared) has no storage here: its symbol is unknown, and a relocation to it is listed in
//!   [`Machine::unresolved`].
//!
//! - **Images** (textures, surfaces, samplers) are bound to handle values by
//!   [`Machine::bind_image`]; their data is a global allocation (`texture.rs` has the model).
//!
//! Every access must be naturally aligned (a vector access: to its whole size), as the hardware
//! requires; a misaligned or unmapped access is a fault.

use super::Error;
use super::texture::ImageSpec;
use super::windows::{cvta, resolve};
use crate::ori::ir::GlobalVar;
use crate::ori::opcode::Space;
use std::collections::BTreeMap;

/// First global allocation address.
pub const GLOBAL_BASE: u64 = 0x0000_0001_0000_0000;
/// Alignment of (and minimum gap between) global allocations.
pub const GLOBAL_ALIGN: u64 = 0x100_0000;
/// The local address of the start of every thread's frame.
pub const LOCAL_FRAME_BASE: u64 = 0x1_0000;

/// Base of the code-address window ([`function_address`]).
pub const FUNC_WINDOW: u64 = 0x0000_7C00_0000_0000;

/// The code address of function `name`: [`FUNC_WINDOW`] plus 16 times a 32-bit FNV-1a hash of
/// the name.
pub fn function_address(name: &str) -> u64 {
    let mut h: u32 = 0x811c_9dc5;
    for b in name.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    FUNC_WINDOW + 16 * u64::from(h)
}

/// One global allocation.
#[derive(Clone, Debug)]
pub struct Buffer {
    pub name: String,
    pub base: u64,
    pub data: Vec<u8>,
}

/// The machine's memory that outlives a CTA: global allocations, constant memory and the module
/// symbol table.
#[derive(Clone, Debug, Default)]
pub struct Machine {
    buffers: Vec<Buffer>,
    next_base: u64,
    /// `.const` memory.
    pub(crate) konst: Vec<u8>,
    /// Module symbol → (space, space address).
    symbols: BTreeMap<String, (Space, u64)>,
    /// Static shared bytes, and the offset of the dynamic shared arrays.
    pub(crate) shared_static: u64,
    pub(crate) shared_dynamic_base: u64,
    /// Initial contents of the static shared segment (zero unless a variable has an initializer).
    pub(crate) shared_init: Vec<u8>,
    /// Relocations whose target has no storage or code here (`@var -> @target`).
    pub unresolved: Vec<String>,
    /// Texture, surface and sampler handles → the image bound to each and the base address of
    /// its data (`texture.rs`).
    images: BTreeMap<u64, (ImageSpec, u64)>,
}

impl Machine {
    /// A machine with the module variables `globals` placed and initialized.
    pub fn new(globals: &[GlobalVar]) -> Machine {
        let mut m = Machine { next_base: GLOBAL_BASE, ..Default::default() };
        let mut shared_init: Vec<u8> = Vec::new();
        for g in globals {
            let align = g.align.max(1) as u64;
            match g.space {
                Space::Shared if g.external || g.size == 0 => {}
                Space::Shared => {
                    let off = (shared_init.len() as u64).next_multiple_of(align);
                    shared_init.resize((off + g.size) as usize, 0);
                    if let Some(init) = &g.init {
                        shared_init[off as usize..off as usize + init.len()].copy_from_slice(init);
                    }
                    m.symbols.insert(g.name.clone(), (Space::Shared, off));
                }
                Space::Const => {
                    let off = (m.konst.len() as u64).next_multiple_of(align);
                    m.konst.resize((off + g.size) as usize, 0);
                    if let Some(init) = &g.init {
                        m.konst[off as usize..off as usize + init.len()].copy_from_slice(init);
                    }
                    m.symbols.insert(g.name.clone(), (Space::Const, off));
                }
                Space::Global | Space::Generic | Space::Local | Space::Param if g.external => {}
                Space::Global | Space::Generic | Space::Local | Space::Param => {
                    let mut data = vec![0u8; g.size.max(1) as usize];
                    if let Some(init) = &g.init {
                        data[..init.len()].copy_from_slice(init);
                    }
                    let base = m.alloc(&format!("@{}", g.name), data);
                    m.symbols.insert(g.name.clone(), (Space::Global, base));
                }
            }
        }
        m.shared_static = shared_init.len() as u64;
        m.shared_dynamic_base = m.shared_static.next_multiple_of(16);
        for g in globals.iter().filter(|g| g.space == Space::Shared && (g.external || g.size == 0)) {
            m.symbols.insert(g.name.clone(), (Space::Shared, m.shared_dynamic_base));
        }
        m.shared_init = shared_init;
        for g in globals {
            for r in &g.relocs {
                m.relocate(g, r);
            }
        }
        m
    }

    /// Writes the address a relocation names into its variable's storage.
    fn relocate(&mut self, g: &GlobalVar, r: &crate::ori::ir::Reloc) {
        let target = if r.function {
            Some(function_address(&r.target))
        } else {
            self.symbols
                .get(&r.target)
                .and_then(|&(space, a)| if r.generic { cvta(space, true, a).ok() } else { Some(a) })
        };
        let (Some(t), Some(&(space, at))) = (target, self.symbols.get(&g.name)) else {
            self.unresolved.push(format!("@{} -> @{}", g.name, r.target));
            return;
        };
        let value = t.wrapping_add(r.addend as u64).to_le_bytes();
        let at = (at + r.offset) as usize;
        let bytes = match space {
            Space::Shared => self.shared_init.get_mut(at..at + 8),
            Space::Const => self.konst.get_mut(at..at + 8),
            _ => {
                let base = at - r.offset as usize;
                let b = self.buffers.iter_mut().find(|b| b.base == base as u64);
                b.and_then(|b| b.data.get_mut(r.offset as usize..r.offset as usize + 8))
            }
        };
        match bytes {
            Some(b) => b.copy_from_slice(&value),
            None => self.unresolved.push(format!("@{} -> @{} (outside the variable)", g.name, r.target)),
        }
    }

    /// Allocates a global buffer holding `data`; returns its base address.
    pub fn alloc(&mut self, name: &str, data: Vec<u8>) -> u64 {
        let base = self.next_base;
        let end = base + data.len() as u64;
        self.next_base = (end + GLOBAL_ALIGN).next_multiple_of(GLOBAL_ALIGN);
        self.buffers.push(Buffer { name: name.to_string(), base, data });
        base
    }

    /// Binds `handle` to an image holding `data` (a global allocation named `name`); returns
    /// the data's base address.
    pub fn bind_image(&mut self, handle: u64, spec: ImageSpec, name: &str, data: Vec<u8>) -> u64 {
        let base = self.alloc(name, data);
        self.images.insert(handle, (spec, base));
        base
    }

    /// The image bound to `handle` and the base address of its data.
    pub fn image(&self, handle: u64) -> Option<(ImageSpec, u64)> {
        self.images.get(&handle).copied()
    }

    /// The allocation starting at `base`.
    pub fn buffer(&self, base: u64) -> Option<&Buffer> {
        self.buffers.iter().find(|b| b.base == base)
    }

    /// Every allocation, in address order.
    pub fn buffers(&self) -> &[Buffer] {
        &self.buffers
    }

    /// A module symbol's space and space address.
    pub fn symbol(&self, name: &str) -> Option<(Space, u64)> {
        self.symbols.get(name).copied()
    }

    fn global_bytes(&mut self, addr: u64, len: u64) -> Result<&mut [u8], Error> {
        // Allocations are in increasing address order.
        let i = self.buffers.partition_point(|b| b.base <= addr);
        if i > 0 {
            let b = &mut self.buffers[i - 1];
            if addr + len <= b.base + b.data.len() as u64 {
                let off = (addr - b.base) as usize;
                return Ok(&mut b.data[off..off + len as usize]);
            }
        }
        Err(Error::fault(format!("global access of {len} bytes at {addr:#x} is outside every allocation")))
    }
}

/// The memory one thread sees during an access.
pub(crate) struct View<'a> {
    pub machine: &'a mut Machine,
    pub shared: &'a mut [u8],
    pub local: &'a mut [u8],
}

fn slice(buf: &mut [u8], off: u64, len: u64, what: &str, addr: u64) -> Result<usize, Error> {
    if off.checked_add(len).is_none_or(|end| end > buf.len() as u64) {
        return Err(Error::fault(format!(
            "{what} access of {len} bytes at {addr:#x} is outside the {} bytes of {what} memory",
            buf.len()
        )));
    }
    Ok(off as usize)
}

impl View<'_> {
    /// The bytes of an access of `len` bytes at `addr` in `space` (`write`: for a store).
    pub fn bytes(&mut self, space: Space, addr: u64, len: u64, write: bool) -> Result<&mut [u8], Error> {
        if len > 1 && !addr.is_multiple_of(len) {
            return Err(Error::fault(format!("misaligned {len}-byte access at {addr:#x} ({space:?})")));
        }
        let (space, addr) = resolve(space, addr);
        match space {
            Space::Global => self.machine.global_bytes(addr, len),
            Space::Shared => {
                let off = slice(self.shared, addr, len, "shared", addr)?;
                Ok(&mut self.shared[off..off + len as usize])
            }
            Space::Local => {
                let off = addr.wrapping_sub(LOCAL_FRAME_BASE);
                let off = slice(self.local, off, len, "local", addr)?;
                Ok(&mut self.local[off..off + len as usize])
            }
            Space::Const => {
                if write {
                    return Err(Error::fault(format!("store to constant memory at {addr:#x}")));
                }
                let off = slice(&mut self.machine.konst, addr, len, "constant", addr)?;
                Ok(&mut self.machine.konst[off..off + len as usize])
            }
            Space::Param => Err(Error::unsupported("memory access to the param space")),
            Space::Generic => unreachable!("generic addresses were resolved above"),
        }
    }

    /// Loads `len` (≤ 16) bytes, little endian.
    pub fn load(&mut self, space: Space, addr: u64, len: u64) -> Result<u128, Error> {
        let b = self.bytes(space, addr, len, false)?;
        let mut v = [0u8; 16];
        v[..len as usize].copy_from_slice(b);
        Ok(u128::from_le_bytes(v))
    }

    /// Stores the low `len` (≤ 16) bytes of `value`.
    pub fn store(&mut self, space: Space, addr: u64, len: u64, value: u128) -> Result<(), Error> {
        let b = self.bytes(space, addr, len, true)?;
        b.copy_from_slice(&value.to_le_bytes()[..len as usize]);
        Ok(())
    }
}
