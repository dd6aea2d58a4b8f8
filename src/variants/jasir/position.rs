//! The position state (archers, hands, shuttle history, counters, key) and
//! how a move changes it. Undo is a copy of the previous state (it is 40
//! bytes), kept by [`super::Jasir`].

use super::board::{bit, enemy_base, hole, own_base, Kind, Rules};
use super::moves::Move;
use super::zobrist::KEYS;
use crate::bitboard::Bits;
use timur_search::Color;

/// A side's last move in Jarmo (its step part) and how many reversals in a
/// row end with it (0..=2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shuttle {
    /// Origin hole of the last step.
    pub from: u8,
    /// Destination hole of the last step.
    pub to: u8,
    /// Reversals in a row ending with this step.
    pub count: u8,
}

/// Everything a position is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The side to move.
    pub side: Color,
    /// Archers of each side on the board, by [`Color::index`].
    pub archers: [u32; 2],
    /// Which of the archers on the board are elite (both sides).
    pub elite: u32,
    /// Archers in each side's hand.
    pub hand: [u8; 2],
    /// Jarmo's shuttle history per side (`None` = no move yet).
    pub shuttle: [Option<Shuttle>; 2],
    /// Plies since the last capture or re-entry.
    pub halfmove: u32,
    /// Move number, +1 after each Black move.
    pub fullmove: u32,
    /// Zobrist key of everything above except the two counters.
    pub key: u64,
}

impl State {
    /// The start position: five simple archers a side on its own base.
    pub fn start(rules: Rules) -> State {
        let mut st = State {
            side: Color::White,
            archers: [own_base(Color::White), own_base(Color::Black)],
            elite: 0,
            hand: [0, 0],
            shuttle: [None, None],
            halfmove: 0,
            fullmove: 1,
            key: 0,
        };
        st.key = st.compute_key(rules);
        st
    }

    /// Archers of both sides.
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.archers[0] | self.archers[1]
    }

    /// The Zobrist key computed from scratch.
    pub fn compute_key(&self, rules: Rules) -> u64 {
        let mut key = if rules == Rules::Jarmo { KEYS.jarmo } else { 0 };
        for side in [Color::White, Color::Black] {
            let s = side.index();
            for h in self.archers[s].squares() {
                let kind = if self.elite & bit(h) != 0 {
                    Kind::Elite
                } else {
                    Kind::Simple
                };
                key ^= KEYS.archer[s][kind.index()][h as usize];
            }
            key ^= KEYS.hand[s][usize::from(self.hand[s])];
            if let Some(sh) = self.shuttle[s] {
                key ^= shuttle_key(s, sh);
            }
        }
        if self.side == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }

    /// Plays `mv`, which must be legal here.
    pub fn apply(&mut self, rules: Rules, mv: Move) {
        let us = self.side;
        let them = us.flip();
        let (u, t) = (us.index(), them.index());
        let to = mv.to();
        let to_bit = bit(to);
        let mut key = self.key ^ KEYS.black_to_move;
        if mv.is_drop() {
            self.archers[u] |= to_bit;
            key ^= KEYS.archer[u][0][to as usize];
            key ^= hand_change(u, self.hand[u], self.hand[u] - 1);
            self.hand[u] -= 1;
            self.halfmove = 0;
        } else {
            let from = mv.from();
            let from_bit = bit(from);
            let was_elite = self.elite & from_bit != 0;
            let captured = self.archers[t] & to_bit != 0;
            self.archers[u] ^= from_bit | to_bit;
            self.elite &= !from_bit;
            key ^= KEYS.archer[u][usize::from(was_elite)][from as usize];
            let mut now_elite = was_elite;
            if captured {
                let cap_elite = self.elite & to_bit != 0;
                self.archers[t] &= !to_bit;
                self.elite &= !to_bit;
                key ^= KEYS.archer[t][usize::from(cap_elite)][to as usize];
                if cap_elite || rules == Rules::Jarmo {
                    key ^= hand_change(t, self.hand[t], self.hand[t] + 1);
                    self.hand[t] += 1;
                }
                now_elite = true;
                self.halfmove = 0;
            } else {
                self.halfmove = self.halfmove.saturating_add(1);
            }
            if let Some(file) = mv.reentry_file() {
                let base_hole = base_hole(us, file);
                self.archers[u] |= bit(base_hole);
                key ^= KEYS.archer[u][0][base_hole as usize];
                key ^= hand_change(u, self.hand[u], self.hand[u] - 1);
                self.hand[u] -= 1;
                now_elite = false;
                self.halfmove = 0;
            }
            if now_elite {
                self.elite |= to_bit;
            }
            key ^= KEYS.archer[u][usize::from(now_elite)][to as usize];
            if rules == Rules::Jarmo {
                let count = match self.shuttle[u] {
                    Some(prev) if u32::from(prev.from) == to && u32::from(prev.to) == from => {
                        prev.count + 1
                    }
                    _ => 0,
                };
                if let Some(prev) = self.shuttle[u] {
                    key ^= shuttle_key(u, prev);
                }
                let next = Shuttle {
                    from: from as u8,
                    to: to as u8,
                    count,
                };
                key ^= shuttle_key(u, next);
                self.shuttle[u] = Some(next);
            }
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.key = key;
    }

    /// Whether `side`'s archers on the board all stand on its enemy base
    /// (true also when it has none on the board).
    #[inline]
    pub fn all_on_enemy_base(&self, side: Color) -> bool {
        self.archers[side.index()] & !enemy_base(side) == 0
    }
}

#[inline]
fn shuttle_key(side: usize, sh: Shuttle) -> u64 {
    KEYS.shuttle[side][usize::from(sh.from)][usize::from(sh.to)][usize::from(sh.count)]
}

#[inline]
fn hand_change(side: usize, old: u8, new: u8) -> u64 {
    KEYS.hand[side][usize::from(old)] ^ KEYS.hand[side][usize::from(new)]
}

/// The hole of `side`'s own base row on `file` (0..5).
#[inline]
pub const fn base_hole(side: Color, file: u32) -> u32 {
    match side {
        Color::White => hole(file, 0),
        Color::Black => hole(file, 4),
    }
}
