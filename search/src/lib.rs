//! `timur-search`: game-agnostic search for the `timur` engine.
//!
//! Everything here is generic over the [`Game`] trait, which each game of
//! `timur` implements in the root crate. This crate never names a game.
//!
//! [`Searcher::search`] runs iterative deepening PVS with aspiration windows,
//! quiescence, a shared lock-free transposition table, null-move pruning,
//! late move reductions, futility pruning and check extensions, on `Threads`
//! Lazy SMP workers; the game's rules decide every finished game through
//! [`Game::rule_outcome`], [`Game::no_moves_outcome`] and
//! [`Game::repetition_outcome`].
//!
//! Conventions:
//! - A decided game is ranked by its [`Outcome`] margin first and its length
//!   second: the winner prefers the larger margin, then the faster win; the
//!   loser (negamax is zero-sum) the smaller margin, then the longer
//!   resistance. [`Score::Mate`] carries both.
//! - A repetition is a position whose key appeared an even number of plies
//!   earlier (on the search path or in [`SearchJob::history`]) within
//!   [`Game::plies_since_irreversible`] plies and after the last null move.
//!   Its [`Cycle`] says whether every move of the side that completed it
//!   (and of the other side) led into a position with the opponent in check.
//! - With one thread and after [`Searcher::clear`], a search to a fixed depth
//!   visits the same nodes every time (the `bench` signature).
//! - The pruning and reduction margins are [`tunables`]: set process-wide
//!   (`setoption`), copied by each search when it starts.
//! - A [`Skill`] in the job weakens the search: depth at most `1 + level`,
//!   at least [`SKILL_LINES`] principal variations, and the move played
//!   chosen among them by the skill's seeded random pick.
#![deny(missing_docs)]

mod control;
mod correction;
pub mod game;
mod history;
mod job;
pub mod limits;
mod movepick;
mod rng;
mod score;
mod searcher;
mod skill;
mod timeman;
mod tt;
pub mod tunables;
mod worker;

pub use control::Control;
pub use game::{Color, Cycle, Game, MoveList, Outcome, Solved, MAX_MARGIN, MAX_MOVES};
pub use job::{CurrMove, HistoryEntry, Info, SearchJob, SearchResult};
pub use limits::{Clock, Limits};
pub use rng::{hash_words, splitmix64};
pub use score::{Score, TABLE_WIN_CP};
pub use searcher::{Probe, Searcher, STACK_SIZE};
pub use skill::{Skill, MAX_ELO, MIN_ELO, SKILL_LINES};
pub use tt::Bound;
