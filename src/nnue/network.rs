//! A quantised perspective network, (F → H)×2 → 1 with SCReLU and B output
//! buckets, and its file format. H is the file's: any multiple of 16 up to
//! [`MAX_HIDDEN`]; B from 1 to [`MAX_BUCKETS`].
//!
//! The side to move's accumulator and the other side's are each the feature
//! bias plus one column of `feature_weights` per active feature; the output
//! is `Σ screlu(us)·w[..H] + Σ screlu(them)·w[H..] + bias` with the weights
//! and bias of the position's bucket (chosen by how many pieces are on the
//! board, [`output_bucket`]), where `screlu(x) = clamp(x, 0, QA)²`. Weights
//! are int16: feature weights and biases scaled by [`QA`], output weights by
//! [`QB`]; output biases are in `QA·QB` units. The evaluation in centipawns
//! is `output · SCALE / (QA·QB)`.
//!
//! File layout (little endian): magic `TMNN`, version u32 (2), feature set
//! id u32 (a [`FeatureSet`]'s: whose features), F u32, H u32, B u32, then
//! `feature_weights` (F·H i16, feature-major), `feature_bias` (H i16), `output_weights` (B·2H i16),
//! `output_bias` (B i32), and last an FNV-1a 64 checksum of everything
//! before it. Version 1 files (no B word, one bucket) still read.

use super::features::{FeatureSet, MAX_INPUTS};
use super::values::{Heap, Values};
use crate::files;
use arrayvec::ArrayVec;
use std::io::Read;
use std::path::Path;

/// The most hidden neurons per perspective a network may have
/// (accumulators hold the network's own H values).
pub const MAX_HIDDEN: usize = 1024;

/// Hidden sizes are multiples of this (whole vector registers).
pub const HIDDEN_STEP: usize = 16;

/// Whether `hidden` is a size networks may have.
pub const fn valid_hidden(hidden: usize) -> bool {
    hidden > 0 && hidden <= MAX_HIDDEN && hidden.is_multiple_of(HIDDEN_STEP)
}

/// Quantisation of the feature layer (1.0 = `QA`).
pub const QA: i32 = 255;
/// Quantisation of the output weights (1.0 = `QB`).
pub const QB: i32 = 256;
/// Centipawns per unit of network output.
pub const SCALE: i32 = 400;

/// The most output buckets a network may have.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `pieces` pieces on the board
/// (royals included) among `buckets`: equal slices of 2..=`most_pieces`
/// pieces (the game's [`crate::nnue::features::Features::MOST_PIECES`]).
#[inline]
pub fn output_bucket(pieces: u32, buckets: usize, most_pieces: u32) -> usize {
    let span = most_pieces.saturating_sub(1).max(1) as usize;
    (pieces.saturating_sub(2) as usize * buckets / span).min(buckets - 1)
}

const MAGIC: &[u8; 4] = b"TMNN";
const VERSION: u32 = 2;
/// The bytes that hold a file's header (a version-1 header is shorter).
const HEAD_BYTES: usize = 28;

/// What a file's header says: the network's shape and where its parts lie.
struct Layout {
    features: FeatureSet,
    hidden: usize,
    buckets: usize,
    /// Where the weights start.
    body: usize,
    /// The whole file's length.
    length: usize,
}

/// The two accumulators of a position: index 0 White's view, 1 Black's,
/// in the layout `V` ([`Heap`] unless said).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator<V = Heap> {
    /// Per perspective, the network's H hidden values (the first H lanes).
    pub values: [V; 2],
}

/// One feature change of a move: where the feature's column starts in
/// `feature_weights` for each perspective, and whether it is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    columns: [u32; 2],
    add: bool,
}

/// The evaluation in centipawns of an output layer's `sum` (`Σ clamp(c)²·w`
/// over both perspectives) with its bucket's `bias`.
#[inline]
pub(crate) fn centipawns(sum: i64, bias: i32) -> i32 {
    let output = sum / i64::from(QA) + i64::from(bias);
    (output * i64::from(SCALE) / i64::from(QA * QB)) as i32
}

/// Adds `column` to `values` (or subtracts it), lane by lane.
#[inline(always)]
fn change_values(values: &mut [i16], column: &[i16], add: bool) {
    if add {
        values
            .iter_mut()
            .zip(column)
            .for_each(|(v, w)| *v = v.wrapping_add(*w));
    } else {
        values
            .iter_mut()
            .zip(column)
            .for_each(|(v, w)| *v = v.wrapping_sub(*w));
    }
}

/// A loaded network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// What it reads.
    pub features: FeatureSet,
    /// `F·H`, feature-major.
    pub feature_weights: Vec<i16>,
    /// `H`.
    pub feature_bias: Vec<i16>,
    /// `B·2H`: per bucket, the side to move's half first.
    pub output_weights: Vec<i16>,
    /// `B`, in `QA·QB` units.
    pub output_bias: Vec<i32>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Network {
    /// A network of all zeros (outputs 0) for `features`, with `hidden`
    /// neurons per perspective (a [`valid_hidden`] size) and one output
    /// bucket.
    pub fn zeros(features: FeatureSet, hidden: usize) -> Network {
        Network::zeros_bucketed(features, hidden, 1)
    }

    /// [`Network::zeros`] with `buckets` output buckets (1..=[`MAX_BUCKETS`]).
    pub fn zeros_bucketed(features: FeatureSet, hidden: usize, buckets: usize) -> Network {
        Network {
            features,
            feature_weights: vec![0; features.inputs as usize * hidden],
            feature_bias: vec![0; hidden],
            output_weights: vec![0; buckets * 2 * hidden],
            output_bias: vec![0; buckets],
        }
    }

    /// This plain network as one of the bucketed set `bucketed` (whose
    /// inputs are copies of this network's): its feature weights in every
    /// copy, the rest unchanged. It evaluates as this one wherever a view
    /// is not mirrored, and a mirrored view reads the mirrored board.
    pub fn copied_to_buckets(self, bucketed: FeatureSet) -> Network {
        let copies = (bucketed.inputs / self.features.inputs) as usize;
        debug_assert_eq!(
            copies * self.features.inputs as usize,
            bucketed.inputs as usize
        );
        Network {
            features: bucketed,
            feature_weights: self.feature_weights.repeat(copies),
            ..self
        }
    }

    /// This one-bucket network with `buckets` output buckets, each a copy
    /// of its output layer: it evaluates as this one at every piece count,
    /// and training then lets the buckets part.
    pub fn copied_to_output_buckets(self, buckets: usize) -> Network {
        debug_assert_eq!(self.buckets(), 1);
        Network {
            output_weights: self.output_weights.repeat(buckets),
            output_bias: self.output_bias.repeat(buckets),
            ..self
        }
    }

    /// Reads a network file: its header first, then no more bytes than the
    /// header describes (an endless stream or a huge file is refused at
    /// once). The error names the file and says what is wrong.
    pub fn read_file(path: &Path) -> Result<Network, String> {
        let mut file = files::open(path)?;
        let mut head = Vec::new();
        (&mut file)
            .take(HEAD_BYTES as u64)
            .read_to_end(&mut head)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let length = Network::layout(&head)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .length;
        // Longer than its header says: a foreign file, refused unread.
        let bytes = files::read_at_most(head.chain(file), length as u64, path)?;
        Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a network file's bytes; the error says what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let Layout {
            features,
            hidden,
            buckets,
            body,
            length: expected,
        } = Network::layout(bytes)?;
        let inputs = features.inputs as usize;
        let count = inputs * hidden + hidden + buckets * 2 * hidden;
        if bytes.len() != expected {
            return Err(format!(
                "{} bytes: a {inputs}→{hidden} network with {buckets} buckets has {expected} (truncated or foreign)",
                bytes.len()
            ));
        }
        let stored = u64::from_le_bytes(bytes[expected - 8..].try_into().unwrap_or([0; 8]));
        if stored != fnv1a(&bytes[..expected - 8]) {
            return Err("checksum mismatch (damaged file)".into());
        }
        let mut values = bytes[body..body + 2 * count]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<i16>>();
        let feature_weights = take(inputs * hidden);
        let feature_bias = take(hidden);
        let output_weights = take(buckets * 2 * hidden);
        let output_bias = bytes[body + 2 * count..expected - 8]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Network {
            features,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        })
    }

    /// The layout a file's header (its first [`HEAD_BYTES`] bytes at least)
    /// describes; the error says what is wrong with it.
    fn layout(bytes: &[u8]) -> Result<Layout, String> {
        if bytes.len() < HEAD_BYTES {
            return Err(format!("{} bytes: too short for a network", bytes.len()));
        }
        if &bytes[0..4] != MAGIC {
            return Err("not a timur network (bad magic)".into());
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let version = word(4);
        if version != 1 && version != VERSION {
            return Err(format!(
                "network version {version} (this build reads 1 and {VERSION})"
            ));
        }
        let features = FeatureSet {
            id: word(8),
            inputs: word(12),
        };
        let (inputs, hidden) = (features.inputs as usize, word(16) as usize);
        if !(1..=MAX_INPUTS).contains(&features.inputs) || !valid_hidden(hidden) {
            return Err(format!(
                "network shape {inputs}→{hidden} (this build reads 1 to {MAX_INPUTS} inputs → H, H a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN})"
            ));
        }
        let (buckets, body) = if version == 1 {
            (1, 20)
        } else {
            (word(20) as usize, 24)
        };
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!(
                "{buckets} output buckets (this build reads 1 to {MAX_BUCKETS})"
            ));
        }
        let count = inputs * hidden + hidden + buckets * 2 * hidden;
        Ok(Layout {
            features,
            hidden,
            buckets,
            body,
            length: body + 2 * count + 4 * buckets + 8,
        })
    }

    /// The same network with its output (weights and bias) multiplied by
    /// `factor` (halves rounded to even): evaluations scale by it.
    pub fn with_output_scaled(&self, factor: f64) -> Network {
        let scale = |v: i16| {
            (f64::from(v) * factor)
                .round_ties_even()
                .clamp(-32768.0, 32767.0) as i16
        };
        Network {
            output_weights: self.output_weights.iter().map(|&w| scale(w)).collect(),
            output_bias: self
                .output_bias
                .iter()
                .map(|&b| (f64::from(b) * factor).round_ties_even() as i32)
                .collect(),
            ..self.clone()
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        for word in [
            VERSION,
            self.features.id,
            self.features.inputs,
            self.hidden() as u32,
            self.buckets() as u32,
        ] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        for v in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for bias in &self.output_bias {
            out.extend_from_slice(&bias.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// H: hidden neurons per perspective (one bias each).
    #[inline]
    pub fn hidden(&self) -> usize {
        self.feature_bias.len()
    }

    /// B: output buckets.
    #[inline]
    pub fn buckets(&self) -> usize {
        self.output_bias.len()
    }

    /// The output bucket of a position with `pieces` pieces on the board
    /// in a game that starts with at most `most_pieces`.
    #[inline]
    pub fn bucket(&self, pieces: u32, most_pieces: u32) -> usize {
        output_bucket(pieces, self.buckets(), most_pieces)
    }

    /// Accumulators holding only the bias.
    pub fn bias<V: Values>(&self) -> Accumulator<V> {
        Accumulator {
            values: [V::new(&self.feature_bias), V::new(&self.feature_bias)],
        }
    }

    /// Accumulators for a set of pieces, each given as its feature from
    /// White's and from Black's view ([`super::features::Features::features`]).
    pub fn refresh<V: Values>(&self, pieces: impl Iterator<Item = [usize; 2]>) -> Accumulator<V> {
        let mut acc = self.bias();
        for features in pieces {
            self.add(&mut acc, features);
        }
        acc
    }

    /// The change a piece with `features` (White's view, Black's) makes
    /// arriving (`add`) or leaving, for [`Network::apply`] and
    /// [`Network::update`].
    #[inline]
    pub fn change(&self, features: [usize; 2], add: bool) -> Change {
        Change {
            columns: features.map(|feature| (feature * self.hidden()) as u32),
            add,
        }
    }

    /// The H weights of the column that starts at `start` (a [`Change`]'s).
    #[inline(always)]
    fn column_at(&self, start: u32) -> &[i16] {
        &self.feature_weights[start as usize..start as usize + self.hidden()]
    }

    /// Applies `change` to `acc` in place.
    #[inline]
    pub fn apply<V: Values>(&self, acc: &mut Accumulator<V>, change: Change) {
        let hidden = self.hidden();
        for (values, &start) in acc.values.iter_mut().zip(&change.columns) {
            change_values(&mut values[..hidden], self.column_at(start), change.add);
        }
    }

    /// Applies `change` to one perspective's `values` in place.
    #[inline]
    pub fn apply_to(&self, values: &mut [i16], change: Change, perspective: usize) {
        change_values(
            values,
            self.column_at(change.columns[perspective]),
            change.add,
        );
    }

    /// Adds the column of `feature` to one perspective's `values` (or
    /// subtracts it).
    #[inline]
    pub fn adjust(&self, values: &mut [i16], feature: usize, add: bool) {
        let start = feature * self.hidden();
        change_values(
            values,
            &self.feature_weights[start..start + self.hidden()],
            add,
        );
    }

    /// `acc` = `parent` with `changes` applied, for the perspectives
    /// `which` asks (the others are left as they are), in one pass per
    /// perspective for the usual moves (one piece off and one on, plus a
    /// capture).
    #[inline]
    pub fn update<V: Values>(
        &self,
        parent: &Accumulator<V>,
        acc: &mut Accumulator<V>,
        changes: &[Change],
        which: [bool; 2],
    ) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: this CPU has AVX2.
            return unsafe { self.update_avx2(parent, acc, changes, which) };
        }
        self.update_with(parent, acc, changes, which);
    }

    /// [`Network::update`] compiled for AVX2 (16 lanes a vector).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn update_avx2<V: Values>(
        &self,
        parent: &Accumulator<V>,
        acc: &mut Accumulator<V>,
        changes: &[Change],
        which: [bool; 2],
    ) {
        self.update_with(parent, acc, changes, which);
    }

    /// The body of [`Network::update`], for any instruction set.
    #[inline(always)]
    fn update_with<V: Values>(
        &self,
        parent: &Accumulator<V>,
        acc: &mut Accumulator<V>,
        changes: &[Change],
        which: [bool; 2],
    ) {
        // At most four of each are looked at: more match no fast case
        // below and go the general way.
        let (adds, removes): (ArrayVec<&Change, 4>, ArrayVec<&Change, 4>) = (
            changes.iter().filter(|c| c.add).take(4).collect(),
            changes.iter().filter(|c| !c.add).take(4).collect(),
        );
        let hidden = self.hidden();
        for (perspective, &wanted) in which.iter().enumerate() {
            if !wanted {
                continue;
            }
            let from = &parent.values[perspective][..hidden];
            let to = &mut acc.values[perspective][..hidden];
            self.update_half(perspective, from, to, changes, (&adds, &removes));
        }
    }

    /// One perspective of [`Network::update_with`]: `changes` split into
    /// (at most four) `adds` and `removes`.
    #[inline(always)]
    fn update_half(
        &self,
        perspective: usize,
        from: &[i16],
        to: &mut [i16],
        changes: &[Change],
        (adds, removes): (&[&Change], &[&Change]),
    ) {
        let column = |change: &Change| self.column_at(change.columns[perspective]);
        match (adds, removes) {
            ([a], [r]) => {
                let (a, r) = (column(a), column(r));
                for (((v, p), a), r) in to.iter_mut().zip(from).zip(a).zip(r) {
                    *v = p.wrapping_add(*a).wrapping_sub(*r);
                }
            }
            ([a], [r1, r2]) => {
                let (a, r1, r2) = (column(a), column(r1), column(r2));
                for ((((v, p), a), r1), r2) in to.iter_mut().zip(from).zip(a).zip(r1).zip(r2) {
                    *v = p.wrapping_add(*a).wrapping_sub(*r1).wrapping_sub(*r2);
                }
            }
            _ => {
                to.copy_from_slice(from);
                for change in changes {
                    change_values(to, column(change), change.add);
                }
            }
        }
    }

    /// Adds a piece (its features from both perspectives).
    #[inline]
    pub fn add<V: Values>(&self, acc: &mut Accumulator<V>, features: [usize; 2]) {
        self.apply(acc, self.change(features, true));
    }

    /// The evaluation in centipawns for the side `mover` (0 White, 1 Black)
    /// with the output of `bucket` (below [`Network::buckets`]), summed
    /// product by product in i64: the reference. The search's stacks
    /// evaluate with the network's [`super::output::OutputLayer`], which
    /// gives the same, faster.
    pub fn evaluate<V: Values>(&self, acc: &Accumulator<V>, mover: usize, bucket: usize) -> i32 {
        let hidden = self.hidden();
        let half = |values: &V, weights: &[i16]| -> i64 {
            values[..hidden]
                .iter()
                .zip(weights)
                .map(|(&v, &w)| {
                    let c = i64::from(v.clamp(0, QA as i16));
                    c * c * i64::from(w)
                })
                .sum()
        };
        let weights = &self.output_weights[bucket * 2 * hidden..(bucket + 1) * 2 * hidden];
        let (us, them) = (&acc.values[mover], &acc.values[1 - mover]);
        let sum = half(us, &weights[..hidden]) + half(them, &weights[hidden..]);
        centipawns(sum, self.output_bias[bucket])
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::nnue::values::{Inline, NARROW};

    /// A feature set of no game, as the networks here read.
    const SMALL: FeatureSet = FeatureSet { id: 7, inputs: 768 };
    /// A wider one.
    const WIDE: FeatureSet = FeatureSet {
        id: 8,
        inputs: 1260,
    };

    #[test]
    fn scaling_the_output_scales_the_evaluation() {
        let net = noisy(SMALL);
        let acc: Accumulator = net.refresh([[324, 700], [40, 60], [212, 596]].into_iter());
        assert_eq!(net.with_output_scaled(1.0).to_bytes(), net.to_bytes());
        let (full, half) = (
            net.evaluate(&acc, 0, 0),
            net.with_output_scaled(0.5).evaluate(&acc, 0, 0),
        );
        assert!((full / 2 - half).abs() <= 2, "{full} / 2 vs {half}");
    }

    /// A network with small pseudo-random weights.
    pub(crate) fn noisy(features: FeatureSet) -> Network {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = move |range: i64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state % (2 * range as u64 + 1)) as i64 - range) as i16
        };
        let mut net = Network::zeros(features, 128);
        net.feature_weights.iter_mut().for_each(|w| *w = next(60));
        net.feature_bias.iter_mut().for_each(|w| *w = next(60));
        net.output_weights.iter_mut().for_each(|w| *w = next(100));
        net.output_bias = vec![1234];
        net
    }

    #[test]
    fn files_round_trip() {
        let net = noisy(SMALL);
        assert_eq!(Network::from_bytes(&net.to_bytes()).unwrap(), net);
    }

    #[test]
    fn buckets_read_back_and_each_uses_its_own_output() {
        let mut net = Network::zeros_bucketed(WIDE, 16, 8);
        net.feature_bias.iter_mut().for_each(|b| *b = 100);
        for bucket in 0..8 {
            net.output_weights[bucket * 32..(bucket + 1) * 32].fill(bucket as i16 * 10);
            net.output_bias[bucket] = bucket as i32 * 1000;
        }
        let read = Network::from_bytes(&net.to_bytes()).unwrap();
        assert_eq!(read, net);
        let acc: Accumulator = read.bias();
        let values: Vec<i32> = (0..8).map(|b| read.evaluate(&acc, 0, b)).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
        // A version-1 file (no bucket word) reads as one bucket.
        let one = noisy(SMALL);
        let v2 = one.to_bytes();
        let mut v1 = v2[..4].to_vec();
        v1.extend_from_slice(&1u32.to_le_bytes());
        v1.extend_from_slice(&v2[8..20]);
        v1.extend_from_slice(&v2[24..v2.len() - 8]);
        let sum = fnv1a(&v1);
        v1.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(Network::from_bytes(&v1).unwrap(), one);
        let mut too_many = v2;
        too_many[20..24].copy_from_slice(&(MAX_BUCKETS as u32 + 1).to_le_bytes());
        assert!(Network::from_bytes(&too_many)
            .unwrap_err()
            .contains("buckets"));
    }

    #[test]
    fn buckets_split_the_piece_counts_evenly() {
        assert_eq!(output_bucket(32, 1, 32), 0);
        assert_eq!(output_bucket(2, 8, 32), 0);
        assert_eq!(output_bucket(32, 8, 32), 7);
        assert_eq!(output_bucket(40, 8, 32), 7);
        let counts: Vec<usize> = (2..=32).map(|p| output_bucket(p, 8, 32)).collect();
        assert!(counts.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        assert!((0..8).all(|b| counts.iter().filter(|&&c| c == b).count() >= 3));
    }

    #[test]
    fn a_game_with_more_pieces_spreads_its_buckets_over_its_own_counts() {
        assert_eq!(output_bucket(32, 8, 56), 4);
        assert_eq!(output_bucket(56, 8, 56), 7);
        let counts: Vec<usize> = (2..=56).map(|p| output_bucket(p, 8, 56)).collect();
        assert!(counts.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        assert!((0..8).all(|b| counts.iter().filter(|&&c| c == b).count() >= 6));
    }

    #[test]
    fn every_hidden_size_reads_back_and_other_sizes_are_refused() {
        for hidden in [16, 128, MAX_HIDDEN] {
            let mut net = Network::zeros(WIDE, hidden);
            net.feature_bias.iter_mut().for_each(|b| *b = 40);
            net.output_weights.iter_mut().for_each(|w| *w = 200);
            let read = Network::from_bytes(&net.to_bytes()).unwrap();
            assert_eq!(read, net);
            // All neurons at 40 on both sides: 2H · 40² · 200 / QA units.
            let expected = 2 * hidden as i64 * 40 * 40 * 200 / i64::from(QA);
            let cp = expected * i64::from(SCALE) / i64::from(QA * QB);
            assert_eq!(
                i64::from(read.evaluate::<Heap>(&read.refresh(std::iter::empty()), 0, 0)),
                cp
            );
        }
        for hidden in [0, 24, MAX_HIDDEN + HIDDEN_STEP] {
            let mut bytes = Network::zeros(SMALL, 16).to_bytes();
            bytes[16..20].copy_from_slice(&(hidden as u32).to_le_bytes());
            let why = Network::from_bytes(&bytes).unwrap_err();
            assert!(why.contains("shape"), "{hidden}: {why}");
        }
    }

    #[test]
    fn damaged_truncated_and_foreign_files_are_refused() {
        let bytes = noisy(SMALL).to_bytes();
        let truncated = Network::from_bytes(&bytes[..bytes.len() - 10]).unwrap_err();
        assert!(truncated.contains("truncated"), "{truncated}");
        let mut damaged = bytes.clone();
        damaged[100] ^= 1;
        assert!(Network::from_bytes(&damaged)
            .unwrap_err()
            .contains("checksum"));
        assert!(
            Network::from_bytes(b"#!/bin/sh\necho hello world, not a net")
                .unwrap_err()
                .contains("magic")
        );
        let mut no_inputs = bytes;
        no_inputs[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert!(Network::from_bytes(&no_inputs)
            .unwrap_err()
            .contains("shape"));
    }

    #[test]
    fn files_are_read_no_further_than_their_header_says() {
        let net = noisy(SMALL);
        let dir = std::env::temp_dir().join(format!("timur-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.tmnn");
        std::fs::write(&good, net.to_bytes()).unwrap();
        assert_eq!(Network::read_file(&good).unwrap(), net);
        let longer = dir.join("longer.tmnn");
        std::fs::write(&longer, [net.to_bytes(), vec![0; 3]].concat()).unwrap();
        let err = Network::read_file(&longer).unwrap_err();
        assert!(
            err.contains("larger than") && err.contains("longer.tmnn"),
            "{err}"
        );
        let err = Network::read_file(Path::new("/dev/zero")).unwrap_err();
        assert!(err.contains("magic"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn add_then_remove_is_the_refresh() {
        let net = noisy(WIDE);
        let pieces = [[360, 1079], [989, 350], [4, 1165], [715, 85]];
        let full: Accumulator = net.refresh(pieces.iter().copied());
        let mut acc = net.refresh(pieces[..3].iter().copied());
        net.add(&mut acc, [715, 85]);
        assert_eq!(acc, full);
        net.apply(&mut acc, net.change([715, 85], false));
        assert_eq!(acc, net.refresh(pieces[..3].iter().copied()));
    }

    #[test]
    fn a_fused_update_equals_the_changes_one_by_one() {
        fused_update_equals_the_changes_one_by_one::<Inline>();
        fused_update_equals_the_changes_one_by_one::<Heap>();
    }

    /// [`a_fused_update_equals_the_changes_one_by_one`] in layout `V`.
    fn fused_update_equals_the_changes_one_by_one<V: Values>() {
        let net = noisy(SMALL);
        let parent: Accumulator<V> =
            net.refresh([[324, 700], [704, 260], [192, 632], [475, 91]].into_iter());
        let changes = [
            net.change([192, 632], false),
            net.change([195, 635], true),
            net.change([475, 91], false),
            net.change([324, 700], false),
            net.change([322, 698], true),
            net.change([704, 260], false),
            net.change([434, 10], false),
        ];
        // Every ordered pick of the changes: the quiet move, the capture
        // (two off, one on), castling, and more than a move makes.
        for mask in 1u32..1 << changes.len() {
            let picked: Vec<Change> = (0..changes.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| changes[i])
                .collect();
            let mut one_by_one = parent.clone();
            picked.iter().for_each(|&c| net.apply(&mut one_by_one, c));
            let mut fused = net.bias();
            net.update(&parent, &mut fused, &picked, [true; 2]);
            assert_eq!(fused, one_by_one, "{picked:?}");
            // One perspective only: the other keeps what it held.
            let mut half = net.bias();
            net.update(&parent, &mut half, &picked, [false, true]);
            assert_eq!(half.values[0], net.bias::<V>().values[0]);
            assert_eq!(half.values[1], one_by_one.values[1]);
        }
    }

    /// A network of `hidden` neurons with pseudo-random weights from `seed`
    /// (large enough that the accumulators wrap and clip).
    pub(crate) fn random_wide(features: FeatureSet, hidden: usize, seed: u64) -> Network {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut net = Network::zeros_bucketed(features, hidden, 4);
        net.feature_weights
            .iter_mut()
            .chain(&mut net.feature_bias)
            .for_each(|w| *w = (next() % 401) as i16 - 200);
        net.output_weights
            .iter_mut()
            .for_each(|w| *w = (next() % 8001) as i16 - 4000);
        net.output_bias
            .iter_mut()
            .for_each(|b| *b = (next() % 20001) as i32 - 10000);
        net
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_update_equals_the_portable_one() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 on this CPU: only the portable code runs");
            return;
        }
        for (hidden, seed) in [(16, 3), (128, 5), (NARROW, 17)] {
            avx2_equals_portable::<Inline>(hidden, seed);
        }
        for (hidden, seed) in [(16, 3), (48, 4), (512, 7), (MAX_HIDDEN, 11)] {
            avx2_equals_portable::<Heap>(hidden, seed);
        }
    }

    /// [`the_avx2_update_equals_the_portable_one`] in layout `V`.
    #[cfg(target_arch = "x86_64")]
    fn avx2_equals_portable<V: Values>(hidden: usize, seed: u64) {
        let net = random_wide(SMALL, hidden, seed);
        let features = |i: usize| [i * 37 % 768, i * 91 % 768];
        let mut parent: Accumulator<V> = net.refresh((0..20).map(features));
        for step in 0..60 {
            let changes: Vec<Change> = (0..1 + step % 5)
                .map(|i| net.change(features(step * 7 + i), (step + i) % 3 != 0))
                .collect();
            let mut portable = net.bias();
            let mut avx2 = net.bias();
            net.update_with(&parent, &mut portable, &changes, [true; 2]);
            // SAFETY: this CPU has AVX2 (the caller checked).
            unsafe { net.update_avx2(&parent, &mut avx2, &changes, [true; 2]) };
            assert_eq!(avx2, portable, "hidden {hidden}, step {step}");
            parent = portable;
        }
    }

    #[test]
    fn wide_networks_round_trip_and_their_cut_files_are_refused() {
        let net = random_wide(WIDE, MAX_HIDDEN, 13);
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        let why = Network::from_bytes(&bytes[..bytes.len() - 2]).unwrap_err();
        assert!(why.contains("1260→1024"), "{why}");
    }
}
