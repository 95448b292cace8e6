//! Replays every input kept under `fuzz/regressions/{openings,records,results_file,time_control}`
//! (hand-made seeds and the crashes the fuzzers found) through the fuzz targets' own checks,
//! so a fixed bug stays fixed in the normal test suite.

use std::path::Path;

#[path = "../../fuzz/checks/openings.rs"]
mod openings;
#[path = "../../fuzz/checks/records.rs"]
mod records;
#[path = "../../fuzz/checks/results_file.rs"]
mod results_file;
#[path = "../../fuzz/checks/time_control.rs"]
mod time_control;

/// Every kept input of `target`, with its file name.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "{target}: no inputs kept");
    out
}

fn replay(target: &str, check: fn(&[u8])) {
    for (name, data) in inputs(target) {
        let r = std::panic::catch_unwind(|| check(&data));
        assert!(r.is_ok(), "{target}/{name} fails the fuzz target's checks");
    }
}

#[test]
fn opening_file_regressions() {
    replay("openings", openings::check);
}

#[test]
fn record_regressions() {
    replay("records", records::check);
}

#[test]
fn results_file_regressions() {
    replay("results_file", results_file::check);
}

#[test]
fn time_control_regressions() {
    replay("time_control", time_control::check);
}
