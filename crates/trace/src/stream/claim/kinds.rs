//! The claims of the kinds of event beyond assign, prune and backtrack: a look-back's
//! culprit, weight and restart, a local search's set and swap, an arc revision, and where a
//! wipeout happened.

use super::field::Reader;
use super::{Claim, Result, Revision, field};
use crate::stream::json::{self, Fields, Key};
use dokuscope_engine::event::WipeoutSite;

/// A line of a search that looks back: a culprit, a weight or a restart.
pub(super) fn look_claim(
    r: &Reader<'_>,
    f: &Fields,
    ty: &[u8],
    depth: Option<u16>,
) -> Result<Claim> {
    Ok(match ty {
        b"culprit" => Claim::Culprit {
            cell: r.cell(f, Key::Cell, "culprit")?,
            digit: f
                .get(Key::Digit)
                .map(|_| r.digit(f, Key::Digit, "culprit"))
                .transpose()?,
            depth,
        },
        b"weight" => Claim::Weight {
            cells: r.pair(
                Reader::required(f, Key::Cells, "weight", "cells")?,
                "weight's cells",
            )?,
            weight: r.count(
                Reader::required(f, Key::Weight, "weight", "weight")?,
                "weight",
            )?,
            depth,
        },
        _ => Claim::Restart {
            run: f.get(Key::Run).map(|s| r.count(s, "run")).transpose()?,
            cutoff: f
                .get(Key::Cutoff)
                .map(|s| r.count(s, "cutoff"))
                .transpose()?,
        },
    })
}

/// A line of a local search: a set or a swap.
pub(super) fn local_claim(r: &Reader<'_>, f: &Fields, ty: &[u8]) -> Result<Claim> {
    let conflicts = f
        .get(Key::Conflicts)
        .map(|s| r.count(s, "conflicts"))
        .transpose()?;
    let walk = f
        .get(Key::Walk)
        .is_some_and(|s| json::raw(r.line, s) == "true");
    Ok(if ty == b"set" {
        Claim::Set {
            cell: r.cell(f, Key::Cell, "set")?,
            digit: r.digit(f, Key::Digit, "set")?,
            from: f
                .get(Key::From)
                .map(|s| r.digit_at(s, "from"))
                .transpose()?,
            conflicts,
            walk,
        }
    } else {
        let cells = r.pair(
            Reader::required(f, Key::Cells, "swap", "cells")?,
            "swap's cells",
        )?;
        let digits = match f.get(Key::Digits) {
            None => None,
            Some(span) => {
                let items = json::list(r.line, span, 2).unwrap_or_default();
                let [a, b] = items[..] else {
                    return Err(field("swap's digits must be a list of two digits".into()));
                };
                Some([r.digit_at(a, "digits")?, r.digit_at(b, "digits")?])
            }
        };
        Claim::Swap {
            cells,
            digits,
            conflicts,
            walk,
        }
    })
}

/// An arc revision's line: its arc, and what it says it removed and counted.
/// Where a wipeout happened: a cell, a unit's digit, a learned nogood or a variant's
/// constraint.
pub(super) fn wipeout_site(r: &Reader<'_>, f: &Fields) -> Result<WipeoutSite> {
    Ok(if f.get(Key::Cell).is_some() {
        WipeoutSite::Cell(r.cell(f, Key::Cell, "wipeout")?)
    } else if let Some(span) = f.get(Key::Nogood) {
        WipeoutSite::Nogood {
            id: r.count(span, "wipeout's nogood")?,
        }
    } else if f.get(Key::Unit).is_some() {
        WipeoutSite::Unit {
            unit: r.unit(Reader::required(f, Key::Unit, "wipeout", "unit")?)?,
            digit: r.digit(f, Key::Digit, "wipeout")?,
        }
    } else if let Some(span) = f.get(Key::Constraint) {
        WipeoutSite::Constraint {
            constraint: r.constraint(span)?,
        }
    } else {
        return Err(field(
            "wipeout has neither a cell, a unit, a nogood nor a constraint".into(),
        ));
    })
}

pub(super) fn revise_claim(r: &Reader<'_>, f: &Fields, depth: Option<u16>) -> Result<Claim> {
    let count = |key, name| f.get(key).map(|s| r.count(s, name)).transpose();
    Ok(Claim::Revise(Revision {
        cell: r.cell(f, Key::Cell, "revise")?,
        against: r.cell_named(
            Reader::required(f, Key::Against, "revise", "against")?,
            "against",
        )?,
        removed: f
            .get(Key::Removed)
            .map(|s| r.digits(s, "removed"))
            .transpose()?,
        checks: count(Key::Checks, "checks")?,
        queue: count(Key::Queue, "queue")?,
        requeued: count(Key::Requeued, "requeued")?,
        depth,
    }))
}
