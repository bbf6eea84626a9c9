//! The test forms LLVM adopted after 22 (processor triples, `%extract-encodings` round
//! trips) and targets the llvm-mc being run does not know, on test files written here
//! (their CHECK lines are llvm-mc 22's answers, one planted wrong).

mod common;

use serde_json::Value;
use std::path::Path;

/// Runs `mcdiff run` over the corpus `next` laid out in `dir` with llvm-mc 22 and returns
/// its JSON document.
fn run_next(dir: &Path, mc: &Path) -> Value {
    let json = dir.join("r.json");
    let out = common::mcdiff_on(dir)
        .args(["run", "--corpus", "next", "--no-cache", "--llvm-mc"])
        .arg(mc)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        json.exists(),
        "no report: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    common::json_documents(&json).remove(0)
}

/// The `(text, llvm verdict)` of the report's records for `mcpu`.
fn records(report: &Value, mcpu: &str) -> Vec<(String, String)> {
    let mut rows: Vec<(String, String)> = (report["records"].as_array().unwrap().iter())
        .filter(|r| r["mcpu"] == mcpu)
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (s("text"), s("llvm"))
        })
        .collect();
    rows.sort();
    rows
}

/// A round trip checks each line twice against its one CHECK line: the assembler's bytes
/// (an inline constant the disassembler shows as a literal satisfies the check it shows)
/// and the disassembler's text (the planted wrong text is found on that case only).
///
/// Checked to fail: with crates/lit's `round_trip` returning `None` the cases are
/// `no-check` and the disassembler cases are missing; without `shown_as_checked`
/// (src/engine/round_trip.rs) `v_cvt_f16_i16 v7, 0.5` is `check-differs: bytes`.
#[test]
fn round_trips_check_the_assembler_and_the_disassembler() {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("next-llvm", "round-trip");
    let asm = common::corpus_layout(&dir, "next", &data);
    std::fs::write(
        asm.join("rt.s"),
        "// RUN: llvm-mc -triple=amdgcn -mcpu=gfx1250 -show-encoding %s | %extract-encodings | llvm-mc -triple=amdgcn -mcpu=gfx1250 -disassemble -show-encoding | FileCheck --check-prefix=RT %s\n\
         \n\
         s_mov_b32 s1, s2\n\
         // RT: s_mov_b32 s1, s2 ; encoding: [0x02,0x00,0x81,0xbe]\n\
         \n\
         v_cvt_f16_i16 v7, 0.5\n\
         // RT: v_cvt_f16_i16_e32 v7, 0x3800 ; encoding: [0xff,0xa2,0x0e,0x7e,0x00,0x38,0x00,0x00]\n\
         \n\
         s_load_b32 s4, s[2:3], 0x10\n\
         // RT: s_load_b32 s4, s[2:3], 0x20 ; encoding: [0x01,0x01,0x00,0xf4,0x10,0x00,0x00,0xf8]\n",
    )
    .unwrap();
    let report = run_next(&dir, &mc);
    let t = &report["targets"]["gfx1250"];
    assert_eq!(
        t["cases"], 6,
        "three assembler and three disassembler cases: {t}"
    );
    // The assembler stage encodes 0.5 as the inline constant 0xf0; the disassembler prints
    // that word as the literal 0x3800, with a literal's encoding: not the word it was given.
    assert_eq!(t["llvm"]["agrees"], 4, "{t}");
    assert_eq!(t["llvm"]["reencodes"], 1, "{t}");
    assert_eq!(t["llvm"]["check-differs"], 1, "{t}");
    let differs: Vec<_> = (records(&report, "gfx1250").into_iter())
        .filter(|(_, llvm)| llvm.starts_with("check-differs"))
        .collect();
    assert_eq!(
        differs,
        [(
            "[0x01,0x01,0x00,0xf4,0x10,0x00,0x00,0xf8]".to_string(),
            "check-differs: text".to_string()
        )]
    );
}

/// `-triple=amdgpu12.50` is gfx1250 (not `(default)`): with llvm-mc 22, which does not know
/// that triple, both of a round trip's cases are `not-run` saying so and ours is judged
/// against the CHECK line. A processor neither llvm-mc 22 nor our target table knows
/// (gfx1370) is `no-spec`, `not-run` saying llvm-mc does not know it.
///
/// Checked to fail: with the engine reading `run.mcpu` instead of `run.processor()` the
/// gfx1250 cases are `(default)`; without `refused::target` the reasons are "llvm-mc output
/// names none of its input's lines" and "llvm-mc does not know the -mcpu"; with
/// `without_spec` keeping `unsupported` for a target our table lacks, gfx1370 is
/// `unsupported: unknown -mcpu gfx1370`.
#[test]
fn targets_llvm_mc_does_not_know() {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("next-llvm", "unknown");
    let asm = common::corpus_layout(&dir, "next", &data);
    let line = "s_mov_b32 s1, s2\n// A: s_mov_b32 s1, s2 ; encoding: [0x02,0x00,0x81,0xbe]\n";
    std::fs::write(
        asm.join("triple.s"),
        format!("// RUN: llvm-mc -triple=amdgpu12.50 -show-encoding %s | %extract-encodings | llvm-mc -triple=amdgpu12.50 -disassemble -show-encoding | FileCheck --check-prefix=A %s\n{line}"),
    )
    .unwrap();
    std::fs::write(
        asm.join("cpu.s"),
        format!("// RUN: llvm-mc -triple=amdgcn -mcpu=gfx1370 -show-encoding %s | FileCheck --check-prefix=A %s\n{line}"),
    )
    .unwrap();
    let report = run_next(&dir, &mc);
    let targets = &report["targets"];
    assert!(targets.get("(default)").is_none(), "{targets}");
    let t = &targets["gfx1250"];
    assert_eq!(
        (&t["cases"], &t["ours"]["match"]),
        (&2.into(), &2.into()),
        "{t}"
    );
    assert_eq!(t["ours_vs_check"], 2, "{t}");
    let t = &targets["gfx1370"];
    assert_eq!(
        (&t["cases"], &t["ours"]["no-spec"]),
        (&1.into(), &1.into()),
        "{t}"
    );
    let not_run = |mcpu: &str| -> Vec<String> {
        records(&report, mcpu).into_iter().map(|(_, l)| l).collect()
    };
    assert_eq!(
        not_run("gfx1250"),
        ["not-run: llvm-mc 22.1.8 does not know amdgpu12.50"; 2]
    );
    assert_eq!(
        not_run("gfx1370"),
        ["not-run: llvm-mc 22.1.8 does not know gfx1370"]
    );
}
