//! Shipping companies (spec 1 "Shipping companies"): list, read, save with contacts, their
//! login and their users' contact authorizations, CSV import, delete.
//!
//! The login `{login, password}` is the shipping company's Transportadora user: `login` is
//! the e-mail it signs in with. Saving a new login creates that user (name: the shipping
//! company's); saving a password changes it. The row records the login and the password hash
//! as well (the schema's columns). A shipping company without any user is flagged in the
//! list (`warning`).

use std::sync::Arc;

use patio_domain::admin::access::{offers_shipping_company_actions, scope, Access, Area, Scope};
use patio_domain::admin::audit::{title, Operation};
use patio_domain::admin::forms::{check_login, LoginData, LoginInput, PASSWORD_REQUIRED};
use patio_domain::admin::listing::{search_text, SHIPPING_COMPANY_PAGE_SIZE};
pub use patio_domain::admin::party::SHIPPING_REFERENCED_MESSAGE;
use patio_domain::admin::party::{PartyInput, PartyKind};
use patio_domain::auth::Actor;
use patio_domain::roles::{Role, SessionKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admin::contacts::{check_form_contacts, save_contacts, ContactItem};
use crate::admin::party::{
    self, party_input, CompanyRefView, PartyAddressView, PartyCommand, PartyFound, PartyService,
};
use crate::error::{AppError, AppResult};
use crate::model::{
    AuthorizationFlags, ContactOwner, ContactRecord, ListFilter, PartyPlacement, UserWrite,
};
use crate::ports::{Repos, StoreExt};
use crate::services::{
    active_label, forbidden, invalid, Audit, Deps, ListQuery, Listing, OptIdRef, Saved,
};

const KIND: PartyKind = PartyKind::ShippingCompany;
pub const EMAIL_TAKEN_MESSAGE: &str = "Email já cadastrado!";

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingUserView {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub has_email: bool,
    #[serde(rename = "hasSMS")]
    pub has_sms: bool,
    pub has_whats: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LoginView {
    pub login: String,
}

/// A shipping company. `warning` marks one without a user (so without a password to sign in
/// with: the list's icon).
/// `contact`, `users` and `login` are filled when one record is read.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingCompanyView {
    pub id: i64,
    pub code: i32,
    pub name: String,
    #[serde(flatten)]
    pub address: PartyAddressView,
    pub is_enabled: bool,
    pub warning: bool,
    /// Whether the list offers the signed-in user edit and delete on it (the row actions): a
    /// root administrator only.
    pub can_change: bool,
    pub company: CompanyRefView,
    pub login: Option<LoginView>,
    pub contact: Vec<ContactRecord>,
    pub users: Vec<ShippingUserView>,
}

impl PartyFound for ShippingCompanyView {
    fn id(&self) -> i64 {
        self.id
    }
    fn company_id(&self) -> i64 {
        self.company.id
    }
    fn code(&self) -> i32 {
        self.code
    }
    fn name(&self) -> &str {
        &self.name
    }
}

// The login part of the form (`LoginBody` in the contract); the domain checks it as
// `LoginInput`, which holds only these two fields' text.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[schema(as = LoginBody)]
pub struct LoginCmd {
    /// The e-mail the shipping company's user signs in with.
    pub login: Option<String>,
    /// At most 11 characters; required when the login is new.
    pub password: Option<String>,
}

/// Contact authorizations of one of its users.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShippingUserBody)]
pub struct UserFlagsCmd {
    pub id: i64,
    #[serde(default)]
    pub has_email: bool,
    #[serde(default, rename = "hasSMS")]
    pub has_sms: bool,
    #[serde(default)]
    pub has_whats: bool,
}

// The command is the HTTP body itself (`ShippingCompanyBody` in the contract), also each row
// of the CSV import; its text goes to the domain as `PartyInput` (see [`PartyCommand`]).
/// The shipping-company form (and each import row). `id` 0 creates; `company.id` is the
/// company it belongs to (administrators choose it).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShippingCompanyBody)]
pub struct SaveShippingCompany {
    pub id: Option<i64>,
    #[schema(value_type = Option<String>)]
    pub code: Option<Value>,
    pub name: Option<String>,
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
    pub is_enabled: Option<bool>,
    #[serde(default)]
    pub contact: Vec<ContactItem>,
    #[serde(default)]
    pub users: Vec<UserFlagsCmd>,
    pub login: Option<LoginCmd>,
    pub company: Option<OptIdRef>,
    /// Import only: the row's line in the file (the header is line 1).
    pub line: Option<usize>,
}

impl PartyCommand for SaveShippingCompany {
    fn input(&self) -> PartyInput {
        party_input!(self, company: None)
    }

    fn owner_company(&self) -> Option<i64> {
        self.company.and_then(|c| c.id)
    }

    fn line(&self) -> Option<usize> {
        self.line
    }

    fn contacts(&self) -> &[ContactItem] {
        &self.contact
    }
}

impl SaveShippingCompany {
    /// The login's text as the domain checks it (absent: no login given).
    fn login_input(&self) -> LoginInput {
        let login = self.login.clone().unwrap_or_default();
        LoginInput {
            login: login.login,
            password: login.password,
        }
    }
}

#[derive(Clone)]
pub struct ShippingCompanyService {
    deps: Arc<Deps>,
}

fn read(
    repos: &mut dyn Repos,
    actor: &Actor,
    s: &Scope,
    id: i64,
) -> AppResult<ShippingCompanyView> {
    let mut found = visible(repos, s, id)?;
    found.contact = repos.contacts_of(ContactOwner::ShippingCompany(id))?;
    found.users = repos.shipping_users(id)?;
    Ok(with_rights(actor, found))
}

/// What the list offers the actor on the record.
fn with_rights(actor: &Actor, mut view: ShippingCompanyView) -> ShippingCompanyView {
    view.can_change = offers_shipping_company_actions(actor, view.company.id);
    view
}

fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<ShippingCompanyView> {
    repos
        .shipping_company(id)?
        .filter(|c| s.covers_shipping(c.company.id, c.id))
        .ok_or_else(AppError::not_found)
}

impl ShippingCompanyService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }
}

impl PartyService for ShippingCompanyService {
    type View = ShippingCompanyView;
    type Save = SaveShippingCompany;
    const KIND: PartyKind = KIND;

    fn deps(&self) -> &Deps {
        &self.deps
    }

    fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<ShippingCompanyView> {
        visible(repos, s, id)
    }

    /// Search: name, CNPJ and code. A Transportadora sees only its own. A shipping company's
    /// list has no company path: `_company` is always `None`.
    fn list(
        &self,
        actor: &Actor,
        _company: Option<i64>,
        q: &ListQuery,
    ) -> AppResult<Listing<ShippingCompanyView>> {
        let s = scope(actor, Area::ShippingCompanies, Access::Read).map_err(forbidden)?;
        if q.company_id.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let page = q.page(SHIPPING_COMPANY_PAGE_SIZE);
        let filter = ListFilter {
            company_id: s.company().or(q.company_id),
            shipping_company_id: s.shipping_company(),
            search: search_text(q.search.as_deref()),
            page,
            ..ListFilter::default()
        };
        let found = self
            .deps
            .store
            .replica_reads(|repos| repos.list_shipping_companies(&filter))?;
        Ok(Listing::of(found, page, |c| with_rights(actor, c)))
    }

    fn get(&self, actor: &Actor, id: i64) -> AppResult<ShippingCompanyView> {
        let s = scope(actor, Area::ShippingCompanies, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| read(repos, actor, &s, id))
    }

    fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveShippingCompany,
    ) -> AppResult<Saved<ShippingCompanyView>> {
        let s = scope(actor, Area::ShippingCompanies, Access::Write).map_err(forbidden)?;
        let id = crate::services::save_target(cmd.id)?;
        let data = KIND.check(&cmd.input(), id.is_some()).map_err(invalid)?;
        let contacts = check_form_contacts(&party::contact_cmds(&cmd))?;
        let login = check_login(&cmd.login_input(), false).map_err(invalid)?;
        let password_hash = match login.as_ref().and_then(|l| l.password.as_deref()) {
            Some(p) => Some(self.deps.hasher.hash(p)?),
            None => None,
        };
        let is_enabled = cmd.is_enabled.unwrap_or(true);
        let mut new_password_of = None;
        let saved = self.deps.store.tx(|repos| {
            let (company_id, existing) = match id {
                Some(id) => (visible(repos, &s, id)?.company.id, Some(id)),
                None => (
                    party::target_company(repos, s, cmd.owner_company())?.0,
                    None,
                ),
            };
            let name = KIND.log_name(data.code, &data.name);
            let mut details = party::details(&data);
            details.push(("Status", active_label(is_enabled)));
            let at = PartyPlacement {
                company_id,
                is_enabled: Some(is_enabled),
            };
            let (id, operation) = party::write(repos, KIND, existing, &data, &at)?;
            if let Some(login) = &login {
                let at = CarrierLogin {
                    company_id,
                    shipping_company_id: id,
                    name: &data.name,
                    now: self.deps.clock.now(),
                };
                new_password_of = write_login(repos, &at, login, password_hash.as_deref())?;
            }
            authorize_users(repos, id, &cmd.users)?;
            save_contacts(repos, ContactOwner::ShippingCompany(id), &contacts)?;
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
                view: read(repos, actor, &s, id)?,
            })
        })?;
        // The login's sessions issued before its new password end at once on this instance.
        if let Some(user) = new_password_of {
            self.deps.accounts.forget(SessionKind::Staff, user);
        }
        Ok(saved)
    }
}

/// Whose login is being written, and when.
struct CarrierLogin<'a> {
    company_id: i64,
    shipping_company_id: i64,
    name: &'a str,
    now: chrono::DateTime<chrono::Utc>,
}

/// The login is the shipping company's Transportadora user: a new login creates it (named as
/// the company), a password changes it, an e-mail of someone else's is refused. Answers the
/// user whose password changed, whose older sessions must end.
fn write_login(
    repos: &mut dyn Repos,
    at: &CarrierLogin<'_>,
    login: &LoginData,
    password_hash: Option<&str>,
) -> AppResult<Option<i64>> {
    let user = match repos.user_by_email(&login.login)? {
        Some(u) if u.shipping_company.as_ref().map(|s| s.id) == Some(at.shipping_company_id) => {
            Some(u)
        }
        Some(_) => return Err(AppError::Duplicate(EMAIL_TAKEN_MESSAGE.to_owned())),
        None => None,
    };
    let mut new_password_of = None;
    match (user, password_hash) {
        (Some(u), Some(hash)) => {
            new_password_of = Some(u.id);
            repos.update_staff_user(
                u.id,
                &UserWrite {
                    name: u.name,
                    email: u.email,
                    role: u.role,
                    cpf: u.cpf.as_ref().map(|c| c.masked()),
                    fone: u.fone,
                    receives_email: u.receives_email,
                    is_enabled: u.is_enabled,
                    is_root: false,
                    company_id: Some(at.company_id),
                    shipping_company_id: Some(at.shipping_company_id),
                    password_hash: Some(hash.to_owned()),
                    written_at: at.now,
                },
            )?;
        }
        (Some(_), None) => {}
        (None, Some(hash)) => {
            repos.insert_staff_user(&UserWrite {
                name: at.name.chars().take(25).collect(),
                email: login.login.clone(),
                role: Role::Transportadora,
                cpf: None,
                fone: None,
                receives_email: false,
                is_enabled: true,
                is_root: false,
                company_id: Some(at.company_id),
                shipping_company_id: Some(at.shipping_company_id),
                password_hash: Some(hash.to_owned()),
                written_at: at.now,
            })?;
        }
        (None, None) => return Err(AppError::field("password", PASSWORD_REQUIRED)),
    }
    repos.set_shipping_login(at.shipping_company_id, &login.login, password_hash)?;
    Ok(new_password_of)
}

/// The contact authorizations of the company's own users; a user of another is not found.
fn authorize_users(repos: &mut dyn Repos, id: i64, users: &[UserFlagsCmd]) -> AppResult<()> {
    if users.is_empty() {
        return Ok(());
    }
    let known = repos.shipping_users(id)?;
    for u in users {
        if !known.iter().any(|k| k.id == u.id) {
            return Err(AppError::not_found());
        }
        let flags = AuthorizationFlags {
            has_email: u.has_email,
            has_sms: u.has_sms,
            has_whats: u.has_whats,
        };
        repos.set_user_authorization(u.id, flags)?;
    }
    Ok(())
}
