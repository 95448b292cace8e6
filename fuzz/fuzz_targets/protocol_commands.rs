//! Manager → brain direction: arbitrary bytes, in arbitrary chunks, through the command
//! reader; every command that parses must survive format → parse unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_protocol::{Command, CommandReader};

fuzz_target!(|data: &[u8]| {
    let mut reader = CommandReader::new();
    // The first byte chooses the chunk size, so splits fall everywhere.
    let chunk = usize::from(data.first().copied().unwrap_or(1)).max(1);
    for part in data.chunks(chunk) {
        reader.push(part);
        drain(&mut reader);
    }
    reader.finish();
    drain(&mut reader);
});

fn drain(reader: &mut CommandReader) {
    while let Some(item) = reader.next_command() {
        if let Ok(cmd) = item {
            let text = cmd.to_string();
            let again = Command::parse(&text).expect("a formatted command parses");
            assert_eq!(again, cmd, "round trip of {text:?}");
        }
    }
}
