//! Match statistics: wins/draws/losses, the Elo difference they imply with a
//! 95 % error bar (logistic model, trinomial variance, as cutechess reports
//! it), and the likelihood of superiority.

/// Wins, draws and losses of one engine (or one side of a pairing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The normal quantile of 97.5 %: a 95 % two-sided interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that makes the expected score `score` (0 < s < 1).
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of an Elo difference (logistic model).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

impl Wdl {
    /// Adds a game worth `points` (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean points per game (0 when no game was played).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The variance of one game's points around the mean (trinomial).
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// The Elo difference, `None` when the score is 0 or 1 (unbounded) or
    /// no game was played.
    pub fn elo(&self) -> Option<f64> {
        let s = self.score();
        (self.games() > 0 && s > 0.0 && s < 1.0).then(|| elo_of_score(s))
    }

    /// Half the width of the 95 % confidence interval of [`Wdl::elo`], from
    /// the interval of the mean score; `None` where an end is unbounded.
    pub fn elo_error(&self) -> Option<f64> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let s = self.score();
        let margin = Z95 * (self.variance() / n).sqrt();
        let (low, high) = (s - margin, s + margin);
        (low > 0.0 && high < 1.0).then(|| (elo_of_score(high) - elo_of_score(low)) / 2.0)
    }

    /// Likelihood of superiority: the chance that the engine is stronger,
    /// from wins and losses (draws carry no information).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// The same games from the opponent's side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_of_score(0.5), 0.0, 1e-12));
        // 75 %: 400·log10(3).
        assert!(close(elo_of_score(0.75), 190.848_501_887_864_98, 1e-9));
        assert!(close(score_of_elo(elo_of_score(0.3)), 0.3, 1e-12));
        let wdl = Wdl {
            wins: 3,
            draws: 0,
            losses: 1,
        };
        assert!(close(wdl.elo().unwrap(), 190.848_501_887_864_98, 1e-9));
        assert_eq!(
            Wdl {
                wins: 2,
                draws: 0,
                losses: 0
            }
            .elo(),
            None
        );
        assert_eq!(Wdl::default().elo(), None);
    }

    #[test]
    fn error_bars_by_hand() {
        // W=30 D=40 L=30: s = .5, variance = (30·.25 + 0 + 30·.25)/100 = .15,
        // margin = 1.96·sqrt(.0015) = .075909…, Elo interval ±(elo(.575909)).
        let wdl = Wdl {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        assert!(close(wdl.variance(), 0.15, 1e-12));
        let margin = Z95 * (0.15f64 / 100.0).sqrt();
        let expected = elo_of_score(0.5 + margin);
        assert!(close(wdl.elo_error().unwrap(), expected, 1e-9));
        assert!(close(expected, 53.158, 1e-3), "{expected}");
        assert_eq!(
            Wdl {
                wins: 1,
                draws: 0,
                losses: 0
            }
            .elo_error(),
            None
        );
    }

    #[test]
    fn los_and_erf() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_79, 1e-6));
        assert!(close(erf(-0.5), -0.520_499_88, 1e-6));
        assert!(close(
            Wdl {
                wins: 10,
                draws: 5,
                losses: 10
            }
            .los(),
            0.5,
            1e-9
        ));
        // W=60 L=40: 0.5·(1+erf(20/sqrt(200))) = 0.97725.
        assert!(close(
            Wdl {
                wins: 60,
                draws: 0,
                losses: 40
            }
            .los(),
            0.977_25,
            1e-4
        ));
        let mut wdl = Wdl::default();
        for p in [1.0, 0.5, 0.0, 1.0] {
            wdl.add(p);
        }
        assert_eq!(
            wdl,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(
            wdl.flipped(),
            Wdl {
                wins: 1,
                draws: 1,
                losses: 2
            }
        );
    }
}
