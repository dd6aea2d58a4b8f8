//! `timur tune params` and a short real `timur tune spsa` run: two
//! iterations of chess at a few hundred nodes a move; the state file is
//! written and a resumed run reads it.

use std::path::PathBuf;
use std::process::{Command, Output};

const TIMUR: &str = env!("CARGO_BIN_EXE_timur");

fn timur(args: &[&str]) -> Output {
    Command::new(TIMUR).args(args).output().expect("run timur")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("timur-tune-spsa-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn params_prints_openbench_lines() {
    let out = timur(&["tune", "params"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("rfp_margin,"))
        .expect("rfp_margin is listed");
    assert_eq!(line, "rfp_margin, int, 80, 20, 200, 8, 0.002");
    assert!(text.lines().all(|l| l.split(", ").count() == 7), "{text}");
}

#[test]
fn two_iterations_write_a_state_a_resume_reads() {
    let dir = scratch("run");
    let params = dir.join("params.txt");
    std::fs::write(
        &params,
        "rfp_margin, int, 80, 20, 200, 8, 0.002\nlmp_base, int, 3, 0, 10, 1, 0.002\n",
    )
    .unwrap();
    let state = dir.join("state.json");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "spsa",
            params.to_str().unwrap(),
            "--nodes",
            "300",
            "--random-openings",
            "6",
            "--iterations",
            "2",
            "--report-every",
            "1",
            "--out",
            state.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        timur(&args)
    };
    let first = run(&[]);
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert!(first.status.success(), "{stderr}");
    assert!(stderr.contains("iteration 2/2"), "{stderr}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(saved["done"], 2);
    assert_eq!(saved["iterations"], 2);
    assert_eq!(saved["theta"][0]["name"], "rfp_margin");
    let theta = saved["theta"][0]["theta"].as_f64().unwrap();
    assert!((20.0..=200.0).contains(&theta), "{theta}");
    let stdout = String::from_utf8(first.stdout).unwrap();
    assert!(
        stdout.contains("setoption name rfp_margin value"),
        "{stdout}"
    );
    assert!(stdout.contains("lmp_base, int, "), "{stdout}");

    // The run is complete: resuming it plays nothing and prints the same.
    let resumed = run(&["--resume"]);
    assert!(resumed.status.success());
    assert_eq!(String::from_utf8(resumed.stdout).unwrap(), stdout);
    // Another length is another run.
    let other = timur(&[
        "tune",
        "spsa",
        params.to_str().unwrap(),
        "--nodes",
        "300",
        "--iterations",
        "5",
        "--resume",
        "--out",
        state.to_str().unwrap(),
    ]);
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("2 iterations"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_parameter_files_are_refused_before_any_game() {
    let dir = scratch("bad");
    let params = dir.join("params.txt");
    std::fs::write(&params, "rfp_margin, int, 80, 20, 200, 8\n").unwrap();
    let out_path = dir.join("state.json");
    let args = |file: &str| {
        vec![
            "tune".to_string(),
            "spsa".to_string(),
            file.to_string(),
            "--nodes".to_string(),
            "300".to_string(),
            "--out".to_string(),
            out_path.to_str().unwrap().to_string(),
        ]
    };
    let out = Command::new(TIMUR)
        .args(args(params.to_str().unwrap()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 1: 6 fields"), "{stderr}");
    std::fs::write(&params, "rfp_margins, int, 80, 20, 200, 8, 0.002\n").unwrap();
    let out = Command::new(TIMUR)
        .args(args(params.to_str().unwrap()))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("`rfp_margins` is no search parameter"));
    assert!(!out_path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
