//! A JSON scanner for one trace line: checks the syntax of the whole line and notes where
//! the values of the fields the trace format knows are, without allocating.
//!
//! Values are read on demand from their spans ([`text`], [`int`], [`list`]), so unknown
//! fields cost only the syntax check. Nesting is limited to [`MAX_NESTING`] levels, so no
//! line can exhaust the stack.

use std::borrow::Cow;

/// Deepest nesting of arrays and objects accepted.
pub const MAX_NESTING: usize = 64;

/// The fields the trace format names, at any level (the top object, `cause`, `score`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `type`.
    Type,
    /// `step`.
    Step,
    /// `cell`.
    Cell,
    /// `digit`.
    Digit,
    /// `depth`.
    Depth,
    /// `cause`.
    Cause,
    /// `domain`.
    Domain,
    /// `score`.
    Score,
    /// `unit`.
    Unit,
    /// `grid`.
    Grid,
    /// `version`.
    Version,
    /// `puzzle`.
    Puzzle,
    /// `size`.
    Size,
    /// `solver`.
    Solver,
    /// `preset`.
    Preset,
    /// `rule`.
    Rule,
    /// `from`.
    From,
    /// `against`.
    Against,
    /// `cells`.
    Cells,
    /// `digits`.
    Digits,
    /// `crossing`.
    Crossing,
    /// `with`.
    With,
    /// `candidates`.
    Candidates,
    /// `by` (a decision's maker: `"user"` for the viewer's own).
    By,
    /// `weight` (a constraint's weight after a bump).
    Weight,
    /// `run` (the run a restart begins).
    Run,
    /// `cutoff` (a run's failures before the next restart).
    Cutoff,
    /// `conflict` (a backjump's conflict set).
    Conflict,
    /// `givens` (the start object's: `"placed"` or `"domains"`).
    Givens,
    /// `order` (the start object's cell order, by the solver's name for it).
    Order,
    /// `values` (the start object's value order).
    Values,
    /// `infer` (the start object's inference).
    Infer,
    /// `search` (the start object's: `"local"` for a local search).
    Search,
    /// `conflicts` (a local search's conflicts on the board after a move).
    Conflicts,
    /// `walk` (whether a local search's move was a random walk).
    Walk,
    /// `removed` (the digits an arc revision removed).
    Removed,
    /// `checks` (an arc revision's constraint checks).
    Checks,
    /// `queue` (arcs waiting when a revision's arc was taken off).
    Queue,
    /// `requeued` (arcs a revision's removal put back on the queue).
    Requeued,
    /// `id` (a learned nogood's number).
    Id,
    /// `nogood` (a learn line's literals; a wipeout's nogood number).
    Nogood,
    /// `asserting` (a learn line's asserting literal).
    Asserting,
    /// `level` (the level a learned nogood sends the search back to).
    Level,
    /// `lbd` (a learned nogood's literal block distance).
    Lbd,
    /// `variant` (the start object's variant rules, in dokuscope's text).
    Variant,
    /// `constraint` (a variant's constraint, by its number).
    Constraint,
}

const KEYS: usize = 46;
// Every key has its slot: a key added after the last one must raise KEYS.
const _: () = assert!(Key::Constraint as usize + 1 == KEYS);

mod scan;

pub use scan::{list, members, object};

impl Key {
    #[inline]
    pub(super) fn of(name: &[u8]) -> Option<Key> {
        Some(match name {
            b"type" => Key::Type,
            b"step" => Key::Step,
            b"cell" => Key::Cell,
            b"digit" => Key::Digit,
            b"depth" => Key::Depth,
            b"cause" => Key::Cause,
            b"domain" => Key::Domain,
            b"score" => Key::Score,
            b"unit" => Key::Unit,
            b"grid" => Key::Grid,
            b"version" => Key::Version,
            b"puzzle" => Key::Puzzle,
            b"size" => Key::Size,
            b"solver" => Key::Solver,
            b"preset" => Key::Preset,
            b"rule" => Key::Rule,
            b"from" => Key::From,
            b"against" => Key::Against,
            b"cells" => Key::Cells,
            b"digits" => Key::Digits,
            b"crossing" => Key::Crossing,
            b"with" => Key::With,
            b"candidates" => Key::Candidates,
            b"by" => Key::By,
            b"weight" => Key::Weight,
            b"run" => Key::Run,
            b"cutoff" => Key::Cutoff,
            b"conflict" => Key::Conflict,
            b"givens" => Key::Givens,
            b"order" => Key::Order,
            b"values" => Key::Values,
            b"infer" => Key::Infer,
            b"search" => Key::Search,
            b"conflicts" => Key::Conflicts,
            b"walk" => Key::Walk,
            b"removed" => Key::Removed,
            b"checks" => Key::Checks,
            b"queue" => Key::Queue,
            b"requeued" => Key::Requeued,
            b"id" => Key::Id,
            b"nogood" => Key::Nogood,
            b"asserting" => Key::Asserting,
            b"level" => Key::Level,
            b"lbd" => Key::Lbd,
            b"variant" => Key::Variant,
            b"constraint" => Key::Constraint,
            _ => return None,
        })
    }
}

/// Where a value is in the line: bytes `start..end`, quotes and brackets included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// Whether the value is a string known to hold no escape (read without a second look).
    pub plain: bool,
}

/// Spans as stored: `(start, end)` in a line of at most 64 KiB, the top bit of `start` set
/// for a plain string ([`Span::plain`]); an end of 0 means absent.
type Slots = [(u32, u32); KEYS];

/// The known fields of one object, by [`Key`], and those of its `cause` and `score`
/// objects; the last of repeated keys wins.
#[derive(Clone, Copy, Debug)]
pub struct Fields {
    pub(super) top: Slots,
    pub(super) cause: Slots,
    pub(super) score: Slots,
}

impl Default for Fields {
    fn default() -> Fields {
        Fields {
            top: [(0, 0); KEYS],
            cause: [(0, 0); KEYS],
            score: [(0, 0); KEYS],
        }
    }
}

fn slot(slots: &Slots, key: Key) -> Option<Span> {
    let (start, end) = slots[key as usize];
    (end > 0).then_some(Span {
        start: (start & !(1 << 31)) as usize,
        end: end as usize,
        plain: start >> 31 == 1,
    })
}

impl Fields {
    /// The span of `key`'s value, if the object has the key.
    pub fn get(&self, key: Key) -> Option<Span> {
        slot(&self.top, key)
    }

    /// The span of `key`'s value in the `cause` object, if it is an object with the key.
    pub fn cause(&self, key: Key) -> Option<Span> {
        slot(&self.cause, key)
    }

    /// The span of `key`'s value in the `score` object, if it is an object with the key.
    pub fn score(&self, key: Key) -> Option<Span> {
        slot(&self.score, key)
    }
}

/// A syntax error: what was expected, and the column (in bytes, from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Syntax {
    /// Column, from 1.
    pub column: usize,
    /// What is wrong, as a short phrase.
    pub message: &'static str,
}

/// The content of a string whose syntax was checked, escapes decoded (a lone surrogate
/// becomes U+FFFD).
pub(super) fn unescape(raw: &[u8]) -> String {
    let raw = String::from_utf8_lossy(raw);
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    let mut pending_high: Option<u32> = None;
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.extend(pending_high.take().map(|_| char::REPLACEMENT_CHARACTER));
            out.push(c);
            continue;
        }
        let e = chars.next().unwrap_or('\\');
        if e != 'u' {
            out.extend(pending_high.take().map(|_| char::REPLACEMENT_CHARACTER));
            out.push(match e {
                'b' => '\u{8}',
                'f' => '\u{c}',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                other => other,
            });
            continue;
        }
        let hex: String = chars.by_ref().take(4).collect();
        let code = u32::from_str_radix(&hex, 16).unwrap_or(0xFFFD);
        match (pending_high.take(), code) {
            (Some(high), 0xDC00..=0xDFFF) => {
                let joined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00);
                out.push(char::from_u32(joined).unwrap_or(char::REPLACEMENT_CHARACTER));
            }
            (high, 0xD800..=0xDBFF) => {
                out.extend(high.map(|_| char::REPLACEMENT_CHARACTER));
                pending_high = Some(code);
            }
            (high, _) => {
                out.extend(high.map(|_| char::REPLACEMENT_CHARACTER));
                out.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
            }
        }
    }
    out.extend(pending_high.map(|_| char::REPLACEMENT_CHARACTER));
    out
}

/// The string at `span`, if the value is a string.
pub fn text(line: &[u8], span: Span) -> Option<Cow<'_, str>> {
    let raw = line.get(span.start..span.end)?;
    let inner = raw.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    if inner.contains(&b'\\') {
        Some(Cow::Owned(unescape(inner)))
    } else {
        std::str::from_utf8(inner).ok().map(Cow::Borrowed)
    }
}

/// The content of the string at `span` as bytes (valid UTF-8: the scanner checked it),
/// escapes decoded, if the value is a string.
pub fn bytes(line: &[u8], span: Span) -> Option<Cow<'_, [u8]>> {
    let raw = line.get(span.start..span.end)?;
    let inner = raw.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    if !span.plain && inner.contains(&b'\\') {
        Some(Cow::Owned(unescape(inner).into_bytes()))
    } else {
        Some(Cow::Borrowed(inner))
    }
}

/// The whole number at `span`, if the value is one that fits an `i64` (no fraction, no exponent).
pub fn int(line: &[u8], span: Span) -> Option<i64> {
    int_text(line.get(span.start..span.end)?)
}

/// `raw` as a whole number that fits an `i64` (no fraction, no exponent), if it is one.
pub fn int_text(raw: &[u8]) -> Option<i64> {
    let (negative, digits) = match raw.strip_prefix(b"-") {
        Some(rest) => (true, rest),
        None => (false, raw),
    };
    if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits
        .iter()
        .fold(0i64, |v, &d| v * 10 + i64::from(d - b'0'));
    Some(if negative { -value } else { value })
}

/// Whether the value at `span` is `null`.
pub fn is_null(line: &[u8], span: Span) -> bool {
    line.get(span.start..span.end) == Some(b"null")
}

/// The value at `span` as written, shortened for messages.
pub fn raw(line: &[u8], span: Span) -> String {
    let bytes = line.get(span.start..span.end).unwrap_or_default();
    let text = String::from_utf8_lossy(bytes);
    if text.chars().count() > 24 {
        let short: String = text.chars().take(21).collect();
        format!("{short}...")
    } else {
        text.into_owned()
    }
}

#[cfg(test)]
mod tests {
    #![expect(clippy::expect_used, reason = "tests fail by panicking")]

    use super::*;

    fn parse(line: &[u8]) -> Result<Fields, Syntax> {
        let mut fields = Fields::default();
        object(line, &mut fields).map(|()| fields)
    }

    fn col(line: &str) -> (usize, &'static str) {
        let e = parse(line.as_bytes()).expect_err("a syntax error");
        (e.column, e.message)
    }

    #[test]
    fn known_fields_are_found_and_unknown_ones_skipped() {
        let line = br#"{"step":3,"x":[1,{"a":[]}],"type":"prune","cell":"r1c2","digit":7,"cause":{"rule":"forward_check","from":"r1c1"}}"#;
        let f = parse(line).expect("valid");
        let ty = f.get(Key::Type).expect("type");
        assert_eq!(text(line, ty).as_deref(), Some("prune"));
        assert_eq!(f.get(Key::Digit).and_then(|s| int(line, s)), Some(7));
        assert!(f.get(Key::Cause).is_some());
        let from = f.cause(Key::From).expect("from");
        assert_eq!(text(line, from).as_deref(), Some("r1c1"));
    }

    #[test]
    fn syntax_errors_point_at_the_column() {
        assert_eq!(col(r#"{"a":1 "b":2}"#), (8, "expected ',' or '}'"));
        assert_eq!(col(r#"{"a":NaN}"#), (6, "expected a value"));
        assert_eq!(col(r#"{"a":1"#).1, "unexpected end of line");
        assert_eq!(col(r#"{"a":1} x"#), (9, "unexpected text after the object"));
        assert_eq!(col("[1]").1, "expected '{': each line is one JSON object");
        assert_eq!(col(r#"{"a":01}"#), (7, "expected ',' or '}'"));
        assert_eq!(col(r#"{"a":"\x"}"#).1, "invalid escape in a string");
    }

    #[test]
    fn deep_nesting_is_refused_without_recursing_further() {
        let line = format!("{{\"a\":{}{}}}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(
            parse(line.as_bytes()).expect_err("too deep").message,
            "nested deeper than 64 levels"
        );
    }

    #[test]
    fn numbers_read_as_whole_numbers_only_when_they_are() {
        let line = br#"{"a":-12,"b":1.5,"c":1e3,"d":123456789012345678901}"#;
        let f = parse(line).expect("valid");
        assert!(f.get(Key::Digit).is_none());
        assert_eq!(
            int(
                line,
                Span {
                    start: 5,
                    end: 8,
                    plain: false
                }
            ),
            Some(-12)
        );
        assert_eq!(
            int(
                line,
                Span {
                    start: 13,
                    end: 16,
                    plain: false
                }
            ),
            None
        );
        assert_eq!(
            int(
                line,
                Span {
                    start: 21,
                    end: 24,
                    plain: false
                }
            ),
            None
        );
    }

    #[test]
    fn escaped_strings_decode() {
        let line = br#"{"type":"st\u0061rt","cell":"\ud83d\ude00"}"#;
        let f = parse(line).expect("valid");
        assert_eq!(
            text(line, f.get(Key::Type).expect("type")).as_deref(),
            Some("start")
        );
        assert_eq!(
            text(line, f.get(Key::Cell).expect("cell")).as_deref(),
            Some("\u{1F600}")
        );
        let ty = f.get(Key::Type).expect("type");
        assert!(!ty.plain, "an escaped string is not plain");
        assert_eq!(bytes(line, ty).as_deref(), Some(&b"start"[..]));
    }

    #[test]
    fn flat_lists_split_into_elements() {
        let line = br#"{"domain":[1, 2,3]}"#;
        let f = parse(line).expect("valid");
        let items = list(line, f.get(Key::Domain).expect("domain"), 25).expect("list");
        let values: Vec<i64> = items.iter().filter_map(|s| int(line, *s)).collect();
        assert_eq!(values, [1, 2, 3]);
    }
}
