//! Reading users. Creating and editing them is the administration issue's.

use std::sync::Arc;

use patio_domain::admin::access::{user_edit_rights, UserEditRights, UserTarget};
use patio_domain::auth::Actor;
use patio_domain::roles::{Role, SessionKind};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::model::UserRecord;
use crate::ports::StoreExt;
use crate::services::Deps;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub cpf: Option<String>,
    pub fone: Option<String>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
    pub use_terms: bool,
    pub company: Option<UserCompanyView>,
    pub shipping_company: Option<UserShippingView>,
    /// What the signed-in user may set when saving this user (the form greys out the rest);
    /// absent when it may not save it at all.
    pub rights: Option<UserEditRights>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UserCompanyView {
    pub id: i64,
    pub name: String,
    pub company: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UserShippingView {
    pub id: i64,
    pub code: Option<i64>,
    pub name: String,
}

/// The user form's target: a stored user, root administrator or not.
pub(crate) fn edit_target(u: &UserRecord) -> UserTarget {
    UserTarget::Existing {
        id: u.id,
        is_root_admin: u.role == Role::Administrador && u.is_root,
    }
}

impl UserView {
    /// The user as `actor` reads it, with what `actor` may change of it.
    pub fn of(u: UserRecord, actor: &Actor) -> Self {
        Self {
            rights: user_edit_rights(actor, edit_target(&u)).ok(),
            id: u.id,
            name: u.name,
            email: u.email,
            role: u.role,
            cpf: u.cpf.map(|c| c.masked()),
            fone: u.fone,
            receives_email: u.receives_email,
            is_enabled: u.is_enabled,
            is_root: u.is_root,
            use_terms: u.use_terms,
            company: u.company.map(|c| UserCompanyView {
                id: c.id,
                name: c.name,
                company: c.legal_name,
            }),
            shipping_company: u.shipping_company.map(|s| UserShippingView {
                id: s.id,
                code: s.code,
                name: s.name,
            }),
        }
    }
}

/// Administrators read anyone; a Usuario reads the users of its company; everyone else only
/// themselves. Anything else is answered as not found.
pub fn can_read_user(actor: &Actor, user: &UserRecord) -> bool {
    match actor.role {
        Some(Role::Administrador) => true,
        Some(Role::Usuario) => {
            user.id == actor.id
                || (actor.company_id.is_some() && user.effective_company_id() == actor.company_id)
        }
        Some(_) => user.id == actor.id,
        None => false,
    }
}

#[derive(Clone)]
pub struct UserService {
    deps: Arc<Deps>,
}

impl UserService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<UserView> {
        if actor.kind != SessionKind::Staff {
            return Err(AppError::Forbidden(
                patio_domain::roles::NOT_ALLOWED_MESSAGE.to_owned(),
            ));
        }
        self.deps.store.tx(|repos| {
            repos
                .user(id)?
                .filter(|u| can_read_user(actor, u))
                .map(|u| UserView::of(u, actor))
                .ok_or_else(AppError::not_found)
        })
    }
}
