//! Lichess's clock command in PGN comments, `[%clk h:mm:ss.f]`: the time a
//! mover had left after its move. `timur match` and `timur gui` write it
//! with [`clk`]; the GUI reads it back with [`read`].

use std::time::Duration;

/// `[%clk h:mm:ss.f]` for `left`, tenths cut (not rounded) and left out on
/// a whole second: `[%clk 0:04:58]`, `[%clk 0:00:05.3]`.
pub fn clk(left: Duration) -> String {
    let s = left.as_secs();
    let tenths = left.subsec_millis() / 100;
    let fraction = if tenths == 0 {
        String::new()
    } else {
        format!(".{tenths}")
    };
    format!(
        "[%clk {}:{:02}:{:02}{fraction}]",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// The value of a `[%clk …]`: `h:mm:ss` or `h:mm:ss.f`.
pub fn read(value: &str) -> Result<Duration, String> {
    let bad = || format!("PGN `[%clk {value}]`: not a time `h:mm:ss`");
    let fields: Vec<&str> = value.split(':').collect();
    let [hours, minutes, seconds] = fields[..] else {
        return Err(bad());
    };
    let hours: u64 = hours.parse().map_err(|_| bad())?;
    let minutes: u64 = minutes.parse().map_err(|_| bad())?;
    let seconds: f64 = seconds.parse().map_err(|_| bad())?;
    if hours > 1000 || minutes >= 60 || !(0.0..60.0).contains(&seconds) {
        return Err(bad());
    }
    Ok(Duration::from_secs(hours * 3600 + minutes * 60) + Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_written_and_read_back() {
        assert_eq!(clk(Duration::from_secs(298)), "[%clk 0:04:58]");
        assert_eq!(clk(Duration::from_secs(3_725)), "[%clk 1:02:05]");
        assert_eq!(clk(Duration::from_millis(5_390)), "[%clk 0:00:05.3]");
        assert_eq!(clk(Duration::from_millis(99)), "[%clk 0:00:00]");
        assert_eq!(read("0:00:59.5").unwrap(), Duration::from_millis(59_500));
        assert_eq!(read("1:02:05").unwrap(), Duration::from_secs(3_725));
        for bad in ["1:2", "0:61:00", "0:00:60", "soon", ""] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
