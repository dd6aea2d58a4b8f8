//! The terms of the xiangqi evaluation: material, point tables, mobility of
//! horses, chariots and cannons, attacks on the enemy palace, the defenders
//! (advisors and elephants) while the enemy can attack, central and hollow
//! cannons, linked crossed soldiers, advisors missing against cannons, and
//! the tempo. Each term is a count from Red's view; the weights live in
//! `weights.rs` and are fitted by `timur tune`.

use super::super::attacks::{
    cannon_captures, rook_attacks, ADVISOR, ELEPHANT, GENERAL, HORSE, HORSE_CHECKS, PAWN,
};
use super::super::board::{in_palace, Bitboard, Kind, FILES, RANKS, SQUARES};
use super::super::position::Xiangqi;
use crate::bitboard::Bits;
use crate::variants::terms::{Group, TermSink};
use timur_search::Color;

/// First weight of each term group, in the order of [`GROUPS`].
pub const MATERIAL: usize = 0;
/// Point tables, from Red's side and folded left to right (the board is
/// symmetric): [`HALF_FILES`] per rank, the a and i files sharing a weight,
/// and so on up to the e file.
pub const PST: usize = MATERIAL + 7;
/// Point-table entries per rank: files a..=e.
pub const HALF_FILES: usize = FILES / 2 + 1;
/// Point-table entries per kind.
pub const PST_PER_KIND: usize = RANKS * HALF_FILES;
/// Horse mobility by points reached (0..=8).
pub const MOBILITY_HORSE: usize = PST + 7 * PST_PER_KIND;
/// Chariot mobility (0..=17).
pub const MOBILITY_CHARIOT: usize = MOBILITY_HORSE + 9;
/// Cannon mobility by quiet moves (0..=17).
pub const MOBILITY_CANNON: usize = MOBILITY_CHARIOT + 18;
/// Attack units on the enemy palace (0..16).
pub const PALACE_ATTACK: usize = MOBILITY_CANNON + 18;
/// Own advisors and elephants while the enemy has chariots, horses or
/// cannons.
pub const DEFENDERS: usize = PALACE_ATTACK + 16;
/// A cannon on the enemy general's file with exactly one piece between.
pub const CENTRAL_CANNON: usize = DEFENDERS + 1;
/// A cannon on the enemy general's file with nothing between.
pub const HOLLOW_CANNON: usize = CENTRAL_CANNON + 1;
/// Crossed soldiers with a crossed soldier beside them on the same rank.
pub const LINKED_SOLDIERS: usize = HOLLOW_CANNON + 1;
/// Enemy cannons times own advisors missing (of two).
pub const CANNONS_VS_MISSING_ADVISORS: usize = LINKED_SOLDIERS + 1;
/// Pieces attacked and not defended, by kind (advisor..=soldier, 6 each),
/// first for the side to move, then for the side that waits.
pub const HANGING: usize = CANNONS_VS_MISSING_ADVISORS + 1;
/// Horses, chariots and cannons attacked by a cheaper piece (by kind:
/// horse, chariot, cannon), first for the side to move, then for the side
/// that waits.
pub const THREATENED_BY_LESSER: usize = HANGING + 12;
/// Points from which an enemy chariot, horse or cannon could check the
/// general next move and not be taken there (by kind: chariot, horse,
/// cannon), and such points that are guarded (one weight).
pub const SAFE_CHECKS: usize = THREATENED_BY_LESSER + 6;
/// Guarded checking points (any kind).
pub const GUARDED_CHECKS: usize = SAFE_CHECKS + 3;
/// The side to move.
pub const TEMPO: usize = GUARDED_CHECKS + 1;
/// How many weights there are.
pub const COUNT: usize = TEMPO + 1;

/// The term groups in weight order.
pub const GROUPS: [Group; 22] = [
    group(
        "material: general, advisor, elephant, horse, chariot, cannon, soldier",
        7,
        7,
    ),
    group(
        "general points (Red's view, files a..=e by rank; f..=i mirror them)",
        PST_PER_KIND,
        HALF_FILES,
    ),
    group("advisor points", PST_PER_KIND, HALF_FILES),
    group("elephant points", PST_PER_KIND, HALF_FILES),
    group("horse points", PST_PER_KIND, HALF_FILES),
    group("chariot points", PST_PER_KIND, HALF_FILES),
    group("cannon points", PST_PER_KIND, HALF_FILES),
    group("soldier points", PST_PER_KIND, HALF_FILES),
    group("horse mobility (0..=8 points)", 9, 9),
    group("chariot mobility (0..=17)", 18, 9),
    group("cannon quiet mobility (0..=17)", 18, 9),
    group("palace attack by units on the enemy palace", 16, 8),
    group(
        "defenders: advisors and elephants while the enemy has attackers",
        1,
        1,
    ),
    group("cannon on the enemy general's file behind one screen", 1, 1),
    group(
        "hollow cannon: facing the enemy general with nothing between",
        1,
        1,
    ),
    group("crossed soldiers side by side", 1, 1),
    group("enemy cannons times own missing advisors", 1, 1),
    group(
        "hanging: advisor, elephant, horse, chariot, cannon, soldier (to move; waiting)",
        12,
        6,
    ),
    group(
        "attacked by a cheaper piece: horse, chariot, cannon (to move; waiting)",
        6,
        3,
    ),
    group(
        "safe checking points against the general: chariot, horse, cannon",
        3,
        3,
    ),
    group("guarded checking points against the general", 1, 1),
    group("tempo", 1, 1),
];

const fn group(name: &'static str, len: usize, per_line: usize) -> Group {
    Group {
        name,
        len,
        per_line,
    }
}

/// Phase weight of each kind; [`PHASE_MAX`] with every piece on.
pub const PHASE: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
/// The phase with every piece on (2 chariots, horses, cannons a side).
pub const PHASE_MAX: i32 = 32;

/// Palace attack units per palace point attacked, by kind.
const PALACE_UNITS: [i32; 7] = [0, 0, 0, 2, 2, 2, 1];

const fn palace_mask(color: Color) -> Bitboard {
    let mut mask = 0u128;
    let mut sq = 0;
    while sq < SQUARES {
        if in_palace(color, sq) {
            mask |= 1u128 << sq;
        }
        sq += 1;
    }
    mask
}

/// Each side's palace points.
const PALACE: [Bitboard; 2] = [palace_mask(Color::White), palace_mask(Color::Black)];

/// Points strictly between two points of one file (`a` below `b`).
fn between_on_file(occ_of_file: u16, low_rank: usize, high_rank: usize) -> u32 {
    if high_rank <= low_rank + 1 {
        return 0;
    }
    let inner = ((1u32 << high_rank) - 1) & !((1u32 << (low_rank + 1)) - 1);
    (u32::from(occ_of_file) & inner).count_ones()
}

impl Xiangqi {
    /// The game phase: [`PHASE_MAX`] with every attacking piece on.
    pub fn phase(&self) -> i32 {
        Kind::ALL
            .into_iter()
            .map(|k| PHASE[k.index()] * self.by_kind[k.index()].count_ones() as i32)
            .sum::<i32>()
            .min(PHASE_MAX)
    }

    /// Feeds every evaluation term to `sink`, from Red's view.
    pub fn eval_terms<S: TermSink>(&self, sink: &mut S) {
        let attacks = [Color::White, Color::Black].map(|color| {
            sink.side(color);
            self.side_terms(color, sink)
        });
        for color in [Color::White, Color::Black] {
            sink.side(color);
            self.threat_terms(color, &attacks, sink);
            self.check_terms(color, &attacks, sink);
        }
        sink.side(self.side);
        sink.add(TEMPO, if self.side == Color::White { 1 } else { -1 });
    }

    /// The threats against `color`'s pieces, signed for Red's view: pieces
    /// attacked and undefended, and pieces attacked by cheaper ones.
    fn threat_terms<S: TermSink>(&self, color: Color, attacks: &[Attacks; 2], sink: &mut S) {
        let sign = if color == Color::White { 1 } else { -1 };
        let waiting = usize::from(color != self.side);
        let (ours, theirs) = (&attacks[color.index()], &attacks[color.flip().index()]);
        let hanging = theirs.all & !ours.all;
        // Every kind but the general, in index order.
        for (i, &kind) in Kind::ALL[1..].iter().enumerate() {
            let count = (self.pieces(color, kind) & hanging).count_ones() as i32;
            if count != 0 {
                sink.add(HANGING + 6 * waiting + i, sign * count);
            }
        }
        let lesser_than_rook = theirs.minors | theirs.cheap;
        for (i, (kind, by)) in [
            (Kind::Horse, theirs.cheap),
            (Kind::Chariot, lesser_than_rook),
            (Kind::Cannon, theirs.cheap),
        ]
        .into_iter()
        .enumerate()
        {
            let count = (self.pieces(color, kind) & by).count_ones() as i32;
            if count != 0 {
                sink.add(THREATENED_BY_LESSER + 3 * waiting + i, sign * count);
            }
        }
    }

    /// The points from which the enemy could check `color`'s general next
    /// move, safe or guarded (signed for Red's view).
    fn check_terms<S: TermSink>(&self, color: Color, attacks: &[Attacks; 2], sink: &mut S) {
        let theirs = &attacks[color.flip().index()];
        let sign = if color == Color::White { 1 } else { -1 };
        let occ = self.occupied();
        let general = self.general(color);
        let file = general % FILES;
        let line = rook_attacks(general, occ, self.file_occ[file]);
        // Past the first piece on each line: the cannon's checking points.
        let screens = line & occ;
        let beyond_occ = occ ^ screens;
        let beyond_file_occ = self.file_occ[file] & !file_bits(screens, file);
        let beyond = rook_attacks(general, beyond_occ, beyond_file_occ) & !line;
        let open = !self.by_color[color.flip().index()];
        let guarded = attacks[color.index()].all;
        let targets = [
            theirs.chariots & line,
            theirs.horses & HORSE_CHECKS[general].attacks(occ),
            theirs.cannon_moves & beyond,
        ];
        let mut guarded_checks = 0;
        for (i, points) in targets.into_iter().enumerate() {
            let points = points & open;
            let safe = (points & !guarded).count_ones() as i32;
            if safe != 0 {
                sink.add(SAFE_CHECKS + i, sign * safe);
            }
            guarded_checks += (points & guarded).count_ones() as i32;
        }
        if guarded_checks != 0 {
            sink.add(GUARDED_CHECKS, sign * guarded_checks);
        }
    }

    /// The terms of `color`'s pieces, signed for Red's view; returns the
    /// points they attack.
    fn side_terms<S: TermSink>(&self, color: Color, sink: &mut S) -> Attacks {
        let sign = if color == Color::White { 1 } else { -1 };
        let them = color.flip();
        let occ = self.occupied();
        let ours = self.by_color[color.index()];
        let their_palace = PALACE[them.index()];
        let their_general = self.general(them);
        let mut units = 0;
        let mut attacked = Attacks::default();
        for kind in Kind::ALL {
            let pieces = self.pieces(color, kind);
            if pieces == 0 {
                continue;
            }
            sink.add(MATERIAL + kind.index(), sign * pieces.count_ones() as i32);
            for sq in pieces.indices() {
                let (file, rank) = (sq % FILES, sq / FILES);
                let red_rank = if color == Color::White {
                    rank
                } else {
                    RANKS - 1 - rank
                };
                let half_file = file.min(FILES - 1 - file);
                sink.add(
                    PST + kind.index() * PST_PER_KIND + red_rank * HALF_FILES + half_file,
                    sign,
                );
                let file_occ = self.file_occ[file];
                let attacks = match kind {
                    Kind::Horse => {
                        let reach = HORSE[sq].attacks(occ);
                        attacked.horses |= reach;
                        sink.add(MOBILITY_HORSE + (reach & !ours).count_ones() as usize, sign);
                        reach
                    }
                    Kind::Chariot => {
                        let reach = rook_attacks(sq, occ, file_occ);
                        attacked.chariots |= reach;
                        sink.add(
                            MOBILITY_CHARIOT + (reach & !ours).count_ones() as usize,
                            sign,
                        );
                        reach
                    }
                    Kind::Cannon => {
                        let quiet = rook_attacks(sq, occ, file_occ) & !occ;
                        sink.add(MOBILITY_CANNON + quiet.count_ones() as usize, sign);
                        if file == their_general % FILES {
                            let g = their_general / FILES;
                            let between = between_on_file(file_occ, rank.min(g), rank.max(g));
                            match between {
                                0 => sink.add(HOLLOW_CANNON, sign),
                                1 => sink.add(CENTRAL_CANNON, sign),
                                _ => {}
                            }
                        }
                        let captures = cannon_captures(sq, occ, file_occ);
                        attacked.cannon_moves |= quiet | captures;
                        captures
                    }
                    Kind::Soldier => PAWN[color.index()][sq],
                    Kind::Advisor => ADVISOR[sq],
                    Kind::Elephant => ELEPHANT[sq].attacks(occ),
                    Kind::General => GENERAL[sq],
                };
                units += PALACE_UNITS[kind.index()] * (attacks & their_palace).count_ones() as i32;
                attacked.all |= attacks;
                match kind {
                    Kind::Horse | Kind::Cannon => attacked.minors |= attacks,
                    Kind::Soldier | Kind::Advisor | Kind::Elephant => attacked.cheap |= attacks,
                    _ => {}
                }
            }
        }
        sink.add(PALACE_ATTACK + units.min(15) as usize, sign);

        let attackers = self.pieces(them, Kind::Chariot)
            | self.pieces(them, Kind::Horse)
            | self.pieces(them, Kind::Cannon);
        let advisors = self.pieces(color, Kind::Advisor).count_ones() as i32;
        if attackers != 0 {
            let elephants = self.pieces(color, Kind::Elephant).count_ones() as i32;
            sink.add(DEFENDERS, sign * (advisors + elephants));
        }
        let cannons = self.pieces(them, Kind::Cannon).count_ones() as i32;
        if cannons != 0 && advisors < 2 {
            sink.add(CANNONS_VS_MISSING_ADVISORS, sign * cannons * (2 - advisors));
        }
        let crossed = self.pieces(color, Kind::Soldier) & PALACE_HALF_AHEAD[color.index()];
        let linked = crossed & (((crossed & !FILE_A) >> 1) | ((crossed & !FILE_I) << 1));
        if linked != 0 {
            sink.add(LINKED_SOLDIERS, sign * linked.count_ones() as i32);
        }
        attacked
    }
}

/// The points one side's pieces attack (cannons: the points they could
/// capture on, whoever stands there).
#[derive(Clone, Copy, Debug, Default)]
struct Attacks {
    /// By any piece.
    all: Bitboard,
    /// By horses and cannons.
    minors: Bitboard,
    /// By soldiers, advisors and elephants.
    cheap: Bitboard,
    /// By chariots.
    chariots: Bitboard,
    /// By horses.
    horses: Bitboard,
    /// Where cannons can move: quiet moves and captures.
    cannon_moves: Bitboard,
}

/// The ranks of `bits` on file `file`, as a file-occupancy mask.
fn file_bits(bits: Bitboard, file: usize) -> u16 {
    let mut mask = 0u16;
    for sq in (bits & FILE_A << file).indices() {
        mask |= 1 << (sq / FILES);
    }
    mask
}

const fn half_mask(color: Color) -> Bitboard {
    let mut mask = 0u128;
    let mut sq = 0;
    while sq < SQUARES {
        let crossed = match color {
            Color::White => sq / FILES >= 5,
            Color::Black => sq / FILES <= 4,
        };
        if crossed {
            mask |= 1u128 << sq;
        }
        sq += 1;
    }
    mask
}

/// The enemy half of the board, for each side (crossed soldiers stand here).
const PALACE_HALF_AHEAD: [Bitboard; 2] = [half_mask(Color::White), half_mask(Color::Black)];

const fn file_mask(file: usize) -> Bitboard {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < RANKS {
        mask |= 1u128 << (rank * FILES + file);
        rank += 1;
    }
    mask
}

/// The a file and the i file (a shift by one point must not wrap a rank).
const FILE_A: Bitboard = file_mask(0);
const FILE_I: Bitboard = file_mask(FILES - 1);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    /// Records the terms as they arrive.
    #[derive(Default)]
    struct Counts(std::collections::HashMap<usize, i32>);

    impl TermSink for Counts {
        fn add(&mut self, index: usize, count: i32) {
            *self.0.entry(index).or_default() += count;
        }
    }

    fn counts(fen: &str) -> Counts {
        let position = Xiangqi::from_fen(fen).unwrap();
        let mut sink = Counts::default();
        position.eval_terms(&mut sink);
        sink
    }

    #[test]
    fn a_chariot_attacked_by_a_horse_is_threatened_and_hanging() {
        // The black horse on b2 attacks the red chariot on a0 (leg b1 free).
        let terms = counts("4k4/9/9/9/9/9/9/1n7/9/R2K5 w - - 0 1");
        let chariot = 1;
        assert_eq!(terms.0.get(&(THREATENED_BY_LESSER + chariot)), Some(&1));
        assert_eq!(terms.0.get(&(HANGING + 3)), Some(&1));
        // With Black to move the same threats count for the waiting side.
        let terms = counts("4k4/9/9/9/9/9/9/1n7/9/R2K5 b - - 0 1");
        assert_eq!(terms.0.get(&(THREATENED_BY_LESSER + 3 + chariot)), Some(&1));
        assert_eq!(terms.0.get(&(HANGING + 6 + 3)), Some(&1));
    }

    #[test]
    fn safe_checking_points_of_a_chariot() {
        // The red chariot on a5 can check the black general from a9 (along
        // rank 9) and from e5 (down the open e file).
        let terms = counts("4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1");
        assert_eq!(terms.0.get(&SAFE_CHECKS), Some(&-2));
        assert_eq!(terms.0.get(&GUARDED_CHECKS), None);
    }

    #[test]
    fn a_cannon_checks_from_behind_a_screen() {
        // A red soldier on e7 screens the e file: the cannon on a5 can
        // check from e5, two points behind it. From a9 it would have no
        // screen.
        let terms = counts("4k4/9/4P4/9/C8/9/9/9/9/3K5 w - - 0 1");
        assert_eq!(terms.0.get(&(SAFE_CHECKS + 2)), Some(&-1));
        assert_eq!(terms.0.get(&SAFE_CHECKS), None);
    }

    #[test]
    fn the_groups_cover_every_weight() {
        let total: usize = GROUPS.iter().map(|g| g.len).sum();
        assert_eq!(total, COUNT);
    }

    #[test]
    fn palaces_have_nine_points() {
        assert_eq!(PALACE[0].count_ones(), 9);
        assert_eq!(PALACE[1].count_ones(), 9);
        assert_eq!(PALACE[0] & PALACE[1], 0);
    }

    #[test]
    fn edge_files() {
        assert_eq!(FILE_A.count_ones(), 10);
        assert_eq!(FILE_I, FILE_A << 8);
    }

    #[test]
    fn points_between_on_a_file() {
        assert_eq!(between_on_file(0b1111111111, 0, 9), 8);
        assert_eq!(between_on_file(0b1000000001, 0, 9), 0);
        assert_eq!(between_on_file(0b0000000110, 1, 2), 0);
    }
}
