//! Conversion: what a side far ahead gains from progress against a bare
//! enemy royal. Such a royal draws by walking into the empty enemy citadel
//! (rules page), so the side ahead is scored for cutting it off from that
//! citadel, for the fewer squares it has to live on, and for bringing its
//! own royal close, each a step the search can see towards mate.

use crate::bitboard::Bits;
use timur_search::Color;

use super::attacks::{bit, king_steps, KING_ADJ, MAIN, PAWN_ATT};
use super::position::enemy_citadel;
use super::types::{file_of, kind_of, rank_of, EMPTY};
use super::Tamerlane;

/// Centipawns for a royal that can no longer reach the citadel it would
/// draw in.
const CUT_OFF: i32 = 120;
/// Centipawns per royal step the shortest free way to that citadel takes
/// (up to [`MAX_STEPS`]).
const PER_STEP: i32 = 10;
/// The most steps [`PER_STEP`] counts.
const MAX_STEPS: i32 = 8;
/// Centipawns per main square the bare royal cannot reach.
const PER_SQUARE_DENIED: i32 = 1;
/// Centipawns per step the royals stand closer than the board's width.
const PER_STEP_CLOSER: i32 = 4;
/// The least lead (material) that counts as winning.
const WINNING_LEAD: i32 = 400;
/// The royal steps over which a bare royal facing less than a winning lead
/// sees its deficit shrink on its way to the citadel.
const WALK_STEPS: i32 = 10;

impl Tamerlane {
    /// The conversion bonus from White's view: positive when White is far
    /// ahead against Black's bare royals, negative the other way, else 0.
    pub(super) fn conversion(&self, material: [i32; 2]) -> i32 {
        for strong in [Color::White, Color::Black] {
            let weak = strong.flip();
            let bare = self.by_color[weak.index()] & !self.royals == 0;
            if bare && material[strong.index()] - material[weak.index()] >= WINNING_LEAD {
                let bonus = self.progress_against(strong);
                return if strong == Color::White {
                    bonus
                } else {
                    -bonus
                };
            }
        }
        0
    }

    /// The citadel walk from White's view, for a bare royal facing a lead
    /// too small to win: its side's deficit `raw` shrinks with each step of
    /// its free way into the empty enemy citadel (to 1/11 next to it), so
    /// it walks there and draws by the rules instead of wandering; `None`
    /// when no side is in that case.
    pub(super) fn citadel_walk(&self, raw: i32, material: [i32; 2]) -> Option<i32> {
        let strong = [Color::White, Color::Black].into_iter().find(|&strong| {
            let weak = strong.flip();
            let lead = material[strong.index()] - material[weak.index()];
            self.by_color[weak.index()] & !self.royals == 0 && lead > 0 && lead < WINNING_LEAD
        })?;
        let weak = strong.flip();
        let (_, royal) = self.top_royal(weak)?;
        let citadel = enemy_citadel(weak);
        if bit(royal) & MAIN == 0 || self.board[citadel as usize] != EMPTY {
            return None;
        }
        let free = MAIN & !self.attacks_of(strong, royal) & !self.by_color[strong.index()];
        let (_, steps) = room(royal, free, KING_ADJ[citadel as usize] & MAIN);
        let steps = steps?.min(WALK_STEPS);
        Some(raw * steps / (WALK_STEPS + 1) - raw)
    }

    /// How far `strong` has got with a bare enemy royal: its way to the
    /// citadel, its room and the distance between the top royals.
    fn progress_against(&self, strong: Color) -> i32 {
        let weak = strong.flip();
        let Some((_, royal)) = self.top_royal(weak) else {
            return 0;
        };
        if bit(royal) & MAIN == 0 {
            return 0;
        }
        let attacked = self.attacks_of(strong, royal);
        let free = MAIN & !attacked & !self.by_color[strong.index()];
        let citadel = enemy_citadel(weak);
        let doors = if self.board[citadel as usize] == EMPTY {
            KING_ADJ[citadel as usize] & MAIN
        } else {
            0
        };
        let (region, to_citadel) = room(royal, free, doors);
        let way = match to_citadel {
            None => CUT_OFF + PER_STEP * MAX_STEPS,
            Some(n) => PER_STEP * n.min(MAX_STEPS),
        };
        let denied = MAIN.count_ones() as i32 - region.count_ones() as i32;
        let closeness = self.top_royal(strong).map_or(0, |(_, own)| {
            let distance = file_of(own)
                .abs_diff(file_of(royal))
                .max(rank_of(own).abs_diff(rank_of(royal)));
            11 - i32::from(distance)
        });
        way + PER_SQUARE_DENIED * denied + PER_STEP_CLOSER * closeness
    }

    /// Every main square `color` attacks, sliders seeing through the enemy
    /// royal on `through` (it cannot step back along their line).
    fn attacks_of(&self, color: Color, through: u8) -> u128 {
        let occ = self.occupied() & !bit(through);
        let mut attacked = 0;
        for s in self.by_color[color.index()].indices() {
            let kind = kind_of(self.board[s]);
            attacked |= match kind {
                _ if kind.is_royal() => KING_ADJ[s],
                _ if kind.is_pawn() => PAWN_ATT[color.index()][s],
                _ => self.piece_targets(kind, s as u8, occ),
            };
        }
        attacked & MAIN
    }
}

/// The squares a royal on `from` can walk to over `free` squares, and how
/// many royal steps its shortest way into the citadel next to `doors` takes
/// (`None` when it cannot get there).
fn room(from: u8, free: u128, doors: u128) -> (u128, Option<i32>) {
    let mut region = bit(from);
    let mut steps = 0;
    let mut to_citadel = None;
    loop {
        if to_citadel.is_none() && region & doors != 0 {
            to_citadel = Some(steps + 1);
        }
        let grown = region | (king_steps(region) & free);
        if grown == region {
            return (region, to_citadel);
        }
        region = grown;
        steps += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::tamerlane::types::square;
    use crate::variants::Variant;

    fn conversion_of(tfen: &str) -> i32 {
        let pos = Tamerlane::from_fen(tfen).unwrap_or_else(|why| panic!("{tfen}: {why}"));
        let terms = pos.side_terms();
        pos.conversion([terms[0][0], terms[1][0]])
    }

    #[test]
    fn royal_steps_stay_on_the_board() {
        let a1 = square(0, 0);
        let k10 = square(10, 9);
        let expected = bit(a1) | bit(square(1, 0)) | bit(square(0, 1)) | bit(square(1, 1));
        assert_eq!(king_steps(bit(a1)), expected);
        assert_eq!(king_steps(bit(k10)).count_ones(), 4);
        assert_eq!(king_steps(bit(square(5, 5))).count_ones(), 9);
    }

    #[test]
    fn a_royal_cut_off_from_the_citadel_is_worth_more_to_the_side_ahead() {
        // Black's king on g6; White's rooks on the fourth and third ranks
        // wall it off from l2 in the first position; on a10 and b9 they
        // leave its way open in the second.
        let walled = conversion_of("11/11/11/11/6k4/11/7R3/R10/11/K10 w -- - 00 0 1");
        let open = conversion_of("R10/1R9/11/11/6k4/11/11/11/11/K10 w -- - 00 0 1");
        assert!(walled > open + CUT_OFF / 2, "{walled} vs {open}");
        assert!(open > 0);
    }

    #[test]
    fn only_a_winning_lead_against_bare_royals_counts() {
        // Black keeps a knight: not bare.
        assert_eq!(
            conversion_of("11/11/11/11/6k4/4n6/7R3/R10/11/K10 w -- - 00 0 1"),
            0
        );
        // A lone general is no winning lead.
        assert_eq!(
            conversion_of("11/11/11/11/6k4/11/11/F10/11/K10 w -- - 00 0 1"),
            0
        );
        // Black ahead: the bonus is Black's, so negative from White's view.
        assert!(conversion_of("k10/11/r10/11/11/4K6/11/11/11/11 b -- - 00 0 1") < 0);
    }
}
