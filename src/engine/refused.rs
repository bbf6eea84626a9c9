//! A RUN line whose triple or processor the llvm-mc being run does not know (a test of a
//! newer LLVM: `-triple=amdgpu12.50` or `-mcpu=gfx1370` under llvm-mc 22) is `not-run`
//! with that reason, `llvm-mc 22.1.8 does not know amdgpu12.50`, not with the symptom (an
//! empty answer, an ignored processor).

use crate::llvm_mc::{Fault, FaultKind, LlvmMc, Traced};
use mcdiff_lit::RunLine;

/// Whether a not-run reason, or a failed RUN line's detail, is one [`target`] gives: the
/// llvm-mc does not know the RUN line's processor or triple.
pub(crate) fn is_refusal(reason: &str) -> bool {
    reason.starts_with("llvm-mc ") && reason.contains(" does not know ")
}

/// The not-run reason when `e`, llvm-mc's fault on `run`'s group, comes from a triple or
/// processor this llvm-mc does not know; `None` for any other fault.
pub(super) fn target(llvm_mc: &LlvmMc, run: &RunLine, e: &anyhow::Error) -> Option<String> {
    let fault = e.downcast_ref::<Fault>()?;
    let name = match fault.kind {
        // llvm-mc only warns, `'gfx1370' is not a recognized processor for this target`.
        FaultKind::UnknownCpu => quoted(&fault.detail)
            .map(str::to_string)
            .or_else(|| run.mcpu.clone())?,
        // An unknown triple stops llvm-mc before it reads its input: its output names none of
        // the input's lines. Only llvm-mc's own error says why: ask it with the triple alone.
        FaultKind::Unrelated | FaultKind::NoOutput => {
            unknown_triple(llvm_mc, run.triple.as_deref()?)?
        }
        _ => return None,
    };
    Some(format!("llvm-mc {} does not know {name}", llvm_mc.version))
}

/// The triple, when llvm-mc says `unable to get target for '<triple>'` on an empty input.
fn unknown_triple(llvm_mc: &LlvmMc, triple: &str) -> Option<String> {
    let stderr = match llvm_mc
        .run_traced(&[format!("-triple={triple}")], "")
        .ok()?
    {
        Traced::Answer { stderr, .. } | Traced::Fault { stderr, .. } => stderr,
    };
    let line = stderr
        .lines()
        .find(|l| l.contains("unable to get target for"))?;
    Some(quoted(line).unwrap_or(triple).to_string())
}

/// The first `'...'`-quoted name of a message.
fn quoted(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once('\'')?;
    rest.split_once('\'').map(|(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn names_in_llvm_mc_messages() {
        assert_eq!(
            quoted("'gfx1370' is not a recognized processor for this target (ignoring processor)"),
            Some("gfx1370")
        );
        assert_eq!(
            quoted("llvm-mc: error: unable to get target for 'amdgpu12.50', see --version and --triple."),
            Some("amdgpu12.50")
        );
        assert_eq!(quoted("no quotes"), None);
    }
}
