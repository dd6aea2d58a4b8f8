//! `timur solve`: the exact game-theoretic value of a Jasir or Jarmo
//! position by retrograde analysis over every reachable position, with
//! progress on stderr; the table of solved positions can be saved for the
//! engine's `JasirTable` option, so `go` then plays perfectly.

use crate::engine::VariantKind;
use crate::variants::jasir::board::MAX_ARCHERS;
use crate::variants::jasir::solver::homes::home_positions;
use crate::variants::jasir::solver::{
    solve_roots, solve_with_limit, SolveOutcome, SolvePhase, SolveProgress, SolveTable,
};
use crate::variants::jasir::{Jasir, Rules};
use crate::variants::{Notation, Variant};
use std::path::Path;
use std::time::Instant;
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

/// The error for a solve that hit the position limit.
fn too_large(max_positions: usize, positions: usize, seconds: f64) -> String {
    format!(
        "not solved: more than {max_positions} positions are reachable ({positions} found in {seconds:.1} s); \
         raise --max-positions if memory allows (about 130 bytes each)"
    )
}

/// Solves the endgame set of every split of at most `archers` archers in
/// total (each side 1..=5): all positions reachable from the split's home
/// positions (each side's archers simple, in hand or on its own base row,
/// either side to move), one graph per split. Prints a line per split;
/// saves all splits in one table to `save` if given.
fn run_endgames(
    rules: Rules,
    archers: u32,
    max_positions: usize,
    save: Option<&Path>,
) -> Result<(), String> {
    if archers < 2 {
        return Err("--archers needs at least 2 (one archer a side)".to_string());
    }
    let clock = Instant::now();
    let mut table = SolveTable::default();
    let (mut positions, mut edges) = (0, 0);
    for white in 1..=MAX_ARCHERS.min(archers - 1) {
        for black in 1..=MAX_ARCHERS.min(archers - white) {
            let roots = home_positions(rules, white, black);
            let solution = match solve_roots(&roots, max_positions, &mut report) {
                SolveOutcome::Solved(solution) => solution,
                SolveOutcome::TooLarge {
                    positions: found,
                    elapsed,
                } => {
                    return Err(format!(
                        "{white} against {black}: {}",
                        too_large(max_positions, found, elapsed.as_secs_f64())
                    ))
                }
            };
            println!(
                "{white} against {black}: {} home positions, {} positions, {} moves, {:.2} s; {}: {}",
                roots.len(),
                solution.positions,
                solution.edges,
                solution.elapsed.as_secs_f64(),
                roots[0].to_fen(),
                outcome_words(solution.outcome)
            );
            positions += solution.positions;
            edges += solution.edges;
            if save.is_some() {
                table.merge(&solution.table);
            }
        }
    }
    println!(
        "all splits of at most {archers} archers: {positions} positions, {edges} moves, {:.2} s",
        clock.elapsed().as_secs_f64()
    );
    if let Some(path) = save {
        table.save(path)?;
        println!(
            "table of {} positions saved to {}",
            table.len(),
            path.display()
        );
    }
    Ok(())
}

/// Solves the position (the start position when `fen` is `None`), or with
/// `archers` the endgame sets of at most that many archers, prints the
/// result, and saves the table to `save` if given.
pub fn run(
    kind: VariantKind,
    fen: Option<&str>,
    archers: Option<u32>,
    max_positions: usize,
    save: Option<&Path>,
) -> Result<(), String> {
    let rules = rules_of(kind)
        .ok_or_else(|| format!("`timur solve` solves jasir and jarmo, not {kind}"))?;
    if let Some(archers) = archers {
        if fen.is_some() {
            return Err("give either --fen or --archers, not both".to_string());
        }
        return run_endgames(rules, archers, max_positions, save);
    }
    let pos = match fen {
        Some(text) => Jasir::from_fen_for(text, rules)?,
        None => Jasir::start_position_for(rules),
    };
    match solve_with_limit(&pos, max_positions, &mut report) {
        SolveOutcome::TooLarge { positions, elapsed } => {
            Err(too_large(max_positions, positions, elapsed.as_secs_f64()))
        }
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
