//! [`Variant`] for xiangqi: FEN, move text and the board picture.

use super::board::{EMPTY, FILES, RANKS};
use super::fen::{piece_letter, START_FEN};
use super::moves::Move;
use super::notation::{format_move, parse_move_text, square_name};
use super::position::Xiangqi;
use crate::variants::eval_table::EvalTable;
use crate::variants::verdict::Reason;
use crate::variants::{Notation, Variant};

impl Variant for Xiangqi {
    fn eval_table(&self) -> EvalTable {
        self.term_table()
    }

    /// The only rule end: sixty moves without a capture.
    fn rule_reason(&self) -> Reason {
        Reason::SixtyMoves
    }

    fn for_search(&self) -> Xiangqi {
        let mut root = self.clone();
        root.attach_network(crate::nnue::active::active::<Xiangqi>());
        root
    }

    fn start_position() -> Self {
        match Xiangqi::parse_fen(START_FEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    fn from_fen(text: &str) -> Result<Self, String> {
        Xiangqi::parse_fen(text)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, String> {
        let mv = parse_move_text(text, notation)?;
        if self.is_legal_move(mv) {
            return Ok(mv);
        }
        let from = square_name(mv.from_index(), notation.ranks_from_one);
        let p = self.piece_at(mv.from_index());
        let why = if p == EMPTY {
            format!("no piece on {from}")
        } else if super::board::color_of(p) != self.side() {
            format!("the piece on {from} belongs to the side not to move")
        } else if self.pseudo_targets(mv.from_index()) & super::board::bit(mv.to_index()) == 0 {
            format!("the {} on {from} cannot move there", piece_name(p))
        } else {
            "it would leave the general in check or facing the other general".to_string()
        };
        Err(format!("illegal move `{}`: {why}", text.trim()))
    }

    fn format_move(&self, mv: Move, notation: Notation) -> String {
        format_move(mv, notation)
    }

    fn pretty(&self) -> String {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            out.push_str(&format!("{rank} "));
            for file in 0..FILES {
                let p = self.piece_at(rank * FILES + file);
                out.push(' ');
                out.push(if p == EMPTY { '.' } else { piece_letter(p) });
            }
            out.push('\n');
            if rank == 5 {
                out.push_str("   ~~~~~ river ~~~~~\n");
            }
        }
        out.push_str("   a b c d e f g h i\n\n");
        out.push_str(&format!("Fen: {}\n", self.fen()));
        out
    }
}

fn piece_name(p: u8) -> &'static str {
    match super::board::kind_of(p) {
        super::board::Kind::General => "general",
        super::board::Kind::Advisor => "advisor",
        super::board::Kind::Elephant => "elephant",
        super::board::Kind::Horse => "horse",
        super::board::Kind::Chariot => "chariot",
        super::board::Kind::Cannon => "cannon",
        super::board::Kind::Soldier => "soldier",
    }
}
