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
use serde::Serialize;

use crate::admin::contacts::{check_form_contacts, save_contacts, ContactCmd};
use crate::admin::party::{self, CompanyRefView, PartyAddressView, PartyService};
use crate::error::{AppError, AppResult};
use crate::model::{ContactOwner, ContactRecord, CustomerRecord, ListFilter, PartyPlacement};
use crate::ports::{Repos, StoreExt};
use crate::services::{forbidden, invalid, Audit, Deps, ListQuery, Listing, Saved};

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

fn view(c: CustomerRecord, contact: Vec<ContactRecord>) -> CustomerView {
    CustomerView {
        address: PartyAddressView::of(&c),
        id: c.id,
        code: c.code,
        name: c.name,
        company: c.legal_name,
        contact,
        owner_company: CompanyRefView {
            id: c.company_id,
            name: c.company_name,
        },
    }
}

/// The customer form: `id` 0 (or absent) creates. `company_id` is `_company.id`.
#[derive(Debug, Clone, Default)]
pub struct SaveCustomer {
    pub id: Option<i64>,
    pub company_id: Option<i64>,
    pub input: PartyInput,
    pub contacts: Vec<ContactCmd>,
}

fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<CustomerRecord> {
    repos
        .customer(id)?
        .filter(|c| s.covers_company(c.company_id))
        .ok_or_else(AppError::not_found)
}

fn read(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<CustomerView> {
    let c = visible(repos, s, id)?;
    let contacts = repos.contacts_of(ContactOwner::Customer(id))?;
    Ok(view(c, contacts))
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

    fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<CustomerRecord> {
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
        Ok(Listing::of(found, page, |c| view(c, Vec::new())))
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
        let data = KIND.check(&cmd.input, false).map_err(invalid)?;
        let contacts = check_form_contacts(&cmd.contacts)?;
        let id = crate::services::save_target(cmd.id)?;
        self.deps.store.tx(|repos| {
            let (company_id, existing) = match id {
                Some(id) => (visible(repos, &s, id)?.company_id, Some(id)),
                None => (party::target_company(repos, s, cmd.company_id)?.0, None),
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
