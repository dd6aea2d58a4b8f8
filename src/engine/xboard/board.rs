//! How XBoard shows the games, by each game's [`XboardView`]: games XBoard
//! does not know are engine-defined variants (XBoard 4.8 and later): after
//! `variant V` the engine sends `setup (PIECETOCHAR) WxH+0_fairy FEN`,
//! which gives the GUI the board size, the piece images and the start
//! position; moves and positions are translated both ways.
//!
//! XBoard's FEN of such a game may leave out what XBoard cannot show (a
//! piece kind's second letter, hands). A `setboard` in that form is
//! therefore only understood when it shows a position the engine already
//! knows (the start position or the current one); otherwise the game's own
//! position text is needed.

use crate::engine::{AnyGame, GameState, VariantKind};
use crate::variants::xboard::XboardView;
use crate::variants::{Notation, Variant};
use crate::with_game;

/// The `setup` line announcing `kind` to XBoard, or `None` for the games
/// XBoard knows itself.
pub fn setup_line(kind: VariantKind) -> Option<String> {
    with_game!(&AnyGame::start(kind), state => setup_of(state))
}

fn setup_of<G: XboardView>(start: &GameState<G>) -> Option<String> {
    let board = G::xboard_board()?;
    let fen = G::xboard_fen(&start.position().to_fen())?;
    Some(board.setup_line(&fen))
}

/// The native position text among `known` whose XBoard FEN (in the game
/// of `game`) shows the same board and side to move as `given`.
pub fn recognise(game: &AnyGame, given: &str, known: &[String]) -> Option<String> {
    with_game!(game, state => recognise_in(state, given, known))
}

fn recognise_in<G: XboardView>(_: &GameState<G>, given: &str, known: &[String]) -> Option<String> {
    let wanted = board_and_side(given);
    known
        .iter()
        .find(|native| G::xboard_fen(native).is_some_and(|fen| board_and_side(&fen) == wanted))
        .cloned()
}

/// The first two fields of a FEN: the board and the side to move.
fn board_and_side(fen: &str) -> Vec<&str> {
    fen.split_whitespace().take(2).collect()
}

/// The native position texts a `setboard` in XBoard's form may show: the
/// current position and the start position of `kind`.
pub fn known_positions(kind: VariantKind, game: &AnyGame) -> Vec<String> {
    let current = with_game!(game, state => state.position().to_fen());
    let start = with_game!(&AnyGame::start(kind), state => state.position().to_fen());
    vec![current, start]
}

/// The engine's move text for a move XBoard sent in the current position
/// of `game` (squares and castling translated).
pub fn from_wire(game: &AnyGame, text: &str, notation: Notation) -> String {
    with_game!(game, state => from_wire_in(state, text, notation))
}

fn from_wire_in<G: XboardView>(state: &GameState<G>, text: &str, notation: Notation) -> String {
    let squares = G::squares_from_xboard(text);
    state
        .position()
        .castling_from_xboard(&squares, notation)
        .unwrap_or(squares)
}

/// The text XBoard expects for the engine's move `text` in the current
/// position of `game`.
pub fn to_wire(game: &AnyGame, text: &str, notation: Notation) -> String {
    with_game!(game, state => to_wire_in(state, text, notation))
}

fn to_wire_in<G: XboardView>(state: &GameState<G>, text: &str, notation: Notation) -> String {
    match state.position().castling_to_xboard(text, notation) {
        Some(castle) => G::squares_to_xboard(castle),
        None => G::squares_to_xboard(text),
    }
}

/// The square translation of `game`'s moves to XBoard, for lines of moves
/// written away from the game (principal variations).
pub fn squares_to_wire(game: &AnyGame) -> fn(&str) -> String {
    with_game!(game, state => squares_to_wire_in(state))
}

fn squares_to_wire_in<G: XboardView>(_: &GameState<G>) -> fn(&str) -> String {
    G::squares_to_xboard
}

/// A move XBoard sent with a promotion letter the game of `game` does not
/// take, without it.
pub fn without_promotion<'a>(game: &AnyGame, text: &'a str) -> Option<&'a str> {
    with_game!(game, state => without_promotion_in(state, text))
}

fn without_promotion_in<'a, G: XboardView>(_: &GameState<G>, text: &'a str) -> Option<&'a str> {
    G::without_promotion(text)
}
