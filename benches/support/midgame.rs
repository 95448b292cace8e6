//! Mid-game positions shared by the benches: 20-60 stones clustered around the centre, as in
//! real games, with no five on the board. Seeded, so every run measures the same positions.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen::rules::{Board, Move, Pos, Rule};

/// `count` seeded mid-game positions on 15x15 under `rule` (black never on a forbidden point).
pub fn midgame(rule: Rule, count: usize) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::new(15, rule);
        let target = rng.gen_range(20..=60);
        let mut tries = 0;
        while b.stone_count() < target && tries < 10_000 {
            tries += 1;
            let p = Pos::new(rng.gen_range(3..12), rng.gen_range(3..12));
            if b.is_legal(p) {
                b.play(Move::Stone(p)).unwrap();
                if b.outcome().is_some() {
                    b.undo().unwrap();
                }
            }
        }
        out.push(b);
    }
    out
}
