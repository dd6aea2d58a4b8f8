//! Legal move generation with check masks and pin rays, written once for
//! two sinks: one that lists moves and one that only counts them (perft's
//! last ply counts target sets with a popcount).

use super::attacks::tables;
use super::position::{right_bit, Chess, LONG, SHORT};
use super::types::{Bitboard, Kind, Move, MoveKind, Square};
use crate::bitboard::Bits;
use timur_search::{Color, MoveList};

/// Where generated moves go.
pub(super) trait Sink {
    /// Moves of the piece on `from` to every square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to every square of `targets`, each from `to - delta`;
    /// promotions (to all four kinds) when `promote`.
    fn pawns(&mut self, targets: Bitboard, delta: i32, promote: bool, queen_only: bool);
    /// One special move (en passant, castling).
    fn single(&mut self, mv: Move);
}

/// Counts moves.
pub(super) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, promote: bool, queen_only: bool) {
        let n = targets.count_ones() as u64;
        self.0 += if promote && !queen_only { 4 * n } else { n };
    }
    #[inline]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList<Move> {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets.squares() {
            self.push(Move::new(from, Square::from_index(to), MoveKind::Normal));
        }
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promote: bool, queen_only: bool) {
        for to in targets.squares() {
            let from = Square::from_index((to as i32 - delta) as u32);
            let to = Square::from_index(to);
            if !promote {
                self.push(Move::new(from, to, MoveKind::Normal));
            } else if queen_only {
                self.push(Move::new(from, to, MoveKind::Promotion(Kind::Queen)));
            } else {
                for kind in [Kind::Queen, Kind::Knight, Kind::Rook, Kind::Bishop] {
                    self.push(Move::new(from, to, MoveKind::Promotion(kind)));
                }
            }
        }
    }
    #[inline]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

const RANK_1: Bitboard = 0xFF;
const RANK_8: Bitboard = 0xFF << 56;
const FILE_A: Bitboard = 0x0101_0101_0101_0101;
const FILE_H: Bitboard = FILE_A << 7;

#[inline]
fn shift(bb: Bitboard, delta: i32) -> Bitboard {
    if delta >= 0 {
        bb << delta
    } else {
        bb >> -delta
    }
}

impl Chess {
    /// Pieces of the side to move pinned to their king, with every pinner
    /// (sliders of the enemy aligned with the king through exactly one piece).
    #[inline]
    fn pinned(&self, king: Square) -> Bitboard {
        let t = tables();
        let us = self.side;
        let them = us.flip();
        let occ = self.occupied();
        let snipers = (t.rook(king, 0)
            & (self.pieces(them, Kind::Rook) | self.pieces(them, Kind::Queen)))
            | (t.bishop(king, 0)
                & (self.pieces(them, Kind::Bishop) | self.pieces(them, Kind::Queen)));
        let mut pinned = 0;
        for s in snipers.squares() {
            let blockers = t.between(king, Square::from_index(s)) & occ;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.by_color[us.index()];
            }
        }
        pinned
    }

    /// Generates the legal moves into `sink`. With `TACTICAL`, only captures
    /// and queen promotions (for quiescence).
    pub(super) fn generate<S: Sink, const TACTICAL: bool>(&self, sink: &mut S) {
        let t = tables();
        let us = self.side;
        let them = us.flip();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let king = self.king_square(us);
        let checkers = self.attackers(king, them, occ);

        // King steps: never onto an attacked square (the king itself removed
        // from the occupancy so sliders see through it).
        let without_king = occ ^ king.bit();
        let mut king_targets = t.king(king) & !ours;
        if TACTICAL {
            king_targets &= theirs;
        }
        let mut safe = 0;
        for to in king_targets.squares() {
            let to = Square::from_index(to);
            if !self.is_attacked(to, them, without_king) {
                safe |= to.bit();
            }
        }
        sink.piece(king, safe);
        if checkers.count_ones() > 1 {
            return;
        }
        let target_mask = if checkers != 0 {
            let checker = Square::from_index(checkers.lowest());
            t.between(king, checker) | checkers
        } else {
            !0
        };
        let targets = if TACTICAL {
            theirs & target_mask
        } else {
            !ours & target_mask
        };
        let pinned = self.pinned(king);

        for from in (self.pieces(us, Kind::Knight) & !pinned).squares() {
            let from = Square::from_index(from);
            sink.piece(from, t.knight(from) & targets);
        }
        let diagonal = self.pieces(us, Kind::Bishop) | self.pieces(us, Kind::Queen);
        let straight = self.pieces(us, Kind::Rook) | self.pieces(us, Kind::Queen);
        for from in diagonal.squares() {
            let from = Square::from_index(from);
            let mut moves = t.bishop(from, occ) & targets;
            if pinned & from.bit() != 0 {
                moves &= t.line(king, from);
            }
            sink.piece(from, moves);
        }
        for from in straight.squares() {
            let from = Square::from_index(from);
            let mut moves = t.rook(from, occ) & targets;
            if pinned & from.bit() != 0 {
                moves &= t.line(king, from);
            }
            sink.piece(from, moves);
        }

        self.generate_pawns::<S, TACTICAL>(sink, king, pinned, target_mask);

        if !TACTICAL && checkers == 0 {
            self.generate_castling(sink, king, occ);
        }
    }

    #[inline]
    fn generate_pawns<S: Sink, const TACTICAL: bool>(
        &self,
        sink: &mut S,
        king: Square,
        pinned: Bitboard,
        target_mask: Bitboard,
    ) {
        let t = tables();
        let us = self.side;
        let them = us.flip();
        let occ = self.occupied();
        let theirs = self.by_color[them.index()] & target_mask;
        let pawns = self.pieces(us, Kind::Pawn);
        let (up, last_rank, third_rank) = match us {
            Color::White => (8, RANK_8, RANK_1 << 16),
            Color::Black => (-8, RANK_1, RANK_8 >> 16),
        };
        // Pawns free to move in the given direction: unpinned ones, or
        // pinned ones whose pin line runs along that direction.
        let king_file = FILE_A << king.file();
        let free = pawns & !pinned;
        let pinned_pawns = pawns & pinned;

        // Pushes: a pinned pawn may push only along its king's file.
        let pushers = free | (pinned_pawns & king_file);
        let single = shift(pushers, up) & !occ;
        let double = shift(single & third_rank, up) & !occ & target_mask;
        let single = single & target_mask;
        if TACTICAL {
            sink.pawns(single & last_rank, up, true, true);
        } else {
            sink.pawns(single & last_rank, up, true, false);
            sink.pawns(single & !last_rank, up, false, false);
            sink.pawns(double, 2 * up, false, false);
        }

        // Captures towards the a-file (not from the a-file) and the h-file.
        for (delta, movers_edge) in [(up - 1, !FILE_A), (up + 1, !FILE_H)] {
            let mut movers = free & movers_edge;
            // A pinned pawn may capture only along its pin line.
            for p in (pinned_pawns & movers_edge).squares() {
                let p = Square::from_index(p);
                let to = Square::from_index((p.index() as i32 + delta) as u32);
                if t.line(king, p) & to.bit() != 0 {
                    movers |= p.bit();
                }
            }
            let caps = shift(movers, delta) & theirs;
            sink.pawns(caps & last_rank, delta, true, TACTICAL);
            sink.pawns(caps & !last_rank, delta, false, false);
        }

        if let Some(ep) = self.en_passant {
            let victim = Square::at(ep.file(), if us == Color::White { 4 } else { 3 });
            let rooks = self.pieces(them, Kind::Rook) | self.pieces(them, Kind::Queen);
            let bishops = self.pieces(them, Kind::Bishop) | self.pieces(them, Kind::Queen);
            for from in (t.pawn(them, ep) & pawns).squares() {
                let from = Square::from_index(from);
                // Rare enough to test in full: is the king attacked afterwards?
                let after = (occ ^ from.bit() ^ victim.bit()) | ep.bit();
                let attackers = (t.rook(king, after) & rooks)
                    | (t.bishop(king, after) & bishops)
                    | (t.knight(king) & self.pieces(them, Kind::Knight))
                    | (t.pawn(us, king) & self.pieces(them, Kind::Pawn) & !victim.bit());
                if attackers == 0 {
                    sink.single(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }

    #[inline]
    fn generate_castling<S: Sink>(&self, sink: &mut S, king: Square, occ: Bitboard) {
        let t = tables();
        let us = self.side;
        for wing in [SHORT, LONG] {
            if self.rights & right_bit(us, wing) == 0 {
                continue;
            }
            let rook = self.castle_rooks[us as usize * 2 + wing];
            let (king_to, rook_to) = Chess::castle_targets(us, wing);
            let movers = king.bit() | rook.bit();
            let must_be_empty = (t.between(king, king_to)
                | king_to.bit()
                | t.between(rook, rook_to)
                | rook_to.bit())
                & !movers;
            if occ & must_be_empty != 0 {
                continue;
            }
            let after = occ ^ movers;
            let path = t.between(king, king_to) | king_to.bit();
            if path
                .squares()
                .all(|s| !self.is_attacked(Square::from_index(s), us.flip(), after))
            {
                sink.single(Move::new(king, rook, MoveKind::Castle));
            }
        }
    }

    /// Appends the legal moves.
    pub fn legal_moves_into(&self, out: &mut MoveList<Move>) {
        self.generate::<_, false>(out);
    }

    /// Appends the legal captures and queen promotions.
    pub fn tactical_moves_into(&self, out: &mut MoveList<Move>) {
        self.generate::<_, true>(out);
    }

    /// The number of legal moves.
    pub fn count_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate::<_, false>(&mut counter);
        counter.0
    }
}
