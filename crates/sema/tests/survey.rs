//! Standalone survey over the real pseudocode: the measured rates are pinned so a
//! regression in the parser or interpreter fails here.

mod common;

use mcdiff_sema::survey;

/// (arch, minimum parsed, minimum executed) as measured; rates must stay >= 95%.
const FLOORS: [(&str, usize, usize); 3] = [
    ("rdna3", 1260, 1258),
    ("rdna4", 1382, 1370),
    ("cdna3", 1337, 1334),
];

#[test]
fn survey_rates_hold() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    for (arch, parsed, executed) in FLOORS {
        let s = survey(&dir, arch).expect("survey runs");
        let rate = s.executed as f64 / s.with_pseudocode as f64;
        eprintln!(
            "{arch}: {} with pseudocode, {} parsed, {} executed ({:.1}%), {} mismatch, top unsupported {:?}",
            s.with_pseudocode,
            s.parsed,
            s.executed,
            100.0 * rate,
            s.mismatched,
            &s.top_unsupported()[..5.min(s.unsupported.len())]
        );
        assert!(rate >= 0.95, "{arch}: only {:.1}% executed", 100.0 * rate);
        assert!(s.parsed >= parsed, "{arch}: parsed {} < {parsed}", s.parsed);
        assert!(
            s.executed >= executed,
            "{arch}: executed {} < {executed}",
            s.executed
        );
        let unsupported: usize = s.unsupported.values().sum();
        assert_eq!(
            s.executed + s.mismatched + unsupported,
            s.with_pseudocode,
            "{arch}: every instruction is counted once"
        );
    }
}
