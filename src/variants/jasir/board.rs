//! The 25 holes of the Jasir board as bits of a `u32`, the archers' kinds,
//! and the rule set (Jasir or Jarmo).
//!
//! Hole index = `rank * 5 + file`, with file `a`..`e` = 0..4 and rank `1`..`5`
//! = 0..4, so `a1` is bit 0 and `e5` is bit 24.

use timur_search::Color;

/// Which of the two games is played on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The East-Polish Jasir: forward and sideways moves, drops from the hand.
    Jasir,
    /// The Jarmo variant: no b3-c3 segment, backward moves, shuttle limit,
    /// re-entry only on an elite's arrival, points scoring with draws.
    Jarmo,
}

impl Rules {
    /// The protocol name of the game: `jasir` or `jarmo`.
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Jasir => "jasir",
            Rules::Jarmo => "jarmo",
        }
    }

    /// 0 for Jasir, 1 for Jarmo: an index into per-game tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Number of holes.
pub const HOLES: usize = 25;

/// Every hole.
pub const FULL: u32 = (1 << HOLES) - 1;

/// The holes of rank `1` (White's own base, Black's enemy base).
pub const RANK_1: u32 = 0b11111;

/// The holes of rank `5` (Black's own base, White's enemy base).
pub const RANK_5: u32 = RANK_1 << 20;

/// Most archers a side owns (on the board and in hand together).
pub const MAX_ARCHERS: u32 = 5;

/// The bit of a hole.
#[inline]
pub const fn bit(hole: u32) -> u32 {
    1 << hole
}

/// The hole at `file` (0..5) and `rank` (0..5).
#[inline]
pub const fn hole(file: u32, rank: u32) -> u32 {
    rank * 5 + file
}

/// The file (0..5) of a hole.
#[inline]
pub const fn file_of(hole: u32) -> u32 {
    hole % 5
}

/// The rank (0..5) of a hole.
#[inline]
pub const fn rank_of(hole: u32) -> u32 {
    hole / 5
}

/// The row a side starts on: its own base.
#[inline]
pub const fn own_base(side: Color) -> u32 {
    match side {
        Color::White => RANK_1,
        Color::Black => RANK_5,
    }
}

/// The row a side races to: its enemy base (the other side's own base).
#[inline]
pub const fn enemy_base(side: Color) -> u32 {
    own_base(side.flip())
}

/// The name of a hole, e.g. `c3`.
pub fn hole_name(hole: u32) -> String {
    let file = (b'a' + file_of(hole) as u8) as char;
    let rank = (b'1' + rank_of(hole) as u8) as char;
    format!("{file}{rank}")
}

/// Reads a hole name such as `c3`; `None` if it is not one.
pub fn parse_hole(text: &str) -> Option<u32> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].wrapping_sub(b'a');
    let rank = bytes[1].wrapping_sub(b'1');
    (file < 5 && rank < 5).then(|| hole(u32::from(file), u32::from(rank)))
}

/// The two kinds of archer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A simple archer (`S`/`s`).
    Simple,
    /// An elite archer (`E`/`e`): it has made a capture.
    Elite,
}

impl Kind {
    /// 0 for simple, 1 for elite.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for h in 0..HOLES as u32 {
            assert_eq!(parse_hole(&hole_name(h)), Some(h));
        }
        assert_eq!(hole_name(0), "a1");
        assert_eq!(hole_name(24), "e5");
        assert_eq!(parse_hole("f1"), None);
        assert_eq!(parse_hole("a6"), None);
        assert_eq!(parse_hole("a"), None);
    }
}
