//! Inline PTX assembly the interpreter understands: a template that is exactly one PTX
//! instruction over its register operands (`bfind.shiftamt.u32 $0, $1;`), from a small table of
//! per-lane integer instructions. Anything else stays unsupported (the kernel is skipped with the
//! template in the reason). Semantics from the PTX ISA:
//!
//! - `bfind[.shiftamt].{u32,s32,u64,s64} d, a`: the bit position of the most significant
//!   non-sign bit of `a` (for signed types, of `a` or `~a` when negative), `0xffffffff` when there
//!   is none; `.shiftamt` gives the left shift that moves that bit to the top instead
//!   (`width - 1 - position`), still `0xffffffff` when there is none.
//! - `shf.{l,r}.{wrap,clamp}.b32 d, a, b, c`: the funnel shift of the 64-bit value `b:a` left (the
//!   upper half is kept) or right (the lower half is kept) by `c` modulo 32 (`wrap`) or by
//!   `min(c, 32)` (`clamp`).
//! - `brev.b32 d, a`, `popc.b32 d, a`, `clz.b32 d, a`: bit reverse, population count, leading
//!   zeros.
//! - `nanosleep.u32 a` (CUDA's `__nanosleep`): no destination and no observable effect.

/// One understood instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmOp {
    Bfind { signed: bool, w64: bool, shiftamt: bool },
    Shf { left: bool, clamp: bool },
    Brev,
    Popc,
    Clz,
    Nanosleep,
}

impl AsmOp {
    /// Source operands the instruction reads.
    pub fn arity(self) -> usize {
        match self {
            AsmOp::Shf { .. } => 3,
            AsmOp::Bfind { .. } | AsmOp::Brev | AsmOp::Popc | AsmOp::Clz | AsmOp::Nanosleep => 1,
        }
    }

    /// Destination operands the instruction writes (the first `$N`).
    pub fn dests(self) -> usize {
        match self {
            AsmOp::Nanosleep => 0,
            AsmOp::Shf { .. } | AsmOp::Bfind { .. } | AsmOp::Brev | AsmOp::Popc | AsmOp::Clz => 1,
        }
    }
}

/// Parses `template` when it is one understood instruction whose operands are `$0` (the
/// destination) then `$1`, `$2`, ... in order; `None` otherwise.
pub fn parse(template: &str) -> Option<AsmOp> {
    let text = template.trim().strip_suffix(';').unwrap_or(template.trim()).trim();
    let (mnemonic, operands) = text.split_once(char::is_whitespace)?;
    let op = match mnemonic {
        "bfind.u32" | "bfind.s32" | "bfind.u64" | "bfind.s64" | "bfind.shiftamt.u32" | "bfind.shiftamt.s32"
        | "bfind.shiftamt.u64" | "bfind.shiftamt.s64" => AsmOp::Bfind {
            signed: mnemonic.ends_with(".s32") || mnemonic.ends_with(".s64"),
            w64: mnemonic.ends_with("64"),
            shiftamt: mnemonic.contains(".shiftamt"),
        },
        "shf.l.wrap.b32" => AsmOp::Shf { left: true, clamp: false },
        "shf.l.clamp.b32" => AsmOp::Shf { left: true, clamp: true },
        "shf.r.wrap.b32" => AsmOp::Shf { left: false, clamp: false },
        "shf.r.clamp.b32" => AsmOp::Shf { left: false, clamp: true },
        "brev.b32" => AsmOp::Brev,
        "popc.b32" => AsmOp::Popc,
        "clz.b32" => AsmOp::Clz,
        "nanosleep.u32" => AsmOp::Nanosleep,
        _ => return None,
    };
    let ops: Vec<&str> = operands.split(',').map(str::trim).collect();
    let expected: Vec<String> = (0..op.dests() + op.arity()).map(|k| format!("${k}")).collect();
    (ops == expected).then_some(op)
}

/// The result for one lane (`srcs` as the registers hold them).
pub fn eval(op: AsmOp, srcs: &[u64]) -> u64 {
    let a = srcs.first().copied().unwrap_or(0);
    match op {
        AsmOp::Bfind { signed, w64, shiftamt } => {
            let width = if w64 { 64 } else { 32 };
            let mut v = if w64 { a } else { a & 0xFFFF_FFFF };
            let negative = signed && (v >> (width - 1)) & 1 == 1;
            if negative {
                v = !v & if w64 { u64::MAX } else { 0xFFFF_FFFF };
            }
            if v == 0 {
                return 0xFFFF_FFFF;
            }
            let pos = 63 - v.leading_zeros() as u64;
            if shiftamt { width - 1 - pos } else { pos }
        }
        AsmOp::Shf { left, clamp } => {
            let (lo, hi) = (a & 0xFFFF_FFFF, srcs.get(1).copied().unwrap_or(0) & 0xFFFF_FFFF);
            let c = srcs.get(2).copied().unwrap_or(0) & 0xFFFF_FFFF;
            let n = if clamp { c.min(32) } else { c & 31 };
            let wide = (hi << 32) | lo;
            if left { ((wide << n) >> 32) & 0xFFFF_FFFF } else { (wide >> n) & 0xFFFF_FFFF }
        }
        AsmOp::Brev => ((a as u32).reverse_bits()) as u64,
        AsmOp::Popc => (a as u32).count_ones() as u64,
        AsmOp::Clz => (a as u32).leading_zeros() as u64,
        AsmOp::Nanosleep => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_single_instructions_only() {
        assert_eq!(
            parse("bfind.shiftamt.u32 $0, $1;"),
            Some(AsmOp::Bfind { signed: false, w64: false, shiftamt: true })
        );
        assert_eq!(parse(" shf.l.wrap.b32 $0, $1, $2, $3; "), Some(AsmOp::Shf { left: true, clamp: false }));
        assert_eq!(parse("bfind.u32 $0, $1, $2;"), None);
        assert_eq!(parse("bfind.u32 $1, $0;"), None);
        assert_eq!(parse("{ .reg .b32 t; bfind.u32 t, $1; mov.b32 $0, t; }"), None);
        assert_eq!(parse("mul.lo.u32 $0, $1, $2;"), None);
        assert_eq!(parse("nanosleep.u32 $0;"), Some(AsmOp::Nanosleep));
        assert_eq!(parse("nanosleep.u32 $0, $1;"), None);
    }

    #[test]
    fn bfind_matches_the_isa() {
        let u = AsmOp::Bfind { signed: false, w64: false, shiftamt: false };
        let sh = AsmOp::Bfind { signed: false, w64: false, shiftamt: true };
        let s = AsmOp::Bfind { signed: true, w64: false, shiftamt: false };
        assert_eq!(eval(u, &[1]), 0);
        assert_eq!(eval(u, &[0x8000_0000]), 31);
        assert_eq!(eval(u, &[0]), 0xFFFF_FFFF);
        assert_eq!(eval(sh, &[1]), 31);
        assert_eq!(eval(sh, &[0x0010_0000]), 11);
        assert_eq!(eval(sh, &[0]), 0xFFFF_FFFF);
        assert_eq!(eval(s, &[0xFFFF_FFFF]), 0xFFFF_FFFF); // -1: no zero bit below the sign
        assert_eq!(eval(s, &[0xFFFF_FFFE]), 0); // -2: bit 0 is the highest 0
        assert_eq!(eval(s, &[5]), 2);
        // Exhaustive agreement with the definition on 16-bit inputs shifted through the word.
        for x in 0u64..=0xFFFF {
            for shift in [0, 8, 16] {
                let v = x << shift;
                let want = if v == 0 { 0xFFFF_FFFF } else { 63 - v.leading_zeros() as u64 };
                assert_eq!(eval(u, &[v]), want);
            }
        }
    }

    #[test]
    fn funnel_shifts_match_the_isa() {
        let l = AsmOp::Shf { left: true, clamp: false };
        let r = AsmOp::Shf { left: false, clamp: false };
        let lc = AsmOp::Shf { left: true, clamp: true };
        // shf.l.wrap with a == b is a rotate left.
        for (x, n) in [(0x8000_0001u64, 1u64), (0x1234_5678, 12), (0xDEAD_BEEF, 31), (7, 32), (7, 33)] {
            assert_eq!(eval(l, &[x, x, n]), (x as u32).rotate_left((n % 32) as u32) as u64);
            assert_eq!(eval(r, &[x, x, n]), (x as u32).rotate_right((n % 32) as u32) as u64);
        }
        assert_eq!(eval(lc, &[0x1234_5678, 0x9ABC_DEF0, 40]), 0x1234_5678);
        assert_eq!(eval(AsmOp::Brev, &[1]), 0x8000_0000);
        assert_eq!(eval(AsmOp::Popc, &[0xF0F0]), 8);
        assert_eq!(eval(AsmOp::Clz, &[1]), 31);
    }
}
