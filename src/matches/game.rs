//! One game between two started engines: sets them up, asks each for its
//! moves with the clocks running, and lets the referee, the clocks, the ply
//! limit and score adjudication end it.

use super::adjudicate::{Adjudication, Adjudicator};
use super::config::MatchConfig;
use super::engine::{Answer, Failure, GameSetup, MatchEngine, Reply, Think};
use super::openings::{canonical_notation, Opening};
use super::record::{GameRecord, GameResult, Termination};
use super::tc::Clock;
use crate::engine::{AnyGame, GameState};
use crate::variants::verdict::Verdict;
use crate::variants::{Notation, Variant};
use crate::with_game;
use std::time::Duration;
use timur_search::Color;

/// Who plays: the match's engine indexes and the started engines.
pub struct Pairing<'a> {
    /// Game number (1-based).
    pub number: u32,
    /// Engine index of White.
    pub white: usize,
    /// Engine index of Black.
    pub black: usize,
    /// `[White, Black]`.
    pub engines: [&'a mut MatchEngine; 2],
}

/// How a game ended, before it is written up.
struct End {
    result: GameResult,
    termination: Termination,
    reason: String,
}

impl End {
    /// The game ended by the rules: PGN `Termination` "normal", the
    /// verdict's words as the reason.
    fn by_rule(verdict: Verdict) -> End {
        End {
            result: GameResult::from_winner(verdict.winner),
            termination: Termination::Normal,
            reason: verdict.to_string(),
        }
    }

    fn loss(side: Color, termination: Termination, reason: String) -> End {
        End {
            result: GameResult::win_for(side.flip()),
            termination,
            reason,
        }
    }
}

/// Plays one game; returns the record and which engines (`[White, Black]`)
/// misbehaved so badly that they must be restarted.
pub fn play_game(
    config: &MatchConfig,
    opening: &Opening,
    pairing: Pairing,
) -> Result<(GameRecord, [bool; 2]), String> {
    let kind = config.variant;
    let start = opening.start(kind)?;
    let start_fen = with_game!(&start, s => s.position().to_fen());
    let standard_fen = with_game!(&AnyGame::start(kind), s => s.position().to_fen());
    let standard_start = start_fen == standard_fen;
    // Each engine's own: its limits carry its own clock.
    let setups = [pairing.white, pairing.black].map(|engine| GameSetup {
        variant: kind,
        standard_start,
        start_fen: start_fen.clone(),
        limits: config.engine_limits(engine),
    });
    let Pairing {
        number,
        white,
        black,
        engines,
    } = pairing;
    let names = [engines[0].name.clone(), engines[1].name.clone()];
    let mut failed = [false; 2];
    let mut movetext = Movetext::default();
    let mut end = None;
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        if let Err(why) = engines[i].adapter().new_game(&setups[i]) {
            failed[i] = true;
            end = Some(End::loss(
                side,
                Termination::Abandoned,
                format!("{}: could not start the game: {why}", names[i]),
            ));
            break;
        }
    }
    let end = match end {
        Some(end) => end,
        None => with_game!(start, state => {
            let mut referee = Referee { config, setups: &setups, engines, names: &names, failed: &mut failed };
            referee.play(state, opening, &mut movetext)?
        }),
    };
    Ok((
        GameRecord {
            number,
            white,
            black,
            white_name: names[0].clone(),
            black_name: names[1].clone(),
            variant: kind,
            start_fen,
            standard_start,
            moves: movetext.moves,
            clocks: movetext.clocks,
            scores: movetext.scores,
            time_controls: setups.map(|s| s.limits.tc),
            opening_plies: opening.moves.len(),
            result: end.result,
            termination: end.termination,
            reason: end.reason,
        },
        failed,
    ))
}

/// The moves so far, in timur's notation, the mover's clock after each
/// (none for the opening's moves and in untimed games) and the score it
/// reported with it.
#[derive(Default)]
struct Movetext {
    moves: Vec<String>,
    clocks: Vec<Option<Duration>>,
    scores: Vec<Option<i32>>,
}

struct Referee<'a, 'e> {
    config: &'a MatchConfig,
    /// `[White's, Black's]`.
    setups: &'a [GameSetup; 2],
    engines: [&'e mut MatchEngine; 2],
    names: &'a [String; 2],
    failed: &'a mut [bool; 2],
}

impl Referee<'_, '_> {
    fn play<G: Variant>(
        &mut self,
        mut state: GameState<G>,
        opening: &Opening,
        movetext: &mut Movetext,
    ) -> Result<End, String> {
        let canonical = canonical_notation(self.config.variant);
        let notations: [Notation; 2] = [self.engines[0].notation, self.engines[1].notation];
        // Every move so far in each engine's notation.
        let mut texts: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        let record = |state: &mut GameState<G>,
                      mv: G::Move,
                      clock: Option<Duration>,
                      score: Option<i32>,
                      movetext: &mut Movetext,
                      texts: &mut [Vec<String>; 2]| {
            movetext
                .moves
                .push(state.position().format_move(mv, canonical));
            movetext.clocks.push(clock);
            movetext.scores.push(score);
            for (text, &notation) in texts.iter_mut().zip(&notations) {
                text.push(state.position().format_move(mv, notation));
            }
            state.play(mv);
        };
        for text in &opening.moves {
            let mv = state
                .position()
                .parse_move(text, canonical)
                .map_err(|why| format!("opening move `{text}`: {why}"))?;
            record(&mut state, mv, None, None, movetext, &mut texts);
        }
        // `MatchConfig::validate` gives every engine a clock or none.
        let mut clocks = match self.setups.each_ref().map(|s| s.limits.tc) {
            [Some(white), Some(black)] => Some([Clock::new(white), Clock::new(black)]),
            _ => None,
        };
        let mut adjudicator = Adjudicator::new(self.config.resign, self.config.draw);
        let end = loop {
            let side = state.position().side_to_move();
            if let Some(end) = self.over(&state, movetext.moves.len(), &adjudicator) {
                break end;
            }
            let me = side.index();
            let name = &self.names[me];
            let answer = match self.ask(side, &mut clocks, &texts[me]) {
                Ok(answer) => answer,
                Err(end) => break end,
            };
            let fen = state.position().to_fen();
            match answer.reply {
                Reply::Move { text, score } => {
                    match state.position().parse_move(&text, notations[me]) {
                        Ok(mv) => {
                            adjudicator.record(side, score);
                            let left = clocks.map(|c| Duration::from_millis(c[me].left_ms as u64));
                            record(&mut state, mv, left, score, movetext, &mut texts);
                        }
                        Err(why) => {
                            break End::loss(
                                side,
                                Termination::IllegalMove,
                                format!("{name}: illegal move `{text}` in {fen}: {why}"),
                            )
                        }
                    }
                }
                Reply::Resign => {
                    break End::loss(side, Termination::Normal, format!("{name} resigns"))
                }
                Reply::NoMove => {
                    break End::loss(
                        side,
                        Termination::IllegalMove,
                        format!("{name}: claimed to have no move in {fen}"),
                    )
                }
                Reply::Claim(claim) => {
                    break End::loss(
                        side,
                        Termination::IllegalMove,
                        format!("{name}: false result claim `{claim}` in {fen}"),
                    )
                }
            }
        };
        for i in 0..2 {
            if !self.failed[i] {
                self.engines[i]
                    .adapter()
                    .game_over(end.result.text(), &end.reason);
            }
        }
        Ok(end)
    }

    /// The end by the rules, the match's ply limit or score adjudication,
    /// if the game is over after `plies` plies.
    fn over<G: Variant>(
        &self,
        state: &GameState<G>,
        plies: usize,
        adjudicator: &Adjudicator,
    ) -> Option<End> {
        if let Some(verdict) = state.verdict() {
            return Some(End::by_rule(verdict));
        }
        if plies >= self.config.max_plies as usize {
            return Some(End {
                result: GameResult::Draw,
                termination: Termination::Adjudication,
                reason: format!("Ply limit ({plies} plies): adjudicated draw"),
            });
        }
        let (result, reason) = match adjudicator.verdict(plies as u32 / 2 + 1)? {
            Adjudication::Win(winner) => (GameResult::win_for(winner), "adjudicated by score"),
            Adjudication::Draw => (GameResult::Draw, "adjudicated draw by score"),
        };
        Some(End {
            result,
            termination: Termination::Adjudication,
            reason: reason.to_string(),
        })
    }

    /// Asks `side`'s engine for its move after `moves` (its notation) and
    /// charges its clock; a failure, a timeout or an overdrawn clock loses.
    fn ask(
        &mut self,
        side: Color,
        clocks: &mut Option<[Clock; 2]>,
        moves: &[String],
    ) -> Result<Answer, End> {
        let me = side.index();
        let name = &self.names[me];
        let setup = &self.setups[me];
        let (own, opp) = match clocks {
            Some(c) => (c[me], c[1 - me]),
            None => (Clock::default(), Clock::default()),
        };
        let budget = match (&clocks, setup.limits.movetime) {
            (Some(_), _) => {
                Duration::from_millis(own.left_ms.max(0) as u64) + self.config.time_margin
            }
            (None, Some(movetime)) => movetime + self.config.time_margin,
            (None, None) => self.config.move_timeout,
        };
        let request = Think {
            setup,
            moves,
            first_side: side == Color::White,
            own_ms: own.left_ms,
            opp_ms: opp.left_ms,
            increment_ms: own.increment_ms,
            opp_increment_ms: opp.increment_ms,
            budget,
        };
        let answer = self.engines[me]
            .adapter()
            .think(&request)
            .map_err(|failure| {
                self.failed[me] = true;
                let termination = match failure {
                    Failure::Timeout(_) => Termination::TimeForfeit,
                    _ => Termination::Abandoned,
                };
                let what = match &failure {
                    Failure::Timeout(what) => {
                        format!("lost on time ({what} within {} ms)", budget.as_millis())
                    }
                    other => other.to_string(),
                };
                End::loss(side, termination, format!("{name}: {what}"))
            })?;
        if let Some(c) = clocks.as_mut() {
            if !c[me].charge(answer.elapsed, self.config.time_margin) {
                return Err(End::loss(
                    side,
                    Termination::TimeForfeit,
                    format!(
                        "{name}: lost on time ({} ms used)",
                        answer.elapsed.as_millis()
                    ),
                ));
            }
        }
        Ok(answer)
    }
}
