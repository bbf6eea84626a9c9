//! Vector ALU instructions (VOP1, VOP2, VOPC, VOP3, VOP3P and their DPP and SDWA forms) as llvm-mc 22
//! prints them (LLVM's AMDGPUInstPrinter conventions, AMDGPUModifierSyntax.rst):
//! - mnemonic suffixes: `_e32` for a 32-bit encoding of an instruction that also has a VOP3
//!   form, `_e64` for the VOP3 encoding of such an instruction, `_dpp` / `_e64_dpp` for DPP;
//! - source modifiers around operands (`-v1`, `|v1|`, `-|v1|`, `neg(0.5)` for constants);
//! - true16 halves `v1.l` / `v1.h` on 16-bit VGPR operands;
//! - modifiers after the operands: `op_sel`, `op_sel_hi`, `neg_lo`, `neg_hi`, `clamp`, output
//!   modifiers, then the SDWA selects or the DPP controls.

use crate::family::Family;
use crate::inst::{Inst, InstOperand, OperandValue, RegFile};
use crate::syntax::vector::{
    byte_sel, byte_sel_sources, is_mix, keeps_truth_table, operand_bit, opsel_is_destination_byte,
    swaps_lanes, takes_scale_sel, truth_table,
};

use crate::operands::attribute_parts;
use crate::syntax::constants::{source_constant, vector_numeric, Numeric, SourceConst};
use crate::syntax::expr::Value;
use crate::syntax::memory::{attr_text, INTERP_PARAMS};
use crate::syntax::regs::register_text;
use crate::syntax::vector::VINTERP_MODIFIER_ORDER;
use crate::syntax::vector::{Dpp, MatrixOp, LANE_SELS, SDWA_WITHOUT_DST_SEL};
use crate::syntax::vop_modifiers::{dpp_ctrl_text, SDWA_WORDS};
use crate::target::TargetCtx;

/// Output modifier names by OMOD value (RDNA3 ISA §7.3 "VOP3", OMOD: 1 = *2, 2 = *4, 3 = /2).
const OMOD_TEXT: [&str; 4] = ["", "mul:2", "mul:4", "div:2"];

/// How to print true16 operands: llvm-mc's `+real-true16` names 16-bit VGPR halves
/// (`v1.l`, `v1.h`); `-real-true16` prints whole registers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VectorStyle {
    pub real_true16: bool,
    /// GFX11 and later, where 16-bit operands of 32-bit encodings reach v0..v127 only and
    /// llvm-mc comments on a higher register (before GFX11 they are whole VGPRs).
    pub true16_era: bool,
}

/// True for a 16-bit VGPR operand that llvm-mc prints as a true16 half (not in VOP3P, whose
/// 16-bit operands are selected by op_sel).
fn is_half(op: &InstOperand, family: Family, style: VectorStyle) -> bool {
    style.real_true16
        && family != Family::Vop3p
        && op.spec.size == 16
        && matches!(&op.value, OperandValue::Reg(r) if r.file == RegFile::Vgpr)
}

/// The text of a vector instruction: mnemonic, operands with their source modifiers, then
/// the VOP3 modifiers and the DPP controls.
pub fn print_vector(inst: &Inst, ctx: &TargetCtx) -> String {
    let style = VectorStyle {
        real_true16: ctx.real_true16,
        true16_era: ctx.gfx_major >= 11,
    };
    let mut words = vec![inst.mnemonic.clone()];
    let operands = operand_texts(inst, style);
    if !operands.is_empty() {
        words.push(operands.join(", "));
    }
    words.extend(attribute_word(inst));
    if !inst.form.family.is_vop32() {
        words.extend(vop3_modifier_words(inst, style, ctx));
    }
    if inst.form.is_sdwa() {
        words.extend(sdwa_words(inst));
    }
    words.extend(dpp_words(inst, ctx));
    words.join(" ")
}

/// The OPSEL bits as printed: DPP sources of the packed dot products are pairs, and
/// llvm-mc drops their src0/src1 op_sel bits.
fn printed_opsel(inst: &Inst) -> u32 {
    let opsel = inst.modifiers.get("OPSEL");
    let packed_dpp = inst.form.dpp().is_some()
        && PACKED_DPP_SOURCES.contains(&inst.name.to_ascii_uppercase().as_str());
    if packed_dpp {
        opsel & !0b11
    } else {
        opsel
    }
}

/// Each operand's text: its value, the true16 half, and source modifiers (packed math
/// writes its negations as neg_lo/neg_hi lists instead; the mixed FMAs as source
/// modifiers, with abs in NEG_HI).
fn operand_texts(inst: &Inst, style: VectorStyle) -> Vec<String> {
    let family = inst.form.family;
    let packed = family == Family::Vop3p;
    let source_mods =
        (!packed || is_mix(&inst.name.to_ascii_lowercase())) && !keeps_truth_table(&inst.name);
    let dpp = inst.form.dpp();
    let opsel = printed_opsel(inst);
    let neg = inst.modifiers.get("NEG");
    let abs = inst.modifiers.get(if packed { "NEG_HI" } else { "ABS" });
    // SDWA's integer sign extension, `sext(v1)`.
    let sext = inst.modifiers.get("SEXT");
    inst.operands
        .iter()
        .map(|op| {
            let bit = op.spec.field.as_deref().and_then(operand_bit);
            let mut text = value_text(op, packed);
            let class = fake16_class(op, family.is_vop32(), dpp, style);
            if let Some(class) = class.filter(|_| style.true16_era) {
                text.push_str(&format!(
                    "/*Invalid register, operand has '{class}' register class*/"
                ));
            }
            if is_half(op, family, style) {
                let high = bit.is_some_and(|b| opsel & (1 << b) != 0);
                text.push_str(if high { ".h" } else { ".l" });
            }
            match bit.filter(|&b| b < 3 && source_mods) {
                Some(bit) if sext >> bit & 1 != 0 => format!("sext({text})"),
                Some(bit) => with_source_modifiers(text, op, neg >> bit & 1, abs >> bit & 1),
                None => text,
            }
        })
        .collect()
}

/// `-x`, `|x|`, `-|x|`, and `neg(c)` for a negated constant.
fn with_source_modifiers(text: String, op: &InstOperand, negated: u32, absolute: u32) -> String {
    let constant = matches!(
        op.value,
        OperandValue::Inline(_) | OperandValue::Literal { .. }
    );
    let text = if absolute != 0 {
        format!("|{text}|")
    } else {
        text
    };
    match (negated != 0, constant && absolute == 0) {
        (false, _) => text,
        (true, true) => format!("neg({text})"),
        (true, false) => format!("-{text}"),
    }
}

/// `[b0,b1,...]` for the low `n` bits.
fn bit_list(bits: u32, n: u32) -> String {
    let items: Vec<String> = (0..n).map(|i| ((bits >> i) & 1).to_string()).collect();
    format!("[{}]", items.join(","))
}

/// The VOP3/VOP3P modifiers after the operands: op_sel (or byte_sel), op_sel_hi, neg_lo,
/// neg_hi, clamp, output modifier.
fn vop3_modifier_words(inst: &Inst, style: VectorStyle, ctx: &TargetCtx) -> Vec<String> {
    if inst.form.family.is_matrix() {
        return matrix_control_words(inst, ctx);
    }
    if inst.form.family == Family::Vinterp {
        return interpolation_modifier_words(inst);
    }
    let packed = inst.form.family == Family::Vop3p;
    let opsel = printed_opsel(inst);
    let sources = source_count(inst);
    let mut words = Vec::new();
    let truth_table = keeps_truth_table(&inst.name);
    if truth_table {
        // Before op_sel, as llvm-mc 22 writes it (`bitop3:0x67 op_sel:[0,0,0,1]`).
        words.extend(truth_table_word(inst));
    }
    let matrix = MatrixOp::from_formats(inst.operands.iter().map(|o| o.spec.data_format.as_str()));
    if let Some(matrix) = matrix.filter(|_| packed) {
        words.extend(matrix_modifier_words(inst, &matrix, ctx));
    } else if packed {
        words.extend(packed_modifier_words(inst, opsel, sources));
    } else if takes_scale_sel(&inst.name) {
        if opsel != 0 {
            words.push(format!("scale_sel:{opsel}"));
        }
    } else if let Some(sources) =
        byte_sel_sources(&inst.name).filter(|_| opsel != 0 && ctx.gfx_major >= 12)
    {
        // GFX12's byte_sel; GFX9 (gfx940+) writes the same bits as op_sel. The other OPSEL
        // bits stay op_sel: a two-source conversion of an f16 keeps the source half in
        // OPSEL[1:0], a one-source conversion to f16 the destination half in OPSEL[3]
        // (shown even where real-true16 names it on the destination, `v1.h`, as llvm-mc 22
        // prints it).
        let half = if sources == 2 {
            opsel & 0b11
        } else {
            (opsel >> 3 & 1) << 1
        };
        if half != 0 {
            words.push(format!("op_sel:{}", bit_list(half, sources + 1)));
        }
        let byte = byte_sel(opsel, sources);
        if byte != 0 {
            words.push(format!("byte_sel:{byte}"));
        }
    } else if swaps_lanes(&inst.name) {
        // Lane swaps keep bound_ctrl and fi in OPSEL[1:0] (llvm-mc's order).
        if opsel & 0b10 != 0 {
            words.push("bound_ctrl:1".into());
        }
        if opsel & 0b01 != 0 {
            words.push("fi:1".into());
        }
    } else if opsel != 0 && !opsel_hidden(inst, style, ctx.gfx_major) {
        let dpp = inst.form.dpp();
        let list = if inst.name.to_ascii_uppercase().starts_with("V_PERMLANE") {
            // The permlanes keep fetch-inactive and bound-control in op_sel of src0/src1.
            bit_list(opsel, 2)
        } else if opsel_is_destination_byte(ctx, &inst.name) {
            // The four OPSEL bits as they are: the last two the destination byte
            // (`v_cvt_sr_bf8_f32 v1, v2, v3 op_sel:[0,0,1,1]`).
            bit_list(opsel & 0b1111, 4)
        } else if has_dst_sel(inst, dpp) || ctx.gfx_major == 9 {
            // Destination half as the last element (OPSEL bit 3). GFX9 lists it in every
            // VOP3 op_sel (llvm-mc 22 on gfx950: `v_cvt_scalef32_f32_fp8 v1, v2, v3
            // op_sel:[0,1,0]`).
            let with_dst = (opsel & ((1 << sources) - 1)) | ((opsel >> 3) & 1) << sources;
            bit_list(with_dst, sources + 1)
        } else {
            bit_list(opsel, sources)
        };
        words.push(format!("op_sel:{list}"));
    }
    if inst.modifiers.get("CLAMP") != 0 {
        words.push("clamp".into());
    }
    let omod = inst.modifiers.get("OMOD") as usize;
    if omod != 0 && !packed && !truth_table {
        words.push(OMOD_TEXT[omod & 3].into());
    }
    words
}

/// V_BITOP3's `bitop3:` word, where its truth table (kept in NEG, ABS and OMOD) is set.
fn truth_table_word(inst: &Inst) -> Option<String> {
    let m = |f| inst.modifiers.get(f);
    bitop3_word(truth_table(m("NEG"), m("ABS"), m("OMOD")))
}

/// `bitop3:<table>` for a set truth table: llvm-mc 22 writes it in hex from 10 (`bitop3:5`,
/// `bitop3:0xa1`).
fn bitop3_word(table: u32) -> Option<String> {
    match table {
        0 => None,
        1..=9 => Some(format!("bitop3:{table}")),
        _ => Some(format!("bitop3:{table:#x}")),
    }
}

/// An SDWA form's clamp and output modifier, then every select its family has, defaults
/// included: compares have no destination selects, VOP1 no src1_sel (llvm-mc 19 and 22),
/// and a few conversions no destination selects ([`SDWA_WITHOUT_DST_SEL`]).
fn sdwa_words(inst: &Inst) -> Vec<String> {
    let family = inst.form.family;
    let mut words = Vec::new();
    if inst.modifiers.get("CLAMP") != 0 {
        words.push("clamp".into());
    }
    let omod = inst.modifiers.get("OMOD") as usize;
    if omod != 0 {
        words.push(OMOD_TEXT[omod & 3].into());
    }
    let dst_selects = !SDWA_WITHOUT_DST_SEL.contains(&inst.name.to_ascii_lowercase().as_str());
    for &(key, field, names) in SDWA_WORDS {
        let shown = match family {
            Family::Vopc => key.starts_with("src"),
            Family::Vop1 => key != "src1_sel" && (dst_selects || key.starts_with("src")),
            _ => true,
        };
        let value = inst.modifiers.get(field);
        if shown {
            let name = names.iter().find(|&&(_, v)| v == value);
            words.push(match name {
                Some((name, _)) => format!("{key}:{name}"),
                None => format!("{key}:{value}"),
            });
        }
    }
    words
}

/// MFMA's broadcast controls where set: cbsz, abid, blgp, or the f64 ones' negations.
fn matrix_control_words(inst: &Inst, ctx: &TargetCtx) -> Vec<String> {
    let blgp = inst.modifiers.get("BLGP");
    let specs = inst.operands.iter().map(|o| &*o.spec);
    if crate::syntax::vector::mfma_blgp_negates(specs, ctx) {
        return match blgp {
            0 => Vec::new(),
            bits => vec![format!("neg:{}", bit_list(bits, 3))],
        };
    }
    let scaled = inst.form.family == Family::Vop3px2;
    let mut words = Vec::new();
    if scaled {
        // The scales' byte selects (CDNA4 ISA §7.2.1), as llvm-mc 22 writes them: three
        // elements, the third (no scale) 0, and op_sel_hi even when all zero.
        let opsel = inst.modifiers.get("OPSEL") & 0b11;
        if opsel != 0 {
            words.push(format!("op_sel:{}", bit_list(opsel, 3)));
        }
        let opsel_hi = inst.modifiers.get("OPSEL_HI") & 0b11;
        words.push(format!("op_sel_hi:{}", bit_list(opsel_hi, 3)));
    }
    // The scaled ops' CBSZ and BLGP name the matrix formats, which switches broadcasting
    // off (§7.1.6.2): their ABID has no meaning, and no syntax.
    let controls = [("cbsz", "CBSZ"), ("abid", "ABID"), ("blgp", "BLGP")];
    let shown = controls
        .iter()
        .filter(|(key, _)| !(scaled && *key == "abid"));
    words.extend(
        shown
            .map(|&(key, field)| (key, inst.modifiers.get(field)))
            .filter(|&(_, value)| value != 0)
            .map(|(key, value)| format!("{key}:{value}")),
    );
    words
}

/// Packed math's op_sel, op_sel_hi (when not its default), neg_lo and neg_hi lists.
fn packed_modifier_words(inst: &Inst, opsel: u32, sources: u32) -> Vec<String> {
    let mix = is_mix(&inst.name.to_ascii_lowercase());
    let mut words = Vec::new();
    if opsel != 0 {
        words.push(format!("op_sel:{}", bit_list(opsel, sources)));
    }
    let opsel_hi = inst.modifiers.get("OPSEL_HI");
    let all = (1 << sources) - 1;
    let default = if mix { 0 } else { all };
    if opsel_hi & all != default {
        words.push(format!("op_sel_hi:{}", bit_list(opsel_hi, sources)));
    }
    let (neg, neg_hi) = (inst.modifiers.get("NEG"), inst.modifiers.get("NEG_HI"));
    if !mix && neg != 0 {
        words.push(format!("neg_lo:{}", bit_list(neg, sources)));
    }
    if !mix && neg_hi != 0 {
        words.push(format!("neg_hi:{}", bit_list(neg_hi, sources)));
    }
    words
}

/// A matrix op's modifiers in llvm-mc's order: a sparse op's `index_key` (OPSEL[1:0]), GFX11's
/// op_sel (the accumulator half), GFX12.5's reuse hints (OPSEL[2], OPSEL_HI[2]), then the
/// negations.
fn matrix_modifier_words(inst: &Inst, matrix: &MatrixOp, ctx: &TargetCtx) -> Vec<String> {
    let (opsel, opsel_hi) = (inst.modifiers.get("OPSEL"), inst.modifiers.get("OPSEL_HI"));
    let mut words = Vec::new();
    if matrix.sparse && opsel & 0b11 != 0 {
        words.push(format!("index_key:{}", opsel & 0b11));
    } else if ctx.gfx_major == 11 && opsel != 0 {
        words.push(format!("op_sel:{}", bit_list(opsel, 3)));
    }
    if ctx.matrix_reuse && opsel & 0b100 != 0 {
        words.push("matrix_a_reuse".into());
    }
    if ctx.matrix_reuse && opsel_hi & 0b100 != 0 {
        words.push("matrix_b_reuse".into());
    }
    for (word, field) in [("neg_lo", "NEG"), ("neg_hi", "NEG_HI")] {
        let bits = inst.modifiers.get(field);
        if bits != 0 {
            words.push(format!("{word}:{}", bit_list(bits, 3)));
        }
    }
    words
}

/// An interpolation word's modifiers in [`VINTERP_MODIFIER_ORDER`]: clamp and op_sel where
/// set (op_sel names src0..src2 and the destination), wait_exp always, as llvm-mc does.
fn interpolation_modifier_words(inst: &Inst) -> Vec<String> {
    let mut words = Vec::new();
    for &field in VINTERP_MODIFIER_ORDER {
        let value = inst.modifiers.get(field);
        match field {
            "CLAMP" if value != 0 => words.push("clamp".to_string()),
            "OPSEL" if value != 0 => words.push(format!("op_sel:{}", bit_list(value, 4))),
            "WAIT_EXP" => words.push(format!("wait_exp:{value}")),
            _ => {}
        }
    }
    words
}

/// How many of src0..src2 the instruction writes.
fn source_count(inst: &Inst) -> u32 {
    inst.operands
        .iter()
        .filter(|o| {
            o.spec
                .field
                .as_deref()
                .and_then(operand_bit)
                .is_some_and(|b| b < 3)
        })
        .count() as u32
}

/// The DPP16 controls (dpp_ctrl, row_mask, bank_mask, bound_ctrl, fi) or the DPP8 lane
/// selects and fi.
fn dpp_words(inst: &Inst, ctx: &TargetCtx) -> Vec<String> {
    let mut words = Vec::new();
    match inst.form.dpp() {
        Some(Dpp::Dpp16) => {
            let ctrl = inst.modifiers.get("DPP_CTRL");
            words.push(dpp_ctrl_text(ctrl, ctx).unwrap_or_else(|| format!("dpp_ctrl:0x{ctrl:x}")));
            words.push(format!("row_mask:0x{:x}", inst.modifiers.get("ROW_MASK")));
            words.push(format!("bank_mask:0x{:x}", inst.modifiers.get("BANK_MASK")));
            if inst.modifiers.get("BOUND_CTRL") != 0 {
                words.push("bound_ctrl:1".into());
            }
        }
        Some(Dpp::Dpp8) => {
            let sels: Vec<String> = LANE_SELS
                .iter()
                .map(|f| inst.modifiers.get(f).to_string())
                .collect();
            words.push(format!("dpp8:[{}]", sels.join(",")));
        }
        None => return words,
    }
    if inst.modifiers.get("FI") != 0 {
        words.push("fi:1".into());
    }
    words
}

/// Without real-true16, 16-bit operands of 32-bit encodings reach v0..v127 only: llvm-mc
/// prints a higher source with a comment naming the register class it wanted (VGPR or
/// scalar source for a plain SRC0, VGPR only for VSRC1 and the DPP source).
fn fake16_class(
    op: &InstOperand,
    short: bool,
    dpp: Option<Dpp>,
    style: VectorStyle,
) -> Option<&'static str> {
    let high_vgpr =
        matches!(&op.value, OperandValue::Reg(r) if r.file == RegFile::Vgpr && r.first >= 128);
    if style.real_true16 || !short || op.spec.size != 16 || !high_vgpr {
        return None;
    }
    let field = op.spec.field.as_deref()?;
    match field {
        "SRC0" if dpp.is_none() => Some("VS_32_Lo128"),
        "SRC0" | "VSRC1" => Some("VGPR_32_Lo128"),
        _ => None,
    }
}

/// Where llvm-mc 22 leaves op_sel out: without real-true16, the VOP3 forms of VOP1/VOP2/VOPC
/// instructions; v_cndmask_b16 always (its halves show on the operands).
fn opsel_hidden(inst: &Inst, style: VectorStyle, gfx_major: u32) -> bool {
    // VOP3 opcodes below 0x200 are the promoted VOPC (0..0xff), VOP2 (0x100..) and VOP1
    // (0x180..) instructions (RDNA3/RDNA4 ISA, VOP3 opcode table); GFX10 puts VOP3-only
    // ones at 0x140..0x17f (RDNA1 ISA, VOP3 opcode table: V_MAD_LEGACY_F32 to V_XOR3_B32).
    let name = inst.name.to_ascii_uppercase();
    // The FP8/BF8 conversions select bytes, not true16 halves: their op_sel always shows.
    // GFX9 numbers VOP3-only ops below 0x200 too (from 0x1c0, Vega ISA VOP3 opcode table):
    // the rule is GFX10's and later.
    let vop3_only_gfx10 = gfx_major == 10 && (0x140..0x180).contains(&inst.opcode);
    let promoted = gfx_major >= 10
        && inst.form.family == Family::Vop3
        && inst.opcode < 0x200
        && !vop3_only_gfx10
        && !(name.contains("FP8") || name.contains("BF8"));
    // Fake16 printing is GFX11's and later: GFX10's 16-bit VOP3-only ops show their op_sel.
    let fake16_only = gfx_major >= 11 && FAKE16_NO_OPSEL.contains(&name.as_str());
    let fake16_plain = !style.real_true16 && (promoted || fake16_only);
    fake16_plain || name == "V_CNDMASK_B16"
}

/// VOP3-only 16-bit integer operations that llvm-mc 22 prints without op_sel unless
/// real-true16 is on (they descend from GFX9 VOP2 operations without op_sel; the
/// `_nc` adds, the three-source and the mixed-width operations keep theirs).
const FAKE16_NO_OPSEL: &[&str] = &[
    "V_MUL_LO_U16",
    "V_MAX_U16",
    "V_MAX_I16",
    "V_MIN_U16",
    "V_MIN_I16",
    "V_LSHLREV_B16",
    "V_LSHRREV_B16",
    "V_ASHRREV_I16",
    "V_AND_B16",
    "V_OR_B16",
    "V_XOR_B16",
];

/// 16-bit dot products whose DPP forms print op_sel without the src0/src1 bits (GFX12,
/// llvm-mc 22).
const PACKED_DPP_SOURCES: &[&str] = &["V_DOT2_F16_F16", "V_DOT2_BF16_BF16"];

/// A dual-issue (VOPD or VOPD3) instruction: `<x> <x operands> :: <y> <y operands>`; the
/// halves are told apart by their fields (`*X*` / `*Y*`), the shared constant goes with the
/// half it follows; VOPD3's NEGX/NEGY bits negate a half's sources (bit n: the source field
/// ending in n).
pub fn print_dual(inst: &Inst) -> String {
    let (x, y) = inst
        .mnemonic
        .split_once(" :: ")
        .unwrap_or((inst.mnemonic.as_str(), ""));
    let mut halves: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut half = 0;
    for op in &inst.operands {
        let field = op.spec.field.as_deref().unwrap_or("");
        if field.contains('Y') {
            half = 1;
        }
        let negs = inst.modifiers.get(if half == 0 { "NEGX" } else { "NEGY" });
        let source = field
            .contains("SRC")
            .then(|| field.bytes().last())
            .flatten();
        let negated = source
            .and_then(|d| d.checked_sub(b'0'))
            .is_some_and(|n| n < 8 && negs >> n & 1 == 1);
        let sign = if negated { "-" } else { "" };
        halves[half].push(format!("{sign}{}", value_text(op, false)));
    }
    for (words, mnemonic) in halves.iter_mut().zip([x, y]) {
        let table = crate::syntax::vector::dual_truth_table_field(mnemonic)
            .and_then(|field| bitop3_word(inst.modifiers.get(field)));
        if let (Some(table), Some(last)) = (table, words.last_mut()) {
            last.push(' ');
            last.push_str(&table);
        }
    }
    format!(
        "{x} {} :: {y} {}",
        halves[0].join(", "),
        halves[1].join(", ")
    )
}

/// Instructions whose VOP3 op_sel also selects the destination half (LLVM's VOP3_OPSEL):
/// the ones with 16-bit operands and a destination field (for compares the element is 0).
fn has_dst_sel(inst: &Inst, dpp: Option<Dpp>) -> bool {
    // Compares keep the (zero) destination element except in their DPP forms.
    let vdst = inst.operands.iter().any(|o| {
        o.spec.field.as_deref() == Some("VDST")
            && (dpp.is_none()
                || matches!(&o.value, OperandValue::Reg(r) if r.file == RegFile::Vgpr))
    });
    vdst && inst.operands.iter().any(|o| o.spec.size == 16)
}

/// A vector source's literal dword in hex (the scalar printer's `literal_text` for vector
/// slots); wrapped in `lit(...)` where the hex would read as an inline constant, as llvm-mc 22
/// marks it: by the slot's own rules, and a packed 16-bit pair's literal by its 32-bit value
/// (llvm-mc 22 on gfx1250: `v_pk_fmac_f16 v255, lit(0x1), v255`).
fn vector_literal_text(op: &InstOperand, value: u32) -> String {
    let hex = format!("0x{value:x}");
    // A constant after the word (V_MADAK_F32's K) is always a literal: nothing to mark.
    if op.spec.operand_type == "OPR_SIMM32" {
        return hex;
    }
    let numeric = if op.spec.data_format.contains("PK2") {
        Numeric::Plain {
            size: 32,
            is_float: false,
        }
    } else {
        vector_numeric(&op.spec)
    };
    match source_constant(&Value::Int(i64::from(value)), numeric) {
        Ok(SourceConst::Inline(_)) => format!("lit({hex})"),
        _ => hex,
    }
}

/// An operand's value without modifiers.
fn value_text(op: &InstOperand, packed: bool) -> String {
    match &op.value {
        OperandValue::Reg(reg) => register_text(reg),
        OperandValue::Inline(name) => inline_text(name, &op.spec.data_format, packed),
        OperandValue::Literal {
            value,
            dwords,
            expr,
        } => match expr {
            Some(expr) => expr.clone(),
            None if *dwords == 2 => super::literal64_text(op, *value),
            None => vector_literal_text(op, *value as u32),
        },
        OperandValue::Imm(v) => match op.spec.operand_type.as_str() {
            "OPR_ATTR" => {
                let (attr, chan, _) = attribute_parts(*v);
                attr_text(attr, chan)
            }
            "OPR_PARAM" => INTERP_PARAMS
                .get(*v as usize)
                .map_or_else(|| format!("0x{v:x}"), |p| p.to_string()),
            _ => format!("0x{v:x}"),
        },
        OperandValue::Label(expr) => expr.clone(),
        OperandValue::SmemOffset { .. } => String::new(),
    }
}

/// `high` where an interpolation reads the high halves of its LDS dwords.
fn attribute_word(inst: &Inst) -> Option<String> {
    inst.operands.iter().find_map(|op| match op.value {
        OperandValue::Imm(v) if op.spec.operand_type == "OPR_ATTR" && attribute_parts(v).2 => {
            Some("high".to_string())
        }
        _ => None,
    })
}

/// An inline constant: by its spec name, except that 16-bit integer operands of non-packed
/// instructions show the float constants as the f16 bits they stand for (`0x3800` for 0.5).
fn inline_text(name: &str, data_format: &str, packed: bool) -> String {
    let int16 = ["FMT_NUM_I16", "FMT_NUM_U16", "FMT_NUM_B16"].contains(&data_format);
    match name.parse::<f32>() {
        Ok(v) if int16 && !packed && name.contains('.') => {
            format!("0x{:x}", half::f16::from_f32(v).to_bits())
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_bit_integer_operands_show_float_constants_as_bits() {
        assert_eq!(inline_text("0.5", "FMT_NUM_U16", false), "0x3800");
        assert_eq!(inline_text("-4.0", "FMT_NUM_I16", false), "0xc400");
        assert_eq!(inline_text("0.5", "FMT_NUM_F16", false), "0.5");
        assert_eq!(inline_text("-1", "FMT_NUM_I16", false), "-1");
    }

    #[test]
    fn dual_issue_halves_split_at_the_first_y_field() {
        let op = |field: &str, first: u32| InstOperand {
            spec: mcdiff_spec::Operand {
                field: Some(field.into()),
                data_format: "FMT_NUM_F32".into(),
                operand_type: "OPR_VGPR".into(),
                size: 32,
                input: None,
                output: None,
                implicit: None,
                binary_required: None,
                order: None,
            }
            .into(),
            value: OperandValue::Reg(crate::inst::RegRange {
                file: RegFile::Vgpr,
                first,
                count: 1,
            }),
        };
        let inst = Inst {
            mnemonic: "v_dual_mul_f32 :: v_dual_mov_b32".into(),
            name: "V_DUAL_MUL_F32".into(),
            form: crate::form::Form::bare(Family::Vopd, crate::form::Variant::Plain),
            opcode: 3,
            operands: vec![
                op("VDSTX", 0),
                op("SRCX0", 1),
                op("VSRCX1", 2),
                op("VDSTY", 3),
                op("SRCY0", 4),
            ],
            modifiers: vec![("OPY", 8)].into(),
        };
        assert_eq!(
            print_dual(&inst),
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v3, v4"
        );
    }
}
