//! The reviewed LLVM 19.1.7 -> 22.1.8 changes, kept as an insta snapshot
//! (snapshots/gate/19.1.7-to-22.1.8.snap) that `mcdiff gate --baseline` reads. An upgrade
//! is approved by reviewing this one diff: `cargo insta test --review --test gate_baseline`.

mod common;

use std::path::Path;
use std::time::Duration;

use mcdiff::engine::EngineConfig;
use mcdiff::gate;
use mcdiff::llvm_mc::{LlvmMc, RunCache};

#[test]
fn llvm_19_to_22_changes_are_reviewed() {
    let Some((data, old, new)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let corpus_root = data.join("llvm-tests/19.1.7");
    let config = |mc: &Path| EngineConfig {
        corpus_root: corpus_root.clone(),
        corpus_version: "19.1.7".into(),
        llvm_mc: LlvmMc::open(mc, Duration::from_secs(300)).unwrap(),
        cache: RunCache::new(Some(
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("llvm-mc-cache"),
        )),
        selection: Default::default(),
        specs: std::sync::Arc::new(mcdiff::engine::SpecCache::new(&data)),
        semantics: std::sync::Arc::new(mcdiff::semantics::Semantics::new(&data)),
    };
    let report = gate::run(&config(&old), &config(&new)).unwrap();
    assert!(report.faults.is_empty(), "{:?}", report.faults);
    eprint!("{}", gate::summary(&report, 2));
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/gate");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        insta::assert_snapshot!("19.1.7-to-22.1.8", gate::baseline_text(&report));
    });
}
