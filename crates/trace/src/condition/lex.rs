//! The condition's tokens, each with the column it starts at.

use super::{Cmp, ConditionError};

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    /// A word: a keyword or a cell (`assign`, `r5c3`), lowercased.
    Word(String),
    /// A number.
    Num(u64),
    /// A comparison operator.
    Cmp(Cmp),
    /// `=` (a digit after a cell, or `==` after a measure).
    Equals,
    /// `(`
    Open,
    /// `)`
    Close,
    /// The end of the text.
    End,
}

/// A token and its column, from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) at: usize,
}

/// Splits `text` into tokens, ending with [`Tok::End`].
pub(super) fn tokens(text: &str) -> Result<Vec<Token>, ConditionError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let next = chars.get(i + 1).copied();
        let (tok, len) = match c {
            '(' => (Tok::Open, 1),
            ')' => (Tok::Close, 1),
            '=' if next == Some('=') => (Tok::Cmp(Cmp::Eq), 2),
            '=' => (Tok::Equals, 1),
            '>' if next == Some('=') => (Tok::Cmp(Cmp::Ge), 2),
            '>' => (Tok::Cmp(Cmp::Gt), 1),
            '<' if next == Some('=') => (Tok::Cmp(Cmp::Le), 2),
            '<' => (Tok::Cmp(Cmp::Lt), 1),
            '!' if next == Some('=') => (Tok::Cmp(Cmp::Ne), 2),
            '!' => return Err(error(at, "'!' alone is not an operator: write 'not'")),
            c if c.is_ascii_digit() => {
                let len = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let digits: String = chars[i..i + len].iter().collect();
                let n = digits
                    .parse::<u64>()
                    .map_err(|_| error(at, &format!("{digits} is too large a number")))?;
                (Tok::Num(n), len)
            }
            c if c.is_ascii_alphabetic() => {
                let len = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                    .count();
                let word: String = chars[i..i + len].iter().collect();
                (Tok::Word(word.to_ascii_lowercase()), len)
            }
            c => {
                return Err(error(
                    at,
                    &format!("'{}' is not part of a condition", c.escape_default()),
                ));
            }
        };
        out.push(Token { tok, at });
        i += len;
    }
    out.push(Token {
        tok: Tok::End,
        at: chars.len() + 1,
    });
    Ok(out)
}

pub(super) fn error(column: usize, message: &str) -> ConditionError {
    ConditionError {
        column,
        message: message.to_string(),
    }
}

impl Tok {
    /// The token as an error message quotes it.
    pub(super) fn describe(&self) -> String {
        match self {
            Tok::Word(w) => format!("'{w}'"),
            Tok::Num(n) => format!("'{n}'"),
            Tok::Cmp(c) => format!("'{}'", c.symbol()),
            Tok::Equals => "'='".into(),
            Tok::Open => "'('".into(),
            Tok::Close => "')'".into(),
            Tok::End => "the end".into(),
        }
    }
}
