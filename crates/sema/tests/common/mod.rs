//! Locating the third-party inputs (read at run time, never copied).

use std::path::PathBuf;

/// `$MCDIFF_DATA`, else `<workspace>/../shared`. `None` (after printing why) when it
/// is missing; with `CI=true` a missing directory fails the test instead.
pub fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")));
    if dir.join("amd-isa/derived/pseudocode").is_dir() {
        return Some(dir);
    }
    let why = format!(
        "pseudocode data not found under {} (set MCDIFF_DATA)",
        dir.display()
    );
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{why}");
    }
    eprintln!("skipping: {why}");
    None
}
