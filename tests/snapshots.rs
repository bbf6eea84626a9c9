//! One insta snapshot per LLVM test file and corpus version (snapshots/<version>/), plus a
//! summary per target, and for the 22.1.8 corpus the spec coverage per architecture
//! (snapshots/coverage/). Review changes with `cargo insta test --review`; in CI an
//! unreviewed change fails.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use mcdiff::coverage;
use mcdiff::engine::{self, EngineConfig, Report};
use mcdiff::llvm_mc::{LlvmMc, RunCache};
use mcdiff::report;

fn snapshot_corpus(version: &str) {
    let major = version.split('.').next().unwrap();
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc(major)) else {
        return;
    };
    let corpus_root = data.join("llvm-tests").join(version);
    let Some(corpus_root) = common::require(
        &format!("LLVM {version} tests at {}", corpus_root.display()),
        corpus_root
            .join("MC/AMDGPU")
            .is_dir()
            .then_some(corpus_root),
    ) else {
        return;
    };
    let config = EngineConfig {
        corpus_root,
        corpus_version: version.to_string(),
        llvm_mc: LlvmMc::open(&mc, Duration::from_secs(300)).unwrap(),
        cache: RunCache::new(Some(
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("llvm-mc-cache"),
        )),
        selection: Default::default(),
        specs: std::sync::Arc::new(mcdiff::engine::SpecCache::new(&data)),
        semantics: std::sync::Arc::new(mcdiff::semantics::Semantics::new(&data)),
    };
    let report = engine::run(&config, &|_, _| {}, &report::is_listed).unwrap();
    assert_eq!(
        report.llvm_mc_version, version,
        "pinned llvm-mc for this corpus"
    );
    eprint!("{}", report::summary_table(&report));

    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new("../snapshots").join(version));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for (target, cell) in report.tally.per_target() {
            let cases: Vec<_> = report
                .cases
                .iter()
                .filter(|c| *c.target == *target)
                .collect();
            let text = report::target_snapshot(&target, &cell, &cases);
            insta::assert_snapshot!(format!("summary__{}", target.replace(['(', ')'], "")), text);
        }
        let kept = report::per_file(&report.cases);
        for (file, cells) in report.tally.per_file() {
            let cases = kept.get(file).map_or(&[][..], Vec::as_slice);
            let name = file.replace('/', "__");
            insta::assert_snapshot!(name, report::file_snapshot(file, &cells, cases));
        }
    });
    if version == "22.1.8" {
        snapshot_coverage(&report, &data);
    }
}

/// One snapshot per architecture (snapshots/coverage/coverage__<arch>.snap): the spec
/// instructions and (instruction, encoding) pairs no line of the corpus exercises, every
/// `-mcpu` of the architecture united. From the corpus run's report: no second run.
fn snapshot_coverage(report: &Report, data: &Path) {
    let loader = mcdiff::data::spec_loader(data);
    let specs: BTreeMap<_, _> = mcdiff_spec::Arch::ALL
        .into_iter()
        .map(|arch| (arch, loader.arch(arch).unwrap()))
        .collect();
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new("../snapshots/coverage"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for arch in coverage::coverage(report, &specs) {
            insta::assert_snapshot!(format!("coverage__{}", arch.arch.name()), arch.render());
        }
    });
}

#[test]
fn corpus_19_1_7() {
    snapshot_corpus("19.1.7");
}

#[test]
fn corpus_22_1_8() {
    snapshot_corpus("22.1.8");
}
