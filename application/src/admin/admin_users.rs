//! Users and profiles (spec 1 "Users and profiles"): the list with search, company and role
//! filters; the user form (`POST /users/save`) for administrators and for everyone's own
//! profile; the simple own-profile form; delete. Passwords are hashed with the
//! `PasswordHasher` port and never returned.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use patio_domain::admin::access::{
    may_delete_user, scope, user_edit_rights, Access, Area, UserDeleteRefusal, UserEditRights,
    UserTarget, DELETE_SELF_MESSAGE,
};
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::admin::forms::{
    check_password, check_profile, check_user, ProfileInput, UserData, UserInput,
    COMPANY_REQUIRED_FOR_USER, SHIPPING_REQUIRED_FOR_USER,
};
use patio_domain::admin::listing::{search_text, USER_PAGE_SIZE};
use patio_domain::auth::Actor;
use patio_domain::roles::Role;
use patio_domain::roles::SessionKind;
use patio_domain::values::Stored;

use crate::admin::users::{can_read_user, UserView};
use crate::auth::staff_actor;
use crate::error::{AppError, AppResult, FieldError};
use crate::model::{AuthorizationFlags, ListFilter, UserRecord, UserWrite};
use crate::ports::{Repos, StoreExt};
use crate::services::{
    active_label, forbidden, invalid, Audit, Deleted, Deps, ListQuery, Listing, Saved, WithSession,
};

pub const EMAIL_TAKEN_MESSAGE: &str = "Email já cadastrado!";
pub const SHIPPING_OF_OTHER_COMPANY_MESSAGE: &str =
    "A transportadora não pertence à empresa selecionada!";

/// The user form. `id` absent (or 0) creates. `flags` are the contact authorizations a
/// Transportadora user sets in the profile form.
#[derive(Debug, Clone, Default)]
pub struct SaveUser {
    pub id: Option<i64>,
    pub input: UserInput,
    pub flags: Option<AuthorizationFlags>,
}

#[derive(Clone)]
pub struct UserAdminService {
    deps: Arc<Deps>,
}

fn is_root_admin(u: &UserRecord) -> bool {
    u.role == Role::Administrador && u.is_root
}

fn read(repos: &mut dyn Repos, actor: &Actor, id: i64) -> AppResult<UserView> {
    repos
        .user(id)?
        .map(|u| UserView::of(u, actor))
        .ok_or_else(AppError::not_found)
}

/// The company and shipping company a user of `role` is stored with: a Transportadora takes
/// its shipping company's company; the others need an existing company.
fn resolve_tenant(
    repos: &mut dyn Repos,
    role: Role,
    company_id: Option<i64>,
    shipping_id: Option<i64>,
) -> AppResult<(Option<i64>, Option<i64>)> {
    match role {
        Role::Administrador => Ok((None, None)),
        Role::Transportadora => {
            let sid = shipping_id
                .ok_or_else(|| AppError::field("shippingCompany", SHIPPING_REQUIRED_FOR_USER))?;
            let sc = repos
                .shipping_company(sid)?
                .ok_or_else(|| AppError::field("shippingCompany", SHIPPING_REQUIRED_FOR_USER))?;
            if company_id.is_some_and(|c| c != sc.company.id) {
                return Err(AppError::field(
                    "shippingCompany",
                    SHIPPING_OF_OTHER_COMPANY_MESSAGE,
                ));
            }
            Ok((Some(sc.company.id), Some(sc.id)))
        }
        _ => {
            let cid =
                company_id.ok_or_else(|| AppError::field("company", COMPANY_REQUIRED_FOR_USER))?;
            if repos.company(cid)?.is_none() {
                return Err(AppError::field("company", COMPANY_REQUIRED_FOR_USER));
            }
            Ok((Some(cid), None))
        }
    }
}

/// The stored user `id`, if the actor may read it (else not found).
fn readable_user(repos: &mut dyn Repos, actor: &Actor, id: i64) -> AppResult<UserRecord> {
    repos
        .user(id)?
        .filter(|u| can_read_user(actor, u))
        .ok_or_else(AppError::not_found)
}

fn edit_target(existing: Option<&UserRecord>) -> UserTarget {
    match existing {
        Some(u) => UserTarget::Existing {
            id: u.id,
            is_root_admin: is_root_admin(u),
        },
        None => UserTarget::New,
    }
}

/// The form as it may be saved: what the actor has no right to change is the stored value
/// (and a new user is not root unless the actor may set it).
fn keep_what_may_not_change(
    mut input: UserInput,
    existing: Option<&UserRecord>,
    rights: UserEditRights,
) -> UserInput {
    match existing {
        Some(u) => {
            if !rights.role_and_company {
                input.role = Some(u.role.as_str().to_owned());
                input.company_id = u.company.as_ref().map(|c| c.id);
                input.shipping_company_id = u.shipping_company.as_ref().map(|s| s.id);
            }
            if !rights.root_switch {
                input.is_root = u.is_root;
            }
            if !rights.enabled_switch {
                input.is_enabled = Some(u.is_enabled);
            }
        }
        None => {
            if !rights.root_switch {
                input.is_root = false;
            }
        }
    }
    input
}

/// 'Email já cadastrado!' when another user has the e-mail.
fn ensure_email_free(repos: &mut dyn Repos, email: &str, id: Option<i64>) -> AppResult<()> {
    match repos.user_by_email(email)? {
        Some(other) if Some(other.id) != id => {
            Err(AppError::Duplicate(EMAIL_TAKEN_MESSAGE.to_owned()))
        }
        _ => Ok(()),
    }
}

/// The company and shipping company the user is stored with.
fn stored_tenant(u: &UserRecord) -> (Option<i64>, Option<i64>) {
    (
        u.company.as_ref().map(|c| c.id),
        u.shipping_company.as_ref().map(|s| s.id),
    )
}

/// What the user form stores: the checked form, the company and shipping company the user
/// belongs to, and the new password's hash (none keeps the stored one).
fn user_write(
    data: &UserData,
    (company_id, shipping_company_id): (Option<i64>, Option<i64>),
    password_hash: Option<String>,
    written_at: DateTime<Utc>,
) -> UserWrite {
    UserWrite {
        name: data.name.clone(),
        email: data.email.clone(),
        role: data.role,
        cpf: data.cpf.clone(),
        fone: data.fone.clone(),
        receives_email: data.receives_email,
        is_enabled: data.is_enabled,
        is_root: data.is_root,
        company_id,
        shipping_company_id,
        password_hash,
        written_at,
    }
}

fn log_user_saved(
    repos: &mut dyn Repos,
    audit: Audit<'_>,
    operation: Operation,
    company_id: Option<i64>,
    data: &UserData,
) -> AppResult<()> {
    audit.write(
        repos,
        operation,
        ObjectType::User,
        company_id,
        title(ObjectType::User, operation, &data.name),
        vec![
            ("Nome", data.name.clone()),
            ("E-mail", data.email.clone()),
            ("Perfil", data.role.label().to_owned()),
            ("Status", active_label(data.is_enabled)),
        ],
    )
}

impl UserAdminService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `GET /users`: search by name (or e-mail), filters `companyId` and `role`.
    /// Administrators list everyone; a Usuario the users of its company.
    pub fn list(&self, actor: &Actor, q: &ListQuery) -> AppResult<Listing<UserView>> {
        let s = scope(actor, Area::Users, Access::Read).map_err(forbidden)?;
        if q.company_id.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let role = match q.role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            Some(r) => Some(Role::parse(r).map_err(|e| AppError::field("role", e.message()))?),
            None => None,
        };
        let page = q.page(USER_PAGE_SIZE);
        let filter = ListFilter {
            company_id: s.company().or(q.company_id),
            search: search_text(q.search.as_deref()),
            role,
            page,
            ..ListFilter::default()
        };
        let found = self
            .deps
            .store
            .replica_reads(|repos| repos.list_users(&filter))?;
        Ok(Listing::of(found, page, |u| UserView::of(u, actor)))
    }

    /// `POST /users/save`. What the actor may not change keeps its stored value: role and
    /// company need a root administrator (or a create), the root switch a root administrator,
    /// the active switch an administrator editing someone else.
    pub fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveUser,
    ) -> AppResult<WithSession<Saved<UserView>>> {
        if actor.staff_role().is_none() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        let id = crate::services::save_target(cmd.id)?;
        let password_hash = self.new_password_hash(&cmd.input)?;
        let saved = self.deps.store.tx(|repos| {
            let existing = match id {
                Some(id) => Some(readable_user(repos, actor, id)?),
                None => None,
            };
            let rights =
                user_edit_rights(actor, edit_target(existing.as_ref())).map_err(forbidden)?;
            let input = keep_what_may_not_change(cmd.input.clone(), existing.as_ref(), rights);
            let data = check_user(&input, existing.is_none()).map_err(invalid)?;
            ensure_email_free(repos, &data.email, id)?;
            let tenant = match (&existing, rights.role_and_company) {
                (Some(u), false) => stored_tenant(u),
                _ => resolve_tenant(repos, data.role, data.company_id, data.shipping_company_id)?,
            };
            let now = self.deps.clock.now();
            let write = user_write(&data, tenant, password_hash.clone(), now);
            let (id, operation) = match id {
                Some(id) => {
                    repos.update_staff_user(id, &write)?;
                    (id, Operation::Update)
                }
                None => (repos.insert_staff_user(&write)?, Operation::Create),
            };
            if let (Some(flags), Role::Transportadora) = (cmd.flags, data.role) {
                repos.set_user_authorization(id, flags)?;
            }
            log_user_saved(repos, Audit::by(actor, ip), operation, tenant.0, &data)?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: read(repos, actor, id)?,
            })
        })?;
        // Sessions of this account must match its new role, company, status and password.
        self.deps.accounts.forget(SessionKind::Staff, saved.view.id);
        let session = self.renewed_session(actor, saved.view.id)?;
        Ok(WithSession {
            value: saved,
            session,
        })
    }

    /// The hash of the password typed, if any; checked before hashing, so a too long or too
    /// short password is not hashed.
    fn new_password_hash(&self, input: &UserInput) -> AppResult<Option<String>> {
        let Some(p) = input.password.as_deref().filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        check_password("password", p)
            .map_err(|i| AppError::Validation(vec![FieldError::new(i.field, i.message)]))?;
        Ok(Some(self.deps.hasher.hash(p)?))
    }

    /// The simple own-profile form: name, phone and (when typed) password.
    pub fn update_profile(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        input: ProfileInput,
    ) -> AppResult<WithSession<UserView>> {
        if actor.staff_role().is_none() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        let data = check_profile(&input).map_err(invalid)?;
        let password_hash = match &data.password {
            Some(p) => Some(self.deps.hasher.hash(p)?),
            None => None,
        };
        let view = self.deps.store.tx(|repos| {
            let u = repos.user(actor.id)?.ok_or_else(AppError::not_found)?;
            let company_id = u.company.as_ref().map(|c| c.id);
            repos.update_staff_user(
                u.id,
                &UserWrite {
                    name: data.name.clone(),
                    email: u.email.clone(),
                    role: u.role,
                    cpf: u.cpf.as_ref().map(Stored::masked),
                    fone: data.fone.clone(),
                    receives_email: u.receives_email,
                    is_enabled: u.is_enabled,
                    is_root: u.is_root,
                    company_id,
                    shipping_company_id: u.shipping_company.as_ref().map(|s| s.id),
                    password_hash: password_hash.clone(),
                    written_at: self.deps.clock.now(),
                },
            )?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Update,
                ObjectType::User,
                u.effective_company_id(),
                title(ObjectType::User, Operation::Update, &data.name),
                vec![
                    ("Nome", data.name.clone()),
                    ("Telefone", data.fone.clone().unwrap_or_default()),
                    (
                        "Senha",
                        if password_hash.is_some() {
                            "alterada"
                        } else {
                            "mantida"
                        }
                        .to_owned(),
                    ),
                ],
            )?;
            read(repos, actor, u.id)
        })?;
        self.deps.accounts.forget(SessionKind::Staff, actor.id);
        let session = self.renewed_session(actor, actor.id)?;
        Ok(WithSession {
            value: view,
            session,
        })
    }

    /// Saving one's own account ends the sessions issued before a new password (or before a
    /// new role or company), the one in hand included: the saver gets a fresh session that
    /// matches the account as saved, so they stay signed in. `None` for someone else's.
    fn renewed_session(&self, actor: &Actor, saved_id: i64) -> AppResult<Option<String>> {
        if actor.staff_role().is_none() || actor.id != saved_id {
            return Ok(None);
        }
        let user = self.deps.store.tx(|repos| repos.user(saved_id))?;
        match user.filter(|u| u.is_enabled) {
            Some(u) => Ok(Some(self.deps.tokens.issue_session(&staff_actor(&u))?)),
            None => Ok(None),
        }
    }

    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        if actor.staff_role().is_none() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        let deleted = self.deps.store.tx(|repos| {
            let u = repos
                .user(id)?
                .filter(|u| can_read_user(actor, u))
                .ok_or_else(AppError::not_found)?;
            match may_delete_user(actor, u.id, is_root_admin(&u)) {
                Ok(()) => {}
                Err(UserDeleteRefusal::NotAllowed) => {
                    return Err(forbidden(patio_domain::DomainError::NotAllowed))
                }
                Err(UserDeleteRefusal::OwnUser) => {
                    return Err(AppError::Conflict(DELETE_SELF_MESSAGE.to_owned()))
                }
            }
            repos.delete_user(id)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::User,
                u.effective_company_id(),
                title(ObjectType::User, Operation::Delete, &u.name),
                vec![
                    ("Nome", u.name.clone()),
                    ("E-mail", u.email.clone()),
                    ("Perfil", u.role.label().to_owned()),
                ],
            )?;
            Ok(Deleted::new(id))
        })?;
        self.deps.accounts.forget(SessionKind::Staff, id);
        Ok(deleted)
    }
}
