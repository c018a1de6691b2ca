//! Group commit for the joins of one company (issue 15, "the opening rush").
//!
//! Every join locks its company's queue, so joins of one company run one after another and a
//! rush is bounded by one transaction's time. A lane lets the joins that arrive meanwhile wait
//! in line; when the lock holder finishes, the first of them leads the next batch: all that
//! waited enter in one transaction (one lock, one read of the queue, one stored plan, one
//! commit). Each join still gets its own answer; correctness stays with the database lock, so
//! several instances (each with its own lanes) remain correct.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use crate::error::{AppError, AppResult};

/// At most this many joins enter in one transaction (keeps each batch short).
pub const MAX_BATCH: usize = 64;

/// One lane per company.
pub struct JoinLanes<J, O> {
    lanes: Mutex<HashMap<i64, Arc<Lane<J, O>>>>,
}

impl<J, O> Default for JoinLanes<J, O> {
    fn default() -> Self {
        Self {
            lanes: Mutex::new(HashMap::new()),
        }
    }
}

impl<J, O> JoinLanes<J, O> {
    pub fn lane(&self, company_id: i64) -> Arc<Lane<J, O>> {
        lock(&self.lanes)
            .entry(company_id)
            .or_insert_with(|| {
                Arc::new(Lane {
                    state: Mutex::new(LaneState {
                        pending: Vec::new(),
                        leading: false,
                    }),
                })
            })
            .clone()
    }
}

pub struct Lane<J, O> {
    state: Mutex<LaneState<J, O>>,
}

struct LaneState<J, O> {
    /// Joins waiting for the next batch, in arrival order.
    pending: Vec<Arc<Ticket<J, O>>>,
    /// Someone is running a batch (or was told to lead the next one).
    leading: bool,
}

struct Ticket<J, O> {
    job: Mutex<Option<J>>,
    outcome: Mutex<Option<Outcome<O>>>,
    ready: Condvar,
}

enum Outcome<O> {
    Done(AppResult<O>),
    /// Run the next batch.
    Lead,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<J, O> Ticket<J, O> {
    fn settle(&self, outcome: Outcome<O>) {
        *lock(&self.outcome) = Some(outcome);
        self.ready.notify_one();
    }

    fn wait(&self) -> Outcome<O> {
        let mut slot = lock(&self.outcome);
        loop {
            if let Some(outcome) = slot.take() {
                return outcome;
            }
            slot = self
                .ready
                .wait(slot)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

impl<J, O> Lane<J, O> {
    /// Runs `job` in a batch: `run` gets the batch's jobs in arrival order and answers one
    /// result per job, in the same order. Returns this job's result.
    pub fn submit(&self, job: J, run: impl Fn(Vec<J>) -> Vec<AppResult<O>>) -> AppResult<O> {
        let mine = Arc::new(Ticket {
            job: Mutex::new(Some(job)),
            outcome: Mutex::new(None),
            ready: Condvar::new(),
        });
        let lead_now = {
            let mut state = lock(&self.state);
            state.pending.push(mine.clone());
            !std::mem::replace(&mut state.leading, true)
        };
        if !lead_now {
            match mine.wait() {
                Outcome::Done(result) => return result,
                Outcome::Lead => {}
            }
        }
        // Leading: this ticket is the first pending one (a new leader found the line empty;
        // a handed-over one was its head), so it is in the batch taken here.
        let batch: Vec<Arc<Ticket<J, O>>> = {
            let mut state = lock(&self.state);
            let n = state.pending.len().min(MAX_BATCH);
            state.pending.drain(..n).collect()
        };
        let mut guard = BatchGuard {
            lane: self,
            batch,
            mine: &mine,
            finished: false,
        };
        let jobs: Vec<J> = guard
            .batch
            .iter()
            .filter_map(|t| lock(&t.job).take())
            .collect();
        let results = run(jobs);
        let mut results = results.into_iter();
        let mut own = None;
        for ticket in &guard.batch {
            let result = results
                .next()
                .unwrap_or_else(|| Err(AppError::internal("batch answered too few joins")));
            if Arc::ptr_eq(ticket, &mine) {
                own = Some(result);
            } else {
                ticket.settle(Outcome::Done(result));
            }
        }
        guard.finished = true;
        drop(guard);
        own.unwrap_or_else(|| Err(AppError::internal("join missing from its batch")))
    }

    /// Hands the lead to the head of the line, or leaves the lane idle.
    fn pass_lead(&self) {
        let next = {
            let mut state = lock(&self.state);
            match state.pending.first() {
                Some(head) => Some(head.clone()),
                None => {
                    state.leading = false;
                    None
                }
            }
        };
        if let Some(head) = next {
            head.settle(Outcome::Lead);
        }
    }
}

/// Passes the lead on when a batch ends, and answers its waiting joins with an error if the
/// batch panicked, so that no join waits forever.
struct BatchGuard<'a, J, O> {
    lane: &'a Lane<J, O>,
    batch: Vec<Arc<Ticket<J, O>>>,
    mine: &'a Arc<Ticket<J, O>>,
    finished: bool,
}

impl<J, O> Drop for BatchGuard<'_, J, O> {
    fn drop(&mut self) {
        if !self.finished {
            for ticket in self.batch.iter().filter(|t| !Arc::ptr_eq(t, self.mine)) {
                ticket.settle(Outcome::Done(Err(AppError::internal("join batch failed"))));
            }
        }
        self.lane.pass_lead();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Barrier;

    use super::*;

    #[test]
    fn a_lone_join_runs_alone_and_gets_its_answer() {
        let lanes: JoinLanes<i32, i32> = JoinLanes::default();
        let got = lanes
            .lane(1)
            .submit(7, |jobs| jobs.into_iter().map(|j| Ok(j * 2)).collect());
        assert_eq!(got.ok(), Some(14));
    }

    #[test]
    fn joins_waiting_behind_a_batch_enter_together_each_with_its_own_answer() {
        let lanes: Arc<JoinLanes<usize, usize>> = Arc::default();
        let batches = Arc::new(AtomicUsize::new(0));
        let threads = 40;
        let start = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let (lanes, batches, start) = (lanes.clone(), batches.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    lanes.lane(1).submit(i, |jobs| {
                        batches.fetch_add(1, Ordering::SeqCst);
                        // Long enough that the others line up behind the first batch.
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        jobs.into_iter()
                            .map(|j| {
                                if j == 3 {
                                    Err(AppError::Conflict("três".into()))
                                } else {
                                    Ok(j + 100)
                                }
                            })
                            .collect()
                    })
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().ok()).collect();
        for (i, r) in results.into_iter().enumerate() {
            match r {
                Some(Ok(v)) => assert_eq!(v, i + 100),
                Some(Err(AppError::Conflict(_))) => assert_eq!(i, 3),
                _ => panic!("join {i} got no answer"),
            }
        }
        assert!(
            batches.load(Ordering::SeqCst) < threads,
            "no join was batched"
        );
    }

    #[test]
    fn a_panicking_batch_answers_its_joins_and_the_lane_keeps_serving() {
        let lanes: Arc<JoinLanes<usize, usize>> = Arc::default();
        let start = Arc::new(Barrier::new(2));
        let (l, s) = (lanes.clone(), start.clone());
        let leader = std::thread::spawn(move || {
            l.lane(1).submit(0, |_| {
                s.wait();
                std::thread::sleep(std::time::Duration::from_millis(50));
                panic!("batch failed");
            })
        });
        start.wait();
        let waiter = lanes
            .lane(1)
            .submit(1, |jobs| jobs.into_iter().map(Ok).collect());
        assert!(leader.join().is_err());
        // Either it waited behind the panicking batch (an error) or ran after it (its answer).
        assert!(matches!(waiter, Err(AppError::Internal(_)) | Ok(1)));
        let after = lanes
            .lane(1)
            .submit(2, |jobs| jobs.into_iter().map(Ok).collect());
        assert_eq!(after.ok(), Some(2));
    }
}
