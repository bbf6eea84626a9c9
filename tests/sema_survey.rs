//! The standalone pseudocode survey per architecture, as snapshots (snapshots/sema/):
//! counts, and every instruction that did not execute, grouped by reason. A parser or
//! interpreter change that moves any instruction shows up as a snapshot diff.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use mcdiff_sema::{survey, Survey};

const ARCHES: [&str; 12] = [
    "rdna3", "rdna3_5", "rdna4", "cdna3", "cdna4", "cdna5", "rdna1", "rdna2", "cdna1", "cdna2",
    "vega", "vega7",
];

/// Arches whose executed share must stay at or above 95%.
const HELD_TO_95: [&str; 3] = ["rdna3", "rdna4", "cdna3"];

/// Counts, then each failure reason with the instructions that hit it (both sorted).
fn render(s: &Survey) -> String {
    let unsupported: usize = s.unsupported.values().sum();
    let mut out = String::new();
    let pct = |n: usize| 100.0 * n as f64 / s.with_pseudocode.max(1) as f64;
    writeln!(out, "arch: {}", s.arch).unwrap();
    writeln!(out, "operands from spec: {}", s.spec_operands).unwrap();
    writeln!(out, "with pseudocode: {}", s.with_pseudocode).unwrap();
    writeln!(out, "parsed: {} ({:.1}%)", s.parsed, pct(s.parsed)).unwrap();
    writeln!(out, "executed: {} ({:.1}%)", s.executed, pct(s.executed)).unwrap();
    writeln!(out, "mismatch: {}", s.mismatched).unwrap();
    writeln!(out, "unsupported: {unsupported}").unwrap();
    let mut by_reason: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (inst, reason) in &s.failures {
        by_reason.entry(reason).or_default().push(inst);
    }
    for (reason, mut insts) in by_reason {
        insts.sort_unstable();
        insts.dedup();
        writeln!(out, "\n{reason} ({})", insts.len()).unwrap();
        for inst in insts {
            writeln!(out, "  {inst}").unwrap();
        }
    }
    out
}

#[test]
fn survey_snapshots() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/sema");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for arch in ARCHES {
            let s = survey(&dir, arch).unwrap_or_else(|e| panic!("{arch}: {e}"));
            let unsupported: usize = s.unsupported.values().sum();
            assert_eq!(
                s.executed + s.mismatched + unsupported,
                s.with_pseudocode,
                "{arch}: every instruction is counted once"
            );
            assert_eq!(
                s.failures.len(),
                s.mismatched + unsupported,
                "{arch}: every failure is listed"
            );
            if HELD_TO_95.contains(&arch) {
                let rate = s.executed as f64 / s.with_pseudocode as f64;
                assert!(rate >= 0.95, "{arch}: only {:.1}% executed", 100.0 * rate);
            }
            insta::assert_snapshot!(format!("survey__{arch}"), render(&s));
        }
    });
}
