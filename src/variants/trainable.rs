//! What `timur nnue` (the offline tools of src/learn/) needs of a
//! game with a network: its positions as pieces on numbered squares, the
//! record tag and layout of its training records, the text of a recorded
//! position, the mirror that augments training data (where the board has
//! one), and its two evaluations side by side. A game opts in with
//! [`Trainable`] beside its runtime [`Features`]; games without a network
//! do not implement it.

use super::Variant;
use crate::bitboard::Bits;
use crate::nnue::features::Features;
use crate::nnue::network::Network;
use crate::rng::Rng;
use std::sync::Arc;
use timur_search::Color;

/// A piece on a square, in the game's own numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    /// The square (rank × files + file).
    pub square: u8,
    /// 0 White/Red, 1 Black.
    pub color: u8,
    /// The game's piece-kind index.
    pub kind: u8,
}

/// How a game's training records lie on disk (src/learn/record.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordLayout {
    /// Headerless 40-byte records: at most 128 squares, 32 pieces and 8
    /// kinds (chess, xiangqi: the files they always had).
    Plain,
    /// A file header (magic, version, game, record size), then 80-byte
    /// records: at most 128 squares, 56 pieces and 128 kinds.
    Headed,
}

/// A game whose self-play makes training records and whose networks
/// `timur nnue` trains.
pub trait Trainable: Variant + Features {
    /// The byte that marks the game's training records (0 chess and
    /// Chess960, 1 xiangqi, 2 Tamerlane: the values records on disk carry).
    const RECORD_TAG: u8;

    /// The layout of its data files.
    const RECORDS: RecordLayout = RecordLayout::Plain;

    /// Files and ranks of the main board (square = rank × files + file).
    const BOARD: (usize, usize);

    /// Squares in the game's numbering (more than the main board's where
    /// it has squares off it: Tamerlane's citadels).
    const SQUARES: usize = Self::BOARD.0 * Self::BOARD.1;

    /// The FEN letter (Black's, lower case) of each kind index; its length
    /// is the number of kinds (a pawn written with two letters: its
    /// second).
    const LETTERS: &'static [u8];

    /// Whether outside UCI engines play the game (the teachers of
    /// `timur nnue relabel`).
    const OUTSIDE_TEACHERS: bool = true;

    /// The pieces on the board.
    fn placed_pieces(&self) -> Vec<PlacedPiece>;

    /// The square seen in a mirror along the board's centre file (a
    /// training augmentation: chess and xiangqi are symmetric that way but
    /// for castling rights, which records do not keep); `None` for a game
    /// whose board has no such mirror.
    fn mirror_file(square: usize) -> Option<usize> {
        let files = Self::BOARD.0;
        Some(square - square % files + (files - 1 - square % files))
    }

    /// The FEN of `pieces` with `side_to_move` (0 White/Red, 1 Black) to
    /// move, no castling or en-passant rights and the move counters reset
    /// (what a record keeps).
    fn record_fen(pieces: &[PlacedPiece], side_to_move: u8) -> String {
        let (files, ranks) = Self::BOARD;
        let mut board = vec![None; files * ranks];
        for piece in pieces {
            if let Some(slot) = board.get_mut(piece.square as usize) {
                *slot = Some(piece);
            }
        }
        let mut rows = Vec::with_capacity(ranks);
        for rank in (0..ranks).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for piece in &board[rank * files..(rank + 1) * files] {
                let Some(piece) = piece else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                let letter = Self::LETTERS
                    .get(piece.kind as usize)
                    .copied()
                    .unwrap_or(b'?') as char;
                row.push(if piece.color == 0 {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let side = if side_to_move == 0 { 'w' } else { 'b' };
        format!("{} {side} - - 0 1", rows.join("/"))
    }

    /// Evaluates with `network` from now on (`None`: the hand-written
    /// evaluation).
    fn attach_network(&mut self, network: Option<Arc<Network>>);

    /// The hand-written evaluation, side to move's view.
    fn hand_written_eval(&self) -> i32;

    /// The first position of a self-play game started from this start
    /// position (Chess960 draws one of its arrays); most games keep it.
    fn self_play_start(&self, _rng: &mut Rng) -> Self {
        self.clone()
    }

    /// A position of this start position's game read from `fen` (an
    /// opening of `timur nnue datagen --openings`; Chess keeps its
    /// Chess960 flag).
    fn opening_position(&self, fen: &str) -> Result<Self, String> {
        Self::from_fen(fen)
    }
}

/// The pieces of a bitboard position: for each colour and each of `kinds`,
/// the squares `pieces(color, kind)` holds.
pub fn pieces_of<K: Copy, B: Bits>(
    kinds: &[K],
    kind_index: impl Fn(K) -> u8,
    pieces: impl Fn(Color, K) -> B,
) -> Vec<PlacedPiece> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        for &kind in kinds {
            for square in pieces(color, kind).squares() {
                out.push(PlacedPiece {
                    square: square as u8,
                    color: color.index() as u8,
                    kind: kind_index(kind),
                });
            }
        }
    }
    out
}
