//! Orthodox chess and Chess960 on `u64` bitboards: magic sliders, legal
//! generation with pins and check masks, castling by rook square (so
//! Chess960 is a notation mode, not a separate game), Zobrist keys,
//! make/unmake, FEN in all three castling forms.

mod attacks;
mod eval;
mod fen;
mod game;
mod gives_check;
mod mating;
mod movegen;
mod nnue;
mod notation;
mod position;
mod record;
mod see;
pub mod syzygy;
mod types;
mod xboard;
mod zobrist;

pub use fen::START_FEN;
pub use position::Chess;
pub use types::{Bitboard, Kind, Move, MoveKind, Piece, Square};

#[cfg(test)]
mod tests;
