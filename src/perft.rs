//! perft: count the leaves of the legal-move tree, for any game.
//!
//! Leaves at depth 1 are counted with [`Game::count_legal_moves`] (bulk
//! counting), so a game that counts without generating is fast here.
//! [`perft_divide`] splits the count by root move and can spread the root
//! moves over a rayon pool.

use rayon::prelude::*;
use timur_search::{Game, MoveList};

/// The number of leaves of the legal-move tree of `pos` at `depth`.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mut total = 0;
            for &mv in &moves {
                pos.make_move(mv);
                total += perft(pos, depth - 1);
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
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let count_one = |mv: G::Move| {
        let mut child = pos.clone();
        child.make_move(mv);
        (mv, perft(&mut child, depth - 1))
    };
    if threads <= 1 {
        return moves.iter().map(|&mv| count_one(mv)).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(|&mv| count_one(mv)).collect()),
        Err(_) => moves.iter().map(|&mv| count_one(mv)).collect(),
    }
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
