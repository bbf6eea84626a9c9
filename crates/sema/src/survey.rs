//! Standalone mode: run every instruction's pseudocode of an arch on synthesised
//! operands and pseudo-random inputs, and count what parses and executes.

use crate::ast::*;
use crate::bind::{bind_program, Binding, BoundOperand, BoundValue, SpecialReg};
use crate::state::{State, XorShift};
use crate::uses::{is_reserved, Uses};
use crate::{execute_with_library, load_pseudocode, ExecError, Library, SemaError};
use std::collections::BTreeMap;
use std::path::Path;

/// Per-arch counts from [`survey`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Survey {
    pub arch: String,
    /// Instructions whose entry has pseudocode.
    pub with_pseudocode: usize,
    pub parsed: usize,
    /// Ran to completion on every input set.
    pub executed: usize,
    /// Stopped by a sema mismatch (operand kind/width contradicting a typed use).
    pub mismatched: usize,
    /// Unsupported constructs (parse and execution), with how many instructions hit each.
    pub unsupported: BTreeMap<String, usize>,
    /// `(instruction, reason)` for every instruction that did not execute.
    pub failures: Vec<(String, String)>,
    /// Whether operands came from the spec (`mcdiff_spec::load_target`) rather than
    /// from the pseudocode's own typed uses.
    pub spec_operands: bool,
}

impl Survey {
    /// Unsupported constructs, most frequent first.
    pub fn top_unsupported(&self) -> Vec<(&str, usize)> {
        let mut v: Vec<(&str, usize)> = self
            .unsupported
            .iter()
            .map(|(k, n)| (k.as_str(), *n))
            .collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        v
    }
}

/// The `-mcpu` serving a pseudocode arch name.
pub fn arch_mcpu(arch: &str) -> Option<&'static str> {
    Some(match arch {
        "rdna3" => "gfx1100",
        "rdna3_5" => "gfx1150",
        "rdna4" => "gfx1200",
        "cdna3" => "gfx942",
        "cdna4" => "gfx950",
        "cdna5" => "gfx1250",
        "rdna1" => "gfx1010",
        "rdna2" => "gfx1030",
        "cdna1" => "gfx908",
        "cdna2" => "gfx90a",
        "vega" => "gfx900",
        "vega7" => "gfx906",
        "gcn3" => "tonga",
        "gcn2" => "bonaire",
        "gcn1" => "tahiti",
        _ => return None,
    })
}

fn wave_size(arch: &str) -> u32 {
    if arch.starts_with("cdna") || arch.starts_with("vega") || arch.starts_with("gcn") {
        64
    } else {
        32
    }
}

/// Input sets each instruction runs on.
const SEEDS: [u64; 3] = [0x1234_5678, 0xdead_beef_0042, 0x0bad_cafe_f00d];

/// Runs every instruction of `arch` with pseudocode; see [`Survey`].
pub fn survey(data_dir: &Path, arch: &str) -> Result<Survey, SemaError> {
    let Some(file) = crate::parsed_pseudocode(data_dir, arch)? else {
        // The survey needs the file: a missing one is the error reading it gives.
        return Err(load_pseudocode(data_dir, arch).expect_err("the file is missing"));
    };
    let spec = arch_mcpu(arch).and_then(|mcpu| load_spec(data_dir, mcpu));
    let mut out = Survey {
        arch: arch.to_string(),
        spec_operands: spec.is_some(),
        ..Survey::default()
    };
    let wave = wave_size(arch);
    let mut parsed = Vec::new();
    let mut library = Library::default();
    for (entry, program) in file.programs() {
        out.with_pseudocode += 1;
        match program {
            Ok(p) => {
                library.insert(&entry.name, p.clone());
                parsed.push((entry, p));
            }
            Err(e) => {
                let c = format!("parse:{}", e.construct);
                *out.unsupported.entry(c.clone()).or_default() += 1;
                out.failures.push((entry.name.clone(), c));
            }
        }
    }
    out.parsed = parsed.len();
    for (entry, program) in parsed {
        let spec_operands = spec
            .as_ref()
            .and_then(|s| s.instruction(&entry.name))
            .and_then(|i| i.encodings.iter().find(|e| !e.operands.is_empty()))
            .map(|e| e.operands.clone());
        let mut failure = None;
        for seed in SEEDS {
            let mut binding = synthesize_binding(&entry.name, &[program], seed);
            if let Some(ops) = &spec_operands {
                binding = spec_binding(&entry.name, program, ops, binding);
            }
            let mut state = State::new(wave);
            state.randomize(seed);
            if let Err(e) = execute_with_library(program, &mut state, &binding, &library) {
                failure = Some(e);
                break;
            }
        }
        match failure {
            None => out.executed += 1,
            Some(ExecError::Mismatch(m)) => {
                out.mismatched += 1;
                out.failures
                    .push((entry.name.clone(), format!("mismatch: {}", m.reason)));
            }
            Some(ExecError::Unsupported { construct }) => {
                *out.unsupported.entry(construct.clone()).or_default() += 1;
                out.failures.push((entry.name.clone(), construct));
            }
        }
    }
    Ok(out)
}

/// The spec for `mcpu`, or `None` while the loader cannot provide it.
fn load_spec(data_dir: &Path, mcpu: &str) -> Option<mcdiff_spec::Spec> {
    let loaded = std::panic::catch_unwind(|| mcdiff_spec::load_target(data_dir, mcpu)).ok()?;
    loaded.ok().map(|t| t.spec)
}

/// Replaces synthesised operands by ones of the kinds and sizes the spec declares;
/// names the spec does not cover keep their synthesised binding.
fn spec_binding(
    inst: &str,
    program: &Program,
    ops: &[mcdiff_spec::Operand],
    synthesised: Binding,
) -> Binding {
    let vector = is_vector(inst);
    let mut alloc = Allocator::default();
    let values: Vec<BoundValue> = ops
        .iter()
        .map(|op| {
            let count = op.size.div_ceil(32).max(1);
            let t = op.operand_type.as_str();
            if op.field.is_none() {
                BoundValue::Implicit
            } else if t.contains("SIMM") || t.contains("LABEL") || t.contains("OFFSET") {
                BoundValue::Imm(0x1234)
            } else if t.contains("VGPR") || (vector && t == "OPR_SRC") {
                alloc.vgpr(count)
            } else {
                alloc.sgpr(count)
            }
        })
        .collect();
    let mut b = bind_program(program, ops, &values);
    for (name, op) in synthesised.operands {
        let implicit = matches!(
            b.operands.get(&name),
            None | Some(BoundOperand {
                value: BoundValue::Implicit,
                ..
            })
        );
        if implicit {
            b.operands.insert(name, op);
        }
    }
    b.per_lane = synthesised.per_lane;
    b
}

fn is_vector(inst: &str) -> bool {
    !inst.starts_with("S_")
}

#[derive(Default)]
struct Allocator {
    next_sgpr: u32,
    next_vgpr: u32,
}

impl Allocator {
    fn sgpr(&mut self, count: u32) -> BoundValue {
        let align = if count >= 4 { 4 } else { count.min(2) };
        self.next_sgpr = self.next_sgpr.next_multiple_of(align);
        let first = self.next_sgpr;
        self.next_sgpr += count;
        BoundValue::Sgpr { first, count }
    }

    fn vgpr(&mut self, count: u32) -> BoundValue {
        let first = self.next_vgpr;
        self.next_vgpr += count;
        BoundValue::Vgpr { first, count }
    }
}

/// Scalar operand fields of vector memory instructions.
fn scalar_field(name: &str) -> bool {
    matches!(
        name,
        "SBASE" | "SOFFSET" | "SRSRC" | "SADDR" | "SDATA" | "SSAMP"
    )
}

/// Binds every name the programs read or write without defining it to registers wide enough for its widest typed use: SGPRs for
/// scalar instructions, VGPRs for vector ones, VCC for a vector lane mask,
/// an immediate for `SIMM16`, a literal for `SIMM32`, 0 for modifier fields, and a small register
/// number for raw field names (`SRC0`, `VDST`...) and register-file indices.
///
/// Given several texts of one instruction, the binding serves them all (a name one text
/// defines may be an operand of another).
pub fn synthesize_binding(inst: &str, programs: &[&Program], seed: u64) -> Binding {
    let uses = Uses::of_programs(programs);
    let vector = is_vector(inst);
    let mut rng = XorShift::new(seed ^ 0x5eed);
    let mut alloc = Allocator {
        next_sgpr: 2 * (rng.next_u64() % 8) as u32,
        next_vgpr: (rng.next_u64() % 16) as u32,
    };
    let mut binding = Binding {
        per_lane: vector && !uses.lane_loop,
        ..Binding::default()
    };
    for (name, width) in &uses.width {
        if is_reserved(name) {
            continue;
        }
        let count = (*width).max(32).div_ceil(32);
        let lower = name.starts_with(|c: char| c.is_ascii_lowercase());
        let value = match name.as_str() {
            _ if uses.register_number.contains(name) => BoundValue::Imm(rng.next_u64() % 64),
            // Lower-case operand names (`vgpr_a`, `s_saddr`, `offset`) say their kind.
            _ if lower && (name.starts_with("v_") || name.starts_with("vgpr")) => alloc.vgpr(count),
            _ if lower && (name.starts_with("s_") || name.starts_with("sgpr")) => alloc.sgpr(count),
            _ if lower => BoundValue::Imm(rng.next_u64() & 0xfff),
            "SIMM16" => BoundValue::Imm(rng.next_u64() & 0xffff),
            // Raw register numbers (`VGPR[lane][SRC0.u]`), kept inside the register files.
            "SRC0" | "SRC1" | "SRC2" | "DST" | "VDST" | "SDST" => {
                BoundValue::Imm(rng.next_u64() % 64)
            }
            "SIMM32" => BoundValue::Literal(rng.next_u64() as u32),
            // Modifier fields stay at their defaults (no opsel, neg, abs, clamp or omod).
            "OPSEL" | "OPSEL_HI" | "NEG" | "NEG_HI" | "ABS" | "CLAMP" | "OMOD" => {
                BoundValue::Imm(0)
            }
            _ if vector && uses.lane_mask.contains(name) => BoundValue::Special(SpecialReg::Vcc),
            _ if vector && !scalar_field(name) => alloc.vgpr(count),
            _ => alloc.sgpr(count),
        };
        binding = binding.with(name, value);
    }
    binding
}
