//! Opening files (`--openings FILE`): arbitrary text through `OpeningBook::parse` for an
//! arbitrary board size. Checks: no panic; a book that parses has openings whose stones fit
//! or fail with a typed error under every symmetry, and whose text form reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/openings.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::check(data));
