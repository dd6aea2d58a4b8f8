//! The chess position's NNUE accumulators: updated as pieces are put and
//! removed (so castling, en passant and promotions need no special case).

use super::Chess;
use crate::bitboard::Bits;
use crate::nnue::active::Embedded;
use crate::nnue::network::Network;
use crate::nnue::record::GameTag;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;

/// The network built into the binary (how it was made: docs/nnue.md). On
/// by default: it beat the network before it, which beat the hand-written
/// evaluation, in SPRTs (`setoption name UseNNUE value false` returns to
/// the hand-written evaluation).
pub const EMBEDDED_NETWORK: Embedded = Embedded {
    game: GameTag::Chess,
    bytes: include_bytes!("networks/chess-f5s.tmnn"),
    on_by_default: true,
};

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
