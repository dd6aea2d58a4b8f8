//! Xiangqi perft against `tests/data/perft/xiangqi.perft`.
//!
//! The default run checks every count up to [`DEFAULT_CAP`] nodes; the
//! ignored test checks every count in the file (`cargo test --release
//! --test xiangqi_perft -- --ignored`).

use timur::perft::perft_total;
use timur::perft_file::parse_perft_file;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::Variant;

/// Largest reference count checked in the default run.
const DEFAULT_CAP: u64 = 150_000_000;

fn check_file(min: u64, max: u64) -> usize {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/xiangqi.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let records = parse_perft_file(&text).unwrap();
    assert!(!records.is_empty());
    let mut checked = 0;
    for record in &records {
        let pos = Xiangqi::from_fen(&record.fen).unwrap_or_else(|e| panic!("{}: {e}", record.id));
        for &(depth, expected) in &record.counts {
            if expected < min || expected > max {
                continue;
            }
            let got = perft_total(&pos, depth, 2);
            assert_eq!(got, expected, "{} depth {depth}", record.id);
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_reference_counts() {
    assert!(check_file(0, DEFAULT_CAP) > 40);
}

#[test]
#[ignore = "billions of nodes: run with --ignored in release"]
fn perft_reference_counts_deep() {
    assert!(check_file(DEFAULT_CAP + 1, u64::MAX) > 0);
}
