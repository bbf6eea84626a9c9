//! Inputs past mcdiff's limits fail as bad input, naming the file, instead of aborting:
//! a spec XML file nested too deep.

mod common;

use std::path::{Path, PathBuf};

use common::mcdiff_on;

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
