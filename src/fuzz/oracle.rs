//! llvm-mc over a batch of fuzz inputs: one process per batch. A batch that faults is split
//! around its culprit, so one crash costs a few runs, not the batch; a fault is never an
//! answer.
//!
//! Disassembly: every byte line is fed as a `[...]` group (llvm-mc decodes a group on its own
//! and skips it whole where it cannot), each followed by a sentinel group (`s_nop 0x4000+i`,
//! encoded by our assembler) whose printed encoding closes the line's answer, and by a
//! one-byte group no target decodes. llvm-mc warns about that group on its unbuffered error
//! output, so after a crash the last warning names the input it crashed on. Assembly has no
//! such marker: a faulting batch is halved until the faulting input stands alone (within a
//! budget of runs).

use anyhow::{bail, Result};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use crate::bytes::EncByte;
use crate::llvm_mc::{
    answers_marked_input, decode_failures, mark_lines, parse_output, Fault, FaultKind, LlvmAnswer,
    LlvmMc, Traced,
};

/// llvm-mc's reply for one input.
#[derive(Debug, Clone)]
pub enum Reply {
    Answer(LlvmAnswer),
    /// llvm-mc faulted on a run holding the input.
    Fault {
        fault: Fault,
        tie: FaultTie,
    },
}

/// How a faulted input is tied to its fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultTie {
    /// The run held only this input.
    Alone,
    /// llvm-mc's progress markers show it faulted on this input; not run alone.
    Named,
    /// It was in a faulting run whose culprit was not found within the budget of runs.
    InRun,
}

/// Runs of llvm-mc a faulting batch may spend on finding its culprits: two per culprit that
/// its progress marker names (it alone, and the others again), two per halving otherwise.
const ISOLATION_RUNS: usize = 192;
/// Culprits of one fault reason, named by their progress marker, that are also run alone to
/// show they fault alone (the report lists 20); later ones count as faulted without a run.
const ALONE_RUNS: usize = 32;
/// Source lines per input in a disassembly run: the input, its sentinel, its progress marker.
const LINES_PER_INPUT: usize = 3;
/// The progress marker: one byte, too short for any AMDGPU instruction.
const PROGRESS_MARKER: &str = "[0x00]";
/// First `s_nop` immediate of the sentinels (a value test lines rarely use).
pub const SENTINEL_BASE: u32 = 0x4000;

pub struct Oracle<'a> {
    pub mc: &'a LlvmMc,
    pub args: Vec<String>,
    /// Disassembly: the sentinel groups' bytes, one per input of a run.
    pub sentinels: Option<Vec<Vec<u8>>>,
    /// Inputs per llvm-mc process.
    pub batch: usize,
    /// Fault reason -> alone runs spent on its named culprits.
    alone_runs: RefCell<HashMap<String, usize>>,
}

/// A run that faulted, with what llvm-mc wrote before the fault.
struct Faulted {
    fault: Fault,
    stdout: String,
    stderr: String,
}

impl<'a> Oracle<'a> {
    pub fn new(
        mc: &'a LlvmMc,
        args: Vec<String>,
        sentinels: Option<Vec<Vec<u8>>>,
        batch: usize,
    ) -> Oracle<'a> {
        Oracle {
            mc,
            args,
            sentinels,
            batch,
            alone_runs: RefCell::default(),
        }
    }

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
        if inputs.is_empty() {
            return Ok(());
        }
        *runs += 1;
        let faulted = match self.run_once(inputs)? {
            Ok(answers) => {
                out.extend(answers.into_iter().map(Reply::Answer));
                return Ok(());
            }
            Err(faulted) => faulted,
        };
        let fault = faulted.fault.clone();
        if fault.kind == FaultKind::UnknownCpu {
            bail!("{fault}");
        }
        if inputs.len() > 1 && *budget >= 2 {
            if let Some(named) = self.culprit(&faulted, inputs.len()) {
                *budget -= 2;
                return self.around_culprit(inputs, named, &fault, budget, runs, out);
            }
        }
        // A timeout or output that answers nothing is about the process, not one input.
        let splits = !matches!(fault.kind, FaultKind::Timeout | FaultKind::Unrelated);
        if inputs.len() > 1 && splits && *budget >= 2 {
            *budget -= 2;
            let (a, b) = inputs.split_at(inputs.len() / 2);
            self.isolate(a, budget, runs, out)?;
            return self.isolate(b, budget, runs, out);
        }
        let tie = if inputs.len() == 1 {
            FaultTie::Alone
        } else {
            FaultTie::InRun
        };
        out.extend(inputs.iter().map(|_| Reply::Fault {
            fault: fault.clone(),
            tie,
        }));
        Ok(())
    }

    /// Replies for a run that faulted on input `at` (`named`: it and the answers the run's
    /// output completed): those answers, the culprit (run alone while [`ALONE_RUNS`] lasts),
    /// and the other inputs asked again in one run.
    fn around_culprit(
        &self,
        inputs: &[String],
        (at, answered): (usize, Vec<LlvmAnswer>),
        fault: &Fault,
        budget: &mut usize,
        runs: &mut usize,
        out: &mut Vec<Reply>,
    ) -> Result<()> {
        let done = answered.len();
        out.extend(answered.into_iter().map(Reply::Answer));
        let mut culprit = Vec::new();
        if self.take_alone_run(fault) {
            self.isolate(&inputs[at..=at], budget, runs, &mut culprit)?;
        } else {
            culprit.push(Reply::Fault {
                fault: fault.clone(),
                tie: FaultTie::Named,
            });
        }
        let others: Vec<String> = inputs[done..at]
            .iter()
            .chain(&inputs[at + 1..])
            .cloned()
            .collect();
        let mut replies = Vec::with_capacity(others.len());
        self.isolate(&others, budget, runs, &mut replies)?;
        let after = replies.split_off(at - done);
        out.extend(replies.into_iter().chain(culprit).chain(after));
        Ok(())
    }

    /// Whether a named culprit of this fault gets a run of its own (see [`ALONE_RUNS`]).
    fn take_alone_run(&self, fault: &Fault) -> bool {
        let mut spent = self.alone_runs.borrow_mut();
        let spent = spent.entry(fault.reason()).or_default();
        *spent += 1;
        *spent <= ALONE_RUNS
    }

    /// The input a disassembly run crashed or stopped on, and the answers before it (see
    /// [`culprit`]). None for assembly, which has no progress markers.
    fn culprit(&self, faulted: &Faulted, inputs: usize) -> Option<(usize, Vec<LlvmAnswer>)> {
        culprit(self.sentinels.as_ref()?, faulted, inputs)
    }

    /// llvm-mc's answers for a run, or the run's fault with the output before it.
    fn run_once(&self, inputs: &[String]) -> Result<Result<Vec<LlvmAnswer>, Faulted>> {
        let input = match &self.sentinels {
            None => {
                let source = inputs.join("\n") + "\n";
                mark_lines(&source, &(1..=inputs.len()).collect::<Vec<_>>())
            }
            Some(sentinels) => {
                let mut s = String::new();
                for (input, sentinel) in inputs.iter().zip(sentinels) {
                    let sentinel = hex_line(sentinel);
                    s.push_str(&format!("[{input}]\n[{sentinel}]\n{PROGRESS_MARKER}\n"));
                }
                s
            }
        };
        let (stdout, stderr) = match self.mc.run_traced(&self.args, &input)? {
            Traced::Answer { stdout, stderr } => (stdout, stderr),
            Traced::Fault {
                fault,
                stdout,
                stderr,
            } => {
                return Ok(Err(Faulted {
                    fault,
                    stdout,
                    stderr,
                }))
            }
        };
        // One fault policy with `run`: output that answers none of the input is a fault,
        // and so is a disassembly whose sentinels do not all come back (llvm-mc decodes
        // each `[...]` group on its own, so a real one prints every sentinel).
        let answers = match &self.sentinels {
            None if answers_marked_input(&stdout, &stderr) => {
                let run = parse_output(&stdout, &stderr);
                Some((1..=inputs.len()).map(|l| run.answer(l)).collect())
            }
            None => None,
            Some(sentinels) => {
                let (answers, closed) = disassembly(&stdout, &stderr, &sentinels[..inputs.len()]);
                (closed == inputs.len()).then_some(answers)
            }
        };
        Ok(answers.ok_or_else(|| Faulted {
            fault: self.mc.unrelated(&self.args),
            stdout,
            stderr,
        }))
    }
}

/// The input a disassembly run of `inputs` inputs crashed or stopped on (the first whose
/// progress marker llvm-mc did not reach), and the answers of the inputs before it that its
/// output completed. None for faults that are not about one input (a timeout, no or garbled
/// output).
fn culprit(
    sentinels: &[Vec<u8>],
    faulted: &Faulted,
    inputs: usize,
) -> Option<(usize, Vec<LlvmAnswer>)> {
    if !matches!(faulted.fault.kind, FaultKind::Crashed(_) | FaultKind::Fatal) {
        return None;
    }
    let lines: HashSet<usize> = decode_failures(&faulted.stderr)
        .into_keys()
        .map(|(line, _)| line)
        .collect();
    let at = (0..inputs).find(|i| !lines.contains(&(LINES_PER_INPUT * (i + 1))))?;
    let (mut answers, closed) = disassembly(&faulted.stdout, &faulted.stderr, &sentinels[..at]);
    answers.truncate(closed);
    Some((at, answers))
}

/// `0x01,0x02,...` for bytes.
pub fn hex_line(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:#04x}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Answers of a sentinel-separated disassembly: input `i` sits on line `3i+1`, its sentinel on
/// `3i+2`; what llvm-mc printed before sentinel `i` is input `i`'s. Also how many inputs a
/// printed sentinel closed.
fn disassembly(stdout: &str, stderr: &str, sentinels: &[Vec<u8>]) -> (Vec<LlvmAnswer>, usize) {
    let failures = decode_failures(stderr);
    let failed = |i: usize| {
        failures
            .iter()
            .filter(|((line, _), _)| *line == LINES_PER_INPUT * i + 1)
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
    let answers = printed
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
        .collect();
    (answers, at)
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
        let stderr = "<stdin>:4:2: warning: invalid instruction encoding\n";
        let (answers, closed) = disassembly(stdout, stderr, &sentinels);
        assert_eq!(closed, 2);
        assert!(
            matches!(&answers[0], LlvmAnswer::Decoded { text, skipped: None, .. } if text == "a ; b")
        );
        assert!(matches!(&answers[1], LlvmAnswer::Error { .. }));
        let (answers, closed) = disassembly("\t.text\n", "", &sentinels);
        assert_eq!(closed, 0);
        assert!(matches!(&answers[0], LlvmAnswer::NotRun(_)));
    }

    /// After a crash, the first input whose progress marker (line 3i+3) is missing is the
    /// culprit; inputs before it whose sentinel made it to the (buffered) output keep their
    /// answers, the others are asked again.
    #[test]
    fn a_crash_is_pinned_on_the_input_whose_marker_is_missing() {
        let sentinels: Vec<Vec<u8>> = (0..4).map(|i| vec![i, 0x40, 0x80, 0xbf]).collect();
        let warn =
            |line: usize| format!("<stdin>:{line}:2: warning: invalid instruction encoding\n");
        let faulted = |stderr: String| Faulted {
            fault: Fault {
                kind: FaultKind::Crashed(11),
                detail: String::new(),
                diagnostic: None,
            },
            stdout: "\t.text\n\ta ; encoding: [0x01,0x02,0x03,0x04]\n\
                     \ts_nop 0x4000 ; encoding: [0x00,0x40,0x80,0xbf]\n"
                .into(),
            stderr,
        };
        // Markers of inputs 0 and 1 reached: input 2 crashed; input 0's answer was printed,
        // input 1's was still buffered.
        let crashed = faulted(warn(3) + &warn(6));
        let (at, answers) = culprit(&sentinels, &crashed, 4).unwrap();
        assert_eq!((at, answers.len()), (2, 1));
        assert!(matches!(&answers[0], LlvmAnswer::Decoded { text, .. } if text == "a"));
        // No marker: the first input; a timeout names no input.
        assert_eq!(
            culprit(&sentinels, &faulted(String::new()), 4).unwrap().0,
            0
        );
        let mut timeout = faulted(warn(3));
        timeout.fault.kind = FaultKind::Timeout;
        assert!(culprit(&sentinels, &timeout, 4).is_none());
    }
}
