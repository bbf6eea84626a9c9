//! `mcdiff completions <shell>` and `mcdiff man`: generated from the clap definitions, so
//! every subcommand `mcdiff --help` lists, and the flags of `run`, must be in them. Needs no
//! inputs and no llvm-mc.

use assert_cmd::Command;
use std::path::PathBuf;

fn mcdiff() -> Command {
    Command::cargo_bin("mcdiff").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = mcdiff().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "mcdiff {args:?} exited {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands `mcdiff --help` lists (without `help` itself).
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let list = help
        .split("Commands:\n")
        .nth(1)
        .expect("`mcdiff --help` lists its commands");
    let names: Vec<String> = list
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    for expected in [
        "run",
        "asm",
        "disasm",
        "gate",
        "report",
        "completions",
        "man",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} not in {names:?}"
        );
    }
    names
}

/// Flags of `run` that a completion script or man page must offer.
const RUN_FLAGS: &[&str] = &["deny-divergence", "status-md", "shard", "llvm-mc", "junit"];

#[test]
fn every_shell_gets_every_subcommand_and_runs_flags() {
    let names = subcommands();
    // Each shell's script in its own form: how it registers itself for `mcdiff`.
    for (shell, registers) in [
        ("bash", "complete -F _mcdiff"),
        ("zsh", "#compdef mcdiff"),
        ("fish", "complete -c mcdiff"),
        ("elvish", "arg-completer[mcdiff]"),
        ("powershell", "-CommandName 'mcdiff'"),
    ] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains(registers), "{shell}: no `{registers}`");
        for name in &names {
            assert!(
                script.contains(name.as_str()),
                "{shell}: no subcommand {name}"
            );
        }
        for flag in RUN_FLAGS {
            assert!(script.contains(flag), "{shell}: no --{flag}");
        }
    }
}

#[test]
fn an_unknown_shell_is_bad_input() {
    let out = mcdiff().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bash"),
        "possible values not named: {stderr}"
    );
}

#[test]
fn man_prints_a_page_naming_every_subcommand() {
    let page = stdout_of(&["man"]);
    assert!(
        page.starts_with(".ie"),
        "not roff: {}",
        &page[..page.len().min(80)]
    );
    assert!(page.contains(".TH mcdiff 1"), "no title line");
    for name in subcommands() {
        assert!(
            page.contains(&format!("mcdiff\\-{name}(1)")),
            "no {name} in the page"
        );
    }
}

#[test]
fn man_dir_writes_a_page_per_command() {
    let dir: PathBuf = std::env::temp_dir().join(format!("mcdiff-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    stdout_of(&["man", "--dir", dir.to_str().unwrap()]);
    let main = std::fs::read_to_string(dir.join("mcdiff.1")).expect("mcdiff.1 written");
    assert!(main.contains(".TH mcdiff 1"));
    let run = std::fs::read_to_string(dir.join("mcdiff-run.1")).expect("mcdiff-run.1 written");
    for flag in RUN_FLAGS {
        let roff = flag.replace('-', "\\-");
        assert!(run.contains(&roff), "mcdiff-run.1 lacks --{flag}");
    }
    for name in subcommands() {
        assert!(
            dir.join(format!("mcdiff-{name}.1")).is_file(),
            "no page for {name}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
