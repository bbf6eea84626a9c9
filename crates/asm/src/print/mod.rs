//! [`Inst`] -> LLVM syntax, as llvm-mc's disassembler prints it (llvm-mc 22): mnemonic,
//! operands in text order separated by `, `, then modifiers. Register names and constants
//! follow the parse side ([`crate::syntax`]); symbolic operands are printed by [`crate::symbolic::print`].

mod memory;
pub mod vector;

use crate::family::{is_smem_imm_offset, Family};
use crate::inst::{Inst, InstOperand, OperandValue};
use crate::operands::{classify, KindId};
use crate::symbolic::symbolic_kind;
use crate::syntax::constants::{
    float_name_64, is_float_format, scalar_numeric, source_constant, takes_literal, SourceConst,
};
use crate::syntax::expr::Value;
use crate::syntax::regs::register_text;
use crate::syntax::smem_modifiers::{scope_name, th_name};
use crate::syntax::{optional_imm16, truncated_imm16};
use crate::target::TargetCtx;

/// Prints one instruction.
/// `mnemonic text`, one space between them and none at the end (an operandless buffer op's
/// text may start with its modifiers).
fn spaced(mnemonic: &str, text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        mnemonic.to_string()
    } else {
        format!("{mnemonic} {text}")
    }
}

pub fn print(inst: &Inst, ctx: &TargetCtx) -> String {
    let family = inst.form.family;
    if matches!(family, Family::Vopd | Family::Vopd3) {
        return vector::print_dual(inst);
    }
    if family.is_vector_alu() {
        return vector::print_vector(inst, ctx);
    }
    if family.segment().is_some() {
        return spaced(&inst.mnemonic, &memory::flat_text(inst));
    }
    if family.is_image() {
        return spaced(&inst.mnemonic, &memory::image_text(inst));
    }
    if family.is_export() {
        return spaced(&inst.mnemonic, &memory::export_text(inst, ctx));
    }
    if family.is_buffer() {
        return spaced(&inst.mnemonic, &memory::buffer_text(inst, ctx));
    }
    let mut text = inst.mnemonic.clone();
    let operands: Vec<String> = inst
        .operands
        .iter()
        .map(|op| operand_text(inst, op, ctx))
        .collect();
    if !operands.is_empty() {
        text.push(' ');
        text.push_str(&operands.join(", "));
    }
    if family.is_ds() {
        for word in memory::ds_modifiers(inst) {
            text.push(' ');
            text.push_str(&word);
        }
        return text;
    }
    for (field, value) in &inst.modifiers {
        text.push(' ');
        text.push_str(&modifier_text(field, *value, &inst.modifiers));
    }
    text
}

fn operand_text(inst: &Inst, op: &InstOperand, ctx: &TargetCtx) -> String {
    match &op.value {
        OperandValue::Reg(reg) => register_text(reg),
        // A constant in a register-only slot: llvm-mc prints it with a warning comment.
        OperandValue::Inline(name) if classify(&op.spec.operand_type) == KindId::ScalarRegister => {
            format!("{name}/*Invalid immediate*/")
        }
        OperandValue::Inline(name) => name.clone(),
        OperandValue::Literal {
            value,
            dwords,
            expr,
        } => match expr {
            Some(expr) => expr.clone(),
            None if *dwords == 2 => literal64_text(op, *value),
            None => literal_text(inst, op, *value as u32),
        },
        OperandValue::Imm(v) => imm_text(inst, op, *v, ctx),
        OperandValue::Label(expr) => expr.clone(),
        OperandValue::SmemOffset { soffset, imm } => match (soffset, imm) {
            (Some(reg), Some(imm)) => format!("{} offset:{}", register_text(reg), signed_hex(*imm)),
            (Some(reg), None) => register_text(reg),
            (None, Some(imm)) => signed_hex(*imm),
            (None, None) => "0x0".into(),
        },
    }
}

/// `0x1f`, `-0x1`: how llvm-mc prints SMEM offsets.
fn signed_hex(v: i64) -> String {
    if v < 0 {
        format!("-0x{:x}", v.unsigned_abs())
    } else {
        format!("0x{v:x}")
    }
}

/// A 64-bit literal as llvm-mc 22 prints it: `lit64(...)` where the value fits a dword (the
/// assembler would read it as a dword or an inline constant); else in hex (a slot of 32 bits
/// or less by the low dword it reads), a float whose low half is zero by its high half, and
/// an inline float value by its name.
fn literal64_text(op: &InstOperand, value: u64) -> String {
    if value <= u64::from(u32::MAX) {
        return format!("lit64(0x{value:x})");
    }
    if op.spec.size <= 32 {
        return format!("0x{:x}", value as u32);
    }
    if !is_float_format(&op.spec.data_format) {
        return format!("0x{value:x}");
    }
    // A constant after the word (V_FMAMK_F64's K) is printed in hex, never by float name.
    let constant = op.spec.operand_type == "OPR_SIMM32";
    match float_name_64(value).filter(|_| !constant) {
        Some(name) => name,
        None if value as u32 == 0 => format!("0x{:x}", value >> 32),
        None => format!("0x{value:x}"),
    }
}

/// A literal dword in hex; wrapped in `lit(...)` when the assembler would otherwise read the
/// value as an inline constant (llvm-mc marks such literals the same way).
fn literal_text(inst: &Inst, op: &InstOperand, value: u32) -> String {
    let hex = format!("0x{value:x}");
    match classify(&op.spec.operand_type) {
        KindId::ScalarSource => {}
        // A 32-bit constant field prints inline-range integers in decimal.
        KindId::Literal32 if (-16..=64).contains(&(value as i32)) => {
            return (value as i32).to_string()
        }
        _ => return hex,
    }
    // What the assembler reads `hex` as in this slot: a literal, or an inline constant.
    let numeric = scalar_numeric(&op.spec, inst.form.family);
    let literal = matches!(
        source_constant(&Value::Int(i64::from(value)), numeric),
        Ok(SourceConst::Literal(_))
    );
    if literal && takes_literal(&op.spec) {
        hex
    } else {
        format!("lit({hex})")
    }
}

/// Plain and symbolic immediates. llvm-mc prints branch targets and the s_endpgm immediate in
/// decimal, SMEM immediates (s_atc_probe's SDATA) in decimal, the `i16imm` immediates (s_nop, s_sleep...) in decimal when they are inline
/// integers (0..64) and in hex otherwise, and every other 16-bit immediate in hex.
fn imm_text(inst: &Inst, op: &InstOperand, v: i64, ctx: &TargetCtx) -> String {
    let mnemonic = inst.mnemonic.as_str();
    if let Some(kind) = symbolic_kind(&op.spec.operand_type, mnemonic) {
        return crate::symbolic::print::print(kind, v as u32, ctx);
    }
    if is_smem_imm_offset(inst.form.family, &op.spec) {
        return signed_hex(v);
    }
    let decimal = classify(&op.spec.operand_type) == KindId::BranchTarget
        || inst.form.family == Family::Smem
        || optional_imm16(ctx.gfx_major, mnemonic)
        || (truncated_imm16(mnemonic) && (0..=64).contains(&v));
    if decimal {
        v.to_string()
    } else {
        format!("0x{v:x}")
    }
}

fn modifier_text(field: &str, value: u32, all: &[(crate::inst::ModifierName, u32)]) -> String {
    match field {
        "TH" => {
            let scope = all.iter().find(|(f, _)| f == "SCOPE").map_or(0, |m| m.1);
            format!("th:{}", th_name(value, scope).unwrap_or("?"))
        }
        "SCOPE" => format!("scope:{}", scope_name(value).unwrap_or("?")),
        _ => field.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smem_offsets_are_signed_hex() {
        assert_eq!(signed_hex(0x64), "0x64");
        assert_eq!(signed_hex(0), "0x0");
        assert_eq!(signed_hex(-1), "-0x1");
    }
}
