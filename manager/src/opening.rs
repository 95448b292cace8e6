//! Opening books: the opening files of the field, the 26 designated Renju openings built in,
//! and the schedule that says which opening (in which orientation, with which colours) game
//! number `g` starts from.
//!
//! # File formats (auto-detected per line)
//!
//! - `offset` (Piskvork / c-gomoku-cli): `x,y, x,y, …`: offsets from the board centre
//!   `(size/2, size/2)` in protocol axes (x to the right, **y downwards**), black first, colours
//!   alternating. Example: `0,0, 1,0, 1,3`.
//! - `pos`: points in the `H8` notation run together or separated by spaces or commas:
//!   `h8i9j10`, `H8 I9 J10`. Rows count from the bottom, as in the notation; the points are
//!   converted to offsets from the centre of the board the file is read for.
//!
//! A line whose first non-blank character is a letter is `pos`, a digit or sign `offset`.
//! `#` starts a comment; blank and comment-only lines are skipped; a comment after an
//! opening becomes its name. Every stone must be on the board and distinct; errors name the
//! line and column and what was expected.
//!
//! # Schedule
//!
//! [`OpeningSchedule`] maps a game index to an opening: with pairing (the default in the
//! field), games `2k` and `2k+1` use the same opening in the same orientation with colours
//! swapped. Openings come in file order or in a seeded random order (`rand 0.8`
//! `StdRng::seed_from_u64`), cycling when the book is used up (each cycle reshuffled with its
//! own seed). An optional seed picks one of the eight symmetries about the centre per pair.
//! Everything is a pure function of the settings and the game index, so a resumed run
//! schedules the same games.

use std::fmt;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tengen_rules::{Move, Pos, Symmetry, MAX_SIZE, MIN_SIZE, OPENINGS};
use thiserror::Error;

/// A problem with an opening file or with placing an opening on a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpeningError {
    /// The text does not follow either format.
    #[error("opening line {line}, column {column}: expected {expected}, found {found:?}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based character column.
        column: usize,
        /// What the format wanted there.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// A stone is outside the board.
    #[error(
        "opening line {line}, column {column}: stone {stone} is outside the {size}x{size} board"
    )]
    OffBoard {
        /// 1-based line (0 for a built-in opening).
        line: usize,
        /// 1-based column (0 for a built-in opening).
        column: usize,
        /// The stone as written.
        stone: String,
        /// The board size.
        size: u8,
    },
    /// Two stones on one point.
    #[error(
        "opening line {line}, column {column}: stone {stone} repeats the point of an earlier stone"
    )]
    Duplicate {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The stone as written.
        stone: String,
    },
    /// An opening (read for another board size) does not fit this board.
    #[error("opening {name:?} does not fit a {size}x{size} board (stone {stone} falls off)")]
    DoesNotFit {
        /// The opening's name.
        name: String,
        /// The offset that falls off, `dx,dy`.
        stone: String,
        /// The board size.
        size: u8,
    },
    /// The board size is not supported.
    #[error("unsupported board size {0} (sides from {MIN_SIZE} to {MAX_SIZE})")]
    BoardSize(u8),
    /// The file holds no opening.
    #[error("the opening file holds no opening")]
    Empty,
    /// A scheduled index beyond the book (a schedule built for another book).
    #[error("opening {index} does not exist (the book has {len})")]
    NoSuchOpening {
        /// The index asked for.
        index: usize,
        /// The book's length.
        len: usize,
    },
}

/// One opening: stones as offsets from the board centre, black first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// `(dx, dy)` from `(size/2, size/2)`, protocol axes (y down), in move order.
    pub offsets: Vec<(i32, i32)>,
    /// The comment after the opening, a built-in name (`4D Kagetsu`), or `line N`.
    pub name: String,
    /// The 1-based line of the file it came from (`None` for built-ins).
    pub line: Option<usize>,
}

impl Opening {
    /// The stones on a `size` x `size` board in orientation `sym` (a symmetry about the board
    /// centre). Errors if a stone falls off this board.
    pub fn stones(&self, size: u8, sym: Symmetry) -> Result<Vec<Pos>, OpeningError> {
        check_size(size)?;
        let c = i32::from(size / 2);
        self.offsets
            .iter()
            .map(|&(dx, dy)| {
                let (x, y) = (c + dx, c + dy);
                if (0..i32::from(size)).contains(&x) && (0..i32::from(size)).contains(&y) {
                    Ok(sym.apply(Pos::new(x as u8, y as u8), size))
                } else {
                    Err(OpeningError::DoesNotFit {
                        name: self.name.clone(),
                        stone: format!("{dx},{dy}"),
                        size,
                    })
                }
            })
            .collect()
    }

    /// The opening's moves on a `size` x `size` board, as written (no symmetry).
    pub fn moves(&self, size: u8) -> Result<Vec<Move>, OpeningError> {
        self.moves_with(size, Symmetry::Identity)
    }

    /// The opening's moves on a `size` x `size` board in orientation `sym`.
    pub fn moves_with(&self, size: u8, sym: Symmetry) -> Result<Vec<Move>, OpeningError> {
        Ok(self
            .stones(size, sym)?
            .into_iter()
            .map(Move::Stone)
            .collect())
    }

    /// Number of stones.
    #[must_use]
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Whether the opening has no stones (never true for parsed openings).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }
}

impl fmt::Display for Opening {
    /// The `offset` form, e.g. `0,0, 1,0, 1,3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .offsets
            .iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect();
        f.write_str(&parts.join(", "))
    }
}

fn check_size(size: u8) -> Result<(), OpeningError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(OpeningError::BoardSize(size))
    }
}

/// A list of openings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningBook {
    openings: Vec<Opening>,
}

impl OpeningBook {
    /// Read an opening file (either format, mixed freely) for a `board_size` board.
    pub fn parse(text: &str, board_size: u8) -> Result<OpeningBook, OpeningError> {
        check_size(board_size)?;
        let mut openings = Vec::new();
        // A byte-order mark (files saved by Windows editors) is not part of the first line.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let (body, comment) = match raw.split_once('#') {
                Some((b, c)) => (b, Some(c.trim())),
                None => (raw, None),
            };
            if body.trim().is_empty() {
                continue;
            }
            let stones = parse_line(body, line, board_size)?;
            let name = comment
                .filter(|c| !c.is_empty())
                .map_or_else(|| format!("line {line}"), str::to_string);
            openings.push(Opening {
                offsets: stones,
                name,
                line: Some(line),
            });
        }
        OpeningBook::from_openings(openings)
    }

    /// The 26 designated openings (black 1 on the centre, canonical orientation), in RIF
    /// order `1D`..`13D`, `1I`..`13I`, named like `4D Kagetsu`.
    #[must_use]
    pub fn renju26() -> OpeningBook {
        let openings = OPENINGS
            .iter()
            .map(|o| Opening {
                offsets: vec![(0, 0), o.second(), o.third],
                name: format!("{} {}", o.id, o.name),
                line: None,
            })
            .collect();
        OpeningBook { openings }
    }

    /// A book from openings built elsewhere; errors if there are none.
    pub fn from_openings(openings: Vec<Opening>) -> Result<OpeningBook, OpeningError> {
        if openings.is_empty() {
            return Err(OpeningError::Empty);
        }
        Ok(OpeningBook { openings })
    }

    /// Number of openings.
    #[must_use]
    pub fn len(&self) -> usize {
        self.openings.len()
    }

    /// Always false for a constructed book (kept for clippy's `len_without_is_empty`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.openings.is_empty()
    }

    /// Opening number `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&Opening> {
        self.openings.get(i)
    }

    /// All openings in file order.
    #[must_use]
    pub fn openings(&self) -> &[Opening] {
        &self.openings
    }

    /// The moves for a scheduled game.
    pub fn moves_for(&self, game: &ScheduledOpening, size: u8) -> Result<Vec<Move>, OpeningError> {
        match self.openings.get(game.opening) {
            Some(o) => o.moves_with(size, game.symmetry),
            None => Err(OpeningError::NoSuchOpening {
                index: game.opening,
                len: self.openings.len(),
            }),
        }
    }
}

/// Parse one opening line (comment already removed) into offsets from the centre.
fn parse_line(body: &str, line: usize, size: u8) -> Result<Vec<(i32, i32)>, OpeningError> {
    let first = body.trim_start().chars().next().unwrap_or(' ');
    let stones = if first.is_ascii_alphabetic() {
        parse_pos_line(body, line, size)?
    } else if first.is_ascii_digit() || first == '-' || first == '+' {
        parse_offset_line(body, line)?
    } else {
        return Err(syntax(
            body,
            body.len() - body.trim_start().len(),
            line,
            "an opening: 'x,y, x,y, ...' offsets from the centre or points like 'h8i9j10'",
        ));
    };
    // Check board and duplicates, with the column of each stone.
    let c = i32::from(size / 2);
    let mut seen: Vec<(i32, i32)> = Vec::new();
    for (off, col, text) in &stones {
        let (x, y) = (c + off.0, c + off.1);
        if !(0..i32::from(size)).contains(&x) || !(0..i32::from(size)).contains(&y) {
            return Err(OpeningError::OffBoard {
                line,
                column: *col,
                stone: text.clone(),
                size,
            });
        }
        if seen.contains(off) {
            return Err(OpeningError::Duplicate {
                line,
                column: *col,
                stone: text.clone(),
            });
        }
        seen.push(*off);
    }
    Ok(seen)
}

fn syntax(body: &str, byte: usize, line: usize, expected: &'static str) -> OpeningError {
    let found: String = body[byte..].trim().chars().take(16).collect();
    OpeningError::Syntax {
        line,
        column: body[..byte].chars().count() + 1,
        expected,
        found,
    }
}

/// A stone as parsed: offset, 1-based column, text as written.
type Parsed = ((i32, i32), usize, String);

/// `x,y, x,y, …`
fn parse_offset_line(body: &str, line: usize) -> Result<Vec<Parsed>, OpeningError> {
    // Collect the numbers with their byte positions.
    let mut numbers: Vec<(i32, usize, &str)> = Vec::new();
    let mut pos = 0;
    // One trailing comma is tolerated (`0,0, 1,0,`), as some generated files have it.
    let body_used = body.trim_end().strip_suffix(',').unwrap_or(body);
    for piece in body_used.split(',') {
        let lead = piece.len() - piece.trim_start().len();
        let t = piece.trim();
        let at = pos + lead;
        let ok = !t.is_empty()
            && t.strip_prefix(['-', '+'])
                .unwrap_or(t)
                .bytes()
                .all(|b| b.is_ascii_digit())
            && t.len() <= 4;
        match t.parse::<i32>() {
            Ok(v) if ok => numbers.push((v, at, t)),
            _ => {
                let expected = if t.is_empty() {
                    "a number between commas"
                } else {
                    "an integer offset such as -3 or 2"
                };
                return Err(syntax(body, at.min(body.len()), line, expected));
            }
        }
        pos += piece.len() + 1;
    }
    if !numbers.len().is_multiple_of(2) {
        return Err(syntax(
            body,
            body.trim_end().len(),
            line,
            "a y offset completing the last 'x,y' pair",
        ));
    }
    Ok(numbers
        .chunks(2)
        .map(|pair| {
            let column = body[..pair[0].1].chars().count() + 1;
            (
                (pair[0].0, pair[1].0),
                column,
                format!("{},{}", pair[0].2, pair[1].2),
            )
        })
        .collect())
}

/// `h8i9j10`, `H8 I9 J10`, `h8,i9,j10`
fn parse_pos_line(body: &str, line: usize, size: u8) -> Result<Vec<Parsed>, OpeningError> {
    let bytes = body.as_bytes();
    let c = i32::from(size / 2);
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() || bytes[i] == b',' {
            i += 1;
            continue;
        }
        let start = i;
        if !bytes[i].is_ascii_alphabetic() {
            return Err(syntax(body, i, line, "a column letter such as h"));
        }
        i += 1;
        let digits = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits || i - digits > 2 {
            return Err(syntax(
                body,
                digits,
                line,
                "a row number after the column letter",
            ));
        }
        let text = &body[start..i];
        let column = body[..start].chars().count() + 1;
        let col = i32::from(bytes[start].to_ascii_lowercase() - b'a');
        let row: i32 = text[1..].parse().unwrap_or(0);
        // Notation rows count from 1 at the bottom; protocol y counts from 0 at the top.
        let (x, y) = (col, i32::from(size) - row);
        if col >= i32::from(size) || row < 1 || row > i32::from(size) {
            return Err(OpeningError::OffBoard {
                line,
                column,
                stone: text.to_string(),
                size,
            });
        }
        out.push(((x - c, y - c), column, text.to_string()));
    }
    Ok(out)
}

/// In which order the book is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningOrder {
    /// File order.
    Sequential,
    /// A random order from this seed (reshuffled every time the book is used up).
    Random(u64),
}

/// Which opening a game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduledOpening {
    /// Index into the book.
    pub opening: usize,
    /// Whether the colours are swapped: the second game of a pair (the engine that had black
    /// in the first game has white).
    pub swapped: bool,
    /// Orientation of the opening on the board.
    pub symmetry: Symmetry,
    /// The pair number (equal for both games of a pair; the game index without pairing).
    pub pair: u64,
}

/// Game index → opening, colours and orientation.
#[derive(Debug, Clone)]
pub struct OpeningSchedule {
    len: usize,
    order: OpeningOrder,
    symmetry_seed: Option<u64>,
    paired: bool,
    first_cycle: Vec<usize>,
}

impl OpeningSchedule {
    /// A schedule over a book of `book_len` openings (at least 1). `symmetry_seed`: `None`
    /// keeps every opening as written; `Some(seed)` picks a symmetry per pair. `paired`: each
    /// opening is played twice with colours swapped.
    #[must_use]
    pub fn new(
        book_len: usize,
        order: OpeningOrder,
        symmetry_seed: Option<u64>,
        paired: bool,
    ) -> OpeningSchedule {
        let len = book_len.max(1);
        let mut s = OpeningSchedule {
            len,
            order,
            symmetry_seed,
            paired,
            first_cycle: Vec::new(),
        };
        s.first_cycle = s.cycle(0);
        s
    }

    /// The permutation used in cycle `c` through the book.
    fn cycle(&self, c: u64) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.len).collect();
        if let OpeningOrder::Random(seed) = self.order {
            let mut rng = StdRng::seed_from_u64(mix(seed, c));
            v.shuffle(&mut rng);
        }
        v
    }

    /// The opening for game `game_index` (0-based).
    #[must_use]
    pub fn game(&self, game_index: u64) -> ScheduledOpening {
        let (pair, swapped) = if self.paired {
            (game_index / 2, game_index % 2 == 1)
        } else {
            (game_index, false)
        };
        let len = self.len as u64;
        let (cycle, slot) = (pair / len, (pair % len) as usize);
        let opening = if cycle == 0 {
            self.first_cycle[slot]
        } else {
            self.cycle(cycle)[slot]
        };
        let symmetry = match self.symmetry_seed {
            None => Symmetry::Identity,
            Some(seed) => {
                let mut rng = StdRng::seed_from_u64(mix(seed ^ 0x5EED_5A11_D00D_F00D, pair));
                Symmetry::ALL[rng.gen_range(0..8)]
            }
        };
        ScheduledOpening {
            opening,
            swapped,
            symmetry,
            pair,
        }
    }
}

/// A seed for item `n` of a seeded sequence (splitmix64-style mixing, so neighbouring `n`
/// give unrelated streams).
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::{identify_opening, Board, Rule};

    const FREESTYLE: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/freestyle-openings.txt"
    ));

    fn err(text: &str, size: u8) -> OpeningError {
        OpeningBook::parse(text, size).expect_err(text)
    }

    #[test]
    fn the_shared_freestyle_file_reads_on_20x20() {
        let book = OpeningBook::parse(FREESTYLE, 20).unwrap();
        let data_lines = FREESTYLE
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .count();
        assert_eq!(book.len(), data_lines);
        let first = book.get(0).unwrap();
        assert_eq!(first.offsets, vec![(0, 0), (1, 0), (1, 3)]);
        assert_eq!(first.name, "line 4");
        assert_eq!(
            first.moves(20).unwrap(),
            vec![
                Move::Stone(Pos::new(10, 10)),
                Move::Stone(Pos::new(11, 10)),
                Move::Stone(Pos::new(11, 13))
            ]
        );
        // Every opening lays legally on a board (distinct points) in every orientation.
        for o in book.openings() {
            for sym in Symmetry::ALL {
                let moves = o.moves_with(20, sym).unwrap();
                let b = Board::from_moves(20, 20, Rule::Freestyle, &moves).unwrap();
                assert_eq!(b.stone_count(), o.len());
            }
        }
    }

    #[test]
    fn the_shared_file_has_openings_that_do_not_fit_15x15() {
        // The last line reaches x = -8, which is off a 15x15 board (centre 7).
        match err(FREESTYLE, 15) {
            OpeningError::OffBoard {
                line,
                column,
                stone,
                size,
            } => {
                assert_eq!((line, column, stone.as_str(), size), (44, 1, "-8,-6", 15));
            }
            e => panic!("{e}"),
        }
        let fits: String = FREESTYLE.lines().take(43).collect::<Vec<_>>().join("\n");
        assert_eq!(OpeningBook::parse(&fits, 15).unwrap().len(), 40);
    }

    #[test]
    fn pos_format_and_mixed_files() {
        let book =
            OpeningBook::parse("h8i9j10  # kansei-ish\nH8 I9, J10\n0,0, 1,-1, 2,-2\n", 15).unwrap();
        assert_eq!(book.len(), 3);
        assert_eq!(book.get(0).unwrap().name, "kansei-ish");
        assert_eq!(book.get(0).unwrap().offsets, vec![(0, 0), (1, -1), (2, -2)]);
        assert_eq!(book.get(1).unwrap().offsets, book.get(0).unwrap().offsets);
        assert_eq!(book.get(2).unwrap().offsets, book.get(0).unwrap().offsets);
        let moves = book.get(0).unwrap().moves(15).unwrap();
        let p = |s: &str| Move::Stone(Pos::parse_notation(s, 15).unwrap());
        assert_eq!(moves, vec![p("H8"), p("I9"), p("J10")]);
    }

    #[test]
    fn tolerated_variations() {
        let book = OpeningBook::parse("\u{feff}0,0, 1,0,\r\n  -1,+1 ,2,2  # two\r\n", 15).unwrap();
        assert_eq!(book.get(0).unwrap().offsets, vec![(0, 0), (1, 0)]);
        assert_eq!(book.get(1).unwrap().offsets, vec![(-1, 1), (2, 2)]);
        assert_eq!(book.get(1).unwrap().name, "two");
        assert_eq!(book.get(1).unwrap().to_string(), "-1,1, 2,2");
        // An opening read for 20x20 may not fit 15x15 when it is placed.
        let big = OpeningBook::parse("0,0, 9,9", 20).unwrap();
        assert_eq!(
            big.get(0).unwrap().moves(15),
            Err(OpeningError::DoesNotFit {
                name: "line 1".into(),
                stone: "9,9".into(),
                size: 15
            })
        );
        assert_eq!(
            big.get(0).unwrap().moves(8),
            Err(OpeningError::DoesNotFit {
                name: "line 1".into(),
                stone: "9,9".into(),
                size: 8
            })
        );
        assert_eq!(
            big.get(0).unwrap().moves(4),
            Err(OpeningError::BoardSize(4))
        );
        let other = OpeningSchedule::new(5, OpeningOrder::Sequential, None, true);
        assert_eq!(
            big.moves_for(&other.game(9), 20),
            Err(OpeningError::NoSuchOpening { index: 4, len: 1 })
        );
    }

    #[test]
    fn corrupt_lines_name_line_column_and_expectation() {
        let cases: &[(&str, usize, usize, &str)] = &[
            ("0,0, 1,0, 1", 1, 12, "a y offset"),
            ("0,0, 1,x", 1, 8, "an integer offset"),
            ("0,0,, 1,0", 1, 5, "a number between commas"),
            ("# c\n\n0,0, 1,0\n  *", 4, 3, "an opening"),
            ("h8i9j", 1, 6, "a row number"),
            ("h8 9j", 1, 4, "a column letter"),
            ("h8i999", 1, 4, "a row number"),
            ("0,0, 99999,0", 1, 6, "an integer offset"),
        ];
        for (text, line, column, expected) in cases {
            match err(text, 15) {
                OpeningError::Syntax {
                    line: l,
                    column: c,
                    expected: e,
                    ..
                } => {
                    assert_eq!((l, c), (*line, *column), "{text:?}");
                    assert!(e.contains(expected), "{text:?}: {e}");
                }
                e => panic!("{text:?}: {e}"),
            }
        }
        assert_eq!(
            err("0,0, 8,0", 15),
            OpeningError::OffBoard {
                line: 1,
                column: 6,
                stone: "8,0".into(),
                size: 15
            }
        );
        assert_eq!(
            err("h8 p8", 15),
            OpeningError::OffBoard {
                line: 1,
                column: 4,
                stone: "p8".into(),
                size: 15
            }
        );
        assert_eq!(
            err("h8 h16", 15),
            OpeningError::OffBoard {
                line: 1,
                column: 4,
                stone: "h16".into(),
                size: 15
            }
        );
        assert_eq!(
            err("0,0, 1,1, 0,0", 15),
            OpeningError::Duplicate {
                line: 1,
                column: 11,
                stone: "0,0".into()
            }
        );
        assert_eq!(err("# nothing\n\n", 15), OpeningError::Empty);
        assert_eq!(err("0,0", 40), OpeningError::BoardSize(40));
        let msg = err("0,0, 1,x", 15).to_string();
        assert!(msg.contains("line 1, column 8"), "{msg}");
    }

    #[test]
    fn renju26_book_is_the_designated_openings() {
        let book = OpeningBook::renju26();
        assert_eq!(book.len(), 26);
        assert_eq!(book.get(3).unwrap().name, "4D Kagetsu");
        for (i, o) in book.openings().iter().enumerate() {
            for sym in Symmetry::ALL {
                let s = o.stones(15, sym).unwrap();
                let (found, _) = identify_opening([s[0], s[1], s[2]]).expect("designated");
                assert_eq!(found.id, OPENINGS[i].id);
                assert_eq!(s[0], Pos::new(7, 7));
            }
        }
        let p = |s: &str| Move::Stone(Pos::parse_notation(s, 15).unwrap());
        assert_eq!(
            book.get(0).unwrap().moves(15).unwrap(),
            vec![p("H8"), p("H9"), p("H10")]
        );
        assert_eq!(
            book.get(25).unwrap().moves(15).unwrap(),
            vec![p("H8"), p("I9"), p("F6")]
        );
    }

    #[test]
    fn sequential_paired_schedule() {
        let s = OpeningSchedule::new(3, OpeningOrder::Sequential, None, true);
        let got: Vec<(usize, bool)> = (0..8)
            .map(|g| (s.game(g).opening, s.game(g).swapped))
            .collect();
        assert_eq!(
            got,
            vec![
                (0, false),
                (0, true),
                (1, false),
                (1, true),
                (2, false),
                (2, true),
                (0, false),
                (0, true)
            ]
        );
        assert!((0..8).all(|g| s.game(g).symmetry == Symmetry::Identity));
        assert_eq!(s.game(5).pair, 2);
        let unpaired = OpeningSchedule::new(3, OpeningOrder::Sequential, None, false);
        assert_eq!(unpaired.game(4).opening, 1);
        assert!(!unpaired.game(4).swapped);
    }

    #[test]
    fn random_schedule_is_a_seeded_permutation_per_cycle() {
        let n = 40;
        let a = OpeningSchedule::new(n, OpeningOrder::Random(7), Some(11), true);
        let b = OpeningSchedule::new(n, OpeningOrder::Random(7), Some(11), true);
        let c = OpeningSchedule::new(n, OpeningOrder::Random(8), Some(11), true);
        let pairs = |s: &OpeningSchedule, cycle: u64| -> Vec<usize> {
            (0..n as u64)
                .map(|k| s.game(2 * (k + cycle * n as u64)).opening)
                .collect()
        };
        let first = pairs(&a, 0);
        let mut sorted = first.clone();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            (0..n).collect::<Vec<_>>(),
            "each opening once per cycle"
        );
        assert_ne!(first, (0..n).collect::<Vec<_>>(), "shuffled");
        assert_eq!(first, pairs(&b, 0), "same seed, same order");
        assert_ne!(first, pairs(&c, 0), "other seed, other order");
        assert_ne!(first, pairs(&a, 1), "the next cycle is reshuffled");
        // Both games of a pair share opening and orientation; orientations vary across pairs.
        let mut syms = std::collections::HashSet::new();
        for g in (0..200).step_by(2) {
            let (x, y) = (a.game(g), a.game(g + 1));
            assert_eq!(
                (x.opening, x.symmetry, x.pair),
                (y.opening, y.symmetry, y.pair)
            );
            assert!(!x.swapped && y.swapped);
            syms.insert(format!("{:?}", x.symmetry));
        }
        assert_eq!(syms.len(), 8);
    }

    #[test]
    fn scheduled_symmetry_keeps_the_shape() {
        let book = OpeningBook::renju26();
        let s = OpeningSchedule::new(book.len(), OpeningOrder::Sequential, Some(3), true);
        for g in 0..52 {
            let sg = s.game(g);
            let moves = book.moves_for(&sg, 15).unwrap();
            let pts: Vec<Pos> = moves.iter().filter_map(|m| m.pos()).collect();
            let (found, _) = identify_opening([pts[0], pts[1], pts[2]]).unwrap();
            assert_eq!(found.id, OPENINGS[sg.opening].id);
        }
    }
}
