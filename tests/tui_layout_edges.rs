//! Issue 44's layout rough edges, at the sizes where they showed: compare at 80×24 (two
//! panes on compact boards, the race table giving the counters, the tree in the board's
//! place) and the sizes where it still refuses; a backjump's skipped rows beside the board
//! and its explanation cut between words (80×24); compare's tree outline, pane counters and
//! captions (120×40); the race's status column; and the heat map's scale.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{after_flash, app_on, draw, inline, settle, text};
use dokuscope::app::{Action, App, Lock, Source};
use dokuscope::solver::preset;
use dokuscope::solver::strategy::Restart;
use dokuscope::ui::{Screen, screen};
use ratatui::layout::Rect;

/// Puzzle `index` of the bundled hard.txt.
fn hard(index: usize) -> Source {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let entry = dokuscope::cli::input::nth_puzzle(Some(path), index).expect("hard.txt");
    Source {
        // As `compare puzzles/hard.txt` names it, whichever directory the test runs in.
        location: format!("puzzles/hard.txt:{index}"),
        index,
        puzzle: entry.puzzle,
    }
}

/// The puzzle of the tree tests whose cbj search backjumps first at step 247.
const BACKJUMP: &str =
    "6.7.84..34......5...3......72.......3.9..7.......4..25........2....35..6.32.7.9..";

/// The screen drawn at `w`×`h`, one string a row.
fn rows(app: &App, w: u16, h: u16) -> Vec<String> {
    let terminal = draw(app, w, h);
    let buf = terminal.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

fn fits(app: &App, w: u16, h: u16) -> bool {
    matches!(screen(app, Rect::new(0, 0, w, h)), Screen::Fits { .. })
}

fn solved(source: Source, presets: &[&str]) -> App {
    let mut app = app_on(source, presets, Lock::Events);
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    app
}

/// Goes to `step` as `g`, the digits and Enter do.
fn go_to(app: &mut App, step: u64) {
    app.update(Action::GoTo);
    for c in step.to_string().chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
    settle(app);
    after_flash(app);
}

/// The smallest width (at a generous height) and height (at a generous width) that fit.
fn least_size(app: &App) -> (u16, u16) {
    let w = (20..400)
        .find(|&w| fits(app, w, 200))
        .expect("a width fits");
    let h = (5..200)
        .find(|&h| fits(app, 400, h))
        .expect("a height fits");
    (w, h)
}

#[test]
fn compare_refuses_only_below_the_sizes_docs_keys_md_gives() {
    let docs = include_str!("../docs/keys.md");
    for (presets, size) in [
        (&["mrv", "dom-wdeg"][..], (65, 22)),
        (&["mrv", "dom-wdeg", "cbj"], (113, 39)),
        (&["mrv", "dom-wdeg", "cbj", "cbt"], (113, 40)),
    ] {
        let app = app_on(hard(1), presets, Lock::Events);
        assert_eq!(least_size(&app), size, "{presets:?}");
        let (w, h) = size;
        assert!(fits(&app, w, h) && !fits(&app, w - 1, h) && !fits(&app, w, h - 1));
        let told = format!("{} panes need {w}×{h}", presets.len());
        let told_too = format!("{} need {w}×{h}", presets.len());
        assert!(
            docs.contains(&told) || docs.contains(&told_too),
            "docs/keys.md gives {presets:?}'s size {w}×{h}"
        );
        let refusal = text(&app, w - 1, h);
        assert!(
            refusal.contains(&format!("enlarge the terminal to at least {w}×{h}")),
            "{refusal}"
        );
    }
}

#[test]
fn two_panes_race_at_80x24_on_compact_boards_with_the_race_table_for_counters() {
    let mut app = app_on(hard(1), &["cbj", "dom-wdeg"], Lock::Events);
    go_to(&mut app, 600);
    let Screen::Fits { panes, .. } = screen(&app, Rect::new(0, 0, 80, 24)) else {
        unreachable!("2 panes fit 80×24")
    };
    assert!(panes.iter().all(|p| p.side.width == 0 && p.layout.compact));
    let screen80 = text(&app, 80, 24);
    for wanted in [
        "A  cbj",
        "B  dom-wdeg",
        " A cbj ",
        " B dom-wdeg ",
        "nodes",
        "status",
    ] {
        assert!(screen80.contains(wanted), "{wanted}:\n{screen80}");
    }
    insta::assert_snapshot!("compare_2_panes_80x24", draw(&app, 80, 24).backend());
    // From 113 columns the side panels come back.
    let side = |w| match screen(&app, Rect::new(0, 0, w, 24)) {
        Screen::Fits { panes, .. } => panes[0].side.width,
        Screen::TooSmall { .. } => 0,
    };
    assert_eq!((side(112), side(113)), (0, 24));
}

#[test]
fn t_in_compare_at_80x24_puts_each_panes_tree_in_its_boards_place() {
    let mut app = solved(hard(1), &["mrv", "dom-wdeg"]);
    app.update(Action::ToggleTree);
    let screen80 = text(&app, 80, 24);
    assert_eq!(screen80.matches("tree · ").count(), 2, "{screen80}");
    assert_eq!(
        screen80.matches("◆ r").count(),
        2,
        "each solution node:\n{screen80}"
    );
    assert!(!screen80.contains("┌──"), "no board:\n{screen80}");
    insta::assert_snapshot!("compare_tree_80x24", draw(&app, 80, 24).backend());
    app.update(Action::ToggleTree);
    assert!(
        text(&app, 80, 24).contains("┌──"),
        "t gives the boards back"
    );
}

/// The screen right of column `x`.
fn right_of(rows: &[String], x: usize) -> String {
    rows.iter()
        .map(|l| l.chars().skip(x).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_backjumps_skipped_rows_stay_beside_the_board_at_80x24_with_t_and_capital_t() {
    let mut app = app_on(inline(BACKJUMP), &["cbj"], Lock::Events);
    go_to(&mut app, 247);
    for key in [Action::ToggleTree, Action::TreeFull] {
        app.update(key);
        let screen80 = text(&app, 80, 24);
        for skipped in [
            "⊘ r5c5≠1 skipped",
            "⊘ r5c4≠2 skipped",
            "⊘ r5c2≠4 skipped",
            "⊘ r4c9≠9 skipped",
        ] {
            assert!(
                screen80.contains(skipped),
                "{key:?}, {skipped}:\n{screen80}"
            );
        }
        assert!(
            right_of(&rows(&app, 80, 24), 32).contains("● r4c7=4 r4c8 ◀"),
            "the search's node too:\n{screen80}"
        );
    }
    insta::assert_snapshot!("tree_backjump_full_80x24", draw(&app, 80, 24).backend());
}

#[test]
fn a_backjumps_explanation_fits_80_columns_in_whole_words() {
    let mut app = app_on(inline(BACKJUMP), &["cbj"], Lock::Events);
    go_to(&mut app, 246);
    app.update(Action::ToggleTree);
    let screen80 = rows(&app, 80, 24);
    let line = screen80
        .iter()
        .find(|l| l.starts_with("step 246 "))
        .expect("the explanation line");
    assert_eq!(
        line.trim_end(),
        "step 246 no candidate left for r5c7; jump back to r4c8, over 4 decisions"
    );
    insta::assert_snapshot!("tree_backjump_wipeout_80x24", draw(&app, 80, 24).backend());
    // Narrower, a form without the count of skipped decisions; never a word cut in two.
    for w in [64_u16, 68, 72, 76] {
        let narrow = rows(&app, w, 24);
        let line = narrow
            .iter()
            .find(|l| l.starts_with("step 246 "))
            .map(|l| l.trim_end())
            .expect("the explanation line");
        assert!(
            line.ends_with("r4c8") || line.ends_with("decisions") || line.ends_with('…'),
            "{w} columns: {line}"
        );
    }
}

#[test]
fn compare_panes_at_120x40_keep_a_backjumps_counters_with_the_tree_shown_or_not() {
    let mut app = app_on(hard(1), &["cbj", "dom-wdeg"], Lock::Events);
    go_to(&mut app, 5_000);
    for tree in [false, true] {
        let screen120 = text(&app, 120, 40);
        let pane_a: String = right_of(&rows(&app, 120, 40), 32)
            .lines()
            .map(|l| l.chars().take(28).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n");
        for counter in ["nodes", "backjumps", "skipped"] {
            assert!(
                pane_a.contains(counter),
                "tree {tree}, {counter}:\n{screen120}"
            );
        }
        if tree {
            assert!(screen120.contains("tree · "), "{screen120}");
            insta::assert_snapshot!("compare_cbj_tree_120x40", draw(&app, 120, 40).backend());
        } else {
            insta::assert_snapshot!("compare_cbj_120x40", draw(&app, 120, 40).backend());
        }
        app.update(Action::ToggleTree);
    }
}

#[test]
fn four_panes_tree_captions_at_120x40_are_whole() {
    let mut app = solved(hard(1), &["cbt", "dom-wdeg", "mrv", "cbj"]);
    app.update(Action::ToggleTree);
    let screen120 = text(&app, 120, 40);
    let rows120 = rows(&app, 120, 40);
    let captions: Vec<&str> = rows120
        .iter()
        .flat_map(|l| l.split("tree · ").skip(1))
        .collect();
    assert_eq!(captions.len(), 4, "{screen120}");
    for caption in captions {
        let caption = caption.split("  ").next().unwrap_or_default().trim_end();
        let caption = caption.split(" │").next().unwrap_or_default().trim_end();
        assert!(
            caption.ends_with("nodes") || caption.ends_with('•') || caption.ends_with("diverges"),
            "a caption cut: '{caption}'\n{screen120}"
        );
    }
    assert!(
        screen120.matches('◀').count() >= 4,
        "each pane's node:\n{screen120}"
    );
    insta::assert_snapshot!("compare_4_panes_tree_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn three_panes_race_summary_keeps_its_status_whole_at_120_columns() {
    let named = |name: &str, restart| {
        let p = preset::find(name).expect("a preset");
        let mut strategy = p.strategy;
        if let Some(restart) = restart {
            strategy.restart = restart;
        }
        strategy
    };
    let mut app = App::new(
        hard(1),
        &[
            ("mac".into(), named("mac", None)),
            ("mac-2001".into(), named("mac-2001", None)),
            (
                "dom-wdeg/luby:4".into(),
                named("dom-wdeg", Some(Restart::Luby { scale: 4 })),
            ),
        ],
        Lock::Events,
    )
    .expect("an app");
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    let screen120 = text(&app, 120, 40);
    let race: Vec<String> = rows(&app, 120, 40)
        .into_iter()
        .filter(|l| {
            l.starts_with(" A mac ") || l.starts_with(" B mac-2001") || l.starts_with(" C dom")
        })
        .collect();
    assert_eq!(race.len(), 3, "{screen120}");
    for row in race {
        assert!(
            row.contains("SOLVED "),
            "the status whole: '{row}'\n{screen120}"
        );
    }
    assert!(screen120.contains("   status"), "{screen120}");
    insta::assert_snapshot!(
        "compare_3_panes_summary_120x40",
        draw(&app, 120, 40).backend()
    );
}

#[test]
fn the_heat_map_gives_its_scale_on_the_board() {
    let mut app = app_on(hard(1), &["dom-wdeg"], Lock::Events);
    go_to(&mut app, 3_000);
    app.update(Action::ToggleHeat);
    after_flash(&mut app);
    let heat = app.lanes()[0]
        .cursor()
        .look()
        .heat()
        .expect("weights learned")
        .to_vec();
    let top = heat.iter().copied().max().expect("cells");
    assert!(top >= 3, "three shades to show: {top}");
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = rows(&app, w, h);
        let border = screen
            .iter()
            .find(|l| l.starts_with('└'))
            .expect("the board's bottom border");
        assert!(border.contains("bumps"), "{w}×{h}: {border}");
        for (k, least, most) in dokuscope::ui::heat::ranges(top) {
            let range = if least == most {
                least.to_string()
            } else {
                format!("{least}–{most}")
            };
            assert!(
                border.contains(&format!(" {range} ")),
                "{w}×{h}, shade {k}: {border}"
            );
        }
    }
    insta::assert_snapshot!("heat_legend_80x24", draw(&app, 80, 24).backend());
    insta::assert_snapshot!("heat_legend_120x40", draw(&app, 120, 40).backend());
    app.update(Action::ToggleHeat);
    assert!(!text(&app, 80, 24).contains("bumps"), "W off: no scale");
}
