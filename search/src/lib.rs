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
#![deny(missing_docs)]

mod control;
pub mod game;
mod history;
mod job;
pub mod limits;
mod movepick;
mod score;
mod searcher;
mod timeman;
mod tt;
mod worker;

pub use control::Control;
pub use game::{Color, Cycle, Game, MoveList, Outcome, MAX_MARGIN, MAX_MOVES};
pub use job::{HistoryEntry, Info, SearchJob, SearchResult};
pub use limits::{Clock, Limits};
pub use score::Score;
pub use searcher::Searcher;
pub use tt::Bound;
