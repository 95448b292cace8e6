//! Which games a run plays: pairings for each tournament kind, colours, openings, game
//! numbers. Everything is a pure function of the configuration (and, for knockout, of the
//! results so far), so a resumed run plans exactly the same games.

use tengen_rules::Pos;

use crate::opening::{OpeningBook, OpeningOrder, OpeningSchedule};

/// The kinds of tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TournamentKind {
    /// Two engines.
    #[default]
    Match,
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
    /// Single elimination; drawn mini-matches get tie-break pairs.
    Knockout,
}

impl std::str::FromStr for TournamentKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "match" => Ok(TournamentKind::Match),
            "roundrobin" | "round-robin" | "rr" => Ok(TournamentKind::RoundRobin),
            "gauntlet" => Ok(TournamentKind::Gauntlet),
            "knockout" | "ko" => Ok(TournamentKind::Knockout),
            other => Err(format!(
                "unknown tournament {other:?} (expected match, roundrobin, gauntlet or knockout)"
            )),
        }
    }
}

/// One planned game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedGame {
    /// Game number (unique in the run; the key in the results file).
    pub id: u64,
    /// Pair number: both games of an opening with colours swapped share it.
    pub pair: Option<u64>,
    /// Engine index with black (or Swap2 player A).
    pub black: usize,
    /// Engine index with white (or Swap2 player B).
    pub white: usize,
    /// Opening stones (empty: free).
    pub opening: Vec<Pos>,
    /// Opening index in the book.
    pub opening_index: Option<usize>,
    /// Opening name.
    pub opening_name: Option<String>,
}

/// What the planner needs to know about openings.
#[derive(Debug, Clone)]
pub struct OpeningPlan {
    /// The book (`None`: free openings).
    pub book: Option<OpeningBook>,
    /// The order in which it is used.
    pub order: OpeningOrder,
    /// Seed for random symmetries per pair (`None`: as written).
    pub symmetry_seed: Option<u64>,
    /// Board size.
    pub size: u8,
}

impl OpeningPlan {
    fn schedule(&self) -> OpeningSchedule {
        let len = self.book.as_ref().map_or(1, OpeningBook::len);
        OpeningSchedule::new(len, self.order, self.symmetry_seed, true)
    }

    /// Game `k` of a mini-match between engines `a` and `b` (a has black in even games).
    fn game(
        &self,
        sched: &OpeningSchedule,
        id: u64,
        k: u64,
        a: usize,
        b: usize,
        games: u64,
    ) -> PlannedGame {
        let s = sched.game(k);
        let (black, white) = if s.swapped { (b, a) } else { (a, b) };
        // A lone last game (odd count) has no partner.
        let paired = (k / 2) * 2 + 1 < games;
        let (opening, opening_index, opening_name) = match &self.book {
            Some(book) => {
                let o = book.get(s.opening).expect("schedule index within the book");
                // Books are checked against the board size when the run is configured.
                let stones = o.stones(self.size, s.symmetry).unwrap_or_default();
                (stones, Some(s.opening), Some(o.name.clone()))
            }
            None => (Vec::new(), None, None),
        };
        PlannedGame {
            id,
            pair: paired.then_some(k / 2),
            black,
            white,
            opening,
            opening_index,
            opening_name,
        }
    }
}

/// The pairings (a, b) of a round: a has black in the first game of each pair.
#[must_use]
pub fn pairings(kind: TournamentKind, engines: usize) -> Vec<(usize, usize)> {
    match kind {
        TournamentKind::Match => vec![(0, 1)],
        TournamentKind::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        TournamentKind::RoundRobin | TournamentKind::Knockout => {
            let mut v = Vec::new();
            for i in 0..engines {
                for j in i + 1..engines {
                    v.push((i, j));
                }
            }
            v
        }
    }
}

/// Every game of a match, round-robin or gauntlet: `rounds` x pairings x `games`, ordered so
/// that the two games of a pair are adjacent and pairings take turns.
#[must_use]
pub fn plan_static(
    kind: TournamentKind,
    engines: usize,
    games: u64,
    rounds: u64,
    openings: &OpeningPlan,
) -> Vec<PlannedGame> {
    let sched = openings.schedule();
    let pairs = pairings(kind, engines);
    let mut out = Vec::new();
    let mut id = 0u64;
    for r in 0..rounds {
        let mut k = 0;
        while k < games {
            for &(a, b) in &pairs {
                // Colours alternate from round to round as well as within each pair.
                let (a, b) = if r % 2 == 1 { (b, a) } else { (a, b) };
                let take = (games - k).min(2);
                for j in 0..take {
                    let kk = r * games + k + j;
                    let g = openings.game(&sched, id, kk, a, b, (r + 1) * games);
                    out.push(PlannedGame {
                        pair: g.pair.map(|_| id - j),
                        ..g
                    });
                    id += 1;
                }
            }
            k += 2;
        }
    }
    out
}

/// A knockout mini-match: its two engines, the games planned so far and its winner once known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MiniMatch {
    /// The higher seed (lower index).
    pub a: usize,
    /// The lower seed.
    pub b: usize,
    /// Ids of its games.
    pub games: Vec<u64>,
}

/// The first knockout round for `engines` seeds: seed i meets seed n-1-i among the top
/// power of two; seeds without an opponent (when the field is not a power of two) go through
/// at once (a bye). Returns the mini-matches and the byes.
#[must_use]
pub fn knockout_round(seeds: &[usize]) -> (Vec<(usize, usize)>, Vec<usize>) {
    let n = seeds.len();
    if n < 2 {
        return (Vec::new(), seeds.to_vec());
    }
    let mut size = 1;
    while size * 2 <= n {
        size *= 2;
    }
    if size == n {
        // Already a power of two: everybody plays, best against worst.
        let pairs = (0..n / 2).map(|i| (seeds[i], seeds[n - 1 - i])).collect();
        return (pairs, Vec::new());
    }
    // `n - size` matches bring the field down to `size` players; the best seeds get byes.
    let matches = n - size;
    let byes: Vec<usize> = seeds[..n - 2 * matches].to_vec();
    let playing = &seeds[n - 2 * matches..];
    let m = playing.len();
    let pairs = (0..m / 2)
        .map(|i| (playing[i], playing[m - 1 - i]))
        .collect();
    (pairs, byes)
}

/// Plan `count` games of a knockout mini-match starting at game number `first_id`, using
/// opening slots from `slot` on.
#[must_use]
pub fn plan_mini_match(
    a: usize,
    b: usize,
    first_id: u64,
    slot: u64,
    count: u64,
    openings: &OpeningPlan,
) -> Vec<PlannedGame> {
    let sched = openings.schedule();
    (0..count)
        .map(|j| {
            let g = openings.game(&sched, first_id + j, slot + j, a, b, slot + count);
            PlannedGame {
                pair: g.pair.map(|_| first_id + j - j % 2),
                ..g
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free() -> OpeningPlan {
        OpeningPlan {
            book: None,
            order: OpeningOrder::Sequential,
            symmetry_seed: None,
            size: 15,
        }
    }

    #[test]
    fn a_match_alternates_colours_in_pairs() {
        let g = plan_static(TournamentKind::Match, 2, 4, 1, &free());
        let colours: Vec<(usize, usize)> = g.iter().map(|g| (g.black, g.white)).collect();
        assert_eq!(colours, vec![(0, 1), (1, 0), (0, 1), (1, 0)]);
        assert_eq!(g.iter().map(|g| g.id).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
        assert_eq!(g[0].pair, g[1].pair);
        assert_ne!(g[1].pair, g[2].pair);
    }

    #[test]
    fn each_opening_is_played_twice_with_colours_swapped() {
        let book = OpeningBook::renju26();
        let plan = OpeningPlan {
            book: Some(book),
            order: OpeningOrder::Random(7),
            symmetry_seed: Some(3),
            size: 15,
        };
        let g = plan_static(TournamentKind::Match, 2, 6, 1, &plan);
        for pair in g.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(pair[0].black, pair[1].white);
            assert_eq!(pair[0].opening.len(), 3);
        }
        // Replanning gives the same games (what resume relies on).
        assert_eq!(g, plan_static(TournamentKind::Match, 2, 6, 1, &plan));
    }

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        assert_eq!(
            pairings(TournamentKind::RoundRobin, 3),
            vec![(0, 1), (0, 2), (1, 2)]
        );
        assert_eq!(
            pairings(TournamentKind::Gauntlet, 4),
            vec![(0, 1), (0, 2), (0, 3)]
        );
        let g = plan_static(TournamentKind::RoundRobin, 3, 2, 2, &free());
        assert_eq!(g.len(), 12);
        let odd = plan_static(TournamentKind::Match, 2, 3, 1, &free());
        assert_eq!(odd.len(), 3);
        assert_eq!(odd[2].pair, None);
    }

    #[test]
    fn knockout_byes_go_to_the_best_seeds() {
        let (pairs, byes) = knockout_round(&[0, 1, 2, 3]);
        assert_eq!(pairs, vec![(0, 3), (1, 2)]);
        assert!(byes.is_empty());
        let (pairs, byes) = knockout_round(&[0, 1, 2, 3, 4]);
        assert_eq!(byes, vec![0, 1, 2]);
        assert_eq!(pairs, vec![(3, 4)]);
        let (pairs, byes) = knockout_round(&[0, 1, 2]);
        assert_eq!(byes, vec![0]);
        assert_eq!(pairs, vec![(1, 2)]);
    }
}
