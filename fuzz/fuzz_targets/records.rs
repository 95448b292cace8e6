//! Game records read back by Tengen: `.psq`, `.sgf` and the JSON results line, from arbitrary
//! text. Checks: no panic; a JSON record that parses survives write → read unchanged, and its
//! `.psq`/`.sgf` forms can be read again without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/records.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::check(data));
