//! Replays every input kept under `fuzz/regressions/rules_play` (hand-made seeds and any crash
//! the fuzzer finds) through the fuzz target's own check: random play/undo/pass sequences
//! against a brute-force model of the board.

use std::path::Path;

#[path = "../../fuzz/checks/rules_play.rs"]
mod rules_play;

#[test]
fn rules_play_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions/rules_play");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|f| f == ".keep") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        let r = std::panic::catch_unwind(|| rules_play::check(&data));
        assert!(
            r.is_ok(),
            "{} fails the fuzz target's checks",
            path.display()
        );
        n += 1;
    }
    assert!(n > 0, "no inputs kept");
}
