//! The weights heat map's scale (`W`): which shade a cell's bumps give, and the legend on
//! the board's bottom border that says it in numbers (`bumps  1–2  3–5  6–8`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::numbers::grouped;

/// Shades besides none: thirds of the heaviest cell's bumps.
const LEVELS: u8 = 3;

/// The shade of a cell whose constraints had `bumps` bumps when the heaviest cell's had
/// `top`: 0 (none) for no bump, then 1 to [`LEVELS`] by thirds of `top`.
pub fn level(bumps: u32, top: u32) -> u8 {
    let top = top.max(1);
    if bumps == 0 {
        0
    } else {
        let third = u64::from(LEVELS) * u64::from(bumps - 1) / u64::from(top);
        1 + u8::try_from(third).unwrap_or(u8::MAX).min(LEVELS - 1)
    }
}

/// Each shade's bumps, from the lightest: `(shade, least, most)`, shades no count falls in
/// left out (a heaviest cell of 2 bumps has two shades).
pub fn ranges(top: u32) -> Vec<(u8, u32, u32)> {
    let top = top.max(1);
    let mut out: Vec<(u8, u32, u32)> = Vec::new();
    // Counts per shade are runs of 1..=top; the shade's first and last are where `level`
    // changes, found from its formula: shade k ends at the largest b with 3(b-1) < k·top.
    let mut least = 1;
    for k in 1..=u32::from(LEVELS) {
        let most = if k == u32::from(LEVELS) {
            top
        } else {
            let limit = u64::from(k) * u64::from(top);
            // 3(b-1) < limit ⇔ b ≤ (limit-1)/3 + 1.
            u32::try_from((limit - 1) / u64::from(LEVELS) + 1).unwrap_or(top)
        };
        if most >= least {
            out.push((u8::try_from(k).unwrap_or(LEVELS), least, most));
            least = most + 1;
        }
    }
    out
}

/// The legend of the shades of a map whose heaviest cell has `top` bumps, on the row
/// `area` (a board's bottom border), inside its corners; nothing where it does not fit.
pub fn render_legend(top: u32, theme: Theme, area: Rect, buf: &mut Buffer) {
    let room = usize::from(area.width.saturating_sub(4));
    let swatches: Vec<Span<'static>> = ranges(top)
        .into_iter()
        .flat_map(|(k, least, most)| {
            let text = if least == most {
                format!(" {} ", grouped(u64::from(least)))
            } else {
                format!(
                    " {}–{} ",
                    grouped(u64::from(least)),
                    grouped(u64::from(most))
                )
            };
            [
                Span::raw(" "),
                Span::styled(text, theme.heat(k).unwrap_or_default()),
            ]
        })
        .collect();
    let swatch_w: usize = swatches.iter().map(Span::width).sum();
    // The longest label that fits with the swatches, or none.
    let Some(label) = [" weight bumps", " bumps", ""]
        .into_iter()
        .find(|l| l.chars().count() + swatch_w < room)
    else {
        return;
    };
    let mut spans = vec![Span::styled(label, theme.dim())];
    spans.extend(swatches);
    spans.push(Span::raw(" "));
    let line = Line::from(spans);
    let x = area.x + 2;
    buf.set_line(x, area.y, &line, area.width.saturating_sub(4));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ranges_are_the_counts_each_shade_takes() {
        for top in 1..=40 {
            let ranges = ranges(top);
            let mut next = 1;
            for &(k, least, most) in &ranges {
                assert_eq!(least, next, "top {top}: {ranges:?}");
                for b in least..=most {
                    assert_eq!(level(b, top), k, "top {top}, {b} bumps");
                }
                next = most + 1;
            }
            assert_eq!(next, top + 1, "top {top}: every count in a range");
        }
        assert_eq!(ranges(8), [(1, 1, 3), (2, 4, 6), (3, 7, 8)]);
        assert_eq!(ranges(2), [(1, 1, 1), (2, 2, 2)]);
        assert_eq!(level(0, 8), 0);
    }
}
