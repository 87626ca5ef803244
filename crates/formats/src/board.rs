//! The board a reader fills: cells by row and column, the shapes every format names
//! (diagonals, windoku windows, disjoint groups, little killer diagonals), and the checks
//! every constraint passes before it joins a [`Variant`].

use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::geometry::{BoxSize, Cell};
use dokuscope_engine::puzzle::Puzzle;
use dokuscope_engine::variant::{Constraint, Regions, Variant};

use crate::error::FormatErrorKind as Kind;

/// A board of one size: cell arithmetic and names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    size: BoxSize,
}

impl Board {
    /// The board with `side` cells a row, if dokuscope plays it.
    pub(crate) fn new(side: usize) -> Result<Board, Kind> {
        BoxSize::from_side(side)
            .map(|size| Board { size })
            .ok_or(Kind::BoardSize(side))
    }

    pub(crate) fn size(self) -> BoxSize {
        self.size
    }

    /// Cells a row.
    pub(crate) fn side(self) -> usize {
        self.size.side()
    }

    /// Box side.
    pub(crate) fn box_side(self) -> usize {
        self.size.get()
    }

    /// The cell at `row`, `col`, from 0 (in range).
    pub(crate) fn cell(self, row: usize, col: usize) -> Cell {
        Cell::new(row * self.side() + col)
    }

    /// Row and column of `cell`, from 0.
    pub(crate) fn row_col(self, cell: Cell) -> (usize, usize) {
        (cell.index() / self.side(), cell.index() % self.side())
    }

    /// The cell at `row`, `col` counted from 1, or an error naming `written`.
    pub(crate) fn checked(self, row: i64, col: i64, written: &str) -> Result<Cell, Kind> {
        let n = i64::try_from(self.side()).unwrap_or(i64::MAX);
        if (1..=n).contains(&row) && (1..=n).contains(&col) {
            let (r, c) = (usize::try_from(row - 1), usize::try_from(col - 1));
            if let (Ok(r), Ok(c)) = (r, c) {
                return Ok(self.cell(r, c));
            }
        }
        Err(Kind::OutsideBoard {
            cell: written.to_string(),
            side: self.side(),
        })
    }

    /// `cell` as `r3c5`, counted from 1.
    pub(crate) fn name(self, cell: Cell) -> String {
        let (r, c) = self.row_col(cell);
        format!("r{}c{}", r + 1, c + 1)
    }

    /// Whether `a` and `b` share a side.
    pub(crate) fn adjacent(self, a: Cell, b: Cell) -> bool {
        let ((ra, ca), (rb, cb)) = (self.row_col(a), self.row_col(b));
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
    }

    /// The digit `value` on this board.
    pub(crate) fn digit(self, value: i64) -> Option<Digit> {
        u8::try_from(value)
            .ok()
            .and_then(Digit::new)
            .filter(|d| usize::from(d.get()) <= self.side())
    }

    /// The main diagonal (top left to bottom right), or the anti-diagonal.
    pub(crate) fn diagonal(self, anti: bool) -> Vec<Cell> {
        let n = self.side();
        (0..n)
            .map(|r| self.cell(r, if anti { n - 1 - r } else { r }))
            .collect()
    }

    /// The windoku windows: boxes set one cell in from the edges, one cell apart.
    pub(crate) fn windows(self) -> Vec<Vec<Cell>> {
        let (n, b) = (self.side(), self.box_side());
        let starts: Vec<usize> = (0..n)
            .map(|k| 1 + k * (b + 1))
            .take_while(|s| s + b < n)
            .collect();
        let mut windows = Vec::new();
        for &r0 in &starts {
            for &c0 in &starts {
                let mut cells: Vec<Cell> = (0..b)
                    .flat_map(|r| (0..b).map(move |c| (r0 + r, c0 + c)))
                    .map(|(r, c)| self.cell(r, c))
                    .collect();
                cells.sort();
                windows.push(cells);
            }
        }
        windows
    }

    /// The disjoint groups: the cells at the same place in every box.
    pub(crate) fn disjoint_groups(self) -> Vec<Vec<Cell>> {
        let b = self.box_side();
        (0..b * b)
            .map(|place| {
                let (pr, pc) = (place / b, place % b);
                let mut cells: Vec<Cell> = (0..b * b)
                    .map(|bx| self.cell((bx / b) * b + pr, (bx % b) * b + pc))
                    .collect();
                cells.sort();
                cells
            })
            .collect()
    }

    /// The cells from `(row, col)` (from 0, on the board) stepping by `(dr, dc)` to the edge.
    pub(crate) fn ray(self, row: usize, col: usize, dr: isize, dc: isize) -> Vec<Cell> {
        let n = self.side();
        let mut cells = Vec::new();
        let (mut r, mut c) = (Some(row), Some(col));
        while let (Some(rr), Some(cc)) = (r, c) {
            if rr >= n || cc >= n {
                break;
            }
            cells.push(self.cell(rr, cc));
            r = rr.checked_add_signed(dr);
            c = cc.checked_add_signed(dc);
        }
        cells
    }

    /// The box (region of the classic layout) of `cell`.
    pub(crate) fn box_of(self, cell: Cell) -> usize {
        let (r, c) = self.row_col(cell);
        let b = self.box_side();
        (r / b) * b + c / b
    }
}

/// A variant being read: givens, regions and constraints, each checked as it comes.
pub(crate) struct Builder {
    board: Board,
    givens: Vec<Option<Digit>>,
    regions: Regions,
    constraints: Vec<Constraint>,
}

impl Builder {
    pub(crate) fn new(board: Board) -> Builder {
        Builder {
            board,
            givens: vec![None; board.size().cells()],
            regions: Regions::Boxes,
            constraints: Vec::new(),
        }
    }

    pub(crate) fn board(&self) -> Board {
        self.board
    }

    /// Places `digit` in `cell`; a second, different given there is an error.
    pub(crate) fn give(&mut self, cell: Cell, digit: Digit) -> Result<(), Kind> {
        match self.givens[cell.index()] {
            Some(old) if old != digit => Err(Kind::Syntax(format!(
                "{} is given both {old} and {digit}",
                self.board.name(cell)
            ))),
            _ => {
                self.givens[cell.index()] = Some(digit);
                Ok(())
            }
        }
    }

    /// Jigsaw regions in place of the boxes: each cell's region number.
    pub(crate) fn set_jigsaw(&mut self, layout: Vec<u8>) -> Result<(), Kind> {
        check_jigsaw(self.board, &layout)?;
        self.regions = Regions::Jigsaw(layout);
        Ok(())
    }

    /// No regions in place of the boxes.
    pub(crate) fn set_no_boxes(&mut self) {
        self.regions = Regions::None;
    }

    /// Adds `constraint` after checking it fits the board; cell lists whose order means
    /// nothing (cages, groups, dot pairs, circles) are sorted, so that every format reads
    /// the same puzzle to the same [`Variant`].
    pub(crate) fn push(&mut self, constraint: Constraint) -> Result<(), Kind> {
        let constraint = check(self.board, constraint)?;
        if is_global(&constraint) && self.constraints.contains(&constraint) {
            return Ok(());
        }
        self.constraints.push(constraint);
        Ok(())
    }

    pub(crate) fn finish(self) -> Variant {
        let mut givens = Puzzle::empty(self.board.size());
        for (i, digit) in self.givens.into_iter().enumerate() {
            if digit.is_some() {
                givens = givens.with(Cell::new(i), digit);
            }
        }
        Variant {
            givens,
            regions: self.regions,
            constraints: self.constraints,
        }
    }
}

fn is_global(c: &Constraint) -> bool {
    matches!(
        c,
        Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::KropkiNegative { .. }
            | Constraint::XvNegative { .. }
            | Constraint::Distinct { .. }
    )
}

fn distinct(board: Board, cells: &[Cell]) -> Result<(), Kind> {
    let mut seen = vec![false; board.size().cells()];
    for &cell in cells {
        if std::mem::replace(&mut seen[cell.index()], true) {
            return Err(Kind::RepeatedCell(board.name(cell)));
        }
    }
    Ok(())
}

fn at_least(cells: &[Cell], n: usize, what: &str) -> Result<(), Kind> {
    if cells.len() < n {
        return Err(Kind::Syntax(format!(
            "{what} needs at least {n} cell{}",
            if n == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

fn check(board: Board, constraint: Constraint) -> Result<Constraint, Kind> {
    Ok(match constraint {
        Constraint::Cage { mut cells, sum } => {
            at_least(&cells, 1, "a cage")?;
            distinct(board, &cells)?;
            cells.sort();
            Constraint::Cage { cells, sum }
        }
        Constraint::Distinct { kind, mut cells } => {
            at_least(&cells, 2, "a group of distinct cells")?;
            distinct(board, &cells)?;
            cells.sort();
            Constraint::Distinct { kind, cells }
        }
        Constraint::LittleKiller { cells, sum } => {
            at_least(&cells, 1, "a little killer diagonal")?;
            distinct(board, &cells)?;
            Constraint::LittleKiller { cells, sum }
        }
        Constraint::Thermo { cells } => {
            at_least(&cells, 2, "a thermometer")?;
            distinct(board, &cells)?;
            Constraint::Thermo { cells }
        }
        Constraint::Arrow { mut circle, line } => {
            at_least(&circle, 1, "an arrow's circle")?;
            at_least(&line, 1, "an arrow's line")?;
            let all: Vec<Cell> = circle.iter().chain(&line).copied().collect();
            distinct(board, &all)?;
            circle.sort();
            Constraint::Arrow { circle, line }
        }
        Constraint::Kropki { cells, dot } => Constraint::Kropki {
            cells: pair(board, cells)?,
            dot,
        },
        Constraint::Xv { cells, sum } => Constraint::Xv {
            cells: pair(board, cells)?,
            sum,
        },
        Constraint::Candidates { cell, digits } => {
            let digits = digits.and(Domain::full(board.size()));
            if digits.is_empty() {
                return Err(Kind::Syntax(format!(
                    "{} is left no digit",
                    board.name(cell)
                )));
            }
            Constraint::Candidates { cell, digits }
        }
        other => other,
    })
}

fn pair(board: Board, cells: [Cell; 2]) -> Result<[Cell; 2], Kind> {
    let [a, b] = cells;
    if !board.adjacent(a, b) {
        return Err(Kind::NotAdjacent(board.name(a), board.name(b)));
    }
    Ok([a.min(b), a.max(b)])
}

fn check_jigsaw(board: Board, layout: &[u8]) -> Result<(), Kind> {
    let n = board.side();
    if layout.len() != board.size().cells() {
        return Err(Kind::Syntax(format!(
            "a jigsaw layout of {} cells, expected {}",
            layout.len(),
            board.size().cells()
        )));
    }
    let mut counts = vec![0usize; n];
    for &region in layout {
        match counts.get_mut(usize::from(region)) {
            Some(count) => *count += 1,
            None => {
                return Err(Kind::Syntax(format!(
                    "region {region} on a board of {n} regions"
                )));
            }
        }
    }
    if let Some((region, &count)) = counts.iter().enumerate().find(|(_, c)| **c != n) {
        return Err(Kind::Syntax(format!(
            "jigsaw region {} has {count} cells, expected {n}",
            region + 1
        )));
    }
    Ok(())
}

/// Jigsaw region numbers from a layout of symbols (one a cell, any symbols): numbered from
/// 0 in the order they first appear.
pub(crate) fn number_regions<T: PartialEq + Copy>(
    board: Board,
    symbols: &[T],
) -> Result<Vec<u8>, Kind> {
    let mut names: Vec<T> = Vec::new();
    let mut layout = Vec::with_capacity(symbols.len());
    for &s in symbols {
        let id = names.iter().position(|&c| c == s).unwrap_or_else(|| {
            names.push(s);
            names.len() - 1
        });
        if id >= board.side() {
            return Err(Kind::Syntax(format!(
                "a jigsaw layout with more than {} regions",
                board.side()
            )));
        }
        layout.push(u8::try_from(id).unwrap_or(u8::MAX));
    }
    Ok(layout)
}

/// Whether a region layout is the board's own boxes.
pub(crate) fn is_boxes(board: Board, layout: &[u8]) -> bool {
    let cells = board.size().cells();
    let mut map = vec![None; board.side()];
    (0..cells).all(|i| {
        let bx = board.box_of(Cell::new(i));
        let id = usize::from(layout[i]);
        match map.get(bx).copied().flatten() {
            None => {
                if map.contains(&Some(id)) {
                    return false;
                }
                map[bx] = Some(id);
                true
            }
            Some(known) => known == id,
        }
    })
}
