//! Retrograde analysis with scores: for each threshold `k` of the values the
//! finished games take, the positions whose side to move can force a result
//! worth at least `k` (set A) and those whose side to move cannot avoid one
//! worth at most `-k` (set B) are found backward from the ends, as in a
//! win/loss database: a position joins A when one move reaches B, and B when
//! all its moves reach A. A position's value is the largest `k` with it in A,
//! or minus the largest `k` with it in B, else 0: neither side can force a
//! result better than 0 for itself, so best play either reaches a value-0
//! end (a Jarmo draw) or goes on forever (a draw by endless play). The layer
//! at which a position joins its set is its distance to the end under best
//! play, which makes the stored best moves make progress.

use super::graph::StateGraph;
use super::{SolvePhase, SolveProgress};
use rayon::prelude::*;
use std::time::Instant;

/// Values and distances of every node.
pub struct Values {
    /// Side to move's value: `m + 1` for a win with margin `m`, `-(m + 1)`
    /// for a loss, 0 for a draw.
    pub value: Vec<i8>,
    /// Retrograde layer at the node's value: the winner forces the end
    /// within this many plies (0 for draws
    /// and for finished games).
    pub depth: Vec<u32>,
}

/// Per node and pass, one `u16`: the status in the top two bits, the number
/// of moves not yet known to reach A below (only counted while open), so a
/// predecessor visit touches one cache line.
const OPEN: u16 = 0;
const IN_A: u16 = 1 << 14;
const IN_B: u16 = 2 << 14;
const STATUS: u16 = 3 << 14;

/// Runs the analysis over `g`.
pub fn solve_values(
    g: &StateGraph,
    progress: &mut dyn FnMut(&SolveProgress),
    clock: Instant,
) -> Values {
    let n = g.nodes();
    // predecessors in compressed rows
    let mut pred_start = vec![0u32; n + 1];
    for &c in &g.children {
        pred_start[c as usize + 1] += 1;
    }
    for i in 0..n {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut preds = vec![0u32; g.children.len()];
    for p in 0..n {
        for e in g.edges(p) {
            let c = g.children[e] as usize;
            preds[fill[c] as usize] = p as u32;
            fill[c] += 1;
        }
    }
    drop(fill);
    let mut thresholds: Vec<i8> = g
        .terminal
        .iter()
        .enumerate()
        .filter(|&(i, &v)| v != 0 && g.edges(i).is_empty())
        .map(|(_, &v)| v.abs())
        .collect();
    thresholds.sort_unstable();
    thresholds.dedup();
    let mut out = Values {
        value: vec![0; n],
        depth: vec![0; n],
    };
    // the passes are independent: run as many at once as there are threads
    for chunk in thresholds.chunks(rayon::current_num_threads().max(1)) {
        let passes: Vec<(u16, Vec<u16>, Vec<u32>)> = chunk
            .par_iter()
            .map(|&k| {
                let (cell, depth) = pass(g, &pred_start, &preds, k);
                (k as u16, cell, depth)
            })
            .collect();
        for (k, cell, depth) in passes {
            let k = k as i8;
            let mut fixed = 0;
            for i in 0..n {
                match cell[i] & STATUS {
                    IN_A => {
                        out.value[i] = k;
                        out.depth[i] = depth[i];
                    }
                    IN_B => {
                        out.value[i] = -k;
                        out.depth[i] = depth[i];
                    }
                    _ => continue,
                }
                fixed += 1;
            }
            progress(&SolveProgress {
                phase: SolvePhase::Retrograde {
                    threshold: k as u32,
                },
                positions: n,
                expanded: fixed,
                edges: g.children.len(),
                elapsed: clock.elapsed(),
            });
        }
    }
    out
}

/// One pass at threshold `k`: each node's cell (status in the top bits) and
/// its retrograde layer.
fn pass(g: &StateGraph, pred_start: &[u32], preds: &[u32], k: i8) -> (Vec<u16>, Vec<u32>) {
    let n = g.nodes();
    let mut depth = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    // no position has 2^14 moves (at most a few hundred)
    let mut cell: Vec<u16> = (0..n)
        .map(|i| {
            let edges = g.edges(i).len() as u16;
            if edges != 0 {
                return edges;
            }
            let v = g.terminal[i];
            if v >= k {
                queue.push(i as u32);
                IN_A
            } else if v <= -k {
                queue.push(i as u32);
                IN_B
            } else {
                OPEN
            }
        })
        .collect();
    let mut head = 0;
    while head < queue.len() {
        let p = queue[head] as usize;
        head += 1;
        let won_by_mover = cell[p] & STATUS == IN_B;
        for &q in &preds[pred_start[p] as usize..pred_start[p + 1] as usize] {
            let q = q as usize;
            let c = cell[q];
            if c & STATUS != OPEN {
                continue;
            }
            if won_by_mover {
                cell[q] = IN_A;
            } else if c > 1 {
                cell[q] = c - 1;
                continue;
            } else {
                cell[q] = IN_B;
            }
            depth[q] = depth[p] + 1;
            queue.push(q as u32);
        }
    }
    (cell, depth)
}

/// The best edge of node `i`: a win moves to a child lost at exactly the
/// value, nearest the end; a loss to the child that keeps the loss smallest,
/// farthest from the end; a draw to a drawn child. `None` for a finished
/// game.
pub fn best_edge(g: &StateGraph, v: &Values, i: usize) -> Option<usize> {
    let mine = v.value[i];
    g.edges(i)
        .map(|e| {
            let c = g.children[e] as usize;
            let score = -v.value[c];
            // higher is better: value first, then distance (short for wins, long otherwise)
            let d = i64::from(v.depth[c]);
            let tie = if mine > 0 { -d } else { d };
            (score, tie, e)
        })
        .max_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(b.2.cmp(&a.2)))
        .map(|(_, _, e)| e)
}
