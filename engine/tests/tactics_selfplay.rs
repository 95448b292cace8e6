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

/// One game between two tunings from an opening; returns the winner's index (0 = `a`).
fn duel(
    rule: Rule,
    opening: &[Pos],
    tunings: [tengen_engine::search::Tuning; 2],
    a_black: bool,
    nodes: u64,
) -> Option<usize> {
    let mut b = Board::new(15, rule);
    for &p in opening {
        b.play(Move::Stone(p)).ok()?;
    }
    let mut engines = tunings.map(|t| {
        let mut e = Engine::new(16 << 20, 1);
        e.set_tuning(t);
        e
    });
    let stop = AtomicBool::new(false);
    let index_of = |c: Color| usize::from((c == Color::Black) != a_black);
    while b.outcome().is_none() && !b.is_full() {
        let i = index_of(b.side_to_move());
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let r = engines[i].search(&b, &limits, &stop, &[], &mut |_| {});
        let p = r.best.pos()?;
        if !b.is_legal(p) {
            return Some(1 - i);
        }
        b.play(Move::Stone(p)).unwrap();
    }
    b.outcome().and_then(|o| o.winner()).map(index_of)
}

#[test]
#[ignore = "experiment: TUNE_A / TUNE_B as 'field=value,...' over the defaults; TUNE_GAMES openings"]
fn tuning_match() {
    // The knobs as `TENGEN_TUNING` takes them (settings::parse_tuning).
    let parse = |var: &str| {
        let text = std::env::var(var).unwrap_or_default();
        tengen_engine::settings::parse_tuning(&text).unwrap_or_else(|e| panic!("{var}: {e}"))
    };
    let tunings = [parse("TUNE_A"), parse("TUNE_B")];
    let games: usize = std::env::var("TUNE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let nodes: u64 = std::env::var("TUNE_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let rule: Rule = std::env::var("TUNE_RULE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(Rule::Freestyle);
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/freestyle-openings.txt"
    ))
    .or_else(|_| std::fs::read_to_string("/work/shared/data/freestyle-openings.txt"))
    .unwrap();
    let openings: Vec<Vec<Pos>> = data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<i32> = l.split(',').map(|x| x.trim().parse().unwrap()).collect();
            v.chunks(2)
                .map(|c| Pos::new((7 + c[0]) as u8, (7 + c[1]) as u8))
                .collect()
        })
        .collect();
    let (mut wa, mut wb, mut draws) = (0, 0, 0);
    for opening in openings.iter().take(games) {
        for a_black in [true, false] {
            match duel(rule, opening, tunings, a_black, nodes) {
                Some(0) => wa += 1,
                Some(_) => wb += 1,
                None => draws += 1,
            }
        }
    }
    println!(
        "A {:?}\nB {:?}\nA wins {wa}, B wins {wb}, draws {draws}",
        tunings[0], tunings[1]
    );
}
