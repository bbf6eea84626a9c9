//! Bytes -> [`Inst`] for the LDS families (DS on GFX11, VDS on GFX12) and the flat ones
//! (FLAT/GLOBAL/SCRATCH, GFX12 VFLAT/VGLOBAL/VSCRATCH), following the assembler's
//! conventions (crate::asm::memory): operands in [`syn::slots`] order as VGPR ranges, an `off`
//! scalar base as `Reg(NULL)` with count 0, an `off` scratch address left out; offsets and
//! cache-policy bits as modifier fields, listed only when non-zero as the printed text
//! leaves them out.

use mcdiff_spec::{Field, InstructionEncoding, Operand};

use super::{DecodeOutcome, Disassembler, Failure, FieldReader, Found, SPEC_RULE};
use crate::family::{family_name, Family, Segment};
use crate::inst::{Inst, InstOperand, OperandValue, RegFile, RegRange};
use crate::operands::{disables_scalar_address, is_vgpr_type, takes_agpr};
use crate::syntax::llvm_mnemonic;
use crate::syntax::memory::{self as syn, vgpr_slot, Written};
use crate::syntax::memory_modifiers::split_format_fields;

/// Image modifier fields in llvm-mc's printing order.
pub(crate) const IMAGE_MODIFIER_FIELDS: &[&str] = &[
    "DMASK", "DIM", "UNORM", "GLC", "SLC", "DLC", "TH", "SCOPE", "R128", "A16", "TFE", "LWE", "DA",
    "D16",
];

/// Buffer flags in the order llvm-mc prints them between `format:` and `offset:`.
const BUFFER_ADDRESS_FLAGS: &[&str] = &["IDXEN", "OFFEN", "ADDR64"];

/// The VGPR fields of the flat families' words.
const FLAT_REGISTER_FIELDS: &[&str] = &["ADDR", "VADDR", "DATA", "VDATA", "VSRC", "VDST"];

/// The register fields of the buffer families' words.
const BUFFER_REGISTER_FIELDS: &[&str] = &["VDATA", "VADDR", "SRSRC", "RSRC", "SOFFSET"];

/// Whether any of the word's `fields` (those it has) is set: the word names a register.
fn names_registers(reader: &FieldReader, fields: &[&str]) -> bool {
    fields
        .iter()
        .filter_map(|f| reader.enc.field(f))
        .any(|f| reader.read(f) != 0)
}

/// Cache-policy fields in the order llvm-mc prints them (GFX11 bits, GFX12 hints).
const CACHE_POLICY_FIELDS: &[&str] = &["GLC", "SLC", "DLC", "SC0", "SC1", "NT", "TH", "SCOPE"];

impl Disassembler<'_> {
    /// Decodes a word of a memory family.
    pub(super) fn decode_memory(&self, found: &Found) -> DecodeOutcome {
        let form = found.form;
        let family = Family::of(&form.encoding);
        if family.is_ds() {
            self.decode_ds(found)
        } else if family.is_buffer() {
            self.decode_buffer(found)
        } else if family.is_image() {
            self.decode_image(found)
        } else if family.is_export() {
            self.decode_export(found)
        } else {
            self.decode_flat(found)
        }
    }

    fn decode_flat(&self, found: &Found) -> DecodeOutcome {
        let instruction = found.instruction;
        let form = found.form;
        let family = Family::of(&form.encoding);
        let Some(segment) = family.segment() else {
            let name = family_name(&form.encoding);
            return DecodeOutcome::Unsupported(format!("encoding {name} not implemented"));
        };
        let (reader, len) = match self.base_encoding(found) {
            Ok(base) => base,
            Err(outcome) => return *outcome,
        };
        let enc = reader.enc;
        let complete = self.ctx.spec.lists_every_operand_of(form);
        if form.operands.is_empty() && !complete && names_registers(&reader, FLAT_REGISTER_FIELDS) {
            // A manual file's instruction no file gives operands for (GFX12.5's
            // cluster_load_async_to_lds_b128): only a word naming no register is known to be
            // an operand-less op, as for DS.
            return DecodeOutcome::Unsupported("no operand facts in spec".into());
        }
        let mnemonic = llvm_mnemonic(&self.ctx, &instruction.name);
        let read = |name: &str| enc.field(name).map(|f| reader.read(f) as u32);
        let saddr_off = read("SADDR").is_some_and(|c| disables_scalar_address(self.ctx.spec, c));
        // An atomic writes its return VGPR exactly when its cache policy asks for the old
        // value, as the assembler checks.
        let returns = read(syn::atomic_return_field(enc, self.ctx.gfx_major)).unwrap_or(0) & 1 != 0;
        // A GFX12.5 FLAT word with a scalar base is written as GLOBAL's (`v1, s[2:3]`).
        let flat_scalar_base = syn::flat_takes_scalar_base(&self.ctx);
        let flat_gvs = segment == Segment::Flat && flat_scalar_base && !saddr_off;
        // GFX10's GLOBAL and SCRATCH loads with the LDS bit return to LDS, no VGPR.
        let to_lds: &[&str] = if segment != Segment::Flat && read("LDS") == Some(1) {
            &["lds"]
        } else {
            &[]
        };
        let written_slots = |count: usize| {
            let mut texts = vec!["v0"; count];
            let last_text = match (saddr_off, flat_gvs) {
                (true, _) => Some("off"),
                (false, true) => Some("s0"),
                _ => None,
            };
            if let (Some(text), Some(last)) = (last_text, texts.last_mut()) {
                *last = text;
            }
            let written = Written {
                operands: &texts,
                modifiers: to_lds,
                wave64: self.ctx.wave64,
                flat_scalar_base,
            };
            syn::slots(form, &mnemonic, &written)
        };
        let full = written_slots(8).len();
        let count = if mnemonic.contains("_atomic_") && !returns {
            full.saturating_sub(1)
        } else {
            full
        };
        // Without an SVE bit (GFX9 before gfx940, GFX10) a scratch word addresses by VGPR
        // exactly when it has no scalar address.
        let sve = read("SVE").map_or(saddr_off, |v| v != 0);
        // GFX10.3 marks a scratch word addressed by its offset alone with its own SADDR code,
        // kept as a modifier ([`syn::scratch_offset_only_code`]).
        let offset_only = segment == Segment::Scratch
            && read("SADDR").is_some_and(|c| Some(c) == syn::scratch_offset_only_code(&self.ctx));
        let acc = reader.flag("ACC");
        let mut operands = Vec::new();
        for slot in written_slots(count) {
            let op = slot.operand;
            let name = op.field.as_deref().unwrap_or("");
            let Some(field) = enc.field(name) else {
                return DecodeOutcome::Unsupported("encoding field missing".into());
            };
            let is_address = name == "ADDR" || name == "VADDR";
            if (segment == Segment::Scratch && is_address && !sve)
                || (offset_only && (is_address || name == "SADDR"))
            {
                continue;
            }
            match self.flat_register(acc, &op, reader.read(field)) {
                Ok(reg) => operands.push(InstOperand {
                    spec: op.into(),
                    value: OperandValue::Reg(reg),
                }),
                Err(why) => return why.into(),
            }
        }
        let modifiers = self.flat_modifiers(&reader, segment, &operands);
        self.decoded(found, mnemonic, (operands, modifiers), len)
    }

    /// The register file of a memory word's VGPR operand: an AGPR for a data operand of a
    /// word whose ACC bit is set (CDNA2 and later), else a VGPR.
    fn vgpr_file(&self, acc: bool, op: &Operand) -> RegFile {
        if acc && takes_agpr(&op.operand_type, &self.ctx) {
            RegFile::Agpr
        } else {
            RegFile::Vgpr
        }
    }

    /// A flat operand's register: SADDR names a scalar register (NULL with no width for
    /// `off`), every other field a VGPR (or AGPR) by number.
    fn flat_register(&self, acc: bool, op: &Operand, raw: u64) -> Result<RegRange, Failure> {
        if op.field.as_deref() != Some("SADDR") {
            return Ok(RegRange {
                file: self.vgpr_file(acc, op),
                first: raw as u32,
                count: op.size.div_ceil(32).max(1),
            });
        }
        if disables_scalar_address(self.ctx.spec, raw as u32) {
            return Ok(RegRange {
                file: RegFile::Special("NULL".into()),
                first: 0,
                count: 0,
            });
        }
        self.code_name(&op.operand_type, raw as i64)
            .and_then(|n| self.register(n, op.size))
    }

    /// A flat word's modifier fields: SVE for a scratch address, SADDR when no operand holds
    /// it, the offset (signed except FLAT before GFX12) and the cache policy, when non-zero.
    fn flat_modifiers(
        &self,
        reader: &FieldReader,
        segment: Segment,
        operands: &[InstOperand],
    ) -> Vec<(String, u32)> {
        let enc = reader.enc;
        let read = |name: &str| enc.field(name).map(|f| reader.read(f) as u32);
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        if segment == Segment::Scratch && read("SVE").unwrap_or(0) != 0 {
            modifiers.push(("SVE".into(), 1));
        }
        let has_saddr = operands
            .iter()
            .any(|o| o.spec.field.as_deref() == Some("SADDR"));
        if let (false, Some(code)) = (has_saddr, read("SADDR")) {
            modifiers.push(("SADDR".into(), code));
        }
        let signed = self.ctx.gfx_major >= 12 || segment != Segment::Flat;
        for name in ["OFFSET", "IOFFSET"] {
            let Some(field) = enc.field(name) else {
                continue;
            };
            let raw = reader.read(field);
            let value = if signed {
                crate::bits::sign_extend(raw, field.width()) as u32
            } else {
                raw as u32
            };
            if value != 0 {
                modifiers.push((name.into(), value));
            }
        }
        if segment != Segment::Flat && read("LDS").unwrap_or(0) != 0 {
            modifiers.push(("LDS".into(), 1));
        }
        for name in CACHE_POLICY_FIELDS.iter().chain(&["SCALE_OFFSET", "NV"]) {
            match read(name) {
                Some(0) | None => {}
                Some(value) => modifiers.push((name.to_string(), value)),
            }
        }
        modifiers
    }

    fn decode_buffer(&self, found: &Found) -> DecodeOutcome {
        let (reader, len, mnemonic) = match self.memory_word(found) {
            Ok(word) => word,
            Err(outcome) => return *outcome,
        };
        let enc = reader.enc;
        let complete = self.ctx.spec.lists_every_operand_of(found.form);
        let busy = names_registers(&reader, BUFFER_REGISTER_FIELDS);
        if found.form.operands.is_empty() && !complete && busy {
            // A manual file's buffer op no file gives operands for (GFX12.5's
            // BUFFER_ATOMIC_ADD_F64): only a word naming no register is known to be an
            // operand-less op (the cache invalidations), as for FLAT and DS.
            return DecodeOutcome::Unsupported("no operand facts in spec".into());
        }
        let read = |name: &str| enc.field(name).map(|f| reader.read(f) as u32);
        let acc = reader.flag("ACC");
        let flag_words: Vec<&str> = [
            ("IDXEN", "idxen"),
            ("OFFEN", "offen"),
            ("ADDR64", "addr64"),
            ("TFE", "tfe"),
            ("LDS", "lds"),
        ]
        .iter()
        .filter(|(f, _)| read(f).unwrap_or(0) != 0)
        .map(|&(_, w)| w)
        .collect();
        let slots = syn::slots(
            found.form,
            &mnemonic,
            &Written {
                operands: &[],
                modifiers: &flag_words,
                wave64: self.ctx.wave64,
                flat_scalar_base: false,
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
                "SRSRC" | "RSRC" => match self.resource_register(&op, field, raw) {
                    Ok(reg) => OperandValue::Reg(reg),
                    Err(why) => return why.into(),
                },
                "SOFFSET" => match self.code_name(&op.operand_type, raw as i64) {
                    Ok(n) if super::is_constant_name(n) => OperandValue::Inline(n.into()),
                    Ok(n) => match self.register(n, 32) {
                        Ok(reg) => OperandValue::Reg(reg),
                        Err(why) => return why.into(),
                    },
                    Err(why) => return why.into(),
                },
                _ => OperandValue::Reg(RegRange {
                    file: self.vgpr_file(acc, &op),
                    first: raw as u32,
                    count: op.size.div_ceil(32).max(1),
                }),
            };
            operands.push(InstOperand {
                spec: op.into(),
                value,
            });
        }
        let modifiers = buffer_modifiers(&reader, &mnemonic);
        if let Some(rule) = illegal_buffer_flags(&modifiers) {
            return DecodeOutcome::Invalid(format!("{SPEC_RULE}{rule}"));
        }
        self.decoded(found, mnemonic, (operands, modifiers), len)
    }

    /// Exports (EXP, VEXPORT) and LDS parameter loads (LDSDIR, VDSDIR), as the export builder
    /// builds them: enabled sources as VSRC0..3, target, EN and flags as fields; attribute
    /// and wait counters as fields.
    fn decode_export(&self, found: &Found) -> DecodeOutcome {
        let word = found.word;
        let instruction = found.instruction;
        let form = found.form;
        let family = Family::of(&form.encoding);
        let (reader, len) = match self.base_encoding(found) {
            Ok(base) => base,
            Err(outcome) => return *outcome,
        };
        let enc = reader.enc;
        let gfx_major = self.ctx.gfx_major;
        let reader = FieldReader { word, enc, family };
        let field_named = |name: &str| {
            enc.field(name)
                .map(|f| (f.name.clone(), reader.read(f) as u32))
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
                spec: op.clone().into(),
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
            let Some((target_field, target)) = field_named("TARGET") else {
                return DecodeOutcome::Unsupported("spec gap: no export target field".into());
            };
            if syn::export_target_name(target, gfx_major).is_none() {
                return DecodeOutcome::Unsupported(format!("export target {target} not named"));
            }
            modifiers.push((target_field, target));
            let enabled = field_named("EN").map_or(0, |(_, v)| v);
            let compressed = field_named(syn::EXPORT_COMPRESSED.1).filter(|(_, v)| *v != 0);
            // Compressed: VSRC0 holds the first two components, VSRC1 the last two, each
            // enabled by either of its EN bits (the printer writes one position per bit).
            let written: Vec<usize> = match compressed {
                Some(_) => (0..2)
                    .filter(|p| enabled & (0b11 << (2 * p)) != 0)
                    .collect(),
                None => (0..4).filter(|i| enabled & (1 << i) != 0).collect(),
            };
            for i in written {
                let Some(op) = vgpr(&format!("VSRC{i}")) else {
                    let why = if form.operands.is_empty() {
                        "no operand facts in spec"
                    } else {
                        "spec gap: no export source"
                    };
                    return DecodeOutcome::Unsupported(why.into());
                };
                operands.push(op);
            }
            modifiers.push(("EN".into(), enabled));
            modifiers.extend(compressed);
            for (_, name) in syn::EXPORT_FLAGS {
                if let Some((name, 1..)) = field_named(name) {
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
                    let value = field_named(name).map_or(0, |(_, v)| v);
                    modifiers.push((name.into(), value));
                }
            }
            for (name, _) in syn::lds_wait_fields() {
                if let Some(found) = field_named(name) {
                    modifiers.push(found);
                }
            }
            llvm_mnemonic(&self.ctx, &instruction.name)
        };
        self.decoded(found, mnemonic, (operands, modifiers), len)
    }

    /// Images (MIMG, VIMAGE, VSAMPLE), as the image builder builds them: data sized by dmask, d16
    /// and tfe; the address dwords the op and dim need, as one range or an NSA list (the
    /// last element taking the rest); resource and sampler; modifiers in printed order.
    fn decode_image(&self, found: &Found) -> DecodeOutcome {
        let word = found.word;
        let bytes = found.bytes;
        let instruction = found.instruction;
        let form = found.form;
        let family = Family::of(&form.encoding);
        let name = family.name();
        let Some(enc) = self.ctx.spec.encoding(&format!("ENC_{name}")) else {
            return DecodeOutcome::Unsupported(format!("encoding ENC_{name} missing from spec"));
        };
        let image = ImageWord {
            reader: FieldReader { word, enc, family },
            gfx11: family == Family::Mimg,
            gfx9: self.ctx.gfx_major < 10,
            op: instruction.name.to_ascii_lowercase(),
            gfx_major: self.ctx.gfx_major,
        };
        let base = (enc.bit_count / 8) as usize;
        // MIMG NSA: the field counts the dwords of address bytes after the instruction.
        let nsa_dwords = if image.gfx11 { image.read("NSA") } else { 0 } as usize;
        let nsa = nsa_dwords > 0;
        let len = base + 4 * nsa_dwords;
        if bytes.len() < len {
            return DecodeOutcome::Invalid("instruction truncated".into());
        }
        let nsa_bytes = &bytes[base..len];
        let mut operands: Vec<InstOperand> = image.data_operand(form).into_iter().collect();
        match image.address_operands(nsa, nsa_bytes) {
            Ok(addresses) => operands.extend(addresses),
            Err(why) => return why.into(),
        }
        for name in ["SRSRC", "RSRC", "SSAMP", "SAMP"] {
            match self.image_resource(&image, form, name) {
                Ok(Some(op)) => operands.push(op),
                Ok(None) => {}
                Err(why) => return why.into(),
            }
        }
        let modifiers = image.modifiers(nsa);
        self.decoded(
            found,
            llvm_mnemonic(&self.ctx, &instruction.name),
            (operands, modifiers),
            len,
        )
    }

    /// The resource or sampler operand `name`, if the form has it: an SGPR tuple whose code a
    /// narrow field holds without its low two bits.
    fn image_resource(
        &self,
        image: &ImageWord,
        form: &InstructionEncoding,
        name: &str,
    ) -> Result<Option<InstOperand>, Failure> {
        let reader = &image.reader;
        let Some(slot) = form
            .operands
            .iter()
            .find(|o| o.field.as_deref() == Some(name))
        else {
            return Ok(None);
        };
        let mut slot = slot.clone();
        if name == "SRSRC" && image.gfx9 && image.flag("R128") {
            // GFX9's r128: a 128-bit resource descriptor (Vega ISA §8.1 MIMG fields).
            slot.size = 128;
        }
        let slot = &slot;
        let Some(field) = reader.enc.field(name) else {
            return Err(Failure::Unsupported("encoding field missing".into()));
        };
        let reg = self.resource_register(slot, field, reader.read(field))?;
        Ok(Some(InstOperand {
            spec: slot.clone().into(),
            value: OperandValue::Reg(reg),
        }))
    }

    /// An SGPR tuple in a resource or sampler field: RDNA3's 5-bit SRSRC names the quad by
    /// its first SGPR / 4 (RDNA3 ISA §9.1 "MUBUF instruction fields"); RDNA4's 9-bit RSRC
    /// holds the SGPR code itself.
    fn resource_register(
        &self,
        slot: &Operand,
        field: &Field,
        raw: u64,
    ) -> Result<RegRange, Failure> {
        let padded = field.ranges.first().is_some_and(|r| r.padding_count > 0);
        let code = if padded || field.width() >= 8 {
            raw
        } else {
            raw << 2
        };
        self.code_name(&slot.operand_type, code as i64)
            .and_then(|n| self.register(n, slot.size))
    }

    fn decode_ds(&self, found: &Found) -> DecodeOutcome {
        let (reader, len, mnemonic) = match self.memory_word(found) {
            Ok(word) => word,
            Err(outcome) => return *outcome,
        };
        let enc = reader.enc;
        let complete = self.ctx.spec.lists_every_operand_of(found.form);
        let busy = names_registers(&reader, &["ADDR", "DATA0", "DATA1", "VDST"]);
        if found.form.operands.is_empty() && !complete && busy {
            // Only a word naming no register is known to be an operand-less DS op.
            return DecodeOutcome::Unsupported("no operand facts in spec".into());
        }
        let acc = reader.flag("ACC");
        let written = Written {
            operands: &[],
            modifiers: &[],
            wave64: self.ctx.wave64,
            flat_scalar_base: false,
        };
        let mut operands = Vec::new();
        for slot in syn::slots(found.form, &mnemonic, &written) {
            let op = slot.operand;
            let Some(field) = op.field.as_deref().and_then(|f| enc.field(f)) else {
                return DecodeOutcome::Unsupported("encoding field missing".into());
            };
            if !is_vgpr_type(&op.operand_type) {
                return DecodeOutcome::Unsupported(format!(
                    "DS operand type {} not implemented",
                    op.operand_type
                ));
            }
            let reg = RegRange {
                file: self.vgpr_file(acc, &op),
                first: reader.read(field) as u32,
                count: op.size.div_ceil(32).max(1),
            };
            operands.push(InstOperand {
                spec: op.into(),
                value: OperandValue::Reg(reg),
            });
        }
        let read = |name: &str| enc.field(name).map_or(0, |f| reader.read(f) as u32);
        let (offset0, offset1) = (read("OFFSET0"), read("OFFSET1"));
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        if syn::is_two_address_ds(&found.instruction.name) {
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
        self.decoded(found, mnemonic, (operands, modifiers), len)
    }
}

impl Disassembler<'_> {
    /// The base encoding of a memory family and its length in bytes, or why the word
    /// cannot be decoded (encoding absent from the spec, word truncated).
    fn base_encoding<'f>(
        &'f self,
        found: &Found,
    ) -> Result<(FieldReader<'f>, usize), Box<DecodeOutcome>> {
        let family = Family::of(&found.form.encoding);
        let name = family.name();
        let Some(enc) = self.ctx.spec.encoding(&format!("ENC_{name}")) else {
            return Err(Box::new(DecodeOutcome::Unsupported(format!(
                "encoding ENC_{name} missing from spec"
            ))));
        };
        let len = (enc.bit_count / 8) as usize;
        if found.bytes.len() < len {
            return Err(Box::new(DecodeOutcome::Invalid(
                "instruction truncated".into(),
            )));
        }
        let reader = FieldReader {
            word: found.word,
            enc,
            family,
        };
        Ok((reader, len))
    }

    /// [`Self::base_encoding`] and the mnemonic llvm-mc prints for the found instruction.
    fn memory_word<'f>(
        &'f self,
        found: &Found,
    ) -> Result<(FieldReader<'f>, usize, String), Box<DecodeOutcome>> {
        let (reader, len) = self.base_encoding(found)?;
        Ok((
            reader,
            len,
            llvm_mnemonic(&self.ctx, &found.instruction.name),
        ))
    }

    /// The decoded operands as the `Inst` the assembler builds, printed.
    fn decoded(
        &self,
        found: &Found,
        mnemonic: String,
        (operands, modifiers): Built,
        len: usize,
    ) -> DecodeOutcome {
        let inst = Inst::new(
            mnemonic,
            self.ctx.spec,
            found.instruction,
            found.form,
            operands,
            modifiers,
        );
        DecodeOutcome::Decoded { inst, len }
    }
}

/// An image word being decoded.
struct ImageWord<'e> {
    reader: FieldReader<'e>,
    /// GFX11 MIMG (one VADDR field plus NSA bytes), else GFX12 VIMAGE/VSAMPLE.
    gfx11: bool,
    /// GFX9 MIMG: no dim and no NSA; AGPR data by ACC (CDNA2); `da` for arrays.
    gfx9: bool,
    /// The lower-case instruction name.
    op: String,
    gfx_major: u32,
}

impl ImageWord<'_> {
    fn read(&self, name: &str) -> u32 {
        let enc = self.reader.enc;
        enc.field(name).map_or(0, |f| self.reader.read(f) as u32)
    }

    fn flag(&self, name: &str) -> bool {
        self.read(name) != 0
    }

    /// The ray-tracing ops' address groups, if this is one.
    fn bvh_groups(&self) -> Option<Vec<u32>> {
        syn::bvh_address_groups(&self.op, self.flag("A16"))
    }

    /// The data VGPRs, sized by dmask, d16 and tfe.
    fn data_operand(&self, form: &InstructionEncoding) -> Option<InstOperand> {
        let data_field = form
            .operands
            .iter()
            .find(|o| o.field.as_deref() == Some("VDATA"))?;
        let regs = syn::image_data_regs(
            &self.op,
            self.gfx_major,
            self.read("DMASK"),
            self.flag("D16"),
            self.flag("TFE"),
        );
        let slot = regs.map_or_else(|| data_field.clone(), |n| vgpr_slot("VDATA", n));
        let file = if self.flag("ACC") {
            RegFile::Agpr
        } else {
            RegFile::Vgpr
        };
        Some(InstOperand {
            value: OperandValue::Reg(RegRange {
                file,
                first: self.read("VDATA"),
                count: slot.size.div_ceil(32).max(1),
            }),
            spec: slot.into(),
        })
    }

    /// The address VGPRs the op and dim need: one range (over 12 dwords rounds up to 16, the
    /// next register class), the ray-tracing groups, or one each with the last taking the
    /// rest (MIMG NSA: VADDR, then the address bytes after the instruction, one VGPR each on
    /// GFX10; GFX12: one field per address).
    fn address_operands(&self, nsa: bool, nsa_bytes: &[u8]) -> Result<Vec<InstOperand>, Failure> {
        if self.gfx9 {
            let dwords = syn::gfx9_image_address_dwords(&self.op).ok_or_else(|| {
                Failure::Unsupported("GFX9 derivative image address size not implemented".into())
            })?;
            return Ok(vec![InstOperand {
                spec: vgpr_slot("VADDR", dwords).into(),
                value: OperandValue::Reg(RegRange {
                    file: RegFile::Vgpr,
                    first: self.read("VADDR"),
                    count: dwords,
                }),
            }]);
        }
        let single = nsa && syn::nsa_elements_are_single(self.gfx_major);
        let bvh_groups = self.bvh_groups();
        let address_dwords = match &bvh_groups {
            Some(groups) => groups.iter().sum(),
            None => syn::image_address_dwords(&self.op, self.read("DIM"), self.flag("A16"))
                .ok_or_else(|| Failure::Unsupported("image address size not implemented".into()))?,
        };
        let bvh_groups = bvh_groups.filter(|_| !single);
        let address_fields = if self.gfx11 {
            // VADDR and the address bytes the NSA field says follow the instruction.
            1 + nsa_bytes.len() as u32
        } else {
            let fields = &self.reader.enc.fields;
            fields
                .iter()
                .filter(|f| f.name.starts_with("VADDR"))
                .count() as u32
        };
        let listed = address_dwords.min(address_fields);
        let as_list = nsa || (!self.gfx11 && address_dwords > 1);
        let elements: Vec<u32> = match (bvh_groups, as_list) {
            (_, false) if address_dwords > 12 => vec![16],
            (_, false) => vec![address_dwords],
            (Some(groups), true) => groups,
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
            return Err(Failure::Unsupported("image address list too long".into()));
        }
        let operands = elements.iter().zip(0u32..).map(|(&regs, i)| {
            let (field, first) = match (self.gfx11, i) {
                (true, 0) => ("VADDR".to_string(), self.read("VADDR")),
                (true, n) => (format!("NSA_ADDR{n}"), u32::from(nsa_bytes[n as usize - 1])),
                (false, n) => (format!("VADDR{n}"), self.read(&format!("VADDR{n}"))),
            };
            InstOperand {
                spec: vgpr_slot(&field, regs).into(),
                value: OperandValue::Reg(RegRange {
                    file: RegFile::Vgpr,
                    first,
                    count: regs,
                }),
            }
        });
        Ok(operands.collect())
    }

    /// Modifier fields in printed order: dmask and dim always, the others when set. The
    /// ray-tracing ops print none of dmask, dim, unorm, r128; the assembler sets them after
    /// the written modifiers.
    fn modifiers(&self, nsa: bool) -> Vec<(String, u32)> {
        let enc = self.reader.enc;
        let bvh = self.bvh_groups().is_some();
        let implied: &[&str] = if bvh {
            &["DMASK", "DIM", "UNORM", "R128"]
        } else {
            &[]
        };
        let mut modifiers: Vec<(String, u32)> = Vec::new();
        for name in IMAGE_MODIFIER_FIELDS {
            // GFX10 names arrays by dim, though its format keeps the DA bit.
            let hidden = *name == "DA" && !self.gfx9;
            let Some(field) = enc
                .field(name)
                .filter(|_| !implied.contains(name) && !hidden)
            else {
                continue;
            };
            let value = self.reader.read(field) as u32;
            // GFX10+ print dmask and dim always; GFX9 prints dmask only when set.
            if (matches!(*name, "DMASK" | "DIM") && !self.gfx9) || value != 0 {
                modifiers.push((name.to_string(), value));
            }
        }
        for name in ["DMASK", "R128", "UNORM"].into_iter().filter(|_| bvh) {
            if let Some(field) = enc.field(name) {
                modifiers.push((name.to_string(), self.reader.read(field) as u32));
            }
        }
        if nsa {
            modifiers.push(("NSA".into(), 1));
        }
        modifiers
    }
}

/// A buffer word's modifier fields in printed order; a default FORMAT is not printed, and
/// the assembler then adds it last.
fn buffer_modifiers(reader: &FieldReader, mnemonic: &str) -> Vec<(String, u32)> {
    let enc = reader.enc;
    let read = |name: &str| enc.field(name).map(|f| reader.read(f) as u32);
    let tbuffer = mnemonic.starts_with("tbuffer_");
    // GFX9 splits the format into DFMT and NFMT: read as the 7-bit code `dfmt | nfmt << 4`.
    let split = read("DFMT").map(|d| d | read("NFMT").unwrap_or(0) << 4);
    let format = read("FORMAT").or(split);
    let format_fields = |code: u32| match split {
        Some(_) => split_format_fields(code),
        None => vec![("FORMAT".into(), code)],
    };
    let mut modifiers: Vec<(String, u32)> = Vec::new();
    if let (true, Some(code)) = (tbuffer, format.filter(|&c| c != 1)) {
        modifiers.extend(format_fields(code));
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
    for name in CACHE_POLICY_FIELDS.iter().chain(&["TFE", "LDS"]) {
        match read(name) {
            Some(0) | None => {}
            Some(value) => modifiers.push((name.to_string(), value)),
        }
    }
    if let Some(code) = format.filter(|&c| !tbuffer || c == 1) {
        modifiers.extend(format_fields(code));
    }
    modifiers
}

/// The flag combination of a buffer word the manuals call illegal, the ones the assembler
/// refuses: TFE on a load to LDS ("It is illegal to set the instruction's TFE bit for loads
/// to LDS", Memory Buffer Load to LDS: Sea Islands ISA §8.1.8, GCN3, Vega, CDNA1, RDNA1,
/// RDNA2) and ADDR64 with OFFEN or IDXEN (Sea Islands ISA Table 8.2: "IDXEN and OFFEN must
/// be zero in this mode").
fn illegal_buffer_flags(modifiers: &[(String, u32)]) -> Option<&'static str> {
    let set = |f: &str| modifiers.iter().any(|(m, v)| m == f && *v != 0);
    if set("LDS") && set("TFE") {
        Some("TFE on a load to LDS is illegal (the manuals' Memory Buffer Load to LDS)")
    } else if set("ADDR64") && (set("OFFEN") || set("IDXEN")) {
        Some("ADDR64 with OFFEN or IDXEN (Sea Islands ISA Table 8.2: they must be zero)")
    } else {
        None
    }
}

/// The operands and modifier fields a memory decoder reads.
type Built = (Vec<InstOperand>, Vec<(String, u32)>);
