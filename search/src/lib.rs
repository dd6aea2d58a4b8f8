//! `timur-search`: game-agnostic search for the `timur` engine.
//!
//! Everything here is generic over the [`Game`] trait, which each game of
//! `timur` implements in the root crate. This crate never names a game.
#![deny(missing_docs)]

pub mod game;
pub mod limits;

pub use game::{Color, Cycle, Game, MoveList, Outcome, MAX_MARGIN, MAX_MOVES};
pub use limits::{Clock, Limits};
