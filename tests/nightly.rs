//! The nightly cross-check: `scripts/nightly` end to end on a reduced run, and `mcdiff report`
//! on hand-made JSON (trend, regressions, escaping).

mod common;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

use common::read;

fn tempdir(name: &str) -> PathBuf {
    common::fresh_dir("nightly", name)
}

#[test]
fn reduced_nightly_twice_writes_reports_and_two_history_lines() {
    let Some((data, _, _)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let out = tempdir("script");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/nightly");
    for night in ["2025-01-01T03:00:00Z", "2025-01-02T03:00:00Z"] {
        let run = Command::new("bash")
            .arg(&script)
            .arg(&out)
            .args(["--file", "gfx11_asm_vop2.s"])
            .env("MCDIFF", assert_cmd::cargo::cargo_bin("mcdiff"))
            .env("MCDIFF_DATA", &data)
            .env("NIGHTLY_DATE", night)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "scripts/nightly failed: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    for f in ["index.html", "summary.md", "junit.xml"] {
        assert!(out.join(f).is_file(), "{f} was not written");
    }
    let history = read(&out.join("history.jsonl"));
    assert_eq!(history.lines().count(), 2, "one history line per night");
    for line in history.lines() {
        let night: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(night["selection"], "--file gfx11_asm_vop2.s");
        for corpus in ["19.1.7", "22.1.8"] {
            let t = &night["corpora"][corpus]["targets"]["gfx1100"];
            assert!(t["cases"].as_u64().unwrap() > 100, "{corpus}: {t}");
            assert!(t["match_rate"].as_f64().unwrap() > 0.5, "{corpus}: {t}");
        }
        assert_eq!(
            night["gate"]["changes"], 4,
            "the v_pk_fmac_f16 literal change"
        );
        assert_eq!(night["gate"]["unreviewed"], 0, "in the gate baseline");
    }
    let html = read(&out.join("index.html"));
    for want in [
        "gfx1100",
        "LLVM 19.1.7 tests",
        "LLVM 22.1.8 tests",
        "ours-differs",
        "v_pk_fmac_f16 v5, 0.5, v2",
        "llvm-mc -triple=amdgcn -mcpu=gfx1100",
        "bytes+text",
        "<polyline",
        "compared with 2025-01-01T03:00:00Z",
    ] {
        assert!(html.contains(want), "index.html lacks {want:?}");
    }
    assert!(!html.contains("<script"), "the page needs no script");
    let junit = read(&out.join("junit.xml"));
    assert!(
        junit.starts_with("<?xml") && junit.contains("failures=\"0\""),
        "{junit}"
    );
    assert!(read(&out.join("summary.md")).contains("| gfx1100 | 3240 |"));
}

const RUN_NIGHT_1: &str = r#"{"corpus_version":"22.1.8","llvm_mc_version":"22.1.8","llvm_mc_path":"/x/llvm-mc","files":2,"failed_runs":[],"targets":{"gfx1100":{"cases":10,"llvm":{"agrees":9,"not-run":1},"ours":{"match":9,"unsupported":1}},"gfx900":{"cases":4,"llvm":{"agrees":4},"ours":{"no-spec":4}}},"records":[]}"#;

fn run_night_2() -> String {
    let record = serde_json::json!({
        "file": "MC/AMDGPU/a.s", "run_line": 1, "line": 7, "mcpu": "gfx1100", "mattr": [],
        "text": "v_nop <b>", "llvm": "check-differs: bytes", "ours": "ours-differs",
        "ours_vs_check": false, "ours_bytes": ["0x01"], "llvm_bytes": ["0x02"],
        "check_bytes": ["0x03"], "ours_text": null, "llvm_text": "v_nop", "check_text": null,
        "ours_error": null, "llvm_error": null, "check_error": null, "message": null,
        "fields": "OP: ours 0x1, llvm-mc 0x2", "blame": "spec-gap (x.xml)", "sema": null,
        "replay": "printf '%s\\n' 'v_nop' | llvm-mc -mcpu=gfx1100 -show-encoding",
        "known": "known: llvm/llvm-project#170318 (open)"
    });
    serde_json::json!({
        "corpus_version": "22.1.8", "llvm_mc_version": "22.1.8", "llvm_mc_path": "/x/llvm-mc",
        "files": 2, "failed_runs": [],
        "targets": {
            "gfx1100": {"cases": 10, "llvm": {"agrees": 8, "check-differs": 1, "not-run": 1},
                        "ours": {"match": 8, "ours-differs": 1, "unsupported": 1}},
            "gfx900": {"cases": 4, "llvm": {"agrees": 4}, "ours": {"no-spec": 4}}
        },
        "records": [record]
    })
    .to_string()
}

#[test]
fn report_shows_the_trend_and_fails_junit_on_a_regression() {
    let dir = tempdir("report");
    let history = dir.join("history.jsonl");
    let nights = [RUN_NIGHT_1.to_string(), run_night_2()];
    let mut inodes = Vec::new();
    for (i, run) in nights.iter().enumerate() {
        let json = dir.join(format!("run{i}.json"));
        std::fs::write(&json, format!("{run}\n")).unwrap();
        Command::cargo_bin("mcdiff")
            .unwrap()
            .arg("report")
            .arg("--run")
            .arg(&json)
            .arg("--history")
            .arg(&history)
            .arg("--append-history")
            .arg(format!("--date=2025-01-0{}", i + 1))
            .args(common::dir_args(
                &dir,
                &[
                    ("--html", "index.html"),
                    ("--md", "summary.md"),
                    ("--junit", "junit.xml"),
                ],
            ))
            .assert()
            .success();
        inodes.push(std::os::unix::fs::MetadataExt::ino(
            &std::fs::metadata(&history).unwrap(),
        ));
    }
    assert_eq!(read(&history).lines().count(), 2);
    // Appended by renaming the whole history into place, never written where it is.
    assert_ne!(inodes[0], inodes[1]);
    assert!(common::temporary_files(&dir).is_empty());
    let html = read(&dir.join("index.html"));
    assert!(
        html.contains("v_nop &lt;b&gt;"),
        "instruction text is escaped"
    );
    assert!(
        html.contains("1 target without a spec"),
        "spec-less targets fold into one row"
    );
    assert!(html.contains("ours-differs · blame spec-gap"));
    assert!(
        html.contains("<th>LLVM bug</th><td>known: llvm&#x2f;llvm-project#170318 (open)</td>"),
        "a record's known-issues label is shown with its example"
    );
    assert!(
        html.contains("-10.00 pt"),
        "the chart names the night's change"
    );
    assert!(html.contains("<polyline"));
    assert!(
        html.contains("id=\"errata\"") && html.contains("rdna3-v-cmp-class-f64-infinity-exponent"),
        "the page lists the repository's errata catalogue"
    );
    let junit = read(&dir.join("junit.xml"));
    assert!(junit.contains("failures=\"1\""), "{junit}");
    assert!(
        junit.contains("ours match rate fell from 90.00% to 80.00%"),
        "{junit}"
    );
    assert!(
        junit.contains("llvm check-differs rose from 0 to 1"),
        "{junit}"
    );
    let md = read(&dir.join("summary.md"));
    assert!(md.contains("| gfx1100 | 10 |"), "{md}");
    assert!(md.contains("## Errata catalogue"), "{md}");
    assert!(
        md.contains("| -1 |"),
        "Δ match against the night before: {md}"
    );
}

#[test]
fn report_without_run_json_is_bad_input() {
    Command::cargo_bin("mcdiff")
        .unwrap()
        .args(["report", "--run", "/nonexistent/run.json"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("/nonexistent/run.json"));
}
