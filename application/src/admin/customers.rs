//! Customers (spec 1 "Customers"): list, read, save with contacts, CSV import, delete.
//! Administrators manage every company's customers; a Usuario its company's. What they share
//! with shipping companies is in [`crate::admin::party`].

use std::sync::Arc;

use patio_domain::admin::access::{scope, Access, Area, Scope};
use patio_domain::admin::audit::{title, Operation};
use patio_domain::admin::listing::{search_text, CUSTOMER_PAGE_SIZE};
pub use patio_domain::admin::party::CUSTOMER_REFERENCED_MESSAGE;
use patio_domain::admin::party::{PartyInput, PartyKind};
use patio_domain::auth::Actor;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admin::contacts::{check_form_contacts, save_contacts, ContactItem};
use crate::admin::party::{
    self, party_input, CompanyRefView, PartyAddressView, PartyCommand, PartyFound, PartyService,
};
use crate::error::{AppError, AppResult};
use crate::model::{ContactOwner, ContactRecord, ListFilter, PartyPlacement};
use crate::ports::{Repos, StoreExt};
use crate::services::{forbidden, invalid, Audit, Deps, ListQuery, Listing, OptIdRef, Saved};

const KIND: PartyKind = PartyKind::Customer;

/// A customer with its contacts. `company` is the legal name; `_company` the company it
/// belongs to (spec 1 section 3).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerView {
    pub id: i64,
    pub code: i32,
    pub name: String,
    pub company: Option<String>,
    #[serde(flatten)]
    pub address: PartyAddressView,
    pub contact: Vec<ContactRecord>,
    #[serde(rename = "_company")]
    pub owner_company: CompanyRefView,
}

impl PartyFound for CustomerView {
    fn id(&self) -> i64 {
        self.id
    }
    fn company_id(&self) -> i64 {
        self.owner_company.id
    }
    fn code(&self) -> i32 {
        self.code
    }
    fn name(&self) -> &str {
        &self.name
    }
}

// The command is the HTTP body itself (`CustomerBody` in the contract), also each row of the
// CSV import; its text goes to the domain as `PartyInput` (see [`PartyCommand`]).
/// A customer as the form (and each import row) sends it. `id` 0 creates; `company` is the
/// legal name; `_company.id` the company it belongs to (administrators choose it).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CustomerBody)]
pub struct SaveCustomer {
    pub id: Option<i64>,
    /// Integer code (number or text).
    #[schema(value_type = Option<String>)]
    pub code: Option<Value>,
    pub name: Option<String>,
    pub company: Option<String>,
    pub cnpj: Option<String>,
    pub state_registration: Option<String>,
    pub uf: Option<String>,
    pub street: Option<String>,
    #[schema(value_type = Option<String>)]
    pub number: Option<Value>,
    pub complement: Option<String>,
    pub city: Option<String>,
    pub district: Option<String>,
    pub zip_code: Option<String>,
    #[serde(default)]
    pub contact: Vec<ContactItem>,
    #[serde(rename = "_company")]
    pub owner_company: Option<OptIdRef>,
    /// Import only: the row's line in the file (the header is line 1).
    pub line: Option<usize>,
}

impl PartyCommand for SaveCustomer {
    fn input(&self) -> PartyInput {
        party_input!(self, company: self.company.clone())
    }

    fn owner_company(&self) -> Option<i64> {
        self.owner_company.and_then(|c| c.id)
    }

    fn line(&self) -> Option<usize> {
        self.line
    }

    fn contacts(&self) -> &[ContactItem] {
        &self.contact
    }
}

fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<CustomerView> {
    repos
        .customer(id)?
        .filter(|c| s.covers_company(c.owner_company.id))
        .ok_or_else(AppError::not_found)
}

fn read(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<CustomerView> {
    let mut c = visible(repos, s, id)?;
    c.contact = repos.contacts_of(ContactOwner::Customer(id))?;
    Ok(c)
}

#[derive(Clone)]
pub struct CustomerService {
    deps: Arc<Deps>,
}

impl CustomerService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }
}

impl PartyService for CustomerService {
    type View = CustomerView;
    type Save = SaveCustomer;
    const KIND: PartyKind = KIND;

    fn deps(&self) -> &Deps {
        &self.deps
    }

    fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<CustomerView> {
        visible(repos, s, id)
    }

    /// `GET /customer` (every customer the actor sees) and `GET /customer/company/{id}`
    /// (`company_id` set: that company's, 404 outside the scope). Search: name, CNPJ, code.
    fn list(
        &self,
        actor: &Actor,
        company_id: Option<i64>,
        q: &ListQuery,
    ) -> AppResult<Listing<CustomerView>> {
        let s = scope(actor, Area::Customers, Access::Read).map_err(forbidden)?;
        let wanted = company_id.or(q.company_id);
        if wanted.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let page = q.page(CUSTOMER_PAGE_SIZE);
        let filter = ListFilter {
            company_id: s.company().or(wanted),
            search: search_text(q.search.as_deref()),
            page,
            ..ListFilter::default()
        };
        let found = self
            .deps
            .store
            .replica_reads(|repos| repos.list_customers(&filter))?;
        Ok(Listing::of(found, page, |c| c))
    }

    fn get(&self, actor: &Actor, id: i64) -> AppResult<CustomerView> {
        let s = scope(actor, Area::Customers, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| read(repos, &s, id))
    }

    fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveCustomer,
    ) -> AppResult<Saved<CustomerView>> {
        let s = scope(actor, Area::Customers, Access::Write).map_err(forbidden)?;
        let data = KIND.check(&cmd.input(), false).map_err(invalid)?;
        let contacts = check_form_contacts(&party::contact_cmds(&cmd))?;
        let id = crate::services::save_target(cmd.id)?;
        self.deps.store.tx(|repos| {
            let (company_id, existing) = match id {
                Some(id) => (visible(repos, &s, id)?.owner_company.id, Some(id)),
                None => (
                    party::target_company(repos, s, cmd.owner_company())?.0,
                    None,
                ),
            };
            let name = KIND.log_name(data.code, &data.name);
            let details = party::details(&data);
            let at = PartyPlacement {
                company_id,
                is_enabled: None,
            };
            let (id, operation) = party::write(repos, KIND, existing, &data, &at)?;
            save_contacts(repos, ContactOwner::Customer(id), &contacts)?;
            Audit::by(actor, ip).write(
                repos,
                operation,
                KIND.object_type(),
                company_id,
                title(KIND.object_type(), operation, &name),
                details,
            )?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: read(repos, &s, id)?,
            })
        })
    }
}
