//! Reading a line's fields for one board: cells, digits, units, domains, grids and causes,
//! each range-checked, with a sentence for what is wrong.

use std::borrow::Cow;

use super::{Result, field, short};
use crate::stream::json::{self, Fields, Key, Span};
use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::event::{AssignCause, PruneCause};
use dokuscope_engine::geometry::{Cell, Geometry, Unit};
use dokuscope_engine::puzzle::Puzzle;

/// Field readers for one line on one board.
pub(super) struct Reader<'a> {
    pub(super) line: &'a [u8],
    pub(super) g: &'static Geometry,
}

impl Reader<'_> {
    pub(super) fn required(f: &Fields, key: Key, what: &str, name: &str) -> Result<Span> {
        f.get(key)
            .ok_or_else(|| field(format!("{what} has no {name}")))
    }

    pub(super) fn in_cause(f: &Fields, key: Key, rule: &[u8], name: &str) -> Result<Span> {
        f.cause(key)
            .ok_or_else(|| field(format!("{}'s cause has no {name}", short(rule))))
    }

    pub(super) fn depth(&self, f: &Fields) -> Result<Option<u16>> {
        let Some(span) = f.get(Key::Depth) else {
            return Ok(None);
        };
        let max = self.g.cell_count();
        json::int(self.line, span)
            .and_then(|d| usize::try_from(d).ok())
            .filter(|&d| d <= max)
            .map(|d| Some(d as u16))
            .ok_or_else(|| {
                field(format!(
                    "depth must be a whole number from 0 to {max}, found {}",
                    json::raw(self.line, span)
                ))
            })
    }

    pub(super) fn cell_named(&self, span: Span, name: &str) -> Result<Cell> {
        let n = self.g.side();
        let bad = || {
            field(format!(
                "{name} must be a cell named like \"r3c5\", found {}",
                json::raw(self.line, span)
            ))
        };
        let text = json::bytes(self.line, span).ok_or_else(bad)?;
        let Some((b'r' | b'R', rest)) = text.split_first() else {
            return Err(bad());
        };
        let at = rest
            .iter()
            .position(|&b| b == b'c' || b == b'C')
            .ok_or_else(bad)?;
        let (row, col) = (&rest[..at], &rest[at + 1..]);
        let number = |s: &[u8]| -> Option<usize> {
            (!s.is_empty() && s.len() <= 6 && s.iter().all(u8::is_ascii_digit))
                .then(|| s.iter().fold(0, |v, &b| v * 10 + usize::from(b - b'0')))
        };
        let (row, col) = (number(row).ok_or_else(bad)?, number(col).ok_or_else(bad)?);
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            return Err(field(format!(
                "{name} r{row}c{col} is off the {n}×{n} board"
            )));
        }
        Ok(self.g.cell_at(row - 1, col - 1))
    }

    pub(super) fn cell(&self, f: &Fields, key: Key, what: &str) -> Result<Cell> {
        let span = Self::required(f, key, what, "cell")?;
        self.cell_named(span, "cell")
    }

    pub(super) fn digit_at(&self, span: Span, name: &str) -> Result<Digit> {
        let n = self.g.side();
        let value = json::int(self.line, span).ok_or_else(|| {
            field(format!(
                "{name} must be a whole number, found {}",
                json::raw(self.line, span)
            ))
        })?;
        u8::try_from(value)
            .ok()
            .filter(|&v| usize::from(v) <= n)
            .and_then(Digit::new)
            .ok_or_else(|| {
                field(format!(
                    "{name} {value} is out of range for a {n}×{n} board (1 to {n})"
                ))
            })
    }

    pub(super) fn digit(&self, f: &Fields, key: Key, what: &str) -> Result<Digit> {
        let span = Self::required(f, key, what, "digit")?;
        self.digit_at(span, "digit")
    }

    pub(super) fn digits(&self, span: Span, name: &str) -> Result<Domain> {
        let n = self.g.side();
        let bad = || {
            field(format!(
                "{name} must be a list of digits from 1 to {n}, found {}",
                json::raw(self.line, span)
            ))
        };
        let raw = &self.line[span.start..span.end];
        let inner = raw
            .strip_prefix(b"[")
            .and_then(|r| r.strip_suffix(b"]"))
            .ok_or_else(bad)?;
        if inner.iter().all(u8::is_ascii_whitespace) {
            return Ok(Domain::EMPTY);
        }
        inner
            .split(|&b| b == b',')
            .map(|item| {
                json::int_text(item.trim_ascii())
                    .and_then(|v| u8::try_from(v).ok())
                    .filter(|&v| usize::from(v) <= n)
                    .and_then(Digit::new)
                    .ok_or_else(bad)
            })
            .collect()
    }

    pub(super) fn unit(&self, span: Span) -> Result<Unit> {
        let n = self.g.side();
        let bad = || {
            field(format!(
                "unit must be named like \"row 4\", \"column 2\" or \"box 9\", found {}",
                json::raw(self.line, span)
            ))
        };
        let text = json::text(self.line, span).ok_or_else(bad)?;
        let (kind, number) = text.split_once(' ').ok_or_else(bad)?;
        let base = match kind {
            "row" => 0,
            "column" => n,
            "box" | "region" => 2 * n,
            _ => return Err(bad()),
        };
        let number: usize = (number.len() <= 6)
            .then(|| number.parse().ok())
            .flatten()
            .ok_or_else(bad)?;
        if !(1..=n).contains(&number) {
            return Err(field(format!("unit {text} is off the {n}×{n} board")));
        }
        Ok(Unit::new(base + number - 1))
    }

    pub(super) fn grid(&self, span: Span) -> Result<Puzzle> {
        let text = json::text(self.line, span)
            .ok_or_else(|| field("solution's grid must be a string".into()))?;
        let puzzle: Puzzle = text.parse().map_err(|e: dokuscope_engine::ParseError| {
            field(format!("solution's grid is not a grid: {}", e.kind))
        })?;
        if puzzle.size() != self.g.size() {
            let n = self.g.side();
            return Err(field(format!("solution's grid is not {n}×{n}")));
        }
        Ok(puzzle)
    }

    /// The cause's rule, if a cause is given (`null` counts as not given).
    pub(super) fn cause(&self, f: &Fields) -> Result<Option<Cow<'_, [u8]>>> {
        let Some(span) = f.get(Key::Cause) else {
            return Ok(None);
        };
        if json::is_null(self.line, span) {
            return Ok(None);
        }
        if self.line.get(span.start) != Some(&b'{') {
            return Err(field("cause must be an object".into()));
        }
        let rule = f
            .cause(Key::Rule)
            .ok_or_else(|| field("cause has no rule".into()))?;
        let rule = json::bytes(self.line, rule)
            .ok_or_else(|| field("cause's rule must be a string".into()))?;
        Ok(Some(rule))
    }

    pub(super) fn assign_cause(&self, f: &Fields, rule: &[u8]) -> Result<AssignCause> {
        Ok(match rule {
            b"decision" => match f.cause(Key::By).and_then(|by| json::bytes(self.line, by)) {
                Some(by) if by.as_ref() == b"user" => AssignCause::UserDecision,
                _ => AssignCause::Decision,
            },
            b"naked_single" => AssignCause::NakedSingle,
            b"hidden_single" => AssignCause::HiddenSingle {
                unit: self.unit(Self::in_cause(f, Key::Unit, b"hidden_single", "unit")?)?,
            },
            b"nogood" => AssignCause::Nogood {
                id: self.count(Self::in_cause(f, Key::Id, rule, "id")?, "the nogood's id")?,
            },
            other => return Err(field(format!("unknown assign rule '{}'", short(other)))),
        })
    }

    /// A backtrack's cause: `backjump`, with its conflict set (the cells blamed).
    pub(super) fn backtrack_cause(&self, f: &Fields, rule: &[u8]) -> Result<Vec<Cell>> {
        if rule != b"backjump" {
            return Err(field(format!(
                "unknown backtrack rule '{}' (a backtrack's cause is backjump)",
                short(rule)
            )));
        }
        let span = Self::in_cause(f, Key::Conflict, rule, "conflict")?;
        let items = json::list(self.line, span, self.g.cell_count())
            .ok_or_else(|| field("backjump's conflict must be a list of cells".into()))?;
        items
            .into_iter()
            .map(|item| self.cell_named(item, "conflict"))
            .collect()
    }

    /// Two cells, as a weight's constraint names them.
    pub(super) fn pair(&self, span: Span, name: &str) -> Result<[Cell; 2]> {
        let items = json::list(self.line, span, 2).unwrap_or_default();
        let [a, b] = items[..] else {
            return Err(field(format!("{name} must be a list of two cells")));
        };
        Ok([self.cell_named(a, name)?, self.cell_named(b, name)?])
    }

    /// A whole number from 0 that fits 32 bits.
    pub(super) fn count(&self, span: Span, name: &str) -> Result<u32> {
        json::int(self.line, span)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| {
                field(format!(
                    "{name} must be a whole number from 0, found {}",
                    json::raw(self.line, span)
                ))
            })
    }

    /// A variant's constraint by its number among the board's rules.
    pub(super) fn constraint(&self, span: json::Span) -> Result<u16> {
        let count = self.g.rules().map_or(0, |r| r.constraints().len());
        json::int(self.line, span)
            .and_then(|i| u16::try_from(i).ok())
            .filter(|&i| usize::from(i) < count)
            .ok_or_else(|| {
                field(format!(
                    "constraint must be the number of one of the board's {count} constraints, found {}",
                    json::raw(self.line, span)
                ))
            })
    }

    pub(super) fn prune_cause(&self, f: &Fields, rule: &[u8]) -> Result<PruneCause> {
        let what = rule;
        let cell = |key, name| self.cell_named(Self::in_cause(f, key, what, name)?, name);
        let unit = |key, name| self.unit(Self::in_cause(f, key, what, name)?);
        let digit = || self.digit_at(Self::in_cause(f, Key::Digit, what, "digit")?, "digit");
        Ok(match rule {
            b"forward_check" => PruneCause::ForwardCheck {
                from: cell(Key::From, "from")?,
            },
            b"revise" => PruneCause::Revise {
                against: cell(Key::Against, "against")?,
            },
            b"conflict" => PruneCause::Conflict {
                with: cell(Key::With, "with")?,
            },
            b"refuted" => PruneCause::Refuted,
            b"nogood" => PruneCause::Nogood {
                id: self.count(Self::in_cause(f, Key::Id, what, "id")?, "the nogood's id")?,
            },
            b"hidden_single" => PruneCause::HiddenSingle {
                unit: unit(Key::Unit, "unit")?,
                digit: digit()?,
            },
            b"naked_pair" => {
                let span = Self::in_cause(f, Key::Cells, what, "cells")?;
                let items = json::list(self.line, span, 2).unwrap_or_default();
                let [a, b] = items[..] else {
                    return Err(field(
                        "naked_pair's cells must be a list of two cells".into(),
                    ));
                };
                PruneCause::NakedPair {
                    unit: unit(Key::Unit, "unit")?,
                    cells: [self.cell_named(a, "cells")?, self.cell_named(b, "cells")?],
                }
            }
            b"hidden_pair" => {
                let digits =
                    self.digits(Self::in_cause(f, Key::Digits, what, "digits")?, "digits")?;
                if !digits.is_pair() {
                    return Err(field("hidden_pair's digits must be two digits".into()));
                }
                PruneCause::HiddenPair {
                    unit: unit(Key::Unit, "unit")?,
                    digits,
                }
            }
            b"locked_candidates" => PruneCause::LockedCandidates {
                unit: unit(Key::Unit, "unit")?,
                crossing: unit(Key::Crossing, "crossing")?,
                digit: digit()?,
            },
            b"variant" => PruneCause::Variant {
                constraint: self.constraint(Self::in_cause(
                    f,
                    Key::Constraint,
                    what,
                    "constraint",
                )?)?,
                with: cell(Key::With, "with")?,
            },
            other => return Err(field(format!("unknown prune rule '{}'", short(other)))),
        })
    }
}
