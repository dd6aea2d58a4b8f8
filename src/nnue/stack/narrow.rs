//! The stack of a plain network of at most [`NARROW`] hidden neurons
//! (main's shape, kept for speed: the values are fixed-size arrays in the
//! entries, and one flag per entry says whether both perspectives are
//! computed).

use super::MAX_CHANGES;
use crate::nnue::features::Features;
use crate::nnue::network::{Accumulator, Change, Network};
use crate::nnue::output::OutputLayer;
use crate::nnue::values::Inline;
#[cfg(doc)]
use crate::nnue::values::NARROW;
use arrayvec::ArrayVec;
use std::marker::PhantomData;
use std::sync::Arc;

/// One position's accumulators, or the changes that lead to them from the
/// entry below.
#[derive(Clone, Debug)]
struct Entry {
    accumulator: Accumulator<Inline>,
    /// Whether `accumulator` is up to date (else `changes` say how to get
    /// it from the entry below).
    computed: bool,
    changes: ArrayVec<Change, MAX_CHANGES>,
}

/// A network and the accumulator stack of one position of the game `F`
/// (whose [`Features`] say which feature each piece is).
pub struct Stack<F> {
    network: Arc<Network>,
    /// `network`'s output layer as the search evaluates it (made once:
    /// the network cannot change while the stack holds it).
    output: Arc<OutputLayer>,
    /// Entries `0..=top` are the line; the ones above are kept for reuse.
    /// Entry 0 is always computed.
    entries: Vec<Entry>,
    top: usize,
    game: PhantomData<fn() -> F>,
}

// By hand: a derive would ask `F` to be `Clone` and `Debug` too.
impl<F> Clone for Stack<F> {
    fn clone(&self) -> Self {
        Stack {
            network: self.network.clone(),
            output: self.output.clone(),
            entries: self.entries.clone(),
            top: self.top,
            game: PhantomData,
        }
    }
}

impl<F> std::fmt::Debug for Stack<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("narrow::Stack")
            .field("network", &self.network)
            .field("entries", &self.entries)
            .field("top", &self.top)
            .finish()
    }
}

impl<F: Features> Stack<F> {
    /// A stack whose only entry is `pieces` (color, kind, square) from
    /// scratch.
    pub fn new(network: Arc<Network>, pieces: impl Iterator<Item = (usize, usize, usize)>) -> Self {
        let root = Entry {
            accumulator: network.refresh(features_of::<F>(pieces)),
            computed: true,
            changes: ArrayVec::new(),
        };
        let mut entries = Vec::with_capacity(256);
        entries.push(root);
        Stack {
            output: Arc::new(OutputLayer::new(&network)),
            network,
            entries,
            top: 0,
            game: PhantomData,
        }
    }

    /// A piece arrives on `square`.
    #[inline]
    pub fn add(&mut self, color: usize, kind: usize, square: usize) {
        let change = self.network.change(F::features(color, kind, square), true);
        self.record(change);
    }

    /// A piece leaves `square`.
    #[inline]
    pub fn remove(&mut self, color: usize, kind: usize, square: usize) {
        let change = self.network.change(F::features(color, kind, square), false);
        self.record(change);
    }

    /// Notes `change` on the top entry, or applies it at once if the top is
    /// computed (a position being set up) or has no room left.
    #[inline]
    fn record(&mut self, change: Change) {
        let entry = &mut self.entries[self.top];
        if entry.computed {
            self.network.apply(&mut entry.accumulator, change);
        } else if let Err(full) = entry.changes.try_push(change) {
            self.compute_top();
            let entry = &mut self.entries[self.top];
            self.network.apply(&mut entry.accumulator, full.element());
        }
    }

    /// Before a move: a new entry, still to be computed from this one.
    #[inline]
    pub fn push(&mut self) {
        self.top += 1;
        if self.top == self.entries.len() {
            let fresh = self.entries[0].clone();
            self.entries.push(fresh);
        }
        let entry = &mut self.entries[self.top];
        entry.computed = false;
        entry.changes.clear();
    }

    /// After a move is taken back.
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// Computes the entries from the highest computed one up to the top.
    fn compute_top(&mut self) {
        let mut first = self.top;
        while !self.entries[first].computed {
            first -= 1;
        }
        for index in first + 1..=self.top {
            let (below, above) = self.entries.split_at_mut(index);
            let entry = &mut above[0];
            self.network.update(
                &below[index - 1].accumulator,
                &mut entry.accumulator,
                &entry.changes,
                [true; 2],
            );
            entry.computed = true;
            entry.changes.clear();
        }
    }

    /// The evaluation in centipawns for `mover` (0 White/Red, 1 Black) of
    /// a position with `pieces` pieces on the board.
    pub fn evaluate(&mut self, mover: usize, pieces: u32) -> i32 {
        self.compute_top();
        let bucket = self.network.bucket(pieces, F::MOST_PIECES);
        self.output
            .evaluate(&self.entries[self.top].accumulator, mover, bucket)
    }

    /// Whether the top accumulators, brought up to date, equal a refresh
    /// from `pieces` (tests).
    pub fn matches(&self, pieces: impl Iterator<Item = (usize, usize, usize)>) -> bool {
        let mut current = self.clone();
        current.compute_top();
        current.entries[current.top].accumulator == self.network.refresh(features_of::<F>(pieces))
    }
}

/// The features of pieces given as (color, kind, square).
fn features_of<F: Features>(
    pieces: impl Iterator<Item = (usize, usize, usize)>,
) -> impl Iterator<Item = [usize; 2]> {
    pieces.map(|(color, kind, square)| F::features(color, kind, square))
}
