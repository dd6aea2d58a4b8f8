//! Enumeration of every position reachable from the roots, as a graph in
//! compressed rows: node `i`'s children are `children[start[i]..start[i+1]]`,
//! reached by the moves `moves[..]` at the same indices.
//!
//! Nodes are expanded in batches: the positions of a batch are expanded on
//! all threads (move generation and keys), then their children are looked
//! up in the key map in the order of their home slots, so the lookups walk
//! the (large) table from front to back instead of jumping around in it.

use super::super::board::Rules;
use super::super::movegen::generate;
use super::super::moves::Move;
use super::super::rules::{no_moves_end, rule_end};
use super::key::{decode, encode};
use super::keymap::KeyMap;
use super::{value_of, SolvePhase, SolveProgress};
use rayon::prelude::*;
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

/// Nodes expanded per batch.
const BATCH: usize = 1 << 17;

/// Nodes one parallel task expands.
const TASK: usize = 1 << 10;

/// What expanding some nodes found: per node its terminal value and number
/// of moves; per move its child's key and move code.
#[derive(Default)]
struct Expansion {
    terminal: Vec<i8>,
    counts: Vec<u32>,
    keys: Vec<u128>,
    moves: Vec<u16>,
}

/// Expands the nodes of `keys`.
fn expand(keys: &[u128], rules: Rules) -> Expansion {
    let mut out = Expansion::default();
    let mut list = MoveList::new();
    for &k in keys {
        let st = decode(k);
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
            out.keys.push(encode(&child, rules));
            out.moves.push(Move::code(mv) as u16);
        }
        out.terminal.push(value);
        out.counts.push(list.len() as u32);
    }
    out
}

/// Enumerates breadth-first from `roots` (the first root is node 0);
/// `Err(nodes)` once more than `max_positions` nodes are found.
pub fn enumerate(
    roots: &[u128],
    rules: Rules,
    max_positions: usize,
    progress: &mut dyn FnMut(&SolveProgress),
    clock: Instant,
) -> Result<StateGraph, usize> {
    let mut g = StateGraph {
        index: KeyMap::default(),
        keys: Vec::new(),
        start: vec![0],
        children: Vec::new(),
        moves: Vec::new(),
        terminal: Vec::new(),
    };
    for &root in roots {
        let next = g.keys.len() as u32;
        if g.index.get_or_insert(root, next) == next {
            g.keys.push(root);
        }
    }
    let mut done = 0;
    // home slot in the high half, edge number in the low half
    let mut order: Vec<u64> = Vec::new();
    while done < g.keys.len() {
        let end = (done + BATCH).min(g.keys.len());
        let parts: Vec<Expansion> = g.keys[done..end]
            .par_chunks(TASK)
            .map(|nodes| expand(nodes, rules))
            .collect();
        let first = g.children.len();
        if first + parts.iter().map(|p| p.keys.len()).sum::<usize>() > u32::MAX as usize {
            // edge numbers are u32: a graph this large is too large
            return Err(g.keys.len());
        }
        let mut child_keys = Vec::with_capacity(parts.iter().map(|p| p.keys.len()).sum());
        for part in parts {
            g.terminal.extend_from_slice(&part.terminal);
            for &count in &part.counts {
                let row = g.start[g.start.len() - 1] + count;
                g.start.push(row);
            }
            g.moves.extend_from_slice(&part.moves);
            child_keys.extend_from_slice(&part.keys);
        }
        g.children.resize(first + child_keys.len(), 0);
        g.index.reserve(child_keys.len());
        order.clear();
        order.extend(
            child_keys
                .iter()
                .enumerate()
                .map(|(e, &k)| (g.index.home_of(k) as u64) << 32 | e as u64),
        );
        order.par_sort_unstable();
        for &packed in &order {
            let e = packed as u32;
            let key = child_keys[e as usize];
            let next = g.keys.len() as u32;
            let c = g.index.get_or_insert(key, next);
            if c == next {
                g.keys.push(key);
                if g.keys.len() > max_positions {
                    return Err(g.keys.len());
                }
            }
            g.children[first + e as usize] = c;
        }
        done = end;
        progress(&SolveProgress {
            phase: SolvePhase::Enumerate,
            positions: g.keys.len(),
            expanded: done,
            edges: g.children.len(),
            elapsed: clock.elapsed(),
        });
    }
    Ok(g)
}
