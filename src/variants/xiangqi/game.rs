//! [`Game`] for xiangqi: the search's view, including the end-of-game rules
//! (no legal move loses, perpetual check and perpetual chase lose, 120
//! plies without capture draw).

use super::board::{kind_index, Kind, EMPTY, SQUARES};
use super::chase::judge_cycle;
use super::eval::MATERIAL;
use super::moves::Move;
use super::position::Xiangqi;
use timur_search::{hash_words, Color, Cycle, Game, MoveList, Outcome};

/// Plies without a capture after which the game is drawn (sixty moves).
pub const NO_CAPTURE_DRAW_PLIES: u32 = 120;

/// Ordering rank of the attacker in MVV-LVA (cheap attackers first).
const ATTACKER_RANK: [i32; 7] = [6, 2, 2, 3, 5, 4, 1];

impl Game for Xiangqi {
    type Move = Move;

    const HISTORY_SIZE: usize = 16 * SQUARES;

    fn side_to_move(&self) -> Color {
        self.side()
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.generate_legal(out);
    }

    fn tactical_moves(&self, out: &mut MoveList<Move>) {
        self.generate_captures(out);
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_legal()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }

    fn make_move(&mut self, mv: Move) {
        self.make(mv);
    }

    fn unmake_move(&mut self, mv: Move) {
        self.unmake(mv);
    }

    fn null_move_allowed(&self) -> bool {
        let us = self.side();
        let attackers = self.pieces(us, Kind::Chariot)
            | self.pieces(us, Kind::Cannon)
            | self.pieces(us, Kind::Horse);
        attackers != 0 && !self.general_attacked(us)
    }

    fn make_null_move(&mut self) {
        self.make_null();
    }

    fn unmake_null_move(&mut self) {
        self.unmake_null();
    }

    fn key(&self) -> u64 {
        self.key
    }

    /// The soldiers of each side and the defenders (advisors and
    /// elephants; the two sides' never share a point).
    fn structure_key(&self) -> Option<u64> {
        let red = self.pieces(Color::White, Kind::Soldier);
        let black = self.pieces(Color::Black, Kind::Soldier);
        let defenders = self.by_kind[Kind::Advisor.index()] | self.by_kind[Kind::Elephant.index()];
        Some(hash_words(&[
            red as u64,
            (red >> 64) as u64,
            black as u64,
            (black >> 64) as u64,
            defenders as u64,
            (defenders >> 64) as u64,
        ]))
    }

    /// Each side's general, chariots, horses and cannons.
    fn piece_keys(&self) -> Option<[u64; 2]> {
        Some([Color::White, Color::Black].map(|color| {
            let words = [Kind::General, Kind::Chariot, Kind::Horse, Kind::Cannon].map(|kind| {
                let placed = self.pieces(color, kind);
                [placed as u64, (placed >> 64) as u64]
            });
            hash_words(words.as_flattened())
        }))
    }

    fn in_check(&self) -> bool {
        self.general_attacked(self.side())
    }

    fn gives_check(&mut self, mv: Move) -> bool {
        Xiangqi::gives_check(self, mv)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        self.piece_at(mv.to_index()) != EMPTY
    }

    fn tactical_order(&self, mv: Move) -> i32 {
        let victim = self.piece_at(mv.to_index());
        let attacker = self.piece_at(mv.from_index());
        if victim == EMPTY || attacker == EMPTY {
            return 0;
        }
        let value = if kind_index(victim) == Kind::General.index() {
            10_000
        } else {
            MATERIAL[kind_index(victim)]
        };
        value * 8 - ATTACKER_RANK[kind_index(attacker)]
    }

    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        Xiangqi::see_at_least(self, mv, threshold)
    }

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    fn move_from_code(code: u32) -> Option<Move> {
        Move::from_code(code)
    }

    fn history_index(&self, mv: Move) -> usize {
        self.piece_at(mv.from_index()) as usize * SQUARES + mv.to_index()
    }

    fn evaluate(&mut self) -> i32 {
        self.network_eval().unwrap_or_else(|| self.static_eval())
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        (self.since_capture >= NO_CAPTURE_DRAW_PLIES).then_some(Outcome::Draw)
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Loss { margin: 0 }
    }

    fn repetition_outcome(&self, cycle: Cycle) -> Outcome {
        // Whoever gave check with every one of its moves in the cycle, while
        // the other side did not, is the perpetual checker and loses. The
        // cycle may be closed by either side (the first recurrence can come
        // after the checked side's reply), so both directions are decided
        // here. Mutual perpetual checks are draws.
        match (cycle.mover_always_checked, cycle.opponent_always_checked) {
            (true, false) => return Outcome::Win { margin: 0 },
            (false, true) => return Outcome::Loss { margin: 0 },
            (true, true) => return Outcome::Draw,
            (false, false) => {}
        }
        // Otherwise a cycle with any check is a draw; without checks, a side
        // that chases alone loses.
        let Some(verdict) = judge_cycle(self, cycle.plies) else {
            return Outcome::Draw;
        };
        let (us, them) = (self.side(), self.side().flip());
        match (
            verdict.any_check,
            verdict.chases[us.index()],
            verdict.chases[them.index()],
        ) {
            (false, true, false) => Outcome::Loss { margin: 0 },
            (false, false, true) => Outcome::Win { margin: 0 },
            _ => Outcome::Draw,
        }
    }

    fn plies_since_irreversible(&self) -> u32 {
        self.since_irreversible
    }
}
