//! The command line of `timur tune`.

use crate::engine::VariantKind;
use crate::matches::TimeControl;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// `timur tune`: Texel tuning of evaluations in two steps; SPSA tuning of
/// the search by games.
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
    /// Print the tunable search parameters in OpenBench's SPSA input format
    /// (`NAME, int, default, min, max, c_end, r_end`).
    Params,
    /// Tune search parameters by SPSA: games between the engine at θ + c·Δ
    /// and at θ − c·Δ, as OpenBench runs it.
    Spsa(SpsaArgs),
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

/// `timur tune spsa`.
#[derive(Args, Debug, Clone)]
pub struct SpsaArgs {
    /// The parameters: `NAME, int, default, min, max, c_end, r_end` per
    /// line (`timur tune params` prints this build's).
    pub params: PathBuf,
    /// The UCI engine to tune (default: this program); it must take every
    /// parameter as an option.
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// The game: chess, chess960, xiangqi, tamerlane, jasir, jarmo.
    #[arg(long, default_value = "chess")]
    pub variant: VariantKind,
    /// Clock of every game: BASE+INC in seconds (e.g. 10+0.1).
    #[arg(long, required_unless_present = "nodes", conflicts_with = "nodes")]
    pub tc: Option<TimeControl>,
    /// Nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Openings (`.epd`/`.fen`/`.perft`, as `timur match` reads them): each
    /// pair of games starts from one picked at random.
    #[arg(long, conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// Start each pair of games after this many random plies.
    #[arg(long)]
    pub random_openings: Option<u32>,
    /// Iterations of the run (default 1000; a resumed run keeps its own).
    #[arg(long)]
    pub iterations: Option<u64>,
    /// Game pairs per iteration.
    #[arg(long, default_value_t = 1)]
    pub pairs: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of the directions, roundings and openings (default 1; a resumed
    /// run keeps its own).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The state file, written after every iteration.
    #[arg(long)]
    pub out: PathBuf,
    /// Continue the run saved in `--out`.
    #[arg(long)]
    pub resume: bool,
    /// Print a progress line every this many iterations.
    #[arg(long, default_value_t = 10)]
    pub report_every: u64,
}
