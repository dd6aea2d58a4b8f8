//! The six variant names the engine answers to, and how each is set up.

use super::wdl::WdlModel;
use std::fmt;
use std::str::FromStr;

/// A game the engine can play, as named on the protocols (`UCI_Variant`,
/// XBoard `variant`, the CLI's `--variant`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VariantKind {
    /// Orthodox chess (the engine's first game).
    #[default]
    Chess,
    /// Chess960 (Fischer Random): chess with 960 castling and notation.
    Chess960,
    /// Xiangqi (Chinese chess).
    Xiangqi,
    /// Tamerlane chess.
    Tamerlane,
    /// Jasir, the East-Polish archers game.
    Jasir,
    /// Jarmo, Jasir's regional variant.
    Jarmo,
}

impl VariantKind {
    /// Every variant, in the order the engine lists them.
    pub const ALL: [VariantKind; 6] = [
        VariantKind::Chess,
        VariantKind::Chess960,
        VariantKind::Xiangqi,
        VariantKind::Tamerlane,
        VariantKind::Jasir,
        VariantKind::Jarmo,
    ];

    /// The protocol name (`chess`, `chess960`, …).
    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::Chess => "chess",
            VariantKind::Chess960 => "chess960",
            VariantKind::Xiangqi => "xiangqi",
            VariantKind::Tamerlane => "tamerlane",
            VariantKind::Jasir => "jasir",
            VariantKind::Jarmo => "jarmo",
        }
    }
}

impl VariantKind {
    /// The `UCI_ShowWDL` model fitted on this game's self-play
    /// (docs/strength.md); `None` for Jasir and Jarmo, whose results are
    /// scores.
    pub const fn wdl_model(self) -> Option<WdlModel> {
        match self {
            VariantKind::Chess => Some(WdlModel { a: 156.3, b: 182.1 }),
            VariantKind::Chess960 => Some(WdlModel { a: 114.8, b: 147.7 }),
            VariantKind::Xiangqi => Some(WdlModel { a: 341.9, b: 241.8 }),
            VariantKind::Tamerlane => Some(WdlModel { a: 972.1, b: 562.9 }),
            VariantKind::Jasir | VariantKind::Jarmo => None,
        }
    }

    /// The game played with `UCI_Chess960` set to `on`: orthodox chess
    /// becomes Chess960, every other game stays.
    pub const fn with_chess960(self, on: bool) -> VariantKind {
        match self {
            VariantKind::Chess if on => VariantKind::Chess960,
            other => other,
        }
    }

    /// Whether castling is written king-takes-own-rook (`e1h1`).
    pub fn king_takes_rook(self) -> bool {
        self == VariantKind::Chess960
    }

    /// The XBoard name: `normal` and `fischerandom` for the chess games,
    /// else the protocol name.
    pub const fn xboard_name(self) -> &'static str {
        match self {
            VariantKind::Chess => "normal",
            VariantKind::Chess960 => "fischerandom",
            other => other.name(),
        }
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for VariantKind {
    type Err = String;

    /// Reads a variant name, case-insensitively; `fischerandom`,
    /// `fischerrandom` and `960` mean Chess960, `normal` and `standard` mean
    /// chess (XBoard and GUI spellings).
    fn from_str(text: &str) -> Result<Self, String> {
        let lower = text.trim().to_ascii_lowercase();
        let kind = match lower.as_str() {
            "chess" | "normal" | "standard" => VariantKind::Chess,
            "chess960" | "fischerandom" | "fischerrandom" | "960" => VariantKind::Chess960,
            _ => match VariantKind::ALL.iter().find(|k| k.name() == lower) {
                Some(&k) => k,
                None => {
                    let names: Vec<&str> = VariantKind::ALL.iter().map(|k| k.name()).collect();
                    return Err(format!(
                        "unknown variant `{}` (known: {})",
                        text.trim(),
                        names.join(", ")
                    ));
                }
            },
        };
        Ok(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_aliases() {
        for kind in VariantKind::ALL {
            assert_eq!(kind.name().parse::<VariantKind>(), Ok(kind));
        }
        assert_eq!(
            "fischerandom".parse::<VariantKind>(),
            Ok(VariantKind::Chess960)
        );
        assert_eq!("XiangQi".parse::<VariantKind>(), Ok(VariantKind::Xiangqi));
        let err = "shogi".parse::<VariantKind>().unwrap_err();
        assert!(err.contains("shogi") && err.contains("tamerlane"), "{err}");
    }
}
