//! The chess evaluation weights (see `terms.rs` for what each one counts).
//!
//! Hand-set starting values; `scripts/tune.sh chess` refits them.

use crate::variants::terms::Pair;

/// The evaluation weights, in term order (see `terms.rs`).
#[rustfmt::skip]
pub const WEIGHTS: [Pair; 508] = [
    // material: pawn, knight, bishop, rook, queen, king
    Pair(100, 120), Pair(320, 300), Pair(330, 320), Pair(500, 540), Pair(950, 980), Pair(0, 0),
    // pawn squares
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(5, 0), Pair(10, 0), Pair(10, 0), Pair(-20, 0), Pair(-20, 0), Pair(10, 0), Pair(10, 0), Pair(5, 0),
    Pair(5, 5), Pair(-5, 5), Pair(-10, 5), Pair(0, 5), Pair(0, 5), Pair(-10, 5), Pair(-5, 5), Pair(5, 5),
    Pair(0, 10), Pair(0, 10), Pair(0, 10), Pair(20, 10), Pair(20, 10), Pair(0, 10), Pair(0, 10), Pair(0, 10),
    Pair(5, 25), Pair(5, 25), Pair(10, 25), Pair(25, 25), Pair(25, 25), Pair(10, 25), Pair(5, 25), Pair(5, 25),
    Pair(10, 50), Pair(10, 50), Pair(20, 50), Pair(30, 50), Pair(30, 50), Pair(20, 50), Pair(10, 50), Pair(10, 50),
    Pair(50, 90), Pair(50, 90), Pair(50, 90), Pair(50, 90), Pair(50, 90), Pair(50, 90), Pair(50, 90), Pair(50, 90),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // knight squares
    Pair(-50, -50), Pair(-40, -40), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-40, -40), Pair(-50, -50),
    Pair(-40, -40), Pair(-20, -20), Pair(0, 0), Pair(5, 5), Pair(5, 5), Pair(0, 0), Pair(-20, -20), Pair(-40, -40),
    Pair(-30, -30), Pair(5, 5), Pair(10, 10), Pair(15, 15), Pair(15, 15), Pair(10, 10), Pair(5, 5), Pair(-30, -30),
    Pair(-30, -30), Pair(0, 0), Pair(15, 15), Pair(20, 20), Pair(20, 20), Pair(15, 15), Pair(0, 0), Pair(-30, -30),
    Pair(-30, -30), Pair(5, 5), Pair(15, 15), Pair(20, 20), Pair(20, 20), Pair(15, 15), Pair(5, 5), Pair(-30, -30),
    Pair(-30, -30), Pair(0, 0), Pair(10, 10), Pair(15, 15), Pair(15, 15), Pair(10, 10), Pair(0, 0), Pair(-30, -30),
    Pair(-40, -40), Pair(-20, -20), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-20, -20), Pair(-40, -40),
    Pair(-50, -50), Pair(-40, -40), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-40, -40), Pair(-50, -50),
    // bishop squares
    Pair(-20, -20), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-20, -20),
    Pair(-10, -10), Pair(5, 5), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(5, 5), Pair(-10, -10),
    Pair(-10, -10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(-10, -10),
    Pair(-10, -10), Pair(0, 0), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(0, 0), Pair(-10, -10),
    Pair(-10, -10), Pair(5, 5), Pair(5, 5), Pair(10, 10), Pair(10, 10), Pair(5, 5), Pair(5, 5), Pair(-10, -10),
    Pair(-10, -10), Pair(0, 0), Pair(5, 5), Pair(10, 10), Pair(10, 10), Pair(5, 5), Pair(0, 0), Pair(-10, -10),
    Pair(-10, -10), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-10, -10),
    Pair(-20, -20), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-20, -20),
    // rook squares
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(5, 5), Pair(5, 5), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-5, -5), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-5, -5),
    Pair(-5, -5), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-5, -5),
    Pair(-5, -5), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-5, -5),
    Pair(-5, -5), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-5, -5),
    Pair(-5, -5), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-5, -5),
    Pair(5, 5), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(5, 5),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // queen squares
    Pair(-20, -20), Pair(-10, -10), Pair(-10, -10), Pair(-5, -5), Pair(-5, -5), Pair(-10, -10), Pair(-10, -10), Pair(-20, -20),
    Pair(-10, -10), Pair(0, 0), Pair(5, 5), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-10, -10),
    Pair(-10, -10), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(0, 0), Pair(-10, -10),
    Pair(0, 0), Pair(0, 0), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(0, 0), Pair(-5, -5),
    Pair(-5, -5), Pair(0, 0), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(0, 0), Pair(-5, -5),
    Pair(-10, -10), Pair(0, 0), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(5, 5), Pair(0, 0), Pair(-10, -10),
    Pair(-10, -10), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-10, -10),
    Pair(-20, -20), Pair(-10, -10), Pair(-10, -10), Pair(-5, -5), Pair(-5, -5), Pair(-10, -10), Pair(-10, -10), Pair(-20, -20),
    // king squares
    Pair(20, -50), Pair(30, -30), Pair(10, -30), Pair(0, -30), Pair(0, -30), Pair(10, -30), Pair(30, -30), Pair(20, -50),
    Pair(20, -30), Pair(20, -30), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(20, -30), Pair(20, -30),
    Pair(-10, -30), Pair(-20, -10), Pair(-20, 20), Pair(-20, 30), Pair(-20, 30), Pair(-20, 20), Pair(-20, -10), Pair(-10, -30),
    Pair(-20, -30), Pair(-30, -10), Pair(-30, 30), Pair(-40, 40), Pair(-40, 40), Pair(-30, 30), Pair(-30, -10), Pair(-20, -30),
    Pair(-30, -30), Pair(-40, -10), Pair(-40, 30), Pair(-50, 40), Pair(-50, 40), Pair(-40, 30), Pair(-40, -10), Pair(-30, -30),
    Pair(-30, -30), Pair(-40, -10), Pair(-40, 20), Pair(-50, 30), Pair(-50, 30), Pair(-40, 20), Pair(-40, -10), Pair(-30, -30),
    Pair(-30, -30), Pair(-40, -20), Pair(-40, -10), Pair(-50, 0), Pair(-50, 0), Pair(-40, -10), Pair(-40, -20), Pair(-30, -30),
    Pair(-30, -50), Pair(-40, -40), Pair(-40, -30), Pair(-50, -20), Pair(-50, -20), Pair(-40, -30), Pair(-40, -40), Pair(-30, -50),
    // knight mobility (0..=8 squares)
    Pair(-16, -16), Pair(-12, -12), Pair(-8, -8), Pair(-4, -4), Pair(0, 0), Pair(4, 4), Pair(8, 8), Pair(12, 12), Pair(16, 16),
    // bishop mobility (0..=13)
    Pair(-30, -30), Pair(-25, -25), Pair(-20, -20), Pair(-15, -15), Pair(-10, -10), Pair(-5, -5), Pair(0, 0),
    Pair(5, 5), Pair(10, 10), Pair(15, 15), Pair(20, 20), Pair(25, 25), Pair(30, 30), Pair(35, 35),
    // rook mobility (0..=14)
    Pair(-14, -28), Pair(-12, -24), Pair(-10, -20), Pair(-8, -16), Pair(-6, -12), Pair(-4, -8), Pair(-2, -4), Pair(0, 0),
    Pair(2, 4), Pair(4, 8), Pair(6, 12), Pair(8, 16), Pair(10, 20), Pair(12, 24), Pair(14, 28),
    // queen mobility (0..=27)
    Pair(-13, -26), Pair(-12, -24), Pair(-11, -22), Pair(-10, -20), Pair(-9, -18), Pair(-8, -16), Pair(-7, -14),
    Pair(-6, -12), Pair(-5, -10), Pair(-4, -8), Pair(-3, -6), Pair(-2, -4), Pair(-1, -2), Pair(0, 0),
    Pair(1, 2), Pair(2, 4), Pair(3, 6), Pair(4, 8), Pair(5, 10), Pair(6, 12), Pair(7, 14),
    Pair(8, 16), Pair(9, 18), Pair(10, 20), Pair(11, 22), Pair(12, 24), Pair(13, 26), Pair(14, 28),
    // passed pawn by relative rank
    Pair(0, 0), Pair(5, 10), Pair(5, 15), Pair(10, 25), Pair(20, 45), Pair(35, 75), Pair(60, 120), Pair(0, 0),
    // passed pawn: enemy king distance minus own
    Pair(0, 5),
    // passed pawn with a free path, by relative rank
    Pair(0, 0), Pair(0, 0), Pair(0, 5), Pair(0, 10), Pair(5, 15), Pair(10, 25), Pair(15, 40), Pair(0, 0),
    // doubled pawn
    Pair(-10, -20),
    // isolated pawn
    Pair(-10, -15),
    // connected pawn by relative rank
    Pair(0, 0), Pair(0, 0), Pair(5, 5), Pair(10, 10), Pair(15, 15), Pair(20, 25), Pair(30, 40), Pair(0, 0),
    // rook on an open file
    Pair(25, 10),
    // rook on a semi-open file
    Pair(10, 5),
    // king shield: pawns one rank ahead, two ranks ahead
    Pair(10, 0), Pair(5, 0),
    // king danger by attack units
    Pair(0, 0), Pair(-1, 0), Pair(-2, 0), Pair(-5, 0), Pair(-8, 0), Pair(-13, 0), Pair(-18, 0), Pair(-25, 0),
    Pair(-32, 0), Pair(-41, 0), Pair(-50, 0), Pair(-61, 0), Pair(-72, 0), Pair(-85, 0), Pair(-98, 0), Pair(-113, 0),
    // threats: pawn on piece
    Pair(40, 30),
    // threats: minor on rook or queen
    Pair(30, 20),
    // threats: rook on queen; bishop pair; tempo
    Pair(30, 20), Pair(30, 30), Pair(10, 0),
];
