//! Xiangqi's network inputs and the position's NNUE accumulators: a move
//! takes its piece off `from`, the captured piece off `to`, and puts the
//! piece on `to`.
//!
//! Two feature sets: the plain 1260 (own/enemy × 7 kinds × 90 points) and
//! the king-bucketed one, six copies of it chosen by the palace point of
//! each side's own general (as Pikafish's): a general on file f sees the
//! whole board mirrored (files a ↔ i), so the six points of files d–e
//! choose the bucket.

use super::board::{color_of, kind_index, Bitboard, Kind, Piece, SQUARES};
use super::position::Xiangqi;
use crate::bitboard::Bits;
use crate::nnue::features::{FeatureSet, Features, View};
use crate::nnue::network::Network;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;

/// The input bucket of a general on the palace's files d–e (after the
/// mirror), by its rank from its own side (0–2): d and e of each rank.
const KING_BUCKETS: [[u8; 2]; 3] = [[0, 1], [2, 3], [4, 5]];

/// The number of input buckets of [`KING_BUCKETS`].
const BUCKET_COUNT: u32 = 6;

/// Points of one perspective: Black's rank `r` is seen as rank `9 − r`.
#[inline]
fn seen_from(perspective: usize, square: usize) -> usize {
    if perspective == 1 {
        (9 - square / 9) * 9 + square % 9
    } else {
        square
    }
}

impl Features for Xiangqi {
    /// Own/enemy × 7 kinds × 90 points.
    const FEATURES: FeatureSet = FeatureSet {
        id: 2,
        inputs: 1260,
    };

    /// The 1260 once per palace bucket of the own general.
    const BUCKETED: Option<FeatureSet> = Some(FeatureSet {
        id: 5,
        inputs: BUCKET_COUNT * 1260,
    });

    /// 16 a side at the start.
    const MOST_PIECES: u32 = 32;

    /// The network built into the binary (how it was made: docs/nnue.md).
    /// On by default: it beat the network before it, which beat the
    /// hand-written evaluation (`setoption name UseNNUE value false`
    /// returns to that).
    const EMBEDDED: Option<&'static [u8]> = Some(include_bytes!("networks/xiangqi-f9s.tmnn"));

    /// Black's view mirrored across the river.
    #[inline]
    fn feature(perspective: usize, color: usize, kind: usize, square: usize) -> usize {
        let own = usize::from(color != perspective);
        own * 630 + kind * 90 + seen_from(perspective, square)
    }

    /// A side's own general decides its view: its palace point, the
    /// mirror when it stands on file f.
    #[inline]
    fn view(perspective: usize, color: usize, kind: usize, square: usize) -> Option<View> {
        if kind != Kind::General as usize || color != perspective {
            return None;
        }
        let seen = seen_from(perspective, square);
        let (rank, file) = (seen / 9, seen % 9);
        let mirrored = file > 4;
        let file = if mirrored { 8 - file } else { file };
        // A general never leaves its palace (files d–f, ranks 0–2).
        let bucket = KING_BUCKETS[rank.min(2)][file.clamp(3, 4) - 3];
        Some(View { bucket, mirrored })
    }

    /// Files a ↔ i.
    #[inline]
    fn mirrored(square: usize) -> usize {
        square / 9 * 9 + 8 - square % 9
    }
}

/// The pieces of `board` on the `occupied` points as (color, kind, point).
fn pieces_on(
    board: &[Piece; SQUARES],
    occupied: Bitboard,
) -> impl Iterator<Item = (usize, usize, usize)> + Clone + '_ {
    occupied.squares().map(|sq| {
        let piece = board[sq as usize];
        (color_of(piece).index(), kind_index(piece), sq as usize)
    })
}

impl Xiangqi {
    /// Evaluates with `network` from now on (`None`: the hand-written
    /// evaluation); the accumulators are computed from scratch.
    pub fn attach_network(&mut self, network: Option<Arc<Network>>) {
        self.nnue = network.map(|network| AccumulatorStack::new(network, self.network_pieces()));
    }

    /// Every piece as (color, kind, point).
    fn network_pieces(&self) -> impl Iterator<Item = (usize, usize, usize)> + Clone + '_ {
        pieces_on(&self.board, self.occupied())
    }

    /// The network's evaluation for the side to move, if one is attached
    /// (the pieces are read only where a king-bucketed network's view
    /// changed).
    pub(super) fn network_eval(&mut self) -> Option<i32> {
        let mover = self.side().index();
        let occupied = self.occupied();
        let pieces = pieces_on(&self.board, occupied);
        let count = occupied.count_ones();
        Some(self.nnue.as_mut()?.evaluate_position(mover, count, pieces))
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

    #[test]
    fn the_embedded_network_reads_this_feature_set() {
        let network = Network::from_bytes(Xiangqi::EMBEDDED.unwrap()).unwrap();
        assert_eq!(network.features, Xiangqi::FEATURES);
    }

    #[test]
    fn features_cover_the_inputs_once_per_view() {
        for perspective in 0..2 {
            let mut seen = vec![false; Xiangqi::FEATURES.inputs as usize];
            for color in 0..2 {
                for kind in 0..7 {
                    for square in 0..90 {
                        let feature = Xiangqi::feature(perspective, color, kind, square);
                        assert!(!seen[feature], "{feature} twice");
                        seen[feature] = true;
                    }
                }
            }
        }
    }

    #[test]
    fn a_general_chooses_its_own_sides_bucket_and_mirror() {
        let (red, black, general) = (0, 1, Kind::General as usize);
        let view = |bucket, mirrored| Some(View { bucket, mirrored });
        // d0 (3), e0 (4), f0 (5, mirrored to d0); e1 (13); f2 (23).
        assert_eq!(Xiangqi::view(red, red, general, 3), view(0, false));
        assert_eq!(Xiangqi::view(red, red, general, 4), view(1, false));
        assert_eq!(Xiangqi::view(red, red, general, 5), view(0, true));
        assert_eq!(Xiangqi::view(red, red, general, 13), view(3, false));
        assert_eq!(Xiangqi::view(red, red, general, 23), view(4, true));
        // Black's general on e9 (85) sees itself on e0; on f8 (77) on f1.
        assert_eq!(Xiangqi::view(black, black, general, 85), view(1, false));
        assert_eq!(Xiangqi::view(black, black, general, 77), view(2, true));
        // Only the perspective's own general decides its view.
        assert_eq!(Xiangqi::view(red, black, general, 85), None);
        assert_eq!(Xiangqi::view(red, red, 4, 4), None);
    }

    #[test]
    fn the_mirror_swaps_files_a_and_i_on_every_rank() {
        assert_eq!(Xiangqi::mirrored(0), 8);
        assert_eq!(Xiangqi::mirrored(4), 4);
        assert_eq!(Xiangqi::mirrored(85), 85);
        assert_eq!(Xiangqi::mirrored(77), 75);
        assert!((0..90).all(|sq| Xiangqi::mirrored(Xiangqi::mirrored(sq)) == sq));
    }

    #[test]
    fn bucketed_features_cover_the_inputs_once_per_view() {
        let bucketed = Xiangqi::BUCKETED.unwrap();
        for perspective in 0..2 {
            let mut seen = vec![0u8; bucketed.inputs as usize];
            for bucket in 0..BUCKET_COUNT as u8 {
                for mirrored in [false, true] {
                    let view = View { bucket, mirrored };
                    for (color, kind, square) in (0..1260).map(|i| (i / 630, i / 90 % 7, i % 90)) {
                        seen[Xiangqi::bucketed_feature(perspective, view, color, kind, square)] +=
                            1;
                    }
                }
            }
            // Each once unmirrored and once mirrored.
            assert!(seen.iter().all(|&n| n == 2));
        }
    }

    #[test]
    fn black_sees_its_own_general_where_red_sees_red_s() {
        // Red's general on e0 (4) and Black's on e9 (85) are the same
        // feature, each from its own side.
        assert_eq!(Xiangqi::feature(0, 0, 0, 4), Xiangqi::feature(1, 1, 0, 85));
    }
}
