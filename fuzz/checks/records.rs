//! Game records read back by Tengen: `.psq`, `.sgf` and the JSON results line, from arbitrary
//! text. Checks: no panic; a JSON record that parses survives write → read unchanged, and its
//! `.psq`/`.sgf` forms can be read again without a panic.
//!
//! Shared by the fuzz target and the regression replay in the normal test suite.
use tengen_manager::record::{from_json_line, parse_psq, parse_sgf, to_json_line, to_psq, to_sgf};

/// The fuzz target's checks on one input (panics on a failure).
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = parse_psq(&text);
    let _ = parse_sgf(&text);
    if let Ok(rec) = from_json_line(&text) {
        let line = to_json_line(&rec);
        assert!(!line.contains('\n'), "one record is one line");
        assert_eq!(
            from_json_line(&line).expect("a written record reads back"),
            rec
        );
        let _ = parse_psq(&to_psq(&rec));
        let _ = parse_sgf(&to_sgf(&rec));
    }
}
