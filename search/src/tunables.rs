//! The search parameters a tuner may change while the engine runs (`timur
//! tune spsa`): each declared once with its default, range and SPSA step
//! in OpenBench's terms, kept in a process-wide table of atomics that
//! `setoption` writes, and copied into a [`Tuned`] when a search starts,
//! so the search itself reads plain fields.

use std::sync::atomic::{AtomicI32, Ordering};

/// OpenBench's customary `r_end` (the update's scale at the end of a run),
/// the same for every parameter.
pub const R_END: f64 = 0.002;

/// One tunable parameter, in the fields of OpenBench's SPSA input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tunable {
    /// The name `setoption` takes (any case).
    pub name: &'static str,
    /// The value the engine ships with.
    pub default: i32,
    /// The smallest value accepted.
    pub min: i32,
    /// The largest value accepted.
    pub max: i32,
    /// The perturbation at the end of a tuning run (`c_end`).
    pub c_end: f64,
    /// The update's scale at the end of a tuning run (`r_end`).
    pub r_end: f64,
}

/// Declares the tunables: the [`Tuned`] struct (one field each), the
/// [`TUNABLES`] list and the table of current values.
macro_rules! tunables {
    ($($(#[doc = $doc:literal])* $field:ident = $default:literal in $min:literal..=$max:literal, c_end $c_end:literal;)*) => {
        /// The tunable values one search runs with.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) struct Tuned {
            $($(#[doc = $doc])* pub $field: i32,)*
        }

        /// Every tunable search parameter, in declaration order.
        pub static TUNABLES: &[Tunable] = &[$(Tunable {
            name: stringify!($field),
            default: $default,
            min: $min,
            max: $max,
            c_end: $c_end,
            r_end: R_END,
        },)*];

        /// The current values, in the order of [`TUNABLES`].
        static VALUES: [AtomicI32; [$(stringify!($field)),*].len()] =
            [$(AtomicI32::new($default),)*];

        impl Tuned {
            /// The values set now (the defaults unless `setoption` changed
            /// them).
            pub(crate) fn current() -> Tuned {
                let mut values = VALUES.iter().map(|v| v.load(Ordering::Relaxed));
                Tuned {
                    $($field: values.next().unwrap_or($default),)*
                }
            }
        }
    };
}

tunables! {
    /// Aspiration windows start this wide on each side of the last value.
    aspiration_delta = 25 in 5..=100, c_end 5.0;
    /// Reverse futility pruning: deepest depth...
    rfp_depth = 7 in 2..=12, c_end 1.0;
    /// ...and margin per ply.
    rfp_margin = 80 in 20..=200, c_end 8.0;
    /// Null-move pruning: shallowest depth...
    nmp_min_depth = 3 in 1..=6, c_end 0.5;
    /// ...and the depth from which a cutoff is verified.
    nmp_verify_depth = 10 in 6..=20, c_end 1.0;
    /// Null-move reduction: a base...
    nmp_base_reduction = 3 in 1..=6, c_end 0.5;
    /// ...one more ply per this many plies of depth...
    nmp_depth_divisor = 4 in 2..=8, c_end 0.5;
    /// ...and one more per this much evaluation above beta...
    nmp_eval_divisor = 200 in 50..=400, c_end 15.0;
    /// ...up to this many.
    nmp_eval_max_reduction = 3 in 0..=6, c_end 0.5;
    /// Futility pruning of quiet moves: deepest depth...
    futility_depth = 6 in 1..=12, c_end 1.0;
    /// ...base margin...
    futility_base = 100 in 0..=300, c_end 10.0;
    /// ...and margin per ply.
    futility_margin = 110 in 30..=250, c_end 10.0;
    /// Late move pruning: deepest depth...
    lmp_depth = 4 in 1..=10, c_end 1.0;
    /// ...and the quiet moves searched at depth 0 (plus depth²).
    lmp_base = 3 in 0..=10, c_end 1.0;
    /// Late move reductions: shallowest depth...
    lmr_min_depth = 3 in 1..=6, c_end 0.5;
    /// ...and moves searched before reducing.
    lmr_min_moves = 2 in 1..=6, c_end 0.5;
    /// The reduction table: `base + ln(depth) * ln(moves) / divisor`, both
    /// in hundredths.
    lmr_base = 50 in 0..=150, c_end 8.0;
    /// (See `lmr_base`.)
    lmr_divisor = 225 in 100..=400, c_end 12.0;
    /// Extra reduction of late moves at a cut node.
    cut_node_reduction = 2 in 0..=4, c_end 0.5;
    /// History points per unit of reduction change.
    lmr_history_divisor = 12288 in 2000..=30000, c_end 800.0;
    /// Continuation-history pruning: deepest depth...
    history_prune_depth = 3 in 1..=8, c_end 0.5;
    /// ...and margin per ply.
    history_prune_margin = 4000 in 500..=12000, c_end 300.0;
    /// Static-exchange pruning: deepest depth...
    see_prune_depth = 8 in 2..=14, c_end 1.0;
    /// ...material a tactical move may lose per ply...
    see_tactical_margin = 100 in 20..=250, c_end 10.0;
    /// ...and a quiet move per ply squared.
    see_quiet_margin = 30 in 5..=100, c_end 4.0;
    /// Singular extensions: shallowest depth...
    singular_depth = 6 in 4..=12, c_end 0.5;
    /// ...how many plies shallower the table entry may be...
    singular_tt_depth_slack = 3 in 1..=6, c_end 0.5;
    /// ...the margin per ply below the table's value...
    singular_margin = 2 in 1..=6, c_end 0.5;
    /// ...and how far below it a double extension needs.
    singular_double_margin = 25 in 0..=100, c_end 5.0;
    /// ProbCut: shallowest depth...
    probcut_depth = 5 in 3..=10, c_end 0.5;
    /// ...plies less for the probing search...
    probcut_reduction = 4 in 2..=6, c_end 0.5;
    /// ...the margin over beta...
    probcut_margin = 180 in 50..=400, c_end 15.0;
    /// ...less this when the evaluation improves.
    probcut_improving = 60 in 0..=150, c_end 8.0;
    /// Internal iterative reduction from this depth on.
    iir_depth = 4 in 2..=10, c_end 0.5;
    /// Delta pruning in quiescence: the margin for the positional swing.
    delta_margin = 200 in 50..=500, c_end 15.0;
    /// The history bonus of a cutoff: `square * depth² + linear * depth`...
    history_bonus_square = 16 in 4..=48, c_end 2.0;
    /// (See `history_bonus_square`.)
    history_bonus_linear = 32 in 0..=96, c_end 5.0;
    /// ...up to this most.
    history_bonus_max = 1200 in 400..=3000, c_end 100.0;
    /// Time: the moves a sudden-death clock is planned over (the soft limit
    /// is the time left over this many, plus most of the increment). Tune it
    /// at a clock (`--tc`): a search by nodes never reads it.
    time_moves_to_go = 30 in 10..=50, c_end 3.0;
}

impl Tuned {
    /// Quiet moves searched before late move pruning starts at `depth`
    /// (twice as many when the evaluation is improving).
    #[inline]
    pub(crate) fn lmp_limit(&self, depth: i32, improving: bool) -> usize {
        ((self.lmp_base + depth * depth) / (2 - i32::from(improving))) as usize
    }

    /// The history bonus of a cutoff at `depth`.
    #[inline]
    pub(crate) fn history_bonus(&self, depth: i32) -> i32 {
        (self.history_bonus_square * depth * depth + self.history_bonus_linear * depth)
            .min(self.history_bonus_max)
    }
}

/// The tunable called `name` (any case).
pub fn find(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

/// Sets the tunable called `name` (any case) to `value` from the next
/// search on; an unknown name or a value outside the range is refused and
/// changes nothing.
pub fn set(name: &str, value: i64) -> Result<(), String> {
    let index = TUNABLES
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown search parameter `{name}`"))?;
    let tunable = &TUNABLES[index];
    let value = i32::try_from(value)
        .ok()
        .filter(|v| (tunable.min..=tunable.max).contains(v))
        .ok_or_else(|| {
            format!(
                "{} must be from {} to {}, not {value}",
                tunable.name, tunable.min, tunable.max
            )
        })?;
    VALUES[index].store(value, Ordering::Relaxed);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_sound() {
        assert_eq!(TUNABLES.len(), VALUES.len());
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert!(t.c_end > 0.0 && t.r_end > 0.0, "{}", t.name);
            assert!(
                TUNABLES[..i].iter().all(|u| u.name != t.name),
                "{} twice",
                t.name
            );
        }
    }

    #[test]
    fn refused_values_change_nothing() {
        let before = Tuned::current();
        assert!(set("rfp_margin", 5000).unwrap_err().contains("20 to 200"));
        assert!(set("RFP_MARGIN", i64::from(i32::MAX) + 1).is_err());
        assert!(set("no_such_thing", 1)
            .unwrap_err()
            .contains("no_such_thing"));
        assert_eq!(Tuned::current(), before);
        // The default itself is accepted (other tests may search meanwhile:
        // nothing here leaves a value off its default).
        assert_eq!(set("Rfp_Margin", 80), Ok(()));
        assert_eq!(find("rfp_margin").map(|t| t.default), Some(80));
        assert_eq!(Tuned::current().rfp_margin, 80);
    }
}
