//! Limits and stopping: another thread's stop, move time, clock, pondering,
//! node and mate limits, and determinism of fixed-depth searches.

use crate::toys::hashgame::HashGame;
use crate::toys::nim::Nim;
use crate::{depth, legal, run, run_with};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
use timur_search::{Clock, Control, Limits, Score, SearchJob, SearchResult, Searcher};

#[test]
fn stop_from_another_thread_ends_an_infinite_search_with_a_legal_move() {
    for threads in [1, 3] {
        let searcher = Searcher::new(1, threads);
        let control = Arc::new(Control::new());
        let stopper = {
            let control = Arc::clone(&control);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                control.stop();
            })
        };
        let pos = HashGame::new(1);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let (result, _) = run_with(&searcher, SearchJob::new(pos.clone(), limits), &control);
        stopper.join().unwrap();
        assert!(legal(&pos, result.best.unwrap()));
    }
}

#[test]
fn a_stop_before_the_first_iteration_still_gives_a_legal_move() {
    let searcher = Searcher::new(1, 2);
    let control = Control::new();
    control.stop();
    let pos = HashGame::new(2);
    let (result, _) = run_with(
        &searcher,
        SearchJob::new(pos.clone(), Limits::default()),
        &control,
    );
    assert!(legal(&pos, result.best.unwrap()));
}

#[test]
fn movetime_and_clock_searches_return_legal_moves() {
    let searcher = Searcher::new(1, 1);
    let pos = HashGame::new(3);
    let movetime = Limits {
        movetime: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let (result, _) = run(&searcher, SearchJob::new(pos.clone(), movetime));
    assert!(legal(&pos, result.best.unwrap()));
    for time in [1, 1000] {
        let clock = Clock {
            time: Duration::from_millis(time),
            increment: Duration::ZERO,
            moves_to_go: None,
        };
        let mut job = SearchJob::new(
            pos.clone(),
            Limits {
                clock: Some(clock),
                ..Limits::default()
            },
        );
        job.move_overhead = Duration::from_millis(10);
        let (result, _) = run(&searcher, job);
        assert!(legal(&pos, result.best.unwrap()));
    }
}

/// Runs `job` on this thread; another thread calls `signal` on the control
/// flags `delay` after the search's first report (so after the search has
/// had every chance to return on its own). Returns the result and whether
/// `signal` had been called when the search returned.
fn signal_after_first_report<G: timur_search::Game>(
    searcher: &Searcher,
    job: SearchJob<G>,
    delay: Duration,
    signal: fn(&Control),
) -> (SearchResult<G::Move>, bool) {
    let control = Arc::new(Control::new());
    let signalled = Arc::new(AtomicBool::new(false));
    let (reported, first_report) = mpsc::channel();
    let signaller = {
        let (control, signalled) = (Arc::clone(&control), Arc::clone(&signalled));
        std::thread::spawn(move || {
            if first_report.recv().is_ok() {
                std::thread::sleep(delay);
            }
            signalled.store(true, Ordering::SeqCst);
            signal(&control);
        })
    };
    let reported = Mutex::new(reported);
    let result = searcher.search(job, &control, &|_| {
        let _ = reported.lock().unwrap().send(());
    });
    let in_time = signalled.load(Ordering::SeqCst);
    drop(reported);
    signaller.join().unwrap();
    (result, in_time)
}

/// How long after its first report a search is left alone before the
/// flag it waits for is set: far longer than the toy searches below take.
const LEFT_ALONE: Duration = Duration::from_millis(300);

#[test]
fn pondering_waits_for_ponderhit_then_keeps_time() {
    let searcher = Searcher::new(1, 1);
    let pos = HashGame::new(4);
    let clock = Clock {
        time: Duration::from_millis(500),
        increment: Duration::ZERO,
        moves_to_go: None,
    };
    let limits = Limits {
        ponder: true,
        clock: Some(clock),
        ..Limits::default()
    };
    let (result, waited) = signal_after_first_report(
        &searcher,
        SearchJob::new(pos.clone(), limits),
        LEFT_ALONE,
        Control::ponderhit,
    );
    assert!(
        waited,
        "a pondering search may not return before ponderhit or stop"
    );
    assert!(legal(&pos, result.best.unwrap()));
}

#[test]
fn a_finished_ponder_search_waits_for_stop() {
    let searcher = Searcher::new(1, 1);
    let limits = Limits {
        ponder: true,
        ..depth(4)
    };
    let (result, waited) = signal_after_first_report(
        &searcher,
        SearchJob::new(Nim::new(6), limits),
        LEFT_ALONE,
        Control::stop,
    );
    assert!(waited, "the ponder search returned before stop");
    assert_eq!(result.best, Some(2));
}

#[test]
fn an_infinite_search_of_a_finished_game_still_waits_for_stop() {
    let searcher = Searcher::new(1, 1);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let (result, waited) = signal_after_first_report(
        &searcher,
        SearchJob::new(Nim::new(0), limits),
        LEFT_ALONE,
        Control::stop,
    );
    assert!(waited, "the infinite search returned before stop");
    assert_eq!(result.best, None);
}

#[test]
fn node_limited_searches_stop_at_the_limit_and_repeat_exactly() {
    let searcher = Searcher::new(1, 1);
    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let pos = HashGame::new(5);
    searcher.clear();
    let (first, _) = run(&searcher, SearchJob::new(pos.clone(), limits.clone()));
    searcher.clear();
    let (second, _) = run(&searcher, SearchJob::new(pos.clone(), limits));
    assert_eq!(first.nodes, 3000);
    assert_eq!(first, second);
    assert!(legal(&pos, first.best.unwrap()));
}

#[test]
fn a_mate_limit_stops_once_the_mate_is_found() {
    let searcher = Searcher::new(1, 1);
    let limits = Limits {
        mate: Some(3),
        ..Limits::default()
    };
    let (result, infos) = run(&searcher, SearchJob::new(Nim::new(9), limits));
    assert_eq!(
        result.score,
        Score::Mate {
            moves: 3,
            margin: 0
        }
    );
    assert_eq!(result.best, Some(1));
    assert!(infos.last().unwrap().depth < 20);
}

#[test]
fn fixed_depth_searches_repeat_node_for_node() {
    let searcher = Searcher::new(2, 1);
    for seed in [6, 7] {
        let pos = HashGame::new(seed);
        searcher.clear();
        let (first, first_infos) = run(&searcher, SearchJob::new(pos.clone(), depth(8)));
        searcher.clear();
        let (second, second_infos) = run(&searcher, SearchJob::new(pos.clone(), depth(8)));
        assert_eq!(first, second);
        let strip = |infos: Vec<timur_search::Info<u8>>| {
            infos
                .into_iter()
                .map(|i| (i.depth, i.seldepth, i.nodes, i.score, i.pv))
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(first_infos), strip(second_infos));
        assert!(first.nodes > 1000);
    }
}
