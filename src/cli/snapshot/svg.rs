//! A drawn screen as an SVG picture: a grid of character cells in a monospaced font, the
//! theme's 16 named colours mapped to one palette, block elements drawn as rectangles so
//! the depth trace has no gaps.

use std::fmt::Write as _;

use ratatui::buffer::{Buffer, Cell, CellWidth};
use ratatui::style::{Color, Modifier};

use super::text::row_cells;

/// A cell's width in pixels (0.6 em of the font: the advance of `DejaVu Sans Mono`,
/// Menlo, Consolas).
pub const CELL_WIDTH: u32 = 9;
/// A cell's height in pixels (a terminal's line height).
pub const CELL_HEIGHT: u32 = 18;
const FONT_SIZE: u32 = 15;
/// The baseline's distance from the top of a cell.
const BASELINE: u32 = 14;
const FONT: &str = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace";
/// The screen's own colours (the terminal's default foreground and background).
const FOREGROUND: &str = "#d0d0d0";
const BACKGROUND: &str = "#1c1c1c";

/// The palette for the 16 named colours (close to common dark terminal themes; `Black` is
/// darker than the background so the shaded peers show).
fn named(color: Color) -> Option<&'static str> {
    Some(match color {
        Color::Black => "#000000",
        Color::Red => "#cd3131",
        Color::Green => "#0dbc79",
        Color::Yellow => "#e5e510",
        Color::Blue => "#2472c8",
        Color::Magenta => "#bc3fbc",
        Color::Cyan => "#11a8cd",
        Color::Gray => "#b0b0b0",
        Color::DarkGray => "#767676",
        Color::LightRed => "#f14c4c",
        Color::LightGreen => "#23d18b",
        Color::LightYellow => "#f5f543",
        Color::LightBlue => "#3b8eea",
        Color::LightMagenta => "#d670d6",
        Color::LightCyan => "#29b8db",
        Color::White => "#f2f2f2",
        _ => return None,
    })
}

fn css(color: Color, default: &str) -> String {
    match color {
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(i) if i < 16 => named(INDEXED[usize::from(i)]).unwrap_or(default).into(),
        other => named(other).unwrap_or(default).into(),
    }
}

const INDEXED: [Color; 16] = [
    Color::Black,
    Color::Red,
    Color::Green,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Gray,
    Color::DarkGray,
    Color::LightRed,
    Color::LightGreen,
    Color::LightYellow,
    Color::LightBlue,
    Color::LightMagenta,
    Color::LightCyan,
    Color::White,
];

/// A cell's colours as drawn: foreground and background, swapped when reversed.
fn colours(cell: &Cell) -> (String, String) {
    let fg = css(cell.fg, FOREGROUND);
    let bg = css(cell.bg, BACKGROUND);
    if cell.modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    }
}

/// The eighths of a cell a lower block element (`▁` to `█`) fills, from the bottom.
fn lower_eighths(symbol: &str) -> Option<u32> {
    let mut chars = symbol.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    match c {
        '\u{2581}'..='\u{2588}' => Some(u32::from(c) - 0x2580),
        _ => None,
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A run of cells drawn with one style.
struct Run {
    x: u16,
    cells: u16,
    text: String,
    fg: String,
    modifier: Modifier,
}

/// The screen as an SVG document of `width × CELL_WIDTH` by `height × CELL_HEIGHT` pixels.
pub fn svg(buf: &Buffer, title: &str) -> String {
    let area = buf.area;
    let (w, h) = (
        u32::from(area.width) * CELL_WIDTH,
        u32::from(area.height) * CELL_HEIGHT,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}" font-size="{FONT_SIZE}px">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        r#"<rect width="{w}" height="{h}" fill="{BACKGROUND}"/>"#
    );
    let mut texts = String::new();
    for y in area.y..area.y + area.height {
        let top = u32::from(y - area.y) * CELL_HEIGHT;
        let cells = row_cells(buf, y);
        backgrounds(&mut out, &cells, area.x, top);
        blocks(&mut out, &cells, area.x, top);
        for run in runs(&cells) {
            text_run(&mut texts, &run, area.x, top);
        }
    }
    out.push_str("<g xml:space=\"preserve\" style=\"white-space: pre\">\n");
    out.push_str(&texts);
    out.push_str("</g>\n</svg>\n");
    out
}

/// One rectangle per run of cells with the same background, where it is not the screen's.
fn backgrounds(out: &mut String, cells: &[(u16, &Cell)], left: u16, top: u32) {
    let mut i = 0;
    while i < cells.len() {
        let (x, cell) = cells[i];
        let (_, bg) = colours(cell);
        let mut end = i + 1;
        while end < cells.len() && colours(cells[end].1).1 == bg {
            end += 1;
        }
        let last = match cells.get(end) {
            Some((next, _)) => *next,
            None => cells[end - 1].0 + cells[end - 1].1.cell_width().max(1),
        };
        if bg != BACKGROUND {
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{top}" width="{}" height="{CELL_HEIGHT}" fill="{bg}"/>"#,
                u32::from(x - left) * CELL_WIDTH,
                u32::from(last - x) * CELL_WIDTH
            );
        }
        i = end;
    }
}

/// Lower block elements as exact rectangles: a font's glyphs leave gaps between rows.
fn blocks(out: &mut String, cells: &[(u16, &Cell)], left: u16, top: u32) {
    for (x, cell) in cells {
        if let Some(eighths) = lower_eighths(cell.symbol()) {
            if cell.modifier.contains(Modifier::HIDDEN) {
                continue;
            }
            let (fg, _) = colours(cell);
            let height = CELL_HEIGHT * eighths / 8;
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{CELL_WIDTH}" height="{height}" fill="{fg}"/>"#,
                u32::from(x - left) * CELL_WIDTH,
                top + CELL_HEIGHT - height
            );
        }
    }
}

/// The row's text cut into runs of one foreground and modifier set; blanks and block
/// elements end a run (they are drawn as rectangles or not at all).
fn runs(cells: &[(u16, &Cell)]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut open = false;
    for (x, cell) in cells {
        let symbol = cell.symbol();
        let blank = symbol.trim().is_empty()
            || lower_eighths(symbol).is_some()
            || cell.modifier.contains(Modifier::HIDDEN);
        let (fg, _) = colours(cell);
        let modifier = cell.modifier
            & (Modifier::BOLD
                | Modifier::DIM
                | Modifier::ITALIC
                | Modifier::UNDERLINED
                | Modifier::CROSSED_OUT);
        if blank {
            // A space inside a run of the same style keeps the run going.
            match runs.last_mut() {
                Some(run) if open && symbol == " " => {
                    run.text.push(' ');
                    run.cells += 1;
                }
                _ => open = false,
            }
            continue;
        }
        let width = cell.cell_width().max(1);
        match runs.last_mut() {
            Some(run)
                if open && run.fg == fg && run.modifier == modifier && run.x + run.cells == *x =>
            {
                run.text.push_str(symbol);
                run.cells += width;
            }
            _ => runs.push(Run {
                x: *x,
                cells: width,
                text: symbol.to_string(),
                fg,
                modifier,
            }),
        }
        open = true;
    }
    for run in &mut runs {
        let trimmed = run.text.trim_end_matches(' ').len();
        let dropped = run.text.len() - trimmed;
        run.text.truncate(trimmed);
        run.cells -= dropped as u16;
    }
    runs
}

/// One `<text>` per run, stretched to exactly its cells so the grid holds in any font.
fn text_run(out: &mut String, run: &Run, left: u16, top: u32) {
    let mut attrs = format!(r#" fill="{}""#, run.fg);
    if run.modifier.contains(Modifier::BOLD) {
        attrs.push_str(r#" font-weight="bold""#);
    }
    if run.modifier.contains(Modifier::ITALIC) {
        attrs.push_str(r#" font-style="italic""#);
    }
    if run.modifier.contains(Modifier::DIM) {
        attrs.push_str(r#" opacity="0.6""#);
    }
    match (
        run.modifier.contains(Modifier::UNDERLINED),
        run.modifier.contains(Modifier::CROSSED_OUT),
    ) {
        (true, true) => attrs.push_str(r#" text-decoration="underline line-through""#),
        (true, false) => attrs.push_str(r#" text-decoration="underline""#),
        (false, true) => attrs.push_str(r#" text-decoration="line-through""#),
        (false, false) => {}
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" textLength="{}" lengthAdjust="spacingAndGlyphs"{attrs}>{}</text>"#,
        u32::from(run.x - left) * CELL_WIDTH,
        top + BASELINE,
        u32::from(run.cells) * CELL_WIDTH,
        escape(&run.text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn blocks_are_rectangles_backgrounds_merge_and_text_is_escaped() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 2));
        buf.set_string(0, 0, "a<b", Style::new().fg(Color::Red).bg(Color::Blue));
        buf.set_string(0, 1, "▄█", Style::new().fg(Color::Cyan));
        let doc = svg(&buf, "t & t");
        assert!(
            doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"54\" height=\"36\"")
        );
        assert!(doc.contains("<title>t &amp; t</title>"));
        // One background rectangle for the three blue cells.
        assert!(
            doc.contains(r##"<rect x="0" y="0" width="27" height="18" fill="#2472c8"/>"##),
            "{doc}"
        );
        assert!(
            doc.contains(
                r##"textLength="27" lengthAdjust="spacingAndGlyphs" fill="#cd3131">a&lt;b</text>"##
            ),
            "{doc}"
        );
        // ▄ fills the lower half of its cell, █ all of it; neither is drawn as text.
        assert!(
            doc.contains(r##"<rect x="0" y="27" width="9" height="9" fill="#11a8cd"/>"##),
            "{doc}"
        );
        assert!(
            doc.contains(r##"<rect x="9" y="18" width="9" height="18" fill="#11a8cd"/>"##),
            "{doc}"
        );
        assert!(!doc.contains(">▄"));
    }

    #[test]
    fn reversed_cells_swap_the_screen_colours() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 2, 1));
        buf.set_string(0, 0, "x", Style::new().add_modifier(Modifier::REVERSED));
        let doc = svg(&buf, "");
        assert!(
            doc.contains(&format!(r#"height="18" fill="{FOREGROUND}"/>"#)),
            "{doc}"
        );
        assert!(
            doc.contains(&format!(r#"fill="{BACKGROUND}">x</text>"#)),
            "{doc}"
        );
    }
}
