//! One handler per encoding family: assembles the instruction word from the spec's encoding
//! fields (fixed identifier bits, OP, operand fields, modifier fields), appends the literal
//! dword and records fixups.

pub mod operands;

use mcdiff_spec::{Encoding, Field};

use crate::bits::{field_mask, write_field};
use crate::family::Family;
use crate::inst::{Inst, OperandValue, RegFile};
use crate::operands::{classify, classify_memory, classify_vector, is_off, is_vgpr_type};
use crate::operands::{predefined, scalar_address_off, OperandCtx};
use crate::syntax::vector::{
    operand_bit, writes_exec_only, Dpp, SRC_DPP16, SRC_DPP8, SRC_DPP8_FI, SRC_SDWA,
};
use operands::encoder;

/// Bytes and fixups of one encoded instruction.
pub struct EncodedBytes {
    pub bytes: Vec<u8>,
    pub fixups: Vec<Fixup>,
}

/// Bytes whose value depends on a symbol (llvm-mc shows them as letters A, B...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixup {
    pub offset: usize,
    pub size: usize,
    pub expr: String,
}

/// Encodes instructions of one family.
pub trait FamilyEncoder {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String>;
}

/// SOP1, SOP2, SOPK, SOPC and SOPP: every operand sits in its own field.
pub struct ScalarAlu;

/// SMEM: as the scalar ALU formats, but SBASE names an SGPR pair (its low bit is implied).
pub struct ScalarMem;

/// VOP1, VOP2, VOPC, VOP3 (with its SDST variant) and VOP3P: operand fields as the scalar
/// formats, plus modifier fields under canonical names ([`crate::syntax::vop_modifiers`]) mapped to
/// the loaded spec's fields, and true16 high halves.
pub struct VectorAlu;

/// VOPD (VOPDXY): two VOP2-like ops in one word; OPX from the Inst's opcode, OPY from its
/// `OPY` modifier. VDSTY holds the Y destination without its low bit, which must be the
/// opposite of VDSTX's (RDNA3 ISA §15.3.7 "VOPD").
pub struct DualIssue;

/// The handler for an encoding family (`SOP2`, `SMEM`...), if implemented.
pub fn family_encoder(family: Family) -> Option<&'static dyn FamilyEncoder> {
    match family {
        Family::Smem => Some(&ScalarMem),
        f if f.is_scalar() => Some(&ScalarAlu),
        f if f.is_vector_alu() => Some(&VectorAlu),
        _ => None,
    }
}

/// The instruction word under construction.
struct Word {
    bits: u128,
    bit_count: u32,
}

impl Word {
    /// Starts a word with the encoding's fixed identifier bits outside the OP field
    /// (official files fold the opcode into the identifiers; OP is written separately).
    fn new(enc: &Encoding) -> Word {
        let op_mask = enc.field("OP").map_or(0, field_mask);
        let fixed = enc.identifiers.first().copied().unwrap_or(0) & enc.identifier_mask & !op_mask;
        Word {
            bits: fixed,
            bit_count: enc.bit_count,
        }
    }

    /// Writes `value` into `field`, low range first; a range's padding stands for implied low
    /// value bits that are dropped (`implied_low_bits` when the spec gives no padding).
    fn set(&mut self, field: &Field, value: u64, implied_low_bits: u32) {
        write_field(&mut self.bits, field, value, implied_low_bits);
    }

    fn bytes(&self) -> Vec<u8> {
        self.bits.to_le_bytes()[..(self.bit_count / 8) as usize].to_vec()
    }
}

/// A field the instruction needs; its absence is a spec gap, reported with a stable message.
fn field<'e>(enc: &'e Encoding, name: &str) -> Result<&'e Field, String> {
    enc.field(name)
        .ok_or_else(|| "encoding field missing".to_string())
}

/// Shared word assembly; `implied_low_bits(field)` gives the implied low bits of a field
/// the spec lists without padding.
fn assemble(
    inst: &Inst,
    cx: &OperandCtx,
    implied_low_bits: impl Fn(&str) -> u32,
) -> Result<EncodedBytes, String> {
    let enc = cx.encoding;
    let mut word = Word::new(enc);
    word.set(field(enc, "OP")?, inst.opcode as u64, 0);
    let mut fixups = Vec::new();
    for op in &inst.operands {
        for (name, value) in
            encoder(classify(&op.spec.operand_type)).encode(&op.value, &op.spec, cx)?
        {
            let f = field(enc, name)?;
            word.set(f, value, implied_low_bits(name));
            if let OperandValue::Label(expr) = &op.value {
                let range = f.ranges[0];
                fixups.push(Fixup {
                    offset: (range.offset / 8) as usize,
                    size: (f.width() / 8) as usize,
                    expr: expr.clone(),
                });
            }
        }
    }
    for (name, value) in &inst.modifiers {
        word.set(field(enc, name)?, *value as u64, 0);
    }
    let mut bytes = word.bytes();
    append_literal(inst, &mut bytes, &mut fixups);
    Ok(EncodedBytes { bytes, fixups })
}

/// Appends the literal, if any (one or two dwords), and its fixup when it depends on a
/// symbol.
fn append_literal(inst: &Inst, bytes: &mut Vec<u8>, fixups: &mut Vec<Fixup>) {
    if let Some(literal) = inst.literal() {
        let size = literal.byte_len();
        if let Some(expr) = literal.expr {
            fixups.push(Fixup {
                offset: bytes.len(),
                size,
                expr: expr.to_string(),
            });
        }
        bytes.extend_from_slice(&literal.value.to_le_bytes()[..size]);
    }
}

impl FamilyEncoder for ScalarAlu {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        assemble(inst, cx, |_| 0)
    }
}

impl FamilyEncoder for ScalarMem {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        debug_assert_eq!(inst.form.family, Family::Smem);
        // SBASE is 6 bits wide for a 7-bit SGPR code: it holds the even SGPR number >> 1
        // (ISA manuals, SMEM microcode format); high-fidelity files say so with Padding.
        assemble(inst, cx, |name| u32::from(name == "SBASE"))
    }
}

/// The loaded encoding's field for a canonical modifier field name.
fn modifier_field<'e>(enc: &'e Encoding, name: &str) -> Result<&'e Field, String> {
    enc.field(name)
        .ok_or_else(|| format!("encoding has no {name} field"))
}

impl FamilyEncoder for VectorAlu {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        let enc = cx.encoding;
        let short = inst.form.family.is_vop32();
        let mut word = Word::new(enc);
        word.set(field(enc, "OP")?, inst.opcode as u64, 0);
        let opsel = inst.modifiers.get("OPSEL");
        let dpp8 = inst.form.dpp() == Some(Dpp::Dpp8);
        let dpp = inst.form.dpp().is_some();
        let fetch_inactive = inst.modifiers.iter().any(|(n, v)| n == "FI" && *v == 1);
        let sdwa = inst.form.is_sdwa();
        for op in &inst.operands {
            for (name, value) in
                encoder(classify_vector(&op.spec.operand_type)).encode(&op.value, &op.spec, cx)?
            {
                // 32-bit forms have no OPSEL: a true16 high half is bit 7 of the VGPR code
                // (RDNA3 ISA §7.2 "16-bit VGPRs": VGPR codes 128..255 name the high halves).
                let high = short
                    && operand_bit(name).is_some_and(|bit| opsel & (1 << bit) != 0)
                    && matches!(op.value, OperandValue::Reg(ref r) if r.file == RegFile::Vgpr);
                let value = value | if high { 0x80 } else { 0 };
                if sdwa && matches!(name, "SRC0" | "VSRC1") {
                    // SRC0 announces the SDWA dword; a source that is not a VGPR sets its
                    // S0/S1 bit there and keeps the low byte of its source code.
                    let scalar =
                        !matches!(op.value, OperandValue::Reg(ref r) if r.file == RegFile::Vgpr);
                    let (code_field, scalar_bit) = if name == "SRC0" {
                        word.set(field(enc, "SRC0")?, SRC_SDWA, 0);
                        ("VSRC0", "S0")
                    } else {
                        ("VSRC1", "S1")
                    };
                    word.set(field(enc, code_field)?, value & 0xff, 0);
                    if scalar || enc.field(scalar_bit).is_some() {
                        word.set(field(enc, scalar_bit)?, u64::from(scalar), 0);
                    }
                    continue;
                }
                if dpp && name == "SRC0" {
                    // SRC0 announces the DPP dword, which names the VGPR (§7.7 "DPP").
                    let code = match (dpp8, fetch_inactive) {
                        (true, true) => SRC_DPP8_FI,
                        (true, false) => SRC_DPP8,
                        _ => SRC_DPP16,
                    };
                    word.set(field(enc, "SRC0")?, code, 0);
                    word.set(field(enc, "VSRC0")?, value & 0xff, 0);
                    continue;
                }
                word.set(field(enc, name)?, value, 0);
            }
        }
        accumulator_bits(&mut word, inst, enc);
        let has_vdst = inst
            .operands
            .iter()
            .any(|o| o.spec.field.as_deref() == Some("VDST"));
        if !short && !has_vdst && writes_exec_only(&inst.name, cx.target.gfx_major) {
            // VOP3 compares that write EXEC name EXEC_LO in VDST.
            let exec = predefined(cx.target.spec, "OPR_SREG", "EXEC_LO")
                .or_else(|| predefined(cx.target.spec, "OPR_SRC", "EXEC_LO"))
                .ok_or_else(|| "spec lists no EXEC_LO code".to_string())?;
            word.set(field(enc, "VDST")?, exec as u64, 0);
        }
        for (name, value) in &inst.modifiers {
            let value = *value as u64;
            if name == "FI" && dpp8 {
                continue;
            }
            if short && (dpp || sdwa) && ["NEG", "ABS", "SEXT"].contains(&name.as_ref()) {
                // DPP16 and SDWA carry src0/src1 modifiers of 32-bit forms as SRCn_NEG /
                // SRCn_ABS (/ SRCn_SEXT).
                for bit in 0..2 {
                    if value & (1 << bit) != 0 {
                        word.set(field(enc, &format!("SRC{bit}_{name}"))?, 1, 0);
                    }
                }
                continue;
            }
            if short && name == "OPSEL" {
                continue;
            }
            if name == "OPSEL_HI" {
                if let Some(third) = enc.field("OP_SEL_HI_2") {
                    // RDNA4 splits OPSEL_HI: bits 0-1 and, as its own field, bit 2.
                    word.set(modifier_field(enc, "OPSEL_HI")?, value & 3, 0);
                    word.set(third, value >> 2, 0);
                    continue;
                }
            }
            word.set(modifier_field(enc, name)?, value, 0);
        }
        let mut bytes = word.bytes();
        let mut fixups = Vec::new();
        append_literal(inst, &mut bytes, &mut fixups);
        Ok(EncodedBytes { bytes, fixups })
    }
}

/// MFMA tells AGPR operands by bits, their codes being the VGPR ones: ACC for src0 and
/// src1, ACC_CD for the destination and the accumulator (CDNA3 ISA, VOP3P_MFMA fields).
/// CDNA1 has no ACC_CD: its destination and accumulator are always AGPRs.
fn accumulator_bits(word: &mut Word, inst: &Inst, enc: &Encoding) {
    let agpr = |field: &str| {
        inst.operands.iter().any(|o| {
            o.spec.field.as_deref() == Some(field)
                && matches!(&o.value, OperandValue::Reg(r) if r.file == RegFile::Agpr)
        })
    };
    if let Some(acc) = enc.field("ACC") {
        word.set(
            acc,
            u64::from(agpr("SRC0")) | u64::from(agpr("SRC1")) << 1,
            0,
        );
    }
    if let Some(acc_cd) = enc.field("ACC_CD") {
        word.set(acc_cd, u64::from(agpr("VDST")), 0);
    }
}

impl FamilyEncoder for DualIssue {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        let enc = cx.encoding;
        let mut word = Word::new(enc);
        word.set(field(enc, "OPX")?, inst.opcode as u64, 0);
        for (name, value) in &inst.modifiers {
            word.set(field(enc, name)?, *value as u64, 0);
        }
        // VOPD's VDSTY holds the register number without its low bit (the opposite of
        // VDSTX's); VOPD3's is as wide as VDSTX and holds all of it.
        let vdsty_drops = field(enc, "VDSTX")?
            .width()
            .saturating_sub(field(enc, "VDSTY")?.width());
        for op in &inst.operands {
            for (name, value) in
                encoder(classify_vector(&op.spec.operand_type)).encode(&op.value, &op.spec, cx)?
            {
                let dropped = if name == "VDSTY" { vdsty_drops } else { 0 };
                word.set(field(enc, name)?, value, dropped);
            }
        }
        let mut bytes = word.bytes();
        let mut fixups = Vec::new();
        append_literal(inst, &mut bytes, &mut fixups);
        Ok(EncodedBytes { bytes, fixups })
    }
}

/// DS, the flat families (FLAT/GLOBAL/SCRATCH), buffers, exports and LDS parameter loads:
/// VGPR fields hold the register number,
/// SADDR the scalar register code; modifiers carry offsets and cache policy under the
/// spec's field names.
pub struct VectorMemory;

impl FamilyEncoder for VectorMemory {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        let enc = cx.encoding;
        let mut word = Word::new(enc);
        // Exports have no opcode field.
        if let Some(op_field) = enc.field("OP") {
            word.set(op_field, inst.opcode as u64, 0);
        }
        for op in &inst.operands {
            if op.spec.field.as_deref() == Some("SADDR") && is_off(&op.value) {
                let off =
                    scalar_address_off(cx.target.spec).ok_or("spec lists no `off` SADDR code")?;
                word.set(field(enc, "SADDR")?, off.into(), 0);
                continue;
            }
            for (name, value) in
                encoder(classify_memory(&op.spec.operand_type)).encode(&op.value, &op.spec, cx)?
            {
                let f = field(enc, name)?;
                // A resource tuple field narrower than the 7-bit SGPR code holds the aligned
                // SGPR number without its low bits (RDNA3 ISA §9.1 "SRSRC": SGPR / 4).
                let scalar_tuple = !is_vgpr_type(&op.spec.operand_type) && op.spec.size >= 128;
                let implied = if scalar_tuple {
                    7u32.saturating_sub(f.width())
                } else {
                    0
                };
                word.set(f, value, implied);
            }
        }
        for (name, value) in &inst.modifiers {
            word.set(field(enc, name)?, *value as u64, 0);
        }
        Ok(EncodedBytes {
            bytes: word.bytes(),
            fixups: Vec::new(),
        })
    }
}

/// Images: as [`VectorMemory`], plus GFX11 NSA addresses (`NSA_ADDR<n>` operands), one byte
/// each in the dwords after the instruction, zero-padded (RDNA3 ISA §8.2 "MIMG NSA").
pub struct Image;

impl FamilyEncoder for Image {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        let (extra, own): (Vec<_>, Vec<_>) = inst.operands.iter().cloned().partition(|o| {
            o.spec
                .field
                .as_deref()
                .is_some_and(|f| f.starts_with("NSA_ADDR"))
        });
        let base = Inst {
            operands: own,
            ..inst.clone()
        };
        let mut out = VectorMemory.encode(&base, cx)?;
        let mut addresses = Vec::new();
        for op in &extra {
            let OperandValue::Reg(reg) = &op.value else {
                return Err("NSA address is not a register".into());
            };
            addresses.push(u8::try_from(reg.first).map_err(|_| "VGPR out of range".to_string())?);
        }
        while addresses.len() % 4 != 0 {
            addresses.push(0);
        }
        out.bytes.extend(addresses);
        Ok(out)
    }
}
