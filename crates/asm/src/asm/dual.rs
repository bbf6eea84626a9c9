//! Dual-issue statements `v_dual_<x> ... :: v_dual_<y> ...` (VOPD, wave32 only).

use mcdiff_spec::{Encoding, Instruction, InstructionEncoding, Operand};

use super::operands::parser;
use super::{check_literals, encode_built, reject, AsmOutcome, Assembler, NotEncoded};
use crate::family::Family;
use crate::form::Form;
use crate::inst::{Inst, InstOperand, OperandValue};
use crate::operands::{classify_vector, OperandCtx, INVALID_OPERAND};
use crate::syntax::{self, forms, split_statement, Piece, Statement};

impl Assembler<'_> {
    /// A dual-issue statement `v_dual_<x> ... :: v_dual_<y> ...` (VOPD, wave32 only): one
    /// [`Inst`] named after the X op, with the X and Y operands (fields `*X*` / `*Y*`) and the
    /// Y opcode as the `OPY` modifier.
    ///
    /// Where the spec also has the 96-bit VOPD3 format, a pair VOPD cannot hold only for a
    /// reason VOPD3 lifts is encoded as VOPD3: an op VOPD lacks, an X opcode wider than
    /// VOPD's OPX field, negated float sources (VOPD3's NEGX/NEGY), the select of
    /// v_dual_cndmask_b32 written out (VOPD3's third source), destinations of equal parity
    /// (VOPD3's full VDSTY), each judged by the two encodings' fields (CDNA5 ISA §7.8.1), and
    /// only without a literal, which VOPD3 cannot take.
    pub(super) fn assemble_dual(&self, text: &str, x_text: &str, y_text: &str) -> AsmOutcome {
        let Some(vopd) = self.ctx.spec.encoding("VOPDXY") else {
            // A spec without the dual-issue format describes a target without dual issue.
            let column = text.len() - text.trim_start().len() + 1;
            return reject(column as u32, "instruction not in spec").into();
        };
        match self.build_dual(vopd, text, x_text, y_text) {
            Ok((inst, encoding)) => {
                let x = inst.mnemonic.split(" :: ").next().unwrap_or_default();
                let cx = OperandCtx::new(&self.ctx, x, encoding);
                encode_built(inst.clone(), &crate::encode::DualIssue, &cx)
            }
            Err(why) => why.into(),
        }
    }

    /// The pair's [`Inst`] and the format it is bound for.
    fn build_dual<'s>(
        &'s self,
        vopd: &'s Encoding,
        text: &str,
        x_text: &str,
        y_text: &str,
    ) -> Result<(Inst, &'s Encoding), NotEncoded> {
        let (x_stmt, y_stmt) = split_pair(text, x_text, y_text);
        if self.ctx.wave64 {
            return Err(reject(x_stmt.column, "instruction requires wavesize=32"));
        }
        let vopd3 = self.ctx.spec.encoding("VOPD3");
        let mut halves = Vec::new();
        for stmt in [&x_stmt, &y_stmt] {
            let Some(instruction) = self.instruction(&stmt.mnemonic) else {
                return Err(reject(stmt.column, "invalid instruction"));
            };
            if !in_family(instruction, Family::Vopd) && !in_family(instruction, Family::Vopd3) {
                return Err(reject(stmt.column, "invalid VOPD instruction"));
            }
            halves.push(instruction);
        }
        // Both ops have a VOPD3 form on this target: the pair could be VOPD3.
        let vopd3 = vopd3.filter(|_| halves.iter().all(|i| in_family(i, Family::Vopd3)));
        let stmts = [&x_stmt, &y_stmt];
        let in_vopd = halves.iter().all(|i| in_family(i, Family::Vopd));
        let vopd3_only = |vopd3| match self.bind_pair(vopd3, None, stmts, &halves)? {
            Bound::Fits(inst) => Ok((inst, vopd3)),
            Bound::BeyondVopd(why) => Err(why),
        };
        match vopd3 {
            Some(vopd3) if !in_vopd => vopd3_only(vopd3),
            _ => match self.bind_pair(vopd, vopd3, stmts, &halves)? {
                Bound::Fits(inst) => Ok((inst, vopd)),
                // VOPD3 holds it, or neither does: then VOPD's first exceeded limit is the
                // error, as llvm-mc reports it (an unsupported VOPD3 binding stays one).
                Bound::BeyondVopd(why) => {
                    match vopd3_only(vopd3.expect("only VOPD3 lifts a VOPD limit")) {
                        Err(unsupported @ NotEncoded::Unsupported(_)) => Err(unsupported),
                        Err(_) => Err(why),
                        fits => fits,
                    }
                }
            },
        }
    }

    /// Binds both halves for `encoding` (VOPD or VOPD3). For VOPD with `vopd3` given, a limit
    /// only VOPD3 lifts is [`Bound::BeyondVopd`].
    fn bind_pair(
        &self,
        encoding: &Encoding,
        vopd3: Option<&Encoding>,
        [x_stmt, y_stmt]: [&Statement; 2],
        halves: &[&Instruction],
    ) -> Result<Bound, NotEncoded> {
        let mut pair = DualPair {
            encoding,
            vopd3,
            fallback: Vopd3Fallback {
                pair_in_vopd3: vopd3.is_some(),
                beyond_vopd: None,
            },
            operands: Vec::new(),
            pieces: Vec::new(),
            opcodes: Vec::new(),
            mnemonics: Vec::new(),
            half_fields: Vec::new(),
            reads_vcc: false,
        };
        for ((stmt, half), instruction) in [(x_stmt, 'X'), (y_stmt, 'Y')].into_iter().zip(halves) {
            let cx = OperandCtx::new(&self.ctx, &stmt.mnemonic, encoding);
            pair.bind_half(stmt, half, instruction, &cx)?;
        }
        if let Some(why) = self.check_pair(&mut pair, y_stmt)? {
            return Ok(Bound::BeyondVopd(why));
        }
        let mut modifiers = vec![("OPY".to_string(), pair.opcodes[1].1)];
        modifiers.extend(pair.half_fields);
        // The statement is the X op in the pair's format (bound above, so it has that form).
        let family = Family::of(&encoding.name);
        let x_form = (halves[0].encodings.iter())
            .find(|e| Family::of(&e.encoding) == family)
            .expect("a bound X op has a form in the pair's format");
        Ok(Bound::Fits(Inst {
            mnemonic: format!("{} :: {}", x_stmt.mnemonic, y_stmt.mnemonic),
            name: pair.opcodes[0].0.clone(),
            form: Form::new(self.ctx.spec, halves[0], x_form, &encoding.name),
            opcode: pair.opcodes[0].1,
            operands: pair.operands,
            modifiers: modifiers.into(),
        }))
    }

    /// What only the whole pair shows: one literal, destination banks, operand conflicts;
    /// then, binding for VOPD, the first VOPD limit the pair exceeds where VOPD3 lifts it.
    fn check_pair(
        &self,
        pair: &mut DualPair,
        y_stmt: &Statement,
    ) -> Result<Option<NotEncoded>, NotEncoded> {
        check_literals(&pair.operands, &pair.pieces)?;
        let literal = pair
            .operands
            .iter()
            .any(|o| matches!(o.value, OperandValue::Literal { .. }));
        // VOPD takes a literal; VOPD3 only where the spec has its literal form.
        let vopd3_literal = self.ctx.spec.encoding("VOPD3_INST_LITERAL").is_some();
        let binding_vopd3 = Family::of(&pair.encoding.name) == Family::Vopd3;
        if literal && binding_vopd3 && !vopd3_literal {
            let column = pair
                .pieces
                .iter()
                .zip(&pair.operands)
                .find(|(_, o)| matches!(o.value, OperandValue::Literal { .. }))
                .map_or(y_stmt.column, |(p, _)| p.column);
            return Err(reject(column, INVALID_OPERAND));
        }
        // VOPD's VDSTY drops the low bit that VOPD3's keeps.
        let narrow_vdsty =
            field_width(Some(pair.encoding), "VDSTY") < field_width(Some(pair.encoding), "VDSTX");
        let fallback = &mut pair.fallback;
        if narrow_vdsty && syntax::vector::vopd_dst_parity_conflict(&pair.operands) {
            let vopd3_any_bank =
                field_width(pair.vopd3, "VDSTY") > field_width(Some(pair.encoding), "VDSTY");
            let why = reject(y_stmt.column, syntax::vector::VOPD_DST_PARITY);
            fallback.exceeds(vopd3_any_bank, why)?;
        }
        if let Some(message) = syntax::vector::vopd_conflict(
            &pair.operands,
            (&pair.mnemonics[0], &pair.mnemonics[1]),
            pair.reads_vcc,
            self.ctx.gfx_major,
            (
                fallback.beyond_vopd.is_some() || !narrow_vdsty,
                self.ctx.spec.vopd_same_vgpr_reads,
            ),
        ) {
            return Err(reject(y_stmt.column, message));
        }
        let Some(why) = fallback.beyond_vopd.take() else {
            return Ok(None);
        };
        if literal && !vopd3_literal {
            return Err(why);
        }
        Ok(Some(why))
    }
}

/// A pair bound for one format.
enum Bound {
    Fits(Inst),
    /// Bound for VOPD, the pair exceeds a limit of VOPD that VOPD3 lifts: VOPD's rejection.
    BeyondVopd(NotEncoded),
}

/// The `bitop3:` truth table written after a half's last operand (0 where none is), taken
/// off that operand.
fn truth_table(written: &mut [Piece]) -> Result<u32, NotEncoded> {
    let Some(last) = written.last_mut() else {
        return Ok(0);
    };
    let Some((operand, word)) = last.text.rsplit_once(char::is_whitespace) else {
        return Ok(0);
    };
    match crate::syntax::vop_modifiers::parse(word) {
        Some(Ok(crate::syntax::vop_modifiers::VopModifier::TruthTable(table))) => {
            let operand_len = operand.trim_end().len();
            *last = last.part(0..operand_len, last.column);
            Ok(table)
        }
        Some(Err(message)) => Err(reject(last.column, message)),
        _ => Err(reject(last.column, INVALID_OPERAND)),
    }
}

/// The X and Y statements of `x :: y`, columns counted in the whole line.
fn split_pair<'t>(text: &'t str, x_text: &str, y_text: &'t str) -> (Statement<'t>, Statement<'t>) {
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
struct DualPair<'s, 't> {
    /// The format bound for: VOPD, or VOPD3.
    encoding: &'s Encoding,
    /// Binding for VOPD: the VOPD3 format that lifts some of its limits, if the pair has it.
    vopd3: Option<&'s Encoding>,
    fallback: Vopd3Fallback,
    operands: Vec<InstOperand>,
    pieces: Vec<Piece<'t>>,
    /// (instruction name, opcode) of X then Y.
    opcodes: Vec<(String, u32)>,
    /// The X and Y mnemonics.
    mnemonics: Vec<String>,
    /// Each half's modifier fields: VOPD3's NEGX/NEGY, a truth table's field.
    half_fields: Vec<(String, u32)>,
    reads_vcc: bool,
}

impl<'t> DualPair<'_, 't> {
    /// Binds one half's operands to its slots in the format.
    fn bind_half(
        &mut self,
        stmt: &Statement<'t>,
        half: char,
        instruction: &Instruction,
        cx: &OperandCtx,
    ) -> Result<(), NotEncoded> {
        let family = Family::of(&self.encoding.name);
        let dual = |e: &&InstructionEncoding| Family::of(&e.encoding) == family;
        let Some(form) = instruction.encodings.iter().find(dual) else {
            return Err(reject(stmt.column, "invalid VOPD instruction"));
        };
        let op_field = syntax::vector::dual_opcode_field(half);
        let fits = |enc| u64::from(form.opcode) < 1u64 << field_width(enc, op_field);
        if !fits(Some(self.encoding)) {
            let message = format!("opcode does not fit the VOPD {op_field} field");
            self.fallback
                .exceeds(fits(self.vopd3), reject(stmt.column, message))?;
        }
        let mut slots = forms::vopd_slots(form, &stmt.mnemonic, half);
        if slots.is_empty() {
            // Manual-only dual ops (GFX12.5 additions) have no operand list.
            return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
        }
        let single = stmt.mnemonic.replace("v_dual_", "v_");
        let implicit_select = syntax::vector::reads_implicit_vcc(&single);
        let select = implicit_select
            .then(|| forms::vopd_select_slot(self.encoding, half))
            .flatten();
        // A select VOPD3 holds is an operand, counted with the others.
        self.reads_vcc |= implicit_select && select.is_none();
        let mut written = stmt.operands.clone();
        if let Some(field) = syntax::vector::dual_truth_table_field(&stmt.mnemonic) {
            if !field.contains(half) {
                return Err(reject(stmt.column, "invalid instruction"));
            }
            let table = truth_table(&mut written)?;
            if self.encoding.field(field).is_none() {
                return Err(reject(stmt.column, "invalid VOPD instruction"));
            }
            self.half_fields.push((field.to_string(), table));
        }
        if let Some(select) = select {
            // VOPD3 holds v_dual_cndmask_b32's select (VCC in VOPD), written out, in its
            // third source.
            slots.push(select);
        } else if written.len() > slots.len() {
            // VOPD3 writes v_dual_cndmask_b32's select, VCC in VOPD, as a third source.
            let third = field_width(self.vopd3, &format!("VSRC{half}2")) > 0;
            let select = implicit_select && written.len() == slots.len() + 1;
            let why = reject(written[slots.len()].column, INVALID_OPERAND);
            self.fallback.exceeds(third && select, why)?;
            written.truncate(slots.len());
        }
        if written.len() != slots.len() {
            let column = written.get(slots.len()).map_or(stmt.column, |p| p.column);
            return Err(reject(column, INVALID_OPERAND));
        }
        let mut negated = 0;
        for (piece, slot) in written.iter().zip(&slots) {
            let (inner, neg) = self.without_modifiers(piece, slot, &single, half)?;
            negated |= neg;
            let value = parser(classify_vector(&slot.operand_type))
                .parse(&inner, slot, cx)
                .map_err(|m| reject(piece.column, m))?;
            self.operands.push(InstOperand {
                spec: slot.clone().into(),
                value,
            });
            self.pieces.push(inner);
        }
        let neg_field = syntax::vector::dual_neg_field(half);
        if self.encoding.field(neg_field).is_some() {
            self.half_fields.push((neg_field.to_string(), negated));
        }
        self.opcodes.push((instruction.name.clone(), form.opcode));
        self.mnemonics.push(stmt.mnemonic.to_string());
        Ok(())
    }

    /// A source's text without its modifiers, and the NEG bit it sets: VOPD has no modifier
    /// fields; VOPD3 has NEG only, a bit per source (`SRC*0` bit 0, `VSRC*1` bit 1...), for
    /// the sources that take input modifiers.
    fn without_modifiers(
        &mut self,
        piece: &Piece<'t>,
        slot: &Operand,
        single: &str,
        half: char,
    ) -> Result<(Piece<'t>, u32), NotEncoded> {
        let field = slot.field.as_deref().unwrap_or("");
        let mut inner = piece.clone();
        if !(field.starts_with("SRC") || field.starts_with("VSRC")) {
            return Ok((inner, 0));
        }
        let (text, mods) = syntax::vector::split_source_modifiers(&piece.text)
            .map_err(|m| reject(piece.column, m))?;
        if !mods.any() {
            return Ok((inner, 0));
        }
        let neg_field = syntax::vector::dual_neg_field(half);
        let neg_bits = |enc| field_width(enc, neg_field);
        let negates = mods.neg && !mods.abs && !mods.sext;
        let takes = syntax::vector::takes_input_modifiers(single, &slot.data_format);
        let why = reject(piece.column, INVALID_OPERAND);
        let source = field
            .bytes()
            .last()
            .map_or(0, |d| u32::from(d.saturating_sub(b'0')));
        let fits = |enc| negates && takes && source < neg_bits(enc);
        if !fits(Some(self.encoding)) {
            self.fallback.exceeds(fits(self.vopd3), why)?;
        }
        inner.text = text.to_string().into();
        Ok((inner, 1 << source))
    }
}
