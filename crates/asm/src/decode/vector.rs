//! Bytes -> [`Inst`] for the vector ALU families (VOP1, VOP2, VOPC, VOP3 with its SDST
//! variant, VOP3P, and their DPP16/DPP8 and SDWA forms). The instruction is found by (family, OP); the
//! form and its operand slots are the ones the assembler settles on for the printed mnemonic
//! ([`crate::syntax::forms`]), so the decoded [`Inst`] is the one `assemble(printed text)` builds.

use rustc_hash::FxHashMap as HashMap;

use std::rc::Rc;
use std::sync::Arc;

use mcdiff_spec::{Encoding, Field, Instruction, InstructionEncoding, Operand, Spec};

use super::{DecodeOutcome, Disassembler, Failure, LiteralBytes, SPEC_RULE};
use crate::bits::read_field;
use crate::family::{family_name, form_families, Family};
use crate::form::Form;
use crate::inst::{Inst, InstOperand, ModifierName, Modifiers, OperandValue, RegFile, RegRange};
use crate::operands::{agpr_use, attribute_channel_field, AgprUse};
use crate::syntax::constants::is_integer_format;
use crate::syntax::forms::{self, Forced};
use crate::syntax::llvm_mnemonic;
use crate::syntax::memory::INTERP_PARAMS;
use crate::syntax::regs::parse_register;
use crate::syntax::vector::keeps_truth_table;
use crate::syntax::vector::{dpp_layout, vector_mnemonic, Dpp, LANE_SELS, OPERANDLESS};
use crate::syntax::vector::{is_f8f6f4, size_f8f6f4_sources, MatrixOp};
use crate::syntax::vector::{operand_bit, SRC_DPP16, SRC_DPP8, SRC_DPP8_FI, SRC_SDWA};
use crate::syntax::vector::{sdwa_explicit_destination, sdwa_layout, sdwa_source_types};
use crate::syntax::vop_modifiers::dpp_ctrl_text;
use crate::target::TargetCtx;

/// (family, opcode) -> instruction, over the vector forms of a spec.
pub(super) fn vector_opcodes(spec: &Spec) -> HashMap<(Family, u32), &Instruction> {
    let mut map = HashMap::default();
    for instruction in &spec.instructions {
        for form in &instruction.encodings {
            if let Some(base) = Family::of(&form.encoding).opcode_space() {
                map.entry((base, form.opcode)).or_insert(instruction);
            }
        }
    }
    map
}

/// The canonical modifier fields a vector word is read for (op_sel_hi and the DPP8 lane
/// selects are read where they apply).
const VECTOR_MODIFIER_FIELDS: &[&str] = &[
    "NEG",
    "ABS",
    "OPSEL",
    "NEG_HI",
    "CLAMP",
    "OMOD",
    "DPP_CTRL",
    "ROW_MASK",
    "BANK_MASK",
    "BOUND_CTRL",
    "FI",
    "DST_SEL",
    "DST_U",
    "SRC0_SEL",
    "SRC1_SEL",
    "SD",
    "CBSZ",
    "ABID",
    "BLGP",
    "WAIT_EXP",
];

impl<'s> Disassembler<'s> {
    /// Decodes a word of vector family `base` (`VOP1`... `VOP3P`).
    pub(super) fn decode_vector(&self, base: Family, word: u128, bytes: &[u8]) -> DecodeOutcome {
        match self.vector_inst(base, word, bytes) {
            Ok((inst, len)) => DecodeOutcome::Decoded { inst, len },
            Err(why) => why.into(),
        }
    }

    fn vector_inst(
        &self,
        base: Family,
        word: u128,
        bytes: &[u8],
    ) -> Result<(Inst, usize), Failure> {
        let enc = self.vector_base_encoding(base)?;
        let op_field = enc
            .field("OP")
            .ok_or_else(|| Failure::Unsupported("encoding field missing".into()))?;
        let opcode = read_field(word, op_field, 0) as u32;
        let src0 = enc.field("SRC0").map(|f| read_field(word, f, 0));
        let (sdwa, dpp) = self.extension(base.is_vop32(), src0);
        let plan = self
            .vector_plans
            .get_or_try((base, opcode, sdwa, dpp), || {
                self.vector_plan(base, opcode, sdwa, dpp).map(Rc::new)
            })?;
        let layout = plan.layout;
        if dpp.is_some() && plan.dpp_refused {
            return Err(Failure::Invalid(
                "DPP on an opcode the manual refuses it".into(),
            ));
        }
        self.check_dpp_for_64bit(&plan, word, dpp)?;
        let base_len = (layout.bit_count / 8) as usize;
        let literal = literal_after(bytes, base_len)?;
        if plan.unknown_operands {
            return Err(Failure::Unsupported("no operand facts in spec".into()));
        }
        let reader = VectorReader {
            word,
            layout,
            dpp: dpp.is_some(),
            sdwa,
            short: base.is_vop32(),
            swap: plan.instruction.name.eq_ignore_ascii_case("V_SWAP_B16"),
        };
        let adjusted: Vec<LaidSlot>;
        let slots = if sdwa || plan.f8f6f4 {
            let mut owned: Vec<Operand> =
                (plan.slots.iter()).map(|s| (*s.operand).clone()).collect();
            if sdwa {
                sdwa_slots(&mut owned, &reader);
            }
            if plan.f8f6f4 {
                let control = |name: &str| {
                    layout
                        .field(name)
                        .map_or(0, |f| read_field(word, f, 0) as u32)
                };
                let (cbsz, blgp) = (control("CBSZ"), control("BLGP"));
                size_f8f6f4_sources(&mut owned, &plan.instruction.name, cbsz, blgp);
            }
            // SDWA names a compare's explicit destination SDST: its field is found again.
            adjusted = laid_out(owned, layout);
            &adjusted
        } else {
            &plan.slots
        };
        let (operands, halves) = self.vector_operands(&reader, slots, literal)?;
        let inst = Inst {
            mnemonic: plan.mnemonic.clone(),
            name: plan.instruction.name.clone(),
            form: plan.typed,
            opcode: plan.form.opcode,
            operands,
            modifiers: raw_modifiers(&plan.modifiers, word, src0, halves),
        };
        check_matrix_word(&inst, &self.ctx)?;
        check_absent_source_modifiers(&inst)?;
        check_undefined_input_modifiers(&inst, &self.ctx)?;
        check_reserved_controls(&inst, &self.ctx)?;
        let len = base_len + inst.literal_len();
        Ok((inst, len))
    }

    /// The spec's encoding of base vector family `base`, whose OP and SRC0 fields tell the
    /// opcode and the extension; official files name the base formats ENC_*, all but
    /// VOP3P_MFMA.
    fn vector_base_encoding(&self, base: Family) -> Result<&'s Encoding, Failure> {
        let spec = self.ctx.spec;
        self.base_encodings.get_or_try(base, || {
            let name = base.name();
            (spec.encoding(&format!("ENC_{name}")))
                .or_else(|| spec.encoding(name))
                .ok_or_else(|| {
                    Failure::Unsupported(format!("encoding ENC_{name} missing from spec"))
                })
        })
    }

    /// What decoding a word of `base` with `opcode` and this extension needs from the spec.
    fn vector_plan(
        &self,
        base: Family,
        opcode: u32,
        sdwa: bool,
        dpp: Option<Dpp>,
    ) -> Result<VectorPlan<'s>, Failure> {
        let spec = self.ctx.spec;
        let instruction = *self.vector_ops.get(&(base, opcode)).ok_or_else(|| {
            Failure::Invalid(format!(
                "no ENC_{} instruction has this opcode",
                base.name()
            ))
        })?;
        let forced = if base.is_vop32() {
            Forced::Native32
        } else {
            Forced::Vop3
        };
        let form = forms::candidates(instruction, forced)
            .next()
            .ok_or_else(|| Failure::Unsupported("no form for this encoding".into()))?;
        let dual = forms::candidates(instruction, Forced::None).count() > 1;
        let form_family = Family::of(&form.encoding);
        let layout_name = match dpp {
            _ if sdwa => sdwa_layout(spec, form_family.name()),
            None => forms::layout_encoding(&form.encoding),
            Some(dpp) => dpp_layout(spec, form_family.name(), dpp),
        };
        let layout = spec.encoding(&layout_name).ok_or_else(|| {
            Failure::Unsupported(format!("encoding {layout_name} missing from spec"))
        })?;
        let base_mnemonic = llvm_mnemonic(&self.ctx, &instruction.name);
        let slots = forms::slots(instruction, form, &base_mnemonic, &self.ctx);
        // A high-fidelity file lists every operand, so an empty list there means none;
        // partial and manual files leave the list empty when they do not know it, and then
        // only the instructions LLVM writes bare are known to have none.
        let complete = spec.lists_every_operand_of(form);
        let unknown_operands =
            slots.is_empty() && !complete && !OPERANDLESS.contains(&base_mnemonic.as_str());
        let family = family_name(&form.encoding);
        let dpp_on_64bit = dpp.is_some() && spec.takes_dpp_on_64bit(instruction, &layout_name);
        Ok(VectorPlan {
            instruction,
            form,
            layout,
            mnemonic: if sdwa && !(form_family == Family::Vopc && self.ctx.gfx_major < 9) {
                // LLVM names every SDWA form by the `_sdwa` suffix but GFX8's compares, whose
                // SDWA word has no scalar destination (the GCN3 VOPC_VOP_SDWA format): those
                // it prints by the bare name.
                format!("{base_mnemonic}_sdwa")
            } else if sdwa {
                base_mnemonic.clone()
            } else {
                vector_mnemonic(&base_mnemonic, form_family, dual, !slots.is_empty(), dpp)
            },
            typed: Form::new(
                spec,
                instruction,
                form,
                match dpp {
                    None if !sdwa => &form.encoding,
                    _ => &layout_name,
                },
            ),
            f8f6f4: is_f8f6f4(&instruction.name),
            slots: laid_out(slots, layout),
            dpp_refused: dpp.is_some()
                && spec.refuses_dpp(instruction, family, &form_families(instruction)),
            no_dpp_for_64bit: dpp.is_some() && spec.no_dpp_for_64bit(instruction),
            dpp_on_64bit,
            unknown_operands,
            modifiers: ModifierReads::new(layout, base, dpp),
        })
    }

    /// A DPP word of a 64-bit operation is invalid where the manual keeps those from DPP
    /// (CDNA5 ISA §7.9), unless AMD's variants file gives the processor DPP in this form
    /// (gfx1251's DPP16), and then llvm-mc 22 takes row_share (controls 0x150-0x15f) only.
    fn check_dpp_for_64bit(
        &self,
        plan: &VectorPlan,
        word: u128,
        dpp: Option<Dpp>,
    ) -> Result<(), Failure> {
        let Some(dpp) = dpp.filter(|_| plan.no_dpp_for_64bit) else {
            return Ok(());
        };
        let ctrl = plan
            .layout
            .field("DPP_CTRL")
            .map(|f| read_field(word, f, 0));
        let row_share = dpp == Dpp::Dpp16 && ctrl.is_some_and(|c| c >> 4 == 0x15);
        if plan.dpp_on_64bit && row_share {
            Ok(())
        } else {
            Err(Failure::Invalid("DPP on a 64-bit operation".into()))
        }
    }

    /// The operands of the slots, and the true16 halves their VGPR codes select; a DPP or
    /// SDWA word takes no literal.
    fn vector_operands(
        &self,
        reader: &VectorReader,
        slots: &[LaidSlot],
        literal: LiteralBytes,
    ) -> Result<(Vec<InstOperand>, u32), Failure> {
        let mut halves = 0u32;
        let mut operands = Vec::with_capacity(slots.len());
        for slot in slots {
            let value = self.vector_operand(reader, slot, literal, &mut halves)?;
            operands.push(InstOperand {
                spec: Arc::clone(&slot.operand),
                value,
            });
        }
        let literal_used = |o: &InstOperand| matches!(o.value, OperandValue::Literal { .. });
        if (reader.dpp || reader.sdwa) && operands.iter().any(literal_used) {
            return Err(Failure::Invalid(
                "literal in a DPP or SDWA instruction".into(),
            ));
        }
        Ok((operands, halves))
    }

    /// The extra dword a SRC0 code announces: SDWA (before GFX11) and DPP on the 32-bit
    /// forms, DPP on VOP3 too from GFX11; DPP8 from GFX10.
    fn extension(&self, short: bool, src0: Option<u64>) -> (bool, Option<Dpp>) {
        let gfx = self.ctx.gfx_major;
        let sdwa = short && gfx < 11 && src0 == Some(SRC_SDWA);
        let dpp = match src0 {
            Some(SRC_DPP16) if short || gfx >= 11 => Some(Dpp::Dpp16),
            Some(SRC_DPP8 | SRC_DPP8_FI) if gfx >= 10 && (short || gfx >= 11) => Some(Dpp::Dpp8),
            _ => None,
        };
        (sdwa, dpp)
    }

    /// Decodes a dual-issue (VOPD or VOPD3) word: one [`Inst`] named after the X op, X then Y
    /// operands, and the Y opcode as the `OPY` modifier (with VOPD3's NEGX/NEGY and a truth
    /// table's field), as the assembler builds it.
    pub(super) fn decode_dual(&self, family: Family, word: u128, bytes: &[u8]) -> DecodeOutcome {
        match self.dual_inst(family, word, bytes) {
            Ok((inst, len)) => DecodeOutcome::Decoded { inst, len },
            Err(why) => why.into(),
        }
    }

    fn dual_inst(
        &self,
        family: Family,
        word: u128,
        bytes: &[u8],
    ) -> Result<(Inst, usize), Failure> {
        let spec = &self.ctx.spec;
        let layout = spec.encoding(family.name()).ok_or_else(|| {
            Failure::Unsupported(format!("encoding {} missing from spec", family.name()))
        })?;
        if self.ctx.wave64 {
            return Err(Failure::Invalid("dual issue needs wave32".into()));
        }
        let base_len = (layout.bit_count / 8) as usize;
        let mut literal = literal_after(bytes, base_len)?;
        // VOPD3 takes no literal unless the spec has its literal form.
        if family != Family::Vopd && spec.encoding("VOPD3_INST_LITERAL").is_none() {
            literal = LiteralBytes::NONE;
        }
        let reader = VectorReader {
            word,
            layout,
            dpp: false,
            sdwa: false,
            short: false,
            swap: false,
        };
        let mut operands = Vec::new();
        let mut halves = Vec::new();
        let mut opcodes = Vec::new();
        let mut typed = Vec::new();
        let mut reads_vcc = false;
        let mut half_fields = Vec::new();
        for half in ['X', 'Y'] {
            let op = self.dual_op(family, &reader, half)?;
            for slot in &op.slots {
                let mut unused = 0;
                let mut value = self.vector_operand(&reader, slot, literal, &mut unused)?;
                if slot.operand.field.as_deref() == Some("VDSTY") {
                    restore_vdsty(layout, &operands, &mut value);
                }
                operands.push(InstOperand {
                    spec: Arc::clone(&slot.operand),
                    value,
                });
            }
            let mnemonic = &op.mnemonic;
            let neg_field = crate::syntax::vector::dual_neg_field(half);
            let table_field = crate::syntax::vector::dual_truth_table_field(mnemonic);
            if table_field.is_some_and(|f| !f.contains(half)) {
                return Err(Failure::Invalid(format!("{mnemonic} is a Y op only")));
            }
            for name in [Some(neg_field), table_field].into_iter().flatten() {
                if let Some(field) = layout.field(name) {
                    half_fields.push((name.to_string(), read_field(word, field, 0) as u32));
                }
            }
            halves.push(mnemonic.clone());
            opcodes.push((op.instruction.name.clone(), op.form.opcode));
            typed.push(op.typed);
            reads_vcc |= op.reads_vcc;
        }
        let mut modifiers = vec![("OPY".to_string(), opcodes[1].1)];
        modifiers.extend(half_fields);
        let inst = Inst {
            mnemonic: format!("{} :: {}", halves[0], halves[1]),
            name: opcodes[0].0.clone(),
            form: typed[0],
            opcode: opcodes[0].1,
            operands,
            modifiers: modifiers.into(),
        };
        check_dual_pair(&inst, &halves, reads_vcc, &self.ctx)?;
        let len = base_len + inst.literal_len();
        Ok((inst, len))
    }

    /// The op one half's opcode is, found once per (family, opcode, half): `reader.layout`
    /// is the family's encoding.
    fn dual_op(
        &self,
        family: Family,
        reader: &VectorReader<'s>,
        half: char,
    ) -> Result<Rc<DualOp<'s>>, Failure> {
        let field = reader
            .layout
            .field(crate::syntax::vector::dual_opcode_field(half))
            .ok_or_else(|| Failure::Unsupported("encoding field missing".into()))?;
        let opcode = read_field(reader.word, field, 0) as u32;
        self.dual_halves.get_or_try((family, opcode, half), || {
            // X and Y ops share the numbering, VOPD's X field being the narrower (RDNA3 ISA
            // §15.3.7 "VOPD"); a family's spelling is its spec encoding's name.
            let found = self.ctx.spec.instruction_with_opcode(family.name(), opcode);
            let (instruction, form) = found.ok_or_else(|| {
                Failure::Invalid(format!("no {} instruction has this opcode", family.name()))
            })?;
            let mnemonic = llvm_mnemonic(&self.ctx, &instruction.name);
            let slots = forms::vopd_slots(form, &mnemonic, half);
            if slots.is_empty() {
                return Err(Failure::Unsupported("no operand facts in spec".into()));
            }
            let slots = with_select(slots, reader.layout, &mnemonic, half);
            let reads_vcc =
                crate::syntax::vector::reads_implicit_vcc(&mnemonic.replace("v_dual_", "v_"))
                    && (reader.layout).field(&format!("VSRC{half}2")).is_none();
            Ok(Rc::new(DualOp {
                instruction,
                form,
                typed: Form::new(self.ctx.spec, instruction, form, &reader.layout.name),
                mnemonic,
                slots: laid_out(slots, reader.layout),
                reads_vcc,
            }))
        })
    }

    /// The value of one vector operand slot.
    fn vector_operand(
        &self,
        reader: &VectorReader,
        laid: &LaidSlot,
        literal: LiteralBytes,
        halves: &mut u32,
    ) -> Result<OperandValue, Failure> {
        let slot = &*laid.operand;
        let operand_type = slot.operand_type.as_str();
        match operand_type {
            "OPR_VCC" => {
                let name = if self.ctx.wave64 { "vcc" } else { "vcc_lo" };
                return match parse_register(name) {
                    Some(Ok(reg)) => Ok(OperandValue::Reg(reg)),
                    _ => Err(Failure::Unsupported("vcc not parsed".into())),
                };
            }
            "OPR_SIMM32" => return literal.read(slot.size.div_ceil(32).clamp(1, 2)),
            _ => {}
        }
        let field_name = slot.field.as_deref().unwrap_or("");
        let (raw, width) = reader.read(field_name, laid.field)?;
        if matches!(operand_type, "OPR_ATTR" | "OPR_PARAM") {
            // VINTRP keeps an attribute's channel in a field of its own; a VOP3 source field
            // holds the whole packing ([`crate::operands::Attribute`]).
            let chan = attribute_channel_field(reader.layout)
                .filter(|_| operand_type == "OPR_ATTR")
                .map_or(0, |f| read_field(reader.word, f, 0));
            return Ok(OperandValue::Imm((raw | chan << 6) as i64));
        }
        if operand_type.starts_with("OPR_SREG") || operand_type.starts_with("OPR_SDST") {
            let name = self.code_name(operand_type, raw as i64)?;
            return self.register(name, slot.size).map(OperandValue::Reg);
        }
        // 9-bit source fields hold VGPRs as 256 + n, 8-bit fields the VGPR number.
        let vgpr_index = match width {
            9 if raw >= 256 => Some(raw - 256),
            9 => None,
            _ => Some(raw),
        };
        if let Some(mut index) = vgpr_index {
            let narrow = reader.short && slot.size == 16;
            // v_swap_b16 writes its source too.
            let written = field_name == "VDST" || (field_name == "SRC0" && reader.swap);
            let true16_era = self.ctx.gfx_major >= 11;
            if narrow && true16_era && !self.ctx.real_true16 && written && index >= 128 {
                // From GFX11, without real-true16, 32-bit encodings reach v0..v127 only for
                // 16-bit destinations; llvm-mc rejects the word.
                return Err(Failure::Invalid(
                    "16-bit destination above v127 without real-true16".into(),
                ));
            }
            if narrow && self.ctx.real_true16 {
                // 32-bit encodings name a 16-bit half by bit 7 of the VGPR number (RDNA3 ISA
                // §7.2 "16-bit VGPRs").
                if index & 0x80 != 0 {
                    if let Some(bit) = operand_bit(field_name) {
                        *halves |= 1 << bit;
                    }
                }
                index &= 0x7f;
            }
            let file = match agpr_use(operand_type, &self.ctx) {
                AgprUse::Only => RegFile::Agpr,
                AgprUse::Also if reader.accumulator_bit(field_name) => RegFile::Agpr,
                _ => RegFile::Vgpr,
            };
            return Ok(OperandValue::Reg(RegRange {
                file,
                first: index as u32,
                count: slot.size.div_ceil(32).max(1),
            }));
        }
        if operand_type == "OPR_VGPR" {
            return Err(Failure::Unsupported(format!(
                "scalar code {raw} in a VGPR-only operand"
            )));
        }
        let name = self.code_name(operand_type, raw as i64)?;
        if let Some(dwords) = self.literal_dwords(name) {
            return literal.read(dwords);
        }
        match name {
            _ if super::is_constant_name(name) => Ok(OperandValue::Inline(name.to_string())),
            _ => self.register(name, slot.size).map(OperandValue::Reg),
        }
    }
}

/// Canonical modifier fields of the word, zero values included, one entry per field, as
/// `reads` says to read them.
fn raw_modifiers(reads: &ModifierReads, word: u128, src0: Option<u64>, halves: u32) -> Modifiers {
    let mut values: Vec<(ModifierName, u32)> = (reads.names.iter())
        .map(|&name| (ModifierName::Borrowed(name), 0))
        .collect();
    for &(at, field, mask, shift) in &reads.fields {
        values[at].1 |= ((read_field(word, field, 0) & mask) << shift) as u32;
    }
    if let Some(at) = reads.halves {
        values[at].1 |= halves;
    }
    if let Some(at) = reads.fetch_inactive {
        values[at].1 |= u32::from(src0 == Some(SRC_DPP8_FI));
    }
    Modifiers(values)
}

/// How the modifiers of a vector word in one layout are read: the canonical fields of
/// [`VECTOR_MODIFIER_FIELDS`]; on 32-bit forms OPSEL from the true16 halves in the VGPR
/// codes and, for DPP16 and SDWA, src0/src1 modifiers from SRCn_NEG / SRCn_ABS /
/// SRCn_SEXT; packed math's OPSEL_HI (RDNA4 keeps its bit 2 in OP_SEL_HI_2); DPP8's lane
/// selects and FI.
#[derive(Default)]
pub(super) struct ModifierReads<'s> {
    /// Modifier names, in the order the decoded instruction lists them.
    names: Vec<&'static str>,
    /// (index into `names`, field, mask of its value, shift): ORed into that modifier.
    fields: Vec<(usize, &'s Field, u64, u32)>,
    /// The modifier the true16 halves are ORed into (32-bit forms: OPSEL).
    halves: Option<usize>,
    /// The modifier set on a DPP8 word with fetch-inactive (FI).
    fetch_inactive: Option<usize>,
}

impl<'s> ModifierReads<'s> {
    fn new(layout: &'s Encoding, base: Family, dpp: Option<Dpp>) -> Self {
        let mut reads = ModifierReads::default();
        for field in &layout.fields {
            if let Some(name) = VECTOR_MODIFIER_FIELDS.iter().find(|&&n| n == field.name) {
                reads.read(name, field, u64::MAX, 0);
            }
        }
        if base.is_vop32() {
            reads.halves = Some(reads.name("OPSEL"));
            for (name, per_source) in [
                ("NEG", ["SRC0_NEG", "SRC1_NEG"]),
                ("ABS", ["SRC0_ABS", "SRC1_ABS"]),
                ("SEXT", ["SRC0_SEXT", "SRC1_SEXT"]),
            ] {
                reads.name(name);
                for (bit, source) in per_source.into_iter().enumerate() {
                    if let Some(field) = layout.field(source) {
                        reads.read(name, field, u64::MAX, bit as u32);
                    }
                }
            }
        }
        if matches!(base, Family::Vop3p | Family::Vop3px2) {
            if let Some(field) = layout.field("OPSEL_HI") {
                match layout.field("OP_SEL_HI_2") {
                    Some(third) => {
                        reads.read("OPSEL_HI", field, 0b11, 0);
                        reads.read("OPSEL_HI", third, u64::MAX, 2);
                    }
                    None => reads.read("OPSEL_HI", field, u64::MAX, 0),
                }
            }
        }
        if dpp == Some(Dpp::Dpp8) {
            for name in LANE_SELS {
                if let Some(field) = layout.field(name) {
                    reads.read(name, field, u64::MAX, 0);
                }
            }
            reads.fetch_inactive = Some(reads.name("FI"));
        }
        reads
    }

    /// The index of modifier `name`, added where new.
    fn name(&mut self, name: &'static str) -> usize {
        match self.names.iter().position(|&n| n == name) {
            Some(at) => at,
            None => {
                self.names.push(name);
                self.names.len() - 1
            }
        }
    }

    fn read(&mut self, name: &'static str, field: &'s Field, mask: u64, shift: u32) {
        let at = self.name(name);
        self.fields.push((at, field, mask, shift));
    }
}

/// An SDWA word's slots: sources that may be scalar ([`sdwa_source_types`]), and a compare's
/// SDST when its SD bit names one instead of VCC.
fn sdwa_slots(slots: &mut [Operand], reader: &VectorReader) {
    sdwa_source_types(slots, reader.layout);
    let explicit_sdst = reader
        .layout
        .field("SD")
        .is_some_and(|f| read_field(reader.word, f, 0) != 0);
    if let Some(slot) = slots.first_mut().filter(|s| s.operand_type == "OPR_VCC") {
        if explicit_sdst {
            sdwa_explicit_destination(slot);
        }
    }
}

/// What decoding a vector word needs that its family, opcode and extension (SDWA, DPP8,
/// DPP16) settle, found once per disassembler ([`Disassembler::vector_plan`]).
pub(super) struct VectorPlan<'s> {
    instruction: &'s Instruction,
    form: &'s InstructionEncoding,
    /// The word's layout: the form's encoding, or its DPP or SDWA variant.
    layout: &'s Encoding,
    mnemonic: String,
    /// The decoded instruction's form.
    typed: Form,
    /// The form's operand slots, before an SDWA word or an F8F6F4 MFMA's formats adjust them;
    /// shared by the instructions decoded with them.
    slots: Vec<LaidSlot<'s>>,
    /// An F8F6F4 MFMA: its sources are sized by CBSZ and BLGP ([`size_f8f6f4_sources`]).
    f8f6f4: bool,
    /// A DPP word the manual refuses the opcode ([`Spec::refuses_dpp`]).
    dpp_refused: bool,
    /// A DPP word of an operation the manual keeps from DPP as 64-bit
    /// ([`Spec::no_dpp_for_64bit`]).
    no_dpp_for_64bit: bool,
    /// ... which the processor takes in this form all the same
    /// ([`Spec::takes_dpp_on_64bit`]).
    dpp_on_64bit: bool,
    /// The spec does not know the form's operands.
    unknown_operands: bool,
    /// How the word's modifiers are read.
    modifiers: ModifierReads<'s>,
}

/// Reads operand fields of one vector word in its layout encoding.
struct VectorReader<'e> {
    word: u128,
    layout: &'e Encoding,
    dpp: bool,
    /// An SDWA word: sources are 8-bit codes with an S0/S1 bit telling scalar from VGPR.
    sdwa: bool,
    short: bool,
    /// The instruction writes SRC0 as well (v_swap_b16).
    swap: bool,
}

impl VectorReader<'_> {
    /// MFMA's bit naming an operand an AGPR: ACC bit 0/1 for src0/src1, ACC_CD for the
    /// destination and the accumulator; false where the word has no such bit.
    fn accumulator_bit(&self, field: &str) -> bool {
        let (name, bit) = match field {
            "SRC0" => ("ACC", 0),
            "SRC1" => ("ACC", 1),
            "VDST" | "SRC2" => ("ACC_CD", 0),
            _ => return false,
        };
        self.layout
            .field(name)
            .is_some_and(|f| read_field(self.word, f, 0) >> bit & 1 != 0)
    }

    /// Field `name`'s value and width (`field`: that field of the layout, found with the
    /// slot); a DPP word's SRC0 is the VGPR its DPP dword names.
    fn read(&self, name: &str, field: Option<&Field>) -> Result<(u64, u32), Failure> {
        let missing = || Failure::Unsupported("encoding field missing".into());
        let sdwa_source = match name {
            "SRC0" => Some(("VSRC0", "S0")),
            "VSRC1" => Some(("VSRC1", "S1")),
            _ => None,
        };
        if let Some((code_field, scalar_bit)) = sdwa_source.filter(|_| self.sdwa) {
            // As a 9-bit source code: scalar codes below 256, VGPRs 256 + n.
            let code = read_field(
                self.word,
                self.layout.field(code_field).ok_or_else(missing)?,
                0,
            );
            let scalar = self
                .layout
                .field(scalar_bit)
                .is_some_and(|f| read_field(self.word, f, 0) != 0);
            return Ok((if scalar { code } else { 256 + code }, 9));
        }
        if self.dpp && name == "SRC0" {
            let field = self.layout.field("VSRC0").ok_or_else(missing)?;
            return Ok((256 + read_field(self.word, field, 0), 9));
        }
        let field = field.ok_or_else(missing)?;
        Ok((read_field(self.word, field, 0), field.width()))
    }
}

/// One half of a dual-issue word: its instruction, form, LLVM mnemonic and operand slots.
pub(super) struct DualOp<'s> {
    instruction: &'s Instruction,
    form: &'s InstructionEncoding,
    /// The op as the form of a decoded statement, laid out in the pair's format.
    typed: Form,
    mnemonic: String,
    slots: Vec<LaidSlot<'s>>,
    /// The op selects by VCC and the format has no select field for the half: it reads VCC
    /// implicitly, a scalar value the pair's limit counts.
    reads_vcc: bool,
}

/// An operand slot and its field in the word's layout, found once with the slot: a word's
/// operands are read field by field.
pub(super) struct LaidSlot<'s> {
    operand: Arc<Operand>,
    field: Option<&'s Field>,
}

/// The restrictions on the two ops of a dual-issue word (RDNA3 ISA §7.6 "Dual Issue VALU",
/// Restrictions; CDNA5 ISA §7.8.1 for VOPD3): the halves' sources in different VGPR banks,
/// at most two scalar values between them, VOPD3's destinations distinct. The hardware does
/// not function when one is broken, so a word that breaks one is invalid. (VOPD's
/// destinations have opposite parity by construction: VDSTY holds no low bit.) The
/// assembler checks the same rules ([`crate::syntax::vector::vopd_conflict`]).
fn check_dual_pair(
    inst: &Inst,
    halves: &[String],
    reads_vcc: bool,
    ctx: &TargetCtx,
) -> Result<(), Failure> {
    let vopd3 = inst.form.family == Family::Vopd3;
    let conflict = crate::syntax::vector::vopd_conflict(
        &inst.operands,
        (&halves[0], &halves[1]),
        reads_vcc,
        ctx.gfx_major,
        (vopd3, ctx.spec.vopd_same_vgpr_reads),
    );
    match conflict {
        Some(rule) => Err(Failure::Invalid(format!(
            "{SPEC_RULE}{rule} (the manual's VOPD restrictions)"
        ))),
        None => Ok(()),
    }
}

/// `slots` with their fields in `layout`.
fn laid_out(slots: Vec<Operand>, layout: &Encoding) -> Vec<LaidSlot<'_>> {
    (slots.into_iter())
        .map(|operand| LaidSlot {
            field: operand.field.as_deref().and_then(|name| layout.field(name)),
            operand: Arc::new(operand),
        })
        .collect()
}

/// One half's operand `slots` with VOPD3's select of v_dual_cndmask_b32 added.
fn with_select(
    mut slots: Vec<Operand>,
    layout: &Encoding,
    mnemonic: &str,
    half: char,
) -> Vec<Operand> {
    let single = mnemonic.replace("v_dual_", "v_");
    if crate::syntax::vector::reads_implicit_vcc(&single) {
        slots.extend(forms::vopd_select_slot(layout, half));
    }
    slots
}

/// VOPD's VDSTY drops its low bit, the opposite of VDSTX's (RDNA3 ISA §15.3.7); VOPD3's is
/// as wide as VDSTX and holds the whole register number.
fn restore_vdsty(layout: &Encoding, operands: &[InstOperand], value: &mut OperandValue) {
    let width = |f: &str| layout.field(f).map_or(0, |f| f.width());
    if width("VDSTY") >= width("VDSTX") {
        return;
    }
    let x_low = operands
        .iter()
        .find_map(|o| match (&o.spec.field.as_deref(), &o.value) {
            (Some("VDSTX"), OperandValue::Reg(r)) => Some(r.first & 1),
            _ => None,
        });
    if let (OperandValue::Reg(reg), Some(x_low)) = (value, x_low) {
        reg.first = reg.first << 1 | (x_low ^ 1);
    }
}

/// A matrix op's word whose modifier bits its syntax cannot say is refused
/// ([`MatrixOp::word_printable`]): its text would drop them.
/// A VOP3 word's NEG and ABS fields (VOP3P's NEG and NEG_HI) hold one bit per source, SRC0
/// to SRC2: a bit set for a source the instruction does not have (by the spec's operand
/// list) modifies nothing the instruction reads, and no text can say it, so the word is not
/// one of the instruction's.
fn check_absent_source_modifiers(inst: &Inst) -> Result<(), Failure> {
    let fields: &[&str] = match inst.form.family {
        Family::Vop3 | Family::Vop3Sdst => &["NEG", "ABS"],
        Family::Vop3p => &["NEG", "NEG_HI"],
        _ => return Ok(()),
    };
    let has_source = |i: u32| {
        let name = format!("SRC{i}");
        (inst.operands.iter()).any(|op| op.spec.field.as_deref() == Some(name.as_str()))
    };
    for &field in fields {
        let bits = inst.modifiers.get(field);
        if let Some(i) = (0..3).find(|&i| bits >> i & 1 != 0 && !has_source(i)) {
            return Err(Failure::Invalid(format!(
                "{field} bit {i} set, but {} has no SRC{i} operand in the spec",
                inst.name
            )));
        }
    }
    Ok(())
}

/// NEG or ABS on a source whose data format is an integer one. The RDNA3 and later ISA
/// manuals (RDNA3, RDNA3.5, RDNA4 and CDNA5, 7.2.2.1 Input Operand Modifiers) define the
/// input modifiers for floating-point inputs only, "undefined for any other type", with
/// V_MOV_B32, V_MOV_B16, V_MOVREL* and V_CNDMASK as the exceptions they name; the older
/// manuals (GCN3, Vega, CDNA and RDNA1-2, 6.2.1 Instruction Inputs) give the option to
/// instructions on floating-point inputs only. Packed math (VOP3P) is left out: its NEG
/// field is per half and repurposed by its integer dot products; so is V_BITOP3, whose truth
/// table the bits carry. Untyped bits (`FMT_NUM_B32`) are not taken for integers: the files
/// give that format to sources that hold floats too ([`is_integer_format`]).
fn check_undefined_input_modifiers(inst: &Inst, ctx: &TargetCtx) -> Result<(), Failure> {
    let family = inst.form.family;
    let name = inst.name.to_ascii_uppercase();
    let excepted = ["V_MOV_B32", "V_MOV_B16", "V_MOVREL", "V_CNDMASK"]
        .iter()
        .any(|p| name.starts_with(p));
    if !family.is_vector_alu()
        || matches!(family, Family::Vop3p | Family::Vop3pMfma)
        || family.is_matrix()
        || excepted
        || keeps_truth_table(&name)
    {
        return Ok(());
    }
    let source = if ctx.gfx_major >= 11 {
        "undefined for non-float inputs (RDNA3 and later ISA, 7.2.2.1 Input Operand Modifiers)"
    } else {
        "an option of instructions on floating-point inputs only (ISA 6.2.1 Instruction Inputs)"
    };
    let bits = inst.modifiers.get("NEG") | inst.modifiers.get("ABS");
    for op in &inst.operands {
        let Some(bit) = op.spec.field.as_deref().and_then(operand_bit) else {
            continue;
        };
        if bit < 3 && bits >> bit & 1 != 0 && is_integer_format(&op.spec.data_format) {
            return Err(Failure::Invalid(format!(
                "{SPEC_RULE}NEG/ABS on SRC{bit} of {}, a {} input: {source}",
                inst.name, op.spec.data_format
            )));
        }
    }
    Ok(())
}

/// Control values the ISA manuals reserve or do not define. A DPP16 word's DPP_CTRL must be
/// one of the DPP_CTRL table's values for the generation (0x100 is "reserved" in every
/// manual; the others it lists per generation, which [`dpp_ctrl_text`] names); an SDWA
/// word's selects may not be 7 nor its DST_UNUSED 3 ("reserved" in every SDWA table); an
/// interpolation's parameter is P10, P20 or P0.
fn check_reserved_controls(inst: &Inst, ctx: &TargetCtx) -> Result<(), Failure> {
    let ctrl = inst.modifiers.get("DPP_CTRL");
    if inst.form.dpp() == Some(Dpp::Dpp16) && dpp_ctrl_text(ctrl, ctx).is_none() {
        return Err(Failure::Invalid(format!(
            "{SPEC_RULE}DPP_CTRL {ctrl:#x} is not among the DPP_CTRL values the ISA's table \
             defines for this generation (DPP_CTRL Enumeration)"
        )));
    }
    let param = inst.operands.iter().find_map(|op| match op.value {
        OperandValue::Imm(v) if op.spec.operand_type == "OPR_PARAM" => Some(v),
        _ => None,
    });
    if let Some(code) = param.filter(|&v| v < 0 || v as usize >= INTERP_PARAMS.len()) {
        return Err(Failure::Invalid(format!(
            "{SPEC_RULE}interpolation parameter {code} is none of P10, P20 and P0, the values \
             the ISA's VINTRP field table defines"
        )));
    }
    let reserved = [
        ("DST_SEL", 7),
        ("SRC0_SEL", 7),
        ("SRC1_SEL", 7),
        ("DST_U", 3),
    ];
    match reserved
        .iter()
        .find(|(field, value)| inst.modifiers.get(field) == *value)
    {
        Some((field, value)) => Err(Failure::Invalid(format!(
            "{SPEC_RULE}SDWA {field} {value} is reserved (SDWA field table)"
        ))),
        None => Ok(()),
    }
}

fn check_matrix_word(inst: &Inst, ctx: &TargetCtx) -> Result<(), Failure> {
    let matrix = MatrixOp::from_formats(inst.operands.iter().map(|o| o.spec.data_format.as_str()));
    match matrix {
        Some(m) if !m.word_printable(|f| inst.modifiers.get(f), ctx) => Err(Failure::Invalid(
            "matrix op modifier bits its syntax cannot express".into(),
        )),
        _ => Ok(()),
    }
}

/// The bytes after an instruction of `base_len` bytes (its literal, if it takes one); the
/// instruction itself must be whole.
fn literal_after(bytes: &[u8], base_len: usize) -> Result<LiteralBytes<'_>, Failure> {
    match bytes.get(base_len..) {
        Some(rest) => Ok(LiteralBytes(rest)),
        None => Err(Failure::Invalid("instruction truncated".into())),
    }
}
