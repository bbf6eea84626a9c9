//! `--shard K/N` and `mcdiff report merge`: the shards of a small real selection, merged, give
//! exactly what one unsharded run gives (JSON, counts, JUnit, the report page); bad shard
//! values and incomplete or mismatched shard sets are bad input, named.

mod common;

use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// Files of both corpora, assembler and disassembler tests, with findings of both axes and
/// RUN lines llvm-mc cannot run (gfx8-literal16.txt on 19.1.7): every part of the document.
const SELECTION: &[&str] = &[
    "--file",
    "gfx11_asm_sop",
    "--file",
    "gfx12_dasm_sop",
    "--file",
    "gfx8-literal16",
    "--file",
    "vop3-vop1-nosrc",
];
const SHARDS: u32 = 3;

use common::{json_documents as documents, mcdiff, read};

fn tempdir(name: &str) -> PathBuf {
    common::fresh_dir("shard", name)
}

/// `mcdiff run` over the selection (one shard of it when `shard` is given), writing
/// `<name>.json` and `<name>.xml` into `dir`.
fn run(data: &Path, dir: &Path, name: &str, shard: Option<String>) {
    let mut cmd = mcdiff();
    cmd.arg("--data").arg(data).arg("run").args(SELECTION);
    if let Some(shard) = shard {
        cmd.args(["--shard", &shard]);
    }
    cmd.arg("--json")
        .arg(dir.join(format!("{name}.json")))
        .arg("--junit")
        .arg(dir.join(format!("{name}.xml")))
        .assert()
        .success();
}

/// `mcdiff report` of one run's JSON: the page and the summary, on a fixed date.
fn page(dir: &Path, json: &str) -> (String, String) {
    let (html, md) = (
        dir.join(format!("{json}.html")),
        dir.join(format!("{json}.md")),
    );
    mcdiff()
        .arg("report")
        .arg("--run")
        .arg(dir.join(format!("{json}.json")))
        .args(["--date", "2025-01-01T03:00:00Z", "--html"])
        .arg(&html)
        .arg("--md")
        .arg(&md)
        .assert()
        .success();
    (read(&html), read(&md))
}

#[test]
fn merged_shards_are_the_unsharded_run() {
    let Some((data, _, _)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = tempdir("run");
    run(&data, &dir, "whole", None);
    let mut merge = mcdiff();
    merge.args(["report", "merge"]);
    for k in 1..=SHARDS {
        run(
            &data,
            &dir,
            &format!("shard{k}"),
            Some(format!("{k}/{SHARDS}")),
        );
        merge.arg(dir.join(format!("shard{k}.json")));
    }
    merge
        .args(common::dir_args(
            &dir,
            &[("--json", "merged.json"), ("--junit", "merged.xml")],
        ))
        .assert()
        .success();

    let whole = documents(&dir.join("whole.json"));
    let merged = documents(&dir.join("merged.json"));
    assert_eq!(whole.len(), 2, "both corpora");
    assert_eq!(merged.len(), whole.len());
    for (w, m) in whole.iter().zip(&merged) {
        let corpus = &w["corpus_version"];
        for key in [
            "files",
            "targets",
            "run_kinds",
            "failed_runs",
            "cases_per_file",
        ] {
            assert_eq!(m[key], w[key], "{corpus}: {key}");
        }
        assert!(m.get("shard").is_none(), "{corpus}: the merge is whole");
        assert!(
            w["failed_runs"].as_array().unwrap().len() + w["records"].as_array().unwrap().len() > 0
        );
    }
    assert_shards_split_the_files(&dir, &whole);
    assert_eq!(
        read(&dir.join("merged.json")),
        read(&dir.join("whole.json")),
        "the merged JSON is the unsharded run's, byte for byte"
    );
    // mcdiff's JUnit carries no timings: equal as written.
    assert_eq!(read(&dir.join("merged.xml")), read(&dir.join("whole.xml")));
    assert!(read(&dir.join("whole.xml")).contains("<failure"));
    assert_eq!(page(&dir, "merged"), page(&dir, "whole"));

    mcdiff()
        .arg("report")
        .arg("--run")
        .arg(dir.join("shard1.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("shard 1/3 of a run"));
}

/// Every shard holds files, and each file of the whole run is in exactly one shard.
fn assert_shards_split_the_files(dir: &Path, whole: &[serde_json::Value]) {
    for (i, w) in whole.iter().enumerate() {
        let mut files: Vec<String> = Vec::new();
        for k in 1..=SHARDS {
            let shard = &documents(&dir.join(format!("shard{k}.json")))[i];
            assert_eq!(shard["shard"], format!("{k}/{SHARDS}"));
            let held = shard["cases_per_file"].as_object().unwrap();
            assert!(!held.is_empty(), "shard {k} holds no file: a weak test");
            files.extend(held.keys().cloned());
        }
        files.sort();
        let all: Vec<String> = w["cases_per_file"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert_eq!(files, all, "each file in exactly one shard");
    }
}

#[test]
fn merged_gate_shards_are_the_unsharded_gate() {
    let Some((data, old, new)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let dir = tempdir("gate");
    // Every change is reviewed: each shard passes the gate on its own.
    let baseline =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots/gate/19.1.7-to-22.1.8.snap");
    let gate = |name: &str, shard: Option<&str>| {
        let mut cmd = mcdiff();
        cmd.arg("--data")
            .arg(&data)
            .arg("gate")
            .arg("--old")
            .arg(&old);
        cmd.arg("--new").arg(&new).args(["--corpus", "19.1.7"]);
        cmd.args(["--file", "gfx11_asm_vop2", "--file", "gfx11_dasm_vop1"]);
        cmd.arg("--baseline").arg(&baseline);
        if let Some(shard) = shard {
            cmd.args(["--shard", shard]);
        }
        let assert = cmd.arg("--json").arg(dir.join(name)).assert().success();
        let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
        assert!(!stderr.contains("no longer seen"), "{name}: {stderr}");
    };
    gate("whole.json", None);
    gate("shard1.json", Some("1/2"));
    gate("shard2.json", Some("2/2"));
    mcdiff()
        .args(["report", "merge"])
        .arg(dir.join("shard2.json"))
        .arg(dir.join("shard1.json"))
        .args(common::dir_args(&dir, &[("--json", "merged.json")]))
        .assert()
        .success();
    let whole = read(&dir.join("whole.json"));
    assert!(
        whole.contains("\"kind\":\"text\""),
        "the selection has changes"
    );
    assert_eq!(read(&dir.join("merged.json")), whole);
}

#[test]
fn bad_shard_values_are_bad_input() {
    for command in [
        &["run"][..],
        &["gate", "--old", "/x/llvm-mc", "--new", "/x/llvm-mc"],
    ] {
        for bad in ["0/3", "4/3", "x"] {
            mcdiff()
                .args(command)
                .args(["--shard", bad])
                .assert()
                .code(2)
                .stderr(predicate::str::contains(format!("`{bad}` is not K/N")));
        }
    }
}

/// A run document of one shard, with nothing in it.
fn shard_doc(shard: &str, llvm_mc: &str, files: &[&str]) -> String {
    serde_json::json!({
        "corpus_version": "22.1.8", "llvm_mc_version": llvm_mc,
        "llvm_mc_path": "/usr/lib/llvm-22/bin/llvm-mc", "shard": shard,
        "selection": {"mcpu": [], "file": files}, "files": 0, "run_kinds": {},
        "unparsed_runs": [], "failed_runs": [], "duplicate_runs": [], "targets": {},
        "cases_per_file": {}, "records": []
    })
    .to_string()
}

/// `mcdiff report merge` of these documents (one file each) fails naming `want`.
fn merge_fails(name: &str, docs: &[String], want: &str) {
    let dir = tempdir(name);
    let mut cmd = mcdiff();
    cmd.args(["report", "merge"]);
    for (i, doc) in docs.iter().enumerate() {
        let path = dir.join(format!("s{i}.json"));
        std::fs::write(&path, format!("{doc}\n")).unwrap();
        cmd.arg(path);
    }
    cmd.arg("--json").arg(dir.join("all.json"));
    cmd.assert().code(2).stderr(predicate::str::contains(want));
    assert!(!dir.join("all.json").exists(), "{name}: nothing written");
}

#[test]
fn incomplete_or_mismatched_shards_do_not_merge() {
    let doc = |shard| shard_doc(shard, "22.1.8", &[]);
    merge_fails("missing", &[doc("1/3"), doc("3/3")], "shard 2/3 missing");
    merge_fails(
        "twice",
        &[doc("1/2"), doc("2/2"), doc("2/2")],
        "shard 2/2 given twice",
    );
    merge_fails("splits", &[doc("1/2"), doc("2/3")], "different splits");
    let other_mc = shard_doc("2/2", "22.1.0", &[]);
    merge_fails(
        "llvm-mc",
        &[doc("1/2"), other_mc],
        "shards of different runs",
    );
    let other_files = shard_doc("2/2", "22.1.8", &["gfx11"]);
    merge_fails(
        "selection",
        &[doc("1/2"), other_files],
        "shards of different runs",
    );
    let whole = doc("1/1").replace(",\"shard\":\"1/1\"", "");
    merge_fails("whole", &[doc("1/1"), whole], "a whole run, not a shard");
}
