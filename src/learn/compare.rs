//! `timur nnue compare`: a network's evaluations beside the hand-written
//! evaluation's and the records' labels on the same positions, and the
//! output factor that brings the network to the hand-written scale (the
//! scale the search's margins are tuned for; `timur nnue scale` applies it).

use super::games;
use super::record::RecordReader;
use crate::engine::{AnyGame, TrainableJob};
use crate::nnue::network::Network;
use crate::variants::trainable::Trainable;
use std::path::PathBuf;
use std::sync::Arc;

/// Positions whose hand-written evaluation is beyond this are left out of
/// the scale (won positions say little about the margins).
pub const QUIET_LIMIT: i32 = 300;

/// What `compare` reads.
#[derive(Clone, Debug)]
pub struct CompareSettings {
    /// The network file.
    pub net: PathBuf,
    /// A data file of the network's game.
    pub data: PathBuf,
    /// Positions compared, spread evenly over the file.
    pub count: usize,
}

/// The three views of the compared positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Positions compared (hand-written evaluation within ±QUIET_LIMIT).
    pub positions: usize,
    /// Mean absolute value of the network's, the hand-written and the
    /// label's centipawns.
    pub mean_abs: [f64; 3],
    /// Correlation with the label of the network and of the hand-written
    /// evaluation.
    pub label_correlation: [f64; 2],
    /// Hand-written mean |cp| over the network's: the `scale` factor.
    pub factor: f64,
}

/// The hand-written and the network's evaluation of the position `fen` of
/// the game `G`, side to move's view.
fn evaluations<G: Trainable>(fen: &str, network: &Arc<Network>) -> Option<(i32, i32)> {
    let mut position = G::from_fen(fen).ok()?;
    let hand_written = position.hand_written_eval();
    position.attach_network(Some(network.clone()));
    Some((hand_written, position.evaluate()))
}

/// Pearson correlation of two equally long series.
fn correlation(xs: &[f64], ys: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in xs.iter().zip(ys) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    sxy / (sxx * syy).sqrt().max(f64::MIN_POSITIVE)
}

/// Compares the network with the hand-written evaluation and the labels.
pub fn run(settings: &CompareSettings) -> Result<Comparison, String> {
    let network = Arc::new(Network::read_file(&settings.net)?);
    let game = games::of_network(&network, &settings.net)?;
    AnyGame::with_trainable(game.kind, Compare { settings, network })?
}

/// A comparison in the network's game.
struct Compare<'a> {
    settings: &'a CompareSettings,
    network: Arc<Network>,
}

impl TrainableJob for Compare<'_> {
    type Output = Result<Comparison, String>;

    fn run<G: Trainable>(self, _start: G) -> Self::Output {
        compare::<G>(self.settings, &self.network)
    }
}

/// [`run`] in the game `G`.
fn compare<G: Trainable>(
    settings: &CompareSettings,
    network: &Arc<Network>,
) -> Result<Comparison, String> {
    let total = RecordReader::count(&settings.data)
        .map_err(|e| format!("cannot read {}: {e}", settings.data.display()))?;
    let step = (total as usize / settings.count.max(1)).max(1);
    let reader = RecordReader::open(&settings.data)
        .map_err(|e| format!("cannot read {}: {e}", settings.data.display()))?;
    if let Some(game) = reader.game().filter(|&game| game != G::RECORD_TAG) {
        return Err(format!(
            "{} holds {} records, the network is for {}",
            settings.data.display(),
            games::name_of_tag(game),
            games::name_of_tag(G::RECORD_TAG)
        ));
    }
    let mut series: [Vec<f64>; 3] = Default::default();
    for record in reader.step_by(step).take(settings.count) {
        let record = record.map_err(|e| format!("{}: {e}", settings.data.display()))?;
        if record.game != G::RECORD_TAG {
            return Err(format!(
                "{} holds {} records, the network is for {}",
                settings.data.display(),
                games::name_of_tag(record.game),
                games::name_of_tag(G::RECORD_TAG)
            ));
        }
        let pieces: Vec<_> = record.placed_pieces().collect();
        let fen = G::record_fen(&pieces, record.side_to_move);
        let Some((hand, net)) = evaluations::<G>(&fen, network) else {
            continue;
        };
        if hand.abs() < QUIET_LIMIT {
            for (values, cp) in series.iter_mut().zip([net, hand, record.score as i32]) {
                values.push(cp as f64);
            }
        }
    }
    let positions = series[0].len();
    if positions == 0 {
        return Err("no position to compare".to_string());
    }
    let mean_abs = series
        .each_ref()
        .map(|values| values.iter().map(|v| v.abs()).sum::<f64>() / positions as f64);
    Ok(Comparison {
        positions,
        mean_abs,
        label_correlation: [
            correlation(&series[0], &series[2]),
            correlation(&series[1], &series[2]),
        ],
        factor: mean_abs[1] / mean_abs[0].max(f64::MIN_POSITIVE),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn correlation_of_a_series_with_itself_and_its_negation() {
        let xs = [1.0, 2.0, 4.0, 8.0];
        let negated: Vec<f64> = xs.iter().map(|x| -x).collect();
        assert!((correlation(&xs, &xs) - 1.0).abs() < 1e-12);
        assert!((correlation(&xs, &negated) + 1.0).abs() < 1e-12);
    }
}
