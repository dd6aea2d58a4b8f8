//! One judge: the same finished games, one per way a game ends in every
//! game, given to the UCI binary (`info string game over`), the XBoard
//! binary (its result line) and the library's verdict (what the match
//! referee, its PGN and the GUI write) must get the same result and reason;
//! and a repetition ends no game whose rules lack that end.

mod common;

use common::EngineProcess;
use std::time::Duration;
use timur::engine::{AnyGame, GameState, VariantKind};
use timur::variants::tamerlane::Tamerlane;
use timur::variants::xboard::XboardView;
use timur::variants::Notation;
use timur::with_game;
use timur_search::Game;

const LIMIT: Duration = Duration::from_secs(30);

/// A finished game: where it starts, the moves (engine text, and as XBoard
/// writes them where that differs) and how it ended.
struct Case {
    kind: VariantKind,
    fen: &'static str,
    moves: &'static [&'static str],
    /// The moves on XBoard's board, when it names squares differently.
    xboard_moves: Option<&'static [&'static str]>,
    result: &'static str,
    reason: &'static str,
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SHUFFLE: &[&str] = &[
    "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
];

const CASES: &[Case] = &[
    Case {
        kind: VariantKind::Chess,
        fen: CHESS_START,
        moves: &["f2f3", "e7e5", "g2g4", "d8h4"],
        xboard_moves: None,
        result: "0-1",
        reason: "Black mates",
    },
    Case {
        kind: VariantKind::Chess,
        fen: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        moves: &[],
        xboard_moves: None,
        result: "1/2-1/2",
        reason: "Stalemate",
    },
    Case {
        kind: VariantKind::Chess,
        fen: "8/8/4k3/8/8/3RK3/8/8 w - - 100 80",
        moves: &[],
        xboard_moves: None,
        result: "1/2-1/2",
        reason: "Draw by 50-move rule",
    },
    Case {
        kind: VariantKind::Chess,
        fen: CHESS_START,
        moves: SHUFFLE,
        xboard_moves: None,
        result: "1/2-1/2",
        reason: "Draw by repetition",
    },
    Case {
        kind: VariantKind::Chess,
        fen: "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
        moves: &[],
        xboard_moves: None,
        result: "1/2-1/2",
        reason: "Insufficient material",
    },
    // tests/uci_xiangqi.rs: the black general d9 is mated.
    Case {
        kind: VariantKind::Xiangqi,
        fen: "3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1",
        moves: &[],
        xboard_moves: None,
        result: "1-0",
        reason: "White mates",
    },
    // The red chariot checks from a9 and a8 while the general steps e9/e8.
    Case {
        kind: VariantKind::Xiangqi,
        fen: "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
        moves: &[
            "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9",
        ],
        xboard_moves: None,
        result: "0-1",
        reason: "Perpetual check",
    },
    // tests/xiangqi_chase.rs: the red chariot chases the undefended horse.
    Case {
        kind: VariantKind::Xiangqi,
        fen: "4k4/8R/n8/9/9/9/9/9/9/3K5 w - - 0 1",
        moves: &[
            "i8i7", "a7c8", "i7i8", "c8a7", "i8i7", "a7c8", "i7i8", "c8a7",
        ],
        xboard_moves: None,
        result: "0-1",
        reason: "Perpetual chase",
    },
    Case {
        kind: VariantKind::Xiangqi,
        fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 120 70",
        moves: &[],
        xboard_moves: None,
        result: "1/2-1/2",
        reason: "Draw by 60-move rule",
    },
    // tests/tamerlane_rules.rs: the checked king a8 enters the citadel z9.
    Case {
        kind: VariantKind::Tamerlane,
        fen: "11/5k5/K6r3/11/11/11/2PF8/11/11/11 w -- Ssc 00 0 40",
        moves: &["a8z9"],
        xboard_moves: Some(&["b7a8"]),
        result: "1/2-1/2",
        reason: "Draw by citadel",
    },
    // tests/uci_jasir.rs: Black has no archer left.
    Case {
        kind: VariantKind::Jasir,
        fen: "5/5/2S2/5/S4 w 0/0 -/- 0 1",
        moves: &[],
        xboard_moves: None,
        result: "1-0",
        reason: "White wins 2-0",
    },
    // Every white archer on the board is home: 2 + 2 points against 1.
    Case {
        kind: VariantKind::Jarmo,
        fen: "SS3/5/2s2/5/5 b 0/0 -/- 0 1",
        moves: &[],
        xboard_moves: None,
        result: "1-0",
        reason: "White wins 4-1",
    },
    // Equal points: a Jarmo draw.
    Case {
        kind: VariantKind::Jarmo,
        fen: "S4/5/2ss1/5/5 b 0/0 -/- 0 1",
        moves: &[],
        xboard_moves: None,
        result: "1/2-1/2",
        reason: "Draw 2-2",
    },
];

/// The library's verdict on `case` as `(result, reason)`.
fn verdict_of(case: &Case) -> (String, String) {
    let start = AnyGame::from_fen(case.kind, case.fen).unwrap_or_else(|e| panic!("{e}"));
    let game = with_game!(start, state => {
        let (state, bad) = GameState::with_moves(state.position().clone(), case.moves, Notation::default());
        assert_eq!(bad, None, "{}", case.fen);
        AnyGame::from(state)
    });
    let verdict = game
        .verdict()
        .unwrap_or_else(|| panic!("{}: the game goes on", case.fen));
    (verdict.result_text().to_owned(), verdict.to_string())
}

#[test]
fn the_library_judges_every_case() {
    for case in CASES {
        assert_eq!(
            verdict_of(case),
            (case.result.to_owned(), case.reason.to_owned()),
            "{}",
            case.fen
        );
    }
}

#[test]
fn uci_reports_the_same_verdict() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    for case in CASES {
        engine.send(&format!("setoption name UCI_Variant value {}", case.kind));
        engine.send(&format!(
            "position fen {} moves {}",
            case.fen,
            case.moves.join(" ")
        ));
        engine.send("go depth 1");
        let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
        let over: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string game over"))
            .collect();
        let (result, reason) = verdict_of(case);
        let expected = format!("info string game over: {result} ({reason})");
        assert_eq!(over, [&expected], "{}: {lines:?}", case.fen);
    }
}

#[test]
fn xboard_reports_the_same_verdict() {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(LIMIT, |l| l == "feature done=1");
    for (n, case) in CASES.iter().enumerate() {
        engine.send("new");
        engine.send(&format!("variant {}", case.kind.xboard_name()));
        engine.send("force");
        engine.send(&format!("setboard {}", case.fen));
        for mv in case.xboard_moves.unwrap_or(case.moves) {
            engine.send(&format!("usermove {mv}"));
        }
        engine.send("go");
        let pong = format!("pong {n}");
        engine.send(&format!("ping {n}"));
        let lines = engine.read_until(LIMIT, |l| l == pong);
        let first_result = lines.iter().find(|l| {
            ["1-0 {", "0-1 {", "1/2-1/2 {"]
                .iter()
                .any(|p| l.starts_with(p))
        });
        let (result, reason) = verdict_of(case);
        let expected = format!("{result} {{{reason}}}");
        assert_eq!(first_result, Some(&expected), "{}: {lines:?}", case.fen);
        assert!(
            !lines.iter().any(|l| l.starts_with("Illegal")
                || l.starts_with("Error")
                || l.starts_with("move ")),
            "{}: {lines:?}",
            case.fen
        );
    }
}

/// Games whose rules have no repetition end (Tamerlane, Jasir, Jarmo): the
/// moves bring the start position back a third time.
const REPEATED: &[(VariantKind, &[&str])] = &[
    (
        VariantKind::Tamerlane,
        &[
            "b2d1", "b9d10", "d1b2", "d10b9", "b2d1", "b9d10", "d1b2", "d10b9",
        ],
    ),
    (
        VariantKind::Jasir,
        &[
            "a1c2", "a5c4", "c2b2", "c4b4", "b2c2", "b4c4", "c2b2", "c4b4", "b2c2", "b4c4",
        ],
    ),
    // Two archers a side out and back in turn: the shuttle limit allows it,
    // and the shuttle state recurs with the board.
    (
        VariantKind::Jarmo,
        &[
            "a1c2", "a5c4", "c2a1", "c4a5", "e1c2", "e5c4", "c2e1", "c4e5", "a1c2", "a5c4", "c2a1",
            "c4a5", "e1c2", "e5c4", "c2e1", "c4e5", "a1c2", "a5c4",
        ],
    ),
];

#[test]
fn a_third_occurrence_ends_no_game_whose_rules_lack_it() {
    for &(kind, moves) in REPEATED {
        let state = with_game!(AnyGame::start(kind), state => {
            let (state, bad) = GameState::with_moves(state.position().clone(), moves, Notation::default());
            assert_eq!(bad, None, "{kind}");
            let key = state.position().key();
            let occurrences = state.history().iter().filter(|e| e.key == key).count() + 1;
            assert!(occurrences >= 3, "{kind}: the moves repeat no position thrice");
            AnyGame::from(state)
        });
        assert_eq!(state.verdict(), None, "{kind}");
    }
}

#[test]
fn uci_plays_on_after_a_third_occurrence_where_the_rules_say_so() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    for &(kind, moves) in REPEATED {
        engine.send(&format!("setoption name UCI_Variant value {kind}"));
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go depth 3");
        let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
        assert!(
            !lines.iter().any(|l| l.contains("game over")),
            "{kind}: {lines:?}"
        );
        let best = common::bestmove_of(lines.last().unwrap());
        assert!(best != "(none)" && !best.is_empty(), "{kind}: {lines:?}");
    }
}

#[test]
fn xboard_plays_on_after_a_third_occurrence_where_the_rules_say_so() {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(LIMIT, |l| l == "feature done=1");
    engine.send("sd 3");
    for &(kind, moves) in REPEATED {
        engine.send("new");
        engine.send(&format!("variant {}", kind.xboard_name()));
        engine.send("force");
        for mv in moves {
            let wire = match kind {
                VariantKind::Tamerlane => Tamerlane::squares_to_xboard(mv),
                _ => mv.to_string(),
            };
            engine.send(&format!("usermove {wire}"));
        }
        engine.send("go");
        let lines = engine.read_until(LIMIT, |l| l.starts_with("move ") || l.contains(" {"));
        assert!(
            lines.last().is_some_and(|l| l.starts_with("move ")),
            "{kind}: {lines:?}"
        );
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
            "{kind}: {lines:?}"
        );
    }
}
