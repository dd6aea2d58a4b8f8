//! `timur`: one engine for Chess, Chess960, Xiangqi, Tamerlane chess, Jasir
//! and Jarmo, speaking UCI, UCCI and XBoard.
//!
//! The games live in [`variants`], one folder each; the search is the
//! game-agnostic `timur-search` crate; the protocols are parsed by
//! `timur-protocol`; the session glue that connects them is [`engine`].

pub mod bench;
pub mod bitboard;
pub mod cli;
pub mod engine;
pub mod files;
pub mod gui;
pub mod learn;
pub mod matches;
pub mod nnue;
pub mod perft;
pub mod perft_file;
pub mod pgn_clock;
pub mod pgn_eval;
pub mod rng;
pub mod solve;
pub mod solve_check;
pub mod solve_count;
pub mod solve_prove;
pub mod tablebase;
pub mod tune;
pub mod variants;
