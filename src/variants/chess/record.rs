//! Chess positions for `timur nnue`: squares a1 = 0 … h8 = 63, kinds
//! Pawn 0 … King 5, record tag 0 (Chess960 too).

use super::{Chess, Kind};
use crate::nnue::network::Network;
use crate::rng::Rng;
use crate::variants::trainable::{pieces_of, PlacedPiece, Trainable};
use crate::variants::Variant;
use std::sync::Arc;

impl Trainable for Chess {
    const RECORD_TAG: u8 = 0;
    const BOARD: (usize, usize) = (8, 8);
    const LETTERS: &'static [u8] = b"pnbrqk";

    fn placed_pieces(&self) -> Vec<PlacedPiece> {
        pieces_of(
            &Kind::ALL,
            |kind| kind as u8,
            |color, kind| self.pieces(color, kind),
        )
    }

    fn attach_network(&mut self, network: Option<Arc<Network>>) {
        Chess::attach_network(self, network);
    }

    fn hand_written_eval(&self) -> i32 {
        self.static_eval()
    }

    /// Chess960 self-play starts from one of the 960 arrays at random.
    fn self_play_start(&self, rng: &mut Rng) -> Chess {
        if !self.chess960 {
            return self.clone();
        }
        Chess::chess960_start(rng.below(960) as u32).unwrap_or_else(|| self.clone())
    }

    fn opening_position(&self, fen: &str) -> Result<Chess, String> {
        let mut pos = Chess::from_fen(fen)?;
        pos.set_chess960(self.chess960);
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_its_pieces_on_their_squares() {
        let pieces = Chess::start_position().placed_pieces();
        assert_eq!(pieces.len(), 32);
        // a1 white rook, e1 white king, e8 black king, h7 black pawn.
        for (square, color, kind) in [(0, 0, 3), (4, 0, 5), (60, 1, 5), (55, 1, 0)] {
            assert!(
                pieces.contains(&PlacedPiece {
                    square,
                    color,
                    kind
                }),
                "{square}"
            );
        }
    }

    #[test]
    fn the_pieces_read_back_as_fen() {
        let start = Chess::start_position();
        let fen = Chess::record_fen(&start.placed_pieces(), 0);
        assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        let back = Chess::from_fen(&fen).unwrap();
        assert_eq!(back.placed_pieces(), start.placed_pieces());
    }

    #[test]
    fn mirroring_a_file_twice_is_the_identity_and_stays_on_the_board() {
        for square in 0..64 {
            let mirrored = Chess::mirror_file(square).unwrap();
            assert!(mirrored < 64);
            assert_eq!(Chess::mirror_file(mirrored), Some(square));
        }
        assert_eq!(Chess::mirror_file(0), Some(7));
        assert_eq!(Chess::mirror_file(12), Some(11));
    }

    #[test]
    fn chess960_self_play_draws_arrays_and_chess_keeps_its_start() {
        let mut rng = Rng::new(3);
        let start = Chess::start_position();
        assert_eq!(start.self_play_start(&mut rng).to_fen(), start.to_fen());
        let mut chess960 = start.clone();
        chess960.set_chess960(true);
        let fens: std::collections::HashSet<String> = (0..8)
            .map(|_| chess960.self_play_start(&mut rng).to_fen())
            .collect();
        assert!(fens.len() > 1, "{fens:?}");
    }

    #[test]
    fn an_opening_position_keeps_the_games_chess960_flag() {
        let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
        let mut chess960 = Chess::start_position();
        chess960.set_chess960(true);
        assert!(chess960.opening_position(fen).unwrap().chess960);
        let chess = Chess::start_position().opening_position(fen).unwrap();
        assert!(!chess.chess960);
        assert!(chess960.opening_position("no position").is_err());
    }
}
