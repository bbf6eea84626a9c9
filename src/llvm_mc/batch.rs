//! Batches: the inputs of several test files that share llvm-mc's flags (the same binary, the
//! same arguments) answered by one llvm-mc process, then split back into the answer each
//! input gets alone.
//!
//! An input may share a process only when nothing in it can carry state from one line to the
//! next, so that nothing another input does before it can change its answer. That is decided
//! by reading the input llvm-mc would read (after any input filter, before our labels).
//!
//! An assembler input is batched only when, outside its comments (`;`, `//`, and lines whose
//! first non-blank character is `#`):
//!
//! - no statement is a directive and no operand names a dot-symbol: no `.` that follows
//!   neither a letter, digit nor `_` and is not the start of a number (`.text`, `.set`,
//!   `.kernel.sgpr_count`, `.amdgcn.next_free_vgpr`, which the assembler updates as it reads);
//! - no `.L` appears at all (our labels cannot be forged);
//! - no statement starts with a label (`name:`);
//! - no `=` (an assignment defines a symbol);
//! - no `/*` (a block comment can run over lines), no `\`, no `'`, and every `"` string
//!   closes on its own line;
//! - no line is a `# <number>` line marker (it renumbers the lines that follow);
//! - it has at least one instruction line (an input without one gives no output, a fault).
//!
//! Symbols only referred to (`s_branch target`) stay: no batched input defines one, so a
//! reference means the same in a batch as alone.
//!
//! A disassembler input is batched only when its flags do not read bytes as bare hex
//! (`--hex`), it ends with a newline, and its `[`...`]` groups (outside `#` comments, the
//! disassembler's only comments) neither nest nor stay open at its end. The disassembler
//! reads all byte lines as one stream until a `[` or `]`: every input is put after a
//! separator group, which ends the stream before it, so it starts as in a process of its own
//! and its last bytes are decoded as at the end of its own input. llvm-mc 19 and 22 decode an
//! instruction without reference to the ones before it.
//!
//! Splitting: each input is preceded by a separator line and the last one followed by one.
//! An assembler input's labels (`.Lmcdiff_<line>: `) get the input's number instead
//! (`.Lm00003_<line>: `, as wide, so every column and tab stop llvm-mc reports is the same),
//! and its separator is a label of its own (`.Lm00003_0:`), echoed in the output; a
//! disassembler input's separator is one instruction (`s_nop 0x1357`) whose printed line
//! appears once per separator. The output lines before the first separator and after the
//! last are llvm-mc's own and belong to every input. Diagnostics (`<stdin>:LINE:COL: ...`,
//! with the source line and the caret line under them) go to the input that holds LINE,
//! renumbered to its own line. Whatever does not fit makes the batch unsplittable: a
//! separator missing or repeated, a diagnostic on a separator, a label of another input in an
//! input's part, or an error output line no diagnostic explains (a warning without a place,
//! `<unknown>:0: warning: ...`, which llvm-mc prints when it encodes an instruction). An
//! unsplittable batch is run again as two halves, down to single inputs; a batch's fault
//! (a crash, a timeout, no output...) runs its inputs one by one at once.

use super::asm::MARKER;

/// What a batch's inputs are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Assemble,
    Disassemble,
}

/// Whether llvm-mc's flags let inputs share a process: not bytes read as bare hex digits,
/// which the disassembler separator is not written in.
pub fn args_allow_batch(args: &[String]) -> bool {
    !args.iter().any(|a| a.trim_start_matches('-') == "hex")
}

/// Whether an assembler input can share a process (see the module documentation).
pub fn asm_batchable(source: &str) -> bool {
    source.lines().all(asm_line_batchable)
}

fn asm_line_batchable(line: &str) -> bool {
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix('#') {
        // `# 12 "file"` renumbers the lines after it; any other `#` line is a comment.
        return !rest.trim_start().starts_with(|c: char| c.is_ascii_digit());
    }
    let code = line.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    // A label: the statement's first word followed by `:`.
    let word_end = trimmed
        .find(|c: char| !(c.is_ascii_alphanumeric() || "_$.@".contains(c)))
        .unwrap_or(trimmed.len());
    if word_end > 0 && trimmed[word_end..].trim_start().starts_with(':') {
        return false;
    }
    let mut i = 0;
    while i < code.len() {
        match code[i] {
            b';' => return true,
            b'/' if code.get(i + 1) == Some(&b'/') => return true,
            b'/' if code.get(i + 1) == Some(&b'*') => return false,
            b'=' | b'\\' | b'\'' => return false,
            b'"' => {
                // A string closes on its own line; `\"` does not close it.
                let mut j = i + 1;
                loop {
                    match code.get(j) {
                        None => return false,
                        Some(b'\\') => j += 2,
                        Some(b'"') => break,
                        Some(_) => j += 1,
                    }
                }
                i = j + 1;
                continue;
            }
            b'.' => {
                if code.get(i + 1) == Some(&b'L') {
                    return false;
                }
                let after_word = i > 0 && ident(code[i - 1]);
                let number = code.get(i + 1).is_some_and(u8::is_ascii_digit);
                if !after_word && !number {
                    return false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    true
}

/// Whether a disassembler input can share a process (see the module documentation).
pub fn disasm_batchable(source: &str) -> bool {
    if !source.ends_with('\n') {
        return false;
    }
    let mut open = false;
    for line in source.lines() {
        let code = line.split('#').next().unwrap_or_default();
        for c in code.chars() {
            match (c, open) {
                ('[', false) => open = true,
                (']', true) => open = false,
                ('[', true) | (']', false) => return false,
                _ => {}
            }
        }
    }
    !open
}

/// The bytes of the disassembler separator: `s_nop 0x1357` on every GCN generation llvm-mc
/// disassembles (SOPP opcode 0), a wait no test is likely to hold.
const SEPARATOR_BYTES: [u8; 4] = [0x57, 0x13, 0x80, 0xbf];

/// One llvm-mc input made of several, and where each one's lines are.
#[derive(Debug)]
pub(super) struct Batch {
    pub input: String,
    kind: Kind,
    /// Per input: the lines of the batch before its first line, and its line count.
    spans: Vec<(usize, usize)>,
}

/// The label prefix of input `k` in a batch, as wide as [`MARKER`].
fn batch_marker(k: usize) -> String {
    format!(".Lm{k:05}_")
}

/// The most inputs a batch holds (the width of [`batch_marker`]'s number).
pub(super) const MAX_INPUTS: usize = 99_999;

impl Batch {
    /// Assembler inputs, each already marked by [`super::mark_lines`].
    pub fn assemble(marked: &[&str]) -> Batch {
        assert!(marked.len() <= MAX_INPUTS);
        let mut input = String::with_capacity(marked.iter().map(|m| m.len() + 12).sum());
        let mut spans = Vec::with_capacity(marked.len());
        let mut at = 0;
        for (k, text) in marked.iter().enumerate() {
            let label = batch_marker(k);
            input.push_str(&label);
            input.push_str("0:\n");
            at += 1;
            let mut n = 0;
            for line in text.split_inclusive('\n') {
                match line.strip_prefix(MARKER) {
                    Some(rest) => {
                        input.push_str(&label);
                        input.push_str(rest);
                    }
                    None => input.push_str(line),
                }
                n += 1;
            }
            if !text.ends_with('\n') && !text.is_empty() {
                input.push('\n');
            }
            spans.push((at, n));
            at += n;
        }
        input.push_str(&batch_marker(marked.len()));
        input.push_str("0:\n");
        Batch {
            input,
            kind: Kind::Assemble,
            spans,
        }
    }

    /// Disassembler inputs, each ending with a newline.
    pub fn disassemble(sources: &[&str]) -> Batch {
        let separator = separator_line();
        let mut input = String::with_capacity(sources.iter().map(|s| s.len() + 24).sum());
        let mut spans = Vec::with_capacity(sources.len());
        let mut at = 0;
        for text in sources {
            input.push_str(&separator);
            at += 1;
            let n = text.matches('\n').count();
            input.push_str(text);
            spans.push((at, n));
            at += n;
        }
        input.push_str(&separator);
        Batch {
            input,
            kind: Kind::Disassemble,
            spans,
        }
    }

    /// The input and its own line of batch line `line` (1-based); none on a separator.
    fn locate(&self, line: usize) -> Option<(usize, usize)> {
        let k = self.spans.partition_point(|&(before, _)| before < line);
        let (before, n) = *self.spans.get(k.checked_sub(1)?)?;
        let own = line - before;
        (own >= 1 && own <= n).then_some((k - 1, own))
    }

    /// Each input's answer, as llvm-mc gives it for that input alone; `None` when the
    /// output cannot be split with certainty.
    pub fn split(&self, stdout: &str, stderr: &str) -> Option<Vec<(String, String)>> {
        let outs = match self.kind {
            Kind::Assemble => self.split_asm_stdout(stdout)?,
            Kind::Disassemble => self.split_disasm_stdout(stdout)?,
        };
        let errs = self.split_stderr(stderr)?;
        Some(outs.into_iter().zip(errs).collect())
    }

    fn split_asm_stdout(&self, stdout: &str) -> Option<Vec<String>> {
        let lines: Vec<&str> = stdout.split_inclusive('\n').collect();
        let mut separators = Vec::with_capacity(self.spans.len() + 1);
        for (i, line) in lines.iter().enumerate() {
            if let Some(rest) = line.strip_prefix(".Lm") {
                let rest = rest.trim_end_matches('\n');
                if let Some(k) = rest.strip_suffix("_0:").and_then(input_number) {
                    if k != separators.len() {
                        return None;
                    }
                    separators.push(i);
                }
            }
        }
        self.parts(&lines, &separators, true)
    }

    fn split_disasm_stdout(&self, stdout: &str) -> Option<Vec<String>> {
        let lines: Vec<&str> = stdout.split_inclusive('\n').collect();
        // The first instruction printed is the first separator's.
        let first = lines
            .iter()
            .position(|l| mcdiff_lit::parse_encoding(l.trim_end()).is_some())?;
        let (bytes, _) = mcdiff_lit::parse_encoding(lines[first].trim_end())?;
        let separator_bytes: Vec<_> = SEPARATOR_BYTES
            .iter()
            .map(|&b| crate::bytes::EncByte::Byte(b))
            .collect();
        if bytes != separator_bytes {
            return None;
        }
        let separators: Vec<usize> = (lines.iter().enumerate())
            .filter(|(_, l)| **l == lines[first])
            .map(|(i, _)| i)
            .collect();
        self.parts(&lines, &separators, false)
    }

    /// Each input's part of the output between `separators` (line indices, one more than
    /// there are inputs), with the lines before the first and after the last around it.
    fn parts(&self, lines: &[&str], separators: &[usize], relabel: bool) -> Option<Vec<String>> {
        if separators.len() != self.spans.len() + 1 {
            return None;
        }
        let (first, last) = (separators[0], separators[separators.len() - 1]);
        let own = |part: &[&str], k: Option<usize>| -> Option<String> {
            let text = part.concat();
            if relabel {
                relabelled(&text, k)
            } else {
                Some(text)
            }
        };
        let before = own(&lines[..first], None)?;
        let after = own(&lines[last + 1..], None)?;
        let mut parts = Vec::with_capacity(self.spans.len());
        for (k, pair) in separators.windows(2).enumerate() {
            let middle = own(&lines[pair[0] + 1..pair[1]], Some(k))?;
            parts.push(format!("{before}{middle}{after}"));
        }
        Some(parts)
    }

    /// Each input's diagnostics, renumbered to its own lines. A diagnostic may be followed by
    /// the source line it names (as llvm-mc prints it, tabs expanded) and then a caret line;
    /// any other line (a warning without a place, `<unknown>:0: ...`, printed when an
    /// instruction is encoded, or anything before the first diagnostic) cannot be given to an
    /// input with certainty: `None`.
    fn split_stderr(&self, stderr: &str) -> Option<Vec<String>> {
        let own = |text: &str, k: usize| -> Option<String> {
            match self.kind {
                Kind::Assemble => relabelled(text, Some(k)),
                Kind::Disassemble => Some(text.to_string()),
            }
        };
        let input: Vec<&str> = self.input.split('\n').collect();
        let mut parts = vec![String::new(); self.spans.len()];
        // The last diagnostic's input and batch line, and how many lines followed it.
        let mut current: Option<(usize, usize, u8)> = None;
        for line in stderr.split_inclusive('\n') {
            if let Some((batch_line, rest)) = diagnostic_line(line) {
                let (k, line) = self.locate(batch_line)?;
                parts[k].push_str(&own(&format!("<stdin>:{line}:{rest}"), k)?);
                current = Some((k, batch_line, 0));
                continue;
            }
            let (k, batch_line, seen) = current.as_mut()?;
            let text = line.strip_suffix('\n').unwrap_or(line);
            let fits = match seen {
                0 => text == source_echo(input.get(*batch_line - 1)?),
                1 => is_caret_line(text),
                _ => false,
            };
            if !fits {
                return None;
            }
            *seen += 1;
            parts[*k].push_str(&own(line, *k)?);
        }
        Some(parts)
    }
}

/// A source line as llvm-mc's diagnostics print it: up to its end of line, tabs expanded to
/// the next multiple of 8 columns (counted in bytes).
fn source_echo(line: &str) -> String {
    let line = line.split('\r').next().unwrap_or_default();
    let mut out = String::with_capacity(line.len());
    let mut column = 0;
    for c in line.chars() {
        if c == '\t' {
            loop {
                out.push(' ');
                column += 1;
                if column % 8 == 0 {
                    break;
                }
            }
        } else {
            out.push(c);
            column += c.len_utf8();
        }
    }
    out
}

/// A diagnostic's caret line: spaces, then `^` and `~` marks.
fn is_caret_line(text: &str) -> bool {
    text.contains(['^', '~']) && text.chars().all(|c| matches!(c, ' ' | '^' | '~'))
}

/// The disassembler separator as an input line.
fn separator_line() -> String {
    let bytes: Vec<String> = SEPARATOR_BYTES
        .iter()
        .map(|b| format!("0x{b:02x}"))
        .collect();
    format!("[{}]\n", bytes.join(","))
}

/// The input number of a batch label's five digits.
fn input_number(digits: &str) -> Option<usize> {
    (digits.len() == 5 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// `text` with input `k`'s batch labels back as [`MARKER`]; `None` when it holds a label of
/// another input (or any, for `k` none).
fn relabelled(text: &str, k: Option<usize>) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(".Lm") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 3..];
        let label = tail
            .get(..6)
            .filter(|t| t.ends_with('_'))
            .and_then(|t| input_number(&t[..5]));
        match label {
            Some(n) if Some(n) == k => {
                out.push_str(MARKER);
                rest = &tail[6..];
            }
            Some(_) => return None,
            None => {
                out.push_str(".Lm");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    Some(out)
}

/// A diagnostic's batch line and what follows its `<stdin>:LINE:`, read as
/// [`super::stdin_diagnostics`] reads one.
fn diagnostic_line(line: &str) -> Option<(usize, &str)> {
    let rest = line.strip_prefix("<stdin>:")?;
    let (number, after) = rest.split_once(':')?;
    let n = number.parse::<usize>().ok()?;
    // A column and a message must follow, as `stdin_diagnostics` asks.
    after.split_once(':')?;
    Some((n, after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assembler_rule() {
        for ok in [
            "s_nop 0\n",
            "v_mov_b32 v1.l, 1.0 ; x = .text\n",
            "// a: b = c\n# RUN: llvm-mc -triple=amdgcn %s\n",
            "ds_swizzle_b32 v8, v2 offset:swizzle(BITMASK_PERM, \"01pip\")\n",
            "buffer_load_dword v1, off, s[4:7], s1 offset:4 glc\n",
            "v_add_f32 v0, -.5, v1\n",
            "s_branch target\n",
        ] {
            assert!(asm_batchable(ok), "{ok:?}");
        }
        for bad in [
            ".text\n",
            "  .set x, 1\n",
            "label:\n",
            "label : s_nop 0\n",
            "x=1\n",
            "s_mov_b32 s0, .kernel.sgpr_count\n",
            "s_nop 0 /* c\n",
            "s_nop \"open\n",
            "# 5 \"x.s\"\n",
            "  #7\n",
            "s_nop .Lmcdiff_3\n",
            "s_mov_b32 s0, .\n",
            "s_nop 'a'\n",
        ] {
            assert!(!asm_batchable(bad), "{bad:?}");
        }
    }

    #[test]
    fn disassembler_rule() {
        assert!(disasm_batchable("# c [\n0x01,0x02\n[0x03,0x04]\n"));
        assert!(!disasm_batchable("0x01"), "no newline at the end");
        assert!(!disasm_batchable("[0x01\n"), "open at the end");
        assert!(!disasm_batchable("[[0x01]]\n"));
        assert!(!disasm_batchable("0x01]\n"));
        assert!(args_allow_batch(&["-disassemble".into()]));
        assert!(!args_allow_batch(&["--hex".into()]));
    }

    #[test]
    fn assembler_batches_split_back() {
        let a = ".Lmcdiff_1: s_nop 0\n// c\n.Lmcdiff_3: s_bad\n";
        let b = "// c\n.Lmcdiff_2: s_nop 1\n";
        let batch = Batch::assemble(&[a, b]);
        assert_eq!(
            batch.input,
            ".Lm00000_0:\n.Lm00000_1: s_nop 0\n// c\n.Lm00000_3: s_bad\n\
             .Lm00001_0:\n// c\n.Lm00001_2: s_nop 1\n.Lm00002_0:\n"
        );
        let stdout = "\t.text\n.Lm00000_0:\n.Lm00000_1:\n\ts_nop 0 ; x\n.Lm00000_3:\n\
                      .Lm00001_0:\n.Lm00001_2:\n\ts_nop 1 ; y\n.Lm00002_0:\n";
        let stderr =
            "<stdin>:4:13: error: invalid instruction\n.Lm00000_3: s_bad\n             ^\n";
        let parts = batch.split(stdout, stderr).unwrap();
        assert_eq!(
            parts[0],
            (
                "\t.text\n.Lmcdiff_1:\n\ts_nop 0 ; x\n.Lmcdiff_3:\n".to_string(),
                "<stdin>:3:13: error: invalid instruction\n.Lmcdiff_3: s_bad\n             ^\n"
                    .to_string()
            )
        );
        assert_eq!(
            parts[1],
            (
                "\t.text\n.Lmcdiff_2:\n\ts_nop 1 ; y\n".to_string(),
                String::new()
            )
        );
        // A label of another input in an input's part, a missing separator, a diagnostic on
        // a separator: not split.
        let foreign = stdout.replace(".Lm00001_2:\n", ".Lm00000_9:\n");
        assert!(batch.split(&foreign, "").is_none());
        assert!(batch
            .split(&stdout.replace(".Lm00001_0:\n", ""), "")
            .is_none());
        assert!(batch.split(stdout, "<stdin>:5:1: error: x\n").is_none());
        assert!(batch.split(stdout, "<stdin>:9:1: error: x\n").is_none());
        // A line no diagnostic explains: before the first, or after one's source and caret.
        assert!(batch.split(stdout, "warned\n").is_none());
        let unplaced = format!("{stderr}<unknown>:0: warning: w\n");
        assert!(batch.split(stdout, &unplaced).is_none());
        let not_the_source = "<stdin>:4:13: error: invalid instruction\ns_bad\n";
        assert!(batch.split(stdout, not_the_source).is_none());
    }

    #[test]
    fn disassembler_batches_split_back() {
        let a = "# c\n0x01,0x02\n";
        let b = "[0x03,0x04]\n";
        let batch = Batch::disassemble(&[a, b]);
        let sep = "[0x57,0x13,0x80,0xbf]\n";
        assert_eq!(batch.input, format!("{sep}{a}{sep}{b}{sep}"));
        let nop = "\ts_nop 0x1357 ; encoding: [0x57,0x13,0x80,0xbf]\n";
        let stdout = format!("\t.text\n{nop}\ta ; encoding: [0x01,0x02]\n{nop}{nop}");
        let stderr = "<stdin>:5:2: warning: invalid instruction encoding\n[0x03,0x04]\n ^\n";
        assert_eq!(source_echo("\ta\tbc"), "        a       bc");
        let parts = batch.split(&stdout, stderr).unwrap();
        assert_eq!(parts[0].0, "\t.text\n\ta ; encoding: [0x01,0x02]\n");
        assert_eq!(parts[0].1, "");
        assert_eq!(parts[1].0, "\t.text\n");
        assert_eq!(
            parts[1].1,
            "<stdin>:1:2: warning: invalid instruction encoding\n[0x03,0x04]\n ^\n"
        );
        // An input printing the separator's line too: not split.
        let twice = format!("\t.text\n{nop}{nop}{nop}{nop}");
        assert!(batch.split(&twice, "").is_none());
    }
}
