//! One insta snapshot per LLVM test file and corpus version (snapshots/<version>/), plus a
//! summary per target. Review changes with `cargo insta test --review`; in CI an
//! unreviewed change fails.

mod common;

use std::path::Path;
use std::time::Duration;

use mcdiff::engine::{self, EngineConfig};
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
        data_dir: data,
        corpus_root,
        corpus_version: version.to_string(),
        llvm_mc: LlvmMc::open(&mc, Duration::from_secs(300)).unwrap(),
        cache: RunCache::new(Some(
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("llvm-mc-cache"),
        )),
        selection: Default::default(),
    };
    let report = engine::run(&config, &|_, _| {}).unwrap();
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
        for target in report::per_target(&report.cases).keys() {
            let cases: Vec<_> = report
                .cases
                .iter()
                .filter(|c| *c.target == **target)
                .collect();
            let text = report::target_snapshot(target, &cases);
            insta::assert_snapshot!(format!("summary__{}", target.replace(['(', ')'], "")), text);
        }
        for (file, cases) in report::per_file(&report.cases) {
            let name = file.replace('/', "__");
            insta::assert_snapshot!(name, report::file_snapshot(file, &cases));
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
