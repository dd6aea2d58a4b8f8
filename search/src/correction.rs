//! Correction history: per side to move and [`Game::structure_key`], a
//! running average of how far the static evaluation missed the value the
//! search then found. The search adds the average to later static
//! evaluations of positions with the same structure, so an evaluation that
//! keeps misjudging a pawn (or soldier) formation is corrected by what the
//! searches saw.
//!
//! [`Game::structure_key`]: crate::Game::structure_key

use crate::game::Color;

/// Entries per side (a power of two: keys are masked).
const ENTRIES: usize = 1 << 14;
/// Entries keep the average in this many parts of a centipawn.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
pub(crate) const MAX_CORRECTION: i32 = 96;
/// A search's miss counts with weight `depth + 1` (at most this) out of
/// [`WEIGHT_SCALE`]: deeper searches teach more.
const MAX_WEIGHT: i32 = 16;
const WEIGHT_SCALE: i32 = 256;

/// The table of one search thread.
#[derive(Clone, Debug, Default)]
pub(crate) struct Correction {
    entries: Vec<i32>,
}

impl Correction {
    fn slot(&mut self, side: Color, key: u64) -> &mut i32 {
        if self.entries.is_empty() {
            self.entries = vec![0; 2 * ENTRIES];
        }
        &mut self.entries[side.index() * ENTRIES + (key as usize & (ENTRIES - 1))]
    }

    /// What to add to a static evaluation of `side` to move with this
    /// structure key, in centipawns.
    pub fn get(&self, side: Color, key: u64) -> i32 {
        self.entries
            .get(side.index() * ENTRIES + (key as usize & (ENTRIES - 1)))
            .map_or(0, |entry| entry / GRAIN)
    }

    /// Learns that a search of `depth` plies found `miss` centipawns more
    /// than the uncorrected static evaluation.
    pub fn update(&mut self, side: Color, key: u64, miss: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = miss.clamp(-4 * MAX_CORRECTION, 4 * MAX_CORRECTION) * GRAIN;
        let entry = self.slot(side, key);
        let averaged = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        *entry = averaged.clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_towards_the_miss_per_side_and_key_within_bounds() {
        let mut table = Correction::default();
        assert_eq!(table.get(Color::White, 7), 0);
        for _ in 0..200 {
            table.update(Color::White, 7, 40, 10);
        }
        assert!((38..=40).contains(&table.get(Color::White, 7)));
        assert_eq!(table.get(Color::Black, 7), 0);
        assert_eq!(table.get(Color::White, 8), 0);
        for _ in 0..200 {
            table.update(Color::Black, 3, -10_000, 20);
        }
        assert_eq!(table.get(Color::Black, 3), -MAX_CORRECTION);
        // A shallow search moves the average less than a deep one.
        let mut shallow = Correction::default();
        let mut deep = Correction::default();
        shallow.update(Color::White, 1, 100, 0);
        deep.update(Color::White, 1, 100, 12);
        assert!(shallow.get(Color::White, 1) < deep.get(Color::White, 1));
        table.clear();
        assert_eq!(table.get(Color::White, 7), 0);
    }
}
