//! Seeds: the instruction lines and byte lines of the corpus's tests for one `-mcpu`, read at
//! run time (never stored), and the operand and modifier tokens they use.

use anyhow::{bail, Context, Result};
use std::collections::BTreeSet;
use std::path::Path;

use super::mutate::Stmt;
use mcdiff_asm::{AsmOutcome, Assembler};
use mcdiff_lit::FileKind;

pub struct Seeds {
    /// Instruction lines of the assembler tests with a RUN line for the target.
    pub asm: Vec<String>,
    /// Byte lines of the disassembler tests for the target, and our encodings of `asm`.
    pub bytes: Vec<Vec<u8>>,
    /// Modifier tokens the assembler lines use (`row_mask:0xf`, `glc`, `offset:4`).
    pub modifiers: Vec<String>,
    /// Operand tokens the assembler lines use (`v[2:3]`, `vcc`, `0.5`).
    pub operands: Vec<String>,
}

/// The test files under `corpus_root` whose text names `mcpu`, parsed, in path order.
fn test_files(corpus_root: &Path, mcpu: &str) -> Result<Vec<mcdiff_lit::TestFile>> {
    let mut files = Vec::new();
    for dir in mcdiff_lit::CORPUS_DIRS {
        let dir = corpus_root.join(dir);
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| mcdiff_lit::file_kind(p).is_some())
            .collect();
        paths.sort();
        for path in paths {
            let text =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            let text = String::from_utf8_lossy(&text);
            if text.contains(mcpu) {
                let rel = path.strip_prefix(corpus_root).unwrap_or(&path);
                files.push(mcdiff_lit::parse_test_file(rel, &text));
            }
        }
    }
    Ok(files)
}

/// Reads the corpus at `corpus_root`; `encoder` (disassembler fuzzing) adds our encodings of
/// the assembler lines to the byte seeds.
pub fn load(corpus_root: &Path, mcpu: &str, encoder: Option<&Assembler>) -> Result<Seeds> {
    let (mut asm, mut bytes) = (BTreeSet::new(), BTreeSet::new());
    for file in &test_files(corpus_root, mcpu)? {
        let ours = |disassemble: bool| {
            file.runs
                .iter()
                .any(|r| r.mcpu.as_deref() == Some(mcpu) && r.disassemble == disassemble)
        };
        let lines = file.lines.iter().filter(|l| l.is_instruction());
        match file.kind {
            FileKind::Asm if ours(false) => asm.extend(lines.map(|l| l.text.trim().to_string())),
            FileKind::Disasm if ours(true) => bytes.extend(
                lines
                    .filter_map(|l| l.bytes.clone())
                    .filter(|b| !b.is_empty()),
            ),
            _ => {}
        }
    }
    asm.retain(|l: &String| !l.is_empty());
    if asm.is_empty() {
        bail!(
            "no assembler test under {} has a RUN line with -mcpu={mcpu}",
            corpus_root.display()
        );
    }
    if let Some(assembler) = encoder {
        for line in &asm {
            if let AsmOutcome::Encoded(enc) = assembler.assemble(line) {
                if enc.fixups.is_empty() {
                    bytes.insert(enc.bytes);
                }
            }
        }
    }
    let (mut modifiers, mut operands) = (BTreeSet::new(), BTreeSet::new());
    for line in &asm {
        let stmt = Stmt::parse(line);
        modifiers.extend(stmt.modifiers);
        operands.extend(stmt.operands);
    }
    Ok(Seeds {
        asm: asm.into_iter().collect(),
        bytes: bytes.into_iter().collect(),
        modifiers: modifiers.into_iter().collect(),
        operands: operands.into_iter().collect(),
    })
}
