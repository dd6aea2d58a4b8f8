//! The session: the current variant, game and options, and the search that
//! runs off the stdin thread. The protocol loops ([`uci`], [`ucci`],
//! [`xboard`]) translate their commands into calls on [`Engine`], Stockfish's
//! "engine façade" idea: one core, three dialects.

mod game;
mod input;
mod kind;
mod memory;
pub mod options;
pub mod output;
mod perft_thread;
mod search_thread;
mod state;
pub mod strength;
pub mod ucci;
pub mod uci;
pub mod wdl;
pub mod xboard;

pub use game::{AnyGame, TrainableJob};
pub use kind::VariantKind;
pub use perft_thread::{PerftEvent, PerftEvents};
pub use state::GameState;
pub use strength::Strength;

use search_thread::{first_legal_move, parse_moves, SearchThread};
use wdl::WdlModel;

use crate::rng::Rng;
use crate::variants::chess::syzygy::{self, Syzygy};
use crate::variants::jasir::solved::{self, SolvedTables};
use crate::variants::table_root::TableRoot;
use crate::variants::{Notation, Variant};
use crate::with_game;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use timur_search::{Bound, Control, HistoryEntry, Limits, Score, SearchJob, Searcher};

/// Engine options shared by all protocols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Search threads (Lazy SMP workers).
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Time kept back per move for GUI and pipe latency.
    pub move_overhead: Duration,
    /// Principal variations to report.
    pub multipv: usize,
    /// `UCI_Chess960`: chess is played with 960 castling and notation.
    pub chess960: bool,
    /// Xiangqi ranks 1..10 on the wire instead of 0..9.
    pub ranks_from_one: bool,
    /// UCCI `usemillisec`: clock values are milliseconds (else seconds).
    pub use_millisec: bool,
    /// `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`.
    pub strength: Strength,
    /// `UCI_ShowWDL`: reports carry win/draw/loss chances.
    pub show_wdl: bool,
}

impl Options {
    /// The options before any `setoption` (the defaults the option table
    /// declares).
    pub const DEFAULT: Options = Options {
        threads: 1,
        hash_mib: 16,
        move_overhead: Duration::from_millis(10),
        multipv: 1,
        chess960: false,
        ranks_from_one: false,
        use_millisec: true,
        strength: Strength::DEFAULT,
        show_wdl: false,
    };
}

impl Default for Options {
    fn default() -> Self {
        Options::DEFAULT
    }
}

/// What a search reports, with moves already written as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextInfo {
    /// Completed depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Which principal variation (1-based).
    pub multipv: u32,
    /// Score from the side to move's view.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table fill, permille.
    pub hashfull: u32,
    /// Positions answered by an endgame table.
    pub tbhits: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Win, draw and loss chances per mille, under `UCI_ShowWDL` in games
    /// with a [`wdl`] model.
    pub wdl: Option<[u32; 3]>,
}

/// The end of a search: the move to play (none when there is no legal move)
/// and the expected reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextBest {
    /// The move to play.
    pub best: Option<String>,
    /// The reply the engine expects (for pondering).
    pub ponder: Option<String>,
    /// The final score.
    pub score: Score,
}

/// An event of a running search, handed to the protocol that started it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// Progress.
    Info(TextInfo),
    /// The root move being searched (after a second of search).
    CurrMove {
        /// The move.
        mv: String,
        /// Its place in the iteration's order, from 1.
        number: u32,
    },
    /// The search is over.
    Done(TextBest),
}

/// A transposition-table entry with its move as text ([`Engine::probe`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProbeText {
    /// The stored move, if legal in the probed position.
    pub best: Option<String>,
    /// Score, bound and depth, if the position is in the table.
    pub known: Option<(Score, Bound, u32)>,
}

/// A `go`: limits plus root-move restrictions, moves as text.
#[derive(Clone, Debug, Default)]
pub struct GoRequest {
    /// Depth, nodes, time, …
    pub limits: Limits,
    /// Search only these root moves (UCI `searchmoves`).
    pub searchmoves: Vec<String>,
    /// Never play these root moves (UCCI `banmoves`).
    pub banmoves: Vec<String>,
}

/// The job running off the protocol loop: a search or a perft.
struct RunningSearch {
    control: Arc<Control>,
    handle: JoinHandle<()>,
}

/// The engine behind every protocol.
pub struct Engine {
    kind: VariantKind,
    game: AnyGame,
    options: Options,
    searcher: Arc<Searcher>,
    running: Option<RunningSearch>,
    /// Seeds each weakened search's random choice.
    skill_rng: Rng,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine set to orthodox chess at the start position.
    pub fn new() -> Engine {
        let options = Options::default();
        let kind = VariantKind::default();
        let game = AnyGame::start(kind);
        Engine {
            kind,
            searcher: Arc::new(Searcher::new(options.hash_mib, options.threads)),
            game,
            options,
            running: None,
            skill_rng: Rng::new(strength::seed_or_clock(0)),
        }
    }

    /// The variant being played, with `UCI_Chess960` folded in.
    pub fn kind(&self) -> VariantKind {
        self.kind.with_chess960(self.options.chess960)
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The game in progress.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Move notation for the current variant and options.
    pub fn notation(&self) -> Notation {
        Notation {
            king_takes_rook: self.kind().king_takes_rook(),
            ranks_from_one: self.options.ranks_from_one,
        }
    }

    /// Switches the variant and resets the game to its start position.
    pub fn set_variant(&mut self, kind: VariantKind) -> Result<(), String> {
        self.stop_and_wait();
        self.kind = kind;
        self.game = AnyGame::start(self.kind());
        Ok(())
    }

    /// Sets `UCI_Chess960`; a chess game restarts from the start position.
    pub fn set_chess960(&mut self, on: bool) {
        self.stop_and_wait();
        self.options.chess960 = on;
        // Only a game the option turns into another one restarts.
        if self.kind.with_chess960(on) != self.kind.with_chess960(!on) {
            self.game = AnyGame::start(self.kind());
        }
    }

    /// Sets UCCI's time unit: milliseconds (true) or seconds.
    pub fn set_use_millisec(&mut self, on: bool) {
        self.options.use_millisec = on;
    }

    /// Sets the xiangqi rank convention.
    pub fn set_ranks_from_one(&mut self, on: bool) {
        self.options.ranks_from_one = on;
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.stop_and_wait();
        self.options.threads = threads.max(1);
        self.searcher.set_threads(self.options.threads);
    }

    /// Sets the transposition table size, lowered to what the machine can
    /// spare ([`memory::hash_limit_mib`]; Ok then holds a note saying so).
    /// If the memory cannot be had, the old table stays.
    pub fn set_hash(&mut self, mib: usize) -> Result<Option<String>, String> {
        self.stop_and_wait();
        let wanted = mib.max(1);
        let current = self.options.hash_mib;
        let limit = memory::hash_limit_mib(current);
        let granted = limit.map_or(wanted, |limit| wanted.min(limit));
        self.searcher
            .set_hash(granted)
            .map_err(|why| format!("{why}; the {current} MiB table is kept"))?;
        self.options.hash_mib = granted;
        Ok((granted < wanted).then(|| {
            format!("Hash {wanted} MiB is more than this machine can spare (3/4 of its available memory); using {granted} MiB")
        }))
    }

    /// Loads tables of solved positions (`timur solve --save` files,
    /// separated as in `PATH`), which the search probes from then on; an
    /// empty list (or `<empty>`) drops them. Ok says what was loaded; on
    /// error the tables loaded before stay.
    pub fn set_solve_tables(&mut self, list: &str) -> Result<Option<String>, String> {
        let list = list.trim();
        if list.is_empty() || list == "<empty>" {
            solved::set_active(None);
            return Ok(None);
        }
        let tables = SolvedTables::load(list)?;
        let (files, positions) = tables.counts();
        solved::set_active(Some(Arc::new(tables)));
        Ok(Some(format!(
            "{files} solved table(s), {positions} positions loaded"
        )))
    }

    /// Loads the Syzygy tables of the folders in `list` (separated as in
    /// `PATH`); an empty list (or `<empty>`) drops them. Ok says what was
    /// found; on error no tables are loaded.
    pub fn set_syzygy_path(&mut self, list: &str) -> Result<Option<String>, String> {
        self.stop_and_wait();
        // The prober holds one set at a time: the old one goes first.
        syzygy::set_active(None);
        let list = list.trim();
        if list.is_empty() || list == "<empty>" {
            return Ok(None);
        }
        let (tables, report) = Syzygy::load(list)?;
        syzygy::set_active(Some(Arc::new(tables)));
        Ok(Some(report))
    }

    /// Changes the Syzygy probing settings with `change`.
    pub fn set_syzygy_settings(&mut self, change: impl FnOnce(&mut syzygy::Settings)) {
        let mut settings = syzygy::settings();
        change(&mut settings);
        syzygy::set_settings(settings);
    }

    /// Sets the move overhead.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.options.move_overhead = overhead;
    }

    /// Sets the number of principal variations.
    pub fn set_multipv(&mut self, lines: usize) {
        self.options.multipv = lines.max(1);
    }

    /// Sets the playing strength (`Skill Level`, `UCI_LimitStrength`,
    /// `UCI_Elo`).
    pub fn set_strength(&mut self, strength: Strength) {
        self.options.strength = strength;
    }

    /// Restarts the weakened searches' random choices from `seed` (0: from
    /// the clock).
    pub fn set_skill_seed(&mut self, seed: u64) {
        self.skill_rng = Rng::new(strength::seed_or_clock(seed));
    }

    /// Sets `UCI_ShowWDL`.
    pub fn set_show_wdl(&mut self, on: bool) {
        self.options.show_wdl = on;
    }

    /// Clears the transposition table and histories.
    pub fn clear_hash(&mut self) {
        self.stop_and_wait();
        self.searcher.clear();
    }

    /// A new game: stops any search, clears the hash, resets the position.
    pub fn new_game(&mut self) {
        self.clear_hash();
        let kind = self.kind();
        self.game = AnyGame::start(kind);
    }

    /// Sets the position from a start (`None` = the variant's start position)
    /// and a move list. A bad position text changes nothing; a bad move keeps
    /// the moves before it. Either way the error names the bad token. Ok
    /// holds notes on what was repaired (a castling right without its rook
    /// dropped).
    pub fn set_position<S: AsRef<str>>(
        &mut self,
        fen: Option<&str>,
        moves: &[S],
    ) -> Result<Vec<String>, String> {
        self.stop_and_wait();
        let kind = self.kind();
        let (start, notes) = match fen {
            Some(text) => AnyGame::from_fen_noting(kind, text)
                .map_err(|why| format!("invalid position `{text}`: {why}"))?,
            None => (AnyGame::start(kind), Vec::new()),
        };
        let notation = self.notation();
        let (game, bad_move) = with_game!(start, state => {
            let (state, bad_move) = GameState::with_moves(state.position().clone(), moves, notation);
            (AnyGame::from(state), bad_move)
        });
        self.game = game;
        bad_move.map_or(Ok(notes), Err)
    }

    /// Plays one move on the current game (XBoard `usermove`).
    pub fn play_move(&mut self, text: &str) -> Result<(), String> {
        self.stop_and_wait();
        let notation = self.notation();
        with_game!(&mut self.game, state => state.play_text(text, notation).map(|_| ()))
    }

    /// Takes back the last move; false if there is none.
    pub fn undo_move(&mut self) -> bool {
        self.stop_and_wait();
        with_game!(&mut self.game, state => state.undo())
    }

    /// The static evaluation of the current position as a table of its
    /// main terms per side, then the final value (the `eval` command).
    pub fn eval_text(&self) -> String {
        with_game!(&self.game, state => state.position().eval_table().to_string())
    }

    /// `bench` inside a protocol loop: stops any search, then runs what
    /// `timur bench` runs (every game, one thread, 16 MiB) and returns
    /// `(nodes, nps)`; the session's own table and options are untouched.
    pub fn bench(&mut self) -> Result<(u64, u64), String> {
        self.stop_and_wait();
        crate::bench::run(None, None, 1, crate::bench::DEFAULT_HASH_MIB)
    }

    /// The board picture and position text of the current position.
    pub fn display(&self) -> String {
        with_game!(&self.game, state => state.position().pretty())
    }

    /// What the transposition table knows of a position given like
    /// `position` (UCCI `probe`); the current game is not changed.
    pub fn probe<S: AsRef<str>>(
        &mut self,
        fen: Option<&str>,
        moves: &[S],
    ) -> Result<ProbeText, String> {
        self.stop_and_wait();
        let kind = self.kind();
        let start = match fen {
            Some(text) => AnyGame::from_fen(kind, text)
                .map_err(|why| format!("invalid position `{text}`: {why}"))?,
            None => AnyGame::start(kind),
        };
        let notation = self.notation();
        let searcher = Arc::clone(&self.searcher);
        with_game!(start, state => {
            let (state, bad_move) = GameState::with_moves(state.position().clone(), moves, notation);
            if let Some(why) = bad_move {
                return Err(why);
            }
            let pos = state.position();
            Ok(match searcher.probe(pos) {
                None => ProbeText::default(),
                Some(found) => ProbeText {
                    best: found.best.map(|mv| pos.format_move(mv, notation)),
                    known: Some((found.score, found.bound, found.depth)),
                },
            })
        })
    }

    /// The number of moves (plies) played since the game's start position
    /// (the last `position`, `setboard` or new game).
    pub fn plies_played(&self) -> usize {
        with_game!(&self.game, state => state.moves().len())
    }

    /// The side to move in the current position.
    pub fn side_to_move(&self) -> timur_search::Color {
        with_game!(&self.game, state => timur_search::Game::side_to_move(state.position()))
    }

    /// `<result> (<reason>)` when the rules have ended the game in the
    /// current position (`1/2-1/2 (Draw by 50-move rule)`, `1-0 (White
    /// wins 2-0)`): what UCI and UCCI print after `info string game over:`;
    /// `None` while the game goes on.
    pub fn game_over_text(&self) -> Option<String> {
        self.game
            .verdict()
            .map(|verdict| format!("{} ({verdict})", verdict.result_text()))
    }

    /// The position text of the current position.
    pub fn fen(&self) -> String {
        with_game!(&self.game, state => state.position().to_fen())
    }

    /// Starts perft split by root move on its own thread (`depth` at most
    /// [`crate::perft::MAX_PERFT_DEPTH`]); `events` receives the root moves
    /// in generation order and the total, or that [`Engine::stop`] ended
    /// it. A running search is stopped first (its `bestmove` comes before
    /// the divide). The error says why no thread could be started.
    pub fn perft(&mut self, depth: u32, events: PerftEvents) -> Result<(), String> {
        self.stop_and_wait();
        let depth = depth.min(crate::perft::MAX_PERFT_DEPTH);
        let notation = self.notation();
        let threads = self.options.threads;
        let control = Arc::new(Control::new());
        let thread_control = Arc::clone(&control);
        let spawned = with_game!(&self.game, state => {
            perft_thread::spawn(state.position().clone(), depth, threads, notation, thread_control, events)
        });
        let handle = spawned.map_err(|why| format!("cannot start the perft thread: {why}"))?;
        self.running = Some(RunningSearch { control, handle });
        Ok(())
    }

    /// Whether a search (or a perft) is running.
    pub fn is_searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.handle.is_finished())
    }

    /// Starts a search on its own thread; `events` receives its progress and
    /// its result (exactly one [`SearchEvent::Done`], whatever goes wrong). A
    /// running search is stopped first. Unparsable or illegal
    /// `searchmoves`/`banmoves` are left out; the returned notes say which
    /// (and anything else the caller should report).
    pub fn go(
        &mut self,
        request: GoRequest,
        events: Arc<dyn Fn(SearchEvent) + Send + Sync>,
    ) -> Vec<String> {
        self.stop_and_wait();
        let unrestricted = request.searchmoves.is_empty() && request.banmoves.is_empty();
        let answers_at_once = !request.limits.infinite && !request.limits.ponder;
        let skill = self.options.strength.skill(&mut self.skill_rng);
        let wdl_model = self
            .options
            .show_wdl
            .then(|| self.kind().wdl_model())
            .flatten();
        // A weakened engine searches even a solved position.
        if unrestricted
            && answers_at_once
            && skill.is_none()
            && self.answer_solved(wdl_model, &*events)
        {
            return Vec::new();
        }
        let control = Arc::new(Control::new());
        let searcher = Arc::clone(&self.searcher);
        let notation = self.notation();
        let multipv = self.options.multipv;
        let move_overhead = self.options.move_overhead;
        let thread_control = Arc::clone(&control);
        let mut notes = Vec::new();
        let spawned = with_game!(&self.game, state => {
            let pos = state.position();
            let wanted = parse_moves(pos, &request.searchmoves, "searchmoves", notation, &mut notes);
            let excluded = parse_moves(pos, &request.banmoves, "banmoves", notation, &mut notes);
            let mut root = pos.for_search();
            let table = table_root(&mut root, state.history(), &wanted);
            let root_moves = match &table {
                Some(table) => Some(table.moves.clone()),
                None => (!wanted.is_empty()).then_some(wanted),
            };
            let job = SearchJob {
                root,
                history: state.history().to_vec(),
                root_moves,
                excluded,
                limits: request.limits,
                multipv,
                move_overhead,
                skill,
            };
            let first_legal = first_legal_move(pos, notation);
            let table = table.map(|table| (table.score, table.probes));
            let thread = SearchThread { searcher, control: thread_control, events: Arc::clone(&events), notation, wdl_model, table };
            thread
                .spawn(state.clone(), job)
                .map_err(|why| (format!("cannot start the search thread: {why}; playing the first legal move"), first_legal))
        });
        match spawned {
            Ok(handle) => self.running = Some(RunningSearch { control, handle }),
            Err((why, first_legal)) => {
                notes.push(why);
                events(SearchEvent::Done(TextBest {
                    best: first_legal,
                    ponder: None,
                    score: Score::Cp(0),
                }));
            }
        }
        notes
    }

    /// Answers `go` from the loaded solved tables when the position is in it: one
    /// info line and the move, as a search would; false when it is not.
    fn answer_solved(&self, wdl_model: Option<WdlModel>, events: &dyn Fn(SearchEvent)) -> bool {
        let Some((best, score, plies)) = self.game.solved_answer(self.notation()) else {
            return false;
        };
        events(SearchEvent::Info(TextInfo {
            depth: plies.max(1),
            seldepth: plies.max(1),
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 0,
            nps: 0,
            hashfull: 0,
            tbhits: 1,
            time: Duration::ZERO,
            pv: vec![best.clone()],
            wdl: wdl_model.map(|model| model.wdl(score)),
        }));
        events(SearchEvent::Done(TextBest {
            best: Some(best),
            ponder: None,
            score,
        }));
        true
    }

    /// Asks a running search to stop (it still reports its move).
    pub fn stop(&self) {
        if let Some(running) = &self.running {
            running.control.stop();
        }
    }

    /// Tells a pondering search that the expected move was played.
    pub fn ponderhit(&self) {
        if let Some(running) = &self.running {
            running.control.ponderhit();
        }
    }

    /// Waits for a running search to finish, without stopping it.
    pub fn wait(&mut self) {
        if let Some(running) = self.running.take() {
            let _ = running.handle.join();
        }
    }

    /// Stops a running search and waits for it.
    pub fn stop_and_wait(&mut self) {
        self.stop();
        self.wait();
    }
}

/// The endgame tables' choice of root moves for `root`, kept to the
/// `searchmoves` among them when the GUI named some (`None` when none of
/// those is kept: the GUI's choice is searched as asked).
fn table_root<G: Variant>(
    root: &mut G,
    history: &[HistoryEntry],
    wanted: &[G::Move],
) -> Option<TableRoot<G::Move>> {
    let mut table = root.rank_root_by_tables(history)?;
    if !wanted.is_empty() {
        table.moves.retain(|mv| wanted.contains(mv));
    }
    (!table.moves.is_empty()).then_some(table)
}

/// Runs the engine on stdin/stdout: the first command chooses the protocol
/// (`ucci` starts UCCI, `xboard` starts XBoard/CECP; `uci`, or any other
/// UCI command, starts UCI).
pub fn run_stdio() {
    let mut engine = Engine::new();
    let mut first = None;
    {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        while let Some(line) = input::read_line(&mut input) {
            if !line.trim().is_empty() {
                first = Some(line);
                break;
            }
        }
    }
    match first {
        Some(line) if line.trim().eq_ignore_ascii_case("xboard") => xboard::run(&mut engine, line),
        Some(line)
            if line
                .split_whitespace()
                .next()
                .is_some_and(|w| w.eq_ignore_ascii_case("ucci")) =>
        {
            ucci::run(&mut engine, line, &mut std::io::stdin().lock())
        }
        Some(line) => uci::run(&mut engine, Some(line), &mut std::io::stdin().lock()),
        None => {}
    }
}
