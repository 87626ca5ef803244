//! A student's answer, read from what they typed or picked, and its verdict against the
//! right answers.

use super::oracle::Truth;
use crate::solver::{Cell, Digit, Geometry};

/// What the student answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    /// A cell (cell and jump questions).
    Cell(Cell),
    /// A digit.
    Digit(Digit),
    /// The candidates they marked as removed.
    Marks(Vec<(Cell, Digit)>),
    /// A choice, from 0.
    Choice(usize),
    /// A number.
    Number(u64),
    /// Their own words.
    Text(String),
    /// Nothing: they skipped the question.
    Skipped,
}

/// Right or wrong, and for marked candidates how much of the marking was right.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Verdict {
    /// Right (`Some(true)`), wrong, or not scored here (`None`: skipped, or marked by the
    /// teacher).
    pub correct: Option<bool>,
    /// Of the candidates marked, the share removed (`None` with nothing marked).
    pub precision: Option<f64>,
    /// Of the candidates removed, the share marked (`None` when none were removed).
    pub recall: Option<f64>,
}

/// The verdict on `given` against `truth`.
#[expect(clippy::cast_precision_loss, reason = "counts of candidates")]
pub fn judge(truth: &Truth, given: &Given) -> Verdict {
    let yes = |right: bool| Verdict {
        correct: Some(right),
        ..Verdict::default()
    };
    match (truth, given) {
        (_, Given::Skipped) | (Truth::Open, _) => Verdict::default(),
        (Truth::Cells(right), Given::Cell(c)) => yes(right.contains(c)),
        (Truth::Digits(right), Given::Digit(d)) => yes(right.contains(d)),
        (Truth::Choices(right), Given::Choice(i)) => yes(right.contains(i)),
        (Truth::Number { value, tolerance }, Given::Number(n)) => {
            let off = value.abs_diff(*n) as f64;
            yes(off <= tolerance * *value as f64)
        }
        (Truth::Prunes(removed), Given::Marks(marks)) => {
            let hits = marks.iter().filter(|m| removed.contains(m)).count();
            let same = hits == marks.len() && marks.len() == removed.len();
            let share = |n: usize| hits as f64 / n as f64;
            Verdict {
                correct: Some(same),
                precision: (!marks.is_empty()).then(|| share(marks.len())),
                recall: (!removed.is_empty()).then(|| share(removed.len())),
            }
        }
        _ => yes(false),
    }
}

/// A cell named as the board does (`r3c2`, any case, spaces allowed), or why not.
pub fn parse_cell(text: &str, geometry: &Geometry) -> Result<Cell, String> {
    let word: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let side = geometry.side();
    let (r, c) = word
        .strip_prefix('r')
        .and_then(|w| w.split_once('c'))
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(|| format!("'{}' is not a cell: write it as r3c2", text.trim()))?;
    if !(1..=side).contains(&r) || !(1..=side).contains(&c) {
        return Err(format!("r{r}c{c} is off the {side}×{side} board"));
    }
    Ok(geometry.cell_at(r - 1, c - 1))
}

/// A whole number as typed (`1,234` and `1 234` too), or why not.
pub fn parse_number(text: &str) -> Result<u64, String> {
    let digits: String = text
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | ' '))
        .collect();
    digits
        .parse()
        .map_err(|_| format!("'{}' is not a whole number", text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::BoxSize;

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn a_marking_is_right_only_when_it_is_the_removed_set_and_scores_precision_and_recall() {
        let c = Cell::new;
        let removed = Truth::Prunes(vec![(c(1), d(5)), (c(2), d(5)), (c(3), d(5))]);
        let half = judge(&removed, &Given::Marks(vec![(c(1), d(5)), (c(9), d(5))]));
        assert_eq!(half.correct, Some(false));
        assert_eq!(half.precision, Some(0.5));
        assert_eq!(half.recall, Some(1.0 / 3.0));
        let all = judge(
            &removed,
            &Given::Marks(vec![(c(3), d(5)), (c(1), d(5)), (c(2), d(5))]),
        );
        assert_eq!(
            (all.correct, all.precision, all.recall),
            (Some(true), Some(1.0), Some(1.0))
        );
        let none = judge(&Truth::Prunes(Vec::new()), &Given::Marks(Vec::new()));
        assert_eq!(
            (none.correct, none.precision, none.recall),
            (Some(true), None, None)
        );
    }

    #[test]
    fn numbers_are_right_within_their_tolerance_and_skips_are_not_scored() {
        let t = Truth::Number {
            value: 200,
            tolerance: 0.1,
        };
        assert_eq!(judge(&t, &Given::Number(219)).correct, Some(true));
        assert_eq!(judge(&t, &Given::Number(221)).correct, Some(false));
        assert_eq!(judge(&t, &Given::Skipped).correct, None);
        assert_eq!(judge(&Truth::Open, &Given::Text("x".into())).correct, None);
    }

    #[test]
    fn cells_and_numbers_read_as_people_write_them() {
        let g = Geometry::of(BoxSize::NINE);
        assert_eq!(parse_cell(" R3c2 ", g), Ok(g.cell_at(2, 1)));
        assert!(parse_cell("r10c1", g).is_err());
        assert!(parse_cell("3,2", g).is_err());
        assert_eq!(parse_number("1,234"), Ok(1234));
        assert!(parse_number("many").is_err());
    }
}
