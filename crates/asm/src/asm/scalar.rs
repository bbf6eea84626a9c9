//! Scalar statements (SOP1, SOP2, SOPK, SOPC, SOPP, SMEM): operands bound to the spec
//! form's slots in text order, symbolic operands, trailing modifiers and SMEM offsets.

use mcdiff_spec::{Instruction, InstructionEncoding, Operand};

use super::operands::{parser, smem_offset_fits, smem_offset_parts};
use super::{check_literals, reject, Assembler, NotEncoded};
use crate::family::Family;
use crate::inst::{Inst, InstOperand, OperandValue};
use crate::operands::{classify, is_symbolic_type, KindId, OperandCtx, INVALID_OPERAND};
use crate::syntax::{forms, optional_imm16, peel_modifiers, smem_modifiers, Piece, Statement};

impl Assembler<'_> {
    /// Parses the operand texts against the spec operands of `form` into an [`Inst`].
    pub(super) fn build(
        &self,
        stmt: &Statement,
        instruction: &Instruction,
        form: &InstructionEncoding,
        cx: &OperandCtx,
    ) -> Result<Inst, NotEncoded> {
        let mnemonic = stmt.mnemonic.as_ref();
        let mut pieces = stmt.operands.clone();
        let optional_imm16_written =
            pieces.len() == 1 && optional_imm16(self.ctx.gfx_major, mnemonic);
        let slots = forms::text_slots(mnemonic, form, optional_imm16_written);
        if slots.is_empty()
            && !pieces.is_empty()
            && form.operands.is_empty()
            && form.operands_source.is_none()
        {
            return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
        }
        let modifier_pieces = split_scalar_modifiers(&mut pieces, form, cx);
        join_symbolic_tail(&mut pieces, &slots);
        if pieces.len() > slots.len() {
            return Err(reject(pieces[slots.len()].column, INVALID_OPERAND));
        }
        // An omitted SMEM offset is an immediate 0 (LLVM prints it back as `0x0`).
        let offset_omitted = pieces.len() + 1 == slots.len()
            && slots
                .last()
                .is_some_and(|s| classify(&s.operand_type) == KindId::SmemOffset);
        if pieces.len() < slots.len() && !offset_omitted {
            return Err(reject(stmt.column, "too few operands for instruction"));
        }
        let mut operands = Vec::new();
        if offset_omitted {
            let column = pieces.last().map_or(1, |p| p.column);
            pieces.push(Piece {
                text: "0".into(),
                column,
            });
        }
        for (piece, slot) in pieces.iter().zip(&slots) {
            let kind = parser(classify(&slot.operand_type));
            let value = kind.parse(piece, slot, cx).map_err(|m| {
                match stray_word(piece, |p| kind.parse(p, slot, cx).is_ok()) {
                    Some(column) => reject(column, INVALID_OPERAND),
                    None => reject(piece.column, m),
                }
            })?;
            operands.push(InstOperand {
                spec: slot.clone().into(),
                value,
            });
        }
        let modifiers = scalar_modifiers(&modifier_pieces, &mut operands, cx)?;
        check_literals(&operands, &pieces)?;
        check_smem_offset(&mut operands, &pieces, cx)?;
        Ok(Inst::new(
            mnemonic.to_string(),
            cx.target.spec,
            instruction,
            form,
            operands,
            modifiers,
        ))
    }
}

/// Takes the modifier words after the last operand off `pieces`: SMEM cache policy and
/// `offset:`, and one-bit flag fields.
fn split_scalar_modifiers<'t>(
    pieces: &mut Vec<Piece<'t>>,
    form: &InstructionEncoding,
    cx: &OperandCtx,
) -> Vec<Piece<'t>> {
    let Some(last) = pieces.pop() else {
        return Vec::new();
    };
    let is_smem = Family::of(&form.encoding) == Family::Smem;
    let (rest, mods) = peel_modifiers(&last, |word| {
        (is_smem && word.to_ascii_lowercase().starts_with("offset:"))
            || smem_modifiers::parse(cx.mnemonic, word, cx.target).is_some()
            || flag_field(cx, word).is_some()
    });
    if !rest.text.is_empty() || mods.is_empty() {
        pieces.push(rest);
    }
    mods
}

/// Symbolic operands (waitcnt, sendmsg...) may contain top-level commas: the pieces past the
/// last slot rejoin it when that slot is symbolic.
fn join_symbolic_tail(pieces: &mut Vec<Piece>, slots: &[Operand]) {
    let Some(last_slot) = slots.last() else {
        return;
    };
    if pieces.len() <= slots.len() || !is_symbolic_type(&last_slot.operand_type) {
        return;
    }
    let tail = pieces.split_off(slots.len() - 1);
    let text = tail
        .iter()
        .map(|p| p.text.as_ref())
        .collect::<Vec<_>>()
        .join(", ");
    pieces.push(Piece {
        text: text.into(),
        column: tail[0].column,
    });
}

/// The encoding fields the modifier words set; `offset:` merges into the SMEM offset operand.
fn scalar_modifiers(
    modifier_pieces: &[Piece],
    operands: &mut [InstOperand],
    cx: &OperandCtx,
) -> Result<Vec<(String, u32)>, NotEncoded> {
    let mut modifiers = Vec::new();
    for piece in modifier_pieces {
        let lower = piece.text.to_ascii_lowercase();
        if let Some(value) = lower.strip_prefix("offset:") {
            merge_offset(operands, value, piece, cx)?;
            continue;
        }
        match smem_modifiers::parse(cx.mnemonic, &piece.text, cx.target) {
            Some(Ok(fields)) => modifiers.extend(fields),
            Some(Err(m)) => return Err(reject(piece.column, m)),
            None => match flag_field(cx, &piece.text) {
                Some(field) => modifiers.push((field, 1)),
                None => return Err(reject(piece.column, INVALID_OPERAND)),
            },
        }
    }
    Ok(modifiers)
}

/// `offset:X` after an SMEM soffset register sets the immediate part of the offset.
fn merge_offset(
    operands: &mut [InstOperand],
    value: &str,
    piece: &Piece,
    cx: &OperandCtx,
) -> Result<(), NotEncoded> {
    let Some(op) = operands
        .iter_mut()
        .find(|o| matches!(o.value, OperandValue::SmemOffset { .. }))
    else {
        return Err(reject(piece.column, INVALID_OPERAND));
    };
    let (reg, imm) = smem_offset_parts(value, &op.spec, cx).map_err(|m| reject(piece.column, m))?;
    let (None, Some(imm)) = (reg, imm) else {
        return Err(reject(piece.column, INVALID_OPERAND));
    };
    if let OperandValue::SmemOffset { imm: slot, .. } = &mut op.value {
        if slot.is_some() {
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        *slot = Some(imm);
    }
    Ok(())
}

/// Most runs of words [`stray_word`] tries. Each try parses its run again, so trying every
/// word of a huge hostile operand takes quadratic time; real operands have a few words.
const STRAY_WORD_TRIES: usize = 16;

/// Where an operand followed by stray words goes wrong: llvm-mc parses the longest leading
/// run of words that forms an operand and reports the next word.
fn stray_word(piece: &Piece, parses: impl Fn(&Piece) -> bool) -> Option<u32> {
    let starts: Vec<usize> = piece
        .text
        .char_indices()
        .filter(|&(i, c)| {
            i > 0 && !c.is_whitespace() && piece.text[..i].ends_with(char::is_whitespace)
        })
        .map(|(i, _)| i)
        .collect();
    starts.iter().rev().take(STRAY_WORD_TRIES).find_map(|&at| {
        let head = piece.part(0..piece.text[..at].trim_end().len(), piece.column);
        parses(&head).then_some(piece.column + at as u32)
    })
}

/// A bare-word modifier naming a one-bit field of the encoding (`nv`, `scale_offset`),
/// for words the special-operand parser does not claim.
fn flag_field(cx: &OperandCtx, word: &str) -> Option<String> {
    let name = word.to_ascii_uppercase();
    let is_word = name.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_');
    let reserved = ["OP", "ENCODING"].contains(&name.as_str());
    (is_word && !reserved && cx.encoding.field(&name).is_some_and(|f| f.width() == 1))
        .then_some(name)
}

/// Immediate SMEM offsets must fit the offset field: signed for memory loads, unsigned and one
/// bit narrower for buffer loads (128-bit SBASE). An SMRD offset past the field becomes the
/// 32-bit literal where the spec says SMRD takes one ([`mcdiff_spec::Spec::smrd_literal_offset`]).
fn check_smem_offset(
    operands: &mut [InstOperand],
    pieces: &[Piece],
    cx: &OperandCtx,
) -> Result<(), NotEncoded> {
    let buffer = operands
        .iter()
        .any(|o| o.spec.field.as_deref() == Some("SBASE") && o.spec.size == 128);
    for (op, piece) in operands.iter_mut().zip(pieces) {
        let OperandValue::SmemOffset {
            imm: Some(imm),
            ref soffset,
        } = op.value
        else {
            continue;
        };
        let with_register = soffset.is_some();
        let Some(width) = ["OFFSET", "IOFFSET"]
            .iter()
            .find_map(|f| cx.encoding.field(f))
            .map(|f| f.width())
        else {
            continue;
        };
        // SMRD's immediate is an eight-bit unsigned dword offset (Sea Islands ISA Table 7.1).
        let smrd = cx.encoding.name == "ENC_SMRD";
        let fits = if smrd {
            (0..1i64 << width).contains(&imm)
        } else {
            smem_offset_fits(imm, width, buffer)
        };
        let literal = smrd && cx.target.spec.smrd_literal_offset;
        if !fits && literal && !with_register && u32::try_from(imm).is_ok() {
            op.value = OperandValue::dword(imm as u32);
            continue;
        }
        if !fits {
            let message = if smrd {
                format!("expected a {width}-bit unsigned offset")
            } else if buffer {
                format!("expected a {}-bit unsigned offset", width - 1)
            } else {
                format!("expected a {width}-bit signed offset")
            };
            return Err(reject(piece.column, message));
        }
    }
    Ok(())
}
