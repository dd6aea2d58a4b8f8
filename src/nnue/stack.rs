//! The accumulators of the positions along the line being searched: one
//! entry per move made since the network was attached. A game pushes before
//! a move, adds and removes the pieces the move changes, and pops when the
//! move is taken back.

use super::network::{Accumulator, Network};
use std::sync::Arc;

/// A network and the accumulator stack of one position.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    network: Arc<Network>,
    stack: Vec<Accumulator>,
}

impl AccumulatorStack {
    /// A stack whose only entry is `pieces` (color, kind, square) from
    /// scratch.
    pub fn new(network: Arc<Network>, pieces: impl Iterator<Item = (usize, usize, usize)>) -> Self {
        let mut stack = Vec::with_capacity(256);
        stack.push(network.refresh(pieces));
        AccumulatorStack { network, stack }
    }

    /// A piece arrives on `square`.
    #[inline]
    pub fn add(&mut self, color: usize, kind: usize, square: usize) {
        if let Some(acc) = self.stack.last_mut() {
            self.network.add(acc, color, kind, square);
        }
    }

    /// A piece leaves `square`.
    #[inline]
    pub fn remove(&mut self, color: usize, kind: usize, square: usize) {
        if let Some(acc) = self.stack.last_mut() {
            self.network.remove(acc, color, kind, square);
        }
    }

    /// Before a move: the new position starts from the current accumulators.
    #[inline]
    pub fn push(&mut self) {
        if let Some(top) = self.stack.last() {
            let copy = top.clone();
            self.stack.push(copy);
        }
    }

    /// After a move is taken back.
    #[inline]
    pub fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// The evaluation in centipawns for `mover` (0 White/Red, 1 Black).
    pub fn evaluate(&self, mover: usize) -> i32 {
        self.stack
            .last()
            .map_or(0, |acc| self.network.evaluate(acc, mover))
    }

    /// Whether the top accumulators equal a refresh from `pieces` (tests).
    pub fn matches(&self, pieces: impl Iterator<Item = (usize, usize, usize)>) -> bool {
        self.stack.last() == Some(&self.network.refresh(pieces))
    }
}
