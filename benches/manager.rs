//! Manager overhead: whole games between two instant-move mock brains (`mock-brain`, which
//! answers at once with a random legal move) on 15x15 Renju with the 26 designated openings,
//! through the full pipeline (processes, protocol, referee, clocks, records written to disk,
//! statistics), at concurrency 1 and 2.
//!
//! Run with `cargo bench --bench manager`. Criterion reports time per game (throughput in
//! games/s). Before that, a summary line per concurrency gives games/s, average moves per
//! game, wall time per move (round trip through the brain included) and the manager's own
//! CPU time per move (user + system time of this process, which excludes the brains).
//! Memory: the manager's peak resident set (VmHWM) is measured in a fresh child process
//! running 64 games at concurrency 8.
//!
//! The mock brain is built with `cargo build [--release] -p tengen-manager --bin mock-brain`
//! into this benchmark's target directory when the benchmark starts.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion, Throughput};
use tengen::manager::clock::{TimeControl, DEFAULT_TOLERANCE};
use tengen::manager::config::RunConfig;
use tengen::manager::game::{GameRules, OpeningRule};
use tengen::manager::opening::{OpeningBook, OpeningOrder};
use tengen::manager::player::EngineSpec;
use tengen::manager::process::Launch;
use tengen::manager::referee::ForbiddenPolicy;
use tengen::manager::resume::Finished;
use tengen::manager::schedule::{OpeningPlan, TournamentKind};
use tengen::manager::tournament::run_blocking;
use tengen::rules::Rule;

/// The directory of this executable's profile (`target/release`), where cargo puts binaries.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("own path");
    // target/<profile>/deps/<bench> -> target/<profile>
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps")
        .to_path_buf()
}

/// Build (if needed) and locate the mock brain next to this benchmark.
fn mock_brain() -> PathBuf {
    let dir = profile_dir();
    let mut cmd = std::process::Command::new(option_env!("CARGO").unwrap_or("cargo"));
    cmd.args([
        "build",
        "--quiet",
        "-p",
        "tengen-manager",
        "--bin",
        "mock-brain",
    ]);
    if dir.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    }
    let built = cmd.status().is_ok_and(|s| s.success());
    let path = dir.join("mock-brain");
    assert!(
        path.is_file(),
        "mock-brain not found at {path:?} (cargo build ok: {built})"
    );
    path
}

fn config(mock: &Path, games: u64, concurrency: usize, out: &Path) -> RunConfig {
    let engine = |seed: u32| EngineSpec {
        name: Some(format!("mock{seed}")),
        launch: Launch {
            command: mock.to_path_buf(),
            args: vec!["--seed".into(), seed.to_string()],
            dir: None,
            stderr_log: None,
            memory_limit: None,
        },
        options: Vec::new(),
    };
    let tc = "10+0.1";
    RunConfig {
        engines: vec![engine(1), engine(2)],
        rules: GameRules {
            size: 15,
            rule: Rule::Renju,
            tc: TimeControl::parse(tc).expect("valid tc"),
            tc_text: tc.into(),
            tolerance: DEFAULT_TOLERANCE,
            forbidden: ForbiddenPolicy::Lose,
            draw_after: None,
            max_memory: 0,
            opening_rule: OpeningRule::File,
        },
        openings: OpeningPlan {
            book: Some(OpeningBook::renju26()),
            order: OpeningOrder::Random(1),
            symmetry_seed: Some(1),
            size: 15,
        },
        kind: TournamentKind::Match,
        games,
        rounds: 1,
        concurrency,
        sprt: None,
        out: out.to_path_buf(),
        resume: false,
        report: false,
        quiet: true,
        args: Vec::new(),
    }
}

/// Manager CPU time so far (user + system, all threads of this process).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<u64> = rest
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    // rest starts at field 3 (state, not a number, filtered out) -> utime is f[10], stime f[11].
    let ticks = f.get(10).copied().unwrap_or(0) + f.get(11).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10) // CLK_TCK is 100 on Linux.
}

struct Measured {
    games: u64,
    moves: u64,
    wall: Duration,
    cpu: Duration,
}

fn play(mock: &Path, games: u64, concurrency: usize) -> Measured {
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = config(mock, games, concurrency, dir.path());
    let names = vec!["mock1".to_string(), "mock2".to_string()];
    let (t0, c0) = (Instant::now(), cpu_time());
    let summary = run_blocking(&cfg, names, Finished::default()).expect("run");
    let (wall, cpu) = (t0.elapsed(), cpu_time().saturating_sub(c0));
    assert_eq!(summary.played_now, games);
    let text = std::fs::read_to_string(dir.path().join("results.jsonl")).expect("results");
    let moves = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["moves"].as_array().map_or(0, Vec::len) as u64
        })
        .sum();
    Measured {
        games,
        moves,
        wall,
        cpu,
    }
}

fn summary(mock: &Path, games: u64) {
    for c in [1, 2] {
        let m = play(mock, games, c);
        let secs = m.wall.as_secs_f64();
        println!(
            "manager summary: concurrency {c}: {} games, {:.0} games/s, {:.1} moves/game, {:.1} µs wall per move, {:.1} µs manager CPU per move",
            m.games,
            m.games as f64 / secs,
            m.moves as f64 / m.games as f64,
            1e6 * secs / m.moves as f64,
            1e6 * m.cpu.as_secs_f64() / m.moves as f64,
        );
    }
}

/// In a fresh process: 64 games at concurrency 8, then the peak resident set.
fn memory_child(mock: &Path) {
    let m = play(mock, 64, 8);
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let hwm = status
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .unwrap_or("VmHWM: ?");
    println!(
        "concurrency 8: {} games, {:.0} games/s, manager {hwm}",
        m.games,
        m.games as f64 / m.wall.as_secs_f64()
    );
}

fn memory(mock: &Path) {
    let out = std::process::Command::new(std::env::current_exe().expect("own path"))
        .env("TENGEN_BENCH_MEMORY", mock)
        .output();
    match out {
        Ok(o) => print!("manager summary: {}", String::from_utf8_lossy(&o.stdout)),
        Err(e) => println!("manager summary: memory measurement failed: {e}"),
    }
}

fn games_per_second(c: &mut Criterion) {
    let mock = mock_brain();
    let mut g = c.benchmark_group("manager");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(8));
    g.throughput(Throughput::Elements(1));
    for conc in [1usize, 2] {
        g.bench_function(format!("renju15_game_concurrency_{conc}"), |b| {
            b.iter_custom(|iters| play(&mock, iters, conc).wall);
        });
    }
    g.finish();
}

criterion_group!(benches, games_per_second);

fn main() {
    if let Some(mock) = std::env::var_os("TENGEN_BENCH_MEMORY") {
        memory_child(Path::new(&mock));
        return;
    }
    let test_mode = std::env::args().any(|a| a == "--test");
    let mock = mock_brain();
    summary(&mock, if test_mode { 4 } else { 400 });
    if !test_mode {
        memory(&mock);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
