//! The stdin thread: reads bytes as they come, splits them into bounded lines, assembles
//! commands (blocks included) and hands each one, time-stamped, to the front end. Reading on
//! a thread of its own is what lets `INFO`, `YXSTOP` and `END` act while a search runs.

use std::io::Read;
use std::thread::{self, JoinHandle};
use std::time::Instant;

use tengen_protocol::{Command, CommandParser, LineReader, ProtocolError};

/// What the reader delivers.
#[derive(Debug)]
pub enum Input {
    /// A command, or why a line (or block) could not be read, with the time it arrived.
    Command(Result<Command, ProtocolError>, Instant),
    /// The input is closed (or failed): the manager is gone.
    Closed,
}

/// Start the reader thread on `source`. `deliver` gets every input in order and returns
/// `false` when nobody listens any more (the thread then ends).
pub fn spawn_reader<R, F>(source: R, deliver: F) -> std::io::Result<JoinHandle<()>>
where
    R: Read + Send + 'static,
    F: FnMut(Input) -> bool + Send + 'static,
{
    thread::Builder::new()
        .name("stdin".to_string())
        .spawn(move || read_all(source, deliver))
}

/// Read `source` to its end, delivering commands; used by the thread and by tests.
pub fn read_all<R: Read, F: FnMut(Input) -> bool>(mut source: R, mut deliver: F) {
    let mut lines = LineReader::new();
    let mut parser = CommandParser::new();
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match source.read(&mut buf) {
            Ok(0) => 0,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                tracing::warn!("stdin failed: {e}");
                0
            }
        };
        let at = Instant::now();
        if n == 0 {
            lines.finish();
        } else {
            lines.push(&buf[..n]);
        }
        while let Some(line) = lines.next_line() {
            let item = match line {
                Ok(text) => parser.push_line(&text),
                Err(e) => parser.push_error(e),
            };
            if let Some(item) = item {
                if !deliver(Input::Command(item, at)) {
                    return;
                }
            }
        }
        if n == 0 {
            if let Some(item) = parser.finish() {
                let _ = deliver(Input::Command(item, at));
            }
            let _ = deliver(Input::Closed);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(bytes: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        read_all(bytes, |i| {
            out.push(match i {
                Input::Command(Ok(c), _) => c.word().to_string(),
                Input::Command(Err(_), _) => "ERR".to_string(),
                Input::Closed => "CLOSED".to_string(),
            });
            true
        });
        out
    }

    #[test]
    fn commands_blocks_garbage_and_eof() {
        let mut input = b"START 15\r\nboard\r\n7,7,1\r\n8,8,2\r\ndone\r\n".to_vec();
        input.extend_from_slice(&[0xff, 0xfe, b'\n']);
        input.extend(std::iter::repeat_n(b'x', 200_000));
        input.extend_from_slice(b"\nyxquerydatabaseallt\n7,7\ndone\nABOUT");
        let got = collect(&input);
        assert_eq!(got[0], "START");
        assert_eq!(got[1], "BOARD");
        assert_eq!(got[3], "ERR", "{got:?}");
        assert_eq!(got[4], "yxquerydatabaseallt");
        assert_eq!(&got[5..], ["ABOUT", "CLOSED"]);
    }

    #[test]
    fn unterminated_block_at_eof_is_reported() {
        let got = collect(b"BOARD\n7,7,1\n");
        assert_eq!(got, ["ERR", "CLOSED"]);
    }
}
