//! A variant's board written as dokuscope's text (one constraint a line), read back by
//! `text.rs` to the same rules in the same order: what a trace's start record carries.

use std::fmt::Write;

use dokuscope_engine::geometry::{Cell, Geometry};
use dokuscope_engine::puzzle::Puzzle;
use dokuscope_engine::variant::{Constraint, Dot, Group, Regions};

/// The rules of `puzzle`'s board as dokuscope's text, givens included; `None` on a classic
/// board. The constraints come in the board's order, which the text reads back.
pub fn board_text(puzzle: &Puzzle) -> Option<String> {
    let g = puzzle.geometry();
    let rules = g.rules()?;
    let name = |c: &Cell| g.cell_name(*c).to_string();
    let names = |cells: &[Cell]| cells.iter().map(name).collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    let _ = writeln!(out, "size {}", g.side());
    let _ = writeln!(out, "givens {}", puzzle.to_line());
    match rules.regions() {
        Regions::Boxes => {}
        Regions::None => out.push_str("noboxes\n"),
        Regions::Jigsaw(layout) => {
            let symbols: String = layout.iter().map(|&r| region_symbol(r)).collect();
            let _ = writeln!(out, "jigsaw {symbols}");
        }
    }
    let mut disjoint = false;
    let (mut neg_dots, mut neg_signs) = (Vec::new(), Vec::new());
    for c in rules.constraints() {
        let line = match c {
            Constraint::Cage { cells, sum } => {
                let sum = sum.map_or_else(|| "?".to_string(), |s| s.to_string());
                format!("cage {sum} {}", names(cells))
            }
            Constraint::LittleKiller { cells, sum } => {
                format!(
                    "littlekiller {sum} {} {}",
                    name(&cells[0]),
                    direction(g, cells)
                )
            }
            Constraint::Distinct { kind, cells } => match kind {
                Group::Diagonal => "diagonal main".to_string(),
                Group::AntiDiagonal => "diagonal anti".to_string(),
                Group::Disjoint if disjoint => continue,
                Group::Disjoint => {
                    disjoint = true;
                    "disjoint".to_string()
                }
                Group::Region => format!("region {}", names(cells)),
            },
            Constraint::AntiKnight => "antiknight".to_string(),
            Constraint::AntiKing => "antiking".to_string(),
            Constraint::NonConsecutive => "nonconsecutive".to_string(),
            Constraint::Thermo { cells } => format!("thermo {}", names(cells)),
            Constraint::Arrow { circle, line } => {
                format!("arrow {} > {}", names(circle), names(line))
            }
            Constraint::Kropki { cells, dot } => {
                let colour = if *dot == Dot::White { "white" } else { "black" };
                format!("{colour} {}", names(cells))
            }
            Constraint::Xv { cells, sum } => {
                format!("{} {}", if *sum == 10 { "x" } else { "v" }, names(cells))
            }
            Constraint::KropkiNegative { white, black } => {
                neg_dots.extend(
                    white
                        .then_some("white")
                        .into_iter()
                        .chain(black.then_some("black")),
                );
                continue;
            }
            Constraint::XvNegative { x, v } => {
                neg_signs.extend(x.then_some("x").into_iter().chain(v.then_some("v")));
                continue;
            }
            Constraint::Parity { cell, even } => {
                format!("{} {}", if *even { "even" } else { "odd" }, name(cell))
            }
            Constraint::Candidates { cell, digits } => {
                let symbols: String = digits.iter().map(|d| d.symbol(g.size())).collect();
                format!("candidates {} {symbols}", name(cell))
            }
        };
        out.push_str(&line);
        out.push('\n');
    }
    neg_dots.extend(neg_signs);
    if !neg_dots.is_empty() {
        let _ = writeln!(out, "negative {}", neg_dots.join(" "));
    }
    Some(out)
}

/// A region's symbol in a jigsaw layout.
fn region_symbol(region: u8) -> char {
    char::from_digit(u32::from(region), 36).unwrap_or('?')
}

/// The direction of a little killer's diagonal from its first cell.
fn direction(g: &Geometry, cells: &[Cell]) -> &'static str {
    let (r0, c0) = g.row_col(cells[0]);
    let (r1, c1) = match cells.get(1) {
        Some(next) => g.row_col(*next),
        // A corner's one-cell diagonal: inwards from the corner.
        None => (
            if r0 == 0 { 1 } else { r0.saturating_sub(1) },
            if c0 == 0 { 1 } else { c0.saturating_sub(1) },
        ),
    };
    match (r1 > r0, c1 > c0) {
        (true, true) => "dr",
        (true, false) => "dl",
        (false, true) => "ur",
        (false, false) => "ul",
    }
}
