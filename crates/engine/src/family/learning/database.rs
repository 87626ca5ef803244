//! The learned nogoods kept, and when some are deleted: by literal block distance, the
//! number of decision levels among a nogood's literals when it was learned (G. Audemard
//! and L. Simon, "Predicting learnt clauses quality in modern SAT solvers", IJCAI 2009,
//! Glucose). Past the limit, the half of the deletable nogoods with the largest LBD goes
//! (ties: the older first); "glue" nogoods (LBD at most the glue option), a solution's
//! nogood and any nogood that is the reason of a literal in effect are never deleted. The
//! limit then grows by half its first value, so that a search whose database is reduced
//! still ends (as Glucose's growing interval between reductions does).

use crate::strategy::Learning;

/// A nogood kept: its number, its LBD, and whether it is a solution's.
#[derive(Clone, Copy, Debug)]
struct Kept {
    id: u32,
    lbd: u16,
    solution: bool,
}

/// The nogoods kept and the reduction policy.
#[derive(Clone, Debug)]
pub(super) struct Database {
    options: Learning,
    limit: u64,
    kept: Vec<Kept>,
}

impl Database {
    pub(super) fn new(options: Learning) -> Database {
        Database {
            options,
            limit: u64::from(options.keep),
            kept: Vec::new(),
        }
    }

    pub(super) fn reset(&mut self) {
        self.limit = u64::from(self.options.keep);
        self.kept.clear();
    }

    /// Nogood `id` is kept from now on.
    pub(super) fn add(&mut self, id: u32, lbd: u16, solution: bool) {
        self.kept.push(Kept { id, lbd, solution });
    }

    /// The nogoods kept.
    pub(super) fn len(&self) -> usize {
        self.kept.len()
    }

    /// Whether more nogoods are kept than the limit.
    pub(super) fn due(&self) -> bool {
        self.options.keep != 0 && self.kept.len() as u64 > self.limit
    }

    /// When more nogoods are kept than the limit, the ones to delete into `out` (none is
    /// `locked`: the reason of a literal in effect).
    pub(super) fn reduce(&mut self, locked: impl Fn(u32) -> bool, out: &mut Vec<u32>) {
        if !self.due() {
            return;
        }
        let glue = self.options.glue;
        let mut deletable: Vec<Kept> = self
            .kept
            .iter()
            .copied()
            .filter(|k| !k.solution && k.lbd > glue && !locked(k.id))
            .collect();
        deletable.sort_by(|a, b| b.lbd.cmp(&a.lbd).then(a.id.cmp(&b.id)));
        deletable.truncate(deletable.len() / 2);
        let first = out.len();
        out.extend(deletable.iter().map(|k| k.id));
        let gone = &out[first..];
        self.kept.retain(|k| !gone.contains(&k.id));
        self.limit += u64::from(self.options.keep / 2).max(1);
    }
}

#[cfg(test)]
mod tests {
    use super::Database;
    use crate::strategy::Learning;

    #[test]
    fn reduction_drops_half_the_deletable_by_lbd_and_keeps_glue_locked_and_solutions() {
        let mut db = Database::new(Learning {
            vsids: true,
            keep: 4,
            glue: 2,
        });
        for (id, lbd) in [(1, 5), (2, 2), (3, 7), (4, 6), (5, 3)] {
            db.add(id, lbd, false);
        }
        db.add(6, 9, true);
        let mut out = Vec::new();
        // Deletable: 1 (5), 3 (7, locked), 4 (6), 5 (3): half of 1, 4, 5 by LBD is 4.
        db.reduce(|id| id == 3, &mut out);
        assert_eq!(out, [4]);
        assert_eq!(db.len(), 5);
        out.clear();
        // The limit grew to 6: nothing more goes.
        db.reduce(|_| false, &mut out);
        assert!(out.is_empty());
    }
}
