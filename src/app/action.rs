//! What the viewer can ask for: the app's only inputs besides the clock.

use super::tree::Walk;
use crate::solver::Cell;

/// One request to the app, from a key, the mouse or a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play or pause.
    TogglePlay,
    /// One event (or one decision, in a race locked by nodes) forward.
    StepForward,
    /// One event (or decision) back.
    StepBack,
    /// Run to the next decision.
    NextDecision,
    /// Go back to the previous decision.
    PrevDecision,
    /// Run to the next backtrack.
    NextBacktrack,
    /// Run to the next wipeout, stopping before its backtrack.
    NextWipeout,
    /// Run through the propagation under way (or the next one) to its end: the fixpoint
    /// (the next select, or the solution) or its wipeout.
    SkipPropagation,
    /// Show or hide the arc queue panel.
    ToggleQueue,
    /// Run to the solution or the end.
    RunToEnd,
    /// Start typing a step to go to.
    GoTo,
    /// Back to step 0.
    Home,
    /// Faster.
    Faster,
    /// Slower.
    Slower,
    /// The next preset on the same puzzle (restarts).
    CyclePreset,
    /// The next puzzle of the same file (restarts).
    NextPuzzle,
    /// Back to step 0 with a fresh search.
    Restart,
    /// Add a pane: the same puzzle under another preset.
    AddPane,
    /// Jump every pane to the first decision where they diverge.
    Divergence,
    /// Show or hide the help.
    Help,
    /// Scroll the help.
    HelpScroll(Scroll),
    /// Close whatever overlay is open, or quit when none is.
    Back,
    /// Quit.
    Quit,
    /// Stop a run-to.
    Interrupt,
    /// Show the domain history of a cell of a pane (or hide it, for the same cell).
    Inspect {
        /// The pane.
        lane: usize,
        /// The cell.
        cell: Cell,
    },
    /// A character typed into the go-to prompt.
    Type(char),
    /// Delete the last typed character.
    Erase,
    /// Confirm the prompt.
    Confirm,
    /// Show the search tree beside the board, or hide it.
    ToggleTree,
    /// Shade the board by the constraint weights dom/wdeg learned, or stop.
    ToggleHeat,
    /// Show how the estimate of the search's size moved in place of the depth trace, or
    /// the depth again.
    ToggleEstimateTrace,
    /// Give the tree most of the screen, or take it back.
    TreeFull,
    /// Hand the arrows to the tree, or back to the timeline.
    TreeFocus,
    /// Walk the tree from the focused node.
    TreeWalk(Walk),
    /// Fold or unfold the focused node's subtree.
    TreeFold,
    /// Jump the whole view to the focused node's step.
    TreeJump,
    /// Open the `:` command prompt (break, breaks, delete, clear).
    Command,
    /// Continue to the next breakpoint hit.
    Continue,
    /// Continue backwards to the previous breakpoint hit.
    ReverseContinue,
    /// Open the fork picker: a cursor on the board and a digit make a what-if decision.
    Fork,
    /// The quiz on or off.
    ToggleQuiz,
    /// Back to the lesson's stop after exploring.
    Lesson,
    /// The lesson's next stop.
    NextStop,
    /// The lesson's previous stop.
    PrevStop,
    /// After a quiz verdict: on to the next question.
    PlayOn,
    /// Move the fork picker's cursor.
    MoveCursor {
        /// Rows down (negative: up).
        rows: i8,
        /// Columns right (negative: left).
        cols: i8,
    },
}

impl Action {
    /// Whether it starts a run-to (next decision, backtrack, wipeout, the end, the next
    /// breakpoint hit): what a later key of the same burst queues behind rather than stops.
    pub fn starts_run(self) -> bool {
        matches!(
            self,
            Action::NextDecision
                | Action::NextBacktrack
                | Action::NextWipeout
                | Action::SkipPropagation
                | Action::RunToEnd
                | Action::Continue
        )
    }
}

/// How far to scroll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scroll {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One page up.
    PageUp,
    /// One page down.
    PageDown,
    /// To the first row.
    Top,
    /// To the last page.
    End,
}
