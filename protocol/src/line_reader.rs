//! Byte stream → lines, with bounded memory.

use std::collections::VecDeque;

use crate::error::{snippet, ProtocolError};

/// The default longest line, in bytes (64 KiB).
pub const DEFAULT_MAX_LINE_LEN: usize = 64 * 1024;

/// Splits a byte stream into protocol lines. Sans-IO: [`LineReader::push`] the bytes you read,
/// then take lines with [`LineReader::next_line`].
///
/// * CR, LF and CR LF all end a line; blank (whitespace-only) lines are skipped.
/// * Invalid UTF-8 is replaced by U+FFFD (lossy), so a stray byte cannot stall the stream; the
///   affected line then fails to parse as a known message and surfaces as unknown text.
/// * A line longer than the limit is discarded up to its end and reported once as
///   [`ProtocolError::TooLong`]; the partial line never holds more than the limit.
///
/// Memory: the partial line (at most the limit) plus the lines pushed but not yet taken. The
/// limit counts raw bytes; lossy decoding can make a line's `String` up to 3 times longer.
#[derive(Debug)]
pub struct LineReader {
    max_line_len: usize,
    partial: Vec<u8>,
    /// Inside an overlong line: drop bytes up to the next line end.
    discarding: bool,
    ready: VecDeque<Result<String, ProtocolError>>,
}

impl Default for LineReader {
    fn default() -> Self {
        LineReader::new()
    }
}

impl LineReader {
    /// A reader with the default limit ([`DEFAULT_MAX_LINE_LEN`]).
    #[must_use]
    pub fn new() -> LineReader {
        LineReader::with_max_line_len(DEFAULT_MAX_LINE_LEN)
    }

    /// A reader whose lines may hold at most `max_line_len` bytes (at least 1).
    #[must_use]
    pub fn with_max_line_len(max_line_len: usize) -> LineReader {
        LineReader {
            max_line_len: max_line_len.max(1),
            partial: Vec::new(),
            discarding: false,
            ready: VecDeque::new(),
        }
    }

    /// The line length limit in bytes.
    #[must_use]
    pub fn max_line_len(&self) -> usize {
        self.max_line_len
    }

    /// Feeds bytes, in chunks of any size and split anywhere.
    pub fn push(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let end = bytes.iter().position(|&b| b == b'\n' || b == b'\r');
            let (chunk, terminated) = match end {
                Some(i) => (&bytes[..i], true),
                None => (bytes, false),
            };
            if !self.discarding {
                let room = self.max_line_len - self.partial.len();
                if chunk.len() > room {
                    self.partial.extend_from_slice(&chunk[..room]);
                    let prefix = snippet(&String::from_utf8_lossy(&self.partial));
                    self.ready.push_back(Err(ProtocolError::TooLong {
                        limit: self.max_line_len,
                        prefix,
                    }));
                    self.partial.clear();
                    self.discarding = true;
                } else {
                    self.partial.extend_from_slice(chunk);
                }
            }
            if terminated {
                self.end_line();
                bytes = &bytes[chunk.len() + 1..];
            } else {
                bytes = &[];
            }
        }
    }

    /// Marks the end of the input: a last line without a line end is completed.
    pub fn finish(&mut self) {
        self.end_line();
    }

    fn end_line(&mut self) {
        if self.discarding {
            self.discarding = false;
            return;
        }
        let line = String::from_utf8_lossy(&self.partial);
        let line = line.trim();
        if !line.is_empty() {
            self.ready.push_back(Ok(line.to_string()));
        }
        self.partial.clear();
    }

    /// The next complete line (trimmed, never empty), or an overlong-line report; `None` when
    /// more bytes are needed.
    pub fn next_line(&mut self) -> Option<Result<String, ProtocolError>> {
        self.ready.pop_front()
    }

    /// Whether a partial line is waiting for its end.
    #[must_use]
    pub fn has_partial(&self) -> bool {
        !self.partial.is_empty() || self.discarding
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(r: &mut LineReader) -> Vec<Result<String, ProtocolError>> {
        std::iter::from_fn(|| r.next_line()).collect()
    }

    #[test]
    fn every_line_end_and_blank_lines() {
        let mut r = LineReader::new();
        r.push(b"a\r\nb\nc\rd\r\n\r\n  \n\re");
        assert_eq!(
            lines(&mut r),
            vec![
                Ok("a".to_string()),
                Ok("b".into()),
                Ok("c".into()),
                Ok("d".into())
            ]
        );
        assert!(r.has_partial());
        r.finish();
        assert_eq!(lines(&mut r), vec![Ok("e".to_string())]);
    }

    #[test]
    fn chunks_split_anywhere() {
        let text = b"START 15\r\nBOARD\r\n7,7,1\r\nDONE\r\n";
        for cut in 0..text.len() {
            let mut r = LineReader::new();
            r.push(&text[..cut]);
            r.push(&text[cut..]);
            let got: Vec<_> = lines(&mut r).into_iter().map(Result::unwrap).collect();
            assert_eq!(got, ["START 15", "BOARD", "7,7,1", "DONE"], "cut {cut}");
        }
    }

    #[test]
    fn overlong_lines_are_reported_once_and_skipped() {
        let mut r = LineReader::with_max_line_len(8);
        r.push(b"12345678\n");
        r.push(b"123456789");
        r.push(&[b'x'; 1000]);
        assert!(r.partial.len() <= 8);
        r.push(b"\nok\n");
        let got = lines(&mut r);
        assert_eq!(got[0], Ok("12345678".to_string()));
        assert!(
            matches!(&got[1], Err(ProtocolError::TooLong { limit: 8, prefix }) if prefix == "12345678")
        );
        assert_eq!(got[2], Ok("ok".to_string()));
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        let mut r = LineReader::new();
        r.push(b"TURN \xff\xfe7,7\n");
        assert_eq!(
            r.next_line(),
            Some(Ok("TURN \u{fffd}\u{fffd}7,7".to_string()))
        );
    }
}
