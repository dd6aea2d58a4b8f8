//! Perpetual chase (`shared/rules/xiangqi.md`, "Repetition: check and
//! chase"): hand-built cycles, each played to the third occurrence and judged
//! by the match referee and by the UCI binary, and the search's verdict at
//! the first repetition.

mod common;

use common::EngineProcess;
use std::time::Duration;
use timur::engine::GameState;
use timur::variants::xiangqi::chase::chased;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::{Notation, Variant};
use timur_search::Color;

const LIMIT: Duration = Duration::from_secs(30);

/// A repetition cycle from a hand-built position (Red to move) and how the
/// page judges it.
struct Case {
    fen: &'static str,
    cycle: &'static [&'static str],
    /// The XBoard result line at the third occurrence.
    result: &'static str,
}

/// The red chariot shuttles i8/i7 attacking the undefended black horse,
/// which shuttles a7/c8 away: Red chases, Red loses.
const CHARIOT_CHASES_HORSE: Case = Case {
    fen: "4k4/8R/n8/9/9/9/9/9/9/3K5 w - - 0 1",
    cycle: &["i8i7", "a7c8", "i7i8", "c8a7"],
    result: "0-1 {Perpetual chase}",
};

/// The red horse attacks the black chariot (worth more; defended by the
/// chariot g9) from i6 and h4 while it shuttles g7/g6: Red loses.
const HORSE_CHASES_CHARIOT: Case = Case {
    fen: "4k1r2/9/6r2/9/9/7N1/9/9/9/3K5 w - - 0 1",
    cycle: &["h4i6", "g7g6", "i6h4", "g6g7"],
    result: "0-1 {Perpetual chase}",
};

/// The chariots attack each other every red move (each could take the
/// other): mutual, no chase: draw.
const MUTUAL_CHARIOTS: Case = Case {
    fen: "4k4/8R/r8/9/9/9/9/9/9/3K5 w - - 0 1",
    cycle: &["i8i7", "a7a8", "i7i8", "a8a7"],
    result: "1/2-1/2 {Draw by repetition}",
};

/// The first case with the horse defended on a7 (chariot a9) and on c8
/// (chariot c9): no chase: draw.
const PROTECTED_HORSE: Case = Case {
    fen: "r1r1k4/8R/n8/9/9/9/9/9/9/3K5 w - - 0 1",
    cycle: &["i8i7", "a7c8", "i7i8", "c8a7"],
    result: "1/2-1/2 {Draw by repetition}",
};

/// The red chariot chases the black horse (undefended) while the horse
/// chases the chariot (worth more) with every move of an 8-ply cycle: both
/// chase: draw.
const BOTH_CHASE: Case = Case {
    fen: "4k4/9/9/9/9/9/3n5/1R7/9/3K5 w - - 0 1",
    cycle: &[
        "b2b3", "d3c1", "b3c3", "c1a2", "c3c2", "a2b4", "c2b2", "b4d3",
    ],
    result: "1/2-1/2 {Draw by repetition}",
};

const CASES: [&Case; 5] = [
    &CHARIOT_CHASES_HORSE,
    &HORSE_CHASES_CHARIOT,
    &MUTUAL_CHARIOTS,
    &PROTECTED_HORSE,
    &BOTH_CHASE,
];

fn pos(fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The cycle's moves `times` times over.
fn repeated(case: &Case, times: usize) -> Vec<&'static str> {
    case.cycle.repeat(times)
}

fn game(case: &Case, moves: &[&str]) -> GameState<Xiangqi> {
    let (state, error) = GameState::with_moves(pos(case.fen), moves, Notation::default());
    assert_eq!(error, None, "{}: {moves:?}", case.fen);
    state
}

/// The judge's verdict as an XBoard result line (White = Red first).
fn referee_result(case: &Case, moves: &[&str]) -> Option<String> {
    let verdict = game(case, moves).verdict()?;
    Some(format!("{} {{{verdict}}}", verdict.result_text()))
}

#[test]
fn the_referee_judges_each_cycle_at_the_third_occurrence() {
    for case in CASES {
        assert_eq!(
            referee_result(case, &repeated(case, 1)),
            None,
            "{}",
            case.fen
        );
        let line = referee_result(case, &repeated(case, 2));
        assert_eq!(line.as_deref(), Some(case.result), "{}", case.fen);
    }
}

#[test]
fn the_uci_binary_reports_the_end_at_the_third_occurrence() {
    let mut engine = EngineProcess::start_uci_variant("xiangqi", LIMIT);
    for case in CASES {
        let moves = repeated(case, 2).join(" ");
        engine.send(&format!("position fen {} moves {moves}", case.fen));
        engine.send("go depth 1");
        let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
        // UCI writes the XBoard result line `0-1 {Perpetual chase}` as
        // `0-1 (Perpetual chase)`.
        let uci_result = case.result.replace(" {", " (").replace('}', ")");
        let over = format!("info string game over: {uci_result}");
        assert!(lines.contains(&over), "{}: {lines:?}", case.fen);
    }
    // One cycle only: the game goes on.
    let case = &CHARIOT_CHASES_HORSE;
    let moves = repeated(case, 1).join(" ");
    engine.send(&format!("position fen {} moves {moves}", case.fen));
    engine.send("go depth 1");
    let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.contains("game over")), "{lines:?}");
}

/// The score the search gives the root move `mv` after `moves` from the
/// case's position (depth 1: the move closes a repetition the search
/// judges at once).
fn score_of(engine: &mut EngineProcess, case: &Case, moves: &[&str], mv: &str) -> String {
    engine.send(&format!(
        "position fen {} moves {}",
        case.fen,
        moves.join(" ")
    ));
    engine.send(&format!("go depth 1 searchmoves {mv}"));
    let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    let score = info.split(" score ").nth(1).unwrap();
    score.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_search_scores_a_chase_as_a_loss_for_the_chaser() {
    let mut engine = EngineProcess::start_uci_variant("xiangqi", LIMIT);
    let case = &CHARIOT_CHASES_HORSE;
    let once = repeated(case, 1);
    // Red renewing the chase repeats the position after its first chase.
    assert_eq!(score_of(&mut engine, case, &once, "i8i7"), "mate -1");
    // Black closing the cycle lets Red's chase lose.
    assert_eq!(score_of(&mut engine, case, &once[..3], "c8a7"), "mate 1");
    // The mutual attack is a draw.
    let mutual = &MUTUAL_CHARIOTS;
    let once = repeated(mutual, 1);
    assert_eq!(score_of(&mut engine, mutual, &once, "i8i7"), "cp 0");
}

#[test]
fn a_pinned_defender_does_not_protect() {
    // The black horse e7 guards d5, but leaving the e-file would let the
    // generals face each other: the chariot d1 chases the horse d5.
    let mut pinned = pos("4k4/9/4n4/9/3n5/9/9/9/3R5/4K4 w - - 0 1");
    let d5 = 5 * 9 + 3;
    assert_eq!(chased(&mut pinned, Color::White), 1u128 << d5);
    // With the red general off the e-file the guard is real.
    let mut free = pos("4k4/9/4n4/9/3n5/9/9/9/3R5/3K5 w - - 0 1");
    assert_eq!(chased(&mut free, Color::White), 0);
}

#[test]
fn generals_and_uncrossed_soldiers_are_never_chased() {
    // The chariot a5 attacks the soldier c5 (on Black's own side, not
    // crossed); the chariot a4 attacks the crossed soldier c4.
    let mut home = pos("4k4/9/9/9/R1p6/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(chased(&mut home, Color::White), 0);
    let mut crossed = pos("4k4/9/9/9/9/R1p6/9/9/9/3K5 w - - 0 1");
    assert_eq!(chased(&mut crossed, Color::White), 1u128 << (4 * 9 + 2));
}
