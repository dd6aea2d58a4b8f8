//! The compact tables' index: every Jasir position of an N-archer set gets
//! one slot number, and every slot is a position (no gaps).
//!
//! The **N-archer set** is every position in which each side has at most 5
//! living archers (on the board and in hand), at least one side has one,
//! at most N together, and at most N − (living archers) elites (elite flags as the position shows them,
//! frozen archers included). Elites never outnumber the archers that have
//! died (only a capture that kills makes one more elite), so the set holds
//! everything reachable from positions of at most N archers without
//! elites, and no move leaves it.
//!
//! The set is cut into **classes** by White's archers on the board, in hand
//! and elite, and the same for Black. Inside a class the slot is a number
//! in mixed radix: the side to move, White's holes as a combination of the
//! 25 (combinatorial number system), Black's holes as a combination of the
//! holes White leaves free, and which of each side's archers (in hole
//! order) are elite as a combination of its archers.

use super::super::board::{Rules, HOLES, MAX_ARCHERS};
use super::super::position::State;
use crate::bitboard::Bits;
use timur_search::Color;

/// `BINOMIAL[n][k]` = n choose k, for n, k ≤ 25.
const BINOMIAL: [[u64; HOLES + 1]; HOLES + 1] = {
    let mut c = [[0u64; HOLES + 1]; HOLES + 1];
    let mut n = 0;
    while n <= HOLES {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// n choose k, for n, k ≤ 25.
pub(super) fn choose(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The rank of a set of `k` members of 0..n (bits of `set`) among all such
/// sets: the sum of C(member, i + 1) over its members in increasing order.
fn rank(set: u32) -> u64 {
    set.squares()
        .enumerate()
        .map(|(i, m)| choose(m, i as u32 + 1))
        .sum()
}

/// The set of `k` members whose [`rank`] is `r`.
fn unrank(mut r: u64, k: u32) -> u32 {
    let mut set = 0;
    let mut top = HOLES as u32;
    for i in (1..=k).rev() {
        // the largest member m with C(m, i) <= r
        let mut m = top - 1;
        while choose(m, i) > r {
            m -= 1;
        }
        r -= choose(m, i);
        set |= 1 << m;
        top = m;
    }
    set
}

/// Keeps the bits of `bits` whose positions are members of `mask`, packed
/// to the bottom (the `i`-th member of `mask` becomes bit `i`).
fn pack(bits: u32, mask: u32) -> u32 {
    mask.squares()
        .enumerate()
        .filter(|&(_, h)| bits & 1 << h != 0)
        .fold(0, |acc, (i, _)| acc | 1 << i)
}

/// The inverse of [`pack`]: bit `i` of `packed` goes to the `i`-th member
/// of `mask`.
pub(super) fn unpack(packed: u32, mask: u32) -> u32 {
    mask.squares()
        .enumerate()
        .filter(|&(i, _)| packed & 1 << i != 0)
        .fold(0, |acc, (_, h)| acc | 1 << h)
}

/// One side's material in a class: archers on the board, in hand, and
/// elite (of those on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    /// Archers on the board.
    pub board: u32,
    /// Archers in hand.
    pub hand: u32,
    /// Elite archers on the board.
    pub elite: u32,
}

impl Material {
    /// Living archers.
    pub fn living(self) -> u32 {
        self.board + self.hand
    }

    fn of(st: &State, side: Color) -> Material {
        let s = side.index();
        Material {
            board: st.archers[s].count_ones(),
            hand: u32::from(st.hand[s]),
            elite: (st.archers[s] & st.elite).count_ones(),
        }
    }
}

/// A class of positions: both sides' material, and where its slots start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// White's and Black's material.
    pub material: [Material; 2],
    /// The first slot.
    pub offset: u64,
    /// Number of slots.
    pub size: u64,
}

impl Class {
    /// The radices of the slot inside the class, from the most significant:
    /// side, White's holes, Black's holes, White's elites, Black's elites.
    fn radices(&self) -> [u64; 5] {
        let [w, b] = self.material;
        [
            2,
            choose(HOLES as u32, w.board),
            choose(HOLES as u32 - w.board, b.board),
            choose(w.board, w.elite),
            choose(b.board, b.elite),
        ]
    }
}

/// Classes per side: board, hand and elite counts each in 0..=5.
const SIDE_KEYS: usize = 6 * 6 * 6;

fn side_key(m: Material) -> usize {
    (m.board * 36 + m.hand * 6 + m.elite) as usize
}

/// The slots of the N-archer set.
#[derive(Clone, Debug)]
pub struct Layout {
    archers: u32,
    classes: Vec<Class>,
    /// Class number by both sides' material (`u32::MAX`: not in the set).
    lookup: Vec<u32>,
    total: u64,
}

impl Layout {
    /// The layout of the set of at most `archers` living archers (2..=10).
    pub fn new(archers: u32) -> Layout {
        assert!((2..=2 * MAX_ARCHERS).contains(&archers));
        let mut classes = Vec::new();
        let mut lookup = vec![u32::MAX; SIDE_KEYS * SIDE_KEYS];
        let mut total = 0;
        for (white, black) in splits(archers) {
            let budget = archers - white - black;
            for wb in 0..=white {
                for bb in 0..=black {
                    for we in 0..=wb.min(budget) {
                        for be in 0..=bb.min(budget - we) {
                            let material = [
                                Material {
                                    board: wb,
                                    hand: white - wb,
                                    elite: we,
                                },
                                Material {
                                    board: bb,
                                    hand: black - bb,
                                    elite: be,
                                },
                            ];
                            let mut class = Class {
                                material,
                                offset: total,
                                size: 0,
                            };
                            class.size = class.radices().iter().product();
                            total += class.size;
                            lookup[side_key(material[0]) * SIDE_KEYS + side_key(material[1])] =
                                classes.len() as u32;
                            classes.push(class);
                        }
                    }
                }
            }
        }
        Layout {
            archers,
            classes,
            lookup,
            total,
        }
    }

    /// The most living archers of the set.
    pub fn archers(&self) -> u32 {
        self.archers
    }

    /// Every class, in slot order.
    pub fn classes(&self) -> &[Class] {
        &self.classes
    }

    /// Number of slots (positions).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The class of a state, if the set holds it.
    fn class_of(&self, st: &State) -> Option<&Class> {
        let w = Material::of(st, Color::White);
        let b = Material::of(st, Color::Black);
        if w.board > 5 || w.hand > 5 || b.board > 5 || b.hand > 5 {
            return None;
        }
        let i = self.lookup[side_key(w) * SIDE_KEYS + side_key(b)];
        self.classes.get(i as usize)
    }

    /// The slot of a Jasir state, if the set holds it.
    pub fn slot(&self, st: &State) -> Option<u64> {
        let class = self.class_of(st)?;
        let [white, black] = st.archers;
        let free = !white & ((1 << HOLES) - 1);
        let digits = [
            st.side.index() as u64,
            rank(white),
            rank(pack(black, free)),
            rank(pack(st.elite, white)),
            rank(pack(st.elite, black)),
        ];
        let inner = class
            .radices()
            .iter()
            .zip(digits)
            .fold(0, |acc, (&radix, digit)| acc * radix + digit);
        Some(class.offset + inner)
    }

    /// The Jasir state of a slot (no shuttle history, counters 0 and 1,
    /// Zobrist key computed).
    pub fn state(&self, slot: u64) -> State {
        assert!(slot < self.total, "slot {slot} of {}", self.total);
        let c = self.classes.partition_point(|c| c.offset + c.size <= slot);
        let class = &self.classes[c];
        let [w, b] = class.material;
        let mut digits = [0u64; 5];
        let mut rest = slot - class.offset;
        for (digit, radix) in digits.iter_mut().zip(class.radices()).rev() {
            *digit = rest % radix;
            rest /= radix;
        }
        let white = unrank(digits[1], w.board);
        let free = !white & ((1 << HOLES) - 1);
        let black = unpack(unrank(digits[2], b.board), free);
        let elite =
            unpack(unrank(digits[3], w.elite), white) | unpack(unrank(digits[4], b.elite), black);
        let mut st = State::start(Rules::Jasir);
        st.side = if digits[0] == 0 {
            Color::White
        } else {
            Color::Black
        };
        st.archers = [white, black];
        st.elite = elite;
        st.hand = [w.hand as u8, b.hand as u8];
        st.key = st.compute_key(Rules::Jasir);
        st
    }
}

/// The splits (White's and Black's living archers, each 0..=5, not both
/// 0) of at most `archers` archers: those with the most archers first, then
/// by White's. A split with a side of 0 holds finished games (that side has
/// been eliminated).
pub fn splits(archers: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for total in (1..=archers).rev() {
        for white in 0..=MAX_ARCHERS.min(total) {
            let black = total - white;
            if black <= MAX_ARCHERS {
                out.push((white, black));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_rank_densely() {
        for k in 0..=4u32 {
            let mut seen = vec![false; choose(HOLES as u32, k) as usize];
            for r in 0..seen.len() as u64 {
                let set = unrank(r, k);
                assert_eq!(set.count_ones(), k);
                assert_eq!(rank(set), r);
                seen[r as usize] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn every_slot_is_a_distinct_position_of_the_set() {
        let layout = Layout::new(4);
        let mut seen = std::collections::HashSet::new();
        for slot in 0..layout.total() {
            let st = layout.state(slot);
            assert_eq!(layout.slot(&st), Some(slot));
            assert!(seen.insert((st.archers, st.elite, st.hand, st.side)));
            let living = |s: usize| st.archers[s].count_ones() + u32::from(st.hand[s]);
            let (w, b) = (living(0), living(1));
            assert!(w + b >= 1 && w + b <= 4);
            assert!(st.elite.count_ones() <= 4 - w - b);
        }
        assert_eq!(layout.total(), 658_428);
    }
}
