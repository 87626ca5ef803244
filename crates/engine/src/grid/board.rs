//! Cell bitboards of up to 128 cells, kept as two 64-bit words.

use crate::geometry::Cell;

/// A bitboard of up to 128 cells kept as two words, so that setting or clearing one cell
/// is a 64-bit operation (a 128-bit shift by a variable amount is several instructions).
pub(super) type Board = [u64; 2];

/// The word of a [`Board`] holding `cell` (bits above 127 wrap: such boards are never read)
/// and its bit in that word.
#[inline]
pub(super) fn board_bit(cell: Cell) -> (usize, u64) {
    ((cell.index() >> 6) & 1, 1 << (cell.index() & 63))
}

/// The board as one `u128` (bit i for cell i).
#[inline]
pub(super) fn join(board: Board) -> u128 {
    u128::from(board[1]) << 64 | u128::from(board[0])
}
