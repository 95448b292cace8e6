//! Draw offers and passes under the Chinese rules (spec `rules.md` §6, §9): when the brain
//! offers a draw, when it accepts one, and when it passes instead of placing a stone.
//!
//! The rules limit offers: a player may not have made more than two offers beyond the
//! opponent's (a surplus offer is a violation; the second violation loses). [`DrawBook`]
//! counts both sides' offers in the current game so the brain never makes a surplus offer,
//! and spaces its own offers out so that one level game does not become a stream of them.

use tengen_rules::{Board, Move};

use crate::search::Score;

/// Scores within this of zero are a level game.
pub const LEVEL: Score = 30;
/// At or below this the brain stands clearly worse: it accepts a draw whenever offered.
pub const LOSING: Score = -300;
/// Offers (and acceptances of level games) only once this share of the board is filled, in
/// percent: early level positions still hold play for both sides.
pub const FILL_PERCENT: usize = 60;
/// Own moves between two of the brain's own offers.
pub const OFFER_SPACING: usize = 10;

/// Whether `board` is filled enough for level games to be drawn by agreement.
#[must_use]
pub fn filled(board: &Board) -> bool {
    board.stone_count() * 100
        >= usize::from(board.width()) * usize::from(board.height()) * FILL_PERCENT
}

/// Draw offers made in one game, by the brain and by its opponent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawBook {
    mine: u32,
    theirs: u32,
    /// Number of moves on the board when the brain last offered.
    last_offer: Option<usize>,
}

impl DrawBook {
    /// Forget the offers (a new game).
    pub fn reset(&mut self) {
        *self = DrawBook::default();
    }

    /// The opponent offered a draw (`INFO tg_draw_offer 1`).
    pub fn opponent_offered(&mut self) {
        self.theirs = self.theirs.saturating_add(1);
    }

    /// Whether to accept the opponent's offer, standing at `score` (the brain's view after
    /// its search): when clearly worse, or when the board is filled and the game level or
    /// worse.
    #[must_use]
    pub fn accepts(board: &Board, score: Score) -> bool {
        score <= LOSING || (filled(board) && score <= LEVEL)
    }

    /// Whether to offer a draw with the move just chosen at `score` on `board` (before the
    /// move): the board is filled, the game level, the offer within the limit (at most two
    /// beyond the opponent's), and the last own offer at least [`OFFER_SPACING`] own moves
    /// ago.
    #[must_use]
    pub fn may_offer(&self, board: &Board, score: Score) -> bool {
        let spaced = self
            .last_offer
            .is_none_or(|n| board.move_count() >= n + 2 * OFFER_SPACING);
        filled(board) && score.abs() <= LEVEL && self.mine < self.theirs + 2 && spaced
    }

    /// The brain offers with its move on `board` (before the move).
    pub fn offered(&mut self, board: &Board) {
        self.mine = self.mine.saturating_add(1);
        self.last_offer = Some(board.move_count());
    }
}

/// Whether to pass instead of placing a stone, standing at `score` on `board` (the brain to
/// move): only where passes are allowed (`passes`; from move 6 on), and only when passing is
/// not worse than playing on — the opponent has just passed, so a pass ends the game as a
/// draw, and the brain stands clearly worse than level.
#[must_use]
pub fn pass_instead(board: &Board, passes: bool, score: Score) -> bool {
    passes && board.move_count() >= 5 && board.last_move() == Some(Move::Pass) && score < -LEVEL
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::{Pos, Rule};

    /// A 5x5 board with `n` stones laid row by row, then `tail` moves.
    fn board(n: usize, tail: &[Move]) -> Board {
        let mut moves: Vec<Move> = (0..n)
            .map(|i| Move::Stone(Pos::new((i % 5) as u8, (i / 5) as u8)))
            .collect();
        moves.extend_from_slice(tail);
        Board::from_moves(5, 5, Rule::Freestyle, &moves).unwrap()
    }

    #[test]
    fn offers_stay_within_two_beyond_the_opponents_and_are_spaced() {
        let full = board(15, &[]);
        let mut book = DrawBook::default();
        assert!(!book.may_offer(&board(3, &[]), 0), "board too empty");
        assert!(!book.may_offer(&full, 200), "not level");
        assert!(book.may_offer(&full, 0));
        book.offered(&full);
        assert!(
            !book.may_offer(&board(16, &[]), 0),
            "too soon after the last"
        );
        // With the spacing out of the way, a second offer is allowed, a third is not.
        let mut later = DrawBook {
            last_offer: None,
            ..book.clone()
        };
        assert!(later.may_offer(&full, 0));
        later.offered(&full);
        later.last_offer = None;
        assert!(!later.may_offer(&full, 0), "two beyond the opponent's");
        later.opponent_offered();
        assert!(later.may_offer(&full, 0), "the opponent's offer makes room");
        later.reset();
        assert_eq!(later, DrawBook::default());
    }

    #[test]
    fn acceptance_needs_a_level_full_board_or_a_lost_game() {
        assert!(DrawBook::accepts(&board(3, &[]), -500));
        assert!(!DrawBook::accepts(&board(3, &[]), 0));
        assert!(DrawBook::accepts(&board(15, &[]), 10));
        assert!(!DrawBook::accepts(&board(15, &[]), 100));
    }

    #[test]
    fn passes_only_after_a_pass_when_worse_and_allowed() {
        let after_pass = board(6, &[Move::Pass]);
        assert!(pass_instead(&after_pass, true, -200));
        assert!(!pass_instead(&after_pass, false, -200), "not allowed");
        assert!(!pass_instead(&after_pass, true, 0), "level: play on");
        assert!(
            !pass_instead(&board(7, &[]), true, -200),
            "no pass to answer"
        );
        assert!(
            !pass_instead(&board(2, &[Move::Pass]), true, -200),
            "opening"
        );
    }
}
