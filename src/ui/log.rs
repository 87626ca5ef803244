//! The event log: the last events in plain words, newest at the bottom; and the
//! explanation line of the last event alone.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::Lane;
use crate::app::words::explain;

/// The last events of one lane.
pub struct LogView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &LogView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height < 2 {
            return;
        }
        buf.set_stringn(
            area.x,
            area.y,
            "event log",
            usize::from(area.width),
            self.theme.title(),
        );
        let order = self.lane.timeline().strategy().order;
        let g = self.lane.timeline().puzzle().geometry();
        let rows = usize::from(area.height - 1);
        let recent: Vec<_> = self.lane.cursor().recent(rows).collect();
        for (i, logged) in recent.iter().rev().enumerate() {
            let newest = i + 1 == recent.len();
            let line = Line::from(vec![
                Span::styled(format!("{:>7} ", logged.step), self.theme.dim()),
                Span::styled(
                    explain(g, order, logged),
                    if newest {
                        self.theme
                            .event(&logged.event)
                            .add_modifier(ratatui::style::Modifier::BOLD)
                    } else {
                        self.theme.event(&logged.event)
                    },
                ),
            ]);
            buf.set_line(area.x, area.y + 1 + i as u16, &line, area.width);
        }
    }
}

/// The last event explained: `step 523  r3c5 ← 7 (decision: MRV, 2 candidates)`.
pub fn explanation<'a>(lane: &Lane, theme: Theme) -> Line<'a> {
    let order = lane.timeline().strategy().order;
    let g = lane.timeline().puzzle().geometry();
    match lane.cursor().last() {
        Some(last) => Line::from(vec![
            Span::styled(format!("step {} ", last.step), theme.dim()),
            Span::styled(
                explain(g, order, &last),
                theme
                    .event(&last.event)
                    .add_modifier(ratatui::style::Modifier::BOLD),
            ),
        ]),
        None => Line::from(Span::styled(
            "step 0: givens placed, every empty cell has its full domain; press Space to play, → to step",
            theme.dim(),
        )),
    }
}
