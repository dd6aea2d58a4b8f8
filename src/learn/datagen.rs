//! `timur nnue datagen`: self-play games at a fixed node count, written as
//! training records (search score and game result, side to move's view).
//!
//! Every thread plays its own games with its own single-threaded searcher
//! and table. A game's records reach the file in one write after the game
//! ends, so an interrupted run leaves only whole games behind and a new run
//! appends to the file.

use super::record::{Record, RecordResult, RecordWriter};
use crate::engine::{AnyGame, GameState, TrainableJob, VariantKind};
use crate::matches::openings::{canonical_notation, read_file};
use crate::rng::Rng;
use crate::variants::trainable::Trainable;
use crate::variants::Variant;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use timur_search::{Color, Control, Limits, MoveList, Outcome, Score, SearchJob, Searcher};

/// What a data-generation run does.
#[derive(Clone, Debug)]
pub struct DatagenSettings {
    /// chess, chess960, xiangqi or tamerlane.
    pub variant: VariantKind,
    /// Games to add to the file in this run.
    pub games: u64,
    /// Nodes per move.
    pub nodes: u64,
    /// Depth per move, on top of the node limit.
    pub depth: Option<u32>,
    /// Random legal plies played before the search takes over (after the
    /// opening, when there are openings).
    pub random_plies: u32,
    /// A file of openings (as `timur match --openings` reads them): each
    /// game starts from one of them at random instead of the start position.
    pub openings: Option<PathBuf>,
    /// Threads, each playing its own games.
    pub threads: usize,
    /// Seed of the random openings; each thread's openings come from it,
    /// the thread's number and the records already in the file (see
    /// [`thread_seed`]).
    pub seed: u64,
    /// The data file (appended to).
    pub out: PathBuf,
    /// Table size per thread, MiB.
    pub hash_mib: usize,
    /// A game still going after this many plies is drawn.
    pub max_plies: u32,
}

/// A score at or beyond this (centipawns, both sides agreeing for
/// [`RESIGN_PLIES`] plies) ends the game as a win.
const RESIGN_SCORE: i32 = 2000;
/// Plies a resignation score must hold.
const RESIGN_PLIES: u32 = 4;
/// Scores within this (centipawns) for [`DRAW_PLIES`] plies after
/// [`DRAW_FROM_PLY`] end the game as a draw.
const DRAW_SCORE: i32 = 10;
/// Plies a draw score must hold.
const DRAW_PLIES: u32 = 8;
/// First ply at which a draw may be adjudicated.
const DRAW_FROM_PLY: u32 = 80;
/// Positions scored beyond this are not recorded: the result is decided and
/// the score says little about the position.
const RECORD_SCORE_LIMIT: i32 = 3000;

/// What a run produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DatagenSummary {
    /// Games played in this run.
    pub games: u64,
    /// Records written in this run.
    pub positions: u64,
    /// Results from White's (Red's) view.
    pub white_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Black wins.
    pub black_wins: u64,
    /// Records in the file before the run.
    pub existing: u64,
}

/// Runs a data-generation session; progress goes to stderr every ten
/// seconds.
pub fn run(settings: &DatagenSettings) -> Result<DatagenSummary, String> {
    AnyGame::with_trainable(settings.variant, Datagen(settings))?
}

/// A run in the game of its variant.
struct Datagen<'a>(&'a DatagenSettings);

impl TrainableJob for Datagen<'_> {
    type Output = Result<DatagenSummary, String>;

    fn run<G: Trainable>(self, start: G) -> Self::Output {
        run_for(self.0, &start)
    }
}

struct Totals {
    games: AtomicU64,
    started: AtomicU64,
    positions: AtomicU64,
    white_wins: AtomicU64,
    draws: AtomicU64,
    black_wins: AtomicU64,
}

/// The run from `start`, the variant's start position (each game's first
/// position is its [`Trainable::self_play_start`], or the end of one of
/// the settings' openings).
fn run_for<G: Trainable>(settings: &DatagenSettings, start: &G) -> Result<DatagenSummary, String> {
    let openings = match &settings.openings {
        Some(path) => opening_states(path, settings.variant, start)?,
        None => Vec::new(),
    };
    let (writer, existing) = RecordWriter::append(&settings.out, G::RECORD_TAG)
        .map_err(|e| format!("cannot open {}: {e}", settings.out.display()))?;
    let writer = Mutex::new(writer);
    let totals = Totals {
        games: AtomicU64::new(0),
        started: AtomicU64::new(0),
        positions: AtomicU64::new(0),
        white_wins: AtomicU64::new(0),
        draws: AtomicU64::new(0),
        black_wins: AtomicU64::new(0),
    };
    let began = Instant::now();
    let (done_tx, done_rx) = mpsc::channel::<Result<(), String>>();
    let threads = settings.threads.max(1);
    let outcome = std::thread::scope(|scope| {
        for thread in 0..threads {
            let done_tx = done_tx.clone();
            let (writer, totals, openings) = (&writer, &totals, &openings);
            std::thread::Builder::new()
                .stack_size(timur_search::STACK_SIZE)
                .spawn_scoped(scope, move || {
                    let seed = thread_seed(settings.seed, existing, thread as u64);
                    let result = play_games::<G>(settings, start, openings, seed, writer, totals);
                    let _ = done_tx.send(result);
                })
                .map_err(|e| format!("cannot start a thread: {e}"))?;
        }
        drop(done_tx);
        let mut finished = 0;
        let mut first_error = None;
        while finished < threads {
            match done_rx.recv_timeout(Duration::from_secs(10)) {
                Ok(result) => {
                    finished += 1;
                    if let Err(e) = result {
                        first_error.get_or_insert(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => progress(&totals, began),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    });
    progress(&totals, began);
    outcome?;
    Ok(DatagenSummary {
        games: totals.games.load(Ordering::Relaxed),
        positions: totals.positions.load(Ordering::Relaxed),
        white_wins: totals.white_wins.load(Ordering::Relaxed),
        draws: totals.draws.load(Ordering::Relaxed),
        black_wins: totals.black_wins.load(Ordering::Relaxed),
        existing,
    })
}

fn progress(totals: &Totals, began: Instant) {
    let positions = totals.positions.load(Ordering::Relaxed);
    let seconds = began.elapsed().as_secs_f64().max(1e-3);
    eprintln!(
        "games {} positions {} ({:.0}/s) white {} draw {} black {}",
        totals.games.load(Ordering::Relaxed),
        positions,
        positions as f64 / seconds,
        totals.white_wins.load(Ordering::Relaxed),
        totals.draws.load(Ordering::Relaxed),
        totals.black_wins.load(Ordering::Relaxed),
    );
}

/// The seed of thread `thread`'s openings. The records already in the file
/// take part: play at fixed nodes is deterministic, so a run resumed with
/// the same `--seed` would otherwise replay the games it already wrote.
fn thread_seed(seed: u64, existing: u64, thread: u64) -> u64 {
    let mut rng = Rng::new(seed ^ existing.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    rng.next_u64() ^ thread.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The games at the end of each opening of the file at `path`.
fn opening_states<G: Trainable>(
    path: &Path,
    kind: VariantKind,
    start: &G,
) -> Result<Vec<GameState<G>>, String> {
    let notation = canonical_notation(kind);
    read_file(path, kind)?
        .into_iter()
        .map(|opening| {
            let first = match &opening.fen {
                Some(fen) => start.opening_position(fen)?,
                None => start.clone(),
            };
            match GameState::with_moves(first, &opening.moves, notation) {
                (state, None) => Ok(state),
                (_, Some(why)) => Err(format!("{}: {why}", path.display())),
            }
        })
        .collect()
}

/// One thread's share: games until the run's count is reached; each starts
/// from one of `openings` at random, or from the start position when there
/// are none.
fn play_games<G: Trainable>(
    settings: &DatagenSettings,
    start: &G,
    openings: &[GameState<G>],
    seed: u64,
    writer: &Mutex<RecordWriter>,
    totals: &Totals,
) -> Result<(), String> {
    let searcher = Searcher::new(settings.hash_mib, 1);
    let mut rng = Rng::new(seed);
    while totals.started.fetch_add(1, Ordering::Relaxed) < settings.games {
        searcher.clear();
        let first = if openings.is_empty() {
            GameState::new(start.self_play_start(&mut rng))
        } else {
            openings[rng.below(openings.len() as u64) as usize].clone()
        };
        let (records, white_result) = play_game(settings, &first, &searcher, &mut rng);
        writer
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .write_all(&records)
            .map_err(|e| format!("cannot write {}: {e}", settings.out.display()))?;
        totals.games.fetch_add(1, Ordering::Relaxed);
        totals
            .positions
            .fetch_add(records.len() as u64, Ordering::Relaxed);
        let counter = match white_result {
            RecordResult::Win => &totals.white_wins,
            RecordResult::Draw => &totals.draws,
            RecordResult::Loss => &totals.black_wins,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}

/// A position kept for the file, before the game's result is known.
struct Pending {
    record: Record,
    mover: Color,
}

/// Plays random opening plies (again while they end the game), then lets
/// the search play both sides. Returns the game's records and its result
/// from White's view.
fn play_game<G: Trainable>(
    settings: &DatagenSettings,
    first: &GameState<G>,
    searcher: &Searcher,
    rng: &mut Rng,
) -> (Vec<Record>, RecordResult) {
    let mut state = random_opening(settings, first, rng);
    let mut pending: Vec<Pending> = Vec::new();
    let mut resign_run = 0u32;
    let mut draw_run = 0u32;
    let mut last_white_score = 0i32;
    let white_result = loop {
        let pos = state.position();
        let ply = state.moves().len() as u32;
        if let Some(verdict) = state.verdict() {
            break for_white(verdict.winner);
        }
        if ply >= settings.max_plies {
            break RecordResult::Draw;
        }
        let limits = Limits {
            nodes: Some(settings.nodes),
            depth: settings.depth,
            ..Limits::default()
        };
        let mut job = SearchJob::new(pos.for_search(), limits);
        job.history = state.history().to_vec();
        let result = searcher.search_for_result(job, &Control::new());
        let Some(best) = result.best else {
            break from_mover(pos.no_moves_outcome(), pos.side_to_move());
        };
        let mover = pos.side_to_move();
        let cp = match result.score {
            Score::Cp(cp) => cp,
            Score::Mate { moves, .. } if moves > 0 => break win_for(mover),
            Score::Mate { moves, .. } if moves < 0 => break win_for(mover.flip()),
            Score::Mate { .. } => break RecordResult::Draw,
        };
        let white_score = if mover == Color::White { cp } else { -cp };
        if cp.abs() < RECORD_SCORE_LIMIT && !pos.in_check() && !pos.is_tactical(best) {
            let pieces = pos.placed_pieces();
            if let Ok(record) = Record::new(
                G::RECORD_TAG,
                &pieces,
                mover.index() as u8,
                cp as i16,
                RecordResult::Draw,
                ply.min(u16::MAX as u32) as u16,
            ) {
                pending.push(Pending { record, mover });
            }
        }
        resign_run = if white_score.abs() >= RESIGN_SCORE
            && white_score.signum() == last_white_score.signum()
        {
            resign_run + 1
        } else {
            u32::from(white_score.abs() >= RESIGN_SCORE)
        };
        last_white_score = white_score;
        if resign_run >= RESIGN_PLIES {
            break if white_score > 0 {
                RecordResult::Win
            } else {
                RecordResult::Loss
            };
        }
        draw_run = if ply >= DRAW_FROM_PLY && cp.abs() <= DRAW_SCORE {
            draw_run + 1
        } else {
            0
        };
        if draw_run >= DRAW_PLIES {
            break RecordResult::Draw;
        }
        state.play(best);
    };
    let records = pending
        .into_iter()
        .map(|p| {
            let mut record = p.record;
            record.result = if p.mover == Color::White {
                white_result
            } else {
                white_result.flip()
            };
            record
        })
        .collect();
    (records, white_result)
}

/// `random_plies` random legal moves from `first`; an opening that ends the
/// game is drawn again (after a few failures `first` itself is used).
fn random_opening<G: Variant>(
    settings: &DatagenSettings,
    first: &GameState<G>,
    rng: &mut Rng,
) -> GameState<G> {
    for _ in 0..16 {
        let mut state = first.clone();
        let mut ended = false;
        for _ in 0..settings.random_plies {
            let mut moves = MoveList::new();
            state.position().legal_moves(&mut moves);
            if moves.is_empty() || state.verdict().is_some() {
                ended = true;
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            state.play(mv);
        }
        if !ended && state.verdict().is_none() {
            return state;
        }
    }
    first.clone()
}

/// White's result when `winner` won (`None`: a draw).
fn for_white(winner: Option<Color>) -> RecordResult {
    match winner {
        Some(Color::White) => RecordResult::Win,
        Some(Color::Black) => RecordResult::Loss,
        None => RecordResult::Draw,
    }
}

/// White's result when `outcome` is seen from `mover`'s side.
fn from_mover(outcome: Outcome, mover: Color) -> RecordResult {
    let mover_result = match outcome {
        Outcome::Win { .. } => RecordResult::Win,
        Outcome::Loss { .. } => RecordResult::Loss,
        Outcome::Draw => RecordResult::Draw,
    };
    if mover == Color::White {
        mover_result
    } else {
        mover_result.flip()
    }
}

/// White's result when `winner` wins.
fn win_for(winner: Color) -> RecordResult {
    if winner == Color::White {
        RecordResult::Win
    } else {
        RecordResult::Loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::record::RecordReader;

    fn settings(variant: VariantKind, out: PathBuf, games: u64) -> DatagenSettings {
        DatagenSettings {
            variant,
            games,
            nodes: 300,
            depth: None,
            random_plies: 6,
            openings: None,
            threads: 2,
            seed: 11,
            out,
            hash_mib: 1,
            max_plies: 160,
        }
    }

    #[test]
    fn runs_write_whole_records_and_append() {
        let dir = std::env::temp_dir().join(format!("timur-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for variant in [VariantKind::Chess960, VariantKind::Xiangqi] {
            let out = dir.join(format!("{variant}.bin"));
            let _ = std::fs::remove_file(&out);
            let first = run(&settings(variant, out.clone(), 3)).unwrap();
            assert_eq!(first.games, 3);
            assert_eq!(first.white_wins + first.draws + first.black_wins, 3);
            assert_eq!(first.existing, 0);
            assert!(first.positions > 0, "{variant}: no positions kept");
            let second = run(&settings(variant, out.clone(), 1)).unwrap();
            assert_eq!(second.existing, first.positions);
            let records: Vec<Record> = RecordReader::open(&out)
                .unwrap()
                .map(|r| r.unwrap())
                .collect();
            assert_eq!(records.len() as u64, first.positions + second.positions);
            for record in &records {
                assert!(i32::from(record.score).abs() < RECORD_SCORE_LIMIT);
                assert!(record.placed_pieces().count() >= 2);
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_resumed_run_plays_new_games() {
        // Same seed, same file: the second run must not replay the first.
        let dir = std::env::temp_dir().join(format!("timur-datagen-s-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("resumed.bin");
        let mut one = settings(VariantKind::Chess, out.clone(), 1);
        one.threads = 1;
        let first = run(&one).unwrap();
        let second = run(&one).unwrap();
        assert!(first.positions > 0 && second.positions > 0);
        let records: Vec<Record> = RecordReader::open(&out)
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        let (a, b) = records.split_at(first.positions as usize);
        assert_ne!(a, b, "the resumed run replayed the first game");
        assert_ne!(thread_seed(1, 0, 0), thread_seed(1, 0, 1));
        assert_ne!(thread_seed(1, 0, 0), thread_seed(1, 77, 0));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn games_start_from_the_openings_file() {
        // One opening, a rook ending: every record has its three pieces
        // (none would from the start position), and its plies count on
        // from the opening's moves.
        let dir = std::env::temp_dir().join(format!("timur-datagen-o-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let book = dir.join("book.epd");
        std::fs::write(
            &book,
            "# one line\nfen 8/8/4k3/8/8/3K4/3R4/8 w - - 0 1 moves d2e2\n",
        )
        .unwrap();
        let out = dir.join("from-book.bin");
        let mut one = settings(VariantKind::Chess, out.clone(), 2);
        one.openings = Some(book.clone());
        one.random_plies = 2;
        let summary = run(&one).unwrap();
        assert!(summary.positions > 0);
        for record in RecordReader::open(&out).unwrap().map(|r| r.unwrap()) {
            assert_eq!(record.placed_pieces().count(), 3);
            assert!(record.ply >= 3, "ply {}", record.ply);
        }
        std::fs::write(&book, "startpos moves e2e5\n").unwrap();
        let err = run(&one).unwrap_err();
        assert!(err.contains("line 1") && err.contains("e2e5"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn results_are_seen_from_the_side_to_move() {
        // Every record of one game carries the game's one result: White's
        // records that result, Black's its flip.
        let dir = std::env::temp_dir().join(format!("timur-datagen-r-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("one.bin");
        let mut one = settings(VariantKind::Chess, out.clone(), 1);
        one.threads = 1;
        let summary = run(&one).unwrap();
        let white = if summary.white_wins == 1 {
            RecordResult::Win
        } else if summary.black_wins == 1 {
            RecordResult::Loss
        } else {
            RecordResult::Draw
        };
        for record in RecordReader::open(&out).unwrap().map(|r| r.unwrap()) {
            let expected = if record.side_to_move == 0 {
                white
            } else {
                white.flip()
            };
            assert_eq!(record.result, expected);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
