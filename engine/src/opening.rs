//! Opening decisions: the Swap2 answers (`SWAP2BOARD`) and the Tengen extensions for the
//! Chinese rules (`TGOPENING`, `TGSWAP`, `TGOFFER`, `TGCHOOSE`).
//!
//! Deliberately simple: every decision scores a handful of candidate positions with a short
//! search (the [`Judge`]) and picks by fixed thresholds. Balanced-opening heuristics, opening
//! books and N-aware swap tables are later work.

use std::time::Duration;

use tengen_rules::{equivalent_fifth, Board, Color, Equivalence, Move, Pos, Symmetry, OPENINGS};

use crate::reflex::{playable, reflex_move};
use crate::search::Score;

/// Scores a position for its side to move within a time slice, and names that side's best
/// move there. The brain backs it with a short search; tests and fallbacks with a static one.
pub type Judge<'a> = dyn FnMut(&Board, Duration) -> (Score, Move) + 'a;

/// Above this advantage a side is "clearly better" for the swap decisions.
pub const SWAP_MARGIN: Score = 100;
/// How much one extra fifth-move alternative is worth to white, in score units.
const OFFER_VALUE: Score = 25;

/// An answer to `SWAP2BOARD` with three or five stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwapAnswer {
    /// Take black.
    Swap,
    /// Stay white and play this move.
    Play(Pos),
    /// Add stones 4 (white) and 5 (black) and let the opponent choose (three stones only).
    Add(Pos, Pos),
}

/// The three stones of the opening `index` (0..26) with black 1 on the centre of `board`.
fn designated(board: &Board, index: usize) -> Option<[Pos; 3]> {
    let centre = Pos::new(board.width() / 2, board.height() / 2);
    let o = &OPENINGS[index];
    let fits = |(dx, dy): (i32, i32)| {
        centre
            .offset(dx, dy, board.width(), board.height())
            .is_some()
    };
    (fits(o.second()) && fits(o.third)).then(|| o.stones(centre, Symmetry::Identity))
}

fn after(board: &Board, moves: &[Pos]) -> Option<Board> {
    let mut b = board.clone();
    for &p in moves {
        if !b.is_empty_at(p) {
            return None;
        }
        // `play` refuses moves after a decided game; openings never get there.
        b.play(Move::Stone(p)).ok()?;
    }
    Some(b)
}

fn slice(total: Duration, parts: usize) -> Duration {
    total / u32::try_from(parts.max(1)).unwrap_or(u32::MAX)
}

/// Lay a designated opening on the empty `board` (rule and size taken from it) and declare
/// N (1..=`n_max`): the opening whose position is closest to balance, and more offers the
/// better black stands. Returns black 1, white 2, black 3 and N.
pub fn propose(
    board: &Board,
    n_max: u32,
    budget: Duration,
    judge: &mut Judge<'_>,
) -> ([Pos; 3], u32) {
    let candidates: Vec<[Pos; 3]> = (0..OPENINGS.len())
        .filter_map(|i| designated(board, i))
        .collect();
    let t = slice(budget, candidates.len());
    let mut best: Option<([Pos; 3], Score)> = None;
    for stones in candidates {
        let Some(b) = after(board, &stones) else {
            continue;
        };
        // The score is white's (white is to move): black's advantage is its negation.
        let black = -judge(&b, t).0;
        if best.is_none_or(|(_, s)| black.abs() < s.abs()) {
            best = Some((stones, black));
        }
    }
    let (stones, black) = best.unwrap_or_else(|| {
        let c = Pos::new(board.width() / 2, board.height() / 2);
        let n = |dx, dy| c.offset(dx, dy, board.width(), board.height()).unwrap_or(c);
        ([c, n(0, -1), n(1, 0)], 0)
    });
    let cap = Score::try_from(n_max).unwrap_or(Score::MAX).max(1);
    let n = (1 + black.max(0) / OFFER_VALUE.max(1) / 4).clamp(1, cap) as u32;
    (stones, n)
}

/// Answer `SWAP2BOARD` with three stones on `board` (white to move).
pub fn swap2_three(board: &Board, budget: Duration, judge: &mut Judge<'_>) -> SwapAnswer {
    let (white, best) = judge(board, budget / 2);
    if white < -SWAP_MARGIN {
        return SwapAnswer::Swap;
    }
    let four = best
        .pos()
        .filter(|&p| playable(board, p, &[]))
        .or_else(|| reflex_move(board, &[], None).pos());
    let Some(four) = four else {
        return SwapAnswer::Swap;
    };
    if white > SWAP_MARGIN {
        return SwapAnswer::Play(four);
    }
    // Balanced: add two stones and let the opponent choose.
    let Some(b4) = after(board, &[four]) else {
        return SwapAnswer::Play(four);
    };
    let (_, five) = judge(&b4, budget / 2);
    match five
        .pos()
        .filter(|&p| playable(&b4, p, &[]))
        .or_else(|| reflex_move(&b4, &[], None).pos())
    {
        Some(five) => SwapAnswer::Add(four, five),
        None => SwapAnswer::Play(four),
    }
}

/// Answer `SWAP2BOARD` with five stones on `board` (white to move).
pub fn swap2_five(board: &Board, budget: Duration, judge: &mut Judge<'_>) -> SwapAnswer {
    let (white, best) = judge(board, budget);
    if white < -SWAP_MARGIN {
        return SwapAnswer::Swap;
    }
    let six = best
        .pos()
        .filter(|&p| playable(board, p, &[]))
        .or_else(|| reflex_move(board, &[], None).pos());
    six.map_or(SwapAnswer::Swap, SwapAnswer::Play)
}

/// `TGSWAP`: with the three opening stones on `board` (white to move) and `n` fifth-move
/// offers to come, whether the tentative white should take black.
pub fn swap_three(board: &Board, n: u32, budget: Duration, judge: &mut Judge<'_>) -> bool {
    let (white, _) = judge(board, budget);
    let bonus = OFFER_VALUE.saturating_mul(n.saturating_sub(1).min(1000) as Score);
    white.saturating_add(bonus) < -SWAP_MARGIN
}

/// `TGOFFER`: `n` fifth-move points for black on `board` (four stones, black to move):
/// empty, not forbidden, pairwise non-equivalent, the best-scoring first (white will pick the
/// one that suits it, so black offers its best ones). May return fewer than `n` on a board
/// too small to hold that many non-equivalent points.
pub fn offer(board: &Board, n: usize, budget: Duration, judge: &mut Judge<'_>) -> Vec<Pos> {
    let stones: Vec<(Pos, Color)> = board
        .moves()
        .iter()
        .filter_map(|m| m.pos())
        .filter_map(|p| board.stone(p).map(|c| (p, c)))
        .collect();
    let size = board.width().max(board.height());
    let equivalent = |a: Pos, b: Pos| equivalent_fifth(&stones, a, b, Equivalence::Shape, size);
    let centre = Pos::new(board.width() / 2, board.height() / 2);
    let near = |p: &Pos| {
        stones
            .iter()
            .map(|(q, _)| {
                (i32::from(p.x) - i32::from(q.x))
                    .abs()
                    .max((i32::from(p.y) - i32::from(q.y)).abs())
            })
            .min()
            .unwrap_or(0)
    };
    let mut points: Vec<Pos> = board
        .empty_points()
        .filter(|&p| playable(board, p, &[]))
        .collect();
    points.sort_by_key(|p| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
        (near(p), d(p.x, centre.x) + d(p.y, centre.y))
    });
    // One representative per equivalence class, nearest first.
    let mut classes: Vec<Pos> = Vec::new();
    for p in points {
        if !classes.iter().any(|&q| equivalent(p, q)) {
            classes.push(p);
        }
        if classes.len() >= n.max(1) * 3 && near(&p) > 2 {
            break;
        }
    }
    // Score the close candidates; far ones only fill up when n is large.
    let judged = classes.len().min(n.max(1) * 2).min(40);
    let t = slice(budget, judged);
    let mut scored: Vec<(Score, Pos)> = classes[..judged]
        .iter()
        .filter_map(|&p| after(board, &[p]).map(|b| (-judge(&b, t).0, p)))
        .collect();
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out: Vec<Pos> = scored.into_iter().map(|(_, p)| p).collect();
    out.extend(classes[judged..].iter().copied());
    out.truncate(n);
    out
}

/// `TGCHOOSE`: with four stones on `board` (black to move) and black's `offers`, the offer
/// white keeps (the one best for white) and white's sixth move there. `None` if no offer is
/// playable.
pub fn choose(
    board: &Board,
    offers: &[Pos],
    budget: Duration,
    judge: &mut Judge<'_>,
) -> Option<(Pos, Pos)> {
    let valid: Vec<(Pos, Board)> = offers
        .iter()
        .filter(|&&p| playable(board, p, &[]))
        .filter_map(|&p| after(board, &[p]).map(|b| (p, b)))
        .collect();
    let t = slice(budget, valid.len());
    let mut best: Option<(Score, Pos, Pos)> = None;
    for (p, b) in &valid {
        let (white, m) = judge(b, t);
        let six = m
            .pos()
            .filter(|&q| playable(b, q, &[]))
            .or_else(|| reflex_move(b, &[], None).pos());
        if let Some(six) = six {
            if best.is_none_or(|(s, _, _)| white > s) {
                best = Some((white, *p, six));
            }
        }
    }
    best.map(|(_, five, six)| (five, six))
}

/// Up to `k` playable points next to the stones (the centre on an empty board), nearest the
/// centre first.
fn candidates(board: &Board, k: usize) -> Vec<Pos> {
    let centre = Pos::new(board.width() / 2, board.height() / 2);
    let mut pts: Vec<Pos> = board
        .empty_points()
        .filter(|&p| playable(board, p, &[]))
        .filter(|&p| {
            board.is_empty()
                || (-2..=2).any(|dy| {
                    (-2..=2).any(|dx| {
                        p.offset(dx, dy, board.width(), board.height())
                            .is_some_and(|q| board.stone(q).is_some())
                    })
                })
        })
        .collect();
    let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
    pts.sort_by_key(|p| {
        d(p.x, centre.x).max(d(p.y, centre.y)) * 100 + d(p.x, centre.x) + d(p.y, centre.y)
    });
    pts.truncate(k);
    pts
}

/// `YXBALANCEONE bias`: the move after which the side to move (the brain) stands closest to
/// `bias` (its own score). `None` if no stone is playable.
pub fn balance_one(
    board: &Board,
    bias: Score,
    budget: Duration,
    judge: &mut Judge<'_>,
) -> Option<Pos> {
    let cands = candidates(board, 12);
    let t = slice(budget, cands.len());
    cands
        .into_iter()
        .filter_map(|p| after(board, &[p]).map(|b| (p, -judge(&b, t).0)))
        .min_by_key(|&(_, s)| (i64::from(s) - i64::from(bias)).abs())
        .map(|(p, _)| p)
}

/// `YXBALANCETWO bias`: a move and the opponent's best reply after which the brain, to move
/// again, stands closest to `bias`. `None` if no pair is playable.
pub fn balance_two(
    board: &Board,
    bias: Score,
    budget: Duration,
    judge: &mut Judge<'_>,
) -> Option<(Pos, Pos)> {
    let cands = candidates(board, 6);
    let t = slice(budget, cands.len() * 2);
    let mut best: Option<(i64, Pos, Pos)> = None;
    for p in cands {
        let Some(b1) = after(board, &[p]) else {
            continue;
        };
        let (_, reply) = judge(&b1, t);
        let Some(q) = reply
            .pos()
            .filter(|&q| playable(&b1, q, &[]))
            .or_else(|| reflex_move(&b1, &[], None).pos())
        else {
            continue;
        };
        let Some(b2) = after(&b1, &[q]) else { continue };
        let miss = (i64::from(judge(&b2, t).0) - i64::from(bias)).abs();
        if best.is_none_or(|(m, _, _)| miss < m) {
            best = Some((miss, p, q));
        }
    }
    best.map(|(_, p, q)| (p, q))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::{identify_opening, Rule};

    /// A judge that prefers positions by a fixed function of the stones: black's advantage is
    /// the sum of black stones' x coordinates minus 7 per stone (so points to the right are
    /// "better" for black).
    fn lean_right(b: &Board, _: Duration) -> (Score, Move) {
        let mut black = 0;
        for p in b.moves().iter().filter_map(|m| m.pos()) {
            if b.stone(p) == Some(Color::Black) {
                black += (i32::from(p.x) - 7) * 60;
            }
        }
        let s = if b.side_to_move() == Color::Black {
            black
        } else {
            -black
        };
        (s, reflex_move(b, &[], None))
    }

    #[test]
    fn proposals_are_designated_openings() {
        let b = Board::new(15, Rule::Renju);
        let (stones, n) = propose(&b, 5, Duration::from_millis(10), &mut lean_right);
        assert!(identify_opening(stones).is_some());
        assert!((1..=5).contains(&n));
        // Any N_MAX is accepted, however large.
        let (_, n) = propose(&b, u32::MAX, Duration::ZERO, &mut lean_right);
        assert!(n >= 1);
        // Balanced by this judge: black 3 is on column H (x offset 0).
        assert_eq!(stones[2].x, 7, "{stones:?}");
    }

    #[test]
    fn swap_decisions_follow_the_score() {
        let b = Board::from_moves(
            15,
            15,
            Rule::Freestyle,
            &[
                Move::Stone(Pos::new(7, 7)),
                Move::Stone(Pos::new(7, 6)),
                Move::Stone(Pos::new(9, 7)),
            ],
        )
        .unwrap();
        // Black's advantage 2*60 + 0 = 120 > margin: take black.
        assert_eq!(
            swap2_three(&b, Duration::ZERO, &mut lean_right),
            SwapAnswer::Swap
        );
        assert!(swap_three(&b, 1, Duration::ZERO, &mut lean_right));
        // Ten offers to choose from compensate white.
        assert!(!swap_three(&b, 10, Duration::ZERO, &mut lean_right));
        let mut flat = |b: &Board, _: Duration| (0, reflex_move(b, &[], None));
        match swap2_three(&b, Duration::ZERO, &mut flat) {
            SwapAnswer::Add(four, five) => {
                assert!(b.is_empty_at(four) && b.is_empty_at(five) && four != five);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn balance_moves_aim_at_the_bias() {
        let b = Board::from_moves(15, 15, Rule::Freestyle, &[Move::Stone(Pos::new(7, 7))]).unwrap();
        // White to move; by `lean_right` white's score after a white move is minus black's
        // lean, which does not depend on white's stone: every candidate scores -0 = 0.
        let p = balance_one(&b, 0, Duration::ZERO, &mut lean_right).unwrap();
        assert!(playable(&b, p, &[]));
        let e = Board::new(15, Rule::Freestyle);
        // Black to move on an empty board: a black stone at x scores (x - 7) * 60 for black.
        let p = balance_one(&e, 60, Duration::ZERO, &mut lean_right).unwrap();
        assert_eq!(p.x, 8, "{p}");
        let (p, q) = balance_two(&b, 0, Duration::ZERO, &mut lean_right).unwrap();
        assert!(p != q && playable(&b, p, &[]));
    }

    #[test]
    fn offers_are_distinct_legal_and_non_equivalent() {
        let moves: Vec<Move> = ["H8", "H9", "J10", "I8"]
            .iter()
            .map(|s| Move::Stone(Pos::parse_notation(s, 15).unwrap()))
            .collect();
        let b = Board::from_moves(15, 15, Rule::Renju, &moves).unwrap();
        let stones: Vec<(Pos, Color)> = moves
            .iter()
            .filter_map(|m| m.pos())
            .map(|p| (p, b.stone(p).unwrap()))
            .collect();
        for n in [1usize, 2, 5, 10] {
            let offers = offer(&b, n, Duration::from_millis(5), &mut lean_right);
            assert_eq!(offers.len(), n);
            for (i, &a) in offers.iter().enumerate() {
                assert!(playable(&b, a, &[]));
                for &c in &offers[..i] {
                    assert!(
                        !equivalent_fifth(&stones, a, c, Equivalence::Shape, 15),
                        "{a} ~ {c}"
                    );
                }
            }
        }
        let offers = offer(&b, 3, Duration::ZERO, &mut lean_right);
        let (five, six) = choose(&b, &offers, Duration::ZERO, &mut lean_right).unwrap();
        // White keeps the offer worst for black: the leftmost.
        assert_eq!(five.x, offers.iter().map(|p| p.x).min().unwrap());
        assert!(five != six && b.is_empty_at(six));
        assert_eq!(
            choose(&b, &[Pos::new(7, 7)], Duration::ZERO, &mut lean_right),
            None
        );
    }
}
