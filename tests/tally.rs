//! A run keeps only the cases a report lists one by one and counts the rest as it goes
//! (`mcdiff::tally`). Checked against a run of the same files that keeps every case: the
//! counts are recomputed from every case, and every report is the same either way.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use mcdiff::engine::{self, EngineConfig, Report};
use mcdiff::llvm_mc::{LlvmMc, RunCache};
use mcdiff::report::{self, Counts};
use mcdiff::selection::Selection;
use mcdiff::semantics::SemaVerdict;

/// Files with findings, unsupported lines, semantics and round trips on several targets.
const FILES: &[&str] = &["gfx10_asm_vop1", "gfx90a_ldst_acc", "gfx1250_dasm_vop1"];

fn run(keep: &(dyn Fn(&engine::CaseResult) -> bool + Sync)) -> Option<Report> {
    let (data, mc) = (common::data_dir()?, common::llvm_mc("22")?);
    let config = EngineConfig {
        corpus_root: data.join("llvm-tests/22.1.8"),
        corpus_version: "22.1.8".into(),
        llvm_mc: LlvmMc::open(&mc, Duration::from_secs(300)).unwrap(),
        cache: RunCache::new(None),
        selection: Selection {
            files: FILES.iter().map(|f| f.to_string()).collect(),
            ..Selection::default()
        },
        specs: std::sync::Arc::new(mcdiff::engine::SpecCache::new(&data)),
        semantics: std::sync::Arc::new(mcdiff::semantics::Semantics::new(&data)),
    };
    Some(engine::run(&config, &|_, _| {}, keep).unwrap())
}

/// What a target's cell counts: verdicts, semantics columns and findings, round trips.
type Counted = (Counts, BTreeMap<String, usize>, usize, usize);

/// Per target, computed straight from the cases.
fn counted(report: &Report) -> BTreeMap<String, Counted> {
    let mut out: BTreeMap<String, Counted> = BTreeMap::new();
    for c in &report.cases {
        let (counts, sema, decoded, failed) = out.entry(c.target.to_string()).or_default();
        counts.add(c);
        if let Some(v) = &c.sema {
            *sema.entry(v.column().to_string()).or_default() += 1;
            if matches!(v, SemaVerdict::Mismatch(_) | SemaVerdict::Unsupported(_)) {
                *sema.entry(v.to_string()).or_default() += 1;
            }
        }
        *decoded += usize::from(c.roundtrip.is_some());
        *failed += usize::from(c.roundtrip == Some(false));
    }
    out
}

/// The same, read from the report's tally.
fn tallied(report: &Report) -> BTreeMap<String, Counted> {
    let cells = report.tally.per_target();
    cells
        .into_iter()
        .map(|(target, cell)| {
            let sema = cell
                .sema
                .iter()
                .map(|(k, n)| (k.to_string(), *n))
                .chain(cell.sema_findings.clone())
                .collect();
            let counted = (cell.counts, sema, cell.decoded, cell.roundtrip_failed);
            (target, counted)
        })
        .collect()
}

#[test]
fn listed_cases_give_the_reports_of_every_case() {
    let (Some(every), Some(listed)) = (run(&|_| true), run(&report::is_listed)) else {
        return;
    };
    assert_eq!(every.cases.len(), every.tally.cases());
    assert!(
        listed.cases.len() < every.cases.len() / 2,
        "{} of {} cases kept",
        listed.cases.len(),
        every.cases.len()
    );
    assert!(listed.cases.iter().all(report::is_listed));
    let kept = every.cases.iter().filter(|c| report::is_listed(c)).count();
    assert_eq!(listed.cases.len(), kept);
    // The tally against counts of every case, on both runs.
    let truth = counted(&every);
    assert!(truth
        .values()
        .any(|(_, sema, decoded, _)| !sema.is_empty() && *decoded > 0));
    assert_eq!(tallied(&every), truth);
    assert_eq!(tallied(&listed), truth);
    assert_eq!(
        report::summary_table(&listed),
        report::summary_table(&every)
    );
    assert_eq!(
        report::findings_listing(&listed, 5),
        report::findings_listing(&every, 5)
    );
    assert_eq!(report::json(&listed), report::json(&every));
    // Snapshots: from the kept cases as from every case.
    let (all_by_file, kept_by_file) = (
        report::per_file(&every.cases),
        report::per_file(&listed.cases),
    );
    for (file, cells) in listed.tally.per_file() {
        let kept = kept_by_file.get(file).map_or(&[][..], Vec::as_slice);
        assert_eq!(
            report::file_snapshot(file, &cells, kept),
            report::file_snapshot(file, &cells, &all_by_file[file]),
            "{file}"
        );
    }
}
