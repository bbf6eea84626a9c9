//! LLVM syntax of the vector ALU families (VOP1, VOP2, VOPC, VOP3, VOP3P): source modifiers
//! written around an operand (`-v1`, `|v1|`, `neg(..)`, `abs(..)`, `sext(..)`), true16 register
//! halves (`v1.l`, `v1.h`), the VCC operands LLVM writes for 32-bit forms although the
//! hardware reads or writes VCC implicitly, and the text order of operand fields.
//! Checked against llvm-mc 22 (AMDGPUOperandSyntax.rst / AMDGPUModifierSyntax.rst).

use crate::family::Family;
use crate::syntax::vop_modifiers::VopModifier;
use crate::syntax::{has_part, has_part_ignore_case, starts_with_ignore_case};
use crate::target::TargetCtx;
use std::ops::Range;

/// Source modifiers written around one operand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMods {
    pub neg: bool,
    pub abs: bool,
    pub sext: bool,
}

impl SourceMods {
    pub fn any(&self) -> bool {
        self.neg || self.abs || self.sext
    }
}

/// Strips the source modifiers around `text`: `-x`, `|x|`, `-|x|`, `neg(x)`, `abs(x)`,
/// `-abs(x)`, `sext(x)`. A leading `-` before a number is part of the number, not a
/// modifier (LLVM reads `-1` as the constant -1 and `-v1` as neg applied to v1).
pub fn split_source_modifiers(text: &str) -> Result<(&str, SourceMods), String> {
    let mut mods = SourceMods::default();
    let mut rest = text.trim();
    if let Some(inner) = call_arg(rest, "sext") {
        mods.sext = true;
        rest = inner;
    }
    if let Some(inner) = call_arg(rest, "neg") {
        mods.neg = true;
        rest = inner;
    }
    if let Some(after) = rest.strip_prefix('-') {
        let after = after.trim_start();
        let modifier_follows = after.starts_with('|')
            || call_arg(after, "abs").is_some()
            || crate::syntax::regs::parse_register(strip_half(after).0).is_some();
        if modifier_follows {
            if mods.neg {
                return Err("invalid operand for instruction".into());
            }
            mods.neg = true;
            rest = after;
        }
    }
    if let Some(inner) = call_arg(rest, "abs") {
        mods.abs = true;
        rest = inner;
    } else if let Some(inner) = rest.strip_prefix('|') {
        let inner = inner
            .strip_suffix('|')
            .ok_or_else(|| "expected vertical bar".to_string())?;
        mods.abs = true;
        rest = inner.trim();
    }
    Ok((rest, mods))
}

/// The argument of `name(arg)` when `text` is exactly such a call.
fn call_arg<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    // `get`, not slicing: `text` may hold a multi-byte character across `name.len()`.
    let head = text.get(..name.len())?;
    let inner = text
        .get(name.len()..)?
        .strip_prefix('(')?
        .strip_suffix(')')?;
    if !head.eq_ignore_ascii_case(name) {
        return None;
    }
    // `neg(a)+(b)` is not one call: parentheses must balance inside.
    let mut depth = 0i32;
    for c in inner.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    (depth == 0).then(|| inner.trim())
}

/// Splits a true16 half suffix off a register: `v1.h` -> (`v1`, Some(true)),
/// `v1.l` -> (`v1`, Some(false)).
pub fn strip_half(text: &str) -> (&str, Option<bool>) {
    let tail = text.get(text.len().saturating_sub(2)..).unwrap_or("");
    match tail.as_bytes() {
        [b'.', b'h' | b'H'] => (&text[..text.len() - 2], Some(true)),
        [b'.', b'l' | b'L'] => (&text[..text.len() - 2], Some(false)),
        _ => (text, None),
    }
}

/// Where LLVM writes VCC in the text of a 32-bit (e32) form although the encoding has no
/// field for it: as the destination (compares, carry-out) and/or as the last source
/// (carry-in, select mask).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImplicitVcc {
    pub dst: bool,
    pub src: bool,
}

/// The implicit VCC operands of `mnemonic`'s 32-bit form on GFX `gfx_major`.
pub fn implicit_vcc(mnemonic: &str, gfx_major: u32) -> ImplicitVcc {
    let carry_out = ["v_add_co_u32", "v_sub_co_u32", "v_subrev_co_u32"];
    // GFX8's names of the same ops (GFX9 gave them to adds without carry), and GFX6/GFX7's.
    let gfx8_carry_out = [
        "v_add_u32",
        "v_sub_u32",
        "v_subrev_u32",
        "v_add_i32",
        "v_sub_i32",
        "v_subrev_i32",
    ];
    // VOPC writes VCC; the VOPCX forms write EXEC as well before GFX10 and EXEC only (no
    // destination named) from GFX10 on.
    // GFX6/GFX7's signalling compares (`v_cmps_*`, `v_cmpsx_*`) write as the others do.
    let compare = mnemonic.starts_with("v_cmp_")
        || mnemonic.starts_with("v_cmps_")
        || mnemonic.starts_with("v_cmpsx_")
        || (mnemonic.starts_with("v_cmpx_") && !writes_exec_only(mnemonic, gfx_major));
    ImplicitVcc {
        dst: compare
            || CARRY_IN.contains(&mnemonic)
            || carry_out.contains(&mnemonic)
            || (gfx_major < 9 && gfx8_carry_out.contains(&mnemonic)),
        src: reads_implicit_vcc(mnemonic),
    }
}

/// Instructions with a carry-in that read VCC implicitly in their 32-bit form (GFX10+ names,
/// then GFX9's, then GFX8's).
const CARRY_IN: &[&str] = &[
    "v_add_co_ci_u32",
    "v_sub_co_ci_u32",
    "v_subrev_co_ci_u32",
    "v_addc_co_u32",
    "v_subb_co_u32",
    "v_subbrev_co_u32",
    "v_addc_u32",
    "v_subb_u32",
    "v_subbrev_u32",
];

/// Whether `mnemonic`'s 32-bit form reads VCC as its last source (carry-in, select mask).
pub fn reads_implicit_vcc(mnemonic: &str) -> bool {
    CARRY_IN.contains(&mnemonic) || mnemonic == "v_cndmask_b32"
}

/// Whether an instruction reads VCC without naming it: the 32-bit forms of
/// [`reads_implicit_vcc`], and V_DIV_FMAS in every form (RDNA1 ISA §6.2.1: "Add/sub with
/// carry-in, FMAS and CNDMASK").
pub fn reads_vcc_unnamed(mnemonic: &str, vop32: bool) -> bool {
    (vop32 && reads_implicit_vcc(mnemonic)) || mnemonic.starts_with("v_div_fmas_")
}

/// Whether a source of `mnemonic` with data format `data_format` takes the ABS/NEG input
/// modifiers: floating-point inputs, and the moves and V_CNDMASK (CDNA5 ISA §7.2.2.1
/// "Input Operand Modifiers").
pub fn takes_input_modifiers(mnemonic: &str, data_format: &str) -> bool {
    data_format.starts_with("FMT_NUM_F")
        || ["v_mov_b32", "v_mov_b16", "v_movrel", "v_cndmask_"]
            .iter()
            .any(|m| mnemonic.starts_with(m))
}

/// True for compares that write EXEC and nothing else, whose VOP3 form names no destination:
/// VOPCX from GFX10 on (before, they also write VCC or their SDST, like VOPC). By LLVM
/// mnemonic or AMD name.
pub fn writes_exec_only(mnemonic: &str, gfx_major: u32) -> bool {
    starts_with_ignore_case(mnemonic, "v_cmpx_") && gfx_major >= 10
}

/// Text order of vector operand fields: destinations, then sources in field order.
/// `SIMM32` is the inline-literal operand of v_fmaak/v_fmamk-style VOP2 forms; where it
/// goes depends on the mnemonic ([`literal_position`]).
pub const VECTOR_TEXT_ORDER: &[&str] = &[
    "VDST", "SDST", "SRC0", "VSRC0", "SRC1", "VSRC1", "SRC2", "VSRC2", "VSRC", "ATTR",
];

/// LLVM writes the constant of the `*mk*` forms (multiply by K) between the two sources and
/// the one of the `*ak*` forms (add K) last: field after which SIMM32 is written.
pub fn literal_position(mnemonic: &str) -> &'static str {
    let base = mnemonic.strip_suffix("_e32").unwrap_or(mnemonic);
    if base.contains("mk_") {
        "SRC0"
    } else {
        "VSRC1"
    }
}

/// Bit of the OPSEL field (and of NEG/ABS) that belongs to an operand field: sources 0..2
/// by index, the destination bit 3 (RDNA3 ISA §7.3 "VOP3", OPSEL).
pub fn operand_bit(field: &str) -> Option<u32> {
    match field {
        "SRC0" | "VSRC0" => Some(0),
        "SRC1" | "VSRC1" => Some(1),
        "SRC2" | "VSRC2" => Some(2),
        "VDST" => Some(3),
        _ => None,
    }
}

/// Words that select a DPP form (AMDGPUModifierSyntax "DPP modifiers").
const DPP_WORDS: &[&str] = &[
    "quad_perm:",
    "row_shl:",
    "row_shr:",
    "row_ror:",
    "row_mirror",
    "row_half_mirror",
    "row_share:",
    "row_xmask:",
    "row_bcast",
    "row_newbcast:",
    "wave_",
    "dpp8:",
    "row_mask:",
    "bank_mask:",
    "bound_ctrl:",
    "fi:",
];

/// The composed spec encoding of a DPP form of `family` (`VOP1`...): `<family>_VOP_DPP16` or
/// `_VOP_DPP8`; GFX9 files name their one DPP form `<family>_VOP_DPP`.
pub fn dpp_layout(spec: &mcdiff_spec::Spec, family: &str, dpp: Dpp) -> String {
    let layout = format!("{family}{}", dpp.encoding_suffix());
    let gfx9 = format!("{family}_VOP_DPP");
    if dpp == Dpp::Dpp16 && spec.encoding(&layout).is_none() && spec.encoding(&gfx9).is_some() {
        gfx9
    } else {
        layout
    }
}

/// The composed spec encoding of `family`'s SDWA form: `<family>_VOP_SDWA`, or
/// `<family>_VOP_SDWA_SDST_ENC` where the spec has only that one (VOPC).
pub fn sdwa_layout(spec: &mcdiff_spec::Spec, family: &str) -> String {
    let layout = format!("{family}_VOP_SDWA");
    let with_sdst = format!("{layout}_SDST_ENC");
    if spec.encoding(&layout).is_none() && spec.encoding(&with_sdst).is_some() {
        with_sdst
    } else {
        layout
    }
}

/// The sources of an SDWA form whose encoding has their S0/S1 bit (GFX9 on) take a scalar
/// register or an inline constant besides a VGPR, the bit telling which; never a literal,
/// the SDWA dword taking the literal's place. A src0 the instruction reads as a VGPR in
/// every form (v_movrels's relative index) stays one.
pub fn sdwa_source_types(slots: &mut [mcdiff_spec::Operand], layout: &mcdiff_spec::Encoding) {
    for slot in slots {
        let vgpr_only = crate::operands::classify_vector(&slot.operand_type)
            == crate::operands::KindId::VectorRegister;
        let scalar_bit = match slot.field.as_deref() {
            Some("SRC0") if !vgpr_only => "S0",
            Some("VSRC1" | "SRC1") => "S1",
            _ => continue,
        };
        if layout.field(scalar_bit).is_some() {
            slot.operand_type = "OPR_SRC_NOLIT".into();
        }
    }
}

/// Whether `sext(..)` applies to a source of `data_format`: not to the 8-bit float formats
/// (FP8/BF8), whose selected byte is a float, as llvm-mc reads them. (The files type some
/// integer second sources as floats, V_LDEXP_F16's exponent and V_CMP_CLASS_F16's mask:
/// the wider float formats are not judged here.)
pub fn sign_extends(data_format: &str) -> bool {
    !(has_part_ignore_case(data_format, "FP8") || has_part_ignore_case(data_format, "BF8"))
}

/// SDWA forms with no destination selects (llvm-mc 19 and 22 on gfx940 and later): the FP8
/// and BF8 to f32 conversions. Their DST_SEL is whole-dword and DST_U zero, never written.
pub const SDWA_WITHOUT_DST_SEL: &[&str] = &[
    "v_cvt_f32_fp8",
    "v_cvt_f32_bf8",
    "v_cvt_pk_f32_fp8",
    "v_cvt_pk_f32_bf8",
];

/// Whether an MFMA's BLGP field holds `neg:[a,b,c]` (negate A, B, C) instead of a lane-group
/// pattern: the f64 ones, by the data format of their operands, where the target reads it
/// so (CDNA3 ISA §7.1.5.3).
pub fn mfma_blgp_negates<'a>(
    operands: impl IntoIterator<Item = &'a mcdiff_spec::Operand>,
    target: &TargetCtx,
) -> bool {
    target.mfma_f64_negates
        && operands
            .into_iter()
            .any(|o| o.field.as_deref() == Some("SRC0") && o.data_format == "FMT_NUM_F64")
}

/// Whether instruction `name` is an F8F6F4 MFMA, whose sources [`size_f8f6f4_sources`]
/// sizes.
pub fn is_f8f6f4(name: &str) -> bool {
    name.to_ascii_uppercase().ends_with("_F8F6F4")
}

/// The F8F6F4 MFMAs read A and B in the formats CBSZ and BLGP select (CDNA4 ISA §7.1, "Matrix
/// Format": 0 E4M3, 1 E5M2, 2 E2M3, 3 E3M2, 4 E2M1), so their source registers hold 8-, 6-
/// or 4-bit elements; the spec sizes them for 8. Resizes src0 by `cbsz` and src1 by `blgp`.
pub fn size_f8f6f4_sources(slots: &mut [mcdiff_spec::Operand], name: &str, cbsz: u32, blgp: u32) {
    if !is_f8f6f4(name) {
        return;
    }
    for slot in slots {
        let selector = match slot.field.as_deref() {
            Some("SRC0") => cbsz,
            Some("SRC1") => blgp,
            _ => continue,
        };
        let element_bits = match selector {
            0 | 1 => 8,
            2 | 3 => 6,
            4 => 4,
            _ => continue,
        };
        slot.size = slot.size / 8 * element_bits;
    }
}

/// Turns a compare's implicit-VCC slot into the SDST slot of its SDWA form, which names
/// another scalar destination with SD set (CDNA3 ISA, VOPC SDWA fields SDST and SD).
pub fn sdwa_explicit_destination(slot: &mut mcdiff_spec::Operand) {
    slot.field = Some("SDST".into());
    slot.operand_type = "OPR_SREG".into();
}

/// A DPP form: the one a statement asks for (DPP8 when it has `dpp8:[..]`, DPP16 when it
/// has another DPP control word or its mnemonic ends in `_dpp`), or the one an encoding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dpp {
    Dpp16,
    Dpp8,
}

impl Dpp {
    /// Suffix of the composed spec encoding (`VOP1` + `_VOP_DPP16`).
    pub fn encoding_suffix(self) -> &'static str {
        match self {
            Dpp::Dpp16 => "_VOP_DPP16",
            Dpp::Dpp8 => "_VOP_DPP8",
        }
    }
}

/// The scaled conversions (`v_cvt_scalef32_*`, gfx950) take no clamp or output modifier:
/// LLVM defines neither for them (llvm-mc 22: `clamp` is an invalid operand, `mul:`/`div:`
/// not a valid operand).
pub fn takes_no_clamp_or_omod(mnemonic: &str) -> bool {
    mnemonic.starts_with("v_cvt_scalef32_")
}

/// V_PERMLANE16_SWAP_B32 and V_PERMLANE32_SWAP_B32 (by spec name or LLVM mnemonic, any
/// suffix): LLVM writes their VOP3 form's OPSEL[0] as `fi:N` and OPSEL[1] as `bound_ctrl:N`
/// (`bound_ctrl:0` setting it before GFX11, as DPP's does); no DPP word (checked with llvm-mc
/// 22 on gfx950 and gfx1250).
pub fn swaps_lanes(name: &str) -> bool {
    starts_with_ignore_case(name, "v_permlane16_swap_b32")
        || starts_with_ignore_case(name, "v_permlane32_swap_b32")
}

/// The DPP form a statement selects, if any.
pub fn dpp_kind(stmt: &crate::syntax::Statement, dpp_suffix: bool) -> Option<Dpp> {
    if swaps_lanes(&stmt.mnemonic) {
        return None;
    }
    let text = stmt.operands.last().map_or("", |p| p.text.as_ref());
    // Every DPP word has a `_` or a `:` ([`DPP_WORDS`]); most last operands (`v1`) neither.
    let may_have_words = text.bytes().any(|b| matches!(b, b'_' | b':'));
    let mut control = false;
    for word in text.split_whitespace().filter(|_| may_have_words) {
        if starts_with_ignore_case(word, "dpp8:") {
            return Some(Dpp::Dpp8);
        }
        control |= DPP_WORDS.iter().any(|d| starts_with_ignore_case(word, d))
            && !starts_with_ignore_case(word, "fi:");
    }
    (control || dpp_suffix).then_some(Dpp::Dpp16)
}

/// Whether instruction `name` keeps a truth table where other VALU ops keep their source and
/// output modifiers: V_BITOP3_B16/B32 (CDNA4 and CDNA5 ISA, V_BITOP3 notes: the table is
/// `{ OMOD[1:0], ABS[2:0], NEG[2:0] }` and those modifiers are disabled).
pub fn keeps_truth_table(name: &str) -> bool {
    name.to_ascii_uppercase().starts_with("V_BITOP3_")
}

/// Whether instruction `name` takes `scale_sel:N`, the whole OPSEL field as one number: the
/// GFX12.5 scaled conversions, whose CDNA5 text picks the scale's byte with OPSEL
/// (`scale_sel = OPSEL[2 : 0]`; llvm-mc 22 takes 0 to 15).
pub fn takes_scale_sel(name: &str) -> bool {
    name.to_ascii_uppercase().starts_with("V_CVT_SCALE_PK")
}

/// A dual-issue half's opcode field (`OPX`, `OPY`); `half` is `X` or `Y`.
pub fn dual_opcode_field(half: char) -> &'static str {
    if half == 'X' {
        "OPX"
    } else {
        "OPY"
    }
}

/// A VOPD3 half's field of source negations (`NEGX`, `NEGY`); `half` is `X` or `Y`.
pub fn dual_neg_field(half: char) -> &'static str {
    if half == 'X' {
        "NEGX"
    } else {
        "NEGY"
    }
}

/// The field a dual-issue op keeps a `bitop3:` truth table in: the Y half's third source
/// (VOPD3's `VSRCY2`) for V_DUAL_BITOP2_B32, whose CDNA5 text reads the table from
/// `INST.VSRCY2`, so it is a Y op only (llvm-mc 22 refuses it as X).
pub fn dual_truth_table_field(mnemonic: &str) -> Option<&'static str> {
    (mnemonic == "v_dual_bitop2_b32").then_some("VSRCY2")
}

/// The (NEG, ABS, OMOD) values holding truth table `table`.
pub fn truth_table_fields(table: u32) -> [(&'static str, u32); 3] {
    [
        ("NEG", table & 7),
        ("ABS", (table >> 3) & 7),
        ("OMOD", (table >> 6) & 3),
    ]
}

/// The truth table NEG, ABS and OMOD hold.
pub fn truth_table(neg: u32, abs: u32, omod: u32) -> u32 {
    (neg & 7) | (abs & 7) << 3 | (omod & 3) << 6
}

/// Whether a DPP statement uses GFX90A's 64-bit DPP control, `row_newbcast`, which the CDNA2
/// and CDNA3 manuals do not describe: their lists of instructions that cannot use DPP (the
/// 64-bit conversions and rounding ops) predate it, and llvm-mc takes those ops with it
/// (`v_sqrt_f64 v[4:5], v[0:1] row_newbcast:1` on gfx90a).
pub fn uses_dpp64_control(stmt: &crate::syntax::Statement, ctx: &TargetCtx) -> bool {
    ctx.gfx90a_plus
        && stmt.operands.last().is_some_and(|p| {
            p.text
                .split_whitespace()
                .any(|w| starts_with_ignore_case(w, "row_newbcast:"))
        })
}

/// Whether a statement writes an SDWA select (`dst_sel:`, `dst_unused:`, `src0_sel:`,
/// `src1_sel:`), which makes llvm-mc take the SDWA form of a mnemonic without suffix.
pub fn asks_for_sdwa(stmt: &crate::syntax::Statement) -> bool {
    stmt.operands.last().is_some_and(|p| {
        p.text.split_whitespace().any(|w| {
            w.split_once(':').is_some_and(|(key, _)| {
                (crate::syntax::vop_modifiers::SDWA_WORDS.iter())
                    .any(|(k, ..)| k.eq_ignore_ascii_case(key))
            })
        })
    })
}

/// Source-field codes announcing a DPP dword (RDNA3 ISA §4.1 "Common Instruction Fields",
/// SRC0 codes; the same in RDNA4): DPP8 233, DPP8 with fetch-inactive 234, DPP16 250.
pub const SRC_DPP8: u64 = 233;
pub const SRC_DPP8_FI: u64 = 234;
pub const SRC_DPP16: u64 = 250;
/// Source-field code announcing an SDWA dword (RDNA1 ISA §6.2 "Operands", SRC0 code 249).
pub const SRC_SDWA: u64 = 249;

/// Removes whitespace inside square brackets so that `op_sel:[0, 1]` stays one word; a piece
/// without white space in brackets is returned as it is.
pub fn tighten_brackets<'t>(piece: &crate::syntax::Piece<'t>) -> crate::syntax::Piece<'t> {
    if !piece.text.contains('[') {
        return piece.clone();
    }
    let mut depth = 0;
    let mut text = String::with_capacity(piece.text.len());
    for c in piece.text.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            c if c.is_whitespace() && depth > 0 => continue,
            _ => {}
        }
        text.push(c);
    }
    if text == *piece.text {
        return piece.clone();
    }
    crate::syntax::Piece {
        text: text.into(),
        column: piece.column,
    }
}

/// The mixed-precision FMAs (v_fma_mix*, v_mad_mix*): their op_sel_hi selects f16 sources
/// and defaults to 0, unlike packed math where it defaults to all ones.
pub fn is_mix(mnemonic: &str) -> bool {
    has_part(mnemonic, "_mix")
}

/// OPSEL bits of `byte_sel:n` (checked with llvm-mc 22 on gfx1200): one-source conversions
/// (FP8/BF8 to F32) select the source byte with OPSEL[1:0] written high bit first; the
/// two-source stochastic-rounding conversions select the destination byte with OPSEL[3:2].
pub fn byte_sel_bits(n: u32, sources: u32) -> u32 {
    if sources == 1 {
        (n & 1) << 1 | n >> 1
    } else {
        n << 2
    }
}

/// The FP8/BF8 conversions whose OPSEL bits LLVM writes as `byte_sel:n` (GFX12 on), and
/// how many sources each has, which says where the byte is kept (llvm-mc 22).
pub fn byte_sel_sources(name: &str) -> Option<u32> {
    match name.to_ascii_uppercase().as_str() {
        "V_CVT_F32_FP8" | "V_CVT_F32_BF8" | "V_CVT_F16_FP8" | "V_CVT_F16_BF8" => Some(1),
        "V_CVT_SR_FP8_F32" | "V_CVT_SR_BF8_F32" | "V_CVT_SR_FP8_F16" | "V_CVT_SR_BF8_F16" => {
            Some(2)
        }
        _ => None,
    }
}

/// Whether a GFX9 instruction's op_sel lists its four OPSEL bits as they are, not its
/// sources and then the destination half: the conversions whose pseudocode picks the
/// destination byte by OPSEL[3:2] ([`mcdiff_spec::Spec::destination_byte_by_opsel`]; llvm-mc
/// 19 and 22 on gfx942 and gfx950 read `op_sel:[0,0,1]` of a two-source one as OPSEL[2] and
/// print four elements).
pub fn opsel_is_destination_byte(ctx: &TargetCtx, name: &str) -> bool {
    ctx.gfx_major == 9
        && (ctx.spec.destination_byte_by_opsel.iter()).any(|n| n.eq_ignore_ascii_case(name))
}

/// The byte a conversion's OPSEL bits select (the inverse of [`byte_sel_bits`]).
pub fn byte_sel(opsel: u32, sources: u32) -> u32 {
    if sources == 1 {
        (opsel & 1) << 1 | (opsel >> 1) & 1
    } else {
        (opsel >> 2) & 3
    }
}

/// The rejection of VOPD destinations of equal parity ([`vopd_dst_parity_conflict`]).
pub const VOPD_DST_PARITY: &str = "invalid VOPDY vdst operand";

/// VOPD destinations must differ in their low bit (RDNA3 ISA §15.3.7 "VOPD": VDSTY's low bit
/// is implied): true when they do not.
pub fn vopd_dst_parity_conflict(operands: &[crate::inst::InstOperand]) -> bool {
    let vgpr = |field: &str| vopd_vgpr(operands, field).map(|r| r.start);
    matches!((vgpr("VDSTX"), vgpr("VDSTY")), (Some(x), Some(y)) if x % 2 == y % 2)
}

/// The VGPRs bound to `field` in a VOPD operand list.
fn vopd_vgpr(operands: &[crate::inst::InstOperand], field: &str) -> Option<Range<u32>> {
    use crate::inst::{OperandValue, RegFile};
    operands
        .iter()
        .find_map(|o| match (&o.spec.field, &o.value) {
            (Some(f), OperandValue::Reg(r)) if f == field && r.file == RegFile::Vgpr => {
                Some(r.first..r.first + r.count.max(1))
            }
            _ => None,
        })
}

/// LLVM's register constraints between the sources of the halves of a VOPD statement,
/// checked with llvm-mc 22: source VGPRs of the halves in different banks, and both halves
/// together read at most two scalar values: distinct scalar registers, the implicit VCC of
/// v_dual_cndmask_b32 and the literal (inline constants are free). `None` when valid. The
/// destinations' parity is [`vopd_dst_parity_conflict`]. `vopd3`: the pair is bound for
/// VOPD3, whose destinations may sit in any bank, so they must only be distinct registers,
/// and every source, the accumulating src2 (the destination) and the third source
/// included, follows the src0/src1 bank rule instead of VOPD's parity rule (CDNA5 ISA
/// §7.8.1); a 64-bit source takes the banks of both its registers. `same_vgpr`: the halves
/// may read one VGPR (the same registers) in a slot, where the manual says so.
pub fn vopd_conflict(
    operands: &[crate::inst::InstOperand],
    mnemonics: (&str, &str),
    reads_vcc: bool,
    gfx_major: u32,
    (vopd3, same_vgpr): (bool, bool),
) -> Option<&'static str> {
    let vgpr = |field: &str| vopd_vgpr(operands, field);
    // Source VGPRs of the two halves must sit in different banks: src0 and src1 by index
    // mod 4, src2 by index mod 2 (checked with llvm-mc 22 on gfx1100 and gfx1200).
    let sources = |half: char, mnemonic: &str| {
        let field = |f: &str| vgpr(&f.replace('?', &half.to_string()));
        let accumulates = has_part(mnemonic, "fmac") || has_part(mnemonic, "dot2acc");
        let multiply_by_constant = has_part(mnemonic, "fmamk");
        let src1 = if multiply_by_constant {
            None
        } else {
            field("VSRC?1")
        };
        let src2 = if multiply_by_constant {
            field("VSRC?1")
        } else if accumulates {
            field("VDST?")
        } else {
            field("VSRC?2")
        };
        [field("SRC?0"), src1, src2]
    };
    if vopd3 {
        if let (Some(x), Some(y)) = (vgpr("VDSTX"), vgpr("VDSTY")) {
            if x.start < y.end && y.start < x.end {
                return Some("dst registers must be distinct");
            }
        }
    }
    let (x, y) = (sources('X', mnemonics.0), sources('Y', mnemonics.1));
    const BANK_ERRORS: [(&str, u32); 3] = [
        ("src0 operands must use different VGPR banks", 4),
        ("src1 operands must use different VGPR banks", 4),
        ("src2 operands must use different VGPR banks", 2),
    ];
    // GFX12 lets two moves read src0 from one bank.
    let two_moves =
        gfx_major >= 12 && mnemonics.0 == "v_dual_mov_b32" && mnemonics.1 == mnemonics.0;
    for (i, (message, banks)) in BANK_ERRORS.iter().enumerate() {
        if i == 0 && two_moves {
            continue;
        }
        let banks = if vopd3 { 4 } else { *banks };
        if let (Some(a), Some(b)) = (&x[i], &y[i]) {
            if same_vgpr && a == b {
                continue;
            }
            if a.clone().any(|a| b.clone().any(|b| a % banks == b % banks)) {
                return Some(message);
            }
        }
    }
    let reads = constant_bus_reads(operands, reads_vcc, false);
    (reads > 2).then_some(CONSTANT_BUS_ERROR)
}

/// LLVM's message for too many scalar values read by one instruction.
pub const CONSTANT_BUS_ERROR: &str = "invalid operand (violates constant bus restrictions)";

/// The scalar values an instruction reads (RDNA1 ISA §6.2.1 "Limitations"): distinct scalar
/// registers, the implicit VCC read apart from an explicit one (as llvm-mc counts), and
/// the literal; with `special_sources`, the read-only scalar sources (`src_*`, apertures)
/// too. Inline constants are free.
pub fn constant_bus_reads<'a>(
    operands: impl IntoIterator<Item = &'a crate::inst::InstOperand>,
    implicit_vcc: bool,
    special_sources: bool,
) -> usize {
    use crate::inst::{OperandValue, RegFile};
    let mut literal = false;
    // A handful of sources: a list searched in place, no sorting.
    let mut scalars: Vec<(&RegFile, u32)> = Vec::new();
    for o in operands {
        let scalar = match &o.value {
            OperandValue::Reg(r) => match &r.file {
                RegFile::Sgpr | RegFile::Ttmp => Some((&r.file, r.first)),
                RegFile::Special(n) if n == "NULL" || n == "SRC_LDS_DIRECT" => None,
                RegFile::Special(n) if special_sources || !n.starts_with("SRC_") => {
                    Some((&r.file, r.first))
                }
                _ => None,
            },
            OperandValue::Literal { .. } => {
                literal = true;
                None
            }
            _ => None,
        };
        if let Some(scalar) = scalar.filter(|s| !scalars.contains(s)) {
            scalars.push(scalar);
        }
    }
    scalars.len() + usize::from(implicit_vcc) + usize::from(literal)
}

/// Whether an implicit VCC read is one the sources already count: an explicit 64-bit `vcc`
/// (llvm-mc counts one register once; in wave32 the implicit read and `vcc_lo` apart).
pub fn implicit_vcc_named<'a>(
    sources: impl IntoIterator<Item = &'a crate::inst::InstOperand>,
) -> bool {
    use crate::inst::OperandValue;
    sources.into_iter().any(|o| {
        matches!(&o.value, OperandValue::Reg(r)
            if r.file.is_named("VCC_LO") && r.count == 2)
    })
}

/// Operands llvm-mc does not count against the constant bus: v_writelane_b32's lane select
/// in M0 (checked with llvm-mc 22 on gfx900 and gfx942: `v_writelane_b32 v1, s13, m0`).
pub fn off_the_constant_bus(mnemonic: &str, operand: &crate::inst::InstOperand) -> bool {
    use crate::inst::OperandValue;
    mnemonic == "v_writelane_b32"
        && operand.spec.field.as_deref().and_then(operand_bit) == Some(1)
        && matches!(&operand.value, OperandValue::Reg(r) if r.file.is_named("M0"))
}

/// How many scalar values one VALU instruction may read: one before GFX10 (Vega ISA §6.2.1:
/// one SGPR, and a literal only without one), two from GFX10, one for GFX10's 64-bit
/// shifts (RDNA1 ISA §6.2.1).
pub fn constant_bus_limit(gfx_major: u32, mnemonic: &str) -> usize {
    const SHIFTS_64: &[&str] = &["v_lshlrev_b64", "v_lshrrev_b64", "v_ashrrev_i64"];
    if gfx_major < 10 || (gfx_major == 10 && SHIFTS_64.contains(&mnemonic)) {
        1
    } else {
        2
    }
}

/// VOP3P ops on 4- or 8-bit packed data (dot4/dot8 on IU8/IU4/FP8/BF8): LLVM takes no
/// op_sel / op_sel_hi for them, and for the float-8 formats no neg_lo / neg_hi / clamp
/// either (checked with llvm-mc 22).
pub fn narrow_packed(data_format: &str) -> Option<NarrowPacked> {
    let narrow = has_part(data_format, "PK4_") || has_part(data_format, "PK8_");
    narrow.then(|| NarrowPacked {
        float8: has_part(data_format, "FP8") || has_part(data_format, "BF8"),
    })
}

/// See [`narrow_packed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NarrowPacked {
    pub float8: bool,
}

/// Register size of a matrix (WMMA/SWMMAC) operand. The spec sizes them for wave32; in
/// wave64 each lane holds half the accumulator (C/D), and from GFX12 on half of A/B too
/// (RDNA3 ISA §7.9 "WMMA", RDNA4 ISA §7.9; register counts checked with llvm-mc 22).
pub fn matrix_operand_size(data_format: &str, size: u32, wave64: bool, gfx_major: u32) -> u32 {
    let accumulator = data_format.starts_with("FMT_WMMA_DC");
    let ab = data_format.starts_with("FMT_WMMA_AB");
    if wave64 && (accumulator || (ab && gfx_major >= 12)) {
        size / 2
    } else {
        size
    }
}

/// A matrix op (WMMA, or sparse SWMMAC whose src2 is an index set), by the spec data formats
/// of its A/B sources and its accumulator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatrixOp {
    pub ab_format: String,
    pub accumulator_format: String,
    pub sparse: bool,
}

impl MatrixOp {
    /// The matrix op whose operand slots have these data formats, if it is one.
    pub fn from_formats<'f>(formats: impl Iterator<Item = &'f str> + Clone) -> Option<MatrixOp> {
        let find = |prefix: &str| formats.clone().find(|f| f.starts_with(prefix));
        Some(MatrixOp {
            ab_format: find("FMT_WMMA_AB")?.to_string(),
            accumulator_format: find("FMT_WMMA_DC")?.to_string(),
            sparse: find("FMT_WMMA_INDEX").is_some(),
        })
    }

    /// Whether LLVM takes `modifier` on this op (checked with llvm-mc 22): clamp only with an
    /// integer accumulator; op_sel only on GFX11 with a 16-bit accumulator (it picks the
    /// destination half); never op_sel_hi; negation of integer A/B is their signedness
    /// (neg_lo only); float-8 A/B take no negation; a sparse op's index (src2) none;
    /// index_key 0..1 (wave64: 0..3) on sparse ops only.
    pub fn modifier_ok(&self, modifier: &VopModifier, gfx_major: u32, wave64: bool) -> bool {
        // GFX11 reads neg_lo/neg_hi on integer A/B as signedness; the rules below are GFX12's.
        let gfx12 = gfx_major >= 12;
        let integer = gfx12 && (self.ab_format.contains("IU8") || self.ab_format.contains("IU4"));
        let float8 = gfx12 && (self.ab_format.contains("FP8") || self.ab_format.contains("BF8"));
        let index_bit = if self.sparse { 0b100 } else { 0 };
        match *modifier {
            VopModifier::Field("CLAMP", _) => self.accumulator_format.contains("I32"),
            VopModifier::Bits("OPSEL", ..) => {
                gfx_major == 11 && self.accumulator_format.contains("16")
            }
            VopModifier::Bits("OPSEL_HI", ..) => false,
            VopModifier::Bits("NEG", bits, _) if integer => bits & 0b100 == 0,
            VopModifier::Bits("NEG_HI", bits, _) if integer => bits == 0,
            VopModifier::Bits("NEG" | "NEG_HI", bits, _) if float8 => {
                bits & (0b011 | index_bit) == 0
            }
            VopModifier::Bits("NEG" | "NEG_HI", bits, _) => bits & index_bit == 0,
            // Wave64 splits the index set over twice the keys.
            VopModifier::IndexKey(n) => self.sparse && n <= if wave64 { 3 } else { 1 },
            _ => true,
        }
    }

    /// Whether a matrix op's word holds only what its text can say: every modifier bit it
    /// sets one the op takes ([`MatrixOp::modifier_ok`]; a sparse op's OPSEL[1:0] is its
    /// index_key, GFX12.5's OPSEL[2] and OPSEL_HI[2] are reuse hints) and OPSEL_HI's other
    /// bits set, as every text of the op has them. A decoder refuses any other word: its text
    /// would drop bits, and assemble to other bytes.
    pub fn word_printable(&self, field: impl Fn(&str) -> u32, ctx: &TargetCtx) -> bool {
        let ok = |m: VopModifier| self.modifier_ok(&m, ctx.gfx_major, ctx.wave64);
        let reuse = if ctx.matrix_reuse { 0b100 } else { 0 };
        let opsel = field("OPSEL") & !reuse;
        let (index, opsel) = match self.sparse {
            true => (opsel & 0b11, opsel & !0b11),
            false => (0, opsel),
        };
        let clamp = field("CLAMP");
        let negations = ["NEG", "NEG_HI"]
            .into_iter()
            .all(|f| field(f) == 0 || ok(VopModifier::Bits(f, field(f), 3)));
        (clamp == 0 || ok(VopModifier::Field("CLAMP", clamp)))
            && (index == 0 || ok(VopModifier::IndexKey(index)))
            && (opsel == 0 || ok(VopModifier::Bits("OPSEL", opsel, 3)))
            && field("OPSEL_HI") | reuse == 0b111
            && negations
    }
}

/// The modifiers of a GFX11+ interpolation word (VINTERP), in the only order LLVM's syntax
/// takes and prints them: clamp, op_sel, wait_exp (checked with llvm-mc 22, which refuses
/// `wait_exp:1 clamp`).
pub const VINTERP_MODIFIER_ORDER: &[&str] = &["CLAMP", "OPSEL", "WAIT_EXP"];

/// The modifiers of the other vector ALU forms, by their fields, in the only order LLVM
/// takes them ("The order of operands and modifiers is fixed", AMDGPUInstructionSyntax;
/// llvm-mc 19 and 22 refuse `clamp op_sel:[..]`, `mul:2 clamp`, `dst_unused:.. dst_sel:..`,
/// `row_mask:.. quad_perm:..`, `fi:1 bound_ctrl:1`, and a modifier written twice): the
/// packed-math bit lists, clamp, the output modifier, then the SDWA selects or the DPP
/// controls. Modifiers not listed (matrix, MFMA and conversion words) may stand anywhere.
const VECTOR_MODIFIER_ORDER: &[&str] = &[
    "OPSEL",
    "OPSEL_HI",
    "NEG",
    "NEG_HI",
    "CLAMP",
    "OMOD",
    "DST_SEL",
    "DST_U",
    "SRC0_SEL",
    "SRC1_SEL",
    "DPP_CTRL",
    "ROW_MASK",
    "BANK_MASK",
    "BOUND_CTRL",
    "FI",
];

/// The position of the modifier of field `key` in the order `family`'s words must follow;
/// `None` for one that may stand anywhere.
pub fn modifier_rank(family: Family, key: &str) -> Option<usize> {
    let order = match family {
        Family::Vinterp => VINTERP_MODIFIER_ORDER,
        _ => VECTOR_MODIFIER_ORDER,
    };
    order.iter().position(|k| *k == key)
}

/// GFX11+ packed 16-bit dot products read whole dwords from src0/src1: their OPSEL[1:0]
/// must be 0 (RDNA3 ISA §7.3 "VOP3", OPSEL).
pub fn opsel_sources_must_be_zero(name: &str) -> bool {
    matches!(name, "V_DOT2_F16_F16" | "V_DOT2_BF16_BF16")
}

/// Canonical names of the DPP8 lane-select fields, lane 0 first.
pub const LANE_SELS: [&str; 8] = [
    "LANE_SEL_0",
    "LANE_SEL_1",
    "LANE_SEL_2",
    "LANE_SEL_3",
    "LANE_SEL_4",
    "LANE_SEL_5",
    "LANE_SEL_6",
    "LANE_SEL_7",
];

/// The mnemonic llvm-mc prints for `base` in `family`; `dual` when the instruction has both a
/// 32-bit and a VOP3 form.
/// `operands`: whether the instruction writes any (v_nop and v_pipeflush print bare).
pub fn vector_mnemonic(
    base: &str,
    family: Family,
    dual: bool,
    operands: bool,
    dpp: Option<Dpp>,
) -> String {
    let short = family.is_vop32();
    let suffix = match (dpp, short) {
        (None, _) if !operands => "",
        (None, true) if dual && !BARE_E32.contains(&base) && !BARE.contains(&base) => "_e32",
        (None, false) if dual && !BARE.contains(&base) => "_e64",
        (None, _) => "",
        // 32-bit compares name their DPP form by the DPP modifiers alone.
        (_, true) if family == Family::Vopc => "",
        (_, true) => "_dpp",
        (_, false) => "_e64_dpp",
    };
    format!("{base}{suffix}")
}

/// Vector instructions LLVM writes without operands (the rows without operands of
/// AMDGPU/AMDGPUAsmGFX7.rst to AMDGPUAsmGFX12.rst).
pub const OPERANDLESS: &[&str] = &["v_clrexcp", "v_nop", "v_pipeflush"];

/// VOP1 instructions with a VOP3 form that llvm-mc prints without `_e32`.
const BARE_E32: &[&str] = &["v_readfirstlane_b32", "v_accvgpr_mov_b32"];

/// VOP1 instructions with a VOP3 form that llvm-mc 22 prints with neither `_e32` nor `_e64`
/// (GFX12.5's FP8/BF8 pair conversions; their DPP forms keep `_dpp` and `_e64_dpp`).
const BARE: &[&str] = &["v_cvt_pk_f16_fp8", "v_cvt_pk_f16_bf8"];

#[cfg(test)]
mod tests {
    use super::*;

    /// [`dpp_kind`] reads only the words of text with a `_` or a `:`.
    #[test]
    fn every_dpp_word_has_an_underscore_or_a_colon() {
        assert!(DPP_WORDS.iter().all(|w| w.contains(['_', ':'])));
    }

    /// Each DPP word selects a DPP form in any case and after other words, `dpp8:` the
    /// 8-lane one; `fi:` alone and other modifiers select none.
    #[test]
    fn dpp_words_select_dpp_forms() {
        let kind = |last: &str| {
            dpp_kind(
                &crate::syntax::split_statement(&format!("v_mov_b32 v0, {last}")),
                false,
            )
        };
        for word in DPP_WORDS.iter().filter(|w| **w != "fi:") {
            let want = Some(if *word == "dpp8:" {
                Dpp::Dpp8
            } else {
                Dpp::Dpp16
            });
            assert_eq!(kind(&format!("v1 clamp {word}1")), want, "{word}");
            assert_eq!(
                kind(&format!("v1 {}1", word.to_ascii_uppercase())),
                want,
                "{word}"
            );
        }
        assert_eq!(kind("v1 fi:1"), None);
        assert_eq!(kind("v1 op_sel:[0,1] clamp div:2"), None);
    }

    #[test]
    fn byte_selects_invert_byte_sel_bits() {
        for n in 0..4 {
            for sources in [1, 2] {
                assert_eq!(byte_sel(byte_sel_bits(n, sources), sources), n);
            }
        }
        assert_eq!(byte_sel_sources("V_CVT_SR_FP8_F32"), Some(2));
        assert_eq!(byte_sel_sources("V_CVT_PK_F32_FP8"), None);
    }

    #[test]
    fn suffixes() {
        assert_eq!(
            vector_mnemonic("v_mov_b32", Family::Vop1, true, true, None),
            "v_mov_b32_e32"
        );
        assert_eq!(
            vector_mnemonic("v_mov_b32", Family::Vop3, true, true, None),
            "v_mov_b32_e64"
        );
        assert_eq!(
            vector_mnemonic("v_fma_f32", Family::Vop3, false, true, None),
            "v_fma_f32"
        );
        assert_eq!(
            vector_mnemonic("v_fma_f32", Family::Vop3, false, true, Some(Dpp::Dpp8)),
            "v_fma_f32_e64_dpp"
        );
        assert_eq!(
            vector_mnemonic("v_mov_b32", Family::Vop1, true, true, Some(Dpp::Dpp16)),
            "v_mov_b32_dpp"
        );
        assert_eq!(
            vector_mnemonic("v_nop", Family::Vop1, true, false, None),
            "v_nop"
        );
    }

    fn mods(text: &str) -> (&str, SourceMods) {
        split_source_modifiers(text).unwrap()
    }

    #[test]
    fn source_modifiers() {
        let (inner, m) = mods("-|v1|");
        assert_eq!(inner, "v1");
        assert!(m.neg && m.abs && !m.sext);
        let (inner, m) = mods("neg(abs(s2))");
        assert_eq!(inner, "s2");
        assert!(m.neg && m.abs);
        let (inner, m) = mods("-1");
        assert_eq!(inner, "-1");
        assert!(!m.any());
        let (inner, m) = mods("-v1.h");
        assert_eq!(inner, "v1.h");
        assert!(m.neg);
        let (inner, m) = mods("sext(v3)");
        assert_eq!(inner, "v3");
        assert!(m.sext);
        assert!(split_source_modifiers("|v1").is_err());
        // Multi-byte characters where a modifier name would end.
        assert_eq!(mods("ßß").0, "ßß");
        assert_eq!(mods("neß(v1)").0, "neß(v1)");
    }

    #[test]
    fn halves_and_vcc() {
        assert_eq!(strip_half("v1.h"), ("v1", Some(true)));
        assert_eq!(strip_half("v255.L"), ("v255", Some(false)));
        assert_eq!(strip_half("v1"), ("v1", None));
        assert_eq!(
            implicit_vcc("v_add_co_ci_u32", 11),
            ImplicitVcc {
                dst: true,
                src: true
            }
        );
        assert!(implicit_vcc("v_cmp_eq_f32", 11).dst);
        assert!(!implicit_vcc("v_cmpx_eq_f32", 11).dst);
        assert!(implicit_vcc("v_cmpx_eq_f32", 9).dst);
        assert!(!implicit_vcc("v_add_f32", 9).dst);
        assert_eq!(literal_position("v_fmamk_f32"), "SRC0");
        assert_eq!(literal_position("v_fmaak_f32"), "VSRC1");
        assert_eq!(operand_bit("VDST"), Some(3));
    }
}
