//! The generic-address windows of the state spaces: a shared, local or const address plus its
//! window base is the generic address of it. [`cvta`] maps a space address into its window and
//! back (the `CVTA` opcode); [`resolve`] tells which space a generic address lies in. The
//! interpreter's per-opcode semantics (`exec.rs`) and its memory (`memory.rs`) both use them.

use super::Error;
use crate::ori::opcode::Space;

/// Generic-address windows of the state spaces (`cvta`): a space address plus its window base.
pub const SHARED_WINDOW: u64 = 0x0000_7F00_0000_0000;
pub const LOCAL_WINDOW: u64 = 0x0000_7E00_0000_0000;
pub const CONST_WINDOW: u64 = 0x0000_7D00_0000_0000;
/// Size of each window.
pub const WINDOW_SIZE: u64 = 1 << 32;

/// `CVTA[.TO].space`: between a space address and its generic address.
pub fn cvta(space: Space, to_generic: bool, v: u64) -> Result<u64, Error> {
    let window = match space {
        Space::Global | Space::Generic => return Ok(v),
        Space::Shared => SHARED_WINDOW,
        Space::Local => LOCAL_WINDOW,
        Space::Const => CONST_WINDOW,
        Space::Param => return Err(Error::unsupported("CVTA of the param space")),
    };
    Ok(if to_generic { v.wrapping_add(window) } else { v.wrapping_sub(window) })
}

/// The state space and space address a (possibly generic) address names.
pub(crate) fn resolve(space: Space, addr: u64) -> (Space, u64) {
    match space {
        Space::Generic => {
            let within = |w: u64| addr >= w && addr - w < WINDOW_SIZE;
            if within(SHARED_WINDOW) {
                (Space::Shared, addr - SHARED_WINDOW)
            } else if within(LOCAL_WINDOW) {
                (Space::Local, addr - LOCAL_WINDOW)
            } else if within(CONST_WINDOW) {
                (Space::Const, addr - CONST_WINDOW)
            } else {
                (Space::Global, addr)
            }
        }
        s => (s, addr),
    }
}
