//! Loading whole test files and corpora.

use crate::check::{parse_encoding, parse_error, CheckMatcher};
use crate::run::parse_run_command;
use crate::source::source_line;
use crate::{
    CheckDirective, CheckLine, CheckPlacement, Corpus, FileKind, LitError, RunLine, SourceLine,
    TestFile, UnparsedRun,
};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// The corpus directories, relative to a release root, holding the MC tests of AMDGPU.
pub const CORPUS_DIRS: [&str; 2] = ["MC/AMDGPU", "MC/Disassembler/AMDGPU"];

/// A RUN command with its continuation lines joined.
struct RawRun {
    line: usize,
    command: String,
    /// The file ended while a continuation was pending.
    unterminated: bool,
}

/// The RUN commands of a file, and the set of lines (0-based) that carry `RUN:`.
fn collect_runs(lines: &[&str]) -> (Vec<RawRun>, Vec<bool>) {
    let mut runs: Vec<RawRun> = Vec::new();
    let mut is_run = vec![false; lines.len()];
    let mut pending: Option<RawRun> = None;
    for (i, line) in lines.iter().enumerate() {
        let Some(at) = crate::check::find_keyword(line, "RUN") else {
            continue;
        };
        is_run[i] = true;
        let part = line[at + 4..].trim();
        let (part, continues) = match part.strip_suffix('\\') {
            Some(head) => (head.trim_end(), true),
            None => (part, false),
        };
        let run = pending.get_or_insert_with(|| RawRun {
            line: i + 1,
            command: String::new(),
            unterminated: false,
        });
        if !run.command.is_empty() && !part.is_empty() {
            run.command.push(' ');
        }
        run.command.push_str(part);
        if !continues {
            runs.extend(pending.take());
        }
    }
    if let Some(mut run) = pending {
        run.unterminated = true;
        runs.push(run);
    }
    (runs, is_run)
}

/// The file kind from the extension, for the kinds this crate reads.
pub fn file_kind(path: &Path) -> Option<FileKind> {
    match path.extension()?.to_str()? {
        "s" => Some(FileKind::Asm),
        "txt" => Some(FileKind::Disasm),
        _ => None,
    }
}

/// Parses one test file. `rel_path` decides the kind (`.txt` is disassembler input,
/// anything else assembly) and is stored as given.
pub fn parse_test_file(rel_path: &Path, text: &str) -> TestFile {
    let lines: Vec<&str> = text.lines().collect();
    let (mut file, is_run) = header(rel_path, &lines);
    let kind = file.kind;
    let mut prefixes: Vec<String> = (file.runs.iter())
        .filter(|r| r.has_filecheck)
        .flat_map(|r| r.check_prefixes.iter().cloned())
        .collect();
    prefixes.sort();
    prefixes.dedup();
    let matcher = CheckMatcher::new(&prefixes);

    let mut sources = Vec::new();
    let mut checks = Vec::new();
    let mut block = DataBlock::default();
    for (i, raw) in lines.iter().enumerate() {
        if is_run[i] {
            continue;
        }
        let line = i + 1;
        if let Some(mut src) = source_line(line, raw, kind) {
            src.is_directive |= block.holds(&src, &lines[i + 1..]);
            sources.push(src);
        }
        let Some(found) = matcher.as_ref().and_then(|m| m.find(raw)) else {
            continue;
        };
        let (encoding, asm) = match parse_encoding(found.pattern) {
            Some((bytes, asm)) => (Some(bytes), asm),
            None => (None, None),
        };
        let error = match found.directive {
            CheckDirective::Not => None,
            _ if encoding.is_some() => None,
            _ => parse_error(found.pattern, line),
        };
        checks.push(CheckLine {
            line,
            prefix: found.prefix.to_string(),
            directive: found.directive,
            pattern: found.pattern.to_string(),
            target_line: None,
            encoding,
            asm,
            error,
        });
    }

    file.lines = sources;
    file.checks = checks;
    crate::tie::tie_checks(&mut file, &crate::tie::BlankLines::new(&lines));
    file
}

/// Parses only a test file's RUN lines: its path, kind and RUN commands, without its
/// source and check lines (what planning a run needs; a corpus's lines take hundreds of
/// megabytes).
pub fn parse_test_header(rel_path: &Path, text: &str) -> TestFile {
    header(rel_path, &text.lines().collect::<Vec<_>>()).0
}

/// The file with its RUN commands parsed and no source or check lines, and which lines
/// are RUN lines.
fn header(rel_path: &Path, lines: &[&str]) -> (TestFile, Vec<bool>) {
    let kind = file_kind(rel_path).unwrap_or(FileKind::Asm);
    let (raw_runs, is_run) = collect_runs(lines);
    let mut runs: Vec<RunLine> = Vec::new();
    let mut unparsed: Vec<UnparsedRun> = Vec::new();
    for (index, raw) in raw_runs.into_iter().enumerate() {
        if raw.unterminated {
            unparsed.push(UnparsedRun {
                index,
                line: raw.line,
                raw: raw.command,
                reason: "line continuation at end of file".into(),
            });
            continue;
        }
        match parse_run_command(index, raw.line, &raw.command) {
            Ok(run) => runs.push(run),
            Err(u) => unparsed.push(u),
        }
    }
    let file = TestFile {
        path: rel_path.to_path_buf(),
        kind,
        runs,
        unparsed,
        lines: Vec::new(),
        checks: Vec::new(),
        placement: CheckPlacement::After,
    };
    (file, is_run)
}

/// Loads every `.s` and `.txt` file under the corpus directories of `root`
/// (e.g. `.../llvm-tests/19.1.7`), sorted by path; test paths that are no regular file are
/// left out (see [`corpus_paths`]).
pub fn load_corpus(root: &Path) -> Result<Corpus, LitError> {
    let files = corpus_paths(root)?
        .files
        .iter()
        .map(|path| read_test_file(root, path))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Corpus {
        root: root.to_path_buf(),
        files,
    })
}

/// The test paths under a corpus: the regular `.s` and `.txt` files, and those named so
/// that are something else, with why they are not read.
#[derive(Debug, Default)]
pub struct CorpusPaths {
    /// Sorted.
    pub files: Vec<PathBuf>,
    /// Sorted by path.
    pub skipped: Vec<(PathBuf, String)>,
}

/// The `.s` and `.txt` files under the corpus directories of `root`, sorted. A symbolic
/// link is not followed (it may lead out of the corpus, or in a circle), and nothing that
/// is not a regular file (a pipe would never end) is read: both are listed as skipped.
pub fn corpus_paths(root: &Path) -> Result<CorpusPaths, LitError> {
    if !root.is_dir() {
        return Err(LitError::MissingDir(root.to_path_buf()));
    }
    let mut paths = CorpusPaths::default();
    for dir in CORPUS_DIRS {
        let dir = root.join(dir);
        if !dir.is_dir() {
            return Err(LitError::MissingDir(dir));
        }
        for entry in WalkDir::new(&dir) {
            let entry = entry.map_err(|source| LitError::Walk {
                path: dir.clone(),
                source,
            })?;
            let kind = entry.file_type();
            if kind.is_dir() || file_kind(entry.path()).is_none() {
                continue;
            }
            if kind.is_file() {
                paths.files.push(entry.into_path());
            } else {
                let why = if kind.is_symlink() {
                    "a symbolic link: not followed"
                } else {
                    "not a regular file"
                };
                paths.skipped.push((entry.into_path(), why.to_string()));
            }
        }
    }
    paths.files.sort();
    paths.skipped.sort();
    Ok(paths)
}

/// Reads and parses the test file at `path`, naming it by its path relative to `root`.
pub fn read_test_file(root: &Path, path: &Path) -> Result<TestFile, LitError> {
    read_with(root, path, parse_test_file)
}

/// Reads the test file at `path` and parses only its RUN lines ([`parse_test_header`]).
pub fn read_test_header(root: &Path, path: &Path) -> Result<TestFile, LitError> {
    read_with(root, path, parse_test_header)
}

fn read_with(
    root: &Path,
    path: &Path,
    parse: fn(&Path, &str) -> TestFile,
) -> Result<TestFile, LitError> {
    let bytes = std::fs::read(path).map_err(|source| LitError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let rel = path.strip_prefix(root).unwrap_or(path);
    Ok(parse(rel, &String::from_utf8_lossy(&bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_has_the_full_parse_s_run_lines_and_no_body() {
        let text = "// RUN: llvm-mc -triple=amdgcn -mcpu=gfx900 -show-encoding %s | FileCheck %s\n// RUN: llvm-mc -bogus %s | FileCheck %s\ns_nop 0\n// CHECK: s_nop 0 ; encoding: [0x00,0x00,0x80,0xbf]\n";
        let full = parse_test_file(Path::new("a.s"), text);
        let header = parse_test_header(Path::new("a.s"), text);
        assert_eq!(
            (&header.runs, &header.unparsed),
            (&full.runs, &full.unparsed)
        );
        assert_eq!((header.kind, &header.path), (full.kind, &full.path));
        assert!(header.lines.is_empty() && header.checks.is_empty());
        assert!(!full.lines.is_empty() && !full.checks.is_empty());
    }

    #[test]
    fn continuations_join_and_index_counts_all_commands() {
        let text = "// RUN: llvm-mc -triple=amdgcn -mcpu=gfx900 %s \\\n// RUN:   | FileCheck %s\n// RUN: llvm-mc -bogus %s | FileCheck %s\n; RUN: llvm-mc -triple=amdgcn -show-encoding %s | FileCheck --check-prefix=P %s\n";
        let f = parse_test_file(Path::new("a.s"), text);
        assert_eq!(f.runs.len(), 2);
        assert_eq!(
            f.runs[0].raw,
            "llvm-mc -triple=amdgcn -mcpu=gfx900 %s | FileCheck %s"
        );
        assert_eq!((f.runs[0].index, f.runs[0].line), (0, 1));
        assert_eq!((f.runs[1].index, f.runs[1].line), (2, 4));
        assert_eq!(f.unparsed.len(), 1);
        assert_eq!((f.unparsed[0].index, f.unparsed[0].line), (1, 3));
        assert!(f.lines.is_empty(), "RUN lines are not statements");
    }

    #[test]
    fn continuation_at_end_of_file_is_unparsed() {
        let f = parse_test_file(Path::new("a.s"), "# RUN: llvm-mc %s \\\n");
        assert!(f.runs.is_empty());
        assert_eq!(f.unparsed[0].reason, "line continuation at end of file");
    }

    #[test]
    fn only_prefixes_of_run_lines_are_checks() {
        let text = "// RUN: llvm-mc -show-encoding %s | FileCheck --check-prefixes=AA,BB %s\ns_nop 0\n// AA: encoding: [0x00]\n// CC: encoding: [0x01]\n// NOTE: words\n";
        let f = parse_test_file(Path::new("x.s"), text);
        assert_eq!(f.checks.len(), 1);
        assert_eq!(f.checks[0].prefix, "AA");
        assert_eq!(f.checks[0].line, 3);
    }

    #[test]
    fn kinds_from_extensions() {
        assert_eq!(file_kind(Path::new("a/b.s")), Some(FileKind::Asm));
        assert_eq!(file_kind(Path::new("a/b.txt")), Some(FileKind::Disasm));
        assert_eq!(file_kind(Path::new("a/b.test")), None);
    }

    #[test]
    fn missing_root_is_an_error() {
        let err = load_corpus(Path::new("/nonexistent/mcdiff-lit")).unwrap_err();
        assert!(matches!(err, LitError::MissingDir(_)));
    }
}

/// Directive blocks whose lines the assembler reads as data or keeps for later, not as
/// statements to assemble there: metadata documents and macro definitions.
const DATA_BLOCKS: &[(&str, &str)] = &[
    (".amdgpu_metadata", ".end_amdgpu_metadata"),
    (".amdgpu_pal_metadata", ".end_amdgpu_pal_metadata"),
    (".amd_amdgpu_hsa_metadata", ".end_amd_amdgpu_hsa_metadata"),
    (".macro", ".endm"),
    (".rept", ".endr"),
    (".irp", ".endr"),
    (".irpc", ".endr"),
];

/// Tracks whether the statements read so far sit inside a [`DATA_BLOCKS`] block.
#[derive(Default)]
struct DataBlock {
    end: Option<&'static str>,
}

impl DataBlock {
    /// Whether `src` lies inside a block (its opening and closing lines are directives
    /// anyway). A block opens only where its end follows in `rest` (an error test may
    /// leave one open).
    fn holds(&mut self, src: &SourceLine, rest: &[&str]) -> bool {
        let word = src.text.split_whitespace().next().unwrap_or_default();
        if let Some(end) = self.end {
            if word.eq_ignore_ascii_case(end) {
                self.end = None;
            }
            return true;
        }
        let first_word = |l: &&str| {
            let w = l.split_whitespace().next().unwrap_or_default();
            w.split("//").next().unwrap_or_default().to_string()
        };
        if let Some((_, end)) = DATA_BLOCKS
            .iter()
            .find(|(start, _)| word.eq_ignore_ascii_case(start))
        {
            if rest.iter().any(|l| first_word(l).eq_ignore_ascii_case(end)) {
                self.end = Some(end);
            }
        }
        false
    }
}
