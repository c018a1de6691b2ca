//! What the use cases tell an operator's metrics (issue 27). Only counts of outcomes: the
//! adapters (HTTP, pool) measure their own edges; this port keeps the application free of any
//! metrics library.

use crate::error::AppError;

/// How a queue join ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinOutcome {
    /// The driver entered the queue.
    Entered,
    /// A queue rule or a field refused it (409, 422): the driver was told why.
    Refused,
    /// The caller may not join this driver (401, 403, 404).
    Denied,
    /// The database failed or could not be reached (500, 503).
    Failed,
}

impl JoinOutcome {
    pub fn label(self) -> &'static str {
        match self {
            Self::Entered => "entered",
            Self::Refused => "refused",
            Self::Denied => "denied",
            Self::Failed => "error",
        }
    }

    pub fn of<T>(result: &Result<T, AppError>) -> Self {
        match result {
            Ok(_) => Self::Entered,
            Err(AppError::Internal(_) | AppError::Unavailable(_)) => Self::Failed,
            Err(AppError::Unauthorized(_) | AppError::Forbidden(_) | AppError::NotFound(_)) => {
                Self::Denied
            }
            Err(_) => Self::Refused,
        }
    }
}

/// How one run of a background job ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobOutcome {
    /// It ran here.
    Ran,
    /// Another instance held its lock: it ran there.
    Skipped,
    /// It failed (logged).
    Failed,
}

impl JobOutcome {
    pub fn label(self) -> &'static str {
        match self {
            Self::Ran => "ran",
            Self::Skipped => "skipped",
            Self::Failed => "error",
        }
    }

    /// The outcome of a job that answers `None` when another instance holds its lock.
    pub fn of<T>(result: &Result<Option<T>, AppError>) -> Self {
        match result {
            Ok(Some(_)) => Self::Ran,
            Ok(None) => Self::Skipped,
            Err(_) => Self::Failed,
        }
    }
}

/// Counters an operator watches. Implementations must be cheap and never fail.
pub trait Metrics: Send + Sync {
    fn queue_join(&self, outcome: JoinOutcome);
    fn job_run(&self, job: &'static str, outcome: JobOutcome);
    /// A sign-in refused by the login throttle (429).
    fn login_throttled(&self);
}

/// Counts nothing (tools, and wiring without an exporter).
pub struct NoMetrics;

impl Metrics for NoMetrics {
    fn queue_join(&self, _: JoinOutcome) {}
    fn job_run(&self, _: &'static str, _: JobOutcome) {}
    fn login_throttled(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_follow_the_error_kind() {
        assert_eq!(
            JoinOutcome::of(&Ok::<(), AppError>(())),
            JoinOutcome::Entered
        );
        assert_eq!(
            JoinOutcome::of::<()>(&Err(AppError::Conflict("x".into()))),
            JoinOutcome::Refused
        );
        assert_eq!(
            JoinOutcome::of::<()>(&Err(AppError::NotFound("x".into()))),
            JoinOutcome::Denied
        );
        assert_eq!(
            JoinOutcome::of::<()>(&Err(AppError::Unavailable("x".into()))),
            JoinOutcome::Failed
        );
        assert_eq!(JobOutcome::of(&Ok::<_, AppError>(Some(1))), JobOutcome::Ran);
        assert_eq!(JobOutcome::of::<u8>(&Ok(None)), JobOutcome::Skipped);
        assert_eq!(
            JobOutcome::of::<u8>(&Err(AppError::Internal("x".into()))),
            JobOutcome::Failed
        );
    }
}
