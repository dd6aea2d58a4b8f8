//! The position: mailbox plus bitboards, Zobrist key, make and unmake.

use crate::nnue::stack::AccumulatorStack;
use crate::rng::splitmix64;
use timur_search::Color;

use super::attacks::{bit, MAIN};
use super::types::{
    color_of, is_citadel, kind_of, last_rank, own_citadel, piece, rank_of, square, Kind, Move,
    MoveKind, EMPTY, KINDS, MAIN_SQUARES, SQUARES,
};

/// Right bit: White's royal swap is unused (`S`).
pub const SWAP_WHITE: u8 = 1;
/// Right bit: White's citadel swap is unused (`C`).
pub const CITADEL_WHITE: u8 = 2;
/// Right bit: Black's royal swap is unused (`s`).
pub const SWAP_BLACK: u8 = 4;
/// Right bit: Black's citadel swap is unused (`c`).
pub const CITADEL_BLACK: u8 = 8;

/// The royal-swap right bit of a side.
#[inline]
pub const fn swap_right(c: Color) -> u8 {
    match c {
        Color::White => SWAP_WHITE,
        Color::Black => SWAP_BLACK,
    }
}

/// The citadel-swap right bit of a side.
#[inline]
pub const fn citadel_right(c: Color) -> u8 {
    match c {
        Color::White => CITADEL_WHITE,
        Color::Black => CITADEL_BLACK,
    }
}

struct Keys {
    pieces: [[u64; SQUARES]; 64],
    side: u64,
    rights: [u64; 16],
    pawn_of_pawns: [[u64; 4]; 2],
    finished: u64,
}

static KEYS: Keys = {
    let mut state = 0x7A3E_11C0_5EED_0001u64;
    let mut pieces = [[0u64; SQUARES]; 64];
    let mut p = 0;
    while p < 64 {
        let mut s = 0;
        while s < SQUARES {
            pieces[p][s] = splitmix64(&mut state);
            s += 1;
        }
        p += 1;
    }
    let side = splitmix64(&mut state);
    let mut rights = [0u64; 16];
    let mut i = 1;
    while i < 16 {
        rights[i] = splitmix64(&mut state);
        i += 1;
    }
    let mut pawn_of_pawns = [[0u64; 4]; 2];
    let mut c = 0;
    while c < 2 {
        let mut n = 1;
        while n < 4 {
            pawn_of_pawns[c][n] = splitmix64(&mut state);
            n += 1;
        }
        c += 1;
    }
    let finished = splitmix64(&mut state);
    Keys {
        pieces,
        side,
        rights,
        pawn_of_pawns,
        finished,
    }
};

/// What [`Tamerlane::take_back`] needs to undo a move.
#[derive(Clone, Copy, Debug)]
struct Undo {
    changes: [(u8, u8); 4],
    len: u8,
    rights: u8,
    pawn_of_pawns: [u8; 2],
    finished: bool,
    halfmove: u32,
    fullmove: u32,
    key: u64,
}

/// A Tamerlane chess position with its undo stack.
#[derive(Clone, Debug)]
pub struct Tamerlane {
    /// Piece code on each of the 112 squares ([`EMPTY`] if none).
    pub(crate) board: [u8; SQUARES],
    /// Squares of each kind, both colours.
    pub(crate) by_kind: [u128; KINDS],
    /// Squares of each colour.
    pub(crate) by_color: [u128; 2],
    /// Squares holding a pawn of any kind.
    pub(crate) pawns: u128,
    /// Squares holding a royal piece.
    pub(crate) royals: u128,
    /// The side to move.
    pub(crate) side: Color,
    /// Unused once-per-game rights ([`SWAP_WHITE`] …).
    pub(crate) rights: u8,
    /// Arrivals of each side's pawn of pawns on its last rank (0..=3).
    pub(crate) pawn_of_pawns: [u8; 2],
    /// A citadel draw has just been made: the game is over.
    pub(crate) finished: bool,
    /// Plies since the last capture, removal or pawn move.
    pub(crate) halfmove: u32,
    /// Move number.
    pub(crate) fullmove: u32,
    /// Zobrist key.
    pub(crate) key: u64,
    history: Vec<Undo>,
    /// The network's accumulators, in the copy the search evaluates with
    /// (see `nnue.rs`).
    pub(super) nnue: Option<AccumulatorStack<Tamerlane>>,
}

impl Tamerlane {
    /// An empty board, White to move, no rights.
    pub(crate) fn empty() -> Tamerlane {
        Tamerlane {
            board: [EMPTY; SQUARES],
            by_kind: [0; KINDS],
            by_color: [0; 2],
            pawns: 0,
            royals: 0,
            side: Color::White,
            rights: 0,
            pawn_of_pawns: [0; 2],
            finished: false,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            history: Vec::new(),
            nnue: None,
        }
    }

    /// The piece code on `sq` ([`EMPTY`] if none). A neutral accessor used
    /// by tests and by the text layer.
    #[inline]
    pub fn piece_at(&self, sq: u8) -> Option<(Color, Kind)> {
        let p = *self.board.get(sq as usize)?;
        (p != EMPTY).then(|| (color_of(p), kind_of(p)))
    }

    /// How often `color`'s pawn of pawns has reached its last rank.
    pub fn pawn_of_pawns_arrivals(&self, color: Color) -> u8 {
        self.pawn_of_pawns[color.index()]
    }

    /// Whether a citadel draw has ended the game.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Squares of `kind` and `color`.
    #[inline]
    pub(crate) fn pieces(&self, color: Color, kind: Kind) -> u128 {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    /// `color`'s parked pawns of pawns (on its own last rank).
    #[inline]
    pub(crate) fn parked(&self, color: Color) -> u128 {
        let rank = super::attacks::RANK_MASK[last_rank(color) as usize];
        self.pieces(color, Kind::PawnPawn) & rank
    }

    /// The highest-ranked royal of `color` (king, prince, adventitious
    /// king) and its square.
    pub(crate) fn top_royal(&self, color: Color) -> Option<(Kind, u8)> {
        for kind in [Kind::King, Kind::Prince, Kind::AdvKing] {
            let b = self.pieces(color, kind);
            if b != 0 {
                return Some((kind, b.trailing_zeros() as u8));
            }
        }
        None
    }

    /// Places `p` (or [`EMPTY`]) on `sq`, keeping bitboards and key in step.
    pub(crate) fn set_square(&mut self, sq: u8, p: u8) {
        let old = self.board[sq as usize];
        let b = bit(sq);
        if old != EMPTY {
            let k = kind_of(old);
            self.by_kind[k.index()] ^= b;
            self.by_color[color_of(old).index()] ^= b;
            if k.is_pawn() {
                self.pawns ^= b;
            }
            if k.is_royal() {
                self.royals ^= b;
            }
            self.key ^= KEYS.pieces[old as usize][sq as usize];
        }
        if p != EMPTY {
            let k = kind_of(p);
            self.by_kind[k.index()] ^= b;
            self.by_color[color_of(p).index()] ^= b;
            if k.is_pawn() {
                self.pawns ^= b;
            }
            if k.is_royal() {
                self.royals ^= b;
            }
            self.key ^= KEYS.pieces[p as usize][sq as usize];
        }
        if let Some(nnue) = &mut self.nnue {
            if old != EMPTY {
                nnue.remove(color_of(old).index(), kind_of(old).index(), sq as usize);
            }
            if p != EMPTY {
                nnue.add(color_of(p).index(), kind_of(p).index(), sq as usize);
            }
        }
        self.board[sq as usize] = p;
    }

    /// The Zobrist key computed from scratch.
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for sq in 0..SQUARES {
            let p = self.board[sq];
            if p != EMPTY {
                key ^= KEYS.pieces[p as usize][sq];
            }
        }
        key ^ self.state_key()
    }

    fn state_key(&self) -> u64 {
        let mut key = KEYS.rights[self.rights as usize & 15];
        if self.side == Color::Black {
            key ^= KEYS.side;
        }
        for c in 0..2 {
            key ^= KEYS.pawn_of_pawns[c][self.pawn_of_pawns[c].min(3) as usize];
        }
        if self.finished {
            key ^= KEYS.finished;
        }
        key
    }

    /// Sets the key from scratch (after building a position by hand).
    pub(crate) fn refresh_key(&mut self) {
        self.key = self.key_from_scratch();
    }

    /// Where a pawn of pawns arriving for the second time goes: the start
    /// square of its side's pawn of the king, or the nearest square on that
    /// rank without a royal (White e, g, d, h, …; Black the mirror order).
    pub(crate) fn transfer_square(&self, color: Color) -> u8 {
        const WHITE_ORDER: [u8; 11] = [5, 4, 6, 3, 7, 2, 8, 1, 9, 0, 10];
        const BLACK_ORDER: [u8; 11] = [5, 6, 4, 7, 3, 8, 2, 9, 1, 10, 0];
        let (rank, order) = match color {
            Color::White => (2u8, &WHITE_ORDER),
            Color::Black => (7u8, &BLACK_ORDER),
        };
        order
            .iter()
            .map(|&f| square(f, rank))
            .find(|&sq| self.royals & bit(sq) == 0)
            .unwrap_or(square(5, rank))
    }

    fn put(&mut self, undo: &mut Undo, sq: u8, p: u8) {
        undo.changes[undo.len as usize] = (sq, self.board[sq as usize]);
        undo.len += 1;
        self.set_square(sq, p);
    }

    /// Plays `mv`, which must be legal (the [`timur_search::Game::make_move`]
    /// of this game).
    pub(crate) fn play(&mut self, mv: Move) {
        let us = self.side;
        if let Some(nnue) = &mut self.nnue {
            nnue.push();
        }
        let mut undo = Undo {
            changes: [(0, EMPTY); 4],
            len: 0,
            rights: self.rights,
            pawn_of_pawns: self.pawn_of_pawns,
            finished: self.finished,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
        };
        self.key ^= self.state_key();
        let moving = self.board[mv.from as usize];
        let target = self.board[mv.to as usize];
        let mut irreversible = false;
        match mv.kind {
            MoveKind::Normal => {
                irreversible = target != EMPTY;
                self.put(&mut undo, mv.from, EMPTY);
                let kind = kind_of(moving);
                if kind.is_pawn() {
                    irreversible = true;
                }
                if kind.is_pawn() && !is_citadel(mv.to) && rank_of(mv.to) == last_rank(us) {
                    if kind == Kind::PawnPawn {
                        let n = self.pawn_of_pawns[us.index()];
                        self.pawn_of_pawns[us.index()] = (n + 1).min(3);
                        match n {
                            0 => self.put(&mut undo, mv.to, moving),
                            1 => {
                                self.put(&mut undo, mv.to, EMPTY);
                                let t = self.transfer_square(us);
                                self.put(&mut undo, t, moving);
                            }
                            _ => self.put(&mut undo, mv.to, piece(us, Kind::AdvKing)),
                        }
                    } else {
                        self.put(&mut undo, mv.to, piece(us, kind.promoted()));
                    }
                } else {
                    self.put(&mut undo, mv.to, moving);
                }
            }
            MoveKind::Relocation => {
                irreversible = true;
                self.put(&mut undo, mv.from, EMPTY);
                self.put(&mut undo, mv.to, moving);
            }
            MoveKind::RoyalSwap => {
                irreversible = kind_of(target).is_pawn();
                self.rights &= !swap_right(us);
                self.put(&mut undo, mv.from, target);
                self.put(&mut undo, mv.to, moving);
            }
            MoveKind::CitadelDraw => {
                self.finished = true;
                self.put(&mut undo, mv.from, EMPTY);
                self.put(&mut undo, mv.to, moving);
            }
            MoveKind::CitadelSwapPrince | MoveKind::CitadelSwapAdv => {
                let lower = if mv.kind == MoveKind::CitadelSwapPrince {
                    Kind::Prince
                } else {
                    Kind::AdvKing
                };
                let lower_sq = (self.pieces(us, lower) & MAIN).trailing_zeros() as u8;
                self.rights &= !citadel_right(us);
                if usize::from(lower_sq) < MAIN_SQUARES {
                    let low = self.board[lower_sq as usize];
                    self.put(&mut undo, mv.from, EMPTY);
                    self.put(&mut undo, lower_sq, moving);
                    self.put(&mut undo, mv.to, low);
                }
            }
        }
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.key ^= self.state_key();
        self.history.push(undo);
    }

    /// Takes back the last move made.
    pub(crate) fn take_back(&mut self) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        // The accumulators come back from the stack, not from the pieces.
        let mut nnue = self.nnue.take();
        if let Some(stack) = &mut nnue {
            stack.pop();
        }
        for i in (0..undo.len as usize).rev() {
            let (sq, p) = undo.changes[i];
            self.set_square(sq, p);
        }
        self.nnue = nnue;
        self.rights = undo.rights;
        self.pawn_of_pawns = undo.pawn_of_pawns;
        self.finished = undo.finished;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.key = undo.key;
        self.side = self.side.flip();
    }

    /// Passes the turn (null move for the search).
    pub(crate) fn make_null(&mut self) {
        // An entry like a move's, for `take_back` to pop.
        if let Some(nnue) = &mut self.nnue {
            nnue.push();
        }
        let undo = Undo {
            changes: [(0, EMPTY); 4],
            len: 0,
            rights: self.rights,
            pawn_of_pawns: self.pawn_of_pawns,
            finished: self.finished,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
        };
        self.key ^= KEYS.side;
        self.side = self.side.flip();
        self.halfmove += 1;
        self.history.push(undo);
    }
}

/// The citadel `color`'s top royal may enter to draw (the enemy's own).
#[inline]
pub const fn enemy_citadel(color: Color) -> u8 {
    own_citadel(color.flip())
}
