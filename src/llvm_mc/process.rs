//! Running llvm-mc: version check, a process group per run, the timeout, and faults (crash,
//! hang, no or garbled output) told apart from answers.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering::SeqCst};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

use super::LlvmMc;

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
        let (_, text, _) = exchange(path, &["--version".to_string()], "", timeout)
            .with_context(|| format!("cannot run {}", path.display()))?;
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

    /// The command line a person can paste to reproduce a run (input on stdin), each word
    /// quoted: pasting it runs this llvm-mc and nothing else.
    pub fn replay(&self, args: &[String]) -> String {
        let path = self.path.to_string_lossy();
        crate::replay::command(std::iter::once(&*path).chain(args.iter().map(String::as_str)))
    }

    /// Runs llvm-mc; an unrecognised processor, a crash, a timeout, garbled output, an
    /// `LLVM ERROR:` stop, an empty output or one cut mid-line is a [`Fault`] (llvm-mc itself
    /// only warns on an unknown processor).
    pub(super) fn exec_checked(&self, args: &[String], input: &str) -> Result<(String, String)> {
        let (status, stdout, stderr) = self.exec(args, input)?;
        match self.fault_in(args, status, &stdout, &stderr) {
            Some(fault) => Err(fault.into()),
            None => Ok((stdout, stderr)),
        }
    }

    /// The fault of output that names none of its input's lines (judged by the caller, who
    /// knows what an answer to the input looks like).
    pub fn unrelated(&self, args: &[String]) -> Fault {
        Fault {
            kind: FaultKind::Unrelated,
            detail: format!(
                "llvm-mc output names none of its input's lines: {}",
                self.replay(args)
            ),
            diagnostic: None,
        }
    }

    /// Runs llvm-mc once, without the cache. A fault (as the cached runs judge one) comes with
    /// what llvm-mc wrote before it: its error output is unbuffered (its standard output is
    /// not), so it tells how far llvm-mc got. An error only when llvm-mc cannot be started.
    pub fn run_traced(&self, args: &[String], input: &str) -> Result<Traced> {
        let (status, stdout, stderr) = match self.exec(args, input) {
            Ok(run) => run,
            Err(e) => {
                return e.downcast::<Fault>().map(|fault| Traced::Fault {
                    fault,
                    stdout: String::new(),
                    stderr: String::new(),
                })
            }
        };
        Ok(match self.fault_in(args, status, &stdout, &stderr) {
            Some(fault) => Traced::Fault {
                fault,
                stdout,
                stderr,
            },
            None => Traced::Answer { stdout, stderr },
        })
    }

    /// The fault a finished run shows, if any.
    fn fault_in(
        &self,
        args: &[String],
        status: std::process::ExitStatus,
        stdout: &str,
        stderr: &str,
    ) -> Option<Fault> {
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
            return Some(fault(FaultKind::UnknownCpu, line.to_string()));
        }
        if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
            let detail = format!("llvm-mc killed by signal {signal}");
            return Some(fault(FaultKind::Crashed(signal), detail));
        }
        // `LLVM ERROR: ...` ends the whole process: what it printed before is no answer for
        // the lines after, and none is a rejection.
        if let Some(line) = stderr.lines().find(|l| l.starts_with("LLVM ERROR:")) {
            let detail = format!("llvm-mc stopped ({status}): {line}");
            return Some(fault(FaultKind::Fatal, detail));
        }
        if stdout.trim().is_empty() && stderr.trim().is_empty() {
            let detail = format!("llvm-mc printed nothing ({status})");
            return Some(fault(FaultKind::NoOutput, detail));
        }
        // llvm-mc ends every line it prints: output ending mid-line was cut short, and its
        // last line (an encoding cut in two) is no answer.
        if !stdout.is_empty() && !stdout.ends_with('\n') {
            let detail = format!("llvm-mc output ends mid-line ({status})");
            return Some(fault(FaultKind::CutShort, detail));
        }
        None
    }

    /// Runs llvm-mc (see [`exchange`]) with this llvm-mc's deadline.
    fn exec(
        &self,
        args: &[String],
        input: &str,
    ) -> Result<(std::process::ExitStatus, String, String)> {
        exchange(&self.path, args, input, self.timeout)
    }
}

/// Runs `path` in a process group of its own, feeding `input` and collecting both outputs
/// on threads (so neither pipe can fill up and stall it). The whole exchange has one
/// deadline, `timeout` from the start: the exit and the end of both outputs. At the exit the
/// group is killed, so a wrapper's children die with it and release the pipes; a process
/// that left the group (`setsid`) and still holds a pipe at the deadline is a timeout, and
/// its threads are abandoned with the pipes.
fn exchange(
    path: &Path,
    args: &[String],
    input: &str,
    timeout: Duration,
) -> Result<(std::process::ExitStatus, String, String)> {
    use std::io::Write as _;
    use std::os::unix::process::CommandExt as _;
    use std::process::{Command, Stdio};
    let deadline = std::time::Instant::now() + timeout;
    let replay = || {
        let path = path.to_string_lossy();
        crate::replay::command(std::iter::once(&*path).chain(args.iter().map(String::as_str)))
    };
    // A crashing llvm-mc otherwise runs llvm-symbolizer over its stack trace, seconds
    // per crash (the fuzzer's crash bisection meets hundreds); a crash is recognised by
    // its signal, never by the trace.
    let mut child = Command::new(path)
        .env("LLVM_DISABLE_SYMBOLIZATION", "1")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .with_context(|| format!("cannot start {}", path.display()))?;
    let _live = LiveGroup::register(child.id());
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.as_bytes().to_vec();
    // A child that exits without reading its input closes the pipe: not an error here.
    // Never joined: a process outside the group may keep the pipe open and unread.
    std::thread::spawn(move || drop(stdin.write_all(&input)));
    let stdout = read_to_end(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = read_to_end(Box::new(child.stderr.take().expect("piped stderr")));
    // Waited for on a thread of its own, so that its exit is seen when it happens: a
    // poll saw it up to one sleep late, in every one of a cold run's thousands of runs.
    let pid = child.id();
    let (exited, exit) = std::sync::mpsc::channel();
    std::thread::spawn(move || drop(exited.send(child.wait())));
    let timed_out = || {
        let detail = format!("llvm-mc timed out after {timeout:?}: {}", replay());
        anyhow::Error::from(Fault {
            kind: FaultKind::Timeout,
            diagnostic: None,
            detail,
        })
    };
    let left = || deadline.saturating_duration_since(std::time::Instant::now());
    let status = match exit.recv_timeout(left()) {
        Ok(status) => status?,
        Err(RecvTimeoutError::Disconnected) => {
            return Err(anyhow::anyhow!("lost the exit status of {}", replay()));
        }
        Err(RecvTimeoutError::Timeout) => {
            kill_group(pid);
            return Err(timed_out());
        }
    };
    // Children of a wrapper may still hold the pipes open after it exited.
    kill_group(pid);
    let (Ok(stdout), Ok(stderr)) = (stdout.recv_timeout(left()), stderr.recv_timeout(left()))
    else {
        return Err(timed_out());
    };
    let text = |bytes: Vec<u8>, what: &str| {
        String::from_utf8(bytes).map_err(|e| Fault {
            kind: FaultKind::Garbled,
            diagnostic: None,
            detail: format!("llvm-mc's {what} is not UTF-8 ({e}): {}", replay()),
        })
    };
    Ok((
        status,
        text(stdout, "output")?,
        text(stderr, "error output")?,
    ))
}

/// Reads a pipe to its end on a thread of its own; the bytes arrive on the channel then.
fn read_to_end(mut pipe: Box<dyn std::io::Read + Send>) -> std::sync::mpsc::Receiver<Vec<u8>> {
    use std::io::Read as _;
    let (done, bytes) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut read = Vec::new();
        let _ = pipe.read_to_end(&mut read);
        drop(done.send(read));
    });
    bytes
}

/// The process groups of the llvm-mc processes running now (0: a free slot), so that an
/// interrupt can end them: llvm-mc runs in a group of its own, which a terminal's Ctrl-C
/// does not reach, and a stalled one would outlive mcdiff.
static LIVE_GROUPS: [AtomicI32; 64] = [const { AtomicI32::new(0) }; 64];

/// A slot of [`LIVE_GROUPS`], freed when dropped (after the group was killed).
struct LiveGroup(Option<&'static AtomicI32>);

impl LiveGroup {
    fn register(pid: u32) -> LiveGroup {
        let pid = i32::try_from(pid).unwrap_or(0);
        LiveGroup(
            LIVE_GROUPS
                .iter()
                .find(|slot| pid > 0 && slot.compare_exchange(0, pid, SeqCst, SeqCst).is_ok()),
        )
    }
}

impl Drop for LiveGroup {
    fn drop(&mut self) {
        if let Some(slot) = self.0 {
            slot.store(0, SeqCst);
        }
    }
}

/// On SIGINT, SIGTERM or SIGHUP: kill the running llvm-mc process groups, then die of the
/// signal as without a handler. Report files are only ever renamed into place whole, so
/// earlier reports stay intact.
pub fn end_llvm_mc_on_interrupt() {
    extern "C" fn on_signal(signal: libc::c_int) {
        for slot in &LIVE_GROUPS {
            let pid = slot.load(SeqCst);
            if pid > 0 {
                // SAFETY: kill(2) is async-signal-safe; it touches no memory of ours.
                unsafe { libc::kill(-pid, libc::SIGKILL) };
            }
        }
        // SAFETY: signal(2) and raise(3) are async-signal-safe.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }
    let handler: extern "C" fn(libc::c_int) = on_signal;
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: installs a handler that only makes async-signal-safe calls.
        unsafe { libc::signal(signal, handler as libc::sighandler_t) };
    }
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

/// One run of [`LlvmMc::run_traced`].
pub enum Traced {
    Answer {
        stdout: String,
        stderr: String,
    },
    /// What llvm-mc wrote before the fault (nothing after a timeout or garbled output); its
    /// standard output may stop short of its error output, which is unbuffered.
    Fault {
        fault: Fault,
        stdout: String,
        stderr: String,
    },
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
    /// Output that ends mid-line (cut short).
    CutShort,
    /// llvm-mc stopped with `LLVM ERROR: ...`: no line's answer (unless the RUN line expects
    /// llvm-mc to fail).
    Fatal,
    /// Text that names none of the input's lines: no answer to this input.
    Unrelated,
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
            FaultKind::CutShort => "llvm-mc output cut short".into(),
            FaultKind::Fatal => "llvm-mc stopped with LLVM ERROR".into(),
            FaultKind::Unrelated => "llvm-mc output names none of its input's lines".into(),
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for Fault {}
