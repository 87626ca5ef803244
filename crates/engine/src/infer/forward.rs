//! Forward checking, and arc consistency's naked singles (seed 003's revise to a fixpoint).

use crate::domain::{Digit, Domain};
use crate::event::{AssignCause, PruneCause, WipeoutSite};
use crate::geometry::Cell;
use crate::search::{Contradiction, Engine, Sink};

impl Engine {
    /// Propagates every queued assignment (the givens, or a decision) to its peers; with arc
    /// consistency, then assigns the cells left with one candidate, one at a time, each
    /// propagated before the next. Singles are propagated where they are assigned, not
    /// queued: the queue is empty whenever one is.
    pub(crate) fn drain<S: Sink>(&mut self, sink: &mut S) -> Result<(), Contradiction> {
        while self.queue_head < self.queue.len() {
            let cell = self.queue[self.queue_head];
            self.queue_head += 1;
            let digit = self
                .state
                .grid()
                .value(cell)
                .expect("BUG: only assigned cells are queued");
            self.forward_check(sink, cell, digit, false)?;
        }
        self.queue.clear();
        self.queue_head = 0;
        while let Some(cell) = self.singles.pop() {
            let grid = self.state.grid();
            if grid.is_open(cell) {
                if let Some(digit) = grid.domain(cell).only() {
                    self.infer(sink, cell, digit, AssignCause::NakedSingle);
                    self.forward_check(sink, cell, digit, true)?;
                }
            }
        }
        Ok(())
    }

    /// Removes `digit`, just assigned to `cell`, from its open peers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn forward_check<S: Sink>(
        &mut self,
        sink: &mut S,
        cell: Cell,
        digit: Digit,
        revise: bool,
    ) -> Result<(), Contradiction> {
        let grid = self.state.grid();
        debug_assert_eq!(grid.value(cell), Some(digit), "an assigned cell's digit");
        let cause = if revise {
            PruneCause::Revise { against: cell }
        } else {
            PruneCause::ForwardCheck { from: cell }
        };
        let geometry = grid.geometry();
        if let (Some(candidates), Some(peers)) = (grid.digit_cells(digit), geometry.peer_bits(cell))
        {
            // The open peers with the digit, straight from the bitboards, in reading order,
            // all taken off the digit's bitboard at once. Measured (callgrind, top95 with
            // `fast`): with the grid's removal inlined here, where most prunes are made, the
            // run takes 0.7 % fewer instructions.
            let mut hits = candidates & peers;
            self.state.take_off_board(digit, hits);
            // The pruned peers' units, marked for the unit rules' scans after the loop.
            let mut units = 0;
            if self.state.sweeps() {
                // A grid that scans and is saved at each decision trails no prune and counts
                // no place: this loop tests no flag per prune (callgrind, `fast`: 1.7 % of
                // hardest's instructions, 1.5 % of top95's).
                let push_singles = self.strategy.inference.arc_consistency;
                while hits != 0 {
                    let peer = Cell::new(hits.trailing_zeros() as usize);
                    hits &= hits - 1;
                    units |= self.state.grid().unit_bits(peer);
                    let left = self.state.grid_mut().remove_swept(peer, digit);
                    self.report_prune(sink, peer, digit, cause);
                    if left.is_empty() {
                        self.state.put_on_board(digit, hits);
                        return Err(self.wipeout(sink, WipeoutSite::Cell(peer)));
                    }
                    self.singles.push_if(peer, push_singles && left.is_single());
                }
                self.state.grid_mut().forward_checked(cell, digit, units);
                return Ok(());
            }
            while hits != 0 {
                let peer = Cell::new(hits.trailing_zeros() as usize);
                hits &= hits - 1;
                units |= self.state.grid().unit_bits(peer);
                let left = self.state.prune_off_board(peer, digit);
                self.report_prune(sink, peer, digit, cause);
                if let Err(wipeout) = self.check_pruned(sink, peer, left) {
                    self.state.put_on_board(digit, hits);
                    return Err(wipeout);
                }
            }
            self.state.grid_mut().forward_checked(cell, digit, units);
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
            self.prune_checked(sink, peer, digit, cause)?;
        }
        Ok(())
    }

    /// Prunes, then reports a wipeout if the domain emptied, and with arc consistency notes
    /// a cell left with one candidate for [`Engine::drain`] to assign.
    #[inline]
    pub(crate) fn prune_checked<S: Sink>(
        &mut self,
        sink: &mut S,
        cell: Cell,
        digit: Digit,
        cause: PruneCause,
    ) -> Result<(), Contradiction> {
        let left = self.prune(sink, cell, digit, cause);
        self.check_pruned(sink, cell, left)
    }

    /// Reports a wipeout if `cell` was left with no candidate, and with arc consistency
    /// notes it for [`Engine::drain`] if it was left with one.
    #[inline]
    pub(super) fn check_pruned<S: Sink>(
        &mut self,
        sink: &mut S,
        cell: Cell,
        left: Domain,
    ) -> Result<(), Contradiction> {
        if left.is_empty() {
            return Err(self.wipeout(sink, WipeoutSite::Cell(cell)));
        }
        self.singles.push_if(
            cell,
            self.strategy.inference.arc_consistency && left.is_single(),
        );
        Ok(())
    }
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
