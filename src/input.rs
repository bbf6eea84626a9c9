//! The text a command reads from a file or standard input (`-`), with the name its
//! diagnostics give it; input that is not UTF-8 is an error naming its first bad line.

use anyhow::{bail, Context, Result};
use std::io::Read;

/// `(name, text)` of `file` (`-`: standard input, named `<stdin>`).
pub fn read_text(file: &str) -> Result<(String, String)> {
    let (name, raw) = if file == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("reading standard input")?;
        ("<stdin>".to_string(), buf)
    } else {
        let buf = std::fs::read(file).with_context(|| format!("reading {file}"))?;
        (file.to_string(), buf)
    };
    let text = utf8_text(&name, raw)?;
    Ok((name, text))
}

/// The input as text, or an error naming the first line that is not UTF-8.
fn utf8_text(name: &str, raw: Vec<u8>) -> Result<String> {
    match String::from_utf8(raw) {
        Ok(s) => Ok(s),
        Err(e) => {
            let bad = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count() + 1;
            bail!("{name}:{line}: invalid UTF-8")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_bad_line_of_non_utf8_input_is_named() {
        let e = utf8_text("in.txt", b"0x01\n0x02\n\xff\n".to_vec()).unwrap_err();
        assert_eq!(e.to_string(), "in.txt:3: invalid UTF-8");
        assert_eq!(utf8_text("x", b"0x01\n".to_vec()).unwrap(), "0x01\n");
    }
}
