//! Chess's network inputs and the position's NNUE accumulators: updated as
//! pieces are put and removed (so castling, en passant and promotions need
//! no special case).

use super::Chess;
use crate::bitboard::Bits;
use crate::nnue::features::{FeatureSet, Features};
use crate::nnue::network::Network;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;

impl Features for Chess {
    /// Chess and Chess960: own/enemy × 6 kinds × 64 squares.
    const FEATURES: FeatureSet = FeatureSet { id: 1, inputs: 768 };

    /// 16 a side at the start.
    const MOST_PIECES: u32 = 32;

    /// The network built into the binary (how it was made: docs/nnue.md).
    /// On by default: it beat the network before it, which beat the
    /// hand-written evaluation, in SPRTs (`setoption name UseNNUE value
    /// false` returns to the hand-written evaluation).
    const EMBEDDED: Option<&'static [u8]> = Some(include_bytes!("networks/chess-f5s.tmnn"));

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
    fn network_pieces(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.occupied().squares().map(|sq| {
            let piece = self.board[sq as usize];
            (piece.color().index(), piece.kind().index(), sq as usize)
        })
    }

    /// The network's evaluation for the side to move, if one is attached.
    pub(super) fn network_eval(&mut self) -> Option<i32> {
        let pieces = self.occupied().count_ones();
        Some(self.nnue.as_mut()?.evaluate(self.side.index(), pieces))
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
    fn the_embedded_network_reads_this_feature_set() {
        assert_eq!(embedded().features, Chess::FEATURES);
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
    fn mirrored_positions_evaluate_alike_for_their_movers() {
        // White king e1 + rook a1 vs black king e8, White to move, equals
        // the colour-flipped position with Black to move.
        let net = embedded();
        let refresh = |pieces: [(usize, usize, usize); 3]| {
            net.refresh(pieces.into_iter().map(|(c, k, s)| Chess::features(c, k, s)))
        };
        let white = refresh([(0, 5, 4), (0, 3, 0), (1, 5, 60)]);
        let black = refresh([(1, 5, 60), (1, 3, 56), (0, 5, 4)]);
        assert_eq!(net.evaluate(&white, 0, 0), net.evaluate(&black, 1, 0));
        assert!(net.evaluate(&white, 0, 0) > 200);
    }
}
