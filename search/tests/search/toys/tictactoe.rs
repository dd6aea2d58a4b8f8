//! Tic-tac-toe, with an exact solver to compare the search against.

use super::mix;
use timur_search::{Color, Game, MoveList, Outcome};

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A board (0 empty, 1 X, 2 O); X moves first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// The cells, a1..c3 row by row.
    pub cells: [u8; 9],
}

impl TicTacToe {
    /// The empty board.
    pub fn new() -> TicTacToe {
        TicTacToe { cells: [0; 9] }
    }

    /// A board from a 9-character picture (`x`, `o`, `.`).
    pub fn from_text(text: &str) -> TicTacToe {
        let mut cells = [0; 9];
        for (cell, c) in cells.iter_mut().zip(text.chars()) {
            *cell = match c {
                'x' => 1,
                'o' => 2,
                _ => 0,
            };
        }
        TicTacToe { cells }
    }

    fn stones(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    fn mark_to_move(&self) -> u8 {
        if self.stones().is_multiple_of(2) {
            1
        } else {
            2
        }
    }

    fn has_line(&self, mark: u8) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&i| self.cells[i] == mark))
    }

    /// Exact negamax value: `100 - plies` for a win in `plies`, the negation
    /// for a loss, 0 for a draw (winner fastest, loser slowest).
    pub fn solve(&mut self) -> i32 {
        if let Some(outcome) = self.rule_outcome() {
            return match outcome {
                Outcome::Loss { .. } => -100,
                _ => 0,
            };
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let mut best = i32::MIN;
        for mv in moves {
            self.make_move(mv);
            let value = -self.solve();
            self.unmake_move(mv);
            // One ply further from the end.
            let value = value - value.signum();
            best = best.max(value);
        }
        best
    }
}

impl Game for TicTacToe {
    type Move = u8;
    const HISTORY_SIZE: usize = 9;

    fn side_to_move(&self) -> Color {
        if self.mark_to_move() == 1 {
            Color::White
        } else {
            Color::Black
        }
    }
    fn legal_moves(&self, out: &mut MoveList<u8>) {
        if self.rule_outcome().is_none() {
            out.extend((0..9u8).filter(|&i| self.cells[usize::from(i)] == 0));
        }
    }
    fn make_move(&mut self, mv: u8) {
        assert!(self.is_legal(mv), "illegal move {mv} in {self:?}");
        self.cells[usize::from(mv)] = self.mark_to_move();
    }
    fn unmake_move(&mut self, mv: u8) {
        self.cells[usize::from(mv)] = 0;
    }
    fn key(&self) -> u64 {
        self.cells.iter().fold(0u64, |acc, &c| {
            mix(acc.wrapping_mul(3).wrapping_add(u64::from(c)))
        })
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
        (code < 9).then_some(code as u8)
    }
    fn history_index(&self, mv: u8) -> usize {
        usize::from(mv)
    }
    fn evaluate(&mut self) -> i32 {
        // A little knowledge so the search has something to order by.
        if self.cells[4] == self.mark_to_move() {
            10
        } else {
            0
        }
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        let just_moved = 3 - self.mark_to_move();
        if self.has_line(just_moved) {
            Some(Outcome::Loss { margin: 0 })
        } else if self.stones() == 9 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Draw
    }
    fn plies_since_irreversible(&self) -> u32 {
        0
    }
}
