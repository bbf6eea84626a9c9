//! Why a case diverges: the encoding fields two byte strings differ in, the operands two
//! printed texts differ in, and a blame hint where a documented rule can tell.

use crate::bytes::EncByte;
use crate::classify::{LlvmVerdict, OursVerdict, Verdict};
use mcdiff_asm::syntax::constants::is_float_format;
use mcdiff_asm::syntax::vector::operand_bit;
use mcdiff_spec::{Encoding, Field, Spec};

/// The fields of `encoding` whose values differ between our bytes and llvm-mc's, e.g.
/// `OPSEL: ours 0x0, llvm-mc 0x4`; lengths that differ are named first, with the literal
/// dword(s) that follow the instruction word.
pub fn field_diff(
    encoding: &Encoding,
    ours: &[EncByte],
    theirs: &[EncByte],
    theirs_name: &str,
) -> String {
    let word_len = (encoding.bit_count as usize / 8).max(4);
    let (a, b) = (word(ours, 0, word_len), word(theirs, 0, word_len));
    let mut parts = Vec::new();
    if ours.len() != theirs.len() {
        parts.push(format!(
            "length: ours {}, {theirs_name} {} bytes ({} is {word_len} bytes; the rest is literal data)",
            ours.len(),
            theirs.len(),
            encoding.name
        ));
    }
    for field in &encoding.fields {
        let (x, y) = (read(a, field), read(b, field));
        if x != y {
            parts.push(format!("{}: ours {x:#x}, {theirs_name} {y:#x}", field.name));
        }
    }
    let covered = encoding.fields.iter().fold(0u128, |m, f| m | mask(f));
    if (a ^ b) & !covered & low_bits(word_len) != 0 {
        parts.push(format!(
            "bits outside every field of {}: ours {:#x}, {theirs_name} {:#x}",
            encoding.name,
            a & !covered & low_bits(word_len),
            b & !covered & low_bits(word_len)
        ));
    }
    let (la, lb) = (
        &ours[word_len.min(ours.len())..],
        &theirs[word_len.min(theirs.len())..],
    );
    if !la.is_empty() && !lb.is_empty() && la != lb {
        parts.push(format!(
            "literal: ours {:#x}, {theirs_name} {:#x}",
            word(la, 0, la.len().min(8)),
            word(lb, 0, lb.len().min(8))
        ));
    }
    if parts.is_empty() {
        parts.push("fixup bytes differ".into());
    }
    parts.join("; ")
}

/// Where llvm-mc refuses a word we decode: the evidence that the spec lets the word stand,
/// when all that sets it apart from the word its text assembles to (`text_bytes`) is bits
/// the ISA manuals call unused or ignored. Those are an operand field of the encoding (one
/// some instruction of the encoding has an operand in) that this instruction has no operand
/// in, and OMOD on an integer, bit or compare result. None when the word has anything else:
/// a modifier or control field the text does not give back (a reserved field, a modifier
/// bit for a source the instruction lacks), or NEG/ABS on a non-float source, which the
/// RDNA3 and later manuals call undefined.
pub fn spec_ignores(
    spec: &Spec,
    gfx_major: u32,
    inst: &mcdiff_asm::Inst,
    word: &[u8],
    text_bytes: &[u8],
) -> Option<String> {
    let mut notes = unused_fields(spec, inst, word, text_bytes)?;
    let omod = inst.modifiers.get("OMOD");
    if omod != 0 {
        // Partial files leave `output` unset; the destination comes first in spec order.
        let result = (inst.operands.iter())
            .find(|o| o.spec.output == Some(true))
            .or(inst.operands.first());
        let float_result = result.is_some_and(|o| is_float_format(&o.spec.data_format));
        if inst.name.starts_with("V_CMP") || !float_result {
            notes.push(format!(
                "OMOD is {omod:#x} on an integer, bit or compare result"
            ));
        }
    }
    let (neg, abs) = (inst.modifiers.get("NEG"), inst.modifiers.get("ABS"));
    let modified_non_float = inst.operands.iter().any(|o| {
        let bit = o.spec.field.as_deref().and_then(operand_bit);
        bit.is_some_and(|b| (neg | abs) >> b & 1 != 0) && !is_float_format(&o.spec.data_format)
    });
    if notes.is_empty() || modified_non_float {
        return None;
    }
    let source = if gfx_major >= 11 {
        "RDNA3 and later ISA manuals, 4.1 Common Instruction Fields: unused fields are typically \
         set to zero; 7.2.3.1: integer results ignore OMOD"
    } else {
        "GCN, Vega, CDNA and RDNA1-2 ISA manuals, 6.2.2 Instruction Outputs: OMOD is ignored for \
         integer or bit results; their field tables call fields an instruction does not use unused"
    };
    Some(format!(
        "{}; no manual makes such a word invalid ({source})",
        notes.join("; ")
    ))
}

/// The fields `word` and `text_bytes` differ in, each an operand field of the encoding that
/// no operand of `inst` is in; None when any other field, a bit outside every field or the
/// length differs.
fn unused_fields(
    spec: &Spec,
    inst: &mcdiff_asm::Inst,
    word: &[u8],
    text_bytes: &[u8],
) -> Option<Vec<String>> {
    if word.len() != text_bytes.len() {
        return None;
    }
    let bytes = |b: &[u8]| b.iter().map(|&v| EncByte::Byte(v)).collect::<Vec<_>>();
    let (a, b) = (
        self::word(&bytes(word), 0, word.len()),
        self::word(&bytes(text_bytes), 0, word.len()),
    );
    let encoding = inst.form.encoding(spec)?;
    let covered = encoding.fields.iter().fold(0u128, |m, f| m | mask(f));
    if (a ^ b) & !covered & low_bits(word.len()) != 0 {
        return None;
    }
    // The fields some instruction of the encoding has an operand in, gathered once.
    let operand_fields: std::collections::BTreeSet<&str> = (spec.instructions.iter())
        .flat_map(|i| i.encodings.iter())
        .filter(|form| form.encoding == encoding.name)
        .flat_map(|form| form.operands.iter())
        .filter_map(|o| o.field.as_deref())
        .collect();
    let mut notes = Vec::new();
    for field in &encoding.fields {
        if read(a, field) == read(b, field) {
            continue;
        }
        let used = inst
            .operands
            .iter()
            .any(|o| o.spec.field.as_deref() == Some(&field.name));
        if used || !operand_fields.contains(field.name.as_str()) {
            return None;
        }
        let value = read(a, field);
        notes.push(format!(
            "{} is {value:#x}, a field no operand of {} uses",
            field.name, inst.name
        ));
    }
    Some(notes)
}

/// The operands two printed instructions differ in, e.g. `operand 2: ours v1, llvm-mc v1.l`.
pub fn text_diff(ours: &str, theirs: &str, theirs_name: &str) -> String {
    let split = |s: &str| -> Vec<String> {
        let s = s.trim();
        let (mnemonic, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
        std::iter::once(mnemonic.to_string())
            .chain(
                rest.split(',')
                    .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" ")),
            )
            .filter(|p| !p.is_empty())
            .collect()
    };
    let (a, b) = (split(ours), split(theirs));
    let mut parts = Vec::new();
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i), b.get(i));
        if x != y {
            let what = if i == 0 {
                "mnemonic".to_string()
            } else {
                format!("operand {i}")
            };
            let show = |v: Option<&String>| v.map_or("(none)".to_string(), |v| format!("`{v}`"));
            parts.push(format!(
                "{what}: ours {}, {theirs_name} {}",
                show(x),
                show(y)
            ));
        }
    }
    parts.join("; ")
}

/// A diff against the CHECK line with the CHECK line's values left out: only what differs
/// is named (`differs from CHECK in: OPSEL, SRC1`), so reports never copy expected bytes or
/// CHECK text.
pub fn names_only(diff: &str) -> String {
    let names: Vec<&str> = diff
        .split("; ")
        .map(|part| part.split(": ours").next().unwrap_or(part))
        .collect();
    format!("differs from CHECK in: {}", names.join(", "))
}

/// A blame hint where a documented rule can tell who is wrong:
/// - `stale-check`: llvm-mc and our encoder agree, the CHECK line differs;
/// - `llvm-lenient`: llvm-mc accepts a `name:value` modifier whose value does not fit the
///   spec's field of that name (it silently truncates it);
/// - `spec-gap (<files>)`: our side stops at a fact the spec files lack.
pub fn blame(
    verdict: &Verdict,
    text: &str,
    ours_error: Option<&str>,
    spec: Option<&Spec>,
) -> Option<String> {
    if matches!(verdict.llvm, LlvmVerdict::CheckDiffers(_))
        && verdict.ours == OursVerdict::Match
        && !verdict.ours_vs_check
    {
        return Some("stale-check".into());
    }
    let spec = spec?;
    if verdict.ours == OursVerdict::WeReject {
        if let Some(m) = oversized_modifier(text, spec) {
            return Some(format!("llvm-lenient: {m}"));
        }
    }
    let reason = match &verdict.ours {
        OursVerdict::Unsupported(r) => Some(r.as_str()),
        OursVerdict::WeReject => ours_error,
        _ => None,
    }?;
    is_spec_gap(reason).then(|| {
        let files: Vec<&str> = spec.sources.iter().map(|s| s.name.as_str()).collect();
        format!("spec-gap ({})", files.join(", "))
    })
}

/// Our side's reason names a fact the spec files lack.
pub fn is_spec_gap(reason: &str) -> bool {
    reason.starts_with("spec gap")
        || reason.contains("not in spec")
        || reason.contains("no operand facts")
}

/// A `name:value` modifier whose value needs more bits than every field of that name has.
fn oversized_modifier(text: &str, spec: &Spec) -> Option<String> {
    for token in text.split([' ', ',']) {
        let Some((name, value)) = token.split_once(':') else {
            continue;
        };
        let Some(value) = parse_int(value) else {
            continue;
        };
        let field_name = name.to_ascii_uppercase();
        let widest = spec
            .encodings
            .iter()
            .filter_map(|e| e.field(&field_name))
            .map(Field::width)
            .max();
        if let Some(width) = widest.filter(|&w| w < 64 && value >> w != 0) {
            return Some(format!(
                "{name}:{value:#x} needs more than the {width}-bit {field_name} field"
            ));
        }
    }
    None
}

fn parse_int(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// Up to 16 bytes from `at`, little-endian; fixup bytes read as 0.
fn word(bytes: &[EncByte], at: usize, len: usize) -> u128 {
    bytes
        .iter()
        .skip(at)
        .take(len.min(16))
        .enumerate()
        .fold(0u128, |w, (i, b)| match b {
            EncByte::Byte(v) => w | (u128::from(*v) << (8 * i)),
            EncByte::Fixup(_) => w,
        })
}

fn low_bits(bytes: usize) -> u128 {
    if bytes >= 16 {
        u128::MAX
    } else {
        (1u128 << (8 * bytes)) - 1
    }
}

fn mask(field: &Field) -> u128 {
    field
        .ranges
        .iter()
        .filter(|r| r.offset + r.count <= 128)
        .fold(0, |m, r| m | (((1u128 << r.count) - 1) << r.offset))
}

/// A field's raw bits, low range first.
fn read(word: u128, field: &Field) -> u128 {
    let mut value = 0u128;
    let mut shift = 0;
    for r in field.ranges.iter().filter(|r| r.offset + r.count <= 128) {
        value |= ((word >> r.offset) & ((1u128 << r.count) - 1)) << shift;
        shift += r.count;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcdiff_spec::BitRange;

    fn field(name: &str, offset: u32, count: u32) -> Field {
        Field {
            name: name.into(),
            ranges: vec![BitRange {
                offset,
                count,
                padding: None,
                padding_count: 0,
            }],
            conditional: false,
        }
    }

    fn bytes(b: &[u8]) -> Vec<EncByte> {
        b.iter().map(|&v| EncByte::Byte(v)).collect()
    }

    fn encoding() -> Encoding {
        Encoding {
            name: "ENC_TEST".into(),
            bit_count: 32,
            identifier_mask: 0,
            identifiers: vec![],
            conditions: vec![],
            fields: vec![field("SDST", 16, 7), field("SSRC0", 0, 8)],
            order: None,
            source: 0,
        }
    }

    #[test]
    fn names_the_fields_that_differ() {
        let e = encoding();
        let d = field_diff(
            &e,
            &bytes(&[1, 0, 0x80, 0xbe]),
            &bytes(&[1, 0, 0x81, 0xbe]),
            "llvm-mc",
        );
        assert_eq!(d, "SDST: ours 0x0, llvm-mc 0x1");
        let d = field_diff(
            &e,
            &bytes(&[1, 0, 0, 0]),
            &bytes(&[1, 0, 0, 0, 5, 0, 0, 0]),
            "llvm-mc",
        );
        assert!(d.starts_with("length: ours 4, llvm-mc 8 bytes"), "{d}");
        let d = field_diff(
            &e,
            &bytes(&[1, 0x10, 0, 0]),
            &bytes(&[1, 0, 0, 0]),
            "llvm-mc",
        );
        assert!(d.starts_with("bits outside every field"), "{d}");
    }

    #[test]
    fn names_the_operands_that_differ() {
        assert_eq!(
            text_diff("v_mov_b16 v1, v2", "v_mov_b16 v1.l, v2.l", "llvm-mc"),
            "operand 1: ours `v1`, llvm-mc `v1.l`; operand 2: ours `v2`, llvm-mc `v2.l`"
        );
        assert_eq!(text_diff("s_nop 0", "s_nop 0", "llvm-mc"), "");
        let d = text_diff("v_mov_b16 v1, v2", "v_mov_b16 v1.l, v2", "CHECK");
        assert_eq!(names_only(&d), "differs from CHECK in: operand 1");
    }

    #[test]
    fn oversized_modifiers_are_found_by_the_spec_field_width() {
        let mut spec = Spec::default();
        let mut e = encoding();
        e.fields.push(field("ROW_MASK", 60, 4));
        spec.encodings.push(e);
        assert!(oversized_modifier("v_mov_b32_dpp v0, v1 row_mask:0x10", &spec).is_some());
        assert!(oversized_modifier("v_mov_b32_dpp v0, v1 row_mask:0xf", &spec).is_none());
        assert!(oversized_modifier("v_mov_b32_dpp v0, v1 quad_perm:[0,1]", &spec).is_none());
    }
}
