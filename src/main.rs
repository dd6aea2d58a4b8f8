//! The `timur` binary (the CLI is filled in by the foundation work).
fn main() {}
