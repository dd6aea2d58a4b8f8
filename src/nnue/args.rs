//! The command line of `timur nnue`.

use super::datagen::DatagenSettings;
use crate::engine::VariantKind;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// `timur nnue`: training data and networks.
#[derive(Args, Debug, Clone)]
pub struct NnueArgs {
    /// The step to run.
    #[command(subcommand)]
    pub command: NnueCommand,
}

/// The steps of making a network.
#[derive(Subcommand, Debug, Clone)]
pub enum NnueCommand {
    /// Play self-play games and append their scored positions to a data
    /// file (40-byte records).
    Datagen(DatagenArgs),
}

/// `timur nnue datagen`.
#[derive(Args, Debug, Clone)]
pub struct DatagenArgs {
    /// chess, chess960 or xiangqi.
    #[arg(long, default_value = "chess")]
    pub variant: VariantKind,
    /// Games to add in this run.
    #[arg(long)]
    pub games: u64,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Depth per move, on top of the node limit.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Random legal plies before the search takes over.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Threads, each playing its own games.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The data file (appended to; created if missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Hash per thread, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Games still going after this many plies are drawn.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
}

impl DatagenArgs {
    /// The run these arguments ask for.
    pub fn settings(&self) -> DatagenSettings {
        DatagenSettings {
            variant: self.variant,
            games: self.games,
            nodes: self.nodes.max(1),
            depth: self.depth,
            random_plies: self.random_plies,
            threads: self.threads.max(1),
            seed: self.seed,
            out: self.out.clone(),
            hash_mib: self.hash.max(1),
            max_plies: self.max_plies,
        }
    }
}
