//! # tengen-rules
//!
//! The game of Gomoku and Renju as Tengen plays it: points and their notations, the rule
//! variants and their protocol numbers, a board with history, passes and outcome, Renju
//! forbidden points (spec §3, with the recursive three rule), the eight symmetries, the 26
//! designated openings and the fifth-move equivalence test. Pure logic: no I/O, no threads.
//!
//! ```
//! use tengen_rules::{Board, Forbidden, Move, Pos, Rule};
//!
//! // Black has H8 and I8 on row 8 and J9, J10 on column J; white is far away in the corner.
//! let p = |s: &str| Pos::parse_notation(s, 15).unwrap();
//! let mut b = Board::new(15, Rule::Renju);
//! for m in ["H8", "A1", "I8", "A2", "J9", "A3", "J10", "A4"] {
//!     b.play(Move::Stone(p(m))).unwrap();
//! }
//! // J8 makes two open threes (row 8 and column J) for black: forbidden.
//! assert_eq!(b.forbidden(p("J8")), Some(Forbidden::DoubleThree));
//! assert!(!b.is_legal(p("J8")));
//! assert!(b.is_legal(p("G8")));
//! ```

mod board;
mod color;
mod equivalence;
mod error;
mod forbid;
mod opening;
mod outcome;
mod pos;
mod rule;
mod symmetry;

pub use board::{zobrist, Board, DIRECTIONS};
pub use color::Color;
pub use equivalence::{check_fifth_offers, equivalent_fifth, Equivalence, OfferError};
pub use error::{BoardError, MoveError, PosError, RuleError, SetupError};
pub use forbid::Forbidden;
pub use opening::{identify_opening, Opening, OpeningKind, OPENINGS};
pub use outcome::{DrawReason, Outcome};
pub use pos::{Move, Pos, MAX_SIZE, MIN_SIZE};
pub use rule::{bits, Rule};
pub use symmetry::Symmetry;
