//! Replays every input kept under `fuzz/regressions/protocol_*` through the readers with the
//! fuzz targets' checks: no panic, and every parsed message round-trips.

use std::path::Path;

use tengen_protocol::{Command, CommandReader, Response, ResponseReader};

fn inputs(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n != ".keep") {
            out.push(std::fs::read(&path).unwrap());
        }
    }
    out
}

#[test]
fn command_reader_regressions() {
    for data in inputs("protocol_commands") {
        let mut reader = CommandReader::new();
        reader.push(&data);
        reader.finish();
        while let Some(item) = reader.next_command() {
            if let Ok(cmd) = item {
                assert_eq!(Command::parse(&cmd.to_string()).unwrap(), cmd);
            }
        }
    }
}

#[test]
fn response_reader_regressions() {
    for data in inputs("protocol_responses") {
        let mut reader = ResponseReader::new();
        reader.push(&data);
        reader.finish();
        while let Some(item) = reader.next_response() {
            if let Ok(reply) = item {
                assert_eq!(Response::parse_line(&reply.to_string()).unwrap(), reply);
            }
        }
    }
}
