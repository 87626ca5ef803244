//! Every example the README and docs/ give works where they say it does (#37): the
//! headless commands they show are found in the text itself (inline `dokuscope ...` code,
//! `sh` blocks, `$ ...` lines with the output shown under them), run in order in one
//! scratch folder beside the bundled puzzles, and must exit as shown (0; 2 where an error
//! is shown; or a trailing `# exit N`) and print every output line shown. The tour's
//! breakpoints must fire on the tour's puzzle, and the bundled puzzles must be what their
//! README's commands make. Commands in docs/performance.md and on the public sets
//! (`puzzles/public`, or a whole upstream file in `../shared`) are measurements taking
//! minutes, and views (watch, compare) need a person at the keys (the
//! tmux tests drive them): those are parsed by the program's own command line, their
//! presets looked up and their files looked for, not run. Synopses with placeholders
//! (`PUZZLE`, `[--index N]`) and commands named in passing (`dokuscope trace` prints...)
//! are not examples.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dokuscope::cli::completions;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
/// The longest an example may take.
const PATIENCE: Duration = Duration::from_secs(120);

/// One example found in a document.
#[derive(Debug)]
struct Example {
    /// `file:line` where it is.
    at: String,
    /// The shell command.
    command: String,
    /// The exit code the document shows.
    code: i32,
    /// Output lines the document shows under it.
    output: Vec<String>,
}

/// The documents, in reading order: what one makes, a later one may use (`run.jsonl`).
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .expect("docs/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    let mut all = vec![Path::new(ROOT).join("README.md")];
    all.extend(docs);
    all.push(Path::new(ROOT).join("puzzles/README.md"));
    all.push(Path::new(ROOT).join("assets/README.md"));
    all
}

/// The command and its trailing comment (`# ...` outside quotes).
fn split_comment(line: &str) -> (String, Option<String>) {
    let mut quote = None;
    let bytes: Vec<char> = line.chars().collect();
    for (i, &c) in bytes.iter().enumerate() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if i > 0 && bytes[i - 1] == ' ' => {
                let command: String = bytes[..i].iter().collect();
                let comment: String = bytes[i + 1..].iter().collect();
                return (command.trim().to_string(), Some(comment.trim().to_string()));
            }
            _ => {}
        }
    }
    (line.trim().to_string(), None)
}

/// The exit code a comment states: `exit 1`, `exits 2`.
fn stated_code(comment: Option<&str>) -> Option<i32> {
    let words: Vec<&str> = comment?.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "exit" || *w == "exits")?;
    words
        .get(at + 1)?
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .ok()
}

fn example(at: String, line: &str, output: Vec<String>) -> Example {
    let (command, comment) = split_comment(line);
    let code = stated_code(comment.as_deref()).unwrap_or_else(|| {
        if output.iter().any(|l| l.starts_with("dokuscope: ")) {
            2
        } else {
            0
        }
    });
    Example {
        at,
        command,
        code,
        output,
    }
}

/// The commands of one document: `$` lines (with the output under them) and `sh` lines in
/// code blocks, and inline code that starts with `dokuscope` in the prose and tables.
fn examples_in(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).expect("a document");
    let name = path
        .strip_prefix(ROOT)
        .unwrap_or(path)
        .display()
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut fence: Option<String> = None;
    let mut paragraph: Vec<(usize, &str)> = Vec::new();
    let mut i = 0;
    let flush = |paragraph: &mut Vec<(usize, &str)>, found: &mut Vec<Example>| {
        let Some(&(first, _)) = paragraph.first() else {
            return;
        };
        let joined = paragraph
            .iter()
            .map(|(_, l)| *l)
            .collect::<Vec<_>>()
            .join(" ");
        for (k, span) in joined.split('`').enumerate() {
            if k % 2 == 1 && (span == "dokuscope" || span.starts_with("dokuscope ")) {
                found.push(example(format!("{name}:{}", first + 1), span, Vec::new()));
            }
        }
        paragraph.clear();
    };
    while i < lines.len() {
        let line = lines[i];
        if let Some(lang) = line.trim_start().strip_prefix("```") {
            flush(&mut paragraph, &mut found);
            fence = match fence {
                None => Some(lang.trim().to_string()),
                Some(_) => None,
            };
            i += 1;
            continue;
        }
        let Some(lang) = &fence else {
            if line.trim().is_empty() || line.starts_with('#') {
                flush(&mut paragraph, &mut found);
            } else {
                paragraph.push((i, line));
            }
            i += 1;
            continue;
        };
        let at = format!("{name}:{}", i + 1);
        if let Some(command) = line.strip_prefix("$ ") {
            let mut output = Vec::new();
            i += 1;
            while i < lines.len()
                && !lines[i].starts_with("$ ")
                && !lines[i].trim().is_empty()
                && !lines[i].starts_with("```")
            {
                output.push(lines[i].trim_end().to_string());
                i += 1;
            }
            found.push(example(at, command, output));
            continue;
        }
        let shell = matches!(lang.as_str(), "sh" | "bash" | "shell" | "text" | "");
        if shell && (line.starts_with("dokuscope ") || line.starts_with("python3 ")) {
            let mut command = line.to_string();
            while command.trim_end().ends_with('\\') && i + 1 < lines.len() {
                command = format!("{}\n{}", command.trim_end(), lines[i + 1]);
                i += 1;
            }
            found.push(example(at, &command, Vec::new()));
        }
        i += 1;
    }
    flush(&mut paragraph, &mut found);
    found
}

/// Whether a command is a synopsis rather than an example: a placeholder (`PUZZLE`, `N`,
/// `FILE...`), an optional part in brackets, or alternatives (`json|dot|text`).
fn is_synopsis(command: &str) -> bool {
    // Quoted text (a condition, a Python one-liner) is the example's own.
    let unquoted: String = command.split('\'').step_by(2).collect::<Vec<_>>().join(" ");
    unquoted.split_whitespace().any(|w| {
        let bare = w.trim_matches(|c: char| c == '\'' || c == '"');
        w.starts_with('[')
            || (w.contains("...") && w.chars().any(|c| c.is_ascii_uppercase() || c == ','))
            || w.contains('…')
            || (w.contains('|') && w != "|" && !w.starts_with('\'') && !w.starts_with('"'))
            || bare.contains("COLSxROWS")
            || (bare.chars().any(|c| c.is_ascii_uppercase())
                && bare
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c == '.' || c == '_' || c == ','))
    })
}

/// Whether a command opens a view (watch, compare, or no command at all) or waits for a
/// solver to connect (listen) rather than printing: those need a person at the keys or a
/// solver at the port.
fn is_view(command: &str) -> bool {
    command.split('|').any(|part| {
        let words: Vec<&str> = part.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "dokuscope") else {
            return false;
        };
        let help = words
            .iter()
            .any(|w| ["--help", "-h", "--version"].contains(w));
        let sub = words.get(at + 1).copied().unwrap_or("");
        let headless = completions::command(false)
            .get_subcommands()
            .any(|s| s.get_name() == sub && !["watch", "compare", "listen", "help"].contains(&sub));
        // A lesson plays in the terminal; `--check` checks it headless.
        let lesson = sub == "lesson" && !words.contains(&"--check");
        !help && (!headless || lesson)
    })
}

/// Runs `command` in `dir` (with this build's `dokuscope` first on the PATH): its exit code
/// and everything it printed.
fn run(command: &str, dir: &Path) -> (i32, String) {
    let bin_dir = Path::new(BIN).parent().expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    // Read both pipes as the command writes, so that a large output never blocks it.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        text
    });
    let mut errors = String::new();
    let _ = err.read_to_string(&mut errors);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            return (-1, format!("timed out after {PATIENCE:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = reader.join().expect("the reader ends");
    (status.code().unwrap_or(-1), format!("{text}{errors}"))
}

/// The scratch folder: the bundled puzzles and examples beside it, as in the repository.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a scratch folder");
    for name in ["puzzles", "examples", "assets"] {
        std::os::unix::fs::symlink(Path::new(ROOT).join(name), dir.path().join(name))
            .expect("a link");
    }
    dir
}

fn has_python() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Checks what a command line would do without running it (a measurement, or a view):
/// the program takes its options and presets, and the files it names are there (in `dir`,
/// where `puzzles/` is linked). A whole upstream set in `../shared/puzzles`, which the
/// repository keeps only a sample of, is not looked for: the measurement needs the whole.
fn check_without_running(example: &Example, dir: &Path) -> Result<(), String> {
    for part in example.command.split('|') {
        let words: Vec<&str> = part
            .split_whitespace()
            .take_while(|w| !w.starts_with('>'))
            .collect();
        let Some(at) = words.iter().position(|w| w.ends_with("dokuscope")) else {
            continue;
        };
        let args: Vec<&str> = std::iter::once("dokuscope")
            .chain(words[at + 1..].iter().copied())
            .collect();
        completions::command(false)
            .try_get_matches_from(&args)
            .map_err(|e| e.to_string())?;
        for (i, w) in args.iter().enumerate() {
            if (*w == "-p" || *w == "--preset") && i + 1 < args.len() && args[i + 1] != "you" {
                // A preset, a group, or a preset with variants (`dom-wdeg/luby:4`).
                let name = args[i + 1];
                if name.contains('/') {
                    dokuscope::solver::preset::resolve(name)?;
                } else {
                    dokuscope::solver::preset::expand(name).map_err(|e| e.to_string())?;
                }
            }
            let file = dir.join(w);
            let look = !w.starts_with("../shared/");
            let named_file = Path::new(w).extension().is_some_and(|e| {
                ["txt", "jsonl", "toml"]
                    .iter()
                    .any(|x| e.eq_ignore_ascii_case(x))
            });
            if named_file && look && !file.exists() {
                return Err(format!("{w} is not there"));
            }
        }
    }
    Ok(())
}

#[test]
fn every_headless_example_of_the_readme_and_docs_works_as_shown() {
    let dir = scratch();
    let python = has_python();
    let mut ran = 0;
    let mut failures = Vec::new();
    for doc in documents() {
        let measurements = doc.ends_with("docs/performance.md");
        for e in examples_in(&doc) {
            // A command named in passing (`dokuscope trace` prints...) is not an example.
            let words: Vec<&str> = e.command.split_whitespace().collect();
            let named = words.len() == 2 && !words[1].starts_with('-') && words[1] != "presets";
            if named || is_synopsis(&e.command) || e.command.contains("~/") {
                continue;
            }
            let view = is_view(&e.command) && !e.command.contains("my_solver");
            let public = e.command.contains("puzzles/public/") || e.command.contains("../shared");
            if view || measurements || public {
                eprintln!("parsed {}: {}", e.at, e.command);
                if let Err(why) = check_without_running(&e, dir.path()) {
                    failures.push(format!("{}: `{}`: {why}", e.at, e.command));
                }
                continue;
            }
            if !python && (e.command.contains("python3") || e.command.contains("run.jsonl")) {
                eprintln!("SKIPPED {}: python3 is not installed", e.at);
                continue;
            }
            let (code, output) = run(&e.command, dir.path());
            eprintln!("ran {}: {} (exit {code})", e.at, e.command);
            ran += 1;
            if code != e.code {
                failures.push(format!(
                    "{}: `{}` exited {code}, the document says {}:\n{}",
                    e.at,
                    e.command,
                    e.code,
                    output.lines().take(8).collect::<Vec<_>>().join("\n")
                ));
                continue;
            }
            let printed: Vec<&str> = output.lines().map(str::trim_end).collect();
            for shown in &e.output {
                if !printed.contains(&shown.as_str()) {
                    failures.push(format!(
                        "{}: `{}` did not print the line shown:\n  {shown}\nit printed:\n{}",
                        e.at,
                        e.command,
                        output.lines().take(8).collect::<Vec<_>>().join("\n")
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        ran >= 20,
        "only {ran} examples ran: is the extraction broken?"
    );
}

#[test]
fn the_examples_are_found_where_they_are_written() {
    // The extraction itself: a `$` line with its output, an `sh` line with a stated exit
    // code, inline code across a line break, and what is not an example.
    let dir = tempfile::tempdir().expect("a scratch folder");
    let doc = dir.path().join("doc.md");
    std::fs::write(
        &doc,
        "Run `dokuscope solve\nx.txt` or `dokuscope tree PUZZLE [--index N]`.\n\n\
         ```text\n$ dokuscope trace a.txt --until 'x'\ndokuscope: bad\n```\n\n\
         ```sh\ndokuscope trace b.txt --until 'c' # exit 1 without a hit\nls\n```\n",
    )
    .expect("written");
    let found = examples_in(&doc);
    let commands: Vec<(&str, i32)> = found.iter().map(|e| (e.command.as_str(), e.code)).collect();
    assert_eq!(
        commands,
        [
            ("dokuscope solve x.txt", 0),
            ("dokuscope tree PUZZLE [--index N]", 0),
            ("dokuscope trace a.txt --until 'x'", 2),
            ("dokuscope trace b.txt --until 'c'", 1),
        ]
    );
    assert_eq!(found[2].output, ["dokuscope: bad"]);
    assert!(is_synopsis(&found[1].command) && !is_synopsis(&found[0].command));
    assert!(is_view("dokuscope watch --events run.jsonl"));
    assert!(is_view("dokuscope puzzles/hard.txt"));
    assert!(!is_view("dokuscope watch --help"));
    assert!(is_view(
        "dokuscope listen --headless --port 6565 --save run.jsonl --connections 1 &"
    ));
    assert!(!is_view("dokuscope trace x | tail -1"));
}

#[test]
fn the_tours_breakpoints_fire_on_the_tours_puzzle() {
    // The tour watches one puzzle under one preset; every `break COND` it shows must stop
    // there (#37: `assign r5c3=7` named a given, and `depth > 8` was deeper than the search).
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README");
    let tour = &readme[readme.find("## A five-minute tour").expect("the tour")..];
    let watch = tour
        .split('`')
        .find(|s| s.starts_with("dokuscope watch "))
        .expect("the tour's watch command");
    let words: Vec<&str> = watch.split_whitespace().collect();
    let puzzle = words[2];
    let preset = words
        .iter()
        .position(|w| *w == "--preset" || *w == "-p")
        .map(|i| words[i + 1])
        .expect("the tour's preset");
    let conditions: Vec<&str> = tour
        .split('`')
        .filter_map(|s| s.strip_prefix("break "))
        .collect();
    assert!(conditions.len() >= 2, "{conditions:?}");
    for condition in conditions {
        let out = Command::new(BIN)
            .args(["trace", puzzle, "-p", preset, "--until", condition])
            .current_dir(ROOT)
            .output()
            .expect("trace runs");
        assert_eq!(
            out.status.code(),
            Some(0),
            "`break {condition}` never stops on {puzzle} under {preset}"
        );
    }
}

#[test]
fn the_bundled_puzzles_are_what_their_readme_says_made_them() {
    let readme =
        std::fs::read_to_string(Path::new(ROOT).join("puzzles/README.md")).expect("the README");
    let mut checked = 0;
    for row in readme.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let file = cells[0].trim_start_matches("| ").trim_matches('`');
        let Some(command) = cells
            .get(3)
            .and_then(|c| c.split('`').nth(1))
            .filter(|c| c.starts_with("dokuscope generate") && !row.contains("among"))
        else {
            continue;
        };
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let out = Command::new(BIN)
            .args(&args)
            .output()
            .expect("generate runs");
        let made = String::from_utf8_lossy(&out.stdout).into_owned();
        let kept = std::fs::read_to_string(Path::new(ROOT).join("puzzles").join(file))
            .expect("the bundled file");
        if row.contains(&format!("`{command}` at ")) {
            // Made by an older engine, as the row says: the same grids.
            assert_eq!(solutions(&made), solutions(&kept), "puzzles/{file}");
        } else {
            assert_eq!(made, kept, "puzzles/{file} is not what `{command}` makes");
        }
        checked += 1;
    }
    assert!(checked >= 4, "{checked} files checked");
}

/// The solutions of the puzzles in `text`, one a line.
fn solutions(text: &str) -> Vec<String> {
    let mut child = Command::new(BIN)
        .args(["solve", "--count", "1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("solve runs");
    let mut stdin = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut stdin, text.as_bytes()).expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("solve ends");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_benches_and_examples_the_docs_name_exist() {
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).expect("a document");
        for line in text.lines() {
            let words: Vec<&str> = line
                .split(|c: char| c.is_whitespace() || c == '`' || c == '(' || c == ')')
                .collect();
            // A workspace crate's bench or example: `--manifest-path crates/X/Cargo.toml`.
            let package = words
                .iter()
                .position(|w| *w == "--manifest-path")
                .and_then(|i| words.get(i + 1))
                .and_then(|manifest| Path::new(manifest).parent())
                .map_or_else(
                    || Path::new(ROOT).to_path_buf(),
                    |dir| Path::new(ROOT).join(dir),
                );
            for (i, w) in words.iter().enumerate() {
                let Some(&name) = words.get(i + 1) else {
                    continue;
                };
                let name = name.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
                let file = match *w {
                    "--bench" => format!("benches/{name}.rs"),
                    "--example" => format!("examples/{name}.rs"),
                    _ => continue,
                };
                assert!(
                    package.join(&file).exists(),
                    "{} names `{w} {name}`, but there is no {}",
                    doc.display(),
                    package.join(&file).display()
                );
            }
        }
    }
}
