//! The JSON files mcdiff reads back: `mcdiff run --json`, `mcdiff gate --json` and
//! `history.jsonl` hold one document a line.

use std::path::Path;

use anyhow::{Context, Result};

/// The text of an input file, its path named when it cannot be read.
pub fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// The non-blank lines of `text` (read from `path`), each with its place (`file:line`) for
/// messages.
pub fn lines<'a>(path: &'a Path, text: &'a str) -> impl Iterator<Item = (String, &'a str)> + 'a {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(move |(i, line)| (format!("{}:{}", path.display(), i + 1), line))
}
