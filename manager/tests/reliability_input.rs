//! Bad input from people: every wrong option value, opening file, time-control text and engine
//! spec gets a one-line error (exit status 2) naming the input, where in it the problem is and
//! what was expected, and nothing starts half-configured: no output directory is created and
//! no engine is spawned.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use common::*;

/// A scratch directory with an engine script that leaves a mark when it is started, and a few
/// broken opening files.
struct Bench {
    dir: tempfile::TempDir,
}

impl Bench {
    fn new() -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("engine.sh");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\necho started >> '{}'\nexec '{}' \"$@\"\n",
                dir.path().join("spawned").display(),
                mock()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        for (name, bytes) in [
            ("book-bad-number.txt", &b"0,0\n1,1\n0,0, 1,x\n"[..]),
            ("book-off-board.txt", b"0,0, 20,0\n"),
            ("book-repeat.txt", b"# a comment\n0,0, 0,0\n"),
            ("book-pos-form.txt", b"h8i9z30\n"),
            ("book-not-utf8.txt", b"0,0\n1,1 \xc3(\n"),
            ("book-empty.txt", b"# only a comment\n\n"),
        ] {
            std::fs::write(dir.path().join(name), bytes).unwrap();
        }
        Bench { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn engine(&self) -> String {
        format!("cmd={}", self.path("engine.sh").display())
    }

    /// Run the manager with two marking engines (unless `args` names its own) and `args`;
    /// check the failure is one line with every needle, and that nothing was started.
    fn refuses(&self, args: &[&str], needles: &[&str]) {
        let out = self.path("out");
        let mut all: Vec<String> = Vec::new();
        if !args.contains(&"-e") && !args.contains(&"--resume") {
            all.extend(["-e".into(), self.engine(), "-e".into(), self.engine()]);
        }
        all.extend(strings(args));
        if !args.contains(&"--out") && !args.contains(&"--resume") {
            all.extend(["--out".into(), out.display().to_string()]);
        }
        let o = std::process::Command::new(manager())
            .args(&all)
            .output()
            .unwrap();
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?} must fail with status 2: {e}"
        );
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: one-line error: {e}");
        for n in needles {
            assert!(e.contains(n), "{args:?}: the error lacks {n:?}: {e}");
        }
        assert!(!out.exists(), "{args:?}: the output directory was created");
        assert!(
            !self.path("spawned").exists(),
            "{args:?}: an engine was started"
        );
    }
}

#[test]
fn wrong_options_are_refused_before_anything_starts() {
    let b = Bench::new();
    // Time controls: the column and what the grammar wanted there.
    b.refuses(
        &["--tc", "10+x"],
        &["--tc", "10+x", "column 4", "expected a time"],
    );
    b.refuses(
        &["--tc", ""],
        &["--tc", "column 1", "expected a time control"],
    );
    b.refuses(&["--tc", "turn="], &["turn=", "column 6", "expected"]);
    b.refuses(&["--tc", "40/120:"], &["40/120:", "column 8", "expected"]);
    b.refuses(
        &["--tc", "60,byo=0x10"],
        &["byo=0x10", "column", "expected"],
    );
    b.refuses(&["--tc", "warn=5xq"], &["warn=5xq", "column", "expected"]);
    // Plain values: the option, the value, what would do.
    b.refuses(
        &["--tolerance", "5parsecs"],
        &["--tolerance", "5parsecs", "such as"],
    );
    b.refuses(&["--tolerance=-1"], &["--tolerance", "-1"]);
    b.refuses(&["--size", "30"], &["--size", "30", "5 to 22"]);
    b.refuses(&["--size", "abc"], &["abc", "--size"]);
    b.refuses(&["--rule", "chess"], &["--rule", "chess", "expected"]);
    b.refuses(&["--games", "0"], &["--games", "at least 1"]);
    b.refuses(&["--games", "-4"], &["-4"]);
    b.refuses(&["--rounds", "0"], &["--rounds", "at least 1"]);
    b.refuses(&["--concurrency", "0"], &["--concurrency", "1 to 256"]);
    b.refuses(
        &["--concurrency", "1000"],
        &["--concurrency", "1000", "1 to 256"],
    );
    b.refuses(
        &["--tournament", "cup"],
        &["--tournament", "cup", "expected"],
    );
    b.refuses(&["--sprt", "elo0=5"], &["--sprt", "elo0=5", "elo1"]);
    b.refuses(
        &["--sprt", "elo0=x,elo1=5"],
        &["--sprt", "elo0", "number", "\"x\""],
    );
    b.refuses(
        &["--sprt", "elo0=0,elo1=5,gamma=1"],
        &["--sprt", "gamma", "expected"],
    );
    b.refuses(
        &["--forbidden", "maybe"],
        &["--forbidden", "maybe", "lose or refuse"],
    );
    b.refuses(&["--draw-after", "0"], &["--draw-after", "at least 1"]);
    b.refuses(
        &["--opening-rule", "swap3"],
        &["--opening-rule", "swap3", "swap2"],
    );
    b.refuses(
        &["--openings-order", "shuffled"],
        &["--openings-order", "shuffled", "seq or random"],
    );
    b.refuses(&["--seed", "abc"], &["abc", "--seed"]);
    b.refuses(&["--max-memory", "lots"], &["lots", "--max-memory"]);
    b.refuses(
        &["--max-memory", "0", "--enforce-memory"],
        &["--enforce-memory", "--max-memory"],
    );
    b.refuses(&["--colour", "red"], &["--colour"]);
    b.refuses(
        &["--opening-rule", "swap2", "--openings", "renju26"],
        &["--openings", "renju26", "swap2"],
    );
    b.refuses(
        &["--opening-rule", "chinese", "--equivalence", "mirror"],
        &["--equivalence", "mirror"],
    );
    b.refuses(
        &["--opening-rule", "file", "--openings", "none"],
        &["--opening-rule", "file", "opening book"],
    );
    b.refuses(
        &["--tournament", "roundrobin", "--sprt", "0,5"],
        &["--sprt", "two-engine match"],
    );
}

#[test]
fn broken_opening_files_name_the_line_and_column() {
    let b = Bench::new();
    let p = |n: &str| b.path(n).display().to_string();
    b.refuses(
        &["--openings", &p("book-bad-number.txt")],
        &[
            "book-bad-number.txt",
            "line 3",
            "column 8",
            "expected an integer",
            "\"x\"",
        ],
    );
    b.refuses(
        &["--openings", &p("book-off-board.txt")],
        &[
            "book-off-board.txt",
            "line 1",
            "column 6",
            "20,0",
            "outside the 15x15 board",
        ],
    );
    b.refuses(
        &["--openings", &p("book-repeat.txt")],
        &["book-repeat.txt", "line 2", "repeats"],
    );
    b.refuses(
        &["--openings", &p("book-pos-form.txt")],
        &["book-pos-form.txt", "line 1", "z30"],
    );
    b.refuses(
        &["--openings", &p("book-not-utf8.txt")],
        &["book-not-utf8.txt", "line 2", "byte 5", "expected UTF-8"],
    );
    b.refuses(
        &["--openings", &p("book-empty.txt")],
        &["book-empty.txt", "no opening"],
    );
    b.refuses(
        &["--openings", "/nonexistent/book.txt"],
        &["/nonexistent/book.txt", "readable"],
    );
    // A book that fits 15x15 but not a smaller board.
    b.refuses(
        &["--openings", &p("book-pos-form.txt"), "--size", "7"],
        &["book-pos-form.txt", "line 1"],
    );
}

#[test]
fn broken_engine_specs_and_resumes_name_the_field() {
    let b = Bench::new();
    let e = b.engine();
    let colour = format!("{e} colour=red");
    b.refuses(
        &["-e", &e, "-e", &colour],
        &["colour=red", "engine 2", "cmd=, name="],
    );
    b.refuses(
        &["-e", "name=foo", "-e", &e],
        &["name=foo", "engine 1 needs cmd=PATH"],
    );
    let dir = format!("{e} dir=/nonexistent/d");
    b.refuses(
        &["-e", &dir, "-e", &e],
        &["/nonexistent/d", "not a directory"],
    );
    b.refuses(&["-e", &e, "-e", &e, "-e", &e], &["3 engines", "exactly 2"]);
    b.refuses(
        &["-e", &e, "--tournament", "roundrobin"],
        &["1 engine", "at least 2"],
    );
    b.refuses(&["--resume"], &["--resume", "needs --out"]);
    b.refuses(
        &["--resume", "--out", "/nonexistent/run"],
        &["/nonexistent/run/run.json", "not found", "earlier run"],
    );
}

#[test]
fn an_engine_that_cannot_start_leaves_no_run_directory() {
    let b = Bench::new();
    let out = b.path("out");
    let o = std::process::Command::new(manager())
        .args(strings(&[
            "-e",
            "cmd=/nonexistent/pbrain-x",
            "-e",
            &b.engine(),
            "--out",
            out.to_str().unwrap(),
        ]))
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        e.contains("/nonexistent/pbrain-x") && e.contains("engine 1"),
        "{e}"
    );
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    assert!(
        !Path::new(&out).exists(),
        "no run directory for a run that never started"
    );
}
