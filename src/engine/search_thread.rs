//! The search thread of one `go`: its job's root moves read from text, and
//! the thread that searches and turns the result back into text events.

use super::wdl::WdlModel;
use super::{GameState, SearchEvent, TextBest, TextInfo};
use crate::variants::{Notation, Variant};
use std::sync::Arc;
use std::thread::JoinHandle;
use timur_search::{Control, CurrMove, Info, Score, SearchJob, Searcher};

/// The moves of `texts` legal in `pos`; each one that is not becomes a note
/// naming `what` (`searchmoves`, `banmoves`).
pub(super) fn parse_moves<G: Variant>(
    pos: &G,
    texts: &[String],
    what: &str,
    notation: Notation,
    notes: &mut Vec<String>,
) -> Vec<G::Move> {
    texts
        .iter()
        .filter_map(|text| match pos.parse_move(text, notation) {
            Ok(mv) => Some(mv),
            Err(why) => {
                notes.push(format!("{what} `{text}` ignored: {why}"));
                None
            }
        })
        .collect()
}

/// The first legal move of `pos` as text: the answer when no search thread
/// can be started.
pub(super) fn first_legal_move<G: Variant>(pos: &G, notation: Notation) -> Option<String> {
    let mut legal = timur_search::MoveList::new();
    pos.legal_moves(&mut legal);
    legal.first().map(|&mv| pos.format_move(mv, notation))
}

/// What a search thread reports to and with.
pub(super) struct SearchThread {
    /// The engine's search.
    pub searcher: Arc<Searcher>,
    /// The stop signal the engine keeps a copy of.
    pub control: Arc<Control>,
    /// The protocol's event sink.
    pub events: Arc<dyn Fn(SearchEvent) + Send + Sync>,
    /// How moves are written.
    pub notation: Notation,
    /// The win/draw/loss model, under `UCI_ShowWDL`.
    pub wdl_model: Option<WdlModel>,
    /// The endgame tables' score of the root moves searched and the probes
    /// that ranked them, when the tables chose them.
    pub table: Option<(Score, u64)>,
}

/// The score to report: the tables' one, where they ranked the root,
/// unless the search found a mate (as Stockfish reports).
fn reported(score: Score, table: Option<(Score, u64)>) -> Score {
    match (score, table) {
        (Score::Cp(_), Some((table_score, _))) => table_score,
        _ => score,
    }
}

impl SearchThread {
    /// Starts the thread that searches `job` from `state` and reports every
    /// iteration, the root moves after a second, and the result.
    pub fn spawn<G: Variant + Send + Sync + 'static>(
        self,
        state: GameState<G>,
        job: SearchJob<G>,
    ) -> std::io::Result<JoinHandle<()>> {
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(timur_search::STACK_SIZE)
            .spawn(move || self.run(&state, job))
    }

    fn run<G: Variant>(self, state: &GameState<G>, job: SearchJob<G>) {
        let SearchThread {
            searcher,
            control,
            events,
            notation,
            wdl_model,
            table,
        } = self;
        let root_probes = table.map_or(0, |(_, probes)| probes);
        let report = |info: &Info<G::Move>| {
            let score = reported(info.score, table);
            events(SearchEvent::Info(TextInfo {
                depth: info.depth,
                seldepth: info.seldepth,
                multipv: info.multipv,
                score,
                bound: info.bound,
                nodes: info.nodes,
                nps: info.nps,
                hashfull: info.hashfull,
                tbhits: info.tbhits + root_probes,
                time: info.time,
                pv: state.line_text(&info.pv, notation),
                wdl: wdl_model.map(|model| model.wdl(score)),
            }))
        };
        let root = state.position();
        let currmove = |c: &CurrMove<G::Move>| {
            events(SearchEvent::CurrMove {
                mv: root.format_move(c.mv, notation),
                number: c.number,
            })
        };
        let result = searcher.search_with_moves(job, &control, &report, &currmove);
        let line: Vec<_> = result.best.into_iter().chain(result.ponder).collect();
        let mut text = state.line_text(&line, notation).into_iter();
        events(SearchEvent::Done(TextBest {
            best: text.next(),
            ponder: text.next(),
            score: reported(result.score, table),
        }));
    }
}
