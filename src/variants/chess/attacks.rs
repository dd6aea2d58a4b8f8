//! Attack tables, built once: leapers, pawn captures, magic-bitboard sliders,
//! and the `between`/`line` masks used for pins and checks.
//!
//! The magic numbers are committed (`ROOK_MAGICS`, `BISHOP_MAGICS`): searching
//! for them at every start-up took 2.6 G instructions, a quarter of a second
//! before the engine could answer `uci`. Only the numbers are committed; the
//! tables they index are filled when first used (a few million instructions).

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

/// A magic for each rook square (a1 = 0 … h8 = 63), found once by a search for
/// sparse random numbers (the AND of three xorshift64* draws, seeded
/// 0x9E37_79B9_7F4A_7C15, rook then bishop for each square in turn) that map
/// every occupancy of the square's mask to a slot without a conflict.
#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x1080_0040_0880_1020, 0x0840_0920_02C0_3000, 0x1900_2000_1040_0900, 0x0880_1000_0800_0480,
    0x4200_1004_2008_0200, 0x8100_0201_0008_0400, 0x0200_0401_1088_6200, 0x0200_0080_4022_0411,
    0x0404_8000_8440_0220, 0x0000_4010_0040_2000, 0x0086_0010_8122_0440, 0x0408_8008_0010_0280,
    0x000A_0012_0104_0820, 0x8848_8002_0084_0080, 0x4001_0001_0004_0200, 0x0442_0001_0210_5084,
    0x9080_0100_2080_4100, 0x0040_4040_0020_1009, 0x0000_8080_1000_2009, 0x2200_0900_21D0_0100,
    0x0008_0080_0804_0080, 0x0004_0040_0201_0040, 0x0011_0400_0801_5042, 0x0000_0A00_0176_8104,
    0x0000_8000_8020_4009, 0x2010_0041_4000_2001, 0x9800_2002_8010_0080, 0x1000_1000_8008_0080,
    0x0050_5005_0008_0100, 0x0000_0200_8004_0080, 0x0C10_0104_0042_0810, 0x1040_0082_0000_5104,
    0x0180_8240_0880_04A0, 0x0882_8040_0480_2000, 0x0880_4020_0100_1100, 0x2000_2104_0900_1000,
    0x2000_4801_3100_1500, 0x0000_8004_0080_0200, 0x0000_0238_0C00_1003, 0x4600_0848_8200_0431,
    0x0080_0020_0050_4000, 0x0300_5000_2000_4002, 0x0040_4082_0022_0011, 0x0010_0400_0800_4040,
    0x0000_0800_0400_8080, 0x0010_0400_0200_8080, 0x2012_0048_8102_0004, 0x8300_8424_4482_0011,
    0x0088_4038_8201_0200, 0x0820_4000_8021_0100, 0x0110_9100_40A0_0300, 0x0801_1002_8008_0480,
    0x0242_0090_0820_0600, 0x1002_0004_8950_0200, 0x0040_8002_0001_0080, 0x0091_8000_4100_0080,
    0x0000_2093_0048_8001, 0x04C1_0024_1482_4001, 0x0200_2000_0B00_1041, 0x7000_1000_0420_0901,
    0x8002_0020_0410_0802, 0x3001_0002_084C_0007, 0x0888_2218_0081_3004, 0x4000_0028_4084_0112,
];

/// A magic for each bishop square, found by the same search as `ROOK_MAGICS`.
#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x20C0_0909_0106_1081, 0x0024_0400_9403_0104, 0x8210_8102_0029_0200, 0x0011_0404_8462_0000,
    0x0081_1040_0222_1000, 0x0009_0120_1100_1350, 0x0081_0108_0240_0380, 0x0000_4202_1001_0408,
    0x0008_1050_0228_0050, 0x0001_0284_8404_0044, 0x2A00_8808_1040_8804, 0x7020_0222_8200_0100,
    0x0084_0404_2010_0A50, 0x0004_0101_0840_E000, 0x2020_0202_1042_0888, 0x0008_0842_0201_2010,
    0x2010_4008_1001_8800, 0x0445_1220_0802_0840, 0x0804_1008_0800_2008, 0x0008_0021_0411_0100,
    0x0061_0058_2008_0800, 0x2001_0002_0082_0100, 0x480C_2100_8401_0800, 0x3004_4425_0048_0420,
    0x1010_1022_4004_8100, 0x0018_2009_0842_20A3, 0x8803_090A_1000_4205, 0x0208_0800_4020_2020,
    0x000C_0440_8401_0040, 0x00A1_0100_0200_4106, 0x6008_2100_2064_0202, 0x1600_9021_1286_0801,
    0x0004_2008_C122_0200, 0x010C_0420_0244_0140, 0x5022_0802_0004_0820, 0x0402_0040_4294_0100,
    0x0860_1084_0000_8020, 0x000C_0800_2202_1000, 0x0264_0806_5282_2100, 0x4005_0312_2101_0401,
    0x0004_5024_1000_8400, 0x0005_00B0_10A2_0400, 0x0415_0940_5008_0800, 0x0800_0020_1800_A104,
    0x4022_A803_0400_0110, 0x4012_1408_0202_8020, 0x4020_0104_0101_00A0, 0x1281_0806_008B_0C41,
    0x0020_4410_0808_0000, 0x2002_1200_8404_5420, 0x0704_0200_6208_0002, 0x0000_0010_8404_0001,
    0x0322_2008_9124_0200, 0xF040_2002_1002_4800, 0x0140_8248_3200_8042, 0x0002_1002_0A00_4602,
    0x0083_0428_0514_1020, 0x002C_1200_9A01_1000, 0x0041_A000_4414_0400, 0x0000_4004_020A_0202,
    0x0000_1400_1002_0210, 0x2864_1608_1101_2200, 0x2060_0808_4108_2A17, 0xA010_0411_0800_3100,
];

/// Every subset of `mask`, the empty one first (Carry-Rippler enumeration).
fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let mut next: Option<Bitboard> = Some(0);
    std::iter::from_fn(move || {
        let subset = next?;
        let following = subset.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(subset)
    })
}

/// Appends the attack table of the slider moving along `dirs` from `sq`,
/// indexed by `magic`, to `table`, and returns the square's lookup entry.
fn magic_entry(sq: usize, dirs: &[(i8, i8); 4], magic: u64, table: &mut Vec<Bitboard>) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let offset = table.len();
    table.resize(offset + (1 << bits), 0);
    for subset in subsets(mask) {
        let index = offset + (subset.wrapping_mul(magic) >> shift) as usize;
        let attacks = slide(sq, subset, dirs);
        // A slider always attacks some square, so 0 marks a slot not yet
        // filled; two occupancies may share a slot only with equal attacks.
        debug_assert!(table[index] == 0 || table[index] == attacks);
        table[index] = attacks;
    }
    Magic {
        mask,
        magic,
        shift,
        offset,
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
        let mut slider_table = Vec::with_capacity(107_648);
        let mut rook_magics = [Magic::default(); 64];
        let mut bishop_magics = [Magic::default(); 64];
        for sq in 0..64 {
            rook_magics[sq] = magic_entry(sq, &ROOK_DIRS, ROOK_MAGICS[sq], &mut slider_table);
            bishop_magics[sq] = magic_entry(sq, &BISHOP_DIRS, BISHOP_MAGICS[sq], &mut slider_table);
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
    use crate::rng::Rng;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn subsets_lists_every_subset_of_a_mask_once() {
        for mask in [
            0,
            1 << 9,
            relevant_mask(0, &ROOK_DIRS),
            relevant_mask(27, &BISHOP_DIRS),
        ] {
            let mut all: Vec<Bitboard> = subsets(mask).collect();
            assert!(all.iter().all(|&subset| subset & !mask == 0));
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), 1 << mask.count_ones());
        }
    }

    #[test]
    fn every_committed_magic_maps_each_occupancy_of_its_mask_to_its_attacks() {
        type Lookup = fn(&Tables, Square, Bitboard) -> Bitboard;
        let sliders: [(&[(i8, i8); 4], Lookup); 2] =
            [(&ROOK_DIRS, Tables::rook), (&BISHOP_DIRS, Tables::bishop)];
        let t = tables();
        for s in 0..64u8 {
            let square = Square::new(s).unwrap();
            for (dirs, lookup) in sliders {
                for subset in subsets(relevant_mask(s as usize, dirs)) {
                    let expected = slide(s as usize, subset, dirs);
                    assert_eq!(lookup(t, square, subset), expected, "{s} {subset:#x}");
                }
            }
        }
    }

    #[test]
    fn magics_agree_with_plain_sliding() {
        let t = tables();
        let mut rng = Rng::new(12345);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
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
