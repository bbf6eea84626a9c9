//! Operand encoders, one per operand kind ([`KindId`]): the typed value of an operand ->
//! the bits of the encoding fields its spec slot names.

use mcdiff_spec::{Encoding, Operand};

use crate::inst::{OperandValue, RegFile};
use crate::operands::*;

/// Field bits produced by one operand: (encoding field name, value before placement). The
/// names are the slot's, the encoding's or the syntax tables' own.
pub type FieldBits<'a> = Vec<(&'a str, u64)>;

/// Field bits, or why the value cannot be encoded (a spec gap).
pub type Encoded<'a> = Result<FieldBits<'a>, String>;

/// Encodes the value of one operand kind into field bits.
pub trait OperandEncoder {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        cx: &OperandCtx<'a>,
    ) -> Encoded<'a>;
}

/// The encoder of an operand kind.
pub fn encoder(kind: KindId) -> &'static dyn OperandEncoder {
    crate::operands::serving_type!(kind)
}

fn lookup(cx: &OperandCtx, slot: &Operand, name: &str) -> Result<u64, String> {
    predefined(cx.target.spec, &slot.operand_type, name)
        .map(|c| c as u64)
        .ok_or_else(|| INVALID_OPERAND.to_string())
}

fn field_of(slot: &Operand) -> Result<&str, String> {
    slot.field
        .as_deref()
        .ok_or_else(|| "operand has no encoding field".to_string())
}

impl OperandEncoder for ScalarSource {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        Ok(vec![(
            field_of(slot)?,
            scalar_source_code(value, slot, cx)?,
        )])
    }
}

/// The source code of a scalar register, inline constant or literal.
fn scalar_source_code(
    value: &OperandValue,
    slot: &Operand,
    cx: &OperandCtx,
) -> Result<u64, String> {
    match value {
        OperandValue::Reg(reg) => Ok(register_code(reg, slot, cx)? as u64),
        OperandValue::Inline(name) => lookup(cx, slot, name),
        OperandValue::Literal { dwords, .. } => {
            let name = cx
                .target
                .literal_code(*dwords)
                .ok_or_else(|| format!("spec has no {dwords}-dword literal code"))?;
            lookup(cx, slot, name)
        }
        _ => Err(INVALID_OPERAND.into()),
    }
}

impl OperandEncoder for ScalarRegister {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        let OperandValue::Reg(reg) = value else {
            return Err(INVALID_OPERAND.into());
        };
        let field = field_of(slot)?;
        let code = register_code(reg, slot, cx)? as u64;
        Ok(vec![(field, code)])
    }
}

impl OperandEncoder for Immediate {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        _cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        match value {
            OperandValue::Imm(v) => {
                let bits = immediate_mask(&slot.operand_type);
                Ok(vec![(field_of(slot)?, *v as u64 & bits)])
            }
            _ => Err(INVALID_OPERAND.into()),
        }
    }
}

impl OperandEncoder for BranchTarget {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        _cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        match value {
            OperandValue::Imm(v) => Ok(vec![(field_of(slot)?, *v as u64)]),
            OperandValue::Label(_) => Ok(vec![(field_of(slot)?, 0)]),
            _ => Err(INVALID_OPERAND.into()),
        }
    }
}

impl OperandEncoder for Literal32 {
    /// The literal dword follows the instruction word (the family handler appends it).
    fn encode<'a>(&self, _: &OperandValue, _: &'a Operand, _: &OperandCtx<'a>) -> Encoded<'a> {
        Ok(Vec::new())
    }
}

impl OperandEncoder for SmemOffset {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        let enc = cx.encoding;
        if let (OperandValue::Literal { .. }, Some(imm_field)) = (value, smem_imm_field(enc)) {
            // SMRD's offset past its eight bits: IMM clear and OFFSET the literal code, "the
            // offset is specified in a 32-bit literal constant" (Sea Islands ISA Table 7.1);
            // the literal dword follows the word.
            let literal = (cx.target.spec.literal_codes.iter()).find(|l| l.dwords == 1);
            let code = literal.ok_or("spec lists no literal code")?.code;
            return Ok(vec![("IMM", 0), (imm_field, code as u64)]);
        }
        let OperandValue::SmemOffset { soffset, imm } = value else {
            return Err(INVALID_OPERAND.into());
        };
        let imm_field = smem_imm_field(enc).ok_or("SMEM encoding has no offset field")?;
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
                (Some(code), None) => bits.push((imm_field, code)),
                (code, imm) => {
                    bits.push(("IMM", 1));
                    bits.push((imm_field, imm.unwrap_or(0) as u64));
                    if let Some(code) = code {
                        if enc.field("SOFFSET_EN").is_none() {
                            return Err("SMEM encoding has no soffset-enable field".into());
                        }
                        bits.push(("SOFFSET_EN", 1));
                        bits.push(("SOFFSET", code));
                    }
                }
            }
        } else {
            if let Some(imm) = imm {
                bits.push((imm_field, *imm as u64));
            }
            let soffset_bits = match code {
                Some(code) => code,
                None => lookup(cx, &as_32, "NULL")?,
            };
            bits.push(("SOFFSET", soffset_bits));
        }
        Ok(bits)
    }
}

impl OperandEncoder for VectorSource {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        let bits = match value {
            OperandValue::Reg(reg) if matches!(reg.file, RegFile::Vgpr | RegFile::Agpr) => {
                register_number_code(cx.target.spec, "OPR_SRC_VGPR", reg, reg.first)
                    .ok_or_else(|| "spec lists no VGPR source codes".to_string())?
                    as u64
            }
            _ => scalar_source_code(value, slot, cx)?,
        };
        Ok(vec![(field_of(slot)?, bits)])
    }
}

impl OperandEncoder for VectorRegister {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        let OperandValue::Reg(reg) = value else {
            return Err(INVALID_OPERAND.into());
        };
        // 9-bit source fields (SRC0..2) hold the VGPR source code, 8-bit ones the index.
        let codes = match slot.field.as_deref() {
            Some(f) if f.starts_with("SRC") => "OPR_SRC_VGPR",
            _ => "OPR_VGPR",
        };
        let code = register_number_code(cx.target.spec, codes, reg, reg.first)
            .ok_or_else(|| "spec lists no VGPR codes".to_string())?;
        Ok(vec![(field_of(slot)?, code as u64)])
    }
}

impl OperandEncoder for ImplicitVcc {
    /// VCC written in a 32-bit form: the hardware reads or writes it implicitly.
    fn encode<'a>(&self, _: &OperandValue, _: &'a Operand, _: &OperandCtx<'a>) -> Encoded<'a> {
        Ok(Vec::new())
    }
}

impl OperandEncoder for Attribute {
    /// VINTRP's ATTR and ATTRCHAN fields, or the packed value in a VOP3 source field.
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        let OperandValue::Imm(packed) = value else {
            return Err(INVALID_OPERAND.into());
        };
        let field = field_of(slot)?;
        match attribute_channel_field(cx.encoding) {
            Some(chan_field) => {
                let (attr, chan, _) = attribute_parts(*packed);
                Ok(vec![
                    (field, attr.into()),
                    (chan_field.name.as_str(), chan.into()),
                ])
            }
            None => Ok(vec![(field, *packed as u64 & 0x1ff)]),
        }
    }
}

impl OperandEncoder for InterpParam {
    fn encode<'a>(
        &self,
        value: &OperandValue,
        slot: &'a Operand,
        _cx: &OperandCtx<'a>,
    ) -> Encoded<'a> {
        match value {
            OperandValue::Imm(code) => Ok(vec![(field_of(slot)?, *code as u64)]),
            _ => Err(INVALID_OPERAND.into()),
        }
    }
}

/// The field an immediate SMEM offset goes to: OFFSET, IOFFSET on GFX12.
fn smem_imm_field(encoding: &Encoding) -> Option<&'static str> {
    ["OFFSET", "IOFFSET"]
        .into_iter()
        .find(|f| encoding.field(f).is_some())
}
