//! The evaluation of each position of the game's line, from White's (Red's)
//! side, for the evaluation bar and graph: every search reports on the
//! position it searches, and the deepest report of a position is kept.

use crate::engine::TextInfo;
use serde::Serialize;
use timur_search::{Color, Score};

/// An evaluation from White's (Red's) side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EvalView {
    /// The search depth it comes from.
    pub depth: u32,
    /// Centipawns (absent for a mate score).
    pub cp: Option<i32>,
    /// A forced end in this many moves: positive when White wins, negative
    /// when Black does (0: the game is over).
    pub mate: Option<i32>,
    /// White's win, draw and loss chances per mille, in games whose
    /// engine has a win/draw/loss model.
    pub wdl: Option<[u32; 3]>,
}

impl EvalView {
    /// A search report on a position with `mover` to move, turned to
    /// White's side.
    pub fn of(info: &TextInfo, mover: Color) -> EvalView {
        let sign = match mover {
            Color::White => 1,
            Color::Black => -1,
        };
        let (cp, mate) = match info.score {
            Score::Cp(cp) => (Some(sign * cp), None),
            Score::Mate { moves, .. } => (None, Some(sign * moves)),
        };
        let wdl = info.wdl.map(|[w, d, l]| match mover {
            Color::White => [w, d, l],
            Color::Black => [l, d, w],
        });
        EvalView {
            depth: info.depth,
            cp,
            mate,
            wdl,
        }
    }
}

/// The evaluations along the line, by ply (0 = the start position).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evals {
    points: Vec<Option<EvalView>>,
}

impl Evals {
    /// Keeps `view` for the position after `ply` plies unless a deeper
    /// search already reported on it.
    pub fn record(&mut self, ply: usize, view: EvalView) {
        if self.points.len() <= ply {
            self.points.resize(ply + 1, None);
        }
        let slot = &mut self.points[ply];
        if slot.as_ref().is_none_or(|old| old.depth <= view.depth) {
            *slot = Some(view);
        }
    }

    /// The evaluation of the position after `ply` plies, if any.
    pub fn get(&self, ply: usize) -> Option<&EvalView> {
        self.points.get(ply).and_then(Option::as_ref)
    }

    /// Forgets the positions after `ply` plies (the line changed there).
    pub fn truncate(&mut self, ply: usize) {
        self.points.truncate(ply + 1);
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.points.clear();
    }

    /// One entry per position of a line of `plies` moves.
    pub fn view(&self, plies: usize) -> Vec<Option<EvalView>> {
        (0..=plies).map(|ply| self.get(ply).cloned()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use timur_search::Bound;

    fn info(depth: u32, score: Score, wdl: Option<[u32; 3]>) -> TextInfo {
        TextInfo {
            depth,
            seldepth: depth,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 1,
            nps: 1,
            hashfull: 0,
            tbhits: 0,
            time: Duration::ZERO,
            pv: vec!["e2e4".into()],
            wdl,
        }
    }

    #[test]
    fn black_to_move_is_turned_to_whites_side() {
        let view = EvalView::of(&info(5, Score::Cp(80), Some([500, 300, 200])), Color::Black);
        assert_eq!(
            (view.cp, view.mate, view.wdl),
            (Some(-80), None, Some([200, 300, 500]))
        );
        let mate = Score::Mate {
            moves: 3,
            margin: 0,
        };
        assert_eq!(
            EvalView::of(&info(9, mate, None), Color::Black).mate,
            Some(-3)
        );
        assert_eq!(
            EvalView::of(&info(9, mate, None), Color::White).mate,
            Some(3)
        );
    }

    #[test]
    fn the_deepest_report_is_kept_until_the_line_changes() {
        let mut evals = Evals::default();
        evals.record(2, EvalView::of(&info(8, Score::Cp(30), None), Color::White));
        evals.record(2, EvalView::of(&info(4, Score::Cp(90), None), Color::White));
        assert_eq!(evals.get(2).map(|v| v.cp), Some(Some(30)));
        evals.record(2, EvalView::of(&info(9, Score::Cp(10), None), Color::White));
        assert_eq!(evals.get(2).map(|v| v.cp), Some(Some(10)));
        assert_eq!(evals.view(3).len(), 4);
        assert_eq!(evals.view(3)[0], None);
        evals.truncate(1);
        assert_eq!(evals.get(2), None);
    }
}
