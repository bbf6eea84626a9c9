//! Cache-policy modifiers after scalar-memory (SMEM) operands.
//!
//! What llvm-mc accepts (checked with llvm-mc 22): GFX9/CDNA `glc`; GFX10/GFX11 `glc`, `dlc`;
//! GFX12 `th:TH_LOAD_*`, `scope:SCOPE_*` (or `scope:N`); GFX12.5 additionally `nv` and
//! `scale_offset`. Each maps
//! to the ENC_SMEM field of the same name. CDNA3's `sc0`/`sc1`/`nt` are vector-memory
//! spellings; llvm-mc rejects them on SMEM, so they are not modifiers here.

use crate::syntax::memory_modifiers::{SCOPES, TH_LOAD};
use crate::target::TargetCtx;

/// SMEM mnemonics in llvm-mc spelling (loads, stores, atomics, scratch and ATC probes).
const SMEM_PREFIXES: &[&str] = &[
    "s_load_",
    "s_buffer_load_",
    "s_store_",
    "s_buffer_store_",
    "s_scratch_",
    "s_atomic_",
    "s_buffer_atomic_",
    "s_atc_probe",
];

fn is_smem(mnemonic: &str) -> bool {
    SMEM_PREFIXES.iter().any(|p| mnemonic.starts_with(p))
}

/// Single-bit flags this generation accepts on SMEM, with their ENC_SMEM field.
fn flags(ctx: &TargetCtx) -> &'static [(&'static str, &'static str)] {
    match (ctx.gfx_major, ctx.gfx_minor) {
        (8..=9, _) => &[("glc", "GLC")],
        (10, _) | (11, _) => &[("glc", "GLC"), ("dlc", "DLC")],
        (12, m) if m >= 5 => &[("nv", "NV"), ("scale_offset", "SCALE_OFFSET")],
        _ => &[],
    }
}

/// Cache-policy / SMEM modifiers after the operands, as values for the named ENC_SMEM
/// fields (`("GLC", 1)`, `("DLC", 1)`, `("TH", ..)`, `("SCOPE", ..)`, `("NV", 1)`), checked
/// against the spec's ENC_SMEM when the loaded spec has that encoding. `None` when `text` is
/// not a modifier this mnemonic takes on this target.
pub fn parse(
    mnemonic: &str,
    text: &str,
    ctx: &TargetCtx,
) -> Option<Result<Vec<(String, u32)>, String>> {
    if !is_smem(mnemonic) {
        return None;
    }
    let (field, value) = if let Some((key, val)) = text.split_once(':') {
        if ctx.gfx_major < 12 {
            return None;
        }
        let val = val.trim();
        match key.trim() {
            "th" => match smem_loads().find(|(n, _)| *n == val) {
                Some(&(_, v)) => ("TH", v),
                None => return Some(Err(format!("invalid th value '{val}' for {mnemonic}"))),
            },
            "scope" => match scope_value(val) {
                Some(v) => ("SCOPE", v),
                None => return Some(Err(format!("invalid scope value '{val}'"))),
            },
            _ => return None,
        }
    } else {
        // llvm-mc also accepts the negated spelling (`noglc`), which sets the bit to 0.
        let (name, value) = match text.strip_prefix("no") {
            Some(rest) if flags(ctx).iter().any(|(n, _)| *n == rest) => (rest, 0),
            _ => (text, 1),
        };
        let &(_, field) = flags(ctx).iter().find(|(n, _)| *n == name)?;
        (field, value)
    };
    if let Some(enc) = ctx.spec.encoding("ENC_SMEM") {
        if enc.field(field).is_none() {
            return Some(Err(format!(
                "spec ENC_SMEM has no field {field} for modifier '{text}'"
            )));
        }
    }
    Some(Ok(vec![(field.to_string(), value)]))
}

fn scope_value(val: &str) -> Option<u32> {
    if let Some(&(_, v)) = SCOPES.iter().find(|(n, _)| *n == val) {
        return Some(v);
    }
    let v = if let Some(hex) = val.strip_prefix("0x") {
        u32::from_str_radix(hex, 16).ok()?
    } else {
        val.parse::<u32>().ok()?
    };
    (v <= 3).then_some(v)
}

/// The GFX12 load hints an SMEM word can hold: RDNA4 ISA ENC_SMEM has a 2-bit TH field, so
/// RT 0, NT 1, HT 2 and LU 3 (BYPASS shares 3 and is meant with SCOPE_SYS).
fn smem_loads() -> impl Iterator<Item = &'static (&'static str, u32)> {
    TH_LOAD.iter().filter(|(_, v)| *v < 4)
}

/// The name llvm-mc prints for a GFX12 SMEM TH value; 3 is TH_LOAD_BYPASS under SCOPE_SYS.
pub fn th_name(value: u32, scope: u32) -> Option<&'static str> {
    let bypass = value == 3 && scope == 3;
    smem_loads()
        .filter(|(n, _)| (*n == "TH_LOAD_BYPASS") == bypass)
        .find(|&&(_, v)| v == value)
        .map(|&(n, _)| n)
}

/// The name llvm-mc prints for a GFX12 SMEM SCOPE value.
pub fn scope_name(value: u32) -> Option<&'static str> {
    SCOPES.iter().find(|&&(_, v)| v == value).map(|&(n, _)| n)
}
