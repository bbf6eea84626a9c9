//! `mcdiff disasm` against live `llvm-mc --disassemble -show-encoding` (LLVM 22) on byte
//! lines of our own, and its diagnostics and exit codes.

mod common;

use predicates::prelude::*;
use std::path::{Path, PathBuf};

use common::mcdiff;

/// gfx1100: scalar, then vector (VOP1/2/3/3P/C, true16 halves, VOPD), then memory. Bytes
/// come from our own statements assembled once with llvm-mc 22; one instruction a line, in
/// the forms LLVM's tests write them.
const GFX1100: &str = "\
# scalar
0x01,0x00,0x80,0xbe
0x06,0xff,0x05,0x80,0x34,0x12,0x00,0x00
0x40,0x00,0x03,0xb0
[0x01,0x02,0x06,0xbf]
0x03,0x00,0x80,0xbf
0x82,0x00,0x04,0xf4,0x10,0x00,0x00,0xf8
0x02,0x7e,0x80,0x8b
0x08,0xc1,0x07,0x98
0x07,0x00,0x89,0xbf
0x03,0x00,0xb6,0xbf
0x00,0x00,0xb0,0xbf

# vector
0x02,0x03,0x02,0x7e
0x01,0x05,0x00,0x06
0x00,0x00,0x13,0xd6,0x01,0x05,0x0e,0x04
0x01,0x05,0x22,0x7c
[0x91 0x0c 0x0a 0x4a]
0xff,0x0c,0x0a,0x4a,0x45,0x23,0x01,0x00
0x02,0x07,0x02,0x02
0x01,0x00,0x0b,0xd6,0x02,0x07,0x12,0x04
0x01,0x40,0x0f,0xcc,0x02,0x07,0x02,0x18
0x02,0x07,0x03,0x64
0x01,0x82,0x08,0xd5,0x02,0x07,0x02,0x20
0x05,0x6b,0x08,0x7e
0x04,0x00,0x4a,0xd4,0x01,0x05,0x01,0x00
0x01,0x00,0x55,0xd6,0x02,0xff,0x0d,0x04,0x34,0x12,0x00,0x00
0x01,0x01,0x08,0xca,0x03,0x09,0x02,0x00

# memory
0x10,0x00,0x52,0xdc,0x02,0x00,0x00,0x01
0x08,0x00,0x34,0xd8,0x01,0x02,0x00,0x00
0x04,0x00,0x50,0xe0,0x00,0x01,0x01,0x80
";

/// gfx1200: the same kinds of instruction in GFX12's encodings.
const GFX1200: &str = "\
# scalar
0x01,0x00,0x80,0xbe
0x06,0xff,0x05,0x80,0x34,0x12,0x00,0x00
0x82,0x00,0x00,0xf4,0x20,0x00,0x00,0xf8
0x00,0x00,0xc0,0xbf
0x02,0x83,0x01,0x84
0x03,0x84,0x0d,0xbf
0x03,0x00,0xb6,0xbf

# vector
0x01,0x05,0x00,0x06
0x00,0x00,0x13,0xd6,0x01,0x05,0x0e,0x04
0x04,0x02,0x06,0x7e
0x02,0x07,0x02,0x2c
0x85,0x04,0x88,0x7c
0xff,0x0c,0x0a,0x4a,0x45,0x23,0x01,0x00
0x01,0x40,0x10,0xcc,0x02,0x07,0x02,0x18
0x02,0x07,0x02,0x64
0x04,0x00,0x4a,0xd4,0x01,0x05,0x01,0x00
0x01,0x00,0x55,0xd6,0x02,0xff,0x0d,0x04,0x34,0x12,0x00,0x00
0x01,0x01,0x08,0xca,0x03,0x09,0x02,0x00

# memory
0x00,0x00,0x05,0xee,0x01,0x00,0x00,0x00,0x02,0x10,0x00,0x00
0x7c,0x00,0x05,0xc4,0x01,0x08,0x80,0x00,0x00,0x04,0x00,0x00
0x04,0x00,0xd8,0xd8,0x02,0x00,0x00,0x01
";

/// A file holding `text` in a fresh temporary folder (kept for a failing test to inspect).
fn input_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcdiff-disasm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Output lines with runs of blanks made one space.
fn normalized(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}

/// The `file:line:col: warning|error: ...` lines of a diagnostic stream.
fn diagnostics(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.contains(": warning: ") || l.contains(": error: "))
        .map(str::to_string)
        .collect()
}

struct Answer {
    stdout: String,
    stderr: String,
}

fn llvm_disassemble(llvm_mc: &Path, mcpu: &str, file: &Path) -> Answer {
    let out = std::process::Command::new(llvm_mc)
        .args(["-triple=amdgcn", &format!("-mcpu={mcpu}")])
        .args(["--disassemble", "-show-encoding"])
        .arg(file)
        .output()
        .unwrap();
    Answer {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn our_disassemble(data: &Path, mcpu: &str, file: &Path) -> (Answer, Option<i32>) {
    let out = mcdiff()
        .arg("--data")
        .arg(data)
        .args(["disasm", "--mcpu", mcpu])
        .arg(file)
        .output()
        .unwrap();
    let answer = Answer {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    };
    (answer, out.status.code())
}

/// Compares both sides line by line; returns (agreeing, total) and the differences.
fn agreement(ours: &str, llvm: &str) -> (usize, usize, Vec<String>) {
    let (a, b) = (normalized(ours), normalized(llvm));
    let total = a.len().max(b.len());
    let mut same = 0;
    let mut diffs = Vec::new();
    for i in 0..total {
        match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) if x == y => same += 1,
            (x, y) => diffs.push(format!("ours: {x:?}\nllvm: {y:?}")),
        }
    }
    (same, total, diffs)
}

fn matches_llvm_mc(mcpu: &str, input: &str) {
    let (Some(data), Some(llvm_mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let file = input_file(&format!("{mcpu}.txt"), input);
    let llvm = llvm_disassemble(&llvm_mc, mcpu, &file);
    assert!(
        llvm.stderr.is_empty(),
        "llvm-mc should decode every line: {}",
        llvm.stderr
    );
    let (ours, code) = our_disassemble(&data, mcpu, &file);
    let (same, total, diffs) = agreement(&ours.stdout, &llvm.stdout);
    eprintln!("{mcpu}: {same}/{total} lines agree with llvm-mc 22");
    assert!(
        diffs.is_empty(),
        "{mcpu}: {same}/{total} agree\n{}\nstderr: {}",
        diffs.join("\n"),
        ours.stderr
    );
    assert_eq!(code, Some(0), "stderr: {}", ours.stderr);
    assert!(ours.stderr.is_empty(), "{}", ours.stderr);
    // Not just the same words: the same layout, column for column.
    assert_eq!(ours.stdout, llvm.stdout);
}

#[test]
fn gfx1100_lines_match_llvm_mc() {
    matches_llvm_mc("gfx1100", GFX1100);
}

#[test]
fn gfx1200_lines_match_llvm_mc() {
    matches_llvm_mc("gfx1200", GFX1200);
}

#[test]
fn invalid_words_warn_at_their_column_like_llvm_mc() {
    let (Some(data), Some(llvm_mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    // An invalid word alone, then one between two valid instructions on a line: decoding
    // goes on 4 bytes later.
    let input = "\
0x01,0x00,0x80,0xbe
0xff,0xff,0xff,0xff
  0x01,0x00,0x80,0xbe, 0xff,0xff,0xff,0xff, 0x02,0x00,0x80,0xbe
";
    let file = input_file("invalid.txt", input);
    let llvm = llvm_disassemble(&llvm_mc, "gfx1100", &file);
    let (ours, code) = our_disassemble(&data, "gfx1100", &file);
    assert_eq!(code, Some(1), "stderr: {}", ours.stderr);
    let name = file.display().to_string();
    assert_eq!(
        diagnostics(&ours.stderr),
        [
            format!("{name}:2:1: warning: invalid instruction encoding"),
            format!("{name}:3:24: warning: invalid instruction encoding"),
        ]
    );
    assert_eq!(diagnostics(&ours.stderr), diagnostics(&llvm.stderr));
    assert_eq!(normalized(&ours.stdout), normalized(&llvm.stdout));
    assert_eq!(normalized(&ours.stdout).len(), 3);
}

#[test]
fn stdin_is_named_and_comments_are_skipped() {
    let Some(data) = common::data_dir() else {
        return;
    };
    common::mcdiff_on(&data)
        .args(["disasm", "--mcpu", "gfx1100"])
        .write_stdin(
            "// RUN: llvm-mc -triple=amdgcn -mcpu=gfx1100 --disassemble\n\
             \n\
             0x01,0x00,0x80,0xbe // s_mov_b32\n\
             [0x01 0x00 0x80 0xbe] ; again\n\
             # 0xff,0xff,0xff,0xff\n\
             0x01,0x02\n",
        )
        .assert()
        .code(1)
        .stdout(predicate::eq(
            "\ts_mov_b32 s0, s1                        ; encoding: [0x01,0x00,0x80,0xbe]\n"
                .repeat(2),
        ))
        .stderr(predicate::eq(
            "<stdin>:6:1: warning: invalid instruction encoding\n",
        ));
}

#[test]
fn text_that_is_not_bytes_is_an_input_token_error() {
    let Some(data) = common::data_dir() else {
        return;
    };
    common::mcdiff_on(&data)
        .args(["disasm", "--mcpu", "gfx1100", "-"])
        .write_stdin("0x01,0x00,0x80,0xbe\n0x01,0xzz\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("s_mov_b32 s0, s1"))
        .stderr(predicate::eq("<stdin>:2:6: error: invalid input token\n"));
}

#[test]
fn wave64_follows_mattr() {
    let (Some(data), Some(llvm_mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    // v_cndmask_b32 reads vcc (wave64) or vcc_lo (wave32).
    let file = input_file("wave64.txt", "0x02,0x07,0x02,0x02\n");
    let llvm = std::process::Command::new(llvm_mc)
        .args(["-triple=amdgcn", "-mcpu=gfx1100", "-mattr=+wavefrontsize64"])
        .args(["--disassemble", "-show-encoding"])
        .arg(&file)
        .output()
        .unwrap();
    let llvm = String::from_utf8(llvm.stdout).unwrap();
    assert!(llvm.contains("vcc\n") || llvm.contains("vcc "), "{llvm}");
    let out = common::mcdiff_on(&data)
        .args(["disasm", "--mcpu", "gfx1100", "--mattr", "+wavefrontsize64"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        normalized(&String::from_utf8(out.stdout).unwrap()),
        normalized(&llvm)
    );
}

#[test]
fn unknown_mcpu_and_target_without_spec_exit_2() {
    common::assert_unusable_mcpus_exit_2("disasm", "0x01,0x00,0x80,0xbe\n");
}

#[test]
fn unreadable_file_and_bad_utf8_exit_2() {
    let Some(data) = common::data_dir() else {
        return;
    };
    common::mcdiff_on(&data)
        .args(["disasm", "--mcpu", "gfx1100", "/nonexistent/bytes.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/bytes.txt"));
    common::mcdiff_on(&data)
        .args(["disasm", "--mcpu", "gfx1100"])
        .write_stdin(&b"0x01,0x00,0x80,0xbe\n# caf\xe9\n"[..])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("<stdin>:2: invalid UTF-8"));
}
