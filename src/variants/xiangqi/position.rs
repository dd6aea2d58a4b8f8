//! The xiangqi position: mailbox plus bitboards, make/unmake with an undo
//! stack, incremental Zobrist keys, and attack detection.

use super::attacks::{cannon_captures, rook_attacks, HORSE_CHECKS, PAWN_ATTACKERS};
use super::board::{bit, color_of, kind_index, Bitboard, Kind, Piece, EMPTY, FILES, SQUARES};
use super::moves::Move;
use crate::nnue::stack::AccumulatorStack;
use crate::rng::splitmix64;
use timur_search::Color;

/// Zobrist keys: one per (piece code, square), and one for Black to move.
pub struct Zobrist {
    /// `[piece code][square]`; the rows of the empty code are unused.
    pub pieces: [[u64; SQUARES]; 16],
    /// Xored in when Black is to move.
    pub black: u64,
}

const fn zobrist_table() -> Zobrist {
    let mut state = 0x5869_616E_6771_6921u64;
    let mut pieces = [[0u64; SQUARES]; 16];
    let mut p = 0;
    while p < 16 {
        let mut sq = 0;
        while sq < SQUARES {
            pieces[p][sq] = splitmix64(&mut state);
            sq += 1;
        }
        p += 1;
    }
    Zobrist {
        pieces,
        black: splitmix64(&mut state),
    }
}

/// The Zobrist keys of xiangqi.
pub static ZOBRIST: Zobrist = zobrist_table();

/// What `unmake` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// The move made (a null move is stored as `None`).
    mv: Option<Move>,
    captured: Piece,
    key: u64,
    since_capture: u32,
    since_irreversible: u32,
}

/// A xiangqi position with its history of made moves.
#[derive(Clone, Debug)]
pub struct Xiangqi {
    pub(super) board: [Piece; SQUARES],
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_kind: [Bitboard; 7],
    /// Per file, the occupied ranks (bit r = rank r).
    pub(super) file_occ: [u16; FILES],
    pub(super) generals: [u8; 2],
    pub(super) side: Color,
    pub(super) key: u64,
    /// Plies since the last capture (the FEN's half-move field).
    pub(super) since_capture: u32,
    /// Plies since the last capture or soldier move.
    pub(super) since_irreversible: u32,
    pub(super) fullmove: u32,
    history: Vec<Undo>,
    /// The network's accumulators, when a network evaluates.
    pub(super) nnue: Option<AccumulatorStack<Xiangqi>>,
}

impl Xiangqi {
    /// An empty board, Red to move (pieces are added with [`Xiangqi::put`]).
    pub(super) fn empty() -> Xiangqi {
        Xiangqi {
            board: [EMPTY; SQUARES],
            by_color: [0; 2],
            by_kind: [0; 7],
            file_occ: [0; FILES],
            generals: [0; 2],
            side: Color::White,
            key: 0,
            since_capture: 0,
            since_irreversible: 0,
            fullmove: 1,
            history: Vec::with_capacity(256),
            nnue: None,
        }
    }

    /// Puts `p` on the empty point `sq`, updating bitboards and key.
    pub(super) fn put(&mut self, sq: usize, p: Piece) {
        self.board[sq] = p;
        self.by_color[color_of(p).index()] |= bit(sq);
        self.by_kind[kind_index(p)] |= bit(sq);
        self.file_occ[sq % FILES] |= 1 << (sq / FILES);
        self.key ^= ZOBRIST.pieces[p as usize][sq];
        if kind_index(p) == Kind::General.index() {
            self.generals[color_of(p).index()] = sq as u8;
        }
    }

    /// Every occupied point.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// The piece code on `sq` (0 when empty).
    #[inline(always)]
    pub fn piece_at(&self, sq: usize) -> Piece {
        self.board[sq]
    }

    /// The square index of `color`'s general.
    #[inline(always)]
    pub fn general(&self, color: Color) -> usize {
        self.generals[color.index()] as usize
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Whether the pieces in `enemies` attack point `k` given the occupancy
    /// `occ` and `file_occ`, the occupancy of `k`'s file. Generals count as
    /// attacking along an open file (the flying general).
    #[inline(always)]
    pub(super) fn attacked_by(
        &self,
        k: usize,
        occ: Bitboard,
        file_occ: u16,
        enemies: Bitboard,
        them: Color,
    ) -> bool {
        if PAWN_ATTACKERS[them.index()][k] & enemies & self.by_kind[Kind::Soldier.index()] != 0 {
            return true;
        }
        let horses = enemies & self.by_kind[Kind::Horse.index()];
        if horses != 0 && HORSE_CHECKS[k].attacks(occ) & horses != 0 {
            return true;
        }
        let sliders =
            enemies & (self.by_kind[Kind::Chariot.index()] | self.by_kind[Kind::General.index()]);
        if sliders != 0 && rook_attacks(k, occ, file_occ) & sliders != 0 {
            return true;
        }
        let cannons = enemies & self.by_kind[Kind::Cannon.index()];
        cannons != 0 && cannon_captures(k, occ, file_occ) & cannons != 0
    }

    /// Whether `color`'s general is attacked in the current position.
    pub fn general_attacked(&self, color: Color) -> bool {
        let k = self.general(color);
        let them = color.flip();
        self.attacked_by(
            k,
            self.occupied(),
            self.file_occ[k % FILES],
            self.by_color[them.index()],
            them,
        )
    }

    /// Whether the pseudo-legal move `from → to` of the side to move leaves
    /// its general safe.
    #[inline]
    pub(super) fn move_is_safe(&self, from: usize, to: usize) -> bool {
        let us = self.side;
        let them = us.flip();
        let mut k = self.general(us);
        if k == from {
            k = to;
        }
        let (from_bb, to_bb) = (bit(from), bit(to));
        let occ = (self.occupied() & !from_bb) | to_bb;
        let focc = self.file_occupancy_after(k % FILES, from, to);
        let enemies = self.by_color[them.index()] & !to_bb;
        !self.attacked_by(k, occ, focc, enemies, them)
    }

    /// The occupancy of `file` once a piece has moved `from → to`.
    #[inline(always)]
    pub(super) fn file_occupancy_after(&self, file: usize, from: usize, to: usize) -> u16 {
        let mut occupancy = self.file_occ[file];
        if from % FILES == file {
            occupancy &= !(1 << (from / FILES));
        }
        if to % FILES == file {
            occupancy |= 1 << (to / FILES);
        }
        occupancy
    }

    /// Whether the generals face each other on an open file.
    pub(super) fn generals_face(&self) -> bool {
        let (r, b) = (self.general(Color::White), self.general(Color::Black));
        if r % FILES != b % FILES {
            return false;
        }
        let (low, high) = ((r / FILES).min(b / FILES), (r / FILES).max(b / FILES));
        let between = ((1u16 << high) - 1) & !((1u16 << (low + 1)) - 1);
        self.file_occ[r % FILES] & between == 0
    }

    /// Plays `mv` (assumed legal).
    pub fn make(&mut self, mv: Move) {
        let (from, to) = (mv.from_index(), mv.to_index());
        let p = self.board[from];
        let captured = self.board[to];
        let us = self.side.index();
        self.history.push(Undo {
            mv: Some(mv),
            captured,
            key: self.key,
            since_capture: self.since_capture,
            since_irreversible: self.since_irreversible,
        });
        if let Some(nnue) = &mut self.nnue {
            let (color, kind) = (color_of(p).index(), kind_index(p));
            nnue.push();
            nnue.remove(color, kind, from);
            if captured != EMPTY {
                nnue.remove(color ^ 1, kind_index(captured), to);
            }
            nnue.add(color, kind, to);
        }
        let (from_bb, to_bb) = (bit(from), bit(to));
        let mut key = self.key ^ ZOBRIST.black;
        key ^= ZOBRIST.pieces[p as usize][from] ^ ZOBRIST.pieces[p as usize][to];
        let kind = kind_index(p);
        if captured != EMPTY {
            key ^= ZOBRIST.pieces[captured as usize][to];
            self.by_color[us ^ 1] ^= to_bb;
            self.by_kind[kind_index(captured)] ^= to_bb;
            self.since_capture = 0;
            self.since_irreversible = 0;
        } else {
            self.since_capture += 1;
            if kind == Kind::Soldier.index() {
                self.since_irreversible = 0;
            } else {
                self.since_irreversible += 1;
            }
        }
        self.by_color[us] ^= from_bb | to_bb;
        self.by_kind[kind] ^= from_bb | to_bb;
        self.file_occ[from % FILES] ^= 1 << (from / FILES);
        self.file_occ[to % FILES] |= 1 << (to / FILES);
        self.board[to] = p;
        self.board[from] = EMPTY;
        if kind == Kind::General.index() {
            self.generals[us] = to as u8;
        }
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.key = key;
    }

    /// Takes back `mv`, the last move made.
    pub fn unmake(&mut self, mv: Move) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        if let Some(nnue) = &mut self.nnue {
            nnue.pop();
        }
        let (from, to) = (mv.from_index(), mv.to_index());
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let us = self.side.index();
        let p = self.board[to];
        let kind = kind_index(p);
        let (from_bb, to_bb) = (bit(from), bit(to));
        self.by_color[us] ^= from_bb | to_bb;
        self.by_kind[kind] ^= from_bb | to_bb;
        self.file_occ[from % FILES] |= 1 << (from / FILES);
        self.board[from] = p;
        self.board[to] = undo.captured;
        if undo.captured != EMPTY {
            self.by_color[us ^ 1] |= to_bb;
            self.by_kind[kind_index(undo.captured)] |= to_bb;
        } else {
            self.file_occ[to % FILES] ^= 1 << (to / FILES);
        }
        if kind == Kind::General.index() {
            self.generals[us] = from as u8;
        }
        self.key = undo.key;
        self.since_capture = undo.since_capture;
        self.since_irreversible = undo.since_irreversible;
    }

    /// The last `plies` moves made, oldest first; `None` if fewer were made
    /// or a null move is among them.
    pub(super) fn last_moves(&self, plies: usize) -> Option<Vec<Move>> {
        let start = self.history.len().checked_sub(plies)?;
        self.history[start..].iter().map(|undo| undo.mv).collect()
    }

    /// Passes the turn.
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: None,
            captured: EMPTY,
            key: self.key,
            since_capture: self.since_capture,
            since_irreversible: self.since_irreversible,
        });
        self.key ^= ZOBRIST.black;
        self.since_capture += 1;
        self.since_irreversible = 0;
        self.side = self.side.flip();
    }

    /// Takes back [`Xiangqi::make_null`].
    pub fn unmake_null(&mut self) {
        if let Some(undo) = self.history.pop() {
            self.side = self.side.flip();
            self.key = undo.key;
            self.since_capture = undo.since_capture;
            self.since_irreversible = undo.since_irreversible;
        }
    }

    /// The Zobrist key computed from scratch (tests compare it with the
    /// incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            ZOBRIST.black
        } else {
            0
        };
        for (sq, &p) in self.board.iter().enumerate() {
            if p != EMPTY {
                key ^= ZOBRIST.pieces[p as usize][sq];
            }
        }
        key
    }
}
