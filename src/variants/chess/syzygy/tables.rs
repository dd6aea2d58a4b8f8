//! A loaded set of Syzygy tables: the vetted files, linked into a private
//! folder that is all the prober (`pyrrhic-rs`) sees, and the probes a
//! position needs (WDL in the search, DTZ of every root move).

use super::super::position::Chess;
use super::super::types::Kind;
use super::adapter::ChessAttacks;
use super::files::{self, FileKind, Found};
use pyrrhic_rs::{DtzProbeResult, TBError, TableBases, WdlProbeResult};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use timur_search::Color;

/// At most this many names are listed in a message about many folders or
/// files.
const LISTED: usize = 3;

/// Loaded tables. The prober keeps one set per process: a new set can be
/// loaded only once the last one is dropped.
pub struct Syzygy {
    prober: TableBases<ChessAttacks>,
    /// Root probes one at a time (the prober's root probe is not known to
    /// be thread-safe).
    root_lock: Mutex<()>,
    wdl: BTreeSet<String>,
    dtz: BTreeSet<String>,
    largest: u32,
    /// The private folder of links to the vetted files.
    links: PathBuf,
}

impl std::fmt::Debug for Syzygy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Syzygy({} WDL, {} DTZ, up to {} pieces)",
            self.wdl.len(),
            self.dtz.len(),
            self.largest
        )
    }
}

impl Drop for Syzygy {
    fn drop(&mut self) {
        // The links only: the tables themselves are the user's.
        let _ = std::fs::remove_dir_all(&self.links);
    }
}

/// `items` joined, at most [`LISTED`] of them, then how many more.
fn listed(items: &[String]) -> String {
    let mut text = items[..items.len().min(LISTED)].join("; ");
    if items.len() > LISTED {
        text.push_str(&format!("; and {} more", items.len() - LISTED));
    }
    text
}

/// A fresh private folder for the links of one load.
fn links_folder() -> Result<PathBuf, String> {
    static LOADS: AtomicU64 = AtomicU64::new(0);
    let load = LOADS.fetch_add(1, Ordering::Relaxed);
    let folder = std::env::temp_dir().join(format!("timur-syzygy-{}-{load}", std::process::id()));
    if folder.to_str().is_none_or(|text| text.contains(':')) {
        return Err(format!(
            "the temporary folder {} cannot be handed to the prober (not UTF-8, or has ':')",
            folder.display()
        ));
    }
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    Ok(folder)
}

/// Links `target` into `folder` as `name`.
fn link(folder: &Path, name: &str, target: &Path) -> Result<(), String> {
    let at = folder.join(name);
    let target = std::fs::canonicalize(target)
        .map_err(|e| format!("cannot read {}: {e}", target.display()))?;
    #[cfg(unix)]
    let made = std::os::unix::fs::symlink(&target, &at);
    #[cfg(not(unix))]
    let made = std::fs::hard_link(&target, &at);
    made.map_err(|e| format!("cannot link {} to {}: {e}", at.display(), target.display()))
}

impl Syzygy {
    /// Loads the tables of the folders in `list` (separated as in `PATH`:
    /// `:`, `;` on Windows). Ok holds the tables and what was found (for an
    /// `info string`); the error says why nothing could be loaded.
    pub fn load(list: &str) -> Result<(Syzygy, String), String> {
        let folders: Vec<PathBuf> = std::env::split_paths(list)
            .filter(|folder| !folder.as_os_str().is_empty())
            .collect();
        let found = files::scan(&folders);
        let mut problems = Vec::new();
        if !found.bad_folders.is_empty() {
            problems.push(format!(
                "{} folder(s) not read: {}",
                found.bad_folders.len(),
                listed(&found.bad_folders)
            ));
        }
        if !found.refused.is_empty() {
            problems.push(format!(
                "{} file(s) refused: {}",
                found.refused.len(),
                listed(&found.refused)
            ));
        }
        if found.wdl.is_empty() {
            let mut why = format!(
                "no Syzygy WDL table (.rtbw) found in {} folder(s)",
                folders.len()
            );
            for problem in problems {
                why.push_str("; ");
                why.push_str(&problem);
            }
            return Err(why);
        }
        let tables = Syzygy::open(&found)?;
        let mut report = format!(
            "Syzygy: {} WDL and {} DTZ files found in {} folder(s), up to {} pieces",
            tables.wdl.len(),
            tables.dtz.len(),
            folders.len(),
            tables.largest
        );
        for problem in problems {
            report.push_str("; ");
            report.push_str(&problem);
        }
        Ok((tables, report))
    }

    /// Links the vetted files into a private folder and starts the prober
    /// on it.
    fn open(found: &Found) -> Result<Syzygy, String> {
        let links = links_folder()?;
        let linked = [(FileKind::Wdl, &found.wdl), (FileKind::Dtz, &found.dtz)]
            .into_iter()
            .flat_map(|(kind, map)| map.iter().map(move |(name, path)| (kind, name, path)))
            .try_for_each(|(kind, name, path)| {
                link(&links, &format!("{name}.{}", kind.extension()), path)
            });
        let prober = linked.and_then(|()| {
            let folder = links.to_str().unwrap_or_default();
            TableBases::<ChessAttacks>::new(folder).map_err(|e| match e {
                TBError::AlreadyInitialized => {
                    "the tables loaded before are still in use by a search; set SyzygyPath again when it ends".to_owned()
                }
                other => format!("the prober refused the tables: {other:?}"),
            })
        });
        let prober = match prober {
            Ok(prober) => prober,
            Err(why) => {
                let _ = std::fs::remove_dir_all(&links);
                return Err(why);
            }
        };
        Ok(Syzygy {
            prober,
            root_lock: Mutex::new(()),
            wdl: found.wdl.keys().cloned().collect(),
            dtz: found.dtz.keys().cloned().collect(),
            largest: found.largest(),
            links,
        })
    }

    /// Pieces on the board in the largest table.
    pub fn largest(&self) -> u32 {
        self.largest
    }

    /// Whether the DTZ table of `pos`'s material is loaded (the prober must
    /// never try a missing one: its failure would drop the WDL table of
    /// the same material too).
    pub fn has_dtz(&self, pos: &Chess) -> bool {
        let white = side_name(pos, Color::White);
        let black = side_name(pos, Color::Black);
        self.dtz.contains(&format!("{white}v{black}"))
            || self.dtz.contains(&format!("{black}v{white}"))
    }

    /// The win/draw/loss value of `pos` for the side to move, ignoring the
    /// move clock (it is the caller's to apply); `None` where no table
    /// answers. The position must have no castling right.
    pub fn wdl(&self, pos: &Chess) -> Option<WdlProbeResult> {
        let b = Board::of(pos);
        self.prober
            .probe_wdl(
                b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, b.ep,
                b.turn,
            )
            .ok()
    }

    /// The DTZ probe of `pos` and of every legal move (counted from `pos`,
    /// with its move clock); `None` where the DTZ table is missing or the
    /// probe fails.
    pub fn root(&self, pos: &Chess) -> Option<DtzProbeResult> {
        if !self.has_dtz(pos) {
            return None;
        }
        let b = Board::of(pos);
        let _one_at_a_time = self
            .root_lock
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.prober
            .probe_root(
                b.white,
                b.black,
                b.kings,
                b.queens,
                b.rooks,
                b.bishops,
                b.knights,
                b.pawns,
                u32::from(pos.halfmove),
                b.ep,
                b.turn,
            )
            .ok()
    }
}

/// One side's part of a table name: `K` and its other pieces, QRBNP.
fn side_name(pos: &Chess, color: Color) -> String {
    let mut name = String::from("K");
    for (kind, letter) in [
        (Kind::Queen, 'Q'),
        (Kind::Rook, 'R'),
        (Kind::Bishop, 'B'),
        (Kind::Knight, 'N'),
        (Kind::Pawn, 'P'),
    ] {
        for _ in 0..pos.pieces(color, kind).count_ones() {
            name.push(letter);
        }
    }
    name
}

/// A position as the prober takes it.
struct Board {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    /// The en-passant square, 0 for none.
    ep: u32,
    /// White to move.
    turn: bool,
}

impl Board {
    fn of(pos: &Chess) -> Board {
        let kind = |k: Kind| pos.by_kind[k.index()];
        Board {
            white: pos.by_color[Color::White.index()],
            black: pos.by_color[Color::Black.index()],
            kings: kind(Kind::King),
            queens: kind(Kind::Queen),
            rooks: kind(Kind::Rook),
            bishops: kind(Kind::Bishop),
            knights: kind(Kind::Knight),
            pawns: kind(Kind::Pawn),
            ep: pos.en_passant.map_or(0, |sq| sq.index() as u32),
            turn: pos.side == Color::White,
        }
    }
}
