//! Customers (spec 1 "Customers"): list, read, save with contacts, CSV import, delete.
//! Administrators manage every company's customers; a Usuario its company's.

use std::collections::HashMap;
use std::sync::Arc;

use patio_domain::admin::access::{scope, Access, Area, Scope};
use patio_domain::admin::audit::{import_title, title, ObjectType, Operation};
use patio_domain::admin::forms::{
    check_contact, check_customer, masked_document, ContactInput, ContactRule, PartyData,
    PartyInput,
};
use patio_domain::admin::listing::{search_text, CUSTOMER_PAGE_SIZE};
use patio_domain::admin::FieldIssue;
use patio_domain::auth::Actor;
use serde::Serialize;

use super::contacts::{add_import_contacts, check_form_contacts, save_contacts, ContactCmd};
use super::{
    code_taken, forbidden, invalid, invalid_line, Audit, Deleted, Deps, Imported, ListQuery,
    Listing, Saved, CODE_TAKEN_MESSAGE, COMPANY_CHOICE_MESSAGE, EMPTY_IMPORT_MESSAGE,
    IMPORT_TOO_LARGE_MESSAGE, MAX_IMPORT_ROWS,
};
use crate::error::{AppError, AppResult};
use crate::model::{
    ContactOwner, ContactRecord, ContactWrite, CustomerRecord, ListFilter, PartyWrite,
};
use crate::ports::{Repos, StoreExt};

pub const CUSTOMER_REFERENCED_MESSAGE: &str =
    "Erro ao excluir, existe(m) pedido(s) para este cliente!";

#[derive(Debug, Clone, Serialize)]
pub struct CompanyRefView {
    pub id: i64,
    pub name: String,
}

/// A customer with its contacts. `company` is the legal name; `_company` the company it
/// belongs to (spec 1 section 3).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerView {
    pub id: i64,
    pub code: i32,
    pub name: String,
    pub company: Option<String>,
    /// Masked CNPJ (or CPF).
    pub cnpj: Option<String>,
    pub state_registration: Option<String>,
    pub uf: Option<String>,
    pub street: Option<String>,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub city: Option<String>,
    pub district: Option<String>,
    pub zip_code: Option<String>,
    pub contact: Vec<ContactRecord>,
    #[serde(rename = "_company")]
    pub owner_company: CompanyRefView,
}

fn view(c: CustomerRecord, contact: Vec<ContactRecord>) -> CustomerView {
    CustomerView {
        id: c.id,
        code: c.code,
        name: c.name,
        company: c.legal_name,
        cnpj: c.cnpj.as_deref().map(masked_document),
        state_registration: c.state_registration,
        uf: c.uf,
        street: c.street,
        number: c.number,
        complement: c.complement,
        city: c.city,
        district: c.district,
        zip_code: c.zip_code,
        contact,
        owner_company: CompanyRefView {
            id: c.company_id,
            name: c.company_name,
        },
    }
}

fn party_write(company_id: i64, d: PartyData) -> PartyWrite {
    PartyWrite {
        company_id,
        code: d.code,
        name: d.name,
        legal_name: d.legal_name,
        cnpj: d.cnpj,
        state_registration: d.state_registration,
        uf: d.uf,
        street: d.street,
        number: d.number,
        complement: d.complement,
        city: d.city,
        district: d.district,
        zip_code: d.zip_code,
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

/// One parsed CSV row. `line` is its line in the file (the header is line 1); when absent
/// the row's position is used (index + 2).
#[derive(Debug, Clone, Default)]
pub struct ImportRow {
    pub line: Option<usize>,
    pub input: PartyInput,
    pub contacts: Vec<ContactInput>,
}

/// A checked import row.
pub(crate) struct CheckedRow {
    pub line: usize,
    pub data: PartyData,
    pub contacts: Vec<ContactWrite>,
}

/// Checks every row before anything is written: the first bad row answers 422 'Linha N: ...'
/// and nothing is imported. A code repeated in the file is refused too.
pub(crate) fn check_rows(
    rows: &[ImportRow],
    check: impl Fn(&PartyInput) -> Result<PartyData, Vec<FieldIssue>>,
) -> AppResult<Vec<CheckedRow>> {
    if rows.is_empty() {
        return Err(AppError::field("file", EMPTY_IMPORT_MESSAGE));
    }
    if rows.len() > MAX_IMPORT_ROWS {
        return Err(AppError::field("file", IMPORT_TOO_LARGE_MESSAGE));
    }
    let mut seen: HashMap<i32, usize> = HashMap::new();
    let mut out = Vec::with_capacity(rows.len());
    for (index, row) in rows.iter().enumerate() {
        let line = row.line.unwrap_or(index + 2);
        let data = check(&row.input).map_err(|issues| invalid_line(line, issues))?;
        let mut contacts = Vec::new();
        for c in &row.contacts {
            if let Some(c) =
                check_contact(c, ContactRule::Import).map_err(|i| invalid_line(line, i))?
            {
                contacts.push(ContactWrite {
                    name: c.name,
                    fone: c.fone,
                    email: c.email,
                    whatsapp: c.whatsapp,
                });
            }
        }
        if let Some(first) = seen.insert(data.code, line) {
            return Err(invalid_line(
                line,
                vec![FieldIssue::new(
                    "code",
                    format!("Código repetido no arquivo (linha {first})!"),
                )],
            ));
        }
        out.push(CheckedRow {
            line,
            data,
            contacts,
        });
    }
    Ok(out)
}

/// The company a new record (or an import) goes to: a Usuario's own; the one an administrator
/// chose, which must exist. Another tenant's company is not found.
pub(crate) fn target_company(
    repos: &mut dyn Repos,
    s: Scope,
    chosen: Option<i64>,
) -> AppResult<(i64, String)> {
    let id = match s.target_company(chosen) {
        Some(id) => id,
        None if s.company().is_some() => return Err(AppError::not_found()),
        None => return Err(AppError::field("_company", COMPANY_CHOICE_MESSAGE)),
    };
    match repos.company(id)? {
        Some(c) => Ok((c.id, c.name)),
        None if s.company().is_some() => Err(AppError::not_found()),
        None => Err(AppError::field("_company", COMPANY_CHOICE_MESSAGE)),
    }
}

#[derive(Clone)]
pub struct CustomerService {
    deps: Arc<Deps>,
}

fn read(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<CustomerView> {
    let c = repos
        .customer(id)?
        .filter(|c| s.covers_company(c.company_id))
        .ok_or_else(AppError::not_found)?;
    let contacts = repos.contacts_of(ContactOwner::Customer(id))?;
    Ok(view(c, contacts))
}

impl CustomerService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `GET /customer` (every customer the actor sees) and `GET /customer/company/{id}`
    /// (`company_id` set: that company's, 404 outside the scope). Search: name, CNPJ, code.
    pub fn list(
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
        let found = self.deps.store.tx(|repos| repos.list_customers(&filter))?;
        Ok(Listing::of(found, page, |c| view(c, Vec::new())))
    }

    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<CustomerView> {
        let s = scope(actor, Area::Customers, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| read(repos, &s, id))
    }

    pub fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveCustomer,
    ) -> AppResult<Saved<CustomerView>> {
        let s = scope(actor, Area::Customers, Access::Write).map_err(forbidden)?;
        let data = check_customer(&cmd.input).map_err(invalid)?;
        let contacts = check_form_contacts(&cmd.contacts)?;
        let id = cmd.id.filter(|id| *id > 0);
        self.deps.store.tx(|repos| {
            let (company_id, existing) = match id {
                Some(id) => {
                    let c = repos
                        .customer(id)?
                        .filter(|c| s.covers_company(c.company_id))
                        .ok_or_else(AppError::not_found)?;
                    (c.company_id, Some(id))
                }
                None => (target_company(repos, s, cmd.company_id)?.0, None),
            };
            if repos
                .customer_by_code(company_id, data.code)?
                .is_some_and(|other| Some(other) != existing)
            {
                return Err(AppError::Duplicate(CODE_TAKEN_MESSAGE.to_owned()));
            }
            let name = format!("{} - {}", data.code, data.name);
            let details = vec![
                ("Código", data.code.to_string()),
                ("Nome", data.name.clone()),
                (
                    "CNPJ",
                    data.cnpj
                        .as_deref()
                        .map(masked_document)
                        .unwrap_or_default(),
                ),
            ];
            let write = party_write(company_id, data);
            let (id, operation) = match existing {
                Some(id) => {
                    repos.update_customer(id, &write).map_err(code_taken)?;
                    (id, Operation::Update)
                }
                None => (
                    repos.insert_customer(&write).map_err(code_taken)?,
                    Operation::Create,
                ),
            };
            save_contacts(repos, ContactOwner::Customer(id), &contacts)?;
            Audit { actor, ip }.write(
                repos,
                operation,
                ObjectType::Customer,
                Some(company_id),
                title(ObjectType::Customer, operation, &name),
                details,
            )?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: read(repos, &s, id)?,
            })
        })
    }

    /// `POST /customer/import`: the parsed CSV rows, all or nothing. A row whose code exists
    /// in the company updates that customer (a re-imported ERP export refreshes the list);
    /// its contacts are added unless one with the same phone or e-mail exists.
    pub fn import(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        company_id: Option<i64>,
        rows: Vec<ImportRow>,
    ) -> AppResult<Imported> {
        let s = scope(actor, Area::Customers, Access::Write).map_err(forbidden)?;
        let rows = check_rows(&rows, check_customer)?;
        self.deps.store.tx(|repos| {
            let (company_id, company_name) = target_company(repos, s, company_id)?;
            let (mut created, mut updated) = (0, 0);
            for row in &rows {
                let write = party_write(company_id, row.data.clone());
                let line_error = |e: AppError| match e {
                    AppError::Duplicate(_) => AppError::field(
                        "code",
                        &format!("Linha {}: {CODE_TAKEN_MESSAGE}", row.line),
                    ),
                    other => other,
                };
                let (id, is_new) = match repos.customer_by_code(company_id, row.data.code)? {
                    Some(id) => {
                        repos.update_customer(id, &write).map_err(line_error)?;
                        updated += 1;
                        (id, false)
                    }
                    None => {
                        created += 1;
                        (repos.insert_customer(&write).map_err(line_error)?, true)
                    }
                };
                add_import_contacts(repos, ContactOwner::Customer(id), &row.contacts, is_new)?;
            }
            Audit { actor, ip }.write(
                repos,
                Operation::Import,
                ObjectType::Customer,
                Some(company_id),
                import_title(ObjectType::Customer, rows.len(), &company_name),
                vec![
                    ("Linhas", rows.len().to_string()),
                    ("Criados", created.to_string()),
                    ("Atualizados", updated.to_string()),
                ],
            )?;
            Ok(Imported { created, updated })
        })
    }

    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let s = scope(actor, Area::Customers, Access::Write).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let c = repos
                .customer(id)?
                .filter(|c| s.covers_company(c.company_id))
                .ok_or_else(AppError::not_found)?;
            repos.delete_customer(id).map_err(|e| match e {
                AppError::Referenced(_) => {
                    AppError::Referenced(CUSTOMER_REFERENCED_MESSAGE.to_owned())
                }
                other => other,
            })?;
            Audit { actor, ip }.write(
                repos,
                Operation::Delete,
                ObjectType::Customer,
                Some(c.company_id),
                title(
                    ObjectType::Customer,
                    Operation::Delete,
                    &format!("{} - {}", c.code, c.name),
                ),
                vec![("Código", c.code.to_string()), ("Nome", c.name.clone())],
            )?;
            Ok(Deleted::new(id))
        })
    }
}
