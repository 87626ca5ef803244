//! The parallel runner: streams puzzles to worker threads and hands results back in input
//! order, with a bounded number of puzzles in flight.
//!
//! The calling thread reads the input and keeps at most `window` puzzles between "read"
//! and "reported"; workers take puzzles from a shared queue and run every preset on each,
//! timing each run on their own thread. Results that finish early wait in a reorder buffer
//! of at most `window` entries, so memory depends on the number of jobs, not on the input.
//! Workers are detached: when the stop flag is raised (Ctrl-C) the runner returns at once
//! with what it has, and a search still running cannot hold it up.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::sample::{RunLimits, Sample, measure};
use crate::solver::parse::{Entry, Location};
use crate::solver::preset::Preset;

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

/// What the runner reports to, on the calling thread.
pub trait Observer {
    /// One puzzle's samples, one per preset in preset order; called in input order.
    fn puzzle(&mut self, file: usize, location: &Location, samples: &[Sample]);
    /// Bad input, as soon as it is read.
    fn bad(&mut self, file: usize, message: &str);
    /// Called at least every 100 ms while the run goes on, and after each puzzle.
    fn tick(&mut self, _reported: u64) {}
}

/// How to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The presets, each run on every puzzle.
    pub presets: Vec<&'static Preset>,
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
pub const WINDOW_PER_JOB: usize = 64;
/// How often the runner looks at the stop flag and ticks when no result comes.
const TICK: Duration = Duration::from_millis(100);

struct Job {
    seq: u64,
    file: usize,
    entry: Entry,
}

struct Done {
    seq: u64,
    file: usize,
    location: Location,
    samples: Result<Vec<Sample>, String>,
}

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
    let (mut sent, mut reported) = (0u64, 0u64);
    let mut in_flight: BTreeMap<u64, Location> = BTreeMap::new();
    let mut finished: BTreeMap<u64, Done> = BTreeMap::new();
    let mut interrupted = false;
    loop {
        while let Some(tx) = job_tx.as_ref() {
            if sent - reported >= window || stop.load(Ordering::Relaxed) {
                break;
            }
            match inputs.next() {
                None => job_tx = None,
                Some(Input::Bad { file, message }) => observer.bad(file, &message),
                Some(Input::Puzzle { file, entry }) => {
                    in_flight.insert(sent, entry.location.clone());
                    if tx
                        .send(Job {
                            seq: sent,
                            file,
                            entry,
                        })
                        .is_err()
                    {
                        job_tx = None;
                        break;
                    }
                    sent += 1;
                }
            }
        }
        if stop.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        if job_tx.is_none() && reported == sent {
            break;
        }
        match done_rx.recv_timeout(TICK) {
            Ok(done) => {
                finished.insert(done.seq, done);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        while let Some(done) = finished.remove(&reported) {
            in_flight.remove(&done.seq);
            report(observer, &done);
            reported += 1;
        }
        observer.tick(reported);
    }
    // On a stop, results already back are still reported (in order, with gaps).
    while let Ok(done) = done_rx.try_recv() {
        finished.insert(done.seq, done);
    }
    for done in finished.into_values() {
        in_flight.remove(&done.seq);
        report(observer, &done);
        reported += 1;
    }
    drop(job_tx);
    if !interrupted {
        for worker in workers {
            let _ = worker.join();
        }
    }
    RunEnd {
        wall: start.elapsed(),
        reported,
        interrupted,
        unfinished: in_flight.into_values().collect(),
    }
}

fn report(observer: &mut impl Observer, done: &Done) {
    match &done.samples {
        Ok(samples) => observer.puzzle(done.file, &done.location, samples),
        Err(message) => observer.bad(
            done.file,
            &format!("{}: the engine failed: {message}", done.location),
        ),
    }
}

/// A worker: takes puzzles until the queue closes, runs every preset on each.
fn work(
    jobs: &Mutex<Receiver<Job>>,
    done: &Sender<Done>,
    presets: &[&'static Preset],
    limits: RunLimits,
) {
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        // An engine bug must not hang the run: a panic becomes a reported failure.
        let samples = catch_unwind(AssertUnwindSafe(|| {
            presets
                .iter()
                .map(|p| measure(&job.entry.puzzle, p, limits))
                .collect::<Vec<_>>()
        }))
        .map_err(|payload| {
            payload
                .downcast_ref::<&str>()
                .map(ToString::to_string)
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".to_string())
        });
        let result = Done {
            seq: job.seq,
            file: job.file,
            location: job.entry.location,
            samples,
        };
        if done.send(result).is_err() {
            return;
        }
    }
}
