//! Attack tables, built once: leapers, pawn captures, magic-bitboard sliders,
//! and the `between`/`line` masks used for pins and checks.
//!
//! Magic numbers are found at start-up by a seeded search (a few
//! milliseconds), so no table is committed and the result is reproducible.

use super::types::{Bitboard, Square};
use once_cell::sync::Lazy;
use timur_search::Color;

/// One slider square's magic: `table[offset + ((occ & mask) * magic) >> shift]`.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Every attack table of the 8×8 board.
pub struct Tables {
    knight: [Bitboard; 64],
    king: [Bitboard; 64],
    pawn: [[Bitboard; 64]; 2],
    rook_magics: [Magic; 64],
    bishop_magics: [Magic; 64],
    slider_table: Vec<Bitboard>,
    between: Vec<Bitboard>,
    line: Vec<Bitboard>,
}

static TABLES: Lazy<Tables> = Lazy::new(Tables::build);

/// The attack tables (built on first use).
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn offset_square(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

fn leaper(sq: usize, steps: &[(i8, i8)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&(df, dr)| offset_square(sq, df, dr))
        .fold(0, |bb, s| bb | 1 << s)
}

fn slide(sq: usize, occ: Bitboard, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset_square(cur, df, dr) {
            attacks |= 1 << next;
            if occ & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The relevant-occupancy mask: the rays without their last square.
fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset_square(cur, df, dr) {
            if offset_square(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
            cur = next;
        }
    }
    mask
}

/// xorshift64*, seeded: the magic search is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Finds a magic for `sq` and appends its attack table to `table`.
fn find_magic(sq: usize, dirs: &[(i8, i8); 4], rng: &mut Rng, table: &mut Vec<Bitboard>) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let mut occupancies = Vec::with_capacity(size);
    let mut attacks = Vec::with_capacity(size);
    // Carry-Rippler enumeration of every subset of the mask.
    let mut subset: Bitboard = 0;
    loop {
        occupancies.push(subset);
        attacks.push(slide(sq, subset, dirs));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    let offset = table.len();
    table.resize(offset + size, 0);
    let mut used = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for (occ, &att) in occupancies.iter().zip(&attacks) {
            let index = (occ.wrapping_mul(magic) >> shift) as usize;
            if used[index] != attempt {
                used[index] = attempt;
                table[offset + index] = att;
            } else if table[offset + index] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return Magic {
                mask,
                magic,
                shift,
                offset,
            };
        }
    }
}

impl Tables {
    fn build() -> Tables {
        const KNIGHT: [(i8, i8); 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        const KING: [(i8, i8); 8] = [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ];
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in 0..64 {
            knight[sq] = leaper(sq, &KNIGHT);
            king[sq] = leaper(sq, &KING);
            pawn[Color::White.index()][sq] = leaper(sq, &[(-1, 1), (1, 1)]);
            pawn[Color::Black.index()][sq] = leaper(sq, &[(-1, -1), (1, -1)]);
        }
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut slider_table = Vec::with_capacity(107_648);
        let mut rook_magics = [Magic::default(); 64];
        let mut bishop_magics = [Magic::default(); 64];
        for sq in 0..64 {
            rook_magics[sq] = find_magic(sq, &ROOK_DIRS, &mut rng, &mut slider_table);
            bishop_magics[sq] = find_magic(sq, &BISHOP_DIRS, &mut rng, &mut slider_table);
        }
        let mut between = vec![0; 64 * 64];
        let mut line = vec![0; 64 * 64];
        for a in 0..64 {
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                let empty_rays = slide(a, 0, dirs);
                for b in 0..64 {
                    if a == b || empty_rays & (1 << b) == 0 {
                        continue;
                    }
                    let from_b = slide(b, 0, dirs);
                    line[a * 64 + b] = (empty_rays & from_b) | (1 << a) | (1 << b);
                    between[a * 64 + b] = slide(a, 1 << b, dirs) & slide(b, 1 << a, dirs);
                }
            }
        }
        Tables {
            knight,
            king,
            pawn,
            rook_magics,
            bishop_magics,
            slider_table,
            between,
            line,
        }
    }

    /// Knight attacks from `sq`.
    #[inline]
    pub fn knight(&self, sq: Square) -> Bitboard {
        self.knight[sq.index()]
    }

    /// King attacks from `sq`.
    #[inline]
    pub fn king(&self, sq: Square) -> Bitboard {
        self.king[sq.index()]
    }

    /// Squares a pawn of `color` on `sq` attacks.
    #[inline]
    pub fn pawn(&self, color: Color, sq: Square) -> Bitboard {
        self.pawn[color.index()][sq.index()]
    }

    #[inline]
    fn magic_lookup(&self, magic: &Magic, occ: Bitboard) -> Bitboard {
        let index = ((occ & magic.mask).wrapping_mul(magic.magic) >> magic.shift) as usize;
        // The index is below 2^(64 - shift) = the table slice's length by construction.
        self.slider_table[magic.offset + index]
    }

    /// Rook attacks from `sq` through `occ`.
    #[inline]
    pub fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.magic_lookup(&self.rook_magics[sq.index()], occ)
    }

    /// Bishop attacks from `sq` through `occ`.
    #[inline]
    pub fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.magic_lookup(&self.bishop_magics[sq.index()], occ)
    }

    /// Squares strictly between `a` and `b` on a shared line (empty if none).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.index() * 64 + b.index()]
    }

    /// The whole line through `a` and `b` (empty if they share none).
    #[inline]
    pub fn line(&self, a: Square, b: Square) -> Bitboard {
        self.line[a.index() * 64 + b.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn magics_agree_with_plain_sliding() {
        let t = tables();
        let mut rng = Rng(12345);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for s in 0..64u8 {
                let square = Square::new(s).unwrap();
                assert_eq!(t.rook(square, occ), slide(s as usize, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(square, occ), slide(s as usize, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn between_and_line() {
        let t = tables();
        assert_eq!(
            t.between(sq("a1"), sq("d4")),
            sq("b2").bit() | sq("c3").bit()
        );
        assert_eq!(t.between(sq("a1"), sq("b3")), 0);
        assert_eq!(t.line(sq("a1"), sq("b3")), 0);
        assert_eq!(t.line(sq("e1"), sq("e4")).count_ones(), 8);
        assert_eq!(t.knight(sq("a1")), sq("b3").bit() | sq("c2").bit());
    }
}
