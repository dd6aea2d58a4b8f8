//! The chess evaluation weights (see `terms.rs` for what each one counts).
//!
//! Fitted by `timur tune fit` (`scripts/tune.sh`): Texel tuning on 95236 quiet
//! positions of self-play games (labelled-chess.txt, labelled-chess960.txt,
//! shuffled into one file; target: 0.5 × result + 0.5 × the labelling
//! engine's score), K = 0.956, 800 epochs of Adam at rate 1, starting from
//! the previous weights with an L2 pull of 0.00000001 towards them;
//! held-out error 0.040683 → 0.035930. Re-run the script, do not edit by
//! hand.

use crate::variants::terms::Pair;

/// The evaluation weights, in term order (see `terms.rs`).
#[rustfmt::skip]
pub const WEIGHTS: [Pair; 316] = [
    // material: pawn, knight, bishop, rook, queen, king
    Pair(76, 99), Pair(372, 295), Pair(383, 327), Pair(484, 605), Pair(1040, 1067), Pair(0, 0),
    // pawn squares (a-d files; e-h mirrored)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-22, 1), Pair(5, -3), Pair(1, 11), Pair(18, 17),
    Pair(-17, 14), Pair(-10, 21), Pair(-15, 17), Pair(-4, 19),
    Pair(-1, 18), Pair(-8, 33), Pair(10, 1), Pair(35, 4),
    Pair(17, 31), Pair(13, 20), Pair(28, 0), Pair(26, -8),
    Pair(4, 53), Pair(47, 45), Pair(7, 38), Pair(24, 28),
    Pair(24, 51), Pair(25, 87), Pair(37, 100), Pair(62, 100),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // knight squares (a-d files; e-h mirrored)
    Pair(-19, -64), Pair(-44, -46), Pair(-9, -41), Pair(-23, -31),
    Pair(-5, -39), Pair(-29, -25), Pair(-3, -39), Pair(6, -14),
    Pair(-57, -15), Pair(-5, -12), Pair(-10, 2), Pair(0, 25),
    Pair(-16, -24), Pair(4, 5), Pair(-3, 43), Pair(31, 0),
    Pair(-8, 4), Pair(7, 30), Pair(32, 13), Pair(29, 47),
    Pair(-35, -18), Pair(-8, 3), Pair(28, 4), Pair(49, 2),
    Pair(-44, -48), Pair(-37, -29), Pair(17, 2), Pair(-2, 0),
    Pair(-94, -48), Pair(-41, -44), Pair(-40, -33), Pair(-23, -22),
    // bishop squares (a-d files; e-h mirrored)
    Pair(-17, -21), Pair(-7, 1), Pair(-17, -5), Pair(2, -44),
    Pair(-7, -36), Pair(21, 0), Pair(11, -10), Pair(7, -10),
    Pair(-17, 12), Pair(2, 9), Pair(-17, 18), Pair(3, 25),
    Pair(18, -34), Pair(27, -6), Pair(0, 15), Pair(-15, 17),
    Pair(-2, 7), Pair(6, 5), Pair(19, 16), Pair(21, 32),
    Pair(10, -19), Pair(-13, 6), Pair(-4, 13), Pair(67, 13),
    Pair(-18, -23), Pair(-19, -16), Pair(-20, 0), Pair(-17, -4),
    Pair(-30, -23), Pair(9, -4), Pair(-13, 12), Pair(-11, -11),
    // rook squares (a-d files; e-h mirrored)
    Pair(-13, -25), Pair(-8, -13), Pair(16, -26), Pair(31, -25),
    Pair(-47, -16), Pair(7, 6), Pair(-45, 7), Pair(0, -10),
    Pair(-13, 3), Pair(-23, -12), Pair(-37, -13), Pair(-8, 0),
    Pair(12, -17), Pair(-19, 16), Pair(-16, 21), Pair(-14, -4),
    Pair(-19, 2), Pair(33, 20), Pair(0, 0), Pair(8, -7),
    Pair(-5, 26), Pair(21, 11), Pair(22, 17), Pair(23, -4),
    Pair(17, 10), Pair(-3, 14), Pair(-1, 26), Pair(33, 17),
    Pair(12, 11), Pair(11, 14), Pair(9, 21), Pair(13, 7),
    // queen squares (a-d files; e-h mirrored)
    Pair(-24, -61), Pair(-29, -37), Pair(-7, -20), Pair(19, -31),
    Pair(-50, -19), Pair(12, -66), Pair(2, 0), Pair(31, -40),
    Pair(-9, -19), Pair(-15, 9), Pair(10, 25), Pair(-7, 31),
    Pair(-9, 24), Pair(8, 5), Pair(-3, 55), Pair(-3, 22),
    Pair(21, 17), Pair(5, 1), Pair(19, 17), Pair(10, 34),
    Pair(4, 2), Pair(-3, 18), Pair(21, 11), Pair(25, 29),
    Pair(-47, -8), Pair(7, -3), Pair(18, 20), Pair(6, 0),
    Pair(4, -11), Pair(-32, -14), Pair(1, 6), Pair(13, 1),
    // king squares (a-d files; e-h mirrored)
    Pair(29, -37), Pair(55, -36), Pair(-1, -24), Pair(-3, -32),
    Pair(44, -22), Pair(24, 2), Pair(24, 2), Pair(-41, -10),
    Pair(11, -5), Pair(-18, 4), Pair(-22, -3), Pair(-56, -1),
    Pair(-13, -19), Pair(-28, -12), Pair(-34, 1), Pair(-70, 8),
    Pair(-36, -43), Pair(-29, -7), Pair(-45, 17), Pair(-60, 18),
    Pair(-19, -37), Pair(-33, 12), Pair(-38, 27), Pair(-57, 8),
    Pair(-28, -23), Pair(-29, 40), Pair(-43, -3), Pair(-46, 10),
    Pair(-34, -64), Pair(-41, -39), Pair(-39, -26), Pair(-49, -23),
    // knight mobility (0..=8 squares)
    Pair(-47, -38), Pair(-27, -41), Pair(-21, 13), Pair(-9, 20), Pair(-4, 18), Pair(9, 21), Pair(19, 11), Pair(49, 9), Pair(82, -19),
    // bishop mobility (0..=13)
    Pair(-39, -108), Pair(-12, -34), Pair(-11, -10), Pair(0, 3), Pair(10, 10), Pair(12, 21), Pair(7, 22),
    Pair(10, 22), Pair(1, 27), Pair(15, 28), Pair(7, 13), Pair(27, 11), Pair(32, 30), Pair(26, 4),
    // rook mobility (0..=14)
    Pair(-34, -58), Pair(-33, -48), Pair(-23, -25), Pair(-26, -24), Pair(-14, -4), Pair(-18, 15), Pair(-5, 26), Pair(-2, 30),
    Pair(-13, 45), Pair(14, 30), Pair(18, 21), Pair(22, 21), Pair(34, 22), Pair(32, 20), Pair(28, -7),
    // queen mobility (0..=27)
    Pair(-65, -51), Pair(-58, -45), Pair(-32, -30), Pair(-17, -31), Pair(-20, -35), Pair(-14, -38), Pair(-10, -22),
    Pair(-4, -16), Pair(-4, -11), Pair(15, -21), Pair(12, -7), Pair(7, 18), Pair(16, 14), Pair(20, 22),
    Pair(22, 39), Pair(16, 13), Pair(23, 17), Pair(13, 36), Pair(15, 28), Pair(44, 28), Pair(25, 37),
    Pair(20, 34), Pair(25, 32), Pair(8, 14), Pair(14, 27), Pair(8, 16), Pair(12, 22), Pair(10, 22),
    // passed pawn by relative rank
    Pair(0, 0), Pair(-25, 2), Pair(-1, 8), Pair(9, 31), Pair(-1, 68), Pair(43, 79), Pair(9, 99), Pair(0, 0),
    // passed pawn: enemy king distance minus own
    Pair(-2, 19),
    // passed pawn with a free path, by relative rank
    Pair(0, 0), Pair(0, 6), Pair(0, 0), Pair(-3, 6), Pair(14, 26), Pair(26, 41), Pair(26, 66), Pair(0, 0),
    // doubled pawn
    Pair(-14, -22),
    // isolated pawn
    Pair(-6, -12),
    // connected pawn by relative rank
    Pair(0, 0), Pair(6, 3), Pair(13, -5), Pair(10, -2), Pair(31, 5), Pair(31, 34), Pair(46, 64), Pair(0, 0),
    // rook on an open file
    Pair(66, -19),
    // rook on a semi-open file
    Pair(16, 10),
    // king shield: pawns one rank ahead, two ranks ahead
    Pair(19, -11), Pair(9, -5),
    // king danger by attack units
    Pair(-31, -13), Pair(-29, -19), Pair(-30, -9), Pair(-12, -21), Pair(10, -21), Pair(-19, 8), Pair(35, -32), Pair(2, 23),
    Pair(65, 8), Pair(67, 14), Pair(64, 19), Pair(81, 13), Pair(99, 16), Pair(88, 7), Pair(99, -1), Pair(126, 12),
    // threats: pawn on piece
    Pair(80, 38),
    // threats: minor on rook or queen
    Pair(79, 17),
    // threats: rook on queen; bishop pair; tempo
    Pair(60, 14), Pair(37, 38), Pair(33, 9),
];
