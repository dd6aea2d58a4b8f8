//! Move ordering: the moves of a node with their ordering keys, handed out
//! best first. The first few are picked by selection (most nodes cut off
//! early); the rest are sorted once.

use crate::game::MAX_MOVES;
use arrayvec::ArrayVec;

/// The transposition-table move.
pub(crate) const TT_MOVE: i32 = 1 << 30;
/// Tactical moves: this plus their (clamped) `tactical_order`.
pub(crate) const TACTICAL: i32 = 1 << 28;
/// The first killer; the second is one less, the counter-move two less.
pub(crate) const KILLER: i32 = 1 << 26;
/// `tactical_order` is clamped into `-ORDER_SPAN..=ORDER_SPAN`.
const ORDER_SPAN: i32 = 1 << 24;
/// Moves handed out by selection before the rest is sorted.
const SELECTED: usize = 3;

/// The ordering key of a tactical move.
pub(crate) fn tactical_key(order: i32) -> i32 {
    TACTICAL + order.clamp(-ORDER_SPAN, ORDER_SPAN)
}

/// The ordering key of a tactical move that loses material by exchange:
/// after every quiet move.
pub(crate) fn losing_tactical_key(order: i32) -> i32 {
    -TACTICAL + order.clamp(-ORDER_SPAN, ORDER_SPAN)
}

/// The scored moves of one node.
pub(crate) struct MovePicker<M> {
    list: ArrayVec<(M, i32), MAX_MOVES>,
    next: usize,
}

impl<M: Copy> MovePicker<M> {
    /// An empty picker.
    pub fn new() -> Self {
        MovePicker {
            list: ArrayVec::new(),
            next: 0,
        }
    }

    /// Adds a move with its ordering key (ignored past [`MAX_MOVES`]).
    pub fn push(&mut self, mv: M, key: i32) {
        let _ = self.list.try_push((mv, key));
    }

    /// The best move not handed out yet.
    pub fn next(&mut self) -> Option<M> {
        let rest = self.list.get_mut(self.next..)?;
        if rest.is_empty() {
            return None;
        }
        if self.next < SELECTED {
            let mut best = 0;
            for (i, entry) in rest.iter().enumerate() {
                if entry.1 > rest[best].1 {
                    best = i;
                }
            }
            rest.swap(0, best);
        } else if self.next == SELECTED {
            rest.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        }
        self.next += 1;
        Some(rest[0].0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_out_every_move_by_falling_key() {
        let mut picker = MovePicker::new();
        let keys = [5, 9, -3, 9, 0, 7, 7, 1, TT_MOVE, tactical_key(i32::MAX)];
        for (mv, &key) in keys.iter().enumerate() {
            picker.push(mv, key);
        }
        let order: Vec<usize> = std::iter::from_fn(|| picker.next()).collect();
        assert_eq!(order, vec![8, 9, 3, 1, 5, 6, 0, 7, 4, 2]);
    }
}
