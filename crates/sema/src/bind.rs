//! Binds an instruction's spec operands to the names its pseudocode uses.

use crate::SemaMismatch;
use mcdiff_spec::Operand;
use std::collections::BTreeMap;

/// A machine register that is not a GPR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialReg {
    Vcc,
    Exec,
    M0,
    Scc,
    /// `null`: reads 0, writes are dropped.
    Null,
}

/// What the assembler put in one operand slot.
#[derive(Debug, Clone, PartialEq)]
pub enum BoundValue {
    /// `count` consecutive 32-bit SGPRs starting at `first`.
    Sgpr {
        first: u32,
        count: u32,
    },
    Vgpr {
        first: u32,
        count: u32,
    },
    Ttmp {
        first: u32,
        count: u32,
    },
    Special(SpecialReg),
    /// Integer inline constant (-16..64); read as its two's-complement bits at any width.
    InlineInt(i64),
    /// Float inline constant (0.5, -4.0, 1/(2*pi)...); read in the format of the use.
    InlineFloat(f64),
    /// 32-bit literal; a 64-bit float use reads it as the high half.
    Literal(u32),
    /// Plain immediate field (SIMM16, offsets).
    Imm(u64),
    /// Implicit operand the executor reads from machine state by its own name.
    Implicit,
}

impl BoundValue {
    pub fn is_register(&self) -> bool {
        matches!(
            self,
            BoundValue::Sgpr { .. }
                | BoundValue::Vgpr { .. }
                | BoundValue::Ttmp { .. }
                | BoundValue::Special(_)
        )
    }
}

/// One pseudocode name bound to an operand.
#[derive(Debug, Clone, PartialEq)]
pub struct BoundOperand {
    pub value: BoundValue,
    /// Operand size the spec declares, in bits (0 when unknown).
    pub spec_size: u32,
}

/// Pseudocode names (`D0`, `S0`, `SIMM16`, `ADDR`...) mapped to operands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Binding {
    pub operands: BTreeMap<String, BoundOperand>,
    /// Run the program once per active lane (vector instructions) rather than once.
    pub per_lane: bool,
    /// Problems found while binding; [`crate::execute`] reports the first one.
    pub mismatches: Vec<SemaMismatch>,
}

impl Binding {
    pub fn with(mut self, name: &str, value: BoundValue) -> Binding {
        self.operands.insert(
            name.to_string(),
            BoundOperand {
                value,
                spec_size: 0,
            },
        );
        self
    }

    pub fn get(&self, name: &str) -> Option<&BoundOperand> {
        self.operands.get(name)
    }
}

/// The pseudocode name of an encoding field.
pub fn pseudocode_name(field: &str) -> &str {
    match field {
        "SDST" | "VDST" | "SDATA_DST" => "D0",
        "SSRC0" | "SRC0" | "VSRC0" => "S0",
        "SSRC1" | "SRC1" | "VSRC1" => "S1",
        "SSRC2" | "SRC2" | "VSRC2" => "S2",
        "DATA0" => "DATA",
        "DATA1" => "DATA2",
        "LITERAL" => "SIMM32",
        other => other,
    }
}

fn vgpr_only(operand_type: &str) -> bool {
    operand_type == "OPR_VGPR" || operand_type.starts_with("OPR_VGPR")
}

fn sgpr_only(operand_type: &str) -> bool {
    matches!(operand_type, "OPR_SREG" | "OPR_SDST" | "OPR_SSRC")
}

/// Binds `values[i]` (what the assembler chose) to `inst_operands[i]` (what the spec declares).
///
/// Operand kinds the spec forbids, tuples shorter than the spec size and SGPR
/// tuples of 64 bits or more starting at an odd register are recorded in
/// [`Binding::mismatches`]; typed uses are checked later by [`crate::execute`].
pub fn bind(inst_operands: &[Operand], values: &[BoundValue]) -> Binding {
    let mut binding = Binding::default();
    if inst_operands.len() != values.len() {
        binding.mismatches.push(SemaMismatch {
            reason: format!(
                "{} operand values for {} spec operands",
                values.len(),
                inst_operands.len()
            ),
        });
    }
    for (op, value) in inst_operands.iter().zip(values) {
        let name = match &op.field {
            Some(field) => pseudocode_name(field).to_string(),
            // VOPC's implicit VCC destination is the pseudocode's D0; other implicit
            // registers (VCC, EXEC, SCC, M0) are read by their own names.
            None if op.operand_type.contains("VCC") && op.output == Some(true) => "D0".to_string(),
            None => continue,
        };
        let value = match value {
            BoundValue::Implicit if op.operand_type.contains("VCC") => {
                &BoundValue::Special(SpecialReg::Vcc)
            }
            other => other,
        };
        // Vector sources (OPR_SRC*) and VGPR operands make the program run per lane.
        if matches!(value, BoundValue::Vgpr { .. })
            || op.operand_type.starts_with("OPR_VGPR")
            || op.operand_type.starts_with("OPR_SRC")
        {
            binding.per_lane = true;
        }
        let check = |reason: String| SemaMismatch {
            reason: format!("{name}: {reason}"),
        };
        match value {
            BoundValue::Sgpr { first, count } | BoundValue::Ttmp { first, count } => {
                if vgpr_only(&op.operand_type) {
                    binding.mismatches.push(check(format!(
                        "scalar register where {} allows only VGPRs",
                        op.operand_type
                    )));
                }
                if op.size > 32 * count {
                    binding.mismatches.push(check(format!(
                        "{}-bit operand given {count} register(s)",
                        op.size
                    )));
                }
                if op.size >= 64 && first % 2 != 0 {
                    binding.mismatches.push(check(format!(
                        "{}-bit SGPR tuple starts at odd register {first}",
                        op.size
                    )));
                }
            }
            BoundValue::Vgpr { count, .. } => {
                if sgpr_only(&op.operand_type) {
                    binding.mismatches.push(check(format!(
                        "VGPR where {} allows only scalar registers",
                        op.operand_type
                    )));
                }
                if op.size > 32 * count {
                    binding.mismatches.push(check(format!(
                        "{}-bit operand given {count} register(s)",
                        op.size
                    )));
                }
            }
            _ => {}
        }
        if op.output == Some(true) && !value.is_register() && *value != BoundValue::Implicit {
            binding
                .mismatches
                .push(check("output operand bound to a constant".to_string()));
        }
        binding.operands.insert(
            name,
            BoundOperand {
                value: value.clone(),
                spec_size: op.size,
            },
        );
    }
    binding
}
