//! Feeds the start-up sequence Yixin-Board sends (captured verbatim, in the shared data) through
//! the byte reader and checks the exact commands that come out.

use tengen_protocol::{Command, CommandReader, Info};
use tengen_rules::Rule;

const STARTUP: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/yixin-board-startup.txt"
));

fn other(key: &str, value: &str) -> Command {
    Command::Info(Info::Other {
        key: key.into(),
        value: value.into(),
    })
}

fn query() -> Command {
    Command::UnknownBlock {
        name: "yxquerydatabaseallt".into(),
        payload_lines: vec![],
    }
}

fn expected() -> Vec<Command> {
    vec![
        Command::Info(Info::ShowDetail(3)),
        Command::YxShowInfo,
        Command::Start { size: 15 },
        Command::Info(Info::MaxNode(-1)),
        Command::Info(Info::TimeoutMatch(100_000_000)),
        Command::Info(Info::TimeLeft(100_000_000)),
        Command::Info(Info::TimeoutTurn(2_000_000)),
        Command::Info(Info::MaxDepth(225)),
        Command::Info(Info::TimeIncrement(0)),
        Command::Info(Info::CautionFactor(1)),
        Command::Info(Info::ThreadNum(1)),
        Command::Info(Info::HashSize(262_144)),
        Command::Info(Info::Pondering(0)),
        other("vcthread", "0"),
        Command::Info(Info::Rule {
            value: 0,
            rule: Some(Rule::Freestyle),
        }),
        Command::Start { size: 15 },
        Command::YxBoard(vec![]),
        Command::YxShowForbid,
        query(),
        other("usedatabase", "1"),
        query(),
        query(),
    ]
}

/// The file without its `#` comment lines, with the CR LF line ends a GUI sends.
fn wire() -> Vec<u8> {
    STARTUP
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| format!("{l}\r\n").into_bytes())
        .collect()
}

fn parse_all(chunks: &[&[u8]]) -> Vec<Command> {
    let mut reader = CommandReader::new();
    let mut out = Vec::new();
    for chunk in chunks {
        reader.push(chunk);
        while let Some(c) = reader.next_command() {
            out.push(c.expect("every start-up command parses"));
        }
    }
    reader.finish();
    while let Some(c) = reader.next_command() {
        out.push(c.expect("every start-up command parses"));
    }
    assert_eq!(reader.pending_block(), None);
    out
}

#[test]
fn yixin_board_startup_parses_to_the_exact_command_sequence() {
    let bytes = wire();
    assert_eq!(parse_all(&[&bytes]), expected());
}

#[test]
fn yixin_board_startup_parses_the_same_byte_by_byte() {
    let bytes = wire();
    let chunks: Vec<&[u8]> = bytes.chunks(1).collect();
    assert_eq!(parse_all(&chunks), expected());
}

#[test]
fn yixin_board_startup_with_bare_lf_line_ends() {
    let bytes: Vec<u8> = STARTUP
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| format!("{l}\n").into_bytes())
        .collect();
    assert_eq!(parse_all(&[&bytes]), expected());
}
