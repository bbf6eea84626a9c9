//! Dual-issue statements `v_dual_<x> ... :: v_dual_<y> ...` (VOPD, wave32 only).

use mcdiff_spec::{Encoding, Instruction, InstructionEncoding, Operand};

use super::operands::parser;
use super::{check_literals, encode_built, reject, AsmOutcome, Assembler, NotEncoded};
use crate::family::Family;
use crate::inst::{Inst, InstOperand, OperandValue};
use crate::operands::{classify_vector, OperandCtx, INVALID_OPERAND};
use crate::syntax::{self, forms, split_statement, Piece, Statement};

/// The reason of a dual-issue pair only the spec's VOPD3 format can hold.
const VOPD3_NOT_IMPLEMENTED: &str = "encoding VOPD3 not implemented";

impl Assembler<'_> {
    /// A dual-issue statement `v_dual_<x> ... :: v_dual_<y> ...` (VOPD, wave32 only): one
    /// [`Inst`] named after the X op, with the X and Y operands (fields `*X*` / `*Y*`) and the
    /// Y opcode as the `OPY` modifier.
    ///
    /// Where the spec also has the 96-bit VOPD3 format, a pair VOPD cannot hold only for a
    /// reason VOPD3 lifts is `encoding VOPD3 not implemented`: an op VOPD lacks, an X opcode
    /// wider than VOPD's OPX field, negated float sources (VOPD3's NEGX/NEGY), the select of
    /// v_dual_cndmask_b32 written out (VOPD3's third source), destinations of equal parity
    /// (VOPD3's full VDSTY), each judged by the two encodings' fields (CDNA5 ISA §7.8.1), and
    /// only without a literal, which VOPD3 cannot take. Every other fault is reported as is.
    pub(super) fn assemble_dual(&self, text: &str, x_text: &str, y_text: &str) -> AsmOutcome {
        let Some(encoding) = self.ctx.spec.encoding("VOPDXY") else {
            // A spec without the dual-issue format describes a target without dual issue.
            let column = text.len() - text.trim_start().len() + 1;
            return reject(column as u32, "instruction not in spec").into();
        };
        match self.build_dual(encoding, text, x_text, y_text) {
            Ok(inst) => {
                let cx = OperandCtx::new(
                    &self.ctx,
                    inst.mnemonic.split(" :: ").next().unwrap_or_default(),
                    encoding,
                );
                encode_built(inst.clone(), &crate::encode::DualIssue, &cx)
            }
            Err(why) => why.into(),
        }
    }

    fn build_dual(
        &self,
        encoding: &Encoding,
        text: &str,
        x_text: &str,
        y_text: &str,
    ) -> Result<Inst, NotEncoded> {
        let (x_stmt, y_stmt) = split_pair(text, x_text, y_text);
        if self.ctx.wave64 {
            return Err(reject(x_stmt.column, "instruction requires wavesize=32"));
        }
        let vopd3 = self.ctx.spec.encoding("VOPD3");
        let mut halves = Vec::new();
        for (stmt, half) in [(&x_stmt, 'X'), (&y_stmt, 'Y')] {
            let Some(instruction) = self.instruction(&stmt.mnemonic) else {
                return Err(reject(stmt.column, "invalid instruction"));
            };
            if !in_family(instruction, Family::Vopd) && !in_family(instruction, Family::Vopd3) {
                return Err(reject(stmt.column, "invalid VOPD instruction"));
            }
            halves.push((stmt, half, instruction));
        }
        // Both ops have a VOPD3 form on this target: the pair could be VOPD3.
        let pair_in_vopd3 =
            vopd3.is_some() && halves.iter().all(|(_, _, i)| in_family(i, Family::Vopd3));
        if pair_in_vopd3 && halves.iter().any(|(_, _, i)| !in_family(i, Family::Vopd)) {
            return Err(NotEncoded::Unsupported(VOPD3_NOT_IMPLEMENTED.into()));
        }
        let mut pair = DualPair {
            vopd: encoding,
            vopd3,
            fallback: Vopd3Fallback {
                pair_in_vopd3,
                beyond_vopd: None,
            },
            operands: Vec::new(),
            pieces: Vec::new(),
            opcodes: Vec::new(),
            reads_vcc: false,
        };
        for (stmt, half, instruction) in halves {
            let cx = OperandCtx::new(&self.ctx, &stmt.mnemonic, encoding);
            pair.bind_half(stmt, half, instruction, &cx)?;
        }
        self.check_pair(&mut pair, &x_stmt, &y_stmt)?;
        Ok(Inst {
            mnemonic: format!("{} :: {}", x_stmt.mnemonic, y_stmt.mnemonic),
            name: pair.opcodes[0].0.clone(),
            encoding: "VOPDXY".into(),
            opcode: pair.opcodes[0].1,
            operands: pair.operands,
            modifiers: vec![("OPY".into(), pair.opcodes[1].1)].into(),
        })
    }

    /// What only the whole pair shows: one literal, destination banks, operand conflicts;
    /// then whether only VOPD3 could hold it.
    fn check_pair(
        &self,
        pair: &mut DualPair,
        x_stmt: &Statement,
        y_stmt: &Statement,
    ) -> Result<(), NotEncoded> {
        check_literals(&pair.operands, &pair.pieces)?;
        let fallback = &mut pair.fallback;
        if syntax::vector::vopd_dst_parity_conflict(&pair.operands) {
            let vopd3_any_bank =
                field_width(pair.vopd3, "VDSTY") > field_width(Some(pair.vopd), "VDSTY");
            let why = reject(y_stmt.column, syntax::vector::VOPD_DST_PARITY);
            fallback.exceeds(vopd3_any_bank, why)?;
        }
        if let Some(message) = syntax::vector::vopd_conflict(
            &pair.operands,
            (&x_stmt.mnemonic, &y_stmt.mnemonic),
            pair.reads_vcc,
            self.ctx.gfx_major,
            fallback.beyond_vopd.is_some(),
        ) {
            return Err(reject(y_stmt.column, message));
        }
        let Some(why) = fallback.beyond_vopd.take() else {
            return Ok(());
        };
        // VOPD3 is 96 bits with no literal form.
        let literal = pair
            .operands
            .iter()
            .any(|o| matches!(o.value, OperandValue::Literal { .. }));
        let vopd3_literal = self.ctx.spec.encoding("VOPD3_INST_LITERAL").is_some();
        if literal && !vopd3_literal {
            return Err(why);
        }
        Err(NotEncoded::Unsupported(VOPD3_NOT_IMPLEMENTED.into()))
    }
}

/// The X and Y statements of `x :: y`, columns counted in the whole line.
fn split_pair(text: &str, x_text: &str, y_text: &str) -> (Statement, Statement) {
    let lead = text.len() - text.trim_start().len();
    let y_at = text.find("::").map_or(0, |i| i + 2);
    let x_stmt = split_statement(&text[..lead + x_text.len()]);
    let mut y_stmt = split_statement(y_text);
    y_stmt.column += y_at as u32 + (y_text.len() - y_text.trim_start().len()) as u32;
    for piece in &mut y_stmt.operands {
        piece.column += y_at as u32;
    }
    (x_stmt, y_stmt)
}

fn in_family(instruction: &Instruction, family: Family) -> bool {
    instruction
        .encodings
        .iter()
        .any(|e| Family::of(&e.encoding) == family)
}

fn field_width(enc: Option<&Encoding>, name: &str) -> u32 {
    enc.and_then(|e| e.field(name)).map_or(0, |f| f.width())
}

/// The first limit of VOPD a pair exceeds where VOPD3 lifts it (its rejection stands if the
/// pair turns out not to fit VOPD3 either).
struct Vopd3Fallback {
    /// Both ops have a VOPD3 form on this target.
    pair_in_vopd3: bool,
    beyond_vopd: Option<NotEncoded>,
}

impl Vopd3Fallback {
    /// A VOPD limit the pair exceeds: remembered when VOPD3 lifts it, else the error.
    fn exceeds(&mut self, vopd3_lifts: bool, why: NotEncoded) -> Result<(), NotEncoded> {
        if self.pair_in_vopd3 && vopd3_lifts {
            self.beyond_vopd.get_or_insert(why);
            Ok(())
        } else {
            Err(why)
        }
    }
}

/// The pair as its halves are bound.
struct DualPair<'s> {
    vopd: &'s Encoding,
    vopd3: Option<&'s Encoding>,
    fallback: Vopd3Fallback,
    operands: Vec<InstOperand>,
    pieces: Vec<Piece>,
    /// (instruction name, opcode) of X then Y.
    opcodes: Vec<(String, u32)>,
    reads_vcc: bool,
}

impl DualPair<'_> {
    /// Binds one half's operands to its VOPD slots.
    fn bind_half(
        &mut self,
        stmt: &Statement,
        half: char,
        instruction: &Instruction,
        cx: &OperandCtx,
    ) -> Result<(), NotEncoded> {
        let dual = |e: &&InstructionEncoding| Family::of(&e.encoding) == Family::Vopd;
        let Some(form) = instruction.encodings.iter().find(dual) else {
            return Err(reject(stmt.column, "invalid VOPD instruction"));
        };
        let op_field = format!("OP{half}");
        let fits = |enc| u64::from(form.opcode) < 1u64 << field_width(enc, &op_field);
        if !fits(Some(self.vopd)) {
            let message = format!("opcode does not fit the VOPD {op_field} field");
            self.fallback
                .exceeds(fits(self.vopd3), reject(stmt.column, message))?;
        }
        let slots = forms::vopd_slots(form, &stmt.mnemonic, half);
        if slots.is_empty() {
            // Manual-only dual ops (GFX12.5 additions) have no operand list.
            return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
        }
        let single = stmt.mnemonic.replace("v_dual_", "v_");
        let implicit_select = syntax::vector::reads_implicit_vcc(&single);
        self.reads_vcc |= implicit_select;
        let mut written = stmt.operands.clone();
        if written.len() > slots.len() {
            // VOPD3 writes v_dual_cndmask_b32's select, VCC in VOPD, as a third source.
            let third = field_width(self.vopd3, &format!("VSRC{half}2")) > 0;
            let select = implicit_select && written.len() == slots.len() + 1;
            let why = reject(written[slots.len()].column, INVALID_OPERAND);
            self.fallback.exceeds(third && select, why)?;
            written.truncate(slots.len());
        }
        if written.len() < slots.len() {
            return Err(reject(stmt.column, INVALID_OPERAND));
        }
        let neg_field = format!("NEG{half}");
        let vopd3_negates =
            field_width(self.vopd3, &neg_field) > field_width(Some(self.vopd), &neg_field);
        for (piece, slot) in written.iter().zip(&slots) {
            let inner = self.without_modifiers(piece, slot, &single, vopd3_negates)?;
            let value = parser(classify_vector(&slot.operand_type))
                .parse(&inner, slot, cx)
                .map_err(|m| reject(piece.column, m))?;
            self.operands.push(InstOperand {
                spec: slot.clone(),
                value,
            });
            self.pieces.push(inner);
        }
        self.opcodes.push((instruction.name.clone(), form.opcode));
        Ok(())
    }

    /// A source's text without its modifiers: VOPD has no modifier fields; VOPD3 has NEG
    /// only, for the sources that take input modifiers.
    fn without_modifiers(
        &mut self,
        piece: &Piece,
        slot: &Operand,
        single: &str,
        vopd3_negates: bool,
    ) -> Result<Piece, NotEncoded> {
        let field = slot.field.as_deref().unwrap_or("");
        let mut inner = piece.clone();
        if !(field.starts_with("SRC") || field.starts_with("VSRC")) {
            return Ok(inner);
        }
        let (text, mods) = syntax::vector::split_source_modifiers(&piece.text)
            .map_err(|m| reject(piece.column, m))?;
        if mods.any() {
            let negates = mods.neg && !mods.abs && !mods.sext;
            let takes = syntax::vector::takes_input_modifiers(single, &slot.data_format);
            let why = reject(piece.column, INVALID_OPERAND);
            self.fallback
                .exceeds(vopd3_negates && negates && takes, why)?;
            inner.text = text;
        }
        Ok(inner)
    }
}
