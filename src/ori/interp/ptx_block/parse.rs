//! Parsing an inline-asm template into a [`Program`].
//!
//! The template is read as LLVM hands it over: `$k` names the asm call's operand `k` (outputs
//! first), `$$` is a literal `$` (libdevice writes `__$$temp3`). A scanner cuts it into tokens
//! (comments removed); statements are `{` / `}` (a register scope), `.reg .type a, b<N>;`
//! declarations (`b<N>` declares `b0 .. b{N-1}`), and instructions `[@{!}p] opcode operands;`.
//! Names are resolved while parsing, innermost scope first, so every register becomes a slot
//! number: slots `0..operands` are the `$k`, declared registers follow. An operand is a register,
//! `!p`, an immediate (decimal, `0x`, `0b`, octal, `0f`/`0d` float bits, decimal float), a special
//! register (`%laneid`, `%clock64`, ...), `_` (a sink), a vector `{a, b}`, an address `[r+off]`,
//! or a predicate pair `p|q`. Anything outside the subset is an error naming what was not
//! understood.

use super::ops::{Op, Opnd, parse_op};
use crate::sreg::SpecialReg;
use std::collections::HashMap;

/// One instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    /// `@p` / `@!p`: the register and whether it is negated.
    pub guard: Option<(usize, bool)>,
    pub op: Op,
    pub ops: Vec<Opnd>,
    /// The instruction as written (for messages).
    pub text: String,
}

/// A parsed template.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// Bits of every slot: the `$k` (64: an untyped container) then the declared registers
    /// (1 for a predicate).
    pub slots: Vec<u32>,
    /// Number of `$k` slots (highest `$k` used, plus one).
    pub operands: usize,
    pub insts: Vec<Inst>,
}

impl Program {
    /// Whether the program reads or writes memory in `space` (`None`: any space).
    pub fn memory_spaces(&self) -> Vec<crate::ori::opcode::Space> {
        let mut v = Vec::new();
        for i in &self.insts {
            if let Op::Ld { space, .. } | Op::St { space, .. } = i.op
                && !v.contains(&space)
            {
                v.push(space);
            }
        }
        v
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Operand(usize),
    Punct(char),
}

/// Cuts the template into tokens (see the module documentation).
fn tokens(text: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let word_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '%' | '.' | '$');
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if c == '$' && chars.get(i + 1) == Some(&'{') {
            // `${N}` and `${N:c}` (the immediate bare) name operand N; other modifiers are
            // not evaluated.
            let end = chars[i..].iter().position(|&c| c == '}').ok_or("unterminated '${'")? + i;
            let inner: String = chars[i + 2..end].iter().collect();
            let num = inner.strip_suffix(":c").unwrap_or(&inner);
            let n = num.parse::<usize>().map_err(|_| format!("operand modifier '${{{inner}}}'"))?;
            out.push(Tok::Operand(n));
            i = end + 1;
        } else if c == '$' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
            let mut n = 0usize;
            i += 1;
            while let Some(d) = chars.get(i).and_then(|d| d.to_digit(10)) {
                n = n.checked_mul(10).and_then(|n| n.checked_add(d as usize)).ok_or("operand number too large")?;
                i += 1;
            }
            if chars.get(i).is_some_and(|&c| word_char(c)) {
                return Err(format!("operand ${n} followed by '{}'", chars[i]));
            }
            out.push(Tok::Operand(n));
        } else if word_char(c) || (c == ':' && chars.get(i + 1) == Some(&':')) {
            let mut w = String::new();
            while i < chars.len() {
                let c = chars[i];
                if c == '$' && chars.get(i + 1) == Some(&'$') {
                    w.push('$');
                    i += 2;
                } else if c == '$' {
                    return Err(format!("'$' inside the name '{w}'"));
                } else if c == ':' && chars.get(i + 1) == Some(&':') {
                    w.push_str("::");
                    i += 2;
                } else if word_char(c) {
                    w.push(c);
                    i += 1;
                } else {
                    break;
                }
            }
            out.push(Tok::Word(w));
        } else if "{};,[]+-!@|<>".contains(c) {
            out.push(Tok::Punct(c));
            i += 1;
        } else {
            return Err(format!("unexpected character '{c}'"));
        }
    }
    Ok(out)
}

/// A PTX integer literal: decimal, `0x` hex, `0b` binary, octal, optional `U` suffix.
fn int_literal(w: &str) -> Option<u64> {
    let w = w.strip_suffix(['U', 'u']).unwrap_or(w);
    if let Some(h) = w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if let Some(b) = w.strip_prefix("0b").or_else(|| w.strip_prefix("0B")) {
        return u64::from_str_radix(b, 2).ok();
    }
    if w.len() > 1 && w.starts_with('0') {
        return u64::from_str_radix(&w[1..], 8).ok();
    }
    w.parse().ok()
}

/// A literal operand (after an optional `-`).
fn literal(w: &str, negative: bool) -> Option<Opnd> {
    let hex_float = |p: &str, n: usize| -> Option<u64> {
        let h = w.strip_prefix(p).or_else(|| w.strip_prefix(&p.to_uppercase()))?;
        (h.len() == n).then(|| u64::from_str_radix(h, 16).ok()).flatten()
    };
    if let Some(bits) = hex_float("0f", 8) {
        return Some(Opnd::Imm(if negative { bits ^ 0x8000_0000 } else { bits }));
    }
    if let Some(bits) = hex_float("0d", 16) {
        return Some(Opnd::Imm(if negative { bits ^ (1 << 63) } else { bits }));
    }
    if let Some(v) = int_literal(w) {
        return Some(Opnd::Imm(if negative { v.wrapping_neg() } else { v }));
    }
    if w.starts_with(|c: char| c.is_ascii_digit()) && w.contains(['.', 'e', 'E']) {
        let x: f64 = w.parse().ok()?;
        return Some(Opnd::Float(if negative { -x } else { x }));
    }
    None
}

fn type_of_decl(w: &str) -> Option<u32> {
    Some(match w {
        ".pred" => 1,
        ".b8" | ".u8" | ".s8" => 8,
        ".b16" | ".u16" | ".s16" | ".f16" | ".bf16" => 16,
        ".b32" | ".u32" | ".s32" | ".f32" | ".f16x2" | ".bf16x2" => 32,
        ".b64" | ".u64" | ".s64" | ".f64" => 64,
        _ => return None,
    })
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    scopes: Vec<HashMap<String, usize>>,
    slots: Vec<u32>,
    operands: usize,
    sregs: Vec<(String, SpecialReg)>,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        match self.next() {
            Some(Tok::Punct(x)) if x == c => Ok(()),
            other => Err(format!("expected '{c}', found {}", show(other.as_ref()))),
        }
    }
    fn word(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Tok::Word(w)) => Ok(w),
            other => Err(format!("expected a name, found {}", show(other.as_ref()))),
        }
    }
    fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }
    fn operand_slot(&mut self, k: usize) -> usize {
        self.operands = self.operands.max(k + 1);
        k
    }

    /// `.reg .type name[<N>] {, name[<N>]} ;`
    fn declaration(&mut self) -> Result<(), String> {
        let ty = self.word()?;
        let bits = type_of_decl(&ty).ok_or_else(|| format!("register type '{ty}'"))?;
        loop {
            let name = self.word()?;
            if name.contains('.') || name.starts_with(|c: char| c.is_ascii_digit()) {
                return Err(format!("register name '{name}'"));
            }
            let mut names = vec![name.clone()];
            if self.punct('<') {
                self.next();
                let n = match self.next() {
                    Some(Tok::Word(w)) => int_literal(&w).filter(|&n| n <= 4096),
                    _ => None,
                }
                .ok_or("parameterized register count")?;
                self.expect('>')?;
                names = (0..n).map(|k| format!("{name}{k}")).collect();
            }
            for n in names {
                let slot = self.slots.len();
                self.slots.push(bits);
                if let Some(scope) = self.scopes.last_mut() {
                    scope.insert(n, slot);
                }
            }
            match self.next() {
                Some(Tok::Punct(',')) => continue,
                Some(Tok::Punct(';')) => return Ok(()),
                other => return Err(format!("expected ',' or ';' in .reg, found {}", show(other.as_ref()))),
            }
        }
    }

    /// A register name or `$k`.
    fn register(&mut self) -> Result<usize, String> {
        match self.next() {
            Some(Tok::Operand(k)) => Ok(self.operand_slot(k)),
            Some(Tok::Word(w)) => self.lookup(&w).ok_or_else(|| format!("undeclared register '{w}'")),
            other => Err(format!("expected a register, found {}", show(other.as_ref()))),
        }
    }

    fn operand(&mut self) -> Result<Opnd, String> {
        match self.next() {
            Some(Tok::Operand(k)) => {
                let r = self.operand_slot(k);
                self.pair(r)
            }
            Some(Tok::Punct('{')) => {
                let mut v = Vec::new();
                loop {
                    v.push(self.operand()?);
                    match self.next() {
                        Some(Tok::Punct(',')) => continue,
                        Some(Tok::Punct('}')) => break,
                        other => {
                            return Err(format!("expected ',' or '}}' in a vector, found {}", show(other.as_ref())));
                        }
                    }
                }
                Ok(Opnd::Vec(v))
            }
            Some(Tok::Punct('[')) => {
                let base = match self.peek() {
                    Some(Tok::Word(w)) if literal(w, false).is_some() => None,
                    _ => Some(self.register()?),
                };
                let mut off = 0i64;
                if base.is_none() {
                    off = match self.next() {
                        Some(Tok::Word(w)) => int_literal(&w).ok_or(format!("address '{w}'"))? as i64,
                        _ => return Err("address".into()),
                    };
                }
                while self.punct('+') || self.punct('-') {
                    let mut neg = self.next() == Some(Tok::Punct('-'));
                    if self.punct('-') {
                        self.next();
                        neg = !neg;
                    }
                    let v = match self.next() {
                        Some(Tok::Word(w)) => int_literal(&w).ok_or(format!("address offset '{w}'"))? as i64,
                        other => return Err(format!("address offset {}", show(other.as_ref()))),
                    };
                    off = if neg { off.wrapping_sub(v) } else { off.wrapping_add(v) };
                }
                self.expect(']')?;
                Ok(Opnd::Addr(base, off))
            }
            Some(Tok::Punct('!')) => Ok(Opnd::Not(self.register()?)),
            Some(Tok::Punct('-')) => match self.next() {
                Some(Tok::Word(w)) => literal(&w, true).ok_or_else(|| format!("literal '-{w}'")),
                other => Err(format!("expected a literal after '-', found {}", show(other.as_ref()))),
            },
            Some(Tok::Word(w)) => {
                if w == "_" {
                    return Ok(Opnd::Sink);
                }
                if let Some(r) = self.lookup(&w) {
                    return self.pair(r);
                }
                if let Some(l) = literal(&w, false) {
                    return Ok(l);
                }
                if let Some((_, r)) = self.sregs.iter().find(|(n, _)| *n == w) {
                    return Ok(Opnd::Sreg(*r));
                }
                Err(format!("operand '{w}'"))
            }
            other => Err(format!("expected an operand, found {}", show(other.as_ref()))),
        }
    }

    /// `r` or `r|q` (a predicate pair).
    fn pair(&mut self, r: usize) -> Result<Opnd, String> {
        if !self.punct('|') {
            return Ok(Opnd::Reg(r));
        }
        self.next();
        if self.peek() == Some(&Tok::Word("_".into())) {
            self.next();
            return Ok(Opnd::Pair(r, None));
        }
        Ok(Opnd::Pair(r, Some(self.register()?)))
    }

    /// Operands up to the end of the statement (`;`, or a closing `}` / the end, which stay).
    fn operands(&mut self) -> Result<Vec<Opnd>, String> {
        let mut ops = Vec::new();
        if self.punct(';') {
            self.next();
            return Ok(ops);
        }
        if self.peek().is_none() || self.punct('}') {
            return Ok(ops);
        }
        loop {
            ops.push(self.operand()?);
            match self.peek() {
                Some(Tok::Punct(',')) => {
                    self.next();
                }
                Some(Tok::Punct(';')) => {
                    self.next();
                    return Ok(ops);
                }
                None | Some(Tok::Punct('}')) => return Ok(ops),
                other => return Err(format!("expected ',' or ';', found {}", show(other))),
            }
        }
    }
}

fn show(t: Option<&Tok>) -> String {
    match t {
        None => "the end".into(),
        Some(Tok::Word(w)) => format!("'{w}'"),
        Some(Tok::Operand(k)) => format!("'${k}'"),
        Some(Tok::Punct(c)) => format!("'{c}'"),
    }
}

/// Parses `template` (see the module documentation); the error names what is not understood.
pub fn parse(template: &str) -> Result<Program, String> {
    let sregs = SpecialReg::all().into_iter().map(|r| (r.ptx_name(), r)).collect();
    let mut p =
        Parser { toks: tokens(template)?, pos: 0, scopes: vec![HashMap::new()], slots: Vec::new(), operands: 0, sregs };
    // `$k` slots come first: find the highest `$k` before allocating declared registers.
    let highest = p.toks.iter().filter_map(|t| if let Tok::Operand(k) = t { Some(*k) } else { None }).max();
    if let Some(h) = highest {
        if h > 64 {
            return Err(format!("operand ${h}"));
        }
        p.operands = h + 1;
        p.slots = vec![64; h + 1];
    }
    let mut insts = Vec::new();
    while let Some(t) = p.next() {
        match t {
            Tok::Punct('{') => p.scopes.push(HashMap::new()),
            Tok::Punct('}') => {
                if p.scopes.len() < 2 {
                    return Err("unbalanced '}'".into());
                }
                p.scopes.pop();
            }
            Tok::Punct(';') => {}
            Tok::Word(w) if w == ".reg" => p.declaration()?,
            Tok::Punct('@') | Tok::Word(_) => {
                let start = p.pos - 1;
                let mut guard = None;
                let mut mnemonic = match t {
                    Tok::Word(w) => w,
                    _ => {
                        let neg = p.punct('!');
                        if neg {
                            p.next();
                        }
                        guard = Some((p.register()?, neg));
                        p.word()?
                    }
                };
                if mnemonic.starts_with('.') {
                    return Err(format!("directive '{mnemonic}'"));
                }
                mnemonic.make_ascii_lowercase();
                let Some(op) = parse_op(&mnemonic) else { return Err(format!("instruction '{mnemonic}'")) };
                let ops = p.operands()?;
                let text = render(&p.toks[start..p.pos]);
                op.check(&ops).map_err(|e| format!("instruction '{text}': {e}"))?;
                insts.push(Inst { guard, op, ops, text });
            }
            other => return Err(format!("unexpected {}", show(Some(&other)))),
        }
    }
    if p.scopes.len() != 1 {
        return Err("unbalanced '{'".into());
    }
    Ok(Program { slots: p.slots, operands: p.operands, insts })
}

/// Tokens back to text, for messages.
fn render(toks: &[Tok]) -> String {
    let mut s = String::new();
    let mut prev: Option<&Tok> = None;
    for t in toks {
        let glue_after = matches!(prev, None | Some(Tok::Punct('[' | '{' | '!' | '@' | '|' | '+' | '-')));
        let glue_before = matches!(t, Tok::Punct(',' | ';' | ']' | '}' | '|' | '+'));
        if !glue_after && !glue_before {
            s.push(' ');
        }
        match t {
            Tok::Word(w) => s.push_str(w),
            Tok::Operand(n) => s.push_str(&format!("${n}")),
            Tok::Punct(c) => s.push(*c),
        }
        prev = Some(t);
    }
    s.trim_end_matches(';').to_string()
}
