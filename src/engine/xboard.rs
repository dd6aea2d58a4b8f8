//! The XBoard / CECP version 2 loop: reads commands, drives the [`Engine`],
//! writes replies.
//!
//! One thread reads stdin and turns each line into an [`Event`]; the search
//! runs on its own thread and reports its move as an event too. The loop
//! handles events in arrival order, so `?`, `ping`, `force`, `exit` and
//! `quit` are answered while the engine thinks. Thinking output (`post`) is
//! written by the search thread as it comes.
//!
//! States, as the spec has them: *force* (record moves only), *playing*
//! (the engine plays `engine_side` and thinks when that side is to move),
//! *analyzing* (search the current position without end; moves, `undo`,
//! `new` and `setboard` restart the analysis). A `ping` that arrives while
//! the engine thinks on its own move is answered after the move, as the
//! spec requires; while analyzing or pondering it is answered at once.
//!
//! Pondering (`hard`): after its move the engine plays the reply it expects
//! on its board and searches on. If the user plays that reply the search
//! goes on as the engine's own (a ponder hit); any other command first
//! takes the guessed reply back.
//!
//! `hint` answers the reply the engine expects (while pondering, its
//! guess), or else runs a short search. `quit` while the engine thinks on
//! its own move stops it and still sends the move (so a `?` just before is
//! not lost), as UCI's `bestmove` follows `quit`.

mod board;
mod clock;
mod end;

pub use end::result_line_of;

use clock::TimeControl;

use super::input::read_line;
use super::options::{self, Protocol};
use super::output::send;
use super::uci::{info_line_of, ENGINE_NAME};
use super::{Engine, GoRequest, PerftEvent, SearchEvent, VariantKind};
use crate::perft::capped_depth;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use timur_protocol::xboard::{
    comment_line, error_line, feature_lines, hint_line, illegal_move_line, move_line, parse_xboard,
    pong_line, thinking_line,
};
use timur_protocol::XboardCommand as X;
use timur_search::{Color, Limits};

/// Longest piece of a bad command echoed back in an `Error` line.
const ECHO_LIMIT: usize = 200;
/// The node budget of the search behind a `hint`.
const HINT_NODES: u64 = 100_000;

/// Something the loop has to handle.
#[derive(Debug)]
enum Event {
    /// A line from the GUI.
    Line(String),
    /// The GUI closed its end of the pipe.
    Eof,
    /// Search `id` finished; `best` is its move (`None`: no legal move).
    SearchDone {
        /// Which search.
        id: u64,
        /// The move, in the engine's notation.
        best: Option<String>,
        /// The reply the engine expects.
        ponder: Option<String>,
    },
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's own move: its result is played.
    Move,
    /// Analyze mode: the result is ignored.
    Analysis,
    /// Pondering on the expected reply: becomes `Move` on a ponder hit.
    Ponder,
    /// A short search for `hint`: its move is the hint.
    Hint,
}

/// The reply the engine ponders on, already played on its board.
#[derive(Clone, Debug)]
struct Guess {
    /// In the engine's notation.
    text: String,
    /// As XBoard writes it (`O-O` in Fischer Random).
    wire: String,
}

/// An XBoard session: the engine plus the protocol's state.
struct Session<'a> {
    engine: &'a mut Engine,
    events: Sender<Event>,
    /// Where `events` arrive.
    inbox: Receiver<Event>,
    /// Force mode: play neither side.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Color,
    analyzing: bool,
    /// `post`: send thinking output.
    post: Arc<AtomicBool>,
    time: TimeControl,
    /// The running search, if any: its id and purpose.
    search: Option<(u64, Purpose)>,
    next_id: u64,
    /// `ping`s received while thinking on a move, answered after it.
    pending_pongs: Vec<String>,
    /// The last `setboard` was refused: moves are illegal until a good
    /// position arrives.
    invalid_position: bool,
    /// `hard`: ponder after each move.
    ponder: bool,
    /// The guessed reply while pondering.
    guess: Option<Guess>,
    /// The last hint found and the position (text) it is for.
    hint: Option<(String, String)>,
}

impl<'a> Session<'a> {
    /// A session on `engine`; search results are sent to `events`, which
    /// arrive at `inbox` with the GUI's lines.
    fn new(engine: &'a mut Engine, events: Sender<Event>, inbox: Receiver<Event>) -> Session<'a> {
        Session {
            engine,
            events,
            inbox,
            force: false,
            engine_side: Color::Black,
            analyzing: false,
            post: Arc::new(AtomicBool::new(false)),
            time: TimeControl::default(),
            search: None,
            next_id: 0,
            pending_pongs: Vec::new(),
            invalid_position: false,
            ponder: false,
            guess: None,
            hint: None,
        }
    }

    /// Handles one event; returns false when the session is over (`quit`
    /// or the end of input).
    fn handle(&mut self, event: Event) -> bool {
        let running = match event {
            Event::Line(line) => self.handle_line(&line),
            Event::Eof => false,
            Event::SearchDone { id, best, ponder } => {
                self.search_done(id, best, ponder);
                true
            }
        };
        if !running {
            self.deliver_owed_move();
            self.discard_search();
        }
        if !self.thinking_on_move() {
            for n in std::mem::take(&mut self.pending_pongs) {
                send(&pong_line(&n));
            }
        }
        running
    }

    fn thinking_on_move(&self) -> bool {
        matches!(self.search, Some((_, Purpose::Move)))
    }

    /// Handles one line from the GUI; false on `quit`.
    fn handle_line(&mut self, line: &str) -> bool {
        if line.trim().is_empty() {
            return true;
        }
        let command = match parse_xboard(line) {
            Ok(command) => command,
            Err(why) => {
                send(&error(&why, line));
                return true;
            }
        };
        if command == X::Quit {
            return false;
        }
        if let Err(why) = self.execute(command) {
            send(&error(&why, line));
        }
        true
    }

    /// Carries out one command; an error becomes an `Error` line.
    fn execute(&mut self, command: X) -> Result<(), String> {
        if self.guess.is_some() && !keeps_pondering(&command) {
            self.discard_search();
        }
        match command {
            X::Xboard | X::Accepted(_) | X::Rejected(_) | X::Quit => {}
            X::Protover(_) => self.features(),
            X::New => self.new_game(),
            X::Variant(name) => self.variant(&name)?,
            X::SetBoard(fen) => self.set_board(&fen),
            X::UserMove(text) | X::Move(text) => self.user_move(&text),
            X::Go => {
                self.leave_analysis();
                self.force = false;
                self.engine_side = self.engine.side_to_move();
                self.think();
            }
            X::PlayOther => {
                self.leave_analysis();
                self.discard_search();
                self.force = false;
                self.engine_side = self.engine.side_to_move().flip();
            }
            X::Force => {
                self.leave_analysis();
                self.discard_search();
                self.force = true;
            }
            X::Level {
                moves,
                base_ms,
                increment_ms,
            } => {
                let done = self.moves_done();
                self.time.set_level(moves, base_ms, increment_ms, done);
            }
            X::St { ms } => self.time.set_move_time(ms),
            X::Sd(depth) => self.time.set_depth(depth),
            X::Perft(depth) => self.perft(depth)?,
            X::Time { centiseconds } => self.time.set_engine_time(centiseconds),
            // The opponent's clock does not change how long the engine
            // thinks.
            X::Otim { .. } => {}
            // Ends the engine's move search, or a perft (no search of the
            // session's is running then).
            X::MoveNow => {
                if self.thinking_on_move() {
                    self.engine.stop();
                } else if self.search.is_none() {
                    self.engine.stop_and_wait();
                }
            }
            X::Ping(n) => self.pending_pongs.push(n),
            // Draw offers are declined by ignoring them.
            X::Draw => {}
            X::Result { .. } => {
                self.leave_analysis();
                self.discard_search();
                self.force = true;
            }
            X::Undo => self.take_back(1)?,
            X::Remove => self.take_back(2)?,
            X::Hard => self.ponder = true,
            X::Easy => self.ponder = false,
            X::Post => self.post.store(true, Ordering::Relaxed),
            X::NoPost => self.post.store(false, Ordering::Relaxed),
            X::Analyze => {
                self.discard_search();
                self.force = true;
                self.analyzing = true;
                self.analyze();
            }
            X::Exit => self.leave_analysis(),
            // No `stat01` status lines; the GUI then stops asking.
            X::StatusUpdate => {}
            X::Memory(mib) => {
                self.native_option("memory", i64::try_from(mib).unwrap_or(i64::MAX))?
            }
            X::Cores(n) => self.native_option("cores", i64::from(n))?,
            // Syzygy tables, as the `SyzygyPath` option; other formats are
            // not read.
            X::EgtPath { kind, path } => {
                if kind.eq_ignore_ascii_case("syzygy") {
                    let outcome =
                        options::set(self.engine, Protocol::Xboard, "SyzygyPath", Some(&path));
                    self.report_note(outcome.unwrap_or(Ok(None))?);
                    self.resume_analysis();
                }
            }
            // Information the engine has no use for.
            X::Name(_) | X::Rating { .. } | X::Computer | X::Random | X::Bk => {}
            X::Hint => self.hint(),
            // Unknown names are ignored.
            X::Option { name, value } => {
                if let Some(outcome) =
                    options::set(self.engine, Protocol::Xboard, &name, value.as_deref())
                {
                    self.report_note(outcome?);
                    self.resume_analysis();
                }
            }
            X::White | X::Black => {
                return Err("obsolete command; use setboard (feature colors=0)".to_owned())
            }
        }
        Ok(())
    }

    /// `protover`: every feature in one line, `done=1` last.
    fn features(&self) {
        let names: Vec<&str> = VariantKind::ALL
            .iter()
            .map(|&kind| kind.xboard_name())
            .collect();
        let natives = options::xboard_features();
        let listing = options::listing(Protocol::Xboard);
        for line in feature_lines(ENGINE_NAME, &names, &natives, &["syzygy"], &listing) {
            send(&line);
        }
    }

    /// `memory` / `cores`: the table's option behind the command, set to
    /// `n` clamped to its range; a running analysis restarts.
    fn native_option(&mut self, command: &str, n: i64) -> Result<(), String> {
        if let Some(outcome) = options::set_by_command(self.engine, command, n) {
            self.report_note(outcome?);
        }
        self.resume_analysis();
        Ok(())
    }

    /// Tells the GUI what setting an option noted, as a comment.
    fn report_note(&self, note: Option<String>) {
        if let Some(note) = note {
            send(&comment_line(&note));
        }
    }

    /// `new`: standard chess from the start, engine plays Black, not in
    /// force mode, no depth cap; analysis goes on if it was on.
    fn new_game(&mut self) {
        self.discard_search();
        if let Err(why) = self.engine.set_variant(VariantKind::Chess) {
            send(&error(&why, "new"));
        }
        self.engine.new_game();
        self.time.new_game();
        self.force = false;
        self.engine_side = Color::Black;
        self.invalid_position = false;
        if self.analyzing {
            self.analyze();
        }
    }

    /// `variant`: the named game from its start position.
    fn variant(&mut self, name: &str) -> Result<(), String> {
        let kind = name.parse::<VariantKind>()?;
        self.discard_search();
        self.engine.set_variant(kind)?;
        self.invalid_position = false;
        if let Some(setup) = board::setup_line(kind) {
            send(&setup);
        }
        if self.analyzing {
            self.analyze();
        }
        Ok(())
    }

    /// `setboard`: a refused position makes every move illegal until the
    /// next `new`, `variant` or good `setboard` (the spec's advice). In the
    /// games XBoard shows by `setup`, its own FEN is understood when it
    /// shows a position the engine knows ([`board::recognise`]).
    fn set_board(&mut self, fen: &str) {
        self.discard_search();
        let mut result = self.engine.set_position(Some(fen), &[] as &[&str]);
        if result.is_err() {
            let known = board::known_positions(self.engine.kind(), self.engine.game());
            if let Some(native) = board::recognise(self.engine.game(), fen, &known) {
                result = self.engine.set_position(Some(&native), &[] as &[&str]);
            }
        }
        match result {
            Ok(notes) => {
                for note in notes {
                    send(&comment_line(&note));
                }
                self.invalid_position = false;
                self.time.restart_move_count();
                if self.analyzing {
                    self.analyze();
                }
            }
            Err(why) => {
                self.invalid_position = true;
                send(&format!(
                    "tellusererror Illegal position: {}",
                    echo(&why.replace('\n', " "))
                ));
            }
        }
    }

    /// The engine's notation for a move XBoard sent.
    fn engine_text(&self, text: &str) -> String {
        board::from_wire(self.engine.game(), text, self.engine.notation())
    }

    /// The text XBoard expects for the engine's move `text`.
    fn wire_text(&self, text: &str) -> String {
        board::to_wire(self.engine.game(), text, self.engine.notation())
    }

    /// A move from the GUI: play it, report a finished game, or start
    /// thinking if it is now the engine's turn.
    fn user_move(&mut self, text: &str) {
        if self.invalid_position {
            send(&illegal_move_line(echo(text), Some("no valid position")));
            return;
        }
        if let Some(guess) = self.guess.take() {
            if text == guess.wire || text == guess.text {
                // Ponder hit: the search goes on as the engine's own.
                self.engine.ponderhit();
                if let Some((id, _)) = self.search {
                    self.search = Some((id, Purpose::Move));
                }
                return;
            }
            self.guess = Some(guess);
        }
        self.discard_search();
        let internal = self.engine_text(text);
        let played = self.engine.play_move(&internal).is_ok()
            || board::without_promotion(self.engine.game(), &internal)
                .is_some_and(|plain| self.engine.play_move(plain).is_ok());
        if !played {
            send(&illegal_move_line(echo(text), None));
            if self.analyzing {
                self.analyze();
            }
            return;
        }
        if self.analyzing {
            self.analyze();
        } else if !self.report_end()
            && !self.force
            && self.engine.side_to_move() == self.engine_side
        {
            self.think();
        }
    }

    /// `undo` (1) or `remove` (2): take back plies; nothing changes if
    /// there are fewer.
    fn take_back(&mut self, plies: usize) -> Result<(), String> {
        if self.engine.plies_played() < plies {
            return Err("no move to take back".to_owned());
        }
        self.discard_search();
        for _ in 0..plies {
            self.engine.undo_move();
        }
        if self.analyzing {
            self.analyze();
        }
        Ok(())
    }

    /// Sends the result line if the game is over; true if it is.
    fn report_end(&self) -> bool {
        match self.engine.game().verdict() {
            Some(verdict) => {
                send(&result_line_of(&verdict));
                true
            }
            None => false,
        }
    }

    /// Moves made so far by the side to move (for `level` controls).
    fn moves_done(&self) -> u32 {
        u32::try_from(self.engine.plies_played() / 2).unwrap_or(u32::MAX)
    }

    /// Starts thinking on the engine's move (or reports the game's end).
    fn think(&mut self) {
        if self.invalid_position {
            send(&error_line("no valid position", "go"));
            return;
        }
        if self.report_end() {
            return;
        }
        let limits = self.time.limits(self.moves_done());
        self.start_search(limits, Purpose::Move);
    }

    /// (Re)starts the analysis of the current position.
    fn analyze(&mut self) {
        self.discard_search();
        if self.invalid_position || self.engine.game().verdict().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(limits, Purpose::Analysis);
    }

    fn start_search(&mut self, limits: Limits, purpose: Purpose) {
        self.next_id += 1;
        let id = self.next_id;
        let events = self.events.clone();
        let post = Arc::clone(&self.post);
        let always_post = purpose == Purpose::Analysis;
        let never_post = purpose == Purpose::Hint;
        let to_wire = board::squares_to_wire(self.engine.game());
        let callback = move |event: SearchEvent| match event {
            SearchEvent::Info(info) => {
                if !never_post && (always_post || post.load(Ordering::Relaxed)) {
                    let mut line = info_line_of(&info);
                    for mv in &mut line.pv {
                        *mv = to_wire(mv);
                    }
                    send(&thinking_line(&line));
                }
            }
            SearchEvent::CurrMove { .. } => {}
            SearchEvent::Done(best) => {
                let _ = events.send(Event::SearchDone {
                    id,
                    best: best.best,
                    ponder: best.ponder,
                });
            }
        };
        let request = GoRequest {
            limits,
            ..GoRequest::default()
        };
        self.search = Some((id, purpose));
        for note in self.engine.go(request, Arc::new(callback)) {
            send(&error(&note, "go"));
        }
    }

    /// Stops the running search, if any, and forgets its result; takes a
    /// guessed reply back.
    fn discard_search(&mut self) {
        // Also ends a perft, which the session does not track.
        self.search = None;
        self.engine.stop_and_wait();
        if self.guess.take().is_some() {
            self.engine.undo_move();
        }
    }

    /// `perft N`: the divide as comment lines, counted off the loop (`?`,
    /// `force`, `new`, `quit` end it; `ping` is answered meanwhile).
    fn perft(&mut self, depth: u64) -> Result<(), String> {
        self.leave_analysis();
        self.discard_search();
        let (depth, note) = capped_depth(depth);
        if let Some(note) = note {
            send(&comment_line(&note));
        }
        self.engine.perft(
            depth,
            Arc::new(|event: PerftEvent| {
                for line in event.lines(str::to_owned) {
                    send(&comment_line(&line));
                }
            }),
        )
    }

    /// Restarts the analysis after something stopped it.
    fn resume_analysis(&mut self) {
        if self.analyzing {
            self.analyze();
        }
    }

    /// After the engine's move: play the expected reply and search on.
    fn start_pondering(&mut self, reply: Option<String>) {
        let Some(text) = reply else { return };
        if !self.ponder || self.force || self.analyzing {
            return;
        }
        let wire = self.wire_text(&text);
        if self.engine.play_move(&text).is_err() {
            return;
        }
        if self.engine.game().verdict().is_some() {
            self.engine.undo_move();
            return;
        }
        let limits = Limits {
            ponder: true,
            ..self.time.limits(self.moves_done())
        };
        self.start_search(limits, Purpose::Ponder);
        if self.search.is_some() {
            self.guess = Some(Guess { text, wire });
        } else {
            self.engine.undo_move();
        }
    }

    fn leave_analysis(&mut self) {
        if self.analyzing {
            self.analyzing = false;
            self.discard_search();
        }
    }

    /// A search finished: play and announce the engine's move if it is the
    /// one the session waits for, or give the hint it was for.
    fn search_done(&mut self, id: u64, best: Option<String>, ponder: Option<String>) {
        if self.search == Some((id, Purpose::Hint)) {
            self.search = None;
            self.engine.wait();
            if let Some(text) = best {
                self.give_hint(self.wire_text(&text));
            }
            return;
        }
        if self.search != Some((id, Purpose::Move)) {
            return;
        }
        self.search = None;
        self.engine.wait();
        let Some(text) = best else {
            self.report_end();
            return;
        };
        let wire = self.wire_text(&text);
        match self.engine.play_move(&text) {
            Ok(()) => {
                send(&move_line(&wire));
                self.hint = ponder
                    .as_ref()
                    .map(|reply| (self.engine.fen(), self.wire_text(reply)));
                if !self.report_end() {
                    self.start_pondering(ponder);
                }
            }
            Err(why) => send(&error(&why, &text)),
        }
    }

    /// `hint`: the guess being pondered on, the reply the last search
    /// expected here, or (if nothing runs) the move of a short search.
    fn hint(&mut self) {
        if let Some(guess) = &self.guess {
            send(&hint_line(&guess.wire));
            return;
        }
        let fen = self.engine.fen();
        if let Some((_, wire)) = self.hint.as_ref().filter(|(at, _)| *at == fen) {
            send(&hint_line(wire));
            return;
        }
        let over = self.invalid_position || self.engine.game().verdict().is_some();
        if self.search.is_none() && !over {
            let limits = Limits {
                nodes: Some(HINT_NODES),
                ..Limits::default()
            };
            self.start_search(limits, Purpose::Hint);
        }
    }

    /// Sends the hint `wire` for the current position and keeps it.
    fn give_hint(&mut self, wire: String) {
        send(&hint_line(&wire));
        self.hint = Some((self.engine.fen(), wire));
    }

    /// At `quit` or the end of input: a search on the engine's own move
    /// stops and its move is still played and sent.
    fn deliver_owed_move(&mut self) {
        let Some((id, Purpose::Move)) = self.search else {
            return;
        };
        self.ponder = false;
        self.engine.stop_and_wait();
        // The search has ended, so its result is already in the inbox.
        while let Ok(event) = self.inbox.try_recv() {
            if let Event::SearchDone {
                id: done,
                best,
                ponder,
            } = event
            {
                if done == id {
                    self.search_done(id, best, ponder);
                    return;
                }
            }
        }
    }
}

/// Whether `command` leaves a ponder search running: everything that does
/// not touch the position, the side the engine plays or the search setup.
/// (A move is handled by [`Session::user_move`]: a hit continues.)
fn keeps_pondering(command: &X) -> bool {
    matches!(
        command,
        X::Ping(_)
            | X::Post
            | X::NoPost
            | X::Hard
            | X::Time { .. }
            | X::Otim { .. }
            | X::Level { .. }
            | X::St { .. }
            | X::Sd(_)
            | X::Draw
            | X::MoveNow
            | X::StatusUpdate
            | X::UserMove(_)
            | X::Move(_)
            | X::Xboard
            | X::Protover(_)
            | X::Accepted(_)
            | X::Rejected(_)
            | X::Name(_)
            | X::Rating { .. }
            | X::Computer
            | X::Random
            | X::Hint
            | X::Bk
    )
}

/// `Error (<why>): <command>`, both cut to [`ECHO_LIMIT`] bytes.
fn error(why: &str, command: &str) -> String {
    error_line(echo(why), echo(command))
}

/// At most [`ECHO_LIMIT`] bytes of `text`, cut at a character boundary.
fn echo(text: &str) -> &str {
    let mut end = text.len().min(ECHO_LIMIT);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Runs the XBoard loop on stdin until `quit` or the end of input; `first`
/// is the line that chose the protocol (`xboard`).
pub fn run(engine: &mut Engine, first: String) {
    let (sender, receiver) = channel();
    let reader = sender.clone();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            while let Some(line) = read_line(&mut input) {
                if reader.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            let _ = reader.send(Event::Eof);
        });
    if let Err(why) = spawned {
        send(&error_line(&format!("cannot read input: {why}"), "xboard"));
        return;
    }
    let mut session = Session::new(engine, sender, receiver);
    if session.handle(Event::Line(first)) {
        session.serve();
    }
}

impl Session<'_> {
    /// Handles events until the session ends.
    fn serve(&mut self) {
        while let Ok(event) = self.inbox.recv() {
            if !self.handle(event) {
                break;
            }
        }
    }
}
