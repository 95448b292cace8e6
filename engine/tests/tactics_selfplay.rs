//! Strength sanity: more search must beat less search. A sign error in the evaluation or a
//! broken threat rule makes the deeper side lose or draw, so this fails loudly.

use std::sync::atomic::AtomicBool;

use tengen_engine::search::{Engine, Limits};
use tengen_rules::{Board, Color, Move, Pos, Rule};

/// Plays one game from `opening`; `strong` plays `strong_color`. Returns the winner.
fn play(
    rule: Rule,
    opening: &[(u8, u8)],
    strong_color: Color,
    strong_nodes: u64,
    weak_nodes: u64,
) -> Option<Color> {
    let mut b = Board::new(15, rule);
    for &(x, y) in opening {
        b.play(Move::Stone(Pos::new(x, y))).unwrap();
    }
    let mut strong = Engine::new(8 << 20, 1);
    let mut weak = Engine::new(8 << 20, 1);
    let stop = AtomicBool::new(false);
    while b.outcome().is_none() && b.stone_count() < 225 {
        let mover = b.side_to_move();
        let (engine, nodes) = if mover == strong_color {
            (&mut strong, strong_nodes)
        } else {
            (&mut weak, weak_nodes)
        };
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let r = engine.search(&b, &limits, &stop, &[], &mut |_| {});
        let Some(p) = r.best.pos() else { break };
        if !b.is_legal(p) {
            // An illegal move (Renju forbidden point) loses at once.
            return Some(mover.opponent());
        }
        b.play(Move::Stone(p)).unwrap();
    }
    b.outcome().and_then(|o| o.winner())
}

#[test]
fn more_nodes_win_most_games() {
    let openings: [&[(u8, u8)]; 2] = [&[(7, 7), (8, 6), (6, 8)], &[(7, 7), (7, 6), (9, 7)]];
    let mut strong_wins = 0;
    let mut games = 0;
    for (i, opening) in openings.iter().enumerate() {
        for strong_color in Color::ALL {
            let rule = if i == 0 { Rule::Freestyle } else { Rule::Renju };
            let w = play(rule, opening, strong_color, 30_000, 300);
            games += 1;
            if w == Some(strong_color) {
                strong_wins += 1;
            }
        }
    }
    println!("stronger side won {strong_wins} of {games}");
    assert!(
        strong_wins >= 3,
        "the stronger side won only {strong_wins} of {games}"
    );
}
