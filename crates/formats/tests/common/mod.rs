//! What the tests of the readers share: an independent checker of every constraint
//! ([`rules`]), a small independent solver ([`solver`]) and the bundled puzzles with what
//! their files say of them ([`bundle`]).

#![allow(dead_code, reason = "each test file uses some of these helpers")]
#![allow(
    clippy::many_single_char_names,
    clippy::too_many_lines,
    reason = "the rules read as written: a, b for a pair, n for the side; one arm a constraint"
)]

pub mod bundle;
pub mod rules;
pub mod solver;
