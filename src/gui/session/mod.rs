//! One browser tab's game: an [`Engine`] plus the move list the page shows
//! (with the moves after the cursor kept for redo), who the engine plays,
//! the clocks of a timed game ([`timing`]), the evaluations of the line's
//! positions, and the search running ([`search`]). Searches report through
//! a channel of [`SearchNote`]s that the connection feeds back into
//! [`Session::on_search`]; the connection calls [`Session::tick`] between
//! messages, so a flag falls while the page is quiet. A game review
//! ([`review`]) searches the line's positions on an engine of its own.

mod review;
mod search;
mod timing;

use super::clock::{ClockView, Clocks};
use super::evals::{EvalView, Evals};
use super::message::{parse, ClientMsg, LevelView, ResultView, ServerMsg, Sides, StateView};
use super::moves;
use super::pgn::{self, MoveNotes};
use super::review::Mark;
use crate::engine::options::{self, Protocol};
use crate::engine::strength::FULL_LEVEL;
use crate::engine::{Engine, VariantKind};
use crate::variants::chess::Chess;
use crate::variants::verdict::Verdict;
use crate::variants::Variant;
use crate::with_game;
use search::Purpose;
pub use search::SearchNote;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use timur_search::{Color, Game, Limits, MoveList};

/// Where a session reads the present time: [`Instant::now`], or a clock a
/// test moves by hand.
pub type Now = Arc<dyn Fn() -> Instant + Send + Sync>;

/// A tab's session.
pub struct Session {
    engine: Engine,
    start: Option<String>,
    line: Vec<String>,
    ply: usize,
    sides: Sides,
    limits: Limits,
    analysing: bool,
    multipv: usize,
    running: Option<Purpose>,
    generation: u64,
    notes: Arc<Mutex<Sender<SearchNote>>>,
    /// The clocks of a timed game.
    clocks: Option<Clocks>,
    /// A flag fall: the ply it fell at and the verdict.
    timeout: Option<(usize, Verdict)>,
    evals: Evals,
    /// The time each mover had left after each move of the line.
    clock_log: Vec<Option<Duration>>,
    /// The running search's position (plies of the line) and its root
    /// lines so far, by MultiPV index: each line's move and evaluation (a
    /// weakened engine may play another line than the first).
    search_ply: usize,
    root_lines: Vec<(String, EvalView)>,
    now: Now,
    /// The game review under way.
    review: Option<review::Review>,
    /// Whether the line was reviewed to its end (since it last changed).
    reviewed: bool,
    /// Each move's mark from the review.
    marks: Vec<Option<Mark>>,
}

impl Session {
    /// A chess game at the start, engine playing Black at depth 6; search
    /// events go to `notes`.
    pub fn new(notes: Sender<SearchNote>) -> Session {
        Session::with_time(notes, Arc::new(Instant::now))
    }

    /// [`Session::new`], reading the time from `now`.
    pub fn with_time(notes: Sender<SearchNote>, now: Now) -> Session {
        let mut engine = Engine::new();
        // Searches report win/draw/loss chances where the game has a model
        // (the evaluation bar shows them).
        let _ = options::set(&mut engine, Protocol::Uci, "UCI_ShowWDL", Some("true"));
        Session {
            engine,
            start: None,
            line: Vec::new(),
            ply: 0,
            sides: Sides::Black,
            limits: Limits {
                depth: Some(6),
                ..Limits::default()
            },
            analysing: false,
            multipv: 1,
            running: None,
            generation: 0,
            notes: Arc::new(Mutex::new(notes)),
            clocks: None,
            timeout: None,
            evals: Evals::default(),
            clock_log: Vec::new(),
            search_ply: 0,
            root_lines: Vec::new(),
            now,
            review: None,
            reviewed: false,
            marks: Vec::new(),
        }
    }

    /// The state the page starts with.
    pub fn hello(&self) -> Vec<ServerMsg> {
        vec![self.state()]
    }

    /// Handles one message text from the page. A malformed or refused
    /// message gets one [`ServerMsg::Error`] and changes nothing.
    pub fn handle(&mut self, text: &str) -> Vec<ServerMsg> {
        let result = parse(text).and_then(|msg| self.apply(msg));
        match result {
            Ok(replies) => replies,
            Err(message) => vec![ServerMsg::Error { message }],
        }
    }

    fn apply(&mut self, msg: ClientMsg) -> Result<Vec<ServerMsg>, String> {
        match msg {
            ClientMsg::New {
                variant,
                fen,
                number,
            } => self.new_game(&variant, fen, number),
            ClientMsg::Move { text } => {
                if self.result().is_some() {
                    return Err(format!("move `{text}`: the game is over"));
                }
                let now = self.now();
                if self.flag_fall(now) {
                    return Ok(vec![self.state()]);
                }
                let mover = self.engine.side_to_move();
                self.play(&text)?;
                self.press(mover, now);
                Ok(self.changed(true))
            }
            ClientMsg::Undo => match self.ply.checked_sub(1) {
                Some(ply) => self.jump(ply),
                None => Err("nothing to undo".into()),
            },
            ClientMsg::Redo if self.ply == self.line.len() => Err("nothing to redo".into()),
            ClientMsg::Redo => self.jump(self.ply + 1),
            ClientMsg::Jump { ply } => self.jump(ply),
            ClientMsg::Engine {
                sides,
                depth,
                movetime_ms,
            } => self.set_engine(sides, depth, movetime_ms),
            ClientMsg::Level { elo, skill } => self.set_level(elo, skill),
            ClientMsg::Clock { white, black } => self.set_clocks(white, black),
            ClientMsg::Pause => self.pause(),
            ClientMsg::Resume => self.resume(),
            ClientMsg::Hint => {
                if self.result().is_some() {
                    return Err("the game is over".into());
                }
                if self.running == Some(Purpose::Play) {
                    return Err("the engine is thinking on its move".into());
                }
                self.start_search(Purpose::Hint)?;
                Ok(vec![self.state()])
            }
            ClientMsg::Go => {
                if self.result().is_some() {
                    return Err("the game is over".into());
                }
                self.run_clock();
                self.start_search(Purpose::Play)?;
                Ok(vec![self.state()])
            }
            ClientMsg::Analyse { on, multipv } => self.set_analysis(on, multipv),
            ClientMsg::Review { nodes } => self.start_review(nodes),
            ClientMsg::Stop => {
                self.engine.stop();
                Ok(Vec::new())
            }
            ClientMsg::Position { fen } => {
                self.reset(self.engine.kind(), Some(fen), Vec::new())?;
                Ok(self.changed(false))
            }
            ClientMsg::SavePgn => {
                let notes: Vec<MoveNotes> = (0..self.ply)
                    .map(|i| MoveNotes {
                        eval: self.evals.get(i + 1).cloned(),
                        clock: self.clock_log.get(i).copied().flatten(),
                        mark: self.marks.get(i).copied().flatten(),
                    })
                    .collect();
                Ok(vec![ServerMsg::Pgn {
                    text: pgn::write(
                        self.engine.kind(),
                        self.start.as_deref(),
                        &self.line[..self.ply],
                        &notes,
                        self.result().map(|r| r.result).as_deref(),
                    ),
                }])
            }
            ClientMsg::LoadPgn { pgn: text } => {
                let game = pgn::read(&text)?;
                self.reset(game.variant, game.fen, game.moves)?;
                for (i, notes) in game.notes.into_iter().enumerate() {
                    if let Some(eval) = notes.eval {
                        self.evals.record(i + 1, eval);
                    }
                    self.clock_log.push(notes.clock);
                    self.marks.push(notes.mark);
                }
                Ok(self.changed(false))
            }
        }
    }

    /// A new game of `variant`: from `fen`, or Chess960 array `number`
    /// (random without one), or the start; the table is cleared.
    fn new_game(
        &mut self,
        variant: &str,
        fen: Option<String>,
        number: Option<u32>,
    ) -> Result<Vec<ServerMsg>, String> {
        let kind: VariantKind = variant.parse()?;
        let fen = match (fen, kind, number) {
            (Some(fen), _, _) => Some(fen),
            (None, VariantKind::Chess960, n) => Some(chess960_fen(n)?),
            (None, _, Some(_)) => return Err("`number` is for chess960 only".into()),
            (None, _, None) => None,
        };
        self.reset(kind, fen, Vec::new())?;
        self.run_clock();
        self.engine.clear_hash();
        Ok(self.changed(true))
    }

    /// Shows the line at `ply` (undo, redo, a click on a move).
    fn jump(&mut self, ply: usize) -> Result<Vec<ServerMsg>, String> {
        if ply > self.line.len() {
            return Err(format!("no ply {ply}: the line has {}", self.line.len()));
        }
        self.goto(ply)?;
        Ok(self.changed(false))
    }

    /// Which sides the engine plays, and its depth or time per move.
    fn set_engine(
        &mut self,
        sides: Sides,
        depth: Option<u32>,
        movetime_ms: Option<u64>,
    ) -> Result<Vec<ServerMsg>, String> {
        if depth == Some(0) || movetime_ms == Some(0) {
            return Err("depth and time must be positive".into());
        }
        if depth.is_none() && movetime_ms.is_none() {
            return Err("give a depth or a time per move".into());
        }
        self.sides = sides;
        self.limits = Limits {
            depth: depth.map(|d| d.min(64)),
            movetime: movetime_ms.map(Duration::from_millis),
            ..Limits::default()
        };
        Ok(self.changed(true))
    }

    /// The engine's strength, set through its options as a GUI would set
    /// them (`UCI_LimitStrength`, `UCI_Elo`, `Skill Level`): an Elo, a skill
    /// level, or full strength when neither is given.
    fn set_level(
        &mut self,
        elo: Option<u32>,
        skill: Option<u32>,
    ) -> Result<Vec<ServerMsg>, String> {
        let settings: Vec<(&str, String)> = match (elo, skill) {
            (Some(_), Some(_)) => return Err("give an Elo or a skill level, not both".into()),
            (Some(elo), None) => vec![
                ("Skill Level", "20".into()),
                ("UCI_Elo", elo.to_string()),
                ("UCI_LimitStrength", "true".into()),
            ],
            (None, Some(level)) => vec![
                ("UCI_LimitStrength", "false".into()),
                ("Skill Level", level.to_string()),
            ],
            (None, None) => vec![
                ("UCI_LimitStrength", "false".into()),
                ("Skill Level", "20".into()),
            ],
        };
        for (name, value) in settings {
            options::set(&mut self.engine, Protocol::Uci, name, Some(&value))
                .unwrap_or_else(|| Err(format!("no option {name}")))?;
        }
        Ok(self.changed(true))
    }

    /// The strength the engine's options hold now.
    fn level_view(&self) -> LevelView {
        let strength = self.engine.options().strength;
        LevelView {
            elo: strength.limit_strength.then_some(strength.elo),
            skill: (!strength.limit_strength && strength.skill_level < FULL_LEVEL)
                .then_some(strength.skill_level),
        }
    }

    /// Analysis on or off, with 1 to 3 lines.
    fn set_analysis(&mut self, on: bool, multipv: Option<usize>) -> Result<Vec<ServerMsg>, String> {
        let lines = multipv.unwrap_or(self.multipv);
        if !(1..=3).contains(&lines) {
            return Err(format!("multipv {lines}: 1 to 3 lines"));
        }
        self.multipv = lines;
        self.analysing = on;
        Ok(self.changed(false))
    }

    /// Plays `text` at the cursor; the moves after it are dropped.
    fn play(&mut self, text: &str) -> Result<(), String> {
        self.halt();
        self.engine.play_move(text)?;
        if self.timeout.is_some_and(|(ply, _)| ply > self.ply) {
            self.timeout = None;
        }
        self.evals.truncate(self.ply);
        self.marks.truncate(self.ply);
        self.reviewed = false;
        self.clock_log.truncate(self.ply);
        self.line.truncate(self.ply);
        self.line.push(text.to_string());
        self.ply += 1;
        Ok(())
    }

    /// Moves the cursor to `ply`; the clocks stop.
    fn goto(&mut self, ply: usize) -> Result<(), String> {
        self.halt();
        let now = self.now();
        if let Some(clocks) = &mut self.clocks {
            clocks.stop(now);
        }
        self.engine
            .set_position(self.start.as_deref(), &self.line[..ply])?;
        self.ply = ply;
        Ok(())
    }

    /// A new line of `kind` from `fen` with `line` played, the clocks full
    /// and stopped (a new game starts them; a loaded game or a pasted
    /// position waits for `resume`, as the engine does); on error nothing
    /// changes.
    fn reset(
        &mut self,
        kind: VariantKind,
        fen: Option<String>,
        line: Vec<String>,
    ) -> Result<(), String> {
        self.halt();
        let old_kind = self.engine.kind();
        self.engine.set_variant(kind)?;
        if let Err(why) = self.engine.set_position(fen.as_deref(), &line) {
            self.engine.set_variant(old_kind)?;
            self.engine
                .set_position(self.start.as_deref(), &self.line[..self.ply])?;
            return Err(why);
        }
        self.ply = line.len();
        self.line = line;
        self.start = fen;
        self.evals.clear();
        self.marks.clear();
        self.reviewed = false;
        self.clock_log.clear();
        self.timeout = None;
        self.reset_clocks();
        Ok(())
    }

    /// After a change: the engine moves if it plays the side to move,
    /// `may_play` (not while browsing the line) and its clock runs (in a
    /// timed game), analysis restarts; then the new state.
    fn changed(&mut self, may_play: bool) -> Vec<ServerMsg> {
        self.halt();
        if self.result().is_none() {
            let engine_to_move = match self.engine.side_to_move() {
                Color::White => matches!(self.sides, Sides::White | Sides::Both),
                Color::Black => matches!(self.sides, Sides::Black | Sides::Both),
            };
            let purpose = if may_play && engine_to_move && self.clock_runs() {
                Some(Purpose::Play)
            } else if self.analysing {
                Some(Purpose::Analyse)
            } else {
                None
            };
            if let Some(purpose) = purpose {
                if let Err(message) = self.start_search(purpose) {
                    return vec![self.state(), ServerMsg::Error { message }];
                }
            }
        }
        vec![self.state()]
    }

    /// The rules' verdict on the position at the cursor.
    fn result(&self) -> Option<ResultView> {
        let timeout = self.timeout.filter(|&(ply, _)| ply == self.ply);
        let verdict = match timeout {
            Some((_, verdict)) => verdict,
            None => self.engine.game().verdict()?,
        };
        Some(ResultView {
            result: verdict.result_text().to_string(),
            reason: verdict.to_string(),
        })
    }

    /// The game as the page draws it.
    pub fn state(&self) -> ServerMsg {
        let result = self.result();
        let notation = self.engine.notation();
        let legal = if result.is_some() {
            Vec::new()
        } else {
            with_game!(self.engine.game(), state => {
                let pos = state.position();
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                list.iter()
                    .filter_map(|&mv| moves::split(&pos.format_move(mv, notation)))
                    .collect()
            })
        };
        let (start_fen, fens) = with_game!(self.engine.game(), state => {
            let mut pos = state.start().clone();
            let mut fens = vec![pos.to_fen()];
            for text in &self.line {
                match pos.parse_move(text, notation) {
                    Ok(mv) => pos.make_move(mv),
                    Err(_) => break,
                }
                fens.push(pos.to_fen());
            }
            (state.start().to_fen(), fens)
        });
        ServerMsg::State(StateView {
            variant: self.engine.kind().name().to_string(),
            start_fen,
            fen: self.engine.fen(),
            moves: self.line.clone(),
            ply: self.ply,
            side: match self.engine.side_to_move() {
                Color::White => "white",
                Color::Black => "black",
            }
            .to_string(),
            legal,
            result,
            thinking: self.running == Some(Purpose::Play),
            analysing: self.running == Some(Purpose::Analyse),
            fens,
            evals: self.evals.view(self.line.len()),
            marks: (0..self.line.len())
                .map(|i| self.marks.get(i).copied().flatten())
                .collect(),
            review: self.review_view(),
            clock: self.clocks.as_ref().map(|c| ClockView::of(c, self.now())),
            level: self.level_view(),
        })
    }
}

impl Drop for Session {
    /// A closed tab stops its search.
    fn drop(&mut self) {
        self.stop_review();
        self.engine.stop_and_wait();
    }
}

/// The Chess960 start array `number`, or a random one.
fn chess960_fen(number: Option<u32>) -> Result<String, String> {
    let n = number.unwrap_or_else(|| {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        nanos % 960
    });
    Chess::chess960_start(n)
        .map(|pos| pos.to_fen())
        .ok_or_else(|| format!("chess960 start {n}: numbers run 0..959"))
}
