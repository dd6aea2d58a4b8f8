//! The command line of `timur tune`.

use crate::engine::VariantKind;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// `timur tune`: Texel tuning in two steps.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// The step to run.
    #[command(subcommand)]
    pub command: TuneCommand,
}

/// The steps of a tuning run.
#[derive(Subcommand, Debug, Clone)]
pub enum TuneCommand {
    /// Take quiet positions from finished games into a positions file
    /// (`FEN;result` per line).
    Extract(ExtractArgs),
    /// Fit the evaluation weights to a positions file and write them as
    /// Rust source (the game's `weights.rs`).
    Fit(FitArgs),
}

/// `timur tune extract`.
#[derive(Args, Debug, Clone)]
pub struct ExtractArgs {
    /// chess or xiangqi.
    #[arg(long, default_value = "chess")]
    pub variant: VariantKind,
    /// PGN files written by `timur match --pgn`.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// The positions file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Positions taken from each game at most (chosen at random).
    #[arg(long, default_value_t = 10)]
    pub per_game: usize,
    /// Seed of the choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `timur tune fit`.
#[derive(Args, Debug, Clone)]
pub struct FitArgs {
    /// chess or xiangqi.
    #[arg(long, default_value = "chess")]
    pub variant: VariantKind,
    /// The positions files (`FEN;result[;score]` per line); repeat the
    /// option to fit on several (e.g. chess and Chess960 games).
    #[arg(long, required = true)]
    pub positions: Vec<PathBuf>,
    /// Write the fitted weights (Rust source) here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Weight of the game result in the target; the rest is the labelling
    /// engine's score, where the file has one.
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Passes of gradient descent over the positions.
    #[arg(long, default_value_t = 400)]
    pub epochs: usize,
    /// Adam's step size in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Pull towards the current weights (L2 per weight).
    #[arg(long, default_value_t = 0.0)]
    pub regularisation: f64,
    /// Keep the weights of groups whose name contains this text
    /// (repeatable, e.g. `--freeze squares`).
    #[arg(long)]
    pub freeze: Vec<String>,
}
