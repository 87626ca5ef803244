//! Whose words an event is told in: the engine's (its cell order) or a stream's own (its
//! start object's names, and what each select's line says of itself, read again from the
//! stream's file: the checker keeps none of it, and [`Event`](crate::solver::Event) stays small).

use std::io::BufReader;

use crate::solver::CellOrder;
use crate::solver::lines::{Got, LineEnds};
use crate::solver::stream::json::{self, Fields};
use crate::solver::stream::live::{Shared, Tail};
use crate::solver::stream::{Header, Warning};

/// Most score fields shown.
const SCORE_FIELDS: usize = 8;

/// What a stream's select line says of itself: the heuristic it names and its score's
/// fields, as written (a string without its quotes, anything else as JSON).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SelectNote {
    /// `heuristic`, if a string.
    pub heuristic: Option<String>,
    /// `score`'s fields in the order written (at most 8).
    pub score: Vec<(String, String)>,
}

impl SelectNote {
    /// Whether the solver gave any reason for its choice (a heuristic or a score).
    pub fn gives_reason(&self) -> bool {
        self.heuristic.is_some() || !self.score.is_empty()
    }

    /// The score's fields other than `candidates` (the board's count, shown anyway):
    /// `num_legal_values 2, degree 5`.
    pub fn score_words(&self) -> String {
        self.score
            .iter()
            .filter(|(k, _)| k != "candidates")
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Reads the select line at `offset` of a stream's `file` again for its own words; `None`
/// when it cannot be read (the events were checked when first read, so it is there).
pub fn read_note(file: &Shared, offset: u64) -> Option<SelectNote> {
    let tail = Tail::new(file.clone(), offset, None);
    let mut line = Vec::with_capacity(256);
    let read = LineEnds::default()
        .read(&mut BufReader::new(tail), &mut line)
        .ok()?;
    if read.got != Got::Line {
        return None;
    }
    json::object(&line, &mut Fields::default()).ok()?;
    let start = line.iter().position(|&b| b == b'{')?;
    let end = line.iter().rposition(|&b| b == b'}')? + 1;
    let whole = json::Span {
        start,
        end,
        plain: false,
    };
    let mut note = SelectNote::default();
    for (key, span) in json::members(&line, whole, 64)? {
        match key.as_str() {
            "heuristic" => {
                note.heuristic = json::text(&line, span).map(|t| t.chars().take(64).collect());
            }
            "score" => {
                let fields = json::members(&line, span, SCORE_FIELDS).unwrap_or_default();
                note.score = fields
                    .into_iter()
                    .map(|(k, v)| {
                        let value =
                            json::text(&line, v).map_or_else(|| json::raw(&line, v), Into::into);
                        (k.chars().take(32).collect(), value)
                    })
                    .collect();
            }
            _ => {}
        }
    }
    Some(note)
}

/// Whose words an event is told in.
#[derive(Clone, Copy, Debug)]
pub enum Voice<'a> {
    /// dokuscope's own search: its cell order names its choices.
    Engine(CellOrder),
    /// A stream, in its own words.
    Stream {
        /// Its start object.
        header: &'a Header,
        /// For a select: what its line says of itself, once read.
        note: Option<&'a SelectNote>,
        /// The checker's warning about the event, if one.
        warning: Option<Warning>,
    },
}

impl Voice<'_> {
    /// The name of the order that chose a cell: the engine's, or a stream's select's own
    /// `heuristic`, else its start's `order`, else `order not given`.
    pub fn order_name(&self) -> String {
        match self {
            Voice::Engine(order) => order_label(*order).to_string(),
            Voice::Stream { header, note, .. } => note
                .and_then(|n| n.heuristic.clone())
                .or_else(|| header.names.order.clone())
                .unwrap_or_else(|| "order not given".into()),
        }
    }
}

/// How the cell order is named on screen, after the literature.
pub fn order_label(order: CellOrder) -> &'static str {
    match order {
        CellOrder::RowMajor => "row-major order",
        CellOrder::Reverse => "reverse order",
        CellOrder::StaticDomain => "static domain order",
        CellOrder::Mrv => "MRV",
        CellOrder::MrvDegree => "MRV+degree",
        CellOrder::MostConstraints => "most constraints",
        CellOrder::MrvConstraints => "MRV+constraints",
        CellOrder::DomWdeg => "dom/wdeg",
        CellOrder::DomWdegLc => "dom/wdeg+LC",
    }
}
