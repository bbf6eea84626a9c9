//! Modifiers after the operands of vector ALU instructions (LLVM's AMDGPUModifierSyntax):
//! `clamp`, output modifiers `mul:2` `mul:4` `div:2`, the per-operand bit lists
//! `op_sel:[..]`, `op_sel_hi:[..]`, `neg_lo:[..]`, `neg_hi:[..]`, and the DPP controls
//! (`quad_perm:[..]`, `row_shl:N`..., `row_mask:`, `bank_mask:`, `bound_ctrl:`, `fi:`,
//! `dpp8:[..]`).
//!
//! Values are returned under canonical field names (`CLAMP`, `OMOD`, `OPSEL`, `OPSEL_HI`,
//! `NEG`, `NEG_HI`); the encoder maps them to the fields of the loaded spec (whose names
//! differ between files, e.g. `CLMP` vs `CLAMP`).

use crate::target::TargetCtx;

/// OMOD values (RDNA3 ISA §7.3 "VOP3", OMOD: 1 = *2, 2 = *4, 3 = /2).
const OUTPUT_MODIFIERS: &[(&str, u32)] = &[
    ("mul:1", 0),
    ("mul:2", 1),
    ("mul:4", 2),
    ("div:2", 3),
    ("div:1", 0),
];

/// A bit-list modifier and the canonical field it fills.
const BIT_LISTS: &[(&str, &str)] = &[
    ("op_sel", "OPSEL"),
    ("op_sel_hi", "OPSEL_HI"),
    ("neg_lo", "NEG"),
    ("neg_hi", "NEG_HI"),
    // The f64 MFMAs' negations of A, B and C, kept in BLGP (CDNA3 ISA §7.1.5.3).
    ("neg", "BLGP"),
];

/// One parsed vector modifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VopModifier {
    /// A field value (`("CLAMP", 1)`, `("OMOD", 3)`).
    Field(&'static str, u32),
    /// A bit list: field, bits (element i in bit i), number of elements.
    Bits(&'static str, u32, u32),
    /// `byte_sel:N` (GFX12 FP8/BF8 conversions): which byte to read or write, kept in OPSEL
    /// bits that depend on the instruction.
    ByteSel(u32),
    /// `scale_sel:N` (GFX12.5 scaled conversions): the whole OPSEL field
    /// ([`crate::syntax::vector::takes_scale_sel`]).
    ScaleSel(u32),
    /// A DPP16 control: field of the `*_VOP_DPP16` encodings and its value.
    Dpp16(&'static str, u32),
    /// `dpp8:[..]`: the eight 3-bit lane selects.
    Dpp8([u32; 8]),
    /// `fi:N` (fetch inactive lanes): a DPP16 field, or the DPP8FI source code for DPP8.
    FetchInactive(u32),
    /// `index_key:N` (sparse matrix ops): which index set src2 holds, kept in OPSEL.
    IndexKey(u32),
    /// `matrix_a_reuse` / `matrix_b_reuse` (GFX12.5 matrix ops): the A or B matrix is
    /// likely used again, OPSEL[2] or OPSEL_HI[2] ([`crate::target::TargetCtx::matrix_reuse`]).
    MatrixReuse(&'static str),
    /// An SDWA selector (`dst_sel:`, `dst_unused:`, `src0_sel:`, `src1_sel:`): field of the
    /// `*_VOP_SDWA` encodings and its value.
    Sdwa(&'static str, u32),
    /// `bitop3:N`: V_BITOP3's 8-bit truth table, kept in NEG, ABS and OMOD
    /// ([`crate::syntax::vector::truth_table_fields`]).
    TruthTable(u32),
    /// `high`: a VOP3 interpolation reads the high 16 bits of each LDS dword, the attribute's
    /// word bit ([`crate::operands::Attribute`]).
    AttrHigh,
}

impl VopModifier {
    /// The field a modifier's place in the written order goes by
    /// ([`crate::syntax::vector::modifier_rank`]): its field, `DPP_CTRL` for `dpp8:[..]`,
    /// `FI` for `fi:`; `None` for the rest.
    pub fn order_key(&self) -> Option<&'static str> {
        match self {
            VopModifier::Field(field, _)
            | VopModifier::Bits(field, ..)
            | VopModifier::Sdwa(field, _)
            | VopModifier::Dpp16(field, _) => Some(field),
            VopModifier::Dpp8(_) => Some("DPP_CTRL"),
            VopModifier::FetchInactive(_) => Some("FI"),
            _ => None,
        }
    }
}

/// SDWA operand selects (RDNA1 ISA §6.2 "Operands", SDWA fields: SEL fields: BYTE_0..3 = 0..3, WORD_0 = 4,
/// WORD_1 = 5, DWORD = 6) and the unused-bits policy of DST_U (PAD 0, SEXT 1, PRESERVE 2).
const SDWA_SELECTS: &[(&str, u32)] = &[
    ("BYTE_0", 0),
    ("BYTE_1", 1),
    ("BYTE_2", 2),
    ("BYTE_3", 3),
    ("WORD_0", 4),
    ("WORD_1", 5),
    ("DWORD", 6),
];
const SDWA_UNUSED: &[(&str, u32)] = &[
    ("UNUSED_PAD", 0),
    ("UNUSED_SEXT", 1),
    ("UNUSED_PRESERVE", 2),
];

/// Value names of an SDWA word and their codes.
pub type SdwaValues = &'static [(&'static str, u32)];

/// The SDWA words llvm-mc prints after the operands, in its order: `key`, the field it
/// writes, and the names of its values.
pub const SDWA_WORDS: &[(&str, &str, SdwaValues)] = &[
    ("dst_sel", "DST_SEL", SDWA_SELECTS),
    ("dst_unused", "DST_U", SDWA_UNUSED),
    ("src0_sel", "SRC0_SEL", SDWA_SELECTS),
    ("src1_sel", "SRC1_SEL", SDWA_SELECTS),
];

/// The SDWA selector `key:value` (key lower case, value as written).
fn sdwa(key: &str, value: &str) -> Option<Result<VopModifier, String>> {
    let &(_, field, names) = SDWA_WORDS.iter().find(|(k, ..)| *k == key)?;
    let by_name = names.iter().find(|(n, _)| n.eq_ignore_ascii_case(value));
    let code = by_name
        .map(|&(_, v)| v)
        .or_else(|| number(value).filter(|&n| names.iter().any(|&(_, v)| v == n)));
    Some(
        code.map(|v| VopModifier::Sdwa(field, v))
            .ok_or_else(|| format!("invalid {key} value")),
    )
}

/// Where a DPP swizzle exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Swizzles {
    Every,
    /// GFX9 (Vega and CDNA): wave shifts and rotates, row broadcasts.
    Gfx9,
    /// CDNA2 and later (gfx90a, gfx940-942, gfx950): row_newbcast.
    Gfx90a,
    /// GFX10 and later: row_share, row_xmask.
    Gfx10,
}

impl Swizzles {
    fn on(self, target: &TargetCtx) -> bool {
        match self {
            Swizzles::Every => true,
            Swizzles::Gfx9 => (8..=9).contains(&target.gfx_major),
            Swizzles::Gfx90a => target.gfx90a_plus,
            Swizzles::Gfx10 => target.gfx_major >= 10,
        }
    }
}

/// DPP_CTRL swizzles with an operand N (RDNA3 ISA §7.7.1 "DPP16" and the Vega ISA's DPP
/// microcode format, DPP_CTRL): word, the code of N = 0, the range of N, where it exists
/// (`row_shl:N` is 0x100 + N; the wave shifts take N = 1 only; row_newbcast reuses
/// row_share's codes on CDNA2 and later).
const DPP_CTRL: &[(&str, u32, u32, u32, Swizzles)] = &[
    ("row_shl", 0x100, 1, 15, Swizzles::Every),
    ("row_shr", 0x110, 1, 15, Swizzles::Every),
    ("row_ror", 0x120, 1, 15, Swizzles::Every),
    ("wave_shl", 0x12f, 1, 1, Swizzles::Gfx9),
    ("wave_rol", 0x133, 1, 1, Swizzles::Gfx9),
    ("wave_shr", 0x137, 1, 1, Swizzles::Gfx9),
    ("wave_ror", 0x13b, 1, 1, Swizzles::Gfx9),
    ("row_share", 0x150, 0, 15, Swizzles::Gfx10),
    ("row_newbcast", 0x150, 0, 15, Swizzles::Gfx90a),
    ("row_xmask", 0x160, 0, 15, Swizzles::Gfx10),
];

/// DPP_CTRL of the swizzles written as one word.
const DPP_CTRL_WORDS: &[(&str, u32, Swizzles)] = &[
    ("row_mirror", 0x140, Swizzles::Every),
    ("row_half_mirror", 0x141, Swizzles::Every),
    ("row_bcast:15", 0x142, Swizzles::Gfx9),
    ("row_bcast:31", 0x143, Swizzles::Gfx9),
];

/// False for a DPP swizzle `word` that `target` does not have (`row_share:1` on GFX9).
pub fn swizzle_exists_on(word: &str, target: &TargetCtx) -> bool {
    let word = crate::syntax::lower_case(word);
    let key = word.split(':').next().unwrap_or_default();
    let set = DPP_CTRL_WORDS
        .iter()
        .find(|(w, ..)| *w == word)
        .map(|e| e.2)
        .or_else(|| DPP_CTRL.iter().find(|e| e.0 == key).map(|e| e.4));
    set.is_none_or(|s| s.on(target))
}

/// `quad_perm:[..]`, `row_shl:n`...: the swizzle a DPP_CTRL value names on `target`.
pub fn dpp_ctrl_text(ctrl: u32, target: &TargetCtx) -> Option<String> {
    if ctrl <= 0xff {
        let lanes: Vec<String> = (0..4)
            .map(|i| ((ctrl >> (2 * i)) & 3).to_string())
            .collect();
        return Some(format!("quad_perm:[{}]", lanes.join(",")));
    }
    if let Some((word, ..)) = DPP_CTRL_WORDS
        .iter()
        .find(|&&(_, code, set)| code == ctrl && set.on(target))
    {
        return Some(word.to_string());
    }
    DPP_CTRL
        .iter()
        .filter(|e| e.4.on(target))
        .find(|&&(_, base, lo, hi, _)| (base + lo..=base + hi).contains(&ctrl))
        .map(|&(name, base, ..)| format!("{name}:{}", ctrl - base))
}

fn number(text: &str) -> Option<u32> {
    let text = crate::syntax::lower_case(text);
    let text = text.as_ref();
    if text.len() > 1 && text.starts_with('0') && !text.starts_with("0x") {
        return u32::from_str_radix(&text[1..], 8).ok();
    }
    match text.strip_prefix("0x") {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// The DPP modifier `word` (lower case, split at its first `:` as `key_value`), if it is one.
fn dpp(word: &str, key_value: Option<(&str, &str)>) -> Option<Result<VopModifier, String>> {
    if let Some(&(_, v, _)) = DPP_CTRL_WORDS.iter().find(|(n, ..)| *n == word) {
        return Some(Ok(VopModifier::Dpp16("DPP_CTRL", v)));
    }
    let (key, value) = key_value?;
    if let Some(&(_, base, lo, hi, _)) = DPP_CTRL.iter().find(|(n, ..)| *n == key) {
        return Some(match number(value) {
            Some(n) if (lo..=hi).contains(&n) => Ok(VopModifier::Dpp16("DPP_CTRL", base + n)),
            _ => Err("invalid dpp_ctrl value".into()),
        });
    }
    let lanes = |max: u32, count: usize| -> Result<Vec<u32>, String> {
        let inner = value
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| "expected a left square bracket".to_string())?;
        let sels: Vec<u32> = inner
            .split(',')
            .map(|t| number(t.trim()).filter(|&n| n <= max))
            .collect::<Option<_>>()
            .ok_or_else(|| "expected a 3-bit value".to_string())?;
        if sels.len() != count {
            return Err("expected a closing square bracket".into());
        }
        Ok(sels)
    };
    let parsed = match key {
        "quad_perm" => lanes(3, 4).map(|s| {
            VopModifier::Dpp16("DPP_CTRL", s.iter().rev().fold(0, |acc, &l| acc << 2 | l))
        }),
        "dpp8" => lanes(7, 8).map(|s| {
            let mut sels = [0; 8];
            sels.copy_from_slice(&s);
            VopModifier::Dpp8(sels)
        }),
        "row_mask" | "bank_mask" => match number(value) {
            Some(n) if n <= 15 => Ok(VopModifier::Dpp16(
                if key == "row_mask" {
                    "ROW_MASK"
                } else {
                    "BANK_MASK"
                },
                n,
            )),
            _ => Err(format!("invalid {key} value")),
        },
        "bound_ctrl" => match number(value) {
            Some(n @ (0 | 1)) => Ok(VopModifier::Dpp16("BOUND_CTRL", n)),
            _ => Err("invalid bound_ctrl value".into()),
        },
        "fi" => match number(value) {
            Some(n @ (0 | 1)) => Ok(VopModifier::FetchInactive(n)),
            _ => Err("invalid fi value".into()),
        },
        _ => return None,
    };
    Some(parsed)
}

/// Parses one modifier word (no whitespace inside). `None`: not a vector modifier.
pub fn parse(word: &str) -> Option<Result<VopModifier, String>> {
    // Every trailing word of a vector line is tried here.
    let lower = crate::syntax::lower_case(word);
    let lower = lower.as_ref();
    // `key:value` words are split once; lower-casing keeps the colon's place.
    let colon = lower.find(':');
    let key_value = colon.map(|i| (&lower[..i], &lower[i + 1..]));
    if let Some(parsed) = dpp(lower, key_value) {
        return Some(parsed);
    }
    if lower == "clamp" {
        return Some(Ok(VopModifier::Field("CLAMP", 1)));
    }
    if lower == "high" {
        return Some(Ok(VopModifier::AttrHigh));
    }
    if let Some(&(_, v)) = OUTPUT_MODIFIERS.iter().find(|(n, _)| *n == lower) {
        return Some(Ok(VopModifier::Field("OMOD", v)));
    }
    if lower.starts_with("mul:") || lower.starts_with("div:") {
        return Some(Err("invalid mul value.".into()));
    }
    if let Some(i) = colon {
        // The value as written: SDWA value names are matched case-blind.
        if let Some(parsed) = sdwa(&lower[..i], &word[i + 1..]) {
            return Some(parsed);
        }
    }
    if let Some(parsed) = matrix_control(key_value) {
        return Some(parsed);
    }
    match lower {
        "matrix_a_reuse" => return Some(Ok(VopModifier::MatrixReuse("OPSEL"))),
        "matrix_b_reuse" => return Some(Ok(VopModifier::MatrixReuse("OPSEL_HI"))),
        _ => {}
    }
    if let Some(n) = lower.strip_prefix("index_key:") {
        return Some(match n.parse::<u32>() {
            Ok(n) if n <= 3 => Ok(VopModifier::IndexKey(n)),
            _ => Err("out of range index_key".into()),
        });
    }
    if let Some(n) = lower.strip_prefix("bitop3:") {
        return Some(match number(n) {
            Some(n) if n <= 0xff => Ok(VopModifier::TruthTable(n)),
            _ => Err("invalid bitop3 value".into()),
        });
    }
    if let Some(n) = lower.strip_prefix("wait_exp:") {
        // GFX11+ interpolation: how many exports may still be outstanding (3 bits).
        return Some(match number(n) {
            Some(n) if n <= 7 => Ok(VopModifier::Field("WAIT_EXP", n)),
            _ => Err("invalid wait_exp value.".into()),
        });
    }
    if let Some(n) = lower.strip_prefix("byte_sel:") {
        return Some(match n.parse::<u32>() {
            Ok(n) if n <= 3 => Ok(VopModifier::ByteSel(n)),
            _ => Err("invalid byte_sel value.".into()),
        });
    }
    if let Some(n) = lower.strip_prefix("scale_sel:") {
        return Some(match n.parse::<u32>() {
            Ok(n) if n <= 15 => Ok(VopModifier::ScaleSel(n)),
            _ => Err("invalid scale_sel value.".into()),
        });
    }
    let (key, list) = key_value?;
    let &(_, field) = BIT_LISTS.iter().find(|(n, _)| *n == key)?;
    Some(bit_list(list).map(|(bits, len)| VopModifier::Bits(field, bits, len)))
}

/// MFMA's broadcast controls (CDNA3 ISA §7.1 "MFMA"): `cbsz:` (3 bits), `abid:` (4 bits),
/// `blgp:` (3 bits), each the field of its name; `key_value` is a lower-case word split at its
/// first `:`.
fn matrix_control(key_value: Option<(&str, &str)>) -> Option<Result<VopModifier, String>> {
    let (key, value) = key_value?;
    let (field, bits) = match key {
        "cbsz" => ("CBSZ", 3),
        "abid" => ("ABID", 4),
        "blgp" => ("BLGP", 3),
        _ => return None,
    };
    Some(match number(value) {
        Some(n) if n < 1 << bits => Ok(VopModifier::Field(field, n)),
        _ => Err(format!("invalid {key} value.")),
    })
}

/// `[0,1,1]` -> (0b110, 3).
fn bit_list(text: &str) -> Result<(u32, u32), String> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| "expected a left square bracket".to_string())?;
    let mut bits = 0;
    let mut len = 0;
    for item in inner.split(',') {
        match item.trim() {
            "0" => {}
            "1" => bits |= 1 << len,
            _ => return Err("expected a 0 or 1".into()),
        }
        len += 1;
        if len > 4 {
            return Err("expected a closing square bracket".into());
        }
    }
    Ok((bits, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(spec: &mcdiff_spec::Spec, gfx_major: u32, gfx90a_plus: bool) -> TargetCtx<'_> {
        TargetCtx {
            wave64: gfx_major < 10,
            gfx90a_plus,
            ..TargetCtx::bare(spec, "test", gfx_major, 0)
        }
    }

    /// DPP_CTRL names per generation, as llvm-mc 22 assembles and prints them on gfx900,
    /// gfx90a and gfx1010 (`v_mov_b32_dpp v0, v1 <swizzle> row_mask:0x1 bank_mask:0x1`).
    #[test]
    fn dpp_swizzles_per_generation() {
        let spec = mcdiff_spec::Spec::default();
        let (gfx900, gfx90a, gfx1010) = (
            target(&spec, 9, false),
            target(&spec, 9, true),
            target(&spec, 10, false),
        );
        assert_eq!(
            dpp_ctrl_text(0x1b, &gfx1010).as_deref(),
            Some("quad_perm:[3,2,1,0]")
        );
        assert_eq!(dpp_ctrl_text(0x101, &gfx900).as_deref(), Some("row_shl:1"));
        assert_eq!(
            dpp_ctrl_text(0x11f, &gfx1010).as_deref(),
            Some("row_shr:15")
        );
        assert_eq!(
            dpp_ctrl_text(0x141, &gfx900).as_deref(),
            Some("row_half_mirror")
        );
        assert_eq!(dpp_ctrl_text(0x130, &gfx90a).as_deref(), Some("wave_shl:1"));
        assert_eq!(
            dpp_ctrl_text(0x142, &gfx900).as_deref(),
            Some("row_bcast:15")
        );
        assert_eq!(
            dpp_ctrl_text(0x143, &gfx900).as_deref(),
            Some("row_bcast:31")
        );
        assert_eq!(
            dpp_ctrl_text(0x151, &gfx90a).as_deref(),
            Some("row_newbcast:1")
        );
        assert_eq!(
            dpp_ctrl_text(0x151, &gfx1010).as_deref(),
            Some("row_share:1")
        );
        assert_eq!(dpp_ctrl_text(0x151, &gfx900), None);
        assert_eq!(dpp_ctrl_text(0x130, &gfx1010), None);
        assert_eq!(dpp_ctrl_text(0x100, &gfx1010), None);
        assert_eq!(
            parse("wave_shl:1"),
            Some(Ok(VopModifier::Dpp16("DPP_CTRL", 0x130)))
        );
        assert_eq!(
            parse("row_bcast:31"),
            Some(Ok(VopModifier::Dpp16("DPP_CTRL", 0x143)))
        );
        assert!(swizzle_exists_on("row_bcast:15", &gfx90a));
        assert!(!swizzle_exists_on("row_bcast:15", &gfx1010));
        assert!(!swizzle_exists_on("row_share:1", &gfx90a));
        assert!(swizzle_exists_on("row_newbcast:1", &gfx90a));
        assert!(!swizzle_exists_on("row_newbcast:1", &gfx900));
        assert!(swizzle_exists_on("row_mask:0x1", &gfx900));
    }

    #[test]
    fn words() {
        assert_eq!(parse("clamp"), Some(Ok(VopModifier::Field("CLAMP", 1))));
        assert_eq!(parse("div:2"), Some(Ok(VopModifier::Field("OMOD", 3))));
        assert_eq!(
            parse("op_sel:[0,1,1]"),
            Some(Ok(VopModifier::Bits("OPSEL", 0b110, 3)))
        );
        assert_eq!(
            parse("neg_hi:[1,0]"),
            Some(Ok(VopModifier::Bits("NEG_HI", 1, 2)))
        );
        assert!(matches!(parse("mul:3"), Some(Err(_))));
        assert!(matches!(parse("op_sel:[2]"), Some(Err(_))));
        assert_eq!(parse("byte_sel:2"), Some(Ok(VopModifier::ByteSel(2))));
        assert_eq!(
            parse("quad_perm:[3,2,1,0]"),
            Some(Ok(VopModifier::Dpp16("DPP_CTRL", 0x1b)))
        );
        assert_eq!(
            parse("row_shr:15"),
            Some(Ok(VopModifier::Dpp16("DPP_CTRL", 0x11f)))
        );
        assert_eq!(
            parse("row_half_mirror"),
            Some(Ok(VopModifier::Dpp16("DPP_CTRL", 0x141)))
        );
        assert_eq!(
            parse("bound_ctrl:1"),
            Some(Ok(VopModifier::Dpp16("BOUND_CTRL", 1)))
        );
        assert_eq!(
            parse("dpp8:[7,6,5,4,3,2,1,0]"),
            Some(Ok(VopModifier::Dpp8([7, 6, 5, 4, 3, 2, 1, 0])))
        );
        assert!(matches!(parse("row_shl:0"), Some(Err(_))));
        assert!(matches!(parse("dpp8:[8,0,0,0,0,0,0,0]"), Some(Err(_))));
        assert_eq!(
            parse("dst_unused:UNUSED_PRESERVE"),
            Some(Ok(VopModifier::Sdwa("DST_U", 2)))
        );
        assert_eq!(
            parse("src1_sel:WORD_1"),
            Some(Ok(VopModifier::Sdwa("SRC1_SEL", 5)))
        );
        assert!(matches!(parse("src0_sel:7"), Some(Err(_))));
        assert_eq!(parse("offset:4"), None);
        assert_eq!(parse("v1"), None);
    }
}
