//! Typed errors of the rules crate. Each one carries the input it rejects.

use thiserror::Error;

use crate::{Color, Pos};

/// A point that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PosError {
    /// The text is not of the form `x,y` / `H8`.
    #[error("bad point syntax {0:?} (expected x,y or a letter and a row number like H8)")]
    Syntax(String),
    /// The numbers are outside every supported board.
    #[error("point {0:?} is outside the board")]
    OutOfRange(String),
}

/// A rule that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// An `INFO rule` value with bits Tengen does not know.
    #[error(
        "unsupported INFO rule value {0} (known: 0, 1, 2, 4, 8, 9 and their continuous forms)"
    )]
    UnknownInfo(u32),
    /// A rule name that is not one of ours.
    #[error("unknown rule {0:?} (expected freestyle, standard, renju, caro or caro-exact)")]
    UnknownName(String),
}

/// A move the board refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The point is off the board.
    #[error("{0} is off the {1}x{2} board")]
    OffBoard(Pos, u8, u8),
    /// The point already holds a stone.
    #[error("{0} is occupied")]
    Occupied(Pos),
    /// The game is already over.
    #[error("the game is already over")]
    GameOver,
    /// Nothing to undo.
    #[error("no move to undo")]
    NothingToUndo,
}

/// A board that could not be created.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Width or height outside 5..=22.
    #[error("unsupported board size {0}x{1} (sides from 5 to 22)")]
    Size(u8, u8),
}

/// A stone list that cannot be laid on a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A stone is off the board or on an occupied point.
    #[error("cannot place {color} stone {index} at {pos}: {source}")]
    Stone {
        /// Which stone (0-based).
        index: usize,
        /// Its point.
        pos: Pos,
        /// Its colour.
        color: Color,
        /// Why.
        source: MoveError,
    },
}
