//! The retrograde solver against plain minimax, its best moves, its table
//! file, and (ignored: long) the start positions.

use std::collections::HashMap;
use timur::variants::jasir::solver::homes::home_positions;
use timur::variants::jasir::solver::{
    outcome_of, solve, solve_roots, solve_with_limit, value_of, Solution, SolveOutcome, SolveTable,
};
use timur::variants::jasir::{Jasir, Rules};
use timur::variants::Variant;
use timur_search::{Game, MoveList, Outcome};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random position with `white` and `black` archers (some may go to the
/// hand), written as JFEN text.
fn random_small(rng: &mut Rng, white: u32, black: u32) -> String {
    let mut cells = ['.'; 25];
    let mut hands = [0u32; 2];
    for (side, count) in [(0, white), (1, black)] {
        for _ in 0..count {
            if rng.below(5) == 0 {
                hands[side] += 1;
                continue;
            }
            loop {
                let h = rng.below(25) as usize;
                if cells[h] == '.' {
                    let elite = rng.below(3) == 0;
                    cells[h] = match (side, elite) {
                        (0, false) => 'S',
                        (0, true) => 'E',
                        (_, false) => 's',
                        (_, true) => 'e',
                    };
                    break;
                }
            }
        }
    }
    let mut board = String::new();
    for rank in (0..5).rev() {
        let mut run = 0;
        for file in 0..5 {
            let c = cells[rank * 5 + file];
            if c == '.' {
                run += 1;
            } else {
                if run > 0 {
                    board.push_str(&run.to_string());
                    run = 0;
                }
                board.push(c);
            }
        }
        if run > 0 {
            board.push_str(&run.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    format!("{board} {side} {}/{} -/- 0 1", hands[0], hands[1])
}

/// The interval `[lo, hi]` that must hold the exact value of `pos` (solver
/// values: side to move's view), by plain minimax to `depth` plies; a node
/// cut off by the depth gets the widest interval.
fn minimax(pos: &mut Jasir, depth: u32, memo: &mut HashMap<(u64, u32), (i8, i8)>) -> (i8, i8) {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        let v = value_of(pos.no_moves_outcome());
        return (v, v);
    }
    if depth == 0 {
        return (-16, 16);
    }
    if let Some(&r) = memo.get(&(pos.key(), depth)) {
        return r;
    }
    let (mut lo, mut hi) = (i8::MIN, i8::MIN);
    for &m in &moves {
        pos.make_move(m);
        let (clo, chi) = minimax(pos, depth - 1, memo);
        pos.unmake_move(m);
        lo = lo.max(-chi);
        hi = hi.max(-clo);
    }
    memo.insert((pos.key(), depth), (lo, hi));
    (lo, hi)
}

fn solved(pos: &Jasir) -> Solution {
    match solve(pos, &mut |_| {}) {
        SolveOutcome::Solved(s) => s,
        SolveOutcome::TooLarge { positions, .. } => panic!("too large: {positions}"),
    }
}

/// Plays the table's best moves for both sides from `pos` until the game
/// ends or `limit` plies pass; returns the final position.
fn play_table(pos: &Jasir, table: &SolveTable, limit: u32) -> (Jasir, u32) {
    let mut p = pos.clone();
    let mut plies = 0;
    while plies < limit {
        match table.best_move(&p) {
            Some(m) => p.make_move(m),
            None => break,
        }
        plies += 1;
    }
    (p, plies)
}

#[test]
fn solver_agrees_with_minimax_on_small_endgames() {
    let mut rng = Rng(0x5EED_0003);
    let mut decided = 0;
    let mut checked = 0;
    let mut draws = 0;
    for rules in [Rules::Jasir, Rules::Jarmo] {
        for round in 0..150 {
            // Jarmo's shuttle history makes its state spaces large (2 against 1:
            // about a million positions), so Jarmo mostly plays 1 against 1
            let (white, black) = match (rules, round % 20) {
                (Rules::Jasir, _) => (1 + (round % 2) as u32, 1 + (round / 2 % 2) as u32),
                (Rules::Jarmo, 1) => (2, 1),
                (Rules::Jarmo, 11) => (1, 2),
                (Rules::Jarmo, _) => (1, 1),
            };
            let text = random_small(&mut rng, white, black);
            let Ok(pos) = Jasir::from_fen_for(&text, rules) else {
                continue;
            };
            let sol = solved(&pos);
            let v = value_of(sol.outcome);
            let (lo, hi) = minimax(&mut pos.clone(), 9, &mut HashMap::new());
            assert!(
                lo <= v && v <= hi,
                "{rules:?} {text}: solver {v}, minimax interval [{lo}, {hi}]"
            );
            checked += 1;
            if lo == hi {
                decided += 1;
            }
            if sol.outcome == Outcome::Draw {
                draws += 1;
                continue;
            }
            // the table's moves for both sides reach the promised end in the promised plies
            let (end, plies) = play_table(&pos, &sol.table, 500);
            assert!(
                plies <= sol.plies,
                "{rules:?} {text}: {plies} > {}",
                sol.plies
            );
            let mut expect = sol.outcome;
            if plies % 2 == 1 {
                expect = outcome_of(-value_of(expect));
            }
            assert_eq!(
                end.no_moves_outcome(),
                expect,
                "{rules:?} {text} -> {}",
                end.to_fen()
            );
        }
    }
    assert!(checked >= 250, "{checked}");
    assert!(
        decided * 2 >= checked,
        "only {decided} of {checked} decided by minimax"
    );
    assert!(draws > 0 && draws < checked, "{draws} draws");
}

#[test]
fn table_saves_and_loads() {
    let pos = Jasir::from_fen_for("5/1s3/3E1/5/S4 w 0/0 -/- 0 1", Rules::Jasir).unwrap();
    let sol = solved(&pos);
    let dir = std::env::temp_dir().join(format!("jasir_table_{}.bin", std::process::id()));
    sol.table.save(&dir).unwrap();
    let loaded = SolveTable::load(&dir).unwrap();
    assert_eq!(loaded.len(), sol.table.len());
    assert_eq!(loaded.probe(&pos), sol.table.probe(&pos));
    assert_eq!(loaded.best_move(&pos), sol.best);
    // d3b4 kills Black's last archer: White wins with 2 archers on the board
    assert_eq!(sol.outcome, Outcome::Win { margin: 2 });
    assert_eq!(
        pos.format_move(sol.best.unwrap(), Default::default()),
        "d3b4"
    );
    std::fs::write(&dir, b"JASIRTB1\x05\0\0\0\0\0\0\0").unwrap();
    assert!(SolveTable::load(&dir).unwrap_err().contains("truncated"));
    std::fs::write(&dir, b"garbage").unwrap();
    assert!(SolveTable::load(&dir).is_err());
    let _ = std::fs::remove_file(&dir);
    assert!(SolveTable::load(&dir).is_err());
}

#[test]
fn limit_is_reported() {
    let pos = Jasir::start_position_for(Rules::Jarmo);
    match solve_with_limit(&pos, 1000, &mut |_| {}) {
        SolveOutcome::TooLarge { positions, .. } => assert!(positions > 1000),
        SolveOutcome::Solved(_) => panic!("the start position has more than 1000 positions"),
    }
}

/// Attempts both start positions (long; run with `--ignored --nocapture`).
#[test]
#[ignore]
fn solve_start_positions() {
    for rules in [Rules::Jasir, Rules::Jarmo] {
        let pos = Jasir::start_position_for(rules);
        let limit: usize = std::env::var("JASIR_SOLVE_LIMIT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(30_000_000);
        let r = solve_with_limit(&pos, limit, &mut |p| {
            eprintln!(
                "{rules:?} {:?} positions {} expanded {} edges {} {:.1}s",
                p.phase,
                p.positions,
                p.expanded,
                p.edges,
                p.elapsed.as_secs_f64()
            )
        });
        match r {
            SolveOutcome::Solved(s) => eprintln!(
                "{rules:?}: {:?} best {:?} plies {} positions {} edges {} in {:.1}s",
                s.outcome,
                s.best.map(|m| pos.format_move(m, Default::default())),
                s.plies,
                s.positions,
                s.edges,
                s.elapsed.as_secs_f64()
            ),
            SolveOutcome::TooLarge { positions, elapsed } => eprintln!(
                "{rules:?}: gave up after {positions} positions in {:.1}s",
                elapsed.as_secs_f64()
            ),
        }
    }
}

/// The endgame set of a split (`timur solve --archers`): one graph from all
/// its home positions gives every root the value it has when solved alone,
/// and lies in the minimax interval.
#[test]
fn home_sets_agree_with_single_solves() {
    for (rules, white, black, homes) in [(Rules::Jasir, 2, 1, 192), (Rules::Jarmo, 1, 1, 72)] {
        let roots = home_positions(rules, white, black);
        // per side: 0, 1 or 2 of the 5 base holes, the rest in hand; either side to move
        assert_eq!(roots.len(), homes, "{rules:?}");
        let SolveOutcome::Solved(all) = solve_roots(&roots, 1 << 24, &mut |_| {}) else {
            panic!("{rules:?} {white} against {black} solves");
        };
        assert!(all.table.len() >= roots.len());
        for root in roots.iter().step_by(7) {
            let alone = solved(root);
            let entry = all.table.probe(root).expect("every root is in the table");
            assert_eq!(entry.outcome, alone.outcome, "{}", root.to_fen());
            assert_eq!(entry.plies, alone.plies, "{}", root.to_fen());
            let v = value_of(entry.outcome);
            let (lo, hi) = minimax(&mut root.clone(), 7, &mut HashMap::new());
            assert!(
                lo <= v && v <= hi,
                "{}: {v} not in [{lo}, {hi}]",
                root.to_fen()
            );
        }
    }
}
