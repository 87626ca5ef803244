//! The JSON scanner itself: one pass over a line that checks its syntax and notes the
//! spans of the known fields ([`Fields`]), recursing at most [`MAX_NESTING`] levels.

use super::{Fields, Key, MAX_NESTING, Span, Syntax, unescape};

/// Which slots the members of an object go to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Top,
    Cause,
    Score,
    Nowhere,
}

/// Reads `line` as one JSON object (white space around it allowed) and returns its known
/// fields. `fields` is overwritten (kept by the caller to save clearing a new one).
pub fn object(line: &[u8], fields: &mut Fields) -> Result<(), Syntax> {
    *fields = Fields::default();
    let mut s = Scanner {
        b: line,
        i: 0,
        fields,
    };
    s.ws();
    if s.peek() != Some(b'{') {
        return Err(s.fail(if s.peek().is_none() {
            "expected '{' (a line holds one JSON object)"
        } else {
            "expected '{': each line is one JSON object"
        }));
    }
    s.members(1, Target::Top)?;
    s.ws();
    if s.i < s.b.len() {
        return Err(s.fail("unexpected text after the object"));
    }
    Ok(())
}

/// The bytes that end a plain run of string content: a quote, a backslash, a control
/// character or the start of a multi-byte UTF-8 sequence.
const STOP: [bool; 256] = {
    let mut stop = [false; 256];
    let mut c = 0;
    while c < 256 {
        stop[c] = c == b'"' as usize || c == b'\\' as usize || c < 0x20 || c >= 0x80;
        c += 1;
    }
    stop
};

/// Where the first [`STOP`] byte of `bytes` is: eight bytes at a time while it can (most
/// strings end within the first eight, and one predictable branch finds it), then one by one.
#[inline]
fn plain_run(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Bytes equal to `b` (or below it, for `below`) get their high bit set; borrows can
    // only mark bytes above a marked one, so the lowest mark is exact.
    let equal = |x: u64, b: u8| {
        let y = x ^ (ONES * u64::from(b));
        y.wrapping_sub(ONES) & !y & HIGHS
    };
    let below = |x: u64, b: u8| x.wrapping_sub(ONES * u64::from(b)) & !x & HIGHS;
    let mut i = 0;
    while let Some(word) = bytes.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        let x = u64::from_le_bytes(w);
        let marks = equal(x, b'"') | equal(x, b'\\') | below(x, 0x20) | (x & HIGHS);
        if marks != 0 {
            return Some(i + (marks.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes[i..]
        .iter()
        .position(|&c| STOP[usize::from(c)])
        .map(|p| i + p)
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    fields: &'a mut Fields,
}

impl Scanner<'_> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn fail(&self, message: &'static str) -> Syntax {
        Syntax {
            column: self.i + 1,
            message,
        }
    }

    fn end_or(&self, message: &'static str) -> Syntax {
        if self.i >= self.b.len() {
            self.fail("unexpected end of line")
        } else {
            self.fail(message)
        }
    }

    #[inline]
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.peek() {
            self.i += 1;
        }
    }

    /// At `{`: reads the members up to the closing `}`.
    fn members(&mut self, depth: usize, target: Target) -> Result<(), Syntax> {
        if depth > MAX_NESTING {
            return Err(self.fail("nested deeper than 64 levels"));
        }
        self.i += 1;
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(self.end_or("expected a string key"));
            }
            let (key_start, key_end, escaped) = self.string()?;
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.end_or("expected ':'"));
            }
            self.i += 1;
            self.ws();
            let start = self.i;
            let key = if target == Target::Nowhere {
                None
            } else if escaped {
                Key::of(unescape(&self.b[key_start..key_end]).as_bytes())
            } else {
                Key::of(&self.b[key_start..key_end])
            };
            let inner = match (target, key) {
                (Target::Top, Some(Key::Cause)) => Target::Cause,
                (Target::Top, Some(Key::Score)) => Target::Score,
                _ => Target::Nowhere,
            };
            // A string without escapes is marked plain (the top bit of its start), so that
            // reading it later needs no second look for backslashes.
            let mut plain = 0;
            match self.peek() {
                Some(b'{') if inner != Target::Nowhere => self.members(depth + 1, inner)?,
                Some(b'"') => {
                    let (_, _, escaped) = self.string()?;
                    plain = u32::from(!escaped) << 31;
                }
                _ => self.value(depth)?,
            }
            if let Some(key) = key {
                let slots = match target {
                    Target::Top => &mut self.fields.top,
                    Target::Cause => &mut self.fields.cause,
                    _ => &mut self.fields.score,
                };
                slots[key as usize] = (start as u32 | plain, self.i as u32);
            }
            self.ws();
            match self.peek() {
                Some(b',') => {
                    self.i += 1;
                    self.ws();
                }
                Some(b'}') => {
                    self.i += 1;
                    return Ok(());
                }
                _ => return Err(self.end_or("expected ',' or '}'")),
            }
        }
    }

    /// At `[`: reads the elements up to the closing `]`.
    fn elements(&mut self, depth: usize) -> Result<(), Syntax> {
        if depth > MAX_NESTING {
            return Err(self.fail("nested deeper than 64 levels"));
        }
        self.i += 1;
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(());
        }
        loop {
            self.value(depth)?;
            self.ws();
            match self.peek() {
                Some(b',') => {
                    self.i += 1;
                    self.ws();
                }
                Some(b']') => {
                    self.i += 1;
                    return Ok(());
                }
                _ => return Err(self.end_or("expected ',' or ']'")),
            }
        }
    }

    #[inline]
    fn value(&mut self, depth: usize) -> Result<(), Syntax> {
        match self.peek() {
            Some(b'"') => self.string().map(|_| ()),
            Some(b'{') => self.members(depth + 1, Target::Nowhere),
            Some(b'[') => self.elements(depth + 1),
            Some(b't') => self.literal(b"true"),
            Some(b'f') => self.literal(b"false"),
            Some(b'n') => self.literal(b"null"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.end_or("expected a value")),
        }
    }

    #[inline]
    fn literal(&mut self, word: &[u8]) -> Result<(), Syntax> {
        if self.b[self.i..].starts_with(word) {
            self.i += word.len();
            Ok(())
        } else {
            Err(self.fail("expected a value"))
        }
    }

    #[inline]
    fn digits(&mut self) -> usize {
        let start = self.i;
        while let Some(b'0'..=b'9') = self.peek() {
            self.i += 1;
        }
        self.i - start
    }

    #[inline]
    fn number(&mut self) -> Result<(), Syntax> {
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.end_or("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return Err(self.end_or("expected a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.i += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if self.digits() == 0 {
                return Err(self.end_or("expected a digit in the exponent"));
            }
        }
        Ok(())
    }

    /// At `"`: reads a string; returns its content's bounds and whether it has escapes.
    // Measured (callgrind, benches/check.rs): with `members` below calling it too, left to
    // the compiler this was no longer inlined into the scan of an object's members, and
    // checking cost 3 % more instructions an event.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn string(&mut self) -> Result<(usize, usize, bool), Syntax> {
        self.i += 1;
        let start = self.i;
        let (mut escaped, mut high) = (false, false);
        // Most strings are short and plain: find the closing quote in one pass.
        let plain = plain_run(&self.b[start..]);
        if let Some(n) = plain {
            self.i = start + n;
            if self.b[self.i] == b'"' {
                self.i += 1;
                return Ok((start, start + n, false));
            }
        }
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.fail("unexpected end of line in a string"));
            };
            match c {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    self.i += 1;
                    match self.peek() {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.i += 1;
                        }
                        Some(b'u') => {
                            self.i += 1;
                            for _ in 0..4 {
                                if !self.peek().is_some_and(|h| h.is_ascii_hexdigit()) {
                                    return Err(self.end_or("expected 4 hex digits after \\u"));
                                }
                                self.i += 1;
                            }
                        }
                        _ => return Err(self.end_or("invalid escape in a string")),
                    }
                }
                0..=0x1f => return Err(self.fail("a control character in a string")),
                0x80.. => {
                    high = true;
                    self.i += 1;
                }
                _ => self.i += 1,
            }
        }
        let end = self.i;
        self.i += 1;
        if high && std::str::from_utf8(&self.b[start..end]).is_err() {
            return Err(Syntax {
                column: start,
                message: "invalid UTF-8 in a string",
            });
        }
        Ok((start, end, escaped))
    }
}

/// The elements of the array at `span`, as spans, if the value is a flat array (at most
/// `max` elements; nested arrays and objects are refused).
pub fn list(line: &[u8], span: Span, max: usize) -> Option<Vec<Span>> {
    let raw = line.get(span.start..span.end)?;
    if raw.first() != Some(&b'[') {
        return None;
    }
    let mut fields = Fields::default();
    let mut s = Scanner {
        b: line.get(..span.end)?,
        i: span.start + 1,
        fields: &mut fields,
    };
    let mut out = Vec::new();
    loop {
        s.ws();
        match s.peek() {
            Some(b']') => return Some(out),
            Some(b',') if !out.is_empty() => {
                s.i += 1;
                s.ws();
            }
            _ if out.is_empty() => {}
            _ => return None,
        }
        if matches!(s.peek(), Some(b'[' | b'{')) || out.len() == max {
            return None;
        }
        let start = s.i;
        s.value(MAX_NESTING).ok()?;
        out.push(Span {
            start,
            end: s.i,
            plain: false,
        });
    }
}

/// The members of the object at `span`, as (key, value span) pairs in the order written,
/// if the value is an object (at most `max` members).
pub fn members(line: &[u8], span: Span, max: usize) -> Option<Vec<(String, Span)>> {
    let raw = line.get(span.start..span.end)?;
    if raw.first() != Some(&b'{') {
        return None;
    }
    let mut fields = Fields::default();
    let mut s = Scanner {
        b: line.get(..span.end)?,
        i: span.start + 1,
        fields: &mut fields,
    };
    let mut out = Vec::new();
    loop {
        s.ws();
        match s.peek() {
            Some(b'}') => return Some(out),
            Some(b',') if !out.is_empty() => {
                s.i += 1;
                s.ws();
            }
            _ if out.is_empty() => {}
            _ => return None,
        }
        if out.len() == max || s.peek() != Some(b'"') {
            return None;
        }
        let (key_start, key_end, _) = s.string().ok()?;
        s.ws();
        if s.peek() != Some(b':') {
            return None;
        }
        s.i += 1;
        s.ws();
        let start = s.i;
        s.value(MAX_NESTING - 1).ok()?;
        let key = unescape(&s.b[key_start..key_end]);
        out.push((
            key,
            Span {
                start,
                end: s.i,
                plain: false,
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_splits_into_its_members_in_the_order_written() {
        let line = br#"{"score":{"num_legal_values":2, "tie":[1,2],"name":"x\u0041"}}"#;
        let span = Span {
            start: 9,
            end: line.len() - 1,
            plain: false,
        };
        let found = members(line, span, 8).expect("an object");
        let keys: Vec<&str> = found.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["num_legal_values", "tie", "name"]);
        assert_eq!(&line[found[1].1.start..found[1].1.end], b"[1,2]");
        assert!(
            members(line, span, 2).is_none(),
            "more members than asked for"
        );
    }

    #[test]
    fn plain_runs_stop_at_the_first_special_byte() {
        for text in [
            &b"abc\"def"[..],
            b"abcdefghij\"",
            b"abcdefgh\\x",
            b"\x01abcdefghijk",
            b"abcdefghijklmnop\xc3\xa9",
            b"abcdefghijklmnopq",
            b"\"",
            b"",
            b"abcdefg\x1f",
            b"\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x80",
            b"\x21\x20\x1f\x00abcdefgh",
        ] {
            let expected = text.iter().position(|&c| STOP[usize::from(c)]);
            assert_eq!(plain_run(text), expected, "{text:?}");
        }
    }
}
