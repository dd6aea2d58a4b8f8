//! Tamerlane as XBoard sees it: a 13x10 board. Its middle 11 files are the
//! main board; the outer files hold the citadels (z9 left of a9, l2 right
//! of k2), every other square of those files is a dark (unusable) square
//! `*`. XBoard counts ranks from 0 on a 10-rank board, so the square TFEN
//! calls `a1` is `b0` on the wire, `z9` is `a8` and `l2` is `m1`. XBoard's
//! FEN has one letter per piece: every pawn is `P`.

use super::Tamerlane;
use crate::variants::xboard::{slot, XboardBoard, XboardView};

/// The pieces on XBoard images: picket as bishop, general as ferz, vizier
/// as wazir, elephant as alfil, prince as commoner, giraffe as zebra, war
/// engine as tower, adventitious king as lion.
const PIECES: &[(usize, char)] = &[
    (slot::PAWN, 'P'),
    (slot::KNIGHT, 'N'),
    (slot::BISHOP, 'T'),
    (slot::ROOK, 'R'),
    (slot::FERZ, 'F'),
    (slot::ALFIL, 'E'),
    (slot::WAZIR, 'W'),
    (slot::MAN, 'X'),
    (slot::LION, 'A'),
    (slot::ZEBRA, 'G'),
    (slot::CAMEL, 'C'),
    (slot::TOWER, 'D'),
];

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

/// The cells of a TFEN rank; a pawn written `Px` is one cell `P`.
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

impl XboardView for Tamerlane {
    fn xboard_board() -> Option<XboardBoard> {
        Some(XboardBoard {
            pieces: PIECES,
            size: "13x10+0_fairy",
        })
    }

    /// The TFEN's board with the citadel files added, its side to move and
    /// move counters.
    fn xboard_fen(native: &str) -> Option<String> {
        let fields: Vec<&str> = native.split_whitespace().collect();
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

    fn squares_to_xboard(text: &str) -> String {
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

    fn squares_from_xboard(text: &str) -> String {
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

    /// Pawns promote by themselves: a letter after a square of rank 1 or
    /// 10 (`f9f10q`) is dropped.
    fn without_promotion(text: &str) -> Option<&str> {
        let plain = text.strip_suffix(|c: char| c.is_ascii_alphabetic())?;
        let digits = plain.len() - plain.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let rank = &plain[plain.len() - digits..];
        matches!(rank, "1" | "10").then_some(plain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    #[test]
    fn setup_line() {
        let start = Tamerlane::start_position().to_fen();
        let fen = Tamerlane::xboard_fen(&start).unwrap_or_default();
        let line = Tamerlane::xboard_board()
            .map(|b| b.setup_line(&fen))
            .unwrap_or_default();
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
    fn squares_both_ways() {
        for (native, wire) in [
            ("f3f4", "g2g3"),
            ("a10z9", "b9a8"),
            ("k3l2a", "l2m1a"),
            ("a9z9x", "b8a8x"),
            ("k10a1", "l9b0"),
        ] {
            assert_eq!(Tamerlane::squares_to_xboard(native), wire);
            assert_eq!(Tamerlane::squares_from_xboard(wire), native);
        }
        // Off the board: unchanged, so the engine refuses it.
        assert_eq!(Tamerlane::squares_from_xboard("n2n3"), "n2n3");
        assert_eq!(Tamerlane::squares_from_xboard("b10b9"), "b10b9");
    }

    #[test]
    fn promotion_letters_are_dropped() {
        assert_eq!(Tamerlane::without_promotion("f9f10q"), Some("f9f10"));
        assert_eq!(Tamerlane::without_promotion("e2e1n"), Some("e2e1"));
        assert_eq!(Tamerlane::without_promotion("a9z9x"), None);
        assert_eq!(Tamerlane::without_promotion("f3f4q"), None);
        assert_eq!(Tamerlane::without_promotion("f9f10"), None);
        assert_eq!(Tamerlane::without_promotion(""), None);
    }
}
