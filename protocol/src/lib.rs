//! `timur-protocol`: the UCI, UCCI and XBoard/CECP dialects of the `timur`
//! engine. Each dialect module parses one input line into a typed command
//! (`parse_uci`, `parse_ucci`, `parse_xboard`) and formats reply lines.
//!
//! The crate knows no game: moves and positions are plain text here, so
//! `a10j9` (Tamerlane), `S@c1` (drops), `h2e2` (xiangqi) and FENs with any
//! number of fields pass through untouched. Parsers never panic; errors are
//! messages naming the bad token, for the engine to report on the dialect's
//! diagnostic channel (`info string`, `info message`, `Error (…): …`).
//! Formatting functions return one line without the newline; text from
//! outside (names, messages) has its line breaks replaced by spaces.
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
