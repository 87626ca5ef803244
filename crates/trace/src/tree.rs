//! The search tree, built from the event stream alone, in Gecode Gist's terms: choice
//! nodes, failures, solutions and open nodes, each branch labelled with its decision.
//!
//! The root is the state after the initial propagation. A choice node is a `select` (the
//! cell the order chose); each digit tried there is a branch `r8c7=7` ending in a child: a
//! choice, a failure (a wipeout), a solution, or an open node (not explored yet, or stopped
//! by a limit). When the refutation of a digit (`r8c7≠7`, after `r8c7=7` failed) leads by
//! propagation alone to a wipeout, a solution or a new choice, that outcome is a child with
//! the refutation's label. Plain backtracking's rejected candidates (conflicts) label a
//! choice's failure the same way, by the last digit ruled out.
//!
//! Nodes are numbered in the order they are made, which is depth-first preorder, so a
//! subtree is a range of ids and the tree as it stood at step `s` is a prefix of the nodes.
//! Every node keeps the step where it was made, the step that fixed its kind, and, once the
//! search has left it, the last step of its subtree: [`SearchTree`] answers for any step up
//! to the newest without being rebuilt. Each node takes 40 bytes.
//!
//! Searches that look back add two things. A backjump (a backtrack over several decisions,
//! conflict-directed backjumping's) leaves the alternatives of the decisions it jumps over
//! untried: each becomes a *skipped* node, hung where the decision's refutation would have
//! been (`r5c8≠7`, CP-Profiler's skipped node), so the tree counts them as the `skipped`
//! counter does. A search that restarts makes its root a *restart root* whose children are
//! its runs (`run 1`, `run 2`, ...), each the tree of one run.

mod build;
mod expand;
pub mod export;
mod fold;
pub mod overview;
mod query;
mod store;
mod summary;

use std::collections::BTreeMap;

pub use expand::{Expansion, FoldInfo, UnfoldError};
pub use fold::{FoldPolicy, Summary};
pub use overview::{Overview, PixelTree};
pub use query::{NodeInfo, SubtreeStats};
use store::Store;

use dokuscope_engine::domain::Digit;
use dokuscope_engine::geometry::Cell;

/// A node's number: its position in depth-first preorder, the root being 0.
pub type NodeId = u32;

/// What a node is, as Gist draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// Not explored (yet): the decision is being propagated, or a limit stopped the search.
    Open,
    /// A choice: the cell order chose a cell to branch on.
    Choice,
    /// A failure: propagation found a wipeout.
    Failure,
    /// A solution: every cell holds a digit.
    Solution,
    /// An alternative a backjump jumped over: the refutation of a decision undone without
    /// being refuted, never to be explored.
    Skipped,
}

impl NodeKind {
    /// The kind's name in the `tree` formats: `open`, `choice`, `failure`, `solution`.
    pub fn name(self) -> &'static str {
        match self {
            NodeKind::Open => "open",
            NodeKind::Choice => "choice",
            NodeKind::Failure => "failure",
            NodeKind::Solution => "solution",
            NodeKind::Skipped => "skipped",
        }
    }

    fn code(self) -> u8 {
        match self {
            NodeKind::Open => 0,
            NodeKind::Choice => 1,
            NodeKind::Failure => 2,
            NodeKind::Solution => 3,
            NodeKind::Skipped => 4,
        }
    }

    fn from_code(code: u8) -> NodeKind {
        match code & KIND_BITS {
            0 => NodeKind::Open,
            1 => NodeKind::Choice,
            2 => NodeKind::Failure,
            3 => NodeKind::Solution,
            _ => NodeKind::Skipped,
        }
    }
}

/// The branch that leads from a node's parent to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Branch {
    /// The root has no branch.
    Root,
    /// The decision `cell = digit` of the parent's cell.
    Decision(Digit),
    /// The refutation `cell ≠ digit` of the parent's cell (the digit is unknown when a
    /// stream wiped out a choice before trying anything).
    Refutation(Option<Digit>),
    /// What a limit left unexplored below a choice.
    Unexplored,
    /// Run number `n` (from 1) of a search that restarts, below its restart root.
    Run(u32),
}

impl Branch {
    fn code(self) -> (u8, u8, u32) {
        match self {
            Branch::Root => (0, 0, 0),
            Branch::Decision(d) => (1, d.get(), 0),
            Branch::Refutation(d) => (2, d.map_or(0, Digit::get), 0),
            Branch::Unexplored => (3, 0, 0),
            Branch::Run(n) => (4, 0, n),
        }
    }

    fn from_code(code: u8, digit: u8, run: u32) -> Branch {
        match code & KIND_BITS {
            0 => Branch::Root,
            1 => Digit::new(digit).map_or(Branch::Refutation(None), Branch::Decision),
            2 => Branch::Refutation(Digit::new(digit)),
            3 => Branch::Unexplored,
            _ => Branch::Run(run),
        }
    }
}

/// `span` of a node the search has not left.
const ON_PATH: u32 = u32::MAX;
/// `span` of a node whose subtree spans more steps than a `u32` holds (see `far_spans`).
const FAR: u32 = u32::MAX - 1;
/// `end` of a node the search has not left.
const NO_END: u32 = u32::MAX;
/// `parent` of the root.
const NO_PARENT: u32 = u32::MAX;
/// The bits of `bits` that hold a node's kind (and, shifted by [`BRANCH_SHIFT`], its branch's).
const KIND_BITS: u8 = 7;
/// Where the branch's kind starts in `bits`.
const BRANCH_SHIFT: u8 = 3;
/// The bit of `bits` that marks a decision the viewer made (a fork or a manual pick).
const BY_USER: u8 = 1 << 6;
/// `choice` of a node that chose no cell: a restart root, whose children are runs.
const NO_CELL: u16 = u16::MAX;
/// `closed` of a node whose kind is not fixed yet.
const NOT_CLOSED: u16 = u16::MAX;

/// One node, packed into 40 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    /// The step that made the node.
    first_step: u64,
    /// The last step of its subtree minus `first_step`, once the search left it.
    span: u32,
    /// The parent's id.
    parent: u32,
    /// The last id of its subtree, once the search left it.
    end: u32,
    /// Failure nodes with smaller ids (a subtree's failures are a difference of two).
    failures_before: u32,
    /// Skipped nodes with smaller ids, likewise.
    skipped_before: u32,
    /// The run number of a run node (0 for any other).
    run: u32,
    /// Steps from `first_step` to the event that fixed the kind.
    closed: u16,
    /// Edges from the root.
    depth: u16,
    /// The chosen cell, for a choice ([`NO_CELL`] for a restart root).
    choice: u16,
    /// The branch's digit (0: none).
    digit: u8,
    /// Kind in bits 0-2, branch kind in bits 3-5, [`BY_USER`] in bit 6.
    bits: u8,
}

impl Node {
    fn kind(self) -> NodeKind {
        NodeKind::from_code(self.bits)
    }

    fn branch(self) -> Branch {
        Branch::from_code(self.bits >> BRANCH_SHIFT, self.digit, self.run)
    }

    fn by_user(self) -> bool {
        self.bits & BY_USER != 0
    }
}

/// The runs of a search that restarts.
#[derive(Clone, Debug, Default)]
struct Runs {
    /// The run nodes, in order.
    nodes: Vec<NodeId>,
    /// The number of the next run.
    next: u32,
    /// Whether the tree was told of restarts before the first one ([`SearchTree::with_runs`]),
    /// so that run 1 has a node of its own.
    announced: bool,
}

/// The search tree of one search, grown one event at a time.
#[derive(Clone, Debug, Default)]
pub struct SearchTree {
    nodes: Store,
    /// The nodes from the root to the current one.
    path: Vec<NodeId>,
    /// The decision nodes in effect, by decision depth.
    decisions: Vec<NodeId>,
    /// The digit last ruled out at the current choice (refuted or conflicting).
    pending: Option<Digit>,
    /// The current node's chosen cell plus one, 0 when it is not a choice.
    head_choice: u16,
    /// Solution nodes, in id order.
    solutions: Vec<NodeId>,
    /// Failure nodes so far.
    failures: u32,
    /// Skipped nodes so far.
    skipped: u32,
    /// Backtracks that skipped decisions so far.
    backjumps: u64,
    /// The runs, for a search that restarts.
    runs: Option<Runs>,
    /// Room for the decisions a backjump jumps over.
    scratch: Vec<NodeId>,
    /// Nodes with a decision branch so far.
    decision_nodes: u64,
    /// The spans that do not fit in a `u32`.
    far_spans: BTreeMap<NodeId, u64>,
    /// The last step observed.
    frontier: u64,
    overview: Overview,
    /// When and what to fold.
    policy: FoldPolicy,
    /// Nodes that stay exact (sorted).
    pins: Vec<NodeId>,
    /// A tree making a fold again: it leaves the overview alone.
    quiet: bool,
}

/// The counts of the whole tree at the newest step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Every node.
    pub nodes: u64,
    /// Nodes reached by a decision branch (`r8c7=7`): the search's `nodes` counter.
    pub decisions: u64,
    /// Choice nodes.
    pub choices: u64,
    /// Failure nodes: the search's `wipeouts` counter.
    pub failures: u64,
    /// Solution nodes: the search's `solutions` counter.
    pub solutions: u64,
    /// Open nodes.
    pub open: u64,
    /// Skipped nodes: the search's `skipped` counter (decisions jumped over).
    pub skipped: u64,
    /// Backtracks that skipped decisions: the search's `backjumps` counter.
    pub backjumps: u64,
    /// Runs (1 for a search that never restarted; restarts + 1).
    pub runs: u64,
    /// The deepest node's depth.
    pub max_depth: u16,
}

impl SearchTree {
    /// An empty tree (no event observed).
    pub fn new() -> SearchTree {
        SearchTree::default()
    }

    /// An empty tree for a search that restarts: its root is the restart root, each run a
    /// subtree below it (`run 1`, `run 2`, ...). A tree made with [`SearchTree::new`] that
    /// meets a restart hangs the later runs beside run 1's branches instead (see
    /// [`SearchTree::restarts_unannounced`]).
    pub fn with_runs() -> SearchTree {
        SearchTree {
            runs: Some(Runs {
                nodes: Vec::new(),
                next: 1,
                announced: true,
            }),
            ..SearchTree::default()
        }
    }

    /// An empty tree for a search of `strategy`: with runs when it restarts.
    pub fn for_strategy(strategy: &dokuscope_engine::Strategy) -> SearchTree {
        if strategy.restart == dokuscope_engine::strategy::Restart::Never {
            SearchTree::new()
        } else {
            SearchTree::with_runs()
        }
    }

    /// Whether the search restarted though the tree was not made [`SearchTree::with_runs`]:
    /// a tree made that way from the same events shows run 1 as a subtree of its own.
    pub fn restarts_unannounced(&self) -> bool {
        self.runs.as_ref().is_some_and(|r| !r.announced)
    }

    /// Whether the tree shows runs below a restart root.
    pub fn has_runs(&self) -> bool {
        self.runs.is_some()
    }

    /// The runs begun by `step` (1 for a search that does not restart): restarts + 1.
    pub fn runs_at(&self, step: u64) -> u64 {
        let Some(r) = &self.runs else {
            return 1;
        };
        let made = r
            .nodes
            .partition_point(|&id| self.nodes.get(id).is_some_and(|n| n.first_step <= step));
        let run_1 = u64::from(!r.announced);
        (made as u64 + run_1).max(1)
    }

    /// The run nodes made so far, in order (empty for a search that does not restart).
    pub fn run_nodes(&self) -> &[NodeId] {
        self.runs.as_ref().map_or(&[], |r| &r.nodes)
    }

    /// The number of nodes made so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node has been made (no event observed).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The last step observed.
    pub fn frontier(&self) -> u64 {
        self.frontier
    }

    /// The pixel-tree summary of every node so far.
    pub fn overview(&self) -> &Overview {
        &self.overview
    }

    /// Bytes held by the nodes and their side tables (capacity, not length).
    pub fn approx_bytes(&self) -> usize {
        self.nodes.approx_bytes()
            + (self.path.capacity()
                + self.decisions.capacity()
                + self.solutions.capacity()
                + self.run_nodes().len())
                * 4
            + self.far_spans.len() * 24
            + self.overview.approx_bytes()
    }

    /// Counts by kind over the whole tree at the newest step.
    pub fn totals(&self) -> Totals {
        let mut t = Totals {
            nodes: self.nodes.len() as u64,
            decisions: self.decision_nodes,
            failures: u64::from(self.failures),
            solutions: self.solutions.len() as u64,
            skipped: u64::from(self.skipped),
            backjumps: self.backjumps,
            runs: self.runs_at(self.frontier),
            max_depth: self.overview.max_depth(),
            ..Totals::default()
        };
        let mut count = |nodes: &[Node]| {
            for n in nodes {
                match n.kind() {
                    NodeKind::Choice => t.choices += 1,
                    NodeKind::Open => t.open += 1,
                    NodeKind::Failure | NodeKind::Solution | NodeKind::Skipped => {}
                }
            }
        };
        let mut folded_choices = 0;
        for seg in self.nodes.older() {
            match seg {
                store::Seg::Exact { nodes, .. } => count(nodes),
                store::Seg::Fold(f) => folded_choices += f.sum.choices,
            }
        }
        count(self.nodes.tail().1);
        t.choices += folded_choices;
        t
    }

    /// The chosen cell of choice node `id` (`None` for a restart root, which chooses runs).
    pub fn choice_cell(&self, id: NodeId) -> Option<Cell> {
        let n = self.nodes.get(id)?;
        (n.kind() == NodeKind::Choice && n.choice != NO_CELL)
            .then(|| Cell::new(usize::from(n.choice)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_takes_40_bytes() {
        assert_eq!(std::mem::size_of::<Node>(), 40);
    }

    #[test]
    fn branches_and_kinds_survive_their_packing() {
        let d = Digit::new(7).expect("digit");
        for branch in [
            Branch::Root,
            Branch::Decision(d),
            Branch::Refutation(Some(d)),
            Branch::Refutation(None),
            Branch::Unexplored,
            Branch::Run(70_000),
        ] {
            let (code, digit, run) = branch.code();
            assert_eq!(Branch::from_code(code, digit, run), branch);
        }
        for kind in [
            NodeKind::Open,
            NodeKind::Choice,
            NodeKind::Failure,
            NodeKind::Solution,
            NodeKind::Skipped,
        ] {
            assert_eq!(NodeKind::from_code(kind.code()), kind);
        }
    }
}
