//! The games: one folder each. Every game implements [`timur_search::Game`]
//! (what the search needs) and [`Variant`] (text: positions, moves, board).

pub mod chess;
pub mod jasir;
pub mod tamerlane;
pub mod terms;
pub mod xiangqi;

use crate::nnue::active::Embedded;
use timur_search::Game;

/// The networks built into the binary (each game's folder holds its own).
pub const EMBEDDED_NETWORKS: &[Embedded] = &[chess::EMBEDDED_NETWORK];

/// How move text is written on the wire, where a game has more than one
/// convention.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notation {
    /// Chess: castling written as king-takes-own-rook (`e1h1`), as
    /// `UCI_Chess960` and XBoard's `fischerandom` want; otherwise `e1g1`.
    pub king_takes_rook: bool,
    /// Xiangqi: ranks written 1..10 instead of 0..9 (Fairy-Stockfish's UCI).
    pub ranks_from_one: bool,
}

/// The text side of a game: start position, FEN-like position text, move
/// text, and a board picture for `d`.
pub trait Variant: Game + Sized {
    /// The game's start position.
    fn start_position() -> Self;

    /// Reads the game's position text (FEN, TFEN, JFEN). The error says what
    /// is wrong in words a user can act on.
    fn from_fen(text: &str) -> Result<Self, String>;

    /// Writes the position text.
    fn to_fen(&self) -> String;

    /// Reads a move in `notation` and checks that it is legal here. The error
    /// names the token and says why it was refused.
    fn parse_move(&self, text: &str, notation: Notation) -> Result<Self::Move, String>;

    /// Writes a move in `notation`.
    fn format_move(&self, mv: Self::Move, notation: Notation) -> String;

    /// A picture of the board for the `d` command, ending with the position
    /// text line (`Fen: …`).
    fn pretty(&self) -> String;

    /// A copy to search from: a game with a network attaches the one active
    /// now (see [`crate::nnue::active`]); others just clone.
    fn for_search(&self) -> Self {
        self.clone()
    }
}
