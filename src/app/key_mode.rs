//! Which way keys are read now, from what is open: a prompt, a question, the help, the
//! tree's arrows, a lesson's stop, or the key table as usual.

use super::keymap::Mode;

impl super::App {
    /// How keys are read now.
    pub fn key_mode(&self) -> Mode {
        let asking = self.teach.open.as_ref().map(|o| o.asked.kind);
        if self.teach.quitting.confirm {
            Mode::Confirm
        } else if self.steer.command.is_some() {
            Mode::Command
        } else if self.steer.fork.is_some() {
            Mode::Fork
        } else if self.prompt.is_some() {
            Mode::Prompt
        } else if self.goal.is_some() && self.burst.started_run {
            Mode::Queue
        } else if self.goal.is_some() {
            Mode::Running
        } else if self.help.is_open() {
            Mode::Help
        } else if asking == Some(crate::teach::Kind::Free) {
            Mode::Words
        } else if asking.is_some() {
            Mode::Quiz
        } else if self.inspect.is_some() || self.steer.breaks_shown || self.teach.summary {
            Mode::Overlay
        } else if self.tree.focus && self.tree.layout != super::tree::TreeLayout::Hidden {
            Mode::Tree
        } else if self.at_stop() {
            Mode::Stop
        } else if self.teach.lesson.is_some() {
            Mode::Explore
        } else if self.teach.shown.is_some() && self.teach.on && self.teach.lesson.is_none() {
            Mode::Review
        } else {
            Mode::Normal
        }
    }
}
