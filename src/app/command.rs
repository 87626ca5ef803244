//! The `:` prompt: a one-line command (`break COND`, `breaks`, `delete N`, `clear`), as in
//! less and vim. An error keeps the prompt open and points at its column; Esc leaves.

use super::{Action, App};

/// The longest command line accepted.
pub const MAX_COMMAND: usize = 240;

/// The commands, for the prompt's hint and its errors.
pub const COMMANDS: &str = "break COND · breaks · delete N · clear";

/// The command being typed, and what was wrong with the last one confirmed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommandLine {
    /// The text after the `:`.
    pub text: String,
    /// The last error: its column in `text` (from 1) and its message.
    pub error: Option<(usize, String)>,
    /// Whether the error comes from a condition, so that the grammar helps.
    pub grammar: bool,
}

impl App {
    /// The `:` prompt, while open.
    pub fn command(&self) -> Option<&CommandLine> {
        self.steer.command.as_ref()
    }

    /// Whether the breakpoint list is shown.
    pub fn breaks_shown(&self) -> bool {
        self.steer.breaks_shown
    }

    /// Opens the prompt, types, erases, confirms.
    pub(super) fn edit_command(&mut self, action: Action) {
        match action {
            Action::Command => {
                self.stop();
                self.steer.breaks_shown = false;
                self.steer.command = Some(CommandLine::default());
            }
            Action::Type(c) => {
                if let Some(line) = self.steer.command.as_mut() {
                    if line.text.chars().count() < MAX_COMMAND && !c.is_control() {
                        line.text.push(c);
                    }
                    line.error = None;
                }
            }
            Action::Erase => {
                if let Some(line) = self.steer.command.as_mut() {
                    line.text.pop();
                    line.error = None;
                }
            }
            Action::Confirm => {
                let Some(mut line) = self.steer.command.take() else {
                    return;
                };
                if let Err((column, message, grammar)) = self.run_command(&line.text) {
                    line.error = Some((column, message));
                    line.grammar = grammar;
                    self.steer.command = Some(line);
                }
            }
            _ => {}
        }
    }

    /// Runs one command; an error is (column in `text`, message, whether it is a
    /// condition's).
    fn run_command(&mut self, text: &str) -> Result<(), (usize, String, bool)> {
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let rest: String = text.chars().skip(lead).collect();
        let word: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
        let after: String = rest.chars().skip(word.chars().count()).collect();
        let arg_at = lead + word.chars().count() + 1;
        match word.as_str() {
            "" => Ok(()),
            "break" | "b" | "br" => {
                if after.trim().is_empty() {
                    return Err((
                        arg_at,
                        "break needs a condition, e.g. break depth > 3".into(),
                        true,
                    ));
                }
                match self.add_breakpoint(&after) {
                    Ok(id) => {
                        let text = self
                            .steer
                            .breakpoints
                            .list()
                            .last()
                            .map(|b| b.bound.text().to_string())
                            .unwrap_or_default();
                        self.message = Some(format!(
                            "breakpoint {id}: {text}   (c: continue to it, C: back to the previous hit)"
                        ));
                        Ok(())
                    }
                    Err(e) => Err((arg_at - 1 + e.column, e.message, true)),
                }
            }
            "breaks" | "info" => {
                self.steer.breaks_shown = true;
                Ok(())
            }
            "clear" => {
                let n = self.steer.breakpoints.list().len();
                self.steer.breakpoints.clear();
                // The stop shown belonged to one of them: the status no longer names it.
                self.steer.hit = None;
                self.message = Some(match n {
                    1 => "1 breakpoint deleted".to_string(),
                    n => format!("{n} breakpoints deleted"),
                });
                Ok(())
            }
            "delete" | "d" => {
                let arg = after.trim();
                let offset = after.chars().take_while(|c| c.is_whitespace()).count();
                let Ok(id) = arg.parse::<usize>() else {
                    return Err((
                        arg_at - 1 + offset + 1,
                        format!("delete needs a breakpoint number{}", self.numbers_hint()),
                        false,
                    ));
                };
                if self.steer.breakpoints.delete(id) {
                    if self.steer.hit.as_ref().is_some_and(|h| h.id == id) {
                        self.steer.hit = None;
                    }
                    self.message = Some(format!("breakpoint {id} deleted"));
                    Ok(())
                } else {
                    Err((
                        arg_at - 1 + offset + 1,
                        format!("no breakpoint {id}{}", self.numbers_hint()),
                        false,
                    ))
                }
            }
            other => Err((
                lead + 1,
                format!("unknown command '{other}': {COMMANDS}"),
                false,
            )),
        }
    }

    fn numbers_hint(&self) -> String {
        let ids: Vec<String> = self
            .steer
            .breakpoints
            .list()
            .iter()
            .map(|b| b.id.to_string())
            .collect();
        if ids.is_empty() {
            " (there are none)".into()
        } else {
            format!(" (breakpoints: {})", ids.join(", "))
        }
    }
}
