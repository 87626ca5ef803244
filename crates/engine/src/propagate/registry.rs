//! The propagators there are, which a strategy's inference makes, and the loop that runs
//! them to a fixpoint.
//!
//! A propagator is registered with one line in [`propagators!`] (its variant and type) and,
//! where a strategy names it, one line in [`Propagation::new`].

use super::arc_consistency::ArcConsistency;
use super::context::{Context, Contradiction, Drain, Queue};
use super::forward_check::ForwardCheck;
use super::hidden_pairs::HiddenPairs;
use super::hidden_singles::HiddenSingles;
use super::locked_candidates::LockedCandidates;
use super::naked_pairs::NakedPairs;
use super::needs::Needs;
use super::nogoods::Nogoods;
use super::propagator::Propagator;
use super::singles::Singles;
use super::variants::{self, Arrow, Cage, Givens, Group, LittleKiller, Pair, Thermo, Watched};
use crate::geometry::{Cell, Geometry};
use crate::sink::Sink;
use crate::state::State;
use crate::strategy::Inference;

/// Declares [`AnyPropagator`], one variant per propagator, dispatching the trait to each.
macro_rules! propagators {
    ($($variant:ident($ty:ty),)*) => {
        /// Every propagator there is, for a list of them without a virtual call per event.
        #[derive(Clone, Debug)]
        pub(crate) enum AnyPropagator {
            $(
                #[doc = concat!("[`", stringify!($ty), "`].")]
                $variant($ty),
            )*
        }

        impl Propagator for AnyPropagator {
            #[inline]
            fn needs(&self) -> Needs {
                match self { $(AnyPropagator::$variant(p) => p.needs(),)* }
            }

            #[inline]
            fn start<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
                match self { $(AnyPropagator::$variant(p) => p.start(cx),)* }
            }

            #[allow(clippy::inline_always)]
            #[inline(always)]
            fn propagate<S: Sink>(
                &mut self,
                cx: &mut Context<'_, S>,
            ) -> Result<bool, Contradiction> {
                match self { $(AnyPropagator::$variant(p) => p.propagate(cx),)* }
            }

            fn reset(&mut self) {
                match self { $(AnyPropagator::$variant(p) => p.reset(),)* }
            }
        }
    };
}

propagators! {
    ForwardCheck(ForwardCheck),
    ArcConsistency(ArcConsistency),
    HiddenSingles(HiddenSingles),
    LockedCandidates(LockedCandidates),
    NakedPairs(NakedPairs),
    HiddenPairs(HiddenPairs),
    Nogoods(Nogoods),
    Cages(Watched<Cage>),
    LittleKillers(Watched<LittleKiller>),
    Thermos(Watched<Thermo>),
    Arrows(Watched<Arrow>),
    Pairs(Watched<Pair>),
    Groups(Watched<Group>),
    Givens(Givens),
}

/// The propagators of the variant's constraints (none on a classic board), after those of
/// assignments: each runs when forward checking or arc consistency is quiet.
fn push_variants(geometry: &'static Geometry, eager: &mut Vec<AnyPropagator>) {
    if geometry.rules().is_none() {
        return;
    }
    let built = variants::build(geometry);
    if !built.givens.is_empty() {
        eager.push(AnyPropagator::Givens(built.givens));
    }
    let watched = [
        AnyPropagator::Pairs(Watched::new(geometry, built.pairs)),
        AnyPropagator::Thermos(Watched::new(geometry, built.thermos)),
        AnyPropagator::Cages(Watched::new(geometry, built.cages)),
        AnyPropagator::Arrows(Watched::new(geometry, built.arrows)),
        AnyPropagator::LittleKillers(Watched::new(geometry, built.little_killers)),
        AnyPropagator::Groups(Watched::new(geometry, built.groups)),
    ];
    eager.extend(watched.into_iter().filter(|p| match p {
        AnyPropagator::Pairs(w) => !w.is_empty(),
        AnyPropagator::Thermos(w) => !w.is_empty(),
        AnyPropagator::Cages(w) => !w.is_empty(),
        AnyPropagator::Arrows(w) => !w.is_empty(),
        AnyPropagator::LittleKillers(w) => !w.is_empty(),
        AnyPropagator::Groups(w) => !w.is_empty(),
        _ => false,
    }));
}

/// Runs `propagators` in order, each to its own fixpoint, starting over from the first
/// whenever one says the rules before it must run again.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn fixpoint<S: Sink>(
    propagators: &mut [AnyPropagator],
    cx: &mut Context<'_, S>,
) -> Result<(), Contradiction> {
    'again: loop {
        for propagator in propagators.iter_mut() {
            if propagator.propagate(cx)? {
                continue 'again;
            }
        }
        return Ok(());
    }
}

impl<S: Sink> Drain<S> for Vec<AnyPropagator> {
    #[inline(never)]
    fn drain(&mut self, cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
        fixpoint(self, cx)
    }
}

/// A search's propagators, in their two tiers (see `propagate.rs`), with their work lists.
#[derive(Clone, Debug)]
pub(crate) struct Propagation {
    geometry: &'static Geometry,
    /// The propagators of assignments, run first and after every change.
    eager: Vec<AnyPropagator>,
    /// The unit rules, run when the first tier is quiet.
    lazy: Vec<AnyPropagator>,
    needs: Needs,
    queue: Queue,
    singles: Singles,
}

impl Propagation {
    /// The propagators of `inference` on boards of `geometry`, in the order they run.
    pub(crate) fn new(geometry: &'static Geometry, inference: Inference) -> Propagation {
        let mut eager = Vec::new();
        let mut lazy = Vec::new();
        let unit_rules =
            inference.hidden_singles || inference.hidden_pairs || inference.locked_candidates;
        if let Some(algorithm) = inference.arcs {
            eager.push(AnyPropagator::ArcConsistency(ArcConsistency::new(
                geometry, algorithm,
            )));
        } else {
            if inference.forward_check {
                eager.push(AnyPropagator::ForwardCheck(ForwardCheck::new(
                    inference.arc_consistency,
                    unit_rules,
                )));
            }
            if inference.hidden_singles {
                lazy.push(AnyPropagator::HiddenSingles(HiddenSingles));
            }
            if inference.locked_candidates {
                lazy.push(AnyPropagator::LockedCandidates(LockedCandidates));
            }
            if inference.naked_pairs {
                lazy.push(AnyPropagator::NakedPairs(NakedPairs));
            }
            if inference.hidden_pairs {
                lazy.push(AnyPropagator::HiddenPairs(HiddenPairs));
            }
        }
        push_variants(geometry, &mut eager);
        let needs = eager
            .iter()
            .chain(&lazy)
            .fold(Needs::default(), |needs, p| needs.or(p.needs()));
        Propagation {
            geometry,
            eager,
            lazy,
            needs,
            queue: Queue::with_capacity(geometry.cell_count()),
            singles: Singles::default(),
        }
    }

    /// The board's geometry.
    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// Adds learned nogoods to the propagators, after the unit rules (see
    /// `propagate/nogoods.rs`): for a search that learns them.
    pub(crate) fn learning(&mut self) {
        if self.nogoods().is_none() {
            self.lazy
                .push(AnyPropagator::Nogoods(Nogoods::new(self.geometry)));
            self.needs = self.needs.or(Needs {
                sees_full_grid: true,
                snapshots: true,
                ..Needs::default()
            });
        }
    }

    /// The learned nogoods, for a search that learns them.
    pub(crate) fn nogoods(&self) -> Option<&Nogoods> {
        self.lazy.iter().find_map(|p| match p {
            AnyPropagator::Nogoods(n) => Some(n),
            _ => None,
        })
    }

    fn nogoods_mut(&mut self) -> Option<&mut Nogoods> {
        self.lazy.iter_mut().find_map(|p| match p {
            AnyPropagator::Nogoods(n) => Some(n),
            _ => None,
        })
    }

    /// Keeps nogood `id` (asserting literal first), to be propagated from the next run on.
    pub(crate) fn learn(&mut self, id: u32, literals: &[crate::reason::Literal]) {
        if let Some(n) = self.nogoods_mut() {
            n.learn(id, literals);
        }
    }

    /// Deletes the nogoods `ids`.
    pub(crate) fn forget(&mut self, ids: &[u32]) {
        if let Some(n) = self.nogoods_mut() {
            for &id in ids {
                n.forget(id);
            }
        }
    }

    /// The board went back to `grid` (a backtrack, a jump, a restart): the nogoods look
    /// from there.
    pub(crate) fn backtracked(&mut self, grid: &crate::grid::Grid) {
        if let Some(n) = self.nogoods_mut() {
            n.resync(grid);
        }
    }

    /// A context for the search's own prunes (a rejected or refuted digit), which drains
    /// nothing.
    pub(crate) fn context<'a, S: Sink>(
        &'a mut self,
        state: &'a mut State,
        sink: &'a mut S,
    ) -> Context<'a, S> {
        Context::new(
            state,
            sink,
            &mut self.queue,
            &mut self.singles,
            self.needs.singles,
            None,
            None,
        )
    }

    /// What the grid must keep for these propagators.
    #[inline]
    pub(crate) fn needs(&self) -> Needs {
        self.needs
    }

    /// Ready for another puzzle of the same size: no work waiting, nothing remembered.
    pub(crate) fn reset(&mut self) {
        self.clear();
        for propagator in self.eager.iter_mut().chain(&mut self.lazy) {
            propagator.reset();
        }
    }

    /// Forgets the work waiting (after a wipeout, which the search backtracks from).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.queue.clear();
        self.singles.clear();
    }

    /// Queues `cell`, just decided, for the propagators of assignments (if any).
    #[inline]
    pub(crate) fn assigned(&mut self, cell: Cell) {
        if self.needs.assignments {
            self.queue.push(cell);
        }
    }

    /// The propagators' part before the first decision (the givens' forward checks).
    pub(crate) fn start<S: Sink>(
        &mut self,
        state: &mut State,
        sink: &mut S,
    ) -> Result<(), Contradiction> {
        let Propagation {
            eager,
            lazy,
            needs,
            queue,
            singles,
            ..
        } = self;
        let mut cx = Context::new(state, sink, queue, singles, needs.singles, None, None);
        for propagator in eager.iter_mut().chain(lazy.iter_mut()) {
            propagator.start(&mut cx)?;
        }
        Ok(())
    }

    /// Runs every propagator to the fixpoint: the first tier drained, then the unit rules
    /// in order, back to the first after one that changed something. `refuted` is the cell
    /// whose decision was just refuted, if that is what is propagated.
    pub(crate) fn run<S: Sink>(
        &mut self,
        state: &mut State,
        sink: &mut S,
        refuted: Option<Cell>,
    ) -> Result<(), Contradiction> {
        let Propagation {
            eager,
            lazy,
            needs,
            queue,
            singles,
            ..
        } = self;
        let mut cx = Context::new(
            state,
            sink,
            queue,
            singles,
            needs.singles,
            refuted,
            Some(eager),
        );
        // On a contradiction the work lists keep what was pending: the search backtracks
        // next, and clears them.
        'again: loop {
            cx.drain()?;
            // A full grid leaves the unit rules nothing: every unit holds every digit (the
            // first tier let no two peers share one), so no noted pair is a hidden single or
            // a wipeout, and no open cell has a candidate to prune. Skipping them changes no
            // event; they would only read the notes.
            if lazy.is_empty() || (cx.grid().open_count() == 0 && !needs.sees_full_grid) {
                return Ok(());
            }
            // The unit rules read the place counts: from here on they are kept.
            cx.grid_mut().catch_up(needs.locks, needs.two_places);
            if !needs.takes_notes {
                // The notes made since the last pass, to the rules that asked for them.
                cx.grid_mut().hand_notes(true);
            }
            for propagator in lazy.iter_mut() {
                if propagator.propagate(&mut cx)? {
                    continue 'again;
                }
                if cx.grid().open_count() == 0 && !needs.sees_full_grid {
                    return Ok(());
                }
            }
            return Ok(());
        }
    }
}
