//! Stagnation: the longer neither side has captured or moved a pawn, the
//! less a lead counts. Tamerlane has no fifty-move rule (rules page), so a
//! side ahead that only shuffles is never stopped by one; fading its score
//! makes the moves that change the position for good (a capture, a pawn
//! step) worth playing, as Stockfish's fifty-move scaling does in chess.
//! An engine habit in the search's evaluation, never a rule.

/// Plies without a capture or pawn move before the score starts to fade.
const PATIENCE: u32 = 40;
/// Plies over which it fades from the whole score to [`FLOOR`].
const FADE: i32 = 160;
/// The share (of [`FADE`]) that stays however long the stagnation: the
/// side ahead still prefers its position to a draw.
const FLOOR: i32 = 20;

/// `eval` after `plies` plies without a capture or pawn move.
pub(super) fn faded(eval: i32, plies: u32) -> i32 {
    let late = plies.saturating_sub(PATIENCE).min(FADE as u32) as i32;
    eval * (FADE - late).max(FLOOR) / FADE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_position_keeps_its_score() {
        assert_eq!(faded(300, 0), 300);
        assert_eq!(faded(-300, PATIENCE), -300);
    }

    #[test]
    fn a_long_stagnation_fades_to_the_floor_keeping_the_sign() {
        assert!(faded(800, PATIENCE + 40) < 800);
        assert!(faded(800, PATIENCE + 80) < faded(800, PATIENCE + 40));
        assert_eq!(faded(800, 1000), 800 * FLOOR / FADE);
        assert_eq!(faded(-800, 1000), -800 * FLOOR / FADE);
    }
}
