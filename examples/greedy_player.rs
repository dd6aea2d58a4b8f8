//! `cargo run --release --example greedy_player`: a 1-ply, material-only
//! UCI player for every game timur plays, the yardstick of issue #6 for
//! Tamerlane and Jasir (which have no outside engine).
//!
//! On `go` it plays a move that wins at once if there is one (the opponent
//! left without a move that the rules count as a loss, or a position the
//! rules end as a win), else the capture of the most valuable piece (the
//! game's own capture order: most valuable victim, least valuable
//! attacker), else a random move (seeded, so matches are reproducible).
//! It answers `uci`, `isready`, `setoption name UCI_Variant`, `ucinewgame`,
//! `position` and `go`; everything else is ignored.

use std::io::{BufRead, Write};
use timur::engine::{AnyGame, VariantKind};
use timur::rng::Rng;
use timur::variants::{Notation, Variant};
use timur::with_game;
use timur_search::{Game, MoveList, Outcome};

/// How good `mv` is for a 1-ply material player: an immediate win first,
/// then the value of what it takes.
fn move_value<G: Game>(pos: &G, mv: G::Move) -> i64 {
    let gain = if pos.is_tactical(mv) {
        i64::from(pos.tactical_order(mv))
    } else {
        0
    };
    let mut after = pos.clone();
    after.make_move(mv);
    let mut replies = MoveList::new();
    after.legal_moves(&mut replies);
    let opponent = match after.rule_outcome() {
        Some(outcome) => Some(outcome),
        None if replies.is_empty() => Some(after.no_moves_outcome()),
        None => None,
    };
    match opponent {
        Some(Outcome::Loss { .. }) => i64::MAX,
        Some(Outcome::Win { .. }) => i64::MIN,
        _ => gain,
    }
}

/// The greedy choice in `pos`, or `None` without a legal move.
fn choose<G: Variant>(pos: &G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let values: Vec<i64> = moves.iter().map(|&mv| move_value(pos, mv)).collect();
    let best = *values.iter().max()?;
    let tied: Vec<G::Move> = moves
        .iter()
        .zip(&values)
        .filter(|(_, &v)| v == best)
        .map(|(&mv, _)| mv)
        .collect();
    Some(tied[rng.below(tied.len() as u64) as usize])
}

/// `position startpos|fen F [moves …]` for `kind`.
fn read_position(kind: VariantKind, words: &[&str]) -> Result<AnyGame, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut game = match setup {
        ["startpos"] => AnyGame::start(kind),
        ["fen", fen @ ..] => AnyGame::from_fen(kind, &fen.join(" "))?,
        _ => return Err("expected startpos or fen".into()),
    };
    let notation = Notation {
        king_takes_rook: kind == VariantKind::Chess960,
        ranks_from_one: false,
    };
    with_game!(&mut game, state => {
        for text in moves {
            state.play_text(text, notation)?;
        }
    });
    Ok(game)
}

fn main() {
    let mut kind = VariantKind::Chess;
    let mut game = AnyGame::start(kind);
    let mut rng = Rng::new(0x5EED);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut reply = |text: String| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["uci"] => {
                reply("id name greedy (1-ply material)".into());
                reply("option name UCI_Variant type combo default chess var chess var chess960 var xiangqi var tamerlane var jasir var jarmo".into());
                reply("uciok".into());
            }
            ["isready"] => reply("readyok".into()),
            ["setoption", "name", "UCI_Variant", "value", name] => {
                if let Ok(k) = name.parse() {
                    kind = k;
                    game = AnyGame::start(kind);
                }
            }
            ["ucinewgame"] => game = AnyGame::start(kind),
            ["position", rest @ ..] => match read_position(kind, rest) {
                Ok(g) => game = g,
                Err(why) => reply(format!("info string error: {why}")),
            },
            ["go", ..] => {
                let notation = Notation {
                    king_takes_rook: kind == VariantKind::Chess960,
                    ranks_from_one: false,
                };
                let text = with_game!(&game, state => {
                    let pos = state.position();
                    choose(pos, &mut rng).map(|mv| pos.format_move(mv, notation))
                });
                reply(format!(
                    "bestmove {}",
                    text.unwrap_or_else(|| "(none)".into())
                ));
            }
            ["quit"] => break,
            _ => {}
        }
    }
}
