//! The documented commands run: the example outputs of the README and docs (their `console`
//! blocks) and the cases under tests/cmd/ run with trycmd against the data folder (found as
//! the CLI finds it; missing under CI=true, a failure); the piped examples trycmd cannot
//! run (`echo ... | mcdiff asm`) are checked to be exactly those cases; and every `mcdiff`
//! command line of the README's and docs' `sh` blocks and `yaml` workflows' `run:` steps is checked to parse (run with
//! `--help` appended: an unknown flag or a bad value fails, nothing runs).

mod common;

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The README and the docs pages.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The fenced blocks of a Markdown page whose info string starts with `lang`: (info, body).
fn blocks(text: &str, lang: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(info)) => current = Some((info.to_string(), String::new())),
            (Some(_), Some(_)) => {
                let (info, body) = current.take().unwrap();
                if info.split(',').next() == Some(lang) {
                    out.push((info, body));
                }
            }
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    out
}

#[test]
fn documented_outputs() {
    let Some((data, _, _)) = common::data_and_both_llvm_mc() else {
        return;
    };
    let cache = common::fresh_dir("docs", "cache");
    trycmd::TestCases::new()
        .register_bin("mcdiff", common::mcdiff_bin())
        .env("MCDIFF_DATA", data.display().to_string())
        .env("MCDIFF_CACHE", cache.display().to_string())
        .case("tests/cmd/*.toml")
        .case("README.md")
        .case("docs/*.md");
}

/// `echo 'INPUT' | mcdiff ARGS` and the lines after it in the README's `console,ignore`
/// blocks are a tests/cmd/*.toml case: the same arguments, input and output.
#[test]
fn piped_examples_are_the_cases() {
    let readme = common::read(&root().join("README.md"));
    let mut cases = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir(root().join("tests/cmd")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let toml = common::read(&path);
            let args = toml
                .lines()
                .find_map(|l| l.strip_prefix("args = "))
                .unwrap_or_else(|| panic!("{}: no args", path.display()));
            let args: Vec<String> = serde_json::from_str(args).unwrap();
            let io =
                |ext: &str| std::fs::read_to_string(path.with_extension(ext)).unwrap_or_default();
            cases.insert(args.join(" "), (io("stdin"), io("stdout")));
        }
    }
    let mut piped = 0;
    for (_, body) in blocks(&readme, "console") {
        let mut lines = body.lines().peekable();
        while let Some(line) = lines.next() {
            let Some(rest) = line.strip_prefix("$ echo '") else {
                continue;
            };
            let (input, command) = rest
                .split_once("' | mcdiff ")
                .expect("echo 'X' | mcdiff ...");
            let mut output = String::new();
            while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
                output.push_str(next);
                output.push('\n');
            }
            let (stdin, stdout) = cases.get(command).unwrap_or_else(|| {
                panic!("README's `{line}` has no tests/cmd case with args `{command}`")
            });
            assert_eq!(stdin, &format!("{input}\n"), "input of `{line}`");
            assert_eq!(stdout, &output, "output of `{line}`");
            piped += 1;
        }
    }
    assert_eq!(piped, 2, "the README's asm and disasm examples");
}

/// The `mcdiff` command lines of an `sh` block, with `\` continuations joined, comments,
/// pipes and redirections cut off, `cargo run --release --` read as `mcdiff` and loop
/// variables given a value.
fn mcdiff_commands(body: &str) -> Vec<String> {
    let joined = body.replace("\\\n", " ");
    let mut out = Vec::new();
    for line in joined.lines() {
        let line = line.replace("cargo run --release --", "mcdiff");
        let line = line.replace("$k", "1").replace("$cpu", "gfx1100");
        for part in line.split([';', '|', '&']) {
            let part = part.trim();
            let part = part.strip_prefix("do ").unwrap_or(part).trim();
            let part = part.strip_prefix("nice ").unwrap_or(part);
            let Some(args) = part.strip_prefix("mcdiff ") else {
                continue;
            };
            let args = args.split(" #").next().unwrap();
            let args = args.split(" >").next().unwrap();
            out.push(args.trim().to_string());
        }
    }
    out
}

/// Splits like a shell: white space, and single-quoted words.
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// The shell commands of a GitHub Actions `yaml` block's `run:` steps (folded `run: >`
/// ones joined), with `${{ matrix.k }}` given a value.
fn yaml_run_steps(body: &str) -> String {
    let mut out = String::new();
    let mut lines = body.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(command) = line.trim_start().strip_prefix("- run: ") else {
            continue;
        };
        let indent = line.len() - line.trim_start().len();
        if command.trim() == ">" {
            while let Some(next) = lines.next_if(|l| l.len() - l.trim_start().len() > indent + 2) {
                out.push_str(next.trim());
                out.push(' ');
            }
        } else {
            out.push_str(command);
        }
        out.push('\n');
    }
    out.replace("${{ matrix.k }}", "1")
}

#[test]
fn every_documented_command_parses() {
    let mut checked = 0;
    for page in pages() {
        let text = common::read(&page);
        let sh = blocks(&text, "sh").into_iter().map(|(_, body)| body);
        let yaml = blocks(&text, "yaml")
            .into_iter()
            .map(|(_, b)| yaml_run_steps(&b));
        for body in sh.chain(yaml) {
            for args in mcdiff_commands(&body) {
                let mut argv = words(&args);
                argv.push("--help".into());
                let out = common::mcdiff().args(&argv).output().unwrap();
                assert!(
                    out.status.success(),
                    "{}: `mcdiff {args}` does not parse: {}",
                    page.display(),
                    String::from_utf8_lossy(&out.stderr)
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} commands found");
}

#[test]
fn sh_blocks_are_read_as_a_shell_would() {
    let body = "for k in 1 2; do mcdiff run --shard $k/4 --json run-$k.json; done   # x\n\
                echo 'a b' | mcdiff asm --mcpu gfx1100 > out.txt\n\
                cargo run --release -- gate --old A \\\n    --new B\n";
    assert_eq!(
        mcdiff_commands(body),
        [
            "run --shard 1/4 --json run-1.json",
            "asm --mcpu gfx1100",
            "gate --old A      --new B"
        ]
    );
    assert_eq!(
        words("exec 's_nop 0' --set s1=2"),
        ["exec", "s_nop 0", "--set", "s1=2"]
    );
}
