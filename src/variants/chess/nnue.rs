//! The chess position's NNUE accumulators: a stack with one entry per move
//! made since the network was attached, updated as pieces are put and
//! removed (so castling, en passant and promotions need no special case).

use super::{Chess, Piece, Square};
use crate::bitboard::Bits;
use crate::nnue::network::{Accumulator, Network};
use std::sync::Arc;

/// A network and the accumulators of the positions along the current line.
#[derive(Clone, Debug)]
pub(super) struct NnueState {
    network: Arc<Network>,
    stack: Vec<Accumulator>,
}

impl NnueState {
    fn top(&mut self) -> Option<&mut Accumulator> {
        self.stack.last_mut()
    }

    /// A piece arrives on `sq`.
    #[inline]
    pub(super) fn put(&mut self, piece: Piece, sq: Square) {
        let network = Arc::clone(&self.network);
        if let Some(acc) = self.top() {
            network.add(acc, piece.color().index(), piece.kind().index(), sq.index());
        }
    }

    /// A piece leaves `sq`.
    #[inline]
    pub(super) fn remove(&mut self, piece: Piece, sq: Square) {
        let network = Arc::clone(&self.network);
        if let Some(acc) = self.top() {
            network.remove(acc, piece.color().index(), piece.kind().index(), sq.index());
        }
    }

    /// Before a move: the new position starts from the current accumulators.
    #[inline]
    pub(super) fn push(&mut self) {
        if let Some(top) = self.stack.last() {
            let copy = top.clone();
            self.stack.push(copy);
        }
    }

    /// After a move is taken back.
    #[inline]
    pub(super) fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }
}

impl Chess {
    /// Evaluates with `network` from now on (`None`: the hand-written
    /// evaluation); the accumulators are computed from scratch.
    pub fn attach_network(&mut self, network: Option<Arc<Network>>) {
        self.nnue = network.map(|network| {
            let mut stack = Vec::with_capacity(256);
            stack.push(self.refreshed(&network));
            NnueState { network, stack }
        });
    }

    /// Whether a network evaluates this position.
    pub fn has_network(&self) -> bool {
        self.nnue.is_some()
    }

    /// The accumulators of this position computed from scratch.
    fn refreshed(&self, network: &Network) -> Accumulator {
        network.refresh(self.occupied().squares().map(|sq| {
            let piece = self.board[sq as usize];
            (piece.color().index(), piece.kind().index(), sq as usize)
        }))
    }

    /// The network's evaluation for the side to move, if one is attached.
    pub(super) fn network_eval(&self) -> Option<i32> {
        let state = self.nnue.as_ref()?;
        let acc = state.stack.last()?;
        Some(state.network.evaluate(acc, self.side.index()))
    }

    /// Whether the incremental accumulators equal a refresh (tests).
    pub fn accumulators_match_refresh(&self) -> bool {
        match &self.nnue {
            Some(state) => state.stack.last() == Some(&self.refreshed(&state.network)),
            None => true,
        }
    }
}
