//! How a game ends on the board.

use std::fmt;

use crate::{Color, Pos};

/// A decided game, as the board sees it (time losses, forbidden-move losses and illegal
/// moves are the referee's business, not the board's).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` made a winning five; `line` holds its points in line order.
    Win {
        /// Who won.
        winner: Color,
        /// The points of the winning run.
        line: Vec<Pos>,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a game was drawn on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Every point is taken.
    BoardFull,
    /// Both players passed, one after the other.
    TwoPasses,
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, .. } => write!(f, "{winner} wins by five"),
            Outcome::Draw(DrawReason::BoardFull) => f.write_str("draw: board full"),
            Outcome::Draw(DrawReason::TwoPasses) => f.write_str("draw: both players passed"),
        }
    }
}
