//! The pure modules together, as the running side uses them: an opening book and its
//! schedule, games played on `tengen_rules::Board` with clocks charging simulated times,
//! records written in all three formats and read back, replays that reach the same end,
//! and the results table and SPRT fed from the records.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tengen_manager::clock::{Clock, ClockVerdict, TimeControl};
use tengen_manager::opening::{OpeningBook, OpeningOrder, OpeningSchedule};
use tengen_manager::record::{
    from_json_line, parse_psq, parse_sgf, to_json_line, to_psq, to_sgf, EndReason, GameRecord,
    GameResult, MoveRecord,
};
use tengen_manager::sprt::{Sprt, SprtDecision};
use tengen_manager::stats::ResultsTable;
use tengen_rules::{Board, Color, Move, Pos, Rule};

const FREESTYLE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/freestyle-openings.txt"
));

/// A point near the existing stones, chosen at random.
fn random_move(b: &Board, rng: &mut StdRng) -> Option<Pos> {
    let near: Vec<Pos> = b
        .empty_points()
        .filter(|p| {
            (-2..=2).any(|dx| {
                (-2..=2).any(|dy| {
                    p.offset(dx, dy, b.width(), b.height())
                        .is_some_and(|q| b.stone(q).is_some())
                })
            })
        })
        .collect();
    near.choose(rng).copied()
}

/// Play one game from `opening` between "strong" (who finds fives more often) and "weak".
fn play_game(
    game: u64,
    pair: u64,
    players: (&str, &str),
    (rule, size): (Rule, u8),
    opening: &[Move],
    rng: &mut StdRng,
) -> GameRecord {
    let (black, white) = players;
    let tc = TimeControl::parse("60+1,warn=5x3").unwrap();
    let mut clocks = [
        Clock::new(&tc, Duration::from_millis(1000)),
        Clock::new(&tc, Duration::from_millis(1000)),
    ];
    let mut board = Board::new(size, rule);
    let mut moves: Vec<MoveRecord> = Vec::new();
    for &m in opening {
        board.play(m).unwrap();
        moves.push(MoveRecord::new(m, 0));
    }
    let (result, reason) = loop {
        if let Some(o) = board.outcome() {
            break match o.winner() {
                Some(c) => (GameResult::win_for(c), EndReason::Five),
                None => (GameResult::Draw, EndReason::BoardFull),
            };
        }
        if board.move_count() >= 60 {
            break (GameResult::Draw, EndReason::Adjudication);
        }
        let side = board.side_to_move();
        let name = if side == Color::Black { black } else { white };
        // The strong player takes a winning point when there is one.
        let win = (name == "strong")
            .then(|| {
                board.empty_points().find(|&p| {
                    let mut b = board.clone();
                    b.play(Move::Stone(p))
                        .ok()
                        .flatten()
                        .and_then(|o| o.winner())
                        == Some(side)
                })
            })
            .flatten();
        let Some(p) = win.or_else(|| random_move(&board, rng)) else {
            break (GameResult::Draw, EndReason::BoardFull);
        };
        let elapsed = Duration::from_millis(rng.gen_range(0..2500));
        let mut rec = MoveRecord::new(Move::Stone(p), elapsed.as_millis() as u64);
        match clocks[side.index()].charge(elapsed) {
            ClockVerdict::Ok => {}
            ClockVerdict::Warning(n) => rec.warning = Some(n),
            ClockVerdict::TimeLoss(_) => unreachable!("moves stay under the limit"),
        }
        if board.forbidden(p).is_some() {
            moves.push(rec);
            let kind = board.forbidden(p).unwrap().into();
            break (GameResult::WhiteWin, EndReason::Forbidden(kind));
        }
        board.play(Move::Stone(p)).unwrap();
        moves.push(rec);
    };
    GameRecord {
        game,
        pair: Some(pair),
        black: black.into(),
        white: white.into(),
        rule,
        width: size,
        height: size,
        opening_index: None,
        opening_name: None,
        opening_len: opening.len(),
        moves,
        result,
        reason,
        detail: None,
        notes: Vec::new(),
        time_control: tc.to_string(),
        tolerance_ms: 1000,
        start_time: "2026-11-29T13:00:00Z".into(),
    }
}

/// Replays `moves`; for a forbidden-move loss the last move is checked, not played.
fn replay_end(rule: Rule, size: u8, moves: &[Move], reason: EndReason) -> (Option<Color>, bool) {
    let (body, last) = match reason {
        EndReason::Forbidden(_) => (&moves[..moves.len() - 1], moves.last().copied()),
        _ => (moves, None),
    };
    let b = Board::from_moves(size, size, rule, body).unwrap();
    let forbidden = last
        .and_then(|m| m.pos())
        .is_some_and(|p| b.forbidden(p).is_some());
    (b.outcome().and_then(|o| o.winner()), forbidden)
}

fn check_round_trips(r: &GameRecord) {
    let moves = r.all_moves();
    let expect = replay_end(r.rule, r.width, &moves, r.reason);
    assert_eq!(
        expect.0,
        if r.reason == EndReason::Five {
            r.result.winner()
        } else {
            None
        }
    );
    assert_eq!(expect.1, matches!(r.reason, EndReason::Forbidden(_)));

    let json = from_json_line(&to_json_line(r)).unwrap();
    assert_eq!(&json, r);

    let psq = parse_psq(&to_psq(r)).unwrap();
    let psq_moves: Vec<Move> = psq.moves.iter().map(|m| m.0).collect();
    assert_eq!(psq_moves, moves);
    assert_eq!(psq.trailer[..2], [r.black.clone(), r.white.clone()]);
    assert_eq!(replay_end(r.rule, psq.width, &psq_moves, r.reason), expect);

    let sgf = parse_sgf(&to_sgf(r)).unwrap();
    let sgf_moves: Vec<Move> = sgf.moves.iter().map(|m| m.1).collect();
    assert_eq!(sgf_moves, moves);
    assert_eq!(sgf.rule.as_deref(), Some(r.rule.name()));
    assert_eq!(replay_end(r.rule, sgf.width, &sgf_moves, r.reason), expect);
}

#[test]
fn freestyle_match_from_the_shared_book() {
    let book = OpeningBook::parse(FREESTYLE, 20).unwrap();
    let schedule = OpeningSchedule::new(book.len(), OpeningOrder::Random(5), Some(9), true);
    let mut rng = StdRng::seed_from_u64(1);
    let mut table = ResultsTable::with_engines(&["strong", "weak"]);
    let games = 2 * book.len() as u64;
    for g in 0..games {
        let s = schedule.game(g);
        let opening = book.moves_for(&s, 20).unwrap();
        let (black, white) = if s.swapped {
            ("weak", "strong")
        } else {
            ("strong", "weak")
        };
        let r = play_game(
            g,
            s.pair,
            (black, white),
            (Rule::Freestyle, 20),
            &opening,
            &mut rng,
        );
        assert_eq!(r.opening_moves(), opening);
        check_round_trips(&r);
        table.add_record(&r);
    }
    let strong = table.engine("strong").unwrap();
    assert_eq!(strong.total.games(), games);
    assert_eq!(strong.penta.pairs(), games / 2, "every pair completed");
    assert!(
        strong.total.score().unwrap() > 0.6,
        "{}",
        table.format_table()
    );
    let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    let st = sprt.test_pentanomial(&strong.penta);
    assert!(st.llr > 0.0, "{st}");
    assert_ne!(st.decision, SprtDecision::AcceptH0);
}

#[test]
fn renju_games_from_the_designated_openings() {
    let book = OpeningBook::renju26();
    let schedule = OpeningSchedule::new(book.len(), OpeningOrder::Sequential, Some(4), true);
    let mut rng = StdRng::seed_from_u64(2);
    let mut forbidden = 0;
    for g in 0..52 {
        let s = schedule.game(g);
        let opening = book.moves_for(&s, 15).unwrap();
        let r = play_game(
            g,
            s.pair,
            ("weak", "weak"),
            (Rule::Renju, 15),
            &opening,
            &mut rng,
        );
        forbidden += usize::from(matches!(r.reason, EndReason::Forbidden(_)));
        check_round_trips(&r);
    }
    // Random renju play runs into black's forbidden points now and then.
    assert!(forbidden > 0);
}
