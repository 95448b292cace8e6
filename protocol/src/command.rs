//! Manager → brain commands.

use std::fmt;

use tengen_rules::{Move, Pos};

use crate::block::{BlockKind, CommandParser, Header, UnknownBlockShape};
use crate::board_block::BoardStone;
use crate::error::ParseError;
use crate::info::Info;

/// A command from the manager to the brain.
///
/// Parse one with [`Command::parse`] (a whole message, block included) or, line by line, with
/// [`crate::CommandParser`] / [`crate::CommandReader`]. Write one with `Display` (lines joined
/// by `\n`, no final line end) or [`Command::to_wire`] (every line ended by CR LF, as managers
/// send them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `START N`: new empty N×N board.
    Start {
        /// Board side.
        size: u32,
    },
    /// `RECTSTART W,H`: new empty W×H board.
    RectStart {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// `RESTART`: new game, same size.
    Restart,
    /// `BEGIN`: the brain moves first on the empty board.
    Begin,
    /// `TURN x,y` (or `TURN -1,-1`: the opponent passed).
    Turn(Move),
    /// `BOARD` ⏎ `x,y,f` lines ⏎ `DONE`: whole position, brain to move.
    Board(Vec<BoardStone>),
    /// `INFO key value`.
    Info(Info),
    /// `END`: exit promptly.
    End,
    /// `ABOUT`: answer one line describing the brain.
    About,
    /// `TAKEBACK x,y`: undo the last move.
    Takeback(Move),
    /// `PLAY x,y`: the manager accepts a `SUGGEST`ed move.
    Play(Move),
    /// `SWAP2BOARD` ⏎ `x,y,f` lines (0, 3 or 5) ⏎ `DONE`.
    Swap2Board(Vec<BoardStone>),
    /// `YXBOARD` ⏎ `x,y,f` lines ⏎ `DONE`: set the position without asking for a move.
    YxBoard(Vec<BoardStone>),
    /// `YXSTOP`: stop thinking and answer the best move so far.
    YxStop,
    /// `STOP`: same as `YXSTOP`.
    Stop,
    /// `YXSHOWFORBID`: answer `FORBID …`.
    YxShowForbid,
    /// `YXHASHCLEAR`: clear the hash table.
    YxHashClear,
    /// `YXSHOWINFO`: the GUI asks for brain details (Rapfi answers with `MESSAGE` lines).
    YxShowInfo,
    /// `YXNBEST n`: search the n best moves.
    YxNBest(u32),
    /// `YXBLOCK` ⏎ `x,y` lines ⏎ `DONE`: points the brain must not play.
    YxBlock(Vec<Pos>),
    /// `YXBLOCKRESET`: forget the `YXBLOCK` points.
    YxBlockReset,
    /// `YXBALANCEONE b`: find a balanced move (bias b).
    YxBalanceOne(i32),
    /// `YXBALANCETWO b`: find two balanced moves (bias b).
    YxBalanceTwo(i32),
    /// `TGEXT`: capability probe (Tengen extension); answer `TGEXT 1 features…`.
    TgExt,
    /// `TGOPENING N_MAX` ⏎ `DONE`: lay a designated opening and declare N (Tengen extension).
    TgOpening {
        /// The largest N the brain may declare.
        n_max: u32,
    },
    /// `TGSWAP N` ⏎ 3 stone lines ⏎ `DONE`: swap decision after move 3 (Tengen extension).
    TgSwap {
        /// The declared number of fifth-move offers.
        n: u32,
        /// The opening stones in move order, fields relative to the brain (tentative white).
        stones: Vec<BoardStone>,
    },
    /// `TGOFFER N` ⏎ 4 stone lines ⏎ `DONE`: black offers N fifth moves (Tengen extension).
    TgOffer {
        /// How many offers to answer.
        n: u32,
        /// The 4 stones in move order, fields relative to the brain (black).
        stones: Vec<BoardStone>,
    },
    /// `TGCHOOSE x,y x,y …` ⏎ 4 stone lines ⏎ `DONE`: white keeps one offer and plays move 6
    /// (Tengen extension).
    TgChoose {
        /// The offered fifth moves (at least one).
        offers: Vec<Pos>,
        /// The 4 stones in move order, fields relative to the brain (white).
        stones: Vec<BoardStone>,
    },
    /// A block command Tengen does not implement, consumed whole so its payload lines are not
    /// taken for commands. A brain answers it with one `UNKNOWN`.
    ///
    /// Two payload shapes exist (see [`crate::unknown_block_shape`]):
    /// * up to `DONE` — Yixin-Board's position-scoped database commands (every `YX…DATABASE…`
    ///   word except `YXSETDATABASE`/`YXSAVEDATABASE`, e.g. `yxquerydatabaseallt`), and
    ///   `YXBLOCKUNDO`, `YXBLOCKPATH`, `YXBLOCKPATHUNDO`;
    /// * exactly one line, a file path — Yixin-Board's file-scoped database commands
    ///   (`YXSETDATABASE`, `YXDBMERGE`, `YXDBSPLIT`, `YXLIBTODB`, `YXDBTOLIB`, `YXDBTOTXT`,
    ///   `YXDBTOTXTALL`, `YXTXTTODB`, `YXDBTOPOS`) when the header line carries no argument;
    ///   with the path on the header line they have no payload.
    UnknownBlock {
        /// The header line as received, trimmed (command word and any arguments).
        name: String,
        /// The payload lines as received, trimmed, without the final `DONE`.
        payload_lines: Vec<String>,
    },
    /// Any other line, kept as received (trimmed). A brain answers `UNKNOWN`.
    Unknown {
        /// The line.
        line: String,
    },
}

/// Every command word parsed into a typed variant (upper-case; matched case-insensitively).
pub const COMMAND_WORDS: [&str; 28] = [
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "SWAP2BOARD",
    "YXBOARD",
    "YXSTOP",
    "STOP",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "YXSHOWINFO",
    "YXNBEST",
    "YXBLOCK",
    "YXBLOCKRESET",
    "YXBALANCEONE",
    "YXBALANCETWO",
    "TGEXT",
    "TGOPENING",
    "TGSWAP",
    "TGOFFER",
    "TGCHOOSE",
];

/// `text` with CR and LF replaced by spaces, so a value can never break the line framing.
pub(crate) fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(['\r', '\n']) {
        std::borrow::Cow::Owned(text.replace(['\r', '\n'], " "))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Splits a trimmed line into its first word and the trimmed rest.
pub(crate) fn split_word(line: &str) -> (&str, &str) {
    match line.split_once(char::is_whitespace) {
        Some((w, rest)) => (w, rest.trim()),
        None => (line, ""),
    }
}

fn parse_move(command: &str, arg: &str) -> Result<Move, ParseError> {
    if arg.is_empty() {
        return Err(ParseError::missing(command, "a move x,y or -1,-1"));
    }
    Move::parse_xy(arg).map_err(|_| ParseError::bad(command, arg, "a move x,y or -1,-1"))
}

fn parse_number<T: std::str::FromStr>(
    command: &str,
    arg: &str,
    expected: &str,
) -> Result<T, ParseError> {
    if arg.is_empty() {
        return Err(ParseError::missing(command, expected));
    }
    arg.parse::<T>()
        .map_err(|_| ParseError::bad(command, arg, expected))
}

impl Command {
    /// Reads one whole message: a single-line command, or a block command with its lines and
    /// `DONE`, separated by any of CR, LF, CR LF. Blank lines are skipped.
    ///
    /// ```
    /// use tengen_protocol::{BoardStone, Command, Field};
    /// use tengen_rules::{Move, Pos};
    ///
    /// let c = Command::parse("board\r\n7,7,1\r\n-1,-1,2\r\ndone\r\n").unwrap();
    /// assert_eq!(c, Command::Board(vec![
    ///     BoardStone::new(Move::Stone(Pos::new(7, 7)), Field::Own),
    ///     BoardStone::new(Move::Pass, Field::Opponent),
    /// ]));
    /// assert_eq!(c.to_string(), "BOARD\n7,7,1\n-1,-1,2\nDONE");
    /// ```
    pub fn parse(text: &str) -> Result<Command, ParseError> {
        let mut parser = CommandParser::new();
        let mut found: Option<Command> = None;
        for line in text.split(['\r', '\n']) {
            if line.trim().is_empty() {
                continue;
            }
            if found.is_some() {
                return Err(ParseError::TrailingText {
                    found: crate::error::snippet(line.trim()),
                });
            }
            if let Some(result) = parser.push_line(line) {
                found = Some(result.map_err(|e| match e {
                    crate::ProtocolError::Parse(p) => p,
                    // `push_line` never reports overlong lines: only the byte reader does.
                    crate::ProtocolError::TooLong { prefix, .. } => {
                        ParseError::TrailingText { found: prefix }
                    }
                })?);
            }
        }
        match found {
            Some(c) => Ok(c),
            None => match parser.pending_block() {
                Some(name) => Err(ParseError::UnterminatedBlock {
                    command: name.to_string(),
                }),
                None => Err(ParseError::Empty),
            },
        }
    }

    /// Reads the first line of a command. Block commands come back as [`Header::Block`], to be
    /// completed by their lines; everything else is complete.
    pub(crate) fn parse_header(line: &str) -> Header {
        let line = line.trim();
        let (word, arg) = split_word(line);
        let upper = word.to_ascii_uppercase();
        let done = |c: Result<Command, ParseError>| Header::Complete(c);
        let block = |kind: BlockKind| Header::Block { kind, error: None };
        let block_err = |kind: BlockKind, e: ParseError| Header::Block {
            kind,
            error: Some(e),
        };
        let u32_arg = |what: &str| parse_number::<u32>(&upper, arg, what);
        match upper.as_str() {
            "START" => done(u32_arg("a board size").map(|size| Command::Start { size })),
            "RECTSTART" => done(parse_rect(arg)),
            "RESTART" => done(Ok(Command::Restart)),
            "BEGIN" => done(Ok(Command::Begin)),
            "TURN" => done(parse_move("TURN", arg).map(Command::Turn)),
            "INFO" => done(Info::parse(arg).map(Command::Info)),
            "END" => done(Ok(Command::End)),
            "ABOUT" => done(Ok(Command::About)),
            "TAKEBACK" => done(parse_move("TAKEBACK", arg).map(Command::Takeback)),
            "PLAY" => done(parse_move("PLAY", arg).map(Command::Play)),
            "YXSTOP" => done(Ok(Command::YxStop)),
            "STOP" => done(Ok(Command::Stop)),
            "YXSHOWFORBID" => done(Ok(Command::YxShowForbid)),
            "YXHASHCLEAR" => done(Ok(Command::YxHashClear)),
            "YXSHOWINFO" => done(Ok(Command::YxShowInfo)),
            "YXNBEST" => done(u32_arg("a number of moves").map(Command::YxNBest)),
            "YXBLOCKRESET" => done(Ok(Command::YxBlockReset)),
            "YXBALANCEONE" => {
                done(parse_number(&upper, arg, "an integer bias").map(Command::YxBalanceOne))
            }
            "YXBALANCETWO" => {
                done(parse_number(&upper, arg, "an integer bias").map(Command::YxBalanceTwo))
            }
            "TGEXT" => done(Ok(Command::TgExt)),
            "BOARD" => block(BlockKind::Board),
            "YXBOARD" => block(BlockKind::YxBoard),
            "SWAP2BOARD" => block(BlockKind::Swap2Board),
            "YXBLOCK" => block(BlockKind::YxBlock),
            "TGOPENING" => match u32_arg("the largest N") {
                Ok(n_max) => block(BlockKind::TgOpening { n_max }),
                Err(e) => block_err(BlockKind::TgOpening { n_max: 0 }, e),
            },
            "TGSWAP" => match u32_arg("the declared N") {
                Ok(n) => block(BlockKind::TgSwap { n }),
                Err(e) => block_err(BlockKind::TgSwap { n: 0 }, e),
            },
            "TGOFFER" => match u32_arg("the number of offers N") {
                Ok(n) => block(BlockKind::TgOffer { n }),
                Err(e) => block_err(BlockKind::TgOffer { n: 0 }, e),
            },
            "TGCHOOSE" => match parse_offers(arg) {
                Ok(offers) => block(BlockKind::TgChoose { offers }),
                Err(e) => block_err(BlockKind::TgChoose { offers: Vec::new() }, e),
            },
            _ => match crate::block::unknown_block_shape(line) {
                Some(UnknownBlockShape::Complete) => done(Ok(Command::UnknownBlock {
                    name: line.to_string(),
                    payload_lines: Vec::new(),
                })),
                Some(shape) => block(BlockKind::Unknown {
                    name: line.to_string(),
                    shape,
                }),
                None => done(Ok(Command::Unknown {
                    line: line.to_string(),
                })),
            },
        }
    }

    /// The upper-case command word as written by `Display` (for [`Command::Unknown`] and
    /// [`Command::UnknownBlock`], the first word as received).
    #[must_use]
    pub fn word(&self) -> &str {
        match self {
            Command::Start { .. } => "START",
            Command::RectStart { .. } => "RECTSTART",
            Command::Restart => "RESTART",
            Command::Begin => "BEGIN",
            Command::Turn(_) => "TURN",
            Command::Board(_) => "BOARD",
            Command::Info(_) => "INFO",
            Command::End => "END",
            Command::About => "ABOUT",
            Command::Takeback(_) => "TAKEBACK",
            Command::Play(_) => "PLAY",
            Command::Swap2Board(_) => "SWAP2BOARD",
            Command::YxBoard(_) => "YXBOARD",
            Command::YxStop => "YXSTOP",
            Command::Stop => "STOP",
            Command::YxShowForbid => "YXSHOWFORBID",
            Command::YxHashClear => "YXHASHCLEAR",
            Command::YxShowInfo => "YXSHOWINFO",
            Command::YxNBest(_) => "YXNBEST",
            Command::YxBlock(_) => "YXBLOCK",
            Command::YxBlockReset => "YXBLOCKRESET",
            Command::YxBalanceOne(_) => "YXBALANCEONE",
            Command::YxBalanceTwo(_) => "YXBALANCETWO",
            Command::TgExt => "TGEXT",
            Command::TgOpening { .. } => "TGOPENING",
            Command::TgSwap { .. } => "TGSWAP",
            Command::TgOffer { .. } => "TGOFFER",
            Command::TgChoose { .. } => "TGCHOOSE",
            Command::UnknownBlock { name, .. } => split_word(name.trim()).0,
            Command::Unknown { line } => split_word(line.trim()).0,
        }
    }

    /// The wire lines of the command, without line ends.
    #[must_use]
    pub fn to_lines(&self) -> Vec<String> {
        self.to_string().split('\n').map(str::to_string).collect()
    }

    /// The command as a manager sends it: every line ended by CR LF.
    #[must_use]
    pub fn to_wire(&self) -> String {
        let mut s = String::new();
        for line in self.to_string().split('\n') {
            s.push_str(line);
            s.push_str("\r\n");
        }
        s
    }
}

fn parse_rect(arg: &str) -> Result<Command, ParseError> {
    const EXPECTED: &str = "width,height";
    if arg.is_empty() {
        return Err(ParseError::missing("RECTSTART", EXPECTED));
    }
    let (w, h) = arg
        .split_once(',')
        .ok_or_else(|| ParseError::bad("RECTSTART", arg, EXPECTED))?;
    let num = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| ParseError::bad("RECTSTART", arg, EXPECTED))
    };
    Ok(Command::RectStart {
        width: num(w)?,
        height: num(h)?,
    })
}

fn parse_offers(arg: &str) -> Result<Vec<Pos>, ParseError> {
    const EXPECTED: &str = "one or more points x,y";
    if arg.is_empty() {
        return Err(ParseError::missing("TGCHOOSE", EXPECTED));
    }
    arg.split_whitespace()
        .map(|t| Pos::parse_xy(t).map_err(|_| ParseError::bad("TGCHOOSE", t, EXPECTED)))
        .collect()
}

fn write_block<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    header: &str,
    lines: &[T],
) -> fmt::Result {
    f.write_str(header)?;
    for l in lines {
        write!(f, "\n{l}")?;
    }
    f.write_str("\nDONE")
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Command {
    /// Writes the wire form: upper-case command words, block lines joined by `\n`, no final
    /// line end. Free text (unknown lines, INFO values) has any CR/LF replaced by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = self.word();
        match self {
            Command::Start { size } => write!(f, "{word} {size}"),
            Command::RectStart { width, height } => write!(f, "{word} {width},{height}"),
            Command::Restart
            | Command::Begin
            | Command::End
            | Command::About
            | Command::YxStop
            | Command::Stop
            | Command::YxShowForbid
            | Command::YxHashClear
            | Command::YxShowInfo
            | Command::YxBlockReset
            | Command::TgExt => f.write_str(word),
            Command::Turn(m) | Command::Takeback(m) | Command::Play(m) => write!(f, "{word} {m}"),
            Command::Info(info) => write!(f, "{word} {info}"),
            Command::Board(s) | Command::Swap2Board(s) | Command::YxBoard(s) => {
                write_block(f, word, s)
            }
            Command::YxNBest(n) => write!(f, "{word} {n}"),
            Command::YxBlock(points) => write_block(f, word, points),
            Command::YxBalanceOne(b) | Command::YxBalanceTwo(b) => write!(f, "{word} {b}"),
            Command::TgOpening { n_max } => {
                write_block::<BoardStone>(f, &format!("{word} {n_max}"), &[])
            }
            Command::TgSwap { n, stones } | Command::TgOffer { n, stones } => {
                write_block(f, &format!("{word} {n}"), stones)
            }
            Command::TgChoose { offers, stones } => {
                write_block(f, &format!("{word} {}", join(offers)), stones)
            }
            Command::UnknownBlock {
                name,
                payload_lines,
            } => {
                f.write_str(&one_line(name))?;
                for l in payload_lines {
                    write!(f, "\n{}", one_line(l))?;
                }
                if crate::block::unknown_block_shape(name) == Some(UnknownBlockShape::UntilDone) {
                    f.write_str("\nDONE")?;
                }
                Ok(())
            }
            Command::Unknown { line } => f.write_str(&one_line(line)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_block::Field;

    fn p(x: u8, y: u8) -> Pos {
        Pos::new(x, y)
    }

    fn round_trip(text: &str, expected: Command) {
        let c = Command::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(c, expected, "{text:?}");
        assert_eq!(Command::parse(&c.to_string()).unwrap(), c);
        assert_eq!(Command::parse(&c.to_wire()).unwrap(), c);
    }

    #[test]
    fn single_line_commands() {
        round_trip("START 15", Command::Start { size: 15 });
        round_trip("start 20", Command::Start { size: 20 });
        round_trip(
            "RECTSTART 20, 15",
            Command::RectStart {
                width: 20,
                height: 15,
            },
        );
        round_trip("RESTART", Command::Restart);
        round_trip("Begin", Command::Begin);
        round_trip("TURN 7,7", Command::Turn(Move::Stone(p(7, 7))));
        round_trip("TURN -1,-1", Command::Turn(Move::Pass));
        round_trip("END", Command::End);
        round_trip("ABOUT", Command::About);
        round_trip("TAKEBACK 3,4", Command::Takeback(Move::Stone(p(3, 4))));
        round_trip("PLAY 3,4", Command::Play(Move::Stone(p(3, 4))));
        round_trip(
            "INFO timeout_turn 1000",
            Command::Info(Info::TimeoutTurn(1000)),
        );
        round_trip("yxstop", Command::YxStop);
        round_trip("STOP", Command::Stop);
        round_trip("YXSHOWFORBID", Command::YxShowForbid);
        round_trip("YXHASHCLEAR", Command::YxHashClear);
        round_trip("yxshowinfo", Command::YxShowInfo);
        round_trip("YXNBEST 5", Command::YxNBest(5));
        round_trip("YXBLOCKRESET", Command::YxBlockReset);
        round_trip("YXBALANCEONE -30", Command::YxBalanceOne(-30));
        round_trip("YXBALANCETWO 0", Command::YxBalanceTwo(0));
        round_trip("TGEXT", Command::TgExt);
        round_trip(
            "TRACEBOARD",
            Command::Unknown {
                line: "TRACEBOARD".into(),
            },
        );
        round_trip(
            "  yxshowhashusage now ",
            Command::Unknown {
                line: "yxshowhashusage now".into(),
            },
        );
    }

    #[test]
    fn block_commands() {
        let s = |x, y, f| BoardStone::new(Move::Stone(p(x, y)), f);
        round_trip(
            "BOARD\n7,7,2\n8,8,1\nDONE",
            Command::Board(vec![s(7, 7, Field::Opponent), s(8, 8, Field::Own)]),
        );
        round_trip("yxboard\ndone", Command::YxBoard(vec![]));
        round_trip("SWAP2BOARD\nDONE", Command::Swap2Board(vec![]));
        round_trip(
            "YXBLOCK\n1,2\n3,4\nDONE",
            Command::YxBlock(vec![p(1, 2), p(3, 4)]),
        );
        round_trip("TGOPENING 5\nDONE", Command::TgOpening { n_max: 5 });
        round_trip(
            "TGSWAP 2\n7,7,2\n7,6,1\n7,5,2\nDONE",
            Command::TgSwap {
                n: 2,
                stones: vec![
                    s(7, 7, Field::Opponent),
                    s(7, 6, Field::Own),
                    s(7, 5, Field::Opponent),
                ],
            },
        );
        round_trip(
            "TGOFFER 2\n7,7,1\n7,6,2\n7,5,1\n8,8,2\nDONE",
            Command::TgOffer {
                n: 2,
                stones: vec![
                    s(7, 7, Field::Own),
                    s(7, 6, Field::Opponent),
                    s(7, 5, Field::Own),
                    s(8, 8, Field::Opponent),
                ],
            },
        );
        round_trip(
            "TGCHOOSE 9,9 5,5\n7,7,2\n7,6,1\n7,5,2\n8,8,1\nDONE",
            Command::TgChoose {
                offers: vec![p(9, 9), p(5, 5)],
                stones: vec![
                    s(7, 7, Field::Opponent),
                    s(7, 6, Field::Own),
                    s(7, 5, Field::Opponent),
                    s(8, 8, Field::Own),
                ],
            },
        );
        round_trip(
            "yxquerydatabaseallt\n7,7\n8,8\ndone",
            Command::UnknownBlock {
                name: "yxquerydatabaseallt".into(),
                payload_lines: vec!["7,7".into(), "8,8".into()],
            },
        );
        round_trip(
            "yxsetdatabase\nrapfi.db",
            Command::UnknownBlock {
                name: "yxsetdatabase".into(),
                payload_lines: vec!["rapfi.db".into()],
            },
        );
        round_trip(
            "YXSETDATABASE rapfi.db",
            Command::UnknownBlock {
                name: "YXSETDATABASE rapfi.db".into(),
                payload_lines: vec![],
            },
        );
    }

    #[test]
    fn bad_arguments_are_typed_errors() {
        let cases = [
            ("TURN", "TURN"),
            ("TURN 7;7", "TURN"),
            ("TURN 7,7 8,8", "TURN"),
            ("START fifteen", "START"),
            ("START -1", "START"),
            ("RECTSTART 20", "RECTSTART"),
            ("YXNBEST", "YXNBEST"),
            ("INFO", "INFO"),
            ("BOARD\n7,7\nDONE", "BOARD"),
            ("TGSWAP x\n7,7,1\nDONE", "TGSWAP"),
            ("TGCHOOSE\nDONE", "TGCHOOSE"),
            ("TGOPENING 3\n7,7,1\nDONE", "TGOPENING"),
            ("BOARD\n7,7,1", "BOARD"),
        ];
        for (text, word) in cases {
            let e = Command::parse(text).unwrap_err();
            assert_eq!(e.command(), Some(word), "{text:?}: {e}");
        }
        assert_eq!(Command::parse(" \r\n "), Err(ParseError::Empty));
        assert!(matches!(
            Command::parse("BEGIN\nEND"),
            Err(ParseError::TrailingText { .. })
        ));
    }

    #[test]
    fn every_command_word_is_recognised() {
        for word in COMMAND_WORDS {
            for spelled in [word.to_string(), word.to_ascii_lowercase()] {
                let known = match Command::parse_header(&spelled) {
                    Header::Block { .. } => true,
                    Header::Complete(Ok(c)) => !matches!(c, Command::Unknown { .. }),
                    Header::Complete(Err(e)) => e.command() == Some(word),
                };
                assert!(known, "{spelled}");
            }
        }
    }

    #[test]
    fn display_never_breaks_framing() {
        let c = Command::Unknown {
            line: "a\nb\rc".into(),
        };
        assert_eq!(c.to_string(), "a b c");
        assert_eq!(
            Command::Info(Info::Folder("x\ny".into())).to_string(),
            "INFO folder x y"
        );
    }
}
