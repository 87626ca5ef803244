//! Board geometry: cells, units (rows, columns, boxes) and peers for a box size of 2 to 5;
//! a variant's board adds its regions, extra groups and constraints (`geometry/rules.rs`).

mod rules;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

pub use rules::{Rules, Unsupported};

/// The side of one box: 2 (4×4 board), 3 (9×9), 4 (16×16) or 5 (25×25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxSize(u8);

impl BoxSize {
    /// The 4×4 board.
    pub const FOUR: BoxSize = BoxSize(2);
    /// The classic 9×9 board.
    pub const NINE: BoxSize = BoxSize(3);
    /// The 16×16 board.
    pub const SIXTEEN: BoxSize = BoxSize(4);

    /// A box size, if `b` is one dokuscope supports (2..=5).
    pub fn new(b: u8) -> Option<BoxSize> {
        (2..=5).contains(&b).then_some(BoxSize(b))
    }

    /// The box size whose board has `side` cells a row.
    pub fn from_side(side: usize) -> Option<BoxSize> {
        (2..=5u8).map(BoxSize).find(|b| b.side() == side)
    }

    /// The box size whose board has `cells` cells.
    pub fn from_cells(cells: usize) -> Option<BoxSize> {
        (2..=5u8).map(BoxSize).find(|b| b.cells() == cells)
    }

    /// Box side b.
    pub fn get(self) -> usize {
        usize::from(self.0)
    }

    /// Digits per unit, n = b².
    pub fn side(self) -> usize {
        self.get() * self.get()
    }

    /// Cells on the board, n².
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }
}

/// One cell of the board, numbered row-major from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell with row-major index `index`.
    pub const fn new(index: usize) -> Cell {
        Cell(index as u16)
    }

    /// Row-major index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One unit: a row, a column or a box. Rows are numbered first, then columns, then boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit(u8);

impl Unit {
    /// The unit with index `index` (rows, then columns, then boxes).
    pub const fn new(index: usize) -> Unit {
        Unit(index as u8)
    }

    /// Index among the 3n units.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What kind of unit a [`Unit`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box (or, on a jigsaw board, the irregular region standing in for it).
    Box,
}

/// Precomputed tables for one board size.
#[derive(Debug)]
pub struct Geometry {
    size: BoxSize,
    unit_cells: Vec<Cell>,
    cell_units: Vec<[Unit; 3]>,
    unit_cell_bits: Vec<u128>,
    peer_bits: Vec<u128>,
    peers: Vec<Cell>,
    /// Where each cell's peers start in `peers` (one more entry than cells): a classic
    /// board has the same count for every cell, a variant's board (anti-knight, a
    /// diagonal, a cage) does not.
    peer_starts: Vec<u32>,
    /// A variant's regions, groups and constraints; `None` on a classic board.
    rules: Option<Box<Rules>>,
    /// Whether the third units are jigsaw regions (read where box shapes are assumed).
    jigsaw: bool,
    /// Tables made from this geometry once and kept with it (the grid's, the arcs').
    pub(crate) cache: Cache,
}

/// Tables built from a geometry on first use and kept with it for its lifetime.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    /// Each cell's three units, in the grid's fixed table.
    pub(crate) units: OnceLock<Box<[[Unit; 3]; 1024]>>,
    /// Each cell's units as a bitset of unit indexes.
    pub(crate) unit_bits: OnceLock<Box<[u32; 1024]>>,
    /// Each unit's cells as a bitboard.
    pub(crate) unit_boards: OnceLock<[u128; 32]>,
}

impl PartialEq for Geometry {
    /// The tables are a function of the size and the variant's rules.
    fn eq(&self, other: &Geometry) -> bool {
        self.size == other.size && self.rules == other.rules
    }
}

impl Eq for Geometry {}

impl Hash for Geometry {
    /// The size: equal geometries have equal sizes.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.size.hash(state);
    }
}

static GEOMETRIES: [OnceLock<Geometry>; 4] = [const { OnceLock::new() }; 4];

impl Geometry {
    /// The shared tables for `size`, built once per process.
    pub fn of(size: BoxSize) -> &'static Geometry {
        GEOMETRIES[size.get() - 2].get_or_init(|| Geometry::build(size))
    }

    fn build(size: BoxSize) -> Geometry {
        let (b, n) = (size.get(), size.side());
        let boxes = (0..n * n)
            .map(|i| (i / n / b * b + i % n / b) as u8)
            .collect::<Vec<_>>();
        Geometry::with(size, &boxes, &|_| Vec::new(), None)
    }

    /// The tables of a board of `size` whose third unit of each cell is its region in
    /// `regions` (the box number, or a jigsaw piece's), with `extra(cell)` as further
    /// peers beyond the cell's units, and the variant's `rules`.
    fn with(
        size: BoxSize,
        regions: &[u8],
        extra: &dyn Fn(Cell) -> Vec<Cell>,
        rules: Option<Box<Rules>>,
    ) -> Geometry {
        let n = size.side();
        let mut unit_cells = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            unit_cells.extend((0..n).map(|c| Cell::new(r * n + c)));
        }
        for c in 0..n {
            unit_cells.extend((0..n).map(|r| Cell::new(r * n + c)));
        }
        for region in 0..n {
            unit_cells.extend(
                (0..n * n)
                    .filter(|&i| usize::from(regions[i]) == region)
                    .map(Cell::new),
            );
        }
        let cell_units = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                [
                    Unit::new(r),
                    Unit::new(n + c),
                    Unit::new(2 * n + usize::from(regions[i])),
                ]
            })
            .collect::<Vec<_>>();
        let mut peers = Vec::with_capacity(n * n * 3 * n);
        let mut peer_starts = Vec::with_capacity(n * n + 1);
        for (i, units) in cell_units.iter().enumerate() {
            let start = peers.len();
            peer_starts.push(start as u32);
            let more = extra(Cell::new(i));
            for unit in units {
                for &p in unit_cells[unit.index() * n..(unit.index() + 1) * n]
                    .iter()
                    .chain(&more)
                {
                    if p.index() != i && !peers[start..].contains(&p) {
                        peers.push(p);
                    }
                }
            }
            // Reading order, the order a peer bitboard is walked in.
            peers[start..].sort_unstable();
        }
        peer_starts.push(peers.len() as u32);
        let unit_cell_bits = bitboards(&unit_cells, &[], n, n * n);
        let peer_bits = bitboards(&peers, &peer_starts, 0, n * n);
        Geometry {
            size,
            unit_cells,
            cell_units,
            unit_cell_bits,
            peer_bits,
            peers,
            peer_starts,
            jigsaw: rules.as_ref().is_some_and(|r| r.jigsaw),
            rules,
            cache: Cache::default(),
        }
    }

    /// The variant's regions, groups and constraints, if this is a variant's board.
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_deref()
    }

    /// Whether this board has peers beyond its rows, columns and regions (a diagonal, a
    /// cage, anti-knight, ...): checks against a cell's units then miss some peers.
    pub fn has_extra_peers(&self) -> bool {
        self.rules.as_ref().is_some_and(|r| r.extra_peers)
    }

    /// Whether the third units are irregular regions (jigsaw) rather than boxes.
    #[inline]
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// The box size.
    pub fn size(&self) -> BoxSize {
        self.size
    }

    /// Digits per unit (9 on a 9×9 board).
    pub fn side(&self) -> usize {
        self.size.side()
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.size.cells()
    }

    /// Number of units (3n).
    pub fn unit_count(&self) -> usize {
        3 * self.side()
    }

    /// Every cell, row-major.
    pub fn cells(&self) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + use<> {
        (0..self.cell_count()).map(Cell::new)
    }

    /// Every unit: rows, then columns, then boxes.
    pub fn units(&self) -> impl Iterator<Item = Unit> + use<> {
        (0..self.unit_count()).map(Unit::new)
    }

    /// The n cells of `unit`, in reading order.
    pub fn unit_cells(&self, unit: Unit) -> &[Cell] {
        let n = self.side();
        &self.unit_cells[unit.index() * n..(unit.index() + 1) * n]
    }

    /// The row, column and box of `cell`.
    pub fn units_of(&self, cell: Cell) -> [Unit; 3] {
        self.cell_units[cell.index()]
    }

    /// The cells of `unit` as a bitboard (bit i for cell i), on boards of at most 128 cells.
    #[inline]
    pub fn unit_cell_bits(&self, unit: Unit) -> Option<u128> {
        self.unit_cell_bits.get(unit.index()).copied()
    }

    /// The peers of `cell` as a bitboard (bit i for cell i), on boards of at most 128 cells.
    #[inline]
    pub fn peer_bits(&self, cell: Cell) -> Option<u128> {
        self.peer_bits.get(cell.index()).copied()
    }

    /// The cells sharing a unit with `cell` (20 on a 9×9 board), and on a variant's
    /// board the cells it must differ from besides, in reading order.
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.peers[self.peer_starts[i] as usize..self.peer_starts[i + 1] as usize]
    }

    /// Where `cell`'s peers start among all cells' peers, one after another: the first
    /// peer's place in that list (the arcs are numbered so).
    #[inline]
    pub fn peer_start(&self, cell: Cell) -> usize {
        self.peer_starts[cell.index()] as usize
    }

    /// Every cell's peers, one cell's after another's (see [`Geometry::peer_start`]).
    pub fn peer_count_total(&self) -> usize {
        self.peers.len()
    }

    /// Whether `a` and `b` are distinct cells that must hold different digits.
    pub fn are_peers(&self, a: Cell, b: Cell) -> bool {
        a != b && self.peers(a).binary_search(&b).is_ok()
    }

    /// Row and column of `cell`, from 0.
    pub fn row_col(&self, cell: Cell) -> (usize, usize) {
        (cell.index() / self.side(), cell.index() % self.side())
    }

    /// The cell at `row`, `col` (from 0).
    pub fn cell_at(&self, row: usize, col: usize) -> Cell {
        Cell::new(row * self.side() + col)
    }

    /// Whether `unit` is a row, a column or a box, and its number among those (from 0).
    pub fn unit_kind(&self, unit: Unit) -> (UnitKind, usize) {
        let n = self.side();
        match unit.index() / n {
            0 => (UnitKind::Row, unit.index()),
            1 => (UnitKind::Column, unit.index() - n),
            _ => (UnitKind::Box, unit.index() - 2 * n),
        }
    }

    /// `cell` named as in the seeds and on screen: `r3c5`, counted from 1.
    pub fn cell_name(&self, cell: Cell) -> CellName {
        let (r, c) = self.row_col(cell);
        CellName {
            row: r + 1,
            col: c + 1,
        }
    }

    /// `unit` named for people: `row 4`, `column 2`, `box 9` (`region 9` on a jigsaw
    /// board), counted from 1.
    pub fn unit_name(&self, unit: Unit) -> UnitName {
        let (kind, i) = self.unit_kind(unit);
        UnitName {
            kind,
            number: i + 1,
            jigsaw: self.is_jigsaw(),
        }
    }
}

/// Displays a cell as `rXcY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    /// Row, from 1.
    pub row: usize,
    /// Column, from 1.
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// Displays a unit as `row 4`, `column 2` or `box 9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitName {
    /// Row, column or box.
    pub kind: UnitKind,
    /// Its number, from 1.
    pub number: usize,
    /// Whether the boxes are a jigsaw's regions (named `region`).
    pub jigsaw: bool,
}

impl fmt::Display for UnitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box if self.jigsaw => "region",
            UnitKind::Box => "box",
        };
        write!(f, "{kind} {}", self.number)
    }
}

/// Each run of cells as a bitboard (bit i for cell i), when the board's `cells` fit a u128
/// (up to 9×9); larger boards get none and scan their cells instead. The runs start at
/// `starts` (with one more entry than runs), or are `per` cells each.
fn bitboards(list: &[Cell], starts: &[u32], per: usize, cells: usize) -> Vec<u128> {
    if cells > 128 {
        return Vec::new();
    }
    let board = |run: &[Cell]| run.iter().fold(0u128, |m, c| m | 1 << c.index());
    if starts.is_empty() {
        list.chunks(per).map(board).collect()
    } else {
        starts
            .windows(2)
            .map(|w| board(&list[w[0] as usize..w[1] as usize]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_has_twenty_peers_and_twenty_seven_units() {
        let g = Geometry::of(BoxSize::NINE);
        assert_eq!(g.unit_count(), 27);
        assert!(g.cells().all(|c| g.peers(c).len() == 20));
        let r1c1 = g.cell_at(0, 0);
        assert!(g.peers(r1c1).contains(&g.cell_at(2, 2)));
        assert!(!g.peers(r1c1).contains(&g.cell_at(3, 3)));
    }

    #[test]
    fn every_size_has_consistent_units_and_peers() {
        for b in 2..=5 {
            let size = BoxSize::new(b).expect("valid size");
            let g = Geometry::of(size);
            let n = size.side();
            for unit in g.units() {
                let mut seen = vec![false; g.cell_count()];
                for c in g.unit_cells(unit) {
                    assert!(!seen[c.index()]);
                    seen[c.index()] = true;
                    assert!(g.units_of(*c).contains(&unit));
                }
            }
            for c in g.cells() {
                assert_eq!(g.peers(c).len(), 3 * n - 2 * size.get() - 1);
                for p in g.peers(c) {
                    assert!(g.are_peers(c, *p));
                }
            }
        }
    }

    #[test]
    fn names_count_from_one() {
        let g = Geometry::of(BoxSize::NINE);
        assert_eq!(g.cell_name(g.cell_at(2, 4)).to_string(), "r3c5");
        assert_eq!(g.unit_name(Unit::new(3)).to_string(), "row 4");
        assert_eq!(g.unit_name(Unit::new(10)).to_string(), "column 2");
        assert_eq!(g.unit_name(Unit::new(26)).to_string(), "box 9");
    }
}
