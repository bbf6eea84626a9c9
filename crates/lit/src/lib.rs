//! Reader for LLVM lit test files as used by the MC layer tests.
//!
//! The crate understands lit `RUN:` lines (shell pipelines around `llvm-mc` and
//! `FileCheck`) and FileCheck check lines, and ties every check line to the
//! source line (an assembly statement in `.s` files, a hex byte line in `.txt`
//! files) it checks. It knows nothing about any instruction set.

mod check;
mod corpus;
mod filter;
mod run;
mod source;
mod tie;
mod triple;

pub use check::{parse_encoding, EncByte};
pub use corpus::{
    corpus_paths, file_kind, load_corpus, parse_test_file, parse_test_header, read_test_file,
    read_test_header, CorpusPaths, CORPUS_DIRS,
};
pub use filter::{InputFilter, Substitution};
pub use run::parse_run_command;
pub use triple::triple_processor;

use std::path::PathBuf;

/// Errors while loading a corpus from disk.
#[derive(Debug, thiserror::Error)]
pub enum LitError {
    #[error("corpus directory {0} does not exist")]
    MissingDir(PathBuf),
    #[error("walking {path}: {source}")]
    Walk {
        path: PathBuf,
        #[source]
        source: walkdir::Error,
    },
    #[error("reading {path}: {source}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// All test files of one LLVM release's MC/AMDGPU and MC/Disassembler/AMDGPU directories.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// The release directory, e.g. `.../llvm-tests/19.1.7`.
    pub root: PathBuf,
    /// Files sorted by relative path.
    pub files: Vec<TestFile>,
}

/// Whether a file feeds the assembler or the disassembler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// `.s`: assembly source.
    Asm,
    /// `.txt`: hex bytes for the disassembler.
    Disasm,
}

/// How the checked `.txt` hex lines and their checks are laid out in one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckPlacement {
    /// Checks come after the line they check (all `.s` files, newer `.txt` files).
    After,
    /// Checks come before the hex line they check (older `.txt` files).
    Before,
}

/// One parsed test file.
#[derive(Debug, Clone)]
pub struct TestFile {
    /// Path relative to the corpus root, e.g. `MC/AMDGPU/gfx11_asm_sop1.s`.
    pub path: PathBuf,
    pub kind: FileKind,
    /// The RUN commands that were understood.
    pub runs: Vec<RunLine>,
    /// The RUN commands that were not understood, with the reason.
    pub unparsed: Vec<UnparsedRun>,
    /// Statement lines (`.s`) or hex byte lines (`.txt`), in file order.
    pub lines: Vec<SourceLine>,
    /// Check lines of every prefix used by some RUN command, in file order.
    pub checks: Vec<CheckLine>,
    /// Where checks sit relative to the lines they check (detected per file).
    pub placement: CheckPlacement,
}

/// One RUN command (continuation lines joined).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunLine {
    /// 0-based among this file's RUN commands (parsed or not).
    pub index: usize,
    /// 1-based line of the first `RUN:` of the command.
    pub line: usize,
    /// The whole command after continuations were joined.
    pub raw: String,
    pub kind: RunKind,
    /// `not` (or `not --crash`) precedes the first `llvm-mc`.
    pub expect_fail: bool,
    /// `not --crash` precedes the first `llvm-mc`.
    pub expect_crash: bool,
    pub triple: Option<String>,
    /// `-arch=` of llvm-mc, when given instead of or besides a triple.
    pub arch: Option<String>,
    pub mcpu: Option<String>,
    /// Every `+feat`/`-feat` of every `-mattr` list, in order.
    pub mattr: Vec<String>,
    pub show_encoding: bool,
    pub disassemble: bool,
    /// stderr of the first llvm-mc goes into the pipe (`2>&1`).
    pub stderr_to_stdout: bool,
    /// stdout of the first llvm-mc is thrown away (`>/dev/null` after `2>&1`).
    pub stdout_discarded: bool,
    pub filetype: Option<String>,
    /// `-o FILE` of the first llvm-mc (dropped from `llvm_mc_args`).
    pub output: Option<String>,
    /// The file the first llvm-mc reads (`%s` for the test itself), as an argument or
    /// through `<`; `None` when it reads a pipe (see `input_filter`).
    pub input: Option<String>,
    /// The first llvm-mc reads stdin (`< FILE` or a pipe) rather than a file argument.
    pub input_from_stdin: bool,
    /// The FileCheck prefixes; `["CHECK"]` when none is given.
    pub check_prefixes: Vec<String>,
    pub implicit_check_not: Vec<String>,
    pub strict_whitespace: bool,
    /// FileCheck `-DNAME=VALUE` definitions.
    pub filecheck_defines: Vec<(String, String)>,
    /// The run ends in `FileCheck` reading this file's checks.
    pub has_filecheck: bool,
    /// The first llvm-mc's own arguments minus the input file, `-o FILE` and redirections;
    /// running `llvm-mc <args>` with the (filtered) input on stdin replays it.
    pub llvm_mc_args: Vec<String>,
    /// Pipeline stages feeding llvm-mc, e.g. a `sed` substitution, read as data: nothing
    /// on a RUN line but llvm-mc is ever run.
    pub input_filter: Option<InputFilter>,
    /// Pipeline stages between the first llvm-mc and FileCheck.
    pub downstream: Vec<String>,
    /// FileCheck reads the output of a later pipeline stage that re-processes llvm-mc's
    /// output (e.g. `llvm-mc -filetype=obj | llvm-objdump -d`), not llvm-mc's own output:
    /// the checks describe that later stage, so the run's cases are `Unchecked`. `kind` and
    /// the `llvm_mc_args` still describe the first llvm-mc. A round trip (`round_trip`) is
    /// not such a run: its checks are tied.
    pub checks_downstream: bool,
    /// The processor the triple names when no `-mcpu` is given (`-triple=amdgpu12.50`:
    /// gfx1250); see [`triple_processor`] and [`RunLine::processor`].
    pub triple_processor: Option<String>,
    /// `llvm-mc -show-encoding %s | %extract-encodings | llvm-mc -disassemble ... | FileCheck`:
    /// the assembler's bytes are disassembled and FileCheck reads the disassembler. The
    /// checks describe both: the bytes the assembler made (as the disassembler shows them
    /// again) and the text the disassembler prints. `kind` is the assembler's (`Encode`).
    pub round_trip: Option<RoundTrip>,
}

/// The disassembler stage of a round-trip RUN line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundTrip {
    /// The disassembler llvm-mc's own arguments (`-disassemble` among them).
    pub llvm_mc_args: Vec<String>,
    /// Its `-mattr` features, in order.
    pub mattr: Vec<String>,
    /// It runs with `-show-inst`: FileCheck may read its `<MCInst ...>` dumps.
    pub show_inst: bool,
}

impl RunLine {
    /// The processor llvm-mc assembles for: `-mcpu`, else the one the triple names.
    pub fn processor(&self) -> Option<&str> {
        self.mcpu.as_deref().or(self.triple_processor.as_deref())
    }

    /// A stepping the `-mattr` list selects (`+gfx1250-b0-specific` is `b0`), if any: the
    /// same processor, a later revision of its silicon.
    pub fn stepping(&self) -> Option<&str> {
        self.mattr.iter().rev().find_map(|f| {
            let rest = f.strip_prefix('+')?.strip_prefix("gfx")?;
            let (_, rest) = rest.split_once('-')?;
            rest.strip_suffix("-specific")
        })
    }
}

/// What a RUN command checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RunKind {
    /// llvm-mc assembling with `-show-encoding`, stdout checked.
    Encode,
    /// Diagnostics checked: `not llvm-mc ... 2>&1`, `-filetype=null` with stderr checked.
    Error,
    /// llvm-mc `--disassemble`.
    Disassemble,
    /// llvm-mc assembling without `-show-encoding`; printed text checked.
    Print,
    /// An object file is produced or inspected (`-filetype=obj`, llvm-objdump, llvm-readobj...).
    Object,
    /// Anything else: yaml2obj, diff, a bare FileCheck...
    Other,
}

/// A RUN command that was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnparsedRun {
    pub index: usize,
    pub line: usize,
    pub raw: String,
    pub reason: String,
}

/// A statement (`.s`) or a hex byte line (`.txt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLine {
    /// 1-based line number.
    pub line: usize,
    /// The line without its trailing comment, trimmed.
    pub text: String,
    /// `.s`: the statement is an assembler directive: it starts with `.`, or it is a
    /// symbol assignment `name = expr` (llvm-mc prints it back as `.set name, expr`).
    pub is_directive: bool,
    /// `.s`: the statement is a label definition `name:`.
    pub is_label: bool,
    /// `.txt`: the bytes of the hex line, when it is one.
    pub bytes: Option<Vec<u8>>,
}

impl SourceLine {
    /// Whether the line is an instruction to assemble or bytes to disassemble.
    pub fn is_instruction(&self) -> bool {
        !self.is_directive && !self.is_label
    }
}

/// A FileCheck directive kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckDirective {
    Plain,
    Next,
    Same,
    Not,
    Label,
    Empty,
    Dag,
    /// `PREFIX-COUNT-n:`
    Count(u32),
}

/// One check line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckLine {
    /// 1-based line number.
    pub line: usize,
    pub prefix: String,
    pub directive: CheckDirective,
    /// The text after `PREFIX[-SUFFIX]:`, trimmed.
    pub pattern: String,
    /// The source line this check is about, when one could be determined.
    pub target_line: Option<usize>,
    /// Bytes of `encoding: [..]`, or of a pattern that is only a byte list.
    pub encoding: Option<Vec<EncByte>>,
    /// The printed instruction in front of `; encoding:`, when present.
    pub asm: Option<String>,
    pub error: Option<ErrorCheck>,
}

/// A diagnostic expected by a check line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorCheck {
    pub line_ref: Option<LineRef>,
    /// A literal column; `None` when absent or a regex like `{{[0-9]+}}`.
    pub column: Option<u32>,
    /// `error`, `warning` or `note`.
    pub kind: String,
    pub message: String,
}

/// The line a diagnostic is expected on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRef {
    /// The absolute 1-based line.
    pub line: usize,
    /// The offset for `[[@LINE+N]]` forms (0 for `[[@LINE]]`); `None` for a literal number.
    pub relative: Option<i64>,
}

/// One source line as seen by one RUN command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Which occurrence of its text in the file this line is (1 for the first): with the
    /// path, the run index and the text, it names the case across runs of the file.
    pub occurrence: usize,
    /// The RUN command index.
    pub run: usize,
    /// 1-based line of the source line.
    pub line: usize,
    pub text: String,
    /// `.txt` only: the bytes of the hex line.
    pub bytes: Option<Vec<u8>>,
    pub expected: CheckExpectation,
    /// The printed instruction text of the deciding check (encoding or plain text check).
    pub expected_asm: Option<String>,
    /// Indices into `TestFile::checks` of the run's checks tied to this line.
    pub check_indices: Vec<usize>,
}

/// What the checks of one run say about one source line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckExpectation {
    /// An encoding is checked (wins over everything else).
    Encoding(Vec<EncByte>),
    /// A rejection is checked; the message. An `error:` diagnostic (or a lone `note:`),
    /// or in disassembler (`.txt`) files the `warning: invalid instruction encoding` with
    /// which llvm-mc reports bytes it cannot decode.
    Error(String),
    /// A `warning:` diagnostic is checked and no error; the message. llvm-mc accepts the
    /// line and warns: it encodes the statement (e.g. a literal it has to truncate), or it
    /// decodes the bytes (`potentially undefined instruction encoding`).
    Warning(String),
    /// Text is checked but no encoding.
    NoEncoding,
    /// No check of the run's prefixes ties to this line.
    Unchecked,
}

impl TestFile {
    /// One case per instruction line (not directive, not label) for `run`'s prefixes.
    /// When `run.checks_downstream`, no check describes llvm-mc's own output and every case
    /// is `Unchecked`, without check indices.
    pub fn cases(&self, run: &RunLine) -> Vec<Case> {
        tie::cases(self, run)
    }

    /// The source line with the given 1-based line number.
    pub fn source_line(&self, line: usize) -> Option<&SourceLine> {
        self.lines
            .binary_search_by_key(&line, |l| l.line)
            .ok()
            .map(|i| &self.lines[i])
    }
}
