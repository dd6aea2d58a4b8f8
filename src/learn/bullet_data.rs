//! timur's chess records as bullet's `ChessBoard` records, the data the
//! bullet GPU trainer reads (`timur nnue export-bullet`; the recipe is in
//! docs/nnue.md). The layout is that of bullet's own reader, the
//! `bulletformat` crate (MIT), which the tests use to read them back.
//!
//! A `ChessBoard` is 32 bytes (little endian), all from the side to move's
//! view: when Black moves, the board is turned over (square `s` seen as
//! `s ^ 56`) and the colours swapped.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | `occ`: bit *s* set when square *s* (a1 = 0, seen by the mover) holds a piece |
//! | 8..24 | `pcs`: one nibble per occupied square, in increasing square order, low nibble first; bit 3 = the opponent's, bits 0–2 = kind (pawn 0 … king 5) |
//! | 24..26 | `score`: i16, centipawns, side to move's view |
//! | 26 | `result`: 0 the side to move lost, 1 draw, 2 won |
//! | 27 | `ksq`: the mover's king square |
//! | 28 | `opp_ksq`: the opponent's king square, seen from the opponent's side (`^ 56`) |
//! | 29..32 | `extra`: zeros |

use super::record::{Record, RecordReader, MAX_PIECES};
use crate::variants::chess::Chess;
use crate::variants::trainable::Trainable;
use arrayvec::ArrayVec;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Size of one `ChessBoard` record.
pub const BOARD_BYTES: usize = 32;

/// The king's kind index (chess's kinds: pawn 0 … king 5).
const KING: u8 = 5;

/// The `ChessBoard` bytes of a chess record; a record of another game, or
/// without one king a side, is refused.
pub fn chess_board(record: &Record) -> Result<[u8; BOARD_BYTES], String> {
    if record.game != Chess::RECORD_TAG {
        return Err(format!(
            "not a chess record (game tag {}): bullet's ChessBoard holds chess only",
            record.game
        ));
    }
    let mover = record.side_to_move;
    let turn = if mover == 1 { 56 } else { 0 };
    let mut pieces: ArrayVec<(u8, u8), MAX_PIECES> = record
        .placed_pieces()
        .map(|p| (p.square ^ turn, (p.color ^ mover) << 3 | p.kind))
        .collect();
    pieces.sort_unstable_by_key(|&(square, _)| square);
    let (mut occ, mut pcs) = (0u64, [0u8; 16]);
    let (mut kings, mut ksq, mut opp_ksq) = ([0; 2], 0, 0);
    for (i, &(square, code)) in pieces.iter().enumerate() {
        occ |= 1 << square;
        pcs[i / 2] |= code << (4 * (i % 2));
        if code & 7 == KING {
            let theirs = usize::from(code >> 3);
            kings[theirs] += 1;
            if theirs == 0 {
                ksq = square;
            } else {
                opp_ksq = square ^ 56;
            }
        }
    }
    if kings != [1, 1] {
        return Err(format!(
            "{} and {} kings: bullet's ChessBoard needs one a side",
            kings[0], kings[1]
        ));
    }
    let mut out = [0u8; BOARD_BYTES];
    out[0..8].copy_from_slice(&occ.to_le_bytes());
    out[8..24].copy_from_slice(&pcs);
    out[24..26].copy_from_slice(&record.score.to_le_bytes());
    out[26] = record.result as u8;
    out[27] = ksq;
    out[28] = opp_ksq;
    Ok(out)
}

/// Writes every record of the chess data file `data` to `out` (created
/// anew) as `ChessBoard` records; returns how many. The first record that
/// cannot be written stops it, named in the error.
pub fn export(data: &Path, out: &Path) -> Result<u64, String> {
    let reader = RecordReader::open(data).map_err(|e| format!("{}: {e}", data.display()))?;
    if let Some(game) = reader.game() {
        return Err(format!(
            "{}: records of game tag {game}, not chess",
            data.display()
        ));
    }
    let file = File::create(out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let mut count = 0u64;
    for record in reader {
        let record = record.map_err(|e| e.to_string())?;
        let board =
            chess_board(&record).map_err(|e| format!("{}: record {count}: {e}", data.display()))?;
        writer
            .write_all(&board)
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        count += 1;
    }
    writer
        .flush()
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(count)
}
