//! `timur solve --check TABLE`: random slots of a compact Jasir table
//! searched by the engine's alpha-beta search without the table, each
//! score judged against the table's value (`solver/check.rs`); a progress
//! line every so often on stderr, the counts on stdout, and an error if the
//! search contradicts the table anywhere.

use crate::variants::jasir::solver::check::{check, CheckOptions, CheckReport};
use crate::variants::jasir::solver::CompactTable;
use std::path::Path;
use std::time::Instant;

fn line(r: &CheckReport) -> String {
    format!(
        "{} samples: {} finished, {} agree in winner and margin ({} also in distance), \
         {} undecided within the depth, {} endless play undecided, {} beyond the depth, \
         {} contradictions; {} nodes",
        r.samples,
        r.finished,
        r.agreed,
        r.same_distance,
        r.undecided,
        r.draws,
        r.beyond,
        r.contradictions,
        r.nodes
    )
}

/// Loads `path`, runs the check and prints its counts.
pub fn run_check(path: &Path, options: &CheckOptions) -> Result<(), String> {
    let clock = Instant::now();
    let table = CompactTable::load(path)?;
    println!(
        "table: {} positions of at most {} archers, loaded in {:.1} s",
        table.len(),
        table.archers(),
        clock.elapsed().as_secs_f64()
    );
    let every = (options.samples / 20).max(1) as u64;
    let report = check(&table, options, &mut |r| {
        if r.samples % every == 0 {
            eprintln!("{}", line(r));
        }
    });
    println!(
        "depth {}, at most {} nodes a search, seed {}",
        options.depth, options.nodes, options.seed
    );
    println!("{}; {:.1} s", line(&report), clock.elapsed().as_secs_f64());
    for c in &report.first_contradictions {
        println!("contradiction: {c}");
    }
    match report.contradictions {
        0 => Ok(()),
        n => Err(format!("the search contradicts the table in {n} positions")),
    }
}
