//! The `tengen-manager` command line: options, their documentation (`--help`), and their
//! conversion into a checked [`RunConfig`]. Bad input gives one line naming the option, the
//! value and what was expected; nothing starts half-configured.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use tengen_rules::Rule;
use thiserror::Error;

use crate::clock::TimeControl;
use crate::config::RunConfig;
use crate::game::{GameRules, OpeningRule};
use crate::opening::{OpeningBook, OpeningOrder};
use crate::player::EngineSpec;
use crate::process::{exe_dir, Launch};
use crate::referee::ForbiddenPolicy;
use crate::schedule::{OpeningPlan, TournamentKind};
use crate::sprt::Sprt;

/// The engine played when no `--engine` is given (twice, found next to `tengen-manager`).
pub const DEFAULT_ENGINE: &str = "pbrain-tengen";

const AFTER_HELP: &str = "\
EXAMPLES:
  tengen-manager
      A short Renju match (4 games, 10+0.1) between two pbrain-tengen next to this program.
  tengen-manager -e 'cmd=./pbrain-new name=new' -e 'cmd=./pbrain-old name=old' --games 200 --concurrency 2
      A 200-game match: 100 openings from the built-in 26, each played twice with colours swapped.
  tengen-manager --tournament gauntlet -e cmd=./pbrain-a -e cmd=./pbrain-b -e cmd=./pbrain-c --games 20
      Engine 1 against each of the others.
  tengen-manager -e cmd=./pbrain-new -e cmd=./pbrain-old --games 20000 --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05
      Stops as soon as the SPRT accepts H0 (not 5 Elo better) or H1.
  tengen-manager -e cmd=./pbrain-a -e cmd=./pbrain-b --opening-rule chinese --games 20
      The Chinese rules: designated opening and N, swap, N fifth moves, passes, draw offers
      (engines without the Tengen extensions are decided for by a fallback policy; CHINESE.md).
  tengen-manager --resume --out tengen-run-1764417600
      Continues an interrupted run; each planned game is played exactly once.
  tengen-manager --report --out tengen-run-1764417600
      The standings of a run, finished, interrupted or still going on (SPRT state too).

TIME CONTROL (--tc):
  inf                no limit            120            120 s per game (sudden death)
  10+0.1             10 s + 0.1 s/move   turn=5         5 s per move (Gomocup timeout_turn)
  120,turn=5         both (Gomocup)      40/120:60      periods: +60 s after 40 moves
  60,byo=3x10        3 byo-yomi x 10 s   300,byo=5/60   Canadian: 5 moves per 60 s
  warn=15            15 s/move, 3 warnings, the 4th overrun loses (hard cap 30 s)
  Times take ms, s (default), m or h. A move may arrive --tolerance late (charged to the clock).

OUTPUT (--out DIR):
  DIR/results.jsonl  one JSON line per finished game, written as it ends
  DIR/games/         game-NNNNNN.psq and .sgf for every game
  DIR/logs/          each engine's stderr
  DIR/run.json       the command line (replayed by --resume) and the engines' names";

/// Plays Gomocup (pbrain) engines against each other under a referee and time controls.
// The options' doc comments are the `--help` text, written for a terminal: brackets and
// `<placeholders>` there are not rustdoc links or HTML.
#[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
#[derive(Debug, Parser)]
#[command(name = "tengen-manager", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// An engine, repeatable: space-separated key=value fields: cmd=PATH (required; a bare
    /// word is taken as cmd), name=NAME (default: from ABOUT), dir=DIR (working directory),
    /// arg=ARG (repeatable), option.KEY=VALUE (sent as INFO KEY VALUE).
    /// Example: -e 'cmd=./pbrain-rapfi name=Rapfi option.thread_num=1'
    #[arg(short, long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,

    /// Rule: freestyle, standard (exactly five), renju, caro, caro-exact. Example: --rule renju
    #[arg(long, default_value = "renju")]
    pub rule: String,

    /// Board size (5..22). Example: --size 15
    #[arg(long, default_value_t = 15)]
    pub size: u8,

    /// Time control (grammar below). Example: --tc 10+0.1
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,

    /// Lateness accepted after a limit and charged to the clock: a plain number is ms, or use
    /// a unit (ms, s). Example: --tolerance 500
    #[arg(long, default_value = "1000")]
    pub tolerance: String,

    /// Opening book file (offset `x,y, x,y, …` or pos `h8i9j10` lines), or `renju26` for the
    /// 26 designated openings, or `none`. Default: renju26 under Renju, none otherwise.
    /// Example: --openings openings.txt
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,

    /// Order of the openings: seq (file order) or random (with --seed). Example: --openings-order random
    #[arg(long, default_value = "seq", value_name = "ORDER")]
    pub openings_order: String,

    /// Random orientation (one of the 8 board symmetries) per opening pair, from --seed.
    /// Example: --symmetry
    #[arg(long)]
    pub symmetry: bool,

    /// Seed for --openings-order random and --symmetry (default: the current time; saved for
    /// --resume). Example: --seed 42
    #[arg(long)]
    pub seed: Option<u64>,

    /// Opening procedure: free, file (stones from --openings), swap2 (through SWAP2BOARD),
    /// chinese (designated opening, swap, N fifth moves, passes, draw offers; see
    /// CHINESE.md; yamaguchi is the same), rif (the same with exactly 2 fifth moves).
    /// Default: file when there are openings, else free.
    /// Example: --opening-rule chinese
    #[arg(long, value_name = "RULE")]
    pub opening_rule: Option<String>,

    /// Games per pairing and round (per mini-match in a knockout; best even, so that every
    /// opening is played with both colours). Example: --games 100
    #[arg(long, default_value_t = 4)]
    pub games: u64,

    /// Rounds: the whole schedule is repeated, colours reversed every other round.
    /// Example: --rounds 2
    #[arg(long, default_value_t = 1)]
    pub rounds: u64,

    /// Games played at the same time (each with its own engine processes). Example: --concurrency 2
    #[arg(long)]
    pub concurrency: Option<usize>,

    /// Tournament: match (2 engines), roundrobin, gauntlet (engine 1 against the others),
    /// knockout (tie-break pairs after a level mini-match). Example: --tournament roundrobin
    #[arg(long, default_value = "match", value_name = "KIND")]
    pub tournament: String,

    /// Stop a match on an SPRT decision: elo0=E0,elo1=E1[,alpha=A][,beta=B] (alpha, beta
    /// default 0.05) or E0,E1[,A[,B]]. Example: --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<String>,

    /// Output directory (default: tengen-run-<unix time>). Example: --out runs/test1
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Continue the run saved in --out (its options are read from DIR/run.json; only
    /// --concurrency and --quiet may be given again). Example: --resume --out runs/test1
    #[arg(long)]
    pub resume: bool,

    /// Print the standings of the run saved in --out (table, Elo, SPRT state) from its
    /// results file and exit: no engine is started and nothing is changed, so it also works
    /// while the run goes on. Example: --report --out runs/test1
    #[arg(long, conflicts_with = "resume")]
    pub report: bool,

    /// A forbidden move under Renju: lose (default) or refuse (ask again). Example: --forbidden refuse
    #[arg(long, default_value = "lose", value_name = "POLICY")]
    pub forbidden: String,

    /// Adjudicate a draw once N moves are on the board (off by default; Gomocup uses 200).
    /// Example: --draw-after 200
    #[arg(long, value_name = "N")]
    pub draw_after: Option<usize>,

    /// Memory limit sent to engines as INFO max_memory, in MiB (0 = unlimited).
    /// Example: --max-memory 350
    #[arg(long, default_value_t = 350, value_name = "MIB")]
    pub max_memory: u64,

    /// Also enforce --max-memory from outside: each engine runs under an OS address-space
    /// limit (RLIMIT_AS) of that size, so one that allocates beyond it fails (a crash loss)
    /// instead of exhausting the machine. Virtual memory counts, so leave headroom.
    /// Example: --enforce-memory --max-memory 512
    #[arg(long)]
    pub enforce_memory: bool,

    /// No progress output (the final table and warnings are still printed). Example: --quiet
    #[arg(short, long)]
    pub quiet: bool,

    /// The Chinese rules' options (`--chinese-*`, `--equivalence`, `--passes`, `--fallback-swap`).
    #[command(flatten)]
    pub chinese: crate::game::chinese::ChineseArgs,
}

/// A command line that cannot be run.
#[derive(Debug, Error)]
pub enum CliError {
    /// An option value is wrong.
    #[error("{option} {value:?}: {expected}")]
    Bad {
        /// The option.
        option: &'static str,
        /// Its value.
        value: String,
        /// What was expected.
        expected: String,
    },
    /// Clap's own error (unknown option, missing value, --help, --version).
    #[error("{0}")]
    Clap(#[from] clap::Error),
    /// The saved run could not be read (`action`: "resume", "report").
    #[error("cannot {action}: {source}")]
    SavedRun {
        /// What was asked of the saved run.
        action: &'static str,
        /// Why it failed.
        source: crate::resume::ResumeError,
    },
}

fn bad(option: &'static str, value: impl Into<String>, expected: impl Into<String>) -> CliError {
    CliError::Bad {
        option,
        value: value.into(),
        expected: expected.into(),
    }
}

/// Parse a command line (without the program name) into a checked configuration. With
/// `--resume`, the options are those saved in `DIR/run.json`.
pub fn config_from_args(args: &[String]) -> Result<RunConfig, CliError> {
    let argv = std::iter::once("tengen-manager".to_string()).chain(args.iter().cloned());
    let cli = Cli::try_parse_from(argv)?;
    if !cli.resume && !cli.report {
        return build(cli, args.to_vec());
    }
    let (option, action, what) = if cli.report {
        ("--report", "report", "the directory of the run to report")
    } else {
        ("--resume", "resume", "the directory of the run to continue")
    };
    let Some(out) = cli.out.clone() else {
        return Err(bad(option, "", format!("needs --out DIR, {what}")));
    };
    let saved =
        crate::resume::load_args(&out).map_err(|source| CliError::SavedRun { action, source })?;
    let argv = std::iter::once("tengen-manager".to_string()).chain(saved.iter().cloned());
    let mut old = Cli::try_parse_from(argv)?;
    old.resume = cli.resume;
    old.report = cli.report;
    old.out = Some(out);
    if cli.concurrency.is_some() {
        old.concurrency = cli.concurrency;
    }
    old.quiet |= cli.quiet;
    build(old, saved)
}

fn parse_engine(text: &str, n: usize) -> Result<EngineSpec, CliError> {
    let mut name = None;
    let mut cmd: Option<PathBuf> = None;
    let mut dir = None;
    let mut args = Vec::new();
    let mut options = Vec::new();
    for tok in text.split_whitespace() {
        match tok.split_once('=') {
            Some(("cmd", v)) => cmd = Some(PathBuf::from(v)),
            Some(("name", v)) => name = Some(v.to_string()),
            Some(("dir", v)) => dir = Some(PathBuf::from(v)),
            Some(("arg", v)) => args.push(v.to_string()),
            Some((k, v)) if k.starts_with("option.") && k.len() > 7 => {
                options.push((k[7..].to_string(), v.to_string()));
            }
            None if cmd.is_none() => cmd = Some(PathBuf::from(tok)),
            _ => {
                return Err(bad(
                    "--engine",
                    text,
                    format!(
                        "field {tok:?} of engine {n} is not one of cmd=, name=, dir=, arg=, option.KEY="
                    ),
                ))
            }
        }
    }
    let Some(cmd) = cmd else {
        return Err(bad("--engine", text, format!("engine {n} needs cmd=PATH")));
    };
    if let Some(d) = &dir {
        if !d.is_dir() {
            return Err(bad(
                "--engine",
                text,
                format!("dir {d:?} is not a directory"),
            ));
        }
    }
    Ok(EngineSpec {
        name,
        launch: Launch {
            command: locate(&cmd),
            args,
            dir,
            stderr_log: None,
            memory_limit: None,
        },
        options,
    })
}

/// A bare command name is looked up next to this program first (that is where
/// `pbrain-tengen` and `mock-brain` are built), then on PATH when spawned.
fn locate(cmd: &Path) -> PathBuf {
    if cmd.components().count() == 1 {
        if let Some(dir) = exe_dir() {
            let here = dir.join(cmd);
            if here.is_file() {
                return here;
            }
        }
    }
    cmd.to_path_buf()
}

fn parse_tolerance(text: &str) -> Result<Duration, CliError> {
    let t = text.trim();
    let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1000.0)
    } else {
        (t, 1.0)
    };
    match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 && v * scale < 3.6e6 => {
            Ok(Duration::from_micros((v * scale * 1000.0) as u64))
        }
        _ => Err(bad(
            "--tolerance",
            text,
            "a duration such as 1000 (ms), 500ms or 1.5s",
        )),
    }
}

fn parse_sprt(text: &str) -> Result<Sprt, CliError> {
    let err = |e: String| bad("--sprt", text, e);
    if !text.contains('=') {
        return text.parse::<Sprt>().map_err(|e| err(e.to_string()));
    }
    let mut v = [None, None, Some(0.05), Some(0.05)];
    for field in text.split(',') {
        let (k, val) = field
            .split_once('=')
            .ok_or_else(|| err(format!("field {field:?} is not key=value")))?;
        let i = match k.trim() {
            "elo0" => 0,
            "elo1" => 1,
            "alpha" => 2,
            "beta" => 3,
            other => {
                return Err(err(format!(
                    "unknown key {other:?} (expected elo0, elo1, alpha, beta)"
                )))
            }
        };
        v[i] = Some(
            val.trim()
                .parse::<f64>()
                .map_err(|_| err(format!("{k} needs a number, found {val:?}")))?,
        );
    }
    let (Some(e0), Some(e1), Some(a), Some(b)) = (v[0], v[1], v[2], v[3]) else {
        return Err(err("elo0 and elo1 are required".into()));
    };
    Sprt::new(e0, e1, a, b).map_err(|e| err(e.to_string()))
}

fn build(cli: Cli, mut args: Vec<String>) -> Result<RunConfig, CliError> {
    let rule: Rule = cli
        .rule
        .parse()
        .map_err(|e: tengen_rules::RuleError| bad("--rule", &cli.rule, e.to_string()))?;
    if tengen_rules::Board::try_new(cli.size, cli.size, rule).is_err() {
        return Err(bad(
            "--size",
            cli.size.to_string(),
            "a board side from 5 to 22",
        ));
    }
    let tc = TimeControl::parse(&cli.tc).map_err(|e| bad("--tc", &cli.tc, e.to_string()))?;
    let tolerance = parse_tolerance(&cli.tolerance)?;
    let forbidden: ForbiddenPolicy = cli
        .forbidden
        .parse()
        .map_err(|e| bad("--forbidden", &cli.forbidden, e))?;
    let kind: TournamentKind = cli
        .tournament
        .parse()
        .map_err(|e| bad("--tournament", &cli.tournament, e))?;

    let default_run = cli.engines.is_empty();
    let mut engines = Vec::new();
    if default_run {
        let dir = exe_dir().unwrap_or_default();
        let path = dir.join(DEFAULT_ENGINE);
        if !path.is_file() {
            return Err(bad(
                "--engine",
                "",
                format!(
                    "none given and {path:?} does not exist; build it with `cargo build -p tengen-engine` or name engines with -e cmd=PATH"
                ),
            ));
        }
        for _ in 0..2 {
            engines.push(EngineSpec {
                name: None,
                launch: Launch {
                    command: path.clone(),
                    args: Vec::new(),
                    dir: None,
                    stderr_log: None,
                    memory_limit: None,
                },
                options: Vec::new(),
            });
        }
    } else {
        for (i, e) in cli.engines.iter().enumerate() {
            engines.push(parse_engine(e, i + 1)?);
        }
    }
    if cli.enforce_memory {
        if cli.max_memory == 0 {
            return Err(bad(
                "--enforce-memory",
                "",
                "a limit to enforce: --max-memory MIB above 0",
            ));
        }
        for e in &mut engines {
            e.launch.memory_limit = Some(cli.max_memory.saturating_mul(1024 * 1024));
        }
    }
    let n = engines.len();
    match kind {
        TournamentKind::Match if n != 2 => {
            return Err(bad(
                "--engine",
                format!("{n} engines"),
                "a match needs exactly 2 engines (use --tournament roundrobin, gauntlet or knockout for more)",
            ))
        }
        _ if n < 2 => return Err(bad("--engine", format!("{n} engine"), "at least 2 engines")),
        _ => {}
    }
    if cli.games == 0 {
        return Err(bad("--games", "0", "at least 1 game"));
    }
    if cli.rounds == 0 {
        return Err(bad("--rounds", "0", "at least 1 round"));
    }
    let concurrency = cli.concurrency.unwrap_or(if default_run { 2 } else { 1 });
    if !(1..=256).contains(&concurrency) {
        return Err(bad(
            "--concurrency",
            concurrency.to_string(),
            "a number from 1 to 256",
        ));
    }
    let sprt = match &cli.sprt {
        Some(s) => {
            if kind != TournamentKind::Match {
                return Err(bad(
                    "--sprt",
                    s,
                    "an SPRT needs a two-engine match (--tournament match)",
                ));
            }
            Some(parse_sprt(s)?)
        }
        None => None,
    };
    if let Some(0) = cli.draw_after {
        return Err(bad("--draw-after", "0", "a move count of at least 1"));
    }

    // Openings.
    let book = match cli.openings.as_deref() {
        Some("none") => None,
        Some("renju26") => Some(OpeningBook::renju26()),
        Some(file) => {
            let bytes = std::fs::read(file)
                .map_err(|e| bad("--openings", file, format!("a readable opening file ({e})")))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                // Name the spot, like the parser does for a bad stone.
                let at = e.utf8_error().valid_up_to();
                let good = &e.as_bytes()[..at];
                let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
                bad(
                    "--openings",
                    file,
                    format!(
                        "line {line}, byte {}: expected UTF-8 text, found byte 0x{:02x}",
                        at - line_start + 1,
                        e.as_bytes()[at]
                    ),
                )
            })?;
            let book = OpeningBook::parse(&text, cli.size)
                .map_err(|e| bad("--openings", file, e.to_string()))?;
            for o in book.openings() {
                o.stones(cli.size, tengen_rules::Symmetry::Identity)
                    .map_err(|e| bad("--openings", file, e.to_string()))?;
            }
            Some(book)
        }
        None if rule == Rule::Renju && cli.size >= 5 => Some(OpeningBook::renju26()),
        None => None,
    };
    let opening_rule = match cli.opening_rule.as_deref() {
        None => {
            if book.is_some() {
                OpeningRule::File
            } else {
                OpeningRule::Free
            }
        }
        Some("free") => OpeningRule::Free,
        Some("file") => OpeningRule::File,
        Some("swap2") => OpeningRule::Swap2,
        Some("chinese" | "yamaguchi") => OpeningRule::Chinese(cli.chinese.rules(true)?),
        Some("rif") => OpeningRule::Chinese(cli.chinese.rules(true)?.rif()),
        Some(other) => {
            return Err(bad(
                "--opening-rule",
                other,
                "free, file, swap2, chinese (or yamaguchi, the same), rif",
            ))
        }
    };
    if !matches!(opening_rule, OpeningRule::Chinese(_)) {
        cli.chinese.rules(false)?;
    }
    let book = match opening_rule {
        OpeningRule::File if book.is_none() => {
            return Err(bad(
                "--opening-rule",
                "file",
                "an opening book (--openings FILE or renju26)",
            ))
        }
        OpeningRule::File => book,
        // Free starts from the empty board; Swap2 lays its own stones.
        OpeningRule::Free | OpeningRule::Swap2 if cli.openings.is_none() => None,
        OpeningRule::Free => book,
        OpeningRule::Swap2 | OpeningRule::Chinese(_) if cli.openings.is_none() => None,
        OpeningRule::Swap2 | OpeningRule::Chinese(_) => {
            return Err(bad(
                "--openings",
                cli.openings.unwrap_or_default(),
                "no opening book with --opening-rule swap2 or chinese",
            ))
        }
    };
    let seed = match cli.seed {
        Some(s) => s,
        None => {
            let s = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs());
            // Saved with the run, so that --resume plans the same games.
            args.push("--seed".into());
            args.push(s.to_string());
            s
        }
    };
    let order = match cli.openings_order.as_str() {
        "seq" | "sequential" => OpeningOrder::Sequential,
        "random" => OpeningOrder::Random(seed),
        other => return Err(bad("--openings-order", other, "seq or random")),
    };
    let out = match cli.out {
        Some(o) => o,
        None => {
            let secs = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let o = PathBuf::from(format!("tengen-run-{secs}"));
            args.push("--out".into());
            args.push(o.display().to_string());
            o
        }
    };
    Ok(RunConfig {
        engines,
        rules: GameRules {
            size: cli.size,
            rule,
            tc_text: cli.tc.clone(),
            tc,
            tolerance,
            forbidden,
            draw_after: cli.draw_after,
            max_memory: cli.max_memory.saturating_mul(1024 * 1024),
            opening_rule: opening_rule.with_seed(seed),
        },
        openings: OpeningPlan {
            book,
            order,
            symmetry_seed: cli.symmetry.then_some(seed),
            size: cli.size,
        },
        kind,
        games: cli.games,
        rounds: cli.rounds,
        concurrency,
        sprt,
        out,
        resume: cli.resume,
        report: cli.report,
        quiet: cli.quiet,
        args,
    })
}
