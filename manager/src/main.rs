//! `tengen-manager`: plays Gomocup brains against each other. See `--help` and MANAGER.md.

use std::process::ExitCode;

use anyhow::Context;
use tengen_manager::cli::{config_from_args, CliError};
use tengen_manager::config::RunConfig;
use tengen_manager::results::{save_args, RESULTS_FILE};
use tengen_manager::resume::{peek_finished, read_finished, Finished};
use tengen_manager::tournament::{report_names, resolve_names, run, standings, RunSummary};

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cfg = match config_from_args(&args) {
        Ok(c) => c,
        Err(CliError::Clap(e)) => {
            // --help and --version print and exit 0; real errors exit 2, with clap's first
            // line only (the rest is a blank line and a usage hint): one line per error.
            if !e.use_stderr() {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            let text = e.render().to_string();
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("tengen-manager: {first} (see --help)");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("tengen-manager: {e}");
            return ExitCode::from(2);
        }
    };
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(cfg.concurrency.max(1))
        .max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen-manager: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(main_async(cfg)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tengen-manager: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn main_async(cfg: RunConfig) -> anyhow::Result<ExitCode> {
    if cfg.report {
        return report(&cfg);
    }
    let finished = if cfg.resume {
        read_finished(&cfg.out).context("cannot resume")?
    } else {
        let results = cfg.out.join(RESULTS_FILE);
        if std::fs::metadata(&results).is_ok_and(|m| m.len() > 0) {
            anyhow::bail!(
                "--out {:?} already holds a run ({results:?}); continue it with --resume or choose another --out",
                cfg.out
            );
        }
        Finished::default()
    };
    let names = resolve_names(&cfg.engines)
        .await
        .context("checking the engines")?;
    // Saved only once the engines work, so that a run that cannot start leaves no
    // directory behind.
    if !cfg.resume {
        save_args(&cfg.out, &cfg.args, &names)?;
    }
    if !cfg.quiet {
        eprintln!(
            "tengen-manager: {} ({}), {} {}x{}, tc {}, {} game(s) per pairing x {} round(s), concurrency {}, output {:?}{}",
            names.join(" vs "),
            format!("{:?}", cfg.kind).to_lowercase(),
            cfg.rules.rule,
            cfg.rules.size,
            cfg.rules.size,
            cfg.rules.tc_text,
            cfg.games,
            cfg.rounds,
            cfg.concurrency,
            cfg.out,
            if cfg.resume {
                format!(", resuming after {} finished game(s)", finished.games.len())
            } else {
                String::new()
            }
        );
    }
    let summary = run(&cfg, names, finished).await?;
    print_summary(
        &cfg,
        &summary,
        &format!("{} played now", summary.played_now),
    );
    if let Some(s) = &summary.stopped {
        if s.starts_with("interrupted") {
            return Ok(ExitCode::from(130));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `--report`: the standings of a saved run, read without changing anything.
fn report(cfg: &RunConfig) -> anyhow::Result<ExitCode> {
    let finished = peek_finished(&cfg.out).context("cannot report")?;
    if let Some(note) = &finished.repaired {
        eprintln!("tengen-manager: {note}");
    }
    let names = report_names(cfg, &finished);
    let summary = standings(cfg, names, &finished);
    print_summary(cfg, &summary, "read by --report");
    Ok(ExitCode::SUCCESS)
}

/// The final table, the game count and, with `--sprt`, the test's state.
fn print_summary(cfg: &RunConfig, summary: &RunSummary, how: &str) {
    println!("{}", summary.table.format_table());
    if let Some(c) = &summary.champion {
        println!("Knockout winner: {c}");
    }
    println!(
        "{} game(s) in {:?} ({how})",
        summary.games,
        cfg.out.join(RESULTS_FILE)
    );
    if let Some(s) = &summary.stopped {
        println!("Stopped: {s}");
    }
    // An undecided test (the decision itself is the `Stopped` line).
    let decided = summary
        .stopped
        .as_ref()
        .is_some_and(|s| s.starts_with("SPRT"));
    if let (Some(status), false) = (&summary.sprt, decided) {
        println!(
            "SPRT ({} vs {}): {status}",
            summary.names[0], summary.names[1]
        );
    }
}
