//! The terms of the chess evaluation: material, piece-square tables,
//! mobility, pawn structure (passed, doubled, isolated, connected pawns),
//! rooks on open files, king shelter and king danger, threats, the bishop
//! pair and the tempo. Each term is a count from White's view; the weights
//! live in `weights.rs` and are fitted by `timur tune`.

use super::super::attacks::tables;
use super::super::position::Chess;
use super::super::types::{Bitboard, Kind, Square};
use crate::bitboard::Bits;
use crate::variants::terms::{Group, TermSink};
use timur_search::Color;

/// First weight of each term group, in the order of [`GROUPS`].
pub const MATERIAL: usize = 0;
/// Piece-square tables: 32 per kind, from White's side, the board's two
/// halves folded onto the a–d files (index `rank * 4 + file`, file 0..4).
pub const PST: usize = MATERIAL + 6;
/// Knight mobility by the number of squares reached (0..=8).
pub const MOBILITY_KNIGHT: usize = PST + 6 * 32;
/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// Passed pawn by relative rank (0..8).
pub const PASSED: usize = MOBILITY_QUEEN + 28;
/// Passed pawn: enemy king distance minus own king distance to the square
/// in front, per pawn.
pub const PASSED_KING_DISTANCE: usize = PASSED + 8;
/// Passed pawn whose path to promotion is empty, by relative rank.
pub const PASSED_FREE: usize = PASSED_KING_DISTANCE + 1;
/// A pawn with an own pawn in front of it on its file.
pub const DOUBLED: usize = PASSED_FREE + 8;
/// A pawn with no own pawn on either neighbouring file.
pub const ISOLATED: usize = DOUBLED + 1;
/// A pawn defended by a pawn or standing beside one, by relative rank.
pub const CONNECTED: usize = ISOLATED + 1;
/// A rook on a file without pawns.
pub const ROOK_OPEN: usize = CONNECTED + 8;
/// A rook on a file without own pawns but with enemy pawns.
pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
/// Own pawns on the three files around the king, one and two ranks ahead.
pub const KING_SHIELD: usize = ROOK_SEMI_OPEN + 1;
/// King danger by attack units on the king's zone (0..16).
pub const KING_DANGER: usize = KING_SHIELD + 2;
/// Enemy pieces (not pawns) attacked by pawns.
pub const THREAT_BY_PAWN: usize = KING_DANGER + 16;
/// Enemy rooks and queens attacked by knights and bishops.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// Enemy queens attacked by rooks.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
/// Both bishops.
pub const BISHOP_PAIR: usize = THREAT_BY_ROOK + 1;
/// The side to move.
pub const TEMPO: usize = BISHOP_PAIR + 1;
/// How many weights there are.
pub const COUNT: usize = TEMPO + 1;

/// The term groups in weight order.
pub const GROUPS: [Group; 24] = [
    group("material: pawn, knight, bishop, rook, queen, king", 6, 6),
    group("pawn squares (a-d files; e-h mirrored)", 32, 4),
    group("knight squares (a-d files; e-h mirrored)", 32, 4),
    group("bishop squares (a-d files; e-h mirrored)", 32, 4),
    group("rook squares (a-d files; e-h mirrored)", 32, 4),
    group("queen squares (a-d files; e-h mirrored)", 32, 4),
    group("king squares (a-d files; e-h mirrored)", 32, 4),
    group("knight mobility (0..=8 squares)", 9, 9),
    group("bishop mobility (0..=13)", 14, 7),
    group("rook mobility (0..=14)", 15, 8),
    group("queen mobility (0..=27)", 28, 7),
    group("passed pawn by relative rank", 8, 8),
    group("passed pawn: enemy king distance minus own", 1, 1),
    group("passed pawn with a free path, by relative rank", 8, 8),
    group("doubled pawn", 1, 1),
    group("isolated pawn", 1, 1),
    group("connected pawn by relative rank", 8, 8),
    group("rook on an open file", 1, 1),
    group("rook on a semi-open file", 1, 1),
    group("king shield: pawns one rank ahead, two ranks ahead", 2, 2),
    group("king danger by attack units", 16, 8),
    group("threats: pawn on piece", 1, 1),
    group("threats: minor on rook or queen", 1, 1),
    group("threats: rook on queen; bishop pair; tempo", 3, 3),
];

const fn group(name: &'static str, len: usize, per_line: usize) -> Group {
    Group {
        name,
        len,
        per_line,
    }
}

/// Phase weight of each kind (24 = every piece on).
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase with every piece on.
pub const PHASE_MAX: i32 = 24;

const FILE_A: Bitboard = 0x0101_0101_0101_0101;
const FILE_H: Bitboard = FILE_A << 7;

/// Attack units a piece of each kind adds per king-zone square it attacks.
const DANGER_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// The squares pawns of `color` on `pawns` attack.
#[inline]
fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

/// The files next to `file`.
#[inline]
fn neighbour_files(file: u8) -> Bitboard {
    let own = FILE_A << file;
    ((own & !FILE_A) >> 1) | ((own & !FILE_H) << 1)
}

/// Every square strictly ahead of `rank` for `color`.
#[inline]
fn ahead(color: Color, rank: u8) -> Bitboard {
    match color {
        Color::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Color::Black if rank > 0 => !0u64 >> (8 * (8 - rank)),
        _ => 0,
    }
}

/// The rank of `sq` counted from `color`'s side (0 = its back rank).
#[inline]
fn relative_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::White => sq.rank(),
        Color::Black => 7 - sq.rank(),
    }
}

/// The piece-square index of `sq` for `color`: ranks from its own side,
/// files folded onto a–d.
#[inline]
fn folded_square(color: Color, sq: Square) -> usize {
    let file = sq.file().min(7 - sq.file());
    usize::from(relative_rank(color, sq)) * 4 + usize::from(file)
}

/// Chebyshev distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let files = (i32::from(a.file()) - i32::from(b.file())).abs();
    let ranks = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    files.max(ranks)
}

impl Chess {
    /// The game phase: [`PHASE_MAX`] with every piece on, 0 with only
    /// kings and pawns.
    pub fn phase(&self) -> i32 {
        Kind::ALL
            .into_iter()
            .map(|k| PHASE[k.index()] * self.by_kind[k.index()].count() as i32)
            .sum::<i32>()
            .min(PHASE_MAX)
    }

    /// Feeds every evaluation term to `sink`, from White's view.
    pub fn eval_terms<S: TermSink>(&self, sink: &mut S) {
        for color in [Color::White, Color::Black] {
            sink.side(color);
            self.side_terms(color, sink);
        }
        sink.side(self.side);
        sink.add(TEMPO, if self.side == Color::White { 1 } else { -1 });
    }

    /// The terms of `color`'s pieces, signed for White's view.
    fn side_terms<S: TermSink>(&self, color: Color, sink: &mut S) {
        let t = tables();
        let sign = if color == Color::White { 1 } else { -1 };
        let them = color.flip();
        let occ = self.occupied();
        let ours = self.by_color[color.index()];
        let theirs = self.by_color[them.index()];
        let our_pawns = self.pieces(color, Kind::Pawn);
        let their_pawns = self.pieces(them, Kind::Pawn);
        let their_pawn_attacks = pawn_attacks(them, their_pawns);
        let mobility_area = !ours & !their_pawn_attacks;
        let their_king = self.king_square(them);
        let their_zone = t.king(their_king) | their_king.bit();
        let mut danger = 0;

        for kind in Kind::ALL {
            let pieces = self.pieces(color, kind);
            let count = pieces.count() as i32;
            if count == 0 {
                continue;
            }
            sink.add(MATERIAL + kind.index(), sign * count);
            for s in pieces.squares() {
                let sq = Square::from_index(s);
                sink.add(PST + kind.index() * 32 + folded_square(color, sq), sign);
                let attacks = match kind {
                    Kind::Pawn | Kind::King => continue,
                    Kind::Knight => t.knight(sq),
                    Kind::Bishop => t.bishop(sq, occ),
                    Kind::Rook => t.rook(sq, occ),
                    Kind::Queen => t.rook(sq, occ) | t.bishop(sq, occ),
                };
                let reach = (attacks & mobility_area).count() as usize;
                let mobility = match kind {
                    Kind::Knight => MOBILITY_KNIGHT,
                    Kind::Bishop => MOBILITY_BISHOP,
                    Kind::Rook => MOBILITY_ROOK,
                    _ => MOBILITY_QUEEN,
                };
                sink.add(mobility + reach, sign);
                danger += DANGER_UNITS[kind.index()] * (attacks & their_zone).count() as i32;
                let targets = match kind {
                    Kind::Knight | Kind::Bishop => {
                        theirs
                            & (self.by_kind[Kind::Rook.index()] | self.by_kind[Kind::Queen.index()])
                    }
                    Kind::Rook => theirs & self.by_kind[Kind::Queen.index()],
                    _ => 0,
                };
                if targets != 0 {
                    let term = if kind == Kind::Rook {
                        THREAT_BY_ROOK
                    } else {
                        THREAT_BY_MINOR
                    };
                    sink.add(term, sign * (attacks & targets).count() as i32);
                }
                if kind == Kind::Rook {
                    let file = FILE_A << sq.file();
                    if file & our_pawns == 0 {
                        let open = if file & their_pawns == 0 {
                            ROOK_OPEN
                        } else {
                            ROOK_SEMI_OPEN
                        };
                        sink.add(open, sign);
                    }
                }
            }
        }
        if count_at_least_two(self.pieces(color, Kind::Bishop)) {
            sink.add(BISHOP_PAIR, sign);
        }
        sink.add(KING_DANGER + (danger / 2).min(15) as usize, sign);

        let our_pawn_attacks = pawn_attacks(color, our_pawns);
        let threatened = (our_pawn_attacks & theirs & !their_pawns).count() as i32;
        if threatened != 0 {
            sink.add(THREAT_BY_PAWN, sign * threatened);
        }
        self.pawn_terms(color, sign, our_pawn_attacks, sink);
        self.shield_terms(color, sign, sink);
    }

    /// Passed, doubled, isolated and connected pawns of `color`.
    fn pawn_terms<S: TermSink>(
        &self,
        color: Color,
        sign: i32,
        our_pawn_attacks: Bitboard,
        sink: &mut S,
    ) {
        let them = color.flip();
        let our_pawns = self.pieces(color, Kind::Pawn);
        let their_pawns = self.pieces(them, Kind::Pawn);
        let occ = self.occupied();
        let our_king = self.king_square(color);
        let their_king = self.king_square(them);
        let beside = ((our_pawns & !FILE_A) >> 1) | ((our_pawns & !FILE_H) << 1);
        for s in our_pawns.squares() {
            let sq = Square::from_index(s);
            let file = FILE_A << sq.file();
            let front = ahead(color, sq.rank());
            let rank = relative_rank(color, sq);
            if front & file & our_pawns != 0 {
                sink.add(DOUBLED, sign);
            }
            if neighbour_files(sq.file()) & our_pawns == 0 {
                sink.add(ISOLATED, sign);
            }
            if (our_pawn_attacks | beside) & sq.bit() != 0 {
                sink.add(CONNECTED + rank as usize, sign);
            }
            let span = front & (file | neighbour_files(sq.file()));
            if span & their_pawns == 0 {
                sink.add(PASSED + rank as usize, sign);
                let step = if color == Color::White { 8 } else { -8i32 };
                let stop = Square::from_index((s as i32 + step) as u32);
                sink.add(
                    PASSED_KING_DISTANCE,
                    sign * (distance(their_king, stop) - distance(our_king, stop)),
                );
                if front & file & occ == 0 {
                    sink.add(PASSED_FREE + rank as usize, sign);
                }
            }
        }
    }

    /// Own pawns in front of `color`'s king.
    fn shield_terms<S: TermSink>(&self, color: Color, sign: i32, sink: &mut S) {
        let king = self.king_square(color);
        let files = (FILE_A << king.file()) | neighbour_files(king.file());
        let pawns = self.pieces(color, Kind::Pawn) & files;
        let rank = king.rank();
        let (one, two) = match color {
            Color::White if rank < 6 => (0xFFu64 << (8 * (rank + 1)), 0xFFu64 << (8 * (rank + 2))),
            Color::White if rank < 7 => (0xFFu64 << (8 * (rank + 1)), 0),
            Color::Black if rank > 1 => (0xFFu64 << (8 * (rank - 1)), 0xFFu64 << (8 * (rank - 2))),
            Color::Black if rank > 0 => (0xFFu64 << (8 * (rank - 1)), 0),
            _ => (0, 0),
        };
        let near = (pawns & one).count() as i32;
        let far = (pawns & two).count() as i32;
        if near != 0 {
            sink.add(KING_SHIELD, sign * near);
        }
        if far != 0 {
            sink.add(KING_SHIELD + 1, sign * far);
        }
    }
}

/// Whether `set` has two or more squares.
#[inline]
fn count_at_least_two(set: Bitboard) -> bool {
    set & set.wrapping_sub(1) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::terms::Group;

    #[test]
    fn the_groups_cover_every_weight() {
        let total: usize = GROUPS.iter().map(|g: &Group| g.len).sum();
        assert_eq!(total, COUNT);
    }

    #[test]
    fn masks() {
        assert_eq!(neighbour_files(0), FILE_A << 1);
        assert_eq!(neighbour_files(7), FILE_A << 6);
        assert_eq!(ahead(Color::White, 6), 0xFFu64 << 56);
        assert_eq!(ahead(Color::Black, 1), 0xFF);
        assert_eq!(ahead(Color::White, 7), 0);
        assert_eq!(pawn_attacks(Color::White, 1 << 8), 1 << 17);
    }
}
