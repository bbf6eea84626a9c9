//! Bytes -> [`Inst`] for the scalar families (SOP1/SOP2/SOPK/SOPC/SOPP/SMEM) and, on GFX11
//! and later, the vector ALU families (`vector`) and the memory and export families
//! (`memory`: DS, flat, buffer, image, export, LDS parameter loads), driven by the spec: the encoding is found
//! by its identifier mask, the instruction by (family, OP field), and every operand field is
//! read by the spec's bit ranges and turned into the value the assembler would build for the
//! printed text (so `decode -> print -> assemble` gives back the same [`Inst`]).

mod memory;
mod vector;

use std::rc::Rc;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use mcdiff_spec::{Encoding, Field, Instruction, InstructionEncoding, Operand};

use crate::bits::{field_mask, read_field, sign_extend};
use crate::family::{family_name, is_smem_imm_offset, Family};
use crate::inst::{Inst, InstOperand, OperandValue, RegFile, RegRange};
use crate::memo::Memo;
use crate::operands::{classify, immediate_mask, KindId};
use crate::syntax::regs::register_text;
use crate::syntax::regs::{is_aligned, parse_register};
use crate::syntax::{llvm_mnemonic, optional_imm16, SMEM_MODIFIER_FIELDS};
use crate::target::TargetCtx;

/// Why an instruction's register tuple breaks the manuals' alignment rules, if one does:
/// SGPR (and trap-handler SGPR) tuples of 64 bits start at an even register and wider ones
/// at a multiple of 4 (GCN, Vega, CDNA and RDNA1-2 ISA 3.6.3 SGPR Alignment; RDNA3 and later
/// 3.3.1 SGPR Alignment: "illegal"); VGPR and AGPR tuples of 64 bits and more start at an
/// even register where the target says so (CDNA2-4 ISA 3.6.4 VGPR Allocation and Alignment,
/// CDNA5 3.3.2.1: instructions on 64-bit data; a three-dword tuple is not read as such).
fn misaligned(inst: &Inst, ctx: &TargetCtx) -> Option<String> {
    inst.operands.iter().find_map(|op| {
        let OperandValue::Reg(reg) = &op.value else {
            return None;
        };
        let vector = matches!(reg.file, RegFile::Vgpr | RegFile::Agpr);
        let bad = if vector {
            let wide = reg.count >= 2 && reg.count.is_multiple_of(2);
            ctx.aligned_vgpr_tuples && wide && !reg.first.is_multiple_of(2)
        } else {
            !is_aligned(reg)
        };
        bad.then(|| {
            let (what, source) = if vector {
                (
                    "vector register tuple",
                    "CDNA2 and later ISA, VGPR Allocation and Alignment",
                )
            } else {
                ("SGPR tuple", "ISA manuals, SGPR Alignment")
            };
            format!(
                "{SPEC_RULE}{} of {} is an unaligned {what}: {source}",
                register_text(reg),
                inst.name
            )
        })
    })
}

/// The first 16 bytes of `bytes` (fewer when it is shorter) as a little-endian word.
fn word_of(bytes: &[u8]) -> u128 {
    let mut buf = [0u8; 16];
    let n = bytes.len().min(16);
    buf[..n].copy_from_slice(&bytes[..n]);
    u128::from_le_bytes(buf)
}

/// The mask of a word's low `len` bytes.
fn low_bytes(len: usize) -> u128 {
    if len >= 16 {
        u128::MAX
    } else {
        (1u128 << (8 * len)) - 1
    }
}

/// Result of decoding the bytes at the start of a buffer.
#[derive(Debug, Clone, PartialEq)]
pub enum DecodeOutcome {
    Decoded {
        inst: Inst,
        /// Bytes consumed (instruction word plus literal dword).
        len: usize,
    },
    /// No instruction of the target has these bytes.
    Invalid(String),
    /// The bytes may be valid, but this decoder does not handle them; a short stable reason.
    Unsupported(String),
}

/// How the reason of a word refused by a rule the ISA manuals state begins (the rule and
/// its source follow): a finding where llvm-mc decodes such a word is llvm-mc's leniency.
pub const SPEC_RULE: &str = "spec rule: ";

/// Why an operand or a form could not be decoded (the non-`Decoded` outcomes).
enum Failure {
    Invalid(String),
    Unsupported(String),
}

/// The bytes after an instruction word, where its literal is: one dword, or two where the
/// spec's literal code says so (CDNA5's SRC_LITERAL64).
#[derive(Debug, Clone, Copy)]
struct LiteralBytes<'a>(&'a [u8]);

impl LiteralBytes<'_> {
    /// No bytes follow (or none may be read as a literal).
    const NONE: LiteralBytes<'static> = LiteralBytes(&[]);

    /// The literal of `dwords` dwords.
    fn read(self, dwords: u32) -> Result<OperandValue, Failure> {
        let len = 4 * dwords as usize;
        let bytes = self
            .0
            .get(..len)
            .ok_or_else(|| Failure::Invalid("literal dword missing".into()))?;
        let mut qword = [0u8; 8];
        qword[..len].copy_from_slice(bytes);
        Ok(OperandValue::Literal {
            value: u64::from_le_bytes(qword),
            dwords,
            expr: None,
        })
    }
}

impl From<Failure> for DecodeOutcome {
    fn from(why: Failure) -> Self {
        match why {
            Failure::Invalid(r) => DecodeOutcome::Invalid(r),
            Failure::Unsupported(r) => DecodeOutcome::Unsupported(r),
        }
    }
}

/// One encoding that a word may belong to.
struct Candidate<'s> {
    encoding: &'s Encoding,
    family: Family,
    /// `identifiers` as a set, compared against `word & identifier_mask`.
    identifiers: HashSet<u128>,
    /// Bytes the identifier mask reaches into.
    mask_bytes: usize,
    /// The ENCODING field's bits of the identifier mask and their fixed value: what every
    /// instruction of the format shares, whether or not its opcode is among `identifiers`.
    encoding_mask: u128,
    encoding_value: u128,
    /// How many bits `encoding_mask` fixes: the format with the most wins.
    encoding_bits: u32,
    /// The identifier bits outside the ENCODING and OP fields, and the values the format's
    /// identifiers give them: CDNA4's VOP3PX2 fixes its scale word's opcode there (bits
    /// 16-22 are 0x2d or 0x2e), so a VOP3P word followed by other words is not one. Empty
    /// where the identifiers fix no other bit.
    other_fixed_mask: u128,
    other_fixed_values: Vec<u128>,
}

impl Candidate<'_> {
    /// Whether `word` has the fixed bits outside ENCODING and OP of one of the identifiers.
    fn fixes_match(&self, word: u128) -> bool {
        self.other_fixed_mask == 0
            || self
                .other_fixed_values
                .contains(&(word & self.other_fixed_mask))
    }
}

/// A word and the spec instruction and form it was found to be.
#[derive(Clone, Copy)]
struct Found<'w, 's> {
    word: u128,
    bytes: &'w [u8],
    instruction: &'s Instruction,
    form: &'s InstructionEncoding,
}

/// Decodes instructions for one target.
pub struct Disassembler<'s> {
    ctx: TargetCtx<'s>,
    /// Encodings, most specific identifier mask first.
    candidates: Vec<Candidate<'s>>,
    /// (family, opcode) -> the instruction and the form the assembler would pick for it.
    forms: HashMap<(Family, u32), (&'s Instruction, &'s InstructionEncoding)>,
    /// Operand type -> register / constant code -> predefined name.
    names: HashMap<&'s str, HashMap<i64, &'s str>>,
    /// (vector family, opcode) -> instruction.
    vector_ops: HashMap<(Family, u32), &'s Instruction>,
    /// Base vector family -> its encoding.
    base_encodings: Memo<Family, &'s Encoding>,
    /// (base vector family, opcode, SDWA, DPP) -> what decoding such a word needs.
    vector_plans: Memo<VectorKey, Rc<vector::VectorPlan<'s>>>,
    /// (dual-issue family, opcode, half) -> the op that half is.
    dual_halves: Memo<(Family, u32, char), Rc<vector::DualOp<'s>>>,
}

/// A vector word's base family, opcode, and whether it is SDWA or which DPP.
type VectorKey = (Family, u32, bool, Option<crate::syntax::vector::Dpp>);

impl<'s> Disassembler<'s> {
    pub fn new(ctx: TargetCtx<'s>) -> Self {
        let spec = ctx.spec;
        let mut candidates: Vec<Candidate> = spec
            .encodings
            .iter()
            .filter(|e| e.identifier_mask != 0)
            .map(|e| {
                let encoding_mask = e
                    .field("ENCODING")
                    .map_or(e.identifier_mask, |f| field_mask(f) & e.identifier_mask);
                let op_mask = e.field("OP").map_or(0, field_mask);
                let other_fixed_mask = e.identifier_mask & !encoding_mask & !op_mask;
                let mut other_fixed_values: Vec<u128> = (e.identifiers.iter())
                    .map(|id| id & other_fixed_mask)
                    .collect();
                other_fixed_values.sort_unstable();
                other_fixed_values.dedup();
                Candidate {
                    encoding: e,
                    family: Family::of(&e.name),
                    identifiers: e
                        .identifiers
                        .iter()
                        .map(|id| id & e.identifier_mask)
                        .collect(),
                    mask_bytes: (128 - e.identifier_mask.leading_zeros()).div_ceil(8) as usize,
                    encoding_mask,
                    encoding_value: e.identifiers.first().copied().unwrap_or(0) & encoding_mask,
                    encoding_bits: encoding_mask.count_ones(),
                    other_fixed_mask,
                    other_fixed_values,
                }
            })
            .collect();
        // Most fixed bits first; among equals, the ENC_* format before its variants.
        candidates.sort_by_key(|c| {
            (
                std::cmp::Reverse(c.encoding.identifier_mask.count_ones()),
                !c.encoding.name.starts_with("ENC_"),
            )
        });
        let mut forms: HashMap<(Family, u32), (&Instruction, &InstructionEncoding)> =
            HashMap::default();
        for instruction in &spec.instructions {
            for form in &instruction.encodings {
                let family = Family::of(&form.encoding);
                if !family.is_scalar() && !family.is_vector_memory() {
                    continue;
                }
                let key = (family, form.opcode);
                let better = match forms.get(&key) {
                    None => true,
                    Some((known, known_form)) => {
                        known.name == instruction.name && form_rank(form) < form_rank(known_form)
                    }
                };
                if better {
                    forms.insert(key, (instruction, form));
                }
            }
        }
        let names = spec
            .operand_types
            .iter()
            .filter(|t| !t.predefined.is_empty())
            .map(|t| {
                let mut codes = HashMap::default();
                for p in &t.predefined {
                    codes.entry(p.value).or_insert(p.name.as_str());
                }
                (t.name.as_str(), codes)
            })
            .collect();
        Disassembler {
            ctx,
            candidates,
            forms,
            names,
            vector_ops: vector::vector_opcodes(spec),
            base_encodings: Memo::default(),
            vector_plans: Memo::default(),
            dual_halves: Memo::default(),
        }
    }

    /// The target the words are decoded for (and the decoded instructions printed for).
    pub fn ctx(&self) -> &TargetCtx<'s> {
        &self.ctx
    }

    /// Decodes the instruction at the start of `bytes`: the word's fields read by its
    /// family's reader, then the rules the ISA manuals state for whole instructions.
    pub fn decode(&self, bytes: &[u8]) -> DecodeOutcome {
        match self.decode_fields(bytes) {
            DecodeOutcome::Decoded { inst, len } => {
                let why =
                    misaligned(&inst, &self.ctx).or_else(|| self.bits_outside_fields(&inst, bytes));
                match why {
                    Some(why) => DecodeOutcome::Invalid(why),
                    None => DecodeOutcome::Decoded { inst, len },
                }
            }
            outcome => outcome,
        }
    }

    /// Why the word sets bits no field of its encoding covers, if it does: the spec gives
    /// them no meaning (the manuals' format tables leave them out or mark them reserved).
    /// Every kind of spec file is trusted here: the partial files' field ranges were measured
    /// exact against an official file (SOURCES.md §5.7), and where llvm-mc decodes such a
    /// word (both test corpora; 20,000 fuzzed words of each target with a spec), its text
    /// either does not assemble back to the word (llvm-mc drops the bit) or uses a field the
    /// generation lacks (gfx1200 SMEM and VGLOBAL words printed with GFX12.5's
    /// `scale_offset`, which the RDNA4 manual does not have).
    fn bits_outside_fields(&self, inst: &Inst, bytes: &[u8]) -> Option<String> {
        let encoding = inst.form.encoding(self.ctx.spec)?;
        let len = (encoding.bit_count as usize / 8).min(bytes.len()).min(16);
        let word = word_of(bytes);
        let covered = encoding.fields.iter().fold(0u128, |m, f| m | field_mask(f));
        let stray = word & !covered & low_bytes(len);
        (stray != 0).then(|| {
            format!(
                "{SPEC_RULE}bits {stray:#x} are set outside every field of {} (the spec gives \
                 them no meaning)",
                encoding.name
            )
        })
    }

    /// The instruction at the start of `bytes`, its fields read by its family's reader.
    fn decode_fields(&self, bytes: &[u8]) -> DecodeOutcome {
        if bytes.len() < 4 {
            return DecodeOutcome::Invalid("fewer than 4 bytes".into());
        }
        let word = word_of(bytes);
        let fits = |c: &&Candidate| c.mask_bytes <= bytes.len();
        match self.vector_family(word, bytes.len()) {
            Some(dual @ (Family::Vopd | Family::Vopd3)) => {
                return self.decode_dual(dual, word, bytes)
            }
            Some(base) => return self.decode_vector(base, word, bytes),
            None => {}
        }
        // Official files fold opcodes into the identifiers: an exact identifier names the
        // format (and, for our families, the instruction).
        for c in self.candidates.iter().filter(fits) {
            if !c.identifiers.contains(&(word & c.encoding.identifier_mask)) {
                continue;
            }
            if c.family.is_vector_alu() {
                // `vector_family` turned the word down for a format we do not read.
                continue;
            }
            if !self.handles(c.family) {
                return unsupported(c);
            }
            if let Some(found) = self.lookup(c, word) {
                return self.decode_found(word, bytes, found.0, found.1);
            }
        }
        // Instructions a file's identifiers miss (adopted from another source) and partial
        // files, whose identifiers are only the ENCODING bits: the format with the longest
        // matching ENCODING field, then its OP field.
        let by_encoding = self
            .candidates
            .iter()
            .filter(fits)
            .filter(|c| !c.family.is_vector_alu())
            .filter(|c| word & c.encoding_mask == c.encoding_value)
            .max_by_key(|c| c.encoding_mask.count_ones());
        match by_encoding {
            Some(c) if !self.handles(c.family) => unsupported(c),
            Some(c) => match self.lookup(c, word) {
                Some((instruction, form)) => self.decode_found(word, bytes, instruction, form),
                None => DecodeOutcome::Invalid(format!(
                    "no {} instruction has this opcode",
                    reason_name(&c.encoding.name)
                )),
            },
            None => DecodeOutcome::Invalid("no encoding has these bytes".into()),
        }
    }

    /// The vector family (`VOP1`... `VOP3P`, or `VOPDXY`/`VOPD3` for dual issue) of a word, by the
    /// longest ENCODING field it matches; GFX8 and later only (GFX6/GFX7 vector words are not
    /// read).
    fn vector_family(&self, word: u128, available: usize) -> Option<Family> {
        // Scanned again rather than collected: a decode is two passes over a few dozen masks.
        let matching = || {
            (self.candidates.iter())
                .filter(move |c| c.mask_bytes <= available.max(4))
                .filter(move |c| word & c.encoding_mask == c.encoding_value)
                .filter(move |c| c.fixes_match(word))
        };
        let (mut longest, mut unread_format) = (None, false);
        for c in matching() {
            longest = longest.max(Some(c.encoding_bits));
            unread_format |= c.family == Family::Other;
        }
        let longest = longest?;
        let best = || matching().filter(move |c| c.encoding_bits == longest);
        // Formats sharing their ENCODING bits (CDNA's VOP3P and VOP3P_MFMA) are told apart
        // by which one has an instruction at the word's opcode.
        let has_opcode = |c: &&Candidate| -> bool {
            let (Some(base), Some(op)) = (c.family.opcode_space(), c.encoding.field("OP")) else {
                return false;
            };
            let opcode = read_field(word, op, 0) as u32;
            self.vector_ops.contains_key(&(base, opcode))
        };
        let chosen = match best().find(has_opcode) {
            Some(c) => c,
            // No format we read has an instruction there; one we do not read may (CDNA4's
            // 128-bit VOP3PX2 begins with a VOP3P-like dword).
            None if unread_format => return None,
            None => best().next()?,
        };
        match chosen.family {
            dual @ (Family::Vopd | Family::Vopd3) => Some(dual),
            family => family.opcode_space(),
        }
    }

    /// True for the families `decode` reads operands of: the scalar and memory ones.
    fn handles(&self, family: Family) -> bool {
        family.is_scalar() || family.is_vector_memory()
    }

    /// Decodes a word of a known instruction with the reader of its family.
    fn decode_found(
        &self,
        word: u128,
        bytes: &[u8],
        instruction: &'s Instruction,
        form: &'s InstructionEncoding,
    ) -> DecodeOutcome {
        let found = Found {
            word,
            bytes,
            instruction,
            form,
        };
        if Family::of(&form.encoding).is_vector_memory() {
            self.decode_memory(&found)
        } else {
            self.decode_form(&found)
        }
    }

    /// The instruction of `c`'s family whose opcode the word's OP field holds.
    fn lookup(
        &self,
        c: &Candidate,
        word: u128,
    ) -> Option<(&'s Instruction, &'s InstructionEncoding)> {
        let Some(op_field) = c.encoding.field("OP") else {
            // A format without an OP field (export) holds one instruction.
            let mut only = self.forms.iter().filter(|((f, _), _)| *f == c.family);
            return match (only.next(), only.next()) {
                (Some((_, found)), None) => Some(*found),
                _ => None,
            };
        };
        let opcode = read_field(word, op_field, 0) as u32;
        self.forms.get(&(c.family, opcode)).copied()
    }

    fn decode_form(&self, found: &Found) -> DecodeOutcome {
        let word = found.word;
        let bytes = found.bytes;
        let instruction = found.instruction;
        let form = found.form;
        let family = Family::of(&form.encoding);
        let name = family_name(&form.encoding);
        let Some(enc) = self.ctx.spec.encoding(&format!("ENC_{name}")) else {
            return DecodeOutcome::Unsupported(format!("encoding ENC_{name} missing from spec"));
        };
        let base = (enc.bit_count / 8) as usize;
        if bytes.len() < base {
            return DecodeOutcome::Invalid("instruction truncated".into());
        }
        let ctx = self.ctx;
        let mnemonic = llvm_mnemonic(&self.ctx, &instruction.name);
        let reader = FieldReader { word, enc, family };
        let imm16_given = enc
            .field("SIMM16")
            .is_some_and(|f| reader.read(f) != 0 && optional_imm16(ctx.gfx_major, &mnemonic));
        let slots = crate::syntax::forms::text_slots(&mnemonic, form, imm16_given);
        // Without operand facts, only a SOPP/SMEM word whose fields beyond OP are all 0 is
        // known to be an operand-less instruction (s_barrier, s_dcache_inv); in the ALU
        // formats a zero field still names s0.
        if slots.is_empty() && form.operands.is_empty() && form.operands_source.is_none() {
            let fixed = ["OP", "ENCODING"];
            let busy = enc
                .fields
                .iter()
                .any(|f| !fixed.contains(&f.name.as_str()) && reader.read(f) != 0);
            if busy || !matches!(family, Family::Sopp | Family::Smem) {
                return DecodeOutcome::Unsupported("no operand facts in spec".into());
            }
        }
        let literal = LiteralBytes(bytes.get(base..).unwrap_or_default());
        // GFX12 prefetches list the immediate offset as an operand of its own; their SMEM
        // offset slot is then the soffset register alone.
        let separate_imm = slots.iter().any(|s| {
            is_smem_imm_offset(family, s) && classify(&s.operand_type) != KindId::SmemOffset
        });
        let mut operands = Vec::new();
        for slot in slots {
            let value = match self.operand(&reader, &slot, literal, separate_imm) {
                Ok(v) => v,
                Err(why) => return why.into(),
            };
            operands.push(InstOperand {
                spec: slot.into(),
                value,
            });
        }
        let modifiers = if family == Family::Smem {
            SMEM_MODIFIER_FIELDS
                .iter()
                .filter_map(|&name| {
                    let value = reader.read(enc.field(name)?) as u32;
                    (value != 0).then(|| (name.to_string(), value))
                })
                .collect()
        } else {
            Vec::new()
        };
        let inst = Inst::new(
            mnemonic,
            self.ctx.spec,
            instruction,
            form,
            operands,
            modifiers,
        );
        let len = base + inst.literal_len();
        DecodeOutcome::Decoded { inst, len }
    }

    /// The value of one operand slot.
    fn operand(
        &self,
        reader: &FieldReader,
        slot: &Operand,
        literal: LiteralBytes,
        separate_imm: bool,
    ) -> Result<OperandValue, Failure> {
        let field_name = slot.field.as_deref().unwrap_or("");
        let kind = classify(&slot.operand_type);
        if kind == KindId::Literal32 {
            return literal.read(1);
        }
        if kind == KindId::SmemOffset {
            return self.smem_offset(reader, slot, literal, separate_imm);
        }
        let field = reader
            .enc
            .field(field_name)
            .ok_or_else(|| Failure::Unsupported("encoding field missing".into()))?;
        let raw = reader.read(field);
        match kind {
            KindId::ScalarRegister if self.code_name(&slot.operand_type, raw as i64).is_err() => {
                // llvm-mc decodes an inline-constant code in a register-only slot and marks
                // it invalid; the value is kept as the constant it names.
                match self.code_name("OPR_SSRC", raw as i64) {
                    Ok(name) if is_constant_name(name) => Ok(OperandValue::Inline(name.into())),
                    _ => Err(Failure::Invalid(format!("operand code {raw} not valid"))),
                }
            }
            KindId::ScalarSource | KindId::ScalarRegister => {
                let name = self.code_name(&slot.operand_type, raw as i64)?;
                match self.literal_dwords(name) {
                    Some(dwords) if kind == KindId::ScalarSource => return literal.read(dwords),
                    _ => {}
                }
                match name {
                    _ if is_constant_name(name) => Ok(OperandValue::Inline(name.to_string())),
                    _ => self.register(name, slot.size).map(OperandValue::Reg),
                }
            }
            _ if is_smem_imm_offset(reader.family, slot) => {
                Ok(OperandValue::Imm(sign_extend(raw, field.width())))
            }
            _ => Ok(OperandValue::Imm(immediate(raw, slot))),
        }
    }

    /// SMEM offset: an SGPR/M0 in SOFFSET and/or an immediate in OFFSET (IOFFSET on GFX12).
    /// GFX9/10-style encodings say which with their IMM and soffset-enable bits.
    /// GFX7's SMRD takes an offset past its eight bits as a literal dword: IMM clear and
    /// OFFSET the literal code (Sea Islands ISA Table 7.1).
    fn smem_offset(
        &self,
        reader: &FieldReader,
        slot: &Operand,
        literal: LiteralBytes,
        separate_imm: bool,
    ) -> Result<OperandValue, Failure> {
        let enc = reader.enc;
        let gfx_major = self.ctx.gfx_major;
        let imm_field = ["OFFSET", "IOFFSET"]
            .iter()
            .find_map(|f| enc.field(f))
            .ok_or_else(|| Failure::Unsupported("SMEM encoding has no offset field".into()))?;
        let offset = sign_extend(reader.read(imm_field), imm_field.width());
        let reg_at = |code: u64| {
            let name = self.code_name(&slot.operand_type, code as i64)?;
            self.register(name, 32)
        };
        if let Some(imm_bit) = enc.field("IMM") {
            if reader.read(imm_bit) == 0 {
                let code = reader.read(imm_field);
                let spec = self.ctx.spec;
                let literal_code = (spec.literal_codes.iter())
                    .any(|l| l.dwords == 1 && u64::try_from(l.code) == Ok(code));
                if literal_code && spec.smrd_literal_offset {
                    return literal.read(1);
                }
                let reg = reg_at(code)?;
                return Ok(OperandValue::SmemOffset {
                    soffset: Some(reg),
                    imm: None,
                });
            }
            let enabled = enc.field("SOFFSET_EN").is_some_and(|f| reader.read(f) != 0);
            let soffset = match enc.field("SOFFSET") {
                Some(f) if enabled => Some(reg_at(reader.read(f))?),
                _ => None,
            };
            return Ok(OperandValue::SmemOffset {
                soffset,
                imm: Some(offset),
            });
        }
        let soffset_field = enc
            .field("SOFFSET")
            .ok_or_else(|| Failure::Unsupported("SMEM encoding has no SOFFSET".into()))?;
        let reg = reg_at(reader.read(soffset_field))?;
        if separate_imm {
            return Ok(OperandValue::SmemOffset {
                soffset: Some(reg),
                imm: None,
            });
        }
        let is_null = reg.file.is_named("NULL");
        // llvm-mc's GFX12 SMEM always writes the immediate offset (`0x0`, `s0 offset:0x0`)
        // and never a NULL soffset; GFX11 writes a zero offset only when there is nothing
        // else to write (`null`).
        let always_imm = gfx_major >= 12;
        Ok(OperandValue::SmemOffset {
            soffset: (!is_null || (offset == 0 && !always_imm)).then_some(reg),
            imm: (offset != 0 || always_imm).then_some(offset),
        })
    }

    /// The predefined name of `code` for a slot of `operand_type` (types without predefined
    /// values defer to OPR_SSRC, then OPR_SRC, as the assembler's lookup does).
    fn code_name(&self, operand_type: &str, code: i64) -> Result<&'s str, Failure> {
        let table = self
            .names
            .get(operand_type)
            .or_else(|| self.names.get("OPR_SSRC"))
            .or_else(|| self.names.get("OPR_SRC"));
        table
            .and_then(|t| t.get(&code).copied())
            .ok_or_else(|| Failure::Invalid(format!("operand code {code} not valid")))
    }

    /// Dwords of literal the code named `name` announces, if it is a literal code.
    fn literal_dwords(&self, name: &str) -> Option<u32> {
        let codes = &self.ctx.spec.literal_codes;
        codes.iter().find(|l| l.name == name).map(|l| l.dwords)
    }

    /// The register a predefined name stands for in a slot of `size` bits, as the assembler
    /// parses the printed name.
    fn register(&self, name: &str, size: u32) -> Result<RegRange, Failure> {
        let count = size.div_ceil(32).max(1);
        let reg = spec_register(name, count);
        if !matches!(reg.file, RegFile::Special(_)) {
            // A numbered register is already what its text would parse back to.
            return Ok(reg);
        }
        let text = register_text(&reg);
        match parse_register(&text) {
            Some(Ok(reg)) => Ok(reg),
            _ => Err(Failure::Unsupported(format!(
                "register {name} not printable"
            ))),
        }
    }
}

/// A register range from a spec predefined name (`s4`, `TTMP8`, `VCC_LO`...) and a count.
fn spec_register(name: &str, count: u32) -> RegRange {
    let numbered = |prefix: &str| {
        name.strip_prefix(prefix)
            .and_then(|n| n.parse::<u32>().ok())
    };
    if let Some(first) = numbered("s") {
        return RegRange {
            file: RegFile::Sgpr,
            first,
            count,
        };
    }
    if let Some(first) = numbered("TTMP") {
        return RegRange {
            file: RegFile::Ttmp,
            first,
            count,
        };
    }
    if let Some(first) = numbered("v") {
        return RegRange {
            file: RegFile::Vgpr,
            first,
            count,
        };
    }
    RegRange {
        file: RegFile::Special(name.to_string()),
        first: 0,
        count,
    }
}

/// Inline constants are listed under their value (`"-1"`, `"0.5"`).
fn is_constant_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_digit() || c == '-')
}

/// Reads fields of one instruction word.
struct FieldReader<'e> {
    word: u128,
    enc: &'e Encoding,
    family: Family,
}

impl FieldReader<'_> {
    /// A field's value; SMEM SBASE holds an even SGPR number >> 1 (ISA manuals, SMEM
    /// microcode format), which high-fidelity files state as Padding.
    fn read(&self, field: &Field) -> u64 {
        let implied = u32::from(self.family == Family::Smem && field.name == "SBASE");
        read_field(self.word, field, implied)
    }

    /// Whether the encoding has one-bit field `name` and the word sets it.
    fn flag(&self, name: &str) -> bool {
        self.enc.field(name).is_some_and(|f| self.read(f) != 0)
    }
}

fn unsupported(c: &Candidate) -> DecodeOutcome {
    DecodeOutcome::Unsupported(format!(
        "encoding {} not implemented",
        reason_name(&c.encoding.name)
    ))
}

/// The integer an immediate field holds: OPR_SIMM<n> names the immediate's width, which may
/// be narrower than its field (the encoder masks the same way).
fn immediate(raw: u64, slot: &Operand) -> i64 {
    (raw & immediate_mask(&slot.operand_type)) as i64
}

/// The form the assembler encodes an instruction with: `ENC_*` before `*_INST_LITERAL`, the
/// default condition first.
fn form_rank(form: &InstructionEncoding) -> (bool, bool) {
    (
        form.encoding.ends_with("_INST_LITERAL"),
        form.condition != "default",
    )
}

/// How an unimplemented encoding is named in reasons: `ENC_*` as is, `VOP2_INST_LITERAL` as
/// `ENC_VOP2`, other variants by their spec name.
fn reason_name(name: &str) -> String {
    if name.starts_with("ENC_") {
        name.to_string()
    } else if name.ends_with("_INST_LITERAL") {
        format!("ENC_{}", family_name(name))
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcdiff_spec::BitRange;

    fn field(name: &str, ranges: &[(u32, u32)], padding_count: u32) -> Field {
        Field {
            name: name.into(),
            ranges: ranges
                .iter()
                .map(|&(offset, count)| BitRange {
                    padding: (padding_count > 0).then_some(0),
                    padding_count,
                    ..BitRange::new(offset, count)
                })
                .collect(),
            conditional: false,
        }
    }

    #[test]
    fn fields_gather_ranges_and_restore_implied_bits() {
        let split = field("X", &[(0, 4), (14, 2)], 0);
        assert_eq!(read_field(0xc00f, &split, 0), 0x3f);
        let sbase = field("SBASE", &[(0, 6)], 0);
        assert_eq!(read_field(0x01, &sbase, 1), 2);
        let padded = field("SBASE", &[(0, 6)], 1);
        assert_eq!(read_field(0x03, &padded, 0), 6);
        assert_eq!(sign_extend(0x1f_ffff, 21), -1);
        assert_eq!(sign_extend(0x64, 21), 0x64);
    }

    #[test]
    fn spec_names_become_registers() {
        assert_eq!(
            spec_register("s4", 2),
            RegRange {
                file: RegFile::Sgpr,
                first: 4,
                count: 2
            }
        );
        assert_eq!(spec_register("TTMP8", 4).file, RegFile::Ttmp);
        assert_eq!(
            spec_register("VCC_LO", 2).file,
            RegFile::Special("VCC_LO".into())
        );
        assert!(is_constant_name("-16") && is_constant_name("0.5"));
        assert!(!is_constant_name("M0"));
    }

    #[test]
    fn unimplemented_formats_are_named_by_family() {
        assert_eq!(reason_name("ENC_VOP3"), "ENC_VOP3");
        assert_eq!(reason_name("VOP2_INST_LITERAL"), "ENC_VOP2");
        assert_eq!(reason_name("VOPDXY"), "VOPDXY");
    }
}
