//! Property tests: every command and reply survives format → parse unchanged, also through the
//! byte reader in random chunks; arbitrary bytes never make a reader or parser panic, and the
//! readers' bounds hold.

use proptest::collection::vec;
use proptest::prelude::*;
use tengen_protocol::{
    unknown_block_shape, About, BoardStone, Command, CommandReader, Eval, Feature, Field, Info,
    Limits, ProtocolError, Realtime, Response, ResponseReader, SearchInfo, TgOpeningRule,
    UnknownBlockShape, COMMAND_WORDS, KNOWN_KEYS,
};
use tengen_rules::{Move, Pos, MAX_SIZE};

fn pos() -> impl Strategy<Value = Pos> {
    (0..MAX_SIZE, 0..MAX_SIZE).prop_map(|(x, y)| Pos::new(x, y))
}

fn mv() -> impl Strategy<Value = Move> {
    prop_oneof![4 => pos().prop_map(Move::Stone), 1 => Just(Move::Pass)]
}

fn field() -> impl Strategy<Value = Field> {
    prop_oneof![Just(Field::Own), Just(Field::Opponent), Just(Field::Mark)]
}

fn stones() -> impl Strategy<Value = Vec<BoardStone>> {
    vec(
        (mv(), field()).prop_map(|(m, f)| BoardStone::new(m, f)),
        0..8,
    )
}

/// One-line printable text without surrounding whitespace (may be empty).
fn text() -> impl Strategy<Value = String> {
    "[\\PC&&[^\r\n]]{0,24}".prop_map(|s| s.trim().to_string())
}

fn nonempty_text() -> impl Strategy<Value = String> {
    text().prop_filter("non-empty", |s| !s.is_empty())
}

fn info() -> impl Strategy<Value = Info> {
    let int = any::<i64>;
    prop_oneof![
        int().prop_map(Info::TimeoutTurn),
        int().prop_map(Info::TimeoutMatch),
        int().prop_map(Info::TimeLeft),
        int().prop_map(Info::MaxMemory),
        int().prop_map(Info::GameType),
        any::<u32>().prop_map(Info::rule),
        pos().prop_map(Info::Evaluate),
        text().prop_map(Info::Folder),
        int().prop_map(Info::ThreadNum),
        int().prop_map(Info::HashSize),
        int().prop_map(Info::MaxDepth),
        int().prop_map(Info::MaxNode),
        int().prop_map(Info::Pondering),
        int().prop_map(Info::ShowDetail),
        int().prop_map(Info::TimeIncrement),
        int().prop_map(Info::CautionFactor),
        int().prop_map(Info::Strength),
        any::<bool>().prop_map(Info::TgPasses),
        any::<bool>().prop_map(Info::TgDrawOffer),
        prop_oneof![
            Just(TgOpeningRule::Free),
            Just(TgOpeningRule::Chinese),
            Just(TgOpeningRule::Swap2),
            Just(TgOpeningRule::File),
        ]
        .prop_map(Info::TgOpeningRule),
        ("[A-Za-z][A-Za-z0-9_]{0,12}", text())
            .prop_filter("not a typed key", |(k, _)| {
                !KNOWN_KEYS.contains(&k.to_ascii_lowercase().as_str())
            })
            .prop_map(|(key, value)| Info::Other { key, value }),
    ]
}

/// Database block headers of the three shapes.
fn unknown_block() -> impl Strategy<Value = Command> {
    let until_done = (
        prop::sample::select(vec![
            "yxquerydatabaseallt",
            "YXQUERYDATABASEALL",
            "yxquerydatabaseone",
            "yxedittvddatabase 1 87 0 0",
            "yxdeletedatabaseall wl",
            "yxeditlabeldatabase 7,7 abc",
            "yxblockundo",
        ]),
        vec(
            nonempty_text().prop_filter("not DONE", |l| !l.eq_ignore_ascii_case("done")),
            0..5,
        ),
    )
        .prop_map(|(name, payload_lines)| Command::UnknownBlock {
            name: name.to_string(),
            payload_lines,
        });
    let path_word = prop::sample::select(vec!["yxsetdatabase", "YXDBMERGE", "yxlibtodb"]);
    let one_line =
        (path_word.clone(), nonempty_text()).prop_map(|(name, path)| Command::UnknownBlock {
            name: name.to_string(),
            payload_lines: vec![path],
        });
    let complete = (path_word, nonempty_text()).prop_map(|(name, path)| Command::UnknownBlock {
        name: format!("{name} {path}"),
        payload_lines: vec![],
    });
    prop_oneof![until_done, one_line, complete]
}

fn unknown_line() -> impl Strategy<Value = Command> {
    ("[A-Za-z][A-Za-z0-9_]{0,15}", text())
        .prop_map(|(word, rest)| {
            if rest.is_empty() {
                word
            } else {
                format!("{word} {rest}")
            }
        })
        .prop_filter("not a known command", |line| {
            let word = line.split_whitespace().next().unwrap_or("");
            !COMMAND_WORDS.contains(&word.to_ascii_uppercase().as_str())
                && unknown_block_shape(line).is_none()
        })
        .prop_map(|line| Command::Unknown { line })
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        any::<u32>().prop_map(|size| Command::Start { size }),
        (any::<u32>(), any::<u32>())
            .prop_map(|(width, height)| Command::RectStart { width, height }),
        Just(Command::Restart),
        Just(Command::Begin),
        mv().prop_map(Command::Turn),
        stones().prop_map(Command::Board),
        info().prop_map(Command::Info),
        Just(Command::End),
        Just(Command::About),
        mv().prop_map(Command::Takeback),
        mv().prop_map(Command::Play),
        stones().prop_map(Command::Swap2Board),
        stones().prop_map(Command::YxBoard),
        Just(Command::YxStop),
        Just(Command::Stop),
        Just(Command::YxShowForbid),
        Just(Command::YxHashClear),
        Just(Command::YxShowInfo),
        any::<u32>().prop_map(Command::YxNBest),
        vec(pos(), 0..8).prop_map(Command::YxBlock),
        Just(Command::YxBlockReset),
        any::<i32>().prop_map(Command::YxBalanceOne),
        any::<i32>().prop_map(Command::YxBalanceTwo),
        Just(Command::TgExt),
        any::<u32>().prop_map(|n_max| Command::TgOpening { n_max }),
        (any::<u32>(), stones()).prop_map(|(n, stones)| Command::TgSwap { n, stones }),
        (any::<u32>(), stones()).prop_map(|(n, stones)| Command::TgOffer { n, stones }),
        (vec(pos(), 1..6), stones())
            .prop_map(|(offers, stones)| Command::TgChoose { offers, stones }),
        unknown_block(),
        unknown_line(),
    ]
}

fn eval() -> impl Strategy<Value = Eval> {
    prop_oneof![
        any::<i32>().prop_map(Eval::Value),
        any::<i32>().prop_map(Eval::Mate),
        "[A-Za-z?#][A-Za-z0-9?# ]{0,8}"
            .prop_map(|s| s.trim().to_string())
            .prop_filter("stays Other", |s| Eval::parse(s) == Eval::Other(s.clone()))
            .prop_map(Eval::Other),
    ]
}

fn search_info() -> impl Strategy<Value = SearchInfo> {
    prop_oneof![
        any::<u32>().prop_map(SearchInfo::Pv),
        Just(SearchInfo::PvDone),
        any::<u32>().prop_map(SearchInfo::NumPv),
        any::<i32>().prop_map(SearchInfo::Depth),
        any::<i32>().prop_map(SearchInfo::SelDepth),
        any::<u64>().prop_map(SearchInfo::Nodes),
        any::<u64>().prop_map(SearchInfo::TotalNodes),
        any::<u64>().prop_map(SearchInfo::TotalTime),
        any::<u64>().prop_map(SearchInfo::Speed),
        eval().prop_map(SearchInfo::Eval),
        prop_oneof![
            0.0..=1.0f64,
            any::<f64>().prop_filter("finite", |p| p.is_finite())
        ]
        .prop_map(SearchInfo::WinRate),
        vec(mv(), 0..10).prop_map(SearchInfo::BestLine),
    ]
}

fn feature() -> impl Strategy<Value = Feature> {
    prop_oneof![
        Just(Feature::Opening),
        Just(Feature::Pass),
        Just(Feature::Draw),
        "[a-z][a-z0-9_]{0,8}"
            .prop_filter("unknown word", |w| {
                !["opening", "pass", "draw"].contains(&w.as_str())
            })
            .prop_map(Feature::Other),
    ]
}

/// Reply words that a free-text line must not start with.
const REPLY_WORDS: [&str; 12] = [
    "OK", "SWAP", "NOSWAP", "DRAW", "ERROR", "UNKNOWN", "DEBUG", "MESSAGE", "SUGGEST", "FORBID",
    "TGEXT", "INFO",
];

fn free_text() -> impl Strategy<Value = String> {
    prop_oneof![
        text().prop_map(|t| format!("~{t}")),
        "[A-Za-z][A-Za-z .!]{0,20}"
            .prop_map(|s| s.trim().to_string())
            .prop_filter("not a reply word", |s| {
                let w = s.split_whitespace().next().unwrap_or("");
                !REPLY_WORDS.contains(&w.to_ascii_uppercase().as_str())
            }),
    ]
}

fn about() -> impl Strategy<Value = About> {
    vec(("[A-Za-z_][A-Za-z0-9_-]{0,8}", "[^\"\r\n]{0,16}"), 1..5).prop_map(|fields| About {
        fields,
        free_text: None,
    })
}

fn response() -> impl Strategy<Value = Response> {
    prop_oneof![
        vec(mv(), 1..8).prop_map(Response::Moves),
        mv().prop_map(Response::MoveDraw),
        Just(Response::Draw),
        Just(Response::Swap),
        Just(Response::NoSwap),
        (any::<u32>(), vec(feature(), 0..5))
            .prop_map(|(version, features)| Response::TgExt { version, features }),
        (pos(), pos(), pos(), any::<u32>()).prop_map(|(a, b, c, n)| Response::Opening {
            stones: [a, b, c],
            n
        }),
        Just(Response::Ok),
        text().prop_map(Response::Error),
        text().prop_map(Response::Unknown),
        text()
            .prop_filter("not realtime", |t| !t
                .to_ascii_uppercase()
                .starts_with("REALTIME"))
            .prop_map(Response::Message),
        text().prop_map(Response::Debug),
        mv().prop_map(Response::Suggest),
        vec(pos(), 0..10).prop_map(Response::Forbid),
        about().prop_map(Response::About),
        prop_oneof![
            pos().prop_map(Realtime::Pos),
            pos().prop_map(Realtime::Done),
            pos().prop_map(Realtime::Lost),
            pos().prop_map(Realtime::Best),
            Just(Realtime::Refresh),
        ]
        .prop_map(Response::Realtime),
        search_info().prop_map(Response::Search),
        free_text().prop_map(Response::Text),
    ]
}

/// Byte soup biased towards protocol tokens, so the block machinery is exercised too.
fn protocol_soup() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        prop::sample::select(vec![
            "BOARD",
            "yxboard",
            "DONE",
            "done",
            "7,7,1",
            "-1,-1,2",
            "7,7",
            "TURN",
            "INFO",
            "rule",
            "TGCHOOSE",
            "TGSWAP 2",
            "yxquerydatabaseallt",
            "yxsetdatabase",
            "START 15",
            "MESSAGE REALTIME POS",
            "FORBID",
            "INFO PV",
            "DONE",
            "\r\n",
            "\n",
            "\r",
            " ",
            ",",
            "-",
            "name=\"",
            "\"",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        vec(any::<u8>(), 0..8),
    ];
    vec(token, 0..60).prop_map(|parts| parts.concat())
}

/// Splits `bytes` at the given (unsorted, possibly out-of-range) cut points.
fn chunked<'a>(bytes: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut cuts: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    cuts.sort_unstable();
    let mut out = Vec::new();
    let mut start = 0;
    for c in cuts {
        out.push(&bytes[start..c]);
        start = c;
    }
    out.push(&bytes[start..]);
    out
}

fn drain_commands(reader: &mut CommandReader) -> Vec<Result<Command, ProtocolError>> {
    std::iter::from_fn(|| reader.next_command()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_command_round_trips(c in command()) {
        let text = c.to_string();
        prop_assert_eq!(Command::parse(&text), Ok(c.clone()), "text {:?}", text);
        prop_assert_eq!(Command::parse(&c.to_wire()), Ok(c.clone()));
        prop_assert_eq!(c.to_lines().join("\n"), text);
    }

    #[test]
    fn every_response_round_trips(r in response()) {
        let text = r.to_string();
        prop_assert!(!text.contains(['\r', '\n']));
        prop_assert_eq!(Response::parse_line(&text), Ok(r.clone()), "text {:?}", text);
    }

    #[test]
    fn command_sequences_survive_the_byte_reader_in_any_chunks(
        cmds in vec(command(), 0..12),
        cuts in vec(any::<usize>(), 0..20),
    ) {
        let wire: Vec<u8> = cmds.iter().flat_map(|c| c.to_wire().into_bytes()).collect();
        let mut reader = CommandReader::new();
        let mut got = Vec::new();
        for chunk in chunked(&wire, &cuts) {
            reader.push(chunk);
            got.extend(drain_commands(&mut reader));
        }
        reader.finish();
        got.extend(drain_commands(&mut reader));
        let want: Vec<_> = cmds.into_iter().map(Ok).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn response_sequences_survive_the_byte_reader(
        replies in vec(response(), 0..12),
        cuts in vec(any::<usize>(), 0..20),
    ) {
        let wire: Vec<u8> = replies.iter().flat_map(|r| format!("{r}\n").into_bytes()).collect();
        let mut reader = ResponseReader::new();
        let mut got = Vec::new();
        for chunk in chunked(&wire, &cuts) {
            reader.push(chunk);
            got.extend(std::iter::from_fn(|| reader.next_response()));
        }
        reader.finish();
        got.extend(std::iter::from_fn(|| reader.next_response()));
        let want: Vec<_> = replies.into_iter().map(Ok).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn arbitrary_bytes_never_panic_and_bounds_hold(
        bytes in prop_oneof![vec(any::<u8>(), 0..2000), protocol_soup()],
        cuts in vec(any::<usize>(), 0..30),
    ) {
        let limits = Limits { max_line_len: 24, max_block_lines: 3 };
        let mut small = CommandReader::with_limits(limits);
        let mut normal = CommandReader::new();
        let mut replies = ResponseReader::with_limits(limits);
        for chunk in chunked(&bytes, &cuts) {
            small.push(chunk);
            normal.push(chunk);
            replies.push(chunk);
            for c in drain_commands(&mut small).into_iter().flatten() {
                // No block ever holds more than the bound.
                let held = match &c {
                    Command::Board(s) | Command::YxBoard(s) | Command::Swap2Board(s) => s.len(),
                    Command::TgSwap { stones, .. }
                    | Command::TgOffer { stones, .. }
                    | Command::TgChoose { stones, .. } => stones.len(),
                    Command::YxBlock(p) => p.len(),
                    Command::UnknownBlock { payload_lines, .. } => payload_lines.len(),
                    _ => 0,
                };
                prop_assert!(held <= 3);
                // Every parsed command prints back to something that parses to it.
                prop_assert_eq!(Command::parse(&c.to_string()), Ok(c.clone()));
            }
            drain_commands(&mut normal);
            while let Some(line) = replies.next_line() {
                if let Ok(line) = line {
                    // The limit counts raw bytes; lossy decoding turns one invalid byte
                    // into the 3-byte U+FFFD.
                    prop_assert!(line.len() <= 3 * 24);
                    prop_assert!(!line.is_empty());
                    let _ = Response::parse_line(&line);
                    let _ = About::from_line(&line);
                }
            }
        }
        small.finish();
        normal.finish();
        drain_commands(&mut small);
        drain_commands(&mut normal);
        prop_assert!(small.next_command().is_none());
        let text = String::from_utf8_lossy(&bytes);
        let _ = Command::parse(&text);
        let _ = Response::parse_line(&text);
        let _ = Info::parse(&text);
        let _ = BoardStone::parse(&text, "BOARD");
    }
}

#[test]
fn unknown_block_shapes_used_by_the_generators_are_as_intended() {
    assert_eq!(
        unknown_block_shape("yxeditlabeldatabase 7,7 abc"),
        Some(UnknownBlockShape::UntilDone)
    );
    assert_eq!(
        unknown_block_shape("YXDBMERGE"),
        Some(UnknownBlockShape::OneLine)
    );
    assert_eq!(
        unknown_block_shape("yxlibtodb book.lib"),
        Some(UnknownBlockShape::Complete)
    );
}
