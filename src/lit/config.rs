//! `lit.toml`, the per-suite configuration file, and the tiny parser for its subset of TOML.
//!
//! The runner walks up from each test file to the nearest `lit.toml`; its settings apply to every
//! test below it. The format is line based:
//!
//! ```toml
//! # A comment.
//! suffixes = [".ll", ".cu"]   # test-file suffixes on top of ".ll"
//! features = ["foo"]          # extra features for REQUIRES / UNSUPPORTED / XFAIL
//! timeout = 300               # per-test timeout in seconds
//!
//! [substitutions]
//! "%mycheck" = "FileCheck %s --check-prefix=MY"
//! ```
//!
//! Strings are double quoted (escapes `\\`, `\"`, `\n`, `\t`) or single quoted (literal); arrays
//! sit on one line. Unknown keys and sections are errors, so a typo does not silently do nothing.

use anyhow::{Context, Result};
use std::path::Path;

/// The configuration file's name.
pub const FILE_NAME: &str = "lit.toml";

/// The settings from one `lit.toml` (or the defaults where there is none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    /// Test-file suffixes on top of `.ll`, which is always one.
    pub suffixes: Vec<String>,
    /// Features added to the detected ones for tests under this file.
    pub features: Vec<String>,
    /// `(name, value)` pairs; every name starts with `%`. Values may use other substitutions.
    pub substitutions: Vec<(String, String)>,
    /// Per-test timeout in seconds, if set.
    pub timeout_s: Option<u64>,
}

impl Config {
    /// Whether a file with this name is a test under this configuration.
    pub fn is_test_file(&self, file_name: &str) -> bool {
        file_name.ends_with(".ll") || self.suffixes.iter().any(|s| file_name.ends_with(s.as_str()))
    }
}

/// Reads and parses a `lit.toml` file; errors name the file and line.
pub fn load(path: &Path) -> Result<Config> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse(&text).map_err(|e| anyhow::anyhow!("{}:{e}", path.display()))
}

/// Which table the lines being parsed belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Root,
    Substitutions,
}

/// One parsed right-hand side.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value {
    Str(String),
    Array(Vec<String>),
    Int(u64),
}

/// Parses the text of a `lit.toml`; an error reads `LINE: message`.
pub fn parse(text: &str) -> Result<Config, String> {
    let mut config = Config::default();
    let mut section = Section::Root;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let fail = |msg: String| format!("{line_no}: {msg}");
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('[') {
            let (name, after) = rest.split_once(']').ok_or_else(|| fail("unterminated section header".into()))?;
            if !is_blank_or_comment(after) {
                return Err(fail(format!("unexpected text after section header: `{after}`")));
            }
            section = match name.trim() {
                "substitutions" => Section::Substitutions,
                other => return Err(fail(format!("unknown section `[{other}]`"))),
            };
            continue;
        }
        let (key, rest) = parse_key(line).map_err(fail)?;
        let rest = rest.trim_start().strip_prefix('=').ok_or_else(|| fail(format!("expected `=` after `{key}`")))?;
        let (value, rest) = parse_value(rest.trim_start()).map_err(fail)?;
        if !is_blank_or_comment(rest) {
            return Err(fail(format!("unexpected text after value: `{}`", rest.trim())));
        }
        match section {
            Section::Root => apply_root_key(&mut config, &key, value).map_err(fail)?,
            Section::Substitutions => {
                if !key.starts_with('%') || key.len() < 2 {
                    return Err(fail(format!("substitution name `{key}` must start with `%`")));
                }
                let Value::Str(v) = value else {
                    return Err(fail(format!("substitution `{key}` needs a string value")));
                };
                config.substitutions.retain(|(name, _)| *name != key);
                config.substitutions.push((key, v));
            }
        }
    }
    Ok(config)
}

/// Stores one `key = value` of the root table into `config`.
fn apply_root_key(config: &mut Config, key: &str, value: Value) -> Result<(), String> {
    match (key, value) {
        ("suffixes", Value::Array(items)) => {
            if let Some(bad) = items.iter().find(|s| s.is_empty()) {
                return Err(format!("empty suffix `{bad}`"));
            }
            config.suffixes = items;
        }
        ("features", Value::Array(items)) => config.features = items,
        ("timeout", Value::Int(n)) => config.timeout_s = Some(n),
        ("suffixes" | "features", _) => return Err(format!("`{key}` needs an array of strings")),
        ("timeout", _) => return Err("`timeout` needs an integer (seconds)".into()),
        (other, _) => return Err(format!("unknown key `{other}`")),
    }
    Ok(())
}

/// Whether what is left of a line is only whitespace and maybe a comment.
fn is_blank_or_comment(rest: &str) -> bool {
    let rest = rest.trim_start();
    rest.is_empty() || rest.starts_with('#')
}

/// Parses a key (bare, or a quoted string) at the start of `s`; returns it and the rest.
fn parse_key(s: &str) -> Result<(String, &str), String> {
    if s.starts_with('"') || s.starts_with('\'') {
        return parse_string(s);
    }
    let end = s.find(|c: char| c.is_whitespace() || c == '=').unwrap_or(s.len());
    if end == 0 {
        return Err("expected a key".into());
    }
    Ok((s[..end].to_string(), &s[end..]))
}

/// Parses one value (string, one-line array of strings, or non-negative integer).
fn parse_value(s: &str) -> Result<(Value, &str), String> {
    if let Some(mut rest) = s.strip_prefix('[') {
        let mut items = Vec::new();
        loop {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix(']') {
                return Ok((Value::Array(items), after));
            }
            if rest.is_empty() || rest.starts_with('#') {
                return Err("unterminated array (arrays must fit on one line)".into());
            }
            let (item, after) = parse_string(rest)?;
            items.push(item);
            rest = after.trim_start();
            if let Some(after) = rest.strip_prefix(',') {
                rest = after;
            } else if rest.is_empty() || rest.starts_with('#') {
                return Err("unterminated array (arrays must fit on one line)".into());
            } else if !rest.starts_with(']') {
                return Err("expected `,` or `]` in array".into());
            }
        }
    }
    if s.starts_with('"') || s.starts_with('\'') {
        let (v, rest) = parse_string(s)?;
        return Ok((Value::Str(v), rest));
    }
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if end == 0 {
        return Err(format!("expected a string, array or integer, found `{s}`"));
    }
    let n = s[..end].parse::<u64>().map_err(|e| format!("bad integer `{}`: {e}", &s[..end]))?;
    Ok((Value::Int(n), &s[end..]))
}

/// Parses a quoted string at the start of `s`; returns its value and the rest of `s`.
fn parse_string(s: &str) -> Result<(String, &str), String> {
    let mut chars = s.char_indices();
    let quote = match chars.next() {
        Some((_, q @ ('"' | '\''))) => q,
        _ => return Err(format!("expected a quoted string, found `{s}`")),
    };
    let mut out = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            _ if c == quote => return Ok((out, &s[i + c.len_utf8()..])),
            '\\' if quote == '"' => match chars.next() {
                Some((_, '\\')) => out.push('\\'),
                Some((_, '"')) => out.push('"'),
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, other)) => return Err(format!("unknown escape `\\{other}`")),
                None => break,
            },
            _ => out.push(c),
        }
    }
    Err("unterminated string".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_all_keys_and_substitutions() {
        let text = r#"
# suite config
suffixes = [".ll", '.cu', ]   # trailing comma ok
features = ["extra"]
timeout = 42

[substitutions]
"%mycheck" = "FileCheck %s --check-prefix=\"MY\""
%other = 'a\b'
"#;
        let c = parse(text).unwrap();
        assert_eq!(c.suffixes, [".ll", ".cu"]);
        assert_eq!(c.features, ["extra"]);
        assert_eq!(c.timeout_s, Some(42));
        assert_eq!(
            c.substitutions,
            [
                ("%mycheck".to_string(), "FileCheck %s --check-prefix=\"MY\"".to_string()),
                ("%other".to_string(), "a\\b".to_string())
            ]
        );
        assert!(c.is_test_file("x.cu") && c.is_test_file("y.ll") && !c.is_test_file("z.txt"));
    }

    #[test]
    fn empty_file_is_defaults() {
        let c = parse("\n# nothing\n").unwrap();
        assert_eq!(c, Config::default());
        assert!(c.is_test_file("a.ll") && !c.is_test_file("a.cu"));
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(parse("\nbogus = 1").unwrap_err(), "2: unknown key `bogus`");
        assert!(parse("suffixes = [\".ll\"").unwrap_err().contains("unterminated array"));
        assert!(parse("suffixes = \".ll\"").unwrap_err().contains("array of strings"));
        assert!(parse("timeout = \"x\"").unwrap_err().contains("integer"));
        assert!(parse("[nope]").unwrap_err().contains("unknown section"));
        assert!(parse("[substitutions]\nfoo = \"x\"").unwrap_err().contains("must start with `%`"));
        assert!(parse("suffixes = [\".ll\"] junk").unwrap_err().contains("unexpected text"));
        assert!(parse("x \"1\"").unwrap_err().contains("expected `=`"));
        assert!(parse("suffixes = [\"a").unwrap_err().contains("unterminated string"));
    }
}
