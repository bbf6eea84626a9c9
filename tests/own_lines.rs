//! `mcdiff asm` and `mcdiff disasm` against live llvm-mc on lines written for this project
//! (tests/lines/*.s; none taken from LLVM's tests).

mod common;

use assert_cmd::Command;
use std::path::Path;

/// Encodings in output order, from `... ; encoding: [..]` lines.
fn encodings(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            l.split_once("encoding: ")
                .map(|(_, e)| e.trim().to_string())
        })
        .collect()
}

/// The lines of a test-lines file that are not blank and not `comment` lines.
fn statements<'s>(source: &'s str, comment: &str) -> Vec<&'s str> {
    source
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with(comment))
        .collect()
}

/// `tests/lines/<name>`, read.
fn lines_file(name: &str) -> (std::path::PathBuf, String) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/lines/{name}"));
    let source = std::fs::read_to_string(&file).unwrap();
    (file, source)
}

/// `mcdiff asm --mcpu <mcpu> [--mattr <mattr>] <file>`.
fn our_asm(data: &Path, mcpu: &str, mattr: &str, file: &Path) -> std::process::Output {
    Command::cargo_bin("mcdiff")
        .unwrap()
        .arg("--data")
        .arg(data)
        .args(["asm", "--mcpu", mcpu])
        .args(our_mattr(mattr))
        .arg(file)
        .output()
        .unwrap()
}

/// `mcdiff disasm --mcpu <mcpu> [--mattr <mattr>]`, its input still to be given.
fn our_disasm(data: &Path, mcpu: &str, mattr: &str) -> Command {
    let mut command = Command::cargo_bin("mcdiff").unwrap();
    command
        .arg("--data")
        .arg(data)
        .args(["disasm", "--mcpu", mcpu])
        .args(our_mattr(mattr));
    command
}

/// llvm-mc's target flags: the triple, `-mcpu` and `-mattr` when `mattr` is not empty.
fn llvm_target(mcpu: &str, mattr: &str) -> Vec<String> {
    let mut flags = vec!["-triple=amdgcn".to_string(), format!("-mcpu={mcpu}")];
    if !mattr.is_empty() {
        flags.push(format!("-mattr={mattr}"));
    }
    flags
}

/// `mcdiff`'s `--mattr` flag, when `mattr` is not empty (one argument: a feature may start
/// with `-`).
fn our_mattr(mattr: &str) -> Vec<String> {
    match mattr {
        "" => Vec::new(),
        _ => vec![format!("--mattr={mattr}")],
    }
}

/// `tests/lines/<mcpu>_<kind>.s`: every line llvm-mc 22 accepts, and ours encodes alike.
fn check(mcpu: &str, kind: &str) {
    check_with(mcpu, "", kind);
}

/// [`check`] with `-mattr` features (none when empty).
fn check_with(mcpu: &str, mattr: &str, kind: &str) {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let (file, source) = lines_file(&format!("{mcpu}_{kind}.s"));
    let lines = statements(&source, "//");
    let theirs = Command::new(mc)
        .args(llvm_target(mcpu, mattr))
        .arg("-show-encoding")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        theirs.status.success(),
        "llvm-mc rejected a line of {}",
        file.display()
    );
    let theirs = encodings(&String::from_utf8_lossy(&theirs.stdout));
    let ours = our_asm(&data, mcpu, mattr, &file);
    let stderr = String::from_utf8_lossy(&ours.stderr);
    let ours_enc = encodings(&String::from_utf8_lossy(&ours.stdout));
    assert_eq!(
        theirs.len(),
        lines.len(),
        "llvm-mc gave one encoding per line"
    );
    let mismatches: Vec<String> = lines
        .iter()
        .zip(theirs.iter())
        .enumerate()
        .filter(|(i, (_, t))| ours_enc.get(*i) != Some(*t))
        .map(|(i, (l, t))| format!("{l}: llvm-mc {t}, ours {:?}", ours_enc.get(i)))
        .collect();
    assert!(
        mismatches.is_empty() && ours.status.success(),
        "{mcpu}: {} of {} lines differ:\n{}\nstderr:\n{stderr}",
        mismatches.len(),
        lines.len(),
        mismatches.join("\n")
    );
}

/// `tests/lines/<mcpu>_<kind>.s` assembled by llvm-mc 22 and by us: every line encoded by
/// both, the bytes differing in exactly bit `bit` (bit 0 = LSB of byte 0), set by llvm-mc
/// alone.
fn check_differing_only_in_bit(mcpu: &str, kind: &str, bit: usize) {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/lines/{mcpu}_{kind}.s"));
    let theirs = Command::new(mc)
        .args(["-triple=amdgcn", &format!("-mcpu={mcpu}"), "-show-encoding"])
        .arg(&file)
        .output()
        .unwrap();
    let theirs = encodings(&String::from_utf8_lossy(&theirs.stdout));
    let ours = encodings(&String::from_utf8_lossy(
        &our_asm(&data, mcpu, "", &file).stdout,
    ));
    assert!(!theirs.is_empty() && ours.len() == theirs.len());
    let bytes = |e: &str| -> Vec<u8> {
        e.trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap())
            .collect()
    };
    for (o, t) in ours.iter().zip(&theirs) {
        let (o, t) = (bytes(o), bytes(t));
        assert_eq!(o.len(), t.len(), "{mcpu}: lengths differ: {o:?} {t:?}");
        let differing: Vec<usize> = (0..o.len() * 8)
            .filter(|i| (o[i / 8] ^ t[i / 8]) >> (i % 8) & 1 != 0)
            .collect();
        assert_eq!(
            differing,
            vec![bit],
            "{mcpu}: ours {o:02x?}, llvm-mc {t:02x?}"
        );
        assert_ne!(t[bit / 8] >> (bit % 8) & 1, 0, "llvm-mc sets the bit");
    }
}

/// llvm-mc's encodings of `tests/lines/<mcpu>_<kind>.s` decoded by llvm-mc and by us: the
/// same text, line by line.
fn check_disassembly(mcpu: &str, kind: &str) {
    check_disassembly_with(mcpu, "", kind);
}

/// [`check_disassembly`] with `-mattr` features (none when empty).
fn check_disassembly_with(mcpu: &str, mattr: &str, kind: &str) {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/lines/{mcpu}_{kind}.s"));
    let triple = llvm_target(mcpu, mattr);
    let assembled = Command::new(&mc)
        .args(&triple)
        .arg("-show-encoding")
        .arg(&file)
        .output()
        .unwrap();
    let bytes = encodings(&String::from_utf8_lossy(&assembled.stdout)).join("\n");
    let texts = |out: std::process::Output| -> Vec<String> {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.contains("encoding:"))
            // llvm-mc pads some mnemonics with a second space; spacing is not compared.
            .map(|l| {
                let text = l.split(" ;").next().unwrap_or(l);
                text.split_whitespace().collect::<Vec<_>>().join(" ")
            })
            .collect()
    };
    let theirs = texts(
        Command::new(&mc)
            .args(&triple)
            .args(["--disassemble", "-show-encoding"])
            .write_stdin(bytes.clone())
            .output()
            .unwrap(),
    );
    let ours = texts(
        our_disasm(&data, mcpu, mattr)
            .write_stdin(bytes)
            .output()
            .unwrap(),
    );
    assert!(!theirs.is_empty(), "llvm-mc decoded nothing");
    assert_eq!(
        ours, theirs,
        "{mcpu}: our disassembly differs from llvm-mc's"
    );
}

/// Every line of `tests/lines/<mcpu>_rejects.s` rejected by llvm-mc 22 and by us, each with
/// a `file:line:col: error` line (not an `unsupported` one).
fn check_rejections(mcpu: &str) {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let (file, source) = lines_file(&format!("{mcpu}_rejects.s"));
    let lines = statements(&source, "//").len();
    // llvm-mc 22 still prints an encoding for some lines it reports an error on (gfx1250's
    // misplaced scale_offset); ours must print none.
    let errors = |out: std::process::Output, ours: bool| {
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            !ours || !stdout.contains("encoding:"),
            "{mcpu}: a line was encoded:\n{stdout}"
        );
        // `error: unsupported: ...` is not a rejection.
        stderr
            .lines()
            .filter(|l| l.contains(": error: ") && !l.contains(": error: unsupported:"))
            .count()
    };
    let theirs = Command::new(&mc)
        .args(["-triple=amdgcn", &format!("-mcpu={mcpu}"), "-show-encoding"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(errors(theirs, false), lines, "llvm-mc rejects every line");
    assert_eq!(
        errors(our_asm(&data, mcpu, "", &file), true),
        lines,
        "{mcpu}: we reject every line"
    );
}

/// Every word of `tests/lines/<mcpu>_<kind>.txt` refused by llvm-mc 22 and by us, with a
/// `warning: invalid instruction encoding` each (and as many for the dwords after it, where
/// the next instruction tried is refused too); what both decode of the bytes after a
/// refused word's first dword is the same.
fn check_disassembly_rejections(mcpu: &str, mattr: &str, kind: &str) {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let (file, source) = lines_file(&format!("{mcpu}_{kind}.txt"));
    let words = statements(&source, "#").len();
    let outcome = |out: std::process::Output| {
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let refused = stderr
            .lines()
            .filter(|l| l.contains("warning: invalid instruction encoding"))
            .count();
        let text: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|l| l.contains("encoding:"))
            .collect();
        (refused, text)
    };
    let (theirs, their_text) = outcome(
        Command::new(&mc)
            .args(llvm_target(mcpu, mattr))
            .args(["--disassemble", "-show-encoding"])
            .arg(&file)
            .output()
            .unwrap(),
    );
    // A refused word's later dwords may be refused again, one warning each.
    assert!(theirs >= words, "llvm-mc refuses every word");
    let (ours, our_text) = outcome(our_disasm(&data, mcpu, mattr).arg(&file).output().unwrap());
    assert_eq!(ours, theirs, "{mcpu}: we refuse what llvm-mc refuses");
    assert_eq!(our_text, their_text);
}

#[test]
fn gfx1250_flat_scratch_base_source_lines_match_llvm_mc_both_ways() {
    check("gfx1250", "sources");
    check_disassembly("gfx1250", "sources");
}

#[test]
fn gfx900_global_and_scratch_loads_to_lds_match_llvm_mc_both_ways() {
    check("gfx900", "lds");
    check_disassembly("gfx900", "lds");
}

#[test]
fn gfx1100_lines_leaving_out_the_implied_vcc_match_llvm_mc_both_ways() {
    check("gfx1100", "vcc");
    check_disassembly("gfx1100", "vcc");
}

#[test]
fn gfx1100_interpolation_lines_match_llvm_mc_both_ways() {
    check("gfx1100", "interp");
    check_disassembly("gfx1100", "interp");
    check_disassembly_with("gfx1100", "-real-true16", "interp");
}

#[test]
fn gfx1100_interpolation_rejections_match_llvm_mc() {
    check_rejections("gfx1100");
}

#[test]
fn gfx1200_sdwa_rejections_match_llvm_mc() {
    check_rejections("gfx1200");
}

#[test]
fn gfx1200_wave64_matrix_lines_match_llvm_mc_both_ways() {
    check_with("gfx1200", "+wavefrontsize64", "wmma64");
    check_disassembly_with("gfx1200", "+wavefrontsize64", "wmma64");
}

/// Checked to fail: with the decoder's matrix-word check removed, we print text for these
/// words (dropping op_sel and op_sel_hi bits, keeping an impossible clamp).
#[test]
fn gfx1200_matrix_words_with_unprintable_bits_are_refused_as_llvm_mc_refuses_them() {
    check_disassembly_rejections("gfx1200", "+wavefrontsize64", "wmma_unprintable");
}

/// Checked to fail: without the DPP table check in the decoder, we print every one of these
/// words.
#[test]
fn gfx1200_dpp_words_the_manual_refuses_are_refused_as_llvm_mc_refuses_them() {
    check_disassembly_rejections("gfx1200", "", "dpp_refused");
}

#[test]
fn gfx900_constant_bus_and_sdwa_rejections_match_llvm_mc() {
    check_rejections("gfx900");
}

/// gfx9-4-generic withholds gfx942's FP8/BF8 and XF32 instructions.
#[test]
fn gfx9_4_generic_withheld_instructions_are_rejected_as_llvm_mc_rejects_them() {
    check_rejections("gfx9-4-generic");
}

#[test]
fn gfx942_matrix_rejections_match_llvm_mc() {
    check_rejections("gfx942");
}

#[test]
fn gfx1100_scalar_lines_match_llvm_mc() {
    check("gfx1100", "scalar");
}

#[test]
fn gfx1200_scalar_lines_match_llvm_mc() {
    check("gfx1200", "scalar");
}

#[test]
fn gfx942_scalar_lines_match_llvm_mc() {
    check("gfx942", "scalar");
}

#[test]
fn gfx900_sdwa_lines_match_llvm_mc_both_ways() {
    check("gfx900", "sdwa");
    check_disassembly("gfx900", "sdwa");
}

/// GFX8 on the GCN3 manual's file: every family, GFX8's register codes (TTMP, TBA), the
/// carry-out adds, unpacked D16 data, SDWA (compares without destination selects) and DPP.
#[test]
fn tonga_family_lines_match_llvm_mc_both_ways() {
    check("tonga", "families");
    check_disassembly("tonga", "families");
}

/// GFX7 and GFX6 on the Sea Islands manual's file and its Southern Islands derivation: SMRD,
/// their register codes, the carry-out adds under their own names, the signalling compares.
/// llvm-mc has no disassembler for GFX6/GFX7: our decodes are checked by llvm-mc assembling
/// them back to the word.
#[test]
fn bonaire_and_tahiti_family_lines_match_llvm_mc() {
    for mcpu in ["bonaire", "tahiti"] {
        check(mcpu, "families");
        check_decodes_reassemble(mcpu, "families");
    }
}

/// `tests/lines/<mcpu>_<kind>.s` encoded by llvm-mc 22, each word decoded by us, and our text
/// assembled by llvm-mc again: it must give the word back. For targets llvm-mc cannot
/// disassemble, this is the check our decoder has.
fn check_decodes_reassemble(mcpu: &str, kind: &str) {
    let (Some(data), Some(mc)) = (common::data_dir(), common::llvm_mc("22")) else {
        return;
    };
    let (file, _) = lines_file(&format!("{mcpu}_{kind}.s"));
    let llvm_mc = |mut input: Command| -> String {
        let out = input.output().unwrap();
        assert!(
            out.status.success(),
            "llvm-mc: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let mut encode = Command::new(&mc);
    encode
        .args(llvm_target(mcpu, ""))
        .arg("-show-encoding")
        .arg(&file);
    let words = encodings(&llvm_mc(encode));
    let decoded = our_disasm(&data, mcpu, "")
        .write_stdin(words.join("\n"))
        .output()
        .unwrap();
    let texts: Vec<String> = String::from_utf8_lossy(&decoded.stdout)
        .lines()
        .filter_map(|l| l.split_once(" ;").map(|(t, _)| t.trim().to_string()))
        .collect();
    assert_eq!(
        texts.len(),
        words.len(),
        "{mcpu}: we decode every word llvm-mc encodes:\n{}",
        String::from_utf8_lossy(&decoded.stderr)
    );
    let mut reassemble = Command::new(&mc);
    reassemble
        .args(llvm_target(mcpu, ""))
        .arg("-show-encoding")
        .write_stdin(texts.join("\n"));
    let again = encodings(&llvm_mc(reassemble));
    let differing: Vec<String> = (words.iter().zip(&texts).zip(&again))
        .filter(|((word, _), back)| word != back)
        .map(|((word, text), back)| format!("{word}: ours `{text}`, llvm-mc {back}"))
        .collect();
    assert!(
        differing.is_empty() && again.len() == words.len(),
        "{mcpu}: {} of {} decodes assemble to other bytes:\n{}",
        differing.len(),
        words.len(),
        differing.join("\n")
    );
}

/// GFX7 and GFX6 lines llvm-mc 22 rejects: output modifiers on results that are not floating
/// point, ADDR64 beside OFFEN/IDXEN, TFE on a load to LDS, messages the generation lacks, and
/// on GFX6 an SMRD offset past eight bits.
#[test]
fn bonaire_and_tahiti_rejections_match_llvm_mc() {
    check_rejections("bonaire");
    check_rejections("tahiti");
}

#[test]
fn gfx1010_sdwa_lines_match_llvm_mc_both_ways() {
    check("gfx1010", "sdwa");
    check_disassembly("gfx1010", "sdwa");
}

#[test]
fn gfx900_image_lines_match_llvm_mc_both_ways() {
    check("gfx900", "image");
    check_disassembly("gfx900", "image");
}

#[test]
fn gfx942_memory_lines_match_llvm_mc_both_ways() {
    check("gfx942", "memory");
    check_disassembly("gfx942", "memory");
}

#[test]
fn gfx942_matrix_lines_match_llvm_mc_both_ways() {
    check("gfx942", "mfma");
    check_disassembly("gfx942", "mfma");
}

#[test]
fn gfx950_matrix_lines_match_llvm_mc_both_ways() {
    check("gfx950", "mfma");
    check_disassembly("gfx950", "mfma");
}

#[test]
fn gfx900_derived_operand_lines_match_llvm_mc_both_ways() {
    check("gfx900", "derived");
    check_disassembly("gfx900", "derived");
}

#[test]
fn gfx1250_derived_operand_lines_match_llvm_mc_both_ways() {
    check("gfx1250", "derived");
    check_disassembly("gfx1250", "derived");
}

#[test]
fn gfx908_derived_matrix_lines_match_llvm_mc_both_ways() {
    check("gfx908", "mfma");
    check_disassembly("gfx908", "mfma");
    check_rejections("gfx908");
}

#[test]
fn gfx906_fused_mix_and_packed_lines_match_llvm_mc_both_ways() {
    check("gfx906", "mix");
    check_disassembly("gfx906", "mix");
    check_rejections("gfx906");
}

#[test]
fn gfx1030_packed_lines_match_llvm_mc_both_ways() {
    check("gfx1030", "packed");
    check_disassembly("gfx1030", "packed");
    check_rejections("gfx1030");
}

/// GFX10.3's offset-only scratch words (SADDR 0x7f), which gfx1010 refuses
/// (`gfx1010_rejects.s`).
#[test]
fn gfx1030_scratch_lines_match_llvm_mc_both_ways() {
    check("gfx1030", "scratch");
    check_disassembly("gfx1030", "scratch");
}

#[test]
fn gfx1010_dpp_limits_and_missing_dots_match_llvm_mc() {
    check_rejections("gfx1010");
}

/// The dot products LLVM's syntax pages list for gfx1011/gfx1012 alone, taken from RDNA2's
/// file (gfx1010 rejects them: `gfx1010_rejects.s`).
#[test]
fn gfx1010_interpolation_lines_match_llvm_mc_both_ways() {
    check("gfx1010", "interp");
    check_disassembly("gfx1010", "interp");
}

#[test]
fn gfx1010_constant_and_operandless_vector_lines_match_llvm_mc_both_ways() {
    check("gfx1010", "vop");
    check_disassembly("gfx1010", "vop");
}

/// The scalar stores and atomics RDNA1 takes from Vega's SMEM table (`Arch::elder`).
#[test]
fn gfx1012_scalar_memory_lines_match_llvm_mc_both_ways() {
    check("gfx1012", "scalar");
    check_disassembly("gfx1012", "scalar");
}

#[test]
fn gfx942_fp8_sdwa_lines_match_llvm_mc_both_ways() {
    check("gfx942", "sdwa");
    check_disassembly("gfx942", "sdwa");
}

/// Compressed exports: a VGPR per pair of 16-bit sources.
#[test]
fn gfx900_and_gfx1010_export_lines_match_llvm_mc_both_ways() {
    for mcpu in ["gfx900", "gfx1010"] {
        check(mcpu, "exp");
        check_disassembly(mcpu, "exp");
    }
}

#[test]
fn gfx900_scalar_lines_match_llvm_mc_both_ways() {
    check("gfx900", "scalar");
    check_disassembly("gfx900", "scalar");
}

#[test]
fn gfx900_typed_buffer_format_lines_match_llvm_mc_both_ways() {
    check("gfx900", "mtbuf");
    check_disassembly("gfx900", "mtbuf");
}

#[test]
fn gfx1010_typed_buffer_format_lines_match_llvm_mc_both_ways() {
    check("gfx1010", "mtbuf");
    check_disassembly("gfx1010", "mtbuf");
}

#[test]
fn gfx900_interpolation_lines_match_llvm_mc_both_ways() {
    check("gfx900", "interp");
    check_disassembly("gfx900", "interp");
}

#[test]
fn gfx1011_dot_lines_match_llvm_mc_both_ways() {
    check("gfx1011", "dot");
    check_disassembly("gfx1011", "dot");
}

/// GFX10.3 NSA lists of two and three extra dwords, ray tracing and MSAA loads.
#[test]
fn gfx1030_image_lines_match_llvm_mc_both_ways() {
    check("gfx1030", "image");
    check_disassembly("gfx1030", "image");
}

#[test]
fn gfx90a_agpr_image_lines_match_llvm_mc_both_ways() {
    check("gfx90a", "image");
    check_disassembly("gfx90a", "image");
}

#[test]
fn gfx950_truth_table_lines_match_llvm_mc_both_ways() {
    check("gfx950", "bitop3");
    check_disassembly("gfx950", "bitop3");
}

#[test]
fn gfx950_conversion_op_sel_lines_match_llvm_mc_both_ways() {
    check("gfx950", "cvt");
    check_disassembly("gfx950", "cvt");
}

/// The scaled MFMAs decode alike; assembled, they differ only in ABID (bit 75), which
/// llvm-mc sets to 1 and no AMD document gives a value (CDNA4 ISA §7.1.6.2: the formats in
/// CBSZ/BLGP switch broadcasting off).
#[test]
fn gfx950_scaled_matrix_lines_match_llvm_mc_but_for_abid() {
    check_differing_only_in_bit("gfx950", "scaled", 75);
    check_disassembly("gfx950", "scaled");
}

#[test]
fn gfx942_multiply_add_constant_lines_match_llvm_mc_both_ways() {
    check("gfx942", "literal");
    check_disassembly("gfx942", "literal");
}

#[test]
fn gfx1200_bfloat16_constant_lines_match_llvm_mc_both_ways() {
    check("gfx1200", "bf16");
    check_disassembly("gfx1200", "bf16");
}

#[test]
fn gfx1250_dual_issue_vopd3_lines_match_llvm_mc_both_ways() {
    check("gfx1250", "vopd3");
    check_disassembly("gfx1250", "vopd3");
}

#[test]
fn gfx1250_64_bit_literal_lines_match_llvm_mc_both_ways() {
    check("gfx1250", "lit64");
    check_disassembly("gfx1250", "lit64");
}

#[test]
fn gfx1250_flat_scalar_base_and_scale_offset_lines_match_llvm_mc_both_ways() {
    check("gfx1250", "memory");
    check_disassembly("gfx1250", "memory");
}

#[test]
fn gfx1250_cdna_line_alu_lines_match_llvm_mc_both_ways() {
    check("gfx1250", "cdna");
    check_disassembly("gfx1250", "cdna");
}

#[test]
fn gfx1250_matrix_lines_match_llvm_mc_both_ways() {
    check("gfx1250", "wmma");
    check_disassembly("gfx1250", "wmma");
}

#[test]
fn gfx1251_row_share_on_64_bit_operations_matches_llvm_mc_both_ways() {
    check("gfx1251", "dpp64");
    check_disassembly("gfx1251", "dpp64");
}

#[test]
fn gfx1251_rejections_match_llvm_mc() {
    check_rejections("gfx1251");
}

#[test]
fn gfx950_lane_swap_lines_match_llvm_mc_both_ways() {
    check("gfx950", "swap");
    check_disassembly("gfx950", "swap");
}

#[test]
fn gfx950_rejections_match_llvm_mc() {
    check_rejections("gfx950");
}

#[test]
fn gfx1250_rejections_match_llvm_mc() {
    check_rejections("gfx1250");
}

#[test]
fn gfx1010_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx1010", "families");
    check_disassembly("gfx1010", "families");
}

#[test]
fn gfx1030_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx1030", "families");
    check_disassembly("gfx1030", "families");
}

#[test]
fn gfx1250_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx1250", "families");
    check_disassembly("gfx1250", "families");
}

#[test]
fn gfx900_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx900", "families");
    check_disassembly("gfx900", "families");
}

#[test]
fn gfx906_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx906", "families");
    check_disassembly("gfx906", "families");
}

#[test]
fn gfx908_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx908", "families");
    check_disassembly("gfx908", "families");
}

#[test]
fn gfx90a_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx90a", "families");
    check_disassembly("gfx90a", "families");
}

#[test]
fn gfx942_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx942", "families");
    check_disassembly("gfx942", "families");
}

#[test]
fn gfx950_lines_of_every_family_match_llvm_mc_both_ways() {
    check("gfx950", "families");
    check_disassembly("gfx950", "families");
}
