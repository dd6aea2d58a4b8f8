//! SplitMix64, the one pseudo-random step of the engine: the games'
//! Zobrist keys (at compile time), the seeded generators of random
//! openings, data generation and training, and the skill levels' choice.

/// Advances `state` and returns its next 64 random bits (SplitMix64).
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A 64-bit hash of a few words (each mixed in with a SplitMix64 step).
#[inline]
pub fn hash_words(words: &[u64]) -> u64 {
    let mut hash = 0u64;
    for &word in words {
        let mut state = hash ^ word;
        hash = splitmix64(&mut state);
    }
    hash
}
