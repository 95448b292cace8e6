//! Every case of the shared Renju forbidden-point file, through the public `rules` API.

use tengen_rules::{Board, Color, Forbidden, Move, Pos, Rule};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/renju-forbidden-cases.txt"
));

fn pts(field: &str) -> Vec<Pos> {
    let list = field.split_once('=').expect("key=value").1.trim();
    if list == "-" {
        return Vec::new();
    }
    list.split(',')
        .map(|s| Pos::parse_notation(s, 15).unwrap_or_else(|e| panic!("{s}: {e}")))
        .collect()
}

/// The position with black and white stones interleaved (passes fill the gap when one side
/// has more stones), so that the board's own move-order colours match.
fn board(black: &[Pos], white: &[Pos]) -> Board {
    let mut moves = Vec::new();
    for i in 0..black.len().max(white.len()) {
        moves.push(black.get(i).map_or(Move::Pass, |&p| Move::Stone(p)));
        moves.push(white.get(i).map_or(Move::Pass, |&p| Move::Stone(p)));
    }
    let b = Board::from_moves(15, 15, Rule::Renju, &moves).expect("valid position");
    for &p in black {
        assert_eq!(b.stone(p), Some(Color::Black));
    }
    for &p in white {
        assert_eq!(b.stone(p), Some(Color::White));
    }
    b
}

#[test]
fn every_shared_forbidden_case_agrees() {
    let mut single = 0;
    let mut whole = 0;
    for line in CASES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
        assert_eq!(f.len(), 7, "malformed case line: {line}");
        let (id, black, white) = (f[0], pts(f[2]), pts(f[3]));
        let query = f[4].strip_prefix("query=").unwrap();
        let expect = f[5].strip_prefix("expect=").unwrap();
        let b = board(&black, &white);
        if query == "ALL" {
            whole += 1;
            let mut want: Vec<(Pos, Forbidden)> = if expect == "-" {
                Vec::new()
            } else {
                expect
                    .split(',')
                    .map(|e| {
                        let (p, k) = e.split_once(':').unwrap();
                        (
                            Pos::parse_notation(p, 15).unwrap(),
                            Forbidden::from_code(k).unwrap(),
                        )
                    })
                    .collect()
            };
            want.sort();
            let mut got = b.forbidden_points();
            got.sort();
            let show = |v: &[(Pos, Forbidden)]| {
                v.iter()
                    .map(|(p, k)| format!("{}:{k}", p.to_notation(15)))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            assert_eq!(show(&got), show(&want), "{id}: whole-board forbidden set");
        } else {
            single += 1;
            let p = Pos::parse_notation(query, 15).unwrap();
            let got = b.forbidden(p);
            match expect {
                "NONE" => assert_eq!(got, None, "{id}: {query} should be legal"),
                "FIVE" => {
                    assert_eq!(got, None, "{id}: a five is never forbidden");
                    // The case positions need not be game prefixes (X002 already holds a
                    // five), so judge the run through the query point directly.
                    let mut with = black.clone();
                    with.push(p);
                    let after = board(&with, &white);
                    assert!(
                        after.five_through(p, Color::Black).is_some(),
                        "{id}: five at {query}"
                    );
                }
                code => {
                    assert_eq!(
                        got,
                        Forbidden::from_code(code),
                        "{id}: {query} expected {code}"
                    );
                }
            }
        }
    }
    assert!(
        single >= 40 && whole >= 10,
        "case file read: {single} single, {whole} whole-board"
    );
}

/// A 7x7 Renju position in move order (black to move, 24 stones each, no five) whose one
/// empty point, d4, is an overline for black (rows 7 to 1):
/// `BWWWBBB WBBBWWW BWWWWBW BBB.BBB BWBWBWB WWWBBWW WWBBWWB`.
const ONLY_FORBIDDEN: &str =
    "a7b7e7c7f7d7g7a6b6e6c6f6d6g6a5b5f5c5a4d5b4e5c4g5e4b3f4d3g4f3a3a2c3b2e3c2g3f2d2g2e2a1c1b1d1e1g1f1";

fn seven(rule: Rule) -> Board {
    let moves: Vec<Move> = Pos::parse_notation_run(ONLY_FORBIDDEN, 7)
        .unwrap()
        .into_iter()
        .map(Move::Stone)
        .collect();
    Board::from_moves(7, 7, rule, &moves).expect("valid position")
}

#[test]
fn black_whose_every_empty_point_is_forbidden_has_no_legal_stone() {
    let b = seven(Rule::Renju);
    assert!(b.outcome().is_none());
    let d4 = Pos::new(3, 3);
    assert_eq!(b.forbidden(d4), Some(Forbidden::Overline));
    assert!(!b.has_legal_stone());
    // The same point is an ordinary move in freestyle, and white could take it under Renju.
    assert!(seven(Rule::Freestyle).has_legal_stone());
    let mut w = b.clone();
    w.pass().unwrap();
    assert!(w.has_legal_stone());
}
