//! Input filters: the pipeline stages a RUN line puts before `llvm-mc`, read as data and
//! applied in-process, never run. LLVM's AMDGPU tests use exactly one form,
//! `sed 's/WORD/TEXT/g' %s` (a literal word replaced in the test file); anything else is
//! kept with the reason it is not supported, and its RUN line gets no llvm-mc answer.

/// The stages before llvm-mc on a RUN line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFilter {
    /// The stages as written, ` | `-joined.
    pub raw: String,
    /// The substitution the stages make, or why they are not a supported filter.
    pub plan: Result<Substitution, String>,
}

/// `sed 's/PATTERN/REPLACEMENT/FLAGS' %s` with a literal pattern and replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Substitution {
    pattern: String,
    replacement: String,
    /// The `g` flag: every occurrence on a line, not the first.
    global: bool,
}

/// Characters with a meaning in a sed (POSIX basic) regular expression: a pattern holding
/// one is not a literal word.
const PATTERN_SPECIALS: &[char] = &['\\', '.', '[', ']', '*', '^', '$', '\n'];
/// Characters with a meaning in a sed replacement (`&` is the match, `\` escapes).
const REPLACEMENT_SPECIALS: &[char] = &['\\', '&', '\n'];

impl InputFilter {
    /// Reads the stages (each a list of shell words, quotes resolved) before llvm-mc.
    pub fn from_stages(raw: String, stages: &[Vec<String>]) -> InputFilter {
        let plan = match stages {
            [stage] => Substitution::from_words(stage),
            _ => Err(format!("{} stages", stages.len())),
        }
        .map_err(|why| format!("input filter not supported: {raw} ({why})"));
        InputFilter { raw, plan }
    }

    /// What llvm-mc reads: `text` (the test file) through the filter.
    pub fn apply(&self, text: &str) -> Result<String, String> {
        self.plan
            .as_ref()
            .map(|s| s.apply(text))
            .map_err(Clone::clone)
    }
}

impl Substitution {
    fn from_words(words: &[String]) -> Result<Substitution, String> {
        let script = match words {
            [sed, script, file] if sed == "sed" && file == "%s" => script,
            [sed, e, script, file] if sed == "sed" && e == "-e" && file == "%s" => script,
            _ => return Err("only `sed SCRIPT %s` is read".into()),
        };
        Substitution::from_script(script)
    }

    /// `s` + a delimiter + pattern + delimiter + replacement + delimiter + flags.
    fn from_script(script: &str) -> Result<Substitution, String> {
        let rest = script.strip_prefix('s').ok_or("not an `s` command")?;
        let delimiter = rest
            .chars()
            .next()
            .filter(|d| !d.is_alphanumeric() && *d != '\\' && *d != '\n')
            .ok_or("no delimiter")?;
        let parts: Vec<&str> = rest[delimiter.len_utf8()..].split(delimiter).collect();
        let [pattern, replacement, flags] = parts[..] else {
            return Err("not three delimited parts".into());
        };
        if pattern.is_empty() || pattern.contains(PATTERN_SPECIALS) {
            return Err("the pattern is not a literal word".into());
        }
        if replacement.contains(REPLACEMENT_SPECIALS) {
            return Err("the replacement is not literal text".into());
        }
        let global = match flags {
            "" => false,
            "g" => true,
            _ => return Err(format!("flags `{flags}`")),
        };
        Ok(Substitution {
            pattern: pattern.to_string(),
            replacement: replacement.to_string(),
            global,
        })
    }

    /// sed's output for `text`: line by line, the first (or with `g` every) occurrence of
    /// the pattern replaced; a last line without a newline keeps its lack of one.
    fn apply(&self, text: &str) -> String {
        if self.global {
            // The pattern holds no newline, so no occurrence spans two lines.
            return text.replace(&self.pattern, &self.replacement);
        }
        text.split_inclusive('\n')
            .map(|line| line.replacen(&self.pattern, &self.replacement, 1))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(words: &[&str]) -> InputFilter {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        InputFilter::from_stages(words.join(" "), &[words])
    }

    #[test]
    fn a_literal_global_substitution_replaces_every_occurrence() {
        let f = filter(&["sed", "s/COV/4/g", "%s"]);
        assert_eq!(
            f.apply("a COV COV\nCOV b").unwrap(),
            "a 4 4\n4 b",
            "every occurrence, no newline added"
        );
        let f = filter(&["sed", "-e", "s|XX|y z|", "%s"]);
        assert_eq!(f.apply("XX XX\nXX\n").unwrap(), "y z XX\ny z\n");
    }

    #[test]
    fn anything_else_is_refused_with_its_stage() {
        for words in [
            &["rm", "-rf", "/tmp/x"][..],
            &["cat", "%s"],
            &["sed", "s/C.V/4/g", "%s"],
            &["sed", "s/COV/&&/g", "%s"],
            &["sed", "s/COV/4/e", "%s"],
            &["sed", "s/COV/4/w /tmp/p", "%s"],
            &["sed", "s/COV/4/g", "/etc/passwd"],
            &["sed", "-i", "s/COV/4/g", "%s"],
            &["sed", "y/abc/xyz/", "%s"],
            &["sed", "s/COV/4/g", "%s", "$(touch", "/tmp/p)"],
        ] {
            let f = filter(words);
            let why = f.apply("COV").unwrap_err();
            assert!(
                why.starts_with(&format!("input filter not supported: {}", f.raw)),
                "{why}"
            );
        }
        let two = InputFilter::from_stages(
            "sed s/a/b/ %s | sed s/b/c/ %s".into(),
            &[
                vec!["sed".into(), "s/a/b/".into(), "%s".into()],
                vec!["sed".into(), "s/b/c/".into(), "%s".into()],
            ],
        );
        assert!(two.apply("a").is_err());
    }
}
