//! The chess position: bitboards plus a mailbox, castling rights per rook,
//! en passant, clocks, the Zobrist key, and make/unmake with an undo stack.

use super::attacks::tables;
use super::syzygy::Probing;
use super::types::{Bitboard, Kind, Move, MoveKind, Piece, Square};
use super::zobrist::keys;
use crate::bitboard::Bits;
use crate::nnue::stack::AccumulatorStack;
use std::sync::Arc;
use timur_search::Color;

/// Castling wings: index 0 = king side (to the g-file), 1 = queen side (c-file).
pub const SHORT: usize = 0;
/// See [`SHORT`].
pub const LONG: usize = 1;

/// The bit of a castling right in [`Chess::rights`].
#[inline]
pub const fn right_bit(color: Color, wing: usize) -> u8 {
    1 << (color as usize * 2 + wing)
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    captured: Piece,
    rights: u8,
    en_passant: Option<Square>,
    halfmove: u16,
    key: u64,
}

/// A chess (or Chess960) position.
#[derive(Clone, Debug)]
pub struct Chess {
    pub(super) by_kind: [Bitboard; 6],
    pub(super) by_color: [Bitboard; 2],
    pub(super) board: [Piece; 64],
    pub(super) side: Color,
    /// Castling rights still held, 4 bits (see [`right_bit`]).
    pub(super) rights: u8,
    /// The rook square of each right (meaningful while the right is held).
    pub(super) castle_rooks: [Square; 4],
    /// Rights lost when a piece leaves or arrives on each square.
    pub(super) rights_lost: [u8; 64],
    /// The en-passant target square, only set when a capture there is
    /// pseudo-legal (so equal positions get equal keys).
    pub(super) en_passant: Option<Square>,
    pub(super) halfmove: u16,
    pub(super) fullmove: u16,
    pub(super) key: u64,
    /// Chess960 mode: notation and FEN output only; the rules are the same.
    pub(super) chess960: bool,
    undo: Vec<Undo>,
    /// The network's accumulators, when a network evaluates.
    pub(super) nnue: Option<AccumulatorStack<Chess>>,
    /// The Syzygy tables the search probes (its copies only).
    pub(super) syzygy: Option<Arc<Probing>>,
}

impl Chess {
    /// An empty board, White to move (FEN reading fills it).
    pub(super) fn empty() -> Chess {
        Chess {
            by_kind: [0; 6],
            by_color: [0; 2],
            board: [Piece::NONE; 64],
            side: Color::White,
            rights: 0,
            castle_rooks: [Square::at(0, 0); 4],
            rights_lost: [0; 64],
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            chess960: false,
            undo: Vec::with_capacity(256),
            nnue: None,
            syzygy: None,
        }
    }

    /// Switches Chess960 mode (king-takes-rook castling text, Shredder-FEN).
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()];
        (!p.is_none()).then_some(p)
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// `color`'s king square.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_index(self.pieces(color, Kind::King).lowest())
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The Zobrist key.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// Pieces of `by` attacking `sq` with occupancy `occ`.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let t = tables();
        let them = self.by_color[by.index()];
        let rooks = self.by_kind[Kind::Rook.index()] | self.by_kind[Kind::Queen.index()];
        let bishops = self.by_kind[Kind::Bishop.index()] | self.by_kind[Kind::Queen.index()];
        them & ((t.knight(sq) & self.by_kind[Kind::Knight.index()])
            | (t.king(sq) & self.by_kind[Kind::King.index()])
            | (t.pawn(by.flip(), sq) & self.by_kind[Kind::Pawn.index()])
            | (t.rook(sq, occ) & rooks)
            | (t.bishop(sq, occ) & bishops))
    }

    /// Whether `by` attacks `sq` with occupancy `occ`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        self.attackers(sq, by, occ) != 0
    }

    /// Pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(
            self.king_square(self.side),
            self.side.flip(),
            self.occupied(),
        )
    }

    /// Puts `piece` on empty `sq`, updating the key.
    #[inline]
    pub(super) fn put(&mut self, piece: Piece, sq: Square) {
        let bit = sq.bit();
        self.by_kind[piece.kind().index()] |= bit;
        self.by_color[piece.color().index()] |= bit;
        self.board[sq.index()] = piece;
        self.key ^= keys().piece[piece.index()][sq.index()];
        if let Some(nnue) = &mut self.nnue {
            nnue.add(piece.color().index(), piece.kind().index(), sq.index());
        }
    }

    /// Removes the piece on `sq` (which must hold `piece`), updating the key.
    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let bit = sq.bit();
        self.by_kind[piece.kind().index()] ^= bit;
        self.by_color[piece.color().index()] ^= bit;
        self.board[sq.index()] = Piece::NONE;
        self.key ^= keys().piece[piece.index()][sq.index()];
        if let Some(nnue) = &mut self.nnue {
            nnue.remove(piece.color().index(), piece.kind().index(), sq.index());
        }
    }

    /// Where king and rook end up for a castling of `color` on `wing`.
    #[inline]
    pub(super) fn castle_targets(color: Color, wing: usize) -> (Square, Square) {
        let rank = if color == Color::White { 0 } else { 7 };
        if wing == SHORT {
            (Square::at(6, rank), Square::at(5, rank))
        } else {
            (Square::at(2, rank), Square::at(3, rank))
        }
    }

    /// The wing of a castling move whose rook stands on `rook`.
    #[inline]
    pub(super) fn castle_wing(&self, king: Square, rook: Square) -> usize {
        if rook.file() > king.file() {
            SHORT
        } else {
            LONG
        }
    }

    /// Sets the en-passant square after a double push to `to` if an enemy
    /// pawn could capture there.
    fn set_en_passant_if_capturable(&mut self, pushed_to: Square) {
        let us = self.side;
        let ep = Square::from_index(if us == Color::White {
            pushed_to.index() - 8
        } else {
            pushed_to.index() + 8
        } as u32);
        if tables().pawn(us, ep) & self.pieces(us.flip(), Kind::Pawn) != 0 {
            self.en_passant = Some(ep);
            self.key ^= keys().en_passant[ep.file() as usize];
        }
    }

    /// Plays `mv`, which must be legal.
    pub fn make(&mut self, mv: Move) {
        let k = keys();
        let us = self.side;
        let from = mv.from();
        let to = mv.to();
        let moving = self.board[from.index()];
        let mut captured = Piece::NONE;
        if let Some(nnue) = &mut self.nnue {
            nnue.push();
        }
        self.undo.push(Undo {
            captured,
            rights: self.rights,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            key: self.key,
        });
        if let Some(ep) = self.en_passant.take() {
            self.key ^= k.en_passant[ep.file() as usize];
        }
        self.halfmove += 1;
        match mv.kind() {
            MoveKind::Normal => {
                captured = self.board[to.index()];
                if !captured.is_none() {
                    self.remove(captured, to);
                    self.halfmove = 0;
                }
                self.remove(moving, from);
                self.put(moving, to);
                if moving.kind() == Kind::Pawn {
                    self.halfmove = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        self.set_en_passant_if_capturable(to);
                    }
                }
            }
            MoveKind::Promotion(kind) => {
                captured = self.board[to.index()];
                if !captured.is_none() {
                    self.remove(captured, to);
                }
                self.remove(moving, from);
                self.put(Piece::new(us, kind), to);
                self.halfmove = 0;
            }
            MoveKind::EnPassant => {
                let victim = Square::at(to.file(), from.rank());
                captured = self.board[victim.index()];
                self.remove(captured, victim);
                self.remove(moving, from);
                self.put(moving, to);
                self.halfmove = 0;
            }
            MoveKind::Castle => {
                let rook = self.board[to.index()];
                let (king_to, rook_to) = Chess::castle_targets(us, self.castle_wing(from, to));
                self.remove(moving, from);
                self.remove(rook, to);
                self.put(moving, king_to);
                self.put(rook, rook_to);
            }
        }
        if let Some(last) = self.undo.last_mut() {
            last.captured = captured;
        }
        let lost = self.rights_lost[from.index()] | self.rights_lost[to.index()];
        if self.rights & lost != 0 {
            self.key ^= k.castling[self.rights as usize];
            self.rights &= !lost;
            self.key ^= k.castling[self.rights as usize];
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.key ^= k.side;
    }

    /// Takes back `mv`, the last move made.
    pub fn unmake(&mut self, mv: Move) {
        let Some(undo) = self.undo.pop() else { return };
        // The accumulators come back from the stack, not from the pieces.
        let mut nnue = self.nnue.take();
        if let Some(state) = &mut nnue {
            state.pop();
        }
        let them = self.side;
        let us = them.flip();
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let from = mv.from();
        let to = mv.to();
        match mv.kind() {
            MoveKind::Normal => {
                let moving = self.board[to.index()];
                self.remove(moving, to);
                self.put(moving, from);
                if !undo.captured.is_none() {
                    self.put(undo.captured, to);
                }
            }
            MoveKind::Promotion(kind) => {
                self.remove(Piece::new(us, kind), to);
                self.put(Piece::new(us, Kind::Pawn), from);
                if !undo.captured.is_none() {
                    self.put(undo.captured, to);
                }
            }
            MoveKind::EnPassant => {
                let moving = self.board[to.index()];
                self.remove(moving, to);
                self.put(moving, from);
                self.put(undo.captured, Square::at(to.file(), from.rank()));
            }
            MoveKind::Castle => {
                let (king_to, rook_to) = Chess::castle_targets(us, self.castle_wing(from, to));
                let king = Piece::new(us, Kind::King);
                let rook = Piece::new(us, Kind::Rook);
                self.remove(king, king_to);
                self.remove(rook, rook_to);
                self.put(king, from);
                self.put(rook, to);
            }
        }
        self.rights = undo.rights;
        self.en_passant = undo.en_passant;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.nnue = nnue;
    }

    /// Passes the turn (null move, for the search).
    pub fn make_null(&mut self) {
        self.undo.push(Undo {
            captured: Piece::NONE,
            rights: self.rights,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            key: self.key,
        });
        if let Some(ep) = self.en_passant.take() {
            self.key ^= keys().en_passant[ep.file() as usize];
        }
        self.halfmove += 1;
        self.side = self.side.flip();
        self.key ^= keys().side;
    }

    /// Takes back [`Chess::make_null`].
    pub fn unmake_null(&mut self) {
        if let Some(undo) = self.undo.pop() {
            self.side = self.side.flip();
            self.en_passant = undo.en_passant;
            self.halfmove = undo.halfmove;
            self.key = undo.key;
        }
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let k = keys();
        let mut key = 0;
        for sq in self.occupied().squares() {
            let p = self.board[sq as usize];
            key ^= k.piece[p.index()][sq as usize];
        }
        if self.side == Color::Black {
            key ^= k.side;
        }
        key ^= k.castling[self.rights as usize];
        if let Some(ep) = self.en_passant {
            key ^= k.en_passant[ep.file() as usize];
        }
        key
    }

    /// Recomputes the key and the rights-lost table after a position was set up.
    pub(super) fn finish_setup(&mut self) {
        self.rights_lost = [0; 64];
        for color in [Color::White, Color::Black] {
            let king = self.king_square(color);
            for wing in [SHORT, LONG] {
                let bit = right_bit(color, wing);
                if self.rights & bit != 0 {
                    self.rights_lost[king.index()] |= bit;
                    self.rights_lost[self.castle_rooks[(color as usize) * 2 + wing].index()] |= bit;
                }
            }
        }
        self.key = self.key_from_scratch();
    }
}
