//! Legal move generation: every piece, pawn promotions and the pawn of
//! pawns' stages, royal and citadel swaps, citadel entries; attack tests for
//! the one-royal rule.

use crate::bitboard::Bits;
use timur_search::{Color, MoveList};

use super::attacks::{
    bit, giraffe, picket, rook, BETWEEN, CAMEL, DABBABA, ELEPHANT, FERZ, GIRAFFE_PATH, INNER_FILES,
    KING_ADJ, KNIGHT, MAIN, MIDDLE_RANKS, PAWN_ATT, PICKET_LINES, RANK_MASK, ROOK_LINES, WAZIR,
};
use super::position::{citadel_right, enemy_citadel, swap_right, Tamerlane};
use super::types::{
    is_citadel, kind_of, last_rank, own_citadel, Kind, Move, MoveKind, EMPTY, FILES, MAIN_SQUARES,
};

impl Tamerlane {
    /// Whether main square `sq` is attacked by a piece of `by` (a pinned
    /// piece still attacks; a parked pawn of pawns attacks nothing).
    pub(crate) fn main_square_attacked(&self, sq: u8, by: Color) -> bool {
        self.attacked_after(sq, by, self.occupied(), !0)
    }

    /// [`Tamerlane::main_square_attacked`] on a board with occupancy `occ`
    /// where only the pieces of `by` inside `keep` still stand (used to test
    /// a move without playing it).
    #[inline]
    fn attacked_after(&self, sq: u8, by: Color, occ: u128, keep: u128) -> bool {
        let s = sq as usize;
        let them = self.by_color[by.index()] & keep;
        let k = &self.by_kind;
        if PAWN_ATT[by.flip().index()][s] & self.pawns & them != 0
            || KNIGHT[s] & k[Kind::Knight.index()] & them != 0
            || KING_ADJ[s] & self.royals & them != 0
            || FERZ[s] & k[Kind::General.index()] & them != 0
            || WAZIR[s] & k[Kind::Vizier.index()] & them != 0
            || ELEPHANT[s] & k[Kind::Elephant.index()] & them != 0
            || CAMEL[s] & k[Kind::Camel.index()] & them != 0
            || DABBABA[s] & k[Kind::WarEngine.index()] & them != 0
        {
            return true;
        }
        if rook(sq, occ) & k[Kind::Rook.index()] & them != 0
            || picket(sq, occ) & k[Kind::Picket.index()] & them != 0
        {
            return true;
        }
        for g in (k[Kind::Giraffe.index()] & them).indices() {
            let path = GIRAFFE_PATH[g][s];
            if path != 0 && path & occ == 0 {
                return true;
            }
        }
        false
    }

    /// Whether the royal on `sq` (main square or citadel) is attacked by
    /// `by`. In a citadel only an adjacent enemy adventitious king that may
    /// step into its own citadel attacks it.
    pub(crate) fn royal_attacked(&self, sq: u8, by: Color) -> bool {
        self.royal_attacked_after(sq, by, self.occupied(), !0)
    }

    #[inline]
    fn royal_attacked_after(&self, sq: u8, by: Color, occ: u128, keep: u128) -> bool {
        if is_citadel(sq) {
            sq == own_citadel(by)
                && KING_ADJ[sq as usize] & self.pieces(by, Kind::AdvKing) & keep != 0
        } else {
            self.attacked_after(sq, by, occ, keep)
        }
    }

    /// The side to move has exactly one royal and it is attacked.
    pub(crate) fn side_in_check(&self) -> bool {
        let mine = self.royals & self.by_color[self.side.index()];
        mine.count_ones() == 1 && self.royal_attacked(mine.trailing_zeros() as u8, self.side.flip())
    }

    /// Pseudo-legal targets of the non-royal, non-pawn piece on `from`.
    #[inline]
    pub(crate) fn piece_targets(&self, kind: Kind, from: u8, occ: u128) -> u128 {
        let s = from as usize;
        match kind {
            Kind::General => FERZ[s],
            Kind::Vizier => WAZIR[s],
            Kind::Knight => KNIGHT[s],
            Kind::Elephant => ELEPHANT[s],
            Kind::Camel => CAMEL[s],
            Kind::WarEngine => DABBABA[s],
            Kind::Rook => rook(from, occ),
            Kind::Picket => picket(from, occ),
            Kind::Giraffe => giraffe(from, occ),
            _ => 0,
        }
    }

    /// Appends every legal move to `out`.
    pub(crate) fn generate(&self, out: &mut MoveList<Move>) {
        if self.finished {
            return;
        }
        let start = out.len();
        let side = SideView::of(self);
        self.piece_moves(&side, out);
        self.pawn_moves(&side, out);
        self.relocations(&side, out);
        self.royal_moves(&side, out);
        // The royal swap: in check with one royal, or with no other move.
        if side.in_check || out.len() == start {
            self.royal_swaps(&side, out);
        }
    }

    /// Pushes `mv` unless `test` asks for the safety test and it fails.
    #[inline]
    fn push_if_safe(&self, side: &SideView, out: &mut MoveList<Move>, mv: Move, test: bool) {
        if !test || self.keeps_royal_safe(mv, side.royal_sq) {
            out.push(mv);
        }
    }

    /// Moves of the pieces other than pawns and royals.
    fn piece_moves(&self, side: &SideView, out: &mut MoveList<Move>) {
        for kind in [
            Kind::General,
            Kind::Vizier,
            Kind::Knight,
            Kind::Elephant,
            Kind::Camel,
            Kind::WarEngine,
            Kind::Rook,
            Kind::Picket,
            Kind::Giraffe,
        ] {
            for from in (self.by_kind[kind.index()] & side.own).squares() {
                let from = from as u8;
                let test = side.needs_test(from);
                let targets =
                    self.piece_targets(kind, from, side.occ) & (side.capturable | !side.occ) & MAIN;
                for to in targets.squares() {
                    self.push_if_safe(side, out, Move::new(from, to as u8, MoveKind::Normal), test);
                }
            }
        }
    }

    /// Pawn pushes and captures (a parked pawn of pawns has neither); a
    /// promotion to a prince or an adventitious king adds a royal, so the
    /// old single royal must still be safe.
    fn pawn_moves(&self, side: &SideView, out: &mut MoveList<Move>) {
        let us = side.us;
        for from in (self.pawns & side.own).squares() {
            let from = from as u8;
            let transfers = kind_of(self.board[from as usize]) == Kind::PawnPawn
                && self.pawn_of_pawns[us.index()] == 1;
            let test = side.needs_test(from) || (side.single && transfers);
            let mut targets = PAWN_ATT[us.index()][from as usize] & side.capturable;
            let push_to = match us {
                Color::White => from as i32 + FILES as i32,
                Color::Black => from as i32 - FILES as i32,
            };
            if (0..MAIN_SQUARES as i32).contains(&push_to) && side.occ & bit(push_to as u8) == 0 {
                targets |= bit(push_to as u8);
            }
            for to in targets.squares() {
                self.push_if_safe(side, out, Move::new(from, to as u8, MoveKind::Normal), test);
            }
        }
    }

    /// Relocations of a parked pawn of pawns onto fork squares.
    fn relocations(&self, side: &SideView, out: &mut MoveList<Move>) {
        let parked = self.parked(side.us);
        if parked == 0 {
            return;
        }
        let foes = side.enemy & MAIN;
        let forks = match side.us {
            Color::White => (foes >> (FILES - 1)) & (foes >> (FILES + 1)),
            Color::Black => (foes << (FILES - 1)) & (foes << (FILES + 1)),
        } & INNER_FILES
            & MIDDLE_RANKS
            & !self.royals;
        for from in parked.squares() {
            let from = from as u8;
            let test = side.needs_test(from);
            for to in forks.squares() {
                self.push_if_safe(
                    side,
                    out,
                    Move::new(from, to as u8, MoveKind::Relocation),
                    test,
                );
            }
        }
    }

    /// Royal steps, citadel entries and exits.
    fn royal_moves(&self, side: &SideView, out: &mut MoveList<Move>) {
        let us = side.us;
        let top = self.top_royal(us);
        let enemy_cit = enemy_citadel(us);
        let home = own_citadel(us);
        for from in side.royals.squares() {
            let from = from as u8;
            let kind = kind_of(self.board[from as usize]);
            let adj = KING_ADJ[from as usize];
            for to in (adj & MAIN & (side.capturable | !side.occ)).squares() {
                let mv = Move::new(from, to as u8, MoveKind::Normal);
                self.push_if_safe(side, out, mv, side.single);
            }
            if adj & bit(enemy_cit) != 0
                && self.board[enemy_cit as usize] == EMPTY
                && top.map(|(_, sq)| sq) == Some(from)
            {
                out.push(Move::new(from, enemy_cit, MoveKind::CitadelDraw));
                if self.rights & citadel_right(us) != 0 {
                    if kind == Kind::King && self.pieces(us, Kind::Prince) & MAIN != 0 {
                        out.push(Move::new(from, enemy_cit, MoveKind::CitadelSwapPrince));
                    }
                    if kind != Kind::AdvKing && self.pieces(us, Kind::AdvKing) & MAIN != 0 {
                        out.push(Move::new(from, enemy_cit, MoveKind::CitadelSwapAdv));
                    }
                }
            }
            if kind == Kind::AdvKing && adj & bit(home) != 0 {
                let occupant = self.board[home as usize];
                if occupant == EMPTY || side.capturable & bit(home) != 0 {
                    let mv = Move::new(from, home, MoveKind::Normal);
                    self.push_if_safe(side, out, mv, side.single);
                }
            }
        }
    }

    /// The royal swap with an own piece, while the right lasts (the caller
    /// checks when it is allowed).
    fn royal_swaps(&self, side: &SideView, out: &mut MoveList<Move>) {
        let us = side.us;
        if self.rights & swap_right(us) == 0 {
            return;
        }
        let Some((_, rsq)) = self.top_royal(us).filter(|&(_, sq)| !is_citadel(sq)) else {
            return;
        };
        let rank_last = RANK_MASK[last_rank(us) as usize];
        let bad_pawns = if rank_last & bit(rsq) != 0 {
            self.pawns
        } else {
            0
        };
        let them = us.flip();
        for to in (side.own & MAIN & !self.royals & !self.parked(us) & !bad_pawns).squares() {
            let to = to as u8;
            if !side.single || !self.main_square_attacked(to, them) {
                out.push(Move::new(rsq, to, MoveKind::RoyalSwap));
            }
        }
    }

    /// Own pieces of `us` that alone stand between the royal on `royal`
    /// and an enemy rook, picket or giraffe line.
    fn blockers(&self, royal: u8, us: Color) -> u128 {
        let r = royal as usize;
        let them = self.by_color[us.flip().index()];
        let own = self.by_color[us.index()];
        let occ = own | them;
        let mut out = 0;
        let mut lone = |path: u128| {
            let b = path & occ;
            if b != 0 && b & (b - 1) == 0 && b & own != 0 {
                out |= b;
            }
        };
        for s in ((ROOK_LINES[r] & self.by_kind[Kind::Rook.index()]
            | PICKET_LINES[r] & self.by_kind[Kind::Picket.index()])
            & them)
            .indices()
        {
            lone(BETWEEN[s][r]);
        }
        for g in (self.by_kind[Kind::Giraffe.index()] & them).indices() {
            let path = GIRAFFE_PATH[g][r];
            if path != 0 {
                lone(path);
            }
        }
        out
    }

    /// Whether the side's single royal (on `royal_sq` before the move) is
    /// safe after the normal move or relocation `mv`, judged from the
    /// squares the move empties and fills.
    fn keeps_royal_safe(&self, mv: Move, royal_sq: u8) -> bool {
        let us = self.side;
        let them = us.flip();
        let from = bit(mv.from);
        let to = bit(mv.to);
        let mut occ = (self.occupied() & !from) | to;
        let mut removed = to;
        let moving = self.board[mv.from as usize];
        if mv.kind == MoveKind::Normal
            && kind_of(moving) == Kind::PawnPawn
            && !is_citadel(mv.to)
            && self.pawn_of_pawns[us.index()] == 1
            && RANK_MASK[last_rank(us) as usize] & to != 0
        {
            // Second arrival: the pawn lands on the transfer square.
            let t = bit(self.transfer_square(us));
            occ = (occ & !to) | t;
            removed |= t;
        }
        let after = if mv.from == royal_sq { mv.to } else { royal_sq };
        !self.royal_attacked_after(after, them, occ, !removed)
    }
}

/// What move generation knows about the side to move before it starts.
struct SideView {
    us: Color,
    own: u128,
    enemy: u128,
    occ: u128,
    /// Enemy pieces that may be taken (not a parked pawn of pawns).
    capturable: u128,
    /// The side's royals.
    royals: u128,
    /// The side has exactly one royal (then it must stay safe).
    single: bool,
    /// That royal's square.
    royal_sq: u8,
    in_check: bool,
    /// Own pieces that alone shield the single royal from a line.
    blockers: u128,
}

impl SideView {
    /// Whether a move of the piece on `from` needs the royal-safety test:
    /// one royal, and in check or the piece shields it from a line.
    #[inline]
    fn needs_test(&self, from: u8) -> bool {
        self.single && (self.in_check || self.blockers & bit(from) != 0)
    }

    /// A move needs the safety test only when the side has one royal and
    /// the move could uncover or move it: in check, a royal move, a move of
    /// a piece that alone shields the royal from a rook, picket or giraffe
    /// line, or a second arrival (it empties its landing square).
    fn of(pos: &Tamerlane) -> SideView {
        let us = pos.side;
        let them = us.flip();
        let own = pos.by_color[us.index()];
        let enemy = pos.by_color[them.index()];
        let royals = pos.royals & own;
        let single = royals.count_ones() == 1;
        let royal_sq = royals.trailing_zeros() as u8;
        let in_check = single && pos.royal_attacked(royal_sq, them);
        let blockers = if single && !in_check && !is_citadel(royal_sq) {
            pos.blockers(royal_sq, us)
        } else {
            0
        };
        SideView {
            us,
            own,
            enemy,
            occ: own | enemy,
            capturable: enemy & !pos.parked(them),
            royals,
            single,
            royal_sq,
            in_check,
            blockers,
        }
    }
}
