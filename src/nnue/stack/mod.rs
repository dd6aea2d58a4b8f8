//! The accumulators of the positions along the line being searched: one
//! entry per move made since the network was attached. A game pushes before
//! a move, adds and removes the pieces the move changes, and pops when the
//! move is taken back.
//!
//! Updates are lazy and fused (as in Stockfish): a move only records its
//! feature changes; the accumulators are computed when the position is
//! evaluated, each from its parent in one pass (parent ± columns), so the
//! positions the search never evaluates (table cut-offs, checks, draws)
//! cost no accumulator work at all.
//!
//! Two stacks behind one type, chosen once per network: [`narrow`] for a
//! plain feature set and at most [`NARROW`] hidden neurons (every shipped
//! network: fixed-size values in the entries, one flag per entry), and
//! [`wide`] for the rest (values sized by the network, and with a
//! bucketed feature set each side's view and refreshes).

mod narrow;
mod wide;

use super::features::Features;
use super::network::Network;
use super::values::NARROW;
use std::sync::Arc;

/// Most feature changes one move makes (a chess castling: two pieces off,
/// two on).
const MAX_CHANGES: usize = 4;

/// A network and the accumulator stack of one position of the game `F`
/// (whose [`Features`] say which feature each piece is).
pub enum AccumulatorStack<F> {
    /// A plain network of at most [`NARROW`] neurons.
    Narrow(narrow::Stack<F>),
    /// Any other (boxed: a game moves its stack in and out by value).
    Wide(Box<wide::Stack<F>>),
}

// By hand: a derive would ask `F` to be `Clone` and `Debug` too.
impl<F> Clone for AccumulatorStack<F> {
    fn clone(&self) -> Self {
        match self {
            AccumulatorStack::Narrow(stack) => AccumulatorStack::Narrow(stack.clone()),
            AccumulatorStack::Wide(stack) => AccumulatorStack::Wide(stack.clone()),
        }
    }
}

impl<F> std::fmt::Debug for AccumulatorStack<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AccumulatorStack::Narrow(stack) => stack.fmt(f),
            AccumulatorStack::Wide(stack) => stack.fmt(f),
        }
    }
}

/// `$call` on whichever stack `$self` is.
macro_rules! either {
    ($self:expr, $stack:ident => $call:expr) => {
        match $self {
            AccumulatorStack::Narrow($stack) => $call,
            AccumulatorStack::Wide($stack) => $call,
        }
    };
}

impl<F: Features> AccumulatorStack<F> {
    /// A stack whose only entry is `pieces` (color, kind, square) from
    /// scratch.
    pub fn new(network: Arc<Network>, pieces: impl Iterator<Item = (usize, usize, usize)>) -> Self {
        if network.features == F::FEATURES && network.hidden() <= NARROW {
            AccumulatorStack::Narrow(narrow::Stack::new(network, pieces))
        } else {
            AccumulatorStack::Wide(Box::new(wide::Stack::new(network, pieces)))
        }
    }

    /// A piece arrives on `square`.
    #[inline]
    pub fn add(&mut self, color: usize, kind: usize, square: usize) {
        either!(self, stack => stack.add(color, kind, square))
    }

    /// A piece leaves `square`.
    #[inline]
    pub fn remove(&mut self, color: usize, kind: usize, square: usize) {
        either!(self, stack => stack.remove(color, kind, square))
    }

    /// Before a move: a new entry, still to be computed from this one.
    #[inline]
    pub fn push(&mut self) {
        either!(self, stack => stack.push())
    }

    /// After a move is taken back.
    #[inline]
    pub fn pop(&mut self) {
        either!(self, stack => stack.pop())
    }

    /// The evaluation in centipawns for `mover` (0 White/Red, 1 Black) of
    /// a position with `count` pieces on the board, which are `pieces`
    /// (color, kind, square: read only where a bucketed network's view
    /// changed since its last computed entry).
    #[inline]
    pub fn evaluate_position(
        &mut self,
        mover: usize,
        count: u32,
        pieces: impl Iterator<Item = (usize, usize, usize)> + Clone,
    ) -> i32 {
        match self {
            AccumulatorStack::Narrow(stack) => stack.evaluate(mover, count),
            AccumulatorStack::Wide(stack) => stack.evaluate_position(mover, count, pieces),
        }
    }

    /// [`AccumulatorStack::evaluate_position`] for a game without a
    /// bucketed feature set (its views never change).
    #[inline]
    pub fn evaluate(&mut self, mover: usize, count: u32) -> i32 {
        either!(self, stack => stack.evaluate(mover, count))
    }

    /// Whether the top accumulators, brought up to date, equal a refresh
    /// from `pieces` (tests).
    pub fn matches(&self, pieces: impl Iterator<Item = (usize, usize, usize)>) -> bool {
        either!(self, stack => stack.matches(pieces))
    }
}
