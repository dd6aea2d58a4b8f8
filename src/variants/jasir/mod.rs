//! Jasir and Jarmo: the archers' race on the 25-hole board.
//!
//! One type, [`Jasir`], plays both games; its [`Rules`] field says which.
//! The board is a `u32` bitboard ([`board`]), the segments are per-hole
//! neighbour masks ([`segments`]); [`movegen`] generates and counts legal moves,
//! [`position`] plays them, [`rules`] ends the game and scores it, [`jfen`]
//! and [`notation`] are the text, [`eval`] the static evaluation and
//! [`solver`] the exact retrograde solver. The rules are
//! `docs/rules/jasir.md`.

pub mod board;
pub mod eval;
mod game;
pub mod jfen;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod rules;
pub mod segments;
pub mod solved;
pub mod solver;

mod xboard;
pub mod zobrist;

pub use board::Rules;
pub use moves::Move;
pub use rules::GameResult;

use position::{Shuttle, State};
use solved::SolvedTables;
use std::sync::Arc;
use timur_search::{Color, Game, MoveList};

/// A Jasir or Jarmo position with its undo history.
#[derive(Clone, Debug)]
pub struct Jasir {
    rules: Rules,
    st: State,
    history: Vec<State>,
    /// The solved tables the search probes (its copies only).
    tables: Option<Arc<SolvedTables>>,
}

impl PartialEq for Jasir {
    /// Two positions are equal when their games and states are (the undo
    /// history does not count).
    fn eq(&self, other: &Jasir) -> bool {
        self.rules == other.rules && self.st == other.st
    }
}

impl Eq for Jasir {}

impl Jasir {
    /// The start position of the game `rules`.
    pub fn start_position_for(rules: Rules) -> Jasir {
        Jasir::from_state(rules, State::start(rules))
    }

    /// Reads a JFEN for the game `rules`.
    pub fn from_fen_for(text: &str, rules: Rules) -> Result<Jasir, String> {
        Ok(Jasir::from_state(rules, jfen::parse(text, rules)?))
    }

    /// A position of `rules` from a state (its key must be up to date).
    pub(crate) fn from_state(rules: Rules, st: State) -> Jasir {
        Jasir {
            rules,
            st,
            history: Vec::new(),
            tables: None,
        }
    }

    /// The state without history.
    pub(crate) fn state(&self) -> &State {
        &self.st
    }

    /// Which game this is.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The archers of `side` on the board, one bit per hole (`a1` = bit 0,
    /// `e5` = bit 24).
    pub fn archers(&self, side: Color) -> u32 {
        self.st.archers[side.index()]
    }

    /// The elite archers on the board (both sides).
    pub fn elites(&self) -> u32 {
        self.st.elite
    }

    /// Archers in `side`'s hand.
    pub fn hand(&self, side: Color) -> u32 {
        u32::from(self.st.hand[side.index()])
    }

    /// Jarmo: `side`'s last step `(from, to, reversals in a row)`, if any.
    pub fn shuttle(&self, side: Color) -> Option<(u32, u32, u32)> {
        self.st.shuttle[side.index()]
            .map(|Shuttle { from, to, count }| (u32::from(from), u32::from(to), u32::from(count)))
    }

    /// The Zobrist key recomputed from scratch (tests compare it with
    /// [`Game::key`], which is updated move by move).
    pub fn key_from_scratch(&self) -> u64 {
        self.st.compute_key(self.rules)
    }

    /// The result if the game is over: ended by the rules, or because the
    /// side to move has no legal move. `None` while it goes on.
    pub fn result(&self) -> Option<GameResult> {
        if let Some(r) = rules::rule_end(&self.st, self.rules) {
            return Some(r);
        }
        (movegen::count(&self.st, self.rules) == 0)
            .then(|| rules::no_moves_end(&self.st, self.rules))
    }

    /// The legal moves as a vector (convenience for tools and tests).
    pub fn moves(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.to_vec()
    }
}
