//! The move type: a step, a Jasir re-entry (drop), or a Jarmo arrival with
//! re-entry, packed in a `u16`.

use super::board::HOLES;

/// `from` value of a drop.
const DROP_FROM: u16 = 31;

/// A move of Jasir or Jarmo.
///
/// Bits 0..5: origin hole (31 for a drop); bits 5..10: destination hole;
/// bits 10..13: 0, or 1 + the file of the own base hole that receives an
/// archer from the hand (Jarmo's re-entry on arrival).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// A step from `from` to `to`.
    #[inline]
    pub const fn step(from: u32, to: u32) -> Move {
        Move(from as u16 | (to as u16) << 5)
    }

    /// A Jasir re-entry: an archer from the hand onto `to`.
    #[inline]
    pub const fn drop(to: u32) -> Move {
        Move(DROP_FROM | (to as u16) << 5)
    }

    /// A Jarmo step from `from` to `to` that re-enters an archer on the own
    /// base hole of file `file` (0..5).
    #[inline]
    pub const fn step_with_reentry(from: u32, to: u32, file: u32) -> Move {
        Move(from as u16 | (to as u16) << 5 | ((file as u16) + 1) << 10)
    }

    /// Whether this is a Jasir re-entry.
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.0 & 31 == DROP_FROM
    }

    /// The origin hole (meaningless for a drop).
    #[inline]
    pub const fn from(self) -> u32 {
        (self.0 & 31) as u32
    }

    /// The destination hole.
    #[inline]
    pub const fn to(self) -> u32 {
        ((self.0 >> 5) & 31) as u32
    }

    /// The file of the own base hole that receives a re-entered archer, if
    /// this is a Jarmo arrival with re-entry.
    #[inline]
    pub const fn reentry_file(self) -> Option<u32> {
        match (self.0 >> 10) & 7 {
            0 => None,
            f => Some(f as u32 - 1),
        }
    }

    /// The packed code (lossless).
    #[inline]
    pub const fn code(self) -> u32 {
        self.0 as u32
    }

    /// The move of a packed code, if the code is well formed.
    pub fn from_code(code: u32) -> Option<Move> {
        if code >= 1 << 13 {
            return None;
        }
        let m = Move(code as u16);
        let holes = HOLES as u32;
        let from_ok = m.is_drop() || m.from() < holes;
        let file_ok = m.reentry_file().is_none_or(|f| f < 5 && !m.is_drop());
        let ok = from_ok && m.to() < holes && file_ok && (m.is_drop() || m.from() != m.to());
        ok.then_some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for m in [
            Move::step(0, 11),
            Move::drop(24),
            Move::step_with_reentry(13, 24, 1),
        ] {
            assert_eq!(Move::from_code(m.code()), Some(m));
        }
        assert_eq!(Move::step_with_reentry(13, 24, 4).reentry_file(), Some(4));
        assert!(Move::drop(3).is_drop());
        assert_eq!(Move::from_code(1 << 13), None);
        assert_eq!(Move::from_code(Move::step(3, 3).code()), None);
        assert_eq!(Move::from_code(30 | 3 << 5), None);
    }
}
