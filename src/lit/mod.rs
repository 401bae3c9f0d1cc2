//! `ori lit`: a lit-style test runner. It discovers test files, reads their `RUN:` lines and
//! `REQUIRES:` / `UNSUPPORTED:` / `XFAIL:` directives, runs the RUN lines with its own small shell
//! (pipes, `&&` / `||` / `;`, redirections, `not`), in parallel and under a per-test timeout, and
//! prints a lit-style report. The exit code is 1 when any test failed (or passed unexpectedly).
//!
//! In RUN lines, `%s` is the test file, `%S` (and `%p`) its folder, `%t` a scratch path
//! `<folder>/Output/<file>.tmp`, `%T` a fresh scratch folder `<folder>/Output/<file>.tmpdir`,
//! `%%` a `%`; `%ptxas` / `%cuobjdump` are the venv's NVIDIA tools and `%clang_cuda` the clang-19
//! CUDA device compile to LLVM IR; `lit.toml` may add its own. Command names: `ori` is this binary,
//! `FileCheck`, `opt`, `llc`, `clang`, ... are LLVM 19's, `not [--crash]` and `env` are prefixes
//! the runner applies itself, `cd` / `export` / `:` are builtins, anything else comes from `PATH`.
//! Features: `clang`, `ptxas`, `cuobjdump`, `libdevice`, the host's `x86_64` / `aarch64` and
//! `linux`, plus `features` from `lit.toml`.
//!
//! Modules: `config` (`lit.toml`), `discover` (finding tests), `script` (directives and
//! substitutions), `features` (feature detection and expressions), `shell` (RUN-line syntax),
//! `exec` (running commands), `report` (the output).

mod config;
mod discover;
mod exec;
mod features;
mod report;
mod script;
mod shell;

use anyhow::Result;
use discover::TestFile;
use features::FeatureSet;
use report::{Status, TestResult};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The per-test timeout when neither `--timeout` nor `lit.toml` sets one.
const DEFAULT_TIMEOUT_S: u64 = 300;

/// The longest timeout honored (also what `0`, "no timeout", means): one year.
const MAX_TIMEOUT_S: u64 = 365 * 24 * 3600;

/// How much of a failing test's output the report shows.
const TAIL_LINES: usize = 200;
const TAIL_BYTES: u64 = 64 * 1024;

#[derive(clap::Args, Debug)]
pub struct LitArgs {
    /// Test files or folders.
    #[arg(required = true)]
    pub paths: Vec<std::path::PathBuf>,
    /// Parallel jobs (default: number of cores).
    #[arg(short = 'j')]
    pub jobs: Option<usize>,
    /// Show passing tests too.
    #[arg(short = 'v')]
    pub verbose: bool,
    /// Per-test timeout in seconds (default: `timeout` in lit.toml, else 300; 0 means none).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<u64>,
}

/// Runs the tests under `args.paths` and prints the report; returns the process exit code.
pub fn run(args: LitArgs) -> Result<u8> {
    let start = Instant::now();
    let tests = discover::discover(&args.paths)?;
    if tests.is_empty() {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        anyhow::bail!("no tests found in {}", paths.join(", "));
    }
    let features = features::detect();
    let jobs = args
        .jobs
        .filter(|&j| j > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(tests.len());
    let mut results = run_parallel(&tests, jobs, |t| run_test(t, &features, args.timeout));
    results.sort_by(|a, b| a.name.cmp(&b.name));
    let text = report::render(&results, args.verbose, start.elapsed());
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
    Ok(u8::from(results.iter().any(|r| r.status.is_failure())))
}

/// Runs `run_one` over `tests` on `jobs` threads; results come back in completion order.
fn run_parallel(tests: &[TestFile], jobs: usize, run_one: impl Fn(&TestFile) -> TestResult + Sync) -> Vec<TestResult> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(tests.len()));
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                while let Some(test) = tests.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let result = run_one(test);
                    results.lock().unwrap_or_else(|e| e.into_inner()).push(result);
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Whether and how a test runs, from its directives.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Plan {
    /// Run it; `xfail` when a failure is expected.
    Run { xfail: bool },
    /// Skip it (UNSUPPORTED), for this reason.
    Skip(String),
}

/// Decides from `REQUIRES:` (all must hold), `UNSUPPORTED:` (none may hold) and `XFAIL:` (any
/// makes failure expected) whether a test runs.
fn plan(script: &script::Script, features: &FeatureSet) -> Result<Plan, String> {
    let mut missing = Vec::new();
    for expr in &script.requires {
        if !features::eval(expr, features)? {
            missing.push(expr.as_str());
        }
    }
    let mut unsupported = Vec::new();
    for expr in &script.unsupported {
        if features::eval(expr, features)? {
            unsupported.push(expr.as_str());
        }
    }
    let mut xfail = false;
    for expr in &script.xfail {
        xfail |= features::eval(expr, features)?;
    }
    if !missing.is_empty() {
        return Ok(Plan::Skip(format!("requires {}", missing.join(", "))));
    }
    if !unsupported.is_empty() {
        return Ok(Plan::Skip(format!("unsupported on {}", unsupported.join(", "))));
    }
    Ok(Plan::Run { xfail })
}

/// Runs one test and judges it.
fn run_test(test: &TestFile, base_features: &FeatureSet, cli_timeout: Option<u64>) -> TestResult {
    let (status, detail) = judge(test, base_features, cli_timeout);
    TestResult { name: test.name.clone(), status, detail }
}

/// The work of [`run_test`]: returns the status and the report detail.
fn judge(test: &TestFile, base_features: &FeatureSet, cli_timeout: Option<u64>) -> (Status, String) {
    let text = match std::fs::read(&test.path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => return (Status::Fail, format!("error: cannot read the test: {e}")),
    };
    let script = match script::parse(&text) {
        Ok(s) => s,
        Err(e) => return (Status::Fail, format!("error: bad test script: {e}")),
    };
    let mut features = base_features.clone();
    features.extend(test.config.features.iter().cloned());
    let xfail = match plan(&script, &features) {
        Ok(Plan::Run { xfail }) => xfail,
        Ok(Plan::Skip(why)) => return (Status::Unsupported, why),
        Err(e) => return (Status::Fail, format!("error: bad directive: {e}")),
    };
    if script.run.is_empty() {
        return (Status::Fail, "error: the test has no RUN: lines".into());
    }
    let files = match TempFiles::prepare(&test.path) {
        Ok(f) => f,
        Err(e) => return (Status::Fail, format!("error: {e}")),
    };
    let subs = script::Substitutions::new(&test.path, &files.tmp, &files.tmp_dir, &test.config.substitutions);
    let mut commands = Vec::with_capacity(script.run.len());
    let eval = |expr: &str| features::eval(expr, &features);
    for run_line in &script.run {
        let expanded = subs.apply(&run_line.text).and_then(|text| script::expand_conditionals(&text, &eval));
        // A RUN line whose every part sat in a `%if` that does not hold runs nothing.
        if expanded.as_ref().is_ok_and(|t| t.trim().is_empty()) {
            continue;
        }
        let parsed = expanded.and_then(|text| shell::parse(&text).map(|list| (text, list)));
        match parsed {
            Ok((text, list)) => commands.push((run_line.line, text, list)),
            Err(e) => {
                let header = format!("RUN: at line {}: {}", run_line.line, run_line.text);
                return (Status::Fail, format!("{header}\nerror: malformed RUN line: {e}"));
            }
        }
    }
    let timeout_s = match cli_timeout.or(test.config.timeout_s).unwrap_or(DEFAULT_TIMEOUT_S) {
        0 => MAX_TIMEOUT_S,
        t => t.min(MAX_TIMEOUT_S),
    };
    let mut shell = exec::Shell {
        cwd: test.path.parent().unwrap_or(Path::new("/")).to_path_buf(),
        exports: Vec::new(),
        deadline: Instant::now() + Duration::from_secs(timeout_s),
        log: files.log,
        timeout_s,
    };
    for (line, text, list) in &commands {
        let header = format!("RUN: at line {line}: {text}");
        shell.note(&format!("# {header}"));
        let (status, reason) = match shell.run_list(list) {
            exec::Outcome::Pass => continue,
            exec::Outcome::Fail(msg) if xfail => (Status::XFail, msg),
            exec::Outcome::Fail(msg) => (Status::Fail, msg),
            exec::Outcome::TimedOut => (Status::Timeout, format!("timed out after {timeout_s} s")),
        };
        let output = tail(&files.log_path);
        let detail = format!(
            "{header}\nerror: {reason}\n\nCommand Output (stdout + stderr{}):\n--\n{}\n--",
            output.1,
            output.0.trim_end()
        );
        return (status, detail);
    }
    if xfail {
        return (Status::XPass, "error: the test passed but is marked XFAIL".into());
    }
    (Status::Pass, String::new())
}

/// The per-test scratch paths under `<test folder>/Output/`.
struct TempFiles {
    /// `%t`: `<name>.tmp` (not created).
    tmp: PathBuf,
    /// `%T`: `<name>.tmpdir`, created fresh.
    tmp_dir: PathBuf,
    /// `<name>.log`: the commands' output, truncated at the start of each run.
    log_path: PathBuf,
    /// The log opened for appending.
    log: File,
}

impl TempFiles {
    /// Creates the Output folder, a fresh `%T` and an empty log for the test at `test`.
    fn prepare(test: &Path) -> Result<TempFiles, String> {
        let dir = test.parent().unwrap_or(Path::new("/")).join("Output");
        let name = test.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "test".into());
        let tmp = dir.join(format!("{name}.tmp"));
        let tmp_dir = dir.join(format!("{name}.tmpdir"));
        let log_path = dir.join(format!("{name}.log"));
        let _ = std::fs::remove_dir_all(&tmp_dir);
        std::fs::create_dir_all(&tmp_dir).map_err(|e| format!("cannot create {}: {e}", tmp_dir.display()))?;
        File::create(&log_path).map_err(|e| format!("cannot create {}: {e}", log_path.display()))?;
        let log = OpenOptions::new()
            .append(true)
            .open(&log_path)
            .map_err(|e| format!("cannot open {}: {e}", log_path.display()))?;
        Ok(TempFiles { tmp, tmp_dir, log_path, log })
    }
}

/// The end of a log file (at most [`TAIL_LINES`] lines from its last [`TAIL_BYTES`] bytes), and a
/// note for the header when something was left out.
fn tail(path: &Path) -> (String, String) {
    let read = || -> std::io::Result<(Vec<u8>, bool)> {
        let mut file = File::open(path)?;
        let len = file.metadata()?.len();
        let start = len.saturating_sub(TAIL_BYTES);
        file.seek(SeekFrom::Start(start))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok((bytes, start > 0))
    };
    let (bytes, cut) = match read() {
        Ok(r) => r,
        Err(e) => {
            return (format!("(cannot read {}: {e})", path.display()), String::new());
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let keep = lines.len().min(TAIL_LINES);
    let note = if cut || keep < lines.len() {
        format!(", last {keep} lines; full log: {}", path.display())
    } else {
        String::new()
    };
    (lines[lines.len() - keep..].join("\n"), note)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features(names: &[&str]) -> FeatureSet {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn plans_from_directives() {
        let f = features(&["a", "b"]);
        let s = |req: &[&str], uns: &[&str], xf: &[&str]| script::Script {
            run: Vec::new(),
            requires: req.iter().map(|s| s.to_string()).collect(),
            unsupported: uns.iter().map(|s| s.to_string()).collect(),
            xfail: xf.iter().map(|s| s.to_string()).collect(),
        };
        assert_eq!(plan(&s(&["a", "a && b"], &["c"], &[]), &f), Ok(Plan::Run { xfail: false }));
        assert_eq!(plan(&s(&[], &[], &["c", "*"]), &f), Ok(Plan::Run { xfail: true }));
        assert_eq!(plan(&s(&["a", "c || d"], &[], &[]), &f), Ok(Plan::Skip("requires c || d".into())));
        assert_eq!(plan(&s(&[], &["!c"], &[]), &f), Ok(Plan::Skip("unsupported on !c".into())));
        assert!(plan(&s(&["a &&"], &[], &[]), &f).is_err());
    }

    #[test]
    fn runs_a_test_end_to_end() {
        let dir = std::env::temp_dir().join(format!("ori-lit-judge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            TestFile { name: name.into(), path, config: Default::default() }
        };
        let f = features(&[]);
        let pass = write("pass.ll", "; RUN: echo 'x  y' > %t && grep -q 'x  y' %t\n; RUN: cat %s | grep -c RUN\n");
        assert_eq!(judge(&pass, &f, None), (Status::Pass, String::new()));
        let fail = write("fail.ll", "; RUN: echo some-output\n; RUN: true && false\n");
        let (status, detail) = judge(&fail, &f, None);
        assert_eq!(status, Status::Fail);
        assert!(detail.starts_with("RUN: at line 2: true && false\nerror: `false` failed (exit status 1)"), "{detail}");
        assert!(detail.contains("some-output"), "{detail}");
        let xfail = write("xfail.ll", "; XFAIL: *\n; RUN: false\n");
        assert_eq!(judge(&xfail, &f, None).0, Status::XFail);
        let xpass = write("xpass.ll", "; XFAIL: *\n; RUN: true\n");
        assert_eq!(judge(&xpass, &f, None).0, Status::XPass);
        let skip = write("skip.ll", "; REQUIRES: nope\n; RUN: false\n");
        assert_eq!(judge(&skip, &f, None).0, Status::Unsupported);
        let bad = write("bad.ll", "; RUN: echo 'open\n");
        let (status, detail) = judge(&bad, &f, None);
        assert_eq!(status, Status::Fail);
        assert!(detail.contains("malformed RUN line: unterminated single quote"), "{detail}");
        let none = write("none.ll", "define void @f() { ret void }\n");
        assert_eq!(judge(&none, &f, None).0, Status::Fail);
        let slow = write("slow.ll", "; RUN: sleep 20\n");
        assert_eq!(judge(&slow, &f, Some(1)).0, Status::Timeout);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
