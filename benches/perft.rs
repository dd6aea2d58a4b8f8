//! Criterion benches: perft of each game's start position (and Kiwipete for
//! chess), single thread. `cargo bench --bench perft`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use timur::perft::perft;
use timur::variants::chess::Chess;
use timur::variants::jasir::{Jasir, Rules};
use timur::variants::tamerlane::Tamerlane;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::Variant;
use timur_search::Game;

fn bench_game<G: Game>(c: &mut Criterion, name: &str, pos: G, depth: u32) {
    let mut probe = pos.clone();
    let nodes = perft(&mut probe, depth);
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("{name} depth {depth}"), |b| {
        b.iter(|| {
            let mut p = pos.clone();
            black_box(perft(&mut p, depth))
        })
    });
    group.finish();
}

fn chess(c: &mut Criterion) {
    bench_game(c, "chess start", Chess::start_position(), 5);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    if let Ok(pos) = Chess::from_fen(kiwipete) {
        bench_game(c, "chess kiwipete", pos, 4);
    }
}

fn tamerlane(c: &mut Criterion) {
    bench_game(c, "tamerlane start", Tamerlane::start_position(), 4);
}

fn xiangqi(c: &mut Criterion) {
    bench_game(c, "xiangqi start", Xiangqi::start_position(), 4);
}

fn jasir(c: &mut Criterion) {
    bench_game(c, "jasir start", Jasir::start_position_for(Rules::Jasir), 6);
    bench_game(c, "jarmo start", Jasir::start_position_for(Rules::Jarmo), 6);
}

criterion_group!(benches, chess, tamerlane, xiangqi, jasir);
criterion_main!(benches);
