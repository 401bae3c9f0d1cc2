//! A test file's script: its `RUN:` lines (with backslash continuation) and its `REQUIRES:`,
//! `UNSUPPORTED:` and `XFAIL:` directives, plus the `%` substitutions applied to RUN lines.
//!
//! A directive is recognized at the start of a line, after optional whitespace and an optional
//! comment leader (`;`, `//` or `#`, possibly repeated), so `; RUN:`, `// RUN:` and `;; RUN:` all
//! count but `; CHECK: RUN:` does not.

use std::path::Path;

/// One RUN command after continuation lines were joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunLine {
    /// The 1-based line number of the first `RUN:` line of this command.
    pub line: usize,
    /// The command text, before substitution.
    pub text: String,
}

/// Everything the runner reads from a test file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Script {
    /// The RUN commands in file order.
    pub run: Vec<RunLine>,
    /// Feature expressions that must all hold (`REQUIRES:`, comma-separated, accumulated).
    pub requires: Vec<String>,
    /// Feature expressions any of which makes the test unsupported.
    pub unsupported: Vec<String>,
    /// Feature expressions any of which makes a failure expected (`*` always does).
    pub xfail: Vec<String>,
}

/// The directive keywords the runner understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keyword {
    Run,
    Requires,
    Unsupported,
    Xfail,
}

/// Splits a line into its directive keyword and the text after the keyword's colon.
fn directive(line: &str) -> Option<(Keyword, &str)> {
    let s = line.trim_start();
    let s = if s.starts_with("//") {
        s.trim_start_matches('/')
    } else if s.starts_with(';') {
        s.trim_start_matches(';')
    } else if s.starts_with('#') {
        s.trim_start_matches('#')
    } else {
        s
    };
    let s = s.trim_start();
    const KEYWORDS: [(&str, Keyword); 4] = [
        ("RUN:", Keyword::Run),
        ("REQUIRES:", Keyword::Requires),
        ("UNSUPPORTED:", Keyword::Unsupported),
        ("XFAIL:", Keyword::Xfail),
    ];
    KEYWORDS.iter().find_map(|&(word, kw)| s.strip_prefix(word).map(|rest| (kw, rest)))
}

/// Parses the directives of a test file. Errors (an unterminated continuation, an empty RUN
/// command) name the line.
pub fn parse(text: &str) -> Result<Script, String> {
    let mut script = Script::default();
    // A RUN command whose last line ended in a backslash: (first line, text so far).
    let mut pending: Option<(usize, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let Some((kw, rest)) = directive(line) else {
            if let Some((start, _)) = &pending {
                return Err(format!("line {start}: RUN line ends in `\\` but line {line_no} is no RUN line"));
            }
            continue;
        };
        match kw {
            Keyword::Run => {
                let rest = rest.trim_end();
                let (start, mut joined) = pending.take().unwrap_or((line_no, String::new()));
                if let Some(head) = rest.strip_suffix('\\') {
                    joined.push_str(head);
                    pending = Some((start, joined));
                } else {
                    joined.push_str(rest);
                    let text = joined.trim().to_string();
                    if text.is_empty() {
                        return Err(format!("line {start}: empty RUN line"));
                    }
                    script.run.push(RunLine { line: start, text });
                }
            }
            Keyword::Requires => add_expressions(&mut script.requires, rest, line_no, pending.as_ref())?,
            Keyword::Unsupported => add_expressions(&mut script.unsupported, rest, line_no, pending.as_ref())?,
            Keyword::Xfail => add_expressions(&mut script.xfail, rest, line_no, pending.as_ref())?,
        }
    }
    if let Some((start, _)) = pending {
        return Err(format!("line {start}: RUN line ends in `\\` at the end of the file"));
    }
    Ok(script)
}

/// Appends the comma-separated feature expressions of a `REQUIRES:`-like directive at `line_no`
/// to `list`; fails when a RUN continuation is still open or the directive is empty.
fn add_expressions(
    list: &mut Vec<String>,
    rest: &str,
    line_no: usize,
    pending: Option<&(usize, String)>,
) -> Result<(), String> {
    if let Some((start, _)) = pending {
        return Err(format!("line {start}: RUN line ends in `\\` but line {line_no} is no RUN line"));
    }
    let before = list.len();
    list.extend(rest.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from));
    if list.len() == before {
        return Err(format!("line {line_no}: directive has no feature expression"));
    }
    Ok(())
}

/// The `%` substitutions for one test: built-ins (`%s`, `%S`, `%p`, `%t`, `%T`, `%ptxas`,
/// `%cuobjdump`, `%nvcc`, `%clang_cuda`, `%ori_plugin`) and the suite's own from `lit.toml`.
#[derive(Debug, Clone, Default)]
pub struct Substitutions {
    /// `(name, value, expand value)`, longest name first so `%ptxas` wins over `%p`.
    items: Vec<(String, String, bool)>,
}

/// How deep suite substitutions may refer to each other before the runner gives up.
const MAX_DEPTH: usize = 8;

impl Substitutions {
    /// Builds the substitutions for a test at `test` (absolute) whose temporary file is `tmp` and
    /// temporary folder `tmp_dir`; `suite` are the `lit.toml` ones, whose values are expanded
    /// again.
    pub fn new(test: &Path, tmp: &Path, tmp_dir: &Path, suite: &[(String, String)]) -> Self {
        let dir = test.parent().unwrap_or(Path::new("/"));
        let mut items: Vec<(String, String, bool)> = vec![
            ("%s".into(), quote(&test.to_string_lossy()), false),
            ("%S".into(), quote(&dir.to_string_lossy()), false),
            ("%p".into(), quote(&dir.to_string_lossy()), false),
            ("%t".into(), quote(&tmp.to_string_lossy()), false),
            ("%T".into(), quote(&tmp_dir.to_string_lossy()), false),
            ("%ptxas".into(), nvidia_tool_word("ptxas"), false),
            ("%cuobjdump".into(), nvidia_tool_word("cuobjdump"), false),
            ("%nvcc".into(), nvidia_tool_word("nvcc"), false),
            ("%clang_cuda".into(), clang_cuda(), false),
            ("%ori_plugin".into(), opt_plugin_word(), false),
        ];
        for (name, value) in suite {
            items.retain(|(n, _, _)| n != name);
            items.push((name.clone(), value.clone(), true));
        }
        items.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        Substitutions { items }
    }

    /// Applies the substitutions to a RUN command in one left-to-right pass (`%%` is `%`; an
    /// unknown `%x` stays as it is).
    pub fn apply(&self, text: &str) -> Result<String, String> {
        self.apply_at(text, 0)
    }

    fn apply_at(&self, text: &str, depth: usize) -> Result<String, String> {
        if depth > MAX_DEPTH {
            return Err(format!("substitutions nest deeper than {MAX_DEPTH} levels (a cycle?)"));
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(pos) = rest.find('%') {
            out.push_str(&rest[..pos]);
            rest = &rest[pos..];
            if let Some(after) = rest.strip_prefix("%%") {
                out.push('%');
                rest = after;
                continue;
            }
            match self.items.iter().find(|(name, _, _)| rest.starts_with(name.as_str())) {
                Some((name, value, expand)) => {
                    if *expand {
                        out.push_str(&self.apply_at(value, depth + 1)?);
                    } else {
                        out.push_str(value);
                    }
                    rest = &rest[name.len()..];
                }
                None => {
                    out.push('%');
                    rest = &rest[1..];
                }
            }
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// Expands lit's conditional substitution `%if EXPR %{ THEN %}` / `%if EXPR %{ THEN %} %else %{
/// ELSE %}` (after the other substitutions, as lit does): the branch whose condition holds for
/// `features` replaces the whole construct, nothing if no branch applies. Branches may nest
/// `%{ ... %}` and further `%if`s. `eval` evaluates a feature expression.
pub fn expand_conditionals(text: &str, eval: &dyn Fn(&str) -> Result<bool, String>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(pos) = find_if(rest) {
        out.push_str(&rest[..pos]);
        let after_if = &rest[pos + 3..];
        let open = after_if.find("%{").ok_or_else(|| format!("`%if` without `%{{` in `{text}`"))?;
        let condition = after_if[..open].trim();
        if condition.is_empty() {
            return Err(format!("`%if` without a condition in `{text}`"));
        }
        let (then_branch, after_then) = braced(&after_if[open..], text)?;
        let trimmed = after_then.trim_start();
        let (else_branch, after) = match trimmed.strip_prefix("%else") {
            Some(tail) => {
                let tail = tail.trim_start();
                if !tail.starts_with("%{") {
                    return Err(format!("`%else` without `%{{` in `{text}`"));
                }
                let (b, a) = braced(tail, text)?;
                (Some(b), a)
            }
            None => (None, after_then),
        };
        let chosen = if eval(condition)? { Some(then_branch) } else { else_branch };
        if let Some(branch) = chosen {
            out.push_str(&expand_conditionals(branch, eval)?);
        }
        rest = after;
    }
    out.push_str(rest);
    Ok(out)
}

/// Where the next `%if` keyword (followed by whitespace) starts.
fn find_if(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find("%if") {
        let at = from + i;
        if text[at + 3..].starts_with(char::is_whitespace) {
            return Some(at);
        }
        from = at + 3;
    }
    None
}

/// Splits `%{ body %} rest` at the `%}` matching the leading `%{`: (body, rest).
fn braced<'a>(text: &'a str, whole: &str) -> Result<(&'a str, &'a str), String> {
    let mut depth = 0usize;
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with("%{") {
            depth += 1;
            i += 2;
        } else if text[i..].starts_with("%}") {
            depth -= 1;
            if depth == 0 {
                return Ok((&text[2..i], &text[i + 2..]));
            }
            i += 2;
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    Err(format!("unbalanced `%{{` in `{whole}`"))
}

/// The path of an NVIDIA tool as a shell word, or its bare name when it is not installed (so the
/// command fails with "not found"; tests that need it say `REQUIRES: ptxas`).
fn nvidia_tool_word(name: &str) -> String {
    match crate::tools::nvidia_tool(name) {
        Some(p) => quote(&p.to_string_lossy()),
        None => name.to_string(),
    }
}

/// `%ori_plugin`: the opt-19 pass plugin beside the `ori` binary (tests that load it say
/// `REQUIRES: ori-plugin` or `%if ori-plugin %{ ... %}`).
fn opt_plugin_word() -> String {
    match crate::tools::opt_plugin() {
        Some(p) => quote(&p.to_string_lossy()),
        None => crate::tools::OPT_PLUGIN_FILE.to_string(),
    }
}

/// `%clang_cuda`: clang-19 compiling CUDA device code to LLVM IR for sm_90 with the repo's CUDA
/// headers and libdevice linked in (left out when libdevice is not installed).
fn clang_cuda() -> String {
    let clang = quote(&crate::tools::llvm_tool("clang").to_string_lossy());
    let include = quote(&crate::tools::repo_root().join("cuda-include").to_string_lossy());
    let libdevice = match crate::tools::libdevice() {
        Some(p) => format!(" -Xclang -mlink-builtin-bitcode -Xclang {}", quote(&p.to_string_lossy())),
        None => String::new(),
    };
    format!(
        "{clang} -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-feature=+ptx80 -nocudainc \
         -nocudalib -I {include} -include cuda_shim.h{libdevice} -std=c++17 -w -emit-llvm -S -O1"
    )
}

/// Quotes a word for the RUN-line shell when it holds characters the shell would interpret.
pub fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '+' | '=' | ':' | ',' | '@' | '%')
        });
    if plain { word.to_string() } else { format!("'{}'", word.replace('\'', r"'\''")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_directives_after_comment_leaders() {
        let text = "; RUN: a %s\n// RUN: b\n# RUN: c\n;; RUN:d\n  RUN: e\n; CHECK: RUN: no\n\
                    ; REQUIRES: ptxas, x && y\n\
                    // UNSUPPORTED: z\n; XFAIL: *\n";
        let s = parse(text).unwrap();
        let texts: Vec<_> = s.run.iter().map(|r| (r.line, r.text.as_str())).collect();
        assert_eq!(texts, [(1, "a %s"), (2, "b"), (3, "c"), (4, "d"), (5, "e")]);
        assert_eq!(s.requires, ["ptxas", "x && y"]);
        assert_eq!(s.unsupported, ["z"]);
        assert_eq!(s.xfail, ["*"]);
    }

    #[test]
    fn joins_continuation_lines() {
        let text = "; RUN: opt -S \\\n;   RUN:   -passes=x %s \\\n; RUN: | FileCheck %s\n; RUN: next\n";
        let s = parse(text).unwrap();
        assert_eq!(s.run.len(), 2);
        assert_eq!(s.run[0].line, 1);
        assert_eq!(s.run[0].text, "opt -S    -passes=x %s  | FileCheck %s");
        assert_eq!(s.run[1], RunLine { line: 4, text: "next".into() });
    }

    #[test]
    fn rejects_broken_scripts() {
        assert!(parse("; RUN: a \\\n").unwrap_err().contains("end of the file"));
        assert!(parse("; RUN: a \\\nfoo\n; RUN: b").unwrap_err().contains("line 2 is no RUN line"));
        assert!(parse("; RUN:   \n").unwrap_err().contains("empty RUN line"));
        assert!(parse("; REQUIRES: ,\n").unwrap_err().contains("no feature expression"));
    }

    fn subs(suite: &[(&str, &str)]) -> Substitutions {
        let suite: Vec<(String, String)> = suite.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        Substitutions::new(
            Path::new("/d/x.ll"),
            Path::new("/d/Output/x.ll.tmp"),
            Path::new("/d/Output/x.ll.tmpdir"),
            &suite,
        )
    }

    #[test]
    fn substitutes_paths_and_percent() {
        let s = subs(&[]);
        assert_eq!(
            s.apply("a %s %S %t.o %T/f %p").unwrap(),
            "a /d/x.ll /d /d/Output/x.ll.tmp.o /d/Output/x.ll.tmpdir/f /d"
        );
        assert_eq!(s.apply("echo 100%% %%s %q %").unwrap(), "echo 100% %s %q %");
        assert!(s.apply("%ptxas -v").unwrap().contains("ptxas -v"));
        let cuda = s.apply("%clang_cuda %s -o %t").unwrap();
        assert!(
            cuda.contains("clang -x cuda")
                && cuda.contains("cuda_shim.h")
                && cuda.ends_with("-O1 /d/x.ll -o /d/Output/x.ll.tmp")
        );
    }

    #[test]
    fn conditionals_pick_the_branch_of_the_features() {
        let eval = |e: &str| -> Result<bool, String> { Ok(e == "yes" || e == "yes && yes") };
        assert_eq!(expand_conditionals("a %if yes %{ b %} c", &eval).unwrap(), "a  b  c");
        assert_eq!(expand_conditionals("a %if no %{ b %} c", &eval).unwrap(), "a  c");
        assert_eq!(expand_conditionals("%if no %{ b %} %else %{ d %}", &eval).unwrap(), " d ");
        assert_eq!(
            expand_conditionals("%if yes && yes %{ x %if no %{ y %} %else %{ z %} %}", &eval).unwrap(),
            " x  z  "
        );
        assert_eq!(expand_conditionals("%if yes %{ %{nested%} %}", &eval).unwrap(), " %{nested%} ");
        assert_eq!(expand_conditionals("no conditionals %ifx", &eval).unwrap(), "no conditionals %ifx");
        assert!(expand_conditionals("%if yes b", &eval).unwrap_err().contains("without `%{`"));
        assert!(expand_conditionals("%if yes %{ b", &eval).unwrap_err().contains("unbalanced"));
        assert!(expand_conditionals("%if %{ b %}", &eval).unwrap_err().contains("without a condition"));
        assert!(expand_conditionals("%if no %{ b %} %else c", &eval).unwrap_err().contains("`%else`"));
    }

    #[test]
    fn suite_substitutions_expand_recursively() {
        let s = subs(&[("%check", "FileCheck %s --check-prefix=%pfx"), ("%pfx", "X"), ("%loop", "%loop")]);
        assert_eq!(s.apply("a | %check").unwrap(), "a | FileCheck /d/x.ll --check-prefix=X");
        assert!(s.apply("%loop").unwrap_err().contains("cycle"));
    }

    #[test]
    fn quotes_only_when_needed() {
        assert_eq!(quote("/a/b-c.ll"), "/a/b-c.ll");
        assert_eq!(quote("/a b/it's"), r"'/a b/it'\''s'");
        assert_eq!(quote(""), "''");
    }
}
