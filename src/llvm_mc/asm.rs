//! Assembler runs: instruction lines labelled so llvm-mc's encodings and errors map back to
//! the lines that produced them.

use super::{stdin_diagnostics, LlvmAnswer, LlvmRun};

pub(super) const MARKER: &str = ".Lmcdiff_";

/// Whether llvm-mc's output answers a marked input (see [`mark_lines`]): llvm-mc echoes each
/// line's label, in its output or in an error's source line. Output that does not is no
/// answer to the input, whatever it says.
pub fn answers_marked_input(stdout: &str, stderr: &str) -> bool {
    stdout.contains(MARKER) || stderr.contains(MARKER)
}

/// The label that marks instruction line `line` in llvm-mc's input (`.Lmcdiff_12: `).
struct Label(usize);

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{MARKER}{}: ", self.0)
    }
}

/// Prefixes each instruction line with its marker label, keeping line numbers.
pub fn mark_lines(source: &str, instruction_lines: &[usize]) -> String {
    use std::fmt::Write;
    // By line number: a test file has a few thousand lines, looked up once each.
    let last = instruction_lines.iter().copied().max().unwrap_or(0);
    let mut wanted = vec![false; last + 1];
    for &n in instruction_lines {
        wanted[n] = true;
    }
    let mut out = String::with_capacity(source.len() + instruction_lines.len() * 16);
    for (i, line) in source.lines().enumerate() {
        let n = i + 1;
        if wanted.get(n).copied().unwrap_or(false) {
            let _ = write!(out, "{}", Label(n));
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// llvm-mc's answers for input marked by [`mark_lines`], keyed by source line.
pub fn parse_output(stdout: &str, stderr: &str) -> LlvmRun {
    let mut run = LlvmRun::default();
    let mut current: Option<usize> = None;
    for line in stdout.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(MARKER) {
            current = rest.trim_end_matches(':').parse().ok();
            // A statement llvm-mc read: accepted with no bytes unless bytes or an error follow.
            if let Some(n) = current {
                run.answers.entry(n).or_insert(LlvmAnswer::Encoded {
                    bytes: Vec::new(),
                    text: String::new(),
                    comments: String::new(),
                    warning: None,
                });
            }
            continue;
        }
        let Some(n) = current else { continue };
        if let Some((new_bytes, new_text)) = mcdiff_lit::parse_encoding(t) {
            let entry = run.answers.entry(n).or_insert(LlvmAnswer::Encoded {
                bytes: Vec::new(),
                text: String::new(),
                comments: String::new(),
                warning: None,
            });
            if let LlvmAnswer::Encoded { bytes, text, .. } = entry {
                bytes.extend(new_bytes);
                if !text.is_empty() {
                    text.push_str(" ; ");
                }
                text.push_str(new_text.as_deref().unwrap_or_default().trim());
            }
        } else if let (Some(comment), Some(LlvmAnswer::Encoded { comments, .. })) =
            (t.strip_prefix(';'), run.answers.get_mut(&n))
        {
            comments.push_str(" ;");
            comments.push_str(comment);
        }
    }
    for (n, c, msg) in stdin_diagnostics(stderr) {
        let Some(message) = msg.strip_prefix("error:") else {
            if let (Some(w), Some(LlvmAnswer::Encoded { warning, .. })) =
                (msg.strip_prefix("warning:"), run.answers.get_mut(&n))
            {
                warning.get_or_insert_with(|| w.trim().to_string());
            }
            continue;
        };
        let label_width = Label(n).to_string().len() as u32;
        let column = c
            .parse::<u32>()
            .ok()
            .map(|c| c.saturating_sub(label_width).max(1));
        // An error wins over any partial output of the same line, and the first error is kept.
        match run.answers.get(&n) {
            Some(LlvmAnswer::Error { .. }) => {}
            _ => {
                run.answers.insert(
                    n,
                    LlvmAnswer::Error {
                        column,
                        message: message.trim().to_string(),
                    },
                );
            }
        }
    }
    run
}
