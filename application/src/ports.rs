//! Ports: what the use cases need from the outside world. Adapters implement them.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;

use crate::error::AppResult;
use crate::model::*;

/// Runs a unit of work in one database transaction: commit on `Ok`, roll back on `Err`.
/// Object-safe so that adapters hold an `Arc<dyn Store>`; use [`StoreExt::tx`].
pub trait Store: Send + Sync + 'static {
    fn run(&self, work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>) -> AppResult<()>;
}

pub trait StoreExt {
    fn tx<R>(&self, work: impl FnOnce(&mut dyn Repos) -> AppResult<R>) -> AppResult<R>;
}

impl<S: Store + ?Sized> StoreExt for S {
    fn tx<R>(&self, work: impl FnOnce(&mut dyn Repos) -> AppResult<R>) -> AppResult<R> {
        let mut work = Some(work);
        let mut out = None;
        self.run(&mut |repos| {
            let work = work
                .take()
                .ok_or_else(|| crate::AppError::internal("unit of work ran twice"))?;
            out = Some(work(repos)?);
            Ok(())
        })?;
        out.ok_or_else(|| crate::AppError::internal("unit of work produced nothing"))
    }
}

/// Every repository, reachable from one transaction.
pub trait Repos:
    CompanyRepo + SettingsRepo + UserRepo + DriverRepo + QueueRepo + AttendanceRepo + TermRepo + LogRepo
{
}

impl<T> Repos for T where
    T: CompanyRepo
        + SettingsRepo
        + UserRepo
        + DriverRepo
        + QueueRepo
        + AttendanceRepo
        + TermRepo
        + LogRepo
{
}

pub trait CompanyRepo {
    fn company(&mut self, id: i64) -> AppResult<Option<CompanyRecord>>;
    fn company_by_host(&mut self, host: &str) -> AppResult<Option<CompanyRecord>>;
    fn public_companies(&mut self) -> AppResult<Vec<CompanyPublic>>;
    fn first_contact_phone(&mut self, company_id: i64) -> AppResult<Option<String>>;
}

pub trait SettingsRepo {
    fn login_settings(&mut self, company_id: i64) -> AppResult<Option<LoginSettings>>;
}

pub trait UserRepo {
    fn user(&mut self, id: i64) -> AppResult<Option<UserRecord>>;
    fn user_by_email(&mut self, email: &str) -> AppResult<Option<UserRecord>>;
    fn insert_user(&mut self, user: &NewUser) -> AppResult<i64>;
    fn set_user_use_terms(&mut self, user_id: i64, accepted: bool) -> AppResult<()>;
    fn add_user_contacts(&mut self, user_id: i64, contacts: &[NewContact]) -> AppResult<()>;
}

pub trait DriverRepo {
    fn driver(&mut self, id: i64) -> AppResult<Option<DriverRecord>>;
    fn driver_by_cpf(&mut self, cpf: &str) -> AppResult<Option<DriverRecord>>;
    /// Moves a driver and the trucks they drive to another company, leaving any shipping
    /// company of the old one.
    fn move_driver_to_company(&mut self, driver_id: i64, company_id: i64) -> AppResult<()>;
    fn set_driver_use_terms(&mut self, driver_id: i64, accepted: bool) -> AppResult<()>;
    fn add_driver_contacts(&mut self, driver_id: i64, contacts: &[NewContact]) -> AppResult<()>;
}

pub trait QueueRepo {
    fn active_entry_of_driver(&mut self, driver_id: i64) -> AppResult<Option<ActiveQueueEntry>>;
    /// Closes the driver's active queue entries at a company and moves their loadings that
    /// have not started to the deleted loadings with `reason`. Returns the entries closed.
    fn cancel_driver_at_company(
        &mut self,
        driver_id: i64,
        company_id: i64,
        reason: &str,
        now: DateTime<Utc>,
    ) -> AppResult<u64>;
}

pub trait AttendanceRepo {
    fn attendance_on(
        &mut self,
        company_id: i64,
        day: NaiveDate,
    ) -> AppResult<Option<AttendanceRecord>>;
}

pub trait TermRepo {
    fn active_term(&mut self, company_id: i64) -> AppResult<Option<UseTermRecord>>;
    fn insert_contact_authorization(&mut self, auth: &NewContactAuthorization) -> AppResult<i64>;
}

pub trait LogRepo {
    fn insert_staff_log(&mut self, log: &NewStaffLog) -> AppResult<()>;
    fn insert_driver_log(&mut self, log: &NewDriverLog) -> AppResult<()>;
}

pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &str) -> AppResult<String>;
    fn verify(&self, password: &str, hash: &str) -> bool;
}

/// Session tokens and signed, expiring link tokens (DESIGN section 6).
pub trait TokenService: Send + Sync {
    fn issue_session(&self, claims: &patio_domain::auth::Actor) -> AppResult<String>;
    fn verify_session(&self, token: &str) -> Option<patio_domain::auth::Actor>;
    /// Signs `payload` for one `purpose` (a link kind) valid for `ttl_seconds`.
    fn sign_link(&self, purpose: &str, payload: &Value, ttl_seconds: i64) -> AppResult<String>;
    fn verify_link(&self, purpose: &str, token: &str) -> Option<Value>;
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaptchaOutcome {
    Passed,
    Refused,
}

pub trait CaptchaVerifier: Send + Sync {
    /// Asks the captcha service whether `token` is good for `secret`. An unreachable service
    /// is an error, not a pass.
    fn verify(
        &self,
        secret: &str,
        token: &str,
        remote_ip: Option<&str>,
    ) -> AppResult<CaptchaOutcome>;
}
