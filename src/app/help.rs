//! The help page: the key table as text wrapped to the screen, and where the viewer is in it.
//!
//! The text is made from [`KEYMAP`] (the table the dispatcher reads), so the help cannot
//! drift from the keys. A description too long for the screen wraps at a space onto a
//! continuation row indented under the description column; a page taller than the screen
//! scrolls, its offset kept within the content here so the widget only reads it.

pub use super::action::Scroll;
use super::keymap::{KEYMAP, Scope};
use crate::solver::condition;

/// The last row: how to leave.
const NOTE: &str = "a key stops a run-to, run keys typed at once queue; ?, q or Esc closes it";
/// The mouse's row of the help.
pub const CLICK: (&str, &str) = (
    "click",
    "a cell: its domain history (which event removed each candidate)",
);
/// The narrowest key column (a space, the label, at least two spaces).
const MIN_KEY_COLUMN: usize = 11;
/// Spaces at least between a key label and its description.
const KEY_GAP: usize = 2;
/// How much further a continuation row is indented than the row it carries on.
const HANGING: usize = 2;
/// Columns the box adds around the text: two borders, a space each side.
pub const BOX_MARGIN: u16 = 4;
/// Rows the box adds around the text: two borders.
const BOX_BORDERS: u16 = 2;
/// Rows at the foot of the screen the help leaves visible (the status line).
const STATUS_ROWS: u16 = 1;
/// The screen assumed until the terminal says its size (the smallest common terminal).
const DEFAULT_SCREEN: (u16, u16) = (80, 24);

/// What a row of the help is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A key binding (or the mouse).
    Key,
    /// A breakpoint condition.
    Condition,
    /// The closing note.
    Note,
}

/// One screen row of the help: the key column (blank on a continuation row) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpRow {
    /// The key label, padded to the key column; spaces only on a continuation row.
    pub key: String,
    /// The description (or the part of it on this row).
    pub text: String,
    /// What the row is.
    pub kind: RowKind,
    /// Whether the row carries on the description of the row above.
    pub continued: bool,
}

/// The help laid out for a screen: its rows and the box that shows them.
#[derive(Clone, Debug)]
pub struct Page {
    /// Every row, wrapped to the box.
    pub rows: Vec<HelpRow>,
    /// The box's width, borders included.
    pub width: u16,
    /// The box's height, borders included.
    pub height: u16,
    /// How many rows the box shows at once.
    pub visible: usize,
}

impl Page {
    /// The help with `panes` panes on a `width`×`height` screen (the status line stays visible).
    pub fn for_screen(panes: usize, width: u16, height: u16) -> Page {
        let entries = entries(panes);
        let key_column = entries
            .iter()
            .filter(|e| e.kind != RowKind::Note)
            .map(|e| 1 + columns(e.label) + KEY_GAP)
            .max()
            .unwrap_or(0)
            .max(MIN_KEY_COLUMN);
        let natural = entries
            .iter()
            .map(|e| match e.kind {
                RowKind::Note => 1 + columns(&e.text),
                _ => key_column + columns(&e.text),
            })
            .max()
            .unwrap_or(0);
        let box_width = (natural as u16)
            .saturating_add(BOX_MARGIN)
            .min(width)
            .max(BOX_MARGIN + 1);
        let text_width = usize::from(box_width - BOX_MARGIN);
        let mut rows = Vec::new();
        for e in &entries {
            let (lead, first_key) = match e.kind {
                RowKind::Note => (1, String::from(" ")),
                _ => (key_column, format!(" {:<w$}", e.label, w = key_column - 1)),
            };
            let room = text_width.saturating_sub(lead + HANGING).max(1);
            for (i, part) in wrap_hanging(&e.text, text_width.saturating_sub(lead).max(1), room)
                .into_iter()
                .enumerate()
            {
                rows.push(HelpRow {
                    key: if i == 0 {
                        first_key.clone()
                    } else {
                        " ".repeat(lead + HANGING)
                    },
                    text: part,
                    kind: e.kind,
                    continued: i > 0,
                });
            }
        }
        let room = height.saturating_sub(STATUS_ROWS);
        let box_height = (rows.len() as u16).saturating_add(BOX_BORDERS).min(room);
        Page {
            visible: usize::from(box_height.saturating_sub(BOX_BORDERS)),
            rows,
            width: box_width,
            height: box_height,
        }
    }

    /// The largest offset: the last row at the foot of the box (none when the box has no
    /// room for a row).
    pub fn max_offset(&self) -> usize {
        if self.visible == 0 {
            return 0;
        }
        self.rows.len().saturating_sub(self.visible)
    }

    /// Whether some rows are out of sight.
    pub fn scrolls(&self) -> bool {
        self.rows.len() > self.visible
    }
}

/// The help overlay's state: open or not, and its first row on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpState {
    open: bool,
    offset: usize,
    screen: (u16, u16),
}

impl Default for HelpState {
    fn default() -> HelpState {
        HelpState {
            open: false,
            offset: 0,
            screen: DEFAULT_SCREEN,
        }
    }
}

impl HelpState {
    /// Whether the help is open.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The first row on screen, within the content.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Opens the help at its top, or closes it.
    pub fn toggle(&mut self) {
        self.open = !self.open;
        self.offset = 0;
    }

    /// Closes the help; whether it was open.
    pub fn close(&mut self) -> bool {
        let was = self.open;
        self.open = false;
        self.offset = 0;
        was
    }

    /// The help as laid out on the screen last reported.
    pub fn page(&self, panes: usize) -> Page {
        Page::for_screen(panes, self.screen.0, self.screen.1)
    }

    /// Scrolls by `by`, within the content.
    pub fn scroll(&mut self, by: Scroll, panes: usize) {
        let page = self.page(panes);
        let step = page.visible.max(1);
        self.offset = match by {
            Scroll::Up => self.offset.saturating_sub(1),
            Scroll::Down => self.offset + 1,
            Scroll::PageUp => self.offset.saturating_sub(step),
            Scroll::PageDown => self.offset + step,
            Scroll::Top => 0,
            Scroll::End => page.max_offset(),
        }
        .min(page.max_offset());
    }

    /// The terminal is now `width`×`height`: the offset stays within the content.
    pub fn resize(&mut self, width: u16, height: u16, panes: usize) {
        self.screen = (width, height);
        self.clamp(panes);
    }

    /// Keeps the offset within the content (which changes with the number of panes).
    pub fn clamp(&mut self, panes: usize) {
        if self.open && self.offset > 0 {
            self.offset = self.offset.min(self.page(panes).max_offset());
        }
    }
}

/// One entry of the help before wrapping.
struct Entry {
    label: &'static str,
    text: String,
    kind: RowKind,
}

/// Every binding that applies with `panes` panes, the mouse, the conditions, the note.
fn entries(panes: usize) -> Vec<Entry> {
    let mut entries: Vec<Entry> = KEYMAP
        .iter()
        .filter(|b| match b.scope {
            Scope::Both | Scope::Help | Scope::Lesson => true,
            Scope::Watch | Scope::Tree => panes == 1,
            Scope::Compare => panes > 1,
        })
        .map(|b| Entry {
            label: b.label,
            text: b.help.to_string(),
            kind: RowKind::Key,
        })
        .collect();
    entries.push(Entry {
        label: CLICK.0,
        text: CLICK.1.to_string(),
        kind: RowKind::Key,
    });
    // Breakpoint conditions in brief, made from the parser's own lists (the grammar is in
    // docs/breakpoints.md and the `:` prompt), one clause a row short enough for 80 columns.
    for (i, text) in condition::summary().into_iter().enumerate() {
        entries.push(Entry {
            label: if i == 0 { "COND" } else { "" },
            text,
            kind: RowKind::Condition,
        });
    }
    entries.push(Entry {
        label: "",
        text: NOTE.to_string(),
        kind: RowKind::Note,
    });
    entries
}

/// Terminal columns of `text` (the help writes only single-column characters).
fn columns(text: &str) -> usize {
    text.chars().count()
}

/// `text` in a first row of at most `first` columns, then rows of at most `rest`.
fn wrap_hanging(text: &str, first: usize, rest: usize) -> Vec<String> {
    let mut rows = wrap(text, first);
    if rows.len() > 1 {
        let tail = rows.split_off(1).join(" ");
        rows.extend(wrap(&tail, rest));
    }
    rows
}

/// `text` in rows of at most `width` columns, broken at spaces; a word longer than a row
/// is split (the only way it can be shown whole), after a `|` where it has one.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let need = columns(&row) + usize::from(!row.is_empty()) + columns(word);
        if need <= width {
            if !row.is_empty() {
                row.push(' ');
            }
            row.push_str(word);
            continue;
        }
        if !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        let mut chars: Vec<char> = word.chars().collect();
        while chars.len() > width {
            // After a `|` of an alternation if there is one, else where the row ends.
            let cut = chars[..width]
                .iter()
                .rposition(|&c| c == '|')
                .map_or(width, |i| i + 1);
            rows.push(chars.drain(..cut).collect());
        }
        row = chars.into_iter().collect();
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry's rows joined back: the text as written, every word whole.
    fn joined(rows: &[HelpRow]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for row in rows {
            match out.last_mut() {
                Some(last) if row.continued => {
                    last.push(' ');
                    last.push_str(&row.text);
                }
                _ => out.push(row.text.clone()),
            }
        }
        out
    }

    #[test]
    fn wrap_breaks_at_spaces_and_splits_only_a_word_longer_than_a_row() {
        assert_eq!(
            wrap("fork: pick a cell and type a digit", 12),
            ["fork: pick a", "cell and", "type a digit"]
        );
        assert_eq!(wrap("abcdefgh ij", 3), ["abc", "def", "gh", "ij"]);
        assert_eq!(wrap("depth|step|nodes", 12), ["depth|step|", "nodes"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("a b", 0), ["a", "b"], "a zero width still ends");
        assert_eq!(
            wrap_hanging("aa bb cc dd ee", 5, 3),
            ["aa bb", "cc", "dd", "ee"],
            "continuation rows are narrower"
        );
    }

    #[test]
    fn at_80_columns_long_descriptions_wrap_under_the_description_column() {
        let page = Page::for_screen(1, 80, 24);
        assert_eq!(page.width, 80);
        let text_width = usize::from(page.width - BOX_MARGIN);
        for row in &page.rows {
            assert!(
                columns(&row.key) + columns(&row.text) <= text_width,
                "{row:?} is wider than {text_width}"
            );
        }
        let fork = page
            .rows
            .iter()
            .position(|r| r.text.starts_with("fork: pick a cell"))
            .expect("the fork row");
        let next = &page.rows[fork + 1];
        assert!(next.continued && next.key.trim().is_empty(), "{next:?}");
        assert_eq!(
            next.key.len(),
            page.rows[fork].key.chars().count() + HANGING,
            "a continuation hangs under the description"
        );
        let texts = joined(&page.rows);
        let entries = entries(1);
        let expected: Vec<&str> = entries.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(texts, expected, "no word lost or cut");
    }

    #[test]
    fn a_wide_screen_shows_every_row_unwrapped_without_scrolling() {
        for panes in [1, 2, 4] {
            let page = Page::for_screen(panes, 200, 60);
            assert_eq!(page.rows.len(), entries(panes).len());
            assert!(!page.scrolls());
            assert!(page.width < 200, "the box fits its text");
        }
    }

    #[test]
    fn scrolling_stays_within_the_content() {
        let mut help = HelpState::default();
        help.resize(80, 24, 1);
        help.toggle();
        let page = help.page(1);
        assert!(page.scrolls(), "80×24 cannot show the whole help");
        assert_eq!(page.visible, 21);
        help.scroll(Scroll::Up, 1);
        assert_eq!(help.offset(), 0);
        help.scroll(Scroll::Down, 1);
        assert_eq!(help.offset(), 1);
        help.scroll(Scroll::PageDown, 1);
        assert_eq!(help.offset(), 1 + page.visible.min(page.max_offset() - 1));
        help.scroll(Scroll::End, 1);
        assert_eq!(help.offset(), page.max_offset());
        help.scroll(Scroll::Down, 1);
        help.scroll(Scroll::PageDown, 1);
        assert_eq!(
            help.offset(),
            page.max_offset(),
            "no scrolling past the end"
        );
        help.scroll(Scroll::PageUp, 1);
        assert_eq!(
            help.offset(),
            page.max_offset().saturating_sub(page.visible)
        );
        help.scroll(Scroll::Top, 1);
        assert_eq!(help.offset(), 0);
        help.resize(80, 3, 1);
        help.scroll(Scroll::End, 1);
        assert_eq!(
            help.offset(),
            0,
            "a box with no room for a row does not scroll"
        );
    }

    #[test]
    fn a_larger_terminal_or_fewer_rows_pull_the_offset_back() {
        let mut help = HelpState::default();
        help.resize(80, 24, 1);
        help.toggle();
        help.scroll(Scroll::End, 1);
        let end = help.offset();
        assert!(end > 0);
        help.resize(80, 30, 1);
        assert_eq!(help.offset(), help.page(1).max_offset());
        assert!(help.offset() < end, "a taller box needs less scrolling");
        help.resize(200, 60, 1);
        assert_eq!(help.offset(), 0, "everything fits: back at the top");
        help.resize(80, 24, 1);
        help.scroll(Scroll::End, 1);
        let watch_end = help.offset();
        help.clamp(2);
        assert_eq!(help.offset(), help.page(2).max_offset());
        assert!(help.offset() < watch_end, "compare's help is shorter");
    }

    #[test]
    fn the_help_reopens_at_its_top() {
        let mut help = HelpState::default();
        help.toggle();
        help.scroll(Scroll::End, 1);
        assert!(help.offset() > 0);
        assert!(help.close());
        assert!(!help.close(), "closed already");
        help.toggle();
        assert!(help.is_open());
        assert_eq!(help.offset(), 0);
        help.scroll(Scroll::PageDown, 1);
        help.toggle();
        help.toggle();
        assert_eq!(help.offset(), 0);
    }
}
