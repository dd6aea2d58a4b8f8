//! A game given as an explicit graph: each node lists its successors, whether
//! the side to move is in check there, its evaluation and how it ends. Sides
//! alternate; a node's key depends on the node and the side to move, so
//! cycles of even length repeat positions.

use super::mix;
use std::sync::Arc;
use timur_search::{Color, Cycle, Game, HistoryEntry, MoveList, Outcome};

/// One node of the graph.
#[derive(Clone, Debug)]
pub struct Node {
    /// Successor nodes (a move is its target node).
    pub moves: Vec<u32>,
    /// The side to move is in check here.
    pub check: bool,
    /// Evaluation for the side to move.
    pub eval: i32,
    /// The game is over here by rule.
    pub rule: Option<Outcome>,
}

impl Node {
    /// A node with these successors, no check, evaluation 0.
    pub fn to(moves: &[u32]) -> Node {
        Node {
            moves: moves.to_vec(),
            check: false,
            eval: 0,
            rule: None,
        }
    }

    /// A node where the game is over.
    pub fn end(outcome: Outcome) -> Node {
        Node {
            moves: Vec::new(),
            check: false,
            eval: 0,
            rule: Some(outcome),
        }
    }

    /// The same node with the side to move in check.
    pub fn checked(mut self) -> Node {
        self.check = true;
        self
    }

    /// The same node with evaluation `eval`.
    pub fn eval(mut self, eval: i32) -> Node {
        self.eval = eval;
        self
    }
}

/// How repetitions end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// Every repetition is a draw.
    Draw,
    /// Xiangqi: the side that checked with every move of the cycle loses.
    PerpetualCheckLoses,
}

/// A position: the current node and the side to move.
#[derive(Clone, Debug)]
pub struct Graph {
    nodes: Arc<Vec<Node>>,
    /// The current node.
    pub at: u32,
    /// The side to move.
    pub side: Color,
    rule: RepetitionRule,
    path: Vec<u32>,
}

impl Graph {
    /// White to move at node `at`. `nodes` maps node numbers to nodes.
    pub fn new(nodes: Vec<(u32, Node)>, at: u32, rule: RepetitionRule) -> Graph {
        let size = nodes
            .iter()
            .map(|(n, _)| *n as usize + 1)
            .max()
            .unwrap_or(0);
        let mut table = vec![Node::to(&[]); size];
        for (n, node) in nodes {
            table[n as usize] = node;
        }
        Graph {
            nodes: Arc::new(table),
            at,
            side: Color::White,
            rule,
            path: Vec::new(),
        }
    }

    fn node(&self) -> &Node {
        &self.nodes[self.at as usize]
    }

    /// A history entry for node `at` with `side` to move.
    pub fn entry(&self, at: u32, side: Color) -> HistoryEntry {
        HistoryEntry {
            key: Graph::key_of(at, side),
            in_check: self.nodes[at as usize].check,
        }
    }

    fn key_of(at: u32, side: Color) -> u64 {
        mix(u64::from(at) * 2 + side.index() as u64)
    }
}

impl Game for Graph {
    type Move = u32;
    const HISTORY_SIZE: usize = 64;

    fn side_to_move(&self) -> Color {
        self.side
    }
    fn legal_moves(&self, out: &mut MoveList<u32>) {
        if self.node().rule.is_none() {
            out.extend(self.node().moves.iter().copied());
        }
    }
    fn make_move(&mut self, mv: u32) {
        assert!(self.is_legal(mv), "illegal move {mv} at node {}", self.at);
        self.path.push(self.at);
        self.at = mv;
        self.side = self.side.flip();
    }
    fn unmake_move(&mut self, _: u32) {
        self.at = self.path.pop().expect("unmake without make");
        self.side = self.side.flip();
    }
    fn key(&self) -> u64 {
        Graph::key_of(self.at, self.side)
    }
    fn in_check(&self) -> bool {
        self.node().check
    }
    fn is_tactical(&self, _: u32) -> bool {
        false
    }
    fn tactical_order(&self, _: u32) -> i32 {
        0
    }
    fn move_code(mv: u32) -> u32 {
        mv
    }
    fn move_from_code(code: u32) -> Option<u32> {
        Some(code)
    }
    fn history_index(&self, mv: u32) -> usize {
        mv as usize % Self::HISTORY_SIZE
    }
    fn evaluate(&mut self) -> i32 {
        self.node().eval
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        self.node().rule
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Loss { margin: 0 }
    }
    fn repetition_outcome(&self, cycle: Cycle) -> Outcome {
        match (
            self.rule,
            cycle.mover_always_checked,
            cycle.opponent_always_checked,
        ) {
            (RepetitionRule::PerpetualCheckLoses, true, false) => Outcome::Win { margin: 0 },
            (RepetitionRule::PerpetualCheckLoses, false, true) => Outcome::Loss { margin: 0 },
            _ => Outcome::Draw,
        }
    }
    fn plies_since_irreversible(&self) -> u32 {
        1000
    }
}
