//! The parts of a strategy that look back at failures: where a failure sends the search
//! (chronological backtracking or conflict-directed backjumping), when it starts again
//! (restart policies) and how ties in the cell order are broken (reading order, or at
//! random from a seed).

use std::fmt;
use std::str::FromStr;

/// Where a failure sends the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LookBack {
    /// Back to the latest decision, whatever caused the failure.
    #[default]
    Chronological,
    /// Conflict-directed backjumping (Prosser 1993, "Hybrid algorithms for the constraint
    /// satisfaction problem", Computational Intelligence 9(3)): back to the latest decision
    /// in the failure's conflict set, over the decisions that had nothing to do with it.
    Cbj,
    /// Nogood learning: each failure's 1-UIP nogood (Marques-Silva and Sakallah 1999,
    /// GRASP; Eén and Sörensson 2003, `MiniSat`) is kept and propagated, and the search goes
    /// back to the level where it first forces something (`family/learning`).
    Nogood,
}

impl LookBack {
    /// Every choice.
    pub const ALL: [LookBack; 3] = [LookBack::Chronological, LookBack::Cbj, LookBack::Nogood];

    /// Its `--lookback` name.
    pub fn name(self) -> &'static str {
        match self {
            LookBack::Chronological => "chronological",
            LookBack::Cbj => "cbj",
            LookBack::Nogood => "nogood",
        }
    }
}

impl fmt::Display for LookBack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for LookBack {
    type Err = super::UnknownName;
    fn from_str(s: &str) -> Result<LookBack, super::UnknownName> {
        super::parse_named(s, &LookBack::ALL, LookBack::name, "look-back")
    }
}

/// When the search starts again from the root, counted in failures (wipeouts) of the run.
/// Every policy lets the cutoff grow without bound, so a search with restarts is complete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Restart {
    /// Never: one run.
    #[default]
    Never,
    /// Run i may have `scale` × luby(i) failures, luby being 1, 1, 2, 1, 1, 2, 4, 1, ...
    /// (Luby, Sinclair and Zuckerman 1993, "Optimal speedup of Las Vegas algorithms").
    Luby {
        /// Failures per unit of the sequence.
        scale: u32,
    },
    /// Run i may have `first` × factor^(i-1) failures (Walsh 1999; Choco's
    /// `GeometricalCutoff`), the factor in thousandths so that the policy compares exactly.
    Geometric {
        /// The first run's cutoff.
        first: u32,
        /// The growth factor × 1000 (more than 1000).
        factor_milli: u32,
    },
}

impl Restart {
    /// The cutoff of run `run` (from 1), in failures; `None` for [`Restart::Never`].
    pub fn cutoff(self, run: u32) -> Option<u64> {
        match self {
            Restart::Never => None,
            Restart::Luby { scale } => Some(u64::from(scale).saturating_mul(luby(run))),
            Restart::Geometric {
                first,
                factor_milli,
            } => {
                let factor = f64::from(factor_milli) / 1000.0;
                let exponent = i32::try_from(run.saturating_sub(1)).unwrap_or(i32::MAX);
                let cutoff = (f64::from(first) * factor.powi(exponent)).ceil();
                #[expect(
                    clippy::cast_sign_loss,
                    clippy::cast_precision_loss,
                    reason = "a positive cutoff, saturated below u64::MAX"
                )]
                let cutoff = if cutoff >= u64::MAX as f64 {
                    u64::MAX
                } else {
                    cutoff as u64
                };
                Some(cutoff)
            }
        }
    }
}

/// The Luby sequence, from `i` = 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
/// (Luby, Sinclair and Zuckerman 1993): t(i) = 2^(k-1) if i = 2^k - 1, else
/// t(i - 2^(k-1) + 1) for 2^(k-1) <= i < 2^k - 1.
pub fn luby(i: u32) -> u64 {
    let mut i = u64::from(i.max(1));
    loop {
        // k: the smallest with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

impl fmt::Display for Restart {
    /// `none`, `luby:100`, `geometric:100,1.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Restart::Never => f.write_str("none"),
            Restart::Luby { scale } => write!(f, "luby:{scale}"),
            Restart::Geometric {
                first,
                factor_milli,
            } => {
                let whole = factor_milli / 1000;
                let frac = factor_milli % 1000;
                if frac == 0 {
                    write!(f, "geometric:{first},{whole}")
                } else {
                    let digits = format!("{frac:03}");
                    write!(
                        f,
                        "geometric:{first},{whole}.{}",
                        digits.trim_end_matches('0')
                    )
                }
            }
        }
    }
}

/// A `--restart` value that does not parse, in one sentence naming the value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad restart policy '{value}': {reason}")]
pub struct BadRestart {
    /// The value given.
    pub value: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl FromStr for Restart {
    type Err = BadRestart;
    /// `none`, `luby:N` (N ≥ 1) or `geometric:N,F` (N ≥ 1, F a decimal above 1 with at most
    /// three places).
    fn from_str(s: &str) -> Result<Restart, BadRestart> {
        let bad = |reason| BadRestart {
            value: s.to_string(),
            reason,
        };
        let count = |text: &str| -> Result<u32, BadRestart> {
            let digits = text.trim();
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("expected a whole number of failures, like luby:100"));
            }
            match digits.parse::<u32>() {
                Ok(0) => Err(bad("the number of failures must be at least 1")),
                Ok(n) => Ok(n),
                Err(_) => Err(bad(
                    "too large: the number of failures is at most 4294967295",
                )),
            }
        };
        let text = s.trim();
        if text == "none" {
            return Ok(Restart::Never);
        }
        if let Some(scale) = text.strip_prefix("luby:") {
            return Ok(Restart::Luby {
                scale: count(scale)?,
            });
        }
        if let Some(rest) = text.strip_prefix("geometric:") {
            let (first, factor) = rest
                .split_once(',')
                .ok_or_else(|| bad("expected geometric:N,F, like geometric:100,1.5"))?;
            let factor_milli = milli(factor.trim()).ok_or_else(|| {
                bad("the factor must be a decimal like 1.5, with at most three places")
            })?;
            if factor_milli <= 1000 {
                return Err(bad(
                    "the factor must be above 1, or the cutoff never grows and the search may never end",
                ));
            }
            return Ok(Restart::Geometric {
                first: count(first)?,
                factor_milli,
            });
        }
        Err(bad("expected none, luby:N or geometric:N,F"))
    }
}

/// `1.5` as 1500: a decimal with at most three places, in thousandths.
fn milli(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty()
        || frac.len() > 3
        || !(whole.chars().chain(frac.chars())).all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let frac: u32 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<3}").parse().ok()?
    };
    whole.checked_mul(1000)?.checked_add(frac)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luby_sequence_starts_as_its_paper_lists_it() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(31), 16);
        assert_eq!(luby(32), 1);
    }

    #[test]
    fn restart_policies_round_trip_and_grow() {
        for text in [
            "none",
            "luby:100",
            "geometric:100,1.5",
            "geometric:3,2",
            "geometric:10,1.125",
        ] {
            let policy: Restart = text.parse().expect("valid");
            assert_eq!(policy.to_string(), text);
        }
        let luby: Restart = "luby:10".parse().expect("valid");
        assert_eq!(luby.cutoff(7), Some(40));
        let geo: Restart = "geometric:100,1.5".parse().expect("valid");
        assert_eq!(
            (1..=4).map(|r| geo.cutoff(r)).collect::<Vec<_>>(),
            [Some(100), Some(150), Some(225), Some(338)]
        );
        assert_eq!(Restart::Never.cutoff(3), None);
    }

    #[test]
    fn a_bad_restart_policy_says_what_is_wrong_in_one_sentence() {
        for (text, says) in [
            ("luby:0", "at least 1"),
            ("luby:x", "whole number"),
            (
                "luby:4294967296",
                "too large: the number of failures is at most 4294967295",
            ),
            ("geometric:99999999999,2", "too large"),
            ("geometric:100,1", "above 1"),
            ("geometric:100,0.5", "above 1"),
            ("geometric:100", "geometric:N,F"),
            ("geometric:100,1.2345", "three places"),
            ("fibonacci:3", "expected none, luby:N or geometric:N,F"),
        ] {
            let err = text.parse::<Restart>().expect_err(text).to_string();
            assert!(err.contains(text) && err.contains(says), "{text}: {err}");
        }
    }
}
