//! Mating material: whether a side could still mate by some series of
//! legal moves, helped by its opponent (FIDE Laws 6.9: a flag fall is a
//! draw when the other side could not). Counted by material, as lichess
//! does: a lone king never mates; a single knight mates only when the
//! opponent has a piece to block its own king (anything but queens);
//! bishops all on one colour mate only when the opponent has a knight, a
//! pawn or a bishop of the other colour; anything more can mate.

use super::position::Chess;
use super::types::{Bitboard, Kind};
use crate::bitboard::Bits;
use timur_search::Color;

/// The dark squares (a1, c1, …, b2, …).
const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;

impl Chess {
    /// Whether `side` has the material to mate at all.
    pub fn can_mate(&self, side: Color) -> bool {
        let own = |kind| self.pieces(side, kind);
        let theirs = |kind| self.pieces(side.flip(), kind);
        if own(Kind::Pawn) | own(Kind::Rook) | own(Kind::Queen) != 0 {
            return true;
        }
        let (knights, bishops) = (own(Kind::Knight), own(Kind::Bishop));
        match (knights, bishops) {
            (0, 0) => false,
            (0, _) => {
                let one_colour = bishops & DARK == 0 || bishops & !DARK == 0;
                let other_colour = if bishops & DARK != 0 { !DARK } else { DARK };
                !one_colour
                    || theirs(Kind::Knight) | theirs(Kind::Pawn) != 0
                    || theirs(Kind::Bishop) & other_colour != 0
            }
            (_, 0) if knights.count() == 1 => {
                theirs(Kind::Pawn)
                    | theirs(Kind::Knight)
                    | theirs(Kind::Bishop)
                    | theirs(Kind::Rook)
                    != 0
            }
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::chess::Chess;
    use crate::variants::Variant;
    use timur_search::Color;

    fn can_mate(fen: &str, side: Color) -> bool {
        Chess::from_fen(fen).unwrap().can_mate(side)
    }

    #[test]
    fn material_that_mates_and_material_that_cannot() {
        use Color::{Black, White};
        let cases = [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", White, false),
            ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", White, true),
            ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Black, false),
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White, true),
            ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", White, true),
            // A lone minor piece against a bare king, or a knight against
            // a queen: no mate, even a helped one.
            ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", White, false),
            ("4k3/8/8/8/8/8/8/3BK3 w - - 0 1", White, false),
            ("3qk3/8/8/8/8/8/8/3NK3 w - - 0 1", White, false),
            // The opponent's own pieces can block its king in.
            ("3rk3/8/8/8/8/8/8/3NK3 w - - 0 1", White, true),
            ("4k3/4p3/8/8/8/8/8/3BK3 w - - 0 1", White, true),
            ("3nk3/8/8/8/8/8/8/3BK3 w - - 0 1", White, true),
            ("3rk3/8/8/8/8/8/8/3BK3 w - - 0 1", White, false),
            // Bishops of one colour (d1 and e2 are light) or of both.
            // c8 and d1 are light, d8 is dark.
            ("2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", White, false),
            ("3bk3/8/8/8/8/8/8/3BK3 w - - 0 1", White, true),
            ("4k3/8/8/8/8/8/4B3/3BK3 w - - 0 1", White, false),
            ("4k3/8/8/8/8/8/8/2BBK3 w - - 0 1", White, true),
            ("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", White, true),
            ("4k3/8/8/8/8/8/8/2NBK3 w - - 0 1", White, true),
        ];
        for (fen, side, expected) in cases {
            assert_eq!(can_mate(fen, side), expected, "{fen} {side:?}");
        }
    }
}
