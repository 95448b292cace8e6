//! # tengen-protocol
//!
//! The Gomocup ("pbrain") protocol, with the Yixin-Board/Rapfi extensions and Tengen's own
//! extensions, as typed messages: [`Command`] (manager → brain) and [`Response`]
//! (brain → manager), parsed from and formatted to the exact wire text, plus incremental,
//! sans-IO readers that turn a byte stream into messages with bounded memory. No I/O, no
//! async runtime: the engine (a std thread reading stdin) and the manager (tokio tasks reading
//! child pipes) drive the same readers.
//!
//! ```
//! use tengen_protocol::{Command, CommandReader, Info, Response};
//! use tengen_rules::{Move, Pos};
//!
//! // Brain side: bytes as they arrive from the manager (any chunking, CR LF or LF).
//! let mut reader = CommandReader::new();
//! reader.push(b"INFO timeout_turn 5000\r\nstart 15\r\nBOARD\r\n7,7,2\r\n-1,-1,1\r\nDO");
//! reader.push(b"NE\r\nyxquerydatabaseallt\r\n7,7\r\ndone\r\nEND\r\n");
//!
//! let mut replies = Vec::new();
//! while let Some(command) = reader.next_command() {
//!     match command {
//!         Ok(Command::Info(Info::TimeoutTurn(ms))) => assert_eq!(ms, 5000),
//!         Ok(Command::Start { size }) => {
//!             assert_eq!(size, 15);
//!             replies.push(Response::Ok);
//!         }
//!         Ok(Command::Board(stones)) => {
//!             assert_eq!(stones.len(), 2); // an opponent stone and our own pass
//!             replies.push(Response::Moves(vec![Move::Stone(Pos::new(8, 8))]));
//!         }
//!         // One UNKNOWN for a block command we do not implement; its payload is swallowed.
//!         Ok(Command::UnknownBlock { name, .. }) => replies.push(Response::Unknown(name)),
//!         Ok(Command::End) => break,
//!         Ok(other) => replies.push(Response::Unknown(other.to_string())),
//!         Err(e) => replies.push(Response::Error(e.to_string())),
//!     }
//! }
//! let wire: Vec<String> = replies.iter().map(ToString::to_string).collect();
//! assert_eq!(wire, ["OK", "8,8", "UNKNOWN yxquerydatabaseallt"]);
//!
//! // Manager side: classify a reply line, write a command.
//! assert_eq!(
//!     Response::parse_line("7,7 DRAW").unwrap(),
//!     Response::MoveDraw(Move::Stone(Pos::new(7, 7)))
//! );
//! assert_eq!(Command::Turn(Move::Pass).to_wire(), "TURN -1,-1\r\n");
//! ```
//!
//! ## The API in one screen
//!
//! | Need | Use |
//! |---|---|
//! | parse a whole command (block included) | [`Command::parse`] |
//! | parse a reply line | [`Response::parse_line`] (moves only: [`Response::parse_moves`]; `ABOUT` answers: [`About::from_line`]) |
//! | write a command | `Display` (lines joined by `\n`), [`Command::to_wire`] (CR LF after every line), [`Command::to_lines`] |
//! | write a reply | `Display` (one line, no line end: `println!("{reply}")`) |
//! | bytes → commands | [`CommandReader`] (`push` / `next_command` / `finish`) |
//! | bytes → replies or raw lines | [`ResponseReader`] (`push` / `next_response` or `next_line` / `finish`) |
//! | lines → commands (you split lines yourself) | [`CommandParser`] |
//! | bytes → lines only | [`LineReader`] |
//! | blocking `BufRead` (stdin) | [`read_commands`], [`read_responses`] (iterators) |
//! | bounds | [`Limits`] (64 KiB lines, 2048 block lines by default) |
//! | errors | [`ParseError`] (bad message), [`ProtocolError`] (reader: overlong line or bad message), [`ReadError`] (adapters: adds I/O) |
//!
//! Points are [`tengen_rules::Pos`] in protocol coordinates (`x` column from the left, `y` row
//! from the top, both 0-based); moves are [`tengen_rules::Move`] (`Move::Pass` is `-1,-1`).
//! Coordinates 0..22 are accepted (Tengen's largest board); checking them against the actual
//! board is the caller's job.
//!
//! ## Wire basics
//!
//! * One message per line. Lines end with CR LF, LF or CR (all accepted; managers should send
//!   CR LF, [`Command::to_wire`] does). Blank and whitespace-only lines are skipped; lines are
//!   trimmed.
//! * Command words are case-insensitive (`yxboard` … `done` is how Yixin-Board writes them);
//!   they are written upper-case. `INFO` keys are matched case-insensitively and written
//!   lower-case.
//! * A line longer than [`Limits::max_line_len`] bytes (64 KiB) is never buffered: its bytes are
//!   dropped up to the next line end and it is reported once as [`ProtocolError::TooLong`]
//!   (inside a block, as the block's error). A block with more than
//!   [`Limits::max_block_lines`] payload lines keeps consuming to its `DONE` without storing
//!   them and is reported as [`ParseError::BlockTooLong`].
//! * Invalid UTF-8 is decoded lossily (U+FFFD). Nothing panics on any input (property-tested).
//! * A bad message is one error item; the readers go on with the next message. A bad line inside
//!   a block does not end the block: it is consumed to `DONE`, then reported once. Inside a
//!   block every line up to `DONE` is payload, even a command word such as `END` (Rapfi reads
//!   blocks the same way); input that ends inside a block is reported as
//!   [`ParseError::UnterminatedBlock`].
//! * Anything unrecognised is kept: [`Command::Unknown`] (one line) or
//!   [`Command::UnknownBlock`] (a block Tengen does not implement, payload swallowed), and
//!   [`Response::Text`] for an unclassified reply line.
//! * Free text written by `Display` never breaks the framing: CR/LF inside it become spaces.
//!
//! ## Commands (manager → brain)
//!
//! | Wire | Variant |
//! |---|---|
//! | `START N` | [`Command::Start`] |
//! | `RECTSTART W,H` | [`Command::RectStart`] |
//! | `RESTART`, `BEGIN`, `END`, `ABOUT` | [`Command::Restart`], [`Command::Begin`], [`Command::End`], [`Command::About`] |
//! | `TURN x,y` / `TURN -1,-1` | [`Command::Turn`] |
//! | `BOARD` ⏎ `x,y,f`… ⏎ `DONE` | [`Command::Board`] of [`BoardStone`] (f: 1 own, 2 opponent, 3 mark = [`Field`]; `-1,-1,f` is a pass) |
//! | `INFO key value` | [`Command::Info`] of [`Info`] |
//! | `TAKEBACK x,y`, `PLAY x,y` | [`Command::Takeback`], [`Command::Play`] |
//! | `SWAP2BOARD` ⏎ `x,y,f`… ⏎ `DONE` | [`Command::Swap2Board`] (0, 3 or 5 stones; lines as in `BOARD`, as Rapfi reads them) |
//!
//! `INFO` keys with typed variants: `timeout_turn`, `timeout_match`, `time_left`,
//! `max_memory`, `game_type`, `rule` (raw bitmask plus [`tengen_rules::Rule::from_info`]),
//! `evaluate x,y`, `folder` (rest of the line), `thread_num`, `hash_size`, `max_depth`,
//! `max_node`, `pondering`, `show_detail`, `time_increment`, `caution_factor`, `strength`,
//! `tg_passes`, `tg_opening_rule`, `tg_draw_offer`; every other key is [`Info::Other`]. Numeric
//! values are `i64` (managers send `time_left` below zero and `max_node -1`).
//!
//! ## Replies (brain → manager)
//!
//! | Wire | Variant |
//! |---|---|
//! | `x,y` or `x,y x,y …` (`-1,-1` = pass) | [`Response::Moves`] (see *Ambiguity* below) |
//! | `x,y DRAW` | [`Response::MoveDraw`] |
//! | `DRAW` | [`Response::Draw`] |
//! | `SWAP` / `NOSWAP` | [`Response::Swap`] / [`Response::NoSwap`] |
//! | `TGEXT 1 opening pass draw` | [`Response::TgExt`] of [`Feature`]s |
//! | `x,y x,y x,y N` | [`Response::Opening`] |
//! | `OK` | [`Response::Ok`] |
//! | `ERROR text`, `UNKNOWN text`, `MESSAGE text`, `DEBUG text` | [`Response::Error`], [`Response::Unknown`], [`Response::Message`], [`Response::Debug`] |
//! | `SUGGEST x,y` | [`Response::Suggest`] |
//! | `FORBID xxyyxxyy….` (e.g. `FORBID 0912.`, none: `FORBID .`) | [`Response::Forbid`] |
//! | `name="…", version="…", author="…", country="…"` | [`Response::About`] of [`About`] |
//! | `MESSAGE REALTIME POS/DONE/LOST/BEST x,y`, `MESSAGE REALTIME REFRESH` | [`Response::Realtime`] of [`Realtime`] |
//! | `INFO PV i`, `INFO PV DONE`, `INFO NUMPV n`, `INFO DEPTH d`, `INFO SELDEPTH d`, `INFO NODES n`, `INFO TOTALNODES n`, `INFO TOTALTIME ms`, `INFO SPEED nps`, `INFO EVAL v` (`v` a number or `+M5`/`-M5`), `INFO WINRATE p`, `INFO BESTLINE x,y …` | [`Response::Search`] of [`SearchInfo`] |
//! | anything else | [`Response::Text`] |
//!
//! **Ambiguity.** A move reply does not say how many moves it answers, so any line of one or
//! more `x,y` tokens is [`Response::Moves`]; the caller knows what it asked and checks the
//! count (1 for `BEGIN`/`TURN`/`BOARD`/`PLAY`; 1–3 for `SWAP2BOARD`; N for `TGOFFER`; 2 for
//! `TGCHOOSE`). Three moves followed by a number are a `TGOPENING` answer, one move followed by
//! `DRAW` a draw offer. A free-text `ABOUT` answer is indistinguishable from other text: parse
//! the line that answers `ABOUT` with [`About::from_line`].
//!
//! ## Yixin-Board extensions supported
//!
//! | Wire | Variant | Meaning |
//! |---|---|---|
//! | `YXBOARD` ⏎ `x,y,f`… ⏎ `DONE` | [`Command::YxBoard`] | set the position, do not move |
//! | `YXSTOP`, `STOP` | [`Command::YxStop`], [`Command::Stop`] | stop thinking, answer the best move so far |
//! | `YXSHOWFORBID` | [`Command::YxShowForbid`] | answer `FORBID xxyy….` (black's forbidden points when black is to move) |
//! | `YXHASHCLEAR` | [`Command::YxHashClear`] | clear the hash table |
//! | `YXSHOWINFO` | [`Command::YxShowInfo`] | GUI asks for brain details |
//! | `YXNBEST n` | [`Command::YxNBest`] | search the n best moves |
//! | `YXBLOCK` ⏎ `x,y`… ⏎ `DONE` | [`Command::YxBlock`] | points the brain must not play |
//! | `YXBLOCKRESET` | [`Command::YxBlockReset`] | forget them |
//! | `YXBALANCEONE b`, `YXBALANCETWO b` | [`Command::YxBalanceOne`], [`Command::YxBalanceTwo`] | balanced one/two moves with bias b |
//!
//! Yixin-Board commands Tengen does not implement but must frame correctly
//! ([`unknown_block_shape`]): every `YX…DATABASE…` word except `YXSAVEDATABASE` carries the
//! position as `x,y` lines up to `DONE` (e.g. `yxquerydatabaseallt` ⏎ `7,7` ⏎ `done`), as do
//! `YXBLOCKUNDO`, `YXBLOCKPATH`, `YXBLOCKPATHUNDO`; the file commands `YXSETDATABASE`,
//! `YXDBMERGE`, `YXDBSPLIT`, `YXLIBTODB`, `YXDBTOLIB`, `YXDBTOTXT`, `YXDBTOTXTALL`, `YXTXTTODB`,
//! `YXDBTOPOS` carry a path on the next line (Yixin-Board) or on the same line (other GUIs), with
//! no `DONE`. All of them come out as one [`Command::UnknownBlock`], so a brain answers a single
//! `UNKNOWN`. `YXSAVEDATABASE` and other unknown words are single-line [`Command::Unknown`].
//!
//! ## Tengen extensions (wire format, version 1)
//!
//! All are manager → brain commands. A brain that does not know them answers `UNKNOWN`; the
//! manager probes with `TGEXT` first and sends the block commands only for declared features,
//! so a brain never receives a block it did not ask for.
//!
//! 1. **Capability probe** — `TGEXT` (one line, [`Command::TgExt`]). A supporting brain answers
//!    one line `TGEXT 1 <feature> <feature> …` ([`Response::TgExt`]), features among
//!    `opening`, `pass`, `draw` ([`Feature`]; unknown words are kept as [`Feature::Other`]).
//!    The manager tells a brain about an opponent's pass with `TURN -1,-1` only if it declared
//!    `pass`; otherwise it re-sends the whole position with `BOARD`.
//! 2. **Designated opening** — `TGOPENING N_MAX` ⏎ `DONE` (an empty block, for symmetry with
//!    `SWAP2BOARD`; preceded by `INFO time_left`; [`Command::TgOpening`]). The tentative black
//!    lays a designated opening and declares N: it answers `x1,y1 x2,y2 x3,y3 N` (black 1,
//!    white 2, black 3; 1 ≤ N ≤ N_MAX), e.g. `7,7 7,6 7,5 2` ([`Response::Opening`]).
//! 3. **Swap decision** — `TGSWAP N` ⏎ the 3 opening stones as `x,y,f` lines in move order ⏎
//!    `DONE` ([`Command::TgSwap`]). Fields are relative to the brain as in `BOARD`: the brain is
//!    the tentative white, so f = 2 for black's stones and 1 for white's. It answers `SWAP`
//!    (take black) or `NOSWAP` (stay white). Whoever then holds white receives a normal `BOARD`
//!    … `DONE` for move 4 and answers one move.
//! 4. **Fifth-move offers** — `TGOFFER N` ⏎ the 4 stones (`x,y,f`, move order, f relative to
//!    black = the brain) ⏎ `DONE` ([`Command::TgOffer`]). Black answers N distinct fifth-move
//!    points on one line, `x,y x,y …` ([`Response::Moves`]): pairwise non-equivalent, not
//!    forbidden, empty.
//! 5. **Choosing an offer** — `TGCHOOSE x,y x,y …` (the offers, on the command line) ⏎ the 4
//!    stones (`x,y,f`, relative to white = the brain) ⏎ `DONE` ([`Command::TgChoose`]). White
//!    answers two moves on one line, `x5,y5 x6,y6`: the offer it keeps (move 5) and its move 6.
//! 6. **Passes** (feature `pass`) — the brain may answer `-1,-1` to `TURN`/`BOARD` where the
//!    rules allow; in `BOARD` a pass is a `-1,-1,f` line, or implied by two consecutive stones
//!    of one side.
//! 7. **Draw offers** (feature `draw`) — a brain offers a draw with its move by answering
//!    `x,y DRAW` ([`Response::MoveDraw`]). The manager forwards the offer with
//!    `INFO tg_draw_offer 1` ([`Info::TgDrawOffer`]) right before the opponent's next
//!    `TURN`/`BOARD`; the opponent accepts by answering `DRAW` ([`Response::Draw`]) instead of
//!    a move, or declines by answering a move.
//! 8. **Settings** — `INFO tg_passes 0|1` (passes allowed; [`Info::TgPasses`]) and
//!    `INFO tg_opening_rule free|chinese|swap2|file` ([`Info::TgOpeningRule`]).
//!
//! ## Driving the readers
//!
//! The readers own no I/O: push whatever bytes a read returned, then pull messages until
//! `None`. At end of input call `finish()` once, then pull the rest.
//!
//! A std-thread engine reading stdin (a byte slice stands in for `std::io::stdin().lock()`):
//!
//! ```
//! use std::sync::mpsc;
//! use tengen_protocol::{read_commands, Command, ReadError};
//!
//! let stdin: &'static [u8] = b"START 15\r\nINFO timeout_turn 0\r\nTURN 7;7\r\nEND\r\n";
//! let (tx, rx) = mpsc::channel();
//! let input = std::thread::spawn(move || {
//!     // The reader thread keeps reading while the search runs, so `INFO timeout_turn 0`
//!     // and `YXSTOP` arrive during a search.
//!     for item in read_commands(stdin) {
//!         match item {
//!             Ok(command) => {
//!                 if tx.send(Ok(command)).is_err() {
//!                     break;
//!                 }
//!             }
//!             Err(ReadError::Protocol(bad)) => {
//!                 let _ = tx.send(Err(bad.to_string())); // the engine answers ERROR/UNKNOWN
//!             }
//!             Err(ReadError::Io(_)) => break, // manager gone: exit
//!         }
//!     }
//! });
//! let got: Vec<_> = rx.iter().collect();
//! input.join().unwrap();
//! assert_eq!(got.len(), 4);
//! assert!(got[2].as_ref().is_err_and(|e| e.contains("TURN") && e.contains("7;7")));
//! assert_eq!(got[3], Ok(Command::End));
//! ```
//!
//! A tokio manager reading a brain's stdout (a byte slice stands in for the `ChildStdout`; wrap
//! the read in `tokio::time::timeout` for the move deadline):
//!
//! ```
//! use tokio::io::AsyncReadExt;
//! use tengen_protocol::{Response, ResponseReader};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let mut stdout: &[u8] = b"MESSAGE thinking\r\nINFO DEPTH 3\r\n7,7\r\n";
//! let mut reader = ResponseReader::new();
//! let mut buf = [0u8; 4096];
//! let mut eof = false;
//! let answer = 'read: loop {
//!     while let Some(reply) = reader.next_response() {
//!         match reply {
//!             Ok(Response::Moves(moves)) => break 'read Some(moves),
//!             Ok(_) => {}                 // MESSAGE/DEBUG/INFO lines before the answer
//!             Err(_) => break 'read None, // malformed answer: the brain forfeits
//!         }
//!     }
//!     if eof {
//!         break None; // the brain closed its stdout without answering
//!     }
//!     let n = stdout.read(&mut buf).await.expect("read");
//!     if n == 0 {
//!         reader.finish(); // a last line without a line end still counts
//!         eof = true;
//!     } else {
//!         reader.push(&buf[..n]);
//!     }
//! };
//! assert_eq!(answer.map(|m| m.len()), Some(1));
//! # }
//! ```

mod about;
mod block;
mod board_block;
mod command;
mod error;
mod info;
mod line_reader;
mod reader;
mod response;

pub use about::About;
pub use block::{unknown_block_shape, CommandParser, UnknownBlockShape, DEFAULT_MAX_BLOCK_LINES};
pub use board_block::{BoardStone, Field};
pub use command::{Command, COMMAND_WORDS};
pub use error::{ParseError, ProtocolError, ReadError};
pub use info::{Info, TgOpeningRule, KNOWN_KEYS};
pub use line_reader::{LineReader, DEFAULT_MAX_LINE_LEN};
pub use reader::{
    read_commands, read_commands_with, read_responses, read_responses_with, CommandReader,
    Commands, Limits, ResponseReader, Responses,
};
pub use response::{Eval, Feature, Realtime, Response, SearchInfo};
