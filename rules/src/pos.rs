//! Points of the board and their two spellings: the protocol's `x,y` and the `H8` notation.

use std::fmt;
use std::str::FromStr;

use crate::error::PosError;

/// The largest board side Tengen supports.
pub const MAX_SIZE: u8 = 22;
/// The smallest board side Tengen supports.
pub const MIN_SIZE: u8 = 5;

/// A point of the board in protocol coordinates: `x` is the column (A = 0), `y = 0` is the
/// **top** row. On 15x15, `H8 = (7,7)`, `A1 = (0,14)`, `O15 = (14,0)`.
///
/// A `Pos` does not know the board size; conversions to and from the `H8` notation take the
/// board height, because notation rows count from the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
}

impl Pos {
    /// A point from its protocol coordinates.
    #[inline]
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// Parse the protocol form `x,y` (spaces around the numbers allowed). The result is not
    /// checked against a board size; [`crate::Board::contains`] does that.
    pub fn parse_xy(text: &str) -> Result<Pos, PosError> {
        let t = text.trim();
        let (a, b) = t
            .split_once(',')
            .ok_or_else(|| PosError::Syntax(t.to_string()))?;
        let num = |s: &str| -> Result<u8, PosError> {
            let s = s.trim();
            let v: i64 = s.parse().map_err(|_| PosError::Syntax(t.to_string()))?;
            u8::try_from(v)
                .ok()
                .filter(|&v| v < MAX_SIZE)
                .ok_or_else(|| PosError::OutOfRange(t.to_string()))
        };
        Ok(Pos::new(num(a)?, num(b)?))
    }

    /// The protocol form `x,y`.
    #[must_use]
    pub fn to_xy(self) -> String {
        format!("{},{}", self.x, self.y)
    }

    /// Parse the notation form (`H8`, `h8`, `A15`) for a board `height` rows tall. Columns are
    /// letters `A`.. (the letter `I` is used, as in Renju notation); rows count from 1 at the
    /// bottom.
    pub fn parse_notation(text: &str, height: u8) -> Result<Pos, PosError> {
        let t = text.trim();
        let mut chars = t.chars();
        let col = chars
            .next()
            .filter(char::is_ascii_alphabetic)
            .ok_or_else(|| PosError::Syntax(t.to_string()))?;
        let x = col.to_ascii_uppercase() as u8 - b'A';
        let row: u32 = chars
            .as_str()
            .parse()
            .map_err(|_| PosError::Syntax(t.to_string()))?;
        if x >= MAX_SIZE || row == 0 || row > u32::from(height) {
            return Err(PosError::OutOfRange(t.to_string()));
        }
        Ok(Pos::new(x, height - row as u8))
    }

    /// The notation form (`H8`) for a board `height` rows tall.
    #[must_use]
    pub fn to_notation(self, height: u8) -> String {
        format!(
            "{}{}",
            (b'A' + self.x) as char,
            i32::from(height) - i32::from(self.y)
        )
    }

    /// Parse a compact run of notation points, `h8i9j10` (the `pos` opening-file form).
    pub fn parse_notation_run(text: &str, height: u8) -> Result<Vec<Pos>, PosError> {
        let t = text.trim();
        let bytes = t.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            if !bytes[i].is_ascii_alphabetic() {
                return Err(PosError::Syntax(t.to_string()));
            }
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Pos::parse_notation(&t[start..i], height)?);
        }
        Ok(out)
    }

    /// The point moved by `(dx, dy)`, if it stays within a `width` x `height` board.
    #[inline]
    #[must_use]
    pub fn offset(self, dx: i32, dy: i32, width: u8, height: u8) -> Option<Pos> {
        let x = i32::from(self.x) + dx;
        let y = i32::from(self.y) + dy;
        if x < 0 || y < 0 || x >= i32::from(width) || y >= i32::from(height) {
            None
        } else {
            Some(Pos::new(x as u8, y as u8))
        }
    }
}

impl fmt::Display for Pos {
    /// Displays the protocol form `x,y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Pos {
    type Err = PosError;
    /// Parses the protocol form `x,y`.
    fn from_str(s: &str) -> Result<Pos, PosError> {
        Pos::parse_xy(s)
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Stone(Pos),
    /// The player passes (written `-1,-1` in the protocol).
    Pass,
}

impl Move {
    /// The point, or `None` for a pass.
    #[must_use]
    pub const fn pos(self) -> Option<Pos> {
        match self {
            Move::Stone(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// Parse the protocol form: `x,y` or `-1,-1` for a pass.
    pub fn parse_xy(text: &str) -> Result<Move, PosError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact == "-1,-1" {
            return Ok(Move::Pass);
        }
        Pos::parse_xy(text).map(Move::Stone)
    }
}

impl fmt::Display for Move {
    /// Displays the protocol form: `x,y` or `-1,-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => p.fmt(f),
            Move::Pass => f.write_str("-1,-1"),
        }
    }
}

impl From<Pos> for Move {
    fn from(p: Pos) -> Move {
        Move::Stone(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_and_xy_agree_on_15x15_landmarks() {
        for (n, x, y) in [("H8", 7, 7), ("A1", 0, 14), ("O15", 14, 0), ("A15", 0, 0)] {
            let p = Pos::parse_notation(n, 15).unwrap();
            assert_eq!(p, Pos::new(x, y), "{n}");
            assert_eq!(p.to_notation(15), n);
            assert_eq!(Pos::parse_xy(&p.to_xy()).unwrap(), p);
        }
        assert_eq!(Pos::parse_notation("h8", 15).unwrap(), Pos::new(7, 7));
    }

    #[test]
    fn every_point_round_trips_both_ways_on_every_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            for x in 0..size {
                for y in 0..size {
                    let p = Pos::new(x, y);
                    assert_eq!(Pos::parse_notation(&p.to_notation(size), size).unwrap(), p);
                    assert_eq!(p.to_xy().parse::<Pos>().unwrap(), p);
                }
            }
        }
    }

    #[test]
    fn bad_coordinates_are_typed_errors() {
        assert!(matches!(Pos::parse_xy("7;7"), Err(PosError::Syntax(_))));
        assert!(matches!(Pos::parse_xy("a,7"), Err(PosError::Syntax(_))));
        assert!(matches!(
            Pos::parse_xy("-3,7"),
            Err(PosError::OutOfRange(_))
        ));
        assert!(matches!(
            Pos::parse_xy("300,7"),
            Err(PosError::OutOfRange(_))
        ));
        assert!(matches!(
            Pos::parse_notation("H0", 15),
            Err(PosError::OutOfRange(_))
        ));
        assert!(matches!(
            Pos::parse_notation("H16", 15),
            Err(PosError::OutOfRange(_))
        ));
        assert!(matches!(
            Pos::parse_notation("8H", 15),
            Err(PosError::Syntax(_))
        ));
        assert!(matches!(
            Pos::parse_notation("", 15),
            Err(PosError::Syntax(_))
        ));
        assert!(matches!(
            Pos::parse_notation("é8", 15),
            Err(PosError::Syntax(_))
        ));
    }

    #[test]
    fn notation_runs_and_passes() {
        let run = Pos::parse_notation_run("h8i9j10", 15).unwrap();
        assert_eq!(run, vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 5)]);
        assert_eq!(Move::parse_xy("-1,-1").unwrap(), Move::Pass);
        assert_eq!(Move::parse_xy(" -1, -1").unwrap(), Move::Pass);
        assert_eq!(Move::Pass.to_string(), "-1,-1");
        assert_eq!(Move::parse_xy("3,4").unwrap(), Move::Stone(Pos::new(3, 4)));
        assert!(Pos::parse_notation_run("h8-9", 15).is_err());
    }
}
