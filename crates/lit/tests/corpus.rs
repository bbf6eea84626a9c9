//! Loads the real LLVM MC test corpora (read at run time from the shared data directory,
//! `$MCDIFF_DATA/llvm-tests`, default `../shared` next to the workspace).

use mcdiff_lit::{load_corpus, CheckExpectation, Corpus, EncByte, FileKind, RunKind};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn llvm_tests_dir() -> Option<PathBuf> {
    let data = std::env::var_os("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")));
    let tests = data.join("llvm-tests");
    if tests.is_dir() {
        return Some(tests);
    }
    let msg = format!("LLVM test corpora not found under {}", tests.display());
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{msg}; set MCDIFF_DATA to the shared data directory"
    );
    eprintln!("skipping: {msg}");
    None
}

fn load(dir: &Path, version: &str) -> (Corpus, Duration) {
    let start = Instant::now();
    let corpus =
        load_corpus(&dir.join(version)).unwrap_or_else(|e| panic!("loading {version}: {e}"));
    (corpus, start.elapsed())
}

/// The bytes of an encoding without fixups.
fn plain_bytes(enc: &[EncByte]) -> Option<Vec<u8>> {
    enc.iter()
        .map(|b| match b {
            EncByte::Byte(v) => Some(*v),
            EncByte::Fixup(_) => None,
        })
        .collect()
}

fn expectation_name(e: &CheckExpectation) -> &'static str {
    match e {
        CheckExpectation::Encoding(_) => "Encoding",
        CheckExpectation::Error(_) => "Error",
        CheckExpectation::Warning(_) => "Warning",
        CheckExpectation::NoEncoding => "NoEncoding",
        CheckExpectation::Unchecked => "Unchecked",
    }
}

/// Figures measured on the corpora; a change means the reader's behaviour changed.
struct Expected {
    version: &'static str,
    files: usize,
    asm_files: usize,
    runs: usize,
    runs_per_kind: [(RunKind, usize); 6],
    cases: [(RunKind, [usize; 5]); 6],
}

/// Case counts per run kind, in the order Encoding, Error, Warning, NoEncoding, Unchecked.
const CORPORA: [Expected; 2] = [
    Expected {
        version: "19.1.7",
        files: 660,
        asm_files: 441,
        runs: 1436,
        runs_per_kind: [
            (RunKind::Encode, 531),
            (RunKind::Error, 450),
            (RunKind::Disassemble, 347),
            (RunKind::Print, 47),
            (RunKind::Object, 58),
            (RunKind::Other, 3),
        ],
        cases: [
            (RunKind::Encode, [339783, 0, 0, 3315, 39344]),
            (RunKind::Error, [0, 67764, 0, 0, 102377]),
            (RunKind::Disassemble, [267191, 553, 0, 1100, 1396]),
            (RunKind::Print, [0, 0, 0, 10, 85]),
            (RunKind::Object, [0, 1, 0, 0, 417]),
            (RunKind::Other, [0, 0, 0, 0, 3]),
        ],
    },
    Expected {
        version: "22.1.8",
        files: 911,
        asm_files: 639,
        runs: 2041,
        runs_per_kind: [
            (RunKind::Encode, 761),
            (RunKind::Error, 638),
            (RunKind::Disassemble, 521),
            (RunKind::Print, 53),
            (RunKind::Object, 65),
            (RunKind::Other, 3),
        ],
        cases: [
            (RunKind::Encode, [489504, 0, 0, 42, 66528]),
            (RunKind::Error, [0, 115115, 33, 0, 161281]),
            (RunKind::Disassemble, [383300, 572, 273, 552, 1622]),
            (RunKind::Print, [0, 0, 0, 23, 101]),
            (RunKind::Object, [0, 2, 0, 0, 464]),
            (RunKind::Other, [0, 0, 0, 0, 3]),
        ],
    },
];

const ORDER: [&str; 5] = ["Encoding", "Error", "Warning", "NoEncoding", "Unchecked"];

#[test]
fn both_corpora_parse_completely() {
    let Some(dir) = llvm_tests_dir() else { return };
    for expected in &CORPORA {
        let (corpus, took) = load(&dir, expected.version);
        let v = expected.version;
        eprintln!("{v}: {} files loaded in {took:?}", corpus.files.len());
        assert_every_run_parses(v, &corpus);
        let counts = count_cases(v, &corpus);
        counts.print(v);
        counts.assert_disassembler_checks_match_input(v);
        counts.assert_expected(expected, &corpus);
    }
}

/// Every RUN command is understood.
fn assert_every_run_parses(v: &str, corpus: &Corpus) {
    let unparsed: Vec<String> = corpus
        .files
        .iter()
        .flat_map(|f| {
            f.unparsed
                .iter()
                .map(move |u| format!("{}:{} {}", f.path.display(), u.line, u.reason))
        })
        .collect();
    assert!(
        unparsed.is_empty(),
        "{v}: unparsed RUN commands:\n{}",
        unparsed.join("\n")
    );
}

/// What a corpus holds: RUN commands and cases per run kind, and how many disassembler
/// checks expect their input bytes back.
struct Counts {
    runs: usize,
    runs_per_kind: BTreeMap<RunKind, usize>,
    cases: BTreeMap<RunKind, BTreeMap<&'static str, usize>>,
    dis_same: usize,
    dis_differ: usize,
}

/// Counts `corpus`'s runs and cases, checking that case ids are unique within each run.
fn count_cases(v: &str, corpus: &Corpus) -> Counts {
    let mut counts = Counts {
        runs: corpus.files.iter().map(|f| f.runs.len()).sum(),
        runs_per_kind: BTreeMap::new(),
        cases: BTreeMap::new(),
        dis_same: 0,
        dis_differ: 0,
    };
    for f in &corpus.files {
        for run in &f.runs {
            *counts.runs_per_kind.entry(run.kind).or_default() += 1;
            let run_cases = f.cases(run);
            let keys: HashSet<(&str, usize)> = run_cases
                .iter()
                .map(|c| (c.text.as_str(), c.occurrence))
                .collect();
            assert_eq!(
                keys.len(),
                run_cases.len(),
                "{v}: duplicate case keys (text, occurrence) in {} run {}",
                f.path.display(),
                run.index
            );
            for case in &run_cases {
                *counts
                    .cases
                    .entry(run.kind)
                    .or_default()
                    .entry(expectation_name(&case.expected))
                    .or_default() += 1;
                if let (RunKind::Disassemble, CheckExpectation::Encoding(enc)) =
                    (run.kind, &case.expected)
                {
                    if plain_bytes(enc) == case.bytes {
                        counts.dis_same += 1;
                    } else {
                        counts.dis_differ += 1;
                    }
                }
            }
        }
    }
    counts
}

impl Counts {
    fn print(&self, v: &str) {
        let (runs, runs_per_kind) = (self.runs, &self.runs_per_kind);
        eprintln!("{v}: {runs} runs per kind {runs_per_kind:?}");
        for (kind, counts) in &self.cases {
            let row: Vec<usize> = ORDER
                .iter()
                .map(|e| counts.get(e).copied().unwrap_or(0))
                .collect();
            eprintln!("{v}: cases {kind:?} {row:?}");
        }
    }

    /// In disassembler tests the checked encoding is almost always the input bytes; the
    /// exceptions are deliberate non-canonical inputs. Checks tied to the wrong hex line
    /// would show up as a mass of mismatches.
    fn assert_disassembler_checks_match_input(&self, v: &str) {
        let (dis_same, dis_differ) = (self.dis_same, self.dis_differ);
        eprintln!(
            "{v}: disassembler encodings equal to their input {dis_same}, different {dis_differ}"
        );
        assert!(
            dis_same > 250_000,
            "{v}: only {dis_same} matching encodings"
        );
        assert!(
            dis_differ * 40 < dis_same,
            "{v}: {dis_differ} encodings differ from their input"
        );
    }

    /// The figures match those measured on the corpora ([`CORPORA`]).
    fn assert_expected(&self, expected: &Expected, corpus: &Corpus) {
        let v = expected.version;
        let asm_files = corpus
            .files
            .iter()
            .filter(|f| f.kind == FileKind::Asm)
            .count();
        assert_eq!(corpus.files.len(), expected.files, "{v}: files");
        assert_eq!(asm_files, expected.asm_files, "{v}: .s files");
        assert_eq!(self.runs, expected.runs, "{v}: RUN commands");
        for (kind, n) in expected.runs_per_kind {
            assert_eq!(
                self.runs_per_kind.get(&kind).copied().unwrap_or(0),
                n,
                "{v}: {kind:?} runs"
            );
        }
        for (kind, row) in expected.cases {
            for (name, n) in ORDER.iter().zip(row) {
                let got = self
                    .cases
                    .get(&kind)
                    .and_then(|c| c.get(name))
                    .copied()
                    .unwrap_or(0);
                assert_eq!(got, n, "{v}: {kind:?} cases expecting {name}");
            }
        }
    }
}

#[test]
fn gfx11_sop1_is_one_fully_checked_encode_run() {
    let Some(dir) = llvm_tests_dir() else { return };
    let rel = Path::new("MC/AMDGPU/gfx11_asm_sop1.s");
    let text = std::fs::read_to_string(dir.join("19.1.7").join(rel))
        .expect("gfx11_asm_sop1.s is readable");
    let file = mcdiff_lit::parse_test_file(rel, &text);
    assert_eq!(file.runs.len(), 1);
    assert!(file.unparsed.is_empty());
    let run = &file.runs[0];
    assert_eq!(run.kind, RunKind::Encode);
    assert_eq!(run.mcpu.as_deref(), Some("gfx1100"));
    assert_eq!(run.triple.as_deref(), Some("amdgcn"));
    assert_eq!(run.check_prefixes, vec!["GFX11"]);
    let cases = file.cases(run);
    assert!(cases.len() > 500, "only {} cases", cases.len());
    for case in &cases {
        assert!(
            matches!(case.expected, CheckExpectation::Encoding(ref b) if !b.is_empty()),
            "{}: {:?}",
            case.text,
            case.expected
        );
        assert_eq!((case.run, case.occurrence), (0, 1), "{}", case.text);
    }
}

/// The test files of LLVM's main branch after 22 (`llvm-tests/preview`: processor triples,
/// `%extract-encodings` round trips, `-filetype=null` error runs, `-show-inst` dumps, a
/// stepping `-mattr`): every RUN line names a processor, and every check line of a RUN
/// line's prefixes is tied to one of that run's cases.
#[test]
fn preview_files_tie_every_check_to_a_case() {
    let Some(dir) = llvm_tests_dir() else { return };
    let root = dir.join("preview");
    if !root.is_dir() {
        eprintln!("skipping: no {}", root.display());
        return;
    }
    let (corpus, _) = load(&dir, "preview");
    assert_every_run_parses("preview", &corpus);
    assert!(!corpus.files.is_empty());
    for f in &corpus.files {
        let mut tied = vec![false; f.checks.len()];
        for run in &f.runs {
            assert!(
                run.processor().is_some(),
                "{}:{}: no processor",
                f.path.display(),
                run.line
            );
            for case in f.cases(run) {
                for i in case.check_indices {
                    tied[i] = true;
                }
            }
        }
        for (i, check) in f.checks.iter().enumerate() {
            let ok = tied[i];
            assert!(
                ok,
                "{}:{}: check not tied to a case: {}",
                f.path.display(),
                check.line,
                check.pattern
            );
        }
    }
}
