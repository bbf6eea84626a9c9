//! Encodings as llvm-mc prints them: bytes, with fixup bytes shown as letters.

pub use mcdiff_lit::EncByte;

/// Renders bytes the way llvm-mc does, for reports.
pub fn render(bytes: &[EncByte]) -> String {
    let parts: Vec<String> = bytes
        .iter()
        .map(|b| match b {
            EncByte::Byte(v) => format!("0x{v:02x}"),
            EncByte::Fixup(c) => char::from(*c).to_string(),
        })
        .collect();
    format!("[{}]", parts.join(","))
}
