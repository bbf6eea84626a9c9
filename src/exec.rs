//! `mcdiff exec`: assemble one instruction, run its pseudocode, show the state change.

use anyhow::{bail, Result};

use crate::data::DataDir;

/// Runs `text` on `mcpu` from a zeroed state with `sets` applied; returns the report to print.
pub fn run(
    data: &DataDir,
    mcpu: &str,
    mattr: &[String],
    text: &str,
    sets: &[String],
) -> Result<String> {
    let _ = (data, mcpu, mattr, text, sets);
    bail!("mcdiff exec: not implemented yet")
}
