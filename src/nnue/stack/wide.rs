//! The stack of any other network (wider than [`NARROW`], or bucketed):
//! values sized by the network, computed per perspective. With a bucketed
//! network (the game's [`Features::BUCKETED`] set), each entry also keeps
//! both perspectives' [`View`]s; a move that changes a perspective's view
//! (in chess, a king move to another bucket or across the centre file)
//! marks it for a refresh, which is built from the position's pieces
//! through the [`RefreshCache`].

use super::MAX_CHANGES;
use crate::nnue::features::{bucketed_features, views_of, Features, View};
use crate::nnue::network::{Accumulator, Change, Network};
use crate::nnue::output::OutputLayer;
use crate::nnue::refresh_cache::RefreshCache;
#[cfg(doc)]
use crate::nnue::values::NARROW;
use arrayvec::ArrayVec;
use std::marker::PhantomData;
use std::sync::Arc;

/// One position's accumulators, or the changes that lead to them from the
/// entry below.
#[derive(Clone, Debug)]
struct Entry {
    accumulator: Accumulator,
    /// Per perspective: whether its half of `accumulator` is up to date
    /// (else `changes` say how to get it from the entry below, or
    /// `refresh` says it comes from the pieces).
    computed: [bool; 2],
    /// Per perspective: whether its view changed here, so its half cannot
    /// come from the entry below.
    refresh: [bool; 2],
    /// Each perspective's view of this position.
    views: [View; 2],
    changes: ArrayVec<Change, MAX_CHANGES>,
}

/// A network and the accumulator stack of one position of the game `F`
/// (whose [`Features`] say which feature each piece is).
pub struct Stack<F> {
    network: Arc<Network>,
    /// `network`'s output layer as the search evaluates it (made once:
    /// the network cannot change while the stack holds it).
    output: Arc<OutputLayer>,
    /// The refresh cache if the network reads the game's bucketed set.
    cache: Option<RefreshCache>,
    /// Entries `0..=top` are the line; the ones above are kept for reuse.
    /// For each perspective, entry 0 is computed or marked for a refresh.
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
            cache: self.cache.clone(),
            entries: self.entries.clone(),
            top: self.top,
            game: PhantomData,
        }
    }
}

impl<F> std::fmt::Debug for Stack<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("wide::Stack")
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
        let pieces: Vec<_> = pieces.collect();
        let pieces = pieces.iter().copied();
        let cache = F::BUCKETED
            .filter(|&set| network.features == set)
            .map(|set| {
                let plain = F::FEATURES.inputs as usize;
                RefreshCache::new(&network, plain, set.inputs as usize / plain)
            });
        let mut stack = Stack {
            entries: Vec::with_capacity(256),
            top: 0,
            game: PhantomData,
            cache,
            output: Arc::new(OutputLayer::new(&network)),
            network,
        };
        let root = Entry {
            accumulator: stack.refreshed(pieces.clone()),
            computed: [true; 2],
            refresh: [false; 2],
            views: stack.views(pieces),
            changes: ArrayVec::new(),
        };
        stack.entries.push(root);
        stack
    }

    /// The accumulators of `pieces` from scratch.
    fn refreshed(
        &self,
        pieces: impl Iterator<Item = (usize, usize, usize)> + Clone,
    ) -> Accumulator {
        if self.cache.is_some() {
            self.network.refresh(bucketed_features::<F>(pieces))
        } else {
            self.network
                .refresh(pieces.map(|(color, kind, square)| F::features(color, kind, square)))
        }
    }

    /// Both perspectives' views of `pieces` (the default without buckets).
    fn views(&self, pieces: impl Iterator<Item = (usize, usize, usize)>) -> [View; 2] {
        if self.cache.is_some() {
            views_of::<F>(pieces)
        } else {
            [View::default(); 2]
        }
    }

    /// A piece arrives on `square` (not inlined: the narrow stack's
    /// callers stay small).
    #[inline(never)]
    pub fn add(&mut self, color: usize, kind: usize, square: usize) {
        if self.cache.is_some() {
            self.follow_views(color, kind, square);
        }
        let change = self
            .network
            .change(self.features(color, kind, square), true);
        self.record(change);
    }

    /// A piece leaves `square` (not inlined, as [`Stack::add`]).
    #[inline(never)]
    pub fn remove(&mut self, color: usize, kind: usize, square: usize) {
        let change = self
            .network
            .change(self.features(color, kind, square), false);
        self.record(change);
    }

    /// The piece's features from both perspectives in the top entry's
    /// views.
    #[inline]
    fn features(&self, color: usize, kind: usize, square: usize) -> [usize; 2] {
        if self.cache.is_none() {
            return F::features(color, kind, square);
        }
        let views = self.entries[self.top].views;
        [0, 1].map(|p| F::bucketed_feature(p, views[p], color, kind, square))
    }

    /// A piece arriving may change a perspective's view (the piece that
    /// decides it): that perspective is then refreshed.
    #[inline]
    fn follow_views(&mut self, color: usize, kind: usize, square: usize) {
        let entry = &mut self.entries[self.top];
        for perspective in 0..2 {
            match F::view(perspective, color, kind, square) {
                Some(view) if view != entry.views[perspective] => {
                    entry.views[perspective] = view;
                    entry.refresh[perspective] = true;
                    entry.computed[perspective] = false;
                }
                _ => {}
            }
        }
    }

    /// Notes `change` on the top entry: applied at once to the
    /// perspectives already computed (a position being set up), kept for
    /// the others; if there is no room left, the top is first computed as
    /// far as it can be without the pieces.
    #[inline]
    fn record(&mut self, change: Change) {
        let entry = &mut self.entries[self.top];
        if entry.computed.contains(&false) && entry.changes.is_full() {
            self.compute_from_below();
        }
        let entry = &mut self.entries[self.top];
        if entry.computed == [true; 2] {
            self.network.apply(&mut entry.accumulator, change);
            return;
        }
        for perspective in 0..2 {
            if entry.computed[perspective] {
                let values = &mut entry.accumulator.values[perspective];
                self.network.apply_to(values, change, perspective);
            }
        }
        entry.changes.push(change);
    }

    /// Before a move: a new entry, still to be computed from this one.
    #[inline]
    pub fn push(&mut self) {
        self.top += 1;
        if self.top == self.entries.len() {
            let fresh = self.entries[0].clone();
            self.entries.push(fresh);
        }
        let views = self.entries[self.top - 1].views;
        let entry = &mut self.entries[self.top];
        entry.computed = [false; 2];
        entry.refresh = [false; 2];
        entry.views = views;
        entry.changes.clear();
    }

    /// After a move is taken back.
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// The highest entry at or below the top whose `perspective` half is
    /// computed or marked for a refresh.
    #[inline]
    fn base(&self, perspective: usize) -> usize {
        let mut index = self.top;
        while !self.entries[index].computed[perspective]
            && !self.entries[index].refresh[perspective]
        {
            index -= 1;
        }
        index
    }

    /// Computes each perspective's half of the entries from its base up to
    /// the top where the base is computed; a perspective whose base is
    /// marked for a refresh is left to [`Stack::evaluate_position`].
    fn compute_from_below(&mut self) {
        let bases = [0, 1].map(|p| self.base(p));
        let from_below = [0, 1].map(|p| self.entries[bases[p]].computed[p]);
        for index in bases[0].min(bases[1]) + 1..=self.top {
            let which = [0, 1].map(|p| from_below[p] && index > bases[p]);
            if which == [false; 2] {
                continue;
            }
            let (below, above) = self.entries.split_at_mut(index);
            let entry = &mut above[0];
            self.network.update(
                &below[index - 1].accumulator,
                &mut entry.accumulator,
                &entry.changes,
                which,
            );
            for (computed, now) in entry.computed.iter_mut().zip(which) {
                *computed |= now;
            }
        }
        // Each perspective is now computed or refreshed from the pieces:
        // neither needs the top's changes.
        self.entries[self.top].changes.clear();
    }

    /// Brings the top entry up to date: from below where it can, else
    /// (a perspective whose view changed along the way) from `pieces`,
    /// the position's (color, kind, square), through the refresh cache.
    fn compute_top(&mut self, pieces: impl Iterator<Item = (usize, usize, usize)> + Clone) {
        self.compute_from_below();
        let top = self.top;
        for perspective in 0..2 {
            if self.entries[top].computed[perspective] {
                continue;
            }
            let Some(cache) = self.cache.as_mut() else {
                continue;
            };
            let entry = &mut self.entries[top];
            let view = entry.views[perspective];
            let features = pieces.clone().map(|(color, kind, square)| {
                F::viewed_feature(perspective, view, color, kind, square)
            });
            let values = &mut entry.accumulator.values[perspective];
            cache.refresh(&self.network, perspective, view, features, values);
            entry.computed[perspective] = true;
        }
    }

    /// The evaluation in centipawns for `mover` (0 White/Red, 1 Black) of
    /// a position with `count` pieces on the board, which are `pieces`
    /// (color, kind, square: read only where a perspective's view changed
    /// since its last computed entry).
    pub fn evaluate_position(
        &mut self,
        mover: usize,
        count: u32,
        pieces: impl Iterator<Item = (usize, usize, usize)> + Clone,
    ) -> i32 {
        self.compute_top(pieces);
        let bucket = self.network.bucket(count, F::MOST_PIECES);
        self.output
            .evaluate(&self.entries[self.top].accumulator, mover, bucket)
    }

    /// [`Stack::evaluate_position`] for a game without a
    /// bucketed feature set (its views never change).
    pub fn evaluate(&mut self, mover: usize, count: u32) -> i32 {
        debug_assert!(self.cache.is_none(), "a bucketed network needs the pieces");
        self.evaluate_position(mover, count, std::iter::empty())
    }

    /// Whether the top accumulators, brought up to date, equal a refresh
    /// from `pieces` (tests).
    pub fn matches(&self, pieces: impl Iterator<Item = (usize, usize, usize)>) -> bool {
        let pieces: Vec<_> = pieces.collect();
        let pieces = pieces.iter().copied();
        let mut current = self.clone();
        current.compute_top(pieces.clone());
        let top = &current.entries[current.top];
        top.views == self.views(pieces.clone()) && top.accumulator == self.refreshed(pieces)
    }
}
