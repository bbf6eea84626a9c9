//! Every entry of the known-issues catalogue (`known-issues/llvm-mc.json`) reproduces with
//! the llvm-mc of each release it lists: its own input crashes llvm-mc with the signal, or
//! makes it print what, the entry says. When an entry stops reproducing (a fixed release
//! installed under a listed version), this fails, and the entry's `affects` is mended.

mod common;

use mcdiff::known_issues::catalogue;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn every_entry_reproduces_with_its_releases() {
    let mut checked = 0;
    for k in catalogue() {
        let r = &k.reproduce;
        assert!(
            r.signal.is_some() || r.output.is_some(),
            "{}: says nothing to check",
            k.id
        );
        for version in &k.affects {
            let major = version.split('.').next().unwrap();
            // A release Debian does not ship: a built llvm-mc named by `LLVM_MC_<major>`.
            let built = std::env::var_os(format!("LLVM_MC_{major}")).map(std::path::PathBuf::from);
            let Some(mc) = built.or_else(|| common::llvm_mc(major)) else {
                continue;
            };
            let mut args = vec!["-triple=amdgcn".to_string(), format!("-mcpu={}", r.mcpu)];
            if r.mode == "disasm" {
                args.push("--disassemble".into());
            }
            args.push("-show-encoding".into());
            let mut child = Command::new(&mc)
                .args(&args)
                .env("LLVM_DISABLE_SYMBOLIZATION", "1")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            writeln!(child.stdin.take().unwrap(), "{}", r.input).unwrap();
            let out = child.wait_with_output().unwrap();
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let replay = format!("echo '{}' | {} {}", r.input, mc.display(), args.join(" "));
            let version_line = Command::new(&mc).arg("--version").output().unwrap();
            assert!(
                String::from_utf8_lossy(&version_line.stdout).contains(version.as_str()),
                "{}: {} is not LLVM {version}",
                k.id,
                mc.display()
            );
            if let Some(signal) = r.signal {
                use std::os::unix::process::ExitStatusExt;
                assert_eq!(
                    out.status.signal(),
                    Some(signal),
                    "{} ({}) no longer crashes llvm-mc {version}: {replay}\n{text}",
                    k.id,
                    k.issue
                );
            }
            if let Some(pattern) = &r.output {
                let re = regex::Regex::new(pattern).unwrap();
                assert!(
                    re.is_match(&text),
                    "{} ({}): llvm-mc {version} no longer prints /{pattern}/: {replay}\n{text}",
                    k.id,
                    k.issue
                );
            }
            checked += 1;
        }
    }
    eprintln!("{checked} reproductions checked");
}

/// A run whose llvm-mc crashes on a known bug's bytes says so on that line's record (JSON
/// and terminal); the run's other lines, which llvm-mc did not answer either, say `new`.
///
/// Checked to fail: with `report::json` not setting `known` the records have none.
#[test]
fn a_crash_in_a_run_is_named() {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let dir = common::fresh_dir("known-issues", "run");
    common::corpus_layout(&dir, "22.1.8", &data);
    let dis = dir.join("llvm-tests/22.1.8/MC/Disassembler/AMDGPU");
    std::fs::write(
        dis.join("crash.txt"),
        "# RUN: llvm-mc -triple=amdgcn -mcpu=gfx900 -disassemble -show-encoding < %s | FileCheck %s\n\
         # CHECK: s_nop 0 ; encoding: [0x00,0x00,0x80,0xbf]\n\
         0x00,0x00,0x80,0xbf\n\
         0x00,0x00,0x03,0xd1,0x00,0xfe,0x01,0x00\n",
    )
    .unwrap();
    let json = dir.join("r.json");
    let out = common::mcdiff_on(&dir)
        .args(["run", "--corpus", "22.1.8", "--no-cache", "--llvm-mc"])
        .arg(&mc)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report = common::json_documents(&json).remove(0);
    let known: Vec<(&str, &str)> = (report["records"].as_array().unwrap().iter())
        .map(|r| {
            (
                r["text"].as_str().unwrap(),
                r["known"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    assert_eq!(
        known,
        [
            ("0x00,0x00,0x80,0xbf", "new"),
            (
                "0x00,0x00,0x03,0xd1,0x00,0xfe,0x01,0x00",
                "known: llvm/llvm-project#170318 (open)"
            )
        ],
        "{stdout}"
    );
    assert!(
        stdout.contains("llvm bug: known: llvm/llvm-project#170318 (open)"),
        "{stdout}"
    );
}
