//! Game records: the [`GameRecord`] data type (one per game, serde for the JSON-lines results
//! file) and its writers and readers in the formats of the field (spec `rules.md` §10,
//! `protocol.md` "Game records"):
//!
//! - Piskvork `.psq` ([`to_psq`], [`parse_psq`]),
//! - SGF FF\[4\] `GM[4]` ([`to_sgf`], [`parse_sgf`]),
//! - one JSON object per line ([`to_json_line`], [`from_json_line`], a whole file with
//!   [`from_json_lines`]).
//!
//! Pure text in, text out: the caller reads and writes the files. Readers return what the
//! format holds (moves, names, size); tests replay those moves through
//! [`tengen_rules::Board`].
//!
//! In JSON, moves are strings in the protocol form (`"7,7"`, pass `"-1,-1"`), which does not
//! depend on the board size; the rule is its name (`"renju"`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tengen_rules::{Board, Color, Move, Pos, Rule, SetupError};
use thiserror::Error;

/// How a game ended, from the board's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// Black won.
    BlackWin,
    /// White won.
    WhiteWin,
    /// Drawn.
    Draw,
}

impl GameResult {
    /// The winner's colour, `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::BlackWin => Some(Color::Black),
            GameResult::WhiteWin => Some(Color::White),
            GameResult::Draw => None,
        }
    }

    /// The result in which `color` wins.
    #[must_use]
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::Black => GameResult::BlackWin,
            Color::White => GameResult::WhiteWin,
        }
    }

    /// The score for `color`: 1, ½ or 0.
    #[must_use]
    pub fn score_for(self, color: Color) -> f64 {
        match self.winner() {
            None => 0.5,
            Some(c) if c == color => 1.0,
            Some(_) => 0.0,
        }
    }

    /// PGN-style text: `1-0`, `0-1`, `1/2-1/2`.
    #[must_use]
    pub fn as_score_text(self) -> &'static str {
        match self {
            GameResult::BlackWin => "1-0",
            GameResult::WhiteWin => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended. Serialised as its [`fmt::Display`] text (`"five"`, `"forbidden:33"`,
/// `"time"`, …), which [`FromStr`] reads back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A winning five.
    Five,
    /// Black played a forbidden move (`forbidden:33`, `forbidden:44`, `forbidden:6`).
    Forbidden(ForbiddenKind),
    /// Lost on time (any time rule; the detail text says which).
    Time,
    /// An illegal move: off the board, an occupied point, a pass where none is allowed, an
    /// illegal opening or fifth-move offer.
    IllegalMove,
    /// The engine process died or could not be started.
    Crash,
    /// The engine answered nothing usable: silence, `ERROR`, `UNKNOWN` or garbage.
    NoReply,
    /// A rule violation of the draw-offer rules (spec §9), second offence.
    RuleViolation,
    /// Decided by the manager's adjudication (move limit, agreed evaluations).
    Adjudication,
    /// Both players passed in the same round.
    TwoPasses,
    /// The board is full.
    BoardFull,
    /// A draw offer was accepted.
    DrawAgreed,
    /// The game was stopped by the manager (interrupt); not a real result.
    Aborted,
}

/// The three kinds of forbidden move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ForbiddenKind {
    /// Double three (`33`).
    DoubleThree,
    /// Double four (`44`).
    DoubleFour,
    /// Overline (`6`).
    Overline,
}

impl From<tengen_rules::Forbidden> for ForbiddenKind {
    fn from(f: tengen_rules::Forbidden) -> ForbiddenKind {
        match f {
            tengen_rules::Forbidden::DoubleThree => ForbiddenKind::DoubleThree,
            tengen_rules::Forbidden::DoubleFour => ForbiddenKind::DoubleFour,
            tengen_rules::Forbidden::Overline => ForbiddenKind::Overline,
        }
    }
}

impl EndReason {
    /// Every reason, for documentation and tests.
    pub const ALL: [EndReason; 14] = [
        EndReason::Five,
        EndReason::Forbidden(ForbiddenKind::DoubleThree),
        EndReason::Forbidden(ForbiddenKind::DoubleFour),
        EndReason::Forbidden(ForbiddenKind::Overline),
        EndReason::Time,
        EndReason::IllegalMove,
        EndReason::Crash,
        EndReason::NoReply,
        EndReason::RuleViolation,
        EndReason::Adjudication,
        EndReason::TwoPasses,
        EndReason::BoardFull,
        EndReason::DrawAgreed,
        EndReason::Aborted,
    ];

    /// The text used in records and the results file.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Five => "five",
            EndReason::Forbidden(ForbiddenKind::DoubleThree) => "forbidden:33",
            EndReason::Forbidden(ForbiddenKind::DoubleFour) => "forbidden:44",
            EndReason::Forbidden(ForbiddenKind::Overline) => "forbidden:6",
            EndReason::Time => "time",
            EndReason::IllegalMove => "illegal-move",
            EndReason::Crash => "crash",
            EndReason::NoReply => "no-reply",
            EndReason::RuleViolation => "rule-violation",
            EndReason::Adjudication => "adjudication",
            EndReason::TwoPasses => "two-passes",
            EndReason::BoardFull => "board-full",
            EndReason::DrawAgreed => "draw-agreed",
            EndReason::Aborted => "aborted",
        }
    }

    /// Whether the loser lost by forfeit (not on the board and not on time): the SGF `F` code.
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        matches!(
            self,
            EndReason::Forbidden(_)
                | EndReason::IllegalMove
                | EndReason::Crash
                | EndReason::NoReply
                | EndReason::RuleViolation
        )
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EndReason {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<EndReason, RecordError> {
        EndReason::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| RecordError::UnknownReason(s.to_string()))
    }
}

impl Serialize for EndReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for EndReason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<EndReason, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One move of a game as played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The move (`"x,y"` or `"-1,-1"` in JSON).
    #[serde(rename = "move", with = "move_text")]
    pub mv: Move,
    /// Wall time the manager measured, in ms (0 for opening stones laid by the manager).
    pub ms: u64,
    /// Time the engine reported for the move (e.g. `INFO TOTALTIME`), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_ms: Option<u64>,
    /// Warning number given for this move (`warn=` time rule), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<u32>,
}

impl MoveRecord {
    /// A move with only its measured time.
    #[must_use]
    pub fn new(mv: Move, ms: u64) -> MoveRecord {
        MoveRecord {
            mv,
            ms,
            engine_ms: None,
            warning: None,
        }
    }
}

/// Everything about one finished game.
///
/// `moves` holds the whole game in order, opening stones included (the first
/// `opening_len` entries were laid by the manager from the opening book, not by the engines).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Game number within the run (0-based, the schedule's index).
    pub game: u64,
    /// Games with the same `pair` and the same two players form a colour-swapped pair (for
    /// pentanomial statistics); `None` if the game is not paired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<u64>,
    /// Name of the player who played black (after any swap).
    pub black: String,
    /// Name of the player who played white (after any swap).
    pub white: String,
    /// The rule.
    #[serde(with = "rule_text")]
    pub rule: Rule,
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Index of the opening in the book, if one was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_index: Option<usize>,
    /// Name of the opening (book name, or a designated opening such as `4D Kagetsu`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_name: Option<String>,
    /// How many of `moves` are opening stones laid by the manager.
    pub opening_len: usize,
    /// All moves in order.
    pub moves: Vec<MoveRecord>,
    /// The result.
    pub result: GameResult,
    /// Why the game ended.
    pub reason: EndReason,
    /// Free text about the end (e.g. which time rule, the illegal reply's text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Opening-procedure events and other notes, in order (e.g. `"swap after move 3"`,
    /// `"N=2 offers: 9,9 5,5"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The time control in `--tc` syntax.
    pub time_control: String,
    /// The tolerance in force, in ms.
    pub tolerance_ms: u64,
    /// Start of the game as an RFC 3339 / ISO 8601 UTC text (`2026-11-29T12:00:00Z`); the
    /// caller formats it.
    pub start_time: String,
}

impl GameRecord {
    /// The bare moves, opening included.
    #[must_use]
    pub fn all_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The opening stones laid by the manager.
    #[must_use]
    pub fn opening_moves(&self) -> Vec<Move> {
        self.moves
            .iter()
            .take(self.opening_len)
            .map(|m| m.mv)
            .collect()
    }

    /// The board after the opening stones, where the engines' moves start (the analysis
    /// examples replay from here).
    ///
    /// # Errors
    /// An opening stone off the board or on an occupied point.
    pub fn opening_board(&self) -> Result<Board, SetupError> {
        Board::from_moves(self.width, self.height, self.rule, &self.opening_moves())
    }

    /// The name of the player with `color`.
    #[must_use]
    pub fn player(&self, color: Color) -> &str {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// A record that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// An end-reason text that is not one of [`EndReason::ALL`].
    #[error("unknown end reason {0:?} (expected five, forbidden:33, forbidden:44, forbidden:6, time, illegal-move, crash, no-reply, rule-violation, adjudication, two-passes, board-full, draw-agreed or aborted)")]
    UnknownReason(String),
    /// A `.psq` header line that is not `Piskvorky WxH, …`.
    #[error("psq line 1: expected a header like \"Piskvorky 15x15, 11:11, 0\", found {0:?}")]
    PsqHeader(String),
    /// A `.psq` move outside the board.
    #[error(
        "psq line {line}: move {x},{y} is outside the {width}x{height} board (1-based coordinates)"
    )]
    PsqOffBoard {
        /// 1-based line number.
        line: usize,
        /// The x read.
        x: i64,
        /// The y read.
        y: i64,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// Bad SGF text at a byte offset.
    #[error("sgf at byte {offset}: expected {expected}, found {found:?}")]
    Sgf {
        /// 0-based byte offset in the text.
        offset: usize,
        /// What was expected.
        expected: &'static str,
        /// What was found.
        found: String,
    },
    /// A JSON line that is not a game record.
    #[error("bad JSON game record: {0}")]
    Json(String),
    /// Line `line` (1-based) of a JSON-lines text is not a game record.
    #[error("line {line}: bad JSON game record: {message}")]
    JsonLine {
        /// 1-based line number.
        line: usize,
        /// What serde said was wrong.
        message: String,
    },
}

// ---------------------------------------------------------------------------------------------
// Serde helpers.

/// Moves as protocol strings.
mod move_text {
    use super::*;

    pub fn serialize<S: Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&m.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        Move::parse_xy(&s).map_err(serde::de::Error::custom)
    }
}

/// Rules by name.
mod rule_text {
    use super::*;

    pub fn serialize<S: Serializer>(r: &Rule, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(r.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

// ---------------------------------------------------------------------------------------------
// JSON lines.

/// The record as one line of JSON (no trailing newline).
#[must_use]
pub fn to_json_line(record: &GameRecord) -> String {
    // Serialising plain structs with string keys cannot fail.
    serde_json::to_string(record).unwrap_or_default()
}

/// Read one JSON line back.
pub fn from_json_line(line: &str) -> Result<GameRecord, RecordError> {
    serde_json::from_str(line.trim()).map_err(|e| RecordError::Json(e.to_string()))
}

/// Read a whole results text (one record per line, blank lines skipped), stopping at the
/// first line that is not a record ([`RecordError::JsonLine`] names it). Strict and
/// read-only: for analysis tools. The manager's resume instead keeps what precedes a torn
/// last line and repairs the file.
pub fn from_json_lines(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l.trim()).map_err(|e| RecordError::JsonLine {
                line: i + 1,
                message: e.to_string(),
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Piskvork .psq

/// What a `.psq` file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PsqGame {
    /// Board width from the header.
    pub width: u8,
    /// Board height from the header.
    pub height: u8,
    /// The moves with their times in ms.
    pub moves: Vec<(Move, u64)>,
    /// The lines after the moves (player names, end code), trimmed, empty lines dropped.
    pub trailer: Vec<String>,
}

/// The game as a Piskvork `.psq` file: header `Piskvorky WxH, 11:11, 0`, one `x,y,ms` line per
/// move (1-based, protocol orientation: y = 1 is the top row), the black and white players'
/// names, then `-1`. Lines end with CR LF, as Piskvork writes them.
///
/// The format has no pass; Tengen writes a pass as `0,0,ms` (the protocol's `-1,-1` shifted to
/// 1-based), which [`parse_psq`] reads back as a pass. Other readers see an off-board point.
#[must_use]
pub fn to_psq(record: &GameRecord) -> String {
    let mut out = format!("Piskvorky {}x{}, 11:11, 0\r\n", record.width, record.height);
    for m in &record.moves {
        let (x, y) = match m.mv {
            Move::Stone(p) => (i32::from(p.x) + 1, i32::from(p.y) + 1),
            Move::Pass => (0, 0),
        };
        out.push_str(&format!("{x},{y},{}\r\n", m.ms));
    }
    out.push_str(&format!("{}\r\n{}\r\n-1\r\n", record.black, record.white));
    out
}

/// Read a `.psq` text. Moves are read until the first line that is not three integers; the
/// remaining non-empty lines are the trailer.
pub fn parse_psq(text: &str) -> Result<PsqGame, RecordError> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("").trim();
    let (width, height) =
        parse_psq_header(header).ok_or_else(|| RecordError::PsqHeader(header.to_string()))?;
    let mut moves = Vec::new();
    let mut trailer = Vec::new();
    let mut in_moves = true;
    for (i, line) in lines.enumerate() {
        let line = line.trim();
        if in_moves {
            if let Some([x, y, t]) = three_integers(line) {
                let mv = if x == 0 && y == 0 {
                    Move::Pass
                } else if (1..=i64::from(width)).contains(&x)
                    && (1..=i64::from(height)).contains(&y)
                {
                    Move::Stone(Pos::new((x - 1) as u8, (y - 1) as u8))
                } else {
                    return Err(RecordError::PsqOffBoard {
                        line: i + 2,
                        x,
                        y,
                        width,
                        height,
                    });
                };
                moves.push((mv, u64::try_from(t).unwrap_or(0)));
                continue;
            }
            in_moves = false;
        }
        if !line.is_empty() {
            trailer.push(line.to_string());
        }
    }
    Ok(PsqGame {
        width,
        height,
        moves,
        trailer,
    })
}

fn parse_psq_header(header: &str) -> Option<(u8, u8)> {
    let rest = header.strip_prefix("Piskvorky")?.trim_start();
    let size = rest.split(',').next()?.trim();
    let (w, h) = size.split_once('x')?;
    let (w, h): (u8, u8) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    (w > 0 && h > 0).then_some((w, h))
}

fn three_integers(line: &str) -> Option<[i64; 3]> {
    let mut it = line.split(',').map(|s| s.trim().parse::<i64>());
    let a = it.next()?.ok()?;
    let b = it.next()?.ok()?;
    let c = it.next()?.ok()?;
    it.next().is_none().then_some([a, b, c])
}

// ---------------------------------------------------------------------------------------------
// SGF

/// What an SGF game holds (main line only).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SgfGame {
    /// Board width (`SZ`, default 15).
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// `PB`.
    pub black: Option<String>,
    /// `PW`.
    pub white: Option<String>,
    /// `RU`.
    pub rule: Option<String>,
    /// `RE`.
    pub result: Option<String>,
    /// `GC`.
    pub comment: Option<String>,
    /// The moves with the colour SGF gives them.
    pub moves: Vec<(Color, Move)>,
}

/// The SGF `RE` value: `B+`, `W+`, `B+T`/`W+T` on time, `B+F`/`W+F` for forfeits (forbidden
/// move, illegal move, crash, no reply), `B+R`/`W+R` for adjudicated wins, `0` for a draw.
#[must_use]
pub fn sgf_result(result: GameResult, reason: EndReason) -> String {
    let Some(w) = result.winner() else {
        return "0".to_string();
    };
    let side = if w == Color::Black { "B" } else { "W" };
    let code = match reason {
        EndReason::Time => "T",
        r if r.is_forfeit() => "F",
        EndReason::Adjudication => "R",
        _ => "",
    };
    format!("{side}+{code}")
}

/// The game as SGF: `(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[renju]PB[…]PW[…]RE[…]DT[…]GN[…]TM[…]GC[…];B[hh];W[..]…)`.
/// `GC` holds the reason, detail, opening, notes, time control and tolerance; each move's
/// `C` holds its times and warning. A pass is `B[]`. Opening stones are ordinary moves.
#[must_use]
pub fn to_sgf(record: &GameRecord) -> String {
    let size = if record.width == record.height {
        record.width.to_string()
    } else {
        format!("{}:{}", record.width, record.height)
    };
    let mut gc = vec![format!("reason: {}", record.reason)];
    if let Some(d) = &record.detail {
        gc.push(format!("detail: {d}"));
    }
    if let Some(o) = &record.opening_name {
        gc.push(format!("opening: {o}"));
    }
    if record.opening_len > 0 {
        gc.push(format!("opening stones: {}", record.opening_len));
    }
    gc.extend(record.notes.iter().cloned());
    gc.push(format!("time control: {}", record.time_control));
    gc.push(format!("tolerance: {} ms", record.tolerance_ms));
    let mut out = format!(
        "(;FF[4]GM[4]CA[UTF-8]AP[tengen-manager]SZ[{size}]RU[{}]PB[{}]PW[{}]RE[{}]DT[{}]GN[{}]GC[{}]",
        record.rule,
        sgf_escape(&record.black),
        sgf_escape(&record.white),
        sgf_result(record.result, record.reason),
        sgf_escape(record.start_time.get(..10).unwrap_or(&record.start_time)),
        record.game,
        sgf_escape(&gc.join("\n")),
    );
    let mut color = Color::Black;
    for m in &record.moves {
        let tag = if color == Color::Black { 'B' } else { 'W' };
        let point = match m.mv {
            Move::Stone(p) => format!("{}{}", (b'a' + p.x) as char, (b'a' + p.y) as char),
            Move::Pass => String::new(),
        };
        let mut comment = format!("{} ms", m.ms);
        if let Some(e) = m.engine_ms {
            comment.push_str(&format!(", engine {e} ms"));
        }
        if let Some(w) = m.warning {
            comment.push_str(&format!(", warning {w}"));
        }
        out.push_str(&format!(";{tag}[{point}]C[{}]", sgf_escape(&comment)));
        color = !color;
    }
    out.push_str(")\n");
    out
}

fn sgf_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Read the main line of an SGF game. Variations (a second `(` inside the game) are an
/// error; unknown properties are skipped; `tt` is read as a pass, like `[]`.
pub fn parse_sgf(text: &str) -> Result<SgfGame, RecordError> {
    let mut r = SgfReader {
        bytes: text.as_bytes(),
        text,
        at: 0,
    };
    r.skip_ws();
    r.expect(b'(', "'(' opening the game")?;
    let mut game = SgfGame {
        width: 15,
        height: 15,
        ..SgfGame::default()
    };
    let mut first = true;
    loop {
        r.skip_ws();
        match r.peek() {
            Some(b';') => {
                r.at += 1;
                r.node(&mut game, first)?;
                first = false;
            }
            Some(b')') => break,
            Some(b'(') => return Err(r.err("a node (variations are not supported)")),
            _ => return Err(r.err("';' starting a node or ')' ending the game")),
        }
    }
    Ok(game)
}

struct SgfReader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl SgfReader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn err(&self, expected: &'static str) -> RecordError {
        let found: String = self
            .text
            .get(self.at..)
            .unwrap_or("")
            .chars()
            .take(12)
            .collect();
        RecordError::Sgf {
            offset: self.at,
            expected,
            found,
        }
    }

    fn expect(&mut self, b: u8, expected: &'static str) -> Result<(), RecordError> {
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.err(expected))
        }
    }

    /// Property values of one identifier: `[..][..]`.
    fn values(&mut self) -> Result<Vec<String>, RecordError> {
        let mut vals = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() != Some(b'[') {
                break;
            }
            self.at += 1;
            let mut v = Vec::new();
            loop {
                match self.peek() {
                    None => return Err(self.err("']' closing a property value")),
                    Some(b'\\') => {
                        self.at += 1;
                        if let Some(c) = self.peek() {
                            v.push(c);
                            self.at += 1;
                        }
                    }
                    Some(b']') => {
                        self.at += 1;
                        break;
                    }
                    Some(c) => {
                        v.push(c);
                        self.at += 1;
                    }
                }
            }
            vals.push(String::from_utf8_lossy(&v).into_owned());
        }
        if vals.is_empty() {
            return Err(self.err("'[' starting a property value"));
        }
        Ok(vals)
    }

    fn node(&mut self, game: &mut SgfGame, root: bool) -> Result<(), RecordError> {
        loop {
            self.skip_ws();
            let start = self.at;
            while self.peek().is_some_and(|b| b.is_ascii_uppercase()) {
                self.at += 1;
            }
            if self.at == start {
                return Ok(());
            }
            let ident = self.text[start..self.at].to_string();
            let vals = self.values()?;
            let first = vals[0].clone();
            match (ident.as_str(), root) {
                ("SZ", true) => {
                    let (w, h) = first.split_once(':').unwrap_or((&first, &first));
                    match (w.trim().parse::<u8>(), h.trim().parse::<u8>()) {
                        (Ok(w), Ok(h)) if w > 0 && h > 0 && w <= 26 && h <= 26 => {
                            game.width = w;
                            game.height = h;
                        }
                        _ => {
                            self.at = start;
                            return Err(self.err("SZ[n] or SZ[w:h] with sizes 1..=26"));
                        }
                    }
                }
                ("PB", _) => game.black = Some(first),
                ("PW", _) => game.white = Some(first),
                ("RU", _) => game.rule = Some(first),
                ("RE", _) => game.result = Some(first),
                ("GC", _) => game.comment = Some(first),
                ("B", _) | ("W", _) => {
                    let color = if ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mv = self.point(&first, game, start)?;
                    game.moves.push((color, mv));
                }
                _ => {}
            }
        }
    }

    fn point(&mut self, v: &str, game: &SgfGame, start: usize) -> Result<Move, RecordError> {
        if v.is_empty() || (v == "tt" && game.width <= 19 && game.height <= 19) {
            return Ok(Move::Pass);
        }
        let b = v.as_bytes();
        if b.len() == 2 && b.iter().all(u8::is_ascii_lowercase) {
            let (x, y) = (b[0] - b'a', b[1] - b'a');
            if x < game.width && y < game.height {
                return Ok(Move::Stone(Pos::new(x, y)));
            }
        }
        self.at = start;
        Err(self.err("a move of two letters inside the board, or [] for a pass"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::Board;

    fn p(s: &str) -> Move {
        Move::Stone(Pos::parse_notation(s, 15).unwrap())
    }

    /// A real game: black makes five on row 8 (H8..L8) while white answers on row 9.
    fn sample() -> GameRecord {
        let moves = ["H8", "H9", "I8", "I9", "J8", "J9", "K8", "G8", "L8"];
        let mut recs: Vec<MoveRecord> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| MoveRecord::new(p(m), 100 * i as u64))
            .collect();
        recs[0].ms = 0;
        recs[4].engine_ms = Some(350);
        recs[5].warning = Some(1);
        GameRecord {
            game: 7,
            pair: Some(3),
            black: "pbrain-a".into(),
            white: "pbrain-b [v2]".into(),
            rule: Rule::Freestyle,
            width: 15,
            height: 15,
            opening_index: Some(3),
            opening_name: Some("line 4".into()),
            opening_len: 1,
            moves: recs,
            result: GameResult::BlackWin,
            reason: EndReason::Five,
            detail: None,
            notes: vec!["no swap".into()],
            time_control: "10+0.1".into(),
            tolerance_ms: 1000,
            start_time: "2026-11-29T12:00:00Z".into(),
        }
    }

    /// The board after the opening holds the opening stones and nothing else; an opening
    /// stone on an occupied point is an error.
    #[test]
    fn opening_board_has_only_the_opening_stones() {
        let mut g = sample();
        g.opening_len = 3;
        let board = g.opening_board().unwrap();
        assert_eq!(board.move_count(), 3);
        assert_eq!(board.side_to_move(), Color::White);
        g.moves[1] = g.moves[0].clone();
        assert!(g.opening_board().is_err());
    }

    fn replay(width: u8, height: u8, rule: Rule, moves: &[Move]) -> Board {
        Board::from_moves(width, height, rule, moves).expect("replays")
    }

    #[test]
    fn json_round_trip_and_shape() {
        let mut r = sample();
        r.moves.push(MoveRecord::new(Move::Pass, 5));
        r.result = GameResult::Draw;
        r.reason = EndReason::Forbidden(ForbiddenKind::DoubleFour);
        let line = to_json_line(&r);
        assert!(!line.contains('\n'));
        assert!(line.contains("\"move\":\"7,7\""), "{line}");
        assert!(line.contains("\"move\":\"-1,-1\""));
        assert!(line.contains("\"reason\":\"forbidden:44\""));
        assert!(line.contains("\"rule\":\"freestyle\""));
        assert!(line.contains("\"result\":\"draw\""));
        assert_eq!(from_json_line(&line).unwrap(), r);
        assert!(matches!(
            from_json_line("{\"game\":1}"),
            Err(RecordError::Json(_))
        ));
        let bad = line.replace("forbidden:44", "forbidden:55");
        assert!(from_json_line(&bad)
            .unwrap_err()
            .to_string()
            .contains("forbidden:55"));
    }

    #[test]
    fn json_lines_skip_blanks_and_name_the_bad_line() {
        let mut second = sample();
        second.game = 2;
        let text = format!(
            "{}\n\n  \n{}\n",
            to_json_line(&sample()),
            to_json_line(&second)
        );
        assert_eq!(from_json_lines(&text).unwrap(), vec![sample(), second]);
        assert_eq!(from_json_lines("").unwrap(), vec![]);
        let torn = format!("{}\n\n{{\"game\":3", to_json_line(&sample()));
        let err = from_json_lines(&torn).unwrap_err();
        assert!(
            matches!(err, RecordError::JsonLine { line: 3, .. }),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("line 3: "), "{err}");
    }

    #[test]
    fn every_reason_round_trips() {
        for r in EndReason::ALL {
            assert_eq!(r.as_str().parse::<EndReason>().unwrap(), r);
        }
        assert!("resign".parse::<EndReason>().is_err());
    }

    #[test]
    fn psq_round_trip_replays_to_the_same_result() {
        let r = sample();
        let text = to_psq(&r);
        assert!(
            text.starts_with("Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n8,7,100\r\n"),
            "{text}"
        );
        assert!(text.ends_with("pbrain-a\r\npbrain-b [v2]\r\n-1\r\n"));
        let g = parse_psq(&text).unwrap();
        assert_eq!((g.width, g.height), (15, 15));
        let moves: Vec<Move> = g.moves.iter().map(|m| m.0).collect();
        assert_eq!(moves, r.all_moves());
        assert_eq!(g.moves[2].1, 200);
        assert_eq!(g.trailer, vec!["pbrain-a", "pbrain-b [v2]", "-1"]);
        let b = replay(15, 15, r.rule, &moves);
        assert_eq!(b.outcome().and_then(|o| o.winner()), Some(Color::Black));
    }

    #[test]
    fn psq_reader_stops_at_first_non_move_line_and_checks_bounds() {
        let g = parse_psq("Piskvorky 20x20, 11:11, 0\n11,11,5\n12,11,7\n0,0,1\nbrain.exe\n3,4,5\n")
            .unwrap();
        assert_eq!((g.width, g.height), (20, 20));
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.moves[0].0, Move::Stone(Pos::new(10, 10)));
        assert_eq!(g.moves[2].0, Move::Pass);
        assert_eq!(g.trailer, vec!["brain.exe", "3,4,5"]);
        assert!(matches!(
            parse_psq("Gomoku 15x15\n"),
            Err(RecordError::PsqHeader(_))
        ));
        assert!(matches!(parse_psq(""), Err(RecordError::PsqHeader(_))));
        let e = parse_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n").unwrap_err();
        assert_eq!(
            e,
            RecordError::PsqOffBoard {
                line: 3,
                x: 16,
                y: 1,
                width: 15,
                height: 15
            }
        );
    }

    #[test]
    fn sgf_round_trip_replays_to_the_same_result() {
        let r = sample();
        let text = to_sgf(&r);
        assert!(text.starts_with("(;FF[4]GM[4]"), "{text}");
        assert!(
            text.contains("SZ[15]RU[freestyle]PB[pbrain-a]PW[pbrain-b [v2\\]]RE[B+]"),
            "{text}"
        );
        assert!(text.contains(";B[hh]C[0 ms];W[hg]"), "{text}");
        assert!(text.contains("warning 1"));
        let g = parse_sgf(&text).unwrap();
        assert_eq!((g.width, g.height), (15, 15));
        assert_eq!(g.white.as_deref(), Some("pbrain-b [v2]"));
        assert_eq!(g.black.as_deref(), Some("pbrain-a"));
        assert_eq!(g.rule.as_deref(), Some("freestyle"));
        assert_eq!(g.result.as_deref(), Some("B+"));
        assert!(g
            .comment
            .as_deref()
            .unwrap()
            .contains("time control: 10+0.1"));
        let moves: Vec<Move> = g.moves.iter().map(|m| m.1).collect();
        assert_eq!(moves, r.all_moves());
        assert_eq!(g.moves[1].0, Color::White);
        let b = replay(15, 15, Rule::Freestyle, &moves);
        assert_eq!(b.outcome().and_then(|o| o.winner()), Some(Color::Black));
    }

    #[test]
    fn sgf_landmarks_passes_and_results() {
        let mut r = sample();
        r.moves = vec![
            MoveRecord::new(p("A15"), 1),
            MoveRecord::new(p("A1"), 1),
            MoveRecord::new(Move::Pass, 1),
        ];
        let text = to_sgf(&r);
        assert!(text.contains(";B[aa]"));
        assert!(text.contains(";W[ao]"));
        assert!(text.contains(";B[]"));
        assert_eq!(
            parse_sgf(&text).unwrap().moves[2],
            (Color::Black, Move::Pass)
        );
        assert_eq!(sgf_result(GameResult::WhiteWin, EndReason::Time), "W+T");
        assert_eq!(
            sgf_result(
                GameResult::BlackWin,
                EndReason::Forbidden(ForbiddenKind::Overline)
            ),
            "B+F"
        );
        assert_eq!(sgf_result(GameResult::WhiteWin, EndReason::Crash), "W+F");
        assert_eq!(
            sgf_result(GameResult::BlackWin, EndReason::Adjudication),
            "B+R"
        );
        assert_eq!(sgf_result(GameResult::Draw, EndReason::TwoPasses), "0");
    }

    #[test]
    fn sgf_errors_are_typed() {
        assert!(matches!(
            parse_sgf("FF[4]"),
            Err(RecordError::Sgf { offset: 0, .. })
        ));
        assert!(matches!(
            parse_sgf("(;SZ[15];B[hh](;W[ii]))"),
            Err(RecordError::Sgf { .. })
        ));
        assert!(matches!(
            parse_sgf("(;SZ[15];B[zz])"),
            Err(RecordError::Sgf { .. })
        ));
        assert!(matches!(
            parse_sgf("(;SZ[15];B[hh"),
            Err(RecordError::Sgf { .. })
        ));
        assert!(matches!(
            parse_sgf("(;SZ[x])"),
            Err(RecordError::Sgf { .. })
        ));
        let g = parse_sgf("(;GM[4]SZ[20:18];B[jj];W[])").unwrap();
        assert_eq!(parse_sgf("(;SZ[15];B[tt])").unwrap().moves[0].1, Move::Pass);
        assert_eq!((g.width, g.height), (20, 18));
        assert_eq!(g.moves[1], (Color::White, Move::Pass));
    }
}
