//! What a middle-end pass sees of the driver that runs it: the options ([`PassOptions`], with
//! nvvm-intr-range's [`RangeForm`]), the per-run state with statistics and warnings
//! ([`PassContext`]) and the `name<k=v;...>` parameters ([`PassParams`]). The passes take these
//! from here; the registry (`passes.rs`) names the passes and parses pipelines.

use std::collections::BTreeMap;

/// How nvvm-intr-range attaches its ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RangeForm {
    /// `!range` metadata on the call (what cicc does).
    #[default]
    Metadata,
    /// The `range(iN lo, hi)` return attribute on the call site (what LLVM 19's own passes read).
    Attribute,
    /// Both.
    Both,
}

/// Options the command line hands to every pass.
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    /// `--nvvm-intr-range-sm=N`: the SM whose warpid/smid limits apply (None: module target CPU).
    pub sm: Option<u32>,
    /// `--range-form`.
    pub range_form: RangeForm,
    /// `--verify-known-bits`: cross-check the fused analysis against the reference one.
    pub verify_known_bits: bool,
}

/// Per-run state shared by the passes: options, statistics and warnings.
#[derive(Debug, Default)]
pub struct PassContext {
    pub opts: PassOptions,
    /// (pass, statistic) -> (count, description), printed by `-stats` in LLVM's layout.
    pub stats: BTreeMap<(&'static str, &'static str), (u64, &'static str)>,
    /// Warning messages (printed as `ori: warning: <msg>`), in emission order.
    pub warnings: Vec<String>,
}

impl PassContext {
    pub fn new(opts: PassOptions) -> Self {
        Self { opts, ..Default::default() }
    }

    /// Adds `n` to a statistic.
    pub fn stat(&mut self, pass: &'static str, name: &'static str, desc: &'static str, n: u64) {
        let e = self.stats.entry((pass, name)).or_insert((0, desc));
        e.0 += n;
    }

    pub fn warn(&mut self, msg: String) {
        self.warnings.push(msg);
    }

    /// The `-stats` report, laid out like LLVM's.
    pub fn stats_report(&self) -> String {
        let mut s = String::new();
        s.push_str("===-------------------------------------------------------------------------===\n");
        s.push_str("                          ... Statistics Collected ...\n");
        s.push_str("===-------------------------------------------------------------------------===\n\n");
        let width = self.stats.values().map(|(n, _)| n.to_string().len()).max().unwrap_or(1);
        for ((pass, _), (n, desc)) in &self.stats {
            s.push_str(&format!("{n:>width$} {pass} - {desc}\n"));
        }
        s
    }
}

/// `name<...>` parameters: `k=v` pairs or bare flags, separated by `;`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassParams(pub Vec<(String, Option<String>)>);

impl PassParams {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.as_deref())
    }
}
