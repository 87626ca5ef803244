//! Names of strategy parts: the error for an unknown one, with the name meant when it is a
//! typo away, and the lookup of a part by its name.

/// An unknown name for a strategy part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{name}'{} (expected one of: {expected})", suggest(.suggestion.as_deref()))]
pub struct UnknownName {
    /// Which part.
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names that exist.
    pub expected: String,
    /// The name meant, when the one given is a typo away from exactly one (`fsat`: `fast`).
    pub suggestion: Option<String>,
}

fn suggest(name: Option<&str>) -> String {
    name.map(|n| format!(": did you mean '{n}'?"))
        .unwrap_or_default()
}

impl UnknownName {
    /// `name`, unknown among `names` (all listed in the message), with the closest of them
    /// when it is a typo away.
    pub fn among(what: &'static str, name: &str, names: &[&str]) -> UnknownName {
        UnknownName {
            what,
            name: name.to_string(),
            expected: names.join(", "),
            suggestion: closest(name, names).map(str::to_string),
        }
    }
}

/// The one name of `names` a typo away from `name`: one letter added, dropped, changed or
/// two swapped (two such edits for names of six letters or more); `None` when none is, or
/// when two are equally close, unless exactly one of those has the same letters (two
/// swapped: `mvc` is `mcv`, not `mac`).
pub fn closest<'a>(name: &str, names: &[&'a str]) -> Option<&'a str> {
    let allowed = if name.chars().count() >= 6 { 2 } else { 1 };
    let mut scored: Vec<(usize, &str)> = names
        .iter()
        .map(|&n| (typo_distance(name, n), n))
        .filter(|&(d, _)| d <= allowed)
        .collect();
    scored.sort_by_key(|&(d, _)| d);
    let best = scored.first()?.0;
    let tied: Vec<&str> = scored
        .iter()
        .take_while(|(d, _)| *d == best)
        .map(|(_, n)| *n)
        .collect();
    if let [only] = tied.as_slice() {
        return Some(only);
    }
    let letters = |s: &str| {
        let mut l: Vec<char> = s.chars().collect();
        l.sort_unstable();
        l
    };
    let same: Vec<&str> = tied
        .into_iter()
        .filter(|n| letters(n) == letters(name))
        .collect();
    match same.as_slice() {
        [only] => Some(only),
        _ => None,
    }
}

/// Edits from `a` to `b`: letters inserted, deleted, substituted, or two neighbours
/// swapped (the optimal string alignment distance).
fn typo_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

pub(crate) fn parse_named<T: Copy>(
    s: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    what: &'static str,
) -> Result<T, UnknownName> {
    all.iter().copied().find(|v| name(*v) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|v| name(*v)).collect();
        UnknownName::among(what, s, &names)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_suggests_the_one_name_it_is_close_to() {
        let names = ["fast", "bt", "cbt", "mrv", "mrv-degree", "seed003", "all"];
        assert_eq!(closest("fsat", &names), Some("fast"), "two letters swapped");
        assert_eq!(closest("fas", &names), Some("fast"), "one dropped");
        assert_eq!(closest("mrv-degre", &names), Some("mrv-degree"));
        assert_eq!(closest("seed03", &names), Some("seed003"));
        assert_eq!(closest("quickest", &names), None, "too far from any");
        // `bx` is one letter from `bt` and from nothing else; `ct` from both `bt` and `cbt`.
        assert_eq!(closest("bx", &names), Some("bt"));
        assert_eq!(closest("ct", &names), None, "a tie suggests nothing");
        // `mvc` is one edit from `mac` and from `mcv`: the one with its letters wins.
        assert_eq!(closest("mvc", &["mac", "mcv", "mrv"]), Some("mcv"));
        assert_eq!(typo_distance("fsat", "fast"), 1);
        assert_eq!(typo_distance("", "abc"), 3);
    }
}
