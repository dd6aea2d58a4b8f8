//! The sequential probability ratio test of a match (GSPRT with the normal
//! approximation of the trinomial model, as fishtest and cutechess use it):
//! stop when the log-likelihood ratio of "Elo = elo1" against "Elo = elo0"
//! leaves the bounds set by alpha and beta.

use super::config::SprtSpec;
use super::stats::{score_of_elo, Wdl};

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 (Elo ≤ elo0) accepted.
    H0,
    /// H1 (Elo ≥ elo1) accepted.
    H1,
    /// Not yet decided.
    Continue,
}

impl SprtDecision {
    /// How the table says it: "H0 accepted", "H1 accepted" or "undecided".
    pub fn text(self) -> &'static str {
        match self {
            SprtDecision::H0 => "H0 accepted",
            SprtDecision::H1 => "H1 accepted",
            SprtDecision::Continue => "undecided",
        }
    }
}

impl SprtSpec {
    /// The lower and upper LLR bounds: ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the results: N·(s1−s0)·(2s̄−s0−s1)/(2σ²)
    /// with s̄ and σ² the mean and variance of one game's points and s0, s1
    /// the expected scores of elo0 and elo1. While a result kind (win, draw
    /// or loss) has not occurred yet, half a game of each is added so that a
    /// one-sided match still has a variance; 0 before the first game.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let counts = [wdl.wins as f64, wdl.draws as f64, wdl.losses as f64];
        if counts.iter().sum::<f64>() == 0.0 {
            return 0.0;
        }
        let pseudo = if counts.contains(&0.0) { 0.5 } else { 0.0 };
        let [w, d, l] = counts.map(|c| c + pseudo);
        let n = w + d + l;
        let score = (w + 0.5 * d) / n;
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    /// The decision for these results.
    pub fn decide(&self, wdl: &Wdl) -> SprtDecision {
        let (lower, upper) = self.bounds();
        let llr = self.llr(wdl);
        if llr >= upper {
            SprtDecision::H1
        } else if llr <= lower {
            SprtDecision::H0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> SprtSpec {
        SprtSpec {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn bounds_are_ln_19() {
        let (lower, upper) = spec().bounds();
        assert!((upper - 19f64.ln()).abs() < 1e-12);
        assert!((lower + 19f64.ln()).abs() < 1e-12);
        assert!((upper - 2.944_438_979).abs() < 1e-9);
    }

    #[test]
    fn llr_by_hand() {
        // W=1200 D=1500 L=1000: N=3700, s=0.527027…, σ²=0.19389…;
        // s0=.5, s1=score_of_elo(5)=0.507195…
        let wdl = Wdl {
            wins: 1200,
            draws: 1500,
            losses: 1000,
        };
        let s = (1200.0 + 750.0) / 3700.0;
        let var =
            (1200.0 * (1.0 - s) * (1.0 - s) + 1500.0 * (0.5 - s) * (0.5 - s) + 1000.0 * s * s)
                / 3700.0;
        let s1 = 1.0 / (1.0 + 10f64.powf(-5.0 / 400.0));
        let expected = 3700.0 * (s1 - 0.5) * (2.0 * s - 0.5 - s1) / (2.0 * var);
        let llr = spec().llr(&wdl);
        assert!((llr - expected).abs() < 1e-9);
        assert!((llr - 4.2168).abs() < 1e-3, "{llr}");
        assert_eq!(spec().decide(&wdl), SprtDecision::H1);
        assert_eq!(spec().decide(&wdl.flipped()), SprtDecision::H0);
        let even = Wdl {
            wins: 10,
            draws: 10,
            losses: 10,
        };
        assert_eq!(spec().decide(&even), SprtDecision::Continue);
        assert_eq!(spec().llr(&Wdl::default()), 0.0);
        let draw = Wdl {
            wins: 0,
            draws: 1,
            losses: 0,
        };
        assert_eq!(spec().decide(&draw), SprtDecision::Continue);
        // One-sided results still decide: 30 straight wins accept H1.
        let sweep = Wdl {
            wins: 30,
            draws: 0,
            losses: 0,
        };
        assert_eq!(spec().decide(&sweep), SprtDecision::H1);
        assert_eq!(spec().decide(&sweep.flipped()), SprtDecision::H0);
    }
}
