//! What the tests of the readers share: an independent checker of every constraint
//! ([`rules`]), a small independent solver ([`solver`]) and the bundled puzzles with what
//! their files say of them ([`bundle`]).

#![allow(dead_code, reason = "each test file uses some of these helpers")]

pub mod bundle;
pub mod rules;
pub mod solver;
