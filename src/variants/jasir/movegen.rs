//! Legal move generation and bulk counting.
//!
//! Moves that capture an archer standing on its own base row (an immune
//! archer) are legal only when the side has no other legal move; they are
//! generated in a second pass when the first finds nothing.

use super::board::{bit, enemy_base, file_of, own_base, Rules};
use super::moves::Move;
use super::position::State;
use super::rules::rule_end;
use super::segments::steps;
use crate::bitboard::Bits;
use timur_search::MoveList;

/// The step targets of the archer on `from` for the side to move, minus own
/// archers and a shuttle-barred reversal.
#[inline]
fn targets(st: &State, rules: Rules, from: u32) -> u32 {
    let us = st.side;
    let mut t = steps(rules, us, from) & !st.archers[us.index()];
    if rules == Rules::Jarmo {
        if let Some(sh) = st.shuttle[us.index()] {
            if sh.count >= 2 && u32::from(sh.to) == from {
                t &= !bit(u32::from(sh.from));
            }
        }
    }
    t
}

/// Whether a Jarmo step from `from` to `to` may carry a re-entry: it arrives
/// on the enemy base as an elite (already elite, or by capturing) while the
/// side has an archer in hand.
#[inline]
fn arrival_reentry(st: &State, rules: Rules, from: u32, to: u32) -> bool {
    let us = st.side;
    rules == Rules::Jarmo
        && st.hand[us.index()] > 0
        && enemy_base(us) & bit(to) != 0
        && (st.elite & bit(from) != 0 || st.archers[us.flip().index()] & bit(to) != 0)
}

/// Pushes the step `from`→`to` and its re-entry variants.
#[inline]
fn push_step(st: &State, rules: Rules, from: u32, to: u32, out: &mut MoveList<Move>) {
    out.push(Move::step(from, to));
    if arrival_reentry(st, rules, from, to) {
        for h in (own_base(st.side) & !st.occupied()).squares() {
            out.push(Move::step_with_reentry(from, to, file_of(h)));
        }
    }
}

/// Appends every legal move of the side to move (none if the game is over).
pub fn generate(st: &State, rules: Rules, out: &mut MoveList<Move>) {
    if rule_end(st, rules).is_some() {
        return;
    }
    let us = st.side;
    let them = us.flip();
    let start = out.len();
    // our enemy base is their own base: our archers there are frozen, theirs immune
    let far = enemy_base(us);
    let immune = st.archers[them.index()] & far;
    let movable = st.archers[us.index()] & !far;
    let mut blocked_by_immunity = 0u32;
    for from in movable.squares() {
        let t = targets(st, rules, from);
        if t & immune != 0 {
            blocked_by_immunity |= bit(from);
        }
        for to in (t & !immune).squares() {
            push_step(st, rules, from, to, out);
        }
    }
    if rules == Rules::Jasir && st.hand[us.index()] > 0 {
        for h in (own_base(us) & !st.occupied()).squares() {
            out.push(Move::drop(h));
        }
    }
    if out.len() == start {
        for from in blocked_by_immunity.squares() {
            for to in (targets(st, rules, from) & immune).squares() {
                push_step(st, rules, from, to, out);
            }
        }
    }
}

/// The number of moves of one step set (with Jarmo's re-entry variants).
#[inline]
fn count_steps(st: &State, rules: Rules, from: u32, set: u32, reentries: u32) -> u64 {
    let mut n = u64::from(set.count_ones());
    if rules == Rules::Jarmo && reentries != 0 {
        let us = st.side;
        let arriving = set & enemy_base(us);
        if arriving != 0 {
            let per = u64::from(reentries);
            if st.elite & bit(from) != 0 {
                n += per * u64::from(arriving.count_ones());
            } else {
                n += per * u64::from((arriving & st.archers[us.flip().index()]).count_ones());
            }
        }
    }
    n
}

/// The number of legal moves of the side to move (0 if the game is over).
pub fn count(st: &State, rules: Rules) -> u64 {
    if rule_end(st, rules).is_some() {
        return 0;
    }
    let us = st.side;
    let them = us.flip();
    let far = enemy_base(us);
    let immune = st.archers[them.index()] & far;
    let free_base = own_base(us) & !st.occupied();
    let reentries = if st.hand[us.index()] > 0 {
        free_base.count_ones()
    } else {
        0
    };
    let movable = st.archers[us.index()] & !far;
    let mut n = 0u64;
    let mut blocked = 0u32;
    for from in movable.squares() {
        let t = targets(st, rules, from);
        if t & immune != 0 {
            blocked |= bit(from);
        }
        n += count_steps(st, rules, from, t & !immune, reentries);
    }
    if rules == Rules::Jasir {
        n += u64::from(reentries);
    }
    if n == 0 {
        for from in blocked.squares() {
            n += count_steps(
                st,
                rules,
                from,
                targets(st, rules, from) & immune,
                reentries,
            );
        }
    }
    n
}
