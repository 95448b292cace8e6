//! Typed errors. Each names the offending input (shortened to a readable snippet) and what was
//! expected instead.

use thiserror::Error;

/// How many characters of an offending input an error message quotes. Lines may be up to
/// 64 KiB; quoting them whole would flood logs.
const SNIPPET_CHARS: usize = 80;

/// The first [`SNIPPET_CHARS`] characters of `text`, with `…` when cut.
pub(crate) fn snippet(text: &str) -> String {
    let mut chars = text.char_indices();
    match chars.nth(SNIPPET_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A message that is not valid protocol text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The text was empty or only whitespace.
    #[error("empty message (expected a command or a response)")]
    Empty,
    /// A command lacks an argument it needs.
    #[error("{command}: missing argument (expected {expected})")]
    MissingArgument {
        /// The command word, upper-cased (`TURN`, `INFO`, …).
        command: String,
        /// What should have been there.
        expected: String,
    },
    /// A command's argument could not be read.
    #[error("{command}: bad argument {found:?} (expected {expected})")]
    BadArgument {
        /// The command word, upper-cased.
        command: String,
        /// The offending text (shortened).
        found: String,
        /// What should have been there.
        expected: String,
    },
    /// A line inside a block (`BOARD` … `DONE` and similar) could not be read. The block was
    /// still consumed up to its `DONE`.
    #[error("{command}: bad block line {found:?} (expected {expected})")]
    BadBlockLine {
        /// The block command word, upper-cased.
        command: String,
        /// The offending line (shortened).
        found: String,
        /// What should have been there.
        expected: String,
    },
    /// A block held more lines than the reader's limit. The rest was discarded up to `DONE`.
    #[error("{command}: block has more than {limit} lines before DONE")]
    BlockTooLong {
        /// The block command word, upper-cased.
        command: String,
        /// The limit that was exceeded.
        limit: usize,
    },
    /// The input ended inside a block, before its `DONE`.
    #[error("{command}: input ended before the block's DONE")]
    UnterminatedBlock {
        /// The block command word, upper-cased.
        command: String,
    },
    /// [`crate::Command::parse`] was given more than one message.
    #[error("unexpected text after the message: {found:?} (expected one message)")]
    TrailingText {
        /// The first extra line (shortened).
        found: String,
    },
    /// A brain's reply line whose leading word is known but whose rest is malformed, or a
    /// move list with a token that is not a move.
    #[error("reply {found:?} not understood (expected {expected})")]
    BadResponse {
        /// The offending line (shortened).
        found: String,
        /// What should have been there.
        expected: String,
    },
}

impl ParseError {
    /// The command word the error is about (`"TURN"`, `"INFO"`, `"BOARD"`, …), if any.
    ///
    /// A brain uses it to follow the protocol's rule that a problem with an `INFO` setting is
    /// reported at the next `TURN`/`BEGIN`/`BOARD` rather than at once.
    #[must_use]
    pub fn command(&self) -> Option<&str> {
        match self {
            ParseError::MissingArgument { command, .. }
            | ParseError::BadArgument { command, .. }
            | ParseError::BadBlockLine { command, .. }
            | ParseError::BlockTooLong { command, .. }
            | ParseError::UnterminatedBlock { command } => Some(command),
            ParseError::Empty
            | ParseError::TrailingText { .. }
            | ParseError::BadResponse { .. } => None,
        }
    }

    pub(crate) fn missing(command: &str, expected: impl Into<String>) -> ParseError {
        ParseError::MissingArgument {
            command: command.to_ascii_uppercase(),
            expected: expected.into(),
        }
    }

    pub(crate) fn bad(command: &str, found: &str, expected: impl Into<String>) -> ParseError {
        ParseError::BadArgument {
            command: command.to_ascii_uppercase(),
            found: snippet(found),
            expected: expected.into(),
        }
    }

    pub(crate) fn bad_line(command: &str, found: &str, expected: impl Into<String>) -> ParseError {
        ParseError::BadBlockLine {
            command: command.to_ascii_uppercase(),
            found: snippet(found),
            expected: expected.into(),
        }
    }

    pub(crate) fn bad_response(found: &str, expected: impl Into<String>) -> ParseError {
        ParseError::BadResponse {
            found: snippet(found),
            expected: expected.into(),
        }
    }
}

/// What the sans-IO readers report besides parsed messages.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// A line exceeded the reader's length limit. Its bytes were discarded up to the next line
    /// end; reading goes on normally after it.
    #[error("line longer than {limit} bytes (starts {prefix:?}); discarded")]
    TooLong {
        /// The limit in bytes.
        limit: usize,
        /// The first characters of the line.
        prefix: String,
    },
    /// A complete message that could not be parsed.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl ProtocolError {
    /// The command word the error is about, if known (see [`ParseError::command`]).
    #[must_use]
    pub fn command(&self) -> Option<&str> {
        match self {
            ProtocolError::TooLong { .. } => None,
            ProtocolError::Parse(e) => e.command(),
        }
    }
}

/// What the [`std::io::BufRead`] adapters report: an I/O failure of the underlying stream, or
/// a protocol problem with one message (after which reading can go on).
#[derive(Debug, Error)]
pub enum ReadError {
    /// The stream failed; the adapter yields nothing more after it.
    #[error("reading the protocol stream failed: {0}")]
    Io(#[from] std::io::Error),
    /// One message was bad; later messages are still read.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_cut_long_text_on_a_char_boundary() {
        let long = "é".repeat(200);
        let s = snippet(&long);
        assert_eq!(s.chars().count(), SNIPPET_CHARS + 1);
        assert!(s.ends_with('…'));
        assert_eq!(snippet("short"), "short");
    }

    #[test]
    fn errors_name_input_and_expectation() {
        let e = ParseError::bad("turn", "7;7", "a move x,y or -1,-1");
        let text = e.to_string();
        assert!(
            text.contains("TURN") && text.contains("7;7") && text.contains("x,y"),
            "{text}"
        );
        assert_eq!(e.command(), Some("TURN"));
        assert_eq!(ParseError::Empty.command(), None);
    }
}
