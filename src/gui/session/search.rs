//! The session's searches: the engine's move, analysis and hints started
//! through the engine's `go`, and their events turned into page messages.
//! Every report on a position's first line is kept as that position's
//! evaluation; the engine's move carries its evaluation to the position it
//! leads to.

use super::Session;
use crate::engine::strength::Strength;
use crate::engine::{GoRequest, SearchEvent};
use crate::gui::evals::EvalView;
use crate::gui::message::ServerMsg;
use crate::gui::moves;
use std::sync::Arc;
use std::time::Instant;
use timur_search::{Limits, Score};

/// A search event, tagged with the search it belongs to and when it came.
#[derive(Clone, Debug)]
pub struct SearchNote {
    generation: u64,
    pub(super) event: SearchEvent,
    at: Instant,
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// The engine's move.
    Play,
    /// Analysis until stopped.
    Analyse,
    /// The best move for the person to move.
    Hint,
}

impl Purpose {
    fn name(self) -> &'static str {
        match self {
            Purpose::Play => "play",
            Purpose::Analyse => "analyse",
            Purpose::Hint => "hint",
        }
    }
}

impl Session {
    /// Handles a search event; stale events (of a search since replaced)
    /// are dropped.
    pub fn on_search(&mut self, note: SearchNote) -> Vec<ServerMsg> {
        if note.generation != self.generation {
            return Vec::new();
        }
        if self.review.is_some() {
            return self.on_review(note);
        }
        match note.event {
            SearchEvent::Info(info) => {
                let white = EvalView::of(&info, self.engine.side_to_move());
                if info.multipv == 1 {
                    self.evals.record(self.search_ply, white.clone());
                }
                if let (Some(first), Some(index)) =
                    (info.pv.first(), (info.multipv as usize).checked_sub(1))
                {
                    if self.root_lines.len() <= index {
                        self.root_lines
                            .resize(index + 1, (String::new(), white.clone()));
                    }
                    self.root_lines[index] = (first.clone(), white.clone());
                }
                vec![ServerMsg::Info {
                    ply: self.search_ply,
                    purpose: self.running.map_or("", Purpose::name).to_string(),
                    depth: info.depth,
                    multipv: info.multipv,
                    score: score_text(info.score),
                    nodes: info.nodes,
                    best: info.pv.first().and_then(|mv| moves::split(mv)),
                    pv: info.pv,
                    white,
                }]
            }
            SearchEvent::CurrMove { .. } => Vec::new(),
            SearchEvent::Done(best) => {
                let purpose = self.running.take();
                self.engine.wait();
                match (purpose, best.best) {
                    (Some(Purpose::Play), Some(mv)) => self.engine_moves(&mv, note.at),
                    (Some(Purpose::Hint), Some(mv)) => {
                        let mut replies: Vec<ServerMsg> = moves::split(&mv)
                            .map(|best| ServerMsg::Hint {
                                ply: self.ply,
                                best,
                            })
                            .into_iter()
                            .collect();
                        replies.extend(self.changed(false));
                        replies
                    }
                    _ => vec![self.state()],
                }
            }
        }
    }

    /// Plays the engine's move `mv`, found at `at`, unless its flag fell
    /// first; the position it leads to gets the evaluation of the root
    /// line that begins with it.
    fn engine_moves(&mut self, mv: &str, at: Instant) -> Vec<ServerMsg> {
        if self.flag_fall(at) {
            return vec![self.state()];
        }
        let mover = self.engine.side_to_move();
        let expected = std::mem::take(&mut self.root_lines)
            .into_iter()
            .find(|(first, _)| first == mv);
        if self.play(mv).is_err() {
            return vec![self.state()];
        }
        if let Some((_, view)) = expected {
            self.evals.record(self.ply, view);
        }
        self.press(mover, at);
        self.changed(true)
    }

    /// Starts a search for `purpose` at the cursor. Analysis and hints are
    /// at full strength; the engine's move at the level set.
    pub(super) fn start_search(&mut self, purpose: Purpose) -> Result<(), String> {
        self.halt();
        let (limits, lines) = match purpose {
            Purpose::Play => (self.play_limits(), 1),
            Purpose::Hint => (self.limits.clone(), 1),
            Purpose::Analyse => (
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
                self.multipv,
            ),
        };
        self.engine.set_multipv(lines);
        let events = self.reporter();
        let level = self.engine.options().strength;
        if purpose != Purpose::Play {
            self.engine.set_strength(Strength::DEFAULT);
        }
        // The page's limits are well-formed, so `go` has nothing to repair;
        // if it ever does, the search still runs and the page hears why.
        let notes = self.engine.go(
            GoRequest {
                limits,
                ..GoRequest::default()
            },
            events,
        );
        self.engine.set_strength(level);
        self.running = Some(purpose);
        self.search_ply = self.ply;
        match notes.is_empty() {
            true => Ok(()),
            false => Err(notes.join("; ")),
        }
    }

    /// Where a search started now reports: the session's channel, its
    /// events tagged with the present generation.
    pub(super) fn reporter(&self) -> Arc<dyn Fn(SearchEvent) + Send + Sync> {
        let notes = Arc::clone(&self.notes);
        let now = Arc::clone(&self.now);
        let generation = self.generation;
        Arc::new(move |event| {
            let at = now();
            if let Ok(sender) = notes.lock() {
                let _ = sender.send(SearchNote {
                    generation,
                    event,
                    at,
                });
            }
        })
    }

    /// Stops any search and the review; their remaining events become
    /// stale.
    pub(super) fn halt(&mut self) {
        self.stop_review();
        self.engine.stop_and_wait();
        self.running = None;
        self.root_lines.clear();
        self.generation += 1;
    }
}

/// A score for people: pawns with a sign, or `mate N` (side to move's view).
fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate { moves, .. } => format!("mate {moves}"),
    }
}
