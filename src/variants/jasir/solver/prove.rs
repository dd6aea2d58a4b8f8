//! Proof-number search from one Jasir position: can a side (the
//! attacker) force a finished game that it wins by at least a margin?
//!
//! That is a reachability question, and its answer is exact without any
//! convention for endless play. The search grows a tree (no
//! transpositions, except that positions already proved are proved
//! wherever they recur) best-first by proof and disproof numbers. A
//! position is settled when the game is over, when a compact table holds
//! it (its exact value), or when the attacker has too few archers left for
//! the margin; a position that repeats one on its own path counts as a
//! failure for the attacker. A proof is a finite tree of settled wins,
//! hence sound. A disproof of the root is sound too: a forced win has a
//! strategy whose plays never repeat a position (each move of it brings
//! the end nearer), so a tree that refutes every attacker strategy while
//! counting repetitions as failures refutes the forced win.

use super::super::board::{Rules, RANK_1, RANK_5};
use super::super::movegen::{count, generate};
use super::super::position::State;
use super::super::rules::{no_moves_end, rule_end};
use super::super::Jasir;
use super::compact::CompactTable;
use super::key::{decode, encode};
use super::value_of;
use std::collections::HashSet;
use std::time::{Duration, Instant};
use timur_search::{Color, MoveList};

/// A proof or disproof number that is infinite.
const INF: u32 = u32::MAX;

/// The `first` of a node not expanded yet.
const LEAF: u32 = u32::MAX;

/// Nodes expanded between two progress reports.
const REPORT_EVERY: usize = 1 << 20;

/// What to prove: `attacker` can force a finished game that it wins with
/// at least `margin` archers on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The side that must force the win.
    pub attacker: Color,
    /// The least margin of the win.
    pub margin: u32,
}

impl Target {
    /// The least solver value ([`value_of`]) of a finished game that meets
    /// the target, seen from the attacker.
    fn value(self) -> i8 {
        self.margin.min(100) as i8 + 1
    }
}

/// The state of the question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The attacker can force such a win.
    Proved,
    /// It cannot.
    Disproved,
    /// The budget ran out first.
    Open,
}

/// How far a search got.
#[derive(Clone, Copy, Debug)]
pub struct ProofReport {
    /// The answer so far.
    pub verdict: Verdict,
    /// Tree nodes created.
    pub nodes: usize,
    /// Nodes expanded.
    pub expanded: usize,
    /// The root's proof number (`u32::MAX`: infinite).
    pub proof: u32,
    /// The root's disproof number.
    pub disproof: u32,
    /// Positions settled by the table.
    pub table_hits: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The limits of a search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Most tree nodes (about 40 bytes each).
    pub nodes: usize,
    /// Most time.
    pub time: Duration,
}

/// A tree node: the position's solver key, its place in the tree and its
/// numbers.
#[derive(Clone, Copy)]
struct Node {
    key: [u64; 2],
    parent: u32,
    first: u32,
    count: u16,
    proof: u32,
    disproof: u32,
}

impl Node {
    fn key(&self) -> u128 {
        u128::from(self.key[0]) | u128::from(self.key[1]) << 64
    }

    fn solved(&self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// The numbers of a settled node.
fn settled(won: bool) -> (u32, u32) {
    if won {
        (0, INF)
    } else {
        (INF, 0)
    }
}

/// Sum of proof numbers, infinite if any is, else at most `INF - 1`.
fn sum(numbers: impl Iterator<Item = u32>) -> u32 {
    let mut total = 0u64;
    for n in numbers {
        if n == INF {
            return INF;
        }
        total += u64::from(n);
    }
    total.min(u64::from(INF - 1)) as u32
}

struct Search<'a> {
    target: Target,
    table: Option<&'a CompactTable>,
    nodes: Vec<Node>,
    proved: HashSet<u128>,
    table_hits: u64,
    expanded: usize,
}

impl Search<'_> {
    /// Whether the attacker is to move at node `i` (an OR node).
    fn attacker_moves(&self, i: usize) -> bool {
        let black = self.nodes[i].key() >> 81 & 1 == 1;
        black == (self.target.attacker == Color::Black)
    }

    /// Whether `st` meets the target, if that is known without search: the
    /// game is over, the attacker has too few archers for the margin, or
    /// the table holds it.
    fn settle(&mut self, st: &State) -> Option<bool> {
        let attacker = self.target.attacker;
        let least = self.target.value();
        if let Some(end) = rule_end(st, Rules::Jasir) {
            return Some(value_of(end.outcome_for(attacker)) >= least);
        }
        let a = attacker.index();
        // a win's margin is at most the winner's living archers
        if st.archers[a].count_ones() + u32::from(st.hand[a]) < self.target.margin {
            return Some(false);
        }
        let table = self.table?;
        // frozen archers' flags do not matter and count against the
        // table's elite bound: look the position up without them
        let mut plain = *st;
        plain.elite &= !((st.archers[0] & RANK_5) | (st.archers[1] & RANK_1));
        let (value, _) = table.value(&plain)?;
        self.table_hits += 1;
        let mine = if st.side == attacker { value } else { -value };
        Some(mine >= least)
    }

    /// The numbers of a position whose side to move has no move (the game
    /// ends: Jasir, that side loses).
    fn stuck(&self, st: &State) -> (u32, u32) {
        let end = no_moves_end(st, Rules::Jasir);
        settled(value_of(end.outcome_for(self.target.attacker)) >= self.target.value())
    }

    /// The numbers of a new leaf that is not settled: one move to try at
    /// the attacker's nodes, all of them at the defender's (so lines that
    /// leave the defender few moves are tried first); a position without
    /// moves is settled.
    fn initial(&self, st: &State) -> (u32, u32) {
        let moves = count(st, Rules::Jasir) as u32;
        if moves == 0 {
            return self.stuck(st);
        }
        if st.side == self.target.attacker {
            (1, moves)
        } else {
            (moves, 1)
        }
    }

    /// A new node for `key` under `parent`.
    fn push(&mut self, key: u128, parent: u32, (proof, disproof): (u32, u32)) {
        self.nodes.push(Node {
            key: [key as u64, (key >> 64) as u64],
            parent,
            first: LEAF,
            count: 0,
            proof,
            disproof,
        });
    }

    /// The most-proving leaf: from the root, the child that sets the
    /// node's number (proof at the attacker's nodes, disproof at the
    /// defender's).
    fn select(&self) -> usize {
        let mut i = 0;
        while self.nodes[i].first != LEAF {
            let n = self.nodes[i];
            let children = n.first as usize..n.first as usize + n.count as usize;
            i = if self.attacker_moves(i) {
                children
                    .into_iter()
                    .find(|&c| self.nodes[c].proof == n.proof)
            } else {
                children
                    .into_iter()
                    .find(|&c| self.nodes[c].disproof == n.disproof)
            }
            .expect("an unsolved node has a child that sets its number");
        }
        i
    }

    /// Creates the children of leaf `i` (or settles it if it has no move).
    fn expand(&mut self, i: usize) {
        self.expanded += 1;
        let st = decode(self.nodes[i].key());
        let mut list = MoveList::new();
        generate(&st, Rules::Jasir, &mut list);
        if list.is_empty() {
            (self.nodes[i].proof, self.nodes[i].disproof) = self.stuck(&st);
            return;
        }
        let mut path = Vec::new();
        let mut p = i as u32;
        while p != LEAF {
            path.push(self.nodes[p as usize].key());
            p = self.nodes[p as usize].parent;
        }
        let first = self.nodes.len() as u32;
        for &mv in &list {
            let mut child = st;
            child.apply(Rules::Jasir, mv);
            let key = encode(&child, Rules::Jasir);
            let numbers = if path.contains(&key) {
                settled(false)
            } else if self.proved.contains(&key) {
                settled(true)
            } else {
                self.settle(&child)
                    .map_or_else(|| self.initial(&child), settled)
            };
            self.push(key, i as u32, numbers);
        }
        self.nodes[i].first = first;
        self.nodes[i].count = list.len() as u16;
    }

    /// Recomputes the numbers from node `i` up to the root, stopping where
    /// they no longer change.
    fn update(&mut self, mut i: usize) {
        loop {
            let n = self.nodes[i];
            if n.first != LEAF {
                let children = &self.nodes[n.first as usize..n.first as usize + n.count as usize];
                let proofs = children.iter().map(|c| c.proof);
                let disproofs = children.iter().map(|c| c.disproof);
                let numbers = if self.attacker_moves(i) {
                    (proofs.min().unwrap_or(INF), sum(disproofs))
                } else {
                    (sum(proofs), disproofs.min().unwrap_or(INF))
                };
                if numbers == (n.proof, n.disproof) && i != 0 {
                    return;
                }
                (self.nodes[i].proof, self.nodes[i].disproof) = numbers;
            }
            if self.nodes[i].proof == 0 {
                self.proved.insert(n.key());
            }
            if i == 0 {
                return;
            }
            i = n.parent as usize;
        }
    }

    fn report(&self, clock: Instant) -> ProofReport {
        let root = self.nodes[0];
        ProofReport {
            verdict: match (root.proof, root.disproof) {
                (0, _) => Verdict::Proved,
                (_, 0) => Verdict::Disproved,
                _ => Verdict::Open,
            },
            nodes: self.nodes.len(),
            expanded: self.expanded,
            proof: root.proof,
            disproof: root.disproof,
            table_hits: self.table_hits,
            elapsed: clock.elapsed(),
        }
    }
}

/// Searches whether the target holds in the Jasir position `pos`, with the
/// compact `table` (if any) answering every position it holds, until it is
/// decided or the budget runs out; `progress` sees a report now and then.
pub fn prove(
    pos: &Jasir,
    target: Target,
    table: Option<&CompactTable>,
    budget: Budget,
    progress: &mut dyn FnMut(&ProofReport),
) -> ProofReport {
    assert_eq!(pos.rules(), Rules::Jasir, "the proof search plays Jasir");
    let clock = Instant::now();
    let mut search = Search {
        target,
        table,
        // physical memory is only touched as nodes are added
        nodes: Vec::with_capacity(budget.nodes.min(1 << 32)),
        proved: HashSet::new(),
        table_hits: 0,
        expanded: 0,
    };
    let st = *pos.state();
    let numbers = search.settle(&st).map_or((1, 1), settled);
    search.push(encode(&st, Rules::Jasir), LEAF, numbers);
    // a node has fewer than 256 moves
    while !search.nodes[0].solved()
        && search.nodes.len() + 256 <= budget.nodes
        && clock.elapsed() < budget.time
    {
        let leaf = search.select();
        search.expand(leaf);
        search.update(leaf);
        if search.expanded.is_multiple_of(REPORT_EVERY) {
            progress(&search.report(clock));
        }
    }
    search.report(clock)
}

#[cfg(test)]
mod tests {
    use super::super::build::build;
    use super::super::index::Layout;
    use super::super::{solve_with_limit, SolveOutcome};
    use super::*;
    use timur_search::Outcome;

    const BUDGET: Budget = Budget {
        nodes: 1 << 21,
        time: Duration::from_secs(600),
    };

    /// The exact solver's value of `pos` (side to move's view), if it has
    /// at most `limit` reachable positions.
    fn solved(pos: &Jasir, limit: usize) -> Option<i8> {
        match solve_with_limit(pos, limit, &mut |_| {}) {
            SolveOutcome::Solved(s) => Some(value_of(s.outcome)),
            SolveOutcome::TooLarge { .. } => None,
        }
    }

    /// Every target of both sides for `pos`: the search must never
    /// contradict the exact value; returns how many it decided and how
    /// many it tried.
    fn check(pos: &Jasir, value: i8, table: Option<&CompactTable>) -> (usize, usize) {
        let (mut decided, mut tried) = (0, 0);
        let mover = pos.state().side;
        for attacker in [Color::White, Color::Black] {
            let mine = if attacker == mover { value } else { -value };
            for margin in 0..=3 {
                let target = Target { attacker, margin };
                let report = prove(pos, target, table, BUDGET, &mut |_| {});
                let holds = mine >= target.value();
                tried += 1;
                match report.verdict {
                    Verdict::Proved => assert!(holds, "{target:?} proved, value {value}"),
                    Verdict::Disproved => assert!(!holds, "{target:?} disproved, value {value}"),
                    Verdict::Open => continue,
                }
                decided += 1;
            }
        }
        (decided, tried)
    }

    /// Positions of the 4-archer set, spread over its slots, that are not
    /// over.
    fn positions(layout: &Layout, every: u64) -> Vec<Jasir> {
        (0..layout.total())
            .step_by(every as usize)
            .map(|slot| Jasir::from_state(Rules::Jasir, layout.state(slot)))
            .filter(|pos| pos.result().is_none())
            .collect()
    }

    #[test]
    fn agrees_with_the_solver_without_a_table() {
        let table = build(4, 1 << 22, &mut |_| {}, &mut |_| {}).unwrap();
        let layout = &table.layout;
        // a spread of the set, and the first positions of endless play
        let draws = (0..layout.total())
            .map(|slot| layout.state(slot))
            .filter(|st| rule_end(st, Rules::Jasir).is_none() && table.value(st).unwrap().0 == 0)
            .take(5)
            .map(|st| Jasir::from_state(Rules::Jasir, st));
        let (mut decided, mut tried, mut drawn) = (0, 0, 0);
        for pos in positions(layout, 9_973).into_iter().chain(draws) {
            let value = solved(&pos, 1 << 20).expect("small positions solve");
            let (d, t) = check(&pos, value, None);
            drawn += usize::from(value == 0 && d == t);
            decided += d;
            tried += t;
        }
        assert!(drawn > 0, "no endless play decided");
        assert!(decided * 10 >= tried * 9, "{decided} of {tried} decided");
    }

    /// Five-archer positions, the 4-archer table answering below them.
    #[test]
    fn agrees_with_the_solver_with_a_table() {
        let table = build(4, 1 << 22, &mut |_| {}, &mut |_| {}).unwrap();
        let layout = Layout::new(5);
        let (mut decided, mut tried, mut hits, mut checked) = (0, 0, 0, 0);
        for pos in positions(&layout, 104_729) {
            let living = (0..2)
                .map(|s| pos.state().archers[s].count_ones() + u32::from(pos.state().hand[s]))
                .sum::<u32>();
            let Some(value) = solved(&pos, 400_000) else {
                continue;
            };
            if living < 5 {
                continue;
            }
            checked += 1;
            let (d, t) = check(&pos, value, Some(&table));
            decided += d;
            tried += t;
            let target = Target {
                attacker: Color::White,
                margin: 0,
            };
            hits += prove(&pos, target, Some(&table), BUDGET, &mut |_| {}).table_hits;
        }
        assert!(checked >= 5, "{checked} positions checked");
        assert!(hits > 0, "the table settled no position");
        assert!(decided * 10 >= tried * 9, "{decided} of {tried} decided");
    }

    #[test]
    fn a_settled_root_needs_no_search() {
        // White's only archer is home, Black's is in hand: White has won
        let pos = Jasir::from_fen_for("S4/5/5/5/5 w 0/1 -/- 0 1", Rules::Jasir).unwrap();
        assert_eq!(
            pos.result().map(|r| r.outcome_for(Color::White)),
            Some(Outcome::Win { margin: 1 })
        );
        let target = |margin| Target {
            attacker: Color::White,
            margin,
        };
        let won = prove(&pos, target(1), None, BUDGET, &mut |_| {});
        assert_eq!(
            (won.verdict, won.nodes, won.expanded),
            (Verdict::Proved, 1, 0)
        );
        let more = prove(&pos, target(2), None, BUDGET, &mut |_| {});
        assert_eq!(more.verdict, Verdict::Disproved);
    }

    #[test]
    fn the_budget_stops_the_search() {
        let start = Jasir::start_position_for(Rules::Jasir);
        let budget = Budget {
            nodes: 10_000,
            time: Duration::from_secs(600),
        };
        let target = Target {
            attacker: Color::White,
            margin: 0,
        };
        let report = prove(&start, target, None, budget, &mut |_| {});
        assert_eq!(report.verdict, Verdict::Open);
        assert!(
            report.nodes <= 10_000 && report.nodes > 9_000,
            "{}",
            report.nodes
        );
        assert!(report.proof > 0 && report.proof < INF && report.disproof > 0);
    }
}
