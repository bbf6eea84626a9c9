//! Prints the standalone survey for the arches given (default: all six).
//! Usage: cargo run -p mcdiff-sema --example survey -- [--failures] [arch...]

use std::path::PathBuf;

fn main() {
    let data = std::env::var_os("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")));
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let show_failures = args.iter().any(|a| a == "--failures");
    args.retain(|a| a != "--failures");
    if args.is_empty() {
        args = ["rdna3", "rdna3_5", "rdna4", "cdna3", "cdna4", "cdna5"]
            .map(String::from)
            .to_vec();
    }
    println!("arch      with-pc  parsed  executed  mismatch  unsupported  spec-operands");
    for arch in &args {
        let s = match mcdiff_sema::survey(&data, arch) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let unsupported: usize = s.unsupported.values().sum();
        println!(
            "{:<9} {:>7} {:>7} {:>9} {:>9} {:>12}  {}",
            s.arch,
            s.with_pseudocode,
            s.parsed,
            s.executed,
            s.mismatched,
            unsupported,
            s.spec_operands
        );
        for (construct, n) in s.top_unsupported().iter().take(12) {
            println!("    {n:>4}  {construct}");
        }
        if show_failures {
            for (inst, why) in &s.failures {
                println!("    {inst}: {why}");
            }
        }
    }
}
