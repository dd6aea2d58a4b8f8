//! Chess's network inputs and the position's NNUE accumulators: updated as
//! pieces are put and removed (so castling, en passant and promotions need
//! no special case).
//!
//! Two feature sets: the plain 768 (own/enemy × 6 kinds × 64 squares) and
//! the king-bucketed one, eight copies of it chosen by where each side's own
//! king stands (bullet's `ChessBuckets` with [`KING_BUCKETS`]). The buckets
//! of files e–h are the mirror images of those of files a–d, but the board
//! is not mirrored: a plain network copied into every bucket evaluates
//! every position as it did (with each side mirroring by its own king, it
//! would read boards no plain network saw where the kings stand on opposite
//! halves), and training on mirrored positions (`--mirror`) teaches the
//! two halves alike.

use super::{Chess, Kind, Piece};
use crate::bitboard::Bits;
use crate::nnue::features::{FeatureSet, Features, View};
use crate::nnue::network::Network;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;

/// The input bucket of each square (a1 b1 … h1, a2 …, as the king's own
/// side sees them): one bucket each for a1–b1 and c1–d1, one for the
/// second rank's files a–d, one for the rest of files a–d; their mirror
/// images on files e–h.
#[rustfmt::skip]
pub const KING_BUCKETS: [u8; 64] = [
    0, 0, 1, 1, 5, 5, 4, 4,
    2, 2, 2, 2, 6, 6, 6, 6,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
];

/// The number of input buckets of [`KING_BUCKETS`].
const BUCKET_COUNT: u32 = 8;

impl Features for Chess {
    /// Chess and Chess960: own/enemy × 6 kinds × 64 squares.
    const FEATURES: FeatureSet = FeatureSet { id: 1, inputs: 768 };

    /// The 768 once per king bucket (set 4, retired, mirrored the board
    /// by the king's half and had four buckets).
    const BUCKETED: Option<FeatureSet> = Some(FeatureSet {
        id: 6,
        inputs: BUCKET_COUNT * 768,
    });

    /// 16 a side at the start.
    const MOST_PIECES: u32 = 32;

    /// The network built into the binary (how it was made: docs/nnue.md).
    /// On by default: it beat the network before it, which beat the
    /// hand-written evaluation, in SPRTs (`setoption name UseNNUE value
    /// false` returns to the hand-written evaluation).
    const EMBEDDED: Option<&'static [u8]> = Some(include_bytes!("networks/chess-k8s.tmnn"));

    /// Black's view mirrored vertically (a8 seen as a1).
    #[inline]
    fn feature(perspective: usize, color: usize, kind: usize, square: usize) -> usize {
        let own = usize::from(color != perspective);
        let square = if perspective == 1 {
            square ^ 56
        } else {
            square
        };
        own * 384 + kind * 64 + square
    }

    /// A side's own king decides its view: its bucket (never a mirror).
    #[inline]
    fn view(perspective: usize, color: usize, kind: usize, square: usize) -> Option<View> {
        if kind != Kind::King.index() || color != perspective {
            return None;
        }
        let seen = if perspective == 1 {
            square ^ 56
        } else {
            square
        };
        Some(View {
            bucket: KING_BUCKETS[seen],
            mirrored: false,
        })
    }
}

/// The pieces of `board` on the `occupied` squares as (color, kind,
/// square).
fn pieces_on(
    board: &[Piece; 64],
    occupied: u64,
) -> impl Iterator<Item = (usize, usize, usize)> + Clone + '_ {
    occupied.squares().map(|sq| {
        let piece = board[sq as usize];
        (piece.color().index(), piece.kind().index(), sq as usize)
    })
}

impl Chess {
    /// Evaluates with `network` from now on (`None`: the hand-written
    /// evaluation); the accumulators are computed from scratch.
    pub fn attach_network(&mut self, network: Option<Arc<Network>>) {
        self.nnue = network.map(|network| AccumulatorStack::new(network, self.network_pieces()));
    }

    /// Whether a network evaluates this position.
    pub fn has_network(&self) -> bool {
        self.nnue.is_some()
    }

    /// Every piece as (color, kind, square).
    fn network_pieces(&self) -> impl Iterator<Item = (usize, usize, usize)> + Clone + '_ {
        pieces_on(&self.board, self.occupied())
    }

    /// The network's evaluation for the side to move, if one is attached.
    pub(super) fn network_eval(&mut self) -> Option<i32> {
        let occupied = self.occupied();
        let pieces = pieces_on(&self.board, occupied);
        let count = occupied.count_ones();
        Some(
            self.nnue
                .as_mut()?
                .evaluate_position(self.side.index(), count, pieces),
        )
    }

    /// Whether the incremental accumulators equal a refresh (tests).
    pub fn accumulators_match_refresh(&self) -> bool {
        self.nnue
            .as_ref()
            .is_none_or(|stack| stack.matches(self.network_pieces()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::Network;

    /// The embedded network (on by default).
    fn embedded() -> Network {
        Network::from_bytes(Chess::EMBEDDED.unwrap()).unwrap()
    }

    #[test]
    fn the_embedded_network_reads_the_bucketed_feature_set() {
        assert_eq!(Some(embedded().features), Chess::BUCKETED);
    }

    #[test]
    fn features_cover_the_inputs_once_per_view() {
        for perspective in 0..2 {
            let mut seen = vec![false; Chess::FEATURES.inputs as usize];
            for color in 0..2 {
                for kind in 0..6 {
                    for square in 0..64 {
                        let feature = Chess::feature(perspective, color, kind, square);
                        assert!(!seen[feature], "{feature} twice");
                        seen[feature] = true;
                    }
                }
            }
        }
    }

    #[test]
    fn a_king_chooses_its_own_sides_bucket() {
        let (white, black, king) = (0, 1, Kind::King.index());
        let view = |bucket| {
            Some(View {
                bucket,
                mirrored: false,
            })
        };
        // e1 mirrors d1's bucket (c1–d1), b1 is a1–b1's.
        assert_eq!(Chess::view(white, white, king, 4), view(5));
        assert_eq!(Chess::view(white, white, king, 1), view(0));
        assert_eq!(Chess::view(white, white, king, 14), view(6));
        assert_eq!(Chess::view(white, white, king, 27), view(3));
        // Black's king on g8 sees itself on g1: the mirror of b1's bucket.
        assert_eq!(Chess::view(black, black, king, 62), view(4));
        // Each bucket of files e–h mirrors one of files a–d (a ↔ h).
        for square in 0..64 {
            let mirror = KING_BUCKETS[square ^ 7];
            assert_eq!(KING_BUCKETS[square] % 4, mirror % 4);
            assert_eq!(KING_BUCKETS[square] / 4, u8::from(square % 8 >= 4));
        }
        // Only the perspective's own king decides its view.
        assert_eq!(Chess::view(white, black, king, 62), None);
        assert_eq!(Chess::view(white, white, Kind::Queen.index(), 3), None);
    }

    #[test]
    fn bucketed_features_cover_the_inputs_once_per_view() {
        let bucketed = Chess::BUCKETED.unwrap();
        for perspective in 0..2 {
            let mut seen = vec![0u8; bucketed.inputs as usize];
            for bucket in 0..BUCKET_COUNT as u8 {
                let view = View {
                    bucket,
                    mirrored: false,
                };
                for (color, kind, square) in (0..768).map(|i| (i / 384, i / 64 % 6, i % 64)) {
                    seen[Chess::bucketed_feature(perspective, view, color, kind, square)] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1));
        }
        assert_eq!(KING_BUCKETS.iter().max(), Some(&(BUCKET_COUNT as u8 - 1)));
    }

    #[test]
    fn mirrored_positions_evaluate_alike_for_their_movers() {
        // White king e1 + rook a1 vs black king e8, White to move, equals
        // the colour-flipped position with Black to move.
        use crate::variants::Variant;
        use timur_search::Game;
        let net = Arc::new(embedded());
        let evaluate = |fen: &str| {
            let mut pos = Chess::from_fen(fen).unwrap();
            pos.attach_network(Some(net.clone()));
            pos.evaluate()
        };
        let white = evaluate("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(white, evaluate("r3k3/8/8/8/8/8/8/4K3 b - - 0 1"));
        assert!(white > 200, "{white}");
    }
}
