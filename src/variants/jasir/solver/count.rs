//! Sizes of position sets, counted (not enumerated): the compact index's
//! N-archer sets per split, every Jasir solver key of a split (with or
//! without a bound on the elites), and every Jarmo solver key of a split,
//! shuttle entries included. The keys are those of [`super::key`]: elite
//! flags of frozen archers and shuttle entries that cannot be reversed are
//! cleared, counters are ignored.

use super::super::board::{enemy_base, Rules, HOLES, MAX_ARCHERS};
use super::super::segments::GRAPHS;
use super::index::{choose, splits, Layout};
use crate::bitboard::Bits;
use rayon::prelude::*;
use timur_search::Color;

/// The positions of the N-archer set ([`super::index`]) per split:
/// `(white, black, positions)` in the order of [`splits`].
pub fn index_splits(archers: u32) -> Vec<(u32, u32, u64)> {
    let layout = Layout::new(archers);
    splits(archers)
        .into_iter()
        .map(|(white, black)| {
            let size = layout
                .classes()
                .iter()
                .filter(|c| c.material[0].living() == white && c.material[1].living() == black)
                .map(|c| c.size)
                .sum();
            (white, black, size)
        })
        .collect()
}

/// Ways to flag at most `limit` of `archers` archers elite (`None`: any).
fn elite_choices(archers: u32, limit: Option<u32>) -> u64 {
    let top = limit.map_or(archers, |l| l.min(archers));
    (0..=top).map(|e| choose(archers, e)).sum()
}

/// Jasir: the solver keys with `white` and `black` living archers (on the
/// board and in hand) and at most `elites` elite flags on archers not
/// frozen (`None`: any), either side to move.
///
/// Per side, the archers on the board stand on its enemy base (frozen, no
/// flag), its own base, or the 15 holes between; the other side's fill
/// holes left free.
pub fn jasir_keys(white: u32, black: u32, elites: Option<u32>) -> u64 {
    let c = choose;
    let mut total = 0;
    for wb in 0..=white {
        for bb in 0..=black {
            for wf in 0..=wb.min(5) {
                for wo in 0..=(wb - wf).min(5) {
                    let wm = wb - wf - wo;
                    if wm > 15 {
                        continue;
                    }
                    let white_ways = c(5, wf) * c(5, wo) * c(15, wm);
                    for bf in 0..=bb.min(5 - wo) {
                        for bo in 0..=(bb - bf).min(5 - wf) {
                            let bm = bb - bf - bo;
                            let black_ways = c(5 - wo, bf) * c(5 - wf, bo) * c(15 - wm, bm);
                            let flags = elite_choices(wb - wf + bb - bf, elites);
                            total += white_ways * black_ways * flags;
                        }
                    }
                }
            }
        }
    }
    2 * total
}

/// The `k`-member subsets of `0..n` as bit sets, in increasing order.
fn combinations(n: u32, k: u32) -> impl Iterator<Item = u32> {
    let end = 1u32 << n;
    let mut next = Some((1u32 << k) - 1).filter(|&s| k <= n && (s < end || k == 0));
    std::iter::from_fn(move || {
        let set = next?;
        next = (set != 0)
            .then(|| {
                let low = set & set.wrapping_neg();
                let ripple = set + low;
                (((ripple ^ set) >> 2) / low) | ripple
            })
            .filter(|&s| s < end);
        Some(set)
    })
}

/// Jarmo: one side's keys for its archers on `set`: elite flags of the
/// archers not frozen, times its shuttle entries (none, or a step
/// `from`→`to` along a segment, `to` an own archer not frozen, `from` not
/// own and not on the enemy base, with 0, 1 or 2 reversals).
fn jarmo_side(set: u32, side: Color) -> u64 {
    let far = enemy_base(side);
    let graph = &GRAPHS[Rules::Jarmo.index()];
    let steps: u64 = (set & !far)
        .indices()
        .map(|to| u64::from((graph.all(to) & !set & !far).count_ones()))
        .sum();
    (1u64 << (set & !far).count_ones()) * (1 + 3 * steps)
}

/// Jarmo's keys counted by the archers on the board: `boards[w][b]` is
/// the number of keys, one side to move, with `w` White and `b` Black
/// archers on the board (the hands are not counted).
pub struct JarmoBoards {
    boards: [[u64; 6]; 6],
    most: u32,
}

impl JarmoBoards {
    /// Counts every pair of disjoint placements of at most `most` (≤ 5)
    /// archers a side (for 5: about 4.5 × 10^9 pairs looked at, of which
    /// 1.6 × 10^9 are disjoint; a minute on two threads).
    pub fn count(most: u32) -> JarmoBoards {
        assert!(most <= MAX_ARCHERS);
        let mut boards = [[0; 6]; 6];
        let black: Vec<Vec<(u32, u64)>> = (0..=most)
            .map(|k| {
                combinations(HOLES as u32, k)
                    .map(|b| (b, jarmo_side(b, Color::Black)))
                    .collect()
            })
            .collect();
        for (w, row) in boards.iter_mut().enumerate().take(most as usize + 1) {
            let whites: Vec<u32> = combinations(HOLES as u32, w as u32).collect();
            for (b, cell) in row.iter_mut().enumerate().take(most as usize + 1) {
                *cell = whites
                    .par_iter()
                    .map(|&white| {
                        let others: u64 = black[b]
                            .iter()
                            .filter(|&&(set, _)| set & white == 0)
                            .map(|&(_, ways)| ways)
                            .sum();
                        jarmo_side(white, Color::White) * others
                    })
                    .sum();
            }
        }
        JarmoBoards { boards, most }
    }

    /// The keys with `white` and `black` archers (board and hand; Jarmo
    /// keeps every archer), either side to move; both at most the `most`
    /// counted.
    pub fn keys(&self, white: u32, black: u32) -> u64 {
        assert!(white <= self.most && black <= self.most);
        let (w, b) = (white as usize, black as usize);
        2 * self.boards[..=w]
            .iter()
            .map(|row| row[..=b].iter().sum::<u64>())
            .sum::<u64>()
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::board::{FULL, RANK_1, RANK_5};
    use super::super::super::position::{Shuttle, State};
    use super::super::key::encode;
    use super::*;
    use std::collections::HashSet;

    /// Every state with `white` and `black` living archers on the board or
    /// in hand, every elite flag, no shuttle entry.
    fn states(rules: Rules, white: u32, black: u32) -> Vec<State> {
        let mut out = Vec::new();
        for wb in 0..=white {
            for w in combinations(HOLES as u32, wb) {
                for bb in 0..=black {
                    for b in combinations(HOLES as u32, bb).filter(|b| b & w == 0) {
                        let on = w | b;
                        for e in 0..=on.count_ones() {
                            for flags in combinations(on.count_ones(), e) {
                                let mut st = State::start(rules);
                                st.archers = [w, b];
                                st.elite = super::super::index::unpack(flags, on);
                                st.hand = [(white - wb) as u8, (black - bb) as u8];
                                for side in [Color::White, Color::Black] {
                                    st.side = side;
                                    out.push(st);
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn combinations_are_all_k_subsets() {
        assert_eq!(combinations(5, 0).collect::<Vec<_>>(), vec![0]);
        assert_eq!(combinations(3, 2).collect::<Vec<_>>(), vec![3, 5, 6]);
        assert_eq!(combinations(25, 5).count(), 53_130);
        assert_eq!(combinations(25, 25).count(), 1);
        assert_eq!(combinations(2, 3).count(), 0);
    }

    #[test]
    fn jasir_keys_match_the_distinct_keys_of_every_state() {
        for (white, black) in [(1, 1), (2, 1), (1, 2), (2, 0)] {
            let all = states(Rules::Jasir, white, black);
            for limit in [None, Some(0), Some(1)] {
                let keys: HashSet<u128> = all
                    .iter()
                    .map(|st| encode(st, Rules::Jasir))
                    .filter(|&k| {
                        limit.is_none_or(|l| (k >> 50 & u128::from(FULL)).count_ones() <= l)
                    })
                    .collect();
                assert_eq!(
                    jasir_keys(white, black, limit),
                    keys.len() as u64,
                    "{white} v {black}, elites {limit:?}"
                );
            }
        }
    }

    /// The count the rules page quotes for three living archers a side.
    #[test]
    fn three_against_three_has_283_million_keys() {
        assert_eq!(jasir_keys(3, 3, None), 283_007_792);
    }

    #[test]
    fn index_splits_add_up_to_the_layout() {
        for n in [4, 6, 10] {
            let sum: u64 = index_splits(n).iter().map(|s| s.2).sum();
            assert_eq!(sum, Layout::new(n).total());
        }
        assert_eq!(Layout::new(4).total(), 658_428);
    }

    /// Jarmo's count against the distinct keys of every state with every
    /// shuttle entry a step can leave, one side's entry at a time (the
    /// two sides' entries are independent parts of the key).
    #[test]
    fn jarmo_keys_match_the_distinct_keys_of_every_state() {
        let boards = JarmoBoards::count(2);
        let graph = &GRAPHS[Rules::Jarmo.index()];
        for (white, black) in [(1, 1), (2, 1), (1, 2)] {
            let mut total = 0;
            for st in states(Rules::Jarmo, white, black) {
                let base = encode(&st, Rules::Jarmo);
                let mut per_side = [0u64; 2];
                for (s, side) in [Color::White, Color::Black].into_iter().enumerate() {
                    let mut entries: HashSet<u128> = HashSet::new();
                    entries.insert(base);
                    for from in (FULL & !enemy_base(side)).squares() {
                        for to in graph.all(from as usize).squares() {
                            for count in 0..3 {
                                let mut with = st;
                                with.shuttle[s] = Some(Shuttle {
                                    from: from as u8,
                                    to: to as u8,
                                    count,
                                });
                                entries.insert(encode(&with, Rules::Jarmo));
                            }
                        }
                    }
                    per_side[s] = entries.len() as u64;
                }
                // keys of states equal up to frozen flags coincide: count
                // each key once, at the state showing no frozen flag
                let frozen = (st.archers[0] & RANK_5) | (st.archers[1] & RANK_1);
                if st.elite & frozen == 0 {
                    total += per_side[0] * per_side[1];
                }
            }
            assert_eq!(boards.keys(white, black), total, "{white} v {black}");
        }
    }
}
