//! The kinds of question: four asked on the board as a search runs (the quiz), and three
//! that a lesson asks in words.

use std::fmt;
use std::str::FromStr;

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Which cell the preset's cell order chooses next.
    Cell,
    /// Which digit the value order tries first in the cell just chosen.
    Digit,
    /// Which candidates the next decision's propagation removes.
    Prunes,
    /// At a failure: which decision the search goes back to (the jump target under CBJ).
    Jump,
    /// One of a lesson's listed choices.
    Choice,
    /// A number (a counter of a search), computed by dokuscope.
    Number,
    /// An open question in the student's own words, marked by the teacher.
    Free,
}

impl Kind {
    /// The kinds asked on the board, in the order they come up at one decision.
    pub const BOARD: [Kind; 4] = [Kind::Cell, Kind::Digit, Kind::Prunes, Kind::Jump];
    /// Every kind.
    pub const ALL: [Kind; 7] = [
        Kind::Cell,
        Kind::Digit,
        Kind::Prunes,
        Kind::Jump,
        Kind::Choice,
        Kind::Number,
        Kind::Free,
    ];

    /// Its name in options, lesson files and answers files.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Cell => "cell",
            Kind::Digit => "digit",
            Kind::Prunes => "prunes",
            Kind::Jump => "jump",
            Kind::Choice => "choice",
            Kind::Number => "number",
            Kind::Free => "free",
        }
    }

    /// Whether it is answered on the board (a cell, a digit, marked candidates).
    pub fn on_board(self) -> bool {
        Kind::BOARD.contains(&self)
    }

    /// Its place among the board kinds (`None` for a lesson's word kinds).
    pub fn board_index(self) -> Option<usize> {
        Kind::BOARD.iter().position(|&k| k == self)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Kind, String> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s.trim())
            .ok_or_else(|| {
                format!(
                    "unknown question kind '{}' (expected one of: cell, digit, prunes, jump, choice, number, free)",
                    s.trim()
                )
            })
    }
}

/// Which board kinds a quiz asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindSet(u8);

impl KindSet {
    /// The cell question alone (`--quiz` without a list).
    pub const CELL: KindSet = KindSet(1);
    /// Every board kind.
    pub const ALL: KindSet = KindSet(0b1111);

    /// Whether `kind` is asked.
    pub fn contains(self, kind: Kind) -> bool {
        kind.board_index().is_some_and(|i| self.0 & (1 << i) != 0)
    }

    /// The set with `kind` asked too (a word kind is ignored).
    #[must_use]
    pub fn with(self, kind: Kind) -> KindSet {
        match kind.board_index() {
            Some(i) => KindSet(self.0 | (1 << i)),
            None => self,
        }
    }

    /// The kinds asked, in board order.
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        Kind::BOARD.into_iter().filter(move |&k| self.contains(k))
    }

    /// Whether no kind is asked.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for KindSet {
    /// `cell,digit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.kinds().map(Kind::name).collect();
        f.write_str(&names.join(","))
    }
}

impl FromStr for KindSet {
    type Err = String;
    /// `cell,digit,prunes,jump` in any order and subset, or `all`.
    fn from_str(s: &str) -> Result<KindSet, String> {
        let mut set = KindSet::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if part == "all" {
                set = KindSet::ALL;
                continue;
            }
            match part.parse::<Kind>() {
                Ok(kind) if kind.on_board() => set = set.with(kind),
                _ => {
                    return Err(format!(
                        "unknown quiz question '{part}' (expected cell, digit, prunes, jump or all, comma-separated)"
                    ));
                }
            }
        }
        if set.is_empty() {
            return Err(
                "no quiz question named (expected cell, digit, prunes, jump or all)".into(),
            );
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_sets_read_lists_and_all_and_refuse_word_kinds() {
        let set: KindSet = "digit, cell".parse().expect("a list");
        assert_eq!(set.to_string(), "cell,digit");
        assert_eq!("all".parse::<KindSet>(), Ok(KindSet::ALL));
        assert!("choice".parse::<KindSet>().is_err());
        assert!("".parse::<KindSet>().is_err());
        assert!("cel".parse::<KindSet>().is_err());
    }
}
