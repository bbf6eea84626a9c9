//! The processor a target triple names.
//!
//! LLVM's main branch after 22 takes the processor in the triple's architecture:
//! `amdgpu12.50` is gfx1250 (`-triple=amdgpu12.50`, no `-mcpu`), `amdgpu12.5` the GFX12.5
//! family, whose processor is its generic target (gfx12-5-generic). `amdgpu` alone, like the
//! legacy `amdgcn`, names no processor. The spellings and the processor each stands for are
//! those of LLVM's `Triple::parseSubArch` and the canonical GPU of each AMDGPU sub-architecture
//! (`AMDGPU::getArchNameFromSubArch`), read from llvm/llvm-project's main branch in 2026.

/// (architecture suffix after `amdgpu`, processor), as LLVM's main branch spells them.
const SUBARCHS: &[(&str, &str)] = &[
    ("6", "gfx600"),
    ("6.00", "gfx600"),
    ("6.01", "gfx601"),
    ("6.02", "gfx602"),
    ("7", "gfx700"),
    ("7.00", "gfx700"),
    ("7.01", "gfx701"),
    ("7.02", "gfx702"),
    ("7.03", "gfx703"),
    ("7.04", "gfx704"),
    ("7.05", "gfx705"),
    ("8", "gfx801"),
    ("8.01", "gfx801"),
    ("8.02", "gfx802"),
    ("8.03", "gfx803"),
    ("8.05", "gfx805"),
    ("8.10", "gfx810"),
    ("9", "gfx9-generic"),
    ("9.00", "gfx900"),
    ("9.02", "gfx902"),
    ("9.04", "gfx904"),
    ("9.06", "gfx906"),
    ("9.08", "gfx908"),
    ("9.09", "gfx909"),
    ("9.0a", "gfx90a"),
    ("9.0c", "gfx90c"),
    ("9.4", "gfx9-4-generic"),
    ("9.5", "gfx9-4-generic"),
    ("9.42", "gfx942"),
    ("9.50", "gfx950"),
    ("10", "gfx10-1-generic"),
    ("10.1", "gfx10-1-generic"),
    ("10.10", "gfx1010"),
    ("10.11", "gfx1011"),
    ("10.12", "gfx1012"),
    ("10.13", "gfx1013"),
    ("10.3", "gfx10-3-generic"),
    ("10.30", "gfx1030"),
    ("10.31", "gfx1031"),
    ("10.32", "gfx1032"),
    ("10.33", "gfx1033"),
    ("10.34", "gfx1034"),
    ("10.35", "gfx1035"),
    ("10.36", "gfx1036"),
    ("11", "gfx11-generic"),
    ("11.00", "gfx1100"),
    ("11.01", "gfx1101"),
    ("11.02", "gfx1102"),
    ("11.03", "gfx1103"),
    ("11.50", "gfx1150"),
    ("11.51", "gfx1151"),
    ("11.52", "gfx1152"),
    ("11.53", "gfx1153"),
    ("11.54", "gfx1154"),
    ("11.7", "gfx11-7-generic"),
    ("11.70", "gfx1170"),
    ("11.71", "gfx1171"),
    ("11.72", "gfx1172"),
    ("12", "gfx12-generic"),
    ("12.00", "gfx1200"),
    ("12.01", "gfx1201"),
    ("12.5", "gfx12-5-generic"),
    ("12.50", "gfx1250"),
    ("12.51", "gfx1251"),
    ("13", "gfx13-generic"),
    ("13.10", "gfx1310"),
];

/// The processor a triple's architecture names (`amdgpu12.50-amd-amdhsa` -> gfx1250), or
/// `None` for a triple that names none (`amdgcn`, `amdgpu`, another architecture) or a
/// sub-architecture LLVM's main branch does not spell.
pub fn triple_processor(triple: &str) -> Option<&'static str> {
    let arch = triple.split('-').next()?;
    let suffix = arch.strip_prefix("amdgpu")?;
    SUBARCHS
        .iter()
        .find(|(s, _)| *s == suffix)
        .map(|&(_, cpu)| cpu)
}

#[cfg(test)]
mod tests {
    use super::triple_processor;

    #[test]
    fn processor_triples() {
        for (triple, cpu) in [
            ("amdgpu12.50", Some("gfx1250")),
            ("amdgpu12.00", Some("gfx1200")),
            ("amdgpu12.50-amd-amdhsa", Some("gfx1250")),
            ("amdgpu9.0a", Some("gfx90a")),
            ("amdgpu9.42--", Some("gfx942")),
            ("amdgpu12.5", Some("gfx12-5-generic")),
            ("amdgpu9.5", Some("gfx9-4-generic")),
            ("amdgpu10", Some("gfx10-1-generic")),
            ("amdgpu", None),
            ("amdgcn", None),
            ("amdgcn-amd-amdhsa", None),
            ("amdgpu12.99", None),
            ("r600", None),
        ] {
            assert_eq!(triple_processor(triple), cpu, "{triple}");
        }
    }
}
