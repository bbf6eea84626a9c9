//! One FileCheck pattern matched against one line of llvm-mc output, the way FileCheck
//! reads it by default: runs of horizontal white space count as one space, the pattern may
//! match anywhere in the line, `{{re}}` is a regular expression and `[[VAR:re]]` / `[[VAR]]`
//! / `[[@LINE+N]]` are substitutions (a variable's value is not tracked: it matches anything).

use regex::Regex;
use std::borrow::Cow;

pub struct CheckPattern {
    /// The pattern with white space collapsed, when it holds no regex or substitution.
    literal: Option<String>,
    regex: Option<Regex>,
}

impl CheckPattern {
    pub fn new(pattern: &str) -> CheckPattern {
        let pattern = collapse(pattern);
        if !pattern.contains("{{") && !pattern.contains("[[") {
            return CheckPattern {
                literal: Some(pattern.into_owned()),
                regex: None,
            };
        }
        CheckPattern {
            literal: None,
            regex: Regex::new(&to_regex(&pattern)).ok(),
        }
    }

    /// The pattern holds a regex or a substitution.
    pub fn has_pattern(&self) -> bool {
        self.literal.is_none()
    }

    /// Does some part of `line` match? A pattern whose regex does not compile matches
    /// anything: the reader cannot tell, so it never claims a difference.
    pub fn matches(&self, line: &str) -> bool {
        let line = collapse(line);
        match (&self.literal, &self.regex) {
            (Some(lit), _) => line.contains(lit.as_str()),
            (None, Some(re)) => re.is_match(&line),
            (None, None) => true,
        }
    }
}

/// The words of `s` joined by single spaces, written straight into one string (every
/// recorded line is collapsed, and with its check pattern); `s` itself when it is so
/// already, as nearly every line llvm-mc prints is.
fn collapse(s: &str) -> Cow<'_, str> {
    let spaced = |w: &[u8]| w[0] == b'\t' || w == b"  ";
    let loose =
        s.starts_with(' ') || s.ends_with([' ', '\t']) || s.as_bytes().windows(2).any(spaced);
    if !loose {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    for word in s.split([' ', '\t']).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    Cow::Owned(out)
}

fn to_regex(pattern: &str) -> String {
    let mut out = String::new();
    let mut rest = pattern;
    while !rest.is_empty() {
        let next_re = rest.find("{{");
        let next_var = rest.find("[[");
        let at = match (next_re, next_var) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => {
                out.push_str(&regex::escape(rest));
                break;
            }
        };
        out.push_str(&regex::escape(&rest[..at]));
        let tail = &rest[at..];
        let (close, body_of): (&str, fn(&str) -> String) = if tail.starts_with("{{") {
            ("}}", |body| format!("(?:{body})"))
        } else {
            ("]]", substitution)
        };
        match tail[2..].find(close) {
            Some(end) => {
                out.push_str(&body_of(&tail[2..2 + end]));
                rest = &tail[2 + end + 2..];
            }
            None => {
                out.push_str(&regex::escape(tail));
                break;
            }
        }
    }
    out
}

/// `[[VAR:re]]` defines VAR by `re`; `[[VAR]]` and `[[@LINE...]]` use a value.
fn substitution(body: &str) -> String {
    if body.starts_with('@') || body.starts_with('#') {
        return r"\d+".into();
    }
    match body.split_once(':') {
        Some((_, re)) => format!("(?:{re})"),
        None => ".*?".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filecheck_rules() {
        assert!(CheckPattern::new("s_mov_b32 s0,  s1").matches("\ts_mov_b32\ts0, s1 ; x"));
        assert!(!CheckPattern::new("s_mov_b32 s0, s2").matches("s_mov_b32 s0, s1"));
        let p = CheckPattern::new("v_add_f32 v{{[0-9]+}}, [[A:v[0-9]+]], [[A]]");
        assert!(p.has_pattern());
        assert!(p.matches("v_add_f32 v10, v1, v1"));
        assert!(!p.matches("s_add_f32 v10, v1, v1"));
        assert!(CheckPattern::new("value at [[@LINE-1]]").matches("value at 17"));
        assert!(CheckPattern::new("a.b").matches("a.b"));
        assert!(!CheckPattern::new("a.b").matches("axb"), "dots are literal");
    }

    #[test]
    fn white_space_collapses_only_where_loose() {
        assert!(matches!(collapse("v_nop ; x"), Cow::Borrowed("v_nop ; x")));
        for (loose, collapsed) in [
            (" v_nop", "v_nop"),
            ("v_nop ", "v_nop"),
            ("v_nop\t", "v_nop"),
            ("s_nop\t0", "s_nop 0"),
            ("s_nop  0", "s_nop 0"),
            ("\ts_nop \t 0  ", "s_nop 0"),
        ] {
            assert!(
                matches!(collapse(loose), Cow::Owned(ref s) if s == collapsed),
                "{loose:?}"
            );
        }
        assert!(CheckPattern::new("s_nop 0").matches("s_nop\t0\t"));
    }
}
