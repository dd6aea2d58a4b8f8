//! UCI sessions with the real binary playing Jasir and Jarmo against itself
//! to the end of the game: every move it writes must be legal (checked with
//! the library's move generator), the final position must be over by the
//! rules, and the engine's `game over` line must give the result and the
//! points this test computes from the rules page by counting archers. The
//! rules have no repetition end: a position that occurs a third time gets a
//! move and no `game over` line, and the test stops the game there. Bad
//! positions and illegal moves in the middle of the game are error lines;
//! the engine keeps serving.

mod common;

use common::{bestmove_of, EngineProcess};
use std::time::Duration;
use timur::variants::jasir::board::{enemy_base, RANK_1, RANK_5};
use timur::variants::jasir::{Jasir, Rules};
use timur::variants::{Notation, Variant};
use timur_search::{Color, Game};

/// Watchdog for one reply; the searches here take well under a second.
const LIMIT: Duration = Duration::from_secs(30);

/// A game that lasts longer than this is a failure (endless shuffling).
const MAX_PLIES: usize = 600;

/// The result of a finished game by the rules page, computed here from the
/// archers alone: `(winner, [white points, black points])`.
fn result_by_rules(pos: &Jasir) -> (Option<Color>, [u32; 2]) {
    let sides = [Color::White, Color::Black];
    let board = |side: Color| pos.archers(side).count_ones();
    let home = |side: Color| {
        let base = if side == Color::White { RANK_5 } else { RANK_1 };
        (pos.archers(side) & base).count_ones()
    };
    match pos.rules() {
        Rules::Jasir => {
            let living = |side: Color| board(side) + pos.hand(side);
            let wins = |side: Color| {
                let all_home = pos.hand(side) == 0 && board(side) > 0 && home(side) == board(side);
                all_home || living(side.flip()) == 0
            };
            let mover = pos.side_to_move();
            let winner = match (wins(mover), wins(mover.flip())) {
                // both at once: the side that has just moved wins
                (_, true) => mover.flip(),
                (true, false) => mover,
                // no rule ends it: the side to move has no move and loses
                (false, false) => mover.flip(),
            };
            let mut points = [0; 2];
            points[winner.index()] = board(winner);
            (Some(winner), points)
        }
        Rules::Jarmo => {
            let points = sides.map(|side| board(side) + home(side));
            let winner = match points[0].cmp(&points[1]) {
                std::cmp::Ordering::Greater => Some(Color::White),
                std::cmp::Ordering::Less => Some(Color::Black),
                std::cmp::Ordering::Equal => None,
            };
            (winner, points)
        }
    }
}

/// Whether the game is over by the page's end conditions (or for lack of
/// moves), computed from the archers; the library must agree.
fn over_by_rules(pos: &Jasir) -> bool {
    let all_home = |side: Color| pos.archers(side) & !enemy_base(side) == 0;
    let by_rule = match pos.rules() {
        Rules::Jasir => [Color::White, Color::Black].iter().any(|&side| {
            let living = |s: Color| pos.archers(s).count_ones() + pos.hand(s);
            (pos.hand(side) == 0 && pos.archers(side) != 0 && all_home(side))
                || living(side.flip()) == 0
        }),
        Rules::Jarmo => all_home(Color::White) || all_home(Color::Black),
    };
    by_rule || pos.moves().is_empty()
}

/// The `game over:` text the engine should print for `pos`.
fn expected_game_over(pos: &Jasir) -> String {
    let (winner, [white, black]) = result_by_rules(pos);
    let (result, who) = match winner {
        Some(Color::White) => ("1-0", "White wins"),
        Some(Color::Black) => ("0-1", "Black wins"),
        None => ("1/2-1/2", "Draw"),
    };
    format!("info string game over: {result} ({who} {white}-{black})")
}

/// Sends bad input and checks that each line gets an error and that the
/// engine still answers.
fn bad_input_is_an_error(engine: &mut EngineProcess, moves: &[String]) {
    let played = moves.join(" ");
    for line in [
        // an illegal step: a1 is White's own base, nothing steps sideways there
        format!("position startpos moves {played} a1b1"),
        // a move in no notation at all
        format!("position startpos moves {played} zz9"),
        // a rank with four holes
        "position fen sssss/5/5/5/SSSS w 0/0 -/- 0 1".to_string(),
        // a hand count out of range
        "position fen sssss/5/5/5/SSSSS w 9/0 -/- 0 1".to_string(),
        "position fen".to_string(),
    ] {
        engine.send(&line);
        let lines = engine.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error:")),
            "no error for `{line}`:\n{}",
            lines.join("\n")
        );
    }
}

/// Plays `variant` against itself with `go <limit>` from the start, after
/// the `opening` moves, to the end; the bad input comes seven plies after
/// the opening. Returns the number of plies.
fn self_play(variant: &str, rules: Rules, limit: &str, opening: &str) -> usize {
    let mut engine = EngineProcess::start_uci_variant(variant, LIMIT);
    let mut pos = Jasir::start_position_for(rules);
    let mut moves: Vec<String> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    for mv in opening.split_whitespace() {
        seen.push(pos.key());
        let parsed = pos.parse_move(mv, Notation::default()).unwrap();
        pos.make_move(parsed);
        moves.push(mv.to_string());
    }
    let bad_input_at = moves.len() + 7;
    loop {
        seen.push(pos.key());
        assert!(
            moves.len() <= MAX_PLIES,
            "{variant}: no end after {MAX_PLIES} plies: {}",
            moves.join(" ")
        );
        if moves.len() == bad_input_at {
            bad_input_is_an_error(&mut engine, &moves);
        }
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send(&format!("go {limit}"));
        let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
        let best = bestmove_of(lines.last().map_or("", String::as_str));
        let errors: Vec<_> = lines.iter().filter(|l| l.contains("error")).collect();
        assert!(errors.is_empty(), "{variant}: {errors:?}");
        if best == "(none)" {
            assert!(
                over_by_rules(&pos),
                "{variant}: (none) in a game that goes on: {}",
                pos.to_fen()
            );
            assert!(pos.moves().is_empty(), "{}", pos.to_fen());
            let want = expected_game_over(&pos);
            assert!(
                lines.contains(&want),
                "{variant} {}: expected `{want}` in\n{}",
                pos.to_fen(),
                lines.join("\n")
            );
            let mine = pos.result().map(|r| (r.winner, r.points));
            assert_eq!(mine, Some(result_by_rules(&pos)), "{}", pos.to_fen());
            break;
        }
        assert!(
            !over_by_rules(&pos),
            "{variant}: a move ({best}) in a finished game {}",
            pos.to_fen()
        );
        let mv = pos
            .parse_move(&best, Notation::default())
            .unwrap_or_else(|e| panic!("{variant} {}: {best}: {e}", pos.to_fen()));
        assert!(pos.moves().contains(&mv), "{variant}: {best} not legal");
        assert!(
            !lines.iter().any(|l| l.starts_with("info string game over")),
            "{}",
            lines.join("\n")
        );
        // No rule ends a repeating game; this test does (its own ply limit).
        if seen.iter().filter(|&&k| k == pos.key()).count() >= 3 {
            break;
        }
        pos.make_move(mv);
        moves.push(best);
    }
    // the engine's own picture of the final position agrees with the library
    engine.send("d");
    let lines = engine.sync();
    let fen = format!("Fen: {}", pos.to_fen());
    assert!(lines.contains(&fen), "{fen} not in\n{}", lines.join("\n"));
    assert!(engine.close_and_wait(LIMIT));
    moves.len()
}

#[test]
fn jasir_self_play_to_the_end() {
    let plies = self_play("jasir", Rules::Jasir, "depth 4", "");
    assert!(plies > 10, "{plies}");
}

#[test]
fn jarmo_self_play_to_the_end() {
    // From the start, whether a Jarmo self-play game ends within MAX_PLIES
    // changes with every search change (the board may recur under new
    // shuttle states, which the rules do not call a repetition). The first
    // twenty plies of a 49-ply game the engine finished (self-play at
    // 40000 nodes) put the end in reach; the bad input comes at ply 27.
    let opening = "e1d3 a5b3 a1c2 d5b4 b1d2 e5c4 d1c3 b5d4 c2e3 b3d2 \
                   d3d2 c5b3 e3c2 c4b2 c3e4 d4b5 c1e2 b4c4 e2c1 c4b4";
    let plies = self_play("jarmo", Rules::Jarmo, "nodes 20000", opening);
    assert!(plies >= 27, "{plies}");
}

/// A finished game where the side to move has won (Black has just lost its
/// last archer): the result line names White, not "the opponent".
#[test]
fn finished_game_names_the_winner() {
    let mut engine = EngineProcess::start_uci_variant("jasir", LIMIT);
    // White to move; Black has no living archer: White wins with 2 archers
    engine.send("position fen 5/5/2S2/5/S4 w 0/0 -/- 0 1");
    engine.send("go depth 3");
    let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
    assert!(
        lines.contains(&"info string game over: 1-0 (White wins 2-0)".to_string()),
        "{}",
        lines.join("\n")
    );
    assert!(!lines.iter().any(|l| l.contains("for the opponent")));
    assert_eq!(bestmove_of(lines.last().unwrap()), "(none)");
}
