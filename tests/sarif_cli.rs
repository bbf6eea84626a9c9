//! `--sarif FILE` and `--annotations github` on `run`, `gate` and `fuzz`: the SARIF reads
//! back as a typed SARIF 2.1.0 log (serde-sarif, generated from the published schema)
//! without losing a field, every finding is located at its test file and line (fuzz: a
//! logical location), and the annotations are GitHub workflow commands on those lines.

mod common;

use serde_json::Value;
use std::path::Path;
use std::str::FromStr;

/// The SARIF at `path`, checked as SARIF 2.1.0: it deserialises into serde-sarif's typed
/// log and serialises back to the same JSON (so no property the schema lacks was dropped),
/// and its enumerated values are the schema's.
fn sarif_2_1_0(path: &Path) -> Value {
    let text = common::read(path);
    let raw: Value = serde_json::from_str(&text).unwrap();
    let typed: serde_sarif::sarif::Sarif =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("not SARIF 2.1.0: {e}\n{text}"));
    assert_eq!(
        serde_json::to_value(&typed).unwrap(),
        raw,
        "a property outside the SARIF 2.1.0 schema was dropped on reading"
    );
    assert_eq!(raw["version"], "2.1.0");
    for run in raw["runs"].as_array().unwrap() {
        let rules: Vec<&str> = (run["tool"]["driver"]["rules"].as_array().unwrap().iter())
            .map(|r| r["id"].as_str().unwrap())
            .collect();
        for r in run["results"].as_array().unwrap() {
            serde_sarif::sarif::ResultLevel::from_str(r["level"].as_str().unwrap())
                .unwrap_or_else(|_| panic!("level of {r}"));
            if let Some(state) = r["baselineState"].as_str() {
                serde_sarif::sarif::ResultBaselineState::from_str(state)
                    .unwrap_or_else(|_| panic!("baselineState of {r}"));
            }
            let index = r["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[index], r["ruleId"], "ruleIndex of {r}");
            assert!(!r["locations"].as_array().unwrap().is_empty(), "{r}");
        }
    }
    raw
}

fn results(sarif: &Value) -> &Vec<Value> {
    sarif["runs"][0]["results"].as_array().unwrap()
}

/// A physical location: (uriBaseId, uri, startLine).
fn place(result: &Value) -> (String, String, u64) {
    let p = &result["locations"][0]["physicalLocation"];
    (
        p["artifactLocation"]["uriBaseId"].as_str().unwrap().into(),
        p["artifactLocation"]["uri"].as_str().unwrap().into(),
        p["region"]["startLine"].as_u64().unwrap(),
    )
}

#[test]
fn run_findings_are_sarif_at_their_test_lines() {
    let Some((data, _, _)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = common::fresh_dir("sarif", "run");
    let out = common::mcdiff_on(&data)
        .args(["run", "--file", "gfx11_asm_sopk", "--annotations", "github"])
        .args(common::dir_args(
            &dir,
            &[("--sarif", "r.sarif"), ("--json", "r.json")],
        ))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let sarif = sarif_2_1_0(&dir.join("r.sarif"));
    let run = &sarif["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "mcdiff");
    assert_eq!(run["automationDetails"]["id"], "mcdiff/run/");
    // One result per finding of the JSON records, at the record's file and line.
    let mut expected = Vec::new();
    for doc in common::json_documents(&dir.join("r.json")) {
        let base = format!(
            "LLVM_TESTS_{}",
            doc["corpus_version"].as_str().unwrap().replace('.', "_")
        );
        let root = data
            .join("llvm-tests")
            .join(doc["corpus_version"].as_str().unwrap());
        let uri = run["originalUriBaseIds"][&base]["uri"].as_str().unwrap();
        assert_eq!(uri, format!("file://{}/", root.display()), "{base}");
        for r in doc["records"].as_array().unwrap() {
            let ours = r["ours"].as_str().unwrap();
            if ["ours-differs", "we-reject", "we-accept"].contains(&ours) {
                let place = (
                    base.clone(),
                    r["file"].as_str().unwrap().into(),
                    r["line"].as_u64().unwrap(),
                );
                expected.push((
                    format!("ours/{ours}"),
                    place,
                    r["replay"].as_str().unwrap().to_string(),
                ));
            }
        }
    }
    assert!(
        !expected.is_empty(),
        "gfx11_asm_sopk has findings with llvm-mc 22"
    );
    let got: Vec<(String, (String, String, u64), String)> = results(&sarif)
        .iter()
        .map(|r| {
            (
                r["ruleId"].as_str().unwrap().to_string(),
                place(r),
                r["properties"]["replay"][0].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(got, expected);
    for r in results(&sarif) {
        assert_eq!(r["level"], "error");
        let message = r["message"]["text"].as_str().unwrap();
        assert!(
            message.contains("we-reject") && message.contains("\nreplay: printf"),
            "{message}"
        );
    }
    // The annotations: one workflow command per finding, on the same lines.
    let stdout = String::from_utf8(out.stdout).unwrap();
    let commands: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(commands.len(), expected.len(), "{stdout}");
    for ((_, (_, file, line), _), command) in expected.iter().zip(&commands) {
        let head = format!("::error file={file},line={line},title=ours/we-reject%3A gfx1100");
        assert!(command.starts_with(&head), "{command}");
        assert!(command.contains("%0Areplay: printf '%25s\\n'"), "{command}");
    }
}

#[test]
fn gate_changes_are_sarif_with_their_baseline_state() {
    let Some((data, old, new)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = common::fresh_dir("sarif", "gate");
    let gate = |extra: &[&std::ffi::OsStr]| {
        let mut cmd = common::mcdiff_on(&data);
        cmd.args(["gate", "--old"]).arg(&old).arg("--new").arg(&new);
        cmd.args([
            "--corpus",
            "19.1.7",
            "--file",
            "gfx11_dasm_vop1.txt",
            "--mcpu",
            "gfx1100",
        ]);
        cmd.args(extra);
        cmd.output().unwrap()
    };
    let baseline = dir.join("baseline.txt");
    let out = gate(&["--write-baseline".as_ref(), baseline.as_os_str()]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    // Take the first change of the first group out of the baseline: it alone is new.
    let text = common::read(&baseline);
    let (head, lines) = text.lines().next().unwrap().split_once(": ").unwrap();
    let (first, others) = lines.split_once(',').unwrap();
    let rest = text.replacen(&format!("{head}: {lines}"), &format!("{head}: {others}"), 1);
    std::fs::write(&baseline, rest).unwrap();
    let sarif_path = dir.join("g.sarif");
    let out = gate(&[
        "--baseline".as_ref(),
        baseline.as_os_str(),
        "--sarif".as_ref(),
        sarif_path.as_os_str(),
        "--annotations".as_ref(),
        "github".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let sarif = sarif_2_1_0(&sarif_path);
    assert_eq!(sarif["runs"][0]["automationDetails"]["id"], "mcdiff/gate/");
    let all = results(&sarif);
    let changes: usize = text.lines().map(|l| l.split(',').count()).sum();
    assert_eq!(all.len(), changes);
    let new: Vec<&Value> = all.iter().filter(|r| r["baselineState"] == "new").collect();
    assert_eq!(new.len(), 1, "one change is unreviewed");
    assert_eq!(new[0]["level"], "error");
    let file = head
        .split_whitespace()
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    let kind = head.split_whitespace().next().unwrap();
    assert_eq!(
        place(new[0]),
        (
            "LLVM_TESTS_19_1_7".into(),
            file.into(),
            first.parse().unwrap()
        )
    );
    assert_eq!(new[0]["ruleId"], format!("gate/{kind}"));
    let message = new[0]["message"]["text"].as_str().unwrap();
    assert!(
        message.contains("llvm-mc 19.1.7: ") && message.contains("unreviewed"),
        "{message}"
    );
    assert!(message.contains("\nreplay: printf"), "{message}");
    assert!(all
        .iter()
        .filter(|r| r["baselineState"] != "new")
        .all(|r| r["level"] == "note" && r["baselineState"] == "unchanged"));
    // Only the unreviewed change is annotated.
    let stdout = String::from_utf8(out.stdout).unwrap();
    let commands: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(commands.len(), 1, "{stdout}");
    assert!(
        commands[0].starts_with(&format!(
            "::error file={file},line={first},title=gate/{kind}"
        )),
        "{}",
        commands[0]
    );
}

#[test]
fn fuzz_findings_are_sarif_at_a_logical_location() {
    let (Some(data), Some(real)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("sarif", "fuzz");
    // llvm-mc's first byte of every scalar instruction changed: a planted disagreement.
    let sed = r"sed -E 's/^(\ts_[^;]*; encoding: \[)0x[0-9a-f]{2}/\10x5a/'";
    let mc = common::stand_in_llvm_mc(
        &dir,
        "llvm-mc",
        "22.1.8",
        &format!("{} \"$@\" | {sed}", real.display()),
    );
    let out = common::mcdiff_on(&data)
        .args(["fuzz", "--mcpu", "gfx1100", "--count", "300", "--seed", "5"])
        .arg("--llvm-mc")
        .arg(&mc)
        .args(["--annotations", "github"])
        .args(common::dir_args(
            &dir,
            &[("--sarif", "f.sarif"), ("--json", "f.json")],
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let sarif = sarif_2_1_0(&dir.join("f.sarif"));
    let report: Value = serde_json::from_str(&common::read(&dir.join("f.json"))).unwrap();
    let rules = report["rules"].as_array().unwrap();
    let all = results(&sarif);
    assert_eq!(all.len(), rules.len(), "a result per rule");
    assert_eq!(
        sarif["runs"][0]["automationDetails"]["id"],
        "mcdiff/fuzz/gfx1100-asm/"
    );
    for (result, rule) in all.iter().zip(rules) {
        assert_eq!(
            result["ruleId"],
            format!("fuzz/{}", rule["kind"].as_str().unwrap())
        );
        let name = format!("gfx1100/asm/{}", rule["subject"].as_str().unwrap());
        assert_eq!(
            result["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
            name
        );
        assert_eq!(
            result["properties"]["replay"],
            rule["examples"][0]["replay"]
        );
        let message = result["message"]["text"].as_str().unwrap();
        assert!(
            message.contains(rule["examples"][0]["reproducer"].as_str().unwrap()),
            "{message}"
        );
    }
    assert!(
        all.iter().any(|r| r["ruleId"] == "fuzz/bytes"),
        "the planted bytes are found"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let commands: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(
        commands.len(),
        rules.len().min(50) + usize::from(rules.len() > 50)
    );
    assert!(
        commands
            .iter()
            .any(|c| c.starts_with("::error title=fuzz/bytes%3A gfx1100 asm%3A")),
        "{stdout}"
    );
}

#[test]
fn merged_shards_give_the_sarif_of_one_run() {
    let Some((data, _, _)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = common::fresh_dir("sarif", "merge");
    let run = |extra: &[&str], outputs: &[(&str, &str)]| {
        let out = common::mcdiff_on(&data)
            .args([
                "run",
                "--file",
                "gfx11_asm_vop1",
                "--file",
                "gfx11_asm_vop3",
            ])
            .args(extra)
            .args(common::dir_args(&dir, outputs))
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    };
    run(&[], &[("--sarif", "whole.sarif")]);
    for k in 1..=3 {
        let shard = format!("{k}/3");
        run(
            &["--shard", &shard],
            &[("--json", &format!("run-{k}.json"))],
        );
    }
    let out = common::mcdiff()
        .args(["report", "merge"])
        .args((1..=3).map(|k| dir.join(format!("run-{k}.json"))))
        .args(common::dir_args(&dir, &[("--sarif", "merged.sarif")]))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let whole = sarif_2_1_0(&dir.join("whole.sarif"));
    let merged = sarif_2_1_0(&dir.join("merged.sarif"));
    let key = |r: &Value| {
        (
            r["ruleId"].to_string(),
            place(r),
            r["message"].to_string(),
            r["partialFingerprints"].to_string(),
        )
    };
    let mut a: Vec<_> = results(&whole).iter().map(key).collect();
    let mut b: Vec<_> = results(&merged).iter().map(key).collect();
    a.sort();
    b.sort();
    assert!(!a.is_empty());
    assert_eq!(a, b);
    assert_eq!(merged["runs"][0]["automationDetails"]["id"], "mcdiff/run/");
}

#[test]
fn a_test_path_prefix_names_the_files_in_the_repository() {
    let Some((data, _, _)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = common::fresh_dir("sarif", "prefix");
    let out = common::mcdiff_on(&data)
        .args(["run", "--corpus", "22.1.8", "--file", "gfx11_asm_sopk"])
        .args([
            "--annotations",
            "github",
            "--test-path-prefix",
            "llvm/test/",
        ])
        .args(common::dir_args(&dir, &[("--sarif", "r.sarif")]))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let sarif = sarif_2_1_0(&dir.join("r.sarif"));
    assert!(sarif["runs"][0].get("originalUriBaseIds").is_none());
    let all = results(&sarif);
    assert!(!all.is_empty());
    for r in all {
        let (base, uri, _) = place(r);
        assert_eq!(base, "%SRCROOT%");
        assert!(
            uri.starts_with("llvm/test/MC/AMDGPU/gfx11_asm_sopk"),
            "{uri}"
        );
    }
    let stdout = String::from_utf8(out.stdout).unwrap();
    let commands: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(commands.len(), all.len());
    assert!(commands
        .iter()
        .all(|c| c.starts_with("::error file=llvm/test/MC/AMDGPU/gfx11_asm_sopk")));
}
