//! Source lines: assembly statements of `.s` files and hex byte lines of `.txt` files.

use crate::{FileKind, SourceLine};

/// Byte offset of the first comment marker outside a double-quoted string.
///
/// Assembly (`.s`) comments start with `//` or `;`, or `#` at the start of a line.
/// `.txt` inputs also use `#` anywhere. `@` is not a comment marker here: it appears in
/// symbol modifiers such as `sym@rel32@lo`.
fn comment_start(line: &str, kind: FileKind) -> Option<usize> {
    if line.trim_start().starts_with('#') {
        return Some(line.len() - line.trim_start().len());
    }
    let bytes = line.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b';' if !in_string => return Some(i),
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return Some(i),
            b'#' if !in_string && kind == FileKind::Disasm => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether a statement is a label definition `name:`.
fn is_label(text: &str) -> bool {
    let Some(name) = text.strip_suffix(':') else {
        return false;
    };
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || "_.$".contains(c))
        && chars.all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
}

/// Whether a statement is a symbol assignment `name = expr` (what `.set name, expr` does).
///
/// llvm-mc prints such a statement back as a `.set` directive; it is not an instruction.
fn is_assignment(text: &str) -> bool {
    let name_len = text
        .char_indices()
        .find(|&(i, c)| {
            !(c.is_ascii_alphabetic() || "_.$".contains(c) || (i > 0 && c.is_ascii_digit()))
        })
        .map_or(text.len(), |(i, _)| i);
    if name_len == 0 {
        return false;
    }
    let rest = text[name_len..].trim_start();
    rest.starts_with('=') && !rest.starts_with("==")
}

/// Bytes of a hex line such as `0x01,0x02` or `[0x01 0x02]`.
pub(crate) fn parse_hex_bytes(text: &str) -> Option<Vec<u8>> {
    let body = text.trim();
    let body = match body.strip_prefix('[') {
        Some(rest) => rest.strip_suffix(']')?,
        None => body,
    };
    let mut bytes = Vec::new();
    for tok in body.split(|c: char| c == ',' || c.is_whitespace()) {
        if tok.is_empty() {
            continue;
        }
        let hex = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X"))?;
        if hex.is_empty() || hex.len() > 2 {
            return None;
        }
        bytes.push(u8::from_str_radix(hex, 16).ok()?);
    }
    (!bytes.is_empty()).then_some(bytes)
}

/// The source line on `line` (1-based), or `None` for blank and comment-only lines.
pub(crate) fn source_line(line: usize, raw: &str, kind: FileKind) -> Option<SourceLine> {
    let code = match comment_start(raw, kind) {
        Some(at) => &raw[..at],
        None => raw,
    };
    let text = code.trim();
    if text.is_empty() {
        return None;
    }
    let label = kind == FileKind::Asm && is_label(text);
    Some(SourceLine {
        line,
        text: text.to_string(),
        is_directive: kind == FileKind::Asm
            && !label
            && (text.starts_with('.') || is_assignment(text)),
        is_label: label,
        bytes: match kind {
            FileKind::Disasm => parse_hex_bytes(text),
            FileKind::Asm => None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asm(raw: &str) -> Option<SourceLine> {
        source_line(5, raw, FileKind::Asm)
    }

    #[test]
    fn statements_lose_trailing_comments() {
        assert_eq!(asm("  s_nop 0 // X: y").unwrap().text, "s_nop 0");
        assert_eq!(asm("s_nop 1 ; note").unwrap().text, "s_nop 1");
        assert_eq!(
            asm("v_a v1, v2 :: v_b v3, v4").unwrap().text,
            "v_a v1, v2 :: v_b v3, v4"
        );
        assert_eq!(
            asm("s_mov_b32 s0, sym@rel32@lo").unwrap().text,
            "s_mov_b32 s0, sym@rel32@lo"
        );
        assert_eq!(
            asm(".ascii \"a;b//c\" ; tail").unwrap().text,
            ".ascii \"a;b//c\""
        );
    }

    #[test]
    fn blank_and_comment_lines_are_not_statements() {
        for raw in ["", "   ", "// only", "; only", "# only", "  // X: check"] {
            assert!(asm(raw).is_none(), "{raw:?}");
        }
    }

    #[test]
    fn directives_and_labels_are_flagged() {
        let d = asm(".text").unwrap();
        assert!(d.is_directive && !d.is_label && !d.is_instruction());
        let l = asm("my_label:").unwrap();
        assert!(l.is_label && !l.is_directive && !l.is_instruction());
        let l = asm(".L0:").unwrap();
        assert!(l.is_label && !l.is_directive);
        let i = asm("s_endpgm").unwrap();
        assert!(i.is_instruction() && i.bytes.is_none());
    }

    #[test]
    fn symbol_assignments_are_directives() {
        for raw in [
            "lim=9",
            "  my_sym = 2 + 3 // why",
            "$x1\t=\tother",
            "_a.b=-1",
        ] {
            let s = asm(raw).unwrap();
            assert!(s.is_directive && !s.is_instruction(), "{raw:?}");
        }
        for raw in ["s_op s0, x=1", "9x=1", "flag == 1", "op_a v0, v1"] {
            assert!(asm(raw).unwrap().is_instruction(), "{raw:?}");
        }
        assert!(
            !source_line(1, "lim=9", FileKind::Disasm)
                .unwrap()
                .is_directive
        );
    }

    #[test]
    fn hex_lines_in_both_forms() {
        let s = source_line(2, "0x01,0x02, 0xff # trailing", FileKind::Disasm).unwrap();
        assert_eq!(s.text, "0x01,0x02, 0xff");
        assert_eq!(s.bytes, Some(vec![1, 2, 0xff]));
        let s = source_line(2, "[0x0a 0x0b] ; x", FileKind::Disasm).unwrap();
        assert_eq!(s.bytes, Some(vec![10, 11]));
        let s = source_line(2, "[0x0a,0x0b]", FileKind::Disasm).unwrap();
        assert_eq!(s.bytes, Some(vec![10, 11]));
        let s = source_line(2, "v_not_hex v1", FileKind::Disasm).unwrap();
        assert!(s.bytes.is_none() && s.is_instruction());
        assert_eq!(parse_hex_bytes("0x123"), None);
        assert!(source_line(2, "# only", FileKind::Disasm).is_none());
    }
}
