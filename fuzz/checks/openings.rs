//! Opening files (`--openings FILE`): arbitrary text through `OpeningBook::parse` for an
//! arbitrary board size. Checks: no panic; a book that parses has openings whose stones fit
//! or fail with a typed error under every symmetry, and whose text form reads back the same.
//!
//! Shared by the fuzz target and the regression replay in the normal test suite.
use tengen_manager::opening::OpeningBook;
use tengen_rules::Symmetry;

/// The fuzz target's checks on one input (panics on a failure).
pub fn check(data: &[u8]) {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let size = size % 26; // mostly valid sizes, some invalid ones (0..5, 23..25)
    let text = String::from_utf8_lossy(rest);
    let Ok(book) = OpeningBook::parse(&text, size) else {
        return;
    };
    assert!(
        !book.is_empty()
            || text
                .lines()
                .all(|l| l.split('#').next().unwrap_or("").trim().is_empty())
    );
    for o in book.openings() {
        assert!(!o.is_empty(), "a parsed opening has stones");
        let fits = o.stones(size, Symmetry::Identity).is_ok();
        for sym in Symmetry::ALL {
            // A symmetry about the centre keeps a fitting opening on the board.
            assert_eq!(o.moves_with(size, sym).is_ok(), fits, "{o:?} under {sym:?}");
        }
        let again = OpeningBook::parse(&o.to_string(), size).expect("an opening's text parses");
        assert_eq!(again.openings()[0].offsets, o.offsets);
    }
}
