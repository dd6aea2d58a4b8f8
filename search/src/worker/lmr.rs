//! The late-move reduction table of one search, built from the tuned base
//! and divisor when the search starts.

use crate::tunables::Tuned;
use std::sync::OnceLock;

/// Depths and move counts the table covers (larger ones share its last
/// row and column).
const SIZE: usize = 64;

/// `base + ln(depth) * ln(moves) / divisor`, rounded down (base and
/// divisor in hundredths), for depths and move counts below [`SIZE`].
pub(super) struct LmrTable(Box<[[u8; SIZE]; SIZE]>);

/// `ln(n)` for `n` below [`SIZE`], computed once a process: a search
/// builds its table at every start, and at the few thousand nodes a move
/// of `timur nnue datagen` the logarithms were 5 % of its instructions.
fn logarithms() -> &'static [f64; SIZE] {
    static LOGARITHMS: OnceLock<[f64; SIZE]> = OnceLock::new();
    LOGARITHMS.get_or_init(|| std::array::from_fn(|n| (n as f64).ln()))
}

impl LmrTable {
    /// The table for `tuned`'s base and divisor.
    pub(super) fn new(tuned: &Tuned) -> LmrTable {
        let base = f64::from(tuned.lmr_base) / 100.0;
        let divisor = f64::from(tuned.lmr_divisor) / 100.0;
        let ln = logarithms();
        let mut table = Box::new([[0u8; SIZE]; SIZE]);
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (moves, cell) in row.iter_mut().enumerate().skip(1) {
                *cell = (base + ln[depth] * ln[moves] / divisor) as u8;
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

    #[test]
    fn every_cell_is_the_formula_with_logarithms_of_its_own() {
        for (lmr_base, lmr_divisor) in [(50, 225), (0, 100), (150, 400), (73, 181)] {
            let tuned = Tuned {
                lmr_base,
                lmr_divisor,
                ..Tuned::current()
            };
            let table = LmrTable::new(&tuned);
            let (base, divisor) = (f64::from(lmr_base) / 100.0, f64::from(lmr_divisor) / 100.0);
            for depth in 1..SIZE {
                for moves in 1..SIZE {
                    let direct = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as u8;
                    assert_eq!(table.get(depth as i32, moves), i32::from(direct));
                }
            }
        }
    }
}
