//! `mock_chinese`: a scripted brain that speaks the Tengen protocol extensions (or, with
//! `--ext none`, only plain Gomocup plus optional `YXBLOCK`), for the Chinese-rules tests.
//!
//! Every line it receives is echoed to stderr as `<< line`, so a test can read from the
//! engine log what the manager sent (e.g. `TURN -1,-1` or `BOARD` after a pass, or
//! `INFO tg_draw_offer 1`).
//!
//! Options (as `arg=` fields of an `--engine` spec; lists use `;` instead of spaces):
//!
//! | option | meaning |
//! |---|---|
//! | `--ext opening,pass,draw` | features declared to `TGEXT` (default all three); `none`: `UNKNOWN`; `silent`: no answer; `error`: `ERROR` |
//! | `--opening 7,7;7,6;7,5;2` | the `TGOPENING` answer, verbatim with `;` as spaces; `cycle`: in game k (counted from `START`/`RESTART`), designated opening k mod 26 in orientation k / 26 mod 8, N = 1 |
//! | `--swap yes\|no\|TEXT` | the `TGSWAP` answer: `SWAP`, `NOSWAP` (default) or TEXT verbatim |
//! | `--offers 6,6;8,8` | the `TGOFFER` answer (default: the first N legal, non-equivalent points closest to the centre) |
//! | `--choose 6,6;9,9` | the `TGCHOOSE` answer (default: the first offer and the closest legal point) |
//! | `--script 8,8;pass;9,9+draw;draw` | answers to move requests in order: a point, `pass` (`-1,-1`), `x,y+draw` (`x,y DRAW`), `draw` (`DRAW`); then the closest legal point |
//! | `--accept` | answer `DRAW` to every draw offer (after `INFO tg_draw_offer 1`) |
//! | `--yxblock` | know `YXBLOCK`/`YXBLOCKRESET` (silently) and avoid blocked points |
//! | `--chatty` | answer `OK` to `YXBLOCK` and `YXBLOCKRESET` (which need no answer) |
//! | `--slow WORD:MS` | sleep MS milliseconds before answering the command WORD (e.g. `TGSWAP:1500`) |

use std::io::{BufRead, Write};

use tengen_rules::{
    equivalent_fifth, Board, Color, Equivalence, Move, Pos, Rule, Symmetry, OPENINGS,
};

struct Config {
    ext: Option<String>,
    opening: String,
    swap: String,
    offers: Option<String>,
    choose: Option<String>,
    script: Vec<String>,
    accept: bool,
    yxblock: bool,
    slow: Option<(String, u64)>,
    chatty: bool,
    /// The `--ext` word, for the plain variants (`silent`, `error`).
    quirk: String,
}

fn parse_args() -> Config {
    let mut c = Config {
        ext: Some("opening pass draw".into()),
        opening: "7,7 7,6 7,5 2".into(),
        swap: "no".into(),
        offers: None,
        choose: None,
        script: Vec::new(),
        accept: false,
        yxblock: false,
        slow: None,
        chatty: false,
        quirk: String::new(),
    };
    let mut it = std::env::args().skip(1);
    let spaced = |s: String| s.replace(';', " ");
    while let Some(a) = it.next() {
        let mut val = || it.next().unwrap_or_default();
        match a.as_str() {
            "--ext" => {
                let v = val();
                let plain = ["none", "silent", "error"].contains(&v.as_str());
                c.ext = (!plain).then(|| v.replace(',', " "));
                c.quirk = v;
            }
            "--opening" => c.opening = spaced(val()),
            "--swap" => c.swap = val(),
            "--offers" => c.offers = Some(spaced(val())),
            "--choose" => c.choose = Some(spaced(val())),
            "--script" => c.script = val().split(';').map(str::to_string).collect(),
            "--accept" => c.accept = true,
            "--yxblock" => c.yxblock = true,
            "--chatty" => c.chatty = true,
            "--slow" => {
                let v = val();
                if let Some((w, ms)) = v.split_once(':') {
                    c.slow = Some((w.to_ascii_uppercase(), ms.parse().unwrap_or(0)));
                }
            }
            _ => {}
        }
    }
    c
}

struct Brain {
    cfg: Config,
    rule: Rule,
    size: u8,
    board: Board,
    blocked: Vec<Pos>,
    step: usize,
    offered: bool,
    /// Games started (`START`/`RESTART`), for `--opening cycle`.
    games: usize,
    out: std::io::Stdout,
}

impl Brain {
    fn say(&mut self, line: &str) {
        let mut o = self.out.lock();
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    }

    /// Empty, legal, unblocked points, closest to the centre first.
    fn closest(&self, board: &Board) -> Vec<Pos> {
        let c = i32::from(self.size / 2);
        let mut v: Vec<Pos> = board
            .empty_points()
            .filter(|&p| board.is_legal(p) && !self.blocked.contains(&p))
            .collect();
        v.sort_by_key(|p| {
            let (dx, dy) = (i32::from(p.x) - c, i32::from(p.y) - c);
            (dx * dx + dy * dy, p.y, p.x)
        });
        v
    }

    /// Set the position from block lines `x,y,f` (f relative to the side to move next):
    /// passes are read from `-1,-1,f` lines and from two stones of one side in a row.
    fn set_block(&mut self, lines: &[String], own_moves_next: bool) {
        let mut stones: Vec<(Move, u8)> = Vec::new();
        for l in lines {
            let f: Vec<&str> = l.split(',').map(str::trim).collect();
            if f.len() != 3 {
                continue;
            }
            let (Ok(x), Ok(y), Ok(who)) = (f[0].parse::<i32>(), f[1].parse::<i32>(), f[2].parse())
            else {
                continue;
            };
            let m = if x < 0 {
                Move::Pass
            } else {
                Move::Stone(Pos::new(x as u8, y as u8))
            };
            stones.push((m, who));
        }
        let mut b = Board::new(self.size, self.rule);
        // The first stone is black: its field says which number black has.
        let black_field = stones.first().map_or(1, |s| s.1);
        for (m, f) in &stones {
            let colour = if *f == black_field {
                Color::Black
            } else {
                Color::White
            };
            if b.side_to_move() != colour {
                let _ = b.play(Move::Pass);
            }
            let _ = b.play(*m);
        }
        if own_moves_next {
            // Field 1 moves next: if the last stone was its own, the opponent passed.
            let own_black = black_field == 1;
            let own = if own_black {
                Color::Black
            } else {
                Color::White
            };
            if !stones.is_empty() && b.side_to_move() != own {
                let _ = b.play(Move::Pass);
            }
        }
        self.board = b;
    }

    fn mv(&mut self) {
        if std::mem::take(&mut self.offered) && self.cfg.accept {
            return self.say("DRAW");
        }
        let token = self.cfg.script.get(self.step).cloned();
        self.step += 1;
        let answer = match token.as_deref() {
            Some("pass") => "-1,-1".to_string(),
            Some("draw") => "DRAW".to_string(),
            Some(t) if t.ends_with("+draw") => format!("{} DRAW", &t[..t.len() - 5]),
            Some(t) if !t.is_empty() => t.to_string(),
            _ => match self.closest(&self.board.clone()).first() {
                Some(p) => p.to_xy(),
                None => "-1,-1".to_string(),
            },
        };
        let first = answer.split_whitespace().next().unwrap_or("");
        if let Ok(m) = Move::parse_xy(first) {
            let _ = self.board.play(m);
        }
        self.say(&answer);
    }
}

fn read_block(lines: &mut impl Iterator<Item = String>) -> Vec<String> {
    let mut v = Vec::new();
    for l in lines.by_ref() {
        eprintln!("<< {l}");
        if l.trim().eq_ignore_ascii_case("DONE") {
            break;
        }
        v.push(l.trim().to_string());
    }
    v
}

fn main() {
    let cfg = parse_args();
    let mut brain = Brain {
        cfg,
        rule: Rule::Renju,
        size: 15,
        board: Board::new(15, Rule::Renju),
        blocked: Vec::new(),
        step: 0,
        offered: false,
        games: 0,
        out: std::io::stdout(),
    };
    let stdin = std::io::stdin();
    let mut lines = stdin
        .lock()
        .lines()
        .map_while(Result::ok)
        .map(|l| l.trim_end_matches('\r').to_string());
    while let Some(line) = lines.next() {
        eprintln!("<< {line}");
        let t = line.trim();
        let (cmd, rest) = t.split_once(' ').unwrap_or((t, ""));
        let rest = rest.trim();
        if let Some((w, ms)) = &brain.cfg.slow {
            if cmd.eq_ignore_ascii_case(w) {
                std::thread::sleep(std::time::Duration::from_millis(*ms));
            }
        }
        match cmd.to_ascii_uppercase().as_str() {
            "" => {}
            "START" => {
                brain.size = rest.parse().unwrap_or(15);
                brain.board = Board::new(brain.size, brain.rule);
                brain.step = 0;
                brain.games += 1;
                brain.say("OK");
            }
            "RESTART" => {
                brain.games += 1;
                brain.board = Board::new(brain.size, brain.rule);
                brain.step = 0;
                brain.blocked.clear();
                brain.say("OK");
            }
            "ABOUT" => brain.say("name=\"mock-chinese\", version=\"1\""),
            "END" => return,
            "INFO" => {
                let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                if k.eq_ignore_ascii_case("rule") {
                    brain.rule = v
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .and_then(|r| Rule::from_info(r).ok())
                        .unwrap_or(Rule::Renju);
                    brain.board = Board::new(brain.size, brain.rule);
                } else if k.eq_ignore_ascii_case("tg_draw_offer") {
                    brain.offered = v.trim() == "1";
                }
            }
            "TGEXT" => match brain.cfg.ext.clone() {
                Some(f) => brain.say(&format!("TGEXT 1 {f}")),
                None if brain.cfg.quirk == "silent" => {}
                None if brain.cfg.quirk == "error" => brain.say("ERROR unknown command"),
                None => brain.say("UNKNOWN TGEXT"),
            },
            "YXBLOCKRESET" if brain.cfg.yxblock => {
                brain.blocked.clear();
                if brain.cfg.chatty {
                    brain.say("OK");
                }
            }
            "YXBLOCK" if brain.cfg.yxblock => {
                for l in read_block(&mut lines) {
                    if let Ok(p) = Pos::parse_xy(&l) {
                        brain.blocked.push(p);
                    }
                }
                if brain.cfg.chatty {
                    brain.say("OK");
                }
            }
            "BEGIN" => brain.mv(),
            "TURN" => {
                if let Ok(m) = Move::parse_xy(rest) {
                    let _ = brain.board.play(m);
                }
                brain.mv();
            }
            "BOARD" => {
                let block = read_block(&mut lines);
                brain.set_block(&block, true);
                brain.mv();
            }
            "TGOPENING" if brain.cfg.ext.is_some() => {
                read_block(&mut lines);
                let o = if brain.cfg.opening == "cycle" {
                    let k = brain.games.saturating_sub(1);
                    let centre = Pos::new(brain.size / 2, brain.size / 2);
                    let sym = Symmetry::ALL[(k / OPENINGS.len()) % 8];
                    let stones = OPENINGS[k % OPENINGS.len()].stones(centre, sym);
                    format!(
                        "{} {} {} 1",
                        stones[0].to_xy(),
                        stones[1].to_xy(),
                        stones[2].to_xy()
                    )
                } else {
                    brain.cfg.opening.clone()
                };
                brain.say(&o);
            }
            "TGSWAP" if brain.cfg.ext.is_some() => {
                read_block(&mut lines);
                let answer = match brain.cfg.swap.as_str() {
                    "yes" => "SWAP".to_string(),
                    "no" => "NOSWAP".to_string(),
                    other => other.to_string(),
                };
                brain.say(&answer);
            }
            "TGOFFER" if brain.cfg.ext.is_some() => {
                let block = read_block(&mut lines);
                brain.set_block(&block, false);
                let n: usize = rest.parse().unwrap_or(1);
                let answer = match brain.cfg.offers.clone() {
                    Some(o) => o,
                    None => {
                        let b = brain.board.clone();
                        let stones: Vec<(Pos, Color)> = b
                            .moves()
                            .iter()
                            .filter_map(|m| m.pos())
                            .filter_map(|p| b.stone(p).map(|c| (p, c)))
                            .collect();
                        let mut chosen: Vec<Pos> = Vec::new();
                        for p in brain.closest(&b) {
                            if chosen.len() == n {
                                break;
                            }
                            let same = chosen.iter().any(|&q| {
                                equivalent_fifth(&stones, q, p, Equivalence::Shape, brain.size)
                            });
                            if !same {
                                chosen.push(p);
                            }
                        }
                        chosen
                            .iter()
                            .map(|p| p.to_xy())
                            .collect::<Vec<_>>()
                            .join(" ")
                    }
                };
                brain.say(&answer);
            }
            "TGCHOOSE" if brain.cfg.ext.is_some() => {
                let block = read_block(&mut lines);
                brain.set_block(&block, false);
                let answer = match brain.cfg.choose.clone() {
                    Some(c) => c,
                    None => {
                        let first = rest.split_whitespace().next().unwrap_or("7,7").to_string();
                        let mut b = brain.board.clone();
                        if let Ok(p) = Pos::parse_xy(&first) {
                            let _ = b.play(Move::Stone(p));
                        }
                        let six = brain
                            .closest(&b)
                            .first()
                            .map_or("-1,-1".into(), |p| p.to_xy());
                        format!("{first} {six}")
                    }
                };
                for t in answer.split_whitespace() {
                    if let Ok(m) = Move::parse_xy(t) {
                        let _ = brain.board.play(m);
                    }
                }
                brain.say(&answer);
            }
            "SWAP2BOARD" | "YXBOARD" | "TGOPENING" | "TGSWAP" | "TGOFFER" | "TGCHOOSE" => {
                read_block(&mut lines);
                brain.say(&format!("UNKNOWN {cmd}"));
            }
            _ => brain.say(&format!("UNKNOWN {cmd}")),
        }
    }
}
