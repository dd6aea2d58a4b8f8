//! Decided games: forced wins at the right distance, margins, the loser's
//! resistance, repetitions judged by the game, and an exactly solved game.

use crate::toys::graph::{Graph, Node, RepetitionRule};
use crate::toys::nim::Nim;
use crate::toys::tictactoe::TicTacToe;
use crate::{depth, run};
use std::collections::HashSet;
use timur_search::{Color, Game, MoveList, Outcome, Score, SearchJob, Searcher};

#[test]
fn nim_wins_and_losses_at_the_exact_distance() {
    let searcher = Searcher::new(1, 1);
    for stones in 1..=13 {
        let (result, infos) = run(&searcher, SearchJob::new(Nim::new(stones), depth(30)));
        if stones % 4 == 0 {
            assert_eq!(
                result.score,
                Score::Mate {
                    moves: -(stones as i32 / 4),
                    margin: 0
                },
                "{stones} stones"
            );
        } else {
            assert_eq!(result.best, Some((stones % 4) as u8), "{stones} stones");
            assert_eq!(
                result.score,
                Score::Mate {
                    moves: stones as i32 / 4 + 1,
                    margin: 0
                },
                "{stones} stones"
            );
        }
        assert!(result.best.is_some());
        assert_eq!(infos.last().unwrap().score, result.score);
    }
}

fn loss(margin: u32) -> Node {
    Node::end(Outcome::Loss { margin })
}

fn win(margin: u32) -> Node {
    Node::end(Outcome::Win { margin })
}

#[test]
fn the_winner_prefers_the_larger_margin_then_the_faster_win() {
    // 0: White chooses between winning at once by 3 (node 1) and winning
    // two moves later by 7 (nodes 2, 3, 4), or by 3 later (5, 6, 7).
    let nodes = |late_margin| {
        vec![
            (0, Node::to(&[5, 1, 2])),
            (1, loss(3)),
            (2, Node::to(&[3])),
            (3, Node::to(&[4])),
            (4, loss(late_margin)),
            (5, Node::to(&[6])),
            (6, Node::to(&[7])),
            (7, loss(3)),
        ]
    };
    let searcher = Searcher::new(1, 1);
    let (result, _) = run(
        &searcher,
        SearchJob::new(Graph::new(nodes(7), 0, RepetitionRule::Draw), depth(10)),
    );
    assert_eq!(
        (result.best, result.score),
        (
            Some(2),
            Score::Mate {
                moves: 2,
                margin: 7
            }
        )
    );
    let (result, _) = run(
        &searcher,
        SearchJob::new(Graph::new(nodes(2), 0, RepetitionRule::Draw), depth(10)),
    );
    assert_eq!(
        (result.best, result.score),
        (
            Some(1),
            Score::Mate {
                moves: 1,
                margin: 3
            }
        )
    );
}

#[test]
fn the_loser_prefers_the_smaller_margin_then_the_longer_resistance() {
    // White loses whatever it does: at once by 9 (node 1), at once by 5
    // (node 2), or two moves later by 5 (nodes 3..6).
    let nodes = vec![
        (0, Node::to(&[1, 2, 3])),
        (1, win(9)),
        (2, win(5)),
        (3, Node::to(&[4])),
        (4, Node::to(&[5])),
        (5, Node::to(&[6])),
        (6, loss(5)),
    ];
    let searcher = Searcher::new(1, 1);
    let (result, _) = run(
        &searcher,
        SearchJob::new(Graph::new(nodes, 0, RepetitionRule::Draw), depth(10)),
    );
    assert_eq!(
        (result.best, result.score),
        (
            Some(3),
            Score::Mate {
                moves: -2,
                margin: 5
            }
        )
    );
}

/// Node 20 (White to move): move 21 starts the cycle 20-21-22-23-20, move
/// 25 loses at once. `white_checks`: White's moves of the cycle give check
/// (nodes 21, 23), else Black's do (nodes 22, 20).
fn cycle(white_checks: bool, rule: RepetitionRule) -> Graph {
    let check = |node: Node, checked: bool| if checked { node.checked() } else { node };
    let nodes = vec![
        (20, check(Node::to(&[21, 25]), !white_checks)),
        (21, check(Node::to(&[22]), white_checks)),
        (22, check(Node::to(&[23]).eval(-300), !white_checks)),
        (23, check(Node::to(&[20]), white_checks)),
        (25, win(0)),
    ];
    Graph::new(nodes, 20, rule)
}

#[test]
fn repetitions_are_judged_by_the_game() {
    let searcher = Searcher::new(1, 1);
    let cases = [
        (true, RepetitionRule::Draw, Score::Cp(0)),
        (false, RepetitionRule::Draw, Score::Cp(0)),
        // White checked every move: White, to move in the repeated position,
        // has lost (four plies after the root).
        (
            true,
            RepetitionRule::PerpetualCheckLoses,
            Score::Mate {
                moves: -2,
                margin: 0,
            },
        ),
        // Black checked every move: White wins.
        (
            false,
            RepetitionRule::PerpetualCheckLoses,
            Score::Mate {
                moves: 2,
                margin: 0,
            },
        ),
    ];
    for (white_checks, rule, expected) in cases {
        searcher.clear();
        let (result, _) = run(
            &searcher,
            SearchJob::new(cycle(white_checks, rule), depth(12)),
        );
        assert_eq!(
            (result.best, result.score),
            (Some(21), expected),
            "{white_checks} {rule:?}"
        );
    }
}

#[test]
fn repetitions_reach_into_the_game_history() {
    let searcher = Searcher::new(1, 1);
    let pos = cycle(true, RepetitionRule::Draw);
    // Without history, depth 1 sees node 22's evaluation through node 21.
    let (result, _) = run(&searcher, SearchJob::new(pos.clone(), depth(1)));
    assert_eq!((result.best, result.score), (Some(21), Score::Cp(-300)));
    // The game went 20-21-22-23-20 already: 21 repeats at once.
    let mut job = SearchJob::new(pos.clone(), depth(1));
    job.history = vec![
        pos.entry(20, Color::White),
        pos.entry(21, Color::Black),
        pos.entry(22, Color::White),
        pos.entry(23, Color::Black),
    ];
    searcher.clear();
    let (result, _) = run(&searcher, job.clone());
    assert_eq!((result.best, result.score), (Some(21), Score::Cp(0)));
    // With the perpetual-check rule the same history makes White the
    // perpetual checker: 21 loses at once, as 25 does.
    job.root = cycle(true, RepetitionRule::PerpetualCheckLoses);
    job.history = vec![
        job.root.entry(20, Color::White),
        job.root.entry(21, Color::Black),
        job.root.entry(22, Color::White),
        job.root.entry(23, Color::Black),
    ];
    searcher.clear();
    let (result, _) = run(&searcher, job);
    assert_eq!(
        result.score,
        Score::Mate {
            moves: -1,
            margin: 0
        }
    );
}

/// Every position of tic-tac-toe that is not over.
fn all_positions() -> Vec<TicTacToe> {
    let mut seen = HashSet::new();
    let mut stack = vec![TicTacToe::new()];
    let mut out = Vec::new();
    while let Some(pos) = stack.pop() {
        if !seen.insert(pos.clone()) {
            continue;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            continue;
        }
        out.push(pos.clone());
        for mv in moves {
            let mut next = pos.clone();
            next.make_move(mv);
            stack.push(next);
        }
    }
    out
}

fn expected_score(value: i32) -> Score {
    match value {
        0 => Score::Cp(0),
        v => Score::Mate {
            moves: v.signum() * (100 - v.abs() + 1) / 2,
            margin: 0,
        },
    }
}

#[test]
fn tic_tac_toe_matches_the_exact_solution_everywhere() {
    let searcher = Searcher::new(1, 1);
    let positions = all_positions();
    assert_eq!(positions.len(), 4520);
    for mut pos in positions {
        let exact = pos.solve();
        let (result, _) = run(&searcher, SearchJob::new(pos.clone(), depth(9)));
        assert_eq!(result.score, expected_score(exact), "{:?}", pos.cells);
        let best = result.best.unwrap();
        pos.make_move(best);
        let after = -pos.solve();
        assert_eq!(
            after - after.signum(),
            exact,
            "{:?} played {best}",
            pos.cells
        );
    }
}
