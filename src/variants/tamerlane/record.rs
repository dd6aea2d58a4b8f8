//! Tamerlane positions for `timur nnue`: squares a1 = 0 … k10 = 109, l2 =
//! 110, z9 = 111, kinds in `Kind::ALL`'s order (each pawn its own kind),
//! record tag 2, headed records (up to 56 pieces of 23 kinds); no mirror
//! augmentation (the citadels break the left-right symmetry).

use super::position::Tamerlane;
use super::tfen;
use super::types::{piece, Kind, KINDS, SQUARES};
use crate::nnue::network::Network;
use crate::variants::trainable::{pieces_of, PlacedPiece, RecordLayout, Trainable};
use std::sync::Arc;
use timur_search::Color;

/// Each kind's letter, lower case (a pawn's: the letter after its `p`).
const LETTERS: [u8; KINDS] = {
    let mut letters = [0u8; KINDS];
    let mut i = 0;
    while i < KINDS {
        letters[i] = Kind::ALL[i].letter().to_ascii_lowercase() as u8;
        i += 1;
    }
    letters
};

impl Trainable for Tamerlane {
    const RECORD_TAG: u8 = 2;
    const RECORDS: RecordLayout = RecordLayout::Headed;
    const BOARD: (usize, usize) = (11, 10);
    const SQUARES: usize = SQUARES;
    const LETTERS: &'static [u8] = &LETTERS;
    /// No outside engine plays Tamerlane: timur's own search is the teacher.
    const OUTSIDE_TEACHERS: bool = false;

    fn placed_pieces(&self) -> Vec<PlacedPiece> {
        pieces_of(
            &Kind::ALL,
            |kind| kind.index() as u8,
            |color, kind| self.pieces(color, kind),
        )
    }

    /// None: the citadels (l2 right of rank 2, z9 left of rank 9) have no
    /// mirror images.
    fn mirror_file(_square: usize) -> Option<usize> {
        None
    }

    /// The TFEN of the pieces: no swap rights, the move counters reset, and
    /// the pawn-of-pawns field 1 for a side whose pawn of pawns is parked on
    /// its last rank, else 0 (what a record does not keep, as TFEN needs
    /// it). Pieces off the board or of no kind are left out.
    fn record_fen(pieces: &[PlacedPiece], side_to_move: u8) -> String {
        let mut pos = Tamerlane::empty();
        for p in pieces {
            if usize::from(p.square) < SQUARES && usize::from(p.kind) < KINDS && p.color <= 1 {
                let color = if p.color == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                pos.set_square(p.square, piece(color, Kind::ALL[p.kind as usize]));
            }
        }
        pos.side = if side_to_move == 0 {
            Color::White
        } else {
            Color::Black
        };
        for color in [Color::White, Color::Black] {
            let parked = pos.parked(color) != 0;
            pos.pawn_of_pawns[color.index()] = u8::from(parked);
        }
        tfen::write(&pos)
    }

    fn attach_network(&mut self, network: Option<Arc<Network>>) {
        Tamerlane::attach_network(self, network);
    }

    fn hand_written_eval(&self) -> i32 {
        self.eval()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    /// The pieces of `tfen` written as a record's TFEN and read back.
    fn round_trip(tfen: &str) -> (Tamerlane, Tamerlane) {
        let pos = Tamerlane::from_fen(tfen).unwrap();
        let side = pos.side.index() as u8;
        let text = Tamerlane::record_fen(&pos.placed_pieces(), side);
        let back = Tamerlane::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        (pos, back)
    }

    #[test]
    fn the_start_position_reads_back_as_tfen() {
        let start = Tamerlane::start_position();
        let pieces = start.placed_pieces();
        assert_eq!(pieces.len(), 56);
        let text = Tamerlane::record_fen(&pieces, 0);
        assert_eq!(
            text,
            tfen::START_TFEN.replace("SCsc", "-"),
            "the swaps are what a record does not keep"
        );
        assert_eq!(Tamerlane::from_fen(&text).unwrap().placed_pieces(), pieces);
    }

    #[test]
    fn citadel_occupants_and_a_parked_pawn_of_pawns_read_back() {
        for tfen in [
            // White's adventitious king in l2; Black's prince in l2.
            "4k6/11/11/11/11/11/11/11/11/4K6 b A- - 00 5 9",
            "4k6/11/11/11/11/11/11/11/4K6/11 w x- - 00 5 9",
            // Black's adventitious king in z9; White's pawn of pawns
            // parked on rank 10.
            "PP3k6/11/11/11/11/11/11/11/11/4K6 w -a - 10 5 9",
        ] {
            let (pos, back) = round_trip(tfen);
            assert_eq!(back.placed_pieces(), pos.placed_pieces(), "{tfen}");
            assert_eq!(back.side, pos.side);
        }
    }

    #[test]
    fn every_kind_reads_back() {
        // Each pawn kind and each piece of the start position, both
        // colours, plus the royals the start lacks.
        let (pos, back) = round_trip(
            "e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1",
        );
        assert_eq!(back.placed_pieces(), pos.placed_pieces());
        let kinds: std::collections::HashSet<u8> =
            pos.placed_pieces().iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds.len(),
            KINDS - 2,
            "all but prince and adventitious king"
        );
        let (pos, back) = round_trip("4k6/11/11/11/11/11/11/11/1X9/4K3A2 w -- - 00 0 1");
        assert_eq!(back.placed_pieces(), pos.placed_pieces());
    }

    #[test]
    fn there_is_no_mirror() {
        assert_eq!(Tamerlane::mirror_file(0), None);
        assert_eq!(LETTERS.len(), KINDS);
        assert_eq!(&LETTERS[..3], b"kxa");
    }
}
