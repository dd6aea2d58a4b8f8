//! Playing below full strength (Stockfish's `Skill`): a level from 0 to
//! 19 caps the search depth at `1 + level`, searches at least
//! [`SKILL_LINES`] root moves as principal variations, and plays one of
//! them chosen with a seeded random perturbation that widens as the level
//! drops, so weak levels choose plausible but inferior moves.

use crate::rng::splitmix64;

/// Root moves searched as principal variations when the skill is limited.
pub const SKILL_LINES: usize = 4;

/// The strongest limited level; 20 and above is full strength.
pub const MAX_LEVEL: f64 = 19.0;

/// The `UCI_Elo` range: Stockfish 15.1's, 1320 (level 3) to 3190 (full
/// strength from 2435 on).
pub const MIN_ELO: u32 = 1320;
/// See [`MIN_ELO`].
pub const MAX_ELO: u32 = 3190;

/// `(UCI_Elo, level)` pairs measured in chess against Stockfish 15.1 at its
/// own `UCI_Elo` (docs/strength.md, session 45, network chess-f5s): the
/// level that scores about even against Stockfish at that setting. Level 3
/// scored 24 % against 1500 (level 0 7.5 % against 1320), level 6 54 %
/// against 1500, level 16 52 % against 2000; full strength scored 55 %
/// against 2400, hence 2435.
const ELO_LEVELS: [(f64, f64); 4] = [(1320.0, 3.0), (1500.0, 5.7), (2000.0, 15.8), (2435.0, 20.0)];

/// The span of the random term, in centipawns at most (a pawn).
const PAWN: i32 = 100;

/// A strength below full, and the seed of its random choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    level: f64,
    seed: u64,
}

impl Skill {
    /// Level `level` (clamped to 0..=19; fractions allowed) choosing with
    /// `seed`. `None` for 20 and above (full strength) or NaN.
    pub fn new(level: f64, seed: u64) -> Option<Skill> {
        (level < MAX_LEVEL + 1.0).then_some(Skill {
            level: level.clamp(0.0, MAX_LEVEL),
            seed,
        })
    }

    /// The level `UCI_Elo` `elo` stands for, interpolated linearly between
    /// the measured [`ELO_LEVELS`]; full strength (20) from the last one on.
    pub fn level_for_elo(elo: u32) -> f64 {
        let elo = f64::from(elo);
        let mut below = ELO_LEVELS[0];
        for &(anchor_elo, anchor_level) in &ELO_LEVELS {
            if elo <= anchor_elo {
                let (low_elo, low_level) = below;
                if anchor_elo <= low_elo {
                    return anchor_level;
                }
                let share = (elo - low_elo) / (anchor_elo - low_elo);
                return low_level + (anchor_level - low_level) * share;
            }
            below = (anchor_elo, anchor_level);
        }
        MAX_LEVEL + 1.0
    }

    /// The level, 0 to 19.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// The deepest iteration the level searches.
    pub fn depth(&self) -> u32 {
        1 + self.level as u32
    }

    /// Picks an index among `values` (the best `lines` root values, best
    /// first): each value is pushed up by a share of its distance to the
    /// best that grows as the level drops, plus a random amount of up to a
    /// pawn; the highest pushed value wins (the last on ties).
    pub fn pick(&self, values: &[i32]) -> usize {
        let Some(&top) = values.first() else {
            return 0;
        };
        let last = values[values.len() - 1];
        let delta = (top - last).clamp(0, PAWN);
        let weakness = (120.0 - 2.0 * self.level) as i32;
        let mut rng = self.seed;
        let mut best = (i32::MIN, 0);
        for (index, &value) in values.iter().enumerate() {
            let random = (splitmix64(&mut rng) % weakness as u64) as i32;
            let push = (weakness * (top - value) + delta * random) / 128;
            if value + push >= best.0 {
                best = (value + push, index);
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_strength_is_no_skill() {
        assert!(Skill::new(20.0, 1).is_none());
        assert!(Skill::new(f64::NAN, 1).is_none());
        assert_eq!(Skill::new(-3.0, 1).map(|s| s.depth()), Some(1));
        assert_eq!(Skill::new(19.5, 1).map(|s| s.depth()), Some(20));
    }

    #[test]
    fn elo_maps_onto_the_levels() {
        assert_eq!(Skill::level_for_elo(MIN_ELO), 3.0);
        assert_eq!(Skill::level_for_elo(MAX_ELO), MAX_LEVEL + 1.0);
        assert!(Skill::new(Skill::level_for_elo(MAX_ELO), 1).is_none());
        let levels: Vec<f64> = (MIN_ELO..=MAX_ELO)
            .step_by(10)
            .map(Skill::level_for_elo)
            .collect();
        assert!(levels.windows(2).all(|w| w[0] <= w[1]));
        assert!((Skill::level_for_elo(1800) - 11.76).abs() < 0.01);
    }

    #[test]
    fn the_pick_depends_on_the_seed_and_stays_among_the_lines() {
        let values = [50, 40, 30, 20];
        let picks: Vec<usize> = (0..64)
            .map(|seed| Skill::new(0.0, seed).unwrap().pick(&values))
            .collect();
        assert!(picks.iter().all(|&p| p < values.len()));
        assert!(picks.iter().any(|&p| p != 0), "level 0 never varied");
        let again: Vec<usize> = (0..64)
            .map(|seed| Skill::new(0.0, seed).unwrap().pick(&values))
            .collect();
        assert_eq!(picks, again);
    }

    #[test]
    fn a_strong_level_keeps_a_clearly_best_move() {
        let values = [300, 0, -50, -100];
        assert!((0..64).all(|seed| Skill::new(19.0, seed).unwrap().pick(&values) == 0));
    }
}
