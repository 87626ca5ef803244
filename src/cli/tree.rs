//! `dokuscope tree`: one search's tree as JSON, Graphviz DOT or an indented outline.

use std::io::{self, BufWriter, Write};

use super::args::{TreeArgs, TreeFormat};
use super::input;
use crate::solver::tree::{FoldPolicy, SearchTree, export};

/// Runs the search to its stop (the first solution unless `--count`), then writes its tree.
pub fn run(args: &TreeArgs) -> anyhow::Result<u8> {
    if let Some(file) = &args.events {
        let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
        if !super::received::is_received(file) {
            anyhow::bail!(
                "{file}: tree --events reads a search received by `listen --save` (its start object says \"search\":\"profiler\"); a trace of dokuscope's own events is `watch --events {file}`"
            );
        }
        super::received::write_tree(file, args.format, &mut out)?;
        return match out.flush() {
            Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.into()),
            _ => Ok(super::EXIT_OK),
        };
    }
    let (name, strategy) = args.strategy.resolve()?;
    if strategy.local().is_some() {
        anyhow::bail!(
            "{name} is a local search: it changes a complete assignment step by step and makes no decisions, so it has no search tree (`dokuscope trace -p {name}` prints its steps)"
        );
    }
    let entry = input::nth_puzzle(args.puzzle.as_deref(), args.index)?;
    let puzzle = &entry.puzzle;
    let mut search = super::trace::limited_search(
        &entry,
        strategy,
        args.count,
        args.node_limit,
        args.decide.as_deref(),
    )?;
    let mut tree = SearchTree::for_strategy(&strategy);
    let budget = usize::try_from(args.fold_above).unwrap_or(usize::MAX);
    tree.set_fold_policy(FoldPolicy {
        budget,
        window: budget / 8,
        ..FoldPolicy::default()
    });
    for (step, event) in search.by_ref().enumerate() {
        tree.observe(step as u64 + 1, &event);
    }
    if let Some(error) = args
        .decide
        .as_deref()
        .and_then(|decide| super::headless::unmet(&search, decide))
    {
        anyhow::bail!("{}: {error}", entry.location);
    }
    let g = puzzle.geometry();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = match args.format {
        TreeFormat::Json => export::write_json(&mut out, g, &tree),
        TreeFormat::Dot => export::write_dot(&mut out, g, &tree),
        TreeFormat::Text => export::write_text(&mut out, g, &tree),
    }
    .and_then(|()| out.flush());
    match written {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(super::EXIT_OK),
    }
}
