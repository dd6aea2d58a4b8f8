//! The `timur` binary: with no subcommand it speaks UCI, UCCI or XBoard on
//! stdin/stdout (the first command chooses); subcommands run perft, perft
//! suites and the benchmark from the shell.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use timur::cli;
use timur::engine::VariantKind;

/// A UCI/UCCI/XBoard engine for Chess, Chess960, Xiangqi, Tamerlane chess,
/// Jasir and Jarmo.
#[derive(Parser, Debug)]
#[command(name = "timur", version, about)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal-move tree (perft).
    Perft {
        /// The game: chess, chess960, xiangqi, tamerlane, jasir, jarmo.
        #[arg(long, default_value = "chess")]
        variant: VariantKind,
        /// Start from this position text (FEN, TFEN, JFEN).
        #[arg(long, conflicts_with = "startpos")]
        fen: Option<String>,
        /// Start from the variant's start position (the default).
        #[arg(long)]
        startpos: bool,
        /// Depth in plies (at most 64).
        #[arg(long, value_parser = clap::value_parser!(u32).range(..=i64::from(timur::perft::MAX_PERFT_DEPTH)))]
        depth: u32,
        /// Print the count of each root move (Stockfish's format).
        #[arg(long)]
        divide: bool,
        /// Threads (parallel over root moves).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Run a `.perft` file; exits non-zero on any mismatch, naming the
    /// position.
    PerftSuite {
        /// The `.perft` file.
        file: PathBuf,
        /// The game, for records without a `variant` line.
        #[arg(long, default_value = "chess")]
        variant: VariantKind,
        /// Skip depths above this.
        #[arg(long)]
        max_depth: Option<u32>,
        /// Skip counts above this many nodes.
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Threads (parallel over root moves).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Solve a Jasir or Jarmo position exactly (retrograde analysis over
    /// every reachable position); prints the result and a best move.
    Solve {
        /// jasir or jarmo.
        #[arg(long, default_value = "jasir")]
        variant: VariantKind,
        /// The position (JFEN); the start position if absent.
        #[arg(long)]
        fen: Option<String>,
        /// Instead of one position, solve the endgames of at most this many
        /// archers in total: Jasir, every position with at most this many
        /// living archers and no more elites than archers that died (a
        /// compact table, one byte a position); Jarmo, every position
        /// reachable from each split's home positions (archers in hand or on
        /// their own base row).
        #[arg(long)]
        archers: Option<u32>,
        /// Give up when more positions than this are reachable (about 130
        /// bytes each).
        #[arg(long, default_value_t = timur::variants::jasir::solver::DEFAULT_MAX_POSITIONS)]
        max_positions: usize,
        /// Jasir with --archers: build with the graph solver (each split's
        /// graph in memory, up to 6 archers) instead of in place; a
        /// cross-check.
        #[arg(long, requires = "archers")]
        graph: bool,
        /// Jasir with --archers and --save: seconds between checkpoints
        /// (`SAVE.partial`, from which a killed build goes on).
        #[arg(long, default_value_t = 300, requires = "archers")]
        checkpoint_seconds: u64,
        /// Save the table of solved positions here (for the `JasirTable`
        /// engine option); with `--archers`, Jasir's is a compact table.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Instead of solving, compare every position of a map-format
        /// table (OLD, e.g. from an earlier `--archers` build) with a
        /// compact table (NEW): result, distance and best move.
        #[arg(long, num_args = 2, value_names = ["OLD", "NEW"], conflicts_with_all = ["fen", "archers", "save"])]
        compare: Option<Vec<PathBuf>>,
        /// Instead of solving, count the positions of at most this many
        /// living archers per split, combinatorially: Jasir's compact
        /// index and solver keys, Jarmo's keys beside Jasir's.
        #[arg(long, conflicts_with_all = ["fen", "archers", "save", "compare"])]
        count: Option<u32>,
        /// Instead of solving, search whether this side (white or black)
        /// can force a Jasir win (proof-number search from `--fen` or the
        /// start).
        #[arg(long, conflicts_with_all = ["archers", "save", "compare", "count"])]
        prove: Option<String>,
        /// With --prove: the least margin (archers on the board) of the win.
        #[arg(long, default_value_t = 0, requires = "prove")]
        margin: u32,
        /// With --prove: a compact table answering every position it holds.
        #[arg(long, requires = "prove")]
        table: Option<PathBuf>,
        /// With --prove: most tree nodes (about 40 bytes each).
        #[arg(long, default_value_t = 50_000_000, requires = "prove")]
        max_nodes: usize,
        /// With --prove: most seconds.
        #[arg(long, default_value_t = 600, requires = "prove")]
        max_seconds: u64,
        /// Instead of solving, check random positions of this compact table
        /// against the engine's alpha-beta search (run without the table).
        #[arg(long, conflicts_with_all = ["fen", "archers", "save", "compare", "count", "prove"])]
        check: Option<PathBuf>,
        /// With --check: positions drawn.
        #[arg(long, default_value_t = 1000, requires = "check")]
        samples: usize,
        /// With --check: seed of the draw.
        #[arg(long, default_value_t = 1, requires = "check")]
        seed: u64,
        /// With --check: depth of each search.
        #[arg(long, default_value_t = 16, requires = "check")]
        depth: u32,
        /// With --check: most nodes of each search.
        #[arg(long, default_value_t = 2_000_000, requires = "check")]
        nodes: u64,
    },
    /// Search a fixed set of positions per variant to a fixed depth; the
    /// last line is `<nodes> nodes <nps> nps`.
    Bench {
        /// Only this game (default: every game).
        #[arg(long)]
        variant: Option<VariantKind>,
        /// Depth for every position (default: per game).
        #[arg(long)]
        depth: Option<u32>,
        /// Search threads (the node count is reproducible with 1).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Hash size in MiB.
        #[arg(long, default_value_t = timur::bench::DEFAULT_HASH_MIB)]
        hash: usize,
        /// Evaluate with the built-in networks (true) or the hand-written
        /// evaluations (false); default: as `UseNNUE` defaults.
        #[arg(long)]
        nnue: Option<bool>,
    },
    /// Tune a game's evaluation weights (Texel tuning): `extract`
    /// positions from games, then `fit` the weights to them.
    Tune(timur::tune::TuneArgs),
    /// Play engine-vs-engine games (UCI, UCCI, XBoard engines) refereed by
    /// timur's rules; prints a line per game and the results table.
    Match(Box<timur::matches::MatchArgs>),
    /// Play and analyse every game in the browser: serves a local page
    /// (loopback only unless `--host` says otherwise).
    Gui(timur::gui::GuiArgs),
    /// NNUE: generate training data from self-play.
    Nnue(timur::learn::NnueArgs),
    /// Syzygy endgame tables: probe positions.
    Tb(timur::tablebase::TbArgs),
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        None => {
            timur::engine::run_stdio();
            Ok(())
        }
        Some(Command::Perft {
            variant,
            fen,
            startpos: _,
            depth,
            divide,
            threads,
        }) => cli::perft(variant, fen.as_deref(), depth, divide, threads),
        Some(Command::PerftSuite {
            file,
            variant,
            max_depth,
            max_nodes,
            threads,
        }) => cli::perft_suite(&file, variant, max_depth, max_nodes, threads),
        Some(Command::Solve {
            compare: Some(files),
            ..
        }) => timur::solve::run_compare(&files[0], &files[1]),
        Some(Command::Solve {
            variant,
            check: Some(path),
            samples,
            seed,
            depth,
            nodes,
            ..
        }) => match timur::solve::rules_of(variant) {
            Some(timur::variants::jasir::Rules::Jasir) => timur::solve_check::run_check(
                &path,
                &timur::variants::jasir::solver::check::CheckOptions {
                    samples,
                    seed,
                    depth,
                    nodes,
                    hash_mib: 16,
                },
            ),
            _ => Err(format!("--check reads jasir tables, not {variant}")),
        },
        Some(Command::Solve {
            variant,
            fen,
            prove: Some(side),
            margin,
            table,
            max_nodes,
            max_seconds,
            ..
        }) => match timur::solve::rules_of(variant) {
            Some(timur::variants::jasir::Rules::Jasir) => {
                timur::solve_prove::run_prove(&timur::solve_prove::ProveArgs {
                    fen: fen.as_deref(),
                    side: &side,
                    margin,
                    table: table.as_deref(),
                    max_nodes,
                    max_seconds,
                })
            }
            _ => Err(format!("--prove searches jasir, not {variant}")),
        },
        Some(Command::Solve {
            variant,
            count: Some(archers),
            ..
        }) => timur::solve::rules_of(variant)
            .ok_or_else(|| format!("`timur solve` counts jasir and jarmo, not {variant}"))
            .and_then(|rules| timur::solve_count::run_count(rules, archers)),
        Some(Command::Solve {
            variant,
            fen,
            archers,
            max_positions,
            graph,
            checkpoint_seconds,
            save,
            compare: None,
            count: None,
            check: None,
            ..
        }) => timur::solve::run(
            variant,
            fen.as_deref(),
            archers,
            &timur::solve::EndgameOptions {
                max_positions,
                graph,
                checkpoint_seconds,
            },
            save.as_deref(),
        ),
        Some(Command::Bench {
            variant,
            depth,
            threads,
            hash,
            nnue,
        }) => {
            if let Some(on) = nnue {
                timur::nnue::active::set_enabled(on);
            }
            timur::bench::run(variant, depth, threads, hash)
        }
        .map(|(nodes, nps)| println!("{}", timur::bench::summary(nodes, nps))),
        Some(Command::Tune(args)) => timur::tune::run(&args),
        Some(Command::Match(args)) => timur::matches::run_cli(&args),
        Some(Command::Gui(args)) => timur::gui::run(&args),
        Some(Command::Nnue(args)) => timur::learn::run(&args),
        Some(Command::Tb(args)) => timur::tablebase::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::FAILURE
        }
    }
}
