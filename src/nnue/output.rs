//! The output layer as the search evaluates it: exact for any weights and
//! any width, in 32-bit lanes.
//!
//! The output sums `c²·w` over the hidden lanes, c the value clamped to
//! `0..=QA` and w an i16 weight. One such product can reach 2³¹, so summing
//! them as they are needs 64-bit lanes. Here each weight is split once, as
//! the stack takes the network, into a low part `l` in −128..=127 and a high
//! part `h = (w − l) / 256` in −128..=128: `c·l` and `c·h` fit 16 bits, so
//! `c²·w = c·(c·l) + 256·c·(c·h)` is two 16-bit multiplies and two
//! pairwise multiply-adds (AVX2's and AVX-512's `madd`). A 32-bit lane
//! then sums at most H/8 products of at
//! most 255·32,640 each (1.07·10⁹ at H = 1024): no lane overflows, and the
//! lanes are added in 64 bits at the end.
//!
//! The kernel is chosen by what the CPU has, detected at run time:
//! AVX-512 (F and BW), AVX2, or the portable code (the same
//! sums in 16 lanes of plain Rust), each equal to
//! [`Network::evaluate`]'s 64-bit reference.

use super::network::{centipawns, Accumulator, Network, QA};
use super::values::Values;

/// Lanes a step of the portable kernel (and of the AVX2 one) covers: the
/// hidden sizes' step.
const LANES: usize = super::network::HIDDEN_STEP;

/// The instructions a kernel uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust, any CPU.
    Portable,
    /// 16 lanes a step.
    Avx2,
    /// 32 lanes a step (the last 16, if H is an odd number of 16s, by AVX2).
    Avx512,
}

impl Kernel {
    /// The fastest this CPU runs.
    pub fn detected() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
            {
                return Kernel::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Kernel::Avx2;
            }
        }
        Kernel::Portable
    }

    /// Every kernel this CPU can run (tests).
    pub fn available() -> Vec<Kernel> {
        let best = Kernel::detected();
        [Kernel::Portable, Kernel::Avx2, Kernel::Avx512]
            .into_iter()
            .filter(|&kernel| kernel as u8 <= best as u8)
            .collect()
    }
}

/// A network's output weights split for the kernels, and its biases.
#[derive(Clone, Debug)]
pub struct OutputLayer {
    hidden: usize,
    /// Per weight (the network's `output_weights` order) its low part.
    low: Vec<i16>,
    /// ... and its high part.
    high: Vec<i16>,
    /// Per bucket, in `QA·QB` units.
    bias: Vec<i32>,
    kernel: Kernel,
}

impl OutputLayer {
    /// `network`'s output layer, with the CPU's fastest kernel.
    pub fn new(network: &Network) -> OutputLayer {
        OutputLayer::with_kernel(network, Kernel::detected())
    }

    /// ... with `kernel` (one of [`Kernel::available`]).
    pub fn with_kernel(network: &Network, kernel: Kernel) -> OutputLayer {
        let low = |w: i16| ((i32::from(w) + 128) & 255) - 128;
        OutputLayer {
            hidden: network.hidden(),
            low: network
                .output_weights
                .iter()
                .map(|&w| low(w) as i16)
                .collect(),
            high: network
                .output_weights
                .iter()
                .map(|&w| ((i32::from(w) - low(w)) >> 8) as i16)
                .collect(),
            bias: network.output_bias.clone(),
            kernel,
        }
    }

    /// The evaluation in centipawns for the side `mover` (0 White, 1 Black)
    /// with the output of `bucket`: [`Network::evaluate`]'s, computed
    /// faster.
    #[inline]
    pub fn evaluate<V: Values>(&self, acc: &Accumulator<V>, mover: usize, bucket: usize) -> i32 {
        let hidden = self.hidden;
        let at = bucket * 2 * hidden;
        let half = |values: &[i16], at: usize| {
            let (low, high) = (&self.low[at..at + hidden], &self.high[at..at + hidden]);
            self.half(&values[..hidden], low, high)
        };
        let sum = half(&acc.values[mover], at) + half(&acc.values[1 - mover], at + hidden);
        centipawns(sum, self.bias[bucket])
    }

    /// `Σ clamp(v, 0, QA)²·w` over one perspective's lanes, `w` given as
    /// its `low` and `high` parts (all three of one length, a multiple of
    /// [`LANES`]).
    #[inline]
    fn half(&self, values: &[i16], low: &[i16], high: &[i16]) -> i64 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a kernel is only ever chosen where the CPU has its
        // instructions (`Kernel::detected`, `Kernel::available`).
        unsafe {
            match self.kernel {
                Kernel::Portable => {}
                Kernel::Avx2 => return x86::half_avx2(values, low, high),
                Kernel::Avx512 => return x86::half_avx512(values, low, high),
            }
        }
        half_portable(values, low, high)
    }
}

/// [`OutputLayer::half`] in plain Rust: 16 lane sums, each of at most 64
/// products (H ≤ 1024) of at most 255²·128, so within i32.
fn half_portable(values: &[i16], low: &[i16], high: &[i16]) -> i64 {
    let (mut low_sums, mut high_sums) = ([0i32; LANES], [0i32; LANES]);
    let chunks = values
        .chunks_exact(LANES)
        .zip(low.chunks_exact(LANES))
        .zip(high.chunks_exact(LANES));
    for ((values, low), high) in chunks {
        for lane in 0..LANES {
            let c = i32::from(values[lane].clamp(0, QA as i16));
            low_sums[lane] += c * (c * i32::from(low[lane]));
            high_sums[lane] += c * (c * i32::from(high[lane]));
        }
    }
    let total = |sums: [i32; LANES]| sums.iter().map(|&s| i64::from(s)).sum::<i64>();
    total(low_sums) + 256 * total(high_sums)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::QA;
    use std::arch::x86_64::*;

    /// The sum of eight i32 lanes, in i64.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn total_256(sums: __m256i) -> i64 {
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 32 bytes.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sums) };
        lanes.iter().map(|&s| i64::from(s)).sum()
    }

    /// [`super::OutputLayer::half`] by AVX2, 16 lanes a step: an i32 lane
    /// takes two products a step, at most H/8 in all.
    ///
    /// # Safety
    /// The CPU has AVX2; the slices are of one length, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn half_avx2(values: &[i16], low: &[i16], high: &[i16]) -> i64 {
        debug_assert!(values.len() == low.len() && low.len() == high.len());
        debug_assert!(values.len().is_multiple_of(16));
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let (mut low_sums, mut high_sums) = (zero, zero);
        for at in (0..values.len()).step_by(16) {
            // SAFETY: `at + 16` is within all three slices.
            let (v, l, h) = unsafe {
                (
                    _mm256_loadu_si256(values.as_ptr().add(at).cast()),
                    _mm256_loadu_si256(low.as_ptr().add(at).cast()),
                    _mm256_loadu_si256(high.as_ptr().add(at).cast()),
                )
            };
            let c = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
            low_sums = _mm256_add_epi32(low_sums, _mm256_madd_epi16(c, _mm256_mullo_epi16(c, l)));
            high_sums = _mm256_add_epi32(high_sums, _mm256_madd_epi16(c, _mm256_mullo_epi16(c, h)));
        }
        total_256(low_sums) + 256 * total_256(high_sums)
    }

    /// [`super::OutputLayer::half`] by AVX-512, 32 lanes a step; a last 16
    /// lanes by AVX2. An i32 lane takes two products a step, at most H/16
    /// in all.
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW; the slices are of one length, a
    /// multiple of 16.
    #[target_feature(enable = "avx512f,avx512bw,avx2")]
    pub(super) unsafe fn half_avx512(values: &[i16], low: &[i16], high: &[i16]) -> i64 {
        debug_assert!(values.len() == low.len() && low.len() == high.len());
        debug_assert!(values.len().is_multiple_of(16));
        let (zero, top) = (_mm512_setzero_si512(), _mm512_set1_epi16(QA as i16));
        let (mut low_sums, mut high_sums) = (zero, zero);
        let whole = values.len() / 32 * 32;
        for at in (0..whole).step_by(32) {
            // SAFETY: `at + 32` is within all three slices.
            let (v, l, h) = unsafe {
                (
                    _mm512_loadu_si512(values.as_ptr().add(at).cast()),
                    _mm512_loadu_si512(low.as_ptr().add(at).cast()),
                    _mm512_loadu_si512(high.as_ptr().add(at).cast()),
                )
            };
            let c = _mm512_min_epi16(_mm512_max_epi16(v, zero), top);
            low_sums = _mm512_add_epi32(low_sums, _mm512_madd_epi16(c, _mm512_mullo_epi16(c, l)));
            high_sums = _mm512_add_epi32(high_sums, _mm512_madd_epi16(c, _mm512_mullo_epi16(c, h)));
        }
        let mut lanes = [[0i32; 16]; 2];
        // SAFETY: each row of `lanes` is 64 bytes.
        unsafe {
            _mm512_storeu_si512(lanes[0].as_mut_ptr().cast(), low_sums);
            _mm512_storeu_si512(lanes[1].as_mut_ptr().cast(), high_sums);
        }
        let [low_total, high_total] =
            lanes.map(|row| row.iter().map(|&s| i64::from(s)).sum::<i64>());
        let rest = if whole < values.len() {
            // SAFETY: this CPU has AVX2 (AVX-512 implies it); the rest is
            // 16 lanes of each slice.
            unsafe { half_avx2(&values[whole..], &low[whole..], &high[whole..]) }
        } else {
            0
        };
        low_total + 256 * high_total + rest
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::FeatureSet;
    use crate::nnue::network::tests::random_wide;
    use crate::nnue::network::MAX_HIDDEN;
    use crate::nnue::values::{Heap, Inline, NARROW};

    const SET: FeatureSet = FeatureSet { id: 7, inputs: 768 };

    /// Every kernel this CPU runs gives the reference's evaluation for
    /// `net` on a few accumulators: the pieces' own, and every lane pinned
    /// at each end of the clamp and beyond it.
    fn kernels_equal_the_reference<V: Values>(net: &Network) {
        let pieces: Accumulator<V> = net.refresh((0..20).map(|i| [i * 37 % 768, i * 91 % 768]));
        let pinned = |value: i16| Accumulator::<V> {
            values: [
                V::new(&vec![value; net.hidden()]),
                V::new(&vec![-value; net.hidden()]),
            ],
        };
        let kernels = Kernel::available();
        assert_eq!(kernels.last(), Some(&Kernel::detected()));
        for kernel in kernels {
            let layer = OutputLayer::with_kernel(net, kernel);
            for acc in [&pieces, &pinned(QA as i16), &pinned(i16::MAX), &pinned(7)] {
                for mover in 0..2 {
                    for bucket in 0..net.buckets() {
                        assert_eq!(
                            layer.evaluate(acc, mover, bucket),
                            net.evaluate(acc, mover, bucket),
                            "{kernel:?}, hidden {}, bucket {bucket}",
                            net.hidden()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_kernel_equals_the_reference_at_every_width() {
        for (hidden, seed) in [(16, 3), (48, 4), (128, 5), (NARROW, 17)] {
            kernels_equal_the_reference::<Inline>(&random_wide(SET, hidden, seed));
        }
        for (hidden, seed) in [(16, 3), (48, 4), (272, 6), (512, 7), (MAX_HIDDEN, 11)] {
            kernels_equal_the_reference::<Heap>(&random_wide(SET, hidden, seed));
        }
    }

    #[test]
    fn the_largest_weights_and_values_stay_exact() {
        // Every lane at QA: each product is QA²·w, the most a lane can take.
        for weight in [i16::MAX, i16::MIN, -129, 128, 255, -256] {
            let mut net = random_wide(SET, MAX_HIDDEN, 19);
            net.output_weights.iter_mut().for_each(|w| *w = weight);
            let sum = 2 * MAX_HIDDEN as i64 * i64::from(QA * QA) * i64::from(weight);
            assert!(
                sum.abs() > i64::from(i32::MAX),
                "the case must overflow 32 bits"
            );
            kernels_equal_the_reference::<Heap>(&net);
        }
    }

    #[test]
    fn the_split_parts_rebuild_each_weight() {
        let mut net = random_wide(SET, 16, 23);
        let weights: Vec<i16> = (i16::MIN..=i16::MAX)
            .step_by(97)
            .chain([i16::MAX])
            .collect();
        net.output_weights = weights.iter().copied().cycle().take(4 * 32).collect();
        let layer = OutputLayer::new(&net);
        for ((&w, &l), &h) in net.output_weights.iter().zip(&layer.low).zip(&layer.high) {
            assert!(
                (-128..=127).contains(&l) && (-128..=128).contains(&h),
                "{w}"
            );
            assert_eq!(i32::from(h) * 256 + i32::from(l), i32::from(w));
        }
    }
}
