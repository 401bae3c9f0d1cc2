//! The module-level part of the PTX (llc-19's forms): function headers and declarations
//! (`.extern .func`, prototypes of functions named before their definition), and variables.
//!
//! - a declaration: `.extern .space .align A .u32 name;` for a scalar, else `.b8 name[size]`
//!   (`[]` when the size is 0, the dynamic shared array);
//! - a scalar: `[linkage].space .align A .u32 name = 5;` (floats as `0f`/`0d` bit literals, an
//!   address as `generic(x)+8` / `x`);
//! - an aggregate without addresses: `.b8 name[size] = {1, 0, ...}` with the trailing zero bytes
//!   left out (PTX zero-fills the rest);
//! - an aggregate holding addresses at 8-byte-aligned offsets: `.u64 name[size/8] = {...}`, one
//!   word per element, an address word spelled as a scalar's; at other offsets: `.u8 name[size]`
//!   with one masked term per address byte, `0xFF00(generic(x))` (PTX ISA 7.1+).
//!
//! No initializer is written when it is all zero (PTX zero-initializes `.global`/`.const`).

use crate::ori::ir::{CallSig, Function, GlobalVar, Operand, Program, Reloc};
use crate::ori::opcode::Space;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The definition or declaration of every module variable, one line each.
pub fn variables(globals: &[GlobalVar]) -> String {
    let mut s = String::new();
    for k in definition_order(globals) {
        s.push_str(&variable(&globals[k]));
        s.push('\n');
    }
    s
}

/// Module order, except that a variable whose initializer holds another variable's address
/// comes after that variable (ptxas rejects a symbol used in an initial value before its
/// declaration; llc orders them the same way). Depth-first over the relocations, so the
/// order is deterministic; a cycle keeps module order for the variables on it.
fn definition_order(globals: &[GlobalVar]) -> Vec<usize> {
    let index: std::collections::HashMap<&str, usize> =
        globals.iter().enumerate().map(|(k, g)| (g.name.as_str(), k)).collect();
    // 0: not visited, 1: on the stack, 2: placed.
    let mut state = vec![0u8; globals.len()];
    let mut order = Vec::with_capacity(globals.len());
    fn visit(
        k: usize,
        globals: &[GlobalVar],
        index: &std::collections::HashMap<&str, usize>,
        state: &mut [u8],
        order: &mut Vec<usize>,
    ) {
        if state[k] != 0 {
            return;
        }
        state[k] = 1;
        for r in globals[k].relocs.iter().filter(|r| !r.function) {
            if let Some(&t) = index.get(r.target.as_str()) {
                visit(t, globals, index, state, order);
            }
        }
        state[k] = 2;
        order.push(k);
    }
    for k in 0..globals.len() {
        visit(k, globals, &index, &mut state, &mut order);
    }
    order
}

/// `generic(x)+8`, `x+-4`, `x` (ptxas rejects llc's `x-4`).
fn address(r: &Reloc) -> String {
    let base = if r.generic { format!("generic({})", r.target) } else { r.target.clone() };
    match r.addend {
        0 => base,
        a => format!("{base}+{a}"),
    }
}

fn word(bytes: &[u8], at: usize, n: usize) -> u64 {
    let mut w = [0u8; 8];
    let end = (at + n).min(bytes.len());
    if at < end {
        w[..end - at].copy_from_slice(&bytes[at..end]);
    }
    u64::from_le_bytes(w)
}

/// One variable's line.
pub fn variable(g: &GlobalVar) -> String {
    let space = g.space.ptx();
    if let Some(kind) = g.handle {
        // `.visible .global .texref tex;`: a reference, without alignment or initializer.
        let linkage = if g.external { ".extern " } else { g.linkage.directive() };
        return format!("{linkage}{space} {} {};", kind.ptx_ref(), g.name);
    }
    if g.external || (g.size == 0 && g.space == Space::Shared) {
        if let Some(t) = g.scalar {
            return format!(".extern {space} .align {} {t} {};", g.align, g.name);
        }
        let dims = if g.size == 0 { String::new() } else { g.size.to_string() };
        return format!(".extern {space} .align {} .b8 {}[{dims}];", g.align, g.name);
    }
    let head = format!("{}{space} .align {}", g.linkage.directive(), g.align);
    if g.size == 0 {
        // A zero-sized variable (`[0 x i32]`, `{}`): one byte, as llc writes it (ptxas rejects
        // an array of no elements outside `.extern`).
        return format!("{head} .b8 {};", g.name);
    }
    let Some(init) = &g.init else {
        return match g.scalar {
            Some(t) => format!("{head} {t} {};", g.name),
            None => format!("{head} .b8 {}[{}];", g.name, g.size),
        };
    };
    if let Some(t) = g.scalar {
        let value = match (g.relocs.first(), t) {
            (Some(r), _) => address(r),
            (None, ".f32") => format!("0f{:08X}", word(init, 0, 4) as u32),
            (None, ".f64") => format!("0d{:016X}", word(init, 0, 8)),
            (None, _) => word(init, 0, g.size as usize).to_string(),
        };
        return format!("{head} {t} {} = {value};", g.name);
    }
    if g.relocs.is_empty() {
        let end = init.iter().rposition(|&b| b != 0).map_or(0, |k| k + 1);
        let bytes: Vec<String> = init[..end].iter().map(|b| b.to_string()).collect();
        return format!("{head} .b8 {}[{}] = {{{}}};", g.name, g.size, bytes.join(", "));
    }
    let mut s = String::new();
    if g.size.is_multiple_of(8) && g.relocs.iter().all(|r| r.offset.is_multiple_of(8)) {
        let words: Vec<String> = (0..g.size as usize / 8)
            .map(|k| match g.relocs.iter().find(|r| r.offset == 8 * k as u64) {
                Some(r) => address(r),
                None => word(init, 8 * k, 8).to_string(),
            })
            .collect();
        let _ = write!(s, "{head} .u64 {}[{}] = {{{}}};", g.name, g.size / 8, words.join(", "));
        return s;
    }
    let mut bytes = Vec::new();
    let mut k = 0u64;
    while k < g.size {
        if let Some(r) = g.relocs.iter().find(|r| r.offset == k) {
            let a = address(r);
            for b in 0..8 {
                bytes.push(format!("{:#X}({a})", 0xFFu64 << (8 * b)));
            }
            k += 8;
        } else {
            bytes.push(init[k as usize].to_string());
            k += 1;
        }
    }
    let _ = write!(s, "{head} .u8 {}[{}] = {{{}}};", g.name, g.size, bytes.join(", "));
    s
}

/// The `.param` list of a function: one `\t.param ...` line per parameter.
fn param_list(f: &Function) -> String {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| {
            match p.ptx_type {
                // Vector, struct and byval kernel parameters: an aligned byte array (`lower/params.rs`).
                ".b8" => format!("\t.param .align {} .b8 {}[{}]", p.align, p.name, p.size),
                // `.align 2 .b8` parameters (half) are byte arrays.
                t if t.ends_with(".b8") => format!("\t.param {t} {}[{}]", p.name, p.size),
                t => format!("\t.param {t} {}", p.name),
            }
        })
        .collect();
    params.join(",\n")
}

/// `.visible .entry k(...)` / `[linkage].func (.param .b32 func_retval0) f(...)`, without a body.
pub fn function_header(f: &Function) -> String {
    if f.is_kernel {
        return format!(".visible .entry {}(\n{}\n)", f.name, param_list(f));
    }
    let ret = f.sig.ret.as_ref().map(|r| format!("({}) ", r.decl("func_retval0"))).unwrap_or_default();
    format!("{}.func {ret}{}(\n{}\n)", f.linkage.directive(), f.name, param_list(f))
}

/// The signature of every function a `CALL` may name: the module's device functions and the
/// declared ones.
pub fn signatures(prog: &Program) -> BTreeMap<String, CallSig> {
    let mut m: BTreeMap<String, CallSig> =
        prog.functions.iter().filter(|f| !f.is_kernel).map(|f| (f.name.clone(), f.sig.clone())).collect();
    for e in &prog.externs {
        m.insert(e.name.clone(), e.sig.clone());
    }
    m
}

/// Declarations before the variables: `.extern .func` for every declared function, and a
/// prototype of each device function named before its definition (by a variable's initializer
/// or by a function printed earlier).
pub fn declarations(prog: &Program, emitted: &[&Function]) -> String {
    let mut s = String::new();
    for e in &prog.externs {
        let ret = e.sig.ret.as_ref().map(|r| format!("({}) ", r.decl("func_retval0"))).unwrap_or_default();
        let params: Vec<String> = e
            .sig
            .params
            .iter()
            .enumerate()
            .map(|(k, p)| format!("\t{}", p.decl(&format!("{}_param_{k}", e.name))))
            .collect();
        let _ = writeln!(s, ".extern .func {ret}{}(\n{}\n);", e.name, params.join(",\n"));
    }
    let position: BTreeMap<&str, usize> = emitted.iter().enumerate().map(|(k, f)| (f.name.as_str(), k)).collect();
    let mut early: BTreeSet<&str> =
        prog.globals.iter().flat_map(|g| &g.relocs).filter(|r| r.function).map(|r| r.target.as_str()).collect();
    for (k, f) in emitted.iter().enumerate() {
        for o in f.blocks.iter().flat_map(|b| &b.insts).flat_map(|i| &i.srcs) {
            if let Operand::Symbol(n) = o
                && position.get(n.as_str()).is_some_and(|&p| p > k)
            {
                early.insert(n.as_str());
            }
        }
    }
    for f in emitted.iter().filter(|f| !f.is_kernel && early.contains(f.name.as_str())) {
        let _ = writeln!(s, "{};", function_header(f));
    }
    s
}
