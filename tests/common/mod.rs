//! Shared by the integration tests: finding inputs, and failing (not skipping) under CI.

#![allow(dead_code)] // each test binary uses a different part

use std::path::{Path, PathBuf};

/// True when running in CI, where a missing input is a failure, not a skip.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Returns `Some(value)` or, when the input is missing: panics in CI, prints why and returns None elsewhere.
pub fn require<T>(what: &str, found: Option<T>) -> Option<T> {
    if found.is_some() {
        return found;
    }
    if in_ci() {
        panic!("required input missing under CI=true: {what}");
    }
    eprintln!("skipping: {what} is missing (this is a failure when CI=true)");
    None
}

/// The data folder (llvm-tests/, amd-isa/), as the CLI finds it.
pub fn data_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("MCDIFF_DATA") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    };
    require(
        &format!("data folder {} (set MCDIFF_DATA)", dir.display()),
        dir.join("amd-isa/xml").is_dir().then_some(dir),
    )
}

/// A pinned llvm-mc, e.g. `llvm_mc("22")`.
pub fn llvm_mc(major: &str) -> Option<PathBuf> {
    let p = PathBuf::from(format!("/usr/lib/llvm-{major}/bin/llvm-mc"));
    require(
        &format!("{} (apt-get install llvm-{major})", p.display()),
        p.exists().then_some(p),
    )
}
