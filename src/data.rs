//! Finding the third-party inputs: LLVM's tests and AMD's spec files.
//!
//! Order: `--data DIR`, then `MCDIFF_DATA`, then `../shared` next to the current
//! directory or next to this checkout. Nothing here is ever committed; the
//! `scripts/fetch-inputs` script lays the same tree out on a machine with internet.

use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

/// The LLVM versions whose tests we know how to read, newest last.
pub const CORPUS_VERSIONS: &[&str] = &["19.1.7", "22.1.8"];

/// The data directory (holds `llvm-tests/` and `amd-isa/`).
#[derive(Debug, Clone)]
pub struct DataDir {
    pub root: PathBuf,
}

impl DataDir {
    /// Finds the data directory; `explicit` is the `--data` option.
    pub fn locate(explicit: Option<&Path>) -> Result<DataDir> {
        let candidates: Vec<(PathBuf, &str)> = if let Some(dir) = explicit {
            vec![(dir.to_path_buf(), "--data")]
        } else if let Some(dir) = std::env::var_os("MCDIFF_DATA") {
            vec![(PathBuf::from(dir), "MCDIFF_DATA")]
        } else {
            vec![
                (PathBuf::from("../shared"), "default ../shared"),
                (
                    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
                    "default ../shared next to the checkout",
                ),
            ]
        };
        for (dir, _) in &candidates {
            if dir.join("amd-isa").is_dir() || dir.join("llvm-tests").is_dir() {
                return Ok(DataDir { root: dir.clone() });
            }
        }
        let tried: Vec<String> = candidates
            .iter()
            .map(|(d, how)| format!("{} ({how})", d.display()))
            .collect();
        bail!(
            "no input data found; tried {}. Point --data or MCDIFF_DATA at a folder holding \
             llvm-tests/ and amd-isa/, or run scripts/fetch-inputs on a machine with internet",
            tried.join(", ")
        )
    }

    /// `llvm-tests/<version>`, checked to hold both MC test folders.
    pub fn corpus(&self, version: &str) -> Result<PathBuf> {
        let root = self.root.join("llvm-tests").join(version);
        let mut missing = Vec::new();
        for sub in ["MC/AMDGPU", "MC/Disassembler/AMDGPU"] {
            if !root.join(sub).is_dir() {
                missing.push(root.join(sub).display().to_string());
            }
        }
        if !missing.is_empty() {
            bail!(
                "LLVM {version} tests are missing: {} (fetch them with scripts/fetch-inputs)",
                missing.join(", ")
            );
        }
        Ok(root)
    }

    /// Checks that the spec folder exists; the spec loader names individual missing files.
    pub fn spec_root(&self) -> Result<&Path> {
        let xml = self.root.join("amd-isa/xml");
        if !xml.is_dir() {
            bail!(
                "AMD spec files are missing: {} (fetch them with scripts/fetch-inputs)",
                xml.display()
            );
        }
        Ok(&self.root)
    }
}

/// The spec loader every command uses: the spec files composed per architecture, completed
/// with the operand lists the pseudocode lets us derive (`mcdiff_sema::complete_from_pseudocode`,
/// and last, for what no file or donor list gives, `mcdiff_sema::complete_by_role`),
/// and each processor given the instructions LLVM's syntax pages list for it alone
/// ([`processor_additions`]).
pub fn spec_loader(spec_root: &Path) -> mcdiff_spec::SpecLoader {
    mcdiff_spec::SpecLoader::new(spec_root)
        .with_completion(mcdiff_sema::complete_from_pseudocode)
        .with_last_completion(mcdiff_sema::complete_by_role)
        .with_target_additions(processor_additions)
}

/// How `mcpu`'s instructions differ from its architecture's, by LLVM's documentation: the
/// instructions its syntax pages (`llvm-docs/<release>/AMDGPU/AMDGPUAsm*.rst`, the newest
/// release present) list for it: its architecture's generation page ([`generation_page`]) and
/// the page of instructions specific to it, and what a generic processor withholds
/// (`mcdiff_asm::syntax::processor_docs::withheld`). `None` when none applies: the processor
/// then has its architecture's instructions.
fn processor_additions(root: &Path, mcpu: &str) -> Option<mcdiff_spec::compose::TargetAdditions> {
    use mcdiff_asm::syntax::processor_docs::withheld;
    let withheld = withheld(mcpu);
    if !withheld.is_empty() {
        return Some(mcdiff_spec::compose::TargetAdditions {
            source: "AMDGPUUsage Target Restrictions".into(),
            withheld: withheld.iter().map(|w| w.to_string()).collect(),
            ..Default::default()
        });
    }
    let pages = SyntaxPages::find(root)?;
    let listed: Vec<(String, Vec<String>)> =
        [generation_page(&pages, mcpu), processor_page(&pages, mcpu)]
            .into_iter()
            .flatten()
            .collect();
    if listed.is_empty() {
        return None;
    }
    let source = listed
        .iter()
        .map(|(s, _)| s.as_str())
        .collect::<Vec<_>>()
        .join(" and ");
    let mut names: Vec<String> = listed.into_iter().flat_map(|(_, names)| names).collect();
    names.sort();
    names.dedup();
    Some(mcdiff_spec::compose::TargetAdditions {
        source,
        names,
        ..Default::default()
    })
}

/// LLVM's syntax pages of the newest release present.
struct SyntaxPages {
    /// `llvm-docs/<release>/AMDGPU`, relative to the data directory.
    dir: PathBuf,
    /// Every `AMDGPUAsm*.rst` page there, sorted.
    paths: Vec<PathBuf>,
}

impl SyntaxPages {
    fn find(root: &Path) -> Option<SyntaxPages> {
        let release = CORPUS_VERSIONS
            .iter()
            .rev()
            .find(|v| root.join("llvm-docs").join(v).join("AMDGPU").is_dir())?;
        let dir = Path::new("llvm-docs").join(release).join("AMDGPU");
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(&dir))
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                name.starts_with("AMDGPUAsm") && name.ends_with(".rst")
            })
            .collect();
        paths.sort();
        Some(SyntaxPages { dir, paths })
    }

    /// The first page whose introduction `names` accepts, with its source name and the
    /// instructions it lists. The pages hold 4.9 MB in all: only that page is read whole.
    fn listing(&self, names: impl Fn(&str) -> bool) -> Option<(String, Vec<String>)> {
        use mcdiff_asm::syntax::processor_docs::listed_instructions;
        let path = self
            .paths
            .iter()
            .find(|p| page_head(p).is_some_and(|h| names(&h)))?;
        let text = std::fs::read_to_string(path).ok()?;
        let file = path.file_name().expect("read_dir entries have names");
        let instructions = listed_instructions(&text);
        (!instructions.is_empty())
            .then(|| (self.dir.join(file).display().to_string(), instructions))
    }
}

/// The page of instructions specific to `mcpu` (`AMDGPUAsmGFX1011.rst`: gfx1011 and gfx1012).
fn processor_page(pages: &SyntaxPages, mcpu: &str) -> Option<(String, Vec<String>)> {
    use mcdiff_asm::syntax::processor_docs::page_processors;
    pages.listing(|head| page_processors(head).iter().any(|p| p == mcpu))
}

/// The generation page of `mcpu`'s architecture: the page whose introduction names a
/// processor of that architecture (`AMDGPUAsmGFX10.rst`, "GFX10 RDNA1 (gfx1010)", serves
/// gfx1010-gfx1013, whose own pages list only what they add).
fn generation_page(pages: &SyntaxPages, mcpu: &str) -> Option<(String, Vec<String>)> {
    use mcdiff_asm::syntax::processor_docs::generation_page_processors;
    use mcdiff_spec::targets::{target, TargetStatus};
    let arch = |m: &str| {
        let TargetStatus::Spec(arch) = target(m)?.status;
        Some(arch)
    };
    let ours = arch(mcpu)?;
    pages.listing(|head| {
        generation_page_processors(head)
            .iter()
            .any(|p| arch(p) == Some(ours))
    })
}

/// The first 4 KiB of a syntax page, where its introduction is.
fn page_head(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(4096).read_to_end(&mut head))
        .ok()?;
    Some(String::from_utf8_lossy(&head).into_owned())
}

/// The composed spec of one `-mcpu`, as [`spec_loader`] builds it.
pub fn load_target(
    spec_root: &Path,
    mcpu: &str,
) -> Result<mcdiff_spec::TargetSpec, mcdiff_spec::SpecError> {
    spec_loader(spec_root).load_target(mcpu)
}
