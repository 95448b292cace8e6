//! A second opinion on Renju forbidden points, engine side: the engine's fast verdict
//! (`Position::forbidden`, from pattern codes kept up to date stone by stone) against the
//! referee's (`tengen_rules::Board::forbidden`) on positions reached by legal random play with
//! take-backs, so the incremental update is exercised both ways. (The rules crate's own
//! `second_opinion` test compares the referee with an independent window-based checker.)
//!
//! The suite compares 20,000 positions; the full run is
//! `SECOND_OPINION_POSITIONS=1000000 cargo test --release -p tengen-engine --test reliability_forbidden`.
//! A disagreement is printed in the shared case-file format, ready to become a case.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::position::Position;
use tengen_rules::{Board, Color, Move, Pos, Rule};

fn positions_to_check() -> usize {
    std::env::var("SECOND_OPINION_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

/// A line in the shared case-file format with both verdicts.
fn case_line(b: &Board, p: Pos, engine: Option<tengen_rules::Forbidden>) -> String {
    let list = |c: Color| {
        b.points()
            .filter(|&q| b.stone(q) == Some(c))
            .map(|q| q.to_notation(15))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "Rxxx | engine-vs-referee | black={} | white={} | query={} | expect={} | engine says {:?}",
        list(Color::Black),
        list(Color::White),
        p.to_notation(15),
        b.forbidden(p).map_or("NONE", tengen_rules::Forbidden::code),
        engine
    )
}

#[test]
fn engine_and_referee_agree_on_forbidden_points() {
    let total = positions_to_check();
    let mut rng = StdRng::seed_from_u64(0xF0_4B1D);
    let (mut positions, mut checked, mut forbidden_seen, mut undos) = (0usize, 0, 0, 0);
    let mut disagreements = Vec::new();
    while positions < total {
        let mut b = Board::new(15, Rule::Renju);
        let mut pos = Position::new(15, 15, Rule::Renju);
        // Dense play in the middle makes threes and fours, hence forbidden points, common.
        let radius = rng.gen_range(3..=6u8);
        while b.outcome().is_none() && positions < total {
            // Now and then take back one or two stones: the update must undo exactly.
            let around = if b.moves().len() > 4 && rng.gen_bool(0.15) {
                let mut last = None;
                for _ in 0..rng.gen_range(1..=2) {
                    if let Ok(Move::Stone(p)) = b.undo() {
                        pos.undo();
                        last = Some(p);
                    }
                }
                undos += 1;
                last
            } else {
                let legal: Vec<Pos> = (7 - radius..=7 + radius)
                    .flat_map(|y| (7 - radius..=7 + radius).map(move |x| Pos::new(x, y)))
                    .filter(|&p| b.is_legal(p))
                    .collect();
                if legal.is_empty() {
                    break;
                }
                let p = legal[rng.gen_range(0..legal.len())];
                b.play(Move::Stone(p)).unwrap();
                pos.play(Position::cell_at(p));
                Some(p)
            };
            positions += 1;
            let Some(last) = around else { continue };
            // A stone changes forbidden status only within 5 points of it (on its lines and
            // through threes whose fours lie nearby): compare the 11x11 box around it.
            for y in last.y.saturating_sub(5)..=(last.y + 5).min(14) {
                for x in last.x.saturating_sub(5)..=(last.x + 5).min(14) {
                    let p = Pos::new(x, y);
                    if !b.is_empty_at(p) {
                        continue;
                    }
                    let referee = b.forbidden(p);
                    let engine = pos.forbidden(Position::cell_at(p));
                    checked += 1;
                    forbidden_seen += usize::from(referee.is_some());
                    if engine != referee && disagreements.len() < 20 {
                        disagreements.push(case_line(&b, p, engine));
                    }
                }
            }
        }
    }
    eprintln!(
        "{positions} positions ({undos} after take-backs), {checked} points, {forbidden_seen} forbidden"
    );
    assert!(
        disagreements.is_empty(),
        "disagreements:\n{}",
        disagreements.join("\n")
    );
    assert!(
        forbidden_seen > total / 20,
        "too few forbidden points met ({forbidden_seen}) to mean much"
    );
    assert!(undos > total / 20, "too few take-backs ({undos})");
}
