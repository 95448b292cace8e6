//! `pbrain-tengen`: the Tengen brain. No arguments (or unknown ones): the Gomocup protocol on
//! stdin/stdout. `bench` and `analyze`: tools (see `pbrain-tengen help`).

fn main() {
    // Logs go to stderr only: stdout carries the protocol. Errors only by default: a manager
    // that never reads the brain's stderr pipe must not see it fill up and block the brain.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("TENGEN_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("error")),
        )
        .init();
    let args: Vec<String> = std::env::args().collect();
    let code = match tengen_engine::cli::run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("pbrain-tengen: {e:#}");
            1
        }
    };
    // Exit at once: a search thread may still be winding down, and END must be prompt.
    std::process::exit(code);
}
