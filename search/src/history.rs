//! Move-ordering memory of one search thread that lasts from search to search
//! (until `clear`): the butterfly history of quiet moves and the counter-move
//! table, both indexed by `Game::history_index` and the side to move, and
//! the continuation histories, indexed by the move one or two plies back and
//! the move tried now; and the evaluation's correction history
//! ([`Correction`]).

use crate::correction::Correction;
use crate::game::Color;

/// History values stay within `-HISTORY_MAX..=HISTORY_MAX`.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// Continuation histories (and the correction history's move-pair table)
/// are kept for games with at most this many history slots: each table
/// has slots² entries.
pub(crate) const CONTINUATION_MAX_SLOTS: usize = 2048;

/// How many plies back the continuation histories look (1: the
/// opponent's last move; 2: the mover's own move before it).
pub(crate) const CONTINUATION_PLIES: usize = 2;

/// The tables of one thread. Sized for one game; switching to a game with a
/// different `HISTORY_SIZE` starts them afresh.
#[derive(Clone, Debug, Default)]
pub(crate) struct Histories {
    size: usize,
    quiet: Vec<i32>,
    counters: Vec<Option<u32>>,
    /// `CONTINUATION_PLIES` tables of `size × size`, or none for games with
    /// more than `CONTINUATION_MAX_SLOTS` slots.
    continuation: Vec<i16>,
    /// The evaluation's correction history (kept here: it lives and is
    /// cleared with the move-ordering memory).
    pub correction: Correction,
}

impl Histories {
    /// Makes the tables fit a game with `size` history slots.
    pub fn prepare(&mut self, size: usize) {
        self.correction.prepare(size);
        if self.size != size || self.quiet.len() != 2 * size {
            self.size = size;
            self.quiet = vec![0; 2 * size];
            self.counters = vec![None; 2 * size];
            self.continuation = if size <= CONTINUATION_MAX_SLOTS {
                vec![0; CONTINUATION_PLIES * size * size]
            } else {
                Vec::new()
            };
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.counters.fill(None);
        self.continuation.fill(0);
        self.correction.clear();
    }

    fn slot(&self, side: Color, index: usize) -> Option<usize> {
        (index < self.size).then_some(side.index() * self.size + index)
    }

    /// How well a quiet move with this history index did for `side`.
    pub fn quiet(&self, side: Color, index: usize) -> i32 {
        self.slot(side, index).map_or(0, |slot| self.quiet[slot])
    }

    /// Adds `bonus` (negative: a malus), with gravity towards zero so values
    /// stay bounded.
    pub fn update_quiet(&mut self, side: Color, index: usize, bonus: i32) {
        if let Some(slot) = self.slot(side, index) {
            let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            let entry = &mut self.quiet[slot];
            *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
        }
    }

    fn continuation_slot(&self, back: usize, previous: usize, index: usize) -> Option<usize> {
        let size = self.size;
        (back < CONTINUATION_PLIES
            && previous < size
            && index < size
            && !self.continuation.is_empty())
        .then(|| (back * size + previous) * size + index)
    }

    /// How well the quiet move `index` did after the move `previous` played
    /// `back + 1` plies earlier (0 where the game keeps no such table).
    pub fn continuation(&self, back: usize, previous: usize, index: usize) -> i32 {
        self.continuation_slot(back, previous, index)
            .map_or(0, |slot| i32::from(self.continuation[slot]))
    }

    /// Adds `bonus` to a continuation entry, with the same gravity as
    /// [`Histories::update_quiet`].
    pub fn update_continuation(&mut self, back: usize, previous: usize, index: usize, bonus: i32) {
        if let Some(slot) = self.continuation_slot(back, previous, index) {
            let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            let entry = i32::from(self.continuation[slot]);
            let updated = entry + bonus - entry * bonus.abs() / HISTORY_MAX;
            self.continuation[slot] = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
        }
    }

    /// The move code that refuted the opponent's move with history index
    /// `previous` last time, for `side`.
    pub fn counter(&self, side: Color, previous: usize) -> Option<u32> {
        self.slot(side, previous)
            .and_then(|slot| self.counters[slot])
    }

    /// Remembers `code` as `side`'s refutation of the move `previous`.
    pub fn set_counter(&mut self, side: Color, previous: usize, code: u32) {
        if let Some(slot) = self.slot(side, previous) {
            self.counters[slot] = Some(code);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_is_bounded_and_per_side() {
        let mut h = Histories::default();
        h.prepare(10);
        for _ in 0..1000 {
            h.update_quiet(Color::White, 3, 5000);
        }
        assert!(
            h.quiet(Color::White, 3) <= HISTORY_MAX && h.quiet(Color::White, 3) > HISTORY_MAX / 2
        );
        assert_eq!(h.quiet(Color::Black, 3), 0);
        assert_eq!(
            h.quiet(Color::White, 99),
            0,
            "out-of-range indices are ignored"
        );
        h.update_quiet(Color::White, 99, 1);
        h.set_counter(Color::Black, 4, 77);
        assert_eq!(h.counter(Color::Black, 4), Some(77));
        assert_eq!(h.counter(Color::White, 4), None);
        h.clear();
        assert_eq!(
            (h.quiet(Color::White, 3), h.counter(Color::Black, 4)),
            (0, None)
        );
        h.prepare(10);
        h.prepare(12);
        assert_eq!(h.quiet(Color::White, 11), 0);
    }

    #[test]
    fn continuation_is_bounded_and_keyed_by_both_moves() {
        let mut h = Histories::default();
        h.prepare(10);
        for _ in 0..1000 {
            h.update_continuation(1, 2, 3, 5000);
            h.update_continuation(0, 2, 3, -5000);
        }
        let up = h.continuation(1, 2, 3);
        assert!(up <= HISTORY_MAX && up > HISTORY_MAX / 2);
        assert!(h.continuation(0, 2, 3) < -HISTORY_MAX / 2);
        assert_eq!(h.continuation(1, 3, 2), 0);
        assert_eq!(h.continuation(1, 2, 4), 0);
        assert_eq!(h.continuation(2, 2, 3), 0, "only two plies back are kept");
        assert_eq!(
            h.continuation(1, 10, 3),
            0,
            "out-of-range indices are ignored"
        );
        h.clear();
        assert_eq!(h.continuation(1, 2, 3), 0);
        // A game with too many slots keeps no continuation tables.
        h.prepare(CONTINUATION_MAX_SLOTS + 1);
        h.update_continuation(0, 1, 1, 100);
        assert_eq!(h.continuation(0, 1, 1), 0);
    }
}
