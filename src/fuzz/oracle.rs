//! llvm-mc over a batch of fuzz inputs: one process per batch. A batch that faults is split
//! in halves until the faulting input stands alone (within a budget of runs), so one crash
//! costs a few runs, not the batch; a fault is never an answer.
//!
//! Disassembly: every byte line is fed as a `[...]` group (llvm-mc decodes a group on its own
//! and skips it whole where it cannot), each followed by a sentinel group (`s_nop 0x4000+i`,
//! encoded by our assembler) whose printed encoding closes the line's answer.

use anyhow::{bail, Result};

use crate::bytes::EncByte;
use crate::llvm_mc::{
    decode_failures, mark_lines, parse_output, Fault, FaultKind, LlvmAnswer, LlvmMc,
};

/// llvm-mc's reply for one input.
#[derive(Debug, Clone)]
pub enum Reply {
    Answer(LlvmAnswer),
    /// llvm-mc faulted on a run holding the input; `alone` when the run held only it.
    Fault {
        fault: Fault,
        alone: bool,
    },
}

/// Runs of llvm-mc a faulting batch may spend on finding its culprits.
const ISOLATION_RUNS: usize = 48;
/// First `s_nop` immediate of the sentinels (a value test lines rarely use).
pub const SENTINEL_BASE: u32 = 0x4000;

pub struct Oracle<'a> {
    pub mc: &'a LlvmMc,
    pub args: Vec<String>,
    /// Disassembly: the sentinel groups' bytes, one per input of a run.
    pub sentinels: Option<Vec<Vec<u8>>>,
    /// Inputs per llvm-mc process.
    pub batch: usize,
}

impl Oracle<'_> {
    /// The llvm-mc arguments for a mode.
    pub fn arguments(mcpu: &str, disassemble: bool) -> Vec<String> {
        let mut args = vec!["-triple=amdgcn".to_string(), format!("-mcpu={mcpu}")];
        if disassemble {
            args.push("--disassemble".into());
        }
        args.push("-show-encoding".into());
        args
    }

    /// One reply per input (assembler lines, or byte lines as `0x01,0x02`); an error only
    /// when llvm-mc cannot run at all for this target.
    pub fn ask(&self, inputs: &[String], runs: &mut usize) -> Result<Vec<Reply>> {
        let mut replies = Vec::with_capacity(inputs.len());
        for chunk in inputs.chunks(self.batch.max(1)) {
            let mut budget = ISOLATION_RUNS;
            self.isolate(chunk, &mut budget, runs, &mut replies)?;
        }
        Ok(replies)
    }

    fn isolate(
        &self,
        inputs: &[String],
        budget: &mut usize,
        runs: &mut usize,
        out: &mut Vec<Reply>,
    ) -> Result<()> {
        *runs += 1;
        let fault = match self.run_once(inputs) {
            Ok(answers) => {
                out.extend(answers.into_iter().map(Reply::Answer));
                return Ok(());
            }
            Err(e) => match e.downcast::<Fault>() {
                Ok(f) if f.kind == FaultKind::UnknownCpu => bail!("{f}"),
                Ok(f) => f,
                Err(e) => return Err(e),
            },
        };
        let splits = !matches!(fault.kind, FaultKind::Timeout);
        if inputs.len() > 1 && splits && *budget >= 2 {
            *budget -= 2;
            let (a, b) = inputs.split_at(inputs.len() / 2);
            self.isolate(a, budget, runs, out)?;
            return self.isolate(b, budget, runs, out);
        }
        let alone = inputs.len() == 1;
        out.extend(inputs.iter().map(|_| Reply::Fault {
            fault: fault.clone(),
            alone,
        }));
        Ok(())
    }

    fn run_once(&self, inputs: &[String]) -> Result<Vec<LlvmAnswer>> {
        let source = match &self.sentinels {
            None => inputs.join("\n") + "\n",
            Some(sentinels) => {
                let mut s = String::new();
                for (input, sentinel) in inputs.iter().zip(sentinels) {
                    s.push_str(&format!("[{input}]\n[{}]\n", hex_line(sentinel)));
                }
                s
            }
        };
        let input = match &self.sentinels {
            None => mark_lines(&source, &(1..=inputs.len()).collect::<Vec<_>>()),
            Some(_) => source,
        };
        let (stdout, stderr) = self.mc.run_checked(&self.args, &input)?;
        if let Some(line) = stderr.lines().find(|l| l.starts_with("LLVM ERROR:")) {
            return Err(Fault {
                kind: FaultKind::Fatal,
                detail: format!("{line}: {}", self.mc.replay(&self.args)),
                diagnostic: Some(line.to_string()),
            }
            .into());
        }
        Ok(match &self.sentinels {
            None => {
                let run = parse_output(&stdout, &stderr);
                (1..=inputs.len()).map(|l| run.answer(l)).collect()
            }
            Some(sentinels) => disassembly(&stdout, &stderr, &sentinels[..inputs.len()]),
        })
    }
}

/// `0x01,0x02,...` for bytes.
pub fn hex_line(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:#04x}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Answers of a sentinel-separated disassembly: input `i` sits on line `2i+1`, its sentinel on
/// `2i+2`; what llvm-mc printed before sentinel `i` is input `i`'s.
fn disassembly(stdout: &str, stderr: &str, sentinels: &[Vec<u8>]) -> Vec<LlvmAnswer> {
    let failures = decode_failures(stderr);
    let failed = |i: usize| {
        failures
            .iter()
            .filter(|((line, _), _)| *line == 2 * i + 1)
            .map(|(_, m)| m.clone())
            .next()
    };
    let mut printed: Vec<Vec<(String, Vec<EncByte>)>> = vec![Vec::new(); sentinels.len()];
    let mut at = 0;
    for line in stdout
        .lines()
        .filter(|l| l.starts_with('\t') && !l.starts_with("\t."))
    {
        let Some((bytes, text)) = mcdiff_lit::parse_encoding(line) else {
            continue;
        };
        if at >= sentinels.len() {
            break;
        }
        let sentinel: Vec<EncByte> = sentinels[at].iter().map(|&b| EncByte::Byte(b)).collect();
        if bytes == sentinel {
            at += 1;
        } else {
            printed[at].push((text.unwrap_or_default().trim().to_string(), bytes));
        }
    }
    printed
        .into_iter()
        .enumerate()
        .map(|(i, found)| match (i < at, found.is_empty(), failed(i)) {
            (false, _, _) => LlvmAnswer::NotRun("llvm-mc output ends before this input".into()),
            (true, true, Some(message)) => LlvmAnswer::Error {
                column: None,
                message,
            },
            (true, true, None) => {
                LlvmAnswer::NotRun("llvm-mc printed nothing for this input".into())
            }
            (true, false, skipped) => LlvmAnswer::Decoded {
                text: found
                    .iter()
                    .map(|f| f.0.as_str())
                    .collect::<Vec<_>>()
                    .join(" ; "),
                bytes: found.into_iter().flat_map(|f| f.1).collect(),
                skipped,
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentinels_close_each_inputs_answer() {
        let sentinels = vec![vec![0, 0x40, 0x80, 0xbf], vec![1, 0x40, 0x80, 0xbf]];
        let stdout = "\t.text\n\ta ; encoding: [0x01,0x02,0x03,0x04]\n\tb ; encoding: [0x05,0x06,0x07,0x08]\n\
                      \ts_nop 0x4000 ; encoding: [0x00,0x40,0x80,0xbf]\n\
                      \ts_nop 0x4001 ; encoding: [0x01,0x40,0x80,0xbf]\n";
        let stderr = "<stdin>:3:2: warning: invalid instruction encoding\n";
        let answers = disassembly(stdout, stderr, &sentinels);
        assert!(
            matches!(&answers[0], LlvmAnswer::Decoded { text, skipped: None, .. } if text == "a ; b")
        );
        assert!(matches!(&answers[1], LlvmAnswer::Error { .. }));
        let answers = disassembly("\t.text\n", "", &sentinels);
        assert!(matches!(&answers[0], LlvmAnswer::NotRun(_)));
    }
}
