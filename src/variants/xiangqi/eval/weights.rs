//! The xiangqi evaluation weights (see `terms.rs` for what each one counts).
//!
//! Fitted by `timur tune fit` (`scripts/tune.sh`): Texel tuning on 70924 quiet
//! positions of self-play games (labelled.txt; target: 0.5 × result + 0.5 × the
//! labelling engine's score), K = 0.632, 800 epochs of Adam at rate 1,
//! starting from the previous weights with an L2 pull of 0.00000001 towards them;
//! held-out error 0.029019 → 0.028105. Re-run the script, do not
//! edit by hand.

use crate::variants::terms::Pair;

/// The evaluation weights, in term order (see `terms.rs`).
#[rustfmt::skip]
pub const WEIGHTS: [Pair; 446] = [
    // material: general, advisor, elephant, horse, chariot, cannon, soldier
    Pair(0, 0), Pair(240, 67), Pair(174, 44), Pair(458, 360), Pair(1084, 957), Pair(610, 359), Pair(112, 41),
    // general points (Red's view, files a..=e by rank; f..=i mirror them)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(75, 3), Pair(159, 3),
    Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-95, 12), Pair(66, -2),
    Pair(-20, -20), Pair(-20, -20), Pair(-20, -20), Pair(-65, -31), Pair(-85, -13),
    Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-20, -20),
    Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-30, -30),
    Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-40, -40),
    Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-50, -50),
    Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-60, -60),
    Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-70, -70),
    Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-80, -80),
    // advisor points
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(35, -41), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(92, -32),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-58, -8), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // elephant points
    Pair(-5, -5), Pair(-5, -5), Pair(-19, -7), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-28, -32), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(57, -31),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-16, -37), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    // horse points
    Pair(-21, -17), Pair(-78, -25), Pair(44, 34), Pair(-5, 4), Pair(20, 20),
    Pair(-40, -10), Pair(-10, -2), Pair(-47, -24), Pair(5, -17), Pair(-37, -50),
    Pair(-19, -62), Pair(-40, 27), Pair(10, 32), Pair(47, 54), Pair(-30, 2),
    Pair(-25, -22), Pair(-4, 2), Pair(-67, 18), Pair(-6, 49), Pair(79, 13),
    Pair(-15, 4), Pair(10, 8), Pair(83, 30), Pair(35, 43), Pair(4, 39),
    Pair(2, 0), Pair(11, 32), Pair(33, 33), Pair(168, 25), Pair(33, 62),
    Pair(-4, 23), Pair(76, 49), Pair(66, 35), Pair(202, 30), Pair(-23, 20),
    Pair(47, 28), Pair(68, 10), Pair(48, 47), Pair(74, 63), Pair(71, 85),
    Pair(-11, 4), Pair(17, 9), Pair(63, 25), Pair(45, 7), Pair(23, 12),
    Pair(-25, -24), Pair(-16, -11), Pair(2, 10), Pair(0, 7), Pair(0, 0),
    // chariot points
    Pair(-49, -81), Pair(20, -46), Pair(-16, 8), Pair(-25, -9), Pair(12, 10),
    Pair(-36, 15), Pair(12, -2), Pair(24, 17), Pair(4, -4), Pair(-3, 7),
    Pair(-60, -15), Pair(-47, 8), Pair(28, 21), Pair(-46, 32), Pair(11, 30),
    Pair(-17, 23), Pair(16, 9), Pair(18, 20), Pair(5, -4), Pair(39, 33),
    Pair(-32, -8), Pair(56, -1), Pair(41, 3), Pair(12, 0), Pair(31, 30),
    Pair(29, 26), Pair(77, 10), Pair(71, 10), Pair(5, 26), Pair(15, 66),
    Pair(9, 24), Pair(64, -5), Pair(49, 26), Pair(14, 19), Pair(11, 66),
    Pair(-25, 18), Pair(-33, -3), Pair(20, 26), Pair(46, 30), Pair(46, 46),
    Pair(-4, -11), Pair(25, 8), Pair(-19, 8), Pair(73, 4), Pair(16, 25),
    Pair(13, -12), Pair(37, -29), Pair(18, 7), Pair(51, 8), Pair(17, 31),
    // cannon points
    Pair(6, -12), Pair(-21, -41), Pair(-5, 0), Pair(51, 37), Pair(10, 16),
    Pair(22, -8), Pair(-19, 16), Pair(71, 1), Pair(-9, 38), Pair(67, 28),
    Pair(58, 6), Pair(-3, 45), Pair(52, 11), Pair(70, -14), Pair(97, 21),
    Pair(12, 8), Pair(-41, 6), Pair(40, 17), Pair(-69, 47), Pair(56, 18),
    Pair(16, -6), Pair(39, -14), Pair(39, -8), Pair(-1, 1), Pair(96, 17),
    Pair(0, 19), Pair(-47, 35), Pair(-20, 0), Pair(-16, 38), Pair(81, 39),
    Pair(-5, -3), Pair(-27, -20), Pair(73, -19), Pair(-41, 9), Pair(39, 51),
    Pair(-6, -5), Pair(32, -1), Pair(4, -10), Pair(-31, 16), Pair(16, 10),
    Pair(-14, -12), Pair(-18, 25), Pair(-30, -8), Pair(5, 7), Pair(9, 17),
    Pair(47, -24), Pair(20, 32), Pair(-52, -44), Pair(5, -20), Pair(3, -31),
    // soldier points
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-34, 36), Pair(0, 0), Pair(-49, 39), Pair(0, 0), Pair(36, 41),
    Pair(-39, 38), Pair(10, 10), Pair(15, 64), Pair(10, 10), Pair(21, 60),
    Pair(53, 76), Pair(147, 110), Pair(111, 104), Pair(162, 150), Pair(98, 120),
    Pair(30, 52), Pair(123, 107), Pair(174, 89), Pair(119, 120), Pair(148, 107),
    Pair(46, 79), Pair(121, 76), Pair(163, 124), Pair(223, 184), Pair(157, 174),
    Pair(115, 99), Pair(123, 91), Pair(137, 117), Pair(164, 105), Pair(142, 175),
    Pair(44, 34), Pair(48, 19), Pair(82, 33), Pair(98, 76), Pair(64, 36),
    // horse mobility (0..=8 points)
    Pair(-105, -68), Pair(-14, -5), Pair(-9, -7), Pair(-9, -6), Pair(1, 17), Pair(24, 23), Pair(51, 8), Pair(57, -5), Pair(61, 6),
    // chariot mobility (0..=17)
    Pair(-47, -17), Pair(7, -29), Pair(-37, -60), Pair(-13, -61), Pair(-37, -47), Pair(-23, -21), Pair(11, -24), Pair(7, 10), Pair(34, 18),
    Pair(8, 27), Pair(27, 32), Pair(12, 34), Pair(25, 15), Pair(12, 41), Pair(59, -1), Pair(35, 40), Pair(36, 32), Pair(33, 34),
    // cannon quiet mobility (0..=17)
    Pair(-43, -14), Pair(-55, -31), Pair(14, -22), Pair(-2, -14), Pair(4, 2), Pair(15, -36), Pair(-5, -12), Pair(20, -5), Pair(6, 8),
    Pair(17, 22), Pair(20, 6), Pair(42, 10), Pair(37, -12), Pair(29, -14), Pair(45, 7), Pair(20, 8), Pair(9, 24), Pair(-4, -13),
    // palace attack by units on the enemy palace
    Pair(-94, 19), Pair(-12, -36), Pair(-69, -9), Pair(36, -35), Pair(-2, -30), Pair(49, -30), Pair(-20, -13), Pair(39, 30),
    Pair(21, -16), Pair(53, 62), Pair(52, 50), Pair(60, 40), Pair(81, 53), Pair(60, 33), Pair(80, 45), Pair(76, 37),
    // defenders: advisors and elephants while the enemy has attackers
    Pair(66, 24),
    // cannon on the enemy general's file behind one screen
    Pair(20, 10),
    // hollow cannon: facing the enemy general with nothing between
    Pair(136, -43),
    // crossed soldiers side by side
    Pair(-20, -21),
    // enemy cannons times own missing advisors
    Pair(43, 38),
    // hanging: advisor, elephant, horse, chariot, cannon, soldier (to move; waiting)
    Pair(-2, -15), Pair(-41, -23), Pair(-78, -29), Pair(-22, 22), Pair(-102, -37), Pair(-32, -16),
    Pair(-37, -36), Pair(-19, -11), Pair(-38, -1), Pair(-17, -4), Pair(-71, -22), Pair(-27, -19),
    // attacked by a cheaper piece: horse, chariot, cannon (to move; waiting)
    Pair(-23, 11), Pair(-81, -1), Pair(-47, -2),
    Pair(-10, 2), Pair(-25, -15), Pair(-8, -5),
    // safe checking points against the general: chariot, horse, cannon
    Pair(-63, 14), Pair(-68, 2), Pair(-27, 1),
    // guarded checking points against the general
    Pair(9, -4),
    // tempo
    Pair(106, 10),
];
