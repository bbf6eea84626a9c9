//! Text -> [`Inst`] (LLVM's AsmParser role): one spec lookup per statement, then a builder
//! per encoding family (scalar, vector, dual issue, memory, image, export) binds one typed
//! value per spec operand, and the family's handler in [`crate::encode`] lays out the bytes.

mod export;
mod image;
mod memory;
pub mod operands;

use mcdiff_spec::{Instruction, InstructionEncoding};

use crate::encode::{family_encoder, FamilyEncoder, Fixup};
use crate::family::{family_name, Family};
use crate::inst::{Inst, InstOperand, OperandValue, RegFile};
use crate::operands::{
    classify, classify_vector, is_symbolic_type, KindId, OperandCtx, INVALID_OPERAND,
};
use crate::syntax::{
    self, forms, mnemonic_alias, optional_imm16, peel_modifiers, smem_modifiers, split_statement,
    Piece, Statement,
};
use crate::target::TargetCtx;
use operands::{parser, smem_offset_fits, smem_offset_parts};

/// The reason of a dual-issue pair only the spec's VOPD3 format can hold.
const VOPD3_NOT_IMPLEMENTED: &str = "encoding VOPD3 not implemented";

/// Result of assembling one statement.
#[derive(Debug, Clone, PartialEq)]
pub enum AsmOutcome {
    Encoded(Encoded),
    /// The statement is invalid for the target (what llvm-mc reports as an error).
    Rejected(AsmError),
    /// Valid or not, this assembler does not handle it; a short stable reason.
    Unsupported(String),
}

/// An encoded instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    pub inst: Inst,
    /// Little-endian bytes as llvm-mc prints them (fixup bytes are 0).
    pub bytes: Vec<u8>,
    pub fixups: Vec<Fixup>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmError {
    /// 1-based column in the statement.
    pub column: u32,
    pub message: String,
}

/// Why a statement was not encoded (the non-`Encoded` outcomes).
enum NotEncoded {
    Rejected(AsmError),
    Unsupported(String),
}

impl From<NotEncoded> for AsmOutcome {
    fn from(why: NotEncoded) -> Self {
        match why {
            NotEncoded::Rejected(e) => AsmOutcome::Rejected(e),
            NotEncoded::Unsupported(r) => AsmOutcome::Unsupported(r),
        }
    }
}

fn reject(column: u32, message: impl Into<String>) -> NotEncoded {
    NotEncoded::Rejected(AsmError {
        column,
        message: message.into(),
    })
}

/// Assembles statements for one target.
pub struct Assembler<'s> {
    ctx: TargetCtx<'s>,
}

impl<'s> Assembler<'s> {
    pub fn new(ctx: TargetCtx<'s>) -> Self {
        Assembler { ctx }
    }

    fn instruction(&self, mnemonic: &str) -> Option<&Instruction> {
        let spec = self.ctx.spec;
        spec.instruction(mnemonic).or_else(|| {
            mnemonic_alias(self.ctx.gfx_major, mnemonic).and_then(|n| spec.instruction(n))
        })
    }

    /// Assembles one statement (comment already stripped).
    pub fn assemble(&self, text: &str) -> AsmOutcome {
        let body = text.trim();
        if body.is_empty() {
            return AsmOutcome::Unsupported("empty statement".into());
        }
        if body.starts_with('.') {
            return AsmOutcome::Unsupported("directive".into());
        }
        if body.ends_with(':') && !body.contains(char::is_whitespace) {
            return AsmOutcome::Unsupported("label definition".into());
        }
        if let Some((x, y)) = body.split_once("::") {
            return self.assemble_dual(text, x, y);
        }
        let stmt = split_statement(text);
        if let Some(outcome) = self.assemble_vector(&stmt) {
            return outcome;
        }
        if let Some(outcome) = self.assemble_memory(&stmt) {
            return outcome;
        }
        if let Some(outcome) = self.assemble_image(&stmt) {
            return outcome;
        }
        if let Some(outcome) = self.assemble_export(&stmt) {
            return outcome;
        }
        let Some(instruction) = self.instruction(&stmt.mnemonic) else {
            return self.unknown_mnemonic(&stmt);
        };
        if instruction
            .encodings
            .iter()
            .all(|e| Family::of(&e.encoding) == Family::Vopd)
        {
            // A dual-issue op is only valid as one half of `x :: y`.
            return reject(stmt.column, "invalid instruction").into();
        }
        let Some(form) = choose_form(instruction) else {
            // Name the family by an ENC_* form where there is one, so reasons stay few.
            let encoding = instruction
                .encodings
                .iter()
                .find(|e| e.encoding.starts_with("ENC_"))
                .or(instruction.encodings.first())
                .map_or("none", |e| e.encoding.as_str());
            return AsmOutcome::Unsupported(format!(
                "encoding {} not implemented",
                family_encoding(encoding)
            ));
        };
        let family = Family::of(&form.encoding);
        let name = family.name();
        let Some(encoding) = self.ctx.spec.encoding(&format!("ENC_{name}")) else {
            return AsmOutcome::Unsupported(format!("encoding ENC_{name} missing from spec"));
        };
        let cx = OperandCtx {
            spec: &self.ctx.spec,
            syntax: &self.ctx,
            mnemonic: &stmt.mnemonic,
            encoding,
        };
        match self.build(&stmt, instruction, form, &cx) {
            Err(why) => why.into(),
            Ok(inst) => {
                let handler =
                    family_encoder(family).expect("choose_form admits implemented families only");
                match handler.encode(&inst, &cx) {
                    Ok(out) => AsmOutcome::Encoded(Encoded {
                        inst,
                        bytes: out.bytes,
                        fixups: out.fixups,
                    }),
                    Err(message) => AsmOutcome::Unsupported(format!("spec gap: {message}")),
                }
            }
        }
    }

    /// Vector ALU statements: `None` when the mnemonic names no vector instruction (with or
    /// without an `_e32`/`_e64` suffix). Forms are tried in LLVM's order; the first that
    /// takes the operands is encoded.
    fn assemble_vector(&self, stmt: &Statement) -> Option<AsmOutcome> {
        let (instruction, base, forced, dpp_suffix) = self.vector_instruction(&stmt.mnemonic)?;
        let dpp = syntax::vector::dpp_kind(stmt, dpp_suffix);
        let mut first_error = None;
        for form in forms::candidates(instruction, forced) {
            let mut layout = forms::layout_encoding(&form.encoding);
            if forced == forms::Forced::Sdwa {
                // SDWA forms are the spec's composed `<family>_VOP_SDWA[_SDST_ENC]` encodings.
                let family = family_name(&form.encoding);
                layout = format!("{family}_VOP_SDWA");
                let with_sdst = format!("{layout}_SDST_ENC");
                if self.ctx.spec.encoding(&layout).is_none()
                    && self.ctx.spec.encoding(&with_sdst).is_some()
                {
                    layout = with_sdst;
                }
            }
            if let Some(dpp) = dpp {
                // DPP forms are the spec's composed `<family>_VOP_DPP16/8` encodings (GFX9:
                // `<family>_VOP_DPP`) with the opcode of the base form.
                let family = family_name(&form.encoding);
                layout = format!("{family}{}", dpp.encoding_suffix());
                if dpp == syntax::vector::Dpp::Dpp16 && self.ctx.spec.encoding(&layout).is_none() {
                    layout = format!("{family}_VOP_DPP");
                }
            }
            let Some(encoding) = self.ctx.spec.encoding(&layout) else {
                first_error.get_or_insert(NotEncoded::Unsupported(format!(
                    "encoding {layout} missing from spec"
                )));
                continue;
            };
            let cx = OperandCtx {
                spec: &self.ctx.spec,
                syntax: &self.ctx,
                mnemonic: base,
                encoding,
            };
            let inst = match self.build_vector(stmt, base, instruction, form, dpp, &cx) {
                Ok(inst) => inst,
                Err(why) => {
                    first_error.get_or_insert(why);
                    continue;
                }
            };
            let handler = family_encoder(Family::of(&form.encoding))
                .expect("vector candidates are implemented families");
            return Some(match handler.encode(&inst, &cx) {
                Ok(out) => AsmOutcome::Encoded(Encoded {
                    inst,
                    bytes: out.bytes,
                    fixups: out.fixups,
                }),
                Err(message) => AsmOutcome::Unsupported(format!("spec gap: {message}")),
            });
        }
        Some(match first_error {
            Some(why) => why.into(),
            None => AsmOutcome::Unsupported(format!(
                "{} not implemented",
                match forced {
                    forms::Forced::Native32 | forms::Forced::Sdwa => "native 32-bit forms",
                    _ => "ENC_VOP3",
                }
            )),
        })
    }

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
    fn assemble_dual(&self, text: &str, x_text: &str, y_text: &str) -> AsmOutcome {
        let lead = text.len() - text.trim_start().len();
        let y_at = text.find("::").map_or(0, |i| i + 2);
        let x_stmt = split_statement(&text[..lead + x_text.len()]);
        let mut y_stmt = split_statement(y_text);
        let shift = |p: &mut Piece| p.column += y_at as u32;
        y_stmt.column += y_at as u32 + (y_text.len() - y_text.trim_start().len()) as u32;
        y_stmt.operands.iter_mut().for_each(shift);
        let Some(encoding) = self.ctx.spec.encoding("VOPDXY") else {
            return AsmOutcome::Unsupported("encoding VOPDXY missing from spec".into());
        };
        if self.ctx.wave64 {
            return reject(x_stmt.column, "instruction requires wavesize=32").into();
        }
        let vopd3 = self.ctx.spec.encoding("VOPD3");
        let in_family = |i: &Instruction, family: Family| {
            i.encodings
                .iter()
                .any(|e| Family::of(&e.encoding) == family)
        };
        let mut halves = Vec::new();
        for (stmt, half) in [(&x_stmt, 'X'), (&y_stmt, 'Y')] {
            let Some(instruction) = self.instruction(&stmt.mnemonic) else {
                return reject(stmt.column, "invalid instruction").into();
            };
            if !in_family(instruction, Family::Vopd) && !in_family(instruction, Family::Vopd3) {
                return reject(stmt.column, "invalid VOPD instruction").into();
            }
            halves.push((stmt, half, instruction));
        }
        // Both ops have a VOPD3 form on this target: the pair could be VOPD3.
        let pair_in_vopd3 =
            vopd3.is_some() && halves.iter().all(|(_, _, i)| in_family(i, Family::Vopd3));
        if pair_in_vopd3 && halves.iter().any(|(_, _, i)| !in_family(i, Family::Vopd)) {
            return AsmOutcome::Unsupported(VOPD3_NOT_IMPLEMENTED.into());
        }
        // The first limit of VOPD the pair exceeds where VOPD3 lifts it (its rejection stands
        // if the pair turns out not to fit VOPD3 either).
        let mut beyond_vopd: Option<NotEncoded> = None;
        let mut exceeds = |vopd3_lifts: bool, why: NotEncoded| -> Result<(), NotEncoded> {
            if pair_in_vopd3 && vopd3_lifts {
                beyond_vopd.get_or_insert(why);
                Ok(())
            } else {
                Err(why)
            }
        };
        let field_width = |enc: Option<&mcdiff_spec::Encoding>, name: &str| {
            enc.and_then(|e| e.field(name)).map_or(0, |f| f.width())
        };
        let mut operands = Vec::new();
        let mut pieces = Vec::new();
        let mut opcodes = Vec::new();
        let mut reads_vcc = false;
        for (stmt, half, instruction) in halves {
            let cx = OperandCtx {
                spec: &self.ctx.spec,
                syntax: &self.ctx,
                mnemonic: &stmt.mnemonic,
                encoding,
            };
            let dual = |e: &&InstructionEncoding| Family::of(&e.encoding) == Family::Vopd;
            let Some(form) = instruction.encodings.iter().find(dual) else {
                return reject(stmt.column, "invalid VOPD instruction").into();
            };
            let op_field = format!("OP{half}");
            let fits = |enc| u64::from(form.opcode) < 1u64 << field_width(enc, &op_field);
            if !fits(Some(encoding)) {
                let message = format!("opcode does not fit the VOPD {op_field} field");
                if let Err(why) = exceeds(fits(vopd3), reject(stmt.column, message)) {
                    return why.into();
                }
            }
            let slots = forms::vopd_slots(form, &stmt.mnemonic, half);
            if slots.is_empty() {
                // Manual-only dual ops (GFX12.5 additions) have no operand list.
                return AsmOutcome::Unsupported("no operand facts in spec".into());
            }
            let implicit_select =
                syntax::vector::implicit_vcc(&stmt.mnemonic.replace("v_dual_", "v_")).src;
            reads_vcc |= implicit_select;
            let mut written = stmt.operands.clone();
            if written.len() > slots.len() {
                // VOPD3 writes v_dual_cndmask_b32's select, VCC in VOPD, as a third source.
                let third = field_width(vopd3, &format!("VSRC{half}2")) > 0;
                let select = implicit_select && written.len() == slots.len() + 1;
                let why = reject(written[slots.len()].column, INVALID_OPERAND);
                if let Err(why) = exceeds(third && select, why) {
                    return why.into();
                }
                written.truncate(slots.len());
            }
            if written.len() < slots.len() {
                return reject(stmt.column, INVALID_OPERAND).into();
            }
            let neg_field = format!("NEG{half}");
            let vopd3_negates =
                field_width(vopd3, &neg_field) > field_width(Some(encoding), &neg_field);
            for (piece, slot) in written.iter().zip(&slots) {
                let field = slot.field.as_deref().unwrap_or("");
                let mut inner = piece.clone();
                if field.starts_with("SRC") || field.starts_with("VSRC") {
                    let (text, mods) = match syntax::vector::split_source_modifiers(&piece.text) {
                        Ok(split) => split,
                        Err(m) => return reject(piece.column, m).into(),
                    };
                    if mods.any() {
                        // VOPD has no modifier fields; VOPD3 has NEG only, for the sources
                        // that take input modifiers.
                        let negates = mods.neg && !mods.abs && !mods.sext;
                        let takes = syntax::vector::takes_input_modifiers(
                            &stmt.mnemonic.replace("v_dual_", "v_"),
                            &slot.data_format,
                        );
                        let why = reject(piece.column, INVALID_OPERAND);
                        if let Err(why) = exceeds(vopd3_negates && negates && takes, why) {
                            return why.into();
                        }
                        inner.text = text;
                    }
                }
                match parser(classify_vector(&slot.operand_type)).parse(&inner, slot, &cx) {
                    Ok(value) => operands.push(InstOperand {
                        spec: slot.clone(),
                        value,
                    }),
                    Err(m) => return reject(piece.column, m).into(),
                }
                pieces.push(inner);
            }
            opcodes.push((instruction.name.clone(), form.opcode));
        }
        if let Err(why) = check_literals(&operands, &pieces) {
            return why.into();
        }
        if syntax::vector::vopd_dst_parity_conflict(&operands) {
            let vopd3_any_bank = field_width(vopd3, "VDSTY") > field_width(Some(encoding), "VDSTY");
            let why = reject(y_stmt.column, syntax::vector::VOPD_DST_PARITY);
            if let Err(why) = exceeds(vopd3_any_bank, why) {
                return why.into();
            }
        }
        if let Some(message) = syntax::vector::vopd_conflict(
            &operands,
            (&x_stmt.mnemonic, &y_stmt.mnemonic),
            reads_vcc,
            self.ctx.gfx_major,
            beyond_vopd.is_some(),
        ) {
            return reject(y_stmt.column, message).into();
        }
        if let Some(why) = beyond_vopd {
            // VOPD3 is 96 bits with no literal form.
            let literal = operands
                .iter()
                .any(|o| matches!(o.value, OperandValue::Literal { .. }));
            let vopd3_literal = self.ctx.spec.encoding("VOPD3_INST_LITERAL").is_some();
            if literal && !vopd3_literal {
                return why.into();
            }
            return AsmOutcome::Unsupported(VOPD3_NOT_IMPLEMENTED.into());
        }
        let inst = Inst {
            mnemonic: format!("{} :: {}", x_stmt.mnemonic, y_stmt.mnemonic),
            name: opcodes[0].0.clone(),
            encoding: "VOPDXY".into(),
            opcode: opcodes[0].1,
            operands,
            modifiers: vec![("OPY".into(), opcodes[1].1)].into(),
        };
        let cx = OperandCtx {
            spec: &self.ctx.spec,
            syntax: &self.ctx,
            mnemonic: &x_stmt.mnemonic,
            encoding,
        };
        match crate::encode::DualIssue.encode(&inst, &cx) {
            Ok(out) => AsmOutcome::Encoded(Encoded {
                inst,
                bytes: out.bytes,
                fixups: out.fixups,
            }),
            Err(message) => AsmOutcome::Unsupported(format!("spec gap: {message}")),
        }
    }

    /// The vector instruction a mnemonic names, its suffix-free mnemonic, the form its
    /// suffix forces, and whether the suffix asks for DPP (`_dpp`, `_e64_dpp`).
    fn vector_instruction<'m>(
        &self,
        mnemonic: &'m str,
    ) -> Option<(&Instruction, &'m str, forms::Forced, bool)> {
        if let Some(i) = self.instruction(mnemonic).filter(|i| forms::is_vector(i)) {
            return Some((i, mnemonic, forms::Forced::None, false));
        }
        let (base, forced, dpp) = if let Some(base) = mnemonic.strip_suffix("_e64_dpp") {
            (base, forms::Forced::Vop3, true)
        } else if let Some(base) = mnemonic.strip_suffix("_sdwa") {
            (base, forms::Forced::Sdwa, false)
        } else if let Some(base) = mnemonic.strip_suffix("_dpp") {
            (base, forms::Forced::Native32, true)
        } else if let Some(base) = mnemonic.strip_suffix("_e32") {
            (base, forms::Forced::Native32, false)
        } else {
            (mnemonic.strip_suffix("_e64")?, forms::Forced::Vop3, false)
        };
        let i = self.instruction(base).filter(|i| forms::is_vector(i))?;
        Some((i, base, forced, dpp))
    }

    /// Parses a vector statement against one form: operands with their source modifiers and
    /// true16 halves, then the modifiers after the operands.
    fn build_vector(
        &self,
        stmt: &Statement,
        base: &str,
        instruction: &Instruction,
        form: &InstructionEncoding,
        dpp: Option<syntax::vector::Dpp>,
        cx: &OperandCtx,
    ) -> Result<Inst, NotEncoded> {
        use crate::syntax::vop_modifiers::VopModifier;
        use syntax::vector::Dpp;
        use syntax::vector::{operand_bit, split_source_modifiers, strip_half};
        let family = Family::of(&form.encoding);
        let short = family.is_vop32();
        let sdwa = cx.encoding.name.contains("_VOP_SDWA");
        let gfx_major = self.ctx.gfx_major;
        let no_facts = |e: &InstructionEncoding| e.operands.is_empty();
        if no_facts(form) && forms::native_form(instruction).is_none_or(no_facts) {
            // Manual-only instructions (e.g. GFX12.5 additions) have no operand list.
            return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
        }
        let mut slots = forms::slots(instruction, form, base, self.ctx.wave64);
        forms::size_matrix_operands(&mut slots, self.ctx.wave64, gfx_major);
        let narrow = slots
            .iter()
            .find_map(|s| syntax::vector::narrow_packed(&s.data_format));
        let matrix =
            syntax::vector::MatrixOp::from_formats(slots.iter().map(|s| s.data_format.as_str()));
        let mut pieces = stmt.operands.clone();
        let mut modifier_pieces = Vec::new();
        if let Some(last) = pieces.pop() {
            let last = syntax::vector::tighten_brackets(&last);
            let (rest, mods) =
                peel_modifiers(&last, |w| crate::syntax::vop_modifiers::parse(w).is_some());
            if !rest.text.is_empty() || mods.is_empty() {
                pieces.push(rest);
            }
            modifier_pieces = mods;
        }
        if pieces.len() > slots.len() {
            return Err(reject(pieces[slots.len()].column, INVALID_OPERAND));
        }
        if pieces.len() < slots.len() {
            return Err(reject(stmt.column, "too few operands for instruction"));
        }
        let mut fields: Vec<(String, u32)> = Vec::new();
        let mut set = |name: &str, bits: u32| match fields.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v |= bits,
            None => fields.push((name.to_string(), bits)),
        };
        let mut operands = Vec::new();
        let mut stripped = Vec::new();
        for (piece, slot) in pieces.iter().zip(&slots) {
            let field = slot.field.as_deref().unwrap_or("");
            let bit = operand_bit(field);
            let (text, mods) = if field.starts_with("SRC") || field.starts_with("VSRC") {
                split_source_modifiers(&piece.text).map_err(|m| reject(piece.column, m))?
            } else {
                (piece.text.clone(), Default::default())
            };
            if mods.sext && !sdwa {
                return Err(NotEncoded::Unsupported(
                    "sext modifier not implemented".into(),
                ));
            }
            if let Some(bit) = bit.filter(|&b| mods.sext && b < 2) {
                set("SEXT", 1 << bit);
            }
            if let Some(bit) = bit.filter(|_| mods.any()) {
                // 32-bit forms take source modifiers only in their DPP16 or SDWA dword
                // (src0/src1).
                if short && !((dpp == Some(Dpp::Dpp16) || sdwa) && bit < 2) {
                    return Err(reject(piece.column, INVALID_OPERAND));
                }
                if mods.neg {
                    set("NEG", 1 << bit);
                }
                if mods.abs {
                    // VOP3P has no ABS field; the mixed-precision FMAs read NEG_HI as abs
                    // (RDNA3 ISA §7.4 "VOP3P", V_FMA_MIX*).
                    set(
                        if family == Family::Vop3p {
                            "NEG_HI"
                        } else {
                            "ABS"
                        },
                        1 << bit,
                    );
                }
            }
            if let (Some(bit), (_, Some(true))) = (bit, strip_half(&text)) {
                set("OPSEL", 1 << bit);
            }
            let inner = Piece {
                text,
                column: piece.column,
            };
            let value = parser(classify_vector(&slot.operand_type))
                .parse(&inner, slot, cx)
                .map_err(|m| reject(piece.column, m))?;
            let vgpr = matches!(&value, OperandValue::Reg(r) if r.file == RegFile::Vgpr);
            // The DPP dword names src0 by VGPR number; GFX11 also wants a VGPR src1 there
            // (GFX12 takes SGPRs and constants; checked with llvm-mc 22).
            let vgpr_only = field == "SRC0" || (field == "SRC1" && cx.syntax.gfx_major == 11);
            if dpp.is_some() && vgpr_only && !vgpr {
                return Err(reject(piece.column, INVALID_OPERAND));
            }
            operands.push(InstOperand {
                spec: slot.clone(),
                value,
            });
            stripped.push(inner);
        }
        let sources = slots
            .iter()
            .filter(|s| {
                s.field
                    .as_deref()
                    .and_then(operand_bit)
                    .is_some_and(|b| b < 3)
            })
            .count() as u32;
        let has_vdst = slots.iter().any(|s| s.field.as_deref() == Some("VDST"));
        let mut explicit_opsel_hi = false;
        for piece in &modifier_pieces {
            let parsed =
                crate::syntax::vop_modifiers::parse(&piece.text).expect("peeled as a modifier");
            let modifier = parsed.map_err(|m| reject(piece.column, m))?;
            let is_dpp_modifier = matches!(
                modifier,
                VopModifier::Dpp16(..) | VopModifier::Dpp8(_) | VopModifier::FetchInactive(_)
            );
            let sdwa_ok = sdwa
                && matches!(
                    modifier,
                    VopModifier::Sdwa(..) | VopModifier::Field("CLAMP" | "OMOD", _)
                );
            if short && !is_dpp_modifier && !sdwa_ok {
                return Err(reject(piece.column, INVALID_OPERAND));
            }
            let field_name = match &modifier {
                VopModifier::Field(name, _) | VopModifier::Bits(name, ..) => *name,
                _ => "",
            };
            if let Some(narrow) = narrow {
                let sel = field_name.starts_with("OPSEL");
                // Float-8 sources take no negation (the f32 accumulator src2 does).
                let negates_packed = match modifier {
                    VopModifier::Bits("NEG" | "NEG_HI", bits, _) => bits & 0b11 != 0,
                    _ => field_name == "CLAMP",
                };
                if sel || (narrow.float8 && negates_packed) {
                    return Err(reject(piece.column, "not a valid operand."));
                }
            }
            if let Some(matrix) = &matrix {
                if !matrix.modifier_ok(&modifier, gfx_major, self.ctx.wave64) {
                    return Err(reject(piece.column, INVALID_OPERAND));
                }
            }
            match modifier {
                VopModifier::Dpp16(name, value) if dpp == Some(Dpp::Dpp16) => set(name, value),
                VopModifier::Dpp8(sels) if dpp == Some(Dpp::Dpp8) => {
                    for (i, sel) in sels.iter().enumerate() {
                        set(&format!("LANE_SEL_{i}"), *sel);
                    }
                }
                VopModifier::FetchInactive(n) if dpp.is_some() => set("FI", n),
                VopModifier::Dpp16(..) | VopModifier::Dpp8(_) | VopModifier::FetchInactive(_) => {
                    return Err(reject(piece.column, INVALID_OPERAND))
                }
                VopModifier::Field(name, value) => set(name, value),
                VopModifier::Bits("OPSEL", bits, len)
                    if family != Family::Vop3p && has_vdst && len == sources + 1 =>
                {
                    // The last op_sel element selects the destination half (OPSEL bit 3).
                    let dst = (bits >> (len - 1)) & 1;
                    set("OPSEL", (bits & !(1 << (len - 1))) | dst << 3);
                }
                VopModifier::Bits("OPSEL_HI", bits, len) => {
                    // Elements not written default to 1.
                    explicit_opsel_hi = true;
                    set("OPSEL_HI", bits | (0b111 & !((1 << len) - 1)));
                }
                VopModifier::Bits(name, bits, _) => set(name, bits),
                VopModifier::ByteSel(n) => set("OPSEL", syntax::vector::byte_sel_bits(n, sources)),
                VopModifier::IndexKey(n) if matrix.is_some() => set("OPSEL", n),
                VopModifier::Sdwa(name, value) if sdwa => set(name, value),
                VopModifier::Sdwa(..) => return Err(reject(piece.column, INVALID_OPERAND)),
                VopModifier::IndexKey(_) => return Err(reject(piece.column, INVALID_OPERAND)),
            }
        }
        if family == Family::Vop3p && !explicit_opsel_hi && !syntax::vector::is_mix(base) {
            // Packed math reads the high halves for the high lanes unless told otherwise.
            set("OPSEL_HI", 0b111);
        }
        let opsel = fields.iter().find(|(n, _)| n == "OPSEL").map_or(0, |f| f.1);
        if syntax::vector::opsel_sources_must_be_zero(&instruction.name) && opsel & 0b11 != 0 {
            return Err(reject(stmt.column, "invalid op_sel operand"));
        }
        if sdwa {
            // Unwritten selects read and write whole dwords.
            let src1 = slots
                .iter()
                .any(|s| matches!(s.field.as_deref(), Some("VSRC1" | "SRC1")));
            for (name, value, applies) in [
                ("DST_SEL", 6, cx.encoding.field("DST_SEL").is_some()),
                ("SRC0_SEL", 6, true),
                ("SRC1_SEL", 6, src1),
            ] {
                if applies && !fields.iter().any(|(n, _)| n == name) {
                    fields.push((name.to_string(), value));
                }
            }
        }
        if dpp == Some(Dpp::Dpp16) {
            if !fields.iter().any(|(n, _)| n == "DPP_CTRL") {
                return Err(reject(stmt.column, "missing DPP control"));
            }
            // Rows and banks are all enabled unless masked.
            for mask in ["ROW_MASK", "BANK_MASK"] {
                if !fields.iter().any(|(n, _)| n == mask) {
                    fields.push((mask.to_string(), 0xf));
                }
            }
        }
        if dpp.is_some()
            && operands
                .iter()
                .any(|o| matches!(o.value, OperandValue::Literal { .. }))
        {
            return Err(reject(stmt.column, INVALID_OPERAND));
        }
        check_literals(&operands, &stripped)?;
        Ok(Inst {
            mnemonic: stmt.mnemonic.clone(),
            name: instruction.name.clone(),
            encoding: if dpp.is_some() || sdwa {
                cx.encoding.name.clone()
            } else {
                form.encoding.clone()
            },
            opcode: form.opcode,
            operands,
            modifiers: fields.into(),
        })
    }

    /// Why a mnemonic the spec does not know is not encoded: a suffixed form of a known
    /// instruction (`_e64`, `_dpp`...) is an unimplemented form; an unknown mnemonic of an
    /// unimplemented family is a gap in our tables; an unknown scalar mnemonic is rejected.
    fn unknown_mnemonic(&self, stmt: &Statement) -> AsmOutcome {
        if let Some((base, form)) = syntax::encoding_suffix(&stmt.mnemonic) {
            if let Some(instruction) = self.instruction(base) {
                // Scalar instructions have no VOP forms to select.
                let scalar_only = instruction
                    .encodings
                    .iter()
                    .all(|e| Family::of(&e.encoding).is_scalar());
                if scalar_only {
                    return reject(stmt.column, "instruction not in spec").into();
                }
                return AsmOutcome::Unsupported(format!("{form} not implemented"));
            }
        }
        // Only where every spec instruction nearest the mnemonic is of a family we do not
        // encode can the mnemonic be a gap in alias tables we have no use for yet.
        let families = self.nearest_families(&stmt.mnemonic);
        if !families.is_empty() && !families.iter().any(|f| implemented_family(Family::of(f))) {
            return AsmOutcome::Unsupported(format!(
                "mnemonic of unimplemented family {} not in alias tables",
                families.join("/")
            ));
        }
        reject(stmt.column, "instruction not in spec").into()
    }

    /// The encoding families (sorted, deduplicated) of the spec instructions nearest to a
    /// mnemonic the spec lacks: those whose names share the most leading `_`-separated words
    /// with it, at least the first (`v_mfma_f32_32x32x1f32` -> the `V_MFMA_F32_*` ops).
    /// Empty when no instruction shares even the first word.
    fn nearest_families(&self, mnemonic: &str) -> Vec<&str> {
        let words: Vec<String> = mnemonic
            .split('_')
            .map(|w| w.to_ascii_uppercase())
            .collect();
        let shared = |name: &str| {
            name.split('_')
                .zip(&words)
                .take_while(|(a, b)| a == b)
                .count()
        };
        let instructions = &self.ctx.spec.instructions;
        let best = instructions
            .iter()
            .map(|i| shared(&i.name))
            .max()
            .unwrap_or(0);
        if best == 0 {
            return Vec::new();
        }
        let mut families: Vec<&str> = instructions
            .iter()
            .filter(|i| shared(&i.name) == best)
            .flat_map(|i| i.encodings.iter().map(|e| family_name(&e.encoding)))
            .collect();
        families.sort_unstable();
        families.dedup();
        families
    }

    /// Parses the operand texts against the spec operands of `form` into an [`Inst`].
    fn build(
        &self,
        stmt: &Statement,
        instruction: &Instruction,
        form: &InstructionEncoding,
        cx: &OperandCtx,
    ) -> Result<Inst, NotEncoded> {
        let mnemonic = stmt.mnemonic.as_str();
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
        // Trailing modifiers: words after the last operand.
        let mut modifier_pieces = Vec::new();
        if let Some(last) = pieces.pop() {
            let is_smem = Family::of(&form.encoding) == Family::Smem;
            let (rest, mods) = peel_modifiers(&last, |word| {
                (is_smem && word.to_ascii_lowercase().starts_with("offset:"))
                    || smem_modifiers::parse(mnemonic, word, cx.syntax).is_some()
                    || flag_field(cx, word).is_some()
            });
            if !rest.text.is_empty() || mods.is_empty() {
                pieces.push(rest);
            }
            modifier_pieces = mods;
        }
        // Symbolic operands (waitcnt, sendmsg...) may contain top-level commas.
        if pieces.len() > slots.len() && !slots.is_empty() {
            let last_slot = &slots[slots.len() - 1];
            if is_symbolic_type(&last_slot.operand_type) {
                let tail = pieces.split_off(slots.len() - 1);
                let text = tail
                    .iter()
                    .map(|p| p.text.as_str())
                    .collect::<Vec<_>>()
                    .join(", ");
                pieces.push(Piece {
                    text,
                    column: tail[0].column,
                });
            }
        }
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
                spec: slot.clone(),
                value,
            });
        }
        let mut modifiers = Vec::new();
        for piece in &modifier_pieces {
            let lower = piece.text.to_ascii_lowercase();
            if let Some(value) = lower.strip_prefix("offset:") {
                merge_offset(&mut operands, value, piece, cx)?;
                continue;
            }
            match smem_modifiers::parse(mnemonic, &piece.text, cx.syntax) {
                Some(Ok(fields)) => modifiers.extend(fields),
                Some(Err(m)) => return Err(reject(piece.column, m)),
                None => match flag_field(cx, &piece.text) {
                    Some(field) => modifiers.push((field, 1)),
                    None => return Err(reject(piece.column, INVALID_OPERAND)),
                },
            }
        }
        check_literals(&operands, &pieces)?;
        check_smem_offset(&operands, &pieces, cx)?;
        Ok(Inst {
            mnemonic: mnemonic.to_string(),
            name: instruction.name.clone(),
            encoding: form.encoding.clone(),
            opcode: form.opcode,
            operands,
            modifiers: modifiers.into(),
        })
    }
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
        let head = Piece {
            text: piece.text[..at].trim_end().to_string(),
            column: piece.column,
        };
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

/// True for an encoding family some path of [`Assembler::assemble`] encodes: the scalar and
/// vector ALU families ([`family_encoder`]), dual issue (VOPD), vector memory, images and
/// exports.
fn implemented_family(family: Family) -> bool {
    family_encoder(family).is_some() || family == Family::Vopd || family.is_vector_memory()
}

/// The spec form to encode: an implemented family, `ENC_*` before `*_INST_LITERAL`, the
/// default condition first.
fn choose_form(instruction: &Instruction) -> Option<&InstructionEncoding> {
    let usable = |e: &&InstructionEncoding| Family::of(&e.encoding).is_scalar();
    let rank = |e: &InstructionEncoding| {
        (
            e.encoding.ends_with("_INST_LITERAL"),
            e.condition != "default",
        )
    };
    instruction
        .encodings
        .iter()
        .filter(usable)
        .min_by_key(|e| rank(e))
}

/// `VOP2_INST_LITERAL` -> `ENC_VOP2`, so unsupported reasons stay few.
fn family_encoding(encoding: &str) -> String {
    format!("ENC_{}", family_name(encoding))
}

/// LLVM allows one literal value per instruction (used by several operands at most once).
fn check_literals(operands: &[InstOperand], pieces: &[Piece]) -> Result<(), NotEncoded> {
    let mut seen: Option<(u32, Option<&str>)> = None;
    for (op, piece) in operands.iter().zip(pieces) {
        if let OperandValue::Literal { value, expr } = &op.value {
            let this = (*value, expr.as_deref());
            match seen {
                Some(first) if first != this => {
                    return Err(reject(
                        piece.column,
                        "only one unique literal operand is allowed",
                    ))
                }
                _ => seen = Some(this),
            }
        }
    }
    Ok(())
}

/// Immediate SMEM offsets must fit the offset field: signed for memory loads, unsigned and one
/// bit narrower for buffer loads (128-bit SBASE).
fn check_smem_offset(
    operands: &[InstOperand],
    pieces: &[Piece],
    cx: &OperandCtx,
) -> Result<(), NotEncoded> {
    let buffer = operands
        .iter()
        .any(|o| o.spec.field.as_deref() == Some("SBASE") && o.spec.size == 128);
    for (op, piece) in operands.iter().zip(pieces) {
        let OperandValue::SmemOffset { imm: Some(imm), .. } = op.value else {
            continue;
        };
        let Some(width) = ["OFFSET", "IOFFSET"]
            .iter()
            .find_map(|f| cx.encoding.field(f))
            .map(|f| f.width())
        else {
            continue;
        };
        if !smem_offset_fits(imm, width, buffer) {
            let message = if buffer {
                format!("expected a {}-bit unsigned offset", width - 1)
            } else {
                format!("expected a {width}-bit signed offset")
            };
            return Err(reject(piece.column, message));
        }
    }
    Ok(())
}
