//! UCI sessions with the real binary playing xiangqi: the variant option,
//! both rank conventions on the wire, perft, bad input, mate and no-move
//! positions. Every move the engine writes is checked with the library.

mod common;

use common::{bestmove_of, EngineProcess};
use std::time::Duration;
use timur::perft::perft;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

/// Watchdog for one reply; the searches here take well under a second.
const LIMIT: Duration = Duration::from_secs(30);

const ZERO_NINE: Notation = Notation {
    king_takes_rook: false,
    ranks_from_one: false,
};
const ONE_TEN: Notation = Notation {
    king_takes_rook: false,
    ranks_from_one: true,
};

/// Black general d9 in check from the chariot d7, d8 and e9 covered by the
/// chariot e8: checkmate, Black to move.
const MATED: &str = "3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1";

/// Red to move mates with a7a9 (d8 is covered by the chariot i8, e9 by the
/// chariot on a9 and by the flying-general rule).
const MATE_IN_ONE: &str = "3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 0 1";

/// Red to move wins only by stalemate: the horse d4 goes to c6 and covers
/// d8 without giving check; e9 faces the red general (d4e6 would block the
/// e-file and free e9).
const STALEMATE_IN_ONE: &str = "3k5/9/9/9/9/3N5/9/9/9/4K4 w - - 0 1";

/// A started engine switched to xiangqi.
fn xiangqi_engine() -> EngineProcess {
    EngineProcess::start_uci_variant("xiangqi", LIMIT)
}

/// The start position after `moves` (written in `notation`), via the library.
fn after(moves: &[&str], notation: Notation) -> Xiangqi {
    let mut pos = Xiangqi::start_position();
    for text in moves {
        let mv = pos.parse_move(text, notation).unwrap();
        pos.make_move(mv);
    }
    pos
}

/// The `Fen:` line of a `d`.
fn displayed_fen(engine: &mut EngineProcess) -> String {
    engine.send("d");
    let lines = engine.sync();
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .unwrap_or_else(|| panic!("no Fen line in\n{}", lines.join("\n")))
        .to_string()
}

fn legal_count(pos: &Xiangqi) -> usize {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.len()
}

/// Every PV the engine printed, and its bestmove with the ponder move, is a
/// legal line from `root` in `notation`.
fn assert_lines_legal(root: &Xiangqi, transcript: &[String], notation: Notation) {
    for line in transcript {
        let moves = if line.starts_with("info depth") {
            match line.split_once(" pv ") {
                Some((_, pv)) => pv.split_whitespace().collect::<Vec<_>>(),
                None => continue,
            }
        } else if line.starts_with("bestmove") {
            line.split_whitespace()
                .filter(|w| !matches!(*w, "bestmove" | "ponder"))
                .collect()
        } else {
            continue;
        };
        let mut walk = root.clone();
        for text in moves {
            let mv = walk
                .parse_move(text, notation)
                .unwrap_or_else(|e| panic!("`{text}` in `{line}`: {e}"));
            walk.make_move(mv);
        }
    }
}

#[test]
fn uci_lists_xiangqi_and_the_rank_option() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    let text = engine.read_until(LIMIT, |l| l == "uciok").join("\n");
    let variant = text
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .unwrap_or_else(|| panic!("no UCI_Variant option in\n{text}"));
    assert!(
        variant
            .split_whitespace()
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| w == ["var", "xiangqi"]),
        "{variant}"
    );
    assert!(
        text.contains("option name XiangqiRanksFromOne type check default false"),
        "{text}"
    );
}

#[test]
fn plays_a_legal_move_after_an_opening() {
    let mut engine = xiangqi_engine();
    engine.send("position startpos moves h2e2 h9g7");
    engine.send("go depth 5");
    let line = engine.expect_prefix("bestmove", LIMIT);
    let pos = after(&["h2e2", "h9g7"], ZERO_NINE);
    let best = bestmove_of(&line);
    assert!(
        pos.parse_move(&best, ZERO_NINE).is_ok(),
        "illegal bestmove `{best}` in {}\n{}",
        pos.to_fen(),
        engine.transcript.join("\n")
    );
    assert_lines_legal(&pos, &engine.transcript, ZERO_NINE);
    assert!(
        engine
            .transcript
            .iter()
            .any(|l| l.starts_with("info depth 5")),
        "{}",
        engine.transcript.join("\n")
    );
}

#[test]
fn go_perft_divide_matches_the_library() {
    let mut engine = xiangqi_engine();
    engine.send("position startpos moves h2e2 h9g7");
    engine.send("go perft 3");
    let mut lines = engine.read_until(LIMIT, |l| l.starts_with("Nodes searched"));
    let total_line = lines.pop().unwrap();
    assert_eq!(
        lines.pop().as_deref(),
        Some(""),
        "blank line before the total"
    );
    let mut pos = after(&["h2e2", "h9g7"], ZERO_NINE);
    let expected = perft(&mut pos, 3);
    assert_eq!(total_line, format!("Nodes searched: {expected}"));
    assert_eq!(lines.len(), legal_count(&pos), "{}", lines.join("\n"));
    let mut sum = 0;
    for line in &lines {
        let (text, count) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("bad divide line `{line}`"));
        let count: u64 = count.parse().unwrap();
        let mut child = pos.clone();
        let mv = child.parse_move(text, ZERO_NINE).unwrap();
        child.make_move(mv);
        assert_eq!(count, perft(&mut child, 2), "{line}");
        sum += count;
    }
    assert_eq!(sum, expected);
}

#[test]
fn d_shows_the_fen() {
    let mut engine = xiangqi_engine();
    assert_eq!(
        displayed_fen(&mut engine),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    engine.send("position startpos moves h2e2 h9g7");
    assert_eq!(
        displayed_fen(&mut engine),
        after(&["h2e2", "h9g7"], ZERO_NINE).to_fen()
    );
    engine.send(&format!("position fen {MATE_IN_ONE}"));
    assert_eq!(displayed_fen(&mut engine), MATE_IN_ONE);
    // Input may use `H`/`E` and `r` for Red; `d` writes the standard form.
    engine
        .send("position fen rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1");
    assert_eq!(
        displayed_fen(&mut engine),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
}

#[test]
fn ranks_from_one_on_the_wire() {
    let mut engine = xiangqi_engine();
    engine.send("setoption name XiangqiRanksFromOne value true");
    engine.send("position startpos moves h3e3 h10g8");
    let errors = engine.sync();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    let pos = after(&["h2e2", "h9g7"], ZERO_NINE);
    assert_eq!(displayed_fen(&mut engine), pos.to_fen());

    // Rank 0 does not exist in this mode: rejected, position kept.
    engine.send("position startpos moves h3e3 h10g8 b0c2");
    let errors = engine.sync();
    assert!(
        errors.len() == 1 && errors[0].starts_with("info string error:"),
        "{}",
        errors.join("\n")
    );
    assert!(errors[0].contains("b0c2"), "names the token: {}", errors[0]);
    assert_eq!(displayed_fen(&mut engine), pos.to_fen());

    // The engine writes ranks 1..10 too.
    engine.send("go depth 3");
    let line = engine.expect_prefix("bestmove", LIMIT);
    assert_lines_legal(&pos, &engine.transcript, ONE_TEN);
    let best = bestmove_of(&line);
    assert!(
        pos.parse_move(&best, ONE_TEN).is_ok(),
        "bestmove `{best}` is not a legal 1..10 move\n{}",
        engine.transcript.join("\n")
    );
    engine.send("go perft 1");
    let lines = engine.read_until(LIMIT, |l| l.starts_with("Nodes searched"));
    let moves: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once(": ").map(|(m, _)| m))
        .filter(|m| *m != "Nodes searched")
        .collect();
    assert_eq!(moves.len(), legal_count(&pos));
    for text in &moves {
        assert!(pos.parse_move(text, ONE_TEN).is_ok(), "{text}");
    }
    assert!(moves.contains(&"b1c3"), "{moves:?}");

    // Back to 0..9.
    engine.send("setoption name XiangqiRanksFromOne value false");
    engine.send("position startpos moves h2e2");
    let errors = engine.sync();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_eq!(
        displayed_fen(&mut engine),
        after(&["h2e2"], ZERO_NINE).to_fen()
    );
}

#[test]
fn bad_input_keeps_the_position_and_the_loop() {
    let mut engine = xiangqi_engine();
    engine.send("position startpos moves h2e2 h9g7");
    let kept = after(&["h2e2", "h9g7"], ZERO_NINE).to_fen();
    assert_eq!(displayed_fen(&mut engine), kept);
    for (line, token) in [
        ("position fen garbage", "`garbage`"),
        // Nine ranks: the reason quotes the board.
        (
            "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1",
            "`rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR`",
        ),
        (
            "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
            "`x`",
        ),
        // The generals face each other on the open e-file.
        (
            "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            "invalid position",
        ),
    ] {
        engine.send(line);
        let errors = engine.sync();
        assert_eq!(errors.len(), 1, "`{line}` → {errors:?}");
        assert!(
            errors[0].starts_with("info string error:"),
            "`{line}` → {}",
            errors[0]
        );
        assert!(
            errors[0].contains(token),
            "`{line}`: the error should name `{token}`: {}",
            errors[0]
        );
        assert_eq!(displayed_fen(&mut engine), kept, "after `{line}`");
    }
    // A bad move keeps the moves before it (as Stockfish does).
    let flying = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    for (line, token, prefix) in [
        (
            "position startpos moves h2e2 j0j1",
            "move 2 `j0j1`",
            after(&["h2e2"], ZERO_NINE),
        ),
        (
            "position startpos moves a0a5",
            "move 1 `a0a5`",
            after(&[], ZERO_NINE),
        ),
        (
            "position startpos moves h2e2 h10g7",
            "move 2 `h10g7`",
            after(&["h2e2"], ZERO_NINE),
        ),
        (
            "position startpos moves h2e2 h9g7 e2e9",
            "move 3 `e2e9`",
            after(&["h2e2", "h9g7"], ZERO_NINE),
        ),
        // Flying general: d0 would face the black general on the d-file.
        (
            &format!("position fen {flying} moves e0d0"),
            "move 1 `e0d0`",
            Xiangqi::from_fen(flying).unwrap(),
        ),
    ] {
        engine.send(line);
        let errors = engine.sync();
        assert_eq!(errors.len(), 1, "`{line}` → {errors:?}");
        assert!(
            errors[0].starts_with("info string error:") && errors[0].contains(token),
            "`{line}`: the error should name `{token}`: {}",
            errors[0]
        );
        assert_eq!(
            displayed_fen(&mut engine),
            prefix.to_fen(),
            "after `{line}`"
        );
    }
    engine.send("position startpos moves h2e2 h9g7");
    engine.send("go depth 2");
    let line = engine.expect_prefix("bestmove", LIMIT);
    let best = bestmove_of(&line);
    let pos = after(&["h2e2", "h9g7"], ZERO_NINE);
    assert!(pos.parse_move(&best, ZERO_NINE).is_ok(), "{best}");
    engine.send("quit");
    assert!(engine.close_and_wait(LIMIT));
}

#[test]
fn checkmated_side_answers_none_at_once() {
    let pos = Xiangqi::from_fen(MATED).unwrap();
    assert_eq!(legal_count(&pos), 0, "{MATED} must be mate");
    assert!(pos.in_check());
    let mut engine = xiangqi_engine();
    engine.send(&format!("position fen {MATED}"));
    engine.send("go depth 5");
    assert_eq!(engine.expect_prefix("bestmove", LIMIT), "bestmove (none)");
    // A minute's search is not started at all.
    engine.send("go movetime 60000");
    assert_eq!(
        engine.expect_prefix("bestmove", Duration::from_secs(10)),
        "bestmove (none)"
    );
    // `go infinite` waits for `stop` even here (UCI: no bestmove before it).
    engine.send("go infinite");
    engine.sync();
    engine.send("stop");
    assert_eq!(engine.expect_prefix("bestmove", LIMIT), "bestmove (none)");
}

#[test]
fn finds_a_mate_in_one() {
    let pos = Xiangqi::from_fen(MATE_IN_ONE).unwrap();
    let mut engine = xiangqi_engine();
    engine.send(&format!("position fen {MATE_IN_ONE}"));
    engine.send("go depth 4");
    let line = engine.expect_prefix("bestmove", LIMIT);
    let best = bestmove_of(&line);
    let mut child = pos.clone();
    let mv = child
        .parse_move(&best, ZERO_NINE)
        .unwrap_or_else(|e| panic!("{e}\n{}", engine.transcript.join("\n")));
    child.make_move(mv);
    assert!(
        child.in_check() && legal_count(&child) == 0,
        "`{best}` does not mate\n{}",
        engine.transcript.join("\n")
    );
    assert!(
        engine
            .transcript
            .iter()
            .any(|l| l.contains("score mate 1 ")),
        "{}",
        engine.transcript.join("\n")
    );
}

#[test]
fn stalemate_wins_and_is_found() {
    let pos = Xiangqi::from_fen(STALEMATE_IN_ONE).unwrap();
    // Precondition: the one winning move here stalemates.
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut wins = 0;
    for &mv in &list {
        let mut child = pos.clone();
        child.make_move(mv);
        if legal_count(&child) == 0 {
            assert!(!child.in_check(), "{}", pos.format_move(mv, ZERO_NINE));
            wins += 1;
        }
    }
    assert_eq!(wins, 1);
    let mut engine = xiangqi_engine();
    engine.send(&format!("position fen {STALEMATE_IN_ONE}"));
    engine.send("go depth 4");
    let best = bestmove_of(&engine.expect_prefix("bestmove", LIMIT));
    let mut child = pos.clone();
    child.make_move(pos.parse_move(&best, ZERO_NINE).unwrap());
    assert_eq!(
        legal_count(&child),
        0,
        "`{best}` does not stalemate\n{}",
        engine.transcript.join("\n")
    );
    assert!(
        engine
            .transcript
            .iter()
            .any(|l| l.contains("score mate 1 ")),
        "{}",
        engine.transcript.join("\n")
    );
}

#[test]
fn the_structure_key_follows_soldiers_and_defenders_only() {
    let start = Xiangqi::start_position();
    let key = |pos: &Xiangqi| pos.structure_key().unwrap();
    // Chariot, horse and cannon moves keep the structure; a soldier, an
    // advisor or an elephant move changes it.
    for (moves, same) in [
        (&["h2e2"][..], true),
        (&["h0g2", "h9g7"][..], true),
        (&["a0a1"][..], true),
        (&["c3c4"][..], false),
        (&["d0e1"][..], false),
        (&["c0e2"][..], false),
    ] {
        let pos = after(moves, ZERO_NINE);
        assert_eq!(key(&pos) == key(&start), same, "{moves:?}");
    }
}
