//! The header of a headed data file (see [`super::record`]): 16 bytes that
//! say the file holds training records, in which version of the layout,
//! of which game and how long each record is. A file that starts with
//! anything else is a plain (headerless) one.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `FF FF FF FF 'T' 'M' 'R' 'C'` (more than 32 bits set: never the start of a plain record, whose occupancy has at most 32) |
//! | 8..10 | version: u16, 1 |
//! | 10 | the game's record tag |
//! | 11 | reserved, 0 |
//! | 12..14 | record size in bytes: u16, 80 in version 1 |
//! | 14..16 | reserved, 0 |

use super::games;
use crate::variants::trainable::RecordLayout;

/// Bytes of the header.
pub const HEADER_BYTES: usize = 16;

/// The first bytes of every headed file.
pub const MAGIC: [u8; 8] = [0xFF, 0xFF, 0xFF, 0xFF, b'T', b'M', b'R', b'C'];

/// The layout version this build writes and reads.
pub const VERSION: u16 = 1;

/// Bytes of one record in version 1.
pub const RECORD_BYTES_V1: usize = 80;

/// What a header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The layout version.
    pub version: u16,
    /// The record tag of the game whose records follow.
    pub game: u8,
    /// Bytes of each record.
    pub record_bytes: u16,
}

impl Header {
    /// The header this build writes for `game`'s records.
    pub fn for_game(game: u8) -> Header {
        Header {
            version: VERSION,
            game,
            record_bytes: RECORD_BYTES_V1 as u16,
        }
    }

    /// The 16 bytes on disk.
    pub fn to_bytes(self) -> [u8; HEADER_BYTES] {
        let mut out = [0u8; HEADER_BYTES];
        out[0..8].copy_from_slice(&MAGIC);
        out[8..10].copy_from_slice(&self.version.to_le_bytes());
        out[10] = self.game;
        out[12..14].copy_from_slice(&self.record_bytes.to_le_bytes());
        out
    }

    /// Reads a header whose magic has been seen, checking every field: a
    /// known version, a game with headed records, the version's record
    /// size, zero reserved bytes.
    pub fn parse(bytes: &[u8; HEADER_BYTES]) -> Result<Header, String> {
        if bytes[0..8] != MAGIC {
            return Err("not a headed data file (no magic)".to_string());
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(format!(
                "record layout version {version} (this build reads version {VERSION})"
            ));
        }
        let game = bytes[10];
        let info = games::by_tag(game)
            .ok_or_else(|| format!("the header names game tag {game}, which no game here has"))?;
        if info.layout != RecordLayout::Headed {
            return Err(format!(
                "the header names {}, whose records are kept without a header",
                info.kind
            ));
        }
        let record_bytes = u16::from_le_bytes([bytes[12], bytes[13]]);
        if usize::from(record_bytes) != RECORD_BYTES_V1 {
            return Err(format!(
                "records of {record_bytes} bytes (version {VERSION} has {RECORD_BYTES_V1})"
            ));
        }
        if bytes[11] != 0 || bytes[14..16] != [0, 0] {
            return Err("reserved header bytes are not 0".to_string());
        }
        Ok(Header {
            version,
            game,
            record_bytes,
        })
    }

    /// Whether a file's first bytes start with the magic (a headed file;
    /// fewer than 8 bytes never do).
    pub fn starts(bytes: &[u8]) -> bool {
        bytes.len() >= MAGIC.len() && bytes[..MAGIC.len()] == MAGIC
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tamerlane's record tag (the only game with headed records).
    const TAMERLANE: u8 = 2;

    #[test]
    fn a_header_round_trips_and_starts_its_file() {
        let header = Header::for_game(TAMERLANE);
        let bytes = header.to_bytes();
        assert!(Header::starts(&bytes));
        assert_eq!(Header::parse(&bytes), Ok(header));
        assert!(!Header::starts(&bytes[..7]));
    }

    #[test]
    fn a_bad_header_says_what_is_wrong() {
        let good = Header::for_game(TAMERLANE).to_bytes();
        let broken = |at: usize, value: u8| {
            let mut bytes = good;
            bytes[at] = value;
            Header::parse(&bytes).unwrap_err()
        };
        assert!(broken(8, 2).contains("version 2"));
        assert!(broken(10, 9).contains("game tag 9"));
        assert!(broken(10, 0).contains("without a header"), "chess");
        assert!(broken(12, 40).contains("40 bytes"));
        assert!(broken(15, 1).contains("reserved"));
        assert!(broken(4, b't').contains("magic"));
    }

    #[test]
    fn the_magic_is_never_a_plain_records_start() {
        // A plain record's first 16 bytes are its occupancy: at most 32
        // bits set.
        let bits: u32 = MAGIC.iter().map(|b| b.count_ones()).sum();
        assert!(bits > 32, "{bits}");
    }
}
