//! `mcdiff run` when it is interrupted, and when two runs share one cache directory: earlier
//! reports stay whole, no llvm-mc is left running, no temporary file is left behind, and the
//! cache keeps giving the answers a fresh run gives.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CORPUS: &str = "22.1.8";

/// `mcdiff --data DATA run --corpus 22.1.8 --llvm-mc MC` plus `extra`, its output going to
/// `<out>.stdout` and `<out>.stderr`.
fn run_command(data: &Path, mc: &Path, out: &Path, extra: &[std::ffi::OsString]) -> Command {
    let mut cmd = Command::new(common::mcdiff_bin());
    cmd.arg("--data").arg(data);
    cmd.args(["run", "--corpus", CORPUS, "--llvm-mc"]).arg(mc);
    cmd.args(extra);
    cmd.stdin(Stdio::null())
        .stdout(std::fs::File::create(out.with_extension("stdout")).unwrap())
        .stderr(std::fs::File::create(out.with_extension("stderr")).unwrap());
    cmd
}

fn stderr_of(out: &Path) -> String {
    std::fs::read_to_string(out.with_extension("stderr")).unwrap_or_default()
}

/// Runs to the end; panics with its error output unless it exits 0.
fn run_ok(mut cmd: Command, out: &Path) {
    let status = cmd.status().unwrap();
    assert!(status.success(), "{status}: {}", stderr_of(out));
}

/// Waits for `ready` (what the test waits for), panicking after a minute: a guard against a
/// hung test, not a measurement.
fn wait_until(what: &str, child: &mut Child, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("mcdiff ended ({status}) before {what}");
        }
        assert!(Instant::now() < deadline, "still waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The processes of process group `pgid` that are alive (not zombies), from /proc.
fn live_members(pgid: u32) -> Vec<u32> {
    let mut live = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // "pid (comm) state ppid pgrp ...": comm may hold anything, so split after its ')'.
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 1..]
            .split_whitespace()
            .collect();
        if fields[0] != "Z" && fields[2].parse() == Ok(pgid) {
            live.push(pid);
        }
    }
    live
}

fn cache_entries(cache: &Path) -> usize {
    std::fs::read_dir(cache).map_or(0, |d| {
        d.flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".txt"))
            .count()
    })
}

fn lines_of(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// A temp data folder with three small assembler tests; `slow.s` carries the word the
/// stand-in llvm-mc stalls on.
fn three_test_files(data: &Path, dir: &Path) -> PathBuf {
    let root = dir.join("data");
    let asm = common::corpus_layout(&root, CORPUS, data);
    let run = |mcpu: &str| {
        format!("// RUN: llvm-mc -triple=amdgcn -mcpu={mcpu} -show-encoding %s | FileCheck %s\n")
    };
    let add = |d: u32| {
        format!("s_add_u32 s{d}, s1, s2\n// CHECK: encoding: [0x01,0x02,0x{d:02x},0x80]\n")
    };
    let body = |n: u32| (0..n).map(add).collect::<String>();
    std::fs::write(asm.join("a.s"), format!("{}{}", run("gfx1100"), body(5))).unwrap();
    std::fs::write(asm.join("b.s"), format!("{}{}", run("gfx1200"), body(7))).unwrap();
    let slow = format!("{}// mcdiff-test-slow\n{}", run("gfx1100"), body(3));
    std::fs::write(asm.join("slow.s"), slow).unwrap();
    root
}

/// A SIGINT during `mcdiff run` leaves the previous `--json`/`--junit` reports byte for
/// byte, no temporary file beside them or in the cache, and no llvm-mc running; it exits
/// non-zero; a following run over the same cache directory gives the same report, served
/// from the cache for the files the interrupted run finished.
///
/// Checked to fail: without the interrupt handler of src/llvm_mc.rs
/// (`end_llvm_mc_on_interrupt`, which kills the running llvm-mc process groups, then dies
/// of the signal) the stalled stand-in and its `sleep` were still alive after mcdiff exited
/// ("llvm-mc left running"); with src/output.rs' `check_writable` truncating the report at
/// the start of the run (`std::fs::write(path, b"")`) the JSON report is not kept.
#[test]
fn sigint_keeps_the_previous_report_and_the_cache_whole() {
    interrupted_run_keeps_reports_and_cache(libc::SIGINT);
}

/// A SIGKILL (which no handler sees) during `mcdiff run` leaves the same: the previous
/// reports byte for byte, whole cache entries, and a following run with the report of a
/// fresh one. Its stalled llvm-mc, a process group of its own, is left for the test to end.
#[test]
fn sigkill_keeps_the_previous_report_and_the_cache_whole() {
    interrupted_run_keeps_reports_and_cache(libc::SIGKILL);
}

/// The interrupted run of the two tests above, by `signal`.
fn interrupted_run_keeps_reports_and_cache(signal: libc::c_int) {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("robust", &format!("signal{signal}"));
    let root = three_test_files(&data, &dir);
    let d = dir.display();
    let body = format!(
        "echo $$ >> {d}/calls\ninput=$(cat)\n\
         case \"$input\" in *mcdiff-test-slow*) if [ -e {d}/hold ]; then\n\
         echo $$ > {d}/sleeping.w; mv {d}/sleeping.w {d}/sleeping; sleep 60; fi;; esac\n\
         printf '%s\\n' \"$input\" | exec {} \"$@\"",
        real.display()
    );
    let mc = common::stand_in_llvm_mc(&dir, "llvm-mc", CORPUS, &body);
    let reports = dir.join("reports");
    std::fs::create_dir_all(&reports).unwrap();
    let (json, junit) = (reports.join("r.json"), reports.join("r.xml"));
    let outputs = common::dir_args(&reports, &[("--json", "r.json"), ("--junit", "r.xml")]);
    let first = dir.join("first");
    let no_cache = [&outputs[..], &["--no-cache".into()]].concat();
    run_ok(run_command(&root, &mc, &first, &no_cache), &first);
    let previous = (
        std::fs::read(&json).unwrap(),
        std::fs::read(&junit).unwrap(),
    );

    std::fs::write(dir.join("hold"), "").unwrap();
    let cache = dir.join("cache");
    // One llvm-mc process per file, so that a.s and b.s finish while slow.s stalls (a.s and
    // slow.s have the same flags and would otherwise share one process).
    let mut with_cache = [outputs, common::dir_args(&dir, &[("--cache", "cache")])].concat();
    with_cache.push("--no-batch".into());
    let second = dir.join("second");
    let mut child = run_command(&root, &mc, &second, &with_cache)
        .spawn()
        .unwrap();
    let sleeping = dir.join("sleeping");
    wait_until(
        "llvm-mc stalls on slow.s, a.s and b.s cached",
        &mut child,
        || sleeping.exists() && cache_entries(&cache) == 2,
    );
    let stalled: u32 = std::fs::read_to_string(&sleeping)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // SAFETY: kill(2) on the child this test spawned and has not waited for yet.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let status = child.wait().unwrap();
    assert!(!status.success(), "an interrupted run exits non-zero");
    assert_eq!(
        std::fs::read(&json).unwrap(),
        previous.0,
        "the JSON report is kept"
    );
    assert_eq!(
        std::fs::read(&junit).unwrap(),
        previous.1,
        "the JUnit report is kept"
    );
    let names: Vec<String> = std::fs::read_dir(&reports)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "nothing but the two reports: {names:?}");
    assert_eq!(common::temporary_files(&cache), Vec::<String>::new());
    if signal == libc::SIGKILL {
        // SAFETY: kill(2) of the stalled stand-in's process group, which mcdiff could not end.
        unsafe { libc::kill(-(stalled as i32), libc::SIGKILL) };
    }
    // The interrupted run's llvm-mc (a process group of its own) was killed with it.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !live_members(stalled).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        live_members(stalled),
        Vec::<u32>::new(),
        "llvm-mc left running"
    );

    std::fs::remove_file(dir.join("hold")).unwrap();
    let calls = lines_of(&dir.join("calls"));
    let third = dir.join("third");
    let third_json = third.with_extension("json");
    let after = common::dir_args(&dir, &[("--json", "third.json"), ("--cache", "cache")]);
    run_ok(run_command(&root, &mc, &third, &after), &third);
    assert_eq!(
        std::fs::read(&third_json).unwrap(),
        previous.0,
        "the run after the interrupt gives the report of a fresh run"
    );
    assert_eq!(
        lines_of(&dir.join("calls")),
        calls + 1,
        "only slow.s runs llvm-mc: the interrupted run's cache entries serve a.s and b.s"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two runs sharing one cache directory at the same time (a stand-in llvm-mc holds each
/// run's first llvm-mc until the other run has started one, so both miss the cache together
/// and write the same entries): both exit 0 with the same report, the one the real llvm-mc
/// gives without a cache; a third run is served wholly from the cache, with the same report.
///
/// Checked to fail: with the cache store in src/llvm_mc.rs' `RunCache::exec` removed (the
/// temporary entry deleted instead of renamed into place) the third run ran llvm-mc again.
/// The concurrent half guards against races (torn or colliding cache entries) that a
/// mutation shows only by chance: a temporary entry name shared by both processes with the
/// rename's error passed on still passed 3 runs of 3, the window being microseconds.
#[test]
fn two_runs_share_one_cache_directory() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("robust", "shared-cache");
    let root = dir.join("data");
    let asm = common::corpus_layout(&root, CORPUS, &data);
    for name in ["gfx11_asm_sop1.s", "gfx12_asm_sopc.s", "gfx11_asm_sopk.s"] {
        let from = data
            .join("llvm-tests")
            .join(CORPUS)
            .join("MC/AMDGPU")
            .join(name);
        std::fs::copy(from, asm.join(name)).unwrap();
    }
    let d = dir.display();
    let body = format!(
        "echo $PPID >> {d}/calls\nn=0\n\
         while [ \"$(sort -u {d}/calls | wc -l)\" -lt 2 ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n+1)); done\n\
         exec {} \"$@\"",
        real.display()
    );
    let mc = common::stand_in_llvm_mc(&dir, "llvm-mc", CORPUS, &body);
    let cache = dir.join("cache");
    let run = |name: &str| {
        let out = dir.join(name);
        let json = format!("{name}.json");
        let args = common::dir_args(&dir, &[("--json", &json), ("--cache", "cache")]);
        (run_command(&root, &mc, &out, &args), out)
    };
    let (mut a, a_out) = run("a");
    let (mut b, b_out) = run("b");
    let (mut a, mut b) = (a.spawn().unwrap(), b.spawn().unwrap());
    let (a_status, b_status) = (a.wait().unwrap(), b.wait().unwrap());
    assert!(a_status.success(), "{a_status}: {}", stderr_of(&a_out));
    assert!(b_status.success(), "{b_status}: {}", stderr_of(&b_out));
    let calls = std::fs::read_to_string(dir.join("calls")).unwrap();
    let runs: std::collections::BTreeSet<&str> = calls.lines().collect();
    assert_eq!(runs.len(), 2, "both runs ran llvm-mc: {calls}");
    assert_eq!(common::temporary_files(&cache), Vec::<String>::new());

    let (third, third_out) = run("c");
    run_ok(third, &third_out);
    assert_eq!(
        std::fs::read_to_string(dir.join("calls")).unwrap(),
        calls,
        "the third run is served from the cache"
    );
    let reference = dir.join("reference");
    let mut fresh = run_command(&root, &real, &reference, &[]);
    fresh
        .args(["--no-cache", "--json"])
        .arg(reference.with_extension("json"));
    run_ok(fresh, &reference);

    let report = |out: &Path| common::json_documents(&out.with_extension("json"));
    let (a, b, c) = (report(&a_out), report(&b_out), report(&third_out));
    assert_eq!(a, b, "the two concurrent runs agree");
    assert_eq!(a, c, "the cached run agrees");
    let reference = &report(&reference)[0];
    for key in ["files", "run_kinds", "targets", "cases_per_file"] {
        assert_eq!(
            a[0][key], reference[key],
            "{key}: as llvm-mc without a cache"
        );
    }
    let cases = reference["targets"]["gfx1100"]["cases"].as_u64().unwrap();
    assert!(cases > 500, "gfx11_asm_sop1.s alone has hundreds of cases");
    std::fs::remove_dir_all(&dir).unwrap();
}
