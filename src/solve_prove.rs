//! `timur solve --prove SIDE`: a proof-number search from a Jasir position
//! (the start by default) for "SIDE can force a win by at least
//! `--margin`", with a compact table (`--table`) answering every position
//! it holds; progress lines on stderr, the verdict and the search's size
//! on stdout.

use crate::variants::jasir::solver::prove::{prove, Budget, ProofReport, Target, Verdict};
use crate::variants::jasir::solver::CompactTable;
use crate::variants::jasir::{Jasir, Rules};
use crate::variants::Variant;
use std::path::Path;
use std::time::{Duration, Instant};
use timur_search::Color;

/// What `--prove` searches: the side, the least margin, the table and the
/// budget.
#[derive(Clone, Debug)]
pub struct ProveArgs<'a> {
    /// The position (JFEN); the start if `None`.
    pub fen: Option<&'a str>,
    /// `white` or `black`: the side that must force the win.
    pub side: &'a str,
    /// The least margin of the win.
    pub margin: u32,
    /// A compact table (`timur solve --archers N --save`).
    pub table: Option<&'a Path>,
    /// Most tree nodes.
    pub max_nodes: usize,
    /// Most seconds.
    pub max_seconds: u64,
}

fn side_of(text: &str) -> Result<Color, String> {
    match text {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(format!("--prove takes white or black, not `{other}`")),
    }
}

fn numbers(n: u32) -> String {
    if n == u32::MAX {
        "inf".to_string()
    } else {
        n.to_string()
    }
}

fn line(r: &ProofReport) -> String {
    format!(
        "{} nodes, {} expanded, proof {} disproof {}, {} table hits, {:.1} s",
        r.nodes,
        r.expanded,
        numbers(r.proof),
        numbers(r.disproof),
        r.table_hits,
        r.elapsed.as_secs_f64()
    )
}

/// Runs the search and prints its verdict.
pub fn run_prove(args: &ProveArgs) -> Result<(), String> {
    let attacker = side_of(args.side)?;
    let pos = match args.fen {
        Some(text) => Jasir::from_fen_for(text, Rules::Jasir)?,
        None => Jasir::start_position_for(Rules::Jasir),
    };
    let clock = Instant::now();
    let table = args.table.map(CompactTable::load).transpose()?;
    if let Some(t) = &table {
        println!(
            "table: {} positions of at most {} archers, loaded in {:.1} s",
            t.len(),
            t.archers(),
            clock.elapsed().as_secs_f64()
        );
    }
    let target = Target {
        attacker,
        margin: args.margin,
    };
    let budget = Budget {
        nodes: args.max_nodes,
        time: Duration::from_secs(args.max_seconds),
    };
    let report = prove(&pos, target, table.as_ref(), budget, &mut |r| {
        eprintln!("searching: {}", line(r))
    });
    println!("position: {}", pos.to_fen());
    let claim = format!("{} can force a win by at least {}", args.side, args.margin);
    match report.verdict {
        Verdict::Proved => println!("proved: {claim}"),
        Verdict::Disproved => println!("disproved: it is not true that {claim}"),
        Verdict::Open => println!("open (budget spent): {claim}"),
    }
    println!("{}", line(&report));
    Ok(())
}
