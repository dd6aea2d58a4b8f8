//! One whole XBoard session per game through the real binary: feature
//! negotiation, `variant` (with the `setup` announcement where XBoard
//! needs one), `setboard` (also XBoard's own FEN of an announced start
//! position), `usermove`/`undo`/`remove`, `ping` after every move (the
//! `pong` must follow the engine's move), a clock the engine must never
//! overstep, and a game played until the engine reports its end, which
//! the library's rules confirm.

mod common;

use common::EngineProcess;
use std::time::{Duration, Instant};
use timur::engine::xboard::result_line_of;
use timur::engine::{AnyGame, GameState, VariantKind};
use timur::variants::chess::MoveKind;
use timur::variants::{Notation, Variant};
use timur::with_game;
use timur_search::{Game, MoveList};

const SECONDS: Duration = Duration::from_secs(60);
/// The engine's clock: `level 0 0:04 0.2` (an increment well above the
/// delays of a loaded machine, which count against the engine here).
const BASE_MS: i64 = 4000;
const INCREMENT_MS: i64 = 200;
/// A game not over after this many plies fails the test.
const MAX_PLIES: usize = 300;

/// One game's session.
struct Case {
    /// XBoard's name of the game.
    xboard: &'static str,
    kind: VariantKind,
    /// A position the engine plays from (the engine moves first).
    fen: &'static str,
}

const CASES: &[Case] = &[
    Case {
        xboard: "normal",
        kind: VariantKind::Chess,
        fen: "8/8/8/4k3/8/8/8/R5K1 w - - 70 1",
    },
    Case {
        xboard: "fischerandom",
        kind: VariantKind::Chess960,
        fen: "8/8/8/3k4/8/8/8/RK5R w HA - 70 1",
    },
    Case {
        xboard: "xiangqi",
        kind: VariantKind::Xiangqi,
        fen: "2bk5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1",
    },
    Case {
        xboard: "tamerlane",
        kind: VariantKind::Tamerlane,
        fen: "11/11/11/11/5k5/11/11/11/R9R/5K5 w -- - 00 0 1",
    },
    Case {
        xboard: "jasir",
        kind: VariantKind::Jasir,
        fen: "sssss/5/5/5/SSSSS w 0/0 -/- 0 1",
    },
    Case {
        xboard: "jarmo",
        kind: VariantKind::Jarmo,
        fen: "sssss/5/5/5/SSSSS w 0/0 -/- 0 1",
    },
];

fn notation(kind: VariantKind) -> Notation {
    Notation {
        king_takes_rook: kind == VariantKind::Chess960,
        ranks_from_one: false,
    }
}

/// The game as the test keeps it: the start and the moves in the
/// engine's notation.
struct Track {
    kind: VariantKind,
    fen: String,
    moves: Vec<String>,
}

impl Track {
    fn game(&self) -> AnyGame {
        let start = AnyGame::from_fen(self.kind, &self.fen).expect("test FEN");
        let notation = notation(self.kind);
        with_game!(start, state => {
            let (state, bad) = GameState::with_moves(state.position().clone(), &self.moves, notation);
            if let Some(e) = bad {
                panic!("{:?} after {:?}: {e}", self.kind, self.moves);
            }
            AnyGame::from(state)
        })
    }

    /// Legal moves in the engine's notation, in generation order.
    fn legal(&self) -> Vec<String> {
        let notation = notation(self.kind);
        with_game!(&self.game(), state => {
            let pos = state.position();
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            moves.iter().map(|&mv| pos.format_move(mv, notation)).collect()
        })
    }

    /// The engine's move as sent on the wire, in the engine's notation.
    fn native_of(&self, wire: &str) -> String {
        match self.kind {
            VariantKind::Tamerlane => tamerlane_squares(wire, false),
            VariantKind::Chess960 if wire.starts_with("O-O") => self.castle(wire == "O-O"),
            _ => wire.to_owned(),
        }
    }

    /// A move in the engine's notation as XBoard would send it.
    fn wire_of(&self, text: &str) -> String {
        match self.kind {
            VariantKind::Tamerlane => tamerlane_squares(text, true),
            _ => text.to_owned(),
        }
    }

    /// The castling move on the short or long side, king takes rook.
    fn castle(&self, short: bool) -> String {
        let AnyGame::Chess(state) = self.game() else {
            panic!("castling outside chess");
        };
        let pos = state.position();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mv = moves
            .iter()
            .find(|mv| {
                mv.kind() == MoveKind::Castle && (mv.to().file() > mv.from().file()) == short
            })
            .unwrap_or_else(|| panic!("no castling move in {}", pos.to_fen()));
        pos.format_move(*mv, notation(self.kind))
    }
}

/// Tamerlane's squares on XBoard's 13x10 board: files shift right by one
/// (citadel z left of a, l right of k), ranks count from 0.
fn tamerlane_squares(text: &str, to_wire: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        if !c.is_ascii_lowercase() || digits == 0 {
            out.push(char::from(c));
            i += 1;
            continue;
        }
        let rank: u32 = text[i + 1..i + 1 + digits].parse().expect("rank");
        let (file, rank) = if to_wire {
            let file = match c {
                b'z' => b'a',
                b'l' => b'm',
                f => f + 1,
            };
            (file, rank - 1)
        } else {
            let file = match c {
                b'a' => b'z',
                b'm' => b'l',
                f => f - 1,
            };
            (file, rank + 1)
        };
        out.push(char::from(file));
        out.push_str(&rank.to_string());
        i += 1 + digits;
    }
    out
}

fn is_result(line: &str) -> bool {
    ["1-0 {", "0-1 {", "1/2-1/2 {"]
        .iter()
        .any(|p| line.starts_with(p))
}

/// `ping n` and the lines that came before its `pong`.
fn ping(engine: &mut EngineProcess, n: usize) -> Vec<String> {
    let pong = format!("pong {n}");
    engine.send(&format!("ping {n}"));
    let mut lines = engine.read_until(SECONDS, |l| l == pong);
    lines.pop();
    lines
}

/// Lines that report a problem.
fn complaints(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("Error") || l.starts_with("Illegal") || l.starts_with("tell"))
        .collect()
}

/// The engine thinks after `command`; a `ping` follows at once. Returns
/// the engine's move (wire text, if any), the result line (if any), and
/// how long the engine took.
fn think(
    engine: &mut EngineProcess,
    command: &str,
    n: usize,
) -> (Option<String>, Option<String>, Duration) {
    let started = Instant::now();
    engine.send(command);
    let lines = ping(engine, n);
    let took = started.elapsed();
    assert!(complaints(&lines).is_empty(), "{command}: {lines:?}");
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert!(moves.len() <= 1, "{command}: {lines:?}");
    let result = lines.iter().find(|l| is_result(l)).cloned();
    (moves.first().map(|l| l[5..].to_owned()), result, took)
}

fn session(case: &Case) {
    let label = case.xboard;
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.expect_prefix("feature", SECONDS);
    assert!(
        features.contains(&format!(",{label}")) || features.contains(&format!("\"{label}")),
        "{features}"
    );
    engine.read_until(SECONDS, |l| l == "feature done=1");
    engine.send("accepted usermove");
    engine.send("new");
    engine.send(&format!("variant {label}"));
    let lines = ping(&mut engine, 1);
    let setup = lines.iter().find(|l| l.starts_with("setup ("));
    let announced = matches!(
        case.kind,
        VariantKind::Tamerlane | VariantKind::Jasir | VariantKind::Jarmo
    );
    assert_eq!(setup.is_some(), announced, "{label}: {lines:?}");
    assert!(complaints(&lines).is_empty(), "{label}: {lines:?}");
    if let Some(setup) = setup {
        // XBoard sends its FEN of the announced start back: understood.
        let fen = setup.splitn(4, ' ').nth(3).unwrap_or_default().to_owned();
        engine.send(&format!("setboard {fen}"));
        let lines = ping(&mut engine, 2);
        assert!(lines.is_empty(), "{label}: setboard {fen}: {lines:?}");
    }

    // Force mode: a move and its take-back change nothing.
    let mut track = Track {
        kind: case.kind,
        fen: case.fen.to_owned(),
        moves: Vec::new(),
    };
    engine.send("force");
    engine.send(&format!("setboard {}", case.fen));
    let first = track.legal()[0].clone();
    engine.send(&format!("usermove {}", track.wire_of(&first)));
    engine.send("undo");
    let lines = ping(&mut engine, 3);
    assert!(lines.is_empty(), "{label}: {lines:?}");

    engine.send(&format!(
        "level 0 0:{:02} {}",
        BASE_MS / 1000,
        INCREMENT_MS as f64 / 1000.0
    ));
    let mut clock_ms = BASE_MS;
    let mut n = 10;
    let mut command = format!("time {} \ngo", clock_ms / 10);
    let mut removed = false;
    let result = loop {
        n += 1;
        let (mv, result, took) = think(&mut engine, &command, n);
        if let Some(wire) = mv {
            let took = i64::try_from(took.as_millis()).unwrap_or(i64::MAX);
            clock_ms = clock_ms - took + INCREMENT_MS;
            assert!(clock_ms > 0, "{label}: the engine lost on time");
            let text = track.native_of(&wire);
            track.moves.push(text);
            track.game();
        }
        if let Some(result) = result {
            break result;
        }
        assert!(track.moves.len() < MAX_PLIES, "{label}: {:?}", track.moves);
        // After the engine's second move (no mate is that quick from these
        // positions): `remove` takes back its move and the user's, and the
        // game goes on from there.
        if track.moves.len() >= 3 && !removed {
            removed = true;
            engine.send("remove");
            track.moves.truncate(track.moves.len() - 2);
            let lines = ping(&mut engine, 1000 + n);
            assert!(lines.is_empty(), "{label}: remove: {lines:?}");
        }
        // The user's reply: the first legal move; where no repetition ends
        // the game (Tamerlane, Jasir, Jarmo) that can shuffle against the
        // engine for ever, so the reply varies with the move number there.
        let legal = track.legal();
        let shuffles = matches!(
            case.kind,
            VariantKind::Tamerlane | VariantKind::Jasir | VariantKind::Jarmo
        );
        let reply = legal[if shuffles { n % legal.len() } else { 0 }].clone();
        command = format!(
            "time {}\notim 1000\nusermove {}",
            clock_ms / 10,
            track.wire_of(&reply)
        );
        track.moves.push(reply);
    };
    assert!(
        removed,
        "{label}: the game ended before the `remove`: {result} after {:?}",
        track.moves
    );
    let verdict = track
        .game()
        .verdict()
        .unwrap_or_else(|| panic!("{label}: {result} but the game goes on: {:?}", track.moves));
    assert_eq!(result, result_line_of(&verdict), "{label}");
    println!(
        "{label}: {} plies, {result}, engine clock left {clock_ms} ms",
        track.moves.len()
    );
    engine.send("quit");
    assert!(engine.close_and_wait(SECONDS), "{label}: no clean exit");
}

#[test]
fn chess_session() {
    session(&CASES[0]);
}

#[test]
fn fischerandom_session() {
    session(&CASES[1]);
}

#[test]
fn xiangqi_session() {
    session(&CASES[2]);
}

#[test]
fn tamerlane_session() {
    session(&CASES[3]);
}

#[test]
fn jasir_session() {
    session(&CASES[4]);
}

#[test]
fn jarmo_session() {
    session(&CASES[5]);
}

#[test]
fn tamerlane_moves_in_xboards_coordinates() {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(SECONDS, |l| l == "feature done=1");
    engine.send("new");
    engine.send("variant tamerlane");
    engine.expect_prefix("setup (", SECONDS);
    engine.send("force");
    // A pawn of the rook on b9 (XBoard's c8), the black king on f5 (g4).
    engine.send("setboard 11/1PR9/11/11/11/5k5/11/11/11/5K5 w -- - 00 0 1");
    // XBoard asks for a promotion piece; the pawn becomes a rook anyway.
    engine.send("usermove c8c9q");
    engine.send("usermove g4g3");
    // The new rook moves like one: b10 to b2.
    engine.send("usermove c9c1");
    assert!(ping(&mut engine, 1).is_empty(), "{:?}", engine.transcript);
    // A letter after a move that promotes nothing is refused.
    engine.send("usermove g3g2q");
    assert_eq!(ping(&mut engine, 2), ["Illegal move: g3g2q"]);
    // Off XBoard's board, or onto a dark square of the citadel files.
    engine.send("usermove n4n3");
    engine.send("usermove g3a3");
    assert_eq!(
        ping(&mut engine, 3),
        ["Illegal move: n4n3", "Illegal move: g3a3"]
    );
    // The king is still on f4 (XBoard's g3).
    engine.send("usermove g3g2");
    assert!(ping(&mut engine, 4).is_empty(), "{:?}", engine.transcript);
}
