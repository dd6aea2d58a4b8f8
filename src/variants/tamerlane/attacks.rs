//! Attack tables (built at compile time) and sliding attacks on the 11×10
//! board: rook rays, the picket (a bishop that must travel two squares) and
//! the giraffe (a diagonal step, then at least three squares straight on).
//!
//! Bitboards are `u128`: bits 0..110 are the main squares, bit 110 is `l2`
//! and bit 111 is `z9`. Rays and leaper tables hold main squares only; only
//! [`KING_ADJ`] links the citadels to their three neighbours.

use super::types::{FILES, L2, MAIN_SQUARES, RANKS, SQUARES, Z9};

/// All 110 main squares.
pub const MAIN: u128 = (1u128 << MAIN_SQUARES) - 1;

/// The set holding only `sq`.
#[inline]
pub const fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// Ranks 2..9: where a relocated pawn of pawns may land.
pub const MIDDLE_RANKS: u128 = MAIN & !RANK_MASK[0] & !RANK_MASK[RANKS - 1];

/// Files b..j: the squares from which a pawn attacks two squares.
pub const INNER_FILES: u128 = MAIN & !FILE_A & !FILE_K;

const FILE_A: u128 = file_mask(0);
const FILE_K: u128 = file_mask(FILES - 1);

const fn file_mask(f: usize) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < RANKS {
        m |= 1u128 << (r * FILES + f);
        r += 1;
    }
    m
}

/// The squares of each rank (index 0 = rank 1).
pub const RANK_MASK: [u128; RANKS] = {
    let mut t = [0u128; RANKS];
    let mut r = 0;
    while r < RANKS {
        t[r] = ((1u128 << FILES) - 1) << (r * FILES);
        r += 1;
    }
    t
};

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < FILES as i32 && r >= 0 && r < RANKS as i32
}

/// The main square on file `f`, rank `r` (both on the board).
const fn square_at(f: i32, r: i32) -> usize {
    (r * FILES as i32 + f) as usize
}

const fn leaper(offsets: &[(i32, i32)]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < MAIN_SQUARES {
        let f = (sq % FILES) as i32;
        let r = (sq / FILES) as i32;
        let mut i = 0;
        while i < offsets.len() {
            let (df, dr) = offsets[i];
            if on_board(f + df, r + dr) {
                t[sq] |= 1u128 << square_at(f + df, r + dr);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// Knight (1,2) targets.
pub static KNIGHT: [u128; SQUARES] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// General (ferz) targets: one diagonal step.
pub static FERZ: [u128; SQUARES] = leaper(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
/// Vizier (wazir) targets: one orthogonal step.
pub static WAZIR: [u128; SQUARES] = leaper(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
/// Elephant (2,2) targets.
pub static ELEPHANT: [u128; SQUARES] = leaper(&[(2, 2), (2, -2), (-2, 2), (-2, -2)]);
/// Camel (1,3) targets.
pub static CAMEL: [u128; SQUARES] = leaper(&[
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
]);
/// War engine (2,0) targets.
pub static DABBABA: [u128; SQUARES] = leaper(&[(2, 0), (-2, 0), (0, 2), (0, -2)]);

/// One royal step from each square, citadels included: k1, k2, k3 touch
/// `l2`; a8, a9, a10 touch `z9`.
pub static KING_ADJ: [u128; SQUARES] = {
    let mut t = leaper(&[
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ]);
    // k1..k3 and a8..a10
    let l2_adj: [usize; 3] = [FILES - 1, 2 * FILES - 1, 3 * FILES - 1];
    let z9_adj: [usize; 3] = [7 * FILES, 8 * FILES, 9 * FILES];
    let mut i = 0;
    while i < 3 {
        t[l2_adj[i]] |= 1u128 << L2;
        t[L2 as usize] |= 1u128 << l2_adj[i];
        t[z9_adj[i]] |= 1u128 << Z9;
        t[Z9 as usize] |= 1u128 << z9_adj[i];
        i += 1;
    }
    t
};

/// The squares a pawn of each colour attacks (index 0 White, 1 Black).
pub static PAWN_ATT: [[u128; SQUARES]; 2] =
    [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])];

/// Ray directions as (file, rank) steps: the first four increase the square
/// index, the last four decrease it.
pub const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (1, -1),
    (-1, -1),
];

/// Index into [`DIRS`] of a (file, rank) step.
const fn dir_index(df: i32, dr: i32) -> usize {
    let mut i = 0;
    while i < 8 {
        if DIRS[i].0 == df && DIRS[i].1 == dr {
            return i;
        }
        i += 1;
    }
    0
}

/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the edge in direction d.
pub static RAYS: [[u128; SQUARES]; 8] = {
    let mut t = [[0u128; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < MAIN_SQUARES {
            let mut f = (sq % FILES) as i32 + DIRS[d].0;
            let mut r = (sq / FILES) as i32 + DIRS[d].1;
            while on_board(f, r) {
                t[d][sq] |= 1u128 << square_at(f, r);
                f += DIRS[d].0;
                r += DIRS[d].1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
};

/// `NEAR2[d][sq]`: the first two squares of `RAYS[d][sq]`.
static NEAR2: [[u128; SQUARES]; 8] = {
    let mut t = [[0u128; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < MAIN_SQUARES {
            let f = (sq % FILES) as i32;
            let r = (sq / FILES) as i32;
            let mut k = 1;
            while k <= 2 {
                let (nf, nr) = (f + k * DIRS[d].0, r + k * DIRS[d].1);
                if on_board(nf, nr) {
                    t[d][sq] |= 1u128 << square_at(nf, nr);
                }
                k += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
};

/// For each square and each diagonal (NE, NW, SE, SW): the corner square
/// of a giraffe move (255 if off the board) and the two straight directions
/// leading outward from it.
static GIRAFFE_LEGS: [[(u8, u8, u8); 4]; SQUARES] = {
    let diags: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let mut t = [[(255u8, 0u8, 0u8); 4]; SQUARES];
    let mut sq = 0;
    while sq < MAIN_SQUARES {
        let f = (sq % FILES) as i32;
        let r = (sq / FILES) as i32;
        let mut i = 0;
        while i < 4 {
            let (df, dr) = diags[i];
            if on_board(f + df, r + dr) {
                t[sq][i] = (
                    square_at(f + df, r + dr) as u8,
                    dir_index(df, 0) as u8,
                    dir_index(0, dr) as u8,
                );
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// `BETWEEN[a][b]`: the squares strictly between two main squares on one
/// rank, file or diagonal (empty otherwise).
pub static BETWEEN: [[u128; SQUARES]; SQUARES] = {
    let mut t = [[0u128; SQUARES]; SQUARES];
    let mut a = 0;
    while a < MAIN_SQUARES {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let mut f = (a % FILES) as i32 + df;
            let mut r = (a / FILES) as i32 + dr;
            let mut path = 0u128;
            while on_board(f, r) {
                let b = square_at(f, r);
                t[a][b] = path;
                path |= 1u128 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// `GIRAFFE_PATH[g][r]`: for a giraffe on `g` that reaches `r` on an empty
/// board, the squares that must be empty (the corner and the squares after
/// it); 0 if it never reaches `r`. The route, when there is one, is unique.
pub static GIRAFFE_PATH: [[u128; SQUARES]; SQUARES] = {
    let mut t = [[0u128; SQUARES]; SQUARES];
    let diags: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let mut g = 0;
    while g < MAIN_SQUARES {
        let gf = (g % FILES) as i32;
        let gr = (g / FILES) as i32;
        let mut i = 0;
        while i < 4 {
            let (df, dr) = diags[i];
            let (cf, cr) = (gf + df, gr + dr);
            if on_board(cf, cr) {
                let axes: [(i32, i32); 2] = [(df, 0), (0, dr)];
                let mut a = 0;
                while a < 2 {
                    let mut path = 1u128 << square_at(cf, cr);
                    let mut k = 1;
                    while on_board(cf + k * axes[a].0, cr + k * axes[a].1) {
                        let s = square_at(cf + k * axes[a].0, cr + k * axes[a].1);
                        if k >= 3 {
                            t[g][s] = path;
                        }
                        path |= 1u128 << s;
                        k += 1;
                    }
                    a += 1;
                }
            }
            i += 1;
        }
        g += 1;
    }
    t
};

/// Squares from which a rook attacks each square on an empty board.
pub static ROOK_LINES: [u128; SQUARES] = {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < MAIN_SQUARES {
        t[sq] = RAYS[0][sq] | RAYS[1][sq] | RAYS[4][sq] | RAYS[5][sq];
        sq += 1;
    }
    t
};

/// Squares from which a picket attacks each square on an empty board.
pub static PICKET_LINES: [u128; SQUARES] = {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < MAIN_SQUARES {
        t[sq] = (RAYS[2][sq] | RAYS[3][sq] | RAYS[6][sq] | RAYS[7][sq]) & !FERZ[sq];
        sq += 1;
    }
    t
};

/// Every main square one royal step from a square of `set` (main squares
/// only; the citadels are left to [`KING_ADJ`]).
#[inline]
pub fn king_steps(set: u128) -> u128 {
    let set = set & MAIN;
    let row = set | ((set & !FILE_K) << 1) | ((set & !FILE_A) >> 1);
    (row | (row << FILES) | (row >> FILES)) & MAIN
}

/// The squares a slider in direction `d` from `sq` reaches, the first
/// occupied one included.
#[inline]
pub fn ray(d: usize, sq: u8, occ: u128) -> u128 {
    let r = RAYS[d][sq as usize];
    let blockers = r & occ;
    if blockers == 0 {
        r
    } else if d < 4 {
        r ^ RAYS[d][blockers.trailing_zeros() as usize]
    } else {
        r ^ RAYS[d][127 - blockers.leading_zeros() as usize]
    }
}

/// Rook attacks from a main square.
#[inline]
pub fn rook(sq: u8, occ: u128) -> u128 {
    ray(0, sq, occ) | ray(1, sq, occ) | ray(4, sq, occ) | ray(5, sq, occ)
}

/// Picket attacks: bishop lines whose first square is empty, from distance
/// two on.
#[inline]
pub fn picket(sq: u8, occ: u128) -> u128 {
    (ray(2, sq, occ) | ray(3, sq, occ) | ray(6, sq, occ) | ray(7, sq, occ)) & !FERZ[sq as usize]
}

/// Giraffe attacks: an empty diagonal corner, then outward along either
/// axis, the two squares after the corner empty, landing from the third on.
#[inline]
pub fn giraffe(sq: u8, occ: u128) -> u128 {
    let mut out = 0;
    for &(corner, h, v) in &GIRAFFE_LEGS[sq as usize] {
        if corner == 255 || occ & bit(corner) != 0 {
            continue;
        }
        let (h, v) = (h as usize, v as usize);
        out |= ray(h, corner, occ) & !NEAR2[h][corner as usize];
        out |= ray(v, corner, occ) & !NEAR2[v][corner as usize];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn giraffe_from_a1_on_empty_board_has_13_targets() {
        assert_eq!(giraffe(0, bit(0)).count_ones(), 13);
        assert_eq!(giraffe(109, bit(109)).count_ones(), 13);
    }

    #[test]
    fn picket_needs_an_empty_first_square() {
        // picket on d4 (36), piece on e5 (48): nothing north-east.
        let occ = bit(36) | bit(48);
        assert_eq!(picket(36, occ) & RAYS[2][36], 0);
        assert_ne!(picket(36, bit(36)) & RAYS[2][36], 0);
    }

    #[test]
    fn giraffe_paths_agree_with_giraffe_attacks() {
        for g in 0..110u8 {
            let reach = giraffe(g, bit(g));
            for r in 0..110u8 {
                assert_eq!(
                    GIRAFFE_PATH[g as usize][r as usize] != 0,
                    reach & bit(r) != 0
                );
            }
        }
    }

    #[test]
    fn citadels_touch_three_squares() {
        assert_eq!(KING_ADJ[L2 as usize].count_ones(), 3);
        assert_eq!(KING_ADJ[Z9 as usize].count_ones(), 3);
        assert_eq!(KING_ADJ[21] & bit(L2), bit(L2));
    }
}
