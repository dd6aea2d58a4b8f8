//! The root in the tables, as Stockfish's `root_probe` ranks it: every
//! legal move gets a rank from its DTZ counted from the root and the move
//! clock (a win the fifty-move rule cannot spoil outranks one it may; with
//! `Syzygy50MoveRule` off, any win is a win), or from its WDL value when
//! the DTZ table is missing. The search then plays among the best-ranked
//! moves only, and reports the tables' score for them.

use super::super::position::Chess;
use super::super::types::{Kind, Move, MoveKind};
use super::{wdl_number, Probing};
use crate::variants::table_root::TableRoot;
use crate::variants::Variant;
use pyrrhic_rs::{DtzProbeValue, DtzResult, Piece};
use std::collections::HashSet;
use std::sync::Arc;
use timur_search::{Game, HistoryEntry, MoveList, Score, TABLE_WIN_CP};

/// Stockfish's rank of a win that no move clock can spoil.
const MAX_DTZ: i32 = 1 << 18;

/// The root moves of `pos` that keep the best result the tables see, with
/// their score; `None` when the root is not in the tables. Clears `pos`'s
/// probing below the root unless Stockfish would keep it (only a root
/// ranked by WDL and won keeps probing, to find the way to a won ending).
pub fn rank(pos: &mut Chess, history: &[HistoryEntry]) -> Option<TableRoot<Move>> {
    let probing = Arc::clone(pos.syzygy.as_ref()?);
    if pos.rights != 0 || pos.occupied().count_ones() > probing.cardinality {
        return None;
    }
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    if legal.is_empty() {
        return None;
    }
    let by_dtz = by_dtz(pos, history, &probing, &legal);
    let dtz_ranked = by_dtz.is_some();
    let (ranks, probes) = by_dtz.or_else(|| by_wdl(pos, &probing, &legal))?;
    let best = ranks.iter().map(|&(_, rank)| rank).max()?;
    // The rank from which a win is certain: within the fifty-move rule,
    // or any win when the rule is off.
    let bound = if probing.rule50 { MAX_DTZ - 100 } else { 1 };
    let score = score(best, bound);
    if dtz_ranked || best < bound {
        pos.syzygy = None;
    }
    Some(TableRoot {
        moves: ranks
            .into_iter()
            .filter(|&(_, rank)| rank == best)
            .map(|(mv, _)| mv)
            .collect(),
        score,
        probes,
    })
}

/// Stockfish's report of a rank: a win or loss the move clock cannot
/// spoil is `cp ±20000`; one it may spoil scores a few centipawns,
/// growing to half a pawn near a real win.
fn score(rank: i32, bound: i32) -> Score {
    Score::Cp(if rank >= bound {
        TABLE_WIN_CP
    } else if rank > 0 {
        (rank - (MAX_DTZ - 200)).max(3) * 100 / 200
    } else if rank == 0 {
        0
    } else if rank > -bound {
        (rank + (MAX_DTZ - 200)).min(-3) * 100 / 200
    } else {
        -TABLE_WIN_CP
    })
}

/// Whether a position since the last capture or pawn move (the root
/// included) occurred twice.
fn repeated_since_zeroing(pos: &Chess, history: &[HistoryEntry]) -> bool {
    let reach = (pos.halfmove as usize).min(history.len());
    let mut seen = HashSet::new();
    !history[history.len() - reach..]
        .iter()
        .map(|entry| entry.key)
        .chain([pos.key()])
        .all(|key| seen.insert(key))
}

/// Whether `mv` (the prober's) is `ours`.
fn same_move(ours: Move, theirs: &DtzResult) -> bool {
    let promotion = match theirs.promotion {
        Piece::Queen => Some(Kind::Queen),
        Piece::Rook => Some(Kind::Rook),
        Piece::Bishop => Some(Kind::Bishop),
        Piece::Knight => Some(Kind::Knight),
        _ => None,
    };
    let ours_promotes = match ours.kind() {
        MoveKind::Promotion(kind) => Some(kind),
        _ => None,
    };
    ours.from().index() == usize::from(theirs.from_square)
        && ours.to().index() == usize::from(theirs.to_square)
        && ours_promotes == promotion
}

/// Ranks by DTZ: each move's distance to zeroing counted from the root
/// (positive: the mover wins), zero where the move draws by repetition or
/// the fifty-move rule. `None` without the DTZ table. Also the probes made.
fn by_dtz(
    pos: &Chess,
    history: &[HistoryEntry],
    probing: &Probing,
    legal: &MoveList<Move>,
) -> Option<(Vec<(Move, i32)>, u64)> {
    let probed = probing.tables.root(pos)?;
    let results: Vec<DtzResult> = probed.moves[..probed.num_moves]
        .iter()
        .filter_map(|value| match value {
            DtzProbeValue::DtzResult(result) => Some(*result),
            _ => None,
        })
        .collect();
    let cnt50 = i32::from(pos.halfmove);
    let repeated = repeated_since_zeroing(pos, history);
    let mut after = history.to_vec();
    after.push(HistoryEntry {
        key: pos.key(),
        in_check: pos.in_check(),
    });
    let mut ranks = Vec::with_capacity(legal.len());
    for &mv in legal {
        let found = results.iter().find(|r| same_move(mv, r))?;
        let distance = i32::from(found.dtz);
        let mut dtz = distance * wdl_number(found.wdl).signum();
        let mut child = pos.clone();
        child.make(mv);
        if child.halfmove != 0 && child.verdict(&after).is_some_and(|v| v.winner.is_none()) {
            dtz = 0;
        }
        let rank = if dtz > 0 {
            if dtz + cnt50 <= 99 && !repeated {
                MAX_DTZ
            } else {
                MAX_DTZ - (dtz + cnt50)
            }
        } else if dtz < 0 {
            if -dtz * 2 + cnt50 < 100 {
                -MAX_DTZ
            } else {
                -MAX_DTZ + (-dtz + cnt50)
            }
        } else {
            0
        };
        ranks.push((mv, rank));
    }
    Some((ranks, 1 + results.len() as u64))
}

/// Ranks by the WDL value after each move, where no DTZ table is loaded.
fn by_wdl(
    pos: &Chess,
    probing: &Probing,
    legal: &MoveList<Move>,
) -> Option<(Vec<(Move, i32)>, u64)> {
    const RANKS: [i32; 5] = [-MAX_DTZ, -MAX_DTZ + 101, 0, MAX_DTZ - 101, MAX_DTZ];
    let mut ranks = Vec::with_capacity(legal.len());
    for &mv in legal {
        let mut child = pos.clone();
        child.make(mv);
        let wdl = -wdl_number(probing.tables.wdl(&child)?);
        ranks.push((mv, RANKS[(wdl + 2) as usize]));
    }
    Some((ranks, legal.len() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_score_as_stockfish_reports_them() {
        let rule50 = MAX_DTZ - 100;
        assert_eq!(score(MAX_DTZ, rule50), Score::Cp(TABLE_WIN_CP));
        assert_eq!(
            score(MAX_DTZ - 100, rule50),
            Score::Cp(TABLE_WIN_CP),
            "dtz + clock = 100"
        );
        assert_eq!(score(MAX_DTZ - 101, 1), Score::Cp(TABLE_WIN_CP), "rule off");
        assert_eq!(score(MAX_DTZ - 101, rule50), Score::Cp(49), "cursed");
        assert_eq!(score(MAX_DTZ - 120, rule50), Score::Cp(40));
        assert_eq!(score(MAX_DTZ - 199, rule50), Score::Cp(1));
        assert_eq!(score(0, rule50), Score::Cp(0));
        assert_eq!(score(-MAX_DTZ + 120, rule50), Score::Cp(-40));
        assert_eq!(score(-MAX_DTZ, rule50), Score::Cp(-TABLE_WIN_CP));
    }

    #[test]
    fn repetitions_count_since_the_last_zeroing_move() {
        let pos = Chess::from_fen("8/8/4k3/8/8/3K4/3R4/8 w - - 4 30").unwrap();
        let entry = |key| HistoryEntry {
            key,
            in_check: false,
        };
        let history = [entry(pos.key()), entry(1), entry(2), entry(3), entry(4)];
        assert!(!repeated_since_zeroing(&pos, &history), "five plies back");
        assert!(repeated_since_zeroing(
            &pos,
            &history[1..]
                .iter()
                .chain(&[entry(pos.key())])
                .copied()
                .collect::<Vec<_>>()
        ));
        assert!(!repeated_since_zeroing(&pos, &[]));
    }
}
