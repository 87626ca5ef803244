//! What the quiz and lessons need of the command line: the answers file, opened before the
//! screen so that a bad path is a plain error, appended to and flushed at every answer; and
//! after the screen closes, the answers the student asked to save, and the score in a line.

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::Path;

use anyhow::Context;

use crate::app::App;
use crate::app::teach::AnswerSink;
use crate::ui::teach_legend::SAVE_FILE;

/// Opens `path` for answers (appended to: answers already there are never lost).
///
/// # Errors
/// The file cannot be created or opened for writing.
pub fn answers_sink(path: &Path) -> anyhow::Result<(AnswerSink, String)> {
    let mut file: File = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("--answers: cannot open '{}' for writing", path.display()))?;
    let sink: AnswerSink = Box::new(move |line: &str| {
        writeln!(file, "{line}")?;
        file.flush()
    });
    Ok((sink, path.display().to_string()))
}

/// After the screen closes: saves the unsaved answers if the student asked to, and says
/// the score (standard error, so that standard output stays clean).
///
/// # Errors
/// The answers the student asked to save cannot be written.
pub fn finish(app: &App) -> anyhow::Result<()> {
    if app.save_on_quit() && app.unsaved() > 0 {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(SAVE_FILE)
            .with_context(|| format!("cannot save the answers to '{SAVE_FILE}'"))?;
        for record in app.unsaved_records() {
            writeln!(file, "{}", record.line())?;
        }
        file.flush()?;
        eprintln!(
            "dokuscope: {} answers saved to {SAVE_FILE}",
            app.unsaved_records().len()
        );
    }
    if let Some(error) = app.answers_error() {
        eprintln!("dokuscope: {error}");
    }
    let tally = app.tally();
    let (right, asked) = tally.total();
    if asked > 0 || tally.open() > 0 {
        let kinds: Vec<String> = tally
            .kinds()
            .filter(|(_, s)| s.asked > 0)
            .map(|(k, s)| format!("{k} {}/{}", s.right, s.asked))
            .collect();
        let file = app
            .answers_label()
            .map(|f| format!("; answers in {f}"))
            .unwrap_or_default();
        eprintln!(
            "dokuscope: {right} of {asked} right ({}){file}",
            kinds.join(", ")
        );
    }
    Ok(())
}
