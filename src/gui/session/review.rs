//! The session's game review: every position of the line searched in turn
//! by an engine of its own (the game's engine keeps the game, which the
//! review never touches), each through `Engine::go` at a fixed node count
//! per game, its evaluation kept like any search's, and each move marked
//! by the expected score its mover lost. Anything that stops the session's
//! search (a move, a new game, a setting) stops the review too.

use super::search::SearchNote;
use super::Session;
use crate::engine::options::{self, Protocol};
use crate::engine::{Engine, GoRequest, SearchEvent};
use crate::gui::evals::EvalView;
use crate::gui::message::{ReviewView, ServerMsg};
use crate::gui::review;
use timur_search::{Color, Limits};

/// A review under way.
pub(super) struct Review {
    engine: Engine,
    /// The position searched: after this many plies of the line.
    ply: usize,
    nodes: u64,
}

impl Session {
    /// Starts reviewing the whole line with `nodes` per position (the
    /// game's own count without one).
    pub(super) fn start_review(&mut self, nodes: Option<u64>) -> Result<Vec<ServerMsg>, String> {
        if self.line.is_empty() {
            return Err("no moves to review".into());
        }
        if self.running == Some(super::Purpose::Play) {
            return Err("the engine is thinking on its move".into());
        }
        if nodes == Some(0) {
            return Err("nodes must be positive".into());
        }
        self.halt();
        let mut engine = Engine::new();
        let _ = options::set(&mut engine, Protocol::Uci, "UCI_ShowWDL", Some("true"));
        engine.set_variant(self.engine.kind())?;
        self.review = Some(Review {
            engine,
            ply: 0,
            nodes: nodes.unwrap_or_else(|| review::nodes_for(self.engine.kind())),
        });
        self.marks.clear();
        self.review_search()
    }

    /// Searches the review's position, or takes a finished one's result as
    /// its evaluation and goes on; the review ends after the last position.
    fn review_search(&mut self) -> Result<Vec<ServerMsg>, String> {
        loop {
            let Some(review) = self.review.as_mut() else {
                return Ok(vec![self.state()]);
            };
            let ply = review.ply;
            if ply > self.line.len() {
                self.review = None;
                self.reviewed = true;
                return Ok(self.changed(false));
            }
            review
                .engine
                .set_position(self.start.as_deref(), &self.line[..ply])?;
            if let Some(verdict) = review.engine.game().verdict() {
                self.evals.record(ply, review::of_verdict(&verdict));
                self.review_step_done();
                continue;
            }
            let limits = Limits {
                nodes: Some(review.nodes),
                ..Limits::default()
            };
            self.generation += 1;
            let events = self.reporter();
            let review = self.review.as_mut().expect("the review runs");
            let notes = review.engine.go(
                GoRequest {
                    limits,
                    ..GoRequest::default()
                },
                events,
            );
            return match notes.is_empty() {
                true => Ok(vec![self.state()]),
                false => Err(notes.join("; ")),
            };
        }
    }

    /// Handles an event of the review's search: a report is the position's
    /// evaluation; the end marks the move that led there and goes on.
    pub(super) fn on_review(&mut self, note: SearchNote) -> Vec<ServerMsg> {
        let Some(review) = self.review.as_mut() else {
            return Vec::new();
        };
        match note.event {
            SearchEvent::Info(info) if info.multipv == 1 => {
                let white = EvalView::of(&info, review.engine.side_to_move());
                self.evals.record(review.ply, white);
                Vec::new()
            }
            SearchEvent::Done(_) => {
                review.engine.wait();
                self.review_step_done();
                self.review_search()
                    .unwrap_or_else(|message| vec![self.state(), ServerMsg::Error { message }])
            }
            _ => Vec::new(),
        }
    }

    /// The review's position has its evaluation: the move before it is
    /// marked, and the review moves on.
    fn review_step_done(&mut self) {
        let Some(review) = self.review.as_mut() else {
            return;
        };
        let ply = review.ply;
        review.ply += 1;
        if ply == 0 {
            return;
        }
        let mover = match review.engine.side_to_move() {
            Color::White => Color::Black,
            Color::Black => Color::White,
        };
        let mark = match (self.evals.get(ply - 1), self.evals.get(ply)) {
            (Some(before), Some(after)) => review::mark(before, after, mover),
            _ => None,
        };
        self.marks.resize(ply, None);
        self.marks[ply - 1] = mark;
    }

    /// Stops the review, if one runs.
    pub(super) fn stop_review(&mut self) {
        if let Some(mut review) = self.review.take() {
            review.engine.stop_and_wait();
        }
    }

    /// How far the review got, for the page's progress bar.
    pub(super) fn review_view(&self) -> Option<ReviewView> {
        let total = self.line.len() + 1;
        match &self.review {
            Some(review) => Some(ReviewView {
                done: review.ply,
                total,
                running: true,
            }),
            None => self.reviewed.then_some(ReviewView {
                done: total,
                total,
                running: false,
            }),
        }
    }
}
