//! The other search family: a local search that repairs a complete assignment instead of
//! extending a partial one, and the options of its one member, min-conflicts.
//!
//! A strategy names its family once ([`Family`]); the search chooses its engine from it when
//! it is made, so the backtracking engine's loop never asks which family it runs.

use std::fmt;
use std::str::FromStr;

/// Which kind of search a strategy is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Family {
    /// Backtracking over partial assignments: a cell order, a value order, inference and
    /// how failures are looked back at (every preset but `min-conflicts`).
    #[default]
    Backtracking,
    /// Min-conflicts local search (Minton, Johnston, Philips and Laird 1992, "Minimizing
    /// conflicts: a heuristic repair method for constraint satisfaction and scheduling
    /// problems"; Russell and Norvig's MIN-CONFLICTS): a complete assignment, repaired one
    /// conflicted cell at a time.
    MinConflicts(Repair),
}

impl Family {
    /// The repair options, for a local search.
    pub fn repair(self) -> Option<Repair> {
        match self {
            Family::Backtracking => None,
            Family::MinConflicts(repair) => Some(repair),
        }
    }
}

impl super::Strategy {
    /// Min-conflicts local search with `repair`'s options (its other parts are unused).
    pub const fn min_conflicts(repair: Repair) -> super::Strategy {
        super::Strategy {
            family: Family::MinConflicts(repair),
            ..super::Strategy::new(
                super::CellOrder::RowMajor,
                super::ValueOrder::Ascending,
                super::Inference::NONE,
            )
        }
    }

    /// A local search's options, if the strategy is one.
    pub fn local(&self) -> Option<Repair> {
        self.family.repair()
    }

    /// The seed a local search draws its random choices from: the given one, else 0.
    pub fn local_seed(&self) -> u64 {
        self.seed.unwrap_or(0)
    }
}

/// How the complete assignment is made, and so which moves repair it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Fill {
    /// Every box filled with its missing digits in a random order, so that no box holds a
    /// digit twice; a move swaps two open cells of a box (the usual Sudoku local search).
    #[default]
    Boxes,
    /// Every open cell on its own, in reading order, given the digit with the fewest
    /// conflicts with the cells set before it (Minton et al.'s greedy initial assignment);
    /// a move gives one cell another digit.
    Cells,
}

impl Fill {
    /// Every fill.
    pub const ALL: [Fill; 2] = [Fill::Boxes, Fill::Cells];

    /// Its `--fill` name.
    pub fn name(self) -> &'static str {
        match self {
            Fill::Boxes => "boxes",
            Fill::Cells => "cells",
        }
    }
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Fill {
    type Err = super::UnknownName;
    fn from_str(s: &str) -> Result<Fill, super::UnknownName> {
        super::parse_named(s, &Fill::ALL, Fill::name, "fill")
    }
}

/// A probability, exactly, in millionths (so that a strategy compares and hashes exactly).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Probability(u32);

impl Probability {
    /// Never.
    pub const ZERO: Probability = Probability(0);
    /// Millionths in certainty.
    pub const ONE: u32 = 1_000_000;

    /// `millionths` / 1 000 000, if at most 1.
    pub const fn from_millionths(millionths: u32) -> Option<Probability> {
        if millionths <= Probability::ONE {
            Some(Probability(millionths))
        } else {
            None
        }
    }

    /// In millionths.
    pub const fn millionths(self) -> u32 {
        self.0
    }

    /// Whether it is 0.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Probability {
    /// `0`, `1`, `0.02`, `0.000125`: the shortest decimal that reads back the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / Probability::ONE, self.0 % Probability::ONE);
        if frac == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{frac:06}");
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
}

impl FromStr for Probability {
    type Err = BadOption;
    /// A number from 0 to 1 in any decimal notation (`0.05`, `.1`, `1`, `0.10000000`,
    /// `1e-3`, `5E-2`), read exactly (no binary rounding) and kept to the millionth, the
    /// resolution the walk is drawn at: rounded to the nearest, and a value above 0 that
    /// would round to 0 kept at 0.000001, so that a walk asked for still walks.
    fn from_str(s: &str) -> Result<Probability, BadOption> {
        let bad = |reason| BadOption {
            option: "walk",
            value: s.to_string(),
            reason,
        };
        let millionths = millionths(s.trim()).map_err(bad)?;
        Probability::from_millionths(millionths)
            .ok_or_else(|| bad("a random-walk probability is at most 1"))
    }
}

/// `text`, a decimal number in any notation, in millionths: rounded to the nearest, at
/// least 1 when above 0; or why it is no probability.
fn millionths(text: &str) -> Result<u32, &'static str> {
    const NOT_A_NUMBER: &str = "a random-walk probability is a number from 0 to 1 (like 0.05)";
    const ABOVE_ONE: &str = "a random-walk probability is at most 1";
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, "0"),
    };
    let mantissa = mantissa.strip_prefix('+').unwrap_or(mantissa);
    let (negative, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
        return Err(NOT_A_NUMBER);
    }
    let exponent: i64 = if let Ok(e) = exponent.parse() {
        e
    } else {
        // Too many digits for an i64: as far from 0 as an exponent goes.
        let (sign, rest) = exponent
            .strip_prefix('-')
            .map_or((1, exponent.trim_start_matches('+')), |r| (-1, r));
        if rest.is_empty() || !digits(rest) {
            return Err(NOT_A_NUMBER);
        }
        sign * i64::from(i32::MAX)
    };
    // The digits, without leading zeros, and where the point falls among them.
    let all: Vec<u8> = whole
        .bytes()
        .chain(frac.bytes())
        .map(|b| b - b'0')
        .collect();
    let Some(first) = all.iter().position(|&d| d != 0) else {
        return Ok(0);
    };
    if negative {
        return Err(NOT_A_NUMBER);
    }
    let digits = &all[first..];
    // value = 0.d1 d2 d3 ... × 10^point
    let point = i64::try_from(whole.len()).unwrap_or(i64::MAX) - i64::try_from(first).unwrap_or(0)
        + exponent.clamp(-1_000_000, 1_000_000);
    if point > 1 {
        return Err(ABOVE_ONE);
    }
    // In millionths: the first `point + 6` digits are the whole millionths, the rest rounds.
    let kept = point + 6;
    let mut value: u64 = 0;
    for i in 0..kept.max(0) {
        let d = usize::try_from(i)
            .ok()
            .and_then(|i| digits.get(i))
            .copied()
            .unwrap_or(0);
        value = value * 10 + u64::from(d);
    }
    let rest = usize::try_from(kept.max(0)).unwrap_or(usize::MAX);
    let (next, beyond) = if kept < 0 {
        (0, true)
    } else {
        (
            digits.get(rest).copied().unwrap_or(0),
            digits.iter().skip(rest).any(|&d| d != 0),
        )
    };
    if value > u64::from(Probability::ONE) || (value == u64::from(Probability::ONE) && beyond) {
        return Err(ABOVE_ONE);
    }
    if next >= 5 {
        value += 1;
    }
    // Above 0, however little: the smallest walk there is.
    Ok(u32::try_from(value.max(1)).unwrap_or(Probability::ONE))
}

/// A local search option that does not parse, in one sentence naming the value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad {option} '{value}': {reason}")]
pub struct BadOption {
    /// The option (`walk`, `tabu`, `max steps`).
    pub option: &'static str,
    /// The value given.
    pub value: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// The step limit when none is given: AIMA's `min_conflicts(csp, max_steps=100000)`.
pub const DEFAULT_MAX_STEPS: u64 = 100_000;

/// Min-conflicts' options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Repair {
    /// How the complete assignment is made (and so the moves).
    pub fill: Fill,
    /// The probability that a step makes a random move (a random walk: another digit, or a
    /// swap with another cell of the box, at random) instead of the min-conflicts one.
    pub walk: Probability,
    /// The tabu tenure in steps: a cell may not take back a digit it lost that many steps
    /// ago or fewer, unless the move reaches fewer conflicts than ever (0: no tabu).
    pub tabu: u32,
    /// The most steps before the search stops with status `limit` (at least 1).
    pub max_steps: u64,
}

impl Repair {
    /// Boxes filled, no random walk, no tabu, [`DEFAULT_MAX_STEPS`].
    pub const DEFAULT: Repair = Repair {
        fill: Fill::Boxes,
        walk: Probability::ZERO,
        tabu: 0,
        max_steps: DEFAULT_MAX_STEPS,
    };

    /// Reads one variant after a slash (`fill:cells`, `walk:0.05`, `tabu:10`, `steps:5000`)
    /// into these options: `Ok(false)` when `part` is not a variant of a local search.
    pub fn apply_variant(&mut self, part: &str) -> Result<bool, BadOption> {
        let Some((key, value)) = part.split_once(':') else {
            return Ok(false);
        };
        match key {
            "fill" => {
                self.fill = value.parse().map_err(|_| BadOption {
                    option: "fill",
                    value: value.to_string(),
                    reason: "the fill is boxes or cells",
                })?;
            }
            "walk" => self.walk = value.parse()?,
            "tabu" => self.tabu = parse_tenure(value)?,
            "steps" => self.max_steps = parse_max_steps(value)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl Default for Repair {
    fn default() -> Repair {
        Repair::DEFAULT
    }
}

impl fmt::Display for Repair {
    /// `fill boxes, walk 0.05, tabu 10, max steps 100000` (walk and tabu only when on).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fill {}", self.fill)?;
        if !self.walk.is_zero() {
            write!(f, ", walk {}", self.walk)?;
        }
        if self.tabu > 0 {
            write!(f, ", tabu {}", self.tabu)?;
        }
        write!(f, ", max steps {}", self.max_steps)
    }
}

/// A tabu tenure: a whole number of steps from 0, at most `u32::MAX`.
pub fn parse_tenure(text: &str) -> Result<u32, BadOption> {
    let bad = |reason| BadOption {
        option: "tabu tenure",
        value: text.to_string(),
        reason,
    };
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(
            "a tabu tenure is a whole number of steps from 0 (0: no tabu)",
        ));
    }
    digits
        .parse()
        .map_err(|_| bad("too large: a tabu tenure is at most 4294967295 steps"))
}

/// A step limit: a whole number from 1.
pub fn parse_max_steps(text: &str) -> Result<u64, BadOption> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(BadOption {
            option: "step limit",
            value: text.to_string(),
            reason: "a step limit is a whole number of steps from 1",
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_read_back_as_written() {
        for (text, millionths, shown) in [
            ("0", 0, "0"),
            ("1", 1_000_000, "1"),
            ("0.05", 50_000, "0.05"),
            (".1", 100_000, "0.1"),
            ("1.0", 1_000_000, "1"),
            ("0.000125", 125, "0.000125"),
            ("0.10000000", 100_000, "0.1"),
            ("1e-3", 1_000, "0.001"),
            ("5E-2", 50_000, "0.05"),
            ("+0.25", 250_000, "0.25"),
            ("0.1234567", 123_457, "0.123457"),
            ("0.0000004", 1, "0.000001"),
            ("0.0000001", 1, "0.000001"),
            ("1e-999999999999999999999", 1, "0.000001"),
            ("100e-2", 1_000_000, "1"),
            ("0e5", 0, "0"),
            ("-0", 0, "0"),
        ] {
            let p: Probability = text.parse().expect(text);
            assert_eq!(p.millionths(), millionths, "{text}");
            assert_eq!(p.to_string(), shown, "{text}");
        }
        for bad in [
            "1.5",
            "-0.1",
            "2",
            "",
            ".",
            "abc",
            "nan",
            "inf",
            "1.0000001",
            "1e1",
            "1e999999999999999999999",
            "0.5e",
            "e-3",
        ] {
            let err = bad.parse::<Probability>().expect_err(bad);
            assert!(err.to_string().contains(&format!("'{bad}'")), "{err}");
        }
    }

    #[test]
    fn variants_set_one_option_each_and_refuse_bad_values() {
        let mut r = Repair::DEFAULT;
        assert_eq!(r.apply_variant("fill:cells"), Ok(true));
        assert_eq!(r.apply_variant("walk:0.1"), Ok(true));
        assert_eq!(r.apply_variant("tabu:7"), Ok(true));
        assert_eq!(r.apply_variant("steps:500"), Ok(true));
        assert_eq!(r.apply_variant("luby:100"), Ok(false));
        assert_eq!(r.apply_variant("cbj"), Ok(false));
        assert_eq!(
            r,
            Repair {
                fill: Fill::Cells,
                walk: Probability::from_millionths(100_000).expect("a probability"),
                tabu: 7,
                max_steps: 500,
            }
        );
        assert_eq!(r.to_string(), "fill cells, walk 0.1, tabu 7, max steps 500");
        for bad in ["steps:0", "tabu:-1", "walk:1.5", "fill:rows"] {
            let err = r.apply_variant(bad).expect_err(bad);
            let value = bad.split_once(':').map(|p| p.1).unwrap_or_default();
            assert!(err.to_string().contains(&format!("'{value}'")), "{err}");
        }
    }
}
