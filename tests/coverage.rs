//! Spec coverage on a tiny corpus written for this test: which spec instructions and
//! (instruction, encoding) pairs its lines exercise, through the engine's recording and
//! `mcdiff::coverage`.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use mcdiff::coverage::{self, ArchCoverage};
use mcdiff::engine::{self, EngineConfig};
use mcdiff::llvm_mc::{LlvmMc, RunCache};
use mcdiff_spec::Arch;

const CORPUS: &str = "22.1.8";

fn names(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn pairs(items: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    items
        .iter()
        .map(|(n, e)| (n.to_string(), e.to_string()))
        .collect()
}

/// Runs the engine over the tiny corpus and measures the coverage of its architectures.
fn tiny_corpus_coverage() -> Option<BTreeMap<Arch, ArchCoverage>> {
    let (data, mc) = (common::data_dir()?, common::llvm_mc("22")?);
    let dir = common::fresh_dir("coverage", "tiny");
    let root = dir.join("data");
    let asm = common::corpus_layout(&root, CORPUS, &data);
    let run = |mcpu: &str| {
        format!("// RUN: llvm-mc -triple=amdgcn -mcpu={mcpu} -show-encoding %s | FileCheck %s\n")
    };
    // gfx1100 and gfx1101 are both RDNA3: their lines are united.
    let rdna3 = "v_add_f32 v0, v1, v2\nv_mul_f32_e64 v0, v1, v2\n\
                 v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v1, v3\n";
    std::fs::write(asm.join("a.s"), format!("{}{rdna3}", run("gfx1100"))).unwrap();
    // Rejected by llvm-mc and by us: the instruction counts, its encoding is unknown.
    let error_run = "// RUN: not llvm-mc -triple=amdgcn -mcpu=gfx1101 %s 2>&1 | FileCheck %s\n";
    std::fs::write(asm.join("b.s"), format!("{error_run}v_sub_f32 v0\n")).unwrap();
    // A literal on CDNA3, whose spec lists the literal form apart.
    let cdna3 = format!("{}v_mov_b32 v0, 0x12345678\n", run("gfx942"));
    std::fs::write(asm.join("c.s"), cdna3).unwrap();
    let disasm = root
        .join("llvm-tests")
        .join(CORPUS)
        .join("MC/Disassembler/AMDGPU");
    let dis_run = "# RUN: llvm-mc -triple=amdgcn -mcpu=gfx1100 -disassemble -show-encoding %s | FileCheck %s\n";
    std::fs::write(
        disasm.join("d.txt"),
        format!("{dis_run}0x01,0x00,0x80,0xbe\n"),
    )
    .unwrap();

    let config = EngineConfig {
        corpus_root: root.join("llvm-tests").join(CORPUS),
        corpus_version: CORPUS.to_string(),
        llvm_mc: LlvmMc::open(&mc, Duration::from_secs(60)).unwrap(),
        cache: RunCache::new(None),
        selection: Default::default(),
        specs: std::sync::Arc::new(mcdiff::engine::SpecCache::new(&root)),
        semantics: std::sync::Arc::new(mcdiff::semantics::Semantics::new(&root)),
    };
    let report = engine::run(&config, &|_, _| {}, &mcdiff::report::is_listed).unwrap();
    let loader = mcdiff::data::spec_loader(&data);
    let specs: BTreeMap<_, _> = [Arch::Rdna3, Arch::Cdna3, Arch::Rdna4]
        .into_iter()
        .map(|arch| (arch, loader.arch(arch).unwrap()))
        .collect();
    let measured = coverage::coverage(&report, &specs);
    let _ = std::fs::remove_dir_all(&dir);
    Some(measured.into_iter().map(|c| (c.arch, c)).collect())
}

/// Checked to fail: with the Y half of a dual-issue line dropped, V_DUAL_MOV_B32 is listed
/// as never exercised; without the literal form, CDNA3's V_MOV_B32 pair is ENC_VOP1.
#[test]
fn lists_what_the_tiny_corpus_leaves_out() {
    let Some(by_arch) = tiny_corpus_coverage() else {
        return;
    };
    assert_eq!(
        by_arch.keys().copied().collect::<Vec<_>>(),
        [Arch::Rdna3, Arch::Cdna3],
        "only architectures with cases"
    );
    let rdna3 = &by_arch[&Arch::Rdna3];
    assert_eq!(rdna3.targets, names(&["gfx1100", "gfx1101"]));
    let used = [
        "S_MOV_B32",
        "V_ADD_F32",
        "V_DUAL_MOV_B32",
        "V_DUAL_MUL_F32",
        "V_MUL_F32",
        "V_SUB_F32",
    ];
    assert_eq!(rdna3.exercised, names(&used));
    assert_eq!(
        rdna3.exercised_pairs,
        pairs(&[
            ("S_MOV_B32", "ENC_SOP1"),
            ("V_ADD_F32", "ENC_VOP2"),
            ("V_DUAL_MOV_B32", "VOPDXY"),
            ("V_DUAL_MUL_F32", "VOPDXY"),
            ("V_MUL_F32", "ENC_VOP3"),
        ])
    );
    assert_eq!(rdna3.unknown_form, names(&["V_SUB_F32"]));
    assert_eq!(rdna3.rejected_only, names(&["V_SUB_F32"]));
    let never = rdna3.never_exercised();
    assert!(never.contains(&"V_MAX_F32") && !never.contains(&"V_ADD_F32"));
    assert_eq!(never.len(), rdna3.instructions.len() - used.len());
    let never_vop3 = &rdna3.never_exercised_pairs()["ENC_VOP3"];
    assert!(never_vop3.contains(&"V_ADD_F32") && !never_vop3.contains(&"V_MUL_F32"));
    let text = rdna3.render();
    assert!(text.contains("targets: gfx1100, gfx1101\n"), "{text}");
    assert!(text.contains("\n  V_SUB_F32 ?\n"), "{text}");

    let cdna3 = &by_arch[&Arch::Cdna3];
    assert_eq!(
        cdna3.exercised_pairs,
        pairs(&[("V_MOV_B32", "VOP1_INST_LITERAL")])
    );
}
