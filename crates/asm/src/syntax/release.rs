//! LLVM syntax that changed between LLVM releases, for comparing against a named llvm-mc.

/// `-mattr` entries to put before a RUN line's own so our defaults match llvm-mc `llvm_major`
/// on GFX `gfx_major`: LLVM 19 reads and prints GFX11 16-bit operands as fake16 unless
/// `+real-true16` is given; LLVM 22 makes real-true16 the GFX11 default.
pub fn release_default_mattr(llvm_major: u32, gfx_major: u32) -> &'static [&'static str] {
    if llvm_major <= 19 && gfx_major == 11 {
        &["-real-true16"]
    } else {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_older_releases_on_gfx11_change_the_default() {
        assert_eq!(release_default_mattr(19, 11), &["-real-true16"]);
        assert!(release_default_mattr(22, 11).is_empty());
        assert!(release_default_mattr(19, 12).is_empty());
    }
}
