//! `--tc` time-control texts: arbitrary text through `TimeControl::parse`. Checks: no panic;
//! an error names a column inside the text; a control that parses prints a canonical text that
//! parses back equal; a clock built from it survives arbitrary move times (no overflow).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/time_control.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::check(data));
