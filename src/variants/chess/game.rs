//! `Chess` as a [`Game`] (what the search sees) and a [`Variant`] (text).

use super::fen::START_FEN;
use super::position::Chess;
use super::syzygy;
use super::types::{Kind, Move, MoveKind, Square};
use crate::variants::eval_table::EvalTable;
use crate::variants::table_root::TableRoot;
use crate::variants::verdict::Reason;
use crate::variants::{Notation, Variant};
use std::fmt::Write;
use timur_search::{hash_words, Color, Game, HistoryEntry, MoveList, Outcome, Solved};

/// Ordering value of each victim kind, for MVV-LVA.
const VICTIM: [i32; 6] = [1, 3, 3, 5, 9, 0];

impl Game for Chess {
    type Move = Move;
    const HISTORY_SIZE: usize = 12 * 64;

    #[inline]
    fn side_to_move(&self) -> timur_search::Color {
        self.side
    }

    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.legal_moves_into(out);
    }

    #[inline]
    fn tactical_moves(&self, out: &mut MoveList<Move>) {
        self.tactical_moves_into(out);
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
    }

    #[inline]
    fn make_move(&mut self, mv: Move) {
        self.make(mv);
    }

    #[inline]
    fn unmake_move(&mut self, mv: Move) {
        self.unmake(mv);
    }

    fn null_move_allowed(&self) -> bool {
        let us = self.side;
        let pieces = self.by_color[us.index()]
            & !self.by_kind[Kind::Pawn.index()]
            & !self.by_kind[Kind::King.index()];
        pieces != 0 && self.checkers() == 0
    }

    fn make_null_move(&mut self) {
        self.make_null();
    }

    fn unmake_null_move(&mut self) {
        self.unmake_null();
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    /// The pawns of each side.
    #[inline]
    fn structure_key(&self) -> Option<u64> {
        let pawns = self.by_kind[Kind::Pawn.index()];
        Some(hash_words(&[
            pawns & self.by_color[Color::White.index()],
            pawns & self.by_color[Color::Black.index()],
        ]))
    }

    /// Each side's pieces (king included), not its pawns.
    #[inline]
    fn piece_keys(&self) -> Option<[u64; 2]> {
        let pieces = !self.by_kind[Kind::Pawn.index()];
        Some([Color::White, Color::Black].map(|color| {
            let own = self.by_color[color.index()] & pieces;
            hash_words(&[
                own & self.by_kind[Kind::Knight.index()],
                own & self.by_kind[Kind::Bishop.index()],
                own & self.by_kind[Kind::Rook.index()],
                own & self.by_kind[Kind::Queen.index()],
                own & self.by_kind[Kind::King.index()],
            ])
        }))
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    #[inline]
    fn gives_check(&mut self, mv: Move) -> bool {
        Chess::gives_check(self, mv)
    }

    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::Normal => self.piece_at(mv.to()).is_some(),
            MoveKind::Promotion(_) | MoveKind::EnPassant => true,
            MoveKind::Castle => false,
        }
    }

    fn tactical_order(&self, mv: Move) -> i32 {
        let attacker = self
            .piece_at(mv.from())
            .map_or(0, |p| VICTIM[p.kind().index()]);
        let victim = match mv.kind() {
            MoveKind::EnPassant => VICTIM[Kind::Pawn.index()],
            _ => self
                .piece_at(mv.to())
                .map_or(0, |p| VICTIM[p.kind().index()]),
        };
        let promotion = match mv.kind() {
            MoveKind::Promotion(Kind::Queen) => 80,
            MoveKind::Promotion(_) => -80,
            _ => 0,
        };
        victim * 16 - attacker + promotion
    }

    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        Chess::see_at_least(self, mv, threshold)
    }

    #[inline]
    fn move_code(mv: Move) -> u32 {
        mv.bits() as u32
    }

    fn move_from_code(code: u32) -> Option<Move> {
        u16::try_from(code).ok().and_then(Move::from_bits)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        let piece = self.piece_at(mv.from()).map_or(0, |p| p.index());
        piece * 64 + mv.to().index()
    }

    fn evaluate(&mut self) -> i32 {
        self.network_eval().unwrap_or_else(|| self.static_eval())
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        if self.insufficient_material() {
            return Some(Outcome::Draw);
        }
        // The fifty-move rule, unless this very position is checkmate.
        if self.halfmove >= 100 && (self.checkers() == 0 || self.count_moves() > 0) {
            return Some(Outcome::Draw);
        }
        None
    }

    /// The Syzygy tables' proven result (see [`syzygy::Probing::solved`]).
    #[inline]
    fn solved(&self, depth: i32) -> Option<Solved> {
        let probing = self.syzygy.as_ref()?;
        probing.solved(self, depth).map(Solved::Proven)
    }

    fn no_moves_outcome(&self) -> Outcome {
        if self.checkers() != 0 {
            Outcome::Loss { margin: 0 }
        } else {
            Outcome::Draw
        }
    }

    #[inline]
    fn plies_since_irreversible(&self) -> u32 {
        self.halfmove as u32
    }
}

impl Variant for Chess {
    fn can_win(&self, side: Color) -> bool {
        self.can_mate(side)
    }

    fn eval_table(&self) -> EvalTable {
        self.term_table()
    }

    fn rule_reason(&self) -> Reason {
        if self.insufficient_material() {
            Reason::InsufficientMaterial
        } else {
            Reason::FiftyMoves
        }
    }

    /// A copy to search from, with the active network and Syzygy tables.
    fn for_search(&self) -> Chess {
        let mut root = self.clone();
        root.attach_network(crate::nnue::active::active::<Chess>());
        root.syzygy = syzygy::for_search();
        root
    }

    fn rank_root_by_tables(&mut self, history: &[HistoryEntry]) -> Option<TableRoot<Move>> {
        syzygy::root::rank(self, history)
    }

    fn start_position() -> Chess {
        match Chess::parse_fen(START_FEN) {
            Ok(pos) => pos,
            Err(why) => unreachable!("the start FEN is valid: {why}"),
        }
    }

    fn from_fen(text: &str) -> Result<Chess, String> {
        Chess::parse_fen(text)
    }

    fn from_fen_noting(text: &str) -> Result<(Chess, Vec<String>), String> {
        Chess::parse_fen_noting(text)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, String> {
        self.read_move(text, notation)
    }

    fn format_move(&self, mv: Move, notation: Notation) -> String {
        self.move_text(mv, notation)
    }

    fn pretty(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push_str(" +---+---+---+---+---+---+---+---+\n");
            for file in 0..8 {
                let c = self
                    .piece_at(Square::at(file, rank))
                    .map_or(' ', |p| p.letter());
                let _ = write!(out, " | {c}");
            }
            let _ = writeln!(out, " | {}", rank + 1);
        }
        out.push_str(" +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n\n");
        let _ = writeln!(out, "Fen: {}", self.fen());
        let _ = write!(out, "Key: {:016X}", self.key);
        out
    }
}
