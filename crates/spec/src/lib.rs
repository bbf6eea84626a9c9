//! AMD ISA specifications (MRISA XML schema) loaded into one model.
//!
//! This crate knows AMD's spec files and nothing of LLVM's assembly syntax.
//! Entry point: [`load_target`], which composes the files serving one `-mcpu`
//! (see [`targets`]) plus the per-arch [`supplement`] into one [`Spec`].

pub mod model;
pub mod targets;

pub use model::*;
pub use targets::{target, Arch, Target, TargetStatus, TARGETS};

use std::path::{Path, PathBuf};

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
pub fn load_target(data_dir: &Path, mcpu: &str) -> Result<TargetSpec, SpecError> {
    let _ = (data_dir, mcpu);
    unimplemented!("spec loader: being written")
}
