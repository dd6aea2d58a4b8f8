//! The solver's position key: a canonical `u128` of everything that decides
//! the future of a game (archers, elites, hands, side, rules, shuttle
//! history), with the parts that can no longer matter cleared, so equal
//! futures share one key. The move counters are left out.
//!
//! Cleared parts, and why they cannot matter:
//! - the elite flag of an archer on its enemy base: it is frozen (no
//!   arrival, no capture by it) and, if captured (Jarmo only), it returns to
//!   the hand as a simple archer anyway;
//! - a side's shuttle entry `(from, to, n)` whose reversal is impossible:
//!   no own archer on `to`, or `to` on its enemy base (frozen), or an own
//!   archer on `from`. Only the other side moves before the owner's next
//!   move and it cannot bring an own archer of the owner back to `to` nor
//!   remove one from `from`; so the owner's next move is not a reversal and
//!   it resets the count exactly as with no entry.

use super::super::board::{bit, enemy_base, Rules};
use super::super::position::{Shuttle, State};
use timur_search::Color;

const MASK25: u128 = (1 << 25) - 1;

/// The canonical key of `st` under `rules`.
pub fn encode(st: &State, rules: Rules) -> u128 {
    let frozen =
        (st.archers[0] & enemy_base(Color::White)) | (st.archers[1] & enemy_base(Color::Black));
    let elite = st.elite & !frozen;
    let mut k = u128::from(st.archers[0])
        | u128::from(st.archers[1]) << 25
        | u128::from(elite) << 50
        | u128::from(st.hand[0]) << 75
        | u128::from(st.hand[1]) << 78;
    if st.side == Color::Black {
        k |= 1 << 81;
    }
    if rules == Rules::Jarmo {
        k |= 1 << 82;
        for side in [Color::White, Color::Black] {
            if let Some(sh) = live_shuttle(st, side) {
                let packed = 1
                    | u128::from(sh.from) << 1
                    | u128::from(sh.to) << 6
                    | u128::from(sh.count) << 11;
                k |= packed << (83 + 13 * side.index());
            }
        }
    }
    k
}

/// `side`'s shuttle entry if a reversal of it is still possible.
fn live_shuttle(st: &State, side: Color) -> Option<Shuttle> {
    let sh = st.shuttle[side.index()]?;
    let own = st.archers[side.index()];
    let to = bit(u32::from(sh.to));
    let from = bit(u32::from(sh.from));
    (own & to != 0 && enemy_base(side) & to == 0 && own & from == 0).then_some(sh)
}

/// The game a key belongs to.
pub fn rules_of(k: u128) -> Rules {
    if k >> 82 & 1 == 1 {
        Rules::Jarmo
    } else {
        Rules::Jasir
    }
}

/// The state of a key (counters 0 and 1, Zobrist key not computed).
pub fn decode(k: u128) -> State {
    let shuttle = |side: usize| {
        let p = k >> (83 + 13 * side) & 0x1FFF;
        (p & 1 == 1).then_some(Shuttle {
            from: (p >> 1 & 31) as u8,
            to: (p >> 6 & 31) as u8,
            count: (p >> 11 & 3) as u8,
        })
    };
    State {
        side: if k >> 81 & 1 == 1 {
            Color::Black
        } else {
            Color::White
        },
        archers: [(k & MASK25) as u32, (k >> 25 & MASK25) as u32],
        elite: (k >> 50 & MASK25) as u32,
        hand: [(k >> 75 & 7) as u8, (k >> 78 & 7) as u8],
        shuttle: [shuttle(0), shuttle(1)],
        halfmove: 0,
        fullmove: 1,
        key: 0,
    }
}
