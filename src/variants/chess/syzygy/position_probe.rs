//! One position's WDL and DTZ as the tables hold them (`timur tb probe`),
//! in the convention of Stockfish and python-chess: WDL from -2 (loss) to
//! 2 (win) ignoring the move clock, DTZ in plies, negative when the side
//! to move loses (-1 when it is checkmated), 0 for a draw.

use super::super::position::Chess;
use super::{wdl_number, Syzygy};
use pyrrhic_rs::DtzProbeValue;

/// What the tables say of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probed {
    /// -2 … 2.
    pub wdl: i32,
    /// `None` without the DTZ table.
    pub dtz: Option<i32>,
}

/// Probes `pos`; the error says why no table answers.
pub fn probe(tables: &Syzygy, pos: &Chess) -> Result<Probed, String> {
    if pos.rights != 0 {
        return Err("the tables hold no position with castling rights".to_owned());
    }
    let pieces = pos.occupied().count_ones();
    if pieces > tables.largest() {
        return Err(format!(
            "{pieces} pieces: the largest table loaded has {}",
            tables.largest()
        ));
    }
    let wdl = tables
        .wdl(pos)
        .map(wdl_number)
        .ok_or("no WDL table answers (missing for this material?)")?;
    let dtz = tables.root(pos).and_then(|probed| match probed.root {
        DtzProbeValue::DtzResult(result) => {
            Some(i32::from(result.dtz) * wdl_number(result.wdl).signum())
        }
        DtzProbeValue::Checkmate => Some(-1),
        DtzProbeValue::Stalemate => Some(0),
        DtzProbeValue::Failed => None,
    });
    Ok(Probed { wdl, dtz })
}
