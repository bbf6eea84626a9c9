//! Bytes -> [`Inst`] for the LDS families (DS on GFX11, VDS on GFX12) and the flat ones
//! (FLAT/GLOBAL/SCRATCH, GFX12 VFLAT/VGLOBAL/VSCRATCH), following the assembler's
//! conventions (crate::memory): operands in [`syn::slots`] order as VGPR ranges, an `off`
//! scalar base as `Reg(NULL)` with count 0, an `off` scratch address left out; offsets and
//! cache-policy bits as modifier fields, listed only when non-zero as the printed text
//! leaves them out.

use mcdiff_spec::{Encoding, Instruction, InstructionEncoding, Operand};

use super::{DecodeOutcome, Disassembler, FieldReader};
use crate::family::{family_name, Family, Segment};
use crate::inst::{Inst, InstOperand, OperandValue, RegFile, RegRange};
use crate::syntax::llvm_mnemonic;
use crate::syntax::memory::{self as syn, Written};

/// Image modifier fields in llvm-mc's printing order (GFX11 spells `unorm` UNRM).
pub(crate) const IMAGE_MODIFIER_FIELDS: &[&str] = &[
    "DMASK", "DIM", "UNORM", "UNRM", "GLC", "SLC", "DLC", "TH", "SCOPE", "R128", "A16", "TFE",
    "LWE", "D16",
];

/// A VGPR operand of `count` registers, as the image assembler describes address and data
/// slots.
fn vgpr_slot(field: &str, count: u32) -> Operand {
    Operand {
        field: Some(field.into()),
        data_format: format!("FMT_NUM_B{}", 32 * count),
        operand_type: "OPR_VGPR".into(),
        size: 32 * count,
        input: None,
        output: None,
        implicit: Some(false),
        binary_required: None,
        order: None,
    }
}

/// Buffer flags in the order llvm-mc prints them between `format:` and `offset:`.
const BUFFER_ADDRESS_FLAGS: &[&str] = &["IDXEN", "OFFEN"];

/// Cache-policy fields in the order llvm-mc prints them (GFX11 bits, GFX12 hints).
const CACHE_POLICY_FIELDS: &[&str] = &["GLC", "SLC", "DLC", "TH", "SCOPE"];

impl Disassembler<'_> {
    /// Decodes a word of a memory family.
    pub(super) fn decode_memory(
        &self,
        word: u128,
        bytes: &[u8],
        instruction: &Instruction,
        form: &InstructionEncoding,
    ) -> DecodeOutcome {
        let family = Family::of(&form.encoding);
        if family.is_ds() {
            self.decode_ds(word, bytes, instruction, form)
        } else if family.is_buffer() {
            self.decode_buffer(word, bytes, instruction, form)
        } else if family.is_image() {
            self.decode_image(word, bytes, instruction, form)
        } else if family.is_export() {
            self.decode_export(word, bytes, instruction, form)
        } else {
            self.decode_flat(word, bytes, instruction, form)
        }
    }

    fn decode_flat(
        &self,
        word: u128,
        bytes: &[u8],
        instruction: &Instruction,
        form: &InstructionEncoding,
    ) -> DecodeOutcome {
        let family = Family::of(&form.encoding);
        let Some(segment) = family.segment() else {
            let name = family_name(&form.encoding);
            return DecodeOutcome::Unsupported(format!("encoding {name} not implemented"));
        };
        let (enc, len) = match self.base_encoding(family, bytes) {
            Ok(found) => found,
            Err(outcome) => return *outcome,
        };
        let mnemonic = llvm_mnemonic(&instruction.name);
        let reader = FieldReader { word, enc, family };
        let read = |name: &str| enc.field(name).map(|f| reader.read(f) as u32);
        let null_code = match self
            .names
            .get("OPR_SREG")
            .or_else(|| self.names.get("OPR_SSRC"))
        {
            Some(codes) => codes
                .iter()
                .find(|(_, n)| n.eq_ignore_ascii_case("NULL"))
                .map(|(&c, _)| c as u32),
            None => None,
        };
        let saddr_off = read("SADDR").is_some() && read("SADDR") == null_code;
        let gfx12 = self.ctx.gfx_major >= 12;
        // An atomic writes its return VGPR exactly when its cache policy asks for the old
        // value (GLC before GFX12, TH bit 0 on GFX12), as the assembler checks.
        let returns = if gfx12 {
            read("TH").unwrap_or(0) & 1 != 0
        } else {
            read("GLC").unwrap_or(0) != 0
        };
        let placeholder = |n: usize| {
            let mut texts = vec!["v0"; n];
            if saddr_off {
                if let Some(last) = texts.last_mut() {
                    *last = "off";
                }
            }
            texts
        };
        let written_slots = |texts: &[&str]| {
            syn::slots(
                form,
                &mnemonic,
                &Written {
                    operands: texts,
                    modifiers: &[],
                    wave64: self.ctx.wave64,
                },
            )
        };
        let full = written_slots(&placeholder(8)).len();
        let count = if mnemonic.contains("_atomic_") && !returns {
            full.saturating_sub(1)
        } else {
            full
        };
        let slots = written_slots(&placeholder(count));
        let sve = read("SVE").unwrap_or(0) != 0;
        let mut operands = Vec::new();
        for slot in slots {
            let op = slot.operand;
            let name = op.field.as_deref().unwrap_or("");
            let Some(field) = enc.field(name) else {
                return DecodeOutcome::Unsupported("encoding field missing".into());
            };
            let raw = reader.read(field);
            let is_address = name == "ADDR" || name == "VADDR";
            if segment == Segment::Scratch && is_address && !sve {
                continue;
            }
            let value = if name == "SADDR" {
                if Some(raw as u32) == null_code {
                    RegRange {
                        file: RegFile::Special("NULL".into()),
                        first: 0,
                        count: 0,
                    }
                } else {
                    match self
                        .code_name(&op.operand_type, raw as i64)
                        .and_then(|n| self.register(n, op.size))
                    {
                        Ok(reg) => reg,
                        Err(why) => return why.into(),
                    }
                }
            } else {
                RegRange {
                    file: RegFile::Vgpr,
                    first: raw as u32,
                    count: op.size.div_ceil(32).max(1),
                }
            };
            operands.push(InstOperand {
                spec: op,
                value: OperandValue::Reg(value),
            });
        }
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        if segment == Segment::Scratch && sve {
            modifiers.push(("SVE".into(), 1));
        }
        let has_saddr = operands
            .iter()
            .any(|o| o.spec.field.as_deref() == Some("SADDR"));
        if let (false, Some(code)) = (has_saddr, read("SADDR")) {
            modifiers.push(("SADDR".into(), code));
        }
        for name in ["OFFSET", "IOFFSET"] {
            let Some(field) = enc.field(name) else {
                continue;
            };
            let raw = reader.read(field);
            let signed = gfx12 || segment != Segment::Flat;
            let value = if signed {
                crate::bits::sign_extend(raw, field.width()) as u32
            } else {
                raw as u32
            };
            if value != 0 {
                modifiers.push((name.into(), value));
            }
        }
        for name in CACHE_POLICY_FIELDS {
            match read(name) {
                Some(0) | None => {}
                Some(value) => modifiers.push((name.to_string(), value)),
            }
        }
        self.decoded(mnemonic, instruction, form, operands, modifiers, len)
    }

    fn decode_buffer(
        &self,
        word: u128,
        bytes: &[u8],
        instruction: &Instruction,
        form: &InstructionEncoding,
    ) -> DecodeOutcome {
        let family = Family::of(&form.encoding);
        let (enc, len) = match self.base_encoding(family, bytes) {
            Ok(found) => found,
            Err(outcome) => return *outcome,
        };
        let mnemonic = llvm_mnemonic(&instruction.name);
        let reader = FieldReader { word, enc, family };
        let read = |name: &str| enc.field(name).map(|f| reader.read(f) as u32);
        let flag_words: Vec<&str> = [("IDXEN", "idxen"), ("OFFEN", "offen"), ("TFE", "tfe")]
            .iter()
            .filter(|(f, _)| read(f).unwrap_or(0) != 0)
            .map(|&(_, w)| w)
            .collect();
        let slots = syn::slots(
            form,
            &mnemonic,
            &Written {
                operands: &[],
                modifiers: &flag_words,
                wave64: self.ctx.wave64,
            },
        );
        let mut operands = Vec::new();
        for slot in slots {
            let op = slot.operand;
            if slot.off_only {
                continue;
            }
            let name = op.field.as_deref().unwrap_or("");
            let Some(field) = enc.field(name) else {
                return DecodeOutcome::Unsupported("encoding field missing".into());
            };
            let raw = reader.read(field);
            let value = match name {
                "SRSRC" | "RSRC" => {
                    // RDNA3's 5-bit SRSRC names the resource quad by its first SGPR / 4
                    // (RDNA3 ISA §9.1 "MUBUF instruction fields"); RDNA4's 9-bit RSRC holds
                    // the SGPR code itself.
                    let padded = field.ranges.first().is_some_and(|r| r.padding_count > 0);
                    let code = if padded || field.width() >= 8 {
                        raw
                    } else {
                        raw << 2
                    };
                    match self
                        .code_name(&op.operand_type, code as i64)
                        .and_then(|n| self.register(n, op.size))
                    {
                        Ok(reg) => OperandValue::Reg(reg),
                        Err(why) => return why.into(),
                    }
                }
                "SOFFSET" => match self.code_name(&op.operand_type, raw as i64) {
                    Ok(n) if super::is_constant_name(n) => OperandValue::Inline(n.into()),
                    Ok(n) => match self.register(n, 32) {
                        Ok(reg) => OperandValue::Reg(reg),
                        Err(why) => return why.into(),
                    },
                    Err(why) => return why.into(),
                },
                _ => OperandValue::Reg(RegRange {
                    file: RegFile::Vgpr,
                    first: raw as u32,
                    count: op.size.div_ceil(32).max(1),
                }),
            };
            operands.push(InstOperand { spec: op, value });
        }
        // Modifier fields in printed order; a default FORMAT is not printed, and the
        // assembler then adds it last.
        let tbuffer = mnemonic.starts_with("tbuffer_");
        let format = read("FORMAT");
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        if let (true, Some(code)) = (tbuffer, format.filter(|&c| c != 1)) {
            modifiers.push(("FORMAT".into(), code));
        }
        for name in BUFFER_ADDRESS_FLAGS {
            if read(name).unwrap_or(0) != 0 {
                modifiers.push((name.to_string(), 1));
            }
        }
        let offset = read("OFFSET").or_else(|| read("IOFFSET")).unwrap_or(0);
        if offset != 0 {
            let name = if enc.field("IOFFSET").is_some() {
                "IOFFSET"
            } else {
                "OFFSET"
            };
            modifiers.push((name.into(), offset));
        }
        for name in CACHE_POLICY_FIELDS.iter().chain(&["TFE"]) {
            match read(name) {
                Some(0) | None => {}
                Some(value) => modifiers.push((name.to_string(), value)),
            }
        }
        if let Some(code) = format.filter(|&c| !tbuffer || c == 1) {
            modifiers.push(("FORMAT".into(), code));
        }
        self.decoded(mnemonic, instruction, form, operands, modifiers, len)
    }

    /// Exports (EXP, VEXPORT) and LDS parameter loads (LDSDIR, VDSDIR), as crate::export
    /// builds them: enabled sources as VSRC0..3, target, EN and flags as fields; attribute
    /// and wait counters as fields.
    fn decode_export(
        &self,
        word: u128,
        bytes: &[u8],
        instruction: &Instruction,
        form: &InstructionEncoding,
    ) -> DecodeOutcome {
        let family = Family::of(&form.encoding);
        let (enc, len) = match self.base_encoding(family, bytes) {
            Ok(found) => found,
            Err(outcome) => return *outcome,
        };
        let gfx_major = self.ctx.gfx_major;
        let reader = FieldReader { word, enc, family };
        let field_named = |names: &[&str]| {
            names
                .iter()
                .find_map(|n| enc.field(n).map(|f| (n.to_string(), reader.read(f) as u32)))
        };
        let slot = |name: &str| {
            form.operands
                .iter()
                .find(|o| o.field.as_deref() == Some(name))
        };
        let vgpr = |name: &str| {
            let op = slot(name)?;
            let first = reader.read(enc.field(name)?) as u32;
            Some(InstOperand {
                spec: op.clone(),
                value: OperandValue::Reg(RegRange {
                    file: RegFile::Vgpr,
                    first,
                    count: 1,
                }),
            })
        };
        let mut operands = Vec::new();
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        let mnemonic = if matches!(family, Family::Exp | Family::Vexport) {
            let Some((target_field, target)) = field_named(&["TARGET", "TGT"]) else {
                return DecodeOutcome::Unsupported("spec gap: no export target field".into());
            };
            if syn::export_target_name(target, gfx_major).is_none() {
                return DecodeOutcome::Unsupported(format!("export target {target} not named"));
            }
            modifiers.push((target_field, target));
            let enabled = field_named(&["EN"]).map_or(0, |(_, v)| v);
            for i in 0..4 {
                if enabled & (1 << i) == 0 {
                    continue;
                }
                let Some(op) = vgpr(&format!("VSRC{i}")) else {
                    return DecodeOutcome::Unsupported("spec gap: no export source".into());
                };
                operands.push(op);
            }
            modifiers.push(("EN".into(), enabled));
            for names in [&["DONE"][..], &["ROW", "ROW_EN"]] {
                if let Some((name, 1..)) = field_named(names) {
                    modifiers.push((name, 1));
                }
            }
            // LLVM spells the instruction `exp` before GFX12 and `export` from GFX12 on.
            if gfx_major >= 12 { "export" } else { "exp" }.to_string()
        } else {
            let Some(op) = vgpr("VDST") else {
                return DecodeOutcome::Unsupported("spec gap: no VDST operand".into());
            };
            operands.push(op);
            if slot("ATTR").is_some() {
                for name in ["ATTR", "ATTR_CHAN"] {
                    let value = field_named(&[name]).map_or(0, |(_, v)| v);
                    modifiers.push((name.into(), value));
                }
            }
            for (name, _) in syn::lds_wait_fields() {
                if let Some(found) = field_named(&[name]) {
                    modifiers.push(found);
                }
            }
            llvm_mnemonic(&instruction.name)
        };
        self.decoded(mnemonic, instruction, form, operands, modifiers, len)
    }

    /// Images (MIMG, VIMAGE, VSAMPLE), as crate::image builds them: data sized by dmask, d16
    /// and tfe; the address dwords the op and dim need, as one range or an NSA list (the
    /// last element taking the rest); resource and sampler; modifiers in printed order.
    fn decode_image(
        &self,
        word: u128,
        bytes: &[u8],
        instruction: &Instruction,
        form: &InstructionEncoding,
    ) -> DecodeOutcome {
        let family = Family::of(&form.encoding);
        let gfx11 = family == Family::Mimg;
        let name = family.name();
        let Some(enc) = self.ctx.spec.encoding(&format!("ENC_{name}")) else {
            return DecodeOutcome::Unsupported(format!("encoding ENC_{name} missing from spec"));
        };
        let base = (enc.bit_count / 8) as usize;
        let op = instruction.name.to_ascii_lowercase();
        let reader = FieldReader { word, enc, family };
        let read = |name: &str| enc.field(name).map_or(0, |f| reader.read(f) as u32);
        let flag = |name: &str| syn::image_field(enc, name).is_some_and(|f| read(&f) != 0);
        let bvh_groups = syn::bvh_address_groups(&op, flag("A16"));
        let address_dwords = match &bvh_groups {
            Some(groups) => groups.iter().sum(),
            None => match syn::image_address_dwords(&op, read("DIM"), flag("A16")) {
                Some(dwords) => dwords,
                None => {
                    return DecodeOutcome::Unsupported("image address size not implemented".into())
                }
            },
        };
        let nsa = gfx11 && read("NSA") != 0;
        // GFX11 NSA: VADDR plus up to four address bytes in the next dword (RDNA3 ISA §8.2
        // "MIMG NSA"); GFX12: one field per address (five VIMAGE, four VSAMPLE).
        let address_fields = if gfx11 {
            5
        } else {
            enc.fields
                .iter()
                .filter(|f| f.name.starts_with("VADDR"))
                .count() as u32
        };
        let listed = address_dwords.min(address_fields);
        let len = if nsa { base + 4 } else { base };
        if bytes.len() < len {
            return DecodeOutcome::Invalid("instruction truncated".into());
        }
        let extra = bytes
            .get(base..base + 4)
            .map_or(0, |b| u32::from_le_bytes(b.try_into().expect("4 bytes")));
        let mut operands = Vec::new();
        let dmask = read("DMASK");
        let data_field = form
            .operands
            .iter()
            .find(|o| o.field.as_deref() == Some("VDATA"));
        if let Some(data_field) = data_field {
            let regs = syn::image_data_regs(&op, dmask, flag("D16"), flag("TFE"));
            let slot = regs.map_or_else(|| data_field.clone(), |n| vgpr_slot("VDATA", n));
            let first = read("VDATA");
            operands.push(InstOperand {
                value: OperandValue::Reg(RegRange {
                    file: RegFile::Vgpr,
                    first,
                    count: slot.size.div_ceil(32).max(1),
                }),
                spec: slot,
            });
        }
        let as_list = nsa || (!gfx11 && address_dwords > 1);
        // VGPRs per written address: one range (over 12 dwords rounds up to 16, the next
        // register class), the ray-tracing groups, or one each with the last taking the rest.
        let elements: Vec<u32> = match (&bvh_groups, as_list) {
            (_, false) if address_dwords > 12 => vec![16],
            (_, false) => vec![address_dwords],
            (Some(groups), true) => groups.clone(),
            (None, true) => (0..listed)
                .map(|i| {
                    if i + 1 == listed {
                        address_dwords - i
                    } else {
                        1
                    }
                })
                .collect(),
        };
        if elements.len() as u32 > address_fields {
            return DecodeOutcome::Unsupported("image address list too long".into());
        }
        for (i, &regs) in elements.iter().enumerate() {
            let i = i as u32;
            let (field, first) = match (gfx11, i) {
                (true, 0) => ("VADDR".to_string(), read("VADDR")),
                (true, n) => (format!("NSA_ADDR{n}"), (extra >> (8 * (n - 1))) & 0xff),
                (false, n) => (format!("VADDR{n}"), read(&format!("VADDR{n}"))),
            };
            operands.push(InstOperand {
                spec: vgpr_slot(&field, regs),
                value: OperandValue::Reg(RegRange {
                    file: RegFile::Vgpr,
                    first,
                    count: regs,
                }),
            });
        }
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        // The ray-tracing ops print none of dmask, dim, unorm, r128; the assembler sets
        // them after the written modifiers.
        let implied: &[&str] = if bvh_groups.is_some() {
            &["DMASK", "DIM", "UNORM", "UNRM", "R128"]
        } else {
            &[]
        };
        for name in IMAGE_MODIFIER_FIELDS {
            if enc.field(name).is_none() || implied.contains(name) {
                continue;
            }
            let value = read(name);
            let printed = match *name {
                "DMASK" | "DIM" => true,
                _ => value != 0,
            };
            if printed {
                modifiers.push((name.to_string(), value));
            }
        }
        for name in ["DMASK", "R128", "UNORM"] {
            if let (true, Some(field)) = (bvh_groups.is_some(), syn::image_field(enc, name)) {
                modifiers.push((field.clone(), read(&field)));
            }
        }
        if nsa {
            modifiers.push(("NSA".into(), 1));
        }
        for name in ["SRSRC", "RSRC", "SSAMP", "SAMP"] {
            let Some(slot) = form
                .operands
                .iter()
                .find(|o| o.field.as_deref() == Some(name))
            else {
                continue;
            };
            let Some(field) = enc.field(name) else {
                return DecodeOutcome::Unsupported("encoding field missing".into());
            };
            let raw = reader.read(field);
            let padded = field.ranges.first().is_some_and(|r| r.padding_count > 0);
            let code = if padded || field.width() >= 8 {
                raw
            } else {
                raw << 2
            };
            match self
                .code_name(&slot.operand_type, code as i64)
                .and_then(|n| self.register(n, slot.size))
            {
                Ok(reg) => operands.push(InstOperand {
                    spec: slot.clone(),
                    value: OperandValue::Reg(reg),
                }),
                Err(why) => return why.into(),
            }
        }
        self.decoded(
            llvm_mnemonic(&instruction.name),
            instruction,
            form,
            operands,
            modifiers,
            len,
        )
    }

    fn decode_ds(
        &self,
        word: u128,
        bytes: &[u8],
        instruction: &Instruction,
        form: &InstructionEncoding,
    ) -> DecodeOutcome {
        let family = Family::of(&form.encoding);
        let (enc, len) = match self.base_encoding(family, bytes) {
            Ok(found) => found,
            Err(outcome) => return *outcome,
        };
        let mnemonic = llvm_mnemonic(&instruction.name);
        let reader = FieldReader { word, enc, family };
        let written = Written {
            operands: &[],
            modifiers: &[],
            wave64: self.ctx.wave64,
        };
        let mut operands = Vec::new();
        for slot in syn::slots(form, &mnemonic, &written) {
            let op = slot.operand;
            let Some(field) = op.field.as_deref().and_then(|f| enc.field(f)) else {
                return DecodeOutcome::Unsupported("encoding field missing".into());
            };
            if op.operand_type != "OPR_VGPR" {
                return DecodeOutcome::Unsupported(format!(
                    "DS operand type {} not implemented",
                    op.operand_type
                ));
            }
            let reg = RegRange {
                file: RegFile::Vgpr,
                first: reader.read(field) as u32,
                count: op.size.div_ceil(32).max(1),
            };
            operands.push(InstOperand {
                spec: op,
                value: OperandValue::Reg(reg),
            });
        }
        let read = |name: &str| enc.field(name).map_or(0, |f| reader.read(f) as u32);
        let (offset0, offset1) = (read("OFFSET0"), read("OFFSET1"));
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        if syn::is_two_address_ds(&instruction.name) {
            for (name, value) in [("OFFSET0", offset0), ("OFFSET1", offset1)] {
                if value != 0 {
                    modifiers.push((name.into(), value));
                }
            }
        } else if offset0 != 0 || offset1 != 0 {
            modifiers.push(("OFFSET0".into(), offset0));
            modifiers.push(("OFFSET1".into(), offset1));
        }
        if read("GDS") != 0 {
            modifiers.push(("GDS".into(), 1));
        }
        self.decoded(mnemonic, instruction, form, operands, modifiers, len)
    }
}

impl Disassembler<'_> {
    /// The base encoding of a memory family and its length in bytes, or why the word
    /// cannot be decoded (encoding absent from the spec, word truncated).
    fn base_encoding(
        &self,
        family: Family,
        bytes: &[u8],
    ) -> Result<(&Encoding, usize), Box<DecodeOutcome>> {
        let name = family.name();
        let Some(enc) = self.ctx.spec.encoding(&format!("ENC_{name}")) else {
            return Err(Box::new(DecodeOutcome::Unsupported(format!(
                "encoding ENC_{name} missing from spec"
            ))));
        };
        let len = (enc.bit_count / 8) as usize;
        if bytes.len() < len {
            return Err(Box::new(DecodeOutcome::Invalid(
                "instruction truncated".into(),
            )));
        }
        Ok((enc, len))
    }

    /// The decoded operands as the `Inst` the assembler builds, printed.
    fn decoded(
        &self,
        mnemonic: String,
        instruction: &Instruction,
        form: &InstructionEncoding,
        operands: Vec<InstOperand>,
        modifiers: Vec<(String, u32)>,
        len: usize,
    ) -> DecodeOutcome {
        let inst = Inst {
            mnemonic,
            name: instruction.name.clone(),
            encoding: form.encoding.clone(),
            opcode: form.opcode,
            operands,
            modifiers: modifiers.into(),
        };
        DecodeOutcome::Decoded { inst, len }
    }
}
