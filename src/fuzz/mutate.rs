//! Assembler-line mutations: register numbers and ranges (alignment, width, past the last
//! register), immediates and modifier values at and past field limits, modifiers added,
//! dropped and reordered, operands swapped for constants (inline values and literals) or for
//! operands other lines use.

use regex::Regex;
use std::sync::OnceLock;

use super::rng::Rng;
use super::seeds::Seeds;

/// A statement split into mnemonic, comma-separated operands and trailing modifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stmt {
    pub mnemonic: String,
    pub operands: Vec<String>,
    pub modifiers: Vec<String>,
}

impl Stmt {
    /// Splits at top-level commas; the last operand's blank-separated tail is modifiers.
    pub fn parse(line: &str) -> Stmt {
        let body = line.trim();
        let (mnemonic, rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let mut operands: Vec<String> = split_top(rest, |c| c == ',');
        let mut modifiers = Vec::new();
        if let Some(last) = operands.pop() {
            let mut words = split_top(&last, char::is_whitespace).into_iter();
            operands.extend(words.next());
            modifiers.extend(words);
        }
        Stmt {
            mnemonic: mnemonic.to_string(),
            operands,
            modifiers,
        }
    }

    pub fn render(&self) -> String {
        let mut s = self.mnemonic.clone();
        if !self.operands.is_empty() {
            s.push(' ');
            s.push_str(&self.operands.join(", "));
        }
        for m in &self.modifiers {
            s.push(' ');
            s.push_str(m);
        }
        s
    }
}

/// Non-empty trimmed pieces of `s` split where `sep` holds outside brackets and parentheses.
fn split_top(s: &str, sep: impl Fn(char) -> bool) -> Vec<String> {
    let (mut pieces, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ if depth == 0 && sep(c) => {
                pieces.push(s[start..i].trim().to_string());
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    pieces.push(s[start..].trim().to_string());
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// A register operand in a line: its byte span, file (`v`, `s`, `a`, `ttmp`), first register
/// and count (`None` for a single register).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegToken {
    pub span: (usize, usize),
    pub file: String,
    pub first: i64,
    pub last: Option<i64>,
}

pub fn registers(text: &str) -> Vec<RegToken> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"\b(ttmp|[vsa])(?:(\d+)\b|\[(\d+):(\d+)\])").expect("valid register pattern")
    });
    re.captures_iter(text)
        .filter_map(|c| {
            let whole = c.get(0)?;
            let num = |i: usize| c.get(i).and_then(|m| m.as_str().parse::<i64>().ok());
            Some(RegToken {
                span: (whole.start(), whole.end()),
                file: c[1].to_string(),
                first: num(2).or_else(|| num(3))?,
                last: num(4),
            })
        })
        .collect()
}

/// Integer tokens outside register names: byte span, value, and whether the token is a
/// modifier's value (`offset:4`, `quad_perm:[0,1,2,3]`).
pub fn numbers(text: &str) -> Vec<((usize, usize), i64, bool)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE
        .get_or_init(|| Regex::new(r"-?(?:0[xX][0-9a-fA-F]+|\d+)").expect("valid number pattern"));
    let regs = registers(text);
    let bytes = text.as_bytes();
    re.find_iter(text)
        .filter(|m| {
            let before = m.start().checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(m.end()).copied();
            let wordy = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_');
            !wordy(before)
                && !wordy(after)
                && before != Some(b'.')
                && after != Some(b'.')
                && !regs
                    .iter()
                    .any(|r| r.span.0 <= m.start() && m.end() <= r.span.1)
        })
        .filter_map(|m| {
            let s = m.as_str();
            let (neg, digits) = s.strip_prefix('-').map_or((false, s), |d| (true, d));
            let v = match digits
                .strip_prefix("0x")
                .or_else(|| digits.strip_prefix("0X"))
            {
                Some(h) => i64::from_str_radix(h, 16).ok()?,
                None => digits.parse().ok()?,
            };
            let token_start = text[..m.start()].rfind([' ', ',']).map_or(0, |i| i + 1);
            let in_modifier = text[token_start..m.start()].contains(':');
            Some(((m.start(), m.end()), if neg { -v } else { v }, in_modifier))
        })
        .collect()
}

/// Renders an integer as test lines write them: negative in decimal, others hex or decimal.
pub fn render_int(v: i64, hex: bool) -> String {
    if v >= 0 && hex {
        format!("{v:#x}")
    } else {
        v.to_string()
    }
}

fn splice(text: &str, span: (usize, usize), with: &str) -> String {
    format!("{}{with}{}", &text[..span.0], &text[span.1..])
}

/// A mutated line and the kinds of mutation applied, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutated {
    pub text: String,
    pub kinds: Vec<&'static str>,
}

/// Applies one to three mutations to `line`; `None` when none applies.
pub fn mutate(line: &str, seeds: &Seeds, rng: &mut Rng) -> Option<Mutated> {
    let rounds = match rng.below(20) {
        0 => 3,
        1..=5 => 2,
        _ => 1,
    };
    let mut text = line.to_string();
    let mut kinds = Vec::new();
    for _ in 0..rounds {
        for _ in 0..6 {
            let (kind, next) = match rng.below(8) {
                0 | 1 => ("reg", mutate_register(&text, rng)),
                2 | 3 => ("imm", mutate_number(&text, rng, false)),
                4 => ("mod-limit", mutate_number(&text, rng, true)),
                5 => ("const", replace_operand(&text, rng, CONSTANTS)),
                6 => ("operand", replace_operand(&text, rng, &seeds.operands)),
                _ => mutate_modifiers(&text, seeds, rng),
            };
            if let Some(next) = next.filter(|n| *n != text) {
                text = next;
                kinds.push(kind);
                break;
            }
        }
    }
    kinds.sort_unstable();
    kinds.dedup();
    (!kinds.is_empty()).then_some(Mutated { text, kinds })
}

/// The last register of each file (`s` counts GFX10+'s 106 SGPRs).
fn register_limit(file: &str) -> i64 {
    match file {
        "s" => 105,
        "ttmp" => 15,
        _ => 255,
    }
}

fn mutate_register(text: &str, rng: &mut Rng) -> Option<String> {
    let regs = registers(text);
    let r = rng.pick(&regs)?;
    let limit = register_limit(&r.file);
    let new = match r.last {
        None => {
            let i = *rng.pick(&[0, 1, limit - 1, limit, limit + 1, r.first + 1])?;
            let i = if rng.chance(30) {
                rng.below(limit as usize + 1) as i64
            } else {
                i
            };
            format!("{}{}", r.file, i.max(0))
        }
        Some(last) => {
            let count = last - r.first + 1;
            let (a, b) = match rng.below(4) {
                0 => (r.first + 1, last + 1), // misaligned
                1 => {
                    let n = *rng.pick(&[1, 2, 3, 4, 5, 6, 8, 16, 32])?;
                    (r.first, r.first + n - 1)
                }
                2 => (
                    limit - count + 1 + rng.below(2) as i64,
                    limit + rng.below(2) as i64,
                ),
                _ => (last, r.first), // reversed
            };
            format!("{}[{}:{}]", r.file, a.max(0), b.max(0))
        }
    };
    Some(splice(text, r.span, &new))
}

/// 2^k - 1, 2^k, 2^k + 1 (and, for operands, their negations) for a field width k.
fn boundary(rng: &mut Rng, modifier: bool) -> i64 {
    const WIDTHS: &[u32] = &[
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 20, 21, 23, 24, 31, 32,
    ];
    let k = WIDTHS[rng.below(if modifier { 15 } else { WIDTHS.len() })];
    let p = 1i64 << k;
    match rng.below(if modifier { 3 } else { 5 }) {
        0 => p - 1,
        1 => p,
        2 => p + 1,
        3 => -p,
        _ => -p - 1,
    }
}

fn mutate_number(text: &str, rng: &mut Rng, modifier: bool) -> Option<String> {
    let nums: Vec<_> = numbers(text)
        .into_iter()
        .filter(|n| n.2 == modifier)
        .collect();
    let (span, _, _) = *rng.pick(&nums)?;
    let v = boundary(rng, modifier);
    Some(splice(text, span, &render_int(v, rng.chance(50))))
}

/// Inline constants, the literals next to them, and bit patterns of common constants.
const CONSTANTS: &[&str] = &[
    "0",
    "1",
    "-1",
    "64",
    "65",
    "-16",
    "-17",
    "0.5",
    "-0.5",
    "1.0",
    "-1.0",
    "2.0",
    "-2.0",
    "4.0",
    "-4.0",
    "0.15915494",
    "0.1",
    "3.0",
    "1.5",
    "0x3f800000",
    "0x3e22f983",
    "0x3c00",
    "0xbc00",
    "0x3800",
    "0x4400",
    "0x3118",
    "0x12345678",
    "0xffffffff",
    "0x80000000",
    "0xfffffff0",
    "0x7fff",
    "0x8000",
    "0xffff",
    "-0x10",
];

fn replace_operand(text: &str, rng: &mut Rng, pool: &[impl AsRef<str>]) -> Option<String> {
    if text.contains("::") {
        return None;
    }
    let mut stmt = Stmt::parse(text);
    let n = stmt.operands.len();
    if n == 0 {
        return None;
    }
    // Sources more often than destinations.
    let at = if n > 1 && rng.chance(80) {
        1 + rng.below(n - 1)
    } else {
        0
    };
    stmt.operands[at] = rng.pick(pool)?.as_ref().to_string();
    Some(stmt.render())
}

fn mutate_modifiers(text: &str, seeds: &Seeds, rng: &mut Rng) -> (&'static str, Option<String>) {
    if text.contains("::") {
        return ("mod-add", None);
    }
    let mut stmt = Stmt::parse(text);
    let n = stmt.modifiers.len();
    let kind = match rng.below(3) {
        0 if n > 0 => {
            stmt.modifiers.remove(rng.below(n));
            "mod-drop"
        }
        1 if n > 1 => {
            let (i, j) = (rng.below(n), rng.below(n));
            stmt.modifiers.swap(i, j);
            "mod-order"
        }
        _ => match rng.pick(&seeds.modifiers) {
            Some(m) => {
                let at = rng.below(n + 1);
                stmt.modifiers.insert(at, m.clone());
                "mod-add"
            }
            None => return ("mod-add", None),
        },
    };
    (kind, Some(stmt.render()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_split_into_operands_and_modifiers() {
        let s = Stmt::parse("v_add3_u32_e64_dpp v5, v1, v2, v3 quad_perm:[3,2,1,0] row_mask:0xf");
        assert_eq!(s.mnemonic, "v_add3_u32_e64_dpp");
        assert_eq!(s.operands, ["v5", "v1", "v2", "v3"]);
        assert_eq!(s.modifiers, ["quad_perm:[3,2,1,0]", "row_mask:0xf"]);
        assert_eq!(
            s.render(),
            "v_add3_u32_e64_dpp v5, v1, v2, v3 quad_perm:[3,2,1,0] row_mask:0xf"
        );
        let s = Stmt::parse("s_setreg_b32 hwreg(HW_REG_MODE, 0, 1), s2");
        assert_eq!(s.operands, ["hwreg(HW_REG_MODE, 0, 1)", "s2"]);
    }

    #[test]
    fn registers_and_numbers_are_found_apart() {
        let text = "image_load v[1:2], v2, s[12:19] dmask:0x3 offset:-4 v_1 0.5";
        let regs = registers(text);
        let named: Vec<_> = regs
            .iter()
            .map(|r| (r.file.as_str(), r.first, r.last))
            .collect();
        assert_eq!(
            named,
            [("v", 1, Some(2)), ("v", 2, None), ("s", 12, Some(19))]
        );
        let nums: Vec<_> = numbers(text).iter().map(|n| (n.1, n.2)).collect();
        assert_eq!(nums, [(3, true), (-4, true)]);
    }

    #[test]
    fn mutation_is_deterministic_and_names_its_kinds() {
        let seeds = Seeds {
            asm: vec![],
            bytes: vec![],
            modifiers: vec!["clamp".into()],
            operands: vec!["vcc".into()],
        };
        let line = "v_mov_b32_dpp v0, v1 row_mask:0xf bank_mask:0x1";
        let a = mutate(line, &seeds, &mut Rng::new(5, 1)).unwrap();
        let b = mutate(line, &seeds, &mut Rng::new(5, 1)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.text, line);
        assert!(!a.kinds.is_empty());
    }
}
