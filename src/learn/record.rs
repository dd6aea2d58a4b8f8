//! Training records: one scored position in 40 bytes, the same layout for
//! every game whose board has at most 128 squares and 32 pieces (chess,
//! Chess960, xiangqi). A game's positions come as its
//! [`Trainable::placed_pieces`](crate::variants::trainable::Trainable::placed_pieces).
//!
//! A data file is a plain concatenation of records (no header), so files can
//! be appended to, concatenated and resumed: a file whose length is not a
//! multiple of [`RECORD_BYTES`] ends in a torn record, which
//! [`RecordReader`] reports and [`RecordWriter::append`] cuts off.
//!
//! Layout (little endian):
//!
//! | bytes | field |
//! |---|---|
//! | 0..16 | `occupancy`: bit *i* set when square *i* (the game's own numbering) holds a piece |
//! | 16..32 | `pieces`: one nibble per occupied square, in increasing square order, low nibble first; bit 3 = Black, bits 0–2 = the game's piece-kind index |
//! | 32 | `side_to_move`: 0 White/Red, 1 Black |
//! | 33 | `result`: 0 the side to move lost, 1 draw, 2 the side to move won |
//! | 34..36 | `score`: i16, the search score in centipawns, side to move's view |
//! | 36..38 | `ply`: u16, plies played in the game before this position |
//! | 38 | `game`: the game's record tag (`Trainable::RECORD_TAG`: 0 chess and Chess960, 1 xiangqi) |
//! | 39 | reserved, 0 |

use super::games;
use crate::bitboard::Bits;
pub use crate::variants::trainable::PlacedPiece;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;

/// Size of one record on disk.
pub const RECORD_BYTES: usize = 40;

/// Most pieces a record can hold.
pub const MAX_PIECES: usize = 32;

/// The game result from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordResult {
    /// The side to move lost the game.
    Loss = 0,
    /// Drawn.
    Draw = 1,
    /// The side to move won the game.
    Win = 2,
}

impl RecordResult {
    /// The result as a target in [0, 1] (1 = the side to move won).
    pub fn as_target(self) -> f32 {
        self as u8 as f32 / 2.0
    }

    /// The same result seen from the other side.
    pub fn flip(self) -> RecordResult {
        match self {
            RecordResult::Loss => RecordResult::Win,
            RecordResult::Draw => RecordResult::Draw,
            RecordResult::Win => RecordResult::Loss,
        }
    }
}

/// One scored position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Squares holding a piece.
    pub occupancy: u128,
    /// Piece nibbles in increasing square order (see the module docs).
    pub pieces: [u8; 16],
    /// 0 White/Red, 1 Black.
    pub side_to_move: u8,
    /// The game's result, side to move's view.
    pub result: RecordResult,
    /// Search score in centipawns, side to move's view.
    pub score: i16,
    /// Plies played before this position.
    pub ply: u16,
    /// The game's record tag (networks refuse other games' records).
    pub game: u8,
}

/// Why bytes are not a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The game byte names no game with a network.
    UnknownGame(u8),
    /// The result byte is not 0, 1 or 2.
    BadResult(u8),
    /// The side-to-move byte is not 0 or 1.
    BadSide(u8),
    /// More than [`MAX_PIECES`] squares are occupied.
    TooManyPieces(u32),
    /// No square is occupied (no position of any game: zeros, not data).
    EmptyBoard,
    /// A piece or square out of range while packing.
    BadPiece(PlacedPiece),
    /// Two pieces on one square while packing.
    SquareTwice(u8),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::UnknownGame(b) => write!(f, "unknown game tag {b}"),
            RecordError::BadResult(b) => write!(f, "bad result byte {b}"),
            RecordError::BadSide(b) => write!(f, "bad side-to-move byte {b}"),
            RecordError::TooManyPieces(n) => write!(f, "{n} pieces (at most {MAX_PIECES})"),
            RecordError::EmptyBoard => f.write_str("an empty board (not a record)"),
            RecordError::BadPiece(p) => write!(f, "piece out of range: {p:?}"),
            RecordError::SquareTwice(s) => write!(f, "two pieces on square {s}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// Packs a position given as its pieces (any order).
    pub fn new(
        game: u8,
        pieces: &[PlacedPiece],
        side_to_move: u8,
        score: i16,
        result: RecordResult,
        ply: u16,
    ) -> Result<Record, RecordError> {
        if pieces.len() > MAX_PIECES {
            return Err(RecordError::TooManyPieces(pieces.len() as u32));
        }
        if games::by_tag(game).is_none() {
            return Err(RecordError::UnknownGame(game));
        }
        if side_to_move > 1 {
            return Err(RecordError::BadSide(side_to_move));
        }
        let mut sorted: arrayvec::ArrayVec<PlacedPiece, MAX_PIECES> =
            pieces.iter().copied().collect();
        sorted.sort_unstable_by_key(|p| p.square);
        let mut occupancy = 0u128;
        let mut nibbles = [0u8; 16];
        for (i, piece) in sorted.iter().enumerate() {
            if piece.square >= 128 || piece.color > 1 || piece.kind > 7 {
                return Err(RecordError::BadPiece(*piece));
            }
            let bit = 1u128 << piece.square;
            if occupancy & bit != 0 {
                return Err(RecordError::SquareTwice(piece.square));
            }
            occupancy |= bit;
            let nibble = piece.color << 3 | piece.kind;
            nibbles[i / 2] |= nibble << (4 * (i % 2));
        }
        Ok(Record {
            occupancy,
            pieces: nibbles,
            side_to_move,
            result,
            score,
            ply,
            game,
        })
    }

    /// The pieces, in increasing square order.
    pub fn placed_pieces(&self) -> impl Iterator<Item = PlacedPiece> + '_ {
        self.occupancy.squares().enumerate().map(|(index, square)| {
            let nibble = self.pieces[index / 2] >> (4 * (index % 2)) & 0xF;
            PlacedPiece {
                square: square as u8,
                color: nibble >> 3,
                kind: nibble & 7,
            }
        })
    }

    /// The 40 bytes on disk.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0u8; RECORD_BYTES];
        out[0..16].copy_from_slice(&self.occupancy.to_le_bytes());
        out[16..32].copy_from_slice(&self.pieces);
        out[32] = self.side_to_move;
        out[33] = self.result as u8;
        out[34..36].copy_from_slice(&self.score.to_le_bytes());
        out[36..38].copy_from_slice(&self.ply.to_le_bytes());
        out[38] = self.game;
        out
    }

    /// Reads 40 bytes, checking every field.
    pub fn from_bytes(bytes: &[u8; RECORD_BYTES]) -> Result<Record, RecordError> {
        let mut occupancy = [0u8; 16];
        occupancy.copy_from_slice(&bytes[0..16]);
        let occupancy = u128::from_le_bytes(occupancy);
        if occupancy.count_ones() as usize > MAX_PIECES {
            return Err(RecordError::TooManyPieces(occupancy.count_ones()));
        }
        if occupancy == 0 {
            return Err(RecordError::EmptyBoard);
        }
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&bytes[16..32]);
        let side_to_move = bytes[32];
        if side_to_move > 1 {
            return Err(RecordError::BadSide(side_to_move));
        }
        let result = match bytes[33] {
            0 => RecordResult::Loss,
            1 => RecordResult::Draw,
            2 => RecordResult::Win,
            b => return Err(RecordError::BadResult(b)),
        };
        let game = bytes[38];
        if games::by_tag(game).is_none() {
            return Err(RecordError::UnknownGame(game));
        }
        Ok(Record {
            occupancy,
            pieces,
            side_to_move,
            result,
            score: i16::from_le_bytes([bytes[34], bytes[35]]),
            ply: u16::from_le_bytes([bytes[36], bytes[37]]),
            game,
        })
    }
}

/// Appends whole records to a data file.
pub struct RecordWriter {
    out: BufWriter<File>,
}

impl RecordWriter {
    /// Opens `path` for appending (creating it); a torn last record left by
    /// an interrupted run is cut off first. Returns the writer and the
    /// number of whole records already in the file.
    pub fn append(path: &Path) -> io::Result<(RecordWriter, u64)> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(path)?;
        let len = file.metadata()?.len();
        let whole = len / RECORD_BYTES as u64;
        if len % RECORD_BYTES as u64 != 0 {
            file.set_len(whole * RECORD_BYTES as u64)?;
        }
        Ok((
            RecordWriter {
                out: BufWriter::new(file),
            },
            whole,
        ))
    }

    /// Writes the records of one game; they reach the file whole (a record
    /// is never split across two flushes of a crash-free run).
    pub fn write_all(&mut self, records: &[Record]) -> io::Result<()> {
        for record in records {
            self.out.write_all(&record.to_bytes())?;
        }
        self.out.flush()
    }
}

/// Reads records from a data file.
pub struct RecordReader {
    input: BufReader<File>,
    path: String,
    index: u64,
}

impl RecordReader {
    /// Opens a data file; only a regular file (whose size bounds what is
    /// read), not a device or a pipe.
    pub fn open(path: &Path) -> io::Result<RecordReader> {
        let file = File::open(path)?;
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{}: not a regular file of records", path.display()),
            ));
        }
        Ok(RecordReader {
            input: BufReader::with_capacity(1 << 20, file),
            path: path.display().to_string(),
            index: 0,
        })
    }

    /// The number of whole records in a file.
    pub fn count(path: &Path) -> io::Result<u64> {
        Ok(std::fs::metadata(path)?.len() / RECORD_BYTES as u64)
    }
}

impl Iterator for RecordReader {
    type Item = io::Result<Record>;

    /// The next record; an error names the file and record for a torn or
    /// invalid one.
    fn next(&mut self) -> Option<io::Result<Record>> {
        let mut bytes = [0u8; RECORD_BYTES];
        let mut filled = 0;
        while filled < RECORD_BYTES {
            match self.input.read(&mut bytes[filled..]) {
                Ok(0) if filled == 0 => return None,
                Ok(0) => {
                    return Some(Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        format!("{}: record {} is torn", self.path, self.index),
                    )))
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Some(Err(e)),
            }
        }
        let index = self.index;
        self.index += 1;
        Some(Record::from_bytes(&bytes).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: record {index}: {e}", self.path),
            )
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record tags on disk (see [`games`]).
    const CHESS: u8 = 0;
    const XIANGQI: u8 = 1;

    fn sample() -> Record {
        let pieces = [
            PlacedPiece {
                square: 60,
                color: 0,
                kind: 5,
            },
            PlacedPiece {
                square: 4,
                color: 1,
                kind: 5,
            },
            PlacedPiece {
                square: 89,
                color: 1,
                kind: 6,
            },
            PlacedPiece {
                square: 12,
                color: 0,
                kind: 0,
            },
        ];
        Record::new(XIANGQI, &pieces, 1, -123, RecordResult::Win, 77).unwrap()
    }

    #[test]
    fn bytes_round_trip() {
        let record = sample();
        assert_eq!(Record::from_bytes(&record.to_bytes()).unwrap(), record);
    }

    #[test]
    fn pieces_come_back_in_square_order() {
        let squares: Vec<(u8, u8, u8)> = sample()
            .placed_pieces()
            .map(|p| (p.square, p.color, p.kind))
            .collect();
        assert_eq!(squares, vec![(4, 1, 5), (12, 0, 0), (60, 0, 5), (89, 1, 6)]);
    }

    #[test]
    fn bad_bytes_are_refused() {
        let mut bytes = sample().to_bytes();
        bytes[33] = 3;
        assert_eq!(Record::from_bytes(&bytes), Err(RecordError::BadResult(3)));
        let mut bytes = sample().to_bytes();
        bytes[38] = 9;
        assert_eq!(Record::from_bytes(&bytes), Err(RecordError::UnknownGame(9)));
        let mut bytes = sample().to_bytes();
        bytes[0..16].copy_from_slice(&u128::MAX.to_le_bytes());
        assert_eq!(
            Record::from_bytes(&bytes),
            Err(RecordError::TooManyPieces(128))
        );
    }

    #[test]
    fn packing_refuses_two_pieces_on_a_square_and_unknown_games() {
        let p = PlacedPiece {
            square: 3,
            color: 0,
            kind: 1,
        };
        let err = Record::new(CHESS, &[p, p], 0, 0, RecordResult::Draw, 0);
        assert_eq!(err, Err(RecordError::SquareTwice(3)));
        let err = Record::new(9, &[p], 0, 0, RecordResult::Draw, 0);
        assert_eq!(err, Err(RecordError::UnknownGame(9)));
    }

    #[test]
    fn a_torn_file_is_cut_on_append_and_reported_on_read() {
        let dir = std::env::temp_dir().join(format!("timur-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let _ = std::fs::remove_file(&path);
        let (mut writer, existing) = RecordWriter::append(&path).unwrap();
        assert_eq!(existing, 0);
        writer.write_all(&[sample(), sample()]).unwrap();
        drop(writer);
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(&[1, 2, 3])
            .unwrap();
        let torn: Vec<_> = RecordReader::open(&path).unwrap().collect();
        assert_eq!(torn.len(), 3);
        assert!(torn[2].is_err());
        let (mut writer, existing) = RecordWriter::append(&path).unwrap();
        assert_eq!(existing, 2);
        writer.write_all(&[sample()]).unwrap();
        drop(writer);
        let records: Vec<Record> = RecordReader::open(&path)
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(records, vec![sample(); 3]);
        assert_eq!(RecordReader::count(&path).unwrap(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
