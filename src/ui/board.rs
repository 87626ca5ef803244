//! The board: givens, decisions and forced digits styled apart, pencil marks in every open
//! cell (or one glyph and the domain size in the compact form), and the last step animated.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::FLASH;
use crate::app::Lane;
use crate::app::cursor::Logged;
use crate::app::local_moves;
use crate::solver::local::UnitConflicts;
use crate::solver::{Cell, Digit, Event, Geometry, WipeoutSite};

mod legend;

/// Where cells fall on screen for one board size and form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    b: usize,
    n: usize,
    cell_w: usize,
    cell_h: usize,
    /// Whether this is the compact form.
    pub compact: bool,
}

impl BoardLayout {
    /// The layout of a board with box side `b`.
    pub fn new(b: usize, compact: bool) -> BoardLayout {
        let (cell_w, cell_h) = if compact { (3, 1) } else { (2 * b + 1, b) };
        BoardLayout {
            b,
            n: b * b,
            cell_w,
            cell_h,
            compact,
        }
    }

    /// Columns the board takes.
    pub fn width(&self) -> u16 {
        (self.n * self.cell_w + self.b + 1) as u16
    }

    /// Rows the board takes.
    pub fn height(&self) -> u16 {
        (self.n * self.cell_h + self.b + 1) as u16
    }

    /// The top-left corner of the cell at `row`, `col`, relative to the board.
    fn origin(&self, row: usize, col: usize) -> (u16, u16) {
        (
            (1 + col * self.cell_w + col / self.b) as u16,
            (1 + row * self.cell_h + row / self.b) as u16,
        )
    }

    /// The cell under a point relative to the board, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let find = |p: usize, size: usize| {
            (0..self.n).find(|&i| {
                let start = 1 + i * size + i / self.b;
                (start..start + size).contains(&p)
            })
        };
        Some((
            find(usize::from(y), self.cell_h)?,
            find(usize::from(x), self.cell_w)?,
        ))
    }
}

/// What a question or a lesson's note puts on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardMarks {
    /// The answer cursor.
    pub cursor: Option<Cell>,
    /// Candidates drawn in a style of their own, whether still in the domain or not:
    /// marked while asking, or after a prunes verdict right, missed or wrong.
    pub candidates: Vec<(Cell, Digit, Style)>,
    /// Cells the lesson's note names.
    pub noted: Vec<Cell>,
    /// While asking: the last select's shading would give nothing away but distract.
    pub hide_selection: bool,
}

/// One lane's board.
pub struct BoardView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
    /// The animation clock.
    pub now: Duration,
    /// Full or compact.
    pub layout: BoardLayout,
    /// The inspected cell, if in this lane.
    pub inspected: Option<Cell>,
    /// Whether to shade cells by the weights dom/wdeg learned.
    pub heat: bool,
    /// A question's cursor and marks, a note's cells.
    pub teach: &'a BoardMarks,
}

impl BoardView<'_> {
    fn draw_lines(&self, area: Rect, buf: &mut Buffer) {
        let (w, h) = (self.layout.width(), self.layout.height());
        let style = self.theme.grid();
        let box_w = (self.layout.b * self.layout.cell_w + 1) as u16;
        let box_h = (self.layout.b * self.layout.cell_h + 1) as u16;
        for y in 0..h {
            for x in 0..w {
                let (on_v, on_h) = (x % box_w == 0, y % box_h == 0);
                let symbol = match (on_v, on_h) {
                    (false, false) => continue,
                    (true, false) => "│",
                    (false, true) => "─",
                    (true, true) => match (x == 0, x == w - 1, y == 0, y == h - 1) {
                        (true, _, true, _) => "┌",
                        (_, true, true, _) => "┐",
                        (true, _, _, true) => "└",
                        (_, true, _, true) => "┘",
                        (true, _, _, _) => "├",
                        (_, true, _, _) => "┤",
                        (_, _, true, _) => "┬",
                        (_, _, _, true) => "┴",
                        _ => "┼",
                    },
                };
                if let Some(cell) = buf.cell_mut((area.x + x, area.y + y)) {
                    cell.set_symbol(symbol).set_style(style);
                }
            }
        }
    }
}

/// What the last event does to one cell's look.
#[derive(Clone, Copy, Default)]
struct Marks {
    background: Option<Style>,
    flash_digit: Option<(u8, Style)>,
    /// The cell an arc revision revises: the direction of its peer (columns, rows), for
    /// the arrow from Xi toward Xj.
    arrow: Option<(i8, i8)>,
}

/// The arrow pointing `(dx, dy)`, and where it goes in a cell of `width` × `height`: at the
/// edge toward the peer, in a column pencil marks leave free.
fn arrow_at((dx, dy): (i8, i8), width: u16, height: u16) -> (&'static str, u16, u16) {
    let glyph = match (dx, dy) {
        (1, 0) => "→",
        (-1, 0) => "←",
        (0, -1) => "↑",
        (0, 1) => "↓",
        (1, -1) => "↗",
        (1, 1) => "↘",
        (-1, -1) => "↖",
        _ => "↙",
    };
    let x = if dx < 0 { 0 } else { width - 1 };
    let y = match dy {
        -1 => 0,
        1 => height - 1,
        _ => height / 2,
    };
    (glyph, x, y)
}

impl BoardView<'_> {
    /// Each cell's marks: the selected cell and its peers, then the last event's animation.
    fn marks(&self, geo: &Geometry) -> Vec<Marks> {
        let mut marks = vec![Marks::default(); geo.cell_count()];
        let animating = self.now < self.lane.changed_at() + FLASH;
        let look = self.lane.cursor().look();
        if let Some(heat) = look.heat().filter(|_| self.heat) {
            let top = heat.iter().copied().max().unwrap_or(0);
            for (mark, &h) in marks.iter_mut().zip(heat) {
                mark.background = self.theme.heat(super::heat::level(h, top));
            }
        }
        for &cell in &self.teach.noted {
            if let Some(m) = marks.get_mut(cell.index()) {
                m.background = Some(self.theme.noted());
            }
        }
        let selected = self.lane.why().and_then(|w| w.select.event.cell());
        if let Some(sel) = selected.filter(|_| !self.teach.hide_selection) {
            for &peer in geo.peers(sel) {
                marks[peer.index()].background = Some(self.theme.peer());
            }
            marks[sel.index()].background = Some(self.theme.selected());
        }
        match self.lane.cursor().last().map(|l: Logged| l.event) {
            Some(Event::Prune {
                cell, digit, cause, ..
            }) if animating => {
                marks[cell.index()].flash_digit = Some((digit.get(), self.theme.flash(&cause)));
            }
            Some(Event::Assign { cell, .. }) if animating => {
                marks[cell.index()].background = Some(self.theme.pop());
            }
            Some(Event::Wipeout {
                site: WipeoutSite::Cell(cell),
                ..
            }) => {
                marks[cell.index()].background = Some(self.theme.wipeout());
            }
            Some(Event::Wipeout {
                site: WipeoutSite::Unit { unit, .. },
                ..
            }) => {
                for cell in geo.unit_cells(unit) {
                    marks[cell.index()].background = Some(self.theme.wipeout());
                }
            }
            Some(Event::Weight { cells, .. }) if animating => {
                for cell in cells {
                    marks[cell.index()].background = Some(self.theme.bumped());
                }
            }
            // A local search's move: flashed as it happens, then marked while it is the
            // last, as a select's cell is.
            Some(Event::Set { cell, .. }) => {
                marks[cell.index()].background = Some(self.moved(animating));
            }
            Some(Event::Swap { cells, .. }) => {
                for cell in cells {
                    marks[cell.index()].background = Some(self.moved(animating));
                }
            }
            _ => {}
        }
        if animating {
            for cell in self.lane.undone() {
                marks[cell.index()].background = Some(self.theme.undone());
            }
        }
        self.mark_revision(geo, &mut marks);
        // A failure's conflict set, from its first culprit to its backjump: the culprits
        // marked; once the jump is known, the decision it goes back to emphasised and the
        // decisions it jumps over struck out.
        for &cell in look.culprits() {
            marks[cell.index()].background = Some(self.theme.culprit());
        }
        if let Some(jump) = look.jump() {
            for &(cell, _) in jump.over {
                marks[cell.index()].background = Some(self.theme.jumped_over());
            }
            marks[jump.target.index()].background = Some(self.theme.jump_target());
        }
        if let Some(m) = self.teach.cursor.and_then(|c| marks.get_mut(c.index())) {
            m.background = Some(self.theme.answer_cursor());
        }
        marks
    }

    /// The look of a local search's moved cell: flashing, then marked.
    fn moved(&self, animating: bool) -> Style {
        if animating {
            self.theme.pop()
        } else {
            self.theme.selected()
        }
    }

    /// A local search's cell in conflict: its digit in the conflict style, and its counts
    /// (compact: the peers holding its digit as a superscript; full: `×2` on the top row,
    /// and on the bottom row how many other cells of its row, column and box hold it).
    fn draw_conflicts(
        &self,
        conflicts: UnitConflicts,
        at: (u16, u16),
        style: Style,
        buf: &mut Buffer,
    ) {
        let (left, top) = at;
        let (width, height) = (self.layout.cell_w as u16, self.layout.cell_h as u16);
        let style = style.patch(self.theme.conflict());
        if self.layout.compact {
            const SUPERSCRIPT: [&str; 10] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
            let mark = SUPERSCRIPT
                .get(usize::from(conflicts.peers))
                .unwrap_or(&"⁺");
            buf.set_string(left + width / 2 + 1, top, *mark, style);
            return;
        }
        let total = format!("×{}", conflicts.peers);
        let room = usize::from(width).saturating_sub(1);
        if total.chars().count() <= room {
            let x = left + width - total.chars().count() as u16;
            buf.set_string(x, top, &total, style);
        }
        if height < 3 {
            return;
        }
        let units: Vec<String> = [
            ("r", conflicts.row),
            ("c", conflicts.column),
            ("b", conflicts.boxed),
        ]
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(u, n)| format!("{u}{n}"))
        .collect();
        let forms = [units.join(" "), units.concat()];
        if let Some(text) = forms.iter().find(|t| t.chars().count() <= room) {
            buf.set_string(left + 1, top + height - 1, text, style);
        }
    }

    /// An arc revision: the cell revised (Xi) with an arrow toward its peer (Xj), the peer
    /// marked; after a removal, the cells whose arcs into Xi went back on the queue.
    fn mark_revision(&self, geo: &Geometry, marks: &mut [Marks]) {
        let Some(queue) = self.lane.cursor().queue() else {
            return;
        };
        let Some(revised) = queue.revised() else {
            return;
        };
        let (xi, xj) = (revised.arc.cell, revised.arc.against);
        if matches!(
            self.lane.cursor().last().map(|l| l.event),
            Some(Event::Prune { .. })
        ) {
            for arc in queue.put_back() {
                marks[arc.cell.index()].background = Some(self.theme.requeued());
            }
        }
        let ((ri, ci), (rj, cj)) = (geo.row_col(xi), geo.row_col(xj));
        let sign = |a: usize, b: usize| i8::from(b > a) - i8::from(b < a);
        let mark = &mut marks[xi.index()];
        mark.background = Some(self.theme.revising());
        mark.arrow = Some((sign(ci, cj), sign(ri, rj)));
        marks[xj.index()].background = Some(self.theme.supporting());
    }

    fn draw_cell(
        &self,
        cell: Cell,
        mark: Marks,
        origin: (u16, u16),
        conflicts: Option<UnitConflicts>,
        buf: &mut Buffer,
    ) {
        let grid = self.lane.cursor().replay().grid();
        let size = grid.geometry().size();
        let (width, height) = (self.layout.cell_w as u16, self.layout.cell_h as u16);
        let (left, top) = origin;
        let over = mark.background.unwrap_or_default();
        let mut base = over;
        if self.inspected == Some(cell) {
            base = base.patch(self.theme.inspected());
        }
        buf.set_style(Rect::new(left, top, width, height), base);
        let domain = grid.domain(cell);
        let symbol = |v: u8| Digit::new(v).map_or(' ', |d| d.symbol(size));
        if let Some(digit) = grid.value(cell) {
            let style = base
                .patch(self.theme.value(self.lane.cursor().origin(cell)))
                .patch(over);
            let style = match conflicts.filter(|c| c.peers > 0) {
                Some(c) => {
                    self.draw_conflicts(c, (left, top), base, buf);
                    style.patch(self.theme.conflict())
                }
                None => style,
            };
            buf.set_string(
                left + width / 2,
                top + height / 2,
                digit.symbol(size).to_string(),
                style,
            );
        } else if self.layout.compact {
            let (text, style) = match mark.flash_digit {
                Some((v, flash)) => (format!(" {} ", symbol(v)), flash),
                None if domain.is_empty() => (" ∅ ".to_string(), base),
                None if domain.len() < 10 => (
                    format!("·{} ", domain.len()),
                    base.patch(self.theme.size()).patch(over),
                ),
                None => (
                    format!("{} ", domain.len()),
                    base.patch(self.theme.size()).patch(over),
                ),
            };
            buf.set_string(left, top, text, style);
        } else {
            if domain.is_empty() {
                buf.set_string(left + width / 2, top + height / 2, "∅", base);
            }
            let per_row = self.layout.b as u16;
            for v in 1..=grid.geometry().side() as u8 {
                let Some(digit) = Digit::new(v) else { continue };
                let i = u16::from(v - 1);
                let (x, y) = (left + 1 + 2 * (i % per_row), top + i / per_row);
                if domain.contains(digit) {
                    let style = base.patch(self.theme.pencil()).patch(over);
                    buf.set_string(x, y, symbol(v).to_string(), style);
                } else if let Some((_, flash)) = mark.flash_digit.filter(|(d, _)| *d == v) {
                    buf.set_string(x, y, symbol(v).to_string(), flash);
                }
                if let Some(&(_, _, style)) = self
                    .teach
                    .candidates
                    .iter()
                    .find(|(c, d, _)| *c == cell && *d == digit)
                {
                    buf.set_string(x, y, symbol(v).to_string(), style);
                }
            }
        }
        if let Some(direction) = mark.arrow {
            let (glyph, x, y) = if self.layout.compact {
                // The compact cell's third column is a space.
                let (glyph, _, _) = arrow_at(direction, width, height);
                (glyph, 2, 0)
            } else {
                arrow_at(direction, width, height)
            };
            buf.set_string(
                left + x,
                top + y,
                glyph,
                base.add_modifier(ratatui::style::Modifier::BOLD),
            );
        }
    }
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < self.layout.width() || area.height < self.layout.height() {
            return;
        }
        self.draw_lines(area, buf);
        let grid = self.lane.cursor().replay().grid();
        let geo: &Geometry = grid.geometry();
        let marks = self.marks(geo);
        // A local search's board shows every cell's conflicts.
        let conflicts = self.lane.is_local().then(|| local_moves::conflicts(grid));
        for cell in geo.cells() {
            let (row, col) = geo.row_col(cell);
            let (dx, dy) = self.layout.origin(row, col);
            let c = conflicts.as_ref().map(|c| c[cell.index()]);
            self.draw_cell(
                cell,
                marks[cell.index()],
                (area.x + dx, area.y + dy),
                c,
                buf,
            );
        }
        // The bottom border names what the board marks: the heat map's scale while it is
        // shown, else a backjump's marks (culprits, target, decisions jumped over).
        let look = self.lane.cursor().look();
        let top = look.heat().filter(|_| self.heat);
        if let Some(top) = top.and_then(|h| h.iter().copied().max()).filter(|&t| t > 0) {
            let y = area.y + self.layout.height() - 1;
            let row = Rect::new(area.x, y, self.layout.width(), 1);
            super::heat::render_legend(top, self.theme, row, buf);
        } else {
            legend::draw(self.theme, look, self.layout, area, buf);
        }
    }
}
