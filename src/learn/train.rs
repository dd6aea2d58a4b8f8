//! `timur nnue train`: fits a float network to training records with Adam
//! (rayon over the batch, only the active feature columns touched per
//! position), then quantises it and checks the quantised network against
//! the float one.
//!
//! The target of a position is `λ·sigmoid(score/SCALE) + (1−λ)·result`
//! (side to move's view), the prediction `sigmoid(output)`, and the loss the
//! mean squared error, as bullet-trained engines do.

use super::games::{self, GameInfo};
use super::record::{Record, RecordReader};
use crate::engine::VariantKind;
use crate::nnue::features::FeatureSet;
use crate::nnue::network::{output_bucket, Accumulator, Network, QA, QB, SCALE};
use crate::nnue::output::OutputLayer;
use crate::rng::Rng;
use crate::variants::trainable::RecordLayout;
use rayon::prelude::*;
use std::ops::Range;
use std::path::PathBuf;
use std::time::Instant;

/// What a training run does.
#[derive(Clone, Debug)]
pub struct TrainSettings {
    /// The game (its feature set is the network's inputs, its records the
    /// ones used; any variant of the game).
    pub variant: VariantKind,
    /// Hidden neurons per perspective (a `valid_hidden` size).
    pub hidden: usize,
    /// Output buckets (1 to `MAX_BUCKETS`).
    pub buckets: usize,
    /// Train the game's bucketed feature set (chess: king buckets) instead
    /// of its plain one.
    pub bucketed: bool,
    /// With `bucketed`: train a factoriser beside the buckets (one shared
    /// column per plain feature, folded into every bucket's copy of it).
    pub factoriser: bool,
    /// Data files.
    pub data: Vec<PathBuf>,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Adam's learning rate (the last 30 % of epochs use a tenth of it).
    pub lr: f32,
    /// Weight of the search score in the target (the rest is the result).
    pub lambda: f32,
    /// Share of positions held out for validation (whole games).
    pub validation: f32,
    /// Use at most this many positions (0 = all).
    pub max_positions: usize,
    /// Also train on every training position mirrored along the centre
    /// file (validation positions are not mirrored).
    pub mirror: bool,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// The network file written (after every epoch: the checkpoint).
    pub out: PathBuf,
    /// A network file to start from instead of random weights (its
    /// features and `buckets` must be this run's, its hidden size at most
    /// `hidden`: a narrower one is widened, see [`FloatNet::widened`]):
    /// training goes on from it on new data.
    pub init: Option<PathBuf>,
}

/// Largest weight magnitude, so quantised values fit in i16 and the output
/// sum cannot overflow.
const WEIGHT_CLIP: f32 = 1.98;

/// Biases are kept within this (far from any value training reaches).
const BIAS_CLIP: f32 = 100.0;

/// A position reduced to what training needs.
pub(super) struct Sample {
    /// Active features, side to move's view then the other side's.
    pub(super) features: [Vec<u16>; 2],
    /// The output bucket (by the number of pieces).
    bucket: u8,
    pub(super) target: f32,
}

/// The float network being trained.
#[derive(Clone)]
pub(super) struct FloatNet {
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Per bucket, 2H weights.
    w2: Vec<f32>,
    /// Per bucket.
    b2: Vec<f32>,
    /// The factoriser of a king-bucketed run (empty in any other): H
    /// weights per plain feature, added to the feature's copy in every
    /// input bucket, so what positions of one king bucket teach reaches
    /// the others (bullet's `l0f`). Only the [`FloatNet::live`] network,
    /// with it folded in, is evaluated and written.
    factor: Vec<f32>,
}

/// Gradients, or Adam's moments: the same shape as the network.
#[derive(Clone)]
struct Grads {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    factor: Vec<f32>,
    loss: f64,
}

impl Grads {
    /// Zeros for a network of `inputs`, `hidden`, `buckets` and a
    /// factoriser of `factor` weights (0: none).
    fn zeros(inputs: usize, hidden: usize, buckets: usize, factor: usize) -> Grads {
        Grads {
            w1: vec![0.0; inputs * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; buckets * 2 * hidden],
            b2: vec![0.0; buckets],
            factor: vec![0.0; factor],
            loss: 0.0,
        }
    }

    fn add(mut self, other: Grads) -> Grads {
        self.w1.iter_mut().zip(&other.w1).for_each(|(a, b)| *a += b);
        self.b1.iter_mut().zip(&other.b1).for_each(|(a, b)| *a += b);
        self.w2.iter_mut().zip(&other.w2).for_each(|(a, b)| *a += b);
        self.b2.iter_mut().zip(&other.b2).for_each(|(a, b)| *a += b);
        self.factor
            .iter_mut()
            .zip(&other.factor)
            .for_each(|(a, b)| *a += b);
        self.loss += other.loss;
        self
    }

    /// Sets the gradient of a factoriser of `shared` weights (0: none)
    /// from the live network's first-layer gradient: each shared weight is
    /// in every bucket's copy, so its gradient is the sum of theirs.
    fn set_factor_gradient(&mut self, shared: usize) {
        self.factor = vec![0.0; shared];
        if shared == 0 {
            return;
        }
        for copy in self.w1.chunks(shared) {
            self.factor.iter_mut().zip(copy).for_each(|(f, g)| *f += g);
        }
    }
}

pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl FloatNet {
    fn random(inputs: usize, hidden: usize, buckets: usize, rng: &mut Rng) -> FloatNet {
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * bound
        };
        let b1_bound = 1.0 / (inputs as f32).sqrt();
        let b2_bound = 1.0 / (2.0 * hidden as f32).sqrt();
        FloatNet {
            w1: (0..inputs * hidden).map(|_| uniform(b1_bound)).collect(),
            b1: (0..hidden).map(|_| uniform(b1_bound)).collect(),
            w2: (0..buckets * 2 * hidden)
                .map(|_| uniform(b2_bound))
                .collect(),
            b2: vec![0.0; buckets],
            factor: Vec::new(),
        }
    }

    /// Moves the mean of each plain feature's copies (`plain` inputs each)
    /// into a new factoriser, leaving each bucket its difference from it:
    /// the same evaluations. A plain network copied into every bucket
    /// starts all in the factoriser, the buckets at zero.
    fn factorised(mut self, plain: usize) -> FloatNet {
        let shared = plain * self.b1.len();
        let copies = self.w1.len() / shared;
        let mut factor = vec![0.0f32; shared];
        for copy in self.w1.chunks(shared) {
            factor.iter_mut().zip(copy).for_each(|(f, w)| *f += w);
        }
        factor.iter_mut().for_each(|f| *f /= copies as f32);
        for copy in self.w1.chunks_mut(shared) {
            copy.iter_mut().zip(&factor).for_each(|(w, f)| *w -= f);
        }
        self.factor = factor;
        self
    }

    /// The network as it evaluates: the factoriser, if any, folded into
    /// every bucket (each sum held within the weights' clip, so the
    /// quantised network is the one trained).
    fn live(&self) -> std::borrow::Cow<'_, FloatNet> {
        if self.factor.is_empty() {
            return std::borrow::Cow::Borrowed(self);
        }
        let shared = self.factor.len();
        let w1 = self
            .w1
            .chunks(shared)
            .flat_map(|copy| {
                copy.iter()
                    .zip(&self.factor)
                    .map(|(w, f)| (w + f).clamp(-WEIGHT_CLIP, WEIGHT_CLIP))
            })
            .collect();
        std::borrow::Cow::Owned(FloatNet {
            w1,
            b1: self.b1.clone(),
            w2: self.w2.clone(),
            b2: self.b2.clone(),
            factor: Vec::new(),
        })
    }

    /// Accumulator of one perspective.
    fn accumulate(&self, features: &[u16]) -> Vec<f32> {
        let h = self.b1.len();
        let mut acc = self.b1.clone();
        for &f in features {
            let column = &self.w1[f as usize * h..(f as usize + 1) * h];
            acc.iter_mut().zip(column).for_each(|(a, w)| *a += w);
        }
        acc
    }

    /// The raw output (centipawns / SCALE) and the two accumulators.
    pub(super) fn forward(&self, sample: &Sample) -> (f32, [Vec<f32>; 2]) {
        let h = self.b1.len();
        let accs = [
            self.accumulate(&sample.features[0]),
            self.accumulate(&sample.features[1]),
        ];
        let bucket = usize::from(sample.bucket);
        let mut out = self.b2[bucket];
        for (side, acc) in accs.iter().enumerate() {
            let start = (2 * bucket + side) * h;
            let weights = &self.w2[start..start + h];
            out += acc
                .iter()
                .zip(weights)
                .map(|(a, w)| {
                    let c = a.clamp(0.0, 1.0);
                    c * c * w
                })
                .sum::<f32>();
        }
        (out, accs)
    }

    /// Adds one sample's gradient of the squared error to `grads`.
    fn backward(&self, sample: &Sample, grads: &mut Grads) {
        let (out, accs) = self.forward(sample);
        let pred = sigmoid(out);
        let error = pred - sample.target;
        grads.loss += f64::from(error * error);
        let g = 2.0 * error * pred * (1.0 - pred);
        let bucket = usize::from(sample.bucket);
        grads.b2[bucket] += g;
        let h = self.b1.len();
        for (side, acc) in accs.iter().enumerate() {
            let start = (2 * bucket + side) * h;
            let mut d_acc = vec![0.0f32; h];
            for n in 0..h {
                let a = acc[n];
                let c = a.clamp(0.0, 1.0);
                grads.w2[start + n] += g * c * c;
                if a > 0.0 && a < 1.0 {
                    d_acc[n] = g * self.w2[start + n] * 2.0 * a;
                }
            }
            let d_acc = &d_acc;
            grads.b1.iter_mut().zip(d_acc).for_each(|(b, d)| *b += d);
            for &f in &sample.features[side] {
                let column = &mut grads.w1[f as usize * h..(f as usize + 1) * h];
                column.iter_mut().zip(d_acc).for_each(|(w, d)| *w += d);
            }
        }
    }

    /// The float weights a quantised network stands for.
    pub(super) fn from_quantised(net: &Network) -> FloatNet {
        let dequantise = |v: &i16, scale: i32| f32::from(*v) / scale as f32;
        FloatNet {
            w1: net
                .feature_weights
                .iter()
                .map(|w| dequantise(w, QA))
                .collect(),
            b1: net.feature_bias.iter().map(|b| dequantise(b, QA)).collect(),
            w2: net
                .output_weights
                .iter()
                .map(|w| dequantise(w, QB))
                .collect(),
            b2: net
                .output_bias
                .iter()
                .map(|&b| b as f32 / (QA * QB) as f32)
                .collect(),
            factor: Vec::new(),
        }
    }

    /// The starting network of `features`: `settings.init` read and
    /// checked against the asked shape (a plain network of the game
    /// starting a king-bucketed run is copied into every king bucket first,
    /// a one-bucket network into every output bucket), or random weights.
    fn initial(
        settings: &TrainSettings,
        game: &GameInfo,
        features: FeatureSet,
        rng: &mut Rng,
    ) -> Result<FloatNet, String> {
        let (hidden, buckets) = (settings.hidden, settings.buckets);
        let inputs = features.inputs as usize;
        let Some(path) = &settings.init else {
            return Ok(FloatNet::random(inputs, hidden, buckets, rng));
        };
        let mut net = Network::read_file(path)?;
        if Some(features) == game.bucketed && net.features == game.features {
            net = net.copied_to_buckets(features);
        }
        if net.buckets() == 1 && buckets > 1 {
            net = net.copied_to_output_buckets(buckets);
        }
        if net.features != features || net.hidden() > hidden || net.buckets() != buckets {
            return Err(format!(
                "{} is a {}→{} network with {} output buckets; this run trains {}→{hidden} with {buckets} (--hidden, --buckets; a network is widened, never narrowed)",
                path.display(),
                net.features.inputs,
                net.hidden(),
                net.buckets(),
                inputs
            ));
        }
        let start = FloatNet::from_quantised(&net);
        Ok(if net.hidden() < hidden {
            start.widened(hidden, rng)
        } else {
            start
        })
    }

    /// This network with `hidden` neurons: its own first, then new ones
    /// with random input weights and biases and zero output weights, so the
    /// wider network computes the same function (Net2Net's widening) and
    /// training grows the new neurons from there.
    fn widened(&self, hidden: usize, rng: &mut Rng) -> FloatNet {
        let old = self.b1.len();
        let added = hidden - old;
        let inputs = self.w1.len() / old;
        let fresh = FloatNet::random(inputs, added, self.b2.len(), rng);
        let w1 = self
            .w1
            .chunks(old)
            .zip(fresh.w1.chunks(added))
            .flat_map(|(own, new)| own.iter().chain(new))
            .copied()
            .collect();
        let w2 = self
            .w2
            .chunks(old)
            .flat_map(|own| own.iter().copied().chain(std::iter::repeat_n(0.0, added)))
            .collect();
        FloatNet {
            w1,
            b1: [self.b1.as_slice(), &fresh.b1].concat(),
            w2,
            b2: self.b2.clone(),
            factor: Vec::new(),
        }
    }

    fn quantised(&self, features: FeatureSet) -> Network {
        let q = |v: f32, scale: i32| (v * scale as f32).round() as i16;
        Network {
            features,
            feature_weights: self.w1.iter().map(|&w| q(w, QA)).collect(),
            feature_bias: self.b1.iter().map(|&b| q(b, QA)).collect(),
            output_weights: self.w2.iter().map(|&w| q(w, QB)).collect(),
            output_bias: self
                .b2
                .iter()
                .map(|&b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
        }
    }
}

/// Adam's state.
struct Adam {
    m: Grads,
    v: Grads,
    step: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn update(&mut self, net: &mut FloatNet, grads: &Grads, scale: f32, lr: f32) {
        self.step += 1;
        let correction1 = 1.0 - Self::BETA1.powi(self.step);
        let correction2 = 1.0 - Self::BETA2.powi(self.step);
        let step = |w: &mut f32, g: f32, m: &mut f32, v: &mut f32, clip: f32| {
            let g = g * scale;
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            let update = lr * (*m / correction1) / ((*v / correction2).sqrt() + Self::EPSILON);
            *w = (*w - update).clamp(-clip, clip);
        };
        let (m, v) = (&mut self.m, &mut self.v);
        for (weights, grads, m, v, clip) in [
            (&mut net.w1, &grads.w1, &mut m.w1, &mut v.w1, WEIGHT_CLIP),
            (&mut net.b1, &grads.b1, &mut m.b1, &mut v.b1, BIAS_CLIP),
            (&mut net.w2, &grads.w2, &mut m.w2, &mut v.w2, WEIGHT_CLIP),
            (&mut net.b2, &grads.b2, &mut m.b2, &mut v.b2, BIAS_CLIP),
            (
                &mut net.factor,
                &grads.factor,
                &mut m.factor,
                &mut v.factor,
                WEIGHT_CLIP,
            ),
        ] {
            for (((w, g), m), v) in weights.iter_mut().zip(grads).zip(m).zip(v) {
                step(w, *g, m, v, clip);
            }
        }
    }
}

/// The feature set a run trains: the game's plain or bucketed one.
fn trained_features(settings: &TrainSettings, game: &GameInfo) -> Result<FeatureSet, String> {
    if settings.factoriser && !settings.bucketed {
        return Err("--factoriser: only with --king-buckets (it is shared by the buckets)".into());
    }
    if !settings.bucketed {
        return Ok(game.features);
    }
    game.bucketed
        .ok_or_else(|| format!("--king-buckets: {} has no bucketed feature set", game.kind))
}

/// What a record becomes as a sample: the inputs, output buckets and
/// target of the network it trains or is measured on.
pub(super) struct SampleShape {
    /// Inputs of the game's king-bucketed feature set.
    pub bucketed: bool,
    /// Output buckets (by pieces on the board).
    pub buckets: usize,
    /// Share of the search score in the target (the rest the game's result).
    pub lambda: f32,
}

impl TrainSettings {
    fn sample_shape(&self) -> SampleShape {
        SampleShape {
            bucketed: self.bucketed,
            buckets: self.buckets,
            lambda: self.lambda,
        }
    }
}

/// The record's active features from both views, side to move first;
/// `mirrored` reads the board mirrored along its centre file.
pub(super) fn sample_of(
    record: &Record,
    shape: &SampleShape,
    game: &GameInfo,
    mirrored: bool,
) -> Sample {
    let mover = record.side_to_move as usize;
    let pieces: Vec<(usize, usize, usize)> = record
        .placed_pieces()
        .map(|p| {
            let square = p.square as usize;
            let square = if mirrored {
                (game.mirror_file)(square).unwrap_or(square)
            } else {
                square
            };
            (p.color as usize, p.kind as usize, square)
        })
        .collect();
    let per_piece: Vec<[usize; 2]> = if shape.bucketed {
        (game.bucketed_features)(&pieces)
    } else {
        pieces
            .iter()
            .map(|&(color, kind, square)| [0, 1].map(|p| (game.feature)(p, color, kind, square)))
            .collect()
    };
    let views = [mover, 1 - mover].map(|perspective| {
        per_piece
            .iter()
            .map(|f| f[perspective] as u16)
            .collect::<Vec<u16>>()
    });
    let score_target = sigmoid(f32::from(record.score) / SCALE as f32);
    let lambda = shape.lambda;
    Sample {
        bucket: output_bucket(views[0].len() as u32, shape.buckets, game.most_pieces) as u8,
        features: views,
        target: lambda * score_target + (1.0 - lambda) * record.result.as_target(),
    }
}

/// The records of the network's game in the data files, at most
/// `max_positions` of them (0: all).
pub(super) fn load(
    data: &[PathBuf],
    max_positions: usize,
    game: &GameInfo,
) -> Result<Vec<Record>, String> {
    let tag = game.tag;
    let mut records = Vec::new();
    for path in data {
        let reader =
            RecordReader::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        match reader.game() {
            Some(other) if other != tag => {
                return Err(format!(
                    "{} holds {} records (its header says so); this run trains {}",
                    path.display(),
                    games::name_of_tag(other),
                    game.kind
                ))
            }
            None if game.layout == RecordLayout::Headed => {
                return Err(format!(
                    "{} has no header (plain records of chess or xiangqi); {} records are in headed files",
                    path.display(),
                    game.kind
                ))
            }
            _ => {}
        }
        for record in reader {
            // A torn last record (a run still writing) ends the file.
            let Ok(record) = record else { break };
            if record.game == tag {
                records.push(record);
            }
            if max_positions > 0 && records.len() >= max_positions {
                return Ok(records);
            }
        }
    }
    Ok(records)
}

/// The records' games, as ranges: a data file holds each game's positions
/// in order, so a ply that does not rise starts the next game.
pub(super) fn games_of(records: &[Record]) -> Vec<Range<usize>> {
    let starts: Vec<usize> = std::iter::once(0)
        .chain((1..records.len()).filter(|&i| records[i].ply <= records[i - 1].ply))
        .collect();
    let ends = starts.iter().skip(1).copied().chain([records.len()]);
    starts.iter().zip(ends).map(|(&a, b)| a..b).collect()
}

/// The record indices with the validation ones first, and how many those
/// are (`share` of the records): whole games, shuffled, the validation share
/// taken from the first (at most one game is cut between the two). So the
/// validation loss is measured on games the network did not see: positions
/// of one game are alike and share its result, and a network that
/// remembers them would look better than it plays.
fn split_by_games(records: &[Record], share: f32, rng: &mut Rng) -> (Vec<usize>, usize) {
    let mut games = games_of(records);
    for i in (1..games.len()).rev() {
        games.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let held = ((records.len() as f32 * share) as usize).clamp(1, records.len() - 1);
    (games.into_iter().flatten().collect(), held)
}

/// Splits the records into (validation, training) samples
/// ([`split_by_games`]); training samples include the mirrored boards when
/// asked.
fn split_samples(
    records: Vec<Record>,
    settings: &TrainSettings,
    game: &GameInfo,
    rng: &mut Rng,
) -> (Vec<Sample>, Vec<Sample>) {
    let (order, held) = split_by_games(&records, settings.validation, rng);
    let shape = settings.sample_shape();
    let sample = |i: &usize, mirrored| sample_of(&records[*i], &shape, game, mirrored);
    let validation = order[..held].par_iter().map(|i| sample(i, false)).collect();
    let views: &[bool] = if settings.mirror {
        &[false, true]
    } else {
        &[false]
    };
    let training = order[held..]
        .par_iter()
        .flat_map_iter(|i| views.iter().map(move |&m| sample(i, m)))
        .collect();
    (validation, training)
}

fn mean_loss(net: &FloatNet, samples: &[&Sample]) -> f64 {
    let total = samples
        .par_chunks(4096)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| {
                    let e = sigmoid(net.forward(s).0) - s.target;
                    f64::from(e * e)
                })
                .sum::<f64>()
        })
        .sum::<f64>();
    total / samples.len().max(1) as f64
}

/// How far the quantised network's evaluations are from the float
/// network's, in centipawns: (mean, largest, and the float network's mean
/// |evaluation| for scale) over `samples`.
fn quantisation_error(
    float: &FloatNet,
    quantised: &Network,
    samples: &[&Sample],
) -> (f64, i32, f64) {
    let mut total = 0.0;
    let mut worst = 0;
    let mut magnitude = 0.0;
    let output = OutputLayer::new(quantised);
    for sample in samples {
        let float_cp = (float.forward(sample).0 * SCALE as f32).round() as i32;
        magnitude += f64::from(float_cp.abs());
        let [us, them] = &sample.features;
        let acc: Accumulator = quantised.refresh(
            us.iter()
                .zip(them)
                .map(|(&us, &them)| [usize::from(us), usize::from(them)]),
        );
        // values[0] holds the side to move's view here.
        let quantised_cp = output.evaluate(&acc, 0, usize::from(sample.bucket));
        let diff = (quantised_cp - float_cp).abs();
        total += f64::from(diff);
        worst = worst.max(diff);
    }
    let count = samples.len().max(1) as f64;
    (total / count, worst, magnitude / count)
}

/// The largest mean quantisation error (centipawns) a trained network may
/// always have; above it and above [`QUANTISATION_TOLERANCE_SHARE`] the
/// run fails.
pub const QUANTISATION_TOLERANCE_CP: f64 = 5.0;

/// The largest mean quantisation error as a share of the mean |evaluation|
/// (xiangqi's scores run about twice chess's).
pub const QUANTISATION_TOLERANCE_SHARE: f64 = 0.02;

/// What a run measured.
#[derive(Clone, Debug)]
pub struct TrainReport {
    /// Training positions.
    pub training: usize,
    /// Validation positions.
    pub validation: usize,
    /// Final training loss.
    pub training_loss: f64,
    /// Final validation loss.
    pub validation_loss: f64,
    /// Mean |quantised − float| in centipawns over validation positions.
    pub quantisation_mean_cp: f64,
    /// Largest such difference.
    pub quantisation_max_cp: i32,
    /// Training speed, positions per second.
    pub positions_per_second: f64,
}

/// Trains, writing the quantised network after every epoch.
pub fn train(settings: &TrainSettings) -> Result<TrainReport, String> {
    let game = games::describe(settings.variant)?;
    let features = trained_features(settings, &game)?;
    if settings.mirror && (game.mirror_file)(0).is_none() {
        return Err(format!(
            "--mirror: {} has no mirror augmentation (its board is not symmetric along the centre file)",
            game.kind
        ));
    }
    let records = load(&settings.data, settings.max_positions, &game)?;
    if records.len() < 2 {
        return Err(format!("{} usable positions: too few", records.len()));
    }
    let mut rng = Rng::new(settings.seed);
    let (validation, samples) = split_samples(records, settings, &game, &mut rng);
    let held = validation.len();
    let validation: Vec<&Sample> = validation.iter().collect();
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let inputs = features.inputs as usize;
    let (hidden, buckets) = (settings.hidden, settings.buckets);
    let mut net = FloatNet::initial(settings, &game, features, &mut rng)?;
    if settings.factoriser {
        net = net.factorised(game.features.inputs as usize);
    }
    let shared = net.factor.len();
    let mut adam = Adam {
        m: Grads::zeros(inputs, hidden, buckets, shared),
        v: Grads::zeros(inputs, hidden, buckets, shared),
        step: 0,
    };
    let batch = settings.batch.max(1);
    let threads = rayon::current_num_threads().max(1);
    let began = Instant::now();
    let mut trained = 0usize;
    let mut training_loss = 0.0;
    let mut validation_loss = 0.0;
    eprintln!(
        "training a {}→{hidden} network{} with {buckets} output buckets on {} positions, validating on {held}; {} epochs, batch {batch}",
        inputs,
        if shared > 0 { " and a factoriser" } else { "" },
        order.len(),
        settings.epochs
    );
    if settings.init.is_some() {
        eprintln!(
            "the starting network: validation loss {:.6}",
            mean_loss(&net.live(), &validation)
        );
    }
    for epoch in 0..settings.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let lr = if epoch * 10 >= settings.epochs * 7 {
            settings.lr * 0.1
        } else {
            settings.lr
        };
        let mut epoch_loss = 0.0;
        for indices in order.chunks(batch) {
            let part = indices.len().div_ceil(threads);
            let live = net.live();
            let mut grads = indices
                .par_chunks(part.max(1))
                .map(|chunk| {
                    let mut grads = Grads::zeros(inputs, hidden, buckets, 0);
                    for &i in chunk {
                        live.backward(&samples[i], &mut grads);
                    }
                    grads
                })
                .reduce(|| Grads::zeros(inputs, hidden, buckets, 0), Grads::add);
            drop(live);
            grads.set_factor_gradient(shared);
            epoch_loss += grads.loss;
            adam.update(&mut net, &grads, 1.0 / indices.len() as f32, lr);
            trained += indices.len();
        }
        training_loss = epoch_loss / order.len() as f64;
        validation_loss = mean_loss(&net.live(), &validation);
        let speed = trained as f64 / began.elapsed().as_secs_f64().max(1e-3);
        eprintln!(
            "epoch {:>3}: training loss {training_loss:.6}, validation loss {validation_loss:.6}, lr {lr}, {speed:.0} positions/s",
            epoch + 1
        );
        write(settings, &net.live().quantised(features))?;
    }
    let net = net.live();
    let quantised = net.quantised(features);
    let check: Vec<&Sample> = validation.iter().take(20_000).copied().collect();
    let (mean, max, magnitude) = quantisation_error(&net, &quantised, &check);
    let tolerance = QUANTISATION_TOLERANCE_CP.max(QUANTISATION_TOLERANCE_SHARE * magnitude);
    eprintln!(
        "quantised vs float on {} positions: mean {mean:.2} cp, max {max} cp (mean |evaluation| {magnitude:.0} cp, tolerance {tolerance:.2} cp)",
        check.len()
    );
    if mean > tolerance {
        return Err(format!(
            "the quantised network is {mean:.2} cp from the float one on average (tolerance {tolerance:.2})"
        ));
    }
    write(settings, &quantised)?;
    Ok(TrainReport {
        training: order.len(),
        validation: held,
        training_loss,
        validation_loss,
        quantisation_mean_cp: mean,
        quantisation_max_cp: max,
        positions_per_second: trained as f64 / began.elapsed().as_secs_f64().max(1e-3),
    })
}

fn write(settings: &TrainSettings, net: &Network) -> Result<(), String> {
    let temporary = settings.out.with_extension("partial");
    std::fs::write(&temporary, net.to_bytes())
        .and_then(|_| std::fs::rename(&temporary, &settings.out))
        .map_err(|e| format!("cannot write {}: {e}", settings.out.display()))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::learn::record::{PlacedPiece, RecordResult, RecordWriter};
    use std::collections::HashSet;
    use std::path::Path;

    /// Records where the side to move is a rook up (a1 rook present) and
    /// wins, or is a rook down and loses: a network must learn the sign.
    fn rook_records(count: usize) -> Vec<Record> {
        let mut rng = Rng::new(5);
        (0..count)
            .map(|i| {
                let mover = (i % 2) as u8;
                let up = i % 4 < 2;
                let rook_color = if up { mover } else { 1 - mover };
                let mut pieces = vec![
                    PlacedPiece {
                        square: 4,
                        color: 0,
                        kind: 5,
                    },
                    PlacedPiece {
                        square: 60,
                        color: 1,
                        kind: 5,
                    },
                ];
                let square = 8 + rng.below(40) as u8;
                pieces.push(PlacedPiece {
                    square,
                    color: rook_color,
                    kind: 3,
                });
                let (score, result) = if up {
                    (500, RecordResult::Win)
                } else {
                    (-500, RecordResult::Loss)
                };
                let chess = games::describe(VariantKind::Chess).unwrap().tag;
                Record::new(chess, &pieces, mover, score, result, 20).unwrap()
            })
            .collect()
    }

    #[test]
    fn validation_takes_whole_games() {
        let mut records = rook_records(7);
        for (record, ply) in records.iter_mut().zip([8, 9, 10, 8, 9, 12, 3]) {
            record.ply = ply;
        }
        assert_eq!(games_of(&records), vec![0..3, 3..6, 6..7]);
        // 50 games of 10 positions (plies 8..18): a fifth held out.
        let mut records = rook_records(500);
        for (i, record) in records.iter_mut().enumerate() {
            record.ply = 8 + (i % 10) as u16;
        }
        let (order, held) = split_by_games(&records, 0.2, &mut Rng::new(3));
        assert_eq!(held, 100);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..500).collect::<Vec<_>>());
        let games = |part: &[usize]| part.iter().map(|i| i / 10).collect::<HashSet<_>>();
        let (validation, training) = (games(&order[..held]), games(&order[held..]));
        assert!(validation.intersection(&training).count() <= 1);
        assert!(
            validation.len() >= 10 && validation.len() < 50,
            "{validation:?}"
        );
    }

    /// A fresh folder holding `rooks.bin` with `count` rook records.
    pub(in crate::learn) fn rook_data(name: &str, count: usize) -> (PathBuf, PathBuf) {
        let dir = std::env::temp_dir().join(format!("timur-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("rooks.bin");
        let _ = std::fs::remove_file(&data);
        let (mut writer, _) = RecordWriter::append(&data, 0).unwrap();
        writer.write_all(&rook_records(count)).unwrap();
        (dir, data)
    }

    pub(in crate::learn) fn small_run(
        data: &Path,
        out: &Path,
        lr: f32,
        init: Option<PathBuf>,
    ) -> TrainSettings {
        TrainSettings {
            variant: VariantKind::Chess,
            hidden: 16,
            buckets: 2,
            bucketed: false,
            factoriser: false,
            data: vec![data.to_path_buf()],
            epochs: 1,
            batch: 256,
            lr,
            lambda: 0.5,
            validation: 0.1,
            max_positions: 0,
            mirror: false,
            seed: 4,
            out: out.to_path_buf(),
            init,
        }
    }

    #[test]
    fn a_run_from_a_network_starts_from_its_weights() {
        let (dir, data) = rook_data("train-init", 1000);
        let first = dir.join("first.tmnn");
        train(&small_run(&data, &first, 0.01, None)).unwrap();
        let again = dir.join("again.tmnn");
        // A vanishing learning rate leaves the loaded weights as they were.
        train(&small_run(&data, &again, 1e-9, Some(first.clone()))).unwrap();
        assert_eq!(
            std::fs::read(&first).unwrap(),
            std::fs::read(&again).unwrap()
        );
        let fresh = dir.join("fresh.tmnn");
        train(&small_run(&data, &fresh, 1e-9, None)).unwrap();
        assert_ne!(
            std::fs::read(&first).unwrap(),
            std::fs::read(&fresh).unwrap()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_plain_network_starts_a_king_bucketed_run_in_every_bucket() {
        let (dir, data) = rook_data("train-plain-to-buckets", 1000);
        let plain = dir.join("plain.tmnn");
        train(&small_run(&data, &plain, 0.01, None)).unwrap();
        let bucketed = dir.join("bucketed.tmnn");
        let mut settings = small_run(&data, &bucketed, 1e-9, Some(plain.clone()));
        settings.bucketed = true;
        train(&settings).unwrap();
        let (plain, bucketed) = (
            Network::read_file(&plain).unwrap(),
            Network::read_file(&bucketed).unwrap(),
        );
        let chess = games::describe(VariantKind::Chess).unwrap();
        assert_eq!(Some(bucketed.features), chess.bucketed);
        for copy in bucketed.feature_weights.chunks(plain.feature_weights.len()) {
            assert_eq!(copy, plain.feature_weights.as_slice());
        }
        assert_eq!(bucketed.feature_bias, plain.feature_bias);
        assert_eq!(bucketed.output_weights, plain.output_weights);
        assert_eq!(bucketed.output_bias, plain.output_bias);
        // A bucketed network is not a plain run's start.
        let mut back = small_run(&data, &dir.join("back.tmnn"), 1e-9, None);
        back.init = Some(dir.join("bucketed.tmnn"));
        assert!(train(&back).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_one_bucket_network_starts_every_output_bucket() {
        let (dir, data) = rook_data("train-one-to-output-buckets", 1000);
        let single = dir.join("single.tmnn");
        let mut one = small_run(&data, &single, 0.01, None);
        one.buckets = 1;
        train(&one).unwrap();
        let split = dir.join("split.tmnn");
        let mut four = small_run(&data, &split, 1e-9, Some(single.clone()));
        four.buckets = 4;
        train(&four).unwrap();
        let (single, split) = (
            Network::read_file(&single).unwrap(),
            Network::read_file(&split).unwrap(),
        );
        assert_eq!(split.buckets(), 4);
        assert_eq!(split.feature_weights, single.feature_weights);
        for copy in split.output_weights.chunks(single.output_weights.len()) {
            assert_eq!(copy, single.output_weights.as_slice());
        }
        assert_eq!(split.output_bias, single.output_bias.repeat(4));
        // Buckets are never merged back into one.
        let mut back = small_run(
            &data,
            &dir.join("back.tmnn"),
            1e-9,
            Some(dir.join("split.tmnn")),
        );
        back.buckets = 1;
        assert!(train(&back).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_narrower_network_is_widened_to_the_same_evaluations() {
        let (dir, data) = rook_data("train-widen", 300);
        let narrow = dir.join("narrow.tmnn");
        train(&small_run(&data, &narrow, 0.01, None)).unwrap();
        let wide = dir.join("wide.tmnn");
        let mut widening = small_run(&data, &wide, 1e-9, Some(narrow.clone()));
        widening.hidden = 32;
        train(&widening).unwrap();
        let read = |path: &Path| Network::from_bytes(&std::fs::read(path).unwrap()).unwrap();
        let (narrow_net, wide_net) = (read(&narrow), read(&wide));
        assert_eq!((narrow_net.hidden(), wide_net.hidden()), (16, 32));
        let chess = games::describe(VariantKind::Chess).unwrap();
        for rook in [20, 27, 36, 43] {
            for (white, black, bucket) in [(4, 60, 0), (6, 58, 1)] {
                let pieces = [(0, 5, white), (1, 5, black), (rook % 2, 3, rook)];
                let evaluations = |net: &Network| {
                    let features = pieces
                        .iter()
                        .map(|&(c, k, s)| [0, 1].map(|p| (chess.feature)(p, c, k, s)));
                    let acc: Accumulator = net.refresh(features);
                    [0, 1].map(|side| net.evaluate(&acc, side, bucket))
                };
                assert_eq!(evaluations(&narrow_net), evaluations(&wide_net));
            }
        }
        // The new neurons have input weights to grow from.
        let added = wide_net
            .feature_weights
            .chunks(32)
            .filter(|column| column[16..].iter().any(|&w| w != 0))
            .count();
        assert!(added > 0);
        // A network is never narrowed.
        let mut narrowing = small_run(&data, &dir.join("narrower.tmnn"), 0.01, Some(wide));
        narrowing.hidden = 16;
        let error = train(&narrowing).err().unwrap();
        assert!(
            error.contains("768→32 network with 2 output buckets"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_small_run_learns_the_sign_of_material_and_quantises_faithfully() {
        learns_the_sign_of_material(false);
    }

    #[test]
    fn a_king_bucketed_run_learns_it_too_with_the_mirror() {
        learns_the_sign_of_material(true);
    }

    #[test]
    fn king_buckets_are_refused_for_a_game_without_them() {
        let (dir, data) = rook_data("train-no-buckets", 300);
        let mut settings = small_run(&data, &dir.join("net.tmnn"), 0.01, None);
        settings.variant = VariantKind::Tamerlane;
        settings.bucketed = true;
        let error = train(&settings).err().unwrap();
        assert!(error.contains("no bucketed feature set"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A run (king-bucketed if `bucketed`, on mirrored samples too) learns
    /// that a rook up wins, as the game's own accumulators evaluate it.
    fn learns_the_sign_of_material(bucketed: bool) {
        let (dir, data) = rook_data(&format!("train-{bucketed}"), 4000);
        let out = dir.join("net.tmnn");
        let settings = TrainSettings {
            variant: VariantKind::Chess,
            hidden: 32,
            buckets: 2,
            bucketed,
            factoriser: false,
            data: vec![data],
            epochs: 8,
            batch: 256,
            lr: 0.01,
            lambda: 0.5,
            validation: 0.1,
            max_positions: 0,
            mirror: true,
            seed: 3,
            out: out.clone(),
            init: None,
        };
        let report = train(&settings).unwrap();
        assert!(report.validation_loss < 0.05, "{report:?}");
        assert!(report.quantisation_mean_cp <= QUANTISATION_TOLERANCE_CP);
        let net = Network::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
        let chess = games::describe(VariantKind::Chess).unwrap();
        let expected = if bucketed {
            chess.bucketed.unwrap()
        } else {
            chess.features
        };
        assert_eq!(net.features, expected);
        // Kings e1 and e8 (both on the mirrored side), a white rook on e3.
        let pieces = [(0, 5, 4), (1, 5, 60), (0, 3, 20)];
        let features: Vec<[usize; 2]> = if bucketed {
            (chess.bucketed_features)(&pieces)
        } else {
            pieces
                .iter()
                .map(|&(c, k, s)| [0, 1].map(|p| (chess.feature)(p, c, k, s)))
                .collect()
        };
        let up: Accumulator = net.refresh(features.into_iter());
        let bucket = net.bucket(3, 32);
        let (white, black) = (net.evaluate(&up, 0, bucket), net.evaluate(&up, 1, bucket));
        assert!(white > 100 && black < -100, "rook up {white}, down {black}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_factorised_run_from_a_plain_network_starts_from_its_evaluations() {
        let (dir, data) = rook_data("train-factor-start", 1000);
        let plain = dir.join("plain.tmnn");
        train(&small_run(&data, &plain, 0.01, None)).unwrap();
        let copied = dir.join("copied.tmnn");
        let mut settings = small_run(&data, &copied, 1e-9, Some(plain.clone()));
        settings.bucketed = true;
        train(&settings).unwrap();
        let factorised = dir.join("factorised.tmnn");
        settings.out = factorised.clone();
        settings.factoriser = true;
        train(&settings).unwrap();
        assert_eq!(
            std::fs::read(&copied).unwrap(),
            std::fs::read(&factorised).unwrap()
        );
        // Without king buckets there is nothing to factorise.
        settings.bucketed = false;
        let error = train(&settings).err().unwrap();
        assert!(error.contains("--factoriser"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_factoriser_teaches_king_buckets_no_position_reached() {
        // Every rook record has its kings on e1 and e8: input bucket 1 for
        // both views. The factorised network learns the rook's sign in
        // bucket 3 too (kings on a4 and a5); the bucket's own weights,
        // never trained, do not know it.
        let rook_up_far = |factoriser: bool| {
            let (dir, data) = rook_data(&format!("train-factor-{factoriser}"), 4000);
            let out = dir.join("net.tmnn");
            let mut settings = small_run(&data, &out, 0.01, None);
            settings.bucketed = true;
            settings.factoriser = factoriser;
            settings.hidden = 32;
            settings.epochs = 8;
            settings.seed = 3;
            train(&settings).unwrap();
            let net = Network::read_file(&out).unwrap();
            let chess = games::describe(VariantKind::Chess).unwrap();
            let evaluate = |pieces: &[(usize, usize, usize)]| {
                let acc: Accumulator = net.refresh((chess.bucketed_features)(pieces).into_iter());
                let bucket = net.bucket(3, 32);
                [net.evaluate(&acc, 0, bucket), net.evaluate(&acc, 1, bucket)]
            };
            let near = evaluate(&[(0, 5, 4), (1, 5, 60), (0, 3, 20)]);
            let far = evaluate(&[(0, 5, 24), (1, 5, 32), (0, 3, 20)]);
            std::fs::remove_dir_all(&dir).unwrap();
            (near, far)
        };
        let (near, far) = rook_up_far(true);
        assert!(near[0] > 100 && near[1] < -100, "{near:?}");
        assert!(far[0] > 100 && far[1] < -100, "{far:?}");
        let (near, far) = rook_up_far(false);
        assert!(near[0] > 100 && near[1] < -100, "{near:?}");
        assert!(!(far[0] > 100 && far[1] < -100), "{far:?}");
    }
}
