//! Everything about LLVM's AMDGPU assembly syntax that no spec file carries: how a statement
//! splits into mnemonic, operands and modifiers, mnemonic aliases, the order operands are
//! written in, register names, and the inline-constant / literal rules.

pub mod constants;
pub mod expr;
pub mod forms;
pub mod memory;
pub mod memory_modifiers;
pub mod processor_docs;
pub mod regs;
pub mod smem_modifiers;
pub mod vector;
pub mod vop_modifiers;

use std::borrow::Cow;

use crate::family::Family;
use crate::target::TargetCtx;

/// One piece of statement text with its 1-based column: a slice of the statement's text
/// where it is one (nearly every piece), its own text where the syntax rewrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece<'t> {
    pub text: Cow<'t, str>,
    pub column: u32,
}

impl<'t> Piece<'t> {
    /// The part `range` of this piece's text at `column`, sharing the text it slices.
    pub fn part(&self, range: std::ops::Range<usize>, column: u32) -> Piece<'t> {
        let text = match &self.text {
            Cow::Borrowed(text) => Cow::Borrowed(&text[range]),
            Cow::Owned(text) => Cow::Owned(text[range].to_string()),
        };
        Piece { text, column }
    }

    /// The part of this piece's text that `sub`, a slice of that text, is, at this piece's
    /// column.
    pub fn slice_of(&self, sub: &str) -> Piece<'t> {
        let start = (sub.as_ptr() as usize)
            .checked_sub(self.text.as_ptr() as usize)
            .filter(|start| start + sub.len() <= self.text.len())
            .expect("a slice of the piece's own text");
        self.part(start..start + sub.len(), self.column)
    }
}

/// A statement split at the top level: mnemonic and comma-separated operand texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement<'t> {
    /// Lower case.
    pub mnemonic: Cow<'t, str>,
    /// 1-based column of the mnemonic (where llvm-mc reports statement-level errors).
    pub column: u32,
    pub operands: Vec<Piece<'t>>,
}

/// The most operands a statement may have, list elements (`[v1, v2]`, `hwreg(...)`) counted
/// too: every comma of the statement starts one more. LLVM's AMDGPU assembler tests have at
/// most 7 top-level operands on a line and 15 comma-separated pieces in all, so 256 refuses
/// no real instruction. Beyond it a line is refused before it is split: every piece cost about
/// 100 bytes over the assembler's passes, so `mcdiff asm` took 1.6 GB on a 16 MB line of
/// commas, and takes 80 MB refusing it.
pub const MAX_OPERANDS: usize = 256;

/// Fails when `text` has more than [`MAX_OPERANDS`] operands and list elements (commas
/// anywhere in it, plus one), with the 1-based column where the first one too many starts
/// and the message. Stops at that comma: it reads no more of a long line than it must.
pub fn check_operand_count(text: &str) -> Result<(), (u32, String)> {
    let mut commas = text
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b',')
        .map(|(i, _)| i);
    match commas.nth(MAX_OPERANDS - 1) {
        None => Ok(()),
        Some(at) => Err((
            u32::try_from(at + 2).unwrap_or(u32::MAX),
            format!("too many operands: more than {MAX_OPERANDS} in one statement (the limit mcdiff reads)"),
        )),
    }
}

/// `text` with a comma put in the first blank between two operands that none separates,
/// outside parentheses and brackets (`v_cmp_lt_f32 s[2:3] -v4, v6`): LLVM's operands are
/// "normally comma-separated" (AMDGPUInstructionSyntax), and llvm-mc reads a blank between
/// two operands as their separator. A blank after an operator (`1 + 2`) or before a binary
/// one (`1 +2`, `a - b`) separates nothing. `None` when no such blank is left.
pub fn with_missing_comma(text: &str) -> Option<String> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim_end();
    let at = lead + body[lead..].find(char::is_whitespace)?;
    let rest = &body.as_bytes()[at..];
    let mut depth = 0i32;
    let mut i = 0;
    // Skip the blanks after the mnemonic.
    while i < rest.len() && rest[i].is_ascii_whitespace() {
        i += 1;
    }
    while i < rest.len() {
        match rest[i] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b if b.is_ascii_whitespace() && depth == 0 => {
                let end = (i..rest.len())
                    .find(|&j| !rest[j].is_ascii_whitespace())
                    .unwrap_or(rest.len());
                let before = rest[i - 1];
                let ends_operand =
                    before.is_ascii_alphanumeric() || matches!(before, b']' | b')' | b'|' | b'_');
                let next = rest.get(end).copied();
                let unary_next = |j: usize| {
                    rest.get(j + 1)
                        .is_some_and(|c| !c.is_ascii_whitespace() && *c != b'=')
                };
                let starts_operand = match next {
                    Some(b'-') => unary_next(end),
                    Some(c) => c.is_ascii_alphanumeric() || matches!(c, b'|' | b'[' | b'(' | b'_'),
                    None => false,
                };
                if ends_operand && starts_operand {
                    let split = at + i;
                    return Some(format!("{},{}", &body[..split], &body[split..]));
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Splits `text` into a mnemonic and operands, at commas outside parentheses and brackets.
/// A caller bounds the operands first ([`check_operand_count`]).
pub fn split_statement(text: &str) -> Statement<'_> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    let (mnemonic, rest, rest_at) = match body.find(char::is_whitespace) {
        Some(i) => (&body[..i], &body[i..], lead + i),
        None => (body, "", lead + body.len()),
    };
    let mut operands = Vec::with_capacity(4);
    let mut depth = 0i32;
    let mut start = 0;
    let mut push = |from: usize, to: usize| {
        let raw = &rest[from..to];
        let trimmed = raw.trim_start();
        let column = (rest_at + from + raw.len() - trimmed.len() + 1) as u32;
        operands.push(Piece {
            text: Cow::Borrowed(trimmed.trim_end()),
            column,
        });
    };
    // The delimiters are ASCII, which no byte of a multi-byte UTF-8 character equals: a
    // byte walk finds them without decoding characters.
    for (i, b) in rest.bytes().enumerate() {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                push(start, i);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !rest[start..].trim().is_empty() || start > 0 {
        push(start, rest.len());
    }
    Statement {
        mnemonic: lower_case(mnemonic),
        column: lead as u32 + 1,
        operands,
    }
}

/// Splits whitespace-separated words off the end of `piece` while `is_modifier` accepts them;
/// returns the remaining operand text (possibly empty) and the modifiers in source order.
pub fn peel_modifiers<'t>(
    piece: &Piece<'t>,
    mut is_modifier: impl FnMut(&str) -> bool,
) -> (Piece<'t>, Vec<Piece<'t>>) {
    let text: &str = &piece.text;
    let mut rest = text;
    let mut modifiers = Vec::new();
    loop {
        let trimmed = rest.trim_end();
        // The word starts after the white space character, which may be wider than a byte
        // (U+00A0, U+3000).
        let word_start = trimmed
            .char_indices()
            .rfind(|&(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &trimmed[word_start..];
        if word.is_empty() || !is_modifier(word) {
            break;
        }
        let column = piece.column + word_start as u32;
        modifiers.push(piece.part(word_start..trimmed.len(), column));
        rest = &trimmed[..word_start];
    }
    modifiers.reverse();
    (
        piece.part(0..rest.trim_end().len(), piece.column),
        modifiers,
    )
}

/// `text` in lower case, copied only when it has upper case: the syntax is case-blind, and
/// nearly every word it reads is written in lower case already.
pub fn lower_case(text: &str) -> std::borrow::Cow<'_, str> {
    match text.bytes().any(|b| b.is_ascii_uppercase()) {
        true => text.to_ascii_lowercase().into(),
        false => text.into(),
    }
}

/// Whether `text` contains `part`. For the short spec names read on every statement (data
/// formats, operand types, encoding names), where `str::contains` compares every window
/// with a library call.
#[inline]
pub fn has_part(text: &str, part: &str) -> bool {
    part.is_empty()
        || text
            .as_bytes()
            .windows(part.len())
            .any(|w| w == part.as_bytes())
}

/// Whether `text` contains `part`, ignoring ASCII case, without a lower- or upper-case copy.
#[inline]
pub fn has_part_ignore_case(text: &str, part: &str) -> bool {
    part.is_empty()
        || text
            .as_bytes()
            .windows(part.len())
            .any(|w| w.eq_ignore_ascii_case(part.as_bytes()))
}

/// Whether `text` starts with `prefix`, ignoring ASCII case.
#[inline]
pub fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.as_bytes()
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix.as_bytes()))
}

/// The inner text of `lit(...)` or `lit64(...)`, LLVM's spellings for "encode this constant
/// as a literal" (`lit64`: a 64-bit one), and whether it was `lit64`.
pub fn strip_lit(text: &str) -> Option<(&str, bool)> {
    ["lit(", "lit64("].into_iter().find_map(|head| {
        let inner = text
            .get(..head.len())
            .filter(|h| h.eq_ignore_ascii_case(head))
            .and_then(|_| text[head.len()..].strip_suffix(')'))?;
        Some((inner, head == "lit64("))
    })
}

/// LLVM mnemonics whose spec instruction has another name: (first GFX major, last GFX major,
/// LLVM mnemonic, AMD name). Consulted only when the spec does not know the mnemonic itself.
pub const MNEMONIC_ALIASES: &[(u32, u32, &str, &str)] = &[
    // GFX11 renamed the *N2 / *_NOT1 logic ops; LLVM keeps the old spellings as aliases.
    (11, 12, "s_andn2_b32", "S_AND_NOT1_B32"),
    (11, 12, "s_andn2_b64", "S_AND_NOT1_B64"),
    (11, 12, "s_orn2_b32", "S_OR_NOT1_B32"),
    (11, 12, "s_orn2_b64", "S_OR_NOT1_B64"),
    (11, 12, "s_andn1_saveexec_b32", "S_AND_NOT0_SAVEEXEC_B32"),
    (11, 12, "s_andn1_saveexec_b64", "S_AND_NOT0_SAVEEXEC_B64"),
    (11, 12, "s_andn2_saveexec_b32", "S_AND_NOT1_SAVEEXEC_B32"),
    (11, 12, "s_andn2_saveexec_b64", "S_AND_NOT1_SAVEEXEC_B64"),
    (11, 12, "s_orn1_saveexec_b32", "S_OR_NOT0_SAVEEXEC_B32"),
    (11, 12, "s_orn1_saveexec_b64", "S_OR_NOT0_SAVEEXEC_B64"),
    (11, 12, "s_orn2_saveexec_b32", "S_OR_NOT1_SAVEEXEC_B32"),
    (11, 12, "s_orn2_saveexec_b64", "S_OR_NOT1_SAVEEXEC_B64"),
    (11, 12, "s_andn1_wrexec_b32", "S_AND_NOT0_WREXEC_B32"),
    (11, 12, "s_andn1_wrexec_b64", "S_AND_NOT0_WREXEC_B64"),
    (11, 12, "s_andn2_wrexec_b32", "S_AND_NOT1_WREXEC_B32"),
    (11, 12, "s_andn2_wrexec_b64", "S_AND_NOT1_WREXEC_B64"),
    // GFX12 renamed the carry ops (S_ADD_U32 -> S_ADD_CO_U32 ...).
    // GFX11 renamed the bit scans; LLVM keeps the GFX10 names.
    (11, 12, "s_ff1_i32_b32", "S_CTZ_I32_B32"),
    (11, 12, "s_ff1_i32_b64", "S_CTZ_I32_B64"),
    (11, 12, "s_flbit_i32_b32", "S_CLZ_I32_U32"),
    (11, 12, "s_flbit_i32_b64", "S_CLZ_I32_U64"),
    (11, 12, "s_flbit_i32", "S_CLS_I32"),
    (11, 12, "s_flbit_i32_i64", "S_CLS_I32_I64"),
    (10, 11, "s_inst_prefetch", "S_SET_INST_PREFETCH_DISTANCE"),
    // LLVM also takes the interpolation's second step under this name (GFX11 and GFX12).
    (11, 12, "v_interp_p2_new_f32", "V_INTERP_P2_F32"),
    // GFX12.5 renamed the PC ops to *_I64; LLVM keeps the *_B64 names.
    (12, 12, "s_getpc_b64", "S_GET_PC_I64"),
    (12, 12, "s_setpc_b64", "S_SET_PC_I64"),
    (12, 12, "s_swappc_b64", "S_SWAP_PC_I64"),
    (12, 12, "s_rfe_b64", "S_RFE_I64"),
    (12, 12, "s_call_b64", "S_CALL_I64"),
    // GFX11 renamed the SMEM loads by width; LLVM keeps the dword spellings.
    (11, 12, "s_load_dword", "S_LOAD_B32"),
    (11, 12, "s_load_dwordx2", "S_LOAD_B64"),
    (11, 12, "s_load_dwordx4", "S_LOAD_B128"),
    (11, 12, "s_load_dwordx8", "S_LOAD_B256"),
    (11, 12, "s_load_dwordx16", "S_LOAD_B512"),
    (11, 12, "s_buffer_load_dword", "S_BUFFER_LOAD_B32"),
    (11, 12, "s_buffer_load_dwordx2", "S_BUFFER_LOAD_B64"),
    (11, 12, "s_buffer_load_dwordx4", "S_BUFFER_LOAD_B128"),
    (11, 12, "s_buffer_load_dwordx8", "S_BUFFER_LOAD_B256"),
    (11, 12, "s_buffer_load_dwordx16", "S_BUFFER_LOAD_B512"),
    (12, 12, "s_add_u64", "S_ADD_NC_U64"),
    (12, 12, "s_sub_u64", "S_SUB_NC_U64"),
    (12, 12, "s_max_f32", "S_MAX_NUM_F32"),
    (12, 12, "s_min_f32", "S_MIN_NUM_F32"),
    (12, 12, "s_max_f16", "S_MAX_NUM_F16"),
    (12, 12, "s_min_f16", "S_MIN_NUM_F16"),
    (12, 12, "s_addk_i32", "S_ADDK_CO_I32"),
    (12, 12, "s_add_u32", "S_ADD_CO_U32"),
    (12, 12, "s_addc_u32", "S_ADD_CO_CI_U32"),
    (12, 12, "s_sub_u32", "S_SUB_CO_U32"),
    (12, 12, "s_subb_u32", "S_SUB_CO_CI_U32"),
    (12, 12, "s_add_i32", "S_ADD_CO_I32"),
    (12, 12, "s_sub_i32", "S_SUB_CO_I32"),
    // GFX11 renamed these vector ops (RDNA3 ISA §15 opcode lists); LLVM keeps the GFX10 names.
    (11, 12, "v_mul_legacy_f32", "V_MUL_DX9_ZERO_F32"),
    (11, 12, "v_fmac_legacy_f32", "V_FMAC_DX9_ZERO_F32"),
    (11, 12, "v_fma_legacy_f32", "V_FMA_DX9_ZERO_F32"),
    (11, 12, "v_cvt_pkrtz_f16_f32", "V_CVT_PK_RTZ_F16_F32"),
    (11, 12, "v_cvt_pknorm_u16_f16", "V_CVT_PK_NORM_U16_F16"),
    (11, 12, "v_cvt_pknorm_i16_f16", "V_CVT_PK_NORM_I16_F16"),
    (11, 12, "v_ffbl_b32", "V_CTZ_I32_B32"),
    (11, 12, "v_ffbh_u32", "V_CLZ_I32_U32"),
    (11, 12, "v_ffbh_i32", "V_CLS_I32"),
    (11, 12, "v_cvt_rpi_i32_f32", "V_CVT_NEAREST_I32_F32"),
    (11, 12, "v_cvt_flr_i32_f32", "V_CVT_FLOOR_I32_F32"),
    (11, 12, "v_dot2c_f32_f16", "V_DOT2ACC_F32_F16"),
    (11, 12, "v_cmp_tru_f16", "V_CMP_T_F16"),
    (11, 12, "v_cmp_tru_f32", "V_CMP_T_F32"),
    (11, 12, "v_cmp_tru_f64", "V_CMP_T_F64"),
    (11, 12, "v_cmpx_tru_f16", "V_CMPX_T_F16"),
    (11, 12, "v_cmpx_tru_f32", "V_CMPX_T_F32"),
    (11, 12, "v_cmpx_tru_f64", "V_CMPX_T_F64"),
    (11, 12, "v_cmp_tru_i32", "V_CMP_T_I32"),
    (11, 12, "v_cmp_tru_u32", "V_CMP_T_U32"),
    (11, 12, "v_cmp_tru_i64", "V_CMP_T_I64"),
    (11, 12, "v_cmp_tru_u64", "V_CMP_T_U64"),
    (11, 12, "v_cmpx_tru_i32", "V_CMPX_T_I32"),
    (11, 12, "v_cmpx_tru_u32", "V_CMPX_T_U32"),
    (11, 12, "v_cmpx_tru_i64", "V_CMPX_T_I64"),
    (11, 12, "v_cmpx_tru_u64", "V_CMPX_T_U64"),
    (11, 12, "v_add3_nc_u32", "V_ADD3_U32"),
    // LLVM still takes the GFX9 names of the no-carry adds (not in AMDGPUAsmGFX11/12.rst;
    // llvm-mc 22 encodes and prints them as v_add_nc_u32 etc. on gfx1100/gfx1200).
    (11, 12, "v_add_u32", "V_ADD_NC_U32"),
    (11, 12, "v_sub_u32", "V_SUB_NC_U32"),
    (11, 12, "v_subrev_u32", "V_SUBREV_NC_U32"),
    (11, 12, "v_xor_add_u32", "V_XAD_U32"),
    (11, 12, "v_dot4_i32_i8", "V_DOT4_I32_IU8"),
    (11, 12, "v_dot8_i32_i4", "V_DOT8_I32_IU4"),
    // GFX12 renamed the IEEE min/max to *_NUM_* and the 64-bit mads to *_CO_*; LLVM keeps
    // the GFX11 spellings as aliases.
    (12, 12, "v_max_f16", "V_MAX_NUM_F16"),
    (12, 12, "v_max_f32", "V_MAX_NUM_F32"),
    (12, 12, "v_max_f64", "V_MAX_NUM_F64"),
    (12, 12, "v_min_f16", "V_MIN_NUM_F16"),
    (12, 12, "v_min_f32", "V_MIN_NUM_F32"),
    (12, 12, "v_min_f64", "V_MIN_NUM_F64"),
    (12, 12, "v_max3_f16", "V_MAX3_NUM_F16"),
    (12, 12, "v_max3_f32", "V_MAX3_NUM_F32"),
    (12, 12, "v_min3_f16", "V_MIN3_NUM_F16"),
    (12, 12, "v_min3_f32", "V_MIN3_NUM_F32"),
    (12, 12, "v_med3_f16", "V_MED3_NUM_F16"),
    (12, 12, "v_med3_f32", "V_MED3_NUM_F32"),
    // GFX12.5's f64 memory min/max atomics, *_NUM_F64 as the ALU ones.
    (12, 12, "buffer_atomic_min_f64", "BUFFER_ATOMIC_MIN_NUM_F64"),
    (12, 12, "buffer_atomic_max_f64", "BUFFER_ATOMIC_MAX_NUM_F64"),
    (12, 12, "flat_atomic_min_f64", "FLAT_ATOMIC_MIN_NUM_F64"),
    (12, 12, "flat_atomic_max_f64", "FLAT_ATOMIC_MAX_NUM_F64"),
    (12, 12, "global_atomic_min_f64", "GLOBAL_ATOMIC_MIN_NUM_F64"),
    (12, 12, "global_atomic_max_f64", "GLOBAL_ATOMIC_MAX_NUM_F64"),
    (12, 12, "v_maxmin_f16", "V_MAXMIN_NUM_F16"),
    (12, 12, "v_maxmin_f32", "V_MAXMIN_NUM_F32"),
    (12, 12, "v_minmax_f16", "V_MINMAX_NUM_F16"),
    (12, 12, "v_minmax_f32", "V_MINMAX_NUM_F32"),
    (12, 12, "v_mad_i64_i32", "V_MAD_CO_I64_I32"),
    (12, 12, "v_mad_u64_u32", "V_MAD_CO_U64_U32"),
    (12, 12, "v_pk_max_f16", "V_PK_MAX_NUM_F16"),
    (12, 12, "v_pk_min_f16", "V_PK_MIN_NUM_F16"),
    // LLVM's spellings of CDNA3/CDNA4 matrix ops without the `_` before the data type.
    (9, 9, "v_mfma_f32_32x32x4bf16", "V_MFMA_F32_32X32X4_2B_BF16"),
    (9, 9, "v_mfma_f32_16x16x32bf16", "V_MFMA_F32_16X16X32_BF16"),
    (9, 9, "v_mfma_f32_16x16x32f16", "V_MFMA_F32_16X16X32_F16"),
    (9, 9, "v_mfma_f32_32x32x16bf16", "V_MFMA_F32_32X32X16_BF16"),
    (9, 9, "v_mfma_f32_32x32x16f16", "V_MFMA_F32_32X32X16_F16"),
    (9, 9, "v_mfma_i32_16x16x64i8", "V_MFMA_I32_16X16X64_I8"),
    (9, 9, "v_mfma_i32_32x32x32i8", "V_MFMA_I32_32X32X32_I8"),
    (
        9,
        9,
        "v_smfmac_f32_16x16x128bf8bf8",
        "V_SMFMAC_F32_16X16X128_BF8_BF8",
    ),
    (
        9,
        9,
        "v_smfmac_f32_16x16x128bf8fp8",
        "V_SMFMAC_F32_16X16X128_BF8_FP8",
    ),
    (
        9,
        9,
        "v_smfmac_f32_16x16x128fp8bf8",
        "V_SMFMAC_F32_16X16X128_FP8_BF8",
    ),
    (
        9,
        9,
        "v_smfmac_f32_16x16x128fp8fp8",
        "V_SMFMAC_F32_16X16X128_FP8_FP8",
    ),
    (
        9,
        9,
        "v_smfmac_f32_16x16x64bf16",
        "V_SMFMAC_F32_16X16X64_BF16",
    ),
    (
        9,
        9,
        "v_smfmac_f32_16x16x64f16",
        "V_SMFMAC_F32_16X16X64_F16",
    ),
    (
        9,
        9,
        "v_smfmac_f32_32x32x32bf16",
        "V_SMFMAC_F32_32X32X32_BF16",
    ),
    (
        9,
        9,
        "v_smfmac_f32_32x32x32f16",
        "V_SMFMAC_F32_32X32X32_F16",
    ),
    (
        9,
        9,
        "v_smfmac_f32_32x32x64bf8bf8",
        "V_SMFMAC_F32_32X32X64_BF8_BF8",
    ),
    (
        9,
        9,
        "v_smfmac_f32_32x32x64bf8fp8",
        "V_SMFMAC_F32_32X32X64_BF8_FP8",
    ),
    (
        9,
        9,
        "v_smfmac_f32_32x32x64fp8bf8",
        "V_SMFMAC_F32_32X32X64_FP8_BF8",
    ),
    (
        9,
        9,
        "v_smfmac_f32_32x32x64fp8fp8",
        "V_SMFMAC_F32_32X32X64_FP8_FP8",
    ),
    (
        9,
        9,
        "v_smfmac_i32_16x16x128i8",
        "V_SMFMAC_I32_16X16X128_I8",
    ),
    (9, 9, "v_smfmac_i32_32x32x64i8", "V_SMFMAC_I32_32X32X64_I8"),
];

/// The spec's V_MAD_MIX* (Vega, CDNA) as LLVM spells them on targets with
/// [`TargetCtx::fused_mix`]: (AMD name, LLVM mnemonic). There llvm-mc accepts and prints only
/// this spelling.
const FUSED_MIX_NAMES: &[(&str, &str)] = &[
    ("V_MAD_MIX_F32", "v_fma_mix_f32"),
    ("V_MAD_MIXLO_F16", "v_fma_mixlo_f16"),
    ("V_MAD_MIXHI_F16", "v_fma_mixhi_f16"),
];

/// The LLVM spellings that `ctx` gives spec names: (AMD name, LLVM mnemonic).
fn target_names(ctx: &TargetCtx) -> &'static [(&'static str, &'static str)] {
    if ctx.fused_mix {
        FUSED_MIX_NAMES
    } else {
        &[]
    }
}

/// The AMD names of LLVM mnemonics on one target, where the two differ: an accepted alias
/// ([`MNEMONIC_ALIASES`]), or a name llvm-mc also prints ([`PRINTED_NAMES`], the target's own
/// spellings). Indexed once per target: every mnemonic the spec does not know (each `_e32`,
/// `_e64`, `_dpp` spelling) is looked up.
pub struct MnemonicAliases(rustc_hash::FxHashMap<&'static str, &'static str>);

impl MnemonicAliases {
    pub fn new(ctx: &TargetCtx) -> Self {
        let aliases = (MNEMONIC_ALIASES.iter())
            .filter(|(lo, hi, ..)| (*lo..=*hi).contains(&ctx.gfx_major))
            .map(|&(_, _, llvm, amd)| (llvm, amd));
        let printed =
            (PRINTED_NAMES.iter().chain(target_names(ctx))).map(|&(amd, llvm)| (llvm, amd));
        let mut by_mnemonic = rustc_hash::FxHashMap::default();
        for (llvm, amd) in aliases.chain(printed) {
            // The first listing of a mnemonic holds, aliases before printed names.
            by_mnemonic.entry(llvm).or_insert(amd);
        }
        MnemonicAliases(by_mnemonic)
    }

    /// The AMD name of LLVM mnemonic `mnemonic`, when the two differ.
    pub fn get(&self, mnemonic: &str) -> Option<&'static str> {
        self.0.get(mnemonic).copied()
    }
}

/// True when `mnemonic` is the AMD name of an instruction that LLVM spells otherwise on
/// target `ctx` and does not accept under the AMD name (`v_mad_mix_f32` on gfx906).
pub fn renamed_on_target(ctx: &TargetCtx, mnemonic: &str) -> bool {
    target_names(ctx)
        .iter()
        .any(|(amd, _)| amd.eq_ignore_ascii_case(mnemonic))
}

/// LLVM's encoding-forcing mnemonic suffixes, longest first, with the form they select.
/// `v_add_f32_e64` is V_ADD_F32 in its VOP3 form; `_e32` forces the native 32-bit form.
const ENCODING_SUFFIXES: &[(&str, &str)] = &[
    ("_e64_dpp", "VOP3 DPP forms"),
    ("_e32", "native 32-bit forms"),
    ("_e64", "ENC_VOP3"),
    ("_dpp", "DPP forms"),
    ("_sdwa", "SDWA forms"),
];

/// Splits an encoding-forcing suffix off `mnemonic`: (base mnemonic, the form it selects).
pub fn encoding_suffix(mnemonic: &str) -> Option<(&str, &'static str)> {
    ENCODING_SUFFIXES
        .iter()
        .find_map(|(suffix, form)| mnemonic.strip_suffix(suffix).map(|base| (base, *form)))
}

/// The encoding-forcing suffix `mnemonic` ends in (`_e32`, `_e64_dpp`...), if any.
pub fn encoding_suffix_text(mnemonic: &str) -> Option<&'static str> {
    ENCODING_SUFFIXES
        .iter()
        .map(|(suffix, _)| *suffix)
        .find(|suffix| mnemonic.ends_with(suffix))
}

/// Instructions the spec lists without operands that LLVM lets take one optional 16-bit
/// immediate (stored in SIMM16): (first GFX major, mnemonic).
const OPTIONAL_IMM16: &[(u32, &str)] = &[(9, "s_endpgm")];

/// True when `mnemonic` may carry an optional SIMM16 immediate on GFX `gfx_major`.
pub fn optional_imm16(gfx_major: u32, mnemonic: &str) -> bool {
    OPTIONAL_IMM16
        .iter()
        .any(|(from, m)| gfx_major >= *from && *m == mnemonic)
}

/// SOPP instructions whose immediate LLVM reads as `i16imm`: any 32-bit value, truncated to
/// 16 bits. Every other SOPP/SOPK immediate must fit 16 bits (signed or unsigned).
const TRUNCATED_IMM16: &[&str] = &[
    "s_nop",
    "s_setprio",
    "s_trap",
    "s_sleep",
    "s_setkill",
    "s_sethalt",
    "s_denorm_mode",
    "s_incperflevel",
    "s_decperflevel",
    "s_delay_alu",
    "s_waitcnt",
    "s_barrier_wait",
];

/// True when LLVM truncates `mnemonic`'s integer immediate instead of range-checking it.
pub fn truncated_imm16(mnemonic: &str) -> bool {
    TRUNCATED_IMM16.contains(&mnemonic)
}

/// Text order of an encoding's operand fields in LLVM syntax; fields not listed come after,
/// in spec order.
fn field_text_order(encoding: &str) -> &'static [&'static str] {
    match Family::of(encoding) {
        Family::Sop1 | Family::Sop2 | Family::Sopk => {
            &["SDST", "SSRC0", "SSRC1", "SIMM16", "SIMM32"]
        }
        Family::Sopc => &["SSRC0", "SSRC1", "SIMM16"],
        Family::Sopp => &["SIMM16"],
        Family::Smem => &["SDATA", "SDST", "SBASE", "SOFFSET", "OFFSET", "IOFFSET"],
        _ => &[],
    }
}

/// Instructions whose operands LLVM writes in another order than their family:
/// (mnemonic, field order).
const MNEMONIC_TEXT_ORDER: &[(&str, &[&str])] = &[
    ("s_setreg_b32", &["SIMM16", "SDST"]),
    ("s_setreg_imm32_b32", &["SIMM16", "SIMM32"]),
    ("s_fmamk_f32", &["SDST", "SSRC0", "SIMM32", "SSRC1"]),
    ("s_prefetch_inst", &["SBASE", "IOFFSET", "SOFFSET", "SDATA"]),
    ("s_prefetch_data", &["SBASE", "IOFFSET", "SOFFSET", "SDATA"]),
    (
        "s_buffer_prefetch_data",
        &["SBASE", "IOFFSET", "SOFFSET", "SDATA"],
    ),
    ("s_prefetch_inst_pc_rel", &["IOFFSET", "SOFFSET", "SDATA"]),
    ("s_prefetch_data_pc_rel", &["IOFFSET", "SOFFSET", "SDATA"]),
];

/// Position of `field` in the text of `mnemonic` (encoding `encoding`); lower comes first.
pub fn text_position(encoding: &str, mnemonic: &str, field: &str) -> usize {
    let order = MNEMONIC_TEXT_ORDER
        .iter()
        .find(|(m, _)| *m == mnemonic)
        .map_or_else(|| field_text_order(encoding), |(_, o)| *o);
    order
        .iter()
        .position(|f| *f == field)
        .unwrap_or(order.len())
}

/// ENC_SMEM fields set by modifiers, in the order llvm-mc prints them.
pub const SMEM_MODIFIER_FIELDS: &[&str] = &["GLC", "DLC", "TH", "SCOPE", "SCALE_OFFSET", "NV"];

/// AMD names llvm-mc prints differently: (AMD name, LLVM mnemonic). The CDNA1/CDNA2 manuals
/// name the accumulator moves without a type suffix.
const PRINTED_NAMES: &[(&str, &str)] = &[
    ("V_ACCVGPR_READ", "v_accvgpr_read_b32"),
    ("V_ACCVGPR_WRITE", "v_accvgpr_write_b32"),
];

/// The mnemonic llvm-mc prints for spec instruction `name` on target `ctx`: the AMD name in
/// lower case, except the few [`PRINTED_NAMES`] and the target's own spellings. Most
/// spellings in [`crate::syntax::MNEMONIC_ALIASES`] are ones llvm-mc accepts, not prints
/// (llvm-mc 22 prints `s_and_not1_b32`, `s_load_b32`, `s_add_co_u32` for GFX11/GFX12 words).
pub fn llvm_mnemonic(ctx: &TargetCtx, name: &str) -> String {
    PRINTED_NAMES
        .iter()
        .chain(target_names(ctx))
        .find(|(amd, _)| amd.eq_ignore_ascii_case(name))
        .map_or_else(|| name.to_ascii_lowercase(), |(_, llvm)| llvm.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_cases_without_a_copy_where_it_can() {
        assert!(matches!(
            lower_case("v[0:1]"),
            std::borrow::Cow::Borrowed("v[0:1]")
        ));
        assert_eq!(lower_case("VCC_Lo"), "vcc_lo");
    }

    #[test]
    fn operands_past_the_limit_are_refused_at_the_first_one_too_many() {
        let line = |n: usize| format!("s_nop {}", vec!["0"; n].join(","));
        assert_eq!(check_operand_count(&line(MAX_OPERANDS)), Ok(()));
        let (column, message) = check_operand_count(&line(MAX_OPERANDS + 1)).unwrap_err();
        // "s_nop " then 256 operands of "0,": operand 257 starts at byte 6 + 512.
        assert_eq!(column, 6 + 2 * MAX_OPERANDS as u32 + 1);
        assert!(message.contains("more than 256"), "{message}");
        assert!(check_operand_count(&format!("v_x v0, [{}]", ",".repeat(300))).is_err());
    }

    #[test]
    fn splits_at_top_level_commas_with_columns() {
        let s = split_statement("s_setreg_b32  hwreg(HW_REG_MODE, 0, 32), s0");
        assert_eq!(s.mnemonic, "s_setreg_b32");
        assert_eq!(split_statement("  s_nop 0").column, 3);
        assert_eq!(s.operands.len(), 2);
        assert_eq!(s.operands[0].text, "hwreg(HW_REG_MODE, 0, 32)");
        assert_eq!(s.operands[0].column, 15);
        assert_eq!(s.operands[1].text, "s0");
        assert_eq!(s.operands[1].column, 42);
        assert!(split_statement("s_endpgm").operands.is_empty());
        assert_eq!(split_statement("S_NOP 0").mnemonic, "s_nop");
    }

    #[test]
    fn peels_trailing_modifiers() {
        let piece = Piece {
            text: "s0 offset:0x10 glc".into(),
            column: 20,
        };
        let (rest, mods) = peel_modifiers(&piece, |w| w == "glc" || w.starts_with("offset:"));
        assert_eq!(rest.text, "s0");
        assert_eq!(mods.len(), 2);
        assert_eq!(mods[0].text, "offset:0x10");
        assert_eq!(mods[0].column, 23);
        let (rest, mods) = peel_modifiers(
            &Piece {
                text: "1 + 2".into(),
                column: 1,
            },
            |w| w == "glc",
        );
        assert_eq!(rest.text, "1 + 2");
        assert!(mods.is_empty());
    }

    #[test]
    fn pieces_of_a_statement_slice_its_text() {
        let stmt = split_statement("v_add_f32 v1, -v2, v3 clamp");
        let (rest, mods) = peel_modifiers(&stmt.operands[2], |w| w == "clamp");
        for piece in [&rest, &mods[0]] {
            assert!(matches!(piece.text, Cow::Borrowed(_)), "{piece:?}");
        }
        assert_eq!((rest.text.as_ref(), mods[0].column), ("v3", 23));
        let inner = stmt.operands[1].slice_of(&stmt.operands[1].text[1..]);
        assert_eq!((inner.text.as_ref(), inner.column), ("v2", 15));
        let owned = Piece {
            text: Cow::Owned("v4 clamp".into()),
            column: 1,
        };
        let (rest, _) = peel_modifiers(&owned, |w| w == "clamp");
        assert_eq!(rest.text, "v4");
    }

    #[test]
    fn peels_after_wide_white_space() {
        for space in ["\u{a0}", "\u{3000}"] {
            let piece = Piece {
                text: format!("v2{space}glc").into(),
                column: 1,
            };
            let (rest, mods) = peel_modifiers(&piece, |w| w == "glc");
            assert_eq!(rest.text, "v2");
            assert_eq!(mods[0].text, "glc");
        }
    }

    #[test]
    fn encoding_suffixes() {
        assert_eq!(
            encoding_suffix("v_fma_f16_e64_dpp"),
            Some(("v_fma_f16", "VOP3 DPP forms"))
        );
        assert_eq!(
            encoding_suffix("v_add_f32_e64"),
            Some(("v_add_f32", "ENC_VOP3"))
        );
        assert_eq!(
            encoding_suffix("v_mov_b32_sdwa"),
            Some(("v_mov_b32", "SDWA forms"))
        );
        assert_eq!(encoding_suffix("s_add_u32"), None);
    }

    #[test]
    fn lit_wrapper() {
        assert_eq!(strip_lit("lit(0x5)"), Some(("0x5", false)));
        assert_eq!(strip_lit("LIT(1.5)"), Some(("1.5", false)));
        assert_eq!(strip_lit("lit64(0x7b)"), Some(("0x7b", true)));
        assert_eq!(strip_lit("lit"), None);
        assert_eq!(strip_lit("5"), None);
    }

    fn target(spec: &mcdiff_spec::Spec, gfx_major: u32, fused_mix: bool) -> TargetCtx<'_> {
        TargetCtx {
            wave64: gfx_major < 10,
            fused_mix,
            ..TargetCtx::bare(spec, "test", gfx_major, 0)
        }
    }

    #[test]
    fn fused_mix_targets_take_only_the_fma_spelling() {
        let spec = mcdiff_spec::Spec::default();
        let (fused, unfused) = (target(&spec, 9, true), target(&spec, 9, false));
        assert_eq!(
            MnemonicAliases::new(&fused).get("v_fma_mixlo_f16"),
            Some("V_MAD_MIXLO_F16")
        );
        assert!(renamed_on_target(&fused, "v_mad_mixlo_f16"));
        assert_eq!(llvm_mnemonic(&fused, "V_MAD_MIX_F32"), "v_fma_mix_f32");
        assert_eq!(MnemonicAliases::new(&unfused).get("v_fma_mixlo_f16"), None);
        assert!(!renamed_on_target(&unfused, "v_mad_mixlo_f16"));
        assert_eq!(llvm_mnemonic(&unfused, "V_MAD_MIX_F32"), "v_mad_mix_f32");
    }

    #[test]
    fn parts_are_found_as_str_contains_finds_them() {
        for (text, part) in [
            ("FMT_NUM_PK2_F16", "PK2"),
            ("abc", ""),
            ("", ""),
            ("ab", "abc"),
        ] {
            assert_eq!(
                has_part(text, part),
                text.contains(part),
                "{text:?} {part:?}"
            );
            let upper = text.to_ascii_uppercase();
            let lower = part.to_ascii_lowercase();
            assert_eq!(
                has_part_ignore_case(&upper, &lower),
                upper.contains(&part.to_ascii_uppercase())
            );
        }
    }

    #[test]
    fn aliases_and_order() {
        let spec = mcdiff_spec::Spec::default();
        let s_add = "s_add_u32";
        let aliases = |gfx_major| MnemonicAliases::new(&target(&spec, gfx_major, false));
        assert_eq!(aliases(12).get(s_add), Some("S_ADD_CO_U32"));
        assert_eq!(aliases(11).get(s_add), None);
        assert!(
            text_position("ENC_SMEM", "s_load_b32", "SDATA")
                < text_position("ENC_SMEM", "s_load_b32", "SBASE")
        );
        assert!(
            text_position("ENC_SOPK", "s_setreg_b32", "SIMM16")
                < text_position("ENC_SOPK", "s_setreg_b32", "SDST")
        );
    }
}
