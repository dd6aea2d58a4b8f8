//! Playing strength: `Skill Level`, or `UCI_Elo` under `UCI_LimitStrength`,
//! turned into the search's [`Skill`] with a seeded random choice.

use crate::rng::Rng;
use timur_search::{Skill, MAX_ELO, MIN_ELO};

/// `Skill Level` at full strength (the default and the maximum).
pub const FULL_LEVEL: u32 = 20;

/// The strength options, the same in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `Skill Level`, 0 to 20 (20: full strength).
    pub skill_level: u32,
    /// `UCI_LimitStrength`: play at `elo` instead of `skill_level`.
    pub limit_strength: bool,
    /// `UCI_Elo`, [`MIN_ELO`] to [`MAX_ELO`].
    pub elo: u32,
}

impl Strength {
    /// Full strength; `UCI_Elo` at its minimum, as Stockfish has it.
    pub const DEFAULT: Strength = Strength {
        skill_level: FULL_LEVEL,
        limit_strength: false,
        elo: MIN_ELO,
    };

    /// The level played: `UCI_Elo`'s under `UCI_LimitStrength`, else
    /// `Skill Level`.
    pub fn level(&self) -> f64 {
        if self.limit_strength {
            Skill::level_for_elo(self.elo.clamp(MIN_ELO, MAX_ELO))
        } else {
            f64::from(self.skill_level.min(FULL_LEVEL))
        }
    }

    /// The search's skill for the next move, seeded from `rng`; `None` at
    /// full strength (and `rng` untouched).
    pub fn skill(&self, rng: &mut Rng) -> Option<Skill> {
        let level = self.level();
        Skill::new(level, 0)?;
        Skill::new(level, rng.next_u64())
    }
}

/// The seed a `Skill Seed` of `seed` stands for: itself, or for 0 one
/// drawn from the clock.
pub fn seed_or_clock(seed: u64) -> u64 {
    if seed != 0 {
        return seed;
    }
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x5EED, |elapsed| elapsed.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_counts_only_under_limit_strength() {
        let mut strength = Strength::DEFAULT;
        assert!(strength.skill(&mut Rng::new(1)).is_none());
        strength.elo = MIN_ELO;
        assert!(strength.skill(&mut Rng::new(1)).is_none());
        strength.limit_strength = true;
        assert_eq!(strength.level(), Skill::level_for_elo(MIN_ELO));
        strength.skill_level = 3;
        strength.limit_strength = false;
        assert_eq!(strength.level(), 3.0);
        let (mut a, mut b) = (Rng::new(9), Rng::new(9));
        assert_eq!(strength.skill(&mut a), strength.skill(&mut b));
        assert!(strength.skill(&mut a).is_some());
    }
}
