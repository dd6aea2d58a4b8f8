//! The compact table's file: versioned, checked, read whole.
//!
//! Layout (little endian): a 36-byte header — the 8 bytes `JASIRCMP`, the
//! format version (`u32`: 1 = one code byte a position, at most 255 codes;
//! 2 = two bytes a position, little endian, at most 65,535 codes), the game (`u8`, 0 = Jasir), the set's most
//! archers N (`u8`), the number of codes (`u16`), the number of classes
//! (`u32`), the number of positions (`u64`) and an FNV-1a 64 checksum of
//! everything after the header (`u64`) — then per code its solver value
//! (`i8`) and plies (`u32`), per class (the split header) White's and
//! Black's archers on the board, in hand and elite (6 `u8`), its first
//! slot and its size (`u64` each), then one code (one or two bytes, by the
//! version) per position in slot order. The reader rebuilds the layout of N and refuses a file whose
//! classes, size, length, checksum or codes disagree with it.

use super::super::board::Rules;
use super::compact::{CompactTable, SlotCodes, MAX_CODES, MAX_WIDE_CODES};
use super::index::Layout;
use crate::files;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

/// The first bytes of a compact table file.
pub const MAGIC: &[u8; 8] = b"JASIRCMP";
/// Format version of one code byte a position.
const VERSION_NARROW: u32 = 1;
/// Format version of two code bytes a position.
const VERSION_WIDE: u32 = 2;
const HEADER: usize = 36;
const CODE_BYTES: usize = 5;
const CLASS_BYTES: usize = 6 + 8 + 8;

/// FNV-1a, 64 bits, continued from `hash`.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

const FNV_START: u64 = 0xCBF2_9CE4_8422_2325;

/// The code and class sections as written.
fn sections(table: &CompactTable) -> Vec<u8> {
    let mut out = Vec::new();
    for &(value, plies) in &table.codes {
        out.push(value as u8);
        out.extend_from_slice(&plies.to_le_bytes());
    }
    for class in table.layout.classes() {
        for m in class.material {
            out.extend_from_slice(&[m.board as u8, m.hand as u8, m.elite as u8]);
        }
        out.extend_from_slice(&class.offset.to_le_bytes());
        out.extend_from_slice(&class.size.to_le_bytes());
    }
    out
}

impl CompactTable {
    /// Writes the table to `path`.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let failed = |e: std::io::Error| format!("cannot write `{}`: {e}", path.display());
        let sections = sections(self);
        let mut checksum = fnv1a(FNV_START, &sections);
        self.data
            .for_each_piece(&mut |piece| -> Result<(), ()> {
                checksum = fnv1a(checksum, piece);
                Ok(())
            })
            .ok();
        let version = if self.data.width() == 1 {
            VERSION_NARROW
        } else {
            VERSION_WIDE
        };
        let mut header = Vec::with_capacity(HEADER);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&version.to_le_bytes());
        header.push(Rules::Jasir.index() as u8);
        header.push(self.archers() as u8);
        header.extend_from_slice(&(self.codes.len() as u16).to_le_bytes());
        header.extend_from_slice(&(self.layout.classes().len() as u32).to_le_bytes());
        header.extend_from_slice(&(self.data.len() as u64).to_le_bytes());
        header.extend_from_slice(&checksum.to_le_bytes());
        let file = std::fs::File::create(path).map_err(failed)?;
        let mut w = BufWriter::new(file);
        w.write_all(&header).map_err(failed)?;
        w.write_all(&sections).map_err(failed)?;
        self.data
            .for_each_piece(&mut |piece| w.write_all(piece))
            .map_err(failed)?;
        w.flush().map_err(failed)
    }

    /// Reads a table written by [`CompactTable::save`], refusing a file
    /// that is not one, is of another version or game, is truncated or
    /// longer, or fails its checksum.
    pub fn load(path: &Path) -> Result<CompactTable, String> {
        let bad = |what: String| {
            format!(
                "`{}` is not a usable compact Jasir table: {what}",
                path.display()
            )
        };
        let mut header = [0u8; HEADER];
        let mut file = files::open(path)?;
        let got = read_up_to(&mut file, &mut header).map_err(|e| bad(e.to_string()))?;
        if got < MAGIC.len() || &header[..8] != MAGIC {
            return Err(bad("wrong magic bytes (not a compact table)".to_string()));
        }
        if got < HEADER {
            return Err(bad(format!("truncated header ({got} bytes)")));
        }
        let u32_at = |i: usize| u32::from_le_bytes(header[i..i + 4].try_into().unwrap());
        let u64_at = |i: usize| u64::from_le_bytes(header[i..i + 8].try_into().unwrap());
        let version = u32_at(8);
        let (width, max_codes) = match version {
            VERSION_NARROW => (1, MAX_CODES),
            VERSION_WIDE => (2, MAX_WIDE_CODES),
            _ => {
                return Err(bad(format!(
                    "format version {version}; this engine reads versions \
                     {VERSION_NARROW} and {VERSION_WIDE}"
                )))
            }
        };
        if header[12] != Rules::Jasir.index() as u8 {
            return Err(bad(format!(
                "game {} (compact tables exist for Jasir only)",
                header[12]
            )));
        }
        let archers = u32::from(header[13]);
        if !(2..=10).contains(&archers) {
            return Err(bad(format!("a set of {archers} archers")));
        }
        let codes = usize::from(u16::from_le_bytes([header[14], header[15]]));
        let classes = u32_at(16) as usize;
        let positions = u64_at(20);
        let checksum = u64_at(28);
        let layout = Layout::new(archers);
        if codes > max_codes || classes != layout.classes().len() || positions != layout.total() {
            return Err(bad(format!(
                "{positions} positions in {classes} classes with {codes} codes; \
                 the {archers}-archer set has {} in {}, with at most {max_codes} codes",
                layout.total(),
                layout.classes().len()
            )));
        }
        let expected =
            (HEADER + codes * CODE_BYTES + classes * CLASS_BYTES) as u64 + positions * width;
        let size = file.metadata().map_err(|e| bad(e.to_string()))?.len();
        if size < expected {
            return Err(bad(format!("truncated: {size} bytes of {expected}")));
        }
        if size > expected {
            return Err(bad(format!(
                "{} bytes after the end of the table",
                size - expected
            )));
        }
        let mut bytes = files::read_bounded(path, expected)?;
        if (bytes.len() as u64) < expected {
            return Err(bad(format!(
                "truncated: {} bytes of {expected}",
                bytes.len()
            )));
        }
        if fnv1a(FNV_START, &bytes[HEADER..]) != checksum {
            return Err(bad("checksum mismatch (the file is damaged)".to_string()));
        }
        let mut table = CompactTable {
            layout,
            codes: bytes[HEADER..HEADER + codes * CODE_BYTES]
                .chunks(CODE_BYTES)
                .map(|c| (c[0] as i8, u32::from_le_bytes([c[1], c[2], c[3], c[4]])))
                .collect(),
            data: SlotCodes::Narrow(Vec::new()),
        };
        let start = HEADER + codes * CODE_BYTES;
        let data_start = start + classes * CLASS_BYTES;
        if bytes[start..data_start] != sections(&table)[codes * CODE_BYTES..] {
            return Err(bad(
                "its classes differ from this engine's layout".to_string()
            ));
        }
        bytes.drain(..data_start);
        let data = SlotCodes::from_bytes(bytes, width as usize);
        if let Some(slot) = (0..data.len()).find(|&s| data.get(s).is_none_or(|c| c >= codes)) {
            return Err(bad(format!(
                "position {slot} has code {}, of {codes}",
                data.get(slot).map_or(max_codes, |c| c)
            )));
        }
        table.data = data;
        Ok(table)
    }
}

/// Reads until `buf` is full or the input ends; the bytes read.
fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}
