//! How deep a spec XML file nests its elements, measured before the XML parser sees it.
//!
//! roxmltree's tokenizer descends one pair of stack frames per open element (`parse_element`
//! calls `parse_content`, which calls `parse_element`), and so do [`crate::xml`]'s walk of
//! condition expressions and the drop of the tree it builds: a file of 20,000 nested
//! elements overflowed the stack and aborted the process, with no file named. This scan
//! counts open elements without recursing and refuses the file past [`MAX_DEPTH`], so the
//! error names the file and line like any other malformed spec.
//!
//! The scan knows just enough XML to count right: comments, CDATA sections and processing
//! instructions are skipped whole, quoted attribute values may hold `>` and `/`, and an
//! empty-element tag (`<a/>`) opens nothing. Entity values in a DOCTYPE's internal subset
//! are markup the parser expands in place, nested up to ten references deep, so each is
//! measured too (against [`MAX_ENTITY_DEPTH`]). Anything else malformed is left for the
//! parser to report.

/// The deepest element nesting a spec file may have. AMD's official files and the rebuilt
/// ones nest at most 12 deep (`amdgpu_isa_cdna3.xml` and `amdgpu_isa_cdna4.xml`; 10 for the
/// others, root element counted as 1), so 256 refuses no real file while keeping the
/// parser's recursion a few hundred frames deep.
pub const MAX_DEPTH: usize = 256;

/// The deepest element nesting one entity value may have. No spec file has a DOCTYPE; an
/// entity value is expanded where it is referenced, and roxmltree follows references ten
/// deep, so at most 11 of these stack on [`MAX_DEPTH`].
pub const MAX_ENTITY_DEPTH: usize = 16;

/// Where and how a text nests too deep.
#[derive(Debug, PartialEq, Eq)]
pub struct TooDeep {
    /// 1-based line of the element (or entity declaration) past the limit.
    pub line: usize,
    pub message: String,
}

/// Checks that no element of `text` nests deeper than [`MAX_DEPTH`] and no entity value
/// deeper than [`MAX_ENTITY_DEPTH`].
pub fn check(text: &str) -> Result<(), TooDeep> {
    let bytes = text.as_bytes();
    match past_limit(bytes, MAX_DEPTH, true)? {
        Some(at) => Err(TooDeep {
            line: line_at(bytes, at),
            message: format!("elements nest more than {MAX_DEPTH} deep (the limit mcdiff reads)"),
        }),
        None => Ok(()),
    }
}

/// The index of the first start tag of `bytes` nested deeper than `limit`, if any. With
/// `doctypes` (a whole file) a DOCTYPE's entity values are measured too (see [`doctype`]);
/// without (an entity value's own content) any `<!...>` is skipped.
fn past_limit(bytes: &[u8], limit: usize, doctypes: bool) -> Result<Option<usize>, TooDeep> {
    let (mut depth, mut i) = (0usize, 0);
    while let Some(found) = find(bytes, i, b"<") {
        i = found;
        let rest = &bytes[i..];
        if rest.starts_with(b"<!--") {
            i = skip_past(bytes, i + 4, b"-->");
        } else if rest.starts_with(b"<![CDATA[") {
            i = skip_past(bytes, i + 9, b"]]>");
        } else if rest.starts_with(b"<?") {
            i = skip_past(bytes, i + 2, b"?>");
        } else if doctypes && rest.starts_with(b"<!DOCTYPE") {
            i = doctype(bytes, i + 9)?;
        } else if rest.starts_with(b"<!") {
            i = skip_past(bytes, i + 2, b">");
        } else if rest.starts_with(b"</") {
            depth = depth.saturating_sub(1);
            i = skip_past(bytes, i + 2, b">");
        } else {
            let (end, empty) = tag_end(bytes, i + 1);
            if !empty {
                depth += 1;
                if depth > limit {
                    return Ok(Some(i));
                }
            }
            i = end;
        }
    }
    Ok(None)
}

/// Skips a DOCTYPE declaration whose keyword ends at `i`, measuring the entity values of its
/// internal subset; returns the index past its closing `>`.
fn doctype(bytes: &[u8], mut i: usize) -> Result<usize, TooDeep> {
    let mut in_subset = false;
    while i < bytes.len() {
        match bytes[i] {
            q @ (b'"' | b'\'') => {
                let start = i + 1;
                let end = find(bytes, start, &[q]).unwrap_or(bytes.len());
                // Only the internal subset holds entity values; a quoted literal before it is
                // a public or system id, plain text.
                if in_subset && past_limit(&bytes[start..end], MAX_ENTITY_DEPTH, false)?.is_some() {
                    return Err(TooDeep {
                        line: line_at(bytes, start),
                        message: format!(
                            "an entity value nests elements more than {MAX_ENTITY_DEPTH} deep \
                             (the limit mcdiff reads)"
                        ),
                    });
                }
                i = end + 1;
            }
            b'<' if bytes[i..].starts_with(b"<!--") => i = skip_past(bytes, i + 4, b"-->"),
            b'<' if bytes[i..].starts_with(b"<?") => i = skip_past(bytes, i + 2, b"?>"),
            b'[' => {
                in_subset = true;
                i += 1;
            }
            b']' => {
                in_subset = false;
                i += 1;
            }
            b'>' if !in_subset => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Ok(bytes.len())
}

/// The index past the `>` of a start tag whose name begins at `i`, and whether the tag is
/// empty (`/>`). Quoted attribute values are skipped whole.
fn tag_end(bytes: &[u8], mut i: usize) -> (usize, bool) {
    while i < bytes.len() {
        match bytes[i] {
            q @ (b'"' | b'\'') => i = find(bytes, i + 1, &[q]).map_or(bytes.len(), |e| e + 1),
            b'>' => return (i + 1, i > 0 && bytes[i - 1] == b'/'),
            _ => i += 1,
        }
    }
    (bytes.len(), false)
}

/// The index of `needle` at or after `from`.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let hay = bytes.get(from..)?;
    if let [one] = needle {
        return hay.iter().position(|b| b == one).map(|p| from + p);
    }
    hay.windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}

/// The index past `needle` at or after `from` (the end of the text without it).
fn skip_past(bytes: &[u8], from: usize, needle: &[u8]) -> usize {
    find(bytes, from, needle).map_or(bytes.len(), |p| p + needle.len())
}

/// The 1-based line of byte `at`.
fn line_at(bytes: &[u8], at: usize) -> usize {
    1 + bytes[..at].iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(n: usize) -> String {
        format!("<r>{}{}</r>", "<a>".repeat(n), "</a>".repeat(n))
    }

    #[test]
    fn depth_up_to_the_limit_passes_and_one_more_fails_naming_the_line() {
        assert_eq!(check(&nested(MAX_DEPTH - 1)), Ok(()));
        let deep = format!("<?xml version=\"1.0\"?>\n<!-- c -->\n{}", nested(MAX_DEPTH));
        let err = check(&deep).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.message.contains("more than 256 deep"), "{err:?}");
        assert!(check(&nested(20_000)).is_err());
    }

    #[test]
    fn comments_cdata_pis_quotes_and_empty_tags_open_nothing() {
        let n = MAX_DEPTH - 1;
        let noise = "<!-- <a> <b> --><![CDATA[<a><a>]]><?pi <a> ?><e x=\"a>b\" y='<c>'/><f/>";
        let text = format!(
            "<r>{}{}{}</r>",
            format!("<a k=\"/>\">{noise}").repeat(n),
            noise,
            "</a>".repeat(n)
        );
        assert_eq!(check(&text), Ok(()));
        let one_more = text.replacen("<f/>", "<f>", 1);
        assert!(check(&format!("{one_more}</f>")).is_err());
    }

    #[test]
    fn entity_values_are_measured() {
        let value = |n: usize| format!("{}{}", "<a>".repeat(n), "</a>".repeat(n));
        let ok = format!(
            "<!DOCTYPE r SYSTEM \"x>y\" [\n<!ENTITY e \"{}\">\n<!-- ] > -->\n]>\n<r>&e;</r>",
            value(MAX_ENTITY_DEPTH)
        );
        assert_eq!(check(&ok), Ok(()));
        let deep = ok.replace(&value(MAX_ENTITY_DEPTH), &value(MAX_ENTITY_DEPTH + 1));
        let err = check(&deep).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("entity value"), "{err:?}");
    }
}
