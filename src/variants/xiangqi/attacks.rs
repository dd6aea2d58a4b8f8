//! Attack tables of xiangqi, computed at compile time (`const`).
//!
//! - Chariot and cannon: lookups by the occupancy of one rank (9 bits) or one
//!   file (10 bits), as Fairy-Stockfish splits them; a file result is a rank
//!   mask that [`SPREAD`] turns into a file-`a` bitboard, shifted to the file.
//! - Horse: targets grouped by the leg point that blocks them, and the reverse
//!   table [`HORSE_CHECKS`]: which horse squares attack a point, grouped by
//!   the (diagonal) leg point next to it.
//! - Elephant: targets with their eye points; never across the river.
//! - General and advisor: steps inside the palaces; soldier: forward, and
//!   sideways after the river, with the reverse table [`PAWN_ATTACKERS`].

use super::board::{bit, in_palace, Bitboard, FILES, RANKS, SQUARES};
use timur_search::Color;

/// Attacks along a line of `n` points from point `p` with occupancy `occ`
/// (bit `p` ignored). A chariot gets every point up to and including the
/// first piece; a cannon (`cannon`) gets only the first piece after a screen.
const fn line_attacks(n: usize, p: usize, occ: usize, cannon: bool) -> u16 {
    let mut result = 0u16;
    let mut dir = 0;
    while dir < 2 {
        let mut screened = false;
        let mut i = p as isize;
        loop {
            i += if dir == 0 { 1 } else { -1 };
            if i < 0 || i >= n as isize {
                break;
            }
            let occupied = occ & (1 << i) != 0;
            if cannon {
                if occupied {
                    if screened {
                        result |= 1 << i;
                        break;
                    }
                    screened = true;
                }
            } else {
                result |= 1 << i;
                if occupied {
                    break;
                }
            }
        }
        dir += 1;
    }
    result
}

const fn rank_table(cannon: bool) -> [[u16; 512]; FILES] {
    let mut table = [[0u16; 512]; FILES];
    let mut p = 0;
    while p < FILES {
        let mut occ = 0;
        while occ < 512 {
            table[p][occ] = line_attacks(FILES, p, occ, cannon);
            occ += 1;
        }
        p += 1;
    }
    table
}

const fn file_table(cannon: bool) -> [[u16; 1024]; RANKS] {
    let mut table = [[0u16; 1024]; RANKS];
    let mut p = 0;
    while p < RANKS {
        let mut occ = 0;
        while occ < 1024 {
            table[p][occ] = line_attacks(RANKS, p, occ, cannon);
            occ += 1;
        }
        p += 1;
    }
    table
}

/// Chariot attacks along a rank: `[file][rank occupancy]` → file mask.
pub static ROOK_RANK: [[u16; 512]; FILES] = rank_table(false);
/// Cannon captures along a rank: `[file][rank occupancy]` → file mask.
pub static CANNON_RANK: [[u16; 512]; FILES] = rank_table(true);
/// Chariot attacks along a file: `[rank][file occupancy]` → rank mask.
pub static ROOK_FILE: [[u16; 1024]; RANKS] = file_table(false);
/// Cannon captures along a file: `[rank][file occupancy]` → rank mask.
pub static CANNON_FILE: [[u16; 1024]; RANKS] = file_table(true);

const fn spread_table() -> [Bitboard; 1024] {
    let mut table = [0u128; 1024];
    let mut mask = 0;
    while mask < 1024 {
        let mut r = 0;
        while r < RANKS {
            if mask & (1 << r) != 0 {
                table[mask] |= 1u128 << (r * FILES);
            }
            r += 1;
        }
        mask += 1;
    }
    table
}

/// A rank mask (10 bits) as a bitboard on file `a`.
pub static SPREAD: [Bitboard; 1024] = spread_table();

/// The occupancy of rank `rank` (9 bits) of bitboard `occ`.
#[inline(always)]
pub fn rank_occupancy(occ: Bitboard, rank: usize) -> usize {
    (occ >> (rank * FILES)) as usize & 0x1FF
}

/// Chariot attacks from `sq` given the whole occupancy `occ` and the
/// occupancy `file_occ` (10-bit rank mask) of `sq`'s file.
#[inline(always)]
pub fn rook_attacks(sq: usize, occ: Bitboard, file_occ: u16) -> Bitboard {
    let (file, rank) = (sq % FILES, sq / FILES);
    let along_rank = (ROOK_RANK[file][rank_occupancy(occ, rank)] as u128) << (rank * FILES);
    let along_file = SPREAD[ROOK_FILE[rank][file_occ as usize] as usize] << file;
    along_rank | along_file
}

/// Cannon captures (any colour: mask with the enemy) from `sq`.
#[inline(always)]
pub fn cannon_captures(sq: usize, occ: Bitboard, file_occ: u16) -> Bitboard {
    let (file, rank) = (sq % FILES, sq / FILES);
    let along_rank = (CANNON_RANK[file][rank_occupancy(occ, rank)] as u128) << (rank * FILES);
    let along_file = SPREAD[CANNON_FILE[rank][file_occ as usize] as usize] << file;
    along_rank | along_file
}

/// Targets of a lame leaper (horse or elephant) from one square, grouped by
/// the point that blocks them. Unused slots have `targets == 0`.
#[derive(Clone, Copy, Debug)]
pub struct Blocked {
    /// The blocking points (leg or eye).
    pub blocker: [u8; 4],
    /// The targets each blocking point governs.
    pub targets: [Bitboard; 4],
}

impl Blocked {
    const NONE: Blocked = Blocked {
        blocker: [0; 4],
        targets: [0; 4],
    };

    /// The union of the targets whose blocking point is empty in `occ`.
    #[inline(always)]
    pub fn attacks(&self, occ: Bitboard) -> Bitboard {
        let mut result = 0;
        let mut i = 0;
        while i < 4 {
            if occ & bit(self.blocker[i] as usize) == 0 {
                result |= self.targets[i];
            }
            i += 1;
        }
        result
    }
}

/// The square at `(file + df, rank + dr)` from `sq`, if on the board.
const fn offset(sq: usize, df: isize, dr: isize) -> Option<usize> {
    let file = (sq % FILES) as isize + df;
    let rank = (sq / FILES) as isize + dr;
    if file < 0 || file >= FILES as isize || rank < 0 || rank >= RANKS as isize {
        None
    } else {
        Some(rank as usize * FILES + file as usize)
    }
}

const ORTHOGONAL: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn horse_table() -> [Blocked; SQUARES] {
    let mut table = [Blocked::NONE; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHOGONAL[d];
            if let Some(leg) = offset(sq, df, dr) {
                table[sq].blocker[d] = leg as u8;
                // Outward diagonal: the orthogonal step again plus one sideways.
                let (sf, sr) = (dr, df);
                if let Some(t) = offset(sq, 2 * df + sf, 2 * dr + sr) {
                    table[sq].targets[d] |= bit(t);
                }
                if let Some(t) = offset(sq, 2 * df - sf, 2 * dr - sr) {
                    table[sq].targets[d] |= bit(t);
                }
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

const fn horse_check_table() -> [Blocked; SQUARES] {
    let mut table = [Blocked::NONE; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONAL[d];
            if let Some(leg) = offset(sq, df, dr) {
                table[sq].blocker[d] = leg as u8;
                if let Some(h) = offset(sq, 2 * df, dr) {
                    table[sq].targets[d] |= bit(h);
                }
                if let Some(h) = offset(sq, df, 2 * dr) {
                    table[sq].targets[d] |= bit(h);
                }
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

const fn elephant_table() -> [Blocked; SQUARES] {
    let mut table = [Blocked::NONE; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONAL[d];
            if let (Some(eye), Some(t)) = (offset(sq, df, dr), offset(sq, 2 * df, 2 * dr)) {
                // The river lies between ranks 4 and 5: stay on the same half.
                if (t / FILES <= 4) == (sq / FILES <= 4) {
                    table[sq].blocker[d] = eye as u8;
                    table[sq].targets[d] = bit(t);
                }
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// Horse targets by leg: `HORSE[sq].attacks(occ)`.
pub static HORSE: [Blocked; SQUARES] = horse_table();
/// Horses attacking a square, by leg: `HORSE_CHECKS[sq].attacks(occ)` is the
/// set of squares from which a horse attacks `sq`.
pub static HORSE_CHECKS: [Blocked; SQUARES] = horse_check_table();
/// Elephant targets by eye: `ELEPHANT[sq].attacks(occ)`.
pub static ELEPHANT: [Blocked; SQUARES] = elephant_table();

const fn palace_steps(directions: [(isize, isize); 4]) -> [Bitboard; SQUARES] {
    let mut table = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let color = if sq < 45 { Color::White } else { Color::Black };
        if in_palace(color, sq) {
            let mut d = 0;
            while d < 4 {
                let (df, dr) = directions[d];
                if let Some(t) = offset(sq, df, dr) {
                    if in_palace(color, t) {
                        table[sq] |= bit(t);
                    }
                }
                d += 1;
            }
        }
        sq += 1;
    }
    table
}

/// General steps inside its palace.
pub static GENERAL: [Bitboard; SQUARES] = palace_steps(ORTHOGONAL);
/// Advisor steps inside its palace.
pub static ADVISOR: [Bitboard; SQUARES] = palace_steps(DIAGONAL);

const fn pawn_table() -> [[Bitboard; SQUARES]; 2] {
    let mut table = [[0u128; SQUARES]; 2];
    let mut sq = 0;
    while sq < SQUARES {
        let rank = sq / FILES;
        if let Some(t) = offset(sq, 0, 1) {
            table[0][sq] |= bit(t);
        }
        if let Some(t) = offset(sq, 0, -1) {
            table[1][sq] |= bit(t);
        }
        let mut side = 0;
        while side < 2 {
            let crossed = if side == 0 { rank >= 5 } else { rank <= 4 };
            if crossed {
                if let Some(t) = offset(sq, 1, 0) {
                    table[side][sq] |= bit(t);
                }
                if let Some(t) = offset(sq, -1, 0) {
                    table[side][sq] |= bit(t);
                }
            }
            side += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_attacker_table(moves: &[[Bitboard; SQUARES]; 2]) -> [[Bitboard; SQUARES]; 2] {
    let mut table = [[0u128; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let mut from = 0;
        while from < SQUARES {
            let mut to = 0;
            while to < SQUARES {
                if moves[side][from] & bit(to) != 0 {
                    table[side][to] |= bit(from);
                }
                to += 1;
            }
            from += 1;
        }
        side += 1;
    }
    table
}

const PAWN_TABLE: [[Bitboard; SQUARES]; 2] = pawn_table();
/// Soldier steps: `[color][square]`.
pub static PAWN: [[Bitboard; SQUARES]; 2] = PAWN_TABLE;
/// Squares from which a soldier of `color` attacks a square:
/// `[color][square]`.
pub static PAWN_ATTACKERS: [[Bitboard; SQUARES]; 2] = pawn_attacker_table(&PAWN_TABLE);

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        (b[1] - b'0') as usize * FILES + (b[0] - b'a') as usize
    }

    fn set(names: &[&str]) -> Bitboard {
        names.iter().fold(0, |acc, n| acc | bit(sq(n)))
    }

    #[test]
    fn line_tables() {
        // Chariot on e (file 4), pieces on c, f and i: attacks c, d, f.
        let occ = 0b1_0010_0100 | 1 << 4;
        assert_eq!(ROOK_RANK[4][occ], 0b10_1100);
        // Cannon on e: screen f, target i; screen c, nothing behind it.
        assert_eq!(CANNON_RANK[4][occ], 1 << 8);
        // Cannon on a: screen on c, target on e.
        assert_eq!(CANNON_RANK[0][occ | 1], 1 << 4);
    }

    #[test]
    fn leapers() {
        // Horse on b0 with an empty board: a2, c2, d1.
        assert_eq!(HORSE[sq("b0")].attacks(0), set(&["a2", "c2", "d1"]));
        // Leg b1 blocked: only d1.
        assert_eq!(HORSE[sq("b0")].attacks(set(&["b1"])), set(&["d1"]));
        // Elephant on c4 cannot cross the river.
        assert_eq!(ELEPHANT[sq("c4")].attacks(0), set(&["a2", "e2"]));
        assert_eq!(ELEPHANT[sq("c4")].attacks(set(&["d3"])), set(&["a2"]));
        assert_eq!(GENERAL[sq("e0")], set(&["d0", "f0", "e1"]));
        assert_eq!(ADVISOR[sq("e1")], set(&["d0", "f0", "d2", "f2"]));
        assert_eq!(ADVISOR[sq("d0")], set(&["e1"]));
        assert_eq!(PAWN[0][sq("c3")], set(&["c4"]));
        assert_eq!(PAWN[0][sq("c5")], set(&["c6", "b5", "d5"]));
        assert_eq!(PAWN[1][sq("c5")], set(&["c4"]));
        assert_eq!(PAWN[0][sq("c9")], set(&["b9", "d9"]));
        // Horses that attack e1 when the leg d2 is blocked: c2 and d3 cannot.
        let attackers = HORSE_CHECKS[sq("e1")].attacks(set(&["d2"]));
        for h in [sq("g2"), sq("g0"), sq("c0")] {
            assert!(attackers & bit(h) != 0, "{h}");
        }
        assert!(attackers & bit(sq("c2")) == 0 && attackers & bit(sq("d3")) == 0);
        for (from, horse) in HORSE.iter().enumerate() {
            for (to, checks) in HORSE_CHECKS.iter().enumerate() {
                let forward = horse.attacks(0) & bit(to) != 0;
                let reverse = checks.attacks(0) & bit(from) != 0;
                assert_eq!(forward, reverse, "{from} {to}");
            }
        }
    }
}
