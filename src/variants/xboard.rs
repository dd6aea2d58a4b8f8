//! What XBoard needs from a game: [`XboardView`]. Games XBoard knows
//! (chess, xiangqi) keep the defaults; the others are announced with a
//! `setup` line (XBoard 4.8 and later: piece table, board size, start
//! position) and may write squares and positions differently on the wire.
//! Each game's `xboard.rs` implements the trait.

use super::{Notation, Variant};

/// XBoard piece slots (XBoard's `ChessSquare` order) a game can draw its
/// pieces with.
pub mod slot {
    /// Pawn.
    pub const PAWN: usize = 0;
    /// Knight.
    pub const KNIGHT: usize = 1;
    /// Bishop.
    pub const BISHOP: usize = 2;
    /// Rook.
    pub const ROOK: usize = 3;
    /// Queen.
    pub const QUEEN: usize = 4;
    /// Ferz.
    pub const FERZ: usize = 5;
    /// Alfil.
    pub const ALFIL: usize = 6;
    /// Wazir.
    pub const WAZIR: usize = 9;
    /// Man (commoner).
    pub const MAN: usize = 10;
    /// Lion.
    pub const LION: usize = 21;
    /// Zebra.
    pub const ZEBRA: usize = 23;
    /// Camel.
    pub const CAMEL: usize = 24;
    /// Tower.
    pub const TOWER: usize = 25;
}

/// The board XBoard draws for a game it does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XboardBoard {
    /// The game's letter in each XBoard slot it uses (the king's slot is
    /// always `K` and comes last).
    pub pieces: &'static [(usize, char)],
    /// Board size and holdings: `13x10+0_fairy`.
    pub size: &'static str,
}

impl XboardBoard {
    /// The `setup` line for a start position given as XBoard FEN.
    pub fn setup_line(&self, fen: &str) -> String {
        format!("setup ({}) {} {fen}", self.piece_table(), self.size)
    }

    /// XBoard's `PIECETOCHAR` table: White's slots up to the last used one
    /// (`.` for unused), the king, then the same in lower case for Black.
    fn piece_table(&self) -> String {
        let slots = self.pieces.iter().map(|&(s, _)| s + 1).max().unwrap_or(1);
        let mut white = vec!['.'; slots];
        for &(slot, letter) in self.pieces {
            white[slot] = letter;
        }
        white.push('K');
        let black: String = white.iter().map(char::to_ascii_lowercase).collect();
        white.into_iter().collect::<String>() + &black
    }
}

/// A game as XBoard sees it. Every default leaves the text as it is.
pub trait XboardView: Variant {
    /// The board to announce with `setup`; `None` for a game XBoard knows.
    fn xboard_board() -> Option<XboardBoard> {
        None
    }

    /// XBoard's FEN of a position given in the game's own text; `None`
    /// when XBoard reads the game's text as it is (or `native` is not a
    /// position of the game).
    fn xboard_fen(native: &str) -> Option<String> {
        let _ = native;
        None
    }

    /// The squares of a move (or any text) as XBoard names them.
    fn squares_to_xboard(text: &str) -> String {
        text.to_owned()
    }

    /// The game's squares for a text XBoard sent; a square off the board
    /// stays as it is (and the move is refused as illegal).
    fn squares_from_xboard(text: &str) -> String {
        text.to_owned()
    }

    /// A move XBoard sent with a promotion letter the game does not take
    /// (XBoard asks for one whenever a pawn reaches the last rank), without
    /// it; `None` if there is none to drop.
    fn without_promotion(text: &str) -> Option<&str> {
        let _ = text;
        None
    }

    /// The move text for XBoard's castling text here (`O-O` in Fischer
    /// Random); `None` if `text` is no castling of this position.
    fn castling_from_xboard(&self, text: &str, notation: Notation) -> Option<String> {
        let _ = (text, notation);
        None
    }

    /// XBoard's castling text (`O-O`, `O-O-O`) for the move `text` here,
    /// if XBoard wants one in `notation`.
    fn castling_to_xboard(&self, text: &str, notation: Notation) -> Option<&'static str> {
        let _ = (text, notation);
        None
    }
}
