//! Replays every input kept under `fuzz/regressions/brain_input` (hand-made seeds and the
//! crashes the fuzzer found) through the fuzz target's own check: the bytes go through the same
//! reader and front end as `pbrain-tengen`'s stdin, and every line written must be a reply.

use std::path::Path;

#[path = "../../fuzz/checks/brain_input.rs"]
mod brain_input;

#[test]
fn brain_input_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions/brain_input");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let r = std::panic::catch_unwind(|| brain_input::check(&data));
        assert!(
            r.is_ok(),
            "{} fails the fuzz target's checks",
            path.display()
        );
        n += 1;
    }
    assert!(n > 0, "no inputs kept");
}
