//! Forward checking from the givens, in bulk: before the first decision, every given's
//! digit comes off its peers at once, one digit's bitboard at a time.
//!
//! The events are those of checking the givens one by one in reading order, each given's
//! peers in reading order, and the state is the same after either: a sink that keeps
//! events is handed them in that order, a counting sink only their number. Only a puzzle
//! whose givens leave a cell with no candidate is checked one given at a time, so that the
//! wipeout is found where the ordered check finds it.
//!
//! Measured (callgrind, `fast`): on a puzzle solved without a decision, these prunes were
//! most of the work (kaggle10k: about 19,000 of 47,300 instructions a puzzle), each paying
//! for its event, its wipeout and single checks and its loop; in bulk the checks are a few
//! operations on the digits' bitboards.

use crate::domain::{Digit, Domain};
use crate::event::{Event, PruneCause};
use crate::geometry::Cell;
use crate::propagate::context::{Context, Contradiction};
use crate::sink::Sink;

/// Room for the digits of a board with digit bitboards (at most 128 cells: sides up to
/// 11), a power of two so that a digit's index is masked into bounds.
const DIGITS: usize = 16;

/// The rule index of forward checking in [`crate::event::PRUNE_RULES`].
const FORWARD_CHECK: usize = 0;

/// Forward checks from every given (see the module's header), before the unit rules start
/// noting what changes: no note and no trail entry is written (see `grid/quiet.rs`). Needs
/// digit bitboards.
pub(super) fn in_bulk<S: Sink>(cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
    let grid = cx.grid();
    let geometry = grid.geometry();
    if geometry.has_extra_peers() {
        // Each open cell keeps the digits its units do not hold, which misses the peers a
        // variant adds beyond them.
        return in_order(cx);
    }
    let n = geometry.side().min(DIGITS);
    // Per digit: the givens holding it, the cells they see, and the open cells with it.
    let mut holders = [0u128; DIGITS];
    let mut seen = [0u128; DIGITS];
    let mut before = [0u128; DIGITS];
    let mut open = 0u128;
    for digit in Domain::full(geometry.size()) {
        let Some(board) = grid.digit_cells(digit) else {
            return in_order(cx);
        };
        before[index(digit)] = board;
        open |= board;
    }
    // Every open cell has every digit yet: the givens are the other cells.
    let given_cells = !open & (u128::MAX >> (128 - geometry.cell_count()));
    let mut givens = given_cells;
    while givens != 0 {
        let cell = Cell::new(givens.trailing_zeros() as usize);
        givens &= givens - 1;
        if let (Some(digit), Some(peers)) = (grid.value(cell), geometry.peer_bits(cell)) {
            holders[index(digit)] |= 1 << cell.index();
            seen[index(digit)] |= peers;
        }
    }
    let mut kept = 0u128;
    for d in 0..n {
        kept |= before[d] & !seen[d];
    }
    if open & !kept != 0 {
        return in_order(cx);
    }
    let mut count = 0;
    for digit in Domain::full(geometry.size()) {
        let d = index(digit);
        let hits = before[d] & seen[d];
        count += u64::from(hits.count_ones());
        cx.state().take_off_board(digit, hits);
    }
    // Each open cell's domain in one write (see `grid/quiet.rs`).
    cx.state().keep_unplaced_at_root(open);
    cx.state().recount_places_later();
    cx.push_prunes(FORWARD_CHECK, count, |sink, grid| {
        let mut left = before;
        for given in geometry.cells() {
            let (Some(digit), Some(peers)) = (grid.value(given), geometry.peer_bits(given)) else {
                continue;
            };
            let board = &mut left[index(digit)];
            let mut hits = *board & peers;
            *board &= !hits;
            while hits != 0 {
                let cell = Cell::new(hits.trailing_zeros() as usize);
                hits &= hits - 1;
                sink.push(Event::Prune {
                    cell,
                    digit,
                    depth: 0,
                    cause: PruneCause::ForwardCheck { from: given },
                });
            }
        }
    });
    if cx.notes_singles() {
        note_singles_of_givens(cx, &before, &seen, &holders, given_cells);
    }
    Ok(())
}

/// Notes the cells the givens left with one candidate, for naked singles to assign, in
/// the order the ordered check notes them: by the given whose prune left the cell with
/// one, then in reading order.
fn note_singles_of_givens<S: Sink>(
    cx: &mut Context<'_, S>,
    before: &[u128; DIGITS],
    seen: &[u128; DIGITS],
    holders: &[u128; DIGITS],
    givens: u128,
) {
    let grid = cx.grid();
    let geometry = grid.geometry();
    let (mut once, mut twice) = (0u128, 0u128);
    for d in 0..DIGITS {
        let after = before[d] & !seen[d];
        twice |= once & after;
        once |= after;
    }
    let mut singles = once & !twice;
    // Keys: the given's index above the cell's, both below 128.
    let mut keys = [0u16; 128];
    let mut noted = 0;
    while singles != 0 {
        let cell = singles.trailing_zeros() as usize;
        singles &= singles - 1;
        let Some(peers) = geometry.peer_bits(Cell::new(cell)) else {
            continue;
        };
        // Every open cell had every digit before, and each digit it lost went to the
        // first given holding it among its peers: the prune that left it one candidate
        // came from the last given, in reading order, that is the first of its digit.
        // Measured (callgrind, kaggle10k with `fast`): looking from the last given down
        // stops at once for most cells; the first given of every digit cost 2,300
        // instructions a puzzle.
        let mut rest = peers & givens;
        let mut last = 0;
        while rest != 0 {
            let given = 127 - rest.leading_zeros() as usize;
            rest &= !(1 << given);
            let Some(digit) = grid.value(Cell::new(given)) else {
                break;
            };
            if rest & holders[index(digit)] == 0 {
                last = given as u16;
                break;
            }
        }
        if let Some(key) = keys.get_mut(noted) {
            *key = last << 7 | cell as u16;
            noted += 1;
        }
    }
    let keys = &mut keys[..noted];
    keys.sort_unstable();
    cx.singles()
        .extend(keys.iter().map(|&key| Cell::new(usize::from(key & 127))));
}

/// Forward checks from every given one at a time, givens and then their peers in
/// reading order (the order forward checking's queue would take them in): each given's
/// peers come off its digit's bitboard at once.
pub(super) fn in_order<S: Sink>(cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
    cx.grid_mut().count_places();
    let geometry = cx.grid().geometry();
    for given in geometry.cells() {
        let grid = cx.grid();
        let Some(digit) = grid.value(given) else {
            continue;
        };
        let cause = PruneCause::ForwardCheck { from: given };
        let (Some(candidates), Some(peers)) = (grid.digit_cells(digit), geometry.peer_bits(given))
        else {
            continue;
        };
        let mut hits = candidates & peers;
        cx.state().take_off_board(digit, hits);
        while hits != 0 {
            let peer = Cell::new(hits.trailing_zeros() as usize);
            hits &= hits - 1;
            let left = cx.state().prune_at_root(peer, digit);
            cx.report_prune(peer, digit, cause);
            if let Err(wipeout) = cx.check_pruned(peer, left) {
                cx.state().put_on_board(digit, hits);
                return Err(wipeout);
            }
        }
    }
    Ok(())
}

/// The index of `digit`'s bitboard.
#[inline]
fn index(digit: Digit) -> usize {
    usize::from(digit.get() - 1) & (DIGITS - 1)
}

#[cfg(test)]
mod tests {
    #![expect(clippy::expect_used, reason = "tests fail by panicking")]

    use std::collections::VecDeque;

    use super::{in_bulk, in_order};
    use crate::domain::Domain;
    use crate::event::Event;
    use crate::propagate::context::{Context, Queue};
    use crate::propagate::singles::Singles;
    use crate::puzzle::Puzzle;
    use crate::state::State;

    /// Bundled puzzles of both board sizes with digit bitboards, and one whose givens leave
    /// r1c9 no candidate.
    fn puzzles() -> Vec<Puzzle> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
        let mut lines: Vec<String> = ["4x4.txt", "easy.txt", "medium.txt", "hard.txt"]
            .iter()
            .flat_map(|name| {
                std::fs::read_to_string(dir.join(name))
                    .expect("the bundled sets are in the repository")
                    .lines()
                    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect();
        lines.push("12345678".to_string() + &".".repeat(18) + "9" + &".".repeat(54));
        lines
            .iter()
            .map(|l| l.parse().expect("valid puzzle text"))
            .collect()
    }

    /// The check in bulk yields the events of the check in order and leaves the same grid
    /// (domains, place counts, digit bitboards) and the same cells noted as singles, in the
    /// same order; with and without arc consistency's singles.
    #[test]
    fn the_bulk_check_is_the_ordered_check() {
        let mut wipeouts = 0;
        let puzzles = puzzles();
        assert!(puzzles.len() > 20, "enough bundled puzzles");
        for (rules, note_singles) in [("fc,ac,hs,np,hp,lc", true), ("fc,hs", false)] {
            for puzzle in &puzzles {
                let start = || {
                    let mut state = State::empty(puzzle.geometry());
                    assert!(!state.reset_values(puzzle), "no clashing givens");
                    state
                };
                let (mut bulk, mut ordered) = (start(), start());
                let (mut bulk_events, mut ordered_events) = (VecDeque::new(), VecDeque::new());
                let (mut bulk_singles, mut ordered_singles) =
                    (Singles::default(), Singles::default());
                let mut queue = Queue::default();
                let bulk_ok = in_bulk(&mut Context::new(
                    &mut bulk,
                    &mut bulk_events,
                    &mut queue,
                    &mut bulk_singles,
                    note_singles,
                    None,
                    None,
                ))
                .is_ok();
                let ordered_ok = in_order(&mut Context::new(
                    &mut ordered,
                    &mut ordered_events,
                    &mut queue,
                    &mut ordered_singles,
                    note_singles,
                    None,
                    None,
                ))
                .is_ok();
                assert_eq!(bulk_ok, ordered_ok, "{rules} {puzzle}");
                assert_eq!(bulk_events, ordered_events, "{rules} {puzzle}");
                wipeouts += usize::from(!bulk_ok);
                if !bulk_ok {
                    continue;
                }
                assert!(
                    bulk_events.iter().all(|e| matches!(e, Event::Prune { .. })),
                    "{rules} {puzzle}: only prunes"
                );
                assert_eq!(
                    bulk_singles.as_slice(),
                    ordered_singles.as_slice(),
                    "{rules} {puzzle}: singles"
                );
                // The bulk check leaves the counts to be taken when first read.
                bulk.grid_mut().recount_places();
                let (b, o) = (bulk.grid(), ordered.grid());
                assert_eq!(b, o, "{rules} {puzzle}: domains and values");
                let geometry = puzzle.geometry();
                for digit in Domain::full(geometry.size()) {
                    assert_eq!(
                        b.digit_cells(digit),
                        o.digit_cells(digit),
                        "{puzzle} {digit}"
                    );
                    for unit in geometry.units() {
                        assert_eq!(
                            (b.open_places(unit, digit), b.places(unit, digit)),
                            (o.open_places(unit, digit), o.places(unit, digit)),
                            "{rules} {puzzle}: unit {unit:?} digit {digit}"
                        );
                    }
                }
            }
        }
        assert_eq!(wipeouts, 2, "the last puzzle wipes out, once per rule set");
    }
}
