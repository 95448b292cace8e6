//! Helpers shared by the manager's integration tests: run `tengen-manager` with mock brains,
//! read the results file, and find processes a run left behind.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The manager binary of this package.
pub fn manager() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tengen-manager"))
}

/// The mock brain binary of this package.
pub fn mock() -> String {
    env!("CARGO_BIN_EXE_mock-brain").to_string()
}

/// A tag unique to this test process and call; every engine of a run inherits it in its
/// environment (`MOCK_TAG`), and so does anything they spawn.
pub fn unique_tag(name: &str) -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    )
}

/// `--engine` text for a mock brain with extra mock arguments.
pub fn mock_engine(name: &str, mock_args: &[&str]) -> String {
    let mut s = format!("cmd={} name={name}", mock());
    for a in mock_args {
        s.push_str(" arg=");
        s.push_str(a);
    }
    s
}

/// Run the manager with `args`, engines tagged with `tag`.
pub fn run_manager(args: &[String], tag: &str) -> Output {
    Command::new(manager())
        .args(args)
        .env("MOCK_TAG", tag)
        .output()
        .expect("run tengen-manager")
}

/// The JSON lines of a results file.
pub fn results(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("results.jsonl")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad line {l:?}: {e}")))
        .collect()
}

/// Processes whose environment holds `MOCK_TAG=tag` (zombies have no readable environment
/// and do not count: they hold no resources but a table slot).
pub fn tagged_processes(tag: &str) -> Vec<u32> {
    let needle = format!("MOCK_TAG={tag}\0");
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return out;
    };
    for e in dir.flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        if let Ok(env) = std::fs::read(e.path().join("environ")) {
            if env.windows(needle.len()).any(|w| w == needle.as_bytes()) {
                out.push(pid);
            }
        }
    }
    out
}

/// The processes carrying `tag` once `done` holds for them, or after 3 s.
fn poll_tagged(tag: &str, done: impl Fn(&[u32]) -> bool) -> Vec<u32> {
    let start = Instant::now();
    loop {
        let pids = tagged_processes(tag);
        if done(&pids) || start.elapsed() > Duration::from_secs(3) {
            return pids;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Wait (up to 3 s) until no process carries `tag`; the pids still there otherwise.
pub fn wait_until_gone(tag: &str) -> Vec<u32> {
    poll_tagged(tag, <[u32]>::is_empty)
}

/// Wait (up to 3 s) until some process carries `tag` (right after a spawn the kernel may not
/// have set up the new program's environment yet: the spawning parent resumes before it).
pub fn wait_until_seen(tag: &str) -> Vec<u32> {
    poll_tagged(tag, |pids| !pids.is_empty())
}

/// Strings for a command line.
pub fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_string()).collect()
}
