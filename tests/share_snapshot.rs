//! `snapshot --format txt` against a real terminal: for each state, the same session is
//! driven by keys in tmux and drawn headless by `snapshot`, and the two screens must be
//! equal line for line (tmux's capture trims trailing spaces, as `txt` does).

#[path = "common/tmux.rs"]
mod tmux;

use std::process::Command;
use std::time::{Duration, Instant};

use tmux::{PATIENCE, Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One state: the command line both start from, the keys that reach it, the snapshot
/// flags that name it, and the terminal size.
struct State<'a> {
    name: &'a str,
    args: &'a [&'a str],
    keys: &'a [&'a [&'a str]],
    point: &'a [&'a str],
    /// Keys that change the view but not the status line (`t`), sent last.
    view: &'a [&'a str],
    size: (u16, u16),
}

/// `snapshot` for the state: its subcommand is `watch`, or `compare` turned into `--compare`.
fn snapshot(state: &State) -> String {
    let mut args = vec!["snapshot".to_string()];
    let mut compare = Vec::new();
    let mut rest = state.args[1..].iter();
    while let Some(a) = rest.next() {
        if state.args[0] == "compare" && *a == "-p" {
            compare.push(rest.next().expect("preset after -p").to_string());
        } else {
            args.push((*a).to_string());
        }
    }
    if !compare.is_empty() {
        args.push(format!("--compare={}", compare.join(",")));
    }
    args.extend(state.point.iter().map(|s| (*s).to_string()));
    args.push(format!("--size={}x{}", state.size.0, state.size.1));
    args.push("--format=txt".into());
    let out = Command::new(BIN)
        .args(&args)
        .current_dir(ROOT)
        .env_remove("NO_COLOR")
        .output()
        .expect("snapshot runs");
    assert!(
        out.status.success(),
        "snapshot {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The state reached by keys in tmux, polled until it equals `expected` (animations end,
/// details refresh on the next frame); fails with both screens when it never does.
fn check(state: &State) {
    let expected = snapshot(state);
    let (w, h) = state.size;
    let t = Tmux::start(
        &format!("cd {ROOT} && {BIN} {}", state.args.join(" ")),
        w,
        h,
    );
    t.wait_status("PAUSED   step 0");
    for keys in state.keys {
        let before = status_line(&t.capture()).to_string();
        t.send(keys);
        t.wait_until(&format!("{keys:?} done"), |s| {
            let status = status_line(s);
            status != before && !status.contains("RUNNING")
        });
    }
    if !state.view.is_empty() {
        t.send(state.view);
    }
    let start = Instant::now();
    let mut screen = t.capture();
    while screen != expected && start.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(50));
        screen = t.capture();
    }
    let diff: Vec<String> = expected
        .lines()
        .zip(screen.lines())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("line {}:\n  snapshot {a:?}\n  tmux     {b:?}", i + 1))
        .collect();
    assert!(
        screen == expected,
        "{}: snapshot and tmux differ ({} and {} lines)\n{}\n--- tmux:\n{screen}",
        state.name,
        expected.lines().count(),
        screen.lines().count(),
        diff.join("\n")
    );
}

macro_rules! states {
    ($($test:ident: $state:expr;)*) => {$(
        #[test]
        fn $test() {
            if available(stringify!($test)) {
                check(&$state);
            }
        }
    )*};
}

states! {
    start_equals_tmux: State {
        name: "start 120x40",
        args: &["watch"],
        keys: &[],
        point: &[],
        view: &[],
        size: (120, 40),
    };
    mid_search_equals_tmux: State {
        name: "step 300 of cbt, 120x40",
        args: &["watch", "--preset", "cbt"],
        keys: &[&["g", "3", "0", "0", "Enter"]],
        point: &["--step", "300"],
        view: &[],
        size: (120, 40),
    };
    wipeout_equals_tmux: State {
        name: "second wipeout, 120x40",
        args: &["watch", "puzzles/hard.txt", "--preset", "mrv-degree"],
        keys: &[&["w"], &["w"]],
        point: &["--wipeout", "2"],
        view: &[],
        size: (120, 40),
    };
    solved_equals_tmux: State {
        name: "solved, 120x40",
        args: &["watch", "puzzles/hard.txt", "--preset", "mrv-degree"],
        keys: &[&["s"]],
        point: &["--end"],
        view: &[],
        size: (120, 40),
    };
    compare_summary_equals_tmux: State {
        name: "compare summary, 160x50",
        args: &["compare", "puzzles/hard.txt", "-p", "fast", "-p", "mrv-degree"],
        keys: &[&["s"]],
        point: &["--end"],
        view: &[],
        size: (160, 50),
    };
    compact_80x24_equals_tmux: State {
        name: "first backtrack, 80x24",
        args: &["watch", "puzzles/hard.txt", "--preset", "mrv-degree"],
        keys: &[&["b"]],
        point: &["--backtrack", "1"],
        view: &[],
        size: (80, 24),
    };
    tree_equals_tmux: State {
        name: "the tree beside the board at the third wipeout, 120x40",
        args: &["watch", "puzzles/hard.txt", "--preset", "mrv-degree"],
        keys: &[&["w"], &["w"], &["w"]],
        point: &["--wipeout", "3", "--tree"],
        view: &["t"],
        size: (120, 40),
    };
    tree_compare_equals_tmux: State {
        name: "compare's tree overviews at the end, 160x50",
        args: &["compare", "puzzles/hard.txt", "-p", "fast", "-p", "mrv-degree"],
        keys: &[&["s"]],
        point: &["--end", "--tree"],
        view: &["t"],
        size: (160, 50),
    };
    full_200x60_equals_tmux: State {
        name: "third decision with LCV, 200x60",
        args: &["watch", "puzzles/hard.txt", "--preset", "fc-mrv-lcv"],
        keys: &[&["n"], &["n"], &["n"]],
        point: &["--decision", "3"],
        view: &[],
        size: (200, 60),
    };
}
