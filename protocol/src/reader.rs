//! Incremental readers: bytes in, [`Command`]s or [`Response`]s out. No I/O of their own, so a
//! std thread (blocking reads) and a tokio task (async reads) drive them the same way; the
//! [`read_commands`] / [`read_responses`] adapters do the loop for any [`BufRead`].

use std::io::BufRead;

use crate::block::{CommandParser, DEFAULT_MAX_BLOCK_LINES};
use crate::command::Command;
use crate::error::{ProtocolError, ReadError};
use crate::line_reader::{LineReader, DEFAULT_MAX_LINE_LEN};
use crate::response::Response;

/// Bounds that keep a reader's memory small whatever the peer sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Longest line in bytes; longer lines are discarded and reported
    /// ([`ProtocolError::TooLong`]). Default 64 KiB.
    pub max_line_len: usize,
    /// Most payload lines kept per block; more are discarded and the block is reported as
    /// [`crate::ParseError::BlockTooLong`]. Default 2048.
    pub max_block_lines: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_line_len: DEFAULT_MAX_LINE_LEN,
            max_block_lines: DEFAULT_MAX_BLOCK_LINES,
        }
    }
}

/// Reads manager → brain commands from bytes (the brain side).
///
/// ```
/// use tengen_protocol::{Command, CommandReader};
///
/// let mut reader = CommandReader::new();
/// reader.push(b"START 15\r\nBOA");          // chunks may end anywhere
/// reader.push(b"RD\r\n7,7,2\r\nDONE\r\n");
/// assert_eq!(reader.next_command(), Some(Ok(Command::Start { size: 15 })));
/// assert!(matches!(reader.next_command(), Some(Ok(Command::Board(stones))) if stones.len() == 1));
/// assert_eq!(reader.next_command(), None); // needs more bytes
/// ```
#[derive(Debug, Default)]
pub struct CommandReader {
    lines: LineReader,
    parser: CommandParser,
    finished: bool,
}

impl CommandReader {
    /// A reader with the default [`Limits`].
    #[must_use]
    pub fn new() -> CommandReader {
        CommandReader::with_limits(Limits::default())
    }

    /// A reader with the given limits.
    #[must_use]
    pub fn with_limits(limits: Limits) -> CommandReader {
        CommandReader {
            lines: LineReader::with_max_line_len(limits.max_line_len),
            parser: CommandParser::with_max_block_lines(limits.max_block_lines),
            finished: false,
        }
    }

    /// Feeds bytes as they arrive.
    pub fn push(&mut self, bytes: &[u8]) {
        self.lines.push(bytes);
    }

    /// Marks the end of the input (EOF): a last unterminated line is taken, and an open block
    /// will be reported as [`crate::ParseError::UnterminatedBlock`].
    pub fn finish(&mut self) {
        self.lines.finish();
        self.finished = true;
    }

    /// The next complete command, or the error of a bad one; `None` when more bytes are needed
    /// (or, after [`CommandReader::finish`], when everything was returned). After an error,
    /// keep calling: reading goes on with the next message.
    pub fn next_command(&mut self) -> Option<Result<Command, ProtocolError>> {
        while let Some(line) = self.lines.next_line() {
            let out = match line {
                Ok(line) => self.parser.push_line(&line),
                Err(e) => self.parser.push_error(e),
            };
            if out.is_some() {
                return out;
            }
        }
        if self.finished {
            return self.parser.finish();
        }
        None
    }

    /// The upper-case word of a block command still waiting for its `DONE`, if any.
    #[must_use]
    pub fn pending_block(&self) -> Option<&str> {
        self.parser.pending_block()
    }
}

/// Reads brain → manager lines from bytes (the manager side), as [`Response`]s or raw lines.
///
/// Replies are single lines, so this is a [`LineReader`] plus [`Response::parse_line`]; use
/// [`ResponseReader::next_line`] when the context decides the meaning (an `ABOUT` answer:
/// [`crate::About::from_line`]).
#[derive(Debug, Default)]
pub struct ResponseReader {
    lines: LineReader,
}

impl ResponseReader {
    /// A reader with the default line limit.
    #[must_use]
    pub fn new() -> ResponseReader {
        ResponseReader::with_limits(Limits::default())
    }

    /// A reader with the given limits (only `max_line_len` applies).
    #[must_use]
    pub fn with_limits(limits: Limits) -> ResponseReader {
        ResponseReader {
            lines: LineReader::with_max_line_len(limits.max_line_len),
        }
    }

    /// Feeds bytes as they arrive.
    pub fn push(&mut self, bytes: &[u8]) {
        self.lines.push(bytes);
    }

    /// Marks the end of the input: a last unterminated line is taken.
    pub fn finish(&mut self) {
        self.lines.finish();
    }

    /// The next line, trimmed and non-empty, or an overlong-line report.
    pub fn next_line(&mut self) -> Option<Result<String, ProtocolError>> {
        self.lines.next_line()
    }

    /// The next line parsed with [`Response::parse_line`].
    pub fn next_response(&mut self) -> Option<Result<Response, ProtocolError>> {
        self.lines
            .next_line()
            .map(|line| line.and_then(|l| Response::parse_line(&l).map_err(ProtocolError::from)))
    }
}

/// Iterator over the commands of a [`BufRead`] (e.g. `std::io::stdin().lock()`); see
/// [`read_commands`].
#[derive(Debug)]
pub struct Commands<R> {
    input: R,
    reader: CommandReader,
    done: bool,
}

/// Reads commands from a blocking stream until EOF or an I/O error. Protocol errors are items
/// too; reading continues after them.
///
/// ```
/// use tengen_protocol::{read_commands, Command};
///
/// let input: &[u8] = b"START 15\nbogus\nEND\n";
/// let got: Vec<_> = read_commands(input).map(|c| c.unwrap()).collect();
/// assert_eq!(got, vec![
///     Command::Start { size: 15 },
///     Command::Unknown { line: "bogus".into() },
///     Command::End,
/// ]);
/// ```
pub fn read_commands<R: BufRead>(input: R) -> Commands<R> {
    read_commands_with(input, Limits::default())
}

/// [`read_commands`] with explicit limits.
pub fn read_commands_with<R: BufRead>(input: R, limits: Limits) -> Commands<R> {
    Commands {
        input,
        reader: CommandReader::with_limits(limits),
        done: false,
    }
}

/// Pulls one buffer from `input` into `push`; `Ok(false)` at EOF.
fn fill<R: BufRead>(input: &mut R, push: impl FnOnce(&[u8])) -> std::io::Result<bool> {
    loop {
        match input.fill_buf() {
            Ok([]) => return Ok(false),
            Ok(buf) => {
                let n = buf.len();
                push(buf);
                input.consume(n);
                return Ok(true);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The loop both blocking adapters share: take a decoded item, or feed the decoder the next
/// buffer, until there is an item, EOF or an I/O error.
fn pump<R: BufRead, D, T>(
    input: &mut R,
    decoder: &mut D,
    done: &mut bool,
    pull: fn(&mut D) -> Option<Result<T, ProtocolError>>,
    push: fn(&mut D, &[u8]),
    finish: fn(&mut D),
) -> Option<Result<T, ReadError>> {
    loop {
        if let Some(item) = pull(decoder) {
            return Some(item.map_err(ReadError::from));
        }
        if *done {
            return None;
        }
        match fill(input, |b| push(decoder, b)) {
            Ok(true) => {}
            Ok(false) => {
                *done = true;
                finish(decoder);
            }
            Err(e) => {
                *done = true;
                return Some(Err(ReadError::Io(e)));
            }
        }
    }
}

impl<R: BufRead> Iterator for Commands<R> {
    type Item = Result<Command, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        pump(
            &mut self.input,
            &mut self.reader,
            &mut self.done,
            CommandReader::next_command,
            CommandReader::push,
            CommandReader::finish,
        )
    }
}

/// Iterator over the reply lines of a [`BufRead`]; see [`read_responses`].
#[derive(Debug)]
pub struct Responses<R> {
    input: R,
    reader: ResponseReader,
    done: bool,
}

/// Reads brain replies from a blocking stream until EOF or an I/O error.
pub fn read_responses<R: BufRead>(input: R) -> Responses<R> {
    read_responses_with(input, Limits::default())
}

/// [`read_responses`] with explicit limits (only `max_line_len` applies).
pub fn read_responses_with<R: BufRead>(input: R, limits: Limits) -> Responses<R> {
    Responses {
        input,
        reader: ResponseReader::with_limits(limits),
        done: false,
    }
}

impl<R: BufRead> Iterator for Responses<R> {
    type Item = Result<Response, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        pump(
            &mut self.input,
            &mut self.reader,
            &mut self.done,
            ResponseReader::next_response,
            ResponseReader::push,
            ResponseReader::finish,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParseError;
    use tengen_rules::{Move, Pos};

    #[test]
    fn commands_across_chunks_and_errors_in_between() {
        let mut r = CommandReader::new();
        r.push(b"TURN 7;7\r\nTURN 7,");
        assert!(matches!(
            r.next_command(),
            Some(Err(ProtocolError::Parse(_)))
        ));
        assert_eq!(r.next_command(), None);
        r.push(b"8\r\n");
        assert_eq!(
            r.next_command(),
            Some(Ok(Command::Turn(Move::Stone(Pos::new(7, 8)))))
        );
    }

    #[test]
    fn overlong_line_inside_a_block_spoils_only_that_block() {
        let mut r = CommandReader::with_limits(Limits {
            max_line_len: 16,
            max_block_lines: 10,
        });
        r.push(b"BOARD\n7,7,1\n");
        r.push(&[b'9'; 100]);
        r.push(b"\nDONE\nBEGIN\n");
        assert!(matches!(
            r.next_command(),
            Some(Err(ProtocolError::TooLong { limit: 16, .. }))
        ));
        assert_eq!(r.next_command(), Some(Ok(Command::Begin)));
    }

    #[test]
    fn eof_completes_the_last_line_and_reports_open_blocks() {
        let mut r = CommandReader::new();
        r.push(b"END");
        assert_eq!(r.next_command(), None);
        r.finish();
        assert_eq!(r.next_command(), Some(Ok(Command::End)));
        let mut r = CommandReader::new();
        r.push(b"YXBOARD\n1,1,1\n");
        r.finish();
        assert!(matches!(
            r.next_command(),
            Some(Err(ProtocolError::Parse(
                ParseError::UnterminatedBlock { .. }
            )))
        ));
        assert_eq!(r.next_command(), None);
    }

    #[test]
    fn bufread_adapters() {
        let input: &[u8] = b"BOARD\r\n7,7,1\r\nDONE\r\nEND";
        let got: Vec<_> = read_commands(input).map(Result::unwrap).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], Command::End);

        let input: &[u8] = b"MESSAGE hi\n7,7\nOK\n";
        let got: Vec<_> = read_responses(input).map(Result::unwrap).collect();
        assert_eq!(
            got,
            vec![
                Response::Message("hi".into()),
                Response::Moves(vec![Move::Stone(Pos::new(7, 7))]),
                Response::Ok
            ]
        );
    }

    #[test]
    fn io_errors_end_the_iteration() {
        struct Failing;
        impl std::io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("pipe broke"))
            }
        }
        let mut it = read_commands(std::io::BufReader::new(Failing));
        assert!(matches!(it.next(), Some(Err(ReadError::Io(_)))));
        assert!(it.next().is_none());
    }
}
