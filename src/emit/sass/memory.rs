//! Loads and stores in the listing: `LDG.E[.sz][.CONSTANT]`, `LDS`, `LDL`, `LD.E`, `LDC` and
//! the stores, scalar and vector.
//!
//! A vector access (several destinations, or several values after the address; see
//! `ori::lower::vectorize`) of `n` elements of `bits` each is one SASS access of `n · bits` bits
//! (`LDG.E.64`, `LDG.E.128`, `STS.128`) whose data sits in consecutive registers starting at an
//! aligned one (a pair at an even register, a quad at a multiple of four), as ptxas allocates
//! it. When the allocation put the elements elsewhere, the listing goes through an aligned
//! scratch group: the load lands there and `MOV`s spread the words (`MOV`s gather a store's words
//! first), what ptxas's allocator would do were it equally constrained. A vector of 8- or 16-bit
//! elements is listed element by element.

use super::Emitter;
use crate::ori::ir::{Inst, Operand, RegFile};
use crate::ori::opcode::{Space, sass_offset, size_suffix};

/// A memory operand: `[Rn.64]` for global and generic addresses, `[Rn]` (the low word) for the
/// 32-bit windows, `c[0x3][Rn]` for the constant bank of `__constant__` data; `+0x10` offsets.
pub(super) fn mem_addr(em: &Emitter, o: &Operand, space: Space, offset: i32) -> String {
    let a = em.word(o, 0);
    let off = sass_offset(offset);
    match space {
        Space::Global | Space::Generic | Space::Param => format!("[{a}.64{off}]"),
        Space::Shared | Space::Local => format!("[{a}{off}]"),
        Space::Const => format!("c[0x3][{a}{off}]"),
    }
}

/// The physical registers holding `ops` word by word, when they are consecutive from an
/// aligned first register: that register.
fn consecutive(em: &Emitter, ops: &[Operand]) -> Option<u32> {
    let mut words = Vec::new();
    for o in ops {
        let r = em.regs_of(o);
        let in_r = matches!(o, Operand::Reg(v) if em.f.reg_info(*v).file == RegFile::R);
        if r.is_empty() || !in_r {
            return None;
        }
        words.extend(r);
    }
    let first = *words.first()?;
    let n = words.len() as u32;
    let aligned = first.is_multiple_of(n.next_power_of_two());
    (aligned && words.iter().enumerate().all(|(k, &w)| w == first + k as u32)).then_some(first)
}

/// The mnemonic of a load from `space`.
fn load_base(space: Space) -> &'static str {
    match space {
        Space::Global => "LDG.E",
        Space::Shared => "LDS",
        Space::Local => "LDL",
        Space::Const => "LDC",
        Space::Generic | Space::Param => "LD.E",
    }
}

/// The mnemonic of a store to `space`.
fn store_base(space: Space) -> &'static str {
    match space {
        Space::Global => "STG.E",
        Space::Shared => "STS",
        Space::Local => "STL",
        Space::Const | Space::Generic | Space::Param => "ST.E",
    }
}

/// Lists a load (`i.op` is `Op::Ld` with these fields).
#[allow(clippy::too_many_arguments)]
pub(super) fn load(
    em: &mut Emitter,
    i: &Inst,
    space: Space,
    bits: u32,
    signed: bool,
    volatile: bool,
    offset: i32,
    nc: bool,
) {
    let vol = if volatile { ".STRONG.SYS" } else { "" };
    let nc = if nc && space == Space::Global { ".CONSTANT" } else { "" };
    let address = i.address().unwrap_or(&Operand::Zero);
    if let Operand::CBank { .. } = address {
        let sz = if bits == 32 { "" } else { size_suffix(bits, signed) };
        let (d, s) = (em.op(i.dst().unwrap_or(&Operand::Zero)), em.op(address));
        return em.emit(format!("LDC{sz} {d}, {s}"));
    }
    let base = load_base(space);
    let n = i.dsts.len() as u32;
    if n <= 1 || bits < 32 {
        // Scalar, or narrow elements one by one.
        let sz = size_suffix(bits, signed);
        for (k, d) in i.dsts.iter().enumerate() {
            let addr = mem_addr(em, address, space, offset + (k as u32 * bits / 8) as i32);
            let d = em.op(d);
            em.emit(format!("{base}{sz}{nc}{vol} {d}, {addr}"));
        }
        return;
    }
    let sz = size_suffix(n * bits, false);
    let addr = mem_addr(em, address, space, offset);
    if let Some(first) = consecutive(em, &i.dsts) {
        return em.emit(format!("{base}{sz}{nc}{vol} R{first}, {addr}"));
    }
    let words = n * bits / 32;
    let t = em.scratch.r(words);
    em.emit(format!("{base}{sz}{nc}{vol} R{t}, {addr}"));
    let mut w = t;
    for d in &i.dsts {
        let same_file = matches!(d, Operand::Reg(v) if em.f.reg_info(*v).file == RegFile::R);
        for k in 0..bits / 32 {
            let to = em.word(d, k);
            if !same_file || to != format!("R{}", w + k) {
                em.emit(format!("MOV {to}, R{}", w + k));
            }
        }
        w += bits / 32;
    }
}

/// A stored value in registers: zero is `RZ`, other immediates are moved into scratch first.
pub(super) fn store_value(em: &mut Emitter, o: &Operand, bits: u32) -> String {
    match o {
        Operand::Reg(_) => em.op(o),
        Operand::Zero | Operand::Imm(0) => "RZ".into(),
        _ if bits == 64 => {
            let (t, n) = em.tmp_pair();
            em.emit(format!("MOV {t}, {}", em.word(o, 0)));
            em.emit(format!("MOV R{}, {}", n + 1, em.word(o, 1)));
            t
        }
        _ => em.in_reg(o),
    }
}

/// Lists a store (`i.op` is `Op::St` with these fields).
pub(super) fn store(em: &mut Emitter, i: &Inst, space: Space, bits: u32, volatile: bool, offset: i32) {
    let vol = if volatile { ".STRONG.SYS" } else { "" };
    let base = store_base(space);
    let address = i.address().unwrap_or(&Operand::Zero);
    let vals = i.stored_values();
    let n = vals.len() as u32;
    if n <= 1 || bits < 32 {
        let sz = size_suffix(bits, false);
        for (k, o) in vals.iter().enumerate() {
            let v = store_value(em, o, bits);
            let addr = mem_addr(em, address, space, offset + (k as u32 * bits / 8) as i32);
            em.emit(format!("{base}{sz}{vol} {addr}, {v}"));
        }
        return;
    }
    let sz = size_suffix(n * bits, false);
    let addr = mem_addr(em, address, space, offset);
    if let Some(first) = consecutive(em, vals) {
        return em.emit(format!("{base}{sz}{vol} {addr}, R{first}"));
    }
    let t = em.scratch.r(n * bits / 32);
    for (k, o) in vals.iter().enumerate() {
        for w in 0..bits / 32 {
            let dst = t + k as u32 * (bits / 32) + w;
            let src = match o {
                Operand::Zero => "RZ".to_string(),
                Operand::Reg(v)
                    if em.f.reg_info(*v).file == RegFile::R && em.regs_of(o).get(w as usize) == Some(&dst) =>
                {
                    continue;
                }
                _ => em.word(o, w),
            };
            em.emit(format!("MOV R{dst}, {src}"));
        }
    }
    em.emit(format!("{base}{sz}{vol} {addr}, R{t}"));
}
