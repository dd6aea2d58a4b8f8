//! `timur tb probe`: the Syzygy tables' WDL and DTZ of chess positions from
//! the shell, one line per position (`wdl 2 dtz 13`), for users and for
//! the differential check against python-chess (scripts/syzygy_check.py).

use crate::variants::chess::syzygy::position_probe::{self, Probed};
use crate::variants::chess::syzygy::Syzygy;
use crate::variants::chess::Chess;
use crate::variants::Variant;
use std::io::{BufRead, Write};

/// `timur tb` subcommands.
#[derive(clap::Args, Debug)]
pub struct TbArgs {
    #[command(subcommand)]
    command: TbCommand,
}

#[derive(clap::Subcommand, Debug)]
enum TbCommand {
    /// Print the WDL (-2 loss … 2 win, move clock ignored) and DTZ (plies
    /// to a capture or pawn move, negative when losing) of positions:
    /// `wdl W dtz D` (`dtz none` without the DTZ table) or `none (why)`.
    Probe {
        /// A chess FEN; without it, one FEN per line from stdin.
        #[arg(long)]
        fen: Option<String>,
        /// Folders of table files, separated as in PATH.
        #[arg(long)]
        path: String,
    },
}

/// Runs a `timur tb` subcommand.
pub fn run(args: &TbArgs) -> Result<(), String> {
    let TbCommand::Probe { fen, path } = &args.command;
    let (tables, report) = Syzygy::load(path)?;
    eprintln!("{report}");
    let mut out = std::io::stdout().lock();
    let mut answer = |fen: &str| -> Result<(), String> {
        writeln!(out, "{}", line(&tables, fen)).map_err(|e| format!("cannot write: {e}"))
    };
    match fen {
        Some(fen) => answer(fen),
        None => {
            for text in std::io::stdin().lock().lines() {
                let text = text.map_err(|e| format!("cannot read stdin: {e}"))?;
                if !text.trim().is_empty() {
                    answer(text.trim())?;
                }
            }
            Ok(())
        }
    }
}

/// The answer line for one FEN.
fn line(tables: &Syzygy, fen: &str) -> String {
    let probed = Chess::from_fen(fen).and_then(|pos| position_probe::probe(tables, &pos));
    match probed {
        Ok(Probed {
            wdl,
            dtz: Some(dtz),
        }) => format!("wdl {wdl} dtz {dtz}"),
        Ok(Probed { wdl, dtz: None }) => format!("wdl {wdl} dtz none"),
        Err(why) => format!("none ({why})"),
    }
}
