//! Static evaluation: material, a centralisation table, mobility, extra
//! royals, the citadel escape for the side that is behind, and the
//! conversion bonus for the side far ahead of a bare royal
//! ([`super::conversion`]).

use timur_search::Color;

use super::attacks::{KING_ADJ, MAIN};
use super::position::enemy_citadel;
use super::types::{file_of, is_citadel, kind_of, rank_of, Kind, EMPTY, FILES, RANKS};
use super::Tamerlane;
use crate::variants::eval_table::{first_side_view, EvalTable, TermRow};
use crate::variants::Variant;

/// Material value of each kind in centipawns (royals: their worth as a
/// fighting piece; the royal count is scored separately).
pub const VALUES: [i32; 23] = [
    0,   // king
    300, // prince
    300, // adventitious king
    150, // general
    150, // vizier
    450, // giraffe
    380, // picket
    320, // knight
    550, // rook
    180, // elephant
    300, // camel
    220, // war engine
    100, 100, 100, 100, 100, // pawns of R N T G F
    140, // pawn of the king
    100, 100, 100, 100, // pawns of W E C D
    130, // pawn of pawns
];

/// Bonus for every royal beyond the first: a spare royal makes check and
/// mate far harder.
const EXTRA_ROYAL: i32 = 250;

/// Centipawns per square a piece attacks or can move to (empty or enemy,
/// on the main board), by kind: the long-range pieces gain most from open
/// lines, the short leapers least. Royals and pawns score none.
const fn mobility_weight(kind: Kind) -> i32 {
    match kind {
        Kind::Rook | Kind::Giraffe | Kind::Picket => 3,
        Kind::Knight | Kind::Camel => 4,
        Kind::General | Kind::Vizier | Kind::Elephant | Kind::WarEngine => 2,
        _ => 0,
    }
}

fn centre_bonus(sq: u8) -> i32 {
    let f = file_of(sq) as i32;
    let r = rank_of(sq) as i32;
    let df = (2 * f - (FILES as i32 - 1)).abs();
    let dr = (2 * r - (RANKS as i32 - 1)).abs();
    (20 - df - dr).max(0)
}

fn pawn_advance(sq: u8, color: Color) -> i32 {
    let r = rank_of(sq) as i32;
    let steps = match color {
        Color::White => r - 2,
        Color::Black => 7 - r,
    };
    steps.max(0) * 6
}

/// The terms of one side, each from its own view, in [`TERM_NAMES`] order.
type SideTerms = [i32; 4];

/// The names of the terms of [`SideTerms`].
const TERM_NAMES: [&str; 4] = ["Material", "Placement", "Mobility", "Extra royals"];

impl Tamerlane {
    /// Material, placement (centralisation, pawn advance), mobility and
    /// extra royals of each side.
    pub(super) fn side_terms(&self) -> [SideTerms; 2] {
        let mut terms = [[0i32; 4]; 2];
        let occ = self.occupied();
        for sq in 0..112u8 {
            let p = self.board[sq as usize];
            if p == EMPTY {
                continue;
            }
            let kind = kind_of(p);
            let color = super::types::color_of(p);
            let side = &mut terms[color.index()];
            side[0] += VALUES[kind.index()];
            if !is_citadel(sq) {
                if kind.is_pawn() {
                    side[1] += pawn_advance(sq, color);
                } else if !kind.is_royal() {
                    side[1] += centre_bonus(sq);
                }
            }
            let weight = mobility_weight(kind);
            if weight != 0 {
                let reach =
                    self.piece_targets(kind, sq, occ) & MAIN & !self.by_color[color.index()];
                side[2] += weight * reach.count_ones() as i32;
            }
        }
        for color in [Color::White, Color::Black] {
            let n = (self.royals & self.by_color[color.index()]).count_ones() as i32;
            terms[color.index()][3] += (n - 1).max(0) * EXTRA_ROYAL;
        }
        terms
    }

    /// The side terms summed, from White's view, and the citadel escape:
    /// what the side behind gains from its top royal near the empty enemy
    /// citadel (White's view; 0 if nothing), or from a bare royal's whole
    /// walk there when the lead against it is too small to win.
    fn white_score_parts(&self, terms: &[SideTerms; 2]) -> (i32, i32) {
        let raw = terms[0].iter().sum::<i32>() - terms[1].iter().sum::<i32>();
        if let Some(walk) = self.citadel_walk(raw, [terms[0][0], terms[1][0]]) {
            return (raw, walk);
        }
        // The side that is behind can often save the game by walking its
        // top royal into the empty enemy citadel: the closer, the more its
        // deficit shrinks towards a draw.
        let behind = if raw < 0 { Color::White } else { Color::Black };
        let cit = enemy_citadel(behind);
        if self.board[cit as usize] == EMPTY {
            if let Some((_, sq)) = self.top_royal(behind) {
                if !is_citadel(sq) {
                    let d = royal_distance(sq, cit);
                    let shrink = match d {
                        1 => 2,
                        2 => 4,
                        _ => 0,
                    };
                    if shrink > 0 {
                        return (raw, -(raw / shrink));
                    }
                }
            }
        }
        (raw, 0)
    }

    /// Material, position and royal terms from White's view, with the
    /// citadel escape and the conversion bonus.
    fn white_score(&self) -> i32 {
        let terms = self.side_terms();
        let (raw, escape) = self.white_score_parts(&terms);
        raw + escape + self.conversion([terms[0][0], terms[1][0]])
    }

    /// Evaluation in centipawns from the side to move's view.
    pub(crate) fn eval(&self) -> i32 {
        let s = self.white_score();
        match self.side {
            Color::White => s,
            Color::Black => -s,
        }
    }

    /// The evaluation term by term, and the network's value when one is
    /// on (the `eval` command).
    pub fn term_table(&self) -> EvalTable {
        let terms = self.side_terms();
        let (raw, escape) = self.white_score_parts(&terms);
        let conversion = self.conversion([terms[0][0], terms[1][0]]);
        let mut rows: Vec<TermRow> = TERM_NAMES
            .iter()
            .enumerate()
            .map(|(i, &name)| TermRow {
                name,
                white: terms[0][i],
                black: terms[1][i],
            })
            .collect();
        // The escape helps the side behind: its column, its view.
        rows.push(TermRow {
            name: "Citadel escape",
            white: escape.max(0),
            black: (-escape).max(0),
        });
        // The conversion helps the side ahead: its column, its view.
        rows.push(TermRow {
            name: "Conversion",
            white: conversion.max(0),
            black: (-conversion).max(0),
        });
        EvalTable {
            sides: ["White", "Black"],
            rows,
            hand_written: raw + escape + conversion,
            network: self
                .for_search()
                .network_eval()
                .map(|v| first_side_view(self.side, v)),
        }
    }
}

/// Royal steps from a main square to a citadel (1 = next to it).
fn royal_distance(sq: u8, cit: u8) -> u32 {
    if KING_ADJ[sq as usize] & (1u128 << cit) != 0 {
        return 1;
    }
    let near = KING_ADJ[cit as usize] & MAIN;
    if KING_ADJ[sq as usize] & near != 0 {
        2
    } else {
        3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(tfen: &str) -> i32 {
        match Tamerlane::from_fen(tfen) {
            Ok(pos) => pos.eval(),
            Err(why) => panic!("{tfen}: {why}"),
        }
    }

    #[test]
    fn the_start_position_is_level() {
        assert_eq!(Tamerlane::start_position().eval(), 0);
    }

    #[test]
    fn an_open_file_is_worth_more_to_a_rook() {
        // The same material with the pawn on the same rank: only the rook's
        // reach differs (3 squares behind a2, 12 with the a-file open).
        let blocked = eval("4k6/11/11/11/11/11/11/11/PR10/R3K6 w -- - 00 0 1");
        let open = eval("4k6/11/11/11/11/11/11/11/1PR9/R3K6 w -- - 00 0 1");
        assert!(open > blocked, "open {open}, blocked {blocked}");
        // Seen from Black (to move), the same difference the other way.
        let blocked_b = eval("4k6/11/11/11/11/11/11/11/PR10/R3K6 b -- - 00 0 1");
        let open_b = eval("4k6/11/11/11/11/11/11/11/1PR9/R3K6 b -- - 00 0 1");
        assert_eq!(open_b - blocked_b, blocked - open);
    }

    #[test]
    fn a_bare_royal_facing_a_small_lead_is_drawn_towards_the_citadel() {
        // White's king and general against Black's bare king: the closer
        // the king stands to l2 (the citadel it draws in), the less White's
        // general is worth; walled in by a winning lead, nothing shrinks.
        let far = eval("11/2k8/11/11/11/11/11/11/5F5/K10 w -- - 00 0 1");
        let halfway = eval("11/11/11/11/11/6k4/11/11/5F5/K10 w -- - 00 0 1");
        let near = eval("11/11/11/11/11/11/11/9k1/5F5/K10 w -- - 00 0 1");
        assert!(
            far > halfway && halfway > near && near > 0,
            "{far} {halfway} {near}"
        );
        // Each step counts: halfway keeps under two thirds, next to the
        // citadel under a third of the far value.
        assert!(
            3 * halfway < 2 * far && 3 * near < far,
            "{far} {halfway} {near}"
        );
        // Seen from Black, the same numbers negated.
        let near_b = eval("11/11/11/11/11/11/11/9k1/5F5/K10 b -- - 00 0 1");
        assert_eq!(near_b, -near);
    }
}
