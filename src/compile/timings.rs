//! Wall time per named compile step (`ori llc --time-phases`), summed over functions and
//! reported like LLVM's `-time-passes`.

use std::time::{Duration, Instant};

/// Wall time per named step. The time between laps that no step claims (dumps, the `-v`
/// report) is shown as `Other`.
#[derive(Clone, Debug)]
pub struct Timings {
    start: Instant,
    last: Instant,
    times: Vec<(&'static str, Duration)>,
}

impl Default for Timings {
    fn default() -> Self {
        Self::new()
    }
}

impl Timings {
    pub fn new() -> Self {
        let now = Instant::now();
        Timings { start: now, last: now, times: Vec::new() }
    }

    /// Starts the next step now (the time since the last lap goes to `Other`).
    pub fn restart(&mut self) {
        self.last = Instant::now();
    }

    /// Charges the time since the last lap (or restart) to `name`.
    pub fn lap(&mut self, name: &'static str) {
        let now = Instant::now();
        let d = now - self.last;
        self.last = now;
        self.add(name, d);
    }

    fn add(&mut self, name: &'static str, d: Duration) {
        match self.times.iter_mut().find(|(n, _)| *n == name) {
            Some((_, t)) => *t += d,
            None => self.times.push((name, d)),
        }
    }

    /// Adds the steps of `other` (a compile timed on its own) to these, and starts the next
    /// step now.
    pub fn absorb(&mut self, other: &Timings) {
        for &(name, d) in &other.times {
            self.add(name, d);
        }
        self.restart();
    }

    /// The report, sorted by time, over the wall time since [`Timings::new`].
    pub fn report(&self) -> String {
        use std::fmt::Write;
        let total = self.start.elapsed();
        let mut rows = self.times.clone();
        let claimed: Duration = rows.iter().map(|(_, d)| *d).sum();
        rows.push(("Other", total.saturating_sub(claimed)));
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let pct = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-12);
        let rule = "===-------------------------------------------------------------------------===";
        let mut s = String::new();
        let title = "... Phase execution timing report ...";
        let _ = writeln!(s, "{rule}\n{:pad$}{title}\n{rule}", "", pad = (rule.len() - title.len()) / 2);
        let t = total.as_secs_f64();
        let _ = writeln!(s, "  Total Execution Time: {t:.4} seconds ({t:.4} wall clock)\n");
        let _ = writeln!(s, "   ---Wall Time---  --- Name ---");
        for (name, d) in rows.iter().chain([&("Total", total)]) {
            let _ = writeln!(s, "   {:.4} ({:5.1}%)  {name}", d.as_secs_f64(), pct(*d));
        }
        s
    }
}
