//! `timur_search::Game` and `Variant` for [`Jasir`].

use super::board::{bit, hole, Rules};
use super::moves::Move;
use super::{eval, jfen, movegen, notation, rules, solved, Jasir};
use crate::variants::eval_table::EvalTable;
use crate::variants::verdict::Reason;
use crate::variants::{Notation, Variant};
use timur_search::{Color, Game, MoveList, Outcome, Solved};

/// History slots per side: origin (25 holes or a drop) × destination.
const SLOTS_PER_SIDE: usize = 26 * 25;

impl Game for Jasir {
    type Move = Move;

    const HISTORY_SIZE: usize = 2 * SLOTS_PER_SIDE;

    fn side_to_move(&self) -> Color {
        self.st.side
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        movegen::generate(&self.st, self.rules, out);
    }

    fn count_legal_moves(&self) -> u64 {
        movegen::count(&self.st, self.rules)
    }

    fn make_move(&mut self, mv: Move) {
        self.history.push(self.st);
        self.st.apply(self.rules, mv);
    }

    fn unmake_move(&mut self, _mv: Move) {
        if let Some(prev) = self.history.pop() {
            self.st = prev;
        }
    }

    fn key(&self) -> u64 {
        self.st.key
    }

    fn in_check(&self) -> bool {
        false
    }

    fn is_tactical(&self, mv: Move) -> bool {
        !mv.is_drop() && self.st.archers[self.st.side.flip().index()] & bit(mv.to()) != 0
    }

    fn tactical_order(&self, mv: Move) -> i32 {
        if !self.is_tactical(mv) {
            return 0;
        }
        let victim_elite = self.st.elite & bit(mv.to()) != 0;
        let capturer_simple = self.st.elite & bit(mv.from()) == 0;
        // Jasir: an elite victim only goes back to the hand; a simple capturer gains a promotion
        let victim = match (self.rules, victim_elite) {
            (Rules::Jasir, true) => 60,
            _ => 100,
        };
        victim + if capturer_simple { 20 } else { 0 } + mv.reentry_file().map_or(0, |_| 5)
    }

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    fn move_from_code(code: u32) -> Option<Move> {
        Move::from_code(code)
    }

    fn history_index(&self, mv: Move) -> usize {
        let from = if mv.is_drop() { 25 } else { mv.from() as usize };
        self.st.side.index() * SLOTS_PER_SIDE + from * 25 + mv.to() as usize
    }

    fn evaluate(&mut self) -> i32 {
        eval::evaluate(&self.st, self.rules)
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        rules::rule_end(&self.st, self.rules).map(|r| r.outcome_for(self.st.side))
    }

    /// The loaded tables' result and distance, where one holds this
    /// position.
    fn solved(&self, _depth: i32) -> Option<Solved> {
        let (outcome, plies) = self.tables.as_ref()?.result(self)?;
        Some(Solved::Exact { outcome, plies })
    }

    fn no_moves_outcome(&self) -> Outcome {
        let result = rules::rule_end(&self.st, self.rules)
            .unwrap_or_else(|| rules::no_moves_end(&self.st, self.rules));
        result.outcome_for(self.st.side)
    }

    /// Every ply made since this position was set up. A capture or a drop
    /// does not stop a repetition here: an elite (in Jarmo any) archer
    /// taken goes to the hand and comes back by a drop, so a position can
    /// recur across them (a drop, a step, a capture and a drop again is a
    /// four-ply cycle), and the search and the XBoard referee must see it.
    fn plies_since_irreversible(&self) -> u32 {
        u32::try_from(self.history.len()).unwrap_or(u32::MAX)
    }
}

impl Variant for Jasir {
    /// A copy to search from, probing the solved tables active now.
    fn for_search(&self) -> Self {
        let mut copy = self.clone();
        copy.tables = solved::active();
        copy
    }

    /// Neither Jasir nor Jarmo ends by repetition (rules page).
    const REPETITION_ENDS_GAME: bool = false;

    fn eval_table(&self) -> EvalTable {
        eval::term_table(&self.st, self.rules)
    }

    /// Every end of Jasir and Jarmo is scored.
    fn rule_reason(&self) -> Reason {
        self.no_moves_reason()
    }

    fn no_moves_reason(&self) -> Reason {
        let result = rules::rule_end(&self.st, self.rules)
            .unwrap_or_else(|| rules::no_moves_end(&self.st, self.rules));
        Reason::Points(result.points)
    }

    /// The Jasir start position (use [`Jasir::start_position_for`] for Jarmo).
    fn start_position() -> Jasir {
        Jasir::start_position_for(Rules::Jasir)
    }

    /// Reads a Jasir JFEN (use [`Jasir::from_fen_for`] for Jarmo).
    fn from_fen(text: &str) -> Result<Jasir, String> {
        Jasir::from_fen_for(text, Rules::Jasir)
    }

    fn to_fen(&self) -> String {
        jfen::format(&self.st)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, String> {
        let mv = notation::parse(text, self.rules)?;
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        if legal.contains(&mv) {
            return Ok(mv);
        }
        let why = if legal.is_empty() {
            "the game is over".to_string()
        } else {
            let texts: Vec<String> = legal.iter().map(|&m| notation::format(m)).collect();
            format!("legal moves: {}", texts.join(" "))
        };
        Err(format!("move `{}` is not legal here ({why})", text.trim()))
    }

    fn format_move(&self, mv: Move, _notation: Notation) -> String {
        notation::format(mv)
    }

    fn pretty(&self) -> String {
        let mut out = String::new();
        for rank in (0..5).rev() {
            out.push_str(&format!(" {} ", rank + 1));
            for file in 0..5 {
                let b = bit(hole(file, rank));
                let c = match (self.st.archers[0] & b != 0, self.st.archers[1] & b != 0) {
                    (true, _) if self.st.elite & b != 0 => 'E',
                    (true, _) => 'S',
                    (_, true) if self.st.elite & b != 0 => 'e',
                    (_, true) => 's',
                    _ => '.',
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("    a b c d e\n");
        out.push_str(&format!(
            "Game: {}  hands: White {} Black {}\n",
            self.rules.name(),
            self.st.hand[0],
            self.st.hand[1]
        ));
        out.push_str(&format!("Fen: {}\n", self.to_fen()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cycle an engine and a first-legal-move player fell into (CI on
    /// 474352b): a drop, a step, a capture and a drop again. The position
    /// recurs every four plies although each of them captures or drops,
    /// so the repetition window must reach back across them.
    #[test]
    fn a_cycle_through_drops_and_captures_is_a_repetition() {
        let mut game = Jasir::start_position_for(Rules::Jasir);
        let opening = "d1c3 a5b3 a1b3 b5a3 e1c2 c5b3 c3b3 d5e3 c2d2 e3c2 d2c2 e5d3 c1d3";
        let cycle = "S@a5 S@a1 a5b3 a1b3";
        let mut keys = Vec::new();
        for text in opening
            .split(' ')
            .chain(cycle.split(' '))
            .chain(cycle.split(' '))
        {
            let mv = game.parse_move(text, Notation::default()).unwrap();
            game.make_move(mv);
            keys.push(game.key());
        }
        let last = keys.len() - 1;
        assert_eq!(keys[last], keys[last - 4], "the cycle repeats the position");
        assert!(game.plies_since_irreversible() >= 4);
    }
}
