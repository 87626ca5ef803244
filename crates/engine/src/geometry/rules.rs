//! A variant's board: its regions in place of the boxes, the groups of cells that must
//! differ (diagonals, windows, disjoint groups, cages, anti-knight and anti-king moves)
//! made peers, and the constraints its propagators read. Built once per variant and kept
//! for the process, as the classic boards' tables are.

use std::sync::{Mutex, PoisonError};

use super::{BoxSize, Cell, Geometry};
use crate::variant::{Constraint, Regions, Variant};

/// What a variant's board adds to the classic one.
#[derive(Debug, PartialEq, Eq)]
pub struct Rules {
    /// Whether the third units are jigsaw regions.
    pub(crate) jigsaw: bool,
    /// Whether some cell has peers beyond its row, column and region.
    pub(crate) extra_peers: bool,
    regions: Regions,
    constraints: Vec<Constraint>,
    /// Groups of n cells that hold every digit once besides the units: the constraint
    /// that makes each one, and its cells.
    groups: Vec<(usize, Vec<Cell>)>,
}

impl Rules {
    /// The regions in place of the boxes.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The constraints beyond rows, columns and regions, as the variant gave them: a
    /// prune's cause names one by its index here.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The groups of n cells that hold every digit once besides the units (a diagonal, a
    /// window, a disjoint group, a cage of n cells): the index of the constraint that
    /// makes each, and its cells.
    pub fn groups(&self) -> &[(usize, Vec<Cell>)] {
        &self.groups
    }
}

impl Geometry {
    /// Constraint number `index` of the board's rules named for people (`cage r1c1 (23)`),
    /// or `constraint 7` where the board has no such constraint.
    pub fn constraint_name(&self, index: u16) -> String {
        self.rules()
            .and_then(|r| r.constraints().get(usize::from(index)))
            .map_or_else(
                || format!("constraint {index}"),
                |c| crate::variant::Label::new(c, self).to_string(),
            )
    }
}

/// A variant the engine cannot search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    /// No regions in place of the boxes.
    #[error(
        "'noboxes' (rows and columns only) is not a board the engine searches yet: every cell needs a row, a column and a region"
    )]
    NoBoxes,
    /// A jigsaw layout that is not n regions of n cells.
    #[error("the jigsaw regions are not {side} regions of {side} cells each")]
    Regions {
        /// The board's side.
        side: usize,
    },
    /// A cage on a board too large to list its digit combinations.
    #[error(
        "a killer cage with a sum on a {side}×{side} board (the engine lists the combinations of boards up to 16×16)"
    )]
    LargeCage {
        /// The board's side.
        side: usize,
    },
}

/// The variants' boards made so far, for the process: each is made once (a puzzle file
/// searched again, a bench's repeats, a race's searches share it).
static BOARDS: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());

impl Geometry {
    /// The board of `variant`: the classic board's shared tables when it is classic, else
    /// the tables of its regions and peers with its rules, made once per process.
    ///
    /// # Errors
    /// A variant whose board the engine cannot search ([`Unsupported`]).
    pub fn of_variant(variant: &Variant) -> Result<&'static Geometry, Unsupported> {
        let size = variant.size();
        if variant.is_classic() {
            return Ok(Geometry::of(size));
        }
        let rules = rules(size, variant)?;
        let mut boards = BOARDS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&known) = boards
            .iter()
            .find(|g| g.size == size && g.rules.as_deref() == Some(&rules))
        {
            return Ok(known);
        }
        let (b, n) = (size.get(), size.side());
        let regions = match &rules.regions {
            Regions::Jigsaw(layout) => layout.clone(),
            _ => (0..n * n)
                .map(|i| (i / n / b * b + i % n / b) as u8)
                .collect(),
        };
        let pairs = extra_peers(size, &rules.constraints);
        let extra = |cell: Cell| pairs[cell.index()].clone();
        let geometry = Geometry::with(size, &regions, &extra, Some(Box::new(rules)));
        let leaked: &'static Geometry = Box::leak(Box::new(geometry));
        boards.push(leaked);
        Ok(leaked)
    }
}

/// The rules of `variant` on a board of `size`, checked.
fn rules(size: BoxSize, variant: &Variant) -> Result<Rules, Unsupported> {
    let n = size.side();
    let jigsaw = match &variant.regions {
        Regions::None => return Err(Unsupported::NoBoxes),
        Regions::Boxes => false,
        Regions::Jigsaw(layout) => {
            let mut counts = vec![0usize; n];
            for &r in layout {
                match counts.get_mut(usize::from(r)) {
                    Some(c) => *c += 1,
                    None => return Err(Unsupported::Regions { side: n }),
                }
            }
            if layout.len() != n * n || counts.iter().any(|&c| c != n) {
                return Err(Unsupported::Regions { side: n });
            }
            true
        }
    };
    // The negative constraints last, the dots' before the signs' (as dokuscope's text
    // reads them back), so that a constraint's number is the same in a trace's start
    // record written as that text.
    let mut constraints = variant.constraints.clone();
    constraints.sort_by_key(|c| match c {
        Constraint::KropkiNegative { .. } => 1,
        Constraint::XvNegative { .. } => 2,
        _ => 0,
    });
    let mut groups = Vec::new();
    let mut extra_peers = false;
    for (i, c) in constraints.iter().enumerate() {
        match c {
            Constraint::Distinct { cells, .. } | Constraint::Cage { cells, .. } => {
                extra_peers = true;
                if let Constraint::Cage { sum: Some(_), .. } = c {
                    if n > 16 {
                        return Err(Unsupported::LargeCage { side: n });
                    }
                }
                if cells.len() == n {
                    groups.push((i, cells.clone()));
                }
            }
            Constraint::AntiKnight | Constraint::AntiKing => extra_peers = true,
            _ => {}
        }
    }
    Ok(Rules {
        jigsaw,
        extra_peers,
        regions: variant.regions.clone(),
        constraints,
        groups,
    })
}

/// Each cell's peers from the constraints of distinct digits: the other cells of its
/// cages and groups, and the cells a knight's or king's move away.
fn extra_peers(size: BoxSize, constraints: &[Constraint]) -> Vec<Vec<Cell>> {
    let n = size.side();
    let mut peers = vec![Vec::new(); n * n];
    let moves = |steps: &[(isize, isize)], peers: &mut Vec<Vec<Cell>>| {
        for (i, list) in peers.iter_mut().enumerate() {
            let (r, c) = (i / n, i % n);
            for &(dr, dc) in steps {
                if let (Some(rr), Some(cc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
                    if rr < n && cc < n {
                        list.push(Cell::new(rr * n + cc));
                    }
                }
            }
        }
    };
    for c in constraints {
        match c {
            Constraint::Distinct { cells, .. } | Constraint::Cage { cells, .. } => {
                for &a in cells {
                    peers[a.index()].extend(cells.iter().filter(|&&b| b != a));
                }
            }
            Constraint::AntiKnight => moves(
                &[
                    (-2, -1),
                    (-2, 1),
                    (-1, -2),
                    (-1, 2),
                    (1, -2),
                    (1, 2),
                    (2, -1),
                    (2, 1),
                ],
                &mut peers,
            ),
            Constraint::AntiKing => moves(
                &[
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                    (0, -1),
                    (0, 1),
                    (1, -1),
                    (1, 0),
                    (1, 1),
                ],
                &mut peers,
            ),
            _ => {}
        }
    }
    peers
}
