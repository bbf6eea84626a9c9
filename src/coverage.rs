//! Spec coverage: per architecture, the spec instructions and (instruction, encoding) pairs
//! that no test line of a corpus exercises, so an LLVM maintainer sees what the MC tests never
//! check.
//!
//! The engine records for every case the spec instructions its line is
//! ([`CaseResult::spec_insts`], found by [`spec_instructions_of`]); [`coverage`] unions them
//! over every `-mcpu` an architecture's spec serves and compares them with the spec.

use rustc_hash::FxHashSet;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};

use mcdiff_asm::{Assembler, Inst};
use mcdiff_spec::{Arch, Instruction, Spec, TargetStatus};

use crate::engine::{CaseResult, Report};
use crate::llvm_mc::LlvmAnswer;
use crate::tally::Tally;

/// A spec instruction a test line is, in the spec form its bytes take where we know them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpecInstRef {
    /// AMD's name (`V_ADD_F32`).
    pub name: Arc<str>,
    /// The spec encoding (`ENC_VOP2`, `VOP1_INST_LITERAL`, `VOP1_VOP_DPP16`...); `None` where
    /// we did not encode or decode the line, so its form is unknown.
    pub encoding: Option<Arc<str>>,
}

/// One shared copy of each name: every case of a corpus run (a million) keeps its spec
/// instructions, over a few thousand names. Fx hashing: the names are the spec's own, and
/// every case looks its names up here.
fn interned(name: &str) -> Arc<str> {
    static NAMES: OnceLock<Mutex<FxHashSet<Arc<str>>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .expect("name table lock");
    if let Some(shared) = names.get(name) {
        return shared.clone();
    }
    let shared: Arc<str> = Arc::from(name);
    names.insert(shared.clone());
    shared
}

/// The spec instructions a test line is: those we encoded or decoded (`ours`), in the form
/// their bytes take; else the one the mnemonic of the first of `texts` that names one
/// resolves to (the line, llvm-mc's or the CHECK line's printed text), form unknown. A
/// dual-issue line (`x :: y`) is both of its halves. Empty when nothing names a spec
/// instruction (directives, invalid bytes, unknown mnemonics).
pub fn spec_instructions_of(
    assembler: &Assembler,
    ours: &[Inst],
    texts: &[&str],
) -> Vec<SpecInstRef> {
    if !ours.is_empty() {
        return ours
            .iter()
            .flat_map(|inst| {
                // A dual-issue Inst is named after its X half; its mnemonic names both.
                let halves: Vec<&str> = match inst.mnemonic.contains("::") {
                    true => inst.mnemonic.split("::").collect(),
                    false => vec![inst.name.as_str()],
                };
                halves
                    .into_iter()
                    .filter_map(|half| assembler.named_instruction(half.trim()))
                    .map(|instruction| SpecInstRef {
                        name: interned(&instruction.name),
                        encoding: Some(interned(form_of_bytes(
                            instruction,
                            inst,
                            assembler.spec(),
                        ))),
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let named = |text: &&str| -> Vec<SpecInstRef> {
        let statement = text.split(';').next().unwrap_or_default();
        statement
            .split("::")
            .filter_map(|half| {
                let mnemonic = half.split_whitespace().next()?;
                assembler.named_instruction(mnemonic)
            })
            .map(|instruction| SpecInstRef {
                name: interned(&instruction.name),
                encoding: None,
            })
            .collect()
    };
    texts
        .iter()
        .map(named)
        .find(|found| !found.is_empty())
        .unwrap_or_default()
}

/// The spec form an encoded instruction's bytes are: the encoding we chose, or, where a
/// literal dword follows and the spec lists the instruction's `<family>_INST_LITERAL` form
/// (AMD's official files list the literal forms apart), that form.
fn form_of_bytes<'a>(instruction: &'a Instruction, inst: &Inst, spec: &'a Spec) -> &'a str {
    let chosen = inst.form.encoding_name(spec);
    if inst.literal().is_none() || chosen.ends_with("_INST_LITERAL") {
        return chosen;
    }
    let literal = format!(
        "{}_INST_LITERAL",
        chosen.strip_prefix("ENC_").unwrap_or(chosen)
    );
    instruction
        .encodings
        .iter()
        .find(|e| e.encoding == literal)
        .map_or(chosen, |e| e.encoding.as_str())
}

/// What the cases of some targets exercise: gathered per target as a run goes
/// ([`crate::tally::Tally`]), united per architecture by [`coverage`].
#[derive(Debug, Default, Clone)]
pub struct Exercised {
    /// The targets united (set when an architecture's targets are united; a target's own
    /// entry is keyed by it).
    targets: BTreeSet<Arc<str>>,
    /// Spec instructions with a line in a known form, and the forms.
    pairs: BTreeSet<(Arc<str>, Arc<str>)>,
    /// Spec instructions with a line whose form is unknown.
    unknown_form: BTreeSet<Arc<str>>,
    /// Spec instructions with a line llvm-mc does not reject.
    accepted: BTreeSet<Arc<str>>,
}

impl Exercised {
    /// Adds the spec instructions of one case.
    pub fn note(&mut self, case: &CaseResult) {
        // A line llvm-mc rejects checks the rejection, not an encoding.
        let rejected = matches!(case.llvm, LlvmAnswer::Error { .. });
        for spec_inst in &case.spec_insts {
            let name = &spec_inst.name;
            if !rejected {
                self.accepted.insert(name.clone());
            }
            match (&spec_inst.encoding, rejected) {
                (Some(encoding), false) => {
                    self.pairs.insert((name.clone(), encoding.clone()));
                }
                _ => {
                    self.unknown_form.insert(name.clone());
                }
            }
        }
    }

    pub fn merge(&mut self, other: &Exercised) {
        self.targets.extend(other.targets.iter().cloned());
        self.pairs.extend(other.pairs.iter().cloned());
        self.unknown_form.extend(other.unknown_form.iter().cloned());
        self.accepted.extend(other.accepted.iter().cloned());
    }
}

/// Spec coverage of one architecture by one corpus.
#[derive(Debug)]
pub struct ArchCoverage {
    pub arch: Arch,
    pub corpus_version: String,
    /// The `-mcpu`s of the corpus this spec serves, whose cases are united.
    pub targets: BTreeSet<String>,
    /// Every spec instruction, and those some line exercises (in any form, known or not).
    pub instructions: BTreeSet<String>,
    pub exercised: BTreeSet<String>,
    /// Every (instruction, encoding) pair the spec lists, and those some line is.
    pub pairs: BTreeSet<(String, String)>,
    pub exercised_pairs: BTreeSet<(String, String)>,
    /// Spec instructions with lines whose encoding is unknown (not encoded or decoded by us,
    /// or rejected by llvm-mc): their pairs may be exercised without our knowing.
    pub unknown_form: BTreeSet<String>,
    /// Exercised instructions whose every line llvm-mc rejects (error tests only).
    pub rejected_only: BTreeSet<String>,
    /// Pairs lines are in that the spec does not list for the instruction (forms a partial
    /// or manual file leaves out, such as DPP).
    pub unlisted_pairs: BTreeSet<(String, String)>,
}

/// Coverage per architecture with cases in the report and a spec in `specs`, in [`Arch`]
/// order; the cases of every `-mcpu` an architecture serves are united.
pub fn coverage(report: &Report, specs: &BTreeMap<Arch, Arc<Spec>>) -> Vec<ArchCoverage> {
    exercised_by_arch(&report.tally)
        .into_iter()
        .filter_map(|(arch, exercised)| {
            let spec = specs.get(&arch)?;
            Some(ArchCoverage::new(
                arch,
                spec,
                &exercised,
                &report.corpus_version,
            ))
        })
        .collect()
}

/// What the run's targets exercise, united by the architecture of each target.
fn exercised_by_arch(tally: &Tally) -> BTreeMap<Arch, Exercised> {
    let mut out: BTreeMap<Arch, Exercised> = BTreeMap::new();
    for (target, exercised) in tally.exercised() {
        if let Some(TargetStatus::Spec(arch)) = mcdiff_spec::target(target).map(|t| t.status) {
            let united = out.entry(arch).or_default();
            united.merge(exercised);
            united.targets.insert(target.clone());
        }
    }
    out
}

impl ArchCoverage {
    fn new(arch: Arch, spec: &Spec, exercised: &Exercised, corpus_version: &str) -> Self {
        let instructions: BTreeSet<String> =
            spec.instructions.iter().map(|i| i.name.clone()).collect();
        let pairs: BTreeSet<(String, String)> = spec
            .instructions
            .iter()
            .flat_map(|i| {
                i.encodings
                    .iter()
                    .map(|e| (i.name.clone(), e.encoding.clone()))
            })
            .collect();
        let owned = |set: &BTreeSet<Arc<str>>| -> BTreeSet<String> {
            set.iter().map(|name| name.to_string()).collect()
        };
        let exercised_pairs_all: BTreeSet<(String, String)> = exercised
            .pairs
            .iter()
            .map(|(name, encoding)| (name.to_string(), encoding.to_string()))
            .collect();
        let (exercised_pairs, unlisted_pairs): (BTreeSet<_>, BTreeSet<_>) = exercised_pairs_all
            .iter()
            .cloned()
            .partition(|p| pairs.contains(p));
        let unknown_form = owned(&exercised.unknown_form);
        let exercised_names: BTreeSet<String> = exercised_pairs_all
            .into_iter()
            .map(|(name, _)| name)
            .chain(unknown_form.iter().cloned())
            .filter(|name| instructions.contains(name))
            .collect();
        ArchCoverage {
            arch,
            corpus_version: corpus_version.to_string(),
            targets: owned(&exercised.targets),
            instructions,
            rejected_only: exercised_names
                .difference(&owned(&exercised.accepted))
                .cloned()
                .collect(),
            exercised: exercised_names,
            pairs,
            exercised_pairs,
            unknown_form,
            unlisted_pairs,
        }
    }

    /// Spec instructions no line exercises, sorted.
    pub fn never_exercised(&self) -> Vec<&str> {
        self.instructions
            .difference(&self.exercised)
            .map(String::as_str)
            .collect()
    }

    /// Spec pairs no line is, by encoding, each sorted.
    pub fn never_exercised_pairs(&self) -> BTreeMap<&str, Vec<&str>> {
        let mut out: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (name, encoding) in self.pairs.difference(&self.exercised_pairs) {
            out.entry(encoding).or_default().push(name);
        }
        out
    }

    /// Plain text: a header with the counts and the corpus version, a table per encoding,
    /// then the lists.
    pub fn render(&self) -> String {
        let never = self.never_exercised();
        let never_pairs = self.never_exercised_pairs();
        let never_pair_count: usize = never_pairs.values().map(Vec::len).sum();
        let targets: Vec<&str> = self.targets.iter().map(String::as_str).collect();
        let mut out = format!(
            "spec coverage of {} by the LLVM {} MC tests (assembler and disassembler lines)\n\
             targets: {}\n\
             instructions: {} in the spec, {} exercised, {} never exercised\n\
             instructions exercised only by lines llvm-mc rejects: {}\n\
             (instruction, encoding) pairs: {} in the spec, {} exercised, {} never exercised\n\
             pairs exercised that the spec does not list: {}\n\
             a never-exercised pair marked `?`: its instruction has lines whose encoding is \
             unknown (not encoded or decoded by mcdiff, or rejected by llvm-mc)\n",
            self.arch.name(),
            self.corpus_version,
            targets.join(", "),
            self.instructions.len(),
            self.exercised.len(),
            never.len(),
            self.rejected_only.len(),
            self.pairs.len(),
            self.exercised_pairs.len(),
            never_pair_count,
            self.unlisted_pairs.len(),
        );
        self.render_encoding_table(&mut out);
        let _ = writeln!(out, "\nnever exercised instructions ({}):", never.len());
        for name in &never {
            let _ = writeln!(out, "  {name}");
        }
        let _ = writeln!(
            out,
            "\nnever exercised pairs, by encoding ({never_pair_count}):"
        );
        for (encoding, names) in &never_pairs {
            let _ = writeln!(out, "{encoding} ({}):", names.len());
            for name in names {
                let mark = if self.unknown_form.contains(*name) {
                    " ?"
                } else {
                    ""
                };
                let _ = writeln!(out, "  {name}{mark}");
            }
        }
        out
    }

    /// Per encoding: pairs in the spec, exercised, never exercised, and pairs lines are in
    /// that the spec does not list.
    fn render_encoding_table(&self, out: &mut String) {
        let mut rows: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
        for pair in &self.pairs {
            let row = rows.entry(&pair.1).or_default();
            row[0] += 1;
            row[1] += usize::from(self.exercised_pairs.contains(pair));
        }
        for (_, encoding) in &self.unlisted_pairs {
            rows.entry(encoding).or_default()[2] += 1;
        }
        let _ = writeln!(
            out,
            "\n{:<28} {:>8} {:>10} {:>6} {:>8}",
            "encoding", "in spec", "exercised", "never", "unlisted"
        );
        for (encoding, [in_spec, exercised, unlisted]) in rows {
            let never = in_spec - exercised;
            let _ = writeln!(
                out,
                "{encoding:<28} {in_spec:>8} {exercised:>10} {never:>6} {unlisted:>8}"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcdiff_spec::InstructionEncoding;

    fn instruction(name: &str, encodings: &[&str]) -> Instruction {
        Instruction {
            name: name.into(),
            aliases: Vec::new(),
            flags: None,
            functional_group: None,
            encodings: encodings
                .iter()
                .map(|e| InstructionEncoding {
                    encoding: e.to_string(),
                    condition: "default".into(),
                    opcode: 0,
                    operands: Vec::new(),
                    source: 0,
                    operands_source: None,
                })
                .collect(),
        }
    }

    fn pair(name: &str, encoding: &str) -> (Arc<str>, Arc<str>) {
        (name.into(), encoding.into())
    }

    /// One instruction used in one of its forms, one used in an unknown form, one unused:
    /// the lists name exactly the unused ones, and a form the spec lacks is counted apart.
    #[test]
    fn lists_what_no_line_exercises() {
        let spec = Spec {
            instructions: vec![
                instruction("V_ADD_F32", &["ENC_VOP2", "ENC_VOP3"]),
                instruction("V_SUB_F32", &["ENC_VOP2", "ENC_VOP3"]),
                instruction("V_MUL_F32", &["ENC_VOP2"]),
            ],
            ..Spec::default()
        };
        let exercised = Exercised {
            targets: ["gfx1100".into(), "gfx1101".into()].into(),
            pairs: [
                pair("V_ADD_F32", "ENC_VOP2"),
                pair("V_ADD_F32", "VOP2_VOP_DPP16"),
            ]
            .into(),
            unknown_form: ["V_SUB_F32".into()].into(),
            accepted: ["V_ADD_F32".into()].into(),
        };
        let c = ArchCoverage::new(Arch::Rdna3, &spec, &exercised, "22.1.8");
        assert_eq!(c.never_exercised(), ["V_MUL_F32"]);
        let never_pairs = c.never_exercised_pairs();
        assert_eq!(never_pairs["ENC_VOP2"], ["V_MUL_F32", "V_SUB_F32"]);
        assert_eq!(never_pairs["ENC_VOP3"], ["V_ADD_F32", "V_SUB_F32"]);
        assert_eq!(c.unlisted_pairs.len(), 1);
        assert_eq!(c.rejected_only, ["V_SUB_F32".to_string()].into());
        let text = c.render();
        assert!(text.contains("targets: gfx1100, gfx1101\n"), "{text}");
        assert!(text.contains("instructions: 3 in the spec, 2 exercised, 1 never exercised"));
        assert!(text.contains("pairs: 5 in the spec, 1 exercised, 4 never exercised"));
        assert!(
            text.contains("ENC_VOP3 (2):\n  V_ADD_F32\n  V_SUB_F32 ?\n"),
            "{text}"
        );
        assert!(
            text.contains("only by lines llvm-mc rejects: 1\n"),
            "{text}"
        );
        let dpp_row = text.lines().find(|l| l.starts_with("VOP2_VOP_DPP16 "));
        let dpp_counts: Vec<&str> = dpp_row.unwrap().split_whitespace().skip(1).collect();
        assert_eq!(dpp_counts, ["0", "0", "0", "1"], "{text}");
    }
}
