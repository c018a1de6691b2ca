use actix_web::post;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use patio_application::auth::terms::{AcceptTerms, ContactInput};
use patio_domain::roles::SessionKind;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::IdRef;
use crate::error::{blocking, ApiError};
use crate::session::{client_address, Sessions};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(accept_terms);
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermRef {
    id: i64,
    #[schema(value_type = Option<String>)]
    updated_at: Option<DateTime<Utc>>,
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct ContactBody {
    #[serde(default)]
    name: String,
    #[serde(default)]
    fone: String,
    #[serde(default)]
    email: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizationBody {
    #[serde(default)]
    has_whats: bool,
    #[serde(default, rename = "hasSMS")]
    has_sms: bool,
    #[serde(default)]
    has_email: bool,
    user: Option<IdRef>,
    driver: Option<IdRef>,
    use_term: TermRef,
    #[serde(default)]
    contact: Vec<ContactBody>,
}

#[utoipa::path(tag = "terms", request_body = AuthorizationBody,
    responses((status = 201, description = "Accepted; where to go next", body = patio_application::auth::terms::AcceptedView), (status = 401), (status = 404), (status = 409), (status = 422)))]
#[post("/useTerm/authorization/save")]
pub async fn accept_terms(
    req: HttpRequest,
    state: web::Data<AppState>,
    sessions: Sessions,
    body: web::Json<AuthorizationBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    // A browser may hold both sessions; the body says whose acceptance this is.
    let kind = if body.driver.is_some() {
        SessionKind::Driver
    } else {
        SessionKind::Staff
    };
    let actor = sessions.of_kind(kind).ok_or_else(ApiError::unauthorized)?;
    let cmd = AcceptTerms {
        user_id: body.user.map(|u| u.id),
        driver_id: body.driver.map(|d| d.id),
        use_term_id: body.use_term.id,
        use_term_updated_at: body.use_term.updated_at,
        has_whats: body.has_whats,
        has_sms: body.has_sms,
        has_email: body.has_email,
        contacts: body
            .contact
            .into_iter()
            .map(|c| ContactInput {
                name: c.name,
                fone: c.fone,
                email: c.email,
            })
            .collect(),
        ip: client_address(&req),
    };
    let svc = state.services.terms.clone();
    let view = blocking(move || svc.accept(&actor, cmd)).await?;
    Ok(HttpResponse::Created().json(view))
}
