//! `--tc` time-control texts: arbitrary text through `TimeControl::parse`. Checks: no panic;
//! an error names a column inside the text; a control that parses prints a canonical text that
//! parses back equal; a clock built from it survives arbitrary move times (no overflow).
//!
//! Shared by the fuzz target and the regression replay in the normal test suite.
use std::time::Duration;

use tengen_manager::clock::{Clock, TimeControl};

/// The fuzz target's checks on one input (panics on a failure).
pub fn check(data: &[u8]) {
    // The first bytes are move times for the clock, the rest is the text.
    let split = usize::from(data.first().copied().unwrap_or(0) % 16).min(data.len());
    let (times, text) = data.split_at(split);
    let text = String::from_utf8_lossy(text);
    match TimeControl::parse(&text) {
        Err(e) => assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{e}"),
        Ok(tc) => {
            let canon = tc.to_string();
            assert_eq!(
                TimeControl::parse(&canon).expect("the canonical text parses"),
                tc,
                "{canon}"
            );
            let mut clock = Clock::new(&tc, Duration::from_millis(1000));
            for &t in times {
                let _ = clock.deadline_for_move();
                let _ = clock.engine_info();
                // Move times from 0 to about an hour, on a rough log scale.
                let ms = (1u64 << (t % 23)) - 1;
                let _ = clock.charge(Duration::from_millis(ms));
            }
        }
    }
}
