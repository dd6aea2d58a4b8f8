//! A large pseudo-random game that never ends: 2 to 7 moves per position,
//! some of them "captures" while material lasts, some positions in check,
//! null moves allowed. Deterministic, so node counts can be compared; a move
//! code from another position is often illegal here, so the search's vetting
//! of table moves is exercised (`make_move` panics on an illegal move).

use super::mix;
use timur_search::{Color, Game, MoveList, Outcome};

/// A position of the hash game.
#[derive(Clone, Debug)]
pub struct HashGame {
    state: u64,
    material: u32,
    side: Color,
    undo: Vec<(u64, u32)>,
    key_mask: u64,
}

impl HashGame {
    /// The position grown from `seed`.
    pub fn new(seed: u64) -> HashGame {
        HashGame {
            state: mix(seed),
            material: 12,
            side: Color::White,
            undo: Vec::with_capacity(256),
            key_mask: u64::MAX,
        }
    }

    /// The same position with keys cut to the bits of `mask`: many positions
    /// then share a key, as with full-width key collisions.
    pub fn with_key_mask(mut self, mask: u64) -> HashGame {
        self.key_mask = mask;
        self
    }

    fn count(&self) -> u8 {
        2 + (mix(self.state ^ 0x51) % 6) as u8
    }
}

impl Game for HashGame {
    type Move = u8;
    const HISTORY_SIZE: usize = 8;

    fn side_to_move(&self) -> Color {
        self.side
    }
    fn legal_moves(&self, out: &mut MoveList<u8>) {
        out.extend(0..self.count());
    }
    fn is_legal(&self, mv: u8) -> bool {
        mv < self.count()
    }
    fn make_move(&mut self, mv: u8) {
        assert!(
            self.is_legal(mv),
            "illegal move {mv}: only {} here",
            self.count()
        );
        self.undo.push((self.state, self.material));
        if self.is_tactical(mv) {
            self.material -= 1;
        }
        self.state = mix(self.state ^ (u64::from(mv) + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        self.side = self.side.flip();
    }
    fn unmake_move(&mut self, _: u8) {
        (self.state, self.material) = self.undo.pop().expect("unmake without make");
        self.side = self.side.flip();
    }
    fn null_move_allowed(&self) -> bool {
        !self.in_check()
    }
    fn make_null_move(&mut self) {
        self.undo.push((self.state, self.material));
        self.state = mix(self.state ^ 0xDEAD_BEEF);
        self.side = self.side.flip();
    }
    fn unmake_null_move(&mut self) {
        (self.state, self.material) = self.undo.pop().expect("unmake without make");
        self.side = self.side.flip();
    }
    fn key(&self) -> u64 {
        (self.state ^ (u64::from(self.material) << 56) ^ self.side.index() as u64) & self.key_mask
    }
    fn in_check(&self) -> bool {
        mix(self.state ^ 0x77).is_multiple_of(9)
    }
    fn is_tactical(&self, mv: u8) -> bool {
        self.material > 0 && mix(self.state ^ u64::from(mv)).is_multiple_of(3)
    }
    fn tactical_order(&self, mv: u8) -> i32 {
        (mix(self.state ^ u64::from(mv) ^ 0x0F) % 100) as i32
    }
    fn move_code(mv: u8) -> u32 {
        u32::from(mv)
    }
    fn move_from_code(code: u32) -> Option<u8> {
        u8::try_from(code).ok()
    }
    fn history_index(&self, mv: u8) -> usize {
        usize::from(mv)
    }
    fn evaluate(&mut self) -> i32 {
        (mix(self.state ^ 0x99) % 401) as i32 - 200
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        None
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Loss { margin: 0 }
    }
    fn plies_since_irreversible(&self) -> u32 {
        0
    }
}
