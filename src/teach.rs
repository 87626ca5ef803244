//! Teaching: questions a search can be asked about itself, their right answers, and
//! lessons a teacher writes. Pure, like the engine it reads: no terminal, no command line.
//!
//! - [`kind`]: the kinds of question (the quiz's four board kinds, and a lesson's choice,
//!   number and free questions).
//! - [`oracle`]: where a search reaches a question point, and the right answers there,
//!   worked out from the search itself (a clone run ahead), never typed by anyone.
//! - [`answer`]: a student's answer read from what they typed or picked, and its verdict.
//! - [`record`]: one line of an answers file, and the score by kind.
//! - [`lesson`]: the lesson file (TOML) read into a model with every value's location.
//! - [`check`]: a lesson checked against the searches it names, into a [`check::Plan`]
//!   that the player follows; every error located (`intro.toml:23:9: stop 4: ...`).

pub mod answer;
pub mod check;
pub mod kind;
pub mod lesson;
pub mod locate;
pub mod oracle;
pub mod record;

pub use kind::{Kind, KindSet};
