//! Reading the files users name (options, arguments): the size is bounded
//! before anything is read into memory, so an endless stream (`/dev/zero`)
//! or a huge file given by mistake is refused with a message instead of
//! filling the machine's memory.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The most bytes a text file (openings, perft suites, PGN) may have.
pub const TEXT_LIMIT: u64 = 1 << 30;

/// Opens `path` for reading; the error names it.
pub fn open(path: &Path) -> Result<File, String> {
    File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// At most `limit` bytes read from `reader` (a file, or the rest of one);
/// longer input is refused, naming `path` and the limit.
pub fn read_at_most(reader: impl Read, limit: u64, path: &Path) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{} is larger than {limit} bytes: not read",
            path.display()
        ));
    }
    Ok(bytes)
}

/// The bytes of `path`, if it has at most `limit`. A regular file's size
/// is checked before it is read; anything else (a device, a pipe) is read
/// up to the limit.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let file = open_bounded(path, limit)?;
    read_at_most(file, limit, path)
}

/// Opens `path` for reading at most `limit` bytes: a directory, or a
/// regular file larger than the limit, is refused before anything is read.
fn open_bounded(path: &Path, limit: u64) -> Result<File, String> {
    let file = open(path)?;
    let metadata = file
        .metadata()
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if metadata.is_dir() {
        return Err(format!("{} is a directory, not a file", path.display()));
    }
    if metadata.is_file() && metadata.len() > limit {
        return Err(format!(
            "{} has {} bytes, more than the {limit} this file can have: not read",
            path.display(),
            metadata.len()
        ));
    }
    Ok(file)
}

/// The text of `path` (at most [`TEXT_LIMIT`] bytes; invalid UTF-8 is
/// replaced). A NUL byte makes it binary, not text: refused as soon as one
/// is read.
pub fn read_text(path: &Path) -> Result<String, String> {
    let mut file = open_bounded(path, TEXT_LIMIT)?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        if chunk[..n].contains(&0) {
            return Err(format!(
                "{} is not a text file (it has NUL bytes)",
                path.display()
            ));
        }
        if (bytes.len() + n) as u64 > TEXT_LIMIT {
            return Err(format!(
                "{} is larger than {TEXT_LIMIT} bytes: not read",
                path.display()
            ));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endless_and_oversized_input_is_refused() {
        let zero = Path::new("/dev/zero");
        let err = read_bounded(zero, 1000).unwrap_err();
        assert!(err.contains("larger than 1000 bytes"), "{err}");
        assert!(read_text(zero).unwrap_err().contains("not a text file"));
        let dir = std::env::temp_dir().join(format!("timur-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("ten");
        std::fs::write(&file, b"0123456789").unwrap();
        assert_eq!(read_bounded(&file, 10).unwrap(), b"0123456789");
        assert_eq!(read_text(&file).unwrap(), "0123456789");
        assert!(read_bounded(&file, 9).unwrap_err().contains("has 10 bytes"));
        assert!(read_bounded(&dir, 100).unwrap_err().contains("directory"));
        assert!(read_bounded(&dir.join("none"), 100)
            .unwrap_err()
            .contains("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
