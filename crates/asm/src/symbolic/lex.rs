//! Tokens and absolute integer expressions inside symbolic operands.
//!
//! The symbolic forms (`vmcnt(1+1)`, `hwreg(1, 2*2, 3)`, `{id: 3}`, `sendmsg(msg, op)`,
//! `UC_VERSION_GFX12 | UC_VERSION_W64_BIT`) embed llvm-mc absolute expressions. Names are
//! resolved by the caller (message names, version constants); any other symbol is an error,
//! because these operands must be absolute.

use crate::syntax::expr::{apply, nesting_too_deep, precedence, scan, MAX_NESTING};

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    Int(i64),
    Punct(&'static str),
}

const PUNCTS: &[&str] = &[
    "<<", ">>", "(", ")", ",", "&", "|", ":", "{", "}", "+", "-", "*", "/", "%", "^", "~", "!",
];

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

/// Integer literal in llvm-mc spelling: decimal, `0x` hex, `0b` binary, leading-zero octal.
fn parse_int(text: &str) -> Result<i64, String> {
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = if let Some(hex) = lower.strip_prefix("0x") {
        (hex, 16)
    } else if let Some(bin) = lower.strip_prefix("0b") {
        (bin, 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (&lower[1..], 8)
    } else {
        (lower.as_str(), 10)
    };
    u64::from_str_radix(digits, radix)
        .map(|v| v as i64)
        .map_err(|_| format!("invalid integer '{text}'"))
}

pub(crate) fn tokenize(text: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let end = scan(&chars, i, |d| d.is_ascii_alphanumeric());
            let lit: String = chars[i..end].iter().collect();
            toks.push(Tok::Int(parse_int(&lit)?));
            i = end;
        } else if is_ident_start(c) {
            let end = scan(&chars, i, is_ident_char);
            toks.push(Tok::Ident(chars[i..end].iter().collect()));
            i = end;
        } else {
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let punct = PUNCTS
                .iter()
                .find(|p| rest.starts_with(**p))
                .ok_or_else(|| format!("unexpected character '{c}'"))?;
            toks.push(Tok::Punct(punct));
            i += punct.len();
        }
    }
    Ok(toks)
}

/// A read position in a token list.
pub(crate) struct Cursor<'t> {
    toks: &'t [Tok],
    pos: usize,
    /// Levels of [`Cursor::unary`] open (see [`MAX_NESTING`]).
    depth: usize,
}

/// Resolves a name inside an expression to its value; `None` means "not a known name".
pub(crate) type Names<'n> = &'n dyn Fn(&str) -> Option<i64>;

impl<'t> Cursor<'t> {
    pub(crate) fn new(toks: &'t [Tok]) -> Self {
        Cursor {
            toks,
            pos: 0,
            depth: 0,
        }
    }

    pub(crate) fn peek(&self) -> Option<&'t Tok> {
        self.toks.get(self.pos)
    }

    pub(crate) fn peek_at(&self, ahead: usize) -> Option<&'t Tok> {
        self.toks.get(self.pos + ahead)
    }

    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    pub(crate) fn eat(&mut self, punct: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Punct(p)) if *p == punct) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn expect(&mut self, punct: &str) -> Result<(), String> {
        if self.eat(punct) {
            Ok(())
        } else {
            Err(format!("expected '{punct}'{}", self.found()))
        }
    }

    pub(crate) fn ident(&mut self) -> Result<&'t str, String> {
        match self.peek() {
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                Ok(name)
            }
            _ => Err(format!("expected a name{}", self.found())),
        }
    }

    /// Describes the current token for an error message.
    pub(crate) fn found(&self) -> String {
        match self.peek() {
            None => " at end of operand".to_string(),
            Some(Tok::Ident(n)) => format!(", found '{n}'"),
            Some(Tok::Int(v)) => format!(", found '{v}'"),
            Some(Tok::Punct(p)) => format!(", found '{p}'"),
        }
    }

    /// An absolute expression; stops before any token that cannot continue it.
    pub(crate) fn expr(&mut self, names: Names) -> Result<i64, String> {
        self.binary(0, names)
    }

    fn binary(&mut self, min_prec: u8, names: Names) -> Result<i64, String> {
        let mut lhs = self.unary(names)?;
        while let Some(Tok::Punct(op)) = self.peek() {
            let Some(prec) = precedence(op) else {
                break;
            };
            if prec < min_prec {
                break;
            }
            self.pos += 1;
            let rhs = self.binary(prec + 1, names)?;
            lhs = apply(op, lhs, rhs)?;
        }
        Ok(lhs)
    }

    /// Every level of nesting passes here: counts the levels (see [`MAX_NESTING`]).
    fn unary(&mut self, names: Names) -> Result<i64, String> {
        if self.depth == MAX_NESTING {
            return Err(nesting_too_deep());
        }
        self.depth += 1;
        let value = self.unnested_unary(names);
        self.depth -= 1;
        value
    }

    fn unnested_unary(&mut self, names: Names) -> Result<i64, String> {
        match self.peek() {
            Some(Tok::Int(v)) => {
                self.pos += 1;
                Ok(*v)
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                names(name).ok_or_else(|| {
                    format!(
                        "'{name}' is not a known name here (an absolute expression is required)"
                    )
                })
            }
            Some(Tok::Punct("(")) => {
                self.pos += 1;
                let v = self.expr(names)?;
                self.expect(")")?;
                Ok(v)
            }
            Some(Tok::Punct("-")) => {
                self.pos += 1;
                Ok(self.unary(names)?.wrapping_neg())
            }
            Some(Tok::Punct("+")) => {
                self.pos += 1;
                self.unary(names)
            }
            Some(Tok::Punct("~")) => {
                self.pos += 1;
                Ok(!self.unary(names)?)
            }
            Some(Tok::Punct("!")) => {
                self.pos += 1;
                Ok((self.unary(names)? == 0) as i64)
            }
            _ => Err(format!("expected an expression{}", self.found())),
        }
    }
}

/// Names that resolve to nothing: plain absolute expressions.
pub(crate) fn no_names(_: &str) -> Option<i64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> Result<i64, String> {
        let toks = tokenize(text)?;
        let mut c = Cursor::new(&toks);
        let v = c.expr(&no_names)?;
        assert!(c.at_end(), "trailing tokens in {text}");
        Ok(v)
    }

    #[test]
    fn literals_and_precedence() {
        assert_eq!(eval("0x10"), Ok(16));
        assert_eq!(eval("0b101"), Ok(5));
        assert_eq!(eval("010"), Ok(8));
        assert_eq!(eval("1+2*3"), Ok(7));
        assert_eq!(eval("(1+2)*3"), Ok(9));
        assert_eq!(eval("1 | 2 & 3"), Ok(3));
        // llvm-mc 19 and 22: `vmcnt(1 << 4 + 1)` is vmcnt(17).
        assert_eq!(eval("1 << 4 + 1"), Ok(17));
        assert_eq!(eval("-1"), Ok(-1));
        assert_eq!(eval("~0 & 0xff"), Ok(255));
        assert!(eval("1/0").is_err());
        assert!(eval("foo").is_err());
        assert!(eval("0x").is_err());
    }

    #[test]
    fn deep_nesting_is_rejected() {
        let nested = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(eval(&nested(100)), Ok(1));
        assert_eq!(eval(&nested(40_000)), Err(nesting_too_deep()));
        assert_eq!(eval(&"~".repeat(40_000)), Err(nesting_too_deep()));
    }
}
