//! Vector ALU forms: which spec encodings of an instruction to try, in LLVM's order, and the
//! operand slots of each in text order.
//!
//! Partial spec files list correct operands for the native 32-bit forms (VOP1, VOP2, VOPC)
//! but garbled ones for the VOP3 forms (a VGPR-only SRC0, `VSRC0` instead of `SRC0`, the wave
//! mask sized for wave64). So a VOP3 form of a VOP1/VOP2/VOPC instruction takes its sources
//! and destination from the native form (every VOP3 source field takes any source) plus the
//! fields only the VOP3 form has (carry/select masks); a native VOP3 instruction keeps its own
//! list with field names normalised. Wave masks are sized by the wave size.

use mcdiff_spec::{Encoding, Instruction, InstructionEncoding, Operand};

use crate::family::{family_name, Family};
use crate::syntax::text_position;
use crate::syntax::vector::{
    implicit_vcc, literal_position, matrix_operand_size, writes_exec_only, VECTOR_TEXT_ORDER,
};
use crate::target::TargetCtx;

/// Resizes matrix (WMMA) operands for the wave size: the spec gives their wave32 sizes.
fn size_matrix_operands(slots: &mut [Operand], wave64: bool, gfx_major: u32) {
    for op in slots {
        op.size = matrix_operand_size(&op.data_format, op.size, wave64, gfx_major);
    }
}

/// Which forms a mnemonic suffix allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forced {
    None,
    /// `_e32`: the native 32-bit form only.
    Native32,
    /// `_e64`: the VOP3 form only.
    Vop3,
    /// `_sdwa`: the native 32-bit form with an SDWA dword (GFX9/GFX10).
    Sdwa,
}

/// True when the instruction has a vector ALU form.
pub fn is_vector(instruction: &Instruction) -> bool {
    instruction
        .encodings
        .iter()
        .any(|e| Family::of(&e.encoding).is_vector_alu())
}

/// The forms to try, in order: the native 32-bit form first (LLVM picks the shortest
/// encoding that takes the operands), then the VOP3 (or VOP3P) form.
pub fn candidates(
    instruction: &Instruction,
    forced: Forced,
) -> impl Iterator<Item = &InstructionEncoding> {
    // A kind's form: its first of the default condition, else its first.
    let form_of = |kind: fn(Family) -> bool| {
        let mut forms =
            (instruction.encodings.iter()).filter(move |e| kind(Family::of(&e.encoding)));
        forms
            .clone()
            .find(|e| e.condition == "default")
            .or_else(|| forms.next())
    };
    let native = form_of(Family::is_vop32);
    let long = form_of(|family| family.is_vector_alu() && !family.is_vop32());
    let (native, long) = match forced {
        Forced::Native32 | Forced::Sdwa => (native, None),
        Forced::Vop3 => (None, long),
        Forced::None => (native, long),
    };
    native.into_iter().chain(long)
}

/// The instruction's native 32-bit form (VOP1, VOP2 or VOPC), if it has one.
pub fn native_form(instruction: &Instruction) -> Option<&InstructionEncoding> {
    instruction
        .encodings
        .iter()
        .find(|e| Family::of(&e.encoding).is_vop32())
}

/// A literal form's constant slot, where LLVM writes it. Official files list the constant as
/// a LITERAL operand (CDNA3's V_FMAMK_F32; V_MADAK_F16's 16-bit one typed OPR_SIMM16), which
/// the sort leaves last; others leave it out. It is 64 bits for a 64-bit operation (GFX12.5's
/// V_FMAAK_F64: SIMM64), else a dword in the format of the first operand.
fn place_literal_constant(out: &mut Vec<Operand>, form: &InstructionEncoding, mnemonic: &str) {
    let constant = |o: &Operand| {
        o.operand_type == "OPR_SIMM32"
            || (o.field.as_deref() == Some("LITERAL") && o.operand_type == "OPR_SIMM16")
    };
    out.retain(|o| !constant(o));
    let after = literal_position(mnemonic);
    let at = out
        .iter()
        .position(|o| o.field.as_deref() == Some(after))
        .map_or(out.len(), |i| i + 1);
    let first = form.operands.first();
    let format = first.map_or("FMT_NUM_B32", |o| o.data_format.as_str());
    let size = if first.is_some_and(|o| o.size == 64) {
        64
    } else {
        32
    };
    out.insert(at, slot(Some("SIMM32"), "OPR_SIMM32", format, size));
}

/// The spec encoding that lays out `form`: `VOP2_INST_LITERAL` is laid out as ENC_VOP2.
pub fn layout_encoding(form: &str) -> String {
    if form.starts_with("ENC_") || !form.ends_with("_INST_LITERAL") {
        form.to_string()
    } else {
        format!("ENC_{}", family_name(form))
    }
}

/// A vector slot; one without a field (VCC written in a 32-bit form) is implicit.
fn slot(field: Option<&str>, operand_type: &str, data_format: &str, size: u32) -> Operand {
    Operand {
        field: field.map(str::to_string),
        implicit: Some(field.is_none()),
        ..written_slot("", operand_type, data_format, size)
    }
}

/// A wave mask (carry, compare result, select): 32 or 64 bits by wave size.
fn is_mask(op: &Operand) -> bool {
    op.data_format.starts_with("FMT_NUM_M")
}

/// VOP3 field name for a field of the garbled lists (`VSRC0` -> `SRC0`).
fn normalise(field: &str) -> &str {
    match field {
        "VSRC0" => "SRC0",
        "VSRC1" => "SRC1",
        "VSRC2" => "SRC2",
        f => f,
    }
}

/// The operand slots of `form` in text order, for `mnemonic` (suffix stripped) on `target`.
pub fn slots(
    instruction: &Instruction,
    form: &InstructionEncoding,
    mnemonic: &str,
    target: &TargetCtx,
) -> Vec<Operand> {
    let mask_size = if target.wave64 { 64 } else { 32 };
    let family = Family::of(&form.encoding);
    let native = native_form(instruction);
    let mut out: Vec<Operand> = Vec::new();
    if family.is_vop32() {
        out = form
            .operands
            .iter()
            .filter(|o| o.field.is_some())
            .cloned()
            .collect();
        sort_text_order(&mut out);
        let vcc = implicit_vcc(mnemonic, target.gfx_major);
        let vcc_slot = slot(None, "OPR_VCC", "FMT_NUM_M64", mask_size);
        if vcc.dst {
            out.insert(0, vcc_slot.clone());
            if family == Family::Vop2 {
                // The carry-out is written after the VGPR destination.
                out.swap(0, 1);
            }
        }
        if vcc.src {
            out.push(vcc_slot);
        }
        if form.encoding.ends_with("_INST_LITERAL") {
            place_literal_constant(&mut out, form, mnemonic);
        }
        return out;
    }
    // An interpolation instruction's VOP3 form has its own fields (the attribute in SRC0),
    // not its VINTRP word's.
    let native = native.filter(|n| Family::of(&n.encoding) != Family::Vintrp);
    if let (Some(native), true) = (native, family != Family::Vop3p) {
        for op in native.operands.iter().filter(|o| o.field.is_some()) {
            let mut op = op.clone();
            if op.field.as_deref() == Some("VSRC1") {
                op.field = Some("SRC1".into());
                op.operand_type = "OPR_SRC".into();
            }
            out.push(op);
        }
        for op in form.operands.iter().filter(|o| o.field.is_some()) {
            let field = normalise(op.field.as_deref().unwrap_or_default());
            if out.iter().any(|o| o.field.as_deref() == Some(field)) {
                continue;
            }
            if field == "VDST" && writes_exec_only(mnemonic, target.gfx_major) {
                continue;
            }
            let mut op = op.clone();
            op.field = Some(field.into());
            out.push(op);
        }
    } else {
        for op in form.operands.iter().filter(|o| o.field.is_some()) {
            out.push(own_operand(op, family));
        }
    }
    for op in &mut out {
        if is_mask(op) {
            op.size = mask_size;
            op.operand_type = "OPR_SREG".into();
        }
    }
    let no_acc_cd = |name: &str| {
        target
            .spec
            .encoding(name)
            .is_some_and(|e| e.field("ACC_CD").is_none())
    };
    if family.is_matrix() && no_acc_cd(&form.encoding) {
        accumulators_in_agprs(&mut out);
    }
    size_matrix_operands(&mut out, target.wave64, target.gfx_major);
    sort_text_order(&mut out);
    attribute_after_coordinate(&mut out);
    out
}

/// An operand of a form that keeps its own list, its field name normalised and its source
/// type repaired where partial files garble it.
fn own_operand(op: &Operand, family: Family) -> Operand {
    let mut op = op.clone();
    let field = normalise(op.field.as_deref().unwrap_or_default()).to_string();
    // The VGPR-only source types (OPR_SRC_VGPR...) are right; a plain OPR_VGPR on a source
    // field is one of the garbled entries.
    let interpolation = matches!(op.operand_type.as_str(), "OPR_ATTR" | "OPR_PARAM");
    if field.starts_with("SRC") && family == Family::Vinterp {
        // GFX11+ interpolation reads VGPRs only (RDNA3 ISA §12.3, "Parameter Interpolation
        // Instruction Fields"), as the RDNA4 file types them.
        op.operand_type = "OPR_SRC_VGPR".into();
    } else if field.starts_with("SRC")
        && !is_mask(&op)
        && !op.operand_type.starts_with("OPR_SRC")
        && !interpolation
    {
        op.operand_type = "OPR_SRC".into();
    }
    op.field = Some(field);
    op
}

/// The VOP3 interpolation forms hold the attribute in SRC0 and the I/J VGPR (or the
/// parameter) in SRC1, and the text writes the VGPR first (RDNA2 ISA, V_INTERP_P1_F32: "In
/// textual representations the I/J VGPR is the first source and the attribute is the
/// second").
fn attribute_after_coordinate(slots: &mut [Operand]) {
    let at = |field: &str| slots.iter().position(|o| o.field.as_deref() == Some(field));
    if let (Some(src0), Some(src1)) = (at("SRC0"), at("SRC1")) {
        if slots[src0].operand_type == "OPR_ATTR" && src0 < src1 {
            slots[src0..=src1].rotate_left(1);
        }
    }
}

/// CDNA1's MFMA format has no ACC_CD bit: the D matrix always is AGPRs (CDNA1 ISA §7
/// "Matrix Arithmetic Instructions"), with the VGPR codes, so the destination takes the
/// AGPR-only slot type. The accumulator keeps its type, whose register codes name AGPRs
/// on CDNA1 ([`crate::operands::agpr_use`]) and which also takes inline constants.
fn accumulators_in_agprs(slots: &mut [Operand]) {
    for op in slots {
        if op.field.as_deref() == Some("VDST") {
            op.operand_type = "OPR_ACCVGPR".into();
        }
    }
}

fn sort_text_order(ops: &mut [Operand]) {
    ops.sort_by_key(|o| {
        let field = o.field.as_deref().unwrap_or("");
        VECTOR_TEXT_ORDER
            .iter()
            .position(|f| *f == field)
            .unwrap_or(VECTOR_TEXT_ORDER.len())
    });
}

/// The operand slots of one half of a dual-issue (VOPD) statement, in text order, with the
/// fields of that half (`X` or `Y`). The spec lists the Y fields (and nothing for the
/// multiply-add-constant ops); both halves take the same operands.
pub fn vopd_slots(form: &InstructionEncoding, mnemonic: &str, half: char) -> Vec<Operand> {
    let mut out: Vec<Operand> = form
        .operands
        .iter()
        .filter(|o| o.field.is_some())
        .cloned()
        .collect();
    let takes_constant = form.encoding.ends_with("_INST_LITERAL")
        || mnemonic.starts_with("v_dual_fmaak")
        || mnemonic.starts_with("v_dual_fmamk");
    if out.is_empty() && takes_constant {
        // The multiply-add-constant ops read SRC0, VSRC1 and a constant (RDNA3 ISA §16.11).
        out = vec![
            slot(Some("SRCY0"), "OPR_SRC", "FMT_NUM_F32", 32),
            slot(Some("VSRCY1"), "OPR_VGPR", "FMT_NUM_F32", 32),
            slot(Some("VDSTY"), "OPR_VGPR", "FMT_NUM_F32", 32),
        ];
    }
    for op in &mut out {
        let field = op
            .field
            .as_deref()
            .unwrap_or_default()
            .replace('Y', &half.to_string());
        op.field = Some(field);
    }
    let order = |o: &Operand| {
        let f = o.field.as_deref().unwrap_or("");
        ["VDST", "SRC", "VSRC"]
            .iter()
            .position(|p| f.starts_with(p))
            .unwrap_or(3)
    };
    out.sort_by_key(order);
    if takes_constant {
        let constant = slot(Some("SIMM32"), "OPR_SIMM32", "FMT_NUM_F32", 32);
        let at = if literal_position(mnemonic) == "SRC0" {
            2
        } else {
            out.len()
        };
        out.insert(at.min(out.len()), constant);
    }
    out
}

/// The select of v_dual_cndmask_b32 (VCC in VOPD) where the format has a third source for
/// the half (VOPD3's `VSRC*2`): a scalar register, as LLVM writes it (`vcc_lo`, `s46`).
pub fn vopd_select_slot(encoding: &Encoding, half: char) -> Option<Operand> {
    let field = format!("VSRC{half}2");
    encoding.field(&field)?;
    Some(slot(Some(&field), "OPR_SREG", "FMT_NUM_B32", 32))
}

/// The spec operands written in the text, in text order, shared by the assembler and the
/// decoder. A `*_INST_LITERAL` form whose spec lists no literal operand gets one: LLVM writes
/// its 32-bit constant as an operand; so does an operand-less form whose optional 16-bit
/// immediate (s_endpgm's) is written.
pub fn text_slots(
    mnemonic: &str,
    form: &InstructionEncoding,
    optional_imm16_written: bool,
) -> Vec<Operand> {
    let mut slots: Vec<Operand> = form
        .operands
        .iter()
        .filter(|o| o.field.is_some() && o.implicit != Some(true))
        .cloned()
        .collect();
    if form.encoding.ends_with("_INST_LITERAL")
        && !slots.iter().any(|o| o.operand_type == "OPR_SIMM32")
    {
        slots.push(synthetic_slot("SIMM32", "OPR_SIMM32", 32));
    }
    if slots.is_empty() && optional_imm16_written {
        // LLVM checks this immediate as an unsigned 16-bit value.
        let mut slot = synthetic_slot("SIMM16", "OPR_SIMM16", 16);
        slot.data_format = "FMT_NUM_U16".into();
        slots.push(slot);
    }
    slots.sort_by_key(|o| {
        (
            text_position(&form.encoding, mnemonic, o.field.as_deref().unwrap_or("")),
            o.order.unwrap_or(0),
        )
    });
    slots
}

/// An operand LLVM writes that the spec form does not list.
fn synthetic_slot(field: &str, operand_type: &str, size: u32) -> Operand {
    Operand {
        input: Some(true),
        output: Some(false),
        ..written_slot(field, operand_type, &format!("FMT_NUM_B{size}"), size)
    }
}

/// An operand slot LLVM syntax writes, built where the spec lists none or another shape:
/// neither input nor output is stated.
pub fn written_slot(field: &str, operand_type: &str, data_format: &str, size: u32) -> Operand {
    Operand {
        field: Some(field.into()),
        data_format: data_format.into(),
        operand_type: operand_type.into(),
        size,
        input: None,
        output: None,
        implicit: Some(false),
        binary_required: None,
        order: None,
    }
}
