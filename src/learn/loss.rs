//! `timur nnue loss`: a network's loss on data files as training measures
//! it (the held-out measure of docs/nnue.md): against the records' scores,
//! against the games' results, and against the results at the output
//! scale that fits them best (a measure no teacher owns, so networks
//! taught by different teachers, or at different scales, compare).

use super::games;
use super::train::{self, sigmoid, FloatNet, SampleShape};
use crate::nnue::network::Network;
use rayon::prelude::*;
use std::path::PathBuf;

/// What `loss` reads.
#[derive(Clone, Debug)]
pub struct LossSettings {
    /// The network file.
    pub net: PathBuf,
    /// Data files of the network's game.
    pub data: Vec<PathBuf>,
    /// Use at most this many positions (0 = all).
    pub max_positions: usize,
}

/// What `loss` measured.
#[derive(Clone, Debug, PartialEq)]
pub struct LossReport {
    /// Positions measured.
    pub positions: usize,
    /// Games they come from.
    pub games: usize,
    /// Mean squared error against the records' scores (`--lambda 1`).
    pub score_loss: f64,
    /// Against the games' results (`--lambda 0`).
    pub result_loss: f64,
    /// The output factor that fits the results best (searched in
    /// [`SCALE_STEP`] steps up to [`MAX_SCALE`]) ...
    pub best_scale: f64,
    /// ... and the loss against the results there.
    pub best_result_loss: f64,
}

/// The output factors tried for the results: `SCALE_STEP`, 2·`SCALE_STEP`
/// … `MAX_SCALE`.
pub const SCALE_STEP: f64 = 0.05;
/// The largest output factor tried.
pub const MAX_SCALE: f64 = 4.0;

/// Measures the network on the data.
pub fn run(settings: &LossSettings) -> Result<LossReport, String> {
    let network = Network::read_file(&settings.net)?;
    let game = games::of_network(&network, &settings.net)?;
    let shape = SampleShape {
        bucketed: Some(network.features) == game.bucketed,
        buckets: network.buckets(),
        lambda: 1.0,
    };
    let records = train::load(&settings.data, settings.max_positions, game)?;
    if records.is_empty() {
        return Err("no positions of the network's game in the data".into());
    }
    let float = FloatNet::from_quantised(&network);
    // (raw output, score target, result target) per position.
    let outputs: Vec<(f32, f32, f32)> = records
        .par_iter()
        .map(|record| {
            let sample = train::sample_of(record, &shape, game, false);
            let output = float.forward(&sample).0;
            (output, sample.target, record.result.as_target())
        })
        .collect();
    let mean = |loss: &(dyn Fn(&(f32, f32, f32)) -> f32 + Sync)| {
        outputs.par_iter().map(|o| f64::from(loss(o))).sum::<f64>() / outputs.len() as f64
    };
    let result_loss_at = |scale: f32| {
        mean(&|&(output, _, result)| {
            let e = sigmoid(output * scale) - result;
            e * e
        })
    };
    let steps = (MAX_SCALE / SCALE_STEP).round() as usize;
    let (best_scale, best_result_loss) = (1..=steps)
        .map(|step| step as f64 * SCALE_STEP)
        .map(|scale| (scale, result_loss_at(scale as f32)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("at least one scale");
    Ok(LossReport {
        positions: outputs.len(),
        games: train::games_of(&records).len(),
        score_loss: mean(&|&(output, score, _)| {
            let e = sigmoid(output) - score;
            e * e
        }),
        result_loss: result_loss_at(1.0),
        best_scale,
        best_result_loss,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::train::tests::{rook_data, small_run};

    #[test]
    fn measures_a_trained_network_and_finds_its_scale() {
        let (dir, data) = rook_data("loss", 2000);
        let net = dir.join("net.tmnn");
        let mut training = small_run(&data, &net, 0.01, None);
        training.epochs = 6;
        training.lambda = 1.0;
        train::train(&training).unwrap();
        let settings = LossSettings {
            net: net.clone(),
            data: vec![data.clone()],
            max_positions: 0,
        };
        let report = run(&settings).unwrap();
        assert_eq!(report.positions, 2000);
        // Every record scores ±500 for a won or lost game: the network
        // learnt the scores, and a larger output fits the results better.
        assert!(report.score_loss < 0.01, "{report:?}");
        assert!(report.best_result_loss < report.result_loss, "{report:?}");
        assert!(report.best_scale > 1.0, "{report:?}");
        // The same network with its output halved wants twice the factor.
        let halved = dir.join("halved.tmnn");
        let network = Network::read_file(&net).unwrap();
        std::fs::write(&halved, network.with_output_scaled(0.5).to_bytes()).unwrap();
        let report_halved = run(&LossSettings {
            net: halved,
            ..settings.clone()
        })
        .unwrap();
        assert!(report_halved.score_loss > report.score_loss);
        let expected = (2.0 * report.best_scale).min(MAX_SCALE);
        assert!(
            (report_halved.best_scale - expected).abs() <= 2.0 * SCALE_STEP,
            "{report_halved:?} against {report:?}"
        );
        // A file that is no network is refused.
        let error = run(&LossSettings {
            net: data.clone(),
            ..settings
        })
        .err()
        .unwrap();
        assert!(!error.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
