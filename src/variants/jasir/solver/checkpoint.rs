//! Checkpoints of an in-place build ([`super::inplace`]): everything a
//! killed build needs to go on at its next step, in one checked file.
//!
//! Layout (little endian): a 44-byte header — the 8 bytes `JASIRPRT`, the
//! format version (`u32`, 1), the game (`u8`, 0 = Jasir), the set's most
//! archers N (`u8`), bytes a code (`u8`, 1 or 2), a zero byte, the number
//! of codes (`u32`), the next step's threshold index and split index
//! (`u32` each), the number of slots (`u64`) and an FNV-1a 64 checksum of
//! everything after the header (`u64`) — then per code its solver value
//! (`i8`) and plies (`u32`), the code of every slot (unfilled: all ones),
//! and the layer byte of every slot. The file is written beside its final
//! name and renamed, so a build killed while writing keeps the previous
//! checkpoint. (It is not synced to the disk: a killed process loses
//! nothing the system has, and a crash of the machine is caught by the
//! checksum.)

use super::compact::SlotCodes;
use super::index::Layout;
use super::inplace::{InPlace, Next};
use crate::files;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// The first bytes of a checkpoint.
pub const MAGIC: &[u8; 8] = b"JASIRPRT";
const VERSION: u32 = 1;
const HEADER: usize = 44;
const CODE_BYTES: usize = 5;
/// Bytes streamed at a time.
const CHUNK: usize = 1 << 20;

/// FNV-1a, 64 bits, continued from `hash`.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

const FNV_START: u64 = 0xCBF2_9CE4_8422_2325;

/// The layer bytes of `layers[start..start + len]`.
fn layer_bytes(layers: &[AtomicU8], start: usize, len: usize) -> Vec<u8> {
    layers[start..start + len]
        .iter()
        .map(|l| l.load(Relaxed))
        .collect()
}

impl InPlace {
    /// Writes the build's state to `path` (through `path` + `.tmp`).
    pub fn save_checkpoint(&self, path: &Path) -> Result<(), String> {
        let tmp = path.with_extension(match path.extension() {
            Some(ext) => format!("{}.tmp", ext.to_string_lossy()),
            None => "tmp".to_string(),
        });
        let failed = |e: std::io::Error| format!("cannot write `{}`: {e}", tmp.display());
        let mut codes = Vec::with_capacity(self.codes.len() * CODE_BYTES);
        for &(value, plies) in &self.codes {
            codes.push(value as u8);
            codes.extend_from_slice(&plies.to_le_bytes());
        }
        let total = self.layers.len();
        let mut checksum = fnv1a(FNV_START, &codes);
        self.data
            .for_each_piece(&mut |piece| -> Result<(), ()> {
                checksum = fnv1a(checksum, piece);
                Ok(())
            })
            .ok();
        for start in (0..total).step_by(CHUNK) {
            let len = CHUNK.min(total - start);
            checksum = fnv1a(checksum, &layer_bytes(&self.layers, start, len));
        }
        let mut header = Vec::with_capacity(HEADER);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.push(0);
        header.push(self.layout.archers() as u8);
        header.push(self.data.width() as u8);
        header.push(0);
        header.extend_from_slice(&(self.codes.len() as u32).to_le_bytes());
        header.extend_from_slice(&(self.next.pass as u32).to_le_bytes());
        header.extend_from_slice(&(self.next.split as u32).to_le_bytes());
        header.extend_from_slice(&(total as u64).to_le_bytes());
        header.extend_from_slice(&checksum.to_le_bytes());
        debug_assert_eq!(header.len(), HEADER);
        let file = std::fs::File::create(&tmp).map_err(failed)?;
        let mut w = BufWriter::with_capacity(CHUNK, file);
        w.write_all(&header).map_err(failed)?;
        w.write_all(&codes).map_err(failed)?;
        self.data
            .for_each_piece(&mut |piece| w.write_all(piece))
            .map_err(failed)?;
        for start in (0..total).step_by(CHUNK) {
            let len = CHUNK.min(total - start);
            w.write_all(&layer_bytes(&self.layers, start, len))
                .map_err(failed)?;
        }
        w.flush().map_err(failed)?;
        drop(w);
        std::fs::rename(&tmp, path).map_err(|e| {
            format!(
                "cannot rename `{}` to `{}`: {e}",
                tmp.display(),
                path.display()
            )
        })
    }

    /// Reads a checkpoint of a build of the `archers`-archer set written
    /// by [`InPlace::save_checkpoint`], refusing a file that is not one, is
    /// of another version, game or set, is truncated or longer, or fails
    /// its checksum.
    pub fn load_checkpoint(path: &Path, archers: u32) -> Result<InPlace, String> {
        let bad = |what: String| {
            format!(
                "`{}` is not a usable checkpoint of the {archers}-archer Jasir build: {what}",
                path.display()
            )
        };
        let io = |e: std::io::Error| bad(e.to_string());
        let file = files::open(path)?;
        let size = file.metadata().map_err(io)?.len();
        let mut r = BufReader::with_capacity(CHUNK, file);
        let mut header = [0u8; HEADER];
        let mut got = 0;
        while got < HEADER {
            match r.read(&mut header[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(io(e)),
            }
        }
        if got < MAGIC.len() || &header[..8] != MAGIC {
            return Err(bad("wrong magic bytes (not a checkpoint)".to_string()));
        }
        if got < HEADER {
            return Err(bad(format!("truncated header ({got} bytes)")));
        }
        let u32_at = |i: usize| u32::from_le_bytes(header[i..i + 4].try_into().unwrap());
        let u64_at = |i: usize| u64::from_le_bytes(header[i..i + 8].try_into().unwrap());
        let version = u32_at(8);
        if version != VERSION {
            return Err(bad(format!(
                "format version {version}; this engine reads version {VERSION}"
            )));
        }
        if header[12] != 0 {
            return Err(bad(format!("game {} (Jasir is 0)", header[12])));
        }
        if u32::from(header[13]) != archers {
            return Err(bad(format!("a build of {} archers", header[13])));
        }
        let width = usize::from(header[14]);
        let codes = u32_at(16) as usize;
        let next = Next {
            pass: u32_at(20) as usize,
            split: u32_at(24) as usize,
        };
        let total = u64_at(28);
        let checksum = u64_at(36);
        let layout = Layout::new(archers);
        if total != layout.total() {
            return Err(bad(format!(
                "{total} slots; the set has {}",
                layout.total()
            )));
        }
        let data = SlotCodes::from_bytes(Vec::new(), width.max(1));
        if !(1..=2).contains(&width) || codes > data.capacity() || header[15] != 0 {
            return Err(bad(format!("{width} bytes a code, {codes} codes")));
        }
        let expected = HEADER as u64 + (codes * CODE_BYTES) as u64 + total * (width as u64 + 1);
        if size < expected {
            return Err(bad(format!("truncated: {size} bytes of {expected}")));
        }
        if size > expected {
            return Err(bad(format!("{} bytes after the end", size - expected)));
        }
        let total = total as usize;
        let mut read = |len: usize, hash: &mut u64| -> Result<Vec<u8>, String> {
            let mut buf = vec![0u8; len];
            r.read_exact(&mut buf).map_err(io)?;
            *hash = fnv1a(*hash, &buf);
            Ok(buf)
        };
        let mut hash = FNV_START;
        let code_bytes = read(codes * CODE_BYTES, &mut hash)?;
        let data = SlotCodes::from_bytes(read(total * width, &mut hash)?, width);
        let mut layers = Vec::with_capacity(total);
        for start in (0..total).step_by(CHUNK) {
            let chunk = read(CHUNK.min(total - start), &mut hash)?;
            layers.extend(chunk.into_iter().map(AtomicU8::new));
        }
        if hash != checksum {
            return Err(bad("checksum mismatch (the file is damaged)".to_string()));
        }
        let mut build = InPlace {
            layout,
            codes: code_bytes
                .chunks(CODE_BYTES)
                .map(|c| (c[0] as i8, u32::from_le_bytes([c[1], c[2], c[3], c[4]])))
                .collect(),
            data,
            layers,
            next,
        };
        if next.split >= build.order().len() || next.pass > build.thresholds().len() {
            return Err(bad(format!(
                "next step {} of split {}",
                next.pass, next.split
            )));
        }
        if let Some(slot) = (0..total).find(|&s| build.data.get(s).is_some_and(|c| c >= codes)) {
            return Err(bad(format!("slot {slot} has a code beyond {codes}")));
        }
        build.codes.shrink_to_fit();
        Ok(build)
    }
}
