//! The brain's whole input loop: arbitrary bytes through the same path as `pbrain-tengen`'s
//! stdin (the reader thread of `tengen_engine::io`, then `Brain::run`), output collected.
//! Checks: no panic, the loop ends once the input ends (the brain quits at EOF, so a search
//! started by the input is cut short), and every line written is a well-formed protocol reply.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/brain_input.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::check(data));
