//! SPSA as OpenBench runs it: every iteration draws a ±1 direction Δ per
//! parameter, plays θ + c_k·Δ against θ − c_k·Δ, and moves θ by
//! a_k·score / (c_k·Δ), where the score is θ+'s wins minus losses. The
//! schedules are c_k = c / k^γ (at least 0.5, as OpenBench floors integer
//! parameters) and a_k = a / (A + k)^α for iteration k = 1, 2, …, N, with
//! c = c_end·N^γ, a = r_end·c_end²·(A + N)^α and A = N / 10, so that c_k
//! and a_k / c_k² end at each parameter's `c_end` and `r_end`.

use super::param_file::Param;
use crate::rng::Rng;
use timur_search::hash_words;

/// The update's decay exponent α.
pub const ALPHA: f64 = 0.602;
/// The perturbation's decay exponent γ.
pub const GAMMA: f64 = 0.101;
/// The stability constant A as a share of the iterations.
pub const A_RATIO: f64 = 0.1;
/// The smallest perturbation of an integer parameter.
const MIN_C: f64 = 0.5;

/// One iteration's two settings to play against each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perturbation {
    /// The direction Δ per parameter: +1 or −1.
    pub flips: Vec<i32>,
    /// θ + c_k·Δ, rounded and clamped to the range.
    pub plus: Vec<i32>,
    /// θ − c_k·Δ, rounded and clamped to the range.
    pub minus: Vec<i32>,
}

/// A tuning run: the parameters, θ, and the iterations done of how many.
#[derive(Clone, Debug)]
pub struct Spsa {
    params: Vec<Param>,
    theta: Vec<f64>,
    done: u64,
    iterations: u64,
    seed: u64,
}

impl Spsa {
    /// A run of `iterations` starting from the parameters' defaults; `seed`
    /// picks every direction and rounding.
    pub fn new(params: Vec<Param>, iterations: u64, seed: u64) -> Spsa {
        let theta = params.iter().map(|p| f64::from(p.default)).collect();
        Spsa {
            params,
            theta,
            done: 0,
            iterations,
            seed,
        }
    }

    /// A run taken up again at θ after `done` iterations; θ must fit the
    /// parameters' ranges.
    pub fn resume(
        params: Vec<Param>,
        iterations: u64,
        seed: u64,
        theta: Vec<f64>,
        done: u64,
    ) -> Result<Spsa, String> {
        if theta.len() != params.len() {
            return Err(format!(
                "{} values for {} parameters",
                theta.len(),
                params.len()
            ));
        }
        if done > iterations {
            return Err(format!("{done} iterations done of {iterations}"));
        }
        for (p, &t) in params.iter().zip(&theta) {
            if !(f64::from(p.min)..=f64::from(p.max)).contains(&t) {
                return Err(format!("{} = {t} is outside {}..={}", p.name, p.min, p.max));
            }
        }
        Ok(Spsa {
            params,
            theta,
            done,
            iterations,
            seed,
        })
    }

    /// The parameters tuned.
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    /// The current θ, unrounded.
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// Iterations done.
    pub fn done(&self) -> u64 {
        self.done
    }

    /// Iterations of the whole run.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The seed of the directions and roundings.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether every iteration is done.
    pub fn finished(&self) -> bool {
        self.done >= self.iterations
    }

    /// θ rounded to the values an engine takes.
    pub fn values(&self) -> Vec<i32> {
        self.theta.iter().map(|t| t.round() as i32).collect()
    }

    /// The stability constant A.
    fn big_a(&self) -> f64 {
        A_RATIO * self.iterations as f64
    }

    /// The perturbation c_k of `p` at iteration `k`.
    fn c_k(&self, p: &Param, k: u64) -> f64 {
        let c = p.c_end * (self.iterations as f64).powf(GAMMA);
        (c / (k as f64).powf(GAMMA)).max(MIN_C)
    }

    /// The update's gain a_k of `p` at iteration `k`.
    fn a_k(&self, p: &Param, k: u64) -> f64 {
        let big_a = self.big_a();
        let a = p.r_end * p.c_end * p.c_end * (big_a + self.iterations as f64).powf(ALPHA);
        a / (big_a + k as f64).powf(ALPHA)
    }

    /// The settings of the next iteration: a seeded direction per
    /// parameter, and both sides rounded with one seeded draw per
    /// parameter (OpenBench's random rounding: θ ± c_k·Δ + u, rounded
    /// down, u uniform in [0, 1)).
    pub fn perturbation(&self) -> Perturbation {
        let k = self.done + 1;
        let mut rng = Rng::new(hash_words(&[self.seed, k]));
        let mut out = Perturbation {
            flips: Vec::new(),
            plus: Vec::new(),
            minus: Vec::new(),
        };
        for (p, &theta) in self.params.iter().zip(&self.theta) {
            let flip = if rng.next_u64() & 1 == 0 { 1 } else { -1 };
            let shift = self.c_k(p, k) * f64::from(flip);
            let u = rng.unit();
            let side = |value: f64| ((value + u).floor() as i32).clamp(p.min, p.max);
            out.flips.push(flip);
            out.plus.push(side(theta + shift));
            out.minus.push(side(theta - shift));
        }
        out
    }

    /// Moves θ by the result of the iteration's games: `score` is θ+'s wins
    /// minus losses against θ−.
    pub fn update(&mut self, perturbation: &Perturbation, score: i32) {
        let k = self.done + 1;
        for (i, p) in self.params.iter().enumerate() {
            let flip = f64::from(perturbation.flips[i]);
            let step = self.a_k(p, k) * f64::from(score) / (self.c_k(p, k) * flip);
            self.theta[i] = (self.theta[i] + step).clamp(f64::from(p.min), f64::from(p.max));
        }
        self.done = k;
    }

    /// One iteration: the perturbation, `play` (θ+'s wins minus losses
    /// against θ−), the update. Returns the score.
    pub fn step(
        &mut self,
        play: impl FnOnce(&Perturbation) -> Result<i32, String>,
    ) -> Result<i32, String> {
        let perturbation = self.perturbation();
        let score = play(&perturbation)?;
        self.update(&perturbation, score);
        Ok(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, default: i32, c_end: f64, r_end: f64) -> Param {
        Param {
            name: name.to_string(),
            default,
            min: 0,
            max: 1000,
            c_end,
            r_end,
        }
    }

    /// A fake match of `games` games without draws: θ+ wins each with a
    /// probability that grows the nearer it is to `optimum` than θ− is.
    fn noisy_match(optimum: &[f64], p: &Perturbation, rng: &mut Rng, games: u32) -> i32 {
        let distance = |values: &[i32]| {
            values
                .iter()
                .zip(optimum)
                .map(|(&v, o)| (f64::from(v) - o).powi(2))
                .sum::<f64>()
                .sqrt()
        };
        let edge = distance(&p.minus) - distance(&p.plus);
        let win = 1.0 / (1.0 + (-edge / 40.0).exp());
        (0..games)
            .map(|_| if rng.unit() < win { 1 } else { -1 })
            .sum()
    }

    fn distance(a: &[f64], b: &[f64]) -> f64 {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x - y).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    #[test]
    fn theta_moves_towards_the_optimum_of_a_noisy_match() {
        let params = vec![param("a", 100, 20.0, 0.05), param("b", 500, 20.0, 0.05)];
        let optimum = [300.0, 200.0];
        let mut spsa = Spsa::new(params, 500, 7);
        let start = distance(spsa.theta(), &optimum);
        let mut games = Rng::new(11);
        while !spsa.finished() {
            spsa.step(|p| Ok(noisy_match(&optimum, p, &mut games, 2)))
                .unwrap();
        }
        let end = distance(spsa.theta(), &optimum);
        assert!(
            end < start / 4.0,
            "θ {:?} ended {end:.1} from the optimum, started {start:.1}",
            spsa.theta()
        );
    }

    #[test]
    fn perturbations_are_seeded_opposite_and_clamped() {
        let params = vec![param("a", 0, 50.0, 0.002), param("b", 500, 50.0, 0.002)];
        let spsa = Spsa::new(params.clone(), 100, 3);
        let p = spsa.perturbation();
        assert_eq!(p, Spsa::new(params.clone(), 100, 3).perturbation());
        let directions: Vec<Vec<i32>> = (0..20)
            .map(|seed| Spsa::new(params.clone(), 100, seed).perturbation().flips)
            .collect();
        assert!(
            directions.iter().any(|d| d != &directions[0]),
            "the seed picks the directions"
        );
        // b: θ ± c_1 with c_1 = 50 · 100^γ ≈ 79.6, on the side of its flip.
        let (plus, minus, flip) = (p.plus[1], p.minus[1], p.flips[1]);
        assert_eq!((plus - minus).signum(), flip);
        assert!(((plus - minus).abs() - 159).abs() <= 1, "{plus} {minus}");
        // a sits on its minimum: the side below is clamped to it.
        assert_eq!(p.plus[0].min(p.minus[0]), 0);
    }

    #[test]
    fn an_update_follows_the_score_and_the_direction() {
        let params = vec![param("a", 500, 10.0, 0.002)];
        let mut spsa = Spsa::new(params.clone(), 10, 1);
        let p = Perturbation {
            flips: vec![-1],
            plus: vec![490],
            minus: vec![510],
        };
        spsa.update(&p, 2);
        // θ+ (below) won: θ goes down by a_1 · 2 / c_1.
        let a = 0.002 * 100.0 * (1.0f64 + 10.0).powf(ALPHA) / 2.0f64.powf(ALPHA);
        let c = 10.0 * 10.0f64.powf(GAMMA);
        assert!((spsa.theta()[0] - (500.0 - a * 2.0 / c)).abs() < 1e-9);
        assert_eq!(spsa.done(), 1);
        assert!(Spsa::resume(params.clone(), 10, 1, vec![2000.0], 0).is_err());
        assert!(Spsa::resume(params, 10, 1, vec![5.0], 11).is_err());
    }
}
