//! Small games with known values, implemented only to test the search.

pub mod graph;
pub mod hashgame;
pub mod nim;
pub mod tictactoe;

/// SplitMix64: keys and pseudo-random structure for the toys.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
