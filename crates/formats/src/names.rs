//! Cell names as the formats write them: `r3c5`, `R3C5`, `R10C12`.

/// Row and column (from 1, as written) of a name `R<digits>C<digits>`, either case; `None`
/// for anything else. Numbers longer than six digits are refused rather than overflowed.
pub(crate) fn decimal_rc(word: &str) -> Option<(i64, i64)> {
    let rest = word.strip_prefix(['r', 'R'])?;
    let split = rest.find(['c', 'C'])?;
    let (row, col) = (&rest[..split], &rest[split + 1..]);
    Some((number(row)?, number(col)?))
}

/// A decimal number of one to six digits.
pub(crate) fn number(s: &str) -> Option<i64> {
    if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A sum: a decimal number of one to six digits.
pub(crate) fn sum(s: &str) -> Option<u32> {
    number(s).and_then(|n| u32::try_from(n).ok())
}
