//! `cargo run --profile fast --example xiangqi_divide -- <fen|startpos> <depth> [threads]`
//!
//! Prints `move: count` per legal root move (ranks 0-9), then `total: N` and
//! the time and speed on stderr. Used by `scripts/xiangqi_diff.py` and for
//! speed measurements.

use std::time::Instant;
use timur::perft::perft_divide;
use timur::variants::xiangqi::{Xiangqi, START_FEN};
use timur::variants::{Notation, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: xiangqi_divide <fen|startpos> <depth> [threads]");
        std::process::exit(2);
    }
    let fen = if args[0] == "startpos" {
        START_FEN
    } else {
        &args[0]
    };
    let pos = match Xiangqi::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let Ok(depth) = args[1].parse::<u32>() else {
        eprintln!("error: depth `{}` is not a number", args[1]);
        std::process::exit(1);
    };
    let threads = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(1);
    let start = Instant::now();
    let divide = perft_divide(&pos, depth, threads);
    let elapsed = start.elapsed().as_secs_f64();
    let mut total = 0;
    for (mv, n) in &divide {
        println!("{}: {n}", pos.format_move(*mv, Notation::default()));
        total += n;
    }
    println!("total: {total}");
    eprintln!(
        "time: {elapsed:.3} s, {:.1} Mnps",
        total as f64 / elapsed.max(1e-9) / 1e6
    );
}
