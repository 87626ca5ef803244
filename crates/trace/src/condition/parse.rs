//! The parser: precedence climbing over the tokens (`or` below `and` below `not`), with
//! nesting bounded so that no input can exhaust the stack.

use super::lex::{Tok, Token, error};
use super::{CellRef, Cmp, Condition, ConditionError, DigitRef, Kind, Measure};

/// The deepest nesting of parentheses and `not`s accepted.
const MAX_NESTING: usize = 32;

pub(super) struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    nesting: usize,
}

impl<'a> Parser<'a> {
    /// A parser over `tokens`, which end with [`Tok::End`].
    pub(super) fn new(tokens: &'a [Token]) -> Parser<'a> {
        Parser {
            tokens,
            pos: 0,
            nesting: 0,
        }
    }

    /// The whole text as one condition.
    pub(super) fn condition(&mut self) -> Result<Condition, ConditionError> {
        if self.peek().tok == Tok::End {
            return Err(error(
                self.peek().at,
                "empty condition: name an event (assign r5c3) or a measure (depth > 8)",
            ));
        }
        let c = self.or()?;
        let t = self.peek();
        match t.tok {
            Tok::End => Ok(c),
            Tok::Close => Err(error(t.at, "')' without its '('")),
            _ => Err(error(
                t.at,
                &format!(
                    "expected 'and', 'or' or the end, found {}",
                    t.tok.describe()
                ),
            )),
        }
    }

    fn peek(&self) -> &Token {
        // The last token is End, and the parser never moves past it.
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn bump(&mut self) -> &Token {
        let i = self.pos.min(self.tokens.len() - 1);
        if self.tokens[i].tok != Tok::End {
            self.pos += 1;
        }
        &self.tokens[i]
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(&self.peek().tok, Tok::Word(w) if w == word)
    }

    fn or(&mut self) -> Result<Condition, ConditionError> {
        let mut left = self.and()?;
        while self.is_word("or") {
            self.bump();
            let right = self.and()?;
            left = Condition::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Condition, ConditionError> {
        let mut left = self.term()?;
        while self.is_word("and") {
            self.bump();
            let right = self.term()?;
            left = Condition::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn nested(
        &mut self,
        at: usize,
        inner: impl FnOnce(&mut Self) -> Result<Condition, ConditionError>,
    ) -> Result<Condition, ConditionError> {
        if self.nesting >= MAX_NESTING {
            return Err(error(at, &format!("nested more than {MAX_NESTING} deep")));
        }
        self.nesting += 1;
        let c = inner(self);
        self.nesting -= 1;
        c
    }

    fn term(&mut self) -> Result<Condition, ConditionError> {
        let token = self.bump().clone();
        let at = token.at;
        match token.tok {
            Tok::Open => self.nested(at, |p| {
                let c = p.or()?;
                let close = p.bump();
                match close.tok {
                    Tok::Close => Ok(c),
                    ref other => Err(error(
                        close.at,
                        &format!(
                            "expected ')' to close the '(' at column {at}, found {}",
                            other.describe()
                        ),
                    )),
                }
            }),
            Tok::Word(w) if w == "not" => {
                self.nested(at, |p| Ok(Condition::Not(Box::new(p.term()?))))
            }
            Tok::Word(w) if w == "node" => Ok(Condition::Node(self.number("node")?)),
            Tok::Word(w) => {
                if let Some((_, kind)) = Kind::NAMES.iter().find(|(n, _)| *n == w) {
                    self.event(*kind)
                } else if let Some((_, measure)) = Measure::NAMES.iter().find(|(n, _)| *n == w) {
                    self.compare(*measure)
                } else {
                    Err(error(
                        at,
                        &format!("unknown word '{w}': {}", expected_term()),
                    ))
                }
            }
            other => Err(error(
                at,
                &format!(
                    "expected a condition, found {}: {}",
                    other.describe(),
                    expected_term()
                ),
            )),
        }
    }

    fn event(&mut self, kind: Kind) -> Result<Condition, ConditionError> {
        let mut cell = None;
        let mut digit = None;
        let names_cell = match &self.peek().tok {
            Tok::Word(w) => w != "and" && w != "or",
            Tok::Num(_) | Tok::Equals => true,
            _ => false,
        };
        if kind.takes_cell() && names_cell {
            let token = self.bump().clone();
            cell = Some(cell_ref(&token, kind)?);
            if kind.takes_digit() && self.peek().tok == Tok::Equals {
                self.bump();
                let t = self.bump().clone();
                digit = Some(match t.tok {
                    Tok::Num(0) => return Err(error(t.at, "digits count from 1")),
                    Tok::Num(value) => DigitRef { value, at: t.at },
                    other => {
                        return Err(error(
                            t.at,
                            &format!("expected a digit after '=', found {}", other.describe()),
                        ));
                    }
                });
            }
        }
        Ok(Condition::Event { kind, cell, digit })
    }

    fn compare(&mut self, measure: Measure) -> Result<Condition, ConditionError> {
        let cmp = match self.peek().tok {
            Tok::Cmp(c) => {
                self.bump();
                c
            }
            Tok::Equals => {
                self.bump();
                Cmp::Eq
            }
            _ => Cmp::Eq,
        };
        let value = self.number(measure.name())?;
        Ok(Condition::Compare {
            measure,
            cmp,
            value,
        })
    }

    fn number(&mut self, after: &str) -> Result<u64, ConditionError> {
        let t = self.bump().clone();
        match t.tok {
            Tok::Num(n) => Ok(n),
            other => Err(error(
                t.at,
                &format!(
                    "expected a number after '{after}', found {}",
                    other.describe()
                ),
            )),
        }
    }
}

fn expected_term() -> String {
    let mut words: Vec<&str> = Kind::NAMES.iter().map(|(n, _)| *n).collect();
    words.extend(Measure::NAMES.iter().map(|(n, _)| *n));
    words.extend(["node", "not", "("]);
    format!("expected one of {}", words.join(", "))
}

/// `r5c3` as a cell.
fn cell_ref(token: &Token, kind: Kind) -> Result<CellRef, ConditionError> {
    let bad = || {
        error(
            token.at,
            &format!(
                "expected a cell like r5c3 after '{}', found {}",
                kind.name(),
                token.tok.describe()
            ),
        )
    };
    let Tok::Word(w) = &token.tok else {
        return Err(bad());
    };
    let rest = w.strip_prefix('r').ok_or_else(bad)?;
    let (row, col) = rest.split_once('c').ok_or_else(bad)?;
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match s.parse::<u64>() {
            Ok(0) => Err(error(token.at, "rows and columns count from 1")),
            Ok(n) => Ok(n),
            Err(_) => Err(bad()),
        }
    };
    Ok(CellRef {
        row: number(row)?,
        col: number(col)?,
        at: token.at,
    })
}
