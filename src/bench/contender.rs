//! What a bench runs on every puzzle: a preset (with the variants its name gives, like
//! `dom-wdeg/luby:100`) under its name, and the seeds it runs with.

use crate::solver::preset::Preset;
use crate::solver::strategy::Strategy;

/// One column of a bench: a strategy under the name the report gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The name in every output (`mrv`, `s003-rv@hashmap`, `dom-wdeg/luby:100`).
    pub label: String,
    /// The search.
    pub strategy: Strategy,
    /// The seeds of its runs on each puzzle, one run each; empty for one run with the
    /// strategy as it is.
    pub seeds: Vec<u64>,
}

impl Contender {
    /// `preset`, run once per puzzle.
    pub fn of(preset: &Preset) -> Contender {
        Contender::named(preset.label(), preset.strategy)
    }

    /// `strategy` under `label`, run once per puzzle.
    pub fn named(label: String, strategy: Strategy) -> Contender {
        Contender {
            label,
            strategy,
            seeds: Vec::new(),
        }
    }

    /// Runs per puzzle.
    pub fn runs(&self) -> usize {
        self.seeds.len().max(1)
    }

    /// The same, run `count` times per puzzle with seeds `first`, `first + 1`, ... where
    /// `first` is the seed its name gives (`mrv/seed:5`), else 1. A static cell order has no
    /// ties to break (a seed is refused with it), and its every run would be the same search:
    /// it runs once, which gives the same distribution. A local search, whose every choice
    /// is random, runs once per seed.
    #[must_use]
    pub fn seeded(mut self, count: u64) -> Contender {
        let fixed = self.strategy.order.is_static() && self.strategy.local().is_none();
        if fixed || count == 0 {
            return self;
        }
        let first = self.strategy.seed.unwrap_or(1);
        self.seeds = (0..count).map(|i| first.wrapping_add(i)).collect();
        self
    }

    /// Whether `--seeds` left it at one run because its order is static.
    pub fn is_unseeded_static(&self) -> bool {
        self.seeds.is_empty() && self.strategy.order.is_static() && self.strategy.local().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::preset;

    #[test]
    fn seeds_start_at_the_named_seed_and_skip_static_orders() {
        let mrv = Contender::of(preset::find("mrv").expect("mrv")).seeded(3);
        assert_eq!(mrv.seeds, [1, 2, 3]);
        assert_eq!(mrv.runs(), 3);
        let (label, strategy) = preset::resolve("dom-wdeg/seed:40").expect("a spec");
        let named = Contender::named(label, strategy).seeded(2);
        assert_eq!(named.seeds, [40, 41]);
        let bt = Contender::of(preset::find("bt").expect("bt")).seeded(5);
        assert!(bt.seeds.is_empty() && bt.runs() == 1 && bt.is_unseeded_static());
        let local = Contender::of(preset::find("min-conflicts").expect("a preset")).seeded(4);
        assert_eq!(
            local.seeds,
            [1, 2, 3, 4],
            "a local search runs once per seed"
        );
    }
}
