//! Texel tuning: fit the weights so that a logistic function of the static
//! evaluation predicts the game results (least squares), by full-batch
//! gradient descent with Adam. The evaluation is linear in the weights, so
//! every step is one pass over the sparse term counts.

use super::dataset::Sample;
use crate::variants::terms::Pair;

/// The predicted score of an evaluation `e` (centipawns, White's view).
#[inline]
fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e / 400.0 * std::f64::consts::LN_10).exp())
}

/// The evaluation of `s` under `weights` (middlegame and endgame pairs as
/// floats), tapered.
#[inline]
fn evaluate(s: &Sample, weights: &[(f64, f64)], phase_max: i32) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &s.terms {
        let w = weights[i as usize];
        mg += w.0 * f64::from(c);
        eg += w.1 * f64::from(c);
    }
    let p = f64::from(s.phase.clamp(0, phase_max)) / f64::from(phase_max);
    mg * p + eg * (1.0 - p)
}

/// Mean squared error of the predictions over `samples`.
pub fn error(samples: &[Sample], weights: &[(f64, f64)], phase_max: i32, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k, evaluate(s, weights, phase_max))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scaling constant K that fits the current weights best (golden
/// section search on 0.1..=3).
pub fn fit_k(samples: &[Sample], weights: &[(f64, f64)], phase_max: i32) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 3.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, weights, phase_max, a) < error(samples, weights, phase_max, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct FitSettings {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step size in centipawns.
    pub rate: f64,
    /// Pull of every weight towards its starting value (L2), per sample.
    pub regularisation: f64,
}

/// Fits `start` to `samples`; weights listed in `frozen` keep their value.
/// Calls `progress(epoch, error, weights)` every 50 epochs and at the end.
pub fn fit(
    samples: &[Sample],
    start: &[Pair],
    frozen: &[usize],
    phase_max: i32,
    k: f64,
    settings: FitSettings,
    mut progress: impl FnMut(usize, f64, &[(f64, f64)]),
) -> Vec<Pair> {
    let n = start.len();
    let initial: Vec<(f64, f64)> = start
        .iter()
        .map(|p| (f64::from(p.0), f64::from(p.1)))
        .collect();
    let mut w = initial.clone();
    let (mut m, mut v) = (vec![(0.0, 0.0); n], vec![(0.0, 0.0); n]);
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-8);
    let scale = std::f64::consts::LN_10 * k / 400.0;
    let count = samples.len().max(1) as f64;
    for epoch in 1..=settings.epochs {
        let mut grad = vec![(0.0f64, 0.0f64); n];
        for s in samples {
            let predicted = sigmoid(k, evaluate(s, &w, phase_max));
            let d = -2.0 * (s.result - predicted) * predicted * (1.0 - predicted) * scale;
            let p = f64::from(s.phase.clamp(0, phase_max)) / f64::from(phase_max);
            for &(i, c) in &s.terms {
                let g = &mut grad[i as usize];
                g.0 += d * f64::from(c) * p;
                g.1 += d * f64::from(c) * (1.0 - p);
            }
        }
        let bias1 = 1.0 - beta1.powi(epoch as i32);
        let bias2 = 1.0 - beta2.powi(epoch as i32);
        for i in 0..n {
            if frozen.contains(&i) {
                continue;
            }
            let pull = |now: f64, was: f64| settings.regularisation * (now - was);
            let g = (
                grad[i].0 / count + pull(w[i].0, initial[i].0),
                grad[i].1 / count + pull(w[i].1, initial[i].1),
            );
            m[i].0 = beta1 * m[i].0 + (1.0 - beta1) * g.0;
            m[i].1 = beta1 * m[i].1 + (1.0 - beta1) * g.1;
            v[i].0 = beta2 * v[i].0 + (1.0 - beta2) * g.0 * g.0;
            v[i].1 = beta2 * v[i].1 + (1.0 - beta2) * g.1 * g.1;
            w[i].0 -= settings.rate * (m[i].0 / bias1) / ((v[i].0 / bias2).sqrt() + eps);
            w[i].1 -= settings.rate * (m[i].1 / bias1) / ((v[i].1 / bias2).sqrt() + eps);
        }
        if epoch % 50 == 0 || epoch == settings.epochs {
            progress(epoch, error(samples, &w, phase_max, k), &w);
        }
    }
    w.iter()
        .map(|&(a, b)| Pair(a.round() as i32, b.round() as i32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions whose only term is "one extra pawn" (index 0), won 3 times
    /// in 4: the fit must make that term worth about what K says a 75 %
    /// score is worth.
    #[test]
    fn a_single_term_fits_its_win_rate() {
        let mut samples = Vec::new();
        for i in 0..400 {
            samples.push(Sample {
                terms: vec![(0, 1)],
                phase: 0,
                result: if i % 4 == 0 { 0.0 } else { 1.0 },
            });
        }
        let settings = FitSettings {
            epochs: 2000,
            rate: 2.0,
            regularisation: 0.0,
        };
        let fitted = fit(
            &samples,
            &[Pair(0, 0)],
            &[],
            24,
            1.0,
            settings,
            |_, _, _| {},
        );
        // sigmoid(x) = 0.75 at x = 400 * log10(3) = 190.8.
        assert!((fitted[0].1 - 191).abs() <= 2, "{:?}", fitted);
        assert_eq!(fitted[0].0, 0, "phase 0 leaves the middlegame weight alone");
    }

    #[test]
    fn k_is_found_where_the_error_is_least() {
        let samples: Vec<Sample> = (0..100)
            .map(|i| Sample {
                terms: vec![(0, 1)],
                phase: 24,
                result: if i % 4 == 0 { 0.0 } else { 1.0 },
            })
            .collect();
        // With a weight of 381 (twice 190.8) the best K is 0.5.
        let k = fit_k(&samples, &[(381.6, 0.0)], 24);
        assert!((k - 0.5).abs() < 0.01, "{k}");
    }
}
