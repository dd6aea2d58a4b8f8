//! Predecessors inside a split, for the in-place solver: every canonical
//! Jasir state (frozen archers simple, [`canonical`]) with a legal move
//! that leads to a given canonical state without killing an archer.
//!
//! Candidates come from reverse steps and are then verified by forward
//! generation: the candidate's legal moves must hold the move and playing
//! it must give the state back (this covers base immunity, "no other legal
//! move" and finished games). The candidates, with `m` the side that moved
//! (not to move in the child) and `o` the other:
//! - an un-drop: a simple archer of `m` on its own base row goes back to
//!   the hand;
//! - an un-step: an archer of `m` on `t` goes back to an empty hole `f`
//!   from which `m` steps to `t` (Jasir has no backward steps, so `f` is
//!   below `t` or beside it from `m`'s side: the holes `o` steps to from
//!   `t`); its flag is the child's, or either when `t` is on `m`'s enemy
//!   base (the canonical child shows it simple);
//! - an un-capture of an elite: as an un-step, and an elite of `o` that
//!   went to `o`'s hand stands on `t` again; the capturer (elite in the
//!   child) was simple or elite.
//!
//! Captures that kill a simple archer come from a split with one more
//! archer and are not generated (that split reads this one's values).

use super::super::board::{bit, own_base, Rules, RANK_1, RANK_5};
use super::super::movegen::generate;
use super::super::moves::Move;
use super::super::position::State;
use super::super::segments::steps;
use crate::bitboard::Bits;
use timur_search::MoveList;

/// `st` with the elite flags of its frozen archers (on their enemy base)
/// cleared: the state the solver values.
#[inline]
pub fn canonical(st: &State) -> State {
    let mut out = *st;
    out.elite &= !((st.archers[0] & RANK_5) | (st.archers[1] & RANK_1));
    out
}

/// Whether `st` is its own canonical form.
#[inline]
pub fn is_canonical(st: &State) -> bool {
    st.elite & ((st.archers[0] & RANK_5) | (st.archers[1] & RANK_1)) == 0
}

/// Whether two states are the same position (side, archers, elites,
/// hands; counters and keys ignored).
#[inline]
fn same(a: &State, b: &State) -> bool {
    a.side == b.side && a.archers == b.archers && a.elite == b.elite && a.hand == b.hand
}

/// Calls `each` once for every canonical state of the same split from which
/// one legal move leads to the canonical state `child` (which must not be
/// a state in which the mover's opponent is to move with nothing changed:
/// any canonical state of the set will do).
pub fn for_each_parent(child: &State, each: &mut impl FnMut(&State)) {
    let o = child.side;
    let m = o.flip();
    let (mi, oi) = (m.index(), o.index());
    let occupied = child.occupied();
    let frozen_row = if mi == 0 { RANK_5 } else { RANK_1 };
    let mut list = MoveList::new();
    let mut check = |parent: State, mv: Move| {
        list.clear();
        generate(&parent, Rules::Jasir, &mut list);
        if !list.contains(&mv) {
            return;
        }
        let mut played = parent;
        played.apply(Rules::Jasir, mv);
        if same(&canonical(&played), child) {
            each(&parent);
        }
    };
    let base = |st: &State| {
        let mut p = *st;
        p.side = m;
        p.halfmove = 0;
        p.fullmove = 1;
        p.key = 0;
        p
    };
    // un-drops: a simple archer on its own base row back to the hand
    for h in (child.archers[mi] & own_base(m) & !child.elite).squares() {
        let mut p = base(child);
        p.archers[mi] &= !bit(h);
        p.hand[mi] += 1;
        check(p, Move::drop(h));
    }
    for t in child.archers[mi].squares() {
        let froms = steps(Rules::Jasir, o, t) & !occupied;
        if froms == 0 {
            continue;
        }
        let t_elite = child.elite & bit(t) != 0;
        let frozen = frozen_row & bit(t) != 0;
        for f in froms.squares() {
            let moved = |elite: bool| {
                let mut p = base(child);
                p.archers[mi] ^= bit(t) | bit(f);
                p.elite &= !bit(t);
                if elite {
                    p.elite |= bit(f);
                }
                p
            };
            // un-step: the flag is the child's (either when frozen there)
            for elite in [false, true] {
                if frozen || elite == t_elite {
                    check(moved(elite), Move::step(f, t));
                }
            }
            // un-capture of an elite that went to the hand
            if child.hand[oi] > 0 && (t_elite || frozen) {
                for elite in [false, true] {
                    let mut p = moved(elite);
                    p.archers[oi] |= bit(t);
                    p.elite |= bit(t);
                    p.hand[oi] -= 1;
                    check(p, Move::step(f, t));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::index::Layout;
    use super::*;
    use std::collections::HashSet;

    /// For every canonical state of the 4-archer set, the parents found
    /// are exactly the canonical states of the set whose legal moves lead
    /// to it inside its split (counted by forward generation over all).
    #[test]
    fn parents_are_exactly_the_forward_predecessors() {
        let layout = Layout::new(4);
        let living =
            |st: &State| [0, 1].map(|s| st.archers[s].count_ones() + u32::from(st.hand[s]));
        let mut forward: std::collections::HashMap<u64, HashSet<u64>> = Default::default();
        let mut list = MoveList::new();
        for slot in 0..layout.total() {
            let st = layout.state(slot);
            if !is_canonical(&st) {
                continue;
            }
            list.clear();
            generate(&st, Rules::Jasir, &mut list);
            for &mv in &list {
                let mut c = st;
                c.apply(Rules::Jasir, mv);
                let c = canonical(&c);
                if living(&c) == living(&st) {
                    let cs = layout.slot(&c).expect("no move leaves the set");
                    assert!(forward.entry(cs).or_default().insert(slot));
                }
            }
        }
        let mut edges = 0;
        for slot in 0..layout.total() {
            let st = layout.state(slot);
            if !is_canonical(&st) {
                continue;
            }
            let mut found = HashSet::new();
            for_each_parent(&st, &mut |p| {
                assert!(is_canonical(p));
                if let Some(ps) = layout.slot(p) {
                    assert!(found.insert(ps), "parent found twice");
                }
            });
            let expected = forward.remove(&slot).unwrap_or_default();
            assert_eq!(found, expected, "slot {slot}");
            edges += found.len();
        }
        assert!(edges > 1_000_000, "{edges} edges");
    }
}
