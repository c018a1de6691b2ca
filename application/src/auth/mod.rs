//! Sign-in of staff and drivers, sessions, the confirmed company transfer of a driver and the
//! signed driver-login links.

pub mod account_check;
pub mod public;
pub mod terms;
pub mod throttle;

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::auth::{staff_may_transfer_driver, Actor, TransferRefusal};
use patio_domain::driver_log::DriverLogType;
use patio_domain::roles::{
    self, LoginPage, MenuEntry, PanelAbilities, Role, ScreenAbilities, SessionKind,
};
use patio_domain::terms::must_approve_terms;
use patio_domain::values::{parse_birth_date, Cpf};
use serde::Serialize;
use serde_json::json;

use crate::auth::throttle::{Attempt, RATE_LIMITED_MESSAGE};
use crate::error::{
    AppError, AppResult, FieldError, TransferCompany, TransferConflict, TransferDriver,
    TransferQueue,
};
use crate::model::{CompanyRecord, DriverLogPayload, UserRecord};
use crate::ports::{CaptchaOutcome, Repos, StoreExt};
use crate::services::{Audit, Deps, DriverLog};
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::auth::SignInGate;

/// Staff pages that exist so far; the sidebar leaves out entries whose pages are not built.
pub const BUILT_PAGES: &[&str] = &[
    "dashboard",
    "fila",
    "empresas",
    "clientes",
    "produtos",
    "pedidos",
    "transportadoras",
    "usuarios",
    "logs",
    "configuracao",
    "marcas",
    "modelos",
    "conjuntos",
    "motoristas",
    "caminhoes",
    "dashboard-transportadora",
    "historico",
    "recuperar",
    "fila-virtual",
    "dashboard-transportadoras",
    "conteudo",
    "integracoes",
];

pub const CAPTCHA_MESSAGE: &str = "Confirme que você não é um robô.";
pub const SESSION_EXPIRED_MESSAGE: &str = "Sessão expirada. Entre novamente.";
pub const DRIVER_NOT_FOUND_MESSAGE: &str =
    "Motorista não encontrado. Confira o CPF e a data de nascimento ou faça seu cadastro.";
pub const DRIVER_DISABLED_MESSAGE: &str = "Cadastro de motorista inativo, fale com a empresa.";
pub const COMPANY_NOT_FOUND_MESSAGE: &str = "Empresa não encontrada.";
pub const LINK_INVALID_MESSAGE: &str = "Link inválido ou expirado";
pub const TRANSFER_REASON: &str = crate::fleet::drivers::MOVE_REASON;

const TRANSFER_PURPOSE: &str = "driver-transfer";
/// The device mark: a browser that signed in to an account before (issue 9 item 8).
const DEVICE_PURPOSE: &str = "sign-in-device";
const DEVICE_TTL_SECONDS: i64 = 365 * 24 * 3600;
const TRANSFER_TTL_SECONDS: i64 = 15 * 60;
const DRIVER_LINK_PURPOSE: &str = "driver-login";
const DRIVER_LINK_TTL_SECONDS: i64 = 60 * 60;

#[derive(Clone)]
pub struct StaffLogin {
    pub email: String,
    pub password: String,
    /// The company the login page names (the body's `company`); the host's wins.
    pub company_id: Option<i64>,
    /// The request's host: the company that serves it is the sign-in's company.
    pub host: Option<String>,
    pub recaptcha_token: String,
    pub page: LoginPage,
    pub ip: Option<String>,
    /// The browser's device mark (`patio_device` cookie), if any.
    pub device: Option<String>,
    /// The caller already waited the [`AppError::SlowDown`] this attempt was answered
    /// (set by the HTTP adapter, never from the request).
    pub waited: bool,
}

/// The e-mail (trimmed, lower case) once e-mail and password were both typed.
fn required_credentials(cmd: &StaffLogin) -> AppResult<String> {
    let email = cmd.email.trim().to_lowercase();
    let mut missing = Vec::new();
    if email.is_empty() {
        missing.push(FieldError::new("email", "E-mail é obrigatório!"));
    }
    if cmd.password.is_empty() {
        missing.push(FieldError::new("password", "Senha é obrigatória!"));
    }
    if missing.is_empty() {
        Ok(email)
    } else {
        Err(AppError::Validation(missing))
    }
}

#[derive(Clone)]
pub struct DriverLogin {
    pub cpf: String,
    pub company_id: i64,
    pub birth_date: String,
    pub recaptcha_token: String,
    pub ip: Option<String>,
    /// The browser's device mark (`patio_device` cookie), if any.
    pub device: Option<String>,
    /// See [`StaffLogin::waited`].
    pub waited: bool,
}

pub struct DriverTransfer {
    pub driver_id: i64,
    pub company_id: i64,
    pub transfer_token: Option<String>,
    pub actor: Option<Actor>,
}

/// The company of a session (distinct from the companies area's `CompanyView` in the document).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SessionCompanyView)]
pub struct CompanyView {
    pub id: i64,
    pub name: String,
    pub logo: Option<String>,
    /// The company's time zone (IANA name), in the staff and driver sessions: the yard's clock.
    #[serde(rename = "timeZone", skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

impl From<&CompanyRecord> for CompanyView {
    fn from(c: &CompanyRecord) -> Self {
        Self {
            id: c.id,
            name: c.name.clone(),
            logo: c.logo.clone(),
            time_zone: None,
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffLoginView {
    pub id: i64,
    pub name: String,
    pub role: Role,
    pub is_root: bool,
    pub access_token: String,
    pub company: Option<CompanyView>,
    pub shipping_company_id: Option<i64>,
    pub use_terms: bool,
    pub must_approve_terms: bool,
    pub landing: String,
    /// The device mark to keep in the browser (a cookie, never the body).
    #[serde(skip)]
    pub device_mark: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSessionView {
    pub kind: SessionKind,
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub is_root: bool,
    pub company: Option<CompanyView>,
    pub shipping_company_id: Option<i64>,
    pub use_terms: bool,
    pub must_approve_terms: bool,
    pub landing: String,
    pub menu: Vec<MenuEntry>,
    pub routes: Vec<&'static str>,
    /// What the dispatch panel offers this role.
    pub panel: PanelAbilities,
    /// What the office screens offer this role.
    pub screens: ScreenAbilities,
    /// Pages that send this role elsewhere (pattern -> target).
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub redirects: std::collections::BTreeMap<&'static str, &'static str>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLoginView {
    pub id: i64,
    pub name: String,
    pub access_token: String,
    pub company: CompanyView,
    pub use_terms: bool,
    pub must_approve_terms: bool,
    /// The device mark to keep in the browser (a cookie, never the body).
    #[serde(skip)]
    pub device_mark: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverSessionView {
    pub kind: SessionKind,
    pub id: i64,
    pub name: String,
    pub cpf: String,
    pub company: CompanyView,
    pub use_terms: bool,
    pub must_approve_terms: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TransferView {
    pub id: i64,
    pub company: IdView,
    /// Present when the driver confirmed with the transfer token: the token already proved
    /// CPF and birth date, so the driver is signed in without replaying a one-use captcha.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub login: Option<DriverLoginView>,
}

/// What a transfer's transaction leaves for the steps after its commit.
struct Transferred {
    view: TransferView,
    driver: crate::model::DriverRecord,
    target: CompanyRecord,
    has_term: bool,
    moved: Option<crate::fleet::drivers::Moved>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct IdView {
    pub id: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLinkView {
    pub token: String,
    pub path: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLinkContent {
    pub cpf: String,
    pub birth_date: NaiveDate,
    pub company: IdView,
}

#[derive(Clone)]
pub struct AuthService {
    deps: Arc<Deps>,
}

impl AuthService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    fn now(&self) -> DateTime<Utc> {
        self.deps.clock.now()
    }

    /// Whether the company asks for reCAPTCHA (so [`check_captcha`] verified a token).
    fn captcha_enforced(&self, repos: &mut dyn Repos, company_id: Option<i64>) -> AppResult<bool> {
        let Some(company_id) = company_id else {
            return Ok(false);
        };
        Ok(repos.login_settings(company_id)?.is_some_and(|s| {
            s.enable_recaptcha
                && !s
                    .recaptcha_secret
                    .as_deref()
                    .unwrap_or("")
                    .trim()
                    .is_empty()
        }))
    }

    /// The throttle's word before the password is checked: refused (429), or slowed past the
    /// address's limit unless the company's reCAPTCHA passed or the caller already waited
    /// ([`AppError::SlowDown`]).
    fn admit(&self, attempt: Attempt<'_>, now: DateTime<Utc>) -> AppResult<Option<u64>> {
        match self.deps.throttle.gate(attempt, now)? {
            SignInGate::Open => Ok(None),
            SignInGate::Refused => {
                self.deps.metrics.login_throttled();
                Err(AppError::RateLimited(RATE_LIMITED_MESSAGE.to_owned()))
            }
            SignInGate::Slowed { wait_seconds } => Ok(Some(wait_seconds)),
        }
    }

    pub fn staff_login(&self, cmd: StaffLogin) -> AppResult<StaffLoginView> {
        let email = required_credentials(&cmd)?;
        let now = self.now();
        let device = self.device_of(&email, cmd.device.as_deref());
        let attempt = Attempt {
            account: &email,
            address: cmd.ip.as_deref(),
            device: device.as_deref(),
        };
        let slowed = self.admit(attempt, now)?;
        let (company, found) = self.host_company_and_account(&cmd, &email, slowed)?;
        let Some(user) = self.matching_account(&cmd.password, found, company) else {
            self.deps.throttle.record_failure(attempt, now)?;
            return Err(AppError::Unauthorized(
                roles::INVALID_CREDENTIALS_MESSAGE.to_owned(),
            ));
        };
        self.refuse_blocked(&user)?;
        if !cmd.page.admits(user.role) {
            return Err(AppError::Forbidden(roles::NOT_ALLOWED_MESSAGE.to_owned()));
        }
        self.deps.throttle.record_success(attempt)?;
        let device_mark = Some(self.device_mark(&email, device.as_deref())?);
        self.open_staff_session(&user, cmd.ip.as_deref(), device_mark)
    }

    /// The sign-in's company and the account of the e-mail, once the company's reCAPTCHA
    /// passed and a slowed address waited (or passed an enforced reCAPTCHA).
    ///
    /// The company is the host's whatever the body says (or omits), so leaving `company`
    /// out skips neither its reCAPTCHA nor its users-only rule (issue 21); a host no company
    /// serves takes the body's.
    fn host_company_and_account(
        &self,
        cmd: &StaffLogin,
        email: &str,
        slowed: Option<u64>,
    ) -> AppResult<(Option<i64>, Option<UserRecord>)> {
        self.deps.store.tx(|repos| {
            let by_host = match cmd.host.as_deref() {
                Some(host) => repos
                    .company_by_host(&crate::auth::public::normalize_host(host))?
                    .map(|c| c.id),
                None => None,
            };
            let company = by_host.or(cmd.company_id);
            if let Some(company_id) = company {
                check_captcha(
                    &self.deps,
                    repos,
                    company_id,
                    &cmd.recaptcha_token,
                    cmd.ip.as_deref(),
                )?;
            }
            if let Some(wait) = slowed.filter(|_| !cmd.waited) {
                if !self.captcha_enforced(repos, company)? {
                    return Err(AppError::SlowDown(wait));
                }
            }
            Ok((company, repos.user_by_email(email)?))
        })
    }

    /// The account, if the password is its own and it may sign in on the host's company: a
    /// company user only on its own company's host; administrators anywhere.
    fn matching_account(
        &self,
        password: &str,
        found: Option<UserRecord>,
        host_company: Option<i64>,
    ) -> Option<UserRecord> {
        let Some(user) = found else {
            // Same work as a real check, so timing does not reveal which e-mails exist.
            self.deps.hasher.verify(password, DUMMY_HASH);
            return None;
        };
        if !self.deps.hasher.verify(password, &user.password_hash) {
            return None;
        }
        match host_company {
            Some(host) if user.role != Role::Administrador => {
                (user.effective_company_id() == Some(host)).then_some(user)
            }
            _ => Some(user),
        }
    }

    /// A disabled account is told so, with its company's first contact phone.
    fn refuse_blocked(&self, user: &UserRecord) -> AppResult<()> {
        if user.is_enabled {
            return Ok(());
        }
        let phone = match user.effective_company_id() {
            Some(id) => self.deps.store.tx(|r| r.first_contact_phone(id))?,
            None => None,
        };
        Err(AppError::Blocked {
            message: roles::BLOCKED_MESSAGE.to_owned(),
            phone,
        })
    }

    /// The session of a signed-in staff user, its sign-in logged.
    fn open_staff_session(
        &self,
        user: &UserRecord,
        ip: Option<&str>,
        device_mark: Option<String>,
    ) -> AppResult<StaffLoginView> {
        let actor = staff_actor(user);
        let access_token = self.deps.tokens.issue_session(&actor)?;
        let company_id = user.effective_company_id();
        let (company, must_approve) = self.deps.store.tx(|repos| {
            let company = match company_id {
                Some(id) => repos.company(id)?,
                None => None,
            };
            let must_approve = self.staff_must_approve(repos, user)?;
            Audit::by(&actor, ip).write(
                repos,
                Operation::Login,
                ObjectType::User,
                company_id,
                title(ObjectType::User, Operation::Login, &user.name),
                vec![
                    ("E-mail", user.email.clone()),
                    ("Perfil", user.role.as_str().to_owned()),
                ],
            )?;
            Ok((company, must_approve))
        })?;
        Ok(StaffLoginView {
            id: user.id,
            name: user.name.clone(),
            role: user.role,
            is_root: user.is_root,
            access_token,
            company: company.as_ref().map(CompanyView::from),
            shipping_company_id: user.shipping_company.as_ref().map(|s| s.id),
            use_terms: user.use_terms,
            must_approve_terms: must_approve,
            landing: roles::landing(user.role).to_owned(),
            device_mark,
        })
    }

    /// The device id the browser's mark names for this account, if the mark is genuine.
    fn device_of(&self, account: &str, mark: Option<&str>) -> Option<String> {
        let payload = self.deps.tokens.verify_link(DEVICE_PURPOSE, mark?)?;
        (payload["account"].as_str() == Some(account))
            .then(|| payload["device"].as_str().map(str::to_owned))
            .flatten()
    }

    /// A mark for this browser and account: the same device id again, or a new one.
    fn device_mark(&self, account: &str, device: Option<&str>) -> AppResult<String> {
        use rand::Rng as _;
        let device = device.map(str::to_owned).unwrap_or_else(|| {
            let bytes: [u8; 12] = rand::thread_rng().gen();
            bytes.iter().map(|b| format!("{b:02x}")).collect()
        });
        self.deps.tokens.sign_link(
            DEVICE_PURPOSE,
            &json!({ "account": account, "device": device }),
            DEVICE_TTL_SECONDS,
        )
    }

    fn staff_must_approve(&self, repos: &mut dyn Repos, user: &UserRecord) -> AppResult<bool> {
        let has_term = match user.effective_company_id() {
            Some(id) => repos.active_term(id)?.is_some(),
            None => false,
        };
        // Nobody can be asked to accept a term the company has not written.
        Ok(has_term
            && must_approve_terms(
                SessionKind::Staff,
                Some(user.role),
                user.use_terms,
                has_term,
            ))
    }

    pub fn staff_session(&self, actor: &Actor) -> AppResult<StaffSessionView> {
        if actor.kind != SessionKind::Staff {
            return Err(AppError::Unauthorized(SESSION_EXPIRED_MESSAGE.to_owned()));
        }
        self.deps.store.tx(|repos| {
            let user = repos
                .user(actor.id)?
                .filter(|u| u.is_enabled)
                .ok_or_else(|| AppError::Unauthorized(SESSION_EXPIRED_MESSAGE.to_owned()))?;
            let company = match user.effective_company_id() {
                Some(id) => repos.company(id)?,
                None => None,
            };
            let must_approve = self.staff_must_approve(repos, &user)?;
            let routes = roles::allowed_routes(user.role, user.is_root);
            let mut company_view = company.as_ref().map(CompanyView::from);
            if let Some(c) = company_view.as_mut() {
                c.time_zone = repos.login_settings(c.id)?.map(|s| s.time_zone);
            }
            Ok(StaffSessionView {
                kind: SessionKind::Staff,
                id: user.id,
                name: user.name.clone(),
                email: user.email.clone(),
                role: user.role,
                is_root: user.is_root,
                company: company_view,
                shipping_company_id: user.shipping_company.as_ref().map(|s| s.id),
                use_terms: user.use_terms,
                must_approve_terms: must_approve,
                landing: roles::landing(user.role).to_owned(),
                menu: roles::sidebar_filtered(user.role, user.is_root, BUILT_PAGES),
                routes,
                panel: roles::panel_abilities(user.role),
                screens: roles::screen_abilities(user.role, user.is_root),
                redirects: roles::route_redirects(user.role),
            })
        })
    }

    pub fn driver_login(&self, cmd: DriverLogin) -> AppResult<DriverLoginView> {
        let mut errors = Vec::new();
        let cpf =
            Cpf::parse(&cmd.cpf).map_err(|e| errors.push(FieldError::new("cpf", e.message())));
        let birth = parse_birth_date(&cmd.birth_date)
            .map_err(|e| errors.push(FieldError::new("birthDate", e.message())));
        let (Ok(cpf), Ok(birth)) = (cpf, birth) else {
            return Err(AppError::Validation(errors));
        };
        let ip = cmd.ip.as_deref();
        let now = self.now();
        let throttle_key = format!("cpf:{}", cpf.as_str());
        let device = self.device_of(&throttle_key, cmd.device.as_deref());
        let attempt = Attempt {
            account: &throttle_key,
            address: ip,
            device: device.as_deref(),
        };
        let slowed = self.admit(attempt, now)?;

        let outcome = self.deps.store.tx(|repos| {
            let company = repos
                .company(cmd.company_id)?
                .filter(|c| c.status)
                .ok_or_else(|| AppError::Conflict(COMPANY_NOT_FOUND_MESSAGE.to_owned()))?;
            check_captcha(&self.deps, repos, company.id, &cmd.recaptcha_token, ip)?;
            if let Some(wait) = slowed.filter(|_| !cmd.waited) {
                if !self.captcha_enforced(repos, Some(company.id))? {
                    return Err(AppError::SlowDown(wait));
                }
            }
            let driver = match repos.driver_by_cpf(cpf.as_str())? {
                Some(d) if d.birth_date == birth => d,
                _ => return Ok(Err(())),
            };
            if !driver.is_enabled {
                return Err(AppError::Conflict(DRIVER_DISABLED_MESSAGE.to_owned()));
            }
            if driver.company.id != company.id {
                let entry = repos.active_entry_of_driver(driver.id)?;
                let token = self.deps.tokens.sign_link(
                    TRANSFER_PURPOSE,
                    &json!({ "driverId": driver.id, "companyId": company.id }),
                    TRANSFER_TTL_SECONDS,
                )?;
                return Err(AppError::TransferConflict(Box::new(TransferConflict {
                    company_a: TransferCompany {
                        company: driver.company.name.clone(),
                        logo: driver.company.logo.clone(),
                        queue: entry
                            .filter(|e| e.company_id == driver.company.id)
                            .map(|e| TransferQueue {
                                date: e.forecast_at.unwrap_or(e.joined_at),
                            }),
                    },
                    driver: TransferDriver {
                        id: driver.id,
                        name: driver.name.clone(),
                    },
                    transfer_token: token,
                })));
            }
            let has_term = repos.active_term(company.id)?.is_some();
            DriverLog::of(driver.id, company.id).write(
                repos,
                DriverLogType::Login,
                DriverLogPayload::at_company(company.id),
            )?;
            Ok(Ok((driver, company, has_term)))
        })?;

        let Ok((driver, company, has_term)) = outcome else {
            self.deps.throttle.record_failure(attempt, now)?;
            return Err(AppError::Conflict(DRIVER_NOT_FOUND_MESSAGE.to_owned()));
        };
        self.deps.throttle.record_success(attempt)?;
        let device_mark = Some(self.device_mark(&throttle_key, device.as_deref())?);
        let actor = driver_actor(driver.id, company.id);
        Ok(DriverLoginView {
            id: driver.id,
            name: driver.name.clone(),
            access_token: self.deps.tokens.issue_session(&actor)?,
            company: CompanyView::from(&company),
            use_terms: driver.use_terms,
            must_approve_terms: must_approve_terms(
                SessionKind::Driver,
                None,
                driver.use_terms,
                has_term,
            ),
            device_mark,
        })
    }

    pub fn driver_session(&self, actor: &Actor) -> AppResult<DriverSessionView> {
        if actor.kind != SessionKind::Driver {
            return Err(AppError::Unauthorized(SESSION_EXPIRED_MESSAGE.to_owned()));
        }
        self.deps.store.tx(|repos| {
            let driver = repos
                .driver(actor.id)?
                .filter(|d| d.is_enabled && Some(d.company.id) == actor.company_id)
                .ok_or_else(|| AppError::Unauthorized(SESSION_EXPIRED_MESSAGE.to_owned()))?;
            let has_term = repos.active_term(driver.company.id)?.is_some();
            Ok(DriverSessionView {
                kind: SessionKind::Driver,
                id: driver.id,
                name: driver.name.clone(),
                cpf: driver.cpf.clone(),
                company: CompanyView {
                    id: driver.company.id,
                    name: driver.company.name.clone(),
                    logo: driver.company.logo.clone(),
                    // The phone tells times (the predicted call) in the yard's zone, not its own.
                    time_zone: repos
                        .login_settings(driver.company.id)?
                        .map(|s| s.time_zone),
                },
                use_terms: driver.use_terms,
                must_approve_terms: must_approve_terms(
                    SessionKind::Driver,
                    None,
                    driver.use_terms,
                    has_term,
                ),
            })
        })
    }

    /// Signing out ends the session token in hand on every instance (it would otherwise
    /// stand until its expiry: 12 h for staff, 30 days for drivers); the account's sessions
    /// on other devices stand.
    pub fn sign_out(&self, actor: &Actor) -> AppResult<()> {
        self.deps.accounts.sign_out(actor)
    }

    /// The override save after the driver typed the displayed code: the driver leaves the old
    /// company's queue and pending loadings and is registered at the new company.
    pub fn transfer_driver(&self, cmd: DriverTransfer) -> AppResult<TransferView> {
        let by_token = cmd.transfer_token.as_deref().is_some_and(|t| {
            self.deps
                .tokens
                .verify_link(TRANSFER_PURPOSE, t)
                .is_some_and(|p| {
                    p["driverId"].as_i64() == Some(cmd.driver_id)
                        && p["companyId"].as_i64() == Some(cmd.company_id)
                })
        });
        let refused = || AppError::Forbidden(roles::INVALID_CREDENTIALS_MESSAGE.to_owned());
        let staff = match (&cmd.actor, by_token) {
            (_, true) => None,
            (Some(actor), false) => Some(actor),
            (None, false) => return Err(refused()),
        };
        let now = self.now();
        let Transferred {
            view,
            driver,
            target,
            has_term,
            moved,
        } = self.deps.store.tx(|repos| {
            let driver = repos
                .driver(cmd.driver_id)?
                .ok_or_else(AppError::not_found)?;
            // Without the driver's token, the caller must act where the driver is now.
            if let Some(actor) = staff {
                staff_may_transfer_driver(actor, driver.company.id, cmd.company_id).map_err(
                    |r| match r {
                        TransferRefusal::NotFound => AppError::not_found(),
                        TransferRefusal::NotAllowed => refused(),
                    },
                )?;
            }
            let target = repos
                .company(cmd.company_id)?
                .filter(|c| c.status)
                .ok_or_else(AppError::not_found)?;
            // The one move implementation, shared with the staff form's confirmed save.
            let moved = if driver.company.id != target.id {
                Some(crate::fleet::drivers::move_driver_company(
                    repos,
                    driver.id,
                    driver.company.id,
                    (target.id, &target.name),
                    now,
                )?)
            } else {
                None
            };
            let has_term = repos.active_term(target.id)?.is_some();
            if by_token {
                DriverLog::of(driver.id, target.id).write(
                    repos,
                    DriverLogType::Login,
                    DriverLogPayload::at_company(target.id),
                )?;
            }
            let view = TransferView {
                id: driver.id,
                company: IdView { id: target.id },
                login: None,
            };
            Ok(Transferred {
                view,
                driver,
                target,
                has_term,
                moved,
            })
        })?;
        // The driver's sessions at the former company end.
        self.deps.accounts.forget(SessionKind::Driver, driver.id);
        if let Some(m) = moved {
            m.publish(&self.deps);
        }
        if !by_token {
            return Ok(view);
        }
        let actor = driver_actor(driver.id, target.id);
        Ok(TransferView {
            login: Some(DriverLoginView {
                id: driver.id,
                name: driver.name.clone(),
                access_token: self.deps.tokens.issue_session(&actor)?,
                company: CompanyView::from(&target),
                use_terms: driver.use_terms,
                must_approve_terms: must_approve_terms(
                    SessionKind::Driver,
                    None,
                    driver.use_terms,
                    has_term,
                ),
                device_mark: None,
            }),
            ..view
        })
    }

    /// A signed link that opens the driver login with CPF and birth date filled in. The token
    /// names the driver and its company only (a signed token's payload is readable, and a link
    /// ends up in browser histories): the CPF and birth date are read back on the server.
    pub fn issue_driver_link(&self, actor: &Actor, driver_id: i64) -> AppResult<DriverLinkView> {
        if !patio_domain::fleet::drivers::may_open_driver_link(actor) {
            return Err(AppError::Forbidden(roles::NOT_ALLOWED_MESSAGE.to_owned()));
        }
        let driver = self
            .deps
            .store
            .tx(|repos| repos.driver(driver_id))?
            .filter(|d| actor.can_see_company(d.company.id))
            .ok_or_else(AppError::not_found)?;
        let token = self.deps.tokens.sign_link(
            DRIVER_LINK_PURPOSE,
            &json!({ "driverId": driver.id, "companyId": driver.company.id }),
            DRIVER_LINK_TTL_SECONDS,
        )?;
        Ok(DriverLinkView {
            path: format!("/driver-login/{token}"),
            token,
        })
    }

    /// What a driver-login link fills in: the driver's CPF and birth date as they are now, while
    /// the driver is still at the link's company.
    pub fn read_driver_link(&self, token: &str) -> AppResult<DriverLinkContent> {
        let invalid = || AppError::NotFound(LINK_INVALID_MESSAGE.to_owned());
        let payload = self
            .deps
            .tokens
            .verify_link(DRIVER_LINK_PURPOSE, token)
            .ok_or_else(invalid)?;
        let driver_id = payload["driverId"].as_i64().ok_or_else(invalid)?;
        let company = payload["companyId"].as_i64().ok_or_else(invalid)?;
        let driver = self
            .deps
            .store
            .tx(|repos| repos.driver(driver_id))?
            .filter(|d| d.company.id == company)
            .ok_or_else(invalid)?;
        Ok(DriverLinkContent {
            cpf: driver.cpf,
            birth_date: driver.birth_date,
            company: IdView { id: company },
        })
    }
}

pub fn staff_actor(user: &UserRecord) -> Actor {
    Actor {
        kind: SessionKind::Staff,
        id: user.id,
        role: Some(user.role),
        company_id: user.effective_company_id(),
        shipping_company_id: user.shipping_company.as_ref().map(|s| s.id),
        is_root: user.is_root,
        issued_at: None,
    }
}

pub fn driver_actor(driver_id: i64, company_id: i64) -> Actor {
    Actor {
        kind: SessionKind::Driver,
        id: driver_id,
        role: None,
        company_id: Some(company_id),
        shipping_company_id: None,
        is_root: false,
        issued_at: None,
    }
}

/// An argon2id hash of a random string, used to spend the same time on unknown e-mails.
pub const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2uJZ7cZ6y1Yb8s0m0nCq8Yk3b0v8jG9z0qzK0u2xR3c";

/// Refuses when the company asks for reCAPTCHA and the token does not pass (the driver's and
/// the staff sign-in, and the driver app's registration).
pub(crate) fn check_captcha(
    deps: &Deps,
    repos: &mut dyn Repos,
    company_id: i64,
    token: &str,
    ip: Option<&str>,
) -> AppResult<()> {
    let Some(settings) = repos.login_settings(company_id)? else {
        return Ok(());
    };
    let secret = settings.recaptcha_secret.as_deref().unwrap_or("").trim();
    if !settings.enable_recaptcha || secret.is_empty() {
        return Ok(());
    }
    if token.trim().is_empty() {
        return Err(AppError::Captcha(CAPTCHA_MESSAGE.to_owned()));
    }
    match deps.captcha.verify(secret, token, ip)? {
        CaptchaOutcome::Passed => Ok(()),
        CaptchaOutcome::Refused => Err(AppError::Captcha(CAPTCHA_MESSAGE.to_owned())),
    }
}
