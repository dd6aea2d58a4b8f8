//! `timur solve --count`, `--prove` and `--check` from the shell: the
//! counts of docs/jasir-start.md and verdicts the exact solver confirms.

use std::process::Command;

fn timur(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args(args)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn count_prints_the_sets_per_split() {
    let (ok, text) = timur(&["solve", "--variant", "jasir", "--count", "6"]);
    assert!(ok, "{text}");
    // 3 v 3: the index's classes, the keys with no elite, every key
    assert!(
        text.contains("3 v 3  9602702  9602702  283007792"),
        "{text}"
    );
    assert!(text.contains("index of at most 6 archers: 60104990 positions"));
    let (ok, text) = timur(&["solve", "--variant", "jasir", "--count", "11"]);
    assert!(!ok && text.contains("--count is 2 to 10"), "{text}");
}

/// `ss3/5/5/5/SS3 w`: White to move wins with one archer (the solver's
/// value, rules page): White can force a win, not one by 2; Black cannot
/// force a win.
#[test]
fn prove_decides_a_solved_position() {
    let fen = "ss3/5/5/5/SS3 w 0/0 -/- 0 1";
    let run = |side: &str, margin: &str| {
        let (ok, text) = timur(&[
            "solve",
            "--variant",
            "jasir",
            "--fen",
            fen,
            "--prove",
            side,
            "--margin",
            margin,
        ]);
        assert!(ok, "{text}");
        text
    };
    assert!(run("white", "1").contains("proved: white can force a win by at least 1"));
    assert!(run("white", "2").contains("disproved: it is not true that white"));
    assert!(run("black", "0").contains("disproved: it is not true that black"));
    let (ok, text) = timur(&["solve", "--variant", "jarmo", "--prove", "white"]);
    assert!(!ok && text.contains("--prove searches jasir"), "{text}");
}

/// `timur solve --check`: a 4-archer table agrees with the engine's search;
/// a file that is not a table is refused with its name.
#[test]
fn check_searches_sampled_table_positions() {
    let dir = std::env::temp_dir().join(format!("timur-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("j4.jtb");
    let table_arg = table.to_str().unwrap();
    let (ok, text) = timur(&[
        "solve",
        "--variant",
        "jasir",
        "--archers",
        "4",
        "--save",
        table_arg,
    ]);
    assert!(ok, "{text}");
    let (ok, text) = timur(&[
        "solve",
        "--variant",
        "jasir",
        "--check",
        table_arg,
        "--samples",
        "50",
        "--depth",
        "10",
    ]);
    assert!(ok, "{text}");
    assert!(text.contains("50 samples: "), "{text}");
    assert!(text.contains(" 0 contradictions"), "{text}");
    let (ok, text) = timur(&["solve", "--variant", "jasir", "--check", "/dev/zero"]);
    assert!(!ok && text.contains("/dev/zero"), "{text}");
    let (ok, text) = timur(&["solve", "--variant", "jarmo", "--check", table_arg]);
    assert!(!ok && text.contains("--check reads jasir"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
