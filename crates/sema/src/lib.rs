//! AMD ISA pseudocode: parser, interpreter and operand binder.
//!
//! The pseudocode text is read at run time from
//! `<data>/amd-isa/derived/pseudocode/<arch>.json` ([`load_pseudocode`],
//! [`load_pseudocode_if_present`]), parsed
//! with [`parse`] and run with [`execute`] over a [`State`] and a [`Binding`]
//! (built by [`bind`] from spec operands, or synthesised by [`survey`]).

pub mod ast;
pub mod bind;
mod builtins;
pub mod crossgen;
mod derive;
mod gcn_memory;
mod int;
mod interp;
mod lexer;
mod older_dialect;
mod parser;
pub mod state;
pub mod survey;
mod uses;
pub mod value;

pub use ast::Program;
pub use bind::{
    bind, bind_program, bind_with_uses, Binding, BoundOperand, BoundValue, ProgramUses, SpecialReg,
};
pub use derive::{complete_by_role, complete_from_pseudocode, render_derived};
pub use gcn_memory::read as gcn_memory_text;
/// Register contents are read and written as [`Int`] bit patterns.
pub use int::Int;
pub use interp::{execute, execute_with_library, Library};
pub use parser::parse;
pub use state::{RegisterWrites, State};
pub use survey::{arch_mcpu, survey, Survey};

/// `code`, instruction `name`'s text in `arch`'s pseudocode file, parsed; the older manuals'
/// dialect (rdna1, rdna2, cdna1, cdna2, vega, vega7) read as the newer one, with what it
/// leaves implicit made explicit ([`older_dialect::read`]), and the GCN manuals' SCC
/// sentences read as the code later manuals write for them ([`older_dialect::scc_sentences`]).
pub fn parse_entry(arch: &str, name: &str, code: &str) -> Result<Program, ParseError> {
    let code = older_dialect::scc_sentences(code);
    let program = parse(&code)?;
    Ok(if crossgen::older_dialect(arch) {
        older_dialect::read(program, name, &code)
    } else {
        program
    })
}

/// A text to run must say everything the instruction writes: one that states a result in a
/// sentence ([`lexer::prose_assignment`]) is `parse:prose-statement`, since run without that
/// line it would say less than the instruction does and still pass. (Operand lists derived
/// from the same text need only its code lines, so [`parse_entry`] keeps them.)
pub fn runnable(code: &str) -> Result<(), ParseError> {
    match lexer::prose_assignment(&older_dialect::scc_sentences(code)) {
        Some(line) => Err(ParseError {
            construct: "prose-statement".into(),
            message: format!("`{line}` states in words what the instruction writes"),
        }),
        None => Ok(()),
    }
}

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

/// A pseudocode file that could not be read or is not a pseudocode list. The message names
/// the file; a JSON error adds serde_json's `line L column C`.
#[derive(Debug, thiserror::Error)]
pub enum SemaError {
    #[error("{}: cannot read pseudocode: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not a pseudocode list: {source}", path.display())]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
}

impl SemaError {
    /// The pseudocode file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            SemaError::Io { path, .. } | SemaError::Json { path, .. } => path,
        }
    }

    /// Whether the file does not exist (the data has no pseudocode for the arch), as opposed
    /// to a file that is there but unreadable or malformed.
    pub fn is_missing(&self) -> bool {
        matches!(self, SemaError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }
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

/// `<data_dir>/amd-isa/derived/pseudocode/<arch>.json`.
pub fn pseudocode_path(data_dir: &Path, arch: &str) -> PathBuf {
    data_dir
        .join("amd-isa/derived/pseudocode")
        .join(format!("{arch}.json"))
}

/// Reads [`pseudocode_path`] (arch: `rdna3`, `cdna3`...). Any problem is an error, a missing
/// file included; see [`load_pseudocode_if_present`] for data without pseudocode.
pub fn load_pseudocode(data_dir: &Path, arch: &str) -> Result<Vec<PseudocodeEntry>, SemaError> {
    let path = pseudocode_path(data_dir, arch);
    let text = std::fs::read_to_string(&path).map_err(|source| SemaError::Io {
        path: path.clone(),
        source,
    })?;
    let mut entries: Vec<PseudocodeEntry> =
        serde_json::from_str(&text).map_err(|source| SemaError::Json { path, source })?;
    strip_glued_paragraphs(&mut entries);
    Ok(entries)
}

/// As [`load_pseudocode`], but a missing file is `Ok(None)` (the data has no pseudocode for
/// `arch`: report the instructions as lacking it). A file that is present but unreadable or
/// malformed is still an error naming the file (and, for JSON, the line and column), so that
/// a broken file is reported instead of passing for missing pseudocode everywhere.
pub fn load_pseudocode_if_present(
    data_dir: &Path,
    arch: &str,
) -> Result<Option<Vec<PseudocodeEntry>>, SemaError> {
    match load_pseudocode(data_dir, arch) {
        Ok(entries) => Ok(Some(entries)),
        Err(e) if e.is_missing() => Ok(None),
        Err(e) => Err(e),
    }
}

/// An architecture's pseudocode file with each entry's text parsed ([`parse_entry`], under
/// the entry's upper-case name).
pub struct ParsedPseudocode {
    pub entries: Vec<PseudocodeEntry>,
    /// `programs[i]` is `entries[i]`'s; `None` for an entry without code.
    pub programs: Vec<Option<Result<Program, ParseError>>>,
}

impl ParsedPseudocode {
    pub fn parse(arch: &str, entries: Vec<PseudocodeEntry>) -> ParsedPseudocode {
        let programs = (entries.iter())
            .map(|e| (e.code()).map(|code| parse_entry(arch, &e.name.to_ascii_uppercase(), code)))
            .collect();
        ParsedPseudocode { entries, programs }
    }

    /// Each entry with its parsed program, entries without code left out.
    pub fn programs(
        &self,
    ) -> impl Iterator<Item = (&PseudocodeEntry, &Result<Program, ParseError>)> {
        (self.entries.iter().zip(&self.programs)).filter_map(|(e, p)| Some((e, p.as_ref()?)))
    }
}

/// [`load_pseudocode_if_present`], parsed, once per process for each file: completing a
/// target's spec reads an architecture's texts in three passes and the executor in one more.
/// A file is known by its path, length and modification time, so one rewritten is read
/// anew; an error is never kept.
pub fn parsed_pseudocode(
    data_dir: &Path,
    arch: &str,
) -> Result<Option<std::sync::Arc<ParsedPseudocode>>, SemaError> {
    type Key = (PathBuf, u64, Option<std::time::SystemTime>);
    static PARSED: std::sync::OnceLock<
        std::sync::Mutex<std::collections::HashMap<Key, std::sync::Arc<ParsedPseudocode>>>,
    > = std::sync::OnceLock::new();
    let path = pseudocode_path(data_dir, arch);
    let key = std::fs::metadata(&path)
        .ok()
        .map(|m| (path, m.len(), m.modified().ok()));
    let cache = PARSED.get_or_init(Default::default);
    if let Some(parsed) = key
        .as_ref()
        .and_then(|k| cache.lock().ok()?.get(k).cloned())
    {
        return Ok(Some(parsed));
    }
    let Some(entries) = load_pseudocode_if_present(data_dir, arch)? else {
        return Ok(None);
    };
    let parsed = std::sync::Arc::new(ParsedPseudocode::parse(arch, entries));
    if let (Some(key), Ok(mut cache)) = (key, cache.lock()) {
        cache.insert(key, parsed.clone());
    }
    Ok(Some(parsed))
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_result_stated_in_words_is_not_runnable() {
        for prose in [
            "D.f = cubemap S coordinate.",
            "D.u = S0.u + S1.u.\nSCC = unsigned carry-out.",
            "D.u = hardware register.",
        ] {
            let err = super::runnable(prose).expect_err(prose);
            assert_eq!(err.construct, "prose-statement", "{prose}");
        }
        // A field table's line names a field, not a result; the GCN manuals' SCC sentence
        // is read as code.
        for code in [
            "D0 = S0;\nVDST = Destination for instruction in the VGPR.",
            "D.u = S0.u & S1.u.\nSCC = 1 if result is non-zero.",
        ] {
            assert!(super::runnable(code).is_ok(), "{code}");
        }
    }
}
