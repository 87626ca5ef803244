//! A drawn screen as plain text (what `tmux capture-pane -p` prints) or as text with SGR
//! colour codes (for `cat`).

use std::fmt::Write as _;

use ratatui::buffer::{Buffer, Cell, CellWidth};
use ratatui::style::{Color, Modifier};

/// The cells of row `y` that start a symbol, with their column: a wide symbol hides the
/// cells it covers, as a terminal does.
pub fn row_cells(buf: &Buffer, y: u16) -> Vec<(u16, &Cell)> {
    let area = buf.area;
    let mut cells = Vec::with_capacity(usize::from(area.width));
    let mut hidden: u16 = 0;
    for x in area.x..area.x + area.width {
        let cell = &buf[(x, y)];
        if hidden == 0 {
            cells.push((x, cell));
        }
        hidden = hidden.max(cell.cell_width()).saturating_sub(1);
    }
    cells
}

/// The screen as `tmux capture-pane -p` prints it: one line per row, trailing spaces
/// trimmed, every row there (blank ones empty).
pub fn plain(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::with_capacity(usize::from(area.width + 1) * usize::from(area.height));
    for y in area.y..area.y + area.height {
        let mut line = String::new();
        for (_, cell) in row_cells(buf, y) {
            line.push_str(cell.symbol());
        }
        out.push_str(line.trim_end_matches(' '));
        out.push('\n');
    }
    out
}

/// The screen with SGR escapes: each row starts plain, switches style only where it
/// changes, and ends with a reset; trailing unstyled spaces are trimmed.
pub fn ansi(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.y..area.y + area.height {
        let cells = row_cells(buf, y);
        let keep = cells
            .iter()
            .rposition(|(_, c)| c.symbol() != " " || has_background(c))
            .map_or(0, |i| i + 1);
        let mut current: Option<(Color, Color, Modifier)> = None;
        for (_, cell) in &cells[..keep] {
            let style = (cell.fg, cell.bg, cell.modifier);
            if current != Some(style) {
                out.push_str(&sgr(style.0, style.1, style.2));
                current = Some(style);
            }
            out.push_str(cell.symbol());
        }
        if current.is_some() {
            out.push_str("\x1b[0m");
        }
        out.push('\n');
    }
    out
}

fn has_background(cell: &Cell) -> bool {
    cell.bg != Color::Reset || cell.modifier.contains(Modifier::REVERSED)
}

/// The escape that sets exactly this style from any other: a reset, then the parts.
fn sgr(fg: Color, bg: Color, modifier: Modifier) -> String {
    let mut codes = vec!["0".to_string()];
    for (bit, code) in [
        (Modifier::BOLD, "1"),
        (Modifier::DIM, "2"),
        (Modifier::ITALIC, "3"),
        (Modifier::UNDERLINED, "4"),
        (Modifier::SLOW_BLINK, "5"),
        (Modifier::RAPID_BLINK, "6"),
        (Modifier::REVERSED, "7"),
        (Modifier::HIDDEN, "8"),
        (Modifier::CROSSED_OUT, "9"),
    ] {
        if modifier.contains(bit) {
            codes.push(code.into());
        }
    }
    codes.extend(color_code(fg, false));
    codes.extend(color_code(bg, true));
    let mut s = String::from("\x1b[");
    let _ = write!(s, "{}m", codes.join(";"));
    s
}

/// The SGR parameter of a colour: 30-37 and 90-97 for the 16 named ones (40-47, 100-107
/// as backgrounds), 256-colour and RGB forms for the others.
fn color_code(color: Color, background: bool) -> Option<String> {
    let base = |n: u8| Some((if background { n + 10 } else { n }).to_string());
    match color {
        Color::Reset => None,
        Color::Black => base(30),
        Color::Red => base(31),
        Color::Green => base(32),
        Color::Yellow => base(33),
        Color::Blue => base(34),
        Color::Magenta => base(35),
        Color::Cyan => base(36),
        Color::Gray => base(37),
        Color::DarkGray => base(90),
        Color::LightRed => base(91),
        Color::LightGreen => base(92),
        Color::LightYellow => base(93),
        Color::LightBlue => base(94),
        Color::LightMagenta => base(95),
        Color::LightCyan => base(96),
        Color::White => base(97),
        Color::Indexed(i) => Some(format!("{};5;{i}", if background { 48 } else { 38 })),
        Color::Rgb(r, g, b) => Some(format!(
            "{};2;{r};{g};{b}",
            if background { 48 } else { 38 }
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    fn sample() -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, 8, 3));
        buf.set_string(0, 0, "ab", Style::new().fg(Color::Red));
        buf.set_string(3, 0, "c", Style::new());
        buf.set_string(0, 2, "  x", Style::new().bg(Color::Blue));
        buf
    }

    #[test]
    fn plain_text_trims_each_row_and_keeps_blank_rows() {
        assert_eq!(plain(&sample()), "ab c\n\n  x\n");
    }

    #[test]
    fn ansi_switches_style_only_where_it_changes_and_resets_each_row() {
        let text = ansi(&sample());
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[0], "\x1b[0;31mab\x1b[0m c\x1b[0m");
        assert_eq!(rows[1], "");
        assert_eq!(rows[2], "\x1b[0;44m  x\x1b[0m");
    }
}
