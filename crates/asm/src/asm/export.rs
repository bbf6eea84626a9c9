//! Export (GFX11 EXP, GFX12 VEXPORT) and LDS parameter loads (GFX11 LDSDIR, GFX12 VDSDIR).
//!
//! Inst conventions: exports list the written sources as `VSRC0..3` VGPR operands (an `off`
//! source is not listed and clears its `EN` bit); the target is the `TARGET`/`TGT`
//! modifier; `attrN.c` is the `ATTR`/`ATTR_CHAN` modifier pair.

use super::memory::Built;
use super::operands::parser;
use super::{reject, AsmOutcome, Assembler, NotEncoded};
use crate::encode::VectorMemory;
use crate::family::Family;
use crate::inst::InstOperand;
use crate::operands::{classify_memory, OperandCtx, INVALID_OPERAND};
use crate::syntax::memory as syn;
use crate::syntax::{peel_modifiers, Piece, Statement};

impl Assembler<'_> {
    /// `None` when the mnemonic names no export or LDS-parameter instruction.
    pub(super) fn assemble_export(&self, stmt: &Statement) -> Option<AsmOutcome> {
        let found = self.family_form(stmt, Family::is_export)?;
        let form = found.1;
        Some(self.build_and_encode(stmt, found, &VectorMemory, |cx| {
            if matches!(Family::of(&form.encoding), Family::Exp | Family::Vexport) {
                build_export(stmt, form, cx)
            } else {
                build_lds_param(stmt, form, cx)
            }
        }))
    }
}

/// `name`, if the encoding has that field.
fn field_named(cx: &OperandCtx, name: &str) -> Option<String> {
    cx.encoding.field(name).map(|f| f.name.clone())
}

/// `exp <target> src0, src1, src2, src3 [done] [vm] [row_en]`.
fn build_export(
    stmt: &Statement,
    form: &mcdiff_spec::InstructionEncoding,
    cx: &OperandCtx,
) -> Result<Built, NotEncoded> {
    if form.operands.is_empty() {
        // Vega's EXP: CDNA3, the stand-in, has no exports.
        return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
    }
    let is_flag = |w: &str| {
        w == syn::EXPORT_COMPRESSED.0 || syn::EXPORT_FLAGS.iter().any(|(word, _)| *word == w)
    };
    let (mut pieces, words) = peel_words(stmt, is_flag);
    let compressed = match words.iter().find(|w| w.text == syn::EXPORT_COMPRESSED.0) {
        Some(word) => Some(
            field_named(cx, syn::EXPORT_COMPRESSED.1)
                .ok_or_else(|| reject(word.column, INVALID_OPERAND))?,
        ),
        None => None,
    };
    // The target is the first word of the first operand text, or (LLVM also reads
    // `exp mrtz, v3, ...`) an operand of its own.
    let target_piece = match pieces.len() {
        5 => pieces.remove(0),
        4 => {
            let first = &pieces[0];
            let (target_text, src0) = (first.text)
                .split_once(char::is_whitespace)
                .ok_or_else(|| reject(first.column, INVALID_OPERAND))?;
            let target = first.part(0..target_text.len(), first.column);
            let src0_at = first.text.len() - src0.trim_start().len();
            let src0_end = src0_at + src0.trim().len();
            pieces[0] = first.part(src0_at..src0_end, first.column + src0_at as u32);
            target
        }
        _ => return Err(reject(stmt.column, INVALID_OPERAND)),
    };
    let target = syn::export_target(&target_piece.text, cx.target.gfx_major)
        .ok_or_else(|| reject(target_piece.column, "invalid exp target"))?;
    let target_field = field_named(cx, "TARGET")
        .ok_or_else(|| NotEncoded::Unsupported("spec gap: no export target field".into()))?;
    let mut modifiers = vec![(target_field, target)];
    let width = match compressed {
        Some(field) => {
            modifiers.push((field, 1));
            2
        }
        None => 1,
    };
    let (operands, enabled) = export_sources(&pieces, width, form, cx)?;
    modifiers.push(("EN".into(), enabled));
    for word in words.iter().filter(|w| w.text != syn::EXPORT_COMPRESSED.0) {
        let field = syn::EXPORT_FLAGS
            .iter()
            .find(|(w, _)| *w == word.text)
            .and_then(|(_, field)| field_named(cx, field))
            .ok_or_else(|| reject(word.column, INVALID_OPERAND))?;
        modifiers.push((field, 1));
    }
    Ok((operands, modifiers))
}

/// One export source, `VSRC<n>`, parsed from `piece`.
fn source(
    piece: &Piece,
    n: usize,
    form: &mcdiff_spec::InstructionEncoding,
    cx: &OperandCtx,
) -> Result<InstOperand, NotEncoded> {
    let field = format!("VSRC{n}");
    let slot = form
        .operands
        .iter()
        .find(|o| o.field.as_deref() == Some(field.as_str()))
        .ok_or_else(|| reject(piece.column, INVALID_OPERAND))?;
    let value = parser(classify_memory("OPR_VGPR"))
        .parse(piece, slot, cx)
        .map_err(|m| reject(piece.column, m))?;
    Ok(InstOperand {
        spec: slot.clone().into(),
        value,
    })
}

/// An export's four sources in groups of `width`: one VGPR per group, in `VSRC<group>`, each
/// group that names one setting its `width` EN bits. Uncompressed, each source is its own
/// group. Compressed (16 bits per component), the first two name the VGPR in VSRC0 holding R
/// and G, the last two the one in VSRC1 holding B and A, each pair enabled by both its EN
/// bits (Vega ISA, EXP microcode format: with COMPR, EN is 0x0, 0x3, 0xC or 0xF); a pair
/// names one VGPR, or `off`.
fn export_sources(
    pieces: &[Piece],
    width: usize,
    form: &mcdiff_spec::InstructionEncoding,
    cx: &OperandCtx,
) -> Result<(Vec<InstOperand>, u32), NotEncoded> {
    let mut operands = Vec::new();
    let mut enabled = 0;
    for (group, texts) in pieces.chunks(width).enumerate() {
        let mut named = texts.iter().filter(|p| !p.text.eq_ignore_ascii_case("off"));
        let Some(first) = named.next() else {
            continue;
        };
        let operand = source(first, group, form, cx)?;
        for other in named {
            if source(other, group, form, cx)?.value != operand.value {
                return Err(reject(other.column, INVALID_OPERAND));
            }
        }
        operands.push(operand);
        enabled |= ((1 << width) - 1) << (group * width);
    }
    Ok((operands, enabled))
}

/// `lds_param_load vdst, attrN.c [wait_vdst:N]`, `lds_direct_load vdst [wait_vdst:N]` and the
/// GFX12 `ds_*` spellings with `wait_va_vdst:` / `wait_vm_vsrc:`.
fn build_lds_param(
    stmt: &Statement,
    form: &mcdiff_spec::InstructionEncoding,
    cx: &OperandCtx,
) -> Result<Built, NotEncoded> {
    let (pieces, words) = peel_words(stmt, syn::is_lds_wait);
    let takes_attr = form
        .operands
        .iter()
        .any(|o| o.field.as_deref() == Some("ATTR"));
    if pieces.len() != 1 + usize::from(takes_attr) {
        return Err(reject(stmt.column, INVALID_OPERAND));
    }
    let vdst = form
        .operands
        .iter()
        .find(|o| o.field.as_deref() == Some("VDST"))
        .ok_or_else(|| NotEncoded::Unsupported("spec gap: no VDST operand".into()))?;
    let value = parser(classify_memory("OPR_VGPR"))
        .parse(&pieces[0], vdst, cx)
        .map_err(|m| reject(pieces[0].column, m))?;
    let mut modifiers = Vec::new();
    if takes_attr {
        let (attr, chan) = syn::parse_attr(&pieces[1].text)
            .ok_or_else(|| reject(pieces[1].column, INVALID_OPERAND))?;
        modifiers.push(("ATTR".to_string(), attr));
        modifiers.push(("ATTR_CHAN".to_string(), chan));
    }
    for word in &words {
        let (name, value) = word.text.split_once(':').unwrap_or_default();
        let field = syn::lds_wait_field(name)
            .and_then(|f| field_named(cx, f))
            .ok_or_else(|| reject(word.column, INVALID_OPERAND))?;
        let value: u32 = value
            .parse()
            .map_err(|_| reject(word.column, INVALID_OPERAND))?;
        let width = cx.encoding.field(&field).map_or(0, |f| f.width());
        if value >= 1 << width {
            return Err(reject(word.column, INVALID_OPERAND));
        }
        modifiers.push((field, value));
    }
    let operand = InstOperand {
        spec: vdst.clone().into(),
        value,
    };
    Ok((vec![operand], modifiers))
}

/// The operand pieces and the words after the last operand that `is_word` takes.
fn peel_words<'t>(
    stmt: &Statement<'t>,
    is_word: impl Fn(&str) -> bool,
) -> (Vec<Piece<'t>>, Vec<Piece<'t>>) {
    let mut pieces = stmt.operands.clone();
    let Some(last) = pieces.pop() else {
        return (pieces, Vec::new());
    };
    let (rest, words) = peel_modifiers(&last, is_word);
    pieces.push(rest);
    (pieces, words)
}
