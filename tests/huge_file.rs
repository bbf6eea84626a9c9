//! One huge test file (1M lines, 44 MB in release builds), generated at run time: `mcdiff run`
//! completes with every instruction line counted and no panic.

mod common;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// Instruction lines of the big file; each has its CHECK line, so the file has twice as
/// many lines (plus comments). Debug builds run a twentieth: the debug encoder is some
/// 10-20x slower.
const CASES: u32 = if cfg!(debug_assertions) {
    25_000
} else {
    500_000
};

/// Writes `MC/AMDGPU/huge.s`: one RUN line, then `cases` instruction lines (`s_add_u32`
/// with 100 destination registers) each with its CHECK line, a blank line and a comment
/// after every tenth.
fn write_huge_file(asm: &Path, cases: u32) {
    let file = std::fs::File::create(asm.join("huge.s")).unwrap();
    let mut out = std::io::BufWriter::new(file);
    let run = "// RUN: llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding %s | FileCheck %s";
    writeln!(out, "{run}").unwrap();
    for i in 0..cases {
        let d = i % 100;
        writeln!(out, "s_add_u32 s{d}, s1, s2").unwrap();
        writeln!(
            out,
            "// CHECK: s_add_u32 s{d}, s1, s2 ; encoding: [0x01,0x02,0x{d:02x},0x80]"
        )
        .unwrap();
        if i % 10 == 9 {
            writeln!(out, "\n// case {i}").unwrap();
        }
    }
    out.flush().unwrap();
}

/// `mcdiff run` over a data folder holding one huge file of `cases` cases: checks its exit
/// status, error output and JSON counts, and returns the CPU seconds it (and its llvm-mc)
/// used. CPU time, unlike wall time, hardly depends on what else the machine runs.
fn run_huge(data: &Path, dir: &Path, cases: u32) -> f64 {
    let root = dir.join(format!("data-{cases}"));
    let asm = common::corpus_layout(&root, "22.1.8", data);
    write_huge_file(&asm, cases);
    let json = dir.join(format!("{cases}.json"));
    let stderr = dir.join(format!("{cases}.stderr"));
    #[allow(clippy::zombie_processes)] // reaped by wait4 in wait_with_cpu_time
    let child = Command::new(common::mcdiff_bin())
        .arg("--data")
        .arg(&root)
        .args(["run", "--corpus", "22.1.8", "--no-cache", "--json"])
        .arg(&json)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    let (status, cpu) = wait_with_cpu_time(child.id());
    let errors = std::fs::read_to_string(&stderr).unwrap();
    assert!(!errors.contains("panicked"), "{cases} cases: {errors}");
    assert_eq!(status, 0, "{cases} cases: exit status {status}: {errors}");
    let report = &common::json_documents(&json)[0];
    let t = &report["targets"]["gfx1100"];
    assert_eq!(t["cases"], cases, "{cases} cases: {t}");
    assert_eq!(
        t["llvm"]["agrees"], cases,
        "{cases} cases: llvm-mc answered every line"
    );
    assert_eq!(
        t["ours"]["match"], cases,
        "{cases} cases: ours answered every line"
    );
    assert_eq!(
        report["cases_per_file"]["MC/AMDGPU/huge.s"]["gfx1100"],
        cases
    );
    assert_eq!(report["records"].as_array().unwrap().len(), 0);
    std::fs::remove_dir_all(&root).unwrap();
    cpu
}

/// Waits for the child `pid` with wait4(2): its exit status (128 + signal when killed) and
/// the CPU seconds (user + system) it and the children it waited for used.
fn wait_with_cpu_time(pid: u32) -> (i32, f64) {
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value; wait4 fills it in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, writing into the two locals.
    let waited = unsafe { libc::wait4(pid as i32, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid as i32, "wait4 failed");
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    (code, seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

/// A file of 1M lines runs to the end with every case counted, without a panic. Its CPU
/// time is printed, not asserted (speed lives in benchmarks); measured: 20.5 CPU seconds
/// for 500k cases, 5.4 for a quarter of them (linear; a quadratic lookup in `mark_lines`
/// once made the same pair 11.6 and 123.2).
#[test]
fn a_huge_test_file_runs_to_the_end() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("huge", "file");
    let cpu = run_huge(&data, &dir, CASES);
    eprintln!("CPU time: {cpu:.2} s for {CASES} cases");
    std::fs::remove_dir_all(&dir).unwrap();
}
