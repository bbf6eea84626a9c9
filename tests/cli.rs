//! The command line: errors name what is wrong, exit codes mean something.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

fn mcdiff() -> Command {
    Command::cargo_bin("mcdiff").unwrap()
}

#[test]
fn missing_data_folder_is_named() {
    mcdiff()
        .args(["--data", "/nonexistent/mcdiff-data", "run"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/mcdiff-data"))
        .stderr(predicate::str::contains("fetch-inputs"));
}

#[test]
fn unknown_mcpu_is_an_error() {
    let Some(data) = common::data_dir() else {
        return;
    };
    mcdiff()
        .arg("--data")
        .arg(&data)
        .args(["asm", "--mcpu", "gfx9999", "-"])
        .write_stdin("s_nop 0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("gfx9999"));
}

#[test]
fn no_spec_target_says_so() {
    let Some(data) = common::data_dir() else {
        return;
    };
    mcdiff()
        .arg("--data")
        .arg(&data)
        .args(["asm", "--mcpu", "gfx900", "-"])
        .write_stdin("s_nop 0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-spec"));
}

#[test]
fn asm_errors_carry_file_line_and_column() {
    let Some(data) = common::data_dir() else {
        return;
    };
    mcdiff()
        .arg("--data")
        .arg(&data)
        .args(["asm", "--mcpu", "gfx1100", "-"])
        .write_stdin("s_nop 0\n  s_mov_b32 s0, s1, s2\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("encoding: [0x00,0x00,0x80,0xbf]"))
        .stderr(predicate::str::starts_with("<stdin>:2:"))
        .stderr(predicate::str::contains("error:"));
}

#[test]
fn run_reports_version_and_json_records() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let dir = tempdir();
    let json = dir.join("report.json");
    let junit = dir.join("report.xml");
    mcdiff()
        .arg("--data")
        .arg(&data)
        .args([
            "run",
            "--corpus",
            "19.1.7",
            "--file",
            "gfx11_asm_sopc.s",
            "--no-cache",
            "--json",
        ])
        .arg(&json)
        .arg("--junit")
        .arg(&junit)
        .assert()
        .success()
        .stdout(predicate::str::contains("llvm-mc 19.1.7"))
        .stdout(predicate::str::contains("gfx1100"));
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.starts_with("<?xml") && xml.contains("<testsuite name=\"gfx1100 llvm-19.1.7\""));
    assert!(xml.contains("MC/AMDGPU/gfx11_asm_sopc.s"));
    let text = std::fs::read_to_string(&json).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON document per corpus");
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["corpus_version"], "19.1.7");
    assert_eq!(first["llvm_mc_version"], "19.1.7");
    let cases = first["targets"]["gfx1100"]["cases"].as_u64().unwrap();
    assert!(
        cases > 100,
        "gfx11_asm_sopc.s has well over 100 cases, got {cases}"
    );
    assert!(first["unsupported"].is_object());
    for d in first["divergences"].as_array().unwrap() {
        for key in [
            "file", "text", "ours", "llvm", "recorded", "class", "replay",
        ] {
            assert!(d.get(key).is_some(), "divergence record lacks {key}: {d}");
        }
    }
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mcdiff-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
