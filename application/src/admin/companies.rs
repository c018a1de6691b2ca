//! Companies (spec 1 "Companies"): list, read, save with contacts, delete. Administrators
//! manage them; a Usuario reads its own.

use std::sync::Arc;

use patio_domain::admin::access::{scope, Access, Area};
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::admin::forms::{check_company, masked_document, website_host, CompanyInput};
use patio_domain::admin::listing::{search_text, COMPANY_PAGE_SIZE};
use patio_domain::auth::Actor;
use serde::Serialize;

use crate::admin::contacts::{check_form_contacts, save_contacts, ContactCmd};
use crate::error::{AppError, AppResult};
use crate::model::{CompanyFull, CompanyWrite, ContactOwner, ContactRecord, ListFilter};
use crate::ports::{Repos, StoreExt};
use crate::services::{
    active_label, forbidden, invalid, Audit, Deleted, Deps, ListQuery, Listing, Saved,
};

pub const COMPANY_REFERENCED_MESSAGE: &str =
    "Erro ao excluir, existem cadastros vinculados a esta empresa!";
pub const HOST_TAKEN_MESSAGE: &str = "Este site já está cadastrado para outra empresa!";

/// A row of the company list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyListItem {
    pub id: i64,
    /// The list's "code" column: the company's id.
    pub code: i64,
    pub name: String,
    /// Legal name.
    pub company: String,
    /// `##.###.###/####-##`.
    pub cnpj: String,
    pub uf: String,
    pub city: String,
    pub status: bool,
    pub logo: Option<String>,
}

/// A company with every form field and its contacts.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyView {
    pub id: i64,
    pub code: i64,
    pub name: String,
    pub company: String,
    pub cnpj: String,
    pub uf: String,
    pub city: String,
    pub street: String,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub district: String,
    pub zip_code: String,
    pub website: Option<String>,
    pub logo: Option<String>,
    pub status: bool,
    pub contact: Vec<ContactRecord>,
}

impl From<CompanyFull> for CompanyListItem {
    fn from(c: CompanyFull) -> Self {
        Self {
            id: c.id,
            code: c.id,
            name: c.name,
            company: c.legal_name,
            cnpj: c.cnpj.masked(),
            uf: c.uf,
            city: c.city,
            status: c.status,
            logo: c.logo,
        }
    }
}

fn view(c: CompanyFull, contact: Vec<ContactRecord>) -> CompanyView {
    CompanyView {
        id: c.id,
        code: c.id,
        cnpj: c.cnpj.masked(),
        name: c.name,
        company: c.legal_name,
        uf: c.uf,
        city: c.city,
        street: c.street,
        number: c.number,
        complement: c.complement,
        district: c.district,
        zip_code: c.zip_code.masked(),
        website: c.website,
        logo: c.logo,
        status: c.status,
        contact,
    }
}

/// The company form as sent: `id` absent (or 0) creates.
#[derive(Debug, Clone, Default)]
pub struct SaveCompany {
    pub id: Option<i64>,
    pub input: CompanyInput,
    pub contacts: Vec<ContactCmd>,
}

#[derive(Clone)]
pub struct CompanyService {
    deps: Arc<Deps>,
}

fn read(repos: &mut dyn Repos, id: i64) -> AppResult<CompanyView> {
    let company = repos.company_full(id)?.ok_or_else(AppError::not_found)?;
    let contacts = repos.contacts_of(ContactOwner::Company(id))?;
    Ok(view(company, contacts))
}

impl CompanyService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    pub fn list(&self, actor: &Actor, q: &ListQuery) -> AppResult<Listing<CompanyListItem>> {
        let s = scope(actor, Area::Companies, Access::Read).map_err(forbidden)?;
        let page = q.page(COMPANY_PAGE_SIZE);
        let filter = ListFilter {
            company_id: s.company(),
            search: search_text(q.search.as_deref()),
            page,
            ..ListFilter::default()
        };
        let found = self
            .deps
            .store
            .replica_reads(|repos| repos.list_companies(&filter))?;
        Ok(Listing::of(found, page, CompanyListItem::from))
    }

    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<CompanyView> {
        let s = scope(actor, Area::Companies, Access::Read).map_err(forbidden)?;
        if !s.covers_company(id) {
            return Err(AppError::not_found());
        }
        self.deps.store.tx(|repos| read(repos, id))
    }

    pub fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveCompany,
    ) -> AppResult<Saved<CompanyView>> {
        scope(actor, Area::Companies, Access::Write).map_err(forbidden)?;
        let data = check_company(&cmd.input).map_err(invalid)?;
        let contacts = check_form_contacts(&cmd.contacts)?;
        let id = crate::services::save_target(cmd.id)?;
        let write = CompanyWrite {
            name: data.name.clone(),
            legal_name: data.legal_name.clone(),
            cnpj: data.cnpj.clone(),
            uf: data.uf.clone(),
            city: data.city.clone(),
            street: data.street.clone(),
            number: data.number,
            complement: data.complement.clone(),
            district: data.district.clone(),
            zip_code: data.zip_code.clone(),
            website: data.website.clone(),
            status: data.status,
        };
        self.deps.store.tx(|repos| {
            if let Some(host) = data.host.as_deref() {
                if repos
                    .company_of_host(host)?
                    .is_some_and(|owner| Some(owner) != id)
                {
                    return Err(AppError::field("website", HOST_TAKEN_MESSAGE));
                }
            }
            let (id, old_host, operation) = match id {
                Some(id) => {
                    let existing = repos.company_full(id)?.ok_or_else(AppError::not_found)?;
                    repos.update_company(id, &write)?;
                    let old = existing
                        .website
                        .as_deref()
                        .and_then(|w| website_host(w).ok().flatten());
                    (id, old, Operation::Update)
                }
                None => (repos.insert_company(&write)?, None, Operation::Create),
            };
            if old_host != data.host {
                repos.replace_company_host(id, old_host.as_deref(), data.host.as_deref())?;
            }
            save_contacts(repos, ContactOwner::Company(id), &contacts)?;
            Audit::by(actor, ip).write(
                repos,
                operation,
                ObjectType::Company,
                Some(id),
                title(ObjectType::Company, operation, &data.name),
                vec![
                    ("Nome fantasia", data.name.clone()),
                    ("Razão social", data.legal_name.clone()),
                    ("CNPJ", masked_document(&data.cnpj)),
                    ("Status", active_label(data.status)),
                ],
            )?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: read(repos, id)?,
            })
        })
    }

    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        scope(actor, Area::Companies, Access::Write).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let existing = repos.company_full(id)?.ok_or_else(AppError::not_found)?;
            repos.delete_company(id).map_err(|e| match e {
                AppError::Referenced(_) => {
                    AppError::Referenced(COMPANY_REFERENCED_MESSAGE.to_owned())
                }
                other => other,
            })?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::Company,
                None,
                title(ObjectType::Company, Operation::Delete, &existing.name),
                vec![
                    ("Nome fantasia", existing.name.clone()),
                    ("CNPJ", existing.cnpj.masked()),
                ],
            )?;
            Ok(Deleted::new(id))
        })
    }
}
