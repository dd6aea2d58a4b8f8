//! Lichess's evaluation command in PGN comments, `[%eval 0.35]` in pawns or
//! `[%eval #-2]` for a forced end, always from White's side: `timur match`
//! and `timur gui` write it with [`pawns`] and [`mate`].

/// `[%eval 0.35]` for `cp` centipawns from White's side.
pub fn pawns(cp: i32) -> String {
    format!("[%eval {:.2}]", f64::from(cp) / 100.0)
}

/// `[%eval #3]` for a forced end in `moves` moves, negative when Black wins.
pub fn mate(moves: i32) -> String {
    format!("[%eval #{moves}]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_are_written_from_whites_side() {
        assert_eq!(pawns(35), "[%eval 0.35]");
        assert_eq!(pawns(-120), "[%eval -1.20]");
        assert_eq!(mate(3), "[%eval #3]");
        assert_eq!(mate(-2), "[%eval #-2]");
    }
}
