//! Per-file baselines of LLVM's MC tests (vector and vector-memory suites): every file must
//! keep at least the matches measured when its baseline was recorded. Included by the test
//! targets that also have `mod common` and `mod suites`.

/// (test file, -mcpu, lines matched, lines with an expectation) per corpus.
pub type Baseline = &'static [(&'static str, &'static str, usize, usize)];

/// Runs every file of `baseline` under corpus `version`; fails naming each file that read a
/// different number of cases or matched fewer lines than recorded.
pub fn check(version: &str, baseline: Baseline) {
    if crate::common::target("gfx1100").is_none() {
        return;
    }
    let data = crate::common::data_dir();
    let mut targets = std::collections::HashMap::new();
    let mut regressions = Vec::new();
    for &(stem, mcpu, min_ok, total) in baseline {
        let target = targets
            .entry(mcpu)
            .or_insert_with(|| crate::common::target(mcpu).expect("inputs present"));
        let result = crate::suites::run_file(&data, version, stem, target)
            .unwrap_or_else(|| panic!("{version}/{stem}: no RUN configuration for {mcpu}"));
        assert_eq!(result.total, total, "{version}/{stem}: cases read");
        if result.ok < min_ok {
            let sample: Vec<String> = result.mismatches.iter().take(3).cloned().collect();
            regressions.push(format!(
                "{stem}: {}/{total} < {min_ok}\n{}",
                result.ok,
                sample.join("\n")
            ));
        }
    }
    assert!(regressions.is_empty(), "{}", regressions.join("\n"));
}
