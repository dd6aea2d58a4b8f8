//! How XBoard shows the games it does not know. Tamerlane, Jasir and Jarmo
//! are engine-defined variants (XBoard 4.8 and later): after `variant V`
//! the engine sends `setup (PIECETOCHAR) WxH+0_fairy FEN`, which gives the
//! GUI the board size, the piece images and the start position.
//!
//! - Tamerlane: a 13x10 board. Its middle 11 files are the main board; the
//!   outer files hold the citadels (z9 left of a9, l2 right of k2), every
//!   other square of those files is a dark (unusable) square `*`. XBoard
//!   counts ranks from 0 on a 10-rank board, so the square TFEN calls `a1`
//!   is `b0` on the wire, `z9` is `a8` and `l2` is `m1`.
//! - Jasir and Jarmo: the 25 holes as a 5x5 board with the usual names;
//!   XBoard draws no segments and has no hands (`S@c1` re-entries).
//!
//! XBoard's FEN has one letter per piece: every Tamerlane pawn is `P`, and
//! Jasir's hands and shuttle are not written. A `setboard` in that form is
//! therefore only understood when it shows a position the engine already
//! knows (the start position or the current one); otherwise the game's own
//! position text (TFEN, JFEN) is needed.

use crate::engine::{AnyGame, VariantKind};
use crate::variants::Variant;
use crate::with_game;

/// XBoard piece slots (XBoard's `ChessSquare` order) and the letter each
/// game puts there; the king's slot comes last in the table.
const PAWN: usize = 0;
const KNIGHT: usize = 1;
const BISHOP: usize = 2;
const ROOK: usize = 3;
const QUEEN: usize = 4;
const FERZ: usize = 5;
const ALFIL: usize = 6;
const WAZIR: usize = 9;
const MAN: usize = 10;
const LION: usize = 21;
const ZEBRA: usize = 23;
const CAMEL: usize = 24;
const TOWER: usize = 25;

/// Tamerlane's pieces on XBoard images: picket as bishop, general as ferz,
/// vizier as wazir, elephant as alfil, prince as commoner, giraffe as
/// zebra, war engine as tower, adventitious king as lion.
const TAMERLANE_PIECES: &[(usize, char)] = &[
    (PAWN, 'P'),
    (KNIGHT, 'N'),
    (BISHOP, 'T'),
    (ROOK, 'R'),
    (FERZ, 'F'),
    (ALFIL, 'E'),
    (WAZIR, 'W'),
    (MAN, 'X'),
    (LION, 'A'),
    (ZEBRA, 'G'),
    (CAMEL, 'C'),
    (TOWER, 'D'),
];

/// Jasir's archers: simple as pawns, elite as queens.
const JASIR_PIECES: &[(usize, char)] = &[(PAWN, 'S'), (QUEEN, 'E')];

/// The `setup` line announcing `kind` to XBoard, or `None` for the games
/// XBoard knows itself.
pub fn setup_line(kind: VariantKind) -> Option<String> {
    let (pieces, size) = match kind {
        VariantKind::Tamerlane => (TAMERLANE_PIECES, "13x10+0_fairy"),
        VariantKind::Jasir | VariantKind::Jarmo => (JASIR_PIECES, "5x5+0_fairy"),
        _ => return None,
    };
    let fen = xboard_fen(kind, &start_fen(kind))?;
    Some(format!("setup ({}) {size} {fen}", piece_table(pieces)))
}

/// XBoard's `PIECETOCHAR` table: White's slots up to the last used one
/// (`.` for unused), the king, then the same in lower case for Black.
fn piece_table(pieces: &[(usize, char)]) -> String {
    let slots = pieces.iter().map(|&(slot, _)| slot + 1).max().unwrap_or(1);
    let mut white = vec!['.'; slots];
    for &(slot, letter) in pieces {
        white[slot] = letter;
    }
    white.push('K');
    let black: String = white.iter().map(char::to_ascii_lowercase).collect();
    white.into_iter().collect::<String>() + &black
}

/// The position text of `kind`'s start position.
fn start_fen(kind: VariantKind) -> String {
    with_game!(&AnyGame::start(kind), state => state.position().to_fen())
}

/// A square of an XBoard FEN board.
#[derive(Clone, Copy)]
enum Cell {
    Empty,
    Dark,
    Piece(char),
}

/// One FEN rank from its cells: runs of empty squares as numbers.
fn rank_text(cells: &[Cell]) -> String {
    let mut out = String::new();
    let mut run = 0;
    for cell in cells {
        match cell {
            Cell::Empty => run += 1,
            Cell::Dark | Cell::Piece(_) => {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(match cell {
                    Cell::Piece(c) => *c,
                    _ => '*',
                });
            }
        }
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
    out
}

/// The cells of a FEN-like rank; a pawn written `Px` (Tamerlane) is one
/// cell `P`.
fn cells_of(rank: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut chars = rank.chars().peekable();
    let mut run = 0usize;
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            run = run * 10 + d as usize;
            if !chars.peek().is_some_and(char::is_ascii_digit) {
                cells.extend(std::iter::repeat_n(Cell::Empty, run.min(64)));
                run = 0;
            }
            continue;
        }
        if c.eq_ignore_ascii_case(&'P') && chars.peek().is_some_and(char::is_ascii_alphabetic) {
            chars.next();
        }
        cells.push(Cell::Piece(c));
    }
    cells
}

/// The XBoard FEN of a position given in the game's own text, or `None`
/// for the games whose text XBoard reads as it is (or a text that is not
/// a position of `kind`).
pub fn xboard_fen(kind: VariantKind, native: &str) -> Option<String> {
    let fields: Vec<&str> = native.split_whitespace().collect();
    match kind {
        VariantKind::Tamerlane => {
            let [board, side, citadels, _, _, half, full] = fields[..] else {
                return None;
            };
            let mut citadel = citadels.chars().map(|c| match c {
                '-' => Cell::Empty,
                c => Cell::Piece(c),
            });
            let (l2, z9) = (citadel.next()?, citadel.next()?);
            let ranks: Vec<String> = board
                .split('/')
                .enumerate()
                .map(|(i, rank)| {
                    let number = 10 - i;
                    let mut cells = vec![if number == 9 { z9 } else { Cell::Dark }];
                    cells.extend(cells_of(rank));
                    cells.push(if number == 2 { l2 } else { Cell::Dark });
                    rank_text(&cells)
                })
                .collect();
            Some(format!("{} {side} - - {half} {full}", ranks.join("/")))
        }
        VariantKind::Jasir | VariantKind::Jarmo => {
            let (board, side) = (fields.first()?, fields.get(1)?);
            let half = fields.get(4).unwrap_or(&"0");
            let full = fields.get(5).unwrap_or(&"1");
            Some(format!("{board} {side} - - {half} {full}"))
        }
        _ => None,
    }
}

/// The native position text among `known` whose XBoard FEN shows the same
/// board and side to move as `given`, an XBoard FEN.
pub fn recognise(kind: VariantKind, given: &str, known: &[String]) -> Option<String> {
    let wanted = board_and_side(given);
    known
        .iter()
        .find(|native| xboard_fen(kind, native).is_some_and(|fen| board_and_side(&fen) == wanted))
        .cloned()
}

/// The first two fields of a FEN: the board and the side to move.
fn board_and_side(fen: &str) -> Vec<&str> {
    fen.split_whitespace().take(2).collect()
}

/// The native position texts a `setboard` in XBoard's form may show: the
/// current position and the start position.
pub fn known_positions(kind: VariantKind, game: &AnyGame) -> Vec<String> {
    let current = with_game!(game, state => state.position().to_fen());
    vec![current, start_fen(kind)]
}

/// Rewrites every square (`[a-z][0-9]+`) of `text` with `map`; `None` if
/// `map` refuses one.
fn map_squares(text: &str, map: impl Fn(char, u32) -> Option<(char, u32)>) -> Option<String> {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_lowercase() || !chars.peek().is_some_and(char::is_ascii_digit) {
            out.push(c);
            continue;
        }
        let mut rank = 0u32;
        while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
            rank = rank.saturating_mul(10).saturating_add(d);
            chars.next();
        }
        let (file, rank) = map(c, rank)?;
        out.push(file);
        out.push_str(&rank.to_string());
    }
    Some(out)
}

/// The text XBoard expects for the engine's move `text` in `kind`
/// (Tamerlane's squares moved onto the 13x10 board; other games as they
/// are).
pub fn to_wire(kind: VariantKind, text: &str) -> String {
    if kind != VariantKind::Tamerlane {
        return text.to_owned();
    }
    let square = |file: char, rank: u32| {
        let file = match file {
            'z' => 'a',
            'a'..='k' => char::from(file as u8 + 1),
            'l' => 'm',
            _ => return None,
        };
        Some((file, rank.checked_sub(1)?))
    };
    map_squares(text, square).unwrap_or_else(|| text.to_owned())
}

/// The engine's move text for a move XBoard sent in `kind`; a text with a
/// square off the board comes back as it is (and is refused as illegal).
pub fn from_wire(kind: VariantKind, text: &str) -> String {
    if kind != VariantKind::Tamerlane {
        return text.to_owned();
    }
    let square = |file: char, rank: u32| {
        let file = match file {
            'a' => 'z',
            'b'..='l' => char::from(file as u8 - 1),
            'm' => 'l',
            _ => return None,
        };
        (rank <= 9).then_some((file, rank + 1))
    };
    map_squares(text, square).unwrap_or_else(|| text.to_owned())
}

/// A Tamerlane move XBoard sent with a promotion piece (`f9f10q`: XBoard
/// asks the user for one when a pawn reaches the last rank) without it:
/// Tamerlane pawns promote by themselves. `None` for other games and
/// unless the text ends in a letter after a square of rank 1 or 10.
pub fn without_promotion(kind: VariantKind, text: &str) -> Option<&str> {
    let plain = text.strip_suffix(|c: char| c.is_ascii_alphabetic())?;
    let digits = plain.len() - plain.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let rank = &plain[plain.len() - digits..];
    (kind == VariantKind::Tamerlane && matches!(rank, "1" | "10")).then_some(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_lines() {
        assert_eq!(setup_line(VariantKind::Chess), None);
        assert_eq!(setup_line(VariantKind::Xiangqi), None);
        assert_eq!(
            setup_line(VariantKind::Jasir).as_deref(),
            Some("setup (S...EKs...ek) 5x5+0_fairy sssss/5/5/5/SSSSS w - - 0 1")
        );
        let line = setup_line(VariantKind::Tamerlane).unwrap_or_default();
        assert_eq!(
            line,
            "setup (PNTR.FE..WX..........A.GCDKpntr.fe..wx..........a.gcdk) 13x10+0_fairy \
             *e1c1d1d1c1e*/1rntgwkfgtnr*/*ppppppppppp*/*11*/*11*/*11*/*11*/*PPPPPPPPPPP*/\
             *RNTGFKWGTNR1/*E1C1D1D1C1E* w - - 0 1"
        );
        // The table has XBoard's even length, at least 12.
        let table = line.split(['(', ')']).nth(1).unwrap_or_default();
        assert!(
            table.len().is_multiple_of(2) && table.len() >= 12,
            "{table}"
        );
    }

    #[test]
    fn tamerlane_squares_both_ways() {
        let t = VariantKind::Tamerlane;
        for (native, wire) in [
            ("f3f4", "g2g3"),
            ("a10z9", "b9a8"),
            ("k3l2a", "l2m1a"),
            ("a9z9x", "b8a8x"),
            ("k10a1", "l9b0"),
        ] {
            assert_eq!(to_wire(t, native), wire);
            assert_eq!(from_wire(t, wire), native);
        }
        // Off the board: unchanged, so the engine refuses it.
        assert_eq!(from_wire(t, "n2n3"), "n2n3");
        assert_eq!(from_wire(t, "b10b9"), "b10b9");
        assert_eq!(to_wire(VariantKind::Xiangqi, "h2e2"), "h2e2");
        assert_eq!(from_wire(VariantKind::Jasir, "S@c1"), "S@c1");
    }

    #[test]
    fn promotion_letters_are_dropped_in_tamerlane_only() {
        let t = VariantKind::Tamerlane;
        assert_eq!(without_promotion(t, "f9f10q"), Some("f9f10"));
        assert_eq!(without_promotion(t, "e2e1n"), Some("e2e1"));
        assert_eq!(without_promotion(t, "a9z9x"), None);
        assert_eq!(without_promotion(t, "f3f4q"), None);
        assert_eq!(without_promotion(t, "f9f10"), None);
        assert_eq!(without_promotion(t, ""), None);
        assert_eq!(without_promotion(VariantKind::Chess, "e7e8q"), None);
    }

    #[test]
    fn xboard_fens_are_recognised() {
        let t = VariantKind::Tamerlane;
        let game = AnyGame::start(t);
        let known = known_positions(t, &game);
        let xfen = xboard_fen(t, &known[0]).unwrap_or_default();
        assert_eq!(recognise(t, &xfen, &known), Some(known[0].clone()));
        assert_eq!(recognise(t, "11/11 w - - 0 1", &known), None);
        let j = VariantKind::Jarmo;
        let known = known_positions(j, &AnyGame::start(j));
        assert_eq!(
            recognise(j, "sssss/5/5/5/SSSSS w KQkq - 0 1", &known),
            Some(known[1].clone())
        );
        assert_eq!(recognise(j, "sssss/5/5/5/SSSSS b - - 0 1", &known), None);
    }
}
