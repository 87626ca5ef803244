//! AC-3's queue as a view derives it from the events.
