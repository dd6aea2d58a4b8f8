//! The chess evaluation weights (see `terms.rs` for what each one counts).
//!
//! Fitted by `timur tune fit` (`scripts/tune.sh`): Texel tuning on 48170 quiet
//! positions of self-play games (target: 0.5 × result + 0.5 × the labelling
//! engine's score), K = 0.976, 800 epochs of Adam at rate 1; held-out
//! error 0.042570 → 0.034988. Re-run the script, do not edit by hand.

use crate::variants::terms::Pair;

/// The evaluation weights, in term order (see `terms.rs`).
#[rustfmt::skip]
pub const WEIGHTS: [Pair; 316] = [
    // material: pawn, knight, bishop, rook, queen, king
    Pair(75, 86), Pair(344, 272), Pair(376, 313), Pair(420, 585), Pair(1018, 1056), Pair(0, 0),
    // pawn squares (a-d files; e-h mirrored)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-16, 29), Pair(33, -3), Pair(-2, 30), Pair(-20, -43),
    Pair(-4, 29), Pair(11, 19), Pair(5, 0), Pair(-15, 12),
    Pair(-22, 42), Pair(3, 15), Pair(3, 29), Pair(36, 12),
    Pair(-7, 19), Pair(19, -4), Pair(8, 4), Pair(40, 1),
    Pair(0, 26), Pair(43, 49), Pair(-16, 17), Pair(4, 57),
    Pair(42, 77), Pair(54, 87), Pair(33, 89), Pair(75, 92),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // knight squares (a-d files; e-h mirrored)
    Pair(-50, -66), Pair(-7, -51), Pair(-43, -32), Pair(-38, -23),
    Pair(-21, -49), Pair(-31, -31), Pair(34, -27), Pair(-15, -5),
    Pair(-18, -26), Pair(9, 2), Pair(6, 24), Pair(20, 7),
    Pair(-44, -36), Pair(29, 14), Pair(10, 22), Pair(31, -4),
    Pair(-18, -3), Pair(-11, 35), Pair(26, 17), Pair(23, 28),
    Pair(-24, -12), Pair(-10, 1), Pair(11, -2), Pair(31, -7),
    Pair(-53, -42), Pair(-48, -24), Pair(11, -4), Pair(-10, 3),
    Pair(-82, -47), Pair(-39, -39), Pair(-33, -33), Pair(-27, -25),
    // bishop squares (a-d files; e-h mirrored)
    Pair(-28, -42), Pair(-11, -1), Pair(-25, 0), Pair(17, -34),
    Pair(-10, -12), Pair(1, -10), Pair(30, -3), Pair(-13, 1),
    Pair(-12, -4), Pair(22, 17), Pair(-7, 15), Pair(-8, 38),
    Pair(46, -23), Pair(-3, -13), Pair(-20, 1), Pair(-6, 20),
    Pair(-24, 1), Pair(-23, -1), Pair(25, 29), Pair(13, 14),
    Pair(26, -22), Pair(21, 10), Pair(7, 18), Pair(55, -2),
    Pair(-11, -29), Pair(-3, -10), Pair(-25, -8), Pair(-9, -7),
    Pair(-23, -23), Pair(-6, -11), Pair(-11, 15), Pair(-12, -3),
    // rook squares (a-d files; e-h mirrored)
    Pair(-16, -16), Pair(-5, 2), Pair(12, -21), Pair(17, -34),
    Pair(-37, -11), Pair(5, 9), Pair(-63, -1), Pair(-15, 4),
    Pair(-3, 5), Pair(-31, -13), Pair(4, 3), Pair(-13, -8),
    Pair(-13, -5), Pair(-13, 9), Pair(-12, 5), Pair(-11, -7),
    Pair(-9, -11), Pair(21, 24), Pair(-4, -5), Pair(40, 17),
    Pair(2, -2), Pair(15, -5), Pair(21, 18), Pair(18, -1),
    Pair(3, 9), Pair(-6, 18), Pair(-26, 6), Pair(3, 26),
    Pair(33, 12), Pair(9, 13), Pair(9, 11), Pair(-1, 7),
    // queen squares (a-d files; e-h mirrored)
    Pair(-19, -21), Pair(-41, -29), Pair(6, -12), Pair(-2, -25),
    Pair(-17, -15), Pair(48, -19), Pair(-29, 8), Pair(12, -28),
    Pair(21, -10), Pair(-31, 0), Pair(-2, 31), Pair(-7, 19),
    Pair(7, 2), Pair(32, -8), Pair(-29, 35), Pair(-17, -1),
    Pair(-6, 8), Pair(-12, -18), Pair(24, 20), Pair(4, 31),
    Pair(3, 1), Pair(9, 5), Pair(-4, 9), Pair(13, 12),
    Pair(-20, -10), Pair(-2, 0), Pair(29, 17), Pair(17, 11),
    Pair(12, -5), Pair(-25, -15), Pair(-13, -11), Pair(15, 2),
    // king squares (a-d files; e-h mirrored)
    Pair(36, -45), Pair(44, -17), Pair(14, -25), Pair(26, -24),
    Pair(8, 3), Pair(21, -24), Pair(4, 14), Pair(-13, -9),
    Pair(3, -10), Pair(-13, 8), Pair(-31, -23), Pair(-41, 0),
    Pair(-14, -9), Pair(-30, 5), Pair(-35, 11), Pair(-58, 3),
    Pair(-37, -44), Pair(-32, 13), Pair(-46, 10), Pair(-64, 20),
    Pair(-16, -16), Pair(-38, 1), Pair(-43, 5), Pair(-57, 9),
    Pair(-29, -26), Pair(-35, 8), Pair(-44, -17), Pair(-47, 13),
    Pair(-31, -54), Pair(-40, -37), Pair(-41, -34), Pair(-50, -26),
    // knight mobility (0..=8 squares)
    Pair(-27, -31), Pair(-25, -17), Pair(-10, -4), Pair(2, 5), Pair(0, 24), Pair(8, 26), Pair(25, 20), Pair(10, 5), Pair(40, -57),
    // bishop mobility (0..=13)
    Pair(-26, -75), Pair(-24, -54), Pair(-7, -25), Pair(-3, 15), Pair(-2, 2), Pair(1, 8), Pair(2, -2),
    Pair(3, 17), Pair(17, 13), Pair(10, 32), Pair(21, 17), Pair(28, 20), Pair(27, 30), Pair(33, 28),
    // rook mobility (0..=14)
    Pair(-62, -66), Pair(-31, -41), Pair(-31, -4), Pair(-7, -41), Pair(-12, 9), Pair(-1, -3), Pair(-12, 17), Pair(-13, 18),
    Pair(-5, 19), Pair(19, 14), Pair(1, 20), Pair(18, 21), Pair(3, 25), Pair(33, 36), Pair(18, 22),
    // queen mobility (0..=27)
    Pair(-13, -26), Pair(-3, -24), Pair(-28, -24), Pair(-29, -30), Pair(-32, -30), Pair(-30, -38), Pair(-17, -24),
    Pair(-24, -9), Pair(-7, -13), Pair(2, -28), Pair(-10, -26), Pair(9, 18), Pair(23, 10), Pair(34, 21),
    Pair(20, 38), Pair(24, 19), Pair(16, 10), Pair(13, 24), Pair(8, 24), Pair(32, 22), Pair(7, 24),
    Pair(11, 26), Pair(16, 23), Pair(10, 19), Pair(12, 23), Pair(10, 20), Pair(13, 25), Pair(13, 27),
    // passed pawn by relative rank
    Pair(0, 0), Pair(-16, -9), Pair(-27, 11), Pair(-21, 20), Pair(-1, 75), Pair(45, 102), Pair(64, 106), Pair(0, 0),
    // passed pawn: enemy king distance minus own
    Pair(-7, 21),
    // passed pawn with a free path, by relative rank
    Pair(0, 0), Pair(34, -2), Pair(-17, 11), Pair(-7, 21), Pair(-11, 26), Pair(36, 37), Pair(10, 42), Pair(0, 0),
    // doubled pawn
    Pair(-35, -37),
    // isolated pawn
    Pair(6, -13),
    // connected pawn by relative rank
    Pair(0, 0), Pair(2, 5), Pair(28, -2), Pair(22, -2), Pair(30, 10), Pair(43, 2), Pair(39, 40), Pair(0, 0),
    // rook on an open file
    Pair(34, -7),
    // rook on a semi-open file
    Pair(7, 21),
    // king shield: pawns one rank ahead, two ranks ahead
    Pair(29, 5), Pair(16, 8),
    // king danger by attack units
    Pair(-27, -7), Pair(-17, -14), Pair(-15, -17), Pair(21, -14), Pair(13, -8), Pair(-25, -2), Pair(28, -36), Pair(15, 15),
    Pair(53, 22), Pair(65, 23), Pair(43, 12), Pair(70, 8), Pair(91, 14), Pair(85, 5), Pair(94, -4), Pair(121, 5),
    // threats: pawn on piece
    Pair(78, 30),
    // threats: minor on rook or queen
    Pair(72, 16),
    // threats: rook on queen; bishop pair; tempo
    Pair(47, 21), Pair(37, 52), Pair(34, 5),
];
