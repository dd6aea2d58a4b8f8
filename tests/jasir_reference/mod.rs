//! An independent reference implementation of Jasir and Jarmo for the
//! differential test: plain arrays, its own segment parsing (from the rules
//! page's text), its own move generation, move making, results, JFEN writer
//! and move text. It shares no code with `src/variants/jasir/`.

/// The segment list exactly as the rules page prints it.
const SEGMENT_TEXT: &str = "
rank 1: a1-b3 a1-c2 b1-a3 b1-d2 c1-a2 c1-d3 c1-e2 d1-b2 d1-c3 e1-c2 e1-d3
rank 2: a2-c3 b2-b3 b2-c2 b2-c4 c2-d2 c2-e3 d2-b3 d2-d3 e2-d4
rank 3: a3-b5 b3-a5 b3-b4 b3-c3 b3-c5 c3-a4 c3-e4 d3-b4 d3-d4 d3-e5 e3-d5
rank 4: a4-c5 b4-c4 b4-d5 c4-a5 c4-d4 c4-e5 d4-b5 e4-c5
";

/// A hole as (file, rank), both 0..5.
pub type Hole = (usize, usize);

fn hole_of(text: &str) -> Hole {
    let b = text.as_bytes();
    assert_eq!(b.len(), 2, "{text}");
    ((b[0] - b'a') as usize, (b[1] - b'1') as usize)
}

fn name(h: Hole) -> String {
    format!("{}{}", (b'a' + h.0 as u8) as char, h.1 + 1)
}

/// Adjacency lists of the board (Jarmo: without b3-c3).
pub fn adjacency(jarmo: bool) -> Vec<Vec<Hole>> {
    let mut adj = vec![Vec::new(); 25];
    for line in SEGMENT_TEXT.lines() {
        let Some((_, list)) = line.split_once(':') else {
            continue;
        };
        for seg in list.split_whitespace() {
            let (a, b) = seg.split_once('-').unwrap();
            if jarmo && seg == "b3-c3" {
                continue;
            }
            let (a, b) = (hole_of(a), hole_of(b));
            adj[a.1 * 5 + a.0].push(b);
            adj[b.1 * 5 + b.0].push(a);
        }
    }
    adj
}

/// A reference move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefMove {
    /// A step, with Jarmo's optional re-entry file.
    Step(Hole, Hole, Option<usize>),
    /// A Jasir re-entry.
    Drop(Hole),
}

impl RefMove {
    /// The protocol text.
    pub fn text(self) -> String {
        match self {
            RefMove::Drop(h) => format!("S@{}", name(h)),
            RefMove::Step(a, b, None) => format!("{}{}", name(a), name(b)),
            RefMove::Step(a, b, Some(f)) => {
                format!("{}{}{}", name(a), name(b), (b'a' + f as u8) as char)
            }
        }
    }
}

/// What a legal move list exercised (for the coverage counts).
#[derive(Clone, Copy, Debug, Default)]
pub struct Exercised {
    /// A capture by a simple archer is legal.
    pub capture_by_simple: bool,
    /// A capture by an elite archer is legal.
    pub capture_by_elite: bool,
    /// Jasir: capturing an elite (it returns to the hand) is legal.
    pub elite_returned: bool,
    /// A re-entry move (Jasir drop) is legal.
    pub reentry: bool,
    /// Captures of immune archers are legal because nothing else is.
    pub immunity_lifted: bool,
    /// An immune archer could be taken but other moves exist.
    pub immunity_held: bool,
    /// An archer of the side to move stands frozen on its enemy base next
    /// to a hole not holding an own archer.
    pub frozen: bool,
    /// Jarmo: a step is refused by the shuttle limit.
    pub shuttle_refused: bool,
    /// Jarmo: an arrival with re-entry is legal.
    pub arrival_reentry: bool,
    /// Jarmo: a backward step is legal.
    pub backward: bool,
}

/// A reference position.
#[derive(Clone, Debug)]
pub struct RefPos {
    /// Jarmo rules (else Jasir).
    pub jarmo: bool,
    /// `cell[rank][file]`: 0 empty, 1 White simple, 2 White elite, -1 Black
    /// simple, -2 Black elite.
    pub cell: [[i8; 5]; 5],
    /// Archers in hand: White, Black.
    pub hand: [u32; 2],
    /// Jarmo: each side's last step and its reversal count.
    pub last: [Option<(Hole, Hole, u32)>; 2],
    /// White to move.
    pub white: bool,
    /// Plies since a capture or re-entry.
    pub halfmove: u32,
    /// Move number.
    pub fullmove: u32,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefEnd {
    /// Jasir: a side brought all living archers home.
    AllHome,
    /// Jasir: a side has no living archer.
    Elimination,
    /// Jarmo: a side's archers on the board are all on its enemy base.
    JarmoHome,
    /// The side to move has no legal move.
    NoMoves,
}

impl RefPos {
    /// The start position.
    pub fn start(jarmo: bool) -> RefPos {
        let mut cell = [[0i8; 5]; 5];
        cell[0] = [1; 5];
        cell[4] = [-1; 5];
        RefPos {
            jarmo,
            cell,
            hand: [0, 0],
            last: [None, None],
            white: true,
            halfmove: 0,
            fullmove: 1,
        }
    }

    fn sign(white: bool) -> i8 {
        if white {
            1
        } else {
            -1
        }
    }

    /// Rank of a side's own base.
    fn home_rank(white: bool) -> usize {
        if white {
            0
        } else {
            4
        }
    }

    /// Rank of a side's enemy base.
    fn goal_rank(white: bool) -> usize {
        Self::home_rank(!white)
    }

    fn at(&self, h: Hole) -> i8 {
        self.cell[h.1][h.0]
    }

    fn owner(v: i8) -> Option<bool> {
        match v {
            0 => None,
            v => Some(v > 0),
        }
    }

    fn on_board(&self, white: bool) -> Vec<Hole> {
        let mut v = Vec::new();
        for r in 0..5 {
            for f in 0..5 {
                if Self::owner(self.cell[r][f]) == Some(white) {
                    v.push((f, r));
                }
            }
        }
        v
    }

    fn idx(white: bool) -> usize {
        if white {
            0
        } else {
            1
        }
    }

    /// Points of a side: Jarmo 2 per archer on its enemy base, 1 per other
    /// archer on the board; Jasir (the winner's) 1 per archer on the board.
    fn points(&self, white: bool) -> u32 {
        let goal = Self::goal_rank(white);
        self.on_board(white)
            .iter()
            .map(|h| if self.jarmo && h.1 == goal { 2 } else { 1 })
            .sum()
    }

    /// The end by the rules, if any: (winner or None for a draw, points
    /// [white, black], how).
    pub fn rule_end(&self) -> Option<(Option<bool>, [u32; 2], RefEnd)> {
        if self.jarmo {
            let done = |w: bool| {
                let goal = Self::goal_rank(w);
                self.on_board(w).iter().all(|h| h.1 == goal)
            };
            if done(true) || done(false) {
                return Some(self.jarmo_score(RefEnd::JarmoHome));
            }
            return None;
        }
        let living = |w: bool| self.on_board(w).len() as u32 + self.hand[Self::idx(w)];
        let home = |w: bool| {
            let goal = Self::goal_rank(w);
            let board = self.on_board(w);
            self.hand[Self::idx(w)] == 0 && !board.is_empty() && board.iter().all(|h| h.1 == goal)
        };
        let white_wins = home(true) || living(false) == 0;
        let black_wins = home(false) || living(true) == 0;
        let winner = match (white_wins, black_wins) {
            (false, false) => return None,
            (true, true) => !self.white,
            (w, _) => w,
        };
        let how = if (winner && home(true)) || (!winner && home(false)) {
            RefEnd::AllHome
        } else {
            RefEnd::Elimination
        };
        let mut pts = [0, 0];
        pts[Self::idx(winner)] = self.points(winner);
        Some((Some(winner), pts, how))
    }

    fn jarmo_score(&self, how: RefEnd) -> (Option<bool>, [u32; 2], RefEnd) {
        let (w, b) = (self.points(true), self.points(false));
        let winner = match w.cmp(&b) {
            std::cmp::Ordering::Greater => Some(true),
            std::cmp::Ordering::Less => Some(false),
            std::cmp::Ordering::Equal => None,
        };
        (winner, [w, b], how)
    }

    /// The result if the game is over (by rule or for lack of moves).
    pub fn result(&self) -> Option<(Option<bool>, [u32; 2], RefEnd)> {
        if let Some(r) = self.rule_end() {
            return Some(r);
        }
        if !self.legal().0.is_empty() {
            return None;
        }
        if self.jarmo {
            return Some(self.jarmo_score(RefEnd::NoMoves));
        }
        let winner = !self.white;
        let mut pts = [0, 0];
        pts[Self::idx(winner)] = self.points(winner);
        Some((Some(winner), pts, RefEnd::NoMoves))
    }

    /// The legal moves and what they exercise.
    pub fn legal(&self) -> (Vec<RefMove>, Exercised) {
        let mut ex = Exercised::default();
        if self.rule_end().is_some() {
            return (Vec::new(), ex);
        }
        let adj = adjacency(self.jarmo);
        let me = self.white;
        let goal = Self::goal_rank(me);
        let home = Self::home_rank(me);
        let their_home = Self::home_rank(!me);
        let hand = self.hand[Self::idx(me)];
        let mut ordinary = Vec::new();
        let mut immune = Vec::new();
        for from in self.on_board(me) {
            let elite = self.at(from).abs() == 2;
            for &to in &adj[from.1 * 5 + from.0] {
                let forward = if me { to.1 > from.1 } else { to.1 < from.1 };
                let backward = to.1 != from.1 && !forward;
                let target = Self::owner(self.at(to));
                if target == Some(me) {
                    continue;
                }
                // frozen: it would have this step (in Jasir only backward ones,
                // which are barred anyway) but never moves again
                if from.1 == goal {
                    ex.frozen = true;
                    continue;
                }
                if backward && !self.jarmo {
                    continue;
                }
                if self.jarmo {
                    if let Some((lf, lt, n)) = self.last[Self::idx(me)] {
                        if lf == to && lt == from && n >= 2 {
                            ex.shuttle_refused = true;
                            continue;
                        }
                    }
                }
                let capture = target == Some(!me);
                let mut list = vec![RefMove::Step(from, to, None)];
                if self.jarmo && to.1 == goal && hand > 0 && (elite || capture) {
                    for f in 0..5 {
                        if self.cell[home][f] == 0 {
                            list.push(RefMove::Step(from, to, Some(f)));
                        }
                    }
                }
                let is_immune = capture && to.1 == their_home;
                if is_immune {
                    immune.extend(list);
                } else {
                    if capture {
                        if elite {
                            ex.capture_by_elite = true;
                        } else {
                            ex.capture_by_simple = true;
                        }
                        if !self.jarmo && self.at(to).abs() == 2 {
                            ex.elite_returned = true;
                        }
                    }
                    if backward {
                        ex.backward = true;
                    }
                    if list.len() > 1 {
                        ex.arrival_reentry = true;
                    }
                    ordinary.extend(list);
                }
            }
        }
        if !self.jarmo && hand > 0 {
            for f in 0..5 {
                if self.cell[home][f] == 0 {
                    ordinary.push(RefMove::Drop((f, home)));
                    ex.reentry = true;
                }
            }
        }
        if ordinary.is_empty() && !immune.is_empty() {
            ex.immunity_lifted = true;
            if immune
                .iter()
                .any(|m| matches!(m, RefMove::Step(_, _, Some(_))))
            {
                ex.arrival_reentry = true;
            }
            (immune, ex)
        } else {
            ex.immunity_held = !immune.is_empty();
            (ordinary, ex)
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: RefMove) {
        let me = self.white;
        let s = Self::sign(me);
        let i = Self::idx(me);
        match mv {
            RefMove::Drop(h) => {
                self.cell[h.1][h.0] = s;
                self.hand[i] -= 1;
                self.halfmove = 0;
            }
            RefMove::Step(from, to, re) => {
                let mover = self.at(from);
                let victim = self.at(to);
                self.cell[from.1][from.0] = 0;
                let mut elite = mover.abs() == 2;
                self.halfmove += 1;
                if victim != 0 {
                    elite = true;
                    self.halfmove = 0;
                    if self.jarmo || victim.abs() == 2 {
                        self.hand[1 - i] += 1;
                    }
                }
                if let Some(f) = re {
                    let home = Self::home_rank(me);
                    self.cell[home][f] = s;
                    self.hand[i] -= 1;
                    elite = false;
                    self.halfmove = 0;
                }
                self.cell[to.1][to.0] = if elite { 2 * s } else { s };
                if self.jarmo {
                    let n = match self.last[i] {
                        Some((lf, lt, n)) if lf == to && lt == from => n + 1,
                        _ => 0,
                    };
                    self.last[i] = Some((from, to, n));
                }
            }
        }
        if !me {
            self.fullmove += 1;
        }
        self.white = !me;
    }

    /// The JFEN text.
    pub fn jfen(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..5).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for f in 0..5 {
                let c = match self.cell[r][f] {
                    0 => {
                        gap += 1;
                        continue;
                    }
                    1 => 'S',
                    2 => 'E',
                    -1 => 's',
                    _ => 'e',
                };
                if gap > 0 {
                    row += &gap.to_string();
                    gap = 0;
                }
                row.push(c);
            }
            if gap > 0 {
                row += &gap.to_string();
            }
            rows.push(row);
        }
        let last = |l: Option<(Hole, Hole, u32)>| match l {
            None => "-".to_string(),
            Some((a, b, n)) => format!("{}{}:{n}", name(a), name(b)),
        };
        format!(
            "{} {} {}/{} {}/{} {} {}",
            rows.join("/"),
            if self.white { "w" } else { "b" },
            self.hand[0],
            self.hand[1],
            last(self.last[0]),
            last(self.last[1]),
            self.halfmove,
            self.fullmove
        )
    }

    /// A random valid position: 1..=5 archers a side in all, some in hand,
    /// some elite; Jarmo shuttle entries that often point at an archer.
    pub fn random(jarmo: bool, rng: &mut impl FnMut(u64) -> u64) -> RefPos {
        let mut p = RefPos::start(jarmo);
        p.cell = [[0; 5]; 5];
        for white in [true, false] {
            let total = 1 + rng(5) as u32;
            let mut placed = 0;
            for _ in 0..total {
                if rng(4) == 0 {
                    p.hand[Self::idx(white)] += 1;
                    continue;
                }
                loop {
                    let (f, r) = (rng(5) as usize, rng(5) as usize);
                    if p.cell[r][f] == 0 {
                        let kind = if rng(3) == 0 { 2 } else { 1 };
                        p.cell[r][f] = kind * Self::sign(white);
                        placed += 1;
                        break;
                    }
                }
            }
            if jarmo && placed > 0 && rng(2) == 0 {
                let mine = p.on_board(white);
                let to = mine[rng(mine.len() as u64) as usize];
                let adj = adjacency(true);
                let nb = &adj[to.1 * 5 + to.0];
                let from = nb[rng(nb.len() as u64) as usize];
                p.last[Self::idx(white)] = Some((from, to, rng(3) as u32));
            }
        }
        p.white = rng(2) == 0;
        p
    }

    /// Reads a JFEN (for the reference's own perft of the shared records).
    pub fn parse(text: &str, jarmo: bool) -> RefPos {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut p = RefPos::start(jarmo);
        p.cell = [[0; 5]; 5];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 4 - i;
            let mut file = 0;
            for c in row.chars() {
                match c {
                    '1'..='5' => file += c as usize - '0' as usize,
                    _ => {
                        p.cell[rank][file] = match c {
                            'S' => 1,
                            'E' => 2,
                            's' => -1,
                            'e' => -2,
                            _ => panic!("{text}"),
                        };
                        file += 1;
                    }
                }
            }
        }
        p.white = f[1] == "w";
        let (w, b) = f[2].split_once('/').unwrap();
        p.hand = [w.parse().unwrap(), b.parse().unwrap()];
        let (w, b) = f[3].split_once('/').unwrap();
        for (i, part) in [w, b].into_iter().enumerate() {
            if part != "-" {
                let (mv, n) = part.split_once(':').unwrap();
                p.last[i] = Some((hole_of(&mv[..2]), hole_of(&mv[2..]), n.parse().unwrap()));
            }
        }
        if f.len() == 6 {
            p.halfmove = f[4].parse().unwrap();
            p.fullmove = f[5].parse().unwrap();
        }
        p
    }

    /// perft by the reference.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal().0;
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}
