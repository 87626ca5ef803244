//! The help overlay on every terminal size: its keys (sent through the key table, as the
//! terminal loop sends them), its scrolling, and its screens in watch and compare at 80×24
//! (top and end) and 200×60, against insta file snapshots (tests/snapshots/).

#[path = "common/app.rs"]
mod common;

use common::{app_on, bundled, draw, text, watch};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use dokuscope::app::keymap::{Mode, action_for};
use dokuscope::app::{Action, App, Lock};

/// Presses a key as the terminal loop does: through the key table, in the app's key mode.
fn press(app: &mut App, code: KeyCode) {
    press_with(app, code, KeyModifiers::NONE);
}

fn press_with(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    let key = KeyEvent::new(code, modifiers);
    let press = dokuscope::tui::keys::press(&key);
    if let Some(action) = press.and_then(|p| action_for(&p, app.key_mode(), app.lanes().len())) {
        app.update(action);
    }
}

fn compare() -> App {
    app_on(bundled(), &["fast", "bt"], Lock::Events)
}

/// The help open on a `w`×`h` terminal.
fn help_on(mut app: App, w: u16, h: u16) -> App {
    app.set_screen(w, h);
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.key_mode(), Mode::Help);
    app
}

/// The foot of the help box: `lines a–b of N`.
fn lines_shown(screen: &str) -> (usize, usize, usize) {
    let foot = screen.split("└ lines ").nth(1).expect("a scroll indicator");
    let numbers: Vec<usize> = foot
        .split([' ', '–'])
        .filter_map(|w| w.parse().ok())
        .take(3)
        .collect();
    assert_eq!(numbers.len(), 3, "{foot}");
    (numbers[0], numbers[1], numbers[2])
}

#[test]
fn the_help_scrolls_line_by_line_and_page_by_page_within_its_content() {
    let mut app = help_on(watch("fast"), 80, 24);
    let (first, last, total) = lines_shown(&text(&app, 80, 24));
    assert_eq!((first, last), (1, 21));
    assert!(total > 40, "{total}");
    press(&mut app, KeyCode::Up);
    assert_eq!(app.help_state().offset(), 0, "no scrolling above the top");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('j'));
    assert_eq!(app.help_state().offset(), 2);
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(app.help_state().offset(), 1);
    press(&mut app, KeyCode::PageDown);
    assert_eq!(lines_shown(&text(&app, 80, 24)).0, 23);
    press(&mut app, KeyCode::PageUp);
    assert_eq!(app.help_state().offset(), 1);
    press(&mut app, KeyCode::Char(' '));
    assert!(!app.running(), "Space pages the help rather than playing");
    assert_eq!(app.help_state().offset(), 22);
    press(&mut app, KeyCode::End);
    assert_eq!(lines_shown(&text(&app, 80, 24)), (total - 20, total, total));
    press(&mut app, KeyCode::PageDown);
    press(&mut app, KeyCode::Down);
    assert_eq!(
        lines_shown(&text(&app, 80, 24)).1,
        total,
        "none past the end"
    );
    press(&mut app, KeyCode::Home);
    assert_eq!(app.help_state().offset(), 0);
    assert_eq!(app.step(), 0);
}

#[test]
fn question_mark_q_and_esc_close_the_help_and_it_reopens_at_its_top() {
    for close in [KeyCode::Char('?'), KeyCode::Char('q'), KeyCode::Esc] {
        let mut app = help_on(watch("fast"), 80, 24);
        press(&mut app, KeyCode::End);
        press(&mut app, close);
        assert!(!app.help(), "{close:?} closes the help");
        assert!(!app.should_quit(), "{close:?} does not quit");
        assert_eq!(app.key_mode(), Mode::Normal);
        press(&mut app, KeyCode::Char('?'));
        assert_eq!(app.help_state().offset(), 0, "reopened at the top");
    }
    let mut app = help_on(watch("fast"), 80, 24);
    press_with(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(app.should_quit(), "Ctrl-C still quits");
}

#[test]
fn other_keys_act_as_usual_under_the_help() {
    let mut app = help_on(watch("fast"), 80, 24);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.step(), 1, "→ steps the search under the help");
    assert!(app.help());
    // With the tree's arrows: the help's keys come first, and the help is the same.
    let mut tree = watch("fast");
    tree.update(Action::ToggleTree);
    assert_eq!(
        tree.key_mode(),
        Mode::Tree,
        "the tree opens with the arrows"
    );
    let mut tree = help_on(tree, 80, 24);
    press(&mut tree, KeyCode::Down);
    assert_eq!(
        tree.help_state().offset(),
        1,
        "↓ scrolls the help, not the tree"
    );
    let mut plain = help_on(watch("fast"), 80, 24);
    press(&mut plain, KeyCode::Down);
    assert_eq!(
        help_box(&text(&tree, 80, 24)),
        help_box(&text(&plain, 80, 24))
    );
}

/// The help box's rows, borders included (the screen behind it differs).
fn help_box(screen: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = screen
        .lines()
        .map(|l| l.trim_matches('"').chars().collect())
        .collect();
    let top = rows
        .iter()
        .position(|r| r.windows(6).any(|w| w == ['┌', ' ', 'k', 'e', 'y', 's']))
        .expect("a help box");
    let left = rows[top]
        .iter()
        .position(|&c| c == '┌')
        .expect("the box's corner");
    let right = (left..rows[top].len())
        .find(|&x| rows[top][x] == '┐')
        .expect("the box's other corner");
    let bottom = (top..rows.len())
        .find(|&y| rows[y].get(left) == Some(&'└'))
        .expect("the box's foot");
    rows[top..=bottom]
        .iter()
        .map(|r| r[left..=right].iter().collect())
        .collect()
}

#[test]
fn a_pane_added_under_the_help_pulls_the_offset_back_into_the_shorter_help() {
    let mut app = help_on(watch("fast"), 80, 24);
    press(&mut app, KeyCode::End);
    let watch_end = app.help_state().offset();
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(app.lanes().len(), 2);
    assert!(
        app.help_state().offset() < watch_end,
        "compare's help is shorter"
    );
    let (_, last, total) = lines_shown(&text(&app, 80, 24));
    assert_eq!(last, total, "still at the end");
}

#[test]
fn watch_help_at_80x24_scrolled_to_the_end_shows_the_last_rows() {
    let mut app = help_on(watch("fast"), 80, 24);
    press(&mut app, KeyCode::End);
    let screen = text(&app, 80, 24);
    assert!(
        screen.contains("│  End         help: to the end"),
        "{screen}"
    );
    assert!(
        screen.contains("e.g. :break select and depth > 8"),
        "{screen}"
    );
    assert!(screen.contains("?, q or Esc closes it"), "{screen}");
    insta::assert_snapshot!("watch_help_end_80x24", draw(&app, 80, 24).backend());
}

#[test]
fn watch_help_at_200x60_shows_every_row_without_scrolling() {
    let app = help_on(watch("fast"), 200, 60);
    let screen = text(&app, 200, 60);
    assert!(!screen.contains("└ lines"), "nothing to scroll:\n{screen}");
    assert!(
        screen.contains("a digit: a new pane decides it"),
        "{screen}"
    );
    insta::assert_snapshot!("watch_help_200x60", draw(&app, 200, 60).backend());
}

#[test]
fn compare_help_at_80x24_shows_over_the_too_small_screen_and_scrolls() {
    let mut app = help_on(compare(), 80, 24);
    let top = text(&app, 80, 24);
    assert!(
        top.contains("jump to the first decision where the panes"),
        "{top}"
    );
    assert!(
        !top.contains("enlarge the terminal"),
        "the help covers it:\n{top}"
    );
    insta::assert_snapshot!("compare_help_80x24", draw(&app, 80, 24).backend());
    press(&mut app, KeyCode::End);
    let end = text(&app, 80, 24);
    let (_, last, total) = lines_shown(&end);
    assert_eq!(last, total);
    insta::assert_snapshot!("compare_help_end_80x24", draw(&app, 80, 24).backend());
}

#[test]
fn compare_help_at_200x60() {
    let app = help_on(compare(), 200, 60);
    let screen = text(&app, 200, 60);
    assert!(!screen.contains("└ lines"), "{screen}");
    assert!(!screen.contains("tree: to the parent"), "watch's tree keys");
    insta::assert_snapshot!("compare_help_200x60", draw(&app, 200, 60).backend());
}

#[test]
fn every_description_is_shown_whole_at_any_width_from_63_columns() {
    use dokuscope::app::keymap::{KEYMAP, Scope};
    for width in [63, 70, 80, 100, 120] {
        for app in [
            help_on(watch("fast"), width, 24),
            help_on(compare(), width, 24),
        ] {
            let mut app = app;
            let panes = app.lanes().len();
            // Every page's rows, in order, as one text.
            let mut rows: Vec<String> = Vec::new();
            loop {
                let screen = text(&app, width, 24);
                let boxed = help_box(&screen);
                rows.extend(boxed[1..boxed.len() - 1].iter().cloned());
                let (_, last, total) = lines_shown(&screen);
                if last == total {
                    break;
                }
                press(&mut app, KeyCode::PageDown);
            }
            let all = rows
                .iter()
                .map(|r| r.trim_matches('│'))
                .collect::<Vec<_>>()
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            for b in KEYMAP.iter().filter(|b| match b.scope {
                Scope::Watch | Scope::Tree => panes == 1,
                Scope::Compare => panes > 1,
                Scope::Both | Scope::Help | Scope::Lesson => true,
            }) {
                let row = format!("{} {}", b.label, b.help);
                assert!(all.contains(&row), "{row:?} not whole at {width}: {all}");
            }
        }
    }
}

#[test]
fn the_help_draws_on_any_terminal_size() {
    for w in [1, 2, 5, 12, 30, 50, 63, 80] {
        for h in [1, 2, 3, 4, 6, 15, 19] {
            let mut app = help_on(watch("fast"), w, h);
            press(&mut app, KeyCode::End);
            let screen = text(&app, w, h);
            if w >= 10 && h >= 3 {
                assert!(screen.contains("keys"), "{w}×{h}:\n{screen}");
            }
        }
    }
}

/// Every word a condition can start with, as the parser lists them, is on the help's COND
/// rows at 80 columns (the rows are made from the same list, so they cannot drift), and
/// each word of those rows that names an event or a measure parses as one.
#[test]
fn the_cond_rows_name_every_term_the_parser_accepts() {
    use dokuscope::app::help::{Page, RowKind};
    use dokuscope::solver::condition::{Condition, words};
    let page = Page::for_screen(1, 80, 24);
    let rows: Vec<&str> = page
        .rows
        .iter()
        .filter(|r| r.kind == RowKind::Condition)
        .map(|r| r.text.as_str())
        .collect();
    let said: Vec<&str> = rows
        .iter()
        .flat_map(|r| r.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|w| !w.is_empty())
        .collect();
    for word in words() {
        assert!(
            said.contains(&word),
            "'{word}' is not on the COND rows: {rows:#?}"
        );
    }
    for name in [
        "revise",
        "assignments",
        "backjump",
        "skip",
        "culprit",
        "restart",
    ] {
        assert!(said.contains(&name), "{name}");
    }
    // The first rows list events and measures joined by '|': each parses (with a number
    // after a measure).
    for list in rows.iter().flat_map(|r| r.split(" · ")) {
        let Some(names) = list.split(' ').next().filter(|n| n.contains('|')) else {
            continue;
        };
        for name in names.split('|') {
            let parsed = Condition::parse(name).or_else(|_| Condition::parse(&format!("{name} 1")));
            assert!(parsed.is_ok(), "'{name}' on the COND rows does not parse");
        }
    }
}
