//! The checks an audit makes on each event, against the replayed state just before it: the
//! change is possible, its cause holds, the cell and value orders chose what their
//! definitions say, and propagation reached the enabled rules' fixpoint before a decision.

use std::collections::HashMap;

mod learning;

use dokuscope::solver::geometry::Geometry;
use dokuscope::solver::strategy::{LookBack, Restart};
use dokuscope::solver::variant;
use dokuscope::solver::{
    AssignCause, Cell, CellOrder, Digit, Domain, Event, Grid, Inference, PruneCause, Strategy,
    Unit, ValueOrder, WipeoutSite,
};

/// The search shape the checker follows: the decision cells by depth.
pub struct Checker {
    frames: Vec<Cell>,
    previous: Option<Event>,
    order: CellOrder,
    values: ValueOrder,
    forward_check: bool,
    inference: Inference,
    /// A static order's sequence, fixed at the first selection.
    sequence: Option<Vec<Cell>>,
    lookback: LookBack,
    restarts: bool,
    seeded: bool,
    /// dom/wdeg's weights, kept here from the weight events: the constraints bumped so far.
    weights: HashMap<(Cell, Cell), u32>,
    /// The cell whose decisions are being tried: the last selected, or the one a backtrack
    /// returned to (Lecoutre et al.'s last-conflict variable when a failure comes).
    trying: Option<Cell>,
    /// Last-conflict reasoning: the cell being tried at the last wipeout, until selected.
    last_conflict: Option<Cell>,
    /// The culprits reported since the last event that was not one.
    culprits: Vec<Cell>,
    /// The culprits of the last wipeout: the jump it announces.
    jump: Option<Cell>,
    /// What a search that learns nogoods learned.
    learning: learning::Learned,
}

/// Checks that propagation stopped at a fixpoint of the enabled rules: before each
/// decision, no enabled rule has anything left to do.
fn fixpoint(grid: &Grid, inference: Inference) -> Result<(), String> {
    let g = grid.geometry();
    let name = |c: Cell| g.cell_name(c);
    let unit_name = |u: Unit| g.unit_name(u);
    let open = |c: &&Cell| grid.is_open(**c);
    if inference.forward_check {
        for cell in g.cells().filter(|&c| grid.is_open(c)) {
            for &peer in g.peers(cell) {
                if let Some(digit) = grid.value(peer) {
                    if grid.domain(cell).contains(digit) {
                        return Err(format!(
                            "forward checking left {digit} in {}, held by {}",
                            name(cell),
                            name(peer)
                        ));
                    }
                }
            }
            if grid.domain(cell).is_empty() {
                return Err(format!(
                    "{} has no candidate and no wipeout was reported",
                    name(cell)
                ));
            }
            if inference.arc_consistency && grid.domain(cell).len() == 1 {
                return Err(format!(
                    "arc consistency left the naked single {} open",
                    name(cell)
                ));
            }
        }
    }
    for unit in g.units() {
        let cells: Vec<Cell> = g.unit_cells(unit).iter().filter(open).copied().collect();
        let missing = Domain::full(g.size()).minus(grid.placed(unit));
        if inference.hidden_singles {
            for digit in missing {
                if places(grid, unit, digit).len() < 2 {
                    return Err(format!(
                        "hidden singles left {digit} with one place or none in {}",
                        unit_name(unit)
                    ));
                }
            }
        }
        if inference.naked_pairs {
            for (i, &a) in cells.iter().enumerate() {
                let pair = grid.domain(a);
                for &b in &cells[i + 1..] {
                    let useful = cells
                        .iter()
                        .any(|&c| c != a && c != b && !grid.domain(c).and(pair).is_empty());
                    if pair.len() == 2 && grid.domain(b) == pair && useful {
                        return Err(format!(
                            "naked pairs left the pair {} {} {pair} in {}",
                            name(a),
                            name(b),
                            unit_name(unit)
                        ));
                    }
                }
            }
        }
        if inference.hidden_pairs {
            let digits: Vec<Digit> = missing.iter().collect();
            for (i, &x) in digits.iter().enumerate() {
                let spots = places(grid, unit, x);
                for &y in &digits[i + 1..] {
                    let both = Domain::single(x).with(y);
                    let wider = spots.iter().any(|&c| grid.domain(c).len() > 2);
                    if spots.len() == 2 && places(grid, unit, y) == spots && wider {
                        return Err(format!(
                            "hidden pairs left {both} in {} {} of {}",
                            name(spots[0]),
                            name(spots[1]),
                            unit_name(unit)
                        ));
                    }
                }
            }
        }
        // Locked candidates: a digit's two or more places in `unit` all in `crossing`.
        for digit in missing.iter().filter(|_| inference.locked_candidates) {
            let spots = places(grid, unit, digit);
            for crossing in g.units().filter(|&u| u != unit && spots.len() >= 2) {
                let inside = spots.iter().all(|&c| units_containing(g, crossing, c));
                let outside = places(grid, crossing, digit);
                if inside && outside.iter().any(|&c| !units_containing(g, unit, c)) {
                    let (u, x) = (unit_name(unit), unit_name(crossing));
                    return Err(format!("locked candidates left {digit} of {u} in {x}"));
                }
            }
        }
    }
    Ok(())
}

/// Open peers of `cell` (the degree), and assigned peers (the constraints).
fn degree_and_constraints(grid: &Grid, cell: Cell) -> (usize, usize) {
    let peers = grid.geometry().peers(cell);
    let open = peers.iter().filter(|&&p| grid.is_open(p)).count();
    (open, peers.len() - open)
}

impl Checker {
    /// A checker for `strategy`, whose rules in effect are `inference`.
    pub fn new(strategy: Strategy, inference: Inference) -> Checker {
        Checker {
            frames: Vec::new(),
            previous: None,
            order: strategy.order,
            values: strategy.values,
            forward_check: inference.forward_check,
            inference,
            sequence: None,
            lookback: strategy.lookback,
            restarts: strategy.restart != Restart::Never,
            seeded: strategy.seed.is_some(),
            weights: HashMap::new(),
            trying: None,
            last_conflict: None,
            culprits: Vec::new(),
            jump: None,
            learning: learning::Learned::new(
                strategy.learning.vsids && strategy.lookback == LookBack::Nogood,
            ),
        }
    }

    /// The weight of the constraint between peers `a` and `b`: 1, plus its bumps.
    fn weight(&self, a: Cell, b: Cell) -> u32 {
        let key = if a < b { (a, b) } else { (b, a) };
        self.weights.get(&key).copied().unwrap_or(1)
    }

    /// dom/wdeg's weighted degree of `cell`: its constraints' weights with open peers.
    fn wdeg(&self, grid: &Grid, cell: Cell) -> u32 {
        grid.geometry()
            .peers(cell)
            .iter()
            .filter(|&&p| grid.is_open(p))
            .map(|&p| self.weight(cell, p))
            .sum()
    }

    /// The cell each order should choose, computed here from its definition (ties to the
    /// earlier cell in reading order), and the tie-break its score should report.
    fn expected_select<'g>(&mut self, grid: &'g Grid) -> (Option<Cell>, impl Fn(Cell) -> u16 + 'g) {
        let open: Vec<Cell> = grid
            .geometry()
            .cells()
            .filter(|&c| grid.is_open(c))
            .collect();
        let len = |c: Cell| grid.domain(c).len();
        let deg = |c: Cell| degree_and_constraints(grid, c).0;
        let con = |c: Cell| degree_and_constraints(grid, c).1;
        let max = usize::MAX;
        let chosen = match self.order {
            CellOrder::RowMajor => open.first().copied(),
            CellOrder::Reverse => open.last().copied(),
            CellOrder::StaticDomain => {
                let sequence = self.sequence.get_or_insert_with(|| {
                    let mut all: Vec<Cell> = grid.geometry().cells().collect();
                    all.sort_by_key(|&c| (len(c), c));
                    all
                });
                sequence.iter().copied().find(|&c| grid.is_open(c))
            }
            CellOrder::Mrv => open.iter().copied().min_by_key(|&c| (len(c), c)),
            CellOrder::MrvDegree => open
                .iter()
                .copied()
                .min_by_key(|&c| (len(c), max - deg(c), c)),
            CellOrder::MostConstraints => open.iter().copied().min_by_key(|&c| (max - con(c), c)),
            CellOrder::MrvConstraints => open
                .iter()
                .copied()
                .min_by_key(|&c| (len(c), max - con(c), c)),
            CellOrder::DomWdeg | CellOrder::DomWdegLc => {
                let last = self.last_conflict.take().filter(|&c| grid.is_open(c));
                let lc = self.order == CellOrder::DomWdegLc;
                // The smallest domain / weighted degree, compared as fractions.
                let ratio = |c: Cell| (len(c) as u64, u64::from(self.wdeg(grid, c)));
                let less = |a: (u64, u64), b: (u64, u64)| match (a.1, b.1) {
                    (0, 0) => a.0 < b.0,
                    (0, _) => false,
                    (_, 0) => true,
                    _ => a.0 * b.1 < b.0 * a.1,
                };
                last.filter(|_| lc).or_else(|| {
                    open.iter()
                        .copied()
                        .fold(None, |best: Option<Cell>, c| match best {
                            Some(b) if !less(ratio(c), ratio(b)) => Some(b),
                            _ => Some(c),
                        })
                })
            }
        };
        let order = self.order;
        let weights: Vec<u32> = grid
            .geometry()
            .cells()
            .map(|c| {
                if grid.is_open(c) {
                    self.wdeg(grid, c)
                } else {
                    0
                }
            })
            .collect();
        let tie_break = move |c: Cell| match order {
            CellOrder::MrvDegree => degree_and_constraints(grid, c).0 as u16,
            CellOrder::MostConstraints | CellOrder::MrvConstraints => {
                degree_and_constraints(grid, c).1 as u16
            }
            CellOrder::DomWdeg | CellOrder::DomWdegLc => {
                u16::try_from(weights[c.index()]).unwrap_or(u16::MAX)
            }
            _ => 0,
        };
        (chosen, tie_break)
    }

    /// The digit the value order should try next in `cell`: the smallest, or the one ruling
    /// out the fewest candidates of open peers in their current domains (ties to the smaller).
    fn expected_value(&self, grid: &Grid, cell: Cell) -> Option<Digit> {
        let domain = grid.domain(cell);
        match self.values {
            ValueOrder::Ascending => domain.first(),
            ValueOrder::Lcv => domain.iter().min_by_key(|&d| {
                let ruled_out = grid
                    .geometry()
                    .peers(cell)
                    .iter()
                    .filter(|&&p| grid.is_open(p) && grid.domain(p).contains(d))
                    .count();
                (ruled_out, d)
            }),
        }
    }
}

fn units_containing(g: &Geometry, unit: Unit, cell: Cell) -> bool {
    g.unit_cells(unit).contains(&cell)
}

/// The open cells of `unit` whose domain holds `digit`.
fn places(grid: &Grid, unit: Unit, digit: Digit) -> Vec<Cell> {
    grid.geometry()
        .unit_cells(unit)
        .iter()
        .copied()
        .filter(|&c| grid.is_open(c) && grid.domain(c).contains(digit))
        .collect()
}

impl Checker {
    /// Checks `event` against the state just before it.
    pub fn check(&mut self, grid: &Grid, depth: usize, event: &Event) -> Result<(), String> {
        let result = self.check_inner(grid, depth, event);
        self.previous = Some(*event);
        result
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one arm per event kind and cause, read as a table"
    )]
    fn check_inner(&mut self, grid: &Grid, depth: usize, event: &Event) -> Result<(), String> {
        let g = grid.geometry();
        let ensure = |ok: bool, what: &str| if ok { Ok(()) } else { Err(what.to_string()) };
        match *event {
            Event::Select {
                cell,
                domain,
                depth: d,
                score,
            } => {
                ensure(grid.is_open(cell), "selects an assigned cell")?;
                ensure(
                    domain == grid.domain(cell),
                    "reports another domain than the cell's",
                )?;
                ensure(
                    usize::from(d) == depth && self.frames.len() == depth,
                    "select depth",
                )?;
                ensure(
                    usize::from(score.candidates) == domain.len(),
                    "score.candidates != domain size",
                )?;
                let seeded = self.seeded;
                let (expected, tie_break) = self.expected_select(grid);
                if seeded {
                    // Ties broken at random: the cell must tie with the first in reading order.
                    let first = expected.ok_or("a select with every cell assigned")?;
                    ensure(
                        grid.domain(first).len() == domain.len()
                            && tie_break(first) == tie_break(cell),
                        "a seeded order chose a cell that does not tie with the best",
                    )?;
                } else if !self.learning.vsids {
                    ensure(expected == Some(cell), "the cell order chose another cell")?;
                }
                ensure(score.tie_break == tie_break(cell), "score.tie_break")?;
                fixpoint(grid, self.inference)?;
                self.frames.push(cell);
                self.trying = Some(cell);
            }
            Event::Assign {
                cell,
                digit,
                depth: d,
                cause,
            } => {
                ensure(grid.is_open(cell), "assigns an assigned cell")?;
                ensure(
                    grid.domain(cell).contains(digit),
                    "assigns a digit outside the domain",
                )?;
                ensure(
                    grid.peer_holding(cell, digit).is_none(),
                    "assigns a digit a peer already holds",
                )?;
                match cause {
                    AssignCause::Decision => {
                        ensure(usize::from(d) == depth + 1, "a decision goes one deeper")?;
                        ensure(
                            Some(digit) == self.expected_value(grid, cell),
                            "the value order chose another digit",
                        )?;
                        ensure(
                            self.frames.len() == depth + 1 && self.frames[depth] == cell,
                            "decides another cell than the selected one",
                        )?;
                    }
                    AssignCause::UserDecision => {
                        ensure(usize::from(d) == depth + 1, "a decision goes one deeper")?;
                        ensure(
                            self.frames.len() == depth + 1 && self.frames[depth] == cell,
                            "decides another cell than the selected one",
                        )?;
                    }
                    AssignCause::Nogood { id } => {
                        let makes = dokuscope::solver::reason::Literal::equal(cell, digit);
                        self.learning.forces(grid, id, cell, makes)?;
                    }
                    AssignCause::NakedSingle => ensure(
                        grid.domain(cell) == Domain::single(digit),
                        "a naked single with several candidates",
                    )?,
                    AssignCause::HiddenSingle { unit } => {
                        ensure(
                            units_containing(g, unit, cell),
                            "a hidden single outside its unit",
                        )?;
                        ensure(
                            places(grid, unit, digit) == [cell],
                            "a hidden single with another place in its unit",
                        )?;
                        ensure(
                            !grid.placed(unit).contains(digit),
                            "a hidden single of a placed digit",
                        )?;
                    }
                }
                // A refutation propagates: when it assigns the pending frame's own cell by
                // inference, that frame has nothing left to decide and is resolved.
                if !cause.is_decision()
                    && self.frames.len() == depth + 1
                    && self.frames.last() == Some(&cell)
                {
                    self.frames.pop();
                }
            }
            Event::Prune {
                cell, digit, cause, ..
            } => {
                ensure(grid.is_open(cell), "prunes an assigned cell")?;
                ensure(
                    grid.domain(cell).contains(digit),
                    "prunes a digit the domain lacks",
                )?;
                match cause {
                    PruneCause::Revise { against } if self.inference.arcs.is_some() => {
                        // Maintaining arc consistency: right after the revision of this arc,
                        // against a peer whose only candidate (or digit) is this one.
                        ensure(
                            matches!(self.previous, Some(Event::Revise { cell: c, against: a, removed: Some(r), .. }) if c == cell && a == against && r == digit),
                            "a revise prune not right after its arc's revision",
                        )?;
                    }
                    PruneCause::ForwardCheck { from } | PruneCause::Revise { against: from } => {
                        ensure(self.forward_check, "forward checking without the rule")?;
                        ensure(g.are_peers(cell, from), "forward checks from a non-peer")?;
                        ensure(
                            grid.value(from) == Some(digit),
                            "forward checks from a peer not holding the digit",
                        )?;
                    }
                    PruneCause::Conflict { with } => {
                        ensure(
                            !self.forward_check,
                            "a consistency check with forward checking on",
                        )?;
                        ensure(
                            g.are_peers(cell, with) && grid.value(with) == Some(digit),
                            "a conflict with a peer not holding the digit",
                        )?;
                        ensure(
                            self.frames.last() == Some(&cell) && self.frames.len() == depth + 1,
                            "a conflict outside the decision cell",
                        )?;
                        if self.lookback == LookBack::Cbj {
                            // Prosser's check blames the earliest assigned peer: a given,
                            // else the decision made first.
                            let level = |c: Cell| {
                                self.frames[..depth]
                                    .iter()
                                    .position(|&f| f == c)
                                    .map_or(0, |i| i + 1)
                            };
                            let earliest = g
                                .peers(cell)
                                .iter()
                                .copied()
                                .filter(|&p| grid.value(p) == Some(digit))
                                .min_by_key(|&p| level(p));
                            ensure(
                                earliest == Some(with),
                                "cbj blames another than the earliest",
                            )?;
                        }
                    }
                    PruneCause::Nogood { id } => {
                        let makes = dokuscope::solver::reason::Literal::differ(cell, digit);
                        self.learning.forces(grid, id, cell, makes)?;
                    }
                    PruneCause::Variant { constraint, with } => {
                        // No digits of the cells the constraint reads satisfy it with this one.
                        let g = grid.geometry();
                        let rules = g.rules().map_or(&[][..], |r| r.constraints());
                        let c = rules.get(usize::from(constraint));
                        ensure(c.is_some(), "a prune by a constraint the board lacks")?;
                        if let Some(c) = c {
                            let mut scope = variant::reason_cells(c, cell, with);
                            scope.push(cell);
                            let domain = |x: Cell| match (x == cell, grid.value(x)) {
                                (true, _) => Domain::single(digit),
                                (false, Some(v)) => Domain::single(v),
                                (false, None) => grid.domain(x),
                            };
                            ensure(
                                !variant::satisfiable(g, rules, c, &scope, &domain),
                                "a variant's prune of a digit that still fits",
                            )?;
                        }
                    }
                    PruneCause::Refuted => {
                        let refutes = matches!(self.previous, Some(Event::Backtrack { cell: c, digit: x, .. }) if c == cell && x == digit);
                        ensure(
                            refutes,
                            "a refutation not right after the backtrack of that decision",
                        )?;
                    }
                    PruneCause::HiddenSingle {
                        unit,
                        digit: single,
                    } => {
                        ensure(
                            units_containing(g, unit, cell) && single != digit,
                            "hidden single prune",
                        )?;
                        ensure(
                            places(grid, unit, single) == [cell],
                            "a hidden single with another place",
                        )?;
                        ensure(
                            !grid.placed(unit).contains(single),
                            "a hidden single of a placed digit",
                        )?;
                    }
                    PruneCause::NakedPair {
                        unit,
                        cells: [a, b],
                    } => {
                        ensure(
                            a != b && units_containing(g, unit, a) && units_containing(g, unit, b),
                            "pair cells outside the unit",
                        )?;
                        ensure(
                            units_containing(g, unit, cell) && cell != a && cell != b,
                            "naked pair prunes outside the unit or in the pair",
                        )?;
                        let pair = grid.domain(a);
                        ensure(
                            grid.is_open(a) && grid.is_open(b),
                            "a naked pair of assigned cells",
                        )?;
                        ensure(
                            pair == grid.domain(b) && pair.len() == 2 && pair.contains(digit),
                            "not a naked pair of this digit",
                        )?;
                    }
                    PruneCause::LockedCandidates {
                        unit,
                        crossing,
                        digit: locked,
                    } => {
                        ensure(locked == digit, "locked candidates of another digit")?;
                        ensure(unit != crossing, "a unit locked in itself")?;
                        ensure(
                            !grid.placed(unit).contains(digit),
                            "locked candidates of a placed digit",
                        )?;
                        ensure(
                            units_containing(g, crossing, cell) && !units_containing(g, unit, cell),
                            "locked candidates prune outside the crossing unit or inside the unit",
                        )?;
                        let spots = places(grid, unit, digit);
                        ensure(!spots.is_empty(), "locked candidates with no place left")?;
                        ensure(
                            spots.iter().all(|&c| units_containing(g, crossing, c)),
                            "the digit has a place in the unit outside the crossing unit",
                        )?;
                    }
                    PruneCause::HiddenPair { unit, digits } => {
                        ensure(
                            digits.len() == 2 && !digits.contains(digit),
                            "hidden pair digits",
                        )?;
                        ensure(
                            grid.placed(unit).and(digits).is_empty(),
                            "a hidden pair of a placed digit",
                        )?;
                        let [x, y]: [Digit; 2] = digits
                            .iter()
                            .collect::<Vec<_>>()
                            .try_into()
                            .map_err(|_| "two digits")?;
                        let spots = places(grid, unit, x);
                        ensure(
                            spots.len() == 2 && spots == places(grid, unit, y),
                            "the pair's digits have other places",
                        )?;
                        ensure(
                            spots.contains(&cell),
                            "a hidden pair prunes outside its two cells",
                        )?;
                    }
                }
            }
            Event::Wipeout { site, depth: d } => {
                ensure(usize::from(d) == depth, "wipeout depth")?;
                self.last_conflict = self.trying;
                let announced = matches!(self.previous, Some(Event::Culprit { .. }));
                self.jump = announced.then(|| self.culprits.last().copied()).flatten();
                match site {
                    WipeoutSite::Cell(cell) => ensure(
                        grid.is_open(cell) && grid.domain(cell).is_empty(),
                        "a cell wipeout with candidates left",
                    )?,
                    WipeoutSite::Nogood { id } => self.learning.violated(grid, id)?,
                    WipeoutSite::Unit { unit, digit } => {
                        ensure(
                            !grid.placed(unit).contains(digit),
                            "a unit wipeout of a placed digit",
                        )?;
                        ensure(
                            places(grid, unit, digit).is_empty(),
                            "a unit wipeout of a digit with a place",
                        )?;
                    }
                    WipeoutSite::Constraint { constraint } => {
                        let g = grid.geometry();
                        let rules = g.rules().map_or(&[][..], |r| r.constraints());
                        let c = rules.get(usize::from(constraint));
                        ensure(c.is_some(), "a wipeout of a constraint the board lacks")?;
                        if let Some(c) = c {
                            let domain =
                                |x: Cell| grid.value(x).map_or(grid.domain(x), Domain::single);
                            ensure(
                                !variant::satisfiable(g, rules, c, &variant::scope(c, g), &domain),
                                "a constraint wipeout of a constraint that still holds",
                            )?;
                        }
                    }
                }
            }
            Event::Backtrack {
                cell,
                digit,
                depth: d,
            } => {
                let d = usize::from(d);
                let learned = self.learning.jump.take();
                match self.jump.take() {
                    // A nogood's jump goes to its level.
                    _ if learned.is_some() => ensure(
                        learned == Some(d) && d < depth,
                        "a jump to another level than the nogood's",
                    )?,
                    // A backjump goes to the latest culprit of its wipeout.
                    Some(target) => ensure(
                        self.frames.get(d) == Some(&target) && d < depth,
                        "a backjump to another decision than the latest culprit",
                    )?,
                    None => ensure(
                        d + 1 == depth,
                        "a backtrack undoes other than the newest decision",
                    )?,
                }
                ensure(
                    grid.value(cell) == Some(digit),
                    "a backtrack of a decision not in effect",
                )?;
                ensure(
                    self.frames.get(d) == Some(&cell),
                    "a backtrack of another cell than decision's",
                )?;
                ensure(
                    matches!(
                        self.previous,
                        Some(
                            Event::Wipeout { .. }
                                | Event::Solution { .. }
                                | Event::Weight { .. }
                                | Event::Learn { .. }
                        )
                    ),
                    "a backtrack without a wipeout or solution",
                )?;
                // A search that learns selects anew after its jump; others try the
                // frame's next digit.
                let kept = if learned.is_some() { d } else { d + 1 };
                self.frames.truncate(kept);
                self.trying = Some(cell);
            }
            Event::Culprit {
                cell,
                digit,
                depth: d,
            } => {
                ensure(
                    self.lookback == LookBack::Cbj,
                    "a culprit without backjumping",
                )?;
                ensure(usize::from(d) == depth, "culprit depth")?;
                ensure(
                    self.frames[..depth].contains(&cell) && grid.value(cell) == Some(digit),
                    "a culprit that is no decision in effect",
                )?;
                if !matches!(self.previous, Some(Event::Culprit { .. })) {
                    self.culprits.clear();
                }
                let level = |c: Cell| self.frames.iter().position(|&f| f == c);
                ensure(
                    self.culprits.last().is_none_or(|&l| level(l) < level(cell)),
                    "culprits out of decision order",
                )?;
                self.culprits.push(cell);
            }
            Event::Weight {
                cells: [a, b],
                weight,
                ..
            } => {
                ensure(
                    matches!(self.order, CellOrder::DomWdeg | CellOrder::DomWdegLc),
                    "a weight without dom/wdeg",
                )?;
                ensure(
                    matches!(self.previous, Some(Event::Wipeout { site: WipeoutSite::Cell(c), .. }) if c == a),
                    "a weight not right after its cell's wipeout",
                )?;
                ensure(
                    g.are_peers(a, b) && grid.value(b).is_some(),
                    "a weight of a non-constraint",
                )?;
                ensure(
                    weight == self.weight(a, b) + 1,
                    "a weight bumped by other than 1",
                )?;
                let key = if a < b { (a, b) } else { (b, a) };
                self.weights.insert(key, weight);
            }
            Event::Restart { .. } => {
                ensure(self.restarts, "a restart without a policy")?;
                ensure(
                    matches!(
                        self.previous,
                        Some(Event::Wipeout { .. } | Event::Weight { .. } | Event::Learn { .. })
                    ),
                    "a restart without a failure",
                )?;
                self.frames.clear();
                self.jump = None;
                self.learning.jump = None;
                self.trying = None;
            }
            Event::Solution { depth: d } => {
                ensure(
                    usize::from(d) == depth && grid.open_count() == 0,
                    "a solution with open cells",
                )?;
            }
            Event::Revise {
                cell,
                against,
                removed,
                checks,
                depth: d,
                ..
            } => {
                ensure(self.inference.arcs.is_some(), "a revision without MAC")?;
                ensure(usize::from(d) == depth, "revise depth")?;
                ensure(grid.is_open(cell), "revises an assigned cell")?;
                ensure(g.are_peers(cell, against), "an arc between non-peers")?;
                // Against an assigned peer, its digit; else its candidates.
                let support = grid
                    .value(against)
                    .map_or_else(|| grid.domain(against), Domain::single);
                let unsupported = support.only().filter(|&s| grid.domain(cell).contains(s));
                ensure(
                    removed == unsupported,
                    "the revision removed other than the digits without support",
                )?;
                // AC-3 compares each digit with the peer's in ascending order until one
                // differs: one pair, or two when the first is the digit itself.
                let ac3 = grid
                    .domain(cell)
                    .iter()
                    .map(|x| {
                        if support.first() == Some(x) {
                            support.len().min(2)
                        } else {
                            1
                        }
                    })
                    .sum::<usize>();
                match self.inference.arcs {
                    Some(dokuscope::solver::strategy::ArcConsistency::Ac3) => {
                        ensure(usize::from(checks) == ac3, "AC-3's checks")?;
                    }
                    _ => ensure(usize::from(checks) <= ac3, "AC-2001 checks more than AC-3")?,
                }
            }
            Event::Learnt { literal, .. } => self.learning.literal(grid, literal)?,
            Event::Learn {
                id, size, level, ..
            } => self.learning.learn(id, size, level, depth)?,
            Event::Exhausted | Event::Limit => {}
            Event::Set { .. } | Event::Swap { .. } => {
                return Err("a local search's move in a backtracking search".into());
            }
        }
        Ok(())
    }
}
