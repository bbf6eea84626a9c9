//! Assembles statements from stdin for one -mcpu and prints bytes, rejection or reason.
//! Usage: `cargo run -p mcdiff-asm --example probe -- gfx1100 < lines.s`

use std::io::BufRead;
use std::path::PathBuf;

use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler};

fn main() {
    let mcpu = std::env::args().nth(1).unwrap_or_else(|| "gfx1100".into());
    let data = std::env::var("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")));
    let target = mcdiff_spec::load_target(&data, &mcpu).expect("spec loads");
    let asm = Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let stmt = line.split("//").next().unwrap_or("").trim();
        if stmt.is_empty() {
            continue;
        }
        match asm.assemble(stmt) {
            AsmOutcome::Encoded(e) => {
                let bytes: Vec<String> = e.bytes.iter().map(|b| format!("{b:#04x}")).collect();
                println!("{stmt:40} [{}] {:?}", bytes.join(","), e.fixups);
            }
            AsmOutcome::Rejected(err) => {
                println!("{stmt:40} error {}: {}", err.column, err.message)
            }
            AsmOutcome::Unsupported(why) => println!("{stmt:40} unsupported: {why}"),
        }
    }
}
