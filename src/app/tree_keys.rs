//! The app's side of the tree panel: the panes' trees grown while the panel shows, and
//! the tree's keys.

use super::timeline::CATCH_UP_SLICE;
use super::tree::TreeLayout;
use crate::solver::tree::NodeId;

impl super::App {
    /// Makes every pane grow its tree while the tree is on screen (a pane added or
    /// restarted meanwhile included): a slice more of a tree being built from step 0, then,
    /// when `settle`, the tree made exact where it is read.
    ///
    /// Running to a goal or playing at full speed, the view's step crosses a folded subtree
    /// every few frames; making each exact (replaying its steps, then folding others to keep
    /// the budget) cost more than the playing itself (3.5× on issue 33's search). The
    /// panel then shows the folded subtree the search is in, marked, and the tree is made
    /// exact where it stops.
    pub(super) fn grow_trees(&mut self, settle: bool) {
        if self.tree.layout == TreeLayout::Hidden {
            return;
        }
        for lane in &mut self.lanes {
            let timeline = lane.timeline_mut();
            if timeline.grows_tree() {
                timeline.catch_up(CATCH_UP_SLICE);
            } else {
                timeline.grow_tree();
            }
        }
        if settle {
            self.settle_trees();
        }
    }

    /// Sets how every pane's tree folds (the default keeps about 40 MiB of exact nodes;
    /// tests and benchmarks set smaller budgets).
    pub fn set_fold_policy(&mut self, policy: crate::solver::tree::FoldPolicy) {
        for lane in &mut self.lanes {
            lane.timeline_mut().set_fold_policy(policy);
        }
    }

    /// Builds every shown tree up to its pane's step at once, rather than a slice a tick
    /// (a snapshot, which draws one frame; benchmarks).
    pub fn finish_trees(&mut self) {
        if self.tree.layout == TreeLayout::Hidden {
            return;
        }
        for lane in &mut self.lanes {
            let timeline = lane.timeline_mut();
            timeline.grow_tree();
            timeline.catch_up(u64::MAX);
        }
        self.settle_trees();
    }

    /// Whether a pane's tree is being built from step 0 (the panel shows how far).
    pub fn tree_building(&self) -> bool {
        self.tree.layout != TreeLayout::Hidden
            && self
                .lanes
                .iter()
                .any(|l| l.timeline().tree_progress().is_some())
    }

    /// Makes each pane's tree exact where it is read: at the pane's step, and (the first
    /// pane's, whose panel is walked) at the node walked to and the subtrees unfolded.
    fn settle_trees(&mut self) {
        let mut pins: Vec<NodeId> = self.tree.unfolded.iter().copied().collect();
        pins.extend(self.tree.selected);
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            let step = lane.step();
            let pins = if i == 0 { &pins[..] } else { &[] };
            if let Err(err) = lane.timeline_mut().settle_tree(step, pins) {
                self.message = Some(format!("tree: {err}"));
            }
        }
    }

    /// The tree panel's keys.
    pub(super) fn tree_action(&mut self, action: super::Action) {
        use super::Action;
        let single = self.lanes.len() == 1;
        let state = &mut self.tree;
        match action {
            Action::ToggleTree => {
                state.layout = match state.layout {
                    TreeLayout::Hidden => TreeLayout::Side,
                    TreeLayout::Side | TreeLayout::Full => TreeLayout::Hidden,
                };
                state.focus = single && state.layout != TreeLayout::Hidden;
            }
            Action::TreeFull => {
                state.layout = match state.layout {
                    TreeLayout::Full => TreeLayout::Hidden,
                    TreeLayout::Hidden | TreeLayout::Side => TreeLayout::Full,
                };
                state.focus = single && state.layout != TreeLayout::Hidden;
            }
            Action::TreeFocus => {
                state.focus = single && !state.focus && state.layout != TreeLayout::Hidden;
            }
            Action::TreeWalk(walk) => {
                if let Some(lane) = self.lanes.first() {
                    state.walk(lane.timeline().tree(), lane.tree_at(), walk);
                }
            }
            Action::TreeFold => {
                if let Some(lane) = self.lanes.first() {
                    state.toggle_fold(lane.timeline().tree(), lane.tree_at());
                }
            }
            Action::TreeJump => {
                // A finished search's tree stays whole: the jump moves the view's step in it.
                let target = self.lanes.first().and_then(|lane| {
                    let tree = lane.timeline().tree();
                    let at = lane.tree_at();
                    let id = state.focus(tree, at)?;
                    tree.node(id, at.view).map(|n| n.step())
                });
                if let Some(step) = target {
                    self.stop();
                    self.tree.selected = None;
                    self.go_to(step);
                }
            }
            _ => {}
        }
    }
}
