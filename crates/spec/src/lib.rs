//! AMD ISA specifications (MRISA XML schema) loaded into one model.
//!
//! This crate knows AMD's spec files and nothing of LLVM's assembly syntax.
//! Entry point: [`load_target`], which composes the files serving one `-mcpu`
//! (see [`targets`]) plus the per-arch [`supplement`] into one [`Spec`].
//!
//! Which files serve an architecture ([`SpecLoader::arch_files`]): AMD's official
//! `amdgpu_isa_<arch>.xml` whenever it is present in `amd-isa/xml/` (fidelity
//! [`Fidelity::Official`], no neighbour file), otherwise the rebuilt files [`Arch::files`]
//! names (`*.manual.xml`, `*.partial.xml`, plus a neighbour for operand facts). A file
//! under an official name whose opening comment calls it a `RECONSTRUCTION` (the CDNA3 and
//! CDNA4 rebuilds in the official schema) is recorded as [`Fidelity::High`] instead.

pub mod compose;
pub mod manual;
pub mod model;
pub mod nesting;
pub mod spellings;
pub mod supplement;
pub mod targets;
pub mod variants;
pub mod xml;

pub use model::*;
pub use targets::{target, Arch, ArchFiles, SpecFileRef, Target, TargetStatus, TARGETS};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Errors while loading spec files; each names the file it is about.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    #[error("{path}: cannot read spec file: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a well-formed XML file: {message}")]
    Xml { path: PathBuf, message: String },
    #[error("{path}: {message}")]
    Schema { path: PathBuf, message: String },
    /// Neither the official file nor the rebuilt fall-back of an architecture is present.
    #[error("no spec file for {arch}: neither {} (AMD's official file, see scripts/fetch-inputs) nor the fall-back {} is present", official.display(), fallback.display())]
    Missing {
        arch: &'static str,
        official: PathBuf,
        fallback: PathBuf,
    },
    #[error("unknown -mcpu {0:?}")]
    UnknownTarget(String),
}

/// The composed spec for one target.
#[derive(Debug, Clone)]
pub struct TargetSpec {
    pub target: &'static Target,
    pub arch: Arch,
    pub spec: Spec,
}

/// Loads the spec serving `mcpu` from `<data_dir>/amd-isa/xml/`.
///
/// Parses every file it needs; to load several targets, keep one [`SpecLoader`].
pub fn load_target(data_dir: &Path, mcpu: &str) -> Result<TargetSpec, SpecError> {
    SpecLoader::new(data_dir).load_target(mcpu)
}

/// Completes a composed spec from AMD data other than the spec files (the pseudocode), given
/// the architecture and the data directory. This crate reads no such data; the caller that
/// does passes it to [`SpecLoader::with_completion`].
pub type Completion = fn(Arch, &Path, &mut Spec);

/// How one processor's instructions differ from its architecture's files (what it adds and
/// what it withholds), given the data directory and the `-mcpu` ([`compose::TargetAdditions`]).
/// The caller that reads the documents saying so passes it to
/// [`SpecLoader::with_target_additions`].
pub type Additions = fn(&Path, &str) -> Option<compose::TargetAdditions>;

/// Loads targets, parsing each spec file and composing each architecture once. Threads
/// may share one loader: each file and each architecture has a slot of its own, locked
/// while it is filled, so different architectures load side by side.
#[derive(Debug)]
pub struct SpecLoader {
    data_dir: PathBuf,
    files: Slots<&'static str>,
    arches: Slots<Arch>,
    completion: Option<Completion>,
    last_completion: Option<Completion>,
    additions: Option<Additions>,
}

/// Specs made once per key. The map's lock is held only to find a key's slot; the slot's
/// lock is held while it is filled, so a second caller waits for that spec and no other. A
/// failure leaves the slot empty, for the next caller to try again.
#[derive(Debug)]
struct Slots<K>(Mutex<HashMap<K, Arc<Slot>>>);

/// One key's spec, once made.
type Slot = Mutex<Option<Arc<Spec>>>;

impl<K> Default for Slots<K> {
    fn default() -> Self {
        Slots(Mutex::new(HashMap::new()))
    }
}

impl<K: std::hash::Hash + Eq> Slots<K> {
    fn get_or_make(
        &self,
        key: K,
        make: impl FnOnce() -> Result<Spec, SpecError>,
    ) -> Result<Arc<Spec>, SpecError> {
        let slot = {
            let mut slots = self.0.lock().expect("spec slots lock");
            Arc::clone(slots.entry(key).or_default())
        };
        let mut slot = slot.lock().expect("spec slot lock");
        if let Some(spec) = slot.as_ref() {
            return Ok(Arc::clone(spec));
        }
        let spec = Arc::new(make()?);
        *slot = Some(Arc::clone(&spec));
        Ok(spec)
    }
}

impl SpecLoader {
    /// `data_dir` is the folder holding `amd-isa/` (e.g. `/work/shared`).
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        SpecLoader {
            data_dir: data_dir.into(),
            files: Slots::default(),
            arches: Slots::default(),
            completion: None,
            last_completion: None,
            additions: None,
        }
    }

    /// This loader with `completion` run on each architecture's composed spec.
    pub fn with_completion(mut self, completion: Completion) -> Self {
        self.completion = Some(completion);
        self
    }

    /// This loader with `completion` run on each architecture's spec last, after the ALU
    /// stand-in ([`ArchFiles::alu`]) has given its lists: for what only the architecture's
    /// own data can still fill.
    pub fn with_last_completion(mut self, completion: Completion) -> Self {
        self.last_completion = Some(completion);
        self
    }

    /// This loader with `additions` adopted into each target's spec ([`Self::load_target`]).
    pub fn with_target_additions(mut self, additions: Additions) -> Self {
        self.additions = Some(additions);
        self
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// One spec file, parsed on first use; its facts carry source id 0.
    pub fn file(&self, file: SpecFileRef) -> Result<Arc<Spec>, SpecError> {
        self.files.get_or_make(file.name, || {
            let relative = format!("amd-isa/xml/{}", file.name);
            let source = SourceFile {
                name: relative.clone(),
                fidelity: file.fidelity,
            };
            xml::parse_file(&self.data_dir.join(&relative), source)
        })
    }

    /// The files serving `arch` in this data directory: [`Arch::official_files`] when
    /// `amdgpu_isa_<arch>.xml` is present, else the rebuilt fall-back [`Arch::files`].
    /// Files under an official name (the official file, or a neighbour such as
    /// `amdgpu_isa_cdna3.xml`) are `Official` unless their opening comment says they are
    /// a reconstruction, then `High`.
    pub fn arch_files(&self, arch: Arch) -> ArchFiles {
        let official = arch.official_file();
        if let Some(fidelity) = self.official_name_fidelity(official) {
            let mut files = arch.official_files();
            files.opcodes.fidelity = fidelity;
            return files;
        }
        let mut files = arch.files();
        for neighbour in [&mut files.operands, &mut files.alu].into_iter().flatten() {
            if let Some(fidelity) = self.official_name_fidelity(neighbour.name) {
                neighbour.fidelity = fidelity;
            }
        }
        files
    }

    /// `None` unless `name` is an official file name present in `amd-isa/xml/`.
    fn official_name_fidelity(&self, name: &str) -> Option<Fidelity> {
        if !Arch::ALL.iter().any(|a| a.official_file() == name) {
            return None;
        }
        let path = self.data_dir.join("amd-isa/xml").join(name);
        if !path.is_file() {
            return None;
        }
        Some(if opens_with_reconstruction_comment(&path) {
            Fidelity::High
        } else {
            Fidelity::Official
        })
    }

    /// The composed spec of one architecture (opcode file + neighbour + supplement).
    pub fn arch(&self, arch: Arch) -> Result<Arc<Spec>, SpecError> {
        self.arches.get_or_make(arch, || self.compose_arch(arch))
    }

    /// [`Self::arch`], made.
    fn compose_arch(&self, arch: Arch) -> Result<Spec, SpecError> {
        let files = self.arch_files(arch);
        let opcodes = match self.file(files.opcodes) {
            Err(SpecError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                let dir = self.data_dir.join("amd-isa/xml");
                return Err(SpecError::Missing {
                    arch: arch.name(),
                    official: dir.join(arch.official_file()),
                    fallback: dir.join(files.opcodes.name),
                });
            }
            other => other?,
        };
        let neighbour = match files.operands {
            Some(f) => Some(self.file(f)?),
            None => None,
        };
        let stand_in = |file: Option<SpecFileRef>| file.map(|f| self.file(f)).transpose();
        let graphics = stand_in(files.graphics)?;
        let alu = stand_in(files.alu)?;
        let stand_ins = compose::StandIns {
            operands: neighbour.as_deref(),
            graphics: graphics.as_deref(),
        };
        let mut spec = compose::compose(arch, &opcodes, stand_ins);
        if let Some(elder) = arch.elder() {
            let elder = self.arch(elder)?;
            compose::adopt_cited_from_elder(arch, &mut spec, &elder);
            let donor = |name: &str| compose::later_namesake(arch, name);
            compose::take_elder_operands(&mut spec, &elder, elder_match(arch), donor);
            if arch.is_gcn() {
                compose::vop2_from_vop3(&mut spec);
            }
        }
        self.read_manual(arch, &mut spec);
        self.read_variants(arch, &mut spec)?;
        if let Some(complete) = self.completion {
            complete(arch, &self.data_dir, &mut spec);
        }
        if let Some(alu) = alu {
            compose::take_alu_operands(&mut spec, &alu);
        }
        if let Some(complete) = self.last_completion {
            complete(arch, &self.data_dir, &mut spec);
        }
        Ok(spec)
    }

    /// The facts [`manual`] reads from the architecture's manual, where the data has it,
    /// recorded as a source of their own.
    fn read_manual(&self, arch: Arch, spec: &mut Spec) {
        let name = format!("amd-isa/derived/manuals-md/{}.md", arch.name());
        let Ok(text) = std::fs::read_to_string(self.data_dir.join(&name)) else {
            return;
        };
        // GFX10 numbers its unified buffer formats as its manual's table does; GFX11 and later
        // use the table the assembler has (their manuals' tables add image-only formats).
        let gfx10 = matches!(arch, Arch::Rdna1 | Arch::Rdna2);
        let facts = manual::ManualFacts::read(&text, gfx10);
        // One note per fact the manual gives; a manual that gives none is no source.
        let notes = facts.notes();
        if notes.is_empty() {
            return;
        }
        let id = spec.sources.len();
        spec.sources.push(SourceFile {
            name,
            fidelity: Fidelity::Manual,
        });
        spec.notes.extend(notes.into_iter().map(|n| (id, n)));
        facts.apply(spec);
    }

    /// The processor variants AMD's file gives the architecture ([`variants`]), where the
    /// data has it, recorded as a source of its own.
    fn read_variants(&self, arch: Arch, spec: &mut Spec) -> Result<(), SpecError> {
        let Some(file) = variants::read(&self.data_dir, arch.name())? else {
            return Ok(());
        };
        let id = spec.sources.len();
        spec.sources.push(SourceFile {
            name: variants::path(arch.name()),
            fidelity: Fidelity::Official,
        });
        let notes = file.apply(spec);
        spec.notes.extend(notes.into_iter().map(|n| (id, n)));
        Ok(())
    }

    /// The spec of one `-mcpu`: its architecture's, plus the instructions
    /// [`Self::with_target_additions`] names for it, taken from the architecture's operand
    /// neighbour or, failing that, its elder generation ([`Arch::elder`]), less those it
    /// withholds ([`compose::apply_target_additions`]).
    pub fn load_target(&self, mcpu: &str) -> Result<TargetSpec, SpecError> {
        let target = targets::target(mcpu).ok_or_else(|| SpecError::UnknownTarget(mcpu.into()))?;
        let TargetStatus::Spec(arch) = target.status;
        let mut spec = Spec::clone(&*self.arch(arch)?);
        spec.features = (spec.processor_features.iter())
            .find(|(processor, _)| processor == mcpu)
            .map(|(_, features)| features.clone())
            .unwrap_or_default();
        if let Some(additions) = self.additions.and_then(|f| f(&self.data_dir, mcpu)) {
            let neighbour = self
                .arch_files(arch)
                .operands
                .map(|f| self.file(f))
                .transpose()?;
            let elder = arch.elder().map(|a| self.arch(a)).transpose()?;
            compose::apply_target_additions(
                &mut spec,
                neighbour.as_deref(),
                elder.as_deref(),
                &additions,
            );
        }
        Ok(TargetSpec { target, arch, spec })
    }
}

/// How an architecture's forms find their elder generation's lists
/// ([`compose::take_elder_operands`]): GCN3 shares most of Vega's opcode tables but no whole
/// one, so per form at the same opcode; GFX8 renumbered every table of GFX7, so GCN2's forms
/// take GCN3's by name, and GCN1's GCN2's.
fn elder_match(arch: Arch) -> compose::ElderMatch {
    match arch {
        Arch::Gcn3 => compose::ElderMatch::SameOpcode,
        Arch::Gcn2 | Arch::Gcn1 => compose::ElderMatch::SameName,
        _ => compose::ElderMatch::SharedTable,
    }
}

/// Whether the file's first comment (before the root element) says `RECONSTRUCTION`, as the
/// rebuilt files under official names do. An unreadable file answers `false`; parsing it
/// then reports the error.
fn opens_with_reconstruction_comment(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(16 * 1024).read_to_end(&mut head));
    if read.is_err() {
        return false;
    }
    let head = String::from_utf8_lossy(&head);
    let mut rest = head.trim_start();
    if rest.starts_with("<?xml") {
        rest = rest
            .find("?>")
            .map_or("", |end| rest[end + 2..].trim_start());
    }
    let Some(comment) = rest.strip_prefix("<!--") else {
        return false;
    };
    let comment = comment.find("-->").map_or(comment, |end| &comment[..end]);
    comment.contains("RECONSTRUCTION")
}
