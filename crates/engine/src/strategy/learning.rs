//! The options of a search that learns nogoods (`--lookback nogood`): its cell order
//! (mrv's, or VSIDS activity) and the limits of its nogood database.

use std::fmt;

/// How a learning search branches and how many nogoods it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Learning {
    /// Cells by VSIDS activity (Moskewicz, Madigan, Zhao, Zhang and Malik 2001, "Chaff:
    /// engineering an efficient SAT solver"): the cells of the literals met in each
    /// conflict's analysis are bumped, every activity decays; the most active open cell is
    /// decided next (ties: fewer candidates, then the cell sequence). Without it, the
    /// strategy's own cell order.
    pub vsids: bool,
    /// The learned nogoods kept before the database is reduced (0: every one is kept). At
    /// each reduction the half with the largest LBD goes (Audemard and Simon 2009,
    /// "Predicting learnt clauses quality in modern SAT solvers"), but for the glue
    /// nogoods and those that are the reason of a literal in effect; the limit then grows
    /// by `keep / 2`, so that the search stays complete.
    pub keep: u32,
    /// Nogoods of this LBD or less ("glue") are never deleted.
    pub glue: u16,
}

impl Learning {
    /// mrv's order, every nogood kept.
    pub const KEEP_ALL: Learning = Learning {
        vsids: false,
        keep: 0,
        glue: 2,
    };

    /// VSIDS, a database of 2,000 nogoods reduced by LBD, glue 2.
    pub const VSIDS: Learning = Learning {
        vsids: true,
        keep: 2000,
        glue: 2,
    };

    /// Sets option `part` (`vsids`, `keep:N`, `glue:N`); `Ok(false)` when it is no option
    /// of learning, an error naming the value when it is one that does not parse.
    pub fn apply(&mut self, part: &str) -> Result<bool, String> {
        let number = |text: &str, what: &str| {
            text.parse::<u32>().map_err(|_| {
                format!("bad {what} '{part}': expected a whole number, like {what}:2000")
            })
        };
        if part == "vsids" {
            self.vsids = true;
        } else if let Some(n) = part.strip_prefix("keep:") {
            self.keep = number(n, "keep")?;
        } else if let Some(n) = part.strip_prefix("glue:") {
            self.glue = u16::try_from(number(n, "glue")?)
                .map_err(|_| format!("bad glue '{part}': at most 65535"))?;
        } else {
            return Ok(false);
        }
        Ok(true)
    }
}

impl Default for Learning {
    fn default() -> Learning {
        Learning::KEEP_ALL
    }
}

impl fmt::Display for Learning {
    /// `vsids, keep 2000, glue 2`, or `keep all, glue 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.vsids {
            f.write_str("vsids, ")?;
        }
        if self.keep == 0 {
            write!(f, "keep all, glue {}", self.glue)
        } else {
            write!(f, "keep {}, glue {}", self.keep, self.glue)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Learning;

    #[test]
    fn options_set_their_part_and_refuse_bad_numbers() {
        let mut l = Learning::KEEP_ALL;
        assert_eq!(l.apply("keep:500"), Ok(true));
        assert_eq!(l.apply("glue:3"), Ok(true));
        assert_eq!(l.apply("vsids"), Ok(true));
        assert_eq!(
            l,
            Learning {
                vsids: true,
                keep: 500,
                glue: 3
            }
        );
        assert_eq!(l.apply("luby:9"), Ok(false));
        assert!(l.apply("keep:x").is_err_and(|e| e.contains("keep:x")));
        assert!(l.apply("glue:70000").is_err());
        assert_eq!(l.to_string(), "vsids, keep 500, glue 3");
    }
}
