//! `mcdiff asm` against live llvm-mc on scalar lines written for this project
//! (tests/lines/*.s; none taken from LLVM's tests).

mod common;

use assert_cmd::Command;
use std::path::Path;

/// Encodings in output order, from `... ; encoding: [..]` lines.
fn encodings(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            l.split_once("encoding: ")
                .map(|(_, e)| e.trim().to_string())
        })
        .collect()
}

fn check(mcpu: &str) {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/lines/{mcpu}_scalar.s"));
    let source = std::fs::read_to_string(&file).unwrap();
    let statements = source
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .count();
    let theirs = Command::new(mc)
        .args(["-triple=amdgcn", &format!("-mcpu={mcpu}"), "-show-encoding"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        theirs.status.success(),
        "llvm-mc rejected a line of {}",
        file.display()
    );
    let theirs = encodings(&String::from_utf8_lossy(&theirs.stdout));
    let ours = Command::cargo_bin("mcdiff")
        .unwrap()
        .arg("--data")
        .arg(&data)
        .args(["asm", "--mcpu", mcpu])
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&ours.stderr);
    let ours_enc = encodings(&String::from_utf8_lossy(&ours.stdout));
    assert_eq!(
        theirs.len(),
        statements,
        "llvm-mc gave one encoding per line"
    );
    let lines: Vec<&str> = source
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .collect();
    let mismatches: Vec<String> = lines
        .iter()
        .zip(theirs.iter())
        .enumerate()
        .filter(|(i, (_, t))| ours_enc.get(*i) != Some(*t))
        .map(|(i, (l, t))| format!("{l}: llvm-mc {t}, ours {:?}", ours_enc.get(i)))
        .collect();
    assert!(
        mismatches.is_empty() && ours.status.success(),
        "{mcpu}: {} of {} lines differ:\n{}\nstderr:\n{stderr}",
        mismatches.len(),
        lines.len(),
        mismatches.join("\n")
    );
}

#[test]
fn gfx1100_scalar_lines_match_llvm_mc() {
    check("gfx1100");
}

#[test]
fn gfx1200_scalar_lines_match_llvm_mc() {
    check("gfx1200");
}

#[test]
fn gfx942_scalar_lines_match_llvm_mc() {
    check("gfx942");
}
