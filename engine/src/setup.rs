//! Position setup from the stone lists of `BOARD`-style blocks.
//!
//! The lines come in move order: the first stone is black and colours alternate; two
//! consecutive stones of one side mean the other side passed in between, and `-1,-1,f` is an
//! explicit pass. Field 1 is the brain's own stone, 2 the opponent's; the brain is the side to
//! move after the block, so when the last line is the brain's own, the opponent passed last.
//!
//! Outside Renju a manager may list stones in any order (Piskvork's description allows it).
//! When such a list does not alternate, contains no explicit pass, passes are not in use and
//! the stone counts fit a game without passes, the colours are taken from the counts instead.

use tengen_protocol::{BoardStone, Field};
use tengen_rules::{Board, Move, Pos, Rule};

/// A position read from a block, with the problems met on the way (bad stones are replaced
/// by passes so that the colours of the others stay right).
#[derive(Debug, Clone)]
pub struct Setup {
    /// The position, the brain to move.
    pub board: Board,
    /// Human-readable problems (reported with `MESSAGE`).
    pub problems: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Own,
    Opponent,
}

impl Owner {
    fn other(self) -> Owner {
        match self {
            Owner::Own => Owner::Opponent,
            Owner::Opponent => Owner::Own,
        }
    }
}

/// Build the position of a `BOARD`/`YXBOARD` block. `passes_in_use` says whether the game
/// may contain passes (then consecutive stones of one side are always read as passes).
#[must_use]
pub fn from_block(
    width: u8,
    height: u8,
    rule: Rule,
    stones: &[BoardStone],
    passes_in_use: bool,
) -> Setup {
    let mut seq: Vec<(Owner, Move)> = Vec::with_capacity(stones.len() + 4);
    let mut inserted = 0usize;
    let explicit_pass = stones.iter().any(|s| s.mv == Move::Pass);
    for s in stones {
        let prev = seq.last().map(|&(o, _)| o);
        let owner = match s.field {
            Field::Own => Owner::Own,
            Field::Opponent => Owner::Opponent,
            // A mark (continuous game) does not say whose it is: keep the alternation.
            Field::Mark => prev.map_or(Owner::Opponent, Owner::other),
        };
        if prev == Some(owner) {
            seq.push((owner.other(), Move::Pass));
            inserted += 1;
        }
        seq.push((owner, s.mv));
    }
    if seq.last().is_some_and(|&(o, _)| o == Owner::Own) {
        seq.push((Owner::Opponent, Move::Pass));
        inserted += 1;
    }

    let own = stones
        .iter()
        .filter(|s| s.field == Field::Own && s.mv != Move::Pass)
        .count();
    let opp = stones
        .iter()
        .filter(|s| s.field != Field::Own && s.mv != Move::Pass)
        .count();
    let any_order = inserted > 0
        && !explicit_pass
        && !passes_in_use
        && rule != Rule::Renju
        && (own == opp || own + 1 == opp);
    let moves: Vec<Move> = if any_order {
        // Own is black when the counts are equal (black to move), white otherwise.
        let own_black = own == opp;
        let (black, white): (Vec<Move>, Vec<Move>) = {
            let pick = |mine: bool| -> Vec<Move> {
                stones
                    .iter()
                    .filter(|s| (s.field == Field::Own) == mine && s.mv != Move::Pass)
                    .map(|s| s.mv)
                    .collect()
            };
            (pick(own_black), pick(!own_black))
        };
        let mut out = Vec::with_capacity(black.len() + white.len());
        for i in 0..black.len().max(white.len()) {
            out.extend(black.get(i));
            out.extend(white.get(i));
        }
        out
    } else {
        seq.into_iter().map(|(_, m)| m).collect()
    };
    place(width, height, rule, &moves)
}

/// Build the position of an opening block (`SWAP2BOARD`, `TGSWAP`, `TGOFFER`, `TGCHOOSE`):
/// stones in move order, black first, colours strictly alternating (the fields are not needed).
#[must_use]
pub fn from_opening(width: u8, height: u8, rule: Rule, stones: &[BoardStone]) -> Setup {
    let moves: Vec<Move> = stones.iter().map(|s| s.mv).collect();
    place(width, height, rule, &moves)
}

/// Lay `moves` in order, replacing any off-board or occupied stone by a pass.
fn place(width: u8, height: u8, rule: Rule, moves: &[Move]) -> Setup {
    let mut problems = Vec::new();
    let mut seen = vec![false; width as usize * height as usize];
    let cleaned: Vec<Move> = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| match m {
            Move::Pass => Move::Pass,
            Move::Stone(p) if p.x >= width || p.y >= height => {
                problems.push(format!(
                    "stone {} at {p} is off the {width}x{height} board; ignored",
                    i + 1
                ));
                Move::Pass
            }
            Move::Stone(p) => {
                let k = p.y as usize * width as usize + p.x as usize;
                if seen[k] {
                    problems.push(format!(
                        "stone {} at {p} is on an occupied point; ignored",
                        i + 1
                    ));
                    Move::Pass
                } else {
                    seen[k] = true;
                    Move::Stone(p)
                }
            }
        })
        .collect();
    let board = Board::from_moves(width, height, rule, &cleaned).unwrap_or_else(|e| {
        // Unreachable after the cleaning above; keep an empty board rather than fail.
        problems.push(format!("position rejected: {e}"));
        Board::try_new(width, height, rule).unwrap_or_else(|_| Board::new(15, rule))
    });
    Setup { board, problems }
}

/// A board after `moves` (passes allowed, play past the end of the game allowed); off-board
/// and occupied stones become passes.
#[must_use]
pub fn from_moves(width: u8, height: u8, rule: Rule, moves: &[Move]) -> Board {
    place(width, height, rule, moves).board
}

/// Points of a `YXBLOCK` block that lie on the board.
#[must_use]
pub fn on_board(points: &[Pos], width: u8, height: u8) -> Vec<Pos> {
    points
        .iter()
        .copied()
        .filter(|p| p.x < width && p.y < height)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::Color;

    fn st(x: u8, y: u8, f: Field) -> BoardStone {
        BoardStone::new(Move::Stone(Pos::new(x, y)), f)
    }

    #[test]
    fn move_order_gives_colours() {
        let s = from_block(
            15,
            15,
            Rule::Renju,
            &[
                st(7, 7, Field::Opponent),
                st(8, 8, Field::Own),
                st(9, 9, Field::Opponent),
            ],
            false,
        );
        assert_eq!(s.board.side_to_move(), Color::White);
        assert_eq!(s.board.stone(Pos::new(7, 7)), Some(Color::Black));
        assert_eq!(s.board.stone(Pos::new(8, 8)), Some(Color::White));
        assert!(s.problems.is_empty());
        let empty = from_block(15, 15, Rule::Renju, &[], false);
        assert_eq!(empty.board.side_to_move(), Color::Black);
    }

    #[test]
    fn consecutive_stones_and_explicit_passes() {
        // Black, black: white passed in between; own to move after two opponent stones.
        let s = from_block(
            15,
            15,
            Rule::Renju,
            &[st(7, 7, Field::Opponent), st(8, 8, Field::Opponent)],
            false,
        );
        assert_eq!(
            s.board.moves(),
            &[
                Move::Stone(Pos::new(7, 7)),
                Move::Pass,
                Move::Stone(Pos::new(8, 8))
            ]
        );
        assert_eq!(s.board.side_to_move(), Color::White);
        // Last line is own: the opponent passed after it.
        let s = from_block(15, 15, Rule::Freestyle, &[st(7, 7, Field::Own)], true);
        assert_eq!(s.board.moves(), &[Move::Stone(Pos::new(7, 7)), Move::Pass]);
        assert_eq!(s.board.side_to_move(), Color::Black);
        let p = BoardStone::new(Move::Pass, Field::Opponent);
        let s = from_block(15, 15, Rule::Freestyle, &[st(7, 7, Field::Own), p], false);
        assert_eq!(s.board.moves(), &[Move::Stone(Pos::new(7, 7)), Move::Pass]);
    }

    #[test]
    fn any_order_outside_renju() {
        // Own stones first, then the opponent's, equal counts: the brain is black.
        let stones = [
            st(0, 0, Field::Own),
            st(1, 0, Field::Own),
            st(5, 5, Field::Opponent),
            st(6, 5, Field::Opponent),
        ];
        let s = from_block(15, 15, Rule::Freestyle, &stones, false);
        assert_eq!(s.board.stone(Pos::new(0, 0)), Some(Color::Black));
        assert_eq!(s.board.stone(Pos::new(5, 5)), Some(Color::White));
        assert_eq!(s.board.side_to_move(), Color::Black);
        assert!(!s.board.moves().contains(&Move::Pass));
    }

    #[test]
    fn bad_stones_become_passes() {
        let s = from_block(
            15,
            15,
            Rule::Freestyle,
            &[
                st(7, 7, Field::Opponent),
                st(7, 7, Field::Own),
                st(20, 3, Field::Opponent),
            ],
            false,
        );
        assert_eq!(s.problems.len(), 2);
        assert_eq!(s.board.stone_count(), 1);
        assert_eq!(s.board.side_to_move(), Color::White);
    }
}
