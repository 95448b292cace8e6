//! Line-level command parsing: single-line commands, and block commands assembled from their
//! header, payload lines and `DONE`.

use tengen_rules::Pos;

use crate::board_block::{parse_point_line, BoardStone};
use crate::command::{split_word, Command};
use crate::error::{ParseError, ProtocolError};

/// The default bound on the lines of one block. A 22×22 board holds 484 stones; passes and
/// marks can add some. Lines beyond the bound are discarded (see [`ParseError::BlockTooLong`]).
pub const DEFAULT_MAX_BLOCK_LINES: usize = 2048;

/// How an unimplemented (Yixin-Board) block command's payload ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnknownBlockShape {
    /// Payload lines up to a `DONE` line (position-scoped database commands, `YXBLOCKUNDO`,
    /// `YXBLOCKPATH`, `YXBLOCKPATHUNDO`).
    UntilDone,
    /// Exactly one payload line, a file path (file-scoped database commands whose header has
    /// no argument).
    OneLine,
    /// No payload: a file-scoped database command with the path on its header line.
    Complete,
}

/// File-scoped Yixin-Board database commands: the path follows on the next line (Yixin-Board)
/// or on the same line (other GUIs). Rapfi reads either.
const PATH_WORDS: [&str; 9] = [
    "YXSETDATABASE",
    "YXDBMERGE",
    "YXDBSPLIT",
    "YXLIBTODB",
    "YXDBTOLIB",
    "YXDBTOTXT",
    "YXDBTOTXTALL",
    "YXTXTTODB",
    "YXDBTOPOS",
];

/// Non-database Yixin-Board commands that carry points up to `DONE`.
const DONE_WORDS: [&str; 3] = ["YXBLOCKUNDO", "YXBLOCKPATH", "YXBLOCKPATHUNDO"];

/// Whether a command line that Tengen does not implement starts a block, and of which shape.
///
/// Every `YX…DATABASE…` word is a block up to `DONE` (Yixin-Board sends the position as
/// `x,y` lines, e.g. `yxquerydatabaseallt` ⏎ `7,7` ⏎ `done`), except `YXSAVEDATABASE` (a single
/// line) and the file commands (`YXSETDATABASE`, `YXDBMERGE`, `YXDBSPLIT`, `YXLIBTODB`,
/// `YXDBTOLIB`, `YXDBTOTXT`, `YXDBTOTXTALL`, `YXTXTTODB`, `YXDBTOPOS`): one path line, or none
/// when the path is on the header line. Returns `None` for single-line
/// commands and for the commands Tengen implements.
#[must_use]
pub fn unknown_block_shape(header_line: &str) -> Option<UnknownBlockShape> {
    let (word, arg) = split_word(header_line.trim());
    let upper = word.to_ascii_uppercase();
    if PATH_WORDS.contains(&upper.as_str()) {
        return Some(if arg.is_empty() {
            UnknownBlockShape::OneLine
        } else {
            UnknownBlockShape::Complete
        });
    }
    let database = upper.starts_with("YX") && upper.contains("DATABASE");
    if (database && upper != "YXSAVEDATABASE") || DONE_WORDS.contains(&upper.as_str()) {
        return Some(UnknownBlockShape::UntilDone);
    }
    None
}

/// The block commands and what their header carried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BlockKind {
    Board,
    YxBoard,
    Swap2Board,
    YxBlock,
    TgOpening {
        n_max: u32,
    },
    TgSwap {
        n: u32,
    },
    TgOffer {
        n: u32,
    },
    TgChoose {
        offers: Vec<Pos>,
    },
    Unknown {
        name: String,
        shape: UnknownBlockShape,
    },
}

/// The first line of a command, as [`Command::parse_header`] sees it.
#[derive(Debug)]
pub(crate) enum Header {
    /// A complete single-line command (or its parse error).
    Complete(Result<Command, ParseError>),
    /// A block header. `error` is a problem with the header's arguments: the block is still
    /// consumed to its end, then the error is reported instead of the command.
    Block {
        kind: BlockKind,
        error: Option<ParseError>,
    },
}

/// A block being read.
#[derive(Debug)]
struct OpenBlock {
    kind: BlockKind,
    /// Upper-case command word, for errors.
    word: String,
    /// Payload lines seen so far (stored or not).
    lines: usize,
    stones: Vec<BoardStone>,
    points: Vec<Pos>,
    raw: Vec<String>,
    /// The first problem; once set, payload lines are only counted until the end.
    error: Option<ProtocolError>,
}

impl OpenBlock {
    fn finish(self) -> Result<Command, ProtocolError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        Ok(match self.kind {
            BlockKind::Board => Command::Board(self.stones),
            BlockKind::YxBoard => Command::YxBoard(self.stones),
            BlockKind::Swap2Board => Command::Swap2Board(self.stones),
            BlockKind::YxBlock => Command::YxBlock(self.points),
            BlockKind::TgOpening { n_max } => Command::TgOpening { n_max },
            BlockKind::TgSwap { n } => Command::TgSwap {
                n,
                stones: self.stones,
            },
            BlockKind::TgOffer { n } => Command::TgOffer {
                n,
                stones: self.stones,
            },
            BlockKind::TgChoose { offers } => Command::TgChoose {
                offers,
                stones: self.stones,
            },
            BlockKind::Unknown { name, .. } => Command::UnknownBlock {
                name,
                payload_lines: self.raw,
            },
        })
    }

    /// Takes one payload line that is not the block's end.
    fn take(&mut self, line: &str, max_lines: usize) {
        self.lines += 1;
        if self.error.is_some() {
            return;
        }
        if self.lines > max_lines {
            self.error = Some(
                ParseError::BlockTooLong {
                    command: self.word.clone(),
                    limit: max_lines,
                }
                .into(),
            );
            return;
        }
        let word = &self.word;
        let result = match &self.kind {
            BlockKind::Board
            | BlockKind::YxBoard
            | BlockKind::Swap2Board
            | BlockKind::TgSwap { .. }
            | BlockKind::TgOffer { .. }
            | BlockKind::TgChoose { .. } => {
                BoardStone::parse(line, word).map(|s| self.stones.push(s))
            }
            BlockKind::YxBlock => parse_point_line(line, word).map(|p| self.points.push(p)),
            BlockKind::TgOpening { .. } => Err(ParseError::bad_line(word, line, "DONE")),
            BlockKind::Unknown { .. } => {
                self.raw.push(line.trim().to_string());
                Ok(())
            }
        };
        if let Err(e) = result {
            self.error = Some(e.into());
        }
    }
}

/// Turns protocol lines into [`Command`]s, assembling block commands (`BOARD` … `DONE` and the
/// others) across lines. It does no I/O: feed it lines, it returns a command when one is
/// complete. [`crate::CommandReader`] wraps it with byte-level line splitting.
///
/// Blank lines are ignored. Inside a block, a bad line does not end the block: the rest is
/// consumed up to `DONE` and the block is reported as one error, so the lines never leak out
/// as commands.
#[derive(Debug)]
pub struct CommandParser {
    max_block_lines: usize,
    open: Option<OpenBlock>,
}

impl Default for CommandParser {
    fn default() -> Self {
        CommandParser::new()
    }
}

impl CommandParser {
    /// A parser with the default block bound ([`DEFAULT_MAX_BLOCK_LINES`]).
    #[must_use]
    pub fn new() -> CommandParser {
        CommandParser::with_max_block_lines(DEFAULT_MAX_BLOCK_LINES)
    }

    /// A parser that keeps at most `max_block_lines` payload lines per block.
    #[must_use]
    pub fn with_max_block_lines(max_block_lines: usize) -> CommandParser {
        CommandParser {
            max_block_lines,
            open: None,
        }
    }

    /// Feeds one line (without its line end). Returns a command (or the error of a bad one)
    /// when the line completes it; `None` for blank lines and for lines inside a block.
    pub fn push_line(&mut self, line: &str) -> Option<Result<Command, ProtocolError>> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        if let Some(block) = self.open.as_mut() {
            let one_line = matches!(
                block.kind,
                BlockKind::Unknown {
                    shape: UnknownBlockShape::OneLine,
                    ..
                }
            );
            if one_line {
                block.raw.push(line.to_string());
            } else if !line.eq_ignore_ascii_case("DONE") {
                block.take(line, self.max_block_lines);
                return None;
            }
            return self.open.take().map(OpenBlock::finish);
        }
        match Command::parse_header(line) {
            Header::Complete(result) => Some(result.map_err(ProtocolError::from)),
            Header::Block { kind, error } => {
                self.open = Some(OpenBlock {
                    kind,
                    word: split_word(line).0.to_ascii_uppercase(),
                    lines: 0,
                    stones: Vec::new(),
                    points: Vec::new(),
                    raw: Vec::new(),
                    error: error.map(ProtocolError::from),
                });
                None
            }
        }
    }

    /// Reports a line the byte reader discarded as too long. Inside a block it becomes the
    /// block's error (reported at `DONE`); outside it is returned at once.
    pub fn push_error(&mut self, error: ProtocolError) -> Option<Result<Command, ProtocolError>> {
        match self.open.as_mut() {
            Some(block) => {
                block.lines += 1;
                if block.error.is_none() {
                    block.error = Some(error);
                }
                // A one-line payload ends with this line, whatever it was.
                if matches!(
                    block.kind,
                    BlockKind::Unknown {
                        shape: UnknownBlockShape::OneLine,
                        ..
                    }
                ) {
                    return self.open.take().map(OpenBlock::finish);
                }
                None
            }
            None => Some(Err(error)),
        }
    }

    /// The upper-case word of the block being read, if any.
    #[must_use]
    pub fn pending_block(&self) -> Option<&str> {
        self.open.as_ref().map(|b| b.word.as_str())
    }

    /// Ends the input: an open block is dropped and reported as
    /// [`ParseError::UnterminatedBlock`].
    pub fn finish(&mut self) -> Option<Result<Command, ProtocolError>> {
        self.open
            .take()
            .map(|b| Err(ParseError::UnterminatedBlock { command: b.word }.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_of_unknown_blocks() {
        use UnknownBlockShape::*;
        for (line, shape) in [
            ("yxquerydatabaseallt", Some(UntilDone)),
            ("YXQUERYDATABASEONE", Some(UntilDone)),
            ("yxedittvddatabase 1 87 0 0", Some(UntilDone)),
            ("yxdeletedatabaseall wl", Some(UntilDone)),
            ("yxblockundo", Some(UntilDone)),
            ("yxsetdatabase", Some(OneLine)),
            ("yxsetdatabase rapfi.db", Some(Complete)),
            ("yxsavedatabase", None),
            ("yxshowhashusage", None),
            ("BOARD", None),
            ("hello", None),
        ] {
            assert_eq!(unknown_block_shape(line), shape, "{line}");
        }
    }

    #[test]
    fn a_bad_block_line_swallows_the_block_and_reports_once() {
        let mut p = CommandParser::new();
        assert!(p.push_line("BOARD").is_none());
        assert!(p.push_line("7,7,1").is_none());
        assert!(p.push_line("garbage").is_none());
        assert!(
            p.push_line("END").is_none(),
            "END inside a block is payload"
        );
        let r = p.push_line("DONE").unwrap();
        assert!(matches!(
            r,
            Err(ProtocolError::Parse(ParseError::BadBlockLine { .. }))
        ));
        assert_eq!(p.push_line("END").unwrap().unwrap(), Command::End);
    }

    #[test]
    fn blocks_are_bounded() {
        let mut p = CommandParser::with_max_block_lines(3);
        assert!(p.push_line("YXBOARD").is_none());
        for _ in 0..10 {
            assert!(p.push_line("1,1,1").is_none());
        }
        assert_eq!(
            p.push_line("done").unwrap(),
            Err(ParseError::BlockTooLong {
                command: "YXBOARD".into(),
                limit: 3
            }
            .into())
        );
        assert!(p.pending_block().is_none());
    }

    #[test]
    fn unterminated_blocks_are_reported_at_the_end() {
        let mut p = CommandParser::new();
        assert!(p.push_line("SWAP2BOARD").is_none());
        assert_eq!(p.pending_block(), Some("SWAP2BOARD"));
        assert_eq!(
            p.finish().unwrap(),
            Err(ParseError::UnterminatedBlock {
                command: "SWAP2BOARD".into()
            }
            .into())
        );
        assert!(p.finish().is_none());
    }
}
