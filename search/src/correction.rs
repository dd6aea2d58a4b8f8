//! Correction history: running averages of how far the static evaluation
//! missed the value the search then found, added to later static
//! evaluations of similar positions. Three kinds of table, each learning
//! the part of the miss the others leave: one per side to move and
//! [`Game::structure_key`] (an evaluation that keeps misjudging a pawn or
//! soldier formation is corrected by what the searches saw); one per side
//! to move and each side's [`Game::piece_keys`] (Stockfish's non-pawn
//! correction: the same for a placement of the pieces); and one per pair
//! of the last two moves (continuation correction, Stockfish's
//! `continuationCorrectionHistory`: the evaluation misjudges the
//! consequences of some move sequences the same way wherever they occur).
//!
//! [`Game::structure_key`]: crate::Game::structure_key
//! [`Game::piece_keys`]: crate::Game::piece_keys

use crate::game::Color;
use crate::history::CONTINUATION_MAX_SLOTS;

/// Structure and piece entries per side (a power of two: keys are masked).
const ENTRIES: usize = 1 << 14;
/// Entries keep the average in this many parts of a centipawn.
const GRAIN: i32 = 256;
/// The largest correction of one table, in centipawns.
pub(crate) const MAX_CORRECTION: i32 = 96;
/// A search's miss counts with weight `depth + 1` (at most this) out of
/// [`WEIGHT_SCALE`]: deeper searches teach more.
const MAX_WEIGHT: i32 = 16;
const WEIGHT_SCALE: i32 = 256;

/// Where a position's corrections are kept: its side to move, its
/// structure and piece keys (if the game has them) and the history indices
/// of the moves two plies and one ply before it (if both were real moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CorrectionKey {
    pub side: Color,
    pub structure: Option<u64>,
    pub pieces: Option<[u64; 2]>,
    pub moves: Option<(usize, usize)>,
}

/// The tables of one search thread (entries within `±MAX_CORRECTION ×
/// GRAIN`, which fits an `i16`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Correction {
    structure: Vec<i16>,
    /// By side to move, then by the side whose pieces are keyed.
    pieces: Vec<i16>,
    /// `slots × slots` entries by the two moves, or none for games with
    /// more than [`CONTINUATION_MAX_SLOTS`] slots.
    continuation: Vec<i16>,
    slots: usize,
}

impl Correction {
    /// Makes the tables fit a game with `slots` history slots.
    pub fn prepare(&mut self, slots: usize) {
        if self.structure.is_empty() {
            self.structure = vec![0; 2 * ENTRIES];
            self.pieces = vec![0; 4 * ENTRIES];
        }
        if self.slots != slots {
            self.slots = slots;
            self.continuation = if slots <= CONTINUATION_MAX_SLOTS {
                vec![0; slots * slots]
            } else {
                Vec::new()
            };
        }
    }

    fn structure_slot(&self, key: &CorrectionKey) -> Option<usize> {
        let structure = key.structure?;
        let slot = key.side.index() * ENTRIES + (structure as usize & (ENTRIES - 1));
        (slot < self.structure.len()).then_some(slot)
    }

    /// The piece entries of White's and Black's pieces.
    fn piece_slots(&self, key: &CorrectionKey) -> Option<[usize; 2]> {
        let keys = key.pieces?;
        let first = key.side.index() * 2 * ENTRIES;
        let slots =
            [0, 1].map(|owner| first + owner * ENTRIES + (keys[owner] as usize & (ENTRIES - 1)));
        (slots[1] < self.pieces.len()).then_some(slots)
    }

    fn continuation_slot(&self, key: &CorrectionKey) -> Option<usize> {
        let (two_back, one_back) = key.moves?;
        (two_back < self.slots && one_back < self.slots && !self.continuation.is_empty())
            .then(|| two_back * self.slots + one_back)
    }

    /// What to add to a static evaluation of a position with this key, in
    /// centipawns (the tables' sum).
    pub fn get(&self, key: &CorrectionKey) -> i32 {
        let structure = self
            .structure_slot(key)
            .map_or(0, |slot| i32::from(self.structure[slot]));
        let pieces = self.piece_slots(key).map_or(0, |slots| {
            slots.iter().map(|&slot| i32::from(self.pieces[slot])).sum()
        });
        let continuation = self
            .continuation_slot(key)
            .map_or(0, |slot| i32::from(self.continuation[slot]));
        (structure + pieces + continuation) / GRAIN
    }

    /// Learns that a search of `depth` plies found `miss` centipawns more
    /// than the corrected static evaluation: each table moves its entry
    /// towards closing the miss.
    pub fn update(&mut self, key: &CorrectionKey, miss: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let step =
            miss.clamp(-4 * MAX_CORRECTION, 4 * MAX_CORRECTION) * GRAIN * weight / WEIGHT_SCALE;
        let nudge = |entry: &mut i16| {
            let bound = MAX_CORRECTION * GRAIN;
            *entry = (i32::from(*entry) + step).clamp(-bound, bound) as i16;
        };
        if let Some(slot) = self.structure_slot(key) {
            nudge(&mut self.structure[slot]);
        }
        for slot in self.piece_slots(key).into_iter().flatten() {
            nudge(&mut self.pieces[slot]);
        }
        if let Some(slot) = self.continuation_slot(key) {
            nudge(&mut self.continuation[slot]);
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.structure.fill(0);
        self.pieces.fill(0);
        self.continuation.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(side: Color, structure: Option<u64>, moves: Option<(usize, usize)>) -> CorrectionKey {
        CorrectionKey {
            side,
            structure,
            pieces: None,
            moves,
        }
    }

    /// Feeds `table` the miss that is left after its own correction, as the
    /// search does, `times` times.
    fn teach(table: &mut Correction, key: &CorrectionKey, truth: i32, depth: i32, times: usize) {
        for _ in 0..times {
            let miss = truth - table.get(key);
            table.update(key, miss, depth);
        }
    }

    #[test]
    fn the_structure_table_learns_the_miss_per_side_and_key_within_bounds() {
        let mut table = Correction::default();
        table.prepare(0);
        let white_7 = key(Color::White, Some(7), None);
        assert_eq!(table.get(&white_7), 0);
        teach(&mut table, &white_7, 40, 10, 200);
        assert!((38..=40).contains(&table.get(&white_7)));
        assert_eq!(table.get(&key(Color::Black, Some(7), None)), 0);
        assert_eq!(table.get(&key(Color::White, Some(8), None)), 0);
        assert_eq!(table.get(&key(Color::White, None, None)), 0);
        let black_3 = key(Color::Black, Some(3), None);
        teach(&mut table, &black_3, -10_000, 20, 200);
        assert_eq!(table.get(&black_3), -MAX_CORRECTION);
        table.clear();
        assert_eq!(table.get(&white_7), 0);
    }

    #[test]
    fn a_shallow_search_moves_the_average_less_than_a_deep_one() {
        let (mut shallow, mut deep) = (Correction::default(), Correction::default());
        shallow.prepare(0);
        deep.prepare(0);
        let white_1 = key(Color::White, Some(1), None);
        shallow.update(&white_1, 100, 0);
        deep.update(&white_1, 100, 12);
        assert!(shallow.get(&white_1) < deep.get(&white_1));
    }

    #[test]
    fn the_continuation_table_is_keyed_by_both_moves_in_order() {
        let mut table = Correction::default();
        table.prepare(10);
        let after_2_3 = key(Color::White, None, Some((2, 3)));
        teach(&mut table, &after_2_3, -30, 10, 200);
        assert!((-30..=-28).contains(&table.get(&after_2_3)));
        assert_eq!(table.get(&key(Color::White, None, Some((3, 2)))), 0);
        assert_eq!(table.get(&key(Color::White, None, Some((2, 4)))), 0);
        assert_eq!(
            table.get(&key(Color::White, None, Some((2, 10)))),
            0,
            "out-of-range indices are ignored"
        );
        table.update(&key(Color::White, None, Some((10, 2))), 50, 10);
        // A game with too many slots keeps no continuation table.
        table.prepare(CONTINUATION_MAX_SLOTS + 1);
        let after_1_1 = key(Color::White, None, Some((1, 1)));
        table.update(&after_1_1, 100, 10);
        assert_eq!(table.get(&after_1_1), 0);
    }

    #[test]
    fn both_tables_together_converge_on_the_miss_without_overshooting_it() {
        let mut table = Correction::default();
        table.prepare(10);
        let both = key(Color::Black, Some(5), Some((1, 2)));
        teach(&mut table, &both, 60, 10, 200);
        assert!((58..=60).contains(&table.get(&both)));
        // Each table holds part of it: a position sharing only the moves
        // gets the continuation's part alone.
        let moves_only = table.get(&key(Color::Black, Some(6), Some((1, 2))));
        assert!(moves_only > 0 && moves_only < 60);
        let structure_only = table.get(&key(Color::Black, Some(5), Some((2, 1))));
        assert!((moves_only + structure_only - table.get(&both)).abs() <= 1);
    }

    #[test]
    fn the_piece_tables_are_keyed_by_each_sides_pieces_and_the_side_to_move() {
        let mut table = Correction::default();
        table.prepare(0);
        let with = |side, pieces| CorrectionKey {
            side,
            structure: None,
            pieces: Some(pieces),
            moves: None,
        };
        teach(&mut table, &with(Color::White, [4, 9]), 50, 10, 200);
        assert!((48..=50).contains(&table.get(&with(Color::White, [4, 9]))));
        assert_eq!(table.get(&with(Color::Black, [4, 9])), 0);
        // Sharing one side's pieces shares that side's half.
        let white_half = table.get(&with(Color::White, [4, 8]));
        let black_half = table.get(&with(Color::White, [5, 9]));
        assert!(white_half > 0 && black_half > 0);
        assert!((white_half + black_half - 50).abs() <= 2);
        table.clear();
        assert_eq!(table.get(&with(Color::White, [4, 9])), 0);
    }
}
