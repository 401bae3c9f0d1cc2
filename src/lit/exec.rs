//! Runs parsed RUN commands: resolves command names to tools, applies the `not` and `env`
//! prefixes and the `cd` / `export` / `:` builtins, wires pipelines and redirections, starts each
//! stage through `duct`, and judges the exit statuses with pipefail semantics under a deadline.
//!
//! Everything a command prints that is not redirected (stdout of a pipeline's last stage, stderr
//! of every stage) goes to the test's log file, which the runner shows when the test fails.

use super::shell::{Command, Connector, List, Redirect, Stream, Targets};
use crate::tools;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::fd::OwnedFd;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How a RUN command (or one pipeline of it) ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every command did what it should.
    Pass,
    /// Something failed; the message says what.
    Fail(String),
    /// The test's deadline passed; the running commands were killed.
    TimedOut,
}

/// The exit of one process, the way `not` looks at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// A normal exit with this code.
    Code(i32),
    /// Killed by this signal (a crash, for `not --crash`).
    Signal(i32),
}

impl Exit {
    /// Reads a process's exit status.
    fn of(status: std::process::ExitStatus) -> Exit {
        match (status.code(), status.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(sig)) => Exit::Signal(sig),
            (None, None) => Exit::Code(-1),
        }
    }

    /// What `not` (`crash: false`) or `not --crash` reports for a command that ended like this:
    /// `not` succeeds iff the command exited non-zero without crashing; `not --crash` succeeds iff
    /// it crashed.
    pub fn invert(self, crash: bool) -> Exit {
        let ok = match (self, crash) {
            (Exit::Code(c), false) => c != 0,
            (Exit::Signal(_), false) => false,
            (Exit::Code(_), true) => false,
            (Exit::Signal(_), true) => true,
        };
        Exit::Code(if ok { 0 } else { 1 })
    }

    /// Whether this is a successful exit.
    pub fn success(self) -> bool {
        self == Exit::Code(0)
    }

    /// Words for a failure message.
    fn describe(self) -> String {
        match self {
            Exit::Code(c) => format!("exit status {c}"),
            Exit::Signal(s) => format!("signal {s}"),
        }
    }
}

/// The state a test's RUN commands share: the working folder, exported variables, the deadline
/// and the log that collects output.
pub struct Shell {
    /// The folder commands run in (the test's folder until a `cd`).
    pub cwd: PathBuf,
    /// Variables set by `export`, passed to every later command.
    pub exports: Vec<(String, String)>,
    /// When the test's time is up.
    pub deadline: Instant,
    /// The per-test log (opened for appending).
    pub log: File,
    /// The timeout in seconds, for the message.
    pub timeout_s: u64,
}

/// A `not` or `env` prefix peeled off a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefixes {
    /// One entry per `not`, outermost first; `true` for `not --crash`.
    pub nots: Vec<bool>,
    /// `env` changes in order: `(name, Some(value))` sets, `(name, None)` unsets (`-u`).
    pub env: Vec<(String, Option<String>)>,
}

/// Splits `not [--crash] ...` and `env [-u NAME] [NAME=VALUE]... ...` prefixes (in any order and
/// nesting) off `argv`; returns them and the remaining command, which is never empty.
pub fn peel_prefixes(argv: &[String]) -> Result<(Prefixes, &[String]), String> {
    let mut prefixes = Prefixes { nots: Vec::new(), env: Vec::new() };
    let mut i = 0;
    loop {
        match argv.get(i).map(String::as_str) {
            Some("not") => {
                i += 1;
                let crash = argv.get(i).map(String::as_str) == Some("--crash");
                if crash {
                    i += 1;
                }
                prefixes.nots.push(crash);
            }
            Some("env") => {
                i += 1;
                loop {
                    match argv.get(i).map(String::as_str) {
                        Some("-u") => {
                            let name = argv.get(i + 1).ok_or("`env -u` needs a variable name")?;
                            prefixes.env.push((name.clone(), None));
                            i += 2;
                        }
                        Some(arg) if arg.find('=').is_some_and(|p| p > 0) => {
                            let (name, value) = arg.split_once('=').unwrap_or((arg, ""));
                            prefixes.env.push((name.to_string(), Some(value.to_string())));
                            i += 1;
                        }
                        _ => break,
                    }
                }
            }
            Some(_) => return Ok((prefixes, &argv[i..])),
            None => {
                return Err(format!("`{}` needs a command after it", argv.last().map_or("", String::as_str)));
            }
        }
    }
}

/// LLVM tools a RUN line may name directly; they resolve to LLVM 19's copies.
const LLVM_TOOLS: &[&str] = &[
    "opt",
    "llc",
    "lli",
    "clang",
    "clang++",
    "llvm-as",
    "llvm-dis",
    "llvm-link",
    "llvm-extract",
    "llvm-mc",
    "llvm-objdump",
    "llvm-readobj",
    "llvm-nm",
    "llvm-dwarfdump",
    "llvm-cxxfilt",
    "split-file",
    "count",
];

/// Resolves a command name: `ori` is the running binary, `FileCheck` and the LLVM tools are LLVM
/// 19's, a name with a `/` is a path (relative to `cwd`), anything else is looked up on `PATH`.
pub fn resolve_program(name: &str, cwd: &Path) -> PathBuf {
    match name {
        "ori" => ori_binary(),
        "FileCheck" => tools::filecheck(),
        _ if LLVM_TOOLS.contains(&name) && tools::llvm_tool(name).is_file() => tools::llvm_tool(name),
        _ if name.contains('/') => cwd.join(name),
        _ => PathBuf::from(name),
    }
}

/// The running `ori` binary. When it was rebuilt while the run goes on, Linux reports the old
/// file as `<path> (deleted)`; the fresh binary at `<path>` is used then.
fn ori_binary() -> PathBuf {
    let Ok(exe) = std::env::current_exe() else {
        return PathBuf::from("ori");
    };
    if exe.exists() {
        return exe;
    }
    match exe.to_str().and_then(|s| s.strip_suffix(" (deleted)")) {
        Some(original) => PathBuf::from(original),
        None => exe,
    }
}

/// A started pipeline stage.
struct Stage {
    /// The command name, for messages.
    name: String,
    /// Its `not` prefixes, outermost first.
    nots: Vec<bool>,
    handle: duct::Handle,
}

impl Shell {
    /// Writes a line to the test's log (best effort: a failing log write must not fail the test).
    pub fn note(&self, line: &str) {
        let _ = writeln!(&self.log, "{line}");
    }

    /// Runs a whole RUN command: its pipelines joined by `&&`, `||` and `;`.
    pub fn run_list(&mut self, list: &List) -> Outcome {
        let mut last = Outcome::Pass;
        for (connector, pipeline) in &list.items {
            let run = match connector {
                Connector::Always => true,
                Connector::And => last == Outcome::Pass,
                Connector::Or => matches!(last, Outcome::Fail(_)),
            };
            if run {
                last = self.run_pipeline(pipeline);
            }
            if last == Outcome::TimedOut {
                return last;
            }
        }
        last
    }

    /// Runs one pipeline; it passes iff every stage passes (pipefail).
    fn run_pipeline(&mut self, commands: &[Command]) -> Outcome {
        if let [single] = commands
            && let Some(outcome) = self.builtin(single)
        {
            return self.noted(outcome);
        }
        if let Some(cmd) = commands.iter().find(|c| is_builtin(c)) {
            return self.noted(Outcome::Fail(format!("`{}` cannot be part of a pipeline", cmd.argv[0])));
        }
        let mut stages: Vec<Stage> = Vec::new();
        let mut next_stdin: Option<OwnedFd> = None;
        for (i, command) in commands.iter().enumerate() {
            let is_last = i + 1 == commands.len();
            let started = self.pipe_fds(next_stdin.take(), is_last).and_then(|(stdin, stdout, reader)| {
                next_stdin = reader;
                self.start(command, stdin, stdout)
            });
            match started {
                Ok(stage) => stages.push(stage),
                Err(msg) => {
                    drop(next_stdin.take());
                    kill_all(&stages);
                    return self.noted(Outcome::Fail(msg));
                }
            }
        }
        let mut failures = Vec::new();
        for stage in &stages {
            let exit = match stage.handle.wait_deadline(self.deadline) {
                Ok(Some(output)) => Exit::of(output.status),
                Ok(None) => {
                    kill_all(&stages);
                    self.note(&format!("# error: timed out after {} s; commands killed", self.timeout_s));
                    return Outcome::TimedOut;
                }
                Err(e) => {
                    kill_all(&stages);
                    return self.noted(Outcome::Fail(format!("waiting for `{}` failed: {e}", stage.name)));
                }
            };
            let judged = stage.nots.iter().rev().fold(exit, |e, &crash| e.invert(crash));
            if !judged.success() {
                let not = if stage.nots.is_empty() { String::new() } else { "under `not`, ".to_string() };
                failures.push(format!("`{}` failed ({not}{})", stage.name, exit.describe()));
            }
        }
        if failures.is_empty() { Outcome::Pass } else { self.noted(Outcome::Fail(failures.join("; "))) }
    }

    /// Logs a failure's message as `# error: ...` and returns the outcome unchanged.
    fn noted(&self, outcome: Outcome) -> Outcome {
        if let Outcome::Fail(msg) = &outcome {
            self.note(&format!("# error: {msg}"));
        }
        outcome
    }

    /// The default stdin and stdout of a stage: stdin from the previous stage (or `/dev/null`),
    /// stdout to the log (last stage) or a new pipe whose read end is returned for the next stage.
    fn pipe_fds(&self, stdin: Option<OwnedFd>, is_last: bool) -> Result<(OwnedFd, OwnedFd, Option<OwnedFd>), String> {
        let stdin = match stdin {
            Some(fd) => fd,
            None => File::open("/dev/null").map_err(|e| format!("cannot open /dev/null: {e}"))?.into(),
        };
        if is_last {
            let out = self.log.try_clone().map_err(|e| format!("cannot duplicate the log: {e}"))?;
            return Ok((stdin, out.into(), None));
        }
        let (reader, writer) = std::io::pipe().map_err(|e| format!("cannot create a pipe: {e}"))?;
        Ok((stdin, writer.into(), Some(reader.into())))
    }

    /// Applies a command's prefixes and redirections and starts it.
    fn start(&self, command: &Command, stdin: OwnedFd, stdout: OwnedFd) -> Result<Stage, String> {
        let (prefixes, argv) = peel_prefixes(&command.argv)?;
        let stderr: OwnedFd = self.log.try_clone().map_err(|e| format!("cannot duplicate the log: {e}"))?.into();
        let [stdin, stdout, stderr] = self.redirect(&command.redirects, [stdin, stdout, stderr])?;
        let program = resolve_program(&argv[0], &self.cwd);
        // An `OsString`, not a path: duct would turn a bare `cat` into `./cat` instead of looking
        // it up on PATH.
        let mut expr = duct::cmd(program.as_os_str(), &argv[1..])
            .dir(&self.cwd)
            .stdin_file(stdin)
            .stdout_file(stdout)
            .stderr_file(stderr)
            .unchecked();
        // Net effect per variable (exports, then `env` prefixes in order): duct gives inner calls
        // precedence, so setting and then removing a name on one expression would not compose.
        let mut env: Vec<(&String, Option<&String>)> = Vec::new();
        let changes =
            self.exports.iter().map(|(n, v)| (n, Some(v))).chain(prefixes.env.iter().map(|(n, v)| (n, v.as_ref())));
        for (name, value) in changes {
            env.retain(|(n, _)| *n != name);
            env.push((name, value));
        }
        for (name, value) in env {
            expr = match value {
                Some(v) => expr.env(name, v),
                None => expr.env_remove(name),
            };
        }
        let handle = expr.start().map_err(|e| format!("cannot run `{}` ({}): {e}", argv[0], program.display()))?;
        // `expr` (holding the parent's copies of the pipe ends) is dropped here, so readers see
        // EOF.
        Ok(Stage { name: argv[0].clone(), nots: prefixes.nots, handle })
    }

    /// Applies redirections left to right to `[stdin, stdout, stderr]`.
    fn redirect(&self, redirects: &[Redirect], mut fds: [OwnedFd; 3]) -> Result<[OwnedFd; 3], String> {
        let index = |s: Stream| match s {
            Stream::Stdout => 1,
            Stream::Stderr => 2,
        };
        for r in redirects {
            match r {
                Redirect::Input(path) => {
                    let p = self.cwd.join(path);
                    fds[0] = File::open(&p).map_err(|e| format!("cannot read {}: {e}", p.display()))?.into();
                }
                Redirect::Output { targets, path, append } => {
                    let p = self.cwd.join(path);
                    let file = OpenOptions::new()
                        .write(true)
                        .create(true)
                        .append(*append)
                        .truncate(!*append)
                        .open(&p)
                        .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
                    let fd: OwnedFd = file.into();
                    match targets {
                        Targets::Stdout => fds[1] = fd,
                        Targets::Stderr => fds[2] = fd,
                        Targets::Both => {
                            fds[2] = fd.try_clone().map_err(|e| format!("cannot duplicate a descriptor: {e}"))?;
                            fds[1] = fd;
                        }
                    }
                }
                Redirect::Dup { stream, to } => {
                    let copy =
                        fds[index(*to)].try_clone().map_err(|e| format!("cannot duplicate a descriptor: {e}"))?;
                    fds[index(*stream)] = copy;
                }
            }
        }
        Ok(fds)
    }

    /// Runs `command` if it is a builtin (`cd DIR`, `export NAME=VALUE...`, `:`); `None` if not.
    fn builtin(&mut self, command: &Command) -> Option<Outcome> {
        if !is_builtin(command) {
            return None;
        }
        if !command.redirects.is_empty() {
            return Some(Outcome::Fail(format!("`{}` does not take redirections", command.argv[0])));
        }
        let args = &command.argv[1..];
        Some(match command.argv[0].as_str() {
            "cd" => match args {
                [dir] => {
                    let target = self.cwd.join(dir);
                    if target.is_dir() {
                        self.cwd = target;
                        Outcome::Pass
                    } else {
                        Outcome::Fail(format!("cd: {} is not a folder", target.display()))
                    }
                }
                _ => Outcome::Fail("`cd` takes exactly one folder".into()),
            },
            "export" => {
                for arg in args {
                    match arg.split_once('=') {
                        Some((name, value)) if !name.is_empty() => {
                            self.exports.retain(|(n, _)| n != name);
                            self.exports.push((name.to_string(), value.to_string()));
                        }
                        _ => {
                            return Some(Outcome::Fail(format!("export: `{arg}` is not NAME=VALUE")));
                        }
                    }
                }
                Outcome::Pass
            }
            _ => Outcome::Pass,
        })
    }
}

/// Whether a command is one the runner handles itself.
fn is_builtin(command: &Command) -> bool {
    matches!(command.argv.first().map(String::as_str), Some("cd" | "export" | ":"))
}

/// Kills every started stage and reaps it.
fn kill_all(stages: &[Stage]) {
    for stage in stages {
        let _ = stage.handle.kill();
    }
    for stage in stages {
        let _ = stage.handle.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lit::shell;
    use std::time::Duration;

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn peels_not_and_env_prefixes() {
        let argv = strings(&["not", "--crash", "env", "A=1", "-u", "B", "not", "opt", "-S"]);
        let (p, rest) = peel_prefixes(&argv).unwrap();
        assert_eq!(p.nots, [true, false]);
        assert_eq!(p.env, [("A".to_string(), Some("1".to_string())), ("B".to_string(), None)]);
        assert_eq!(rest, ["opt", "-S"]);
        assert!(peel_prefixes(&strings(&["not"])).is_err());
        assert!(peel_prefixes(&strings(&["env", "A=1"])).is_err());
        assert!(peel_prefixes(&strings(&["env", "-u"])).is_err());
    }

    #[test]
    fn not_inverts_exits() {
        assert!(Exit::Code(1).invert(false).success());
        assert!(!Exit::Code(0).invert(false).success());
        assert!(!Exit::Signal(6).invert(false).success());
        assert!(Exit::Signal(6).invert(true).success());
        assert!(!Exit::Code(1).invert(true).success());
        // `not not x` succeeds when x succeeds.
        assert!(Exit::Code(0).invert(false).invert(false).success());
    }

    #[test]
    fn resolves_tool_names() {
        let cwd = Path::new("/some/dir");
        assert_eq!(resolve_program("FileCheck", cwd), tools::filecheck());
        assert_eq!(resolve_program("opt", cwd), tools::llvm_tool("opt"));
        assert_eq!(resolve_program("./x", cwd), Path::new("/some/dir/./x"));
        assert_eq!(resolve_program("cat", cwd), Path::new("cat"));
        assert_eq!(resolve_program("ori", cwd), std::env::current_exe().unwrap());
    }

    /// Runs RUN commands in a scratch folder and returns their outcomes and the log.
    fn run(lines: &[&str]) -> (Vec<Outcome>, String) {
        let dir =
            std::env::temp_dir().join(format!("ori-lit-exec-{}-{:?}", std::process::id(), std::thread::current().id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let log_path = dir.join("log");
        let log = OpenOptions::new().create(true).append(true).open(&log_path).unwrap();
        let mut sh = Shell {
            cwd: dir.clone(),
            exports: Vec::new(),
            deadline: Instant::now() + Duration::from_secs(1),
            log,
            timeout_s: 1,
        };
        let outcomes = lines.iter().map(|l| sh.run_list(&shell::parse(l).unwrap())).collect();
        let log = std::fs::read_to_string(&log_path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        (outcomes, log)
    }

    #[test]
    fn runs_pipelines_redirections_and_lists() {
        let (o, log) = run(&[
            "echo hello > a.txt && echo more >> a.txt",
            "cat < a.txt | grep more",
            "cat a.txt | not grep absent",
            "not false && true",
            "false || echo rescued",
            "false ; true",
            "sh -c 'echo to-err >&2' 2>&1 > b.txt | grep to-err",
            "export GREETING=hi && sh -c 'test \"$GREETING\" = hi'",
            "env -u GREETING sh -c 'test -z \"$GREETING\"'",
            "mkdir sub && cd sub && cat ../a.txt > c.txt",
            "cat c.txt",
        ]);
        assert_eq!(o, vec![Outcome::Pass; 11], "log:\n{log}");
        assert!(
            log.starts_with("more\n")
                && log.ends_with("hello\nmore\n")
                && log.contains("rescued")
                && log.contains("to-err"),
            "log:\n{log}"
        );
    }

    #[test]
    fn reports_failures_with_pipefail() {
        let (o, log) =
            run(&["false | true", "true | false", "not true", "nonexistent-cmd-xyz", "cat < missing", "false && true"]);
        for (i, outcome) in o.iter().enumerate() {
            assert!(matches!(outcome, Outcome::Fail(_)), "command {i}: {outcome:?}");
        }
        assert!(matches!(&o[0], Outcome::Fail(m) if m.contains("`false` failed (exit status 1)")));
        assert!(matches!(&o[2], Outcome::Fail(m) if m.contains("under `not`")));
        assert!(matches!(&o[3], Outcome::Fail(m) if m.contains("cannot run `nonexistent-cmd-xyz`")));
        assert!(log.contains("# error:"));
    }

    #[test]
    fn kills_commands_past_the_deadline() {
        let start = Instant::now();
        let (o, log) = run(&["sleep 30 | cat"]);
        assert_eq!(o, [Outcome::TimedOut]);
        assert!(start.elapsed() < Duration::from_secs(10));
        assert!(log.contains("timed out"));
    }
}
