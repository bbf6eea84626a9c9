//! The command line: errors name what is wrong, exit codes mean something.

mod common;

use predicates::prelude::*;

use common::mcdiff;

#[test]
fn missing_data_folder_is_named() {
    mcdiff()
        .args(["--data", "/nonexistent/mcdiff-data", "run"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/mcdiff-data"))
        .stderr(predicate::str::contains("fetch-inputs"));
}

/// An unknown `--mcpu` and one without a spec are errors that say so.
#[test]
fn unusable_mcpus_are_errors() {
    common::assert_unusable_mcpus_exit_2("asm", "s_nop 0\n");
}

#[test]
fn asm_errors_carry_file_line_and_column() {
    let Some(data) = common::data_dir() else {
        return;
    };
    common::mcdiff_on(&data)
        .args(["asm", "--mcpu", "gfx1100", "-"])
        .write_stdin("s_nop 0\n  s_mov_b32 s0, s1, s2\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("encoding: [0x00,0x00,0x80,0xbf]"))
        .stderr(predicate::str::starts_with("<stdin>:2:"))
        .stderr(predicate::str::contains("error:"));
}

/// Input that is not UTF-8 is bad input naming its first bad line, as for `disasm`.
#[test]
fn asm_input_that_is_not_utf8_names_its_line() {
    let Some(data) = common::data_dir() else {
        return;
    };
    common::mcdiff_on(&data)
        .args(["asm", "--mcpu", "gfx1100", "-"])
        .write_stdin(&b"s_nop 0\ns_nop 1\nv_add_f32 v0, v1, \xff\n"[..])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("<stdin>:3: invalid UTF-8"));
}

/// An llvm-mc that is not there, or does not say which LLVM it is, is bad input (exit 2,
/// naming it), before any file is read.
#[test]
fn a_missing_or_unversioned_llvm_mc_is_bad_input() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let dir = tempdir().join("unversioned");
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("no-such-llvm-mc");
    let garbage = dir.join("garbage-llvm-mc");
    std::fs::write(&garbage, "#!/bin/sh\necho 'something else 1.0'\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&garbage, std::fs::Permissions::from_mode(0o755)).unwrap();
    for (mc, says) in [(&missing, "cannot run"), (&garbage, "no version")] {
        run_19(&data)
            .args(["--mcpu", "gfx1100", "--llvm-mc"])
            .arg(mc)
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains(mc.display().to_string()))
            .stderr(predicate::str::contains(says));
    }
}

/// Every decoded word whose text our assembler does not take back to the word has a record
/// in the JSON's `roundtrip_failures`, as many as the round-trip table counts.
#[test]
fn run_json_lists_each_round_trip_failure() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let json = tempdir().join("roundtrip.json");
    let out = run_19(&data)
        .args([
            "--file",
            "gfx8_mimg_features.txt",
            "--mcpu",
            "gfx810",
            "--json",
        ])
        .arg(&json)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let failed: usize = (stdout.lines())
        .skip_while(|l| !l.starts_with("round trip of the lines we decoded"))
        .find_map(|l| l.strip_prefix("| gfx810 "))
        .and_then(|row| row.split('|').nth(2))
        .map(|n| n.trim().parse().unwrap())
        .expect("the round-trip table has a gfx810 row");
    assert!(
        failed > 0,
        "gfx8_mimg_features.txt has words that do not assemble back"
    );
    let text = std::fs::read_to_string(&json).unwrap();
    let doc: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let records = doc["roundtrip_failures"].as_array().unwrap();
    assert_eq!(records.len(), failed);
    for r in records {
        assert!(r["ours_text"].is_string(), "{r}");
        assert_eq!(r["file"], "MC/Disassembler/AMDGPU/gfx8_mimg_features.txt");
    }
}

#[test]
fn run_reports_version_and_json_records() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let dir = tempdir();
    let json = dir.join("report.json");
    let junit = dir.join("report.xml");
    run_19(&data)
        .args([
            "--file",
            "gfx11_asm_vop2.s",
            "--mcpu",
            "gfx1100",
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
    assert!(xml.contains("MC/AMDGPU/gfx11_asm_vop2.s"));
    let text = std::fs::read_to_string(&json).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON document per corpus");
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["corpus_version"], "19.1.7");
    assert_eq!(first["llvm_mc_version"], "19.1.7");
    let cases = first["targets"]["gfx1100"]["cases"].as_u64().unwrap();
    assert!(
        cases > 100,
        "gfx11_asm_vop2.s has well over 100 cases, got {cases}"
    );
    for key in ["llvm", "ours", "matrix", "messages"] {
        assert!(
            first["targets"]["gfx1100"].get(key).is_some(),
            "per-target counts lack {key}"
        );
    }
    let records = first["records"].as_array().unwrap();
    assert!(
        !records.is_empty(),
        "gfx11_asm_vop2.s has cases that are not agrees+match"
    );
    for r in records {
        for key in [
            "file",
            "run_line",
            "line",
            "mcpu",
            "mattr",
            "text",
            "llvm",
            "ours",
            "ours_bytes",
            "llvm_bytes",
            "check_bytes",
            "ours_error",
            "llvm_error",
            "fields",
            "blame",
            "replay",
        ] {
            assert!(r.get(key).is_some(), "record lacks {key}: {r}");
        }
        let agrees = r["llvm"] == "agrees" || r["llvm"] == "no-check";
        assert!(
            !(agrees && r["ours"] == "match"),
            "agrees+match is not recorded: {r}"
        );
        if r["ours"] == "ours-differs" {
            assert!(
                r["fields"].is_string(),
                "ours-differs names its fields: {r}"
            );
        }
    }
}

/// llvm-mc faults are `not-run` cases, never matches or rejections; they fail
/// `--deny-divergence` and are never cached.
#[test]
fn llvm_mc_faults_are_not_run_and_never_cached() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let dir = tempdir().join("faults");
    std::fs::create_dir_all(&dir).unwrap();
    let cache = dir.join("cache");
    for (name, body, file, reason) in [
        (
            "segv",
            "cat >/dev/null; kill -SEGV $$",
            "gfx11_asm_sopc.s",
            "llvm-mc crashed (signal 11)",
        ),
        (
            "silent",
            "cat >/dev/null; exit 0",
            "gfx11_asm_sopc.s",
            "llvm-mc printed nothing",
        ),
        (
            "killed",
            "cat >/dev/null; kill -KILL $$",
            "gfx11_asm_sopc.s",
            "llvm-mc crashed (signal 9)",
        ),
        // An encoding cut in two, exit status 0.
        (
            "cut",
            "cat >/dev/null; printf '\\t.text\\n\\ts_cmp_eq_i32 s0, s1 ; encoding: [0x00,0x01'",
            "gfx11_asm_sopc.s",
            "llvm-mc output cut short",
        ),
        (
            "garbled",
            "cat >/dev/null; printf '\\377\\376\\n'",
            "gfx11_asm_sopc.s",
            "garbled output",
        ),
        // Valid text that answers nothing it was asked (no line's label), exit status 0.
        (
            "unrelated",
            "cat >/dev/null; echo hello",
            "gfx11_asm_sopc.s",
            "names none of its input's lines",
        ),
        // A fatal stop is no rejection of the lines (the RUN line expects them encoded).
        (
            "fatal",
            "cat >/dev/null; echo 'LLVM ERROR: Cannot select' >&2; exit 1",
            "gfx11_asm_sopc.s",
            "llvm-mc stopped with LLVM ERROR",
        ),
        // A wrapper that never reads its (over 64 KB of) input and leaves a sleeping child
        // holding the pipes: the timeout kills the whole process group.
        (
            "hang",
            "sleep 60 & wait",
            "gfx11_asm_vop3.s",
            "llvm-mc timed out",
        ),
    ] {
        let mc = common::stand_in_llvm_mc(&dir, name, "19.1.7", body);
        let json = dir.join(format!("{name}.json"));
        gfx1100_run(&data, file, &mc, &cache, &json)
            .args(["--timeout", "2", "--deny-divergence"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("RUN line not checked"));
        let text = std::fs::read_to_string(&json).unwrap();
        let report: serde_json::Value = serde_json::from_str(&text).unwrap();
        let counts = &report["targets"]["gfx1100"];
        assert_eq!(
            counts["llvm"]["not-run"], counts["cases"],
            "{name}: every case not-run"
        );
        let rows: Vec<&String> = counts["matrix"].as_object().unwrap().keys().collect();
        assert_eq!(rows, ["not-run"], "{name}: no llvm verdict but not-run");
        assert!(report["records"][0]["llvm"]
            .as_str()
            .unwrap()
            .ends_with(reason));
        let cached = std::fs::read_dir(&cache).map_or(0, |d| d.count());
        assert_eq!(cached, 0, "{name}: a faulty answer is never cached");
    }
    // The crashing llvm-mc fixed at the same path: its answers, not the fault, are used.
    let Some(real) = common::llvm_mc("19") else {
        return;
    };
    let body = format!("exec {} \"$@\"", real.display());
    let mc = common::stand_in_llvm_mc(&dir, "segv", "19.1.7", &body);
    let json = dir.join("fixed.json");
    gfx1100_run(&data, "gfx11_asm_sopc.s", &mc, &cache, &json)
        .assert()
        .success();
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let llvm = &report["targets"]["gfx1100"]["llvm"];
    assert!(llvm["not-run"].is_null(), "fixed llvm-mc: {llvm}");
}

/// A fault in one file's llvm-mc run leaves the others checked: the faulting RUN line is
/// listed (stderr, the summary and the JSON's failed runs) and its cases are not-run.
#[test]
fn a_fault_in_one_file_leaves_the_others_checked() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let dir = common::fresh_dir("cli", "one-fault");
    // Crashes on the SOPC file's input only.
    let body = format!(
        "input=$(cat)\ncase \"$input\" in *s_cmp_eq_i32*) kill -SEGV $$;; esac\n\
         printf '%s\\n' \"$input\" | exec {} \"$@\"",
        real.display()
    );
    let mc = common::stand_in_llvm_mc(&dir, "picky", "19.1.7", &body);
    let json = dir.join("r.json");
    run_19(&data)
        .args(["--file", "gfx11_asm_sopc.s", "--file", "gfx11_asm_sop1.s"])
        .args(["--mcpu", "gfx1100", "--no-cache", "--llvm-mc"])
        .arg(&mc)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("RUN lines not checked"))
        .stderr(predicate::str::contains("gfx11_asm_sopc.s:"))
        .stderr(predicate::str::contains("signal 11"));
    let report = &common::json_documents(&json)[0];
    let failed = report["failed_runs"].as_array().unwrap();
    assert!(!failed.is_empty());
    assert!(failed
        .iter()
        .all(|f| f["file"].as_str().unwrap().ends_with("gfx11_asm_sopc.s")));
    let files = report["cases_per_file"].as_object().unwrap();
    let sopc = files["MC/AMDGPU/gfx11_asm_sopc.s"]["gfx1100"]
        .as_u64()
        .unwrap();
    let counts = &report["targets"]["gfx1100"];
    assert_eq!(counts["llvm"]["not-run"].as_u64().unwrap(), sopc);
    assert!(
        counts["ours"]["match"].as_u64().unwrap() > 0,
        "SOP1 is checked"
    );
}

/// Reports are written whole and renamed into place, never rewritten where they are: a
/// reader (or an interrupted run) sees the old report or the new one, never part of one.
/// The file at the report's path is a new one after each run.
#[test]
fn reports_are_renamed_into_place() {
    use std::os::unix::fs::MetadataExt;
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let dir = common::fresh_dir("cli", "atomic-reports");
    let (json, junit) = (dir.join("r.json"), dir.join("r.xml"));
    let inodes =
        || [&json, &junit].map(|p| std::fs::metadata(p).map(|m| m.ino()).unwrap_or_default());
    let mut seen = vec![inodes()];
    for _ in 0..2 {
        gfx1100_run(&data, "gfx11_asm_sopc.s", &real, &dir.join("cache"), &json)
            .arg("--junit")
            .arg(&junit)
            .assert()
            .success();
        let now = inodes();
        assert!(now.iter().all(|&i| i != 0), "both reports written");
        assert!(
            seen.iter()
                .all(|before| before.iter().zip(&now).all(|(b, n)| b != n)),
            "a report was rewritten in place: {seen:?} then {now:?}"
        );
        seen.push(now);
    }
}

/// An llvm-mc of another release than the corpus's checks it with a note saying that
/// check-differs then count LLVM's changes, and the report names the release that ran.
#[test]
fn another_release_than_the_corpus_is_noted() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let dir = common::fresh_dir("cli", "other-release");
    let mc = common::stand_in_llvm_mc(
        &dir,
        "older",
        "18.1.8",
        &format!("exec {} \"$@\"", real.display()),
    );
    let json = dir.join("r.json");
    gfx1100_run(&data, "gfx11_asm_sopc.s", &mc, &dir.join("cache"), &json)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "llvm-mc 18.1.8 checks LLVM 19.1.7's tests",
        ));
    let report = &common::json_documents(&json)[0];
    assert_eq!(report["llvm_mc_version"], "18.1.8");
    assert_eq!(report["corpus_version"], "19.1.7");
}

/// A timed-out llvm-mc is killed with its whole process group: a wrapper's sleeping child
/// is gone when mcdiff exits.
#[test]
fn a_timeout_leaves_no_process_behind() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let dir = common::fresh_dir("cli", "timeout-group");
    let pid = dir.join("pid");
    let body = format!("sleep 60 & echo $! > {}\nwait", pid.display());
    let mc = common::stand_in_llvm_mc(&dir, "sleepy", "19.1.7", &body);
    let started = std::time::Instant::now();
    gfx1100_run(
        &data,
        "gfx11_asm_sopc.s",
        &mc,
        &dir.join("cache"),
        &dir.join("r.json"),
    )
    .args(["--timeout", "1"])
    .assert()
    .success()
    .stderr(predicate::str::contains("timed out"));
    // Not the child's 60 s: a child left alive holds the pipes, and mcdiff waits for it.
    let waited = started.elapsed().as_secs();
    assert!(waited < 30, "the run took {waited} s");
    let child = std::fs::read_to_string(&pid).unwrap();
    // Dead once gone or a zombie (SIGKILL is delivered, the reaping is init's).
    let stat = format!("/proc/{}/stat", child.trim());
    let running = || {
        std::fs::read_to_string(&stat).is_ok_and(|s| {
            s.rsplit(')')
                .next()
                .is_some_and(|r| !r.trim_start().starts_with('Z'))
        })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while running() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        !running(),
        "the sleeping child {} outlived the timeout",
        child.trim()
    );
}

/// A cache entry that is torn, empty or no answer to its input (unrelated text) is never
/// used: llvm-mc runs again and the report equals the first run's.
#[test]
fn unusable_cache_entries_are_run_again() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let dir = common::fresh_dir("cli", "cache-reuse");
    let cache = dir.join("cache");
    let calls = dir.join("calls");
    let body = format!(
        "echo run >> {}
exec {} \"$@\"",
        calls.display(),
        real.display()
    );
    let mc = common::stand_in_llvm_mc(&dir, "logged", "19.1.7", &body);
    let first = dir.join("first.json");
    gfx1100_run(&data, "gfx11_asm_sopc.s", &mc, &cache, &first)
        .assert()
        .success();
    let records = |path: &std::path::Path| common::json_documents(path)[0]["records"].clone();
    // The stored format: stdout, a separator line, stderr (src/llvm_mc/cache.rs).
    let unrelated = "hello\n\n\u{0}STDERR\u{0}\n";
    for (name, entry) in [
        ("torn", "\t.text\n"),
        ("empty", ""),
        ("unrelated", unrelated),
    ] {
        for e in std::fs::read_dir(&cache).unwrap() {
            std::fs::write(e.unwrap().path(), entry).unwrap();
        }
        std::fs::remove_file(&calls).unwrap();
        let again = dir.join(format!("{name}.json"));
        gfx1100_run(&data, "gfx11_asm_sopc.s", &mc, &cache, &again)
            .assert()
            .success();
        assert!(calls.exists(), "{name}: llvm-mc ran again");
        assert_eq!(records(&again), records(&first), "{name}");
    }
}

/// `mcdiff --data <data> run --corpus 19.1.7`, for the caller's further arguments.
fn run_19(data: &std::path::Path) -> assert_cmd::Command {
    let mut cmd = common::mcdiff_on(data);
    cmd.args(["run", "--corpus", "19.1.7"]);
    cmd
}

/// `run_19` of one file on gfx1100 with llvm-mc `mc`, cache `cache` and JSON report `json`.
fn gfx1100_run(
    data: &std::path::Path,
    file: &str,
    mc: &std::path::Path,
    cache: &std::path::Path,
    json: &std::path::Path,
) -> assert_cmd::Command {
    let mut cmd = run_19(data);
    cmd.args(["--file", file, "--mcpu", "gfx1100", "--llvm-mc"])
        .arg(mc)
        .arg("--cache")
        .arg(cache)
        .arg("--json")
        .arg(json);
    cmd
}

/// A fresh 19.1.7 corpus folder named `name` for a test's own files, when the data and
/// llvm-mc 19 are there: (its root, its `MC/AMDGPU` folder).
fn corpus_19(name: &str) -> Option<(std::path::PathBuf, std::path::PathBuf)> {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return None;
    };
    let dir = common::fresh_dir("cli", name);
    let asm = common::corpus_layout(&dir, "19.1.7", &data);
    Some((dir, asm))
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mcdiff-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_file_filter_matching_nothing_is_bad_input() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    run_19(&data)
        .args(["--file", "no-such-test-file.s"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-test-file.s"));
}

/// So is an `--mcpu` no RUN line of the selected files has (a misspelt target would
/// otherwise pass with nothing checked).
#[test]
fn an_mcpu_filter_matching_no_run_line_is_bad_input() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    run_19(&data)
        .args([
            "--file",
            "gfx11_asm_sopc.s",
            "--mcpu",
            "gfx1100",
            "--mcpu",
            "gfx1101x",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("gfx1101x"))
        .stderr(predicate::str::contains("gfx1100\"").not());
}

/// An unwritable report path is found before the run, and a report from an earlier run is
/// not truncated by a run that fails.
#[test]
fn report_paths_are_checked_first_and_never_truncated() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    run_19(&data)
        .args(["--junit", "/nonexistent-dir/r.xml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent-dir/r.xml"));
    let dir = tempdir().join("keep");
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("old.json");
    std::fs::write(&json, "previous report\n").unwrap();
    run_19(&data)
        .args(["--file", "no-such-test-file.s", "--json"])
        .arg(&json)
        .assert()
        .code(2);
    assert_eq!(std::fs::read_to_string(&json).unwrap(), "previous report\n");
}

/// The gate exits 0 when every change is in the baseline, 1 naming an entry that is not,
/// and 2 when an llvm-mc faults.
#[test]
fn gate_exit_status_follows_the_baseline() {
    let Some((data, old, new)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = tempdir().join("gate");
    std::fs::create_dir_all(&dir).unwrap();
    let baseline = dir.join("baseline.txt");
    let gate = |old: &std::path::Path, extra: &[&std::ffi::OsStr]| {
        let mut cmd = mcdiff();
        cmd.arg("--data")
            .arg(&data)
            .args(["gate", "--old"])
            .arg(old);
        cmd.arg("--new").arg(&new).args(["--corpus", "19.1.7"]);
        cmd.args(["--file", "gfx11_dasm_vop1.txt", "--mcpu", "gfx1100"]);
        cmd.args(extra);
        cmd
    };
    gate(&old, &["--write-baseline".as_ref(), baseline.as_os_str()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("unreviewed"));
    let text = std::fs::read_to_string(&baseline).unwrap();
    let changes: usize = text.lines().map(|l| l.split(',').count()).sum();
    assert!(changes > 10, "LLVM 22 prints gfx11 VOP1 text differently");
    gate(&old, &["--baseline".as_ref(), baseline.as_os_str()])
        .assert()
        .success();
    // Take one change (the first line number of the first group) out of the baseline.
    let (head, lines) = text.lines().next().unwrap().split_once(": ").unwrap();
    let (first, others) = lines.split_once(',').expect("a group of several lines");
    let w: Vec<&str> = head.split_whitespace().collect();
    let removed = format!("{} {}:{first} {} {}", w[0], w[1], w[2], w[3]);
    let rest = text.replacen(&format!("{head}: {lines}"), &format!("{head}: {others}"), 1);
    std::fs::write(&baseline, rest).unwrap();
    gate(&old, &["--baseline".as_ref(), baseline.as_os_str()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!("unreviewed: {removed}:")))
        .stderr(predicate::str::contains("1 changes are unreviewed"));
    let broken = common::stand_in_llvm_mc(&dir, "segv", "19.1.7", "kill -SEGV $$");
    gate(&broken, &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("signal 11"));
}

/// Every kind of llvm-mc fault, on either side of the gate, makes it exit 2 with the
/// fault's reason: a gate never judges an upgrade on answers llvm-mc did not give.
#[test]
fn every_llvm_mc_fault_stops_the_gate() {
    let Some((data, old, new)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = tempdir().join("gate-faults");
    std::fs::create_dir_all(&dir).unwrap();
    let faults = [
        ("segv", "cat >/dev/null; kill -SEGV $$", "signal 11"),
        ("killed", "cat >/dev/null; kill -KILL $$", "signal 9"),
        ("silent", "cat >/dev/null; exit 0", "printed nothing"),
        (
            "cut",
            "cat >/dev/null; printf '\\t.text\\n\\ts_nop'",
            "ends mid-line",
        ),
        ("garbled", "cat >/dev/null; printf '\\377\\376\\n'", "UTF-8"),
        (
            "unrelated",
            "cat >/dev/null; echo hello",
            "names none of its input's lines",
        ),
        (
            "fatal",
            "cat >/dev/null; echo 'LLVM ERROR: x' >&2; exit 1",
            "LLVM ERROR",
        ),
        ("hang", "sleep 60 & wait", "timed out"),
    ];
    for (name, body, reason) in faults {
        for side in ["old", "new"] {
            let version = if side == "old" { "19.1.7" } else { "22.1.8" };
            let broken = common::stand_in_llvm_mc(&dir, &format!("{name}-{side}"), version, body);
            let (o, n) = if side == "old" {
                (&broken, &new)
            } else {
                (&old, &broken)
            };
            mcdiff()
                .arg("--data")
                .arg(&data)
                .args(["gate", "--no-cache", "--timeout", "2", "--old"])
                .arg(o)
                .arg("--new")
                .arg(n)
                .args(["--corpus", "19.1.7", "--file", "gfx11_asm_sopc.s"])
                .args(["--mcpu", "gfx1100"])
                .assert()
                .code(2)
                .stderr(predicate::str::contains(reason));
        }
    }
}

/// A data folder `name` whose every input links to `data`'s but the file at `replaced` (a
/// path under the folder), which holds `contents`.
fn data_with_one_file_replaced(
    data: &std::path::Path,
    name: &str,
    replaced: &str,
    contents: &str,
) -> std::path::PathBuf {
    fn mirror(from: &std::path::Path, to: &std::path::Path, rest: &[&str], contents: &str) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let here = to.join(entry.file_name());
            match rest {
                [last] if entry.file_name() == *last => std::fs::write(here, contents).unwrap(),
                [next, deeper @ ..] if entry.file_name() == *next => {
                    mirror(&entry.path(), &here, deeper, contents)
                }
                _ => std::os::unix::fs::symlink(entry.path(), here).unwrap(),
            }
        }
    }
    let dir = tempdir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let parts: Vec<&str> = replaced.split('/').collect();
    mirror(data, &dir, &parts, contents);
    dir
}

/// A malformed pseudocode file is bad input: the run completes, then exits 2 naming it.
#[test]
fn malformed_pseudocode_is_bad_input() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let bad = "[{\"name\": \"S_NOP\",\n  oops";
    let path = "amd-isa/derived/pseudocode/rdna3.json";
    let dir = data_with_one_file_replaced(&data, "bad-pseudocode", path, bad);
    run_19(&dir)
        .args(["--file", "gfx11_asm_sopc.s", "--mcpu", "gfx1100"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("gfx1100"))
        .stderr(predicate::str::contains("rdna3.json"))
        .stderr(predicate::str::contains("line 2"));
}

/// Bad test files: a file that is not UTF-8 and a RUN line continued past the end of its
/// file are named with file:line, the rest of the run completes, and the exit status is 2.
#[test]
fn bad_test_files_are_named_and_the_run_completes() {
    let Some((dir, asm)) = corpus_19("bad-tests") else {
        return;
    };
    let run = "// RUN: llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding %s | FileCheck %s\n";
    let mut bad = format!("{run}s_nop 0\n").into_bytes();
    bad.extend_from_slice(b"s_mov_b32 s0, \xff\xfe\n");
    std::fs::write(asm.join("bad.s"), bad).unwrap();
    std::fs::write(asm.join("cont.s"), run.replace("%s\n", "%s \\\n")).unwrap();
    std::fs::write(asm.join("good.s"), format!("{run}s_nop 0\n")).unwrap();
    let json = dir.join("r.json");
    run_19(&dir)
        .args(["--json"])
        .arg(&json)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("3 files"))
        .stderr(predicate::str::contains(
            "bad.s:3: the test file is not UTF-8",
        ))
        .stderr(predicate::str::contains("cont.s:1: unparsed RUN line"));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        report["targets"]["gfx1100"]["llvm"]["not-run"], 2,
        "bad.s is not run"
    );
    assert_eq!(
        report["targets"]["gfx1100"]["ours"]["match"], 1,
        "good.s was checked"
    );
}

/// RUN lines with a flag llvm-mc or FileCheck does not have (lit would run them and fail)
/// are bad input named with file:line: the run completes, counting the file's other RUN
/// line and the other files' cases, lists them in the JSON, and exits 2.
///
/// Checked to fail: with crates/lit's `walk_options` skipping an unknown option instead of
/// returning "unknown option" the run exits 0 and counts the bad RUN lines' cases; with
/// `cmd_run` (src/main.rs) not adding `unparsed_runs` to its input errors it exits 0.
#[test]
fn unknown_run_line_flags_are_bad_input_and_the_run_completes() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("cli", "unknown-flags");
    let asm = common::corpus_layout(&dir, "22.1.8", &data);
    let run = |mcpu: &str, mc_flag: &str, fc_flag: &str| {
        format!("// RUN: llvm-mc -triple=amdgcn -mcpu={mcpu} -show-encoding{mc_flag} %s | FileCheck{fc_flag} %s\n")
    };
    let nop = "s_nop 0\n// CHECK: s_nop 0 ; encoding: [0x00,0x00,0x80,0xbf]\n";
    let flags = [
        run("gfx1100", "", ""),
        run("gfx1100", " --no-such-flag", ""),
        run("gfx1200", "", " --frobnicate"),
    ];
    std::fs::write(asm.join("flags.s"), format!("{}{nop}", flags.concat())).unwrap();
    std::fs::write(
        asm.join("good.s"),
        format!("{}{nop}{nop}", run("gfx1200", "", "")),
    )
    .unwrap();
    let json = dir.join("r.json");
    common::mcdiff_on(&dir)
        .args(["run", "--corpus", "22.1.8", "--no-cache", "--json"])
        .arg(&json)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("gfx1100"))
        .stderr(predicate::str::contains(
            "MC/AMDGPU/flags.s:2: unparsed RUN line: unknown option --no-such-flag",
        ))
        .stderr(predicate::str::contains(
            "MC/AMDGPU/flags.s:3: unparsed RUN line: unknown option --frobnicate",
        ))
        .stderr(predicate::str::contains("panicked").not());
    let report = &common::json_documents(&json)[0];
    let unparsed: Vec<(&str, u64)> = report["unparsed_runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["file"].as_str().unwrap(), u["line"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        unparsed,
        [("MC/AMDGPU/flags.s", 2), ("MC/AMDGPU/flags.s", 3)]
    );
    assert_eq!(report["files"], 2);
    let per_file = &report["cases_per_file"];
    assert_eq!(
        per_file["MC/AMDGPU/flags.s"],
        serde_json::json!({"gfx1100": 1})
    );
    assert_eq!(
        per_file["MC/AMDGPU/good.s"],
        serde_json::json!({"gfx1200": 2})
    );
    for (mcpu, cases) in [("gfx1100", 1), ("gfx1200", 2)] {
        let t = &report["targets"][mcpu];
        assert_eq!(t["cases"], cases, "{mcpu}");
        assert_eq!(t["llvm"]["agrees"], cases, "{mcpu}: llvm-mc ran: {t}");
        assert_eq!(t["ours"]["match"], cases, "{mcpu}: ours ran: {t}");
    }
}

/// A RUN line naming a processor llvm-mc does not know: its cases are `not-run` with that
/// reason (named file:line on stderr), the other RUN line of the file is checked, and the
/// run fails `--deny-divergence` (a RUN line could not run).
#[test]
fn an_unknown_mcpu_in_a_run_line_is_not_run_and_named() {
    let Some((dir, asm)) = corpus_19("unknown-mcpu") else {
        return;
    };
    let run = |mcpu: &str| {
        format!("// RUN: llvm-mc -triple=amdgcn -mcpu={mcpu} -show-encoding %s | FileCheck %s\n")
    };
    let text = format!("{}{}s_nop 0\n", run("gfx9999"), run("gfx1100"));
    std::fs::write(asm.join("cpu.s"), text).unwrap();
    let json = dir.join("r.json");
    run_19(&dir)
        .args(["--deny-divergence", "--json"])
        .arg(&json)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cpu.s:1: RUN line not checked"))
        .stderr(predicate::str::contains("gfx9999"));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let unknown = &report["targets"]["gfx9999"];
    assert_eq!(unknown["llvm"]["not-run"], 1, "{unknown}");
    assert_eq!(report["targets"]["gfx1100"]["ours"]["match"], 1);
}

/// Both corpora share one spec cache, and each counts only the spec errors of its own targets:
/// a broken RDNA3 file is one unreadable input when only the 19.1.7 corpus has a gfx1100 RUN
/// line among the files selected (`gfx11_asm_vop1_t16_err-fake16.s` is not in 22.1.8).
///
/// Checked to fail: with the cache's errors counted whichever run loaded them, the 22.1.8
/// corpus counts the gfx1100 error again and the message says 2 inputs.
#[test]
fn a_spec_error_counts_in_the_corpus_whose_targets_load_it() {
    let (Some(data), Some(_), Some(_)) = (
        common::data_dir(),
        common::llvm_mc("19"),
        common::llvm_mc("22"),
    ) else {
        return;
    };
    let path = "amd-isa/xml/amdgpu_isa_rdna3.manual.xml";
    let text = std::fs::read_to_string(data.join(path)).unwrap();
    let dir = data_with_one_file_replaced(&data, "bad-spec-shared", path, &text[..text.len() / 3]);
    let files = ["gfx11_asm_vop1_t16_err-fake16.s", "gfx12_asm_sop1.s"];
    let mut cmd = common::mcdiff_on(&dir);
    cmd.arg("run");
    for file in files {
        cmd.args(["--file", file]);
    }
    cmd.assert()
        .code(2)
        .stderr(predicate::str::contains("amdgpu_isa_rdna3.manual.xml"))
        .stderr(predicate::str::contains("(1 inputs could not be read)"));
}

/// A spec XML file that is cut short or has a field beyond its word is bad input: `run`
/// reports the target's cases `unsupported` with the reason, checks the other targets,
/// names the file and line on stderr and exits 2; `asm` exits 2 naming it.
///
/// Checked to fail: without the engine adding the spec cache's load errors to its input
/// errors, `run` exits 0 with nothing on stderr.
#[test]
fn a_broken_spec_file_is_bad_input_and_the_run_completes() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("19")) else {
        return;
    };
    let original = data.join("amd-isa/xml/amdgpu_isa_rdna3.manual.xml");
    let text = std::fs::read_to_string(&original).unwrap();
    let truncated = text[..text.len() / 3].to_string();
    // A field range past the 32-bit SOP1 word: the first SOP1 field's offset made 200.
    let sop1 = text.find("<EncodingName>ENC_SOP1</EncodingName>").unwrap();
    let offset = sop1 + text[sop1..].find("<BitOffset>").unwrap();
    let end = offset + text[offset..].find("</BitOffset>").unwrap();
    let beyond = format!("{}<BitOffset>200{}", &text[..offset], &text[end..]);
    let cases = [
        ("cut", truncated, "never closed at line"),
        (
            "beyond",
            beyond,
            "ENC_SOP1, field ENCODING: bits [208:200] lie beyond",
        ),
    ];
    for (name, broken, message) in cases {
        let path = "amd-isa/xml/amdgpu_isa_rdna3.manual.xml";
        let dir = data_with_one_file_replaced(&data, &format!("bad-spec-{name}"), path, &broken);
        let json = dir.join("r.json");
        let out = run_19(&dir)
            .args([
                "--file",
                "gfx11_asm_sop1.s",
                "--file",
                "gfx12_asm_sop1.s",
                "--json",
            ])
            .arg(&json)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains("amdgpu_isa_rdna3.manual.xml"),
            "{name}: {stderr}"
        );
        assert!(stderr.contains(message), "{name}: {stderr}");
        let report = &common::json_documents(&json)[0];
        let gfx1100 = &report["targets"]["gfx1100"];
        assert_eq!(gfx1100["ours"]["unsupported"], gfx1100["cases"], "{name}");
        assert!(
            report["targets"]["gfx1200"]["ours"]["match"]
                .as_u64()
                .unwrap()
                > 0,
            "{name}: the other target is checked"
        );
        mcdiff()
            .arg("--data")
            .arg(&dir)
            .args(["asm", "--mcpu", "gfx1100"])
            .write_stdin("s_nop 0\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("amdgpu_isa_rdna3.manual.xml"));
    }
}
