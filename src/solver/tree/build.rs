//! Growing the tree: one event at a time, in constant time per event (a backtrack pays for
//! the nodes it leaves).

use super::{
    BY_USER, Branch, FAR, NO_END, NO_PARENT, NOT_CLOSED, Node, NodeId, NodeKind, ON_PATH,
    SearchTree,
};
use crate::solver::domain::Digit;
use crate::solver::event::{AssignCause, Event, PruneCause};
use crate::solver::geometry::Cell;

impl SearchTree {
    /// Grows the tree by event number `step` (from 1, one past the last observed).
    #[inline]
    pub fn observe(&mut self, step: u64, event: &Event) {
        self.frontier = step;
        if self.nodes.is_empty() {
            self.push(step, NO_PARENT, Branch::Root);
        }
        match *event {
            Event::Select { cell, .. } => self.select(step, cell),
            Event::Assign {
                cell, digit, cause, ..
            } if cause.is_decision() => {
                self.decide(step, cell, digit, cause == AssignCause::UserDecision);
            }
            Event::Prune {
                cell,
                digit,
                cause: PruneCause::Conflict { .. },
                ..
            } => {
                // Plain backtracking rules out the current choice's digits one by one.
                if self.current_choice() == Some(cell) {
                    self.pending = Some(digit);
                }
            }
            Event::Wipeout { .. } => self.leaf(step, NodeKind::Failure),
            Event::Solution { .. } => self.leaf(step, NodeKind::Solution),
            Event::Backtrack { digit, depth, .. } => {
                self.backtrack(step, usize::from(depth), digit);
            }
            Event::Limit => {
                if self.current_kind() == NodeKind::Choice {
                    let id = self.head();
                    self.push(step, id, Branch::Unexplored);
                }
            }
            Event::Restart { .. } => self.restart(),
            Event::Assign { .. }
            | Event::Prune { .. }
            | Event::Culprit { .. }
            | Event::Weight { .. }
            | Event::Revise { .. }
            | Event::Exhausted => {}
        }
    }

    fn head(&self) -> NodeId {
        *self
            .path
            .last()
            .expect("BUG: the root stays on the path once made")
    }

    fn current_kind(&self) -> NodeKind {
        self.nodes[self.head() as usize].kind()
    }

    /// The current node's chosen cell, if it is a choice (kept at hand: plain backtracking
    /// asks for every rejected candidate).
    #[inline]
    fn current_choice(&self) -> Option<Cell> {
        self.head_choice
            .checked_sub(1)
            .map(|c| Cell::new(usize::from(c)))
    }

    /// Recomputes [`SearchTree::current_choice`] after the path or a kind changed.
    fn refresh_head(&mut self) {
        let node = self.nodes[self.head() as usize];
        self.head_choice = if node.kind() == NodeKind::Choice {
            node.choice + 1
        } else {
            0
        };
    }

    /// Makes a node below `parent` and makes it the current one.
    fn push(&mut self, step: u64, parent: NodeId, branch: Branch) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let (code, digit) = branch.code();
        let depth = self.path.len() as u16;
        self.nodes.push(Node {
            first_step: step,
            span: ON_PATH,
            parent,
            end: NO_END,
            failures_before: self.failures,
            closed: NOT_CLOSED,
            depth,
            choice: 0,
            digit,
            bits: NodeKind::Open.code() | (code << 2),
        });
        if matches!(branch, Branch::Decision(_)) {
            self.decision_nodes += 1;
        }
        self.path.push(id);
        self.overview.add(id, depth);
        self.head_choice = 0;
        id
    }

    /// Fixes the kind of node `id` (the newest node, or the current choice) at `step`.
    fn close(&mut self, id: NodeId, kind: NodeKind, step: u64) {
        let node = &mut self.nodes[id as usize];
        let delta = step.saturating_sub(node.first_step);
        node.closed = u16::try_from(delta)
            .unwrap_or(NOT_CLOSED - 1)
            .min(NOT_CLOSED - 1);
        node.bits = (node.bits & !3) | kind.code();
        let depth = node.depth;
        match kind {
            NodeKind::Failure => self.failures += 1,
            NodeKind::Solution => self.solutions.push(id),
            NodeKind::Open | NodeKind::Choice => {}
        }
        self.overview.mark(id, depth, kind);
        self.refresh_head();
    }

    /// The current choice's refutation outcome, if the current node is a choice: a new
    /// child labelled with the digit last ruled out there.
    fn refutation_child(&mut self, step: u64) -> NodeId {
        let id = self.head();
        let digit = self.pending.take();
        self.push(step, id, Branch::Refutation(digit))
    }

    fn select(&mut self, step: u64, cell: Cell) {
        let id = match self.current_kind() {
            NodeKind::Open => self.head(),
            NodeKind::Choice => self.refutation_child(step),
            NodeKind::Failure | NodeKind::Solution => return,
        };
        self.nodes[id as usize].choice = cell.index() as u16;
        self.close(id, NodeKind::Choice, step);
    }

    fn decide(&mut self, step: u64, cell: Cell, digit: Digit, by_user: bool) {
        // A stream without select events chooses its cell by deciding it.
        match self.current_kind() {
            NodeKind::Open => self.select(step, cell),
            NodeKind::Choice if self.current_choice() != Some(cell) => self.select(step, cell),
            NodeKind::Choice => {}
            NodeKind::Failure | NodeKind::Solution => return,
        }
        self.pending = None;
        let parent = self.head();
        let id = self.push(step, parent, Branch::Decision(digit));
        if by_user {
            self.nodes[id as usize].bits |= BY_USER;
        }
        self.decisions.push(id);
    }

    fn leaf(&mut self, step: u64, kind: NodeKind) {
        let id = match self.current_kind() {
            NodeKind::Open => self.head(),
            NodeKind::Choice => self.refutation_child(step),
            NodeKind::Failure | NodeKind::Solution => return,
        };
        self.close(id, kind, step);
    }

    fn backtrack(&mut self, step: u64, depth: usize, digit: Digit) {
        let Some(&undone) = self.decisions.get(depth) else {
            return;
        };
        self.decisions.truncate(depth);
        let choice = self.nodes[undone as usize].parent;
        let last_id = self.nodes.len() as NodeId - 1;
        while let Some(&top) = self.path.last() {
            if top == choice || self.path.len() == 1 {
                break;
            }
            self.path.pop();
            let node = &mut self.nodes[top as usize];
            node.end = last_id;
            let span = (step - 1).saturating_sub(node.first_step);
            node.span = match u32::try_from(span) {
                Ok(s) if s < FAR => s,
                _ => {
                    self.far_spans.insert(top, span);
                    FAR
                }
            };
        }
        self.pending = Some(digit);
        self.refresh_head();
    }

    /// Every decision undone: the path goes back to the root.
    fn restart(&mut self) {
        let last_id = self.nodes.len() as NodeId - 1;
        while self.path.len() > 1 {
            if let Some(top) = self.path.pop() {
                self.nodes[top as usize].end = last_id;
            }
        }
        self.decisions.clear();
        self.pending = None;
        self.refresh_head();
    }
}

#[cfg(test)]
mod tests {
    use super::super::SearchTree;
    use crate::solver::{Puzzle, Search, preset};

    #[test]
    fn a_search_without_decisions_is_a_single_root() {
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("puzzle");
        let fast = preset::find("fast").expect("fast").strategy;
        let mut tree = SearchTree::new();
        let mut search = Search::new(&puzzle, fast).expect("search");
        let mut step = 0;
        for event in search.by_ref() {
            step += 1;
            tree.observe(step, &event);
        }
        let stats = *search.stats();
        let totals = tree.totals();
        assert_eq!(totals.decisions, stats.nodes);
        assert_eq!(totals.failures, stats.wipeouts);
        assert_eq!(totals.solutions, stats.solutions);
        if stats.nodes == 0 {
            assert_eq!(totals.nodes, 1);
        }
    }
}
