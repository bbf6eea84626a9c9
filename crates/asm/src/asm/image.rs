//! Image statements (GFX9/GFX10/GFX11 MIMG with its NSA form, GFX12 VIMAGE/VSAMPLE): data VGPRs sized by
//! `dmask`/`d16`/`tfe`, an address as one VGPR range or an NSA list `[v1, v2, v[3:4]]`, the
//! resource and sampler SGPRs, then modifiers ([`crate::syntax::memory_modifiers`]).
//!
//! Inst conventions: the first address is field `VADDR` (GFX11) or `VADDR0` (GFX12); further
//! NSA addresses are `VADDR1..` on GFX12 and `NSA_ADDR1..` on GFX11 (bytes of the dwords
//! that follow the instruction); the GFX11 `NSA` field is set for a list.

use mcdiff_spec::{Instruction, InstructionEncoding, Operand};

use super::memory::{split_modifiers, Built};
use super::operands::{misaligned_tuple, parser};
use super::{reject, AsmOutcome, Assembler, NotEncoded};
use crate::encode::Image;
use crate::family::Family;
use crate::inst::{InstOperand, OperandValue, RegFile, RegRange};
use crate::operands::{classify_memory, OperandCtx, INVALID_OPERAND};
use crate::syntax::memory::{self as syn, vgpr_slot};
use crate::syntax::memory_modifiers::{self as mods, MemModifier};
use crate::syntax::regs::parse_register;
use crate::syntax::{Piece, Statement};

impl Assembler<'_> {
    /// `None` when the mnemonic names no image instruction.
    pub(super) fn assemble_image(&self, stmt: &Statement) -> Option<AsmOutcome> {
        let found = self.family_form(stmt, Family::is_image)?;
        Some(self.build_and_encode(stmt, found, &Image, |cx| build(stmt, found.0, found.1, cx)))
    }
}

/// The VGPR ranges of an address operand: one range, or the elements of an NSA list.
fn address_ranges(piece: &Piece, cx: &OperandCtx) -> Result<Vec<RegRange>, NotEncoded> {
    let text = piece.text.trim();
    let elements: Vec<&str> = match text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        // `[v1, v2]` is a list, `[v1]`-like register syntax has a colon or no comma.
        Some(inner) if inner.contains(',') || !text.contains(':') && inner.starts_with('v') => {
            inner.split(',').map(str::trim).collect()
        }
        _ => vec![text],
    };
    elements
        .iter()
        .map(|e| match parse_register(e) {
            Some(Ok(reg)) if reg.file == RegFile::Vgpr && reg.first + reg.count <= 256 => {
                if let Some(message) = misaligned_tuple(cx.target, &reg) {
                    return Err(reject(piece.column, message));
                }
                Ok(reg)
            }
            _ => Err(reject(piece.column, INVALID_OPERAND)),
        })
        .collect()
}

/// What GFX9 image statements this builder cannot judge: those without operand facts.
fn refuse_gfx9(form: &InstructionEncoding, cx: &OperandCtx) -> Result<(), NotEncoded> {
    if cx.target.gfx_major >= 10 {
        return Ok(());
    }
    if form.operands.is_empty() {
        return Err(NotEncoded::Unsupported("no operand facts in spec".into()));
    }
    Ok(())
}

fn build(
    stmt: &Statement,
    instruction: &Instruction,
    form: &InstructionEncoding,
    cx: &OperandCtx,
) -> Result<Built, NotEncoded> {
    let name = instruction.name.as_str();
    let gfx11 = Family::of(&form.encoding) == Family::Mimg;
    let (pieces, modifier_pieces) = split_modifiers(stmt, cx);
    refuse_gfx9(form, cx)?;
    let words: Vec<&str> = modifier_pieces.iter().map(|p| p.text.as_ref()).collect();
    mods::check_th_scope(&words).map_err(|m| reject(stmt.column, m))?;
    let mut modifiers = image_modifiers(&modifier_pieces, &stmt.mnemonic, cx)?;
    let op = name.to_ascii_lowercase();
    let bvh = op.contains("_bvh");
    let gfx10_plus = cx.target.gfx_major >= 10;
    if gfx10_plus && !bvh && !modifiers.iter().any(|(f, _)| f == "DIM") {
        // GFX10+ image ops name their dimension (LLVM AMDGPUModifierSyntax "dim"); GFX9
        // ones take any address range, `da` marking arrays.
        return Err(reject(stmt.column, "missing dim operand"));
    }
    let data_regs = data_regs(&op, &modifiers, cx.target.gfx_major, stmt.column)?;
    // Text order: data, address, resource, sampler.
    let scalar: Vec<&Operand> = ["SRSRC", "RSRC", "SSAMP", "SAMP"]
        .iter()
        .filter_map(|f| {
            form.operands
                .iter()
                .find(|o| o.field.as_deref() == Some(*f))
        })
        .collect();
    let data_field = form
        .operands
        .iter()
        .find(|o| o.field.as_deref() == Some("VDATA"));
    let want = usize::from(data_field.is_some()) + 1 + scalar.len();
    if pieces.len() > want {
        return Err(reject(pieces[want].column, INVALID_OPERAND));
    }
    if pieces.len() < want {
        return Err(reject(stmt.column, "too few operands for instruction"));
    }
    let mut operands = Vec::new();
    let mut rest = pieces.iter();
    if let Some(data_field) = data_field {
        let piece = rest.next().expect("counted");
        let slot = match data_regs {
            Some(n) => vgpr_slot("VDATA", n),
            None => data_field.clone(),
        };
        operands.push(data_operand(piece, slot, cx, &mut modifiers)?);
    }
    let address = rest.next().expect("counted");
    let before = operands.len();
    let nsa = address_operands(address, gfx11, stmt.column, cx, &mut operands)?;
    if gfx10_plus {
        let dim = modifiers
            .iter()
            .find(|(f, _)| f == "DIM")
            .map_or(0, |&(_, v)| v);
        if !syn::dim_allowed(&op, dim) {
            return Err(reject(stmt.column, "invalid dim; must be MSAA type"));
        }
        let written: u32 = operands[before..].iter().map(|o| o.spec.size / 32).sum();
        let a16 = modifiers.iter().any(|(f, v)| f == "A16" && *v != 0);
        if syn::address_size_fits(&op, dim, a16, written, nsa.is_some()) == Some(false) {
            let message = if bvh {
                "image address size does not match a16"
            } else {
                "image address size does not match dim and a16"
            };
            return Err(reject(stmt.column, message));
        }
    }
    if bvh {
        bvh_fields(&mut modifiers, cx);
    }
    if let (true, Some(extra_dwords)) = (gfx11, nsa) {
        modifiers.push(("NSA".into(), extra_dwords));
    }
    for (piece, slot) in rest.zip(scalar) {
        let value = parser(classify_memory(&slot.operand_type))
            .parse(piece, slot, cx)
            .map_err(|m| reject(piece.column, m))?;
        if matches!(&value, OperandValue::Reg(r) if r.count == 0) {
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        operands.push(InstOperand {
            spec: slot.clone().into(),
            value,
        });
    }
    Ok((operands, modifiers))
}

/// The VGPRs image op `op` moves data in, by its dmask, d16 and tfe
/// ([`syn::image_data_regs`]), once the dmask is one the op takes.
fn data_regs(
    op: &str,
    modifiers: &[(String, u32)],
    gfx_major: u32,
    column: u32,
) -> Result<Option<u32>, NotEncoded> {
    let flag = |f: &str| modifiers.iter().any(|(n, v)| n == f && *v != 0);
    let written_dmask = modifiers
        .iter()
        .find(|(n, _)| n == "DMASK")
        .map(|&(_, v)| v);
    if op.contains("_atomic") && !matches!(written_dmask, Some(0x1 | 0x3 | 0xf)) {
        // An atomic's data is one or two dwords, or four for a 64-bit compare-swap; the
        // mask must name them (llvm-mc 22; its message).
        return Err(reject(column, "invalid atomic image dmask"));
    }
    if op.contains("_pck") && flag("D16") {
        // The packed loads and stores move 16-bit data as such: no d16 (llvm-mc 22).
        return Err(reject(column, INVALID_OPERAND));
    }
    let dmask = written_dmask.unwrap_or(1);
    if syn::fetches_one_component(op, gfx_major) && dmask.count_ones() != 1 {
        return Err(reject(
            column,
            "invalid image_gather dmask: only one bit must be set",
        ));
    }
    Ok(syn::image_data_regs(
        op,
        gfx_major,
        dmask,
        flag("D16"),
        flag("TFE"),
    ))
}

/// The data operand in `slot`, sized by dmask, d16 and tfe: VGPRs, or AGPRs where the word
/// has an ACC bit (which it then sets).
fn data_operand(
    piece: &Piece,
    mut slot: Operand,
    cx: &OperandCtx,
    modifiers: &mut Vec<(String, u32)>,
) -> Result<InstOperand, NotEncoded> {
    let agpr = piece.text.trim_start().starts_with(['a', 'A']);
    if agpr {
        if cx.encoding.field("ACC").is_none() {
            // No ACC bit (Vega, CDNA1): the word cannot name an AGPR.
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        // CDNA2's ACC bit makes the data AGPRs, as in the other memory formats.
        slot.operand_type = "OPR_VGPR_OR_ACCVGPR".into();
        modifiers.push(("ACC".into(), 1));
    }
    let value = parser(classify_memory("OPR_VGPR"))
        .parse(piece, &slot, cx)
        .map_err(|_| {
            reject(
                piece.column,
                "image data size does not match dmask, d16 and tfe",
            )
        })?;
    Ok(InstOperand {
        spec: slot.into(),
        value,
    })
}

/// The encoding fields image modifier words set; each field once.
fn image_modifiers(
    modifier_pieces: &[Piece],
    mnemonic: &str,
    cx: &OperandCtx,
) -> Result<Vec<(String, u32)>, NotEncoded> {
    let access = syn::access(mnemonic);
    let mut modifiers: Vec<(String, u32)> = Vec::new();
    for piece in modifier_pieces {
        let parsed = mods::parse(&piece.text, access, cx.target)
            .unwrap_or_else(|| Err(INVALID_OPERAND.into()))
            .map_err(|m| reject(piece.column, m))?;
        let MemModifier::Field(field, value) = parsed else {
            return Err(reject(piece.column, INVALID_OPERAND));
        };
        // GFX10 names arrays by `dim`, though its format keeps the DA bit.
        let gfx9_only = field == "DA" && cx.target.gfx_major >= 10;
        if cx.encoding.field(field).is_none() || gfx9_only {
            return Err(reject(piece.column, INVALID_OPERAND));
        }
        let field = field.to_string();
        if modifiers.iter().any(|(f, _)| *f == field) {
            return Err(reject(piece.column, "duplicate modifier"));
        }
        modifiers.push((field, value));
    }
    Ok(modifiers)
}

/// Appends the address VGPRs to `operands`; the NSA field's value (the extra dwords) when
/// they were written as an NSA list. MIMG NSA addresses after the first are bytes of the
/// dwords after the instruction ([`syn::nsa_max_addresses`]); GFX12 has one field per
/// address, so a range there needs list syntax.
fn address_operands(
    address: &Piece,
    gfx11: bool,
    column: u32,
    cx: &OperandCtx,
    operands: &mut Vec<InstOperand>,
) -> Result<Option<u32>, NotEncoded> {
    let ranges = address_ranges(address, cx)?;
    let nsa = address.text.trim_start().starts_with('[') && ranges.len() > 1;
    if !gfx11 && !nsa && ranges[0].count > 1 {
        return Err(reject(
            column,
            "operands are not valid for this GPU or mode",
        ));
    }
    let max_addresses = if gfx11 {
        let nsa_width = cx.encoding.field("NSA").map_or(0, |f| f.width());
        syn::nsa_max_addresses(nsa_width) as usize
    } else {
        let fields = &cx.encoding.fields;
        fields
            .iter()
            .filter(|f| f.name.starts_with("VADDR"))
            .count()
    };
    let single = nsa && syn::nsa_elements_are_single(cx.target.gfx_major);
    if ranges.len() > max_addresses || single && ranges.iter().any(|r| r.count > 1) {
        return Err(reject(address.column, INVALID_OPERAND));
    }
    for (i, reg) in ranges.iter().enumerate() {
        let field = match (gfx11, i) {
            (true, 0) => "VADDR".to_string(),
            (true, n) => format!("NSA_ADDR{n}"),
            (false, n) => format!("VADDR{n}"),
        };
        operands.push(InstOperand {
            spec: vgpr_slot(&field, reg.count).into(),
            value: OperandValue::Reg(reg.clone()),
        });
    }
    Ok(nsa.then(|| (ranges.len() as u32 - 1).div_ceil(4)))
}

/// Ray-tracing ops return four dwords from a 128-bit resource with unnormalised
/// coordinates; the fields must say so (RDNA3 ISA §10.9.1 "Restrictions on image_bvh
/// instructions").
fn bvh_fields(modifiers: &mut Vec<(String, u32)>, cx: &OperandCtx) {
    for (field, value) in [("DMASK", 0xf), ("R128", 1), ("UNORM", 1)] {
        if cx.encoding.field(field).is_some() && !modifiers.iter().any(|(f, _)| f == field) {
            modifiers.push((field.to_string(), value));
        }
    }
}
