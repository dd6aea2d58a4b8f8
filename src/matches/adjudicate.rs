//! Score adjudication: the engines' own scores end hopeless or dead-drawn
//! games early (`--resign-adjudicate`, `--draw-adjudicate`).

use super::config::{DrawRule, ResignRule};
use timur_search::Color;

/// Streaks of each side's reported scores.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    winning: [u32; 2],
    losing: [u32; 2],
    level: [u32; 2],
}

/// What adjudication decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjudication {
    /// This side wins.
    Win(Color),
    /// A draw.
    Draw,
}

impl Adjudicator {
    /// An adjudicator with the given rules (either may be off).
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Self {
        Adjudicator {
            resign,
            draw,
            winning: [0; 2],
            losing: [0; 2],
            level: [0; 2],
        }
    }

    /// Records the score `side` reported with its move (its own view); a move
    /// without a score breaks that side's streaks.
    pub fn record(&mut self, side: Color, score: Option<i32>) {
        let i = side.index();
        let bump = |streak: &mut u32, hit: bool| *streak = if hit { *streak + 1 } else { 0 };
        let (resign, draw) = (self.resign.map(|r| r.score), self.draw.map(|d| d.score));
        bump(
            &mut self.winning[i],
            matches!((score, resign), (Some(s), Some(r)) if s >= r),
        );
        bump(
            &mut self.losing[i],
            matches!((score, resign), (Some(s), Some(r)) if s <= -r),
        );
        bump(
            &mut self.level[i],
            matches!((score, draw), (Some(s), Some(d)) if s.abs() <= d),
        );
    }

    /// The verdict at full-move number `move_number`, if any.
    pub fn verdict(&self, move_number: u32) -> Option<Adjudication> {
        if let Some(rule) = self.resign {
            for side in [Color::White, Color::Black] {
                let (me, them) = (side.index(), side.flip().index());
                if rule.moves > 0
                    && self.losing[me] >= rule.moves
                    && self.winning[them] >= rule.moves
                {
                    return Some(Adjudication::Win(side.flip()));
                }
            }
        }
        if let Some(rule) = self.draw {
            if rule.moves > 0
                && move_number >= rule.from
                && self.level.iter().all(|&streak| streak >= rule.moves)
            {
                return Some(Adjudication::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resign_needs_both_sides_to_agree() {
        let mut a = Adjudicator::new(
            Some(ResignRule {
                score: 500,
                moves: 2,
            }),
            None,
        );
        for _ in 0..2 {
            a.record(Color::White, Some(-600));
            assert_eq!(a.verdict(10), None);
            a.record(Color::Black, Some(100));
        }
        assert_eq!(a.verdict(10), None, "Black does not think it is winning");
        for _ in 0..2 {
            a.record(Color::White, Some(-600));
            a.record(Color::Black, Some(700));
        }
        assert_eq!(a.verdict(10), Some(Adjudication::Win(Color::Black)));
        a.record(Color::White, None);
        assert_eq!(a.verdict(10), None);
    }

    #[test]
    fn draws_wait_for_the_move_number() {
        let rule = DrawRule {
            score: 10,
            moves: 3,
            from: 40,
        };
        let mut a = Adjudicator::new(None, Some(rule));
        for _ in 0..3 {
            a.record(Color::White, Some(5));
            a.record(Color::Black, Some(-8));
        }
        assert_eq!(a.verdict(39), None);
        assert_eq!(a.verdict(40), Some(Adjudication::Draw));
        a.record(Color::White, Some(50));
        assert_eq!(a.verdict(41), None);
    }
}
