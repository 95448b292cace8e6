//! How did a player's own score move through the games it lost?
//!
//! ```text
//! cargo run --release -p tengen-engine --example score_trace -- --player NAME
//!     [--depth 12] [--tuning KNOBS] FILE...
//! ```
//!
//! Each `FILE` is a manager `results.jsonl`. For every game `NAME` lost, the position before
//! each of its moves after the opening is searched to a fixed depth (one thread, a fresh
//! 64 MiB table, so the scores do not depend on the machine's load) and the line lists the
//! scores, marking the moves where the search prefers another move than the one played.
//! Forced replies (played without a search) are left out. Each game is then classed by its
//! first and highest scores: lost from the start (a proven loss at the first searched
//! move), worse from the start (below −150), ahead then lost (above +150 at some point),
//! or level then lost. For the games that were ahead, the fall from the highest score to
//! the first one below −300 is *sudden* when one step (one of the player's moves and the
//! reply) carries at least 90% of it: the opponent's reply showed what the search had not
//! seen (a horizon); otherwise *gradual*: the player's judgement let the game slip over
//! several moves. The line also gives the result of the other game of the pair (the same
//! opening with the colours swapped), as `pair: W`, `L` or `D` for the player, so that a
//! loss on a line that the same colour won both times can be told apart.
//!
//! The fifty-third session used it on the 1 s losses to PentaZen (engine/STRENGTH.md).

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use clap::Parser;
use tengen_engine::report;
use tengen_engine::search::{Engine, Limits, Score, WIN_BOUND};
use tengen_engine::settings::parse_tuning;
use tengen_manager::record::{from_json_lines, GameRecord, GameResult};
use tengen_rules::{Color, Move};

/// How did a player's own score move through the games it lost?
#[derive(Debug, Parser)]
struct Options {
    /// The player whose lost games are traced (its name in the records).
    #[arg(long)]
    player: String,
    /// Search depth of each position.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(i32).range(1..=60))]
    depth: i32,
    /// Search knobs, as in `TENGEN_TUNING`.
    #[arg(long, default_value = "")]
    tuning: String,
    /// Manager results.jsonl files.
    #[arg(required = true)]
    files: Vec<String>,
}

/// A score above this counts as ahead, below its negation as worse.
const AHEAD: Score = 150;
/// The fall of an ahead game is measured down to the first score below this.
const FALLEN: Score = -300;
/// Proven results count as this much in a fall, so that one mate does not dwarf the rest.
const CAP: Score = 3000;

/// How a lost game's scores went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Course {
    LostFromStart,
    WorseFromStart,
    LevelThenLost,
    AheadSudden,
    AheadGradual,
}

impl Course {
    fn name(self) -> &'static str {
        match self {
            Course::LostFromStart => "lost from the start",
            Course::WorseFromStart => "worse from the start",
            Course::LevelThenLost => "level, then lost",
            Course::AheadSudden => "ahead, then lost in one step",
            Course::AheadGradual => "ahead, then lost gradually",
        }
    }
}

/// The course of a game from the player's scores (move number, score), in order.
fn course(scores: &[(usize, Score)]) -> Option<Course> {
    let capped: Vec<Score> = scores.iter().map(|&(_, s)| s.clamp(-CAP, CAP)).collect();
    let first = *scores.first()?;
    if first.1 <= -WIN_BOUND {
        return Some(Course::LostFromStart);
    }
    let (peak_at, &peak) = capped
        .iter()
        .enumerate()
        .max_by_key(|&(i, &s)| (s, std::cmp::Reverse(i)))?;
    if peak <= AHEAD {
        return Some(if first.1 < -AHEAD {
            Course::WorseFromStart
        } else {
            Course::LevelThenLost
        });
    }
    let after = &capped[peak_at..];
    let end = after
        .iter()
        .position(|&s| s < FALLEN)
        .unwrap_or(after.len() - 1);
    let fall = after[0] - after[end];
    let step = after[..=end]
        .windows(2)
        .map(|w| w[0] - w[1])
        .max()
        .unwrap_or(0);
    Some(if fall > 0 && step * 10 >= fall * 9 {
        Course::AheadSudden
    } else {
        Course::AheadGradual
    })
}

/// The player's result in game `g` as a letter.
fn letter(g: &GameRecord, color: Color) -> char {
    if g.result == GameResult::win_for(color) {
        'W'
    } else if g.result == GameResult::win_for(color.opponent()) {
        'L'
    } else {
        'D'
    }
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let tuning = parse_tuning(&o.tuning).context("--tuning")?;
    let mut counts: BTreeMap<(String, Course), usize> = BTreeMap::new();
    let mut lost = 0;
    for path in &o.files {
        let text = std::fs::read_to_string(path).with_context(|| path.clone())?;
        let games = from_json_lines(&text).with_context(|| path.clone())?;
        let colour_of = |g: &GameRecord| {
            if g.black == o.player {
                Some(Color::Black)
            } else if g.white == o.player {
                Some(Color::White)
            } else {
                None
            }
        };
        // The player's result in each game, by pair, to look up a game's partner.
        let mut by_pair: HashMap<u64, Vec<(u64, char)>> = HashMap::new();
        for g in &games {
            if let (Some(pair), Some(color)) = (g.pair, colour_of(g)) {
                by_pair
                    .entry(pair)
                    .or_default()
                    .push((g.game, letter(g, color)));
            }
        }
        for g in &games {
            let Some(color) = colour_of(g) else { continue };
            if letter(g, color) != 'L' {
                continue;
            }
            lost += 1;
            let moves = g.all_moves();
            let illegal = |i: usize| format!("{path} game {}: move {} is illegal", g.game, i + 1);
            let mut board = g
                .opening_board()
                .with_context(|| format!("{path} game {}: opening", g.game))?;
            let mut scores = Vec::new();
            let mut shown = Vec::new();
            for (i, &m) in moves.iter().enumerate().skip(g.opening_len) {
                if board.side_to_move() == color {
                    let mut engine = Engine::new(64 << 20, 1);
                    engine.set_tuning(tuning);
                    let stop = AtomicBool::new(false);
                    let r = engine.search(&board, &Limits::depth(o.depth), &stop, &[], &mut |_| {});
                    // A forced reply is played without a search: its score says nothing.
                    if r.nodes > 1 {
                        scores.push((i + 1, r.score));
                        let mut item = format!("{}:{}", i + 1, report::eval(r.score));
                        if let (Move::Stone(best), Move::Stone(played)) = (r.best, m) {
                            if best != played {
                                item += &format!(
                                    "({}≠{})",
                                    best.to_notation(g.height),
                                    played.to_notation(g.height)
                                );
                            }
                        }
                        shown.push(item);
                    }
                }
                board.play(m).with_context(|| illegal(i))?;
            }
            let partner = g
                .pair
                .and_then(|p| by_pair.get(&p))
                .and_then(|v| v.iter().find(|&&(id, _)| id != g.game))
                .map_or('-', |&(_, r)| r);
            let class = course(&scores);
            let class_name = class.map_or("no searched move", Course::name);
            println!(
                "{path} game {} ({color:?}, {} moves, pair: {partner}, {class_name}): {}",
                g.game,
                moves.len(),
                shown.join(" ")
            );
            if let Some(class) = class {
                *counts.entry((format!("{color:?}"), class)).or_default() += 1;
            }
        }
    }
    println!("{lost} games lost by {} (depth {}):", o.player, o.depth);
    for ((colour, class), n) in counts {
        println!("  {colour} {}: {n}", class.name());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course_of(scores: &[Score]) -> Option<Course> {
        let v: Vec<(usize, Score)> = scores.iter().enumerate().map(|(i, &s)| (i, s)).collect();
        course(&v)
    }

    #[test]
    fn courses_follow_the_scores() {
        assert_eq!(course_of(&[]), None);
        assert_eq!(course_of(&[-WIN_BOUND, 0]), Some(Course::LostFromStart));
        assert_eq!(course_of(&[-400, -200, -900]), Some(Course::WorseFromStart));
        assert_eq!(course_of(&[0, 100, -900]), Some(Course::LevelThenLost));
        // +400 to −400 in one step: sudden, whatever comes after.
        assert_eq!(
            course_of(&[0, 400, -400, -WIN_BOUND]),
            Some(Course::AheadSudden)
        );
        // +600 down to −350 in four steps of about 240.
        assert_eq!(
            course_of(&[600, 360, 120, -100, -350]),
            Some(Course::AheadGradual)
        );
        // A proven loss counts as −3000: a step from +200 to it carries the whole fall.
        assert_eq!(
            course_of(&[200, 100, -WIN_BOUND - 5]),
            Some(Course::AheadSudden)
        );
        // A plateau at the top, then two steps down.
        assert_eq!(course_of(&[300, 300, 0, -400]), Some(Course::AheadGradual));
    }
}
