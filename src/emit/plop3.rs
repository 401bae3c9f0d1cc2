//! PTX for `PLOP3.LUT`: PTX has no three-input predicate LUT, so each LUT is spelled as the
//! shortest sequence of PTX predicate instructions found by a small exhaustive search.
//!
//! Inputs are the three source predicates in LUT order (`a` = 0xF0, `b` = 0xCC, `c` = 0xAA), any
//! of which may be the constant PT. The search first fixes the constant inputs (and drops the
//! inputs the function does not depend on), then tries, cheapest first:
//!
//! 1. one instruction: `mov.pred d, 0|1`, `mov.pred d, x`, `not.pred d, x`, or
//!    `and|or|xor.pred d, [!]x, [!]y` for two inputs (ptxas accepts `!p` sources there);
//! 2. two: `op2.pred d, [!]t, [!]z` over `t = op1([!]x, [!]y)` (the third input is `z`);
//! 3. three: `op3.pred d, t, u` over two one-instruction terms `t`, `u` (a select is
//!    `(a & b) | (!a & c)`);
//! 4. five: `op5(op4(t, u), v)` over three terms (parities, majority).
//!
//! [`synthesize`] returns `None` when no such form exists; the caller then keeps its general
//! integer-LUT sequence (`selp` ×3, `lop3`, `setp`: five instructions). The unit tests check every
//! LUT's form by evaluation.

/// A predicate operand as the PTX text of a source (`%p3`), or the constant true (`None`).
pub type Source<'a> = Option<&'a str>;

const MASKS: [u8; 3] = [0xF0, 0xCC, 0xAA];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    And,
    Or,
    Xor,
}

impl BinOp {
    const ALL: [BinOp; 3] = [BinOp::And, BinOp::Or, BinOp::Xor];
    fn eval(self, x: u8, y: u8) -> u8 {
        match self {
            BinOp::And => x & y,
            BinOp::Or => x | y,
            BinOp::Xor => x ^ y,
        }
    }
    fn name(self) -> &'static str {
        match self {
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
        }
    }
}

/// A one-instruction term over two inputs: `op([!]x, [!]y)`.
#[derive(Clone, Copy)]
struct Term {
    op: BinOp,
    x: usize,
    nx: bool,
    y: usize,
    ny: bool,
}

impl Term {
    fn table(&self) -> u8 {
        self.op.eval(lit(self.x, self.nx), lit(self.y, self.ny))
    }
}

fn lit(v: usize, neg: bool) -> u8 {
    if neg { !MASKS[v] } else { MASKS[v] }
}

/// The truth table of `lut` with the constant-true inputs fixed (the result no longer depends
/// on them).
fn fix_constants(lut: u8, srcs: &[Source<'_>; 3]) -> u8 {
    let mut out = 0u8;
    for i in 0..8u8 {
        let mut j = i;
        for (k, s) in srcs.iter().enumerate() {
            if s.is_none() {
                j |= 1 << (2 - k);
            }
        }
        if lut & (1 << j) != 0 {
            out |= 1 << i;
        }
    }
    out
}

/// Whether the function `t` depends on input `k`.
fn depends(t: u8, k: usize) -> bool {
    let shift = 1u8 << (2 - k);
    (0..8u8).any(|i| (t >> i) & 1 != (t >> (i ^ shift)) & 1)
}

fn src(names: &[&str; 3], v: usize, neg: bool) -> String {
    format!("{}{}", if neg { "!" } else { "" }, names[v])
}

/// PTX lines computing `dst = LUT(a, b, c)`; `scratch` names a fresh predicate register.
pub fn synthesize(
    lut: u8,
    srcs: [Source<'_>; 3],
    dst: &str,
    scratch: &mut dyn FnMut() -> String,
) -> Option<Vec<String>> {
    let t = fix_constants(lut, &srcs);
    let vars: Vec<usize> = (0..3).filter(|&k| srcs[k].is_some() && depends(t, k)).collect();
    let names = [srcs[0].unwrap_or(""), srcs[1].unwrap_or(""), srcs[2].unwrap_or("")];
    match t {
        0x00 => return Some(vec![format!("mov.pred {dst}, 0")]),
        0xFF => return Some(vec![format!("mov.pred {dst}, 1")]),
        _ => {}
    }
    for &v in &vars {
        if t == MASKS[v] {
            return Some(vec![format!("mov.pred {dst}, {}", names[v])]);
        }
        if t == !MASKS[v] {
            return Some(vec![format!("not.pred {dst}, {}", names[v])]);
        }
    }
    let terms = terms(&vars);
    for term in &terms {
        if term.table() == t {
            return Some(vec![one(term, &names, dst)]);
        }
    }
    // Two instructions: op2([!]term, [!]z) with z the input the term does not read.
    for term in &terms {
        for &z in vars.iter().filter(|&&z| z != term.x && z != term.y) {
            for op in BinOp::ALL {
                for (nt, nz) in [(false, false), (false, true), (true, false), (true, true)] {
                    let tt = if nt { !term.table() } else { term.table() };
                    if op.eval(tt, lit(z, nz)) == t {
                        let s = scratch();
                        let first = one(term, &names, &s);
                        let t_src = if nt { format!("!{s}") } else { s.clone() };
                        let second = format!("{}.pred {dst}, {t_src}, {}", op.name(), src(&names, z, nz));
                        return Some(vec![first, second]);
                    }
                }
            }
        }
    }
    // Three: op3(term1, term2).
    for (i, t1) in terms.iter().enumerate() {
        for t2 in &terms[i + 1..] {
            for op in BinOp::ALL {
                if op.eval(t1.table(), t2.table()) == t {
                    let (s1, s2) = (scratch(), scratch());
                    return Some(vec![
                        one(t1, &names, &s1),
                        one(t2, &names, &s2),
                        format!("{}.pred {dst}, {s1}, {s2}", op.name()),
                    ]);
                }
            }
        }
    }
    // Four: op5(op4(term1, term2), term3) — parity and majority shapes.
    for (i, t1) in terms.iter().enumerate() {
        for t2 in &terms[i + 1..] {
            for op in BinOp::ALL {
                let inner = op.eval(t1.table(), t2.table());
                for t3 in &terms {
                    for outer in BinOp::ALL {
                        if outer.eval(inner, t3.table()) == t {
                            let (s1, s2, s3, s4) = (scratch(), scratch(), scratch(), scratch());
                            return Some(vec![
                                one(t1, &names, &s1),
                                one(t2, &names, &s2),
                                format!("{}.pred {s3}, {s1}, {s2}", op.name()),
                                one(t3, &names, &s4),
                                format!("{}.pred {dst}, {s3}, {s4}", outer.name()),
                            ]);
                        }
                    }
                }
            }
        }
    }
    None
}

/// Every `op([!]x, [!]y)` over two distinct inputs of `vars` (xor needs no negated forms beyond
/// one: `!x ^ y` = `x ^ !y`).
fn terms(vars: &[usize]) -> Vec<Term> {
    let mut out = Vec::new();
    for (i, &x) in vars.iter().enumerate() {
        for &y in &vars[i + 1..] {
            for op in BinOp::ALL {
                for (nx, ny) in [(false, false), (false, true), (true, false), (true, true)] {
                    if op == BinOp::Xor && nx {
                        continue;
                    }
                    out.push(Term { op, x, nx, y, ny });
                }
            }
        }
    }
    out
}

fn one(term: &Term, names: &[&str; 3], dst: &str) -> String {
    format!("{}.pred {dst}, {}, {}", term.op.name(), src(names, term.x, term.nx), src(names, term.y, term.ny))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Evaluates the emitted lines on every input combination (a, b, c as %a %b %c) and
    /// returns the truth table of `%d`.
    fn eval(lines: &[String], consts: [bool; 3]) -> u8 {
        let mut table = 0u8;
        for i in 0..8u8 {
            let mut env: HashMap<String, bool> = HashMap::new();
            for (k, name) in ["%a", "%b", "%c"].iter().enumerate() {
                env.insert(name.to_string(), consts[k] || (i >> (2 - k)) & 1 == 1);
            }
            let val = |env: &HashMap<String, bool>, s: &str| -> bool {
                match s.strip_prefix('!') {
                    Some(r) => !env[r],
                    None if s == "0" => false,
                    None if s == "1" => true,
                    None => env[s],
                }
            };
            for l in lines {
                let (op, rest) = l.split_once(' ').unwrap();
                let ops: Vec<&str> = rest.split(", ").collect();
                let v = match op {
                    "mov.pred" => val(&env, ops[1]),
                    "not.pred" => !val(&env, ops[1]),
                    "and.pred" => val(&env, ops[1]) && val(&env, ops[2]),
                    "or.pred" => val(&env, ops[1]) || val(&env, ops[2]),
                    "xor.pred" => val(&env, ops[1]) ^ val(&env, ops[2]),
                    other => panic!("unexpected {other}"),
                };
                env.insert(ops[0].to_string(), v);
            }
            if env["%d"] {
                table |= 1 << i;
            }
        }
        table
    }

    #[test]
    fn every_lut_of_three_registers_has_a_short_form() {
        let (mut missing, mut longest) = (0, 0);
        for lut in 0..=255u8 {
            let mut n = 0;
            let mut scratch = || {
                n += 1;
                format!("%s{n}")
            };
            let Some(lines) = synthesize(lut, [Some("%a"), Some("%b"), Some("%c")], "%d", &mut scratch) else {
                missing += 1;
                continue;
            };
            assert!(lines.len() <= 5, "{lut:#04x}: {lines:?}");
            assert_eq!(eval(&lines, [false; 3]), lut, "{lut:#04x}: {lines:?}");
            longest = longest.max(lines.len());
        }
        // The five-instruction integer fallback is never shorter; few LUTs need it.
        assert!(missing <= 16, "{missing} LUTs without a predicate form");
        assert!(longest <= 5);
    }

    #[test]
    fn constant_inputs_are_folded() {
        for lut in 0..=255u8 {
            for mask in 1..8u8 {
                let consts = [mask & 4 != 0, mask & 2 != 0, mask & 1 != 0];
                let srcs = [(!consts[0]).then_some("%a"), (!consts[1]).then_some("%b"), (!consts[2]).then_some("%c")];
                let mut n = 0;
                let mut scratch = || {
                    n += 1;
                    format!("%s{n}")
                };
                let lines = synthesize(lut, srcs, "%d", &mut scratch).unwrap();
                // With constant-true inputs, the emitted code must agree with the LUT wherever
                // those inputs are 1 (the only rows that can occur).
                let got = eval(&lines, consts);
                for i in 0..8u8 {
                    let row_possible = (0..3).all(|k| !consts[k] || (i >> (2 - k)) & 1 == 1);
                    if row_possible {
                        assert_eq!((got >> i) & 1, (lut >> i) & 1, "{lut:#04x} consts {consts:?}: {lines:?}");
                    }
                }
                // Two register inputs never need more than one instruction.
                if mask.count_ones() >= 1 {
                    assert_eq!(lines.len(), 1, "{lut:#04x} consts {consts:?}: {lines:?}");
                }
            }
        }
    }

    #[test]
    fn select_and_logical_and_spellings() {
        let mut n = 0;
        let mut scratch = || {
            n += 1;
            format!("%s{n}")
        };
        let and = synthesize(0xC0, [Some("%a"), Some("%b"), None], "%d", &mut scratch).unwrap();
        assert_eq!(and, vec!["and.pred %d, %a, %b"]);
        let sel = synthesize(0xCA, [Some("%a"), Some("%b"), Some("%c")], "%d", &mut scratch).unwrap();
        assert_eq!(sel.len(), 3, "{sel:?}");
    }
}
