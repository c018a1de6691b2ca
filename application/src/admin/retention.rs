//! The retention job (issue 28): staff logs, driver logs and delivered mails older than the
//! operator's setting are deleted, a small batch per transaction, so that no delete holds
//! locks for long and the yard's own writes (which only insert into these tables) never wait.
//! Each batch holds the job's advisory lock; the default policy keeps everything. The staff
//! log is partitioned by month: the job also creates the months ahead and drops whole months.

use std::sync::Arc;

use patio_domain::mail::MAX_ATTEMPTS;
use patio_domain::retention::{
    cutoff, log_partition_months, RetentionPolicy, PRUNE_BATCH, PRUNE_MAX_BATCHES,
};
use serde::Serialize;

use crate::error::AppResult;
use crate::ports::{Repos, StoreExt};
use crate::services::Deps;

/// Advisory-lock key of the retention job ("patio_rt").
pub const RETENTION_JOB_KEY: i64 = 0x7061_7469_6f5f_7274;

/// Rows deleted by one run, per table. `None`: the table keeps everything, or another
/// instance held the job's lock.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetentionReport {
    pub pruned_staff_logs: Option<u64>,
    pub pruned_driver_logs: Option<u64>,
    pub pruned_outbox: Option<u64>,
}

#[derive(Clone)]
pub struct RetentionJob {
    deps: Arc<Deps>,
}

type Prune = fn(&mut dyn Repos, chrono::DateTime<chrono::Utc>) -> AppResult<u64>;

impl RetentionJob {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// One run: for each table with a retention, batches of [`PRUNE_BATCH`] rows until none
    /// is left or [`PRUNE_MAX_BATCHES`] ran (the rest waits for the next run).
    ///
    /// First, whatever the policy, the staff log's monthly partitions of the months ahead are
    /// created. A staff retention drops the partitions of the months wholly before its cutoff
    /// (their rows count as pruned), then deletes the rest in batches.
    pub fn run(&self, policy: &RetentionPolicy) -> AppResult<RetentionReport> {
        let (from, through) = log_partition_months(self.deps.clock.now());
        self.deps.store.tx(|repos| {
            if repos.try_job_lock(RETENTION_JOB_KEY)? {
                repos.ensure_staff_log_partitions(from, through)?;
            }
            Ok(())
        })?;
        let staff: Prune = |r, before| {
            let dropped = r.drop_staff_log_partitions(before)?;
            Ok(dropped + r.prune_staff_logs(before, PRUNE_BATCH)?)
        };
        let driver: Prune = |r, before| r.prune_driver_logs(before, PRUNE_BATCH);
        let outbox: Prune = |r, before| r.prune_outbox(before, MAX_ATTEMPTS, PRUNE_BATCH);
        Ok(RetentionReport {
            pruned_staff_logs: self.prune(policy.staff_logs_days, staff)?,
            pruned_driver_logs: self.prune(policy.driver_logs_days, driver)?,
            pruned_outbox: self.prune(policy.outbox_days, outbox)?,
        })
    }

    fn prune(&self, days: Option<u32>, delete: Prune) -> AppResult<Option<u64>> {
        let Some(days) = days else { return Ok(None) };
        let before = cutoff(self.deps.clock.now(), days);
        let mut total = 0;
        for _ in 0..PRUNE_MAX_BATCHES {
            let deleted = self.deps.store.tx(|repos| {
                if !repos.try_job_lock(RETENTION_JOB_KEY)? {
                    return Ok(None);
                }
                delete(repos, before).map(Some)
            })?;
            let Some(deleted) = deleted else {
                return Ok((total > 0).then_some(total));
            };
            total += deleted;
            if deleted < PRUNE_BATCH.unsigned_abs() {
                break;
            }
        }
        Ok(Some(total))
    }
}
