//! Test helpers: locating the third-party inputs under MCDIFF_DATA (default `../shared`).

use std::path::PathBuf;

pub fn data_dir() -> PathBuf {
    std::env::var("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")))
}

/// Loads the spec for `mcpu`, or returns `None` (test skipped) when the inputs are missing;
/// with `CI=true` missing inputs fail the test instead.
pub fn target(mcpu: &str) -> Option<mcdiff_spec::TargetSpec> {
    let dir = data_dir();
    if !dir.join("amd-isa/xml").is_dir() {
        let why = format!(
            "spec inputs missing under {} (set MCDIFF_DATA)",
            dir.display()
        );
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("{why}");
        }
        eprintln!("skipping: {why}");
        return None;
    }
    Some(mcdiff_spec::load_target(&dir, mcpu).unwrap_or_else(|e| panic!("loading {mcpu}: {e}")))
}
