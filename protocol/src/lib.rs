//! `timur-protocol`: UCI, UCCI and XBoard/CECP dialects. Parses a line into a
//! typed command and formats replies. Knows no game: moves and positions are
//! text here.
#![deny(missing_docs)]
