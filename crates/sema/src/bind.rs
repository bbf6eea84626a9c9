//! Binds an instruction's spec operands to the names its pseudocode uses.

use crate::{Program, SemaMismatch};
use mcdiff_spec::Operand;
use rustc_hash::FxHashMap;
use std::borrow::Borrow;
use std::collections::{BTreeMap, BTreeSet};

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
    /// Accumulation VGPRs (CDNA): per lane, as VGPRs.
    Agpr {
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
    /// 64-bit literal (CDNA5); a narrower use reads its low bits (CDNA5 ISA §4.1).
    Literal64(u64),
    /// Plain immediate field (SIMM16, offsets).
    Imm(u64),
    /// A byte address computed from other operands (SMEM's and the memory forms' `ADDR`),
    /// 64 bits wide: `fixed` plus, per lane, the value of the VGPRs `vgpr` (first, count)
    /// when there are any.
    Address {
        fixed: u64,
        vgpr: Option<(u32, u32)>,
    },
    /// Implicit operand the executor reads from machine state by its own name.
    Implicit,
    /// A name the binder knows but cannot give a value; using it is unsupported with
    /// this construct (`raw-register-number:SRC0`).
    Unavailable(String),
}

impl BoundValue {
    pub fn is_register(&self) -> bool {
        matches!(
            self,
            BoundValue::Sgpr { .. }
                | BoundValue::Vgpr { .. }
                | BoundValue::Agpr { .. }
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
    /// Hashed: the executor looks names up here on every lane, and a binding is built for
    /// every instruction it runs.
    pub operands: FxHashMap<String, BoundOperand>,
    /// Run the program once per active lane (vector instructions) rather than once.
    pub per_lane: bool,
    /// Problems found while binding; [`crate::execute`] reports the first one.
    pub mismatches: Vec<SemaMismatch>,
    /// VOP3's modifiers, which the pseudocode leaves implicit: bit k of `ABS` then `NEG`
    /// applies to float reads of `Sk`; `OMOD` then `CLAMP` to float writes of `D0`.
    pub float_modifiers: bool,
}

impl Binding {
    pub fn with(mut self, name: &str, value: BoundValue) -> Binding {
        self.set(name, value);
        self
    }

    /// Binds `name` to `value`, an operand of no declared size, replacing what it had.
    pub fn set(&mut self, name: &str, value: BoundValue) {
        let operand = BoundOperand {
            value,
            spec_size: 0,
        };
        self.operands.insert(name.to_string(), operand);
    }

    /// [`Binding::set`], unless `name` is bound already.
    pub fn set_new(&mut self, name: &str, value: BoundValue) {
        if self.get(name).is_none() {
            self.set(name, value);
        }
    }

    pub fn get(&self, name: &str) -> Option<&BoundOperand> {
        self.operands.get(name)
    }

    /// The bound names in name order: what walks them (values handed out operand by
    /// operand, a listing) must not depend on the hash map's order.
    pub fn in_name_order(&self) -> Vec<(&str, &BoundOperand)> {
        let mut named: Vec<_> = (self.operands.iter())
            .map(|(n, op)| (n.as_str(), op))
            .collect();
        named.sort_unstable_by_key(|(n, _)| *n);
        named
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

/// What is wrong with register `value` for `op`, in this order: a register file its type
/// excludes, too few registers for its size, a 64-bit SGPR tuple at an odd register.
fn register_mismatches(op: &Operand, value: &BoundValue) -> Vec<String> {
    let (first, count, scalar) = match value {
        BoundValue::Sgpr { first, count } | BoundValue::Ttmp { first, count } => {
            (*first, *count, true)
        }
        BoundValue::Vgpr { first, count } | BoundValue::Agpr { first, count } => {
            (*first, *count, false)
        }
        _ => return Vec::new(),
    };
    let mut found = Vec::new();
    if scalar && vgpr_only(&op.operand_type) {
        found.push(format!(
            "scalar register where {} allows only VGPRs",
            op.operand_type
        ));
    }
    if !scalar && sgpr_only(&op.operand_type) {
        found.push(format!(
            "VGPR where {} allows only scalar registers",
            op.operand_type
        ));
    }
    if op.size > 32 * count {
        found.push(format!("{}-bit operand given {count} register(s)", op.size));
    }
    if scalar && op.size >= 64 && first % 2 != 0 {
        found.push(format!(
            "{}-bit SGPR tuple starts at odd register {first}",
            op.size
        ));
    }
    found
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
pub fn bind<O: Borrow<Operand>>(inst_operands: &[O], values: &[BoundValue]) -> Binding {
    // Sized for the operands and the encoding's fields bound after them, so the map is
    // not grown (and rehashed) several times for every instruction.
    let operands = FxHashMap::with_capacity_and_hasher(32, Default::default());
    let mut binding = Binding {
        operands,
        ..Binding::default()
    };
    if inst_operands.len() != values.len() {
        binding.mismatches.push(SemaMismatch {
            reason: format!(
                "{} operand values for {} spec operands",
                values.len(),
                inst_operands.len()
            ),
        });
    }
    // VOP3SD: with a vector destination D0, the scalar destination is the second result
    // D1 (carry-out, `{ D1.u1, D0.u64 } = ...`).
    let vector_dst = inst_operands
        .iter()
        .any(|op| op.borrow().field.as_deref() == Some("VDST"));
    for (op, value) in inst_operands.iter().zip(values) {
        let op = op.borrow();
        let name = match &op.field {
            Some(field) if field == "SDST" && vector_dst => "D1".to_string(),
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
        if matches!(value, BoundValue::Vgpr { .. } | BoundValue::Agpr { .. })
            || op.operand_type.starts_with("OPR_VGPR")
            || op.operand_type.starts_with("OPR_SRC")
        {
            binding.per_lane = true;
        }
        let check = |reason: String| SemaMismatch {
            reason: format!("{name}: {reason}"),
        };
        binding
            .mismatches
            .extend(register_mismatches(op, value).into_iter().map(check));
        // An immediate field marked as output names what is written (S_SETREG's HWREG
        // on CDNA); only an inline constant or literal in a destination is wrong.
        let constant = matches!(
            value,
            BoundValue::InlineInt(_)
                | BoundValue::InlineFloat(_)
                | BoundValue::Literal(_)
                | BoundValue::Literal64(_)
        );
        if op.output == Some(true) && constant {
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

/// The older manuals' operand names and the newer names the binding gives those operands:
/// the destination `D` is `D0`, a lone source `S` is `S0`, V_MADAK/V_MADMK's constant `K` is
/// `SIMM32`.
pub(crate) const OLDER_NAMES: [(&str, &str); 3] = [("D", "D0"), ("S", "S0"), ("K", "SIMM32")];

/// The GCN1-3 manuals' names in ALU texts and the names the binding gives those operands.
const GCN_ALU_NAMES: [(&str, &str); 4] = [
    ("src0", "S0"),
    ("src1", "S1"),
    ("src2", "S2"),
    ("dst", "D0"),
];

/// [`bind`], plus the names whose meaning depends on which names `program` uses.
///
/// SOPK's register field (`SDST`) is a destination for some instructions and a source
/// for others, and AMD's pseudocode numbers sources in operand order: a program that
/// never names `D0` reads the register as `S0` and the immediate as `S1`
/// (`S_CMPK_*`, `S_SETREG_B32`); one that writes `D0` reads the immediate as `S0`
/// (`S_MOVK_I32` on RDNA4 and CDNA3). `SIMM16` always names the immediate.
///
/// VOPC's 32-bit form writes its lane mask to an implicit VCC, which the pseudocode
/// calls `D0`. VOP2 multiply-accumulates (`V_FMAC_*`) read their accumulator from the
/// destination, which the pseudocode calls `S2` where the form has no third source.
///
/// `DST`/`VDST`/`SRC0`/`SRC1` are the raw register numbers in the destination and source
/// fields (`SGPR[DST.u32 + M0]` in S_MOVRELD, `VGPR[lane][SRC0.u32]` in V_READLANE);
/// they are bound only for SGPRs and VGPRs, whose numbers index their own register file.
pub fn bind_program<O: Borrow<Operand>>(
    program: &Program,
    inst_operands: &[O],
    values: &[BoundValue],
) -> Binding {
    bind_with_uses(&ProgramUses::of(program), inst_operands, values)
}

/// What [`bind_program`] asks of a program's text, found once per program: a caller that
/// binds one program many times keeps it beside the program.
pub struct ProgramUses {
    /// Names read or written without being defined.
    used: BTreeSet<String>,
    /// Names the text defines itself.
    locals: BTreeSet<String>,
    /// The register files each name directly indexes (`VGPR[lane][SRC0.u32]`).
    indexed_files: BTreeMap<String, BTreeSet<&'static str>>,
}

impl ProgramUses {
    pub fn of(program: &Program) -> ProgramUses {
        let uses = crate::uses::Uses::of_program(program);
        ProgramUses {
            used: uses.free_names(),
            locals: uses.locals,
            indexed_files: uses.indexed_files,
        }
    }
}

/// [`bind_program`] with the program's uses already found.
pub fn bind_with_uses<O: Borrow<Operand>>(
    uses: &ProgramUses,
    inst_operands: &[O],
    values: &[BoundValue],
) -> Binding {
    let mut binding = bind(inst_operands, values);
    let used = &uses.used;
    let sopk = field_value(inst_operands, values, "SIMM16").is_some()
        && field_value(inst_operands, values, "SDST").is_some()
        && field_value(inst_operands, values, "SSRC0").is_none();
    if sopk {
        let sources: &[&str] = if used.contains("D0") {
            &["SIMM16"]
        } else {
            &["D0", "SIMM16"]
        };
        for (slot, name) in ["S0", "S1"].iter().zip(sources) {
            if let Some(op) = binding.operands.get(*name).cloned() {
                binding.operands.entry(slot.to_string()).or_insert(op);
            }
        }
    }
    // The older manuals write the destination `D` (`D.u64[threadId] = (S0 == S1)`): an
    // implicit VCC destination serves it as it serves `D0`.
    let destination = used.contains("D0") || used.contains("D");
    if destination && binding.get("D0").is_none() {
        let implicit_vcc = (inst_operands.iter().map(Borrow::<Operand>::borrow))
            .zip(values)
            .find(|(op, v)| op.field.is_none() && **v == BoundValue::Special(SpecialReg::Vcc));
        if let Some((op, v)) = implicit_vcc {
            binding.operands.insert(
                "D0".to_string(),
                BoundOperand {
                    value: v.clone(),
                    spec_size: op.size,
                },
            );
        }
    }
    // The older manuals' names for operands the binding calls by the newer ones; a memory
    // text's `D` is its own temporary (`D.f64 = tmp.f64 + DATA.f64; MEM[ADDR] = D`).
    let memory = used.contains("MEM") || used.contains("RETURN_DATA");
    // The GCN manuals' ALU texts name their sources `src0`..`src2` and the destination `dst`
    // (V_MUL_F64: `dst = src0 * src1`); their memory texts' `dst += src` is the location
    // and the data instead, so `dst` is the destination only beside a numbered source.
    let gcn_alu = ["src0", "src1", "src2"].iter().any(|n| used.contains(*n));
    let gcn_names = GCN_ALU_NAMES.iter().filter(|_| gcn_alu);
    for &(older, newer) in OLDER_NAMES.iter().chain(gcn_names) {
        if older == "D" && memory {
            continue;
        }
        if used.contains(older) && binding.get(older).is_none() {
            if let Some(op) = binding.get(newer).cloned() {
                binding.operands.insert(older.to_string(), op);
            }
        }
    }
    // A memory text's RETURN_DATA is the data returned to the destination VGPRs (RDNA3 ISA,
    // the DS and FLAT fields: VDST "destination VGPR for data returned").
    // A bare assignment makes it one of the text's own names, so it may be no free name.
    let written = used.contains("RETURN_DATA") || uses.locals.contains("RETURN_DATA");
    let returns = written && binding.get("RETURN_DATA").is_none();
    // An atomic that returns nothing (GLC clear) has no destination register: its text's
    // RETURN_DATA stays its own temporary.
    let vector_dst =
        |v: &&BoundValue| matches!(v, BoundValue::Vgpr { .. } | BoundValue::Agpr { .. });
    if returns
        && field_value(inst_operands, values, "VDST")
            .filter(vector_dst)
            .is_some()
    {
        if let Some(d0) = binding.get("D0").cloned() {
            binding.operands.insert("RETURN_DATA".to_string(), d0);
        }
    }
    if used.contains("S2")
        && binding.get("S2").is_none()
        && field_value(inst_operands, values, "VDST").is_some()
    {
        if let Some(d0) = binding.get("D0").cloned() {
            binding.operands.insert("S2".to_string(), d0);
        }
    }
    bind_register_numbers(&mut binding, inst_operands, values, &uses.indexed_files);
    binding
}

/// `DST`/`VDST`/`SRC0`/`SRC1`: the raw register numbers in the destination and source fields,
/// bound for SGPRs and VGPRs ([`bind_program`]).
fn bind_register_numbers<O: Borrow<Operand>>(
    binding: &mut Binding,
    inst_operands: &[O],
    values: &[BoundValue],
    indexed: &BTreeMap<String, BTreeSet<&'static str>>,
) {
    for (field, raw) in [
        ("SDST", "DST"),
        ("VDST", "DST"),
        ("VDST", "VDST"),
        ("SSRC0", "SRC0"),
        ("SRC0", "SRC0"),
        ("VSRC0", "SRC0"),
        ("SRC1", "SRC1"),
        ("VSRC1", "SRC1"),
    ] {
        let Some(value) = field_value(inst_operands, values, field) else {
            continue;
        };
        let number = match value {
            BoundValue::Sgpr { first, .. } => Some((*first, "SGPR")),
            BoundValue::Vgpr { first, .. } => Some((*first, "VGPR")),
            _ => None,
        };
        // A number indexing the other register file (`VGPR[lane][SRC0]` given an SGPR)
        // would name an unrelated register, and constants or named registers have no
        // number in the file: those stay without a value.
        let indexes_other_file =
            |file: &str| indexed.get(raw).is_some_and(|files| !files.contains(file));
        let value = match number {
            Some((first, file)) if !indexes_other_file(file) => BoundValue::Imm(u64::from(first)),
            _ => BoundValue::Unavailable(format!("raw-register-number:{raw}")),
        };
        if matches!(value, BoundValue::Imm(_)) || !binding.operands.contains_key(raw) {
            binding.operands.insert(
                raw.to_string(),
                BoundOperand {
                    value,
                    spec_size: 32,
                },
            );
        }
    }
}

/// The value the assembler put in `field`, if the form has that field.
fn field_value<'v, O: Borrow<Operand>>(
    inst_operands: &[O],
    values: &'v [BoundValue],
    field: &str,
) -> Option<&'v BoundValue> {
    (inst_operands.iter().map(Borrow::<Operand>::borrow))
        .zip(values)
        .find(|(op, _)| op.field.as_deref() == Some(field))
        .map(|(_, v)| v)
}
