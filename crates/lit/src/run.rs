//! RUN command parsing: a small shell-word lexer, pipeline splitting, and the
//! options of `llvm-mc` and `FileCheck` that MC tests use.

use crate::{InputFilter, RoundTrip, RunKind, RunLine, UnparsedRun};

/// A lexed shell token.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    /// `|`, at this byte offset of the command.
    Pipe(usize),
    Redirect(Redirect),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Redirect {
    /// `< FILE`
    Stdin(String),
    /// `> FILE` / `1> FILE` / `>> FILE`
    Stdout(String),
    /// `2> FILE`
    Stderr(String),
    /// `2>&1`
    StderrToStdout,
    /// `>&2` / `1>&2`
    StdoutToStderr,
}

/// One pipeline stage after lexing.
#[derive(Debug, Default)]
struct Stage {
    /// The stage's text as written, trimmed.
    raw: String,
    /// `not` prefixes before the command.
    negated: bool,
    crash: bool,
    words: Vec<String>,
    redirects: Vec<Redirect>,
}

impl Stage {
    fn tool(&self) -> &str {
        self.words.first().map(String::as_str).unwrap_or("")
    }

    /// The words of a stage without `not` or redirections; a stage with either gets its
    /// text as one word, which no input filter reads.
    fn plain_words(&self) -> Vec<String> {
        if self.negated || self.crash || !self.redirects.is_empty() {
            return vec![self.raw.clone()];
        }
        self.words.clone()
    }
}

/// Splits a command into words, pipes and redirections the way lit's internal shell does
/// for the subset used in MC tests.
fn lex(cmd: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = cmd.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            c if c.is_whitespace() => i += 1,
            '|' => {
                if chars.get(i + 1) == Some(&'|') {
                    return Err("`||` command lists are not supported".into());
                }
                tokens.push(Token::Pipe(chars[..i].iter().map(|c| c.len_utf8()).sum()));
                i += 1;
            }
            ';' => return Err("`;` command lists are not supported".into()),
            '&' => return Err("`&` / `&&` are not supported".into()),
            '<' => {
                i += 1;
                tokens.push(Token::Redirect(Redirect::Stdin(redirect_target(
                    &chars, &mut i,
                )?)));
            }
            '>' => {
                i += 1;
                tokens.push(Token::Redirect(out_redirect(1, &chars, &mut i)?));
            }
            _ => {
                let start = i;
                let word = read_word(&chars, &mut i)?;
                let is_fd =
                    (word == "1" || word == "2") && i == start + 1 && chars.get(i) == Some(&'>');
                if is_fd {
                    i += 1;
                    let fd = if word == "1" { 1 } else { 2 };
                    tokens.push(Token::Redirect(out_redirect(fd, &chars, &mut i)?));
                } else {
                    tokens.push(Token::Word(word));
                }
            }
        }
    }
    Ok(tokens)
}

/// Reads one shell word at `*i` (quotes and backslashes resolved), stopping at whitespace
/// or an operator character; empty when `*i` is at one.
fn read_word(chars: &[char], i: &mut usize) -> Result<String, String> {
    let mut word = String::new();
    while *i < chars.len() {
        let c = chars[*i];
        match c {
            ' ' | '\t' | '|' | '<' | '>' | ';' | '&' => break,
            '\'' => {
                let end = chars[*i + 1..]
                    .iter()
                    .position(|&q| q == '\'')
                    .ok_or("unterminated single quote")?;
                word.extend(&chars[*i + 1..*i + 1 + end]);
                *i += end + 2;
            }
            '"' => {
                *i += 1;
                read_double_quoted(chars, i, &mut word)?;
                *i += 1;
            }
            '\\' if *i + 1 < chars.len() => {
                word.push(chars[*i + 1]);
                *i += 2;
            }
            _ => {
                word.push(c);
                *i += 1;
            }
        }
    }
    Ok(word)
}

/// Appends to `word` the inside of a double-quoted string starting at `*i` (after the
/// opening quote), where a backslash escapes the next character; stops at the closing quote.
fn read_double_quoted(chars: &[char], i: &mut usize, word: &mut String) -> Result<(), String> {
    loop {
        match chars.get(*i) {
            None => return Err("unterminated double quote".into()),
            Some('"') => return Ok(()),
            Some('\\') if *i + 1 < chars.len() => {
                word.push(chars[*i + 1]);
                *i += 2;
            }
            Some(&c) => {
                word.push(c);
                *i += 1;
            }
        }
    }
}

/// The file a redirection names: the next word after any whitespace.
fn redirect_target(chars: &[char], i: &mut usize) -> Result<String, String> {
    while *i < chars.len() && chars[*i].is_whitespace() {
        *i += 1;
    }
    let w = read_word(chars, i)?;
    if w.is_empty() {
        Err("redirection without a target".into())
    } else {
        Ok(w)
    }
}

/// Parses what follows `>` (already consumed) for file descriptor `fd`.
fn out_redirect(fd: u8, chars: &[char], i: &mut usize) -> Result<Redirect, String> {
    if chars.get(*i) == Some(&'>') {
        *i += 1; // `>>` appends; the distinction does not matter here
    }
    if chars.get(*i) == Some(&'&') {
        let to = chars.get(*i + 1).copied();
        *i += 2;
        return match (fd, to) {
            (2, Some('1')) => Ok(Redirect::StderrToStdout),
            (1, Some('2')) => Ok(Redirect::StdoutToStderr),
            _ => Err("unsupported descriptor duplication".into()),
        };
    }
    let file = redirect_target(chars, i)?;
    Ok(if fd == 2 {
        Redirect::Stderr(file)
    } else {
        Redirect::Stdout(file)
    })
}

fn split_stages(cmd: &str, tokens: Vec<Token>) -> Result<Vec<Stage>, String> {
    let mut stages = vec![Stage::default()];
    let mut stage_start = 0;
    for tok in tokens {
        let stage = stages.last_mut().expect("never empty");
        match tok {
            Token::Pipe(at) => {
                if stage.words.is_empty() {
                    return Err("empty pipeline stage".into());
                }
                stage.raw = cmd[stage_start..at].trim().to_string();
                stage_start = at + 1;
                stages.push(Stage::default());
            }
            Token::Redirect(r) => stage.redirects.push(r),
            Token::Word(w) => {
                if stage.words.is_empty() && w == "not" {
                    stage.negated = true;
                } else if stage.words.is_empty() && stage.negated && w == "--crash" {
                    stage.crash = true;
                } else {
                    stage.words.push(w);
                }
            }
        }
    }
    let last = stages.last_mut().expect("never empty");
    if last.words.is_empty() {
        return Err("empty pipeline stage".into());
    }
    last.raw = cmd[stage_start..].trim().to_string();
    Ok(stages)
}

/// llvm-mc options that take a value, written `-opt=v`, `--opt=v`, `-opt v` or `--opt v`.
const MC_VALUE_OPTS: &[&str] = &[
    "triple",
    "arch",
    "mcpu",
    "mattr",
    "filetype",
    "o",
    "M",
    "output-asm-variant",
    "defsym",
    "I",
    "comment-column",
    "amdhsa-code-object-version",
];

/// llvm-mc options without a value.
const MC_FLAG_OPTS: &[&str] = &[
    "show-encoding",
    "disassemble",
    "assemble",
    "g",
    "preserve-comments",
    "no-warn",
    "show-inst",
    "show-inst-operands",
    "fatal-warnings",
    "save-temp-labels",
    "mc-relax-all",
    "as-lex",
    "hex",
];

/// FileCheck options that take a value.
const FC_VALUE_OPTS: &[&str] = &[
    "check-prefix",
    "check-prefixes",
    "implicit-check-not",
    "input-file",
    "dump-input",
    "comment-prefixes",
];

/// FileCheck options without a value.
const FC_FLAG_OPTS: &[&str] = &[
    "strict-whitespace",
    "match-full-lines",
    "allow-empty",
    "ignore-case",
    "enable-var-scope",
    "allow-unused-prefixes",
    "vv",
    "v",
];

/// Tools whose presence makes a run inspect an object file.
const OBJECT_TOOLS: &[&str] = &[
    "llvm-objdump",
    "llvm-readobj",
    "llvm-readelf",
    "llvm-objcopy",
    "llvm-nm",
    "llvm-dwarfdump",
];

/// An option split into its name (without dashes) and inline value.
fn split_option(word: &str) -> Option<(&str, Option<&str>)> {
    let body = word.strip_prefix("--").or_else(|| word.strip_prefix('-'))?;
    if body.is_empty() {
        return None;
    }
    Some(match body.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (body, None),
    })
}

/// Iterates options of a stage, resolving values given as the next word.
/// Calls `on_opt(name, value, raw_words)` for options and `on_positional` for other words.
fn walk_options<'a>(
    words: &'a [String],
    value_opts: &[&str],
    flag_opts: &[&str],
    mut on_opt: impl FnMut(&'a str, Option<&'a str>, &'a [String]) -> Result<(), String>,
    mut on_positional: impl FnMut(&'a str) -> Result<(), String>,
) -> Result<(), String> {
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        let Some((name, inline)) = split_option(word) else {
            on_positional(word)?;
            i += 1;
            continue;
        };
        // `-DNAME=VALUE` (FileCheck) and `-Ipath` style: one-letter option glued to its value.
        let (name, inline) = match name.split_at_checked(1) {
            Some((head @ ("D" | "I"), rest))
                if !rest.is_empty() && value_opts.contains(&head) && !word.starts_with("--") =>
            {
                (head, Some(&word[2..]))
            }
            _ => (name, inline),
        };
        if value_opts.contains(&name) {
            match inline {
                Some(v) => {
                    on_opt(name, Some(v), &words[i..i + 1])?;
                    i += 1;
                }
                None => {
                    let v = words
                        .get(i + 1)
                        .ok_or_else(|| format!("option {word} lacks its value"))?;
                    on_opt(name, Some(v), &words[i..i + 2])?;
                    i += 2;
                }
            }
        } else if flag_opts.contains(&name) && inline.is_none() {
            on_opt(name, None, &words[i..i + 1])?;
            i += 1;
        } else {
            return Err(format!("unknown option {word}"));
        }
    }
    Ok(())
}

/// Parses one RUN command (continuations already joined).
pub fn parse_run_command(index: usize, line: usize, raw: &str) -> Result<RunLine, UnparsedRun> {
    let fail = |reason: String| UnparsedRun {
        index,
        line,
        raw: raw.to_string(),
        reason,
    };
    let tokens = lex(raw).map_err(fail)?;
    let stages = split_stages(raw, tokens).map_err(fail)?;
    let mut run = RunLine {
        index,
        line,
        raw: raw.to_string(),
        kind: RunKind::Other,
        expect_fail: false,
        expect_crash: false,
        triple: None,
        arch: None,
        mcpu: None,
        mattr: Vec::new(),
        show_encoding: false,
        disassemble: false,
        stderr_to_stdout: false,
        stdout_discarded: false,
        filetype: None,
        output: None,
        input: None,
        input_from_stdin: false,
        check_prefixes: Vec::new(),
        implicit_check_not: Vec::new(),
        strict_whitespace: false,
        filecheck_defines: Vec::new(),
        has_filecheck: false,
        llvm_mc_args: Vec::new(),
        input_filter: None,
        downstream: Vec::new(),
        checks_downstream: false,
        triple_processor: None,
        round_trip: None,
    };

    refuse_another_llvm_mc(&stages).map_err(fail)?;
    let last = stages.len() - 1;
    let filecheck_at = (stages[last].tool() == "FileCheck").then_some(last);
    if let Some(fc) = filecheck_at {
        parse_filecheck(&stages[fc], &mut run).map_err(fail)?;
    }
    if let Some(other_fc) = stages
        .iter()
        .enumerate()
        .position(|(i, s)| s.tool() == "FileCheck" && Some(i) != filecheck_at)
    {
        return Err(fail(format!(
            "FileCheck in the middle of a pipeline (stage {other_fc})"
        )));
    }
    let end = filecheck_at.unwrap_or(stages.len());

    let Some(mc_at) = stages[..end].iter().position(|s| s.tool() == "llvm-mc") else {
        run.downstream = stages[..end].iter().map(|s| s.raw.clone()).collect();
        run.kind = if stages[..end]
            .iter()
            .any(|s| OBJECT_TOOLS.contains(&s.tool()))
        {
            RunKind::Object
        } else {
            RunKind::Other
        };
        return Ok(run);
    };
    if mc_at > 0 {
        let raw: Vec<&str> = stages[..mc_at].iter().map(|s| s.raw.as_str()).collect();
        let words: Vec<Vec<String>> = stages[..mc_at].iter().map(Stage::plain_words).collect();
        run.input_filter = Some(InputFilter::from_stages(raw.join(" | "), &words));
    }
    run.downstream = stages[mc_at + 1..end]
        .iter()
        .map(|s| s.raw.clone())
        .collect();
    parse_llvm_mc(&stages[mc_at], &mut run).map_err(fail)?;
    if mc_at > 0 {
        if run.input.is_some() {
            return Err(fail("llvm-mc reads both a file and a pipe".into()));
        }
        run.input_from_stdin = true;
    }
    run.triple_processor = (run.triple.as_deref())
        .and_then(crate::triple_processor)
        .map(str::to_string);
    run.kind = classify(&run, &stages[mc_at + 1..end]);
    run.round_trip = round_trip(&stages[mc_at + 1..end]).map_err(fail)?;
    run.checks_downstream =
        run.has_filecheck && !run.downstream.is_empty() && run.round_trip.is_none();
    Ok(run)
}

/// Only the configured llvm-mc is ever run: a RUN line with a stage that is an llvm-mc by
/// its file name, given with a path (`/tmp/x/llvm-mc`), is not read, and says so.
fn refuse_another_llvm_mc(stages: &[Stage]) -> Result<(), String> {
    let named = |tool: &str| std::path::Path::new(tool).file_name() == Some("llvm-mc".as_ref());
    match stages
        .iter()
        .map(Stage::tool)
        .find(|t| *t != "llvm-mc" && named(t))
    {
        Some(other) => Err(format!(
            "runs {other}, not llvm-mc: only the configured llvm-mc is run"
        )),
        None => Ok(()),
    }
}

/// The substitution LLVM's AMDGPU MC tests define for `%extract-encodings` (their
/// `lit.local.cfg`): the bytes of each `; encoding: [...]` llvm-mc printed.
const EXTRACT_ENCODINGS: &[&str] = &["%extract-encodings", "sed -n 's/.*encoding://p'"];

/// The disassembler stage of `llvm-mc ... | %extract-encodings | llvm-mc -disassemble ...`
/// (the stages after the first llvm-mc, FileCheck excluded), or `None` for other pipelines.
fn round_trip(downstream: &[Stage]) -> Result<Option<RoundTrip>, String> {
    let [extract, dis] = downstream else {
        return Ok(None);
    };
    if !EXTRACT_ENCODINGS.contains(&extract.raw.as_str()) || dis.tool() != "llvm-mc" {
        return Ok(None);
    }
    let mut stage = parse_run_command(0, 0, "llvm-mc").map_err(|u| u.reason)?;
    parse_llvm_mc(dis, &mut stage)?;
    if !stage.disassemble || stage.input.is_some() {
        return Ok(None);
    }
    let show_inst = (stage.llvm_mc_args.iter()).any(|a| a.trim_start_matches('-') == "show-inst");
    Ok(Some(RoundTrip {
        llvm_mc_args: stage.llvm_mc_args,
        mattr: stage.mattr,
        show_inst,
    }))
}

/// Reads the first llvm-mc's options and redirections into `run`.
fn parse_llvm_mc(stage: &Stage, run: &mut RunLine) -> Result<(), String> {
    run.expect_fail = stage.negated;
    run.expect_crash = stage.crash;
    let mut input: Option<String> = None;
    let mut args = Vec::new();
    walk_options(
        &stage.words[1..],
        MC_VALUE_OPTS,
        MC_FLAG_OPTS,
        |name, value, raw| {
            let value = value.map(str::to_string);
            match name {
                "triple" => run.triple = value,
                "arch" => run.arch = value,
                "mcpu" => run.mcpu = value,
                "mattr" => run.mattr.extend(
                    value
                        .iter()
                        .flat_map(|v| v.split(','))
                        .filter(|f| !f.is_empty())
                        .map(str::to_string),
                ),
                "filetype" => run.filetype = value,
                "o" => {
                    run.output = value;
                    return Ok(());
                }
                "show-encoding" => run.show_encoding = true,
                "disassemble" => run.disassemble = true,
                _ => {}
            }
            args.extend(raw.iter().cloned());
            Ok(())
        },
        |word| {
            if input.is_some() {
                return Err(format!("llvm-mc has a second input {word}"));
            }
            if word != "-" {
                input = Some(word.to_string());
            }
            Ok(())
        },
    )?;
    for r in &stage.redirects {
        match r {
            Redirect::Stdin(f) => {
                if input.replace(f.clone()).is_some() {
                    return Err("llvm-mc reads both a file and stdin".into());
                }
                run.input_from_stdin = true;
            }
            Redirect::StderrToStdout => run.stderr_to_stdout = true,
            Redirect::Stdout(f) if f == "/dev/null" => run.stdout_discarded = true,
            Redirect::Stdout(f) => run.output = Some(f.clone()),
            Redirect::Stderr(_) | Redirect::StdoutToStderr => {}
        }
    }
    run.llvm_mc_args = args;
    run.input = input;
    Ok(())
}

fn parse_filecheck(stage: &Stage, run: &mut RunLine) -> Result<(), String> {
    let mut check_file: Option<String> = None;
    walk_options(
        &stage.words[1..],
        &[FC_VALUE_OPTS, &["D"]].concat(),
        FC_FLAG_OPTS,
        |name, value, _| {
            let value = value.unwrap_or_default();
            match name {
                "check-prefix" | "check-prefixes" => run.check_prefixes.extend(
                    value
                        .split(',')
                        .filter(|p| !p.is_empty())
                        .map(str::to_string),
                ),
                "implicit-check-not" => run.implicit_check_not.push(value.to_string()),
                "strict-whitespace" => run.strict_whitespace = true,
                "D" => {
                    let (k, v) = value.split_once('=').unwrap_or((value, ""));
                    run.filecheck_defines.push((k.to_string(), v.to_string()));
                }
                _ => {}
            }
            Ok(())
        },
        |word| {
            if check_file.replace(word.to_string()).is_some() {
                return Err(format!("FileCheck has a second check file {word}"));
            }
            Ok(())
        },
    )?;
    if check_file.as_deref() != Some("%s") {
        return Err(format!(
            "FileCheck reads checks from {}",
            check_file.as_deref().unwrap_or("nothing")
        ));
    }
    run.has_filecheck = true;
    if run.check_prefixes.is_empty() {
        run.check_prefixes.push("CHECK".into());
    }
    Ok(())
}

fn classify(run: &RunLine, downstream: &[Stage]) -> RunKind {
    let object_tool = downstream.iter().any(|s| OBJECT_TOOLS.contains(&s.tool()));
    if run.filetype.as_deref() == Some("obj") || object_tool {
        RunKind::Object
    } else if run.disassemble {
        RunKind::Disassemble
    } else if run.filetype.as_deref() == Some("null")
        || run.stdout_discarded
        || (run.expect_fail && run.stderr_to_stdout)
    {
        RunKind::Error
    } else if run.show_encoding {
        RunKind::Encode
    } else if run.has_filecheck {
        RunKind::Print
    } else {
        RunKind::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &str) -> RunLine {
        parse_run_command(0, 1, raw).unwrap_or_else(|u| panic!("{raw}: {}", u.reason))
    }

    #[test]
    fn encode_run_with_equals_options() {
        let r = parse("llvm-mc -triple=amdgcn -mcpu=gfx900 -show-encoding %s | FileCheck --check-prefix=AA %s");
        assert_eq!(r.kind, RunKind::Encode);
        assert!(!r.checks_downstream);
        assert_eq!(r.triple.as_deref(), Some("amdgcn"));
        assert_eq!(r.mcpu.as_deref(), Some("gfx900"));
        assert!(r.show_encoding && !r.expect_fail && !r.input_from_stdin);
        assert_eq!(r.input.as_deref(), Some("%s"));
        assert_eq!(r.check_prefixes, vec!["AA"]);
        assert_eq!(
            r.llvm_mc_args,
            vec!["-triple=amdgcn", "-mcpu=gfx900", "-show-encoding"]
        );
    }

    #[test]
    fn separate_values_and_double_dashes() {
        let r = parse("llvm-mc --triple amdgcn -mcpu gfx10 --show-encoding < %s | FileCheck %s");
        assert_eq!(r.triple.as_deref(), Some("amdgcn"));
        assert_eq!(r.mcpu.as_deref(), Some("gfx10"));
        assert!(r.input_from_stdin);
        assert_eq!(r.input.as_deref(), Some("%s"));
        assert_eq!(r.check_prefixes, vec!["CHECK"]);
        assert_eq!(
            r.llvm_mc_args,
            vec!["--triple", "amdgcn", "-mcpu", "gfx10", "--show-encoding"]
        );
    }

    #[test]
    fn mattr_lists_accumulate_in_order() {
        let r = parse("llvm-mc -arch=amdgcn -mattr=+a,-b --mattr=+c -mattr -d %s | FileCheck %s");
        assert_eq!(r.mattr, vec!["+a", "-b", "+c", "-d"]);
        assert_eq!(r.arch.as_deref(), Some("amdgcn"));
        assert_eq!(r.kind, RunKind::Print);
    }

    #[test]
    fn error_run_with_stderr_and_implicit_check_not() {
        let r = parse("not llvm-mc -triple=amdgcn %s -filetype=null 2>&1 | FileCheck --check-prefixes=X,Y -check-prefix Z --implicit-check-not=error: %s");
        assert_eq!(r.kind, RunKind::Error);
        assert!(r.expect_fail && r.stderr_to_stdout);
        assert_eq!(r.check_prefixes, vec!["X", "Y", "Z"]);
        assert_eq!(r.implicit_check_not, vec!["error:"]);
        assert_eq!(r.filetype.as_deref(), Some("null"));
    }

    #[test]
    fn not_without_stderr_is_still_an_encode_run() {
        let r = parse("not llvm-mc -triple=amdgcn -show-encoding %s | FileCheck %s");
        assert_eq!(r.kind, RunKind::Encode);
        assert!(r.expect_fail);
    }

    #[test]
    fn stdout_discarded_checks_diagnostics() {
        let r =
            parse("not llvm-mc -triple=amdgcn -show-encoding %s 2>&1 >/dev/null | FileCheck %s");
        assert_eq!(r.kind, RunKind::Error);
        assert!(r.stdout_discarded && r.stderr_to_stdout);
    }

    #[test]
    fn crash_expectation() {
        let r = parse("not --crash llvm-mc -triple=amdgcn -disassemble < %s 2>&1 | FileCheck %s");
        assert!(r.expect_fail && r.expect_crash && r.disassemble);
        assert_eq!(r.kind, RunKind::Disassemble);
    }

    #[test]
    fn disassemble_with_strict_whitespace() {
        let r = parse("llvm-mc -triple=amdgcn -mcpu=gfx1010 --disassemble -show-encoding < %s | FileCheck -strict-whitespace %s -check-prefix=Q");
        assert_eq!(r.kind, RunKind::Disassemble);
        assert!(r.strict_whitespace);
        assert_eq!(r.check_prefixes, vec!["Q"]);
    }

    #[test]
    fn another_llvm_mc_is_an_unparsed_run_line() {
        for cmd in [
            "/tmp/x/llvm-mc -triple=amdgcn -show-encoding %s | FileCheck %s",
            "sed 's/a/b/' %s | ./llvm-mc -triple=amdgcn | FileCheck %s",
            "llvm-mc -triple=amdgcn -show-encoding %s | /usr/bin/llvm-mc -disassemble",
        ] {
            let err = parse_run_command(0, 1, cmd).unwrap_err();
            assert!(err.reason.contains("not llvm-mc"), "{cmd}: {}", err.reason);
        }
    }

    #[test]
    fn input_filter_and_downstream_stages() {
        let r = parse(
            "sed 's/XX/4/g' %s | not llvm-mc -triple=amdgcn -filetype=null 2>&1 | FileCheck %s",
        );
        let filter = r.input_filter.as_ref().unwrap();
        assert_eq!(filter.raw, "sed 's/XX/4/g' %s");
        assert_eq!(filter.apply("a XX\n").unwrap(), "a 4\n");
        assert!(r.input_from_stdin && r.expect_fail && r.input.is_none());
        assert_eq!(r.kind, RunKind::Error);
        assert!(!r.checks_downstream);

        let r = parse("llvm-mc -triple=amdgcn -show-encoding %s | %extract-encodings | llvm-mc -triple=amdgcn -disassemble -show-encoding | FileCheck --check-prefix=D %s");
        assert_eq!(r.kind, RunKind::Encode);
        assert!(
            !r.checks_downstream && r.round_trip.is_some(),
            "FileCheck reads the second llvm-mc: a round trip, checked"
        );
        assert!(!r.disassemble);
        assert_eq!(r.llvm_mc_args, vec!["-triple=amdgcn", "-show-encoding"]);
        assert_eq!(
            r.downstream,
            vec![
                "%extract-encodings",
                "llvm-mc -triple=amdgcn -disassemble -show-encoding"
            ]
        );
    }

    #[test]
    fn extract_encodings_round_trips_are_checked() {
        let r = parse("llvm-mc -triple=amdgpu12.50 -show-encoding %s | %extract-encodings | llvm-mc -triple=amdgpu12.50 -mattr=+gfx1250-b0-specific -disassemble -show-inst | FileCheck --check-prefix=M %s");
        assert_eq!(r.kind, RunKind::Encode);
        assert!(!r.checks_downstream, "the checks describe the round trip");
        let rt = r.round_trip.expect("a round trip");
        assert_eq!(
            rt.llvm_mc_args,
            vec![
                "-triple=amdgpu12.50",
                "-mattr=+gfx1250-b0-specific",
                "-disassemble",
                "-show-inst"
            ]
        );
        assert_eq!(rt.mattr, vec!["+gfx1250-b0-specific"]);
        assert!(rt.show_inst);
        // The substitution spelled out, as LLVM's lit.local.cfg defines it.
        let r = parse("llvm-mc -triple=amdgcn -mcpu=gfx1250 -show-encoding %s | sed -n 's/.*encoding://p' | llvm-mc -triple=amdgcn -mcpu=gfx1250 -disassemble -show-encoding | FileCheck %s");
        assert!(r.round_trip.is_some_and(|rt| !rt.show_inst));
        assert!(!r.checks_downstream);
        // Another second stage is still a downstream check.
        let r = parse("llvm-mc -triple=amdgcn -show-encoding %s | %extract-encodings | llvm-mc -triple=amdgcn -show-encoding | FileCheck %s");
        assert!(r.round_trip.is_none() && r.checks_downstream);
    }

    #[test]
    fn processor_triples_name_the_processor() {
        let r = parse("llvm-mc -triple=amdgpu12.50 -show-encoding %s | FileCheck %s");
        assert_eq!(r.mcpu, None);
        assert_eq!(r.processor(), Some("gfx1250"));
        let r = parse("not llvm-mc -triple=amdgpu12.00 -filetype=null %s 2>&1 | FileCheck --check-prefix=E --implicit-check-not=error: --strict-whitespace %s");
        assert_eq!((r.kind, r.processor()), (RunKind::Error, Some("gfx1200")));
        assert!(r.strict_whitespace);
        let r = parse("llvm-mc -triple=amdgcn -mcpu=gfx1100 -show-encoding %s | FileCheck %s");
        assert_eq!(r.processor(), Some("gfx1100"));
        let r = parse("llvm-mc -triple=amdgcn -show-encoding %s | FileCheck %s");
        assert_eq!(r.processor(), None, "amdgcn names no processor");
    }

    #[test]
    fn stepping_mattrs() {
        let r = parse("llvm-mc -triple=amdgpu12.50 -mattr=+gfx1250-b0-specific -show-encoding %s | FileCheck %s");
        assert_eq!(r.stepping(), Some("b0"));
        let r = parse("llvm-mc -triple=amdgpu12.50 -mattr=-gfx1250-b0-specific -show-encoding %s | FileCheck %s");
        assert_eq!(r.stepping(), None, "the stepping turned off");
        let r = parse("llvm-mc -triple=amdgcn -mcpu=gfx1100 -mattr=+real-true16 %s | FileCheck %s");
        assert_eq!(r.stepping(), None);
    }

    #[test]
    fn object_runs() {
        let r = parse("llvm-mc -filetype=obj -triple=amdgcn -mcpu=gfx900 %s -o - | llvm-objdump -d - | FileCheck %s");
        assert_eq!(r.kind, RunKind::Object);
        assert!(r.checks_downstream, "FileCheck reads llvm-objdump");
        assert_eq!(r.output.as_deref(), Some("-"));
        assert!(!r.llvm_mc_args.iter().any(|a| a == "-o" || a == "-"));
        let r = parse("llvm-mc -triple=amdgcn -filetype=obj < %s > %t");
        assert_eq!(r.kind, RunKind::Object);
        assert_eq!(r.output.as_deref(), Some("%t"));
        assert!(!r.has_filecheck);
        let r = parse("llvm-readobj -r %t | FileCheck %s --check-prefix=R");
        assert_eq!(r.kind, RunKind::Object);
        assert_eq!(r.downstream, vec!["llvm-readobj -r %t"]);
    }

    #[test]
    fn other_runs() {
        let r = parse("yaml2obj %s -DA=1 | llvm-objdump -d - | FileCheck %s");
        assert_eq!(r.kind, RunKind::Object);
        let r = parse("diff %t-1.s %t-2.s");
        assert_eq!(r.kind, RunKind::Other);
        let r = parse("llvm-mc -preserve-comments -triple=amdgcn %s >%t-1.s");
        assert_eq!(r.kind, RunKind::Other);
    }

    #[test]
    fn miscellaneous_llvm_mc_options_are_kept_for_replay() {
        let r = parse("llvm-mc -triple=amdgcn -M no-aliases -output-asm-variant=1 -defsym X=1 -I dir -g --amdhsa-code-object-version=5 %s | FileCheck %s -DCPU=gfx9");
        assert_eq!(
            r.llvm_mc_args,
            vec![
                "-triple=amdgcn",
                "-M",
                "no-aliases",
                "-output-asm-variant=1",
                "-defsym",
                "X=1",
                "-I",
                "dir",
                "-g",
                "--amdhsa-code-object-version=5"
            ]
        );
        assert_eq!(
            r.filecheck_defines,
            vec![("CPU".to_string(), "gfx9".to_string())]
        );
    }

    #[test]
    fn stderr_redirect_order_does_not_matter() {
        let r = parse("not llvm-mc -triple=amdgcn 2>&1 %s | FileCheck %s");
        assert!(r.stderr_to_stdout);
        assert_eq!(r.kind, RunKind::Error);
        let r = parse("llvm-mc -triple=amdgcn %s 2>%t.err | FileCheck %s");
        assert!(!r.stderr_to_stdout);
    }

    #[test]
    fn malformed_commands_are_reported() {
        for (raw, why) in [
            (
                "llvm-mc -triple=amdgcn -bogus %s | FileCheck %s",
                "unknown option -bogus",
            ),
            (
                "llvm-mc 'unterminated | FileCheck %s",
                "unterminated single quote",
            ),
            ("llvm-mc %s && FileCheck %s", "`&` / `&&` are not supported"),
            (
                "llvm-mc %s | FileCheck %t",
                "FileCheck reads checks from %t",
            ),
            ("llvm-mc %s |", "empty pipeline stage"),
        ] {
            let err = parse_run_command(3, 7, raw).expect_err(raw);
            assert_eq!(err.reason, why);
            assert_eq!((err.index, err.line), (3, 7));
        }
    }
}
