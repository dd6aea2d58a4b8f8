//! Finding and vetting Syzygy table files before the prober sees them: a
//! file counts only if its name is a table's (`KRPvKR.rtbw`), its size has
//! the format's padding (16 more than a multiple of 64, as every complete
//! table has) and its first four bytes are the magic of its kind. The
//! prober maps files into memory and trusts them, so a truncated or foreign
//! file is refused here, with a note naming it.

use crate::files;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The two kinds of table file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// `.rtbw`: win/draw/loss, probed in the search.
    Wdl,
    /// `.rtbz`: distance to zeroing, probed at the root.
    Dtz,
}

impl FileKind {
    /// The file name's extension.
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Wdl => "rtbw",
            FileKind::Dtz => "rtbz",
        }
    }

    /// The first four bytes of every file of this kind.
    fn magic(self) -> [u8; 4] {
        match self {
            FileKind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            FileKind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

/// The most pieces a Syzygy table has.
pub const MAX_PIECES: u32 = 7;

/// What a scan of the folders found.
#[derive(Debug, Default)]
pub struct Found {
    /// Vetted WDL files by table name (`KRPvKR`), the first folder's copy.
    pub wdl: BTreeMap<String, PathBuf>,
    /// Vetted DTZ files by table name.
    pub dtz: BTreeMap<String, PathBuf>,
    /// Folders that could not be listed, with why.
    pub bad_folders: Vec<String>,
    /// Files with a table's name that were refused: `NAME (why)`.
    pub refused: Vec<String>,
}

impl Found {
    /// Pieces on the board in the largest table found (0: none).
    pub fn largest(&self) -> u32 {
        self.wdl
            .keys()
            .map(|name| pieces_of(name))
            .max()
            .unwrap_or(0)
    }
}

/// Pieces on the board in table `name` (kings included).
pub fn pieces_of(name: &str) -> u32 {
    name.chars().filter(|c| *c != 'v').count() as u32
}

/// The table name a file name stands for, if it is one of `kind`: two
/// sides of a king and up to five more pieces each, in the order QRBNP,
/// at most [`MAX_PIECES`] in all.
pub fn table_name(file: &str, kind: FileKind) -> Option<&str> {
    let name = file.strip_suffix(kind.extension())?.strip_suffix('.')?;
    let (white, black) = name.split_once('v')?;
    let side_ok = |side: &str| {
        let rest = side.strip_prefix('K')?;
        let ranks: Vec<usize> = rest
            .chars()
            .map(|c| "QRBNP".find(c))
            .collect::<Option<_>>()?;
        ranks.windows(2).all(|w| w[0] <= w[1]).then_some(())
    };
    side_ok(white)?;
    side_ok(black)?;
    (pieces_of(name) <= MAX_PIECES).then_some(name)
}

/// Whether `path` looks like a complete table file of `kind`; the error
/// says why not (without the path).
pub fn vet(path: &Path, kind: FileKind) -> Result<(), String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read it: {e}"))?
        .len();
    if size % 64 != 16 {
        return Err(format!("{size} bytes, truncated or no table"));
    }
    let file = files::open(path)?;
    let head = files::read_at_most(std::io::Read::take(file, 4), 4, path)?;
    if head != kind.magic() {
        return Err(format!("no Syzygy .{} magic, no table", kind.extension()));
    }
    Ok(())
}

/// Scans every folder of `folders` (earlier folders win a table found
/// twice) for table files, vetting each.
pub fn scan(folders: &[PathBuf]) -> Found {
    let mut found = Found::default();
    for folder in folders {
        let entries = match std::fs::read_dir(folder) {
            Ok(entries) => entries,
            Err(e) => {
                found.bad_folders.push(format!("{}: {e}", folder.display()));
                continue;
            }
        };
        for entry in entries.flatten() {
            let file_name = entry.file_name();
            let Some(file_name) = file_name.to_str() else {
                continue;
            };
            for (kind, map) in [
                (FileKind::Wdl, &mut found.wdl),
                (FileKind::Dtz, &mut found.dtz),
            ] {
                let Some(name) = table_name(file_name, kind) else {
                    continue;
                };
                if map.contains_key(name) {
                    continue;
                }
                match vet(&entry.path(), kind) {
                    Ok(()) => {
                        map.insert(name.to_owned(), entry.path());
                    }
                    Err(why) => found.refused.push(format!("{file_name} ({why})")),
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_are_read_from_file_names() {
        assert_eq!(table_name("KRPvKR.rtbw", FileKind::Wdl), Some("KRPvKR"));
        assert_eq!(table_name("KQvK.rtbz", FileKind::Dtz), Some("KQvK"));
        assert_eq!(table_name("KQvK.rtbz", FileKind::Wdl), None);
        assert_eq!(table_name("KRvKQ.rtbw", FileKind::Wdl), Some("KRvKQ"));
        for bad in [
            "KPRvK.rtbw",
            "QvK.rtbw",
            "KQKvK.rtbw",
            "KQQQQQvKQ.rtbw",
            "KQ.rtbw",
            "x.rtbw",
        ] {
            assert_eq!(table_name(bad, FileKind::Wdl), None, "{bad}");
        }
        assert_eq!(pieces_of("KRPvKR"), 5);
    }

    #[test]
    fn truncated_and_foreign_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("timur-syzygy-vet-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut good = FileKind::Wdl.magic().to_vec();
        good.resize(64 + 16, 0);
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        };
        assert_eq!(vet(&write("KQvK.rtbw", &good), FileKind::Wdl), Ok(()));
        let why = vet(&write("KRvK.rtbw", &good[..70]), FileKind::Wdl).unwrap_err();
        assert!(why.contains("truncated"), "{why}");
        let why = vet(&write("KBvK.rtbw", &[0; 80]), FileKind::Wdl).unwrap_err();
        assert!(why.contains("no Syzygy .rtbw magic"), "{why}");
        let why = vet(&write("KNvK.rtbz", &good), FileKind::Dtz).unwrap_err();
        assert!(why.contains("no Syzygy .rtbz magic"), "{why}");
        write("notes.txt", b"not a table");
        let found = scan(&[dir.clone(), dir.join("missing")]);
        assert_eq!(found.wdl.keys().collect::<Vec<_>>(), ["KQvK"]);
        assert!(found.dtz.is_empty());
        assert_eq!(found.refused.len(), 3, "{:?}", found.refused);
        assert_eq!(found.bad_folders.len(), 1);
        assert_eq!(found.largest(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
