//! Checking a compact table against an independent judge: the engine's own
//! alpha-beta search (no table attached), run on randomly sampled slots.
//!
//! A decided search score is a proof of a bound: a win for the side to move
//! with margin `m` means it can force a finished game it wins by at least
//! `m` (evaluations and repetitions rank below every decided value), and a
//! loss by `m` means the opponent can. So a decided score that names the
//! other winner, a larger margin than the table's, or any winner where the
//! table has endless play, contradicts the table. Where the table's win
//! lies within the search's depth, the search should find exactly its
//! winner and margin (and, searching margin first and distance second as
//! the solver does, its distance).

use super::outcome_of;
use super::CompactTable;
use crate::rng::Rng;
use crate::variants::jasir::{Jasir, Rules};
use crate::variants::Variant;
use timur_search::{Control, Limits, Outcome, Score, SearchJob, Searcher};

/// How many slots to check and how hard to search each.
#[derive(Clone, Copy, Debug)]
pub struct CheckOptions {
    /// Slots drawn (uniformly, with replacement).
    pub samples: usize,
    /// Seed of the draw.
    pub seed: u64,
    /// Depth of each search (plies).
    pub depth: u32,
    /// Most nodes of each search.
    pub nodes: u64,
    /// Hash of the search, MiB.
    pub hash_mib: usize,
}

/// What the search said of one sampled position, against the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// Same winner and margin; `same_distance` if the plies agree too.
    Agrees { same_distance: bool },
    /// The search decided nothing, the table has endless play: consistent.
    DrawUndecided,
    /// The search decided nothing although the table's end lies within its
    /// depth.
    Undecided,
    /// The table's end lies beyond the depth; the search's bound (if any)
    /// is consistent with it.
    Beyond,
    /// The search proves what the table denies.
    Contradicts,
}

/// Counts per [`Finding`], and the first contradictions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Slots drawn.
    pub samples: u64,
    /// Finished positions (not searched).
    pub finished: u64,
    /// Decided in the table within the depth: agreed in winner and margin.
    pub agreed: u64,
    /// Of `agreed`, also in distance.
    pub same_distance: u64,
    /// Decided in the table within the depth, not decided by the search.
    pub undecided: u64,
    /// Endless play in the table, nothing decided by the search.
    pub draws: u64,
    /// Decided beyond the depth, the search's bound consistent.
    pub beyond: u64,
    /// Contradictions.
    pub contradictions: u64,
    /// Up to ten contradictions: position, table (value, plies), search.
    pub first_contradictions: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
}

/// The winner's margin and plies to the end of a decided score, from the
/// side to move's view (`true`: it wins).
fn decided(score: Score) -> Option<(bool, u32, u32)> {
    match score {
        Score::Mate { moves, margin } if moves > 0 => Some((true, margin, 2 * moves as u32 - 1)),
        Score::Mate { moves, margin } if moves < 0 => Some((false, margin, 2 * (-moves) as u32)),
        _ => None,
    }
}

/// Judges a search score against the table's (value, plies) for a
/// position searched to `depth` plies.
pub fn judge(score: Score, value: i8, plies: u32, depth: u32) -> Finding {
    let table = match outcome_of(value) {
        Outcome::Win { margin } => Some((true, margin)),
        Outcome::Loss { margin } => Some((false, margin)),
        Outcome::Draw => None,
    };
    match (table, decided(score)) {
        (None, None) => Finding::DrawUndecided,
        (None, Some(_)) => Finding::Contradicts,
        (Some(_), None) if plies <= depth => Finding::Undecided,
        (Some(_), None) => Finding::Beyond,
        (Some((wins, margin)), Some((search_wins, search_margin, search_plies))) => {
            if wins != search_wins || search_margin > margin {
                Finding::Contradicts
            } else if search_margin == margin {
                Finding::Agrees {
                    same_distance: search_plies == plies,
                }
            } else if plies <= depth {
                Finding::Undecided
            } else {
                Finding::Beyond
            }
        }
    }
}

/// Draws `options.samples` slots of `table`, searches each position with
/// the engine's search (no table attached) and judges the score. `progress`
/// sees the report after each sample.
pub fn check(
    table: &CompactTable,
    options: &CheckOptions,
    progress: &mut dyn FnMut(&CheckReport),
) -> CheckReport {
    let searcher = Searcher::new(options.hash_mib, 1);
    let mut rng = Rng::new(options.seed);
    let mut report = CheckReport::default();
    for _ in 0..options.samples {
        let slot = rng.below(table.len() as u64);
        let (value, plies) = table.codes[table.data.get(slot as usize).expect("slot in table")];
        let pos = Jasir::from_state(Rules::Jasir, table.layout.state(slot));
        report.samples += 1;
        if pos.result().is_some() {
            report.finished += 1;
            progress(&report);
            continue;
        }
        searcher.clear();
        let job = SearchJob {
            root: pos.clone(),
            history: Vec::new(),
            root_moves: None,
            excluded: Vec::new(),
            limits: Limits {
                depth: Some(options.depth),
                nodes: Some(options.nodes),
                ..Limits::default()
            },
            multipv: 1,
            move_overhead: std::time::Duration::ZERO,
            skill: None,
        };
        let result = searcher.search_for_result(job, &Control::new());
        report.nodes += result.nodes;
        match judge(result.score, value, plies, options.depth) {
            Finding::Agrees { same_distance } => {
                report.agreed += 1;
                report.same_distance += u64::from(same_distance);
            }
            Finding::DrawUndecided => report.draws += 1,
            Finding::Undecided => report.undecided += 1,
            Finding::Beyond => report.beyond += 1,
            Finding::Contradicts => {
                report.contradictions += 1;
                if report.first_contradictions.len() < 10 {
                    report.first_contradictions.push(format!(
                        "{}: table (value {value}, {plies} plies), search {:?} at depth {}",
                        pos.to_fen(),
                        result.score,
                        result.depth
                    ));
                }
            }
        }
        progress(&report);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_bounds_against_the_table() {
        let win = |moves, margin| Score::Mate { moves, margin };
        // Table: the side to move wins by 2 in 5 plies (value 3).
        assert_eq!(
            judge(win(3, 2), 3, 5, 10),
            Finding::Agrees {
                same_distance: true
            }
        );
        assert_eq!(
            judge(win(4, 2), 3, 5, 10),
            Finding::Agrees {
                same_distance: false
            }
        );
        assert_eq!(judge(win(3, 3), 3, 5, 10), Finding::Contradicts);
        assert_eq!(judge(win(-3, 1), 3, 5, 10), Finding::Contradicts);
        assert_eq!(judge(win(2, 1), 3, 5, 10), Finding::Undecided);
        assert_eq!(judge(win(2, 1), 3, 15, 10), Finding::Beyond);
        assert_eq!(judge(Score::Cp(40), 3, 5, 10), Finding::Undecided);
        assert_eq!(judge(Score::Cp(40), 3, 15, 10), Finding::Beyond);
        // Table: the side to move loses by 1 in 4 plies (value -2).
        assert_eq!(
            judge(win(-2, 1), -2, 4, 10),
            Finding::Agrees {
                same_distance: true
            }
        );
        assert_eq!(judge(win(-2, 2), -2, 4, 10), Finding::Contradicts);
        // Table: endless play.
        assert_eq!(judge(Score::Cp(0), 0, 0, 10), Finding::DrawUndecided);
        assert_eq!(judge(win(5, 1), 0, 0, 10), Finding::Contradicts);
    }

    fn options(samples: usize) -> CheckOptions {
        CheckOptions {
            samples,
            seed: 7,
            depth: 12,
            nodes: 200_000,
            hash_mib: 4,
        }
    }

    /// The search agrees with the 4-archer table, and catches a table whose
    /// wins and losses were swapped.
    #[test]
    fn the_search_agrees_with_the_table_and_catches_a_wrong_one() {
        let table = super::super::inplace::solve_in_place(4, &mut |_| {}).unwrap();
        let report = check(&table, &options(300), &mut |_| {});
        assert_eq!(report.contradictions, 0, "{report:?}");
        assert!(report.agreed > 200, "{report:?}");
        assert_eq!(
            report.samples,
            report.finished
                + report.agreed
                + report.undecided
                + report.draws
                + report.beyond
                + report.contradictions
        );
        let mut swapped = table.clone();
        for code in &mut swapped.codes {
            code.0 = -code.0;
        }
        let report = check(&swapped, &options(100), &mut |_| {});
        assert!(report.contradictions > 50, "{report:?}");
        assert!(!report.first_contradictions.is_empty());
    }
}
