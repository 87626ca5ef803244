//! A `learn` line's claim (an addition to version 1): a nogood's number, its literals
//! (written `"r1c2=5"` or `"r1c2!=5"`, `≠` accepted), the asserting literal (first, or
//! named by `asserting`), the level the search goes back to and, optionally, the LBD.

use super::{Claim, Result, field};
use crate::stream::json::{self, Fields, Key, Span};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::geometry::Geometry;
use dokuscope_engine::reason::Literal;

/// Reads a literal from its text on a board of `g`, or says what is wrong.
pub fn literal(g: &Geometry, text: &str) -> std::result::Result<Literal, String> {
    let bad = || format!("a literal is written like \"r3c5=7\" or \"r3c5!=7\", found \"{text}\"");
    let (cell, equal, digit) = if let Some((c, d)) = text.split_once("!=") {
        (c, false, d)
    } else if let Some((c, d)) = text.split_once('≠') {
        (c, false, d)
    } else if let Some((c, d)) = text.split_once('=') {
        (c, true, d)
    } else {
        return Err(bad());
    };
    let rest = cell.strip_prefix(['r', 'R']).ok_or_else(bad)?;
    let (row, col) = rest.split_once(['c', 'C']).ok_or_else(bad)?;
    let side = g.side();
    let number = |t: &str| t.parse::<usize>().ok().filter(|n| (1..=side).contains(n));
    let (Some(row), Some(col)) = (number(row), number(col)) else {
        return Err(format!("{}: no such cell on a {side}×{side} board", bad()));
    };
    let digit = number(digit)
        .and_then(|d| u8::try_from(d).ok())
        .and_then(Digit::new)
        .ok_or_else(|| format!("\"{text}\": the digit must be from 1 to {side}"))?;
    let cell = g.cell_at(row - 1, col - 1);
    Ok(if equal {
        Literal::equal(cell, digit)
    } else {
        Literal::differ(cell, digit)
    })
}

fn literal_at(line: &[u8], g: &Geometry, span: Span) -> Result<Literal> {
    let text = json::text(line, span).ok_or_else(|| {
        field(format!(
            "a nogood's literal must be a string, found {}",
            json::raw(line, span)
        ))
    })?;
    literal(g, &text).map_err(field)
}

/// A whole number from 0 that fits 16 bits, named `name`.
fn small(line: &[u8], span: Span, name: &str) -> Result<u16> {
    json::int(line, span)
        .and_then(|v| u16::try_from(v).ok())
        .ok_or_else(|| {
            field(format!(
                "{name} must be a whole number from 0 to 65535, found {}",
                json::raw(line, span)
            ))
        })
}

/// The claim of a `learn` line.
pub(super) fn claim(
    line: &[u8],
    f: &Fields,
    g: &'static Geometry,
    depth: Option<u16>,
) -> Result<Claim> {
    let id = f
        .get(Key::Id)
        .ok_or_else(|| field("learn has no id".into()))?;
    let id = json::int(line, id)
        .and_then(|v| u32::try_from(v).ok())
        .filter(|&v| v > 0)
        .ok_or_else(|| {
            field(format!(
                "learn's id must be a whole number from 1, found {}",
                json::raw(line, id)
            ))
        })?;
    let span = f
        .get(Key::Nogood)
        .ok_or_else(|| field("learn has no nogood".into()))?;
    let most = g.cell_count() * g.side();
    let items = json::list(line, span, most).ok_or_else(|| {
        field(format!(
            "learn's nogood must be a list of at most {most} literals"
        ))
    })?;
    let mut literals = items
        .into_iter()
        .map(|s| literal_at(line, g, s))
        .collect::<Result<Vec<Literal>>>()?;
    if literals.is_empty() {
        return Err(field(
            "learn's nogood is empty: a nogood has a literal at least".into(),
        ));
    }
    if let Some(span) = f.get(Key::Asserting) {
        let asserting = literal_at(line, g, span)?;
        let at = literals
            .iter()
            .position(|&l| l == asserting)
            .ok_or_else(|| field("learn's asserting literal is not one of its nogood's".into()))?;
        literals[..=at].rotate_right(1);
    }
    let level = small(
        line,
        f.get(Key::Level)
            .ok_or_else(|| field("learn has no level".into()))?,
        "level",
    )?;
    let lbd = f.get(Key::Lbd).map(|s| small(line, s, "lbd")).transpose()?;
    Ok(Claim::Learn {
        id,
        literals,
        level,
        lbd,
        depth,
    })
}
