//! What a caller hands the search and what it gets back.

use crate::game::Game;
use crate::limits::Limits;
use crate::score::Score;
use crate::skill::Skill;
use crate::tt::Bound;
use std::time::Duration;

/// A position played before the search's root, for repetition rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// `Game::key` of that position.
    pub key: u64,
    /// Whether the side to move was in check there (the move into it gave
    /// check).
    pub in_check: bool,
}

/// One search request.
#[derive(Clone)]
pub struct SearchJob<G: Game> {
    /// The position to search.
    pub root: G,
    /// The positions before `root`, oldest first.
    pub history: Vec<HistoryEntry>,
    /// Search only these root moves (`None`: all). Ignored if it names no
    /// legal move that is not excluded.
    pub root_moves: Option<Vec<G::Move>>,
    /// Never play these root moves. If every legal move is excluded, the
    /// search returns no move and scores the root as if it had none
    /// (`Game::no_moves_outcome`).
    pub excluded: Vec<G::Move>,
    /// When to stop.
    pub limits: Limits,
    /// How many principal variations to report (at least one).
    pub multipv: usize,
    /// Time kept back from the clock for GUI and pipe latency.
    pub move_overhead: Duration,
    /// Play below full strength (`None`: full strength).
    pub skill: Option<Skill>,
}

impl<G: Game> SearchJob<G> {
    /// A job for `root` with `limits`, no history, no root restrictions, one
    /// PV, no move overhead and full strength.
    pub fn new(root: G, limits: Limits) -> SearchJob<G> {
        SearchJob {
            root,
            history: Vec::new(),
            root_moves: None,
            excluded: Vec::new(),
            limits,
            multipv: 1,
            move_overhead: Duration::ZERO,
            skill: None,
        }
    }
}

/// Where a search's progress reports go.
pub(crate) type Report<'a, M> = &'a (dyn Fn(&Info<M>) + Sync);

/// Progress of a search: one principal variation after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation, from 1.
    pub multipv: u32,
    /// Score from the side to move's view.
    pub score: Score,
    /// Whether `score` is exact or a bound.
    pub bound: Bound,
    /// Nodes of all threads so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table fill, permille.
    pub hashfull: u32,
    /// Positions answered by an endgame table ([`crate::Game::solved`]).
    pub tbhits: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The line, starting with the root move.
    pub pv: Vec<M>,
}

/// The root move the main worker starts searching (UCI `info currmove …
/// currmovenumber …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurrMove<M> {
    /// The move.
    pub mv: M,
    /// Its place in this iteration's order, from 1.
    pub number: u32,
}

/// The end of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when there is none (the game is over,
    /// or every legal move is excluded).
    pub best: Option<M>,
    /// The expected reply.
    pub ponder: Option<M>,
    /// The score of `best` from the side to move's view.
    pub score: Score,
    /// Nodes of all threads.
    pub nodes: u64,
    /// The last completed depth (0 if none).
    pub depth: u32,
}
