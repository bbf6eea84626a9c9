//! The memory families as llvm-mc prints them. LDS: the 16-bit `offset:` of one-address ops
//! (OFFSET1 the high byte, RDNA3 ISA §12.1 "LDS instruction fields") in decimal,
//! `offset0:`/`offset1:` of the two-address ops, then `gds`. Flat: `off` for a NULL scalar
//! base and for a scratch address left out, then a signed decimal `offset:` and the cache
//! policy (`glc slc dlc`, or GFX12 `th:` `scope:`).

use crate::family::Segment;
use crate::inst::{Inst, OperandValue};
use crate::syntax::memory::{access, export_target_name, is_two_address_ds, lds_wait_fields};
use crate::syntax::memory::{EXPORT_COMPRESSED, EXPORT_FLAGS};
use crate::syntax::memory_modifiers::{buffer_format_name, image_dim_name, scope_name};
use crate::syntax::memory_modifiers::{split_format_text, th_name};
use crate::syntax::regs::register_text;
use crate::target::TargetCtx;

/// Operand and modifier text of a buffer instruction (after the mnemonic): `off` for an
/// address without `offen`/`idxen`, a non-default tbuffer `format:`, the address flags, the
/// offset, the cache policy, `tfe`.
pub fn buffer_text(inst: &Inst, ctx: &TargetCtx) -> String {
    let field = |name: &str| inst.modifiers.iter().find(|(f, _)| f == name).map(|m| m.1);
    let mut operands: Vec<String> = Vec::new();
    for op in &inst.operands {
        operands.push(match &op.value {
            OperandValue::Reg(reg) => register_text(reg),
            OperandValue::Inline(name) => name.clone(),
            other => format!("{other:?}"),
        });
    }
    let has_address = inst
        .operands
        .iter()
        .any(|o| o.spec.field.as_deref() == Some("VADDR"));
    if !has_address && !operands.is_empty() {
        let after_data = inst
            .operands
            .iter()
            .take_while(|o| o.spec.field.as_deref() == Some("VDATA"))
            .count();
        operands.insert(after_data, "off".into());
    }
    let mut words = vec![operands.join(", ")];
    // The first FORMAT entry is the printed one; a trailing default is the assembler's.
    match inst.modifiers.first() {
        // The default format (1: 8, UNORM) is never printed.
        Some((f, code)) if f == "FORMAT" && *code != 1 && inst.mnemonic.starts_with("tbuffer_") => {
            match buffer_format_name(*code, ctx) {
                Some(name) => words.push(format!("format:[BUF_FMT_{name}]")),
                None => words.push(format!("format:{code}")),
            }
        }
        Some((f, data)) if f == "DFMT" && inst.mnemonic.starts_with("tbuffer_") => {
            // GFX9's split format, printed by the parts that are not the defaults.
            let num = inst.modifiers.get("NFMT");
            words.extend(split_format_text(data | num << 4, ctx));
        }
        _ => {}
    }
    for flag in ["IDXEN", "OFFEN", "ADDR64"] {
        if field(flag).is_some() {
            words.push(flag.to_ascii_lowercase());
        }
    }
    if let Some(offset) = field("OFFSET").or(field("IOFFSET")) {
        words.push(format!("offset:{offset}"));
    }
    words.extend(cache_policy(inst));
    if field("TFE").is_some() {
        words.push("tfe".into());
    }
    if field("LDS").is_some() {
        words.push("lds".into());
    }
    words.join(" ")
}

/// The cache-policy words: GFX9-GFX11 `glc slc dlc`, CDNA3 `sc0 nt sc1`, GFX12 `th:` and
/// `scope:`.
fn cache_policy(inst: &Inst) -> Vec<String> {
    let field = |name: &str| {
        inst.modifiers
            .iter()
            .find(|(f, _)| f == name)
            .map_or(0, |m| m.1)
    };
    let mut words = Vec::new();
    // llvm-mc's order: CDNA3's SC0, NT, SC1 stand where GLC, SLC and SCC print.
    for flag in ["GLC", "SLC", "DLC", "SC0", "NT", "SC1"] {
        if field(flag) != 0 {
            words.push(flag.to_ascii_lowercase());
        }
    }
    let (th, scope) = (field("TH"), field("SCOPE"));
    if th != 0 {
        match th_name(access(&inst.mnemonic), th, scope) {
            Some(name) => words.push(format!("th:{name}")),
            None => words.push(format!("th:0x{th:x}")),
        }
    }
    if scope != 0 {
        words.push(format!("scope:{}", scope_name(scope).unwrap_or("?")));
    }
    words
}

/// Operand and modifier text of an export (`mrtz v4, v3, off, off done row_en`) or an LDS
/// parameter load (`v13, attr63.x wait_vdst:3`), after the mnemonic.
pub fn export_text(inst: &Inst, ctx: &TargetCtx) -> String {
    let field = |name: &str| inst.modifiers.iter().find(|(f, _)| f == name).map(|m| m.1);
    let vgpr = |name: &str| {
        inst.operands
            .iter()
            .find(|o| o.spec.field.as_deref() == Some(name))
            .map(|o| match &o.value {
                OperandValue::Reg(reg) => register_text(reg),
                other => format!("{other:?}"),
            })
    };
    let mut words = Vec::new();
    if let Some(target) = field("TARGET") {
        let compressed = field(EXPORT_COMPRESSED.1).is_some_and(|v| v != 0);
        // A compressed export writes VSRC0 in the first two positions and VSRC1 in the last
        // two, each where its EN bit is set.
        let enabled = field("EN").unwrap_or(0);
        let sources: Vec<String> = (0..4)
            .map(|i| match compressed {
                true if enabled & (1 << i) != 0 => vgpr(&format!("VSRC{}", i / 2)),
                true => None,
                false => vgpr(&format!("VSRC{i}")),
            })
            .map(|text| text.unwrap_or_else(|| "off".into()))
            .collect();
        words.push(format!(
            "{} {}",
            export_target_name(target, ctx.gfx_major).unwrap_or_default(),
            sources.join(", ")
        ));
        for (word, name) in EXPORT_FLAGS {
            if field(name).is_some_and(|v| v != 0) {
                words.push(word.to_string());
            }
            if *name == "DONE" && compressed {
                words.push(EXPORT_COMPRESSED.0.to_string());
            }
        }
        return words.join(" ");
    }
    let mut operands = vec![vgpr("VDST").unwrap_or_default()];
    if let (Some(attr), Some(chan)) = (field("ATTR"), field("ATTR_CHAN")) {
        let channel = ["x", "y", "z", "w"]
            .get(chan as usize)
            .copied()
            .unwrap_or("?");
        operands.push(format!("attr{attr}.{channel}"));
    }
    words.push(operands.join(", "));
    for (name, word) in lds_wait_fields() {
        if let Some(value) = field(name) {
            words.push(format!("{word}:{value}"));
        }
    }
    words.join(" ")
}

/// Operand and modifier text of an image instruction (after the mnemonic): data, the
/// address (an NSA list in brackets), resource, sampler, then `dmask:` `dim:` and flags.
pub fn image_text(inst: &Inst) -> String {
    let mut data = Vec::new();
    let mut addresses = Vec::new();
    let mut scalars = Vec::new();
    for op in &inst.operands {
        let OperandValue::Reg(reg) = &op.value else {
            continue;
        };
        let field = op.spec.field.as_deref().unwrap_or("");
        if field == "VDATA" {
            data.push(register_text(reg));
        } else if field.starts_with("VADDR") || field.starts_with("NSA_ADDR") {
            addresses.push(register_text(reg));
        } else {
            scalars.push(register_text(reg));
        }
    }
    let is_list = addresses.len() > 1;
    let address = addresses.join(", ");
    data.push(if is_list {
        format!("[{address}]")
    } else {
        address
    });
    data.extend(scalars);
    let mut words = vec![data.join(", ")];
    // The ray-tracing ops leave their fixed dmask, unorm and r128 unwritten.
    let bvh = inst.mnemonic.contains("_bvh");
    for (field, value) in &inst.modifiers {
        if bvh && matches!(field.as_ref(), "DMASK" | "UNORM" | "R128") {
            continue;
        }
        match field.as_ref() {
            // dmask:0x0 is the default the assembler takes; llvm-mc leaves it unwritten.
            "DMASK" if *value != 0 => words.push(format!("dmask:0x{value:x}")),
            "DIM" => words.push(format!(
                "dim:SQ_RSRC_IMG_{}",
                image_dim_name(*value).unwrap_or("?")
            )),
            "UNORM" => words.push("unorm".into()),
            "GLC" | "SLC" | "DLC" | "R128" | "A16" | "TFE" | "LWE" | "DA" | "D16" => {
                words.push(field.to_ascii_lowercase())
            }
            // GFX12 `th:` and `scope:` print together, where the first of them stands.
            "TH" => words.extend(gfx12_policy(inst)),
            "SCOPE" if !inst.modifiers.iter().any(|(f, _)| f == "TH") => {
                words.extend(gfx12_policy(inst))
            }
            _ => {}
        }
    }
    words.join(" ")
}

/// The `th:` and `scope:` words of the cache policy.
fn gfx12_policy(inst: &Inst) -> Vec<String> {
    cache_policy(inst)
        .into_iter()
        .filter(|w| w.starts_with("th:") || w.starts_with("scope:"))
        .collect()
}

/// Operand and modifier text of a flat-family instruction (after the mnemonic).
pub fn flat_text(inst: &Inst) -> String {
    let mut operands: Vec<String> = Vec::new();
    for op in &inst.operands {
        operands.push(match &op.value {
            OperandValue::Reg(reg) if reg.file.is_named("NULL") => "off".into(),
            OperandValue::Reg(reg) => register_text(reg),
            other => format!("{other:?}"),
        });
    }
    let scratch = inst.form.family.segment() == Some(Segment::Scratch);
    let has = |fields: &[&str]| {
        (inst.operands.iter()).any(|o| o.spec.field.as_deref().is_some_and(|f| fields.contains(&f)))
    };
    if scratch && !has(&["ADDR", "VADDR"]) {
        let after_dest = inst
            .operands
            .iter()
            .take_while(|o| o.spec.field.as_deref() == Some("VDST"))
            .count();
        operands.insert(after_dest, "off".into());
    }
    if scratch && !has(&["SADDR"]) {
        // GFX10.3's offset-only scratch word keeps its SADDR code as a modifier.
        operands.push("off".into());
    }
    let field = |name: &str| {
        inst.modifiers
            .iter()
            .find(|(f, _)| f == name)
            .map_or(0, |m| m.1)
    };
    let mut words = vec![operands.join(", ")];
    let offset = field("OFFSET") | field("IOFFSET");
    if offset != 0 {
        words.push(format!("offset:{}", offset as i32));
    }
    // llvm-mc's order: scale_offset after the offset, nv after the cache policy.
    if field("SCALE_OFFSET") != 0 {
        words.push("scale_offset".into());
    }
    words.extend(cache_policy(inst));
    if field("NV") != 0 {
        words.push("nv".into());
    }
    if field("LDS") != 0 {
        words.push("lds".into());
    }
    words.join(" ")
}

/// The modifier words of a DS/VDS instruction, in llvm-mc's order.
pub fn ds_modifiers(inst: &Inst) -> Vec<String> {
    let field = |name: &str| {
        inst.modifiers
            .iter()
            .find(|(f, _)| f == name)
            .map_or(0, |m| m.1)
    };
    let (offset0, offset1) = (field("OFFSET0"), field("OFFSET1"));
    let mut words = Vec::new();
    if is_two_address_ds(&inst.name) {
        if offset0 != 0 {
            words.push(format!("offset0:{offset0}"));
        }
        if offset1 != 0 {
            words.push(format!("offset1:{offset1}"));
        }
    } else if offset0 != 0 || offset1 != 0 {
        let offset = offset0 | offset1 << 8;
        if inst.mnemonic == "ds_swizzle_b32" {
            words.push(format!("offset:{}", swizzle_text(offset)));
        } else {
            words.push(format!("offset:{offset}"));
        }
    }
    if field("GDS") != 0 {
        words.push("gds".into());
    }
    words
}

/// A ds_swizzle_b32 offset as LLVM's `swizzle(...)` macro (modes as
/// [`crate::syntax::memory_modifiers::swizzle`] encodes them): quad mode when bits 15:8 are 0x80,
/// bit-mask mode when bit 15 is clear (named SWAP, REVERSE or BROADCAST when the masks are
/// one of those patterns), rotate mode 0xc000, FFT mode 0xe000; any other value in decimal.
pub fn swizzle_text(offset: u32) -> String {
    const LANE_BITS: u32 = 0x1f;
    if offset & 0xff00 == 0x8000 {
        let lanes: Vec<String> = (0..4)
            .map(|i| ((offset >> (2 * i)) & 3).to_string())
            .collect();
        return format!("swizzle(QUAD_PERM,{})", lanes.join(","));
    }
    if offset & 0x8000 == 0 {
        let and_mask = offset & LANE_BITS;
        let or_mask = (offset >> 5) & LANE_BITS;
        let xor_mask = (offset >> 10) & LANE_BITS;
        if and_mask == LANE_BITS && or_mask == 0 && xor_mask.count_ones() == 1 {
            return format!("swizzle(SWAP,{xor_mask})");
        }
        if and_mask == LANE_BITS && or_mask == 0 && xor_mask > 0 && (xor_mask + 1).is_power_of_two()
        {
            return format!("swizzle(REVERSE,{})", xor_mask + 1);
        }
        let group = LANE_BITS - and_mask + 1;
        if group > 1 && group.is_power_of_two() && or_mask < group && xor_mask == 0 {
            return format!("swizzle(BROADCAST,{group},{or_mask})");
        }
        // Each lane-id bit as the mask makes it: constant 0/1, preserved (p) or inverted (i).
        let probe0 = or_mask ^ xor_mask;
        let probe1 = (and_mask | or_mask) ^ xor_mask;
        let bits: String = (0..5)
            .rev()
            .map(|bit| {
                let (p0, p1) = ((probe0 >> bit) & 1, (probe1 >> bit) & 1);
                match (p0 == p1, p0) {
                    (true, 0) => '0',
                    (true, _) => '1',
                    (false, 0) => 'p',
                    (false, _) => 'i',
                }
            })
            .collect();
        return format!("swizzle(BITMASK_PERM,\"{bits}\")");
    }
    match offset & 0xe000 {
        0xe000 => format!("swizzle(FFT,{})", offset & LANE_BITS),
        0xc000 => format!(
            "swizzle(ROTATE,{},{})",
            (offset >> 10) & 1,
            (offset >> 5) & LANE_BITS
        ),
        _ => offset.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzle_modes() {
        assert_eq!(swizzle_text(0x80e4), "swizzle(QUAD_PERM,0,1,2,3)");
        assert_eq!(swizzle_text(0x101f), "swizzle(SWAP,4)");
        assert_eq!(swizzle_text(0x3c1f), "swizzle(REVERSE,16)");
        assert_eq!(swizzle_text(0x0020), "swizzle(BROADCAST,32,1)");
        assert_eq!(swizzle_text(0x0004), "swizzle(BITMASK_PERM,\"00p00\")");
        assert_eq!(swizzle_text(0xe010), "swizzle(FFT,16)");
        assert_eq!(swizzle_text(0xc420), "swizzle(ROTATE,1,1)");
        assert_eq!(swizzle_text(0xa000), "40960");
    }
}
