//! The process layer on its own: line endings, bounded lines, "timed out" vs "closed", and
//! killing a whole process group.

use std::path::PathBuf;
use std::time::Duration;

use tengen_manager::process::{group_alive, EngineProcess, Launch, ProcessError, MAX_LINE};
use tokio::time::Instant;

fn sh(script: &str) -> Launch {
    Launch {
        command: PathBuf::from("sh"),
        args: vec!["-c".into(), script.into()],
        dir: None,
        stderr_log: None,
        memory_limit: None,
    }
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Poll until `cond` holds (up to 3 s): killed processes take a moment to disappear.
async fn eventually(cond: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    while !cond() {
        if start.elapsed() > Duration::from_secs(3) {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    true
}

fn soon() -> Instant {
    Instant::now() + Duration::from_secs(5)
}

#[test]
fn lf_cr_and_crlf_all_end_lines_and_blank_lines_are_skipped() {
    rt().block_on(async {
        let mut p =
            EngineProcess::spawn(&sh(r"printf 'one\rtwo\r\nthree\n\n\r\n  \nfour'; sleep 5"))
                .unwrap();
        for want in ["one", "two", "three"] {
            assert_eq!(p.read_line(soon()).await.unwrap().text, want);
        }
        // "four" has no terminator yet: it is not a line until the stream ends.
        let short = Instant::now() + Duration::from_millis(200);
        assert!(matches!(
            p.read_line(short).await,
            Err(ProcessError::TimedOut)
        ));
    });
}

#[test]
fn a_last_line_without_terminator_counts_at_the_end_of_the_stream() {
    rt().block_on(async {
        let mut p = EngineProcess::spawn(&sh("printf 'OK\\n7,7'")).unwrap();
        assert_eq!(p.read_line(soon()).await.unwrap().text, "OK");
        assert_eq!(p.read_line(soon()).await.unwrap().text, "7,7");
        match p.read_line(soon()).await {
            Err(ProcessError::Closed(why)) => assert!(why.contains("code 0"), "{why}"),
            other => panic!("expected Closed, got {other:?}"),
        }
    });
}

#[test]
fn timed_out_and_closed_are_different_errors() {
    rt().block_on(async {
        let mut hung = EngineProcess::spawn(&sh("sleep 5")).unwrap();
        let t0 = Instant::now();
        let r = hung
            .read_line(Instant::now() + Duration::from_millis(100))
            .await;
        assert!(matches!(r, Err(ProcessError::TimedOut)), "{r:?}");
        assert!(t0.elapsed() < Duration::from_secs(2));
        let mut dead = EngineProcess::spawn(&sh("kill -SEGV $$")).unwrap();
        match dead.read_line(soon()).await {
            Err(ProcessError::Closed(why)) => assert!(why.contains("signal 11"), "{why}"),
            other => panic!("expected Closed, got {other:?}"),
        }
    });
}

#[test]
fn an_exit_is_noticed_even_while_a_child_holds_the_pipe() {
    rt().block_on(async {
        // The shell leaves a child with its stdout, then exits: no EOF will ever come.
        let mut p = EngineProcess::spawn(&sh("sleep 30 & exit 3")).unwrap();
        let pgid = p.pgid().unwrap();
        let t0 = Instant::now();
        match p.read_line(soon()).await {
            Err(ProcessError::Closed(why)) => assert!(why.contains("code 3"), "{why}"),
            other => panic!("expected Closed, got {other:?}"),
        }
        assert!(
            t0.elapsed() < Duration::from_secs(2),
            "the exit is seen at once, not at the deadline"
        );
        assert!(group_alive(pgid), "the child is still there");
        p.kill();
        assert!(
            eventually(|| !group_alive(pgid)).await,
            "killing the group takes the child too"
        );
    });
}

#[test]
fn over_long_lines_are_cut_and_flagged() {
    rt().block_on(async {
        let script = format!(
            "head -c {} /dev/zero | tr '\\0' 'x'; printf '\\nOK\\n'; sleep 5",
            MAX_LINE * 3
        );
        let mut p = EngineProcess::spawn(&sh(&script)).unwrap();
        let long = p.read_line(soon()).await.unwrap();
        assert!(long.cut);
        assert_eq!(long.text.len(), MAX_LINE);
        assert_eq!(p.read_line(soon()).await.unwrap().text, "OK");
    });
}

#[test]
fn dropping_a_process_kills_its_group() {
    rt().block_on(async {
        let p = EngineProcess::spawn(&sh("sleep 30 & sleep 30")).unwrap();
        let pgid = p.pgid().unwrap();
        assert!(group_alive(pgid));
        drop(p);
        assert!(eventually(|| !group_alive(pgid)).await);
    });
}

#[test]
fn lines_are_sent_with_crlf() {
    rt().block_on(async {
        // `od` shows the bytes the engine received.
        let mut p = EngineProcess::spawn(&sh("head -c 10 | od -An -c | tr -s ' '")).unwrap();
        p.send(&["START 15"]).await.unwrap();
        let line = p.read_line(soon()).await.unwrap().text;
        assert_eq!(line.trim(), r"S T A R T 1 5 \r \n");
    });
}

#[test]
fn a_missing_executable_is_a_spawn_error_naming_it() {
    let e = EngineProcess::spawn(&Launch {
        command: PathBuf::from("/nonexistent/pbrain-x"),
        args: Vec::new(),
        dir: None,
        stderr_log: None,
        memory_limit: None,
    })
    .unwrap_err();
    assert!(e.to_string().contains("/nonexistent/pbrain-x"), "{e}");
}
