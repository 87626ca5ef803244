//! Names on the command line: preset `you` where it applies (watch, compare) and a located
//! refusal elsewhere; the strategy parts' help built from the engine's own lists, so no
//! rule is left out of `--help`; a name one typo away gets "did you mean".
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::process::Command;

use dokuscope::solver::strategy::{CellOrder, Inference, ValueOrder};

const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");

/// Exit code, standard output and standard error of the binary run with `args`.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn presets_lists_you_and_says_where_it_applies() {
    let (code, out, _) = run(&["presets"]);
    assert_eq!(code, 0);
    let row = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some("you"))
        .unwrap_or_else(|| unreachable!("no `you` row:\n{out}"));
    assert!(
        row.contains("manual") && row.contains("watch and compare only"),
        "{row}"
    );
    assert!(out.contains("every preset above but you"), "{out}");
}

#[test]
fn the_views_help_names_you_and_the_headless_commands_refuse_it_with_a_reason() {
    for view in ["watch", "compare"] {
        let (code, out, _) = run(&[view, "--help"]);
        assert_eq!(code, 0);
        // clap wraps the help to the terminal's width: compare the words.
        let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("`you`: you choose every cell"),
            "{view}:\n{out}"
        );
    }
    let (_, out, _) = run(&["solve", "--help"]);
    assert!(!out.contains("`you`"), "{out}");
    for args in [
        &["solve", "-p", "you", HARD][..],
        &["trace", "-p", "you", HARD],
        &["tree", "-p", "you", HARD],
        &["bench", "-p", "you", HARD],
        &["snapshot", "-p", "you"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(
            err.trim_end(),
            "dokuscope: preset 'you' is you choosing every cell, so only watch and compare take it: solve, trace, tree, bench and snapshot need a cell order that runs by itself (the default is `fast`)",
            "{args:?}"
        );
    }
}

#[test]
fn the_strategy_parts_help_lists_every_name_the_engine_accepts() {
    for command in ["solve", "trace", "tree"] {
        let (code, out, _) = run(&[command, "--help"]);
        assert_eq!(code, 0);
        let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
        let flag = |name: &str| {
            let at = words.find(name).unwrap_or_else(|| unreachable!("{name}"));
            let rest = &words[at + name.len()..];
            rest[..rest.find(" --").unwrap_or(rest.len())].to_string()
        };
        let infer = flag("--infer");
        for rule in Inference::NAMES {
            assert!(infer.contains(&format!(" {rule}")), "{command}: {infer}");
        }
        assert!(infer.contains("lc"), "#37: lc was missing: {infer}");
        let order = flag("--order");
        for o in CellOrder::ALL {
            assert!(order.contains(o.name()), "{command}: {order}");
        }
        let values = flag("--values");
        for v in ValueOrder::ALL {
            assert!(values.contains(v.name()), "{command}: {values}");
        }
    }
}

#[test]
fn a_name_one_typo_away_gets_did_you_mean_and_bench_lists_its_groups() {
    let (code, _, err) = run(&["bench", HARD, "-p", "fsat"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown preset or group 'fsat': did you mean 'fast'?"),
        "{err}"
    );
    assert!(err.contains("seed003") && err.contains(", all)"), "{err}");
    let (_, _, err) = run(&["trace", HARD, "-p", "mrv-degre"]);
    assert!(err.contains("did you mean 'mrv-degree'?"), "{err}");
    let (_, _, err) = run(&["solve", HARD, "--order", "mvr"]);
    assert!(err.contains("did you mean 'mrv'?"), "{err}");
    let (_, _, err) = run(&["watch", "-p", "yuo"]);
    assert!(err.contains("did you mean 'you'?"), "{err}");
    // Far from every name: no guess.
    let (code, _, err) = run(&["solve", HARD, "-p", "quickest"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown preset 'quickest'") && !err.contains("did you mean"),
        "{err}"
    );
}

/// Issue 44: `min-conflicts` was missing from every `--help` preset list and from the views'
/// "expected one of", watch and compare gave no "did you mean" for `-p min-conflict`,
/// `tree --help` listed the local search's options though `tree` refuses it, and the views'
/// and solve's help did not mention variants after slashes.
#[test]
fn the_local_search_is_listed_wherever_it_is_taken_and_variants_are_named() {
    for command in ["watch", "compare", "solve", "trace", "bench", "snapshot"] {
        let (code, out, _) = run(&[command, "--help"]);
        assert_eq!(code, 0);
        // Help wraps its lines: read it as words.
        let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(out.contains("min-conflicts"), "{command} --help: {out}");
        assert!(
            out.contains("variants after slashes") && out.contains("/seed:"),
            "{command} --help: {out}"
        );
    }
    let (_, out, _) = run(&["tree", "--help"]);
    assert!(!out.contains("min-conflicts"), "tree refuses it: {out}");
    for flag in ["--walk", "--tabu", "--fill", "--max-steps"] {
        assert!(!out.contains(flag), "tree --help: {flag} in {out}");
    }
    for args in [
        vec!["watch", "-p", "min-conflict"],
        vec!["compare", HARD, "-p", "mrv", "-p", "min-conflict"],
        vec!["solve", HARD, "-p", "min-conflict"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.contains("did you mean 'min-conflicts'?") && err.contains(", min-conflicts"),
            "{args:?}: {err}"
        );
    }
    let (_, _, err) = run(&["compare", HARD, "-p", "mrv"]);
    assert!(err.contains("min-conflicts"), "{err}");
}
