//! Commands printed for a person to paste (replays): every word quoted for a POSIX shell
//! where it needs it, so that pasting one runs exactly the program it names with exactly
//! these arguments, whatever a test file or a flag put in them.

use std::borrow::Cow;

/// Characters a POSIX shell gives no meaning inside an argument word. `=` is among them:
/// only a command's first word can be read as an assignment, and a path is never one.
fn is_plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c)
}

/// One word as a POSIX shell reads it back unchanged: bare when every character is plain,
/// else single-quoted (a quote inside closes, escapes and reopens).
pub fn word(w: &str) -> Cow<'_, str> {
    if !w.is_empty() && w.chars().all(is_plain) {
        return Cow::Borrowed(w);
    }
    Cow::Owned(format!("'{}'", w.replace('\'', r"'\''")))
}

/// Words joined into one command line, each quoted (see [`word`]).
pub fn command<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    words.into_iter().map(word).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a shell does with a quoted command: its words back, nothing run.
    fn split(line: &str) -> Vec<String> {
        shlex::split(line).expect("a quoted command splits")
    }

    #[test]
    fn hostile_words_come_back_unchanged() {
        let words = [
            "/usr/lib/llvm-22/bin/llvm-mc",
            "-mcpu=gfx1100$(touch /tmp/p)",
            "`touch /tmp/p`",
            "it's",
            "a b;c|d&e>f\n*?~!#",
            "",
            "-triple=amdgcn",
        ];
        let line = command(words);
        assert_eq!(split(&line), words);
        assert!(line.starts_with("/usr/lib/llvm-22/bin/llvm-mc '-mcpu=gfx1100$(touch /tmp/p)' "));
        assert!(
            line.ends_with(" -triple=amdgcn"),
            "plain words stay bare: {line}"
        );
    }
}
