//! Reading protocol lines from stdin: any bytes (invalid UTF-8 is replaced,
//! not fatal), any length, `\r\n` or `\n` endings.

use std::io::BufRead;

/// Reads the next line, without its line ending; `None` at end of input or
/// on a read error.
pub fn read_line(input: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match input.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            while matches!(bytes.last(), Some(b'\n' | b'\r')) {
                bytes.pop();
            }
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_of_any_bytes() {
        let mut input: &[u8] = b"uci\r\nis\xffready\n\nlast";
        assert_eq!(read_line(&mut input).as_deref(), Some("uci"));
        assert_eq!(read_line(&mut input).as_deref(), Some("is\u{fffd}ready"));
        assert_eq!(read_line(&mut input).as_deref(), Some(""));
        assert_eq!(read_line(&mut input).as_deref(), Some("last"));
        assert_eq!(read_line(&mut input), None);
    }
}
