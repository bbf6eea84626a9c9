//! Vector ALU statements (VOP1, VOP2, VOPC, VOP3, VOP3P and their DPP/SDWA forms): the form
//! a suffix forces, LLVM's order of trying forms, operands with source modifiers and true16
//! halves, then the modifiers after the operands.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use mcdiff_spec::{Instruction, InstructionEncoding, Operand};

use super::operands::parser;
use super::{check_literals, encode_built, reject, AsmOutcome, Assembler, NotEncoded};
use crate::encode::family_encoder;
use crate::family::{family_name, form_families, Family};
use crate::form::{Form, FormId};
use crate::inst::{Inst, InstOperand, OperandValue, RegFile};
use crate::operands::{classify_vector, KindId, OperandCtx, INVALID_OPERAND};
use crate::syntax::vector::{operand_bit, split_source_modifiers, strip_half, Dpp, OPERANDLESS};
use crate::syntax::vop_modifiers::{self, VopModifier};
use crate::syntax::{self, forms, has_part, peel_modifiers, Piece, Statement};

impl<'s> Assembler<'s> {
    /// Vector ALU statements: `None` when the mnemonic names no vector instruction (with or
    /// without an `_e32`/`_e64` suffix). Forms are tried in LLVM's order; the first that
    /// takes the operands is encoded.
    pub(super) fn assemble_vector(&self, stmt: &Statement) -> Option<AsmOutcome> {
        let (instruction, base, mut forced, dpp_suffix) =
            self.vector_instruction(&stmt.mnemonic)?;
        if forced == forms::Forced::None
            && self.ctx.gfx_major < 11
            && syntax::vector::asks_for_sdwa(stmt)
        {
            forced = forms::Forced::Sdwa;
        }
        let dpp = syntax::vector::dpp_kind(stmt, dpp_suffix);
        if dpp.is_some()
            && self.ctx.spec.cannot_use_dpp(&instruction.name)
            && !syntax::vector::uses_dpp64_control(stmt, &self.ctx)
        {
            // The manual's instruction limitations list it (RDNA1 ISA §12.19.1).
            let message = variant_not_supported(forced, true);
            return Some(reject(stmt.column, message).into());
        }
        let text = split_trailing_modifiers(stmt);
        let mut first_error = None;
        for form in forms::candidates(instruction, forced) {
            let sdwa = forced == forms::Forced::Sdwa;
            let layout = self.form_layout(instruction, form, sdwa, dpp);
            if dpp.is_some() && layout.dpp_refused {
                // The manual's DPP section names the formats DPP may be used with, and its
                // table the opcodes of each that may not.
                let message = variant_not_supported(forced, true);
                first_error.get_or_insert(reject(stmt.column, message));
                continue;
            }
            let no_dpp = dpp.and_then(|dpp| self.no_dpp_for_64bit(stmt, instruction, &layout, dpp));
            if let Some(message) = no_dpp {
                first_error.get_or_insert(reject(stmt.column, message));
                continue;
            }
            let Some(encoding) = layout.encoding else {
                let opcodes = self.ctx.spec.sources.first();
                let complete = opcodes.is_some_and(|s| s.fidelity.lists_every_format());
                let composed = dpp.is_some() || sdwa;
                let absent = complete || sdwa && self.ctx.spec.no_sdwa;
                first_error.get_or_insert(if absent && composed {
                    // The spec describes every format, or the manual has no SDWA: the target
                    // has no such form.
                    reject(stmt.column, variant_not_supported(forced, dpp.is_some()))
                } else {
                    let name = &layout.name;
                    NotEncoded::Unsupported(format!("encoding {name} missing from spec"))
                });
                continue;
            };
            let cx = OperandCtx::new(&self.ctx, base, encoding);
            let inst = match self.build_vector(&text, base, instruction, form, layout.form, &cx) {
                Ok(inst) => inst,
                Err(why) => {
                    first_error.get_or_insert(why);
                    continue;
                }
            };
            let handler = family_encoder(Family::of(&form.encoding))
                .expect("vector candidates are implemented families");
            return Some(encode_built(inst, handler, &cx));
        }
        // No candidate: the spec gives the instruction no encoding of the form its suffix
        // (or its SDWA selects) ask for.
        let message = variant_not_supported(forced, dpp.is_some());
        Some(
            first_error
                .unwrap_or_else(|| reject(stmt.column, message))
                .into(),
        )
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
    /// true16 halves, then the modifiers after the operands, then the defaults of fields the
    /// text leaves out.
    fn build_vector(
        &self,
        text: &VectorText,
        base: &str,
        instruction: &Instruction,
        form: &InstructionEncoding,
        typed: Form,
        cx: &OperandCtx,
    ) -> Result<Inst, NotEncoded> {
        let dpp = typed.dpp();
        let (stmt, pieces, modifier_words) = (text.stmt, &text.pieces, &text.modifiers);
        self.check_operand_facts(base, instruction, form)?;
        let form_slots = self.form_slots(instruction, form, base);
        let mut slots = Cow::Borrowed(&*form_slots);
        let shape = VectorShape {
            family: typed.family,
            sdwa: typed.is_sdwa(),
            dpp,
        };
        if slots.is_empty() && (shape.sdwa || shape.dpp.is_some()) {
            // The DPP and SDWA words mark their source field (0xFA, 0xF9), which the encoder
            // fills from a source operand: an instruction without one has nothing to mark.
            let reason = "DPP and SDWA forms of an instruction without operands";
            return Err(NotEncoded::Unsupported(reason.into()));
        }
        if shape.sdwa {
            edit_slots(&mut slots, |s| {
                syntax::vector::sdwa_source_types(s, cx.encoding)
            });
        }
        if shape.sdwa && sdwa_too_wide(&slots, base) {
            // SDWA selects bytes and words of 32-bit registers: LLVM has no SDWA form of an
            // instruction with 64-bit operands and names the first SDWA word.
            let column = (modifier_words.first()).map_or(stmt.column, |w| w.piece.column);
            return Err(reject(column, "not a valid operand."));
        }
        let explicit_sdst = sdwa_compare_destination(&mut slots, pieces, shape, cx);
        let pieces = self.with_implicit_vcc(pieces, &slots, shape, stmt.column);
        if pieces.len() > slots.len() {
            return Err(reject(pieces[slots.len()].column, INVALID_OPERAND));
        }
        if pieces.len() < slots.len() {
            return Err(reject(stmt.column, "too few operands for instruction"));
        }
        let mut fields = FieldSet::default();
        if explicit_sdst {
            fields.set("SD", 1);
        }
        if shape.family.is_matrix() {
            edit_slots(&mut slots, |s| {
                size_matrix_sources(s, &instruction.name, modifier_words)
            });
        }
        let mut operands =
            vector_operands(&pieces, &slots, (shape, &instruction.name), cx, &mut fields)?;
        self.check_scalar_lane_selects(instruction, &operands, &pieces)?;
        check_lds_direct(&operands, &pieces)?;
        if shape.family.is_matrix() {
            check_accumulator(&operands, &pieces)?;
        }
        let modifier_words = take_attribute_word(modifier_words, &mut operands, shape);
        let names = (base, instruction.name.as_str());
        self.apply_modifiers(&modifier_words, names, &slots, shape, &mut fields)?;
        let reuse_hints = self.ctx.matrix_reuse && is_matrix(&slots);
        if reuse_hints {
            // OPSEL_HI[2] is the B-matrix reuse hint; the source bits stay 1.
            fields.set("OPSEL_HI", fields.get("OPSEL_HI") | 0b011);
        } else if shape.family == Family::Vop3p
            && !fields.has("OPSEL_HI")
            && !syntax::vector::is_mix(base)
        {
            // Packed math reads the high halves for the high lanes unless told otherwise.
            fields.set("OPSEL_HI", 0b111);
        }
        if !self.opsel_allowed(instruction, &operands, &fields) {
            return Err(reject(stmt.column, "invalid op_sel operand"));
        }
        default_dpp_and_sdwa_fields(&mut fields, &slots, shape, cx, stmt.column)?;
        let literal = operands
            .iter()
            .any(|o| matches!(o.value, OperandValue::Literal { .. }));
        if dpp.is_some() && literal {
            return Err(reject(stmt.column, INVALID_OPERAND));
        }
        share_wide_constant(&mut operands);
        check_literals(&operands, &pieces)?;
        check_constant_bus(&operands, &pieces, shape, base, cx.target.gfx_major)?;
        Ok(Inst {
            mnemonic: stmt.mnemonic.to_string(),
            name: instruction.name.clone(),
            form: typed,
            opcode: form.opcode,
            operands,
            modifiers: fields.0.into(),
        })
    }

    /// The encoding a statement of `form` is laid out in (the form's own, or its SDWA or DPP
    /// variant) and whether the manual refuses the form DPP, found once per assembler.
    fn form_layout(
        &self,
        instruction: &Instruction,
        form: &InstructionEncoding,
        sdwa: bool,
        dpp: Option<Dpp>,
    ) -> Rc<FormLayout<'s>> {
        let spec = self.ctx.spec;
        let id = FormId::of(spec, instruction, form);
        self.layouts.get_or((id, sdwa, dpp), || {
            let family = family_name(&form.encoding);
            let name = match dpp {
                // DPP forms are the spec's composed DPP encodings with the opcode of the
                // base form.
                Some(dpp) => syntax::vector::dpp_layout(spec, family, dpp),
                None if sdwa => syntax::vector::sdwa_layout(spec, family),
                None => forms::layout_encoding(&form.encoding),
            };
            let refused = || spec.refuses_dpp(instruction, family, &form_families(instruction));
            // The statement's form names the composed encoding of a DPP or SDWA word, else
            // the form's own (a literal form's word is laid out as its family's).
            let named = if dpp.is_some() || sdwa {
                &name
            } else {
                &form.encoding
            };
            Rc::new(FormLayout {
                encoding: spec.encoding(&name),
                form: Form::of_id(spec, id, named),
                name,
                dpp_refused: dpp.is_some() && (!spec.allows_dpp_with(family) || refused()),
            })
        })
    }

    /// The operand slots of `form` for `base` ([`forms::slots`]), found once per assembler:
    /// every line of a test file names its forms again.
    fn form_slots(
        &self,
        instruction: &Instruction,
        form: &InstructionEncoding,
        base: &str,
    ) -> Rc<[Arc<Operand>]> {
        let key = FormId::of(self.ctx.spec, instruction, form);
        let known = self.slots.borrow().get(&key).and_then(|by_mnemonic| {
            (by_mnemonic.iter())
                .find(|(mnemonic, _)| mnemonic == base)
                .map(|(_, slots)| Rc::clone(slots))
        });
        known.unwrap_or_else(|| {
            let slots = forms::slots(instruction, form, base, &self.ctx);
            let slots: Rc<[Arc<Operand>]> = slots.into_iter().map(Arc::new).collect();
            let mut cache = self.slots.borrow_mut();
            let by_mnemonic = cache.entry(key).or_default();
            by_mnemonic.push((base.to_string(), Rc::clone(&slots)));
            slots
        })
    }

    /// `Unsupported` for a form whose operands no source gives. A high-fidelity file's empty
    /// list means no operands, as does LLVM's bare syntax; elsewhere (manual-only
    /// instructions, GFX12.5's additions) an empty list is unknown.
    fn check_operand_facts(
        &self,
        base: &str,
        instruction: &Instruction,
        form: &InstructionEncoding,
    ) -> Result<(), NotEncoded> {
        let no_facts = |e: &InstructionEncoding| e.operands.is_empty();
        let operandless = self.ctx.spec.lists_every_operand_of(form) || OPERANDLESS.contains(&base);
        if no_facts(form) && forms::native_form(instruction).is_none_or(no_facts) && !operandless {
            return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
        }
        Ok(())
    }

    /// Whether the OPSEL bits set are ones the instruction takes: not the source bits of the
    /// ops that must keep them zero, nor a scalar source's of a packed-f32 op where the manual
    /// says so, nor the bits above FI and BOUND_CTRL where the manual reserves them.
    fn opsel_allowed(
        &self,
        instruction: &Instruction,
        operands: &[InstOperand],
        fields: &FieldSet,
    ) -> bool {
        let spec = &self.ctx.spec;
        let opsel = fields.get("OPSEL");
        let zero_sources = syntax::vector::opsel_sources_must_be_zero(&instruction.name);
        let two_bits = spec
            .opsel_fi_and_bound_ctrl_only
            .contains(&instruction.name);
        !(zero_sources && opsel & 0b11 != 0
            || spec.packed_f32_sgpr_no_opsel && packed_f32_scalar_selected(operands, fields)
            || two_bits && opsel & !0b11 != 0)
    }

    /// From GFX10 on, LLVM's text of a 32-bit form (e32, DPP, SDWA) may leave out the VCC
    /// operands its encoding implies (checked with llvm-mc 22 on gfx1010, both wave sizes,
    /// and gfx1100: `v_cndmask_b32_e32 v5, v1, v2`, `v_add_co_ci_u32_e32 v3, v3, v4`,
    /// `v_cmp_ge_i32_e32 s0, v0`): the pieces gain the VCC they leave out, so the text is
    /// read as if written in full. Nothing else is filled in.
    fn with_implicit_vcc<'p, 't>(
        &self,
        pieces: &'p [Piece<'t>],
        slots: &[Arc<Operand>],
        shape: VectorShape,
        column: u32,
    ) -> Cow<'p, [Piece<'t>]> {
        let implicit: Vec<usize> = (0..slots.len())
            .filter(|&i| classify_vector(&slots[i].operand_type) == KindId::ImplicitVcc)
            .collect();
        let left_out = pieces.len() + implicit.len() == slots.len();
        if self.ctx.gfx_major < 10 || !shape.family.is_vop32() || implicit.is_empty() || !left_out {
            return Cow::Borrowed(pieces);
        }
        let text = if self.ctx.wave64 { "vcc" } else { "vcc_lo" };
        let mut pieces = pieces.to_vec();
        for i in implicit {
            let piece = Piece {
                text: text.into(),
                column,
            };
            pieces.insert(i, piece);
        }
        Cow::Owned(pieces)
    }

    /// The second and third sources of the instructions the manual says take scalar values
    /// there (V_PERMLANE16_B32's lane selects) may not be VGPRs.
    fn check_scalar_lane_selects(
        &self,
        instruction: &Instruction,
        operands: &[InstOperand],
        pieces: &[Piece],
    ) -> Result<(), NotEncoded> {
        if !self
            .ctx
            .spec
            .scalar_second_and_third
            .contains(&instruction.name)
        {
            return Ok(());
        }
        for (op, piece) in operands.iter().zip(pieces) {
            let lane_select = matches!(op.spec.field.as_deref(), Some("SRC1" | "SRC2"));
            let vgpr = matches!(&op.value, OperandValue::Reg(r) if r.file == RegFile::Vgpr);
            if lane_select && vgpr {
                return Err(reject(piece.column, INVALID_OPERAND));
            }
        }
        Ok(())
    }

    /// Whether the output modifier applies to the form's result: where the manual names the
    /// float formats it applies to (half, single and double), not to another float result
    /// such as bfloat16 (llvm-mc 22 on gfx1200 and gfx1250: "not a valid operand").
    fn omod_applies(&self, slots: &[Arc<Operand>]) -> bool {
        let Some(formats) = &self.ctx.spec.omod_formats else {
            return true;
        };
        let result = slots.iter().find(|s| s.field.as_deref() == Some("VDST"));
        result.is_none_or(|r| {
            // The element format: packed half results are half results (the manual: they
            // ignore OMOD).
            let stem = r.data_format.trim_start_matches("FMT_NUM_");
            let element = stem.split_once('_').filter(|(p, _)| p.starts_with("PK"));
            let element = element.map_or(stem, |(_, e)| e);
            !syntax::constants::is_float_format(element) || formats.iter().any(|f| f == element)
        })
    }

    /// Whether CLAMP and OMOD may be set on an instruction with these operands: always,
    /// unless the spec says they apply to floating-point results only (GFX6/GFX7), then where
    /// the result (VDST) has a float format; a compare's mask and an integer result take
    /// neither.
    fn output_modifiers_apply(&self, slots: &[Arc<Operand>]) -> bool {
        if !self.ctx.spec.output_modifiers_float_only {
            return true;
        }
        let result = slots.iter().find(|s| s.field.as_deref() == Some("VDST"));
        result.is_some_and(|r| syntax::constants::is_float_format(&r.data_format))
    }

    /// Applies the modifiers after the operands (op_sel, clamp, DPP controls, SDWA selects...)
    /// to `fields`, rejecting those the form does not take.
    fn apply_modifiers(
        &self,
        modifier_words: &[ModifierWord],
        (base, name): (&str, &str),
        slots: &[Arc<Operand>],
        shape: VectorShape,
        fields: &mut FieldSet,
    ) -> Result<(), NotEncoded> {
        let form = ModifierForm {
            base,
            opsel_is_destination_byte: syntax::vector::opsel_is_destination_byte(&self.ctx, name),
            slots,
            shape,
            // The scaled MFMA's op_sel and op_sel_hi pick its scales' bytes (CDNA4 ISA
            // §7.2.1), not halves of its packed matrix sources.
            narrow: slots
                .iter()
                .find_map(|s| syntax::vector::narrow_packed(&s.data_format))
                .filter(|_| shape.family != Family::Vop3px2),
            matrix: syntax::vector::MatrixOp::from_formats(
                slots.iter().map(|s| s.data_format.as_str()),
            ),
            sources: source_count(slots),
            has_vdst: slots.iter().any(|s| s.field.as_deref() == Some("VDST")),
        };
        let mut last_rank = None;
        for ModifierWord { piece, parsed } in modifier_words {
            let modifier = parsed.clone().map_err(|m| reject(piece.column, m))?;
            check_modifier_order(&modifier, piece, shape.family, &mut last_rank)?;
            self.check_modifier(piece, &modifier, &form)?;
            self.set_modifier_fields(piece, modifier, &form, fields)?;
        }
        Ok(())
    }

    /// Whether `modifier` may be written on this form at all: an existing swizzle, one the
    /// 32-bit word has room for, what narrow packed and matrix ops take, OMOD where it applies
    /// and no clamp or OMOD where the instruction has none.
    fn check_modifier(
        &self,
        piece: &Piece,
        modifier: &VopModifier,
        form: &ModifierForm,
    ) -> Result<(), NotEncoded> {
        let not_valid = || reject(piece.column, "not a valid operand.");
        let bad = || reject(piece.column, INVALID_OPERAND);
        if !vop_modifiers::swizzle_exists_on(&piece.text, &self.ctx) {
            return Err(not_valid());
        }
        if form.shape.family.is_vop32() && !modifier_fits_vop32(modifier, form.shape.sdwa) {
            return Err(bad());
        }
        if let Some(narrow) = form.narrow {
            if !narrow_takes(modifier, narrow.float8, self.ctx.narrow_packed_op_sel) {
                return Err(not_valid());
            }
        }
        let matrix_ok = |m: &syntax::vector::MatrixOp| {
            m.modifier_ok(modifier, self.ctx.gfx_major, self.ctx.wave64)
        };
        if form.matrix.as_ref().is_some_and(|m| !matrix_ok(m)) {
            return Err(bad());
        }
        if matches!(modifier, VopModifier::Field("OMOD", _)) && !self.omod_applies(form.slots) {
            return Err(not_valid());
        }
        // The instructions the manual says ignore OMOD (and clamp) take neither modifier,
        // as llvm-mc 22 refuses them.
        let named = |names: &[String]| names.iter().any(|n| n.eq_ignore_ascii_case(form.base));
        let (spec, neither) = (
            &self.ctx.spec,
            syntax::vector::takes_no_clamp_or_omod(form.base),
        );
        let float_result = self.output_modifiers_apply(form.slots);
        let no_clamp = neither || named(&spec.ignores_clamp) || !float_result;
        let no_omod = neither || named(&spec.ignores_omod) || !float_result;
        match modifier {
            VopModifier::Field("CLAMP", _) if no_clamp => return Err(bad()),
            VopModifier::Field("OMOD", _) if no_omod => return Err(not_valid()),
            _ => {}
        }
        Ok(())
    }

    /// Sets the DPP control fields `modifier` writes on a DPP form (and the lane-swap ops'
    /// fetch-inactive and bound-control OPSEL bits); whether it was one of those.
    fn set_dpp_field(
        &self,
        modifier: &VopModifier,
        form: &ModifierForm,
        fields: &mut FieldSet,
    ) -> bool {
        let shape = form.shape;
        let swap_controls = syntax::vector::swaps_lanes(form.base) && shape.family == Family::Vop3;
        match *modifier {
            VopModifier::Dpp16("BOUND_CTRL", value) if swap_controls => {
                // `bound_ctrl:0` sets the bit before GFX11, as in DPP.
                let set = value == 1 || self.ctx.gfx_major < 11;
                fields.set("OPSEL", fields.get("OPSEL") | u32::from(set) << 1)
            }
            VopModifier::FetchInactive(n) if swap_controls => {
                fields.set("OPSEL", fields.get("OPSEL") | (n & 1))
            }
            VopModifier::Dpp16("BOUND_CTRL", 0)
                if shape.dpp == Some(Dpp::Dpp16) && self.ctx.gfx_major < 11 =>
            {
                // Before GFX11 `bound_ctrl:0` means what `bound_ctrl:1` does (LLVM's
                // AMDGPU modifier syntax, bound_ctrl).
                fields.set("BOUND_CTRL", 1)
            }
            VopModifier::Dpp16(name, value) if shape.dpp == Some(Dpp::Dpp16) => {
                fields.set(name, value)
            }
            VopModifier::Dpp8(sels) if shape.dpp == Some(Dpp::Dpp8) => {
                for (field, sel) in syntax::vector::LANE_SELS.into_iter().zip(sels) {
                    fields.set(field, sel);
                }
            }
            VopModifier::FetchInactive(n) if shape.dpp.is_some() => fields.set("FI", n),
            _ => return false,
        }
        true
    }

    /// Sets the fields `modifier` writes on this form, or refuses it where the form has no
    /// such field.
    fn set_modifier_fields(
        &self,
        piece: &Piece,
        modifier: VopModifier,
        form: &ModifierForm,
        fields: &mut FieldSet,
    ) -> Result<(), NotEncoded> {
        let bad = || reject(piece.column, INVALID_OPERAND);
        let (base, slots, shape, sources) = (form.base, form.slots, form.shape, form.sources);
        if self.set_dpp_field(&modifier, form, fields) {
            return Ok(());
        }
        match modifier {
            VopModifier::Field("CBSZ" | "ABID" | "BLGP", _) if !shape.family.is_matrix() => {
                return Err(reject(piece.column, "not a valid operand."))
            }
            // The scaled ops' ABID has no meaning ([`crate::print`]'s matrix words).
            VopModifier::Field("ABID", _) if shape.family == Family::Vop3px2 => {
                return Err(reject(piece.column, "not a valid operand."))
            }
            VopModifier::Field("BLGP", _)
                if syntax::vector::mfma_blgp_negates(slots.iter().map(|s| &**s), &self.ctx) =>
            {
                return Err(reject(
                    piece.column,
                    "invalid modifier: blgp is not supported",
                ))
            }
            VopModifier::Field(name, value) => fields.set(name, value),
            VopModifier::Bits("BLGP", bits, 3)
                if shape.family.is_matrix()
                    && syntax::vector::mfma_blgp_negates(slots.iter().map(|s| &**s), &self.ctx) =>
            {
                fields.set("BLGP", bits)
            }
            VopModifier::Bits("BLGP", ..) => return Err(bad()),
            VopModifier::Bits("OPSEL", bits, len)
                if shape.family != Family::Vop3p
                    && form.has_vdst
                    && len == sources + 1
                    && !form.opsel_is_destination_byte =>
            {
                // The last op_sel element selects the destination half (OPSEL bit 3).
                let dst = (bits >> (len - 1)) & 1;
                fields.set("OPSEL", (bits & !(1 << (len - 1))) | dst << 3);
            }
            VopModifier::Bits("OPSEL_HI", bits, _) => {
                // Elements not written are 0, as written elements; the bits of sources
                // the instruction lacks stay 1, as when op_sel_hi is not written.
                fields.set("OPSEL_HI", bits | (0b111 & !((1 << sources) - 1)));
            }
            VopModifier::Bits(name, bits, _) => fields.set(name, bits),
            // Beside an op_sel that chose a source half (`op_sel:[1] byte_sel:3`).
            VopModifier::ByteSel(n) => fields.set(
                "OPSEL",
                fields.get("OPSEL") | syntax::vector::byte_sel_bits(n, sources),
            ),
            VopModifier::ScaleSel(n) if syntax::vector::takes_scale_sel(base) => {
                fields.set("OPSEL", n)
            }
            VopModifier::IndexKey(n) if form.matrix.is_some() => {
                fields.set("OPSEL", fields.get("OPSEL") | n)
            }
            VopModifier::MatrixReuse(field) if form.matrix.is_some() && self.ctx.matrix_reuse => {
                fields.set(field, fields.get(field) | 0b100)
            }
            VopModifier::TruthTable(table) if syntax::vector::keeps_truth_table(base) => {
                for (field, value) in syntax::vector::truth_table_fields(table) {
                    fields.set(field, value);
                }
            }
            VopModifier::Sdwa("DST_SEL" | "DST_U", _)
                if syntax::vector::SDWA_WITHOUT_DST_SEL.contains(&base) =>
            {
                return Err(bad())
            }
            VopModifier::Sdwa(name, value) if shape.sdwa => fields.set(name, value),
            VopModifier::Dpp16(..)
            | VopModifier::Dpp8(_)
            | VopModifier::FetchInactive(_)
            | VopModifier::TruthTable(_)
            | VopModifier::Sdwa(..)
            | VopModifier::IndexKey(_)
            | VopModifier::ScaleSel(_)
            | VopModifier::MatrixReuse(_)
            | VopModifier::AttrHigh => return Err(bad()),
        }
        Ok(())
    }
}

/// The encoding a vector form is laid out in, as [`Assembler::form_layout`] finds it.
pub(super) struct FormLayout<'s> {
    name: String,
    /// `None` where the spec lacks it.
    encoding: Option<&'s mcdiff_spec::Encoding>,
    /// The form a statement encoded in this layout is.
    form: Form,
    /// A DPP statement: the manual refuses the form DPP (its format, or its opcode).
    dpp_refused: bool,
}

/// What [`Assembler::apply_modifiers`] knows of the form the modifiers are written on.
struct ModifierForm<'a> {
    base: &'a str,
    /// Its op_sel is the four OPSEL bits ([`syntax::vector::opsel_is_destination_byte`]).
    opsel_is_destination_byte: bool,
    slots: &'a [Arc<Operand>],
    shape: VectorShape,
    narrow: Option<syntax::vector::NarrowPacked>,
    matrix: Option<syntax::vector::MatrixOp>,
    sources: u32,
    has_vdst: bool,
}

impl Assembler<'_> {
    /// Why a DPP statement of a 64-bit operation is rejected where the manual keeps those from
    /// DPP (CDNA5 ISA §7.9): unless AMD's variants file gives the processor DPP in this form
    /// ([`mcdiff_spec::Spec::takes_dpp_on_64bit`]: gfx1251's DPP16), and then llvm-mc 22 takes
    /// `row_share` only (its messages).
    fn no_dpp_for_64bit(
        &self,
        stmt: &Statement,
        inst: &Instruction,
        layout: &FormLayout,
        dpp: Dpp,
    ) -> Option<String> {
        let spec = self.ctx.spec;
        if !spec.no_dpp_for_64bit(inst) {
            return None;
        }
        if dpp == Dpp::Dpp8 || !spec.takes_dpp_on_64bit(inst, &layout.name) {
            return Some("not a valid operand.".into());
        }
        let row_share = stmt.operands.last().is_some_and(|p| {
            p.text
                .split_whitespace()
                .any(|w| syntax::starts_with_ignore_case(w, "row_share:"))
        });
        (!row_share).then(|| "DP ALU dpp only supports row_share".into())
    }
}

/// An LDS direct read supplies one dword as the SRC0 input (Vega ISA §10.3.1 "LDS Direct
/// Reads"; RDNA1 ISA §10.4.1): `lds_direct` in another source, or where a 64-bit value is
/// read, is refused.
fn check_lds_direct(operands: &[InstOperand], pieces: &[Piece]) -> Result<(), NotEncoded> {
    for (op, piece) in operands.iter().zip(pieces) {
        let lds_direct = matches!(&op.value, OperandValue::Reg(r)
            if r.file.is_named("SRC_LDS_DIRECT"));
        if !lds_direct {
            continue;
        }
        if op.spec.field.as_deref() != Some("SRC0") {
            return Err(reject(piece.column, "lds_direct may be used as src0 only"));
        }
        if op.spec.size > 32 {
            return Err(reject(piece.column, INVALID_OPERAND));
        }
    }
    Ok(())
}

/// A vector word's modifiers come in the order [`syntax::vector::modifier_rank`] gives, each
/// once: `last` is the rank of the one before `modifier`.
fn check_modifier_order(
    modifier: &VopModifier,
    piece: &Piece,
    family: Family,
    last: &mut Option<usize>,
) -> Result<(), NotEncoded> {
    let Some(rank) = modifier
        .order_key()
        .and_then(|k| syntax::vector::modifier_rank(family, k))
    else {
        return Ok(());
    };
    if last.is_some_and(|last| rank <= last) {
        return Err(reject(piece.column, INVALID_OPERAND));
    }
    *last = Some(rank);
    Ok(())
}

/// A scaled matrix op's scale source (field SCALE_SRC0/1) is a VGPR or an inline constant
/// where the manual says so ([`mcdiff_spec::Spec::scale_sources_vgpr_or_inline`]), not a
/// scalar register its operand type would take.
fn check_scale_source(field: &str, value: &OperandValue, cx: &OperandCtx) -> Result<(), String> {
    let scalar = matches!(value, OperandValue::Reg(r)
        if !matches!(r.file, RegFile::Vgpr | RegFile::Agpr));
    let limited = cx.target.spec.scale_sources_vgpr_or_inline;
    match limited && scalar && field.starts_with("SCALE_SRC") {
        true => Err(INVALID_OPERAND.into()),
        false => Ok(()),
    }
}

/// Whether the slots are a matrix op's ([`syntax::vector::MatrixOp`]).
fn is_matrix(slots: &[Arc<Operand>]) -> bool {
    syntax::vector::MatrixOp::from_formats(slots.iter().map(|s| s.data_format.as_str())).is_some()
}

/// What a vector form takes: its family, whether it is an SDWA or DPP form.
#[derive(Debug, Clone, Copy)]
struct VectorShape {
    family: Family,
    sdwa: bool,
    dpp: Option<Dpp>,
}

/// Canonical modifier fields as a statement sets them; a field set twice keeps both bits.
/// The names are the syntax tables' own.
#[derive(Default)]
struct FieldSet(Vec<(&'static str, u32)>);

impl FieldSet {
    fn set(&mut self, name: &'static str, bits: u32) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => *v |= bits,
            None => self.0.push((name, bits)),
        }
    }

    fn has(&self, name: &str) -> bool {
        self.0.iter().any(|(n, _)| *n == name)
    }

    fn get(&self, name: &str) -> u32 {
        self.0.iter().find(|(n, _)| *n == name).map_or(0, |f| f.1)
    }

    /// Sets `name` to `value` unless the text set it.
    fn default_to(&mut self, name: &'static str, value: u32) {
        if !self.has(name) {
            self.0.push((name, value));
        }
    }
}

/// A vector statement, its text split once for every form tried.
struct VectorText<'t> {
    stmt: &'t Statement<'t>,
    /// The operand pieces, without the modifier words after the last operand: the
    /// statement's own where the last piece holds no modifier word.
    pieces: Cow<'t, [Piece<'t>]>,
    /// The modifier words after the last operand, each parsed once for every form tried.
    modifiers: Vec<ModifierWord<'t>>,
}

/// A modifier word after the last operand and what it parses to.
#[derive(Clone)]
struct ModifierWord<'t> {
    piece: Piece<'t>,
    parsed: Result<VopModifier, String>,
}

/// The operand pieces and the modifier words after the last operand.
fn split_trailing_modifiers<'t>(stmt: &'t Statement<'t>) -> VectorText<'t> {
    let Some((last, operands)) = stmt.operands.split_last() else {
        return VectorText {
            stmt,
            pieces: Cow::Borrowed(&[]),
            modifiers: Vec::new(),
        };
    };
    let tightened = syntax::vector::tighten_brackets(last);
    // Peeled from the end: the parses come last word first, as the words do before
    // `peel_modifiers` puts them in source order.
    let mut parses = Vec::new();
    let (rest, words) = peel_modifiers(&tightened, |w| {
        vop_modifiers::parse(w)
            .map(|parsed| parses.push(parsed))
            .is_some()
    });
    let pieces = if words.is_empty() && rest == *last {
        Cow::Borrowed(&stmt.operands[..])
    } else {
        let mut pieces = operands.to_vec();
        if !rest.text.is_empty() || words.is_empty() {
            pieces.push(rest);
        }
        Cow::Owned(pieces)
    };
    let modifiers = (words.into_iter())
        .zip(parses.into_iter().rev())
        .map(|(piece, parsed)| ModifierWord { piece, parsed })
        .collect();
    VectorText {
        stmt,
        pieces,
        modifiers,
    }
}

/// The slots with `edit` applied to copies: the cached ones are shared with every statement
/// of the form.
fn edit_slots(slots: &mut Cow<[Arc<Operand>]>, edit: impl FnOnce(&mut [Operand])) {
    let mut owned: Vec<Operand> = slots.iter().map(|s| (**s).clone()).collect();
    edit(&mut owned);
    *slots = Cow::Owned(owned.into_iter().map(Arc::new).collect());
}

/// How many of src0..src2 the slots hold.
fn source_count(slots: &[Arc<Operand>]) -> u32 {
    slots
        .iter()
        .filter(|s| {
            s.field
                .as_deref()
                .and_then(operand_bit)
                .is_some_and(|b| b < 3)
        })
        .count() as u32
}

/// Binds each operand piece to its slot: source modifiers (`-`, `|..|`, `sext(..)`) and true16
/// halves become NEG/ABS/SEXT/OPSEL bits in `fields`; returns the operands; `name` is the
/// instruction's AMD name.
fn vector_operands(
    pieces: &[Piece],
    slots: &[Arc<Operand>],
    (shape, name): (VectorShape, &str),
    cx: &OperandCtx,
    fields: &mut FieldSet,
) -> Result<Vec<InstOperand>, NotEncoded> {
    let mut operands = Vec::with_capacity(pieces.len());
    let mix = syntax::vector::is_mix(cx.mnemonic);
    for (piece, slot) in pieces.iter().zip(slots) {
        let field = slot.field.as_deref().unwrap_or("");
        let bit = operand_bit(field);
        let (text, mods) = if field.starts_with("SRC") || field.starts_with("VSRC") {
            split_source_modifiers(&piece.text).map_err(|m| reject(piece.column, m))?
        } else {
            (piece.text.as_ref(), Default::default())
        };
        if mods.sext && !syntax::vector::sign_extends(&slot.data_format) {
            return Err(reject(piece.column, "not a valid operand."));
        }
        let integer = || syntax::constants::is_integer_format(&slot.data_format);
        let any_source = || (cx.target.spec).takes_input_modifiers_on_any_source(name);
        if (mods.neg || mods.abs) && integer() && !any_source() {
            // "The input modifiers ABS and NEG apply to floating point inputs" (RDNA3 ISA
            // §7.2.2.1; the older manuals: VOP3 instructions "using floating-point inputs").
            return Err(reject(piece.column, "not a valid operand."));
        }
        if let Some(bit) = bit {
            source_modifier_bits(&mods, bit, shape, mix, fields)
                .map_err(|why| why.unwrap_or_else(|| reject(piece.column, INVALID_OPERAND)))?;
            if let (_, Some(true)) = strip_half(text) {
                fields.set("OPSEL", 1 << bit);
            }
        }
        // Most sources carry no modifier: the piece itself, without finding where it starts.
        let inner = match text.len() == piece.text.len() {
            true => piece.clone(),
            false => piece.slice_of(text),
        };
        let value = parser(classify_vector(&slot.operand_type))
            .parse(&inner, slot, cx)
            .map_err(|m| reject(piece.column, m))?;
        check_scale_source(field, &value, cx).map_err(|m| reject(piece.column, m))?;
        let vgpr = matches!(&value, OperandValue::Reg(r) if r.file == RegFile::Vgpr);
        // The DPP dword names src0 by VGPR number; GFX11 also wants a VGPR src1 there
        // (GFX12 takes SGPRs and constants; checked with llvm-mc 22).
        let vgpr_only = field == "SRC0" || (field == "SRC1" && cx.target.gfx_major == 11);
        if shape.dpp.is_some() && vgpr_only && !vgpr {
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        operands.push(InstOperand {
            spec: Arc::clone(slot),
            value,
        });
    }
    Ok(operands)
}

/// llvm-mc's words for a form the instruction does not have, named by LLVM's variant suffix.
fn variant_not_supported(forced: forms::Forced, dpp: bool) -> String {
    let variant = match (forced, dpp) {
        (forms::Forced::Sdwa, _) => "sdwa",
        (forms::Forced::Vop3, true) => "e64_dpp",
        (forms::Forced::Vop3, false) => "e64",
        (_, true) => "dpp",
        (_, false) => "e32",
    };
    format!("{variant} variant of this instruction is not supported")
}

/// The scalar values the sources read, within the target's limit
/// ([`syntax::vector::constant_bus_limit`]); rejected at the last scalar source otherwise.
fn check_constant_bus(
    operands: &[InstOperand],
    pieces: &[Piece],
    shape: VectorShape,
    base: &str,
    gfx_major: u32,
) -> Result<(), NotEncoded> {
    let is_source = |o: &InstOperand| {
        o.spec
            .field
            .as_deref()
            .and_then(operand_bit)
            .is_some_and(|b| b < 3)
    };
    // The constant of the multiply-add-constant ops (v_fmaak/v_madmk...) is a literal read.
    let constant = |o: &InstOperand| o.spec.operand_type == "OPR_SIMM32";
    let sources = operands.iter().filter(|o| {
        (is_source(o) || constant(o)) && !syntax::vector::off_the_constant_bus(base, o)
    });
    let unnamed_vcc = syntax::vector::reads_vcc_unnamed(base, shape.family.is_vop32())
        && !syntax::vector::implicit_vcc_named(sources.clone());
    let reads = syntax::vector::constant_bus_reads(sources, unnamed_vcc, true);
    if reads <= syntax::vector::constant_bus_limit(gfx_major, base) {
        return Ok(());
    }
    let scalar = |o: &InstOperand| match &o.value {
        OperandValue::Reg(r) => !matches!(r.file, RegFile::Vgpr | RegFile::Agpr),
        OperandValue::Literal { .. } => true,
        _ => false,
    };
    let last = operands.iter().rposition(|o| is_source(o) && scalar(o));
    let column = last.and_then(|i| pieces.get(i)).map_or(0, |p| p.column);
    Err(reject(column, syntax::vector::CONSTANT_BUS_ERROR))
}

/// MFMA's accumulator (src2) is in the destination's register file and, where it is a
/// register wider than four, the destination's registers or apart from them (LLVM's
/// checks; its message).
fn check_accumulator(operands: &[InstOperand], pieces: &[Piece]) -> Result<(), NotEncoded> {
    let register = |field: &str| {
        operands
            .iter()
            .enumerate()
            .find_map(|(i, o)| match &o.value {
                OperandValue::Reg(r) if o.spec.field.as_deref() == Some(field) => Some((i, r)),
                _ => None,
            })
    };
    let (Some((_, dst)), Some((at, src2))) = (register("VDST"), register("SRC2")) else {
        return Ok(());
    };
    if !has_part(&operands[at].spec.operand_type, "ACCVGPR") {
        // SMFMAC's src2 is its index VGPR.
        return Ok(());
    }
    let column = pieces[at].column;
    if src2.file != dst.file {
        return Err(reject(column, INVALID_OPERAND));
    }
    // LLVM checks only accumulators wider than four registers.
    let overlap = src2.first < dst.first + dst.count && dst.first < src2.first + src2.count;
    if dst.count > 4 && overlap && (src2.first, src2.count) != (dst.first, dst.count) {
        return Err(reject(
            column,
            "source 2 operand must not partially overlap with dst",
        ));
    }
    Ok(())
}

/// Sizes an F8F6F4 matrix op's A and B sources by the formats its `cbsz:` and `blgp:` words
/// name (0, FP8, where not written).
fn size_matrix_sources(slots: &mut [Operand], name: &str, modifier_words: &[ModifierWord]) {
    let control = |field: &str| {
        modifier_words
            .iter()
            .find_map(|w| match w.parsed {
                Ok(VopModifier::Field(f, v)) if f == field => Some(v),
                _ => None,
            })
            .unwrap_or(0)
    };
    syntax::vector::size_f8f6f4_sources(slots, name, control("CBSZ"), control("BLGP"));
}

/// Whether an SDWA form has a 64-bit operand SDWA cannot select from; the forms without
/// destination selects write their 64-bit results whole.
fn sdwa_too_wide(slots: &[Arc<Operand>], base: &str) -> bool {
    let whole_dst = syntax::vector::SDWA_WITHOUT_DST_SEL.contains(&base);
    slots.iter().any(|s| match s.field.as_deref() {
        Some("VDST") => s.size > 32 && !whole_dst,
        Some("SRC0" | "VSRC1" | "SRC1") => s.size > 32,
        _ => false,
    })
}

/// The NEG/ABS/SEXT bits of source `bit`'s modifiers. `Err(None)`: the form takes no
/// modifiers on this source (32-bit forms take them only in their DPP16 or SDWA dword, on
/// src0/src1; MFMA none; VOP3P only when `mix`, a mixed-precision FMA).
fn source_modifier_bits(
    mods: &syntax::vector::SourceMods,
    bit: u32,
    shape: VectorShape,
    mix: bool,
    fields: &mut FieldSet,
) -> Result<(), Option<NotEncoded>> {
    if mods.sext && !shape.sdwa {
        return Err(Some(NotEncoded::Unsupported(
            "sext modifier not implemented".into(),
        )));
    }
    if mods.sext && bit < 2 {
        fields.set("SEXT", 1 << bit);
    }
    if !mods.any() {
        return Ok(());
    }
    if shape.family.is_matrix() || (shape.family == Family::Vop3p && !mix) {
        // MFMA has no source modifier fields; packed math negates with neg_lo/neg_hi, and
        // only the mixed-precision FMAs take `-x` and `|x|` (llvm-mc 22 on gfx906, gfx90a,
        // gfx1030, gfx1100, gfx1200: "not a valid operand").
        return Err(None);
    }
    let extra_dword = shape.dpp == Some(Dpp::Dpp16) || shape.sdwa;
    if shape.family.is_vop32() && !(extra_dword && bit < 2) {
        return Err(None);
    }
    if mods.neg {
        fields.set("NEG", 1 << bit);
    }
    if mods.abs {
        // VOP3P has no ABS field; the mixed-precision FMAs read NEG_HI as abs
        // (RDNA3 ISA §7.4 "VOP3P", V_FMA_MIX*).
        let abs = if shape.family == Family::Vop3p {
            "NEG_HI"
        } else {
            "ABS"
        };
        fields.set(abs, 1 << bit);
    }
    Ok(())
}

/// Where a 64-bit constant follows the word (V_FMAMK_F64's K), a 64-bit float source's
/// literal is that constant too: the dword it was read as is the high half, as a 64-bit float
/// source reads a dword literal.
fn share_wide_constant(operands: &mut [InstOperand]) {
    let wide_constant = operands.iter().any(|o| {
        o.spec.operand_type == "OPR_SIMM32"
            && matches!(o.value, OperandValue::Literal { dwords: 2, .. })
    });
    if !wide_constant {
        return;
    }
    for op in operands.iter_mut() {
        let float64 =
            op.spec.size == 64 && syntax::constants::is_float_format(&op.spec.data_format);
        if let (
            true,
            OperandValue::Literal {
                value,
                dwords: dwords @ 1,
                expr: None,
            },
        ) = (float64, &mut op.value)
        {
            *value <<= 32;
            *dwords = 2;
        }
    }
}

/// A VOP3 interpolation of 16-bit data's `high` sets its attribute's word bit, which picks
/// the high half of each LDS dword (RDNA2 ISA §10.4.2; [`crate::operands::Attribute`]); the
/// other modifier words are returned. Elsewhere `high` stays, to be refused.
fn take_attribute_word<'p, 't>(
    words: &'p [ModifierWord<'t>],
    operands: &mut [InstOperand],
    shape: VectorShape,
) -> Cow<'p, [ModifierWord<'t>]> {
    let attribute = operands
        .iter_mut()
        .find(|o| o.spec.operand_type == "OPR_ATTR" && o.spec.size == 16)
        .filter(|_| !shape.family.is_vop32());
    let Some(attribute) = attribute else {
        return Cow::Borrowed(words);
    };
    let (high, rest): (Vec<ModifierWord>, Vec<ModifierWord>) =
        (words.iter().cloned()).partition(|w| matches!(w.parsed, Ok(VopModifier::AttrHigh)));
    if let (false, OperandValue::Imm(packed)) = (high.is_empty(), &mut attribute.value) {
        *packed |= 0x100;
    }
    Cow::Owned(rest)
}

/// 32-bit forms take only their DPP controls, and in SDWA forms the selects, clamp and omod.
fn modifier_fits_vop32(modifier: &VopModifier, sdwa: bool) -> bool {
    let dpp = matches!(
        modifier,
        VopModifier::Dpp16(..) | VopModifier::Dpp8(_) | VopModifier::FetchInactive(_)
    );
    let sdwa_ok = sdwa
        && matches!(
            modifier,
            VopModifier::Sdwa(..) | VopModifier::Field("CLAMP" | "OMOD", _)
        );
    dpp || sdwa_ok
}

/// A packed-f32 source that is a scalar register with its op_sel or op_sel_hi bit set:
/// where the manual says such a source is one SGPR replicated, without OPSEL (CDNA5 ISA
/// §7.7.1), llvm-mc 22 refuses it, the default op_sel_hi included.
fn packed_f32_scalar_selected(operands: &[InstOperand], fields: &FieldSet) -> bool {
    let selected = fields.get("OPSEL") | fields.get("OPSEL_HI");
    operands.iter().any(|o| {
        let scalar = matches!(&o.value, OperandValue::Reg(r)
            if !matches!(r.file, RegFile::Vgpr | RegFile::Agpr));
        let bit = o.spec.field.as_deref().and_then(operand_bit);
        scalar
            && has_part(&o.spec.data_format, "PK2_F32")
            && bit.is_some_and(|b| selected >> b & 1 != 0)
    })
}

/// Narrow packed sources take no op_sel (integer ones do where `op_sel_ok`:
/// [`crate::target::TargetCtx`]'s `narrow_packed_op_sel`), and float-8 ones no negation or
/// clamp (the f32 accumulator src2 does).
fn narrow_takes(modifier: &VopModifier, float8: bool, op_sel_ok: bool) -> bool {
    let field_name = match modifier {
        VopModifier::Field(name, _) | VopModifier::Bits(name, ..) => *name,
        _ => "",
    };
    let negates_packed = match modifier {
        VopModifier::Bits("NEG" | "NEG_HI", bits, _) => bits & 0b11 != 0,
        _ => field_name == "CLAMP",
    };
    let op_sel_taken = op_sel_ok && !float8;
    !((field_name.starts_with("OPSEL") && !op_sel_taken) || (float8 && negates_packed))
}

/// A compare's SDWA form (GFX9/GFX10 `VOPC_VOP_SDWA_SDST_ENC`) writes VCC unless the text
/// names another scalar destination. Turns the implicit-VCC slot into that SDST slot; true
/// when it did.
fn sdwa_compare_destination(
    slots: &mut Cow<[Arc<Operand>]>,
    pieces: &[Piece],
    shape: VectorShape,
    cx: &OperandCtx,
) -> bool {
    if !shape.sdwa || shape.family != Family::Vopc || cx.encoding.field("SD").is_none() {
        return false;
    }
    let (Some(slot), Some(first)) = (slots.first(), pieces.first()) else {
        return false;
    };
    let vcc = if cx.target.wave64 { "vcc" } else { "vcc_lo" };
    if slot.operand_type != "OPR_VCC" || first.text.eq_ignore_ascii_case(vcc) {
        return false;
    }
    syntax::vector::sdwa_explicit_destination(Arc::make_mut(&mut slots.to_mut()[0]));
    true
}

/// Fields an SDWA or DPP16 form sets when the text leaves them out: whole-dword selects,
/// unused destination bits preserved (LLVM's AMDGPU modifier syntax, `dst_unused`), every
/// row and bank enabled. A DPP16 form needs its control.
fn default_dpp_and_sdwa_fields(
    fields: &mut FieldSet,
    slots: &[Arc<Operand>],
    shape: VectorShape,
    cx: &OperandCtx,
    column: u32,
) -> Result<(), NotEncoded> {
    if shape.sdwa {
        let src1 = slots
            .iter()
            .any(|s| matches!(s.field.as_deref(), Some("VSRC1" | "SRC1")));
        // A compare writes a mask bit per lane, which no select picks a part of: GFX8's VOPC
        // SDWA word keeps DST_SEL and DST_U (GCN3 VOPC_VOP_SDWA), left zero.
        let compare = shape.family == Family::Vopc;
        if cx.encoding.field("DST_SEL").is_some() && !compare {
            fields.default_to("DST_SEL", 6);
        }
        let dst_selects = !syntax::vector::SDWA_WITHOUT_DST_SEL.contains(&cx.mnemonic) && !compare;
        if cx.encoding.field("DST_U").is_some() && dst_selects {
            fields.default_to("DST_U", 2);
        }
        fields.default_to("SRC0_SEL", 6);
        if src1 {
            fields.default_to("SRC1_SEL", 6);
        }
    }
    if shape.dpp == Some(Dpp::Dpp16) {
        if !fields.has("DPP_CTRL") {
            return Err(reject(column, "missing DPP control"));
        }
        fields.default_to("ROW_MASK", 0xf);
        fields.default_to("BANK_MASK", 0xf);
    }
    Ok(())
}
