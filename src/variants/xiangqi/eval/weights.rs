//! The xiangqi evaluation weights (see `terms.rs` for what each one counts).
//!
//! Hand-set starting values; `scripts/tune.sh xiangqi` refits them.

use crate::variants::terms::Pair;

/// The evaluation weights, in term order (see `terms.rs`).
#[rustfmt::skip]
pub const WEIGHTS: [Pair; 704] = [
    // material: general, advisor, elephant, horse, chariot, cannon, soldier
    Pair(0, 0), Pair(200, 200), Pair(200, 200), Pair(400, 400), Pair(950, 950), Pair(450, 450), Pair(100, 100),
    // general points (Red's view, a0 = 0)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(10, 10), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(0, 0), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10), Pair(-10, -10),
    Pair(-20, -20), Pair(-20, -20), Pair(-20, -20), Pair(-20, -20), Pair(-10, -10), Pair(-20, -20), Pair(-20, -20), Pair(-20, -20), Pair(-20, -20),
    Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-20, -20), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30), Pair(-30, -30),
    Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-30, -30), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40), Pair(-40, -40),
    Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-40, -40), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50), Pair(-50, -50),
    Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-50, -50), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60), Pair(-60, -60),
    Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-60, -60), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70), Pair(-70, -70),
    Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-70, -70), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80), Pair(-80, -80),
    Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-80, -80), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90), Pair(-90, -90),
    // advisor points (Red's view, a0 = 0)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(10, 10), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // elephant points (Red's view, a0 = 0)
    Pair(-5, -5), Pair(-5, -5), Pair(0, 0), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(0, 0), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(10, 10), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5), Pair(-5, -5),
    // horse points (Red's view, a0 = 0)
    Pair(-15, -15), Pair(5, 5), Pair(10, 10), Pair(15, 15), Pair(20, 20), Pair(15, 15), Pair(10, 10), Pair(5, 5), Pair(-15, -15),
    Pair(-15, -15), Pair(5, 5), Pair(10, 10), Pair(15, 15), Pair(20, 20), Pair(15, 15), Pair(10, 10), Pair(5, 5), Pair(-15, -15),
    Pair(-7, -7), Pair(13, 13), Pair(18, 18), Pair(23, 23), Pair(28, 28), Pair(23, 23), Pair(18, 18), Pair(13, 13), Pair(-7, -7),
    Pair(-3, -3), Pair(17, 17), Pair(22, 22), Pair(27, 27), Pair(32, 32), Pair(27, 27), Pair(22, 22), Pair(17, 17), Pair(-3, -3),
    Pair(1, 1), Pair(21, 21), Pair(26, 26), Pair(31, 31), Pair(36, 36), Pair(31, 31), Pair(26, 26), Pair(21, 21), Pair(1, 1),
    Pair(5, 5), Pair(25, 25), Pair(30, 30), Pair(35, 35), Pair(40, 40), Pair(35, 35), Pair(30, 30), Pair(25, 25), Pair(5, 5),
    Pair(9, 9), Pair(29, 29), Pair(34, 34), Pair(39, 39), Pair(44, 44), Pair(39, 39), Pair(34, 34), Pair(29, 29), Pair(9, 9),
    Pair(13, 13), Pair(33, 33), Pair(38, 38), Pair(43, 43), Pair(48, 48), Pair(43, 43), Pair(38, 38), Pair(33, 33), Pair(13, 13),
    Pair(-15, -15), Pair(5, 5), Pair(10, 10), Pair(15, 15), Pair(20, 20), Pair(15, 15), Pair(10, 10), Pair(5, 5), Pair(-15, -15),
    Pair(-35, -35), Pair(-15, -15), Pair(-10, -10), Pair(-5, -5), Pair(0, 0), Pair(-5, -5), Pair(-10, -10), Pair(-15, -15), Pair(-35, -35),
    // chariot points (Red's view, a0 = 0)
    Pair(0, 0), Pair(2, 2), Pair(4, 4), Pair(6, 6), Pair(8, 8), Pair(6, 6), Pair(4, 4), Pair(2, 2), Pair(0, 0),
    Pair(0, 0), Pair(2, 2), Pair(4, 4), Pair(6, 6), Pair(8, 8), Pair(6, 6), Pair(4, 4), Pair(2, 2), Pair(0, 0),
    Pair(0, 0), Pair(2, 2), Pair(4, 4), Pair(6, 6), Pair(8, 8), Pair(6, 6), Pair(4, 4), Pair(2, 2), Pair(0, 0),
    Pair(5, 5), Pair(7, 7), Pair(9, 9), Pair(11, 11), Pair(13, 13), Pair(11, 11), Pair(9, 9), Pair(7, 7), Pair(5, 5),
    Pair(0, 0), Pair(2, 2), Pair(4, 4), Pair(6, 6), Pair(8, 8), Pair(6, 6), Pair(4, 4), Pair(2, 2), Pair(0, 0),
    Pair(10, 10), Pair(12, 12), Pair(14, 14), Pair(16, 16), Pair(18, 18), Pair(16, 16), Pair(14, 14), Pair(12, 12), Pair(10, 10),
    Pair(15, 15), Pair(17, 17), Pair(19, 19), Pair(21, 21), Pair(23, 23), Pair(21, 21), Pair(19, 19), Pair(17, 17), Pair(15, 15),
    Pair(10, 10), Pair(12, 12), Pair(14, 14), Pair(16, 16), Pair(18, 18), Pair(16, 16), Pair(14, 14), Pair(12, 12), Pair(10, 10),
    Pair(10, 10), Pair(12, 12), Pair(14, 14), Pair(16, 16), Pair(18, 18), Pair(16, 16), Pair(14, 14), Pair(12, 12), Pair(10, 10),
    Pair(10, 10), Pair(12, 12), Pair(14, 14), Pair(16, 16), Pair(18, 18), Pair(16, 16), Pair(14, 14), Pair(12, 12), Pair(10, 10),
    // cannon points (Red's view, a0 = 0)
    Pair(0, 0), Pair(3, 3), Pair(6, 6), Pair(9, 9), Pair(20, 20), Pair(9, 9), Pair(6, 6), Pair(3, 3), Pair(0, 0),
    Pair(0, 0), Pair(3, 3), Pair(6, 6), Pair(9, 9), Pair(20, 20), Pair(9, 9), Pair(6, 6), Pair(3, 3), Pair(0, 0),
    Pair(0, 0), Pair(3, 3), Pair(6, 6), Pair(9, 9), Pair(20, 20), Pair(9, 9), Pair(6, 6), Pair(3, 3), Pair(0, 0),
    Pair(0, 0), Pair(3, 3), Pair(6, 6), Pair(9, 9), Pair(20, 20), Pair(9, 9), Pair(6, 6), Pair(3, 3), Pair(0, 0),
    Pair(0, 0), Pair(3, 3), Pair(6, 6), Pair(9, 9), Pair(20, 20), Pair(9, 9), Pair(6, 6), Pair(3, 3), Pair(0, 0),
    Pair(0, 0), Pair(3, 3), Pair(6, 6), Pair(9, 9), Pair(20, 20), Pair(9, 9), Pair(6, 6), Pair(3, 3), Pair(0, 0),
    Pair(0, 0), Pair(3, 3), Pair(6, 6), Pair(9, 9), Pair(20, 20), Pair(9, 9), Pair(6, 6), Pair(3, 3), Pair(0, 0),
    Pair(5, 5), Pair(8, 8), Pair(11, 11), Pair(14, 14), Pair(25, 25), Pair(14, 14), Pair(11, 11), Pair(8, 8), Pair(5, 5),
    Pair(5, 5), Pair(8, 8), Pair(11, 11), Pair(14, 14), Pair(25, 25), Pair(14, 14), Pair(11, 11), Pair(8, 8), Pair(5, 5),
    Pair(5, 5), Pair(8, 8), Pair(11, 11), Pair(14, 14), Pair(25, 25), Pair(14, 14), Pair(11, 11), Pair(8, 8), Pair(5, 5),
    // soldier points (Red's view, a0 = 0)
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10), Pair(10, 10),
    Pair(100, 100), Pair(100, 100), Pair(100, 100), Pair(110, 110), Pair(110, 110), Pair(110, 110), Pair(100, 100), Pair(100, 100), Pair(100, 100),
    Pair(120, 120), Pair(120, 120), Pair(120, 120), Pair(130, 130), Pair(130, 130), Pair(130, 130), Pair(120, 120), Pair(120, 120), Pair(120, 120),
    Pair(130, 130), Pair(130, 130), Pair(130, 130), Pair(140, 140), Pair(140, 140), Pair(140, 140), Pair(130, 130), Pair(130, 130), Pair(130, 130),
    Pair(120, 120), Pair(120, 120), Pair(120, 120), Pair(130, 130), Pair(130, 130), Pair(130, 130), Pair(120, 120), Pair(120, 120), Pair(120, 120),
    Pair(60, 60), Pair(60, 60), Pair(60, 60), Pair(70, 70), Pair(70, 70), Pair(70, 70), Pair(60, 60), Pair(60, 60), Pair(60, 60),
    // horse mobility (0..=8 points)
    Pair(-16, -16), Pair(-12, -12), Pair(-8, -8), Pair(-4, -4), Pair(0, 0), Pair(4, 4), Pair(8, 8), Pair(12, 12), Pair(16, 16),
    // chariot mobility (0..=17)
    Pair(-16, -16), Pair(-14, -14), Pair(-12, -12), Pair(-10, -10), Pair(-8, -8), Pair(-6, -6), Pair(-4, -4), Pair(-2, -2), Pair(0, 0),
    Pair(2, 2), Pair(4, 4), Pair(6, 6), Pair(8, 8), Pair(10, 10), Pair(12, 12), Pair(14, 14), Pair(16, 16), Pair(18, 18),
    // cannon quiet mobility (0..=17)
    Pair(-8, -8), Pair(-7, -7), Pair(-6, -6), Pair(-5, -5), Pair(-4, -4), Pair(-3, -3), Pair(-2, -2), Pair(-1, -1), Pair(0, 0),
    Pair(1, 1), Pair(2, 2), Pair(3, 3), Pair(4, 4), Pair(5, 5), Pair(6, 6), Pair(7, 7), Pair(8, 8), Pair(9, 9),
    // palace attack by units on the enemy palace
    Pair(0, 0), Pair(0, 0), Pair(1, 0), Pair(3, 1), Pair(5, 2), Pair(8, 4), Pair(12, 6), Pair(16, 8),
    Pair(21, 10), Pair(27, 13), Pair(33, 16), Pair(40, 20), Pair(48, 24), Pair(56, 28), Pair(65, 32), Pair(75, 37),
    // defenders: advisors and elephants while the enemy has attackers
    Pair(15, 15),
    // cannon on the enemy general's file behind one screen
    Pair(20, 10),
    // hollow cannon: facing the enemy general with nothing between
    Pair(40, 20),
    // crossed soldiers side by side
    Pair(10, 20),
    // enemy cannons times own missing advisors
    Pair(15, 5),
    // tempo
    Pair(10, 10),
];
