//! How much memory the machine can spare, which bounds the hash table.

/// `MemAvailable` of `/proc/meminfo` in MiB, where the system has it.
fn available_mib() -> Option<usize> {
    parse_available(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// The `MemAvailable:` line of a meminfo text, in MiB.
fn parse_available(meminfo: &str) -> Option<usize> {
    let line = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let mut words = line.split_whitespace();
    let kib: usize = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then_some(kib / 1024)
}

/// The largest hash table to ask for while one of `current_mib` is in use
/// (it goes when the new one comes): three quarters of the available
/// memory and the current table. `None` where the system does not say.
pub fn hash_limit_mib(current_mib: usize) -> Option<usize> {
    available_mib().map(|free| (free.saturating_add(current_mib) / 4 * 3).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mem_available() {
        let text = "MemTotal:       24684092 kB\nMemFree:        23651520 kB\nMemAvailable:   24218344 kB\n";
        assert_eq!(parse_available(text), Some(23650));
        assert_eq!(parse_available("MemTotal: 5 kB\n"), None);
        assert_eq!(parse_available("MemAvailable: lots\n"), None);
    }
}
