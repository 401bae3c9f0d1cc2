//! Preparing a run: validating the launch, building constant bank 0, and resolving every
//! function's symbols and inline-assembly templates before anything executes (so a call of a
//! function defined in another module is refused up front; see the module documentation of
//! [`super`], section *Calls*).

use super::super::memory::{LOCAL_FRAME_BASE, Machine, function_address};
use super::super::pdom::PostDom;
use super::super::regs::RegMap;
use super::super::{Error, Launch, Options};
use super::{Code, Kernel, Sym};
use crate::ori::ir::{Callee, Function, Operand};
use crate::ori::lower::STACK_POINTER_CBANK;
use crate::ori::opcode::Op;
use std::collections::HashMap;

/// Builds constant bank 0: `ntid` at 0x0, `nctaid` at 0xc, the frame base at 0x28, parameters at
/// their offsets.
fn bank0(f: &Function, launch: &Launch, params: &[u64]) -> Result<Vec<u8>, Error> {
    if params.len() != f.params.len() {
        return Err(Error::internal(format!("{} parameter values for {} parameters", params.len(), f.params.len())));
    }
    let end = f.params.iter().map(|p| p.cbank_offset + p.size).max().unwrap_or(0);
    let mut bank = vec![0u8; (end as usize).max(0x30)];
    for d in 0..3 {
        bank[4 * d..4 * d + 4].copy_from_slice(&launch.block[d].to_le_bytes());
        bank[0xc + 4 * d..0xc + 4 * d + 4].copy_from_slice(&launch.grid[d].to_le_bytes());
    }
    let sp = STACK_POINTER_CBANK as usize;
    bank[sp..sp + 8].copy_from_slice(&LOCAL_FRAME_BASE.to_le_bytes());
    for (p, v) in f.params.iter().zip(params) {
        let at = p.cbank_offset as usize;
        // A parameter wider than a value (`.b8` arrays of `lower/params.rs`) gets the value in its
        // first 8 bytes and zeros after.
        let n = (p.size as usize).min(8);
        bank[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
    }
    Ok(bank)
}

/// Validates the launch and the code, and prepares every function.
pub(super) fn prepare<'a>(
    machine: &Machine,
    funcs: &[&'a Function],
    launch: &'a Launch,
    params: &[u64],
    opts: &'a Options,
) -> Result<Kernel<'a>, Error> {
    let threads: u64 = launch.block.iter().map(|&d| d as u64).product();
    if threads == 0 || threads > 1024 || launch.grid.contains(&0) {
        return Err(Error::internal(format!("invalid launch {launch:?}")));
    }
    let Some(&entry) = funcs.first() else { return Err(Error::internal("no function to run")) };
    if let Some(r) = machine.unresolved.first() {
        return Err(Error::unsupported(format!(
            "address in an initializer ({r}) of a symbol not defined in this module"
        )));
    }
    let index: HashMap<&str, usize> = funcs.iter().enumerate().map(|(k, f)| (f.name.as_str(), k)).collect();
    let mut code = Vec::with_capacity(funcs.len());
    for &f in funcs {
        let mut symbols = HashMap::new();
        let mut asm = HashMap::new();
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                if let Op::Asm { id, .. } = inst.op {
                    let text = f.asm.get(id as usize).map_or("?", |s| s.trim());
                    if crate::ori::texsurf::TexOp::from_asm(text, inst.dsts.len(), inst.srcs.len()).is_some() {
                        // A texture/surface instruction: run by `texsurf`, not the PTX-block evaluator.
                        continue;
                    }
                    let Some(p) = super::super::asm::program(text, inst.dsts.len(), inst.srcs.len()) else {
                        let e = Error::unsupported(format!("inline PTX assembly (ASM.{id} `{text}`) in @{}", f.name));
                        return Err(e.at(b as u32, i as u32));
                    };
                    asm.insert(id, p);
                }
                if let Some((callee, _)) = inst.call_parts() {
                    let (name, sym) = match callee {
                        Callee::Indirect { .. } => (inst.srcs[0].clone(), Sym::Proto),
                        Callee::Direct(n) if index.contains_key(n) => (inst.srcs[0].clone(), Sym::Func(index[n])),
                        Callee::Direct("vprintf") => (inst.srcs[0].clone(), Sym::Vprintf),
                        Callee::Direct("__assertfail") => (inst.srcs[0].clone(), Sym::AssertFail),
                        Callee::Direct(n) => {
                            let e = Error::unsupported(format!(
                                "call of @{n} in @{}, a function defined in another module",
                                f.name
                            ));
                            return Err(e.at(b as u32, i as u32));
                        }
                    };
                    if let Operand::Symbol(n) = name {
                        symbols.insert(n, sym);
                    }
                }
                for o in inst.srcs.iter().chain(&inst.dsts) {
                    if let Operand::Symbol(name) = o
                        && !symbols.contains_key(name)
                    {
                        let sym = symbol(machine, f, &index, name).map_err(|e| e.at(b as u32, i as u32))?;
                        symbols.insert(name.clone(), sym);
                    }
                }
            }
        }
        code.push(Code { f, map: RegMap::new(f)?, pdom: PostDom::compute(f), symbols, asm });
    }
    let by_address = funcs.iter().enumerate().map(|(k, f)| (function_address(&f.name), k)).collect();
    Ok(Kernel { code, bank: bank0(entry, launch, params)?, launch, opts, by_address })
}

/// The meaning of a symbol operand in `f`.
fn symbol(machine: &Machine, f: &Function, index: &HashMap<&str, usize>, name: &str) -> Result<Sym, Error> {
    let frame = crate::ori::regalloc::spill::FRAME_SYMBOL;
    if let Some(rest) = name.strip_prefix(frame) {
        let off = match rest.strip_prefix('+') {
            Some(n) => n.parse::<u64>().map_err(|_| Error::internal(format!("malformed frame symbol {name}")))?,
            None if rest.is_empty() => 0,
            None => return Err(Error::internal(format!("malformed frame symbol {name}"))),
        };
        return Ok(Sym::Frame(off));
    }
    if let Some(k) = f.params.iter().position(|p| p.name == name) {
        return Ok(Sym::Param(k));
    }
    if let Some(k) = name.strip_prefix("func_retval").and_then(|k| k.parse().ok()) {
        return Ok(Sym::RetVal(k));
    }
    if let Some(&k) = index.get(name) {
        return Ok(Sym::Func(k));
    }
    match machine.symbol(name) {
        Some((_, a)) => Ok(Sym::Addr(a)),
        None => {
            Err(Error::unsupported(format!("@{name} (a function or variable whose code or storage is not available)")))
        }
    }
}
