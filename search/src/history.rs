//! Move-ordering memory of one search thread that lasts from search to search
//! (until `clear`): the butterfly history of quiet moves and the counter-move
//! table, both indexed by `Game::history_index` and the side to move.

use crate::game::Color;

/// History values stay within `-HISTORY_MAX..=HISTORY_MAX`.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// The tables of one thread. Sized for one game; switching to a game with a
/// different `HISTORY_SIZE` starts them afresh.
#[derive(Clone, Debug, Default)]
pub(crate) struct Histories {
    size: usize,
    quiet: Vec<i32>,
    counters: Vec<Option<u32>>,
}

impl Histories {
    /// Makes the tables fit a game with `size` history slots.
    pub fn prepare(&mut self, size: usize) {
        if self.size != size || self.quiet.len() != 2 * size {
            self.size = size;
            self.quiet = vec![0; 2 * size];
            self.counters = vec![None; 2 * size];
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.counters.fill(None);
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
}
