//! `mcdiff completions <shell>` and `mcdiff man`: a shell completion script and man pages,
//! both generated from the clap definitions of the command line, so they list exactly the
//! subcommands and flags the binary takes.

use anyhow::{Context, Result};
use clap::CommandFactory;
use clap_complete::Shell;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// Write one page per command into this folder (mcdiff.1, mcdiff-run.1, ...) instead of
    /// printing the page of `mcdiff` itself.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// The command line as clap knows it, named as installed.
fn command() -> clap::Command {
    crate::Cli::command().name("mcdiff").bin_name("mcdiff")
}

/// Prints the completion script for one shell to standard output.
pub fn completions(args: CompletionsArgs) -> Result<ExitCode> {
    let mut cmd = command();
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut cmd, "mcdiff", &mut out);
    out.flush().context("writing the completion script")?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the man page of `mcdiff` (roff), or writes a page per command into `--dir`.
pub fn man(args: ManArgs) -> Result<ExitCode> {
    let cmd = command();
    match args.dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
            clap_mangen::generate_to(cmd, &dir)
                .with_context(|| format!("writing man pages into {}", dir.display()))?;
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut page)?;
            let mut out = std::io::stdout().lock();
            out.write_all(&page)
                .and_then(|()| out.flush())
                .context("writing the man page")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
