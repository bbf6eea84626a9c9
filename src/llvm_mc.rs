//! Driving the real llvm-mc: one process per (file, flags), answers mapped back to source lines.
//!
//! Mapping: before running, every instruction line gets a unique local label on the
//! same line (`.Lmcdiff_<line>: <text>`). llvm-mc echoes labels, so each encoding in
//! its output sits below the label of the line that produced it; a line that
//! produces zero or two instructions cannot shift the others, and line numbers in
//! `<stdin>:LINE:COL` errors stay those of the test file (columns are corrected for
//! the label's width).

use anyhow::{Context, Result};
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::bytes::EncByte;

const MARKER: &str = ".Lmcdiff_";

/// A pinned llvm-mc binary and the version it reports.
#[derive(Debug, Clone)]
pub struct LlvmMc {
    pub path: PathBuf,
    /// e.g. "19.1.7", read from `--version`.
    pub version: String,
    /// Size and modification time of the binary: a rebuilt llvm-mc at the same path gets
    /// fresh cache entries.
    pub identity: String,
    pub timeout: Duration,
}

/// What llvm-mc said about one source line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LlvmAnswer {
    /// All bytes the line produced, in order (fixup bytes as letters), the printed
    /// instruction text (` ; `-joined when the line produced several), and the first
    /// warning llvm-mc gave for the line.
    Encoded {
        bytes: Vec<EncByte>,
        text: String,
        /// Comment lines printed below the instruction (`--show-inst` dumps), joined.
        comments: String,
        warning: Option<String>,
    },
    /// The first error reported for the line.
    Error {
        column: Option<u32>,
        message: String,
    },
    /// Disassembly: the printed instruction(s) and the encoding llvm-mc shows for them;
    /// `skipped` holds the diagnostic when the line's first bytes did not decode and
    /// these came from its later bytes.
    Decoded {
        text: String,
        bytes: Vec<EncByte>,
        skipped: Option<String>,
    },
    /// llvm-mc gave no usable answer for the line (it could not run, or its output names
    /// nothing for this line); the reason.
    NotRun(String),
}

/// llvm-mc's answers for one input, keyed by 1-based source line.
#[derive(Debug, Clone, Default)]
pub struct LlvmRun {
    pub answers: HashMap<usize, LlvmAnswer>,
    /// Disassembly only: printed instructions could not be matched to byte lines one to one.
    pub unaligned: bool,
}

impl LlvmRun {
    /// Every line answered by the same error (a run that failed as its RUN line expects).
    pub fn all_rejected(lines: &[usize], message: &str) -> LlvmRun {
        let answers = lines
            .iter()
            .map(|&l| {
                let error = LlvmAnswer::Error {
                    column: None,
                    message: message.to_string(),
                };
                (l, error)
            })
            .collect();
        LlvmRun {
            answers,
            unaligned: false,
        }
    }

    pub fn answer(&self, line: usize) -> LlvmAnswer {
        if self.unaligned {
            return LlvmAnswer::NotRun(
                "mcdiff could not map llvm-mc's disassembly to lines".into(),
            );
        }
        self.answers.get(&line).cloned().unwrap_or_else(|| {
            LlvmAnswer::NotRun("llvm-mc output names nothing for this line".into())
        })
    }
}

impl LlvmMc {
    /// The major version (`22` of `22.1.8`).
    pub fn major(&self) -> u32 {
        self.version
            .split('.')
            .next()
            .and_then(|m| m.parse().ok())
            .unwrap_or(0)
    }

    /// The Debian package path of a named LLVM major version.
    pub fn for_major(major: &str) -> PathBuf {
        PathBuf::from(format!("/usr/lib/llvm-{major}/bin/llvm-mc"))
    }

    /// Opens `path` and reads its version; fails if it is not an LLVM llvm-mc.
    pub fn open(path: &Path, timeout: Duration) -> Result<LlvmMc> {
        let out = duct::cmd(path, ["--version"])
            .stdout_capture()
            .stderr_capture()
            .unchecked()
            .run()
            .with_context(|| format!("cannot run {}", path.display()))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let version = text
            .split_whitespace()
            .skip_while(|w| *w != "version")
            .nth(1)
            .map(str::to_string)
            .with_context(|| format!("{}: no version in `--version` output", path.display()))?;
        let meta =
            std::fs::metadata(path).with_context(|| format!("reading {}", path.display()))?;
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        Ok(LlvmMc {
            path: path.to_path_buf(),
            version,
            identity: format!("{} {modified}", meta.len()),
            timeout,
        })
    }

    /// The command line a person can paste to reproduce a run (input on stdin).
    pub fn replay(&self, args: &[String]) -> String {
        let mut s = self.path.display().to_string();
        for a in args {
            s.push(' ');
            s.push_str(a);
        }
        s
    }

    /// Runs llvm-mc once, without the cache, and returns its output and error output; an
    /// unrecognised processor, a crash, a timeout or an empty output is a [`Fault`].
    pub fn run_checked(&self, args: &[String], input: &str) -> Result<(String, String)> {
        self.exec_checked(args, input)
    }

    /// Runs llvm-mc; an unrecognised processor, a crash, a timeout or an empty output is a
    /// [`Fault`] (llvm-mc itself only warns on an unknown processor).
    fn exec_checked(&self, args: &[String], input: &str) -> Result<(String, String)> {
        let (status, stdout, stderr) = self.exec(args, input)?;
        let fault = |kind: FaultKind, detail: String| Fault {
            kind,
            detail: format!("{detail}: {}", self.replay(args)),
            diagnostic: stderr
                .lines()
                .find(|l| l.starts_with("LLVM ERROR:"))
                .map(str::to_string),
        };
        if let Some(line) = stderr
            .lines()
            .find(|l| l.contains("is not a recognized processor"))
        {
            return Err(fault(FaultKind::UnknownCpu, line.to_string()).into());
        }
        if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
            let detail = format!("llvm-mc killed by signal {signal}");
            return Err(fault(FaultKind::Crashed(signal), detail).into());
        }
        if stdout.trim().is_empty() && stderr.trim().is_empty() {
            let detail = format!("llvm-mc printed nothing ({status})");
            return Err(fault(FaultKind::NoOutput, detail).into());
        }
        Ok((stdout, stderr))
    }

    /// Runs llvm-mc in a process group of its own, feeding `input` and collecting both
    /// outputs on threads (so neither pipe can fill up and stall it). On timeout the whole
    /// group is killed: a wrapper's children die with it and release the pipes.
    fn exec(
        &self,
        args: &[String],
        input: &str,
    ) -> Result<(std::process::ExitStatus, String, String)> {
        use std::io::{Read as _, Write as _};
        use std::os::unix::process::CommandExt as _;
        use std::process::{Command, Stdio};
        let mut child = Command::new(&self.path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .with_context(|| format!("cannot start {}", self.path.display()))?;
        let mut stdin = child.stdin.take().expect("piped stdin");
        let input = input.as_bytes().to_vec();
        // A child that exits without reading its input closes the pipe: not an error here.
        let writer = std::thread::spawn(move || drop(stdin.write_all(&input)));
        let reader = |mut pipe: Box<dyn std::io::Read + Send>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                bytes
            })
        };
        let stdout = reader(Box::new(child.stdout.take().expect("piped stdout")));
        let stderr = reader(Box::new(child.stderr.take().expect("piped stderr")));
        let deadline = Instant::now() + self.timeout;
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if Instant::now() > deadline {
                kill_group(child.id());
                let _ = child.wait();
                let _ = (writer.join(), stdout.join(), stderr.join());
                let detail = format!(
                    "llvm-mc timed out after {:?}: {}",
                    self.timeout,
                    self.replay(args)
                );
                return Err(Fault {
                    kind: FaultKind::Timeout,
                    diagnostic: None,
                    detail,
                }
                .into());
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        // Children of a wrapper may still hold the pipes open after it exited.
        kill_group(child.id());
        let _ = writer.join();
        let (stdout, stderr) = (joined(stdout), joined(stderr));
        let text = |bytes: Vec<u8>, what: &str| {
            String::from_utf8(bytes).map_err(|e| Fault {
                kind: FaultKind::Garbled,
                diagnostic: None,
                detail: format!("llvm-mc's {what} is not UTF-8 ({e}): {}", self.replay(args)),
            })
        };
        Ok((
            status,
            text(stdout, "output")?,
            text(stderr, "error output")?,
        ))
    }
}

fn joined(reader: std::thread::JoinHandle<Vec<u8>>) -> Vec<u8> {
    reader.join().unwrap_or_default()
}

/// SIGKILL to the process group `pid` leads (llvm-mc runs in a group of its own).
fn kill_group(pid: u32) {
    if let Ok(pid) = i32::try_from(pid) {
        // SAFETY: kill(2) with a negative pid signals that process group; no memory involved.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// Why llvm-mc gave no usable answer for a whole run. Never cached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    /// The full message, with the command line.
    pub detail: String,
    /// llvm-mc's own last words (`LLVM ERROR: ...`), if it said any.
    pub diagnostic: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultKind {
    UnknownCpu,
    Crashed(i32),
    Timeout,
    NoOutput,
    /// Output that is not text (not UTF-8).
    Garbled,
    /// llvm-mc stopped with `LLVM ERROR: ...` where no line's answer can be one (the fuzzer's
    /// inputs expect no such stop).
    Fatal,
}

impl Fault {
    /// The short, stable reason a `not-run` verdict carries.
    pub fn reason(&self) -> String {
        match self.kind {
            FaultKind::UnknownCpu => "llvm-mc does not know the -mcpu".into(),
            FaultKind::Crashed(signal) => format!("llvm-mc crashed (signal {signal})"),
            FaultKind::Timeout => "llvm-mc timed out".into(),
            FaultKind::NoOutput => "llvm-mc printed nothing".into(),
            FaultKind::Garbled => "llvm-mc printed garbled output".into(),
            FaultKind::Fatal => "llvm-mc stopped with LLVM ERROR".into(),
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for Fault {}

/// llvm-mc stopped before printing anything with `LLVM ERROR: ...` (it exits 1, no crash):
/// that error is its answer for every line.
fn fatal_error(stdout: &str, stderr: &str, lines: &[usize]) -> Option<LlvmRun> {
    if !stdout.trim().is_empty() {
        return None;
    }
    let fatal = stderr.lines().find(|l| l.starts_with("LLVM ERROR:"))?;
    Some(LlvmRun::all_rejected(lines, fatal.trim()))
}

fn marker_for(line: usize) -> String {
    format!("{MARKER}{line}")
}

/// Prefixes each instruction line with its marker label, keeping line numbers.
pub fn mark_lines(source: &str, instruction_lines: &[usize]) -> String {
    let wanted: std::collections::HashSet<usize> = instruction_lines.iter().copied().collect();
    let mut out = String::with_capacity(source.len() + instruction_lines.len() * 16);
    for (i, line) in source.lines().enumerate() {
        let n = i + 1;
        if wanted.contains(&n) {
            out.push_str(&marker_for(n));
            out.push_str(": ");
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// llvm-mc's answers for input marked by [`mark_lines`], keyed by source line.
pub fn parse_output(stdout: &str, stderr: &str) -> LlvmRun {
    let mut run = LlvmRun::default();
    let mut current: Option<usize> = None;
    for line in stdout.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(MARKER) {
            current = rest.trim_end_matches(':').parse().ok();
            // A statement llvm-mc read: accepted with no bytes unless bytes or an error follow.
            if let Some(n) = current {
                run.answers.entry(n).or_insert(LlvmAnswer::Encoded {
                    bytes: Vec::new(),
                    text: String::new(),
                    comments: String::new(),
                    warning: None,
                });
            }
            continue;
        }
        let Some(n) = current else { continue };
        if let Some((new_bytes, new_text)) = mcdiff_lit::parse_encoding(t) {
            let entry = run.answers.entry(n).or_insert(LlvmAnswer::Encoded {
                bytes: Vec::new(),
                text: String::new(),
                comments: String::new(),
                warning: None,
            });
            if let LlvmAnswer::Encoded { bytes, text, .. } = entry {
                bytes.extend(new_bytes);
                if !text.is_empty() {
                    text.push_str(" ; ");
                }
                text.push_str(new_text.as_deref().unwrap_or_default().trim());
            }
        } else if let (Some(comment), Some(LlvmAnswer::Encoded { comments, .. })) =
            (t.strip_prefix(';'), run.answers.get_mut(&n))
        {
            comments.push_str(" ;");
            comments.push_str(comment);
        }
    }
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix("<stdin>:") else {
            continue;
        };
        let mut parts = rest.splitn(3, ':');
        let (Some(l), Some(c), Some(msg)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let Ok(n) = l.parse::<usize>() else { continue };
        let msg = msg.trim_start();
        let Some(message) = msg.strip_prefix("error:") else {
            if let (Some(w), Some(LlvmAnswer::Encoded { warning, .. })) =
                (msg.strip_prefix("warning:"), run.answers.get_mut(&n))
            {
                warning.get_or_insert_with(|| w.trim().to_string());
            }
            continue;
        };
        let label_width = marker_for(n).len() as u32 + 2;
        let column = c
            .parse::<u32>()
            .ok()
            .map(|c| c.saturating_sub(label_width).max(1));
        // An error wins over any partial output of the same line, and the first error is kept.
        match run.answers.get(&n) {
            Some(LlvmAnswer::Error { .. }) => {}
            _ => {
                run.answers.insert(
                    n,
                    LlvmAnswer::Error {
                        column,
                        message: message.trim().to_string(),
                    },
                );
            }
        }
    }
    run
}

/// One input byte: its source line and 1-based column, as llvm-mc's diagnostics name them.
#[derive(Debug, Clone, Copy)]
struct StreamByte {
    line: usize,
    column: usize,
    /// The byte is inside `[...]`: llvm-mc reads the group as one unit and, where it
    /// cannot decode it, skips the whole group rather than 4 bytes.
    bracketed: bool,
}

/// The byte stream llvm-mc disassembles: every hex token of the byte lines, in order.
fn byte_stream(source: &str, byte_lines: &[usize]) -> Vec<StreamByte> {
    let wanted: std::collections::HashSet<usize> = byte_lines.iter().copied().collect();
    let mut stream = Vec::new();
    for (i, text) in source.lines().enumerate() {
        let line = i + 1;
        if !wanted.contains(&line) {
            continue;
        }
        let code = text.split(['#', ';']).next().unwrap_or_default();
        let code = code.split("//").next().unwrap_or_default();
        let bracketed = code.trim_start().starts_with('[');
        let mut column = 0;
        for token in code.split(|c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace()) {
            if !token.is_empty() {
                stream.push(StreamByte {
                    line,
                    column: column + 1,
                    bracketed,
                });
            }
            column += token.len() + 1;
        }
    }
    stream
}

/// Where llvm-mc could not decode: (line, column) -> its message. Other warnings
/// ("potentially undefined instruction encoding") come with a decode and are not failures.
pub fn decode_failures(stderr: &str) -> HashMap<(usize, usize), String> {
    let mut failures = HashMap::new();
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix("<stdin>:") else {
            continue;
        };
        let mut parts = rest.splitn(3, ':');
        let (Some(l), Some(c), Some(msg)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(l), Ok(c)) = (l.parse::<usize>(), c.parse::<usize>()) else {
            continue;
        };
        let msg = msg.trim_start();
        let message = msg
            .strip_prefix("warning:")
            .or_else(|| msg.strip_prefix("error:"))
            .unwrap_or(msg)
            .trim();
        if message.contains("invalid instruction encoding") {
            failures.insert((l, c), message.to_string());
        }
    }
    failures
}

/// How far the AMDGPU disassembler advances past bytes it cannot decode.
const INVALID_SKIP: usize = 4;

/// Maps llvm-mc's disassembly to the byte lines it came from.
///
/// The disassembler reads all byte lines as one stream. It names the line and column of
/// what it cannot decode (`<stdin>:L:C: warning: invalid instruction encoding`, then skips
/// 4 bytes), and prints what it decodes with its encoding but no position. Walking the
/// stream with both gives each decoded instruction the line it starts on; a line whose
/// first byte failed to decode gets the error, unless later bytes of it decoded. When the walk and the diagnostics disagree
/// (an encoding printed with another length than it consumed), no line gets an answer
/// rather than a shifted one.
///
/// llvm-mc prints its re-encoding, not the bytes it read, so a printed length only counts
/// where an instruction ends inside its line (two instructions on one line).
fn parse_disassembly(stdout: &str, stderr: &str, source: &str, byte_lines: &[usize]) -> LlvmRun {
    let mut run = LlvmRun::default();
    let failures = decode_failures(stderr);
    let decoded: Vec<(String, Vec<EncByte>)> = stdout
        .lines()
        .filter(|l| l.starts_with('\t') && !l.trim_start().starts_with('.'))
        .map(|l| match mcdiff_lit::parse_encoding(l) {
            Some((bytes, text)) => (text.unwrap_or_default(), bytes),
            None => (l.trim().to_string(), Vec::new()),
        })
        .collect();
    let stream = byte_stream(source, byte_lines);
    let mut per_line: HashMap<usize, Vec<(String, Vec<EncByte>)>> = HashMap::new();
    let (mut at, mut next) = (0usize, 0usize);
    let mut seen_failures = 0;
    while at < stream.len() {
        let b = stream[at];
        if let Some(message) = failures.get(&(b.line, b.column)) {
            seen_failures += 1;
            if stream
                .get(at.wrapping_sub(1))
                .is_none_or(|p| p.line != b.line)
            {
                run.answers.entry(b.line).or_insert(LlvmAnswer::Error {
                    column: Some(b.column as u32),
                    message: message.clone(),
                });
            }
            at += if b.bracketed {
                stream[at..].iter().take_while(|x| x.line == b.line).count()
            } else {
                INVALID_SKIP
            };
            continue;
        }
        let Some((text, bytes)) = decoded.get(next) else {
            break;
        };
        next += 1;
        per_line
            .entry(b.line)
            .or_default()
            .push((text.clone(), bytes.clone()));
        // The printed encoding is llvm-mc's re-encoding, whose length may differ from what
        // it consumed (an inline constant printed as a literal); an instruction at least as
        // long as the rest of its line is taken to end with the line.
        let rest_of_line = stream[at..].iter().take_while(|x| x.line == b.line).count();
        at += if bytes.len() >= rest_of_line {
            rest_of_line
        } else {
            bytes.len().max(1)
        };
    }
    if next != decoded.len() || seen_failures != failures.len() || at < stream.len() {
        run.answers.clear();
        run.unaligned = true;
        return run;
    }
    // A line whose first bytes failed but whose later bytes decoded shows what llvm-mc
    // printed for it, as the tests' checks do.
    for (line, found) in per_line {
        let text = found
            .iter()
            .map(|(t, _)| t.as_str())
            .collect::<Vec<_>>()
            .join(" ; ");
        let bytes = found.into_iter().flat_map(|(_, b)| b).collect();
        let skipped = match run.answers.remove(&line) {
            Some(LlvmAnswer::Error { message, .. }) => Some(message),
            _ => None,
        };
        run.answers.insert(
            line,
            LlvmAnswer::Decoded {
                text,
                bytes,
                skipped,
            },
        );
    }
    run
}

/// Memoises llvm-mc runs on disk, keyed by llvm-mc version, arguments and input text,
/// so a re-run over an unchanged corpus spawns no process.
pub struct RunCache {
    dir: Option<PathBuf>,
    lock: Mutex<()>,
}

impl RunCache {
    pub fn new(dir: Option<PathBuf>) -> RunCache {
        RunCache {
            dir,
            lock: Mutex::new(()),
        }
    }

    /// Assembles `source` (see [`LlvmMc::run`]), through the cache.
    pub fn run(
        &self,
        mc: &LlvmMc,
        args: &[String],
        source: &str,
        instruction_lines: &[usize],
    ) -> Result<LlvmRun> {
        let marked = mark_lines(source, instruction_lines);
        let (stdout, stderr) = self.exec(mc, args, &marked)?;
        Ok(fatal_error(&stdout, &stderr, instruction_lines)
            .unwrap_or_else(|| parse_output(&stdout, &stderr)))
    }

    /// Disassembles `source` (see [`LlvmMc::disassemble`]), through the cache.
    pub fn disassemble(
        &self,
        mc: &LlvmMc,
        args: &[String],
        source: &str,
        byte_lines: &[usize],
    ) -> Result<LlvmRun> {
        let (stdout, stderr) = self.exec(mc, args, source)?;
        Ok(fatal_error(&stdout, &stderr, byte_lines)
            .unwrap_or_else(|| parse_disassembly(&stdout, &stderr, source, byte_lines)))
    }

    fn exec(&self, mc: &LlvmMc, args: &[String], input: &str) -> Result<(String, String)> {
        let Some(dir) = &self.dir else {
            return mc.exec_checked(args, input);
        };
        let mut key = Fnv::default();
        key.write(CACHE_FORMAT.as_bytes());
        key.write(mc.path.display().to_string().as_bytes());
        key.write(mc.version.as_bytes());
        key.write(mc.identity.as_bytes());
        for a in args {
            key.write(a.as_bytes());
            key.write(&[0]);
        }
        key.write(input.as_bytes());
        let file = dir.join(format!("{:016x}.txt", key.0));
        if let Ok(mut f) = std::fs::File::open(&file) {
            let mut text = String::new();
            if f.read_to_string(&mut text).is_ok() {
                match text.split_once(CACHE_SEPARATOR) {
                    Some((out, err)) if !(out.trim().is_empty() && err.trim().is_empty()) => {
                        return Ok((out.to_string(), err.to_string()));
                    }
                    _ => {} // a torn or empty entry is never an answer: run again
                }
            }
        }
        let (stdout, stderr) = mc.exec_checked(args, input)?;
        let _guard = self.lock.lock().expect("cache lock");
        std::fs::create_dir_all(dir).ok();
        let tmp = file.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&tmp, format!("{stdout}{CACHE_SEPARATOR}{stderr}")).is_ok() {
            std::fs::rename(&tmp, &file).ok();
        }
        Ok((stdout, stderr))
    }
}

/// Changes when what is cached changes meaning (v2: faulty answers are never stored).
const CACHE_FORMAT: &str = "mcdiff-cache-v2\0";
const CACHE_SEPARATOR: &str = "\n\u{0}STDERR\u{0}\n";

/// FNV-1a, 64-bit: stable across Rust releases, unlike `DefaultHasher`.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_keep_line_numbers_and_map_output() {
        let src = "// c\ns_nop 0\n\ns_bad\n";
        let marked = mark_lines(src, &[2, 4]);
        assert_eq!(marked.lines().count(), 4);
        assert_eq!(marked.lines().nth(3).unwrap(), ".Lmcdiff_4: s_bad");
        let stdout = ".Lmcdiff_2:\n\ts_nop 0 ; encoding: [0x00,0x00,0x80,0xbf]\n.Lmcdiff_4:\n";
        let stderr = "<stdin>:4:13: error: invalid instruction\n.Lmcdiff_4: s_bad\n            ^\n";
        let run = parse_output(stdout, stderr);
        assert_eq!(
            run.answer(2),
            LlvmAnswer::Encoded {
                bytes: vec![
                    EncByte::Byte(0),
                    EncByte::Byte(0),
                    EncByte::Byte(0x80),
                    EncByte::Byte(0xbf)
                ],
                text: "s_nop 0".into(),
                comments: String::new(),
                warning: None,
            }
        );
        assert_eq!(
            run.answer(4),
            LlvmAnswer::Error {
                column: Some(1),
                message: "invalid instruction".into()
            }
        );
        assert!(
            matches!(run.answer(3), LlvmAnswer::NotRun(_)),
            "no marker: not read"
        );
    }

    #[test]
    fn disassembly_walks_the_byte_stream() {
        let source = "# c\n0x01,0x00\n0xff,0xff,0xff,0xff,0x03,0x00\n0x05,0x06 # x\n0x07,0x08\n";
        // Line 2 holds two 1-byte instructions; line 3 fails at its start (4 bytes skipped)
        // and its last two bytes decode; line 4's instruction is printed re-encoded longer
        // than the line; line 5 holds one instruction.
        let stdout = "\t.text\n\ta ; encoding: [0x01]\n\ta2 ; encoding: [0x00]\n\
                      \tb ; encoding: [0x03,0x00]\n\tc ; encoding: [0x05,0x06,0x00,0x00]\n\
                      \td ; encoding: [0x07,0x08]\n";
        let stderr = "<stdin>:3:1: warning: invalid instruction encoding\n0xff\n^\n\
                      <stdin>:2:1: warning: potentially undefined instruction encoding\n";
        let run = parse_disassembly(stdout, stderr, source, &[2, 3, 4, 5]);
        assert!(!run.unaligned);
        assert_eq!(
            run.answer(2),
            LlvmAnswer::Decoded {
                text: "a ; a2".into(),
                bytes: vec![EncByte::Byte(1), EncByte::Byte(0)],
                skipped: None,
            }
        );
        assert!(matches!(
            run.answer(3),
            LlvmAnswer::Decoded { ref text, skipped: Some(_), .. } if text == "b"
        ));
        assert!(matches!(run.answer(4), LlvmAnswer::Decoded { ref text, .. } if text == "c"));
        assert!(matches!(run.answer(5), LlvmAnswer::Decoded { ref text, .. } if text == "d"));
        // One printed instruction missing: bytes are left over once the walk ends, so no
        // line gets a possibly shifted answer.
        let short = stdout.replace("\td ; encoding: [0x07,0x08]\n", "");
        let run = parse_disassembly(&short, stderr, source, &[2, 3, 4, 5]);
        assert!(run.unaligned);
        assert!(matches!(run.answer(2), LlvmAnswer::NotRun(_)));
    }

    #[test]
    fn an_undecodable_bracket_group_is_skipped_whole() {
        // llvm-mc skips a whole `[...]` group it cannot decode, not 4 bytes of it.
        let source = "[0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08]\n[0x09,0x0a,0x0b,0x0c]\n";
        let stdout = "\t.text\n\tb ; encoding: [0x09,0x0a,0x0b,0x0c]\n";
        let stderr = "<stdin>:1:2: warning: invalid instruction encoding\n";
        let run = parse_disassembly(stdout, stderr, source, &[1, 2]);
        assert!(!run.unaligned);
        assert!(matches!(run.answer(1), LlvmAnswer::Error { .. }));
        assert!(matches!(run.answer(2), LlvmAnswer::Decoded { ref text, .. } if text == "b"));
    }

    #[test]
    fn two_instructions_from_one_line_stay_on_that_line() {
        let stdout = ".Lmcdiff_1:\n\ta ; encoding: [0x01]\n\tb ; encoding: [0x02]\n.Lmcdiff_2:\n\tc ; encoding: [0x03]\n";
        let run = parse_output(stdout, "");
        assert_eq!(
            run.answer(1),
            LlvmAnswer::Encoded {
                bytes: vec![EncByte::Byte(1), EncByte::Byte(2)],
                text: "a ; b".into(),
                comments: String::new(),
                warning: None,
            }
        );
        assert!(matches!(run.answer(2), LlvmAnswer::Encoded { ref text, .. } if text == "c"));
    }
}
