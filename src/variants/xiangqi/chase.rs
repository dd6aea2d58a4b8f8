//! Perpetual chase (`../shared/rules/xiangqi.md`, "Repetition: check and
//! chase"): which enemy pieces a side chases after a move, and which sides
//! chase with every one of their moves in a repetition cycle. Computed only
//! when a repetition is judged, by replaying the cycle from the position's
//! own move history.

use super::board::{bit, color_of, kind_of, on_own_half, Bitboard, Kind, EMPTY, SQUARES};
use super::moves::Move;
use super::position::Xiangqi;
use crate::bitboard::Bits;
use timur_search::Color;

/// Who checked and who chased in a repetition cycle, per side
/// (`Color::index`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleVerdict {
    /// Some move of the cycle gave check.
    pub any_check: bool,
    /// The side kept at least one enemy piece among the new chases of every
    /// one of its moves in the cycle.
    pub chases: [bool; 2],
}

/// Replays the last `plies` moves of `pos` (the repetition cycle that
/// ends in `pos`) and reports checks and chases; `None` if the history does
/// not hold that many moves.
pub fn judge_cycle(pos: &Xiangqi, plies: usize) -> Option<CycleVerdict> {
    let moves = pos.last_moves(plies)?;
    let mut replay = pos.clone();
    for &mv in moves.iter().rev() {
        replay.unmake(mv);
    }
    // Pieces are followed by identity: `ids[sq]` is the point the piece on
    // `sq` stood on when the cycle began, so a set of pieces is a bitboard
    // of starting points.
    let mut ids: [u8; SQUARES] = std::array::from_fn(|sq| sq as u8);
    let mut kept: [Bitboard; 2] = [!0, !0];
    let mut any_check = false;
    for mv in moves {
        let side = replay.side();
        let before = chased_ids(&mut replay, side, &ids);
        replay.make(mv);
        ids[mv.to_index()] = ids[mv.from_index()];
        any_check |= replay.general_attacked(side.flip());
        let after = chased_ids(&mut replay, side, &ids);
        kept[side.index()] &= after & !before;
    }
    let moved = |c: Color| kept[c.index()] != !0;
    Some(CycleVerdict {
        any_check,
        chases: [Color::White, Color::Black].map(|c| moved(c) && kept[c.index()] != 0),
    })
}

/// The pieces `chaser` chases in `pos` (whoever is to move), as identities.
fn chased_ids(pos: &mut Xiangqi, chaser: Color, ids: &[u8; SQUARES]) -> Bitboard {
    let mut out = 0;
    for sq in chased(pos, chaser).indices() {
        out |= bit(ids[sq] as usize);
    }
    out
}

/// The points of the enemy pieces `chaser` chases in `pos`: attacked by a
/// piece other than the general or a soldier that can take them legally,
/// when they are worth more than the attacker or undefended, except mutual
/// attacks of pieces of one kind; generals and uncrossed soldiers are never
/// chased.
pub fn chased(pos: &mut Xiangqi, chaser: Color) -> Bitboard {
    let saved = pos.side;
    let mut out = 0;
    for from in pos.by_color[chaser.index()].indices() {
        let attacker = kind_of(pos.piece_at(from));
        if matches!(attacker, Kind::General | Kind::Soldier) {
            continue;
        }
        pos.side = chaser;
        for to in (pos.pseudo_targets(from) & pos.by_color[chaser.flip().index()]).indices() {
            let victim = pos.piece_at(to);
            if out & bit(to) != 0 || !can_be_chased(victim, to) || !can_take(pos, from, to) {
                continue;
            }
            // A mutual attack: the victim, of the attacker's kind, could
            // take the attacker back.
            let mutual = |pos: &mut Xiangqi| kind_of(victim) == attacker && can_take(pos, to, from);
            if worth_more(kind_of(victim), attacker)
                || !(mutual(pos) || defended(pos, Move::from_indices(from, to)))
            {
                out |= bit(to);
            }
        }
    }
    pos.side = saved;
    out
}

/// Whether the piece on `from` may legally take the one on `to` (its side
/// to move or not).
fn can_take(pos: &mut Xiangqi, from: usize, to: usize) -> bool {
    let saved = pos.side;
    pos.side = color_of(pos.piece_at(from));
    let legal = pos.is_legal_move(Move::from_indices(from, to));
    pos.side = saved;
    legal
}

/// Whether after the capture `mv` the victim's side can legally take back on
/// its point.
fn defended(pos: &mut Xiangqi, mv: Move) -> bool {
    let (from, to) = (mv.from_index(), mv.to_index());
    let saved = pos.side;
    let chaser = color_of(pos.piece_at(from));
    pos.side = chaser;
    pos.make(mv);
    let recapture = pos.by_color[chaser.flip().index()]
        .indices()
        .any(|sq| pos.is_legal_move(Move::from_indices(sq, to)));
    pos.unmake(mv);
    pos.side = saved;
    recapture
}

/// Whether the piece `victim` on `sq` can be chased at all: not a general,
/// not a soldier on its own side of the river.
fn can_be_chased(victim: u8, sq: usize) -> bool {
    victim != EMPTY
        && match kind_of(victim) {
            Kind::General => false,
            Kind::Soldier => !on_own_half(color_of(victim), sq),
            _ => true,
        }
}

/// The page's value rule: a horse or cannon attacking a chariot, an advisor
/// or elephant attacking a chariot, horse or cannon.
fn worth_more(victim: Kind, attacker: Kind) -> bool {
    match attacker {
        Kind::Horse | Kind::Cannon => victim == Kind::Chariot,
        Kind::Advisor | Kind::Elephant => {
            matches!(victim, Kind::Chariot | Kind::Horse | Kind::Cannon)
        }
        _ => false,
    }
}
