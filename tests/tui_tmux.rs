//! End to end in a real terminal: tmux with a private server per test, keys sent with
//! send-keys, screens read with capture-pane and polled for the status line.

#[path = "common/tmux.rs"]
mod tmux;

use tmux::{Tmux, available};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

#[test]
fn watch_steps_plays_pauses_solves_shows_help_and_quits_restoring_the_terminal() {
    if !available("watch end to end") {
        return;
    }
    let t = Tmux::start(BIN, 120, 40);
    t.wait_status("PAUSED   step 0  depth 0  nodes 0  backtracks 0");
    t.send(&["Right"]);
    let screen = t.wait_status("step 1  ");
    assert!(
        screen.contains("step 1 prune"),
        "the explanation line names the event:\n{screen}"
    );
    t.send(&["Left"]);
    t.wait_status("PAUSED   step 0  ");
    t.send(&["Space"]);
    t.wait_status("RUNNING");
    t.send(&["Space"]);
    t.wait_status("PAUSED");
    t.send(&["s"]);
    let solved = t.wait_status("SOLVED");
    assert!(
        solved.contains("solution: every cell holds a digit"),
        "{solved}"
    );
    t.send(&["?"]);
    t.wait_for("one event back");
    t.send(&["Escape"]);
    t.wait_until("help closed", |s| !s.contains("one event back"));
    t.send(&["q"]);
    let after = t.wait_for("EXIT_CODE=0");
    assert!(
        !after.contains("SOLVED") && !after.contains("┌"),
        "the alternate screen was left:\n{after}"
    );
}

#[test]
fn watch_goes_to_a_typed_step_and_runs_to_a_backtrack() {
    if !available("go to and run-to") {
        return;
    }
    let t = Tmux::start(&format!("{BIN} watch --preset cbt"), 120, 40);
    t.wait_status("PAUSED   step 0");
    t.send(&["g", "1", "2", "3", "Enter"]);
    t.wait_status("step 123  ");
    t.send(&["b"]);
    let screen = t.wait_status("backtracks 1");
    assert!(screen.contains("backtrack: undo decision"), "{screen}");
    t.send(&["Home"]);
    t.wait_status("step 0  ");
    t.send(&["C-c"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn watch_adapts_to_resizes() {
    if !available("resize") {
        return;
    }
    let t = Tmux::start(BIN, 120, 40);
    t.wait_status("PAUSED");
    t.query(&["resize-window", "-x", "50", "-y", "15"]);
    t.wait_for("enlarge the terminal to at least");
    t.query(&["resize-window", "-x", "80", "-y", "24"]);
    let compact = t.wait_until("compact board", |s| {
        s.contains("│ 7  9  4 │") || s.contains("·")
    });
    assert!(!compact.contains("enlarge"), "{compact}");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn sigterm_restores_the_terminal() {
    if !available("SIGTERM") {
        return;
    }
    let t = Tmux::start(BIN, 120, 40);
    t.wait_status("PAUSED");
    let shell = t.query(&["display-message", "-p", "#{pane_pid}"]);
    let pid = child_of(&shell);
    assert!(
        !pid.is_empty(),
        "dokuscope runs under the pane's shell {shell}"
    );
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    assert!(status.success());
    let after = t.wait_for("EXIT_CODE=143");
    assert!(
        !after.contains("PAUSED"),
        "the alternate screen was left:\n{after}"
    );
}

#[test]
fn compare_races_two_presets_to_a_summary() {
    if !available("compare end to end") {
        return;
    }
    let expected = headless("fast");
    let t = Tmux::start(
        &format!("{BIN} compare --preset fast --preset mrv-degree"),
        120,
        40,
    );
    let start = t.wait_status("PAUSED   step 0  nodes A:0 B:0  lock events");
    assert!(start.contains(" A ") && start.contains(" B "), "{start}");
    t.send(&["Right"]);
    t.wait_status("step 1  ");
    t.send(&["s"]);
    let summary = t.wait_status("FINISHED");
    let badge = format!(
        "fast  SOLVED at step {} / node {}",
        expected.events, expected.nodes
    );
    assert!(
        summary.contains("summary") && summary.contains(&badge),
        "{badge}:\n{summary}"
    );
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

/// The counters of a search of the bundled puzzle to its first solution, as the engine counts them.
fn headless(name: &str) -> dokuscope::solver::Stats {
    let entry = dokuscope::cli::input::nth_puzzle(None, 1).expect("bundled puzzle");
    let strategy = dokuscope::solver::preset::find(name)
        .expect("preset")
        .strategy;
    let limits = dokuscope::solver::Limits {
        solutions: 1,
        nodes: None,
        deadline: None,
    };
    dokuscope::solver::Search::with_limits(&entry.puzzle, strategy, limits)
        .expect("valid")
        .run()
        .stats
}

/// The first process whose parent is `parent` (read from /proc, so no pgrep is needed).
fn child_of(parent: &str) -> String {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return String::new();
    };
    for entry in entries.flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid ...: the command name may hold spaces, so split after ')'.
        let ppid = stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().nth(1));
        if ppid == Some(parent) {
            return entry.file_name().to_string_lossy().into_owned();
        }
    }
    String::new()
}

#[test]
fn help_at_80x24_scrolls_to_its_last_key_row_and_closes_with_question_mark() {
    if !available("help scrolling") {
        return;
    }
    let t = Tmux::start(BIN, 80, 24);
    t.wait_status("PAUSED   step 0");
    t.send(&["?"]);
    let top = t.wait_for("└ lines 1–21 of ");
    assert!(top.contains("Space       play / pause"), "{top}");
    assert!(
        !top.contains("q Esc ^C"),
        "the last key rows are below:\n{top}"
    );
    t.send(&["End"]);
    let end = t.wait_for("q Esc ^C    quit");
    assert!(end.contains("?, q or Esc closes it"), "{end}");
    let foot = end
        .lines()
        .find(|l| l.starts_with("└ lines "))
        .expect("the scroll indicator");
    let numbers: Vec<&str> = foot.split([' ', '–']).collect();
    assert_eq!(numbers.get(3), numbers.get(5), "at the end: {foot}");
    t.send(&["PPage"]);
    t.wait_until("a page up", |s| !s.contains("q Esc ^C"));
    t.send(&["End", "?"]);
    t.wait_until("help closed", |s| !s.contains("┌ keys"));
    t.wait_status("PAUSED   step 0");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn o_goes_on_through_the_puzzles_of_standard_input() {
    // #37: `o` said "this puzzle came alone" though 20 puzzles came in.
    if !available("watch - and o") {
        return;
    }
    let hard = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let t = Tmux::start(&format!("cat {hard} | {BIN} watch - --index 3"), 120, 40);
    let title = |s: &str| s.lines().next().unwrap_or("").to_string();
    let screen = t.wait_status("PAUSED   step 0");
    assert!(title(&screen).contains(" -:3 "), "{screen}");
    t.send(&["o"]);
    let screen = t.wait_until("puzzle 4", |s| title(s).contains(" -:4 "));
    assert!(!screen.contains("came alone"), "{screen}");
    // To the last puzzle, then round to the first, kept from the first reading.
    for _ in 4..20 {
        t.send(&["o"]);
    }
    t.wait_until("puzzle 20", |s| title(s).contains(" -:20 "));
    t.send(&["o"]);
    t.wait_until("puzzle 1 again", |s| title(s).contains(" -:1 "));
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn keys_sent_in_one_write_each_run_their_decision() {
    // #37: `n n n` in one write ran one decision, the second n stopping the first run.
    if !available("a burst of keys") {
        return;
    }
    let hard = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let t = Tmux::start(&format!("{BIN} watch {hard} --preset mrv-degree"), 120, 40);
    t.wait_status("PAUSED   step 0");
    t.send(&["n", "n", "n"]);
    t.wait_status("PAUSED   step 321  depth 3  nodes 3  ");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}
