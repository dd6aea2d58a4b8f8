//! Search progress as every dialect reports it: one `InfoLine` per
//! iteration (or PV change), formatted by `uci::info_line`,
//! `ucci::info_line` or `xboard::thinking_line`.

/// A score as the protocols print it, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreText {
    /// Centipawns (UCCI: 100 ≈ a horse or cannon).
    Cp(i32),
    /// Mate in this many moves (not plies); negative when the side to move
    /// is mated, `0` when it is mated already.
    Mate(i32),
}

/// Whether a score is exact or only a bound from a failed aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoundText {
    /// An exact score.
    #[default]
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// One report of search progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// Nominal depth of the finished iteration, in plies.
    pub depth: u32,
    /// Deepest ply reached (selective depth).
    pub seldepth: u32,
    /// Rank of this line among MultiPV lines, from 1.
    pub multipv: u32,
    /// The score of the line.
    pub score: ScoreText,
    /// Whether `score` is exact or a bound.
    pub bound: BoundText,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Transposition-table fill in permille.
    pub hashfull: u32,
    /// Positions answered by an endgame table so far.
    pub tbhits: u64,
    /// Time spent so far, in milliseconds.
    pub time_ms: u64,
    /// The principal variation, as move text in the game's notation.
    pub pv: Vec<String>,
    /// Win, draw and loss chances of the side to move, per mille (UCI
    /// `wdl`, sent under `UCI_ShowWDL`).
    pub wdl: Option<[u32; 3]>,
}
