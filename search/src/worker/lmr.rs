//! The late-move reduction table of one search, built from the tuned base
//! and divisor when the search starts.

use crate::tunables::Tuned;

/// Depths and move counts the table covers (larger ones share its last
/// row and column).
const SIZE: usize = 64;

/// `base + ln(depth) * ln(moves) / divisor`, rounded down (base and
/// divisor in hundredths), for depths and move counts below [`SIZE`].
pub(super) struct LmrTable(Box<[[u8; SIZE]; SIZE]>);

impl LmrTable {
    /// The table for `tuned`'s base and divisor.
    pub(super) fn new(tuned: &Tuned) -> LmrTable {
        let base = f64::from(tuned.lmr_base) / 100.0;
        let divisor = f64::from(tuned.lmr_divisor) / 100.0;
        let mut table = Box::new([[0u8; SIZE]; SIZE]);
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (moves, cell) in row.iter_mut().enumerate().skip(1) {
                *cell = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as u8;
            }
        }
        LmrTable(table)
    }

    /// The late move reduction at `depth` for the `moves`-th move.
    #[inline]
    pub(super) fn get(&self, depth: i32, moves: usize) -> i32 {
        i32::from(self.0[depth.clamp(0, SIZE as i32 - 1) as usize][moves.min(SIZE - 1)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_table_is_the_classic_one() {
        let table = LmrTable::new(&Tuned::current());
        assert_eq!(table.get(0, 10), 0);
        assert_eq!(table.get(1, 10), 0);
        // 0.5 + ln 10 · ln 10 / 2.25 = 2.856…
        assert_eq!(table.get(10, 10), 2);
        // 0.5 + ln 63 · ln 63 / 2.25 = 8.13…, also past the edge.
        assert_eq!(table.get(63, 63), 8);
        assert_eq!(table.get(200, 500), 8);
    }
}
