//! Tokens of AMD's pseudocode dialect.
//!
//! Before lexing, [`clean_source`] drops what the extracted manual text mixes
//! into the code: `//` comments, worked examples (`NAME(args) => result`) and
//! prose lines (`S1.u[0] -- value is ...`).

use crate::ast::{Ty, TyKind};
use crate::int::Int;
use crate::ParseError;

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Ident(String),
    /// Integer literal; `ty` from a suffix (`U`, `LL`, `ULL`) or a sized prefix (`8'0xff`).
    Int {
        value: Int,
        ty: Option<Ty>,
        hex: bool,
    },
    /// Floating literal; `f32` when suffixed with `F`.
    Float {
        value: f64,
        single: bool,
    },
    /// A sized type such as `32'U`, `64'F`, `1201'B` (a cast when followed by `(`).
    SizedType(Ty),
    Str(String),
    /// `.name` after an expression: a typed view (`.u32`) or a field (`.IEEE`).
    Dot(String),
    Punct(&'static str),
    Newline,
}

const PUNCTS: [&str; 38] = [
    "**", "+:", "<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "<>", "&&", "||", "+=", "-=",
    "*=", "/=", "|=", "&=", "^=", "=>", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<", ">",
    "=", "?", ":", ",", ";",
];
const BRACKETS: [&str; 6] = ["(", ")", "[", "]", "{", "}"];

/// Removes comments, worked examples and prose lines, keeping line structure.
pub fn clean_source(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    for line in src.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let trimmed = code.trim();
        // Worked examples such as `S_ABS_I32(0x1) => 0x1` end every few entries.
        if trimmed.contains("=>") {
            out.push('\n');
            continue;
        }
        if let Some(closer) = closing_keyword(trimmed) {
            out.push_str(closer);
            out.push('\n');
            continue;
        }
        if let Some(statement) = statement_with_full_stop(trimmed) {
            out.push_str(statement);
            out.push('\n');
            continue;
        }
        // Bit-meaning tables such as `S1.u[0] -- value is a signaling NAN.`
        if trimmed.contains(" -- ") || is_prose_or_assembly(trimmed) {
            out.push('\n');
            continue;
        }
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// A line closing a block in the older manuals, which end the text's last one with a full
/// stop and sometimes spell `endif` in two words (`endif.`, `end if.`): the keyword.
fn closing_keyword(line: &str) -> Option<&'static str> {
    match line.strip_suffix('.').unwrap_or(line).trim_end() {
        "endif" | "end if" => Some("endif"),
        "endfor" => Some("endfor"),
        _ => None,
    }
}

/// The older manuals end a text's last statement with a full stop (`RETURN_DATA = tmp.`,
/// `D0[15:0] = MEM[ADDR].`): the statement without it, or `None` for any other line. A
/// field table's line (`VDST = Destination for instruction in the VGPR.`) is prose: two
/// words side by side never occur in an expression.
fn statement_with_full_stop(line: &str) -> Option<&str> {
    let (statement, value) = assignment_with_full_stop(line)?;
    (!has_adjacent_words(value)).then_some(statement)
}

/// A line the older manuals write as an assignment of a result whose value is a sentence
/// (`SCC = signed overflow.`, `D.f = cubemap S coordinate.`): what the text says the
/// instruction writes, in words no reader can run. [`clean_source`] drops such a line with
/// the other prose, so a text holding one says less than the instruction does. A field
/// table's line (`VDST = Destination for instruction in the VGPR.`) names an encoding
/// field, not a result, and is no such line.
pub fn prose_assignment(src: &str) -> Option<&str> {
    /// The results a text writes: the destination (`D`, `D0`, the GCN manuals' `dst` and
    /// `Result`) and the state registers.
    const RESULTS: [&str; 9] = ["D", "D0", "D1", "dst", "Result", "SCC", "VCC", "EXEC", "M0"];
    src.lines()
        .map(|line| line.split("//").next().unwrap_or(line).trim())
        .find(|line| {
            assignment_with_full_stop(line).is_some_and(|(statement, value)| {
                let target = statement.split(['.', '[', ' ', '=']).next().unwrap_or("");
                RESULTS.contains(&target) && has_adjacent_words(value)
            })
        })
}

/// A line `target = value.` with an assignable target: the statement without its full
/// stop, and the value.
fn assignment_with_full_stop(line: &str) -> Option<(&str, &str)> {
    let statement = line.strip_suffix('.')?.trim_end();
    let at = statement.find('=')?;
    let (target, value) = (&statement[..at], &statement[at + 1..]);
    if value.starts_with('=') || target.ends_with(['<', '>', '!']) {
        return None;
    }
    let target = target
        .trim_end()
        .trim_end_matches(['+', '-', '*', '|', '&', '^'])
        .trim_end();
    let mut depth = 0i32;
    let lvalue = !target.is_empty()
        && target.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && target.chars().all(|c| {
            depth += i32::from(c == '[') - i32::from(c == ']');
            // Inside brackets, any expression (`MEM[ADDR_BASE + OFFSET1 * 4]`).
            depth > 0 || c.is_ascii_alphanumeric() || "_.[]:".contains(c)
        });
    lvalue.then_some((statement, value))
}

/// Whether two identifiers stand next to each other with only spaces between them.
fn has_adjacent_words(text: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut after_word = false;
    let mut spaced = false;
    for c in text.chars() {
        if word(c) {
            if after_word && spaced {
                return true;
            }
            after_word = true;
            spaced = false;
        } else if c == ' ' {
            spaced = after_word;
        } else {
            after_word = false;
            spaced = false;
        }
    }
    false
}

/// Sentences, assembly examples (`s_nop 0`), labels (`loop:`) and opcode
/// headings (`V_CMP_LT_F32 17`) that the extraction left between code lines.
fn is_prose_or_assembly(line: &str) -> bool {
    if line.is_empty() {
        return false;
    }
    if line.ends_with('.') {
        return true;
    }
    // A placeholder for "some instruction" in an assembly example (`<OP>`).
    if line.starts_with('<')
        && line.ends_with('>')
        && line[1..line.len() - 1]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return true;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let first = words[0];
    let ident = |w: &str| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if words.len() == 1 && first.ends_with(':') && ident(first.trim_end_matches(':')) {
        return true;
    }
    const MNEMONIC_PREFIXES: [&str; 9] = [
        "s_", "v_", "ds_", "buffer_", "global_", "flat_", "scratch_", "image_", "tbuffer_",
    ];
    let second_is_operand = words
        .get(1)
        .is_some_and(|w| !w.starts_with('=') && !w.starts_with('(') && !w.contains("="));
    if ident(first)
        && MNEMONIC_PREFIXES.iter().any(|p| first.starts_with(p))
        && (words.len() == 1 || second_is_operand)
        && !line.contains(" = ")
    {
        return true;
    }
    if words.len() == 2
        && ident(first)
        && first.chars().all(|c| !c.is_ascii_lowercase())
        && first.contains('_')
        && words[1].chars().all(|c| c.is_ascii_digit())
    {
        return true;
    }
    // A capitalised English word followed by lower-case words.
    let sentence = first.len() > 1
        && first.starts_with(|c: char| c.is_ascii_uppercase())
        && first[1..].chars().all(|c| c.is_ascii_lowercase())
        && words.len() >= 3
        && words[1]
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c.is_ascii_digit())
        && !line.contains('=');
    sentence
}

fn is_operator_token(t: &Tok) -> bool {
    match t {
        Tok::Punct(p) => !matches!(*p, ")" | "]" | "}" | ";"),
        _ => false,
    }
}

fn parse_type_letters(kind: char) -> Option<TyKind> {
    match kind {
        'U' => Some(TyKind::U),
        'I' => Some(TyKind::I),
        'F' => Some(TyKind::F),
        'B' => Some(TyKind::B),
        _ => None,
    }
}

/// What the digits at `i` that make no number are: a matrix shape of the MFMA/WMMA
/// descriptions (`A (16x8)`), or a malformed number.
fn not_a_number(chars: &[char], i: usize) -> &'static str {
    let mut j = i;
    while j < chars.len() && chars[j].is_ascii_digit() {
        j += 1;
    }
    let shape = chars.get(j) == Some(&'x') && chars.get(j + 1).is_some_and(|c| c.is_ascii_digit());
    if shape {
        "matrix-shape"
    } else {
        "lex-number"
    }
}

/// Splits cleaned pseudocode into tokens. Newlines inside brackets, or after an
/// operator, are dropped so that wrapped expressions read as one statement.
pub fn lex(src: &str) -> Result<Vec<Tok>, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks: Vec<Tok> = Vec::new();
    let mut depth: i32 = 0;
    let mut i = 0;
    let err = |construct: &str, at: usize| ParseError {
        construct: construct.to_string(),
        message: format!(
            "near {:?}",
            chars[at..(at + 20).min(chars.len())]
                .iter()
                .collect::<String>()
        ),
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            let continues = toks.last().map(is_operator_token).unwrap_or(true);
            if depth == 0 && !continues && toks.last() != Some(&Tok::Newline) {
                toks.push(Tok::Newline);
            }
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '"' {
            let start = i + 1;
            let mut j = start;
            while j < chars.len() && chars[j] != '"' {
                j += 1;
            }
            if j >= chars.len() {
                return Err(err("lex-unterminated-string", i));
            }
            toks.push(Tok::Str(chars[start..j].iter().collect()));
            i = j + 1;
            continue;
        }
        if c.is_ascii_digit() {
            let (tok, next) =
                lex_number(&chars, i).ok_or_else(|| err(not_a_number(&chars, i), i))?;
            toks.push(tok);
            i = next;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            toks.push(Tok::Ident(chars[start..i].iter().collect()));
            continue;
        }
        if chars[i..].starts_with(&['.', '.']) {
            // The older manuals' loop range, `for i in 0 ... 31 do` (`0 .. 31` in V_BCNT).
            toks.push(Tok::Punct("..."));
            i += 2 + usize::from(chars.get(i + 2) == Some(&'.'));
            continue;
        }
        if c == '.' {
            // `.u32`, `.X`: a member after an expression. A leading-dot float is not used.
            let start = i + 1;
            let mut j = start;
            while j < chars.len() && (chars[j].is_ascii_alphanumeric() || chars[j] == '_') {
                j += 1;
            }
            if j == start {
                return Err(err("lex-stray-dot", i));
            }
            toks.push(Tok::Dot(chars[start..j].iter().collect()));
            i = j;
            continue;
        }
        if let Some(b) = BRACKETS.iter().find(|b| b.starts_with(c)) {
            match c {
                '(' | '[' | '{' => depth += 1,
                _ => depth -= 1,
            }
            toks.push(Tok::Punct(b));
            i += 1;
            continue;
        }
        let rest: String = chars[i..(i + 3).min(chars.len())].iter().collect();
        if let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            toks.push(Tok::Punct(p));
            i += p.len();
            continue;
        }
        return Err(err(&format!("lex-char-{c}"), i));
    }
    while toks.last() == Some(&Tok::Newline) {
        toks.pop();
    }
    Ok(toks)
}

/// Lexes `123`, `0x1f`, `1U`, `1LL`, `1ULL`, `2.0`, `0.5F`, `0.5f`, `1e-3`, `32'U`, `1'1U`,
/// `8'0xff`, `8'h0`, `8 'h0`.
fn lex_number(chars: &[char], start: usize) -> Option<(Tok, usize)> {
    let digits_end = skip_digits(chars, start);
    if digits_end < chars.len() && chars[digits_end] == '\'' {
        return lex_sized(chars, start, digits_end);
    }
    // `24 'h0`: the older manuals' Verilog literal, with a space before the quote.
    let quote = (digits_end..chars.len()).find(|&j| chars[j] != ' ');
    if let Some(q) = quote.filter(|&q| q > digits_end && is_hex_literal_quote(chars, q)) {
        return lex_sized(chars, start, q);
    }
    let is_hex = chars[start] == '0' && matches!(chars.get(start + 1), Some('x') | Some('X'));
    let (value, i) = if is_hex {
        let ds = start + 2;
        let mut i = ds;
        while i < chars.len() && chars[i].is_ascii_hexdigit() {
            i += 1;
        }
        let value = Int::from_str_radix(&chars[ds..i].iter().collect::<String>(), 16)?;
        (value, i)
    } else {
        match lex_decimal(chars, start)? {
            (Tok::Int { value, .. }, i) => (value, i),
            float => return Some(float),
        }
    };
    lex_int_suffix(chars, start, value, i, is_hex)
}

/// The digits (and `_` separators) of a `width`-bit literal in `radix` from `start`.
fn verilog_literal(chars: &[char], start: usize, width: u32, radix: u32) -> Option<(Tok, usize)> {
    let is_digit = |c: char| c.is_digit(radix) || c == '_';
    let end = (start..chars.len())
        .find(|&j| !is_digit(chars[j]))
        .unwrap_or(chars.len());
    let digits: String = chars[start..end].iter().filter(|c| **c != '_').collect();
    let value = Int::from_str_radix(&digits, radix)?;
    let ty = Some(Ty::new(TyKind::B, width));
    let hex = radix == 16;
    Some((Tok::Int { value, ty, hex }, end))
}

/// Whether `chars[q..]` is `'h` and a hexadecimal digit.
fn is_hex_literal_quote(chars: &[char], q: usize) -> bool {
    chars.get(q) == Some(&'\'')
        && chars.get(q + 1) == Some(&'h')
        && chars.get(q + 2).is_some_and(char::is_ascii_hexdigit)
}

/// The index of the first non-digit at or after `i`.
fn skip_digits(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// `WIDTH'...` with the quote at `quote`: a sized type (`32'U`, `16'F`) or a literal of
/// that width (`1'1U`, `8'0xff`, `32'1.0`).
fn lex_sized(chars: &[char], start: usize, quote: usize) -> Option<(Tok, usize)> {
    let width: u32 = chars[start..quote]
        .iter()
        .collect::<String>()
        .trim_end()
        .parse()
        .ok()?;
    let after = quote + 1;
    let kind_char = *chars.get(after)?;
    // `16'BF(x)`: a cast to bfloat16 (the CDNA5 texts' V_TANH_BF16 and kin).
    if chars.get(after..after + 2) == Some(&['B', 'F'][..]) {
        let follows_ident = chars
            .get(after + 2)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_');
        if !follows_ident {
            return Some((Tok::SizedType(Ty::new(TyKind::BF, width)), after + 2));
        }
    }
    // `8'h0` and `1'b0`: hexadecimal and binary literals, as Verilog writes them (the older
    // manuals' D16 loads, the CDNA5 V_DUAL_BITOP2_B32 text).
    if is_hex_literal_quote(chars, quote) {
        return verilog_literal(chars, after + 1, width, 16);
    }
    if kind_char == 'b' && chars.get(after + 1).is_some_and(|c| matches!(c, '0' | '1')) {
        return verilog_literal(chars, after + 1, width, 2);
    }
    if let Some(kind) = parse_type_letters(kind_char) {
        let follows_ident = chars
            .get(after + 1)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_');
        if !follows_ident {
            return Some((Tok::SizedType(Ty { kind, width }), after + 1));
        }
    }
    // `8'-8`: a negative literal of that width, signed (the CDNA5 V_SAT_PK4_I4_I8 text).
    let negative = kind_char == '-' && chars.get(after + 1).is_some_and(char::is_ascii_digit);
    let (tok, next) = lex_number(chars, after + usize::from(negative))?;
    let sized = match tok {
        Tok::Int { value, .. } if negative => Tok::Int {
            value: -value,
            ty: Some(Ty::new(TyKind::I, width)),
            hex: false,
        },
        Tok::Int { value, ty, hex } => Tok::Int {
            value,
            ty: Some(Ty {
                kind: ty.map(|t| t.kind).unwrap_or(TyKind::B),
                width,
            }),
            hex,
        },
        Tok::Float { value, .. } => Tok::Float {
            value,
            single: width == 32,
        },
        _ => return None,
    };
    Some((sized, next))
}

/// A decimal number at `start`: a float (`2.0`, `1e-3`, `0.5F`) complete with its `F`,
/// or the digits of an integer (untyped; its suffix is read by [`lex_int_suffix`]).
fn lex_decimal(chars: &[char], start: usize) -> Option<(Tok, usize)> {
    let mut i = skip_digits(chars, start);
    let mut is_float = false;
    if chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
        is_float = true;
        i = skip_digits(chars, i + 1);
    }
    if matches!(chars.get(i), Some('e') | Some('E'))
        && chars
            .get(i + 1)
            .is_some_and(|c| c.is_ascii_digit() || *c == '-' || *c == '+')
    {
        is_float = true;
        i = skip_digits(chars, i + 2);
    }
    let text: String = chars[start..i].iter().collect();
    if is_float {
        let v: f64 = text.parse().ok()?;
        // `0.5F`; the older manuals also write C's `0.0f`.
        let single = matches!(chars.get(i), Some('F' | 'f'))
            && !chars
                .get(i + 1)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_');
        if single {
            i += 1;
        }
        return Some((Tok::Float { value: v, single }, i));
    }
    let value = text.parse().ok()?;
    Some((
        Tok::Int {
            value,
            ty: None,
            hex: false,
        },
        i,
    ))
}

/// The suffix of the integer `value` whose digits run from `start` to `i`: `U`, `L`,
/// `LL`, `UL`, `ULL` type it; `F` after decimal digits makes it a single-precision float.
/// A letter, digit or `_` right after the suffix means this is no number.
fn lex_int_suffix(
    chars: &[char],
    start: usize,
    value: Int,
    mut i: usize,
    is_hex: bool,
) -> Option<(Tok, usize)> {
    let mut suffix = String::new();
    while i < chars.len() && matches!(chars[i], 'U' | 'L' | 'u' | 'l' | 'F') {
        suffix.push(chars[i]);
        i += 1;
    }
    let ty = match suffix.to_ascii_uppercase().as_str() {
        "" => None,
        "U" => Some(Ty::new(TyKind::U, 32)),
        "L" | "LL" => Some(Ty::new(TyKind::I, 64)),
        "UL" | "ULL" => Some(Ty::new(TyKind::U, 64)),
        "F" if !is_hex => {
            let v: f64 = chars[start..i - 1]
                .iter()
                .collect::<String>()
                .parse()
                .ok()?;
            return Some((
                Tok::Float {
                    value: v,
                    single: true,
                },
                i,
            ));
        }
        _ => return None,
    };
    if chars
        .get(i)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
    {
        return None;
    }
    Some((
        Tok::Int {
            value,
            ty,
            hex: is_hex,
        },
        i,
    ))
}
