//! START's and RESTART's info: the few JSON keys the solvers write, read without a JSON parser.
//!
//! The connector builds these by hand (`{"has_restarts": true\n,"name": "model.fzn"\n,
//! "execution_id": 1}`) and does not escape the name, so a name with a quote in it is not JSON;
//! reading key by key keeps what can be read.

/// What a START message says about the execution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartInfo {
    /// The model's name: Chuffed sends the .fzn's file name, Gecode the tracer's name.
    pub name: Option<String>,
    /// Whether the search restarts (Chuffed always says true; Gecode true under its RBS engine).
    pub has_restarts: Option<bool>,
    /// The id the user gave the execution (`--cp-profiler ID,PORT`), when not -1.
    pub execution_id: Option<i64>,
    /// The protocol version from the START message's VERSION field.
    pub version: Option<i32>,
}

impl StartInfo {
    /// Reads a START message's info text and version.
    pub fn parse(info: &str, version: Option<i32>) -> Self {
        Self {
            name: value_of(info, "name").and_then(as_string),
            has_restarts: value_of(info, "has_restarts").and_then(as_bool),
            execution_id: value_of(info, "execution_id").and_then(as_integer),
            version,
        }
    }
}

/// The restart id in a RESTART message's info (`{"restart_id": 4\n}`).
pub fn restart_id(info: &str) -> Option<i64> {
    value_of(info, "restart_id").and_then(as_integer)
}

/// The text after `"key":` and its blanks.
fn value_of<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let quoted = format!("\"{key}\"");
    let after = &text[text.find(&quoted)? + quoted.len()..];
    after.trim_start().strip_prefix(':').map(str::trim_start)
}

fn as_string(value: &str) -> Option<String> {
    let rest = value.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => out.push(match chars.next()? {
                'n' => '\n',
                't' => '\t',
                other => other,
            }),
            c => out.push(c),
        }
    }
    None
}

fn as_bool(value: &str) -> Option<bool> {
    if value.starts_with("true") {
        Some(true)
    } else if value.starts_with("false") {
        Some(false)
    } else {
        None
    }
}

fn as_integer(value: &str) -> Option<i64> {
    let end = value
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
        .map_or(value.len(), |(i, _)| i);
    value[..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_info_reads_the_connectors_hand_made_json() {
        let info = "{\"has_restarts\": true\n,\"name\": \"sudoku.fzn\"\n,\"execution_id\": 7}";
        let start = StartInfo::parse(info, Some(3));
        assert_eq!(start.name.as_deref(), Some("sudoku.fzn"));
        assert_eq!(start.has_restarts, Some(true));
        assert_eq!(start.execution_id, Some(7));
        assert_eq!(start.version, Some(3));
    }

    #[test]
    fn start_info_without_execution_id_leaves_it_out() {
        let start = StartInfo::parse("{\"has_restarts\": false\n,\"name\": \"\"\n}", None);
        assert_eq!(start.name.as_deref(), Some(""));
        assert_eq!(start.has_restarts, Some(false));
        assert_eq!(start.execution_id, None);
    }

    #[test]
    fn restart_id_reads_negative_and_positive_ids() {
        assert_eq!(restart_id("{\"restart_id\": 12\n}"), Some(12));
        assert_eq!(restart_id("{\"restart_id\": -1\n}"), Some(-1));
        assert_eq!(restart_id("{}"), None);
    }
}
