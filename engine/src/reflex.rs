//! A move chosen without search: the answer of last resort when a search cannot answer in
//! time (or returned something unusable), and the guard that every move the brain sends is
//! legal — on the board, empty, not blocked, and not forbidden for black under Renju.

use tengen_rules::{Board, Color, Move, Pos};

/// Whether the side to move may put a stone on `p`, ignoring whether the game is already
/// decided on the board (a GUI may send a finished position and still want a move).
#[must_use]
pub fn playable(board: &Board, p: Pos, blocked: &[Pos]) -> bool {
    board.is_empty_at(p)
        && !blocked.contains(&p)
        && !(board.rule().has_forbidden(board.side_to_move()) && board.forbidden(p).is_some())
}

/// Whether a `color` stone on `p` would make a winning five.
#[must_use]
pub fn wins_at(board: &Board, p: Pos, color: Color) -> bool {
    if !board.is_empty_at(p) {
        return false;
    }
    // Placing the stone needs the right side to move: rebuild with a pass if necessary.
    let mut moves: Vec<Move> = board.moves().to_vec();
    if board.side_to_move() != color {
        moves.push(Move::Pass);
    }
    moves.push(Move::Stone(p));
    match Board::from_moves(board.width(), board.height(), board.rule(), &moves) {
        Ok(b) => b.five_through(p, color).is_some(),
        Err(_) => false,
    }
}

/// Points next to a stone (within two steps), or the centre on an empty board.
fn neighbourhood(board: &Board) -> Vec<Pos> {
    if board.is_empty() {
        return vec![Pos::new(board.width() / 2, board.height() / 2)];
    }
    board
        .empty_points()
        .filter(|&p| {
            (-2..=2).any(|dy| {
                (-2..=2).any(|dx| {
                    p.offset(dx, dy, board.width(), board.height())
                        .is_some_and(|q| board.stone(q).is_some())
                })
            })
        })
        .collect()
}

/// The instant move: win at once if possible, else stop the opponent's five, else `hint`
/// (e.g. the best move of an unfinished search) if it is playable, else the playable point
/// nearest the last stones, else any playable point, else a pass.
#[must_use]
pub fn reflex_move(board: &Board, blocked: &[Pos], hint: Option<Pos>) -> Move {
    let me = board.side_to_move();
    let near = neighbourhood(board);
    let ok = |p: Pos| playable(board, p, blocked);
    if let Some(&p) = near.iter().find(|&&p| ok(p) && wins_at(board, p, me)) {
        return Move::Stone(p);
    }
    if let Some(&p) = near
        .iter()
        .find(|&&p| ok(p) && wins_at(board, p, me.opponent()))
    {
        return Move::Stone(p);
    }
    if let Some(p) = hint.filter(|&p| ok(p)) {
        return Move::Stone(p);
    }
    let last = board.moves().iter().rev().find_map(|m| m.pos());
    let centre = Pos::new(board.width() / 2, board.height() / 2);
    let anchor = last.unwrap_or(centre);
    let dist = |p: &Pos| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
        (
            d(p.x, anchor.x).max(d(p.y, anchor.y)),
            d(p.x, centre.x) + d(p.y, centre.y),
        )
    };
    // The point that extends the most of our open lines and cuts the most of theirs; ties go
    // to the point nearest the last stone.
    if let Some(p) = near
        .iter()
        .copied()
        .filter(|&p| ok(p))
        .min_by_key(|p| (std::cmp::Reverse(line_value(board, *p, me)), dist(p)))
    {
        return Move::Stone(p);
    }
    board
        .empty_points()
        .filter(|&p| ok(p))
        .min_by_key(dist)
        .map_or(Move::Pass, Move::Stone)
}

/// Weight of a five-point window holding n stones of one side and none of the other.
const WINDOW_WEIGHT: [u32; 5] = [0, 2, 12, 60, 400];

/// How much a stone on `p` does for `me`: over every five-point window through `p`, the
/// windows it extends (no opponent stone in them) and the windows it spoils for the
/// opponent (no stone of ours), weighted by how full they are.
fn line_value(board: &Board, p: Pos, me: Color) -> u32 {
    let (w, h) = (board.width(), board.height());
    let mut value = 0;
    for (dx, dy) in tengen_rules::DIRECTIONS {
        for start in -4..=0 {
            let (mut mine, mut theirs) = (0usize, 0usize);
            let mut fits = true;
            for k in start..start + 5 {
                match p.offset(dx * k, dy * k, w, h) {
                    None => {
                        fits = false;
                        break;
                    }
                    Some(q) if q == p => {}
                    Some(q) => match board.stone(q) {
                        Some(c) if c == me => mine += 1,
                        Some(_) => theirs += 1,
                        None => {}
                    },
                }
            }
            if !fits {
                continue;
            }
            if theirs == 0 {
                value += WINDOW_WEIGHT[mine.min(4)] + 1;
            }
            if mine == 0 {
                // Defending counts a little less than attacking.
                value += WINDOW_WEIGHT[theirs.min(4)] * 3 / 4;
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::Rule;

    fn board(rule: Rule, moves: &[&str]) -> Board {
        let ms: Vec<Move> = moves
            .iter()
            .map(|m| Move::Stone(Pos::parse_notation(m, 15).unwrap()))
            .collect();
        Board::from_moves(15, 15, rule, &ms).unwrap()
    }

    #[test]
    fn wins_then_blocks_then_follows_the_hint() {
        // Black: H8 I8 J8 K8; white: H9 I9 J9 — black to move wins at G8 or L8.
        let b = board(Rule::Freestyle, &["H8", "H9", "I8", "I9", "J8", "J9", "K8"]);
        // White to move must block (white has only three).
        let m = reflex_move(&b, &[], None);
        let p = m.pos().unwrap();
        assert!(["G8", "L8"].contains(&p.to_notation(15).as_str()), "{m}");
        let b2 = board(
            Rule::Freestyle,
            &["H8", "H9", "I8", "I9", "J8", "J9", "K8", "K9"],
        );
        let p = reflex_move(&b2, &[], None).pos().unwrap();
        assert!(wins_at(&b2, p, Color::Black), "{}", p.to_notation(15));
        let quiet = board(Rule::Freestyle, &["H8"]);
        let hint = Pos::parse_notation("A1", 15).unwrap();
        assert_eq!(reflex_move(&quiet, &[], Some(hint)), Move::Stone(hint));
        assert_ne!(reflex_move(&quiet, &[hint], Some(hint)), Move::Stone(hint));
    }

    #[test]
    fn without_a_hint_it_builds_and_blocks_lines() {
        // White to move; black has an open three H8-I8-J8: white blocks at one of its ends.
        let b = board(Rule::Freestyle, &["H8", "A1", "I8", "A15", "J8"]);
        let p = reflex_move(&b, &[], None).pos().unwrap().to_notation(15);
        assert!(["G8", "K8"].contains(&p.as_str()), "{p}");
        // Black to move with an open three of its own extends it to an open four.
        let b = board(Rule::Freestyle, &["H8", "A1", "I8", "A15", "J8", "O1"]);
        let p = reflex_move(&b, &[], None).pos().unwrap().to_notation(15);
        assert!(["G8", "K8"].contains(&p.as_str()), "{p}");
    }

    #[test]
    fn never_forbidden_for_black() {
        // J8 is a double three for black (see the rules crate's example).
        let b = board(
            Rule::Renju,
            &["H8", "A1", "I8", "A2", "J9", "A3", "J10", "A4"],
        );
        let j8 = Pos::parse_notation("J8", 15).unwrap();
        assert!(!playable(&b, j8, &[]));
        assert_ne!(reflex_move(&b, &[], Some(j8)), Move::Stone(j8));
    }

    #[test]
    fn empty_board_takes_the_centre_and_full_board_passes() {
        let b = Board::new(15, Rule::Freestyle);
        assert_eq!(reflex_move(&b, &[], None), Move::Stone(Pos::new(7, 7)));
        let all: Vec<Pos> = Board::new(5, Rule::Freestyle).points().collect();
        assert_eq!(
            reflex_move(&Board::new(5, Rule::Freestyle), &all, None),
            Move::Pass
        );
    }
}
