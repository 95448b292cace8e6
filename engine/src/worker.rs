//! The search thread. It owns the [`Engine`] (and so its transposition table) for the whole
//! process and runs one job at a time, so the protocol front end never blocks on a search:
//! it keeps reading stdin, and can stop, time out or abandon a job.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

use crate::search::{Engine, Tuning};

/// Work for the search thread: a closure that gets the engine.
pub type Task = Box<dyn FnOnce(&mut Engine) + Send + 'static>;
/// What to do instead of a task's own reporting when the task panics.
pub type OnPanic = Box<dyn FnOnce() + Send + 'static>;

enum Job {
    Resize { hash_bytes: usize, threads: usize },
    Clear,
    Run(Task, Option<OnPanic>),
}

/// Handle to the search thread. Dropping it lets the thread finish its queue and end.
#[derive(Debug)]
pub struct Worker {
    tx: Option<Sender<Job>>,
    handle: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Resize {
                hash_bytes,
                threads,
            } => write!(f, "Resize({hash_bytes}, {threads})"),
            Job::Clear => f.write_str("Clear"),
            Job::Run(..) => f.write_str("Run"),
        }
    }
}

impl Worker {
    /// Start the thread; the engine, with the search knobs `tuning`, is created on it
    /// (allocating the table there keeps the front end responsive).
    pub fn spawn(hash_bytes: usize, threads: usize, tuning: Tuning) -> std::io::Result<Worker> {
        let (tx, rx) = mpsc::channel::<Job>();
        let handle = thread::Builder::new()
            .name("search".to_string())
            .spawn(move || serve(&rx, hash_bytes, threads, tuning))?;
        Ok(Worker {
            tx: Some(tx),
            handle: Some(handle),
        })
    }

    /// Queue a task. Tasks run in order, each after the previous one returned.
    pub fn run(&self, task: Task) {
        self.send(Job::Run(task, None));
    }

    /// Queue a task; if it panics, `on_panic` runs (so whoever waits for the task's report
    /// still hears something).
    pub fn run_guarded(&self, task: Task, on_panic: OnPanic) {
        self.send(Job::Run(task, Some(on_panic)));
    }

    /// Queue a table resize and thread-count change (applied between tasks).
    pub fn resize(&self, hash_bytes: usize, threads: usize) {
        self.send(Job::Resize {
            hash_bytes,
            threads,
        });
    }

    /// Queue a reset of everything the engine learnt.
    pub fn clear(&self) {
        self.send(Job::Clear);
    }

    fn send(&self, job: Job) {
        if let Some(tx) = &self.tx {
            if tx.send(job).is_err() {
                tracing::error!("the search thread has ended; job dropped");
            }
        }
    }

    /// Close the queue and wait for the thread (used by the tools, not by protocol mode,
    /// which exits without waiting).
    pub fn join(mut self) {
        self.tx = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

fn serve(rx: &Receiver<Job>, hash_bytes: usize, threads: usize, tuning: Tuning) {
    let mut engine = Engine::new(hash_bytes, threads);
    engine.set_tuning(tuning);
    let mut size = (hash_bytes, threads);
    while let Ok(job) = rx.recv() {
        match job {
            Job::Resize {
                hash_bytes,
                threads,
            } => {
                if size.0 != hash_bytes {
                    engine.set_hash_bytes(hash_bytes);
                }
                if size.1 != threads {
                    engine.set_threads(threads);
                }
                size = (hash_bytes, threads);
            }
            Job::Clear => engine.clear(),
            Job::Run(task, on_panic) => {
                // A panicking search must not take the brain down: the front end answers
                // with its fallback move when no result arrives.
                let outcome =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| task(&mut engine)));
                if outcome.is_err() {
                    tracing::error!("a search task panicked; rebuilding the engine");
                    if let Some(f) = on_panic {
                        f();
                    }
                    // Drop the old engine (and its table) before building the new one.
                    drop(std::mem::replace(&mut engine, Engine::new(0, 1)));
                    engine = Engine::new(size.0, size.1);
                    engine.set_tuning(tuning);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    use tengen_rules::{Board, Rule};

    use crate::search::Limits;

    #[test]
    fn runs_tasks_in_order_and_survives_a_panic() {
        let w = Worker::spawn(1 << 20, 1, Tuning::default()).unwrap();
        let (tx, rx) = mpsc::channel();
        let tx2 = tx.clone();
        let (ptx, prx) = mpsc::channel();
        w.run_guarded(
            Box::new(|_| panic!("boom")),
            Box::new(move || ptx.send(()).unwrap()),
        );
        w.resize(2 << 20, 2);
        w.run(Box::new(move |engine| {
            let board = Board::new(15, Rule::Freestyle);
            let limits = Limits {
                start: Instant::now(),
                optimum: None,
                maximum: None,
                depth: Some(1),
                nodes: None,
            };
            let r = engine.search(&board, &limits, &AtomicBool::new(false), &[], &mut |_| {});
            tx.send(r.best).unwrap();
        }));
        w.run(Box::new(move |_| {
            tx2.send(tengen_rules::Move::Pass).unwrap()
        }));
        prx.recv().unwrap();
        let first = rx.recv().unwrap();
        assert!(matches!(first, tengen_rules::Move::Stone(_)));
        assert_eq!(rx.recv().unwrap(), tengen_rules::Move::Pass);
        w.join();
    }
}
