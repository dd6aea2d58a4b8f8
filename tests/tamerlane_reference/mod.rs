//! An independent reference move generator for Tamerlane chess, written
//! straight from the rules page for the tests: a plain mailbox of 112 cells
//! addressed by (file, rank) coordinates in which the citadels are simply
//! the cells (11, 1) = `l2` and (-1, 8) = `z9`, so a royal step reaches them
//! like any neighbour. It shares no code with the engine's generator: its
//! own TFEN reader and writer, its own move text, legality by playing every
//! candidate on a copy of the board and scanning every enemy piece.

/// A piece: colour, whether it is a pawn, and its letter (for a pawn, the
/// letter of the piece it belongs to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pc {
    /// White's piece.
    pub white: bool,
    /// A pawn ("pawn of `letter`").
    pub pawn: bool,
    /// Upper-case letter: K X A F W G T N R E C D, or P for the pawn of pawns.
    pub letter: char,
}

impl Pc {
    fn royal(self) -> bool {
        !self.pawn && matches!(self.letter, 'K' | 'X' | 'A')
    }
    fn rank_value(self) -> u8 {
        letter_rank(self.letter)
    }
}

/// A position of the reference generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// 0..110 main cells (`rank * 11 + file`), 110 = l2, 111 = z9.
    pub cells: [Option<Pc>; 112],
    /// White to move.
    pub white_to_move: bool,
    /// Unused rights: White royal swap, White citadel swap, Black's two.
    pub rights: [bool; 4],
    /// Pawn-of-pawns arrivals, White then Black.
    pub arrivals: [u8; 2],
    /// A citadel draw ended the game.
    pub over: bool,
}

const L2: (i32, i32) = (11, 1);
const Z9: (i32, i32) = (-1, 8);

/// Cell index of a coordinate (main square or citadel).
fn cell(f: i32, r: i32) -> Option<usize> {
    if (0..11).contains(&f) && (0..10).contains(&r) {
        Some((r * 11 + f) as usize)
    } else if (f, r) == L2 {
        Some(110)
    } else if (f, r) == Z9 {
        Some(111)
    } else {
        None
    }
}

/// Cell index of a main square only.
fn main_cell(f: i32, r: i32) -> Option<usize> {
    ((0..11).contains(&f) && (0..10).contains(&r)).then(|| (r * 11 + f) as usize)
}

fn coord(i: usize) -> (i32, i32) {
    match i {
        110 => L2,
        111 => Z9,
        _ => ((i % 11) as i32, (i / 11) as i32),
    }
}

/// Name of a cell: a1..k10, l2, z9.
pub fn name(i: usize) -> String {
    match i {
        110 => "l2".into(),
        111 => "z9".into(),
        _ => format!("{}{}", (b'a' + (i % 11) as u8) as char, i / 11 + 1),
    }
}

const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn forward(white: bool) -> i32 {
    if white {
        1
    } else {
        -1
    }
}

fn last_rank(white: bool) -> i32 {
    if white {
        9
    } else {
        0
    }
}

/// Each side's own citadel (the one its adventitious king may enter).
fn own_citadel(white: bool) -> usize {
    if white {
        110
    } else {
        111
    }
}

impl Board {
    /// Reads a TFEN (its own small reader).
    pub fn parse(text: &str) -> Result<Board, String> {
        let f: Vec<&str> = text.split(' ').filter(|s| !s.is_empty()).collect();
        if f.len() != 7 {
            return Err("need 7 fields".into());
        }
        let mut b = Board {
            cells: [None; 112],
            white_to_move: f[1] == "w",
            rights: [
                f[3].contains('S'),
                f[3].contains('C'),
                f[3].contains('s'),
                f[3].contains('c'),
            ],
            arrivals: [0, 0],
            over: false,
        };
        let rows: Vec<&str> = f[0].split('/').collect();
        if rows.len() != 10 {
            return Err("need 10 ranks".into());
        }
        for (k, row) in rows.iter().enumerate() {
            let r = 9 - k as i32;
            let mut file = 0i32;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d as i32;
                    while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d2 as i32;
                        chars.next();
                    }
                    file += n;
                } else {
                    let white = c.is_ascii_uppercase();
                    let (pawn, letter) = if c.eq_ignore_ascii_case(&'p') {
                        let l = chars.next().ok_or("pawn letter")?;
                        (true, l.to_ascii_uppercase())
                    } else {
                        (false, c.to_ascii_uppercase())
                    };
                    let i = main_cell(file, r).ok_or("rank too wide")?;
                    b.cells[i] = Some(Pc {
                        white,
                        pawn,
                        letter,
                    });
                    file += 1;
                }
            }
            if file != 11 {
                return Err(format!("rank {} has {file} cells", r + 1));
            }
        }
        let cit: Vec<char> = f[2].chars().collect();
        for (k, idx) in [110usize, 111].iter().enumerate() {
            let c = *cit.get(k).ok_or("citadel field")?;
            if c != '-' {
                b.cells[*idx] = Some(Pc {
                    white: c.is_ascii_uppercase(),
                    pawn: false,
                    letter: c.to_ascii_uppercase(),
                });
            }
        }
        let a: Vec<u8> = f[4].bytes().map(|x| x - b'0').collect();
        b.arrivals = [a[0], a[1]];
        Ok(b)
    }

    /// The first five TFEN fields (board, side, citadels, swaps, arrivals).
    pub fn write(&self) -> String {
        let mut s = String::new();
        for r in (0..10).rev() {
            let mut gap = 0;
            for f in 0..11 {
                match self.cells[r * 11 + f] {
                    None => gap += 1,
                    Some(p) => {
                        if gap > 0 {
                            s += &gap.to_string();
                            gap = 0;
                        }
                        s += &text_of(p);
                    }
                }
            }
            if gap > 0 {
                s += &gap.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        s += if self.white_to_move { " w " } else { " b " };
        for i in [110, 111] {
            s += &self.cells[i].map_or("-".to_string(), text_of);
        }
        s.push(' ');
        let mut rights: String = ['S', 'C', 's', 'c']
            .iter()
            .zip(self.rights)
            .filter(|(_, on)| *on)
            .map(|(c, _)| *c)
            .collect();
        if rights.is_empty() {
            rights.push('-');
        }
        s += &format!("{rights} {}{}", self.arrivals[0], self.arrivals[1]);
        s
    }

    fn parked(&self, i: usize) -> bool {
        match self.cells[i] {
            Some(p) if p.pawn && p.letter == 'P' && i < 110 => coord(i).1 == last_rank(p.white),
            _ => false,
        }
    }

    /// Every cell the piece on `i` attacks (captures on, were an enemy
    /// there), by walking its move pattern.
    fn attacks(&self, i: usize) -> Vec<usize> {
        let Some(p) = self.cells[i] else {
            return vec![];
        };
        let (f, r) = coord(i);
        let mut out = Vec::new();
        let empty = |j: usize| self.cells[j].is_none();
        if p.pawn {
            if self.parked(i) {
                return out;
            }
            for df in [-1, 1] {
                if let Some(j) = main_cell(f + df, r + forward(p.white)) {
                    out.push(j);
                }
            }
            return out;
        }
        let leaps: &[(i32, i32)] = match p.letter {
            'F' => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
            'W' => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            'N' => &[
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ],
            'E' => &[(2, 2), (2, -2), (-2, 2), (-2, -2)],
            'C' => &[
                (1, 3),
                (3, 1),
                (-1, 3),
                (-3, 1),
                (1, -3),
                (3, -1),
                (-1, -3),
                (-3, -1),
            ],
            'D' => &[(2, 0), (-2, 0), (0, 2), (0, -2)],
            _ => &[],
        };
        for &(df, dr) in leaps {
            if let Some(j) = main_cell(f + df, r + dr) {
                out.push(j);
            }
        }
        match p.letter {
            'K' | 'X' | 'A' => {
                for (df, dr) in KING_STEPS {
                    if let Some(j) = main_cell(f + df, r + dr) {
                        out.push(j);
                    }
                }
                // An adventitious king next to its own citadel attacks an
                // enemy royal standing in it (it may step in and capture).
                if p.letter == 'A' {
                    let (cf, cr) = coord(own_citadel(p.white));
                    if (cf - f).abs() <= 1 && (cr - r).abs() <= 1 {
                        out.push(own_citadel(p.white));
                    }
                }
            }
            'R' => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let mut k = 1;
                    while let Some(j) = main_cell(f + k * df, r + k * dr) {
                        out.push(j);
                        if !empty(j) {
                            break;
                        }
                        k += 1;
                    }
                }
            }
            'T' => {
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    match main_cell(f + df, r + dr) {
                        Some(j) if empty(j) => {}
                        _ => continue,
                    }
                    let mut k = 2;
                    while let Some(j) = main_cell(f + k * df, r + k * dr) {
                        out.push(j);
                        if !empty(j) {
                            break;
                        }
                        k += 1;
                    }
                }
            }
            'G' => {
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (cf, cr) = (f + df, r + dr);
                    match main_cell(cf, cr) {
                        Some(j) if empty(j) => {}
                        _ => continue,
                    }
                    for (sf, sr) in [(df, 0), (0, dr)] {
                        let mut k = 1;
                        while let Some(j) = main_cell(cf + k * sf, cr + k * sr) {
                            if k >= 3 {
                                out.push(j);
                            }
                            if !empty(j) {
                                break;
                            }
                            k += 1;
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Whether the cell `target` is attacked by a piece of the given colour.
    fn attacked(&self, target: usize, by_white: bool) -> bool {
        (0..112).any(|i| {
            matches!(self.cells[i], Some(p) if p.white == by_white)
                && self.attacks(i).contains(&target)
        })
    }

    fn royals(&self, white: bool) -> Vec<usize> {
        (0..112)
            .filter(|&i| matches!(self.cells[i], Some(p) if p.white == white && p.royal()))
            .collect()
    }

    fn top_royal(&self, white: bool) -> Option<usize> {
        self.royals(white)
            .into_iter()
            .max_by_key(|&i| self.cells[i].map_or(0, |p| p.rank_value()))
    }

    /// Moves a piece from `a` to `b`, promoting a pawn that reaches its last
    /// rank as the rules say.
    fn play_step(&self, a: usize, b: usize) -> Board {
        let mut n = self.clone();
        let p = n.cells[a].take().unwrap();
        n.cells[b] = Some(p);
        let (_, r) = coord(b);
        if p.pawn && b < 110 && r == last_rank(p.white) {
            let side = if p.white { 0 } else { 1 };
            if p.letter == 'P' {
                let arrival = n.arrivals[side] + 1;
                n.arrivals[side] = arrival.min(3);
                if arrival == 2 {
                    n.cells[b] = None;
                    let rank = if p.white { 2 } else { 7 };
                    let files: [i32; 11] = if p.white {
                        [5, 4, 6, 3, 7, 2, 8, 1, 9, 0, 10]
                    } else {
                        [5, 6, 4, 7, 3, 8, 2, 9, 1, 10, 0]
                    };
                    let dest = files
                        .iter()
                        .map(|&f| rank * 11 + f as usize)
                        .find(|&j| !n.cells[j].is_some_and(|q| q.royal()))
                        .unwrap();
                    n.cells[dest] = Some(p);
                } else if arrival >= 3 {
                    n.cells[b] = Some(Pc {
                        white: p.white,
                        pawn: false,
                        letter: 'A',
                    });
                }
            } else {
                let letter = if p.letter == 'K' { 'X' } else { p.letter };
                n.cells[b] = Some(Pc {
                    white: p.white,
                    pawn: false,
                    letter,
                });
            }
        }
        n
    }

    /// Every legal move as (text, position after it).
    pub fn moves(&self) -> Vec<(String, Board)> {
        if self.over {
            return vec![];
        }
        let us = self.white_to_move;
        let royals = self.royals(us);
        let one = royals.len() == 1;
        let in_check = one && self.attacked(royals[0], !us);
        let top = self.top_royal(us);
        let enemy_cit = own_citadel(!us);
        let home = own_citadel(us);
        let (swap_right, cit_right) = if us { (0, 1) } else { (2, 3) };
        // Candidates: (text, board after, where the old single royal ends).
        let mut cands: Vec<(String, Board, Option<usize>)> = Vec::new();
        let capturable =
            |j: usize| matches!(self.cells[j], Some(q) if q.white != us) && !self.parked(j);
        for i in 0..112 {
            let Some(p) = self.cells[i] else { continue };
            if p.white != us {
                continue;
            }
            let royal_after = |to: usize| {
                if one {
                    Some(if royals[0] == i { to } else { royals[0] })
                } else {
                    None
                }
            };
            let (f, r) = coord(i);
            if self.parked(i) {
                // Relocation onto a fork square.
                for t in 0..110 {
                    let (tf, tr) = coord(t);
                    if tr == 0 || tr == 9 || self.cells[t].is_some_and(|q| q.royal()) {
                        continue;
                    }
                    let forks = [-1, 1]
                        .iter()
                        .filter_map(|df| main_cell(tf + df, tr + forward(us)))
                        .filter(|&j| matches!(self.cells[j], Some(q) if q.white != us))
                        .count();
                    if forks >= 2 {
                        let mut n = self.clone();
                        n.cells[i] = None;
                        n.cells[t] = Some(p);
                        cands.push((format!("{}{}", name(i), name(t)), n, royal_after(t)));
                    }
                }
            } else if p.pawn {
                if let Some(j) = main_cell(f, r + forward(us)) {
                    if self.cells[j].is_none() {
                        cands.push((
                            format!("{}{}", name(i), name(j)),
                            self.play_step(i, j),
                            royal_after(j),
                        ));
                    }
                }
                for j in self.attacks(i) {
                    if capturable(j) {
                        cands.push((
                            format!("{}{}", name(i), name(j)),
                            self.play_step(i, j),
                            royal_after(j),
                        ));
                    }
                }
            } else if p.royal() {
                for (df, dr) in KING_STEPS {
                    let Some(j) = cell(f + df, r + dr) else {
                        continue;
                    };
                    let text = format!("{}{}", name(i), name(j));
                    if j < 110 {
                        if self.cells[j].is_none() || capturable(j) {
                            cands.push((text, self.play_step(i, j), royal_after(j)));
                        }
                    } else if j == enemy_cit {
                        if Some(i) == top && self.cells[j].is_none() {
                            let mut n = self.play_step(i, j);
                            n.over = true;
                            // The draw ends the game: no safety test.
                            cands.push((text.clone(), n, None));
                            if self.rights[cit_right] {
                                for (lower, suffix) in [('X', "x"), ('A', "a")] {
                                    if letter_rank(lower) >= p.rank_value() {
                                        continue;
                                    }
                                    let Some(l) = (0..110).find(|&k| {
                                        self.cells[k]
                                            == Some(Pc {
                                                white: us,
                                                pawn: false,
                                                letter: lower,
                                            })
                                    }) else {
                                        continue;
                                    };
                                    let mut n = self.clone();
                                    n.cells[j] = n.cells[l];
                                    n.cells[l] = Some(p);
                                    n.cells[i] = None;
                                    n.rights[cit_right] = false;
                                    cands.push((format!("{text}{suffix}"), n, None));
                                }
                            }
                        }
                    } else if j == home
                        && p.letter == 'A'
                        && (self.cells[j].is_none() || capturable(j))
                    {
                        cands.push((text, self.play_step(i, j), royal_after(j)));
                    }
                }
            } else {
                for j in self.attacks(i) {
                    if self.cells[j].is_none() || capturable(j) {
                        cands.push((
                            format!("{}{}", name(i), name(j)),
                            self.play_step(i, j),
                            royal_after(j),
                        ));
                    }
                }
            }
        }
        let mut legal: Vec<(String, Board)> = cands
            .into_iter()
            .filter(|(_, n, royal)| royal.is_none_or(|k| !n.attacked(k, !us)))
            .map(|(t, mut n, _)| {
                n.white_to_move = !us;
                (t, n)
            })
            .collect();
        // Royal swap: once per game, in check with one royal or with no
        // other legal move.
        if self.rights[swap_right] && (in_check || legal.is_empty()) {
            if let Some(k) = top.filter(|&k| k < 110) {
                for j in 0..110 {
                    let Some(q) = self.cells[j] else { continue };
                    if q.white != us || q.royal() || self.parked(j) {
                        continue;
                    }
                    if q.pawn && coord(k).1 == last_rank(us) {
                        continue;
                    }
                    let mut n = self.clone();
                    n.cells.swap(k, j);
                    n.rights[swap_right] = false;
                    if one && n.attacked(j, !us) {
                        continue;
                    }
                    n.white_to_move = !us;
                    legal.push((format!("{}{}", name(k), name(j)), n));
                }
            }
        }
        legal
    }

    /// perft by the rules page's definition.
    #[allow(dead_code)] // used by tamerlane_perft, not by every test crate
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }

    /// The legal moves' texts, sorted.
    #[allow(dead_code)] // used by tamerlane_perft, not by every test crate
    pub fn move_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.moves().into_iter().map(|(t, _)| t).collect();
        v.sort();
        v
    }
}

/// Rank among royals: king 3, prince 2, adventitious king 1.
fn letter_rank(letter: char) -> u8 {
    match letter {
        'K' => 3,
        'X' => 2,
        _ => 1,
    }
}

fn text_of(p: Pc) -> String {
    let s = if p.pawn {
        format!("P{}", p.letter)
    } else {
        p.letter.to_string()
    };
    if p.white {
        s
    } else {
        s.to_ascii_lowercase()
    }
}
