//! Encodings as llvm-mc prints them: bytes, with fixup bytes shown as letters.

pub use mcdiff_lit::EncByte;

/// Renders bytes the way llvm-mc does, for reports.
pub fn render(bytes: &[EncByte]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    // Written byte by byte: a run renders every encoding it compares or reports.
    let mut out = String::with_capacity(2 + 5 * bytes.len());
    out.push('[');
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match b {
            EncByte::Byte(v) => {
                out.push_str("0x");
                out.push(char::from(HEX[usize::from(v >> 4)]));
                out.push(char::from(HEX[usize::from(v & 15)]));
            }
            EncByte::Fixup(c) => out.push(char::from(*c)),
        }
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// llvm-mc's spelling: two lower-case hex digits per byte, a fixup as its letter.
    #[test]
    fn renders_as_llvm_mc_does() {
        let bytes = [
            EncByte::Byte(0x0a),
            EncByte::Byte(0xff),
            EncByte::Fixup(b'A'),
        ];
        assert_eq!(render(&bytes), "[0x0a,0xff,A]");
        assert_eq!(render(&[]), "[]");
    }
}
