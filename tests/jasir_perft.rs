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
