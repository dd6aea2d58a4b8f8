//! The xiangqi evaluation weights (see `terms.rs` for what each one counts).
//!
//! Fitted by `timur tune fit` (`scripts/tune.sh`): Texel tuning on 25478 quiet
//! positions of self-play games (target: 0.5 × result + 0.5 × the labelling
//! engine's score), K = 0.499, 800 epochs of Adam at rate 1; held-out
//! error 0.045335 → 0.029098. Re-run the script, do not edit by hand.

use crate::variants::terms::Pair;

/// The evaluation weights, in term order (see `terms.rs`).
#[rustfmt::skip]
pub const WEIGHTS: [Pair; 704] = [
    // material: general, advisor, elephant, horse, chariot, cannon, soldier
    Pair(0, 0), Pair(223, 85), Pair(207, 60), Pair(387, 422), Pair(1076, 982), Pair(545, 444), Pair(38, 67),
    // general points (Red's view, a0 = 0)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(18, -17), Pair(174, -6), Pair(28, 19), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-64, 38), Pair(33, 26), Pair(-109, -14), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10),
    Pair(-20, -20), Pair(-20, -20), Pair(-20, -20), Pair(-62, -41), Pair(-37, -14), Pair(-40, -52), Pair(-20, -20), Pair(-20, -20), Pair(-20, -20),
    Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-20, -20), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30),
    Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-30, -30), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40),
    Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-40, -40), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50),
    Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-50, -50), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60),
    Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-60, -60), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70),
    Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-70, -70), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80),
    Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-80, -80), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90),
    // advisor points
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(74, -26), Pair(0, 0), Pair(18, -23), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(72, -23), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-95, -8), Pair(0, 0), Pair(-37, -24), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // elephant points
    Pair(-5, -5), Pair(-5, -5), Pair(10, -6), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-27, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-16, -33), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(61, -30), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-18, -44),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-51, -15), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(39, -18), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    // horse points
    Pair(-15, -15), Pair(-73, -40), Pair(-3, 9), Pair(10, 28), Pair(20, 20), Pair(-4, 4), Pair(2, 2), Pair(-19, -1), Pair(-10, -2),
    Pair(4, -15), Pair(-10, 3), Pair(12, 7), Pair(20, 11), Pair(-28, -18), Pair(7, 3), Pair(-61, -3), Pair(-10, -3), Pair(-75, -21),
    Pair(-26, -10), Pair(12, 7), Pair(-29, 5), Pair(44, 34), Pair(20, 50), Pair(-27, -6), Pair(26, 45), Pair(-15, -7), Pair(9, 10),
    Pair(12, 10), Pair(47, 26), Pair(-23, -5), Pair(55, 25), Pair(92, 50), Pair(22, 27), Pair(2, 3), Pair(1, 7), Pair(-7, -5),
    Pair(-1, -2), Pair(14, 21), Pair(59, 51), Pair(58, 19), Pair(58, 48), Pair(69, 44), Pair(44, 43), Pair(31, 23), Pair(2, 1),
    Pair(15, 15), Pair(6, 18), Pair(31, 11), Pair(108, 46), Pair(64, 44), Pair(69, 48), Pair(9, 24), Pair(19, 24), Pair(3, 4),
    Pair(-14, 15), Pair(37, 35), Pair(18, 36), Pair(93, 80), Pair(26, 26), Pair(51, 27), Pair(19, 31), Pair(34, 32), Pair(-5, 4),
    Pair(16, 15), Pair(41, 31), Pair(33, 26), Pair(77, 70), Pair(69, 67), Pair(70, 58), Pair(38, 47), Pair(32, 28), Pair(15, 13),
    Pair(-10, -6), Pair(1, 9), Pair(30, 29), Pair(17, 13), Pair(19, 4), Pair(23, 14), Pair(12, 8), Pair(15, 13), Pair(-15, -15),
    Pair(-31, -30), Pair(-15, -16), Pair(3, 1), Pair(-4, -4), Pair(0, 0), Pair(0, -4), Pair(-10, -10), Pair(-10, -11), Pair(-37, -37),
    // chariot points
    Pair(-41, -52), Pair(32, -7), Pair(0, -6), Pair(27, 16), Pair(8, 8), Pair(0, 3), Pair(-1, 4), Pair(-19, -9), Pair(-68, -48),
    Pair(18, 0), Pair(8, -6), Pair(11, 13), Pair(-7, 2), Pair(36, 11), Pair(37, 14), Pair(18, 8), Pair(-4, 2), Pair(-20, -1),
    Pair(1, 24), Pair(-18, 11), Pair(-6, 10), Pair(46, 26), Pair(53, 19), Pair(-4, 17), Pair(-5, 5), Pair(7, 2), Pair(-16, -6),
    Pair(-11, 0), Pair(28, 6), Pair(5, 30), Pair(4, 27), Pair(12, 7), Pair(31, 11), Pair(-5, 2), Pair(-11, -1), Pair(-6, 8),
    Pair(-5, -2), Pair(-12, 3), Pair(53, 14), Pair(5, 28), Pair(25, 7), Pair(26, 19), Pair(7, 5), Pair(20, -3), Pair(8, 9),
    Pair(-35, 8), Pair(5, 15), Pair(0, 4), Pair(15, 30), Pair(23, 47), Pair(-9, 21), Pair(30, 23), Pair(36, -1), Pair(-15, 11),
    Pair(28, 10), Pair(24, 28), Pair(59, 24), Pair(34, 18), Pair(9, 19), Pair(36, 35), Pair(65, 36), Pair(22, 0), Pair(-35, 22),
    Pair(-8, 10), Pair(13, 20), Pair(24, 23), Pair(38, 28), Pair(48, 47), Pair(42, 19), Pair(5, 21), Pair(-53, -5), Pair(6, 15),
    Pair(-9, -13), Pair(42, 8), Pair(-34, -9), Pair(40, 13), Pair(30, 33), Pair(13, 11), Pair(21, 5), Pair(11, 14), Pair(27, 33),
    Pair(-2, -14), Pair(40, -10), Pair(19, 12), Pair(10, -3), Pair(23, 29), Pair(28, 19), Pair(58, 20), Pair(-18, -15), Pair(10, -2),
    // cannon points
    Pair(9, 3), Pair(-14, -11), Pair(-30, -12), Pair(17, 13), Pair(20, 16), Pair(30, 26), Pair(-1, 5), Pair(25, 12), Pair(-6, -6),
    Pair(-23, -3), Pair(-5, 11), Pair(4, 8), Pair(17, 7), Pair(37, 25), Pair(48, 14), Pair(-37, 3), Pair(-18, -7), Pair(-3, 6),
    Pair(24, 1), Pair(52, 38), Pair(11, 20), Pair(45, 29), Pair(144, 27), Pair(2, 9), Pair(20, -16), Pair(19, -3), Pair(47, -14),
    Pair(30, 10), Pair(3, -4), Pair(13, 9), Pair(34, 28), Pair(35, 6), Pair(-33, 16), Pair(8, 37), Pair(-19, 7), Pair(-31, -4),
    Pair(-1, -15), Pair(19, 8), Pair(13, -8), Pair(-5, 15), Pair(44, -1), Pair(-12, 11), Pair(40, 24), Pair(17, 11), Pair(-11, 11),
    Pair(20, 8), Pair(-7, 0), Pair(-12, 0), Pair(8, 20), Pair(88, 20), Pair(30, 20), Pair(-14, -2), Pair(1, 5), Pair(-6, 0),
    Pair(6, 3), Pair(-34, -7), Pair(21, -20), Pair(48, 6), Pair(-6, 22), Pair(-15, 9), Pair(-49, -2), Pair(-17, 14), Pair(-1, 3),
    Pair(11, 11), Pair(1, 17), Pair(38, 15), Pair(-21, 8), Pair(18, 17), Pair(-11, 16), Pair(-18, -9), Pair(6, 14), Pair(-9, -9),
    Pair(-15, -12), Pair(-10, 10), Pair(-33, 3), Pair(22, 13), Pair(11, 12), Pair(15, 7), Pair(6, 7), Pair(-42, -1), Pair(1, 5),
    Pair(-65, -34), Pair(54, 34), Pair(10, 13), Pair(22, 12), Pair(31, 28), Pair(17, 3), Pair(-11, -2), Pair(64, 14), Pair(59, 36),
    // soldier points
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-24, 7), Pair(0, 0), Pair(-59, -17), Pair(0, 0), Pair(78, 14), Pair(0, 0), Pair(-2, 48), Pair(0, 0), Pair(21, 49),
    Pair(-36, 32), Pair(10, 10), Pair(21, 30), Pair(10, 10), Pair(-27, 8), Pair(10, 10), Pair(32, 47), Pair(10, 10), Pair(47, 32),
    Pair(105, 81), Pair(107, 116), Pair(102, 108), Pair(102, 110), Pair(116, 114), Pair(129, 140), Pair(39, 79), Pair(88, 64), Pair(25, 51),
    Pair(98, 103), Pair(123, 121), Pair(146, 159), Pair(158, 152), Pair(132, 129), Pair(138, 141), Pair(162, 111), Pair(89, 74), Pair(112, 79),
    Pair(129, 116), Pair(129, 119), Pair(141, 144), Pair(153, 155), Pair(150, 163), Pair(156, 185), Pair(121, 109), Pair(110, 71), Pair(118, 107),
    Pair(119, 108), Pair(121, 109), Pair(126, 117), Pair(137, 138), Pair(129, 126), Pair(137, 136), Pair(118, 114), Pair(118, 104), Pair(110, 97),
    Pair(56, 42), Pair(59, 51), Pair(61, 53), Pair(69, 72), Pair(64, 50), Pair(72, 76), Pair(59, 57), Pair(63, 69), Pair(62, 66),
    // horse mobility (0..=8 points)
    Pair(-81, -33), Pair(-41, -36), Pair(-24, -2), Pair(1, -2), Pair(-7, 1), Pair(52, 61), Pair(51, 13), Pair(9, 24), Pair(27, -3),
    // chariot mobility (0..=17)
    Pair(-46, -17), Pair(-29, -23), Pair(-34, -36), Pair(-1, -50), Pair(-12, -14), Pair(-3, -12), Pair(25, -1), Pair(6, -28), Pair(20, 7),
    Pair(55, 26), Pair(17, 38), Pair(0, -3), Pair(21, 43), Pair(8, 45), Pair(54, 2), Pair(30, 42), Pair(14, 18), Pair(19, 12),
    // cannon quiet mobility (0..=17)
    Pair(-16, -9), Pair(-14, 4), Pair(22, -7), Pair(3, -19), Pair(-23, -13), Pair(14, -7), Pair(20, -4), Pair(24, -11), Pair(1, 3),
    Pair(7, -11), Pair(2, 27), Pair(-8, -15), Pair(5, 4), Pair(24, 16), Pair(11, 8), Pair(15, -8), Pair(19, 24), Pair(-1, 19),
    // palace attack by units on the enemy palace
    Pair(-50, -23), Pair(7, -23), Pair(-56, -26), Pair(-3, -20), Pair(3, -35), Pair(13, 7), Pair(-27, -3), Pair(37, 40),
    Pair(4, -19), Pair(37, 32), Pair(74, 57), Pair(55, 41), Pair(92, 52), Pair(58, 31), Pair(80, 45), Pair(86, 45),
    // defenders: advisors and elephants while the enemy has attackers
    Pair(69, 29),
    // cannon on the enemy general's file behind one screen
    Pair(20, 10),
    // hollow cannon: facing the enemy general with nothing between
    Pair(137, -18),
    // crossed soldiers side by side
    Pair(-25, -50),
    // enemy cannons times own missing advisors
    Pair(78, 47),
    // tempo
    Pair(75, 18),
];
