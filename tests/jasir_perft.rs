//! Every record of `tests/data/perft/jasir.perft` at every listed depth.

use timur::perft::perft;
use timur::perft_file::parse_perft_file;
use timur::variants::jasir::{Jasir, Rules};

#[test]
fn jasir_perft_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft/jasir.perft");
    let text = std::fs::read_to_string(path).unwrap();
    let records = parse_perft_file(&text).unwrap();
    assert!(records.len() >= 20);
    let mut failures = Vec::new();
    for record in &records {
        let rules = match record.variant.as_deref() {
            Some("jasir") => Rules::Jasir,
            Some("jarmo") => Rules::Jarmo,
            other => panic!("{}: variant {other:?}", record.id),
        };
        let pos = Jasir::from_fen_for(&record.fen, rules).unwrap();
        for &(depth, expected) in &record.counts {
            let got = perft(&mut pos.clone(), depth);
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    record.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// perft 7 of both start positions with the speed (run once in release:
/// `cargo test --release --test jasir_perft -- --ignored --nocapture`).
#[test]
#[ignore]
fn start_position_speed() {
    for rules in [Rules::Jasir, Rules::Jarmo] {
        let mut pos = Jasir::start_position_for(rules);
        let clock = std::time::Instant::now();
        let nodes = perft(&mut pos, 7);
        let secs = clock.elapsed().as_secs_f64();
        eprintln!(
            "{rules:?} perft 7: {nodes} nodes in {secs:.3} s, {:.1} M nodes/s",
            nodes as f64 / secs / 1e6
        );
    }
}
