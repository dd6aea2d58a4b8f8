//! `UCI_ShowWDL`: a score turned into win/draw/loss chances per mille, from
//! a logistic model fitted on timur's own self-play results per game
//! (`scripts/wdl_fit.py`, docs/strength.md): P(win) = 1 / (1 + exp(-(s -
//! a) / b)) for a score `s` in centipawns, P(loss) the same for `-s`, and
//! a draw the rest.

use timur_search::Score;

/// The fitted `a` (centipawns where a win is as likely as not) and `b`
/// (the spread) of one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// Centipawns at which the side to move wins half its games.
    pub a: f64,
    /// How fast the win chance grows with the score.
    pub b: f64,
}

impl WdlModel {
    /// The chance the side to move wins with score `cp`.
    fn win(&self, cp: f64) -> f64 {
        1.0 / (1.0 + (-(cp - self.a) / self.b).exp())
    }

    /// `[win, draw, loss]` per mille for `score`, side to move's view;
    /// they add up to 1000. A decided score is a certain win or loss.
    pub fn wdl(&self, score: Score) -> [u32; 3] {
        match score {
            Score::Mate { moves, .. } if moves > 0 => [1000, 0, 0],
            Score::Mate { .. } => [0, 0, 1000],
            Score::Cp(cp) => {
                let cp = f64::from(cp);
                let win = (1000.0 * self.win(cp)).round() as u32;
                let loss = ((1000.0 * self.win(-cp)).round() as u32).min(1000 - win);
                [win, 1000 - win - loss, loss]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::VariantKind;

    #[test]
    fn triples_add_up_and_grow_with_the_score() {
        for kind in VariantKind::ALL {
            let Some(model) = kind.wdl_model() else {
                continue;
            };
            let mut last_win = 0;
            for cp in (-3000..=3000).step_by(25) {
                let [w, d, l] = model.wdl(Score::Cp(cp));
                assert_eq!(w + d + l, 1000, "{kind} {cp}");
                assert!(w >= last_win, "{kind} {cp}");
                last_win = w;
            }
            let [w, _, l] = model.wdl(Score::Cp(0));
            assert_eq!(w, l, "{kind}: an even score is symmetric");
            let mate = Score::Mate {
                moves: -2,
                margin: 0,
            };
            assert_eq!(model.wdl(mate), [0, 0, 1000]);
        }
    }
}
