//! The xiangqi position's NNUE accumulators: a move takes its piece off
//! `from`, the captured piece off `to`, and puts the piece on `to`.

use super::board::{color_of, kind_index};
use super::position::Xiangqi;
use crate::bitboard::Bits;
use crate::nnue::active::Embedded;
use crate::nnue::network::Network;
use crate::nnue::record::GameTag;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;

/// The network built into the binary (how it was made: docs/nnue.md). On
/// by default: it beat the network before it, which beat the hand-written
/// evaluation (`setoption name UseNNUE value false` returns to that).
pub const EMBEDDED_NETWORK: Embedded = Embedded {
    game: GameTag::Xiangqi,
    bytes: include_bytes!("networks/xiangqi-f3s.tmnn"),
    on_by_default: true,
};

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
