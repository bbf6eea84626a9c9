//! AMD ISA specifications (MRISA XML schema) loaded into one model.
//!
//! This crate knows AMD's spec files and nothing of LLVM's assembly syntax.
//! Entry point: [`load_target`], which composes the files serving one `-mcpu`
//! (see [`targets`]) plus the per-arch [`supplement`] into one [`Spec`].

pub mod compose;
pub mod model;
pub mod supplement;
pub mod targets;
pub mod xml;

pub use model::*;
pub use targets::{target, Arch, ArchFiles, SpecFileRef, Target, TargetStatus, TARGETS};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    #[error("unknown -mcpu {0:?}")]
    UnknownTarget(String),
    #[error("-mcpu {0} has no AMD spec (no-spec target)")]
    NoSpec(String),
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

/// Loads targets, parsing each spec file and composing each architecture once.
#[derive(Debug)]
pub struct SpecLoader {
    data_dir: PathBuf,
    files: HashMap<&'static str, Arc<Spec>>,
    arches: HashMap<Arch, Arc<Spec>>,
}

impl SpecLoader {
    /// `data_dir` is the folder holding `amd-isa/` (e.g. `/work/shared`).
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        SpecLoader {
            data_dir: data_dir.into(),
            files: HashMap::new(),
            arches: HashMap::new(),
        }
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// One spec file, parsed on first use; its facts carry source id 0.
    pub fn file(&mut self, file: SpecFileRef) -> Result<Arc<Spec>, SpecError> {
        if let Some(spec) = self.files.get(file.name) {
            return Ok(spec.clone());
        }
        let relative = format!("amd-isa/xml/{}", file.name);
        let source = SourceFile {
            name: relative.clone(),
            fidelity: file.fidelity,
        };
        let spec = Arc::new(xml::parse_file(&self.data_dir.join(&relative), source)?);
        self.files.insert(file.name, spec.clone());
        Ok(spec)
    }

    /// The composed spec of one architecture (opcode file + neighbour + supplement).
    pub fn arch(&mut self, arch: Arch) -> Result<Arc<Spec>, SpecError> {
        if let Some(spec) = self.arches.get(&arch) {
            return Ok(spec.clone());
        }
        let files = arch.files();
        let opcodes = self.file(files.opcodes)?;
        let neighbour = match files.operands {
            Some(f) => Some(self.file(f)?),
            None => None,
        };
        let spec = Arc::new(compose::compose(arch, &opcodes, neighbour.as_deref()));
        self.arches.insert(arch, spec.clone());
        Ok(spec)
    }

    pub fn load_target(&mut self, mcpu: &str) -> Result<TargetSpec, SpecError> {
        let target = targets::target(mcpu).ok_or_else(|| SpecError::UnknownTarget(mcpu.into()))?;
        let TargetStatus::Spec(arch) = target.status else {
            return Err(SpecError::NoSpec(mcpu.into()));
        };
        Ok(TargetSpec {
            target,
            arch,
            spec: Spec::clone(&*self.arch(arch)?),
        })
    }
}
