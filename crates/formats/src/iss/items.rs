//! A constraint string cut into items and arguments, each with the line and column where it
//! starts (white space is no part of the string, as in the solver).

use crate::error::FormatErrorKind as Kind;

/// One puzzle's text: its characters other than white space, with line and column.
pub(super) struct Paragraph {
    pub(super) chars: Vec<(char, usize, usize)>,
}

impl Paragraph {
    /// A puzzle given as one string (a link's payload) found on `line`.
    pub(super) fn inline(text: &str, line: usize) -> Paragraph {
        Paragraph {
            chars: text
                .chars()
                .enumerate()
                .filter(|(_, c)| !c.is_whitespace())
                .map(|(i, c)| (c, line, i + 1))
                .collect(),
        }
    }

    /// Line and column of the first character.
    pub(super) fn start(&self) -> (usize, usize) {
        self.chars.first().map_or((1, 1), |&(_, l, c)| (l, c))
    }
}

/// The paragraphs of `text`: runs of lines apart by blank lines; `#` lines are comments.
pub(super) fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start_matches('\u{feff}').trim();
        if trimmed.starts_with('#') {
            continue;
        }
        if trimmed.is_empty() {
            if !current.is_empty() {
                out.push(Paragraph {
                    chars: std::mem::take(&mut current),
                });
            }
            continue;
        }
        current.extend(
            line.chars()
                .enumerate()
                .filter(|(_, c)| !c.is_whitespace() && *c != '\u{feff}')
                .map(|(col, c)| (c, i + 1, col + 1)),
        );
    }
    if !current.is_empty() {
        out.push(Paragraph { chars: current });
    }
    out
}

/// One argument of an item.
pub(crate) struct Arg {
    pub(crate) text: String,
    pub(crate) line: usize,
    pub(crate) col: usize,
}

/// One `.Type~arg~arg` item.
pub(crate) struct Item {
    /// The type (empty for givens).
    pub(crate) name: String,
    pub(crate) args: Vec<Arg>,
    pub(crate) line: usize,
    pub(crate) col: usize,
}

/// Cuts a paragraph into items.
pub(super) fn split(p: &Paragraph) -> Result<Vec<Item>, (Kind, usize, usize)> {
    let Some(&(first, line, col)) = p.chars.first() else {
        return Err((Kind::NoPuzzle, 1, 1));
    };
    if first != '.' {
        return Err((
            Kind::Syntax("a constraint string starts with '.'".into()),
            line,
            col,
        ));
    }
    let mut items: Vec<Item> = Vec::new();
    for &(c, line, col) in &p.chars {
        match c {
            '.' => items.push(Item {
                name: String::new(),
                args: Vec::new(),
                line,
                col,
            }),
            '~' => {
                if let Some(item) = items.last_mut() {
                    item.args.push(Arg {
                        text: String::new(),
                        line,
                        col,
                    });
                }
            }
            _ => {
                if let Some(item) = items.last_mut() {
                    match item.args.last_mut() {
                        Some(arg) => {
                            if arg.text.is_empty() {
                                arg.line = line;
                                arg.col = col;
                            }
                            arg.text.push(c);
                        }
                        None => item.name.push(c),
                    }
                }
            }
        }
    }
    // `..` (an empty item) means nothing, as in the solver.
    items.retain(|i| !(i.name.is_empty() && i.args.is_empty()));
    Ok(items)
}
