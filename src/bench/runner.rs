//! The parallel runner: streams puzzles to worker threads and hands results back in input
//! order, with a bounded number of puzzles in flight.
//!
//! The calling thread reads the input and keeps at most `window` puzzles between "read"
//! and "reported"; workers take batches of puzzles from a shared queue and run every preset
//! on each puzzle, timing each run on their own thread. Batches are sized from the puzzle
//! times seen so far to take about a millisecond each, so that handing work between threads
//! costs little on easy sets, while a hard set goes one puzzle at a time. Results that finish early wait in a reorder buffer
//! of at most `window` entries, so memory depends on the number of jobs, not on the input.
//! Workers are detached: when the stop flag is raised (Ctrl-C) the runner returns at once
//! with what it has, and a search still running cannot hold it up.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::batch::Batcher;
use super::contender::Contender;
use super::ledger::{Done, Job, Ledger, Solved};
pub use super::observer::Observer;
use super::sample::{RunLimits, measure_in};
use crate::solver::parse::{Entry, Location};
use crate::solver::search::Batch;

/// One item of the input stream.
#[derive(Debug)]
pub enum Input {
    /// A puzzle read from file number `file`.
    Puzzle {
        /// Index of the file on the command line.
        file: usize,
        /// The puzzle and where it is.
        entry: Entry,
    },
    /// Input that could not be read (a missing file, a bad line), already located.
    Bad {
        /// Index of the file on the command line.
        file: usize,
        /// The located message, e.g. `top95.txt:12:37: 'x' is not a cell symbol`.
        message: String,
    },
}

/// How to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The presets, each run on every puzzle (once, or once per seed).
    pub presets: Vec<Contender>,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Per-puzzle limits.
    pub limits: RunLimits,
}

/// How a run ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunEnd {
    /// Wall-clock time of the whole run.
    pub wall: Duration,
    /// Puzzles reported.
    pub reported: u64,
    /// Whether the stop flag ended it early.
    pub interrupted: bool,
    /// Puzzles read but not reported: running or queued when the run stopped.
    pub unfinished: Vec<Location>,
}

/// Puzzles in flight per worker: enough to keep workers busy while one puzzle is slow.
pub const WINDOW_PER_JOB: usize = 256;
/// How often the runner looks at the stop flag and ticks when no result comes.
const TICK: Duration = Duration::from_millis(100);

/// Runs every preset of `config` on every puzzle of `inputs`, reporting to `observer`.
pub fn run(
    config: &Config,
    inputs: impl Iterator<Item = Input>,
    observer: &mut impl Observer,
    stop: &AtomicBool,
) -> RunEnd {
    let start = Instant::now();
    let jobs = config.jobs.max(1);
    let window = (jobs * WINDOW_PER_JOB) as u64;
    let (job_tx, job_rx) = mpsc::channel::<Job>();
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    let mut workers = Vec::with_capacity(jobs);
    for _ in 0..jobs {
        let (rx, tx, presets, limits) = (
            Arc::clone(&job_rx),
            done_tx.clone(),
            config.presets.clone(),
            config.limits,
        );
        workers.push(thread::spawn(move || work(&rx, &tx, &presets, limits)));
    }
    drop(done_tx);

    let mut inputs = inputs.fuse();
    let mut job_tx = Some(job_tx);
    let mut batcher = Batcher::default();
    let mut ledger = Ledger::default();
    let mut interrupted = false;
    loop {
        while let Some(tx) = job_tx.as_ref() {
            let room = batcher
                .window(window, jobs)
                .saturating_sub(ledger.in_flight());
            let size = batcher.size();
            // Wait for room for a whole batch, or the window would refill one puzzle at a time.
            if room == 0
                || (room < size as u64 && ledger.in_flight() > 0)
                || stop.load(Ordering::Relaxed)
            {
                break;
            }
            let (puzzles, exhausted) = next_batch(&mut inputs, size.min(room as usize), observer);
            let sent = puzzles.is_empty() || tx.send(ledger.send(puzzles)).is_ok();
            if exhausted || !sent {
                job_tx = None;
            }
        }
        if stop.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        if job_tx.is_none() && ledger.in_flight() == 0 {
            break;
        }
        match done_rx.recv_timeout(TICK) {
            Ok(done) => {
                batcher.learn(&done);
                ledger.receive(done);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        ledger.report_in_order(observer);
        observer.tick(ledger.reported);
    }
    // On a stop, results already back are still reported (in order, with gaps).
    while let Ok(done) = done_rx.try_recv() {
        ledger.receive(done);
    }
    ledger.report_the_rest(observer);
    drop(job_tx);
    if !interrupted {
        for worker in workers {
            let _ = worker.join();
        }
    }
    RunEnd {
        wall: start.elapsed(),
        reported: ledger.reported,
        interrupted,
        unfinished: ledger.unfinished.into_iter().flatten().collect(),
    }
}

/// Up to `size` puzzles from `inputs`, bad input reported on the way; `true` once the
/// input is exhausted.
fn next_batch(
    inputs: &mut impl Iterator<Item = Input>,
    size: usize,
    observer: &mut impl Observer,
) -> (Vec<(usize, Entry)>, bool) {
    let mut puzzles = Vec::with_capacity(size);
    while puzzles.len() < size {
        match inputs.next() {
            None => return (puzzles, true),
            Some(Input::Bad { file, message }) => observer.bad(file, &message),
            Some(Input::Puzzle { file, entry }) => puzzles.push((file, entry)),
        }
    }
    (puzzles, false)
}

/// A worker: takes batches until the queue closes, runs every preset on each puzzle (once
/// per seed, with seeds). Each preset runs in one search's memory for the worker's whole
/// life ([`Batch`]), restarted puzzle after puzzle as `solve` does, so that bench and solve
/// time the same work.
fn work(
    jobs: &Mutex<Receiver<Job>>,
    done: &Sender<Done>,
    presets: &[Contender],
    limits: RunLimits,
) {
    let mut batches: Vec<Batch> = presets.iter().map(|p| Batch::new(p.strategy)).collect();
    let runs: usize = presets.iter().map(Contender::runs).sum();
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let results = job
            .puzzles
            .into_iter()
            .map(|(file, entry)| {
                // An engine bug must not hang the run: a panic becomes a reported failure.
                let samples = catch_unwind(AssertUnwindSafe(|| {
                    let mut samples = Vec::with_capacity(runs);
                    for (batch, contender) in batches.iter_mut().zip(presets) {
                        if contender.seeds.is_empty() {
                            samples.push(measure_in(batch, &entry.puzzle, limits));
                        }
                        for &seed in &contender.seeds {
                            batch.set_seed(Some(seed));
                            samples.push(measure_in(batch, &entry.puzzle, limits));
                        }
                    }
                    samples
                }))
                .map_err(|payload| {
                    payload
                        .downcast_ref::<&str>()
                        .map(ToString::to_string)
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "panic".to_string())
                });
                Solved {
                    file,
                    location: entry.location,
                    samples,
                }
            })
            .collect();
        if done
            .send(Done {
                first: job.first,
                results,
            })
            .is_err()
        {
            return;
        }
    }
}
