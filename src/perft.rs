//! perft: count the leaves of the legal-move tree, for any game.
//!
//! Leaves at depth 1 are counted with [`Game::count_legal_moves`] (bulk
//! counting), so a game that counts without generating is fast here.
//! [`perft_divide`] splits the count by root move and can spread the root
//! moves over a rayon pool; [`perft_divide_until`] can be stopped.

use rayon::prelude::*;
use timur_search::{Control, Game, MoveList};

/// The deepest perft counted: every game's tree is far too large to count
/// this deep, and the recursion's stack stays small (a deeper request is
/// clamped to it, with a note).
pub const MAX_PERFT_DEPTH: u32 = 64;

/// What every protocol says when `stop` ended a perft.
pub const PERFT_STOPPED: &str = "perft stopped before its end: no count";

/// `depth` clamped to [`MAX_PERFT_DEPTH`], with a note when it was.
pub fn capped_depth(depth: u64) -> (u32, Option<String>) {
    match u32::try_from(depth) {
        Ok(d) if d <= MAX_PERFT_DEPTH => (d, None),
        _ => (
            MAX_PERFT_DEPTH,
            Some(format!(
                "perft depth {depth} is above the maximum {MAX_PERFT_DEPTH}: counting to {MAX_PERFT_DEPTH}"
            )),
        ),
    }
}

/// The number of leaves of the legal-move tree of `pos` at `depth`.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    count(pos, depth, &Control::new())
}

/// [`perft`] that gives up (returning a partial count) once `stop` is set.
fn count<G: Game>(pos: &mut G, depth: u32, stop: &Control) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ if stop.is_stopped() => 0,
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mut total = 0;
            for &mv in &moves {
                pos.make_move(mv);
                total += count(pos, depth - 1, stop);
                pos.unmake_move(mv);
            }
            total
        }
    }
}

/// perft split by root move: each legal root move with its leaf count, in
/// generation order. With `threads > 1` the root moves are searched in
/// parallel on a pool of that many threads.
pub fn perft_divide<G: Game>(pos: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    perft_divide_until(pos, depth, threads, &Control::new()).unwrap_or_default()
}

/// [`perft_divide`] that `stop` can end: `None` when it did (the counts
/// would be partial).
pub fn perft_divide_until<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    stop: &Control,
) -> Option<Vec<(G::Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let count_one = |mv: G::Move| {
        let mut child = pos.clone();
        child.make_move(mv);
        (mv, count(&mut child, depth - 1, stop))
    };
    let pool = (threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()
        })
        .flatten();
    let counts = match pool {
        Some(pool) => pool.install(|| moves.par_iter().map(|&mv| count_one(mv)).collect()),
        None => moves.iter().map(|&mv| count_one(mv)).collect(),
    };
    (!stop.is_stopped()).then_some(counts)
}

/// Total leaves at `depth`, using `threads` threads over the root moves.
pub fn perft_total<G: Game>(pos: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        let mut copy = pos.clone();
        return perft(&mut copy, depth);
    }
    perft_divide(pos, depth, threads)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}
