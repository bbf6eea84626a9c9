//! `mcdiff fuzz`: deterministic from its seed, a short run per spec'd architecture, llvm-mc
//! crashes are faults (never findings), and a planted disagreement is found and minimised.

mod common;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn tempdir(name: &str) -> PathBuf {
    common::fresh_dir("fuzz", name)
}

/// A stand-in llvm-mc: answers `--version` like the real LLVM 22, runs `body` otherwise.
fn stand_in(dir: &Path, body: &str) -> PathBuf {
    common::stand_in_llvm_mc(dir, "llvm-mc", "22.1.8", body)
}

fn fuzz(data: &Path, mcpu: &str, mode: &str, count: &str, seed: &str) -> Command {
    let mut cmd = common::mcdiff_on(data);
    cmd.args([
        "fuzz", "--mcpu", mcpu, "--mode", mode, "--count", count, "--seed", seed,
    ]);
    cmd
}

/// `mcdiff fuzz --mcpu gfx1100` against the llvm-mc `mc`, writing `json`: the output and
/// the JSON report.
fn fuzz_with(
    data: &Path,
    mode: &str,
    count_seed: [&str; 2],
    mc: &Path,
    json: &Path,
) -> (std::process::Output, serde_json::Value) {
    let [count, seed] = count_seed;
    let out = fuzz(data, "gfx1100", mode, count, seed)
        .arg("--llvm-mc")
        .arg(mc)
        .arg("--json")
        .arg(json)
        .output()
        .unwrap();
    let report = serde_json::from_str(&common::read(json)).unwrap();
    (out, report)
}

/// `fuzz_with` against llvm-mc `real` with its output piped through `sed` (a planted
/// disagreement), in folder `name`: the report, the run having exited 1 (findings).
fn planted_fuzz(
    data: &Path,
    real: &Path,
    name: &str,
    mode: &str,
    sed: &str,
    count_seed: [&str; 2],
) -> serde_json::Value {
    let dir = tempdir(name);
    let mc = stand_in(&dir, &format!("{} \"$@\" | {sed}", real.display()));
    let (out, report) = fuzz_with(data, mode, count_seed, &mc, &dir.join("r.json"));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    report
}

#[test]
fn the_same_seed_gives_the_same_report() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = tempdir("determinism");
    for mode in ["asm", "disasm"] {
        let run = |n: u32| {
            let json = dir.join(format!("{mode}{n}.json"));
            let out = fuzz(&data, "gfx1100", mode, "400", "42")
                .args(["--batch", "150", "--json"])
                .arg(&json)
                .output()
                .unwrap();
            assert!(matches!(out.status.code(), Some(0 | 1)), "{mode}: {out:?}");
            (out.stdout, std::fs::read_to_string(&json).unwrap())
        };
        let (a, b) = (run(1), run(2));
        assert_eq!(a.0, b.0, "{mode}: same text report");
        assert_eq!(a.1, b.1, "{mode}: same JSON report");
        let other = fuzz(&data, "gfx1100", mode, "400", "43").output().unwrap();
        assert_ne!(a.0, other.stdout, "{mode}: another seed, other inputs");
        // Shards split the batches: 0/2 and 1/2 together compare what the whole run does.
        let shard = |k: &str| {
            let json = dir.join(format!("{mode}-shard{k}.json"));
            fuzz(&data, "gfx1100", mode, "400", "42")
                .args(["--batch", "150", "--shard", &format!("{k}/2"), "--json"])
                .arg(&json)
                .output()
                .unwrap();
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
            v["totals"]["inputs"].as_u64().unwrap()
        };
        assert_eq!(shard("1") + shard("2"), 400, "{mode}: shards cover the run");
    }
}

/// A short fuzz of each spec'd architecture, both modes: it runs and compares; where llvm-mc
/// crashes (a real llvm-mc bug: exit 2), the crashing input is isolated and named.
#[test]
fn a_short_fuzz_per_architecture() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let targets = [
        "gfx1010", "gfx1030", "gfx1100", "gfx1150", "gfx1200", "gfx1250", "gfx900", "gfx906",
        "gfx908", "gfx90a", "gfx942", "gfx950",
    ];
    for mcpu in targets {
        for mode in ["asm", "disasm"] {
            let out = fuzz(&data, mcpu, mode, "200", "1").output().unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let code = out.status.code();
            assert!(
                matches!(code, Some(0..=2)),
                "{mcpu} {mode}: {stdout}\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            if code == Some(2) {
                assert!(stdout.contains("  alone: "), "{mcpu} {mode}: {stdout}");
            }
            let compared: usize = stdout
                .split("compared ")
                .nth(1)
                .and_then(|s| s.split(':').next())
                .and_then(|n| n.parse().ok())
                .unwrap();
            assert!(compared > 0, "{mcpu} {mode}: nothing compared\n{stdout}");
        }
    }
}

/// An llvm-mc that crashes on every input: each input it is asked about is a fault, none a
/// finding or an agreement, and the exit status is 2. (Inputs our side does not handle are
/// counted as unsupported and never sent to llvm-mc.)
#[test]
fn a_crashing_llvm_mc_is_a_fault_not_a_finding() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let dir = tempdir("crash");
    let mc = stand_in(&dir, "cat >/dev/null; kill -SEGV $$");
    for mode in ["asm", "disasm"] {
        let json = dir.join(format!("{mode}.json"));
        let (out, report) = fuzz_with(&data, mode, ["60", "1"], &mc, &json);
        assert_eq!(out.status.code(), Some(2), "{mode}: {out:?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let totals = &report["totals"];
        let faulted = totals["faulted"].as_u64().unwrap();
        let unsupported = totals["unsupported"].as_u64().unwrap();
        assert!(faulted > 0, "{mode}: {stdout}");
        assert_eq!(faulted + unsupported, 60, "{mode}: {stdout}");
        assert!(
            stdout.contains(&format!(
                "fault: llvm-mc crashed (signal 11): {faulted} inputs"
            )),
            "{stdout}"
        );
        assert_eq!(totals["findings"], 0, "{mode}: a crash is never a finding");
        assert_eq!(totals["agree"], 0, "{mode}: a crash is never a pass");
        assert_eq!(report["rules"].as_array().unwrap().len(), 0);
    }
}

/// An llvm-mc that crashes part-way through a disassembly run, on every word whose first
/// byte is 0x10-0x13: each such word, and only it, is a fault; every other word of the run
/// is compared, and each crasher is named (by the progress llvm-mc made before dying).
#[test]
fn a_crash_part_way_faults_only_its_input() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = tempdir("crash-part-way");
    let log = dir.join("crashed-on.txt");
    // An input line has 8 or more bytes; sentinel and marker lines have 4 and 1.
    let body = format!(
        r#"pat='^\[0x1[0-3](,0x[0-9a-f]{{2}}){{7}}'
input=$(cat)
first=$(printf '%s\n' "$input" | grep -E -m1 "$pat")
if [ -n "$first" ]; then
  printf '%s\n' "$first" >> {log}
  printf '%s\n' "$input" | sed -E "/$pat/,\$d" | {real} "$@"
  kill -SEGV $$
fi
printf '%s\n' "$input" | {real} "$@""#,
        log = log.display(),
        real = real.display()
    );
    let mc = stand_in(&dir, &body);
    let json = dir.join("r.json");
    // No examples kept, so no minimising runs: every llvm-mc run is of fuzz inputs.
    let out = fuzz(&data, "gfx1100", "disasm", "1500", "3")
        .args(["--show", "0", "--llvm-mc"])
        .arg(&mc)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let report: serde_json::Value = serde_json::from_str(&common::read(&json)).unwrap();
    let crashed_on: std::collections::BTreeSet<String> =
        common::read(&log).lines().map(str::to_string).collect();
    let totals = &report["totals"];
    let faulted = totals["faulted"].as_u64().unwrap() as usize;
    assert!(faulted > 2, "several crashers: {totals}");
    assert_eq!(faulted, crashed_on.len(), "only the crashers: {totals}");
    let group = &report["faults"]["llvm-mc crashed (signal 11)"];
    assert_eq!(group["culprit_inputs"], faulted, "each one named: {group}");
    let compared = totals["compared"].as_u64().unwrap() as usize;
    let unsupported = totals["unsupported"].as_u64().unwrap() as usize;
    assert_eq!(compared + unsupported + faulted, 1500, "{totals}");
    for culprit in group["culprits"].as_array().unwrap() {
        let input = format!("[{}]", culprit["input"].as_str().unwrap());
        assert!(crashed_on.contains(&input), "{input} is a crasher");
    }
}

/// An llvm-mc whose scalar encodings differ in their first byte: every fuzzed scalar line
/// is a `bytes` finding of the `s_*` family, minimised to a shorter line with replay commands.
#[test]
fn a_planted_disagreement_is_found_and_minimised() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let sed = r"sed -E 's/^(\ts_[^;]*; encoding: \[)0x[0-9a-f]{2}/\10x5a/'";
    let report = planted_fuzz(&data, &real, "planted", "asm", sed, ["500", "5"]);
    let planted: Vec<&serde_json::Value> = report["rules"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "bytes" && r["subject"].as_str().unwrap().contains("SOP"))
        .collect();
    let planted: Vec<&serde_json::Value> = if planted.is_empty() {
        report["rules"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["kind"] == "bytes")
            .collect()
    } else {
        planted
    };
    assert!(!planted.is_empty(), "the planted byte difference is found");
    // One rule per (disagreement, blame, subject), its findings counted by mutation.
    let rules = report["rules"].as_array().unwrap();
    let keys: std::collections::BTreeSet<String> = rules
        .iter()
        .map(|r| format!("{} {} {}", r["kind"], r["blame"], r["subject"]))
        .collect();
    assert_eq!(keys.len(), rules.len(), "rules are not split by mutation");
    for r in rules {
        let by_mutation: u64 = r["mutations"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(by_mutation, r["count"].as_u64().unwrap(), "{r}");
    }
    let examples: Vec<&serde_json::Value> = planted
        .iter()
        .flat_map(|r| r["examples"].as_array().unwrap())
        .filter(|e| e["reproducer"].as_str().unwrap().starts_with("s_"))
        .collect();
    assert!(!examples.is_empty());
    let shorter = examples
        .iter()
        .any(|e| e["reproducer"].as_str().unwrap().len() < e["input"].as_str().unwrap().len());
    assert!(shorter, "some example is minimised: {examples:?}");
    for e in examples {
        let replay = e["replay"].as_array().unwrap();
        assert!(replay[1]
            .as_str()
            .unwrap()
            .contains("mcdiff asm --mcpu gfx1100"));
        assert!(e["llvm"].as_str().unwrap().starts_with("[0x5a"), "{e}");
    }
}

/// Disassembly findings are minimised too: an llvm-mc whose decoded scalar mnemonics are
/// renamed gives `text` rules on them, whose examples carry a byte reproducer llvm-mc still
/// renames, smaller than the input where the minimiser found one, and a replay of our
/// decoder.
#[test]
fn a_planted_disassembly_disagreement_is_minimised() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let sed = r"sed -E 's/^(\ts_[a-z0-9_]+)/\1_planted/'";
    let report = planted_fuzz(&data, &real, "planted-disasm", "disasm", sed, ["400", "3"]);
    let examples: Vec<&serde_json::Value> = report["rules"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "text" && r["blame"] == "ours")
        .flat_map(|r| r["examples"].as_array().unwrap())
        .filter(|e| e["llvm"].as_str().unwrap().contains("_planted"))
        .collect();
    assert!(!examples.is_empty(), "the planted text difference is found");
    let set_bits = |s: &str| -> u32 {
        s.split(|c: char| !c.is_ascii_hexdigit() && c != 'x')
            .filter_map(|b| u8::from_str_radix(b.trim_start_matches("0x"), 16).ok())
            .map(u8::count_ones)
            .sum()
    };
    let smaller = examples.iter().any(|e| {
        let (r, i) = (
            e["reproducer"].as_str().unwrap(),
            e["input"].as_str().unwrap(),
        );
        r.len() < i.len() || set_bits(r) < set_bits(i)
    });
    assert!(smaller, "some example is minimised: {examples:?}");
    for e in examples {
        let replay = e["replay"].as_array().unwrap();
        assert!(replay[1]
            .as_str()
            .unwrap()
            .contains("mcdiff disasm --mcpu gfx1100"));
    }
}

/// llvm-mc cannot disassemble GFX6 or GFX7 words: a disassembly fuzz there has no oracle,
/// and is bad input (exit 2) rather than a run of faults blamed on llvm-mc.
#[test]
fn disassembly_fuzz_without_an_llvm_disassembler_is_refused() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    for mcpu in ["bonaire", "tahiti"] {
        let out = fuzz(&data, mcpu, "disasm", "10", "1").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("no disassembler"), "{stderr}");
    }
    let asm = fuzz(&data, "bonaire", "asm", "10", "1").output().unwrap();
    assert_ne!(asm.status.code(), Some(2), "{asm:?}");
}
