//! `mcdiff exec`: assemble one instruction, run its pseudocode, show the state change.

use anyhow::{anyhow, bail, Context, Result};
use std::fmt::Write as _;

use crate::bytes::render;
use crate::data::DataDir;
use crate::engine::encoded_bytes;
use crate::semantics::Semantics;
use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler, Family};
use mcdiff_sema::state::{SGPR_COUNT, TTMP_COUNT, VGPR_COUNT};
use mcdiff_sema::State;

/// Runs `text` on `mcpu` from a zeroed state with `sets` applied; returns the report to print.
///
/// The state starts with every register 0, every lane of EXEC on, and memory reading
/// as pseudo-random bytes (a hash of the address) until written.
pub fn run(
    data: &DataDir,
    mcpu: &str,
    mattr: &[String],
    text: &str,
    sets: &[String],
) -> Result<String> {
    let ts = crate::data::load_target(&data.root, mcpu)?;
    let target = TargetCtx::new(&ts, mattr, REFERENCE_LLVM_MAJOR);
    let encoded = match Assembler::new(target).assemble(text) {
        AsmOutcome::Encoded(e) => e,
        AsmOutcome::Rejected(e) => bail!(
            "`{}` does not assemble for {mcpu}: column {}: {}",
            text.trim(),
            e.column,
            e.message
        ),
        AsmOutcome::Unsupported(why) => bail!(
            "`{}` cannot be assembled for {mcpu} yet: {why}",
            text.trim()
        ),
    };
    let mut state = State::new(if target.wave64 { 64 } else { 32 });
    for set in sets {
        apply_set(&mut state, set).with_context(|| format!("--set {set}"))?;
    }
    let before = state.clone();
    let verdict = Semantics::new(&data.root).run(ts.arch, &ts.spec, &encoded.inst, &mut state);

    let mut out = String::new();
    writeln!(out, "instruction: {}", text.trim())?;
    writeln!(out, "encoding:    {}", render(&encoded_bytes(&encoded)))?;
    writeln!(
        out,
        "spec:        {} ({})",
        encoded.inst.name,
        encoded.inst.form.encoding_name(&ts.spec)
    )?;
    writeln!(out, "wave:        {}", state.wave_size)?;
    writeln!(out, "verdict:     {verdict}")?;
    if encoded.inst.form.family == Family::Smem {
        writeln!(
            out,
            "note:        unwritten memory reads as pseudo-random bytes (a hash of the address)"
        )?;
    }
    let changes = mcdiff_sema::state::changes(&before, &state);
    if changes.is_empty() {
        writeln!(out, "no register changed")?;
    }
    for line in changes {
        writeln!(out, "{line}")?;
    }
    Ok(out)
}

/// A register `--set` can name.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Reg {
    /// `count` SGPRs (or TTMPs) from `first`.
    Sgpr {
        first: u32,
        count: u32,
    },
    Ttmp {
        first: u32,
        count: u32,
    },
    /// The same value in every lane.
    Vgpr {
        first: u32,
        count: u32,
    },
    Vcc,
    VccLo,
    VccHi,
    Exec,
    ExecLo,
    ExecHi,
    Scc,
    M0,
    Pc,
}

impl Reg {
    fn width(self, wave: u32) -> u32 {
        match self {
            Reg::Sgpr { count, .. } | Reg::Ttmp { count, .. } | Reg::Vgpr { count, .. } => {
                32 * count
            }
            Reg::Vcc | Reg::Exec => wave,
            Reg::VccLo | Reg::VccHi | Reg::ExecLo | Reg::ExecHi | Reg::M0 => 32,
            Reg::Scc => 1,
            Reg::Pc => 64,
        }
    }
}

/// `s4`, `s[4:5]`, `ttmp2`, `v1`, `v[2:3]`, `vcc`, `exec_lo`, `scc`, `m0`, `pc`.
fn parse_reg(name: &str) -> Result<Reg> {
    let name = name.trim().to_ascii_lowercase();
    let fixed = match name.as_str() {
        "vcc" => Some(Reg::Vcc),
        "vcc_lo" => Some(Reg::VccLo),
        "vcc_hi" => Some(Reg::VccHi),
        "exec" => Some(Reg::Exec),
        "exec_lo" => Some(Reg::ExecLo),
        "exec_hi" => Some(Reg::ExecHi),
        "scc" => Some(Reg::Scc),
        "m0" => Some(Reg::M0),
        "pc" => Some(Reg::Pc),
        _ => None,
    };
    if let Some(r) = fixed {
        return Ok(r);
    }
    let unknown = || {
        anyhow!(
            "unknown register `{name}` (expected sN, s[N:M], ttmpN, vN, v[N:M], vcc, vcc_lo, \
             vcc_hi, exec, exec_lo, exec_hi, scc, m0 or pc)"
        )
    };
    let (file, rest, limit) = if let Some(rest) = name.strip_prefix("ttmp") {
        ("ttmp", rest, TTMP_COUNT)
    } else if let Some(rest) = name.strip_prefix('s') {
        ("s", rest, SGPR_COUNT)
    } else if let Some(rest) = name.strip_prefix('v') {
        ("v", rest, VGPR_COUNT)
    } else {
        return Err(unknown());
    };
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| unknown());
    let (first, last) = match rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(range) => {
            let (a, b) = range.split_once(':').ok_or_else(unknown)?;
            (number(a)?, number(b)?)
        }
        None => {
            let n = number(rest)?;
            (n, n)
        }
    };
    if last < first {
        bail!("register range `{name}` runs backwards");
    }
    if last >= limit {
        bail!("register `{name}` is out of range: the file has {limit} registers");
    }
    let count = last - first + 1;
    if count > 4 {
        bail!("register range `{name}` is wider than 128 bits");
    }
    Ok(match file {
        "ttmp" => Reg::Ttmp { first, count },
        "s" => Reg::Sgpr { first, count },
        _ => Reg::Vgpr { first, count },
    })
}

/// A decimal (optionally negative, stored as two's complement) or `0x` hex value.
fn parse_value(text: &str, width: u32) -> Result<u128> {
    let t = text.trim().replace('_', "");
    let bad = || anyhow!("`{text}` is not a number (decimal, -decimal or 0x hex)");
    let (value, negative) = if let Some(hex) = t.strip_prefix("0x").or(t.strip_prefix("0X")) {
        (u128::from_str_radix(hex, 16).map_err(|_| bad())?, false)
    } else if let Some(dec) = t.strip_prefix('-') {
        (dec.parse::<u128>().map_err(|_| bad())?, true)
    } else {
        (t.parse::<u128>().map_err(|_| bad())?, false)
    };
    let mask = if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    if negative {
        if width < 128 && value > 1u128 << (width - 1) {
            bail!("`{text}` does not fit in {width} signed bits");
        }
        return Ok(value.wrapping_neg() & mask);
    }
    if value & !mask != 0 {
        bail!("`{text}` does not fit in {width} bits");
    }
    Ok(value)
}

/// Applies one `REG=VALUE`.
fn apply_set(state: &mut State, set: &str) -> Result<()> {
    let (name, value) = set
        .split_once('=')
        .ok_or_else(|| anyhow!("expected REG=VALUE"))?;
    let reg = parse_reg(name)?;
    let v = parse_value(value, reg.width(state.wave_size))?;
    let lo32 = v as u32;
    match reg {
        Reg::Sgpr { first, count } => {
            for k in 0..count {
                state.sgpr[(first + k) as usize] = (v >> (32 * k)) as u32;
            }
        }
        Reg::Ttmp { first, count } => {
            for k in 0..count {
                state.ttmp[(first + k) as usize] = (v >> (32 * k)) as u32;
            }
        }
        Reg::Vgpr { first, count } => {
            for lane in &mut state.vgpr {
                for k in 0..count {
                    lane[(first + k) as usize] = (v >> (32 * k)) as u32;
                }
            }
        }
        Reg::Vcc => state.vcc = v as u64,
        Reg::VccLo => state.vcc = (state.vcc & !0xffff_ffff) | u64::from(lo32),
        Reg::VccHi => state.vcc = (state.vcc & 0xffff_ffff) | u64::from(lo32) << 32,
        Reg::Exec => state.exec = v as u64,
        Reg::ExecLo => state.exec = (state.exec & !0xffff_ffff) | u64::from(lo32),
        Reg::ExecHi => state.exec = (state.exec & 0xffff_ffff) | u64::from(lo32) << 32,
        Reg::Scc => state.scc = v == 1,
        Reg::M0 => state.m0 = lo32,
        Reg::Pc => state.pc = v as u64,
    }
    Ok(())
}
