//! Inputs past mcdiff's limits fail as bad input, naming the file, instead of aborting or
//! being trusted: a spec XML file nested too deep, a shard whose counts do not add up, a
//! statement with too many operands.

mod common;

use std::path::{Path, PathBuf};

use common::{mcdiff, mcdiff_on};

/// A data folder under `dir` whose every input links to `data`'s but the spec file
/// `amd-isa/xml/<name>`, which holds `contents`.
fn data_with_spec_file(data: &Path, dir: &Path, name: &str, contents: &str) -> PathBuf {
    let root = dir.join("data");
    let xml = root.join("amd-isa/xml");
    std::fs::create_dir_all(&xml).unwrap();
    for entry in std::fs::read_dir(data).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != "amd-isa" {
            std::os::unix::fs::symlink(entry.path(), root.join(entry.file_name())).unwrap();
        }
    }
    for entry in std::fs::read_dir(data.join("amd-isa")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != "xml" {
            let to = root.join("amd-isa").join(entry.file_name());
            std::os::unix::fs::symlink(entry.path(), to).unwrap();
        }
    }
    for entry in std::fs::read_dir(data.join("amd-isa/xml")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != name {
            std::os::unix::fs::symlink(entry.path(), xml.join(entry.file_name())).unwrap();
        }
    }
    std::fs::write(xml.join(name), contents).unwrap();
    root
}

/// 20,000 nested elements in a spec file: the run names the file and line, reports that
/// target's cases `unsupported`, checks the other target and exits 2; `asm` exits 2 naming
/// it. Without the depth check before the XML parser both abort on a stack overflow (exit
/// 134, no file named).
#[test]
fn deeply_nested_spec_xml_is_bad_input_naming_the_file() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("limits", "deep-xml");
    let name = "amdgpu_isa_rdna3.manual.xml";
    let text = common::read(&data.join("amd-isa/xml").join(name));
    let at = text.find("<ISA>").unwrap() + "<ISA>".len();
    let deep = format!(
        "{}\n{}{}{}",
        &text[..at],
        "<a>".repeat(20_000),
        "</a>".repeat(20_000),
        &text[at..]
    );
    let line = text[..at].lines().count() + 1;
    let root = data_with_spec_file(&data, &dir, name, &deep);
    let json = dir.join("r.json");
    let out = mcdiff_on(&root)
        .args(["run", "--corpus", "22.1.8"])
        .args(["--file", "gfx11_asm_sop1.s", "--file", "gfx12_asm_sop1.s"])
        .args(["--mcpu", "gfx1100", "--mcpu", "gfx1200", "--json"])
        .arg(&json)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let named = format!("{name}: line {line}: elements nest more than 256 deep");
    assert!(stderr.contains(&named), "lacks {named:?}: {stderr}");
    let report = &common::json_documents(&json)[0];
    let gfx1100 = &report["targets"]["gfx1100"];
    assert!(gfx1100["cases"].as_u64().unwrap() > 0);
    assert_eq!(gfx1100["ours"]["unsupported"], gfx1100["cases"]);
    let matched = report["targets"]["gfx1200"]["ours"]["match"].as_u64();
    assert!(matched.unwrap() > 0, "the other target is checked");

    let out = mcdiff_on(&root)
        .args(["asm", "--mcpu", "gfx1100", "-"])
        .write_stdin("s_nop 0\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&named), "asm: {stderr}");
}

/// Shards whose counts were edited do not merge: a case added to a target's `cases`, a
/// record taken out, a count set to 2^64-1 (which wrapped the merged total to a 106% match
/// rate), a count that overflows only when added to another shard's. Each exits 2 naming
/// the shard file; the shards as written merge.
#[test]
fn shards_whose_counts_do_not_add_up_do_not_merge() {
    let (Some(data), Some(_)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("limits", "merge");
    for k in 1..=2 {
        mcdiff_on(&data)
            .args(["run", "--corpus", "22.1.8", "--file", "gfx12_asm_sop"])
            .args(["--mcpu", "gfx1200", "--shard", &format!("{k}/2"), "--json"])
            .arg(dir.join(format!("shard{k}.json")))
            .assert()
            .success();
    }
    let shard = |k: usize| common::json_documents(&dir.join(format!("shard{k}.json"))).remove(0);
    let merge = |shards: [&Path; 2]| {
        let out = mcdiff()
            .args(["report", "merge"])
            .args(shards)
            .arg("--json")
            .arg(dir.join("merged.json"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        (out.status.code(), stderr)
    };
    let (code, stderr) = merge([&dir.join("shard1.json"), &dir.join("shard2.json")]);
    assert_eq!(code, Some(0), "{stderr}");

    // The shard with records is edited; the other one stays as written.
    let (edited, other) = if shard(1)["records"].as_array().unwrap().is_empty() {
        (2, 1)
    } else {
        (1, 2)
    };
    let original = shard(edited);
    assert!(!original["records"].as_array().unwrap().is_empty());
    let other = dir.join(format!("shard{other}.json"));
    const MAX: u64 = u64::MAX;
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let edits: Vec<(&str, Edit)> = vec![
        (
            "\"cases\" is",
            Box::new(|d: &mut serde_json::Value| {
                let cases = &mut d["targets"]["gfx1200"]["cases"];
                *cases = (cases.as_u64().unwrap() + 1).into();
            }),
        ),
        (
            "records of such cases",
            Box::new(|d: &mut serde_json::Value| {
                d["records"].as_array_mut().unwrap().pop();
            }),
        ),
        (
            "\"cases\" is 18446744073709551615",
            Box::new(|d: &mut serde_json::Value| d["targets"]["gfx1200"]["cases"] = MAX.into()),
        ),
        (
            "the \"ours\" counts overflow",
            Box::new(|d: &mut serde_json::Value| {
                d["targets"]["gfx1200"]["ours"]["match"] = MAX.into()
            }),
        ),
        (
            "cases_per_file",
            Box::new(|d: &mut serde_json::Value| {
                let files = d["cases_per_file"].as_object_mut().unwrap();
                files.values_mut().next().unwrap()["gfx1200"] = MAX.into();
            }),
        ),
        (
            // Consistent within the shard, too many added to the other shard's.
            "overflow when added to the other shards'",
            Box::new(|d: &mut serde_json::Value| {
                let t = &mut d["targets"]["gfx1200"];
                let n = MAX - t["cases"].as_u64().unwrap();
                for path in [
                    "/cases",
                    "/llvm/agrees",
                    "/ours/match",
                    "/matrix/agrees/match",
                ] {
                    let count = t.pointer_mut(path).unwrap();
                    *count = (count.as_u64().unwrap() + n).into();
                }
                let files = d["cases_per_file"].as_object_mut().unwrap();
                let count = &mut files.values_mut().next().unwrap()["gfx1200"];
                *count = (count.as_u64().unwrap() + n).into();
            }),
        ),
    ];
    for (i, (message, edit)) in edits.iter().enumerate() {
        let mut doc = original.clone();
        edit(&mut doc);
        let path = dir.join(format!("edited{i}.json"));
        std::fs::write(&path, format!("{doc}\n")).unwrap();
        // The edited shard first, then last: the one named is the edited one either way (but
        // for the last edit, where the shard added second is the one that overflows).
        let orders = if i + 1 == edits.len() {
            vec![[&other, &path]]
        } else {
            vec![[&path, &other], [&other, &path]]
        };
        for shards in orders {
            let (code, stderr) = merge([shards[0], shards[1]]);
            assert_eq!(code, Some(2), "edit {i}: {stderr}");
            let named = format!("edited{i}.json:1: LLVM 22.1.8 tests: ");
            assert!(
                stderr.contains(&named),
                "edit {i}: lacks {named:?}: {stderr}"
            );
            assert!(
                stderr.contains(message),
                "edit {i}: lacks {message:?}: {stderr}"
            );
        }
    }
}

/// A line of 1,000,000 commas is refused as that line's error, naming the limit, before it is
/// split: without the bound it is split into a million operands (about 110 bytes each) and
/// refused as an invalid operand.
#[test]
fn a_statement_with_too_many_operands_is_refused() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let line = format!("s_add_u32 s0{}\n", ",".repeat(1_000_000));
    let out = mcdiff_on(&data)
        .args(["asm", "--mcpu", "gfx1100", "-"])
        .write_stdin(format!("s_nop 0\n{line}"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // The 257th operand starts after "s_add_u32 s0" and 256 commas.
    let expected = "<stdin>:2:269: error: too many operands: more than 256 in one statement";
    assert!(stderr.contains(expected), "lacks {expected:?}: {stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("s_nop 0"));
}
