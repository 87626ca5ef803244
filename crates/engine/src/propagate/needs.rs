//! What a propagator reads from the grid beyond the domains, so that the grid keeps only
//! what some propagator of the search reads.

/// What a propagator reads from the grid beyond the domains (and one thing it promises the
/// search). The search keeps the union of its propagators' needs, and nothing more: plain
/// backtracking pays for no count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "one switch per thing the grid can keep"
)]
pub(crate) struct Needs {
    /// It propagates each assignment to the cell's peers (forward checking, arc
    /// consistency): assignments are queued for it, and no digit needs to be checked against
    /// the assigned peers before it is tried.
    pub(crate) assignments: bool,
    /// The cells left with one candidate, noted as prunes leave them so (naked singles).
    pub(crate) singles: bool,
    /// It assigns every cell left with one candidate before the next decision, so that an
    /// open cell has two candidates or more when the search selects one (naked singles, arc
    /// consistency): a promise the cell order may rely on, not a need.
    pub(crate) leaves_no_single: bool,
    /// The places left to each digit in each unit, counted, and the (unit, digit) pairs
    /// whose places dropped to one or none noted (hidden singles, hidden pairs, locked
    /// candidates).
    pub(crate) places: bool,
    /// It takes the grid's notes of (unit, digit) place counts itself, first, handing on to
    /// the other rules the notes it does not use (hidden singles). Without one that does,
    /// the grid hands all its notes on at each pass of the unit rules.
    pub(crate) takes_notes: bool,
    /// On boards with digit bitboards, the unit rules may scan them instead of counting
    /// places (hidden singles, whose order of finds changes no search, allow it).
    pub(crate) scan: bool,
    /// The units where a digit's places dropped to a few, noted (locked candidates).
    pub(crate) locks: bool,
    /// The (unit, digit) pairs left with two places, noted (hidden pairs).
    pub(crate) two_places: bool,
    /// The cells left with two candidates, noted (naked pairs).
    pub(crate) bivalue: bool,
    /// Propagations long enough that saving the grid at each decision is cheaper than
    /// undoing it change by change (everything beyond forward checking: measured with
    /// callgrind, 3 % more instructions with snapshots for `fc-mrv`, 14 % fewer for `mrv`).
    pub(crate) snapshots: bool,
    /// It must look at a full grid too, where the unit rules have nothing left to do
    /// (learned nogoods: a full grid may still break one, as a solution's nogood does).
    pub(crate) sees_full_grid: bool,
}

impl Needs {
    /// Both needs together.
    #[must_use]
    pub(crate) fn or(self, other: Needs) -> Needs {
        Needs {
            assignments: self.assignments || other.assignments,
            singles: self.singles || other.singles,
            leaves_no_single: self.leaves_no_single || other.leaves_no_single,
            places: self.places || other.places,
            takes_notes: self.takes_notes || other.takes_notes,
            scan: self.scan || other.scan,
            locks: self.locks || other.locks,
            two_places: self.two_places || other.two_places,
            bivalue: self.bivalue || other.bivalue,
            snapshots: self.snapshots || other.snapshots,
            sees_full_grid: self.sees_full_grid || other.sees_full_grid,
        }
    }
}
