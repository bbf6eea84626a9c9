//! GitHub Actions workflow commands for findings (`--annotations github`): a line
//! `::error file=F,line=L,title=T::message` per finding, which GitHub shows on that line of
//! the file (a pull request's diff, the run's summary). Notes (reviewed gate changes) are
//! not printed; past [`LIMIT`] findings one `::notice` says how many more there are (GitHub
//! shows 10 errors and 10 warnings per step, 50 per job).

use crate::sarif::{Finding, Level, Place};

/// Findings printed as annotations; the rest are counted in one notice.
pub const LIMIT: usize = 50;

/// The workflow commands for `findings`, one per line.
pub fn github(findings: &[Finding]) -> String {
    let shown: Vec<&Finding> = findings.iter().filter(|f| f.level != Level::Note).collect();
    let mut out = String::new();
    for f in shown.iter().take(LIMIT) {
        let command = if f.level == Level::Error {
            "error"
        } else {
            "warning"
        };
        let mut props = Vec::new();
        if let Place::File { path, line, .. } = &f.place {
            props.push(format!("file={}", property(path)));
            props.push(format!("line={line}"));
        }
        props.push(format!(
            "title={}",
            property(&format!("{}: {}", f.rule, f.title))
        ));
        out.push_str(&format!(
            "::{command} {}::{}\n",
            props.join(","),
            data(&format!("{}\n{}", f.message, replay_lines(f)))
        ));
    }
    if shown.len() > LIMIT {
        out.push_str(&format!(
            "::notice::{} more findings are not annotated; see the SARIF or JSON report\n",
            shown.len() - LIMIT
        ));
    }
    out
}

fn replay_lines(f: &Finding) -> String {
    f.replay
        .iter()
        .map(|r| format!("replay: {r}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A command's message, escaped as GitHub's toolkit escapes it.
fn data(s: &str) -> String {
    s.trim_end()
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: as [`data`], and `:` and `,` too.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(level: Level, place: Place) -> Finding {
        Finding {
            rule: "ours/we-reject".into(),
            level,
            title: "gfx1100: `v_mov_b32 v0, 100%`".into(),
            message: "we-reject, 50%: a\nb".into(),
            place,
            replay: vec!["printf '%s\\n' x | llvm-mc".into()],
            baseline_state: None,
            properties: Default::default(),
        }
    }

    #[test]
    fn a_file_finding_is_one_escaped_command_line() {
        let f = finding(
            Level::Error,
            Place::File {
                base: "B".into(),
                path: "MC/AMDGPU/a,b.s".into(),
                line: 7,
            },
        );
        assert_eq!(
            github(&[f]),
            "::error file=MC/AMDGPU/a%2Cb.s,line=7,title=ours/we-reject%3A gfx1100%3A `v_mov_b32 v0%2C 100%25`::\
             we-reject, 50%25: a%0Ab%0Areplay: printf '%25s\\n' x | llvm-mc\n"
        );
    }

    #[test]
    fn notes_are_left_out_and_a_logical_place_has_no_file() {
        let logical = Place::Logical {
            name: "gfx1100/asm/SOP2".into(),
        };
        let out = github(&[
            finding(Level::Note, logical.clone()),
            finding(Level::Warning, logical),
        ]);
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(out.starts_with("::warning title="), "{out}");
    }

    #[test]
    fn past_the_limit_one_notice_counts_the_rest() {
        let logical = Place::Logical { name: "x".into() };
        let many = vec![finding(Level::Error, logical); LIMIT + 3];
        let out = github(&many);
        assert_eq!(out.lines().count(), LIMIT + 1);
        assert!(out.ends_with(
            "::notice::3 more findings are not annotated; see the SARIF or JSON report\n"
        ));
    }
}
