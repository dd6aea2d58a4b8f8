//! The games: one folder each. Every game implements [`timur_search::Game`]
//! (what the search needs) and [`Variant`] (text: positions, moves, board).

pub mod chess;
pub mod eval_table;
pub mod jasir;
pub mod table_root;
pub mod tamerlane;
pub mod terms;
pub mod trainable;
pub mod verdict;
pub mod xboard;
pub mod xiangqi;

use timur_search::{Color, Game, HistoryEntry};
use verdict::{Reason, Verdict};

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
/// text, a board picture for `d`, and why a game ended.
pub trait Variant: Game + Sized {
    /// Whether the rules end a game at the third occurrence of a position
    /// (chess's threefold, xiangqi's check and chase rules). Tamerlane,
    /// Jasir and Jarmo have no such end: there a repetition is only the
    /// search's draw convention, never a result.
    const REPETITION_ENDS_GAME: bool = true;

    /// The game's start position.
    fn start_position() -> Self;

    /// Reads the game's position text (FEN, TFEN, JFEN). The error says what
    /// is wrong in words a user can act on.
    fn from_fen(text: &str) -> Result<Self, String>;

    /// Like [`Variant::from_fen`], with notes on what was repaired rather
    /// than refused (chess drops a castling right without its rook).
    fn from_fen_noting(text: &str) -> Result<(Self, Vec<String>), String> {
        Self::from_fen(text).map(|pos| (pos, Vec::new()))
    }

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

    /// The static evaluation term by term per side, and the network's
    /// value where the game has one and it is on (the `eval` command).
    fn eval_table(&self) -> eval_table::EvalTable;

    /// A copy to search from: a game with a network attaches the one active
    /// now (see [`crate::nnue::active`]); others just clone.
    fn for_search(&self) -> Self {
        self.clone()
    }

    /// Endgame tables' choice of root moves for a search copy (see
    /// [`Variant::for_search`]) reached after the positions of `history`:
    /// the moves that keep the best result and its score. It may stop the
    /// copy's probing below the root where the tables already chose. `None`
    /// (the default): no table knows the root.
    fn rank_root_by_tables(
        &mut self,
        history: &[HistoryEntry],
    ) -> Option<table_root::TableRoot<Self::Move>> {
        let _ = history;
        None
    }

    /// Why [`Game::rule_outcome`] ended the game here (called only when it
    /// did).
    fn rule_reason(&self) -> Reason;

    /// Why the game ended when the side to move has no legal move.
    fn no_moves_reason(&self) -> Reason {
        if self.in_check() {
            Reason::Checkmate
        } else {
            Reason::Stalemate
        }
    }

    /// Whether `side` could still win here by some series of legal moves,
    /// which decides a flag fall ([`verdict::on_time`]). True unless a
    /// game's rules say otherwise: chess counts its mating material; the
    /// other games' rules pages give no such draw, so running out of time
    /// there always loses.
    fn can_win(&self, side: Color) -> bool {
        let _ = side;
        true
    }

    /// The rules' verdict on this position, reached after the positions of
    /// `history`: the one judge of [`verdict::judge`].
    fn verdict(&self, history: &[HistoryEntry]) -> Option<Verdict> {
        verdict::judge(self, history)
    }
}
