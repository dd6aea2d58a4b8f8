//! The home positions of a split: each side's archers, all simple, in its
//! hand or on its own base row, either side to move. Solving from all of
//! them at once gives the endgame sets of `timur solve --archers N`.

use super::super::board::{own_base, Rules, MAX_ARCHERS};
use super::super::position::State;
use super::super::Jasir;
use timur_search::Color;

/// Every placement of at most `count` archers on the holes of `row`, with
/// the rest in the hand: `(holes, hand)`.
fn placements(row: u32, count: u32) -> Vec<(u32, u8)> {
    let mut out = Vec::new();
    let mut subset = 0u32;
    loop {
        // subsets of `row`, by the carry trick
        if subset.count_ones() <= count {
            out.push((subset, (count - subset.count_ones()) as u8));
        }
        subset = subset.wrapping_sub(row) & row;
        if subset == 0 {
            break;
        }
    }
    out
}

/// The home positions with `white` and `black` archers (each 1..=5), each
/// once: the first is White to move with White on a1.. and Black on a5.. (files from
/// `a`), nothing in hand.
pub fn home_positions(rules: Rules, white: u32, black: u32) -> Vec<Jasir> {
    assert!((1..=MAX_ARCHERS).contains(&white) && (1..=MAX_ARCHERS).contains(&black));
    let first = |side: Color, count: u32| ((1 << count) - 1) << own_base(side).trailing_zeros();
    let mut roots = Vec::new();
    let mut push = |side: Color, w: (u32, u8), b: (u32, u8)| {
        let mut st = State::start(rules);
        st.side = side;
        st.archers = [w.0, b.0];
        st.hand = [w.1, b.1];
        st.key = st.compute_key(rules);
        let pos = Jasir::from_state(rules, st);
        if !roots.contains(&pos) {
            roots.push(pos);
        }
    };
    push(
        Color::White,
        (first(Color::White, white), 0),
        (first(Color::Black, black), 0),
    );
    for side in [Color::White, Color::Black] {
        for &w in &placements(own_base(Color::White), white) {
            for &b in &placements(own_base(Color::Black), black) {
                push(side, w, b);
            }
        }
    }
    roots
}
