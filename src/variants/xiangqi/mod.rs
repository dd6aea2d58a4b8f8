//! Xiangqi (Chinese chess) on a 9 × 10 board with `u128` bitboards.
//!
//! Files per concern: [`board`] (squares, pieces, bitboard helpers),
//! [`attacks`] (compile-time tables), [`position`] (make/unmake, Zobrist,
//! attack detection), [`movegen`] (legal generation and bulk counting),
//! [`fen`], [`notation`], [`eval`], [`game`] (the search's [`Game`] view and
//! the end-of-game rules), [`chase`] (perpetual chase) and [`variant`] (the text side).
//!
//! [`Game`]: timur_search::Game

pub mod attacks;
pub mod board;
pub mod chase;
pub mod eval;
pub mod fen;
pub mod game;
mod gives_check;
pub mod movegen;
pub mod moves;
mod nnue;
pub mod notation;
pub mod position;
mod record;
mod see;
pub mod variant;
mod xboard;

pub use board::{Kind, Square};
pub use fen::START_FEN;
pub use moves::Move;
pub use position::Xiangqi;
