//! Static evaluation: material on the board and in hand, advancement toward
//! the enemy base, archers already home. Centipawn-like units, from the side
//! to move's view.

use super::board::{enemy_base, rank_of, Rules};
use super::position::State;
use crate::bitboard::Bits;
use crate::variants::eval_table::{EvalTable, TermRow};
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

/// Jasir is a race: a side whose last few living archers are near home is
/// about to win, however few archers it has. Bonus by the number of
/// runners (living archers not yet home, hand included): index 1 = one
/// runner left.
const FEW_RUNNERS: [i32; 4] = [0, 260, 110, 35];
/// Penalty per step the runners still have to go (an archer in hand has the
/// whole board, five ranks, ahead of it).
const PER_STEP_LEFT: i32 = 12;

/// The race terms of `side` in Jasir: few runners close to home is good.
fn race_value(st: &State, side: Color) -> i32 {
    let archers = st.archers[side.index()];
    let away = archers & !enemy_base(side);
    let in_hand = i32::from(st.hand[side.index()]);
    let runners = away.count_ones() as i32 + in_hand;
    let mut steps = 5 * in_hand;
    for h in away.squares() {
        steps += match side {
            Color::White => 4 - rank_of(h),
            Color::Black => rank_of(h),
        } as i32;
    }
    let few = FEW_RUNNERS.get(runners as usize).copied().unwrap_or(0);
    few - PER_STEP_LEFT * steps
}

/// The names of the terms of [`side_terms`].
const TERM_NAMES: [&str; 5] = [
    "Archers home",
    "Archers on board",
    "Elites",
    "Race",
    "In hand",
];

/// The terms of `side`, from its own view, in [`TERM_NAMES`] order.
fn side_terms(st: &State, rules: Rules, side: Color) -> [i32; 5] {
    let r = rules.index();
    let archers = st.archers[side.index()];
    let home = archers & enemy_base(side);
    let mut on_board = 0;
    for h in (archers & !home).squares() {
        let progress = match side {
            Color::White => rank_of(h),
            Color::Black => 4 - rank_of(h),
        } as i32;
        on_board += ON_BOARD + PER_RANK * progress;
    }
    let (elites, race) = if rules == Rules::Jasir {
        (
            ELITE * (st.elite & archers & !home).count_ones() as i32,
            race_value(st, side),
        )
    } else {
        (0, 0)
    };
    [
        HOME[r] * home.count_ones() as i32,
        on_board,
        elites,
        race,
        IN_HAND[r] * i32::from(st.hand[side.index()]),
    ]
}

fn side_value(st: &State, rules: Rules, side: Color) -> i32 {
    side_terms(st, rules, side).iter().sum()
}

/// The evaluation from the side to move's view.
pub fn evaluate(st: &State, rules: Rules) -> i32 {
    let us = st.side;
    side_value(st, rules, us) - side_value(st, rules, us.flip())
}

/// The evaluation term by term (the `eval` command).
pub fn term_table(st: &State, rules: Rules) -> EvalTable {
    let [white, black] = [Color::White, Color::Black].map(|side| side_terms(st, rules, side));
    EvalTable {
        sides: ["White", "Black"],
        rows: TERM_NAMES
            .iter()
            .enumerate()
            .map(|(i, &name)| TermRow {
                name,
                white: white[i],
                black: black[i],
            })
            .collect(),
        hand_written: white.iter().sum::<i32>() - black.iter().sum::<i32>(),
        network: None,
    }
}
