//! The brain's whole input loop: arbitrary bytes through the same path as `pbrain-tengen`'s
//! stdin (the reader thread of `tengen_engine::io`, then `Brain::run`), output collected.
//! Checks: no panic, the loop ends once the input ends (the brain quits at EOF, so a search
//! started by the input is cut short), and every line written is a well-formed protocol reply.
//! The table-size settings are left out (see [`without_table_sizes`]).
//!
//! Shared by the fuzz target and the regression replay in the normal test suite.
use std::io::Write;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use tengen_engine::gomocup::{Brain, Event};
use tengen_engine::io::spawn_reader;
use tengen_engine::settings::Settings;
use tengen_protocol::Response;

/// stdout, shared with the harness.
#[derive(Clone, Default)]
struct Out(Arc<Mutex<Vec<u8>>>);

impl Write for Out {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The input without its `INFO hash_size` / `INFO max_memory` lines: honouring them means
/// allocating what they say (up to half the machine for `hash_size`), which is the brain's job
/// but not something to do thousands of times a second. Their handling is unit-tested in
/// `engine/src/settings.rs`; every other byte goes through unchanged.
fn without_table_sizes(data: &[u8]) -> Vec<u8> {
    data.split_inclusive(|&b| b == b'\n' || b == b'\r')
        .filter(|line| {
            let text = String::from_utf8_lossy(line).to_ascii_lowercase();
            let mut words = text.split_whitespace();
            !(words.next() == Some("info")
                && matches!(words.next(), Some("hash_size" | "max_memory")))
        })
        .flatten()
        .copied()
        .collect()
}

/// The fuzz target's checks on one input (panics on a failure).
pub fn check(data: &[u8]) {
    let (tx, rx) = mpsc::channel::<Event>();
    let input = tx.clone();
    let reader = spawn_reader(std::io::Cursor::new(without_table_sizes(data)), move |i| {
        input.send(Event::Input(i)).is_ok()
    })
    .expect("reader thread");
    let out = Out::default();
    // A 1 MiB table instead of the default 64 MiB: the same code, 50 times more inputs a second.
    let mut settings = Settings::default();
    settings.hash_size = Some(1 << 20);
    let mut brain = Brain::with_settings(out.clone(), tx, settings).expect("brain");
    brain.run(&rx);
    drop(brain);
    drop(rx);
    let _ = reader.join();
    let bytes = out.0.lock().unwrap().clone();
    let text = std::str::from_utf8(&bytes).expect("stdout is UTF-8");
    for line in text.lines() {
        assert!(
            Response::parse_line(line).is_ok(),
            "the brain wrote a line that is not a protocol reply: {line:?}"
        );
    }
}
