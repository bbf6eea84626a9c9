// TEMPORARY diagnostic (helper A2), deleted before the report.
use mcdiff::engine::{self, EngineConfig};
use mcdiff::llvm_mc::{LlvmMc, RunCache};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let version = args.first().cloned().unwrap_or("22.1.8".into());
    let verbose = args.iter().any(|a| a == "-v");
    let data = PathBuf::from("/work/shared");
    let major = version.split('.').next().unwrap().to_string();
    let config = EngineConfig {
        data_dir: data.clone(),
        corpus_root: data.join("llvm-tests").join(&version),
        corpus_version: version.clone(),
        llvm_mc: LlvmMc::open(&LlvmMc::for_major(&major), Duration::from_secs(120)).unwrap(),
        cache: RunCache::new(Some(
            PathBuf::from(std::env::var("HOME").unwrap()).join(".cache/mcdiff"),
        )),
        mcpus: vec!["gfx1100".into(), "gfx1200".into(), "gfx942".into()],
        file_filters: vec![],
    };
    if !args.iter().any(|a| a == "--dump") {
        let report = engine::run(&config, &|_, _| {}).unwrap();
        let mut tally: BTreeMap<(String, String), (usize, String)> = BTreeMap::new();
        for c in &report.cases {
            if let Some(s) = &c.sema {
                if s.column() == "executed" && !verbose {
                    continue;
                }
                let key = (c.target.to_string(), s.to_string());
                let e = tally.entry(key).or_insert((0, String::new()));
                e.0 += 1;
                let m = c.text.split_whitespace().next().unwrap_or("").to_string();
                if !e.1.contains(&m) && e.1.len() < 3000 {
                    e.1.push_str(&m);
                    e.1.push(' ');
                }
            }
        }
        for ((t, v), (n, ex)) in tally {
            println!("{t} {n:5} {v}   e.g. {ex}");
        }
    }
    if let Some(pos) = args.iter().position(|a| a == "--dump") {
        let mcpu = &args[pos + 1];
        let ts = mcdiff_spec::load_target(&data, mcpu).unwrap();
        let asm = mcdiff_asm::Assembler::new(&ts, &[]);
        for text in &args[pos + 2..] {
            if let mcdiff_asm::AsmOutcome::Encoded(e) = asm.assemble(text) {
                println!("{text}: {} {}", e.inst.name, e.inst.encoding);
                for op in &ts
                    .spec
                    .instruction(&e.inst.name)
                    .unwrap()
                    .in_encoding(&e.inst.encoding)
                    .unwrap()
                    .operands
                {
                    println!(
                        "   spec {:?} {} {} {} out={:?} impl={:?}",
                        op.field, op.operand_type, op.data_format, op.size, op.output, op.implicit
                    );
                }
                for op in &e.inst.operands {
                    println!("   val {:?} {:?}", op.spec.field, op.value);
                }
            } else {
                println!("{text}: not encoded");
            }
        }
    }
}
