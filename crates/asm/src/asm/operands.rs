//! Operand parsers: for each operand kind ([`KindId`]), LLVM operand text for a spec slot
//! -> the typed value the [`crate::Inst`] holds, with LLVM's checks (register class, range,
//! alignment, inline constant or literal).

use mcdiff_spec::Operand;

use crate::family::Family;
use crate::inst::{OperandValue, RegFile, RegRange};
use crate::operands::*;
use crate::symbolic::parse_symbolic;
use crate::syntax::constants::{
    bf16_bits, f16_bits, f32_bits, is_float_format, literal_for_inv_2pi, scalar_numeric,
    source_constant, takes_literal, vector_numeric, wide_source_constant, Numeric, SourceConst,
};
use crate::syntax::expr::{evaluate, Value};
use crate::syntax::regs::parse_register;
use crate::syntax::{has_part, strip_lit, truncated_imm16, Piece};

/// Parses LLVM operand text for one operand kind.
pub trait OperandParser {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed;
}

/// An operand's value, or the message rejecting its text.
pub type Parsed = Result<OperandValue, String>;

/// The parser of an operand kind.
pub fn parser(kind: KindId) -> &'static dyn OperandParser {
    crate::operands::serving_type!(kind)
}

fn parse_value(text: &str) -> Result<Value, String> {
    if text.is_empty() {
        return Err("expected an operand".into());
    }
    evaluate(text)
}

impl OperandParser for ScalarSource {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed {
        if let Some(reg) = parse_register(&piece.text) {
            let reg = reg?;
            register_code(&reg, slot, cx)?;
            return Ok(OperandValue::Reg(reg));
        }
        let numeric = scalar_numeric(slot, cx.family);
        constant(&piece.text, slot, cx, numeric, takes_literal(slot))
    }
}

impl OperandParser for ScalarRegister {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed {
        let reg = parse_register(&piece.text).ok_or(INVALID_OPERAND)??;
        if let RegFile::Special(name) = &reg.file {
            // Constant sources (`src_scc`, apertures) cannot be written as destinations.
            if slot.field.as_deref() == Some("SDST") && name.starts_with("SRC_") {
                return Err(INVALID_OPERAND.into());
            }
        }
        // Slots typed *_NULL (GFX11's s_waitcnt_*cnt destinations) take only `null`.
        if slot.operand_type.ends_with("_NULL") && !reg.file.is_named("NULL") {
            return Err("src0 must be null".into());
        }
        register_code(&reg, slot, cx)?;
        Ok(OperandValue::Reg(reg))
    }
}

impl OperandParser for Immediate {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed {
        if let Some(result) =
            parse_symbolic(&slot.operand_type, cx.mnemonic, &piece.text, cx.target)
        {
            return result.map(|v| OperandValue::Imm(v as i64));
        }
        let Value::Int(v) = parse_value(&piece.text)? else {
            return Err(INVALID_OPERAND.into());
        };
        let width = field_width(cx, slot).unwrap_or(slot.size);
        let t = slot.operand_type.as_str();
        let field = slot.field.as_deref().unwrap_or("");
        let family = cx.family;
        // LLVM's range rules for integer immediates: hwreg/sendmsg codes are unsigned 16-bit;
        // SMEM immediate offsets signed; unsigned formats unsigned; a few SOPP immediates and
        // the SMEM SDATA immediates take any 32-bit value, truncated; the rest must fit the
        // field as a signed or unsigned number.
        let ok = if t.starts_with("OPR_HWREG") || t.starts_with("OPR_SENDMSG") {
            if !(0..=0xffff).contains(&v) {
                return Err("invalid immediate: only 16-bit values are legal".into());
            }
            true
        } else if family == Family::Smem && (field == "OFFSET" || field == "IOFFSET") {
            if !smem_offset_fits(v, width, false) {
                return Err(format!("expected a {width}-bit signed offset"));
            }
            true
        } else if slot.data_format.starts_with("FMT_NUM_U") {
            width < 64 && (0..1i64 << width).contains(&v)
        } else if truncated_imm16(cx.mnemonic) || family == Family::Smem {
            i32::try_from(v).is_ok() || u32::try_from(v).is_ok()
        } else {
            fits_field(v, width)
        };
        if ok {
            Ok(OperandValue::Imm(v))
        } else {
            Err(INVALID_OPERAND.into())
        }
    }
}

impl OperandParser for Attribute {
    /// `attrN.c`; the word bit is the `high` modifier's.
    fn parse(&self, piece: &Piece, _slot: &Operand, _cx: &OperandCtx) -> Parsed {
        let (attr, chan) = crate::syntax::memory::parse_attr(&piece.text).ok_or(INVALID_OPERAND)?;
        Ok(OperandValue::Imm(i64::from(attr | chan << 6)))
    }
}

impl OperandParser for InterpParam {
    fn parse(&self, piece: &Piece, _slot: &Operand, _cx: &OperandCtx) -> Parsed {
        let text = piece.text.trim().to_ascii_lowercase();
        let code = crate::syntax::memory::INTERP_PARAMS
            .iter()
            .position(|p| *p == text)
            .ok_or(INVALID_OPERAND)?;
        Ok(OperandValue::Imm(code as i64))
    }
}

impl OperandParser for BranchTarget {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed {
        not_a_register(&piece.text)?;
        match parse_value(&piece.text)? {
            Value::Int(v) => {
                let width = field_width(cx, slot).unwrap_or(16);
                if fits_field(v, width) {
                    Ok(OperandValue::Imm(v))
                } else {
                    Err(format!("expected a {width}-bit signed jump offset"))
                }
            }
            Value::Symbolic(expr) => Ok(OperandValue::Label(expr)),
            Value::Float(_) => Err(INVALID_OPERAND.into()),
        }
    }
}

impl OperandParser for Literal32 {
    /// The constant after the word: one dword, two for a 64-bit slot.
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        _cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        not_a_register(&piece.text)?;
        if slot.size == 64 {
            return wide_constant(&piece.text, is_float_format(&slot.data_format));
        }
        // This constant is a literal whatever its value: `lit()` changes nothing.
        let text = strip_lit(&piece.text).map_or(piece.text.as_ref(), |(inner, _)| inner);
        match parse_value(text)? {
            Value::Int(v) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => {
                Ok(OperandValue::dword(v as u32))
            }
            Value::Int(_) => Err(INVALID_OPERAND.into()),
            // A 16-bit operation's constant is a half in the dword (V_MADAK_F16's K).
            Value::Float(f) if slot.data_format == "FMT_NUM_F16" => {
                Ok(OperandValue::dword(u32::from(f16_bits(f)?)))
            }
            Value::Float(f) => Ok(OperandValue::dword(f32_bits(f)?)),
            Value::Symbolic(expr) => Ok(OperandValue::symbol_literal(expr, 1)),
        }
    }
}

impl OperandParser for SmemOffset {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed {
        let (soffset, imm) = smem_offset_parts(&piece.text, slot, cx)?;
        Ok(OperandValue::SmemOffset { soffset, imm })
    }
}

impl OperandParser for VectorSource {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed {
        // OPR_SRC_VGPR_OR_INLINE (matrix accumulators) and MFMA's
        // OPR_SRC_VGPR_OR_ACCVGPR_OR_CONST: a vector register or an inline constant.
        let t = slot.operand_type.as_str();
        let vgpr_or_inline =
            t.ends_with("VGPR_OR_INLINE") || t.ends_with("VGPR_OR_ACCVGPR_OR_CONST");
        if let Some(reg) = vgpr(&piece.text, slot, cx) {
            let reg = reg?;
            let numbered = matches!(reg.file, RegFile::Vgpr | RegFile::Agpr);
            if numbered && !file_fits(&reg, slot, cx) {
                return Err(INVALID_OPERAND.into());
            }
            if !numbered {
                if vgpr_or_inline {
                    return Err(INVALID_OPERAND.into());
                }
                register_code(&reg, slot, cx)?;
            }
            return Ok(OperandValue::Reg(reg));
        }
        if t == "OPR_SRC_VGPR_OR_ACCVGPR_OR_CONST" && cx.target.mfma_inline_constant_bug {
            return Err("inline constants are not allowed for this operand".into());
        }
        let literal_ok =
            (is_vop32(cx) || cx.target.gfx_major >= 10) && !vgpr_or_inline && takes_literal(slot);
        let mut numeric = vector_numeric(slot);
        // From GFX11, packed-math ops (v_pk_*) in a 32-bit encoding read the token as the
        // whole pair; GFX10 reads it as one half (`0.5` inline); other 32-bit ops with packed
        // sources (dot2c, sat_pk) follow the 16-bit rules (all checked with llvm-mc 22).
        let whole_pair =
            cx.mnemonic.starts_with("v_pk_") && is_vop32(cx) && cx.target.gfx_major >= 11;
        if has_part(&slot.data_format, "PK2") && whole_pair && strip_lit(&piece.text).is_none() {
            return packed_constant(&piece.text, slot, cx);
        }
        if has_part(&slot.data_format, "PK2") && !is_float_format(&slot.data_format) {
            // A packed integer pair takes a literal as a 32-bit integer operand does: a
            // negative value sign-extended, a float token as its f32 bits (llvm-mc 22, GFX10
            // to GFX12: `v_pk_add_u16 v1, -100, v2` has literal 0xffffff9c).
            numeric = Numeric::Plain {
                size: 32,
                is_float: false,
            };
        } else if has_part(&slot.data_format, "PK2") {
            if let Ok(Value::Int(v)) = parse_value(&piece.text) {
                return packed_float_integer(&piece.text, v, slot, cx, numeric, literal_ok);
            }
        }
        constant(&piece.text, slot, cx, numeric, literal_ok)
    }
}

impl OperandParser for VectorRegister {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx) -> Parsed {
        match vgpr(&piece.text, slot, cx) {
            Some(Ok(reg)) if file_fits(&reg, slot, cx) => Ok(OperandValue::Reg(reg)),
            Some(Err(e)) => Err(e),
            _ => Err(INVALID_OPERAND.into()),
        }
    }
}

impl OperandParser for ImplicitVcc {
    fn parse(
        &self,
        piece: &Piece,
        _slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        let reg = parse_register(&piece.text).ok_or(INVALID_OPERAND)??;
        let count = if cx.target.wave64 { 2 } else { 1 };
        if reg.file.is_named("VCC_LO") && reg.count == count {
            Ok(OperandValue::Reg(reg))
        } else {
            Err(INVALID_OPERAND.into())
        }
    }
}

/// A constant source operand: `lit(..)` forces a literal; a symbol is a literal with a
/// fixup; numbers are inline constants when the spec lists them, else literals. A 64-bit
/// source that may take a 64-bit literal ([`OperandCtx::literal64`]) takes one where a dword
/// does not hold the value, and for `lit(..)` and `lit64(..)` (llvm-mc 22 on gfx1250).
fn constant(
    text: &str,
    slot: &Operand,
    cx: &OperandCtx,
    numeric: Numeric,
    literal_ok: bool,
) -> Result<OperandValue, String> {
    let wide = slot.size == 64 && cx.literal64();
    if let Some((inner, lit64)) = strip_lit(text) {
        if !literal_ok || (lit64 && slot.size == 64 && !wide) {
            return Err(INVALID_OPERAND.into());
        }
        return forced_literal(inner, slot, numeric, wide, lit64);
    }
    let value = parse_value(text)?;
    if let Value::Symbolic(expr) = value {
        if !literal_ok {
            return Err(INVALID_OPERAND.into());
        }
        return Ok(OperandValue::symbol_literal(expr, if wide { 2 } else { 1 }));
    }
    let encoded = if wide {
        wide_source_constant(&value, is_float_format(&slot.data_format))?
    } else {
        source_constant(&value, numeric)?
    };
    match encoded {
        SourceConst::Inline(name)
            if predefined(cx.target.spec, &slot.operand_type, &name).is_some() =>
        {
            Ok(OperandValue::Inline(name))
        }
        SourceConst::Inline(name) => match literal_for_inv_2pi(&name, &value, numeric) {
            // No 1/(2*pi) inline constant on this target: the token is a literal.
            Some(SourceConst::Literal(bits)) if literal_ok && !wide => {
                Ok(OperandValue::dword(bits))
            }
            _ => Err(INVALID_OPERAND.into()),
        },
        _ if !literal_ok => Err(INVALID_OPERAND.into()),
        SourceConst::Literal(value) => Ok(OperandValue::dword(value)),
        SourceConst::Literal64(value) => Ok(OperandValue::qword(value)),
    }
}

/// A 64-bit constant after the word: a float by its bits; for a float slot an integer that
/// fits a dword is the high half (as a 64-bit float source reads a dword literal), a wider
/// one the whole value; `lit(..)` and `lit64(..)` give the value as written (llvm-mc 22).
fn wide_constant(text: &str, float_slot: bool) -> Result<OperandValue, String> {
    let (text, forced) = match crate::syntax::strip_lit(text) {
        Some((inner, _)) => (inner, true),
        None => (text, false),
    };
    let bits = match parse_value(text)? {
        Value::Symbolic(expr) => return Ok(OperandValue::symbol_literal(expr, 2)),
        Value::Float(_) if !float_slot => return Err(INVALID_OPERAND.into()),
        Value::Float(f) => f.to_bits(),
        Value::Int(v) if float_slot && !forced && u32::try_from(v).is_ok() => (v as u64) << 32,
        Value::Int(v) => v as u64,
    };
    Ok(OperandValue::qword(bits))
}

/// The literal `lit(inner)` or `lit64(inner)` forces. `lit` takes the dword a literal of the
/// slot would hold (a 64-bit float's high half); in a `wide` slot that dword is a 64-bit
/// literal's value, and `lit64` gives the whole 64-bit value (llvm-mc 22 on gfx1250).
fn forced_literal(
    inner: &str,
    slot: &Operand,
    numeric: Numeric,
    wide: bool,
    lit64: bool,
) -> Result<OperandValue, String> {
    let value = parse_value(inner)?;
    if let Value::Symbolic(expr) = value {
        return Ok(OperandValue::symbol_literal(expr, if wide { 2 } else { 1 }));
    }
    let float_slot = is_float_format(&slot.data_format);
    if wide && lit64 {
        return Ok(OperandValue::qword(match value {
            Value::Float(_) if !float_slot => return Err(INVALID_OPERAND.into()),
            Value::Float(f) => f.to_bits(),
            Value::Int(v) => v as u64,
            Value::Symbolic(_) => unreachable!("symbols returned above"),
        }));
    }
    let dword = match value {
        Value::Int(v) => v as u32,
        // A 64-bit integer slot takes no float token, forced or not (llvm-mc 22).
        Value::Float(_) if slot.size == 64 && !float_slot => return Err(INVALID_OPERAND.into()),
        Value::Float(f) if slot.size == 64 => (f.to_bits() >> 32) as u32,
        Value::Float(f)
            if numeric
                == (Numeric::Plain {
                    size: 16,
                    is_float: true,
                }) =>
        {
            f16_bits(f)?.into()
        }
        Value::Float(f) if numeric == Numeric::Bf16 => bf16_bits(f)?.into(),
        Value::Float(f) => f32_bits(f)?,
        Value::Symbolic(_) => unreachable!("symbols returned above"),
    };
    Ok(if wide {
        OperandValue::qword(dword.into())
    } else {
        OperandValue::dword(dword)
    })
}

/// Constants that must not be spelled as registers (a register name is not a label).
fn not_a_register(text: &str) -> Result<(), String> {
    match parse_register(text) {
        Some(_) => Err(INVALID_OPERAND.into()),
        None => Ok(()),
    }
}

fn field_width(cx: &OperandCtx, slot: &Operand) -> Option<u32> {
    cx.encoding.field(slot.field.as_deref()?).map(|f| f.width())
}

/// LLVM accepts an immediate that fits the field as a signed or an unsigned number.
fn fits_field(v: i64, width: u32) -> bool {
    if width >= 64 {
        return true;
    }
    let min = -(1i64 << (width - 1));
    let max = (1i64 << width) - 1;
    (min..=max).contains(&v)
}

/// SMEM offset text: `s4`, `0x64`, or `s4` plus an `offset:` modifier merged by the caller.
pub fn smem_offset_parts(
    text: &str,
    slot: &Operand,
    cx: &OperandCtx,
) -> Result<(Option<RegRange>, Option<i64>), String> {
    if let Some(reg) = parse_register(text) {
        let reg = reg?;
        let as_32 = Operand {
            size: 32,
            ..slot.clone()
        };
        register_code(&reg, &as_32, cx)?;
        return Ok((Some(reg), None));
    }
    // OPR_SMEM_OFFSET_NOK ("no constant") takes a register only.
    if slot.operand_type.ends_with("_NOK") {
        return Err(INVALID_OPERAND.into());
    }
    let text = strip_lit(text).map_or(text, |(inner, _)| inner);
    match parse_value(text)? {
        Value::Int(v) => Ok((None, Some(v))),
        _ => Err(INVALID_OPERAND.into()),
    }
}

/// True when `field`'s range for an immediate SMEM offset admits `v`: signed for memory
/// loads, unsigned and one bit narrower for buffer loads (LLVM's SMEM offset rule).
pub fn smem_offset_fits(v: i64, width: u32, buffer: bool) -> bool {
    if buffer {
        (0..(1i64 << (width - 1))).contains(&v)
    } else {
        (-(1i64 << (width - 1))..(1i64 << (width - 1))).contains(&v)
    }
}

/// True for the 32-bit vector encodings, where a true16 high half is bit 7 of the VGPR code.
fn is_vop32(cx: &OperandCtx) -> bool {
    cx.family.is_vop32()
}

/// Whether a VGPR or AGPR suits the slot's register file ([`agpr_use`]).
fn file_fits(reg: &RegRange, slot: &Operand, cx: &OperandCtx) -> bool {
    matches!(
        (agpr_use(&slot.operand_type, cx.target), &reg.file),
        (AgprUse::Never | AgprUse::Also, RegFile::Vgpr)
            | (AgprUse::Also | AgprUse::Only, RegFile::Agpr)
    )
}

/// A VGPR for a vector slot: the register count must match the operand size; a true16 half
/// (`v1.h`) needs a 16-bit slot, in 32-bit encodings one of v0..v127, and llvm-mc's
/// `real-true16` mode, except in a 32-bit compare.
fn vgpr(text: &str, slot: &Operand, cx: &OperandCtx) -> Option<Result<RegRange, String>> {
    let (text, half) = crate::syntax::vector::strip_half(text);
    let vopc32 = cx.family == Family::Vopc && cx.encoding.bit_count == 32;
    if half.is_some() && !cx.target.real_true16 && !vopc32 {
        // Without it 16-bit operands are whole VGPRs (llvm-mc's "fake16" forms); llvm-mc
        // 22 keeps the halves for VOPC's 32-bit form (not its DPP forms), which has no
        // fake16 variant.
        return Some(Err("operands are not valid for this GPU or mode".into()));
    }
    let reg = match parse_register(text)? {
        Ok(reg) => reg,
        Err(e) => return Some(Err(e)),
    };
    if !matches!(reg.file, RegFile::Vgpr | RegFile::Agpr) {
        return match half {
            Some(_) => Some(Err(INVALID_OPERAND.into())),
            None => Some(Ok(reg)),
        };
    }
    // GFX11+ 32-bit encodings address 16-bit VGPR operands with 7 index bits (bit 7 picks
    // the half: RDNA3 ISA §7.2 "16-bit VGPRs"), so only v0..v127 fit there.
    let narrow = slot.size == 16 && is_vop32(cx) && cx.target.gfx_major >= 11;
    let ok = reg.count == regs_for_size(slot.size)
        && reg.first + reg.count <= 256
        && (half.is_none() || slot.size == 16)
        && !(narrow && reg.first >= 128);
    Some(if let Some(message) = misaligned_tuple(cx.target, &reg) {
        Err(message.into())
    } else if ok {
        Ok(reg)
    } else {
        Err(INVALID_OPERAND.into())
    })
}

/// llvm-mc's message when `reg` is a VGPR tuple of 64 bits or more at an odd register on a
/// target that aligns them ([`crate::target::TargetCtx`]'s `aligned_vgpr_tuples`): its
/// GFX90A rule's on gfx90a and later, a plain invalid operand elsewhere (llvm-mc 22 on
/// gfx1250).
pub(crate) fn misaligned_tuple(
    target: &crate::target::TargetCtx,
    reg: &RegRange,
) -> Option<&'static str> {
    let misaligned = target.aligned_vgpr_tuples && reg.count >= 2 && !reg.first.is_multiple_of(2);
    misaligned.then_some(if target.gfx90a_plus {
        "invalid register class: vgpr tuples must be 64 bit aligned"
    } else {
        INVALID_OPERAND
    })
}

/// An integer token `v` on a packed float pair: inline by the 16-bit rules (0xc400 is -4.0),
/// though 0x8000-0xffff are no 16-bit integer inline (65535 is not -1 here); else a literal
/// of its 32-bit value, sign-extended (`-17` is 0xffffffef; llvm-mc 22 on GFX10 and GFX11).
fn packed_float_integer(
    text: &str,
    v: i64,
    slot: &Operand,
    cx: &OperandCtx,
    half: Numeric,
    literal_ok: bool,
) -> Result<OperandValue, String> {
    let plain = Numeric::Plain {
        size: 32,
        is_float: false,
    };
    let fits_half = i16::try_from(v).is_ok() || u16::try_from(v).is_ok();
    let parsed = match fits_half.then(|| constant(text, slot, cx, half, literal_ok)) {
        Some(Ok(OperandValue::Inline(name))) if name.parse::<i64>().is_ok() && v > 0x7fff => {
            constant(text, slot, cx, plain, literal_ok)
        }
        Some(parsed) => parsed,
        None => constant(text, slot, cx, plain, literal_ok),
    };
    match (
        parsed,
        i32::try_from(v).map(|w| w as u32).or(u32::try_from(v)),
    ) {
        (Ok(OperandValue::Literal { expr: None, .. }), Ok(value)) => Ok(OperandValue::dword(value)),
        (parsed, _) => parsed,
    }
}

/// A packed 16-bit pair in a 32-bit encoding (no op_sel_hi to replicate a half): the token
/// is the whole 32-bit value (a float token gives the f16 bits in the low half), inline only
/// when both halves hold the same 16-bit inline constant (checked with llvm-mc 22).
fn packed_constant(text: &str, slot: &Operand, cx: &OperandCtx) -> Result<OperandValue, String> {
    let bits = match parse_value(text)? {
        Value::Int(v) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => v as u32,
        Value::Float(f) => f16_bits(f)?.into(),
        Value::Symbolic(expr) => return Ok(OperandValue::symbol_literal(expr, 1)),
        Value::Int(_) => return Err(INVALID_OPERAND.into()),
    };
    let low = bits & 0xffff;
    if bits >> 16 == low {
        let half = Numeric::Plain {
            size: 16,
            is_float: is_float_format(&slot.data_format),
        };
        if let Ok(SourceConst::Inline(name)) =
            source_constant(&Value::Int(low as u16 as i16 as i64), half)
        {
            if predefined(cx.target.spec, &slot.operand_type, &name).is_some() {
                return Ok(OperandValue::Inline(name));
            }
        }
    }
    Ok(OperandValue::dword(bits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_ranges() {
        assert!(fits_field(0xffff, 16));
        assert!(fits_field(-32768, 16));
        assert!(!fits_field(0x10000, 16));
        assert!(!fits_field(-32769, 16));
        assert!(smem_offset_fits(-1, 21, false));
        assert!(!smem_offset_fits(-1, 21, true));
        assert!(smem_offset_fits(0xfffff, 21, true));
        assert!(!smem_offset_fits(0x100000, 21, false));
    }
}
