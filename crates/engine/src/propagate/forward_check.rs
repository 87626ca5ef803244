//! The ≠ constraints between peers, at two levels of consistency. Forward checking: a
//! digit just assigned to a cell is pruned from the cell's open peers, the assignments taken
//! from the queue, the givens first. Arc consistency (seed 003's revise to a fixpoint, the
//! naked singles): besides, a cell left with one candidate is assigned it, and the digit is
//! revised out of its peers.

mod givens;

use super::context::{Context, Contradiction};
use super::needs::Needs;
use super::propagator::Propagator;
use crate::domain::Digit;
use crate::event::{AssignCause, PruneCause, WipeoutSite};
use crate::geometry::Cell;
use crate::sink::Sink;

/// Forward checking of every assignment queued, and with `singles` the naked singles.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ForwardCheck {
    /// Whether the cells left with one candidate are assigned and revised out of their
    /// peers (arc consistency on the ≠ constraints).
    singles: bool,
    /// Whether the givens' checks run in bulk, before the unit rules start noting what
    /// changes (they then start from the result; see `givens.rs`), on boards with digit
    /// bitboards; else the givens are queued as the first assignments.
    in_bulk: bool,
}

impl ForwardCheck {
    /// Forward checking, with the naked singles if `singles`, the givens' checks in bulk
    /// if `in_bulk`.
    pub(crate) fn new(singles: bool, in_bulk: bool) -> ForwardCheck {
        ForwardCheck { singles, in_bulk }
    }
}

impl Propagator for ForwardCheck {
    fn needs(&self) -> Needs {
        Needs {
            assignments: true,
            singles: self.singles,
            leaves_no_single: self.singles,
            // With forward checking alone a decision's trail is short, and undoing it is
            // cheaper than copying the grid.
            snapshots: self.singles,
            ..Needs::default()
        }
    }

    fn start<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
        if self.in_bulk && cx.grid().open_cells().is_some() {
            return givens::in_bulk(cx);
        }
        queue_givens(cx);
        Ok(())
    }

    /// Propagates every queued assignment (the givens, a decision, a hidden single) to its
    /// peers; with the naked singles, then assigns the cells left with one candidate, one
    /// at a time (the newest first), each revised out of its peers before the next.
    /// Singles are propagated where they are assigned, not queued: the queue is empty
    /// whenever one is.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        while let Some(cell) = cx.queue().next() {
            let digit = cx
                .grid()
                .value(cell)
                .expect("BUG: only assigned cells are queued");
            prune_peers(cx, cell, digit, PruneCause::ForwardCheck { from: cell })?;
        }
        cx.queue().clear();
        while let Some(cell) = cx.singles().pop() {
            let grid = cx.grid();
            if grid.is_open(cell) {
                if let Some(digit) = grid.domain(cell).only() {
                    cx.infer(cell, digit, AssignCause::NakedSingle);
                    prune_peers(cx, cell, digit, PruneCause::Revise { against: cell })?;
                }
            }
        }
        Ok(false)
    }
}

/// Queues the givens, in reading order, as the first assignments.
pub(super) fn queue_givens<S: Sink>(cx: &mut Context<'_, S>) {
    let grid = cx.grid();
    let givens: Vec<Cell> = grid
        .geometry()
        .cells()
        .filter(|&c| !grid.is_open(c))
        .collect();
    cx.queue().extend(givens);
}

/// Removes `digit`, just assigned to `cell`, from its open peers, each prune for `cause`
/// (forward checking's, or the revision of a naked single's peers).
#[allow(clippy::inline_always)]
#[inline(always)]
fn prune_peers<S: Sink>(
    cx: &mut Context<'_, S>,
    cell: Cell,
    digit: Digit,
    cause: PruneCause,
) -> Result<(), Contradiction> {
    let grid = cx.grid();
    debug_assert_eq!(grid.value(cell), Some(digit), "an assigned cell's digit");
    let geometry = grid.geometry();
    if let (Some(candidates), Some(peers)) = (grid.digit_cells(digit), geometry.peer_bits(cell)) {
        // The open peers with the digit, straight from the bitboards, in reading order,
        // all taken off the digit's bitboard at once. Measured (callgrind, top95 with
        // `fast`): with the grid's removal inlined here, where most prunes are made, the
        // run takes 0.7 % fewer instructions.
        let mut hits = candidates & peers;
        cx.state().take_off_board(digit, hits);
        // The pruned peers' units, marked for the unit rules' scans after the loop.
        let mut units = 0;
        if cx.state().sweeps() {
            // A grid that scans and is saved at each decision trails no prune and counts
            // no place: this loop tests no flag per prune (callgrind, `fast`: 1.7 % of
            // hardest's instructions, 1.5 % of top95's).
            let push_singles = cx.notes_singles();
            while hits != 0 {
                let peer = Cell::new(hits.trailing_zeros() as usize);
                hits &= hits - 1;
                units |= cx.grid().unit_bits(peer);
                let left = cx.grid_mut().remove_swept(peer, digit);
                cx.report_prune(peer, digit, cause);
                if left.is_empty() {
                    cx.state().put_on_board(digit, hits);
                    return Err(cx.wipeout(WipeoutSite::Cell(peer)));
                }
                cx.singles().push_if(peer, push_singles && left.is_single());
            }
            cx.grid_mut().forward_checked(cell, digit, units);
            return Ok(());
        }
        while hits != 0 {
            let peer = Cell::new(hits.trailing_zeros() as usize);
            hits &= hits - 1;
            units |= cx.grid().unit_bits(peer);
            let left = cx.state().prune_off_board(peer, digit);
            cx.report_prune(peer, digit, cause);
            if let Err(wipeout) = cx.check_pruned(peer, left) {
                cx.state().put_on_board(digit, hits);
                return Err(wipeout);
            }
        }
        cx.grid_mut().forward_checked(cell, digit, units);
        return Ok(());
    }
    // Compact the peers to prune without a branch per peer (which test is true is
    // unpredictable), then prune only those.
    let mut hits = [Cell::new(0); 72];
    let mut count = 0;
    for &peer in geometry.peers(cell) {
        hits[count] = peer;
        count += usize::from(grid.open_domain(peer).contains(digit));
    }
    for &peer in &hits[..count] {
        cx.prune_checked(peer, digit, cause)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![expect(clippy::expect_used, reason = "tests fail by panicking")]

    use crate::domain::Domain;
    use crate::event::Event;
    use crate::preset;
    use crate::puzzle::Puzzle;
    use crate::search::Search;

    /// After every event, each digit's bitboard holds exactly the open cells with the digit
    /// as a candidate: also right after a wipeout, where forward checking stopped with peers
    /// it had taken off the bitboard but not pruned.
    #[test]
    fn digit_bitboards_follow_the_domains_through_wipeouts() {
        let mut wipeouts = 0;
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        ] {
            let puzzle: Puzzle = line.parse().expect("valid puzzle text");
            // Hidden singles alone keep the bitboards and backtrack often.
            let mut strategy = preset::default_preset().strategy;
            strategy.inference = "fc,hs".parse().expect("rule names");
            let mut search = Search::new(&puzzle, strategy).expect("no clashing givens");
            while let Some(event) = search.next() {
                wipeouts += usize::from(matches!(event, Event::Wipeout { .. }));
                if !search.is_synced() {
                    continue;
                }
                let grid = search.state().grid();
                for digit in Domain::full(grid.geometry().size()) {
                    let expected = grid
                        .geometry()
                        .cells()
                        .filter(|&c| grid.open_domain(c).contains(digit))
                        .fold(0u128, |board, c| board | 1 << c.index());
                    assert_eq!(
                        grid.digit_cells(digit),
                        Some(expected),
                        "{line}: digit {digit} after {event:?}"
                    );
                }
            }
        }
        assert!(wipeouts > 10, "the puzzles make the search backtrack");
    }
}
