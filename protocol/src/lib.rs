//! `timur-protocol`: the UCI, UCCI and XBoard/CECP dialects of the `timur`
//! engine. Each dialect module parses one input line into a typed command
//! (`parse_uci`, `parse_ucci`, `parse_xboard`) and formats reply lines.
//!
//! The crate knows no game: moves and positions are plain text here, so
//! `a10j9` (Tamerlane), `S@c1` (drops), `h2e2` (xiangqi) and FENs with any
//! number of fields pass through untouched. Parsers never panic; errors are
//! messages naming the bad token, for the engine to report on the dialect's
//! diagnostic channel (`info string`, `info message`, `Error (…): …`). A
//! `go` is never rejected (a GUI waits for its answer): bad tokens are
//! skipped, numbers clamped, and the repairs listed in its `notes`.
//! Formatting functions return one line without the newline; text from
//! outside (names, messages) has its line breaks replaced by spaces.
//!
//! ```
//! use timur_protocol::{parse_uci, uci, GoParams, UciCommand};
//!
//! let cmd = parse_uci("position startpos moves e2e4 e7e5").unwrap();
//! assert_eq!(
//!     cmd,
//!     UciCommand::Position { fen: None, moves: vec!["e2e4".into(), "e7e5".into()] }
//! );
//! let go = parse_uci("go wtime 60000 btime 60000 winc 1000").unwrap();
//! assert_eq!(
//!     go,
//!     UciCommand::Go(GoParams {
//!         wtime: Some(60000),
//!         btime: Some(60000),
//!         winc: Some(1000),
//!         ..GoParams::default()
//!     })
//! );
//! let Ok(UciCommand::Go(go)) = parse_uci("go depth x") else { unreachable!() };
//! assert_eq!(go.notes, ["`x` after `depth` is not a valid number"]);
//! assert_eq!(uci::bestmove_line(Some("g1f3"), None), "bestmove g1f3");
//! ```
#![deny(missing_docs)]

mod info;
mod option;
mod tokens;
pub mod ucci;
pub mod uci;
pub mod xboard;

pub use info::{BoundText, InfoLine, ScoreText};
pub use option::OptionSpec;
pub use ucci::{parse_ucci, UcciCommand};
pub use uci::{parse_uci, GoParams, UciCommand};
pub use xboard::{parse_xboard, GameResult, XboardCommand};
