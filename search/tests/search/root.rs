//! The root: restrictions, finished games, MultiPV, the ponder move and the
//! reports.

use crate::toys::hashgame::HashGame;
use crate::toys::nim::Nim;
use crate::toys::tictactoe::TicTacToe;
use crate::{depth, legal, run};
use timur_search::{Bound, Control, Game, Score, SearchJob, Searcher};

#[test]
fn no_legal_move_returns_no_move_and_the_rules_verdict() {
    let searcher = Searcher::new(1, 1);
    let (result, infos) = run(&searcher, SearchJob::new(Nim::new(0), depth(5)));
    assert_eq!(result.best, None);
    assert_eq!(result.ponder, None);
    assert_eq!(
        result.score,
        Score::Mate {
            moves: 0,
            margin: 0
        }
    );
    assert_eq!(infos.len(), 1);
    assert!(infos[0].pv.is_empty());
}

#[test]
fn a_root_already_over_by_rule_returns_no_move() {
    let searcher = Searcher::new(1, 1);
    let won = TicTacToe::from_text("xxxoo....");
    let (result, _) = run(&searcher, SearchJob::new(won, depth(5)));
    assert_eq!(
        (result.best, result.score),
        (
            None,
            Score::Mate {
                moves: 0,
                margin: 0
            }
        )
    );
    let drawn = TicTacToe::from_text("xoxxoooxx");
    let (result, _) = run(&searcher, SearchJob::new(drawn, depth(5)));
    assert_eq!((result.best, result.score), (None, Score::Cp(0)));
}

#[test]
fn root_moves_restrict_the_search() {
    let searcher = Searcher::new(1, 1);
    // 5 stones: taking 1 wins, but only 2 and 3 may be searched.
    let mut job = SearchJob::new(Nim::new(5), depth(20));
    job.root_moves = Some(vec![2, 3]);
    let (result, infos) = run(&searcher, job.clone());
    assert!(matches!(result.best, Some(2 | 3)));
    assert!(matches!(result.score, Score::Mate { moves, .. } if moves < 0));
    assert!(infos.iter().all(|info| info.pv[0] != 1));
    // A restriction naming no legal move is ignored.
    job.root_moves = Some(vec![7]);
    let (result, _) = run(&searcher, job);
    assert_eq!(result.best, Some(1));
}

#[test]
fn excluded_moves_are_never_played() {
    let searcher = Searcher::new(1, 1);
    let mut job = SearchJob::new(Nim::new(5), depth(20));
    job.excluded = vec![1];
    let (result, _) = run(&searcher, job.clone());
    assert!(matches!(result.best, Some(2 | 3)));
    job.excluded = vec![1, 2];
    let (result, _) = run(&searcher, job.clone());
    assert_eq!(result.best, Some(3));
    // Restricted to excluded moves only: the restriction gives way.
    job.root_moves = Some(vec![1, 2]);
    let (result, _) = run(&searcher, job.clone());
    assert_eq!(result.best, Some(3));
    job.excluded = vec![1, 2, 3];
    let (result, _) = run(&searcher, job);
    assert_eq!(
        (result.best, result.score),
        (
            None,
            Score::Mate {
                moves: 0,
                margin: 0
            }
        )
    );
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let searcher = Searcher::new(1, 1);
    let mut job = SearchJob::new(TicTacToe::from_text("x...o...."), depth(7));
    job.multipv = 3;
    let (result, infos) = run(&searcher, job);
    let last: Vec<_> = infos.iter().filter(|info| info.depth == 7).collect();
    assert_eq!(
        last.iter().map(|info| info.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let firsts: Vec<u8> = last.iter().map(|info| info.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(Some(firsts[0]), result.best);
    let rank = |score: Score| match score {
        Score::Cp(cp) => cp,
        Score::Mate { moves, .. } => 100_000 * moves.signum() - moves,
    };
    assert!(
        rank(last[0].score) >= rank(last[1].score) && rank(last[1].score) >= rank(last[2].score)
    );
}

#[test]
fn the_ponder_move_is_a_legal_reply() {
    let searcher = Searcher::new(1, 1);
    let pos = TicTacToe::from_text("x...o....");
    let (result, _) = run(&searcher, SearchJob::new(pos.clone(), depth(6)));
    let mut after = pos.clone();
    after.make_move(result.best.unwrap());
    assert!(legal(&after, result.ponder.unwrap()));
}

#[test]
fn reports_come_once_per_iteration_with_growing_counts() {
    let searcher = Searcher::new(1, 1);
    let pos = TicTacToe::new();
    let (result, infos) = run(&searcher, SearchJob::new(pos.clone(), depth(6)));
    let depths: Vec<u32> = infos.iter().map(|info| info.depth).collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5, 6]);
    assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    assert!(infos
        .iter()
        .all(|info| info.bound == Bound::Exact && info.multipv == 1 && info.hashfull <= 1000));
    let last = infos.last().unwrap();
    assert_eq!(
        (last.nodes, result.nodes, result.depth),
        (result.nodes, last.nodes, 6)
    );
    assert!(last.seldepth >= 6);
    // The reported line is playable.
    let mut line = pos;
    for &mv in &last.pv {
        assert!(legal(&line, mv));
        line.make_move(mv);
    }
}

#[test]
fn a_search_for_the_result_alone_finds_what_a_reported_one_finds() {
    let finished = TicTacToe::from_text("xxxoo....");
    let quiet = Searcher::new(1, 1)
        .search_for_result(SearchJob::new(finished.clone(), depth(5)), &Control::new());
    let (reported, _) = run(&Searcher::new(1, 1), SearchJob::new(finished, depth(5)));
    assert_eq!(quiet, reported);
    for seed in 1..6 {
        let mut job = SearchJob::new(HashGame::new(seed), depth(7));
        job.multipv = 1 + seed as usize % 2;
        let (reported, infos) = run(&Searcher::new(1, 1), job.clone());
        let quiet = Searcher::new(1, 1).search_for_result(job, &Control::new());
        assert!(!infos.is_empty());
        assert_eq!(quiet, reported, "seed {seed}");
    }
}
