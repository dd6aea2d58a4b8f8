//! Legal move generation and bulk counting.
//!
//! Pieces generate whole target sets. A move needs the full "is my general
//! safe afterwards" test ([`Xiangqi::move_is_safe`]) only when the side is in
//! check, when the general moves, when the piece leaves the general's rank,
//! file or a diagonal neighbour (discovered chariot, cannon, flying-general
//! or horse-leg attacks), or when it lands on the general's rank or file (it
//! may become a cannon screen). Every other move is legal as generated, so
//! perft counts those with a popcount.

use super::attacks::{
    cannon_captures, rook_attacks, ADVISOR, ELEPHANT, GENERAL, HORSE, HORSE_CHECKS, PAWN,
};
use super::board::{bit, Bitboard, Kind, FILES, RANKS, SQUARES};
use super::moves::Move;
use super::position::Xiangqi;
use timur_search::MoveList;

const fn line_masks() -> [Bitboard; SQUARES] {
    let mut table = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (file, rank) = (sq % FILES, sq / FILES);
        let mut i = 0;
        while i < FILES {
            table[sq] |= 1u128 << (rank * FILES + i);
            i += 1;
        }
        let mut r = 0;
        while r < RANKS {
            table[sq] |= 1u128 << (r * FILES + file);
            r += 1;
        }
        sq += 1;
    }
    table
}

/// The rank and file through each point.
static LINES: [Bitboard; SQUARES] = line_masks();

/// Where generated moves go: a list, or just a count.
trait Sink {
    /// Adds the moves `from → t` for every `t` in `targets`, all legal.
    fn legal(&mut self, from: usize, targets: Bitboard);
    /// Adds the move `from → to`, legal.
    fn one(&mut self, from: usize, to: usize);
}

struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn legal(&mut self, _from: usize, targets: Bitboard) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn one(&mut self, _from: usize, _to: usize) {
        self.0 += 1;
    }
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn legal(&mut self, from: usize, mut targets: Bitboard) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.push(Move::from_indices(from, to));
        }
    }
    #[inline(always)]
    fn one(&mut self, from: usize, to: usize) {
        self.push(Move::from_indices(from, to));
    }
}

impl Xiangqi {
    /// Generates the legal moves whose target lies in `filter` into `sink`.
    #[inline(always)]
    fn generate<S: Sink>(&self, filter: Bitboard, sink: &mut S) {
        let us = self.side;
        let them = us.flip();
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let occ = own | enemy;
        let allowed = !own & filter;
        let k = self.general(us);
        let in_check = self.general_attacked(us);
        let lines = LINES[k];
        // Points whose vacating may uncover an attack: the lines and the
        // horse legs next to the general. In check, every move is tested.
        let sensitive = if in_check {
            !0
        } else {
            lines
                | HORSE_CHECKS[k]
                    .blocker
                    .iter()
                    .fold(0, |acc, &b| acc | bit(b as usize))
        };
        let tested = if in_check { !0 } else { lines };

        let emit = |from: usize, targets: Bitboard, sink: &mut S| {
            let mut check = targets;
            if sensitive & bit(from) == 0 {
                sink.legal(from, targets & !tested);
                check &= tested;
            }
            while check != 0 {
                let to = check.trailing_zeros() as usize;
                check &= check - 1;
                if self.move_is_safe(from, to) {
                    sink.one(from, to);
                }
            }
        };

        let mut bb = self.pieces(us, Kind::Chariot);
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let targets = rook_attacks(from, occ, self.file_occ[from % FILES]) & allowed;
            emit(from, targets, sink);
        }
        let mut bb = self.pieces(us, Kind::Cannon);
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let focc = self.file_occ[from % FILES];
            let quiet = rook_attacks(from, occ, focc) & !occ;
            let captures = cannon_captures(from, occ, focc) & enemy;
            emit(from, (quiet | captures) & filter, sink);
        }
        let mut bb = self.pieces(us, Kind::Horse);
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            emit(from, HORSE[from].attacks(occ) & allowed, sink);
        }
        let mut bb = self.pieces(us, Kind::Soldier);
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            emit(from, PAWN[us.index()][from] & allowed, sink);
        }
        let mut bb = self.pieces(us, Kind::Elephant);
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            emit(from, ELEPHANT[from].attacks(occ) & allowed, sink);
        }
        let mut bb = self.pieces(us, Kind::Advisor);
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            emit(from, ADVISOR[from] & allowed, sink);
        }
        let mut check = GENERAL[k] & allowed;
        while check != 0 {
            let to = check.trailing_zeros() as usize;
            check &= check - 1;
            if self.move_is_safe(k, to) {
                sink.one(k, to);
            }
        }
    }

    /// Appends every legal move to `out`.
    pub fn generate_legal(&self, out: &mut MoveList<Move>) {
        self.generate(!0, out);
    }

    /// Appends every legal capture to `out`.
    pub fn generate_captures(&self, out: &mut MoveList<Move>) {
        self.generate(self.by_color[self.side.flip().index()], out);
    }

    /// The number of legal moves, without building a list.
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(!0, &mut counter);
        counter.0
    }

    /// The pseudo-legal targets of the side to move's piece on `from` (empty
    /// when `from` holds no piece of the side to move).
    pub(super) fn pseudo_targets(&self, from: usize) -> Bitboard {
        let p = self.piece_at(from);
        if p == 0 || super::board::color_of(p) != self.side {
            return 0;
        }
        let us = self.side;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[us.flip().index()];
        let occ = own | enemy;
        let focc = self.file_occ[from % FILES];
        let targets = match super::board::kind_of(p) {
            Kind::General => GENERAL[from],
            Kind::Advisor => ADVISOR[from],
            Kind::Elephant => ELEPHANT[from].attacks(occ),
            Kind::Horse => HORSE[from].attacks(occ),
            Kind::Chariot => rook_attacks(from, occ, focc),
            Kind::Cannon => {
                (rook_attacks(from, occ, focc) & !occ) | (cannon_captures(from, occ, focc) & enemy)
            }
            Kind::Soldier => PAWN[us.index()][from],
        };
        targets & !own
    }

    /// Whether `mv` is a legal move here.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        let (from, to) = (mv.from_index(), mv.to_index());
        self.pseudo_targets(from) & bit(to) != 0 && self.move_is_safe(from, to)
    }
}
