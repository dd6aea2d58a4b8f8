//! The xiangqi evaluation weights (see `terms.rs` for what each one counts).
//!
//! Fitted by `timur tune fit` (`scripts/tune.sh`): Texel tuning on 166222 quiet
//! positions of self-play games (two files; target: 0.5 × result + 0.5 × the
//! labelling engine's score), K = 0.617, 800 epochs of Adam at rate 1,
//! starting from the previous weights with an L2 pull of 0.00000001 towards them;
//! held-out error 0.030408 → 0.029521. Re-run the script, do not
//! edit by hand.

use crate::variants::terms::Pair;

/// The evaluation weights, in term order (see `terms.rs`).
#[rustfmt::skip]
pub const WEIGHTS: [Pair; 446] = [
    // material: general, advisor, elephant, horse, chariot, cannon, soldier
    Pair(0, 0), Pair(242, 66), Pair(167, 38), Pair(476, 345), Pair(1084, 933), Pair(637, 342), Pair(101, 40),
    // general points (Red's view, files a..=e by rank; f..=i mirror them)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(92, 3), Pair(162, -8),
    Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-92, 11), Pair(58, -1),
    Pair(-20, -20), Pair(-20, -20), Pair(-20, -20), Pair(-74, -28), Pair(-91, -4),
    Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-20, -20),
    Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-30, -30),
    Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-40, -40),
    Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-50, -50),
    Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-60, -60),
    Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-70, -70),
    Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-80, -80),
    // advisor points
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(26, -34), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(100, -29),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-56, -19), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // elephant points
    Pair(-5, -5), Pair(-5, -5), Pair(-9, -19), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-39, -30), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(57, -32),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-22, -32), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    // horse points
    Pair(-23, -18), Pair(-82, -22), Pair(15, 19), Pair(-2, -9), Pair(19, 19),
    Pair(-51, -13), Pair(-10, -2), Pair(-46, -23), Pair(-3, -21), Pair(-48, -64),
    Pair(-19, -63), Pair(-43, 37), Pair(16, 21), Pair(53, 47), Pair(-17, -2),
    Pair(-27, -24), Pair(-11, -5), Pair(-65, 30), Pair(-3, 47), Pair(74, 16),
    Pair(-19, 5), Pair(13, 13), Pair(98, 35), Pair(31, 44), Pair(-6, 49),
    Pair(3, 1), Pair(10, 29), Pair(30, 31), Pair(172, 30), Pair(36, 61),
    Pair(-5, 19), Pair(88, 48), Pair(26, 43), Pair(208, 17), Pair(-24, 27),
    Pair(52, 31), Pair(75, 8), Pair(52, 46), Pair(81, 63), Pair(77, 80),
    Pair(-12, 2), Pair(19, 12), Pair(97, 32), Pair(50, 5), Pair(27, 16),
    Pair(-21, -21), Pair(-12, -7), Pair(6, 16), Pair(2, 10), Pair(0, 0),
    // chariot points
    Pair(-57, -82), Pair(20, -63), Pair(-29, 5), Pair(-3, -3), Pair(14, 11),
    Pair(-46, 19), Pair(9, -3), Pair(6, 9), Pair(-17, -7), Pair(-19, 4),
    Pair(-62, -12), Pair(-38, 5), Pair(13, 19), Pair(-32, 36), Pair(5, 36),
    Pair(-9, 29), Pair(20, 14), Pair(24, 19), Pair(22, -1), Pair(49, 44),
    Pair(-29, -4), Pair(40, -4), Pair(36, 7), Pair(9, -4), Pair(27, 37),
    Pair(33, 23), Pair(71, -5), Pair(78, 0), Pair(9, 25), Pair(21, 76),
    Pair(12, 21), Pair(63, -13), Pair(58, 16), Pair(23, 17), Pair(14, 80),
    Pair(-34, 19), Pair(-28, -9), Pair(8, 29), Pair(46, 36), Pair(48, 50),
    Pair(-12, -16), Pair(26, 0), Pair(-25, 11), Pair(73, 7), Pair(16, 28),
    Pair(14, -19), Pair(47, -31), Pair(23, 7), Pair(73, 6), Pair(13, 30),
    // cannon points
    Pair(9, -16), Pair(-22, -47), Pair(-5, -2), Pair(52, 15), Pair(5, 15),
    Pair(24, -6), Pair(-13, 19), Pair(82, -13), Pair(-15, 38), Pair(75, 29),
    Pair(45, 10), Pair(-16, 41), Pair(41, 19), Pair(63, -23), Pair(88, 25),
    Pair(16, 9), Pair(-44, 10), Pair(43, 14), Pair(-54, 55), Pair(72, 24),
    Pair(11, -6), Pair(20, -16), Pair(50, -18), Pair(4, -1), Pair(95, 20),
    Pair(3, 24), Pair(-46, 39), Pair(-25, 1), Pair(-22, 42), Pair(114, 40),
    Pair(17, 2), Pair(-9, -21), Pair(64, -19), Pair(-45, 9), Pair(30, 54),
    Pair(-11, -3), Pair(35, -4), Pair(7, -5), Pair(-56, 15), Pair(14, 12),
    Pair(-8, -12), Pair(-14, 24), Pair(-35, -13), Pair(4, 3), Pair(12, 20),
    Pair(96, -16), Pair(-1, 36), Pair(-53, -44), Pair(-8, -21), Pair(-5, -42),
    // soldier points
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-38, 36), Pair(0, 0), Pair(-51, 63), Pair(0, 0), Pair(32, 47),
    Pair(-35, 43), Pair(10, 10), Pair(21, 59), Pair(10, 10), Pair(5, 72),
    Pair(44, 72), Pair(125, 102), Pair(104, 107), Pair(161, 116), Pair(101, 116),
    Pair(14, 54), Pair(123, 102), Pair(183, 87), Pair(118, 131), Pair(159, 114),
    Pair(31, 71), Pair(120, 76), Pair(170, 110), Pair(238, 205), Pair(160, 184),
    Pair(107, 95), Pair(123, 88), Pair(139, 105), Pair(187, 114), Pair(147, 187),
    Pair(40, 23), Pair(46, 13), Pair(86, 30), Pair(106, 78), Pair(64, 32),
    // horse mobility (0..=8 points)
    Pair(-88, -81), Pair(-29, -8), Pair(-12, -9), Pair(-9, -2), Pair(5, 18), Pair(32, 23), Pair(48, 9), Pair(60, 2), Pair(67, -3),
    // chariot mobility (0..=17)
    Pair(-49, -17), Pair(-16, -34), Pair(-33, -58), Pair(-22, -63), Pair(-32, -44), Pair(-18, -18), Pair(20, -29), Pair(17, 10), Pair(28, 11),
    Pair(17, 21), Pair(22, 19), Pair(15, 35), Pair(20, 15), Pair(20, 49), Pair(52, 11), Pair(39, 35), Pair(22, 33), Pair(46, 22),
    // cannon quiet mobility (0..=17)
    Pair(-57, -18), Pair(-55, -35), Pair(1, -23), Pair(-16, -16), Pair(13, 0), Pair(13, -26), Pair(5, -3), Pair(28, 3), Pair(20, 13),
    Pair(19, 19), Pair(24, 2), Pair(36, -1), Pair(41, -15), Pair(28, -18), Pair(38, 5), Pair(30, 9), Pair(13, 14), Pair(15, -12),
    // palace attack by units on the enemy palace
    Pair(-88, 12), Pair(-16, -37), Pair(-75, -16), Pair(45, -36), Pair(-19, -28), Pair(59, -34), Pair(-22, -24), Pair(41, 27),
    Pair(5, -11), Pair(61, 72), Pair(37, 51), Pair(61, 42), Pair(79, 57), Pair(61, 34), Pair(89, 48), Pair(94, 41),
    // defenders: advisors and elephants while the enemy has attackers
    Pair(67, 35),
    // cannon on the enemy general's file behind one screen
    Pair(20, 10),
    // hollow cannon: facing the enemy general with nothing between
    Pair(131, -53),
    // crossed soldiers side by side
    Pair(-15, -1),
    // enemy cannons times own missing advisors
    Pair(50, 42),
    // hanging: advisor, elephant, horse, chariot, cannon, soldier (to move; waiting)
    Pair(-7, -17), Pair(-49, -21), Pair(-79, -30), Pair(-19, 28), Pair(-104, -39), Pair(-23, -18),
    Pair(-47, -39), Pair(-29, -15), Pair(-54, -7), Pair(-20, -3), Pair(-100, -30), Pair(-21, -25),
    // attacked by a cheaper piece: horse, chariot, cannon (to move; waiting)
    Pair(-35, 12), Pair(-90, 0), Pair(-62, -1),
    Pair(-15, 0), Pair(-33, -18), Pair(-18, -10),
    // safe checking points against the general: chariot, horse, cannon
    Pair(-122, 34), Pair(-119, 5), Pair(-36, -4),
    // guarded checking points against the general
    Pair(4, 2),
    // tempo
    Pair(108, 9),
];
