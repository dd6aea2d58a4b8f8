//! UCI sessions with the real binary playing Tamerlane chess: a game from
//! the start position through a royal swap and a citadel swap, perft, bad
//! input, and a citadel draw that ends the game. Every move list and every
//! move the engine writes is checked with the library.

mod common;

use common::{bestmove_of, EngineProcess};
use std::time::{Duration, Instant};
use timur::variants::tamerlane::types::{Kind, MoveKind, L2, Z9};
use timur::variants::tamerlane::Tamerlane;
use timur::variants::{Notation, Variant};
use timur_search::{Color, Game, MoveList};

/// Watchdog for one reply; the searches here take well under a second.
const LIMIT: Duration = Duration::from_secs(30);

/// How long an engine may take to see that a game is already over.
const AT_ONCE: Duration = Duration::from_secs(10);

const START_TFEN: &str = "e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1";

/// A game from the start position, found by a throwaway program (not kept)
/// that played guided random games with the library: a xorshift64 generator
/// seeded with `783 * 0x9E3779B97F4A7C15 | 1` gave each legal move random
/// noise 0..99, +300 for a pawn-of-the-king move, +80 for a capture, +200 per
/// step a king with a prince beside it gets nearer the enemy citadel, and
/// always took a royal swap (first one), a citadel swap or an adventitious
/// king's entry into its own citadel; citadel draws were never chosen.
/// Seeds 1..4000 were tried and this was the shortest line with both kinds
/// (31 plies). In it White's king, checked by the pawn g3, swaps with the
/// pawn of pawns (`f2a3`, a royal swap); Black's pawn of the king becomes a
/// prince on i1 and White's on i10; White's king walks to a8 and enters
/// Black's citadel swapping with its prince (`a8z9x`, a citadel swap); play
/// goes on with Black to move.
const SWAP_LINE: [&str; 31] = [
    "f3f4", "f8f7", "f4f5", "f7f6", "b2c4", "i10j7", "c4d6", "j7g6", "f5g6", "f6f5", "g6g7",
    "f5f4", "g7h8", "f4g3", "f2a3", "g3h2", "h8i9", "h2i1", "i9i10", "f9f8", "a3b4", "f8g7",
    "b4b5", "g7h6", "b5b6", "h6i5", "b6a7", "i5j4", "a7a8", "j4k3", "a8z9x",
];

/// A started engine switched to Tamerlane chess.
fn tamerlane_engine() -> EngineProcess {
    EngineProcess::start_uci_variant("tamerlane", LIMIT)
}

fn legal(pos: &Tamerlane) -> Vec<timur::variants::tamerlane::types::Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

/// Plays `moves` from `pos` with the library; returns the position and the
/// kind of each move, with whether it was an adventitious king entering its
/// own citadel.
fn replay(mut pos: Tamerlane, moves: &[&str]) -> (Tamerlane, Vec<(MoveKind, bool)>) {
    let mut kinds = Vec::new();
    for text in moves {
        let mv = pos
            .parse_move(text, Notation::default())
            .unwrap_or_else(|e| panic!("{e} in {}", pos.to_fen()));
        let own_citadel = match pos.side_to_move() {
            Color::White => L2,
            Color::Black => Z9,
        };
        let adv_home =
            pos.piece_at(mv.from).map(|(_, k)| k) == Some(Kind::AdvKing) && mv.to == own_citadel;
        kinds.push((mv.kind, adv_home));
        pos.make_move(mv);
    }
    (pos, kinds)
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

/// Every PV the engine printed, and its bestmove with the ponder move, is a
/// legal line from `root`.
fn assert_lines_legal(root: &Tamerlane, transcript: &[String]) {
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
        replay(root.clone(), &moves);
    }
}

#[test]
fn the_swap_line_has_a_royal_swap_and_a_citadel_move() {
    let (pos, kinds) = replay(Tamerlane::start_position(), &SWAP_LINE);
    assert!(
        kinds.iter().any(|&(k, _)| k == MoveKind::RoyalSwap),
        "{kinds:?}"
    );
    assert!(
        kinds.iter().any(|&(k, adv_home)| adv_home
            || matches!(k, MoveKind::CitadelSwapPrince | MoveKind::CitadelSwapAdv)),
        "{kinds:?}"
    );
    assert!(!pos.is_finished());
    assert!(!legal(&pos).is_empty(), "play goes on after the line");
}

#[test]
fn searches_after_a_royal_swap_and_a_citadel_swap() {
    let (pos, _) = replay(Tamerlane::start_position(), &SWAP_LINE);
    let mut engine = tamerlane_engine();
    engine.send(&format!("position startpos moves {}", SWAP_LINE.join(" ")));
    let errors = engine.sync();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_eq!(displayed_fen(&mut engine), pos.to_fen());
    engine.send("go depth 5");
    let line = engine.expect_prefix("bestmove", LIMIT);
    let best = bestmove_of(&line);
    assert!(
        pos.parse_move(&best, Notation::default()).is_ok(),
        "illegal bestmove `{best}` in {}\n{}",
        pos.to_fen(),
        engine.transcript.join("\n")
    );
    assert_lines_legal(&pos, &engine.transcript);
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
fn go_perft_2_from_the_start() {
    let mut engine = tamerlane_engine();
    engine.send("position startpos");
    engine.send("go perft 2");
    let mut lines = engine.read_until(LIMIT, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.pop().as_deref(), Some("Nodes searched: 576"));
    assert_eq!(lines.pop().as_deref(), Some(""));
    let start = Tamerlane::start_position();
    assert_eq!(lines.len(), 24, "{}", lines.join("\n"));
    for line in &lines {
        let (text, count) = line.split_once(": ").unwrap();
        assert!(
            start.parse_move(text, Notation::default()).is_ok(),
            "{line}"
        );
        assert_eq!(count, "24", "{line}");
    }
}

#[test]
fn bad_input_keeps_the_position_and_the_loop() {
    let mut engine = tamerlane_engine();
    engine.send("position startpos moves f3f4 f8f7");
    let (pos, _) = replay(Tamerlane::start_position(), &["f3f4", "f8f7"]);
    let kept = pos.to_fen();
    assert_eq!(displayed_fen(&mut engine), kept);
    let short_rank = START_TFEN.replacen("11/11/11/11", "11/11/10/11", 1);
    let king_in_citadel = START_TFEN.replacen(" -- ", " K- ", 1);
    for (line, token) in [
        ("position fen garbage".to_string(), "`garbage`"),
        // The reason quotes the bad rank / the bad citadel occupant.
        (format!("position fen {short_rank}"), "`10`"),
        (format!("position fen {king_in_citadel}"), "`K`"),
        (
            "position fen e1c1d1d1c1e w -- SCsc 00 0 1".to_string(),
            "`e1c1d1d1c1e`",
        ),
    ] {
        engine.send(&line);
        let errors = engine.sync();
        assert_eq!(errors.len(), 1, "`{line}` → {errors:?}");
        assert!(
            errors[0].starts_with("info string error:") && errors[0].contains(token),
            "`{line}`: expected an error naming `{token}`: {}",
            errors[0]
        );
        assert_eq!(displayed_fen(&mut engine), kept, "after `{line}`");
    }
    // A bad move keeps the moves before it (as Stockfish does).
    for (moves, token, good) in [
        ("f3f5", "`f3f5`", 0),
        ("f3f4 f8f7 q1q2", "`q1q2`", 2),
        ("f2z9", "`f2z9`", 0),
        ("f3f4 f8f7 a9z9q", "`a9z9q`", 2),
        ("f3f4 f3f4", "move 2 `f3f4`", 1),
    ] {
        engine.send(&format!("position startpos moves {moves}"));
        let errors = engine.sync();
        assert_eq!(errors.len(), 1, "`{moves}` → {errors:?}");
        assert!(
            errors[0].starts_with("info string error:") && errors[0].contains(token),
            "`{moves}`: expected an error naming `{token}`: {}",
            errors[0]
        );
        let prefix: Vec<&str> = moves.split(' ').take(good).collect();
        let (prefix_pos, _) = replay(Tamerlane::start_position(), &prefix);
        assert_eq!(
            displayed_fen(&mut engine),
            prefix_pos.to_fen(),
            "after `{moves}`"
        );
    }
    engine.send("position startpos moves f3f4 f8f7");
    engine.send("go depth 3");
    let best = bestmove_of(&engine.expect_prefix("bestmove", LIMIT));
    assert!(pos.parse_move(&best, Notation::default()).is_ok(), "{best}");
    engine.send("quit");
    assert!(engine.close_and_wait(LIMIT));
}

/// After a citadel draw the game is over: `go` (even one that would search
/// for a minute) answers `bestmove (none)` at once, perft counts nothing.
fn assert_game_over(engine: &mut EngineProcess) {
    let started = Instant::now();
    engine.send("go movetime 60000");
    assert_eq!(engine.expect_prefix("bestmove", AT_ONCE), "bestmove (none)");
    assert!(started.elapsed() < AT_ONCE);
    engine.sync();
    engine.send("go perft 1");
    let lines = engine.read_until(LIMIT, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines, ["", "Nodes searched: 0"]);
}

#[test]
fn citadel_draw_from_the_start_ends_the_game() {
    // The swap line with its last move played as the plain entry: a draw.
    let mut moves = SWAP_LINE.to_vec();
    moves.pop();
    moves.push("a8z9");
    let (pos, kinds) = replay(Tamerlane::start_position(), &moves);
    assert_eq!(kinds.last().map(|&(k, _)| k), Some(MoveKind::CitadelDraw));
    assert!(pos.is_finished() && legal(&pos).is_empty());
    let mut engine = tamerlane_engine();
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    let errors = engine.sync();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_game_over(&mut engine);
}

#[test]
fn citadel_draw_from_a_tfen_ends_the_game() {
    // `tam-citadel-draw` of tamerlane.perft: the checked king a8 enters z9.
    let tfen = "11/5k5/K6r3/11/11/11/2PF8/11/11/11 w -- Ssc 00 0 40";
    let (pos, kinds) = replay(Tamerlane::from_fen(tfen).unwrap(), &["a8z9"]);
    assert_eq!(kinds, [(MoveKind::CitadelDraw, false)]);
    assert!(pos.is_finished());
    let mut engine = tamerlane_engine();
    engine.send(&format!("position fen {tfen} moves a8z9"));
    let errors = engine.sync();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_game_over(&mut engine);
    // A move after the draw is refused and the finished game is kept.
    engine.send(&format!("position fen {tfen} moves a8z9 f9f8"));
    let errors = engine.sync();
    assert!(
        errors.len() == 1 && errors[0].starts_with("info string error:"),
        "{errors:?}"
    );
    assert_game_over(&mut engine);
}

/// `tam-royal-swap-no-other-move` of tamerlane.perft: White's only legal
/// move is the royal swap a1h5 (king a1 with the blocked pawn h5).
const ONLY_A_SWAP: &str = "11/10k/11/11/7t3/7PW3/11/pr1n8/PR10/K10 w -- SCsc 00 0 40";

#[test]
fn plays_the_only_move_a_royal_swap() {
    let pos = Tamerlane::from_fen(ONLY_A_SWAP).unwrap();
    let moves = legal(&pos);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].kind, MoveKind::RoyalSwap);
    let mut engine = tamerlane_engine();
    engine.send(&format!("position fen {ONLY_A_SWAP}"));
    engine.send("go depth 5");
    let line = engine.expect_prefix("bestmove", LIMIT);
    assert_eq!(
        bestmove_of(&line),
        pos.format_move(moves[0], Notation::default())
    );
    assert_lines_legal(&pos, &engine.transcript);
}

#[test]
fn no_legal_move_is_a_loss_answered_at_once() {
    // `tam-stalemate-loss`: the same position with the royal swap used up.
    let tfen = ONLY_A_SWAP.replacen(" SCsc ", " Csc ", 1);
    let pos = Tamerlane::from_fen(&tfen).unwrap();
    assert!(legal(&pos).is_empty() && !pos.is_finished());
    let mut engine = tamerlane_engine();
    engine.send(&format!("position fen {tfen}"));
    assert_game_over(&mut engine);
}
