//! A game in progress: where it started, the moves played, the position now,
//! and the keys of every earlier position (for repetition rules).

use crate::variants::verdict::Verdict;
use crate::variants::{Notation, Variant};
use timur_search::HistoryEntry;

/// One game of type `G` being played or analysed.
#[derive(Clone, Debug)]
pub struct GameState<G: Variant> {
    start: G,
    moves: Vec<G::Move>,
    position: G,
    history: Vec<HistoryEntry>,
}

impl<G: Variant> GameState<G> {
    /// A game starting at `start`, no moves played yet.
    pub fn new(start: G) -> Self {
        GameState {
            position: start.clone(),
            start,
            moves: Vec::new(),
            history: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The moves played since the start, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The position the game started from.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The positions before the current one, oldest first, for the search's
    /// repetition rules.
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// The rules' verdict on the position now, or `None` while the game
    /// goes on.
    pub fn verdict(&self) -> Option<Verdict> {
        self.position.verdict(&self.history)
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: G::Move) {
        self.history.push(HistoryEntry {
            key: self.position.key(),
            in_check: self.position.in_check(),
        });
        self.position.make_move(mv);
        self.moves.push(mv);
    }

    /// Reads and plays one move; on error nothing changes.
    pub fn play_text(&mut self, text: &str, notation: Notation) -> Result<G::Move, String> {
        let mv = self.position.parse_move(text, notation)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.moves.pop() {
            Some(mv) => {
                self.position.unmake_move(mv);
                self.history.pop();
                true
            }
            None => false,
        }
    }

    /// A game from `start` with the moves of `moves` applied up to the first
    /// bad one (as Stockfish does); the error names that move.
    pub fn with_moves<S: AsRef<str>>(
        start: G,
        moves: &[S],
        notation: Notation,
    ) -> (Self, Option<String>) {
        let mut state = GameState::new(start);
        for (index, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            if let Err(why) = state.play_text(text, notation) {
                let kept = if index == 0 {
                    "no move played".to_owned()
                } else {
                    format!("the {index} before it played")
                };
                return (
                    state,
                    Some(format!(
                        "move {} `{text}` rejected: {why}; {kept}",
                        index + 1
                    )),
                );
            }
        }
        (state, None)
    }

    /// The moves of a line (e.g. a PV) as text, each written in the position
    /// it is played from. Stops at the first move that is not legal.
    pub fn line_text(&self, line: &[G::Move], notation: Notation) -> Vec<String> {
        let mut pos = self.position.clone();
        let mut out = Vec::with_capacity(line.len());
        for &mv in line {
            if !pos.is_legal(mv) {
                break;
            }
            out.push(pos.format_move(mv, notation));
            pos.make_move(mv);
        }
        out
    }
}
