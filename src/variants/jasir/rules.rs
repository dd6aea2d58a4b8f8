//! The end of the game and its score, for both games.

use super::board::{enemy_base, Rules};
use super::position::State;
use timur_search::{Color, Outcome, MAX_MARGIN};

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The winner; `None` is a draw (Jarmo only).
    pub winner: Option<Color>,
    /// Points of White and Black. Jasir: the winner's archers on the board,
    /// the loser 0. Jarmo: 2 per archer on its enemy base, 1 per other archer
    /// on the board.
    pub points: [u32; 2],
}

impl GameResult {
    /// The result seen from `side`: a win or loss carries the winner's
    /// points as its margin.
    pub fn outcome_for(self, side: Color) -> Outcome {
        match self.winner {
            None => Outcome::Draw,
            Some(w) => {
                let margin = self.points[w.index()].min(MAX_MARGIN);
                if w == side {
                    Outcome::Win { margin }
                } else {
                    Outcome::Loss { margin }
                }
            }
        }
    }
}

/// Living archers of `side`: on the board and in hand.
#[inline]
fn living(st: &State, side: Color) -> u32 {
    st.archers[side.index()].count_ones() + u32::from(st.hand[side.index()])
}

/// Jarmo's points of `side`.
#[inline]
pub fn jarmo_points(st: &State, side: Color) -> u32 {
    let a = st.archers[side.index()];
    a.count_ones() + (a & enemy_base(side)).count_ones()
}

/// Jarmo's result by points.
fn jarmo_result(st: &State) -> GameResult {
    let points = [
        jarmo_points(st, Color::White),
        jarmo_points(st, Color::Black),
    ];
    let winner = match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => Some(Color::White),
        std::cmp::Ordering::Less => Some(Color::Black),
        std::cmp::Ordering::Equal => None,
    };
    GameResult { winner, points }
}

/// A Jasir win of `winner`: it scores its archers on the board.
fn jasir_win(st: &State, winner: Color) -> GameResult {
    let mut points = [0; 2];
    points[winner.index()] = st.archers[winner.index()].count_ones();
    GameResult {
        winner: Some(winner),
        points,
    }
}

/// The result if the position itself ends the game (elimination or all
/// home in Jasir; all archers on the board home in Jarmo), else `None`.
pub fn rule_end(st: &State, rules: Rules) -> Option<GameResult> {
    match rules {
        Rules::Jasir => {
            let wins = |side: Color| {
                let other = side.flip();
                let home = st.hand[side.index()] == 0
                    && st.archers[side.index()] != 0
                    && st.all_on_enemy_base(side);
                home || living(st, other) == 0
            };
            let winner = match (wins(Color::White), wins(Color::Black)) {
                (true, true) => st.side.flip(),
                (true, false) => Color::White,
                (false, true) => Color::Black,
                (false, false) => return None,
            };
            Some(jasir_win(st, winner))
        }
        Rules::Jarmo => (st.all_on_enemy_base(Color::White) || st.all_on_enemy_base(Color::Black))
            .then(|| jarmo_result(st)),
    }
}

/// The result when the side to move has no legal move (and the game is not
/// over by [`rule_end`]): Jasir, it loses; Jarmo, points decide.
pub fn no_moves_end(st: &State, rules: Rules) -> GameResult {
    match rules {
        Rules::Jasir => jasir_win(st, st.side.flip()),
        Rules::Jarmo => jarmo_result(st),
    }
}
