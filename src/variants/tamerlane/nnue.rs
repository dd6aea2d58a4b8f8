//! Tamerlane's network inputs and the position's NNUE accumulators:
//! updated in `set_square`, where every piece change goes (so captures,
//! promotions, the pawn of pawns' relocations and arrivals, royal and
//! citadel swaps and citadel entries need no special case).

use super::types::{color_of, kind_of, EMPTY, KINDS, L2, MAIN_SQUARES, SQUARES, Z9};
use super::Tamerlane;
use crate::nnue::features::{FeatureSet, Features};
use crate::nnue::network::Network;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;
use timur_search::Color;

impl Features for Tamerlane {
    /// Own/enemy × 23 kinds × 112 squares (the citadels included).
    const FEATURES: FeatureSet = FeatureSet {
        id: 3,
        inputs: (2 * KINDS * SQUARES) as u32,
    };

    /// 28 a side at the start.
    const MOST_PIECES: u32 = 56;

    /// The network built into the binary (how it was made: docs/nnue.md).
    /// On by default: it beat the hand-written evaluation in an SPRT
    /// (`setoption name UseNNUE value false` returns to it).
    const EMBEDDED: Option<&'static [u8]> = Some(include_bytes!("networks/tamerlane-g1.tmnn"));

    /// Black's view turned by 180° (the board's one symmetry: k10 seen as
    /// a1, z9 as l2), so each side sees its own army at the bottom.
    #[inline]
    fn feature(perspective: usize, color: usize, kind: usize, square: usize) -> usize {
        let own = usize::from(color != perspective);
        let square = if perspective == 1 {
            rotated(square)
        } else {
            square
        };
        (own * KINDS + kind) * SQUARES + square
    }
}

/// A square turned by 180°: main square s to 109 − s, l2 and z9 swapped.
#[inline]
pub(super) const fn rotated(square: usize) -> usize {
    if square < MAIN_SQUARES {
        MAIN_SQUARES - 1 - square
    } else {
        (L2 as usize + Z9 as usize) - square
    }
}

impl Tamerlane {
    /// Evaluates with `network` from now on (`None`: the hand-written
    /// evaluation); the accumulators are computed from scratch.
    pub fn attach_network(&mut self, network: Option<Arc<Network>>) {
        self.nnue = network.map(|network| AccumulatorStack::new(network, self.network_pieces()));
    }

    /// Every piece as (color, kind, square).
    fn network_pieces(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter(|(_, &p)| p != EMPTY)
            .map(|(square, &p)| (color_of(p).index(), kind_of(p).index(), square))
    }

    /// The network's evaluation for the side to move, if one is attached
    /// and neither side is down to its royals: against a bare royal the
    /// hand-written evaluation with its conversion bonus plays (the
    /// citadel race and the mating net are plans the network has seen too
    /// few games of to learn).
    pub(super) fn network_eval(&mut self) -> Option<i32> {
        let bare = |color: Color| self.by_color[color.index()] & !self.royals == 0;
        if bare(Color::White) || bare(Color::Black) {
            return None;
        }
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
    use crate::variants::tamerlane::Kind;
    use crate::variants::Variant;
    use timur_search::{Game, MoveList};

    #[test]
    fn features_cover_the_inputs_once_per_view() {
        for perspective in 0..2 {
            let mut seen = vec![false; Tamerlane::FEATURES.inputs as usize];
            for color in 0..2 {
                for kind in 0..KINDS {
                    for square in 0..SQUARES {
                        let feature = Tamerlane::feature(perspective, color, kind, square);
                        assert!(!seen[feature], "{feature} twice");
                        seen[feature] = true;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
        assert_eq!(Tamerlane::FEATURES.inputs, 5152);
    }

    #[test]
    fn black_sees_the_board_turned_round() {
        // a1 ↔ k10, f5 (49) ↔ f6 (60), l2 ↔ z9.
        for (square, turned) in [(0, 109), (49, 60), (110, 111), (111, 110)] {
            assert_eq!(rotated(square), turned);
        }
        // White's king on f1 seen by White is Black's king on f10 seen by
        // Black: the same feature.
        let f1 = 5;
        let f10 = 104;
        let king = Kind::King.index();
        assert_eq!(
            Tamerlane::feature(0, 0, king, f1),
            Tamerlane::feature(1, 1, king, f10)
        );
        assert_eq!(
            Tamerlane::feature(0, 1, king, L2 as usize),
            Tamerlane::feature(1, 0, king, Z9 as usize)
        );
    }

    #[test]
    fn a_bare_royal_is_met_by_the_hand_written_evaluation() {
        let network = Network::from_bytes(Tamerlane::EMBEDDED.unwrap()).unwrap();
        // Rook and two lesser pieces against a bare king, then the same
        // with a black picket left: only the second goes to the network.
        let bare = "4k6/11/11/11/11/11/11/11/2T1W6/R3K6 w -- - 00 0 1";
        let armed = "4k1t4/11/11/11/11/11/11/11/2T1W6/R3K6 w -- - 00 0 1";
        for (tfen, networked) in [(bare, false), (armed, true)] {
            let mut pos = Tamerlane::from_fen(tfen).unwrap();
            pos.attach_network(Some(Arc::new(network.clone())));
            assert_eq!(pos.network_eval().is_some(), networked, "{tfen}");
            if !networked {
                assert_eq!(pos.evaluate(), pos.eval(), "{tfen}");
            }
        }
    }

    #[test]
    fn asking_for_checks_leaves_the_accumulators_as_they_were() {
        let network = Arc::new(Network::from_bytes(Tamerlane::EMBEDDED.unwrap()).unwrap());
        let mut pos = Tamerlane::start_position();
        pos.attach_network(Some(network));
        let mut checks = 0;
        for ply in 0..40 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in moves.iter() {
                let asked = pos.gives_check(mv);
                pos.make_move(mv);
                assert_eq!(asked, pos.in_check(), "{mv:?} at ply {ply}");
                checks += u32::from(asked);
                pos.unmake_move(mv);
            }
            assert!(pos.nnue.is_some(), "the network is back after the probes");
            assert!(pos.accumulators_match_refresh(), "ply {ply}");
            // A seeded walk: the move count picks the move.
            pos.make_move(moves[(ply * 7 + moves.len()) % moves.len()]);
            assert!(pos.accumulators_match_refresh(), "after ply {ply}");
        }
        assert!(checks > 0, "no check asked about");
    }
}
