//! `timur solve`: the exact game-theoretic value of a Jasir or Jarmo
//! position by retrograde analysis over every reachable position, with
//! progress on stderr; the table of solved positions can be saved for the
//! engine's `JasirTable` option, so `go` then plays perfectly.

use crate::engine::VariantKind;
use crate::variants::jasir::solver::{solve_with_limit, SolveOutcome, SolvePhase, SolveProgress};
use crate::variants::jasir::{Jasir, Rules};
use crate::variants::{Notation, Variant};
use std::path::Path;
use timur_search::Outcome;

/// The rule set a protocol variant name stands for, if it is a Jasir game.
pub fn rules_of(kind: VariantKind) -> Option<Rules> {
    match kind {
        VariantKind::Jasir => Some(Rules::Jasir),
        VariantKind::Jarmo => Some(Rules::Jarmo),
        _ => None,
    }
}

/// Words for an outcome seen from the side to move.
pub fn outcome_words(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { margin } => format!("the side to move wins, scoring {margin}"),
        Outcome::Loss { margin } => {
            format!("the side to move loses, the opponent scoring {margin}")
        }
        Outcome::Draw => "draw (or endless play)".to_string(),
    }
}

fn report(progress: &SolveProgress) {
    let phase = match progress.phase {
        SolvePhase::Enumerate => "enumerating".to_string(),
        SolvePhase::Retrograde { threshold } => format!("retrograde pass {threshold}"),
        SolvePhase::Done => "done".to_string(),
    };
    eprintln!(
        "{phase}: {} positions, {} expanded, {} moves, {:.1} s",
        progress.positions,
        progress.expanded,
        progress.edges,
        progress.elapsed.as_secs_f64()
    );
}

/// Solves the position (the start position when `fen` is `None`), prints
/// the result, and saves the table to `save` if given.
pub fn run(
    kind: VariantKind,
    fen: Option<&str>,
    max_positions: usize,
    save: Option<&Path>,
) -> Result<(), String> {
    let rules = rules_of(kind)
        .ok_or_else(|| format!("`timur solve` solves jasir and jarmo, not {kind}"))?;
    let pos = match fen {
        Some(text) => Jasir::from_fen_for(text, rules)?,
        None => Jasir::start_position_for(rules),
    };
    match solve_with_limit(&pos, max_positions, &mut report) {
        SolveOutcome::TooLarge { positions, elapsed } => Err(format!(
            "not solved: more than {max_positions} positions are reachable ({positions} found in {:.1} s); \
             raise --max-positions if memory allows (about 130 bytes each)",
            elapsed.as_secs_f64()
        )),
        SolveOutcome::Solved(solution) => {
            println!("position: {}", pos.to_fen());
            println!("result: {}", outcome_words(solution.outcome));
            if let Some(best) = solution.best {
                println!("best move: {}", pos.format_move(best, Notation::default()));
            }
            println!("the winner ends the game within {} plies", solution.plies);
            println!(
                "{} positions, {} moves, {:.2} s",
                solution.positions,
                solution.edges,
                solution.elapsed.as_secs_f64()
            );
            if let Some(path) = save {
                solution.table.save(path)?;
                println!("table saved to {}", path.display());
            }
            Ok(())
        }
    }
}
