//! f-puzzles and `SudokuPad`: the f-puzzles JSON, plain or as the lz-string base64 both sites
//! export (`N4Igzg...`), or inside an `f-puzzles.com/?load=` or `sudokupad.app/fpuzzles...`
//! link.
//!
//! A file holds one JSON object, a JSON array of them, or one base64 string or link a line.
//! The JSON's fields are read in [`fields`].

mod fields;

use std::sync::Arc;

use dokuscope_engine::variant::Variant;
use serde_json::Value;

use crate::error::{FormatError, FormatErrorKind as Kind};
use crate::lzstring;

/// Whether `word` looks like exported f-puzzles data: a long run of base64.
pub(crate) fn looks_like_base64(word: &str) -> bool {
    word.len() >= 24 && word.chars().all(lzstring::is_base64)
}

/// Reads every puzzle of `text`.
pub(crate) fn read(source: &Arc<str>, text: &str) -> Result<Vec<Variant>, FormatError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        let offset = text.len() - trimmed.len();
        let skipped = text[..offset].matches('\n').count();
        return json(source, trimmed).map_err(|e| match e.line {
            Some(l) => FormatError {
                line: Some(l + skipped),
                ..e
            },
            None => e,
        });
    }
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let stripped = line.trim_start_matches('\u{feff}').trim();
        if stripped.is_empty() || stripped.starts_with('#') {
            continue;
        }
        let col = line
            .chars()
            .take_while(|c| c.is_whitespace() || *c == '\u{feff}')
            .count()
            + 1;
        let word = stripped.split_whitespace().next().unwrap_or_default();
        let located = |e: FormatError| FormatError {
            line: Some(i + 1),
            column: e.column.or(Some(col)),
            ..e
        };
        let data = if crate::link::is_link(word) {
            crate::link::fpuzzles_payload(word).map_err(|k| located(FormatError::new(source, k)))?
        } else {
            word.to_string()
        };
        let decoded = lzstring::decompress_base64(&data)
            .map_err(|e| located(FormatError::new(source, Kind::Decompress(e.to_string()))))?;
        let value: Value = serde_json::from_str(&decoded).map_err(|e| {
            located(FormatError::new(
                source,
                Kind::Json(format!("the decompressed puzzle is not JSON: {e}")),
            ))
        })?;
        puzzles.push(one(source, &value).map_err(located)?);
    }
    if puzzles.is_empty() {
        return Err(FormatError::new(source, Kind::NoPuzzle));
    }
    Ok(puzzles)
}

fn json(source: &Arc<str>, text: &str) -> Result<Vec<Variant>, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        FormatError::new(source, Kind::Json(format!("not JSON: {e}")))
            .at(e.line(), Some(e.column()))
    })?;
    match &value {
        Value::Array(items) if !items.is_empty() => items
            .iter()
            .enumerate()
            .map(|(i, v)| one(source, v).map_err(|e| e.within(format!("puzzle {}", i + 1))))
            .collect(),
        Value::Array(_) => Err(FormatError::new(source, Kind::NoPuzzle)),
        _ => Ok(vec![one(source, &value)?]),
    }
}

fn one(source: &Arc<str>, value: &Value) -> Result<Variant, FormatError> {
    let Value::Object(map) = value else {
        return Err(FormatError::new(
            source,
            Kind::Json("an f-puzzles puzzle is a JSON object".into()),
        ));
    };
    fields::puzzle(map).map_err(|(kind, context)| {
        let e = FormatError::new(source, kind);
        match context {
            Some(c) => e.within(c),
            None => e,
        }
    })
}
