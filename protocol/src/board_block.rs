//! The lines inside block commands: `x,y,f` stones (`BOARD`, `YXBOARD`, `SWAP2BOARD`, `TGSWAP`,
//! `TGOFFER`, `TGCHOOSE`) and bare `x,y` points (`YXBLOCK`).

use std::fmt;

use tengen_rules::{Move, Pos};

use crate::error::ParseError;

/// The third field of a `x,y,f` board line: whose stone it is, from the receiving brain's
/// point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// `1`: the brain's own stone (the side to move after the block).
    Own,
    /// `2`: the opponent's stone.
    Opponent,
    /// `3`: a winning-line or forbidden mark (continuous game only).
    Mark,
}

impl Field {
    /// The wire number, 1 to 3.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Field::Own => 1,
            Field::Opponent => 2,
            Field::Mark => 3,
        }
    }

    /// The field for a wire number, if it is 1, 2 or 3.
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Field> {
        match n {
            1 => Some(Field::Own),
            2 => Some(Field::Opponent),
            3 => Some(Field::Mark),
            _ => None,
        }
    }
}

/// One `x,y,f` line of a board block: a stone (or a pass, `-1,-1,f`) and its [`Field`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardStone {
    /// The point, or [`Move::Pass`] for a `-1,-1,f` line.
    pub mv: Move,
    /// Whose stone.
    pub field: Field,
}

impl BoardStone {
    /// A stone line.
    #[must_use]
    pub const fn new(mv: Move, field: Field) -> BoardStone {
        BoardStone { mv, field }
    }

    /// Reads `x,y,f` (spaces around the numbers allowed; `-1,-1,f` is a pass). `command` names
    /// the block in the error.
    pub fn parse(line: &str, command: &str) -> Result<BoardStone, ParseError> {
        const EXPECTED: &str = "a stone line x,y,f with f in 1..=3, or -1,-1,f for a pass";
        let t = line.trim();
        let (xy, f) = t
            .rsplit_once(',')
            .ok_or_else(|| ParseError::bad_line(command, t, EXPECTED))?;
        // "7,7" alone has one comma: its rsplit leaves no comma in `xy`.
        if !xy.contains(',') {
            return Err(ParseError::bad_line(command, t, EXPECTED));
        }
        let mv = Move::parse_xy(xy).map_err(|_| ParseError::bad_line(command, t, EXPECTED))?;
        let field = f
            .trim()
            .parse::<u8>()
            .ok()
            .and_then(Field::from_number)
            .ok_or_else(|| ParseError::bad_line(command, t, EXPECTED))?;
        Ok(BoardStone { mv, field })
    }
}

impl fmt::Display for BoardStone {
    /// Writes `x,y,f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.mv, self.field.number())
    }
}

/// Reads one `x,y` point line of a `YXBLOCK` block.
pub(crate) fn parse_point_line(line: &str, command: &str) -> Result<Pos, ParseError> {
    let t = line.trim();
    Pos::parse_xy(t).map_err(|_| ParseError::bad_line(command, t, "a point x,y"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stone_lines_parse_and_print() {
        let s = BoardStone::parse("7,8,1", "BOARD").unwrap();
        assert_eq!(s, BoardStone::new(Move::Stone(Pos::new(7, 8)), Field::Own));
        assert_eq!(s.to_string(), "7,8,1");
        let p = BoardStone::parse(" -1, -1, 2 ", "BOARD").unwrap();
        assert_eq!(p, BoardStone::new(Move::Pass, Field::Opponent));
        assert_eq!(p.to_string(), "-1,-1,2");
        assert_eq!(
            BoardStone::parse("0,0,3", "BOARD").unwrap().field,
            Field::Mark
        );
    }

    #[test]
    fn bad_stone_lines_are_typed_errors() {
        for bad in [
            "7,7", "7,7,0", "7,7,4", "7,x,1", "", "7", "7,7,1,1", "99,1,1", "-1,3,1",
        ] {
            let e = BoardStone::parse(bad, "board").unwrap_err();
            assert!(
                matches!(&e, ParseError::BadBlockLine { command, .. } if command == "BOARD"),
                "{bad}: {e:?}"
            );
        }
    }

    #[test]
    fn point_lines() {
        assert_eq!(parse_point_line("3,4", "YXBLOCK").unwrap(), Pos::new(3, 4));
        assert!(parse_point_line("3,4,1", "YXBLOCK").is_err());
        assert!(parse_point_line("-1,-1", "YXBLOCK").is_err());
    }
}
