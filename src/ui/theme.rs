//! Colours and styles, in the 16 named colours only; with `NO_COLOR`, modifiers alone.

use ratatui::style::{Color, Modifier, Style};

use crate::app::cursor::Origin;
use crate::solver::{Event, NodeKind, PruneCause};

/// The styles every widget draws with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours are used (false when `NO_COLOR` is set).
    pub color: bool,
}

impl Theme {
    /// Colours unless the `NO_COLOR` environment variable is set to something non-empty.
    pub fn from_env() -> Theme {
        Theme {
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    fn fg(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    fn bg(self, color: Color, fallback: Modifier) -> Style {
        if self.color {
            Style::new().bg(color).fg(Color::Black)
        } else {
            Style::new().add_modifier(fallback)
        }
    }

    /// Titles and headings.
    pub fn title(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// Secondary text.
    pub fn dim(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// Key names in the legend and help.
    pub fn key(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A refused command or decision.
    pub fn error(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// Breakpoint hits on the depth trace.
    pub fn hit(self) -> Style {
        self.fg(Color::LightMagenta).add_modifier(Modifier::BOLD)
    }

    /// Box lines of the board.
    pub fn grid(self) -> Style {
        self.fg(Color::Gray)
    }

    /// A cell's digit, by how it got there.
    pub fn value(self, origin: Origin) -> Style {
        match origin {
            Origin::Given => Style::new().add_modifier(Modifier::BOLD),
            Origin::Decision => self
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD | Modifier::ITALIC),
            Origin::Forced => self.fg(Color::LightGreen),
            Origin::UserDecision => self
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD | Modifier::ITALIC),
        }
    }

    /// Remaining candidates.
    pub fn pencil(self) -> Style {
        self.fg(Color::Gray)
    }

    /// The domain size in the compact board.
    pub fn size(self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::ITALIC)
    }

    /// The cell the heuristic just selected.
    pub fn selected(self) -> Style {
        if self.color {
            Style::new().bg(Color::Blue).fg(Color::White)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// The selected cell's row, column and box.
    pub fn peer(self) -> Style {
        if self.color {
            Style::new().bg(Color::Black)
        } else {
            Style::new()
        }
    }

    /// A candidate pruned by the last event, in its cause's colour.
    pub fn flash(self, cause: &PruneCause) -> Style {
        let color = match cause {
            PruneCause::ForwardCheck { .. } => Color::Yellow,
            PruneCause::Revise { .. } => Color::Magenta,
            PruneCause::HiddenSingle { .. } => Color::Green,
            PruneCause::NakedPair { .. } => Color::Cyan,
            PruneCause::HiddenPair { .. } => Color::LightBlue,
            PruneCause::LockedCandidates { .. } => Color::LightCyan,
            PruneCause::Refuted => Color::LightRed,
            PruneCause::Conflict { .. } => Color::LightMagenta,
            PruneCause::Nogood { .. } => Color::LightYellow,
            PruneCause::Variant { .. } => Color::LightGreen,
        };
        self.bg(color, Modifier::REVERSED)
            .add_modifier(Modifier::BOLD)
    }

    /// An assignment just made.
    pub fn pop(self) -> Style {
        self.bg(Color::LightGreen, Modifier::UNDERLINED)
            .add_modifier(Modifier::BOLD)
    }

    /// A local search's cell in conflict (its digit and its conflict counts); underlined
    /// without colours.
    pub fn conflict(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        }
    }

    /// A wiped-out cell or unit.
    pub fn wipeout(self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::Red)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// Cells a backtrack just emptied.
    pub fn undone(self) -> Style {
        self.bg(Color::Magenta, Modifier::UNDERLINED)
    }

    /// A decision in the failure's conflict set (conflict-directed backjumping).
    pub fn culprit(self) -> Style {
        self.bg(Color::LightMagenta, Modifier::UNDERLINED)
    }

    /// The latest culprit: the decision the failure jumps back to.
    pub fn jump_target(self) -> Style {
        self.bg(Color::Yellow, Modifier::REVERSED)
            .add_modifier(Modifier::BOLD)
    }

    /// A decision a backjump jumps over: undone without being refuted.
    pub fn jumped_over(self) -> Style {
        self.bg(Color::Gray, Modifier::DIM)
            .add_modifier(Modifier::CROSSED_OUT)
    }

    /// The two cells of a constraint whose weight was just bumped.
    pub fn bumped(self) -> Style {
        self.bg(Color::LightYellow, Modifier::UNDERLINED)
    }

    /// The weights heat map: a cell's shade by its share of the heaviest cell's bumps, in
    /// three steps (none shows no shade).
    pub fn heat(self, level: u8) -> Option<Style> {
        match level {
            0 => None,
            1 => Some(self.bg(Color::Yellow, Modifier::DIM)),
            2 => Some(self.bg(Color::LightRed, Modifier::UNDERLINED)),
            _ => Some(self.bg(Color::Red, Modifier::REVERSED)),
        }
    }

    /// The quiz's board cursor: the cell the answer would name.
    pub fn answer_cursor(self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::LightYellow)
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// A cell a lesson's note names.
    pub fn noted(self) -> Style {
        self.bg(Color::LightBlue, Modifier::UNDERLINED)
    }

    /// A cell name in a lesson's note.
    pub fn note_cell(self) -> Style {
        self.fg(Color::LightBlue).add_modifier(Modifier::BOLD)
    }

    /// A candidate the student marked as removed, while asking.
    pub fn marked(self) -> Style {
        self.bg(Color::Yellow, Modifier::REVERSED)
            .add_modifier(Modifier::BOLD)
    }

    /// After a prunes verdict: marked and removed (right), removed but not marked
    /// (missed), marked but not removed (wrong).
    pub fn mark_verdict(self, right: bool, marked: bool) -> Style {
        let color = match (right, marked) {
            (true, true) => Color::LightGreen,
            (true, false) => Color::Yellow,
            _ => Color::LightRed,
        };
        let fallback = if marked {
            Modifier::REVERSED
        } else {
            Modifier::UNDERLINED
        };
        self.bg(color, fallback).add_modifier(Modifier::BOLD)
    }

    /// A right answer's headline.
    pub fn right(self) -> Style {
        self.fg(Color::LightGreen).add_modifier(Modifier::BOLD)
    }

    /// A wrong answer's headline.
    pub fn wrong(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// The cell whose domain history is shown.
    pub fn inspected(self) -> Style {
        Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
    }

    /// The colour an event's words are written in.
    pub fn event(self, event: &Event) -> Style {
        match event {
            Event::Select { .. } => self.fg(Color::LightBlue),
            Event::Assign {
                cause: crate::solver::AssignCause::UserDecision,
                ..
            }
            | Event::Learnt { .. } => self.fg(Color::LightYellow),
            Event::Assign { cause, .. } if cause.is_decision() => self.fg(Color::LightCyan),
            Event::Assign { .. } | Event::Set { from: None, .. } => self.fg(Color::LightGreen),
            Event::Prune { .. } => Style::new(),
            Event::Wipeout { .. } | Event::Exhausted => self.fg(Color::LightRed),
            Event::Backtrack { .. } | Event::Restart { .. } => self.fg(Color::Magenta),
            Event::Culprit { .. }
            | Event::Revise {
                removed: Some(_), ..
            } => self.fg(Color::LightMagenta),
            Event::Solution { .. } => self.fg(Color::LightGreen).add_modifier(Modifier::BOLD),
            Event::Weight { .. } | Event::Limit => self.fg(Color::Yellow),
            Event::Learn { .. } => self.fg(Color::LightYellow).add_modifier(Modifier::BOLD),
            Event::Set { walk: true, .. } | Event::Swap { walk: true, .. } => {
                self.fg(Color::Magenta)
            }
            Event::Set { .. } | Event::Swap { .. } => self.fg(Color::LightCyan),
            Event::Revise { .. } => self.dim(),
        }
    }

    /// The cell an arc revision revises (Xi), and the arrow it shows toward its peer.
    pub fn revising(self) -> Style {
        self.bg(Color::LightMagenta, Modifier::REVERSED)
            .add_modifier(Modifier::BOLD)
    }

    /// The peer an arc revision revises against (Xj).
    pub fn supporting(self) -> Style {
        self.bg(Color::Cyan, Modifier::UNDERLINED)
    }

    /// The cells whose arcs a removal put back on the queue.
    pub fn requeued(self) -> Style {
        if self.color {
            Style::new().bg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// The depth trace: plain, with a backtrack, with a solution, not yet reached, current.
    pub fn trace(self, backtrack: bool, solution: bool, ahead: bool) -> Style {
        if ahead {
            self.fg(Color::DarkGray)
        } else if solution {
            self.fg(Color::LightGreen)
        } else if backtrack {
            self.fg(Color::LightRed)
        } else {
            self.fg(Color::Cyan)
        }
    }

    /// The depth trace where a backtrack skipped decisions (a backjump).
    pub fn trace_jump(self) -> Style {
        self.fg(Color::LightMagenta)
    }

    /// Status words: running, paused, solved, exhausted, ...
    pub fn phase(self, word: &str) -> Style {
        let color = match word {
            "RUNNING" => Color::Yellow,
            "SOLVED" | "FINISHED" => Color::LightGreen,
            "EXHAUSTED" | "STOPPED" | "LIMIT" => Color::LightRed,
            "BREAK" | "CHOOSE" => Color::LightMagenta,
            "QUIZ" => Color::LightYellow,
            _ => Color::LightBlue,
        };
        self.fg(color)
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// The race's leader.
    pub fn leader(self) -> Style {
        self.fg(Color::LightGreen).add_modifier(Modifier::BOLD)
    }

    /// A tree node in Gist's colours: choices blue, failures red, solutions green, open
    /// nodes white.
    pub fn node(self, kind: NodeKind) -> Style {
        match kind {
            NodeKind::Choice => self.fg(Color::LightBlue),
            NodeKind::Failure => self.fg(Color::LightRed),
            NodeKind::Solution => self.fg(Color::LightGreen).add_modifier(Modifier::BOLD),
            NodeKind::Open => self.fg(Color::White),
            // The depth trace's colour for backjumps.
            NodeKind::Skipped => self.fg(Color::LightMagenta),
        }
    }

    /// The node the tree panel is about (walked to, or the current one).
    pub fn tree_focus(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// The search's position on the pixel tree.
    pub fn tree_position(self) -> Style {
        self.bg(Color::Yellow, Modifier::REVERSED)
    }

    /// A node where a breakpoint hit, on the tree.
    pub fn tree_hit(self) -> Style {
        self.bg(Color::LightMagenta, Modifier::UNDERLINED)
    }

    /// The first diverging node on the pixel tree (compare).
    pub fn tree_divergence(self) -> Style {
        self.bg(Color::Magenta, Modifier::UNDERLINED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_uses_modifiers_only() {
        let plain = Theme { color: false };
        let styles = [
            plain.title(),
            plain.value(Origin::Decision),
            plain.pencil(),
            plain.selected(),
            plain.peer(),
            plain.pop(),
            plain.wipeout(),
            plain.undone(),
            plain.flash(&PruneCause::Refuted),
            plain.phase("RUNNING"),
            plain.trace(true, false, false),
        ];
        for style in styles {
            assert_eq!((style.fg, style.bg), (None, None), "{style:?}");
        }
        assert!(plain.selected().add_modifier.contains(Modifier::REVERSED));
        assert!(plain.wipeout().add_modifier.contains(Modifier::REVERSED));
    }
}
