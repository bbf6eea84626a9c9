//! One handler per encoding family: assembles the instruction word from the spec's encoding
//! fields (fixed identifier bits, OP, operand fields, modifier fields), appends the literal
//! dword and records fixups.

use mcdiff_spec::{Encoding, Field};

use crate::inst::{Inst, OperandValue};
use crate::operands::{kind_for, OperandCtx};
use crate::syntax::family_of;
use crate::Fixup;

/// Bytes and fixups of one encoded instruction.
pub struct EncodedBytes {
    pub bytes: Vec<u8>,
    pub fixups: Vec<Fixup>,
}

/// Encodes instructions of one family.
pub trait FamilyEncoder {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String>;
}

/// SOP1, SOP2, SOPK, SOPC and SOPP: every operand sits in its own field.
pub struct ScalarAlu;

/// SMEM: as the scalar ALU formats, but SBASE names an SGPR pair (its low bit is implied).
pub struct ScalarMem;

/// The handler for an encoding family (`SOP2`, `SMEM`...), if implemented.
pub fn family_encoder(family: &str) -> Option<&'static dyn FamilyEncoder> {
    match family {
        "SOP1" | "SOP2" | "SOPK" | "SOPC" | "SOPP" => Some(&ScalarAlu),
        "SMEM" => Some(&ScalarMem),
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
        let pad = field.ranges.first().map_or(0, |r| r.padding_count);
        let mut rest = value >> if pad > 0 { pad } else { implied_low_bits };
        for range in &field.ranges {
            let mask = (1u128 << range.count) - 1;
            self.bits &= !(mask << range.offset);
            self.bits |= (rest as u128 & mask) << range.offset;
            rest = rest.checked_shr(range.count).unwrap_or(0);
        }
    }

    fn bytes(&self) -> Vec<u8> {
        self.bits.to_le_bytes()[..(self.bit_count / 8) as usize].to_vec()
    }
}

fn field_mask(field: &Field) -> u128 {
    field
        .ranges
        .iter()
        .fold(0, |m, r| m | (((1u128 << r.count) - 1) << r.offset))
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
        for (name, value) in kind_for(&op.spec.operand_type).encode(&op.value, &op.spec, cx)? {
            let f = field(enc, &name)?;
            word.set(f, value, implied_low_bits(&name));
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
    if let Some((value, expr)) = inst.literal() {
        if let Some(expr) = expr {
            fixups.push(Fixup {
                offset: bytes.len(),
                size: 4,
                expr: expr.to_string(),
            });
        }
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    Ok(EncodedBytes { bytes, fixups })
}

impl FamilyEncoder for ScalarAlu {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        assemble(inst, cx, |_| 0)
    }
}

impl FamilyEncoder for ScalarMem {
    fn encode(&self, inst: &Inst, cx: &OperandCtx) -> Result<EncodedBytes, String> {
        debug_assert_eq!(family_of(&inst.encoding), "SMEM");
        // SBASE is 6 bits wide for a 7-bit SGPR code: it holds the even SGPR number >> 1
        // (ISA manuals, SMEM microcode format); high-fidelity files say so with Padding.
        assemble(inst, cx, |name| u32::from(name == "SBASE"))
    }
}
