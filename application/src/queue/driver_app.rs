//! What the driver app needs beyond the shared calls (spec 3 section 2, "Driver app"): the
//! driver refusing one of its authorised orders ('Recusado com sucesso!') and the driver's own
//! registration (`/app/driver/novo/{companyId}`).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::admin::contacts::{check_form_contacts, save_contacts, ContactCmd, ContactItem};
use crate::auth::{check_captcha, driver_actor, COMPANY_NOT_FOUND_MESSAGE};
use crate::error::{AppError, AppResult};
use crate::fleet::ports::DriverPlacement;
use crate::model::{ContactOwner, DriverLogPayload, IdRef};
use crate::orders::refresh_status;
use crate::ports::{Repos, StoreExt};
use crate::services::{forbidden, invalid, Deps, DriverLog};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::fleet::{check_driver, DriverInput};
use patio_domain::{DomainError, FieldIssue};

/// The registration's duplicate (spec 3 section 8).
pub const REGISTER_DUPLICATE_MESSAGE: &str = "Já existe cadastro!";
pub const REGISTERED_MESSAGE: &str = "Cadastro realizado com sucesso";

/// The staff form's checks with the registration's own texts (spec 3 section 5 spells them
/// with accents where spec 2 does not).
fn registration_issues(issues: Vec<FieldIssue>) -> Vec<FieldIssue> {
    issues
        .into_iter()
        .map(|i| {
            let message = match (i.field.as_str(), i.message.as_str()) {
                ("name", "Nome e obrigatorio!") => "Nome é obrigatório!".to_owned(),
                ("birthDate", "Data de nascimento e obrigatorio!") => {
                    "Data de nascimento é obrigatório!".to_owned()
                }
                ("cnh", "Cnh e obrigatorio!") => "Cnh é obrigatório!".to_owned(),
                ("cpf", "Numero de CPF e obrigatorio!") => {
                    "Número de CPF é obrigatório!".to_owned()
                }
                (_, "Tamanho maximo de 80 caracteres") => {
                    "Tamanho máximo de 80 caracteres".to_owned()
                }
                _ => i.message,
            };
            FieldIssue::new(i.field, message)
        })
        .collect()
}

/// The registration wizard's personal step (`/app/driver/novo/{companyId}`).
// The command is the HTTP body itself (named `DriverRegisterBody` in the contract); `ip`, the
// caller's address, is set by the handler. Its four text fields go to the domain as `DriverInput`.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DriverRegisterBody)]
pub struct RegisterDriver {
    #[serde(default)]
    pub name: String,
    /// `###.###.###-##` or 11 digits.
    #[serde(default)]
    pub cpf: String,
    #[serde(default)]
    pub cnh: String,
    /// `yyyy-mm-dd` (or `dd/mm/yyyy`).
    #[serde(default)]
    pub birth_date: String,
    pub company: IdRef,
    #[serde(default)]
    pub contact: Vec<ContactItem>,
    #[serde(default, rename = "recaptcha_token")]
    pub recaptcha_token: String,
    #[serde(skip)]
    pub ip: Option<String>,
}

impl RegisterDriver {
    /// The form's text as the domain checks it (the staff form's checks).
    fn input(&self) -> DriverInput {
        DriverInput {
            name: self.name.clone(),
            cpf: self.cpf.clone(),
            cnh: self.cnh.clone(),
            birth_date: self.birth_date.clone(),
        }
    }
}

/// The registered driver, signed in (the handler turns `access_token` into the cookie).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisteredDriverView {
    pub id: i64,
    pub name: String,
    pub message: &'static str,
    #[serde(skip)]
    pub access_token: String,
}

/// The reason a refused loading carries among the deleted loadings (Desistentes).
pub const REFUSED_REASON: &str = "RECUSADO PELO MOTORISTA";
/// The driver app's toast (spec 3 section 8).
pub const REFUSED_MESSAGE: &str = "Recusado com sucesso!";
/// A loading the yard started or finished, or one a queue entry holds.
pub const REFUSE_STARTED_MESSAGE: &str = "Este pedido já foi iniciado e não pode ser recusado.";
pub const REFUSE_IN_QUEUE_MESSAGE: &str =
    "Este pedido está na fila. Saia da fila antes de recusá-lo.";

/// The answer to a refusal.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RefusedLoadingView {
    pub id: i64,
    pub message: &'static str,
}

#[derive(Clone)]
pub struct DriverAppService {
    deps: Arc<Deps>,
}

impl DriverAppService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `POST /scheduling/refuse/{id}`: the signed-in driver refuses one of its own authorised
    /// orders. The loading leaves the order for the deleted loadings with reason
    /// 'RECUSADO PELO MOTORISTA' and the order's status is computed again. Staff: 403; another
    /// driver's loading: 404; started, finished or held by a queue entry: 409.
    pub fn refuse(&self, actor: &Actor, id: i64) -> AppResult<RefusedLoadingView> {
        if !actor.is_driver() {
            return Err(forbidden(DomainError::NotAllowed));
        }
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos: &mut dyn Repos| {
            let l = repos
                .loading(id)?
                .filter(|l| l.driver_id == actor.id)
                .ok_or_else(AppError::not_found)?;
            if l.status || l.exped_initial_date.is_some() {
                return Err(AppError::Conflict(REFUSE_STARTED_MESSAGE.to_owned()));
            }
            if repos.loading_in_queue(id)? {
                return Err(AppError::Conflict(REFUSE_IN_QUEUE_MESSAGE.to_owned()));
            }
            if repos.delete_loadings(&[id], REFUSED_REASON, now)? == 0 {
                return Err(AppError::Conflict(REFUSE_STARTED_MESSAGE.to_owned()));
            }
            refresh_status(repos, l.order_id)?;
            Ok(RefusedLoadingView {
                id,
                message: REFUSED_MESSAGE,
            })
        })
    }

    /// `POST /driver/app/register`: a driver registers itself at an enabled company (the
    /// company's reCAPTCHA applies), with the staff form's checks and contacts; a REG_DRIVER
    /// log is written and the driver is signed in. A CPF already registered: 409
    /// 'Já existe cadastro!'.
    pub fn register(&self, cmd: &RegisterDriver) -> AppResult<RegisteredDriverView> {
        let now = self.deps.clock.now();
        let data = check_driver(&cmd.input(), now.date_naive())
            .map_err(|issues| invalid(registration_issues(issues)))?;
        let contacts: Vec<ContactCmd> = cmd.contact.iter().cloned().map(ContactItem::cmd).collect();
        let contacts = check_form_contacts(&contacts)?;
        let (id, name) = self.deps.store.tx(|repos: &mut dyn Repos| {
            let company = repos
                .company(cmd.company.id)?
                .filter(|c| c.status)
                .ok_or_else(|| AppError::Conflict(COMPANY_NOT_FOUND_MESSAGE.to_owned()))?;
            check_captcha(
                &self.deps,
                repos,
                company.id,
                &cmd.recaptcha_token,
                cmd.ip.as_deref(),
            )?;
            let at = DriverPlacement {
                company_id: company.id,
                shipping_company_id: None,
                is_enabled: true,
            };
            let id = repos.insert_driver(&data, &at).map_err(|e| match e {
                AppError::Duplicate(_) => {
                    AppError::Duplicate(REGISTER_DUPLICATE_MESSAGE.to_owned())
                }
                other => other,
            })?;
            save_contacts(repos, ContactOwner::Driver(id), &contacts)?;
            DriverLog::of(id, company.id).write(
                repos,
                DriverLogType::RegDriver,
                DriverLogPayload::at_company(company.id),
            )?;
            Ok((id, data.name.clone()))
        })?;
        let access_token = self
            .deps
            .tokens
            .issue_session(&driver_actor(id, cmd.company.id))?;
        Ok(RegisteredDriverView {
            id,
            name,
            message: REGISTERED_MESSAGE,
            access_token,
        })
    }
}
