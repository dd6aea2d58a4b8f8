//! Criterion benches of the network's lane loops at each width the
//! networks may have, for every instruction set this CPU runs: one
//! output-layer evaluation per kernel ([`OutputLayer`]), and one
//! accumulator update (a quiet move: one feature off, one on, both
//! perspectives) as the search makes it. `cargo bench --bench nnue`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use timur::nnue::features::FeatureSet;
use timur::nnue::network::{Accumulator, Network};
use timur::nnue::output::{Kernel, OutputLayer};
use timur::nnue::values::Heap;
use timur::rng::Rng;

/// Chess's plain inputs, under an id no game reads.
const INPUTS: FeatureSet = FeatureSet { id: 7, inputs: 768 };

/// A network of `hidden` neurons with pseudo-random weights.
fn network(hidden: usize) -> Network {
    let mut rng = Rng::new(61);
    let mut next = |range: u64| (rng.below(2 * range + 1) as i64 - range as i64) as i16;
    let mut net = Network::zeros_bucketed(INPUTS, hidden, 8);
    for w in net.feature_weights.iter_mut().chain(&mut net.feature_bias) {
        *w = next(60);
    }
    for w in &mut net.output_weights {
        *w = next(300);
    }
    net
}

fn lanes(c: &mut Criterion) {
    for hidden in [128, 256, 512, 1024] {
        let net = network(hidden);
        let pieces = (0..24).map(|i| [i * 37 % 768, i * 91 % 768]);
        let acc: Accumulator<Heap> = net.refresh(pieces);
        let mut group = c.benchmark_group(format!("nnue {hidden}"));
        for kernel in Kernel::available() {
            let layer = OutputLayer::with_kernel(&net, kernel);
            group.bench_function(format!("evaluate {kernel:?}"), |b| {
                b.iter(|| layer.evaluate(black_box(&acc), 0, 3))
            });
        }
        let changes = [net.change([100, 700], false), net.change([164, 636], true)];
        let mut child: Accumulator<Heap> = net.bias();
        group.bench_function("update", |b| {
            b.iter(|| net.update(black_box(&acc), &mut child, &changes, [true; 2]))
        });
        group.finish();
    }
}

criterion_group!(benches, lanes);
criterion_main!(benches);
