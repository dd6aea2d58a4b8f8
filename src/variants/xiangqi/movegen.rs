//! Legal move generation and bulk counting.
//!
//! Pieces generate whole target sets. Out of check, one pass over the
//! general's rank and file and its four horse legs finds
//! - the *pinned* pieces: the only piece between the general and an enemy
//!   chariot (or the enemy general: the flying-general rule), one of exactly
//!   two pieces between the general and an enemy cannon, a piece on a horse
//!   leg next to the general that holds off an enemy horse;
//! - the *forbidden* points: the empty points between the general and an
//!   enemy cannon with nothing in between (a piece there becomes a screen).
//!
//! Every move of an unpinned piece that does not land on a forbidden point
//! is legal, so perft counts those with a popcount. Moves of pinned pieces,
//! general moves and every move while in check get the full "is my general
//! safe afterwards" test ([`Xiangqi::move_is_safe`]).

use super::attacks::{
    cannon_captures, rook_attacks, ADVISOR, ELEPHANT, GENERAL, HORSE, HORSE_CHECKS, PAWN,
};
use super::board::{bit, Bitboard, Kind, FILES, RANKS, SQUARES};
use super::moves::Move;
use super::position::Xiangqi;
use crate::bitboard::Bits;
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

const fn between_table() -> [[Bitboard; SQUARES]; SQUARES] {
    let mut table = [[0u128; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            let (fa, ra, fb, rb) = (a % FILES, a / FILES, b % FILES, b / FILES);
            if a != b && (fa == fb || ra == rb) {
                let step: isize = if fa == fb { FILES as isize } else { 1 };
                let step = if b > a { step } else { -step };
                let mut s = a as isize + step;
                while s != b as isize {
                    table[a][b] |= 1u128 << s;
                    s += step;
                }
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// The points strictly between two points of one rank or file (empty
/// otherwise).
static BETWEEN: [[Bitboard; SQUARES]; SQUARES] = between_table();

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
    fn legal(&mut self, from: usize, targets: Bitboard) {
        for to in targets.indices() {
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
        let (pinned, forbidden) = if self.general_attacked(us) {
            (!0, 0)
        } else {
            self.pins(k, occ, own, enemy)
        };

        let emit = |from: usize, targets: Bitboard, sink: &mut S| {
            if pinned & bit(from) == 0 {
                sink.legal(from, targets & !forbidden);
                return;
            }
            for to in targets.indices() {
                if self.move_is_safe(from, to) {
                    sink.one(from, to);
                }
            }
        };

        for from in self.pieces(us, Kind::Chariot).indices() {
            let targets = rook_attacks(from, occ, self.file_occ[from % FILES]) & allowed;
            emit(from, targets, sink);
        }
        for from in self.pieces(us, Kind::Cannon).indices() {
            let focc = self.file_occ[from % FILES];
            let quiet = rook_attacks(from, occ, focc) & !occ;
            let captures = cannon_captures(from, occ, focc) & enemy;
            emit(from, (quiet | captures) & filter, sink);
        }
        for from in self.pieces(us, Kind::Horse).indices() {
            emit(from, HORSE[from].attacks(occ) & allowed, sink);
        }
        for from in self.pieces(us, Kind::Soldier).indices() {
            emit(from, PAWN[us.index()][from] & allowed, sink);
        }
        for from in self.pieces(us, Kind::Elephant).indices() {
            emit(from, ELEPHANT[from].attacks(occ) & allowed, sink);
        }
        for from in self.pieces(us, Kind::Advisor).indices() {
            emit(from, ADVISOR[from] & allowed, sink);
        }
        for to in (GENERAL[k] & allowed).indices() {
            if self.move_is_safe(k, to) {
                sink.one(k, to);
            }
        }
    }

    /// The pinned pieces of the side to move and the forbidden points (see
    /// the module notes), for a side not in check with its general on `k`.
    #[inline(always)]
    fn pins(
        &self,
        k: usize,
        occ: Bitboard,
        own: Bitboard,
        enemy: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let lines = LINES[k];
        let mut pinned = 0;
        let mut forbidden = 0;
        for s in (lines
            & enemy
            & (self.by_kind[Kind::Chariot.index()] | self.by_kind[Kind::General.index()]))
        .indices()
        {
            let between = BETWEEN[k][s] & occ;
            if between.count_ones() == 1 {
                pinned |= between & own;
            }
        }
        for s in (lines & enemy & self.by_kind[Kind::Cannon.index()]).indices() {
            let segment = BETWEEN[k][s];
            match (segment & occ).count_ones() {
                0 => forbidden |= segment,
                2 => pinned |= segment & occ & own,
                _ => {}
            }
        }
        let horses = enemy & self.by_kind[Kind::Horse.index()];
        if horses != 0 {
            let legs = &HORSE_CHECKS[k];
            for i in 0..4 {
                if legs.targets[i] & horses != 0 {
                    pinned |= bit(legs.blocker[i] as usize) & own;
                }
            }
        }
        (pinned, forbidden)
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
