//! Growing the tree: one event at a time, in constant time per event (a backtrack pays for
//! the nodes it leaves).

use super::{
    BRANCH_SHIFT, BY_USER, Branch, FAR, KIND_BITS, NO_CELL, NO_END, NO_PARENT, NOT_CLOSED, Node,
    NodeId, NodeKind, ON_PATH, Runs, SearchTree,
};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::{AssignCause, Event, PruneCause};
use dokuscope_engine::geometry::Cell;

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
            Event::Restart { run, .. } => self.restart(step, run),
            Event::Assign { .. }
            | Event::Prune { .. }
            | Event::Culprit { .. }
            | Event::Weight { .. }
            | Event::Set { .. }
            | Event::Swap { .. }
            | Event::Revise { .. }
            | Event::Learnt { .. }
            | Event::Learn { .. }
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
        self.nodes[self.head()].kind()
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
    pub(super) fn refresh_head(&mut self) {
        let node = self.nodes[self.head()];
        self.head_choice = if node.kind() == NodeKind::Choice && node.choice != NO_CELL {
            node.choice + 1
        } else {
            0
        };
    }

    /// A new node below `parent`, made at `step`, not yet on the path.
    fn node_below(&mut self, step: u64, parent: NodeId, depth: u16, branch: Branch) -> NodeId {
        let id = self.nodes.next_id();
        let (code, digit, run) = branch.code();
        self.nodes.push(Node {
            first_step: step,
            span: ON_PATH,
            parent,
            end: NO_END,
            failures_before: self.failures,
            skipped_before: self.skipped,
            run,
            closed: NOT_CLOSED,
            depth,
            choice: 0,
            digit,
            bits: NodeKind::Open.code() | (code << BRANCH_SHIFT),
        });
        if matches!(branch, Branch::Decision(_)) {
            self.decision_nodes += 1;
        }
        if !self.quiet {
            self.overview.add(id, depth);
        }
        id
    }

    /// Makes a node below `parent` and makes it the current one.
    fn push(&mut self, step: u64, parent: NodeId, branch: Branch) -> NodeId {
        let depth = self.path.len() as u16;
        let id = self.node_below(step, parent, depth, branch);
        self.path.push(id);
        self.head_choice = 0;
        self.after_push();
        id
    }

    /// Fixes the kind of node `id` (the newest node, or the current choice) at `step`.
    fn close(&mut self, id: NodeId, kind: NodeKind, step: u64) {
        let node = &mut self.nodes[id];
        let delta = step.saturating_sub(node.first_step);
        node.closed = u16::try_from(delta)
            .unwrap_or(NOT_CLOSED - 1)
            .min(NOT_CLOSED - 1);
        node.bits = (node.bits & !KIND_BITS) | kind.code();
        let depth = node.depth;
        let choice = node.choice;
        match kind {
            NodeKind::Failure => self.failures += 1,
            NodeKind::Solution => self.solutions.push(id),
            NodeKind::Skipped => self.skipped += 1,
            NodeKind::Open | NodeKind::Choice => {}
        }
        if !self.quiet {
            self.overview.mark(id, depth, kind);
        }
        if self.path.last() == Some(&id) {
            self.head_choice = if kind == NodeKind::Choice && choice != NO_CELL {
                choice + 1
            } else {
                0
            };
        } else {
            self.refresh_head();
        }
    }

    /// The node an outcome at the current node lands on: the current node itself while it
    /// is open; below a choice, a new child labelled with the digit last ruled out there (its
    /// refutation), or, below a restart root, the next run; `None` below a leaf.
    fn outcome_node(&mut self, step: u64) -> Option<NodeId> {
        let head = self.head();
        match self.current_kind() {
            NodeKind::Open if self.runs.is_some() && head == 0 => {
                // A search that restarts: its root is the restart root, run 1 its first child.
                self.nodes[head].choice = NO_CELL;
                self.close(head, NodeKind::Choice, step);
                Some(self.push_run(step))
            }
            NodeKind::Open => Some(head),
            NodeKind::Choice if head == 0 && self.runs.is_some() => Some(self.push_run(step)),
            NodeKind::Choice => {
                let digit = self.pending.take();
                Some(self.push(step, head, Branch::Refutation(digit)))
            }
            NodeKind::Failure | NodeKind::Solution | NodeKind::Skipped => None,
        }
    }

    /// Makes the next run's node below the restart root.
    fn push_run(&mut self, step: u64) -> NodeId {
        let number = self.runs.as_ref().map_or(1, |r| r.next);
        let id = self.push(step, 0, Branch::Run(number));
        if let Some(runs) = self.runs.as_mut() {
            runs.nodes.push(id);
            runs.next = number + 1;
        }
        self.pending = None;
        id
    }

    fn select(&mut self, step: u64, cell: Cell) {
        let Some(id) = self.outcome_node(step) else {
            return;
        };
        self.nodes[id].choice = cell.index() as u16;
        self.close(id, NodeKind::Choice, step);
    }

    fn decide(&mut self, step: u64, cell: Cell, digit: Digit, by_user: bool) {
        // A stream without select events chooses its cell by deciding it.
        match self.current_kind() {
            NodeKind::Open => self.select(step, cell),
            NodeKind::Choice if self.current_choice() != Some(cell) => self.select(step, cell),
            NodeKind::Choice => {}
            NodeKind::Failure | NodeKind::Solution | NodeKind::Skipped => return,
        }
        if self.current_kind() != NodeKind::Choice {
            return;
        }
        self.pending = None;
        let parent = self.head();
        let id = self.push(step, parent, Branch::Decision(digit));
        if by_user {
            self.nodes[id].bits |= BY_USER;
        }
        self.decisions.push(id);
    }

    fn leaf(&mut self, step: u64, kind: NodeKind) {
        if let Some(id) = self.outcome_node(step) {
            self.close(id, kind, step);
        }
    }

    /// Undoes decision number `depth` (from 0) and every one after it. The decisions after
    /// it are undone without being refuted (a backjump jumps over them): each leaves a
    /// skipped node where its refutation would have been.
    fn backtrack(&mut self, step: u64, depth: usize, digit: Digit) {
        let Some(&undone) = self.decisions.get(depth) else {
            return;
        };
        let choice = self.nodes[undone].parent;
        if depth + 1 == self.decisions.len() {
            // Chronological: the latest decision is undone, nothing is jumped over.
            self.decisions.truncate(depth);
            while self.head() != choice && self.path.len() > 1 {
                self.leave(step);
            }
        } else {
            self.backjump(step, depth, choice);
        }
        self.pending = Some(digit);
        self.refresh_head();
    }

    /// Undoes decision `depth` and the later ones it jumps over, back to `choice`.
    fn backjump(&mut self, step: u64, depth: usize, choice: NodeId) {
        let mut jumped = std::mem::take(&mut self.scratch);
        jumped.clear();
        jumped.extend_from_slice(&self.decisions[depth + 1..]);
        self.decisions.truncate(depth);
        self.backjumps += 1;
        while self.head() != choice && self.path.len() > 1 {
            let top = self.leave(step);
            if jumped.last() == Some(&top) {
                jumped.pop();
                self.skip(step, top);
            }
        }
        self.scratch = jumped;
    }

    /// A skipped node beside decision node `decision` (just left): its refutation, which the
    /// backjump at `step` leaves untried.
    fn skip(&mut self, step: u64, decision: NodeId) {
        let node = self.nodes[decision];
        let digit = Digit::new(node.digit);
        let id = self.node_below(step, node.parent, node.depth, Branch::Refutation(digit));
        self.close(id, NodeKind::Skipped, step);
        // Finished as soon as made: it stands for a subtree never to be searched.
        let skipped = &mut self.nodes[id];
        skipped.span = 0;
        skipped.end = id;
        self.after_push();
    }

    /// Takes the current node off the path at `step` (the search has left its subtree: its
    /// last step was the one before); returns it.
    fn leave(&mut self, step: u64) -> NodeId {
        let top = self
            .path
            .pop()
            .expect("BUG: only nodes below the root are left");
        let last_id = self.nodes.next_id() - 1;
        let node = &mut self.nodes[top];
        node.end = last_id;
        let span = (step - 1).saturating_sub(node.first_step);
        node.span = match u32::try_from(span) {
            Ok(s) if s < FAR => s,
            _ => {
                self.far_spans.insert(top, span);
                FAR
            }
        };
        top
    }

    /// Every decision undone: the path goes back to the root, where run `run` starts (a
    /// child of the restart root).
    fn restart(&mut self, step: u64, run: u32) {
        while self.path.len() > 1 {
            self.leave(step);
        }
        self.decisions.clear();
        self.pending = None;
        // Told of restarts only now (not built `with_runs`), the tree keeps run 1 as the
        // root's own branches and hangs the later runs beside them.
        let runs = self.runs.get_or_insert_with(Runs::default);
        runs.next = run;
        self.refresh_head();
    }
}

#[cfg(test)]
mod tests {
    use super::super::SearchTree;
    use dokuscope_engine::{Puzzle, Search, preset};

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
