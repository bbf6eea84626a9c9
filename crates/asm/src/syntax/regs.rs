//! LLVM's register spelling: `s0`, `s[0:1]`, `[s0, s1]`, `ttmp[4:7]`, `v3`, and named registers.
//! The hardware code of a register is never decided here: named registers map to the name the
//! spec's predefined operand values use, and the encoder looks the code up in the spec.

use crate::inst::{RegFile, RegRange};
use crate::syntax::expr::{nesting_too_deep, MAX_NESTING};

/// A named register as LLVM spells it: (LLVM name, spec predefined name, 32-bit registers covered).
/// `count` 0 means "an operand of any width" (constant sources such as `src_scc`).
const NAMED: &[(&str, &str, u32)] = &[
    ("vcc", "VCC_LO", 2),
    ("vcc_lo", "VCC_LO", 1),
    ("vcc_hi", "VCC_HI", 1),
    ("exec", "EXEC_LO", 2),
    ("exec_lo", "EXEC_LO", 1),
    ("exec_hi", "EXEC_HI", 1),
    ("m0", "M0", 1),
    ("null", "NULL", 0),
    ("flat_scratch", "FLAT_SCRATCH_LO", 2),
    ("flat_scratch_lo", "FLAT_SCRATCH_LO", 1),
    ("flat_scratch_hi", "FLAT_SCRATCH_HI", 1),
    ("xnack_mask", "XNACK_MASK_LO", 2),
    ("xnack_mask_lo", "XNACK_MASK_LO", 1),
    ("xnack_mask_hi", "XNACK_MASK_HI", 1),
    ("tba", "TBA_LO", 2),
    ("tba_lo", "TBA_LO", 1),
    ("tba_hi", "TBA_HI", 1),
    ("tma", "TMA_LO", 2),
    ("tma_lo", "TMA_LO", 1),
    ("tma_hi", "TMA_HI", 1),
    ("scc", "SRC_SCC", 0),
    ("src_scc", "SRC_SCC", 0),
    ("vccz", "SRC_VCCZ", 0),
    ("src_vccz", "SRC_VCCZ", 0),
    ("execz", "SRC_EXECZ", 0),
    ("src_execz", "SRC_EXECZ", 0),
    ("shared_base", "SRC_SHARED_BASE", 0),
    ("src_shared_base", "SRC_SHARED_BASE", 0),
    ("shared_limit", "SRC_SHARED_LIMIT", 0),
    ("src_shared_limit", "SRC_SHARED_LIMIT", 0),
    ("private_base", "SRC_PRIVATE_BASE", 0),
    ("src_private_base", "SRC_PRIVATE_BASE", 0),
    ("private_limit", "SRC_PRIVATE_LIMIT", 0),
    ("src_private_limit", "SRC_PRIVATE_LIMIT", 0),
    ("pops_exiting_wave_id", "SRC_POPS_EXITING_WAVE_ID", 0),
    ("src_pops_exiting_wave_id", "SRC_POPS_EXITING_WAVE_ID", 0),
    ("lds_direct", "SRC_LDS_DIRECT", 0),
    ("src_lds_direct", "SRC_LDS_DIRECT", 0),
    // GFX12.5: either half as a 64-bit source supplies the whole base (CDNA5 ISA §4.1).
    ("src_flat_scratch_base_lo", "SRC_FLAT_SCRATCH_BASE_LO", 0),
    ("src_flat_scratch_base_hi", "SRC_FLAT_SCRATCH_BASE_HI", 0),
];

/// Register files with numbered registers, longest prefix first so `ttmp` wins over `t`.
const FILES: &[(&str, RegFile)] = &[
    ("ttmp", RegFile::Ttmp),
    ("acc", RegFile::Agpr),
    ("s", RegFile::Sgpr),
    ("v", RegFile::Vgpr),
    ("a", RegFile::Agpr),
];

/// Parses `text` as a register. `None`: not register syntax at all (try an expression);
/// `Some(Err)`: register syntax with an error (bad range, mixed list...).
pub fn parse_register(text: &str) -> Option<Result<RegRange, String>> {
    register_in_lists(text, 0)
}

/// [`parse_register`] inside `depth` enclosing register lists.
fn register_in_lists(text: &str, depth: usize) -> Option<Result<RegRange, String>> {
    let text = text.trim();
    let lower = crate::syntax::lower_case(text);
    let lower = lower.as_ref();
    if lower.starts_with('[') {
        return parse_list(lower, depth);
    }
    // Numbered registers first, the common case: no named register is a file prefix
    // followed by digits or `[`.
    for (prefix, file) in FILES {
        let Some(rest) = lower.strip_prefix(prefix) else {
            continue;
        };
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Some(
                rest.parse::<u32>()
                    .map(|first| RegRange {
                        file: file.clone(),
                        first,
                        count: 1,
                    })
                    .map_err(|_| "invalid register index".to_string()),
            );
        }
        if let Some(inner) = rest.trim_start().strip_prefix('[') {
            let Some(inner) = inner.strip_suffix(']') else {
                return Some(Err("missing register index".into()));
            };
            return Some(parse_index_range(inner).map(|(first, last)| RegRange {
                file: file.clone(),
                first,
                count: last - first + 1,
            }));
        }
    }
    let &(_, spec_name, count) = NAMED.iter().find(|(n, _, _)| *n == lower)?;
    Some(Ok(RegRange {
        file: RegFile::Special(spec_name.to_string()),
        first: 0,
        count,
    }))
}

fn parse_index(text: &str) -> Result<u32, String> {
    match crate::syntax::expr::evaluate(text) {
        Ok(crate::syntax::expr::Value::Int(v)) if (0..=u32::MAX as i64).contains(&v) => {
            Ok(v as u32)
        }
        _ => Err("invalid register index".into()),
    }
}

fn parse_index_range(inner: &str) -> Result<(u32, u32), String> {
    let (first, last) = match inner.split_once(':') {
        Some((a, b)) => (parse_index(a)?, parse_index(b)?),
        None => {
            let i = parse_index(inner)?;
            (i, i)
        }
    };
    if last < first {
        return Err("first register index should not exceed second index".into());
    }
    Ok((first, last))
}

/// `[s0, s1, s2]`: consecutive registers of one file. LLVM also takes lists as elements
/// (`[[s1]]`); each level recurses, so the levels are bounded like expression nesting.
fn parse_list(text: &str, depth: usize) -> Option<Result<RegRange, String>> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    if depth == MAX_NESTING {
        return Some(Err(nesting_too_deep()));
    }
    let mut regs = Vec::new();
    for part in inner.split(',') {
        match register_in_lists(part, depth + 1)? {
            Ok(r) => regs.push(r),
            Err(e) => return Some(Err(e)),
        }
    }
    let first = regs.first()?.clone();
    if let Some(pair) = named_pair(&regs) {
        return Some(Ok(pair));
    }
    for (i, r) in regs.iter().enumerate() {
        if r.file != first.file || r.count != 1 {
            return Some(Err("registers in a list must be of the same kind".into()));
        }
        if r.first != first.first + i as u32 {
            return Some(Err(
                "registers in a list must have consecutive indices".into()
            ));
        }
    }
    Some(Ok(RegRange {
        count: regs.len() as u32,
        ..first
    }))
}

/// `[exec_lo,exec_hi]`: the low and high halves of a named 64-bit register, in that order,
/// are the register itself (LLVM's AMDGPUOperandSyntax: "[exec_lo,exec_hi] 64-bit execute
/// mask register (an SP3 syntax)", likewise vcc, flat_scratch, xnack_mask, tba and tma).
fn named_pair(regs: &[RegRange]) -> Option<RegRange> {
    let [lo, hi] = regs else {
        return None;
    };
    let (RegFile::Special(lo_name), RegFile::Special(hi_name)) = (&lo.file, &hi.file) else {
        return None;
    };
    let base = lo_name.strip_suffix("_LO")?;
    let is_pair = NAMED.iter().any(|&(_, n, c)| n == lo_name && c == 2);
    let halves = lo.count == 1 && hi.count == 1 && hi_name.strip_suffix("_HI") == Some(base);
    (is_pair && halves).then(|| RegRange {
        count: 2,
        ..lo.clone()
    })
}

/// LLVM's alignment rule for SGPR/TTMP tuples: 64-bit tuples start at an even register,
/// wider ones at a multiple of 4.
pub fn is_aligned(reg: &RegRange) -> bool {
    match reg.file {
        RegFile::Sgpr | RegFile::Ttmp => {
            let align = match reg.count {
                0 | 1 => 1,
                2 => 2,
                _ => 4,
            };
            reg.first.is_multiple_of(align)
        }
        _ => true,
    }
}

/// LLVM's spelling of a register range: `s5`, `s[4:5]`, `ttmp[4:7]`, `vcc`, `exec_lo`, `m0`.
pub fn register_text(reg: &RegRange) -> String {
    let numbered = |prefix: &str| match reg.count {
        0 | 1 => format!("{prefix}{}", reg.first),
        n => format!("{prefix}[{}:{}]", reg.first, reg.first + n - 1),
    };
    match &reg.file {
        RegFile::Sgpr => numbered("s"),
        RegFile::Vgpr => numbered("v"),
        RegFile::Agpr => numbered("a"),
        RegFile::Ttmp => numbered("ttmp"),
        RegFile::Special(name) => {
            let lower = name.to_ascii_lowercase();
            let pair_name = |base: &str| NAMED.iter().any(|&(n, _, c)| n == base && c == 2);
            match lower.strip_suffix("_lo") {
                // A 64-bit pair is named by its base where LLVM has that name: VCC_LO x2 is
                // `vcc`; SRC_FLAT_SCRATCH_BASE_LO stays itself.
                Some(base) if reg.count == 2 && pair_name(base) => base.to_string(),
                _ => lower,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg(file: RegFile, first: u32, count: u32) -> RegRange {
        RegRange { file, first, count }
    }

    #[test]
    fn register_spellings() {
        assert_eq!(register_text(&reg(RegFile::Sgpr, 5, 1)), "s5");
        assert_eq!(register_text(&reg(RegFile::Sgpr, 4, 2)), "s[4:5]");
        assert_eq!(register_text(&reg(RegFile::Ttmp, 4, 4)), "ttmp[4:7]");
        let special = |name: &str, count| reg(RegFile::Special(name.into()), 0, count);
        assert_eq!(register_text(&special("VCC_LO", 2)), "vcc");
        assert_eq!(register_text(&special("EXEC_HI", 1)), "exec_hi");
        assert_eq!(register_text(&special("SRC_SCC", 0)), "src_scc");
        assert_eq!(register_text(&special("NULL", 0)), "null");
        assert_eq!(
            register_text(&special("SRC_FLAT_SCRATCH_BASE_LO", 2)),
            "src_flat_scratch_base_lo"
        );
    }

    #[test]
    fn numbered_registers_and_ranges() {
        assert_eq!(parse_register("s7"), Some(Ok(reg(RegFile::Sgpr, 7, 1))));
        assert_eq!(parse_register("a255"), Some(Ok(reg(RegFile::Agpr, 255, 1))));
        assert_eq!(
            parse_register("acc[2:3]"),
            Some(Ok(reg(RegFile::Agpr, 2, 2)))
        );
        assert_eq!(register_text(&reg(RegFile::Agpr, 2, 2)), "a[2:3]");
        assert_eq!(parse_register("attr0.x"), None);
        assert_eq!(parse_register("s[2:3]"), Some(Ok(reg(RegFile::Sgpr, 2, 2))));
        assert_eq!(parse_register("s[5]"), Some(Ok(reg(RegFile::Sgpr, 5, 1))));
        assert_eq!(
            parse_register("ttmp[4:7]"),
            Some(Ok(reg(RegFile::Ttmp, 4, 4)))
        );
        assert_eq!(
            parse_register("TTMP15"),
            Some(Ok(reg(RegFile::Ttmp, 15, 1)))
        );
        assert_eq!(
            parse_register("[s4,s5]"),
            Some(Ok(reg(RegFile::Sgpr, 4, 2)))
        );
        assert!(matches!(parse_register("s[3:2]"), Some(Err(_))));
        assert!(matches!(parse_register("[s4,s6]"), Some(Err(_))));
    }

    #[test]
    fn nested_lists_are_bounded() {
        let nested = |n: usize| format!("{}s1{}", "[".repeat(n), "]".repeat(n));
        assert_eq!(
            parse_register(&nested(2)),
            Some(Ok(reg(RegFile::Sgpr, 1, 1)))
        );
        assert_eq!(
            parse_register(&nested(40_000)),
            Some(Err(nesting_too_deep()))
        );
    }

    #[test]
    fn named_registers_and_non_registers() {
        let vcc = parse_register("vcc").unwrap().unwrap();
        assert_eq!(vcc.file, RegFile::Special("VCC_LO".into()));
        assert_eq!(vcc.count, 2);
        assert_eq!(
            parse_register("src_scc").unwrap().unwrap().file,
            RegFile::Special("SRC_SCC".into())
        );
        assert_eq!(parse_register("label"), None);
        assert_eq!(parse_register("0x10"), None);
        assert_eq!(parse_register("sym"), None);
    }

    #[test]
    fn alignment() {
        assert!(is_aligned(&reg(RegFile::Sgpr, 2, 2)));
        assert!(!is_aligned(&reg(RegFile::Sgpr, 1, 2)));
        assert!(!is_aligned(&reg(RegFile::Sgpr, 2, 4)));
        assert!(is_aligned(&reg(RegFile::Ttmp, 8, 8)));
    }
}
