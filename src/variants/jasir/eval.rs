//! Static evaluation: material on the board and in hand, advancement toward
//! the enemy base, archers already home. Centipawn-like units, from the side
//! to move's view.

use super::board::{enemy_base, rank_of, Rules};
use super::position::State;
use timur_search::Color;

/// An archer on the board, not yet home.
const ON_BOARD: i32 = 100;
/// Extra per rank of progress toward the enemy base.
const PER_RANK: i32 = 14;
/// An elite archer (Jasir: it returns to the hand when captured).
const ELITE: i32 = 15;
/// An archer home on the enemy base: Jasir, it is safe and scores a point;
/// Jarmo, it scores two.
const HOME: [i32; 2] = [170, 200];
/// An archer in hand: Jasir, it can re-enter at any time; Jarmo, only with
/// an elite's arrival.
const IN_HAND: [i32; 2] = [75, 35];

fn side_value(st: &State, rules: Rules, side: Color) -> i32 {
    let r = rules.index();
    let archers = st.archers[side.index()];
    let home = archers & enemy_base(side);
    let mut v = HOME[r] * home.count_ones() as i32;
    let mut rest = archers & !home;
    while rest != 0 {
        let h = rest.trailing_zeros();
        rest &= rest - 1;
        let progress = match side {
            Color::White => rank_of(h),
            Color::Black => 4 - rank_of(h),
        } as i32;
        v += ON_BOARD + PER_RANK * progress;
    }
    if rules == Rules::Jasir {
        v += ELITE * (st.elite & archers & !home).count_ones() as i32;
    }
    v + IN_HAND[r] * i32::from(st.hand[side.index()])
}

/// The evaluation from the side to move's view.
pub fn evaluate(st: &State, rules: Rules) -> i32 {
    let us = st.side;
    side_value(st, rules, us) - side_value(st, rules, us.flip())
}
