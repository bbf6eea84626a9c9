//! Invalid-operand markers inside a printed decode. LLVM's AMDGPU printer answers some words
//! with an instruction text that carries its own verdict: a comment such as
//! `/*Invalid register, operand has 'VReg_64_Align2' register class*/`, `/*Invalid immediate*/`
//! or `/* Invalid dpp_ctrl value */`, or an operand spelled `invalid_param_3`. Such a text
//! is that printer's "this word is invalid", not a clean decode: `run`, `gate` and `fuzz`
//! take it as the refusal it is, whichever side printed it.

/// The first invalid-operand marker in a printed instruction text, if any.
pub fn invalid_marker(text: &str) -> Option<&str> {
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        let comment = &rest[start..];
        let end = comment.find("*/").map_or(comment.len(), |e| e + 2);
        let body = comment[..end].to_ascii_lowercase();
        if ["invalid", "not supported", "only supports"]
            .iter()
            .any(|word| body.contains(word))
        {
            return Some(&comment[..end]);
        }
        rest = &comment[end..];
    }
    text.split(|c: char| c.is_whitespace() || c == ',')
        .find(|token| token.starts_with("invalid_"))
}

/// The refusal a marked text stands for, in words a report shows.
pub fn marked_refusal(marker: &str) -> String {
    format!("decoded with an invalid-operand marker: {marker}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_found_and_clean_texts_pass() {
        let reg = "v_readfirstlane_b32 s5, vcc_hi/*Invalid register, operand has 'VRegOrLds_32' register class*/";
        assert_eq!(
            invalid_marker(reg),
            Some("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
        );
        let dpp = "v_mov_b32_dpp v0, v1 /* Invalid dpp_ctrl value */ row_mask:0xf";
        assert_eq!(invalid_marker(dpp), Some("/* Invalid dpp_ctrl value */"));
        let param = "v_interp_mov_f32_e32 v67, invalid_param_240, attr0.x";
        assert_eq!(invalid_marker(param), Some("invalid_param_240"));
        assert_eq!(invalid_marker("s_nop 0 /* a note */"), None);
        assert_eq!(invalid_marker("v_add_f32_e32 v0, v1, v2"), None);
    }
}
