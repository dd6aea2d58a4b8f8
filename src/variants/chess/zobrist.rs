//! Zobrist keys for chess positions, from a fixed seed.

use crate::rng::splitmix64;
use once_cell::sync::Lazy;

/// The random keys of every position feature.
pub struct Keys {
    /// Piece (0..12) on square.
    pub piece: [[u64; 64]; 12],
    /// Black to move.
    pub side: u64,
    /// Castling-rights mask (4 bits).
    pub castling: [u64; 16],
    /// En-passant file.
    pub en_passant: [u64; 8],
}

static KEYS: Lazy<Keys> = Lazy::new(|| {
    let mut state = 0x1234_5678_9ABC_DEF1u64;
    let mut next = || splitmix64(&mut state);
    let mut piece = [[0; 64]; 12];
    for row in piece.iter_mut() {
        for key in row.iter_mut() {
            *key = next();
        }
    }
    let side = next();
    let mut castling = [0; 16];
    let single: [u64; 4] = [next(), next(), next(), next()];
    for (mask, key) in castling.iter_mut().enumerate() {
        *key = (0..4)
            .filter(|b| mask & (1 << b) != 0)
            .fold(0, |k, b| k ^ single[b]);
    }
    let mut en_passant = [0; 8];
    for key in en_passant.iter_mut() {
        *key = next();
    }
    Keys {
        piece,
        side,
        castling,
        en_passant,
    }
});

/// The keys (built on first use).
#[inline]
pub fn keys() -> &'static Keys {
    &KEYS
}
