//! Tying check lines to the source lines they check, and building cases.
//!
//! Rules, in order:
//! 1. A diagnostic check with a line reference (`[[@LINE-1]]`, a literal line) checks that line.
//! 2. A check written as a trailing comment on a source line checks that line.
//! 3. `-NEXT`/`-SAME`/`-EMPTY` continue the previous check of the same prefix when no
//!    source line lies between them.
//! 4. Otherwise by position: the nearest source line before the check when the file's
//!    placement is `After`, the nearest one after it when `Before`.
//!
//! Most `.s` files use `After`, some `Before`; `.txt` files use both layouts. The placement
//! is detected per file: checks with an encoding vote for the neighbour (previous or next
//! hex line) whose bytes they equal; without such votes, checks vote for the neighbour they
//! touch (the line right before or right after). A single check whose encoding equals only
//! the other neighbour's bytes follows its bytes against the file's placement.
//!
//! Some files change layout part-way, so rule 4 also looks at the single check: one that
//! touches one neighbour and is apart from the other (a blank line between) checks the one
//! it touches. In `.s` files an encoding check only ever checks an instruction: its
//! neighbours are the nearest instructions (directives, symbol assignments and labels are
//! passed over), and with no instruction on the layout's side it checks the one on the
//! other side.

use crate::{
    Case, CheckDirective, CheckExpectation, CheckLine, CheckPlacement, EncByte, FileKind, RunLine,
    SourceLine, TestFile,
};
// Fx hashing: a corpus run ties a million lines, and the keys are the test files' own.
use rustc_hash::FxHashMap;

/// Whether an encoding is exactly these bytes (no fixups).
fn encoding_is(enc: &[EncByte], bytes: &[u8]) -> bool {
    enc.len() == bytes.len() && enc.iter().zip(bytes).all(|(e, b)| *e == EncByte::Byte(*b))
}

/// Source line indices around `line`: the last one before it, the one on it, the first after it.
fn neighbours(lines: &[SourceLine], line: usize) -> (Option<usize>, Option<usize>, Option<usize>) {
    let at = lines.partition_point(|l| l.line < line);
    let on = (at < lines.len() && lines[at].line == line).then_some(at);
    let after = if on.is_some() { at + 1 } else { at };
    (
        at.checked_sub(1),
        on,
        (after < lines.len()).then_some(after),
    )
}

/// Indices of the last instruction line before `line` and the first one after it.
fn instruction_neighbours(lines: &[SourceLine], line: usize) -> (Option<usize>, Option<usize>) {
    let at = lines.partition_point(|l| l.line < line);
    let prev = lines[..at].iter().rposition(SourceLine::is_instruction);
    let next = lines[at..]
        .iter()
        .position(|l| l.line > line && l.is_instruction())
        .map(|i| at + i);
    (prev, next)
}

/// Which neighbour's bytes equal the check's encoding: (previous, next).
fn encoding_matches(lines: &[SourceLine], check: &CheckLine) -> (bool, bool) {
    let Some(enc) = check.encoding.as_deref() else {
        return (false, false);
    };
    let (prev, _, next) = neighbours(lines, check.line);
    let same = |i: Option<usize>| {
        i.and_then(|i| lines[i].bytes.as_deref())
            .is_some_and(|b| encoding_is(enc, b))
    };
    (same(prev), same(next))
}

fn detect_placement(file: &TestFile, blanks: &BlankLines) -> CheckPlacement {
    let (mut after, mut before) = (0usize, 0usize);
    // Relative line references say outright on which side the checked line is.
    for check in &file.checks {
        match check
            .error
            .as_ref()
            .and_then(|e| e.line_ref)
            .and_then(|r| r.relative)
        {
            Some(offset) if offset < 0 => after += 1,
            Some(offset) if offset > 0 => before += 1,
            _ => {}
        }
    }
    let positional = || {
        file.checks
            .iter()
            .filter(|c| c.error.as_ref().is_none_or(|e| e.line_ref.is_none()))
    };
    // Encodings equal to a neighbouring hex line's bytes are the next best evidence.
    let (mut enc_after, mut enc_before) = (0usize, 0usize);
    for check in positional() {
        match encoding_matches(&file.lines, check) {
            (true, false) => enc_after += 1,
            (false, true) => enc_before += 1,
            _ => {}
        }
    }
    if enc_after + enc_before > 0 {
        after += enc_after;
        before += enc_before;
    } else {
        // Otherwise: which neighbour the check sits with, i.e. no blank line between.
        for check in positional() {
            let (prev, on, next) = neighbours(&file.lines, check.line);
            if on.is_some() {
                continue;
            }
            if prev.is_some_and(|i| !blanks.between(file.lines[i].line, check.line)) {
                after += 1;
            }
            if next.is_some_and(|i| !blanks.between(check.line, file.lines[i].line)) {
                before += 1;
            }
        }
    }
    if before > after {
        CheckPlacement::Before
    } else {
        CheckPlacement::After
    }
}

/// Fills `target_line` of every check and the file's `placement`.
pub(crate) fn tie_checks(file: &mut TestFile, blanks: &BlankLines) {
    file.placement = detect_placement(file, blanks);
    let lines = &file.lines;
    let mut last_of_prefix: FxHashMap<&str, (usize, Option<usize>)> = FxHashMap::default();
    let mut targets = Vec::with_capacity(file.checks.len());
    for check in &file.checks {
        let (prev, on_line, next) = neighbours(lines, check.line);
        let continues = matches!(
            check.directive,
            CheckDirective::Next | CheckDirective::Same | CheckDirective::Empty
        );
        let target = if let Some(r) = check.error.as_ref().and_then(|e| e.line_ref) {
            Some(r.line)
        } else if on_line.is_some() {
            on_line.map(|i| lines[i].line)
        } else if let Some(&(_, inherited)) = last_of_prefix
            .get(check.prefix.as_str())
            .filter(|(prev_line, _)| continues && no_source_between(lines, *prev_line, check.line))
        {
            inherited
        } else {
            // Only instructions are printed with an encoding: an encoding check of an
            // assembly file passes over directives, symbol assignments and labels.
            let checks_instruction = file.kind == FileKind::Asm && check.encoding.is_some();
            let (prev, next) = if checks_instruction {
                instruction_neighbours(lines, check.line)
            } else {
                (prev, next)
            };
            // The check follows its bytes against the file's layout only when the line the
            // layout points at is missing or separated from the check by a blank line:
            // checks that touch a line with other bytes are intentional (the tests decode
            // non-canonical bytes to a canonical encoding).
            let detached =
                |i: Option<usize>| i.is_none_or(|i| blanks.between(lines[i].line, check.line));
            let apart = |i: Option<usize>| i.is_some() && detached(i);
            let placement = match (file.placement, encoding_matches(lines, check)) {
                (CheckPlacement::Before, (true, false)) if detached(next) => CheckPlacement::After,
                (CheckPlacement::After, (false, true)) if detached(prev) => CheckPlacement::Before,
                // A check that sits with one neighbour, apart from the other by a blank
                // line, checks that one: files may change layout part-way.
                (_, (false, false)) if !detached(prev) && apart(next) => CheckPlacement::After,
                (_, (false, false)) if apart(prev) && !detached(next) => CheckPlacement::Before,
                (p, _) => p,
            };
            let (chosen, other) = match placement {
                CheckPlacement::After => (prev, next),
                CheckPlacement::Before => (next, prev),
            };
            // An encoding check with no instruction on the layout's side (before the first
            // or after the last one) can only check the instruction on the other side.
            let chosen = if checks_instruction {
                chosen.or(other)
            } else {
                chosen
            };
            chosen.map(|i| lines[i].line)
        };
        last_of_prefix.insert(&check.prefix, (check.line, target));
        targets.push(target);
    }
    spread_stacked_checks(file, &mut targets);
    for (check, target) in file.checks.iter_mut().zip(targets) {
        check.target_line = target;
    }
}

/// Statements written back to back, then as many checks of one prefix back to back
/// (`a` `b` `// P: a` `// P: b`): FileCheck matches them in order, so each check of the
/// stack ties to its own statement, not all to the last one.
fn spread_stacked_checks(file: &TestFile, targets: &mut [Option<usize>]) {
    let checks = &file.checks;
    let stackable = |c: &CheckLine| c.directive == CheckDirective::Plain && c.error.is_none();
    let mut i = 0;
    while i < checks.len() {
        let mut j = i + 1;
        while j < checks.len()
            && stackable(&checks[i])
            && stackable(&checks[j])
            && checks[j].line == checks[j - 1].line + 1
            && checks[j].prefix == checks[i].prefix
            && targets[j] == targets[i]
        {
            j += 1;
        }
        if let (true, Some(target)) = (j - i > 1, targets[i]) {
            let last = file.lines.partition_point(|l| l.line <= target);
            let count = j - i;
            let block = last
                .checked_sub(count)
                .map(|first| &file.lines[first..last]);
            let back_to_back = block.is_some_and(|b| {
                b.iter().all(SourceLine::is_instruction)
                    && b.windows(2).all(|w| w[1].line == w[0].line + 1)
                    && b.last().is_some_and(|l| l.line + 1 == checks[i].line)
            });
            if let (true, Some(block)) = (back_to_back, block) {
                for (t, statement) in targets[i..j].iter_mut().zip(block) {
                    *t = Some(statement.line);
                }
            }
        }
        i = j;
    }
}

/// Counts of blank lines, for constant-time "is there a blank line between" queries.
pub(crate) struct BlankLines {
    /// `upto[n]`: blank lines among lines `1..=n`.
    upto: Vec<usize>,
}

impl BlankLines {
    pub fn new(lines: &[&str]) -> BlankLines {
        let mut upto = Vec::with_capacity(lines.len() + 1);
        upto.push(0);
        for line in lines {
            let last = *upto.last().expect("starts with 0");
            upto.push(last + usize::from(line.trim().is_empty()));
        }
        BlankLines { upto }
    }

    /// Whether a blank line lies strictly between lines `a` and `b` (1-based).
    pub fn between(&self, a: usize, b: usize) -> bool {
        let (lo, hi) = (a.min(b), a.max(b));
        hi > lo + 1 && self.upto[hi - 1] > self.upto[lo]
    }
}

/// Whether no source line lies strictly between two lines.
fn no_source_between(lines: &[SourceLine], from: usize, to: usize) -> bool {
    let start = lines.partition_point(|l| l.line <= from);
    lines.get(start).is_none_or(|l| l.line >= to)
}

pub(crate) fn cases(file: &TestFile, run: &RunLine) -> Vec<Case> {
    let mut by_target: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    // Checks of a later pipeline stage's output say nothing about llvm-mc's own output.
    let own_checks = if run.checks_downstream {
        &[][..]
    } else {
        &file.checks[..]
    };
    for (i, check) in own_checks.iter().enumerate() {
        if check.directive == CheckDirective::Not || !run.check_prefixes.contains(&check.prefix) {
            continue;
        }
        if let Some(t) = check.target_line {
            by_target.entry(t).or_default().push(i);
        }
    }
    let mut seen: FxHashMap<&str, usize> = FxHashMap::default();
    let mut out = Vec::with_capacity(file.lines.len());
    for src in file.lines.iter().filter(|l| l.is_instruction()) {
        let occurrence = seen.entry(src.text.as_str()).or_insert(0);
        *occurrence += 1;
        let check_indices = by_target.remove(&src.line).unwrap_or_default();
        let (expected, expected_asm) = expectation(file, &check_indices);
        out.push(Case {
            occurrence: *occurrence,
            run: run.index,
            line: src.line,
            text: src.text.clone(),
            bytes: src.bytes.clone(),
            expected,
            expected_asm,
            check_indices,
        });
    }
    out
}

/// The disassembler's warning for bytes it cannot decode: its way of rejecting them.
const UNDECODABLE: &str = "invalid instruction encoding";

/// A check of llvm-mc's `-show-inst` dump alone (`<MCInst #{{[0-9]+}} TENSOR_...`,
/// `<MCOperand ...>`): it names LLVM's internal opcode and operands, nothing of the
/// instruction's text or bytes. It is tied to its line but decides no expectation.
fn is_inst_dump(check: &CheckLine) -> bool {
    let p = check.pattern.trim_start_matches([';', ' ', '\t']);
    p.starts_with("<MCInst") || p.starts_with("<MCOperand")
}

/// Encoding checks win over diagnostics (errors over warnings over notes), which win over
/// plain text. `-show-inst` dumps ([`is_inst_dump`]) say nothing about either.
fn expectation(file: &TestFile, indices: &[usize]) -> (CheckExpectation, Option<String>) {
    let checks = || (indices.iter().map(|&i| &file.checks[i])).filter(|c| !is_inst_dump(c));
    if let Some(c) = checks().find(|c| c.encoding.is_some()) {
        let bytes = c.encoding.clone().expect("found with an encoding");
        return (CheckExpectation::Encoding(bytes), c.asm.clone());
    }
    let rank = |kind: &str| match kind {
        "error" => 0,
        "warning" => 1,
        _ => 2,
    };
    let diagnostic = checks()
        .filter_map(|c| c.error.as_ref())
        .min_by_key(|e| rank(&e.kind));
    if let Some(e) = diagnostic {
        let message = e.message.clone();
        let rejection =
            e.kind != "warning" || (file.kind == FileKind::Disasm && message.contains(UNDECODABLE));
        let expected = if rejection {
            CheckExpectation::Error(message)
        } else {
            CheckExpectation::Warning(message)
        };
        return (expected, None);
    }
    match checks().next() {
        Some(c) => (
            CheckExpectation::NoEncoding,
            (!c.pattern.is_empty()).then(|| c.pattern.clone()),
        ),
        None => (CheckExpectation::Unchecked, None),
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse_test_file, CheckExpectation, CheckPlacement, EncByte, TestFile};
    use std::path::Path;

    fn file(name: &str, text: &str) -> TestFile {
        parse_test_file(Path::new(name), text)
    }

    fn target_of(f: &TestFile, check_line: usize) -> Option<usize> {
        f.checks
            .iter()
            .find(|c| c.line == check_line)
            .expect("check exists")
            .target_line
    }

    /// Each `(check line, line it should be tied to)` of `want`, compared as one table.
    fn assert_ties(f: &TestFile, want: &[(usize, Option<usize>)]) {
        let got: Vec<_> = want.iter().map(|&(c, _)| (c, target_of(f, c))).collect();
        assert_eq!(got, want, "(check line, tied line)");
    }

    /// The file's placement, then its ties as [`assert_ties`] compares them.
    fn assert_layout(f: &TestFile, placement: CheckPlacement, ties: &[(usize, Option<usize>)]) {
        assert_eq!(f.placement, placement);
        assert_ties(f, ties);
    }

    /// The expectation of each case of run `run`, in order.
    fn expectations(f: &TestFile, run: usize) -> Vec<CheckExpectation> {
        f.cases(&f.runs[run])
            .into_iter()
            .map(|c| c.expected)
            .collect()
    }

    const ENCODE: &str =
        "// RUN: llvm-mc -triple=t -show-encoding %s | FileCheck --check-prefixes=P,Q %s\n";

    #[test]
    fn asm_checks_follow_their_statement() {
        let text = format!(
            "{ENCODE}\nop_a x\n// P: op_a x ; encoding: [0x01,0x02]\n\nop_b y // P: encoding: [0x03]\nop_c z\n// Q: op_c z ; encoding: [A,0x04]\n// Q-NEXT: ; fixup A - offset: 0\n"
        );
        let f = file("t.s", &text);
        // The check on line 6 trails its statement and ties to its own line.
        assert_layout(
            &f,
            CheckPlacement::After,
            &[(4, Some(3)), (6, Some(6)), (8, Some(7)), (9, Some(7))],
        );
        let cases = f.cases(&f.runs[0]);
        assert_eq!(cases.len(), 3);
        assert_eq!(
            cases[0].expected,
            CheckExpectation::Encoding(vec![EncByte::Byte(1), EncByte::Byte(2)])
        );
        assert_eq!(cases[0].expected_asm.as_deref(), Some("op_a x"));
        assert_eq!(
            cases[2].expected,
            CheckExpectation::Encoding(vec![EncByte::Fixup(b'A'), EncByte::Byte(4)])
        );
        assert_eq!(cases[2].check_indices.len(), 2);
    }

    #[test]
    fn diagnostics_resolve_line_references_and_continuations() {
        let text = "// RUN: not llvm-mc -triple=t %s 2>&1 | FileCheck --check-prefix=E %s\n\
            op_bad 1\n\
            // E: :[[@LINE-1]]:{{[0-9]+}}: error: first problem\n\
            // E-NEXT:{{^}}op_bad 1\n\
            // E-NEXT:{{^}}^\n\
            \n\
            // E: :[[@LINE+2]]:3: error: second problem\n\
            // E-NEXT: context\n\
            op_bad 2\n\
            op_good 3\n\
            op_bad 4\n\
            // E: error: third problem\n";
        let f = file("t.s", text);
        // NEXT continues the previous check (4, 5); a NEXT before the referenced line
        // inherits its target (8).
        assert_ties(
            &f,
            &[
                (3, Some(2)),
                (4, Some(2)),
                (5, Some(2)),
                (7, Some(9)),
                (8, Some(9)),
                (12, Some(11)),
            ],
        );
        let err = f.checks[3].error.as_ref().expect("diagnostic");
        assert_eq!(
            (err.column, err.message.as_str()),
            (Some(3), "second problem")
        );
        assert_eq!(
            expectations(&f, 0),
            vec![
                CheckExpectation::Error("first problem".into()),
                CheckExpectation::Error("second problem".into()),
                CheckExpectation::Unchecked,
                CheckExpectation::Error("third problem".into()),
            ]
        );
    }

    #[test]
    fn stacked_checks_tie_in_order() {
        let f = file(
            "t.s",
            "// RUN: llvm-mc -triple=amdgcn -show-encoding %s | FileCheck %s\n\
             s_nop 0\n\
             s_nop 1\n\
             // CHECK: s_nop 0\n\
             // CHECK: s_nop 1\n",
        );
        assert_ties(&f, &[(4, Some(2)), (5, Some(3))]);
    }

    #[test]
    fn asm_checks_written_before_their_statement() {
        let text =
            "// RUN: not llvm-mc -triple=t -show-encoding %s | FileCheck --check-prefix=A %s\n\
            // RUN: not llvm-mc -triple=t %s 2>&1 | FileCheck --check-prefix=B %s\n\
            \n\
            // A: op_x ; encoding: [0x10]\n\
            // B: :[[@LINE+1]]:{{[0-9]+}}: error: nope\n\
            op_x\n\
            \n\
            // A: op_y ; encoding: [0x11]\n\
            op_y\n";
        let f = file("t.s", text);
        assert_layout(&f, CheckPlacement::Before, &[(4, Some(6)), (8, Some(9))]);
        let a = f.cases(&f.runs[0]);
        assert!(a
            .iter()
            .all(|c| matches!(c.expected, CheckExpectation::Encoding(_))));
        let b = f.cases(&f.runs[1]);
        assert_eq!(b[0].expected, CheckExpectation::Error("nope".into()));
        assert_eq!(b[1].expected, CheckExpectation::Unchecked);
    }

    #[test]
    fn asm_layout_may_change_part_way() {
        // Checks above their statement first (one past a symbol assignment), then below
        // it for the rest of the file, which makes `After` the file's placement.
        let text = "// RUN: llvm-mc -triple=t -show-encoding %s | FileCheck --check-prefix=P %s\n\
            // RUN: not llvm-mc -triple=t %s 2>&1 | FileCheck --check-prefix=E %s\n\
            \n\
            // P: op_a 1 ; encoding: [0x01]\n\
            op_a 1\n\
            \n\
            // P: op_b 2 ; encoding: [0x02]\n\
            op_b 2\n\
            \n\
            lim=3\n\
            // P: op_c 3 ; encoding: [0x03]\n\
            op_c lim\n\
            \n\
            op_d 4\n\
            // P: op_d 4 ; encoding: [0x04]\n\
            \n\
            op_e 5\n\
            // P: op_e 5 ; encoding: [0x05]\n\
            \n\
            op_f 6\n\
            // P: op_f 6 ; encoding: [0x06]\n\
            \n\
            op_g 7\n\
            // E: :[[@LINE-1]]:1: error: bad\n";
        let f = file("t.s", text);
        assert_layout(
            &f,
            CheckPlacement::After,
            &[
                (4, Some(5)),
                (7, Some(8)),
                (11, Some(12)),
                (15, Some(14)),
                (18, Some(17)),
                (21, Some(20)),
            ],
        );
        let cases = f.cases(&f.runs[0]);
        let bytes: Vec<_> = cases
            .iter()
            .map(|c| match &c.expected {
                CheckExpectation::Encoding(e) => Some(e[0]),
                _ => None,
            })
            .collect();
        let want: Vec<_> = (1..=6)
            .map(|b| Some(EncByte::Byte(b)))
            .chain([None])
            .collect();
        assert_eq!(bytes, want);
    }

    #[test]
    fn text_checks_before_the_first_statement_stay_untied() {
        // Output printed before any statement's (a header) is not a statement's check.
        let text = "// RUN: llvm-mc -triple=t %s | FileCheck --check-prefix=P %s\n\
            \n\
            // P: .header\n\
            op_a 1\n\
            // P: op_a 1\n\
            \n\
            op_b 2\n\
            // P: op_b 2\n";
        let f = file("t.s", text);
        assert_ties(&f, &[(3, None), (5, Some(4))]);
        let cases = f.cases(&f.runs[0]);
        assert_eq!(cases[0].expected_asm.as_deref(), Some("op_a 1"));
    }

    #[test]
    fn checks_of_a_later_pipeline_stage_are_not_the_encoders() {
        let text = "// RUN: llvm-mc -triple=t -show-encoding %s | FileCheck --check-prefix=P %s\n\
            // RUN: llvm-mc -triple=t -show-encoding %s | %extract-encodings | llvm-mc -triple=t -show-encoding | FileCheck --check-prefix=P %s\n\
            op_a 1\n\
            // P: op_a 1 ; encoding: [0x01]\n";
        let f = file("t.s", text);
        let own = f.cases(&f.runs[0]);
        assert_eq!(
            own[0].expected,
            CheckExpectation::Encoding(vec![EncByte::Byte(1)])
        );
        let piped = f.cases(&f.runs[1]);
        assert_eq!(piped.len(), 1);
        assert_eq!(piped[0].expected, CheckExpectation::Unchecked);
        assert!(piped[0].check_indices.is_empty() && piped[0].expected_asm.is_none());
        assert_eq!(target_of(&f, 4), Some(3), "the check itself is still tied");
    }

    #[test]
    fn warnings_are_not_rejections() {
        let text = "// RUN: not llvm-mc -triple=t %s -filetype=null 2>&1 | FileCheck --check-prefix=E %s\n\
            op_a 1.5\n\
            // E: :[[@LINE-1]]:1: warning: value rounded\n\
            op_b 2.5\n\
            // E: :[[@LINE-1]]:1: warning: value rounded\n\
            // E: :[[@LINE-2]]:4: error: no such operand\n\
            op_c 3.5 // E: :[[@LINE]]:1: note: only a note\n";
        let f = file("t.s", text);
        assert_eq!(
            expectations(&f, 0),
            vec![
                CheckExpectation::Warning("value rounded".into()),
                CheckExpectation::Error("no such operand".into()),
                CheckExpectation::Error("only a note".into()),
            ]
        );
    }

    /// `t.txt` with one disassembler RUN line (prefix `D`) above `body`.
    fn disasm_file(body: &str) -> TestFile {
        let run = "# RUN: llvm-mc -triple=t -disassemble -show-encoding < %s | FileCheck -check-prefix=D %s\n";
        file("t.txt", &format!("{run}{body}"))
    }

    #[test]
    fn disassembler_rejects_with_a_warning() {
        let f = disasm_file("\n0x01\n# D: :[[@LINE-1]]:1: warning: invalid instruction encoding\n\n0x02\n# D: :[[@LINE-1]]:1: warning: potentially undefined instruction encoding\n");
        assert_eq!(
            expectations(&f, 0),
            vec![
                CheckExpectation::Error("invalid instruction encoding".into()),
                CheckExpectation::Warning("potentially undefined instruction encoding".into()),
            ]
        );
    }

    #[test]
    fn disasm_checks_before_the_bytes() {
        let f = disasm_file("\n# D: op_a ; encoding: [0x01,0x02]\n0x01,0x02\n\n# D: op_b ; encoding: [0x03,0x04]\n0x03,0x04\n\n# D: op_b ; encoding: [0x03,0x04]\n0x03,0x05\n");
        // The check on line 9 names other bytes than line 10's; it keeps the file's layout.
        assert_layout(
            &f,
            CheckPlacement::Before,
            &[(3, Some(4)), (6, Some(7)), (9, Some(10))],
        );
        let cases = f.cases(&f.runs[0]);
        assert_eq!(cases[2].bytes, Some(vec![3, 5]));
        assert_eq!(
            (cases[2].text.as_str(), cases[2].occurrence),
            ("0x03,0x05", 1)
        );
    }

    #[test]
    fn disasm_checks_after_the_bytes_with_a_stray_before() {
        let f = disasm_file("\n0x01,0x02\n# D: op_a ; encoding: [0x01,0x02]\n\n0x03,0x04\n# D: op_b ; encoding: [0x03,0x04]\n\n# D: op_c ; encoding: [0x05]\n0x05\n\n0x06\n");
        // The check on line 9 has the encoding of the next bytes, the previous ones detached.
        assert_layout(
            &f,
            CheckPlacement::After,
            &[(4, Some(3)), (7, Some(6)), (9, Some(10))],
        );
        let cases = f.cases(&f.runs[0]);
        assert_eq!(cases[3].expected, CheckExpectation::Unchecked);
    }

    #[test]
    fn disasm_layout_without_encodings_uses_adjacency() {
        let f = disasm_file("\n# D: op_a\n# D-NEXT: more\n0x01\n\n# D: op_b\n0x02\n");
        assert_layout(&f, CheckPlacement::Before, &[(3, Some(5)), (4, Some(5))]);
        let cases = f.cases(&f.runs[0]);
        assert_eq!(cases[0].expected, CheckExpectation::NoEncoding);
        assert_eq!(cases[0].expected_asm.as_deref(), Some("op_a"));
    }

    #[test]
    fn round_trips_tie_their_checks_and_inst_dumps_decide_nothing() {
        let text = "// RUN: llvm-mc -triple=amdgpu12.50 -show-encoding %s | %extract-encodings | llvm-mc -triple=amdgpu12.50 -disassemble -show-encoding | FileCheck --check-prefix=DIS %s\n\
            // RUN: llvm-mc -triple=amdgpu12.50 -show-encoding %s | %extract-encodings | llvm-mc -triple=amdgpu12.50 -disassemble -show-inst | FileCheck --check-prefix=MCINST %s\n\
            \n\
            op_a s0\n\
            // DIS: op_a s0 ; encoding: [0x01,0x02]\n\
            // MCINST: <MCInst #{{[0-9]+}} OP_A_gfx1250\n";
        let f = file("t.s", text);
        let dis = f.cases(&f.runs[0]);
        assert_eq!(dis.len(), 1);
        assert_eq!(
            dis[0].expected,
            CheckExpectation::Encoding(vec![EncByte::Byte(1), EncByte::Byte(2)])
        );
        assert_eq!(dis[0].expected_asm.as_deref(), Some("op_a s0"));
        let inst = f.cases(&f.runs[1]);
        assert_eq!(
            inst[0].check_indices,
            vec![1],
            "the dump is tied to its line"
        );
        assert_eq!(inst[0].expected, CheckExpectation::Unchecked);
    }

    #[test]
    fn cases_use_only_the_runs_prefixes() {
        let text =
            "// RUN: llvm-mc -triple=t -show-encoding %s | FileCheck --check-prefix=ONE %s\n\
            // RUN: llvm-mc -triple=t -show-encoding %s | FileCheck --check-prefixes=TWO %s\n\
            op_a\n\
            // ONE: encoding: [0x01]\n\
            // TWO: op_a\n\
            // TWO-NOT: op_z\n\
            op_a\n\
            // TWO: op_a ; encoding: [0x02]\n\
            // TWO: op_a\n\
            .directive 1\n\
            lbl:\n";
        let f = file("dir/t.s", text);
        let one = f.cases(&f.runs[0]);
        let two = f.cases(&f.runs[1]);
        assert_eq!(one.len(), 2, "directives and labels are not cases");
        assert_eq!(
            one[0].expected,
            CheckExpectation::Encoding(vec![EncByte::Byte(1)])
        );
        assert_eq!(one[1].expected, CheckExpectation::Unchecked);
        assert_eq!(two[0].expected, CheckExpectation::NoEncoding);
        assert_eq!(
            two[0].check_indices.len(),
            1,
            "NOT checks are not tied into cases"
        );
        assert_eq!(
            two[1].expected,
            CheckExpectation::Encoding(vec![EncByte::Byte(2)]),
            "encoding wins over text"
        );
        assert_eq!((two[0].text.as_str(), two[0].occurrence), ("op_a", 1));
        assert_eq!((two[1].text.as_str(), two[1].occurrence), ("op_a", 2));
    }
}
