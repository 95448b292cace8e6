//! A second opinion on Renju forbidden points: an independent, window-based implementation
//! of spec §2-§3 (written for testing only, deliberately unlike the run-based checker in
//! `forbid.rs`) compared with `Board::forbidden` on positions reached by legal random play.
//!
//! The suite compares 20,000 positions; the full million-position comparison is
//! `SECOND_OPINION_POSITIONS=1000000 cargo test --release -p tengen-rules --test second_opinion`.
//! Any disagreement is printed as a line in the format of the shared case file, ready to be
//! added to the case data.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_rules::{Board, Color, Forbidden, Move, Pos, Rule};

/// A plain 2D model: 0 empty, 1 black, 2 white; off-board reads as 3.
#[derive(Clone)]
struct Model {
    n: i32,
    cells: Vec<u8>,
}

impl Model {
    fn from_board(b: &Board) -> Model {
        let n = i32::from(b.width());
        let cells = b
            .points()
            .map(|p| match b.stone(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            })
            .collect();
        Model { n, cells }
    }

    fn get(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.n || y >= self.n {
            3
        } else {
            self.cells[(y * self.n + x) as usize]
        }
    }

    fn set(&mut self, x: i32, y: i32, v: u8) {
        self.cells[(y * self.n + x) as usize] = v;
    }

    /// The line through (x, y) in direction d as 11 cells, index 5 = (x, y).
    fn line(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> [u8; 11] {
        let mut l = [3u8; 11];
        for (k, c) in l.iter_mut().enumerate() {
            let o = k as i32 - 5;
            *c = self.get(x + dx * o, y + dy * o);
        }
        l
    }
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Length of the black run through index 5 of a line.
fn run_len(l: &[u8; 11]) -> usize {
    let mut a = 5;
    while a > 0 && l[a - 1] == 1 {
        a -= 1;
    }
    let mut b = 5;
    while b < 10 && l[b + 1] == 1 {
        b += 1;
    }
    b - a + 1
}

/// Completion points (line indices) of the fours through index 5: windows of 5 cells that
/// contain index 5, hold 4 black and 1 empty, and are not extended by a black neighbour.
fn four_points(l: &[u8; 11]) -> Vec<usize> {
    let mut pts = Vec::new();
    for s in 1..=5usize {
        let w = &l[s..s + 5];
        if !(s..s + 5).contains(&5) || w.iter().filter(|&&c| c == 1).count() != 4 {
            continue;
        }
        let Some(e) = w.iter().position(|&c| c == 0) else {
            continue;
        };
        if l[s - 1] == 1 || (s + 5 <= 10 && l[s + 5] == 1) {
            continue;
        }
        if !pts.contains(&(s + e)) {
            pts.push(s + e);
        }
    }
    pts.sort_unstable();
    pts
}

/// The empty indices q such that filling q makes a straight four `.XXXX.` (both ends empty,
/// the cells beyond them not black) whose four stones include index 5 and q.
fn straight_four_points(l: &[u8; 11]) -> Vec<usize> {
    let mut out = Vec::new();
    for q in 1..10usize {
        if l[q] != 0 {
            continue;
        }
        let mut m = *l;
        m[q] = 1;
        for s in 0..=4usize {
            // window s..s+6: . X X X X .
            let w = &m[s..s + 6];
            let four = w[0] == 0 && w[5] == 0 && w[1..5].iter().all(|&c| c == 1);
            let inside = (s + 1..s + 5).contains(&5) && (s + 1..s + 5).contains(&q);
            let beyond_ok = (s == 0 || m[s - 1] != 1) && (s + 6 > 10 || m[s + 6] != 1);
            if four && inside && beyond_ok {
                out.push(q);
                break;
            }
        }
    }
    out
}

fn verdict(m: &mut Model, x: i32, y: i32) -> Option<Forbidden> {
    m.set(x, y, 1);
    let v = judge(m, x, y);
    m.set(x, y, 0);
    v
}

fn judge(m: &mut Model, x: i32, y: i32) -> Option<Forbidden> {
    let lines: Vec<[u8; 11]> = DIRS.iter().map(|&d| m.line(x, y, d)).collect();
    if lines.iter().any(|l| run_len(l) == 5) {
        return None;
    }
    if lines.iter().any(|l| run_len(l) >= 6) {
        return Some(Forbidden::Overline);
    }
    let mut fours = 0;
    let mut has_four = [false; 4];
    for (d, l) in lines.iter().enumerate() {
        let q = four_points(l);
        let n = if q.len() == 2 && q[1] - q[0] == 5 {
            1
        } else {
            q.len()
        };
        has_four[d] = n > 0;
        fours += n;
    }
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let mut threes = 0;
    for (d, l) in lines.iter().enumerate() {
        if has_four[d] {
            continue;
        }
        let (dx, dy) = DIRS[d];
        let real = straight_four_points(l).into_iter().any(|q| {
            let o = q as i32 - 5;
            verdict(m, x + dx * o, y + dy * o).is_none()
        });
        threes += usize::from(real);
    }
    (threes >= 2).then_some(Forbidden::DoubleThree)
}

fn positions_to_check() -> usize {
    std::env::var("SECOND_OPINION_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

#[test]
fn independent_checker_agrees_on_random_legal_positions() {
    let total = positions_to_check();
    let mut rng = StdRng::seed_from_u64(0x5EC0_0D0F);
    let (mut positions, mut forbidden_seen, mut disagreements) = (0usize, 0usize, Vec::new());
    while positions < total {
        let mut b = Board::new(15, Rule::Renju);
        // Dense play in the middle makes threes and fours, hence forbidden points, common.
        let radius = rng.gen_range(3..=6u8);
        while b.outcome().is_none() && positions < total {
            let legal: Vec<Pos> = (7 - radius..=7 + radius)
                .flat_map(|y| (7 - radius..=7 + radius).map(move |x| Pos::new(x, y)))
                .filter(|&p| b.is_legal(p))
                .collect();
            if legal.is_empty() {
                break;
            }
            b.play(Move::Stone(legal[rng.gen_range(0..legal.len())]))
                .unwrap();
            positions += 1;
            let Some(Move::Stone(last)) = b.last_move() else {
                continue;
            };
            let mut model = Model::from_board(&b);
            // A move changes forbidden status only within 5 points of it on its lines and
            // nearby; comparing the 11x11 box around it keeps the suite quick.
            for y in last.y.saturating_sub(5)..=(last.y + 5).min(14) {
                for x in last.x.saturating_sub(5)..=(last.x + 5).min(14) {
                    let p = Pos::new(x, y);
                    if !b.is_empty_at(p) {
                        continue;
                    }
                    let fast = b.forbidden(p);
                    let slow = verdict(&mut model, i32::from(x), i32::from(y));
                    forbidden_seen += usize::from(fast.is_some());
                    if fast != slow && disagreements.len() < 20 {
                        disagreements.push(case_line(&b, p, slow));
                    }
                }
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "disagreements:\n{}",
        disagreements.join("\n")
    );
    assert!(
        forbidden_seen > total / 20,
        "too few forbidden points met ({forbidden_seen}) to mean much"
    );
}

/// A line in the shared case-file format, with the independent checker's answer.
fn case_line(b: &Board, p: Pos, slow: Option<Forbidden>) -> String {
    let list = |c: Color| {
        b.points()
            .filter(|&q| b.stone(q) == Some(c))
            .map(|q| q.to_notation(15))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "Rxxx | second-opinion | black={} | white={} | query={} | expect={} | board says {:?}",
        list(Color::Black),
        list(Color::White),
        p.to_notation(15),
        slow.map_or("NONE", Forbidden::code),
        b.forbidden(p)
    )
}
