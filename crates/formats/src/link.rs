//! Puzzle links: `f-puzzles.com/?load=`, `sudokupad.app/...` and the Interactive Sudoku
//! Solver's `?q=`, turned into the text they carry.
//!
//! `SudokuPad`'s puzzle ids (its `puzzleloader.js`): a prefix names the format of what
//! follows. `fpuzzles` (or `fpuz`) is f-puzzles' lz-string base64, read here; `scl` and
//! `ctc` are `SudokuPad`'s own drawing format, `scf` its compact one, neither naming its
//! rules, so not read; an id with no prefix is a short link that only `SudokuPad`'s server
//! can resolve, and this reader fetches nothing.

use crate::error::FormatErrorKind as Kind;

/// Whether `word` is a link dokuscope knows how to open.
pub(crate) fn is_link(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.contains("f-puzzles.com")
        || lower.contains("sudokupad.app")
}

/// Whether a link's payload is the Interactive Sudoku Solver's (a `?q=` query); else it
/// is f-puzzles'.
pub(crate) fn carries_iss(word: &str) -> bool {
    query(word, "q").is_some()
}

/// The value of query parameter `key` in `url`, percent-decoded.
fn query(url: &str, key: &str) -> Option<String> {
    let (_, rest) = url.split_once('?')?;
    let rest = rest.split('#').next().unwrap_or_default();
    rest.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == key).then(|| percent_decode(v))
    })
}

/// `%XX` escapes decoded; anything malformed is kept as written.
pub(crate) fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        if let Some(v) = escaped {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The f-puzzles data (lz-string base64) a link carries.
pub(crate) fn fpuzzles_payload(url: &str) -> Result<String, Kind> {
    if let Some(data) = query(url, "load") {
        return Ok(unspace(&data));
    }
    if query(url, "id").is_some() && url.to_ascii_lowercase().contains("f-puzzles.com") {
        return Err(Kind::Unsupported(
            "a short f-puzzles link (?id=), stored on f-puzzles' server,".into(),
        ));
    }
    let id = query(url, "puzzleid").unwrap_or_else(|| {
        let path = url.split(['?', '#']).next().unwrap_or_default();
        percent_decode(path.rsplit('/').next().unwrap_or_default())
    });
    sudokupad_id(&id)
}

/// The f-puzzles data in a `SudokuPad` puzzle id.
fn sudokupad_id(id: &str) -> Result<String, Kind> {
    if let Some(data) = id
        .strip_prefix("fpuzzles")
        .or_else(|| id.strip_prefix("fpuz"))
    {
        return Ok(unspace(data));
    }
    if id.starts_with("scl") || id.starts_with("ctc") || id.starts_with("scf") {
        return Err(Kind::Unsupported(
            "SudokuPad's own puzzle format (scl/ctc/scf), which draws shapes but names no rules; \
             open the puzzle in f-puzzles and share its link,"
                .into(),
        ));
    }
    if id.is_empty() {
        return Err(Kind::Syntax("the link carries no puzzle".into()));
    }
    Err(Kind::Unsupported(format!(
        "a short SudokuPad link ('{id}'), which only SudokuPad's server can open,"
    )))
}

/// Base64 in a link whose `+` became a space on the way.
fn unspace(data: &str) -> String {
    data.trim().replace(' ', "+")
}

/// The Interactive Sudoku Solver string a `?q=` link carries.
pub(crate) fn iss_payload(url: &str) -> Result<String, Kind> {
    query(url, "q").ok_or_else(|| Kind::Syntax("the link has no ?q= puzzle".into()))
}
