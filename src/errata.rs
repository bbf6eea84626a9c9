//! The errata catalogue (`errata/*.json`, one reviewed finding per file): disagreements
//! between AMD's pseudocode texts, between a spec file and LLVM, or between spec files,
//! each with its evidence (where to look, in our own words; never the third-party text)
//! and a status. An entry may carry a check against the cross-generation run, so a
//! finding that stops reproducing, or a fixed one that comes back, fails a test.

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

use mcdiff_sema::crossgen::{Agreement, InstComparison};

/// Where the finding stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Not yet explained.
    Open,
    /// A text error that a later text by AMD corrects.
    Confirmed,
    /// The texts differ because the hardware changed.
    ExplainedByIsaChange,
    /// The texts write the same thing in different notation (what a name such as `ADDR`
    /// stands for), so their results differ under one binding but not on hardware.
    ExplainedByNotation,
    /// A fault in the converted input data, since repaired.
    DataFixed,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Confirmed => "confirmed",
            Status::ExplainedByIsaChange => "explained-by-isa-change",
            Status::ExplainedByNotation => "explained-by-notation",
            Status::DataFixed => "data-fixed",
        }
    }
}

/// What disagrees with what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// An AMD manual's text is wrong.
    ManualError,
    /// The manual is right but its conversion to Markdown/JSON lost or merged text.
    ConversionFault,
    /// Two generations' texts differ; which is right is not settled.
    TextVsText,
    /// A text contradicts the spec file's operand facts.
    TextVsSpec,
    /// The spec file and LLVM disagree (an operand type, a field, an opcode).
    SpecVsLlvm,
    /// Two spec files of one generation disagree.
    SpecVsSpec,
}

/// One piece of evidence: a place in the inputs, or a command that shows the finding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    /// A file under the data directory (`amd-isa/derived/pseudocode/rdna3.json`).
    #[serde(default)]
    pub source: Option<String>,
    /// The entry (instruction name) or section in `source`.
    #[serde(default)]
    pub entry: Option<String>,
    /// An mcdiff (or llvm-mc) command that shows it.
    #[serde(default)]
    pub command: Option<String>,
    /// What to see there, in our words.
    pub note: String,
}

/// What the cross-generation run must show for one instruction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrossgenCheck {
    pub instruction: String,
    pub arch: String,
    pub reference: String,
    pub expect: Expectation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expectation {
    /// `arch` and `reference` give different results.
    Differ,
    /// They give the same results.
    Agree,
    /// `arch`'s text does not run (it has no code, or a construct the executor lacks)
    /// while `reference`'s does.
    NotRun,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// The file's stem.
    pub id: String,
    pub title: String,
    pub status: Status,
    pub kind: Kind,
    pub archs: Vec<String>,
    /// AMD names; a trailing `*` matches a prefix (`V_CMPX_*`).
    pub instructions: Vec<String>,
    pub summary: String,
    pub evidence: Vec<Evidence>,
    #[serde(default)]
    pub check: Option<CrossgenCheck>,
}

impl Erratum {
    /// Whether the entry is about `instruction`.
    pub fn covers(&self, instruction: &str) -> bool {
        self.instructions.iter().any(|p| match p.strip_suffix('*') {
            Some(prefix) => instruction.starts_with(prefix),
            None => p == instruction,
        })
    }

    /// Checks `check` against a cross-generation run that includes its instruction.
    pub fn verify(&self, comparisons: &[InstComparison]) -> Result<(), String> {
        let Some(check) = &self.check else {
            return Ok(());
        };
        let comparison = comparisons
            .iter()
            .find(|c| c.name == check.instruction)
            .ok_or_else(|| format!("{}: {} was not compared", self.id, check.instruction))?;
        let ran = |arch: &str| {
            comparison
                .runs
                .iter()
                .any(|r| r.arch == arch && r.failure.is_none())
        };
        let expect_together = match check.expect {
            Expectation::Differ => false,
            Expectation::Agree => true,
            Expectation::NotRun => {
                return match (ran(&check.arch), ran(&check.reference)) {
                    (false, true) => Ok(()),
                    (true, _) => Err(format!(
                        "{}: {} now runs {}",
                        self.id, check.arch, check.instruction
                    )),
                    (false, false) => Err(format!(
                        "{}: {} did not run {}",
                        self.id, check.reference, check.instruction
                    )),
                }
            }
        };
        let together = match &comparison.agreement {
            Agreement::Agrees => true,
            Agreement::Disagrees { groups, .. } => groups
                .iter()
                .any(|g| g.contains(&check.arch.as_str()) && g.contains(&check.reference.as_str())),
            Agreement::NotCompared => {
                return Err(format!("{}: {} did not run", self.id, check.instruction))
            }
        };
        if !ran(&check.arch) || !ran(&check.reference) {
            return Err(format!(
                "{}: {} or {} did not run {}",
                self.id, check.arch, check.reference, check.instruction
            ));
        }
        match (expect_together, together) {
            (false, false) | (true, true) => Ok(()),
            (false, true) => Err(format!(
                "{}: {} and {} now agree on {}",
                self.id, check.arch, check.reference, check.instruction
            )),
            (true, false) => Err(format!(
                "{}: {} and {} disagree on {} again",
                self.id, check.arch, check.reference, check.instruction
            )),
        }
    }
}

/// The catalogue's default place: `errata/` in the repository.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("errata")
}

/// The catalogue in `dir`, or, without one, the repository's when it is there (an
/// installed binary may run where the source tree is gone: then the catalogue is empty).
pub fn load_catalogue(dir: Option<&Path>) -> Result<Vec<Erratum>> {
    match dir {
        Some(dir) => load(dir),
        None if default_dir().is_dir() => load(&default_dir()),
        None => Ok(Vec::new()),
    }
}

/// Every `*.json` in `dir`, sorted by id; a file that does not parse, or whose `id` is not
/// its file name, is an error naming the file.
pub fn load(dir: &Path) -> Result<Vec<Erratum>> {
    let mut out = Vec::new();
    let listing =
        std::fs::read_dir(dir).with_context(|| format!("{}: cannot list", dir.display()))?;
    for entry in listing {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("{}: cannot read", path.display()))?;
        let erratum: Erratum = serde_json::from_str(&text)
            .with_context(|| format!("{}: not an erratum", path.display()))?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if erratum.id != stem {
            bail!(
                "{}: id `{}` is not the file name",
                path.display(),
                erratum.id
            );
        }
        out.push(erratum);
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(out)
}

/// `errata: id, id` for the catalogue entries about `instruction`, if any.
pub fn label(catalogue: &[Erratum], instruction: &str) -> Option<String> {
    let ids: Vec<&str> = catalogue
        .iter()
        .filter(|e| e.covers(instruction))
        .map(|e| e.id.as_str())
        .collect();
    (!ids.is_empty()).then(|| format!("errata: {}", ids.join(", ")))
}
