//! What one line of a trace claims, typed: the start object or one event, its fields read,
//! range-checked for the board and their names resolved, before the board judges it.

use std::borrow::Cow;

use super::error::StreamErrorKind;
use super::json::{self, Fields, Key};
use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::event::{AssignCause, PruneCause, WipeoutSite};
use dokuscope_engine::geometry::{Cell, Geometry};
use dokuscope_engine::puzzle::{Givens, Puzzle};

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
    /// How the givens start: placed (the default), or as one-digit domains (`"givens":"domains"`).
    pub givens: Givens,
    /// The solver's own names for its search, as the start object gives them.
    pub names: Names,
    /// Whether the stream is a local search (`"search":"local"`): a complete assignment
    /// changed by `set` and `swap`, with no decisions.
    pub local: bool,
}

/// What a start object says about its search, in the solver's own words (each at most 64
/// characters): shown by the views, never checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// `order`: the cell (variable) order.
    pub order: Option<String>,
    /// `values`: the value order.
    pub values: Option<String>,
    /// `infer`: the inference.
    pub infer: Option<String>,
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
        /// The conflict set of a backjump (`"cause":{"rule":"backjump","conflict":[...]}`).
        conflict: Option<Vec<Cell>>,
    },
    /// A decision in effect blamed for the coming failure (conflict-directed backjumping).
    Culprit {
        /// The decision's cell.
        cell: Cell,
        /// Its digit, if given.
        digit: Option<Digit>,
        /// Decisions in effect, if given.
        depth: Option<u16>,
    },
    /// A constraint's weight after a wipeout (dom/wdeg).
    Weight {
        /// The constraint's two cells, peers.
        cells: [Cell; 2],
        /// Its weight after the bump.
        weight: u32,
        /// Decisions in effect, if given.
        depth: Option<u16>,
    },
    /// A local search set a cell's digit: filling it, or a step's move.
    Set {
        /// The cell.
        cell: Cell,
        /// Its digit now.
        digit: Digit,
        /// The digit it held before, if the line says.
        from: Option<Digit>,
        /// The conflicts on the board after it, if the line says.
        conflicts: Option<u32>,
        /// Whether the line calls it a random walk.
        walk: bool,
    },
    /// A local search swapped two cells' digits.
    Swap {
        /// The two cells.
        cells: [Cell; 2],
        /// Their digits after the swap, if the line says.
        digits: Option<[Digit; 2]>,
        /// The conflicts on the board after it, if the line says.
        conflicts: Option<u32>,
        /// Whether the line calls it a random walk.
        walk: bool,
    },
    /// The search starts again from the root.
    Restart {
        /// The run that begins, if given.
        run: Option<u32>,
        /// Its cutoff in failures, if given.
        cutoff: Option<u32>,
    },
    /// An arc revision of arc consistency (an addition to version 1).
    Revise(Revision),
    /// A solution.
    Solution {
        /// Decisions in effect, if given.
        depth: Option<u16>,
        /// The grid, if given.
        grid: Option<Puzzle>,
    },
    /// A nogood learned (an addition to version 1).
    Learn {
        /// Its number, from 1.
        id: u32,
        /// Its literals, the asserting one first.
        literals: Vec<dokuscope_engine::reason::Literal>,
        /// The level the search goes back to.
        level: u16,
        /// Its LBD, if given.
        lbd: Option<u16>,
        /// Decisions in effect, if given.
        depth: Option<u16>,
    },
    /// The search ended with the whole tree searched.
    Exhausted,
    /// The search ended at its limit.
    Limit,
}

/// What a revise line claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Revision {
    /// Xi: the cell revised.
    pub cell: Cell,
    /// Xj: the peer revised against.
    pub against: Cell,
    /// The digits it says it removed, if it says.
    pub removed: Option<Domain>,
    /// Its constraint checks, if given.
    pub checks: Option<u32>,
    /// Arcs waiting when it was taken off, itself included, if given.
    pub queue: Option<u32>,
    /// Arcs its removal put back, if given.
    pub requeued: Option<u32>,
    /// Decisions in effect, if given.
    pub depth: Option<u16>,
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

mod field;
mod kinds;
mod learn;

use field::Reader;
use kinds::{local_claim, look_claim, revise_claim, wipeout_site};
pub use learn::literal;

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
    let puzzle: Puzzle = text.parse().map_err(|e: dokuscope_engine::ParseError| {
        start_error(format!(
            "the start object's puzzle is not a puzzle: {}",
            e.kind
        ))
    })?;
    let puzzle = on_variant_board(line, f, puzzle)?;
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
    let givens = match f.get(Key::Givens) {
        None => Givens::Placed,
        Some(span) => match json::text(line, span).as_deref() {
            Some("placed") => Givens::Placed,
            Some("domains") => Givens::Domains,
            _ => {
                return Err(start_error(format!(
                    "the start object's givens must be \"placed\" or \"domains\", found {}",
                    json::raw(line, span)
                )));
            }
        },
    };
    let name = |key| {
        f.get(key)
            .and_then(|s| json::text(line, s))
            .map(|t| t.chars().take(64).collect::<String>())
    };
    // Only the word `local` means a local search: any other value (a solver's own word for
    // its search) is informational, as every field was before this one.
    let local = f
        .get(Key::Search)
        .and_then(|s| json::text(line, s))
        .is_some_and(|t| t == "local");
    Ok(Header {
        version,
        puzzle,
        solver: name(Key::Solver).or_else(|| name(Key::Preset)),
        local,
        givens,
        names: Names {
            order: name(Key::Order),
            values: name(Key::Values),
            infer: name(Key::Infer),
        },
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
            site: wipeout_site(&r, f)?,
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
            conflict: r
                .cause(f)?
                .map(|rule| r.backtrack_cause(f, &rule))
                .transpose()?,
        },
        b"culprit" | b"weight" | b"restart" => look_claim(&r, f, &ty, depth)?,
        b"set" | b"swap" => local_claim(&r, f, &ty)?,
        b"revise" => revise_claim(&r, f, depth)?,
        b"learn" => learn::claim(line, f, g, depth)?,
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

/// `puzzle` on the board of the start object's `variant` (dokuscope's text), if it has one.
fn on_variant_board(line: &[u8], f: &Fields, puzzle: Puzzle) -> Result<Puzzle> {
    let start_error = StreamErrorKind::Start;
    Ok(match f.get(Key::Variant) {
        None => puzzle,
        Some(span) => {
            let text = json::text(line, span).ok_or_else(|| {
                start_error(format!(
                    "the start object's variant must be a string of dokuscope's text, found {}",
                    json::raw(line, span)
                ))
            })?;
            let board = dokuscope_formats::read(
                "the start object's variant",
                &text,
                Some(dokuscope_formats::Format::Dokuscope),
            )
            .map_err(|e| start_error(e.to_string()))?
            .into_iter()
            .next()
            .ok_or_else(|| start_error("the start object's variant holds no puzzle".into()))?
            .puzzle()
            .map_err(|e| start_error(format!("the start object's variant: {e}")))?;
            if board.size() != puzzle.size() {
                return Err(start_error(
                    "the start object's variant is not of the puzzle's size".into(),
                ));
            }
            puzzle.on(board.geometry())
        }
    })
}
