//! Zobrist keys: archers by side, kind and hole; hand sizes; the side to
//! move; Jarmo's shuttle history. Generated at compile time by splitmix64.

use super::board::HOLES;
use crate::rng::splitmix64;

/// Most archers in a hand, plus one.
pub const HAND_SLOTS: usize = 6;

/// All key tables.
pub struct Keys {
    /// `[side][kind][hole]`.
    pub archer: [[[u64; HOLES]; 2]; 2],
    /// `[side][archers in hand]`.
    pub hand: [[u64; HAND_SLOTS]; 2],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
    /// `[side][from][to][reversals]` of a side's last move (no key for "-").
    pub shuttle: [[[[u64; 3]; HOLES]; HOLES]; 2],
    /// XORed in for Jarmo positions, so the two games never share keys.
    pub jarmo: u64,
}

const fn build() -> Keys {
    let mut s = 0x4A41_5349_525F_4A41u64;
    let mut k = Keys {
        archer: [[[0; HOLES]; 2]; 2],
        hand: [[0; HAND_SLOTS]; 2],
        black_to_move: 0,
        shuttle: [[[[0; 3]; HOLES]; HOLES]; 2],
        jarmo: 0,
    };
    let mut side = 0;
    while side < 2 {
        let mut kind = 0;
        while kind < 2 {
            let mut h = 0;
            while h < HOLES {
                k.archer[side][kind][h] = splitmix64(&mut s);
                h += 1;
            }
            kind += 1;
        }
        // an empty hand has key 0, so the start position's hands add nothing
        let mut n = 1;
        while n < HAND_SLOTS {
            k.hand[side][n] = splitmix64(&mut s);
            n += 1;
        }
        let mut from = 0;
        while from < HOLES {
            let mut to = 0;
            while to < HOLES {
                let mut c = 0;
                while c < 3 {
                    k.shuttle[side][from][to][c] = splitmix64(&mut s);
                    c += 1;
                }
                to += 1;
            }
            from += 1;
        }
        side += 1;
    }
    k.black_to_move = splitmix64(&mut s);
    k.jarmo = splitmix64(&mut s);
    k
}

/// The key tables.
pub static KEYS: Keys = build();
