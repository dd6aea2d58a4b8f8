//! Xiangqi's network inputs and the position's NNUE accumulators: a move
//! takes its piece off `from`, the captured piece off `to`, and puts the
//! piece on `to`.

use super::board::{color_of, kind_index};
use super::position::Xiangqi;
use crate::bitboard::Bits;
use crate::nnue::features::{FeatureSet, Features};
use crate::nnue::network::Network;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;

impl Features for Xiangqi {
    /// Own/enemy × 7 kinds × 90 points.
    const FEATURES: FeatureSet = FeatureSet {
        id: 2,
        inputs: 1260,
    };

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
        let square = if perspective == 1 {
            (9 - square / 9) * 9 + square % 9
        } else {
            square
        };
        own * 630 + kind * 90 + square
    }
}

impl Xiangqi {
    /// Evaluates with `network` from now on (`None`: the hand-written
    /// evaluation); the accumulators are computed from scratch.
    pub fn attach_network(&mut self, network: Option<Arc<Network>>) {
        self.nnue = network.map(|network| AccumulatorStack::new(network, self.network_pieces()));
    }

    /// Every piece as (color, kind, point).
    fn network_pieces(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.occupied().squares().map(|sq| {
            let piece = self.piece_at(sq as usize);
            (color_of(piece).index(), kind_index(piece), sq as usize)
        })
    }

    /// The network's evaluation for the side to move, if one is attached.
    pub(super) fn network_eval(&mut self) -> Option<i32> {
        let mover = self.side().index();
        let pieces = self.occupied().count_ones();
        Some(self.nnue.as_mut()?.evaluate(mover, pieces))
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
    fn black_sees_its_own_general_where_red_sees_red_s() {
        // Red's general on e0 (4) and Black's on e9 (85) are the same
        // feature, each from its own side.
        assert_eq!(Xiangqi::feature(0, 0, 0, 4), Xiangqi::feature(1, 1, 0, 85));
    }
}
