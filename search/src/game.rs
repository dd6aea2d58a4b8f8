//! The contract between the search and the games.
//!
//! Every game of `timur` (chess and Chess960, xiangqi, Tamerlane chess, Jasir
//! and Jarmo) implements [`Game`]. The search, the perft driver and the match
//! referee see only this trait, so they are compiled once per game and know no
//! game's rules.
//!
//! The trait covers what the five games need:
//! - moves of any kind (drops, relocations, swaps) are just `Self::Move`;
//! - the end of a game is an [`Outcome`] seen from the side to move, and a win
//!   can carry a *margin* (Jasir's score: the winner keeps more archers);
//! - rule draws and wins that depend only on the position (a citadel entry,
//!   Jasir's "all home", the fifty-move rule) come from [`Game::rule_outcome`];
//! - a position with no legal move is scored by [`Game::no_moves_outcome`]
//!   (stalemate is a draw in chess, a loss in xiangqi and Tamerlane);
//! - a repetition is judged by [`Game::repetition_outcome`] with the length
//!   and check pattern of the cycle, so xiangqi's perpetual check and
//!   perpetual chase can lose;
//! - [`Game::in_check`] means "the side to move is in check" in whatever sense
//!   the game has (Tamerlane: its single royal is attacked).

use arrayvec::ArrayVec;

/// Most moves any position of any game can have (chess: 218; Tamerlane's
/// relocations and swaps stay well below this).
pub const MAX_MOVES: usize = 512;

/// A list of moves on the stack.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// The two sides. `White` moves first in every game (Red in xiangqi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that moves first (White; Red in xiangqi).
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a game ended, seen from the side to move in the final position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has won. `margin` (0..=[`MAX_MARGIN`]) ranks wins of
    /// games whose result carries a score: the search prefers a larger one.
    Win {
        /// How large the win is; 0 in games without scores.
        margin: u32,
    },
    /// The side to move has lost; `margin` is the opponent's margin, which the
    /// loser tries to keep small.
    Loss {
        /// How large the opponent's win is; 0 in games without scores.
        margin: u32,
    },
    /// Nobody won.
    Draw,
}

/// An endgame table's answer ([`Game::solved`]), from the side to move's
/// view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The result under best play and the plies its winner needs (0 for a
    /// draw): an exact value (Jasir's solved tables).
    Exact {
        /// The result.
        outcome: Outcome,
        /// Plies to the end of the game.
        plies: u32,
    },
    /// The result under best play without its distance (a win/draw/loss
    /// table such as Syzygy's): a win is worth at least a table win, a loss
    /// at most a table loss, a draw exactly a draw. A table win ranks below
    /// every win of known length and above every evaluation.
    Proven(Outcome),
}

/// The largest margin an [`Outcome`] may carry.
pub const MAX_MARGIN: u32 = 15;

/// A repetition cycle, handed to [`Game::repetition_outcome`]: its length
/// and check pattern. The *mover* is the side that just completed the
/// repetition (the side not to move in the repeated position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cycle {
    /// The moves in the cycle: the last `plies` moves made reach the
    /// current position from its previous occurrence (a game that judges
    /// more than checks, like xiangqi's chases, replays them).
    pub plies: usize,
    /// Every move the mover made inside the cycle gave check.
    pub mover_always_checked: bool,
    /// Every move the opponent made inside the cycle gave check.
    pub opponent_always_checked: bool,
}

impl Cycle {
    /// The cycle the last of `keys` (the current position) closes: back to
    /// its nearest earlier occurrence with the same side to move, at most
    /// `reach` plies back. `checks[i]` says whether the side to move was in
    /// check at `keys[i]`; the two slices are equally long.
    #[inline]
    pub fn closed_by(keys: &[u64], checks: &[bool], reach: usize) -> Option<Cycle> {
        let now = keys.len().checked_sub(1)?;
        let key = keys[now];
        let plies = (2..=reach.min(now))
            .step_by(2)
            .find(|&d| keys[now - d] == key)?;
        // The mover (who just moved) made the moves into now, now-2, ...;
        // the opponent those into now-1, now-3, ...
        let checked = |first: usize| (first..plies).step_by(2).all(|back| checks[now - back]);
        Some(Cycle {
            plies,
            mover_always_checked: checked(0),
            opponent_always_checked: checked(1),
        })
    }

    /// How often the last of `keys` occurred before (same side to move, at
    /// most `reach` plies back).
    pub fn earlier_occurrences(keys: &[u64], reach: usize) -> usize {
        let Some(now) = keys.len().checked_sub(1) else {
            return 0;
        };
        (2..=reach.min(now))
            .step_by(2)
            .filter(|&d| keys[now - d] == keys[now])
            .count()
    }
}

/// A game position the search can explore.
///
/// Implementations keep whatever undo information they need internally, so
/// `make_move` followed by `unmake_move` of the same move restores the exact
/// previous position (key included).
pub trait Game: Clone + Send + Sync + 'static {
    /// A move: small and `Copy`.
    type Move: Copy + Eq + Send + Sync + std::fmt::Debug + 'static;

    /// Number of slots of the per-move history tables (see
    /// [`Game::history_index`]).
    const HISTORY_SIZE: usize;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// Appends every legal move to `out`. A finished game (see
    /// [`Game::rule_outcome`] for games whose perft treats a finished game as
    /// having no moves) yields none.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// Appends the legal "noisy" moves (captures, promotions and whatever else
    /// the game's quiescence search should look at) to `out`.
    fn tactical_moves(&self, out: &mut MoveList<Self::Move>) {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        out.extend(all.into_iter().filter(|&m| self.is_tactical(m)));
    }

    /// The number of legal moves (perft's leaf count); games override it with
    /// a faster count.
    fn count_legal_moves(&self) -> u64 {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        all.len() as u64
    }

    /// Whether `mv` is legal here. Used to vet moves from the transposition
    /// table, which may come from another position.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        all.contains(&mv)
    }

    /// Plays a legal move.
    fn make_move(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move made.
    fn unmake_move(&mut self, mv: Self::Move);

    /// Whether a null move (passing) is a sound pruning idea here: false in
    /// check, in zugzwang-prone material, and always in games where it never
    /// is.
    fn null_move_allowed(&self) -> bool {
        false
    }

    /// Passes the turn (only called when [`Game::null_move_allowed`]).
    fn make_null_move(&mut self) {}

    /// Takes back [`Game::make_null_move`].
    fn unmake_null_move(&mut self) {}

    /// Zobrist key of the whole position (side to move and every right).
    fn key(&self) -> u64;

    /// A key of the position's slow-changing structure (the pawns, say),
    /// under which the search learns how far the static evaluation tends to
    /// miss its searched value (correction history). `None`: the game keeps
    /// no such memory.
    fn structure_key(&self) -> Option<u64> {
        None
    }

    /// A key per side (White's first) of that side's pieces outside the
    /// structure (in chess the pieces, not the pawns), under which the
    /// correction history learns too. `None`: the game keeps no such
    /// memory.
    fn piece_keys(&self) -> Option<[u64; 2]> {
        None
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// Whether playing the legal move `mv` puts the opponent in check.
    /// By default the move is played to ask; games answer faster from the
    /// board (the search asks it of moves it may never play).
    fn gives_check(&mut self, mv: Self::Move) -> bool {
        self.make_move(mv);
        let check = self.in_check();
        self.unmake_move(mv);
        check
    }

    /// Whether `mv` is a capture, promotion or other noisy move.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// Ordering value of a tactical move: higher first (e.g. MVV-LVA).
    fn tactical_order(&self, mv: Self::Move) -> i32;

    /// Whether `mv`, with the exchange of pieces on its destination that
    /// follows, gains at least `threshold` centipawns for the mover (static
    /// exchange evaluation). Games without one answer `true`, so nothing is
    /// pruned on its account.
    fn see_at_least(&self, mv: Self::Move, threshold: i32) -> bool {
        let _ = (mv, threshold);
        true
    }

    /// A compact, lossless code of `mv` for the transposition table: below
    /// 2^18, or the table keeps no move for it.
    fn move_code(mv: Self::Move) -> u32;

    /// The move a [`Game::move_code`] came from; `None` if the code is not a
    /// move. The result may still be illegal here: check with
    /// [`Game::is_legal`].
    fn move_from_code(code: u32) -> Option<Self::Move>;

    /// Slot of `mv` in history tables, below [`Game::HISTORY_SIZE`].
    fn history_index(&self, mv: Self::Move) -> usize;

    /// Static evaluation in centipawns from the side to move's view
    /// (`&mut`: a network brings its lazy accumulators up to date).
    fn evaluate(&mut self) -> i32;

    /// The game's result if the rules end it in this position whatever the
    /// moves (a citadel draw, Jasir's end conditions, the fifty-move rule),
    /// else `None`. Not consulted by perft.
    fn rule_outcome(&self) -> Option<Outcome>;

    /// The result when the side to move has no legal move.
    fn no_moves_outcome(&self) -> Outcome;

    /// What an endgame table knows of this position, asked below the root
    /// with `depth` plies left to search here (0 in quiescence: a table that
    /// is slow to probe answers only from some depth on); `None` by
    /// default. The search counts a table hit and returns an exact answer at
    /// once, a proven one where its bound settles the node (see [`Solved`]).
    fn solved(&self, depth: i32) -> Option<Solved> {
        let _ = depth;
        None
    }

    /// The result when the position repeats; by default a draw.
    fn repetition_outcome(&self, cycle: Cycle) -> Outcome {
        let _ = cycle;
        Outcome::Draw
    }

    /// Plies since the last irreversible move: no repetition can reach back
    /// further.
    fn plies_since_irreversible(&self) -> u32;
}
