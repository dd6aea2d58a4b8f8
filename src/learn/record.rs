//! Training records: one scored position each, in one of two layouts a
//! game's [`Trainable::RECORDS`](crate::variants::trainable::Trainable::RECORDS)
//! names. A game's positions come as its
//! [`Trainable::placed_pieces`](crate::variants::trainable::Trainable::placed_pieces).
//!
//! **Plain** (chess, Chess960, xiangqi; every file written before the
//! header existed): a concatenation of 40-byte records, no header. **Headed**
//! (Tamerlane): a 16-byte header ([`super::record_header`]: magic, version,
//! game, record size), then 80-byte records. Either way files are appended
//! to and resumed a game at a time: a file whose records do not fill it
//! ends in a torn record, which [`RecordReader`] reports and
//! [`RecordWriter::append`] cuts off. A reader learns the layout from the
//! file's first bytes; a writer refuses a file of another layout or game.
//!
//! Plain record (little endian):
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
//!
//! Headed record, version 1: the same fields with a byte per piece.
//!
//! | bytes | field |
//! |---|---|
//! | 0..16 | `occupancy`, as above |
//! | 16..72 | `pieces`: one byte per occupied square, in increasing square order, 0 after the last; bit 7 = Black, bits 0–6 = the kind |
//! | 72 | `side_to_move` |
//! | 73 | `result` |
//! | 74..76 | `score` |
//! | 76..78 | `ply` |
//! | 78 | `game` (the header's: 2 Tamerlane) |
//! | 79 | reserved, 0 |

use super::games::{self, GameInfo};
use super::record_header::{Header, HEADER_BYTES, RECORD_BYTES_V1};
use crate::bitboard::Bits;
pub use crate::variants::trainable::PlacedPiece;
use crate::variants::trainable::RecordLayout;
use arrayvec::ArrayVec;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;

/// Size of one plain record on disk.
pub const RECORD_BYTES: usize = 40;

/// Most pieces a plain record can hold.
pub const MAX_PIECES: usize = 32;

/// Most pieces a headed record can hold.
pub const HEADED_MAX_PIECES: usize = 56;

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

/// The pieces' codes in increasing square order, as their layout keeps
/// them (a headed record's on the heap, so a plain one stays small).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Codes {
    /// One nibble a piece: bit 3 Black, bits 0–2 the kind.
    Nibbles([u8; 16]),
    /// One byte a piece: bit 7 Black, bits 0–6 the kind.
    Bytes(Box<[u8; HEADED_MAX_PIECES]>),
}

impl Codes {
    /// The (color, kind) of the piece at `index` in square order.
    fn piece(&self, index: usize) -> (u8, u8) {
        match self {
            Codes::Nibbles(nibbles) => {
                let nibble = nibbles[index / 2] >> (4 * (index % 2)) & 0xF;
                (nibble >> 3, nibble & 7)
            }
            Codes::Bytes(bytes) => (bytes[index] >> 7, bytes[index] & 0x7F),
        }
    }
}

/// One scored position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Squares holding a piece.
    pub occupancy: u128,
    /// The pieces' colors and kinds (see the module docs).
    codes: Codes,
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
    /// The game's records are kept in the other layout.
    OtherLayout(u8),
    /// A headed file's record names another game than its header.
    NotTheHeadersGame {
        /// The header's game tag.
        header: u8,
        /// The record's.
        record: u8,
    },
    /// The result byte is not 0, 1 or 2.
    BadResult(u8),
    /// The side-to-move byte is not 0 or 1.
    BadSide(u8),
    /// More pieces than the layout holds.
    TooManyPieces(u32),
    /// No square is occupied (no position of any game: zeros, not data).
    EmptyBoard,
    /// A piece, square or kind out of the game's range.
    BadPiece(PlacedPiece),
    /// Two pieces on one square while packing.
    SquareTwice(u8),
    /// Not as many bytes as a record of the layout has.
    Length(usize),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::UnknownGame(b) => write!(f, "unknown game tag {b}"),
            RecordError::OtherLayout(b) => write!(
                f,
                "{} records are not kept in this layout",
                games::name_of_tag(*b)
            ),
            RecordError::NotTheHeadersGame { header, record } => write!(
                f,
                "a {} record in a file of {} records",
                games::name_of_tag(*record),
                games::name_of_tag(*header)
            ),
            RecordError::BadResult(b) => write!(f, "bad result byte {b}"),
            RecordError::BadSide(b) => write!(f, "bad side-to-move byte {b}"),
            RecordError::TooManyPieces(n) => write!(f, "{n} pieces (more than the layout holds)"),
            RecordError::EmptyBoard => f.write_str("an empty board (not a record)"),
            RecordError::BadPiece(p) => write!(f, "piece out of range: {p:?}"),
            RecordError::SquareTwice(s) => write!(f, "two pieces on square {s}"),
            RecordError::Length(n) => write!(f, "{n} bytes are not one record of the layout"),
        }
    }
}

impl std::error::Error for RecordError {}

/// The game of `tag`, with the record layout `layout`.
fn game_of(tag: u8, layout: RecordLayout) -> Result<&'static GameInfo, RecordError> {
    let game = games::by_tag(tag).ok_or(RecordError::UnknownGame(tag))?;
    if game.layout != layout {
        return Err(RecordError::OtherLayout(tag));
    }
    Ok(game)
}

/// Bytes of a record in `layout`.
pub fn record_bytes(layout: RecordLayout) -> usize {
    match layout {
        RecordLayout::Plain => RECORD_BYTES,
        RecordLayout::Headed => RECORD_BYTES_V1,
    }
}

/// Most pieces a record in `layout` holds.
fn max_pieces(layout: RecordLayout) -> usize {
    match layout {
        RecordLayout::Plain => MAX_PIECES,
        RecordLayout::Headed => HEADED_MAX_PIECES,
    }
}

/// Where the fields after the pieces start in `layout`.
fn tail(layout: RecordLayout) -> usize {
    record_bytes(layout) - 8
}

impl Record {
    /// Packs a position given as its pieces (any order), in the layout of
    /// the game whose tag is `game`.
    pub fn new(
        game: u8,
        pieces: &[PlacedPiece],
        side_to_move: u8,
        score: i16,
        result: RecordResult,
        ply: u16,
    ) -> Result<Record, RecordError> {
        let info = games::by_tag(game).ok_or(RecordError::UnknownGame(game))?;
        if pieces.len() > max_pieces(info.layout) {
            return Err(RecordError::TooManyPieces(pieces.len() as u32));
        }
        if side_to_move > 1 {
            return Err(RecordError::BadSide(side_to_move));
        }
        let mut sorted: ArrayVec<PlacedPiece, HEADED_MAX_PIECES> = pieces.iter().copied().collect();
        sorted.sort_unstable_by_key(|p| p.square);
        let mut occupancy = 0u128;
        let mut codes = match info.layout {
            RecordLayout::Plain => Codes::Nibbles([0; 16]),
            RecordLayout::Headed => Codes::Bytes(Box::new([0; HEADED_MAX_PIECES])),
        };
        for (i, piece) in sorted.iter().enumerate() {
            check_piece(piece, info)?;
            let bit = 1u128 << piece.square;
            if occupancy & bit != 0 {
                return Err(RecordError::SquareTwice(piece.square));
            }
            occupancy |= bit;
            match &mut codes {
                Codes::Nibbles(nibbles) => {
                    nibbles[i / 2] |= (piece.color << 3 | piece.kind) << (4 * (i % 2));
                }
                Codes::Bytes(bytes) => bytes[i] = piece.color << 7 | piece.kind,
            }
        }
        Ok(Record {
            occupancy,
            codes,
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
            let (color, kind) = self.codes.piece(index);
            PlacedPiece {
                square: square as u8,
                color,
                kind,
            }
        })
    }

    /// The bytes on disk (40 plain, 80 headed).
    pub fn to_bytes(&self) -> ArrayVec<u8, RECORD_BYTES_V1> {
        let (codes, layout): (&[u8], _) = match &self.codes {
            Codes::Nibbles(nibbles) => (nibbles, RecordLayout::Plain),
            Codes::Bytes(bytes) => (&bytes[..], RecordLayout::Headed),
        };
        let mut out: ArrayVec<u8, RECORD_BYTES_V1> = ArrayVec::new();
        out.extend(self.occupancy.to_le_bytes());
        out.extend(codes.iter().copied());
        out.extend([self.side_to_move, self.result as u8]);
        out.extend(self.score.to_le_bytes());
        out.extend(self.ply.to_le_bytes());
        out.extend([self.game, 0]);
        debug_assert_eq!(out.len(), record_bytes(layout));
        out
    }

    /// Reads one record of `layout` (`bytes` holds exactly one), checking
    /// every field against its game.
    pub fn from_bytes(layout: RecordLayout, bytes: &[u8]) -> Result<Record, RecordError> {
        if bytes.len() != record_bytes(layout) {
            return Err(RecordError::Length(bytes.len()));
        }
        let tail = tail(layout);
        let mut occupancy = [0u8; 16];
        occupancy.copy_from_slice(&bytes[0..16]);
        let occupancy = u128::from_le_bytes(occupancy);
        if occupancy.count_ones() as usize > max_pieces(layout) {
            return Err(RecordError::TooManyPieces(occupancy.count_ones()));
        }
        if occupancy == 0 {
            return Err(RecordError::EmptyBoard);
        }
        let codes = match layout {
            RecordLayout::Plain => {
                let mut nibbles = [0u8; 16];
                nibbles.copy_from_slice(&bytes[16..tail]);
                Codes::Nibbles(nibbles)
            }
            RecordLayout::Headed => {
                let mut codes = Box::new([0u8; HEADED_MAX_PIECES]);
                codes.copy_from_slice(&bytes[16..tail]);
                Codes::Bytes(codes)
            }
        };
        let side_to_move = bytes[tail];
        if side_to_move > 1 {
            return Err(RecordError::BadSide(side_to_move));
        }
        let result = match bytes[tail + 1] {
            0 => RecordResult::Loss,
            1 => RecordResult::Draw,
            2 => RecordResult::Win,
            b => return Err(RecordError::BadResult(b)),
        };
        let game = bytes[tail + 6];
        let info = game_of(game, layout)?;
        let record = Record {
            occupancy,
            codes,
            side_to_move,
            result,
            score: i16::from_le_bytes([bytes[tail + 2], bytes[tail + 3]]),
            ply: u16::from_le_bytes([bytes[tail + 4], bytes[tail + 5]]),
            game,
        };
        for piece in record.placed_pieces() {
            check_piece(&piece, info)?;
        }
        Ok(record)
    }
}

/// A piece on one of the game's squares, of one of its kinds.
fn check_piece(piece: &PlacedPiece, game: &GameInfo) -> Result<(), RecordError> {
    let fits = usize::from(piece.square) < game.squares.min(128)
        && piece.color <= 1
        && usize::from(piece.kind) < game.kinds;
    fits.then_some(()).ok_or(RecordError::BadPiece(*piece))
}

/// A data file's layout, read from its first bytes: its header (a headed
/// file), or none (a plain file, also an empty one). A file whose magic is
/// followed by less than a whole header is refused.
fn layout_of(file: &mut File, len: u64) -> io::Result<Option<Header>> {
    let mut start = [0u8; HEADER_BYTES];
    let seen = (len as usize).min(HEADER_BYTES);
    file.read_exact(&mut start[..seen])?;
    if !Header::starts(&start[..seen]) {
        return Ok(None);
    }
    if seen < HEADER_BYTES {
        return Err(invalid(format!(
            "a truncated header ({seen} of {HEADER_BYTES} bytes)"
        )));
    }
    Header::parse(&start).map(Some).map_err(invalid)
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// Appends whole records to a data file.
pub struct RecordWriter {
    out: BufWriter<File>,
}

impl RecordWriter {
    /// Opens `path` for appending records of the game tagged `game`
    /// (creating it, with its header where the game's layout has one); a
    /// torn last record left by an interrupted run is cut off first. A file
    /// of the other layout, or whose header names another game, is
    /// refused. Returns the writer and the number of whole records already
    /// in the file.
    pub fn append(path: &Path, game: u8) -> io::Result<(RecordWriter, u64)> {
        let info = games::by_tag(game).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("no game has record tag {game}"),
            )
        })?;
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(path)?;
        let len = file.metadata()?.len();
        let header = layout_of(&mut file, len)?;
        let start = match (info.layout, header) {
            (RecordLayout::Plain, None) => 0,
            (RecordLayout::Headed, Some(header)) if header.game == game => HEADER_BYTES as u64,
            (RecordLayout::Headed, None) if len == 0 => {
                file.write_all(&Header::for_game(game).to_bytes())?;
                HEADER_BYTES as u64
            }
            (_, Some(header)) => {
                return Err(invalid(format!(
                    "it holds {} records (its header says so), not {}",
                    games::name_of_tag(header.game),
                    info.kind
                )))
            }
            (RecordLayout::Headed, None) => {
                return Err(invalid(format!(
                    "it has no header (plain records of chess or xiangqi); {} records go to a file of their own",
                    info.kind
                )))
            }
        };
        let size = record_bytes(info.layout) as u64;
        let len = len.max(start);
        let whole = (len - start) / size;
        if (len - start) % size != 0 {
            file.set_len(start + whole * size)?;
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
    header: Option<Header>,
}

impl RecordReader {
    /// Opens a data file and reads its header, if it has one; only a
    /// regular file (whose size bounds what is read), not a device or a
    /// pipe.
    pub fn open(path: &Path) -> io::Result<RecordReader> {
        let mut file = File::open(path)?;
        let metadata = file.metadata()?;
        if !metadata.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{}: not a regular file of records", path.display()),
            ));
        }
        let header = layout_of(&mut file, metadata.len())
            .map_err(|e| invalid(format!("{}: {e}", path.display())))?;
        // A plain file's first bytes were read as a possible header.
        if header.is_none() {
            file.rewind()?;
        }
        Ok(RecordReader {
            input: BufReader::with_capacity(1 << 20, file),
            path: path.display().to_string(),
            index: 0,
            header,
        })
    }

    /// The game its header names (`None`: a plain file, whose records
    /// each name their game).
    pub fn game(&self) -> Option<u8> {
        self.header.map(|header| header.game)
    }

    fn layout(&self) -> RecordLayout {
        match self.header {
            Some(_) => RecordLayout::Headed,
            None => RecordLayout::Plain,
        }
    }

    /// The number of whole records in a file (its header checked).
    pub fn count(path: &Path) -> io::Result<u64> {
        let reader = RecordReader::open(path)?;
        let data =
            std::fs::metadata(path)?.len() - reader.header.map_or(0, |_| HEADER_BYTES as u64);
        Ok(data / record_bytes(reader.layout()) as u64)
    }
}

impl Iterator for RecordReader {
    type Item = io::Result<Record>;

    /// The next record; an error names the file and record for a torn or
    /// invalid one.
    fn next(&mut self) -> Option<io::Result<Record>> {
        let layout = self.layout();
        let size = record_bytes(layout);
        let mut bytes = [0u8; RECORD_BYTES_V1];
        let mut filled = 0;
        while filled < size {
            match self.input.read(&mut bytes[filled..size]) {
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
        let record =
            Record::from_bytes(layout, &bytes[..size]).and_then(|record| match self.game() {
                Some(header) if header != record.game => Err(RecordError::NotTheHeadersGame {
                    header,
                    record: record.game,
                }),
                _ => Ok(record),
            });
        Some(record.map_err(|e| invalid(format!("{}: record {index}: {e}", self.path))))
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
        assert_eq!(
            Record::from_bytes(RecordLayout::Plain, &record.to_bytes()).unwrap(),
            record
        );
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
        assert_eq!(
            Record::from_bytes(RecordLayout::Plain, &bytes),
            Err(RecordError::BadResult(3))
        );
        let mut bytes = sample().to_bytes();
        bytes[38] = 9;
        assert_eq!(
            Record::from_bytes(RecordLayout::Plain, &bytes),
            Err(RecordError::UnknownGame(9))
        );
        let mut bytes = sample().to_bytes();
        bytes[0..16].copy_from_slice(&u128::MAX.to_le_bytes());
        assert_eq!(
            Record::from_bytes(RecordLayout::Plain, &bytes),
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
        let (mut writer, existing) = RecordWriter::append(&path, XIANGQI).unwrap();
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
        let (mut writer, existing) = RecordWriter::append(&path, XIANGQI).unwrap();
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

    /// Tamerlane's record tag (headed records).
    const TAMERLANE: u8 = 2;

    /// 56 pieces of every Tamerlane kind, the citadels held.
    fn crowded() -> Record {
        let pieces: Vec<PlacedPiece> = (0..56u8)
            .map(|i| PlacedPiece {
                square: if i < 54 { i * 2 } else { 110 + i - 54 },
                color: i % 2,
                kind: i % 23,
            })
            .collect();
        Record::new(TAMERLANE, &pieces, 0, 321, RecordResult::Loss, 500).unwrap()
    }

    /// A fresh file path in its own folder.
    fn scratch(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("timur-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let _ = std::fs::remove_file(&path);
        (dir, path)
    }

    #[test]
    fn a_plain_record_takes_no_more_memory_than_before() {
        assert!(std::mem::size_of::<Record>() <= 48);
    }

    #[test]
    fn plain_bytes_keep_their_layout() {
        // The table in the module docs, byte by byte.
        let bytes = sample().to_bytes();
        assert_eq!(bytes.len(), RECORD_BYTES);
        let occupancy = (1u128 << 4) | (1 << 12) | (1 << 60) | (1 << 89);
        assert_eq!(bytes[0..16], occupancy.to_le_bytes());
        // Black general on 4, red soldier on 12, red general on 60, black
        // chariot(6) on 89: nibbles 0xD, 0x0, 0x5, 0xE.
        assert_eq!(bytes[16..18], [0x0D, 0xE5]);
        assert!(bytes[18..32].iter().all(|&b| b == 0));
        assert_eq!(bytes[32..40], [1, 2, 0x85, 0xFF, 77, 0, 1, 0]);
        // A file of such bytes, as every file before the header was, reads.
        let (dir, path) = scratch("record-legacy");
        std::fs::write(&path, [&bytes[..], &bytes[..]].concat()).unwrap();
        let reader = RecordReader::open(&path).unwrap();
        assert_eq!(reader.game(), None);
        let records: Vec<Record> = reader.map(|r| r.unwrap()).collect();
        assert_eq!(records, vec![sample(); 2]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn headed_bytes_round_trip_with_56_pieces_of_every_kind() {
        let record = crowded();
        let bytes = record.to_bytes();
        assert_eq!(bytes.len(), RECORD_BYTES_V1);
        let back = Record::from_bytes(RecordLayout::Headed, &bytes).unwrap();
        assert_eq!(back, record);
        let pieces: Vec<PlacedPiece> = back.placed_pieces().collect();
        assert_eq!(pieces.len(), 56);
        assert_eq!(pieces[55].square, 111);
        let kinds: std::collections::HashSet<u8> = pieces.iter().map(|p| p.kind).collect();
        assert_eq!(kinds.len(), 23);
        // Read as the other layout, or with a kind past the game's: refused.
        assert_eq!(
            Record::from_bytes(RecordLayout::Plain, &bytes[..RECORD_BYTES]),
            Err(RecordError::TooManyPieces(56))
        );
        assert_eq!(
            Record::from_bytes(RecordLayout::Plain, &bytes),
            Err(RecordError::Length(RECORD_BYTES_V1))
        );
        let mut bad = bytes.clone();
        bad[16] = 23;
        assert!(matches!(
            Record::from_bytes(RecordLayout::Headed, &bad),
            Err(RecordError::BadPiece(_))
        ));
        let mut chess = bytes;
        chess[78] = CHESS;
        assert_eq!(
            Record::from_bytes(RecordLayout::Headed, &chess),
            Err(RecordError::OtherLayout(CHESS))
        );
    }

    #[test]
    fn a_headed_file_appends_cuts_and_refuses_other_games() {
        let (dir, path) = scratch("record-headed");
        let (mut writer, existing) = RecordWriter::append(&path, TAMERLANE).unwrap();
        assert_eq!(existing, 0);
        writer.write_all(&[crowded(), crowded()]).unwrap();
        drop(writer);
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len(), HEADER_BYTES + 2 * RECORD_BYTES_V1);
        assert_eq!(
            bytes[..HEADER_BYTES],
            Header::for_game(TAMERLANE).to_bytes()
        );
        // A torn record: reported on read, cut on append.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(&[9; 30])
            .unwrap();
        let torn: Vec<_> = RecordReader::open(&path).unwrap().collect();
        assert_eq!(torn.len(), 3);
        assert!(torn[2].as_ref().unwrap_err().to_string().contains("torn"));
        let (mut writer, existing) = RecordWriter::append(&path, TAMERLANE).unwrap();
        assert_eq!(existing, 2);
        writer.write_all(&[crowded()]).unwrap();
        drop(writer);
        let reader = RecordReader::open(&path).unwrap();
        assert_eq!(reader.game(), Some(TAMERLANE));
        let records: Vec<Record> = reader.map(|r| r.unwrap()).collect();
        assert_eq!(records, vec![crowded(); 3]);
        assert_eq!(RecordReader::count(&path).unwrap(), 3);
        // Chess and xiangqi writers refuse it; Tamerlane's refuses a plain
        // file.
        for other in [CHESS, XIANGQI] {
            let why = RecordWriter::append(&path, other).err().unwrap();
            assert!(why.to_string().contains("tamerlane records"), "{why}");
        }
        let (plain_dir, plain) = scratch("record-plain");
        RecordWriter::append(&plain, XIANGQI)
            .unwrap()
            .0
            .write_all(&[sample()])
            .unwrap();
        let why = RecordWriter::append(&plain, TAMERLANE).err().unwrap();
        assert!(why.to_string().contains("no header"), "{why}");
        assert_eq!(RecordReader::open(&plain).unwrap().game(), None);
        std::fs::remove_dir_all(&dir).unwrap();
        std::fs::remove_dir_all(&plain_dir).unwrap();
    }

    #[test]
    fn truncated_and_foreign_headers_are_refused_before_any_record() {
        let (dir, path) = scratch("record-truncated");
        let header = Header::for_game(TAMERLANE).to_bytes();
        std::fs::write(&path, &header[..12]).unwrap();
        let why = RecordReader::open(&path).err().unwrap().to_string();
        assert!(why.contains("truncated header"), "{why}");
        assert!(RecordWriter::append(&path, TAMERLANE).is_err());
        let mut future = header;
        future[8] = 7;
        std::fs::write(&path, future).unwrap();
        let why = RecordReader::open(&path).err().unwrap().to_string();
        assert!(why.contains("version 7"), "{why}");
        // A record of another game behind a Tamerlane header.
        let mut bytes = header.to_vec();
        let mut record = crowded().to_bytes();
        record[78] = 5;
        bytes.extend_from_slice(&record);
        std::fs::write(&path, &bytes).unwrap();
        let first = RecordReader::open(&path).unwrap().next().unwrap();
        assert!(first.is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
