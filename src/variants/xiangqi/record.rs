//! Xiangqi positions for `timur nnue`: the board's own point numbering
//! (0..90), kinds General 0 … Soldier 6, record tag 1.

use super::{Kind, Xiangqi};
use crate::nnue::network::Network;
use crate::variants::trainable::{pieces_of, PlacedPiece, Trainable};
use std::sync::Arc;

impl Trainable for Xiangqi {
    const RECORD_TAG: u8 = 1;
    const BOARD: (usize, usize) = (9, 10);
    const LETTERS: &'static [u8] = b"kabnrcp";

    fn placed_pieces(&self) -> Vec<PlacedPiece> {
        pieces_of(
            &Kind::ALL,
            |kind| kind as u8,
            |color, kind| self.pieces(color, kind),
        )
    }

    fn attach_network(&mut self, network: Option<Arc<Network>>) {
        Xiangqi::attach_network(self, network);
    }

    fn hand_written_eval(&self) -> i32 {
        self.static_eval()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    #[test]
    fn the_start_position_has_its_pieces() {
        let pieces = Xiangqi::start_position().placed_pieces();
        assert_eq!(pieces.len(), 32);
        let generals = pieces
            .iter()
            .filter(|p| p.kind == Kind::General as u8)
            .count();
        assert_eq!(generals, 2);
        let soldiers = pieces
            .iter()
            .filter(|p| p.kind == Kind::Soldier as u8)
            .count();
        assert_eq!(soldiers, 10);
        assert_eq!(pieces.iter().filter(|p| p.color == 1).count(), 16);
    }

    #[test]
    fn the_pieces_read_back_as_fen() {
        let start = Xiangqi::start_position();
        let fen = Xiangqi::record_fen(&start.placed_pieces(), 0);
        assert_eq!(
            fen,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        );
        let back = Xiangqi::from_fen(&fen).unwrap();
        assert_eq!(back.placed_pieces(), start.placed_pieces());
    }

    #[test]
    fn mirroring_a_file_twice_is_the_identity_and_stays_on_the_board() {
        for square in 0..90 {
            let mirrored = Xiangqi::mirror_file(square).unwrap();
            assert!(mirrored < 90);
            assert_eq!(Xiangqi::mirror_file(mirrored), Some(square));
        }
        assert_eq!(Xiangqi::mirror_file(9), Some(17));
        assert_eq!(Xiangqi::mirror_file(4), Some(4));
    }
}
