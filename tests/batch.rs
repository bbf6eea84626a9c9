//! Batched llvm-mc runs (several test files with the same flags answered by one llvm-mc
//! process) give exactly what one process per file gives: the same JSON report, the same
//! printed summary and error output, over a selection of both corpora; every batched input
//! answers byte for byte as it does alone; and a batch's fault is never an answer: its files
//! run one by one, so the fault lands on the file that causes it.

mod common;

use std::path::Path;
use std::process::Output;

/// Files of both corpora across targets: assembler tests (GFX7 to GFX12.5, error tests whose
/// checks name columns, round trips through the disassembler, tests with directives, labels
/// and symbols that are never batched), disassembler tests (GFX8 to GFX12.5, undecodable
/// bytes), and RUN lines llvm-mc cannot run (an unknown processor, GFX6 disassembly).
const SELECTION: &[&str] = &[
    "gfx7_asm_sop",
    "gfx8_asm_sopk",
    "gfx9_asm_sopc",
    "gfx10_asm_sop",
    "gfx11_asm_sop",
    "gfx12_asm_sopp",
    "gfx1250_asm_sop",
    "gfx1250_asm_salu_lit64",
    "_err_pos",
    "sopk-err",
    "gfx11_asm_vop1_t16_err",
    "gfx11_asm_ds.s",
    "gfx8-literal16",
    "vop3-vop1-nosrc",
    "xnack-mask",
    "labels-branch",
    "expressions-gfx9",
    "sym_kernel_scope",
    "gfx10_sop",
    "gfx11_dasm_sop",
    "gfx12_dasm_sop",
    "gfx1250_dasm_sop",
    "gfx8_sop",
    "gfx9_sop",
    "gfx90a_features",
    "gfx942_features",
    "decode-err",
    "si-support",
    "gfx9-trap",
    "vinterp",
];

/// `mcdiff run --no-cache` over the selection, both corpora, writing `<name>.json` to `dir`.
fn run(data: &Path, dir: &Path, name: &str, extra: &[&str]) -> Output {
    let mut cmd = common::mcdiff_on(data);
    cmd.arg("run").arg("--no-cache");
    for file in SELECTION {
        cmd.args(["--file", file]);
    }
    cmd.arg("--json")
        .arg(dir.join(format!("{name}.json")))
        .args(extra)
        .env("MCDIFF_CHECK_BATCHES", "1");
    cmd.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn batched_runs_answer_as_one_process_per_file() {
    let Some((data, _, _)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = common::fresh_dir("batch", "corpora");
    let batched = run(&data, &dir, "batched", &[]);
    let alone = run(&data, &dir, "alone", &["--no-batch"]);
    assert_eq!(batched.status.code(), alone.status.code());
    let err = text(&batched.stderr);
    let differ: Vec<&str> = (err.lines())
        .filter(|l| l.contains("answered differently alone"))
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
    let agreed = (err.lines())
        .filter(|l| l.starts_with("mcdiff: batch check:"))
        .count();
    assert!(agreed >= 20, "only {agreed} batches ran:\n{err}");
    let json = |name: &str| common::read(&dir.join(format!("{name}.json")));
    assert!(json("batched") == json("alone"), "the JSON reports differ");
    assert_eq!(text(&batched.stdout), text(&alone.stdout));
    let without_checks: Vec<&str> = (err.lines())
        .filter(|l| !l.starts_with("mcdiff: batch check:"))
        .collect();
    assert_eq!(
        without_checks,
        text(&alone.stderr).lines().collect::<Vec<_>>()
    );
}

/// Three test files with the same flags (one batch), on a stand-in llvm-mc that crashes on
/// any input holding `crash_on`: returns the run's JSON report and error output.
fn stand_in_run(data: &Path, name: &str, crash_on: &str, extra: &[&str]) -> (String, String) {
    let dir = common::fresh_dir("batch", name);
    let root = dir.join("data");
    let asm = common::corpus_layout(&root, "22.1.8", data);
    let real = "/usr/lib/llvm-22/bin/llvm-mc";
    let run = "// RUN: llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding %s | FileCheck %s\n";
    for (file, d) in [("a.s", 3), ("b.s", 4), ("c.s", 5)] {
        let marker = if file == "b.s" {
            "// mcdiff-test-b\n"
        } else {
            ""
        };
        let body = format!(
            "{run}{marker}s_add_u32 s{d}, s1, s2\n// CHECK: encoding: [0x01,0x02,0x{d:02x},0x80]\n"
        );
        std::fs::write(asm.join(file), body).unwrap();
    }
    let body = format!(
        "input=$(cat)\ncase \"$input\" in *{crash_on}*) kill -SEGV $$;; esac\n\
         printf '%s\\n' \"$input\" | exec {real} \"$@\""
    );
    let mc = common::stand_in_llvm_mc(&dir, "llvm-mc", "22.1.8", &body);
    let json = dir.join("r.json");
    let out = common::mcdiff_on(&root)
        .args(["run", "--corpus", "22.1.8", "--no-cache", "--llvm-mc"])
        .arg(&mc)
        .arg("--json")
        .arg(&json)
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = common::read(&json).replace(&mc.display().to_string(), "<llvm-mc>");
    (report, text(&out.stderr))
}

/// A batch that crashes llvm-mc is no answer: its files run one by one and get the answers
/// they get alone. When one file crashes llvm-mc, only its RUN line is not checked.
#[test]
fn a_faulty_batch_runs_its_files_one_by_one() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    // The batch's first separator label: only a batch crashes.
    let (batched, err) = stand_in_run(&data, "batch-crash", ".Lm00000_0:", &[]);
    let (alone, _) = stand_in_run(&data, "batch-crash-alone", ".Lm00000_0:", &["--no-batch"]);
    assert_eq!(batched, alone);
    assert!(!err.contains("RUN line not checked"), "{err}");
    assert!(batched.contains("\"failed_runs\":[]"), "{batched}");
    // b.s crashes llvm-mc, alone or in the batch.
    let (batched, err) = stand_in_run(&data, "file-crash", "mcdiff-test-b", &[]);
    let (alone, _) = stand_in_run(&data, "file-crash-alone", "mcdiff-test-b", &["--no-batch"]);
    assert_eq!(batched, alone);
    let not_checked: Vec<&str> = (err.lines())
        .filter(|l| l.contains("RUN line not checked"))
        .collect();
    assert_eq!(not_checked.len(), 1, "{err}");
    assert!(
        not_checked[0].starts_with("MC/AMDGPU/b.s:1:") && not_checked[0].contains("signal 11"),
        "{err}"
    );
}
