//! perft of orthodox chess and Chess960 against the reference files in
//! `tests/data/perft/` (copies of `shared/perft/`).
//!
//! Default run: every count up to 100 million nodes of `chess.perft` and
//! `chess960_castling_edge.perft`, and depth 4 of all 960 positions of
//! `chess960_startpos.perft` and `chess960.perft`. Deeper counts are behind
//! `#[ignore]` (`cargo test --release -- --ignored`).

use timur::perft::perft_total;
use timur::perft_file::{parse_perft_file, PerftRecord};
use timur::variants::chess::Chess;
use timur::variants::Variant;

fn records(file: &str) -> Vec<PerftRecord> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/perft")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_perft_file(&text).unwrap()
}

/// Checks every count of `file` that `keep(depth, nodes)` selects; panics
/// naming every mismatch. Returns how many counts were checked.
fn check(file: &str, keep: impl Fn(u32, u64) -> bool) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for record in records(file) {
        let pos =
            Chess::from_fen(&record.fen).unwrap_or_else(|e| panic!("{} {}: {e}", file, record.id));
        for &(depth, expected) in record.counts.iter().filter(|&&(d, n)| keep(d, n)) {
            let got = perft_total(&pos, depth, 2);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} {} depth {depth}: expected {expected}, got {got}",
                    file, record.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn chess_up_to_100_million() {
    assert!(check("chess.perft", |_, n| n <= 100_000_000) > 100);
}

#[test]
fn chess960_castling_edge_up_to_100_million() {
    assert!(check("chess960_castling_edge.perft", |_, n| n <= 100_000_000) > 50);
}

#[test]
fn chess960_start_positions_depth_4() {
    assert_eq!(check("chess960_startpos.perft", |d, _| d <= 4), 960 * 4);
}

#[test]
fn chess960_positions_depth_4() {
    assert_eq!(check("chess960.perft", |d, _| d <= 4), 960 * 4);
}

#[test]
fn start_positions_are_numbered_by_scharnagl() {
    for (n, record) in records("chess960_startpos.perft").iter().enumerate() {
        assert_eq!(record.id, format!("sp-{n}"));
        let pos = Chess::chess960_start(n as u32).unwrap();
        assert_eq!(pos.to_fen(), record.fen, "Scharnagl {n}");
    }
}

#[test]
#[ignore = "deep: a few minutes"]
fn chess960_depth_5() {
    check("chess960_startpos.perft", |d, _| d == 5);
    check("chess960.perft", |d, _| d == 5);
}

#[test]
#[ignore = "deep: an hour or more"]
fn chess960_depth_6() {
    check("chess960_startpos.perft", |d, _| d == 6);
    check("chess960.perft", |d, _| d == 6);
}

#[test]
#[ignore = "deep: every listed count up to 10 billion"]
fn chess_deep() {
    check("chess.perft", |_, n| n > 100_000_000 && n <= 10_000_000_000);
    check("chess960_castling_edge.perft", |_, n| n > 100_000_000);
}
