//! Textures and surfaces in the reference run: the images bound to handles for one run, and the
//! host function the rewritten texture/surface intrinsics call (`rewrite/texsurf.rs`).
//!
//! The semantics are the model shared with the interpreter (`ori::interp::texture`): the
//! reference is independent of ori's lowering (it executes the intrinsics of the input IR, with
//! the arguments LLVM computed), not of the model of texture memory, which both sides must agree
//! on for a comparison to mean anything.

use super::sched;
use crate::ori::interp::texture::{self, ImageMemory, ImageSpec};
use crate::ori::texsurf::TexOp;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// One bound image: its shape and data.
struct HostImage {
    spec: ImageSpec,
    data: Mutex<Vec<u8>>,
}

/// The images of one run, by handle.
#[derive(Default)]
pub struct HostImages {
    map: BTreeMap<u64, HostImage>,
}

impl HostImages {
    pub fn bind(&mut self, handle: u64, spec: ImageSpec, data: Vec<u8>) {
        self.map.insert(handle, HostImage { spec, data: Mutex::new(data) });
    }

    /// The data of the image bound to `handle` (empty when none is).
    pub fn data(&self, handle: u64) -> Vec<u8> {
        self.map.get(&handle).map(|i| i.data.lock().unwrap_or_else(|e| e.into_inner()).clone()).unwrap_or_default()
    }

    fn bytes(&self, handle: u64, offset: u64, len: u64) -> Result<std::sync::MutexGuard<'_, Vec<u8>>, String> {
        let img = self.map.get(&handle).ok_or_else(|| format!("handle {handle:#x} names no image"))?;
        let d = img.data.lock().unwrap_or_else(|e| e.into_inner());
        if offset.checked_add(len).is_none_or(|end| end > d.len() as u64) {
            return Err(format!("access of {len} bytes at byte {offset} of an image of {} bytes", d.len()));
        }
        Ok(d)
    }
}

impl ImageMemory for &HostImages {
    fn spec(&self, handle: u64) -> Option<ImageSpec> {
        self.map.get(&handle).map(|i| i.spec)
    }
    fn read(&mut self, handle: u64, offset: u64, len: u64) -> Result<u128, String> {
        let d = self.bytes(handle, offset, len)?;
        let b = &d[offset as usize..(offset + len) as usize];
        Ok(b.iter().rev().fold(0u128, |acc, &x| acc << 8 | u128::from(x)))
    }
    fn write(&mut self, handle: u64, offset: u64, len: u64, value: u128) -> Result<(), String> {
        let mut d = self.bytes(handle, offset, len)?;
        d[offset as usize..(offset + len) as usize].copy_from_slice(&value.to_le_bytes()[..len as usize]);
        Ok(())
    }
}

thread_local! {
    /// The images of the run the calling OS thread takes part in.
    static CURRENT: RefCell<Option<Arc<HostImages>>> = const { RefCell::new(None) };
}

/// Runs `body` with `images` as the calling thread's images.
pub fn with_images<R>(images: Arc<HostImages>, body: impl FnOnce() -> R) -> R {
    CURRENT.with(|c| *c.borrow_mut() = Some(images));
    let r = body();
    CURRENT.with(|c| *c.borrow_mut() = None);
    r
}

/// `ori.ref.image(code, args, n, out)`: the texture/surface instruction `TexOp::decode(code)`
/// on the `n` raw argument values at `args`; its four raw results go to `out`. A fault fails
/// the run (results 0).
pub extern "C" fn ori_ref_image(code: u32, args: *const u64, n: u32, out: *mut u64) {
    // SAFETY: the rewritten IR passes an array of `n` words and one of four (`rewrite/texsurf.rs`).
    let (args, out) = unsafe { (std::slice::from_raw_parts(args, n as usize), std::slice::from_raw_parts_mut(out, 4)) };
    let images = CURRENT.with(|c| c.borrow().clone());
    let result = match (TexOp::decode(code), images) {
        (Some(op), Some(images)) => texture::execute(op, &mut &*images, args),
        (None, _) => Err(format!("unknown texture/surface operation {code:#x}")),
        (_, None) => Err("a texture/surface instruction outside a run".into()),
    };
    match result {
        Ok(v) => out.copy_from_slice(&v),
        Err(why) => {
            out.fill(0);
            sched::fail_current(why);
        }
    }
}
