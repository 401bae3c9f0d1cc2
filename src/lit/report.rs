//! Test results and the runner's report: one block per failure (its RUN line and output), the
//! status lines `-v` asks for, the list of failed tests, the lit-style summary, and the final
//! `N passed, N failed[, N skipped]` line.

use std::fmt::Write;
use std::time::Duration;

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// All RUN lines succeeded.
    Pass,
    /// A RUN line failed, or the test could not be run (bad script, bad directive).
    Fail,
    /// A RUN line failed in a test marked `XFAIL`.
    XFail,
    /// A test marked `XFAIL` passed: a failure.
    XPass,
    /// `REQUIRES:` / `UNSUPPORTED:` ruled the test out.
    Unsupported,
    /// The test ran past its timeout and was killed: a failure.
    Timeout,
}

impl Status {
    /// The lit label (`PASS`, `FAIL`, ...).
    pub fn label(self) -> &'static str {
        match self {
            Status::Pass => "PASS",
            Status::Fail => "FAIL",
            Status::XFail => "XFAIL",
            Status::XPass => "XPASS",
            Status::Unsupported => "UNSUPPORTED",
            Status::Timeout => "TIMEOUT",
        }
    }

    /// Whether this status fails the run.
    pub fn is_failure(self) -> bool {
        match self {
            Status::Fail | Status::XPass | Status::Timeout => true,
            Status::Pass | Status::XFail | Status::Unsupported => false,
        }
    }
}

/// The result of one test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestResult {
    /// The test's display name (its path as discovered).
    pub name: String,
    /// How it ended.
    pub status: Status,
    /// For failures: the failing RUN line, the reason and the output; for skips: why.
    pub detail: String,
}

/// Renders the report for results already sorted by name.
pub fn render(results: &[TestResult], verbose: bool, elapsed: Duration) -> String {
    let mut out = String::new();
    let count = |s: Status| results.iter().filter(|r| r.status == s).count();
    for r in results {
        if r.status.is_failure() {
            let label = r.status.label();
            let _ = writeln!(out, "{label}: {}", r.name);
            let _ = writeln!(out, "******************** TEST '{}' {label} ********************", r.name);
            let _ = writeln!(out, "{}", r.detail.trim_end());
            let _ = writeln!(out, "********************");
        } else if verbose {
            let _ = writeln!(out, "{}: {}", r.status.label(), r.name);
        }
    }
    let failed: Vec<&TestResult> = results.iter().filter(|r| r.status.is_failure()).collect();
    if !failed.is_empty() {
        let _ = writeln!(out, "********************");
        let _ = writeln!(out, "Failed Tests ({}):", failed.len());
        for r in &failed {
            let _ = writeln!(out, "  {}", r.name);
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Testing Time: {:.2}s", elapsed.as_secs_f64());
    let _ = writeln!(out);
    let _ = writeln!(out, "Total Discovered Tests: {}", results.len());
    let _ = writeln!(out, "  Passed: {}", count(Status::Pass));
    let _ = writeln!(out, "  Failed: {}", count(Status::Fail));
    let _ = writeln!(out, "  Unsupported: {}", count(Status::Unsupported));
    let _ = writeln!(out, "  Expectedly Failed: {}", count(Status::XFail));
    for (status, words) in [(Status::XPass, "Unexpectedly Passed"), (Status::Timeout, "Timed Out")] {
        if count(status) > 0 {
            let _ = writeln!(out, "  {words}: {}", count(status));
        }
    }
    let _ = writeln!(out);
    let passed = count(Status::Pass) + count(Status::XFail);
    let _ = write!(out, "{passed} passed, {} failed", failed.len());
    if count(Status::Unsupported) > 0 {
        let _ = write!(out, ", {} skipped", count(Status::Unsupported));
    }
    let _ = writeln!(out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(name: &str, status: Status) -> TestResult {
        TestResult { name: name.into(), status, detail: format!("detail of {name}\n") }
    }

    #[test]
    fn renders_failures_and_summary() {
        let results = [
            result("a.ll", Status::Pass),
            result("b.ll", Status::Fail),
            result("c.ll", Status::XFail),
            result("d.ll", Status::Unsupported),
            result("e.ll", Status::XPass),
        ];
        let text = render(&results, false, Duration::from_millis(1500));
        assert!(!text.contains("PASS: a.ll"));
        let banner = "******************** TEST 'b.ll' FAIL ********************";
        assert!(text.contains(&format!("FAIL: b.ll\n{banner}\ndetail of b.ll\n")));
        assert!(text.contains("XPASS: e.ll\n"));
        assert!(text.contains("Failed Tests (2):\n  b.ll\n  e.ll\n"));
        assert!(text.contains(
            "Testing Time: 1.50s\n\nTotal Discovered Tests: 5\n  Passed: 1\n  Failed: 1\n  \
             Unsupported: 1\n  Expectedly Failed: 1\n  Unexpectedly Passed: 1\n\n\
             2 passed, 2 failed, 1 skipped\n"
        ));
        let verbose = render(&results, true, Duration::ZERO);
        assert!(
            verbose.contains("PASS: a.ll\n")
                && verbose.contains("UNSUPPORTED: d.ll\n")
                && verbose.contains("XFAIL: c.ll\n")
        );
    }

    #[test]
    fn clean_run_has_no_failure_list_or_skips() {
        let text = render(&[result("a.ll", Status::Pass)], false, Duration::ZERO);
        assert!(!text.contains("Failed Tests"));
        assert!(text.ends_with("\n1 passed, 0 failed\n"));
    }
}
