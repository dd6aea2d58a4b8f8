//! `timur match`: an engine-vs-engine runner for every variant and protocol.
//!
//! It starts engines that speak UCI ([`uci`]), UCCI ([`ucci`]) or XBoard
//! ([`xboard`]), plays games between them with timur's own rules as referee
//! ([`referee`], [`game`]), under clocks or node/depth/time limits ([`tc`]),
//! from openings ([`openings`]), adjudicates by score ([`adjudicate`]),
//! writes PGN ([`pgn`]), and reports W/D/L, Elo with error bars and an SPRT
//! ([`stats`], [`sprt`], [`table`]). [`runner`] schedules and parallelises
//! the games and restarts engines that crash, hang or break the protocol.

pub mod adjudicate;
pub mod args;
pub mod config;
pub mod engine;
pub mod game;
pub mod openings;
pub mod parse;
pub mod pgn;
pub mod process;
pub mod record;
pub mod runner;
pub mod sprt;
pub mod stats;
pub mod table;
pub mod tc;
pub mod ucci;
pub mod uci;
pub mod xboard;

pub use args::MatchArgs;
pub use config::{EngineSpec, MatchConfig, OpeningSource, Protocol};
pub use record::{GameRecord, GameResult, Termination};
pub use runner::{run, MatchReport};
pub use tc::{SearchLimits, TimeControl};

/// `timur match` from the command line: runs the match and prints the final
/// table on stdout.
pub fn run_cli(args: &MatchArgs) -> Result<(), String> {
    let config = args.config()?;
    let report = run(&config)?;
    print!("{}", report.table);
    Ok(())
}
