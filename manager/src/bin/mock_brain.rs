//! `mock-brain`: a scriptable Gomocup brain that misbehaves on request, for the manager's
//! tests and overhead benchmark.
//!
//! Usage: `mock-brain [--mode MODE] [--after N] [--ms N] [--delay N] [--seed N] [--script x,y;x,y;…]`
//! (`--delay N`: sleep N ms before every move, in any mode; `--times N`: misbehave on N moves
//! only, then play legally again; `--swap2 move|swap|two`: the answer
//! to `SWAP2BOARD` with 3 stones, and with 5 stones `swap` or a move)
//! (the environment variable `MOCK_BRAIN="--mode hang --after 3"` is read too, so a test can
//! configure a brain without a wrapper). Until `--after` own moves have been made the brain
//! plays legal random moves (or its `--script`), then:
//!
//! | mode | behaviour |
//! |---|---|
//! | `legal` | keeps playing instant legal moves (default) |
//! | `slow` | sleeps `--ms` before every move |
//! | `hang` | stops answering (still reads stdin) |
//! | `crash` | aborts the process (SIGABRT) |
//! | `exit0` | exits with status 0 |
//! | `garbage` | answers `hello world` |
//! | `error` | answers `ERROR mock refuses` |
//! | `occupied` | answers the opponent's last point |
//! | `offboard` | answers a point outside the board |
//! | `forbidden` | as black under Renju, plays a forbidden point as soon as one exists |
//! | `flood` | prints 200 000 `MESSAGE` lines before each move |
//! | `longline` | answers with a 1 MiB line |
//! | `ignore-end` | plays legally but does not exit on `END` |
//! | `spawn-child` | starts a `sleep 600` child that holds the pipes, then aborts |
//! | `early` | after each move also prints a second, unrequested move |
//! | `badutf8` | answers with bytes that are not UTF-8 |
//! | `no-restart` | answers `UNKNOWN` to `RESTART` (from the start) |
//! | `start-error` | answers `ERROR` to `START` (from the start) |
//! | `hog` | allocates and touches 16 MiB blocks without bound (stops at 1 GiB and hangs) |

use std::io::{BufRead, Write};

use tengen_rules::{Board, Move, Pos, Rule};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Legal,
    Slow,
    Hang,
    Crash,
    Exit0,
    Garbage,
    Error,
    Occupied,
    OffBoard,
    Forbidden,
    Flood,
    LongLine,
    IgnoreEnd,
    SpawnChild,
    Early,
    BadUtf8,
    NoRestart,
    StartError,
    Hog,
}

/// `hog` stops allocating here: a safety net for the machine if no OS limit is in force.
const HOG_CAP: usize = 1 << 30;

#[derive(Debug)]
struct Config {
    mode: Mode,
    after: usize,
    /// Misbehave on this many moves (from `after` on), then play legally.
    times: usize,
    ms: u64,
    delay: u64,
    /// Answer to SWAP2BOARD with 3 or 5 stones: `move` (default), `swap`, `two` (3 only).
    swap2: String,
    seed: u64,
    script: Vec<Pos>,
}

fn parse_args() -> Config {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Ok(env) = std::env::var("MOCK_BRAIN") {
        args.extend(env.split_whitespace().map(str::to_string));
    }
    let mut c = Config {
        mode: Mode::Legal,
        after: 0,
        times: usize::MAX,
        ms: 0,
        delay: 0,
        swap2: "move".into(),
        seed: u64::from(std::process::id()),
        script: Vec::new(),
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().unwrap_or_default();
        match a.as_str() {
            "--mode" => {
                c.mode = match val().as_str() {
                    "legal" => Mode::Legal,
                    "slow" => Mode::Slow,
                    "hang" => Mode::Hang,
                    "crash" => Mode::Crash,
                    "exit0" => Mode::Exit0,
                    "garbage" => Mode::Garbage,
                    "error" => Mode::Error,
                    "occupied" => Mode::Occupied,
                    "offboard" => Mode::OffBoard,
                    "forbidden" => Mode::Forbidden,
                    "flood" => Mode::Flood,
                    "longline" => Mode::LongLine,
                    "ignore-end" => Mode::IgnoreEnd,
                    "spawn-child" => Mode::SpawnChild,
                    "early" => Mode::Early,
                    "badutf8" => Mode::BadUtf8,
                    "no-restart" => Mode::NoRestart,
                    "start-error" => Mode::StartError,
                    "hog" => Mode::Hog,
                    other => {
                        eprintln!("mock-brain: unknown mode {other:?}");
                        std::process::exit(2);
                    }
                }
            }
            "--after" => c.after = val().parse().unwrap_or(0),
            "--times" => c.times = val().parse().unwrap_or(usize::MAX),
            "--ms" => c.ms = val().parse().unwrap_or(0),
            "--delay" => c.delay = val().parse().unwrap_or(0),
            "--swap2" => c.swap2 = val(),
            "--seed" => c.seed = val().parse().unwrap_or(1),
            "--script" => {
                c.script = val()
                    .split(';')
                    .filter_map(|s| Pos::parse_xy(s).ok())
                    .collect();
            }
            _ => {} // Unknown flags are ignored, as a brain must.
        }
    }
    c
}

struct Brain {
    cfg: Config,
    board: Board,
    rule: Rule,
    size: u8,
    rng: u64,
    own_moves: usize,
    out: std::io::StdoutLock<'static>,
}

impl Brain {
    fn say(&mut self, line: &str) {
        // One write per answer: stdout is line-buffered and would split a multi-line text.
        let mut text = String::with_capacity(line.len() + 1);
        text.push_str(line);
        text.push('\n');
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    fn rand(&mut self) -> u64 {
        // xorshift64*: plenty for picking points.
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn legal_move(&mut self) -> Option<Pos> {
        let n = usize::from(self.size) * usize::from(self.size);
        let start = (self.rand() % n as u64) as usize;
        for i in 0..n {
            let k = (start + i) % n;
            let p = Pos::new(
                (k % usize::from(self.size)) as u8,
                (k / usize::from(self.size)) as u8,
            );
            if self.board.is_legal(p) {
                return Some(p);
            }
        }
        None
    }

    /// Choose and answer a move (the misbehaviour lives here).
    fn answer(&mut self) {
        if self.cfg.delay > 0 {
            std::thread::sleep(std::time::Duration::from_millis(self.cfg.delay));
        }
        let misbehave =
            self.own_moves >= self.cfg.after && self.own_moves - self.cfg.after < self.cfg.times;
        self.own_moves += 1;
        if misbehave {
            match self.cfg.mode {
                Mode::Slow => std::thread::sleep(std::time::Duration::from_millis(self.cfg.ms)),
                Mode::Hang => return,
                Mode::Crash => std::process::abort(),
                Mode::Exit0 => std::process::exit(0),
                Mode::Garbage => return self.say("hello world"),
                Mode::Error => return self.say("ERROR mock refuses"),
                Mode::Occupied => {
                    if let Some(Move::Stone(p)) = self.board.last_move() {
                        return self.say(&p.to_xy());
                    }
                }
                Mode::OffBoard => {
                    let s = self.size;
                    return self.say(&format!("{s},{s}"));
                }
                Mode::Forbidden => {
                    if let Some(&(p, _)) = self.board.forbidden_points().first() {
                        if self.board.side_to_move() == tengen_rules::Color::Black {
                            let _ = self.board.play(Move::Stone(p));
                            return self.say(&p.to_xy());
                        }
                    }
                }
                Mode::Flood => {
                    for i in 0..200_000 {
                        let _ = writeln!(self.out, "MESSAGE flood line {i}");
                    }
                }
                Mode::LongLine => {
                    let long = "7".repeat(1 << 20);
                    return self.say(&long);
                }
                Mode::SpawnChild => {
                    let _ = std::process::Command::new("sleep").arg("600").spawn();
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    std::process::abort();
                }
                Mode::Hog => {
                    let mut held: Vec<Vec<u8>> = Vec::new();
                    while held.len() * (16 << 20) < HOG_CAP {
                        // Touched, so the pages are really there (vec! of non-zero bytes).
                        held.push(vec![1u8; 16 << 20]);
                    }
                    loop {
                        std::thread::sleep(std::time::Duration::from_secs(60));
                    }
                }
                Mode::BadUtf8 => {
                    let _ = self.out.write_all(b"\xff\xfe,\xc3\n");
                    let _ = self.out.flush();
                    return;
                }
                _ => {}
            }
        }
        let scripted = self.cfg.script.get(self.own_moves - 1).copied();
        let choice = scripted
            .filter(|&p| self.board.is_empty_at(p))
            .or_else(|| self.legal_move());
        match choice {
            Some(p) => {
                let _ = self.board.play(Move::Stone(p));
                if misbehave && self.cfg.mode == Mode::Early {
                    // The unrequested move goes out in the same write as the answer, so it
                    // is in the manager's pipe before the manager sends anything else.
                    let extra = self.legal_move().map_or(String::new(), |q| q.to_xy());
                    return self.say(&format!("{}\n{extra}", p.to_xy()));
                }
                self.say(&p.to_xy());
            }
            None => self.say("ERROR no legal move"),
        }
    }

    fn reset(&mut self, size: u8) {
        self.size = size;
        self.board = Board::new(size, self.rule);
    }

    fn read_block(lines: &mut impl Iterator<Item = String>) -> Vec<(Pos, u8)> {
        let mut stones = Vec::new();
        for l in lines.by_ref() {
            let t = l.trim();
            if t.eq_ignore_ascii_case("DONE") {
                break;
            }
            let f: Vec<&str> = t.split(',').collect();
            if f.len() == 3 {
                if let (Ok(x), Ok(y), Ok(c)) = (
                    f[0].trim().parse(),
                    f[1].trim().parse(),
                    f[2].trim().parse(),
                ) {
                    stones.push((Pos::new(x, y), c));
                }
            }
        }
        stones
    }
}

fn main() {
    let cfg = parse_args();
    // One stderr line per launch: the manager's engine logs show how often it was started.
    eprintln!("mock-brain started (pid {})", std::process::id());
    let rng = cfg.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let out = Box::leak(Box::new(std::io::stdout())).lock();
    let mut brain = Brain {
        cfg,
        board: Board::new(15, Rule::Freestyle),
        rule: Rule::Freestyle,
        size: 15,
        rng,
        own_moves: 0,
        out,
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().split(b'\n').map_while(Result::ok).map(|b| {
        String::from_utf8_lossy(&b)
            .trim_end_matches('\r')
            .to_string()
    });
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let (cmd, rest) = t.split_once(' ').unwrap_or((t, ""));
        match cmd.to_ascii_uppercase().as_str() {
            "START" => {
                if brain.cfg.mode == Mode::StartError {
                    brain.say("ERROR mock cannot start");
                    continue;
                }
                let size = rest.trim().parse().unwrap_or(15);
                if (5..=22).contains(&size) {
                    brain.reset(size);
                    brain.say("OK");
                } else {
                    brain.say("ERROR unsupported size");
                }
            }
            "RESTART" => {
                if brain.cfg.mode == Mode::NoRestart {
                    brain.say("UNKNOWN RESTART");
                } else {
                    brain.own_moves = 0;
                    let s = brain.size;
                    brain.reset(s);
                    brain.say("OK");
                }
            }
            "INFO" => {
                let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                if k.eq_ignore_ascii_case("rule") {
                    if let Ok(r) = v.trim().parse::<u32>().map(Rule::from_info) {
                        brain.rule = r.unwrap_or(Rule::Freestyle);
                        let s = brain.size;
                        brain.board = Board::from_moves(s, s, brain.rule, brain.board.moves())
                            .unwrap_or_else(|_| Board::new(s, brain.rule));
                    }
                }
            }
            "BEGIN" => brain.answer(),
            "TURN" => {
                if let Ok(p) = Pos::parse_xy(rest) {
                    let _ = brain.board.play(Move::Stone(p));
                }
                brain.answer();
            }
            "BOARD" => {
                let stones = Brain::read_block(&mut lines);
                let moves: Vec<Move> = stones.iter().map(|&(p, _)| Move::Stone(p)).collect();
                let s = brain.size;
                brain.board = Board::from_moves(s, s, brain.rule, &moves)
                    .unwrap_or_else(|_| Board::new(s, brain.rule));
                brain.answer();
            }
            "SWAP2BOARD" => {
                let stones = Brain::read_block(&mut lines);
                let moves: Vec<Move> = stones.iter().map(|&(p, _)| Move::Stone(p)).collect();
                let s = brain.size;
                brain.board = Board::from_moves(s, s, brain.rule, &moves)
                    .unwrap_or_else(|_| Board::new(s, brain.rule));
                match (stones.len(), brain.cfg.swap2.as_str()) {
                    (0, _) => brain.say("7,7 8,7 9,9"),
                    (3, "swap") | (5, "swap") => brain.say("SWAP"),
                    (3, "two") => {
                        // Stones 4 (white) and 5 (black), then the other side chooses.
                        let a = brain.legal_move().expect("empty points");
                        let _ = brain.board.play(Move::Stone(a));
                        let b = brain.legal_move().expect("empty points");
                        let _ = brain.board.play(Move::Stone(b));
                        brain.say(&format!("{} {}", a.to_xy(), b.to_xy()));
                    }
                    _ => brain.answer(),
                }
            }
            "ABOUT" => {
                let mode = format!("{:?}", brain.cfg.mode).to_ascii_lowercase();
                brain.say(&format!(
                    "name=\"mock-{mode}\", version=\"1\", author=\"Tengen tests\""
                ));
            }
            "END" => {
                if brain.cfg.mode == Mode::IgnoreEnd {
                    continue;
                }
                std::process::exit(0);
            }
            _ => brain.say(&format!("UNKNOWN {cmd}")),
        }
    }
    if brain.cfg.mode == Mode::IgnoreEnd {
        // Even a closed stdin does not make this brain leave.
        loop {
            std::thread::sleep(std::time::Duration::from_secs(60));
        }
    }
}
