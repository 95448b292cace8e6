//! Brain → manager direction: arbitrary bytes through the reply reader; every reply that
//! parses must survive format → parse unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_protocol::{Response, ResponseReader};

fuzz_target!(|data: &[u8]| {
    let mut reader = ResponseReader::new();
    let chunk = usize::from(data.first().copied().unwrap_or(1)).max(1);
    for part in data.chunks(chunk) {
        reader.push(part);
        drain(&mut reader);
    }
    reader.finish();
    drain(&mut reader);
});

fn drain(reader: &mut ResponseReader) {
    while let Some(item) = reader.next_response() {
        if let Ok(reply) = item {
            let text = reply.to_string();
            let again = Response::parse_line(&text).expect("a formatted reply parses");
            assert_eq!(again, reply, "round trip of {text:?}");
        }
    }
}
