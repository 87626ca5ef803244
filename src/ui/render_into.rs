//! Drawing any widget into an area of the buffer, by value: the one call every panel
//! makes, whatever widget it holds.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// A widget drawn into `area` of `buf`.
pub(crate) trait RenderInto {
    fn render_into(self, area: Rect, buf: &mut Buffer);
}

impl<W> RenderInto for W
where
    W: ratatui::widgets::Widget,
{
    fn render_into(self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}
