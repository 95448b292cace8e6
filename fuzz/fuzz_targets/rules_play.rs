//! The rules engine under random play/undo/pass sequences, checked against a brute-force
//! model: stones, side to move, and the winner found by scanning every line.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/rules_play.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::check(data));
