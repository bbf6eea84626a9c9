//! Test folders and llvm-mc binaries as a hostile pull request could make them: nothing a
//! test file says is executed, every printed command is quoted per argument, a broken or
//! lying llvm-mc is a fault or a finding (never a pass), and no llvm-mc holds a run past its
//! deadline.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const CORPUS: &str = "22.1.8";

/// A data folder at `dir/data` holding the assembler test files `files` (name, text).
fn test_folder(data: &Path, dir: &Path, files: &[(&str, String)]) -> PathBuf {
    let root = dir.join("data");
    let asm = common::corpus_layout(&root, CORPUS, data);
    for (name, text) in files {
        std::fs::write(asm.join(name), text).unwrap();
    }
    root
}

/// `mcdiff --data ROOT run --corpus 22.1.8 --no-cache --llvm-mc MC --json DIR/r.json`.
fn run(root: &Path, mc: &Path, dir: &Path) -> assert_cmd::Command {
    let mut cmd = common::mcdiff_on(root);
    cmd.args(["run", "--corpus", CORPUS, "--no-cache", "--llvm-mc"])
        .arg(mc)
        .arg("--json")
        .arg(dir.join("r.json"));
    cmd
}

const ADD: &str = "s_add_u32 s5, s1, s2\n// CHECK: encoding: [0x01,0x02,0x05,0x80]\n";

/// RUN lines whose stages before llvm-mc would run a command in a shell: none runs, each RUN
/// line is `not-run` with the stage named, and the one form LLVM's tests use (a literal
/// `sed` substitution of `%s`) is applied in-process, so its line is checked.
///
/// Checked to fail: with `read_input` handing the stages to `sh -c` again, the marker files
/// were made and the sed line's verdict was the same.
#[test]
fn no_test_file_runs_a_command() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("hostile", "no-shell");
    let marker = |n: u32| dir.join(format!("ran-{n}"));
    let run_line = |stages: String| {
        format!("// RUN: {stages} | llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding | FileCheck %s\n{ADD}")
    };
    let files = [
        ("rm.s", run_line(format!("touch {}", marker(1).display()))),
        ("tick.s", run_line(format!("cat %s `touch {}`", marker(2).display()))),
        (
            "subst.s",
            run_line(format!("sed 's/XX/4/g' %s $(touch {})", marker(3).display())),
        ),
        (
            "sed.s",
            "// RUN: sed 's/SRC/s1/g' %s | llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding | FileCheck %s\n\
             s_add_u32 s5, SRC, s2\n// CHECK: encoding: [0x01,0x02,0x05,0x80]\n"
                .to_string(),
        ),
    ];
    let root = test_folder(&data, &dir, &files);
    run(&root, &real, &dir).assert().success();
    for n in 1..=3 {
        assert!(!marker(n).exists(), "a test file ran a command ({n})");
    }
    let report = &common::json_documents(&dir.join("r.json"))[0];
    let failed = report["failed_runs"].as_array().unwrap();
    assert_eq!(failed.len(), 3, "{failed:?}");
    for f in failed {
        let reason = f["reason"].as_str().unwrap();
        assert!(reason.contains("input filter not supported"), "{reason}");
    }
    let targets = &report["targets"]["gfx1100"];
    assert_eq!(targets["llvm"]["not-run"], 3, "{targets}");
    // llvm-mc read the substituted text (our side reads the line as the file has it).
    assert_eq!(
        targets["llvm"]["agrees"], 1,
        "the sed line is checked: {targets}"
    );
}

/// A replay command built from a hostile `-mcpu` runs exactly llvm-mc when pasted: each
/// argument is quoted, and a shell splits the command back into the same words.
///
/// Checked to fail: with `LlvmMc::replay` joining the words unquoted, the replay held
/// `-mcpu=gfx1100$(touch ...)` bare.
#[test]
fn replays_are_quoted_per_argument() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("hostile", "quoted");
    let hostile = format!("gfx1100$(touch {})", dir.join("pasted").display());
    let text = format!(
        "// RUN: llvm-mc -triple=amdgcn -mcpu=\"{hostile}\" -show-encoding %s | FileCheck %s\n{ADD}"
    );
    let root = test_folder(&data, &dir, &[("q.s", text)]);
    run(&root, &real, &dir).output().unwrap();
    let report = &common::json_documents(&dir.join("r.json"))[0];
    let record = &report["records"][0];
    let replay = record["replay"].as_str().unwrap();
    let command = replay.split(" | ").nth(1).unwrap();
    let words = shlex::split(command).expect("a shell reads the replay");
    assert!(
        words.contains(&format!("-mcpu={hostile}")),
        "one word, as given: {words:?}"
    );
    assert_eq!(words[0], real.display().to_string());
}

/// An llvm-mc that prints text answering none of its input is a fault in `fuzz` too (both
/// modes): exit 2, every input faulted, none compared.
///
/// Checked to fail: without the oracle's check that the output answers its input, both
/// modes said "compared 0 ... faulted 0" and exited 0.
#[test]
fn fuzz_faults_an_llvm_mc_printing_garbage() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let dir = common::fresh_dir("hostile", "garbage");
    let mc = common::stand_in_llvm_mc(
        &dir,
        "garbage",
        "22.1.8",
        "cat >/dev/null; echo 'hello from somewhere else'",
    );
    for mode in ["asm", "disasm"] {
        let json = dir.join(format!("{mode}.json"));
        let out = common::mcdiff_on(&data)
            .args(["fuzz", "--mcpu", "gfx1100", "--mode", mode])
            .args(["--count", "50", "--seed", "1", "--llvm-mc"])
            .arg(&mc)
            .arg("--json")
            .arg(&json)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{mode}: {out:?}");
        let report: serde_json::Value = serde_json::from_str(&common::read(&json)).unwrap();
        let totals = &report["totals"];
        assert_eq!(totals["compared"], 0, "{mode}: {totals}");
        let faulted = totals["faulted"].as_u64().unwrap();
        let unsupported = totals["unsupported"].as_u64().unwrap();
        assert!(faulted > 0, "{mode}: {totals}");
        assert_eq!(faulted + unsupported, 50, "{mode}: {totals}");
        assert!(
            report["faults"]["llvm-mc output names none of its input's lines"].is_object(),
            "{mode}: {}",
            report["faults"]
        );
    }
}

/// An llvm-mc whose disassembly prints another first byte in every encoding is not trusted:
/// each decoded test word is llvm `reencodes` (a finding), never `agrees`, and no case is
/// blamed on a stale CHECK line.
///
/// Checked to fail: without the check of llvm-mc's printed encoding against the word, the
/// cases were `check-differs: bytes` with blame `stale-check`.
#[test]
fn an_llvm_mc_that_changes_encodings_is_not_trusted() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("hostile", "reencode");
    let body = format!(
        "{} \"$@\" | sed -E 's/(encoding: \\[)0x[0-9a-f]{{2}}/\\10xee/'",
        real.display()
    );
    let mc = common::stand_in_llvm_mc(&dir, "liar", "22.1.8", &body);
    let json = dir.join("r.json");
    common::mcdiff_on(&data)
        .args(["run", "--corpus", CORPUS, "--no-cache"])
        .args(["--file", "gfx11_dasm_sop1", "--llvm-mc"])
        .arg(&mc)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "gfx1100 llvm reencodes: 1980 cases",
        ));
    let report = &common::json_documents(&json)[0];
    let llvm = &report["targets"]["gfx1100"]["llvm"];
    assert_eq!(llvm["reencodes"], 1980, "every word, none agrees: {llvm}");
    let records = report["records"].as_array().unwrap();
    assert!(records
        .iter()
        .all(|r| r["blame"].as_str() != Some("stale-check")));
}

/// A stand-in that answers, then leaves a process outside its group holding the output
/// pipes: the run ends at its deadline with the file's lines `not-run` (timed out), not when
/// the straggler does; and a `--version` that hangs is cut off by the same deadline.
///
/// Checked to fail: with the output pipes read to their end without a deadline the run took
/// the straggler's 30 s; with the `--version` probe run without one, as long.
#[test]
fn no_llvm_mc_outlives_its_deadline() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("hostile", "deadline");
    let root = test_folder(&data, &dir, &[("a.s", sed_free_file())]);
    let body = format!(
        "input=$(cat)\nsetsid sleep 30 &\nprintf '%s\\n' \"$input\" | {} \"$@\"",
        real.display()
    );
    let mc = common::stand_in_llvm_mc(&dir, "straggler", "22.1.8", &body);
    let started = Instant::now();
    run(&root, &mc, &dir)
        .args(["--timeout", "3"])
        .timeout(Duration::from_secs(25))
        .assert()
        .stderr(predicates::str::contains("timed out"));
    assert!(started.elapsed() < Duration::from_secs(20));
    let hangs = dir.join("hangs");
    std::fs::write(&hangs, "#!/bin/sh\nsleep 30\n").unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&hangs, std::fs::Permissions::from_mode(0o755)).unwrap();
    let started = Instant::now();
    run(&root, &hangs, &dir)
        .args(["--timeout", "2"])
        .timeout(Duration::from_secs(25))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("timed out"));
    assert!(started.elapsed() < Duration::from_secs(20));
}

fn sed_free_file() -> String {
    format!("// RUN: llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding %s | FileCheck %s\n{ADD}")
}

/// A symbolic link among the test files is not followed, and a RUN line naming another
/// llvm-mc is not run: both are listed with their reason, on the terminal and in the JSON.
///
/// Checked to fail: before, the link was left out and the RUN line counted as `other`
/// without a word.
#[test]
fn skipped_paths_and_run_lines_are_listed() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("hostile", "skipped");
    let other = format!(
        "// RUN: {}/llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding %s | FileCheck %s\n{ADD}",
        dir.display()
    );
    let root = test_folder(&data, &dir, &[("a.s", sed_free_file()), ("other.s", other)]);
    let asm = root.join("llvm-tests").join(CORPUS).join("MC/AMDGPU");
    std::os::unix::fs::symlink("/etc/hostname", asm.join("link.s")).unwrap();
    let out = run(&root, &real, &dir).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("MC/AMDGPU/link.s: test path not read: a symbolic link"),
        "{stderr}"
    );
    assert!(
        stderr.contains("MC/AMDGPU/other.s:1: unparsed RUN line: runs"),
        "{stderr}"
    );
    let report = &common::json_documents(&dir.join("r.json"))[0];
    assert_eq!(report["skipped_paths"][0]["file"], "MC/AMDGPU/link.s");
    let unparsed = report["unparsed_runs"].as_array().unwrap();
    assert_eq!(unparsed.len(), 1, "{unparsed:?}");
    assert_eq!(report["targets"]["gfx1100"]["ours"]["match"], 1);
}
