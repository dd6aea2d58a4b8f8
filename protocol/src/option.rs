//! Engine options as declared to a GUI: the kind, default and range of one
//! option. Each dialect prints them its own way (`uci::option_line`,
//! `ucci::option_line`, `xboard::feature_option_line`).

/// What kind of option an engine declares, with its default (and range).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionSpec {
    /// A boolean: `type check default false`.
    Check {
        /// The value before any `setoption`.
        default: bool,
    },
    /// An integer in `min..=max`: `type spin default 1 min 1 max 256`.
    Spin {
        /// The value before any `setoption`.
        default: i64,
        /// The smallest accepted value.
        min: i64,
        /// The largest accepted value.
        max: i64,
    },
    /// One of a list of words: `type combo default chess var chess var xiangqi`.
    Combo {
        /// The value before any `setoption`; one of `vars`.
        default: String,
        /// Every accepted value, in the order a GUI should show them.
        vars: Vec<String>,
    },
    /// An action without a value: `type button`.
    Button,
    /// Free text: `type string default <empty>`.
    String {
        /// The value before any `setoption` (printed as `<empty>` when empty).
        default: String,
    },
}

/// The text a default string is printed as: UCI GUIs read `<empty>` as "".
pub(crate) fn string_default(default: &str) -> &str {
    if default.is_empty() {
        "<empty>"
    } else {
        default
    }
}
