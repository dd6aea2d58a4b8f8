//! OpenBench's SPSA input: one parameter a line, `NAME, int, default, min,
//! max, c_end, r_end` (what `timur tune params` prints and `timur tune
//! spsa` reads).

use timur_search::tunables::Tunable;

/// The most bytes a parameter file may have.
pub const FILE_LIMIT: u64 = 1 << 16;
/// The most parameters a file may declare.
pub const MAX_PARAMS: usize = 256;

/// One parameter to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The engine option that sets it.
    pub name: String,
    /// Where tuning starts.
    pub default: i32,
    /// The smallest value tried.
    pub min: i32,
    /// The largest value tried.
    pub max: i32,
    /// The perturbation at the end of the run.
    pub c_end: f64,
    /// The update's scale at the end of the run.
    pub r_end: f64,
}

impl From<&Tunable> for Param {
    fn from(t: &Tunable) -> Param {
        Param {
            name: t.name.to_string(),
            default: t.default,
            min: t.min,
            max: t.max,
            c_end: t.c_end,
            r_end: t.r_end,
        }
    }
}

/// The field names of a line, for messages.
const FIELDS: [&str; 7] = ["name", "type", "default", "min", "max", "c_end", "r_end"];

/// A parameter as one line of the file.
pub fn format_line(p: &Param) -> String {
    format!(
        "{}, int, {}, {}, {}, {}, {}",
        p.name, p.default, p.min, p.max, p.c_end, p.r_end
    )
}

/// Reads the parameters of `text`; blank lines and `#` comments are
/// skipped. Every error names its line and field.
pub fn parse(text: &str) -> Result<Vec<Param>, String> {
    let mut params: Vec<Param> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let param = parse_line(line).map_err(|why| format!("line {}: {why}", index + 1))?;
        if params.iter().any(|p| p.name == param.name) {
            return Err(format!(
                "line {}: `{}` is declared twice",
                index + 1,
                param.name
            ));
        }
        if params.len() == MAX_PARAMS {
            return Err(format!(
                "line {}: more than {MAX_PARAMS} parameters",
                index + 1
            ));
        }
        params.push(param);
    }
    if params.is_empty() {
        return Err("no parameters".to_string());
    }
    Ok(params)
}

fn parse_line(line: &str) -> Result<Param, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let [name, kind, default, min, max, c_end, r_end] = fields[..] else {
        return Err(format!(
            "{} fields, not the 7 of `NAME, int, default, min, max, c_end, r_end`",
            fields.len()
        ));
    };
    let valid_name = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !valid_name {
        return Err(format!("name `{name}` is not letters, digits, `_` or `-`"));
    }
    if kind != "int" {
        return Err(format!("type `{kind}`: only int parameters can be tuned"));
    }
    let param = Param {
        name: name.to_string(),
        default: whole(2, default)?,
        min: whole(3, min)?,
        max: whole(4, max)?,
        c_end: positive(5, c_end)?,
        r_end: positive(6, r_end)?,
    };
    if param.min > param.max {
        return Err(format!("min {} is above max {}", param.min, param.max));
    }
    if !(param.min..=param.max).contains(&param.default) {
        return Err(format!(
            "default {} is outside {}..={}",
            param.default, param.min, param.max
        ));
    }
    Ok(param)
}

/// Field `index` as a whole number.
fn whole(index: usize, text: &str) -> Result<i32, String> {
    text.parse()
        .map_err(|_| format!("{} `{text}` is not a whole number", FIELDS[index]))
}

/// Field `index` as a finite number above zero.
fn positive(index: usize, text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| format!("{} `{text}` is not a number above zero", FIELDS[index]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use timur_search::tunables::TUNABLES;

    #[test]
    fn the_engines_own_list_reads_back() {
        let text: String = TUNABLES
            .iter()
            .map(|t| format_line(&Param::from(t)) + "\n")
            .collect();
        let params = parse(&text).unwrap();
        let expected: Vec<Param> = TUNABLES.iter().map(Param::from).collect();
        assert_eq!(params, expected);
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let params = parse("# tune\n\n  rfp_margin, int, 80, 20, 200, 8, 0.002  \n").unwrap();
        assert_eq!(params.len(), 1);
        assert_eq!(params[0].c_end, 8.0);
    }

    #[test]
    fn bad_files_are_refused_by_line_and_field() {
        let good = "a, int, 5, 0, 10, 1, 0.002\n";
        let cases = [
            ("", "no parameters"),
            ("a, int, 5, 0, 10, 1\n", "line 1: 6 fields"),
            ("a, float, 5, 0, 10, 1, 0.002\n", "line 1: type `float`"),
            ("a b, int, 5, 0, 10, 1, 0.002\n", "line 1: name `a b`"),
            ("a, int, five, 0, 10, 1, 0.002\n", "line 1: default `five`"),
            ("a, int, 5, 0, 99999999999, 1, 0.002\n", "line 1: max `99999999999`"),
            ("a, int, 5, 0, 10, 0, 0.002\n", "line 1: c_end `0`"),
            ("a, int, 5, 0, 10, 1, NaN\n", "line 1: r_end `NaN`"),
            ("a, int, 5, 10, 0, 1, 0.002\n", "line 1: min 10 is above max 0"),
            ("a, int, 11, 0, 10, 1, 0.002\n", "line 1: default 11 is outside"),
            ("# x\na, int, 5, 0, 10, 1, 0.002\nA-1, int, 5, 0, 10, 1, 0.002\na, int, 1, 0, 10, 1, 0.002\n", "line 4: `a` is declared twice"),
        ];
        for (text, expected) in cases {
            let err = parse(text).unwrap_err();
            assert!(err.starts_with(expected), "{text:?}: {err}");
        }
        assert!(parse(good).is_ok());
        let many: String = (0..=MAX_PARAMS)
            .map(|i| format!("p{i}, int, 5, 0, 10, 1, 0.002\n"))
            .collect();
        let err = parse(&many).unwrap_err();
        assert!(err.contains(&format!("more than {MAX_PARAMS}")), "{err}");
    }
}
