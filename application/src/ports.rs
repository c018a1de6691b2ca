//! Ports: what the use cases need from the outside world. Adapters implement them.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;

use patio_domain::admin::listing::SearchText;
use patio_domain::admin::party::{PartyData, PartyKind};
use patio_domain::values::Cep;

use crate::admin::customers::CustomerView;
use crate::admin::shipping_companies::{ShippingCompanyView, ShippingUserView};
use crate::error::AppResult;
use crate::model::*;

/// Runs a unit of work in one database transaction: commit on `Ok`, roll back on `Err`.
/// Object-safe so that adapters hold an `Arc<dyn Store>`; use [`StoreExt::tx`].
pub trait Store: Send + Sync + 'static {
    fn run(&self, work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>) -> AppResult<()>;

    /// Runs reads that need no transaction (each statement on its own, as READ COMMITTED
    /// would see them anyway): no BEGIN and COMMIT round trips. Writes must use [`Store::run`].
    fn run_reads(&self, work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>) -> AppResult<()> {
        self.run(work)
    }

    /// Runs reads that may lag the latest commits by the replication lag: lists, dashboards,
    /// history, log searches (issue 27). A store with a read replica runs them there, and
    /// on the primary when the replica is down or behind this instance's own writes; `work`
    /// may then run twice (a replica lost mid-read), so it must only read. Never for a read a
    /// change depends on: that one stays in the change's [`Store::run`].
    fn run_replica_reads(
        &self,
        work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>,
    ) -> AppResult<()> {
        self.run_reads(work)
    }

    /// [`Store::run_replica_reads`] of one company's queue or yard, which screens read again
    /// when its events arrive (panels, the TV): the replica must also have replayed every
    /// event of that company this instance has heard, so a read prompted by an event never
    /// shows the state before it.
    fn run_company_replica_reads(
        &self,
        company_id: i64,
        work: &mut dyn FnMut(&mut dyn Repos) -> AppResult<()>,
    ) -> AppResult<()> {
        let _ = company_id;
        self.run_replica_reads(work)
    }
}

pub trait StoreExt {
    fn tx<R>(&self, work: impl FnOnce(&mut dyn Repos) -> AppResult<R>) -> AppResult<R>;
    /// [`Store::run_reads`]: only reads, no transaction.
    fn reads<R>(&self, work: impl FnOnce(&mut dyn Repos) -> AppResult<R>) -> AppResult<R>;
    /// [`Store::run_replica_reads`]: reads that may lag, on the replica when there is one.
    fn replica_reads<R>(&self, work: impl FnMut(&mut dyn Repos) -> AppResult<R>) -> AppResult<R>;
    /// [`Store::run_company_replica_reads`]: one company's reads that its events prompt.
    fn company_replica_reads<R>(
        &self,
        company_id: i64,
        work: impl FnMut(&mut dyn Repos) -> AppResult<R>,
    ) -> AppResult<R>;
}

fn once<R>(
    work: impl FnOnce(&mut dyn Repos) -> AppResult<R>,
    run: impl FnOnce(&mut dyn FnMut(&mut dyn Repos) -> AppResult<()>) -> AppResult<()>,
) -> AppResult<R> {
    let mut work = Some(work);
    let mut out = None;
    run(&mut |repos| {
        let work = work
            .take()
            .ok_or_else(|| crate::AppError::internal("unit of work ran twice"))?;
        out = Some(work(repos)?);
        Ok(())
    })?;
    out.ok_or_else(|| crate::AppError::internal("unit of work produced nothing"))
}

impl<S: Store + ?Sized> StoreExt for S {
    fn tx<R>(&self, work: impl FnOnce(&mut dyn Repos) -> AppResult<R>) -> AppResult<R> {
        once(work, |w| self.run(w))
    }

    fn reads<R>(&self, work: impl FnOnce(&mut dyn Repos) -> AppResult<R>) -> AppResult<R> {
        once(work, |w| self.run_reads(w))
    }

    fn replica_reads<R>(
        &self,
        mut work: impl FnMut(&mut dyn Repos) -> AppResult<R>,
    ) -> AppResult<R> {
        let mut out = None;
        self.run_replica_reads(&mut |repos| {
            out = Some(work(repos)?);
            Ok(())
        })?;
        out.ok_or_else(|| crate::AppError::internal("unit of work produced nothing"))
    }

    fn company_replica_reads<R>(
        &self,
        company_id: i64,
        mut work: impl FnMut(&mut dyn Repos) -> AppResult<R>,
    ) -> AppResult<R> {
        let mut out = None;
        self.run_company_replica_reads(company_id, &mut |repos| {
            out = Some(work(repos)?);
            Ok(())
        })?;
        out.ok_or_else(|| crate::AppError::internal("unit of work produced nothing"))
    }
}

/// Every repository, reachable from one transaction.
pub trait Repos:
    CompanyRepo
    + SettingsRepo
    + UserRepo
    + DriverRepo
    + QueueRepo
    + AttendanceRepo
    + TermRepo
    + LogRepo
    + CompanyAdminRepo
    + ContactRepo
    + CustomerRepo
    + ShippingCompanyRepo
    + PartyRepo
    + UserAdminRepo
    + LogQueryRepo
    + DashboardRepo
    + LookupRepo
    + crate::settings::ports::SettingsAreaRepos
    + crate::queue::ports::QueueAreaRepos
    + crate::orders::ports::OrdersAreaRepos
    + crate::fleet::ports::TruckCatalogRepo
    + crate::orders::loading_ports::LoadingRepo
    + crate::mail::ports::MailRepo
    + crate::fleet::sets_ports::SetsRepo
    + crate::fleet::ports::DriverAdminRepo
    + crate::fleet::ports::TruckRepo
    + crate::yard::ports::YardRepo
    + crate::queue::rescue_ports::RescueRepo
    + RetentionRepo
    + crate::queue::predict_ports::PredictRepo
    + crate::integration::ports::IntegrationRepo
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
        + CompanyAdminRepo
        + ContactRepo
        + CustomerRepo
        + ShippingCompanyRepo
        + PartyRepo
        + UserAdminRepo
        + LogQueryRepo
        + DashboardRepo
        + LookupRepo
        + crate::settings::ports::SettingsAreaRepos
        + crate::queue::ports::QueueAreaRepos
        + crate::orders::ports::OrdersAreaRepos
        + crate::fleet::ports::TruckCatalogRepo
        + crate::orders::loading_ports::LoadingRepo
        + crate::mail::ports::MailRepo
        + crate::fleet::sets_ports::SetsRepo
        + crate::fleet::ports::DriverAdminRepo
        + crate::fleet::ports::TruckRepo
        + crate::yard::ports::YardRepo
        + crate::queue::rescue_ports::RescueRepo
        + RetentionRepo
        + crate::queue::predict_ports::PredictRepo
        + crate::integration::ports::IntegrationRepo
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
}

pub trait DriverRepo {
    fn driver(&mut self, id: i64) -> AppResult<Option<DriverRecord>>;
    fn driver_by_cpf(&mut self, cpf: &str) -> AppResult<Option<DriverRecord>>;
    /// Moves a driver and the trucks they drive to another company, leaving any shipping
    /// company of the old one.
    fn move_driver_to_company(&mut self, driver_id: i64, company_id: i64) -> AppResult<()>;
    fn set_driver_use_terms(&mut self, driver_id: i64, accepted: bool) -> AppResult<()>;
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

    /// Several staff log rows in one statement, in order (a batch of joins).
    fn insert_staff_logs(&mut self, logs: &[NewStaffLog]) -> AppResult<()> {
        logs.iter().try_for_each(|l| self.insert_staff_log(l))
    }

    /// Several driver log rows in one statement, in order (a batch of joins).
    fn insert_driver_logs(&mut self, logs: &[NewDriverLog]) -> AppResult<()> {
        logs.iter().try_for_each(|l| self.insert_driver_log(l))
    }
}

/// Companies as the administration reads and writes them (spec 1 "Companies").
pub trait CompanyAdminRepo {
    fn list_companies(&mut self, filter: &ListFilter) -> AppResult<Page<CompanyFull>>;
    fn company_full(&mut self, id: i64) -> AppResult<Option<CompanyFull>>;
    /// Inserts the company with its default settings and queue-state rows.
    fn insert_company(&mut self, company: &CompanyWrite) -> AppResult<i64>;
    fn update_company(&mut self, id: i64, company: &CompanyWrite) -> AppResult<()>;
    /// Deletes the company (its hosts, settings and contacts go with it); `Referenced` while
    /// anything else points at it.
    fn delete_company(&mut self, id: i64) -> AppResult<()>;
    /// The company a host resolves to.
    fn company_of_host(&mut self, host: &str) -> AppResult<Option<i64>>;
    /// Replaces the host derived from the company's website: removes `old`, adds `new`.
    fn replace_company_host(
        &mut self,
        company_id: i64,
        old: Option<&str>,
        new: Option<&str>,
    ) -> AppResult<()>;
}

/// Contacts of every owner (one table).
pub trait ContactRepo {
    fn contacts_of(&mut self, owner: ContactOwner) -> AppResult<Vec<ContactRecord>>;
    fn contact(&mut self, id: i64) -> AppResult<Option<OwnedContact>>;
    fn insert_contact(&mut self, owner: ContactOwner, contact: &ContactWrite) -> AppResult<i64>;
    fn update_contact(&mut self, id: i64, contact: &ContactWrite) -> AppResult<()>;
    fn delete_contact(&mut self, id: i64) -> AppResult<()>;
}

pub trait CustomerRepo {
    /// Customers as the screens read them, with their company's name; `contact` is empty
    /// (read apart).
    fn list_customers(&mut self, filter: &ListFilter) -> AppResult<Page<CustomerView>>;
    fn customer(&mut self, id: i64) -> AppResult<Option<CustomerView>>;
}

/// What customers and shipping companies store alike.
pub trait PartyRepo {
    fn party_by_code(
        &mut self,
        kind: PartyKind,
        company_id: i64,
        code: i32,
    ) -> AppResult<Option<i64>>;
    /// The checked form where it is placed (identity and address; a shipping company's status).
    fn insert_party(
        &mut self,
        kind: PartyKind,
        party: &PartyData,
        at: &PartyPlacement,
    ) -> AppResult<i64>;
    fn update_party(
        &mut self,
        kind: PartyKind,
        id: i64,
        party: &PartyData,
        at: &PartyPlacement,
    ) -> AppResult<()>;
    /// A shipping company's users go with it. `Referenced` while orders or loadings point at
    /// the record.
    fn delete_party(&mut self, kind: PartyKind, id: i64) -> AppResult<()>;
}

pub trait ShippingCompanyRepo {
    /// Shipping companies as the screens read them, with their company's name and `warning`
    /// set when no user is tied to them; `contact` and `users` are empty (read apart) and
    /// `can_change` is false (the actor's, set by the service).
    fn list_shipping_companies(
        &mut self,
        filter: &ListFilter,
    ) -> AppResult<Page<ShippingCompanyView>>;
    fn shipping_company(&mut self, id: i64) -> AppResult<Option<ShippingCompanyView>>;
    /// Records the login e-mail and (when given) the hash of its password on the row.
    fn set_shipping_login(
        &mut self,
        id: i64,
        login: &str,
        password_hash: Option<&str>,
    ) -> AppResult<()>;
    fn shipping_users(&mut self, id: i64) -> AppResult<Vec<ShippingUserView>>;
}

/// Staff users as the user administration reads and writes them.
pub trait UserAdminRepo {
    fn list_users(&mut self, filter: &ListFilter) -> AppResult<Page<UserRecord>>;
    /// `Duplicate` ('Email já cadastrado!') when the e-mail is taken.
    fn insert_staff_user(&mut self, user: &UserWrite) -> AppResult<i64>;
    fn update_staff_user(&mut self, id: i64, user: &UserWrite) -> AppResult<()>;
    fn delete_user(&mut self, id: i64) -> AppResult<()>;
    fn user_authorization(&mut self, user_id: i64) -> AppResult<Option<AuthorizationFlags>>;
    /// Updates the user's latest contact authorization, or adds one.
    fn set_user_authorization(&mut self, user_id: i64, flags: AuthorizationFlags) -> AppResult<()>;
}

pub trait LogQueryRepo {
    /// Newest first.
    fn search_staff_logs(&mut self, filter: &LogFilter) -> AppResult<Vec<StaffLogRecord>>;
    /// The operation and object words present in the log.
    fn staff_log_words(&mut self) -> AppResult<(Vec<String>, Vec<String>)>;
}

/// The retention job's deletes (issue 28): each removes at most `limit` of the oldest rows
/// created before `before` and says how many it removed.
pub trait RetentionRepo {
    fn prune_staff_logs(&mut self, before: DateTime<Utc>, limit: i64) -> AppResult<u64>;
    /// Creates the missing monthly partitions of the staff log from the month of `from`
    /// through the month of `through` (rows of those months found in the default partition
    /// move in); says how many it created.
    fn ensure_staff_log_partitions(
        &mut self,
        from: NaiveDate,
        through: NaiveDate,
    ) -> AppResult<u32>;
    /// Drops the staff log's monthly partitions whose whole month is before `before`; says
    /// how many rows they held.
    fn drop_staff_log_partitions(&mut self, before: DateTime<Utc>) -> AppResult<u64>;
    fn prune_driver_logs(&mut self, before: DateTime<Utc>, limit: i64) -> AppResult<u64>;
    /// Delivered mails only: sent, logged, or failed after `max_attempts` tries.
    fn prune_outbox(
        &mut self,
        before: DateTime<Utc>,
        max_attempts: i32,
        limit: i64,
    ) -> AppResult<u64>;
}

pub trait DashboardRepo {
    /// Settings of every company (or of one) that the scheduling totals need.
    fn company_calendars(&mut self, company_id: Option<i64>) -> AppResult<Vec<CompanyCalendar>>;
    /// Attended and faulty queue entries per company and attendance day.
    fn queue_day_counts(
        &mut self,
        company_id: Option<i64>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> AppResult<Vec<QueueDayCount>>;
    /// Enabled orders, complete (status 100) and in progress, created in `[from, to)` when
    /// given.
    fn order_totals(
        &mut self,
        company_id: Option<i64>,
        from: Option<DateTime<Utc>>,
        to: Option<DateTime<Utc>>,
    ) -> AppResult<OrderTotals>;
    /// Queue entries that joined in `[from, to)` within the scope (the carrier dashboard),
    /// with their loading's transported tonnes.
    fn flow_entries(
        &mut self,
        scope: patio_domain::carrier_dashboard::DashboardScope,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> AppResult<Vec<patio_domain::carrier_dashboard::FlowEntry>>;
    /// Finished loadings (`status` true) dispatched since `from`, newest first.
    fn loading_history(
        &mut self,
        filter: &crate::model::HistoryFilter,
    ) -> AppResult<Vec<patio_domain::history::HistoryLine>>;
    /// One page of [`Self::loading_history`] (`offset`, `limit`), with the number of loadings
    /// of the whole query and their transported tonnes.
    fn loading_history_page(
        &mut self,
        filter: &crate::model::HistoryFilter,
        offset: i64,
        limit: i64,
    ) -> AppResult<(Vec<patio_domain::history::HistoryLine>, i64, f64)>;
}

/// Autocomplete pickers (`GET /{resource}/like/{text}`).
pub trait LookupRepo {
    fn like_companies(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>>;
    fn like_shipping_companies(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        shipping_company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>>;
    fn like_customers(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>>;
    fn like_users(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>>;
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

/// An external postal-code service (DESIGN section 1).
pub trait PostalCodeLookup: Send + Sync {
    /// `Ok(None)` when the service does not know the CEP; `Err` when it cannot be asked.
    fn lookup(&self, cep: &Cep) -> AppResult<Option<PostalAddress>>;
}
