//! Features that `REQUIRES:`, `UNSUPPORTED:` and `XFAIL:` test against: detection of what this
//! machine has, and the boolean expressions (`&&`, `||`, `!`, parentheses) over feature names.

use crate::tools;
use std::collections::BTreeSet;

/// The set of available feature names.
pub type FeatureSet = BTreeSet<String>;

/// Detects the features of this machine: `clang` (LLVM 19's clang is installed), `ptxas`,
/// `cuobjdump` and `nvcc` (the NVIDIA tools are in the venv), `libdevice`, `ori-plugin` (the opt-19 plugin
/// was built beside this binary), and the host's `x86_64` / `aarch64` and `linux`.
pub fn detect() -> FeatureSet {
    let mut set = FeatureSet::new();
    let mut add = |name: &str, present: bool| {
        if present {
            set.insert(name.to_string());
        }
    };
    add("clang", tools::llvm_tool("clang").is_file());
    add("ptxas", tools::nvidia_tool("ptxas").is_some());
    add("cuobjdump", tools::nvidia_tool("cuobjdump").is_some());
    add("nvcc", tools::nvidia_tool("nvcc").is_some());
    add("libdevice", tools::libdevice().is_some());
    add("ori-plugin", tools::opt_plugin().is_some());
    add("x86_64", cfg!(target_arch = "x86_64"));
    add("aarch64", cfg!(target_arch = "aarch64"));
    add("linux", cfg!(target_os = "linux"));
    set
}

/// One token of a feature expression.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Name(String),
    And,
    Or,
    Not,
    Open,
    Close,
}

/// Whether a character may appear in a feature name (`*` is the name that is always true).
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+' | '=' | '.' | '*')
}

/// Splits a feature expression into tokens.
fn tokenize(expr: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut chars = expr.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            _ if c.is_whitespace() => {
                chars.next();
            }
            '(' | ')' | '!' => {
                chars.next();
                tokens.push(match c {
                    '(' => Token::Open,
                    ')' => Token::Close,
                    _ => Token::Not,
                });
            }
            '&' | '|' => {
                chars.next();
                if chars.next() != Some(c) {
                    return Err(format!("expected `{c}{c}` in `{expr}`"));
                }
                tokens.push(if c == '&' { Token::And } else { Token::Or });
            }
            _ if is_name_char(c) => {
                let mut name = String::new();
                while let Some(&c) = chars.peek().filter(|&&c| is_name_char(c)) {
                    name.push(c);
                    chars.next();
                }
                tokens.push(Token::Name(name));
            }
            _ => return Err(format!("unexpected character `{c}` in `{expr}`")),
        }
    }
    Ok(tokens)
}

/// A recursive-descent evaluator over the tokens of one expression.
struct Evaluator<'a> {
    tokens: &'a [Token],
    pos: usize,
    features: &'a FeatureSet,
}

impl Evaluator<'_> {
    /// `or := and ('||' and)*`
    fn or(&mut self) -> Result<bool, String> {
        let mut value = self.and()?;
        while self.tokens.get(self.pos) == Some(&Token::Or) {
            self.pos += 1;
            value |= self.and()?;
        }
        Ok(value)
    }

    /// `and := not ('&&' not)*`
    fn and(&mut self) -> Result<bool, String> {
        let mut value = self.not()?;
        while self.tokens.get(self.pos) == Some(&Token::And) {
            self.pos += 1;
            value &= self.not()?;
        }
        Ok(value)
    }

    /// `not := '!' not | '(' or ')' | name`
    fn not(&mut self) -> Result<bool, String> {
        let token = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        match token {
            Some(Token::Not) => Ok(!self.not()?),
            Some(Token::Open) => {
                let value = self.or()?;
                if self.tokens.get(self.pos) != Some(&Token::Close) {
                    return Err("missing `)`".into());
                }
                self.pos += 1;
                Ok(value)
            }
            Some(Token::Name(name)) => Ok(match name.as_str() {
                "*" | "true" => true,
                "false" => false,
                _ => self.features.contains(&name),
            }),
            Some(t @ (Token::And | Token::Or | Token::Close)) => Err(format!("unexpected {t:?}")),
            None => Err("expression ends too early".into()),
        }
    }
}

/// Evaluates one boolean feature expression (`ptxas && !foo`, `(a || b)`, `*`) against `features`.
pub fn eval(expr: &str, features: &FeatureSet) -> Result<bool, String> {
    let tokens = tokenize(expr)?;
    if tokens.is_empty() {
        return Err("empty feature expression".into());
    }
    let mut ev = Evaluator { tokens: &tokens, pos: 0, features };
    let value = ev.or().map_err(|e| format!("bad feature expression `{expr}`: {e}"))?;
    if ev.pos != tokens.len() {
        return Err(format!("bad feature expression `{expr}`: unexpected text after position {}", ev.pos));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> FeatureSet {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn evaluates_operators_and_precedence() {
        let f = set(&["a", "b", "x86_64", "sm_90+ptx"]);
        assert!(eval("a", &f).unwrap());
        assert!(!eval("c", &f).unwrap());
        assert!(eval("a && b", &f).unwrap());
        assert!(!eval("a && c", &f).unwrap());
        assert!(eval("c || a", &f).unwrap());
        assert!(eval("!c", &f).unwrap());
        assert!(!eval("!!c", &f).unwrap());
        // && binds tighter than ||.
        assert!(eval("a || c && c", &f).unwrap());
        assert!(!eval("(a || c) && c", &f).unwrap());
        assert!(eval("!(c || d) && x86_64 && sm_90+ptx", &f).unwrap());
        assert!(eval("*", &f).unwrap() && eval("true", &f).unwrap() && !eval("false", &f).unwrap());
    }

    #[test]
    fn rejects_malformed_expressions() {
        let f = set(&[]);
        for bad in ["", "a &&", "a & b", "(a", "a)", "a b", "&& a", "a $ b", "!"] {
            assert!(eval(bad, &f).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn detects_host_features() {
        let f = detect();
        assert!(f.contains("clang"));
        assert_eq!(f.contains("linux"), cfg!(target_os = "linux"));
    }
}
