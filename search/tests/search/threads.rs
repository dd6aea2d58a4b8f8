//! Lazy SMP: several threads on one (tiny) table only ever play legal moves,
//! and the searcher can be resized and cleared between searches.

use crate::toys::hashgame::HashGame;
use crate::toys::nim::Nim;
use crate::toys::tictactoe::TicTacToe;
use crate::{depth, legal, run};
use timur_search::{Game, Score, SearchJob, Searcher};

#[test]
fn four_threads_on_a_tiny_table_play_legal_moves() {
    // Table moves from other positions are often illegal in the hash game;
    // its make_move panics on one, which would fail the test.
    let searcher = Searcher::new(1, 4);
    for seed in 10..16 {
        let pos = HashGame::new(seed);
        let (result, infos) = run(&searcher, SearchJob::new(pos.clone(), depth(9)));
        assert!(legal(&pos, result.best.unwrap()));
        assert!(result.nodes >= infos.last().unwrap().nodes);
        assert_eq!(result.depth, 9);
    }
}

#[test]
fn colliding_keys_never_lead_to_an_illegal_move() {
    // Only 16 distinct keys: table entries (values and moves) come from
    // unrelated positions all the time. Values may be wrong; moves must be
    // vetted (make_move panics on an illegal one).
    let searcher = Searcher::new(1, 2);
    for seed in 30..34 {
        let pos = HashGame::new(seed).with_key_mask(0xF);
        let (result, _) = run(&searcher, SearchJob::new(pos.clone(), depth(7)));
        assert!(legal(&pos, result.best.unwrap()));
        if let Some(ponder) = result.ponder {
            let mut after = pos.clone();
            after.make_move(result.best.unwrap());
            assert!(legal(&after, ponder));
        }
    }
}

#[test]
fn more_threads_solve_the_same_game() {
    let searcher = Searcher::new(1, 3);
    let (result, _) = run(&searcher, SearchJob::new(TicTacToe::new(), depth(9)));
    assert_eq!(result.score, Score::Cp(0));
    let (result, _) = run(
        &searcher,
        SearchJob::new(TicTacToe::from_text("xx.oo...."), depth(9)),
    );
    assert_eq!(
        (result.best, result.score),
        (
            Some(2),
            Score::Mate {
                moves: 1,
                margin: 0
            }
        )
    );
}

#[test]
fn four_threads_find_the_exact_nim_results() {
    let searcher = Searcher::new(1, 4);
    for stones in 1..=13u32 {
        let (result, _) = run(&searcher, SearchJob::new(Nim::new(stones), depth(30)));
        let expected = if stones % 4 == 0 {
            Score::Mate {
                moves: -(stones as i32 / 4),
                margin: 0,
            }
        } else {
            Score::Mate {
                moves: stones as i32 / 4 + 1,
                margin: 0,
            }
        };
        assert_eq!(result.score, expected, "{stones} stones");
        if stones % 4 != 0 {
            assert_eq!(result.best, Some((stones % 4) as u8));
        }
    }
}

#[test]
fn threads_and_hash_can_change_between_searches() {
    let searcher = Searcher::new(1, 1);
    let pos = HashGame::new(20);
    for (threads, mib) in [(2, 2), (1, 1), (3, 0)] {
        searcher.set_threads(threads);
        searcher.set_hash(mib).expect("a small table");
        assert_eq!(searcher.threads(), threads);
        let (result, _) = run(&searcher, SearchJob::new(pos.clone(), depth(6)));
        assert!(legal(&pos, result.best.unwrap()));
        searcher.clear();
    }
}
