//! Contacts of companies, customers, shipping companies (and of drivers, trucks and users):
//! saved with their owner's form, removed one by one with `DELETE /contact/delete/{id}`
//! (spec 1 section 5, "Contacts").

use std::sync::Arc;

use patio_domain::admin::access::{scope, Access, Area};
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::admin::forms::{check_contact, ContactInput, ContactRule};
use patio_domain::auth::Actor;
use patio_domain::fleet::drivers::{fleet_scope, scope_covers_driver, FleetAccess};

use crate::error::{AppError, AppResult};
use crate::model::{ContactOwner, ContactWrite, OwnedContact};
use crate::ports::{Repos, StoreExt};
use crate::services::{forbidden, invalid, Audit, Deleted, Deps};

/// A contact row of a form: `id` set for a saved contact (edited in place), absent for a new
/// one. Saved contacts left out of the form are kept: they are removed by the delete call.
#[derive(Debug, Clone, Default)]
pub struct ContactCmd {
    pub id: Option<i64>,
    pub input: ContactInput,
}

/// A contact row of a form: `id` for a saved contact.
#[derive(Debug, Default, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct ContactItem {
    pub id: Option<i64>,
    pub name: Option<String>,
    pub fone: Option<String>,
    pub email: Option<String>,
    #[serde(default)]
    pub whatsapp: bool,
}

impl ContactItem {
    pub fn input(&self) -> ContactInput {
        ContactInput {
            name: self.name.clone(),
            fone: self.fone.clone(),
            email: self.email.clone(),
            whatsapp: self.whatsapp,
        }
    }

    pub fn cmd(self) -> ContactCmd {
        ContactCmd {
            id: self.id,
            input: self.input(),
        }
    }
}

/// A form's contacts, checked before anything is written.
pub(crate) struct CheckedContacts(Vec<(Option<i64>, ContactWrite)>);

pub(crate) fn check_form_contacts(list: &[ContactCmd]) -> AppResult<CheckedContacts> {
    let mut out = Vec::with_capacity(list.len());
    for c in list {
        let data = check_contact(&c.input, ContactRule::Form)
            .map_err(invalid)?
            .ok_or_else(|| AppError::internal("form contact without data"))?;
        out.push((
            crate::services::save_target(c.id)?,
            ContactWrite {
                name: data.name,
                fone: data.fone,
                email: data.email,
                whatsapp: data.whatsapp,
            },
        ));
    }
    Ok(CheckedContacts(out))
}

/// Writes a form's contacts for `owner`; a contact id of another owner is not found.
pub(crate) fn save_contacts(
    repos: &mut dyn Repos,
    owner: ContactOwner,
    contacts: &CheckedContacts,
) -> AppResult<()> {
    for (id, c) in &contacts.0 {
        match id {
            Some(id) => {
                repos
                    .contact(*id)?
                    .filter(|found| found.owner == owner)
                    .ok_or_else(AppError::not_found)?;
                repos.update_contact(*id, c)?;
            }
            None => {
                repos.insert_contact(owner, c)?;
            }
        }
    }
    Ok(())
}

/// An import row's contacts, added unless the owner already has one with the same phone or
/// e-mail.
pub(crate) fn add_import_contacts(
    repos: &mut dyn Repos,
    owner: ContactOwner,
    contacts: &[ContactWrite],
    owner_is_new: bool,
) -> AppResult<()> {
    let existing = if owner_is_new {
        Vec::new()
    } else {
        repos.contacts_of(owner)?
    };
    for c in contacts {
        let known = existing.iter().any(|e| {
            (c.fone.is_some() && e.fone == c.fone) || (c.email.is_some() && e.email == c.email)
        });
        if !known {
            repos.insert_contact(owner, c)?;
        }
    }
    Ok(())
}

#[derive(Clone)]
pub struct ContactService {
    deps: Arc<Deps>,
}

/// Whether `actor` may remove a contact of this owner (the rules of the owner's area).
fn may_change(actor: &Actor, c: &OwnedContact) -> AppResult<bool> {
    let covers = |area: Area| -> AppResult<bool> {
        let s = scope(actor, area, Access::Write).map_err(forbidden)?;
        Ok(c.company_id.is_some_and(|id| s.covers_company(id)))
    };
    match c.owner {
        ContactOwner::Company(_) => covers(Area::Companies),
        ContactOwner::Customer(_) => covers(Area::Customers),
        ContactOwner::ShippingCompany(id) => {
            let s = scope(actor, Area::ShippingCompanies, Access::Write).map_err(forbidden)?;
            Ok(c.company_id.is_some_and(|cid| s.covers_shipping(cid, id)))
        }
        ContactOwner::User(id) => Ok(id == actor.id || actor.is_admin()),
        // Fleet records: administrators, the company's users and its shipping company's.
        ContactOwner::Driver(_) | ContactOwner::Truck(_) => {
            let s = fleet_scope(actor, FleetAccess::Write).map_err(forbidden)?;
            Ok(c.company_id
                .is_some_and(|id| scope_covers_driver(&s, id, c.shipping_company_id)))
        }
    }
}

impl ContactService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        if actor.staff_role().is_none() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        self.deps.store.tx(|repos| {
            let found = repos.contact(id)?.ok_or_else(AppError::not_found)?;
            if !may_change(actor, &found)? {
                return Err(AppError::not_found());
            }
            repos.delete_contact(id)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::Contact,
                found.company_id,
                title(ObjectType::Contact, Operation::Delete, &found.contact.name),
                vec![
                    ("Nome", found.contact.name.clone()),
                    ("Telefone", found.contact.fone.clone().unwrap_or_default()),
                    ("E-mail", found.contact.email.clone().unwrap_or_default()),
                ],
            )?;
            Ok(Deleted::new(id))
        })
    }
}
