//! Tamerlane chess (the "masculine" array on 11×10 plus two citadels), as
//! specified in `docs/rules/tamerlane.md`.
//!
//! Files: [`types`] (squares, pieces, moves), [`attacks`] (tables and
//! sliding attacks), [`position`] (board, Zobrist, make/unmake), [`movegen`]
//! (legal moves), [`tfen`] (position text), [`notation`] (move text),
//! [`eval`] (evaluation), `conversion` (progress against a bare royal),
//! `nnue` (network inputs and accumulators), `record` (positions for
//! `timur nnue`), `stagnation` (a lead fading while nothing changes for
//! good).

pub mod attacks;
mod conversion;
pub mod eval;
pub mod movegen;
mod nnue;
pub mod notation;
pub mod position;
mod record;
mod stagnation;
pub mod tfen;
pub mod types;
mod xboard;

use timur_search::{Color, Game, MoveList, Outcome};

use crate::variants::eval_table::EvalTable;
use crate::variants::verdict::Reason;
use crate::variants::{Notation, Variant};
pub use position::Tamerlane;
use types::{
    is_citadel, kind_of, last_rank, rank_of, Kind, Move, MoveKind, EMPTY, FILES, RANKS, SQUARES,
};

impl Game for Tamerlane {
    type Move = Move;

    const HISTORY_SIZE: usize = SQUARES * SQUARES;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.generate(out);
    }

    fn make_move(&mut self, mv: Move) {
        self.play(mv);
    }

    fn unmake_move(&mut self, _mv: Move) {
        self.take_back();
    }

    fn null_move_allowed(&self) -> bool {
        if self.finished || self.side_in_check() {
            return false;
        }
        let own = self.by_color[self.side.index()];
        (own & !self.pawns & !self.royals).count_ones() >= 2
    }

    fn make_null_move(&mut self) {
        self.make_null();
    }

    fn unmake_null_move(&mut self) {
        self.take_back();
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn in_check(&self) -> bool {
        self.side_in_check()
    }

    /// Played to ask, as by default, but with the network set aside: the
    /// accumulators of a move taken straight back are never read.
    fn gives_check(&mut self, mv: Move) -> bool {
        let network = self.nnue.take();
        self.play(mv);
        let check = self.side_in_check();
        self.take_back();
        self.nnue = network;
        check
    }

    fn is_tactical(&self, mv: Move) -> bool {
        if mv.kind != MoveKind::Normal {
            return true;
        }
        let target = self.board[mv.to as usize];
        if target != EMPTY {
            return true;
        }
        let p = self.board[mv.from as usize];
        p != EMPTY
            && kind_of(p).is_pawn()
            && !is_citadel(mv.to)
            && rank_of(mv.to) == last_rank(self.side)
    }

    fn tactical_order(&self, mv: Move) -> i32 {
        // MVV-LVA plus the value a promotion gains; swaps and citadel moves
        // come after captures.
        let value = |p: u8| {
            if p == EMPTY {
                0
            } else {
                eval::VALUES[kind_of(p).index()]
            }
        };
        let mover = self.board[mv.from as usize];
        let target = self.board[mv.to as usize];
        match mv.kind {
            MoveKind::Normal | MoveKind::Relocation => {
                let victim = if target != EMPTY && types::color_of(target) != self.side {
                    value(target)
                } else {
                    0
                };
                let promo =
                    if mv.kind == MoveKind::Normal && self.is_tactical(mv) && target == EMPTY {
                        eval::VALUES[kind_of(mover).promoted().index()]
                    } else {
                        0
                    };
                (victim + promo) * 16 - value(mover) / 16
            }
            _ => 0,
        }
    }

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    fn move_from_code(code: u32) -> Option<Move> {
        Move::from_code(code)
    }

    fn history_index(&self, mv: Move) -> usize {
        mv.from as usize * SQUARES + mv.to as usize
    }

    fn evaluate(&mut self) -> i32 {
        let eval = self.network_eval().unwrap_or_else(|| self.eval());
        stagnation::faded(eval, self.halfmove)
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        self.finished.then_some(Outcome::Draw)
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Loss { margin: 0 }
    }

    fn plies_since_irreversible(&self) -> u32 {
        self.halfmove
    }
}

impl Variant for Tamerlane {
    /// No draw by repetition in Tamerlane (rules page).
    const REPETITION_ENDS_GAME: bool = false;

    fn eval_table(&self) -> EvalTable {
        self.term_table()
    }

    /// The only rule end: a royal in the enemy citadel.
    fn rule_reason(&self) -> Reason {
        Reason::Citadel
    }

    fn for_search(&self) -> Tamerlane {
        let mut root = self.clone();
        root.attach_network(crate::nnue::active::active::<Tamerlane>());
        root
    }

    fn start_position() -> Self {
        // The start TFEN is a constant that the tests parse; fall back to
        // an empty board only if it were ever broken.
        tfen::parse(tfen::START_TFEN).unwrap_or_else(|_| Tamerlane::empty())
    }

    fn from_fen(text: &str) -> Result<Self, String> {
        tfen::parse(text)
    }

    fn to_fen(&self) -> String {
        tfen::write(self)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, String> {
        notation::check_syntax(text)?;
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| notation::move_text(m) == text)
            .ok_or_else(|| {
                if self.finished {
                    format!("move `{text}`: the game is over (citadel draw)")
                } else {
                    format!("move `{text}` is not legal in this position")
                }
            })
    }

    fn format_move(&self, mv: Move, _notation: Notation) -> String {
        notation::move_text(mv)
    }

    fn pretty(&self) -> String {
        let mut out = String::new();
        let cell = |sq: u8| {
            let p = self.board[sq as usize];
            if p == EMPTY {
                " .".to_string()
            } else {
                format!("{:>2}", tfen::piece_text(p))
            }
        };
        for rank in (0..RANKS as u8).rev() {
            let z = if rank == 8 {
                format!("z9{}", cell(types::Z9))
            } else {
                "    ".to_string()
            };
            out.push_str(&format!("{z} {:>2} |", rank + 1));
            for file in 0..FILES as u8 {
                out.push(' ');
                out.push_str(&cell(types::square(file, rank)));
            }
            out.push_str(" |");
            if rank == 1 {
                out.push_str(&format!("{} l2", cell(types::L2)));
            }
            out.push('\n');
        }
        out.push_str("        ");
        for file in 0..FILES as u8 {
            out.push_str(&format!("  {}", (b'a' + file) as char));
        }
        out.push('\n');
        out.push_str(&format!("Fen: {}\n", self.to_fen()));
        out
    }
}

impl Tamerlane {
    /// Pieces of a kind for callers outside the folder (tests, tools).
    pub fn count(&self, color: Color, kind: Kind) -> u32 {
        self.pieces(color, kind).count_ones()
    }
}
