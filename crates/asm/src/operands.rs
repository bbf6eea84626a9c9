//! One small type per MRISA operand type: each parses LLVM operand text for a slot of that
//! type into an [`OperandValue`] and encodes the value into encoding-field bits.

use mcdiff_spec::{Encoding, Operand, Spec};

use crate::family::Family;
use crate::inst::{OperandValue, RegFile, RegRange};
use crate::special::parse_symbolic;
use crate::syntax::constants::{is_float_format, source_constant, Numeric, SourceConst};
use crate::syntax::expr::{evaluate, Value};
use crate::syntax::regs::{is_aligned, parse_register, spec_name};
use crate::syntax::{strip_lit, truncated_imm16, Piece};
use crate::target::TargetCtx;

pub const INVALID_OPERAND: &str = "invalid operand for instruction";

/// What operand parsing and encoding may consult.
pub struct OperandCtx<'a> {
    pub spec: &'a Spec,
    pub syntax: &'a TargetCtx<'a>,
    pub mnemonic: &'a str,
    pub encoding: &'a Encoding,
}

/// Field bits produced by one operand: (encoding field name, value before placement).
pub type FieldBits = Vec<(String, u64)>;

/// Parsing and encoding of one MRISA operand type.
pub trait OperandKind {
    fn parse(&self, piece: &Piece, slot: &Operand, cx: &OperandCtx)
        -> Result<OperandValue, String>;
    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<FieldBits, String>;
}

/// The operand kinds, one per family of MRISA operand types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindId {
    ScalarSource,
    ScalarRegister,
    Immediate,
    BranchTarget,
    SmemOffset,
    Literal32,
}

/// Which kind serves a spec operand type.
pub fn classify(operand_type: &str) -> KindId {
    let t = operand_type;
    if t == "OPR_LABEL" {
        KindId::BranchTarget
    } else if t.starts_with("OPR_SMEM_OFFSET") {
        KindId::SmemOffset
    } else if t == "OPR_SIMM32" {
        KindId::Literal32
    } else if t.starts_with("OPR_SDST") || t.starts_with("OPR_SREG") && t != "OPR_SREG_M0_INL" {
        KindId::ScalarRegister
    } else if t.starts_with("OPR_SSRC") || t.starts_with("OPR_SRC") || t == "OPR_SREG_M0_INL" {
        KindId::ScalarSource
    } else {
        KindId::Immediate
    }
}

/// The kind serving a spec operand type.
pub fn kind_for(operand_type: &str) -> &'static dyn OperandKind {
    match classify(operand_type) {
        KindId::ScalarSource => &ScalarSource,
        KindId::ScalarRegister => &ScalarRegister,
        KindId::Immediate => &Immediate,
        KindId::BranchTarget => &BranchTarget,
        KindId::SmemOffset => &SmemOffset,
        KindId::Literal32 => &Literal32,
    }
}

/// Symbolic operand types (waitcnt, hwreg, sendmsg, delay...): immediates that are not plain
/// OPR_SIMM* numbers; their text may contain commas.
pub fn is_symbolic_type(operand_type: &str) -> bool {
    classify(operand_type) == KindId::Immediate && !operand_type.starts_with("OPR_SIMM")
}

/// Predefined value `name` for a slot of type `operand_type`. Partial spec files list the
/// scalar register codes only on the general source type, so a type without any predefined
/// values defers to OPR_SSRC (then OPR_SRC).
pub fn predefined(spec: &Spec, operand_type: &str, name: &str) -> Option<i64> {
    let own = spec.operand_type(operand_type);
    if let Some(t) = own.filter(|t| !t.predefined.is_empty()) {
        return t.value_of(name);
    }
    ["OPR_SSRC", "OPR_SRC"]
        .iter()
        .filter_map(|n| spec.operand_type(n))
        .find(|t| !t.predefined.is_empty())
        .and_then(|t| t.value_of(name))
}

/// Registers needed for an operand of `size` bits.
fn regs_for_size(size: u32) -> u32 {
    size.div_ceil(32).max(1)
}

/// Checks a register against a slot and returns its code.
fn register_code(reg: &RegRange, slot: &Operand, cx: &OperandCtx) -> Result<i64, String> {
    if reg.file == RegFile::Vgpr {
        return Err(INVALID_OPERAND.into());
    }
    // Named constant sources and `null` (count 0) stand in for operands of any width, except
    // a buffer resource (128-bit SMEM SBASE), which LLVM requires to be registers.
    let fits = match reg.count {
        0 => !(slot.field.as_deref() == Some("SBASE") && slot.size >= 128),
        n => n == regs_for_size(slot.size),
    };
    if !fits {
        return Err(INVALID_OPERAND.into());
    }
    if !is_aligned(reg) {
        return Err("invalid register alignment".into());
    }
    let code = predefined(cx.spec, &slot.operand_type, &spec_name(reg));
    let last = RegRange {
        first: reg.first + reg.count.max(1) - 1,
        ..reg.clone()
    };
    match (
        code,
        predefined(cx.spec, &slot.operand_type, &spec_name(&last)),
    ) {
        (Some(code), Some(_)) => Ok(code),
        _ if matches!(reg.file, RegFile::Sgpr | RegFile::Ttmp) => {
            Err("register index is out of range".into())
        }
        _ => Err(INVALID_OPERAND.into()),
    }
}

fn lookup(cx: &OperandCtx, slot: &Operand, name: &str) -> Result<u64, String> {
    predefined(cx.spec, &slot.operand_type, name)
        .map(|c| c as u64)
        .ok_or_else(|| INVALID_OPERAND.to_string())
}

fn field_of(slot: &Operand) -> Result<String, String> {
    slot.field
        .clone()
        .ok_or_else(|| "operand has no encoding field".to_string())
}

fn parse_value(text: &str) -> Result<Value, String> {
    if text.is_empty() {
        return Err("expected an operand".into());
    }
    evaluate(text)
}

/// OPR_SSRC and its relatives: an SGPR range, a named register, an inline constant or a
/// literal (`lit(...)` forces one).
pub struct ScalarSource;

impl ScalarSource {
    fn allows_literal(slot: &Operand) -> bool {
        !slot.operand_type.contains("NOLIT") && slot.operand_type != "OPR_SREG_M0_INL"
    }
}

impl OperandKind for ScalarSource {
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        if let Some(reg) = parse_register(&piece.text) {
            let reg = reg?;
            register_code(&reg, slot, cx)?;
            return Ok(OperandValue::Reg(reg));
        }
        let numeric = numeric_rule(slot, Family::of(&cx.encoding.name));
        constant(&piece.text, slot, cx, numeric, Self::allows_literal(slot))
    }

    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        let bits = match value {
            OperandValue::Reg(reg) => register_code(reg, slot, cx)? as u64,
            OperandValue::Inline(name) => lookup(cx, slot, name)?,
            OperandValue::Literal { .. } => lookup(cx, slot, "SRC_LITERAL")?,
            _ => return Err(INVALID_OPERAND.into()),
        };
        Ok(vec![(field_of(slot)?, bits)])
    }
}

/// A constant source operand: `lit(..)` forces a literal dword; a symbol is a literal with
/// a fixup; numbers are inline constants when the spec lists them, else literals.
fn constant(
    text: &str,
    slot: &Operand,
    cx: &OperandCtx,
    numeric: Numeric,
    literal_ok: bool,
) -> Result<OperandValue, String> {
    if let Some(inner) = strip_lit(text) {
        if !literal_ok {
            return Err(INVALID_OPERAND.into());
        }
        let value = match parse_value(inner)? {
            Value::Int(v) => v as u32,
            Value::Float(f) if slot.size == 64 => (f.to_bits() >> 32) as u32,
            Value::Float(f)
                if numeric
                    == (Numeric::Plain {
                        size: 16,
                        is_float: true,
                    }) =>
            {
                half::f16::from_f64(f).to_bits() as u32
            }
            Value::Float(f) => (f as f32).to_bits(),
            Value::Symbolic(expr) => {
                return Ok(OperandValue::Literal {
                    value: 0,
                    expr: Some(expr),
                })
            }
        };
        return Ok(OperandValue::Literal { value, expr: None });
    }
    let value = parse_value(text)?;
    if let Value::Symbolic(expr) = value {
        if !literal_ok {
            return Err(INVALID_OPERAND.into());
        }
        return Ok(OperandValue::Literal {
            value: 0,
            expr: Some(expr),
        });
    }
    match source_constant(&value, numeric)? {
        SourceConst::Inline(name) if predefined(cx.spec, &slot.operand_type, &name).is_some() => {
            Ok(OperandValue::Inline(name))
        }
        SourceConst::Inline(_) => Err(INVALID_OPERAND.into()),
        SourceConst::Literal(_) if !literal_ok => Err(INVALID_OPERAND.into()),
        SourceConst::Literal(value) => Ok(OperandValue::Literal { value, expr: None }),
    }
}

/// How LLVM reads numeric tokens for a scalar source slot. LLVM types scalar sources as 32-
/// or 64-bit operands: integer slots narrower than 32 bits (the B16 halves of s_pack_*, the
/// I8 of s_sext_i32_i8) follow the 32-bit rules, and so do the f16 sources of SOP1
/// instructions; SOPC f16 compares range-check integers to 16 bits first; only SOP2 f16
/// arithmetic reads f16 constants.
fn numeric_rule(slot: &Operand, family: Family) -> Numeric {
    let is_float = is_float_format(&slot.data_format);
    match (slot.size, is_float, family) {
        (64, _, _) => Numeric::Plain { size: 64, is_float },
        (16, true, Family::Sop2) => Numeric::Plain { size: 16, is_float },
        (16, true, Family::Sopc) => Numeric::WideF16,
        _ => Numeric::Plain { size: 32, is_float },
    }
}

/// OPR_SREG / OPR_SDST and their relatives: registers only.
pub struct ScalarRegister;

impl OperandKind for ScalarRegister {
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        let reg = parse_register(&piece.text).ok_or(INVALID_OPERAND)??;
        if let RegFile::Special(name) = &reg.file {
            // Constant sources (`src_scc`, apertures) cannot be written as destinations.
            if slot.field.as_deref() == Some("SDST") && name.starts_with("SRC_") {
                return Err(INVALID_OPERAND.into());
            }
        }
        // Slots typed *_NULL (GFX11's s_waitcnt_*cnt destinations) take only `null`.
        if slot.operand_type.ends_with("_NULL") && reg.file != RegFile::Special("NULL".into()) {
            return Err("src0 must be null".into());
        }
        register_code(&reg, slot, cx)?;
        Ok(OperandValue::Reg(reg))
    }

    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        let OperandValue::Reg(reg) = value else {
            return Err(INVALID_OPERAND.into());
        };
        let field = field_of(slot)?;
        let code = register_code(reg, slot, cx)? as u64;
        Ok(vec![(field, code)])
    }
}

/// An immediate stored in its field (OPR_SIMM16, OPR_SIMM8, ...) or a symbolic operand of a
/// special type (OPR_WAITCNT, OPR_HWREG, OPR_SENDMSG, OPR_DELAY...): the special-operand
/// parser gets the first look, then the text is an integer expression.
pub struct Immediate;

impl OperandKind for Immediate {
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        if let Some(result) =
            parse_symbolic(&slot.operand_type, cx.mnemonic, &piece.text, cx.syntax)
        {
            return result.map(|v| OperandValue::Imm(v as i64));
        }
        let Value::Int(v) = parse_value(&piece.text)? else {
            return Err(INVALID_OPERAND.into());
        };
        let width = field_width(cx, slot).unwrap_or(slot.size);
        let t = slot.operand_type.as_str();
        let field = slot.field.as_deref().unwrap_or("");
        let family = Family::of(&cx.encoding.name);
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

    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        _cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        match value {
            OperandValue::Imm(v) => {
                // OPR_SIMM<n> names the immediate's width, which may be narrower than its
                // field (GFX12 prefetch SDATA holds a 5-bit immediate in a 7-bit field).
                let bits = slot
                    .operand_type
                    .strip_prefix("OPR_SIMM")
                    .and_then(|n| n.parse::<u32>().ok())
                    .filter(|&n| n < 64)
                    .map_or(u64::MAX, |n| (1u64 << n) - 1);
                Ok(vec![(field_of(slot)?, *v as u64 & bits)])
            }
            _ => Err(INVALID_OPERAND.into()),
        }
    }
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

/// OPR_LABEL: a branch target; a constant is stored as is, a symbol becomes a fixup.
pub struct BranchTarget;

impl OperandKind for BranchTarget {
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
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

    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        _cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        match value {
            OperandValue::Imm(v) => Ok(vec![(field_of(slot)?, *v as u64)]),
            OperandValue::Label(_) => Ok(vec![(field_of(slot)?, 0)]),
            _ => Err(INVALID_OPERAND.into()),
        }
    }
}

/// OPR_SIMM32: a 32-bit constant carried in the literal dword.
pub struct Literal32;

impl OperandKind for Literal32 {
    fn parse(
        &self,
        piece: &Piece,
        _slot: &Operand,
        _cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        not_a_register(&piece.text)?;
        match parse_value(&piece.text)? {
            Value::Int(v) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => {
                Ok(OperandValue::Literal {
                    value: v as u32,
                    expr: None,
                })
            }
            Value::Int(_) => Err(INVALID_OPERAND.into()),
            Value::Float(f) => Ok(OperandValue::Literal {
                value: (f as f32).to_bits(),
                expr: None,
            }),
            Value::Symbolic(expr) => Ok(OperandValue::Literal {
                value: 0,
                expr: Some(expr),
            }),
        }
    }

    fn encode(
        &self,
        _value: &OperandValue,
        _slot: &Operand,
        _cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        Ok(Vec::new())
    }
}

/// OPR_SMEM_OFFSET: `soffset` register and/or immediate offset. The immediate goes to
/// OFFSET (IOFFSET on GFX12), the register to SOFFSET; without a register, SOFFSET holds NULL
/// on encodings that have no IMM bit. GFX9-style encodings (with IMM / SOFFSET_EN bits) put
/// a lone register in OFFSET with IMM=0.
pub struct SmemOffset;

impl SmemOffset {
    /// SMEM offset text: `s4`, `0x64`, or `s4` plus an `offset:` modifier merged by the caller.
    pub fn parse_parts(
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
        let text = strip_lit(text).unwrap_or(text);
        match parse_value(text)? {
            Value::Int(v) => Ok((None, Some(v))),
            _ => Err(INVALID_OPERAND.into()),
        }
    }

    fn imm_field(encoding: &Encoding) -> Option<&'static str> {
        ["OFFSET", "IOFFSET"]
            .into_iter()
            .find(|f| encoding.field(f).is_some())
    }
}

impl OperandKind for SmemOffset {
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        let (soffset, imm) = Self::parse_parts(&piece.text, slot, cx)?;
        Ok(OperandValue::SmemOffset { soffset, imm })
    }

    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        let OperandValue::SmemOffset { soffset, imm } = value else {
            return Err(INVALID_OPERAND.into());
        };
        let enc = cx.encoding;
        let imm_field = Self::imm_field(enc).ok_or("SMEM encoding has no offset field")?;
        let as_32 = Operand {
            size: 32,
            ..slot.clone()
        };
        let code = soffset
            .as_ref()
            .map(|r| register_code(r, &as_32, cx))
            .transpose()?
            .map(|c| c as u64);
        let mut bits = Vec::new();
        // Without an immediate the offset field is left alone: GFX12 prefetches carry their
        // immediate in a separate IOFFSET operand.
        if enc.field("IMM").is_some() {
            match (code, imm) {
                (Some(code), None) => bits.push((imm_field.to_string(), code)),
                (code, imm) => {
                    bits.push(("IMM".to_string(), 1));
                    bits.push((imm_field.to_string(), imm.unwrap_or(0) as u64));
                    if let Some(code) = code {
                        // AMD's CDNA3 file calls the soffset-enable bit SOFFSET_EN, the
                        // manual-derived files SOE.
                        let enable = ["SOFFSET_EN", "SOE"]
                            .into_iter()
                            .find(|f| enc.field(f).is_some())
                            .ok_or("SMEM encoding has no soffset-enable field")?;
                        bits.push((enable.to_string(), 1));
                        bits.push(("SOFFSET".to_string(), code));
                    }
                }
            }
        } else {
            if let Some(imm) = imm {
                bits.push((imm_field.to_string(), *imm as u64));
            }
            let soffset_bits = match code {
                Some(code) => code,
                None => lookup(cx, &as_32, "NULL")?,
            };
            bits.push(("SOFFSET".to_string(), soffset_bits));
        }
        Ok(bits)
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

/// The kind serving a slot of a vector ALU form. Vector slots carry the operand types the
/// slot derivation ([`crate::forms`]) settled on: `OPR_SRC` (any source), `OPR_VGPR`,
/// `OPR_SREG` (scalar destination or wave mask), `OPR_VCC` (VCC written in the text of a
/// 32-bit form, not encoded) and `OPR_SIMM32` (an inline literal operand).
pub fn vector_kind(operand_type: &str) -> &'static dyn OperandKind {
    match operand_type {
        "OPR_VGPR" | "OPR_SRC_VGPR" => &VectorRegister,
        "OPR_VCC" => &ImplicitVcc,
        "OPR_SIMM32" => &Literal32,
        t if t.starts_with("OPR_SREG") || t.starts_with("OPR_SDST") => &ScalarRegister,
        _ => &VectorSource,
    }
}

/// True for the 32-bit vector encodings, where a true16 high half is bit 7 of the VGPR code.
fn is_vop32(cx: &OperandCtx) -> bool {
    Family::of(&cx.encoding.name).is_vop32()
}

/// A VGPR for a vector slot: the register count must match the operand size; a true16 half
/// (`v1.h`) needs a 16-bit slot and, in 32-bit encodings, one of v0..v127.
fn vgpr(text: &str, slot: &Operand, cx: &OperandCtx) -> Option<Result<RegRange, String>> {
    let (text, half) = crate::syntax::vector::strip_half(text);
    let reg = match parse_register(text)? {
        Ok(reg) => reg,
        Err(e) => return Some(Err(e)),
    };
    if reg.file != RegFile::Vgpr {
        return match half {
            Some(_) => Some(Err(INVALID_OPERAND.into())),
            None => Some(Ok(reg)),
        };
    }
    // GFX11+ 32-bit encodings address 16-bit VGPR operands with 7 index bits (bit 7 picks
    // the half: RDNA3 ISA §7.2 "16-bit VGPRs"), so only v0..v127 fit there.
    let narrow = slot.size == 16 && is_vop32(cx) && cx.syntax.gfx_major >= 11;
    let ok = reg.count == regs_for_size(slot.size)
        && reg.first + reg.count <= 256
        && (half.is_none() || slot.size == 16)
        && !(narrow && reg.first >= 128);
    Some(if ok {
        Ok(reg)
    } else {
        Err(INVALID_OPERAND.into())
    })
}

/// The inline-constant rules of a vector source slot: by operand size and float-ness; packed
/// 16-bit pairs take 16-bit constants.
fn vector_numeric(slot: &Operand) -> Numeric {
    let packed = slot.data_format.contains("PK2");
    let size = if packed { 16 } else { slot.size.max(16) };
    Numeric::Plain {
        size,
        is_float: is_float_format(&slot.data_format),
    }
}

/// A vector ALU source (SRC0/SRC1/SRC2): VGPR, SGPR, named register, inline constant or
/// literal (one literal dword; VOP3 forms take one from GFX10 on).
pub struct VectorSource;

impl OperandKind for VectorSource {
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        // OPR_SRC_VGPR_OR_INLINE (matrix accumulators): a VGPR or an inline constant.
        let vgpr_or_inline = slot.operand_type.ends_with("VGPR_OR_INLINE");
        if let Some(reg) = vgpr(&piece.text, slot, cx) {
            let reg = reg?;
            if reg.file != RegFile::Vgpr {
                if vgpr_or_inline {
                    return Err(INVALID_OPERAND.into());
                }
                register_code(&reg, slot, cx)?;
            }
            return Ok(OperandValue::Reg(reg));
        }
        let literal_ok = (is_vop32(cx) || cx.syntax.gfx_major >= 10) && !vgpr_or_inline;
        let mut numeric = vector_numeric(slot);
        // Packed-math ops (v_pk_*) in a 32-bit encoding read the token as the whole pair;
        // other 32-bit ops with packed sources (dot2c, sat_pk) follow the 16-bit rules
        // (both checked with llvm-mc 22).
        let whole_pair = cx.mnemonic.starts_with("v_pk_") && is_vop32(cx);
        if slot.data_format.contains("PK2") && whole_pair && strip_lit(&piece.text).is_none() {
            return packed_constant(&piece.text, slot, cx);
        }
        if slot.data_format.contains("PK2") {
            // A packed pair takes any 32-bit value as a literal; values that fit 16 bits
            // follow the 16-bit inline-constant rules.
            if let Ok(Value::Int(v)) = parse_value(&piece.text) {
                if i16::try_from(v).is_err() && u16::try_from(v).is_err() {
                    numeric = Numeric::Plain {
                        size: 32,
                        is_float: false,
                    };
                }
            }
        }
        constant(&piece.text, slot, cx, numeric, literal_ok)
    }

    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        let bits = match value {
            OperandValue::Reg(reg) if reg.file == RegFile::Vgpr => {
                predefined(cx.spec, "OPR_SRC_VGPR", &spec_name(reg))
                    .ok_or_else(|| "spec lists no VGPR source codes".to_string())?
                    as u64
            }
            OperandValue::Reg(reg) => register_code(reg, slot, cx)? as u64,
            OperandValue::Inline(name) => lookup(cx, slot, name)?,
            OperandValue::Literal { .. } => lookup(cx, slot, "SRC_LITERAL")?,
            _ => return Err(INVALID_OPERAND.into()),
        };
        Ok(vec![(field_of(slot)?, bits)])
    }
}

/// A packed 16-bit pair in a 32-bit encoding (no op_sel_hi to replicate a half): the token
/// is the whole 32-bit value (a float token gives the f16 bits in the low half), inline only
/// when both halves hold the same 16-bit inline constant (checked with llvm-mc 22).
fn packed_constant(text: &str, slot: &Operand, cx: &OperandCtx) -> Result<OperandValue, String> {
    let bits = match parse_value(text)? {
        Value::Int(v) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => v as u32,
        Value::Float(f) => half::f16::from_f64(f).to_bits() as u32,
        Value::Symbolic(expr) => {
            return Ok(OperandValue::Literal {
                value: 0,
                expr: Some(expr),
            })
        }
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
            if predefined(cx.spec, &slot.operand_type, &name).is_some() {
                return Ok(OperandValue::Inline(name));
            }
        }
    }
    Ok(OperandValue::Literal {
        value: bits,
        expr: None,
    })
}

/// A VGPR-only operand (VDST, VSRC1; SRC0 of a few VOP1 ops, where it takes a source code).
pub struct VectorRegister;

impl OperandKind for VectorRegister {
    fn parse(
        &self,
        piece: &Piece,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        match vgpr(&piece.text, slot, cx) {
            Some(Ok(reg)) if reg.file == RegFile::Vgpr => Ok(OperandValue::Reg(reg)),
            Some(Err(e)) => Err(e),
            _ => Err(INVALID_OPERAND.into()),
        }
    }

    fn encode(
        &self,
        value: &OperandValue,
        slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        let OperandValue::Reg(reg) = value else {
            return Err(INVALID_OPERAND.into());
        };
        // 9-bit source fields (SRC0..2) hold the VGPR source code, 8-bit ones the index.
        let codes = match slot.field.as_deref() {
            Some(f) if f.starts_with("SRC") => "OPR_SRC_VGPR",
            _ => "OPR_VGPR",
        };
        let code = predefined(cx.spec, codes, &spec_name(reg))
            .ok_or_else(|| "spec lists no VGPR codes".to_string())?;
        Ok(vec![(field_of(slot)?, code as u64)])
    }
}

/// VCC as LLVM writes it in a 32-bit form (carry, compare result, select mask): `vcc_lo` in
/// wave32, `vcc` in wave64. The hardware uses VCC implicitly; nothing is encoded.
pub struct ImplicitVcc;

impl OperandKind for ImplicitVcc {
    fn parse(
        &self,
        piece: &Piece,
        _slot: &Operand,
        cx: &OperandCtx,
    ) -> Result<OperandValue, String> {
        let reg = parse_register(&piece.text).ok_or(INVALID_OPERAND)??;
        let count = if cx.syntax.wave64 { 2 } else { 1 };
        if reg.file == RegFile::Special("VCC_LO".into()) && reg.count == count {
            Ok(OperandValue::Reg(reg))
        } else {
            Err(INVALID_OPERAND.into())
        }
    }

    fn encode(
        &self,
        _value: &OperandValue,
        _slot: &Operand,
        _cx: &OperandCtx,
    ) -> Result<FieldBits, String> {
        Ok(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_operand_type() {
        assert_eq!(classify("OPR_SSRC"), KindId::ScalarSource);
        assert_eq!(classify("OPR_SSRC_NOLIT"), KindId::ScalarSource);
        assert_eq!(classify("OPR_SREG_M0_INL"), KindId::ScalarSource);
        assert_eq!(classify("OPR_SDST"), KindId::ScalarRegister);
        assert_eq!(classify("OPR_SREG"), KindId::ScalarRegister);
        assert_eq!(classify("OPR_SIMM16"), KindId::Immediate);
        assert_eq!(classify("OPR_LABEL"), KindId::BranchTarget);
        assert_eq!(classify("OPR_SMEM_OFFSET_NOK"), KindId::SmemOffset);
        assert_eq!(classify("OPR_SIMM32"), KindId::Literal32);
        assert!(is_symbolic_type("OPR_WAITCNT"));
        assert!(is_symbolic_type("OPR_HWREG"));
        assert!(!is_symbolic_type("OPR_SIMM16"));
        assert!(!is_symbolic_type("OPR_SSRC"));
    }

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
