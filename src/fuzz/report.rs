//! The fuzz report: findings grouped by rule (disagreement x blame x field or mnemonic
//! family, with a count per mutation kind) with minimised examples and replay commands, faults grouped by reason
//! with the inputs found to cause them alone; as text and as JSON.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One minimised disagreement.
#[derive(Debug, Clone, Serialize)]
pub struct Example {
    /// The generated input, and the mutations that made it.
    pub input: String,
    pub mutations: Vec<&'static str>,
    /// The shortest input found with the same disagreement.
    pub reproducer: String,
    pub ours: String,
    pub llvm: String,
    pub detail: String,
    /// Commands reproducing llvm-mc's answer and ours.
    pub replay: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Rule {
    pub kind: &'static str,
    pub blame: &'static str,
    pub subject: String,
    pub count: usize,
    /// Findings by the mutations that made their inputs.
    pub mutations: BTreeMap<String, usize>,
    pub examples: Vec<Example>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Totals {
    pub inputs: usize,
    pub compared: usize,
    pub agree: usize,
    pub findings: usize,
    pub unsupported: usize,
    pub no_answer: usize,
    pub faulted: usize,
    pub llvm_mc_runs: usize,
    /// Compared inputs llvm-mc accepted (encoded or decoded) and how many we agree on.
    pub llvm_accepts: Agreement,
    /// Compared inputs llvm-mc refused and how many we refuse too.
    pub llvm_refuses: Agreement,
    /// Findings blamed on our side (`ours`).
    pub ours_findings: usize,
    /// Disassembly: answered words we decode, and how many of them our printed text
    /// assembles back to (a decode that drops or invents a bit does not).
    pub reassembled: Agreement,
}

/// Of the inputs compared in one class, how many both sides agree on.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Agreement {
    pub compared: usize,
    pub agree: usize,
}

impl Agreement {
    pub fn count(&mut self, agrees: bool) {
        self.compared += 1;
        self.agree += usize::from(agrees);
    }

    /// `agree A of C (P%)`.
    fn text(self) -> String {
        let pct = if self.compared == 0 {
            0.0
        } else {
            100.0 * self.agree as f64 / self.compared as f64
        };
        format!("agree {} of {} ({pct:.1}%)", self.agree, self.compared)
    }
}

/// An input llvm-mc faulted on when run alone.
#[derive(Debug, Clone, Serialize)]
pub struct Culprit {
    pub input: String,
    pub replay: String,
    pub diagnostic: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct FaultGroup {
    pub inputs: usize,
    /// Of `inputs`, those llvm-mc faulted on (alone, or named by its progress markers); the
    /// others were in a faulting run whose culprit was not found.
    pub culprit_inputs: usize,
    pub culprits: Vec<Culprit>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub mcpu: String,
    pub mode: &'static str,
    pub seed: u64,
    pub count: u64,
    pub shard: Option<String>,
    pub llvm_mc: String,
    pub llvm_mc_version: String,
    pub corpus: String,
    pub seed_inputs: usize,
    pub totals: Totals,
    pub rules: Vec<Rule>,
    /// Fault reason -> inputs and culprits.
    pub faults: BTreeMap<String, FaultGroup>,
    /// Our side's reason -> inputs it did not handle.
    pub unsupported: BTreeMap<String, usize>,
    /// Each example's reproducer and each fault's culprit input -> `known: llvm/llvm-project#NNN
    /// (...)` or `new` ([`crate::known_issues::label_fuzz`]).
    #[serde(default)]
    pub known: BTreeMap<String, String>,
}

/// The replay commands for an input: llvm-mc's answer and ours.
pub fn replay(mode: &str, mcpu: &str, llvm_mc: &str, input: &str) -> Vec<String> {
    let input = if mode == "asm" {
        input.to_string()
    } else {
        format!("[{input}]")
    };
    let quoted = crate::replay::word(&input);
    let (llvm_mc, mcpu) = (crate::replay::word(llvm_mc), crate::replay::word(mcpu));
    let (flags, ours) = if mode == "asm" {
        ("", "asm")
    } else {
        (" --disassemble", "disasm")
    };
    vec![
        format!(
            "printf '%s\\n' {quoted} | {llvm_mc} -triple=amdgcn -mcpu={mcpu}{flags} -show-encoding"
        ),
        format!("printf '%s\\n' {quoted} | mcdiff {ours} --mcpu {mcpu}"),
    ]
}

/// The report as text: totals, then rules (most findings first) with `show` examples each,
/// then faults and the commonest unsupported reasons.
pub fn text(r: &Report, show: usize) -> String {
    let mut s = String::new();
    let t = &r.totals;
    let shard = r
        .shard
        .as_ref()
        .map_or(String::new(), |k| format!(", shard {k}"));
    let _ = writeln!(
        s,
        "mcdiff fuzz: {} {} mode, seed {}, {} inputs{shard} (llvm-mc {} {}; {} seeds from LLVM {}'s tests)",
        r.mcpu, r.mode, r.seed, t.inputs, r.llvm_mc_version, r.llvm_mc, r.seed_inputs, r.corpus
    );
    let _ = writeln!(
        s,
        "compared {}: agree {}, findings {} in {} rules; not compared: our side unsupported {}, llvm-mc no answer {}, faulted {}; {} llvm-mc runs",
        t.compared, t.agree, t.findings, r.rules.len(), t.unsupported, t.no_answer, t.faulted, t.llvm_mc_runs
    );
    let ours_share = if t.compared == 0 {
        0.0
    } else {
        100.0 * t.ours_findings as f64 / t.compared as f64
    };
    let _ = writeln!(
        s,
        "where llvm-mc accepts: {}; where it refuses: {}; findings blamed ours: {} ({ours_share:.2}% of compared)",
        t.llvm_accepts.text(),
        t.llvm_refuses.text(),
        t.ours_findings
    );
    if t.reassembled.compared > 0 {
        let _ = writeln!(
            s,
            "our decodes that assemble back to their word: {}",
            t.reassembled.text().replacen("agree ", "", 1)
        );
    }
    for (n, rule) in r.rules.iter().enumerate() {
        let mut by_mutation: Vec<(&String, &usize)> = rule.mutations.iter().collect();
        by_mutation.sort_by_key(|(m, n)| (std::cmp::Reverse(**n), *m));
        let by_mutation: Vec<String> = by_mutation
            .iter()
            .map(|(m, n)| format!("{m} {n}"))
            .collect();
        let _ = writeln!(
            s,
            "\nrule {}: {} x {} x {}: {} findings ({})",
            n + 1,
            rule.kind,
            rule.blame,
            rule.subject,
            rule.count,
            by_mutation.join(", ")
        );
        for e in rule.examples.iter().take(show) {
            example_text(&mut s, e);
            known_text(&mut s, r, &e.reproducer);
        }
    }
    for (reason, group) in &r.faults {
        let _ = writeln!(
            s,
            "\nfault: {reason}: {} inputs not compared, {} of them faulted on",
            group.inputs, group.culprit_inputs
        );
        for c in group.culprits.iter().take(show.max(1)) {
            let diag = c
                .diagnostic
                .as_deref()
                .map_or(String::new(), |d| format!(" ({d})"));
            let _ = writeln!(s, "  alone: {}{diag}\n    replay: {}", c.input, c.replay);
            known_text(&mut s, r, &c.input);
        }
    }
    let mut reasons: Vec<(&String, &usize)> = r.unsupported.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    if !reasons.is_empty() {
        let _ = writeln!(s, "\nour side unsupported, commonest reasons:");
        for (reason, n) in reasons.into_iter().take(5) {
            let _ = writeln!(s, "  {n:>8}  {reason}");
        }
    }
    s
}

fn known_text(s: &mut String, r: &Report, input: &str) {
    if let Some(label) = r.known.get(input) {
        let _ = writeln!(s, "    llvm bug: {label}");
    }
}

fn example_text(s: &mut String, e: &Example) {
    let _ = writeln!(s, "  {}", e.reproducer);
    if e.reproducer != e.input {
        let _ = writeln!(s, "    from:    {} ({})", e.input, e.mutations.join("+"));
    }
    let _ = writeln!(s, "    ours:    {}\n    llvm-mc: {}", e.ours, e.llvm);
    if !e.detail.is_empty() {
        let _ = writeln!(s, "    why:     {}", e.detail);
    }
    for (i, r) in e.replay.iter().enumerate() {
        let _ = writeln!(
            s,
            "    {}{r}",
            if i == 0 { "replay:  " } else { "         " }
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_commands_quote_the_input() {
        let r = replay(
            "asm",
            "gfx1100",
            "/usr/lib/llvm-22/bin/llvm-mc",
            "s_nop 'x'",
        );
        assert_eq!(
            r[0],
            r"printf '%s\n' 's_nop '\''x'\''' | /usr/lib/llvm-22/bin/llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding"
        );
        let r = replay("disasm", "gfx1200", "llvm-mc", "0x00,0x00,0x80,0xbf");
        assert_eq!(
            r[1],
            r"printf '%s\n' '[0x00,0x00,0x80,0xbf]' | mcdiff disasm --mcpu gfx1200"
        );
    }
}
