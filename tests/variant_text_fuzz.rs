//! Property tests of the position and move text of xiangqi (FEN), Tamerlane
//! (TFEN), Jasir and Jarmo (JFEN) — chess has `chess_fuzz.rs`. Random and
//! mutated texts never panic; a refused text gets a non-empty message; an
//! accepted position writes itself back unchanged; a move text is accepted
//! only for a legal move. Through the [`Engine`] (what `position`,
//! `setboard` and `usermove` call) a refused position or move leaves the
//! position and the moves played exactly as they were.
//!
//! Cases per game: 1,500 random strings, 1,500 mutated positions, 1,500
//! random move texts, 1,000 mutated legal moves and 1,000 engine commands
//! (setboard, position with moves, usermove): 6,500 per game, 26,000 in all.

use proptest::prelude::*;
use std::cell::RefCell;
use timur::engine::{Engine, VariantKind};
use timur::variants::jasir::{Jasir, Rules};
use timur::variants::tamerlane::Tamerlane;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::{Notation, Variant};
use timur_search::MoveList;

const XIANGQI: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3k5/1r7/9/9/1p7/9/9/1C7/9/4K4 w - - 0 1",
    "5k3/9/9/9/9/2B6/3R5/9/9/4K4 w - - 0 1",
];
const TAMERLANE: &[&str] = &[
    "e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1",
    "11/10k/11/11/11/11/11/11/11/K10 w -- SCsc 00 0 1",
    "11/11/11/11/5k5/11/11/11/R9R/5K5 b -- - 00 3 9",
];
const JASIR: &[&str] = &[
    "sssss/5/5/5/SSSSS w 0/0 -/- 0 1",
    "sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4",
    "sss1s/5/3E1/5/S2S1 w 1/1 -/- 0 5",
];

/// Reads a position of one game.
type Parse<G> = fn(&str) -> Result<G, String>;

fn jasir(text: &str) -> Result<Jasir, String> {
    Jasir::from_fen_for(text, Rules::Jasir)
}

fn jarmo(text: &str) -> Result<Jasir, String> {
    Jasir::from_fen_for(text, Rules::Jarmo)
}

/// `text` with byte edits: overwrite, delete or insert at each position.
fn mutate(text: &str, edits: &[(usize, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, byte) in edits {
        if bytes.is_empty() {
            bytes.push(byte);
            continue;
        }
        let at = at % bytes.len();
        match byte % 3 {
            0 => bytes[at] = byte,
            1 => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, byte),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn legal<G: Variant>(pos: &G) -> Vec<G::Move> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().copied().collect()
}

/// An accepted position writes back to a text that reads to the same
/// text, and its moves read back from their own text.
fn check_position<G: Variant>(parse: Parse<G>, text: &str) -> Result<(), TestCaseError> {
    match parse(text) {
        Err(why) => prop_assert!(!why.trim().is_empty(), "empty error for {text:?}"),
        Ok(pos) => {
            let written = pos.to_fen();
            let again = parse(&written);
            prop_assert!(
                again.is_ok(),
                "{text:?} → {written:?} → {:?}",
                again.as_ref().err()
            );
            prop_assert_eq!(again.map(|p| p.to_fen()).unwrap_or_default(), written);
            for mv in legal(&pos) {
                let text = pos.format_move(mv, Notation::default());
                prop_assert_eq!(pos.parse_move(&text, Notation::default()), Ok(mv));
            }
        }
    }
    Ok(())
}

/// A move text is accepted only as a legal move of the seed position.
fn check_move<G: Variant>(
    parse: Parse<G>,
    seeds: &[&str],
    text: &str,
) -> Result<(), TestCaseError> {
    for seed in seeds {
        let pos = parse(seed).map_err(TestCaseError::fail)?;
        let moves = legal(&pos);
        for ranks_from_one in [false, true] {
            let notation = Notation {
                ranks_from_one,
                ..Notation::default()
            };
            match pos.parse_move(text, notation) {
                Ok(mv) => prop_assert!(moves.contains(&mv), "{text} in {seed}"),
                Err(why) => prop_assert!(!why.trim().is_empty()),
            }
        }
    }
    Ok(())
}

/// A legal move's text of a seed, mutated.
fn mutated_move<G: Variant>(
    parse: Parse<G>,
    seeds: &[&str],
    pick: usize,
    edits: &[(usize, u8)],
) -> String {
    let seed = seeds[pick % seeds.len()];
    let Ok(pos) = parse(seed) else {
        return String::new();
    };
    let moves = legal(&pos);
    if moves.is_empty() {
        return String::new();
    }
    let text = pos.format_move(moves[pick % moves.len()], Notation::default());
    mutate(&text, edits)
}

thread_local! {
    /// One engine per test thread: a new one per case would allocate its
    /// hash table every time.
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

/// What the GUI asks of the engine: a position (`setboard`), a position
/// with moves, or one move (`usermove`).
#[derive(Clone, Debug)]
enum Command {
    SetBoard(String),
    Moves(Vec<String>),
    UserMove(String),
}

/// A command made of `text`: the bad part is `text`, the rest is legal.
fn command(kind: u8, text: String, legal_first: Option<String>) -> Command {
    match kind % 3 {
        0 => Command::SetBoard(text),
        1 => Command::Moves(legal_first.into_iter().chain([text]).collect()),
        _ => Command::UserMove(text),
    }
}

/// After a refused command the position text and the number of moves
/// played are as before (a move list keeps its legal prefix); an accepted
/// one is undone by the next case.
fn check_engine(kind: VariantKind, seed: &str, cmd: &Command) -> Result<(), TestCaseError> {
    ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        if engine.kind() != kind {
            engine.set_variant(kind).map_err(TestCaseError::fail)?;
        }
        engine
            .set_position(Some(seed), &["" as &str; 0])
            .map_err(TestCaseError::fail)?;
        let before = (engine.fen(), engine.plies_played());
        let result = match cmd {
            Command::SetBoard(text) => engine.set_position(Some(text), &["" as &str; 0]).map(drop),
            Command::Moves(moves) => {
                // A bad move keeps the moves before it; the error names it.
                if let Err(why) = engine.set_position(Some(seed), moves) {
                    let played = engine.plies_played();
                    prop_assert!(played < moves.len(), "{:?}", cmd);
                    prop_assert!(why.contains(&format!("move {} ", played + 1)), "{}", why);
                }
                Ok(())
            }
            Command::UserMove(text) => engine.play_move(text),
        };
        if let Err(why) = result {
            prop_assert!(!why.trim().is_empty());
            prop_assert_eq!((engine.fen(), engine.plies_played()), before, "{:?}", cmd);
        }
        Ok(())
    })
}

/// The first legal move of `seed`, as text.
fn first_move<G: Variant>(parse: Parse<G>, seed: &str) -> Option<String> {
    let pos = parse(seed).ok()?;
    legal(&pos)
        .first()
        .map(|&mv| pos.format_move(mv, Notation::default()))
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8)>> {
    prop::collection::vec((0usize..200, any::<u8>()), 1..5)
}

/// Random text, mostly of the characters position and move texts use.
fn noise() -> impl Strategy<Value = String> {
    prop_oneof!["\\PC{0,60}", "[a-zA-Z0-9/ @-]{0,60}",]
}

macro_rules! game_fuzz {
    ($game:ident, $kind:expr, $parse:expr, $seeds:expr, $moves:expr) => {
        mod $game {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

                #[test]
                fn random_positions(text in noise()) {
                    check_position($parse, &text)?;
                }

                #[test]
                fn mutated_positions(pick in 0usize..8, edits in edits()) {
                    check_position($parse, &mutate($seeds[pick % $seeds.len()], &edits))?;
                }

                #[test]
                fn random_moves(text in $moves) {
                    check_move($parse, $seeds, &text)?;
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

                #[test]
                fn mutated_moves(pick in 0usize..64, edits in edits()) {
                    check_move($parse, $seeds, &mutated_move($parse, $seeds, pick, &edits))?;
                }

                #[test]
                fn refused_commands_change_nothing(
                    pick in 0usize..8,
                    which in any::<u8>(),
                    edits in edits(),
                    random in noise(),
                ) {
                    let seed = $seeds[pick % $seeds.len()];
                    let text = if which & 4 == 0 {
                        random
                    } else if which % 3 == 0 {
                        mutate(seed, &edits)
                    } else {
                        mutated_move($parse, $seeds, pick, &edits)
                    };
                    let cmd = command(which, text, first_move($parse, seed));
                    check_engine($kind, seed, &cmd)?;
                }
            }
        }
    };
}

game_fuzz!(
    xiangqi,
    VariantKind::Xiangqi,
    Xiangqi::from_fen,
    XIANGQI,
    "[a-j][0-9]{1,2}[a-j][0-9]{1,2}"
);
game_fuzz!(
    tamerlane,
    VariantKind::Tamerlane,
    Tamerlane::from_fen,
    TAMERLANE,
    "[a-lz][0-9]{1,2}[a-lz][0-9]{1,2}[a-zA-Z]?"
);
game_fuzz!(
    jasir,
    VariantKind::Jasir,
    jasir,
    JASIR,
    "([a-f][0-6][a-f][0-6][a-f]?|[SsEe]@[a-f][0-6])"
);
game_fuzz!(
    jarmo,
    VariantKind::Jarmo,
    jarmo,
    JASIR,
    "([a-f][0-6][a-f][0-6][a-f]?|[SsEe]@[a-f][0-6])"
);
