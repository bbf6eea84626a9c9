//! FileCheck check lines: finding `PREFIX[-SUFFIX]:` directives, and reading the
//! encodings and diagnostics their patterns describe.

use crate::{CheckDirective, ErrorCheck, LineRef};

/// One byte of an `encoding: [...]` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EncByte {
    Byte(u8),
    /// A byte (partly) filled by a fixup, written as a letter (`A`, `B`...) by llvm-mc: the
    /// letter's ASCII code (a byte, not a `char`: every case holds several of these).
    Fixup(u8),
}

/// Finds check directives of a fixed set of prefixes in a line.
pub(crate) struct CheckMatcher {
    prefixes: Vec<String>,
}

/// A directive found in a line.
pub(crate) struct FoundCheck<'a> {
    pub prefix: &'a str,
    pub directive: CheckDirective,
    pub pattern: &'a str,
}

/// FileCheck word characters: a prefix must not be preceded by one of these.
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

fn directive_suffix(suffix: &str) -> Option<CheckDirective> {
    Some(match suffix {
        "" => CheckDirective::Plain,
        "-NEXT" => CheckDirective::Next,
        "-SAME" => CheckDirective::Same,
        "-NOT" => CheckDirective::Not,
        "-LABEL" => CheckDirective::Label,
        "-EMPTY" => CheckDirective::Empty,
        "-DAG" => CheckDirective::Dag,
        _ => CheckDirective::Count(suffix.strip_prefix("-COUNT-")?.parse().ok()?),
    })
}

/// FileCheck's default `--comment-prefixes`.
const COMMENT_PREFIXES: &[&str] = &["COM", "RUN"];

impl CheckMatcher {
    /// `None` when there are no prefixes.
    pub fn new(prefixes: &[String]) -> Option<CheckMatcher> {
        (!prefixes.is_empty()).then(|| CheckMatcher {
            prefixes: prefixes.to_vec(),
        })
    }

    /// The first check directive in `line`, if any.
    ///
    /// A directive is a maximal run of word characters ending at a `:` that reads
    /// `PREFIX` or `PREFIX-SUFFIX`; since `-` is a word character, the run starts where
    /// FileCheck requires the prefix to start. Scanning colons keeps this linear.
    pub fn find<'a>(&'a self, line: &'a str) -> Option<FoundCheck<'a>> {
        let bytes = line.as_bytes();
        for (colon, _) in line.match_indices(':') {
            let start = bytes[..colon]
                .iter()
                .rposition(|&b| !is_word_byte(b))
                .map_or(0, |i| i + 1);
            let word = &line[start..colon];
            if word.is_empty() {
                continue;
            }
            // FileCheck's default comment prefixes: a line whose first directive is one of
            // them is a comment (`# COM: GFX11: ...` checks nothing).
            if COMMENT_PREFIXES.contains(&word) {
                return None;
            }
            for prefix in &self.prefixes {
                let Some(suffix) = word.strip_prefix(prefix.as_str()) else {
                    continue;
                };
                if let Some(directive) = directive_suffix(suffix) {
                    return Some(FoundCheck {
                        prefix,
                        directive,
                        pattern: line[colon + 1..].trim(),
                    });
                }
            }
        }
        None
    }
}

/// Byte offset of the first `keyword:` in `s` (`keyword` without the colon).
///
/// Walks the colons (a memchr scan) instead of building a substring searcher per call,
/// which dominates when done for every line of a corpus.
pub(crate) fn find_keyword(s: &str, keyword: &str) -> Option<usize> {
    s.match_indices(':')
        .find(|(at, _)| s[..*at].ends_with(keyword))
        .map(|(at, _)| at - keyword.len())
}

/// Parses a bracketed byte list `[0x01,A,...]` at the start of `s`.
fn parse_byte_list(s: &str) -> Option<Vec<EncByte>> {
    let inner = s.strip_prefix('[')?;
    let inner = &inner[..inner.find(']')?];
    // `0x12,` is five bytes of text: sized once, not grown push by push.
    let mut bytes = Vec::with_capacity(inner.len() / 5 + 1);
    for tok in inner.split(',') {
        let tok = tok.trim();
        if let Some(hex) = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X")) {
            if hex.is_empty() || hex.len() > 2 {
                return None;
            }
            bytes.push(EncByte::Byte(u8::from_str_radix(hex, 16).ok()?));
        } else {
            let mut chars = tok.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => bytes.push(EncByte::Fixup(c as u8)),
                _ => return None,
            }
        }
    }
    (!bytes.is_empty()).then_some(bytes)
}

/// The encoding a check pattern states, with the printed instruction in front of it.
///
/// Accepts `text ; encoding: [..]` / `text // encoding: [..]` / `encoding: [..]`, and a
/// pattern that is only a byte list `[0x01,...]` (used by older assembler tests).
pub fn parse_encoding(pattern: &str) -> Option<(Vec<EncByte>, Option<String>)> {
    if let Some(at) = find_keyword(pattern, "encoding") {
        let bytes = parse_byte_list(pattern[at + "encoding:".len()..].trim_start())?;
        let asm = pattern[..at].trim_end();
        let asm = asm
            .strip_suffix(';')
            .or_else(|| asm.strip_suffix("//"))
            .unwrap_or(asm)
            .trim();
        return Some((bytes, (!asm.is_empty()).then(|| asm.to_string())));
    }
    let trimmed = pattern.trim();
    if trimmed.starts_with('[') && trimmed.ends_with(']') {
        return parse_byte_list(trimmed).map(|b| (b, None));
    }
    None
}

/// `[[@LINE]]`, `[[@LINE+N]]`, `[[@LINE-N]]` and the numeric `[[#@LINE-N]]` forms.
fn parse_line_expr(tok: &str, check_line: usize) -> Option<LineRef> {
    if let Ok(n) = tok.parse::<usize>() {
        return Some(LineRef {
            line: n,
            relative: None,
        });
    }
    let inner = tok.strip_prefix("[[")?.strip_suffix("]]")?;
    let compact: String = inner.chars().filter(|c| !c.is_whitespace()).collect();
    let rest = compact
        .strip_prefix('#')
        .unwrap_or(&compact)
        .strip_prefix("@LINE")?;
    let offset: i64 = if rest.is_empty() {
        0
    } else {
        let (sign, digits) = rest.split_at(1);
        let n: i64 = digits.parse().ok()?;
        match sign {
            "+" => n,
            "-" => -n,
            _ => return None,
        }
    };
    let line = usize::try_from(check_line as i64 + offset).ok()?;
    Some(LineRef {
        line,
        relative: Some(offset),
    })
}

/// Reads `[file:]LINE:COL: error: message` style patterns (`warning` and `note` too).
pub(crate) fn parse_error(pattern: &str, check_line: usize) -> Option<ErrorCheck> {
    // The kind ends at a colon, or at the end of a pattern that omits the message.
    let ends = pattern.match_indices(':').map(|(colon, _)| colon);
    let (at, kind) = ends.chain([pattern.len()]).find_map(|colon| {
        ["error", "warning", "note"]
            .into_iter()
            .find(|k| pattern[..colon].ends_with(k))
            .map(|k| (colon - k.len(), k))
    })?;
    // A location in front of the kind always ends with `:` (`LINE:COL: error`).
    let head = pattern[..at].trim();
    if !head.is_empty() && !head.ends_with(':') {
        return None;
    }
    let parts: Vec<&str> = head
        .split(':')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    // A location has no spaces outside `[[...]]` substitutions; text with spaces in front
    // of `error:` is not a diagnostic.
    let spaced =
        |p: &&str| p.contains(char::is_whitespace) && !(p.starts_with("[[") && p.ends_with("]]"));
    if parts.iter().any(spaced) {
        return None;
    }
    let message = pattern
        .get(at + kind.len() + 1..)
        .unwrap_or("")
        .trim()
        .to_string();
    let is_column =
        |p: &str| p.parse::<u32>().is_ok() || (p.starts_with("{{") && p.ends_with("}}"));
    let (line_ref, column) = match parts.as_slice() {
        [.., l, c] if is_column(c) && parse_line_expr(l, check_line).is_some() => {
            (parse_line_expr(l, check_line), c.parse().ok())
        }
        [.., l] => (
            parse_line_expr(l, check_line).filter(|r| r.relative.is_some()),
            None,
        ),
        [] => (None, None),
    };
    Some(ErrorCheck {
        line_ref,
        column,
        kind: kind.to_string(),
        message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use EncByte::{Byte, Fixup};

    fn matcher(prefixes: &[&str]) -> CheckMatcher {
        CheckMatcher::new(&prefixes.iter().map(|p| p.to_string()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn comment_prefix_lines_check_nothing() {
        let m = matcher(&["GFX11-FAKE16", "GFX11"]);
        assert!(m.find("# COM: GFX11-FAKE16: warning: invalid").is_none());
        assert!(m
            .find("// RUN: llvm-mc | FileCheck --check-prefix=GFX11 %s")
            .is_none());
        assert!(m.find("# GFX11: s_nop 0 ; COM: x").is_some());
    }

    #[test]
    fn finds_every_directive_kind() {
        let m = matcher(&["AB", "AB-ERR"]);
        let cases = [
            ("// AB: x", CheckDirective::Plain, "AB", "x"),
            ("// AB-NEXT: y", CheckDirective::Next, "AB", "y"),
            ("# AB-SAME:z", CheckDirective::Same, "AB", "z"),
            ("; AB-NOT: w", CheckDirective::Not, "AB", "w"),
            ("// AB-LABEL: l", CheckDirective::Label, "AB", "l"),
            ("// AB-EMPTY:", CheckDirective::Empty, "AB", ""),
            ("// AB-DAG: d", CheckDirective::Dag, "AB", "d"),
            ("// AB-COUNT-3: c", CheckDirective::Count(3), "AB", "c"),
            ("// AB-ERR: e", CheckDirective::Plain, "AB-ERR", "e"),
            ("// AB-ERR-NEXT: e", CheckDirective::Next, "AB-ERR", "e"),
            ("s_nop 0 // AB: t", CheckDirective::Plain, "AB", "t"),
        ];
        for (line, dir, prefix, pattern) in cases {
            let f = m.find(line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(
                (f.directive, f.prefix, f.pattern),
                (dir, prefix, pattern),
                "{line}"
            );
        }
    }

    #[test]
    fn ignores_unknown_prefixes_and_word_continuations() {
        let m = matcher(&["AB"]);
        for line in [
            "// XAB: x",
            "// AB_C: x",
            "// AB-FOO: x",
            "// CD: x",
            "// AB x",
            "// NOAB: y",
        ] {
            assert!(m.find(line).is_none(), "{line}");
        }
    }

    #[test]
    fn longer_prefix_wins_at_same_position() {
        let m = matcher(&["G1", "G12"]);
        assert_eq!(m.find("// G12: q").unwrap().prefix, "G12");
        assert_eq!(m.find("// G1: q").unwrap().prefix, "G1");
    }

    #[test]
    fn encodings_with_and_without_text() {
        let (b, asm) = parse_encoding("s_foo s1, s2 ; encoding: [0x01,0xab,A,B]").unwrap();
        assert_eq!(b, vec![Byte(1), Byte(0xab), Fixup(b'A'), Fixup(b'B')]);
        assert_eq!(asm.as_deref(), Some("s_foo s1, s2"));
        let (b, asm) = parse_encoding("encoding: [0x7f]").unwrap();
        assert_eq!((b, asm), (vec![Byte(0x7f)], None));
        let (b, asm) = parse_encoding("v_x // encoding: [0x00, 0x10]").unwrap();
        assert_eq!(
            (b, asm.as_deref()),
            (vec![Byte(0), Byte(0x10)], Some("v_x"))
        );
        let (b, asm) = parse_encoding("[0x05,0x06]").unwrap();
        assert_eq!((b, asm), (vec![Byte(5), Byte(6)], None));
        assert!(parse_encoding("v_mov v[0:1], v[2:3]").is_none());
        assert!(parse_encoding("encoding: [0x100]").is_none());
        assert!(parse_encoding("encoding: [{{.*}}]").is_none());
        assert!(parse_encoding("[]").is_none());
    }

    #[test]
    fn diagnostics_with_relative_and_literal_lines() {
        let e = parse_error(":[[@LINE-1]]:{{[0-9]+}}: error: bad operand", 10).unwrap();
        assert_eq!(
            e.line_ref,
            Some(LineRef {
                line: 9,
                relative: Some(-1)
            })
        );
        assert_eq!(
            (e.column, e.kind.as_str(), e.message.as_str()),
            (None, "error", "bad operand")
        );

        let e = parse_error("[[@LINE+2]]:1: warning: odd bytes", 4).unwrap();
        assert_eq!(
            e.line_ref,
            Some(LineRef {
                line: 6,
                relative: Some(2)
            })
        );
        assert_eq!((e.column, e.kind.as_str()), (Some(1), "warning"));

        let e = parse_error("{{.*}}:[[# @LINE - 3 ]]:7: note: see here", 20).unwrap();
        assert_eq!(
            e.line_ref,
            Some(LineRef {
                line: 17,
                relative: Some(-3)
            })
        );
        assert_eq!(e.column, Some(7));

        let e = parse_error("%s:12:5: error: absolute", 30).unwrap();
        assert_eq!(
            e.line_ref,
            Some(LineRef {
                line: 12,
                relative: None
            })
        );

        let e = parse_error(":[[@LINE]]: error: same line", 8).unwrap();
        assert_eq!(
            e.line_ref,
            Some(LineRef {
                line: 8,
                relative: Some(0)
            })
        );

        let e = parse_error(":[[@LINE-2]]:{{[0-9]+}}: error", 9).unwrap();
        assert_eq!(
            e.line_ref,
            Some(LineRef {
                line: 7,
                relative: Some(-2)
            })
        );
        assert_eq!((e.kind.as_str(), e.message.as_str()), ("error", ""));

        let e = parse_error("error: no location", 3).unwrap();
        assert_eq!((e.line_ref, e.message.as_str()), (None, "no location"));

        assert!(parse_error("s_foo s0 ; comment error: nope", 3).is_none());
        assert!(parse_error("v_add v0, v1", 3).is_none());
        assert!(parse_error("v_mov_b32 note", 3).is_none());
        assert!(parse_error("s_note: x", 3).is_none());
    }
}
