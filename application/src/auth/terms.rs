//! Acceptance of the company's terms of use (spec 1 section 4, spec 3 "Terms approval").

use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::auth::Actor;
use patio_domain::roles::SessionKind;
use patio_domain::terms;
use patio_domain::text::escape_html;
use patio_domain::values::{Email, Phone};
use serde::Serialize;

use crate::error::{AppError, AppResult, FieldError};
use crate::model::{
    ContactOwner, ContactWrite, DriverLogPayload, LogId, NewContactAuthorization, Party,
};
use crate::ports::StoreExt;
use crate::services::{Audit, Deps, DriverLog};
use patio_domain::admin::audit::{ObjectType, Operation};
use patio_domain::driver_log::DriverLogType;

pub const FILL_ALL_FIELDS_MESSAGE: &str = "Preencha todos os campos!";
pub const TERM_OUTDATED_MESSAGE: &str =
    "Os termos de uso foram atualizados. Recarregue a página para ler a versão atual.";

pub struct AcceptTerms {
    pub user_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub use_term_id: i64,
    pub use_term_updated_at: Option<DateTime<Utc>>,
    pub has_whats: bool,
    pub has_sms: bool,
    pub has_email: bool,
    pub contacts: Vec<ContactInput>,
    pub ip: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub name: String,
    pub fone: String,
    pub email: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AcceptedView {
    pub redirect: &'static str,
}

#[derive(Clone)]
pub struct TermsService {
    deps: Arc<Deps>,
}

impl TermsService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    pub fn accept(&self, actor: &Actor, cmd: AcceptTerms) -> AppResult<AcceptedView> {
        // The session decides who accepts; the body must name that same person.
        let party = match actor.kind {
            SessionKind::Driver if cmd.driver_id == Some(actor.id) => Party::Driver(actor.id),
            SessionKind::Staff if cmd.user_id == Some(actor.id) => Party::User(actor.id),
            _ => return Err(AppError::not_found()),
        };
        let company_id = actor.company_id.ok_or_else(AppError::not_found)?;
        let contacts = validate_contacts(matches!(party, Party::Driver(_)), &cmd.contacts)?;

        self.deps.store.tx(|repos| {
            let term = repos
                .active_term(company_id)?
                .filter(|t| t.id == cmd.use_term_id)
                .ok_or_else(|| AppError::Conflict(TERM_OUTDATED_MESSAGE.to_owned()))?;
            if cmd
                .use_term_updated_at
                .is_some_and(|at| at.timestamp() != term.updated_at.timestamp())
            {
                return Err(AppError::Conflict(TERM_OUTDATED_MESSAGE.to_owned()));
            }
            repos.insert_contact_authorization(&NewContactAuthorization {
                party,
                use_term_id: term.id,
                has_whats: cmd.has_whats,
                has_sms: cmd.has_sms,
                has_email: cmd.has_email,
            })?;
            match party {
                Party::Driver(id) => {
                    for c in &contacts {
                        repos.insert_contact(ContactOwner::Driver(id), c)?;
                    }
                    repos.set_driver_use_terms(id, true)?;
                    DriverLog::of(id, company_id).write(
                        repos,
                        DriverLogType::AcceptTerms,
                        DriverLogPayload {
                            use_term: Some(LogId { id: term.id }),
                            ..DriverLogPayload::at_company(company_id)
                        },
                    )?;
                }
                Party::User(id) => {
                    for c in &contacts {
                        repos.insert_contact(ContactOwner::User(id), c)?;
                    }
                    repos.set_user_use_terms(id, true)?;
                    Audit {
                        user: Some(id),
                        ip: cmd.ip.as_deref(),
                    }
                    .write(
                        repos,
                        Operation::AcceptTerms,
                        ObjectType::UseTerm,
                        company_id,
                        format!("Termo <b>{}</b> aceito", escape_html(&term.title)),
                        vec![
                            ("SMS", yes_no(cmd.has_sms)),
                            ("WhatsApp", yes_no(cmd.has_whats)),
                            ("E-mail", yes_no(cmd.has_email)),
                        ],
                    )?;
                }
            }
            Ok(())
        })?;
        Ok(AcceptedView {
            redirect: terms::after_acceptance(actor.kind, actor.role),
        })
    }
}

fn yes_no(b: bool) -> String {
    if b { "Sim" } else { "Não" }.to_owned()
}

/// Drivers must leave a name, a phone and an e-mail; shipping-company users may leave none.
fn validate_contacts(required: bool, input: &[ContactInput]) -> AppResult<Vec<ContactWrite>> {
    let filled: Vec<&ContactInput> = input
        .iter()
        .filter(|c| {
            !(c.name.trim().is_empty() && c.fone.trim().is_empty() && c.email.trim().is_empty())
        })
        .collect();
    if required && filled.is_empty() {
        return Err(AppError::field("contact", FILL_ALL_FIELDS_MESSAGE));
    }
    let mut out = Vec::new();
    for c in filled {
        if c.name.trim().is_empty() || c.fone.trim().is_empty() || c.email.trim().is_empty() {
            return Err(AppError::field("contact", FILL_ALL_FIELDS_MESSAGE));
        }
        let fone = Phone::parse(&c.fone)
            .map_err(|e| AppError::Validation(vec![FieldError::new("fone", e.message())]))?;
        let email = Email::parse(&c.email)
            .map_err(|e| AppError::Validation(vec![FieldError::new("email", e.message())]))?;
        out.push(ContactWrite {
            name: c.name.trim().chars().take(80).collect(),
            fone: Some(fone.masked()),
            email: Some(email.as_str().to_owned()),
            whatsapp: false,
        });
    }
    Ok(out)
}
