//! The shell subcommands behind `timur perft`, `timur perft-suite`, …

use crate::engine::{AnyGame, VariantKind};
use crate::files;
use crate::perft::perft_divide;
use crate::perft_file::parse_perft_file;
use crate::variants::{Notation, Variant};
use crate::with_game;
use std::path::Path;
use std::time::Instant;

fn game_for(kind: VariantKind, fen: Option<&str>) -> Result<AnyGame, String> {
    match fen {
        Some(text) => AnyGame::from_fen(kind, text),
        None => Ok(AnyGame::start(kind)),
    }
}

fn notation_for(kind: VariantKind) -> Notation {
    Notation {
        king_takes_rook: kind == VariantKind::Chess960,
        ranks_from_one: false,
    }
}

/// perft split by root move, moves as text.
pub fn divide(game: &AnyGame, kind: VariantKind, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let notation = notation_for(kind);
    with_game!(game, state => {
        let pos = state.position();
        perft_divide(pos, depth, threads).into_iter().map(|(mv, n)| (pos.format_move(mv, notation), n)).collect()
    })
}

/// `timur perft`: prints the divide (if asked) and `Nodes searched: N` on
/// stdout, the time and speed on stderr.
pub fn perft(
    kind: VariantKind,
    fen: Option<&str>,
    depth: u32,
    show_divide: bool,
    threads: usize,
) -> Result<(), String> {
    let game = game_for(kind, fen)?;
    let started = Instant::now();
    let total = if depth == 0 {
        1
    } else {
        let lines = divide(&game, kind, depth, threads);
        if show_divide {
            for (mv, n) in &lines {
                println!("{mv}: {n}");
            }
            println!();
        }
        lines.iter().map(|(_, n)| n).sum()
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("Nodes searched: {total}");
    eprintln!(
        "time {seconds:.3} s, {:.1} Mnps",
        total as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

/// `timur perft-suite`: checks every record of a `.perft` file; an error
/// names every mismatching position.
pub fn perft_suite(
    file: &Path,
    default_kind: VariantKind,
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    threads: usize,
) -> Result<(), String> {
    let text = files::read_text(file)?;
    let records = parse_perft_file(&text).map_err(|why| format!("{}: {why}", file.display()))?;
    let mut failures = Vec::new();
    let (mut checked, mut nodes) = (0usize, 0u64);
    let started = Instant::now();
    for record in &records {
        let kind = match &record.variant {
            Some(name) => name.parse::<VariantKind>()?,
            None => default_kind,
        };
        let game = match AnyGame::from_fen(kind, &record.fen) {
            Ok(game) => game,
            Err(why) => {
                failures.push(format!("{}: position rejected: {why}", record.id));
                continue;
            }
        };
        for &(depth, expected) in &record.counts {
            if max_depth.is_some_and(|d| depth > d) || max_nodes.is_some_and(|n| expected > n) {
                continue;
            }
            let got: u64 = if depth == 0 {
                1
            } else {
                divide(&game, kind, depth, threads)
                    .iter()
                    .map(|(_, n)| n)
                    .sum()
            };
            checked += 1;
            nodes += got;
            if got == expected {
                println!("ok   {} depth {depth}: {got}", record.id);
            } else {
                println!(
                    "FAIL {} depth {depth}: expected {expected}, got {got}",
                    record.id
                );
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    record.id
                ));
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{checked} counts checked, {} failed, {nodes} nodes in {seconds:.2} s",
        failures.len()
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("perft mismatches:\n  {}", failures.join("\n  ")))
    }
}
