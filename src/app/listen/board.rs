//! The board of a received search at a node: the givens the user named (`--puzzle`) and the
//! decisions on the path from the run's root to the node, read from the solvers' labels. The
//! protocol carries no prunes, so an open cell shows only what the decisions on it left it:
//! every digit unless a label said `!=`, `<=`, ... of that cell.

use dokuscope_profiler::{Cell, Decision, Execution, LabelReader, Literal, NodeIndex, Relation};

use super::walk;

/// Cells on the board (the labels name the cells of a 9×9 Sudoku).
pub const CELLS: usize = 81;
/// Every digit 1-9 as bits 1-9.
const ALL: u16 = 0b11_1111_1110;

/// One cell as the path leaves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A given of `--puzzle`.
    Given(u8),
    /// Assigned by the `n`th decision on the path (from 1).
    Placed {
        /// The digit.
        digit: u8,
        /// Which decision of the path placed it.
        order: usize,
    },
    /// Open: the digits the decisions on it left (bits 1-9), all nine when none named it.
    Open(u16),
}

/// The board at a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathBoard {
    /// The 81 cells, row by row.
    pub squares: [Square; CELLS],
    /// The decisions on the path read as cells, in order, with their nodes.
    pub decisions: Vec<(NodeIndex, Decision)>,
    /// Labels on the path that name no cell.
    pub unread: usize,
    /// The node's own decision (the edge into it), if it names a cell.
    pub last: Option<Decision>,
    /// The node's nogood read as literals on cells (Chuffed's learned clause).
    pub nogood: Vec<Decision>,
    /// The nogood's literals that name no cell.
    pub nogood_text: usize,
}

impl PathBoard {
    /// The board of `node`: the givens, then each decision on its path.
    pub fn at(
        execution: &Execution,
        reader: &LabelReader,
        givens: &[Option<u8>],
        node: NodeIndex,
    ) -> PathBoard {
        let mut squares = [Square::Open(ALL); CELLS];
        for (square, given) in squares.iter_mut().zip(givens) {
            if let Some(d) = given {
                *square = Square::Given(*d);
            }
        }
        let mut board = PathBoard {
            squares,
            decisions: Vec::new(),
            unread: 0,
            last: None,
            nogood: Vec::new(),
            nogood_text: 0,
        };
        for at in walk::path(execution, node) {
            let Some(label) = execution.node(at).and_then(|v| v.label) else {
                continue;
            };
            match reader.read(label) {
                Some(decision) => {
                    board.decide(decision);
                    board.decisions.push((at, decision));
                    if at == node {
                        board.last = Some(decision);
                    }
                }
                None => board.unread += 1,
            }
        }
        if let Some(nogood) = execution.node(node).and_then(|v| v.nogood) {
            for literal in reader.read_nogood(nogood) {
                match literal {
                    Literal::Decision(d) => board.nogood.push(d),
                    Literal::Text(_) => board.nogood_text += 1,
                }
            }
        }
        board
    }

    fn decide(&mut self, decision: Decision) {
        let order = self.decisions.len() + 1;
        let square = &mut self.squares[decision.cell.index()];
        let Square::Open(mask) = *square else {
            return;
        };
        let allowed = decision.allowed_digits().fold(0u16, |m, d| m | (1 << d));
        let left = mask & allowed;
        *square = match (decision.relation, left.count_ones()) {
            (Relation::Eq, 1) => Square::Placed {
                digit: left.trailing_zeros() as u8,
                order,
            },
            _ => Square::Open(left),
        };
    }

    /// The square of a cell.
    pub fn square(&self, cell: Cell) -> Square {
        self.squares[cell.index()]
    }

    /// Whether any decision on the path names a cell (else the board says nothing of the search).
    pub fn names_cells(&self) -> bool {
        !self.decisions.is_empty() || self.last.is_some() || !self.nogood.is_empty()
    }
}
