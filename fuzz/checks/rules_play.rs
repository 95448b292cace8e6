//! The rules engine under random play/undo/pass sequences, checked against a brute-force
//! model: stones, side to move, and the winner found by scanning every line.
//!
//! Shared by the fuzz target and the regression replay in the normal test suite.
use tengen_rules::{Board, Color, Move, Pos, Rule};

/// The fuzz target's checks on one input (panics on a failure).
pub fn check(data: &[u8]) {
    let Some((&head, ops)) = data.split_first() else {
        return;
    };
    let rule = Rule::ALL[usize::from(head) % Rule::ALL.len()];
    let size = 5 + (head / 8) % 4; // small boards: fives, full boards and draws are common
    let mut board = Board::new(size, rule);
    let mut model: Vec<Option<Color>> = vec![None; usize::from(size) * usize::from(size)];
    let mut history: Vec<Move> = Vec::new();
    for &op in ops {
        match op {
            0..=29 => {
                if let Ok(m) = board.undo() {
                    assert_eq!(Some(m), history.pop());
                    if let Move::Stone(p) = m {
                        model[usize::from(p.y) * usize::from(size) + usize::from(p.x)] = None;
                    }
                } else {
                    assert!(history.is_empty());
                }
            }
            30..=39 => {
                let over = board.outcome().is_some();
                assert_eq!(board.pass().is_ok(), !over);
                if !over {
                    history.push(Move::Pass);
                }
            }
            _ => {
                let p = Pos::new(op % size, (op / size) % size);
                let i = usize::from(p.y) * usize::from(size) + usize::from(p.x);
                let mover = board.side_to_move();
                let over = board.outcome().is_some();
                let ok = board.play(Move::Stone(p)).is_ok();
                assert_eq!(ok, model[i].is_none() && !over);
                if ok {
                    model[i] = Some(mover);
                    history.push(Move::Stone(p));
                }
            }
        }
        assert_eq!(board.moves(), history.as_slice());
        for p in board.points() {
            assert_eq!(
                board.stone(p),
                model[usize::from(p.y) * usize::from(size) + usize::from(p.x)]
            );
        }
        if let Some(winner) = board.outcome().and_then(|o| o.winner()) {
            assert!(has_five(&board, winner), "winner without a five: {board:?}");
        }
    }
}

/// Brute force: a run of five or more of `color` anywhere (the rule's finer points, exact five
/// and Caro blocks, are covered by the unit tests; here any real five suffices).
fn has_five(b: &Board, color: Color) -> bool {
    let n = i32::from(b.width());
    let at = |x: i32, y: i32| {
        (x >= 0 && y >= 0 && x < n && y < n)
            .then(|| b.stone(Pos::new(x as u8, y as u8)))
            .flatten()
    };
    (0..n).any(|y| {
        (0..n).any(|x| {
            [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&(dx, dy)| (0..5).all(|k| at(x + dx * k, y + dy * k) == Some(color)))
        })
    })
}
