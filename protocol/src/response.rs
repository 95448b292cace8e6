//! Brain → manager replies and output lines.

use std::fmt;

use tengen_rules::{Move, Pos};

use crate::about::About;
use crate::command::{one_line, split_word};
use crate::error::ParseError;

/// A capability a brain declares in its `TGEXT 1 …` answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Feature {
    /// `opening`: answers `TGOPENING`, `TGSWAP`, `TGOFFER`, `TGCHOOSE`.
    Opening,
    /// `pass`: understands `TURN -1,-1` and may answer `-1,-1`.
    Pass,
    /// `draw`: may offer draws (`x,y DRAW`) and accept them (`DRAW`).
    Draw,
    /// A word Tengen does not know (kept as received, so newer brains do not break the probe).
    Other(String),
}

impl Feature {
    /// Reads one feature word (case-insensitive for the known ones).
    #[must_use]
    pub fn from_word(word: &str) -> Feature {
        match word.to_ascii_lowercase().as_str() {
            "opening" => Feature::Opening,
            "pass" => Feature::Pass,
            "draw" => Feature::Draw,
            _ => Feature::Other(word.to_string()),
        }
    }

    /// The wire word.
    #[must_use]
    pub fn word(&self) -> &str {
        match self {
            Feature::Opening => "opening",
            Feature::Pass => "pass",
            Feature::Draw => "draw",
            Feature::Other(w) => w,
        }
    }
}

/// A `MESSAGE REALTIME …` line (Rapfi's live search display, read by GUIs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Realtime {
    /// `MESSAGE REALTIME POS x,y`: now searching this root move.
    Pos(Pos),
    /// `MESSAGE REALTIME DONE x,y`: finished this root move.
    Done(Pos),
    /// `MESSAGE REALTIME LOST x,y`: this root move loses.
    Lost(Pos),
    /// `MESSAGE REALTIME BEST x,y`: the best move so far.
    Best(Pos),
    /// `MESSAGE REALTIME REFRESH`: clear the display.
    Refresh,
}

/// An `INFO EVAL` value: a number, or a mate distance written `+M5` / `-M5`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Eval {
    /// A plain evaluation (`INFO EVAL -37`).
    Value(i32),
    /// A found win (positive: `+M5`) or loss (negative: `-M5`) in that many plies.
    Mate(i32),
    /// Anything else, kept as received.
    Other(String),
}

impl Eval {
    /// Reads an evaluation; never fails (unknown forms become [`Eval::Other`]).
    #[must_use]
    pub fn parse(text: &str) -> Eval {
        let t = text.trim();
        if let Ok(v) = t.parse::<i32>() {
            return Eval::Value(v);
        }
        // Digits only after the M: `+M-3` is not a mate score.
        let mate = |s: &str| {
            s.strip_prefix(['M', 'm'])
                .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse::<i64>().ok())
        };
        let plus = t.strip_prefix('+').and_then(mate);
        let minus = t.strip_prefix('-').and_then(mate).map(|n| -n);
        if let Some(n) = plus.or(minus).and_then(|n| i32::try_from(n).ok()) {
            return Eval::Mate(n);
        }
        Eval::Other(t.to_string())
    }
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Eval::Value(v) => write!(f, "{v}"),
            Eval::Mate(n) if *n < 0 => write!(f, "-M{}", n.unsigned_abs()),
            Eval::Mate(n) => write!(f, "+M{n}"),
            Eval::Other(s) => f.write_str(&one_line(s)),
        }
    }
}

/// One `INFO …` search output line (Rapfi's format; a GUI groups the lines from `INFO PV i` to
/// `INFO PV DONE` into one principal variation).
#[derive(Debug, Clone, PartialEq)]
pub enum SearchInfo {
    /// `INFO PV i`: a variation block starts (0-based index).
    Pv(u32),
    /// `INFO PV DONE`: the variation block ends.
    PvDone,
    /// `INFO NUMPV n`.
    NumPv(u32),
    /// `INFO DEPTH d`.
    Depth(i32),
    /// `INFO SELDEPTH d`.
    SelDepth(i32),
    /// `INFO NODES n` (this variation).
    Nodes(u64),
    /// `INFO TOTALNODES n`.
    TotalNodes(u64),
    /// `INFO TOTALTIME ms`.
    TotalTime(u64),
    /// `INFO SPEED nps`.
    Speed(u64),
    /// `INFO EVAL v`.
    Eval(Eval),
    /// `INFO WINRATE p` (a fraction, 0 to 1).
    WinRate(f64),
    /// `INFO BESTLINE x,y x,y …` (may be empty).
    BestLine(Vec<Move>),
}

/// A line from the brain to the manager.
///
/// [`Response::parse_line`] classifies a line without knowing which command it answers. The
/// one real ambiguity of the protocol is that a reply of moves does not say how many moves
/// were asked for: one or more `x,y` tokens parse to [`Response::Moves`], and the caller checks
/// the count it expects (1 for `TURN`/`BEGIN`/`BOARD`, 1–3 for `SWAP2BOARD`, N for `TGOFFER`,
/// 2 for `TGCHOOSE`). Three moves followed by a number are a `TGOPENING` answer
/// ([`Response::Opening`]); one move followed by `DRAW` is a draw offer. A free-text `ABOUT`
/// answer comes back as [`Response::Text`]; use [`About::from_line`] when an `ABOUT` answer is
/// expected.
#[derive(Debug, Clone, PartialEq)]
pub enum Response {
    /// One or more moves on one line: `x,y` (or `-1,-1`), space-separated.
    Moves(Vec<Move>),
    /// A move with a draw offer: `x,y DRAW` (Tengen extension, feature `draw`).
    MoveDraw(Move),
    /// `DRAW`: accepts the opponent's draw offer instead of moving (Tengen extension).
    Draw,
    /// `SWAP`: take the other colour (`SWAP2BOARD`, `TGSWAP`).
    Swap,
    /// `NOSWAP`: keep the colour (`TGSWAP`).
    NoSwap,
    /// `TGEXT version features…`: the brain speaks the Tengen extensions.
    TgExt {
        /// Extension version (1).
        version: u32,
        /// Declared features.
        features: Vec<Feature>,
    },
    /// `x,y x,y x,y N`: the `TGOPENING` answer — black 1, white 2, black 3, and the declared N.
    Opening {
        /// The three stones in move order.
        stones: [Pos; 3],
        /// The declared number of fifth-move offers.
        n: u32,
    },
    /// `OK`.
    Ok,
    /// `ERROR text`: the command was understood but cannot be carried out.
    Error(String),
    /// `UNKNOWN text`: the command is not known.
    Unknown(String),
    /// `MESSAGE text`: for the user or the log.
    Message(String),
    /// `DEBUG text`: for the author.
    Debug(String),
    /// `SUGGEST x,y`: a proposed move (the manager answers `PLAY x,y` or `END`).
    Suggest(Move),
    /// `FORBID xxyyxxyy….`: black's forbidden points (answer to `YXSHOWFORBID`).
    Forbid(Vec<Pos>),
    /// `key="value", …`: an `ABOUT` answer in the standard form.
    About(About),
    /// `MESSAGE REALTIME …`.
    Realtime(Realtime),
    /// `INFO …` search output.
    Search(SearchInfo),
    /// Any other line (e.g. a free-text `ABOUT` answer), trimmed.
    Text(String),
}

const MOVES_EXPECTED: &str =
    "moves x,y separated by spaces, optionally followed by DRAW (after one move) or N (after three)";

fn parse_pos(found: &str, token: &str, expected: &str) -> Result<Pos, ParseError> {
    Pos::parse_xy(token).map_err(|_| ParseError::bad_response(found, expected))
}

impl Response {
    /// Classifies one line (see the type's documentation for the ambiguities). Unknown lines
    /// are [`Response::Text`]; an error means a known reply word with a malformed rest, or a
    /// move list with a token that is not a move.
    pub fn parse_line(line: &str) -> Result<Response, ParseError> {
        let t = line.trim();
        if t.is_empty() {
            return Err(ParseError::Empty);
        }
        let (word, rest) = split_word(t);
        let upper = word.to_ascii_uppercase();
        let text = || rest.to_string();
        Ok(match upper.as_str() {
            "OK" if rest.is_empty() => Response::Ok,
            "SWAP" if rest.is_empty() => Response::Swap,
            "NOSWAP" if rest.is_empty() => Response::NoSwap,
            "DRAW" if rest.is_empty() => Response::Draw,
            "ERROR" => Response::Error(text()),
            "UNKNOWN" => Response::Unknown(text()),
            "DEBUG" => Response::Debug(text()),
            "MESSAGE" => {
                let (sub, what) = split_word(rest);
                match sub
                    .eq_ignore_ascii_case("REALTIME")
                    .then(|| parse_realtime(what))
                    .flatten()
                {
                    Some(r) => Response::Realtime(r),
                    None => Response::Message(text()),
                }
            }
            "SUGGEST" => Response::Suggest(
                Move::parse_xy(rest).map_err(|_| ParseError::bad_response(t, "SUGGEST x,y"))?,
            ),
            "FORBID" => Response::Forbid(parse_forbid(t, rest)?),
            "TGEXT" => {
                let (v, features) = split_word(rest);
                let version = v
                    .parse::<u32>()
                    .map_err(|_| ParseError::bad_response(t, "TGEXT version features…"))?;
                Response::TgExt {
                    version,
                    features: features
                        .split_whitespace()
                        .map(Feature::from_word)
                        .collect(),
                }
            }
            "INFO" => match parse_search_info(t, rest)? {
                Some(info) => Response::Search(info),
                None => Response::Text(t.to_string()),
            },
            _ if t.starts_with(|c: char| c.is_ascii_digit() || c == '-') => parse_move_reply(t)?,
            _ => match About::parse(t) {
                Ok(about) => Response::About(about),
                Err(_) => Response::Text(t.to_string()),
            },
        })
    }

    /// Reads a line that must be moves only (one or more `x,y` tokens), for callers that know
    /// a move list is due.
    pub fn parse_moves(line: &str) -> Result<Vec<Move>, ParseError> {
        match parse_move_reply(line.trim())? {
            Response::Moves(m) => Ok(m),
            _ => Err(ParseError::bad_response(
                line.trim(),
                "moves x,y separated by spaces",
            )),
        }
    }
}

fn parse_move_reply(t: &str) -> Result<Response, ParseError> {
    // "7, 7" (a space after the comma) is one move.
    if let Ok(m) = Move::parse_xy(t) {
        return Ok(Response::Moves(vec![m]));
    }
    let tokens: Vec<&str> = t.split_whitespace().collect();
    let mut moves = Vec::new();
    let mut rest = &tokens[..];
    while let Some((first, tail)) = rest.split_first() {
        match Move::parse_xy(first) {
            Ok(m) => {
                moves.push(m);
                rest = tail;
            }
            Err(_) => break,
        }
    }
    let bad = || ParseError::bad_response(t, MOVES_EXPECTED);
    match (moves.len(), rest) {
        (0, _) => Err(bad()),
        (_, []) => Ok(Response::Moves(moves)),
        (1, [d]) if d.eq_ignore_ascii_case("DRAW") => Ok(Response::MoveDraw(moves[0])),
        (3, [n]) => {
            let n = n.parse::<u32>().map_err(|_| bad())?;
            let pos = |m: Move| m.pos().ok_or_else(bad);
            Ok(Response::Opening {
                stones: [pos(moves[0])?, pos(moves[1])?, pos(moves[2])?],
                n,
            })
        }
        _ => Err(bad()),
    }
}

fn parse_realtime(what: &str) -> Option<Realtime> {
    let (kind, arg) = split_word(what);
    let kind = kind.to_ascii_uppercase();
    if kind == "REFRESH" && arg.is_empty() {
        return Some(Realtime::Refresh);
    }
    let p = Pos::parse_xy(arg).ok()?;
    match kind.as_str() {
        "POS" => Some(Realtime::Pos(p)),
        "DONE" => Some(Realtime::Done(p)),
        "LOST" => Some(Realtime::Lost(p)),
        "BEST" => Some(Realtime::Best(p)),
        _ => None,
    }
}

fn parse_forbid(line: &str, rest: &str) -> Result<Vec<Pos>, ParseError> {
    const EXPECTED: &str = "FORBID then 4 digits (xxyy) per point, then '.'";
    let compact: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    let digits = compact
        .strip_suffix('.')
        .ok_or_else(|| ParseError::bad_response(line, EXPECTED))?;
    if digits.len() % 4 != 0 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::bad_response(line, EXPECTED));
    }
    // All ASCII digits, so byte slicing is on char boundaries.
    (0..digits.len() / 4)
        .map(|i| {
            let q = &digits[4 * i..4 * i + 4];
            parse_pos(line, &format!("{},{}", &q[..2], &q[2..]), EXPECTED)
        })
        .collect()
}

/// `Ok(None)` for an `INFO` key that is not search output.
fn parse_search_info(line: &str, rest: &str) -> Result<Option<SearchInfo>, ParseError> {
    let (key, arg) = split_word(rest);
    let key = key.to_ascii_uppercase();
    let num = |what: &str| -> Result<u64, ParseError> {
        arg.parse::<u64>()
            .map_err(|_| ParseError::bad_response(line, format!("INFO {key} {what}")))
    };
    let int = |what: &str| -> Result<i32, ParseError> {
        arg.parse::<i32>()
            .map_err(|_| ParseError::bad_response(line, format!("INFO {key} {what}")))
    };
    let small = |what: &str| -> Result<u32, ParseError> {
        arg.parse::<u32>()
            .map_err(|_| ParseError::bad_response(line, format!("INFO {key} {what}")))
    };
    Ok(Some(match key.as_str() {
        "PV" if arg.eq_ignore_ascii_case("DONE") => SearchInfo::PvDone,
        "PV" => SearchInfo::Pv(small("<index>")?),
        "NUMPV" => SearchInfo::NumPv(small("<count>")?),
        "DEPTH" => SearchInfo::Depth(int("<depth>")?),
        "SELDEPTH" => SearchInfo::SelDepth(int("<depth>")?),
        "NODES" => SearchInfo::Nodes(num("<nodes>")?),
        "TOTALNODES" => SearchInfo::TotalNodes(num("<nodes>")?),
        "TOTALTIME" => SearchInfo::TotalTime(num("<ms>")?),
        "SPEED" => SearchInfo::Speed(num("<nodes per second>")?),
        "EVAL" if !arg.is_empty() => SearchInfo::Eval(Eval::parse(arg)),
        "EVAL" => return Err(ParseError::bad_response(line, "INFO EVAL <value>")),
        "WINRATE" => SearchInfo::WinRate(
            arg.parse::<f64>()
                .map_err(|_| ParseError::bad_response(line, "INFO WINRATE <fraction>"))?,
        ),
        "BESTLINE" => SearchInfo::BestLine(
            arg.split_whitespace()
                .map(|m| {
                    Move::parse_xy(m)
                        .map_err(|_| ParseError::bad_response(line, "INFO BESTLINE x,y x,y …"))
                })
                .collect::<Result<_, _>>()?,
        ),
        _ => return Ok(None),
    }))
}

fn write_text(f: &mut fmt::Formatter<'_>, word: &str, text: &str) -> fmt::Result {
    let text = one_line(text);
    let text = text.trim();
    if text.is_empty() {
        f.write_str(word)
    } else {
        write!(f, "{word} {text}")
    }
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Realtime {
    /// Writes the whole line, `MESSAGE REALTIME …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Realtime::Pos(p) => write!(f, "MESSAGE REALTIME POS {p}"),
            Realtime::Done(p) => write!(f, "MESSAGE REALTIME DONE {p}"),
            Realtime::Lost(p) => write!(f, "MESSAGE REALTIME LOST {p}"),
            Realtime::Best(p) => write!(f, "MESSAGE REALTIME BEST {p}"),
            Realtime::Refresh => f.write_str("MESSAGE REALTIME REFRESH"),
        }
    }
}

impl fmt::Display for SearchInfo {
    /// Writes the whole line, `INFO …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchInfo::Pv(i) => write!(f, "INFO PV {i}"),
            SearchInfo::PvDone => f.write_str("INFO PV DONE"),
            SearchInfo::NumPv(n) => write!(f, "INFO NUMPV {n}"),
            SearchInfo::Depth(d) => write!(f, "INFO DEPTH {d}"),
            SearchInfo::SelDepth(d) => write!(f, "INFO SELDEPTH {d}"),
            SearchInfo::Nodes(n) => write!(f, "INFO NODES {n}"),
            SearchInfo::TotalNodes(n) => write!(f, "INFO TOTALNODES {n}"),
            SearchInfo::TotalTime(ms) => write!(f, "INFO TOTALTIME {ms}"),
            SearchInfo::Speed(nps) => write!(f, "INFO SPEED {nps}"),
            SearchInfo::Eval(e) => write!(f, "INFO EVAL {e}"),
            SearchInfo::WinRate(p) => write!(f, "INFO WINRATE {p}"),
            SearchInfo::BestLine(moves) if moves.is_empty() => f.write_str("INFO BESTLINE"),
            SearchInfo::BestLine(moves) => write!(f, "INFO BESTLINE {}", join(moves)),
        }
    }
}

impl fmt::Display for Response {
    /// Writes the reply line, without a line end. Free text has CR/LF replaced by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::Moves(moves) => f.write_str(&join(moves)),
            Response::MoveDraw(m) => write!(f, "{m} DRAW"),
            Response::Draw => f.write_str("DRAW"),
            Response::Swap => f.write_str("SWAP"),
            Response::NoSwap => f.write_str("NOSWAP"),
            Response::TgExt { version, features } => {
                write!(f, "TGEXT {version}")?;
                for feat in features {
                    write!(f, " {}", one_line(feat.word()))?;
                }
                Ok(())
            }
            Response::Opening { stones, n } => write!(f, "{} {n}", join(stones)),
            Response::Ok => f.write_str("OK"),
            Response::Error(t) => write_text(f, "ERROR", t),
            Response::Unknown(t) => write_text(f, "UNKNOWN", t),
            Response::Message(t) => write_text(f, "MESSAGE", t),
            Response::Debug(t) => write_text(f, "DEBUG", t),
            Response::Suggest(m) => write!(f, "SUGGEST {m}"),
            Response::Forbid(points) => {
                f.write_str("FORBID ")?;
                for p in points {
                    write!(f, "{:02}{:02}", p.x, p.y)?;
                }
                f.write_str(".")
            }
            Response::About(a) => a.fmt(f),
            Response::Realtime(r) => r.fmt(f),
            Response::Search(s) => s.fmt(f),
            Response::Text(t) => f.write_str(one_line(t).trim()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(x: u8, y: u8) -> Move {
        Move::Stone(Pos::new(x, y))
    }

    fn check(line: &str, expected: Response) {
        let r = Response::parse_line(line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        assert_eq!(r, expected, "{line:?}");
        assert_eq!(Response::parse_line(&r.to_string()).unwrap(), r, "{line:?}");
    }

    #[test]
    fn moves_and_tengen_answers() {
        check("7,7", Response::Moves(vec![st(7, 7)]));
        check("7, 7", Response::Moves(vec![st(7, 7)]));
        check("-1,-1", Response::Moves(vec![Move::Pass]));
        check(
            "7,7 8,7 9,9",
            Response::Moves(vec![st(7, 7), st(8, 7), st(9, 9)]),
        );
        check("7,7 DRAW", Response::MoveDraw(st(7, 7)));
        check("draw", Response::Draw);
        check("SWAP", Response::Swap);
        check("NOSWAP", Response::NoSwap);
        check(
            "7,7 7,6 7,5 2",
            Response::Opening {
                stones: [Pos::new(7, 7), Pos::new(7, 6), Pos::new(7, 5)],
                n: 2,
            },
        );
        check(
            "TGEXT 1 opening pass draw",
            Response::TgExt {
                version: 1,
                features: vec![Feature::Opening, Feature::Pass, Feature::Draw],
            },
        );
        check(
            "TGEXT 1 future",
            Response::TgExt {
                version: 1,
                features: vec![Feature::Other("future".into())],
            },
        );
        for bad in [
            "7,7 x",
            "7,7 8,8 DRAW",
            "7,7 8,8 2",
            "-1,-1 7,6 7,5 2",
            "7,7,1",
            "99,1",
        ] {
            assert!(Response::parse_line(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Response::parse_moves("7,7 8,8").unwrap(),
            vec![st(7, 7), st(8, 8)]
        );
        assert!(Response::parse_moves("7,7 DRAW").is_err());
    }

    #[test]
    fn status_and_text_replies() {
        check("OK", Response::Ok);
        check("ok", Response::Ok);
        check(
            "ERROR unsupported size",
            Response::Error("unsupported size".into()),
        );
        check("UNKNOWN", Response::Unknown(String::new()));
        check(
            "MESSAGE hello world",
            Response::Message("hello world".into()),
        );
        check("DEBUG x=1", Response::Debug("x=1".into()));
        check("SUGGEST 3,4", Response::Suggest(st(3, 4)));
        check("Pela brain", Response::Text("Pela brain".into()));
        check(
            r#"name="Tengen", version="1""#,
            Response::About(About::new().with("name", "Tengen").with("version", "1")),
        );
        assert!(Response::parse_line("SUGGEST").is_err());
        assert_eq!(Response::parse_line("  "), Err(ParseError::Empty));
    }

    #[test]
    fn forbid_lines() {
        check("FORBID 0912.", Response::Forbid(vec![Pos::new(9, 12)]));
        check("FORBID .", Response::Forbid(vec![]));
        check(
            "FORBID 09120304.",
            Response::Forbid(vec![Pos::new(9, 12), Pos::new(3, 4)]),
        );
        assert_eq!(Response::Forbid(vec![]).to_string(), "FORBID .");
        for bad in ["FORBID 091.", "FORBID 0912", "FORBID 09a2.", "FORBID 9912."] {
            assert!(Response::parse_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn realtime_and_search_output() {
        check(
            "MESSAGE REALTIME POS 7,7",
            Response::Realtime(Realtime::Pos(Pos::new(7, 7))),
        );
        check(
            "MESSAGE REALTIME DONE 7,7",
            Response::Realtime(Realtime::Done(Pos::new(7, 7))),
        );
        check(
            "MESSAGE REALTIME LOST 1,2",
            Response::Realtime(Realtime::Lost(Pos::new(1, 2))),
        );
        check(
            "MESSAGE REALTIME BEST 1,2",
            Response::Realtime(Realtime::Best(Pos::new(1, 2))),
        );
        check(
            "MESSAGE REALTIME REFRESH",
            Response::Realtime(Realtime::Refresh),
        );
        check(
            "MESSAGE REALTIME nonsense",
            Response::Message("REALTIME nonsense".into()),
        );
        let s = |i| Response::Search(i);
        check("INFO PV 0", s(SearchInfo::Pv(0)));
        check("INFO PV DONE", s(SearchInfo::PvDone));
        check("INFO NUMPV 5", s(SearchInfo::NumPv(5)));
        check("INFO DEPTH 12", s(SearchInfo::Depth(12)));
        check("INFO SELDEPTH 30", s(SearchInfo::SelDepth(30)));
        check("INFO NODES 1000", s(SearchInfo::Nodes(1000)));
        check("INFO TOTALNODES 10000", s(SearchInfo::TotalNodes(10000)));
        check("INFO TOTALTIME 957", s(SearchInfo::TotalTime(957)));
        check("INFO SPEED 1534000", s(SearchInfo::Speed(1534000)));
        check("INFO EVAL -20", s(SearchInfo::Eval(Eval::Value(-20))));
        check("INFO EVAL +M12", s(SearchInfo::Eval(Eval::Mate(12))));
        check("INFO EVAL -M3", s(SearchInfo::Eval(Eval::Mate(-3))));
        check("INFO WINRATE 0.5321", s(SearchInfo::WinRate(0.5321)));
        check(
            "INFO BESTLINE 7,7 8,8",
            s(SearchInfo::BestLine(vec![st(7, 7), st(8, 8)])),
        );
        check(
            "INFO MAX_THREAD_NUM 256",
            Response::Text("INFO MAX_THREAD_NUM 256".into()),
        );
        assert!(Response::parse_line("INFO DEPTH deep").is_err());
        assert!(Response::parse_line("INFO BESTLINE H8 I9").is_err());
    }
}
