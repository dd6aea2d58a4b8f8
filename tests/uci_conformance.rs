//! What a GUI relies on (issue 17): every `go` is answered by exactly one
//! `bestmove`, a legal one whenever a legal move exists (also in a position
//! a rule has already finished); an illegal move in `position … moves`
//! keeps the moves before it; `movestogo 0` means "not given".

mod common;

use common::{bestmove_of, EngineProcess};
use std::time::{Duration, Instant};
use timur::variants::chess::Chess;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::{Notation, Variant};

const LIMIT: Duration = Duration::from_secs(60);

/// Sends `go …`, waits for its `bestmove`, and checks with `isready` that
/// no second `bestmove` follows. Returns every line up to the `bestmove`.
fn answer_of(engine: &mut EngineProcess, go: &str) -> Vec<String> {
    engine.send(go);
    let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
    let after = engine.sync();
    assert!(
        !after.iter().any(|l| l.starts_with("bestmove")),
        "`{go}` answered twice: {after:?}"
    );
    lines
}

fn assert_legal_chess(fen: &str, best: &str) {
    let pos = Chess::from_fen(fen).unwrap();
    assert!(
        pos.parse_move(best, Notation::default()).is_ok(),
        "`{best}` is not a legal move in {fen}"
    );
}

#[test]
fn finished_by_a_rule_still_plays_a_legal_move() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    for (fen, over) in [
        (
            "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
            "info string game over: 1/2-1/2 (Insufficient material)",
        ),
        (
            "4k3/8/8/8/8/8/3P4/4K3 w - - 100 80",
            "info string game over: 1/2-1/2 (Draw by 50-move rule)",
        ),
    ] {
        engine.send(&format!("position fen {fen}"));
        let lines = answer_of(&mut engine, "go depth 3");
        assert!(lines.contains(&over.to_owned()), "{lines:?}");
        let best = bestmove_of(lines.last().unwrap());
        assert_legal_chess(fen, &best);
    }
    // Threefold repetition: the knights out and back twice.
    engine.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    let lines = answer_of(&mut engine, "go depth 3");
    assert!(
        lines.contains(&"info string game over: 1/2-1/2 (Draw by repetition)".to_owned()),
        "{lines:?}"
    );
    assert_ne!(bestmove_of(lines.last().unwrap()), "(none)");
    // A game that goes on says nothing of the kind.
    engine.send("position startpos moves g1f3 g8f6 f3g1 f6g8");
    let lines = answer_of(&mut engine, "go depth 3");
    assert!(!lines.iter().any(|l| l.contains("game over")), "{lines:?}");
}

#[test]
fn ucci_sixty_move_rule_still_plays_a_legal_move() {
    let fen = "3k5/9/9/9/9/9/9/4R4/9/4K4 w - - 120 100";
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    engine.read_until(LIMIT, |l| l == "ucciok");
    engine.send(&format!("position fen {fen}"));
    engine.send("go depth 3");
    let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info message game over: 1/2-1/2")),
        "{lines:?}"
    );
    let line = lines.last().unwrap();
    let best = bestmove_of(line);
    let pos = Xiangqi::from_fen(fen).unwrap();
    assert!(pos.parse_move(&best, Notation::default()).is_ok(), "{line}");
}

#[test]
fn every_go_is_answered_whatever_is_wrong_with_it() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    engine.send("position startpos");
    for go in [
        "go depth -1",
        "go depth 2 nodes",
        "go depth 2 foo",
        "go searchmoves e2e5 depth 2",
        "go movetime -5",
        "go nodes 99999999999999999999999 depth 2",
    ] {
        let lines = answer_of(&mut engine, go);
        let best = bestmove_of(lines.last().unwrap());
        assert_legal_chess(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &best,
        );
        let bad = go == "go movetime -5" || lines.iter().any(|l| l.contains("error"));
        assert!(bad, "`{go}`: the repair is reported: {lines:?}");
    }
    // A depth beyond any search and a go with nothing usable left search
    // until `stop`, and are then answered.
    for go in ["go depth 99999999999999", "go foo"] {
        engine.send(go);
        let notes = engine.sync();
        assert!(
            notes.iter().any(|l| l.starts_with("info string error")),
            "{notes:?}"
        );
        engine.send("stop");
        let line = engine.expect_prefix("bestmove", LIMIT);
        assert_ne!(bestmove_of(&line), "(none)");
    }
    // Legal `searchmoves` next to a bad one still restrict the search.
    let lines = answer_of(&mut engine, "go searchmoves zz9 a2a3 depth 3");
    assert_eq!(bestmove_of(lines.last().unwrap()), "a2a3");
}

#[test]
fn ucci_go_is_answered_whatever_is_wrong_with_it() {
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    engine.read_until(LIMIT, |l| l == "ucciok");
    engine.send("position startpos");
    for go in ["go depth -5", "go depth 2 nodes 3", "go banana depth 2"] {
        engine.send(go);
        let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
        assert!(
            lines.iter().any(|l| l.starts_with("info message error")),
            "{lines:?}"
        );
        let after = engine.sync();
        assert!(!after.iter().any(|l| l.contains("bestmove")), "{after:?}");
    }
    // A node count beyond any search runs until `stop`, then answers.
    engine.send("go nodes 99999999999999999999999999 x");
    let notes = engine.sync();
    assert!(
        notes.iter().any(|l| l.starts_with("info message error")),
        "{notes:?}"
    );
    engine.send("stop");
    assert!(engine.expect_prefix("bestmove", LIMIT).len() > "bestmove ".len());
}

#[test]
fn an_illegal_move_keeps_the_moves_before_it() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    engine.send("position startpos moves e2e4 e7e5 e1e8 g8f6");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error") && l.contains("e1e8")),
        "{lines:?}"
    );
    engine.send("d");
    let board = engine.sync().join("\n");
    assert!(
        board.contains("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "{board}"
    );
    // The engine plays for the side to move of the kept prefix: White.
    let lines = answer_of(&mut engine, "go depth 2");
    assert_legal_chess(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        &bestmove_of(lines.last().unwrap()),
    );
}

/// `movestogo 0` is "not given": a minute on the clock is not spent on one
/// move. (Before, 0 was read as "this is the last move before the control"
/// and the search planned to use most of the clock: at least half a
/// minute. The bound here is generous for a loaded machine: the planned
/// time is two seconds, the hard limit eight.)
#[test]
fn zero_moves_to_go_is_not_the_last_move() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    engine.send("position startpos moves d2d4 d7d5 c2c4");
    let started = Instant::now();
    let lines = answer_of(&mut engine, "go wtime 60000 btime 60000 movestogo 0");
    let elapsed = started.elapsed();
    assert_ne!(bestmove_of(lines.last().unwrap()), "(none)");
    assert!(elapsed < Duration::from_secs(25), "{elapsed:?}");
}

/// A castling right without its rook is dropped with a note, as Stockfish
/// does, in every castling notation; the position is not refused.
#[test]
fn castling_rights_without_their_rook_are_dropped() {
    let mut engine = EngineProcess::start_uci_variant("chess960", LIMIT);
    for (fen, kept, dropped) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "w Aha -",
            "`K`",
        ),
        ("4k3/8/8/8/8/8/8/R3K2R w HAha - 0 1", "w HA -", "`h`"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "w HA -", "`k`"),
    ] {
        engine.send(&format!("position fen {fen}"));
        let notes = engine.sync();
        assert!(
            notes
                .iter()
                .any(|l| l.starts_with("info string castling right")
                    && l.contains(dropped)
                    && !l.contains("error")),
            "{fen}: {notes:?}"
        );
        engine.send("d");
        let board = engine.sync().join("\n");
        assert!(board.contains(kept), "{fen}: {board}");
    }
}

/// What an `info depth …` line says: its depth, score, first move, and
/// whether the score is a bound.
struct InfoLine {
    depth: u32,
    score: String,
    first_move: String,
    bound: bool,
}

fn parse_info(line: &str) -> InfoLine {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str, n: usize| {
        let at = words.iter().position(|w| *w == key).unwrap();
        words[at + 1..=at + n].join(" ")
    };
    InfoLine {
        depth: after("depth", 1).parse().unwrap(),
        score: after("score", 2),
        first_move: after("pv", 1),
        bound: words.contains(&"lowerbound") || words.contains(&"upperbound"),
    }
}

/// A search cut off in the middle of an iteration (here by a node limit,
/// which makes the cut reproducible) ends with an `info` that is marked as
/// a bound, or reports the last completed iteration: at its depth, and for
/// the move that iteration reported, with the score it reported. (A move
/// the cut iteration had not reached yet can overtake a best move that
/// failed low in it; it is then reported at the completed depth with the
/// exact value that iteration found for it, which no earlier line showed.)
#[test]
fn the_last_info_of_a_cut_search_is_exact_or_a_bound() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    for nodes in (3000..40000).step_by(1700) {
        engine.send("ucinewgame");
        engine.send("position startpos moves e2e4 c7c5 g1f3");
        let lines = answer_of(&mut engine, &format!("go nodes {nodes}"));
        let infos: Vec<_> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .map(|l| parse_info(l))
            .collect();
        let (last, earlier) = infos.split_last().unwrap();
        let completed = earlier.iter().filter(|i| !i.bound).map(|i| i.depth).max();
        let reported = earlier
            .iter()
            .rev()
            .find(|i| !i.bound && Some(i.depth) == completed);
        let consistent = last.bound
            || reported.is_some_and(|line| {
                line.depth == last.depth
                    && (line.first_move != last.first_move || line.score == last.score)
            });
        assert!(
            consistent,
            "nodes {nodes}: the last info is neither a bound nor the last completed iteration's:\n{}",
            lines.join("\n")
        );
    }
}
