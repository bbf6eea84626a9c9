//! Integer expressions as llvm-mc's generic assembler parser accepts them in operand position:
//! decimal / `0x` / `0b` / leading-zero octal numbers, floating-point tokens, symbols, unary
//! `- ~ !`, and the binary operators `* / % << >> & | ^ + -` with C-like precedence.
//! A symbol makes the whole expression symbolic (it becomes a fixup), as in llvm-mc.

/// Result of evaluating one operand expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Int(i64),
    /// A floating-point token (possibly negated); never combined with other operators.
    Float(f64),
    /// Depends on a symbol: kept as its source text for a fixup.
    Symbolic(String),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Int(i64),
    Float(f64),
    Ident(String),
    Op(&'static str),
    Open,
    Close,
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$' || c == '@'
}

fn parse_number(text: &str) -> Result<Tok, String> {
    let lower = text.to_ascii_lowercase();
    let int = |digits: &str, radix: u32| {
        u64::from_str_radix(digits, radix)
            .map(|v| Tok::Int(v as i64))
            .map_err(|_| format!("invalid number '{text}'"))
    };
    if let Some(hex) = lower.strip_prefix("0x") {
        return int(hex, 16);
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        return int(bin, 2);
    }
    if lower.contains('.') || lower.contains('e') {
        return lower
            .parse::<f64>()
            .map(Tok::Float)
            .map_err(|_| format!("invalid floating-point number '{text}'"));
    }
    if lower.len() > 1 && lower.starts_with('0') {
        return int(&lower[1..], 8);
    }
    int(&lower, 10)
}

/// The end of the run of characters from `from` that `keep` takes.
pub(crate) fn scan(chars: &[char], from: usize, keep: impl Fn(char) -> bool) -> usize {
    chars[from..]
        .iter()
        .position(|&c| !keep(c))
        .map_or(chars.len(), |n| from + n)
}

fn tokenize(text: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            let hex = c == '0' && matches!(chars.get(i + 1), Some('x' | 'X'));
            i += 1;
            while i < chars.len() {
                let d = chars[i];
                let exponent_sign =
                    !hex && (d == '+' || d == '-') && matches!(chars[i - 1], 'e' | 'E');
                if d.is_ascii_alphanumeric() || d == '.' || exponent_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            toks.push(parse_number(&chars[start..i].iter().collect::<String>())?);
        } else if is_ident_start(c) {
            let end = scan(&chars, i, is_ident_char);
            toks.push(Tok::Ident(chars[i..end].iter().collect()));
            i = end;
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let op = match two.as_str() {
                "<<" => Some("<<"),
                ">>" => Some(">>"),
                _ => None,
            };
            if let Some(op) = op {
                toks.push(Tok::Op(op));
                i += 2;
                continue;
            }
            toks.push(match c {
                '(' => Tok::Open,
                ')' => Tok::Close,
                '+' => Tok::Op("+"),
                '-' => Tok::Op("-"),
                '*' => Tok::Op("*"),
                '/' => Tok::Op("/"),
                '%' => Tok::Op("%"),
                '&' => Tok::Op("&"),
                '|' => Tok::Op("|"),
                '^' => Tok::Op("^"),
                '~' => Tok::Op("~"),
                '!' => Tok::Op("!"),
                _ => return Err(format!("unexpected character '{c}' in expression")),
            });
            i += 1;
        }
    }
    Ok(toks)
}

/// Binding strength of a binary operator (higher binds tighter): llvm-mc's GNU-assembler
/// precedence, `+ -` below `| ^ &` below `* / % << >>`, each level left-associative
/// (checked with llvm-mc 22: `1|2+3` is 6, `5-1|2` is 2, `1+2<<3` is 17, `8>>1+1` is 5).
pub(crate) fn precedence(op: &str) -> Option<u8> {
    Some(match op {
        "+" | "-" => 1,
        "|" | "^" | "&" => 2,
        "*" | "/" | "%" | "<<" | ">>" => 3,
        _ => return None,
    })
}

/// Intermediate value: a number, or "depends on a symbol".
#[derive(Debug, Clone, PartialEq)]
enum Partial {
    Int(i64),
    Float(f64),
    Symbolic,
}

/// Deepest nesting of parentheses and unary operators an expression may have. The parsers
/// recurse once per level, so without a bound a hostile line overflows the stack (and
/// aborts the whole run); real operands nest a few levels.
pub const MAX_NESTING: usize = 256;

/// The rejection of an expression nested deeper than [`MAX_NESTING`].
pub fn nesting_too_deep() -> String {
    format!("expression nested deeper than {MAX_NESTING} levels")
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    /// Levels of [`Parser::primary`] open.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    /// Every level of nesting passes here: counts the levels (see [`MAX_NESTING`]).
    fn primary(&mut self) -> Result<Partial, String> {
        if self.depth == MAX_NESTING {
            return Err(nesting_too_deep());
        }
        self.depth += 1;
        let value = self.unnested_primary();
        self.depth -= 1;
        value
    }

    fn unnested_primary(&mut self) -> Result<Partial, String> {
        let tok = self.peek().cloned().ok_or("expected expression")?;
        self.pos += 1;
        match tok {
            Tok::Int(v) => Ok(Partial::Int(v)),
            Tok::Float(v) => Ok(Partial::Float(v)),
            Tok::Ident(_) => Ok(Partial::Symbolic),
            Tok::Open => {
                let v = self.binary(1)?;
                if self.peek() != Some(&Tok::Close) {
                    return Err("expected ')' in expression".into());
                }
                self.pos += 1;
                Ok(v)
            }
            Tok::Op(op @ ("-" | "~" | "!" | "+")) => {
                let v = self.primary()?;
                Ok(match (op, v) {
                    (_, Partial::Symbolic) => Partial::Symbolic,
                    ("-", Partial::Int(v)) => Partial::Int(v.wrapping_neg()),
                    ("-", Partial::Float(v)) => Partial::Float(-v),
                    ("+", v) => v,
                    ("~", Partial::Int(v)) => Partial::Int(!v),
                    ("!", Partial::Int(v)) => Partial::Int((v == 0) as i64),
                    _ => return Err("invalid operator on floating-point value".into()),
                })
            }
            _ => Err("expected expression".into()),
        }
    }

    fn binary(&mut self, min_prec: u8) -> Result<Partial, String> {
        let mut lhs = self.primary()?;
        while let Some(Tok::Op(op)) = self.peek().cloned() {
            let Some(prec) = precedence(op) else { break };
            if prec < min_prec {
                break;
            }
            self.pos += 1;
            let rhs = self.binary(prec + 1)?;
            lhs = match (lhs, rhs) {
                (Partial::Int(a), Partial::Int(b)) => Partial::Int(apply(op, a, b)?),
                (Partial::Float(_), _) | (_, Partial::Float(_)) => {
                    return Err("floating-point values cannot be combined".into())
                }
                _ => Partial::Symbolic,
            };
        }
        Ok(lhs)
    }
}

/// The value of `a op b` for a binary operator [`precedence`] admits.
pub(crate) fn apply(op: &str, a: i64, b: i64) -> Result<i64, String> {
    Ok(match op {
        "+" => a.wrapping_add(b),
        "-" => a.wrapping_sub(b),
        "*" => a.wrapping_mul(b),
        "/" | "%" if b == 0 => return Err("division by zero".into()),
        "/" => a.wrapping_div(b),
        "%" => a.wrapping_rem(b),
        "<<" => a.wrapping_shl(b as u32),
        ">>" => a.wrapping_shr(b as u32),
        "&" => a & b,
        "|" => a | b,
        "^" => a ^ b,
        _ => unreachable!("precedence() admits only these operators"),
    })
}

/// Evaluates `text` as one operand expression.
pub fn evaluate(text: &str) -> Result<Value, String> {
    let text = text.trim();
    if let Some(v) = plain_decimal(text) {
        return Ok(Value::Int(v));
    }
    let mut parser = Parser {
        toks: tokenize(text)?,
        pos: 0,
        depth: 0,
    };
    let value = parser.binary(1)?;
    if parser.pos != parser.toks.len() {
        return Err("unexpected token in expression".into());
    }
    Ok(match value {
        Partial::Int(v) => Value::Int(v),
        Partial::Float(v) => Value::Float(v),
        Partial::Symbolic => Value::Symbolic(text.to_string()),
    })
}

/// The value of a plain decimal number (`0`, `42`, no leading zero), the commonest operand
/// expression (register indices, offsets), read without tokenizing; `None` for any other text.
fn plain_decimal(text: &str) -> Option<i64> {
    let decimal =
        text.bytes().all(|b| b.is_ascii_digit()) && (text.len() == 1 || !text.starts_with('0'));
    decimal
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .map(|v| v as i64)
}

/// True when `text` starts like an expression (so it is not a register or keyword).
pub fn looks_like_expression(text: &str) -> bool {
    tokenize(text).is_ok_and(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_every_radix() {
        assert_eq!(evaluate("0x1f"), Ok(Value::Int(31)));
        assert_eq!(evaluate("0b101"), Ok(Value::Int(5)));
        assert_eq!(evaluate("010"), Ok(Value::Int(8)));
        assert_eq!(evaluate("42"), Ok(Value::Int(42)));
        assert_eq!(evaluate("0xffffffffffffffff"), Ok(Value::Int(-1)));
    }

    #[test]
    fn precedence_and_folding() {
        assert_eq!(evaluate("1+2"), Ok(Value::Int(3)));
        assert_eq!(evaluate("1+2*3"), Ok(Value::Int(7)));
        assert_eq!(evaluate("(1+2)*3"), Ok(Value::Int(9)));
        assert_eq!(evaluate("1 << 4 | 1"), Ok(Value::Int(17)));
        assert_eq!(evaluate("-1"), Ok(Value::Int(-1)));
        assert_eq!(evaluate("~0"), Ok(Value::Int(-1)));
        assert_eq!(evaluate("10 - 2 - 3"), Ok(Value::Int(5)));
        assert_eq!(evaluate("7 & 3 ^ 1"), Ok(Value::Int(2)));
        // GNU precedence, each value as llvm-mc 22 encodes `s_movk_i32 s0, <expr>`.
        for (text, value) in [
            ("1|2+3", 6),
            ("5-1|2", 2),
            ("1+2<<3", 17),
            ("8>>1+1", 5),
            ("2*3<<1", 12),
            ("1|6&3", 3),
        ] {
            assert_eq!(evaluate(text), Ok(Value::Int(value)), "{text}");
        }
    }

    #[test]
    fn floats_and_symbols() {
        assert_eq!(evaluate("-4.0"), Ok(Value::Float(-4.0)));
        assert_eq!(evaluate("1e1"), Ok(Value::Float(10.0)));
        assert_eq!(evaluate("0.15915494"), Ok(Value::Float(0.15915494)));
        assert_eq!(evaluate("label+4"), Ok(Value::Symbolic("label+4".into())));
        assert!(evaluate("1.0 + 1").is_err());
        assert!(evaluate("1 +").is_err());
        assert!(evaluate("1 / 0").is_err());
    }

    #[test]
    fn deep_nesting_is_rejected() {
        let nested = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(evaluate(&nested(100)), Ok(Value::Int(1)));
        assert_eq!(evaluate(&nested(40_000)), Err(nesting_too_deep()));
        assert_eq!(evaluate(&"-".repeat(40_000)), Err(nesting_too_deep()));
    }
}
