//! Tests of the search on toy games with known values.

mod endings;
mod limits;
mod root;
mod threads;
mod toys;

use std::sync::Mutex;
use timur_search::{Control, Game, Info, Limits, SearchJob, SearchResult, Searcher};

/// Runs `job` to the end and returns the result and every report.
pub fn run<G: Game>(
    searcher: &Searcher,
    job: SearchJob<G>,
) -> (SearchResult<G::Move>, Vec<Info<G::Move>>) {
    run_with(searcher, job, &Control::new())
}

/// [`run`] with the caller's control flags.
pub fn run_with<G: Game>(
    searcher: &Searcher,
    job: SearchJob<G>,
    control: &Control,
) -> (SearchResult<G::Move>, Vec<Info<G::Move>>) {
    let infos = Mutex::new(Vec::new());
    let result = searcher.search(job, control, &|info: &Info<G::Move>| {
        infos.lock().unwrap().push(info.clone())
    });
    (result, infos.into_inner().unwrap())
}

/// Limits of a fixed depth.
pub fn depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// Whether `mv` is legal in `pos`.
pub fn legal<G: Game>(pos: &G, mv: G::Move) -> bool {
    pos.is_legal(mv)
}
