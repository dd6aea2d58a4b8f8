//! The XBoard result line of the one [`Verdict`]: `1-0 {White mates}`,
//! `0-1 {Perpetual chase}`, … (the judge is [`crate::variants::verdict`]).

use crate::variants::verdict::Verdict;
use timur_protocol::xboard::result_line;
use timur_protocol::GameResult;
use timur_search::Color;

/// The line that tells XBoard the game is over and why.
pub fn result_line_of(verdict: &Verdict) -> String {
    let result = match verdict.winner {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    };
    result_line(result, &verdict.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::verdict::Reason;

    #[test]
    fn lines_carry_result_and_reason() {
        let mate = Verdict {
            winner: Some(Color::Black),
            reason: Reason::Checkmate,
        };
        assert_eq!(result_line_of(&mate), "0-1 {Black mates}");
        let chase = Verdict {
            winner: Some(Color::White),
            reason: Reason::PerpetualChase,
        };
        assert_eq!(result_line_of(&chase), "1-0 {Perpetual chase}");
    }
}
