//! Shared lexing helpers: whitespace-tolerant tokens, case-insensitive
//! keywords, numbers whose errors name the bad token, and the
//! `startpos|fen … [moves …]` position argument list used by UCI and UCCI.

use std::num::{IntErrorKind, ParseIntError};
use std::str::FromStr;

/// Splits a line into tokens on any run of Unicode whitespace (spaces, tabs,
/// a stray `\r`), so leading, trailing and repeated blanks never matter.
pub(crate) fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// True if `token` is the keyword `kw`, ignoring ASCII case.
pub(crate) fn is_kw(token: &str, kw: &str) -> bool {
    token.eq_ignore_ascii_case(kw)
}

/// Parses the value that follows the keyword `key`; the error names the
/// keyword and the bad token (or says the value is missing).
pub(crate) fn number<T>(key: &str, token: Option<&&str>) -> Result<T, String>
where
    T: FromStr<Err = ParseIntError>,
{
    let Some(text) = token else {
        return Err(format!("`{key}` needs a number"));
    };
    text.parse::<T>().map_err(|e| match e.kind() {
        IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
            format!("number `{text}` after `{key}` is out of range")
        }
        _ => format!("`{text}` after `{key}` is not a valid number"),
    })
}

/// A whole-number type a lenient parse can clamp into.
pub(crate) trait Whole: Copy + TryFrom<i128> {
    /// The smallest value.
    const LOW: i128;
    /// The largest value.
    const HIGH: i128;
}

macro_rules! whole {
    ($($t:ty),*) => {$(
        impl Whole for $t {
            const LOW: i128 = <$t>::MIN as i128;
            const HIGH: i128 = <$t>::MAX as i128;
        }
    )*};
}

whole!(u32, u64, i64);

/// What a lenient number parse found: a value (clamped into range, with a
/// note saying so), or only a note (missing or not a number).
pub(crate) type Lenient<T> = (Option<T>, Option<String>);

/// Parses the value after `key` without failing: an out-of-range number is
/// clamped into `T`'s range, a missing or malformed one gives no value;
/// either way the note says what was wrong.
pub(crate) fn clamped_number<T: Whole>(key: &str, token: Option<&&str>) -> Lenient<T> {
    let Some(text) = token else {
        return (None, Some(format!("`{key}` needs a number")));
    };
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let wide = match text.parse::<i128>() {
        Ok(n) => n,
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            if text.starts_with('-') {
                i128::MIN
            } else {
                i128::MAX
            }
        }
        Err(_) => {
            return (
                None,
                Some(format!("`{text}` after `{key}` is not a valid number")),
            )
        }
    };
    let value = wide.clamp(T::LOW, T::HIGH);
    let note = (value != wide).then(|| format!("`{key} {text}` is out of range: using {value}"));
    (T::try_from(value).ok(), note)
}

/// Replaces line breaks and other control characters by spaces so a reply
/// built from arbitrary text always stays one protocol line.
pub(crate) fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A parsed `startpos | fen <F> [moves …]` argument list: the FEN (`None`
/// for the start position) and the move tokens, both as plain text.
pub(crate) type PositionArgs = (Option<String>, Vec<String>);

/// Parses the arguments of `position` (UCI, UCCI) or `probe` (UCCI).
///
/// The FEN is every token between `fen` and `moves` joined by single spaces:
/// the field count is not checked, since other games' FENs differ.
pub(crate) fn position_args(cmd: &str, args: &[&str]) -> Result<PositionArgs, String> {
    let Some((first, rest)) = args.split_first() else {
        return Err(format!("`{cmd}` needs `startpos` or `fen <FEN>`"));
    };
    let moves_of = |after: &[&str]| after.iter().map(|m| (*m).to_owned()).collect();
    if is_kw(first, "startpos") {
        match rest.split_first() {
            None => Ok((None, Vec::new())),
            Some((kw, moves)) if is_kw(kw, "moves") => Ok((None, moves_of(moves))),
            Some((other, _)) => Err(format!("expected `moves` after `startpos`, got `{other}`")),
        }
    } else if is_kw(first, "fen") {
        let end = rest
            .iter()
            .position(|t| is_kw(t, "moves"))
            .unwrap_or(rest.len());
        if end == 0 {
            return Err(format!("`{cmd} fen` needs a position"));
        }
        let fen = rest[..end].join(" ");
        let moves = rest.get(end + 1..).map(moves_of).unwrap_or_default();
        Ok((Some(fen), moves))
    } else {
        Err(format!(
            "expected `startpos` or `fen` after `{cmd}`, got `{first}`"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_name_the_bad_token() {
        assert_eq!(number::<u32>("depth", Some(&"12")), Ok(12));
        assert_eq!(number::<i64>("wtime", Some(&"-30")), Ok(-30));
        assert_eq!(
            number::<u32>("depth", None),
            Err("`depth` needs a number".to_owned())
        );
        let e = number::<u32>("depth", Some(&"x1")).unwrap_err();
        assert!(e.contains("`x1`") && e.contains("`depth`"), "{e}");
        let e = number::<u32>("depth", Some(&"99999999999")).unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = number::<u32>("depth", Some(&"-1")).unwrap_err();
        assert!(e.contains("`-1`"), "{e}");
    }

    #[test]
    fn clamped_numbers_never_fail() {
        assert_eq!(
            clamped_number::<u32>("depth", Some(&"12")),
            (Some(12), None)
        );
        let (value, note) = clamped_number::<u32>("depth", Some(&"-1"));
        assert_eq!(value, Some(0));
        assert!(note.unwrap().contains("out of range"));
        let (value, note) =
            clamped_number::<u32>("depth", Some(&"99999999999999999999999999999999999999999"));
        assert_eq!(value, Some(u32::MAX));
        assert!(note.is_some());
        assert_eq!(
            clamped_number::<i64>("wtime", Some(&"-99999999999999999999")).0,
            Some(i64::MIN)
        );
        let (value, note) = clamped_number::<u64>("nodes", Some(&"x1"));
        assert_eq!(value, None);
        assert!(note.unwrap().contains("`x1`"));
        assert_eq!(clamped_number::<u64>("nodes", None).0, None);
    }

    #[test]
    fn position_arguments() {
        assert_eq!(position_args("position", &["startpos"]), Ok((None, vec![])));
        assert_eq!(
            position_args("position", &["STARTPOS", "Moves", "e2e4"]),
            Ok((None, vec!["e2e4".to_owned()]))
        );
        assert_eq!(
            position_args("position", &["fen", "8/8", "w", "moves"]),
            Ok((Some("8/8 w".to_owned()), vec![]))
        );
        assert!(position_args("position", &[]).is_err());
        assert!(position_args("position", &["fen"]).is_err());
        assert!(position_args("position", &["fen", "moves", "e2e4"]).is_err());
        let e = position_args("position", &["startpos", "e2e4"]).unwrap_err();
        assert!(e.contains("`e2e4`"), "{e}");
        let e = position_args("probe", &["banana"]).unwrap_err();
        assert!(e.contains("`banana`") && e.contains("`probe`"), "{e}");
    }

    #[test]
    fn one_line_removes_breaks() {
        assert_eq!(one_line("a\nb\rc\td"), "a b c d");
        assert_eq!(one_line("ünïcode"), "ünïcode");
    }
}
