//! The conditions in brief, made from the parser's own word lists (the `?` overlay shows
//! them), so that a word the parser accepts cannot be missing from the summary.

use super::{Kind, Measure};

/// The widest summary row: an 80-column help box holds it beside its key column.
const ROW: usize = 60;

/// The comparisons, as the summary writes them.
const COMPARE: &str = "OP: > >= < <= == !=";

/// Every word a term can start with, in the parser's order: the events, the measures,
/// `node` and `not`.
pub fn words() -> Vec<&'static str> {
    Kind::NAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(Measure::NAMES.iter().map(|(n, _)| *n))
        .chain(["node", "not"])
        .collect()
}

/// The conditions in brief, in rows of at most [`ROW`] characters: the events by what
/// they name, the measures, how to combine them, an example.
pub fn summary() -> Vec<String> {
    let events = |keep: fn(Kind) -> bool| -> Vec<&'static str> {
        Kind::NAMES
            .iter()
            .filter(|(_, k)| keep(*k))
            .map(|(n, _)| *n)
            .collect()
    };
    let mut clauses = pack(&events(Kind::takes_digit), " [r5c3[=7]]");
    clauses.extend(pack(
        &events(|k| k.takes_cell() && !k.takes_digit()),
        " [r5c3]",
    ));
    clauses.extend(events(|k| !k.takes_cell()).iter().map(|w| (*w).to_string()));
    clauses.push("node N".into());
    let mut rows = join(clauses);
    let measures: Vec<&str> = Measure::NAMES.iter().map(|(n, _)| *n).collect();
    let mut clauses = pack(&measures, " OP N");
    clauses.push(COMPARE.into());
    rows.extend(join(clauses));
    rows.push("combined with and, or, not, ( )".into());
    rows.push("e.g. :break select and depth > 8 · :break backjump".into());
    rows
}

/// `clauses` joined by ` · ` in as few rows of at most [`ROW`] characters as hold them.
fn join(clauses: Vec<String>) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for clause in clauses {
        match rows.last_mut() {
            Some(row) if row.chars().count() + 3 + clause.chars().count() <= ROW => {
                row.push_str(" · ");
                row.push_str(&clause);
            }
            _ => rows.push(clause),
        }
    }
    rows
}

/// `words` joined by `|`, each row ending with `suffix`, in as few rows of at most [`ROW`]
/// characters as hold them.
fn pack(words: &[&str], suffix: &str) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in words {
        let wide = row.len() + 1 + word.len() + suffix.len() > ROW;
        if !row.is_empty() && wide {
            rows.push(format!("{row}{suffix}"));
            row.clear();
        }
        if !row.is_empty() {
            row.push('|');
        }
        row.push_str(word);
    }
    if !row.is_empty() {
        rows.push(format!("{row}{suffix}"));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_the_parser_accepts_is_in_the_summary_and_in_the_grammar() {
        let rows = summary();
        let text = rows.join(" ");
        let said: Vec<&str> = text
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        for word in words() {
            assert!(said.contains(&word), "{word} missing from {rows:#?}");
            let grammar: Vec<&str> = super::super::GRAMMAR
                .split(|c: char| !c.is_ascii_alphabetic())
                .collect();
            assert!(grammar.contains(&word), "{word} missing from the grammar");
        }
        assert!(rows.iter().all(|r| r.chars().count() <= ROW), "{rows:#?}");
    }
}
