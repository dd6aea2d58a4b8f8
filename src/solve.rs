//! `timur solve`: the exact game-theoretic value of a Jasir or Jarmo
//! position by retrograde analysis over every reachable position, with
//! progress on stderr; the table of solved positions can be saved for the
//! engine's `JasirTable` option, so `go` then plays perfectly.

use crate::engine::VariantKind;
use crate::variants::jasir::board::MAX_ARCHERS;
use crate::variants::jasir::solver::build::{build, BuildError};
use crate::variants::jasir::solver::compact::MAX_CODES;
use crate::variants::jasir::solver::compare::{compare, compare_compact};
use crate::variants::jasir::solver::homes::home_positions;
use crate::variants::jasir::solver::index::splits;
use crate::variants::jasir::solver::inplace::{InPlace, StepReport};
use crate::variants::jasir::solver::{
    solve_roots, solve_with_limit, CompactTable, SolveOutcome, SolvePhase, SolveProgress,
    SolveTable,
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

/// The process's peak resident memory (`VmHWM` of `/proc/self/status`) in
/// bytes, if the system tells.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// CPU seconds the process has used (all threads, user and system, from
/// `/proc/self/stat` at 100 ticks a second), if the system tells.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The peak memory in words for a progress line.
fn peak_words() -> String {
    peak_memory().map_or_else(
        || "peak memory unknown".to_string(),
        |b| format!("peak {:.2} GB", b as f64 / 1e9),
    )
}

/// The checkpoint file of a build saved to `save`: `save` + `.partial`.
pub fn checkpoint_path(save: &Path) -> std::path::PathBuf {
    let mut name = save.as_os_str().to_owned();
    name.push(".partial");
    name.into()
}

/// One progress line of the in-place build.
fn step_line(r: &StepReport) -> String {
    let what = match r.layer {
        Some(layer) => format!("at layer {layer}"),
        None => format!("done, {} valued", r.assigned),
    };
    let cpu = cpu_seconds().map_or_else(String::new, |s| format!(" (process CPU {s:.1} s)"));
    format!(
        "threshold {}, {} against {}: {} slots, {} in A, {} in B, {what}, {:.1} s; step {}/{}, {}{cpu}",
        r.threshold,
        r.white,
        r.black,
        r.slots,
        r.in_a,
        r.in_b,
        r.elapsed.as_secs_f64(),
        r.done,
        r.steps,
        peak_words()
    )
}

/// Jasir: solves the set of at most `archers` living archers in place
/// ([`InPlace`]), a line per step (threshold and split) and now and then
/// during a long one. With `save`, a checkpoint `save.partial` is written
/// after a step when `checkpoint_seconds` (and ten times the last write's
/// time) have passed since the last one, and a build finds it there and goes on from it; the finished table is
/// Writes a compact table to `path` and says so.
fn save_compact(table: &CompactTable, path: &Path) -> Result<(), String> {
    table.save(path)?;
    println!(
        "compact table of {} positions saved to {}",
        table.len(),
        path.display()
    );
    Ok(())
}

/// saved to `save` and the checkpoint removed.
fn run_in_place(archers: u32, save: Option<&Path>, checkpoint_seconds: u64) -> Result<(), String> {
    let clock = Instant::now();
    let partial = save.map(checkpoint_path);
    let mut build = match &partial {
        Some(path) if path.exists() => {
            let build = InPlace::load_checkpoint(path, archers)
                .map_err(|e| format!("{e}; remove it to start the build over"))?;
            println!(
                "resuming from {} at step {}/{} ({:.1} s to load)",
                path.display(),
                build.done(),
                build.steps(),
                clock.elapsed().as_secs_f64()
            );
            build
        }
        _ => InPlace::new(archers),
    };
    let mut last_checkpoint = Instant::now();
    let mut interval = checkpoint_seconds as f64;
    let mut split_seconds: Vec<((u32, u32), f64)> = Vec::new();
    while !build.finished() {
        let report = build.step(&mut |r| println!("{}", step_line(r)))?;
        println!("{}", step_line(&report));
        match split_seconds
            .iter_mut()
            .find(|(s, _)| *s == (report.white, report.black))
        {
            Some((_, t)) => *t += report.elapsed.as_secs_f64(),
            None => {
                split_seconds.push(((report.white, report.black), report.elapsed.as_secs_f64()))
            }
        }
        if let Some(path) = &partial {
            if !build.finished() && last_checkpoint.elapsed().as_secs_f64() >= interval {
                let write = Instant::now();
                build.save_checkpoint(path)?;
                println!(
                    "checkpoint at step {}/{} written to {} in {:.1} s",
                    build.done(),
                    build.steps(),
                    path.display(),
                    write.elapsed().as_secs_f64()
                );
                interval = (checkpoint_seconds as f64).max(10.0 * write.elapsed().as_secs_f64());
                last_checkpoint = Instant::now();
            }
        }
    }
    for ((white, black), seconds) in &split_seconds {
        println!("{white} against {black}: {seconds:.1} s over all thresholds");
    }
    let table = build.finish()?;
    for (white, black) in splits(archers) {
        if white > 0 && black > 0 {
            let home = &home_positions(Rules::Jasir, white, black)[0];
            if let Some((outcome, plies)) = table.result(home) {
                println!(
                    "{white} against {black}: {}: {} in {plies} plies",
                    home.to_fen(),
                    outcome_words(outcome)
                );
            }
        }
    }
    println!(
        "all splits of at most {archers} archers: {} table positions, {} codes; {:.2} s, {}",
        table.len(),
        table.code_count(),
        clock.elapsed().as_secs_f64(),
        peak_words()
    );
    if let Some(path) = save {
        save_compact(&table, path)?;
        if let Some(partial) = &partial {
            if partial.exists() {
                std::fs::remove_file(partial)
                    .map_err(|e| format!("cannot remove {}: {e}", partial.display()))?;
            }
        }
    }
    Ok(())
}

/// Jasir with the graph solver (a cross-check of the in-place one): solves
/// the set of at most `archers` living archers into a compact table
/// ([`build`]), split by split, printing a line per split; saves the table
/// to `save` if given.
fn run_compact(archers: u32, max_positions: usize, save: Option<&Path>) -> Result<(), String> {
    let clock = Instant::now();
    let (mut positions, mut edges) = (0, 0);
    let built = build(archers, max_positions, &mut report, &mut |split| {
        positions += split.positions;
        edges += split.edges;
        let home = match split.home {
            Some(outcome) => format!(
                "{}: {}",
                home_positions(Rules::Jasir, split.white, split.black)[0].to_fen(),
                outcome_words(outcome)
            ),
            None => "a side is eliminated".to_string(),
        };
        println!(
            "{} against {}: {} new positions as roots, {} positions, {} moves, {} filled, {:.2} s; {home}",
            split.white,
            split.black,
            split.roots,
            split.positions,
            split.edges,
            split.filled,
            split.elapsed.as_secs_f64(),
        );
    });
    let table = match built {
        Ok(table) => table,
        Err(BuildError::TooLarge {
            white,
            black,
            positions: found,
        }) => {
            return Err(format!(
                "{white} against {black}: {}",
                too_large(max_positions, found, clock.elapsed().as_secs_f64())
            ))
        }
        Err(BuildError::TooManyCodes) => {
            return Err(format!(
                "the {archers}-archer set takes more than {MAX_CODES} (value, distance) pairs: \
                 a compact table cannot code them in a byte"
            ))
        }
    };
    println!(
        "all splits of at most {archers} archers: {} table positions; graphs: {positions} positions, {edges} moves; {:.2} s",
        table.len(),
        clock.elapsed().as_secs_f64()
    );
    if let Some(path) = save {
        save_compact(&table, path)?;
    }
    Ok(())
}

/// Solves the endgame set of every split of at most `archers` archers in
/// total (each side 1..=5): Jasir into a compact table ([`run_compact`]);
/// Jarmo as all positions reachable from each split's home positions (each
/// side's archers simple, in hand or on its own base row, either side to
/// move), one graph per split, saved together in the map format. Prints a
/// line per split.
fn run_endgames(
    rules: Rules,
    archers: u32,
    options: &EndgameOptions,
    save: Option<&Path>,
) -> Result<(), String> {
    let max_positions = options.max_positions;
    if archers < 2 {
        return Err("--archers needs at least 2 (one archer a side)".to_string());
    }
    if rules == Rules::Jasir {
        if archers > 2 * MAX_ARCHERS {
            return Err(format!(
                "--archers is at most {} (five a side)",
                2 * MAX_ARCHERS
            ));
        }
        if options.graph {
            return run_compact(archers, max_positions, save);
        }
        return run_in_place(archers, save, options.checkpoint_seconds);
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

/// Compares every position of a map-format table (`old`) with a compact
/// table (`new`): result, distance and best move; or, when both are
/// compact tables, every slot's value and distance. An error unless all
/// agree.
pub fn run_compare(old: &Path, new: &Path) -> Result<(), String> {
    let clock = Instant::now();
    if CompactTable::is_compact_file(old) {
        let a = CompactTable::load(old)?;
        let b = CompactTable::load(new)?;
        let c = compare_compact(&a, &b).ok_or_else(|| {
            format!(
                "{} and {} are tables of different sets",
                old.display(),
                new.display()
            )
        })?;
        println!(
            "{} slots compared: {} with another value or distance ({} and {} codes); {:.1} s",
            c.slots,
            c.differing,
            a.code_count(),
            b.code_count(),
            clock.elapsed().as_secs_f64()
        );
        return match c.first {
            None => Ok(()),
            Some((fen, x, y)) => Err(format!(
                "the tables differ, first at {fen}: (value, plies) {x:?} against {y:?}"
            )),
        };
    }
    let new = CompactTable::load(new)?;
    let old = SolveTable::load(old)?;
    println!(
        "loaded {} + {} positions in {:.1} s",
        old.len(),
        new.len(),
        clock.elapsed().as_secs_f64()
    );
    let c = compare(&old, &new);
    println!(
        "{} positions compared: {} missing, {} with another result or distance, {} with another best move; {:.1} s",
        c.positions,
        c.missing,
        c.values,
        c.moves,
        clock.elapsed().as_secs_f64()
    );
    match c.first {
        None => Ok(()),
        Some(fen) => Err(format!("the tables differ, first at {fen}")),
    }
}

/// How `timur solve` builds endgame sets.
#[derive(Clone, Copy, Debug)]
pub struct EndgameOptions {
    /// Most positions of a graph (the graph solvers).
    pub max_positions: usize,
    /// Jasir: build with the graph solver instead of in place.
    pub graph: bool,
    /// Jasir in place: seconds between checkpoints (with a save file).
    pub checkpoint_seconds: u64,
}

/// Solves the position (the start position when `fen` is `None`), or with
/// `archers` the endgame sets of at most that many archers, prints the
/// result, and saves the table to `save` if given.
pub fn run(
    kind: VariantKind,
    fen: Option<&str>,
    archers: Option<u32>,
    options: &EndgameOptions,
    save: Option<&Path>,
) -> Result<(), String> {
    let max_positions = options.max_positions;
    let rules = rules_of(kind)
        .ok_or_else(|| format!("`timur solve` solves jasir and jarmo, not {kind}"))?;
    if let Some(archers) = archers {
        if fen.is_some() {
            return Err("give either --fen or --archers, not both".to_string());
        }
        return run_endgames(rules, archers, options, save);
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
