//! `snapshot --backtrack K` (issue 44): watch's app brought to backtrack K of `bt` on a
//! deep unsolvable puzzle (`puzzles/public/unsolvable.txt` #5: 10.2 M backtracks in all),
//! as `snapshot` brings it there, by one burst of K presses of `b` (`App::repeat_run`);
//! and, for scale, K presses each run to its stop, as `snapshot` did before, which worked
//! out the view's details at every stop (a checkpoint span replayed each time). divan's
//! items are backtracks: the burst's rate stays flat as K grows (linear), the presses' falls.
//!
//! `cargo bench --bench snapshot`.

mod common;

use divan::Bencher;
use divan::counter::ItemsCount;
use dokuscope::app::{Action, App, Lock, Source};

fn main() {
    divan::main();
}

fn fresh() -> App {
    let line = common::public::first("unsolvable.txt", 5).remove(4);
    let source = Source {
        location: "unsolvable.txt:5".into(),
        index: 5,
        puzzle: line.parse().expect("a puzzle"),
    };
    App::new(
        source,
        &[("bt".into(), common::strategy("bt"))],
        Lock::Events,
    )
    .expect("an app")
}

fn settle(app: &mut App) {
    while app.running() {
        app.on_tick(app.now(), None);
    }
}

#[divan::bench(args = [25_000, 50_000, 100_000, 200_000, 400_000], sample_count = 3, sample_size = 1)]
fn burst_of_k_backtracks(bencher: Bencher, k: u64) {
    bencher
        .counter(ItemsCount::new(k))
        .with_inputs(fresh)
        .bench_local_values(|mut app| {
            app.repeat_run(Action::NextBacktrack, k);
            settle(&mut app);
            app
        });
}

#[divan::bench(args = [25_000, 50_000, 100_000], sample_count = 2, sample_size = 1)]
fn k_presses_each_settled(bencher: Bencher, k: u64) {
    bencher
        .counter(ItemsCount::new(k))
        .with_inputs(fresh)
        .bench_local_values(|mut app| {
            for _ in 0..k {
                app.update(Action::NextBacktrack);
                settle(&mut app);
            }
            app
        });
}
