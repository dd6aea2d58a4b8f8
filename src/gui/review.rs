//! Reviewing a game: how hard each game's positions are searched, a
//! position's expected score, and the mark a move earns by the expected
//! score its mover lost (lichess's thresholds: 0.1 an inaccuracy, 0.2 a
//! mistake, 0.3 a blunder).

use super::evals::EvalView;
use crate::engine::VariantKind;
use crate::variants::verdict::Verdict;
use serde::Serialize;
use timur_search::Color;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Lost at least 0.1 of the expected score.
    Inaccuracy,
    /// At least 0.2.
    Mistake,
    /// At least 0.3.
    Blunder,
}

impl Mark {
    /// The PGN numeric annotation glyph: `$6` (?!), `$2` (?), `$4` (??).
    pub fn nag(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "$6",
            Mark::Mistake => "$2",
            Mark::Blunder => "$4",
        }
    }

    /// The mark of a NAG (`$6`) or a move suffix (`?!`), if it is one.
    pub fn read(text: &str) -> Option<Mark> {
        match text {
            "$6" | "?!" => Some(Mark::Inaccuracy),
            "$2" | "?" => Some(Mark::Mistake),
            "$4" | "??" => Some(Mark::Blunder),
            _ => None,
        }
    }
}

/// Nodes searched per position in a review: a fifth of a second or so at
/// the engine's speed in each game.
pub fn nodes_for(kind: VariantKind) -> u64 {
    match kind {
        VariantKind::Chess | VariantKind::Chess960 | VariantKind::Xiangqi => 200_000,
        VariantKind::Tamerlane => 150_000,
        VariantKind::Jasir | VariantKind::Jarmo => 100_000,
    }
}

/// lichess's logistic: centipawns to a win probability.
const LICHESS_SLOPE: f64 = 0.003_682_08;

/// White's (Red's) expected score 0..1 of `eval`: from its win/draw/loss
/// chances where the game has a model, else lichess's logistic of the
/// centipawns; a forced win or loss is 1 or 0.
pub fn expected(eval: &EvalView) -> f64 {
    if let Some([win, draw, _]) = eval.wdl {
        return (f64::from(win) + f64::from(draw) / 2.0) / 1000.0;
    }
    match (eval.mate, eval.cp) {
        (Some(mate), _) if mate > 0 => 1.0,
        (Some(mate), _) if mate < 0 => 0.0,
        (_, Some(cp)) => 1.0 / (1.0 + (-LICHESS_SLOPE * f64::from(cp)).exp()),
        _ => 0.5,
    }
}

/// The evaluation of a finished position: its result as certain
/// win/draw/loss chances, White's side.
pub fn of_verdict(verdict: &Verdict) -> EvalView {
    let (cp, mate, wdl) = match verdict.winner {
        Some(Color::White) => (None, Some(0), [1000, 0, 0]),
        Some(Color::Black) => (None, Some(0), [0, 0, 1000]),
        None => (Some(0), None, [0, 1000, 0]),
    };
    EvalView {
        depth: u32::MAX,
        cp,
        mate,
        wdl: Some(wdl),
    }
}

/// The mark of a move by `mover` from a position evaluated `before` to one
/// evaluated `after` (both White's side), if it lost enough.
pub fn mark(before: &EvalView, after: &EvalView, mover: Color) -> Option<Mark> {
    let lost = expected(before) - expected(after);
    let lost = match mover {
        Color::White => lost,
        Color::Black => -lost,
    };
    match lost {
        l if l >= 0.3 => Some(Mark::Blunder),
        l if l >= 0.2 => Some(Mark::Mistake),
        l if l >= 0.1 => Some(Mark::Inaccuracy),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::verdict::Reason;

    fn cp(cp: i32) -> EvalView {
        EvalView {
            depth: 10,
            cp: Some(cp),
            mate: None,
            wdl: None,
        }
    }

    #[test]
    fn losses_of_expected_score_are_marked_by_size() {
        assert_eq!(mark(&cp(0), &cp(0), Color::White), None);
        assert_eq!(mark(&cp(0), &cp(-60), Color::White), None);
        assert_eq!(
            mark(&cp(0), &cp(-120), Color::White),
            Some(Mark::Inaccuracy)
        );
        assert_eq!(mark(&cp(0), &cp(-250), Color::White), Some(Mark::Mistake));
        assert_eq!(mark(&cp(0), &cp(-500), Color::White), Some(Mark::Blunder));
        // Black loses when White's score grows; White's gain is no mark.
        assert_eq!(mark(&cp(0), &cp(500), Color::Black), Some(Mark::Blunder));
        assert_eq!(mark(&cp(0), &cp(500), Color::White), None);
        // Far ahead, a pawn more or less changes little.
        assert_eq!(mark(&cp(900), &cp(800), Color::White), None);
    }

    #[test]
    fn mates_and_ends_are_certain() {
        let mated = EvalView {
            mate: Some(-2),
            cp: None,
            ..cp(0)
        };
        assert_eq!(expected(&mated), 0.0);
        assert_eq!(mark(&cp(0), &mated, Color::White), Some(Mark::Blunder));
        let white_mates = of_verdict(&Verdict {
            winner: Some(Color::White),
            reason: Reason::Checkmate,
        });
        assert_eq!(expected(&white_mates), 1.0);
        let mate_in_one = EvalView {
            mate: Some(1),
            cp: None,
            ..cp(0)
        };
        assert_eq!(mark(&mate_in_one, &white_mates, Color::White), None);
        let draw = of_verdict(&Verdict {
            winner: None,
            reason: Reason::Stalemate,
        });
        assert_eq!(expected(&draw), 0.5);
    }

    #[test]
    fn nags_and_suffixes_read_back() {
        for m in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder] {
            assert_eq!(Mark::read(m.nag()), Some(m));
        }
        assert_eq!(Mark::read("??"), Some(Mark::Blunder));
        assert_eq!(Mark::read("$1"), None);
    }
}
