//! The assembler against LLVM's scalar MC tests (CHECK bytes used only to count matches).

mod common;
#[path = "common/suites.rs"]
mod suites;

/// Share of lines that must match in a group of suites.
fn check(list: &[suites::Suite], min_percent: f64) {
    let Some(_) = common::target("gfx1100") else {
        return;
    };
    let data = common::data_dir();
    let (mut ok, mut total, mut sample) = (0, 0, Vec::new());
    for suite in list {
        let result = suites::run_suite(&data, suite);
        assert!(result.total > 0, "{}: no cases read", suite.0);
        ok += result.ok;
        total += result.total;
        sample.extend(result.mismatches.into_iter().take(3));
    }
    let percent = 100.0 * ok as f64 / total as f64;
    assert!(
        percent >= min_percent,
        "{ok}/{total} = {percent:.2}% < {min_percent}%; some mismatches:\n{}",
        sample.join("\n")
    );
}

/// The suites of [`suites::OTHERS`] run for `mcpu`.
fn others_for(mcpu: &str) -> Vec<suites::Suite> {
    let list: Vec<suites::Suite> = suites::OTHERS
        .iter()
        .copied()
        .filter(|s| s.1 == mcpu)
        .collect();
    assert!(!list.is_empty(), "no suites for {mcpu}");
    list
}

#[test]
fn gfx11_and_gfx12_scalar_suites() {
    check(suites::MEASURED, 99.0);
}

/// gfx942 (CDNA3, the high-fidelity spec) against the gfx9 scalar ALU tests.
#[test]
fn gfx942_scalar_alu_suites() {
    check(&others_for("gfx942"), 99.0);
}

/// gfx1150's SALU float ops (RDNA3.5).
#[test]
fn gfx1150_salu_float() {
    check(&others_for("gfx1150"), 99.0);
}

/// LLVM's alias spellings (s_load_dword, s_add_u32 on gfx12...) and its error tests.
#[test]
fn gfx11_and_gfx12_aliases_and_errors() {
    check(suites::ALIASES_AND_ERRORS, 99.0);
}
