//! Enumeration of every position reachable from the root, as a graph in
//! compressed rows: node `i`'s children are `children[start[i]..start[i+1]]`,
//! reached by the moves `moves[..]` at the same indices.

use super::super::board::Rules;
use super::super::movegen::generate;
use super::super::moves::Move;
use super::super::rules::{no_moves_end, rule_end};
use super::key::{decode, encode};
use super::keymap::KeyMap;
use super::{value_of, SolvePhase, SolveProgress};
use std::time::Instant;
use timur_search::MoveList;

/// The reachable positions and their moves.
pub struct StateGraph {
    /// Key → node index.
    pub index: KeyMap,
    /// Node index → key.
    pub keys: Vec<u128>,
    /// Row starts into `children`/`moves` (one more than nodes).
    pub start: Vec<u32>,
    /// Child node of each edge.
    pub children: Vec<u32>,
    /// Move code of each edge.
    pub moves: Vec<u16>,
    /// Value (side to move's view) of each node that has no move; 0 for the
    /// others.
    pub terminal: Vec<i8>,
}

impl StateGraph {
    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.keys.len()
    }

    /// The edges of node `i`.
    #[inline]
    pub fn edges(&self, i: usize) -> std::ops::Range<usize> {
        self.start[i] as usize..self.start[i + 1] as usize
    }
}

/// Enumerates breadth-first from `root`; `Err(nodes)` once more than
/// `max_positions` nodes are found.
pub fn enumerate(
    root: u128,
    rules: Rules,
    max_positions: usize,
    progress: &mut dyn FnMut(&SolveProgress),
    clock: Instant,
) -> Result<StateGraph, usize> {
    let mut g = StateGraph {
        index: KeyMap::default(),
        keys: vec![root],
        start: vec![0],
        children: Vec::new(),
        moves: Vec::new(),
        terminal: Vec::new(),
    };
    g.index.insert(root, 0);
    let mut i = 0;
    let mut list = MoveList::new();
    while i < g.keys.len() {
        let st = decode(g.keys[i]);
        list.clear();
        let mut value = 0;
        if let Some(end) = rule_end(&st, rules) {
            value = value_of(end.outcome_for(st.side));
        } else {
            generate(&st, rules, &mut list);
            if list.is_empty() {
                value = value_of(no_moves_end(&st, rules).outcome_for(st.side));
            }
        }
        for &mv in &list {
            let mut child = st;
            child.apply(rules, mv);
            let key = encode(&child, rules);
            let next = g.keys.len() as u32;
            let c = g.index.get_or_insert(key, next);
            if c == next {
                g.keys.push(key);
                if g.keys.len() > max_positions {
                    return Err(g.keys.len());
                }
            }
            g.children.push(c);
            g.moves.push(Move::code(mv) as u16);
        }
        g.terminal.push(value);
        g.start.push(g.children.len() as u32);
        i += 1;
        if i % (1 << 20) == 0 {
            progress(&SolveProgress {
                phase: SolvePhase::Enumerate,
                positions: g.keys.len(),
                expanded: i,
                edges: g.children.len(),
                elapsed: clock.elapsed(),
            });
        }
    }
    Ok(g)
}
