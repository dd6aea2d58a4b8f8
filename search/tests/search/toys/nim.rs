//! Take-away: take 1, 2 or 3 stones; whoever takes the last stone wins (the
//! side to move with no stone left has lost). A pile of `4k` is lost for the
//! side to move.

use super::mix;
use timur_search::{Color, Game, MoveList, Outcome};

/// A pile and the side to move.
#[derive(Clone, Debug)]
pub struct Nim {
    /// Stones left.
    pub stones: u32,
    /// The side to move.
    pub side: Color,
}

impl Nim {
    /// White to move with `stones` stones.
    pub fn new(stones: u32) -> Nim {
        Nim {
            stones,
            side: Color::White,
        }
    }
}

impl Game for Nim {
    type Move = u8;
    const HISTORY_SIZE: usize = 4;

    fn side_to_move(&self) -> Color {
        self.side
    }
    fn legal_moves(&self, out: &mut MoveList<u8>) {
        out.extend((1..=self.stones.min(3)).map(|take| take as u8));
    }
    fn make_move(&mut self, mv: u8) {
        assert!(
            self.is_legal(mv),
            "illegal move {mv} with {} stones",
            self.stones
        );
        self.stones -= u32::from(mv);
        self.side = self.side.flip();
    }
    fn unmake_move(&mut self, mv: u8) {
        self.stones += u32::from(mv);
        self.side = self.side.flip();
    }
    fn key(&self) -> u64 {
        mix(u64::from(self.stones) * 2 + self.side.index() as u64)
    }
    fn in_check(&self) -> bool {
        false
    }
    fn is_tactical(&self, _: u8) -> bool {
        false
    }
    fn tactical_order(&self, _: u8) -> i32 {
        0
    }
    fn move_code(mv: u8) -> u32 {
        u32::from(mv)
    }
    fn move_from_code(code: u32) -> Option<u8> {
        u8::try_from(code).ok()
    }
    fn history_index(&self, mv: u8) -> usize {
        usize::from(mv)
    }
    fn evaluate(&mut self) -> i32 {
        0
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        None
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Loss { margin: 0 }
    }
    fn plies_since_irreversible(&self) -> u32 {
        0
    }
}
