//! `--resume` reading an arbitrary results file (`resume::read_finished` on a scratch
//! directory). Checks: no panic; on success each game number appears once, and a repaired file
//! (truncated last line set aside) reads back the same games with nothing left to repair; on
//! failure the file is left exactly as it was.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/results_file.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::check(data));
