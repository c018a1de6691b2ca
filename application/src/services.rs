//! What the services of every area share: their dependencies ([`Deps`]), the set of all
//! services built at start-up ([`Services`]), the list, save and import answers, and the two log
//! writers ([`Audit`], [`DriverLog`]). Each service holds the shared dependencies and runs each use case in one
//! transaction, checking the actor's role and scope first.

use std::sync::Arc;

use patio_domain::admin::audit::{ObjectType, Operation};
use patio_domain::admin::listing::{self, PageRequest};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::roles::NOT_ALLOWED_MESSAGE;
use patio_domain::DomainError;
use patio_domain::FieldIssue;
use serde::{Deserialize, Serialize};

use crate::auth::throttle::LoginThrottle;
use crate::error::{AppError, FieldError};
use crate::model::{DriverLogPayload, NewDriverLog, NewStaffLog, Page};
use crate::ports::{
    CaptchaVerifier, Clock, PasswordHasher, PostalCodeLookup, Repos, Store, TokenService,
};
use crate::AppResult;

use crate::admin::{
    admin_users, companies, contacts, customers, dashboard, logs, lookup, retention,
    shipping_companies, users,
};
use crate::auth::{public, terms};
use crate::fleet::{drivers, sets, truck_catalog, trucks};
use crate::orders::{history, loadings, products};
use crate::queue::{attendance, driver_app, jobs, rescues};
use crate::settings::{holidays, popups, use_terms};
use crate::{auth, integration, mail, orders, queue, settings, yard};

/// What every service needs from the outside.
pub struct Deps {
    pub store: Arc<dyn Store>,
    pub clock: Arc<dyn Clock>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenService>,
    pub captcha: Arc<dyn CaptchaVerifier>,
    pub postal: Arc<dyn PostalCodeLookup>,
    /// Uploaded images (logo, pop-ups).
    pub files: Arc<dyn crate::settings::ports::FileStore>,
    pub throttle: LoginThrottle,
    /// Real-time events, published after commit (DESIGN section 5).
    pub events: Arc<dyn crate::queue::ports::EventPublisher>,
    /// Whether sessions still stand; services forget an account after changing it.
    pub accounts: crate::auth::account_check::AccountCheck,
    /// E-mail: SMTP, or the log when no server is configured (issue 11).
    pub mailer: Arc<dyn crate::mail::ports::Mailer>,
    pub mail: mail::MailSettings,
    /// Whether a plate is a truck's (`GET truck/isTruck/{plate}`).
    pub plates: Arc<dyn crate::fleet::ports::PlateRegistry>,
    /// Counts an operator watches (issue 27): joins, job runs, throttled sign-ins.
    pub metrics: Arc<dyn crate::metrics_ports::Metrics>,
    /// Posts webhook deliveries (issue 26).
    pub webhooks: Arc<dyn crate::integration::ports::WebhookSender>,
}

/// All services, built once at start-up and shared by the adapters.
#[derive(Clone)]
pub struct Services {
    pub auth: auth::AuthService,
    pub public: public::PublicService,
    pub users: users::UserService,
    pub terms: terms::TermsService,
    pub companies: companies::CompanyService,
    pub customers: customers::CustomerService,
    pub shipping_companies: shipping_companies::ShippingCompanyService,
    pub user_admin: admin_users::UserAdminService,
    pub contacts: contacts::ContactService,
    pub logs: logs::LogService,
    pub dashboard: dashboard::DashboardService,
    /// The loading history and its exports (issue 13).
    pub history: history::HistoryService,
    pub lookup: lookup::LookupService,
    pub settings: settings::SettingsService,
    pub holidays: holidays::HolidayService,
    pub use_terms: use_terms::UseTermService,
    pub popups: popups::PopupService,
    pub products: products::ProductService,
    pub truck_catalog: truck_catalog::TruckCatalogService,
    pub loadings: loadings::LoadingService,
    pub sets: sets::SetsService,
    pub drivers: drivers::DriverService,
    pub trucks: trucks::TruckService,
    pub orders: orders::OrderService,
    pub queue: queue::QueueService,
    pub queue_reads: queue::reads::QueueReadService,
    pub attendance: attendance::AttendanceService,
    pub queue_jobs: jobs::QueueJobs,
    /// The yard: dispatch actions, check-ins and calls (issue 13).
    pub yard: yard::YardService,
    /// The daily loading report and the outbox's retries.
    pub mail_jobs: mail::MailJobs,
    /// Checked by the HTTP edge on every signed-in request.
    pub accounts: crate::auth::account_check::AccountCheck,
    pub driver_app: driver_app::DriverAppService,
    /// `/fila`'s '+ Adicionar': a loading and its queue entry.
    pub queue_desk: queue::desk::QueueDesk,
    /// Rescues of missing vehicles (issue 13, /recuperar).
    pub rescues: rescues::RescueService,
    /// Deletes old logs and delivered mails, as the operator configured (issue 28).
    pub retention: retention::RetentionJob,
    pub integration: integration::IntegrationService,
    pub webhook_jobs: integration::WebhookJobs,
}

impl Services {
    pub fn new(deps: Deps) -> Self {
        let deps = Arc::new(deps);
        let loadings = loadings::LoadingService::new(deps.clone());
        let queue = queue::QueueService::new(deps.clone());
        let orders = orders::OrderService::new(deps.clone());
        let queue_reads = queue::reads::QueueReadService::new(deps.clone());
        Self {
            integration: integration::IntegrationService::new(
                deps.clone(),
                loadings.clone(),
                orders.clone(),
                queue_reads.clone(),
            ),
            webhook_jobs: integration::WebhookJobs::new(deps.clone()),
            queue_desk: queue::desk::QueueDesk::new(loadings.clone(), queue.clone()),
            accounts: deps.accounts.clone(),
            auth: auth::AuthService::new(deps.clone()),
            public: public::PublicService::new(deps.clone()),
            users: users::UserService::new(deps.clone()),
            terms: terms::TermsService::new(deps.clone()),
            companies: companies::CompanyService::new(deps.clone()),
            customers: customers::CustomerService::new(deps.clone()),
            shipping_companies: shipping_companies::ShippingCompanyService::new(deps.clone()),
            user_admin: admin_users::UserAdminService::new(deps.clone()),
            contacts: contacts::ContactService::new(deps.clone()),
            logs: logs::LogService::new(deps.clone()),
            dashboard: dashboard::DashboardService::new(deps.clone()),
            history: history::HistoryService::new(deps.clone()),
            settings: settings::SettingsService::new(deps.clone()),
            holidays: holidays::HolidayService::new(deps.clone()),
            use_terms: use_terms::UseTermService::new(deps.clone()),
            popups: popups::PopupService::new(deps.clone()),
            products: products::ProductService::new(deps.clone()),
            truck_catalog: truck_catalog::TruckCatalogService::new(deps.clone()),
            loadings,
            sets: sets::SetsService::new(deps.clone()),
            drivers: drivers::DriverService::new(deps.clone()),
            trucks: trucks::TruckService::new(deps.clone()),
            orders,
            queue,
            queue_reads,
            attendance: attendance::AttendanceService::new(deps.clone()),
            queue_jobs: jobs::QueueJobs::new(deps.clone()),
            yard: yard::YardService::new(deps.clone()),
            mail_jobs: mail::MailJobs::new(deps.clone()),
            driver_app: driver_app::DriverAppService::new(deps.clone()),
            rescues: rescues::RescueService::new(deps.clone()),
            retention: retention::RetentionJob::new(deps.clone()),
            lookup: lookup::LookupService::new(deps),
        }
    }
}

// ---- Shared by the administration services.

/// An optional `{id}` reference.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
pub struct OptIdRef {
    pub id: Option<i64>,
}

/// A value typed in a form that may arrive as a JSON number or as text (codes, numbers); the
/// domain checks it.
pub fn text(v: Option<serde_json::Value>) -> Option<String> {
    match v? {
        serde_json::Value::Null => None,
        serde_json::Value::String(s) => Some(s),
        serde_json::Value::Number(n) => Some(n.to_string()),
        serde_json::Value::Bool(b) => Some(b.to_string()),
        other => Some(other.to_string()),
    }
}

/// The query of an administration list (`page`, `pageSize`, `search` and filters).
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
    pub search: Option<String>,
    pub company_id: Option<i64>,
    pub role: Option<String>,
}

impl ListQuery {
    pub(crate) fn page(&self, default_size: u32) -> Option<PageRequest> {
        listing::page_request(self.page, self.page_size, default_size)
    }
}

/// A list answer: every row when the call has no paging parameters (the spec's list calls
/// return arrays), else one page with the total.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Listing<T> {
    All(Vec<T>),
    Page(PageView<T>),
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageView<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
}

impl<T> Listing<T> {
    pub(crate) fn of<R>(
        page: Page<R>,
        request: Option<PageRequest>,
        view: impl FnMut(R) -> T,
    ) -> Self {
        let items = page.items.into_iter().map(view).collect();
        match request {
            None => Listing::All(items),
            Some(p) => Listing::Page(PageView {
                items,
                total: page.total,
                page: p.page,
                page_size: p.size,
            }),
        }
    }

    /// The rows, paged or not.
    pub fn items(&self) -> &[T] {
        match self {
            Listing::All(items) => items,
            Listing::Page(p) => &p.items,
        }
    }
}

/// A save answer: whether a record was created, and the record as read back.
#[derive(Debug, Clone)]
pub struct Saved<T> {
    pub created: bool,
    pub view: T,
}

/// An answer, and a fresh session token when the change ended the caller's own session.
#[derive(Debug, Clone)]
pub struct WithSession<T> {
    pub value: T,
    pub session: Option<String>,
}

/// The answer to a delete.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Deleted {
    pub id: i64,
    pub message: &'static str,
}

pub const DELETED_MESSAGE: &str = "Excluido com sucesso!";

impl Deleted {
    pub(crate) fn new(id: i64) -> Self {
        Self {
            id,
            message: DELETED_MESSAGE,
        }
    }
}

/// The answer to a CSV import.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Imported {
    pub created: usize,
    pub updated: usize,
}

/// The preview of an import: each row's first problem (none: ready), nothing saved.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ImportCheck {
    /// Rows without a problem.
    pub ready: usize,
    pub rows: Vec<RowCheck>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RowCheck {
    /// The file's line (the header is line 1).
    pub line: usize,
    /// The row's first problem, as the import would answer it; `null` when ready.
    pub message: Option<String>,
}

/// The most rows one import takes.
pub const MAX_IMPORT_ROWS: usize = 5000;
pub const EMPTY_IMPORT_MESSAGE: &str = "Nenhum registro para importar!";
pub const IMPORT_TOO_LARGE_MESSAGE: &str = "Máximo de 5000 linhas por importação!";
pub const CODE_TAKEN_MESSAGE: &str = "Código já cadastrado!";
pub const COMPANY_CHOICE_MESSAGE: &str = "Selecione uma empresa!";

/// Form issues as the 422 answer.
pub(crate) fn invalid(issues: Vec<FieldIssue>) -> AppError {
    AppError::Validation(
        issues
            .into_iter()
            .map(|i| FieldError::new(i.field, i.message))
            .collect(),
    )
}

/// Issues of one import line: 'Linha N: message'.
pub(crate) fn invalid_line(line: usize, issues: Vec<FieldIssue>) -> AppError {
    AppError::Validation(
        issues
            .into_iter()
            .map(|i| FieldError::new(i.field, format!("Linha {line}: {}", i.message)))
            .collect(),
    )
}

/// A role refused by the domain's access rules: 403.
/// The record a save names: `None` creates; a negative id is 422 (issue 21).
pub(crate) fn save_target(id: Option<i64>) -> AppResult<Option<i64>> {
    patio_domain::admin::forms::save_target("id", id).map_err(|i| invalid(vec![i]))
}

pub(crate) fn forbidden(_: DomainError) -> AppError {
    AppError::Forbidden(NOT_ALLOWED_MESSAGE.to_owned())
}

/// A database duplicate of a code: the spec-like message.
pub(crate) fn code_taken(e: AppError) -> AppError {
    match e {
        AppError::Duplicate(_) => AppError::Duplicate(CODE_TAKEN_MESSAGE.to_owned()),
        other => other,
    }
}

/// The one staff log writer: who changed something, and from where. Every service writes its
/// entry with it, inside the change's transaction.
pub(crate) struct Audit<'a> {
    /// `None` for the system's own changes (expired loadings).
    pub user: Option<i64>,
    pub ip: Option<&'a str>,
}

impl<'a> Audit<'a> {
    /// A change made by a signed-in person.
    pub(crate) fn by(actor: &Actor, ip: Option<&'a str>) -> Self {
        Self {
            user: Some(actor.id),
            ip,
        }
    }

    pub(crate) fn write(
        &self,
        repos: &mut dyn Repos,
        operation: Operation,
        object: ObjectType,
        company_id: impl Into<Option<i64>>,
        title: String,
        details: Vec<(&str, String)>,
    ) -> AppResult<()> {
        repos.insert_staff_log(&NewStaffLog {
            operation_type: operation.as_str().to_owned(),
            object_type: object.as_str().to_owned(),
            company_id: company_id.into(),
            user_id: self.user,
            title,
            details: details
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
            ip: self.ip.map(str::to_owned),
        })
    }
}

/// The one driver log writer, as [`Audit`] is the staff's: the row's driver and company; the
/// operation is the domain's type and the data the typed payload.
pub(crate) struct DriverLog {
    pub driver_id: i64,
    pub company_id: i64,
}

impl DriverLog {
    pub(crate) fn of(driver_id: i64, company_id: i64) -> Self {
        Self {
            driver_id,
            company_id,
        }
    }

    /// The row, for a batch written in one statement.
    pub(crate) fn entry(&self, operation: DriverLogType, data: DriverLogPayload) -> NewDriverLog {
        NewDriverLog {
            driver_id: self.driver_id,
            company_id: self.company_id,
            operation,
            data,
        }
    }

    pub(crate) fn write(
        &self,
        repos: &mut dyn Repos,
        operation: DriverLogType,
        data: DriverLogPayload,
    ) -> AppResult<()> {
        repos.insert_driver_log(&self.entry(operation, data))
    }
}

pub(crate) fn active_label(active: bool) -> String {
    if active { "Ativo" } else { "Inativo" }.to_owned()
}
