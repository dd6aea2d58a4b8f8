//! Building a compact table split by split: for each split (most archers
//! first), every position of its classes not yet solved is a root; the
//! graph of everything reachable from them is solved as `timur solve` does
//! and every position it holds (the split's and the smaller ones it reaches)
//! goes into the table's bytes; then the graph is dropped. Only one graph
//! and the table's bytes are in memory at a time. The in-place solver
//! ([`super::inplace`]) builds the same table in a few bytes a slot; this
//! one is kept as its cross-check (`timur solve --archers N --graph`).

use super::super::board::Rules;
use super::compact::{shown_states, CompactTable, SlotCodes, MAX_CODES, UNFILLED};
use super::homes::home_positions;
use super::index::{splits, Layout};
use super::key::{decode, encode};
use super::{outcome_of, solve_graph, SolveProgress};
use rayon::prelude::*;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use timur_search::Outcome;

/// What solving one split did.
#[derive(Clone, Copy, Debug)]
pub struct SplitReport {
    /// White's living archers.
    pub white: u32,
    /// Black's living archers.
    pub black: u32,
    /// Positions of the split not solved by an earlier split (the roots).
    pub roots: usize,
    /// Positions of its graph (roots and what they reach).
    pub positions: usize,
    /// Moves of its graph.
    pub edges: usize,
    /// Table positions filled by this split.
    pub filled: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The result of the split's first home position (White to move, each
    /// side's archers on the leftmost holes of its own base); `None` when
    /// a side has no archer (the split's games are over).
    pub home: Option<Outcome>,
}

/// Why a build stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A split's graph had more positions than the limit.
    TooLarge {
        /// White's living archers.
        white: u32,
        /// Black's living archers.
        black: u32,
        /// Positions found when the solver stopped.
        positions: usize,
    },
    /// The set takes more (value, distance) pairs than a byte can code.
    TooManyCodes,
}

/// Solves the Jasir set of at most `archers` living archers (2..=10,
/// [`super::index`]) into
/// a compact table; `progress` sees the solver's reports, `split_done` one
/// report per split.
pub fn build(
    archers: u32,
    max_positions: usize,
    progress: &mut dyn FnMut(&SolveProgress),
    split_done: &mut dyn FnMut(&SplitReport),
) -> Result<CompactTable, BuildError> {
    let layout = Layout::new(archers);
    let mut data = vec![UNFILLED; layout.total() as usize];
    let mut codes: Vec<(i8, u32)> = Vec::new();
    let mut code_of: HashMap<(i8, u32), u8> = HashMap::new();
    for (white, black) in splits(archers) {
        let clock = Instant::now();
        let roots: Vec<u128> = layout
            .classes()
            .iter()
            .filter(|c| c.material[0].living() == white && c.material[1].living() == black)
            .flat_map(|c| c.offset..c.offset + c.size)
            .collect::<Vec<u64>>()
            .into_par_iter()
            .filter(|&slot| data[slot as usize] == UNFILLED)
            .map(|slot| encode(&layout.state(slot), Rules::Jasir))
            .collect();
        let (mut positions, mut edges, mut filled) = (0, 0, 0);
        let root_count = roots.len();
        if !roots.is_empty() {
            let (g, values) = solve_graph(&roots, Rules::Jasir, max_positions, progress, clock)
                .map_err(|positions| BuildError::TooLarge {
                    white,
                    black,
                    positions,
                })?;
            drop(roots);
            positions = g.nodes();
            edges = g.children.len();
            for (i, &key) in g.keys.iter().enumerate() {
                let pair = (values.value[i], values.depth[i]);
                let code = match code_of.get(&pair) {
                    Some(&code) => code,
                    None if codes.len() < MAX_CODES => {
                        codes.push(pair);
                        code_of.insert(pair, (codes.len() - 1) as u8);
                        (codes.len() - 1) as u8
                    }
                    None => return Err(BuildError::TooManyCodes),
                };
                for st in shown_states(&decode(key)) {
                    if let Some(slot) = layout.slot(&st) {
                        let byte = &mut data[slot as usize];
                        if *byte == UNFILLED {
                            *byte = code;
                            filled += 1;
                        }
                    }
                }
            }
        }
        let home = (white > 0 && black > 0).then(|| {
            let home = &home_positions(Rules::Jasir, white, black)[0];
            let slot = layout
                .slot(home.state())
                .expect("home positions are in the set");
            outcome_of(codes[usize::from(data[slot as usize])].0)
        });
        split_done(&SplitReport {
            white,
            black,
            roots: root_count,
            positions,
            edges,
            filled,
            elapsed: clock.elapsed(),
            home,
        });
    }
    assert!(
        !data.contains(&UNFILLED),
        "every position of the set is reached from its own split"
    );
    Ok(CompactTable {
        layout,
        codes,
        data: SlotCodes::Narrow(data),
    })
}
