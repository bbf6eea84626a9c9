//! The answer cache: llvm-mc's output keyed by binary identity, flags and input; a faulty
//! answer is never stored.

use anyhow::Result;
use std::io::Read;
use std::path::PathBuf;
use std::sync::Mutex;

use super::asm::{answers_marked_input, mark_lines, parse_output};
use super::disasm::{answers_byte_input, parse_disassembly};
use super::{LlvmMc, LlvmRun};

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
        let names_input =
            |out: &str, err: &str| instruction_lines.is_empty() || answers_marked_input(out, err);
        let (stdout, stderr) = self.exec(mc, args, &marked, names_input)?;
        Ok(parse_output(&stdout, &stderr))
    }

    /// Disassembles `source` (see [`LlvmMc::disassemble`]), through the cache.
    pub fn disassemble(
        &self,
        mc: &LlvmMc,
        args: &[String],
        source: &str,
        byte_lines: &[usize],
    ) -> Result<LlvmRun> {
        let names_input =
            |out: &str, err: &str| byte_lines.is_empty() || answers_byte_input(out, err);
        let (stdout, stderr) = self.exec(mc, args, source, names_input)?;
        Ok(parse_disassembly(&stdout, &stderr, source, byte_lines))
    }

    /// Runs llvm-mc through the cache. Output `names_input` does not accept (text that is no
    /// answer to this input) is a fault, never stored, and a stored entry it does not accept
    /// is run again.
    fn exec(
        &self,
        mc: &LlvmMc,
        args: &[String],
        input: &str,
        names_input: impl Fn(&str, &str) -> bool,
    ) -> Result<(String, String)> {
        let checked = || -> Result<(String, String)> {
            let (stdout, stderr) = mc.exec_checked(args, input)?;
            if !names_input(&stdout, &stderr) {
                return Err(mc.unrelated(args).into());
            }
            Ok((stdout, stderr))
        };
        let Some(dir) = &self.dir else {
            return checked();
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
                    Some((out, err))
                        if !(out.trim().is_empty() && err.trim().is_empty())
                            && names_input(out, err) =>
                    {
                        return Ok((out.to_string(), err.to_string()));
                    }
                    _ => {} // a torn, empty or unrelated entry is never an answer: run again
                }
            }
        }
        let (stdout, stderr) = checked()?;
        let _guard = self.lock.lock().expect("cache lock");
        std::fs::create_dir_all(dir).ok();
        let tmp = file.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&tmp, format!("{stdout}{CACHE_SEPARATOR}{stderr}")).is_ok() {
            std::fs::rename(&tmp, &file).ok();
        }
        Ok((stdout, stderr))
    }
}

/// Changes when what is cached changes meaning (v2: faulty answers are never stored; v3: nor
/// an `LLVM ERROR:` stop, which v2 stored as every line's rejection).
const CACHE_FORMAT: &str = "mcdiff-cache-v3\0";

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
