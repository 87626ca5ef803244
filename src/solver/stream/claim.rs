//! What one line of a trace claims, typed: the start object or one event, its fields read,
//! range-checked for the board and their names resolved, before the board judges it.

use std::borrow::Cow;

use super::error::StreamErrorKind;
use super::json::{self, Fields, Key, Span};
use crate::solver::domain::{Digit, Domain};
use crate::solver::event::{AssignCause, PruneCause, WipeoutSite};
use crate::solver::geometry::{Cell, Geometry, Unit};
use crate::solver::puzzle::Puzzle;

/// The trace format version this reader implements.
pub const VERSION: i64 = 1;

/// The start object: the puzzle, and who solved it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The format version (1 when the object does not say).
    pub version: i64,
    /// The puzzle searched.
    pub puzzle: Puzzle,
    /// The solver's name, from `solver` or else `preset`, if the object gives one.
    pub solver: Option<String>,
}

/// One line's claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The start object.
    Start(Header),
    /// A cell chosen for the next decision.
    Select {
        /// The cell.
        cell: Cell,
        /// Its domain as the solver saw it, if given.
        domain: Option<Domain>,
        /// Decisions in effect, if given.
        depth: Option<u16>,
        /// `score.candidates`, if given.
        candidates: Option<i64>,
    },
    /// An assignment.
    Assign {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// Decisions in effect after it, if given.
        depth: Option<u16>,
        /// Why; a decision when not given.
        cause: Option<AssignCause>,
    },
    /// A digit removed from a domain.
    Prune {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// Decisions in effect, if given.
        depth: Option<u16>,
        /// Why, if given.
        cause: Option<PruneCause>,
    },
    /// A contradiction.
    Wipeout {
        /// Where.
        site: WipeoutSite,
        /// Decisions in effect, if given.
        depth: Option<u16>,
    },
    /// A decision undone.
    Backtrack {
        /// The decision named, if any (else the most recent one).
        decision: Option<(Cell, Digit)>,
        /// Decisions left, if given.
        depth: Option<u16>,
    },
    /// A solution.
    Solution {
        /// Decisions in effect, if given.
        depth: Option<u16>,
        /// The grid, if given.
        grid: Option<Puzzle>,
    },
    /// The search ended with the whole tree searched.
    Exhausted,
    /// The search ended at its limit.
    Limit,
}

/// A line's claim and its `step`, if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// `step`, if given.
    pub step: Option<u64>,
    /// The claim.
    pub claim: Claim,
}

/// At most 32 characters of `text`, for messages.
fn short(text: &[u8]) -> String {
    String::from_utf8_lossy(text).chars().take(32).collect()
}

type Result<T> = std::result::Result<T, StreamErrorKind>;

fn field(message: String) -> StreamErrorKind {
    StreamErrorKind::Field(message)
}

/// The `type` of an object.
fn kind<'a>(line: &'a [u8], f: &Fields) -> Result<Cow<'a, [u8]>> {
    let span = f
        .get(Key::Type)
        .ok_or_else(|| field("the object has no type".into()))?;
    json::bytes(line, span).ok_or_else(|| {
        field(format!(
            "type must be a string, found {}",
            json::raw(line, span)
        ))
    })
}

/// Reads the start object (the first line).
pub fn start(line: &[u8], f: &Fields) -> Result<Header> {
    let start_error = StreamErrorKind::Start;
    let ty = kind(line, f).map_err(|e| start_error(e.to_string()))?;
    if *ty != *b"start" {
        return Err(start_error(format!(
            "the first object must be the start object, found type '{}'",
            short(&ty)
        )));
    }
    let version = match f.get(Key::Version) {
        None => VERSION,
        Some(span) => json::int(line, span).ok_or_else(|| {
            start_error(format!(
                "version must be a whole number, found {}",
                json::raw(line, span)
            ))
        })?,
    };
    if version != VERSION {
        return Err(start_error(format!(
            "version {version} is not supported (this dokuscope reads version {VERSION})"
        )));
    }
    let span = f
        .get(Key::Puzzle)
        .ok_or_else(|| start_error("the start object has no puzzle".into()))?;
    let text = json::text(line, span).ok_or_else(|| {
        start_error(format!(
            "the start object's puzzle must be a string, found {}",
            json::raw(line, span)
        ))
    })?;
    let puzzle: Puzzle = text.parse().map_err(|e: crate::solver::ParseError| {
        start_error(format!(
            "the start object's puzzle is not a puzzle: {}",
            e.kind
        ))
    })?;
    if let Some(conflict) = puzzle.conflict() {
        return Err(start_error(format!(
            "the start object's puzzle breaks a rule: {conflict}"
        )));
    }
    if let Some(span) = f.get(Key::Size) {
        let side = puzzle.size().side();
        if json::int(line, span).and_then(|v| usize::try_from(v).ok()) != Some(side) {
            return Err(start_error(format!(
                "the start object says size {}, but its puzzle is {side}×{side}",
                json::raw(line, span)
            )));
        }
    }
    let name = |key| {
        f.get(key)
            .and_then(|s| json::text(line, s))
            .map(|t| t.chars().take(64).collect::<String>())
    };
    Ok(Header {
        version,
        puzzle,
        solver: name(Key::Solver).or_else(|| name(Key::Preset)),
    })
}

/// Reads one event line against the board's geometry.
pub fn event(line: &[u8], f: &Fields, g: &'static Geometry) -> Result<Record> {
    let ty = kind(line, f)?;
    let r = Reader { line, g };
    let step = match f.get(Key::Step) {
        None => None,
        Some(span) => Some(
            json::int(line, span)
                .filter(|&s| s >= 1)
                .and_then(|s| u64::try_from(s).ok())
                .ok_or_else(|| {
                    field(format!(
                        "step must be a whole number from 1, found {}",
                        json::raw(line, span)
                    ))
                })?,
        ),
    };
    let depth = r.depth(f)?;
    let claim = match &*ty {
        b"select" => Claim::Select {
            cell: r.cell(f, Key::Cell, "select")?,
            domain: f
                .get(Key::Domain)
                .map(|s| r.digits(s, "domain"))
                .transpose()?,
            depth,
            candidates: f.score(Key::Candidates).and_then(|s| json::int(line, s)),
        },
        b"assign" => Claim::Assign {
            cell: r.cell(f, Key::Cell, "assign")?,
            digit: r.digit(f, Key::Digit, "assign")?,
            depth,
            cause: r
                .cause(f)?
                .map(|rule| r.assign_cause(f, &rule))
                .transpose()?,
        },
        b"prune" => Claim::Prune {
            cell: r.cell(f, Key::Cell, "prune")?,
            digit: r.digit(f, Key::Digit, "prune")?,
            depth,
            cause: r
                .cause(f)?
                .map(|rule| r.prune_cause(f, &rule))
                .transpose()?,
        },
        b"wipeout" => Claim::Wipeout {
            site: if f.get(Key::Cell).is_some() {
                WipeoutSite::Cell(r.cell(f, Key::Cell, "wipeout")?)
            } else if f.get(Key::Unit).is_some() {
                WipeoutSite::Unit {
                    unit: r.unit(Reader::required(f, Key::Unit, "wipeout", "unit")?)?,
                    digit: r.digit(f, Key::Digit, "wipeout")?,
                }
            } else {
                return Err(field("wipeout has neither a cell nor a unit".into()));
            },
            depth,
        },
        b"backtrack" => Claim::Backtrack {
            decision: if f.get(Key::Cell).is_some() || f.get(Key::Digit).is_some() {
                Some((
                    r.cell(f, Key::Cell, "backtrack")?,
                    r.digit(f, Key::Digit, "backtrack")?,
                ))
            } else {
                None
            },
            depth,
        },
        b"solution" => Claim::Solution {
            depth,
            grid: f.get(Key::Grid).map(|s| r.grid(s)).transpose()?,
        },
        b"exhausted" => Claim::Exhausted,
        b"limit" => Claim::Limit,
        b"start" => {
            return Err(StreamErrorKind::Order(
                "a second start object (a trace holds one search)".into(),
            ));
        }
        other => return Err(field(format!("unknown event type '{}'", short(other)))),
    };
    Ok(Record { step, claim })
}

/// Field readers for one line on one board.
struct Reader<'a> {
    line: &'a [u8],
    g: &'static Geometry,
}

impl Reader<'_> {
    fn required(f: &Fields, key: Key, what: &str, name: &str) -> Result<Span> {
        f.get(key)
            .ok_or_else(|| field(format!("{what} has no {name}")))
    }

    fn in_cause(f: &Fields, key: Key, rule: &[u8], name: &str) -> Result<Span> {
        f.cause(key)
            .ok_or_else(|| field(format!("{}'s cause has no {name}", short(rule))))
    }

    fn depth(&self, f: &Fields) -> Result<Option<u16>> {
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

    fn cell_named(&self, span: Span, name: &str) -> Result<Cell> {
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

    fn cell(&self, f: &Fields, key: Key, what: &str) -> Result<Cell> {
        let span = Self::required(f, key, what, "cell")?;
        self.cell_named(span, "cell")
    }

    fn digit_at(&self, span: Span, name: &str) -> Result<Digit> {
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

    fn digit(&self, f: &Fields, key: Key, what: &str) -> Result<Digit> {
        let span = Self::required(f, key, what, "digit")?;
        self.digit_at(span, "digit")
    }

    fn digits(&self, span: Span, name: &str) -> Result<Domain> {
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

    fn unit(&self, span: Span) -> Result<Unit> {
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
            "box" => 2 * n,
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

    fn grid(&self, span: Span) -> Result<Puzzle> {
        let text = json::text(self.line, span)
            .ok_or_else(|| field("solution's grid must be a string".into()))?;
        let puzzle: Puzzle = text.parse().map_err(|e: crate::solver::ParseError| {
            field(format!("solution's grid is not a grid: {}", e.kind))
        })?;
        if puzzle.size() != self.g.size() {
            let n = self.g.side();
            return Err(field(format!("solution's grid is not {n}×{n}")));
        }
        Ok(puzzle)
    }

    /// The cause's rule, if a cause is given (`null` counts as not given).
    fn cause(&self, f: &Fields) -> Result<Option<Cow<'_, [u8]>>> {
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

    fn assign_cause(&self, f: &Fields, rule: &[u8]) -> Result<AssignCause> {
        Ok(match rule {
            b"decision" => AssignCause::Decision,
            b"naked_single" => AssignCause::NakedSingle,
            b"hidden_single" => AssignCause::HiddenSingle {
                unit: self.unit(Self::in_cause(f, Key::Unit, b"hidden_single", "unit")?)?,
            },
            other => return Err(field(format!("unknown assign rule '{}'", short(other)))),
        })
    }

    fn prune_cause(&self, f: &Fields, rule: &[u8]) -> Result<PruneCause> {
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
            other => return Err(field(format!("unknown prune rule '{}'", short(other)))),
        })
    }
}
