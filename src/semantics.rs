//! Runs AMD's pseudocode for an assembled instruction over its own operands, so an
//! operand of the wrong kind or width shows up even where the bytes agree.

use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use mcdiff_asm::inst::{Inst, OperandValue, RegFile, RegRange};
use mcdiff_sema::{BoundValue, ExecError, Library, Program, SpecialReg, State};
use mcdiff_spec::{Arch, Spec};

/// The outcome of executing one instruction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "sema", content = "reason", rename_all = "kebab-case")]
pub enum SemaVerdict {
    Executed,
    /// An operand's kind or width contradicts a typed use in the pseudocode.
    Mismatch(String),
    /// A pseudocode construct the interpreter does not handle.
    Unsupported(String),
    /// No pseudocode for this instruction (or for the whole architecture).
    NoPseudocode,
}

impl SemaVerdict {
    pub fn column(&self) -> &'static str {
        match self {
            SemaVerdict::Executed => "executed",
            SemaVerdict::Mismatch(_) => "sema-mismatch",
            SemaVerdict::Unsupported(_) => "sema-unsupported",
            SemaVerdict::NoPseudocode => "no-pseudocode",
        }
    }
}

impl std::fmt::Display for SemaVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SemaVerdict::Mismatch(r) => write!(f, "sema-mismatch: {r}"),
            SemaVerdict::Unsupported(c) => write!(f, "sema-unsupported: {c}"),
            other => f.write_str(other.column()),
        }
    }
}

/// The pseudocode file serving an architecture (`derived/pseudocode/<name>.json`).
pub fn pseudocode_arch(arch: Arch) -> Option<&'static str> {
    match arch {
        Arch::Rdna3 => Some("rdna3"),
        Arch::Rdna3_5 => Some("rdna3_5"),
        Arch::Rdna4 => Some("rdna4"),
        Arch::Cdna3 => Some("cdna3"),
        Arch::Cdna4 => Some("cdna4"),
        Arch::Cdna5 => Some("cdna5"),
        Arch::Rdna1 | Arch::Rdna2 | Arch::Cdna1 | Arch::Cdna2 => None,
    }
}

/// Parsed pseudocode of one architecture, by upper-case instruction name.
struct ArchPrograms {
    programs: HashMap<String, Result<Program, String>>,
    library: Library,
}

/// Parsed pseudocode per architecture, loaded on first use and shared across threads.
pub struct Semantics {
    data_dir: PathBuf,
    loaded: Mutex<HashMap<&'static str, Arc<Option<ArchPrograms>>>>,
}

/// Inputs every case runs on: the same pseudo-random machine state each time.
const SEED: u64 = 0x6d63_6469_6666;

impl Semantics {
    pub fn new(data_dir: &Path) -> Semantics {
        Semantics {
            data_dir: data_dir.to_path_buf(),
            loaded: Mutex::new(HashMap::new()),
        }
    }

    fn programs(&self, arch: &'static str) -> Arc<Option<ArchPrograms>> {
        let mut loaded = self.loaded.lock().expect("semantics lock");
        loaded
            .entry(arch)
            .or_insert_with(|| Arc::new(load_arch(&self.data_dir, arch)))
            .clone()
    }

    /// Executes `inst` on a pseudo-random state; `spec` supplies the full operand list
    /// (implicit operands included) of the instruction's encoding.
    pub fn check(&self, arch: Arch, wave64: bool, spec: &Spec, inst: &Inst) -> SemaVerdict {
        let mut state = State::new(if wave64 { 64 } else { 32 });
        state.randomize(SEED);
        self.run(arch, spec, inst, &mut state)
    }

    /// Executes `inst` on `state`, leaving the result there.
    pub fn run(&self, arch: Arch, spec: &Spec, inst: &Inst, state: &mut State) -> SemaVerdict {
        let Some(file) = pseudocode_arch(arch) else {
            return SemaVerdict::NoPseudocode;
        };
        let loaded = self.programs(file);
        let Some(arch_programs) = loaded.as_ref() else {
            return SemaVerdict::NoPseudocode;
        };
        let program = match arch_programs.programs.get(&inst.name.to_ascii_uppercase()) {
            None => return SemaVerdict::NoPseudocode,
            Some(Err(construct)) => return SemaVerdict::Unsupported(construct.clone()),
            Some(Ok(p)) => p,
        };
        let spec_operands: Vec<mcdiff_spec::Operand> = spec
            .instruction(&inst.name)
            .and_then(|i| i.in_encoding(&inst.encoding))
            .map(|e| e.operands.clone())
            .unwrap_or_default();
        let values: Vec<BoundValue> = spec_operands
            .iter()
            .map(|op| {
                inst.operands
                    .iter()
                    .find(|o| o.spec == *op)
                    .map_or(BoundValue::Implicit, |o| bound_value(&o.value))
            })
            .collect();
        let binding = mcdiff_sema::bind(&spec_operands, &values);
        match mcdiff_sema::execute_with_library(program, state, &binding, &arch_programs.library) {
            Ok(()) => SemaVerdict::Executed,
            Err(ExecError::Mismatch(m)) => SemaVerdict::Mismatch(m.reason),
            Err(ExecError::Unsupported { construct }) => SemaVerdict::Unsupported(construct),
        }
    }
}

/// Parses every instruction's pseudocode once; `None` when the file is missing.
fn load_arch(data_dir: &Path, arch: &str) -> Option<ArchPrograms> {
    let entries = mcdiff_sema::load_pseudocode(data_dir, arch).ok()?;
    let mut programs = HashMap::new();
    let mut library = Library::default();
    for entry in &entries {
        let Some(code) = entry.code() else { continue };
        let key = entry.name.to_ascii_uppercase();
        if programs.contains_key(&key) {
            continue; // the first section's copy serves every encoding
        }
        let parsed = mcdiff_sema::parse(code).map_err(|e| format!("parse:{}", e.construct));
        if let Ok(p) = &parsed {
            library.insert(&entry.name, p.clone());
        }
        programs.insert(key, parsed);
    }
    Some(ArchPrograms { programs, library })
}

fn bound_reg(r: &RegRange) -> BoundValue {
    let (first, count) = (r.first, r.count.max(1));
    match &r.file {
        RegFile::Sgpr => BoundValue::Sgpr { first, count },
        RegFile::Vgpr => BoundValue::Vgpr { first, count },
        RegFile::Ttmp => BoundValue::Ttmp { first, count },
        RegFile::Special(name) => {
            let name = name.to_ascii_uppercase();
            if name.starts_with("VCC") {
                BoundValue::Special(SpecialReg::Vcc)
            } else if name.starts_with("EXEC") {
                BoundValue::Special(SpecialReg::Exec)
            } else if name == "M0" {
                BoundValue::Special(SpecialReg::M0)
            } else if name.ends_with("SCC") {
                BoundValue::Special(SpecialReg::Scc)
            } else {
                // NULL, and constant sources (apertures, vccz/execz) read as a fixed value.
                BoundValue::Special(SpecialReg::Null)
            }
        }
    }
}

fn bound_value(v: &OperandValue) -> BoundValue {
    match v {
        OperandValue::Reg(r) => bound_reg(r),
        OperandValue::Inline(name) => match name.parse::<i64>() {
            Ok(i) => BoundValue::InlineInt(i),
            // The spec names 1/(2*pi) by its first digits; the hardware value is exact.
            Err(_) if name == "0.15915494" => {
                BoundValue::InlineFloat(std::f64::consts::FRAC_1_PI / 2.0)
            }
            Err(_) => BoundValue::InlineFloat(name.parse().unwrap_or(0.0)),
        },
        OperandValue::Literal { value, .. } => BoundValue::Literal(*value),
        OperandValue::Imm(i) => BoundValue::Imm(*i as u64),
        OperandValue::Label(_) => BoundValue::Imm(0),
        OperandValue::SmemOffset { soffset, imm } => match (soffset, imm) {
            (Some(r), _) => bound_reg(r),
            (None, Some(i)) => BoundValue::Imm(*i as u64),
            (None, None) => BoundValue::Imm(0),
        },
    }
}
