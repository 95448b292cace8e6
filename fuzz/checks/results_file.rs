//! `--resume` reading an arbitrary results file (`resume::read_finished` on a scratch
//! directory). Checks: no panic; on success each game number appears once, and a repaired file
//! (truncated last line set aside) reads back the same games with nothing left to repair; on
//! failure the file is left exactly as it was.
//!
//! Shared by the fuzz target and the regression replay in the normal test suite.
use std::sync::atomic::{AtomicU64, Ordering};

use tengen_manager::resume::read_finished;

static N: AtomicU64 = AtomicU64::new(0);

/// The fuzz target's checks on one input (panics on a failure).
pub fn check(data: &[u8]) {
    let dir = std::env::temp_dir().join(format!(
        "tengen-fuzz-results-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("results.jsonl");
    std::fs::write(&path, data).unwrap();
    match read_finished(&dir) {
        Ok(first) => {
            assert_eq!(first.order.len(), first.games.len(), "each game once");
            let again = read_finished(&dir).expect("a repaired file reads again");
            assert!(again.repaired.is_none(), "nothing left to repair");
            assert_eq!(again.order, first.order);
            let now = std::fs::read(&path).unwrap();
            assert!(
                now.is_empty() || now.ends_with(b"\n"),
                "appends start a new line"
            );
        }
        Err(_) => assert_eq!(
            std::fs::read(&path).unwrap(),
            data,
            "a refused file is unchanged"
        ),
    }
    let _ = std::fs::remove_dir_all(&dir);
}
