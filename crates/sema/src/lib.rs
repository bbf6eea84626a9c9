//! AMD ISA pseudocode: parser, interpreter and operand binder.
//!
//! The pseudocode text is read at run time from
//! `<data>/amd-isa/derived/pseudocode/<arch>.json` ([`load_pseudocode`]), parsed
//! with [`parse`] and run with [`execute`] over a [`State`] and a [`Binding`]
//! (built by [`bind`] from spec operands, or synthesised by [`survey`]).

pub mod ast;
pub mod bind;
mod builtins;
mod interp;
mod lexer;
mod parser;
pub mod state;
pub mod survey;
pub mod value;

pub use ast::Program;
pub use bind::{bind, bind_program, Binding, BoundOperand, BoundValue, SpecialReg};
pub use interp::{execute, execute_with_library, Library};
/// Register contents are read and written as `BigInt` bit patterns.
pub use num_bigint::BigInt;
pub use parser::parse;
pub use state::State;
pub use survey::{arch_mcpu, survey, Survey};

use std::path::{Path, PathBuf};

/// A parse failure; `construct` is a stable name for counting (`if-endif`, `eval-string`...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("sema-unsupported: parse:{construct} ({message})")]
pub struct ParseError {
    pub construct: String,
    pub message: String,
}

/// An operand whose kind or width contradicts a typed use in the pseudocode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("sema-mismatch: {reason}")]
pub struct SemaMismatch {
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExecError {
    #[error("{0}")]
    Mismatch(SemaMismatch),
    /// A construct the executor does not model (`call:ConvertToFormat`, `unbound:ADDR`...).
    #[error("sema-unsupported: {construct}")]
    Unsupported { construct: String },
}

#[derive(Debug, thiserror::Error)]
pub enum SemaError {
    #[error("{path}: cannot read pseudocode: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a pseudocode list: {source}")]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
}

/// One instruction's entry in the extracted pseudocode list.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct PseudocodeEntry {
    pub section: Option<String>,
    /// AMD's upper-case name (`S_ADD_U32`).
    pub name: String,
    pub opcode: Option<u32>,
    pub description: Option<String>,
    /// `None` or empty when the manual gives no pseudocode.
    pub pseudocode: Option<String>,
}

impl PseudocodeEntry {
    pub fn code(&self) -> Option<&str> {
        self.pseudocode.as_deref().filter(|p| !p.trim().is_empty())
    }
}

/// Reads `<data_dir>/amd-isa/derived/pseudocode/<arch>.json` (arch: `rdna3`, `cdna3`...).
pub fn load_pseudocode(data_dir: &Path, arch: &str) -> Result<Vec<PseudocodeEntry>, SemaError> {
    let path = data_dir
        .join("amd-isa/derived/pseudocode")
        .join(format!("{arch}.json"));
    let text = std::fs::read_to_string(&path).map_err(|source| SemaError::Io {
        path: path.clone(),
        source,
    })?;
    let mut entries: Vec<PseudocodeEntry> =
        serde_json::from_str(&text).map_err(|source| SemaError::Json { path, source })?;
    strip_glued_paragraphs(&mut entries);
    Ok(entries)
}

/// Drops trailing paragraphs that are another instruction's whole pseudocode: where
/// the manual conversion lost an instruction's heading, that instruction's text was
/// appended to the entry before it (after a blank line). Returns how many were cut.
pub fn strip_glued_paragraphs(entries: &mut [PseudocodeEntry]) -> usize {
    fn normal(text: &str) -> String {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    }
    let mut owners: std::collections::HashMap<String, Vec<String>> = Default::default();
    for e in entries.iter() {
        if let Some(code) = e.code() {
            owners.entry(normal(code)).or_default().push(e.name.clone());
        }
    }
    let mut cut = 0;
    for e in entries.iter_mut() {
        let Some(code) = e.code() else { continue };
        let paragraphs: Vec<&str> = code.split("\n\n").collect();
        let glued_from = (1..paragraphs.len()).find(|&k| {
            owners
                .get(&normal(&paragraphs[k..].join("\n\n")))
                .is_some_and(|names| names.iter().any(|n| *n != e.name))
        });
        if let Some(k) = glued_from {
            e.pseudocode = Some(paragraphs[..k].join("\n\n"));
            cut += 1;
        }
    }
    cut
}
