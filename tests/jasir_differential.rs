//! The bitboard move generator against the independent reference in
//! `tests/jasir_reference/` over random playouts of both games: legal move
//! sets (as text), move counts, positions after each move (JFEN), game
//! results and Zobrist keys must agree. Fails if any rule was never
//! exercised.

mod jasir_reference;

use jasir_reference::{RefEnd, RefPos};
use std::collections::BTreeMap;
use timur::variants::jasir::{Jasir, Rules};
use timur::variants::Variant;
use timur_search::{Color, Game};

/// Positions compared per game.
const POSITIONS: usize = 30_000;
/// Longest playout.
const MAX_PLIES: usize = 120;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

fn engine_result(pos: &Jasir) -> Option<(Option<bool>, [u32; 2])> {
    pos.result()
        .map(|r| (r.winner.map(|c| c == Color::White), r.points))
}

/// Compares one position; returns the reference's legal moves.
fn compare(
    pos: &Jasir,
    r: &RefPos,
    counts: &mut BTreeMap<&'static str, u64>,
) -> Vec<jasir_reference::RefMove> {
    let fen = r.jfen();
    assert_eq!(pos.to_fen(), fen, "positions differ");
    let (ref_moves, ex) = r.legal();
    let mut want: Vec<String> = ref_moves.iter().map(|m| m.text()).collect();
    want.sort();
    let mut got: Vec<String> = pos
        .moves()
        .iter()
        .map(|&m| pos.format_move(m, Default::default()))
        .collect();
    got.sort();
    assert_eq!(got, want, "legal moves differ in {fen}");
    assert_eq!(pos.count_legal_moves(), want.len() as u64, "count in {fen}");
    assert_eq!(pos.key(), pos.key_from_scratch(), "key in {fen}");
    let ref_result = r.result();
    assert_eq!(
        engine_result(pos),
        ref_result.map(|(w, p, _)| (w, p)),
        "result in {fen}"
    );
    let mut bump = |name: &'static str, yes: bool| {
        if yes {
            *counts.entry(name).or_default() += 1;
        }
    };
    bump("positions", true);
    bump("capture by simple", ex.capture_by_simple);
    bump("capture by elite", ex.capture_by_elite);
    bump("elite captured returns (Jasir)", ex.elite_returned);
    bump("re-entry move (Jasir)", ex.reentry);
    bump("base immunity held", ex.immunity_held);
    bump("base immunity lifted", ex.immunity_lifted);
    bump("frozen archer", ex.frozen);
    bump("backward step (Jarmo)", ex.backward);
    bump("shuttle refusal (Jarmo)", ex.shuttle_refused);
    bump("re-entry on arrival (Jarmo)", ex.arrival_reentry);
    if let Some((winner, points, how)) = ref_result {
        bump("end: all home (Jasir)", how == RefEnd::AllHome);
        bump("end: elimination (Jasir)", how == RefEnd::Elimination);
        bump("end: on enemy base (Jarmo)", how == RefEnd::JarmoHome);
        bump(
            "end: none on the board (Jarmo)",
            how == RefEnd::JarmoHome && points.contains(&0),
        );
        bump("end: no legal move", how == RefEnd::NoMoves);
        bump("end: draw (Jarmo)", winner.is_none());
    }
    ref_moves
}

fn run(rules: Rules, seed: u64) -> BTreeMap<&'static str, u64> {
    let jarmo = rules == Rules::Jarmo;
    let mut rng = Rng(seed);
    let mut counts = BTreeMap::new();
    let mut playouts = 0u64;
    while counts.get("positions").copied().unwrap_or(0) < POSITIONS as u64 {
        playouts += 1;
        let mut r = if playouts.is_multiple_of(3) {
            RefPos::start(jarmo)
        } else {
            RefPos::random(jarmo, &mut |n| rng.below(n))
        };
        let mut pos =
            Jasir::from_fen_for(&r.jfen(), rules).unwrap_or_else(|e| panic!("{}: {e}", r.jfen()));
        for _ in 0..MAX_PLIES {
            let moves = compare(&pos, &r, &mut counts);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            let text = mv.text();
            let m = pos
                .parse_move(&text, Default::default())
                .unwrap_or_else(|e| panic!("{}: {e}", r.jfen()));
            pos.make_move(m);
            r.play(mv);
        }
    }
    counts.insert("playouts", playouts);
    counts
}

fn check(rules: Rules, seed: u64, required: &[&str]) {
    let counts = run(rules, seed);
    eprintln!("{rules:?}:");
    for (k, v) in &counts {
        eprintln!("  {k}: {v}");
    }
    for name in required {
        assert!(
            counts.get(name).copied().unwrap_or(0) > 0,
            "{rules:?}: rule `{name}` never exercised"
        );
    }
}

#[test]
fn jasir_matches_reference() {
    check(
        Rules::Jasir,
        0x1A51_0001,
        &[
            "capture by simple",
            "capture by elite",
            "elite captured returns (Jasir)",
            "re-entry move (Jasir)",
            "base immunity held",
            "base immunity lifted",
            "frozen archer",
            "end: all home (Jasir)",
            "end: elimination (Jasir)",
            "end: no legal move",
        ],
    );
}

#[test]
fn jarmo_matches_reference() {
    check(
        Rules::Jarmo,
        0x1A53_0002,
        &[
            "capture by simple",
            "capture by elite",
            "base immunity held",
            "base immunity lifted",
            "frozen archer",
            "backward step (Jarmo)",
            "shuttle refusal (Jarmo)",
            "re-entry on arrival (Jarmo)",
            "end: on enemy base (Jarmo)",
            "end: none on the board (Jarmo)",
            "end: no legal move",
            "end: draw (Jarmo)",
        ],
    );
}

/// The reference alone reproduces the shared perft counts (those up to
/// 200,000 nodes), so it is a check of the rules reading, not only of the
/// bitboard code.
#[test]
fn reference_reproduces_perft_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft/jasir.perft");
    let text = std::fs::read_to_string(path).unwrap();
    let records = timur::perft_file::parse_perft_file(&text).unwrap();
    let mut checked = 0;
    for record in &records {
        let jarmo = record.variant.as_deref() == Some("jarmo");
        let r = RefPos::parse(&record.fen, jarmo);
        assert_eq!(r.jfen(), record.fen, "{}", record.id);
        for &(depth, nodes) in record.counts.iter().filter(|c| c.1 <= 200_000) {
            assert_eq!(r.perft(depth), nodes, "{} depth {depth}", record.id);
            checked += 1;
        }
    }
    assert!(checked >= 100, "{checked}");
}
