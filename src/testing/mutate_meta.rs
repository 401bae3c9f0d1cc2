//! Mutations of metadata and attributes (`ori mutate --metadata`), for fuzzing every reader of
//! metadata with the shapes real modules (and llvm-extract, and hand edits) produce.
//!
//! Algorithm: the module is printed, and `count` edits are made to the text, each of a kind
//! picked by the seeded generator (`crate::rng`):
//!
//! - `annotation`: an `!nvvm.annotations` entry gets another subject (`null`, a global, a string,
//!   a constant), another key (every launch-bound key, unknown ones, a non-string), another value
//!   (0, 1, −1, huge, `i1`, `i64`, `i128`, a float, a string, `null`, a node), loses or gains an
//!   operand, or a new entry (possibly `!{null, !"kernel", i32 1}`) joins the list;
//! - `range`: an integer load or special-register call gets a `!range` (one or two pairs,
//!   wrapping or not), or loses its own;
//! - `noundef`: a load gets or loses `!noundef !{}`;
//! - `debug`: the module gets line-table debug info (a compile unit, a subprogram per function,
//!   locations on instructions) with odd corners — line or column 0 or huge, a subprogram without a
//!   file, a lexical block scope, an `inlinedAt` chain — or loses some locations;
//! - `fn-attr`: a function gets or loses an attribute (`"nvvm.maxntid"`, `"nvvm.reqntid"`,
//!   `"nvvm.maxnreg"`, `"nvvm.minctasm"`, `"nvvm.cluster_dim"`, `"target-cpu"` with well- and
//!   ill-formed values; `noinline`, `alwaysinline`, `convergent`, `memory(none)`, ...);
//! - `param-attr`: a parameter gets or loses `noundef`, `zeroext`, `signext`, `inreg`, `noalias`,
//!   `nonnull`, `readonly`, `align N`, `dereferenceable(N)`, `byval(T)`, `range(iN a, b)`.
//!
//! The edited text must parse and verify (LLVM's verifier has the last word: an attribute on the
//! wrong type, an empty `!range`, a malformed subprogram are rejected); when it does not, the
//! whole set of edits is drawn again from the generator's next values (up to 64 times). Debug info
//! the verifier finds broken is dropped by LLVM's parser with a warning, which leaves a valid
//! module too. Every applied edit is described in one line, for replay.

use crate::rng::Rng;
use anyhow::{Result, bail};
use inkwell::context::Context;

/// The launch-bound keys and a few others of `!nvvm.annotations`.
const KEYS: [&str; 16] = [
    "kernel",
    "maxntidx",
    "maxntidy",
    "maxntidz",
    "reqntidx",
    "reqntidy",
    "reqntidz",
    "maxnreg",
    "minctasm",
    "cluster_dim_x",
    "cluster_dim_y",
    "maxclusterrank",
    "texture",
    "managed",
    "",
    "maxntid",
];

const VALUES: [&str; 16] = [
    "i32 0",
    "i32 1",
    "i32 -1",
    "i32 2",
    "i32 32",
    "i32 1024",
    "i32 4096",
    "i64 5000000000",
    "i1 true",
    "i128 5",
    "i16 64",
    "float 1.0",
    "!\"one\"",
    "null",
    "!{i32 1}",
    "!{}",
];

/// Picks one element.
fn pick<'a, T>(rng: &mut Rng, v: &'a [T]) -> &'a T {
    &v[rng.below(v.len())]
}

/// The printed module, as lines, with the numbers of its metadata nodes.
struct Text {
    lines: Vec<String>,
    next_md: u32,
}

impl Text {
    fn new(s: &str) -> Text {
        let lines: Vec<String> = s.lines().map(str::to_string).collect();
        let mut next_md = 0;
        for l in &lines {
            if let Some(n) = l.strip_prefix('!').and_then(|r| r.split(' ').next()).and_then(|n| n.parse::<u32>().ok()) {
                next_md = next_md.max(n + 1);
            }
        }
        Text { lines, next_md: next_md.max(1000) }
    }

    fn fresh_md(&mut self) -> u32 {
        self.next_md += 1;
        self.next_md
    }

    /// Indices of the `define` lines.
    fn defines(&self) -> Vec<usize> {
        (0..self.lines.len()).filter(|&i| self.lines[i].starts_with("define ")).collect()
    }

    /// Names of defined functions and of globals.
    fn symbols(&self) -> (Vec<String>, Vec<String>) {
        let name = |l: &str, from: usize| -> Option<String> {
            let r = &l[from..];
            let end = r.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '$'))?;
            Some(r[..end].to_string())
        };
        let mut funcs = Vec::new();
        let mut globals = Vec::new();
        for l in &self.lines {
            if l.starts_with("define ")
                && let Some(at) = l.find(" @")
                && let Some(n) = name(l, at + 2)
            {
                funcs.push(n);
            }
            if let Some(rest) = l.strip_prefix('@')
                && rest.contains(" global ")
                && let Some(n) = name(l, 1)
            {
                globals.push(n);
            }
        }
        (funcs, globals)
    }

    /// The index of line `!N = ...`.
    fn node_line(&self, n: u32) -> Option<usize> {
        let prefix = format!("!{n} = ");
        self.lines.iter().position(|l| l.starts_with(&prefix))
    }

    /// The nodes `!nvvm.annotations` lists (line of the named metadata, node numbers).
    fn annotations(&self) -> Option<(usize, Vec<u32>)> {
        let i = self.lines.iter().position(|l| l.starts_with("!nvvm.annotations = !{"))?;
        let body = self.lines[i].split_once('{')?.1.trim_end_matches('}');
        let nodes = body.split(',').filter_map(|s| s.trim().strip_prefix('!')?.parse().ok()).collect();
        Some((i, nodes))
    }

    fn text(&self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }
}

/// Splits a metadata tuple body `a, b, !{c, d}` at its top-level commas.
fn split_top(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, ch) in body.char_indices() {
        match ch {
            '(' | '{' | '[' | '<' => depth += 1,
            ')' | '}' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(body[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !body[start..].trim().is_empty() {
        out.push(body[start..].trim().to_string());
    }
    out
}

fn mutate_annotation(t: &mut Text, rng: &mut Rng) -> Option<String> {
    let (funcs, globals) = t.symbols();
    let subject = |rng: &mut Rng| -> String {
        match rng.below(6) {
            0 => "null".into(),
            1 if !globals.is_empty() => format!("ptr @{}", pick(rng, &globals)),
            2 => "!\"k\"".into(),
            3 => "i32 0".into(),
            _ if !funcs.is_empty() => format!("ptr @{}", pick(rng, &funcs)),
            _ => "null".into(),
        }
    };
    let Some((list, nodes)) = t.annotations() else {
        // No annotations: add some.
        let n = t.fresh_md();
        let s = subject(rng);
        let entry = format!("!{n} = !{{{s}, !\"{}\", {}}}", pick(rng, &KEYS), pick(rng, &VALUES));
        t.lines.push(format!("!nvvm.annotations = !{{!{n}}}"));
        t.lines.push(entry.clone());
        return Some(format!("annotation: new list {entry}"));
    };
    if nodes.is_empty() || rng.percent(20) {
        let n = t.fresh_md();
        let entry = if rng.percent(30) {
            format!("!{n} = !{{null, !\"kernel\", i32 1}}")
        } else {
            format!("!{n} = !{{{}, !\"{}\", {}}}", subject(rng), pick(rng, &KEYS), pick(rng, &VALUES))
        };
        let l = &mut t.lines[list];
        let close = l.rfind('}')?;
        let sep = if nodes.is_empty() { "" } else { ", " };
        l.insert_str(close, &format!("{sep}!{n}"));
        t.lines.push(entry.clone());
        return Some(format!("annotation: new entry {entry}"));
    }
    let n = *pick(rng, &nodes);
    let li = t.node_line(n)?;
    let line = t.lines[li].clone();
    let (head, body) = line.split_once("!{")?;
    let body = body.strip_suffix('}')?;
    let mut ops = split_top(body);
    let what = match rng.below(6) {
        0 if !ops.is_empty() => {
            ops[0] = subject(rng);
            "subject"
        }
        1 if ops.len() > 1 => {
            let k = 1 + 2 * rng.below(ops.len() / 2);
            ops[k] =
                if rng.percent(80) { format!("!\"{}\"", pick(rng, &KEYS)) } else { pick(rng, &VALUES).to_string() };
            "key"
        }
        2 if ops.len() > 2 => {
            let k = 2 + 2 * rng.below((ops.len() - 1) / 2);
            ops[k] = pick(rng, &VALUES).to_string();
            "value"
        }
        3 if !ops.is_empty() => {
            ops.remove(rng.below(ops.len()));
            "operand dropped"
        }
        4 => {
            ops.push(format!("!\"{}\"", pick(rng, &KEYS)));
            ops.push(pick(rng, &VALUES).to_string());
            "pair added"
        }
        _ => {
            ops.push(pick(rng, &VALUES).to_string());
            "operand added"
        }
    };
    t.lines[li] = format!("{head}!{{{}}}", ops.join(", "));
    Some(format!("annotation: {what}: {}", t.lines[li]))
}

/// Lines of instructions (inside function bodies) that satisfy `pred`.
fn instruction_lines(t: &Text, pred: impl Fn(&str) -> bool) -> Vec<usize> {
    let mut out = Vec::new();
    let mut inside = false;
    for (i, l) in t.lines.iter().enumerate() {
        if l.starts_with("define ") {
            inside = true;
        } else if l.starts_with('}') {
            inside = false;
        } else if inside && l.starts_with("  ") && pred(l.trim()) {
            out.push(i);
        }
    }
    out
}

/// The integer type of a `load iN` or `call iN @llvm.nvvm.read.ptx.sreg.*` line.
fn int_result(l: &str) -> Option<u32> {
    let rhs = l.split_once(" = ")?.1;
    let ty = if let Some(r) = rhs.strip_prefix("load ") {
        r.trim_start_matches("volatile ").split([',', ' ']).next()?
    } else if rhs.contains("@llvm.nvvm.read.ptx.sreg.") {
        rhs.split_whitespace().find(|w| w.starts_with('i') && w[1..].parse::<u32>().is_ok())?
    } else {
        return None;
    };
    ty.strip_prefix('i')?.parse().ok()
}

fn mutate_range(t: &mut Text, rng: &mut Rng) -> Option<String> {
    let with = instruction_lines(t, |l| l.contains("!range "));
    if !with.is_empty() && rng.percent(30) {
        let i = *pick(rng, &with);
        let l = &t.lines[i];
        let start = l.find(", !range ")?;
        let rest = &l[start + 2..];
        let end = rest.find(", !").map_or(l.len(), |e| start + 2 + e);
        t.lines[i] = format!("{}{}", &l[..start], &l[end..]);
        return Some(format!("range: removed from line {}", i + 1));
    }
    let cands = instruction_lines(t, |l| int_result(l).is_some() && !l.contains("!range "));
    if cands.is_empty() {
        return None;
    }
    let i = *pick(rng, &cands);
    let bits = int_result(&t.lines[i])?;
    let ty = format!("i{bits}");
    let bound = |rng: &mut Rng| -> i64 {
        match rng.below(5) {
            0 => 0,
            1 => 1,
            2 => -1,
            3 => 1 << rng.below(bits.min(31) as usize),
            _ => rng.below(2048) as i64,
        }
    };
    let (a, b) = (bound(rng), bound(rng));
    let node = if rng.percent(25) {
        let (c, d) = (bound(rng), bound(rng));
        format!("!{{{ty} {a}, {ty} {b}, {ty} {c}, {ty} {d}}}")
    } else {
        format!("!{{{ty} {a}, {ty} {b}}}")
    };
    let n = t.fresh_md();
    t.lines[i] += &format!(", !range !{n}");
    t.lines.push(format!("!{n} = {node}"));
    Some(format!("range: line {} gets {node}", i + 1))
}

fn mutate_noundef(t: &mut Text, rng: &mut Rng) -> Option<String> {
    let loads = instruction_lines(t, |l| l.contains(" = load "));
    if loads.is_empty() {
        return None;
    }
    let i = *pick(rng, &loads);
    if let Some(at) = t.lines[i].find(", !noundef !") {
        let l = &t.lines[i];
        let rest = &l[at + 2..];
        let end = rest.find(", !").map_or(l.len(), |e| at + 2 + e);
        t.lines[i] = format!("{}{}", &l[..at], &l[end..]);
        return Some(format!("noundef: removed from line {}", i + 1));
    }
    t.lines[i] += ", !noundef !{}";
    Some(format!("noundef: added to line {}", i + 1))
}

fn mutate_debug(t: &mut Text, rng: &mut Rng) -> Option<String> {
    let has_cu = t.lines.iter().any(|l| l.starts_with("!llvm.dbg.cu"));
    if has_cu && rng.percent(40) {
        let with = instruction_lines(t, |l| l.contains(", !dbg !"));
        if with.is_empty() {
            return None;
        }
        let i = *pick(rng, &with);
        let l = &t.lines[i];
        let at = l.find(", !dbg !")?;
        let rest = &l[at + 2..];
        let end = rest.find(", !").map_or(l.len(), |e| at + 2 + e);
        t.lines[i] = format!("{}{}", &l[..at], &l[end..]);
        return Some(format!("debug: location removed from line {}", i + 1));
    }
    if has_cu {
        // Debug info exists already (from the input or an earlier edit): make one more location.
        return add_locations(t, rng, None).map(|d| format!("debug: {d}"));
    }
    let (cu, file, flags, ty, types) = (t.fresh_md(), t.fresh_md(), t.fresh_md(), t.fresh_md(), t.fresh_md());
    t.lines.push(format!("!llvm.dbg.cu = !{{!{cu}}}"));
    match t.lines.iter().position(|l| l.starts_with("!llvm.module.flags = !{")) {
        Some(i) => {
            let close = t.lines[i].rfind('}')?;
            t.lines[i].insert_str(close, &format!(", !{flags}"));
        }
        None => t.lines.push(format!("!llvm.module.flags = !{{!{flags}}}")),
    }
    t.lines.push(format!(
        "!{cu} = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !{file}, emissionKind: LineTablesOnly)"
    ));
    t.lines.push(format!("!{file} = !DIFile(filename: \"k.cu\", directory: \"/src\")"));
    t.lines.push(format!("!{flags} = !{{i32 2, !\"Debug Info Version\", i32 3}}"));
    t.lines.push(format!("!{ty} = !DISubroutineType(types: !{types})"));
    t.lines.push(format!("!{types} = !{{}}"));
    // A subprogram per defined function (some without a file).
    let mut subprograms = Vec::new();
    for d in t.defines() {
        let sp = t.fresh_md();
        let (funcs, _) = (Text { lines: vec![t.lines[d].clone()], next_md: 0 }).symbols();
        let name = funcs.first().cloned().unwrap_or_default();
        let file_part = if rng.percent(20) { String::new() } else { format!("file: !{file}, line: 1, ") };
        t.lines.push(format!(
            "!{sp} = distinct !DISubprogram(name: \"{name}\", scope: !{file}, {file_part}type: !{ty}, unit: !{cu}, spFlags: DISPFlagDefinition)"
        ));
        let close = t.lines[d].rfind('{')?;
        t.lines[d].insert_str(close, &format!("!dbg !{sp} "));
        subprograms.push((d, sp));
    }
    let d = add_locations(t, rng, Some(&subprograms))?;
    Some(format!("debug: line tables added ({d})"))
}

/// Adds locations to a few instructions of one function whose `define` line has a subprogram.
fn add_locations(t: &mut Text, rng: &mut Rng, subprograms: Option<&[(usize, u32)]>) -> Option<String> {
    let sps: Vec<(usize, u32)> = match subprograms {
        Some(s) => s.to_vec(),
        None => t
            .defines()
            .into_iter()
            .filter_map(|d| {
                let l = &t.lines[d];
                let at = l.find("!dbg !")?;
                let n = l[at + 6..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()?;
                Some((d, n))
            })
            .collect(),
    };
    if sps.is_empty() {
        return None;
    }
    let (d, sp) = *pick(rng, &sps);
    let end = (d + 1..t.lines.len()).find(|&i| t.lines[i].starts_with('}'))?;
    let insts: Vec<usize> =
        (d + 1..end).filter(|&i| t.lines[i].starts_with("  ") && !t.lines[i].contains("!dbg")).collect();
    if insts.is_empty() {
        return None;
    }
    let mut added = 0;
    for _ in 0..1 + rng.below(4) {
        let i = *pick(rng, &insts);
        if t.lines[i].contains("!dbg") {
            continue;
        }
        let line = *pick(rng, &[0u64, 1, 7, 42, 65535, 1 << 31]);
        let col = *pick(rng, &[0u64, 1, 5, 80, 65535]);
        let loc = t.fresh_md();
        let scope = if rng.percent(25) {
            let b = t.fresh_md();
            let file = t.lines.iter().find_map(|l| l.split_once(" = !DIFile(").map(|(n, _)| n.to_string()))?;
            t.lines
                .push(format!("!{b} = distinct !DILexicalBlock(scope: !{sp}, file: {file}, line: {line}, column: 3)"));
            b
        } else {
            sp
        };
        let inlined = if rng.percent(20) {
            let outer = t.fresh_md();
            t.lines.push(format!("!{outer} = !DILocation(line: 2, column: 1, scope: !{sp})"));
            format!(", inlinedAt: !{outer}")
        } else {
            String::new()
        };
        t.lines.push(format!("!{loc} = !DILocation(line: {line}, column: {col}, scope: !{scope}{inlined})"));
        t.lines[i] += &format!(", !dbg !{loc}");
        added += 1;
    }
    Some(format!("{added} location(s) in the function of line {}", d + 1))
}

const FN_ATTRS: [&str; 16] = [
    "\"nvvm.maxntid\"=\"128\"",
    "\"nvvm.maxntid\"=\"32,4\"",
    "\"nvvm.maxntid\"=\"0\"",
    "\"nvvm.maxntid\"=\"1,2,3,4\"",
    "\"nvvm.reqntid\"=\"64\"",
    "\"nvvm.reqntid\"=\"16,16\"",
    "\"nvvm.reqntid\"=\"x\"",
    "\"nvvm.maxnreg\"=\"32\"",
    "\"nvvm.maxnreg\"=\"-3\"",
    "\"nvvm.minctasm\"=\"2\"",
    "\"nvvm.cluster_dim\"=\"2,1,1\"",
    "\"target-cpu\"=\"sm_70\"",
    "\"target-cpu\"=\"sm_\"",
    "noinline",
    "convergent",
    "memory(none)",
];

fn mutate_fn_attr(t: &mut Text, rng: &mut Rng) -> Option<String> {
    let defs = t.defines();
    if defs.is_empty() {
        return None;
    }
    let d = *pick(rng, &defs);
    let close = t.lines[d].rfind('{')?;
    let attr = if rng.percent(15) {
        *pick(rng, &["alwaysinline", "nounwind", "optsize", "\"nvvm.maxclusterrank\"=\"4\"", "\"garbage\""])
    } else {
        *pick(rng, &FN_ATTRS)
    };
    if rng.percent(20) {
        // Remove an attribute-group reference instead (the function keeps only inline ones).
        let l = &t.lines[d];
        if let Some(at) = l.rfind(" #") {
            let end = l[at + 2..].find(|c: char| !c.is_ascii_digit()).map_or(l.len(), |e| at + 2 + e);
            t.lines[d] = format!("{}{}", &l[..at], &l[end..]);
            return Some(format!("fn-attr: attribute group removed from line {}", d + 1));
        }
    }
    t.lines[d].insert_str(close, &format!("{attr} "));
    Some(format!("fn-attr: {attr} on line {}", d + 1))
}

/// `[start, end)` of the parameter list of a `define` line.
fn param_list(l: &str) -> Option<(usize, usize)> {
    let at = l.find(" @")?;
    let open = at + l[at..].find('(')? + 1;
    let mut depth = 1;
    for (i, ch) in l[open..].char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((open, open + i));
                }
            }
            _ => {}
        }
    }
    None
}

const PARAM_ATTRS: [&str; 14] = [
    "noundef",
    "zeroext",
    "signext",
    "inreg",
    "noalias",
    "nonnull",
    "readonly",
    "align 16",
    "align 4",
    "dereferenceable(64)",
    "dereferenceable(8)",
    "byval(i32)",
    "range(i32 0, 10)",
    "range(i32 -5, 5)",
];

fn mutate_param_attr(t: &mut Text, rng: &mut Rng) -> Option<String> {
    let defs = t.defines();
    if defs.is_empty() {
        return None;
    }
    let d = *pick(rng, &defs);
    let (s, e) = param_list(&t.lines[d])?;
    let mut params = split_top(&t.lines[d][s..e]);
    if params.is_empty() {
        return None;
    }
    let k = rng.below(params.len());
    let words: Vec<&str> = params[k].split_whitespace().collect();
    let known: Vec<usize> = (0..words.len()).filter(|&i| PARAM_ATTRS.iter().any(|a| a.starts_with(words[i]))).collect();
    let what;
    if !known.is_empty() && rng.percent(30) {
        let i = *pick(rng, &known);
        let mut w = words.clone();
        let removed = w.remove(i);
        if removed == "align" && i < w.len() {
            w.remove(i);
        }
        what = format!("removed {removed}");
        params[k] = w.join(" ");
    } else {
        let attr = *pick(rng, &PARAM_ATTRS);
        // Before the name when there is one, else at the end.
        let p = &params[k];
        params[k] = match p.rfind(" %") {
            Some(at) => format!("{} {attr}{}", &p[..at], &p[at..]),
            None => format!("{p} {attr}"),
        };
        what = format!("added {attr}");
    }
    let l = &t.lines[d];
    t.lines[d] = format!("{}{}{}", &l[..s], params.join(", "), &l[e..]);
    Some(format!("param-attr: parameter {k} of line {}: {what}", d + 1))
}

/// One random edit of a kind chosen by the generator.
fn edit(t: &mut Text, rng: &mut Rng) -> Option<String> {
    match rng.below(10) {
        0..=2 => mutate_annotation(t, rng),
        3 => mutate_range(t, rng),
        4 => mutate_noundef(t, rng),
        5 | 6 => mutate_debug(t, rng),
        7 => mutate_fn_attr(t, rng),
        _ => mutate_param_attr(t, rng),
    }
}

/// The text as `Text` would write it back unchanged.
fn t_original(text: &str) -> String {
    Text::new(text).text()
}

/// Whether module text parses and verifies. LLVM's parser verifies a module that declares the
/// current debug-info version itself and aborts the process (a fatal error) when something other
/// than debug info is broken, so the text is first checked with the version flag renamed (the
/// parser then drops the debug info instead), then as it is.
fn valid(text: &str) -> bool {
    let ok = |t: &str| {
        let ctx = Context::create();
        matches!(crate::llvm::module::parse_module(&ctx, t.as_bytes(), "mutant.ll"), Ok(m) if m.verify().is_ok())
    };
    ok(&text.replace("!\"Debug Info Version\"", "!\"Debug Info Version (unchecked)\"")) && ok(text)
}

/// Applies `count` metadata/attribute edits to the module text `text` (seeded by `seed`); returns
/// the edited text, which parses and verifies, and one line per edit.
pub fn mutate_text(text: &str, seed: u64, count: usize) -> Result<(String, Vec<String>)> {
    let mut rng = Rng::new(seed ^ 0x6D65_7461_6461_7461);
    for _ in 0..64 {
        let mut t = Text::new(text);
        let mut lines = Vec::new();
        for _ in 0..count.max(1) {
            if let Some(l) = edit(&mut t, &mut rng) {
                lines.push(l);
            }
        }
        if lines.is_empty() {
            continue;
        }
        let out = t.text();
        if out != t_original(text) && valid(&out) {
            return Ok((out, lines));
        }
    }
    bail!("no valid metadata mutation found in 64 tries")
}

#[cfg(test)]
mod tests {
    use super::*;

    const KERNEL: &str = r#"target triple = "nvptx64-nvidia-cuda"

@g = addrspace(1) global i32 0

define void @k(ptr addrspace(1) noundef %out, i32 %n) #0 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  %x = load i32, ptr addrspace(1) %p, align 4
  %y = add i32 %x, %n
  store i32 %y, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
"#;

    #[test]
    fn every_mutant_verifies_and_every_kind_occurs() {
        let mut kinds = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let (out, lines) = mutate_text(KERNEL, seed, 1 + (seed % 3) as usize).unwrap();
            let ctx = Context::create();
            let m = crate::llvm::module::parse_module(&ctx, out.as_bytes(), "m.ll").unwrap();
            m.verify().unwrap();
            assert_ne!(out, KERNEL);
            for l in lines {
                kinds.insert(l.split(':').next().unwrap().to_string());
            }
        }
        let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
        assert_eq!(kinds, ["annotation", "debug", "fn-attr", "noundef", "param-attr", "range"]);
    }

    #[test]
    fn mutation_is_deterministic_per_seed() {
        assert_eq!(mutate_text(KERNEL, 9, 3).unwrap(), mutate_text(KERNEL, 9, 3).unwrap());
    }
}
