//! Xiangqi positions as NNUE training records: the board's own point
//! numbering (0..90) and kinds General 0 … Soldier 6.

use super::{Kind, Xiangqi};
use crate::nnue::record::{pieces_of, GameTag, PlacedPiece, Recordable, MAX_PIECES};
use arrayvec::ArrayVec;

impl Recordable for Xiangqi {
    const BOARD: (usize, usize) = (9, 10);
    const LETTERS: &'static [u8] = b"kabnrcp";
    const TAG: GameTag = GameTag::Xiangqi;

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
        let start = Xiangqi::start_position();
        let pieces = start.placed_pieces();
        assert_eq!(pieces.len(), 32);
        let record = Record::new(GameTag::Xiangqi, &pieces, 0, 0, RecordResult::Draw, 0).unwrap();
        let back: Vec<PlacedPiece> = record.placed_pieces().collect();
        assert_eq!(back.len(), 32);
        let generals: Vec<_> = back
            .iter()
            .filter(|p| p.kind == Kind::General as u8)
            .collect();
        assert_eq!(generals.len(), 2);
        assert_eq!(
            back.iter()
                .filter(|p| p.kind == Kind::Soldier as u8)
                .count(),
            10
        );
        assert_eq!(back.iter().filter(|p| p.color == 1).count(), 16);
    }

    #[test]
    fn a_record_reads_back_as_fen() {
        let start = Xiangqi::start_position();
        let record = Record::new(
            GameTag::Xiangqi,
            &start.placed_pieces(),
            0,
            0,
            RecordResult::Draw,
            0,
        )
        .unwrap();
        assert_eq!(
            Xiangqi::record_fen(&record),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        );
        let back = Xiangqi::from_fen(&Xiangqi::record_fen(&record)).unwrap();
        assert_eq!(back.placed_pieces(), start.placed_pieces());
    }
}
