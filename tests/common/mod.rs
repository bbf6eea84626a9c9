//! Shared by the integration tests: finding inputs, and failing (not skipping) under CI.

#![allow(dead_code)] // each test binary uses a different part

use std::path::{Path, PathBuf};

/// True when running in CI, where a missing input is a failure, not a skip.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Returns `Some(value)` or, when the input is missing: panics in CI, prints why and returns None elsewhere.
pub fn require<T>(what: &str, found: Option<T>) -> Option<T> {
    if found.is_some() {
        return found;
    }
    if in_ci() {
        panic!("required input missing under CI=true: {what}");
    }
    eprintln!("skipping: {what} is missing (this is a failure when CI=true)");
    None
}

/// The data folder (llvm-tests/, amd-isa/), as the CLI finds it.
pub fn data_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("MCDIFF_DATA") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    };
    require(
        &format!("data folder {} (set MCDIFF_DATA)", dir.display()),
        dir.join("amd-isa/xml").is_dir().then_some(dir),
    )
}

/// A pinned llvm-mc, e.g. `llvm_mc("22")`.
pub fn llvm_mc(major: &str) -> Option<PathBuf> {
    let p = PathBuf::from(format!("/usr/lib/llvm-{major}/bin/llvm-mc"));
    require(
        &format!("{} (apt-get install llvm-{major})", p.display()),
        p.exists().then_some(p),
    )
}

/// The data directory and llvm-mc 19 and 22, for the tests that compare the two releases.
pub fn data_and_both_llvm_mc() -> Option<(PathBuf, PathBuf, PathBuf)> {
    Some((data_dir()?, llvm_mc("19")?, llvm_mc("22")?))
}

/// The `mcdiff` binary under test, for tests that spawn it (signals, concurrent runs).
pub fn mcdiff_bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("mcdiff")
}

/// A fresh, empty folder under the system temp dir, named after the test binary's `prefix`,
/// this process and `name`.
pub fn fresh_dir(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcdiff-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A stand-in llvm-mc at `dir/name`: answers `--version` as LLVM `version`, then runs the
/// shell `body` on any other call.
pub fn stand_in_llvm_mc(dir: &Path, name: &str, version: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'LLVM version {version}'; exit 0; fi\n{body}\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Lays out a data folder at `root` like the real one for corpus `version` (empty
/// `MC/AMDGPU` and `MC/Disassembler/AMDGPU` folders, `amd-isa/xml` linked to `data`'s) and
/// returns its `MC/AMDGPU` folder, where the test writes its test files.
pub fn corpus_layout(root: &Path, version: &str, data: &Path) -> PathBuf {
    let tests = root.join("llvm-tests").join(version).join("MC");
    let asm = tests.join("AMDGPU");
    std::fs::create_dir_all(&asm).unwrap();
    std::fs::create_dir_all(tests.join("Disassembler/AMDGPU")).unwrap();
    std::fs::create_dir_all(root.join("amd-isa")).unwrap();
    std::os::unix::fs::symlink(data.join("amd-isa/xml"), root.join("amd-isa/xml")).unwrap();
    asm
}

/// The JSON documents of a `--json` report, one per line.
pub fn json_documents(path: &Path) -> Vec<serde_json::Value> {
    read(path)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Names in `dir` that look like temporary files (`*.tmp*`), left behind by a write that
/// did not finish.
pub fn temporary_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.contains(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

/// `mcdiff` as an `assert_cmd` command, with no arguments yet.
pub fn mcdiff() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("mcdiff").unwrap()
}

/// `mcdiff --data <data>`, for the tests that pass more arguments after it.
pub fn mcdiff_on(data: &Path) -> assert_cmd::Command {
    let mut cmd = mcdiff();
    cmd.arg("--data").arg(data);
    cmd
}

/// The text of `path`; a missing or unreadable file fails the test, naming it.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `mcdiff <mode> --mcpu <mcpu> -` with `stdin` for a target that does not exist (every
/// processor of the target table has a spec since GFX6-GFX8 are served): it exits 2 with
/// nothing on stdout, and stderr says why. Skips (or fails under CI) without the data folder.
pub fn assert_unusable_mcpus_exit_2(mode: &str, stdin: &str) {
    let Some(data) = data_dir() else {
        return;
    };
    let mcpu = "gfx9999";
    let out = mcdiff_on(data.as_path())
        .args([mode, "--mcpu", mcpu, "-"])
        .write_stdin(stdin)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{mode} --mcpu {mcpu}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "{mode} --mcpu {mcpu}: stdout {out:?}"
    );
    assert!(
        stderr.contains(mcpu),
        "{mode} --mcpu {mcpu}: lacks {mcpu}: {stderr}"
    );
}

/// `flag dir/file` argument pairs, e.g. `dir_args(dir, &[("--json", "r.json")])`.
pub fn dir_args(dir: &Path, pairs: &[(&str, &str)]) -> Vec<std::ffi::OsString> {
    pairs
        .iter()
        .flat_map(|(flag, file)| [flag.into(), dir.join(file).into_os_string()])
        .collect()
}
