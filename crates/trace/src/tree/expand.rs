//! Making a folded subtree exact again: a tree seeded with the fold's ancestors as they stood
//! when the search entered it observes the fold's steps again (from the nearest checkpoint,
//! which the caller replays), and its nodes take the fold's place, checked node for node
//! against what the fold kept.

use super::fold::FoldPolicy;
use super::store::{Seg, Store};
use super::summary::{Fold, Summary};
use super::{Branch, Node, NodeId, Runs, SearchTree};
use dokuscope_engine::event::Event;

/// A folded subtree, as its root, extent and counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldInfo {
    /// Its root's id.
    pub id: NodeId,
    /// Its last id.
    pub end: NodeId,
    /// The step that made its root.
    pub first_step: u64,
    /// Its last step.
    pub last_step: u64,
    /// Its counts.
    pub summary: Summary,
}

impl From<&Fold> for FoldInfo {
    fn from(f: &Fold) -> FoldInfo {
        FoldInfo {
            id: f.id,
            end: f.root.end,
            first_step: f.root.first_step,
            last_step: f.last_step(),
            summary: f.sum,
        }
    }
}

/// A folded subtree being made again: feed it the events of [`Expansion::steps`], then give
/// it to [`SearchTree::unfold`].
#[derive(Clone, Debug)]
pub struct Expansion {
    fold: FoldInfo,
    root: Node,
    tree: SearchTree,
}

/// Why a subtree made again could not take its fold's place: its events did not make the
/// same nodes (a stream that changed, or a search that is not deterministic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the steps {first}-{last} did not make the folded subtree at node {id} again")]
pub struct UnfoldError {
    /// The fold's root.
    pub id: NodeId,
    /// Its first step.
    pub first: u64,
    /// The last step replayed.
    pub last: u64,
}

impl Expansion {
    /// The fold being made again.
    pub fn fold(&self) -> FoldInfo {
        self.fold
    }

    /// The steps to observe, first and last: the fold's own, and the one that left it (a
    /// backjump's skipped nodes are made then).
    pub fn steps(&self) -> (u64, u64) {
        (self.fold.first_step, self.fold.last_step + 1)
    }

    /// Observes event number `step`, one of [`Expansion::steps`], in order.
    pub fn observe(&mut self, step: u64, event: &Event) {
        self.tree.observe(step, event);
    }
}

impl SearchTree {
    /// The fold holding `id` (its root, or a node inside it), if `id` is folded.
    pub fn folded(&self, id: NodeId) -> Option<FoldInfo> {
        self.nodes.fold_of(id).map(FoldInfo::from)
    }

    /// The fold whose steps span `step`: at `step` the search was inside it, so the tree as
    /// it stood then differs from the fold's summary. Every query at `step` is exact once it
    /// is unfolded (`None`: they are exact now).
    pub fn straddling(&self, step: u64) -> Option<FoldInfo> {
        if self
            .nodes
            .tail()
            .1
            .first()
            .is_some_and(|n| n.first_step <= step)
        {
            return None;
        }
        let segs = self.nodes.older();
        let i = segs
            .partition_point(|s| s.first_step() <= step)
            .checked_sub(1)?;
        match &segs[i] {
            Seg::Fold(f) if step <= f.last_step() => Some(FoldInfo::from(&**f)),
            _ => None,
        }
    }

    /// Starts making the fold rooted at `id` again.
    pub fn expansion(&self, id: NodeId) -> Option<Expansion> {
        let fold = self.nodes.fold_of(id).filter(|f| f.id == id)?;
        let root = fold.root;
        let mut chain = Vec::new();
        let mut at = root.parent;
        loop {
            chain.push((at, *self.nodes.get(at)?));
            if at == 0 {
                break;
            }
            at = self.nodes.get(at)?.parent;
        }
        chain.reverse();
        let mut runs = self.runs.clone().map(|r| Runs {
            nodes: Vec::new(),
            ..r
        });
        if let (Branch::Run(n), Some(runs)) = (root.branch(), runs.as_mut()) {
            runs.next = n;
        }
        let mut tree = SearchTree {
            nodes: Store::seeded(&chain, fold.id),
            path: chain.iter().map(|&(id, _)| id).collect(),
            decisions: chain
                .iter()
                .filter(|(_, n)| matches!(n.branch(), Branch::Decision(_)))
                .map(|&(id, _)| id)
                .collect(),
            pending: match root.branch() {
                Branch::Refutation(d) => d,
                _ => None,
            },
            failures: root.failures_before,
            skipped: root.skipped_before,
            runs,
            policy: FoldPolicy::never(),
            // Its ids start past the overview's: the tree's own overview has them already.
            quiet: true,
            ..SearchTree::default()
        };
        tree.refresh_head();
        Some(Expansion {
            fold: FoldInfo::from(fold),
            root,
            tree,
        })
    }

    /// Puts the nodes `expansion` made in place of its fold, if they are the fold's nodes (its
    /// root as kept, and as many nodes). The exact nodes may then be over the budget: once the
    /// nodes to keep are pinned, [`SearchTree::keep_budget`] folds elsewhere.
    pub fn unfold(&mut self, expansion: Expansion) -> Result<(), UnfoldError> {
        let Expansion { fold, root, tree } = expansion;
        let error = UnfoldError {
            id: fold.id,
            first: fold.first_step,
            last: fold.last_step + 1,
        };
        let mut nodes = Vec::with_capacity((fold.end - fold.id + 1) as usize);
        let (tail_first, tail) = tree.nodes.tail();
        let made = tree.nodes.older().iter().filter_map(|seg| match seg {
            Seg::Exact { first, nodes } => Some((*first, &nodes[..])),
            Seg::Fold(_) => None,
        });
        for (first, made) in made.chain([(tail_first, tail)]) {
            for (k, n) in made.iter().enumerate() {
                if (fold.id..=fold.end).contains(&(first + k as NodeId)) {
                    nodes.push(*n);
                }
            }
        }
        let whole = nodes.len() as u64 == u64::from(fold.end - fold.id) + 1;
        if !whole || nodes.first() != Some(&root) {
            return Err(error);
        }
        let index = self.nodes.fold_index(fold.id).ok_or(error)?;
        self.nodes.unfold(index, nodes);
        Ok(())
    }
}
