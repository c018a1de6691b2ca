//! Background jobs (DESIGN section 5): tolerance drops (TOL_QUEUE), the refresh of stored
//! plans that time made stale (tolerance numbering, a new day), and the expiry of loadings
//! ('TEMPO EXPIRADO'). Each run is one transaction holding the job's Postgres advisory lock
//! (`pg_try_advisory_xact_lock`): when another instance holds it, this one skips the run.

use std::collections::BTreeSet;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use patio_domain::driver_log::DriverLogType;
use patio_domain::queue::{self, is_expired, tolerance_drops, transition, EXPIRED_REASON};
use patio_domain::queue::{LifecycleEvent, LifecycleState};
use patio_domain::text::escape_html;
use serde::Serialize;

use crate::error::AppResult;
use crate::model::DriverLogPayload;
use crate::ports::{Repos, StoreExt};
use crate::queue::ports::{DomainEvent, PlanEntryKind};
use crate::queue::{store_plan, Loaded};
use crate::services::{Audit, Deps, DriverLog};
use patio_domain::admin::audit::{ObjectType, Operation};

/// Advisory-lock keys, one per job ("patio_to", "patio_rf", "patio_ex").
pub const TOLERANCE_JOB_KEY: i64 = 0x7061_7469_6f5f_746f;
pub const REFRESH_JOB_KEY: i64 = 0x7061_7469_6f5f_7266;
pub const EXPIRY_JOB_KEY: i64 = 0x7061_7469_6f5f_6578;

/// A plan older than this is stored again by the refresh job (a new day, the next landing of
/// a join moving with the clock).
pub const REFRESH_AFTER_MINUTES: i64 = 5;

/// What one run of the jobs did. `None`: another instance held the job's lock.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobsReport {
    pub tolerance_drops: Option<usize>,
    pub refreshed: Option<usize>,
    pub expired: Option<usize>,
}

#[derive(Clone)]
pub struct QueueJobs {
    deps: Arc<Deps>,
}

impl QueueJobs {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    fn publish(&self, companies: &BTreeSet<i64>) {
        for &company_id in companies {
            self.deps
                .events
                .publish(&DomainEvent::queue_changed(company_id));
        }
    }

    /// Every job once, in order: tolerance drops, plan refresh, loading expiry. A failing job
    /// is logged and does not stop the others.
    pub fn run_all(&self) -> JobsReport {
        let log = |name: &'static str, r: AppResult<Option<usize>>| {
            self.deps
                .metrics
                .job_run(name, crate::metrics_ports::JobOutcome::of(&r));
            match r {
                Ok(v) => v,
                Err(error) => {
                    tracing::warn!(job = name, %error, "queue job failed");
                    None
                }
            }
        };
        JobsReport {
            tolerance_drops: log("tolerance", self.run_tolerance()),
            refreshed: log("refresh", self.run_refresh()),
            expired: log("expiry", self.run_expiry()),
        }
    }

    /// Drops the waiting entries whose tolerance ran out (DESIGN 4.6), company by company,
    /// each under its queue lock, and stores the new plan. Returns the entries dropped.
    pub fn run_tolerance(&self) -> AppResult<Option<usize>> {
        let now = self.deps.clock.now();
        let (dropped, changed) = match self.deps.store.tx(|repos| {
            if !repos.try_job_lock(TOLERANCE_JOB_KEY)? {
                return Ok(None);
            }
            let mut dropped = 0;
            let mut changed = BTreeSet::new();
            for company_id in repos.companies_with_tolerance()? {
                let n = drop_company(repos, company_id, now)?;
                if n.1 {
                    changed.insert(company_id);
                }
                dropped += n.0;
            }
            Ok(Some((dropped, changed)))
        })? {
            Some(v) => v,
            None => return Ok(None),
        };
        self.publish(&changed);
        Ok(Some(dropped))
    }

    /// Stores again the plans that time made stale. Returns the companies whose stored plan
    /// changed.
    pub fn run_refresh(&self) -> AppResult<Option<usize>> {
        let now = self.deps.clock.now();
        let changed = match self.deps.store.tx(|repos| {
            if !repos.try_job_lock(REFRESH_JOB_KEY)? {
                return Ok(None);
            }
            let before = now - Duration::minutes(REFRESH_AFTER_MINUTES);
            let mut changed = BTreeSet::new();
            for company_id in repos.companies_with_stale_plan(before)? {
                let loaded = Loaded::lock(repos, company_id, now)?;
                if store_plan(repos, &loaded)?.changed {
                    changed.insert(company_id);
                }
            }
            Ok(Some(changed))
        })? {
            Some(v) => v,
            None => return Ok(None),
        };
        self.publish(&changed);
        Ok(Some(changed.len()))
    }

    /// Moves loadings whose expiration date passed unloaded to the deleted loadings with
    /// reason 'TEMPO EXPIRADO' (DESIGN 4.11). A loading held by an active queue entry waits
    /// until the entry closes. Returns how many moved.
    pub fn run_expiry(&self) -> AppResult<Option<usize>> {
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            if !repos.try_job_lock(EXPIRY_JOB_KEY)? {
                return Ok(None);
            }
            // Any zone's today is at most the UTC date plus one.
            let upper = (now + Duration::days(1)).date_naive();
            let expired: Vec<_> = repos
                .expiry_candidates(upper)?
                .into_iter()
                .filter(|c| {
                    let tz: Tz = c.time_zone.parse().unwrap_or(chrono_tz::America::Sao_Paulo);
                    is_expired(c.expiration_date, now.with_timezone(&tz).date_naive())
                })
                .collect();
            if expired.is_empty() {
                return Ok(Some(0));
            }
            let ids: Vec<i64> = expired.iter().map(|c| c.scheduling_id).collect();
            let moved = repos.delete_loadings(&ids, EXPIRED_REASON, now)?;
            let companies: BTreeSet<i64> = expired.iter().map(|c| c.company_id).collect();
            for company_id in companies {
                let codes: Vec<String> = expired
                    .iter()
                    .filter(|c| c.company_id == company_id)
                    .map(|c| c.order_code.clone())
                    .collect();
                Audit {
                    user: None,
                    ip: None,
                }
                .write(
                    repos,
                    Operation::ExpireLoading,
                    ObjectType::Scheduling,
                    company_id,
                    format!(
                        "{} agendamento(s) expirado(s): {}",
                        codes.len(),
                        escape_html(EXPIRED_REASON)
                    ),
                    vec![("Pedidos", codes.join(", "))],
                )?;
            }
            Ok(Some(usize::try_from(moved).unwrap_or(usize::MAX)))
        })
    }
}

/// Tolerance drops of one company under its lock. Returns (dropped, plan changed).
fn drop_company(
    repos: &mut dyn Repos,
    company_id: i64,
    now: DateTime<Utc>,
) -> AppResult<(usize, bool)> {
    let mut loaded = Loaded::lock(repos, company_id, now)?;
    let drops = loaded.with_input(|input| {
        let plan = queue::plan(input);
        tolerance_drops(&plan, &loaded.settings, now)
    });
    let mut dropped = 0;
    for id in drops {
        let state = loaded.lifecycle(id.0);
        // The engine never drops a checked-in driver; the lifecycle refuses it too.
        let Ok(to) = transition(state, LifecycleEvent::ToleranceDrop) else {
            continue;
        };
        let Some(status) = to.stored_status() else {
            continue;
        };
        if !repos.close_queue_entry(id.0, status, now)? {
            continue;
        }
        dropped += 1;
        let driver_id = loaded.entry(id.0).map(|e| e.driver_id).unwrap_or_default();
        for e in loaded.entries.iter_mut().filter(|e| e.id == id.0) {
            e.kind = PlanEntryKind::MissedToday;
        }
        if to == LifecycleState::FaultyByTolerance {
            DriverLog::of(driver_id, company_id).write(
                repos,
                DriverLogType::TolQueue,
                DriverLogPayload::at_company(company_id).queue(id.0),
            )?;
        }
    }
    // An entry dropped today spent its slot only when it was planned today.
    let today = loaded.today;
    loaded
        .entries
        .retain(|e| e.kind != PlanEntryKind::MissedToday || e.date == Some(today));
    let stored = store_plan(repos, &loaded)?;
    if dropped > 0 {
        Audit {
            user: None,
            ip: None,
        }
        .write(
            repos,
            Operation::TolQueue,
            ObjectType::Queue,
            company_id,
            format!("{dropped} veículo(s) marcado(s) como faltoso(s) por tolerância"),
            vec![("Veículos", dropped.to_string())],
        )?;
    }
    Ok((dropped, stored.changed || dropped > 0))
}
