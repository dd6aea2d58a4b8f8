//! perft of every position of `tests/data/perft/tamerlane.perft` through the
//! bitboard generator (node cap in the default run) and through the
//! independent mailbox reference generator (smaller cap).

mod tamerlane_reference;

use timur::perft::perft;
use timur::perft_file::{parse_perft_file, PerftRecord};
use timur::variants::tamerlane::Tamerlane;
use timur::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

/// Counts up to this many leaves run in the default test.
const DEFAULT_CAP: u64 = 100_000_000;
/// The reference generator is slower: its default cap.
const REFERENCE_CAP: u64 = 1_000_000;

fn records() -> Vec<PerftRecord> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/tamerlane.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    parse_perft_file(&text).unwrap()
}

fn run_bitboard(min: u64, max: u64) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for rec in records() {
        let mut pos = Tamerlane::from_fen(&rec.fen).unwrap();
        for &(depth, expected) in &rec.counts {
            if expected < min || expected > max {
                continue;
            }
            let got = perft(&mut pos, depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: got {got}, expected {expected}",
                    rec.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn bitboard_perft_up_to_cap() {
    assert!(run_bitboard(0, DEFAULT_CAP) >= 90);
}

#[test]
#[ignore = "deep: start position perft 6 (257 M leaves)"]
fn bitboard_perft_deep() {
    run_bitboard(DEFAULT_CAP + 1, u64::MAX);
}

#[test]
fn reference_perft_up_to_cap() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for rec in records() {
        let pos = tamerlane_reference::Board::parse(&rec.fen).unwrap();
        // The reference reads and writes the position text on its own.
        let five: Vec<&str> = rec.fen.split_whitespace().take(5).collect();
        assert_eq!(pos.write(), five.join(" "), "{}", rec.id);
        // Depth 1 as move text must match the bitboard generator's list.
        let bb = Tamerlane::from_fen(&rec.fen).unwrap();
        let mut list = MoveList::new();
        bb.legal_moves(&mut list);
        let mut texts: Vec<String> = list
            .iter()
            .map(|&m| bb.format_move(m, Notation::default()))
            .collect();
        texts.sort();
        assert_eq!(texts, pos.move_texts(), "{}", rec.id);
        for &(depth, expected) in &rec.counts {
            if expected > REFERENCE_CAP {
                continue;
            }
            let got = pos.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: got {got}, expected {expected}",
                    rec.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 90);
}

#[test]
#[ignore = "timing: prints perft 5 from the start, single thread"]
fn speed_perft5_start() {
    let mut pos = Tamerlane::start_position();
    let t = std::time::Instant::now();
    let n = perft(&mut pos, 5);
    let s = t.elapsed().as_secs_f64();
    assert_eq!(n, 9_709_736);
    println!(
        "perft 5: {n} leaves in {s:.3} s = {:.0} leaves/s",
        n as f64 / s
    );
}
