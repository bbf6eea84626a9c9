//! Report files: checked before a run, written whole at its end (a temporary file beside
//! the target, renamed into place), so a failed or interrupted run leaves the old ones.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// Fails early, naming the path, when a report file could not be written at the end.
pub fn check_writable(path: &Path) -> Result<()> {
    let probe = temporary_beside(path);
    std::fs::write(&probe, b"").with_context(|| format!("cannot write {}", path.display()))?;
    std::fs::remove_file(&probe).ok();
    Ok(())
}

fn temporary_beside(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp{}", std::process::id()));
    path.with_file_name(name)
}

/// Writes `text` to a temporary file beside `path`, then renames it into place.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let tmp = temporary_beside(path);
    std::fs::write(&tmp, text).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))
}
