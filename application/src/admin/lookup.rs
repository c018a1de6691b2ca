//! Autocomplete pickers (`GET /{resource}/like/{text}`, optional `/company/{id}`) and the
//! postal-code lookup that fills the address of the company, customer and shipping-company
//! forms.

use std::sync::Arc;

use patio_domain::admin::access::{scope, Access, Area, Scope};
use patio_domain::admin::listing::{search_text, LIKE_LIMIT};
use patio_domain::auth::Actor;
use patio_domain::roles::{user_form_fields, Role, UserFormFields};
use patio_domain::values::Cep;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::model::{LikeItem, PostalAddress};
use crate::ports::StoreExt;
use crate::services::{forbidden, Deps};

pub const CEP_NOT_FOUND_MESSAGE: &str = "CEP não encontrado!";
pub const POSTAL_UNAVAILABLE_MESSAGE: &str =
    "Não foi possível consultar o CEP agora. Preencha o endereço manualmente.";

/// The pickers that answer `like`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LikeResource {
    Company,
    ShippingCompany,
    Customer,
    User,
}

/// A role choice: `id` is the wire spelling, `name` the pt-BR label.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct RoleItem {
    pub id: &'static str,
    pub name: &'static str,
    /// The user form's fields for a user of this role.
    pub form: UserFormFields,
}

/// What the postal-code service said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PostalLookup {
    Found(PostalAddress),
    /// The service could not be asked; the form stays editable by hand.
    Unavailable,
}

#[derive(Clone)]
pub struct LookupService {
    deps: Arc<Deps>,
}

impl LookupService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// At most 20 items whose name (or code, or e-mail for users) matches `text`, in the
    /// actor's scope; `company` narrows to one company (404 outside the scope).
    pub fn like(
        &self,
        actor: &Actor,
        resource: LikeResource,
        text: Option<&str>,
        company: Option<i64>,
    ) -> AppResult<Vec<LikeItem>> {
        let area = match resource {
            LikeResource::Company => Area::Companies,
            LikeResource::ShippingCompany => Area::ShippingCompanies,
            LikeResource::Customer => Area::Customers,
            LikeResource::User => Area::Users,
        };
        let s: Scope = scope(actor, area, Access::Read).map_err(forbidden)?;
        if company.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let company = s.company().or(company);
        let search = search_text(text);
        let limit = i64::from(LIKE_LIMIT);
        self.deps.store.tx(|repos| match resource {
            LikeResource::Company => repos.like_companies(search.as_ref(), company, limit),
            LikeResource::ShippingCompany => {
                repos.like_shipping_companies(search.as_ref(), company, s.shipping_company(), limit)
            }
            LikeResource::Customer => repos.like_customers(search.as_ref(), company, limit),
            LikeResource::User => repos.like_users(search.as_ref(), company, limit),
        })
    }

    /// The roles whose spelling or label contains `text` (any staff member).
    pub fn like_roles(&self, actor: &Actor, text: Option<&str>) -> AppResult<Vec<RoleItem>> {
        if actor.staff_role().is_none() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        let wanted = text.map(|t| t.trim().to_lowercase()).unwrap_or_default();
        Ok(Role::ALL
            .into_iter()
            .filter(|r| {
                wanted.is_empty()
                    || r.as_str().to_lowercase().contains(&wanted)
                    || r.label().to_lowercase().contains(&wanted)
            })
            .map(|r| RoleItem {
                id: r.as_str(),
                name: r.label(),
                form: user_form_fields(r),
            })
            .collect())
    }

    /// `GET /postal-code/{cep}` for signed-in people. 422 for a malformed CEP, 404 when the
    /// service does not know it.
    pub fn postal_code(&self, actor: &Actor, cep: &str) -> AppResult<PostalLookup> {
        if actor.staff_role().is_none() && !actor.is_driver() {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        let cep = Cep::parse(cep).map_err(|e| AppError::field("zipCode", e.message()))?;
        match self.deps.postal.lookup(&cep) {
            Ok(Some(address)) => Ok(PostalLookup::Found(address)),
            Ok(None) => Err(AppError::NotFound(CEP_NOT_FOUND_MESSAGE.to_owned())),
            Err(e) => {
                tracing::warn!(error = %e, "postal-code service unavailable");
                Ok(PostalLookup::Unavailable)
            }
        }
    }
}
