//! The command line of `timur nnue`.

use super::compare::CompareSettings;
use super::datagen::DatagenSettings;
use super::loss::LossSettings;
use super::relabel::RelabelSettings;
use super::train::TrainSettings;
use crate::engine::VariantKind;
use crate::nnue::features::{FeatureSet, Features};
use crate::nnue::network::{valid_hidden, HIDDEN_STEP, MAX_BUCKETS, MAX_HIDDEN};
use crate::variants::chess::Chess;
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
    /// file (40-byte records; Tamerlane's: a headed file of 80-byte ones).
    Datagen(DatagenArgs),
    /// Train a network on data files and write it (quantised).
    Train(TrainArgs),
    /// Score a data file's positions again with an outside UCI engine at a
    /// fixed depth, keeping the games' results (chess and xiangqi: no
    /// outside engine plays Tamerlane).
    Relabel(RelabelArgs),
    /// Write a network with its output multiplied by a factor (to bring its
    /// centipawns to the scale the search's margins are tuned for).
    Scale(ScaleArgs),
    /// Compare a network with the hand-written evaluation and the labels
    /// on a data file's positions, and print the factor for `scale`.
    Compare(CompareArgs),
    /// A network's loss on data files (held-out games): against their
    /// scores, their games' results, and the results at the output scale
    /// that fits them best.
    Loss(LossArgs),
    /// Write a chess data file's records as bullet's ChessBoard records
    /// (32 bytes each, side to move's view), for the bullet GPU trainer.
    ExportBullet(ExportBulletArgs),
    /// Read a chess network bullet saved for timur's architecture
    /// (docs/nnue.md) and write it as a timur network file.
    ImportBullet(ImportBulletArgs),
}

/// `timur nnue export-bullet`.
#[derive(Args, Debug, Clone)]
pub struct ExportBulletArgs {
    /// A chess data file written by `timur nnue datagen` or `relabel`.
    #[arg(long)]
    pub data: PathBuf,
    /// The bullet data file to write (created anew).
    #[arg(long)]
    pub out: PathBuf,
}

/// `timur nnue import-bullet`.
#[derive(Args, Debug, Clone)]
pub struct ImportBulletArgs {
    /// bullet's quantised.bin (saved as docs/nnue.md says).
    #[arg(long)]
    pub net: PathBuf,
    /// Hidden neurons per perspective the network was trained with.
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// Its MaterialCount output buckets (1, 2, 4, 8 or 16).
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,
    /// Trained with `ChessBuckets` and timur's king-bucket layout (6144
    /// inputs) instead of `Chess768`.
    #[arg(long)]
    pub king_buckets: bool,
    /// With `--king-buckets`: a factoriser beside the buckets, one column
    /// of weights per plain feature shared by its copies in every bucket
    /// (bullet's `l0f`), so a bucket whose king squares are rare in the
    /// data still learns what the others learn; folded into the buckets
    /// when the network is written (the file is the same shape).
    #[arg(long)]
    pub factoriser: bool,
    /// The timur network file to write.
    #[arg(long)]
    pub out: PathBuf,
}

impl ImportBulletArgs {
    /// The chess feature set the network was trained with.
    pub fn features(&self) -> FeatureSet {
        if self.king_buckets {
            Chess::BUCKETED.expect("chess has a king-bucketed feature set")
        } else {
            Chess::FEATURES
        }
    }
}

/// `timur nnue compare`.
#[derive(Args, Debug, Clone)]
pub struct CompareArgs {
    /// The network file.
    #[arg(long)]
    pub net: PathBuf,
    /// A data file of the network's game.
    #[arg(long)]
    pub data: PathBuf,
    /// Positions compared, spread evenly over the file.
    #[arg(long, default_value_t = 3000)]
    pub count: usize,
}

impl CompareArgs {
    /// The comparison these arguments ask for.
    pub fn settings(&self) -> CompareSettings {
        CompareSettings {
            net: self.net.clone(),
            data: self.data.clone(),
            count: self.count,
        }
    }
}

/// `timur nnue loss`.
#[derive(Args, Debug, Clone)]
pub struct LossArgs {
    /// The network file.
    #[arg(long)]
    pub net: PathBuf,
    /// Data files of the network's game (games it was not trained on).
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Use at most this many positions (0 = all).
    #[arg(long, default_value_t = 0)]
    pub max_positions: usize,
}

impl LossArgs {
    /// The measurement these arguments ask for.
    pub fn settings(&self) -> LossSettings {
        LossSettings {
            net: self.net.clone(),
            data: self.data.clone(),
            max_positions: self.max_positions,
        }
    }
}

/// `timur nnue scale`.
#[derive(Args, Debug, Clone)]
pub struct ScaleArgs {
    /// The network file to read.
    #[arg(long)]
    pub net: PathBuf,
    /// The factor its evaluations are multiplied by.
    #[arg(long)]
    pub factor: f64,
    /// The network file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// `timur nnue relabel`.
#[derive(Args, Debug, Clone)]
pub struct RelabelArgs {
    /// The UCI engine that scores (e.g. /usr/games/stockfish).
    #[arg(long)]
    pub engine: PathBuf,
    /// Engine options as NAME=VALUE, sent with `setoption`.
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Depth of each search.
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
    /// The data file to score.
    #[arg(long)]
    pub data: PathBuf,
    /// The data file the rescored records are appended to.
    #[arg(long)]
    pub out: PathBuf,
    /// Engine processes side by side.
    #[arg(long, default_value_t = 1)]
    pub processes: usize,
    /// Records of --data to skip first (to resume).
    #[arg(long, default_value_t = 0)]
    pub start: u64,
    /// At most this many records.
    #[arg(long)]
    pub count: Option<u64>,
    /// Positions scored at or beyond this many centipawns, or mates, are dropped.
    #[arg(long, default_value_t = 3000)]
    pub max_score: i32,
    /// The engine's centipawns are multiplied by this (timur's own scale).
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
}

impl RelabelArgs {
    /// The run these arguments ask for.
    pub fn settings(&self) -> Result<RelabelSettings, String> {
        let options = self
            .options
            .iter()
            .map(|pair| {
                pair.split_once('=')
                    .map(|(n, v)| (n.to_string(), v.to_string()))
                    .ok_or_else(|| format!("--option {pair}: expected NAME=VALUE"))
            })
            .collect::<Result<_, _>>()?;
        Ok(RelabelSettings {
            engine: self.engine.clone(),
            options,
            depth: self.depth.max(1),
            data: self.data.clone(),
            out: self.out.clone(),
            processes: self.processes.max(1),
            start: self.start,
            count: self.count,
            max_score: self.max_score,
            scale: self.scale,
        })
    }
}

/// `timur nnue train`.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// chess (also for Chess960), xiangqi or tamerlane.
    #[arg(long, default_value = "chess")]
    pub variant: VariantKind,
    /// Data files written by `timur nnue datagen`.
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Hidden neurons per perspective: a multiple of 16 up to 1024.
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// Output buckets by the number of pieces on the board (1 to 16).
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,
    /// Inputs by king bucket: the game's bucketed feature set (chess:
    /// 8 buckets by the own king's square, those of files e–h the mirror
    /// images of those of a–d, the board not mirrored; xiangqi: 6
    /// by the own general's palace point, file f mirrored; refused for
    /// Tamerlane). `--init` may name the game's plain network: it starts
    /// in every bucket.
    #[arg(long)]
    pub king_buckets: bool,
    /// With `--king-buckets`: a factoriser beside the buckets, one column
    /// of weights per plain feature shared by its copies in every bucket
    /// (bullet's `l0f`), so a bucket whose king squares are rare in the
    /// data still learns what the others learn; folded into the buckets
    /// when the network is written (the file is the same shape).
    #[arg(long)]
    pub factoriser: bool,
    /// Passes over the data.
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's learning rate.
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Weight of the search score in the target; the rest is the result.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Share of positions held out for validation (whole games).
    #[arg(long, default_value_t = 0.05)]
    pub validation: f32,
    /// Use at most this many positions (0 = all).
    #[arg(long, default_value_t = 0)]
    pub max_positions: usize,
    /// Also train on each training position mirrored along the centre file
    /// (refused for Tamerlane, whose citadels have no mirror images).
    #[arg(long)]
    pub mirror: bool,
    /// Seed of the initial weights and shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The network file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Start from this network file instead of random weights: the same
    /// inputs and output buckets (a one-bucket network starts every output
    /// bucket as itself), as wide or narrower (a narrower one is
    /// widened to `--hidden` with new neurons whose output weights start at
    /// zero, so the run starts from the same evaluations); an output scaled
    /// with `timur nnue scale` is best scaled back first.
    #[arg(long)]
    pub init: Option<PathBuf>,
}

impl TrainArgs {
    /// The run these arguments ask for.
    pub fn settings(&self) -> Result<TrainSettings, String> {
        if !valid_hidden(self.hidden) {
            return Err(format!(
                "--hidden {}: a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN}",
                self.hidden
            ));
        }
        if !(1..=MAX_BUCKETS).contains(&self.buckets) {
            return Err(format!("--buckets {}: 1 to {MAX_BUCKETS}", self.buckets));
        }
        Ok(TrainSettings {
            variant: self.variant,
            hidden: self.hidden,
            buckets: self.buckets,
            bucketed: self.king_buckets,
            factoriser: self.factoriser,
            data: self.data.clone(),
            epochs: self.epochs.max(1),
            batch: self.batch.max(1),
            lr: self.lr,
            lambda: self.lambda.clamp(0.0, 1.0),
            validation: self.validation.clamp(0.0, 0.5),
            max_positions: self.max_positions,
            mirror: self.mirror,
            seed: self.seed,
            out: self.out.clone(),
            init: self.init.clone(),
        })
    }
}

/// `timur nnue datagen`.
#[derive(Args, Debug, Clone)]
pub struct DatagenArgs {
    /// chess, chess960, xiangqi or tamerlane.
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
    /// Random legal plies before the search takes over (after the opening,
    /// with --openings).
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// A file of openings (`.epd`/`.fen` lines or `startpos moves …`, as
    /// `timur match --openings`): each game starts from one at random.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Threads, each playing its own games.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the random openings (mixed with the number of records
    /// already in the file, so a resumed run plays new games).
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
    /// A network file to play with (as `EvalFile`); without it the game's
    /// network as the engine starts (the embedded one, if on by default).
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
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
            openings: self.openings.clone(),
            threads: self.threads.max(1),
            seed: self.seed,
            out: self.out.clone(),
            hash_mib: self.hash.max(1),
            max_plies: self.max_plies,
        }
    }
}
