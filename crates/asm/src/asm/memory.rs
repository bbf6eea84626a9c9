//! Vector-memory statements (DS, FLAT/GLOBAL/SCRATCH): operands in the order
//! [`syntax::memory::slots`] gives, `off` as the NULL register, trailing modifiers
//! ([`crate::syntax::memory_modifiers`]) reduced to encoding fields.
//!
//! Inst conventions (for decoders/printers): VGPR operands are `OPR_VGPR` slots sized as
//! written; SADDR is an `OPR_SREG` slot, `off` being `Reg(NULL)` with count 0; a SCRATCH
//! address written `off` is not listed (SVE stays 0), nor is GFX10.3's `off` SADDR when the
//! address is `off` too (its SADDR code is a modifier). Modifiers use the spec's field names:
//! `OFFSET0`/`OFFSET1` (DS), `OFFSET` or `IOFFSET` (flat families), `SVE`, `GDS`, `GLC`,
//! `SLC`, `DLC`, `TH`, `SCOPE`, `NV`.

use mcdiff_spec::{Instruction, InstructionEncoding};

use super::operands::parser;
use super::{encode_built, reject, AsmOutcome, Assembler, NotEncoded};
use crate::encode::{FamilyEncoder, VectorMemory};
use crate::family::{Family, Segment};
use crate::inst::{Inst, InstOperand, OperandValue, RegFile, RegRange};
use crate::operands::{classify_memory, is_off, scalar_address_off, takes_agpr};
use crate::operands::{OperandCtx, INVALID_OPERAND};
use crate::syntax::memory as syn;
use crate::syntax::memory_modifiers::{self as mods, Access, MemModifier};
use crate::syntax::{peel_modifiers, Piece, Statement};

impl Assembler<'_> {
    /// The instruction a memory-like statement names, by its LLVM mnemonic or an older LLVM
    /// name, with its form in a family `in_family` accepts. `None` when there is none.
    pub(super) fn family_form(
        &self,
        stmt: &Statement,
        in_family: fn(Family) -> bool,
    ) -> Option<(&mcdiff_spec::Instruction, &InstructionEncoding)> {
        let form_of = |i: &mcdiff_spec::Instruction| {
            i.encodings
                .iter()
                .position(|e| in_family(Family::of(&e.encoding)))
        };
        let instruction = self
            .instruction(&stmt.mnemonic)
            .filter(|i| form_of(i).is_some())
            .or_else(|| {
                syn::renamed(self.ctx.gfx_major, &stmt.mnemonic)
                    .iter()
                    .find_map(|n| self.instruction(n).filter(|i| form_of(i).is_some()))
            })?;
        Some((instruction, &instruction.encodings[form_of(instruction)?]))
    }

    /// Binds the statement's operands and modifiers against `form` with `build` and encodes
    /// the `Inst` with `handler`: the steps every memory-like family shares.
    pub(super) fn build_and_encode(
        &self,
        stmt: &Statement,
        (instruction, form): (&Instruction, &InstructionEncoding),
        handler: &dyn FamilyEncoder,
        build: impl FnOnce(&OperandCtx) -> Result<Built, NotEncoded>,
    ) -> AsmOutcome {
        let Some(encoding) = self.ctx.spec.encoding(&form.encoding) else {
            return AsmOutcome::Unsupported(format!(
                "encoding {} missing from spec",
                form.encoding
            ));
        };
        let cx = OperandCtx::new(&self.ctx, &stmt.mnemonic, encoding);
        let (operands, modifiers) = match build(&cx) {
            Ok(built) => built,
            Err(why) => return why.into(),
        };
        let inst = Inst::new(
            stmt.mnemonic.to_string(),
            self.ctx.spec,
            instruction,
            form,
            operands,
            modifiers,
        );
        encode_built(inst, handler, &cx)
    }

    /// `None` when the mnemonic names no vector-memory instruction.
    pub(super) fn assemble_memory(&self, stmt: &Statement) -> Option<AsmOutcome> {
        let found = self.family_form(stmt, Family::is_lds_flat_or_buffer)?;
        Some(self.build_and_encode(stmt, found, &VectorMemory, |cx| {
            build(stmt, found.0, found.1, cx)
        }))
    }
}

/// The operands and modifier fields a family builder binds.
pub(super) type Built = (Vec<InstOperand>, Vec<(String, u32)>);

fn null_reg() -> RegRange {
    RegRange {
        file: RegFile::Special("NULL".into()),
        first: 0,
        count: 0,
    }
}

/// The operand texts and the trailing memory modifiers of a statement.
pub(super) fn split_modifiers<'t>(
    stmt: &Statement<'t>,
    cx: &OperandCtx,
) -> (Vec<Piece<'t>>, Vec<Piece<'t>>) {
    let is_modifier = |w: &str| mods::is_modifier(w, cx.target);
    let (mut pieces, early_formats) = hoist_format(stmt.operands.clone(), is_modifier);
    let mut modifier_pieces = Vec::new();
    if let Some(last) = pieces.pop() {
        // A modifier's macro arguments (`offset:swizzle(QUAD_PERM, 0, 1, 2, 3)`) stay one word.
        let tight = without_inner_spaces(&last.text);
        let last = match tight == *last.text {
            true => last,
            false => Piece {
                text: tight.into(),
                column: last.column,
            },
        };
        // GFX9's `dfmt:`/`nfmt:` after the offset stay operand text: LLVM refuses them there.
        let trailing = |w: &str| is_modifier(w) && !mods::is_split_format_word(w);
        let (rest, found) = peel_modifiers(&last, trailing);
        if !rest.text.is_empty() || found.is_empty() {
            pieces.push(rest);
        }
        modifier_pieces = found;
    }
    modifier_pieces.splice(0..0, early_formats);
    (pieces, modifier_pieces)
}

/// LLVM also reads a numeric buffer format written before the offset operand, as operands of
/// its own (`s[0:3], format:78, 0`, GFX9's `s[4:7], dfmt:15, nfmt:2, s1`) or inside the
/// resource's text (`s[0:3] format:127 0 idxen`): those words are taken out as modifiers and
/// what followed them in their text is the next operand. A symbolic format there stays
/// operand text (LLVM refuses it), and one after the last operand is a trailing modifier.
fn hoist_format<'t>(
    pieces: Vec<Piece<'t>>,
    is_modifier: impl Fn(&str) -> bool,
) -> (Vec<Piece<'t>>, Vec<Piece<'t>>) {
    let last = pieces.len().saturating_sub(1);
    let (mut out, mut formats) = (Vec::with_capacity(pieces.len() + 1), Vec::new());
    for (i, mut piece) in pieces.into_iter().enumerate() {
        let mut hoisted = false;
        while let Some((start, end)) = format_word(&piece.text) {
            let after = piece.text[end..].trim_start();
            if i == last && after.split_whitespace().all(&is_modifier) {
                break;
            }
            let before_end = piece.text[..start].trim_end().len();
            let after_at = piece.text.len() - after.len();
            if before_end > 0 {
                out.push(piece.part(0..before_end, piece.column));
            }
            let at = |offset: usize| piece.column + offset as u32;
            formats.push(piece.part(start..end, at(start)));
            piece = piece.part(after_at..piece.text.len(), at(after_at));
            hoisted = true;
        }
        // An operand written empty (`format:1,, s0`) stays, to be refused.
        if !hoisted || !piece.text.is_empty() {
            out.push(piece);
        }
    }
    (out, formats)
}

/// The byte range of the first numeric buffer-format word in `text` (`format:`, GFX9's
/// `dfmt:` and `nfmt:`): from a word start to the first white space outside parentheses
/// (`format:(2 + 3 * 16)`).
fn format_word(text: &str) -> Option<(usize, usize)> {
    // A byte walk (no head overlaps itself): `match_indices` would set up a substring
    // searcher per head for every operand.
    let head_at = |i: usize| {
        ["format:", "dfmt:", "nfmt:"]
            .iter()
            .any(|head| text.as_bytes()[i..].starts_with(head.as_bytes()))
    };
    let start = (0..text.len())
        .filter(|&i| head_at(i))
        .filter(|&i| i == 0 || text[..i].ends_with(char::is_whitespace))
        .filter(|&i| {
            !text[i..]
                .split_once(':')
                .is_some_and(|(_, v)| v.starts_with('['))
        })
        .min()?;
    let mut depth = 0i32;
    let mut end = text.len();
    for (i, c) in text[start..].char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            c if c.is_whitespace() && depth <= 0 => {
                end = start + i;
                break;
            }
            _ => {}
        }
    }
    Some((start, end))
}

fn build(
    stmt: &Statement,
    instruction: &Instruction,
    form: &InstructionEncoding,
    cx: &OperandCtx,
) -> Result<Built, NotEncoded> {
    let name = instruction.name.as_str();
    let family = Family::of(&form.encoding);
    let (pieces, modifier_pieces) = split_modifiers(stmt, cx);
    let complete = cx.target.spec.lists_every_operand_of(form);
    if form.operands.is_empty() && !complete && !pieces.is_empty() {
        // A manual file's instruction whose operands no file describes (DS_ADD_SRC2_U32 on
        // Vega: CDNA3 dropped it).
        return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
    }
    let texts: Vec<&str> = pieces.iter().map(|p| p.text.as_ref()).collect();
    let words: Vec<&str> = modifier_pieces.iter().map(|p| p.text.as_ref()).collect();
    let written = syn::Written {
        operands: &texts,
        modifiers: &words,
        wave64: cx.target.wave64,
        flat_scalar_base: syn::flat_takes_scalar_base(cx.target),
    };
    let slots = syn::slots(form, &stmt.mnemonic, &written);
    if pieces.len() > slots.len() {
        return Err(reject(pieces[slots.len()].column, INVALID_OPERAND));
    }
    if pieces.len() < slots.len() {
        return Err(reject(stmt.column, "too few operands for instruction"));
    }
    let mut operands = memory_operands(&pieces, &slots, family.segment(), cx)?;
    let mut modifiers = address_fields(&mut operands, family.segment(), cx, stmt.column)?;
    modifiers.extend(accumulator_data(&operands, cx, stmt.column)?);
    mods::check_th_scope(&words).map_err(|m| reject(stmt.column, m))?;
    if family == Family::Ds && stmt.mnemonic.starts_with("ds_gws") && !words.contains(&"gds") {
        // GFX11 global wave sync ops address GDS only (RDNA3 ISA §12 "GDS-only opcodes").
        return Err(reject(stmt.column, "gds modifier is required"));
    }
    let access = syn::access(&stmt.mnemonic);
    modifiers.extend(modifier_fields(&modifier_pieces, family, name, access, cx)?);
    let set = |f: &str| modifiers.iter().any(|(m, v)| m == f && *v != 0);
    if set("ADDR64") && (set("OFFEN") || set("IDXEN")) {
        // A 64-bit address comes from VADDR alone: "IDXEN and OFFEN must be zero in this
        // mode" (Sea Islands ISA Table 8.2, ADDR64).
        return Err(reject(stmt.column, INVALID_OPERAND));
    }
    if family.is_buffer() && set("LDS") && set("TFE") {
        // "It is illegal to set the instruction's TFE bit for loads to LDS" (Memory Buffer
        // Load to LDS: Sea Islands ISA §8.1.8, GCN3, Vega, CDNA1, RDNA1, RDNA2).
        return Err(reject(stmt.column, INVALID_OPERAND));
    }
    check_scale_offset(&operands, family.segment(), &modifier_pieces)?;
    if cx.encoding.field("FORMAT").is_some() && !modifiers.iter().any(|(f, _)| f == "FORMAT") {
        // Buffer ops read BUF_FMT_8_UNORM unless told otherwise (LLVM AMDGPUModifierSyntax
        // "ufmt"); GFX12 buffer loads and stores carry the field too.
        modifiers.push(("FORMAT".into(), 1));
    }
    if cx.encoding.field("DFMT").is_some() {
        // GFX9's default: BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM (LLVM "fmt"), each half
        // that is not given.
        for (field, value) in mods::split_format_fields(1) {
            if !modifiers.iter().any(|(f, _)| *f == field) {
                modifiers.push((field, value));
            }
        }
    }
    if access == Access::Atomic && cx.encoding.field("VDST").is_some() {
        check_atomic_return(&operands, &modifiers, cx, stmt.column)?;
    }
    Ok((operands, modifiers))
}

/// Binds operand pieces to memory slots: `off` where the slot allows it (a NULL scalar
/// register, or nothing for a scratch address), VGPRs and scalar operands otherwise.
fn memory_operands(
    pieces: &[Piece],
    slots: &[syn::MemSlot],
    segment: Option<Segment>,
    cx: &OperandCtx,
) -> Result<Vec<InstOperand>, NotEncoded> {
    let global_with_vaddr = matches!(segment, Some(Segment::Global | Segment::Flat))
        && slots
            .iter()
            .any(|s| matches!(s.operand.field.as_deref(), Some("ADDR" | "VADDR")));
    let mut operands = Vec::new();
    for (piece, slot) in pieces.iter().zip(slots) {
        let op = &slot.operand;
        let field = op.field.as_deref().unwrap_or("");
        if piece.text.eq_ignore_ascii_case("off") {
            if !slot.off_ok {
                return Err(reject(piece.column, INVALID_OPERAND));
            }
            if field == "SADDR" || field == "SOFFSET" {
                operands.push(InstOperand {
                    spec: op.clone().into(),
                    value: OperandValue::Reg(null_reg()),
                });
            }
            continue;
        }
        if slot.off_only {
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        let value = parser(classify_memory(&op.operand_type))
            .parse(piece, op, cx)
            .map_err(|m| reject(piece.column, m))?;
        let is_null = matches!(&value, OperandValue::Reg(r) if r.file.is_named("NULL"));
        if field == "SADDR" && is_null && global_with_vaddr {
            // A GLOBAL scalar base beside a VGPR offset is written `off`, never `null`
            // (llvm-mc takes `null` for SCRATCH and the address-less GLOBAL ops).
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        let resource = field == "SRSRC" || field == "RSRC";
        if resource && matches!(&value, OperandValue::Reg(r) if r.count == 0) {
            // A buffer resource is four SGPRs; `null` cannot stand in for it.
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        operands.push(InstOperand {
            spec: op.clone().into(),
            value,
        });
    }
    Ok(operands)
}

/// Fields the flat families set from their operands: SVE when a scratch address VGPR is
/// present (RDNA3 ISA §10.1 "FLAT instruction fields"), and SADDR holding the `off` code
/// where no scalar base is written (FLAT, where the manuals call SADDR unused and LLVM
/// writes 0 before GFX10, and the cache-control ops). A GFX10.3 scratch address of neither
/// kind drops the `off` scalar operand for its own SADDR code
/// ([`syn::scratch_offset_only_code`]).
fn address_fields(
    operands: &mut Vec<InstOperand>,
    segment: Option<Segment>,
    cx: &OperandCtx,
    column: u32,
) -> Result<Vec<(String, u32)>, NotEncoded> {
    let has = |operands: &[InstOperand], name: &str| {
        operands
            .iter()
            .any(|o| o.spec.field.as_deref() == Some(name))
    };
    let has_vaddr = has(operands, "ADDR") || has(operands, "VADDR");
    let scalar_base = operands
        .iter()
        .any(|o| o.spec.field.as_deref() == Some("SADDR") && !is_off(&o.value));
    let scratch = segment == Some(Segment::Scratch);
    let offset_only = syn::scratch_offset_only_code(cx.target);
    if let (true, false, false, Some(code)) = (scratch, has_vaddr, scalar_base, offset_only) {
        operands.retain(|o| o.spec.field.as_deref() != Some("SADDR"));
        return Ok(vec![("SADDR".into(), code)]);
    }
    let mut fields = Vec::new();
    if scratch && has_vaddr && cx.encoding.field("SVE").is_some() {
        fields.push(("SVE".into(), 1));
    }
    if scratch && has_vaddr == scalar_base && cx.encoding.field("SVE").is_none() {
        // Without the SVE bit (GFX9 before gfx940, GFX10) a scratch address is a VGPR or an
        // SGPR, not both (the manuals' SADDR row: "use an SGPR instead of a VGPR") and not
        // neither (RDNA1/RDNA2 ISA §9.3.1 "Legal Addressing Combinations": SCRATCH takes a
        // VGPR offset with SADDR NULL, or an SGPR offset).
        return Err(reject(
            column,
            "operands are not valid for this GPU or mode",
        ));
    }
    let unused_zero =
        segment == Some(Segment::Flat) && !syn::flat_writes_saddr(cx.target.gfx_major);
    if segment.is_some()
        && !unused_zero
        && !has(operands, "SADDR")
        && cx.encoding.field("SADDR").is_some()
    {
        let off = scalar_address_off(cx.target.spec).ok_or_else(|| {
            NotEncoded::Unsupported("spec gap: spec lists no code for an `off` SADDR".into())
        })?;
        fields.push(("SADDR".into(), off));
    }
    Ok(fields)
}

/// ACC set when the data operands are AGPRs (CDNA2 and later: the ACC bit of the DS, MUBUF,
/// MTBUF and FLAT formats covers data and destination alike, so they are all of one file).
fn accumulator_data(
    operands: &[InstOperand],
    cx: &OperandCtx,
    column: u32,
) -> Result<Option<(String, u32)>, NotEncoded> {
    let files: Vec<&RegFile> = operands
        .iter()
        .filter(|o| takes_agpr(&o.spec.operand_type, cx.target))
        .filter_map(|o| match &o.value {
            OperandValue::Reg(r) => Some(&r.file),
            _ => None,
        })
        .collect();
    let agprs = files.iter().filter(|f| ***f == RegFile::Agpr).count();
    if agprs == 0 {
        return Ok(None);
    }
    if agprs != files.len() {
        let message = "invalid register class: data and dst should be all VGPR or AGPR";
        return Err(reject(column, message));
    }
    if cx.encoding.field("ACC").is_none() {
        return Err(NotEncoded::Unsupported(
            "spec gap: encoding has no ACC field".into(),
        ));
    }
    Ok(Some(("ACC".into(), 1)))
}

/// The encoding fields the modifier words set (offsets, cache policy, flags); a field set
/// twice is an error.
fn modifier_fields(
    modifier_pieces: &[Piece],
    family: Family,
    name: &str,
    access: Access,
    cx: &OperandCtx,
) -> Result<Vec<(String, u32)>, NotEncoded> {
    let mut modifiers: Vec<(String, u32)> = Vec::new();
    for piece in modifier_pieces {
        let Some(parsed) = mods::parse(&piece.text, access, cx.target) else {
            return Err(reject(piece.column, INVALID_OPERAND));
        };
        let parsed = parsed.map_err(|m| reject(piece.column, m))?;
        for (f, v) in
            modifier_bits(parsed, family, name, cx).map_err(|m| reject(piece.column, m))?
        {
            if modifiers.iter().any(|(seen, _)| *seen == f) {
                return Err(reject(piece.column, "duplicate modifier"));
            }
            modifiers.push((f, v));
        }
    }
    Ok(modifiers)
}

/// The fields one memory modifier sets, or the message rejecting it.
fn modifier_bits(
    parsed: MemModifier,
    family: Family,
    name: &str,
    cx: &OperandCtx,
) -> Result<Vec<(String, u32)>, String> {
    // Only the two-address DS ops take two 8-bit offsets (`offset0:`/`offset1:`); RDNA2 names
    // them READ2/WRITE2/WRXCHG2, RDNA3 on _2ADDR.
    let two_addr = ["_2ADDR", "_READ2", "_WRITE2", "XCHG2"]
        .iter()
        .any(|m| name.contains(m));
    match parsed {
        MemModifier::Offset(v) => {
            let offset_width = ["OFFSET", "IOFFSET"]
                .iter()
                .find_map(|f| cx.encoding.field(f))
                .map_or(16, |f| f.width());
            let (lo, hi, message) = syn::offset_range(family, cx.target.gfx_major, offset_width);
            if !(lo..=hi).contains(&v) {
                return Err(message);
            }
            if !family.is_ds() {
                let f = if cx.encoding.field("IOFFSET").is_some() {
                    "IOFFSET"
                } else {
                    "OFFSET"
                };
                return Ok(vec![(f.into(), v as u32)]);
            }
            if two_addr {
                return Err(INVALID_OPERAND.into());
            }
            Ok(vec![
                ("OFFSET0".into(), (v & 0xff) as u32),
                ("OFFSET1".into(), (v >> 8) as u32),
            ])
        }
        MemModifier::OffsetPair(n, v) if two_addr && (0..=0xff).contains(&v) => {
            Ok(vec![(format!("OFFSET{n}"), v as u32)])
        }
        MemModifier::Field("FORMAT", v) if cx.encoding.field("DFMT").is_some() => {
            Ok(mods::split_format_fields(v))
        }
        // `lds` is the buffer loads', only the ones the manual lists ("Memory Buffer Load to
        // LDS"), and GFX10's GLOBAL/SCRATCH loads' (later GLOBAL/SCRATCH have *_LDS_* opcodes).
        MemModifier::Field("LDS", _) if !loads_to_lds(family, name, cx) => {
            Err(INVALID_OPERAND.into())
        }
        MemModifier::Field(f, v) if cx.encoding.field(f).is_some() => Ok(vec![(f.to_string(), v)]),
        MemModifier::OffsetPair(..) | MemModifier::Field(..) => Err(INVALID_OPERAND.into()),
    }
}

/// Whether instruction `name` of `family` may return its data to LDS: a buffer load the
/// manual lists, or any buffer load where the manual has no list; a GLOBAL or SCRATCH load
/// where the format has an LDS bit (Vega, CDNA1/CDNA2, RDNA1/RDNA2 ISA, FLAT fields: LDS
/// "For Global and Scratch only"; later GLOBAL/SCRATCH formats have none, and *_LDS_*
/// opcodes instead).
fn loads_to_lds(family: Family, name: &str, cx: &OperandCtx) -> bool {
    let load = syn::access(&name.to_ascii_lowercase()) == Access::Load;
    let listed = match &cx.target.spec.buffer_lds_loads {
        Some(loads) => loads.iter().any(|l| l.eq_ignore_ascii_case(name)),
        None => true,
    };
    let global_or_scratch = matches!(family.segment(), Some(Segment::Global | Segment::Scratch));
    let flat_lds = global_or_scratch && cx.encoding.field("LDS").is_some();
    load && ((family.is_buffer() && listed) || flat_lds)
}

/// `scale_offset` scales a VGPR offset by the data size: FLAT and GLOBAL take it with a
/// scalar base (GVS), SCRATCH with a VGPR address (SV, SVS), as CDNA5 ISA §10 "Global,
/// Scratch and Flat Address Space Operations" says.
fn check_scale_offset(
    operands: &[InstOperand],
    segment: Option<Segment>,
    modifier_pieces: &[Piece],
) -> Result<(), NotEncoded> {
    let Some(piece) = modifier_pieces
        .iter()
        .find(|p| p.text.eq_ignore_ascii_case("scale_offset"))
    else {
        return Ok(());
    };
    let has = |field: &str, base: bool| {
        operands
            .iter()
            .any(|o| o.spec.field.as_deref() == Some(field) && !(base && is_off(&o.value)))
    };
    let vgpr_offset = has("VADDR", false) || has("ADDR", false);
    let scaled = match segment {
        Some(Segment::Scratch) => vgpr_offset,
        Some(_) => vgpr_offset && has("SADDR", true),
        None => false,
    };
    if scaled {
        Ok(())
    } else {
        Err(reject(
            piece.column,
            "scale_offset is not supported for this instruction",
        ))
    }
}

/// An atomic returns the old value exactly when it writes a destination, and says so in its
/// cache policy ([`syn::atomic_return_field`]).
fn check_atomic_return(
    operands: &[InstOperand],
    modifiers: &[(String, u32)],
    cx: &OperandCtx,
    column: u32,
) -> Result<(), NotEncoded> {
    let returns = operands
        .iter()
        .any(|o| o.spec.field.as_deref() == Some("VDST"));
    let name = syn::atomic_return_field(cx.encoding, cx.target.gfx_major);
    let marked = modifiers.iter().any(|(n, v)| n == name && v & 1 != 0);
    if returns == marked {
        return Ok(());
    }
    let word = match name {
        "TH" => "th:TH_ATOMIC_RETURN",
        "SC0" => "sc0",
        _ => "glc",
    };
    let not = if returns { "" } else { "not " };
    Err(reject(column, format!("instruction must {not}use {word}")))
}

/// `text` with the whitespace inside parentheses and brackets removed.
pub(super) fn without_inner_spaces(text: &str) -> String {
    let mut depth = 0;
    text.chars()
        .filter(|&c| {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                _ => {}
            }
            depth == 0 || !c.is_whitespace()
        })
        .collect()
}
