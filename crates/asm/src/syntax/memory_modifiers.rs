//! Modifiers after vector-memory operands (DS, FLAT/GLOBAL/SCRATCH): offsets, `gds`, and the
//! cache policy (`glc slc dlc` before GFX12, `th:` `scope:` `nv` on GFX12).
//!
//! Values: GFX12 temporal hints from RDNA4 ISA §4 "Memory Scope and Temporal Hints"
//! (Table 13 loads, Table 14 stores, Table 15 atomics: TH[0] return, TH[1] non-temporal,
//! TH[2] cascade); scopes CU 0, SE 1, DEV 2, SYS 3 (Table 16).

use crate::target::TargetCtx;

/// What an instruction does with memory, which selects its temporal-hint names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Load,
    Store,
    Atomic,
}

/// GFX12 load hints (RDNA4 Table 13; BYPASS shares LU's code and is meant with SCOPE_SYS).
pub(crate) const TH_LOAD: &[(&str, u32)] = &[
    ("TH_LOAD_RT", 0),
    ("TH_LOAD_NT", 1),
    ("TH_LOAD_HT", 2),
    ("TH_LOAD_LU", 3),
    ("TH_LOAD_BYPASS", 3),
    ("TH_LOAD_NT_RT", 4),
    ("TH_LOAD_RT_NT", 5),
    ("TH_LOAD_NT_HT", 6),
];

/// GFX12 store hints (RDNA4 Table 14; BYPASS shares WB's code, meant with SCOPE_SYS).
const TH_STORE: &[(&str, u32)] = &[
    ("TH_STORE_RT", 0),
    ("TH_STORE_NT", 1),
    ("TH_STORE_HT", 2),
    ("TH_STORE_WB", 3),
    ("TH_STORE_BYPASS", 3),
    ("TH_STORE_NT_RT", 4),
    ("TH_STORE_RT_NT", 5),
    ("TH_STORE_NT_HT", 6),
    ("TH_STORE_NT_WB", 7),
];

/// GFX12 atomic hints (RDNA4 Table 15: bit 0 return, bit 1 non-temporal, bit 2 cascade).
const TH_ATOMIC: &[(&str, u32)] = &[
    ("TH_ATOMIC_RT", 0),
    ("TH_ATOMIC_RETURN", 1),
    ("TH_ATOMIC_RT_RETURN", 1),
    ("TH_ATOMIC_NT", 2),
    ("TH_ATOMIC_NT_RETURN", 3),
    ("TH_ATOMIC_CASCADE_RT", 4),
    ("TH_ATOMIC_CASCADE_NT", 6),
];

pub(crate) const SCOPES: &[(&str, u32)] = &[
    ("SCOPE_CU", 0),
    ("SCOPE_SE", 1),
    ("SCOPE_DEV", 2),
    ("SCOPE_SYS", 3),
];

/// One parsed memory modifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemModifier {
    /// `offset:N` (signed as written; the caller range-checks it per family).
    Offset(i64),
    /// `offset0:N` / `offset1:N` of the two-address DS ops.
    OffsetPair(u8, i64),
    /// A field set to a value (`GDS`, `GLC`, `TH`, `SCOPE`, `NV`...).
    Field(&'static str, u32),
}

fn number(text: &str) -> Option<i64> {
    let text = text.trim();
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let value = if let Some(hex) = body.strip_prefix("0x") {
        i64::from_str_radix(hex, 16).ok()?
    } else {
        body.parse::<i64>().ok()?
    };
    Some(if negative { -value } else { value })
}

fn hint(table: &[(&str, u32)], name: &str) -> Option<u32> {
    table.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
}

/// Parses one modifier word: `None` when the word is no memory modifier at all.
pub fn parse(word: &str, access: Access, ctx: &TargetCtx) -> Option<Result<MemModifier, String>> {
    let lower = word.to_ascii_lowercase();
    if let Some((key, value)) = lower.split_once(':') {
        let raw_value = word.split_once(':').map_or("", |(_, v)| v.trim());
        return keyed(key, value, raw_value, access, ctx);
    }
    let flags: Vec<(&str, &'static str)> = flags(ctx).iter().chain(IMAGE_FLAGS).copied().collect();
    let (name, value) = match lower.strip_prefix("no") {
        // llvm-mc takes the negated spelling of the cache-policy bits only.
        Some(rest) if rest != "gds" && flags.iter().any(|(n, _)| *n == rest) => (rest, 0),
        _ => (lower.as_str(), 1),
    };
    flags
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, field)| Ok(MemModifier::Field(field, value)))
}

/// Image flags (MIMG, VIMAGE, VSAMPLE); the caller rejects a flag whose field the
/// instruction's encoding lacks.
const IMAGE_FLAGS: &[(&str, &str)] = &[
    ("unorm", "UNORM"),
    ("a16", "A16"),
    ("d16", "D16"),
    ("r128", "R128"),
    ("lwe", "LWE"),
    // GFX9's array flag.
    ("da", "DA"),
];

/// A `key:value` modifier; `value` is lower case, `raw_value` as written.
fn keyed(
    key: &str,
    value: &str,
    raw_value: &str,
    access: Access,
    ctx: &TargetCtx,
) -> Option<Result<MemModifier, String>> {
    let parsed = match key {
        "offset" => match raw_value.strip_prefix("swizzle") {
            Some(args) => return Some(swizzle(args, ctx).map(MemModifier::Offset)),
            None => number(value).map(MemModifier::Offset),
        },
        "offset0" => number(value).map(|v| MemModifier::OffsetPair(0, v)),
        "offset1" => number(value).map(|v| MemModifier::OffsetPair(1, v)),
        "dmask" => {
            return Some(
                number(value)
                    .filter(|v| (0..16).contains(v))
                    .map(|v| MemModifier::Field("DMASK", v as u32))
                    .ok_or_else(|| "invalid dmask".to_string()),
            )
        }
        "dim" => {
            return Some(
                image_dim(raw_value)
                    .map(|v| MemModifier::Field("DIM", v))
                    .ok_or_else(|| "invalid dim value".to_string()),
            )
        }
        "format" => {
            return Some(buffer_format(raw_value, ctx).map(|v| MemModifier::Field("FORMAT", v)))
        }
        // GFX6-GFX9's older spelling of the two halves (LLVM takes it before the offset operand
        // only: [`is_split_format_word`]).
        "dfmt" | "nfmt" if ctx.gfx_major < 10 => {
            let (field, limit) = if key == "dfmt" {
                ("DFMT", 16)
            } else {
                ("NFMT", 8)
            };
            return Some(
                number(value)
                    .filter(|v| (0..limit).contains(v))
                    .map(|v| MemModifier::Field(field, v as u32))
                    .ok_or_else(|| format!("invalid {key} value")),
            );
        }
        "th" if ctx.gfx_major >= 12 => {
            let table = match access {
                Access::Load => TH_LOAD,
                Access::Store => TH_STORE,
                Access::Atomic => TH_ATOMIC,
            };
            let value = hint(table, raw_value).or_else(|| {
                number(raw_value)
                    .filter(|v| (0..8).contains(v))
                    .map(|v| v as u32)
            });
            return Some(
                value
                    .map(|v| MemModifier::Field("TH", v))
                    .ok_or_else(|| format!("invalid th value '{raw_value}'")),
            );
        }
        "scope" if ctx.gfx_major >= 12 => {
            let value = hint(SCOPES, raw_value).or_else(|| {
                number(raw_value)
                    .filter(|v| (0..4).contains(v))
                    .map(|v| v as u32)
            });
            return Some(
                value
                    .map(|v| MemModifier::Field("SCOPE", v))
                    .ok_or_else(|| format!("invalid scope value '{raw_value}'")),
            );
        }
        _ => return None,
    };
    Some(parsed.ok_or_else(|| "expected an absolute expression".to_string()))
}

/// The one-word memory flags of this generation: cache policy and buffer addressing.
fn flags(ctx: &TargetCtx) -> &'static [(&'static str, &'static str)] {
    match ctx.gfx_major {
        // llvm-mc takes `nv` and `scale_offset` from GFX12.5 on (it rejects them for
        // gfx1200); the caller rejects a flag whose field the encoding lacks (VBUFFER has no
        // SCALE_OFFSET).
        12.. if ctx.gfx_minor >= 5 => &[
            ("nv", "NV"),
            ("scale_offset", "SCALE_OFFSET"),
            ("offen", "OFFEN"),
            ("idxen", "IDXEN"),
            ("tfe", "TFE"),
        ],
        12.. => &[("offen", "OFFEN"), ("idxen", "IDXEN"), ("tfe", "TFE")],
        10 | 11 => &[
            ("gds", "GDS"),
            ("glc", "GLC"),
            ("slc", "SLC"),
            ("dlc", "DLC"),
            ("offen", "OFFEN"),
            ("idxen", "IDXEN"),
            ("tfe", "TFE"),
            ("lds", "LDS"),
        ],
        // GFX6-GFX9; CDNA3 and CDNA4 name the cache-policy bits SC0, SC1 and NT (the
        // encodings say which a target has). ADDR64 is GFX6/GFX7's 64-bit VGPR address
        // (Sea Islands ISA Table 8.2, MUBUF and MTBUF); GCN3 and later have no such field.
        _ => &[
            ("gds", "GDS"),
            ("glc", "GLC"),
            ("slc", "SLC"),
            ("sc0", "SC0"),
            ("sc1", "SC1"),
            ("nt", "NT"),
            ("offen", "OFFEN"),
            ("idxen", "IDXEN"),
            ("addr64", "ADDR64"),
            ("tfe", "TFE"),
            ("lds", "LDS"),
        ],
    }
}

/// True when `word` is a memory modifier of this generation (parsable or not).
pub fn is_modifier(word: &str, ctx: &TargetCtx) -> bool {
    parse(word, Access::Load, ctx).is_some()
}

/// The 16-bit offset of `ds_swizzle_b32 ... offset:swizzle(MODE, args...)` (`text` is what
/// follows `swizzle`, parentheses included). Layout from RDNA3 ISA DS_SWIZZLE_B32: FFT mode
/// 0xe000 | offset[4:0]; rotate mode 0xc000 | right << 10 | count << 5; quad mode bit 15 with
/// four 2-bit lane selects; otherwise and-mask [4:0], or-mask [9:5], xor-mask [14:10].
/// LLVM's macros BROADCAST, SWAP, REVERSE and BITMASK_PERM set those masks.
pub fn swizzle(text: &str, ctx: &TargetCtx) -> Result<i64, String> {
    let inner = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or("expected a swizzle macro")?;
    let mut parts = inner.split(',').map(str::trim);
    let mode = parts.next().unwrap_or("");
    let args: Vec<&str> = parts.collect();
    let ints = |n: usize| -> Result<Vec<i64>, String> {
        if args.len() != n {
            return Err("expected a comma".into());
        }
        args.iter()
            .map(|a| number(a).ok_or_else(|| "expected an absolute expression".to_string()))
            .collect()
    };
    let in_range = |v: i64, lo: i64, hi: i64, what: &str| {
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(format!("{what} must be in the interval [{lo},{hi}]"))
        }
    };
    let group = |v: i64, lo: i64| {
        if (lo..=32).contains(&v) && v.count_ones() == 1 {
            Ok(v)
        } else {
            Err("group size must be a power of two".to_string())
        }
    };
    match mode {
        "QUAD_PERM" => {
            let lanes = ints(4)?;
            lanes.iter().enumerate().try_fold(0x8000, |acc, (i, &l)| {
                Ok(acc | in_range(l, 0, 3, "lane id")? << (2 * i))
            })
        }
        "BITMASK_PERM" => {
            let [mask] = args[..] else {
                return Err("expected a comma".into());
            };
            let mask = mask
                .strip_prefix('"')
                .and_then(|m| m.strip_suffix('"'))
                .filter(|m| m.len() == 5)
                .ok_or("expected a 5-character mask")?;
            let (mut and, mut or, mut xor) = (0, 0, 0);
            for (i, c) in mask.chars().enumerate() {
                let bit = 1 << (4 - i);
                match c {
                    '0' => {}
                    '1' => or |= bit,
                    'p' => and |= bit,
                    'i' => {
                        and |= bit;
                        xor |= bit
                    }
                    _ => return Err("invalid mask".into()),
                }
            }
            Ok(and | or << 5 | xor << 10)
        }
        "BROADCAST" => {
            let v = ints(2)?;
            let size = group(v[0], 2)?;
            let lane = in_range(v[1], 0, size - 1, "lane id")?;
            Ok((0x1f & !(size - 1)) | lane << 5)
        }
        "SWAP" => {
            let v = ints(1)?;
            let size = group(v[0], 1).and_then(|s| in_range(s, 1, 16, "group size"))?;
            Ok(0x1f | size << 10)
        }
        "REVERSE" => {
            let v = ints(1)?;
            let size = group(v[0], 2)?;
            Ok(0x1f | (size - 1) << 10)
        }
        "FFT" | "ROTATE" if ctx.gfx_major < 9 => {
            Err("swizzle mode not supported on this GPU".into())
        }
        "FFT" => {
            let v = ints(1)?;
            Ok(0xe000 | in_range(v[0], 0, 31, "FFT swizzle")?)
        }
        "ROTATE" => {
            let v = ints(2)?;
            let right = in_range(v[0], 0, 1, "direction")?;
            let count = in_range(v[1], 0, 31, "number of threads to rotate")?;
            Ok(0xc000 | right << 10 | count << 5)
        }
        _ => Err("expected a swizzle mode".into()),
    }
}

/// GFX11/GFX12 unified buffer formats by code: RDNA3 ISA §10.7 Table 52 "Buffer and Image
/// Data Formats" (RDNA4 ISA lists the same codes); LLVM spells them `BUF_FMT_<name>`.
const UNIFIED_FORMATS: &[&str] = &[
    "INVALID",
    "8_UNORM",
    "8_SNORM",
    "8_USCALED",
    "8_SSCALED",
    "8_UINT",
    "8_SINT",
    "16_UNORM",
    "16_SNORM",
    "16_USCALED",
    "16_SSCALED",
    "16_UINT",
    "16_SINT",
    "16_FLOAT",
    "8_8_UNORM",
    "8_8_SNORM",
    "8_8_USCALED",
    "8_8_SSCALED",
    "8_8_UINT",
    "8_8_SINT",
    "32_UINT",
    "32_SINT",
    "32_FLOAT",
    "16_16_UNORM",
    "16_16_SNORM",
    "16_16_USCALED",
    "16_16_SSCALED",
    "16_16_UINT",
    "16_16_SINT",
    "16_16_FLOAT",
    "10_11_11_FLOAT",
    "11_11_10_FLOAT",
    "10_10_10_2_UNORM",
    "10_10_10_2_SNORM",
    "10_10_10_2_UINT",
    "10_10_10_2_SINT",
    "2_10_10_10_UNORM",
    "2_10_10_10_SNORM",
    "2_10_10_10_USCALED",
    "2_10_10_10_SSCALED",
    "2_10_10_10_UINT",
    "2_10_10_10_SINT",
    "8_8_8_8_UNORM",
    "8_8_8_8_SNORM",
    "8_8_8_8_USCALED",
    "8_8_8_8_SSCALED",
    "8_8_8_8_UINT",
    "8_8_8_8_SINT",
    "32_32_UINT",
    "32_32_SINT",
    "32_32_FLOAT",
    "16_16_16_16_UNORM",
    "16_16_16_16_SNORM",
    "16_16_16_16_USCALED",
    "16_16_16_16_SSCALED",
    "16_16_16_16_UINT",
    "16_16_16_16_SINT",
    "16_16_16_16_FLOAT",
    "32_32_32_UINT",
    "32_32_32_SINT",
    "32_32_32_FLOAT",
    "32_32_32_32_UINT",
    "32_32_32_32_SINT",
    "32_32_32_32_FLOAT",
];

/// `format:N`, `format:[BUF_FMT_<name>]`, or the older split spelling
/// `format:[BUF_DATA_FORMAT_<d>,BUF_NUM_FORMAT_<n>]` (either part may be left to its default,
/// 8 and UNORM), which LLVM accepts when `<d>_<n>` names a unified format (LLVM
/// AMDGPUModifierSyntax "fmt", "ufmt"). Unified codes are those of GFX11 and later; GFX6 to
/// GFX9 have only the split spelling, coded `dfmt | nfmt << 4` (its DFMT and NFMT fields).
pub fn buffer_format(text: &str, ctx: &TargetCtx) -> Result<u32, String> {
    let split = ctx.gfx_major < 10;
    let Some(list) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return number(text)
            .filter(|v| (0..128).contains(v))
            .map(|v| v as u32)
            .ok_or_else(|| "invalid format".to_string());
    };
    let code = |names: &[&str], name: &str| names.iter().position(|f| *f == name);
    let parts: Vec<&str> = list.split(',').map(str::trim).collect();
    if split && parts.iter().any(|p| p.starts_with("BUF_FMT_")) {
        return Err("unified format is not supported on this GPU".into());
    }
    if let [one] = parts[..] {
        if let Some(name) = one.strip_prefix("BUF_FMT_") {
            return unified_format_code(name, ctx).ok_or_else(|| "unsupported format".into());
        }
    }
    let (mut data, mut num) = (None, None);
    for part in &parts {
        if let Some(d) = part
            .strip_prefix("BUF_DATA_FORMAT_")
            .filter(|_| data.is_none())
        {
            data = Some(d);
        } else if let Some(n) = part
            .strip_prefix("BUF_NUM_FORMAT_")
            .filter(|_| num.is_none())
        {
            num = Some(n);
        } else {
            return Err("unsupported format".into());
        }
    }
    let (data, num) = (data.unwrap_or("8"), num.unwrap_or("UNORM"));
    if split {
        // GFX9's 7-bit code: dfmt | nfmt << 4.
        return match (code(DATA_FORMATS, data), code(num_formats(ctx), num)) {
            (Some(d), Some(n)) => Ok((d | n << 4) as u32),
            _ => Err("unsupported format".into()),
        };
    }
    let name = format!("{data}_{num}");
    let name = if name.starts_with("INVALID") {
        "INVALID".to_string()
    } else {
        name
    };
    unified_format_code(&name, ctx).ok_or_else(|| "unsupported format".into())
}

/// The target's unified formats, (code, name): GFX11 and later LLVM's table
/// ([`UNIFIED_FORMATS`]); GFX10 the manual's "Buffer and Image Data Formats" table, which
/// numbers them otherwise (RDNA1 ISA Table 47: 8_8_UNORM is 14, not 8); none before.
fn unified_formats<'a>(ctx: &'a TargetCtx) -> Box<dyn Iterator<Item = (u32, &'a str)> + 'a> {
    if ctx.gfx_major >= 11 {
        return Box::new((0..).zip(UNIFIED_FORMATS.iter().copied()));
    }
    let table = ctx.spec.buffer_formats.iter().flatten();
    Box::new(table.map(|(c, n)| (*c, n.as_str())))
}

/// The unified format code of `name` (`8_8_UNORM`) on the target ([`unified_formats`]).
fn unified_format_code(name: &str, ctx: &TargetCtx) -> Option<u32> {
    unified_formats(ctx)
        .find(|(_, n)| *n == name)
        .map(|(c, _)| c)
}

/// Image dimensions by MIMG DIM code (RDNA3 ISA §8.2 "Image instructions", DIM field), in
/// LLVM's `dim:SQ_RSRC_IMG_<name>` or short `dim:<name>` spelling.
const DIMS: &[&str] = &[
    "1D",
    "2D",
    "3D",
    "CUBE",
    "1D_ARRAY",
    "2D_ARRAY",
    "2D_MSAA",
    "2D_MSAA_ARRAY",
];

pub fn image_dim(text: &str) -> Option<u32> {
    let name = text.strip_prefix("SQ_RSRC_IMG_").unwrap_or(text);
    DIMS.iter().position(|d| *d == name).map(|d| d as u32)
}

/// Checks `th:` against `scope:` (the modifier words of one statement): code 3 of loads and
/// stores means BYPASS under SCOPE_SYS and LU/WB under the other scopes (RDNA4 ISA Tables
/// 13, 14), so a BYPASS name needs SCOPE_SYS and the LU/WB names forbid it.
pub fn check_th_scope(words: &[&str]) -> Result<(), String> {
    let value_of = |key: &str| {
        words
            .iter()
            .find_map(|w| {
                w.split_once(':')
                    .filter(|(k, _)| k.eq_ignore_ascii_case(key))
            })
            .map(|(_, v)| v.trim())
    };
    let Some(th) = value_of("th") else {
        return Ok(());
    };
    let sys = value_of("scope").is_some_and(|s| s == "SCOPE_SYS" || s == "3");
    let bypass = th.ends_with("_BYPASS");
    let code3 = ["TH_LOAD_LU", "TH_STORE_WB"].contains(&th);
    if (bypass && !sys) || (code3 && sys) {
        return Err("scope and th combination is not valid".into());
    }
    Ok(())
}

/// The GFX12 temporal-hint text llvm-mc prints for `th` of an instruction with `access`
/// under `scope`: the name from the tables above (code 3 of loads and stores is BYPASS under
/// SCOPE_SYS), `None` where llvm-mc prints the raw value (load code 7, atomic codes without
/// a name at this scope).
pub fn th_name(access: Access, th: u32, scope: u32) -> Option<&'static str> {
    let sys = hint(SCOPES, "SCOPE_SYS");
    let dev = hint(SCOPES, "SCOPE_DEV").unwrap_or(u32::MAX);
    let (table, bypass) = match access {
        Access::Load => (TH_LOAD, "TH_LOAD_BYPASS"),
        Access::Store => (TH_STORE, "TH_STORE_BYPASS"),
        Access::Atomic => {
            // Cascade (bit 2) names need device scope or wider; bit 0 then goes unnamed.
            let th = if th & 4 != 0 {
                if scope < dev {
                    return None;
                }
                th & !1
            } else {
                th
            };
            return TH_ATOMIC.iter().find(|&&(_, v)| v == th).map(|&(n, _)| n);
        }
    };
    if Some(th) == hint(table, bypass) && Some(scope) == sys {
        return Some(bypass);
    }
    table.iter().find(|&&(_, v)| v == th).map(|&(n, _)| n)
}

/// The GFX12 scope name for a SCOPE value.
pub fn scope_name(scope: u32) -> Option<&'static str> {
    SCOPES.iter().find(|&&(_, v)| v == scope).map(|&(n, _)| n)
}

/// The unified buffer format name (`8_8_UNORM`) of a FORMAT code on the target, without the
/// `BUF_FMT_` prefix ([`unified_formats`]); `None` for codes it has no name for.
pub fn buffer_format_name<'a>(code: u32, ctx: &'a TargetCtx) -> Option<&'a str> {
    unified_formats(ctx)
        .find(|(c, _)| *c == code)
        .map(|(_, n)| n)
}

/// GFX9 data formats (MTBUF DFMT) by code, as LLVM's AMDGPUModifierSyntax lists them.
const DATA_FORMATS: &[&str] = &[
    "INVALID",
    "8",
    "16",
    "8_8",
    "32",
    "16_16",
    "10_11_11",
    "11_11_10",
    "10_10_10_2",
    "2_10_10_10",
    "8_8_8_8",
    "32_32",
    "16_16_16_16",
    "32_32_32",
    "32_32_32_32",
    "RESERVED_15",
];

/// GFX9 numeric formats (MTBUF NFMT) by code, as LLVM's AMDGPUModifierSyntax lists them.
const NUM_FORMATS: &[&str] = &[
    "UNORM",
    "SNORM",
    "USCALED",
    "SSCALED",
    "UINT",
    "SINT",
    "RESERVED_6",
    "FLOAT",
];

/// GFX6/GFX7 numeric formats: code 6 is SNORM_OGL (Sea Islands ISA Table 8.2, MTBUF NFMT:
/// "6 snorm_ogl"; LLVM's AMDGPUModifierSyntax has BUF_NUM_FORMAT_SNORM_OGL), which GCN3 and
/// later reserve.
const NUM_FORMATS_GFX6_7: &[&str] = &[
    "UNORM",
    "SNORM",
    "USCALED",
    "SSCALED",
    "UINT",
    "SINT",
    "SNORM_OGL",
    "FLOAT",
];

/// The numeric formats (MTBUF NFMT) of this generation, by code.
fn num_formats(ctx: &TargetCtx) -> &'static [&'static str] {
    if ctx.gfx_major <= 7 {
        NUM_FORMATS_GFX6_7
    } else {
        NUM_FORMATS
    }
}

/// GFX9's MTBUF fields for a 7-bit format code: DFMT the low 4 bits, NFMT the high 3.
/// Whether `word` is GFX9's `dfmt:`/`nfmt:` spelling, which LLVM reads before the offset
/// operand only.
pub fn is_split_format_word(word: &str) -> bool {
    word.starts_with("dfmt:") || word.starts_with("nfmt:")
}

pub fn split_format_fields(code: u32) -> Vec<(String, u32)> {
    vec![("DFMT".into(), code & 0xf), ("NFMT".into(), code >> 4)]
}

/// `format:[...]` as llvm-mc prints a split format code (GFX6-GFX9): the parts that are not
/// the defaults, numeric formats by the generation's names.
pub fn split_format_text(code: u32, ctx: &TargetCtx) -> Option<String> {
    let (data, num) = (code & 0xf, code >> 4);
    let mut parts = Vec::new();
    if data != 1 {
        parts.push(format!("BUF_DATA_FORMAT_{}", DATA_FORMATS[data as usize]));
    }
    if num != 0 {
        parts.push(format!(
            "BUF_NUM_FORMAT_{}",
            num_formats(ctx).get(num as usize)?
        ));
    }
    (!parts.is_empty()).then(|| format!("format:[{}]", parts.join(",")))
}

/// The `SQ_RSRC_IMG_<name>` suffix of an image DIM code (the inverse of [`image_dim`]).
pub fn image_dim_name(code: u32) -> Option<&'static str> {
    DIMS.get(code as usize).copied()
}
