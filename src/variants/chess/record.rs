//! Chess positions as NNUE training records: squares a1 = 0 … h8 = 63,
//! kinds Pawn 0 … King 5.

use super::{Chess, Kind};
use crate::nnue::record::{pieces_of, GameTag, PlacedPiece, Recordable, MAX_PIECES};
use arrayvec::ArrayVec;

impl Recordable for Chess {
    const BOARD: (usize, usize) = (8, 8);
    const LETTERS: &'static [u8] = b"pnbrqk";
    const TAG: GameTag = GameTag::Chess;

    fn placed_pieces(&self) -> ArrayVec<PlacedPiece, MAX_PIECES> {
        pieces_of(
            &Kind::ALL,
            |kind| kind as u8,
            |color, kind| self.pieces(color, kind),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::record::{Record, RecordResult};
    use crate::variants::Variant;

    #[test]
    fn the_start_position_packs_and_unpacks() {
        let start = Chess::start_position();
        let pieces = start.placed_pieces();
        assert_eq!(pieces.len(), 32);
        let record = Record::new(GameTag::Chess, &pieces, 0, 0, RecordResult::Draw, 0).unwrap();
        let back: Vec<PlacedPiece> = record.placed_pieces().collect();
        assert_eq!(back.len(), 32);
        // a1 white rook, e1 white king, e8 black king, h7 black pawn.
        assert_eq!(
            back[0],
            PlacedPiece {
                square: 0,
                color: 0,
                kind: 3
            }
        );
        assert!(back.contains(&PlacedPiece {
            square: 4,
            color: 0,
            kind: 5
        }));
        assert!(back.contains(&PlacedPiece {
            square: 60,
            color: 1,
            kind: 5
        }));
        assert!(back.contains(&PlacedPiece {
            square: 55,
            color: 1,
            kind: 0
        }));
    }

    #[test]
    fn a_record_reads_back_as_fen() {
        let start = Chess::start_position();
        let record = Record::new(
            GameTag::Chess,
            &start.placed_pieces(),
            0,
            0,
            RecordResult::Draw,
            0,
        )
        .unwrap();
        assert_eq!(
            Chess::record_fen(&record),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
        );
        let back = Chess::from_fen(&Chess::record_fen(&record)).unwrap();
        assert_eq!(back.placed_pieces(), start.placed_pieces());
    }
}
