//! `mcdiff disasm`: byte lines in, LLVM text out, like `llvm-mc --disassemble -show-encoding`,
//! with our spec-driven decoder.
//!
//! Input is read the way LLVM's disassembler tests (`.txt`) are: `0x01,0x02,0x80,0xbe` or
//! `[0x01 0x02 0x80 0xbe]`, comments after `#`, `//` or `;`, blank lines. Each byte line is
//! decoded on its own, as the differential run does: after bytes no instruction has, 4 bytes
//! are skipped (with a warning at the column of their first byte) and decoding goes on
//! within the line.

use anyhow::Result;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::bytes::{render, EncByte};
use crate::data::DataDir;
use mcdiff_asm::decode::{DecodeOutcome, Disassembler};
use mcdiff_asm::print::print;
use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler};

/// `mcdiff disasm` arguments.
#[derive(clap::Args, Debug)]
pub struct DisasmArgs {
    /// Target processor, as llvm-mc's -mcpu.
    #[arg(long)]
    pub mcpu: String,
    /// Target features, as llvm-mc's -mattr (comma-separated, repeatable).
    #[arg(long, value_delimiter = ',')]
    pub mattr: Vec<String>,
    /// Input file of byte lines, or - for standard input.
    #[arg(default_value = "-")]
    pub file: String,
}

/// Runs `mcdiff disasm`: exit status 1 when any line could not be decoded; errors in the
/// input itself (target, file, encoding) are returned and become exit status 2.
pub fn cmd(data: Option<PathBuf>, args: DisasmArgs) -> Result<ExitCode> {
    let data = DataDir::locate(data.as_deref())?;
    let spec = crate::data::load_target(data.spec_root()?, &args.mcpu)?;
    let (name, text) = crate::input::read_text(&args.file)?;
    let target = TargetCtx::new(&spec, &args.mattr, REFERENCE_LLVM_MAJOR);
    let (dis, asm) = (Disassembler::new(target), Assembler::new(target));
    let dis = ExactDecoder {
        dis: &dis,
        asm: &asm,
    };
    // Buffered both ways: a line at a time, the writes cost more than the decoding.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    let ok = disassemble(dis, &name, &text, &mut out, &mut err)?;
    out.flush()?;
    err.flush()?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Decodes every byte line of `text`; instructions go to `out` as llvm-mc prints them with
/// `-show-encoding`, diagnostics to `err` as `<name>:LINE:COL: ...`. True when every line
/// decoded whole.
pub fn disassemble(
    dis: ExactDecoder,
    name: &str,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::io::Result<bool> {
    // Byte lines are split from comments the same way test files are read.
    let parsed = mcdiff_lit::parse_test_file(Path::new("input.txt"), text);
    let raw_lines: Vec<&str> = text.lines().collect();
    let mut ok = true;
    for src in &parsed.lines {
        let raw = raw_lines.get(src.line - 1).copied().unwrap_or_default();
        let Some(bytes) = &src.bytes else {
            ok = false;
            let col = bad_token_column(raw);
            writeln!(err, "{name}:{}:{col}: error: invalid input token", src.line)?;
            continue;
        };
        let columns = byte_columns(raw, bytes.len());
        let column = |at: usize| columns.get(at).copied().unwrap_or(1);
        let bracketed = src.text.starts_with('[');
        for piece in decode_bytes(dis, bytes, bracketed) {
            match piece {
                Piece::Inst { text, at, len, .. } => {
                    let enc: Vec<EncByte> = bytes[at..at + len]
                        .iter()
                        .map(|&b| EncByte::Byte(b))
                        .collect();
                    writeln!(out, "\t{text:<39} ; encoding: {}", render(&enc))?;
                }
                Piece::Invalid { at, .. } => {
                    ok = false;
                    writeln!(
                        err,
                        "{name}:{}:{}: warning: invalid instruction encoding",
                        src.line,
                        column(at)
                    )?;
                }
                Piece::Unsupported { at, reason } => {
                    ok = false;
                    writeln!(
                        err,
                        "{name}:{}:{}: error: unsupported: {reason}",
                        src.line,
                        column(at)
                    )?;
                }
            }
        }
    }
    Ok(ok)
}

/// One step of decoding a byte line.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// An instruction: the decoded instruction, its text and the `len` bytes from offset
    /// `at` it came from.
    Inst {
        inst: Box<mcdiff_asm::Inst>,
        text: String,
        at: usize,
        len: usize,
        /// Our assembler takes the text back to exactly these bytes.
        reassembles: bool,
    },
    /// No instruction has the bytes at `at` (why, in our decoder's words).
    Invalid { at: usize, message: String },
    /// Our decoder does not handle the bytes at `at`; the rest of the line is left alone.
    Unsupported { at: usize, reason: String },
}

/// Our decoder as the tool runs it: each decoded word is checked by assembling its printed
/// text again, which must give back exactly the word. Where it does not (a bit the text
/// drops or invents), the decode stands and the piece says so: whether the word is valid is
/// the decoder's rules' call, by the spec, not our assembler's.
#[derive(Clone, Copy)]
pub struct ExactDecoder<'a, 'd, 'e> {
    pub dis: &'a Disassembler<'d>,
    pub asm: &'a Assembler<'e>,
}

impl ExactDecoder<'_, '_, '_> {
    /// The piece for a word `dis` decoded to `inst`, checked by assembling its text.
    fn checked(&self, inst: mcdiff_asm::Inst, word: &[u8], at: usize) -> Piece {
        let text = print(&inst, self.dis.ctx());
        let reassembles =
            matches!(self.asm.assemble(&text), AsmOutcome::Encoded(enc) if enc.bytes == word);
        Piece::Inst {
            inst: Box::new(inst),
            text,
            at,
            len: word.len(),
            reassembles,
        }
    }
}

/// Decodes one byte line as llvm-mc reads it: after bytes no instruction has, 4 bytes are
/// skipped and decoding goes on, except in a `[...]` group (`bracketed`), which llvm-mc skips
/// whole; bytes our decoder does not handle end the line. The differential run
/// (`engine`) and `mcdiff disasm` both walk lines with this.
pub fn decode_bytes(dec: ExactDecoder, bytes: &[u8], bracketed: bool) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let skip = if bracketed { bytes.len() - at } else { 4 };
        match dec.dis.decode(&bytes[at..]) {
            DecodeOutcome::Decoded { inst, len } => {
                let len = len.clamp(1, bytes.len() - at);
                pieces.push(dec.checked(inst, &bytes[at..at + len], at));
                at += len;
            }
            DecodeOutcome::Invalid(message) => {
                pieces.push(Piece::Invalid { at, message });
                at += skip;
            }
            DecodeOutcome::Unsupported(reason) => {
                pieces.push(Piece::Unsupported { at, reason });
                break;
            }
        }
    }
    pieces
}

/// 1-based columns of the first `n` byte tokens (`0x..`) of a raw byte line.
fn byte_columns(raw: &str, n: usize) -> Vec<usize> {
    tokens(raw)
        .filter(|(_, tok)| tok.starts_with("0x") || tok.starts_with("0X"))
        .take(n)
        .map(|(at, _)| at + 1)
        .collect()
}

/// 1-based column of the first token of a line that is not a byte (`0x..`), as llvm-mc
/// points at it; the first non-blank column when every token looks like one.
fn bad_token_column(raw: &str) -> usize {
    let is_byte = |tok: &str| {
        tok.strip_prefix("0x")
            .or_else(|| tok.strip_prefix("0X"))
            .is_some_and(|h| (1..=2).contains(&h.len()) && u8::from_str_radix(h, 16).is_ok())
    };
    tokens(raw)
        .find(|(_, tok)| !is_byte(tok))
        .or_else(|| tokens(raw).next())
        .map_or(1, |(at, _)| at + 1)
}

/// Tokens of a byte line split at commas, blanks and brackets, with their byte offsets.
fn tokens(raw: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let sep = |c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace();
    let mut rest = 0;
    std::iter::from_fn(move || {
        let start = rest + raw[rest..].find(|c: char| !sep(c))?;
        let end = raw[start..].find(sep).map_or(raw.len(), |e| start + e);
        rest = end;
        Some((start, &raw[start..end]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_columns_follow_separators_and_brackets() {
        assert_eq!(byte_columns("0x01,0x02, 0x03 ,0x04", 4), vec![1, 6, 12, 18]);
        assert_eq!(byte_columns("  [0x01 0x02] # c 0x05", 2), vec![4, 9]);
        assert_eq!(byte_columns("0x01", 3), vec![1]);
    }

    #[test]
    fn bad_tokens_are_pointed_at() {
        assert_eq!(bad_token_column("0x01,0xzz"), 6);
        assert_eq!(bad_token_column("  foo"), 3);
        assert_eq!(bad_token_column(""), 1);
    }
}
